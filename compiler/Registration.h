//===- Registration.h - Dialects and passes that oxla tools know ---------===//
//
// Every oxla tool registers the same dialects and passes so that any IR one
// tool prints another can read.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_REGISTRATION_H
#define OXLA_COMPILER_REGISTRATION_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace oxla {

/// Adds oxla's dialects and the upstream dialects that oxla lowers through
/// (with their interface models, e.g. bufferization) to `registry`.
void registerDialects(mlir::DialectRegistry &registry);

/// Registers oxla's passes and the upstream passes for the command line.
void registerPasses();

} // namespace oxla

#endif // OXLA_COMPILER_REGISTRATION_H
