//===- EvaluatorSupport.cpp - Helpers shared by the evaluator files -------===//

#include "interpreter/ops/EvaluatorSupport.h"

#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

namespace oxla::interp {

std::optional<ElementType> resultElementType(Operation *op,
                                             EvalContext &context,
                                             unsigned index) {
  Type elementType = getElementTypeOrSelf(op->getResult(index).getType());
  std::optional<ElementType> type = ElementType::fromMlir(elementType);
  if (!type) {
    std::string name;
    llvm::raw_string_ostream os(name);
    os << elementType;
    (void)context.unsupported(op, "element type " + os.str());
  }
  return type;
}

LogicalResult unsupportedElementType(Operation *op, EvalContext &context,
                                     ElementType type) {
  return context.unsupported(op, "'" + op->getName().getStringRef() +
                                     "' on element type " + type.name());
}

} // namespace oxla::interp
