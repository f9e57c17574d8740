//===- RecurrentOps.cpp - ONNX LSTM, GRU and RNN --------------------------===//
//
// Each direction of a recurrent node becomes:
// - per gate, the input's contribution for every step at once: one
//   dot_general of X [seq, batch, input] with the gate's rows of W, plus its
//   biases;
// - a stablehlo.while over the steps (backwards for the reverse direction)
//   that carries the step number, the hidden state H (and the cell state C
//   of an LSTM) and the output Y [seq, batch, hidden]: each step adds
//   H times the gate's rows of R, applies the activations, and writes H
//   into Y at its step.
// With sequence_lens, a batch entry's steps past its length keep its state
// and write zeros, which for the reverse direction makes its first step the
// last one it has (as the spec says). The batch and the sequence may be
// dynamic: steps are sliced with real_dynamic_slice then.
//
//===----------------------------------------------------------------------===//

#include "compiler/Import/ONNX/ops/Common.h"

#include <cmath>

using namespace mlir;

namespace oxla::onnx {
namespace {

enum class Cell { LSTM, GRU, RNN };

/// One activation function of the node (`activations`) with its alpha and
/// beta (`activation_alpha`, `activation_beta`).
struct Activation {
  std::string name;
  double alpha = 0, beta = 0;
};

/// The activations of every direction: `perDirection` functions each,
/// `defaults` when the attribute is absent.
FailureOr<SmallVector<Activation>> readActivations(NodeContext &ctx,
                                                   ArrayRef<StringRef> defaults,
                                                   int64_t directions) {
  SmallVector<std::string> names;
  if (const ::onnx::AttributeProto *attr = ctx.attr("activations")) {
    for (const std::string &name : attr->strings())
      names.push_back(name);
  } else {
    for (int64_t d = 0; d < directions; ++d)
      for (StringRef name : defaults)
        names.push_back(name.str());
  }
  if (names.size() != defaults.size() * directions) {
    (void)ctx.invalid("expected " + Twine(defaults.size() * directions) +
                      " activations, got " + Twine(names.size()));
    return failure();
  }
  SmallVector<float> alphas = ctx.floatsAttr("activation_alpha").value_or(SmallVector<float>{});
  SmallVector<float> betas = ctx.floatsAttr("activation_beta").value_or(SmallVector<float>{});
  size_t nextAlpha = 0, nextBeta = 0;
  SmallVector<Activation> activations;
  for (const std::string &name : names) {
    Activation activation{name};
    // The defaults of the ONNX op of the same name; given values are taken
    // in order by the functions that have the parameter.
    std::optional<double> alpha, beta;
    if (name == "LeakyRelu")
      alpha = 0.01;
    else if (name == "ThresholdedRelu" || name == "Elu")
      alpha = 1.0;
    else if (name == "HardSigmoid")
      alpha = 0.2, beta = 0.5;
    else if (name == "Affine" || name == "ScaledTanh")
      alpha = 1.0, beta = 0.0;
    else if (name != "Sigmoid" && name != "Tanh" && name != "Relu" && name != "Softsign" &&
             name != "Softplus") {
      (void)ctx.unsupported("activation '" + name + "'");
      return failure();
    }
    if (alpha)
      activation.alpha = nextAlpha < alphas.size() ? alphas[nextAlpha++] : *alpha;
    if (beta)
      activation.beta = nextBeta < betas.size() ? betas[nextBeta++] : *beta;
    activations.push_back(activation);
  }
  return activations;
}

Value apply(OpBuilder &b, Location loc, const Activation &f, Value x) {
  auto splat = [&](double v) { return splatLike(b, loc, x, v); };
  auto mul = [&](Value l, Value r) { return elementwise<hlo::MulOp>(b, loc, {l, r}); };
  auto add = [&](Value l, Value r) { return elementwise<hlo::AddOp>(b, loc, {l, r}); };
  auto select = [&](Value c, Value t, Value e) {
    return b.create<hlo::SelectOp>(loc, x.getType(), c, t, e).getResult();
  };
  if (f.name == "Sigmoid")
    return elementwise<hlo::LogisticOp>(b, loc, {x});
  if (f.name == "Tanh")
    return elementwise<hlo::TanhOp>(b, loc, {x});
  if (f.name == "Relu")
    return elementwise<hlo::MaxOp>(b, loc, {x, splat(0)});
  if (f.name == "Affine")
    return add(mul(splat(f.alpha), x), splat(f.beta));
  if (f.name == "ScaledTanh")
    return mul(splat(f.alpha), elementwise<hlo::TanhOp>(b, loc, {mul(splat(f.beta), x)}));
  if (f.name == "HardSigmoid")
    return b.create<hlo::ClampOp>(loc, x.getType(), splat(0),
                                  add(mul(splat(f.alpha), x), splat(f.beta)), splat(1));
  if (f.name == "LeakyRelu")
    return select(compare(b, loc, x, splat(0), hlo::ComparisonDirection::LT),
                  mul(splat(f.alpha), x), x);
  if (f.name == "ThresholdedRelu")
    return select(compare(b, loc, x, splat(f.alpha), hlo::ComparisonDirection::GT), x, splat(0));
  if (f.name == "Elu")
    return select(compare(b, loc, x, splat(0), hlo::ComparisonDirection::LT),
                  mul(splat(f.alpha), elementwise<hlo::Expm1Op>(b, loc, {x})), x);
  if (f.name == "Softsign")
    return elementwise<hlo::DivOp>(
        b, loc, {x, add(splat(1), elementwise<hlo::AbsOp>(b, loc, {x}))});
  // Softplus.
  return elementwise<hlo::Log1pOp>(b, loc, {elementwise<hlo::ExpOp>(b, loc, {x})});
}

/// Rows [start, start + size) of a static 2-D weight (or 1-D bias).
Value rows(OpBuilder &b, Location loc, Value value, int64_t start, int64_t size) {
  RankedTensorType type = typeOf(value);
  SmallVector<int64_t> begin(type.getRank(), 0), limit(type.getShape()), strides(type.getRank(), 1);
  begin[0] = start;
  limit[0] = start + size;
  SmallVector<int64_t> shape(type.getShape());
  shape[0] = size;
  return b.create<hlo::SliceOp>(loc, type.clone(shape), value, begin, limit, strides);
}

/// x [..., k] times w [n, k] transposed: [..., n].
Value timesTransposed(OpBuilder &b, Location loc, Value x, Value w) {
  RankedTensorType xType = typeOf(x);
  SmallVector<int64_t> shape(xType.getShape().drop_back());
  shape.push_back(typeOf(w).getDimSize(0));
  auto numbers = hlo::DotDimensionNumbersAttr::get(b.getContext(), {}, {},
                                                   {xType.getRank() - 1}, {1});
  return b.create<hlo::DotGeneralOp>(loc, xType.clone(shape), x, w, numbers, nullptr, nullptr);
}

/// `bias` [n] added along the last dimension of `x`.
Value addBias(OpBuilder &b, Location loc, Value x, Value bias) {
  RankedTensorType type = typeOf(x);
  Value wide = broadcastInDim(b, loc, bias, type.getShape(), shapeOf(b, loc, x),
                              {type.getRank() - 1});
  return elementwise<hlo::AddOp>(b, loc, {x, wide});
}

struct Direction {
  bool reverse;
  SmallVector<Activation> activations;
  Value w, r, wb, rb, p; // this direction's weights [gates*H, I], [gates*H, H]; biases; peepholes
  Value h0, c0;          // [batch, H]
};

/// Runs one direction; returns Y [seq, batch, H], the last H and C.
SmallVector<Value> runDirection(NodeContext &ctx, Cell cell, Value x, Value seqLens,
                                const Direction &dir, int64_t hidden) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  RankedTensorType xType = typeOf(x);
  Type element = xType.getElementType();
  int64_t gates = cell == Cell::LSTM ? 4 : cell == Cell::GRU ? 3 : 1;
  float clip = ctx.floatAttr("clip", 0);
  bool hasClip = ctx.hasAttr("clip");
  bool linearBeforeReset = ctx.intAttr("linear_before_reset", 0) != 0;
  bool inputForget = ctx.intAttr("input_forget", 0) != 0;

