//===- TensorIO.h - Tensors from command-line specs and .npy files --------===//
//
// `--input` values, as DESIGN.md fixes them:
//   2x3xf32=1,2,3,4,5,6   shape, element type, row-major values
//   f32=7                 a rank-0 tensor
//   1x28x28x1xf32         no values: zero-filled
//   @file.npy             a NumPy array file
// Values may be separated by commas or spaces; brackets are ignored, so the
// printed form `2x2xf32=[1 2][3 4]` reads back.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_INTERPRETER_TENSORIO_H
#define OXLA_INTERPRETER_TENSORIO_H

#include "interpreter/Tensor.h"

#include "llvm/Support/raw_ostream.h"

#include <string>

namespace oxla::interp {

/// Parses one input spec. On failure returns nullopt and sets `error`; a
/// shape whose size does not fit in 64 bits is an error, and a tensor the
/// memory cannot hold sets `*outOfMemory` too (where given).
std::optional<Tensor> parseTensorSpec(llvm::StringRef spec,
                                      mlir::MLIRContext *context,
                                      std::string &error,
                                      bool *outOfMemory = nullptr);

/// Reads a .npy file (little-endian, C order; bool, int, uint, float16/32/64,
/// complex64/128), with the same errors; the header's shape is checked
/// against the file's data before anything is allocated.
std::optional<Tensor> readNpy(llvm::StringRef path, std::string &error,
                              bool *outOfMemory = nullptr);

/// Reads the contents of a .npy file, `data`, as readNpy does; `path` names
/// it in errors.
std::optional<Tensor> readNpyData(llvm::StringRef data, llvm::StringRef path,
                                  std::string &error,
                                  bool *outOfMemory = nullptr);

/// Prints `2x3xf32=[1 2 3][4 5 6]` (`f32=7` for rank 0). Floats have the
/// fewest digits that read back as the same value of their type.
void printTensor(llvm::raw_ostream &os, const Tensor &tensor);

/// The shortest %g text of `value` that reads back (rounded to `semantics`)
/// as `value`; nan, inf and -inf as such.
std::string formatRoundTrip(double value, const llvm::fltSemantics &semantics);

/// Writes `tensor` as a .npy file (format 1.0, little-endian, C order) of
/// the NumPy dtype of its element type. A float type NumPy lacks (bf16, the
/// f8 types) is written as float32, which holds each of its values exactly,
/// and `*widened` (where given) is set. Fails, with `error`, for the other
/// types NumPy lacks (sub-byte integers) or a write error.
bool writeNpy(llvm::StringRef path, const Tensor &tensor, std::string &error,
              bool *widened = nullptr);

} // namespace oxla::interp

#endif // OXLA_INTERPRETER_TENSORIO_H
