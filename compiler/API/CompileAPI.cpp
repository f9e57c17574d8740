//===- CompileAPI.cpp - Executables from StableHLO source -----------------===//
//
// The parts of the C API that need the compiler: oxla_executable_compile
// (the CPU pipeline and the JIT), oxla_executable_interpret (the reference
// interpreter) and oxla_executable_ir. Each executable owns its own
// MLIRContext, so executables compile and run independently.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/VHLO/Transforms/PortableArtifact.h"
#include "compiler/Pipelines/CPUPipeline.h"
#include "compiler/Registration.h"
#include "compiler/Sharding/OneDevice.h"
#include "compiler/Sharding/SpmdEntry.h"
#include "compiler/Import/Passes.h"
#include "compiler/Import/SourceCompat.h"
#include "compiler/Target/CPU/CompileCache.h"
#include "compiler/Target/CPU/CompileTimings.h"
#include "compiler/Target/CPU/JIT.h"
#include "compiler/Target/CPU/ObjectEmitter.h"
#include "compiler/Target/CPU/ModuleABI.h"
#include "compiler/Transforms/Specialize.h"
#include "interpreter/Interpreter.h"
#include "runtime/CheckRoutines.h"
#include "runtime/LoadedModule.h"
#include "runtime/api/Handles.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <dlfcn.h>
#include <map>
#include <mutex>

using namespace mlir;
using namespace oxla;

