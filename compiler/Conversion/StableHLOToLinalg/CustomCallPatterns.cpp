//===- CustomCallPatterns.cpp - User kernels as calls of the runtime ------===//
//
// A `stablehlo.custom_call` that is not a check runs a kernel the user
// registered under its target name (oxla_client_register_custom_call).
// Compiled code calls the runtime routine
//   oxla_custom_call(i64 id, memref<?xindex> addresses)
// (C interface: `_mlir_ciface_oxla_custom_call`) with the data addresses of
// the operands, then of freshly allocated result buffers, which the kernel
// fills. The module attribute `oxla.custom_calls` lists, per id, the target,
// the operand and result types, the backend_config (the string a user kernel
// gets) and the attributes XLA's CPU kernels read (api_version, the typed-FFI
// dictionary, the layouts; runtime/kernels/XlaCpuTargets.h), which the
// runtime reads when it loads the module (runtime/CustomCallRoutine.cpp).
// Targets of XLA's CPU backend (`lapack_*`, `blas_*`, `ducc_fft`) run the
// runtime's kernel library unless the user registered a kernel of that name.
//
// Results are fresh buffers. An `output_operand_aliases` entry makes the
// aliased result start as a copy of its operand, so that a user kernel that
// updates in place sees what XLA would give it. A tuple result (the older
// LAPACK ABI) is flattened first (flattenCustomCallTuples).
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/StableHLOToLinalg/Patterns.h"
#include "compiler/Conversion/StableHLOToLinalg/TypeConversion.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "runtime/kernels/CallAttributesFromMlir.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace oxla {
namespace {

constexpr StringLiteral kRoutine = "oxla_custom_call";

/// The spec strings of `types`, or failure for anything but a statically
/// shaped tensor (a kernel gets dense buffers of known size).
FailureOr<SmallVector<Attribute>> typeSpecs(TypeRange types, Builder &builder) {
  SmallVector<Attribute> specs;
  for (Type type : types) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    std::optional<std::string> spec = tensorTypeSpec(type);
    if (!tensor || !tensor.hasStaticShape() || !spec)
      return failure();
    specs.push_back(builder.getStringAttr(*spec));
  }
  return specs;
}

std::string backendConfigText(hlo::CustomCallOp op) {
  Attribute config = op.getBackendConfigAttr();
  if (!config)
    return "";
  if (auto text = dyn_cast<StringAttr>(config))
    return text.str();
  std::string printed;
  llvm::raw_string_ostream os(printed);
  config.print(os);
  return os.str();
}

func::FuncOp routineDeclaration(ModuleOp module, ConversionPatternRewriter &rewriter,
                                Location loc) {
  if (auto callee = module.lookupSymbol<func::FuncOp>(kRoutine))
    return callee;
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(module.getBody());
  MLIRContext *context = module.getContext();
  auto addresses = MemRefType::get({ShapedType::kDynamic}, rewriter.getIndexType());
  auto callee = rewriter.create<func::FuncOp>(
      loc, kRoutine, FunctionType::get(context, {rewriter.getI64Type(), addresses}, {}));
  callee.setPrivate();
  callee->setAttr("llvm.emit_c_interface", UnitAttr::get(context));
  return callee;
}

struct CustomCallToRuntime : public OpConversionPattern<hlo::CustomCallOp> {
  CustomCallToRuntime(TypeConverter &converter, MLIRContext *context,
                      SmallVectorImpl<Attribute> &customCalls)
      : OpConversionPattern(converter, context), customCalls(customCalls) {}

