//===- Builders.cpp - StableHLO building blocks for ONNX lowerings --------===//

#include "compiler/Import/ONNX/Builders.h"

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "llvm/ADT/APFloat.h"

#include <limits>

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace oxla::onnx {

std::optional<int64_t> normalizeAxis(int64_t axis, int64_t rank) {
  if (axis < -rank || axis >= rank)
    return std::nullopt;
  return axis < 0 ? axis + rank : axis;
}

static TypedAttr scalarAttr(OpBuilder &b, Type element, double value) {
  if (auto floatType = dyn_cast<FloatType>(element))
    return b.getFloatAttr(floatType, value);
  auto integer = cast<IntegerType>(element);
  if (integer.getWidth() == 1)
    return b.getIntegerAttr(integer, value != 0);
  // Saturate infinities (the identities of max/min) to the type's range.
  unsigned width = integer.getWidth();
  bool isUnsigned = integer.isUnsigned();
  APInt bits;
  if (value == std::numeric_limits<double>::infinity())
    bits = isUnsigned ? APInt::getMaxValue(width) : APInt::getSignedMaxValue(width);
  else if (value == -std::numeric_limits<double>::infinity())
    bits = isUnsigned ? APInt::getMinValue(width) : APInt::getSignedMinValue(width);
  else
    bits = APInt(width, static_cast<uint64_t>(static_cast<int64_t>(value)), !isUnsigned);
  return b.getIntegerAttr(integer, bits);
}

Value scalarConstant(OpBuilder &b, Location loc, Type element, double value) {
  auto type = RankedTensorType::get({}, element);
  auto attr = DenseElementsAttr::get(type, scalarAttr(b, element, value));
  return b.create<hlo::ConstantOp>(loc, type, attr);
}

Value i64Constant(OpBuilder &b, Location loc, ArrayRef<int64_t> values) {
  auto type = RankedTensorType::get({static_cast<int64_t>(values.size())}, b.getI64Type());
  return b.create<hlo::ConstantOp>(loc, type, DenseElementsAttr::get(type, values));
}

Value splatLike(OpBuilder &b, Location loc, Value like, double value, Type element) {
  RankedTensorType likeType = typeOf(like);
  if (!element)
    element = likeType.getElementType();
  if (likeType.hasStaticShape()) {
    auto type = RankedTensorType::get(likeType.getShape(), element);
    return b.create<hlo::ConstantOp>(loc, type,
                                     DenseElementsAttr::get(type, scalarAttr(b, element, value)));
  }
  Value scalar = scalarConstant(b, loc, element, value);
  return broadcastInDim(b, loc, scalar, likeType.getShape(), shapeOf(b, loc, like), {});
}

Value dimSize(OpBuilder &b, Location loc, Value value, int64_t dim) {
  RankedTensorType type = typeOf(value);
  if (!type.isDynamicDim(dim))
    return i64Constant(b, loc, {type.getDimSize(dim)});
  Value size = b.create<hlo::GetDimensionSizeOp>(
      loc, RankedTensorType::get({}, b.getI32Type()), value, dim);
  size = convert(b, loc, size, b.getI64Type());
  return b.create<hlo::ReshapeOp>(loc, RankedTensorType::get({1}, b.getI64Type()), size);
}

Value shapeOf(OpBuilder &b, Location loc, Value value) {
  RankedTensorType type = typeOf(value);
  if (type.hasStaticShape())
    return i64Constant(b, loc, type.getShape());
  SmallVector<Value> sizes;
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    sizes.push_back(dimSize(b, loc, value, dim));
  return concatShapes(b, loc, sizes);
}

Value concatShapes(OpBuilder &b, Location loc, ArrayRef<Value> parts) {
  if (parts.size() == 1)
    return parts.front();
  if (parts.empty())
    return i64Constant(b, loc, {});
  int64_t total = 0;
  for (Value part : parts) {
    int64_t size = typeOf(part).getDimSize(0);
    if (ShapedType::isDynamic(size))
      total = ShapedType::kDynamic;
    else if (!ShapedType::isDynamic(total))
      total += size;
  }
  auto type = RankedTensorType::get({total}, elementOf(parts.front()));
  return b.create<hlo::ConcatenateOp>(loc, type, parts, 0);
}

Value convert(OpBuilder &b, Location loc, Value value, Type element) {
  RankedTensorType type = typeOf(value);
  if (type.getElementType() == element)
    return value;
  return b.create<hlo::ConvertOp>(loc, type.clone(element), value);
}

Value broadcastInDim(OpBuilder &b, Location loc, Value value, ArrayRef<int64_t> shape,
                     Value shapeTensor, ArrayRef<int64_t> dims) {
  auto type = RankedTensorType::get(shape, elementOf(value));
  if (type == value.getType() && llvm::equal(dims, llvm::seq<int64_t>(0, shape.size())))
    return value;
  if (type.hasStaticShape())
    return b.create<hlo::BroadcastInDimOp>(loc, type, value, dims);
  return b.create<hlo::DynamicBroadcastInDimOp>(loc, type, value, shapeTensor,
                                                b.getDenseI64ArrayAttr(dims), nullptr,
                                                nullptr);
}

std::optional<SmallVector<Value>> broadcastValues(OpBuilder &b, Location loc,
                                                  ArrayRef<Value> values) {
  int64_t rank = 0;
  for (Value value : values)
    rank = std::max(rank, rankOf(value));
  // The result size of each dimension, and which operands have it dynamic.
  SmallVector<int64_t> shape(rank, 1);
  SmallVector<SmallVector<Value>> dynamicFrom(rank);
  for (Value value : values) {
    ArrayRef<int64_t> sizes = typeOf(value).getShape();
    int64_t offset = rank - static_cast<int64_t>(sizes.size());
    for (auto [i, size] : llvm::enumerate(sizes)) {
      int64_t &result = shape[offset + i];
      if (ShapedType::isDynamic(size)) {
        dynamicFrom[offset + i].push_back(value);
        continue;
      }
      if (size == 1)
        continue;
      if (result != 1 && !ShapedType::isDynamic(result) && result != size)
        return std::nullopt;
      result = size;
    }
  }
  bool isStatic = true;
  for (int64_t dim = 0; dim < rank; ++dim)
    if (shape[dim] == 1 && !dynamicFrom[dim].empty()) {
      shape[dim] = ShapedType::kDynamic;
      isStatic = false;
    }
  Value shapeTensor;
  if (!isStatic) {
    SmallVector<Value> sizes;
    for (int64_t dim = 0; dim < rank; ++dim) {
      if (!ShapedType::isDynamic(shape[dim])) {
        sizes.push_back(i64Constant(b, loc, {shape[dim]}));
        continue;
      }
      // The sizes agree or are 1: their maximum is the result's.
      Value size;
      for (Value from : dynamicFrom[dim]) {
        Value fromSize = dimSize(b, loc, from, dim - (rank - rankOf(from)));
        size = size ? b.create<hlo::MaxOp>(loc, size.getType(), size, fromSize).getResult() : fromSize;
      }
      sizes.push_back(size);
    }
    shapeTensor = concatShapes(b, loc, sizes);
  }
  SmallVector<Value> results;
  for (Value value : values) {
    int64_t offset = rank - rankOf(value);
    SmallVector<int64_t> dims = llvm::to_vector(llvm::seq<int64_t>(offset, rank));
    results.push_back(broadcastInDim(b, loc, value, shape, shapeTensor, dims));
  }
  return results;
}

Value reshape(OpBuilder &b, Location loc, Value value, ArrayRef<int64_t> shape,
              Value shapeTensor) {
  auto type = RankedTensorType::get(shape, elementOf(value));
  if (type == value.getType())
    return value;
  if (type.hasStaticShape())
    return b.create<hlo::ReshapeOp>(loc, type, value);
  return b.create<hlo::DynamicReshapeOp>(loc, type, value, shapeTensor);
}

Value reduceInit(OpBuilder &b, Location loc, ReduceKind kind, Type element) {
  constexpr double inf = std::numeric_limits<double>::infinity();
  switch (kind) {
  case ReduceKind::Add:
  case ReduceKind::Or:
    return scalarConstant(b, loc, element, 0);
  case ReduceKind::Mul:
  case ReduceKind::And:
    return scalarConstant(b, loc, element, 1);
  case ReduceKind::Max:
    return scalarConstant(b, loc, element, -inf);
  case ReduceKind::Min:
    return scalarConstant(b, loc, element, inf);
  }
  return nullptr;
}

Value combine(OpBuilder &b, Location loc, ReduceKind kind, Value lhs, Value rhs) {
  switch (kind) {
  case ReduceKind::Add:
    return b.create<hlo::AddOp>(loc, lhs.getType(), lhs, rhs);
  case ReduceKind::Mul:
    return b.create<hlo::MulOp>(loc, lhs.getType(), lhs, rhs);
  case ReduceKind::Max:
    return b.create<hlo::MaxOp>(loc, lhs.getType(), lhs, rhs);
  case ReduceKind::Min:
    return b.create<hlo::MinOp>(loc, lhs.getType(), lhs, rhs);
  case ReduceKind::And:
    return b.create<hlo::AndOp>(loc, lhs.getType(), lhs, rhs);
  case ReduceKind::Or:
    return b.create<hlo::OrOp>(loc, lhs.getType(), lhs, rhs);
  }
  return nullptr;
}

Value reduceSameWindow(OpBuilder &b, Location loc, Value input, ArrayRef<int64_t> window,
                       ArrayRef<int64_t> padding, ReduceKind kind) {
  RankedTensorType type = typeOf(input);
  auto paddingType = RankedTensorType::get({type.getRank(), 2}, b.getI64Type());
  Value init = reduceInit(b, loc, kind, type.getElementType());
  auto op = b.create<hlo::ReduceWindowOp>(
      loc, TypeRange{type}, ValueRange{input}, ValueRange{init}, b.getDenseI64ArrayAttr(window),
      nullptr, nullptr, nullptr, DenseIntElementsAttr::get(paddingType, padding));
  auto scalar = RankedTensorType::get({}, type.getElementType());
  Block *body = b.createBlock(&op.getBody(), {}, {scalar, scalar}, {loc, loc});
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(body);
    b.create<hlo::ReturnOp>(loc, combine(b, loc, kind, body->getArgument(0), body->getArgument(1)));
  }
  b.setInsertionPointAfter(op);
  return op.getResult(0);
}

