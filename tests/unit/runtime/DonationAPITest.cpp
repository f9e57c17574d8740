//===- DonationAPITest.cpp - Results in the memory of donated arguments ---===//
//
// A function whose arguments carry tf.aliasing_output / jax.buffer_donor,
// invoked with those arguments donated, returns the paired results in the
// donated memory itself (the same address), with the values of a call that
// donates nothing; the donated handles are refused afterwards, and memory
// the caller imported is released once, when the result that took it is
// freed.
//
//===----------------------------------------------------------------------===//

#include "oxla/runtime.h"
#include "StatusTestSupport.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

// Result 0 is %p updated in place; result 1 the transpose of %q, computed
// in a temporary and copied over %q (DonatedArguments.h).
constexpr const char *kUpdate = R"mlir(
func.func @main(%p: tensor<32x32xf32> {tf.aliasing_output = 0 : i32},
                %q: tensor<32x32xf32> {jax.buffer_donor = true},
                %g: tensor<32x32xf32>) -> (tensor<32x32xf32>, tensor<32x32xf32>) {
  %half = stablehlo.constant dense<0.5> : tensor<32x32xf32>
  %step = stablehlo.multiply %g, %half : tensor<32x32xf32>
  %next = stablehlo.subtract %p, %step : tensor<32x32xf32>
  %t = stablehlo.transpose %q, dims = [1, 0] : (tensor<32x32xf32>) -> tensor<32x32xf32>
  return %next, %t : tensor<32x32xf32>, tensor<32x32xf32>
}
)mlir";

constexpr int64_t kSize = 32;

class DonationAPITest : public ::testing::Test {
protected:
  void SetUp() override {
    oxla_client_options options{2};
    ASSERT_OK(oxla_client_create(&options, &client));
    oxla_compile_options compileOptions{nullptr, 0, "update.mlir"};
    ASSERT_OK(oxla_executable_compile(client, kUpdate, std::strlen(kUpdate), &compileOptions,
                                      &executable));
    ASSERT_OK(oxla_executable_lookup(executable, "main", &function));
    for (int64_t i = 0; i < kSize * kSize; ++i) {
      p[i] = static_cast<float>(i % 11) - 3.0f;
      q[i] = static_cast<float>(i);
      g[i] = static_cast<float>(i % 5) * 0.25f;
    }
  }
  void TearDown() override {
    oxla_executable_free(executable);
    oxla_client_free(client);
  }

  oxla_buffer *buffer(const std::vector<float> &values) {
    int64_t dims[] = {kSize, kSize};
    oxla_buffer *out = nullptr;
    EXPECT_EQ(outcomeOf(oxla_buffer_create(client, OXLA_F32, dims, 2, values.data(),
                                           values.size() * sizeof(float), &out))
                  .code,
              OXLA_OK);
    return out;
  }

  static std::vector<float> contents(const oxla_buffer *buffer) {
    std::vector<float> values(oxla_buffer_size_in_bytes(buffer) / sizeof(float));
    oxla_status_free(oxla_buffer_export(buffer, values.data(), values.size() * 4));
    return values;
  }

  /// What the program computes, element by element.
  void expectResults(oxla_buffer *const *results) {
    std::vector<float> next = contents(results[0]), transposed = contents(results[1]);
    for (int64_t i = 0; i < kSize; ++i)
      for (int64_t j = 0; j < kSize; ++j) {
        int64_t at = i * kSize + j;
        ASSERT_EQ(next[at], p[at] - g[at] * 0.5f) << "at " << i << ", " << j;
        ASSERT_EQ(transposed[at], q[j * kSize + i]) << "at " << i << ", " << j;
      }
  }

  oxla_client *client = nullptr;
  oxla_executable *executable = nullptr;
  oxla_function *function = nullptr;
  std::vector<float> p = std::vector<float>(kSize * kSize),
                     q = std::vector<float>(kSize * kSize),
                     g = std::vector<float>(kSize * kSize);
};

TEST_F(DonationAPITest, ThePlanPairsResultsWithDonors) {
  EXPECT_EQ(oxla_function_result_donor(function, 0), 0);
  EXPECT_EQ(oxla_function_result_donor(function, 1), 1);
  EXPECT_EQ(oxla_function_result_donor(function, 2), -1);
  EXPECT_EQ(oxla_function_result_donor(nullptr, 0), -1);
  oxla_memory_plan plan;
  ASSERT_OK(oxla_function_memory_plan(function, &plan));
  EXPECT_EQ(plan.donated_results, 2u * kSize * kSize * 4);
  EXPECT_EQ(plan.results, 0u);
  EXPECT_EQ(plan.arguments, 3u * kSize * kSize * 4);
  EXPECT_EQ(plan.peak, plan.arguments + plan.temporaries);
  std::string report = oxla_function_memory_report(function);
  EXPECT_NE(report.find("result #0 in donated argument #0 (32x32xf32)\n"), std::string::npos)
      << report;
  EXPECT_NE(report.find("result #1 in donated argument #1 (32x32xf32), computed in a "
                        "temporary and copied there"),
            std::string::npos)
      << report;
}

