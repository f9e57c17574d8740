//===- ModuleABI.cpp - How the runtime calls a compiled module ------------===//

#include "compiler/Target/CPU/ModuleABI.h"
#include "compiler/Conversion/StableHLOToLinalg/TypeConversion.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"

using namespace mlir;

FailureOr<oxla::rt::ModuleMetadata>
oxla::describeEntries(ArrayRef<func::FuncOp> entries) {
  rt::ModuleMetadata metadata;
  for (func::FuncOp entry : entries) {
    rt::EntryMetadata described;
    described.name = entry.getSymName().str();
    FunctionType type = entry.getFunctionType();
    for (auto [types, out] : {std::pair{type.getInputs(), &described.arguments},
                              std::pair{type.getResults(), &described.results}})
      for (Type t : types) {
        std::optional<std::string> spec = tensorTypeSpec(t);
        if (!spec) {
          entry.emitError() << "unsupported: an entry point takes and returns "
                               "ranked tensors only, not "
                            << t;
          return failure();
        }
        out->push_back(*spec);
      }
    metadata.entries.push_back(std::move(described));
  }
  return metadata;
}

/// Argument and result attributes that exporters write (jax.result_info,
/// mhlo.layout_mode, tt-mlir's ttcore.*) describe the program for their own
/// tools; compiled code has no use for them, and LLVM's translation warns
/// about each one of a dialect it knows.
static void dropExporterMetadata(func::FuncOp entry) {
  auto isCodegenAttr = [](NamedAttribute attr) {
    StringRef name = attr.getName().strref();
    return name.starts_with("llvm.") || name.starts_with("bufferization.");
  };
  auto filtered = [&](ArrayRef<DictionaryAttr> all) {
    SmallVector<DictionaryAttr> kept;
    for (DictionaryAttr attrs : all) {
      SmallVector<NamedAttribute> keep;
      if (attrs)
        llvm::copy_if(attrs.getValue(), std::back_inserter(keep), isCodegenAttr);
      kept.push_back(DictionaryAttr::get(entry.getContext(), keep));
    }
    return kept;
  };
  SmallVector<DictionaryAttr> args, results;
  entry.getAllArgAttrs(args);
  entry.getAllResultAttrs(results);
  entry.setAllArgAttrs(filtered(args));
  entry.setAllResultAttrs(filtered(results));
}

void oxla::exposeEntries(ArrayRef<func::FuncOp> entries) {
  for (func::FuncOp entry : entries) {
    MLIRContext *context = entry.getContext();
    dropExporterMetadata(entry);
    entry->setAttr("llvm.emit_c_interface", UnitAttr::get(context));
    // The caller's argument buffers are read-only: an op that updates a
    // tensor in place (scatter, dynamic_update_slice) works on a copy.
    for (unsigned i = 0; i < entry.getNumArguments(); ++i)
      entry.setArgAttr(i, "bufferization.writable", BoolAttr::get(context, false));
  }
}

/// Copies the buffer plans oxla-plan-buffers recorded on `module` into the
/// entries' metadata; returns the arena's bytes by entry name.
static llvm::StringMap<uint64_t> readMemoryPlans(ModuleOp module,
                                                 oxla::rt::ModuleMetadata &metadata) {
  llvm::StringMap<uint64_t> arenas;
  auto plans = module->getAttrOfType<ArrayAttr>("oxla.memory_plans");
  if (!plans)
    return arenas;
  llvm::StringMap<DictionaryAttr> byName;
  for (Attribute plan : plans) {
    auto dict = cast<DictionaryAttr>(plan);
    byName[dict.getAs<StringAttr>("entry").getValue()] = dict;
  }
  auto integer = [](DictionaryAttr dict, StringRef name) -> uint64_t {
    return dict.getAs<IntegerAttr>(name).getInt();
  };
  for (oxla::rt::EntryMetadata &entry : metadata.entries) {
    DictionaryAttr dict = byName.lookup(entry.name);
    if (!dict)
      continue;
    oxla::rt::EntryMemoryPlan &plan = entry.memory;
    plan.known = true;
    plan.arenaBytes = integer(dict, "arena");
    plan.livePeakBytes = integer(dict, "live_peak");
    plan.planned = integer(dict, "planned");
    plan.unplanned = integer(dict, "unplanned");
    plan.unplannedBytes = integer(dict, "unplanned_bytes");
    plan.dynamic = integer(dict, "dynamic");
    for (Attribute buffer : dict.getAs<ArrayAttr>("at_peak")) {
      auto description = cast<DictionaryAttr>(buffer);
      plan.atPeak.push_back({integer(description, "bytes"), integer(description, "offset"),
                             description.getAs<StringAttr>("type").str(),
                             description.getAs<StringAttr>("location").str()});
    }
    arenas[entry.name] = plan.arenaBytes;
  }
  return arenas;
}

