//===- ConvolutionToRuntime.cpp - f32 convolutions as runtime calls -------===//
//
// See Passes.td. The call's operands are views in the routine's layout:
// input [N, spatial..., Ci], kernel [spatial..., Ci, Co], output
// [N, spatial..., Co] (memref.transpose of the dense buffers), and a
// constant global with the window: per spatial dimension the stride, the
// kernel dilation, the low padding and the reversal. The dense routines
// take last a cache for the packed kernel: for a constant kernel a
// zero-initialized global of the module's (the routine packs into it on
// the first call and reads it after), for another an empty one.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/Passes.h"
#include "compiler/Conversion/StableHLOToLinalg/ConvolutionWindow.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"

namespace oxla {
#define GEN_PASS_DEF_CONVOLUTIONTORUNTIME
#include "compiler/Codegen/Passes.h.inc"
} // namespace oxla

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace {

constexpr StringLiteral kRoutine = "oxla_convolution_f32";
constexpr StringLiteral kBiasRoutine = "oxla_convolution_bias_f32";
constexpr StringLiteral kBiasReluRoutine = "oxla_convolution_bias_relu_f32";
constexpr StringLiteral kDepthwiseRoutine = "oxla_depthwise_convolution_f32";
constexpr StringLiteral kDepthwiseBiasRoutine = "oxla_depthwise_convolution_bias_f32";
constexpr StringLiteral kDepthwiseBiasReluRoutine = "oxla_depthwise_convolution_bias_relu_f32";

/// The packed-kernel cache (runtime/ConvolutionRoutine.cpp): a header of 16
/// floats, then the kernel's terms times its output features rounded up to
/// the widest panel (GemmKernels.h's kMaxNR).
constexpr int64_t kPackedCacheHeader = 16, kWidestPanel = 64;

/// What follows a convolution and goes into the routine's call with it:
/// `add(conv, broadcast_in_dim(bias) along the output features)`, then
/// maybe `maximum(., splat +0)`. `ops` are the add and the maximum, each
/// the only user of the op before it; the call replaces the last.
struct Epilogue {
  Value bias;
  bool relu = false;
  SmallVector<Operation *, 2> ops;
};

/// Whether `value` is +0.0 everywhere: a splat constant, or a broadcast
/// of one.
bool isPositiveZeroSplat(Value value) {
  if (auto broadcast = value.getDefiningOp<hlo::BroadcastInDimOp>())
    value = broadcast.getOperand();
  DenseElementsAttr constant;
  if (!matchPattern(value, m_Constant(&constant)) || !constant.isSplat() ||
      !constant.getElementType().isF32())
    return false;
  APFloat x = constant.getSplatValue<APFloat>();
  return x.isZero() && !x.isNegative();
}

std::optional<Epilogue> matchEpilogue(hlo::ConvolutionOp op) {
  if (!op->hasOneUse())
    return std::nullopt;
  auto add = dyn_cast<hlo::AddOp>(*op->user_begin());
  if (!add || add.getType() != op.getType())
    return std::nullopt;
  Value other = add.getLhs() == op.getResult() ? add.getRhs() : add.getLhs();
  auto broadcast = other.getDefiningOp<hlo::BroadcastInDimOp>();
  int64_t feature = op.getDimensionNumbers().getOutputFeatureDimension();
  if (!broadcast || other == op.getResult() ||
      broadcast.getBroadcastDimensions() != ArrayRef<int64_t>{feature})
    return std::nullopt;
  auto biasType = dyn_cast<RankedTensorType>(broadcast.getOperand().getType());
  if (!biasType || !biasType.hasStaticShape() || !biasType.getElementType().isF32() ||
      biasType.getDimSize(0) != op.getType().getDimSize(feature))
    return std::nullopt;
  Epilogue epilogue{broadcast.getOperand(), false, {add}};
  if (!add->hasOneUse())
    return epilogue;
  auto max = dyn_cast<hlo::MaxOp>(*add->user_begin());
  if (!max || max.getType() != add.getType())
    return epilogue;
  Value zero = max.getLhs() == add.getResult() ? max.getRhs() : max.getLhs();
  if (zero == add.getResult() || !isPositiveZeroSplat(zero))
    return epilogue;
  epilogue.relu = true;
  epilogue.ops.push_back(max);
  return epilogue;
}

/// The routine `name` with `operands` memref<*xf32> operands and the
/// window, declared once in `module`.
func::FuncOp declareRoutine(OpBuilder &b, ModuleOp module, StringRef name, unsigned operands) {
  if (auto routine = module.lookupSymbol<func::FuncOp>(name))
    return routine;
  auto unrankedF32 = UnrankedMemRefType::get(b.getF32Type(), 0);
  auto unrankedI64 = UnrankedMemRefType::get(b.getI64Type(), 0);
  SmallVector<Type> types(operands, unrankedF32);
  types.insert(types.begin() + 3, unrankedI64);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  auto routine = b.create<func::FuncOp>(module.getLoc(), name, b.getFunctionType(types, {}));
  routine.setPrivate();
  routine->setAttr("llvm.emit_c_interface", b.getUnitAttr());
  return routine;
}

/// Whether every feature group of `op` has one input feature (depthwise,
/// feature_group_count = Ci > 1): the depthwise routine's convolutions.
bool isDepthwise(hlo::ConvolutionOp op) {
  auto lhs = cast<RankedTensorType>(op.getLhs().getType());
  auto rhs = cast<RankedTensorType>(op.getRhs().getType());
  hlo::ConvDimensionNumbersAttr dn = op.getDimensionNumbers();
  int64_t groups = op.getFeatureGroupCount();
  return groups > 1 && lhs.getDimSize(dn.getInputFeatureDimension()) == groups &&
         rhs.getDimSize(dn.getKernelInputFeatureDimension()) == 1;
}

/// The window as the routine reads it, or none when no routine covers the
/// convolution (batch groups, feature groups of several input features, input dilation, a
/// layout that is not a permutation, a small product).
std::optional<SmallVector<int64_t>> routineWindow(hlo::ConvolutionOp op,
                                                  int64_t minMultiplyAdds) {
  auto lhs = dyn_cast<RankedTensorType>(op.getLhs().getType());
  auto rhs = dyn_cast<RankedTensorType>(op.getRhs().getType());
  auto result = dyn_cast<RankedTensorType>(op.getResult().getType());
  if (!lhs || !rhs || !result || !lhs.hasStaticShape() || !rhs.hasStaticShape() ||
      !result.hasStaticShape() || !lhs.getElementType().isF32() ||
      !rhs.getElementType().isF32() || !result.getElementType().isF32())
    return std::nullopt;
  hlo::ConvDimensionNumbersAttr dn = op.getDimensionNumbers();
  if (op.getBatchGroupCount() != 1 ||
      (op.getFeatureGroupCount() != 1 && !isDepthwise(op)))
    return std::nullopt;
  int64_t spatial = dn.getInputSpatialDimensions().size();
  if (spatial < 1 || lhs.getRank() != spatial + 2)
    return std::nullopt;
  FailureOr<oxla::ConvWindow> w = oxla::convolutionWindow(op);
  if (failed(w) || llvm::any_of(w->lhsDilation, [](int64_t d) { return d != 1; }))
    return std::nullopt;
  SmallVector<int64_t> window;
  for (int64_t s = 0; s < spatial; ++s)
    llvm::append_values(window, w->strides[s], w->rhsDilation[s], w->padLow[s],
                        static_cast<int64_t>(w->reversal[s]));
  // Output elements times window terms.
  int64_t work = result.getNumElements() * rhs.getNumElements() /
                 std::max<int64_t>(1, rhs.getDimSize(dn.getKernelOutputFeatureDimension()));
  if (work < minMultiplyAdds)
    return std::nullopt;
  return window;
}

/// `buffer` viewed with its dimensions in the order `dims`, as memref<*xf32>.
Value routineView(OpBuilder &b, Location loc, Value buffer, ArrayRef<int64_t> dims) {
  SmallVector<unsigned> permutation(dims.begin(), dims.end());
  AffineMap map = AffineMap::getPermutationMap(permutation, b.getContext());
  if (!map.isIdentity())
    buffer = b.create<memref::TransposeOp>(loc, buffer, AffineMapAttr::get(map));
  return b.create<memref::CastOp>(loc, UnrankedMemRefType::get(b.getF32Type(), 0), buffer);
}

struct ConvolutionToRuntime
    : public oxla::impl::ConvolutionToRuntimeBase<ConvolutionToRuntime> {
  using ConvolutionToRuntimeBase::ConvolutionToRuntimeBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<std::pair<hlo::ConvolutionOp, SmallVector<int64_t>>> convolutions;
    module.walk([&](hlo::ConvolutionOp op) {
      if (auto window = routineWindow(op, minMultiplyAdds))
        convolutions.push_back({op, std::move(*window)});
    });
    if (convolutions.empty())
      return;

    OpBuilder b(module.getContext());
    auto unrankedI64 = UnrankedMemRefType::get(b.getI64Type(), 0);
    // The window globals go after the plain routine, declared first.
    func::FuncOp routine = declareRoutine(b, module, kRoutine, 4);
    // The empty cache, for kernels that are not constants.
    auto emptyType = MemRefType::get({0}, b.getF32Type());
    memref::GlobalOp noCache;
    auto unrankedF32 = UnrankedMemRefType::get(b.getF32Type(), 0);
    bool anyDepthwise = llvm::any_of(convolutions, [](auto &c) { return isDepthwise(c.first); });
    if (anyDepthwise)
      declareRoutine(b, module, kDepthwiseRoutine, 3);
    SymbolTable symbols(module);
    for (auto &[op, window] : convolutions) {
      Location loc = op.getLoc();
      // The window, as a constant global next to the routine.
      auto windowType = MemRefType::get({static_cast<int64_t>(window.size())}, b.getI64Type());
      b.setInsertionPointAfter(routine);
      auto global = b.create<memref::GlobalOp>(
          loc, "__oxla_convolution_window", b.getStringAttr("private"), windowType,
          DenseIntElementsAttr::get(RankedTensorType::get(windowType.getShape(),
                                                          b.getI64Type()),
                                    ArrayRef<int64_t>(window)),
          /*constant=*/true, /*alignment=*/nullptr);
      symbols.insert(global);

      // The call goes where the last op it replaces stands: the operands of
      // the convolution and the bias (which may be defined after the
      // convolution, as exports often place constants) all dominate it.
      std::optional<Epilogue> epilogue = matchEpilogue(op);
      Operation *replaced = epilogue ? epilogue->ops.back() : op.getOperation();
      b.setInsertionPoint(replaced);
      hlo::ConvDimensionNumbersAttr dn = op.getDimensionNumbers();
      auto bufferOf = [&](Value tensor) -> Value {
        auto type = cast<RankedTensorType>(tensor.getType());
        return b.create<bufferization::ToMemrefOp>(
            loc, MemRefType::get(type.getShape(), type.getElementType()), tensor,
            /*read_only=*/true);
      };
      auto inOrder = [](int64_t first, ArrayRef<int64_t> middle, int64_t last) {
        SmallVector<int64_t> dims;
        if (first >= 0)
          dims.push_back(first);
        dims.append(middle.begin(), middle.end());
        dims.push_back(last);
        return dims;
      };
      Value input = routineView(
          b, loc, bufferOf(op.getLhs()),
          inOrder(dn.getInputBatchDimension(), dn.getInputSpatialDimensions(),
                  dn.getInputFeatureDimension()));
      SmallVector<int64_t> kernelDims(dn.getKernelSpatialDimensions());
      kernelDims.push_back(dn.getKernelInputFeatureDimension());
      Value kernel = routineView(b, loc, bufferOf(op.getRhs()),
                                 inOrder(-1, kernelDims, dn.getKernelOutputFeatureDimension()));
      auto resultType = cast<RankedTensorType>(op.getType());
      Value result = b.create<memref::AllocOp>(
          loc, MemRefType::get(resultType.getShape(), resultType.getElementType()));
      Value output = routineView(
          b, loc, result,
          inOrder(dn.getOutputBatchDimension(), dn.getOutputSpatialDimensions(),
                  dn.getOutputFeatureDimension()));
      Value windowBuffer = b.create<memref::GetGlobalOp>(loc, windowType, global.getSymName());
      Value windowView = b.create<memref::CastOp>(loc, unrankedI64, windowBuffer);
      bool depthwise = isDepthwise(op);
      SmallVector<Value> operands{input, kernel, output, windowView};
      if (epilogue)
        operands.push_back(routineView(b, loc, bufferOf(epilogue->bias), {0}));
      if (!depthwise) {
        // The cache of the packed kernel.
        memref::GlobalOp cache;
        if (op.getRhs().getDefiningOp<hlo::ConstantOp>()) {
          auto kernelType = cast<RankedTensorType>(op.getRhs().getType());
          int64_t features = kernelType.getDimSize(dn.getKernelOutputFeatureDimension());
          int64_t terms = kernelType.getNumElements() / std::max<int64_t>(1, features);
          int64_t width = (features + kWidestPanel - 1) / kWidestPanel * kWidestPanel;
          auto cacheType = MemRefType::get({kPackedCacheHeader + terms * width}, b.getF32Type());
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPointAfter(routine);
          cache = b.create<memref::GlobalOp>(
              loc, "__oxla_convolution_packed", b.getStringAttr("private"), cacheType,
              DenseElementsAttr::get(RankedTensorType::get(cacheType.getShape(), b.getF32Type()),
                                     b.getF32FloatAttr(0.0f)),
              /*constant=*/false, b.getI64IntegerAttr(64));
          symbols.insert(cache);
        } else {
          if (!noCache) {
            OpBuilder::InsertionGuard guard(b);
            b.setInsertionPointAfter(routine);
            noCache = b.create<memref::GlobalOp>(
                loc, "__oxla_convolution_no_cache", b.getStringAttr("private"), emptyType,
                DenseElementsAttr::get(RankedTensorType::get({0}, b.getF32Type()),
                                       ArrayRef<float>{}),
                /*constant=*/true, /*alignment=*/nullptr);
            symbols.insert(noCache);
          }
          cache = noCache;
        }
        Value cacheBuffer =
            b.create<memref::GetGlobalOp>(loc, cache.getType(), cache.getSymName());
        operands.push_back(b.create<memref::CastOp>(loc, unrankedF32, cacheBuffer));
      }
      StringRef name = depthwise ? (!epilogue        ? kDepthwiseRoutine
                                    : epilogue->relu ? kDepthwiseBiasReluRoutine
                                                     : kDepthwiseBiasRoutine)
                                 : (!epilogue        ? kRoutine
                                    : epilogue->relu ? kBiasReluRoutine
                                                     : kBiasRoutine);
      // Every operand is an f32 buffer but the window.
      b.create<func::CallOp>(loc, declareRoutine(b, module, name, operands.size() - 1),
                             operands);
      Value tensor = b.create<bufferization::ToTensorOp>(loc, resultType, result,
                                                         /*restrict=*/true, /*writable=*/true);
      replaced->getResult(0).replaceAllUsesWith(tensor);
      if (epilogue)
        for (Operation *absorbed : llvm::reverse(epilogue->ops))
          absorbed->erase();
      op.erase();
    }
  }
};

} // namespace
