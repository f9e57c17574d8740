//===- ConvertStableHLOToLinalg.cpp - The pass over the pattern sets ------===//

#include "compiler/Conversion/Passes.h"
#include "compiler/Conversion/StableHLOToLinalg/Patterns.h"
#include "compiler/Conversion/StableHLOToLinalg/TypeConversion.h"
#include "compiler/Dialect/CHLO/IR/CHLO.h"
#include "compiler/Dialect/Check/IR/Check.h"
#include "compiler/Dialect/Interpreter/IR/Interpreter.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"

namespace oxla {
#define GEN_PASS_DEF_CONVERTSTABLEHLOTOLINALG
#include "compiler/Conversion/Passes.h.inc"
} // namespace oxla

using namespace mlir;

namespace oxla {
namespace {

bool isLoweredDialect(Dialect *dialect) {
  return isa_and_nonnull<stablehlo::StableHLODialect, chlo::CHLODialect,
                         check::CheckDialect, interpreter::InterpreterDialect>(
      dialect);
}

struct ConvertStableHLOToLinalg
    : public impl::ConvertStableHLOToLinalgBase<ConvertStableHLOToLinalg> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    StableHLOTypeConverter converter;
    flattenCustomCallTuples(module);

    SmallVector<Attribute> checks, customCalls;
    RewritePatternSet patterns(context);
    populateElementwiseToLinalgPatterns(converter, patterns);
    populateChecksToRuntimePatterns(converter, patterns, checks);
    populateCustomCallsToRuntimePatterns(converter, patterns, customCalls);
    populateDataMovementToLinalgPatterns(converter, patterns);
    populateReductionToLinalgPatterns(converter, patterns);
    populateControlFlowToSCFPatterns(converter, patterns);
    populateDotToLinalgPatterns(converter, patterns);
    populateConvolutionToLinalgPatterns(converter, patterns);
    populateChloToLinalgPatterns(converter, patterns);
    populateQuantizationToLinalgPatterns(converter, patterns);
    populateLinearAlgebraAndRandomToLinalgPatterns(converter, patterns);
    populateMiscToLinalgPatterns(converter, patterns);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   converter);
    populateCallOpTypeConversionPattern(patterns, converter);
    populateReturnOpTypeConversionPattern(patterns, converter);
    FrozenRewritePatternSet frozen(std::move(patterns));

    // An op nothing can lower is named up front, at its first location.
    bool unsupported = false;
    llvm::DenseSet<OperationName> reported;
    module.walk([&](Operation *op) {
      // Ops nested in a lowered op (region terminators, bodies) are its
      // pattern's business.
      if (!isLoweredDialect(op->getDialect()) ||
          (op->getParentOp() && isLoweredDialect(op->getParentOp()->getDialect())))
        return;
      if (!frozen.getOpSpecificNativePatterns().count(op->getName()) &&
          reported.insert(op->getName()).second) {
        op->emitError() << "unsupported: no compiler lowering for '"
                        << op->getName() << "'";
        unsupported = true;
      }
    });
    if (unsupported)
      return signalPassFailure();

    ConversionTarget target(*context);
    target.addLegalDialect<arith::ArithDialect, bufferization::BufferizationDialect,
                           complex::ComplexDialect, linalg::LinalgDialect,
                           math::MathDialect, memref::MemRefDialect,
                           scf::SCFDialect, tensor::TensorDialect>();
    target.addIllegalDialect<stablehlo::StableHLODialect, chlo::CHLODialect,
                             check::CheckDialect, interpreter::InterpreterDialect>();
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
      return converter.isSignatureLegal(op.getFunctionType()) &&
             converter.isLegal(&op.getBody());
    });
    target.addDynamicallyLegalOp<func::CallOp, func::ReturnOp>(
        [&](Operation *op) { return converter.isLegal(op); });
    target.addLegalOp<ModuleOp, UnrealizedConversionCastOp>();

    // The framework reports a pattern that declined an op as "failed to
    // legalize operation 'x'"; say instead that oxla does not lower it.
    std::optional<Location> failedLoc;
    std::string failedName;
    LogicalResult result = success();
    {
      ScopedDiagnosticHandler handler(context, [&](Diagnostic &diagnostic) {
        std::string message = diagnostic.str();
        if (diagnostic.getSeverity() != DiagnosticSeverity::Error ||
            !StringRef(message).starts_with("failed to legalize"))
          return failure();
        if (!failedLoc) {
          failedLoc = diagnostic.getLocation();
          failedName = StringRef(message).split('\'').second.split('\'').first.str();
        }
        return success();
      });
      result = applyPartialConversion(module, target, frozen);
    }
    if (succeeded(result)) {
      if (!checks.empty())
        module->setAttr("oxla.checks", ArrayAttr::get(context, checks));
      if (!customCalls.empty())
        module->setAttr("oxla.custom_calls", ArrayAttr::get(context, customCalls));
      return;
    }
    if (failedLoc)
      emitError(*failedLoc) << "unsupported: no compiler lowering for '"
                            << failedName
                            << "' with these operand and result types";
    signalPassFailure();
  }
};

} // namespace
} // namespace oxla
