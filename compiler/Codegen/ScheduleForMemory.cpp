//===- ScheduleForMemory.cpp - Order independent ops for a lower peak -----===//
//
// See Passes.td: oxla-schedule-for-memory. Each block of a function on
// buffers (the function's body, loop and branch bodies) is reordered, within
// its dependences, to lower the bytes of its temporaries live at once, as
// XLA's memory schedulers do: a list scheduler that prefers the op freeing
// the most bytes net, and a depth-first post-order from the block's sinks
// that visits the operand subgraph holding the most bytes first. The order
// whose simulated peak is lowest is kept (the written one on ties).
//
// Dependences: SSA values, and the buffers each op reads and writes (the
// MemoryEffectOpInterface effects, nested ops included, traced through views
// to an allocation, a global or a function argument). An op whose effects
// cannot be traced that way (a call, a buffer of unknown origin) keeps its
// place relative to every other op with effects. Ops without effects or
// regions (allocations, views, constants, index arithmetic) are not
// scheduled: each is placed just before its first scheduled user, so a
// buffer's live range starts where it is first written.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/BufferPlan.h"
#include "compiler/Codegen/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/RegionUtils.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

#include <algorithm>
#include <functional>
#include <numeric>
#include <set>

namespace oxla {
#define GEN_PASS_DEF_SCHEDULEFORMEMORY
#include "compiler/Codegen/Passes.h.inc"
} // namespace oxla

using namespace mlir;

namespace {

/// The buffer `value` is a view of: through view-like ops, casts and
/// extract_strided_metadata's base buffer.
Value rootOf(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (auto view = dyn_cast<ViewLikeOpInterface>(def)) {
      value = view.getViewSource();
      continue;
    }
    if (auto metadata = dyn_cast<memref::ExtractStridedMetadataOp>(def)) {
      value = metadata.getSource();
      continue;
    }
    break;
  }
  return value;
}

/// Whether `root` is a buffer whose aliases rootOf finds: an allocation, a
/// global or an argument of the function.
bool isKnownRoot(Value root) {
  if (auto argument = dyn_cast<BlockArgument>(root))
    return isa<FunctionOpInterface>(argument.getOwner()->getParentOp());
  return isa_and_nonnull<memref::AllocOp, memref::AllocaOp, memref::GetGlobalOp>(
      root.getDefiningOp());
}

/// Whether `value` is defined inside `op` (in one of its regions).
bool isDefinedInside(Value value, Operation *op) {
  Operation *owner = isa<BlockArgument>(value)
                         ? cast<BlockArgument>(value).getOwner()->getParentOp()
                         : value.getDefiningOp();
  return owner && op != owner && op->isAncestor(owner);
}

/// The buffers an op (with what it nests) reads and writes, or `barrier`
/// when that is not known.
struct Effects {
  llvm::SmallSetVector<Value, 4> reads, writes;
  bool barrier = false;
  bool any() const { return barrier || !reads.empty() || !writes.empty(); }
};

void addEffect(Value value, bool write, Operation *top, Effects &effects) {
  Value root = rootOf(value);
  if (isDefinedInside(root, top))
    return; // Its own temporary, or a loop's iteration argument: the
            // buffers it may alias from outside are operands of an op with
            // regions, counted below.
  if (!isKnownRoot(root)) {
    effects.barrier = true;
    return;
  }
  (write ? effects.writes : effects.reads).insert(root);
}

