//===- ShapeOps.cpp - ONNX shape and data movement ops --------------------===//
//
// Shapes, shape arithmetic inputs (Reshape's shape, Slice's starts...) and
// their producers: inputs that must be known when the model is read are
// folded by NodeContext::constantInts (constants, and shape subgraphs on
// static shapes); dynamic sizes are read with get_dimension_size.
//
//===----------------------------------------------------------------------===//

#include "compiler/Import/ONNX/ops/Common.h"

#include "compiler/Import/ONNX/Tensors.h"

#include <algorithm>
#include <cmath>

using namespace mlir;

namespace oxla::onnx {
namespace {

/// Constant: the tensor, or one of the value_* forms (opset 12 on).
Results lowerConstant(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  if (const auto *value = ctx.attr("value")) {
    Value constant = ctx.constantTensor(value->t());
    if (!constant)
      return failure();
    return single(constant);
  }
  if (const auto *value = ctx.attr("value_float"))
    return single(scalarConstant(b, loc, b.getF32Type(), value->f()));
  if (const auto *value = ctx.attr("value_int"))
    return single(b.create<hlo::ConstantOp>(
        loc, RankedTensorType::get({}, b.getI64Type()),
        DenseElementsAttr::get(RankedTensorType::get({}, b.getI64Type()),
                               static_cast<int64_t>(value->i()))));
  if (std::optional<SmallVector<float>> values = ctx.floatsAttr("value_floats")) {
    auto type = RankedTensorType::get({static_cast<int64_t>(values->size())}, b.getF32Type());
    return single(b.create<hlo::ConstantOp>(loc, type,
                                            DenseElementsAttr::get(type, ArrayRef<float>(*values))));
  }
  if (std::optional<SmallVector<int64_t>> values = ctx.intsAttr("value_ints"))
    return single(i64Constant(b, loc, *values));
  return ctx.unsupported("a constant that is not a dense numeric tensor (sparse or strings)");
}

/// Shape: the input's shape as i64, sliced by start/end (opset 15).
Results lowerShape(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value x = ctx.input(0);
  int64_t rank = rankOf(x);
  auto clampIndex = [rank](int64_t i) {
    if (i < 0)
      i += rank;
    return std::clamp<int64_t>(i, 0, rank);
  };
  int64_t start = clampIndex(ctx.intAttr("start", 0));
  int64_t end = ctx.hasAttr("end") ? clampIndex(ctx.intAttr("end", rank)) : rank;
  SmallVector<Value> sizes;
  for (int64_t dim = start; dim < end; ++dim)
    sizes.push_back(dimSize(b, loc, x, dim));
  if (sizes.empty())
    return single(i64Constant(b, loc, {}));
  if (typeOf(x).hasStaticShape()) {
    SmallVector<int64_t> values(typeOf(x).getShape().slice(start, end - start));
    return single(i64Constant(b, loc, values));
  }
  return single(concatShapes(b, loc, sizes));
}

/// Size: the number of elements, as an i64 scalar.
Results lowerSize(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value x = ctx.input(0);
  Value count = i64Constant(b, loc, {1});
  for (int64_t dim = 0; dim < rankOf(x); ++dim)
    count = elementwise<hlo::MulOp>(b, loc, {count, dimSize(b, loc, x, dim)});
  return single(reshape(b, loc, count, {}));
}

/// `sizes` (tensor<1xi64> each) multiplied.
Value product(OpBuilder &b, Location loc, ArrayRef<Value> sizes) {
  Value result = i64Constant(b, loc, {1});
  for (Value size : sizes)
    result = elementwise<hlo::MulOp>(b, loc, {result, size});
  return result;
}

/// `x` reshaped to `target`, the ONNX shape: 0 copies the input's size at
/// that position (unless allowzero), -1 takes what is left.
FailureOr<Value> reshapeTo(NodeContext &ctx, Value x, ArrayRef<int64_t> target, bool allowZero) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  RankedTensorType type = typeOf(x);
  SmallVector<int64_t> shape;
  SmallVector<Value> sizes;
  int64_t inferred = -1;
  for (auto [i, size] : llvm::enumerate(target)) {
    if (size == 0 && !allowZero) {
      if (static_cast<int64_t>(i) >= type.getRank()) {
        (void)ctx.invalid("shape copies dimension " + Twine(i) + " the input lacks");
        return failure();
      }
      shape.push_back(type.getDimSize(i));
      sizes.push_back(dimSize(b, loc, x, i));
    } else if (size == -1) {
      if (inferred >= 0) {
        (void)ctx.invalid("shape has more than one -1");
        return failure();
      }
      inferred = i;
      shape.push_back(ShapedType::kDynamic);
      sizes.push_back(nullptr);
    } else if (size < 0) {
      (void)ctx.invalid("shape has a negative size " + Twine(size));
      return failure();
    } else {
      shape.push_back(size);
      sizes.push_back(i64Constant(b, loc, {size}));
    }
  }
  if (inferred >= 0) {
    int64_t known = 1;
    bool isStatic = type.hasStaticShape();
    for (auto [i, size] : llvm::enumerate(shape))
      if (static_cast<int64_t>(i) != inferred) {
        if (ShapedType::isDynamic(size)) {
          isStatic = false;
        } else if (__builtin_mul_overflow(known, size, &known)) {
          (void)ctx.invalid("the shape has more elements than a 64-bit count holds");
          return failure();
        }
      }
    if (isStatic) {
      if (known == 0 || type.getNumElements() % known != 0) {
        (void)ctx.invalid("the input's " + Twine(type.getNumElements()) +
                          " elements do not fit the shape");
        return failure();
      }
      shape[inferred] = type.getNumElements() / known;
      sizes[inferred] = i64Constant(b, loc, {shape[inferred]});
    } else {
      SmallVector<Value> all, others;
      for (int64_t dim = 0; dim < type.getRank(); ++dim)
        all.push_back(dimSize(b, loc, x, dim));
      for (auto [i, size] : llvm::enumerate(sizes))
        if (static_cast<int64_t>(i) != inferred)
          others.push_back(size);
      sizes[inferred] = elementwise<hlo::DivOp>(b, loc, {product(b, loc, all), product(b, loc, others)});
    }
  } else if (type.hasStaticShape()) {
    int64_t count = 1;
    for (int64_t size : shape)
      if (__builtin_mul_overflow(count, size, &count)) {
        (void)ctx.invalid("the shape has more elements than a 64-bit count holds");
        return failure();
      }
    if (count != type.getNumElements()) {
      (void)ctx.invalid("cannot reshape " + Twine(type.getNumElements()) + " elements to " +
                        Twine(count));
      return failure();
    }
  }
  auto result = RankedTensorType::get(shape, type.getElementType());
  return reshape(b, loc, x, shape, result.hasStaticShape() ? Value() : concatShapes(b, loc, sizes));
}

/// Reshape: to the shape input (opset 5 on); allowzero from opset 14.
Results lowerReshape(NodeContext &ctx) {
  FailureOr<SmallVector<int64_t>> target = ctx.requireConstantInts(1, "shape");
  if (failed(target))
    return failure();
  FailureOr<Value> result = reshapeTo(ctx, ctx.input(0), *target, ctx.intAttr("allowzero", 0));
  if (failed(result))
    return failure();
  return single(*result);
}

/// Flatten: to 2-d [product of dims before axis, product from axis on].
Results lowerFlatten(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value x = ctx.input(0);
  RankedTensorType type = typeOf(x);
  int64_t rank = type.getRank();
  int64_t axis = ctx.intAttr("axis", 1);
  if (axis < 0)
    axis += rank;
  if (axis < 0 || axis > rank)
    return ctx.invalid("axis out of range");
  auto span = [&](int64_t from, int64_t to) {
    int64_t size = 1;
    for (int64_t dim = from; dim < to; ++dim)
      size = ShapedType::isDynamic(size) || type.isDynamicDim(dim) ? ShapedType::kDynamic
                                                                  : size * type.getDimSize(dim);
    return size;
  };
  SmallVector<int64_t> shape{span(0, axis), span(axis, rank)};
  Value shapeTensor;
  if (llvm::any_of(shape, ShapedType::isDynamic)) {
    SmallVector<Value> before, after;
    for (int64_t dim = 0; dim < rank; ++dim)
      (dim < axis ? before : after).push_back(dimSize(b, loc, x, dim));
    shapeTensor = concatShapes(b, loc, {product(b, loc, before), product(b, loc, after)});
  }
  return single(reshape(b, loc, x, shape, shapeTensor));
}

/// Transpose: by perm (reversing the dimensions by default).
Results lowerTranspose(NodeContext &ctx) {
  Value x = ctx.input(0);
  int64_t rank = rankOf(x);
  SmallVector<int64_t> perm = ctx.intsAttr("perm").value_or(
      llvm::to_vector(llvm::reverse(llvm::seq<int64_t>(0, rank))));
  SmallVector<int64_t> sorted(perm);
  llvm::sort(sorted);
  if (!llvm::equal(sorted, llvm::seq<int64_t>(0, rank)))
    return ctx.invalid("perm is not a permutation of the dimensions");
  return single(transpose(ctx.builder(), ctx.loc(), x, perm));
}

/// Concat: along axis.
Results lowerConcat(NodeContext &ctx) {
  SmallVector<Value> inputs;
  for (unsigned i = 0; i < ctx.numInputs(); ++i)
    inputs.push_back(ctx.input(i));
  if (inputs.empty())
    return ctx.invalid("needs inputs");
  RankedTensorType type = typeOf(inputs.front());
  std::optional<int64_t> axis = normalizeAxis(ctx.intAttr("axis", 0), type.getRank());
  if (!axis)
    return ctx.invalid("axis out of range");
  SmallVector<int64_t> shape(type.getShape());
  shape[*axis] = 0;
  for (Value input : inputs) {
    RankedTensorType inputType = typeOf(input);
    if (inputType.getRank() != type.getRank())
      return ctx.invalid("the inputs have different ranks");
    for (int64_t dim = 0; dim < type.getRank(); ++dim) {
      int64_t size = inputType.getDimSize(dim);
      if (dim == *axis)
        shape[dim] = ShapedType::isDynamic(size) || ShapedType::isDynamic(shape[dim])
                         ? ShapedType::kDynamic
                         : shape[dim] + size;
      else if (ShapedType::isDynamic(shape[dim]))
        shape[dim] = size;
    }
  }
  return single(ctx.builder().create<hlo::ConcatenateOp>(ctx.loc(), type.clone(shape), inputs,
                                                         *axis));
}

/// The axes of Squeeze/Unsqueeze: an attribute before opset 13, an input
/// from 13 on.
FailureOr<std::optional<SmallVector<int64_t>>> squeezeAxes(NodeContext &ctx) {
  if (ctx.opset() < 13)
    return ctx.intsAttr("axes");
  if (!ctx.hasInput(1))
    return std::optional<SmallVector<int64_t>>();
  FailureOr<SmallVector<int64_t>> axes = ctx.requireConstantInts(1, "axes");
  if (failed(axes))
    return failure();
  return std::optional<SmallVector<int64_t>>(*axes);
}

/// `x` reshaped to `shape`, whose dynamic sizes are `x`'s dimensions
/// `sources` (one per result dimension, -1 for static ones).
Value reshapeKeeping(OpBuilder &b, Location loc, Value x, ArrayRef<int64_t> shape,
                     ArrayRef<int64_t> sources) {
  if (!llvm::any_of(shape, ShapedType::isDynamic))
    return reshape(b, loc, x, shape);
  SmallVector<Value> sizes;
  for (auto [size, source] : llvm::zip_equal(shape, sources))
    sizes.push_back(source >= 0 ? dimSize(b, loc, x, source) : i64Constant(b, loc, {size}));
  return reshape(b, loc, x, shape, concatShapes(b, loc, sizes));
}

/// Squeeze: drops the size-1 dimensions in axes (all of them without axes).
Results lowerSqueeze(NodeContext &ctx) {
  Value x = ctx.input(0);
  RankedTensorType type = typeOf(x);
  auto axes = squeezeAxes(ctx);
  if (failed(axes))
    return failure();
  SmallVector<int64_t> dims;
  if (*axes) {
    FailureOr<SmallVector<int64_t>> normalized = normalizeAxes(ctx, **axes, type.getRank());
    if (failed(normalized))
      return failure();
    dims = *normalized;
  } else {
    for (int64_t dim = 0; dim < type.getRank(); ++dim) {
      if (type.isDynamicDim(dim))
        return ctx.unsupported("squeezing all size-1 dimensions of a dynamic shape");
      if (type.getDimSize(dim) == 1)
        dims.push_back(dim);
    }
  }
  SmallVector<int64_t> shape, sources;
  for (int64_t dim = 0; dim < type.getRank(); ++dim) {
    if (llvm::is_contained(dims, dim)) {
      if (!type.isDynamicDim(dim) && type.getDimSize(dim) != 1)
        return ctx.invalid("dimension " + Twine(dim) + " has size " +
                           Twine(type.getDimSize(dim)) + ", not 1");
      continue;
    }
    shape.push_back(type.getDimSize(dim));
    sources.push_back(type.isDynamicDim(dim) ? dim : -1);
  }
  return single(reshapeKeeping(ctx.builder(), ctx.loc(), x, shape, sources));
}

/// Unsqueeze: inserts size-1 dimensions at axes (of the result).
Results lowerUnsqueeze(NodeContext &ctx) {
  Value x = ctx.input(0);
  RankedTensorType type = typeOf(x);
  auto axes = squeezeAxes(ctx);
  if (failed(axes))
    return failure();
  if (!*axes)
    return ctx.invalid("needs axes");
  int64_t rank = type.getRank() + static_cast<int64_t>((*axes)->size());
  FailureOr<SmallVector<int64_t>> dims = normalizeAxes(ctx, **axes, rank);
  if (failed(dims))
    return failure();
  if (static_cast<int64_t>(dims->size()) != rank - type.getRank())
    return ctx.invalid("axes repeat");
  SmallVector<int64_t> shape, sources;
  int64_t next = 0;
  for (int64_t dim = 0; dim < rank; ++dim) {
    if (llvm::is_contained(*dims, dim)) {
      shape.push_back(1);
      sources.push_back(-1);
      continue;
    }
    shape.push_back(type.getDimSize(next));
    sources.push_back(type.isDynamicDim(next) ? next : -1);
    ++next;
  }
  return single(reshapeKeeping(ctx.builder(), ctx.loc(), x, shape, sources));
}

/// Slice: starts/ends/axes/steps, attributes before opset 10, inputs from
/// 10 on; indices clamp to the dimension as the spec says, negative steps
/// walk backwards (a reverse, then a slice).
Results lowerSlice(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value x = ctx.input(0);
  RankedTensorType type = typeOf(x);
  int64_t rank = type.getRank();
  SmallVector<int64_t> starts, ends, axes, steps;
  if (ctx.opset() < 10) {
    starts = ctx.intsAttr("starts").value_or(SmallVector<int64_t>());
    ends = ctx.intsAttr("ends").value_or(SmallVector<int64_t>());
    axes = ctx.intsAttr("axes").value_or(SmallVector<int64_t>());
  } else {
    FailureOr<SmallVector<int64_t>> values = ctx.requireConstantInts(1, "starts");
    if (failed(values))
      return failure();
    starts = *values;
    if (failed(values = ctx.requireConstantInts(2, "ends")))
      return failure();
    ends = *values;
    if (ctx.hasInput(3)) {
      if (failed(values = ctx.requireConstantInts(3, "axes")))
        return failure();
      axes = *values;
    }
    if (ctx.hasInput(4)) {
      if (failed(values = ctx.requireConstantInts(4, "steps")))
        return failure();
      steps = *values;
    }
  }
  if (axes.empty())
    axes = llvm::to_vector(llvm::seq<int64_t>(0, starts.size()));
  if (steps.empty())
    steps.assign(starts.size(), 1);
  if (ends.size() != starts.size() || axes.size() != starts.size() ||
      steps.size() != starts.size())
    return ctx.invalid("starts, ends, axes and steps differ in length");
  SmallVector<int64_t> low(rank, 0), high(type.getShape()), stride(rank, 1), reversed;
  for (size_t i = 0; i < starts.size(); ++i) {
    std::optional<int64_t> axis = normalizeAxis(axes[i], rank);
    if (!axis)
      return ctx.invalid("axis " + Twine(axes[i]) + " out of range");
    int64_t size = type.getDimSize(*axis);
    if (ShapedType::isDynamic(size))
      return ctx.unsupported("slicing a dynamic dimension");
    int64_t step = steps[i];
    if (step == 0)
      return ctx.invalid("a step is 0");
    int64_t start = starts[i], end = ends[i];
    if (start < 0)
      start += size;
    if (end < 0)
      end += size;
    if (step > 0) {
      start = std::clamp<int64_t>(start, 0, size);
      end = std::clamp<int64_t>(end, 0, size);
      low[*axis] = start;
      high[*axis] = std::max(start, end);
      stride[*axis] = step;
    } else {
      start = std::clamp<int64_t>(start, 0, size - 1);
      end = std::clamp<int64_t>(end, -1, size - 1);
      // On the reversed dimension, index i is size - 1 - i.
      reversed.push_back(*axis);
      low[*axis] = size - 1 - start;
      high[*axis] = std::max(low[*axis], size - 1 - end);
      stride[*axis] = -step;
    }
  }
  for (int64_t dim = 0; dim < rank; ++dim)
    if (type.isDynamicDim(dim))
      return ctx.unsupported("slicing a tensor with dynamic dimensions");
  if (!reversed.empty()) {
    llvm::sort(reversed);
    x = b.create<hlo::ReverseOp>(loc, type, x, reversed);
  }
  SmallVector<int64_t> shape;
  for (int64_t dim = 0; dim < rank; ++dim)
    shape.push_back((high[dim] - low[dim] + stride[dim] - 1) / stride[dim]);
  return single(b.create<hlo::SliceOp>(loc, type.clone(shape), x, low, high, stride));
}

/// Expand: broadcasts numpy-style with the shape input.
Results lowerExpand(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  FailureOr<SmallVector<int64_t>> target = ctx.requireConstantInts(1, "shape");
  if (failed(target))
    return failure();
  Value x = ctx.input(0);
  RankedTensorType type = typeOf(x);
  int64_t rank = std::max<int64_t>(type.getRank(), target->size());
  SmallVector<int64_t> shape(rank, 1), sources(rank, -1);
  for (int64_t i = 0; i < rank; ++i) {
    int64_t fromTarget = i - (rank - static_cast<int64_t>(target->size()));
    int64_t fromInput = i - (rank - type.getRank());
    int64_t want = fromTarget >= 0 ? (*target)[fromTarget] : 1;
    int64_t have = fromInput >= 0 ? type.getDimSize(fromInput) : 1;
    if (ShapedType::isDynamic(have)) {
      if (want != 1)
        return ctx.unsupported("expanding a dynamic dimension");
      shape[i] = ShapedType::kDynamic;
      sources[i] = fromInput;
      continue;
    }
    if (want != 1 && have != 1 && want != have)
      return ctx.invalid("shape does not broadcast with the input");
    shape[i] = want == 1 ? have : want;
  }
  Value shapeTensor;
  if (llvm::any_of(shape, ShapedType::isDynamic)) {
    SmallVector<Value> sizes;
    for (int64_t i = 0; i < rank; ++i)
      sizes.push_back(sources[i] >= 0 ? dimSize(b, loc, x, sources[i])
                                      : i64Constant(b, loc, {shape[i]}));
    shapeTensor = concatShapes(b, loc, sizes);
  }
  return single(broadcastInDim(b, loc, x, shape, shapeTensor,
                               llvm::to_vector(llvm::seq<int64_t>(rank - type.getRank(), rank))));
}

/// ConstantOfShape: the value attribute (float 0 by default) in every
/// element of the shape.
Results lowerConstantOfShape(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  FailureOr<SmallVector<int64_t>> shape = ctx.requireConstantInts(0, "shape");
  if (failed(shape))
    return failure();
  for (int64_t size : *shape)
    if (size < 0)
      return ctx.invalid("a negative size");
  DenseElementsAttr element;
  if (const auto *value = ctx.attr("value")) {
    TensorError error;
    element = tensorValue(value->t(), "", loc, error);
    if (!element)
      return error == TensorError::Unsupported ? ctx.unsupported("its value's type")
                                               : ctx.invalid("its value");
    if (element.getNumElements() != 1)
      return ctx.invalid("value must have one element");
  } else {
    auto type = RankedTensorType::get({1}, b.getF32Type());
    element = DenseElementsAttr::get(type, 0.0f);
  }
  auto type = RankedTensorType::get(*shape, element.getElementType());
  return single(b.create<hlo::ConstantOp>(
      loc, type, DenseElementsAttr::get(type, element.getValues<Attribute>()[0])));
}

/// Range: start, start + delta, ... below limit (above, for a negative
/// delta): ceil((limit - start) / delta) elements, computed when read.
Results lowerRange(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Type element = elementOf(ctx.input(0));
  SmallVector<double> bounds;
  for (unsigned i = 0; i < 3; ++i) {
    std::optional<SmallVector<double>> value = ctx.constantFloats(ctx.input(i));
    if (!value)
      return ctx.computedAtRunTime("the range (start, limit, delta)",
                                   {ctx.input(0), ctx.input(1), ctx.input(2)});
    if (value->size() != 1)
      return ctx.invalid("start, limit and delta must be scalars");
    bounds.push_back((*value)[0]);
  }
  auto [start, limit, delta] = std::tuple(bounds[0], bounds[1], bounds[2]);
  if (delta == 0)
    return ctx.invalid("delta is 0");
  int64_t count = std::max<int64_t>(0, static_cast<int64_t>(std::ceil((limit - start) / delta)));
  auto type = RankedTensorType::get({count}, element);
  if (isa<FloatType>(element)) {
    SmallVector<APFloat> values;
    // In the element type, as the spec's loop accumulates it.
    for (int64_t i = 0; i < count; ++i) {
      APFloat value(start + i * delta);
      bool lost;
      value.convert(cast<FloatType>(element).getFloatSemantics(), APFloat::rmNearestTiesToEven,
                    &lost);
      values.push_back(value);
    }
    return single(b.create<hlo::ConstantOp>(loc, type, DenseElementsAttr::get(type, values)));
  }
  SmallVector<APInt> values;
  for (int64_t i = 0; i < count; ++i)
    values.push_back(APInt(element.getIntOrFloatBitWidth(),
                           static_cast<uint64_t>(static_cast<int64_t>(start) +
                                                 i * static_cast<int64_t>(delta)),
                           true));
  return single(b.create<hlo::ConstantOp>(loc, type, DenseElementsAttr::get(type, values)));
}

/// Split: along axis into the sizes of `split` (an attribute before opset
/// 13, an input from 13), or equal parts.
Results lowerSplit(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value x = ctx.input(0);
  RankedTensorType type = typeOf(x);
  std::optional<int64_t> axis = normalizeAxis(ctx.intAttr("axis", 0), type.getRank());
  if (!axis)
    return ctx.invalid("axis out of range");
  int64_t size = type.getDimSize(*axis);
  if (ShapedType::isDynamic(size) || !type.hasStaticShape())
    return ctx.unsupported("splitting a dynamic shape");
  SmallVector<int64_t> split;
  if (ctx.opset() < 13) {
    split = ctx.intsAttr("split").value_or(SmallVector<int64_t>());
  } else if (ctx.hasInput(1)) {
    FailureOr<SmallVector<int64_t>> values = ctx.requireConstantInts(1, "split");
    if (failed(values))
      return failure();
    split = *values;
  }
  int64_t parts = ctx.numOutputs();
  if (split.empty()) {
    if (parts == 0 || size % parts != 0)
      return ctx.invalid("size " + Twine(size) + " does not split into " + Twine(parts));
    split.assign(parts, size / parts);
  }
  if (static_cast<int64_t>(split.size()) != parts)
    return ctx.invalid("split has " + Twine(split.size()) + " sizes for " + Twine(parts) +
                       " outputs");
  SmallVector<Value> results;
  int64_t offset = 0;
  for (int64_t part : split) {
    SmallVector<int64_t> low(type.getRank(), 0), high(type.getShape()), strides(type.getRank(), 1);
    low[*axis] = offset;
    high[*axis] = offset + part;
    if (part < 0 || offset + part > size)
      return ctx.invalid("split sizes exceed the dimension");
    SmallVector<int64_t> shape(type.getShape());
    shape[*axis] = part;
    results.push_back(b.create<hlo::SliceOp>(loc, type.clone(shape), x, low, high, strides));
    offset += part;
  }
  if (offset != size)
    return ctx.invalid("split sizes do not add up to the dimension");
  return results;
}

/// `x` sliced to [begin, end) along `dim`.
Value sliceAlong(OpBuilder &b, Location loc, Value x, int64_t dim, int64_t begin, int64_t end) {
  RankedTensorType type = typeOf(x);
  SmallVector<int64_t> low(type.getRank(), 0), high(type.getShape()), strides(type.getRank(), 1),
      shape(type.getShape());
  low[dim] = begin;
  high[dim] = end;
  shape[dim] = end - begin;
  return b.create<hlo::SliceOp>(loc, type.clone(shape), x, low, high, strides);
}

/// Pad's reflect and edge modes (static shapes), one dimension at a time:
/// negative pads crop; a positive pad on the low side is, for reflect, the
/// elements 1..pad mirrored (the edge element itself not repeated), for
/// edge, the first element repeated; the high side likewise; then the three
/// parts are concatenated.
Results padByCopies(NodeContext &ctx, Value x, ArrayRef<int64_t> low, ArrayRef<int64_t> high,
                    bool reflect) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  RankedTensorType type = typeOf(x);
  if (!type.hasStaticShape())
    return ctx.unsupported("mode '" + Twine(reflect ? "reflect" : "edge") +
                           "' with dynamic shapes");
  for (int64_t dim = 0; dim < type.getRank(); ++dim) {
    int64_t size = typeOf(x).getDimSize(dim);
    int64_t begin = std::max<int64_t>(0, -low[dim]), end = size - std::max<int64_t>(0, -high[dim]);
    if (begin > end)
      return ctx.invalid("negative pads remove more than the dimension holds");
    if (begin != 0 || end != size)
      x = sliceAlong(b, loc, x, dim, begin, end);
    size = end - begin;
    int64_t before = std::max<int64_t>(0, low[dim]), after = std::max<int64_t>(0, high[dim]);
    if (before == 0 && after == 0)
      continue;
    if (size == 0)
      return ctx.invalid("padding an empty dimension in mode '" +
                         Twine(reflect ? "reflect" : "edge") + "'");
    if (reflect && (before > size - 1 || after > size - 1))
      return ctx.unsupported("reflect pads larger than the dimension less one");
    auto part = [&](bool front, int64_t count) -> Value {
      if (reflect) {
        Value mirrored = front ? sliceAlong(b, loc, x, dim, 1, 1 + count)
                               : sliceAlong(b, loc, x, dim, size - 1 - count, size - 1);
        return b.create<hlo::ReverseOp>(loc, mirrored.getType(), mirrored,
                                        ArrayRef<int64_t>{dim});
      }
      Value edge = front ? sliceAlong(b, loc, x, dim, 0, 1) : sliceAlong(b, loc, x, dim, size - 1, size);
      SmallVector<int64_t> shape(typeOf(edge).getShape());
      shape[dim] = count;
      return broadcastInDim(b, loc, edge, shape, nullptr,
                            llvm::to_vector(llvm::seq<int64_t>(0, shape.size())));
    };
    SmallVector<Value> parts;
    if (before)
      parts.push_back(part(true, before));
    parts.push_back(x);
    if (after)
      parts.push_back(part(false, after));
    SmallVector<int64_t> shape(typeOf(x).getShape());
    shape[dim] = size + before + after;
    x = b.create<hlo::ConcatenateOp>(loc, typeOf(x).clone(shape), parts, dim);
  }
  return single(x);
}

