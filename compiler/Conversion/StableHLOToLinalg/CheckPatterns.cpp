//===- CheckPatterns.cpp - Check ops as calls of the runtime --------------===//
//
// `check.*` and `stablehlo.custom_call @check.*` compare two tensors with the
// upstream harness rules. Compiled code hands both to the runtime routine
//   i1 oxla_check_<type>(i64 id, memref<*xT> actual, memref<*xT> expected)
// (C interface: `_mlir_ciface_oxla_check_<type>`), where <type> is the
// StableHLO element type (si32, ui8, bf16, c64, ...). What to compare and
// where to report a failure is not passed at run time: the module attribute
// `oxla.checks` lists, per id, a dictionary {kind, location, max_ulp,
// min_ulp, tolerance}, which the runtime reads when it loads the module.
// `interpreter.probe`, `check.expect_serialized_eq` and `interpreter.print`
// take the same path with one tensor as both operands: the runtime records,
// compares with a recording, or prints it.
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/StableHLOToLinalg/Patterns.h"
#include "compiler/Conversion/StableHLOToLinalg/TypeConversion.h"
#include "compiler/Dialect/Check/IR/Check.h"
#include "compiler/Dialect/Interpreter/IR/Interpreter.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
namespace hlo = oxla::stablehlo;
namespace check = oxla::check;

namespace oxla {
namespace {

// The defaults of the interpreter (interpreter/ops/CheckEvaluators.cpp):
// both read the same upstream rules.
constexpr int64_t kCustomCallMaxUlp = 3;
constexpr double kCustomCallTolerance = 1e-3;
constexpr double kCheckEqFloatTolerance = 1e-4;
constexpr int64_t kCheckOpMaxUlp = 1;
constexpr double kCheckOpTolerance = 1e-3;

/// What a check compares; the runtime reads the same names.
struct CheckSpec {
  StringRef kind; // "eq", "close", "almost_eq", "probe", "serialized_eq", "print"
  int64_t maxUlp = 0, minUlp = 0;
  double tolerance = 0;
  StringRef probeId; // probe, serialized_eq
  StringRef message; // shape_assertion: the exporter's message
  int64_t iteration = 0; // serialized_eq: which recording of probeId
  bool producesVerdict = false; // check.eq: the i1 result
};

/// The runtime routine's suffix for a StableHLO element type.
std::optional<std::string> typeSuffix(Type type) {
  if (auto integer = dyn_cast<IntegerType>(type)) {
    if (integer.getWidth() == 1)
      return std::string("i1");
    return (integer.isUnsigned() ? "ui" : "si") + std::to_string(integer.getWidth());
  }
  if (type.isBF16())
    return std::string("bf16");
  if (type.isF16())
    return std::string("f16");
  if (type.isF32())
    return std::string("f32");
  if (type.isF64())
    return std::string("f64");
  if (auto complex = dyn_cast<ComplexType>(type)) {
    if (complex.getElementType().isF32())
      return std::string("c64");
    if (complex.getElementType().isF64())
      return std::string("c128");
  }
  return std::nullopt;
}

std::string locationText(Location loc) {
  if (auto fileLoc = dyn_cast<FileLineColLoc>(loc))
    return (fileLoc.getFilename().getValue() + ":" + Twine(fileLoc.getLine()) +
            ":" + Twine(fileLoc.getColumn()))
        .str();
  if (auto nameLoc = dyn_cast<NameLoc>(loc))
    return locationText(nameLoc.getChildLoc());
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location inner : fused.getLocations())
      if (std::string text = locationText(inner); !text.empty())
        return text;
  if (auto callSite = dyn_cast<CallSiteLoc>(loc))
    return locationText(callSite.getCallee());
  return "";
}

/// The check's entry in the module's `oxla.checks` table.
DictionaryAttr describeCheck(Operation *op, const CheckSpec &spec, Builder &builder) {
  NamedAttrList description;
  description.set("kind", builder.getStringAttr(spec.kind));
  description.set("op", builder.getStringAttr(op->getName().getStringRef() ==
                                                       "stablehlo.custom_call"
                                                   ? op->getAttrOfType<StringAttr>(
                                                             "call_target_name")
                                                         .getValue()
                                                   : op->getName().getStringRef()));
  description.set("location", builder.getStringAttr(locationText(op->getLoc())));
  description.set("max_ulp", builder.getI64IntegerAttr(spec.maxUlp));
  description.set("min_ulp", builder.getI64IntegerAttr(spec.minUlp));
  description.set("tolerance", builder.getF64FloatAttr(spec.tolerance));
  if (!spec.probeId.empty()) {
    description.set("probe_id", builder.getStringAttr(spec.probeId));
    description.set("iteration", builder.getI64IntegerAttr(spec.iteration));
  }
  if (!spec.message.empty())
    description.set("message", builder.getStringAttr(spec.message));
  return description.getDictionary(op->getContext());
}

/// Emits the call for one check and returns its verdict (an i1).
FailureOr<Value> emitCheck(Operation *op, Value actual, Value expected,
                           Type hloElementType, const CheckSpec &spec,
                           SmallVectorImpl<Attribute> &checks,
                           ConversionPatternRewriter &rewriter) {
  std::optional<std::string> suffix = typeSuffix(hloElementType);
  if (!suffix)
    return rewriter.notifyMatchFailure(op, "no runtime check for this element type");
  Location loc = op->getLoc();
  MLIRContext *context = op->getContext();
  auto tensorType = cast<RankedTensorType>(actual.getType());
  Type element = tensorType.getElementType();
  auto unranked = UnrankedMemRefType::get(element, /*memorySpace=*/0);
  auto toUnranked = [&](Value tensor) -> Value {
    auto type = cast<RankedTensorType>(tensor.getType());
    Value memref = rewriter.create<bufferization::ToMemrefOp>(
        loc, MemRefType::get(type.getShape(), element), tensor, /*read_only=*/true);
    return rewriter.create<memref::CastOp>(loc, unranked, memref);
  };

  // The routine's declaration, once per module.
  auto module = op->getParentOfType<ModuleOp>();
  std::string name = "oxla_check_" + *suffix;
  auto callee = module.lookupSymbol<func::FuncOp>(name);
  if (!callee) {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(module.getBody());
    auto type = FunctionType::get(
        context, {rewriter.getI64Type(), unranked, unranked}, {rewriter.getI1Type()});
    callee = rewriter.create<func::FuncOp>(loc, name, type);
    callee.setPrivate();
    callee->setAttr("llvm.emit_c_interface", UnitAttr::get(context));
  }

  int64_t id = static_cast<int64_t>(checks.size());
  checks.push_back(describeCheck(op, spec, rewriter));

  Value idValue = rewriter.create<arith::ConstantOp>(loc, rewriter.getI64IntegerAttr(id));
  auto call = rewriter.create<func::CallOp>(
      loc, callee, ValueRange{idValue, toUnranked(actual), toUnranked(expected)});
  return call.getResult(0);
}

double toleranceOf(FloatAttr tolerance) {
  return tolerance ? tolerance.getValueAsDouble() : kCheckOpTolerance;
}

Value constantTensor(ConversionPatternRewriter &rewriter, Location loc,
                     ElementsAttr value, const TypeConverter &converter) {
  auto dense = dyn_cast<DenseElementsAttr>(value);
  if (!dense)
    return {};
  auto type = cast<RankedTensorType>(converter.convertType(dense.getType()));
  DenseElementsAttr signless =
      type == dense.getType() ? dense : dense.bitcast(type.getElementType());
  return rewriter.create<arith::ConstantOp>(loc, type, signless);
}

//===- custom_call @check.* ------------------------------------------------===//

struct CustomCallCheckToRuntime : public OpConversionPattern<hlo::CustomCallOp> {
  CustomCallCheckToRuntime(TypeConverter &converter, MLIRContext *context,
                           SmallVectorImpl<Attribute> &checks)
      : OpConversionPattern(converter, context), checks(checks) {}

