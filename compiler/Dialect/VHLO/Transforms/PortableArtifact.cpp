//===- PortableArtifact.cpp - Reading StableHLO portable artifacts --------===//

#include "compiler/Dialect/VHLO/Transforms/PortableArtifact.h"

#include "compiler/Dialect/VHLO/IR/Version.h"
#include "compiler/Dialect/VHLO/Transforms/Passes.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/Support/SourceMgr.h"

using namespace mlir;

void oxla::vhlo::addPortableArtifactImportPasses(OpPassManager &pm) {
  pm.addPass(createVhloImportUpstream());
  VhloToVersionOptions current;
  current.targetVersionOption = "current";
  pm.addPass(createVhloToVersion(current));
  pm.addPass(createVhloLegalizeToStablehlo());
}

OwningOpRef<ModuleOp>
oxla::vhlo::parseSourceOrArtifact(llvm::SourceMgr &sourceMgr,
                                  MLIRContext *context) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  if (!isBytecode(*buffer))
    return parseSourceFile<ModuleOp>(sourceMgr, context);

  // The bytecode holds vhlo ops, which have no verifier of their own: the
  // stablehlo ops they become are verified at the end.
  ParserConfig config(context, /*verifyAfterParse=*/false);
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, config);
  if (!module)
    return nullptr;
  PassManager pm(context, ModuleOp::getOperationName());
  addPortableArtifactImportPasses(pm);
  if (failed(pm.run(*module)) || failed(verify(*module))) {
    emitError(FileLineColLoc::get(context, buffer->getBufferIdentifier(), 0, 0))
        << "failed to read the portable artifact: oxla reads StableHLO "
        << "releases " << Version::minimum().str() << " to "
        << Version::current().str();
    return nullptr;
  }
  return module;
}
