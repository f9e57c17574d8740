//===- SDYOps.cpp - Shardy ops: custom syntax and verifiers --------------===//

#include "compiler/Dialect/SDY/IR/SDY.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace oxla::sdy;

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

/// `[<@mesh, [...]>, ...]`: a sharding per value without the attribute name.
static ParseResult parseStrippedShardingPerValue(OpAsmParser &parser,
                                                 TensorShardingPerValueAttr &attr) {
  SmallVector<TensorShardingAttr> shardings;
  if (parser.parseLSquare())
    return failure();
  if (failed(parser.parseOptionalRSquare())) {
    do {
      TensorShardingAttr sharding;
      if (parser.parseCustomAttributeWithFallback(sharding, Type{}))
        return failure();
      shardings.push_back(sharding);
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseRSquare())
      return failure();
  }
  attr = TensorShardingPerValueAttr::get(parser.getContext(), shardings);
  return success();
}

static void printStrippedShardingPerValue(OpAsmPrinter &printer, Operation *,
                                          TensorShardingPerValueAttr attr) {
  printer << '[';
  llvm::interleaveComma(attr.getShardings(), printer,
                        [&](TensorShardingAttr s) { s.print(printer); });
  printer << ']';
}

/// `(%arg0: type, ...) { body }`: the body's arguments without a block label.
static ParseResult parseBodyWithArguments(OpAsmParser &parser, Region &body) {
  SmallVector<OpAsmParser::Argument> arguments;
  if (parser.parseArgumentList(arguments, OpAsmParser::Delimiter::Paren,
                               /*allowType=*/true) ||
      parser.parseRegion(body, arguments))
    return failure();
  return success();
}

static void printBodyWithArguments(OpAsmPrinter &printer, Operation *, Region &body) {
  printer << '(';
  llvm::interleaveComma(body.getArguments(), printer, [&](BlockArgument arg) {
    printer.printRegionArgument(arg);
  });
  printer << ") ";
  printer.printRegion(body, /*printEntryBlockArgs=*/false,
                      /*printBlockTerminators=*/true);
}

/// `[sum|max|min] axes`: the reduction (sum when absent) and the axes.
template <typename AxesAttr>
static ParseResult parseReductionAndAxes(OpAsmParser &parser, ReductionKindAttr &kind,
                                         AxesAttr &axes) {
  StringRef keyword;
  SMLoc loc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalKeyword(&keyword))) {
    std::optional<ReductionKind> parsed = symbolizeReductionKind(keyword);
    if (!parsed)
      return parser.emitError(loc) << "unknown reduction '" << keyword
                                   << "' (sum, max or min)";
    kind = ReductionKindAttr::get(parser.getContext(), *parsed);
  }
  Attribute parsed = AxesAttr::parse(parser, Type{});
  if (!parsed)
    return failure();
  axes = cast<AxesAttr>(parsed);
  return success();
}

template <typename AxesAttr>
static void printReductionAndAxes(OpAsmPrinter &printer, Operation *,
                                  ReductionKindAttr kind, AxesAttr axes) {
  if (kind && kind.getValue() != ReductionKind::SUM)
    printer << stringifyReductionKind(kind.getValue()) << ' ';
  axes.print(printer);
}

#define GET_OP_CLASSES
#include "compiler/Dialect/SDY/IR/SDYOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Helpers of the verifiers
//===----------------------------------------------------------------------===//

/// A sharding inside a manual computation may not use that computation's
/// manual axes (the body is already per device along them).
static LogicalResult verifyNotManual(Operation *op, TensorShardingAttr sharding) {
  for (auto parent = op->getParentOfType<ManualComputationOp>(); parent;
       parent = parent->getParentOfType<ManualComputationOp>()) {
    for (StringAttr manual : parent.getManualAxes().getValue()) {
      auto uses = [&](ArrayRef<AxisRefAttr> axes) {
        return llvm::any_of(axes, [&](AxisRefAttr a) { return a.getName() == manual.getValue(); });
      };
      bool bound = uses(sharding.getReplicatedAxes()) || uses(sharding.getUnreducedAxes()) ||
                   llvm::any_of(sharding.getDimShardings(), [&](DimensionShardingAttr d) {
                     return uses(d.getAxes());
                   });
      if (bound)
        return op->emitOpError() << "operates on axis \"" << manual.getValue()
                                 << "\" which is already bound by a parent "
                                    "sdy.manual_computation op";
    }
  }
  return success();
}

