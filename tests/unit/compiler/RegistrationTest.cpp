// The dialect set that every oxla tool shares.

#include "compiler/Registration.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

namespace {

mlir::OwningOpRef<mlir::ModuleOp> parse(mlir::MLIRContext &context,
                                        llvm::StringRef text) {
  return mlir::parseSourceString<mlir::ModuleOp>(text, &context);
}

TEST(Registration, RegistersTheLoweringDialects) {
  mlir::DialectRegistry registry;
  oxla::registerDialects(registry);
  for (llvm::StringRef name :
       {"arith", "bufferization", "cf", "complex", "func", "linalg", "llvm",
        "math", "memref", "quant", "scf", "tensor", "ub", "vector"})
    EXPECT_NE(llvm::find(registry.getDialectNames(), name),
              registry.getDialectNames().end())
        << name.str();
}

TEST(Registration, ParsesIrOfRegisteredDialectsOnly) {
  mlir::DialectRegistry registry;
  oxla::registerDialects(registry);
  mlir::MLIRContext context(registry);
  context.printOpOnDiagnostic(false);
  mlir::ScopedDiagnosticHandler quiet(&context, [](mlir::Diagnostic &) {
    return mlir::success();
  });
  EXPECT_TRUE(parse(context, "func.func @f(%a: f32) -> f32 {\n"
                             "  %b = math.exp %a : f32\n"
                             "  return %b : f32\n"
                             "}\n"));
  EXPECT_FALSE(parse(context, "func.func @f() {\n"
                              "  \"nosuch.op\"() : () -> ()\n"
                              "  return\n"
                              "}\n"));
}

} // namespace
