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

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace oxla::rt {

/// One entry of `oxla.checks`.
struct CheckDescription {
  std::string kind;     ///< "eq", "close", "almost_eq"
  std::string op;       ///< the check's name, for messages
  std::string location; ///< file:line:col
  uint64_t maxUlp = 0, minUlp = 0;
  double tolerance = 0;
};

/// The checks of one module and what running them found. Install one with
/// ActiveChecks while compiled code runs on this thread.
struct CheckSession {
  std::vector<CheckDescription> checks;
  int64_t run = 0, failed = 0;
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

/// The routines' names and addresses, for a JIT's symbol table.
std::vector<std::pair<const char *, void *>> checkRoutineSymbols();

/// The library functions lowered code calls (SupportRoutines.cpp).
std::vector<std::pair<const char *, void *>> supportRoutineSymbols();

} // namespace oxla::rt

#endif // OXLA_RUNTIME_CHECKROUTINES_H
