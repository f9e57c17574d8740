//===- VerifierSupport.cpp - Small helpers shared by the op verifiers -----===//

#include "compiler/Dialect/StableHLO/IR/VerifierSupport.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace oxla::stablehlo {

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
