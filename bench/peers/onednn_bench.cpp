//===- onednn_bench.cpp - oneDNN primitives as a benchmark peer -----------===//
//
// The workloads that are one oneDNN primitive, with the oneDNN 2.x API (op
// descriptors and primitive_desc, as Debian's libdnnl-dev 2.6 ships):
//
//   onednn-bench matmul  --input a.npy --input b.npy            [timing
//   options] onednn-bench softmax --input x.npy [timing options] onednn-bench
//   conv    --input x.npy --input w.npy --input bias.npy   (NHWC, HWIO,
//                        stride 1, same padding, bias and ReLU fused as a
//                        post-op)
//
// Timing options: --out-dir D --warmup N --warmup-time S --min-reps N
// --max-reps N --min-time S
// --threads N (informational: oneDNN's OpenMP runtime reads OMP_NUM_THREADS,
// which bench/run.py sets). Primitive creation and the one-time weight reorder
// are timed as "compile_ms"; each repetition is one execute + stream wait. The
// result is written as out-dir/result0.npy.
//
//===----------------------------------------------------------------------===//
#include "../driver/Npy.h"
#include "../driver/Timing.h"

#include <dnnl.hpp>

#include <cstdio>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

using namespace dnnl;
using bench::Clock;
using bench::msSince;
using tag = memory::format_tag;
using dt = memory::data_type;