static LogicalResult verifyOpSharding(Operation *op, TensorShardingAttr sharding,
                                      Type type) {
  if (failed(verifyShardingAt(sharding, op, type, [&] { return op->emitOpError(); })))
    return failure();
  return verifyNotManual(op, sharding);
}

//===----------------------------------------------------------------------===//
// Verifiers
//===----------------------------------------------------------------------===//

LogicalResult ShardingConstraintOp::verify() {
  return verifyOpSharding(*this, getSharding(), getResult().getType());
}

LogicalResult ReshardOp::verify() {
  return verifyOpSharding(*this, getSharding(), getResult().getType());
}

ParseResult ConstantOp::parse(OpAsmParser &parser, OperationState &result) {
  Attribute value;
  if (parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseAttribute(value))
    return failure();
  auto elements = dyn_cast<ElementsAttr>(value);
  if (!elements)
    return parser.emitError(parser.getCurrentLocation(),
                            "expected a tensor constant (elements attribute)");
  result.addAttribute("value", elements);
  result.addTypes(elements.getType());
  return success();
}

void ConstantOp::print(OpAsmPrinter &printer) {
  printer.printOptionalAttrDict((*this)->getAttrs(), {"value"});
  printer << ' ';
  printer.printAttribute(getValue());
}

LogicalResult ConstantOp::verify() {
  if (getValue().getType() != getOutput().getType())
    return emitOpError() << "value type " << getValue().getType()
                         << " differs from the result type " << getOutput().getType();
  return success();
}

LogicalResult PropagationBarrierOp::verify() {
  if (getAllowedDirection() == PropagationDirection::BOTH)
    return emitOpError() << "cannot specify `BOTH` as the direction";
  return success();
}

/// Body arguments and returned values of a region op must have `argTypes`
/// and `resultTypes`.
static LogicalResult verifyBodyTypes(Operation *op, Region &body, TypeRange argTypes,
                                     TypeRange resultTypes, StringRef argWhat,
                                     StringRef resultWhat) {
  Block &block = body.front();
  if (block.getNumArguments() != argTypes.size())
    return op->emitOpError() << "body has " << block.getNumArguments()
                             << " arguments, expected " << argTypes.size();
  for (auto [i, pair] : llvm::enumerate(llvm::zip(block.getArgumentTypes(), argTypes)))
    if (std::get<0>(pair) != std::get<1>(pair))
      return op->emitOpError() << "body argument " << i << " has type " << std::get<0>(pair)
                               << ", expected " << std::get<1>(pair) << " (" << argWhat
                               << ")";
  Operation *terminator = block.getTerminator();
  if (terminator->getNumOperands() != resultTypes.size())
    return op->emitOpError() << "body returns " << terminator->getNumOperands()
                             << " values, expected " << resultTypes.size();
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip(terminator->getOperandTypes(), resultTypes)))
    if (std::get<0>(pair) != std::get<1>(pair))
      return op->emitOpError() << "body returns " << std::get<0>(pair) << " as value " << i
                               << ", expected " << std::get<1>(pair) << " ("
                               << resultWhat << ")";
  return success();
}