/// Pad: constant mode (stablehlo.pad; negative pads crop), reflect and edge
/// (padByCopies); pads an attribute before opset 11, an input from 11 on.
Results lowerPad(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value x = ctx.input(0);
  RankedTensorType type = typeOf(x);
  std::string mode = ctx.stringAttr("mode", "constant");
  if (mode != "constant" && mode != "reflect" && mode != "edge")
    return ctx.unsupported("mode '" + mode + "'");
  SmallVector<int64_t> pads;
  double fill = 0;
  Value fillValue;
  if (ctx.opset() < 11) {
    pads = ctx.intsAttr("pads").value_or(ctx.intsAttr("paddings").value_or(SmallVector<int64_t>()));
    fill = ctx.floatAttr("value", 0);
  } else {
    FailureOr<SmallVector<int64_t>> values = ctx.requireConstantInts(1, "pads");
    if (failed(values))
      return failure();
    pads = *values;
    if (ctx.hasInput(2))
      fillValue = reshape(b, loc, ctx.input(2), {});
  }
  int64_t rank = type.getRank();
  SmallVector<int64_t> low(rank, 0), high(rank, 0);
  if (ctx.opset() >= 18 && ctx.hasInput(3))
    return ctx.unsupported("the axes input");
  if (static_cast<int64_t>(pads.size()) != 2 * rank)
    return ctx.invalid("pads needs " + Twine(2 * rank) + " values");
  for (int64_t dim = 0; dim < rank; ++dim) {
    low[dim] = pads[dim];
    high[dim] = pads[rank + dim];
  }
  if (mode != "constant")
    return padByCopies(ctx, x, low, high, mode == "reflect");
  SmallVector<int64_t> shape(type.getShape());
  for (int64_t dim = 0; dim < rank; ++dim) {
    if (!type.isDynamicDim(dim))
      shape[dim] += low[dim] + high[dim];
    else if (low[dim] != 0 || high[dim] != 0)
      return ctx.unsupported("padding a dynamic dimension");
  }
  if (!fillValue)
    fillValue = scalarConstant(b, loc, type.getElementType(), fill);
  return single(b.create<hlo::PadOp>(loc, type.clone(shape), x, fillValue, low, high,
                                     SmallVector<int64_t>(rank, 0)));
}

