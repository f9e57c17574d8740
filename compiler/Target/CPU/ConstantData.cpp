//===- ConstantData.cpp - Large constants as data, not LLVM constants ----===//

#include "compiler/Target/CPU/ConstantData.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <string>

namespace oxla {
namespace {

/// The scalar every element of the array `constant` equals, or null.
llvm::Constant *splatValue(llvm::Constant *constant) {
  if (auto *data = llvm::dyn_cast<llvm::ConstantDataArray>(constant)) {
    llvm::StringRef raw = data->getRawDataValues();
    uint64_t size = data->getElementByteSize();
    if (data->getNumElements() == 0 || size == 0)
      return nullptr;
    for (uint64_t offset = size; offset < raw.size(); offset += size)
      if (raw.substr(offset, size) != raw.substr(0, size))
        return nullptr;
    return data->getElementAsConstant(0);
  }
  if (llvm::isa<llvm::ConstantAggregateZero>(constant)) {
    llvm::Type *type = constant->getType();
    while (auto *array = llvm::dyn_cast<llvm::ArrayType>(type))
      type = array->getElementType();
    if (!type->isIntegerTy() && !type->isFloatingPointTy())
      return nullptr;
    return llvm::Constant::getNullValue(type);
  }
  auto *array = llvm::dyn_cast<llvm::ConstantArray>(constant);
  if (!array || array->getNumOperands() == 0)
    return nullptr;
  // Equal constants are one object (LLVM uniques them).
  llvm::Constant *value = splatValue(array->getOperand(0));
  for (unsigned i = 1, e = array->getNumOperands(); value && i < e; ++i)
    if (array->getOperand(i) != array->getOperand(0) &&
        splatValue(array->getOperand(i)) != value)
      return nullptr;
  return value;
}

/// Appends the bytes of the array `constant` as it lies in memory; false
/// where it holds anything but integers and floats without padding.
bool appendBytes(llvm::Constant *constant, const llvm::DataLayout &layout,
                 std::string &bytes) {
  if (auto *data = llvm::dyn_cast<llvm::ConstantDataArray>(constant)) {
    llvm::Type *element = data->getElementType();
    if (layout.getTypeStoreSize(element) != layout.getTypeAllocSize(element))
      return false;
    llvm::StringRef raw = data->getRawDataValues();
    bytes.append(raw.data(), raw.size());
    return true;
  }
  if (llvm::isa<llvm::ConstantAggregateZero>(constant)) {
    bytes.append(layout.getTypeAllocSize(constant->getType()), '\0');
    return true;
  }
  auto *array = llvm::dyn_cast<llvm::ConstantArray>(constant);
  if (!array)
    return false;
  for (llvm::Value *operand : array->operands())
    if (!appendBytes(llvm::cast<llvm::Constant>(operand), layout, bytes))
      return false;
  return true;
}

/// Replaces `global` by a global of `initializer`'s type, with its name,
/// linkage, visibility and alignment.
llvm::GlobalVariable *replaceGlobal(llvm::GlobalVariable *global, llvm::Constant *initializer,
                                    bool isConstant) {
  llvm::Module &module = *global->getParent();
  llvm::Align align = module.getDataLayout().getPreferredAlign(global);
  auto *replacement = new llvm::GlobalVariable(
      module, initializer->getType(), isConstant, global->getLinkage(), initializer, "",
      global, global->getThreadLocalMode(), global->getAddressSpace());
  replacement->copyAttributesFrom(global);
  replacement->setAlignment(align);
  replacement->takeName(global);
  global->replaceAllUsesWith(replacement);
  global->eraseFromParent();
  return replacement;
}

/// `void fill(ptr p, i64 done, i64 total)`: repeats the first `done` bytes
/// at `p` up to `total` bytes, doubling what is filled with each memcpy.
llvm::Function *createFill(llvm::Module &module) {
  llvm::LLVMContext &context = module.getContext();
  llvm::Type *i64 = llvm::Type::getInt64Ty(context);
  llvm::Type *ptr = llvm::PointerType::get(context, 0);
  auto *fill = llvm::Function::Create(
      llvm::FunctionType::get(llvm::Type::getVoidTy(context), {ptr, i64, i64}, false),
      llvm::GlobalValue::InternalLinkage, "__oxla_fill_splat", module);
  auto *entry = llvm::BasicBlock::Create(context, "entry", fill);
  auto *loop = llvm::BasicBlock::Create(context, "loop", fill);
  auto *body = llvm::BasicBlock::Create(context, "body", fill);
  auto *exit = llvm::BasicBlock::Create(context, "exit", fill);
  llvm::Value *base = fill->getArg(0), *start = fill->getArg(1), *total = fill->getArg(2);
  llvm::IRBuilder<> b(entry);
  b.CreateBr(loop);
  b.SetInsertPoint(loop);
  llvm::PHINode *done = b.CreatePHI(i64, 2);
  done->addIncoming(start, entry);
  b.CreateCondBr(b.CreateICmpULT(done, total), body, exit);
  b.SetInsertPoint(body);
  llvm::Value *count = b.CreateBinaryIntrinsic(llvm::Intrinsic::umin, done,
                                               b.CreateSub(total, done));
  b.CreateMemCpy(b.CreateGEP(b.getInt8Ty(), base, done), llvm::MaybeAlign(1), base,
                 llvm::MaybeAlign(1), count);
  done->addIncoming(b.CreateAdd(done, count), body);
  b.CreateBr(loop);
  b.SetInsertPoint(exit);
  b.CreateRetVoid();
  return fill;
}

} // namespace

std::string constantInitializerName(unsigned part) {
  return "__oxla_init_constants." + std::to_string(part);
}

bool emitConstantsAsData(llvm::Module &module, llvm::StringRef initializerName) {
  const llvm::DataLayout &layout = module.getDataLayout();
  llvm::SmallVector<llvm::GlobalVariable *> candidates;
  for (llvm::GlobalVariable &global : module.globals())
    if (global.hasInitializer() && global.isConstant() && !global.isThreadLocal() &&
        !global.hasSection() && global.getValueType()->isArrayTy() &&
        layout.getTypeAllocSize(global.getValueType()) >= kConstantDataMinBytes)
      candidates.push_back(&global);

  llvm::SmallVector<std::pair<llvm::GlobalVariable *, llvm::Constant *>> splats;
  for (llvm::GlobalVariable *global : candidates) {
    llvm::Constant *initializer = global->getInitializer();
    llvm::Type *type = global->getValueType();
    if (llvm::Constant *value = splatValue(initializer)) {
      uint64_t size = layout.getTypeAllocSize(value->getType());
      if (size == 0 || layout.getTypeStoreSize(value->getType()) != size)
        continue;
      // Zero: .bss, without bytes in the file (a constant global would go
      // to .rodata as zeros). Another splat: .bss, filled at load.
      llvm::GlobalVariable *zeroed =
          replaceGlobal(global, llvm::ConstantAggregateZero::get(type), /*isConstant=*/false);
      if (!value->isNullValue())
        splats.push_back({zeroed, value});
      continue;
    }
    std::string bytes;
    bytes.reserve(layout.getTypeAllocSize(type));
    if (!appendBytes(initializer, layout, bytes))
      continue;
    llvm::Constant *raw = llvm::ConstantDataArray::getRaw(
        bytes, bytes.size(), llvm::Type::getInt8Ty(module.getContext()));
    replaceGlobal(global, raw, /*isConstant=*/true);
  }
  if (splats.empty())
    return false;

  llvm::LLVMContext &context = module.getContext();
  llvm::Function *fill = createFill(module);
  auto *initializer = llvm::Function::Create(
      llvm::FunctionType::get(llvm::Type::getVoidTy(context), false),
      llvm::GlobalValue::ExternalLinkage, initializerName, module);
  initializer->setVisibility(llvm::GlobalValue::HiddenVisibility);
  initializer->setDSOLocal(true);
  llvm::IRBuilder<> b(llvm::BasicBlock::Create(context, "entry", initializer));
  for (auto [global, value] : splats) {
    uint64_t element = layout.getTypeAllocSize(value->getType());
    uint64_t total = layout.getTypeAllocSize(global->getValueType());
    b.CreateStore(value, global);
    b.CreateCall(fill, {global, b.getInt64(element), b.getInt64(total)});
  }
  b.CreateRetVoid();
  llvm::appendToGlobalCtors(module, initializer, /*Priority=*/65535);
  return true;
}

} // namespace oxla