TEST_F(DonationAPITest, DonatedMemoryComesBackAsTheResult) {
  oxla_buffer *arguments[] = {buffer(p), buffer(q), buffer(g)};
  const void *pMemory = oxla_buffer_data(arguments[0]);
  const void *qMemory = oxla_buffer_data(arguments[1]);
  uint8_t donate[] = {1, 1, 0};
  oxla_invoke_options options{donate};
  oxla_buffer *results[2] = {nullptr, nullptr};
  ASSERT_OK(oxla_function_invoke(function, arguments, 3, &options, results, 2));
  EXPECT_EQ(oxla_buffer_data(results[0]), pMemory);
  EXPECT_EQ(oxla_buffer_data(results[1]), qMemory);
  expectResults(results);
  EXPECT_TRUE(oxla_buffer_is_donated(arguments[0]));
  EXPECT_TRUE(oxla_buffer_is_donated(arguments[1]));
  EXPECT_EQ(oxla_buffer_data(arguments[0]), nullptr);
  EXPECT_FALSE(oxla_buffer_is_donated(arguments[2]));
  EXPECT_EQ(contents(arguments[2]), g);

  // A donated buffer is refused afterwards; its result stays valid.
  oxla_buffer *again[2] = {nullptr, nullptr};
  Outcome outcome = outcomeOf(oxla_function_invoke(function, arguments, 3, nullptr, again, 2));
  EXPECT_EQ(outcome.code, OXLA_FAILED_PRECONDITION);
  EXPECT_EQ(outcome.message, "@main: argument #0 was donated to an earlier invocation");
  expectResults(results);

  // The results can be donated in turn: the next step updates in place.
  oxla_buffer *next[] = {results[0], results[1], arguments[2]};
  oxla_buffer *stepped[2] = {nullptr, nullptr};
  ASSERT_OK(oxla_function_invoke(function, next, 3, &options, stepped, 2));
  EXPECT_EQ(oxla_buffer_data(stepped[0]), pMemory);
  EXPECT_EQ(oxla_buffer_data(stepped[1]), qMemory);
  std::vector<float> twice = contents(stepped[0]), back = contents(stepped[1]);
  for (int64_t i = 0; i < kSize * kSize; ++i) {
    ASSERT_EQ(twice[i], (p[i] - g[i] * 0.5f) - g[i] * 0.5f) << "at " << i;
    ASSERT_EQ(back[i], q[i]) << "at " << i;
  }
  for (oxla_buffer *b : arguments)
    oxla_buffer_free(b);
  for (oxla_buffer *b : results)
    oxla_buffer_free(b);
  for (oxla_buffer *b : stepped)
    oxla_buffer_free(b);
}

// A donated buffer passed as a later argument too would change under that
// argument while the call writes the result in it: refused, and not taken.
TEST_F(DonationAPITest, ADonatedBufferPassedTwiceIsRefused) {
  oxla_buffer *shared = buffer(p);
  oxla_buffer *g0 = buffer(g);
  oxla_buffer *arguments[] = {shared, shared, g0};
  uint8_t donate[] = {1, 0, 0};
  oxla_invoke_options options{donate};
  oxla_buffer *results[2] = {nullptr, nullptr};
  Outcome outcome =
      outcomeOf(oxla_function_invoke(function, arguments, 3, &options, results, 2));
  EXPECT_EQ(outcome.code, OXLA_INVALID_ARGUMENT);
  EXPECT_EQ(outcome.message, "@main: argument #0 is donated and also passed as #1");
  EXPECT_FALSE(oxla_buffer_is_donated(shared));
  EXPECT_EQ(contents(shared), p);
  oxla_buffer_free(shared);
  oxla_buffer_free(g0);
}

TEST_F(DonationAPITest, WithoutDonationResultsHaveTheirOwnMemory) {
  oxla_buffer *arguments[] = {buffer(p), buffer(q), buffer(g)};
  oxla_buffer *results[2] = {nullptr, nullptr};
  ASSERT_OK(oxla_function_invoke(function, arguments, 3, nullptr, results, 2));
  EXPECT_NE(oxla_buffer_data(results[0]), oxla_buffer_data(arguments[0]));
  EXPECT_NE(oxla_buffer_data(results[1]), oxla_buffer_data(arguments[1]));
  expectResults(results);
  EXPECT_EQ(contents(arguments[0]), p);
  EXPECT_EQ(contents(arguments[1]), q);
  for (oxla_buffer *b : arguments)
    oxla_buffer_free(b);
  for (oxla_buffer *b : results)
    oxla_buffer_free(b);
}

TEST_F(DonationAPITest, ImportedMemoryIsReleasedOnceByItsResult) {
  int64_t dims[] = {kSize, kSize};
  size_t bytes = kSize * kSize * sizeof(float);
  auto *memory = static_cast<float *>(std::aligned_alloc(64, bytes));
  std::memcpy(memory, p.data(), bytes);
  int releases = 0;
  oxla_buffer *imported = nullptr;
  ASSERT_OK(oxla_buffer_import(
      client, OXLA_F32, dims, 2, memory, bytes,
      [](void *count) { ++*static_cast<int *>(count); }, &releases, &imported));
  oxla_buffer *arguments[] = {imported, buffer(q), buffer(g)};
  uint8_t donate[] = {1, 0, 0};
  oxla_invoke_options options{donate};
  oxla_buffer *results[2] = {nullptr, nullptr};
  ASSERT_OK(oxla_function_invoke(function, arguments, 3, &options, results, 2));
  EXPECT_EQ(oxla_buffer_data(results[0]), memory);
  expectResults(results);
  oxla_buffer_free(imported);
  EXPECT_EQ(releases, 0);
  oxla_buffer_free(results[0]);
  EXPECT_EQ(releases, 1);
  oxla_buffer_free(results[1]);
  oxla_buffer_free(arguments[1]);
  oxla_buffer_free(arguments[2]);
  std::free(memory);
}

} // namespace
