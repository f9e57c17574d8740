//===- XlaCpuCustomCallEvaluators.cpp - stablehlo.custom_call -------------===//
//
// `stablehlo.custom_call` calls a kernel by name. The interpreter runs:
//  - @check.* and JAX's @shape_assertion (CheckEvaluators.cpp);
//  - the targets of XLA's CPU backend that JAX emits (`lapack_*`, `blas_*`,
//    `ducc_fft`, ...), with the kernel library the compiled code uses too
//    (runtime/kernels/XlaCpuTargets.h), on the operands' data;
// and reports anything else as unsupported (exit 3), naming the target; a
// GPU-only target also names the CPU target JAX would have used. A known
// target called with the wrong operands or results is invalid (exit 2).
// A target whose single result is a tuple (the older LAPACK ABI) returns
// its flattened results as that tuple.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "interpreter/Interpreter.h"
#include "interpreter/ops/EvaluatorSupport.h"
#include "runtime/kernels/CallAttributesFromMlir.h"
#include "runtime/kernels/XlaCpuTargets.h"

#include <memory>

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace oxla::interp {
namespace {

using Operands = ArrayRef<RuntimeValue>;
using Results = SmallVectorImpl<RuntimeValue>;

/// The kernel library's view of an interpreter tensor whose MLIR type is
/// `type` (the tensor gives the sizes: the op's may be dynamic).
std::optional<kernels::BufferType> bufferType(Type type, const Tensor &tensor) {
  std::optional<kernels::ElementType> element =
      kernels::elementTypeOf(getElementTypeOrSelf(type));
  if (!element || tensor.byteSize() != tensor.numElements() * kernels::byteWidth(*element))
    return std::nullopt;
  return kernels::BufferType{*element,
                             std::vector<int64_t>(tensor.shape().begin(), tensor.shape().end())};
}

LogicalResult report(Operation *op, EvalContext &context, const kernels::Status &status) {
  switch (status.code) {
  case kernels::Status::Code::Ok:
    return success();
  case kernels::Status::Code::Unsupported:
    return context.unsupported(op, status.message);
  default:
    return context.invalid(op, status.message);
  }
}

LogicalResult evalXlaCpuTarget(Operation *op, StringRef target, Operands operands,
                               Results &results, EvalContext &context) {
  std::string error;
  std::optional<kernels::CallAttributes> attributes = kernels::callAttributesOf(op, error);
  if (!attributes)
    return context.invalid(op, "custom_call @" + target + ": " + error);
  std::vector<kernels::Buffer> inputs;
  for (auto [index, value] : llvm::enumerate(operands)) {
    std::optional<kernels::BufferType> type;
    if (value.isTensor())
      type = bufferType(op->getOperand(index).getType(), value.tensor());
    if (!type)
      return context.invalid(op, "custom_call @" + target + ": operand #" + Twine(index) +
                                     " is not a tensor of a type XLA's CPU kernels take");
    inputs.push_back({*type, const_cast<uint8_t *>(value.tensor().bytes())});
  }
  SmallVector<Type> resultTypes = kernels::flatResultTypes(op);
  SmallVector<Tensor> outputs;
  std::vector<kernels::Buffer> buffers;
  for (auto [index, type] : llvm::enumerate(resultTypes)) {
    std::optional<kernels::BufferType> bufferType = kernels::bufferTypeOf(type);
    std::optional<ElementType> element =
        bufferType ? ElementType::fromMlir(getElementTypeOrSelf(type)) : std::nullopt;
    if (!element)
      return context.invalid(op, "custom_call @" + target + ": result #" + Twine(index) +
                                     " is not a statically shaped tensor of a type XLA's "
                                     "CPU kernels write");
    outputs.push_back(Tensor(*element, bufferType->dims));
  }
  for (auto [tensor, type] : llvm::zip_equal(outputs, resultTypes))
    buffers.push_back({*kernels::bufferTypeOf(type), tensor.bytes()});
  if (failed(report(op, context,
                    kernels::runXlaCpuCall(target.str(), *attributes, inputs, buffers))))
    return failure();
  bool tuple = op->getNumResults() == 1 && isa<TupleType>(op->getResult(0).getType());
  if (!tuple) {
    for (Tensor &tensor : outputs)
      results.push_back(std::move(tensor));
    return success();
  }
  auto elements = std::make_shared<std::vector<RuntimeValue>>();
  for (Tensor &tensor : outputs)
    elements->push_back(std::move(tensor));
  results.push_back(Tuple(std::move(elements)));
  return success();
}

LogicalResult evalCustomCall(Operation *op, Operands operands, Results &results,
                             EvalContext &context) {
  auto name = op->getAttrOfType<StringAttr>("call_target_name");
  StringRef target = name ? name.getValue() : StringRef();
  // Checks, JAX's shape assertions and sharding markers
  // (CheckEvaluators.cpp, ShardingEvaluators.cpp).
  if (target.starts_with("check.") || target == "shape_assertion" ||
      isShardingCustomCallTarget(target))
    return evalCheckCustomCall(op, operands, results, context);
  if (kernels::isXlaCpuTarget(target))
    return evalXlaCpuTarget(op, target, operands, results, context);
  if (std::optional<std::string> advice = kernels::gpuTargetAdvice(target))
    return context.unsupported(op, *advice);
  return context.unsupported(op, "custom_call target '" + target + "'");
}

} // namespace

void registerXlaCpuCustomCallEvaluators(EvaluatorRegistry &registry) {
  registry.add<hlo::CustomCallOp>(evalCustomCall);
}
} // namespace oxla::interp
