//===- ContractionSupport.cpp - What dot, einsum and convolution share ----===//
//
// See ContractionSupport.h.
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/StableHLOToLinalg/ContractionSupport.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <cmath>

using namespace mlir;

namespace oxla {


bool isSupportedElement(Type type) {
  if (isa<IntegerType, FloatType>(type))
    return true;
  if (auto complex = dyn_cast<ComplexType>(type))
    return complex.getElementType().isF32() || complex.getElementType().isF64();
  return false;
}

Type accumulatorType(Type result) {
  if (isNarrowFloat(result))
    return Float32Type::get(result.getContext());
  return toSignless(result);
}

Value zeroOf(ScalarBuilder &s, Type type) {
  if (auto complex = dyn_cast<ComplexType>(type)) {
    Value zero = s.constant(complex.getElementType(), 0.0);
    return s.create<complex::CreateOp>(type, zero, zero);
  }
  return s.constant(type, 0.0);
}

Value oneOf(ScalarBuilder &s, Type type) {
  if (auto complex = dyn_cast<ComplexType>(type))
    return s.create<complex::CreateOp>(type, s.constant(complex.getElementType(), 1.0),
                                       s.constant(complex.getElementType(), 0.0));
  if (type.isInteger(1))
    return s.intConstant(type, 1);
  return s.constant(type, 1.0);
}

/// A real value (signless `x` of StableHLO type `from`, narrow floats
/// already widened to f32) as the real accumulator type `acc` of a `result`
/// contraction, the interpreter's toAccumulator.
static Value realToAccumulator(ScalarBuilder &s, Value x, Type from, Type result, Type acc) {
  if (acc.isInteger(1)) {
    if (isa<IntegerType>(from))
      return from.isInteger(1) ? x
                               : s.create<arith::CmpIOp>(arith::CmpIPredicate::ne, x,
                                                         s.intConstant(x.getType(), 0));
    return s.create<arith::CmpFOp>(arith::CmpFPredicate::UNE, x,
                                   s.constant(x.getType(), 0.0));
  }
  if (auto accInt = dyn_cast<IntegerType>(acc)) {
    unsigned width = accInt.getWidth();
    if (auto fromInt = dyn_cast<IntegerType>(from)) {
      unsigned fromWidth = fromInt.getWidth();
      if (fromWidth == width)
        return x;
      if (fromWidth > width)
        return s.create<arith::TruncIOp>(acc, x);
      if (isUnsignedInteger(from))
        return s.create<arith::ExtUIOp>(acc, x);
      return s.create<arith::ExtSIOp>(acc, x);
    }
    // Float to integer: NaN is 0, out-of-range values saturate, the rest
    // truncate toward zero.
    bool isUnsigned = isUnsignedInteger(result);
    Type ft = x.getType();
    if (ft.getIntOrFloatBitWidth() < 64 && width > 64)
      return {};
    Value converted = isUnsigned ? s.create<arith::FPToUIOp>(acc, x)
                                 : s.create<arith::FPToSIOp>(acc, x);
    APInt maxValue = isUnsigned ? APInt::getMaxValue(width) : APInt::getSignedMaxValue(width);
    APInt minValue = isUnsigned ? APInt::getMinValue(width) : APInt::getSignedMinValue(width);
    double upper = std::ldexp(1.0, isUnsigned ? width : width - 1);
    double lower = isUnsigned ? -1.0 : -upper;
    Value tooLarge =
        s.create<arith::CmpFOp>(arith::CmpFPredicate::OGE, x, s.constant(ft, upper));
    Value tooSmall = s.create<arith::CmpFOp>(
        isUnsigned ? arith::CmpFPredicate::OLE : arith::CmpFPredicate::OLT, x,
        s.constant(ft, lower));
    Value isNaN = s.create<arith::CmpFOp>(arith::CmpFPredicate::UNO, x, x);
    Value r = s.create<arith::SelectOp>(
        tooLarge, s.create<arith::ConstantOp>(s.b.getIntegerAttr(acc, maxValue)), converted);
    r = s.create<arith::SelectOp>(
        tooSmall, s.create<arith::ConstantOp>(s.b.getIntegerAttr(acc, minValue)), r);
    return s.create<arith::SelectOp>(isNaN, s.intConstant(acc, 0), r);
  }
  // Float accumulators: one correctly rounded conversion.
  Value v;
  if (isa<IntegerType>(from)) {
    v = isUnsignedInteger(from) ? s.create<arith::UIToFPOp>(acc, x)
                                : s.create<arith::SIToFPOp>(acc, x);
  } else {
    unsigned have = x.getType().getIntOrFloatBitWidth(), want = acc.getIntOrFloatBitWidth();
    v = have == want  ? x
        : have < want ? s.create<arith::ExtFOp>(acc, x)
                      : s.create<arith::TruncFOp>(acc, x);
  }
  // A wider or other operand is rounded to a narrow result type first.
  if (isNarrowFloat(result) && from != result)
    v = s.create<arith::ExtFOp>(acc, s.create<arith::TruncFOp>(result, v));
  return v;
}

Value toAccumulator(ScalarBuilder &s, Value x, Type from, Type result) {
  Type acc = accumulatorType(result);
  if (isNarrowFloat(from))
    x = s.widen(x);
  if (auto accComplex = dyn_cast<ComplexType>(acc)) {
    Type part = accComplex.getElementType();
    if (auto fromComplex = dyn_cast<ComplexType>(from)) {
      if (fromComplex == accComplex)
        return x;
      Type fromPart = fromComplex.getElementType();
      Value re = realToAccumulator(s, s.create<complex::ReOp>(x), fromPart, part, part);
      Value im = realToAccumulator(s, s.create<complex::ImOp>(x), fromPart, part, part);
      return s.create<complex::CreateOp>(acc, re, im);
    }
    Value re = realToAccumulator(s, x, from, part, part);
    return s.create<complex::CreateOp>(acc, re, s.constant(part, 0.0));
  }
  if (auto fromComplex = dyn_cast<ComplexType>(from))
    return realToAccumulator(s, s.create<complex::ReOp>(x), fromComplex.getElementType(),
                             result, acc);
  return realToAccumulator(s, x, from, result, acc);
}

Value multiplyAdd(ScalarBuilder &s, Value acc, Value l, Value r) {
  Type t = acc.getType();
  if (t.isInteger(1))
    return s.create<arith::OrIOp>(acc, s.create<arith::AndIOp>(l, r));
  if (isa<IntegerType>(t))
    return s.create<arith::AddIOp>(acc, s.create<arith::MulIOp>(l, r));
  if (isa<FloatType>(t))
    return s.create<arith::AddFOp>(acc, s.create<arith::MulFOp>(l, r));
  return s.create<complex::AddOp>(acc, s.create<complex::MulOp>(l, r));
}

LogicalResult contractionTypes(Operation *op, SmallVectorImpl<Type> &operands, Type &result) {
  auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!resultType || !isSupportedElement(resultType.getElementType()))
    return failure();
  result = resultType.getElementType();
  // Float-to-integer conversions wider than 64 bits are not lowered.
  if (auto integer = dyn_cast<IntegerType>(result))
    if (integer.getWidth() > 64)
      return failure();
  operands.clear();
  for (Value operand : op->getOperands()) {
    auto type = dyn_cast<RankedTensorType>(operand.getType());
    if (!type || !isSupportedElement(type.getElementType()))
      return failure();
    operands.push_back(type.getElementType());
  }
  return success();
}

