//===- LinalgOps.cpp - Spec batch_norm_*, cholesky, triangular_solve, fft -===//
//
// Verifiers of the linear-algebra ops; diagnostics name the spec constraint.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/StableHLO/IR/AssemblyDirectives.h"
#include "compiler/Dialect/StableHLO/IR/ContractionSupport.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "compiler/Dialect/StableHLO/IR/VerifierSupport.h"

#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"

using namespace mlir;
using namespace oxla::stablehlo;

#define GET_OP_CLASSES
#include "compiler/Dialect/StableHLO/IR/LinalgOps.cpp.inc"

//===----------------------------------------------------------------------===//
// batch_norm_*.
//===----------------------------------------------------------------------===//

/// C1 (feature_index in range) and the baseline element type check over all
/// operands and results (C2); returns the feature dimension size.
static FailureOr<int64_t> verifyBatchNormCommon(Operation *op,
                                                int64_t featureIndex) {
  auto operand = cast<RankedTensorType>(op->getOperand(0).getType());
  if (featureIndex < 0 || featureIndex >= operand.getRank())
    return op->emitOpError() << "(C1) requires feature_index in [0, "
                             << operand.getRank() << "), but got "
                             << featureIndex;
  Type element = baselineElementType(operand.getElementType());
  for (Type t : llvm::concat<const Type>(
           SmallVector<Type>(op->getOperandTypes()),
           SmallVector<Type>(op->getResultTypes())))
    if (baselineElementType(getElementTypeOrSelf(t)) != element)
      return op->emitOpError()
             << "(C2) requires all operands and results of element type "
             << element << ", but got " << t;
  return operand.getDimSize(featureIndex);
}

/// `value` is a 1-dimensional tensor of `size` elements.
static LogicalResult verifyFeatureVector(Operation *op, Value value,
                                         int64_t size, StringRef name,
                                         StringRef label) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getRank() != 1 || !compatibleDim(type.getDimSize(0), size))
    return op->emitOpError() << label << " requires " << name << " of shape ["
                             << dimString(size)
                             << "] (the feature dimension), but got " << type;
  return success();
}

static LogicalResult verifySameShape(Operation *op, Value a, Value b,
                                     StringRef what, StringRef label) {
  if (failed(verifyCompatibleShape(a.getType(), b.getType())))
    return op->emitOpError() << label << " requires " << what
                             << " of the operand's shape, but got "
                             << a.getType() << " and " << b.getType();
  return success();
}

LogicalResult BatchNormGradOp::verify() {
  FailureOr<int64_t> features = verifyBatchNormCommon(*this, getFeatureIndex());
  if (failed(features))
    return failure();
  if (failed(verifySameShape(*this, getOperand(), getGradOutput(),
                             "grad_output", "(C3)")) ||
      failed(verifySameShape(*this, getOperand(), getGradOperand(),
                             "grad_operand", "(C3)")))
    return failure();
  std::pair<Value, StringRef> vectors[] = {{getScale(), "scale"},
                                           {getMean(), "mean"},
                                           {getVariance(), "variance"},
                                           {getGradScale(), "grad_scale"},
                                           {getGradOffset(), "grad_offset"}};
  for (auto [value, name] : vectors)
    if (failed(verifyFeatureVector(*this, value, *features, name, "(C4)")))
      return failure();
  return success();
}

LogicalResult BatchNormInferenceOp::verify() {
  FailureOr<int64_t> features = verifyBatchNormCommon(*this, getFeatureIndex());
  if (failed(features))
    return failure();
  if (failed(verifyFeatureVector(*this, getScale(), *features, "scale",
                                 "(C3)")) ||
      failed(verifyFeatureVector(*this, getOffset(), *features, "offset",
                                 "(C4)")) ||
      failed(verifyFeatureVector(*this, getMean(), *features, "mean",
                                 "(C5)")) ||
      failed(verifyFeatureVector(*this, getVariance(), *features, "variance",
                                 "(C6)")) ||
      failed(verifySameShape(*this, getOperand(), getResult(), "result",
                             "(C7)")))
    return failure();
  return success();
}

