//===- CheckRoutines.cpp - The check ops of compiled code -----------------===//

#include "runtime/CheckRoutines.h"
#include "runtime/CallRecovery.h"

#include "interpreter/Checks.h"
#include "interpreter/Tensor.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/MLIRContext.h"

#include "llvm/Support/raw_ostream.h"

#include <complex>
#include <cstdlib>
#include <cstring>
#include <mutex>

using namespace oxla;
using interp::ElementKind;
using interp::Tensor;

namespace {

thread_local rt::CheckSession *installedSession = nullptr;

/// MLIR's unranked memref as passed through the C interface.
struct UnrankedMemRef {
  int64_t rank;
  void *descriptor; ///< {T *allocated, T *aligned, int64 offset, sizes[rank], strides[rank]}
};

/// Copies a strided memref into a contiguous row-major Tensor. Sub-byte
/// integers are re-extended from their width: compiled code leaves the
/// byte's upper bits unspecified.
Tensor toTensor(const UnrankedMemRef &memref, interp::ElementType type) {
  auto *words = static_cast<int64_t *>(memref.descriptor);
  auto *aligned = reinterpret_cast<const uint8_t *>(words[1]);
  int64_t offset = words[2];
  const int64_t *sizes = words + 3;
  const int64_t *strides = words + 3 + memref.rank;
  Tensor tensor(type, llvm::ArrayRef<int64_t>(sizes, memref.rank));
  size_t bytes = type.storageBytes();
  uint8_t *out = tensor.bytes();
  int64_t count = tensor.numElements();
  std::vector<int64_t> index(memref.rank, 0);
  for (int64_t i = 0; i < count; ++i) {
    int64_t position = offset;
    for (int64_t d = 0; d < memref.rank; ++d)
      position += index[d] * strides[d];
    std::memcpy(out + i * bytes, aligned + position * bytes, bytes);
    for (int64_t d = memref.rank - 1; d >= 0; --d) {
      if (++index[d] < sizes[d])
        break;
      index[d] = 0;
    }
  }
  unsigned width = type.bitWidth();
  if (type.isInt() && width < 8) {
    for (int64_t i = 0; i < count; ++i) {
      uint8_t value = out[i] & ((1u << width) - 1);
      if (type.isSignedInt() && (value >> (width - 1)))
        value |= static_cast<uint8_t>(0xFF << width);
      out[i] = value;
    }
  } else if (type.isBool()) {
    for (int64_t i = 0; i < count; ++i)
      out[i] &= 1;
  }
  return tensor;
}

bool runCheck(int64_t id, ElementKind kind, const UnrankedMemRef *actual,
              const UnrankedMemRef *expected) {
  rt::CheckSession *session = installedSession;
  if (!session || !session->checks || id < 0 ||
      id >= static_cast<int64_t>(session->checks->size())) {
    std::string message = "oxla runtime: check #" + std::to_string(id) + " has no description";
    if (!session)
      llvm::errs() << message << "\n";
    else
      session->fail(message);
    return false;
  }
  const rt::CheckDescription &check = (*session->checks)[id];
  if (check.kind == "probe") {
    session->probes[check.probeId].push_back(toTensor(*actual, kind));
    return true;
  }
  if (check.kind == "print") {
    // The interpreter's format: the value as an MLIR attribute.
    static std::mutex printMutex;
    std::lock_guard<std::mutex> lock(printMutex);
    static mlir::MLIRContext printContext(mlir::MLIRContext::Threading::DISABLED);
    llvm::outs() << toTensor(*actual, kind).toAttr(&printContext) << "\n";
    llvm::outs().flush();
    return true;
  }
  Tensor a = toTensor(*actual, kind);
  interp::CheckResult result;
  if (check.kind == "serialized_eq") {
    auto found = session->probes.find(check.probeId);
    if (found == session->probes.end() || check.iteration >= found->second.size()) {
      result.passed = false;
      result.message = "no value was probed as '" + check.probeId + "' (iteration " +
                       std::to_string(check.iteration) + ")";
    } else {
      result = interp::checkEqual(found->second[check.iteration], a);
    }
  } else if (check.kind == "eq") {
    result = interp::checkEqual(a, toTensor(*expected, kind));
  } else if (check.kind == "close") {
    result = interp::checkClose(a, toTensor(*expected, kind), check.maxUlp, check.minUlp);
  } else {
    result = interp::checkAlmostEqual(a, toTensor(*expected, kind), check.tolerance);
  }
  ++session->run;
  if (!result.passed)
    session->fail(check.location + ": error: " + result.message);
  return result.passed;
}

} // namespace