Value reduce(OpBuilder &b, Location loc, Value input, ArrayRef<int64_t> dims, ReduceKind kind) {
  RankedTensorType type = typeOf(input);
  Type element = type.getElementType();
  SmallVector<int64_t> shape;
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    if (!llvm::is_contained(dims, dim))
      shape.push_back(type.getDimSize(dim));
  SmallVector<int64_t> sorted(dims);
  llvm::sort(sorted);
  Value init = reduceInit(b, loc, kind, element);
  auto op = b.create<hlo::ReduceOp>(loc, TypeRange{RankedTensorType::get(shape, element)},
                                    ValueRange{input}, ValueRange{init},
                                    b.getDenseI64ArrayAttr(sorted));
  auto scalar = RankedTensorType::get({}, element);
  // createBlock moves the insertion point into the body; it comes back after
  // the reduce.
  Block *body = b.createBlock(&op.getBody(), {}, {scalar, scalar}, {loc, loc});
  b.setInsertionPointToStart(body);
  Value combined = combine(b, loc, kind, body->getArgument(0), body->getArgument(1));
  b.create<hlo::ReturnOp>(loc, combined);
  b.setInsertionPointAfter(op);
  return op.getResult(0);
}

Value keepReducedDims(OpBuilder &b, Location loc, Value reduced, Value input,
                      ArrayRef<int64_t> dims) {
  RankedTensorType type = typeOf(input);
  SmallVector<int64_t> shape;
  SmallVector<Value> sizes;
  bool isStatic = true;
  for (int64_t dim = 0; dim < type.getRank(); ++dim) {
    bool reducedDim = llvm::is_contained(dims, dim);
    shape.push_back(reducedDim ? 1 : type.getDimSize(dim));
    isStatic &= !ShapedType::isDynamic(shape.back());
  }
  Value shapeTensor;
  if (!isStatic) {
    for (int64_t dim = 0; dim < type.getRank(); ++dim)
      sizes.push_back(llvm::is_contained(dims, dim) ? i64Constant(b, loc, {1})
                                                    : dimSize(b, loc, input, dim));
    shapeTensor = concatShapes(b, loc, sizes);
  }
  return reshape(b, loc, reduced, shape, shapeTensor);
}

