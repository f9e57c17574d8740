//===- XlaCpuTargets.h - XLA's CPU custom-call targets on raw buffers -----===//
//
// JAX lowers linear algebra and FFTs on CPU to `stablehlo.custom_call`s of
// XLA's CPU kernels: `lapack_sgetrf_ffi`, `blas_dtrsm`, `ducc_fft`, ... This
// library decodes each target's ABI (the older one, which passes sizes and
// flags as scalar operands and returns workspaces, and the typed-FFI one,
// whose flags are the `mhlo.backend_config` dictionary) and runs it on raw
// buffers with Debian's LAPACK/BLAS (and oxla's own FFT).
//
// One implementation, two users: the interpreter calls it on its tensors'
// data (interpreter/ops/XlaCpuCustomCallEvaluators.cpp), compiled code
// through the runtime routine oxla_custom_call (runtime/CustomCallRoutine.cpp)
// with the attributes the compiler recorded in the module's
// `oxla.custom_calls` table.
//
// Buffers are row-major (the layout of oxla's tensors and memrefs). The
// library lays operands out as the op's `operand_layouts` say (minor-to-
// major, as XLA reads them), runs the kernel on that memory with LAPACK's
// conventions, and reads results back through `result_layouts`.
//
// See docs/xla-cpu-custom-calls.md for the targets and their ABIs.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_RUNTIME_KERNELS_XLACPUTARGETS_H
#define OXLA_RUNTIME_KERNELS_XLACPUTARGETS_H

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace oxla::kernels {

enum class ElementType : uint8_t {
  Pred, S8, S16, S32, S64, U8, U16, U32, U64, BF16, F16, F32, F64, C64, C128,
};

/// Bytes per element.
size_t byteWidth(ElementType type);
/// The MLIR spelling (f32, i32, ui8, complex<f64>, i1, ...).
const char *spelling(ElementType type);

struct BufferType {
  ElementType element = ElementType::F32;
  std::vector<int64_t> dims;

  int64_t numElements() const;
  /// `2x3xf32`, `f32`: the --input spelling, as the module metadata writes
  /// types.
  std::string str() const;
  /// Parses str()'s form; nullopt for anything else (dynamic sizes too).
  static std::optional<BufferType> parse(std::string_view spec);
};

/// A buffer of `type`, row-major, at `data` (const for operands by
/// convention).
struct Buffer {
  BufferType type;
  void *data = nullptr;
};

/// A minor-to-major dimension order; nullopt: XLA's default (row-major).
using Layout = std::optional<std::vector<int64_t>>;

/// One value of the typed-FFI attribute dictionary.
struct AttributeValue {
  enum class Kind { Integer, Float, String } kind = Kind::Integer;
  int64_t integer = 0;
  double real = 0;
  std::string text;
};

/// What the kernels need of the op besides its buffers.
struct CallAttributes {
  int64_t apiVersion = 1;
  /// The typed-FFI dictionary (`mhlo.backend_config = {uplo = 76 : ui8}`, or
  /// `backend_config` when it is a dictionary).
  std::map<std::string, AttributeValue> config;
  /// Empty when the op has none; else one entry per operand (result).
  std::vector<Layout> operandLayouts, resultLayouts;

  /// A one-line text form (no newlines), for the module metadata of
  /// compiled code; parse() reads it back.
  std::string serialize() const;
  static std::optional<CallAttributes> parse(std::string_view text);
};

struct Status {
  enum class Code { Ok, Invalid, Unsupported, Failed };
  Code code = Code::Ok;
  std::string message;

  static Status ok() { return {}; }
  static Status invalid(std::string message) { return {Code::Invalid, std::move(message)}; }
  static Status unsupported(std::string message) {
    return {Code::Unsupported, std::move(message)};
  }
  static Status failed(std::string message) { return {Code::Failed, std::move(message)}; }
  bool isOk() const { return code == Code::Ok; }
};

/// True for the targets this library implements.
bool isXlaCpuTarget(std::string_view target);

/// For a target only XLA's GPU backends have (cusolver_*, cu_*, cublas*,
/// __gpu$*, hipsolver*, ...), what to say: the CPU target JAX would have
/// used instead. nullopt for other targets.
std::optional<std::string> gpuTargetAdvice(std::string_view target);

/// Checks the operand and result types and the attributes of a call of
/// `target` without running it (flags passed as scalar operands are checked
/// when it runs).
Status verifyXlaCpuCall(std::string_view target, const CallAttributes &attributes,
                        const std::vector<BufferType> &operands,
                        const std::vector<BufferType> &results);

/// Runs `target`: reads `operands`, writes every result buffer.
Status runXlaCpuCall(std::string_view target, const CallAttributes &attributes,
                     const std::vector<Buffer> &operands, const std::vector<Buffer> &results);

} // namespace oxla::kernels

#endif // OXLA_RUNTIME_KERNELS_XLACPUTARGETS_H