void rt::CheckSession::fail(std::string message) {
  ++failed;
  if (messages)
    messages->push_back(std::move(message));
  else
    llvm::errs() << message << "\n";
}

rt::CheckSession *rt::activeSession() { return installedSession; }

rt::ActiveChecks::ActiveChecks(CheckSession &session) : previous_(installedSession) {
  installedSession = &session;
}

rt::ActiveChecks::~ActiveChecks() { installedSession = previous_; }

/// memref<?xi64> through the C interface.
struct I64Vector {
  int64_t *allocated, *aligned;
  int64_t offset, size, stride;
};

/// JAX's shape_assertion (compiler/Conversion/StableHLOToLinalg/CheckPatterns.cpp).
extern "C" void _mlir_ciface_oxla_shape_assertion(int64_t id, bool holds,
                                                  const I64Vector *values) {
  rt::CheckSession *session = installedSession;
  if (!session || !session->checks || id < 0 ||
      id >= static_cast<int64_t>(session->checks->size())) {
    std::string message =
        "oxla runtime: shape assertion #" + std::to_string(id) + " has no description";
    if (!session)
      llvm::errs() << message << "\n";
    else
      session->fail(message);
    return;
  }
  ++session->run;
  if (holds)
    return;
  std::vector<int64_t> numbers;
  for (int64_t i = 0; i < values->size; ++i)
    numbers.push_back(values->aligned[values->offset + i * values->stride]);
  const rt::CheckDescription &check = (*session->checks)[id];
  // A size check (oxla-check-dynamic-sizes) found arguments that contradict
  // the program: an invalid argument, as the verifier says of static ones.
  bool sizes = check.kind == "size_check";
  session->fail(check.location + ": error: " + (sizes ? "" : "shape assertion failed: ") +
                interp::formatShapeAssertion(check.message, numbers));
  // What follows relies on the sizes: the call cannot go on.
  rt::abandonCall(sizes ? rt::AbandonReason::InvalidArgument
                        : rt::AbandonReason::CheckFailed);
  if (session->messages)
    for (const std::string &message : *session->messages)
      llvm::errs() << message << "\n";
  llvm::errs().flush();
  std::_Exit(sizes ? 2 : 1);
}

#define OXLA_CHECK_ROUTINES(X)                                                 \
  X(i1, I1) X(si2, SI2) X(si4, SI4) X(si8, SI8) X(si16, SI16) X(si32, SI32)    \
  X(si64, SI64) X(ui2, UI2) X(ui4, UI4) X(ui8, UI8) X(ui16, UI16)              \
  X(ui32, UI32) X(ui64, UI64) X(bf16, BF16) X(f16, F16) X(f32, F32)            \
  X(f64, F64) X(c64, C64) X(c128, C128)

#define OXLA_DEFINE_CHECK_ROUTINE(suffix, kind)                                \
  extern "C" bool _mlir_ciface_oxla_check_##suffix(                            \
      int64_t id, const UnrankedMemRef *actual, const UnrankedMemRef *expected) { \
    return runCheck(id, ElementKind::kind, actual, expected);                  \
  }
OXLA_CHECK_ROUTINES(OXLA_DEFINE_CHECK_ROUTINE)
#undef OXLA_DEFINE_CHECK_ROUTINE

std::vector<std::pair<const char *, void *>> rt::checkRoutineSymbols() {
  std::vector<std::pair<const char *, void *>> symbols;
#define OXLA_CHECK_SYMBOL(suffix, kind)                                        \
  symbols.emplace_back("_mlir_ciface_oxla_check_" #suffix,                     \
                       reinterpret_cast<void *>(&_mlir_ciface_oxla_check_##suffix));
  OXLA_CHECK_ROUTINES(OXLA_CHECK_SYMBOL)
#undef OXLA_CHECK_SYMBOL
  symbols.emplace_back("_mlir_ciface_oxla_shape_assertion",
                       reinterpret_cast<void *>(&_mlir_ciface_oxla_shape_assertion));
  return symbols;
}
