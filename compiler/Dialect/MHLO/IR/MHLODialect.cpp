//===- MHLODialect.cpp - Checks of `mhlo.sharding` ------------------------===//
//
// `mhlo.sharding` is a GSPMD sharding string (compiler/Sharding/
// GSPMDSharding.h); "" means no sharding. A string that does not parse is
// reported with the column where it stops making sense; a tiled sharding must
// describe the rank of its value, and a tuple sharding one element per result.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/MHLO/IR/MHLO.h"

#include "compiler/Sharding/GSPMDSharding.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace oxla;

#include "compiler/Dialect/MHLO/IR/MHLODialect.cpp.inc"

void mhlo::MhloDialect::initialize() {}

namespace {

constexpr llvm::StringLiteral kSharding = "mhlo.sharding";

/// Checks one sharding against the value types it describes; `what` names
/// the value for the message.
LogicalResult checkSharding(Operation *op, Attribute attr, TypeRange types,
                            const Twine &what) {
  auto text = dyn_cast<StringAttr>(attr);
  if (!text)
    return op->emitOpError() << kSharding << " of " << what << " must be a string";
  if (text.getValue().empty())
    return success();
  auto parsed = sharding::GSPMDSharding::parse(text.getValue());
  if (auto *error = std::get_if<sharding::GSPMDSharding::ParseError>(&parsed))
    return op->emitOpError() << "invalid " << kSharding << " \"" << text.getValue()
                             << "\" of " << what << ": " << error->message
                             << " (at character " << error->column + 1 << ")";
  const auto &gspmd = std::get<sharding::GSPMDSharding>(parsed);
  auto rankOf = [](Type type) -> std::optional<int64_t> {
    auto shaped = dyn_cast<RankedTensorType>(type);
    return shaped ? std::optional<int64_t>(shaped.getRank()) : std::nullopt;
  };
  if (gspmd.kind == sharding::GSPMDSharding::Kind::Tuple) {
    // A tuple sharding: one per result (or per element of a tuple value).
    size_t count = types.size();
    if (types.size() == 1)
      if (auto tuple = dyn_cast<TupleType>(types.front()))
        count = tuple.size();
    if (!gspmd.elements.empty() && gspmd.elements.size() != count)
      return op->emitOpError() << kSharding << " of " << what << " has "
                               << gspmd.elements.size() << " tuple elements for " << count
                               << " values";
    return success();
  }
  if (gspmd.kind != sharding::GSPMDSharding::Kind::Tiled || types.size() != 1)
    return success();
  if (std::optional<int64_t> rank = rankOf(types.front()); rank && *rank != gspmd.dataRank())
    return op->emitOpError() << kSharding << " \"" << text.getValue() << "\" of " << what
                             << " shards " << gspmd.dataRank()
                             << " dimensions, but the value has rank " << *rank;
  return success();
}

} // namespace

LogicalResult mhlo::MhloDialect::verifyOperationAttribute(Operation *op,
                                                          NamedAttribute attr) {
  if (attr.getName() != kSharding || isa<FunctionOpInterface>(op))
    return success();
  return checkSharding(op, attr.getValue(), op->getResultTypes(), "the op's results");
}

LogicalResult mhlo::MhloDialect::verifyRegionArgAttribute(Operation *op, unsigned region,
                                                          unsigned index,
                                                          NamedAttribute attr) {
  auto func = dyn_cast<FunctionOpInterface>(op);
  if (attr.getName() != kSharding || !func || region != 0 ||
      index >= func.getNumArguments())
    return success();
  return checkSharding(op, attr.getValue(), func.getArgumentTypes()[index],
                       "argument " + Twine(index));
}

LogicalResult mhlo::MhloDialect::verifyRegionResultAttribute(Operation *op,
                                                             unsigned region,
                                                             unsigned index,
                                                             NamedAttribute attr) {
  auto func = dyn_cast<FunctionOpInterface>(op);
  if (attr.getName() != kSharding || !func || region != 0 || index >= func.getNumResults())
    return success();
  return checkSharding(op, attr.getValue(), func.getResultTypes()[index],
                       "result " + Twine(index));
}