/// Tile: repeats[i] copies along each dimension: a broadcast into
/// [r0, d0, r1, d1, ...] and a reshape.
Results lowerTile(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value x = ctx.input(0);
  RankedTensorType type = typeOf(x);
  FailureOr<SmallVector<int64_t>> repeats = ctx.requireConstantInts(1, "repeats");
  if (failed(repeats))
    return failure();
  if (static_cast<int64_t>(repeats->size()) != type.getRank())
    return ctx.invalid("repeats needs one value per dimension");
  if (!type.hasStaticShape())
    return ctx.unsupported("tiling a dynamic shape");
  SmallVector<int64_t> expanded, dims, shape;
  for (int64_t dim = 0; dim < type.getRank(); ++dim) {
    if ((*repeats)[dim] < 0)
      return ctx.invalid("a negative repeat");
    expanded.push_back((*repeats)[dim]);
    expanded.push_back(type.getDimSize(dim));
    dims.push_back(2 * dim + 1);
    shape.push_back((*repeats)[dim] * type.getDimSize(dim));
  }
  Value broadcast = broadcastInDim(b, loc, x, expanded, nullptr, dims);
  return single(reshape(b, loc, broadcast, shape));
}

} // namespace

void registerShapeOps(LoweringTable &table) {
  table["Constant"] = lowerConstant;
  table["Shape"] = lowerShape;
  table["Size"] = lowerSize;
  table["Reshape"] = lowerReshape;
  table["Flatten"] = lowerFlatten;
  table["Transpose"] = lowerTranspose;
  table["Concat"] = lowerConcat;
  table["Squeeze"] = lowerSqueeze;
  table["Unsqueeze"] = lowerUnsqueeze;
  table["Slice"] = lowerSlice;
  table["Expand"] = lowerExpand;
  table["ConstantOfShape"] = lowerConstantOfShape;
  table["Range"] = lowerRange;
  table["Split"] = lowerSplit;
  table["Pad"] = lowerPad;
  table["Tile"] = lowerTile;
}

} // namespace oxla::onnx
