//===- Interpreter.cpp - The reference interpreter ------------------------===//

#include "interpreter/Interpreter.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "runtime/CheckedSize.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <pthread.h>

using namespace mlir;

namespace oxla::interp {

//===- Registry ------------------------------------------------------------===//

Evaluator EvaluatorRegistry::lookup(Operation *op) const {
  std::optional<RegisteredOperationName> name = op->getRegisteredInfo();
  if (!name)
    return nullptr;
  return evaluators_.lookup(name->getTypeID());
}

const EvaluatorRegistry &EvaluatorRegistry::all() {
  static const EvaluatorRegistry registry = [] {
    EvaluatorRegistry r;
    registerFuncEvaluators(r);
    registerElementwiseEvaluators(r);
    registerCheckEvaluators(r);
    registerDataMovementEvaluators(r);
    registerRegionEvaluators(r);
    registerContractionEvaluators(r);
    registerWindowEvaluators(r);
    registerLinalgEvaluators(r);
    registerRandomEvaluators(r);
    registerChloEvaluators(r);
    registerQuantizationEvaluators(r);
    registerDistributionEvaluators(r);
    registerDynamismEvaluators(r);
    registerXlaCpuCustomCallEvaluators(r);
    registerShardingEvaluators(r);
    return r;
  }();
  return registry;
}

//===- Plans ---------------------------------------------------------------===//

namespace {
struct Step {
  Operation *op;
  Evaluator evaluator; // null when the interpreter lacks the op
  SmallVector<unsigned, 4> operands;
  SmallVector<unsigned, 2> results;
};

struct BlockPlan {
  SmallVector<unsigned, 4> arguments;
  std::vector<Step> steps; // every op but the terminator
  Operation *terminator = nullptr;
  SmallVector<unsigned, 4> terminatorOperands;
};
} // namespace

struct FunctionPlan {
  unsigned numSlots = 0;
  Block *entry = nullptr;
  DenseMap<Block *, BlockPlan> blocks;
};

/// Numbers every value of `function` (nested regions included) and resolves
/// each op's evaluator.
static std::unique_ptr<FunctionPlan> buildPlan(func::FuncOp function) {
  auto plan = std::make_unique<FunctionPlan>();
  DenseMap<Value, unsigned> slots;
  auto slotOf = [&](Value value) {
    auto [it, inserted] = slots.try_emplace(value, plan->numSlots);
    if (inserted)
      ++plan->numSlots;
    return it->second;
  };
  const EvaluatorRegistry &registry = EvaluatorRegistry::all();
  // Blocks are planned in pre-order, so a value is numbered before any
  // nested region uses it.
  std::function<void(Region &)> planRegion = [&](Region &region) {
    for (Block &block : region) {
      // Planned into a local: the nested regions below add their blocks to
      // `plan->blocks`, which may rehash and move its entries.
      BlockPlan blockPlan;
      for (BlockArgument argument : block.getArguments())
        blockPlan.arguments.push_back(slotOf(argument));
      for (Operation &op : block) {
        SmallVector<unsigned, 4> operands;
        for (Value operand : op.getOperands())
          operands.push_back(slotOf(operand));
        if (op.hasTrait<OpTrait::IsTerminator>()) {
          blockPlan.terminator = &op;
          blockPlan.terminatorOperands = std::move(operands);
          continue;
        }
        Step step{&op, registry.lookup(&op), std::move(operands), {}};
        for (Value result : op.getResults())
          step.results.push_back(slotOf(result));
        for (Region &nested : op.getRegions())
          planRegion(nested);
        blockPlan.steps.push_back(std::move(step));
      }
      plan->blocks[&block] = std::move(blockPlan);
    }
  };
  planRegion(function.getBody());
  plan->entry = &function.getBody().front();
  return plan;
}

//===- Execution -----------------------------------------------------------===//

namespace {
/// Executes the steps of one block against a frame.
class BlockRunner {
public:
  BlockRunner(Interpreter &interpreter, const FunctionPlan &plan,
              std::vector<RuntimeValue> &frame)
      : context_(interpreter, plan, frame), plan_(plan), frame_(frame) {}

