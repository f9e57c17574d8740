//===- VerifierSupport.cpp - Small helpers shared by the op verifiers -----===//

#include "compiler/Dialect/StableHLO/IR/VerifierSupport.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace oxla::stablehlo {

std::optional<int64_t> windowCount(int64_t size, int64_t window, int64_t stride,
                                   int64_t baseDilation, int64_t windowDilation,
                                   std::pair<int64_t, int64_t> pad) {
  int64_t dilated = 0, padded, dilatedWindow = 0;
  if (size != 0 && (__builtin_mul_overflow(size - 1, baseDilation, &dilated) ||
                    __builtin_add_overflow(dilated, 1, &dilated)))
    return std::nullopt;
  if (__builtin_add_overflow(pad.first, dilated, &padded) ||
      __builtin_add_overflow(padded, pad.second, &padded))
    return std::nullopt;
  if (window != 0 &&
      (__builtin_mul_overflow(window - 1, windowDilation, &dilatedWindow) ||
       __builtin_add_overflow(dilatedWindow, 1, &dilatedWindow)))
    return std::nullopt;
  if (padded <= 0 || dilatedWindow > padded)
    return 0;
  return (padded - dilatedWindow) / stride + 1;
}

bool compatibleDim(int64_t a, int64_t b) {
  return ShapedType::isDynamic(a) || ShapedType::isDynamic(b) || a == b;
}

bool compatibleShapes(ArrayRef<int64_t> a, ArrayRef<int64_t> b) {
  if (a.size() != b.size())
    return false;
  for (auto [x, y] : llvm::zip(a, b))
    if (!compatibleDim(x, y))
      return false;
  return true;
}

bool isCompatibleType(Type a, Type b) {
  if (a == b)
    return true;
  auto ta = dyn_cast<RankedTensorType>(a);
  auto tb = dyn_cast<RankedTensorType>(b);
  if (ta && tb)
    return ta.getElementType() == tb.getElementType() &&
           succeeded(verifyCompatibleShape(ta, tb));
  auto tupleA = dyn_cast<TupleType>(a);
  auto tupleB = dyn_cast<TupleType>(b);
  if (!tupleA || !tupleB || tupleA.size() != tupleB.size())
    return false;
  for (auto [x, y] : llvm::zip(tupleA.getTypes(), tupleB.getTypes()))
    if (!isCompatibleType(x, y))
      return false;
  return true;
}

std::string shapeString(ArrayRef<int64_t> shape) {
  std::string text = "[";
  for (auto [i, d] : llvm::enumerate(shape)) {
    if (i)
      text += ", ";
    text += ShapedType::isDynamic(d) ? std::string("?") : std::to_string(d);
  }
  return text + "]";
}

std::string typeListString(TypeRange types) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << '(';
  llvm::interleaveComma(types, os, [&](Type t) { os << t; });
  os << ')';
  return os.str();
}

} // namespace oxla::stablehlo
