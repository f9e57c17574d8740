//===- QuantizationEvaluators.cpp - uniform_quantize, uniform_dequantize ===//
//
// (being written)
//
//===----------------------------------------------------------------------===//

#include "interpreter/Interpreter.h"

namespace oxla::interp {

void registerQuantizationEvaluators(EvaluatorRegistry &) {}

} // namespace oxla::interp
