//===- DevicesAPITest.cpp - The C API with several devices ----------------===//
//
// A client with N virtual CPU devices: sharded programs compile partitioned,
// invocations take global arrays (oxla_function_invoke) or every device's
// shards (oxla_function_invoke_sharded), buffers are placed on devices, and
// each misuse comes back as a status naming what is wrong.
//
//===----------------------------------------------------------------------===//

#include "oxla/runtime.h"
#include "StatusTestSupport.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

namespace {

// x (5x2, rows split over "x", 5 does not divide by 2) . w (2x3, whole)
// gives rows split over "x"; the column sums need every device's rows (an
// all_reduce of partial sums).
constexpr const char *kSharded = R"mlir(
sdy.mesh @mesh = <["x"=2]>
func.func @main(%x: tensor<5x2xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>},
                %w: tensor<2x3xi32>)
    -> (tensor<5x3xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<3xi32>) {
  %p = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0]
      : (tensor<5x2xi32>, tensor<2x3xi32>) -> tensor<5x3xi32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %s = stablehlo.reduce(%p init: %zero) applies stablehlo.add across dimensions = [0]
      : (tensor<5x3xi32>, tensor<i32>) -> tensor<3xi32>
  return %p, %s : tensor<5x3xi32>, tensor<3xi32>
}
)mlir";

constexpr const char *kPlain = R"mlir(
func.func @main(%a: tensor<4xi32>) -> tensor<4xi32> {
  %0 = stablehlo.add %a, %a : tensor<4xi32>
  return %0 : tensor<4xi32>
}
)mlir";

const std::vector<int32_t> kX = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
const std::vector<int32_t> kW = {1, 0, -1, 2, 1, 0};

/// x . w and its column sums, computed here.
std::vector<int32_t> product() {
  std::vector<int32_t> p(15, 0);
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 2; ++k)
        p[i * 3 + j] += kX[i * 2 + k] * kW[k * 3 + j];
  return p;
}

class DevicesAPITest : public ::testing::Test {
protected:
  void makeClient(int32_t devices) {
    oxla_client_options options{};
    options.num_threads = 2;
    options.num_devices = devices;
    ASSERT_OK(oxla_client_create(&options, &client));
  }
  void TearDown() override {
    for (oxla_buffer *buffer : buffers)
      oxla_buffer_free(buffer);
    for (oxla_executable *executable : executables)
      oxla_executable_free(executable);
    oxla_client_free(client);
  }

  oxla_status *build(const char *source, bool interpret, oxla_executable **out) {
    oxla_compile_options options{nullptr, 0, "devices.mlir"};
    oxla_status *status =
        interpret ? oxla_executable_interpret(client, source, std::strlen(source), &options, out)
                  : oxla_executable_compile(client, source, std::strlen(source), &options, out);
    if (*out)
      executables.push_back(*out);
    return status;
  }

  oxla_function *mainOf(const char *source, bool interpret = false) {
    oxla_executable *executable = nullptr;
    oxla_status *status = build(source, interpret, &executable);
    EXPECT_EQ(status, nullptr) << oxla_status_get_message(status);
    oxla_status_free(status);
    if (!executable)
      return nullptr;
    oxla_function *function = nullptr;
    status = oxla_executable_lookup(executable, "main", &function);
    EXPECT_EQ(status, nullptr) << oxla_status_get_message(status);
    oxla_status_free(status);
    return function;
  }

  oxla_buffer *ints(const std::vector<int32_t> &values, std::vector<int64_t> dims,
                    int32_t device = 0) {
    oxla_buffer *buffer = nullptr;
    oxla_status *status = oxla_buffer_create(client, OXLA_S32, dims.data(), dims.size(),
                                             values.data(), values.size() * 4, &buffer);
    EXPECT_EQ(status, nullptr) << oxla_status_get_message(status);
    oxla_status_free(status);
    if (buffer && device != 0) {
      oxla_buffer *placed = nullptr;
      status = oxla_buffer_copy_to_device(client, buffer, device, &placed);
      EXPECT_EQ(status, nullptr) << oxla_status_get_message(status);
      oxla_status_free(status);
      oxla_buffer_free(buffer);
      buffer = placed;
    }
    if (buffer)
      buffers.push_back(buffer);
    return buffer;
  }

  std::vector<int32_t> contents(oxla_buffer *buffer) {
    buffers.push_back(buffer);
    std::vector<int32_t> values(oxla_buffer_size_in_bytes(buffer) / 4);
    oxla_status_free(oxla_buffer_export(buffer, values.data(), values.size() * 4));
    return values;
  }

  /// Global arrays in, global arrays out.
  void checkGlobal(oxla_function *function) {
    oxla_buffer *arguments[] = {ints(kX, {5, 2}), ints(kW, {2, 3})};
    oxla_buffer *results[2] = {};
    ASSERT_OK(oxla_function_invoke(function, arguments, 2, nullptr, results, 2));
    std::vector<int32_t> p = product();
    EXPECT_EQ(contents(results[0]), p);
    std::vector<int32_t> sums(3, 0);
    for (int i = 0; i < 15; ++i)
      sums[i % 3] += p[i];
    EXPECT_EQ(contents(results[1]), sums);
  }

