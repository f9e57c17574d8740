//===- RuntimeAPITest.cpp - The C API, used and misused -------------------===//
//
// Drives runtime/include/oxla/runtime.h as an embedder would, through
// liboxla.so: compile from text, interpret, load an AOT module, invoke
// synchronously and asynchronously, custom calls; and every misuse a
// caller can make must come back as a status with a useful message.
//
//===----------------------------------------------------------------------===//

#include "oxla/runtime.h"
#include "StatusTestSupport.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace {

constexpr const char *kAdd = R"mlir(
func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %a, %b : tensor<4xf32>
  return %0 : tensor<4xf32>
}
)mlir";

class RuntimeAPITest : public ::testing::Test {
protected:
  void SetUp() override {
    oxla_client_options options{2};
    ASSERT_OK(oxla_client_create(&options, &client));
  }
  void TearDown() override {
    for (oxla_buffer *buffer : buffers)
      oxla_buffer_free(buffer);
    for (oxla_executable *executable : executables)
      oxla_executable_free(executable);
    oxla_client_free(client);
  }

  oxla_executable *compile(const char *source) {
    oxla_executable *executable = nullptr;
    oxla_compile_options options{nullptr, 0, "test.mlir"};
    oxla_status *status =
        oxla_executable_compile(client, source, std::strlen(source), &options, &executable);
    EXPECT_EQ(status, nullptr) << oxla_status_get_message(status);
    oxla_status_free(status);
    if (executable)
      executables.push_back(executable);
    return executable;
  }

  oxla_buffer *floats(std::vector<float> values, std::vector<int64_t> dims) {
    oxla_buffer *buffer = nullptr;
    oxla_status *status =
        oxla_buffer_create(client, OXLA_F32, dims.data(), dims.size(), values.data(),
                           values.size() * sizeof(float), &buffer);
    EXPECT_EQ(status, nullptr) << oxla_status_get_message(status);
    oxla_status_free(status);
    buffers.push_back(buffer);
    return buffer;
  }

  static std::vector<float> contents(const oxla_buffer *buffer) {
    std::vector<float> values(oxla_buffer_size_in_bytes(buffer) / sizeof(float));
    oxla_status_free(oxla_buffer_export(buffer, values.data(), values.size() * 4));
    return values;
  }

  oxla_client *client = nullptr;
  std::vector<oxla_buffer *> buffers;
  std::vector<oxla_executable *> executables;
};

TEST_F(RuntimeAPITest, CompilesAndInvokes) {
  oxla_executable *executable = compile(kAdd);
  ASSERT_NE(executable, nullptr);
  ASSERT_EQ(oxla_executable_function_count(executable), 1u);
  oxla_function *function = nullptr;
  ASSERT_OK(oxla_executable_lookup(executable, "main", &function));
  EXPECT_STREQ(oxla_function_signature(function), "(4xf32, 4xf32) -> (4xf32)");
  EXPECT_STREQ(oxla_function_argument_type(function, 1), "4xf32");
  EXPECT_EQ(oxla_function_argument_type(function, 2), nullptr);

  oxla_buffer *arguments[] = {floats({1, 2, 3, 4}, {4}), floats({10, 20, 30, 40}, {4})};
  oxla_buffer *result = nullptr;
  ASSERT_OK(oxla_function_invoke(function, arguments, 2, nullptr, &result, 1));
  buffers.push_back(result);
  EXPECT_EQ(contents(result), (std::vector<float>{11, 22, 33, 44}));
  EXPECT_EQ(oxla_buffer_rank(result), 1u);
  EXPECT_EQ(oxla_buffer_dims(result)[0], 4);
  EXPECT_EQ(oxla_buffer_element_type(result), OXLA_F32);
}

