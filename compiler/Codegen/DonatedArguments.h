//===- DonatedArguments.h - Results written over donated arguments --------===//
//
// A donated argument (`tf.aliasing_output = K` or `jax.buffer_donor` in a
// JAX export; oxla_invoke_options.donate in the C API) gives its memory to
// the call: the runtime hands it back as a result of the same type, so the
// result costs no bytes of its own. pairDonatedArguments reads the
// attributes on the StableHLO entry and records the pairs; the pass
// oxla-reuse-donated-arguments (after bufferization) makes the code correct
// when the result's out-parameter and the argument are the same memory.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_CODEGEN_DONATEDARGUMENTS_H
#define OXLA_COMPILER_CODEGEN_DONATEDARGUMENTS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace oxla {

/// The entry's attribute listing its donations: argument, result, ...
inline constexpr const char *kDonationsAttr = "oxla.donations";
/// The entry's number of results (its out-parameters come last after
/// bufferization).
inline constexpr const char *kEntryResultsAttr = "oxla.entry_results";
/// The module's record of what oxla-reuse-donated-arguments did: per pair
/// {entry, argument, result, copied}.
inline constexpr const char *kDonationRecordsAttr = "oxla.donations";

/// Pairs each donated argument of `entry` with a result of its type:
/// `tf.aliasing_output = K` with result K (an error when the types differ
/// or K is out of range or taken twice), then each `jax.buffer_donor`
/// argument with the first result of its type not yet paired (none: not
/// reused). Records the pairs in kDonationsAttr; run before the
/// exporter's attributes are dropped.
mlir::LogicalResult pairDonatedArguments(mlir::func::FuncOp entry);

} // namespace oxla

#endif // OXLA_COMPILER_CODEGEN_DONATEDARGUMENTS_H
