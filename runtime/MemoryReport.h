//===- MemoryReport.h - What an entry needs, known before it runs ---------===//
//
// The report `--memory-report` prints (oxla-compile, oxla-run) and
// Executable.memory_report() returns, from an entry's metadata: its
// arguments, results and temporaries (the arena of the buffer plan and the
// allocations left to run time), the buffers live at the plan's peak, and a
// last line that tests parse:
//
//   memory @NAME: peak N bytes (arguments A, results R, temporaries T)
//
// Results written in donated arguments (EntryMetadata::donations) take no
// bytes of their own: R counts the others. Temporaries are the arena plus every static allocation left to run time
// counted as live at once (an upper bound); temporaries of dynamic shape,
// and arguments or results of dynamic shape, are not in N (the line says so).
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_RUNTIME_MEMORYREPORT_H
#define OXLA_RUNTIME_MEMORYREPORT_H

#include "runtime/ModuleMetadata.h"

#include <cstdint>
#include <optional>
#include <string>

namespace oxla::rt {

/// The bytes of a tensor of type `spec` (`2x3xf32`), or nullopt for a
/// dynamic shape or an unknown element type.
std::optional<uint64_t> tensorSpecBytes(const std::string &spec);

struct PredictedMemory {
  /// `results` leaves out those written in donated arguments
  /// (`donatedResults` bytes).
  uint64_t arguments = 0, results = 0, temporaries = 0, donatedResults = 0;
  /// Whether some part has a dynamic shape (not counted).
  bool dynamic = false;
  uint64_t peak() const { return arguments + results + temporaries; }
};

PredictedMemory predictMemory(const EntryMetadata &entry);

/// The report, ending with the `memory @NAME: peak` line and a newline.
std::string memoryReport(const EntryMetadata &entry);

} // namespace oxla::rt

#endif // OXLA_RUNTIME_MEMORYREPORT_H
