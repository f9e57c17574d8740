//===- PortableArtifact.cpp - Reading StableHLO portable artifacts --------===//

#include "compiler/Dialect/VHLO/Transforms/PortableArtifact.h"

#include "compiler/Dialect/StableHLO/IR/TensorSizes.h"
#include "compiler/Dialect/VHLO/IR/Version.h"
#include "compiler/Import/ForeignDialects.h"
#include "compiler/Import/ONNX/ONNXImport.h"
#include "compiler/Import/SourceScanner.h"
#include "compiler/Dialect/VHLO/Transforms/BytecodeStructure.h"
#include "compiler/Dialect/VHLO/Transforms/Passes.h"
#include "compiler/Sharding/Passes.h"

#include "mlir/Bytecode/BytecodeImplementation.h"
#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <string>

using namespace mlir;

void oxla::vhlo::addPortableArtifactImportPasses(OpPassManager &pm) {
  pm.addPass(createVhloImportUpstream());
  VhloToVersionOptions current;
  current.targetVersionOption = "current";
  pm.addPass(createVhloToVersion(current));
  pm.addPass(createVhloLegalizeToStablehlo());
}

namespace {

/// Real artifacts nest types and attributes a few levels deep (a tensor of
/// complex numbers, an array of dictionaries).
constexpr unsigned kMaxNesting = 256;

/// MLIR 19's bytecode reader follows an attribute or type that refers to
/// itself (directly or through others) until the stack overflows. Every
/// entry with a dialect encoding is read through these callbacks instead,
/// which call the dialect's reader while counting how deep reads nest.
void guardNesting(ParserConfig &config, MLIRContext *context,
                  unsigned &depth) {
  auto readGuarded = [context, &depth](DialectBytecodeReader &reader,
                                       StringRef dialectName,
                                       auto read) -> LogicalResult {
    auto *interface = dyn_cast_or_null<BytecodeDialectInterface>(
        context->getLoadedDialect(dialectName));
    if (!interface)
      return success(); // The reader reports the missing interface.
    if (depth >= kMaxNesting)
      return reader.emitError()
             << "types and attributes nested more than " << kMaxNesting
             << " deep (one refers to itself?)";
    ++depth;
    LogicalResult result = read(*interface);
    --depth;
    return result;
  };
  config.getBytecodeReaderConfig().attachAttributeCallback(
      [readGuarded](DialectBytecodeReader &reader, StringRef dialectName,
                    Attribute &entry) {
        return readGuarded(reader, dialectName,
                           [&](const BytecodeDialectInterface &interface) {
                             entry = interface.readAttribute(reader);
                             return success(entry != nullptr);
                           });
      });
  config.getBytecodeReaderConfig().attachTypeCallback(
      [readGuarded](DialectBytecodeReader &reader, StringRef dialectName,
                    Type &entry) {
        return readGuarded(reader, dialectName,
                           [&](const BytecodeDialectInterface &interface) {
                             entry = interface.readType(reader);
                             return success(entry != nullptr);
                           });
      });
}

/// MLIR 19's verifiers accept an empty symbol name, which then prints as
/// text that does not parse; bytecode can hold one (text cannot).
LogicalResult checkSymbolNames(ModuleOp module) {
  WalkResult walk = module->walk([](Operation *op) {
    if (auto name = op->getAttrOfType<StringAttr>(
            SymbolTable::getSymbolAttrName());
        name && name.empty()) {
      op->emitOpError() << "has an empty symbol name";
      return WalkResult::interrupt();
    }
    WalkResult refs = op->getAttrDictionary().walk([&](SymbolRefAttr ref) {
      bool empty = ref.getRootReference().empty() ||
                   llvm::any_of(ref.getNestedReferences(), [](auto nested) {
                     return nested.getValue().empty();
                   });
      if (!empty)
        return WalkResult::advance();
      op->emitOpError() << "refers to an empty symbol name";
      return WalkResult::interrupt();
    });
    return refs;
  });
  return failure(walk.wasInterrupted());
}

} // namespace

Operation *oxla::vhlo::findExcessiveRegionNesting(Operation *root, unsigned limit) {
  // Each entry: an op and how many regions lie between it and root.
  llvm::SmallVector<std::pair<Operation *, unsigned>> stack{{root, 0}};
  while (!stack.empty()) {
    auto [op, depth] = stack.pop_back_val();
    if (op->getNumRegions() == 0)
      continue;
    if (depth + 1 > limit)
      return op;
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Operation &nested : block)
          stack.push_back({&nested, depth + 1});
  }
  return nullptr;
}

void oxla::vhlo::destroyWithoutRecursion(Operation *root) {
  // Every op in pre-order; erased in reverse, each op's regions are empty
  // by the time it goes, so no destructor recurses.
  llvm::SmallVector<Operation *> order;
  llvm::SmallVector<Operation *> stack{root};
  while (!stack.empty()) {
    Operation *op = stack.pop_back_val();
    order.push_back(op);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Operation &nested : block)
          stack.push_back(&nested);
  }
  for (Operation *op : llvm::reverse(order)) {
    op->dropAllUses();
    op->dropAllReferences();
  }
  for (Operation *op : llvm::reverse(order))
    op->erase();
}

std::optional<std::string>
oxla::vhlo::binaryInputReason(const llvm::MemoryBuffer &buffer) {
  // MLIR text holds no NUL byte.
  llvm::StringRef text = buffer.getBuffer();
  size_t nul = text.find('\0');
  if (nul == llvm::StringRef::npos)
    return std::nullopt;
  return std::string("not MLIR text or a portable artifact: ") +
         (text.starts_with("\x7f"
                           "ELF")
              ? "an ELF file (oxla-run runs the shared libraries oxla-compile writes)"
              : "a binary file (a NUL byte at offset " + std::to_string(nul) + ")");
}

