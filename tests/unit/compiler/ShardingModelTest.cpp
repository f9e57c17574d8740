//===- ShardingModelTest.cpp - The sharding model from the sdy dialect ---===//

#include "compiler/Dialect/SDY/IR/SDY.h"
#include "compiler/Registration.h"
#include "compiler/Sharding/ShardingModel.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using namespace oxla;
using namespace oxla::sharding;

namespace {

class ShardingModelTest : public ::testing::Test {
protected:
  ShardingModelTest() {
    mlir::DialectRegistry registry;
    oxla::registerDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  template <typename AttrT> AttrT parse(llvm::StringRef text) {
    auto attr = llvm::dyn_cast_or_null<AttrT>(mlir::parseAttribute(text, &context));
    EXPECT_TRUE(attr) << text.str();
    return attr;
  }

  mlir::MLIRContext context;
};

TEST_F(ShardingModelTest, FromSdy) {
  auto mesh = parse<sdy::MeshAttr>("#sdy.mesh<[\"x\"=2, \"y\"=4]>");
  auto attr = parse<sdy::TensorShardingAttr>(
      "#sdy.sharding<@mesh, [{\"x\", ?}p1, {\"y\":(2)2}], replicated={\"y\":(1)2}, "
      "unreduced=max{}>");
  Sharding s = Sharding::fromSdy(attr, mesh);
  EXPECT_EQ(s.meshName, "mesh");
  EXPECT_EQ(s.mesh.numDevices(), 8);
  ASSERT_EQ(s.rank(), 2);
  EXPECT_FALSE(s.dims[0].closed);
  EXPECT_EQ(s.dims[0].priority, 1);
  EXPECT_TRUE(s.dims[1].closed);
  ASSERT_EQ(s.dims[1].axes.size(), 1u);
  EXPECT_EQ(s.dims[1].axes[0].preSize, 2);
  EXPECT_EQ(s.dims[1].axes[0].size(s.mesh), 2);
  EXPECT_EQ(s.numShards(0), 2);
  EXPECT_EQ(s.numShards(1), 2);
  EXPECT_EQ(s.shardShape({16, 6}), (std::vector<int64_t>{8, 3}));
  EXPECT_FALSE(s.validate({16, 6}).has_value());
  EXPECT_FALSE(s.isFullyReplicated());
  // The model prints in Shardy's syntax.
  EXPECT_EQ(s.str(), "<@mesh, [{\"x\", ?}p1, {\"y\":(2)2}], replicated={\"y\":(1)2}>");
}

TEST_F(ShardingModelTest, InlineMeshAndUnreduced) {
  auto attr = parse<sdy::TensorShardingAttr>(
      "#sdy.sharding<mesh<[\"a\"=2, \"b\"=2], device_ids=[3, 2, 1, 0]>, [{}, {\"b\"}], "
      "unreduced=min{\"a\"}>");
  Sharding s = Sharding::fromSdy(attr, llvm::cast<sdy::MeshAttr>(attr.getMeshOrRef()));
  EXPECT_EQ(s.meshName, "");
  EXPECT_EQ(s.mesh.devices(), (std::vector<int64_t>{3, 2, 1, 0}));
  EXPECT_EQ(s.unreducedReduction, Reduction::Min);
  EXPECT_EQ(s.str(), "<mesh<[\"a\"=2, \"b\"=2], device_ids=[3, 2, 1, 0]>, [{}, {\"b\"}], "
                     "unreduced=min{\"a\"}>");
}

TEST_F(ShardingModelTest, BackToSdy) {
  // sdy -> model -> sdy gives the attribute back, with a named or an inline mesh.
  auto mesh = parse<sdy::MeshAttr>("#sdy.mesh<[\"x\"=2, \"y\"=4], device_ids=[7, 6, 5, 4, 3, 2, 1, 0]>");
  for (llvm::StringRef text :
       {"#sdy.sharding<@mesh, [{\"x\", ?}p1, {\"y\":(2)2}], replicated={\"y\":(1)2}>",
        "#sdy.sharding<@mesh, [{}, {?}], unreduced=max{\"x\", \"y\"}>",
        "#sdy.sharding<mesh<[\"x\"=2, \"y\"=4], device_ids=[7, 6, 5, 4, 3, 2, 1, 0]>, "
        "[{\"y\"}, {\"x\"}]>"}) {
    auto attr = parse<sdy::TensorShardingAttr>(text);
    EXPECT_EQ(Sharding::fromSdy(attr, mesh).toSdy(&context), attr) << text.str();
  }
  EXPECT_EQ(Sharding::fromSdy(parse<sdy::TensorShardingAttr>("#sdy.sharding<@mesh, []>"), mesh)
                .mesh.toSdy(&context),
            mesh);
}

TEST_F(ShardingModelTest, Validate) {
  Mesh mesh{{{"x", 2}, {"y", 4}}, {}};
  Sharding s = Sharding::replicatedOn(mesh, 2);
  EXPECT_FALSE(s.validate({4, 4}).has_value());
  EXPECT_EQ(*s.validate({4}), "sharding has rank 2, the tensor 1");
  s.dims[0].axes = {{"x", 1, std::nullopt}};
  s.dims[1].axes = {{"x", 1, std::nullopt}};
  EXPECT_EQ(*s.validate({4, 4}), "axis \"x\" is used twice");
  s.dims[1].axes = {{"y", 2, 2}};
  s.replicated = {{"y", 1, 4}};
  EXPECT_EQ(*s.validate({4, 4}), "invalid sub-axis \"y\":(1)4 of an axis of size 4");
  s.replicated = {{"y", 1, 2}};
  EXPECT_FALSE(s.validate({4, 4}).has_value());
  s.replicated = {{"y", 2, 2}};
  EXPECT_EQ(*s.validate({4, 4}), "axis \"y\":(2)2 is used twice");
  s.replicated = {{"z", 1, std::nullopt}};
  EXPECT_EQ(*s.validate({4, 4}), "unknown axis \"z\"");
}

TEST_F(ShardingModelTest, Meshes) {
  Mesh maximal{{}, {5}};
  EXPECT_TRUE(maximal.isMaximal());
  EXPECT_EQ(maximal.numDevices(), 1);
  EXPECT_EQ(maximal.requiredDevices(), 6);
  EXPECT_EQ(maximal.str(), "<[], device_ids=[5]>");
  Mesh empty;
  EXPECT_EQ(empty.requiredDevices(), 1);
  EXPECT_EQ(empty.devices(), (std::vector<int64_t>{0}));
}

} // namespace