LogicalResult BatchNormTrainingOp::verify() {
  FailureOr<int64_t> features = verifyBatchNormCommon(*this, getFeatureIndex());
  if (failed(features))
    return failure();
  if (failed(verifyFeatureVector(*this, getScale(), *features, "scale",
                                 "(C3)")) ||
      failed(verifyFeatureVector(*this, getOffset(), *features, "offset",
                                 "(C4)")) ||
      failed(verifyFeatureVector(*this, getBatchMean(), *features,
                                 "batch_mean", "(C5)")) ||
      failed(verifyFeatureVector(*this, getBatchVar(), *features, "batch_var",
                                 "(C6)")) ||
      failed(verifySameShape(*this, getOperand(), getOutput(), "output",
                             "(C7)")))
    return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// cholesky, triangular_solve.
//===----------------------------------------------------------------------===//

LogicalResult CholeskyOp::verify() {
  auto a = cast<RankedTensorType>(getA().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  if (failed(verifyCompatibleShape(a, result)) ||
      baselineElementType(a.getElementType()) !=
          baselineElementType(result.getElementType()))
    return emitOpError() << "(C1) requires result of the type of a, " << a
                         << ", but got " << result;
  if (a.getRank() < 2)
    return emitOpError() << "(C2) requires a of rank at least 2, but got "
                         << a;
  int64_t rows = a.getDimSize(a.getRank() - 2);
  int64_t cols = a.getDimSize(a.getRank() - 1);
  if (!compatibleDim(rows, cols))
    return emitOpError() << "(C3) requires square matrices, but got " << a;
  return success();
}

LogicalResult TriangularSolveOp::verify() {
  auto a = cast<RankedTensorType>(getA().getType());
  auto b = cast<RankedTensorType>(getB().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  if (baselineElementType(a.getElementType()) !=
      baselineElementType(b.getElementType()))
    return emitOpError() << "(C1) requires a and b of one element type, but "
                            "got "
                         << a << " and " << b;
  if (a.getRank() < 2 || a.getRank() != b.getRank())
    return emitOpError() << "(C2) requires a and b of one rank, at least 2, "
                            "but got "
                         << a << " and " << b;
  int64_t r = a.getRank();
  if (!compatibleShapes(a.getShape().drop_back(2), b.getShape().drop_back(2)))
    return emitOpError() << "(C3) requires a and b of one batch shape, but "
                            "got "
                         << a << " and " << b;
  int64_t n = a.getDimSize(r - 1);
  int64_t bDim = b.getDimSize(getLeftSide() ? r - 2 : r - 1);
  if (!compatibleDim(a.getDimSize(r - 2), n) || !compatibleDim(n, bDim))
    return emitOpError() << "(C4) requires square a whose size equals "
                            "dimension "
                         << (getLeftSide() ? r - 2 : r - 1) << " of b, but got "
                         << a << " and " << b;
  if (failed(verifyCompatibleShape(b, result)) ||
      baselineElementType(b.getElementType()) !=
          baselineElementType(result.getElementType()))
    return emitOpError() << "(C5) requires result of the type of b, " << b
                         << ", but got " << result;
  return success();
}

//===----------------------------------------------------------------------===//
// fft.
//===----------------------------------------------------------------------===//

LogicalResult FftOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  ArrayRef<int64_t> length = getFftLength();
  int64_t l = length.size();
  if (operand.getRank() < l)
    return emitOpError() << "(C1) requires operand rank at least "
                         << "size(fft_length) = " << l << ", but got "
                         << operand;
  FftType type = getFftType();
  Type inElt = operand.getElementType(), outElt = result.getElementType();
  auto inC = dyn_cast<ComplexType>(inElt);
  auto outC = dyn_cast<ComplexType>(outElt);
  bool ok = false;
  switch (type) {
  case FftType::FFT:
  case FftType::IFFT:
    ok = inC && inElt == outElt;
    break;
  case FftType::RFFT:
    ok = !inC && outC && outC.getElementType() == inElt;
    break;
  case FftType::IRFFT:
    ok = inC && !outC && inC.getElementType() == outElt;
    break;
  }
  if (!ok)
    return emitOpError() << "(C2) element types " << inElt << " -> " << outElt
                         << " do not fit fft_type " << stringifyFftType(type);
  if (l < 1 || l > 3)
    return emitOpError() << "(C3) requires 1 to 3 fft_length entries, but got "
                         << l;
  if (result.getRank() != operand.getRank())
    return emitOpError() << "(C5) requires result of the operand's rank, but "
                            "got "
                         << result;
  RankedTensorType real = type == FftType::RFFT    ? operand
                          : type == FftType::IRFFT ? result
                                                   : RankedTensorType();
  if (real &&
      !compatibleShapes(real.getShape().take_back(l), length))
    return emitOpError() << "(C4) requires the trailing dimensions of the "
                            "real tensor to be fft_length "
                         << shapeString(length) << ", but got " << real;
  SmallVector<int64_t> expected(operand.getShape());
  int64_t last = operand.getRank() - 1;
  if (type == FftType::RFFT && last >= 0) {
    int64_t d = operand.getDimSize(last);
    expected[last] =
        ShapedType::isDynamic(d) ? d : (d == 0 ? 0 : d / 2 + 1);
  }
  if (type == FftType::IRFFT && last >= 0) {
    int64_t d = result.getDimSize(last);
    expected[last] =
        ShapedType::isDynamic(d) ? d : (d == 0 ? 0 : d / 2 + 1);
    // Compare operand's last dimension against the derived size.
    if (!compatibleDim(operand.getDimSize(last), expected[last]))
      return emitOpError() << "(C5) requires operand dimension " << last
                           << " to be " << dimString(expected[last])
                           << ", but got " << operand;
    expected[last] = result.getDimSize(last);
  }
  if (!compatibleShapes(result.getShape(), expected))
    return emitOpError() << "(C5) requires result shape "
                         << shapeString(expected) << ", but got " << result;
  return success();
}
