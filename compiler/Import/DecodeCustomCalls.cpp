//===- DecodeCustomCalls.cpp - Ops that exporters encode as custom calls --===//
//
// oxla-decode-custom-calls (Passes.td): one pattern per family of encoded
// ops. Each checks the encoding's operands and attributes and reports what
// does not fit at the op; what it cannot decode yet (a k that is only known
// when the program runs) stays a custom call for the interpreter and the
// compiler to judge.
//
//===----------------------------------------------------------------------===//

#include "compiler/Import/Passes.h"

#include "compiler/Dialect/CHLO/IR/CHLO.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/ADT/StringSwitch.h"

namespace oxla {
#define GEN_PASS_DEF_DECODECUSTOMCALLS
#include "compiler/Import/Passes.h.inc"
} // namespace oxla

using namespace mlir;
namespace hlo = oxla::stablehlo;
namespace chlo = oxla::chlo;

namespace {

/// The `mhlo.attributes` dictionary of an encoded MHLO op (empty if absent).
DictionaryAttr mhloAttributes(hlo::CustomCallOp op) {
  if (auto attributes = op->getAttrOfType<DictionaryAttr>("mhlo.attributes"))
    return attributes;
  return DictionaryAttr::get(op.getContext());
}

/// Creates the op `name` with the custom call's operands and result types and
/// replaces the custom call with it; the verifier then checks the types.
void replaceWithOp(hlo::CustomCallOp op, StringRef name, RewriterBase &rewriter,
                   ArrayRef<NamedAttribute> attributes = {}) {
  OperationState state(op.getLoc(), name);
  state.addOperands(op.getInputs());
  state.addTypes(op.getResultTypes());
  state.addAttributes(attributes);
  Operation *decoded = rewriter.create(state);
  rewriter.replaceOp(op, decoded->getResults());
}

//===- @mhlo.<op> ---------------------------------------------------------===//

/// The op an `@mhlo.<name>` custom call encodes and its operand count, for
/// the elementwise ops that have no StableHLO counterpart (or did not when
/// the program was exported).
std::optional<std::pair<StringRef, unsigned>>
elementwiseMhloOp(StringRef name) {
  using Entry = std::optional<std::pair<StringRef, unsigned>>;
  return llvm::StringSwitch<Entry>(name)
      .Case("acos", Entry({"chlo.acos", 1}))
      .Case("acosh", Entry({"chlo.acosh", 1}))
      .Case("asin", Entry({"chlo.asin", 1}))
      .Case("asinh", Entry({"chlo.asinh", 1}))
      .Case("atan", Entry({"chlo.atan", 1}))
      .Case("atanh", Entry({"chlo.atanh", 1}))
      .Case("bessel_i1e", Entry({"chlo.bessel_i1e", 1}))
      .Case("conj", Entry({"chlo.conj", 1}))
      .Case("cosh", Entry({"chlo.cosh", 1}))
      .Case("sinh", Entry({"chlo.sinh", 1}))
      .Case("tan", Entry({"chlo.tan", 1}))
      .Case("digamma", Entry({"chlo.digamma", 1}))
      .Case("erf", Entry({"chlo.erf", 1}))
      .Case("erfc", Entry({"chlo.erfc", 1}))
      .Case("erf_inv", Entry({"chlo.erf_inv", 1}))
      .Case("lgamma", Entry({"chlo.lgamma", 1}))
      .Case("is_inf", Entry({"chlo.is_inf", 1}))
      .Case("is_neg_inf", Entry({"chlo.is_neg_inf", 1}))
      .Case("is_pos_inf", Entry({"chlo.is_pos_inf", 1}))
      .Case("next_after", Entry({"chlo.next_after", 2}))
      .Case("polygamma", Entry({"chlo.polygamma", 2}))
      .Case("zeta", Entry({"chlo.zeta", 2}))
      .Default(std::nullopt);
}

/// Not applicable: false; decoded: true; a malformed encoding: failure
/// (reported at the op).
FailureOr<bool> decodeMhloElementwise(hlo::CustomCallOp op,
                                      RewriterBase &rewriter) {
  StringRef target = op.getCallTargetName();
  if (!target.consume_front("mhlo."))
    return false;
  std::optional<std::pair<StringRef, unsigned>> decoded =
      elementwiseMhloOp(target);
  if (!decoded)
    return false;
  if (op.getInputs().size() != decoded->second || op->getNumResults() != 1) {
    op.emitOpError() << "@mhlo." << target << " encodes " << decoded->first
                     << ", which takes " << decoded->second
                     << " operand(s) and has one result, but the call has "
                     << op.getInputs().size() << " operand(s) and "
                     << op->getNumResults() << " result(s)";
    return failure();
  }
  if (!mhloAttributes(op).empty()) {
    op.emitOpError() << "@mhlo." << target << " has no attributes, but got "
                     << mhloAttributes(op);
    return failure();
  }
  replaceWithOp(op, decoded->first, rewriter);
  return true;
}

//===- top k: @mhlo.topk, @stablehlo.dynamic_top_k ------------------------===//

/// The k smallest elements along the last dimension in ascending order with
/// their indices (ties: the lower index first), as a stable sort of (x, iota)
/// on x and the first k of each row.
SmallVector<Value> smallestK(Location loc, Value operand, int64_t k,
                             TypeRange resultTypes, RewriterBase &rewriter) {
  auto type = cast<RankedTensorType>(operand.getType());
  int64_t last = type.getRank() - 1;
  auto indexType =
      RankedTensorType::get(type.getShape(), rewriter.getI32Type());
  Value iota = rewriter.create<hlo::IotaOp>(loc, indexType, last);

  OperationState sortState(loc, "stablehlo.sort");
  sortState.addOperands({operand, iota});
  sortState.addTypes({type, indexType});
  sortState.addAttribute("dimension", rewriter.getI64IntegerAttr(last));
  sortState.addAttribute("is_stable", rewriter.getBoolAttr(true));
  Region *comparator = sortState.addRegion();
  {
    OpBuilder::InsertionGuard guard(rewriter);
    Block *body = rewriter.createBlock(comparator);
    auto scalar = RankedTensorType::get({}, type.getElementType());
    auto scalarIndex = RankedTensorType::get({}, rewriter.getI32Type());
    for (Type argument :
         {Type(scalar), Type(scalar), Type(scalarIndex), Type(scalarIndex)})
      body->addArgument(argument, loc);
    Type element = type.getElementType();
    StringRef compareType = isa<FloatType>(element)       ? "TOTALORDER"
                            : element.isUnsignedInteger() ? "UNSIGNED"
                            : element.isInteger(1)        ? "UNSIGNED"
                                                          : "SIGNED";
    OperationState compare(loc, "stablehlo.compare");
    compare.addOperands({body->getArgument(0), body->getArgument(1)});
    compare.addTypes(RankedTensorType::get({}, rewriter.getI1Type()));
    compare.addAttribute(
        "comparison_direction",
        hlo::ComparisonDirectionAttr::get(rewriter.getContext(),
                                          hlo::ComparisonDirection::LT));
    compare.addAttribute(
        "compare_type",
        hlo::ComparisonTypeAttr::get(
            rewriter.getContext(), *hlo::symbolizeComparisonType(compareType)));
    Value less = rewriter.create(compare)->getResult(0);
    rewriter.create<hlo::ReturnOp>(loc, less);
  }
  Operation *sort = rewriter.create(sortState);

  SmallVector<int64_t> start(type.getRank(), 0), limit(type.getShape()),
      strides(type.getRank(), 1);
  limit[last] = k;
  SmallVector<Value> results;
  for (auto [sorted, resultType] : llvm::zip(sort->getResults(), resultTypes))
    results.push_back(rewriter.create<hlo::SliceOp>(loc, resultType, sorted,
                                                    start, limit, strides));
  return results;
}

/// Checks the common shape of a top-k encoding: `numOperands` operands, the
/// first of rank >= 1, and two results (values, indices).
LogicalResult checkTopKShape(hlo::CustomCallOp op, StringRef what,
                             unsigned numOperands) {
  if (op.getInputs().size() != numOperands || op->getNumResults() != 2) {
    op.emitOpError()
        << what << " takes " << numOperands
        << " operand(s) and has 2 results (values, indices), but the "
           "call has "
        << op.getInputs().size() << " operand(s) and " << op->getNumResults()
        << " result(s)";
    return failure();
  }
  auto operand = dyn_cast<RankedTensorType>(op.getInputs()[0].getType());
  if (!operand || operand.getRank() < 1) {
    op.emitOpError() << what << " needs a ranked operand of rank at least 1";
    return failure();
  }
  return success();
}

/// Not applicable: false; decoded: true; a malformed encoding: failure
/// (reported at the op).
FailureOr<bool> decodeMhloTopK(hlo::CustomCallOp op, RewriterBase &rewriter) {
  if (op.getCallTargetName() != "mhlo.topk")
    return false;
  if (failed(checkTopKShape(op, "@mhlo.topk", 1)))
    return failure();
  DictionaryAttr attributes = mhloAttributes(op);
  auto k = attributes.getAs<IntegerAttr>("k");
  if (!k) {
    op.emitOpError() << "@mhlo.topk needs an integer `k` in mhlo.attributes";
    return failure();
  }
  bool largest = true;
  if (Attribute attr = attributes.get("largest")) {
    auto flag = dyn_cast<BoolAttr>(attr);
    if (!flag) {
      op.emitOpError() << "@mhlo.topk: `largest` must be a boolean, but got "
                       << attr;
      return failure();
    }
    largest = flag.getValue();
  }
  for (NamedAttribute attr : attributes)
    if (attr.getName() != "k" && attr.getName() != "largest") {
      op.emitOpError() << "@mhlo.topk: unknown attribute `"
                       << attr.getName().str() << "`";
      return failure();
    }
  Value operand = op.getInputs()[0];
  int64_t last = cast<RankedTensorType>(operand.getType()).getShape().back();
  if (k.getInt() < 0 || (!ShapedType::isDynamic(last) && k.getInt() > last)) {
    op.emitOpError() << "@mhlo.topk: k = " << k.getInt() << " must be in [0, "
                     << last << "]";
    return failure();
  }
  if (largest) {
    replaceWithOp(
        op, "chlo.top_k", rewriter,
        {rewriter.getNamedAttr("k", rewriter.getI64IntegerAttr(k.getInt()))});
    return true;
  }
  if (ShapedType::isDynamic(last) ||
      !cast<RankedTensorType>(operand.getType()).hasStaticShape())
    return false;
  rewriter.replaceOp(op, smallestK(op.getLoc(), operand, k.getInt(),
                                   op.getResultTypes(), rewriter));
  return true;
}

/// Not applicable: false; decoded: true; a malformed encoding: failure
/// (reported at the op).
FailureOr<bool> decodeDynamicTopK(hlo::CustomCallOp op,
                                  RewriterBase &rewriter) {
  if (op.getCallTargetName() != "stablehlo.dynamic_top_k")
    return false;
  if (failed(checkTopKShape(op, "@stablehlo.dynamic_top_k", 2)))
    return failure();
  auto kType = dyn_cast<RankedTensorType>(op.getInputs()[1].getType());
  if (!kType || kType.getRank() != 0 ||
      !isa<IntegerType>(kType.getElementType())) {
    op.emitOpError() << "@stablehlo.dynamic_top_k: k must be an integer scalar "
                        "tensor, but got "
                     << op.getInputs()[1].getType();
    return failure();
  }
  APInt k;
  if (!matchPattern(op.getInputs()[1], m_ConstantInt(&k)))
    return false;
  OperationState state(op.getLoc(), "chlo.top_k");
  state.addOperands(op.getInputs()[0]);
  state.addTypes(op.getResultTypes());
  state.addAttribute("k", rewriter.getI64IntegerAttr(k.getSExtValue()));
  rewriter.replaceOp(op, rewriter.create(state)->getResults());
  return true;
}

//===- approximate top k: @ApproxTopK, @stablehlo.dynamic_approx_top_k ---===//

/// `ApproxTopK(%x..., %init...)` {called_computations = [@cmp],
/// mhlo.backend_config = {reduction_dim, top_k, recall_target, ...}} returns
/// the first top_k of each operand along reduction_dim in the order of the
/// comparator; the dynamic form takes top_k as a last operand. An exact top
/// k is a valid approximate one (XLA's CPU fallback computes it): a stable
/// sort with the comparator, then the first top_k.
FailureOr<bool> decodeApproxTopK(hlo::CustomCallOp op, RewriterBase &rewriter) {
  StringRef target = op.getCallTargetName();
  bool dynamic = target == "stablehlo.dynamic_approx_top_k";
  if (target != "ApproxTopK" && !dynamic)
    return false;
  size_t numInputs = op.getInputs().size() - (dynamic ? 1 : 0);
  size_t n = op->getNumResults();
  auto config = op->getAttrOfType<DictionaryAttr>("mhlo.backend_config");
  auto computations = op.getCalledComputations();
  if (n == 0 || numInputs != 2 * n || !config || !computations ||
      computations->size() != 1) {
    op.emitOpError() << "@" << target
                     << " takes N operands, N initial values"
                     << (dynamic ? " and k" : "")
                     << ", a comparator in called_computations and "
                        "mhlo.backend_config, and has N results";
    return failure();
  }
  auto reductionDim = config.getAs<IntegerAttr>("reduction_dim");
  auto operandType = dyn_cast<RankedTensorType>(op.getInputs()[0].getType());
  if (!reductionDim || !operandType || reductionDim.getInt() < 0 ||
      reductionDim.getInt() >= operandType.getRank()) {
    op.emitOpError() << "@" << target
                     << " needs a reduction_dim within the operand's rank";
    return failure();
  }
  int64_t dim = reductionDim.getInt();
  int64_t k;
  if (dynamic) {
    APInt value;
    if (!matchPattern(op.getInputs().back(), m_ConstantInt(&value)))
      return false; // k known only at run time
    k = value.getSExtValue();
  } else {
    auto topK = config.getAs<IntegerAttr>("top_k");
    if (!topK) {
      op.emitOpError() << "@ApproxTopK needs top_k in mhlo.backend_config";
      return failure();
    }
    k = topK.getInt();
  }
  if (!operandType.hasStaticShape())
    return false;
  if (k < 0 || k > operandType.getDimSize(dim)) {
    op.emitOpError() << "@" << target << ": k = " << k << " must be in [0, "
                     << operandType.getDimSize(dim) << "]";
    return failure();
  }
  auto comparator = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      op, cast<FlatSymbolRefAttr>((*computations)[0]));
  if (!comparator || comparator.getBody().empty() ||
      comparator.getNumArguments() != 2 * n) {
    op.emitOpError() << "@" << target << ": the comparator must be a function of "
                     << 2 * n << " scalars";
    return failure();
  }

