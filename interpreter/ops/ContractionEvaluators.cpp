//===- ContractionEvaluators.cpp - dot_general, dot, convolution ===//
//
// (being written)
//
//===----------------------------------------------------------------------===//

#include "interpreter/Interpreter.h"

namespace oxla::interp {

void registerContractionEvaluators(EvaluatorRegistry &) {}

} // namespace oxla::interp
