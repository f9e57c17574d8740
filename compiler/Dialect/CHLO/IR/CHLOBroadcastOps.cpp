//===- CHLOBroadcastOps.cpp - chlo's implicitly broadcasting ops ----------===//
//
// Verifiers of the ops in CHLOBroadcastOps.td, numbered per op:
//
// Broadcasting (every op with the trait):
//   C1: broadcast_dimensions, where given, has one entry per dimension of
//       the lower-rank operand, each a distinct result dimension (the
//       identity when the ranks are equal).
//   C2: dimensions paired up are equal or one of them is 1.
//   C3: the result has the broadcast shape.
// broadcast_complex C4: the result's element type is complex<E>, E the
//   operands'.
// broadcast_select C4: on_true, on_false and the result share their
//   element type.
// constant_like C1: the value's type is the result's element type; C2: the
//   result has the operand's shape.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/CHLO/IR/CHLO.h"

#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace oxla::chlo;

//===- Shapes --------------------------------------------------------------===//

SmallVector<int64_t>
oxla::chlo::broadcastOperandDims(int64_t rank, int64_t resultRank,
                                 std::optional<ArrayRef<int64_t>> explicitDims) {
  if (explicitDims && rank < resultRank)
    return SmallVector<int64_t>(*explicitDims);
  SmallVector<int64_t> dims;
  for (int64_t i = 0; i < rank; ++i)
    dims.push_back(resultRank - rank + i);
  return dims;
}

FailureOr<SmallVector<int64_t>>
oxla::chlo::broadcastShape(ArrayRef<int64_t> lhs, ArrayRef<int64_t> rhs,
                           std::optional<ArrayRef<int64_t>> explicitDims,
                           std::string &error) {
  llvm::raw_string_ostream os(error);
  bool lhsIsLarger = lhs.size() >= rhs.size();
  ArrayRef<int64_t> large = lhsIsLarger ? lhs : rhs;
  ArrayRef<int64_t> small = lhsIsLarger ? rhs : lhs;
  int64_t rank = static_cast<int64_t>(large.size());
  if (explicitDims) {
    // C1.
    if (explicitDims->size() != small.size()) {
      os << "(C1) requires " << small.size()
         << " broadcast_dimensions (the rank of the smaller operand), but got "
         << explicitDims->size();
      return failure();
    }
    llvm::SmallSet<int64_t, 8> seen;
    for (auto [i, d] : llvm::enumerate(*explicitDims)) {
      if (d < 0 || d >= rank || !seen.insert(d).second ||
          (small.size() == large.size() && d != static_cast<int64_t>(i))) {
        os << "(C1) requires broadcast_dimensions to be distinct dimensions "
              "of the result (rank "
           << rank << ")"
           << (small.size() == large.size() ? ", in order for operands of one rank"
                                            : "")
           << ", but got [";
        llvm::interleaveComma(*explicitDims, os);
        os << "]";
        return failure();
      }
    }
  }
  SmallVector<int64_t> shape(large);
  SmallVector<int64_t> dims = broadcastOperandDims(
      static_cast<int64_t>(small.size()), rank, explicitDims);
  for (auto [i, d] : llvm::enumerate(dims)) {
    int64_t a = shape[d], b = small[i];
    if (a == b || b == 1)
      continue;
    if (a == 1 || ShapedType::isDynamic(a)) {
      // A dynamic dimension paired with a static one takes the static size
      // (a size-1 one keeps the dynamic size: it may broadcast).
      shape[d] = (ShapedType::isDynamic(a) && ShapedType::isDynamic(b)) ? a : b;
      continue;
    }
    if (ShapedType::isDynamic(b))
      continue;
    // C2.
    os << "(C2) requires dimensions of size 1 or of one size, but dimension "
       << i << " of the smaller operand (" << b << ") meets result dimension "
       << d << " (" << a << ")";
    return failure();
  }
  return shape;
}

//===- Broadcasting --------------------------------------------------------===//

LogicalResult oxla::chlo::OpTrait::verifyBroadcasting(Operation *op) {
  std::optional<ArrayRef<int64_t>> explicitDims;
  if (auto dims = op->getAttrOfType<DenseI64ArrayAttr>("broadcast_dimensions"))
    explicitDims = dims.asArrayRef();
  SmallVector<int64_t> shape;
  bool first = true;
  for (Type type : op->getOperandTypes()) {
    auto tensor = cast<RankedTensorType>(type);
    if (first) {
      shape.assign(tensor.getShape().begin(), tensor.getShape().end());
      first = false;
      continue;
    }
    std::string error;
    FailureOr<SmallVector<int64_t>> next =
        broadcastShape(shape, tensor.getShape(), explicitDims, error);
    if (failed(next))
      return op->emitOpError() << error;
    shape = std::move(*next);
  }
  // C3.
  auto result = cast<RankedTensorType>(op->getResult(0).getType());
  if (result.getRank() != static_cast<int64_t>(shape.size()) ||
      failed(verifyCompatibleShape(result.getShape(), shape))) {
    std::string expected;
    llvm::raw_string_ostream os(expected);
    llvm::interleave(
        shape, os,
        [&](int64_t d) {
          if (ShapedType::isDynamic(d))
            os << '?';
          else
            os << d;
        },
        "x");
    return op->emitOpError()
           << "(C3) requires a result of the broadcast shape [" << expected
           << "], but got " << result;
  }
  return success();
}

//===- Ops -----------------------------------------------------------------===//

LogicalResult BroadcastComplexOp::verify() {
  Type element = getElementTypeOrSelf(getLhs().getType());
  Type expected = ComplexType::get(element);
  if (getElementTypeOrSelf(getResult().getType()) != expected)
    return emitOpError() << "(C4) requires a result of element type " << expected
                         << ", but got " << getResult().getType();
  return success();
}

LogicalResult BroadcastSelectOp::verify() {
  Type element = getElementTypeOrSelf(getResult().getType());
  if (getElementTypeOrSelf(getOnTrue().getType()) != element ||
      getElementTypeOrSelf(getOnFalse().getType()) != element)
    return emitOpError()
           << "(C4) requires on_true, on_false and the result to share their "
              "element type, but got "
           << getOnTrue().getType() << ", " << getOnFalse().getType() << " -> "
           << getResult().getType();
  return success();
}

LogicalResult ConstantOp::inferReturnTypes(
    MLIRContext *, std::optional<Location>, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange regions,
    SmallVectorImpl<Type> &inferred) {
  Adaptor adaptor(operands, attributes, properties, regions);
  if (!adaptor.getValueAttr())
    return failure();
  inferred.push_back(adaptor.getValueAttr().getType());
  return success();
}

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValueAttr(); }

LogicalResult ConstantLikeOp::verify() {
  auto result = cast<RankedTensorType>(getResult().getType());
  if (getValue().getType() != result.getElementType())
    return emitOpError() << "(C1) requires a value of the result's element type "
                         << result.getElementType() << ", but got "
                         << getValue().getType();
  if (failed(verifyCompatibleShape(result, getOperand().getType())))
    return emitOpError() << "(C2) requires a result of the operand's shape, but "
                            "got "
                         << getOperand().getType() << " -> " << result;
  return success();
}
