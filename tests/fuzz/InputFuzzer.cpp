// libFuzzer target: the readers of run inputs, `--input SHAPExTYPE=values`
// specs (interpreter/TensorIO.h, parseTensorSpec) and .npy files
// (readNpyData), as oxla-interpret and oxla-run use them. Input that starts
// with NumPy's magic is a .npy file; anything else is a spec.
//
// Bad input must give an error, never a crash, a leak or a hang. What reads
// must print, and a printed bool, integer or float tensor must read back as
// the same bits (NaNs as NaNs).

#include "interpreter/TensorIO.h"
#include "runtime/CheckedSize.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>

using namespace oxla::interp;

/// Specs may ask for any zero-filled size; the fuzzer allocates at most this
/// much (larger valid sizes are left to the out-of-memory tests).
static constexpr uint64_t kMaxFuzzBytes = 1 << 20;
/// Tensors of at most this many elements are printed and read back.
static constexpr int64_t kMaxPrintedElements = 4096;

static mlir::MLIRContext &context() {
  static mlir::MLIRContext *ctx = [] {
    auto *c = new mlir::MLIRContext(mlir::MLIRContext::Threading::DISABLED);
    c->printOpOnDiagnostic(false);
    return c;
  }();
  return *ctx;
}

/// Whether the spec's shape, where it parses, asks for more than the fuzzer
/// allocates. A size that overflows is the reader's to reject.
static bool tooLarge(llvm::StringRef spec) {
  llvm::StringRef typeText = spec.split('=').first;
  mlir::Type type = mlir::parseType(("tensor<" + typeText + ">").str(), &context());
  auto tensor = llvm::dyn_cast_or_null<mlir::RankedTensorType>(type);
  if (!tensor || !tensor.hasStaticShape())
    return false;
  std::optional<ElementType> element = ElementType::fromMlir(tensor.getElementType());
  std::optional<uint64_t> bytes = oxla::checkedByteSize(
      tensor.getShape().data(), tensor.getRank(), element ? element->storageBytes() : 1);
  return bytes && *bytes > kMaxFuzzBytes;
}

static bool sameElements(const Tensor &a, const Tensor &b) {
  if (a.elementType() != b.elementType() || a.shape() != b.shape())
    return false;
  ElementType type = a.elementType();
  unsigned bytes = type.storageBytes();
  for (int64_t i = 0, e = a.numElements(); i < e; ++i) {
    if (type.isFloat() && std::isnan(a.elementAsDouble(i)) &&
        std::isnan(b.elementAsDouble(i)))
      continue;
    if (std::memcmp(a.bytes() + i * bytes, b.bytes() + i * bytes, bytes) != 0)
      return false;
  }
  return true;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  mlir::MLIRContext &ctx = context();
  mlir::ScopedDiagnosticHandler ignore(
      &ctx, [](mlir::Diagnostic &) { return mlir::success(); });
  llvm::StringRef input(reinterpret_cast<const char *>(data), size);
  std::string error;
  bool outOfMemory = false;
  std::optional<Tensor> tensor;
  if (input.starts_with("\x93NUMPY")) {
    tensor = readNpyData(input, "fuzz.npy", error, &outOfMemory);
  } else {
    // A spec is one command-line argument: no NUL inside, and a '@' would
    // name a file.
    if (input.contains('\0') || input.starts_with("@") || tooLarge(input))
      return 0;
    tensor = parseTensorSpec(input, &ctx, error, &outOfMemory);
  }
  if (!tensor) {
    if (error.empty()) {
      llvm::errs() << "a reader failed without saying why\n";
      __builtin_trap();
    }
    return 0;
  }
  // Printing is per element: small tensors cover it, and large ones would
  // spend the fuzzer's time formatting.
  if (tensor->numElements() > kMaxPrintedElements)
    return 0;
  std::string printed;
  llvm::raw_string_ostream os(printed);
  printTensor(os, *tensor);
  os.flush();
  ElementType type = tensor->elementType();
  if (!(type.isBool() || type.isInt() || type.isFloat()))
    return 0;
  std::optional<Tensor> again = parseTensorSpec(printed, &ctx, error);
  if (!again || !sameElements(*tensor, *again)) {
    llvm::errs() << "printed tensor does not read back: " << printed << "\n"
                 << (again ? "" : error) << "\n";
    __builtin_trap();
  }
  return 0;
}