/// Whether calling `call` has no effects: its callee is a function of the
/// module whose body has none (oxla's vectorizable exp and tanh, called
/// from elementwise bodies). `known` caches the answers (false while a
/// function is being looked at, for recursion).
bool callHasNoEffects(func::CallOp call, llvm::DenseMap<Operation *, bool> &known) {
  auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(call, call.getCalleeAttr());
  if (!callee || callee.isExternal())
    return false;
  if (auto it = known.find(callee); it != known.end())
    return it->second;
  known[callee] = false;
  bool none = !callee.walk([&](Operation *op) {
                       if (op == callee)
                         return WalkResult::advance();
                       if (auto nested = dyn_cast<func::CallOp>(op))
                         return callHasNoEffects(nested, known) ? WalkResult::advance()
                                                                : WalkResult::interrupt();
                       if (isa<MemoryEffectOpInterface>(op) && !isMemoryEffectFree(op) &&
                           op->getNumRegions() == 0)
                         return WalkResult::interrupt();
                       if (!isa<MemoryEffectOpInterface>(op) &&
                           !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>() &&
                           !op->hasTrait<OpTrait::IsTerminator>())
                         return WalkResult::interrupt();
                       return WalkResult::advance();
                     })
                   .wasInterrupted();
  known[callee] = none;
  return none;
}

void collectEffects(Operation *op, Operation *top, Effects &effects,
                    llvm::DenseMap<Operation *, bool> &pureCallees) {
  if (isa<memref::AllocOp, memref::AllocaOp>(op))
    return;
  if (auto call = dyn_cast<func::CallOp>(op); call && callHasNoEffects(call, pureCallees))
    return;
  // An op with regions and buffer operands (a loop's iteration arguments)
  // may do anything with them in its body.
  if (op->getNumRegions() != 0)
    for (Value operand : op->getOperands())
      if (isa<BaseMemRefType>(operand.getType())) {
        addEffect(operand, /*write=*/false, top, effects);
        addEffect(operand, /*write=*/true, top, effects);
      }
  if (auto interface = dyn_cast<MemoryEffectOpInterface>(op)) {
    SmallVector<MemoryEffects::EffectInstance> instances;
    interface.getEffects(instances);
    for (const MemoryEffects::EffectInstance &instance : instances) {
      if (isa<MemoryEffects::Allocate>(instance.getEffect()))
        continue;
      Value value = instance.getValue();
      if (!value || !isa<BaseMemRefType>(value.getType())) {
        effects.barrier = true;
        continue;
      }
      addEffect(value, !isa<MemoryEffects::Read>(instance.getEffect()), top, effects);
    }
  } else if (!op->hasTrait<OpTrait::HasRecursiveMemoryEffects>()) {
    effects.barrier = true;
    return;
  }
  for (Region &region : op->getRegions())
    for (Operation &nested : region.getOps())
      collectEffects(&nested, top, effects, pureCallees);
}

/// Whether the scheduler places `op` just before its first user instead of
/// scheduling it: it has no effects (but allocating) and no regions, or it
/// fills a tensor (the start of the buffer its user computes).
bool isPlacedLazily(Operation &op) {
  if (auto fill = dyn_cast<linalg::FillOp>(op); fill && fill.hasPureTensorSemantics())
    return true;
  if (op.getNumRegions() != 0 || op.hasTrait<OpTrait::IsTerminator>())
    return false;
  return isa<memref::AllocOp, memref::AllocaOp>(op) || isMemoryEffectFree(&op);
}

class BlockScheduler {
public:
  BlockScheduler(Block &block, const llvm::DenseMap<Block *, uint64_t> &blockPeaks,
                 llvm::DenseMap<Operation *, bool> &pureCallees, bool onTensors)
      : block(block), pureCallees(pureCallees) {
    for (Operation &op : block) {
      if (&op == block.getTerminator() || isPlacedLazily(op))
        continue;
      index[&op] = ops.size();
      ops.push_back(&op);
    }
    internal.assign(ops.size(), 0);
    for (auto [i, op] : llvm::enumerate(ops)) {
      uint64_t most = 0;
      for (Region &region : op->getRegions())
        for (Block &nested : region)
          most = std::max(most, blockPeaks.lookup(&nested));
      if (auto forall = dyn_cast<scf::ForallOp>(op))
        if (std::optional<uint64_t> trips = oxla::staticTripCount(forall);
            trips && *trips > 0 && *trips <= oxla::BufferPlan::kMaxCopies)
          most *= *trips;
      internal[i] = most;
    }
    buildDependences();
    buffersOf.assign(ops.size(), {});
    startsBytes.assign(ops.size(), 0);
    if (onTensors)
      buildTensorBuffers();
    else
      buildBuffers();
  }