// Small buffers share one allocation with their handle, large ones do not:
// both kinds are aligned for vector loads, hold the results, and can be
// donated.
TEST_F(RuntimeAPITest, ResultsOfEverySizeAreAlignedAndDonatable) {
  oxla_executable *executable = compile(R"mlir(
func.func @main(%a: tensor<f32>) -> (tensor<f32>, tensor<3x5xf32>, tensor<40x50xf32>) {
  %0 = stablehlo.negate %a : tensor<f32>
  %1 = stablehlo.broadcast_in_dim %a, dims = [] : (tensor<f32>) -> tensor<3x5xf32>
  %2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<40x50xf32>
  return %0, %1, %2 : tensor<f32>, tensor<3x5xf32>, tensor<40x50xf32>
}
)mlir");
  ASSERT_NE(executable, nullptr);
  oxla_function *function = oxla_executable_function(executable, 0);
  oxla_buffer *argument = floats({2.5f}, {});
  oxla_buffer *results[3] = {};
  ASSERT_OK(oxla_function_invoke(function, &argument, 1, nullptr, results, 3));
  buffers.insert(buffers.end(), results, results + 3);
  EXPECT_EQ(contents(results[0]), std::vector<float>{-2.5f});
  EXPECT_EQ(contents(results[1]), std::vector<float>(15, 2.5f));
  EXPECT_EQ(contents(results[2]), std::vector<float>(2000, -2.5f));
  EXPECT_EQ(oxla_buffer_rank(results[2]), 2u);
  EXPECT_EQ(oxla_buffer_dims(results[2])[1], 50);
  for (oxla_buffer *result : results)
    EXPECT_EQ(reinterpret_cast<uintptr_t>(oxla_buffer_data(result)) % 64, 0u);

  // A result fed back in and donated: its memory goes, its handle stays.
  uint8_t donate[] = {1};
  oxla_invoke_options options{donate};
  oxla_buffer *again[3] = {};
  ASSERT_OK(oxla_function_invoke(function, &results[0], 1, &options, again, 3));
  buffers.insert(buffers.end(), again, again + 3);
  EXPECT_TRUE(oxla_buffer_is_donated(results[0]));
  EXPECT_EQ(oxla_buffer_data(results[0]), nullptr);
  EXPECT_EQ(contents(again[0]), std::vector<float>{2.5f});
}

TEST_F(RuntimeAPITest, InterpreterAgreesWithCompiledCode) {
  const char *source = R"mlir(
func.func @main(%a: tensor<2x3xf32>) -> (tensor<3x2xf32>, tensor<f32>) {
  %t = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%a init: %zero) applies stablehlo.add across dimensions = [0, 1]
    : (tensor<2x3xf32>, tensor<f32>) -> tensor<f32>
  return %t, %s : tensor<3x2xf32>, tensor<f32>
}
)mlir";
  oxla_executable *compiled = compile(source), *interpreted = nullptr;
  ASSERT_OK(oxla_executable_interpret(client, source, std::strlen(source), nullptr,
                                      &interpreted));
  executables.push_back(interpreted);
  oxla_buffer *argument = floats({1, 2, 3, 4, 5, 6}, {2, 3});
  for (oxla_executable *executable : {compiled, interpreted}) {
    oxla_buffer *results[2] = {nullptr, nullptr};
    ASSERT_OK(oxla_function_invoke(oxla_executable_function(executable, 0), &argument, 1,
                                   nullptr, results, 2));
    buffers.insert(buffers.end(), results, results + 2);
    EXPECT_EQ(contents(results[0]), (std::vector<float>{1, 4, 2, 5, 3, 6}));
    EXPECT_EQ(contents(results[1]), (std::vector<float>{21}));
  }
}

TEST_F(RuntimeAPITest, DynamicArgumentSizes) {
  oxla_executable *executable = compile(R"mlir(
func.func @main(%a: tensor<?xf32>) -> tensor<f32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%a init: %zero) applies stablehlo.add across dimensions = [0]
    : (tensor<?xf32>, tensor<f32>) -> tensor<f32>
  return %s : tensor<f32>
}
)mlir");
  ASSERT_NE(executable, nullptr);
  oxla_function *function = oxla_executable_function(executable, 0);
  for (int n : {1, 5, 100}) {
    std::vector<float> values(n, 0.5f);
    oxla_buffer *argument = floats(values, {n});
    oxla_buffer *result = nullptr;
    ASSERT_OK(oxla_function_invoke(function, &argument, 1, nullptr, &result, 1));
    buffers.push_back(result);
    EXPECT_EQ(contents(result), (std::vector<float>{0.5f * n}));
  }
}

