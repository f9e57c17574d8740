//===- CustomCallRoutine.cpp - stablehlo.custom_call in compiled code -----===//
//
// A custom call that is not a check becomes a call of
//   oxla_custom_call(i64 id, memref<?xindex> addresses)
// (compiler/Conversion/StableHLOToLinalg/CustomCallPatterns.cpp): the data
// addresses of its operands, then of its results, which the compiled code
// allocated with their declared types. The module's `oxla.custom_calls`
// table (ModuleMetadata) says what each id is; the session's handler (the
// C API's custom-call registry) runs the user's kernel.
//
//===----------------------------------------------------------------------===//

#include "runtime/CheckRoutines.h"

#include <cstdint>
#include <string>

namespace {

/// memref<?xindex> through the C interface.
struct IndexVector {
  intptr_t *allocated, *aligned;
  int64_t offset, size, stride;
};

} // namespace

extern "C" void _mlir_ciface_oxla_custom_call(int64_t id, IndexVector *addresses) {
  oxla::rt::CheckSession *session = oxla::rt::activeSession();
  if (!session)
    return;
  if (!session->customCall) {
    session->fail("custom call #" + std::to_string(id) +
                  ": nothing to run it (custom calls run through the C API's "
                  "registry, oxla_client_register_custom_call)");
    return;
  }
  if (addresses->stride != 1) {
    session->fail("custom call #" + std::to_string(id) + ": malformed address list");
    return;
  }
  auto *data = reinterpret_cast<void *const *>(addresses->aligned + addresses->offset);
  session->customCall(session->customCallContext, id, data,
                      static_cast<size_t>(addresses->size));
}