/// Copies the donations oxla-reuse-donated-arguments recorded on `module`
/// into the entries' metadata.
static void readDonations(ModuleOp module, oxla::rt::ModuleMetadata &metadata) {
  auto records = module->getAttrOfType<ArrayAttr>("oxla.donations");
  if (!records)
    return;
  for (Attribute record : records) {
    auto dict = cast<DictionaryAttr>(record);
    StringRef name = dict.getAs<StringAttr>("entry").getValue();
    for (oxla::rt::EntryMetadata &entry : metadata.entries)
      if (entry.name == name)
        entry.donations.push_back(
            {static_cast<uint64_t>(dict.getAs<IntegerAttr>("argument").getInt()),
             static_cast<uint64_t>(dict.getAs<IntegerAttr>("result").getInt()),
             dict.getAs<BoolAttr>("copied").getValue()});
  }
}

/// The declaration of the runtime routine `name`, added once.
static LLVM::LLVMFuncOp runtimeRoutine(ModuleOp module, OpBuilder &builder, StringRef name,
                                       LLVM::LLVMFunctionType type) {
  if (auto existing = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
    return existing;
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(module.getBody());
  return builder.create<LLVM::LLVMFuncOp>(module.getLoc(), name, type);
}

LogicalResult oxla::addModuleABI(ModuleOp module, rt::ModuleMetadata &metadata) {
  llvm::StringMap<uint64_t> arenas = readMemoryPlans(module, metadata);
  readDonations(module, metadata);
  if (auto table = module->getAttrOfType<ArrayAttr>("oxla.checks")) {
    for (Attribute entry : table) {
      auto dict = cast<DictionaryAttr>(entry);
      rt::CheckDescription check;
      check.kind = dict.getAs<StringAttr>("kind").str();
      check.op = dict.getAs<StringAttr>("op").str();
      check.location = dict.getAs<StringAttr>("location").str();
      check.maxUlp = dict.getAs<IntegerAttr>("max_ulp").getInt();
      check.minUlp = dict.getAs<IntegerAttr>("min_ulp").getInt();
      check.tolerance = dict.getAs<FloatAttr>("tolerance").getValueAsDouble();
      if (auto probeId = dict.getAs<StringAttr>("probe_id")) {
        check.probeId = probeId.str();
        check.iteration = dict.getAs<IntegerAttr>("iteration").getInt();
      }
      if (auto message = dict.getAs<StringAttr>("message"))
        check.message = message.str();
      metadata.checks.push_back(std::move(check));
    }
  }
  if (auto table = module->getAttrOfType<ArrayAttr>("oxla.custom_calls")) {
    for (Attribute entry : table) {
      auto dict = cast<DictionaryAttr>(entry);
      rt::CustomCallDescription call;
      call.target = dict.getAs<StringAttr>("target").str();
      for (Attribute type : dict.getAs<ArrayAttr>("operands"))
        call.operands.push_back(cast<StringAttr>(type).str());
      for (Attribute type : dict.getAs<ArrayAttr>("results"))
        call.results.push_back(cast<StringAttr>(type).str());
      call.backendConfig = dict.getAs<StringAttr>("backend_config").str();
      if (auto attributes = dict.getAs<StringAttr>("attributes"))
        call.attributes = attributes.str();
      metadata.customCalls.push_back(std::move(call));
    }
  }

  MLIRContext *context = module.getContext();
  OpBuilder builder(context);
  builder.setInsertionPointToEnd(module.getBody());
  Location loc = module.getLoc();
  auto pointer = LLVM::LLVMPointerType::get(context);
  auto voidType = LLVM::LLVMVoidType::get(context);

  for (const rt::EntryMetadata &entry : metadata.entries) {
    std::string target = "_mlir_ciface_" + entry.name;
    auto callee = module.lookupSymbol<LLVM::LLVMFuncOp>(target);
    if (!callee)
      return module.emitError() << "the lowered module lacks " << target;
    // The C interface wrapper only unpacks one descriptor per parameter
    // into the entry's hundreds of scalar parameters, once per call: it is
    // compiled without optimization. Optimized, LLVM's post-RA scheduler
    // took 0.5 s on that one block for a transformer whose weights are
    // arguments (searchless_chess_9m, 95 parameters), and the inliner
    // copied the entry's body into it.
    SmallVector<Attribute> passthrough;
    if (ArrayAttr existing = callee.getPassthroughAttr())
      passthrough.assign(existing.begin(), existing.end());
    for (llvm::StringRef flag : {"noinline", "optnone"})
      if (!llvm::any_of(passthrough, [&](Attribute a) {
            auto name = dyn_cast<StringAttr>(a);
            return name && name.getValue() == flag;
          }))
        passthrough.push_back(StringAttr::get(context, flag));
    callee.setPassthroughAttr(ArrayAttr::get(context, passthrough));
    // After buffer-results-to-out-params every parameter is a pointer to a
    // memref descriptor: arguments first, then results, then the arena of
    // the planned temporaries (oxla-allocate-from-arena) when there is one.
    unsigned count = callee.getNumArguments();
    unsigned buffers = entry.arguments.size() + entry.results.size();
    uint64_t arenaBytes = arenas.lookup(entry.name);
    bool takesArena = arenaBytes > 0 && count == buffers + 1;
    if (count != buffers && !takesArena)
      return module.emitError() << target << " takes " << count
                                << " parameters, expected one per argument and result";
    auto wrapperType = LLVM::LLVMFunctionType::get(voidType, {pointer});
    auto wrapper = builder.create<LLVM::LLVMFuncOp>(
        loc, rt::kEntryPrefix + entry.name, wrapperType);
    Block *body = wrapper.addEntryBlock(builder);
    OpBuilder inner = OpBuilder::atBlockBegin(body);
    SmallVector<Value> operands;
    for (unsigned i = 0; i < buffers; ++i) {
      Value slot = inner.create<LLVM::GEPOp>(
          loc, pointer, pointer, body->getArgument(0),
          ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(i)});
      operands.push_back(inner.create<LLVM::LoadOp>(loc, pointer, slot));
    }
    // The arena: a descriptor {allocated, aligned, offset 0, size, stride 1}
    // of the runtime's memory for this call.
    Value arena;
    if (takesArena) {
      auto i64 = IntegerType::get(context, 64);
      auto acquire = runtimeRoutine(module, builder, "oxla_arena_acquire",
                                    LLVM::LLVMFunctionType::get(pointer, {i64}));
      Value bytes = inner.create<LLVM::ConstantOp>(loc, i64, arenaBytes);
      arena = inner.create<LLVM::CallOp>(loc, acquire, ValueRange{bytes}).getResult();
      auto array = LLVM::LLVMArrayType::get(i64, 1);
      auto descriptorType =
          LLVM::LLVMStructType::getLiteral(context, {pointer, pointer, i64, array, array});
      Value descriptor = inner.create<LLVM::UndefOp>(loc, descriptorType);
      Value zero = inner.create<LLVM::ConstantOp>(loc, i64, 0);
      Value one = inner.create<LLVM::ConstantOp>(loc, i64, 1);
      descriptor = inner.create<LLVM::InsertValueOp>(loc, descriptor, arena, 0);
      descriptor = inner.create<LLVM::InsertValueOp>(loc, descriptor, arena, 1);
      descriptor = inner.create<LLVM::InsertValueOp>(loc, descriptor, zero, 2);
      descriptor = inner.create<LLVM::InsertValueOp>(loc, descriptor, bytes,
                                                     ArrayRef<int64_t>{3, 0});
      descriptor = inner.create<LLVM::InsertValueOp>(loc, descriptor, one,
                                                     ArrayRef<int64_t>{4, 0});
      Value slot = inner.create<LLVM::AllocaOp>(loc, pointer, descriptorType, one);
      inner.create<LLVM::StoreOp>(loc, descriptor, slot);
      operands.push_back(slot);
    }
    inner.create<LLVM::CallOp>(loc, callee, operands);
    if (takesArena) {
      auto release = runtimeRoutine(module, builder, "oxla_arena_release",
                                    LLVM::LLVMFunctionType::get(voidType, {pointer}));
      inner.create<LLVM::CallOp>(loc, release, ValueRange{arena});
    }
    inner.create<LLVM::ReturnOp>(loc, ValueRange{});
  }

  std::string text = metadata.serialize();
  text.push_back('\0');
  auto arrayType = LLVM::LLVMArrayType::get(IntegerType::get(context, 8), text.size());
  builder.create<LLVM::GlobalOp>(loc, arrayType, /*isConstant=*/true,
                                 LLVM::Linkage::External, rt::kMetadataSymbol,
                                 builder.getStringAttr(text));
  // The loader checks the text against the digest the code was compiled
  // with (rt::metadataDigest).
  auto i64 = IntegerType::get(context, 64);
  builder.create<LLVM::GlobalOp>(
      loc, i64, /*isConstant=*/true, LLVM::Linkage::External, rt::kMetadataDigestSymbol,
      builder.getIntegerAttr(i64, int64_t(rt::metadataDigest(text.c_str()))));
  return success();
}
