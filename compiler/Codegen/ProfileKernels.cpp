//===- ProfileKernels.cpp - Opt-in timers around each kernel --------------===//
//
// See Passes.td. The runtime half is runtime/KernelProfiler.cpp; the pipeline
// adds this pass only when OXLA_PROFILE_KERNELS is set (docs/performance.md,
// "Per-kernel profile").
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/Support/Path.h"

namespace oxla {
#define GEN_PASS_DEF_PROFILEKERNELS
#include "compiler/Codegen/Passes.h.inc"
} // namespace oxla

using namespace mlir;

namespace {

constexpr StringLiteral kBegin = "oxla_profile_begin";
constexpr StringLiteral kEnd = "oxla_profile_end";

bool isRoutine(StringRef name) {
  return name.starts_with("oxla_matmul") || name.starts_with("oxla_convolution") ||
         name.starts_with("oxla_custom_call");
}

/// The ranked type a routine's unranked operand was cast from.
MemRefType rankedType(Value value) {
  if (auto cast = value.getDefiningOp<memref::CastOp>())
    value = cast.getSource();
  return dyn_cast<MemRefType>(value.getType());
}

int64_t byteSize(MemRefType type) {
  if (!type || !type.hasStaticShape())
    return 0;
  return type.getNumElements() * ((type.getElementTypeBitWidth() + 7) / 8);
}

/// 2 x multiply-adds of a matrix product or convolution routine's call, from
/// its operands' views: C [batch.., M, N] += A [batch.., M, K] x B; output
/// [N, spatial.., Co] of kernel [spatial.., Ci, Co] (runtime/*Routine.cpp).
int64_t routineFlops(func::CallOp call) {
  StringRef name = call.getCallee();
  if (name.starts_with("oxla_matmul") && call.getNumOperands() == 3) {
    MemRefType a = rankedType(call.getOperand(0)), c = rankedType(call.getOperand(2));
    if (!a || !c || !a.hasStaticShape() || !c.hasStaticShape() || c.getRank() < 1)
      return 0;
    return 2 * a.getNumElements() * c.getShape().back();
  }
  if (name.starts_with("oxla_convolution") && call.getNumOperands() >= 3) {
    MemRefType kernel = rankedType(call.getOperand(1)), out = rankedType(call.getOperand(2));
    if (!kernel || !out || !kernel.hasStaticShape() || !out.hasStaticShape() ||
        kernel.getShape().back() == 0)
      return 0;
    return 2 * out.getNumElements() * (kernel.getNumElements() / kernel.getShape().back());
  }
  return 0;
}

/// The constant `value` is, looking through a kernel's arguments to the
/// operands of `call` (the kernel's caller) where there is one.
std::optional<int64_t> constantOf(Value value, func::CallOp call, int depth = 0) {
  if (std::optional<int64_t> constant = getConstantIntValue(value))
    return constant;
  // Products and sums of constants (the collapsed bounds of parallel loops).
  Operation *def = value.getDefiningOp();
  if (def && depth < 8 && isa<arith::MulIOp, arith::AddIOp, arith::SubIOp>(def)) {
    std::optional<int64_t> l = constantOf(def->getOperand(0), call, depth + 1),
                           r = constantOf(def->getOperand(1), call, depth + 1);
    if (!l || !r)
      return std::nullopt;
    return isa<arith::MulIOp>(def) ? *l * *r : isa<arith::AddIOp>(def) ? *l + *r : *l - *r;
  }
  auto argument = dyn_cast<BlockArgument>(value);
  if (!call || !argument || !isa<func::FuncOp>(argument.getOwner()->getParentOp()) ||
      argument.getArgNumber() >= call.getNumOperands())
    return std::nullopt;
  return constantOf(call.getOperand(argument.getArgNumber()), func::CallOp(), depth + 1);
}

/// How many times the body of `loop` runs, if its bounds are constants.
std::optional<int64_t> tripCount(Operation *loop, func::CallOp call) {
  auto trips = [&](Value lb, Value ub, Value step) -> std::optional<int64_t> {
    std::optional<int64_t> l = constantOf(lb, call), u = constantOf(ub, call),
                           s = constantOf(step, call);
    if (!l || !u || !s || *s <= 0)
      return std::nullopt;
    return *u > *l ? (*u - *l + *s - 1) / *s : 0;
  };
  if (auto forOp = dyn_cast<scf::ForOp>(loop))
    return trips(forOp.getLowerBound(), forOp.getUpperBound(), forOp.getStep());
  if (auto parallel = dyn_cast<scf::ParallelOp>(loop)) {
    int64_t total = 1;
    for (auto [lb, ub, step] : llvm::zip(parallel.getLowerBound(), parallel.getUpperBound(),
                                         parallel.getStep())) {
      std::optional<int64_t> n = trips(lb, ub, step);
      if (!n)
        return std::nullopt;
      total *= *n;
    }
    return total;
  }
  return 1;
}

/// Floating-point operations of `root`'s body (one per add, subtract,
/// multiply, divide, min, max; two per FMA; per vector lane), times the trip
/// counts of the loops around each, plus the routines it calls. Ops under
/// a loop of unknown trip count are not counted: a lower bound.
int64_t countFlops(Operation *root, func::CallOp call) {
  int64_t total = 0;
  root->walk([&](Operation *op) {
    int64_t per = 0;
    if (isa<arith::AddFOp, arith::SubFOp, arith::MulFOp, arith::DivFOp, arith::MaximumFOp,
            arith::MinimumFOp, arith::MaxNumFOp, arith::MinNumFOp>(op))
      per = 1;
    else if (isa<math::FmaOp, vector::FMAOp>(op))
      per = 2;
    else if (auto call = dyn_cast<func::CallOp>(op))
      per = routineFlops(call);
    if (!per)
      return;
    if (op->getNumResults() == 1)
      if (auto vector = dyn_cast<VectorType>(op->getResult(0).getType()))
        per *= vector.getNumElements();
    for (Operation *parent = op->getParentOp(); parent && parent != root->getParentOp();
         parent = parent->getParentOp()) {
      std::optional<int64_t> n = tripCount(parent, call);
      if (!n)
        return;
      per *= *n;
    }
    total += per;
  });
  return total;
}

/// A short name for a kernel: what it is and where its first op came from.
std::string siteName(StringRef what, Location loc) {
  std::string where;
  loc->walk([&](Location inner) {
    if (auto file = dyn_cast<FileLineColLoc>(inner)) {
      where = (llvm::sys::path::filename(file.getFilename().getValue()) + ":" +
               Twine(file.getLine()))
                  .str();
      return WalkResult::interrupt();
    }
    if (auto name = dyn_cast<NameLoc>(inner)) {
      where = name.getName().str();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return where.empty() ? what.str() : (what + " " + where).str();
}

struct ProfileKernels : public oxla::impl::ProfileKernelsBase<ProfileKernels> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    MLIRContext *context = &getContext();
    OpBuilder b(context);
    b.setInsertionPointToStart(module.getBody());
    auto i64 = b.getI64Type();
    auto nameType = MemRefType::get({ShapedType::kDynamic}, b.getI8Type());
    auto declare = [&](StringRef name, TypeRange inputs) {
      auto function = b.create<func::FuncOp>(module.getLoc(), name,
                                             b.getFunctionType(inputs, {}));
      function.setPrivate();
      return function;
    };
    if (symbols.lookup(kBegin) || symbols.lookup(kEnd)) {
      module.emitError() << "the program already defines @" << kBegin << " or @" << kEnd
                         << ", which the kernel profiler adds";
      return signalPassFailure();
    }
    func::FuncOp begin = declare(kBegin, {});
    func::FuncOp end = declare(kEnd, {nameType, i64, i64});
    symbols.insert(begin);
    symbols.insert(end);

    // The kernels of each public function: calls of outlined kernels and
    // routines, and the outermost loop nests left in place.
    SmallVector<std::pair<Operation *, std::string>> sites;
    for (auto function : module.getOps<func::FuncOp>()) {
      if (function.isExternal() || function.isPrivate())
        continue;
      function.walk<WalkOrder::PreOrder>([&](Operation *op) {
        if (auto call = dyn_cast<func::CallOp>(op)) {
          auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
          // Not the math helpers (__oxla_*) that loops call per element.
          if (callee && !call.getCallee().starts_with("__") &&
              (!callee.isExternal() || isRoutine(call.getCallee())))
            sites.push_back({op, siteName(call.getCallee(), op->getLoc())});
          return WalkResult::advance();
        }
        if (!isa<scf::ForOp, scf::ParallelOp>(op))
          return WalkResult::advance();
        // A loop that allocates holds kernels (a program's while body).
        if (op->walk([](Operation *inner) {
                return isa<memref::AllocOp, memref::AllocaOp, memref::DeallocOp>(inner)
                           ? WalkResult::interrupt()
                           : WalkResult::advance();
              }).wasInterrupted())
          return WalkResult::advance();
        sites.push_back({op, siteName("loop", op->getLoc())});
        return WalkResult::skip();
      });
    }

    unsigned counter = 0;
    for (auto &[op, name] : sites) {
      // The bytes the kernel must move at least: its memref operands (or the
      // memrefs it uses from above), each once.
      llvm::SetVector<Value> used;
      Operation *body = op;
      if (auto call = dyn_cast<func::CallOp>(op)) {
        used.insert(call.getOperands().begin(), call.getOperands().end());
        if (auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
            callee && !callee.isExternal())
          body = callee;
      } else {
        getUsedValuesDefinedAbove(op->getRegions(), used);
      }
      int64_t bytes = 0;
      for (Value value : used)
        bytes += byteSize(rankedType(value));
      // Globals a kernel reads for itself (weights: outlining clones their
      // addresses into it), each once.
      llvm::SmallDenseSet<Attribute> globals;
      if (body != op || !isa<func::CallOp>(op))
        body->walk([&](memref::GetGlobalOp global) {
          if (globals.insert(global.getNameAttr()).second)
            bytes += byteSize(global.getType());
        });
      int64_t flops = body == op && isa<func::CallOp>(op)
                          ? routineFlops(cast<func::CallOp>(op))
                          : countFlops(body, dyn_cast<func::CallOp>(op));

      OpBuilder g(module.getBody(), module.getBody()->begin());
      std::string global = ("__oxla_profile_site_" + Twine(counter++)).str();
      auto bytesType = MemRefType::get({int64_t(name.size())}, g.getI8Type());
      auto data = DenseElementsAttr::get(
          RankedTensorType::get({int64_t(name.size())}, g.getI8Type()),
          ArrayRef<int8_t>(reinterpret_cast<const int8_t *>(name.data()), name.size()));
      g.create<memref::GlobalOp>(op->getLoc(), global, g.getStringAttr("private"), bytesType,
                                 data, /*constant=*/true, /*alignment=*/nullptr);

      OpBuilder at(op);
      Location loc = op->getLoc();
      at.create<func::CallOp>(loc, begin, ValueRange{});
      at.setInsertionPointAfter(op);
      Value text = at.create<memref::GetGlobalOp>(loc, bytesType, global);
      text = at.create<memref::CastOp>(loc, nameType, text);
      Value flopsValue = at.create<arith::ConstantIntOp>(loc, flops, 64);
      Value bytesValue = at.create<arith::ConstantIntOp>(loc, bytes, 64);
      at.create<func::CallOp>(loc, end, ValueRange{text, flopsValue, bytesValue});
    }
  }
};

} // namespace
