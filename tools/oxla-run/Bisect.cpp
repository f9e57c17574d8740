//===- Bisect.cpp - The first op whose compiled result is wrong -----------===//
//
// The entry is first brought to the form the compiler lowers (the CPU
// pipeline's first phase: calls inlined, shapes static), with chlo's
// broadcasting ops decomposed as the interpreter runs them. Each op of its
// body with results then becomes a function of its own, `@oxla_bisect_<n>`,
// whose arguments are the op's operands and the values its regions use
// from above. The interpreter runs these functions in order, each on the
// values it computed before, and the compiled functions (one module, one
// JIT) run on the same values; each compiled result is compared with the
// interpreter's with the tolerance of that op alone.
//
//===----------------------------------------------------------------------===//

#include "tools/oxla-run/Bisect.h"

#include "compiler/Pipelines/CPUPipeline.h"
#include "compiler/Target/CPU/JIT.h"
#include "compiler/Transforms/Passes.h"
#include "interpreter/Interpreter.h"
#include "runtime/CheckRoutines.h"
#include "tools/common/ToolSupport.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace oxla;

namespace {

/// One op of the entry, as a function of its own.
struct Piece {
  Operation *op;                   ///< in the bisected program
  llvm::SmallVector<Value> inputs; ///< its operands, then values used from above
  std::string name;
};

/// Whether the interpreter and the compiled code pass `type` as a tensor.
bool isTensorValue(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && tensor.hasStaticShape() &&
         interp::ElementType::fromMlir(tensor.getElementType());
}

/// The exit code of a compileForCPU failure.
int exitCodeOf(CompileFailure why) {
  return why == CompileFailure::Invalid       ? tools::kExitInvalid
         : why == CompileFailure::Unsupported ? tools::kExitUnsupported
                                              : tools::kExitInternal;
}

} // namespace