TEST_F(RuntimeAPITest, ArgumentsAreNotWrittenTo) {
  // dynamic_update_slice updates its operand in place when it may; the
  // caller's buffer must stay as it was.
  oxla_executable *executable = compile(R"mlir(
func.func @main(%a: tensor<4xf32>, %u: tensor<2xf32>) -> tensor<4xf32> {
  %i = stablehlo.constant dense<1> : tensor<i32>
  %0 = stablehlo.dynamic_update_slice %a, %u, %i : (tensor<4xf32>, tensor<2xf32>, tensor<i32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
)mlir");
  oxla_buffer *arguments[] = {floats({1, 2, 3, 4}, {4}), floats({9, 9}, {2})};
  oxla_buffer *result = nullptr;
  ASSERT_OK(oxla_function_invoke(oxla_executable_function(executable, 0), arguments, 2,
                                 nullptr, &result, 1));
  buffers.push_back(result);
  EXPECT_EQ(contents(result), (std::vector<float>{1, 9, 9, 4}));
  EXPECT_EQ(contents(arguments[0]), (std::vector<float>{1, 2, 3, 4}));
}

TEST_F(RuntimeAPITest, IRAtEachStage) {
  oxla_executable *executable = compile(kAdd);
  const char *text = nullptr;
  ASSERT_OK(oxla_executable_ir(executable, "stablehlo", &text));
  EXPECT_NE(std::strstr(text, "stablehlo.add"), nullptr) << text;
  ASSERT_OK(oxla_executable_ir(executable, "linalg", &text));
  EXPECT_NE(std::strstr(text, "linalg.generic"), nullptr) << text;
  ASSERT_OK(oxla_executable_ir(executable, "llvm-dialect", &text));
  EXPECT_NE(std::strstr(text, "llvm.func"), nullptr) << text;
  Outcome unknown = outcomeOf(oxla_executable_ir(executable, "nonsense", &text));
  EXPECT_EQ(unknown.code, OXLA_INVALID_ARGUMENT);
  EXPECT_NE(unknown.message.find("known: stablehlo, refined, linalg"), std::string::npos)
      << unknown.message;
}

TEST_F(RuntimeAPITest, CompileErrorsAreLocated) {
  const char *bad = "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n"
                    "  %0 = stablehlo.add %a, %a : tensor<5xf32>\n"
                    "  return %0 : tensor<4xf32>\n}\n";
  oxla_executable *executable = nullptr;
  oxla_compile_options options{nullptr, 0, "bad.mlir"};
  Outcome outcome = outcomeOf(
      oxla_executable_compile(client, bad, std::strlen(bad), &options, &executable));
  EXPECT_EQ(outcome.code, OXLA_INVALID_ARGUMENT);
  EXPECT_EQ(outcome.message.rfind("bad.mlir:2:", 0), 0u) << outcome.message;
  EXPECT_EQ(executable, nullptr);

  const char *unsupported = R"mlir(
func.func @main() -> tensor<4xf32> {
  %t = "stablehlo.after_all"() : () -> !stablehlo.token
  %0:2 = "stablehlo.infeed"(%t) {infeed_config = ""} : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
  return %0#0 : tensor<4xf32>
}
)mlir";
  outcome = outcomeOf(oxla_executable_compile(client, unsupported, std::strlen(unsupported),
                                              &options, &executable));
  EXPECT_EQ(outcome.code, OXLA_UNSUPPORTED);
  EXPECT_NE(outcome.message.find("bad.mlir:4:10: error: unsupported"), std::string::npos)
      << outcome.message;

  const char *entries[] = {"missing"};
  oxla_compile_options pick{entries, 1, nullptr};
  outcome = outcomeOf(
      oxla_executable_compile(client, kAdd, std::strlen(kAdd), &pick, &executable));
  EXPECT_EQ(outcome.code, OXLA_NOT_FOUND);
  EXPECT_NE(outcome.message.find("@missing"), std::string::npos);
}

TEST_F(RuntimeAPITest, FailedChecksAreReported) {
  const char *source = R"mlir(
func.func @main() {
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %e = stablehlo.constant dense<[1.0, 3.0]> : tensor<2xf32>
  stablehlo.custom_call @check.expect_close(%a, %e) : (tensor<2xf32>, tensor<2xf32>) -> ()
  return
}
)mlir";
  oxla_executable *executables2[2] = {compile(source), nullptr};
  ASSERT_OK(oxla_executable_interpret(client, source, std::strlen(source), nullptr,
                                      &executables2[1]));
  executables.push_back(executables2[1]);
  for (oxla_executable *executable : executables2) {
    Outcome outcome = outcomeOf(oxla_function_invoke(
        oxla_executable_function(executable, 0), nullptr, 0, nullptr, nullptr, 0));
    EXPECT_EQ(outcome.code, OXLA_CHECK_FAILED);
    EXPECT_NE(outcome.message.find("check.expect_close failed at index [1]"),
              std::string::npos)
        << outcome.message;
  }
}