  /// Runs `block` from its arguments; leaves the terminator's operands in
  /// `terminatorValues`.
  LogicalResult run(Block *block, ArrayRef<RuntimeValue> arguments,
                    SmallVectorImpl<RuntimeValue> &terminatorValues) {
    const BlockPlan &blockPlan = plan_.blocks.find(block)->second;
    for (auto [slot, value] : llvm::zip(blockPlan.arguments, arguments))
      frame_[slot] = value;
    SmallVector<RuntimeValue, 4> operands;
    SmallVector<RuntimeValue, 2> results;
    for (const Step &step : blockPlan.steps) {
      if (!step.evaluator)
        return context_.unsupported(step.op, "no interpreter support for '" +
                                                 step.op->getName().getStringRef() +
                                                 "'");
      operands.clear();
      results.clear();
      for (unsigned slot : step.operands)
        operands.push_back(frame_[slot]);
      if (failed(checkResultsFit(step.op)))
        return failure();
      if (failed(step.evaluator(step.op, operands, results, context_)))
        return failure();
      if (results.size() != step.results.size())
        return context_.invalid(step.op, "evaluator produced the wrong number "
                                         "of results");
      for (auto [slot, value] : llvm::zip(step.results, results))
        frame_[slot] = std::move(value);
    }
    terminatorValues.clear();
    for (unsigned slot : blockPlan.terminatorOperands)
      terminatorValues.push_back(frame_[slot]);
    return success();
  }

  /// Evaluators have no way to fail an allocation (an allocation that fails
  /// in one ends the process, exit 1). Before an op whose static results are
  /// large, the memory is asked for their bytes: where it cannot give them
  /// the run stops at the op, and the caller (a tool, the C API, Python)
  /// reports it as out of memory without ending its process.
  LogicalResult checkResultsFit(Operation *op) {
    constexpr uint64_t kProbedBytes = uint64_t(64) << 20;
    for (Type type : op->getResultTypes()) {
      auto tensor = dyn_cast<RankedTensorType>(type);
      std::optional<ElementType> element =
          tensor && tensor.hasStaticShape() ? ElementType::fromMlir(tensor.getElementType())
                                            : std::nullopt;
      if (!element)
        continue;
      std::optional<uint64_t> bytes = checkedByteSize(
          tensor.getShape().data(), tensor.getRank(), element->storageBytes());
      if (!bytes || *bytes < kProbedBytes)
        continue;
      // Through a volatile pointer: a compiler may assume malloc succeeds
      // and remove an allocation that is freed unused.
      void *(*volatile allocate)(size_t) = &std::malloc;
      void *memory = allocate(*bytes);
      if (memory) {
        std::free(memory);
        continue;
      }
      std::string text;
      llvm::raw_string_ostream(text) << type;
      return context_.outOfMemory(op, "cannot allocate " + std::to_string(*bytes) +
                                          " bytes for a result of type " + text);
    }
    return success();
  }

