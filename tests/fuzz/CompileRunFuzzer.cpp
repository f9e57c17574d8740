// libFuzzer target: compile-and-run of mutated small programs, checked
// against the reference interpreter.
//
// An input is a StableHLO program whose first line is a comment, `//`
// followed by control bytes. The control bytes choose consistent mutations
// that keep a program valid where a local edit would only reach the
// verifier: one dimension size replaced by another in every tensor type of
// the program, and one element type replaced by another everywhere it
// appears. The program that still verifies is compiled for the CPU (the
// oxla-run pipeline and JIT) and run on random inputs (the control bytes
// seed them), and the interpreter runs it on the same inputs. The custom
// mutator changes mostly the control bytes, so that most inputs reach the
// compiler and the runtime rather than stopping at the parser.
//
// A crash, an internal compiler error (exit code 4's failure) or a compiled
// result that differs from the interpreter's by more than
// --check-with-interpreter allows is a bug; an "unsupported" or invalid
// program is an expected outcome.

#include "compiler/Import/SourceCompat.h"
#include "compiler/Pipelines/CPUPipeline.h"
#include "compiler/Registration.h"
#include "compiler/Target/CPU/JIT.h"
#include "compiler/Transforms/Passes.h"
#include "compiler/Transforms/Specialize.h"
#include "interpreter/Interpreter.h"
#include "runtime/CheckRoutines.h"
#include "runtime/CheckedSize.h"
#include "tools/common/CrossCheck.h"
#include "tools/common/EntryPoints.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <cstdlib>
#include <set>
#include <string>

using namespace mlir;
using namespace oxla;

/// Programs whose arguments or results together take more bytes than this
/// are not run: the fuzzer looks for wrong code, not for the memory's end.
static constexpr uint64_t kMaxFuzzBytes = 1 << 20;

static MLIRContext &context() {
  static MLIRContext *ctx = [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    // The CPU pipeline names its passes.
    registerPasses();
    DialectRegistry registry;
    registerDialects(registry);
    auto *c = new MLIRContext(registry, MLIRContext::Threading::DISABLED);
    c->loadAllAvailableDialects();
    c->printOpOnDiagnostic(false);
    return c;
  }();
  return *ctx;
}

