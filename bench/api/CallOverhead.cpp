//===- CallOverhead.cpp - What one invocation through the C API costs -----===//
//
// Google Benchmark over oxla_function_invoke on tiny functions, so the time
// is the runtime's call path (argument checks, result allocation, memref
// descriptors, the check session), not the computation. Run:
//   build/bench/api/oxla-call-overhead [--benchmark_repetitions=5]
//
//===----------------------------------------------------------------------===//

#include "oxla/runtime.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

/// A client and one compiled function, for the lifetime of a benchmark.
class Compiled {
public:
  explicit Compiled(const char *source) {
    check(oxla_client_create(nullptr, &client_));
    check(oxla_executable_compile(client_, source, std::strlen(source), nullptr,
                                  &executable_));
    function_ = oxla_executable_function(executable_, 0);
  }
  ~Compiled() {
    oxla_executable_free(executable_);
    oxla_client_free(client_);
  }

  oxla_buffer *buffer(std::vector<float> values) {
    int64_t dims[1] = {static_cast<int64_t>(values.size())};
    oxla_buffer *buffer = nullptr;
    check(oxla_buffer_create(client_, OXLA_F32, dims, 1, values.data(),
                             values.size() * sizeof(float), &buffer));
    return buffer;
  }

  oxla_function *function() const { return function_; }

  static void check(oxla_status *status) {
    if (!status)
      return;
    std::fprintf(stderr, "oxla: %s\n", oxla_status_get_message(status));
    std::exit(1);
  }

private:
  oxla_client *client_ = nullptr;
  oxla_executable *executable_ = nullptr;
  oxla_function *function_ = nullptr;
};

constexpr const char *kAdd4 = R"mlir(
func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %a, %b : tensor<4xf32>
  return %0 : tensor<4xf32>
}
)mlir";

constexpr const char *kNoArguments = R"mlir(
func.func @main() -> tensor<f32> {
  %0 = stablehlo.constant dense<1.0> : tensor<f32>
  return %0 : tensor<f32>
}
)mlir";

/// The issue's W8: a 4-element add, synchronously.
void BM_InvokeAdd4(benchmark::State &state) {
  Compiled compiled(kAdd4);
  oxla_buffer *arguments[] = {compiled.buffer({1, 2, 3, 4}), compiled.buffer({5, 6, 7, 8})};
  for (auto _ : state) {
    oxla_buffer *result = nullptr;
    Compiled::check(
        oxla_function_invoke(compiled.function(), arguments, 2, nullptr, &result, 1));
    benchmark::DoNotOptimize(oxla_buffer_data(result));
    oxla_buffer_free(result);
  }
  for (oxla_buffer *argument : arguments)
    oxla_buffer_free(argument);
}
BENCHMARK(BM_InvokeAdd4);

/// The same call with the host copies an embedder makes around it:
/// create the arguments from host memory, export the result.
void BM_InvokeAdd4WithCopies(benchmark::State &state) {
  Compiled compiled(kAdd4);
  float a[4] = {1, 2, 3, 4}, b[4] = {5, 6, 7, 8}, out[4];
  int64_t dims[1] = {4};
  oxla_client *client = nullptr;
  Compiled::check(oxla_client_create(nullptr, &client));
  for (auto _ : state) {
    oxla_buffer *arguments[2], *result = nullptr;
    Compiled::check(oxla_buffer_create(client, OXLA_F32, dims, 1, a, sizeof a, &arguments[0]));
    Compiled::check(oxla_buffer_create(client, OXLA_F32, dims, 1, b, sizeof b, &arguments[1]));
    Compiled::check(
        oxla_function_invoke(compiled.function(), arguments, 2, nullptr, &result, 1));
    Compiled::check(oxla_buffer_export(result, out, sizeof out));
    benchmark::DoNotOptimize(out);
    oxla_buffer_free(result);
    oxla_buffer_free(arguments[0]);
    oxla_buffer_free(arguments[1]);
  }
  oxla_client_free(client);
}
BENCHMARK(BM_InvokeAdd4WithCopies);

/// A call with no arguments and one scalar result.
void BM_InvokeNoArguments(benchmark::State &state) {
  Compiled compiled(kNoArguments);
  for (auto _ : state) {
    oxla_buffer *result = nullptr;
    Compiled::check(oxla_function_invoke(compiled.function(), nullptr, 0, nullptr, &result, 1));
    oxla_buffer_free(result);
  }
}
BENCHMARK(BM_InvokeNoArguments);

/// Asynchronous: submit to the client's pool, wait, take the result.
void BM_InvokeAdd4Async(benchmark::State &state) {
  Compiled compiled(kAdd4);
  oxla_buffer *arguments[] = {compiled.buffer({1, 2, 3, 4}), compiled.buffer({5, 6, 7, 8})};
  for (auto _ : state) {
    oxla_event *event = nullptr;
    Compiled::check(
        oxla_function_invoke_async(compiled.function(), arguments, 2, nullptr, &event));
    Compiled::check(oxla_event_wait(event));
    oxla_buffer *result = nullptr;
    Compiled::check(oxla_event_take_results(event, &result, 1));
    oxla_buffer_free(result);
    oxla_event_free(event);
  }
  for (oxla_buffer *argument : arguments)
    oxla_buffer_free(argument);
}
BENCHMARK(BM_InvokeAdd4Async);

} // namespace

BENCHMARK_MAIN();
