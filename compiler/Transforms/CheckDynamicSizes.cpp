//===- CheckDynamicSizes.cpp - `?` sizes checked where the program needs them ===//
//
// See Passes.td. The verifier accepts a `?` size wherever the program asks
// two sizes to be equal (dynamic dimensions are compatible with any size);
// compiled code then trusts them: the lowering of `add(tensor<?xf32>,
// tensor<?xf32>)` loops over the first operand's size and reads past the
// end of a shorter second one. This pass states each such requirement as a
// run-time check, before the op, in the form JAX writes its own shape
// checks:
//
//   stablehlo.custom_call @shape_assertion(%holds, %size0, %size1)
//       {error_message = "... {0} ... {1}", oxla.size_check}
//
// which compiled code hands to the runtime (oxla_shape_assertion, the
// module's check table): a false one abandons the call with the op's
// location and the sizes, as an invalid argument (exit 2,
// OXLA_INVALID_ARGUMENT, ValueError). Sizes the types fix are never
// checked: a JIT-specialized static program gets no check at all.
//
// The requirements are the spec's constraints on sizes, by op family:
//   - elementwise ops (C1): operands and results of one shape (a scalar
//     select predicate or clamp bound excepted);
//   - broadcast_in_dim (C5): an operand size is 1 or the result's;
//   - concatenate (C2): inputs agree outside the concatenated dimension;
//   - dot_general (C9, C10): batching and contracting sizes agree;
//   - reshape (C2): as many elements as the result;
//   - slice (C3), dynamic_slice (C4), gather (C21 and the clamp of its
//     starts): a slice fits in its operand; dynamic_update_slice (C6): the
//     update fits in the operand.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Passes.h"

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

namespace oxla {
#define GEN_PASS_DEF_CHECKDYNAMICSIZES
#include "compiler/Transforms/Passes.h.inc"
} // namespace oxla

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace {

/// Builds the checks of one op, before it.
class SizeChecks {
public:
  explicit SizeChecks(Operation *op) : op(op), builder(op) {}

  /// A size of `value` as an i64: a constant where its type fixes it.
  Value size(Value value, int64_t dim) {
    auto type = cast<RankedTensorType>(value.getType());
    if (!type.isDynamicDim(dim))
      return constant(type.getDimSize(dim));
    Value index = builder.create<tensor::DimOp>(op->getLoc(), value, dim);
    return builder.create<arith::IndexCastOp>(op->getLoc(), builder.getI64Type(), index);
  }
  Value constant(int64_t value) {
    return builder.create<arith::ConstantOp>(op->getLoc(), builder.getI64IntegerAttr(value));
  }
  static bool dynamic(Value value, int64_t dim) {
    return cast<RankedTensorType>(value.getType()).isDynamicDim(dim);
  }

  /// Checks `lhs == rhs`. The message names {0} (lhs) and {1} (rhs).
  void requireEqual(Value lhs, Value rhs, const Twine &message) {
    emit(builder.create<arith::CmpIOp>(op->getLoc(), arith::CmpIPredicate::eq, lhs, rhs),
         {lhs, rhs}, message);
  }
  /// Checks `small <= large`; the message names {0} (small) and {1} (large).
  void requireAtMost(Value small, Value large, const Twine &message) {
    emit(builder.create<arith::CmpIOp>(op->getLoc(), arith::CmpIPredicate::sle, small,
                                       large),
         {small, large}, message);
  }
  /// Checks `value == 1 || value == other`; {0} is value, {1} other.
  void requireOneOrEqual(Value value, Value other, const Twine &message) {
    Location loc = op->getLoc();
    Value one = builder.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, value,
                                              constant(1));
    Value equal =
        builder.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, value, other);
    emit(builder.create<arith::OrIOp>(loc, one, equal), {value, other}, message);
  }

  /// `'stablehlo.add' op (C1) ...`: the start of every message.
  std::string prefix(StringRef label) const {
    return ("'" + op->getName().getStringRef() + "' op " + label + " ").str();
  }

  Operation *op;

private:
  void emit(Value holds, ArrayRef<Value> values, const Twine &message) {
    Location loc = op->getLoc();
    auto scalar = [&](Value value) {
      return builder
          .create<tensor::FromElementsOp>(
              loc, RankedTensorType::get({}, value.getType()), ValueRange{value})
          .getResult();
    };
    SmallVector<Value> operands{scalar(holds)};
    for (Value value : values)
      operands.push_back(scalar(value));
    OperationState state(loc, "stablehlo.custom_call");
    state.addOperands(operands);
    state.addAttribute("call_target_name", builder.getStringAttr("shape_assertion"));
    state.addAttribute("has_side_effect", builder.getBoolAttr(true));
    state.addAttribute("error_message", builder.getStringAttr(message));
    state.addAttribute("oxla.size_check", builder.getUnitAttr());
    builder.create(state);
  }

  OpBuilder builder;
};

