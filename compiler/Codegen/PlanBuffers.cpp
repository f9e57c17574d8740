//===- PlanBuffers.cpp - Temporaries as views of one arena ----------------===//
//
// See Passes.td: oxla-plan-buffers records the plan (BufferPlan.h),
// oxla-allocate-from-arena carries it out.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/BufferPlan.h"
#include "compiler/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace oxla {
#define GEN_PASS_DEF_PLANBUFFERS
#define GEN_PASS_DEF_ALLOCATEFROMARENA
#include "compiler/Codegen/Passes.h.inc"
} // namespace oxla

using namespace mlir;

namespace {

constexpr const char *kOffsetAttr = "oxla.arena_offset";
constexpr const char *kArenaAttr = "oxla.arena_size";
constexpr const char *kSlotAttr = "oxla.arena_slot";
constexpr const char *kPlansAttr = "oxla.memory_plans";

/// `file:line:col` of the first file location in `loc`, else "".
std::string fileLocation(Location loc) {
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    return (file.getFilename().getValue() + ":" + Twine(file.getLine()) + ":" +
            Twine(file.getColumn()))
        .str();
  if (auto name = dyn_cast<NameLoc>(loc))
    return fileLocation(name.getChildLoc());
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location inner : fused.getLocations())
      if (std::string text = fileLocation(inner); !text.empty())
        return text;
  if (auto callSite = dyn_cast<CallSiteLoc>(loc))
    return fileLocation(callSite.getCallee());
  return "";
}

/// The buffer's description for the report: its bytes, offset, type and
/// where the program computes it.
DictionaryAttr describe(oxla::PlannedBuffer buffer, Builder &builder) {
  std::string type;
  llvm::raw_string_ostream os(type);
  os << buffer.alloc.getType();
  if (buffer.copies > 1)
    os << "x" << buffer.copies;
  NamedAttrList description;
  description.set("bytes", builder.getI64IntegerAttr(buffer.bytes));
  description.set("offset", builder.getI64IntegerAttr(buffer.offset));
  description.set("type", builder.getStringAttr(type));
  description.set("location", builder.getStringAttr(fileLocation(buffer.computedAt)));
  return description.getDictionary(builder.getContext());
}

/// In a parallel loop's body: `base` plus the iteration's slot, the
/// iteration numbered row-major over the loop's dimensions.
Value iterationShift(OpBuilder &builder, memref::AllocOp alloc, Value base, int64_t slot) {
  auto forall = cast<scf::ForallOp>(alloc->getParentOp());
  Location loc = alloc.getLoc();
  auto constant = [&](int64_t value) -> Value {
    return builder.create<arith::ConstantIndexOp>(loc, value);
  };
  Value index = constant(0);
  for (auto [iv, lower, upper, step] :
       llvm::zip_equal(forall.getInductionVars(), forall.getMixedLowerBound(),
                       forall.getMixedUpperBound(), forall.getMixedStep())) {
    int64_t l = *getConstantIntValue(lower), u = *getConstantIntValue(upper),
            s = *getConstantIntValue(step);
    int64_t trips = u > l ? (u - l + s - 1) / s : 0;
    Value number = builder.create<arith::DivUIOp>(
        loc, builder.create<arith::SubIOp>(loc, iv, constant(l)), constant(s));
    index = builder.create<arith::AddIOp>(
        loc, builder.create<arith::MulIOp>(loc, index, constant(trips)), number);
  }
  return builder.create<arith::AddIOp>(
      loc, base, builder.create<arith::MulIOp>(loc, index, constant(slot)));
}

struct PlanBuffers : public oxla::impl::PlanBuffersBase<PlanBuffers> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    Builder builder(module.getContext());
    SmallVector<Attribute> plans;
    for (auto function : module.getOps<func::FuncOp>()) {
      if (function.isExternal() || !function.isPublic())
        continue;
      oxla::BufferPlan plan = oxla::planBuffers(function);
      for (const oxla::PlannedBuffer &buffer : plan.buffers) {
        buffer.alloc->setAttr(kOffsetAttr, builder.getI64IntegerAttr(buffer.offset));
        if (buffer.copies > 1)
          buffer.alloc->setAttr(kSlotAttr, builder.getI64IntegerAttr(buffer.slotBytes));
      }
      function->setAttr(kArenaAttr, builder.getI64IntegerAttr(plan.arenaBytes));
      SmallVector<Attribute> atPeak;
      for (size_t index : plan.liveAtPeak)
        atPeak.push_back(describe(plan.buffers[index], builder));
      NamedAttrList record;
      record.set("entry", builder.getStringAttr(function.getSymName()));
      record.set("arena", builder.getI64IntegerAttr(plan.arenaBytes));
      record.set("planned", builder.getI64IntegerAttr(plan.buffers.size()));
      record.set("live_peak", builder.getI64IntegerAttr(plan.livePeakBytes));
      record.set("unplanned", builder.getI64IntegerAttr(plan.unplanned.size()));
      record.set("unplanned_bytes", builder.getI64IntegerAttr(plan.unplannedStaticBytes));
      record.set("dynamic", builder.getI64IntegerAttr(plan.unplannedDynamic));
      record.set("at_peak", builder.getArrayAttr(atPeak));
      plans.push_back(record.getDictionary(builder.getContext()));
    }
    module->setAttr(kPlansAttr, builder.getArrayAttr(plans));
  }
};

struct AllocateFromArena : public oxla::impl::AllocateFromArenaBase<AllocateFromArena> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    for (auto function : module.getOps<func::FuncOp>()) {
      auto arenaSize = function->getAttrOfType<IntegerAttr>(kArenaAttr);
      if (!arenaSize || function.isExternal())
        continue;
      function->removeAttr(kArenaAttr);
      SmallVector<memref::AllocOp> planned;
      function.walk([&](memref::AllocOp alloc) {
        if (alloc->hasAttr(kOffsetAttr))
          planned.push_back(alloc);
      });
      if (arenaSize.getInt() == 0 || planned.empty())
        continue;
      // The arena is the last parameter, after the out-parameters.
      MLIRContext *context = function.getContext();
      auto arenaType = MemRefType::get({arenaSize.getInt()}, IntegerType::get(context, 8));
      unsigned index = function.getNumArguments();
      function.insertArgument(index, arenaType, DictionaryAttr(), function.getLoc());
      Value arena = function.getArgument(index);
      OpBuilder builder = OpBuilder::atBlockBegin(&function.getBody().front());
      llvm::DenseMap<int64_t, Value> offsets;
      for (memref::AllocOp alloc : planned) {
        int64_t offset = alloc->getAttrOfType<IntegerAttr>(kOffsetAttr).getInt();
        Value &shift = offsets[offset];
        if (!shift) {
          OpBuilder::InsertionGuard guard(builder);
          builder.setInsertionPointToStart(&function.getBody().front());
          shift = builder.create<arith::ConstantIndexOp>(function.getLoc(), offset);
        }
        builder.setInsertionPoint(alloc);
        Value at = shift;
        if (auto slot = alloc->getAttrOfType<IntegerAttr>(kSlotAttr))
          at = iterationShift(builder, alloc, shift, slot.getInt());
        Value view = builder.create<memref::ViewOp>(alloc.getLoc(), alloc.getType(), arena,
                                                    at, ValueRange{});
        alloc.getResult().replaceAllUsesWith(view);
        alloc->erase();
      }
    }
  }
};

} // namespace
