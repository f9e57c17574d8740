//===- RandomEvaluators.cpp - rng_bit_generator, rng ===//
//
// (being written)
//
//===----------------------------------------------------------------------===//

#include "interpreter/Interpreter.h"

namespace oxla::interp {

void registerRandomEvaluators(EvaluatorRegistry &) {}

} // namespace oxla::interp
