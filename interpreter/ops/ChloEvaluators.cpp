//===- ChloEvaluators.cpp - CHLO ops ===//
//
// (being written)
//
//===----------------------------------------------------------------------===//

#include "interpreter/Interpreter.h"

namespace oxla::interp {

void registerChloEvaluators(EvaluatorRegistry &) {}

} // namespace oxla::interp
