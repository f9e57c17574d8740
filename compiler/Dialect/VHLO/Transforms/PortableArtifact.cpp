//===- PortableArtifact.cpp - Reading StableHLO portable artifacts --------===//

#include "compiler/Dialect/VHLO/Transforms/PortableArtifact.h"

#include "compiler/Dialect/VHLO/IR/Version.h"
#include "compiler/Dialect/VHLO/Transforms/BytecodeStructure.h"
#include "compiler/Dialect/VHLO/Transforms/Passes.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <string>

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
  std::string name = buffer->getBufferIdentifier().str();
  if (!isBytecode(*buffer))
    return parseSourceFile<ModuleOp>(sourceMgr, context);

  Location fileLoc = FileLineColLoc::get(context, name, 0, 0);
  if (std::optional<std::string> reason =
          findUnreadableBytecode(buffer->getBuffer())) {
    emitError(fileLoc) << "corrupt portable artifact: " << *reason;
    return nullptr;
  }
  // LLVM stops the process on allocation failures that a file could still
  // cause; report those as invalid input too, with the reason.
  llvm::ScopedFatalErrorHandler fatalErrors(
      [](void *name, const char *reason, bool) {
        llvm::errs() << *static_cast<std::string *>(name)
                     << ": error: corrupt portable artifact: " << reason
                     << "\n";
        llvm::errs().flush();
        std::_Exit(2);
      },
      &name);
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, context);

  // vhlo ops have no verifier of their own (the reader checks only that
  // they exist): the stablehlo ops they become are verified at the end.
  PassManager pm(context, ModuleOp::getOperationName());
  addPortableArtifactImportPasses(pm);
  if (module && succeeded(pm.run(*module)) && succeeded(verify(*module)))
    return module;
  // Upstream's wording, which tests match, then the releases oxla reads.
  emitError(fileLoc) << "failed to deserialize portable artifact using "
                        "StableHLO_v"
                     << Version::current().str() << " (oxla reads artifacts of StableHLO "
                     << Version::minimum().str() << " to "
                     << Version::current().str() << ")";
  return nullptr;
}