namespace {

std::unique_ptr<MLIRContext> makeContext() {
  static const bool passesRegistered = [] {
    registerPasses();
    return true;
  }();
  (void)passesRegistered;
  DialectRegistry registry;
  registerDialects(registry);
  auto context = std::make_unique<MLIRContext>(registry, MLIRContext::Threading::DISABLED);
  context->loadAllAvailableDialects();
  context->printOpOnDiagnostic(false);
  return context;
}

/// Collects diagnostics as the tools print them: file:line:col: error: ...
class CapturedDiagnostics {
public:
  CapturedDiagnostics(llvm::SourceMgr &sourceMgr, MLIRContext *context)
      : stream_(text_), handler_(sourceMgr, context, stream_) {}
  std::string take() {
    std::string text = std::move(text_);
    text_.clear();
    while (!text.empty() && text.back() == '\n')
      text.pop_back();
    return text;
  }

private:
  std::string text_;
  llvm::raw_string_ostream stream_;
  SourceMgrDiagnosticHandler handler_;
};

/// A parsed module with the source and diagnostics it came with.
struct ParsedSource {
  std::unique_ptr<MLIRContext> context = makeContext();
  llvm::SourceMgr sourceMgr;
  std::unique_ptr<CapturedDiagnostics> diagnostics;
  OwningOpRef<ModuleOp> module;
  SmallVector<func::FuncOp> entries;
  /// The entries partitioned for the client's devices.
  std::vector<sharding::PartitionedEntry> partitioned;
};

/// Whether `name` is a function partitioning added (over shards, per
/// device): reached through its entry only.
bool isPartitionPart(const ParsedSource &parsed, llvm::StringRef name) {
  return llvm::any_of(parsed.partitioned, [&](const sharding::PartitionedEntry &entry) {
    return entry.shardsName == name || entry.deviceName == name;
  });
}

/// `options->entries`, else a public @main, else every public function.
oxla_status *selectEntries(ParsedSource &parsed, const std::vector<std::string> &names) {
  ModuleOp module = *parsed.module;
  if (!names.empty()) {
    for (const std::string &name : names) {
      auto function = module.lookupSymbol<func::FuncOp>(name);
      if (!function || function.isDeclaration())
        return api::makeStatus(OXLA_NOT_FOUND, "the module has no function @" + name);
      parsed.entries.push_back(function);
    }
    return nullptr;
  }
  auto main = module.lookupSymbol<func::FuncOp>("main");
  if (main && main.isPublic() && !main.isDeclaration()) {
    parsed.entries.push_back(main);
    return nullptr;
  }
  for (auto function : module.getOps<func::FuncOp>())
    if (function.isPublic() && !function.isDeclaration() &&
        !isPartitionPart(parsed, function.getSymName()))
      parsed.entries.push_back(function);
  if (parsed.entries.empty())
    return api::invalidArgument("the module has no public function to run");
  return nullptr;
}

/// After selectEntries: each selected partitioned entry's functions over
/// shards and per device become entries too (run_parallel finds the
/// per-device ones by name); the others are forgotten.
void addPartitionParts(ParsedSource &parsed) {
  std::vector<sharding::PartitionedEntry> selected;
  SmallVector<func::FuncOp> parts;
  for (sharding::PartitionedEntry &entry : parsed.partitioned) {
    if (!llvm::any_of(parsed.entries,
                      [&](func::FuncOp f) { return f.getSymName() == entry.name; }))
      continue;
    for (const std::string &name : {entry.shardsName, entry.deviceName})
      if (auto function = parsed.module->lookupSymbol<func::FuncOp>(name)) {
        function.setPublic();
        parts.push_back(function);
      }
    selected.push_back(std::move(entry));
  }
  llvm::append_range(parsed.entries, parts);
  parsed.partitioned = std::move(selected);
}

/// Parses `source` (text or bytecode), partitions its sharded functions for
/// `devices` devices (for compiled code when `compiled`) and picks the
/// entries.
oxla_status *parse(const std::string &source, const std::string &name,
                   const std::vector<std::string> &entryNames, int32_t devices, bool compiled,
                   std::unique_ptr<ParsedSource> &out) {
  auto parsed = std::make_unique<ParsedSource>();
  parsed->sourceMgr.AddNewSourceBuffer(
      adaptSourceText(llvm::MemoryBuffer::getMemBufferCopy(source, name)),
      llvm::SMLoc());
  parsed->diagnostics =
      std::make_unique<CapturedDiagnostics>(parsed->sourceMgr, parsed->context.get());
  oxla::vhlo::SourceFailure failure;
  parsed->module = oxla::vhlo::parseSourceOrArtifact(parsed->sourceMgr,
                                                     parsed->context.get(), &failure);
  if (!parsed->module)
    return failure == oxla::vhlo::SourceFailure::Unsupported
               ? api::makeStatus(OXLA_UNSUPPORTED, parsed->diagnostics->take())
               : api::invalidArgument(parsed->diagnostics->take());
  if (failed(decodeCustomCalls(*parsed->module)))
    return api::invalidArgument(parsed->diagnostics->take());
  if (devices > 1) {
    if (failed(sharding::runOnDevices(*parsed->module, devices, nullptr,
                                      &parsed->partitioned)))
      return api::makeStatus(OXLA_UNSUPPORTED, parsed->diagnostics->take());
    if (compiled && !parsed->partitioned.empty() &&
        failed(sharding::forCompiledDevices(*parsed->module)))
      return api::makeStatus(OXLA_INTERNAL, parsed->diagnostics->take());
  }
  // A program over more devices than it was partitioned for (none, or a
  // part of the module) cannot run: unsupported, as the tools say.
  if (parsed->partitioned.empty() && failed(sharding::checkRunsOnOneDevice(*parsed->module)))
    return api::makeStatus(OXLA_UNSUPPORTED, parsed->diagnostics->take());
  if (oxla_status *status = selectEntries(*parsed, entryNames))
    return status;
  addPartitionParts(*parsed);
  out = std::move(parsed);
  return nullptr;
}

/// What the C API keeps of the partitioned entries.
std::vector<api::PartitionedEntry> describePartitioned(const ParsedSource &parsed) {
  std::vector<api::PartitionedEntry> described;
  for (const sharding::PartitionedEntry &entry : parsed.partitioned)
    described.push_back({entry.name, entry.shardsName, entry.deviceName,
                         static_cast<int32_t>(entry.devices), entry.argumentShardings,
                         entry.resultShardings});
  return described;
}

struct SourceOptions {
  std::string source, name = "<input>";
  std::vector<std::string> entries;
  /// The client's devices.
  int32_t devices = 1;
};

oxla_status *readOptions(oxla_client *client, const char *source, size_t size,
                         const oxla_compile_options *options, oxla_executable **out,
                         SourceOptions &read) {
  if (!out)
    return api::invalidArgument("the out pointer is null");
  *out = nullptr;
  if (!client)
    return api::invalidArgument("the client is null");
  if (!source)
    return api::invalidArgument("the source is null");
  read.source.assign(source, size);
  read.devices = client->devices;
  if (!options)
    return nullptr;
  if (options->source_name)
    read.name = options->source_name;
  if (options->num_entries > 0 && !options->entries)
    return api::invalidArgument("entries is null for num_entries " +
                                std::to_string(options->num_entries));
  for (size_t i = 0; i < options->num_entries; ++i) {
    if (!options->entries[i])
      return api::invalidArgument("entry name #" + std::to_string(i) + " is null");
    read.entries.push_back(options->entries[i]);
  }
  return nullptr;
}

/// The checks and parsing both entry points start with.
oxla_status *readAndParse(oxla_client *client, const char *source, size_t size,
                          const oxla_compile_options *options, oxla_executable **out,
                          bool compiled, SourceOptions &read,
                          std::unique_ptr<ParsedSource> &parsed) {
  if (oxla_status *status = readOptions(client, source, size, options, out, read))
    return status;
  return parse(read.source, read.name, read.entries, read.devices, compiled, parsed);
}

/// Runs the CPU pipeline on `parsed`, up to `lastPhase` (all when empty).
oxla_status *lower(ParsedSource &parsed, llvm::StringRef lastPhase,
                   rt::ModuleMetadata &metadata, CompileTimings *timings = nullptr) {
  CompileFailure why;
  FailureOr<rt::ModuleMetadata> described =
      compileForCPU(*parsed.module, parsed.entries, lastPhase,
                    /*applyCommandLineOptions=*/false, &why, timings);
  if (failed(described)) {
    std::string message = parsed.diagnostics->take();
    oxla_status_code code = why == CompileFailure::Unsupported ? OXLA_UNSUPPORTED
                            : why == CompileFailure::Invalid   ? OXLA_INVALID_ARGUMENT
                                                               : OXLA_INTERNAL;
    return api::makeStatus(code, message.empty() ? "the CPU pipeline failed" : message);
  }
  metadata = std::move(*described);
  return nullptr;
}

/// The argument shapes of an invocation.
SmallVector<ArrayRef<int64_t>> shapesOf(oxla_buffer *const *arguments, size_t count) {
  SmallVector<ArrayRef<int64_t>> shapes;
  for (size_t i = 0; i < count; ++i)
    shapes.push_back(arguments[i]->dims);
  return shapes;
}

/// Code compiled from source (by the JIT, or loaded from the compile
/// cache), which keeps its source for oxla_executable_ir and the times of
/// its compilation for oxla_executable_compile_timings.
class JitCode : public api::CompiledCode {
public:
  JitCode(rt::ModuleMetadata metadata, std::vector<rt::EntryFunction> entries,
          std::shared_ptr<void> code, SourceOptions source, std::string timings)
      : CompiledCode(std::move(metadata), std::move(entries), std::move(code)),
        source_(std::move(source)), timings_(std::move(timings)) {
    for (const rt::EntryMetadata &entry : this->metadata().entries)
      dynamic_.push_back(llvm::any_of(entry.arguments, [](const std::string &spec) {
        return llvm::StringRef(spec).contains('?');
      }));
  }