  /// The bytes of the block's temporaries live at once in `order` (indices
  /// into ops), what an op's regions hold while it runs included.
  uint64_t simulatePeak(ArrayRef<unsigned> order) const {
    std::vector<unsigned> remaining(buffers.size());
    for (auto [b, buffer] : llvm::enumerate(buffers))
      remaining[b] = buffer.users.size();
    std::vector<bool> started(buffers.size(), false);
    uint64_t live = 0, peak = 0;
    for (unsigned op : order) {
      for (unsigned b : buffersOf[op])
        if (!started[b]) {
          started[b] = true;
          live += buffers[b].bytes;
        }
      peak = std::max(peak, live + internal[op]);
      for (unsigned b : buffersOf[op])
        if (--remaining[b] == 0 && !buffers[b].toEnd)
          live -= buffers[b].bytes;
    }
    return peak;
  }

  SmallVector<unsigned> writtenOrder() const {
    SmallVector<unsigned> order(ops.size());
    std::iota(order.begin(), order.end(), 0);
    return order;
  }

  /// XLA's ListMemoryScheduler: of the ops whose dependences are done, the
  /// one that frees the most bytes net of what it starts; the first written
  /// on ties.
  SmallVector<unsigned> listOrder() const {
    std::vector<unsigned> waiting(ops.size()), remaining(buffers.size());
    for (unsigned i = 0; i < ops.size(); ++i)
      waiting[i] = preds[i].size();
    for (auto [b, buffer] : llvm::enumerate(buffers))
      remaining[b] = buffer.users.size();
    std::vector<bool> started(buffers.size(), false);
    std::set<unsigned> ready;
    for (unsigned i = 0; i < ops.size(); ++i)
      if (waiting[i] == 0)
        ready.insert(i);
    SmallVector<unsigned> order;
    while (!ready.empty()) {
      unsigned best = *ready.begin();
      int64_t bestGain = INT64_MIN;
      for (unsigned candidate : ready) {
        int64_t gain = 0;
        for (unsigned b : buffersOf[candidate]) {
          if (!started[b])
            gain -= buffers[b].bytes;
          if (remaining[b] == 1 && !buffers[b].toEnd)
            gain += buffers[b].bytes;
        }
        if (gain > bestGain) {
          bestGain = gain;
          best = candidate;
        }
      }
      ready.erase(best);
      order.push_back(best);
      for (unsigned b : buffersOf[best]) {
        started[b] = true;
        --remaining[b];
      }
      for (unsigned succ : succs[best])
        if (--waiting[succ] == 0)
          ready.insert(succ);
    }
    return order;
  }

  /// XLA's DFSMemoryScheduler: a post-order from the block's sinks (in
  /// written order), visiting first the dependence whose subgraph starts
  /// the most bytes.
  SmallVector<unsigned> depthFirstOrder() const {
    std::vector<uint64_t> cumulative(ops.size(), 0);
    for (unsigned i = 0; i < ops.size(); ++i) {
      cumulative[i] = startsBytes[i];
      for (unsigned pred : preds[i])
        cumulative[i] = std::min<uint64_t>(cumulative[i] + cumulative[pred], UINT64_MAX / 4);
    }
    SmallVector<unsigned> order;
    std::vector<bool> visited(ops.size(), false);
    // Iterative post-order: (op, next dependence to visit).
    for (unsigned sink = 0; sink < ops.size(); ++sink) {
      if (!succs[sink].empty() || visited[sink])
        continue;
      SmallVector<std::pair<unsigned, SmallVector<unsigned>>> stack;
      auto push = [&](unsigned op) {
        visited[op] = true;
        SmallVector<unsigned> deps(preds[op].begin(), preds[op].end());
        // Visited last first: the stack pops from the back.
        std::stable_sort(deps.begin(), deps.end(), [&](unsigned a, unsigned b) {
          if (cumulative[a] != cumulative[b])
            return cumulative[a] < cumulative[b];
          return a > b;
        });
        stack.push_back({op, std::move(deps)});
      };
      push(sink);
      while (!stack.empty()) {
        auto &[op, deps] = stack.back();
        if (deps.empty()) {
          order.push_back(op);
          stack.pop_back();
          continue;
        }
        unsigned next = deps.pop_back_val();
        if (!visited[next])
          push(next);
      }
    }
    return order;
  }

