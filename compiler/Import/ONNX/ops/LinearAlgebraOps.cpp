//===- LinearAlgebraOps.cpp - ONNX Det -------------------------------------===//
//
// Det (opset 11): the determinant of each square matrix in the last two
// dimensions, by Gaussian elimination with partial pivoting unrolled over
// the (static) size n: step k swaps the row whose entry in column k has the
// largest magnitude into row k (negating the determinant when it moves),
// multiplies the determinant by that pivot and subtracts multiples of the
// pivot row from the rows below. A zero pivot (a singular matrix) makes the
// determinant 0; it divides by 1 instead so no NaN appears.
//
//===----------------------------------------------------------------------===//

#include "compiler/Import/ONNX/ops/Common.h"

using namespace mlir;

namespace oxla::onnx {
namespace {

Results lowerDet(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value x = ctx.input(0);
  RankedTensorType type = typeOf(x);
  if (!isFloat(x))
    return ctx.invalid("X must be a floating-point tensor");
  if (type.getRank() < 2)
    return ctx.invalid("X must have at least two dimensions");
  if (!type.hasStaticShape())
    return ctx.unsupported("dynamic shapes");
  int64_t n = type.getDimSize(type.getRank() - 1);
  if (type.getDimSize(type.getRank() - 2) != n)
    return ctx.invalid("the matrices must be square");
  SmallVector<int64_t> batchShape(type.getShape().drop_back(2));
  int64_t batch = 1;
  for (int64_t size : batchShape)
    batch *= size;
  Type element = type.getElementType();
  auto matrixType = RankedTensorType::get({batch, n, n}, element);
  auto rowsType = RankedTensorType::get({batch, n}, element);
  auto vectorType = RankedTensorType::get({batch}, element);
  auto indexRowsType = RankedTensorType::get({batch, n}, b.getI64Type());

  // Broadcasts of [batch, n] along a new dimension of [batch, n, n]: as a
  // column (its rows vary) or as a row.
  auto asColumn = [&](Value v) {
    return broadcastInDim(b, loc, v, matrixType.getShape(), nullptr, {0, 1});
  };
  auto asRow = [&](Value v) {
    return broadcastInDim(b, loc, v, matrixType.getShape(), nullptr, {0, 2});
  };
  auto perMatrix = [&](Value v, ArrayRef<int64_t> shape) {
    return broadcastInDim(b, loc, v, shape, nullptr, {0});
  };
  // Column k of every matrix ([batch, n], its rows), or row k.
  auto column = [&](Value a, int64_t k) {
    Value sliced = b.create<hlo::SliceOp>(loc, RankedTensorType::get({batch, n, 1}, element), a,
                                          ArrayRef<int64_t>{0, 0, k},
                                          ArrayRef<int64_t>{batch, n, k + 1},
                                          ArrayRef<int64_t>{1, 1, 1});
    return reshape(b, loc, sliced, {batch, n});
  };
  auto entry = [&](Value rows, int64_t k) {
    Value sliced = b.create<hlo::SliceOp>(loc, RankedTensorType::get({batch, 1}, element), rows,
                                          ArrayRef<int64_t>{0, k}, ArrayRef<int64_t>{batch, k + 1},
                                          ArrayRef<int64_t>{1, 1});
    return reshape(b, loc, sliced, {batch});
  };

  Value a = reshape(b, loc, x, {batch, n, n});
  Value det = b.create<hlo::ConstantOp>(
      loc, DenseElementsAttr::get(vectorType, b.getFloatAttr(element, 1.0)));
  Value rowIndex = b.create<hlo::IotaOp>(loc, indexRowsType, 1);
  Value zero = splatLike(b, loc, det, 0.0), one = splatLike(b, loc, det, 1.0);
  for (int64_t k = 0; k < n; ++k) {
    Value k64 = splatLike(b, loc, rowIndex, static_cast<double>(k));
    // The pivot row p: the first of the largest |a[i][k]|, i >= k.
    Value magnitude = elementwise<hlo::AbsOp>(b, loc, {column(a, k)});
    Value above = compare(b, loc, rowIndex, k64, hlo::ComparisonDirection::LT);
    magnitude = b.create<hlo::SelectOp>(loc, rowsType, above, splatLike(b, loc, magnitude, -1.0),
                                        magnitude);
    Value largest = perMatrix(reduce(b, loc, magnitude, {1}, ReduceKind::Max), {batch, n});
    Value isLargest = compare(b, loc, magnitude, largest, hlo::ComparisonDirection::EQ);
    Value candidates = b.create<hlo::SelectOp>(loc, indexRowsType, isLargest, rowIndex,
                                               splatLike(b, loc, rowIndex, static_cast<double>(n)));
    Value p = reduce(b, loc, candidates, {1}, ReduceKind::Min);
    // Swap rows p and k: a += (e_p - e_k) (row_k - row_p)^T.
    Value isP = compare(b, loc, rowIndex, perMatrix(p, {batch, n}), hlo::ComparisonDirection::EQ);
    Value isK = compare(b, loc, rowIndex, k64, hlo::ComparisonDirection::EQ);
    Value oneHotP = convert(b, loc, isP, element), oneHotK = convert(b, loc, isK, element);
    Value rowP = reduce(b, loc, elementwise<hlo::MulOp>(b, loc, {asColumn(oneHotP), a}), {1},
                        ReduceKind::Add);
    Value rowK = reduce(b, loc, elementwise<hlo::MulOp>(b, loc, {asColumn(oneHotK), a}), {1},
                        ReduceKind::Add);
    Value difference = elementwise<hlo::SubtractOp>(b, loc, {rowK, rowP});
    a = elementwise<hlo::AddOp>(
        b, loc,
        {a, elementwise<hlo::MulOp>(
                b, loc, {asColumn(elementwise<hlo::SubtractOp>(b, loc, {oneHotP, oneHotK})),
                         asRow(difference)})});
    Value moved = compare(b, loc, p, splatLike(b, loc, p, static_cast<double>(k)),
                          hlo::ComparisonDirection::NE);
    det = b.create<hlo::SelectOp>(loc, vectorType, moved,
                                  elementwise<hlo::NegOp>(b, loc, {det}), det);
    Value pivot = entry(rowP, k);
    det = elementwise<hlo::MulOp>(b, loc, {det, pivot});
    if (k + 1 == n)
      break;
    // Eliminate below the pivot: row_i -= a[i][k] / pivot * row_p, i > k.
    Value singular = compare(b, loc, pivot, zero, hlo::ComparisonDirection::EQ);
    Value divisor = b.create<hlo::SelectOp>(loc, vectorType, singular, one, pivot);
    Value factors = elementwise<hlo::DivOp>(b, loc, {column(a, k), perMatrix(divisor, {batch, n})});
    Value below = convert(b, loc, compare(b, loc, rowIndex, k64, hlo::ComparisonDirection::GT),
                          element);
    factors = elementwise<hlo::MulOp>(b, loc, {factors, below});
    a = elementwise<hlo::SubtractOp>(
        b, loc, {a, elementwise<hlo::MulOp>(b, loc, {asColumn(factors), asRow(rowP)})});
  }
  return single(reshape(b, loc, det, batchShape));
}

} // namespace

void registerLinearAlgebraOps(LoweringTable &table) { table["Det"] = lowerDet; }

} // namespace oxla::onnx