LogicalResult NamedComputationOp::verify() {
  auto checkShardings = [&](std::optional<TensorShardingPerValueAttr> attr, TypeRange types,
                            StringRef what) -> LogicalResult {
    if (!attr)
      return success();
    if (attr->getShardings().size() != types.size())
      return emitOpError() << what << " has " << attr->getShardings().size()
                           << " shardings, expected " << types.size();
    for (auto [sharding, type] : llvm::zip(attr->getShardings(), types))
      if (failed(verifyOpSharding(*this, sharding, type)))
        return failure();
    return success();
  };
  if (failed(checkShardings(getInShardings(), getOperandTypes(), "in_shardings")) ||
      failed(checkShardings(getOutShardings(), getResultTypes(), "out_shardings")))
    return failure();
  return verifyBodyTypes(*this, getBody(), getOperandTypes(), getResultTypes(),
                         "the operand type", "the result type");
}

/// The local (per-device) type of `global` under `sharding`, dividing each
/// dimension by the sizes of its manual axes; failure when one does not
/// divide. Manual axes must come before free axes in each dimension.
static FailureOr<RankedTensorType> localType(Operation *op, RankedTensorType global,
                                             TensorShardingAttr sharding, MeshAttr mesh,
                                             const llvm::StringSet<> &manual,
                                             StringRef what, size_t index) {
  SmallVector<int64_t> shape(global.getShape());
  for (auto [dim, dimSharding] : llvm::enumerate(sharding.getDimShardings())) {
    bool freeSeen = false;
    int64_t divisor = 1;
    for (AxisRefAttr axis : dimSharding.getAxes()) {
      if (!manual.contains(axis.getName())) {
        freeSeen = true;
        continue;
      }
      if (freeSeen)
        return op->emitOpError() << what << " " << index
                                 << ": manual axis \"" << axis.getName()
                                 << "\" comes after a free axis in dimension " << dim;
      divisor *= axis.getSize(mesh);
    }
    if (ShapedType::isDynamic(shape[dim]))
      continue;
    if (shape[dim] % divisor != 0)
      return op->emitOpError() << what << " " << index << ": dimension " << dim
                               << " of size " << shape[dim]
                               << " is not divisible by its manual axes' size " << divisor;
    shape[dim] /= divisor;
  }
  return RankedTensorType::get(shape, global.getElementType(), global.getEncoding());
}

LogicalResult ManualComputationOp::verify() {
  ArrayRef<TensorShardingAttr> ins = getInShardings().getShardings();
  ArrayRef<TensorShardingAttr> outs = getOutShardings().getShardings();
  if (ins.size() != getNumOperands())
    return emitOpError() << "has " << ins.size() << " in_shardings for "
                         << getNumOperands() << " operands";
  if (outs.size() != getNumResults())
    return emitOpError() << "has " << outs.size() << " out_shardings for "
                         << getNumResults() << " results";
  MeshAttr mesh;
  for (TensorShardingAttr sharding : llvm::concat<const TensorShardingAttr>(ins, outs)) {
    MeshAttr m = sharding.getMesh(*this);
    if (!m)
      return emitOpError() << "unknown mesh: @" << sharding.getMeshName();
    if (mesh && m != mesh && !m.getAxes().empty() && !mesh.getAxes().empty())
      return emitOpError() << "all in/out shardings must use the same mesh";
    if (!mesh || mesh.getAxes().empty())
      mesh = m;
  }
  llvm::StringSet<> manual;
  int64_t previous = -1;
  for (StringAttr axis : getManualAxes().getValue()) {
    if (!mesh || !mesh.getAxis(axis.getValue()))
      return emitOpError() << "unknown manual axis: \"" << axis.getValue() << "\"";
    if (!manual.insert(axis.getValue()).second)
      return emitOpError() << "duplicate manual axis: \"" << axis.getValue() << "\"";
    int64_t index = 0;
    for (auto [i, a] : llvm::enumerate(mesh.getAxes()))
      if (a.getName() == axis.getValue())
        index = i;
    if (index < previous)
      return emitOpError() << "manual axes are not ordered w.r.t. the mesh";
    previous = index;
  }
  SmallVector<Type> bodyArgs, bodyResults;
  auto localTypes = [&](ArrayRef<TensorShardingAttr> shardings, TypeRange globals,
                        StringRef what, SmallVectorImpl<Type> &out) -> LogicalResult {
    for (auto [i, pair] : llvm::enumerate(llvm::zip(shardings, globals))) {
      auto [sharding, type] = pair;
      if (failed(verifyOpSharding(*this, sharding, type)))
        return failure();
      FailureOr<RankedTensorType> local = localType(
          *this, cast<RankedTensorType>(type), sharding, mesh, manual, what, i);
      if (failed(local))
        return failure();
      out.push_back(*local);
    }
    return success();
  };
  if (failed(localTypes(ins, getOperandTypes(), "in sharding", bodyArgs)) ||
      failed(localTypes(outs, getResultTypes(), "out sharding", bodyResults)))
    return failure();
  return verifyBodyTypes(*this, getBody(), bodyArgs, bodyResults,
                         "the local type of the operand under its in sharding",
                         "the local type of the result under its out sharding");
}