  LogicalResult
  matchAndRewrite(hlo::CustomCallOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    StringRef target = op.getCallTargetName();
    if (op->getNumOperands() != 2)
      return rewriter.notifyMatchFailure(op, "not a two-operand check");
    CheckSpec spec;
    Value actual = adaptor.getOperands()[0], expected = adaptor.getOperands()[1];
    Type element = cast<ShapedType>(op->getOperand(0).getType()).getElementType();
    if (target == "check.expect_eq") {
      spec.kind = "eq";
    } else if (target == "check.expect_close") {
      spec.kind = "close";
      spec.maxUlp = kCustomCallMaxUlp;
    } else if (target == "check.expect_almost_eq") {
      spec.kind = "almost_eq";
      spec.tolerance = kCustomCallTolerance;
    } else if (target == "check.eq") {
      // (expected, actual) -> verdict; exact for integers.
      std::swap(actual, expected);
      bool inexact = isa<FloatType, ComplexType>(element);
      spec.kind = inexact ? "almost_eq" : "eq";
      spec.tolerance = inexact ? kCheckEqFloatTolerance : 0;
      spec.producesVerdict = true;
    } else {
      return rewriter.notifyMatchFailure(op, "not a check target");
    }
    if (op->getNumResults() != (spec.producesVerdict ? 1u : 0u))
      return rewriter.notifyMatchFailure(op, "unexpected results");
    FailureOr<Value> verdict =
        emitCheck(op, actual, expected, element, spec, checks, rewriter);
    if (failed(verdict))
      return failure();
    if (spec.producesVerdict) {
      Value tensor = rewriter.create<tensor::FromElementsOp>(
          op.getLoc(), RankedTensorType::get({}, rewriter.getI1Type()), *verdict);
      rewriter.replaceOp(op, tensor);
    } else {
      rewriter.eraseOp(op);
    }
    return success();
  }