  Location loc = op.getLoc();
  ValueRange inputs = op.getInputs().take_front(n);
  OperationState sortState(loc, "stablehlo.sort");
  sortState.addOperands(inputs);
  sortState.addTypes(inputs.getTypes());
  sortState.addAttribute("dimension", rewriter.getI64IntegerAttr(dim));
  sortState.addAttribute("is_stable", rewriter.getBoolAttr(true));
  Region *body = sortState.addRegion();
  IRMapping mapping;
  comparator.getBody().cloneInto(body, mapping);
  Operation *terminator = body->back().getTerminator();
  {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(terminator);
    rewriter.create<hlo::ReturnOp>(loc, terminator->getOperands());
    rewriter.eraseOp(terminator);
  }
  Operation *sort = rewriter.create(sortState);
  SmallVector<int64_t> start(operandType.getRank(), 0),
      limit(operandType.getShape()), strides(operandType.getRank(), 1);
  limit[dim] = k;
  SmallVector<Value> results;
  for (auto [sorted, resultType] :
       llvm::zip(sort->getResults(), op->getResultTypes()))
    results.push_back(rewriter.create<hlo::SliceOp>(loc, resultType, sorted,
                                                    start, limit, strides));
  rewriter.replaceOp(op, results);
  return true;
}

//===- @stablehlo.dynamic_rng_bit_generator -------------------------------===//