//===----------------------------------------------------------------------===//
// Collectives
//===----------------------------------------------------------------------===//

/// The common rules: a valid out sharding for the result type, not on manual
/// axes, on the operand's mesh when the operand has a sharding.
static LogicalResult verifyCollective(Operation *op, TensorShardingAttr out,
                                      TensorShardingAttr &in) {
  Type type = op->getResult(0).getType();
  if (failed(verifyOpSharding(op, out, type)))
    return failure();
  in = getShardingOf(op->getOperand(0));
  if (in && in.getMesh(op) && out.getMesh(op) &&
      in.getMesh(op).getAxes() != out.getMesh(op).getAxes())
    return op->emitOpError() << "operand and result shardings have different meshes";
  return success();
}

/// Checks that each list names one dimension and its axes are valid.
static LogicalResult verifyAxesPerDim(Operation *op, ArrayRef<AxisRefListAttr> lists,
                                      MeshAttr mesh, StringRef what) {
  auto type = cast<ShapedType>(op->getResult(0).getType());
  if (!type.hasRank())
    return success();
  if (static_cast<int64_t>(lists.size()) != type.getRank())
    return op->emitOpError() << what << " has " << lists.size()
                             << " dimensions, but the tensor has rank " << type.getRank();
  for (AxisRefListAttr list : lists)
    for (AxisRefAttr axis : list.getValue())
      if (!mesh.getAxis(axis.getName()))
        return op->emitOpError() << what << " names unknown axis \"" << axis.getName()
                                 << "\"";
  return success();
}

/// The operand's dimension `dim` axes, or none without an operand sharding.
static ArrayRef<AxisRefAttr> operandAxes(TensorShardingAttr in, size_t dim) {
  if (!in || dim >= static_cast<size_t>(in.getRank()))
    return {};
  return in.getDimShardings()[dim].getAxes();
}

LogicalResult AllGatherOp::verify() {
  TensorShardingAttr in;
  if (failed(verifyCollective(*this, getOutSharding(), in)))
    return failure();
  MeshAttr mesh = getOutSharding().getMesh(*this);
  ArrayRef<AxisRefListAttr> lists = getGatheringAxes().getValue();
  if (failed(verifyAxesPerDim(*this, lists, mesh, "gathering axes")))
    return failure();
  if (!in)
    return success();
  for (auto [dim, list] : llvm::enumerate(lists)) {
    ArrayRef<AxisRefAttr> have = operandAxes(in, dim), gather = list.getValue();
    ArrayRef<AxisRefAttr> want = getOutSharding().getDimShardings()[dim].getAxes();
    if (gather.size() > have.size() || !llvm::equal(have.take_back(gather.size()), gather) ||
        !llvm::equal(have.drop_back(gather.size()), want))
      return emitOpError() << "gathering axes of dimension " << dim
                           << " must be the operand's minor-most axes of that dimension, "
                              "and out_sharding what remains";
  }
  return success();
}