TEST_F(RuntimeAPITest, MisuseIsAnError) {
  oxla_executable *executable = compile(kAdd);
  oxla_function *function = oxla_executable_function(executable, 0);
  oxla_buffer *four = floats({1, 2, 3, 4}, {4}), *three = floats({1, 2, 3}, {3});
  oxla_buffer *result = nullptr;

  Outcome outcome = outcomeOf(oxla_function_invoke(nullptr, &four, 1, nullptr, &result, 1));
  EXPECT_EQ(outcome.code, OXLA_INVALID_ARGUMENT);
  EXPECT_EQ(outcome.message, "the function is null");

  outcome = outcomeOf(oxla_function_invoke(function, &four, 1, nullptr, &result, 1));
  EXPECT_EQ(outcome.code, OXLA_INVALID_ARGUMENT);
  EXPECT_EQ(outcome.message,
            "@main: 1 argument(s) given, 2 expected (4xf32, 4xf32) -> (4xf32)");

  oxla_buffer *wrongShape[] = {four, three};
  outcome = outcomeOf(oxla_function_invoke(function, wrongShape, 2, nullptr, &result, 1));
  EXPECT_EQ(outcome.message, "@main: argument #1 is 3xf32, but 4xf32 is expected");

  oxla_buffer *ints = nullptr;
  int32_t values[4] = {1, 2, 3, 4};
  int64_t dims[1] = {4};
  ASSERT_OK(oxla_buffer_create(client, OXLA_S32, dims, 1, values, sizeof values, &ints));
  buffers.push_back(ints);
  oxla_buffer *wrongType[] = {ints, four};
  outcome = outcomeOf(oxla_function_invoke(function, wrongType, 2, nullptr, &result, 1));
  EXPECT_EQ(outcome.message, "@main: argument #0 is 4xi32, but 4xf32 is expected");

  oxla_buffer *withNull[] = {four, nullptr};
  outcome = outcomeOf(oxla_function_invoke(function, withNull, 2, nullptr, &result, 1));
  EXPECT_EQ(outcome.message, "@main: argument #1 is null");

  oxla_buffer *good[] = {four, four};
  outcome = outcomeOf(oxla_function_invoke(function, good, 2, nullptr, &result, 2));
  EXPECT_EQ(outcome.message, "@main returns 1 result(s), but room for 2 was given");
  outcome = outcomeOf(oxla_function_invoke(function, good, 2, nullptr, nullptr, 1));
  EXPECT_EQ(outcome.message, "@main: the result array is null");
  EXPECT_EQ(result, nullptr);

  oxla_function *missing = nullptr;
  outcome = outcomeOf(oxla_executable_lookup(executable, "nope", &missing));
  EXPECT_EQ(outcome.code, OXLA_NOT_FOUND);
  EXPECT_EQ(outcome.message, "no function @nope (the executable has @main)");
  EXPECT_EQ(oxla_executable_function(executable, 1), nullptr);
  EXPECT_EQ(oxla_executable_function(nullptr, 0), nullptr);
}

TEST_F(RuntimeAPITest, BufferMisuseIsAnError) {
  oxla_buffer *buffer = nullptr;
  float data[4] = {};
  int64_t dims[2] = {2, 2}, negative[1] = {-1};
  EXPECT_EQ(outcomeOf(oxla_buffer_create(nullptr, OXLA_F32, dims, 2, data, 16, &buffer))
                .message,
            "the client is null");
  EXPECT_EQ(outcomeOf(oxla_buffer_create(client, OXLA_F32, dims, 2, data, 12, &buffer))
                .message,
            "the buffer holds 16 bytes, but 12 were given");
  EXPECT_EQ(outcomeOf(oxla_buffer_create(client, OXLA_F32, negative, 1, data, 0, &buffer))
                .message,
            "dimension 0 is -1; sizes are >= 0");
  EXPECT_EQ(outcomeOf(oxla_buffer_create(client, static_cast<oxla_element_type>(99), dims,
                                         2, data, 16, &buffer))
                .message,
            "unknown element type 99");
  EXPECT_EQ(outcomeOf(oxla_buffer_create(client, OXLA_F32, nullptr, 2, data, 16, &buffer))
                .message,
            "dims is null for rank 2");
  int64_t huge[2] = {INT64_C(1) << 40, INT64_C(1) << 40};
  EXPECT_EQ(outcomeOf(oxla_buffer_create_zeros(client, OXLA_F32, huge, 2, &buffer)).message,
            "the buffer's size overflows");
  EXPECT_EQ(outcomeOf(oxla_buffer_import(client, OXLA_F32, dims, 2,
                                         reinterpret_cast<char *>(data) + 1, 16, nullptr,
                                         nullptr, &buffer))
                .message,
            "data is not aligned to 4 bytes");
  EXPECT_EQ(buffer, nullptr);
  EXPECT_EQ(outcomeOf(oxla_buffer_export(nullptr, data, 16)).message, "the buffer is null");
  ASSERT_OK(oxla_buffer_create_zeros(client, OXLA_F32, dims, 2, &buffer));
  buffers.push_back(buffer);
  EXPECT_EQ(outcomeOf(oxla_buffer_export(buffer, data, 8)).message,
            "the buffer holds 16 bytes, but 8 were given");
  // Queries on null handles answer neutrally instead of crashing.
  EXPECT_EQ(oxla_buffer_rank(nullptr), 0u);
  EXPECT_EQ(oxla_buffer_data(nullptr), nullptr);
  EXPECT_EQ(oxla_function_signature(nullptr), nullptr);
  EXPECT_STREQ(oxla_status_get_message(nullptr), "");
  oxla_buffer_free(nullptr);
  oxla_executable_free(nullptr);
}