  /// Code compiled for `?` sizes trusts them to agree with each other as the
  /// program needs: each new combination of argument shapes is checked
  /// against the program first (checkArgumentShapes), once.
  oxla_status *run(oxla_client *client, size_t index, oxla_buffer *const *arguments,
                   const uint8_t *donate, oxla_buffer **results) override {
    if (dynamic_[index]) {
      size_t count = metadata().entries[index].arguments.size();
      std::vector<int64_t> key{static_cast<int64_t>(index)};
      for (size_t i = 0; i < count; ++i) {
        key.push_back(static_cast<int64_t>(arguments[i]->dims.size()));
        llvm::append_range(key, arguments[i]->dims);
      }
      std::lock_guard<std::mutex> lock(shapesMutex_);
      auto [verdict, isNew] = verdicts_.try_emplace(std::move(key));
      if (isNew) {
        std::unique_ptr<ParsedSource> parsed;
        if (oxla_status *status =
                parse(source_.source, source_.name, source_.entries, source_.devices,
                      /*compiled=*/true, parsed))
          return status;
        if (failed(checkArgumentShapes(parsed->entries[index], shapesOf(arguments, count)))) {
          verdict->second = parsed->diagnostics->take();
          if (verdict->second.empty())
            verdict->second = "the argument shapes contradict the program";
        }
      }
      if (!verdict->second.empty())
        return api::invalidArgument(verdict->second);
    }
    return CompiledCode::run(client, index, arguments, donate, results);
  }