/// all_slice and reduce_scatter: per dimension, the result is sharded on the
/// operand's axes followed by the op's own (`what`).
template <typename Op>
static LogicalResult verifyAppendedAxes(Op op, ArrayRef<AxisRefListAttr> lists,
                                        StringRef what) {
  TensorShardingAttr in;
  if (failed(verifyCollective(op, op.getOutSharding(), in)))
    return failure();
  MeshAttr mesh = op.getOutSharding().getMesh(op);
  if (failed(verifyAxesPerDim(op, lists, mesh, what)))
    return failure();
  if (!in)
    return success();
  for (auto [dim, list] : llvm::enumerate(lists)) {
    SmallVector<AxisRefAttr> expected(operandAxes(in, dim));
    llvm::append_range(expected, list.getValue());
    if (!llvm::equal(expected, op.getOutSharding().getDimShardings()[dim].getAxes()))
      return op.emitOpError() << "out_sharding of dimension " << dim
                              << " must be the operand's axes followed by the " << what;
  }
  return success();
}

LogicalResult AllSliceOp::verify() {
  return verifyAppendedAxes(*this, getSlicingAxes().getValue(), "slicing axes");
}

LogicalResult ReduceScatterOp::verify() {
  return verifyAppendedAxes(*this, getReduceScatterAxes().getValue(), "reduce-scatter axes");
}

LogicalResult AllReduceOp::verify() {
  TensorShardingAttr in;
  if (failed(verifyCollective(*this, getOutSharding(), in)))
    return failure();
  MeshAttr mesh = getOutSharding().getMesh(*this);
  for (AxisRefAttr axis : getReductionAxes().getValue()) {
    if (!mesh.getAxis(axis.getName()))
      return emitOpError() << "reduction axes name unknown axis \"" << axis.getName()
                           << "\"";
    if (!in)
      continue;
    for (DimensionShardingAttr dim : in.getDimShardings())
      for (AxisRefAttr used : dim.getAxes())
        if (used.overlaps(axis, mesh))
          return emitOpError() << "reduction axis \"" << axis.getName()
                               << "\" overlaps with the operand's sharding axes";
  }
  return success();
}

LogicalResult AllToAllOp::verify() {
  TensorShardingAttr in;
  if (failed(verifyCollective(*this, getOutSharding(), in)))
    return failure();
  auto type = cast<ShapedType>(getResult().getType());
  if (!type.hasRank())
    return success();
  int64_t rank = type.getRank();
  llvm::SmallSet<int64_t, 4> dims;
  int64_t lastSrc = -1;
  for (AllToAllParamAttr param : getParams().getValue()) {
    int64_t src = param.getSrcDim(), tgt = param.getTgtDim();
    if (src < 0 || src >= rank || tgt < 0 || tgt >= rank)
      return emitOpError() << "all-to-all dimension out of range [0, " << rank
                           << "): " << src << "->" << tgt;
    if (src == tgt)
      return emitOpError() << "all-to-all source and target dimension are both " << src;
    if (!dims.insert(src).second || !dims.insert(tgt).second)
      return emitOpError() << "all-to-all dimensions must be unique across parameters";
    if (src < lastSrc)
      return emitOpError() << "all-to-all source dimensions must be sorted";
    lastSrc = src;
    if (param.getAxes().empty())
      return emitOpError() << "all-to-all parameter has no axes";
  }
  return success();
}

LogicalResult CollectivePermuteOp::verify() {
  TensorShardingAttr in;
  if (failed(verifyCollective(*this, getOutSharding(), in)))
    return failure();
  if (!in)
    return success();
  MeshAttr mesh = getOutSharding().getMesh(*this);
  for (int64_t dim = 0; dim < getOutSharding().getRank(); ++dim) {
    auto product = [&](ArrayRef<AxisRefAttr> axes) {
      int64_t p = 1;
      for (AxisRefAttr a : axes)
        p *= a.getSize(mesh);
      return p;
    };
    if (product(operandAxes(in, dim)) !=
        product(getOutSharding().getDimShardings()[dim].getAxes()))
      return emitOpError() << "dimension " << dim
                           << " must be sharded as much after the collective permute "
                              "as before";
  }
  return success();
}
