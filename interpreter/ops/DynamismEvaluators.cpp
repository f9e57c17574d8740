//===- DynamismEvaluators.cpp - dynamic-shape ops ===//
//
// (being written)
//
//===----------------------------------------------------------------------===//

#include "interpreter/Interpreter.h"

namespace oxla::interp {

void registerDynamismEvaluators(EvaluatorRegistry &) {}

} // namespace oxla::interp