  oxla_status *ir(const std::string &stage, std::string &text) override {
    std::string known = "stablehlo";
    bool isPhase = stage == "stablehlo";
    for (const PipelinePhase &phase : cpuPipelinePhases()) {
      known += ", " + phase.name.str();
      isPhase |= phase.name == stage;
    }
    if (!isPhase)
      return api::invalidArgument("unknown stage '" + stage + "' (known: " + known + ")");
    std::unique_ptr<ParsedSource> parsed;
    if (oxla_status *status = parse(source_.source, source_.name, source_.entries, source_.devices,
                      /*compiled=*/true, parsed))
      return status;
    if (stage != "stablehlo") {
      rt::ModuleMetadata unused;
      if (oxla_status *status = lower(*parsed, stage, unused))
        return status;
    }
    std::string printed;
    llvm::raw_string_ostream os(printed);
    parsed->module->print(os);
    text = unpackI1HexConstants(printed);
    return nullptr;
  }

  const std::string &timings() const { return timings_; }

private:
  SourceOptions source_;
  std::string timings_;
  /// Per entry: whether an argument has a `?` size.
  std::vector<bool> dynamic_;
  /// Per entry and argument shapes: "" where they agree with the program,
  /// else the errors.
  std::mutex shapesMutex_;
  std::map<std::vector<int64_t>, std::string> verdicts_;
};

/// A module loaded from the compile cache resolves the runtime routines it
/// calls in the global scope, as oxla_executable_load's do: a process that
/// loaded liboxla privately (Python) promotes it first.
void makeRuntimeSymbolsGlobal() {
  static const bool done = [] {
    Dl_info info;
    if (dladdr(reinterpret_cast<void *>(&oxla_executable_compile), &info) && info.dli_fname)
      dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_GLOBAL);
    return true;
  }();
  (void)done;
}

std::vector<RuntimeSymbol> runtimeSymbols() {
  std::vector<RuntimeSymbol> symbols;
  for (auto [name, address] : rt::routineSymbols())
    symbols.emplace_back(name, address);
  return symbols;
}

//===- the interpreter ------------------------------------------------------===//

std::optional<oxla_element_type> apiTypeOf(interp::ElementKind kind) {
  using K = interp::ElementKind;
  switch (kind) {
  case K::I1: return OXLA_BOOL;
  case K::SI8: return OXLA_S8;
  case K::SI16: return OXLA_S16;
  case K::SI32: return OXLA_S32;
  case K::SI64: return OXLA_S64;
  case K::UI8: return OXLA_U8;
  case K::UI16: return OXLA_U16;
  case K::UI32: return OXLA_U32;
  case K::UI64: return OXLA_U64;
  case K::F16: return OXLA_F16;
  case K::BF16: return OXLA_BF16;
  case K::F32: return OXLA_F32;
  case K::F64: return OXLA_F64;
  case K::C64: return OXLA_C64;
  case K::C128: return OXLA_C128;
  default: return std::nullopt;
  }
}

interp::ElementKind interpreterKindOf(oxla_element_type type) {
  using K = interp::ElementKind;
  switch (type) {
  case OXLA_BOOL: return K::I1;
  case OXLA_S8: return K::SI8;
  case OXLA_S16: return K::SI16;
  case OXLA_S32: return K::SI32;
  case OXLA_S64: return K::SI64;
  case OXLA_U8: return K::UI8;
  case OXLA_U16: return K::UI16;
  case OXLA_U32: return K::UI32;
  case OXLA_U64: return K::UI64;
  case OXLA_F16: return K::F16;
  case OXLA_BF16: return K::BF16;
  case OXLA_F32: return K::F32;
  case OXLA_F64: return K::F64;
  case OXLA_C64: return K::C64;
  case OXLA_C128: return K::C128;
  case OXLA_ELEMENT_TYPE_MAX_ENUM: break;
  }
  return K::F32;
}

/// Functions run by the reference interpreter. It holds values in the
/// same layout as buffers (interpreter/ElementType.h) for every element
/// type the API has, so conversion is a copy.
class InterpretedCode : public api::ExecutableCode {
public:
  InterpretedCode(std::unique_ptr<ParsedSource> parsed, rt::ModuleMetadata metadata)
      : parsed_(std::move(parsed)), metadata_(std::move(metadata)) {}

  const rt::ModuleMetadata &metadata() const override { return metadata_; }