  /// Moves the block's ops into `order`, each op without effects just
  /// before its first user.
  void apply(ArrayRef<unsigned> order) {
    Operation *terminator = block.getTerminator();
    llvm::DenseSet<Operation *> placed;
    std::function<void(Operation *)> placeInputs;
    auto place = [&](Operation *op) {
      placeInputs(op);
      op->moveBefore(terminator);
      placed.insert(op);
    };
    placeInputs = [&](Operation *op) {
      auto visit = [&](Value value) {
        Operation *def = value.getDefiningOp();
        if (def && def->getBlock() == &block && !index.count(def) && !placed.count(def) &&
            def != terminator)
          place(def);
      };
      for (Value operand : op->getOperands())
        visit(operand);
      if (op->getNumRegions() != 0) {
        llvm::SetVector<Value> captured;
        getUsedValuesDefinedAbove(op->getRegions(), captured);
        for (Value value : captured)
          visit(value);
      }
    };
    SmallVector<Operation *> lazy;
    for (Operation &op : block)
      if (!index.count(&op) && &op != terminator)
        lazy.push_back(&op);
    for (unsigned i : order)
      place(ops[i]);
    // Lazily placed ops whose users are only the terminator or nothing.
    placeInputs(terminator);
    for (Operation *op : lazy)
      if (!placed.count(op))
        place(op);
  }

  size_t size() const { return ops.size(); }

private:
  struct Buffer {
    uint64_t bytes = 0;
    llvm::SmallSetVector<unsigned, 4> users;
    bool toEnd = false; // Used by the terminator: live to the block's end.
  };

  /// The scheduled ops `value` depends on: its definer, or through the
  /// lazily placed ops that compute it, theirs.
  void realDefiners(Value value, llvm::SmallSetVector<unsigned, 8> &out,
                    llvm::DenseSet<Operation *> &seen) {
    Operation *def = value.getDefiningOp();
    if (!def || def->getBlock() != &block || !seen.insert(def).second)
      return;
    if (auto it = index.find(def); it != index.end()) {
      out.insert(it->second);
      return;
    }
    for (Value operand : def->getOperands())
      realDefiners(operand, out, seen);
  }

  void buildDependences() {
    preds.assign(ops.size(), {});
    succs.assign(ops.size(), {});
    auto addEdge = [&](unsigned from, unsigned to) {
      if (from != to && preds[to].insert(from))
        succs[from].push_back(to);
    };
    llvm::DenseMap<Value, unsigned> lastWriter;
    llvm::DenseMap<Value, SmallVector<unsigned>> readersSince;
    std::optional<unsigned> lastBarrier;
    SmallVector<unsigned> effectfulSinceBarrier;
    for (auto [i, op] : llvm::enumerate(ops)) {
      llvm::SmallSetVector<unsigned, 8> definers;
      llvm::DenseSet<Operation *> seen;
      for (Value operand : op->getOperands())
        realDefiners(operand, definers, seen);
      if (op->getNumRegions() != 0) {
        llvm::SetVector<Value> captured;
        getUsedValuesDefinedAbove(op->getRegions(), captured);
        for (Value value : captured)
          realDefiners(value, definers, seen);
      }
      for (unsigned d : definers)
        addEdge(d, i);

      Effects effects;
      collectEffects(op, op, effects, pureCallees);
      if (!effects.any())
        continue;
      if (lastBarrier)
        addEdge(*lastBarrier, i);
      if (effects.barrier) {
        for (unsigned previous : effectfulSinceBarrier)
          addEdge(previous, i);
        effectfulSinceBarrier.clear();
        lastBarrier = i;
        continue;
      }
      effectfulSinceBarrier.push_back(i);
      for (Value root : effects.reads) {
        if (auto it = lastWriter.find(root); it != lastWriter.end())
          addEdge(it->second, i);
        readersSince[root].push_back(i);
      }
      for (Value root : effects.writes) {
        if (auto it = lastWriter.find(root); it != lastWriter.end())
          addEdge(it->second, i);
        for (unsigned reader : readersSince[root])
          addEdge(reader, i);
        readersSince[root].clear();
        lastWriter[root] = i;
      }
    }
  }

