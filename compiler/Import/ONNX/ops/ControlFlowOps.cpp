//===- ControlFlowOps.cpp - ONNX If, Loop and Scan ------------------------===//
//
// The subgraphs (If's branches, Loop's and Scan's bodies) are imported into
// the regions of stablehlo.if and stablehlo.while; they read values of the
// enclosing graphs directly (StableHLO regions may use values defined above
// them).
//
//===----------------------------------------------------------------------===//

#include "compiler/Import/ONNX/ops/Common.h"

using namespace mlir;

namespace oxla::onnx {
namespace {

/// `value` as a 0-d tensor (ONNX conditions and trip counts may be [1]).
FailureOr<Value> scalarOf(NodeContext &ctx, Value value, StringRef what) {
  RankedTensorType type = typeOf(value);
  if (type.getRank() != 0 && !(type.hasStaticShape() && type.getNumElements() == 1)) {
    (void)ctx.invalid(what + " must hold one element, not " + Twine(type.getRank()) + "-d");
    return failure();
  }
  return type.getRank() == 0 ? value : reshape(ctx.builder(), ctx.loc(), value, {});
}

/// A boolean 0-d value that folds to a constant.
std::optional<bool> constantBool(NodeContext &ctx, Value value) {
  std::optional<SmallVector<int64_t>> values = ctx.constantInts(value);
  if (!values || values->size() != 1)
    return std::nullopt;
  return values->front() != 0;
}

/// Imports `graph` into a new block with `argTypes` arguments (inserted at
/// the end of `region`), its inputs being the block's first `numInputs`
/// arguments; returns the block and the subgraph's outputs.
FailureOr<std::pair<Block *, SmallVector<Value>>>
importInto(NodeContext &ctx, Region &region, const ::onnx::GraphProto &graph, TypeRange argTypes,
           unsigned numInputs) {
  OpBuilder &b = ctx.builder();
  OpBuilder::InsertionGuard guard(b);
  SmallVector<Location> locs(argTypes.size(), ctx.loc());
  Block *block = b.createBlock(&region, region.end(), argTypes, locs);
  FailureOr<SmallVector<Value>> outputs =
      ctx.importSubgraph(graph, block->getArguments().take_front(numInputs));
  if (failed(outputs))
    return failure();
  return std::make_pair(block, *outputs);
}

/// If: stablehlo.if on the condition, each branch a region; a condition
/// known when the model is read imports the branch taken in place.
Results lowerIf(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  const ::onnx::GraphProto *thenGraph = ctx.graphAttr("then_branch");
  const ::onnx::GraphProto *elseGraph = ctx.graphAttr("else_branch");
  if (!thenGraph || !elseGraph)
    return ctx.invalid("needs the then_branch and else_branch graphs");
  if (std::optional<bool> taken = constantBool(ctx, ctx.input(0)))
    return ctx.importSubgraph(*taken ? *thenGraph : *elseGraph, {});
  FailureOr<Value> cond = scalarOf(ctx, ctx.input(0), "the condition");
  if (failed(cond))
    return failure();

  // The branches are imported first (their outputs give the results' types)
  // into a region that the stablehlo.if then takes over.
  Region branches;
  auto thenBranch = importInto(ctx, branches, *thenGraph, {}, 0);
  if (failed(thenBranch))
    return failure();
  auto elseBranch = importInto(ctx, branches, *elseGraph, {}, 0);
  if (failed(elseBranch))
    return failure();
  SmallVector<Value> &thenOut = thenBranch->second, &elseOut = elseBranch->second;
  if (thenOut.size() != elseOut.size() || thenOut.size() != ctx.numOutputs())
    return ctx.invalid("the branches give " + Twine(thenOut.size()) + " and " +
                       Twine(elseOut.size()) + " outputs, the node has " +
                       Twine(ctx.numOutputs()));
  SmallVector<Type> types;
  for (auto [i, pair] : llvm::enumerate(llvm::zip_equal(thenOut, elseOut))) {
    auto [t, e] = pair;
    if (t.getType() != e.getType()) {
      std::string message;
      llvm::raw_string_ostream os(message);
      os << "output " << i << " is " << t.getType() << " in then_branch and " << e.getType()
         << " in else_branch (oxla needs one type)";
      return ctx.unsupported(os.str());
    }
    types.push_back(t.getType());
  }
  auto ifOp = b.create<hlo::IfOp>(loc, types, *cond);
  for (auto [block, outputs] : {*thenBranch, *elseBranch}) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToEnd(block);
    b.create<hlo::ReturnOp>(loc, outputs);
  }
  ifOp.getTrueBranch().getBlocks().splice(ifOp.getTrueBranch().end(), branches.getBlocks(),
                                          thenBranch->first);
  ifOp.getFalseBranch().getBlocks().splice(ifOp.getFalseBranch().end(), branches.getBlocks(),
                                           elseBranch->first);
  return SmallVector<Value>(ifOp.getResults());
}

/// The loop-carried values' types must stay as they enter the loop.
LogicalResult checkCarried(NodeContext &ctx, ValueRange initial, ValueRange next,
                           StringRef what) {
  for (auto [i, pair] : llvm::enumerate(llvm::zip_equal(initial, next))) {
    auto [in, out] = pair;
    if (in.getType() != out.getType()) {
      std::string message;
      llvm::raw_string_ostream os(message);
      os << what << " " << i << " enters the loop as " << in.getType()
         << " and leaves the body as " << out.getType()
         << " (oxla needs loop-carried values of one type)";
      return ctx.unsupported(os.str());
    }
  }
  return success();
}

/// Scan outputs collect one value per iteration: buffers [steps, shape...]
/// (static shapes; `steps` may be a run-time size given by `stepsSize`),
/// written at `index` each iteration.
Value scanBuffer(OpBuilder &b, Location loc, RankedTensorType type, int64_t steps,
                 Value stepsSize) {
  SmallVector<int64_t> shape{steps};
  llvm::append_range(shape, type.getShape());
  Value zero = scalarConstant(b, loc, type.getElementType(), 0);
  Value sizes = nullptr;
  if (ShapedType::isDynamic(steps))
    sizes = concatShapes(b, loc, {stepsSize, i64Constant(b, loc, type.getShape())});
  return broadcastInDim(b, loc, zero, shape, sizes, {});
}

Value writeRow(OpBuilder &b, Location loc, Value buffer, Value row, Value index) {
  RankedTensorType rowType = typeOf(row);
  SmallVector<int64_t> shape{1};
  llvm::append_range(shape, rowType.getShape());
  SmallVector<Value> starts{index};
  for (int64_t d = 0; d < rowType.getRank(); ++d)
    starts.push_back(indexConstant(b, loc, 0));
  return b.create<hlo::DynamicUpdateSliceOp>(loc, buffer.getType(), buffer,
                                             reshape(b, loc, row, shape), starts);
}

/// Loop: a stablehlo.while carrying (iteration, condition, values...,
/// scan-output buffers...). The trip count M and the condition are both
/// optional; the loop runs while i < M and the condition holds. Scan outputs
/// need the number of iterations when the model is read: M a constant and a
/// condition that stays true.
Results lowerLoop(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  const ::onnx::GraphProto *body = ctx.graphAttr("body");
  if (!body)
    return ctx.invalid("needs the body graph");
  if (ctx.numInputs() < 2)
    return ctx.invalid("needs the inputs M and cond (either may be empty)");
  unsigned numCarried = ctx.numInputs() - 2;
  if (static_cast<unsigned>(body->input_size()) != numCarried + 2)
    return ctx.invalid("the body has " + Twine(body->input_size()) + " inputs, not " +
                       Twine(numCarried + 2));
  if (body->output_size() < static_cast<int>(numCarried) + 1)
    return ctx.invalid("the body has too few outputs");
  unsigned numScans = body->output_size() - 1 - numCarried;
  if (!ctx.hasInput(0) && !ctx.hasInput(1))
    return ctx.unsupported("neither a trip count nor a condition: the loop never ends");

  auto i1Scalar = RankedTensorType::get({}, b.getI1Type());
  Value tripCount;
  std::optional<int64_t> constantTrips;
  if (ctx.hasInput(0)) {
    FailureOr<Value> m = scalarOf(ctx, ctx.input(0), "M");
    if (failed(m))
      return failure();
    tripCount = convert(b, loc, *m, b.getI64Type());
    if (std::optional<SmallVector<int64_t>> trips = ctx.constantInts(tripCount))
      constantTrips = std::max<int64_t>(0, trips->front());
  }
  Value cond = b.create<hlo::ConstantOp>(loc, DenseElementsAttr::get(i1Scalar, true));
  bool condAlwaysTrue = true;
  if (ctx.hasInput(1)) {
    FailureOr<Value> c = scalarOf(ctx, ctx.input(1), "cond");
    if (failed(c))
      return failure();
    cond = *c;
    condAlwaysTrue = constantBool(ctx, cond).value_or(false);
  }

  SmallVector<Value> init{indexConstant(b, loc, 0), cond};
  for (unsigned i = 0; i < numCarried; ++i)
    init.push_back(ctx.input(2 + i));
  SmallVector<Type> types = llvm::to_vector(ValueRange(init).getTypes());

  // The body first (its scan outputs' types size the buffers), in a
  // region the while takes over.
  Region bodyRegion;
  auto imported = importInto(ctx, bodyRegion, *body, types, 2 + numCarried);
  if (failed(imported))
    return failure();
  Block *block = imported->first;
  SmallVector<Value> &outputs = imported->second;
  Value condOut = outputs[0];
  ValueRange carriedOut = ValueRange(outputs).slice(1, numCarried);
  ValueRange scansOut = ValueRange(outputs).drop_front(1 + numCarried);
  if (failed(checkCarried(ctx, ValueRange(init).drop_front(2), carriedOut, "value")))
    return failure();
  if (typeOf(condOut).getNumElements() != 1 || !elementOf(condOut).isInteger(1))
    return ctx.invalid("the body's first output must be a boolean scalar");

  SmallVector<Type> scanTypes;
  if (numScans) {
    bool condPassedOn = condOut == block->getArgument(1);
    if (!condPassedOn) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToEnd(block);
      condPassedOn = constantBool(ctx, condOut).value_or(false);
    }
    if (!constantTrips && tripCount && condAlwaysTrue && condPassedOn)
      return ctx.computedAtRunTime("M, the number of iterations of a loop with scan outputs,",
                                   tripCount);
    if (!constantTrips || !condAlwaysTrue || !condPassedOn)
      return ctx.unsupported(
          "scan outputs of a loop whose number of iterations is only known at run time "
          "(oxla needs M a constant and a condition that stays true)");
    for (Value scan : scansOut) {
      if (!typeOf(scan).hasStaticShape())
        return ctx.unsupported("a scan output of dynamic shape");
      scanTypes.push_back(scan.getType());
      init.push_back(scanBuffer(b, loc, typeOf(scan), *constantTrips, nullptr));
      types.push_back(init.back().getType());
    }
  }