  // Per gate: X W_g^T + Wb_g (+ Rb_g where it is added unchanged) for all steps.
  SmallVector<Value> inputs, recurrent, recurrentBias;
  for (int64_t g = 0; g < gates; ++g) {
    Value xw = timesTransposed(b, loc, x, rows(b, loc, dir.w, g * hidden, hidden));
    if (dir.wb)
      xw = addBias(b, loc, xw, rows(b, loc, dir.wb, g * hidden, hidden));
    Value rb = dir.rb ? rows(b, loc, dir.rb, g * hidden, hidden) : Value();
    bool separate = cell == Cell::GRU && g == 2; // Rbh sits inside the reset product
    if (rb && !separate)
      xw = addBias(b, loc, xw, rb);
    inputs.push_back(xw);
    recurrent.push_back(rows(b, loc, dir.r, g * hidden, hidden));
    recurrentBias.push_back(separate ? rb : Value());
  }

  Value steps = reshape(b, loc, dimSize(b, loc, x, 0), {});
  Value batchShape = concatShapes(b, loc, {dimSize(b, loc, x, 1), i64Constant(b, loc, {hidden})});
  SmallVector<int64_t> stateShape{xType.getDimSize(1), hidden};
  auto stateType = RankedTensorType::get(stateShape, element);
  SmallVector<int64_t> outShape{xType.getDimSize(0), xType.getDimSize(1), hidden};
  Value zero = scalarConstant(b, loc, element, 0);
  Value y0 = broadcastInDim(b, loc, zero, outShape,
                            concatShapes(b, loc, {dimSize(b, loc, x, 0), batchShape}), {});
  Value c0 = dir.c0 ? dir.c0 : broadcastInDim(b, loc, zero, stateShape, batchShape, {});
  Value t0 = indexConstant(b, loc, 0);
  SmallVector<Value> init{t0, dir.h0, c0, y0};
  SmallVector<Type> types = llvm::to_vector(ValueRange(init).getTypes());
  auto loop = b.create<hlo::WhileOp>(loc, types, init);
  SmallVector<Location> locs(init.size(), loc);
  {
    OpBuilder::InsertionGuard guard(b);
    Block *cond = b.createBlock(&loop.getCond(), {}, types, locs);
    b.setInsertionPointToStart(cond);
    Value more = compare(b, loc, cond->getArgument(0), steps, hlo::ComparisonDirection::LT);
    b.create<hlo::ReturnOp>(loc, more);
  }
  {
    OpBuilder::InsertionGuard guard(b);
    Block *body = b.createBlock(&loop.getBody(), {}, types, locs);
    b.setInsertionPointToStart(body);
    Value t = body->getArgument(0), h = body->getArgument(1), c = body->getArgument(2),
          y = body->getArgument(3);
    Value one = indexConstant(b, loc, 1);
    Value index = dir.reverse ? elementwise<hlo::SubtractOp>(
                                    b, loc, {elementwise<hlo::SubtractOp>(b, loc, {steps, one}), t})
                              : t;
    auto pre = [&](int64_t g, Value state) {
      Value sum = elementwise<hlo::AddOp>(
          b, loc, {takeLeading(b, loc, inputs[g], index), timesTransposed(b, loc, state, recurrent[g])});
      return sum;
    };
    auto clipped = [&](Value v) -> Value {
      if (!hasClip)
        return v;
      return b.create<hlo::ClampOp>(loc, v.getType(), splatLike(b, loc, v, -clip), v,
                                    splatLike(b, loc, v, clip))
          .getResult();
    };
    auto mul = [&](Value l, Value r) { return elementwise<hlo::MulOp>(b, loc, {l, r}); };
    auto add = [&](Value l, Value r) { return elementwise<hlo::AddOp>(b, loc, {l, r}); };
    auto peephole = [&](int64_t k, Value state) -> Value {
      if (!dir.p)
        return Value();
      Value weights = rows(b, loc, dir.p, k * hidden, hidden);
      return mul(broadcastInDim(b, loc, weights, stateShape, batchShape, {1}), state);
    };
    const SmallVector<Activation> &f = dir.activations;
    Value newH, newC = c;
    if (cell == Cell::LSTM) {
      // Gates in W: input, output, forget, cell; peepholes: input, output, forget.
      Value iPre = pre(0, h), fPre = pre(2, h);
      if (Value pi = peephole(0, c))
        iPre = add(iPre, pi);
      if (Value pf = peephole(2, c))
        fPre = add(fPre, pf);
      Value i = apply(b, loc, f[0], clipped(iPre));
      Value forget = inputForget ? elementwise<hlo::SubtractOp>(b, loc, {splatLike(b, loc, i, 1), i})
                                 : apply(b, loc, f[0], clipped(fPre));
      Value candidate = apply(b, loc, f[1], clipped(pre(3, h)));
      newC = add(mul(forget, c), mul(i, candidate));
      Value oPre = pre(1, h);
      if (Value po = peephole(1, newC))
        oPre = add(oPre, po);
      Value o = apply(b, loc, f[0], clipped(oPre));
      newH = mul(o, apply(b, loc, f[2], newC));
    } else if (cell == Cell::GRU) {
      // Gates in W: update (z), reset (r), hidden (h).
      Value z = apply(b, loc, f[0], clipped(pre(0, h)));
      Value r = apply(b, loc, f[0], clipped(pre(1, h)));
      Value xh = takeLeading(b, loc, inputs[2], index);
      Value hr;
      if (linearBeforeReset) {
        Value product = timesTransposed(b, loc, h, recurrent[2]);
        if (recurrentBias[2])
          product = addBias(b, loc, product, recurrentBias[2]);
        hr = mul(r, product);
      } else {
        hr = timesTransposed(b, loc, mul(r, h), recurrent[2]);
        if (recurrentBias[2])
          hr = addBias(b, loc, hr, recurrentBias[2]);
      }
      Value candidate = apply(b, loc, f[1], clipped(add(xh, hr)));
      Value keep = elementwise<hlo::SubtractOp>(b, loc, {splatLike(b, loc, z, 1), z});
      newH = add(mul(keep, candidate), mul(z, h));
    } else {
      newH = apply(b, loc, f[0], clipped(pre(0, h)));
    }
    Value out = newH;
    if (seqLens) {
      // Entries whose sequence has ended keep their state and write zeros.
      Value active = compare(b, loc, broadcastInDim(b, loc, index, typeOf(seqLens).getShape(),
                                                    shapeOf(b, loc, seqLens), {}),
                             seqLens, hlo::ComparisonDirection::LT);
      active = broadcastInDim(b, loc, active, stateShape, batchShape, {0});
      out = b.create<hlo::SelectOp>(loc, stateType, active, newH, splatLike(b, loc, newH, 0));
      newH = b.create<hlo::SelectOp>(loc, stateType, active, newH, h);
      newC = b.create<hlo::SelectOp>(loc, stateType, active, newC, c);
    }
    SmallVector<int64_t> rowShape{1, stateShape[0], hidden};
    Value row = reshape(b, loc, out, rowShape,
                        concatShapes(b, loc, {i64Constant(b, loc, {1}), batchShape}));
    Value zeroIndex = indexConstant(b, loc, 0);
    Value newY = b.create<hlo::DynamicUpdateSliceOp>(loc, y.getType(), y, row,
                                                      ValueRange{index, zeroIndex, zeroIndex});
    b.create<hlo::ReturnOp>(loc, ValueRange{add(t, one), newH, newC, newY});
  }
  b.setInsertionPointAfter(loop);
  return {loop.getResult(3), loop.getResult(1), loop.getResult(2)};
}

template <Cell cell>
Results lowerRecurrent(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value x = ctx.input(0), w = ctx.input(1), r = ctx.input(2);
  int64_t gates = cell == Cell::LSTM ? 4 : cell == Cell::GRU ? 3 : 1;
  int64_t hidden = ctx.intAttr("hidden_size", 0);
  if (rankOf(x) != 3 || rankOf(w) != 3 || rankOf(r) != 3)
    return ctx.invalid("X, W and R must have rank 3");
  if (!typeOf(w).hasStaticShape() || !typeOf(r).hasStaticShape())
    return ctx.unsupported("weights of dynamic shape");
  if (hidden <= 0)
    hidden = typeOf(r).getDimSize(2);
  std::string direction = ctx.stringAttr("direction", "forward");
  int64_t directions = direction == "bidirectional" ? 2 : 1;
  if (direction != "forward" && direction != "reverse" && direction != "bidirectional")
    return ctx.invalid("unknown direction '" + direction + "'");
  if (typeOf(w).getShape() != ArrayRef<int64_t>{directions, gates * hidden, typeOf(x).getDimSize(2)} ||
      typeOf(r).getShape() != ArrayRef<int64_t>{directions, gates * hidden, hidden})
    return ctx.invalid("W or R does not match hidden_size " + Twine(hidden) + " and " +
                       Twine(directions) + " direction(s)");
  bool batchMajor = ctx.intAttr("layout", 0) != 0;
  if (batchMajor)
    x = transpose(b, loc, x, {1, 0, 2});
  SmallVector<StringRef> defaults;
  if (cell == Cell::LSTM)
    defaults = {"Sigmoid", "Tanh", "Tanh"};
  else if (cell == Cell::GRU)
    defaults = {"Sigmoid", "Tanh"};
  else
    defaults = {"Tanh"};
  FailureOr<SmallVector<Activation>> activations = readActivations(ctx, defaults, directions);
  if (failed(activations))
    return failure();

  Value seqLens = ctx.hasInput(4) ? ctx.input(4) : Value();
  if (seqLens)
    seqLens = convert(b, loc, seqLens, b.getI64Type());
  RankedTensorType xType = typeOf(x);
  SmallVector<int64_t> stateShape{xType.getDimSize(1), hidden};
  Value batchShape = concatShapes(b, loc, {dimSize(b, loc, x, 1), i64Constant(b, loc, {hidden})});
  auto perDirection = [&](Value v, int64_t d) -> Value {
    // v [directions, ...] at d.
    return takeLeading(b, loc, v, indexConstant(b, loc, d));
  };
  SmallVector<SmallVector<Value>> outputs;
  for (int64_t d = 0; d < directions; ++d) {
    Direction dir;
    dir.reverse = direction == "reverse" || d == 1;
    dir.activations.assign(activations->begin() + d * defaults.size(),
                           activations->begin() + (d + 1) * defaults.size());
    dir.w = perDirection(w, d);
    dir.r = perDirection(r, d);
    if (ctx.hasInput(3)) {
      Value bias = ctx.input(3);
      if (!typeOf(bias).hasStaticShape() ||
          typeOf(bias).getShape() != ArrayRef<int64_t>{directions, 2 * gates * hidden})
        return ctx.invalid("B must have shape [directions, " + Twine(2 * gates) + " * hidden]");
      Value both = perDirection(bias, d);
      dir.wb = rows(b, loc, both, 0, gates * hidden);
      dir.rb = rows(b, loc, both, gates * hidden, gates * hidden);
    }
    Value zero = scalarConstant(b, loc, elementOf(x), 0);
    dir.h0 = ctx.hasInput(5) ? perDirection(ctx.input(5), d)
                             : broadcastInDim(b, loc, zero, stateShape, batchShape, {});
    if (cell == Cell::LSTM) {
      if (ctx.hasInput(6))
        dir.c0 = perDirection(ctx.input(6), d);
      if (ctx.hasInput(7))
        dir.p = perDirection(ctx.input(7), d);
    }
    outputs.push_back(runDirection(ctx, cell, x, seqLens, dir, hidden));
  }

  // Y [seq, directions, batch, H]; Y_h and Y_c [directions, batch, H]
  // (layout 1: batch first).
  auto stack = [&](int64_t which, int64_t axis) -> Value {
    SmallVector<Value> parts;
    for (SmallVector<Value> &out : outputs) {
      Value v = out[which];
      RankedTensorType type = typeOf(v);
      SmallVector<int64_t> shape(type.getShape());
      shape.insert(shape.begin() + axis, 1);
      SmallVector<Value> sizes;
      for (int64_t dim = 0; dim < type.getRank(); ++dim)
        sizes.push_back(dimSize(b, loc, v, dim));
      sizes.insert(sizes.begin() + axis, i64Constant(b, loc, {1}));
      parts.push_back(reshape(b, loc, v, shape, concatShapes(b, loc, sizes)));
    }
    if (parts.size() == 1)
      return parts.front();
    SmallVector<int64_t> shape(typeOf(parts[0]).getShape());
    shape[axis] = directions;
    return b.create<hlo::ConcatenateOp>(loc, typeOf(parts[0]).clone(shape), parts, axis);
  };
  Value y = stack(0, 1), yh = stack(1, 0);
  Value yc = cell == Cell::LSTM ? stack(2, 0) : Value();
  if (batchMajor) {
    y = transpose(b, loc, y, {2, 0, 1, 3});
    yh = transpose(b, loc, yh, {1, 0, 2});
    if (yc)
      yc = transpose(b, loc, yc, {1, 0, 2});
  }
  SmallVector<Value> results{y, yh};
  if (cell == Cell::LSTM)
    results.push_back(yc);
  results.resize(ctx.numOutputs());
  return results;
}

} // namespace

void registerRecurrentOps(LoweringTable &table) {
  table["GRU"] = lowerRecurrent<Cell::GRU>;
  table["LSTM"] = lowerRecurrent<Cell::LSTM>;
  table["RNN"] = lowerRecurrent<Cell::RNN>;
}

} // namespace oxla::onnx
