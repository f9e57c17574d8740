//===- MatmulToRuntime.cpp - f32 matrix products as runtime calls ---------===//
//
// See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"

namespace oxla {
#define GEN_PASS_DEF_MATMULTORUNTIME
#include "compiler/Codegen/Passes.h.inc"
} // namespace oxla

using namespace mlir;

namespace {

constexpr StringLiteral kRoutine = "oxla_matmul_f32";

/// The loops of a matrix product, by role.
struct MatmulLoops {
  SmallVector<unsigned> batch;
  unsigned m, n, k;
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
  std::optional<unsigned> m, n, k;
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  for (unsigned loop = 0; loop < op.getNumLoops(); ++loop) {
    bool inA = llvm::is_contained(*a, loop), inB = llvm::is_contained(*b, loop),
         inC = llvm::is_contained(*c, loop);
    bool reduction = iterators[loop] == utils::IteratorType::reduction;
    auto set = [](std::optional<unsigned> &role, unsigned loop) {
      bool fresh = !role;
      role = loop;
      return fresh;
    };
    if (inA && inB && inC && !reduction)
      loops.batch.push_back(loop);
    else if (inA && inC && !inB && !reduction) {
      if (!set(m, loop))
        return std::nullopt;
    } else if (inB && inC && !inA && !reduction) {
      if (!set(n, loop))
        return std::nullopt;
    } else if (inA && inB && !inC && reduction) {
      if (!set(k, loop))
        return std::nullopt;
    } else {
      return std::nullopt;
    }
  }
  if (!m || !n || !k)
    return std::nullopt;
  loops.m = *m;
  loops.n = *n;
  loops.k = *k;
  return loops;
}

/// `value` (indexed by `map`) as a view whose dimensions are `order`.
Value viewInOrder(OpBuilder &b, Location loc, Value value, AffineMap map,
                  ArrayRef<unsigned> order) {
  SmallVector<unsigned> loops = *loopsOf(map);
  SmallVector<unsigned> permutation;
  for (unsigned loop : order)
    permutation.push_back(llvm::find(loops, loop) - loops.begin());
  AffineMap perm = AffineMap::getPermutationMap(permutation, b.getContext());
  if (!perm.isIdentity())
    value = b.create<memref::TransposeOp>(loc, value, AffineMapAttr::get(perm));
  auto unranked = UnrankedMemRefType::get(b.getF32Type(), /*memorySpace=*/0);
  return b.create<memref::CastOp>(loc, unranked, value);
}

struct MatmulToRuntime : public oxla::impl::MatmulToRuntimeBase<MatmulToRuntime> {
  using MatmulToRuntimeBase::MatmulToRuntimeBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<std::pair<linalg::GenericOp, MatmulLoops>> products;
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
    auto unranked = UnrankedMemRefType::get(b.getF32Type(), /*memorySpace=*/0);
    auto routine = module.lookupSymbol<func::FuncOp>(kRoutine);
    if (!routine) {
      b.setInsertionPointToStart(module.getBody());
      routine = b.create<func::FuncOp>(module.getLoc(), kRoutine,
                                       b.getFunctionType({unranked, unranked, unranked}, {}));
      routine.setPrivate();
      routine->setAttr("llvm.emit_c_interface", b.getUnitAttr());
    }
    for (auto &product : products) {
      linalg::GenericOp op = product.first;
      const MatmulLoops &loops = product.second;
      b.setInsertionPoint(op);
      Location loc = op.getLoc();
      SmallVector<AffineMap> maps = op.getIndexingMapsArray();
      auto order = [&](unsigned first, unsigned second) {
        SmallVector<unsigned> dims(loops.batch);
        dims.push_back(first);
        dims.push_back(second);
        return dims;
      };
      Value a = viewInOrder(b, loc, op.getDpsInputs()[0], maps[0], order(loops.m, loops.k));
      Value bv = viewInOrder(b, loc, op.getDpsInputs()[1], maps[1], order(loops.k, loops.n));
      Value c = viewInOrder(b, loc, op.getDpsInits()[0], maps[2], order(loops.m, loops.n));
      b.create<func::CallOp>(loc, routine, ValueRange{a, bv, c});
      op.erase();
    }
  }
};

} // namespace
