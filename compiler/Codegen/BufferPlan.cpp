//===- BufferPlan.cpp - Offsets of temporaries in one arena ---------------===//

#include "compiler/Codegen/BufferPlan.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>

using namespace mlir;

uint64_t oxla::staticBytes(MemRefType type) {
  auto elementBytes = [](Type element) -> uint64_t {
    if (element.isIntOrFloat())
      return (element.getIntOrFloatBitWidth() + 7) / 8;
    if (element.isIndex())
      return 8;
    if (auto complex = dyn_cast<ComplexType>(element))
      if (complex.getElementType().isIntOrFloat())
        return 2 * ((complex.getElementType().getIntOrFloatBitWidth() + 7) / 8);
    return 0;
  };
  if (!type.hasStaticShape())
    return 0;
  return elementBytes(type.getElementType()) * type.getNumElements();
}

namespace {

/// Positions of the function's ops in program order (pre-order), and the
/// last position inside each op's regions.
struct ProgramOrder {
  llvm::DenseMap<Operation *, uint64_t> position, last;

  explicit ProgramOrder(func::FuncOp function) {
    uint64_t next = 0;
    function.getBody().walk<WalkOrder::PreOrder>(
        [&](Operation *op) { position[op] = next++; });
    // The last position inside `op` is the largest position among its
    // nested ops; computed bottom-up.
    function.getBody().walk<WalkOrder::PostOrder>([&](Operation *op) {
      uint64_t end = position[op];
      for (Region &region : op->getRegions())
        for (Block &block : region)
          if (!block.empty())
            end = std::max(end, last[&block.back()]);
      last[op] = end;
    });
  }
};

/// Whether `op` runs once per position in program order: its ancestors are
/// sequential loops and branches only (an allocation in a parallel loop's
/// body needs one buffer per concurrent iteration).
bool runsSequentially(Operation *op, func::FuncOp function) {
  for (Operation *parent = op->getParentOp(); parent != function;
       parent = parent->getParentOp())
    if (!isa<scf::ForOp, scf::WhileOp, scf::IfOp, scf::IndexSwitchOp,
             scf::ExecuteRegionOp>(parent))
      return false;
  return true;
}

} // namespace

std::optional<uint64_t> oxla::staticTripCount(scf::ForallOp forall) {
  uint64_t count = 1;
  for (auto [lower, upper, step] : llvm::zip_equal(
           forall.getMixedLowerBound(), forall.getMixedUpperBound(), forall.getMixedStep())) {
    std::optional<int64_t> l = getConstantIntValue(lower), u = getConstantIntValue(upper),
                           s = getConstantIntValue(step);
    if (!l || !u || !s || *s <= 0)
      return std::nullopt;
    count *= *u > *l ? static_cast<uint64_t>((*u - *l + *s - 1) / *s) : 0;
  }
  return count;
}

namespace {

/// The values that alias the allocation (itself and the views of it), or
/// failure when one leaves the call or the iteration that allocated it:
/// returned, yielded from a region, turned back into a tensor, freed or
/// cast to something unknown, or its address read as an integer (custom
/// calls pass buffers that way): expand-strided-metadata folds
/// extract_aligned_pointer_as_index of any view-like op into the same op on
/// the view's source, which for a memref.view drops its byte shift.
FailureOr<SmallVector<Value>> aliasesOf(memref::AllocOp alloc) {
  SmallVector<Value> aliases{alloc.getResult()};
  for (size_t i = 0; i < aliases.size(); ++i) {
    for (OpOperand &use : aliases[i].getUses()) {
      Operation *user = use.getOwner();
      if (auto view = dyn_cast<ViewLikeOpInterface>(user)) {
        if (view.getViewSource() == aliases[i]) {
          for (Value result : user->getResults())
            if (isa<BaseMemRefType>(result.getType()))
              aliases.push_back(result);
          continue;
        }
      }
      if (isa<memref::ExtractStridedMetadataOp>(user)) {
        aliases.push_back(user->getResult(0));
        continue;
      }
      if (user->hasTrait<OpTrait::IsTerminator>() ||
          isa<memref::DeallocOp, memref::ExtractAlignedPointerAsIndexOp,
              bufferization::ToTensorOp,
              bufferization::DeallocOp, UnrealizedConversionCastOp>(user))
        return failure();
      // Any other op that makes a memref out of it might keep it.
      if (llvm::any_of(user->getResultTypes(),
                       [](Type t) { return isa<BaseMemRefType>(t); }))
        return failure();
    }
  }
  return aliases;
}

} // namespace