  LogicalResult
  matchAndRewrite(hlo::CustomCallOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    StringRef target = op.getCallTargetName();
    if (target.starts_with("check.") || target == "shape_assertion")
      return rewriter.notifyMatchFailure(op, "a check (CheckPatterns.cpp)");
    if (op.getCalledComputations() && !op.getCalledComputations()->empty())
      return rewriter.notifyMatchFailure(op, "kernels with called computations");
    if (llvm::any_of(op->getResultTypes(), [](Type type) { return isa<TupleType>(type); }))
      return rewriter.notifyMatchFailure(op, "tuple results (flattened before)");
    std::string attributeError;
    std::optional<kernels::CallAttributes> attributes =
        kernels::callAttributesOf(op, attributeError);
    if (!attributes)
      return rewriter.notifyMatchFailure(op, attributeError);
    FailureOr<SmallVector<Attribute>> operandSpecs =
        typeSpecs(op->getOperandTypes(), rewriter);
    FailureOr<SmallVector<Attribute>> resultSpecs =
        typeSpecs(op->getResultTypes(), rewriter);
    if (failed(operandSpecs) || failed(resultSpecs))
      return rewriter.notifyMatchFailure(op, "operands or results that are not "
                                             "statically shaped tensors");
    if (kernels::isXlaCpuTarget(target.str())) {
      // A call XLA's kernel cannot take is reported here, at the op.
      std::vector<kernels::BufferType> operandTypes, resultTypes;
      bool typed = true;
      for (Type type : op->getOperandTypes())
        if (std::optional<kernels::BufferType> buffer = kernels::bufferTypeOf(type))
          operandTypes.push_back(*buffer);
        else
          typed = false;
      for (Type type : op->getResultTypes())
        if (std::optional<kernels::BufferType> buffer = kernels::bufferTypeOf(type))
          resultTypes.push_back(*buffer);
        else
          typed = false;
      kernels::Status status =
          typed ? kernels::verifyXlaCpuCall(target.str(), *attributes, operandTypes, resultTypes)
                : kernels::Status::invalid("custom_call @" + target.str() +
                                           ": operands and results must be tensors of the "
                                           "types XLA's CPU kernels take");
      if (!status.isOk())
        return op.emitError() << status.message;
    }
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(), resultTypes)))
      return failure();

    Location loc = op.getLoc();
    MLIRContext *context = op.getContext();
    auto module = op->getParentOfType<ModuleOp>();
    func::FuncOp callee = routineDeclaration(module, rewriter, loc);

    auto addressOf = [&](Value memref) -> Value {
      return rewriter.create<memref::ExtractAlignedPointerAsIndexOp>(loc, memref);
    };
    SmallVector<Value> addresses;
    for (Value operand : adaptor.getOperands()) {
      auto type = cast<RankedTensorType>(operand.getType());
      Value memref = rewriter.create<bufferization::ToMemrefOp>(
          loc, MemRefType::get(type.getShape(), type.getElementType()), operand,
          /*read_only=*/true);
      addresses.push_back(addressOf(memref));
    }
    SmallVector<Value> outputs;
    for (Type type : resultTypes) {
      auto tensor = cast<RankedTensorType>(type);
      Value buffer = rewriter.create<memref::AllocOp>(
          loc, MemRefType::get(tensor.getShape(), tensor.getElementType()));
      outputs.push_back(buffer);
      addresses.push_back(addressOf(buffer));
    }
    // An aliased result starts as its operand (XLA's kernels write every
    // result themselves).
    if (!kernels::isXlaCpuTarget(target.str())) {
      for (Attribute entry : op.getOutputOperandAliases()) {
        auto alias = cast<hlo::OutputOperandAliasAttr>(entry);
        ArrayRef<int64_t> output = alias.getOutputTupleIndices();
        int64_t result = output.empty() ? 0 : output.front();
        int64_t operand = alias.getOperandIndex();
        if (output.size() > 1 || !alias.getOperandTupleIndices().empty() ||
            result >= static_cast<int64_t>(outputs.size()) ||
            op->getOperand(operand).getType() != op->getResult(result).getType())
          continue;
        auto type = cast<RankedTensorType>(adaptor.getOperands()[operand].getType());
        Value source = rewriter.create<bufferization::ToMemrefOp>(
            loc, MemRefType::get(type.getShape(), type.getElementType()),
            adaptor.getOperands()[operand], /*read_only=*/true);
        rewriter.create<memref::CopyOp>(loc, source, outputs[result]);
      }
    }

    // The list lives in the function's entry block: an alloca where the op
    // is would grow the stack on every iteration of an enclosing loop.
    auto count = static_cast<int64_t>(addresses.size());
    Value list;
    {
      OpBuilder::InsertionGuard guard(rewriter);
      auto function = op->getParentOfType<FunctionOpInterface>();
      rewriter.setInsertionPointToStart(&function.getFunctionBody().front());
      list = rewriter.create<memref::AllocaOp>(
          loc, MemRefType::get({count}, rewriter.getIndexType()));
    }
    for (auto [index, address] : llvm::enumerate(addresses)) {
      Value position = rewriter.create<arith::ConstantIndexOp>(loc, index);
      rewriter.create<memref::StoreOp>(loc, address, list, position);
    }
    Value dynamicList = rewriter.create<memref::CastOp>(
        loc, callee.getFunctionType().getInput(1), list);

    auto id = static_cast<int64_t>(customCalls.size());
    NamedAttrList description;
    description.set("target", rewriter.getStringAttr(target));
    description.set("operands", rewriter.getArrayAttr(*operandSpecs));
    description.set("results", rewriter.getArrayAttr(*resultSpecs));
    description.set("backend_config", rewriter.getStringAttr(backendConfigText(op)));
    description.set("attributes", rewriter.getStringAttr(attributes->serialize()));
    customCalls.push_back(description.getDictionary(context));

    Value idValue = rewriter.create<arith::ConstantOp>(loc, rewriter.getI64IntegerAttr(id));
    rewriter.create<func::CallOp>(loc, callee, ValueRange{idValue, dynamicList});

    SmallVector<Value> results;
    for (auto [buffer, type] : llvm::zip_equal(outputs, resultTypes))
      results.push_back(rewriter.create<bufferization::ToTensorOp>(
          loc, type, buffer, /*restrict=*/true, /*writable=*/true));
    rewriter.replaceOp(op, results);
    return success();
  }

  SmallVectorImpl<Attribute> &customCalls;
};

} // namespace

void flattenCustomCallTuples(ModuleOp module) {
  SmallVector<hlo::CustomCallOp> calls;
  module.walk([&](hlo::CustomCallOp op) {
    if (op->getNumResults() == 1 && isa<TupleType>(op->getResult(0).getType()))
      calls.push_back(op);
  });
  for (hlo::CustomCallOp op : calls) {
    OpBuilder builder(op);
    auto tuple = cast<TupleType>(op->getResult(0).getType());
    OperationState state(op.getLoc(), op->getName());
    state.addOperands(op->getOperands());
    state.addTypes(tuple.getTypes());
    state.addAttributes(op->getAttrs());
    Operation *flat = builder.create(state);
    auto make = builder.create<hlo::TupleOp>(op.getLoc(), tuple, flat->getResults());
    op->getResult(0).replaceAllUsesWith(make.getResult());
    op->erase();
  }
}

void populateCustomCallsToRuntimePatterns(TypeConverter &converter,
                                          RewritePatternSet &patterns,
                                          SmallVectorImpl<Attribute> &customCalls) {
  patterns.add<CustomCallToRuntime>(converter, patterns.getContext(), customCalls);
}

} // namespace oxla