int tools::bisectMiscompile(ModuleOp module, llvm::StringRef entryName,
                            llvm::ArrayRef<interp::Tensor> arguments,
                            llvm::function_ref<Tolerance(int64_t)> toleranceFor,
                            llvm::StringRef flag) {
  // The program as the compiler lowers it, and as the interpreter runs it.
  OwningOpRef<ModuleOp> program = module.clone();
  auto entry = program->lookupSymbol<func::FuncOp>(entryName);
  CompileFailure why;
  if (failed(compileForCPU(*program, {entry}, cpuPipelinePhases().front().name,
                           /*applyCommandLineOptions=*/false, &why)))
    return exitCodeOf(why);
  if (failed(decomposeChloBroadcastOps(*program)))
    return kExitUnsupported;
  entry = program->lookupSymbol<func::FuncOp>(entryName);
  if (!entry || !entry.getBody().hasOneBlock()) {
    program->emitError() << "unsupported: " << flag
                         << " runs entries op by op only when their body is one block";
    return kExitUnsupported;
  }

  // Each op with results becomes @oxla_bisect_<n>.
  OwningOpRef<ModuleOp> pieces = ModuleOp::create(program->getLoc());
  OpBuilder builder(program->getContext());
  std::vector<Piece> order;
  for (Operation &op : entry.getBody().front().without_terminator()) {
    if (op.getNumResults() == 0)
      continue;
    Piece piece{&op, llvm::to_vector(op.getOperands()), ""};
    llvm::SetVector<Value> above;
    getUsedValuesDefinedAbove(op.getRegions(), above);
    for (Value value : above)
      if (!llvm::is_contained(piece.inputs, value))
        piece.inputs.push_back(value);
    llvm::SmallVector<Value> used(piece.inputs);
    llvm::append_range(used, op.getResults());
    for (Value value : used)
      if (!isTensorValue(value.getType())) {
        op.emitError() << "unsupported: " << flag
                       << " runs ops one by one only on statically shaped tensors; '"
                       << op.getName() << "' takes or returns " << value.getType();
        return kExitUnsupported;
      }
    piece.name = "oxla_bisect_" + std::to_string(order.size());
    builder.setInsertionPointToEnd(pieces->getBody());
    auto function = builder.create<func::FuncOp>(
        op.getLoc(), piece.name,
        builder.getFunctionType(llvm::to_vector(llvm::map_range(
                                    piece.inputs, [](Value v) { return v.getType(); })),
                                op.getResultTypes()));
    Block *body = function.addEntryBlock();
    IRMapping mapping;
    mapping.map(piece.inputs, body->getArguments());
    builder.setInsertionPointToEnd(body);
    Operation *copy = builder.clone(op, mapping);
    builder.create<func::ReturnOp>(op.getLoc(), copy->getResults());
    order.push_back(std::move(piece));
  }

  // One compiled module holds every piece.
  OwningOpRef<ModuleOp> compiled = pieces->clone();
  llvm::SmallVector<func::FuncOp> compiledEntries =
      llvm::to_vector(compiled->getOps<func::FuncOp>());
  FailureOr<rt::ModuleMetadata> metadata =
      compileForCPU(*compiled, compiledEntries, "", /*applyCommandLineOptions=*/true, &why);
  if (failed(metadata))
    return exitCodeOf(why);
  std::vector<RuntimeSymbol> symbols;
  for (auto [name, address] : rt::routineSymbols())
    symbols.emplace_back(name, address);
  std::string error;
  std::unique_ptr<JitModule> jit = JitModule::create(*compiled, symbols, error);
  if (!jit) {
    reportInternalError(*compiled, "the LLVM JIT rejected the module (" + error + ")");
    return kExitInternal;
  }

  llvm::DenseMap<Value, interp::Tensor> values;
  for (auto [argument, tensor] : llvm::zip_equal(entry.getArguments(), arguments))
    values[argument] = tensor;
  interp::Interpreter interpreter(*pieces);
  rt::CheckSession session;
  session.checks = &metadata->checks;
  session.customCalls = &metadata->customCalls;
  for (auto [index, piece] : llvm::enumerate(order)) {
    llvm::SmallVector<interp::RuntimeValue> inputs;
    llvm::SmallVector<interp::Tensor> compiledInputs;
    for (Value value : piece.inputs) {
      const interp::Tensor &tensor = values.at(value);
      inputs.push_back(tensor);
      // Compiled code gets a copy of its own: the interpreter's value stays.
      interp::Tensor copy(tensor.elementType(), tensor.shape());
      std::memcpy(copy.bytes(), tensor.bytes(), tensor.byteSize());
      compiledInputs.push_back(std::move(copy));
    }
    FailureOr<llvm::SmallVector<interp::RuntimeValue>> expected =
        interpreter.run(pieces->lookupSymbol<func::FuncOp>(piece.name), inputs);
    if (failed(expected))
      return kExitUnsupported;
    llvm::SmallVector<interp::Tensor> results;
    for (interp::RuntimeValue &value : *expected)
      results.emplace_back(value.tensor().elementType(), value.tensor().shape());
    auto function = reinterpret_cast<void (*)(void **)>(
        jit->lookup(rt::kEntryPrefix + piece.name, error));
    if (!function) {
      reportInternalError(*compiled, flag.str() + ": no compiled @" + piece.name + " (" +
                                         error + ")");
      return kExitInternal;
    }
    std::optional<rt::AbandonedCall> abandoned;
    {
      rt::ActiveChecks active(session);
      abandoned = callCompiledEntry(function, compiledInputs, results);
    }
    if (abandoned)
      return exitCodeOfAbandonedCall(*abandoned);
    for (auto [number, pair] : llvm::enumerate(llvm::zip_equal(results, *expected))) {
      auto &[result, reference] = pair;
      interp::CheckResult verdict = compareWithReference(
          result, reference.tensor(), toleranceFor(operationLength(piece.op)));
      if (!verdict.passed) {
        piece.op->emitError()
            << flag << ": '" << piece.op->getName() << "' (op " << index + 1 << " of "
            << order.size() << " of @" << entryName
            << ") is the first op whose compiled result leaves the interpreter's: result #"
            << number << ": " << verdict.message;
        return kExitCheckFailed;
      }
    }
    for (auto [result, reference] : llvm::zip_equal(piece.op->getResults(), *expected))
      values[result] = reference.tensor();
  }
  if (flag == "--bisect")
    llvm::outs() << "bisect @" << entryName << ": the compiled results of all " << order.size()
               << " ops agree with the interpreter's\n";
  return kExitOk;
}
