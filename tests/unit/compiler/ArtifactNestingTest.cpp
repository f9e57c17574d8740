// A portable artifact (MLIR bytecode) whose regions nest deeper than
// kMaxRegionNesting is refused as unsupported with a message, before the
// verifier, the passes or the interpreter recurse through it; one just
// within the limit is read. Bytecode can nest regions arbitrarily deep in a
// few bytes per level, where text is refused at its brackets. (MLIR 19's
// bytecode writer recurses per level: the test writes 5000 levels.)

#include "compiler/Dialect/VHLO/Transforms/PortableArtifact.h"
#include "compiler/Registration.h"

#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <string>

namespace {

/// The bytecode of `depth` builtin.module ops, each inside the one before.
std::string nestedModules(mlir::MLIRContext &context, unsigned depth) {
  mlir::OpBuilder builder(&context);
  auto loc = builder.getUnknownLoc();
  mlir::ModuleOp outer = mlir::ModuleOp::create(loc);
  mlir::ModuleOp inner = outer;
  for (unsigned i = 1; i < depth; ++i) {
    builder.setInsertionPointToEnd(inner.getBody());
    inner = builder.create<mlir::ModuleOp>(loc);
  }
  std::string bytes;
  llvm::raw_string_ostream os(bytes);
  EXPECT_TRUE(mlir::succeeded(mlir::writeBytecodeToFile(outer, os)));
  oxla::vhlo::destroyWithoutRecursion(outer);
  return bytes;
}

struct Read {
  bool parsed;
  std::string diagnostics;
  oxla::vhlo::SourceFailure failure;
};

Read read(mlir::MLIRContext &context, std::string bytes) {
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(bytes, "deep.mlirbc"),
                               llvm::SMLoc());
  Read result{false, "", oxla::vhlo::SourceFailure::Invalid};
  mlir::ScopedDiagnosticHandler collect(&context, [&](mlir::Diagnostic &diagnostic) {
    result.diagnostics += diagnostic.str() + "\n";
    return mlir::success();
  });
  mlir::OwningOpRef<mlir::ModuleOp> module =
      oxla::vhlo::parseSourceOrArtifact(sourceMgr, &context, &result.failure);
  result.parsed = bool(module);
  if (module)
    oxla::vhlo::destroyWithoutRecursion(module.release());
  return result;
}

TEST(ArtifactNesting, RefusesRegionsNestedTooDeep) {
  mlir::DialectRegistry registry;
  oxla::registerDialects(registry);
  mlir::MLIRContext context(registry);
  context.printOpOnDiagnostic(false);
  Read deep = read(context, nestedModules(context, 5000));
  EXPECT_FALSE(deep.parsed);
  EXPECT_EQ(deep.failure, oxla::vhlo::SourceFailure::Unsupported);
  EXPECT_NE(deep.diagnostics.find("unsupported: regions nested more than 500 deep (at "
                                  "'builtin.module')"),
            std::string::npos)
      << deep.diagnostics;
}

TEST(ArtifactNesting, ReadsRegionsWithinTheLimit) {
  mlir::DialectRegistry registry;
  oxla::registerDialects(registry);
  mlir::MLIRContext context(registry);
  Read shallow = read(context, nestedModules(context, oxla::vhlo::kMaxRegionNesting));
  EXPECT_TRUE(shallow.parsed) << shallow.diagnostics;
}

TEST(ArtifactNesting, FindsTheFirstOpTooDeep) {
  mlir::MLIRContext context;
  context.loadDialect<mlir::BuiltinDialect>();
  mlir::OpBuilder builder(&context);
  auto loc = builder.getUnknownLoc();
  mlir::ModuleOp outer = mlir::ModuleOp::create(loc);
  mlir::ModuleOp inner = outer;
  for (int i = 0; i < 3; ++i) {
    builder.setInsertionPointToEnd(inner.getBody());
    inner = builder.create<mlir::ModuleOp>(loc);
  }
  // outer > m1 > m2 > m3: m3's region lies 4 regions below outer.
  EXPECT_EQ(oxla::vhlo::findExcessiveRegionNesting(outer, 4), nullptr);
  EXPECT_EQ(oxla::vhlo::findExcessiveRegionNesting(outer, 3), inner.getOperation());
  oxla::vhlo::destroyWithoutRecursion(outer);
}

} // namespace
