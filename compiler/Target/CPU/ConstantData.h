//===- ConstantData.h - Large constants as data, not LLVM constants ------===//
//
// A program's weights reach LLVM IR as nested arrays of per-row constants
// ([64 x [3 x [7 x [7 x float]]]]), which code generation writes one
// element at a time (4 s of ResNet-50's 8 s compile, for 94 MB of splat
// weights). Once a module is optimized (the optimizer may fold loads from
// them), its large constant globals are rewritten into what the object
// file holds directly:
//   - all zero: a zero-initialized global in .bss, no bytes in the file;
//   - a splat of another value: zero-initialized too, and filled when the
//     code is loaded by an initializer function (a constructor of the
//     shared library, which the JIT calls itself);
//   - anything else: one array of bytes, written as one block.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_TARGET_CPU_CONSTANTDATA_H
#define OXLA_COMPILER_TARGET_CPU_CONSTANTDATA_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace llvm {
class Module;
} // namespace llvm

namespace oxla {

/// Globals smaller than this keep their initializers.
constexpr unsigned long long kConstantDataMinBytes = 4096;

/// Rewrites the large constant globals `module` defines (see above). When a
/// splat needs filling, adds the initializer function `initializerName`
/// (hidden, a constructor of the module) and returns true.
bool emitConstantsAsData(llvm::Module &module, llvm::StringRef initializerName);

/// The initializer function's name in part `part` of a module.
std::string constantInitializerName(unsigned part);

} // namespace oxla

#endif // OXLA_COMPILER_TARGET_CPU_CONSTANTDATA_H