  auto loop = b.create<hlo::WhileOp>(loc, types, init);
  SmallVector<Location> locs(types.size(), loc);
  {
    OpBuilder::InsertionGuard guard(b);
    Block *condBlock = b.createBlock(&loop.getCond(), {}, types, locs);
    Value more = condBlock->getArgument(1);
    if (tripCount) {
      Value inRange =
          compare(b, loc, condBlock->getArgument(0), tripCount, hlo::ComparisonDirection::LT);
      more = ctx.hasInput(1) ? elementwise<hlo::AndOp>(b, loc, {inRange, more}) : inRange;
    }
    b.create<hlo::ReturnOp>(loc, more);
  }
  {
    OpBuilder::InsertionGuard guard(b);
    for (Type type : scanTypes) {
      SmallVector<int64_t> shape{*constantTrips};
      llvm::append_range(shape, cast<RankedTensorType>(type).getShape());
      block->addArgument(RankedTensorType::get(shape, cast<RankedTensorType>(type).getElementType()),
                         loc);
    }
    b.setInsertionPointToEnd(block);
    Value i = block->getArgument(0);
    SmallVector<Value> next{elementwise<hlo::AddOp>(b, loc, {i, indexConstant(b, loc, 1)}),
                            reshape(b, loc, condOut, {})};
    next[1] = convert(b, loc, next[1], b.getI1Type());
    llvm::append_range(next, carriedOut);
    for (auto [k, scan] : llvm::enumerate(scansOut))
      next.push_back(writeRow(b, loc, block->getArgument(2 + numCarried + k), scan, i));
    b.create<hlo::ReturnOp>(loc, next);
    loop.getBody().getBlocks().splice(loop.getBody().end(), bodyRegion.getBlocks(), block);
  }
  return SmallVector<Value>(loop.getResults().drop_front(2));
}