  /// Every device's shards in and out: device 0 holds rows 0-2, device 1
  /// rows 3-4 and a padding row.
  void checkSharded(oxla_function *function) {
    std::vector<int32_t> top(kX.begin(), kX.begin() + 6);
    std::vector<int32_t> bottom(kX.begin() + 6, kX.end());
    bottom.push_back(0);
    bottom.push_back(0);
    oxla_buffer *arguments[] = {ints(top, {3, 2}, 0), ints(kW, {2, 3}, 0),
                                ints(bottom, {3, 2}, 1), ints(kW, {2, 3}, 1)};
    oxla_buffer *results[4] = {};
    ASSERT_OK(oxla_function_invoke_sharded(function, arguments, 4, nullptr, results, 4));
    for (int d = 0; d < 2; ++d) {
      EXPECT_EQ(oxla_buffer_device(results[2 * d]), d);
      EXPECT_EQ(oxla_buffer_device(results[2 * d + 1]), d);
    }
    std::vector<int32_t> p = product();
    std::vector<int32_t> first = contents(results[0]), second = contents(results[2]);
    ASSERT_EQ(first.size(), 9u);
    ASSERT_EQ(second.size(), 9u);
    for (int i = 0; i < 9; ++i)
      EXPECT_EQ(first[i], p[i]) << "device 0, element " << i;
    for (int i = 0; i < 6; ++i)
      EXPECT_EQ(second[i], p[9 + i]) << "device 1, element " << i;
    // The replicated sums are whole on both devices.
    std::vector<int32_t> sums(3, 0);
    for (int i = 0; i < 15; ++i)
      sums[i % 3] += p[i];
    EXPECT_EQ(contents(results[1]), sums);
    EXPECT_EQ(contents(results[3]), sums);
  }

  oxla_client *client = nullptr;
  std::vector<oxla_buffer *> buffers;
  std::vector<oxla_executable *> executables;
};

TEST_F(DevicesAPITest, ClientHasItsDevices) {
  makeClient(4);
  EXPECT_EQ(oxla_client_device_count(client), 4);
  EXPECT_STREQ(oxla_client_device_name(client, 0), "cpu:0");
  EXPECT_STREQ(oxla_client_device_name(client, 3), "cpu:3");
  EXPECT_EQ(oxla_client_device_name(client, 4), nullptr);
  EXPECT_EQ(oxla_client_device_name(client, -1), nullptr);
  oxla_client_options negative{};
  negative.num_devices = -2;
  oxla_client *none = nullptr;
  Outcome outcome = outcomeOf(oxla_client_create(&negative, &none));
  EXPECT_EQ(outcome.code, OXLA_INVALID_ARGUMENT);
  EXPECT_NE(outcome.message.find("num_devices is -2"), std::string::npos) << outcome.message;
}

TEST_F(DevicesAPITest, BuffersArePlaced) {
  makeClient(2);
  oxla_buffer *buffer = ints({1, 2}, {2});
  EXPECT_EQ(oxla_buffer_device(buffer), 0);
  oxla_buffer *placed = nullptr;
  ASSERT_OK(oxla_buffer_copy_to_device(client, buffer, 1, &placed));
  EXPECT_EQ(oxla_buffer_device(placed), 1);
  EXPECT_EQ(contents(placed), (std::vector<int32_t>{1, 2})); // takes it
  oxla_buffer *wrong = nullptr;
  Outcome outcome = outcomeOf(oxla_buffer_copy_to_device(client, buffer, 2, &wrong));
  EXPECT_EQ(outcome.code, OXLA_INVALID_ARGUMENT);
  EXPECT_NE(outcome.message.find("device 2 is out of range (the client has 2 device(s))"),
            std::string::npos)
      << outcome.message;
  EXPECT_EQ(wrong, nullptr);
}

TEST_F(DevicesAPITest, PartitionedFunctionDescribesItsShards) {
  makeClient(2);
  oxla_function *function = mainOf(kSharded);
  ASSERT_NE(function, nullptr);
  // Only the global-view function is exposed.
  EXPECT_EQ(oxla_executable_function_count(executables.back()), 1u);
  EXPECT_EQ(oxla_function_device_count(function), 2);
  EXPECT_STREQ(oxla_function_signature(function), "(5x2xi32, 2x3xi32) -> (5x3xi32, 3xi32)");
  EXPECT_STREQ(oxla_function_argument_sharding(function, 0),
               "<mesh<[\"x\"=2]>, [{\"x\"}, {}]>");
  EXPECT_STREQ(oxla_function_argument_sharding(function, 1), "");
  EXPECT_STREQ(oxla_function_result_sharding(function, 0), "<mesh<[\"x\"=2]>, [{\"x\"}, {}]>");
  EXPECT_STREQ(oxla_function_result_sharding(function, 1), "");
  EXPECT_EQ(oxla_function_argument_sharding(function, 2), nullptr);
  EXPECT_STREQ(oxla_function_argument_shard_type(function, 0), "3x2xi32");
  EXPECT_STREQ(oxla_function_argument_shard_type(function, 1), "2x3xi32");
  EXPECT_STREQ(oxla_function_result_shard_type(function, 0), "3x3xi32");
  EXPECT_STREQ(oxla_function_result_shard_type(function, 1), "3xi32");
  EXPECT_EQ(oxla_function_result_shard_type(function, 2), nullptr);
}

