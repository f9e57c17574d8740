//===- SignalOps.cpp - ONNX window functions ------------------------------===//
//
// HannWindow, HammingWindow and BlackmanWindow (opset 17): the generalized
// cosine windows of their spec function bodies,
//   y[n] = a0 - a1 cos(2 pi n / N') + a2 cos(4 pi n / N'),  n in [0, size),
// N' = size (periodic, the default) or size - 1 (symmetric); Hann
// a = (0.5, 0.5, 0), Hamming (25/46, 21/46, 0), Blackman (0.42, 0.5, 0.08).
// The size must be known when the model is read (a constant, or a graph
// input oxla.compile binds): the window is a constant.
//
//===----------------------------------------------------------------------===//

#include "compiler/Import/ONNX/ops/Common.h"
#include "compiler/Import/ONNX/Tensors.h"

#include <cmath>

using namespace mlir;

namespace oxla::onnx {
namespace {

template <int A0Num, int A0Den, int A1Num, int A1Den, int A2Num, int A2Den>
Results lowerWindow(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  std::optional<SmallVector<int64_t>> size = ctx.constantInts(ctx.input(0));
  if (!size)
    return ctx.computedAtRunTime("the size", ctx.input(0));
  if (size->size() != 1 || (*size)[0] < 0)
    return ctx.invalid("size must be one value, not negative");
  Type element = elementType(ctx.context(), static_cast<int32_t>(ctx.intAttr(
                                                "output_datatype", ::onnx::TensorProto::FLOAT)));
  if (!element)
    return ctx.unsupported("output_datatype " + Twine(ctx.intAttr("output_datatype", 0)));
  int64_t n = (*size)[0];
  bool periodic = ctx.intAttr("periodic", 1) != 0;
  double a0 = static_cast<double>(A0Num) / A0Den, a1 = static_cast<double>(A1Num) / A1Den,
         a2 = static_cast<double>(A2Num) / A2Den;
  double denominator = static_cast<double>(periodic ? n : n - 1);
  SmallVector<double> values;
  for (int64_t i = 0; i < n; ++i) {
    double angle = 2 * M_PI * static_cast<double>(i) / denominator;
    values.push_back(a0 - a1 * std::cos(angle) + a2 * std::cos(2 * angle));
  }
  auto type = RankedTensorType::get({n}, b.getF64Type());
  Value window = b.create<hlo::ConstantOp>(loc, DenseElementsAttr::get(type, ArrayRef(values)));
  return single(ctx.folded(convert(b, loc, window, element)));
}

} // namespace

void registerSignalOps(LoweringTable &table) {
  table["HannWindow"] = lowerWindow<1, 2, 1, 2, 0, 1>;
  table["HammingWindow"] = lowerWindow<25, 46, 21, 46, 0, 1>;
  table["BlackmanWindow"] = lowerWindow<42, 100, 1, 2, 8, 100>;
}

} // namespace oxla::onnx
