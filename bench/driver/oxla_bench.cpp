//===- oxla_bench.cpp - Times oxla on one benchmark workload --------------===//
//
// The oxla side of bench/run.py, through the public C API (liboxla), so the
// numbers are what an embedder sees:
//
//   oxla-bench run MODULE.mlir --input a.npy ... [--out-dir D] [--warmup N]
//              [--warmup-time S] [--min-reps N] [--max-reps N] [--min-time S]
//              [--threads N]
//   oxla-bench compile MODULE.mlir [--reps N]
//   oxla-bench call [--calls N] [--rounds N]
//
// `run` JIT-compiles the module (timed), invokes @main for the warm-up (count
// and time), then times each invocation with steady_clock until both min-reps
// and min-time are reached (or max-reps), writes the results of the last
// invocation as out-dir/result<i>.npy, and prints one JSON object. `compile`
// times oxla_executable_compile alone. `call` times the per-call overhead of a
// 4-element f32 add (one entry per round, ms per call). The compiled code runs
// on the client's thread pool of --threads threads (0: one per core), the
// count the JSON's "threads" reports.
//
// Exit codes: 0 success, 1 bad usage or I/O, 3 the compiler cannot lower the
// module (OXLA_UNSUPPORTED), 4 any other oxla error.
//
//===----------------------------------------------------------------------===//
#include "Npy.h"
#include "Timing.h"

#include <oxla/runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

using bench::Clock;
using bench::msSince;

struct OxlaError {
  int exitCode;
  std::string message;
};

void check(oxla_status *status, const char *what) {
  if (!status)
    return;
  OxlaError e{oxla_status_get_code(status) == OXLA_UNSUPPORTED ? 3 : 4,
              std::string(what) + ": " + oxla_status_get_message(status)};
  oxla_status_free(status);
  throw e;
}

std::string jsonString(const std::string &s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\', out += c;
    else if (c == '\n')
      out += "\\n";
    else if (static_cast<unsigned char>(c) < 0x20)
      out += ' ';
    else
      out += c;
  }
  return out + "\"";
}

