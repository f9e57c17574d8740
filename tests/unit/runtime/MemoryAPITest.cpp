//===- MemoryAPITest.cpp - The buffer plan through the C API --------------===//
//
// oxla_function_memory_plan and _memory_report give what --memory-report
// prints; oxla_function_invoke_with_scratch runs the compiled code on a
// caller-owned arena and refuses one that is too small or misaligned.
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

// Three products in a chain: two 16 KiB temporaries live at once
// (tests/lit/oxla-run/memory-report.mlir).
constexpr const char *kChain = R"mlir(
func.func @main(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %p0 = stablehlo.dot %a, %b : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %p1 = stablehlo.dot %p0, %b : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %p2 = stablehlo.dot %p1, %p0 : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %p3 = stablehlo.dot %p2, %b : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  return %p3 : tensor<64x64xf32>
}
)mlir";

class MemoryAPITest : public ::testing::Test {
protected:
  void SetUp() override {
    oxla_client_options options{2};
    ASSERT_OK(oxla_client_create(&options, &client));
    oxla_compile_options compileOptions{nullptr, 0, "chain.mlir"};
    ASSERT_OK(oxla_executable_compile(client, kChain, std::strlen(kChain), &compileOptions,
                                      &executable));
    ASSERT_OK(oxla_executable_lookup(executable, "main", &function));
    std::vector<float> a(64 * 64), b(64 * 64);
    for (size_t i = 0; i < a.size(); ++i) {
      a[i] = static_cast<float>(i % 7) * 0.125f;
      b[i] = static_cast<float>(i % 5) * 0.0625f;
    }
    int64_t dims[] = {64, 64};
    ASSERT_OK(oxla_buffer_create(client, OXLA_F32, dims, 2, a.data(), a.size() * 4,
                                 &arguments[0]));
    ASSERT_OK(oxla_buffer_create(client, OXLA_F32, dims, 2, b.data(), b.size() * 4,
                                 &arguments[1]));
  }
  void TearDown() override {
    for (oxla_buffer *buffer : arguments)
      oxla_buffer_free(buffer);
    oxla_executable_free(executable);
    oxla_client_free(client);
  }

  static std::vector<float> contents(const oxla_buffer *buffer) {
    std::vector<float> values(oxla_buffer_size_in_bytes(buffer) / sizeof(float));
    oxla_status_free(oxla_buffer_export(buffer, values.data(), values.size() * 4));
    return values;
  }

  oxla_client *client = nullptr;
  oxla_executable *executable = nullptr;
  oxla_function *function = nullptr;
  oxla_buffer *arguments[2] = {nullptr, nullptr};
};

TEST_F(MemoryAPITest, PlanIsTheReportsNumbers) {
  oxla_memory_plan plan;
  ASSERT_OK(oxla_function_memory_plan(function, &plan));
  EXPECT_EQ(plan.known, 1);
  EXPECT_EQ(plan.dynamic, 0);
  EXPECT_EQ(plan.peak, 81920u);
  EXPECT_EQ(plan.arguments, 32768u);
  EXPECT_EQ(plan.results, 16384u);
  EXPECT_EQ(plan.temporaries, 32768u);
  EXPECT_EQ(plan.arena, 32768u);
  EXPECT_EQ(plan.live_peak, 32768u);
  EXPECT_EQ(plan.planned, 2u);
  EXPECT_EQ(plan.unplanned, 0u);
  std::string report = oxla_function_memory_report(function);
  EXPECT_EQ(report.rfind("memory report @main\n", 0), 0u) << report;
  EXPECT_NE(report.find("chain.mlir:"), std::string::npos) << report;
  EXPECT_NE(report.find("memory @main: peak 81920 bytes (arguments 32768, results 16384, "
                        "temporaries 32768)\n"),
            std::string::npos)
      << report;
  EXPECT_EQ(oxla_function_memory_report(nullptr), nullptr);
  EXPECT_EQ(outcomeOf(oxla_function_memory_plan(function, nullptr)).code,
            OXLA_INVALID_ARGUMENT);
}