/// The scan (opset 9's semantics) of `scanInputs` (their scan axis first,
/// read backwards where `inDirections` says) with `states` as the initial
/// state: a stablehlo.while over the steps, the body imported into it; its
/// final states, then each scan output along its axis and direction.
Results buildScan(NodeContext &ctx, const ::onnx::GraphProto *body, ValueRange states,
                  ArrayRef<Value> scanInputs, ArrayRef<int64_t> inDirectionList,
                  ArrayRef<int64_t> outAxisList, ArrayRef<int64_t> outDirectionList) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  unsigned numStates = states.size(), numScanOutputs = outAxisList.size();
  const ArrayRef<int64_t> *inDirections = &inDirectionList, *outAxes = &outAxisList,
                          *outDirections = &outDirectionList;
  int64_t steps = typeOf(scanInputs[0]).getDimSize(0);
  for (Value x : scanInputs)
    if (typeOf(x).getDimSize(0) != steps)
      return ctx.unsupported("scan inputs of different or dynamic lengths");
  Value stepsSize = dimSize(b, loc, scanInputs[0], 0);
  Value stepsScalar = reshape(b, loc, stepsSize, {});

  SmallVector<Value> init{indexConstant(b, loc, 0)};
  llvm::append_range(init, states);
  SmallVector<Type> types = llvm::to_vector(ValueRange(init).getTypes());

  Region bodyRegion;
  Block *block;
  SmallVector<Value> outputs;
  {
    OpBuilder::InsertionGuard guard(b);
    SmallVector<Location> locs(types.size(), loc);
    block = b.createBlock(&bodyRegion, {}, types, locs);
    Value t = block->getArgument(0);
    Value last = elementwise<hlo::SubtractOp>(b, loc, {stepsScalar, indexConstant(b, loc, 1)});
    Value backward = elementwise<hlo::SubtractOp>(b, loc, {last, t});
    SmallVector<Value> inputs(block->getArguments().drop_front());
    for (auto [j, x] : llvm::enumerate(scanInputs))
      inputs.push_back(takeLeading(b, loc, x, (*inDirections)[j] ? backward : t));
    FailureOr<SmallVector<Value>> imported = ctx.importSubgraph(*body, inputs);
    if (failed(imported))
      return failure();
    outputs = *imported;
  }
  ValueRange statesOut = ValueRange(outputs).take_front(numStates);
  ValueRange scansOut = ValueRange(outputs).drop_front(numStates);
  if (failed(checkCarried(ctx, ValueRange(init).drop_front(), statesOut, "state")))
    return failure();
  for (Value scan : scansOut) {
    if (!typeOf(scan).hasStaticShape())
      return ctx.unsupported("a scan output of dynamic shape");
    init.push_back(scanBuffer(b, loc, typeOf(scan), steps, stepsSize));
    types.push_back(init.back().getType());
    block->addArgument(init.back().getType(), loc);
  }

  auto loop = b.create<hlo::WhileOp>(loc, types, init);
  SmallVector<Location> locs(types.size(), loc);
  {
    OpBuilder::InsertionGuard guard(b);
    Block *condBlock = b.createBlock(&loop.getCond(), {}, types, locs);
    b.create<hlo::ReturnOp>(
        loc, compare(b, loc, condBlock->getArgument(0), stepsScalar, hlo::ComparisonDirection::LT));
  }
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToEnd(block);
    Value t = block->getArgument(0);
    SmallVector<Value> next{elementwise<hlo::AddOp>(b, loc, {t, indexConstant(b, loc, 1)})};
    llvm::append_range(next, statesOut);
    for (auto [k, scan] : llvm::enumerate(scansOut))
      next.push_back(writeRow(b, loc, block->getArgument(1 + numStates + k), scan, t));
    b.create<hlo::ReturnOp>(loc, next);
    loop.getBody().getBlocks().splice(loop.getBody().end(), bodyRegion.getBlocks(), block);
  }

  SmallVector<Value> results(loop.getResults().slice(1, numStates));
  for (unsigned k = 0; k < numScanOutputs; ++k) {
    Value buffer = loop.getResult(1 + numStates + k);
    // A reverse scan output holds the last iteration's value first.
    if ((*outDirections)[k])
      buffer = b.create<hlo::ReverseOp>(loc, buffer.getType(), buffer, ArrayRef<int64_t>{0});
    std::optional<int64_t> axis = normalizeAxis((*outAxes)[k], rankOf(buffer));
    if (!axis)
      return ctx.invalid("scan_output_axes[" + Twine(k) + "] out of range");
    SmallVector<int64_t> permutation;
    for (int64_t d = 1; d < rankOf(buffer); ++d)
      permutation.push_back(d);
    permutation.insert(permutation.begin() + *axis, 0);
    results.push_back(transpose(b, loc, buffer, permutation));
  }
  return results;
}