std::optional<oxla::vhlo::NestingError>
oxla::vhlo::findNestingError(const llvm::MemoryBuffer &buffer) {
  llvm::StringRef text = buffer.getBuffer();
  std::optional<size_t> at = findExcessiveNesting(text, kMaxSourceNesting);
  if (!at)
    return std::nullopt;
  llvm::StringRef before = text.take_front(*at);
  size_t lineStart = before.rfind('\n');
  unsigned column = lineStart == llvm::StringRef::npos ? *at + 1 : *at - lineStart;
  return NestingError{unsigned(before.count('\n') + 1), column,
                      "unsupported: types, attributes and regions nested more than " +
                          std::to_string(kMaxSourceNesting) + " brackets deep"};
}

OwningOpRef<ModuleOp>
oxla::vhlo::parseSourceOrArtifact(llvm::SourceMgr &sourceMgr,
                                  MLIRContext *context, SourceFailure *failure) {
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  std::string name = buffer->getBufferIdentifier().str();
  if (failure)
    *failure = SourceFailure::Invalid;
  if (oxla::onnx::isOnnxModel(name, buffer->getBuffer())) {
    oxla::onnx::ImportFailure why = oxla::onnx::ImportFailure::None;
    OwningOpRef<ModuleOp> module =
        oxla::onnx::importModel(buffer->getBuffer(), name, context, &why);
    if (!module && failure && why == oxla::onnx::ImportFailure::Unsupported)
      *failure = SourceFailure::Unsupported;
    // Sizes a model spells (a ConstantOfShape or Expand of 2^62 rows) are
    // checked as those of text are.
    if (module && failed(oxla::stablehlo::verifyTensorSizes(*module)))
      return nullptr;
    return module;
  }
  if (!isBytecode(*buffer)) {
    if (std::optional<std::string> reason = binaryInputReason(*buffer)) {
      emitError(FileLineColLoc::get(context, name, 0, 0)) << *reason;
      return nullptr;
    }
    // MLIR's parser recurses once per nesting level: a text nested deeper
    // than the stack allows is refused before it is parsed.
    if (std::optional<NestingError> nesting = findNestingError(*buffer)) {
      emitError(FileLineColLoc::get(context, name, nesting->line, nesting->column))
          << nesting->message;
      if (failure)
        *failure = SourceFailure::Unsupported;
      return nullptr;
    }
    // Exporters' own dialect attributes are kept as written.
    oxla::registerForeignDialects(*context, buffer->getBuffer());
    OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, context);
    // Shardy's string round-trip form is read into the sdy dialect.
    if (module && (failed(oxla::stablehlo::verifyTensorSizes(*module)) ||
                   failed(importShardingStrings(*module))))
      return nullptr;
    return module;
  }

  Location fileLoc = FileLineColLoc::get(context, name, 0, 0);
  if (std::optional<std::string> reason =
          findUnreadableBytecode(buffer->getBuffer())) {
    emitError(fileLoc) << "corrupt portable artifact: " << *reason;
    return nullptr;
  }
  // LLVM stops the process on allocation failures that a file could still
  // cause; report those as invalid input too, with the reason.
  llvm::ScopedFatalErrorHandler fatalErrors(
      [](void *name, const char *reason, bool) {
        llvm::errs() << *static_cast<std::string *>(name)
                     << ": error: corrupt portable artifact: " << reason
                     << "\n";
        llvm::errs().flush();
        std::_Exit(2);
      },
      &name);
  // Verified below, once its regions are known to nest shallowly enough for
  // the verifier, which recurses per level.
  ParserConfig config(context, /*verifyAfterParse=*/false);
  unsigned depth = 0;
  guardNesting(config, context, depth);
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, config);
  if (module)
    if (Operation *deep = findExcessiveRegionNesting(*module, kMaxRegionNesting)) {
      emitError(fileLoc) << "unsupported: regions nested more than " << kMaxRegionNesting
                         << " deep (at '" << deep->getName() << "')";
      destroyWithoutRecursion(module.release());
      if (failure)
        *failure = SourceFailure::Unsupported;
      return nullptr;
    }
  if (module) {
    // As the reader reports the errors of the verification it runs.
    std::string note = bytecodeProducerNote(buffer->getBuffer());
    ScopedDiagnosticHandler producer(context, [&](Diagnostic &diagnostic) {
      if (diagnostic.getSeverity() == DiagnosticSeverity::Error && !note.empty())
        diagnostic.attachNote() << note;
      return mlir::failure(); // Reported by the handlers below this one.
    });
    if (failed(verify(*module)))
      module = nullptr;
  }

  // vhlo ops have no verifier of their own (the reader checks only that
  // they exist): the stablehlo ops they become are verified at the end.
  PassManager pm(context, ModuleOp::getOperationName());
  addPortableArtifactImportPasses(pm);
  if (module && succeeded(pm.run(*module)) && succeeded(verify(*module)) &&
      succeeded(checkSymbolNames(*module))) {
    if (failed(oxla::stablehlo::verifyTensorSizes(*module)) ||
        failed(importShardingStrings(*module)))
      return nullptr;
    return module;
  }
  // Upstream's wording, which tests match, then the releases oxla reads.
  emitError(fileLoc) << "failed to deserialize portable artifact using "
                        "StableHLO_v"
                     << Version::current().str() << " (oxla reads artifacts of StableHLO "
                     << Version::minimum().str() << " to "
                     << Version::current().str() << ")";
  return nullptr;
}
