//===- MatmulToRuntime.cpp - f32 matrix products as runtime calls ---------===//
//
// See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace oxla {
#define GEN_PASS_DEF_MATMULTORUNTIME
#include "compiler/Codegen/Passes.h.inc"
} // namespace oxla

using namespace mlir;

namespace {

constexpr StringLiteral kRoutine = "oxla_matmul_f32";
/// C = A * B from +0: C's contents are not read.
constexpr StringLiteral kZeroRoutine = "oxla_matmul_f32_zero";

/// The loops of a matrix product, by role.
struct MatmulLoops {
  SmallVector<unsigned> batch, m, n, k;
};

/// The loop each dimension of `map` reads; none when a result is not a
/// plain loop or a loop repeats.
std::optional<SmallVector<unsigned>> loopsOf(AffineMap map) {
  SmallVector<unsigned> loops;
  llvm::SmallDenseSet<unsigned> seen;
  for (AffineExpr expr : map.getResults()) {
    auto dim = dyn_cast<AffineDimExpr>(expr);
    if (!dim || !seen.insert(dim.getPosition()).second)
      return std::nullopt;
    loops.push_back(dim.getPosition());
  }
  return loops;
}

std::optional<MatmulLoops> classify(linalg::GenericOp op) {
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  auto a = loopsOf(maps[0]), b = loopsOf(maps[1]), c = loopsOf(maps[2]);
  if (!a || !b || !c)
    return std::nullopt;
  MatmulLoops loops;
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  for (unsigned loop = 0; loop < op.getNumLoops(); ++loop) {
    bool inA = llvm::is_contained(*a, loop), inB = llvm::is_contained(*b, loop),
         inC = llvm::is_contained(*c, loop);
    bool reduction = iterators[loop] == utils::IteratorType::reduction;
    if (inA && inB && inC && !reduction)
      loops.batch.push_back(loop);
    else if (inA && inC && !inB && !reduction)
      loops.m.push_back(loop);
    else if (inB && inC && !inA && !reduction)
      loops.n.push_back(loop);
    else if (inA && inB && !inC && reduction)
      loops.k.push_back(loop);
    else
      return std::nullopt;
  }
  if (loops.m.empty() || loops.n.empty() || loops.k.empty())
    return std::nullopt;
  return loops;
}

/// How an operand becomes a view with one dimension per group of loops:
/// transposed so that the loops come in group order, then each group
/// collapsed into one dimension.
struct GroupedView {
  AffineMap permutation;
  SmallVector<ReassociationIndices> reassociation;
};

/// None when the layout does not allow the collapse without a copy.
std::optional<GroupedView> planView(Value value, AffineMap map,
                                    ArrayRef<SmallVector<unsigned>> groups) {
  SmallVector<unsigned> loops = *loopsOf(map);
  SmallVector<unsigned> permutation;
  GroupedView view;
  for (ArrayRef<unsigned> group : groups) {
    ReassociationIndices &dims = view.reassociation.emplace_back();
    for (unsigned loop : group) {
      dims.push_back(permutation.size());
      permutation.push_back(llvm::find(loops, loop) - loops.begin());
    }
  }
  view.permutation = AffineMap::getPermutationMap(permutation, value.getContext());
  // The transposed type: sizes and strides permuted.
  auto type = cast<MemRefType>(value.getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(getStridesAndOffset(type, strides, offset)))
    return std::nullopt;
  SmallVector<int64_t> newSizes, newStrides;
  for (unsigned dim : permutation) {
    newSizes.push_back(type.getDimSize(dim));
    newStrides.push_back(strides[dim]);
  }
  auto transposed = MemRefType::get(
      newSizes, type.getElementType(),
      StridedLayoutAttr::get(value.getContext(), offset, newStrides));
  if (view.reassociation.size() != permutation.size() &&
      !memref::CollapseShapeOp::isGuaranteedCollapsible(transposed, view.reassociation))
    return std::nullopt;
  return view;
}

Value buildView(OpBuilder &b, Location loc, Value value, const GroupedView &view) {
  if (!view.permutation.isIdentity())
    value = b.create<memref::TransposeOp>(loc, value, AffineMapAttr::get(view.permutation));
  if (view.reassociation.size() != view.permutation.getNumResults())
    value = b.create<memref::CollapseShapeOp>(loc, value, view.reassociation);
  auto unranked = UnrankedMemRefType::get(b.getF32Type(), /*memorySpace=*/0);
  return b.create<memref::CastOp>(loc, unranked, value);
}

/// The linalg.fill of +0.0 into exactly `init` that comes before `op` with
/// nothing in between that touches memory: the zeroing routine replaces it
/// (the product's sums start from +0 either way).
linalg::FillOp zeroFillBefore(Operation *op, Value init) {
  for (Operation *prev = op->getPrevNode(); prev; prev = prev->getPrevNode()) {
    if (auto fill = dyn_cast<linalg::FillOp>(prev)) {
      FloatAttr value;
      if (fill.getDpsInits()[0] != init ||
          !matchPattern(fill.getDpsInputOperand(0)->get(), m_Constant(&value)) ||
          !value.getValue().isPosZero())
        return {};
      return fill;
    }
    if (!isMemoryEffectFree(prev))
      return {};
  }
  return {};
}

/// The private declaration of `name`(A, B, C), added once.
func::FuncOp declareRoutine(OpBuilder &b, ModuleOp module, StringRef name) {
  if (auto routine = module.lookupSymbol<func::FuncOp>(name))
    return routine;
  auto unranked = UnrankedMemRefType::get(b.getF32Type(), /*memorySpace=*/0);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  auto routine = b.create<func::FuncOp>(module.getLoc(), name,
                                        b.getFunctionType({unranked, unranked, unranked}, {}));
  routine.setPrivate();
  routine->setAttr("llvm.emit_c_interface", b.getUnitAttr());
  return routine;
}

struct MatmulToRuntime : public oxla::impl::MatmulToRuntimeBase<MatmulToRuntime> {
  using MatmulToRuntimeBase::MatmulToRuntimeBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::vector<std::pair<linalg::GenericOp, MatmulLoops>> products;
    module.walk([&](linalg::GenericOp op) {
      if (!op.hasPureBufferSemantics() || !oxla::isMultiplyAccumulate(op))
        return;
      for (Value operand : op->getOperands()) {
        auto type = dyn_cast<MemRefType>(operand.getType());
        if (!type || !type.getElementType().isF32())
          return;
      }
      Block &body = op.getRegion().front();
      if (!llvm::all_of(body.without_terminator(),
                        [](Operation &inner) { return isa<arith::MulFOp, arith::AddFOp>(inner); }))
        return;
      std::optional<MatmulLoops> loops = classify(op);
      if (!loops)
        return;
      // Static loop sizes decide; unknown ones count as large.
      SmallVector<int64_t> ranges = op.getStaticLoopRanges();
      int64_t work = 1;
      for (int64_t range : ranges)
        work = ShapedType::isDynamic(range) ? std::numeric_limits<int64_t>::max() / 2
                                            : std::min(work * range, std::numeric_limits<int64_t>::max() / 2);
      if (work < minMultiplyAdds)
        return;
      products.push_back({op, *loops});
    });
    if (products.empty())
      return;