namespace {

struct Options {
  std::string op, outDir;
  std::vector<std::string> inputs;
  int warmup = 2, minReps = 5, maxReps = 1000, threads = 1;
  double minTime = 1.0, warmupTime = 0.0;
};

memory wrap(const engine &eng, const npy::Array &a, const memory::dims &dims,
            tag t) {
  if (a.descr != "<f4")
    throw std::runtime_error("oneDNN peer: inputs must be f32");
  return memory({dims, dt::f32, t}, eng, const_cast<char *>(a.data.data()));
}

int run(const Options &o) {
  engine eng(engine::kind::cpu, 0);
  stream strm(eng);
  std::vector<npy::Array> in;
  for (const std::string &path : o.inputs)
    in.push_back(npy::read(path));
  auto need = [&](size_t n) {
    if (in.size() != n)
      throw std::runtime_error(o.op + " takes " + std::to_string(n) +
                               " inputs");
  };

  auto setupStart = Clock::now();
  primitive prim;
  std::unordered_map<int, memory> args;
  memory dst;
  std::vector<int64_t> outShape;
  if (o.op == "matmul") {
    need(2);
    int64_t m = in[0].shape[0], k = in[0].shape[1], n = in[1].shape[1];
    memory a = wrap(eng, in[0], {m, k}, tag::ab),
           b = wrap(eng, in[1], {k, n}, tag::ab);
    dst = memory({{m, n}, dt::f32, tag::ab}, eng);
    matmul::primitive_desc pd(
        matmul::desc(a.get_desc(), b.get_desc(), dst.get_desc()), eng);
    prim = matmul(pd);
    args = {{DNNL_ARG_SRC, a}, {DNNL_ARG_WEIGHTS, b}, {DNNL_ARG_DST, dst}};
    outShape = {m, n};
  } else if (o.op == "softmax") {
    need(1);
    memory::dims dims(in[0].shape.begin(), in[0].shape.end());
    if (dims.size() != 2)
      throw std::runtime_error("softmax takes a rank-2 input");
    memory x = wrap(eng, in[0], dims, tag::ab);
    dst = memory(x.get_desc(), eng);
    softmax_forward::primitive_desc pd(
        softmax_forward::desc(prop_kind::forward_inference, x.get_desc(), 1),
        eng);
    prim = softmax_forward(pd);
    args = {{DNNL_ARG_SRC, x}, {DNNL_ARG_DST, dst}};
    outShape = in[0].shape;
  } else if (o.op == "conv") {
    need(3);
    int64_t n = in[0].shape[0], h = in[0].shape[1], w = in[0].shape[2],
            c = in[0].shape[3], k = in[1].shape[3];
    // oneDNN's logical order is NCHW / OIHW; the tags give the physical NHWC /
    // HWIO.
    memory x = wrap(eng, in[0], {n, c, h, w}, tag::nhwc);
    memory wUser = wrap(eng, in[1], {k, c, 3, 3}, tag::hwio);
    memory bias = wrap(eng, in[2], {k}, tag::x);
    memory::desc dstDesc({n, k, h, w}, dt::f32, tag::nhwc);
    memory::desc wAny({k, c, 3, 3}, dt::f32, tag::any);
    post_ops ops;
    ops.append_eltwise(1.0f, algorithm::eltwise_relu, 0.0f, 0.0f);
    primitive_attr attr;
    attr.set_post_ops(ops);
    convolution_forward::primitive_desc pd(
        convolution_forward::desc(prop_kind::forward_inference,
                                  algorithm::convolution_direct, x.get_desc(),
                                  wAny, bias.get_desc(), dstDesc, {1, 1},
                                  {1, 1}, {1, 1}),
        attr, eng);
    memory weights = wUser;
    if (pd.weights_desc() != wUser.get_desc()) {
      weights = memory(pd.weights_desc(), eng);
      reorder(wUser, weights).execute(strm, wUser, weights);
      strm.wait();
    }
    dst = memory(dstDesc, eng);
    prim = convolution_forward(pd);
    args = {{DNNL_ARG_SRC, x},
            {DNNL_ARG_WEIGHTS, weights},
            {DNNL_ARG_BIAS, bias},
            {DNNL_ARG_DST, dst}};
    outShape = {n, h, w, k};
  } else {
    throw std::runtime_error("unknown op " + o.op + " (matmul, softmax, conv)");
  }
  double setupMs = msSince(setupStart);

  std::vector<double> times = bench::timeReps(
      [&] {
        prim.execute(strm, args);
        strm.wait();
      },
      o.warmup, o.warmupTime, o.minReps, o.maxReps, o.minTime);
  if (!o.outDir.empty()) {
    size_t bytes = dst.get_desc().get_size();
    npy::write(o.outDir + "/result0.npy", "<f4", outShape,
               dst.get_data_handle(), bytes);
  }
  bench::printTimings("onednn", o.threads, times, setupMs);
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr,
                 "usage: onednn-bench matmul|softmax|conv --input A.npy... "
                 "[--out-dir D] [--warmup N] [--warmup-time S] [--min-reps N] "
                 "[--max-reps N] "
                 "[--min-time S] [--threads N]\n");
    return 1;
  }
  Options o;
  o.op = argv[1];
  try {
    for (int i = 2; i < argc; ++i) {
      std::string arg = argv[i];
      if (i + 1 >= argc)
        throw std::runtime_error(arg + " needs a value");
      std::string v = argv[++i];
      if (arg == "--input")
        o.inputs.push_back(v);
      else if (arg == "--out-dir")
        o.outDir = v;
      else if (arg == "--warmup")
        o.warmup = std::stoi(v);
      else if (arg == "--warmup-time")
        o.warmupTime = std::stod(v);
      else if (arg == "--min-reps")
        o.minReps = std::stoi(v);
      else if (arg == "--max-reps")
        o.maxReps = std::stoi(v);
      else if (arg == "--min-time")
        o.minTime = std::stod(v);
      else if (arg == "--threads")
        o.threads = std::stoi(v);
      else
        throw std::runtime_error("unknown argument " + arg);
    }
    return run(o);
  } catch (const dnnl::error &e) {
    std::fprintf(stderr, "onednn-bench: oneDNN error %d: %s\n", int(e.status),
                 e.what());
    return 4;
  } catch (const std::exception &e) {
    std::fprintf(stderr, "onednn-bench: %s\n", e.what());
    return 1;
  }
}