LogicalResult contractionTypes(Operation *op, Type &lhs, Type &rhs, Type &result) {
  SmallVector<Type, 2> operands;
  if (op->getNumOperands() < 2 || failed(contractionTypes(op, operands, result)))
    return failure();
  lhs = operands[0];
  rhs = operands[1];
  return success();
}

Value filledAccumulator(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                        ValueRange dynamicSizes, Type acc) {
  Value empty = b.create<tensor::EmptyOp>(loc, shape, acc, dynamicSizes);
  ScalarBuilder s{b, loc, acc, {}};
  return b.create<linalg::FillOp>(loc, zeroOf(s, acc), empty).getResult(0);
}

Value finishAccumulator(OpBuilder &b, Location loc, Value acc, Type result) {
  if (!isNarrowFloat(result))
    return acc;
  auto type = cast<RankedTensorType>(acc.getType());
  SmallVector<Value> dynamicSizes;
  for (int64_t d = 0; d < type.getRank(); ++d)
    if (type.isDynamicDim(d))
      dynamicSizes.push_back(b.create<tensor::DimOp>(loc, acc, d));
  Value init = b.create<tensor::EmptyOp>(loc, type.getShape(), result, dynamicSizes);
  AffineMap identity = b.getMultiDimIdentityMap(type.getRank());
  SmallVector<utils::IteratorType> iterators(type.getRank(), utils::IteratorType::parallel);
  return b
      .create<linalg::GenericOp>(
          loc, init.getType(), ValueRange{acc}, ValueRange{init},
          ArrayRef<AffineMap>{identity, identity}, iterators,
          [&](OpBuilder &nb, Location nloc, ValueRange args) {
            nb.create<linalg::YieldOp>(
                nloc, nb.create<arith::TruncFOp>(nloc, result, args[0]).getResult());
          })
      .getResult(0);
}
FailureOr<Value> buildContraction(Operation *op, ValueRange operands,
                                  ArrayRef<SmallVector<int64_t>> operandLoops,
                                  int64_t numLoops,
                                  ArrayRef<std::pair<Value, int64_t>> resultSource,
                                  OpBuilder &b) {
  SmallVector<Type> elements;
  Type resultElement;
  if (failed(contractionTypes(op, elements, resultElement)) ||
      elements.size() != operands.size() || operands.empty() || operands.size() > 2)
    return failure();
  int64_t numParallel = static_cast<int64_t>(resultSource.size());

  // Dimensions that one loop indexes must agree where they are static.
  SmallVector<int64_t> loopSize(numLoops, ShapedType::kDynamic);
  for (auto [operand, loops] : llvm::zip_equal(operands, operandLoops)) {
    auto type = cast<RankedTensorType>(operand.getType());
    if (static_cast<int64_t>(loops.size()) != type.getRank())
      return failure();
    for (auto [d, loop] : llvm::enumerate(loops)) {
      if (loop < 0 || loop >= numLoops)
        return failure();
      int64_t size = type.getDimSize(d);
      if (size == ShapedType::kDynamic)
        continue;
      if (loopSize[loop] != ShapedType::kDynamic && loopSize[loop] != size)
        return failure();
      loopSize[loop] = size;
    }
  }

  Location loc = op->getLoc();
  Type acc = accumulatorType(resultElement);
  SmallVector<int64_t> shape;
  SmallVector<Value> dynamicSizes;
  for (auto [source, d] : resultSource) {
    auto type = cast<RankedTensorType>(source.getType());
    shape.push_back(type.getDimSize(d));
    if (type.isDynamicDim(d))
      dynamicSizes.push_back(b.create<tensor::DimOp>(loc, source, d));
  }
  auto hloResult = cast<RankedTensorType>(op->getResult(0).getType());
  if (hloResult.getRank() != numParallel)
    return failure();
  for (int64_t d = 0; d < numParallel; ++d)
    if (!hloResult.isDynamicDim(d) && shape[d] != ShapedType::kDynamic &&
        hloResult.getDimSize(d) != shape[d])
      return failure();
  Value init = filledAccumulator(b, loc, shape, dynamicSizes, acc);

  MLIRContext *context = b.getContext();
  auto mapOf = [&](ArrayRef<int64_t> loops) {
    SmallVector<AffineExpr> exprs;
    for (int64_t l : loops)
      exprs.push_back(getAffineDimExpr(l, context));
    return AffineMap::get(numLoops, 0, exprs, context);
  };
  SmallVector<AffineMap> maps;
  for (ArrayRef<int64_t> loops : operandLoops)
    maps.push_back(mapOf(loops));
  maps.push_back(mapOf(llvm::to_vector(llvm::seq<int64_t>(0, numParallel))));
  SmallVector<utils::IteratorType> iterators(numParallel, utils::IteratorType::parallel);
  iterators.append(numLoops - numParallel, utils::IteratorType::reduction);

  Value product =
      b.create<linalg::GenericOp>(
           loc, init.getType(), operands, ValueRange{init}, maps, iterators,
           [&](OpBuilder &nb, Location bodyLoc, ValueRange args) {
             ScalarBuilder s{nb, bodyLoc, resultElement, {elements.begin(), elements.end()}};
             Value l = toAccumulator(s, args[0], elements[0], resultElement);
             // One operand: its elements are summed (times one, as the
             // interpreter computes them).
             Value r = operands.size() == 2
                           ? toAccumulator(s, args[1], elements[1], resultElement)
                           : oneOf(s, acc);
             nb.create<linalg::YieldOp>(bodyLoc, multiplyAdd(s, args.back(), l, r));
           })
          .getResult(0);
  Value result = finishAccumulator(b, loc, product, resultElement);
  auto convertedResult = RankedTensorType::get(hloResult.getShape(), toSignless(resultElement));
  if (result.getType() != convertedResult)
    result = b.create<tensor::CastOp>(loc, convertedResult, result);
  return result;
}

} // namespace oxla