oxla::BufferPlan oxla::planBuffers(func::FuncOp function) {
  auto rounded = [](uint64_t bytes) {
    return (bytes + BufferPlan::kAlignment - 1) / BufferPlan::kAlignment *
           BufferPlan::kAlignment;
  };
  BufferPlan plan;
  ProgramOrder order(function);
  function.walk([&](memref::AllocOp alloc) {
    MemRefType type = alloc.getType();
    uint64_t bytes = staticBytes(type);
    if (!type.hasStaticShape()) {
      plan.unplanned.push_back(alloc);
      ++plan.unplannedDynamic;
      return;
    }
    // An allocation directly in a parallel loop's body gets one copy per
    // iteration (at most kMaxCopies), live through the loop.
    uint64_t copies = 1;
    Operation *scope = alloc;
    if (auto forall = dyn_cast<scf::ForallOp>(alloc->getParentOp())) {
      std::optional<uint64_t> trips = staticTripCount(forall);
      if (trips && *trips > 0 && *trips <= BufferPlan::kMaxCopies) {
        copies = *trips;
        scope = forall;
      }
    }
    FailureOr<SmallVector<Value>> aliases = aliasesOf(alloc);
    if (bytes == 0 || !type.getLayout().isIdentity() || type.getMemorySpace() ||
        !runsSequentially(scope, function) || failed(aliases)) {
      plan.unplanned.push_back(alloc);
      plan.unplannedStaticBytes += bytes;
      return;
    }
    // Live from the allocation to the last use, where a use inside an op
    // nested in the allocation's block (a loop) keeps it live through the
    // whole op.
    Block *block = scope->getBlock();
    PlannedBuffer buffer;
    buffer.alloc = alloc;
    buffer.copies = copies;
    buffer.slotBytes = copies == 1 ? bytes : rounded(bytes);
    buffer.bytes = copies == 1 ? bytes : copies * buffer.slotBytes;
    buffer.start = order.position[scope];
    buffer.end = order.last[scope];
    buffer.computedAt = alloc.getLoc();
    uint64_t firstWriter = UINT64_MAX;
    for (Value alias : *aliases)
      for (OpOperand &use : alias.getUses()) {
        Operation *user = use.getOwner();
        if (Operation *ancestor = block->findAncestorOpInBlock(*user))
          buffer.end = std::max(buffer.end, order.last[ancestor]);
        auto writer = dyn_cast<DestinationStyleOpInterface>(user);
        if (writer && !isa<linalg::FillOp>(user) && writer.isDpsInit(&use) &&
            order.position[user] < firstWriter) {
          firstWriter = order.position[user];
          buffer.computedAt = user->getLoc();
        }
      }
    plan.buffers.push_back(buffer);
  });

  // Largest first (longest live range, then program order on ties), each
  // at the lowest end of the smallest gap that fits it among the buffers
  // already placed that overlap it in time.
  std::vector<size_t> byDecreasingSize(plan.buffers.size());
  for (size_t i = 0; i < byDecreasingSize.size(); ++i)
    byDecreasingSize[i] = i;
  std::stable_sort(byDecreasingSize.begin(), byDecreasingSize.end(), [&](size_t a, size_t b) {
    const PlannedBuffer &x = plan.buffers[a], &y = plan.buffers[b];
    if (x.bytes != y.bytes)
      return x.bytes > y.bytes;
    return x.end - x.start > y.end - y.start;
  });
  std::vector<size_t> placed;
  for (size_t index : byDecreasingSize) {
    PlannedBuffer &buffer = plan.buffers[index];
    uint64_t size = rounded(buffer.bytes);
    std::vector<std::pair<uint64_t, uint64_t>> taken;
    for (size_t other : placed) {
      const PlannedBuffer &o = plan.buffers[other];
      if (o.start <= buffer.end && buffer.start <= o.end)
        taken.push_back({o.offset, o.offset + rounded(o.bytes)});
    }
    llvm::sort(taken);
    uint64_t bestOffset = 0, bestGap = UINT64_MAX, cursor = 0;
    bool found = false;
    for (auto [begin, end] : taken) {
      if (begin > cursor && begin - cursor >= size && begin - cursor < bestGap) {
        bestGap = begin - cursor;
        bestOffset = cursor;
        found = true;
      }
      cursor = std::max(cursor, end);
    }
    buffer.offset = found ? bestOffset : cursor;
    plan.arenaBytes = std::max(plan.arenaBytes, buffer.offset + size);
    placed.push_back(index);
  }

  // The most bytes live at once: a sweep over the starts and ends.
  std::vector<std::pair<uint64_t, int64_t>> events;
  for (const PlannedBuffer &buffer : plan.buffers) {
    events.push_back({2 * buffer.start, static_cast<int64_t>(buffer.bytes)});
    events.push_back({2 * buffer.end + 1, -static_cast<int64_t>(buffer.bytes)});
  }
  llvm::sort(events);
  int64_t live = 0;
  uint64_t peakAt = 0;
  for (auto [at, change] : events) {
    live += change;
    if (live > static_cast<int64_t>(plan.livePeakBytes)) {
      plan.livePeakBytes = live;
      peakAt = at / 2;
    }
  }
  for (size_t i = 0; i < plan.buffers.size(); ++i)
    if (plan.buffers[i].start <= peakAt && peakAt <= plan.buffers[i].end)
      plan.liveAtPeak.push_back(i);
  return plan;
}