TEST_F(DevicesAPITest, CompiledTakesGlobalArrays) {
  makeClient(2);
  oxla_function *function = mainOf(kSharded);
  ASSERT_NE(function, nullptr);
  checkGlobal(function);
}

TEST_F(DevicesAPITest, CompiledTakesShards) {
  makeClient(2);
  oxla_function *function = mainOf(kSharded);
  ASSERT_NE(function, nullptr);
  checkSharded(function);
}

TEST_F(DevicesAPITest, InterpretedTakesGlobalArraysAndShards) {
  makeClient(2);
  oxla_function *function = mainOf(kSharded, /*interpret=*/true);
  ASSERT_NE(function, nullptr);
  EXPECT_EQ(oxla_function_device_count(function), 2);
  checkGlobal(function);
  checkSharded(function);
}

TEST_F(DevicesAPITest, ShardsOnTheWrongDeviceOrCountAreRefused) {
  makeClient(2);
  oxla_function *function = mainOf(kSharded);
  ASSERT_NE(function, nullptr);
  oxla_buffer *x = ints(std::vector<int32_t>(6, 1), {3, 2});
  oxla_buffer *w = ints(kW, {2, 3});
  oxla_buffer *results[4] = {};
  // Device 1's shards are on device 0.
  oxla_buffer *arguments[] = {x, w, x, w};
  Outcome outcome =
      outcomeOf(oxla_function_invoke_sharded(function, arguments, 4, nullptr, results, 4));
  EXPECT_EQ(outcome.code, OXLA_INVALID_ARGUMENT);
  EXPECT_NE(outcome.message.find("argument #0 of device 1 is placed on device 0"),
            std::string::npos)
      << outcome.message;
  outcome = outcomeOf(oxla_function_invoke_sharded(function, arguments, 2, nullptr, results, 4));
  EXPECT_EQ(outcome.code, OXLA_INVALID_ARGUMENT);
  EXPECT_NE(outcome.message.find("2 buffer(s) given, one per device per argument (4) expected"),
            std::string::npos)
      << outcome.message;
  // A global array where a shard is expected.
  oxla_buffer *whole = ints(kX, {5, 2});
  oxla_buffer *x1 = ints(std::vector<int32_t>(6, 1), {3, 2}, 1);
  oxla_buffer *w1 = ints(kW, {2, 3}, 1);
  oxla_buffer *mixed[] = {whole, w, x1, w1};
  outcome = outcomeOf(oxla_function_invoke_sharded(function, mixed, 4, nullptr, results, 4));
  EXPECT_EQ(outcome.code, OXLA_INVALID_ARGUMENT);
  EXPECT_NE(outcome.message.find("argument #0 is 5x2xi32, but 3x2xi32 is expected"),
            std::string::npos)
      << outcome.message;
}

TEST_F(DevicesAPITest, UnshardedProgramRunsOnOneDevice) {
  makeClient(2);
  oxla_function *function = mainOf(kPlain);
  ASSERT_NE(function, nullptr);
  EXPECT_EQ(oxla_function_device_count(function), 1);
  EXPECT_STREQ(oxla_function_argument_sharding(function, 0), "");
  EXPECT_STREQ(oxla_function_argument_shard_type(function, 0), "4xi32");
  oxla_buffer *arguments[] = {ints({1, 2, 3, 4}, {4})};
  oxla_buffer *result = nullptr;
  ASSERT_OK(oxla_function_invoke_sharded(function, arguments, 1, nullptr, &result, 1));
  EXPECT_EQ(contents(result), (std::vector<int32_t>{2, 4, 6, 8}));
}

TEST_F(DevicesAPITest, ShardedProgramNeedsItsDevices) {
  makeClient(1);
  oxla_executable *executable = nullptr;
  Outcome outcome = outcomeOf(build(kSharded, false, &executable));
  EXPECT_EQ(outcome.code, OXLA_UNSUPPORTED);
  EXPECT_NE(outcome.message.find("program needs 2 devices"), std::string::npos)
      << outcome.message;
  oxla_client_free(client);
  client = nullptr;
  makeClient(4);
  outcome = outcomeOf(build(kSharded, false, &executable));
  EXPECT_EQ(outcome.code, OXLA_UNSUPPORTED);
  EXPECT_NE(outcome.message.find("is sharded over 2 devices, not the 4 asked for"),
            std::string::npos)
      << outcome.message;
}

} // namespace