namespace {

/// Reads control bytes one at a time; zeros once they run out.
struct Control {
  llvm::StringRef bytes;
  size_t next = 0;
  unsigned take() { return next < bytes.size() ? uint8_t(bytes[next++]) : 0; }
};

/// Replaces each whole word `from` of `text` by `to`.
std::string replaceWord(llvm::StringRef text, llvm::StringRef from, llvm::StringRef to) {
  std::string out;
  auto isWordChar = [](char c) { return llvm::isAlnum(c) || c == '_'; };
  size_t i = 0;
  while (i < text.size()) {
    size_t at = text.find(from, i);
    if (at == llvm::StringRef::npos) {
      out += text.drop_front(i).str();
      break;
    }
    out += text.slice(i, at).str();
    bool before = at > 0 && isWordChar(text[at - 1]);
    bool after = at + from.size() < text.size() && isWordChar(text[at + from.size()]);
    // `2x3xf32`: an element type after a size's 'x' is a word of its own.
    if (before && text[at - 1] == 'x' && at >= 2 && llvm::isDigit(text[at - 2]))
      before = false;
    out += (before || after) ? from.str() : to.str();
    i = at + from.size();
  }
  return out;
}

/// Replaces dimension size `from` by `to` in every `tensor<...>` type.
std::string replaceDimension(llvm::StringRef text, int64_t from, int64_t to) {
  std::string out;
  size_t i = 0;
  while (i < text.size()) {
    size_t at = text.find("tensor<", i);
    if (at == llvm::StringRef::npos) {
      out += text.drop_front(i).str();
      break;
    }
    at += strlen("tensor<");
    out += text.slice(i, at).str();
    // The sizes: digits or '?' followed by 'x'.
    size_t end = at;
    while (true) {
      size_t size = end;
      while (size < text.size() && (llvm::isDigit(text[size]) || text[size] == '?'))
        ++size;
      if (size == end || size >= text.size() || text[size] != 'x')
        break;
      llvm::StringRef number = text.slice(end, size);
      int64_t value;
      if (!number.getAsInteger(10, value) && value == from)
        out += std::to_string(to) + "x";
      else
        out += number.str() + "x";
      end = size + 1;
    }
    i = end;
  }
  return out;
}

/// The sizes used in the program's tensor types.
std::vector<int64_t> dimensionSizes(llvm::StringRef text) {
  std::set<int64_t> sizes;
  llvm::Regex type("tensor<(([0-9]+x)+)");
  llvm::StringRef rest = text;
  llvm::SmallVector<llvm::StringRef> matches;
  while (type.match(rest, &matches)) {
    llvm::SmallVector<llvm::StringRef> parts;
    matches[1].split(parts, 'x', -1, false);
    for (llvm::StringRef part : parts) {
      int64_t value;
      if (!part.getAsInteger(10, value))
        sizes.insert(value);
    }
    rest = rest.drop_front(matches[0].end() - rest.begin());
  }
  return {sizes.begin(), sizes.end()};
}

constexpr llvm::StringLiteral kElementTypes[] = {
    "f16", "bf16", "f32", "f64", "i1", "i8", "i16", "i32", "i64", "ui8", "ui32"};

/// Applies the mutations the control bytes choose.
std::string mutate(llvm::StringRef program, Control &control) {
  std::string text = program.str();
  unsigned choice = control.take();
  if (choice & 1) {
    std::vector<int64_t> sizes = dimensionSizes(text);
    if (!sizes.empty()) {
      int64_t from = sizes[control.take() % sizes.size()];
      int64_t to = control.take() % 9;
      text = replaceDimension(text, from, to);
    }
  }
  if (choice & 2) {
    std::vector<llvm::StringRef> present;
    for (llvm::StringRef type : kElementTypes)
      if (replaceWord(text, type, "") != text)
        present.push_back(type);
    if (!present.empty()) {
      llvm::StringRef from = present[control.take() % present.size()];
      llvm::StringRef to = kElementTypes[control.take() % std::size(kElementTypes)];
      text = replaceWord(text, from, to);
    }
  }
  return text;
}

/// Bytes of the static types `types`, or nullopt past the fuzzer's limit.
bool fitsLimit(TypeRange types) {
  uint64_t total = 0;
  for (Type type : types) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor || !tensor.hasStaticShape())
      return false;
    std::optional<uint64_t> bytes =
        checkedByteSize(tensor.getShape().data(), tensor.getRank(), 16);
    if (!bytes || (total += *bytes) > kMaxFuzzBytes)
      return false;
  }
  return true;
}

/// With OXLA_FUZZ_VERBOSE set, says why an input went no further (to
/// triage a corpus: how many inputs reach the compiler and the runtime).
int skip(llvm::StringRef why, llvm::StringRef errors = "") {
  if (std::getenv("OXLA_FUZZ_VERBOSE"))
    llvm::errs() << "compile-and-run fuzzer: " << why << "\n" << errors;
  return 0;
}

[[noreturn]] void reportBug(llvm::StringRef what, llvm::StringRef program) {
  llvm::errs() << "compile-and-run fuzzer: " << what << "\nprogram:\n" << program << "\n";
  __builtin_trap();
}

} // namespace

extern "C" size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t maxSize);

