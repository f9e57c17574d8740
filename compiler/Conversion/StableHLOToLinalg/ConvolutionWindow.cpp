//===- ConvolutionWindow.cpp - A convolution's window, defaults filled in -===//

#include "compiler/Conversion/StableHLOToLinalg/ConvolutionWindow.h"

using namespace mlir;

namespace oxla {

FailureOr<ConvWindow> makeWindow(size_t spatialRank,
                                 std::optional<ArrayRef<int64_t>> strides,
                                 ArrayRef<int64_t> padding,
                                 std::optional<ArrayRef<int64_t>> lhsDilation,
                                 std::optional<ArrayRef<int64_t>> rhsDilation,
                                 std::optional<ArrayRef<bool>> reversal) {
  ConvWindow w;
  auto orOnes = [&](std::optional<ArrayRef<int64_t>> values,
                    SmallVector<int64_t> &out) -> LogicalResult {
    out.assign(spatialRank, 1);
    if (!values || values->empty())
      return success();
    if (values->size() != spatialRank)
      return failure();
    for (size_t s = 0; s < spatialRank; ++s) {
      if ((*values)[s] <= 0)
        return failure();
      out[s] = (*values)[s];
    }
    return success();
  };
  if (failed(orOnes(strides, w.strides)) || failed(orOnes(lhsDilation, w.lhsDilation)) ||
      failed(orOnes(rhsDilation, w.rhsDilation)))
    return failure();
  w.padLow.assign(spatialRank, 0);
  w.padHigh.assign(spatialRank, 0);
  if (!padding.empty()) {
    if (padding.size() != 2 * spatialRank)
      return failure();
    for (size_t s = 0; s < spatialRank; ++s) {
      w.padLow[s] = padding[2 * s];
      w.padHigh[s] = padding[2 * s + 1];
    }
  }
  w.reversal.assign(spatialRank, false);
  if (reversal && !reversal->empty()) {
    if (reversal->size() != spatialRank)
      return failure();
    for (size_t s = 0; s < spatialRank; ++s)
      w.reversal[s] = (*reversal)[s];
  }
  return w;
}


FailureOr<ConvWindow> convolutionWindow(stablehlo::ConvolutionOp op) {
  SmallVector<int64_t> padding;
  if (std::optional<DenseIntElementsAttr> attr = op.getPadding())
    for (const APInt &value : attr->getValues<APInt>())
      padding.push_back(value.getSExtValue());
  return makeWindow(op.getDimensionNumbers().getInputSpatialDimensions().size(),
                    op.getWindowStrides(), padding, op.getLhsDilation(), op.getRhsDilation(),
                    op.getWindowReversal());
}

} // namespace oxla