TEST_F(RuntimeAPITest, BoolBuffersHoldZeroOrOne) {
  // Any nonzero byte given to oxla_buffer_create is true, as NumPy reads it;
  // imported memory is used as it is, so it must hold 0 or 1 already.
  uint8_t bytes[3] = {0, 10, 1};
  int64_t dims[1] = {3};
  oxla_buffer *buffer = nullptr;
  ASSERT_OK(oxla_buffer_create(client, OXLA_BOOL, dims, 1, bytes, 3, &buffer));
  buffers.push_back(buffer);
  uint8_t stored[3];
  ASSERT_OK(oxla_buffer_export(buffer, stored, 3));
  EXPECT_EQ(stored[0], 0);
  EXPECT_EQ(stored[1], 1);
  EXPECT_EQ(stored[2], 1);
  oxla_buffer *imported = nullptr;
  EXPECT_EQ(outcomeOf(oxla_buffer_import(client, OXLA_BOOL, dims, 1, bytes, 3, nullptr,
                                         nullptr, &imported))
                .message,
            "i1 byte #1 is 10; an imported bool buffer holds 0 or 1 (oxla_buffer_create "
            "reads any nonzero byte as true)");
  EXPECT_EQ(imported, nullptr);
}

TEST_F(RuntimeAPITest, ImportedMemoryIsReleasedOnce) {
  static int released = 0;
  released = 0;
  auto *memory = static_cast<float *>(std::aligned_alloc(64, 64));
  for (int i = 0; i < 4; ++i)
    memory[i] = static_cast<float>(i);
  int64_t dims[1] = {4};
  oxla_buffer *imported = nullptr;
  ASSERT_OK(oxla_buffer_import(
      client, OXLA_F32, dims, 1, memory, 16,
      [](void *arg) {
        ++released;
        std::free(arg);
      },
      memory, &imported));
  EXPECT_EQ(oxla_buffer_data(imported), memory);
  oxla_executable *executable = compile(kAdd);
  oxla_buffer *arguments[] = {imported, imported}, *result = nullptr;
  ASSERT_OK(oxla_function_invoke(oxla_executable_function(executable, 0), arguments, 2,
                                 nullptr, &result, 1));
  buffers.push_back(result);
  EXPECT_EQ(contents(result), (std::vector<float>{0, 2, 4, 6}));
  EXPECT_EQ(released, 0);
  oxla_buffer_free(imported);
  EXPECT_EQ(released, 1);
}

TEST_F(RuntimeAPITest, DonatedBuffersCannotBeUsedAgain) {
  oxla_executable *executable = compile(kAdd);
  oxla_function *function = oxla_executable_function(executable, 0);
  oxla_buffer *a = floats({1, 1, 1, 1}, {4}), *b = floats({2, 2, 2, 2}, {4});
  oxla_buffer *arguments[] = {a, b}, *result = nullptr;
  uint8_t donate[] = {1, 0};
  oxla_invoke_options options{donate};
  ASSERT_OK(oxla_function_invoke(function, arguments, 2, &options, &result, 1));
  buffers.push_back(result);
  EXPECT_EQ(contents(result), (std::vector<float>{3, 3, 3, 3}));
  EXPECT_TRUE(oxla_buffer_is_donated(a));
  EXPECT_FALSE(oxla_buffer_is_donated(b));
  EXPECT_EQ(oxla_buffer_data(a), nullptr);
  Outcome outcome =
      outcomeOf(oxla_function_invoke(function, arguments, 2, nullptr, &result, 1));
  EXPECT_EQ(outcome.code, OXLA_FAILED_PRECONDITION);
  EXPECT_EQ(outcome.message, "@main: argument #0 was donated to an earlier invocation");
  float data[4];
  EXPECT_EQ(outcomeOf(oxla_buffer_export(a, data, 16)).code, OXLA_FAILED_PRECONDITION);

  oxla_buffer *twice[] = {b, b};
  uint8_t donateSecond[] = {0, 1};
  oxla_invoke_options second{donateSecond};
  outcome = outcomeOf(oxla_function_invoke(function, twice, 2, &second, &result, 1));
  EXPECT_EQ(outcome.message, "@main: argument #1 is donated and also passed as #0");
}

TEST_F(RuntimeAPITest, AsynchronousInvocations) {
  oxla_executable *executable = compile(kAdd);
  oxla_function *function = oxla_executable_function(executable, 0);
  EXPECT_EQ(oxla_client_num_threads(client), 2);
  constexpr int kCount = 16;
  std::vector<oxla_event *> events;
  for (int i = 0; i < kCount; ++i) {
    float f = static_cast<float>(i);
    oxla_buffer *arguments[] = {floats({f, f, f, f}, {4}), floats({1, 2, 3, 4}, {4})};
    oxla_event *event = nullptr;
    ASSERT_OK(oxla_function_invoke_async(function, arguments, 2, nullptr, &event));
    events.push_back(event);
  }
  for (int i = 0; i < kCount; ++i) {
    ASSERT_OK(oxla_event_wait(events[i]));
    EXPECT_TRUE(oxla_event_is_ready(events[i]));
    oxla_buffer *result = nullptr;
    ASSERT_OK(oxla_event_take_results(events[i], &result, 1));
    buffers.push_back(result);
    float f = static_cast<float>(i);
    EXPECT_EQ(contents(result), (std::vector<float>{f + 1, f + 2, f + 3, f + 4}));
    Outcome again = outcomeOf(oxla_event_take_results(events[i], &result, 1));
    EXPECT_EQ(again.code, OXLA_FAILED_PRECONDITION);
    oxla_event_free(events[i]);
  }
  // Invalid arguments are refused before anything is queued.
  oxla_event *event = nullptr;
  Outcome outcome =
      outcomeOf(oxla_function_invoke_async(function, nullptr, 0, nullptr, &event));
  EXPECT_EQ(outcome.code, OXLA_INVALID_ARGUMENT);
  EXPECT_EQ(event, nullptr);
}