/// Not applicable: false; decoded: true; a malformed encoding: failure
/// (reported at the op).
FailureOr<bool> decodeDynamicRngBitGenerator(hlo::CustomCallOp op,
                                             RewriterBase &rewriter) {
  if (op.getCallTargetName() != "stablehlo.dynamic_rng_bit_generator")
    return false;
  if (op.getInputs().size() != 2 || op->getNumResults() != 2) {
    op.emitOpError() << "@stablehlo.dynamic_rng_bit_generator takes (state, "
                        "output shape) and has 2 results (state, output)";
    return failure();
  }
  auto algorithm = op->getAttrOfType<hlo::RngAlgorithmAttr>("rng_algorithm");
  if (!algorithm) {
    op.emitOpError() << "@stablehlo.dynamic_rng_bit_generator needs an "
                        "`rng_algorithm` attribute";
    return failure();
  }
  DenseIntElementsAttr shape;
  if (!matchPattern(op.getInputs()[1], m_Constant(&shape)))
    return false;
  SmallVector<int64_t> dims;
  for (const APInt &dim : shape.getValues<APInt>())
    dims.push_back(dim.getSExtValue());
  auto output = cast<RankedTensorType>(op->getResult(1).getType());
  if (!output.hasRank() || output.getRank() != int64_t(dims.size())) {
    op.emitOpError()
        << "@stablehlo.dynamic_rng_bit_generator: the output shape "
           "operand has "
        << dims.size() << " dimensions, but the result is " << output;
    return failure();
  }
  auto staticOutput = RankedTensorType::get(dims, output.getElementType());
  OperationState state(op.getLoc(), "stablehlo.rng_bit_generator");
  state.addOperands(op.getInputs()[0]);
  state.addTypes({op->getResult(0).getType(), staticOutput});
  state.addAttribute("rng_algorithm", algorithm);
  Operation *generator = rewriter.create(state);
  Value result = generator->getResult(1);
  if (staticOutput != output)
    result = rewriter.create<hlo::ConvertOp>(op.getLoc(), output, result);
  rewriter.replaceOp(op, {generator->getResult(0), result});
  return true;
}