std::string dimText(int64_t dim) { return "dimension " + std::to_string(dim); }

/// Elementwise ops (C1): every operand and result of the op's rank has the
/// sizes of the first such operand.
void checkElementwise(SizeChecks &checks) {
  Operation *op = checks.op;
  SmallVector<std::pair<Value, std::string>> shaped;
  int64_t rank = -1;
  for (Value result : op->getResults())
    if (auto type = dyn_cast<RankedTensorType>(result.getType()))
      rank = type.getRank();
  if (rank < 0)
    return;
  for (auto [i, operand] : llvm::enumerate(op->getOperands()))
    if (auto type = dyn_cast<RankedTensorType>(operand.getType());
        type && type.getRank() == rank)
      shaped.push_back({operand, "operand #" + std::to_string(i)});
  for (auto [i, result] : llvm::enumerate(op->getResults()))
    shaped.push_back({result, "result #" + std::to_string(i)});
  if (shaped.size() < 2)
    return;
  auto [reference, referenceName] = shaped.front();
  for (int64_t d = 0; d < rank; ++d)
    for (auto &[value, name] : llvm::drop_begin(shaped)) {
      if (!SizeChecks::dynamic(reference, d) && !SizeChecks::dynamic(value, d))
        continue;
      // A result's dynamic size is computed from the operands: nothing to
      // check against them.
      if (value.getDefiningOp() == op && SizeChecks::dynamic(value, d))
        continue;
      checks.requireEqual(checks.size(reference, d), checks.size(value, d),
                          checks.prefix("(C1)") +
                              "requires operands and results of one shape, but " +
                              dimText(d) + " is {0} in " + referenceName + " and {1} in " +
                              name);
    }
}

void checkBroadcastInDim(hlo::BroadcastInDimOp op, SizeChecks &checks) {
  for (auto [d, target] : llvm::enumerate(op.getBroadcastDimensions())) {
    auto dim = static_cast<int64_t>(d);
    // A dynamic result size is the operand's (or stays to be broadcast
    // from 1): only a fixed one constrains the operand.
    if (!SizeChecks::dynamic(op.getOperand(), dim) ||
        SizeChecks::dynamic(op.getResult(), target))
      continue;
    checks.requireOneOrEqual(checks.size(op.getOperand(), dim),
                             checks.size(op.getResult(), target),
                             checks.prefix("(C5)") + "requires operand " + dimText(dim) +
                                 " of size 1 or {1} (result dimension " +
                                 std::to_string(target) + "), but it is {0}");
  }
}

void checkConcatenate(hlo::ConcatenateOp op, SizeChecks &checks) {
  ValueRange inputs = op.getInputs();
  auto rank = cast<RankedTensorType>(op.getResult().getType()).getRank();
  auto along = static_cast<int64_t>(op.getDimension());
  for (int64_t d = 0; d < rank; ++d) {
    if (d == along)
      continue;
    for (auto [i, input] : llvm::enumerate(inputs)) {
      if (i == 0 || (!SizeChecks::dynamic(inputs[0], d) && !SizeChecks::dynamic(input, d)))
        continue;
      checks.requireEqual(checks.size(inputs[0], d), checks.size(input, d),
                          checks.prefix("(C2)") +
                              "requires inputs of one shape outside the concatenated "
                              "dimension, but " +
                              dimText(d) + " is {0} in input #0 and {1} in input #" +
                              std::to_string(i));
    }
  }
}

void checkDotGeneral(hlo::DotGeneralOp op, SizeChecks &checks) {
  auto numbers = op.getDotDimensionNumbers();
  auto pairs = [&](ArrayRef<int64_t> lhsDims, ArrayRef<int64_t> rhsDims, StringRef label,
                   StringRef what) {
    for (auto [l, r] : llvm::zip(lhsDims, rhsDims)) {
      if (!SizeChecks::dynamic(op.getLhs(), l) && !SizeChecks::dynamic(op.getRhs(), r))
        continue;
      checks.requireEqual(checks.size(op.getLhs(), l), checks.size(op.getRhs(), r),
                          checks.prefix(label) + "requires equal " + what +
                              " dimension sizes, but lhs " + dimText(l) + " is {0} and rhs " +
                              dimText(r) + " is {1}");
    }
  };
  pairs(numbers.getLhsBatchingDimensions(), numbers.getRhsBatchingDimensions(), "(C9)",
        "batching");
  pairs(numbers.getLhsContractingDimensions(), numbers.getRhsContractingDimensions(),
        "(C10)", "contracting");
}

/// The product of `value`'s sizes, and whether any is dynamic.
std::pair<Value, bool> elementCount(Value value, SizeChecks &checks, OpBuilder &builder) {
  auto type = cast<RankedTensorType>(value.getType());
  Value count = checks.constant(1);
  for (int64_t d = 0; d < type.getRank(); ++d)
    count = builder.create<arith::MulIOp>(checks.op->getLoc(), count, checks.size(value, d));
  return {count, !type.hasStaticShape()};
}