TEST_F(RuntimeAPITest, ConcurrentSynchronousInvocations) {
  oxla_executable *executable = compile(kAdd);
  oxla_function *function = oxla_executable_function(executable, 0);
  oxla_buffer *a = floats({1, 2, 3, 4}, {4});
  std::vector<std::thread> threads;
  std::vector<int> wrong(4, 0);
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      oxla_buffer *arguments[] = {a, a};
      for (int i = 0; i < 200; ++i) {
        oxla_buffer *result = nullptr;
        oxla_status *status = oxla_function_invoke(function, arguments, 2, nullptr, &result, 1);
        if (status || contents(result) != std::vector<float>{2, 4, 6, 8})
          ++wrong[t];
        oxla_status_free(status);
        oxla_buffer_free(result);
      }
    });
  for (std::thread &thread : threads)
    thread.join();
  EXPECT_EQ(wrong, (std::vector<int>{0, 0, 0, 0}));
}

TEST(RuntimeAPIThreads, ParallelLoopsOnAOneThreadClient) {
  // Large enough to be split into tasks; on a one-thread client the
  // asynchronous invocation runs on the only worker, which must run its
  // loop's tasks itself instead of waiting for them.
  oxla_client_options options{1};
  oxla_client *client = nullptr;
  ASSERT_OK(oxla_client_create(&options, &client));
  const char *source = R"mlir(
func.func @main(%a: tensor<512x256xf32>) -> tensor<512x256xf32> {
  %0 = stablehlo.multiply %a, %a : tensor<512x256xf32>
  %1 = stablehlo.add %0, %a : tensor<512x256xf32>
  return %1 : tensor<512x256xf32>
}
)mlir";
  oxla_executable *executable = nullptr;
  ASSERT_OK(oxla_executable_compile(client, source, std::strlen(source), nullptr, &executable));
  std::vector<float> values(512 * 256);
  for (size_t i = 0; i < values.size(); ++i)
    values[i] = static_cast<float>(i % 97) - 48;
  int64_t dims[2] = {512, 256};
  oxla_buffer *argument = nullptr;
  ASSERT_OK(oxla_buffer_create(client, OXLA_F32, dims, 2, values.data(),
                               values.size() * sizeof(float), &argument));
  for (bool async : {false, true}) {
    oxla_buffer *result = nullptr;
    oxla_function *function = oxla_executable_function(executable, 0);
    if (async) {
      oxla_event *event = nullptr;
      ASSERT_OK(oxla_function_invoke_async(function, &argument, 1, nullptr, &event));
      ASSERT_OK(oxla_event_wait(event));
      ASSERT_OK(oxla_event_take_results(event, &result, 1));
      oxla_event_free(event);
    } else {
      ASSERT_OK(oxla_function_invoke(function, &argument, 1, nullptr, &result, 1));
    }
    auto *out = static_cast<const float *>(oxla_buffer_data(result));
    size_t wrong = 0;
    for (size_t i = 0; i < values.size(); ++i)
      wrong += out[i] != values[i] * values[i] + values[i];
    EXPECT_EQ(wrong, 0u) << (async ? "async" : "sync");
    oxla_buffer_free(result);
  }
  oxla_buffer_free(argument);
  oxla_executable_free(executable);
  oxla_client_free(client);
}

/// out = operand * scale, where the backend config is "scale=<number>".
oxla_status *scaleKernel(void *userData, const oxla_buffer *const *operands,
                         size_t numOperands, oxla_buffer *const *results,
                         size_t numResults, const char *backendConfig) {
  ++*static_cast<int *>(userData);
  if (numOperands != 1 || numResults != 1)
    return oxla_status_create(OXLA_INVALID_ARGUMENT, "scale takes one operand");
  if (std::strncmp(backendConfig, "scale=", 6) != 0)
    return oxla_status_create(OXLA_INVALID_ARGUMENT, "no scale= in the backend config");
  float scale = std::strtof(backendConfig + 6, nullptr);
  auto *in = static_cast<const float *>(oxla_buffer_data(operands[0]));
  auto *out = static_cast<float *>(oxla_buffer_mutable_data(results[0]));
  size_t count = oxla_buffer_size_in_bytes(results[0]) / sizeof(float);
  for (size_t i = 0; i < count; ++i)
    out[i] = in[i] * scale;
  return nullptr;
}

