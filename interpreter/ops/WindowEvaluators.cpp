//===- WindowEvaluators.cpp - reduce_window, select_and_scatter ===//
//
// (being written)
//
//===----------------------------------------------------------------------===//

#include "interpreter/Interpreter.h"

namespace oxla::interp {

void registerWindowEvaluators(EvaluatorRegistry &) {}

} // namespace oxla::interp
