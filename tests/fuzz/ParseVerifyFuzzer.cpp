// libFuzzer target: parse + verify + print arbitrary bytes as MLIR with every
// dialect oxla registers, or as a portable artifact when they start like MLIR
// bytecode. Any crash, hang or leak is a bug; diagnostics are the expected
// outcome for bad input.

#include "compiler/Dialect/VHLO/Transforms/PortableArtifact.h"
#include "compiler/Registration.h"
#include "compiler/Import/SourceCompat.h"
#include "compiler/Import/SourceScanner.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>
#include <string>

static mlir::MLIRContext &context() {
  static mlir::MLIRContext *ctx = [] {
    mlir::DialectRegistry registry;
    oxla::registerDialects(registry);
    auto *c = new mlir::MLIRContext(registry,
                                    mlir::MLIRContext::Threading::DISABLED);
    c->loadAllAvailableDialects();
    c->printOpOnDiagnostic(false);
    return c;
  }();
  return *ctx;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  mlir::MLIRContext &ctx = context();
  mlir::ScopedDiagnosticHandler ignore(
      &ctx, [](mlir::Diagnostic &) { return mlir::success(); });
  // MLIR's lexer reads up to a terminating NUL, which libFuzzer's buffer
  // lacks; a std::string provides it.
  // The tools read and write i1 hex constants through SourceCompat; so does
  // the target.
  llvm::StringRef input(reinterpret_cast<const char *>(data), size);
  mlir::OwningOpRef<mlir::ModuleOp> module;
  bool changed = false;
  if (mlir::isBytecode(llvm::MemoryBufferRef(input, "fuzz"))) {
    llvm::SourceMgr sourceMgr;
    sourceMgr.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(input),
                                 llvm::SMLoc());
    module = oxla::vhlo::parseSourceOrArtifact(sourceMgr, &ctx);
  } else {
    // The tools refuse text nested deeper than their parser's stack allows
    // (parseSourceOrArtifact); so does the target.
    if (oxla::findExcessiveNesting(input, oxla::vhlo::kMaxSourceNesting))
      return 0;
    std::string text = oxla::packI1HexConstants(input, changed);
    module = mlir::parseSourceString<mlir::ModuleOp>(text, &ctx);
  }
  if (!module)
    return 0;
  // What verified must print, and what printed must parse again.
  std::string printed;
  llvm::raw_string_ostream os(printed);
  module->print(os);
  os.flush();
  printed = oxla::packI1HexConstants(oxla::unpackI1HexConstants(printed), changed);
  mlir::OwningOpRef<mlir::ModuleOp> again =
      mlir::parseSourceString<mlir::ModuleOp>(printed, &ctx);
  if (!again) {
    llvm::errs() << "printed IR does not parse again:\n" << printed << "\n";
    __builtin_trap();
  }
  return 0;
}
