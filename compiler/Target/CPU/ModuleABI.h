//===- ModuleABI.h - How the runtime calls a compiled module --------------===//
//
// Every compiled module, JIT or AOT, exposes the same ABI (described in
// runtime/ModuleMetadata.h): `oxla_entry_<name>(void **buffers)` per entry
// point and the `oxla_module_metadata` string.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_TARGET_CPU_MODULEABI_H
#define OXLA_COMPILER_TARGET_CPU_MODULEABI_H

#include "runtime/ModuleMetadata.h"

#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/ArrayRef.h"

namespace mlir {
class ModuleOp;
namespace func {
class FuncOp;
} // namespace func
} // namespace mlir

namespace oxla {

/// The entries' signatures, read from the StableHLO module before lowering.
/// Fails (with a located error) for arguments or results that are not
/// tensors of a supported element type.
mlir::FailureOr<rt::ModuleMetadata>
describeEntries(llvm::ArrayRef<mlir::func::FuncOp> entries);

/// Marks the entries for a C interface with read-only arguments; run
/// before the CPU pipeline.
void exposeEntries(llvm::ArrayRef<mlir::func::FuncOp> entries);

/// After the CPU pipeline (LLVM dialect): adds the check table the
/// conversion recorded to `metadata`, then the `oxla_entry_<name>` wrappers
/// and the metadata string to `module`.
mlir::LogicalResult addModuleABI(mlir::ModuleOp module, rt::ModuleMetadata &metadata);

} // namespace oxla

#endif // OXLA_COMPILER_TARGET_CPU_MODULEABI_H
