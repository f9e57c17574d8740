//===- ConvolutionLayout.cpp - Features-last convolutions -----------------===//
//
// See Passes.td (oxla-convolution-layout). A convolution with dimension
// numbers [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1] (ONNX's NCHW) becomes
//   transpose(convolution(transpose(x, [0, 2, 3, 1]), w')
//             [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], [0, 3, 1, 2])
// where w' is the constant kernel transposed now. The window attributes
// name the spatial dimensions in the order of the dimension numbers'
// spatial lists, which stay in their order: they are unchanged.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Passes.h"

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"

#include <cstring>

namespace oxla {
#define GEN_PASS_DEF_CONVOLUTIONLAYOUT
#include "compiler/Transforms/Passes.h.inc"
} // namespace oxla

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace {

bool isIdentity(ArrayRef<int64_t> perm) {
  return llvm::equal(perm, llvm::seq<int64_t>(0, perm.size()));
}

SmallVector<int64_t> inverse(ArrayRef<int64_t> perm) {
  SmallVector<int64_t> result(perm.size());
  for (auto [i, p] : llvm::enumerate(perm))
    result[p] = static_cast<int64_t>(i);
  return result;
}

SmallVector<int64_t> order(int64_t first, ArrayRef<int64_t> middle, int64_t last) {
  SmallVector<int64_t> dims;
  if (first >= 0)
    dims.push_back(first);
  dims.append(middle.begin(), middle.end());
  dims.push_back(last);
  return dims;
}

/// `type`'s shape with dimension i of the result the operand's perm[i]
/// (stablehlo.transpose's rule).
RankedTensorType permuted(RankedTensorType type, ArrayRef<int64_t> perm) {
  SmallVector<int64_t> shape;
  for (int64_t p : perm)
    shape.push_back(type.getDimSize(p));
  return type.clone(shape);
}

/// The dense, non-splat constant `attr` transposed by `perm`, or null for
/// element types whose elements are not whole bytes.
DenseElementsAttr transposeConstant(DenseElementsAttr attr, ArrayRef<int64_t> perm) {
  auto type = cast<RankedTensorType>(attr.getType());
  RankedTensorType resultType = permuted(type, perm);
  if (attr.isSplat())
    return attr.resizeSplat(resultType);
  Type element = type.getElementType();
  if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() % 8 != 0)
    return nullptr;
  size_t width = element.getIntOrFloatBitWidth() / 8;
  ArrayRef<char> source = attr.getRawData();
  int64_t rank = type.getRank(), count = type.getNumElements();
  if (source.size() != static_cast<size_t>(count) * width)
    return nullptr;
  // Strides of the operand, read in the result's dimension order.
  SmallVector<int64_t> strides(rank, 1), readStrides(rank);
  for (int64_t d = rank - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * type.getDimSize(d + 1);
  for (int64_t i = 0; i < rank; ++i)
    readStrides[i] = strides[perm[i]];
  std::vector<char> data(source.size());
  SmallVector<int64_t> index(rank, 0);
  int64_t offset = 0;
  for (int64_t n = 0; n < count; ++n) {
    std::memcpy(data.data() + n * width, source.data() + offset * width, width);
    for (int64_t i = rank - 1; i >= 0; --i) {
      offset += readStrides[i];
      if (++index[i] < resultType.getDimSize(i))
        break;
      offset -= readStrides[i] * index[i];
      index[i] = 0;
    }
  }
  return DenseElementsAttr::getFromRawBuffer(resultType, data);
}

struct ConvolutionLayout : public oxla::impl::ConvolutionLayoutBase<ConvolutionLayout> {
  using ConvolutionLayoutBase::ConvolutionLayoutBase;

  void runOnOperation() override {
    SmallVector<hlo::ConvolutionOp> convolutions;
    getOperation().walk([&](hlo::ConvolutionOp op) { convolutions.push_back(op); });
    for (hlo::ConvolutionOp op : convolutions)
      rewrite(op);
  }

  void rewrite(hlo::ConvolutionOp op) {
    auto lhsType = dyn_cast<RankedTensorType>(op.getLhs().getType());
    auto rhsType = dyn_cast<RankedTensorType>(op.getRhs().getType());
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    if (!lhsType || !rhsType || !resultType || !lhsType.hasStaticShape() ||
        !rhsType.hasStaticShape() || !resultType.hasStaticShape() ||
        !lhsType.getElementType().isIntOrFloat() ||
        !rhsType.getElementType().isIntOrFloat() ||
        !resultType.getElementType().isIntOrFloat())
      return;
    hlo::ConvDimensionNumbersAttr dn = op.getDimensionNumbers();
    SmallVector<int64_t> inputPerm = order(dn.getInputBatchDimension(),
                                           dn.getInputSpatialDimensions(),
                                           dn.getInputFeatureDimension());
    SmallVector<int64_t> outputPerm = order(dn.getOutputBatchDimension(),
                                            dn.getOutputSpatialDimensions(),
                                            dn.getOutputFeatureDimension());
    if (isIdentity(inputPerm) && isIdentity(outputPerm))
      return;
    int64_t spatial = dn.getInputSpatialDimensions().size();
    SmallVector<int64_t> kernelDims(dn.getKernelSpatialDimensions());
    kernelDims.push_back(dn.getKernelInputFeatureDimension());
    SmallVector<int64_t> kernelPerm =
        order(-1, kernelDims, dn.getKernelOutputFeatureDimension());

    OpBuilder b(op);
    Location loc = op.getLoc();
    Value lhs = op.getLhs();
    if (!isIdentity(inputPerm))
      lhs = b.create<hlo::TransposeOp>(loc, permuted(lhsType, inputPerm), lhs,
                                       b.getDenseI64ArrayAttr(inputPerm));
    // A constant kernel in [spatial..., i, o]; another as it is.
    Value rhs = op.getRhs();
    SmallVector<int64_t> kernelSpatial(dn.getKernelSpatialDimensions());
    int64_t kernelIn = dn.getKernelInputFeatureDimension();
    int64_t kernelOut = dn.getKernelOutputFeatureDimension();
    DenseElementsAttr kernel;
    if (!isIdentity(kernelPerm) && matchPattern(rhs, m_Constant(&kernel)))
      if (DenseElementsAttr moved = transposeConstant(kernel, kernelPerm)) {
        rhs = b.create<hlo::ConstantOp>(loc, moved);
        kernelSpatial = llvm::to_vector(llvm::seq<int64_t>(0, spatial));
        kernelIn = spatial;
        kernelOut = spatial + 1;
      }
    SmallVector<int64_t> middle = llvm::to_vector(llvm::seq<int64_t>(1, spatial + 1));
    auto numbers = hlo::ConvDimensionNumbersAttr::get(
        b.getContext(), 0, spatial + 1, middle, kernelIn, kernelOut, kernelSpatial, 0,
        spatial + 1, middle);
    Operation *conv = b.clone(*op.getOperation());
    conv->setOperand(0, lhs);
    conv->setOperand(1, rhs);
    cast<hlo::ConvolutionOp>(conv).setDimensionNumbersAttr(numbers);
    conv->getResult(0).setType(permuted(resultType, outputPerm));
    Value result = conv->getResult(0);
    if (!isIdentity(outputPerm))
      result = b.create<hlo::TransposeOp>(loc, resultType, result,
                                          b.getDenseI64ArrayAttr(inverse(outputPerm)));
    Operation *oldKernel = rhs != op.getRhs() ? op.getRhs().getDefiningOp() : nullptr;
    op.getResult().replaceAllUsesWith(result);
    op.erase();
    if (oldKernel && isa<hlo::ConstantOp>(oldKernel) && oldKernel->use_empty())
      oldKernel->erase();
  }
};

} // namespace
