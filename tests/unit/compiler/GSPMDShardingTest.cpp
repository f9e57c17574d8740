//===- GSPMDShardingTest.cpp - mhlo.sharding strings into the model ------===//

#include "compiler/Sharding/GSPMDSharding.h"

#include "compiler/Dialect/SDY/IR/SDY.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace oxla::sharding;

namespace {

GSPMDSharding parseOk(llvm::StringRef text) {
  auto parsed = GSPMDSharding::parse(text);
  if (auto *error = std::get_if<GSPMDSharding::ParseError>(&parsed))
    ADD_FAILURE() << text.str() << ": " << error->message;
  return std::get_if<GSPMDSharding>(&parsed) ? std::get<GSPMDSharding>(parsed)
                                             : GSPMDSharding{};
}

std::string parseError(llvm::StringRef text) {
  auto parsed = GSPMDSharding::parse(text);
  auto *error = std::get_if<GSPMDSharding::ParseError>(&parsed);
  return error ? error->message : "(parsed)";
}

Sharding toModel(const GSPMDSharding &gspmd, int64_t rank) {
  auto model = gspmd.toSharding(rank);
  if (auto *error = std::get_if<std::string>(&model))
    ADD_FAILURE() << *error;
  return std::get_if<Sharding>(&model) ? std::get<Sharding>(model) : Sharding{};
}

TEST(GSPMDShardingTest, SimpleKinds) {
  EXPECT_EQ(parseOk("{replicated}").kind, GSPMDSharding::Kind::Replicated);
  EXPECT_EQ(parseOk("{manual}").kind, GSPMDSharding::Kind::Manual);
  GSPMDSharding maximal = parseOk("{maximal device=3}");
  EXPECT_EQ(maximal.kind, GSPMDSharding::Kind::Maximal);
  EXPECT_EQ(maximal.maximalDevice, 3);
  EXPECT_EQ(maximal.requiredDevices(), 4);
  EXPECT_EQ(parseOk("{replicated}").requiredDevices(), 1);
}

TEST(GSPMDShardingTest, V1DeviceList) {
  GSPMDSharding s = parseOk("{devices=[2,2]0,2,1,3}");
  EXPECT_EQ(s.kind, GSPMDSharding::Kind::Tiled);
  EXPECT_EQ(s.tileShape, (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(s.devices, (std::vector<int64_t>{0, 2, 1, 3}));
  EXPECT_EQ(s.dataRank(), 2);
  EXPECT_EQ(s.str(), "{devices=[2,2]0,2,1,3}");
}

TEST(GSPMDShardingTest, V2IotaWithTranspose) {
  // iota(8) as [2,4], transposed to [4,2]: row i of the result is column i.
  GSPMDSharding s = parseOk("{devices=[4,2]<=[2,4]T(1,0)}");
  EXPECT_EQ(s.devices, (std::vector<int64_t>{0, 4, 1, 5, 2, 6, 3, 7}));
  EXPECT_EQ(s.requiredDevices(), 8);
  // Without a transpose the order is the identity and prints as V2.
  GSPMDSharding plain = parseOk("{devices=[2,2]<=[4]}");
  EXPECT_EQ(plain.devices, (std::vector<int64_t>{0, 1, 2, 3}));
  EXPECT_EQ(plain.str(), "{devices=[2,2]<=[4]}");
  // A 3-d transpose: iota(8) as [2,2,2], dims (2,0,1).
  GSPMDSharding three = parseOk("{devices=[2,2,2]<=[2,2,2]T(2,0,1)}");
  EXPECT_EQ(three.devices, (std::vector<int64_t>{0, 2, 4, 6, 1, 3, 5, 7}));
}

TEST(GSPMDShardingTest, Subgroups) {
  GSPMDSharding r = parseOk("{devices=[2,1,2]<=[4] last_tile_dim_replicate}");
  EXPECT_EQ(r.dataRank(), 2);
  ASSERT_EQ(r.subgroups.size(), 1u);
  EXPECT_EQ(r.subgroups[0], GSPMDSharding::Subgroup::Replicated);
  EXPECT_EQ(r.str(), "{devices=[2,1,2]<=[4] last_tile_dim_replicate}");
  GSPMDSharding m = parseOk("{devices=[2,1,2,2]<=[8] last_tile_dims={manual, replicated}}");
  EXPECT_EQ(m.dataRank(), 2);
  EXPECT_EQ(m.str(), "{devices=[2,1,2,2]<=[8] last_tile_dims={manual, replicated}}");
}

TEST(GSPMDShardingTest, TuplesAndMetadata) {
  GSPMDSharding t = parseOk("{{replicated}, {devices=[2]0,1}, {maximal device=5}}");
  ASSERT_EQ(t.kind, GSPMDSharding::Kind::Tuple);
  ASSERT_EQ(t.elements.size(), 3u);
  EXPECT_EQ(t.requiredDevices(), 6);
  EXPECT_EQ(parseOk("{}").elements.size(), 0u);
  EXPECT_EQ(parseOk("{devices=[2,1]<=[2] metadata={op_name=\"a{b}\"}}").devices.size(), 2u);
}

TEST(GSPMDShardingTest, Errors) {
  EXPECT_EQ(parseError("replicated"), "expected '{'");
  EXPECT_EQ(parseError("{devices=[2,2]0,1,2}"),
            "tile assignment lists 3 devices, its shape has 4");
  EXPECT_EQ(parseError("{devices=[2,2]0,1,1,3}"), "the devices must be a permutation of 0..3");
  EXPECT_EQ(parseError("{devices=[2,2]<=[2,2]T(1)}"),
            "the transpose must be a permutation of the iota's dimensions");
  EXPECT_EQ(parseError("{devices=[0,2]<=[0]}"), "tile assignment dimensions must be positive");
  EXPECT_EQ(parseError("{replicated"), "expected '}'");
  EXPECT_EQ(parseError("{replicated}}"), "unexpected text after the sharding");
}

TEST(GSPMDShardingTest, ToModel) {
  // A 2x4 mesh: dimension 0 on the first tile axis, 1 on the second.
  Sharding s = toModel(parseOk("{devices=[2,4]<=[8]}"), 2);
  ASSERT_EQ(s.mesh.axes.size(), 2u);
  EXPECT_EQ(s.mesh.numDevices(), 8);
  EXPECT_TRUE(s.mesh.deviceIds.empty()); // identity order
  EXPECT_EQ(s.numShards(0), 2);
  EXPECT_EQ(s.numShards(1), 4);
  EXPECT_EQ(s.shardShape({8, 6}), (std::vector<int64_t>{4, 2})); // 6/4 rounds up
  EXPECT_FALSE(s.validate({8, 6}).has_value());

  // Partial replication: the last tile axis replicates.
  Sharding r = toModel(parseOk("{devices=[2,1,2]0,2,1,3 last_tile_dim_replicate}"), 2);
  EXPECT_EQ(r.mesh.deviceIds, (std::vector<int64_t>{0, 2, 1, 3}));
  EXPECT_EQ(r.numShards(0), 2);
  EXPECT_EQ(r.numShards(1), 1);
  ASSERT_EQ(r.replicated.size(), 1u);
  EXPECT_EQ(r.str(), "<mesh<[\"_axis_0\"=2, \"_axis_2\"=2], device_ids=[0, 2, 1, 3]>, "
                     "[{\"_axis_0\"}, {}], replicated={\"_axis_2\"}>");

  // The model of a GSPMD string is a Shardy sharding with an inline mesh.
  mlir::MLIRContext context;
  context.loadDialect<oxla::sdy::SdyDialect>();
  std::string printed;
  llvm::raw_string_ostream os(printed);
  os << r.toSdy(&context);
  EXPECT_EQ(printed, "#sdy.sharding<mesh<[\"_axis_0\"=2, \"_axis_2\"=2], device_ids=[0, 2, 1, 3]>, "
                     "[{\"_axis_0\"}, {}], replicated={\"_axis_2\"}>");

  // Manual subgroup axes become manual axes.
  Sharding m = toModel(parseOk("{devices=[1,2,2]<=[4] last_tile_dims={manual}}"), 2);
  EXPECT_EQ(m.manualAxes, (std::vector<std::string>{"_axis_2"}));

  Sharding maximal = toModel(parseOk("{maximal device=2}"), 3);
  EXPECT_TRUE(maximal.mesh.isMaximal());
  EXPECT_EQ(maximal.mesh.requiredDevices(), 3);
  EXPECT_TRUE(maximal.isFullyReplicated());

  auto wrongRank = parseOk("{devices=[2,2]<=[4]}").toSharding(3);
  ASSERT_TRUE(std::holds_alternative<std::string>(wrongRank));
  EXPECT_EQ(std::get<std::string>(wrongRank),
            "sharding {devices=[2,2]<=[4]} describes rank 2, the value has rank 3");
}

} // namespace
