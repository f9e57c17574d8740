//===- Interpreter.h - The reference interpreter --------------------------===//
//
// Runs func.func ops op by op with the StableHLO spec's semantics. Each
// function body is first turned into a plan: every SSA value gets a slot in a
// frame and every op its evaluator, found once by the op's TypeID, so that
// execution does no map lookups or attribute parsing per value.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_INTERPRETER_INTERPRETER_H
#define OXLA_INTERPRETER_INTERPRETER_H

#include "interpreter/RuntimeValue.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

#include <atomic>
#include <memory>
#include <mutex>

namespace mlir::func {
class FuncOp;
} // namespace mlir::func

namespace oxla::interp {

class EvalContext;

/// Evaluates one op: reads `operands`, appends one value per result.
/// Failures have been reported (as a diagnostic at the op) when it returns.
using Evaluator = mlir::LogicalResult (*)(mlir::Operation *op,
                                          llvm::ArrayRef<RuntimeValue> operands,
                                          llvm::SmallVectorImpl<RuntimeValue> &results,
                                          EvalContext &context);

/// Ops the interpreter knows, keyed by op TypeID.
class EvaluatorRegistry {
public:
  template <typename OpT> void add(Evaluator evaluator) {
    evaluators_[mlir::TypeID::get<OpT>()] = evaluator;
  }
  Evaluator lookup(mlir::Operation *op) const;
  /// The registry with every evaluator oxla has.
  static const EvaluatorRegistry &all();

private:
  llvm::DenseMap<mlir::TypeID, Evaluator> evaluators_;
};

/// Why an evaluation stopped.
enum class Outcome {
  Ok,
  CheckFailed, ///< exit 1
  Invalid,     ///< exit 2: bad input value or program
  Unsupported, ///< exit 3: an op or type the interpreter lacks
  OutOfMemory, ///< exit 1: the memory cannot hold an op's results
};

struct FunctionPlan;

class Interpreter {
public:
  explicit Interpreter(mlir::ModuleOp module);
  ~Interpreter();

  /// Runs `function` on `arguments`. Errors are emitted as diagnostics at the
  /// failing op; failed checks do not stop execution.
  mlir::FailureOr<llvm::SmallVector<RuntimeValue>>
  run(mlir::func::FuncOp function, llvm::ArrayRef<RuntimeValue> arguments);

  /// Evaluates one op without regions on `operands`, outside any function
  /// (for constant folding). Fails, after a diagnostic, where the op's
  /// evaluator does, and without one for ops the interpreter lacks.
  mlir::FailureOr<llvm::SmallVector<RuntimeValue>>
  evaluate(mlir::Operation *op, llvm::ArrayRef<RuntimeValue> operands);

  /// Records a value of `interpreter.probe` under `id` (thread-safe).
  void recordProbe(llvm::StringRef id, const Tensor &value);
  /// The `iteration`-th value recorded under `id`, if there is one.
  std::optional<Tensor> probed(llvm::StringRef id, uint64_t iteration);

  unsigned numChecks() const { return numChecks_; }
  unsigned numFailedChecks() const { return numFailedChecks_; }
  /// The most severe problem seen so far.
  Outcome outcome() const;

private:
  friend class EvalContext;
  const FunctionPlan &planFor(mlir::func::FuncOp function);

  mlir::ModuleOp module_;
  // run_parallel runs functions on several threads: the lazily built
  // symbol tables and plans are guarded, the counters atomic.
  std::mutex symbolsMutex_;
  mlir::SymbolTableCollection symbols_;
  std::mutex plansMutex_;
  llvm::DenseMap<mlir::Operation *, std::unique_ptr<FunctionPlan>> plans_;
  std::mutex probesMutex_;
  llvm::StringMap<std::vector<Tensor>> probes_;
  std::atomic<unsigned> numChecks_ = 0;
  std::atomic<unsigned> numFailedChecks_ = 0;
  std::atomic<bool> sawInvalid_ = false;
  std::atomic<bool> sawUnsupported_ = false;
  std::atomic<bool> sawOutOfMemory_ = false;
};

/// What evaluators see of the running interpreter.
class EvalContext {
public:
  EvalContext(Interpreter &interpreter, const FunctionPlan &plan,
              std::vector<RuntimeValue> &frame)
      : interpreter_(interpreter), plan_(plan), frame_(frame) {}

  /// Runs the single block of `region` with its arguments bound to
  /// `arguments`; returns the operands of its terminator.
  mlir::FailureOr<llvm::SmallVector<RuntimeValue>>
  runRegion(mlir::Region &region, llvm::ArrayRef<RuntimeValue> arguments);
  /// Calls the function `callee` names.
  mlir::FailureOr<llvm::SmallVector<RuntimeValue>>
  call(mlir::Operation *caller, mlir::SymbolRefAttr callee,
       llvm::ArrayRef<RuntimeValue> arguments);

  /// Reports that `op` uses something the interpreter lacks (exit 3).
  mlir::LogicalResult unsupported(mlir::Operation *op, const llvm::Twine &what);
  /// Reports an invalid input value or program (exit 2).
  mlir::LogicalResult invalid(mlir::Operation *op, const llvm::Twine &what);
  /// Reports that the memory cannot hold what `op` needs (exit 1).
  mlir::LogicalResult outOfMemory(mlir::Operation *op, const llvm::Twine &what);
  /// Counts a check; a failed one has already been reported by the caller.
  void recordCheck(bool passed);
  /// The interpreter's probe recordings.
  Interpreter &interpreter() { return interpreter_; }

private:
  Interpreter &interpreter_;
  const FunctionPlan &plan_;
  std::vector<RuntimeValue> &frame_;
};

// Registration of the evaluator families (one function per file).
void registerFuncEvaluators(EvaluatorRegistry &registry);
void registerElementwiseEvaluators(EvaluatorRegistry &registry);
void registerCheckEvaluators(EvaluatorRegistry &registry);
void registerDataMovementEvaluators(EvaluatorRegistry &registry);
void registerRegionEvaluators(EvaluatorRegistry &registry);
void registerContractionEvaluators(EvaluatorRegistry &registry);
void registerWindowEvaluators(EvaluatorRegistry &registry);
void registerLinalgEvaluators(EvaluatorRegistry &registry);
void registerRandomEvaluators(EvaluatorRegistry &registry);
void registerChloEvaluators(EvaluatorRegistry &registry);
void registerQuantizationEvaluators(EvaluatorRegistry &registry);
void registerDistributionEvaluators(EvaluatorRegistry &registry);
/// stablehlo.custom_call: checks, XLA's CPU kernels (after the others).
void registerXlaCpuCustomCallEvaluators(EvaluatorRegistry &registry);

/// stablehlo.custom_call @check.* (CheckEvaluators.cpp).
mlir::LogicalResult evalCheckCustomCall(mlir::Operation *op,
                                        llvm::ArrayRef<RuntimeValue> operands,
                                        llvm::SmallVectorImpl<RuntimeValue> &results,
                                        EvalContext &context);
void registerDynamismEvaluators(EvaluatorRegistry &registry);
void registerShardingEvaluators(EvaluatorRegistry &registry);

} // namespace oxla::interp

#endif // OXLA_INTERPRETER_INTERPRETER_H
