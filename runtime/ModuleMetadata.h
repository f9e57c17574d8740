//===- ModuleMetadata.h - What a compiled module says about itself --------===//
//
// An AOT module (`oxla-compile -o m.so`) carries, in the NUL-terminated
// string symbol `oxla_module_metadata`, its entry points with their argument
// and result types, and its check table. The text is line-based:
//
//   oxla-module 1
//   entry main
//   argument 2x3xf32
//   result 2x3xf32
//   check close 3 0 0 check.expect_close file.mlir:12:5
//   custom_call my_kernel
//   custom_call_operand 4xf32
//   custom_call_result 4xf32
//   custom_call_config {"alpha": 2}
//   custom_call_attributes api 4 attr uplo i 76 operand_layouts 1 0,1
//   memory_plan 32768 32768 2 0 0 0
//   memory_at_peak 16384 0 memref<64x64xf32> file.mlir:3:8
//   donation 0 1 0
//
// A custom call's target, configuration and attributes (what XLA's CPU
// kernels read: runtime/kernels/XlaCpuTargets.h) run to the end of the line; in
// the configuration a newline is written `\n` and a backslash `\\`.
// `memory_plan` follows its entry: the arena's bytes, the most bytes live
// at once, the planned temporaries, those left to run time, their static
// bytes and how many have dynamic shapes (compiler/Codegen/BufferPlan.h);
// each `memory_at_peak` is a buffer live at the peak: bytes, offset, type
// and (to the end of the line) location. Each `donation` pairs a donated
// argument with the result the runtime may hand its memory back as: the
// argument, the result, and 1 when the code computes the result in a
// temporary copied there at the end (compiler/Codegen/DonatedArguments.h).
// Types use the --input spelling (`2x3xf32`, `f32`, `?x4xi8`). Each entry
// is called through `oxla_entry_<name>(void **buffers)`: one memref
// descriptor per argument, then one per result, caller-allocated.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_RUNTIME_MODULEMETADATA_H
#define OXLA_RUNTIME_MODULEMETADATA_H

#include "runtime/CheckRoutines.h"

#include <cstdint>
#include <string>
#include <vector>

namespace oxla::rt {

/// A temporary live at the peak of the buffer plan.
struct PlannedBufferDescription {
  uint64_t bytes = 0, offset = 0;
  std::string type, location;
};

/// An entry's buffer plan (compiler/Codegen/BufferPlan.h).
struct EntryMemoryPlan {
  bool known = false;
  uint64_t arenaBytes = 0, livePeakBytes = 0;
  uint64_t planned = 0, unplanned = 0, unplannedBytes = 0, dynamic = 0;
  std::vector<PlannedBufferDescription> atPeak;
};

/// A donated argument whose memory a result of the same type may take.
struct Donation {
  uint64_t argument = 0, result = 0;
  bool copied = false;
};

struct EntryMetadata {
  std::string name;
  std::vector<std::string> arguments, results;
  EntryMemoryPlan memory;
  std::vector<Donation> donations;
};

struct ModuleMetadata {
  std::vector<EntryMetadata> entries;
  std::vector<CheckDescription> checks;
  std::vector<CustomCallDescription> customCalls;

  std::string serialize() const;
  /// Parses `text`; on malformed input returns false and says why in
  /// `error`.
  static bool parse(const std::string &text, ModuleMetadata &out, std::string &error);
};

/// The symbol holding the metadata and the prefix of the entry wrappers.
constexpr const char *kMetadataSymbol = "oxla_module_metadata";
constexpr const char *kEntryPrefix = "oxla_entry_";

/// The symbol holding the 64-bit digest of the metadata text that the
/// module's code was compiled with: a module whose text was edited or
/// corrupted afterwards (its argument shapes no longer those the code
/// reads) is refused when loaded. An integrity check, not a signature.
constexpr const char *kMetadataDigestSymbol = "oxla_module_metadata_digest";

/// The digest of `text` (NUL-terminated): 64-bit FNV-1a.
uint64_t metadataDigest(const char *text);

} // namespace oxla::rt

#endif // OXLA_RUNTIME_MODULEMETADATA_H