  SmallVectorImpl<Attribute> &checks;
};

//===- custom_call @shape_assertion ---------------------------------------===//

/// JAX's `shape_assertion(%holds, %values...) {error_message}`: when %holds
/// is false the run fails with the message, `{i}` replaced by %values[i].
/// Compiled code calls
///   oxla_shape_assertion(i64 id, i1 holds, memref<?xi64> values)
/// (C interface: `_mlir_ciface_oxla_shape_assertion`); the message and the
/// location are in the module's `oxla.checks` table, as for every check. A
/// false assertion abandons the call.
struct ShapeAssertionToRuntime : public OpConversionPattern<hlo::CustomCallOp> {
  ShapeAssertionToRuntime(TypeConverter &converter, MLIRContext *context,
                          SmallVectorImpl<Attribute> &checks)
      : OpConversionPattern(converter, context), checks(checks) {}

  LogicalResult
  matchAndRewrite(hlo::CustomCallOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getCallTargetName() != "shape_assertion")
      return failure();
    auto message = op->getAttrOfType<StringAttr>("error_message");
    if (!message || op->getNumResults() != 0 || op.getInputs().empty())
      return rewriter.notifyMatchFailure(op, "not a well-formed shape_assertion");
    auto scalarOf = [](Value value, bool integer) {
      auto type = dyn_cast<RankedTensorType>(value.getType());
      return type && type.getRank() == 0 &&
             (integer ? isa<IntegerType>(type.getElementType())
                      : type.getElementType().isInteger(1));
    };
    if (!scalarOf(op.getInputs()[0], false))
      return rewriter.notifyMatchFailure(op, "a predicate that is not a tensor<i1>");
    for (Value value : op.getInputs().drop_front())
      if (!scalarOf(value, true))
        return rewriter.notifyMatchFailure(op, "values that are not integer scalars");

    Location loc = op.getLoc();
    MLIRContext *context = op.getContext();
    auto module = op->getParentOfType<ModuleOp>();
    constexpr StringLiteral kRoutine = "oxla_shape_assertion";
    auto valuesType = MemRefType::get({ShapedType::kDynamic}, rewriter.getI64Type());
    auto callee = module.lookupSymbol<func::FuncOp>(kRoutine);
    if (!callee) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(module.getBody());
      auto type = FunctionType::get(
          context, {rewriter.getI64Type(), rewriter.getI1Type(), valuesType}, {});
      callee = rewriter.create<func::FuncOp>(loc, kRoutine, type);
      callee.setPrivate();
      callee->setAttr("llvm.emit_c_interface", UnitAttr::get(context));
    }

    Value holds = rewriter.create<tensor::ExtractOp>(loc, adaptor.getInputs()[0]);
    SmallVector<Value> values;
    for (auto [original, converted] :
         llvm::zip(op.getInputs().drop_front(), adaptor.getInputs().drop_front())) {
      Value scalar = rewriter.create<tensor::ExtractOp>(loc, converted);
      auto type = cast<IntegerType>(
          cast<RankedTensorType>(original.getType()).getElementType());
      if (type.getWidth() < 64)
        scalar = type.isUnsigned()
                     ? rewriter.create<arith::ExtUIOp>(loc, rewriter.getI64Type(), scalar)
                           .getResult()
                     : rewriter.create<arith::ExtSIOp>(loc, rewriter.getI64Type(), scalar)
                           .getResult();
      values.push_back(scalar);
    }
    auto count = static_cast<int64_t>(values.size());
    auto listType = RankedTensorType::get({count}, rewriter.getI64Type());
    Value list = values.empty()
                     ? rewriter.create<tensor::EmptyOp>(loc, listType.getShape(),
                                                        rewriter.getI64Type())
                           .getResult()
                     : rewriter.create<tensor::FromElementsOp>(loc, listType, values)
                           .getResult();
    Value buffer = rewriter.create<bufferization::ToMemrefOp>(
        loc, MemRefType::get({count}, rewriter.getI64Type()), list, /*read_only=*/true);
    Value dynamicBuffer = rewriter.create<memref::CastOp>(loc, valuesType, buffer);

