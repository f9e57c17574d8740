//===- CollectivesTest.cpp - Devices as threads exchanging data -----------===//

#include "runtime/collectives/Collectives.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <thread>
#include <vector>

using namespace oxla::rt::collectives;

namespace {

/// Runs body(device) on `devices` threads, then leaves for each.
template <typename F> void onDevices(Communicator &communicator, int64_t devices, F body) {
  std::vector<std::thread> threads;
  for (int64_t d = 0; d < devices; ++d)
    threads.emplace_back([&, d] {
      body(d);
      communicator.leave(d);
    });
  for (std::thread &thread : threads)
    thread.join();
}

TEST(LocalCommunicatorTest, ExchangeStacksTheGroupInOrder) {
  auto communicator = createLocalCommunicator(4);
  std::vector<std::vector<int32_t>> out(4, std::vector<int32_t>(2, -1));
  std::vector<std::string> errors(4);
  onDevices(*communicator, 4, [&](int64_t d) {
    int32_t mine = static_cast<int32_t>(10 * d);
    // Groups {3, 1} and {0, 2}.
    std::vector<int64_t> group = d % 2 ? std::vector<int64_t>{3, 1} : std::vector<int64_t>{0, 2};
    EXPECT_TRUE(communicator->exchange(d, group, &mine, sizeof mine, out[d].data(), errors[d]))
        << errors[d];
  });
  EXPECT_EQ(out[1], (std::vector<int32_t>{30, 10}));
  EXPECT_EQ(out[3], (std::vector<int32_t>{30, 10}));
  EXPECT_EQ(out[0], (std::vector<int32_t>{0, 20}));
  EXPECT_EQ(out[2], (std::vector<int32_t>{0, 20}));
  EXPECT_EQ(communicator->bytesReceived(), 4 * 2 * sizeof(int32_t));
}

TEST(LocalCommunicatorTest, PermuteReceivesFromTheSourceOrZeros) {
  auto communicator = createLocalCommunicator(3);
  std::vector<int64_t> out(3, -1);
  onDevices(*communicator, 3, [&](int64_t d) {
    int64_t mine = 7 + d, source = d == 2 ? -1 : (d + 1) % 3;
    std::string error;
    EXPECT_TRUE(communicator->permute(d, source, &mine, sizeof mine, &out[d], error)) << error;
  });
  EXPECT_EQ(out, (std::vector<int64_t>{8, 9, 0}));
}

TEST(LocalCommunicatorTest, DifferentSizesAreAnError) {
  auto communicator = createLocalCommunicator(2);
  std::vector<std::string> errors(2);
  std::vector<bool> ok(2);
  onDevices(*communicator, 2, [&](int64_t d) {
    int64_t in[2] = {1, 2}, out[4];
    ok[d] = communicator->exchange(d, {0, 1}, in, (d + 1) * sizeof(int64_t), out, errors[d]);
  });
  EXPECT_FALSE(ok[0] && ok[1]);
  EXPECT_NE(errors[0] + errors[1], "");
}

/// A device that finishes while another waits at a collective: the other
/// gets an error instead of waiting forever.
TEST(LocalCommunicatorTest, ADeviceThatLeavesBreaksTheWait) {
  auto communicator = createLocalCommunicator(2);
  std::string error;
  bool ok = true;
  onDevices(*communicator, 2, [&](int64_t d) {
    if (d == 1)
      return; // reaches no collective
    int32_t in = 1, out[2];
    ok = communicator->exchange(0, {0, 1}, &in, sizeof in, out, error);
  });
  EXPECT_FALSE(ok);
  EXPECT_NE(error.find("different collectives"), std::string::npos) << error;
}

TEST(CollectivesTest, BytesOfSpec) {
  EXPECT_EQ(bytesOfSpec("4x2xf32"), 32u);
  EXPECT_EQ(bytesOfSpec("i1"), 1u);
  EXPECT_EQ(bytesOfSpec("3xcomplex<f64>"), 48u);
  EXPECT_EQ(bytesOfSpec("5xbf16"), 10u);
  EXPECT_EQ(bytesOfSpec("2x3xui8"), 6u);
  EXPECT_EQ(bytesOfSpec("2xf8E4M3FN"), 2u);
}

} // namespace