  oxla_status *run(oxla_client *, size_t index, oxla_buffer *const *arguments,
                   const uint8_t *, oxla_buffer **results) override {
    // One run at a time: the diagnostics of a run are its own.
    std::lock_guard<std::mutex> lock(mutex_);
    func::FuncOp function = parsed_->entries[index];
    size_t count = metadata_.entries[index].arguments.size();
    if (failed(checkArgumentShapes(function, shapesOf(arguments, count)))) {
      std::string message = parsed_->diagnostics->take();
      return api::invalidArgument(message.empty() ? "the argument shapes contradict the program"
                                                  : message);
    }
    SmallVector<interp::RuntimeValue> values;
    for (size_t i = 0; i < metadata_.entries[index].arguments.size(); ++i) {
      const oxla_buffer *buffer = arguments[i];
      interp::Tensor tensor(interpreterKindOf(buffer->type), buffer->dims);
      if (buffer->size > 0)
        std::memcpy(tensor.bytes(), buffer->data, buffer->size);
      values.push_back(std::move(tensor));
    }
    interp::Interpreter interpreter(*parsed_->module);
    FailureOr<SmallVector<interp::RuntimeValue>> produced =
        interpreter.run(function, values);
    std::string message = parsed_->diagnostics->take();
    switch (interpreter.outcome()) {
    case interp::Outcome::Ok:
      break;
    case interp::Outcome::CheckFailed:
      return api::makeStatus(OXLA_CHECK_FAILED, message);
    case interp::Outcome::Invalid:
      return api::invalidArgument(message);
    case interp::Outcome::Unsupported:
      return api::makeStatus(OXLA_UNSUPPORTED, message);
    case interp::Outcome::OutOfMemory:
      return api::makeStatus(OXLA_OUT_OF_MEMORY, message);
    }
    if (failed(produced))
      return api::invalidArgument(message.empty() ? "the interpreter failed" : message);
    if (produced->size() != metadata_.entries[index].results.size())
      return api::makeStatus(OXLA_INTERNAL, "@" + function.getSymName().str() + " produced " +
                                                std::to_string(produced->size()) +
                                                " results");
    for (auto [i, value] : llvm::enumerate(*produced)) {
      std::optional<oxla_element_type> type =
          value.isTensor() ? apiTypeOf(value.tensor().elementType().kind()) : std::nullopt;
      if (!type) {
        for (size_t j = 0; j < i; ++j)
          api::release(results[j]);
        return api::makeStatus(OXLA_UNSUPPORTED,
                               "@" + function.getSymName().str() + " result #" +
                                   std::to_string(i) +
                                   " is not a tensor of an element type the C API has");
      }
      const interp::Tensor &tensor = value.tensor();
      oxla_buffer *buffer = api::allocateBuffer(*type, tensor.shape(), false);
      if (!buffer) {
        for (size_t j = 0; j < i; ++j)
          api::release(results[j]);
        return api::outOfMemory(*type, tensor.shape());
      }
      if (buffer->size > 0)
        std::memcpy(buffer->data, tensor.bytes(), buffer->size);
      results[i] = buffer;
    }
    return nullptr;
  }

private:
  std::mutex mutex_;
  std::unique_ptr<ParsedSource> parsed_;
  rt::ModuleMetadata metadata_;
};

} // namespace

