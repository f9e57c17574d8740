// Tensor storage and its round trip through MLIR's elements attributes.

#include "interpreter/Tensor.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using namespace oxla::interp;

namespace {

mlir::ElementsAttr parse(mlir::MLIRContext &context, llvm::StringRef text) {
  return llvm::cast<mlir::ElementsAttr>(mlir::parseAttribute(text, &context));
}

TEST(Tensor, ShapeAndStrides) {
  Tensor t(ElementKind::F32, {2, 3, 4});
  EXPECT_EQ(t.numElements(), 24);
  EXPECT_EQ(t.byteSize(), 96u);
  EXPECT_EQ(stridesOf(t.shape()), (Shape{12, 4, 1}));
  EXPECT_EQ(t.linearIndex({1, 2, 3}), 23);
  EXPECT_EQ(t.data<float>()[5], 0.0f) << "new tensors are zero-filled";
  Tensor scalar(ElementKind::SI64, {});
  EXPECT_EQ(scalar.numElements(), 1);
  Tensor empty(ElementKind::F64, {0, 3});
  EXPECT_EQ(empty.numElements(), 0);
}

TEST(Tensor, FromDenseFloatAndSplat) {
  mlir::MLIRContext context;
  auto t = Tensor::fromAttr(parse(context, "dense<[[1.5, -2.0], [3.0, 4.25]]> : tensor<2x2xf32>"));
  ASSERT_TRUE(mlir::succeeded(t));
  EXPECT_EQ(t->data<float>()[1], -2.0f);
  EXPECT_EQ(t->data<float>()[3], 4.25f);
  auto splat = Tensor::fromAttr(parse(context, "dense<7> : tensor<3x2xi16>"));
  ASSERT_TRUE(mlir::succeeded(splat));
  for (int i = 0; i < 6; ++i)
    EXPECT_EQ(splat->data<int16_t>()[i], 7);
}

TEST(Tensor, NarrowIntegersAreSignOrZeroExtended) {
  mlir::MLIRContext context;
  auto s4 = Tensor::fromAttr(parse(context, "dense<[-8, -1, 7]> : tensor<3xi4>"));
  ASSERT_TRUE(mlir::succeeded(s4));
  EXPECT_EQ(s4->data<int8_t>()[0], -8);
  EXPECT_EQ(s4->data<int8_t>()[1], -1);
  EXPECT_EQ(s4->data<int8_t>()[2], 7);
  auto u2 = Tensor::fromAttr(parse(context, "dense<[3, 0]> : tensor<2xui2>"));
  ASSERT_TRUE(mlir::succeeded(u2));
  EXPECT_EQ(u2->data<uint8_t>()[0], 3);
  auto bools = Tensor::fromAttr(parse(context, "dense<[true, false, true]> : tensor<3xi1>"));
  ASSERT_TRUE(mlir::succeeded(bools));
  EXPECT_EQ(bools->data<uint8_t>()[0], 1);
  EXPECT_EQ(bools->data<uint8_t>()[1], 0);
  EXPECT_EQ(bools->data<uint8_t>()[2], 1);
}

TEST(Tensor, RoundTripsThroughAttributes) {
  mlir::MLIRContext context;
  for (llvm::StringRef text :
       {"dense<[-8, -1, 7]> : tensor<3xi4>", "dense<[true, false]> : tensor<2xi1>",
        "dense<[1.0, 0.5]> : tensor<2xbf16>", "dense<[1.0, -0.5]> : tensor<2xf8E4M3FN>",
        "dense<[(1.0, 2.0)]> : tensor<1xcomplex<f64>>",
        "dense<[18446744073709551615]> : tensor<1xui64>"}) {
    mlir::ElementsAttr attr = parse(context, text);
    auto t = Tensor::fromAttr(attr);
    ASSERT_TRUE(mlir::succeeded(t)) << text.str();
    EXPECT_EQ(t->toAttr(&context), attr) << text.str();
  }
}

TEST(Tensor, ElementAsDouble) {
  mlir::MLIRContext context;
  auto bf = Tensor::fromAttr(parse(context, "dense<[1.0, -0.5]> : tensor<2xbf16>"));
  ASSERT_TRUE(mlir::succeeded(bf));
  EXPECT_EQ(bf->elementAsDouble(1), -0.5);
  auto u = Tensor::fromAttr(parse(context, "dense<[4294967295]> : tensor<1xui32>"));
  EXPECT_EQ(u->elementAsDouble(0), 4294967295.0);
}

TEST(ElementType, FromMlir) {
  mlir::MLIRContext context;
  mlir::Builder b(&context);
  EXPECT_EQ(ElementType::fromMlir(b.getI1Type())->kind(), ElementKind::I1);
  EXPECT_EQ(ElementType::fromMlir(b.getIntegerType(4))->kind(), ElementKind::SI4);
  EXPECT_EQ(ElementType::fromMlir(b.getIntegerType(16, false))->kind(), ElementKind::UI16);
  EXPECT_EQ(ElementType::fromMlir(b.getBF16Type())->kind(), ElementKind::BF16);
  EXPECT_FALSE(ElementType::fromMlir(b.getIndexType()).has_value());
  EXPECT_FALSE(ElementType::fromMlir(b.getIntegerType(3)).has_value());
  for (int k = 0; k <= static_cast<int>(ElementKind::C128); ++k) {
    ElementType type(static_cast<ElementKind>(k));
    EXPECT_EQ(ElementType::fromMlir(type.toMlir(&context)), type) << type.name();
  }
}

} // namespace