  /// Records `buffer` (its users known) when it is worth scheduling for.
  void addBuffer(Buffer buffer) {
    if (buffer.bytes == 0 || buffer.users.empty())
      return;
    unsigned b = buffers.size();
    for (unsigned user : buffer.users)
      buffersOf[user].push_back(b);
    startsBytes[*std::min_element(buffer.users.begin(), buffer.users.end())] += buffer.bytes;
    buffers.push_back(std::move(buffer));
  }

  /// Adds the users in the block of `value` to `buffer`.
  void addUsers(Value value, Buffer &buffer) {
    for (OpOperand &use : value.getUses()) {
      Operation *user = block.findAncestorOpInBlock(*use.getOwner());
      if (!user)
        continue;
      if (user == block.getTerminator())
        buffer.toEnd = true;
      else if (auto it = index.find(user); it != index.end())
        buffer.users.insert(it->second);
    }
  }

  /// On tensors, before bufferization: each static tensor an op computes
  /// is a buffer, but a destination-style op's result is its init's buffer
  /// (written in place), and a slice or reshape a view of its source's.
  void buildTensorBuffers() {
    llvm::DenseMap<Value, unsigned> bufferOf;
    std::vector<Buffer> chains;
    std::vector<SmallVector<Value>> members;
    auto join = [&](Value value, Value into) -> bool {
      auto it = bufferOf.find(into);
      if (it == bufferOf.end())
        return false;
      bufferOf[value] = it->second;
      members[it->second].push_back(value);
      return true;
    };
    for (Operation &op : block) {
      if (isa<tensor::EmptyOp>(op))
        continue;
      auto destinationStyle = dyn_cast<DestinationStyleOpInterface>(op);
      for (OpResult result : op.getResults()) {
        auto type = dyn_cast<RankedTensorType>(result.getType());
        if (!type || !type.hasStaticShape())
          continue;
        if (destinationStyle && destinationStyle.hasPureTensorSemantics() &&
            join(result, destinationStyle.getTiedOpOperand(result)->get()))
          continue;
        if (auto insert = dyn_cast<tensor::InsertSliceOp>(op); insert && join(result, insert.getDest()))
          continue;
        if (isa<tensor::ExtractSliceOp, tensor::CollapseShapeOp, tensor::ExpandShapeOp,
                tensor::CastOp>(op)) {
          join(result, op.getOperand(0));
          continue;
        }
        Buffer buffer;
        buffer.bytes = tensorBytes(type);
        bufferOf[result] = chains.size();
        members.push_back({result});
        chains.push_back(std::move(buffer));
      }
    }
    for (auto [chain, values] : llvm::zip_equal(chains, members)) {
      // The op that computes the chain's first tensor writes the buffer:
      // it is live from there, not from the first op that reads it.
      if (auto it = index.find(values.front().getDefiningOp()); it != index.end())
        chain.users.insert(it->second);
      for (Value value : values)
        addUsers(value, chain);
      addBuffer(std::move(chain));
    }
  }

  static uint64_t tensorBytes(RankedTensorType type) {
    return oxla::staticBytes(MemRefType::get(type.getShape(), type.getElementType()));
  }

