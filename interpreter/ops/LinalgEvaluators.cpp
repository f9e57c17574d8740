//===- LinalgEvaluators.cpp - fft, cholesky, triangular_solve, batch_norm ===//
//
// (being written)
//
//===----------------------------------------------------------------------===//

#include "interpreter/Interpreter.h"

namespace oxla::interp {

void registerLinalgEvaluators(EvaluatorRegistry &) {}

} // namespace oxla::interp