/// Mutates the control bytes of the first line, so that the program below
/// stays valid and every input reaches the compiler; one time in eight the
/// whole input, so that the programs change too.
extern "C" size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t maxSize,
                                          unsigned seed) {
  llvm::StringRef input(reinterpret_cast<const char *>(data), size);
  size_t newline = input.find('\n');
  if (seed % 8 == 0 || !input.starts_with("//") || newline == llvm::StringRef::npos)
    return LLVMFuzzerMutate(data, size, maxSize);
  std::string program = input.drop_front(newline).str();
  constexpr size_t kMaxControl = 16;
  uint8_t control[kMaxControl] = {};
  size_t length = std::min(newline - 2, kMaxControl);
  std::memcpy(control, data + 2, length);
  length = LLVMFuzzerMutate(control, length, kMaxControl);
  if (2 + length + program.size() > maxSize)
    return size;
  for (size_t i = 0; i < length; ++i)
    if (control[i] == '\n' || control[i] == '\0')
      control[i] ^= 0x80;
  std::memcpy(data + 2, control, length);
  std::memcpy(data + 2 + length, program.data(), program.size());
  return 2 + length + program.size();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  MLIRContext &ctx = context();
  llvm::StringRef input(reinterpret_cast<const char *>(data), size);
  if (!input.starts_with("//") || input.contains('\0'))
    return 0;
  Control control{input.take_until([](char c) { return c == '\n'; }).drop_front(2)};
  std::string errors;
  llvm::raw_string_ostream errorStream(errors);
  ScopedDiagnosticHandler collect(&ctx, [&](Diagnostic &d) {
    errorStream << d << "\n";
    return success();
  });
  bool changed = false;
  std::string program = packI1HexConstants(mutate(input, control), changed);
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(program, &ctx);
  if (!module)
    return skip("does not parse or verify", errors);
  SmallVector<func::FuncOp> entries = tools::entryPoints(*module, "");
  if (entries.size() != 1 || hasDynamicSignature(entries[0]) ||
      !fitsLimit(entries[0].getArgumentTypes()) || !fitsLimit(entries[0].getResultTypes()))
    return skip("not one entry of small static tensors");
  uint64_t seed = llvm::hash_value(control.bytes);
  FailureOr<SmallVector<interp::Tensor>> arguments =
      tools::randomArgumentsFor(entries[0], seed, 1);
  if (failed(arguments))
    return skip("no random arguments", errors);

  // The interpreter runs the program as written.
  OwningOpRef<ModuleOp> original = module->clone();
  if (failed(decomposeChloBroadcastOps(*original)))
    return 0;
  int64_t length = tools::computationLength(*original);
  std::string entryName = entries[0].getSymName().str();
  std::optional<SmallVector<interp::Tensor>> expected;
  {
    interp::Interpreter interpreter(*original);
    SmallVector<interp::RuntimeValue> values(arguments->begin(), arguments->end());
    FailureOr<SmallVector<interp::RuntimeValue>> results =
        interpreter.run(original->lookupSymbol<func::FuncOp>(entryName), values);
    if (failed(results))
      return skip("the interpreter failed", errors);
    expected.emplace();
    for (interp::RuntimeValue &value : *results) {
      if (!value.isTensor())
        return 0;
      expected->push_back(value.tensor());
    }
  }

  CompileFailure why;
  FailureOr<rt::ModuleMetadata> metadata =
      compileForCPU(*module, entries, "", /*applyCommandLineOptions=*/false, &why);
  if (failed(metadata)) {
    if (why == CompileFailure::Internal)
      reportBug("internal compiler error:\n" + errors, program);
    return skip("does not compile", errors);
  }
  std::vector<RuntimeSymbol> symbols;
  for (auto [name, address] : rt::routineSymbols())
    symbols.emplace_back(name, address);
  std::string error;
  std::unique_ptr<JitModule> jit = JitModule::create(*module, symbols, error);
  if (!jit)
    reportBug("the JIT rejected the module: " + error, program);
  auto function = reinterpret_cast<void (*)(void **)>(
      jit->lookup(rt::kEntryPrefix + entryName, error));
  if (!function)
    reportBug("no compiled entry: " + error, program);
  SmallVector<interp::Tensor> results;
  for (const interp::Tensor &tensor : *expected)
    results.emplace_back(tensor.elementType(), tensor.shape());
  rt::CheckSession session;
  session.checks = &metadata->checks;
  session.customCalls = &metadata->customCalls;
  std::optional<rt::AbandonedCall> abandoned;
  {
    rt::ActiveChecks active(session);
    abandoned = tools::callCompiledEntry(function, *arguments, results);
  }
  // The interpreter ran the program on these inputs: compiled code may not
  // refuse them (an allocation the machine cannot serve excepted).
  if (abandoned && abandoned->reason != rt::AbandonReason::OutOfMemory)
    reportBug("compiled code abandoned a call the interpreter ran", program);
  if (abandoned)
    return skip("compiled code ran out of memory");
  tools::Tolerance tolerance;
  tolerance.length = length;
  for (auto [index, pair] : llvm::enumerate(llvm::zip_equal(results, *expected))) {
    auto &[compiled, reference] = pair;
    interp::CheckResult verdict = tools::compareWithReference(compiled, reference, tolerance);
    if (!verdict.passed)
      reportBug("result #" + std::to_string(index) +
                    " differs from the interpreter's: " + verdict.message,
                program);
  }
  return skip("ran; the results agree");
}