//===- placement hints: the identity on a CPU -----------------------------===//

/// Not applicable: false; decoded: true; a malformed encoding: failure
/// (reported at the op).
FailureOr<bool> decodePlacementHint(hlo::CustomCallOp op,
                                    RewriterBase &rewriter) {
  StringRef target = op.getCallTargetName();
  if (target != "annotate_device_placement" && target != "MoveToHost" &&
      target != "MoveToDevice")
    return false;
  if (op.getInputs().size() != op->getNumResults() ||
      op.getInputs().getTypes() != op->getResultTypes()) {
    op.emitOpError() << "@" << target
                     << " returns its operands as they are, but its result "
                        "types differ from its operand types";
    return failure();
  }
  rewriter.replaceOp(op, op.getInputs());
  return true;
}

//===- @shape_assertion ---------------------------------------------------===//

/// Not applicable: false; decoded: true; a malformed encoding: failure
/// (reported at the op).
FailureOr<bool> removeTrueShapeAssertion(hlo::CustomCallOp op,
                                         RewriterBase &rewriter) {
  if (op.getCallTargetName() != "shape_assertion" || op.getInputs().empty())
    return false;
  DenseIntElementsAttr predicate;
  if (!matchPattern(op.getInputs()[0], m_Constant(&predicate)) ||
      !predicate.getElementType().isInteger(1) ||
      !llvm::all_of(predicate.getValues<bool>(),
                    [](bool value) { return value; }))
    return false;
  rewriter.eraseOp(op);
  return true;
}