TEST_F(MemoryAPITest, ScratchHoldsTheTemporaries) {
  oxla_buffer *expected = nullptr;
  ASSERT_OK(oxla_function_invoke(function, arguments, 2, nullptr, &expected, 1));
  oxla_memory_plan plan;
  ASSERT_OK(oxla_function_memory_plan(function, &plan));
  // The compiled code writes its temporaries over the marked scratch.
  auto *scratch = static_cast<unsigned char *>(std::aligned_alloc(64, plan.arena));
  std::memset(scratch, 0xAB, plan.arena);
  oxla_buffer *result = nullptr;
  ASSERT_OK(oxla_function_invoke_with_scratch(function, arguments, 2, nullptr, scratch,
                                              plan.arena, &result, 1));
  EXPECT_EQ(contents(result), contents(expected));
  size_t written = 0;
  for (size_t i = 0; i < plan.arena; ++i)
    written += scratch[i] != 0xAB;
  EXPECT_GT(written, plan.arena / 2);
  // Again, on a scratch holding the last call's temporaries: same result.
  oxla_buffer *again = nullptr;
  ASSERT_OK(oxla_function_invoke_with_scratch(function, arguments, 2, nullptr, scratch,
                                              plan.arena, &again, 1));
  EXPECT_EQ(contents(again), contents(expected));
  oxla_buffer_free(again);
  oxla_buffer_free(result);
  oxla_buffer_free(expected);
  std::free(scratch);
}

TEST_F(MemoryAPITest, ScratchTooSmallOrMisalignedIsRefused) {
  auto *scratch = static_cast<unsigned char *>(std::aligned_alloc(64, 32768 + 64));
  oxla_buffer *result = nullptr;
  Outcome small = outcomeOf(oxla_function_invoke_with_scratch(
      function, arguments, 2, nullptr, scratch, 32767, &result, 1));
  EXPECT_EQ(small.code, OXLA_INVALID_ARGUMENT);
  EXPECT_EQ(small.message, "@main needs 32768 bytes of scratch, but 32767 were given");
  EXPECT_EQ(result, nullptr);
  Outcome misaligned = outcomeOf(oxla_function_invoke_with_scratch(
      function, arguments, 2, nullptr, scratch + 8, 32768, &result, 1));
  EXPECT_EQ(misaligned.code, OXLA_INVALID_ARGUMENT);
  EXPECT_NE(misaligned.message.find("64-byte aligned"), std::string::npos);
  Outcome null = outcomeOf(oxla_function_invoke_with_scratch(
      function, arguments, 2, nullptr, nullptr, 32768, &result, 1));
  EXPECT_EQ(null.code, OXLA_INVALID_ARGUMENT);
  EXPECT_EQ(result, nullptr);
  std::free(scratch);
}

TEST_F(MemoryAPITest, InterpretedFunctionsHaveNoPlan) {
  oxla_executable *interpreted = nullptr;
  ASSERT_OK(oxla_executable_interpret(client, kChain, std::strlen(kChain), nullptr,
                                      &interpreted));
  oxla_function *main = nullptr;
  ASSERT_OK(oxla_executable_lookup(interpreted, "main", &main));
  oxla_memory_plan plan;
  ASSERT_OK(oxla_function_memory_plan(main, &plan));
  EXPECT_EQ(plan.known, 0);
  EXPECT_EQ(plan.arguments, 32768u);
  oxla_buffer *result = nullptr;
  char scratch[64];
  EXPECT_EQ(outcomeOf(oxla_function_invoke_with_scratch(main, arguments, 2, nullptr, scratch,
                                                        sizeof scratch, &result, 1))
                .code,
            OXLA_UNSUPPORTED);
  oxla_executable_free(interpreted);
}

} // namespace