  /// Runs a function body, following cf.br / cf.cond_br between blocks.
  FailureOr<SmallVector<RuntimeValue>> runBody(ArrayRef<RuntimeValue> arguments) {
    Block *block = plan_.entry;
    SmallVector<RuntimeValue> values(arguments.begin(), arguments.end());
    SmallVector<RuntimeValue> terminatorValues;
    while (true) {
      if (failed(run(block, values, terminatorValues)))
        return failure();
      Operation *terminator = plan_.blocks.find(block)->second.terminator;
      if (auto branch = dyn_cast<cf::BranchOp>(terminator)) {
        block = branch.getDest();
        values = terminatorValues;
        continue;
      }
      if (auto condBranch = dyn_cast<cf::CondBranchOp>(terminator)) {
        bool taken = terminatorValues[0].tensor().data<uint8_t>()[0] != 0;
        unsigned numTrue = condBranch.getTrueDestOperands().size();
        ArrayRef<RuntimeValue> all(terminatorValues);
        ArrayRef<RuntimeValue> next =
            taken ? all.slice(1, numTrue) : all.drop_front(1 + numTrue);
        values.assign(next.begin(), next.end());
        block = taken ? condBranch.getTrueDest() : condBranch.getFalseDest();
        continue;
      }
      return terminatorValues;
    }
  }

private:
  EvalContext context_;
  const FunctionPlan &plan_;
  std::vector<RuntimeValue> &frame_;
};
} // namespace

Interpreter::Interpreter(ModuleOp module) : module_(module) {}
Interpreter::~Interpreter() = default;

const FunctionPlan &Interpreter::planFor(func::FuncOp function) {
  std::lock_guard<std::mutex> lock(plansMutex_);
  std::unique_ptr<FunctionPlan> &plan = plans_[function];
  if (!plan)
    plan = buildPlan(function);
  return *plan;
}

FailureOr<SmallVector<RuntimeValue>>
Interpreter::run(func::FuncOp function, ArrayRef<RuntimeValue> arguments) {
  if (function.isExternal()) {
    sawUnsupported_ = true;
    return function.emitError() << "cannot interpret the external function @"
                                << function.getSymName();
  }
  const FunctionPlan &plan = planFor(function);
  std::vector<RuntimeValue> frame(plan.numSlots);
  BlockRunner runner(*this, plan, frame);
  return runner.runBody(arguments);
}

FailureOr<SmallVector<RuntimeValue>>
Interpreter::evaluate(Operation *op, ArrayRef<RuntimeValue> operands) {
  Evaluator evaluator = EvaluatorRegistry::all().lookup(op);
  if (!evaluator || op->getNumRegions() != 0)
    return failure();
  // A region-free op reads neither the plan nor the frame.
  FunctionPlan plan;
  std::vector<RuntimeValue> frame;
  EvalContext context(*this, plan, frame);
  SmallVector<RuntimeValue> results;
  if (failed(evaluator(op, operands, results, context)))
    return failure();
  return results;
}

Outcome Interpreter::outcome() const {
  if (sawInvalid_)
    return Outcome::Invalid;
  if (sawUnsupported_)
    return Outcome::Unsupported;
  if (sawOutOfMemory_)
    return Outcome::OutOfMemory;
  if (numFailedChecks_)
    return Outcome::CheckFailed;
  return Outcome::Ok;
}

//===- EvalContext ---------------------------------------------------------===//

FailureOr<SmallVector<RuntimeValue>>
EvalContext::runRegion(Region &region, ArrayRef<RuntimeValue> arguments) {
  BlockRunner runner(interpreter_, plan_, frame_);
  SmallVector<RuntimeValue> values;
  if (failed(runner.run(&region.front(), arguments, values)))
    return failure();
  return values;
}

/// How many bytes of the calling thread's stack are left below the current
/// frame, or nullopt where the system cannot tell.
static std::optional<size_t> stackBytesLeft() {
  // The stack's bounds are looked up once per thread.
  thread_local std::optional<uintptr_t> lowest = [] {
    std::optional<uintptr_t> bound;
    pthread_attr_t attributes;
    if (pthread_getattr_np(pthread_self(), &attributes) != 0)
      return bound;
    void *address = nullptr;
    size_t size = 0;
    if (pthread_attr_getstack(&attributes, &address, &size) == 0)
      bound = reinterpret_cast<uintptr_t>(address);
    pthread_attr_destroy(&attributes);
    return bound;
  }();
  if (!lowest)
    return std::nullopt;
  auto here = reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
  return here > *lowest ? here - *lowest : 0;
}

/// The stack a call keeps in reserve: what one more level of calls and
/// regions takes, with room for the evaluators' own frames (and a
/// sanitizer's larger ones).
static constexpr size_t kStackReserve = 1 << 20;

FailureOr<SmallVector<RuntimeValue>>
EvalContext::call(Operation *caller, SymbolRefAttr callee,
                  ArrayRef<RuntimeValue> arguments) {
  // Calls may recurse (the spec allows it); the depth is bounded by the
  // thread's stack instead of overflowing it.
  thread_local unsigned depth = 0;
  std::optional<size_t> left = stackBytesLeft();
  if (left && *left < kStackReserve)
    return unsupported(caller, "calls nested " + Twine(depth) +
                                   " deep exhaust the interpreter's stack "
                                   "(recursion this deep is not supported)");
  struct DepthScope {
    unsigned &depth;
    explicit DepthScope(unsigned &depth) : depth(depth) { ++depth; }
    ~DepthScope() { --depth; }
  } scope(depth);
  func::FuncOp function;
  {
    std::lock_guard<std::mutex> lock(interpreter_.symbolsMutex_);
    function = interpreter_.symbols_.lookupNearestSymbolFrom<func::FuncOp>(
        caller, callee);
  }
  if (!function) {
    (void)invalid(caller, "no function named " + callee.getLeafReference().str());
    return failure();
  }
  return interpreter_.run(function, arguments);
}

LogicalResult EvalContext::unsupported(Operation *op, const Twine &what) {
  interpreter_.sawUnsupported_ = true;
  return op->emitError() << "unsupported: " << what;
}

LogicalResult EvalContext::outOfMemory(Operation *op, const Twine &what) {
  interpreter_.sawOutOfMemory_ = true;
  return op->emitError() << "out of memory: " << what;
}

LogicalResult EvalContext::invalid(Operation *op, const Twine &what) {
  interpreter_.sawInvalid_ = true;
  return op->emitError() << what;
}

void Interpreter::recordProbe(StringRef id, const Tensor &value) {
  std::lock_guard<std::mutex> lock(probesMutex_);
  probes_[id].push_back(value);
}

std::optional<Tensor> Interpreter::probed(StringRef id, uint64_t iteration) {
  std::lock_guard<std::mutex> lock(probesMutex_);
  auto found = probes_.find(id);
  if (found == probes_.end() || iteration >= found->second.size())
    return std::nullopt;
  return found->second[iteration];
}

void EvalContext::recordCheck(bool passed) {
  ++interpreter_.numChecks_;
  if (!passed)
    ++interpreter_.numFailedChecks_;
}

} // namespace oxla::interp