/// Scan in its opset-8 form: inputs (sequence_lens, states..., scan
/// inputs...), every input and output with a batch axis first, the scan
/// inputs scanned along axis 1 (`directions`), the scan outputs written
/// along axis 1. Each batch entry is an opset-9 scan of its slices (the body
/// imported once per entry); the results are stacked along the batch axis.
Results lowerScan8(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  const ::onnx::GraphProto *body = ctx.graphAttr("body");
  if (!body)
    return ctx.invalid("needs the body graph");
  if (ctx.hasInput(0))
    return ctx.unsupported("sequence_lens (scans of different lengths per batch entry)");
  int64_t numScanInputs = ctx.intAttr("num_scan_inputs", -1);
  if (numScanInputs < 1 || numScanInputs + 1 > ctx.numInputs())
    return ctx.invalid("num_scan_inputs must be in [1, number of inputs - 1]");
  unsigned numStates = ctx.numInputs() - 1 - numScanInputs;
  if (body->input_size() != static_cast<int>(numStates + numScanInputs) ||
      body->output_size() < static_cast<int>(numStates))
    return ctx.invalid("the body's inputs and outputs do not match the node's");
  unsigned numScanOutputs = body->output_size() - numStates;
  SmallVector<int64_t> directions =
      ctx.intsAttr("directions").value_or(SmallVector<int64_t>(numScanInputs, 0));
  if (directions.size() != static_cast<size_t>(numScanInputs))
    return ctx.invalid("directions must have " + Twine(numScanInputs) + " entries");
  int64_t batch = ShapedType::kDynamic;
  for (unsigned i = 1; i < ctx.numInputs(); ++i) {
    RankedTensorType type = typeOf(ctx.input(i));
    if (type.getRank() < (i > numStates ? 2 : 1) || type.isDynamicDim(0))
      return ctx.unsupported("inputs without a static batch axis");
    if (batch != ShapedType::kDynamic && type.getDimSize(0) != batch)
      return ctx.invalid("inputs of different batch sizes");
    batch = type.getDimSize(0);
  }
  // Entry `index` of `x`'s batch axis, without it.
  auto entry = [&](Value x, int64_t index) {
    RankedTensorType type = typeOf(x);
    SmallVector<int64_t> low(type.getRank(), 0), high(type.getShape()), strides(type.getRank(), 1),
        shape(type.getShape());
    low[0] = index;
    high[0] = index + 1;
    shape[0] = 1;
    Value slice = b.create<hlo::SliceOp>(loc, type.clone(shape), x, low, high, strides);
    return reshape(b, loc, slice, type.getShape().drop_front());
  };
  SmallVector<SmallVector<Value>> perEntry;
  SmallVector<int64_t> zeros(numScanOutputs, 0);
  for (int64_t index = 0; index < batch; ++index) {
    SmallVector<Value> states, scanInputs;
    for (unsigned i = 0; i < numStates; ++i)
      states.push_back(entry(ctx.input(1 + i), index));
    for (int64_t j = 0; j < numScanInputs; ++j)
      scanInputs.push_back(entry(ctx.input(1 + numStates + j), index));
    Results results = buildScan(ctx, body, states, scanInputs, directions, zeros, zeros);
    if (failed(results))
      return failure();
    perEntry.push_back(std::move(*results));
  }
  if (perEntry.empty())
    return ctx.unsupported("an empty batch");
  SmallVector<Value> results;
  for (size_t k = 0; k < perEntry.front().size(); ++k) {
    SmallVector<Value> parts;
    for (auto &values : perEntry) {
      SmallVector<int64_t> shape{1};
      llvm::append_range(shape, typeOf(values[k]).getShape());
      parts.push_back(reshape(b, loc, values[k], shape));
    }
    SmallVector<int64_t> shape(typeOf(parts.front()).getShape());
    shape[0] = batch;
    results.push_back(
        b.create<hlo::ConcatenateOp>(loc, typeOf(parts.front()).clone(shape), parts, 0));
  }
  return results;
}

