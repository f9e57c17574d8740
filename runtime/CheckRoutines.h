//===- CheckRoutines.h - The check ops of compiled code -------------------===//
//
// Compiled check ops call `_mlir_ciface_oxla_check_<type>(id, actual,
// expected)` (compiler/Conversion/StableHLOToLinalg/CheckPatterns.cpp). The
// routines compare with the same harness rules as the interpreter
// (interpreter/Checks.h) and report a failure at the check's source
// location, read from the module's `oxla.checks` table.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_RUNTIME_CHECKROUTINES_H
#define OXLA_RUNTIME_CHECKROUTINES_H

#include "interpreter/Tensor.h"

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace oxla::rt {

/// One entry of `oxla.checks`.
struct CheckDescription {
  /// "eq", "close", "almost_eq"; "probe" records the operand under probeId,
  /// "serialized_eq" compares it with recording `iteration` of probeId,
  /// "print" prints it.
  std::string kind;
  std::string op;       ///< the check's name, for messages
  std::string location; ///< file:line:col
  uint64_t maxUlp = 0, minUlp = 0;
  double tolerance = 0;
  std::string probeId;
  uint64_t iteration = 0;
  /// "shape_assertion": the exporter's message, `{i}` standing for value i.
  std::string message;
};

/// One entry of `oxla.custom_calls`: a `stablehlo.custom_call` that is not
/// a check. Compiled code passes the data addresses of its operands, then
/// of its (preallocated) results; the types say what they hold.
struct CustomCallDescription {
  std::string target;
  std::vector<std::string> operands, results; ///< types, --input spelling
  std::string backendConfig;
  /// What XLA's CPU kernels read (kernels::CallAttributes::serialize()).
  std::string attributes;
};

/// Runs custom call `call` with the runtime's kernel library
/// (runtime/kernels/XlaCpuTargets.h) when its target is one of XLA's CPU
/// targets; false with `error` set when it is not one or it failed.
bool runBuiltinCustomCall(const CustomCallDescription &call, void *const *addresses,
                          size_t count, std::string &error);
/// True when `target` is one of XLA's CPU targets the runtime runs.
bool isBuiltinCustomCall(const std::string &target);

/// Runs custom call `id` of the running module on `addresses` (operands,
/// then results); false when it failed (the handler reports why).
using CustomCallHandler = bool (*)(void *context, int64_t id, void *const *addresses,
                                   size_t count);

/// What compiled code needs from its caller while it runs: the module's
/// check table and what the checks found, and where custom calls go.
/// Install one with ActiveChecks while compiled code runs on this thread.
struct CheckSession {
  const std::vector<CheckDescription> *checks = nullptr;
  int64_t run = 0, failed = 0;
  /// When set, failure messages are collected here instead of printed.
  std::vector<std::string> *messages = nullptr;
  CustomCallHandler customCall = nullptr;
  void *customCallContext = nullptr;
  /// Without a handler: the module's custom calls, which run from the
  /// runtime's kernel library (XLA's CPU targets).
  const std::vector<CustomCallDescription> *customCalls = nullptr;
  /// The module's entry functions by name (`void (*)(void **)`, null when
  /// there is none), for `oxla.run_parallel` (runtime/collectives/).
  std::function<void *(const std::string &)> entries;
  /// What interpreter.probe recorded, per probe id in order.
  std::map<std::string, std::vector<interp::Tensor>> probes;

  /// Records (or prints) a failure.
  void fail(std::string message);
};

class ActiveChecks {
public:
  explicit ActiveChecks(CheckSession &session);
  ~ActiveChecks();
  ActiveChecks(const ActiveChecks &) = delete;
  ActiveChecks &operator=(const ActiveChecks &) = delete;

private:
  CheckSession *previous_;
};

/// The session installed on this thread, or null.
CheckSession *activeSession();

/// The routines' names and addresses, for a JIT's symbol table.
std::vector<std::pair<const char *, void *>> checkRoutineSymbols();

/// The library functions lowered code calls (SupportRoutines.cpp).
std::vector<std::pair<const char *, void *>> supportRoutineSymbols();

/// Both lists: every symbol a JIT must be given.
std::vector<std::pair<const char *, void *>> routineSymbols();

} // namespace oxla::rt

#endif // OXLA_RUNTIME_CHECKROUTINES_H