  void buildBuffers() {
    for (Operation &op : block) {
      auto alloc = dyn_cast<memref::AllocOp>(op);
      if (!alloc || !alloc.getType().hasStaticShape())
        continue;
      Buffer buffer;
      buffer.bytes = oxla::staticBytes(alloc.getType());
      SmallVector<Value> aliases{alloc.getResult()};
      llvm::DenseSet<Operation *> seenViews;
      for (size_t a = 0; a < aliases.size(); ++a)
        for (OpOperand &use : aliases[a].getUses()) {
          Operation *user = block.findAncestorOpInBlock(*use.getOwner());
          if (!user)
            continue;
          if (user == block.getTerminator()) {
            buffer.toEnd = true;
            continue;
          }
          if (auto it = index.find(user); it != index.end()) {
            buffer.users.insert(it->second);
            continue;
          }
          if (seenViews.insert(user).second)
            for (Value result : user->getResults())
              if (isa<BaseMemRefType>(result.getType()))
                aliases.push_back(result);
        }
      addBuffer(std::move(buffer));
    }
  }

  Block &block;
  llvm::DenseMap<Operation *, bool> &pureCallees;
  SmallVector<Operation *> ops;
  llvm::DenseMap<Operation *, unsigned> index;
  std::vector<uint64_t> internal;
  std::vector<llvm::SmallSetVector<unsigned, 4>> preds;
  std::vector<SmallVector<unsigned>> succs;
  std::vector<Buffer> buffers;
  std::vector<SmallVector<unsigned>> buffersOf;
  std::vector<uint64_t> startsBytes;
};

bool isScheduledRegionHolder(Operation *op) {
  return isa<func::FuncOp, scf::ForOp, scf::WhileOp, scf::IfOp, scf::ForallOp,
             scf::ExecuteRegionOp, scf::IndexSwitchOp>(op);
}

struct ScheduleForMemory : public oxla::impl::ScheduleForMemoryBase<ScheduleForMemory> {
  using Base::Base;