void checkReshape(hlo::ReshapeOp op, SizeChecks &checks) {
  auto operand = cast<RankedTensorType>(op.getOperand().getType());
  auto result = cast<RankedTensorType>(op.getResult().getType());
  if (operand.hasStaticShape() || !result.hasStaticShape())
    return;
  OpBuilder builder(op);
  Value count = elementCount(op.getOperand(), checks, builder).first;
  checks.requireEqual(count, checks.constant(result.getNumElements()),
                      checks.prefix("(C2)") + "requires as many elements as its result ({1}), "
                                              "but the operand has {0}");
}

/// A slice of fixed sizes (or limits) must fit in each dynamic dimension of
/// `operand`.
void checkFits(Value operand, ArrayRef<int64_t> sizes, SizeChecks &checks, StringRef label,
               StringRef what) {
  for (auto [d, needed] : llvm::enumerate(sizes)) {
    auto dim = static_cast<int64_t>(d);
    if (!SizeChecks::dynamic(operand, dim))
      continue;
    checks.requireAtMost(checks.constant(needed), checks.size(operand, dim),
                         checks.prefix(label) + "requires " + what + "[" +
                             std::to_string(dim) + "] = {0} to fit in operand " +
                             dimText(dim) + " of size {1}");
  }
}

void checkDynamicUpdateSlice(hlo::DynamicUpdateSliceOp op, SizeChecks &checks) {
  auto rank = cast<RankedTensorType>(op.getOperand().getType()).getRank();
  for (int64_t d = 0; d < rank; ++d) {
    if (!SizeChecks::dynamic(op.getOperand(), d) && !SizeChecks::dynamic(op.getUpdate(), d))
      continue;
    checks.requireAtMost(checks.size(op.getUpdate(), d), checks.size(op.getOperand(), d),
                         checks.prefix("(C6)") + "requires update " + dimText(d) +
                             " of size {0} to fit in the operand's, {1}");
  }
}

void checkOp(Operation *op) {
  auto hasDynamicTensor = [](TypeRange types) {
    return llvm::any_of(types, [](Type type) {
      auto tensor = dyn_cast<RankedTensorType>(type);
      return tensor && !tensor.hasStaticShape();
    });
  };
  if (!hasDynamicTensor(op->getOperandTypes()) && !hasDynamicTensor(op->getResultTypes()))
    return;
  // Bounded sizes (set_dimension_size's results, with a type encoding) are
  // the program's own, within their bounds: not checked.
  auto bounded = [](Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    return tensor && tensor.getEncoding();
  };
  if (llvm::any_of(op->getOperandTypes(), bounded) ||
      llvm::any_of(op->getResultTypes(), bounded))
    return;
  SizeChecks checks(op);
  // select and clamp are elementwise but for their scalar forms (a scalar
  // predicate, scalar bounds), which checkElementwise leaves out.
  if (op->hasTrait<OpTrait::Elementwise>() || isa<hlo::SelectOp, hlo::ClampOp>(op))
    return checkElementwise(checks);
  if (auto broadcast = dyn_cast<hlo::BroadcastInDimOp>(op))
    return checkBroadcastInDim(broadcast, checks);
  if (auto concatenate = dyn_cast<hlo::ConcatenateOp>(op))
    return checkConcatenate(concatenate, checks);
  if (auto dot = dyn_cast<hlo::DotGeneralOp>(op))
    return checkDotGeneral(dot, checks);
  if (auto reshape = dyn_cast<hlo::ReshapeOp>(op))
    return checkReshape(reshape, checks);
  if (auto slice = dyn_cast<hlo::SliceOp>(op))
    return checkFits(slice.getOperand(), slice.getLimitIndices(), checks, "(C3)",
                     "limit_indices");
  if (auto slice = dyn_cast<hlo::DynamicSliceOp>(op))
    return checkFits(slice.getOperand(), slice.getSliceSizes(), checks, "(C4)",
                     "slice_sizes");
  if (auto gather = dyn_cast<hlo::GatherOp>(op))
    return checkFits(gather.getOperand(), gather.getSliceSizes(), checks, "(C21)",
                     "slice_sizes");
  if (auto update = dyn_cast<hlo::DynamicUpdateSliceOp>(op))
    return checkDynamicUpdateSlice(update, checks);
}

struct CheckDynamicSizesPass
    : public oxla::impl::CheckDynamicSizesBase<CheckDynamicSizesPass> {
  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (op->getDialect() && op->getDialect()->getNamespace() == "stablehlo")
        ops.push_back(op);
    });
    for (Operation *op : ops)
      checkOp(op);
  }
};

} // namespace
