// The first release that has a type or attribute, and the stablehlo <-> vhlo
// name mapping that the VHLO passes rely on.

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "compiler/Dialect/VHLO/IR/TypeVersions.h"
#include "compiler/Dialect/VHLO/IR/VHLO.h"
#include "compiler/Dialect/VHLO/Transforms/VersionedNames.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Quant/QuantOps.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using oxla::vhlo::firstVersionWith;
using oxla::vhlo::Version;

namespace {

class VHLOTypeVersions : public ::testing::Test {
protected:
  VHLOTypeVersions() {
    context
        .loadDialect<oxla::stablehlo::StableHLODialect, oxla::vhlo::VHLODialect,
                     mlir::quant::QuantizationDialect>();
  }
  std::optional<Version> ofType(const char *text) {
    mlir::Type type = mlir::parseType(text, &context);
    EXPECT_TRUE(type) << text;
    return type ? firstVersionWith(type) : std::nullopt;
  }
  std::optional<Version> ofAttr(const char *text) {
    mlir::Attribute attr = mlir::parseAttribute(text, &context);
    EXPECT_TRUE(attr) << text;
    return attr ? firstVersionWith(attr) : std::nullopt;
  }
  mlir::MLIRContext context;
};

TEST_F(VHLOTypeVersions, TypesNameTheReleaseThatAddedThem) {
  const std::pair<const char *, Version> table[] = {
      {"tensor<2x?xf32>", Version(0, 9, 0)},
      {"tensor<i1>", Version(0, 9, 0)},
      {"tensor<ui64>", Version(0, 9, 0)},
      {"tensor<4xi2>", Version(1, 2, 0)},
      {"tensor<f8E4M3FNUZ>", Version(0, 10, 0)},
      {"tensor<f8E4M3B11FNUZ>", Version(0, 11, 0)},
      {"tf32", Version(1, 6, 0)},
      {"tensor<f8E4M3>", Version(1, 7, 0)},
      {"tuple<tensor<f32>, tuple<tensor<ui2>>>", Version(1, 2, 0)},
      {"(tensor<f32>) -> tensor<complex<f64>>", Version(0, 9, 0)},
      {"tensor<?xf32, #stablehlo.type_extensions<bounds = [4]>>",
       Version(0, 9, 0)},
      {"tensor<2x!quant.uniform<i8:f32, 0.5:3>>", Version(0, 9, 0)},
      {"tensor<2x!quant.uniform<i8:f32:0, {0.5:3, 0.25:1}>>",
       Version(0, 18, 0)},
      {"memref<2xf32>", Version(1, 13, 0)},
      {"!stablehlo.future<tensor<f32>>", Version(1, 15, 0)},
      {"!stablehlo.token", Version(0, 9, 0)},
  };
  for (const auto &[text, version] : table)
    EXPECT_EQ(ofType(text), version) << text;
}

TEST_F(VHLOTypeVersions, TypesOutsideStableHLOHaveNoRelease) {
  for (const char *text :
       {"tensor<i3>", "tensor<si32>", "tensor<f80>", "vector<4xf32>",
        "memref<2xf32, strided<[2]>>", "tuple<tensor<f32>, vector<2xf32>>"})
    EXPECT_FALSE(ofType(text).has_value()) << text;
}

TEST_F(VHLOTypeVersions, AttributesTakeTheNewestPartInside) {
  EXPECT_EQ(ofAttr("\"text\""), Version(0, 9, 0));
  EXPECT_EQ(ofAttr("dense<1> : tensor<2xi2>"), Version(1, 2, 0));
  EXPECT_EQ(ofAttr("{a = [none], b = unit}"), Version(1, 6, 0));
  EXPECT_EQ(ofAttr("#stablehlo.dot_algorithm<lhs_precision_type = tf32, "
                   "rhs_precision_type = "
                   "tf32, accumulation_type = f32, lhs_component_count = 1, "
                   "rhs_component_count = 1, num_primitive_operations = 1, "
                   "allow_imprecise_accumulation = false>"),
            Version(1, 6, 0));
  EXPECT_EQ(ofAttr("#stablehlo.result_accuracy_mode<DEFAULT>"),
            Version(1, 9, 0));
  EXPECT_FALSE(ofAttr("\"text\" : tensor<3xf32>").has_value());
  EXPECT_FALSE(ofAttr("[affine_map<(d0) -> (d0)>]").has_value());
}

// Every stablehlo op has a vhlo op, so --stablehlo-legalize-to-vhlo takes
// any valid program, and every newest vhlo op maps back to its stablehlo op.
TEST_F(VHLOTypeVersions, EveryStableHLOOpHasAVhloOp) {
  for (mlir::RegisteredOperationName name : context.getRegisteredOperations()) {
    if (name.getDialectNamespace() != "stablehlo")
      continue;
    EXPECT_TRUE(oxla::vhlo::lookupNewestVhloOp(&context, name.stripDialect())
                    .has_value())
        << name.getStringRef().str();
  }
  for (mlir::RegisteredOperationName name : context.getRegisteredOperations()) {
    std::optional<oxla::vhlo::VersionedName> split =
        oxla::vhlo::splitVersionedName(name);
    if (!split || split->base == "func" || split->base == "call" ||
        split->base == "return")
      continue;
    std::string stablehlo = ("stablehlo." + split->base).str();
    EXPECT_TRUE(
        mlir::RegisteredOperationName::lookup(stablehlo, &context).has_value())
        << name.getStringRef().str();
  }
}

} // namespace