  void runOnOperation() override {
    llvm::DenseMap<Block *, uint64_t> blockPeaks;
    llvm::DenseMap<Operation *, bool> pureCallees;
    unsigned reordered = 0, measurements = 0;
    // The temporaries' bytes of the function last measured, as the module
    // is now.
    Operation *measuredFunction = nullptr;
    std::optional<uint64_t> lastMeasured;
    ModuleOp module = getOperation();
    // Inner blocks first: what an op's regions hold is known when the
    // block holding the op is ordered.
    module.walk([&](Operation *op) {
      if (!isScheduledRegionHolder(op))
        return;
      if (auto function = dyn_cast<func::FuncOp>(op); function && function.isExternal())
        return;
      auto function = isa<func::FuncOp>(op) ? cast<func::FuncOp>(op)
                                            : op->getParentOfType<func::FuncOp>();
      for (Region &region : op->getRegions())
        for (Block &block : region) {
          if (block.empty() || !block.mightHaveTerminator())
            continue;
          BlockScheduler scheduler(block, blockPeaks, pureCallees, onTensors);
          SmallVector<unsigned> written = scheduler.writtenOrder();
          uint64_t writtenPeak = scheduler.simulatePeak(written);
          blockPeaks[&block] = writtenPeak;
          if (scheduler.size() <= 2)
            continue;
          SmallVector<SmallVector<unsigned>> candidates;
          for (SmallVector<unsigned> candidate :
               {scheduler.listOrder(), scheduler.depthFirstOrder()})
            if (candidate.size() == scheduler.size() && candidate != written &&
                !llvm::is_contained(candidates, candidate))
              candidates.push_back(std::move(candidate));
          if (candidates.empty())
            continue;
          if (!onTensors) {
            // On buffers the simulation is the plan's own live ranges.
            uint64_t best = writtenPeak;
            const SmallVector<unsigned> *chosen = nullptr;
            for (const SmallVector<unsigned> &candidate : candidates)
              if (uint64_t peak = scheduler.simulatePeak(candidate); peak < best) {
                best = peak;
                chosen = &candidate;
              }
            if (chosen) {
              scheduler.apply(*chosen);
              blockPeaks[&block] = best;
              ++reordered;
            }
            continue;
          }
          // On tensors, which results bufferization writes in place depends
          // on the order (a tensor.empty shared by several ops is one buffer
          // while their uses do not interleave): each order is measured by
          // bufferizing and planning a copy of the module. That costs a
          // bufferization of the whole module per order, so only blocks
          // where the simulation sees an order that lowers the peak are
          // measured (its in-place guesses may rank the candidates wrongly,
          // but orders it sees no gain in differ by what bufferization
          // decides alone).
          if (llvm::none_of(candidates, [&](const SmallVector<unsigned> &candidate) {
                return scheduler.simulatePeak(candidate) < writtenPeak;
              }))
            continue;
          if (!function)
            continue;
          // The module as it is now was measured last (for this block's
          // function) unless something was reordered since.
          bool known = measuredFunction == function.getOperation() && lastMeasured;
          unsigned measuredBefore = measurements;
          if (measurements + candidates.size() + (known ? 0 : 1) > kMaxMeasurements)
            continue;
          std::optional<uint64_t> best = lastMeasured;
          if (!known) {
            best = measure(module, function);
            ++measurements;
          }
          measuredFunction = function;
          lastMeasured = best;
          if (!best)
            continue;
          SmallVector<Operation *> original;
          for (Operation &op : block.without_terminator())
            original.push_back(&op);
          const SmallVector<unsigned> *chosen = nullptr;
          for (const SmallVector<unsigned> &candidate : candidates) {
            scheduler.apply(candidate);
            std::optional<uint64_t> bytes = measure(module, function);
            ++measurements;
            if (bytes && *bytes < *best) {
              best = bytes;
              chosen = &candidate;
            }
          }
          if (reportMeasured)
            block.getParentOp()->emitRemark()
                << "measured " << (measurements - measuredBefore) << " orders of a block of "
                << scheduler.size() << " ops";
          if (chosen) {
            scheduler.apply(*chosen);
            ++reordered;
          } else {
            for (Operation *op : original)
              op->moveBefore(block.getTerminator());
          }
          lastMeasured = best;
        }
    });
    numReordered += reordered;
  }

  /// The most orders measured per run (each bufferizes the module once).
  static constexpr unsigned kMaxMeasurements = 16;

  /// The temporaries' bytes of `function` (its arena and the static
  /// allocations left to run time) after bufferizing and planning a copy of
  /// `module`; nullopt when that fails or the function is not planned.
  std::optional<uint64_t> measure(ModuleOp module, func::FuncOp function) {
    OwningOpRef<ModuleOp> copy = module.clone();
    PassManager pm(module.getContext(), ModuleOp::getOperationName());
    if (failed(parsePassPipeline(std::string(oxla::kBufferizationPasses) + ",oxla-plan-buffers",
                                 pm)))
      return std::nullopt;
    ScopedDiagnosticHandler silence(module.getContext(),
                                    [](Diagnostic &) { return success(); });
    if (failed(pm.run(*copy)))
      return std::nullopt;
    auto plans = (*copy)->getAttrOfType<ArrayAttr>("oxla.memory_plans");
    if (!plans)
      return std::nullopt;
    for (Attribute plan : plans) {
      auto record = dyn_cast<DictionaryAttr>(plan);
      auto entry = record ? record.getAs<StringAttr>("entry") : StringAttr();
      if (!entry || entry.getValue() != function.getSymName())
        continue;
      auto arena = record.getAs<IntegerAttr>("arena");
      auto unplanned = record.getAs<IntegerAttr>("unplanned_bytes");
      if (!arena || !unplanned)
        return std::nullopt;
      return arena.getInt() + unplanned.getInt();
    }
    return std::nullopt;
  }
};

} // namespace
