//===- TensorSizes.cpp - Tensor types whose sizes fit in 64 bits ----------===//

#include "compiler/Dialect/StableHLO/IR/TensorSizes.h"

#include "runtime/CheckedSize.h"

#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include <algorithm>

using namespace mlir;

namespace oxla::stablehlo {

uint64_t bytesPerElement(Type type) {
  if (auto quantized = dyn_cast<quant::QuantizedType>(type))
    type = quantized.getStorageType();
  if (auto complex = dyn_cast<ComplexType>(type))
    return 2 * bytesPerElement(complex.getElementType());
  if (type.isIndex())
    return 8;
  if (type.isIntOrFloat())
    return std::max(1u, (type.getIntOrFloatBitWidth() + 7) / 8);
  return 1;
}

LogicalResult
verifyTensorSize(Type type, llvm::function_ref<InFlightDiagnostic()> emitError) {
  if (auto tuple = dyn_cast<TupleType>(type)) {
    for (Type element : tuple.getTypes())
      if (failed(verifyTensorSize(element, emitError)))
        return failure();
    return success();
  }
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped || !shaped.hasRank())
    return success();
  SmallVector<int64_t> sizes;
  for (int64_t size : shaped.getShape())
    sizes.push_back(ShapedType::isDynamic(size) ? 1 : size);
  std::optional<int64_t> count =
      oxla::checkedElementCount(sizes.data(), sizes.size());
  if (!count)
    return emitError() << "type " << type
                       << " has more elements than a 64-bit size counts";
  if (!oxla::checkedByteSize(*count, bytesPerElement(shaped.getElementType())))
    return emitError() << "type " << type << " takes more than 2^63-1 bytes";
  return success();
}

LogicalResult verifyTensorSizes(Operation *root) {
  WalkResult walk = root->walk([](Operation *op) {
    auto check = [&](Type type, StringRef what, unsigned index) {
      return verifyTensorSize(type, [&] {
        return op->emitOpError() << what << " #" << index << ": ";
      });
    };
    for (auto [i, type] : llvm::enumerate(op->getResultTypes()))
      if (failed(check(type, "result", i)))
        return WalkResult::interrupt();
    // Block arguments, and the signature of a function without a body.
    if (auto function = dyn_cast<FunctionOpInterface>(op)) {
      for (auto [i, type] : llvm::enumerate(function.getArgumentTypes()))
        if (failed(check(type, "argument", i)))
          return WalkResult::interrupt();
      for (auto [i, type] : llvm::enumerate(function.getResultTypes()))
        if (failed(check(type, "result", i)))
          return WalkResult::interrupt();
    }
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument argument : block.getArguments())
          if (failed(check(argument.getType(), "region argument",
                           argument.getArgNumber())))
            return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

} // namespace oxla::stablehlo
