//===- PassRegistration.cpp - Passes that oxla tools know -----------------===//
//
// Apart from the dialects (Registration.cpp), so that a tool that runs no
// compiler passes (oxla-interpret) does not link the compiler's lowering.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/Passes.h"
#include "compiler/Conversion/Passes.h"
#include "compiler/Dialect/VHLO/Transforms/Passes.h"
#include "compiler/Import/Passes.h"
#include "compiler/Registration.h"
#include "compiler/Transforms/Passes.h"

#include "mlir/InitAllPasses.h"

void oxla::registerPasses() {
  mlir::registerAllPasses();
  oxla::registerOxlaImportPasses();
  oxla::registerOxlaTransformsPasses();
  oxla::registerOxlaConversionPasses();
  oxla::registerOxlaCodegenPasses();
  oxla::vhlo::registerOxlaVHLOPasses();
}