TEST_F(RuntimeAPITest, CustomCallsRunRegisteredKernels) {
  int calls = 0;
  ASSERT_OK(oxla_client_register_custom_call(client, "user.scale", scaleKernel, &calls));
  oxla_executable *executable = compile(R"mlir(
func.func @main(%a: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %0 = stablehlo.custom_call @user.scale(%a) {backend_config = "scale=3"} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %1 = stablehlo.add %0, %a : tensor<2x2xf32>
  %2 = stablehlo.custom_call @user.scale(%1) {backend_config = "oops", has_side_effect = true} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return %1 : tensor<2x2xf32>
}
)mlir");
  ASSERT_NE(executable, nullptr);
  oxla_function *function = oxla_executable_function(executable, 0);
  oxla_buffer *argument = floats({1, 2, 3, 4}, {2, 2}), *result = nullptr;
  // The second call's kernel refuses its configuration: the invocation fails.
  Outcome outcome =
      outcomeOf(oxla_function_invoke(function, &argument, 1, nullptr, &result, 1));
  EXPECT_EQ(outcome.code, OXLA_CUSTOM_CALL_FAILED);
  EXPECT_EQ(outcome.message, "custom call @user.scale: no scale= in the backend config");
  EXPECT_EQ(calls, 2);
  EXPECT_EQ(result, nullptr);
}

TEST_F(RuntimeAPITest, CustomCallResultsFlowOn) {
  int calls = 0;
  ASSERT_OK(oxla_client_register_custom_call(client, "user.scale", scaleKernel, &calls));
  oxla_executable *executable = compile(R"mlir(
func.func @main(%a: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %0 = stablehlo.custom_call @user.scale(%a) {backend_config = "scale=3"} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %1 = stablehlo.add %0, %a : tensor<2x2xf32>
  return %1 : tensor<2x2xf32>
}
)mlir");
  oxla_function *function = oxla_executable_function(executable, 0);
  oxla_buffer *argument = floats({1, 2, 3, 4}, {2, 2}), *result = nullptr;
  ASSERT_OK(oxla_function_invoke(function, &argument, 1, nullptr, &result, 1));
  buffers.push_back(result);
  EXPECT_EQ(contents(result), (std::vector<float>{4, 8, 12, 16}));
  EXPECT_EQ(calls, 1);
}

// A custom call in a loop: its per-call address list must not grow the
// stack on every iteration (an alloca in the loop body would overflow it).
TEST_F(RuntimeAPITest, CustomCallsInLongLoops) {
  int calls = 0;
  ASSERT_OK(oxla_client_register_custom_call(client, "user.scale", scaleKernel, &calls));
  oxla_executable *executable = compile(R"mlir(
func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %zero = stablehlo.constant dense<0> : tensor<i64>
  %one = stablehlo.constant dense<1> : tensor<i64>
  %n = stablehlo.constant dense<1000000> : tensor<i64>
  %r:2 = stablehlo.while(%i = %zero, %x = %a) : tensor<i64>, tensor<2xf32>
    cond {
      %c = stablehlo.compare LT, %i, %n : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      %y = stablehlo.custom_call @user.scale(%x) {backend_config = "scale=1"} : (tensor<2xf32>) -> tensor<2xf32>
      %j = stablehlo.add %i, %one : tensor<i64>
      stablehlo.return %j, %y : tensor<i64>, tensor<2xf32>
    }
  return %r#1 : tensor<2xf32>
}
)mlir");
  ASSERT_NE(executable, nullptr);
  oxla_buffer *argument = floats({1, 2}, {2}), *result = nullptr;
  ASSERT_OK(oxla_function_invoke(oxla_executable_function(executable, 0), &argument, 1,
                                 nullptr, &result, 1));
  buffers.push_back(result);
  EXPECT_EQ(contents(result), (std::vector<float>{1, 2}));
  EXPECT_EQ(calls, 1000000);
}

// XLA's CPU targets run without registration (the runtime's kernels); a
// kernel registered under the same name takes precedence.
TEST_F(RuntimeAPITest, XlaCpuTargetsRunBuiltInUnlessRegistered) {
  const char *source = R"mlir(
func.func @main(%a: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %0:2 = stablehlo.custom_call @lapack_spotrf_ffi(%a) {mhlo.backend_config = {uplo = 76 : ui8}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>]} : (tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<i32>)
  return %0#0 : tensor<2x2xf32>
}
)mlir";
  oxla_executable *executable = compile(source);
  ASSERT_NE(executable, nullptr);
  oxla_buffer *argument = floats({4, 2, 2, 5}, {2, 2}), *result = nullptr;
  ASSERT_OK(oxla_function_invoke(oxla_executable_function(executable, 0), &argument, 1,
                                 nullptr, &result, 1));
  buffers.push_back(result);
  // L = [[2, 0], [1, 2]]; the upper triangle is left as it was.
  EXPECT_EQ(contents(result), (std::vector<float>{2, 2, 1, 2}));

  // A user kernel of that name replaces the built-in one (here it fails).
  int calls = 0;
  ASSERT_OK(oxla_client_register_custom_call(client, "lapack_spotrf_ffi", scaleKernel, &calls));
  Outcome outcome = outcomeOf(oxla_function_invoke(oxla_executable_function(executable, 0),
                                                   &argument, 1, nullptr, &result, 1));
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(outcome.code, OXLA_CUSTOM_CALL_FAILED);
}