struct DecodeCustomCallsPass
    : public oxla::impl::DecodeCustomCallsBase<DecodeCustomCallsPass> {
  void runOnOperation() override {
    using Decoder = FailureOr<bool> (*)(hlo::CustomCallOp, RewriterBase &);
    static constexpr Decoder decoders[] = {
        decodeMhloElementwise,        decodeMhloTopK,
        decodeDynamicTopK,            decodeApproxTopK,
        decodeDynamicRngBitGenerator, decodePlacementHint,
        removeTrueShapeAssertion};
    SmallVector<hlo::CustomCallOp> calls;
    getOperation().walk([&](hlo::CustomCallOp op) { calls.push_back(op); });
    IRRewriter rewriter(&getContext());
    bool malformed = false;
    for (hlo::CustomCallOp op : calls) {
      rewriter.setInsertionPoint(op);
      for (Decoder decode : decoders) {
        FailureOr<bool> decoded = decode(op, rewriter);
        if (failed(decoded))
          malformed = true;
        if (failed(decoded) || *decoded)
          break;
      }
    }
    if (malformed)
      signalPassFailure();
  }
};

} // namespace

LogicalResult oxla::decodeCustomCalls(ModuleOp module) {
  PassManager pm(module.getContext());
  pm.addPass(createDecodeCustomCalls());
  return pm.run(module);
}
