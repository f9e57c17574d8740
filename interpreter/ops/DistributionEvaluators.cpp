//===- DistributionEvaluators.cpp - run_parallel and collectives ===//
//
// (being written)
//
//===----------------------------------------------------------------------===//

#include "interpreter/Interpreter.h"

namespace oxla::interp {

void registerDistributionEvaluators(EvaluatorRegistry &) {}

} // namespace oxla::interp
