//===- ModuleABI.cpp - How the runtime calls a compiled module ------------===//

#include "compiler/Target/CPU/ModuleABI.h"
#include "compiler/Conversion/StableHLOToLinalg/TypeConversion.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

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

LogicalResult oxla::addModuleABI(ModuleOp module, rt::ModuleMetadata &metadata) {
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
    // After buffer-results-to-out-params every parameter is a pointer to a
    // memref descriptor: arguments first, then results.
    unsigned count = callee.getNumArguments();
    if (count != entry.arguments.size() + entry.results.size())
      return module.emitError() << target << " takes " << count
                                << " parameters, expected one per argument and result";
    auto wrapperType = LLVM::LLVMFunctionType::get(voidType, {pointer});
    auto wrapper = builder.create<LLVM::LLVMFuncOp>(
        loc, rt::kEntryPrefix + entry.name, wrapperType);
    Block *body = wrapper.addEntryBlock(builder);
    OpBuilder inner = OpBuilder::atBlockBegin(body);
    SmallVector<Value> operands;
    for (unsigned i = 0; i < count; ++i) {
      Value slot = inner.create<LLVM::GEPOp>(
          loc, pointer, pointer, body->getArgument(0),
          ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(i)});
      operands.push_back(inner.create<LLVM::LoadOp>(loc, pointer, slot));
    }
    inner.create<LLVM::CallOp>(loc, callee, operands);
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