Value transpose(OpBuilder &b, Location loc, Value value, ArrayRef<int64_t> permutation) {
  RankedTensorType type = typeOf(value);
  if (llvm::equal(permutation, llvm::seq<int64_t>(0, type.getRank())))
    return value;
  SmallVector<int64_t> shape;
  for (int64_t dim : permutation)
    shape.push_back(type.getDimSize(dim));
  return b.create<hlo::TransposeOp>(loc, type.clone(shape), value, permutation);
}

/// A 0-d i64 constant.
Value indexConstant(OpBuilder &b, Location loc, int64_t value) {
  return b.create<hlo::ConstantOp>(
      loc, DenseElementsAttr::get(RankedTensorType::get({}, b.getI64Type()), ArrayRef<int64_t>{value}));
}

/// `value` with its leading dimension dropped at index `index` (a 0-d i64
/// value or a constant), for any other dimensions, static or dynamic.
Value takeLeading(OpBuilder &b, Location loc, Value value, Value index) {
  RankedTensorType type = typeOf(value);
  SmallVector<int64_t> sliceShape(type.getShape());
  sliceShape[0] = 1;
  SmallVector<int64_t> shape(type.getShape().drop_front());
  Value slice;
  if (llvm::none_of(shape, ShapedType::isDynamic)) {
    SmallVector<Value> starts{index};
    for (size_t d = 1; d < sliceShape.size(); ++d)
      starts.push_back(indexConstant(b, loc, 0));
    slice = b.create<hlo::DynamicSliceOp>(loc, type.clone(sliceShape), value, starts,
                                          b.getDenseI64ArrayAttr(sliceShape));
  } else {
    Value index1 = reshape(b, loc, index, {1});
    SmallVector<Value> starts{index1}, limits{b.create<hlo::AddOp>(loc, index1.getType(), index1, i64Constant(b, loc, {1}))};
    for (int64_t d = 1; d < type.getRank(); ++d) {
      starts.push_back(i64Constant(b, loc, {0}));
      limits.push_back(dimSize(b, loc, value, d));
    }
    slice = b.create<hlo::RealDynamicSliceOp>(
        loc, type.clone(sliceShape), value, concatShapes(b, loc, starts),
        concatShapes(b, loc, limits), i64Constant(b, loc, SmallVector<int64_t>(type.getRank(), 1)));
  }
  SmallVector<Value> sizes;
  for (int64_t d = 1; d < type.getRank(); ++d)
    sizes.push_back(dimSize(b, loc, value, d));
  return reshape(b, loc, slice, shape, sizes.empty() ? Value() : concatShapes(b, loc, sizes));
}

} // namespace oxla::onnx