    OpBuilder b(module.getContext());
    for (auto &product : products) {
      linalg::GenericOp op = product.first;
      const MatmulLoops &loops = product.second;
      b.setInsertionPoint(op);
      Location loc = op.getLoc();
      SmallVector<AffineMap> maps = op.getIndexingMapsArray();
      auto groups = [&](ArrayRef<unsigned> rows, ArrayRef<unsigned> cols) {
        SmallVector<SmallVector<unsigned>> all;
        for (unsigned loop : loops.batch)
          all.push_back({loop});
        all.emplace_back(rows);
        all.emplace_back(cols);
        return all;
      };
      Value operands[3] = {op.getDpsInputs()[0], op.getDpsInputs()[1], op.getDpsInits()[0]};
      std::optional<GroupedView> views[3] = {
          planView(operands[0], maps[0], groups(loops.m, loops.k)),
          planView(operands[1], maps[1], groups(loops.k, loops.n)),
          planView(operands[2], maps[2], groups(loops.m, loops.n))};
      // Views that would need a copy: the loops stay.
      if (!views[0] || !views[1] || !views[2])
        continue;
      Value a = buildView(b, loc, operands[0], *views[0]);
      Value bv = buildView(b, loc, operands[1], *views[1]);
      Value c = buildView(b, loc, operands[2], *views[2]);
      linalg::FillOp fill = zeroFillBefore(op, operands[2]);
      func::FuncOp routine = declareRoutine(b, module, fill ? kZeroRoutine : kRoutine);
      b.create<func::CallOp>(loc, routine, ValueRange{a, bv, c});
      op.erase();
      if (fill)
        fill.erase();
    }
  }
};

} // namespace
