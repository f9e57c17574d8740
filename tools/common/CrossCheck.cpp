//===- CrossCheck.cpp - Compiled results against the interpreter's --------===//

#include "tools/common/CrossCheck.h"
#include "tools/common/ToolSupport.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <vector>

using namespace mlir;
using namespace oxla;

std::optional<rt::AbandonedCall>
tools::callCompiledEntry(void (*entry)(void **), llvm::MutableArrayRef<interp::Tensor> arguments,
                         llvm::MutableArrayRef<interp::Tensor> results,
                         llvm::ArrayRef<int64_t> resultInArgument) {
  // One memref descriptor per tensor, contiguous and row-major:
  // {allocated, aligned, offset, sizes[rank], strides[rank]}.
  std::vector<std::vector<int64_t>> descriptors;
  auto describe = [&](interp::Tensor &tensor) {
    int64_t rank = tensor.rank();
    std::vector<int64_t> words(3 + 2 * rank);
    auto pointer = reinterpret_cast<int64_t>(tensor.bytes());
    words[0] = words[1] = pointer;
    interp::Shape strides = interp::stridesOf(tensor.shape());
    for (int64_t i = 0; i < rank; ++i) {
      words[3 + i] = tensor.shape()[i];
      words[3 + rank + i] = strides[i];
    }
    descriptors.push_back(std::move(words));
  };
  for (interp::Tensor &tensor : arguments)
    describe(tensor);
  for (auto [index, tensor] : llvm::enumerate(results))
    describe(index < resultInArgument.size() && resultInArgument[index] >= 0
                 ? arguments[resultInArgument[index]]
                 : tensor);
  std::vector<void *> pointers;
  for (std::vector<int64_t> &words : descriptors)
    pointers.push_back(words.data());
  return rt::runRecovering(entry, pointers.data());
}

int tools::exitCodeOfAbandonedCall(const rt::AbandonedCall &abandoned) {
  switch (abandoned.reason) {
  case rt::AbandonReason::OutOfMemory:
    llvm::errs() << "error: out of memory: compiled code could not allocate "
                 << abandoned.bytes << " bytes\n";
    return kExitCheckFailed;
  case rt::AbandonReason::CheckFailed:
    return kExitCheckFailed;
  case rt::AbandonReason::InvalidArgument:
    return kExitInvalid;
  }
  return kExitCheckFailed;
}

int64_t tools::operationLength(Operation *op) {
  auto elements = [](Type type) -> double {
    auto tensor = dyn_cast<RankedTensorType>(type);
    return tensor && tensor.hasStaticShape() ? double(tensor.getNumElements()) : 1.0;
  };
  llvm::StringRef name = op->getName().getStringRef();
  double sum = 1.0;
  if (op->getNumResults() > 0 && op->getNumOperands() > 0) {
    double out = std::max(elements(op->getResult(0).getType()), 1.0);
    if (name == "stablehlo.reduce")
      sum = elements(op->getOperand(0).getType()) / out;
    else if (op->getNumOperands() >= 2 &&
             (name == "stablehlo.dot_general" || name == "stablehlo.dot" ||
              name == "stablehlo.convolution"))
      sum = std::sqrt(elements(op->getOperand(0).getType()) *
                      elements(op->getOperand(1).getType()) / out);
  }
  // The interpreter adds a sum's terms in order; compiled code adds them in
  // lanes and blocks. A sequential sum's rounding errors add up like a
  // random walk, to about sqrt(n) roundings of its magnitude (n in the worst
  // case): twice that is the bound.
  return sum > 1.0 ? 1 + int64_t(std::ceil(2.0 * std::sqrt(sum))) : 1;
}

int64_t tools::computationLength(Operation *root) {
  int64_t length = 0;
  root->walk([&](Operation *op) {
    if (!op->hasTrait<OpTrait::ConstantLike>() && !op->hasTrait<OpTrait::IsTerminator>() &&
        !isa<func::CallOp, func::FuncOp, ModuleOp>(op))
      length += operationLength(op);
  });
  return length;
}

/// The default relative tolerance for results of `type`: each rounding may
/// add a machine epsilon, and the computation has `length` of them.
static double defaultRelativeTolerance(interp::ElementType type, int64_t length) {
  double epsilon;
  switch (type.kind()) {
  case interp::ElementKind::C64: epsilon = std::ldexp(1.0, -23); break;
  case interp::ElementKind::C128: epsilon = std::ldexp(1.0, -52); break;
  default:
    epsilon = std::ldexp(
        1.0, 1 - int(llvm::APFloat::semanticsPrecision(type.floatSemantics())));
  }
  return double(std::max<int64_t>(length, 1)) * epsilon;
}

interp::CheckResult tools::compareWithReference(const interp::Tensor &compiled,
                                                const interp::Tensor &expected,
                                                const Tolerance &tolerance) {
  interp::ElementType type = compiled.elementType();
  if (!type.isFloat() && !type.isComplex())
    return interp::checkEqual(compiled, expected);
  double relative = tolerance.relative
                        ? *tolerance.relative
                        : defaultRelativeTolerance(type, tolerance.length);
  return interp::checkScaled(compiled, expected, tolerance.maxUlp, relative,
                             tolerance.absolute);
}
