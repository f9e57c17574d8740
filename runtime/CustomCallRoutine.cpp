//===- CustomCallRoutine.cpp - stablehlo.custom_call in compiled code -----===//
//
// A custom call that is not a check becomes a call of
//   oxla_custom_call(i64 id, memref<?xindex> addresses)
// (compiler/Conversion/StableHLOToLinalg/CustomCallPatterns.cpp): the data
// addresses of its operands, then of its results, which the compiled code
// allocated with their declared types. The module's `oxla.custom_calls`
// table (ModuleMetadata) says what each id is. With the C API, the
// session's handler runs it: the kernel the user registered under the
// target's name, else the runtime's own kernel for XLA's CPU targets. Without
// a handler (oxla-run), only XLA's CPU targets run, from the kernel library
// (runtime/kernels/XlaCpuTargets.h).
//
//===----------------------------------------------------------------------===//

#include "runtime/CheckRoutines.h"
#include "runtime/CallRecovery.h"
#include "runtime/collectives/Collectives.h"
#include "runtime/kernels/XlaCpuTargets.h"

#include <cstdint>
#include <string>

namespace {

/// memref<?xindex> through the C interface.
struct IndexVector {
  intptr_t *allocated, *aligned;
  int64_t offset, size, stride;
};

} // namespace

bool oxla::rt::isBuiltinCustomCall(const std::string &target) {
  return kernels::isXlaCpuTarget(target) || collectives::isCollectiveTarget(target);
}

bool oxla::rt::runBuiltinCustomCall(const CustomCallDescription &call,
                                    void *const *addresses, size_t count,
                                    std::string &error) {
  // Collectives and run_parallel (runtime/collectives/).
  if (collectives::isCollectiveTarget(call.target))
    return collectives::runCollectiveCall(call, addresses, count, error);
  std::string what = "custom call @" + call.target;
  if (!kernels::isXlaCpuTarget(call.target)) {
    error = what + ": not one of XLA's CPU targets";
    return false;
  }
  if (count != call.operands.size() + call.results.size()) {
    error = what + ": " + std::to_string(count) + " buffers passed, " +
            std::to_string(call.operands.size() + call.results.size()) + " expected";
    return false;
  }
  std::optional<kernels::CallAttributes> attributes =
      kernels::CallAttributes::parse(call.attributes);
  if (!attributes) {
    error = what + ": malformed attributes in the module metadata";
    return false;
  }
  std::vector<kernels::Buffer> operands, results;
  for (size_t i = 0; i < count; ++i) {
    bool operand = i < call.operands.size();
    const std::string &spec = operand ? call.operands[i] : call.results[i - call.operands.size()];
    std::optional<kernels::BufferType> type = kernels::BufferType::parse(spec);
    if (!type) {
      error = what + ": buffer #" + std::to_string(i) + " has type " + spec +
              ", which XLA's CPU kernels do not take";
      return false;
    }
    (operand ? operands : results).push_back({*type, addresses[i]});
  }
  kernels::Status status = kernels::runXlaCpuCall(call.target, *attributes, operands, results);
  if (status.isOk())
    return true;
  error = status.message;
  return false;
}

extern "C" void _mlir_ciface_oxla_custom_call(int64_t id, IndexVector *addresses) {
  // Handlers are C++ (or C) frames, and may run compiled code of their own.
  oxla::rt::CallbackScope callback;
  oxla::rt::CheckSession *session = oxla::rt::activeSession();
  if (!session)
    return;
  if (addresses->stride != 1) {
    session->fail("custom call #" + std::to_string(id) + ": malformed address list");
    return;
  }
  auto *data = reinterpret_cast<void *const *>(addresses->aligned + addresses->offset);
  auto count = static_cast<size_t>(addresses->size);
  if (session->customCall) {
    session->customCall(session->customCallContext, id, data, count);
    return;
  }
  const std::vector<oxla::rt::CustomCallDescription> *calls = session->customCalls;
  if (!calls || id < 0 || static_cast<size_t>(id) >= calls->size()) {
    session->fail("custom call #" + std::to_string(id) +
                  ": nothing to run it (custom calls run through the C API's "
                  "registry, oxla_client_register_custom_call)");
    return;
  }
  std::string error;
  if (!oxla::rt::runBuiltinCustomCall((*calls)[id], data, count, error))
    session->fail(error);
}