std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw std::runtime_error("cannot open " + path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void printTimings(int threads, const std::vector<double> &times, double compileMs,
                  const std::string &extra = "") {
  bench::printTimings("oxla", threads, times, compileMs, extra);
}

oxla_element_type elementType(const std::string &descr) {
  if (descr == "<f4")
    return OXLA_F32;
  if (descr == "<f8")
    return OXLA_F64;
  if (descr == "<i4")
    return OXLA_S32;
  return OXLA_S64;
}

const char *descrOf(oxla_element_type type) {
  switch (type) {
  case OXLA_F32:
    return "<f4";
  case OXLA_F64:
    return "<f8";
  case OXLA_S32:
    return "<i4";
  case OXLA_S64:
    return "<i8";
  default:
    return nullptr;
  }
}

struct Session {
  oxla_client *client = nullptr;
  oxla_executable *executable = nullptr;
  oxla_function *function = nullptr;
  ~Session() {
    oxla_executable_free(executable);
    oxla_client_free(client);
  }
};

double compile(Session &s, const std::string &source, const std::string &name) {
  oxla_compile_options options{nullptr, 0, name.c_str()};
  oxla_executable_free(s.executable);
  s.executable = nullptr;
  auto start = Clock::now();
  check(oxla_executable_compile(s.client, source.data(), source.size(),
                                &options, &s.executable),
        "compile");
  double ms = msSince(start);
  check(oxla_executable_lookup(s.executable, "main", &s.function),
        "lookup @main");
  return ms;
}

struct Options {
  std::string module, outDir;
  std::vector<std::string> inputs;
  int warmup = 2, minReps = 5, maxReps = 1000, reps = 5, calls = 100000,
      rounds = 5, threads = 0;
  double minTime = 1.0, warmupTime = 0.0;
};

int runWorkload(const Options &o) {
  Session s;
  oxla_client_options clientOptions{o.threads};
  check(oxla_client_create(&clientOptions, &s.client), "client");
  double compileMs = compile(s, readFile(o.module), o.module);
  size_t numArgs = oxla_function_argument_count(s.function);
  size_t numResults = oxla_function_result_count(s.function);
  if (numArgs != o.inputs.size())
    throw std::runtime_error(
        "@main " + std::string(oxla_function_signature(s.function)) +
        " takes " + std::to_string(numArgs) + " arguments, got " +
        std::to_string(o.inputs.size()) + " --input files");
  std::vector<oxla_buffer *> args(numArgs, nullptr);
  for (size_t i = 0; i < numArgs; ++i) {
    npy::Array a = npy::read(o.inputs[i]);
    check(oxla_buffer_create(s.client, elementType(a.descr), a.shape.data(),
                             a.shape.size(), a.data.data(), a.data.size(),
                             &args[i]),
          "input buffer");
  }
  std::vector<oxla_buffer *> results(numResults, nullptr);
  auto freeResults = [&] {
    for (oxla_buffer *&r : results) {
      oxla_buffer_free(r);
      r = nullptr;
    }
  };
  auto warmBegin = Clock::now();
  for (int i = 0; i < o.warmup || msSince(warmBegin) < o.warmupTime * 1000;
       ++i) {
    check(oxla_function_invoke(s.function, args.data(), numArgs, nullptr,
                               results.data(), numResults),
          "invoke");
    freeResults();
  }
  std::vector<double> times;
  auto begin = Clock::now();
  while (int(times.size()) < o.maxReps) {
    if (int(times.size()) >= o.minReps && msSince(begin) >= o.minTime * 1000)
      break;
    if (!times.empty())
      freeResults();
    auto start = Clock::now();
    check(oxla_function_invoke(s.function, args.data(), numArgs, nullptr,
                               results.data(), numResults),
          "invoke");
    times.push_back(msSince(start));
  }
  if (!o.outDir.empty()) {
    for (size_t i = 0; i < numResults; ++i) {
      const char *descr = descrOf(oxla_buffer_element_type(results[i]));
      if (!descr)
        throw std::runtime_error(
            "result " + std::to_string(i) +
            " has an element type .npy output does not support");
      std::vector<int64_t> dims(oxla_buffer_dims(results[i]),
                                oxla_buffer_dims(results[i]) +
                                    oxla_buffer_rank(results[i]));
      npy::write(o.outDir + "/result" + std::to_string(i) + ".npy", descr, dims,
                 oxla_buffer_data(results[i]),
                 oxla_buffer_size_in_bytes(results[i]));
    }
  }
  freeResults();
  for (oxla_buffer *a : args)
    oxla_buffer_free(a);
  printTimings(o.threads, times, compileMs);
  return 0;
}

int compileOnly(const Options &o) {
  Session s;
  check(oxla_client_create(nullptr, &s.client), "client");
  std::string source = readFile(o.module);
  std::vector<double> times;
  for (int i = 0; i < o.reps; ++i)
    times.push_back(compile(s, source, o.module));
  printTimings(0, times, times.front());
  return 0;
}

// The per-call cost of oxla_function_invoke on a tiny op: argument checks,
// result allocation, the call into compiled code, and freeing the result.
int callOverhead(const Options &o) {
  static const char kAdd[] = "func.func public @main(%a: tensor<4xf32>, %b: "
                             "tensor<4xf32>) -> tensor<4xf32> {\n"
                             "  %0 = stablehlo.add %a, %b : tensor<4xf32>\n"
                             "  return %0 : tensor<4xf32>\n"
                             "}\n";
  Session s;
  check(oxla_client_create(nullptr, &s.client), "client");
  double compileMs = compile(s, kAdd, "add4");
  const float a[4] = {1, 2, 3, 4}, b[4] = {10, 20, 30, 40};
  const int64_t dims[1] = {4};
  oxla_buffer *args[2] = {nullptr, nullptr};
  check(oxla_buffer_create(s.client, OXLA_F32, dims, 1, a, sizeof a, &args[0]),
        "a");
  check(oxla_buffer_create(s.client, OXLA_F32, dims, 1, b, sizeof b, &args[1]),
        "b");
  auto invoke = [&] {
    oxla_buffer *result = nullptr;
    check(oxla_function_invoke(s.function, args, 2, nullptr, &result, 1),
          "invoke");
    oxla_buffer_free(result);
  };
  for (int i = 0; i < 1000; ++i)
    invoke();
  std::vector<double> perCall;
  for (int r = 0; r < o.rounds; ++r) {
    auto start = Clock::now();
    for (int i = 0; i < o.calls; ++i)
      invoke();
    perCall.push_back(msSince(start) / o.calls);
  }
  oxla_buffer *result = nullptr;
  check(oxla_function_invoke(s.function, args, 2, nullptr, &result, 1),
        "invoke");
  float out[4];
  check(oxla_buffer_export(result, out, sizeof out), "export");
  oxla_buffer_free(result);
  for (oxla_buffer *arg : args)
    oxla_buffer_free(arg);
  for (int i = 0; i < 4; ++i)
    if (out[i] != a[i] + b[i])
      throw std::runtime_error("the 4-element add computed a wrong result");
  printTimings(0, perCall, compileMs,
               ", \"calls_per_round\": " + std::to_string(o.calls));
  return 0;
}

int usage() {
  std::fprintf(
      stderr,
      "usage: oxla-bench run MODULE.mlir --input A.npy... [--out-dir D]\n"
      "                  [--warmup N] [--warmup-time S] [--min-reps N] "
      "[--max-reps N]\n"
      "                  [--min-time S] [--threads N]\n"
      "       oxla-bench compile MODULE.mlir [--reps N]\n"
      "       oxla-bench call [--calls N] [--rounds N]\n");
  return 1;
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2)
    return usage();
  std::string mode = argv[1];
  Options o;
  try {
    for (int i = 2; i < argc; ++i) {
      std::string arg = argv[i];
      auto value = [&]() -> std::string {
        if (i + 1 >= argc)
          throw std::runtime_error(arg + " needs a value");
        return argv[++i];
      };
      if (arg == "--input")
        o.inputs.push_back(value());
      else if (arg == "--out-dir")
        o.outDir = value();
      else if (arg == "--warmup")
        o.warmup = std::stoi(value());
      else if (arg == "--warmup-time")
        o.warmupTime = std::stod(value());
      else if (arg == "--min-reps")
        o.minReps = std::stoi(value());
      else if (arg == "--max-reps")
        o.maxReps = std::stoi(value());
      else if (arg == "--min-time")
        o.minTime = std::stod(value());
      else if (arg == "--reps")
        o.reps = std::stoi(value());
      else if (arg == "--calls")
        o.calls = std::stoi(value());
      else if (arg == "--threads")
        o.threads = std::stoi(value());
      else if (arg == "--rounds")
        o.rounds = std::stoi(value());
      else if (arg[0] != '-' && o.module.empty())
        o.module = arg;
      else
        throw std::runtime_error("unknown argument " + arg);
    }
    if (mode == "run" && !o.module.empty())
      return runWorkload(o);
    if (mode == "compile" && !o.module.empty())
      return compileOnly(o);
    if (mode == "call")
      return callOverhead(o);
    return usage();
  } catch (const OxlaError &e) {
    std::printf("{\"system\": \"oxla\", \"error\": %s}\n",
                jsonString(e.message).c_str());
    std::fprintf(stderr, "oxla-bench: %s\n", e.message.c_str());
    return e.exitCode;
  } catch (const std::exception &e) {
    std::fprintf(stderr, "oxla-bench: %s\n", e.what());
    return 1;
  }
}