    CheckSpec spec;
    // oxla-check-dynamic-sizes states the sizes an op needs as assertions
    // of their own kind: a false one is an invalid argument.
    spec.kind = op->hasAttr("oxla.size_check") ? "size_check" : "shape_assertion";
    spec.message = message.getValue();
    int64_t id = static_cast<int64_t>(checks.size());
    checks.push_back(describeCheck(op, spec, rewriter));
    Value idValue = rewriter.create<arith::ConstantOp>(loc, rewriter.getI64IntegerAttr(id));
    rewriter.create<func::CallOp>(loc, callee, ValueRange{idValue, holds, dynamicBuffer});
    rewriter.eraseOp(op);
    return success();
  }

  SmallVectorImpl<Attribute> &checks;
};

//===- check dialect -------------------------------------------------------===//

template <typename OpTy>
struct CheckOpToRuntime : public OpConversionPattern<OpTy> {
  CheckOpToRuntime(TypeConverter &converter, MLIRContext *context,
                   SmallVectorImpl<Attribute> &checks)
      : OpConversionPattern<OpTy>(converter, context), checks(checks) {}

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    CheckSpec spec;
    Value actual = adaptor.getOperands()[0], expected;
    Type element = cast<ShapedType>(op->getOperand(0).getType()).getElementType();
    auto fromAttr = [&](ElementsAttr value) {
      return constantTensor(rewriter, op.getLoc(), value, *this->getTypeConverter());
    };
    if constexpr (std::is_same_v<OpTy, check::ExpectEqOp>) {
      spec.kind = "eq";
      expected = adaptor.getRhs();
    } else if constexpr (std::is_same_v<OpTy, check::ExpectEqConstOp>) {
      spec.kind = "eq";
      expected = fromAttr(op.getValue());
    } else if constexpr (std::is_same_v<OpTy, check::ExpectAlmostEqOp>) {
      spec.kind = "almost_eq";
      spec.tolerance = toleranceOf(op.getToleranceAttr());
      expected = adaptor.getRhs();
    } else if constexpr (std::is_same_v<OpTy, check::ExpectAlmostEqConstOp>) {
      spec.kind = "almost_eq";
      spec.tolerance = toleranceOf(op.getToleranceAttr());
      expected = fromAttr(op.getValue());
    } else if constexpr (std::is_same_v<OpTy, interpreter::ProbeOp>) {
      // Recorded in the running session under its probe id, and returned.
      spec.kind = "probe";
      spec.probeId = op.getProbeId();
      expected = actual;
    } else if constexpr (std::is_same_v<OpTy, check::ExpectSerializedEqOp>) {
      // Compared with a recording of that probe id.
      spec.kind = "serialized_eq";
      spec.probeId = op.getProbeId();
      spec.iteration = static_cast<int64_t>(op.getIter().value_or(0));
      expected = actual;
    } else if constexpr (std::is_same_v<OpTy, interpreter::PrintOp>) {
      spec.kind = "print";
      expected = actual;
    } else {
      static_assert(std::is_same_v<OpTy, check::ExpectCloseOp>);
      spec.kind = "close";
      spec.maxUlp = op.getMaxUlpDifference().value_or(kCheckOpMaxUlp);
      spec.minUlp = op.getMinUlpDifference().value_or(0);
      expected = adaptor.getExpected();
    }
    if (!expected)
      return rewriter.notifyMatchFailure(op, "expected value is not dense");
    FailureOr<Value> verdict =
        emitCheck(op, actual, expected, element, spec, checks, rewriter);
    if (failed(verdict))
      return failure();
    // interpreter.probe returns its operand.
    if (op->getNumResults() == 1)
      rewriter.replaceOp(op, actual);
    else
      rewriter.eraseOp(op);
    return success();
  }

  SmallVectorImpl<Attribute> &checks;
};

} // namespace

void populateChecksToRuntimePatterns(TypeConverter &converter,
                                     RewritePatternSet &patterns,
                                     SmallVectorImpl<Attribute> &checks) {
  MLIRContext *context = patterns.getContext();
  patterns.add<CustomCallCheckToRuntime, ShapeAssertionToRuntime,
               CheckOpToRuntime<check::ExpectEqOp>,
               CheckOpToRuntime<check::ExpectEqConstOp>,
               CheckOpToRuntime<check::ExpectAlmostEqOp>,
               CheckOpToRuntime<check::ExpectAlmostEqConstOp>,
               CheckOpToRuntime<check::ExpectCloseOp>,
               CheckOpToRuntime<interpreter::ProbeOp>,
               CheckOpToRuntime<interpreter::PrintOp>,
               CheckOpToRuntime<check::ExpectSerializedEqOp>>(converter, context,
                                                                  checks);
}

} // namespace oxla