extern "C" {

oxla_status *oxla_executable_compile(oxla_client *client, const char *source, size_t size,
                                     const oxla_compile_options *options,
                                     oxla_executable **out) {
  CompileTimings timings;
  CompileTimings::Scope parsing(&timings, "parse");
  SourceOptions read;
  std::unique_ptr<ParsedSource> parsed;
  if (oxla_status *status =
          readAndParse(client, source, size, options, out, /*compiled=*/true, read, parsed))
    return status;
  parsing.stop();
  std::vector<api::PartitionedEntry> partitioned = describePartitioned(*parsed);

  // The entries of compiled code, which `code` keeps alive.
  auto finish = [&](const rt::ModuleMetadata &metadata, std::shared_ptr<void> code,
                    llvm::function_ref<void *(const std::string &, std::string &)> lookup)
      -> oxla_status * {
    std::vector<rt::EntryFunction> entries;
    std::string error;
    for (const rt::EntryMetadata &entry : metadata.entries) {
      void *address = lookup(entry.name, error);
      if (!address)
        return api::makeStatus(OXLA_INTERNAL, "no entry function for @" + entry.name +
                                                  (error.empty() ? "" : ": " + error));
      entries.push_back(reinterpret_cast<rt::EntryFunction>(address));
    }
    auto jit = std::make_unique<JitCode>(metadata, std::move(entries), std::move(code),
                                         std::move(read), timings.text());
    jit->partitioned = partitioned;
    return api::makeExecutable(client, std::move(jit), out);
  };
  auto loaded = [&](std::shared_ptr<rt::LoadedModule> module) {
    makeRuntimeSymbolsGlobal();
    rt::ModuleMetadata metadata = module->metadata();
    return finish(metadata, module, [&](const std::string &name, std::string &) {
      return reinterpret_cast<void *>(module->entry(name));
    });
  };

  // A program compiled before is loaded from the compile cache
  // (CompileCache.h); a new one is compiled into it.
  std::optional<CompileCache> cache;
  if (!compilesWithInjectedFaults())
    cache = CompileCache::fromEnvironment();
  std::string key, error;
  if (cache) {
    CompileTimings::Scope lookingUp(&timings, "compile cache: key and lookup");
    key = CompileCache::key({"oxla_executable_compile", read.source, read.name,
                             llvm::join(read.entries, ","),
                             CompileCache::environmentVariables(),
                             "devices=" + std::to_string(read.devices)});
    std::optional<std::string> path = cache->lookup(key);
    lookingUp.stop();
    if (path) {
      CompileTimings::Scope loading(&timings, "compile cache hit: load");
      std::shared_ptr<rt::LoadedModule> module = rt::LoadedModule::open(*path, error);
      loading.stop();
      if (module)
        return loaded(std::move(module));
    }
  }

  rt::ModuleMetadata metadata;
  if (oxla_status *status = lower(*parsed, "", metadata, &timings))
    return status;

  if (cache) {
    std::string written = cache->temporaryPath(key);
    std::optional<std::string> path;
    if (succeeded(writeSharedLibrary(*parsed->module, "host", written, error, nullptr, 0,
                                     &timings))) {
      CompileTimings::Scope inserting(&timings, "compile cache: insert");
      path = cache->insert(key, written, error);
    }
    if (path) {
      CompileTimings::Scope loading(&timings, "load");
      std::shared_ptr<rt::LoadedModule> module = rt::LoadedModule::open(*path, error);
      loading.stop();
      if (module)
        return loaded(std::move(module));
    }
    // The program still runs, with the JIT.
    llvm::sys::fs::remove(written);
  }

  std::shared_ptr<JitModule> jit =
      JitModule::create(*parsed->module, runtimeSymbols(), error, &timings);
  if (!jit)
    return api::makeStatus(OXLA_INTERNAL, "internal error: the LLVM JIT rejected the "
                                          "module (" + error + ") on a valid program; "
                                          "this is a bug in oxla");
  return finish(metadata, jit, [&](const std::string &name, std::string &lookupError) {
    return jit->lookup(rt::kEntryPrefix + name, lookupError);
  });
}

oxla_status *oxla_executable_compile_timings(oxla_executable *executable, const char **out) {
  if (!out)
    return api::invalidArgument("the out pointer is null");
  *out = nullptr;
  if (!executable)
    return api::invalidArgument("the executable is null");
  auto *code = dynamic_cast<JitCode *>(executable->code.get());
  *out = code ? code->timings().c_str() : "";
  return nullptr;
}

oxla_status *oxla_executable_interpret(oxla_client *client, const char *source, size_t size,
                                       const oxla_compile_options *options,
                                       oxla_executable **out) {
  SourceOptions read;
  std::unique_ptr<ParsedSource> parsed;
  if (oxla_status *status =
          readAndParse(client, source, size, options, out, /*compiled=*/false, read, parsed))
    return status;
  FailureOr<rt::ModuleMetadata> metadata = describeEntries(parsed->entries);
  if (failed(metadata))
    return api::makeStatus(OXLA_UNSUPPORTED, parsed->diagnostics->take());
  std::vector<api::PartitionedEntry> partitioned = describePartitioned(*parsed);
  auto code = std::make_unique<InterpretedCode>(std::move(parsed), std::move(*metadata));
  code->partitioned = std::move(partitioned);
  return api::makeExecutable(client, std::move(code), out);
}

} // extern "C"