/// Scan (opset 9 on): a stablehlo.while over the steps of the scan inputs
/// (each along its scan_input_axes entry, forward or reverse), carrying the
/// state values and one buffer per scan output, which is then laid out along
/// its scan_output_axes entry (reversed for a reverse direction).
Results lowerScan(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  if (ctx.opset() < 9)
    return lowerScan8(ctx);
  const ::onnx::GraphProto *body = ctx.graphAttr("body");
  if (!body)
    return ctx.invalid("needs the body graph");
  int64_t numScanInputs = ctx.intAttr("num_scan_inputs", -1);
  if (numScanInputs < 1 || numScanInputs > ctx.numInputs())
    return ctx.invalid("num_scan_inputs must be in [1, number of inputs]");
  unsigned numStates = ctx.numInputs() - numScanInputs;
  if (body->input_size() != static_cast<int>(ctx.numInputs()) ||
      body->output_size() < static_cast<int>(numStates))
    return ctx.invalid("the body's inputs and outputs do not match the node's");
  unsigned numScanOutputs = body->output_size() - numStates;
  auto listAttr = [&](StringRef name, unsigned size) -> FailureOr<SmallVector<int64_t>> {
    SmallVector<int64_t> values = ctx.intsAttr(name).value_or(SmallVector<int64_t>(size, 0));
    if (values.size() != size) {
      (void)ctx.invalid(name + " must have " + Twine(size) + " entries");
      return failure();
    }
    return values;
  };
  auto inAxes = listAttr("scan_input_axes", numScanInputs);
  auto inDirections = listAttr("scan_input_directions", numScanInputs);
  auto outAxes = listAttr("scan_output_axes", numScanOutputs);
  auto outDirections = listAttr("scan_output_directions", numScanOutputs);
  if (failed(inAxes) || failed(inDirections) || failed(outAxes) || failed(outDirections))
    return failure();

  // Scan inputs with their scan axis first.
  SmallVector<Value> scanInputs;
  for (int64_t j = 0; j < numScanInputs; ++j) {
    Value x = ctx.input(numStates + j);
    std::optional<int64_t> axis = normalizeAxis((*inAxes)[j], rankOf(x));
    if (!axis)
      return ctx.invalid("scan_input_axes[" + Twine(j) + "] out of range");
    SmallVector<int64_t> permutation{*axis};
    for (int64_t d = 0; d < rankOf(x); ++d)
      if (d != *axis)
        permutation.push_back(d);
    scanInputs.push_back(transpose(b, loc, x, permutation));
  }
  SmallVector<Value> states;
  for (unsigned i = 0; i < numStates; ++i)
    states.push_back(ctx.input(i));
  return buildScan(ctx, body, states, scanInputs, *inDirections, *outAxes, *outDirections);
}

} // namespace

void registerControlFlowOps(LoweringTable &table) {
  table["If"] = lowerIf;
  table["Loop"] = lowerLoop;
  table["Scan"] = lowerScan;
}

} // namespace oxla::onnx