// An aliased result starts as its operand, so a kernel may update in place.
TEST_F(RuntimeAPITest, AliasedCustomCallResultsStartAsTheirOperand) {
  // A kernel that writes nothing: what the aliased result holds is the copy.
  ASSERT_OK(oxla_client_register_custom_call(
      client, "user.in_place",
      [](void *, const oxla_buffer *const *, size_t, oxla_buffer *const *, size_t,
         const char *) -> oxla_status * { return nullptr; },
      nullptr));
  oxla_executable *executable = compile(R"mlir(
func.func @main(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %0:2 = stablehlo.custom_call @user.in_place(%a, %b) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [1], operand_index = 1, operand_tuple_indices = []>]} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  return %0#1 : tensor<2xf32>
}
)mlir");
  ASSERT_NE(executable, nullptr);
  oxla_buffer *arguments[] = {floats({1, 2}, {2}), floats({7, 9}, {2})};
  oxla_buffer *result = nullptr;
  ASSERT_OK(oxla_function_invoke(oxla_executable_function(executable, 0), arguments, 2,
                                 nullptr, &result, 1));
  buffers.push_back(result);
  EXPECT_EQ(contents(result), (std::vector<float>{7, 9}));
}

TEST_F(RuntimeAPITest, UnregisteredCustomCallFails) {
  oxla_executable *executable = compile(R"mlir(
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.custom_call @nobody.home(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
)mlir");
  oxla_buffer *argument = floats({1, 2, 3, 4}, {4}), *result = nullptr;
  Outcome outcome = outcomeOf(oxla_function_invoke(oxla_executable_function(executable, 0),
                                                   &argument, 1, nullptr, &result, 1));
  EXPECT_EQ(outcome.code, OXLA_CUSTOM_CALL_FAILED);
  EXPECT_NE(outcome.message.find("@nobody.home: no kernel is registered"),
            std::string::npos)
      << outcome.message;
  EXPECT_EQ(outcomeOf(oxla_client_register_custom_call(client, "", scaleKernel, nullptr))
                .message,
            "the custom call's name is null or empty");
  EXPECT_EQ(outcomeOf(oxla_client_register_custom_call(client, "x", nullptr, nullptr))
                .message,
            "the kernel of custom call 'x' is null");
}

TEST_F(RuntimeAPITest, LoadsAnAOTModule) {
  std::string module = ::testing::TempDir() + "oxla-api-add.so";
  std::string source = ::testing::TempDir() + "oxla-api-add.mlir";
  FILE *file = std::fopen(source.c_str(), "w");
  ASSERT_NE(file, nullptr);
  std::fputs(kAdd, file);
  std::fclose(file);
  std::string command =
      std::string(OXLA_COMPILE_TOOL) + " " + source + " -o " + module;
  ASSERT_EQ(std::system(command.c_str()), 0) << command;

  oxla_executable *executable = nullptr;
  ASSERT_OK(oxla_executable_load(client, module.c_str(), &executable));
  executables.push_back(executable);
  oxla_function *function = nullptr;
  ASSERT_OK(oxla_executable_lookup(executable, "main", &function));
  oxla_buffer *arguments[] = {floats({1, 2, 3, 4}, {4}), floats({4, 3, 2, 1}, {4})};
  oxla_buffer *result = nullptr;
  ASSERT_OK(oxla_function_invoke(function, arguments, 2, nullptr, &result, 1));
  buffers.push_back(result);
  EXPECT_EQ(contents(result), (std::vector<float>{5, 5, 5, 5}));

  const char *text = nullptr;
  EXPECT_EQ(outcomeOf(oxla_executable_ir(executable, "linalg", &text)).code,
            OXLA_UNSUPPORTED);
  oxla_executable *missing = nullptr;
  Outcome outcome = outcomeOf(oxla_executable_load(client, "/no/such/module.so", &missing));
  EXPECT_EQ(outcome.code, OXLA_NOT_FOUND);
  EXPECT_NE(outcome.message.find("/no/such/module.so"), std::string::npos);
  outcome = outcomeOf(oxla_executable_load(client, source.c_str(), &missing));
  EXPECT_EQ(outcome.code, OXLA_NOT_FOUND);
}

} // namespace
