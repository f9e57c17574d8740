//===- Importer.cpp - ONNX graphs as StableHLO functions ------------------===//

#include "compiler/Import/ONNX/ImporterImpl.h"

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "compiler/Import/ONNX/Builders.h"
#include "interpreter/Interpreter.h"
#include "interpreter/Tensor.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/ScopeExit.h"

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace oxla::onnx {

//===----------------------------------------------------------------------===//
// NodeContext
//===----------------------------------------------------------------------===//

NodeContext::NodeContext(GraphImporter &importer, const ::onnx::NodeProto &node, int64_t opset,
                         Location loc)
    : importer_(importer), node_(node), opset_(opset), loc_(loc) {}

OpBuilder &NodeContext::builder() { return importer_.builder(); }

bool NodeContext::hasInput(unsigned i) const {
  return i < numInputs() && !node_.input(i).empty();
}

Value NodeContext::input(unsigned i) const {
  return hasInput(i) ? importer_.lookup(node_.input(i)) : Value();
}

const ::onnx::AttributeProto *NodeContext::attr(StringRef name) const {
  for (const auto &attribute : node_.attribute())
    if (attribute.name() == name)
      return &attribute;
  return nullptr;
}

int64_t NodeContext::intAttr(StringRef name, int64_t fallback) const {
  const auto *attribute = attr(name);
  return attribute ? attribute->i() : fallback;
}

float NodeContext::floatAttr(StringRef name, float fallback) const {
  const auto *attribute = attr(name);
  return attribute ? attribute->f() : fallback;
}

std::string NodeContext::stringAttr(StringRef name, StringRef fallback) const {
  const auto *attribute = attr(name);
  return attribute ? attribute->s() : fallback.str();
}

std::optional<SmallVector<int64_t>> NodeContext::intsAttr(StringRef name) const {
  const auto *attribute = attr(name);
  if (!attribute)
    return std::nullopt;
  return SmallVector<int64_t>(attribute->ints().begin(), attribute->ints().end());
}

std::optional<SmallVector<float>> NodeContext::floatsAttr(StringRef name) const {
  const auto *attribute = attr(name);
  if (!attribute)
    return std::nullopt;
  return SmallVector<float>(attribute->floats().begin(), attribute->floats().end());
}

std::optional<SmallVector<int64_t>> NodeContext::constantInts(Value value) {
  DenseElementsAttr attr = importer_.fold(value);
  if (!attr || !attr.getElementType().isIntOrIndex())
    return std::nullopt;
  SmallVector<int64_t> values;
  bool isUnsigned = attr.getElementType().isUnsignedInteger();
  for (const APInt &v : attr.getValues<APInt>())
    values.push_back(isUnsigned ? static_cast<int64_t>(v.getZExtValue()) : v.getSExtValue());
  return values;
}

std::optional<SmallVector<double>> NodeContext::constantFloats(Value value) {
  DenseElementsAttr attr = importer_.fold(value);
  if (!attr)
    return std::nullopt;
  SmallVector<double> values;
  if (isa<FloatType>(attr.getElementType())) {
    for (const APFloat &v : attr.getValues<APFloat>())
      values.push_back(v.convertToDouble());
    return values;
  }
  if (std::optional<SmallVector<int64_t>> ints = constantInts(value)) {
    for (int64_t v : *ints)
      values.push_back(static_cast<double>(v));
    return values;
  }
  return std::nullopt;
}

Value NodeContext::folded(Value value) {
  if (isa_and_nonnull<hlo::ConstantOp>(value.getDefiningOp()))
    return value;
  DenseElementsAttr attr = importer_.fold(value);
  if (!attr)
    return value;
  return builder().create<hlo::ConstantOp>(loc_, attr.getType(), attr);
}

FailureOr<SmallVector<int64_t>> NodeContext::requireConstantInts(unsigned i, StringRef what) {
  if (!hasInput(i)) {
    (void)invalid("needs input " + Twine(i) + " (" + what + ")");
    return failure();
  }
  std::optional<SmallVector<int64_t>> values = constantInts(input(i));
  if (!values) {
    (void)computedAtRunTime("input " + Twine(i) + " (" + what + ")", input(i));
    return failure();
  }
  return *values;
}

LogicalResult NodeContext::computedAtRunTime(const Twine &what, ValueRange values) {
  SmallVector<std::string> names;
  for (Value value : values) {
    std::optional<SmallVector<std::string>> from = importer_.graphInputsOf(value);
    if (!from) {
      names.clear();
      break;
    }
    for (std::string &name : *from)
      if (!llvm::is_contained(names, name))
        names.push_back(std::move(name));
  }
  std::string origin;
  importer_.noteWantedInputs(names);
  if (!names.empty()) {
    origin = names.size() == 1 ? " from graph input " : " from graph inputs ";
    for (auto [i, name] : llvm::enumerate(names))
      origin += (i ? ", '" : "'") + name + "'";
  }
  return unsupported(what + " is computed at run time" + origin +
                     "; oxla needs it known when the model is read");
}

const ::onnx::GraphProto *NodeContext::graphAttr(StringRef name) const {
  const auto *attribute = attr(name);
  return attribute && attribute->has_g() ? &attribute->g() : nullptr;
}

FailureOr<SmallVector<Value>> NodeContext::importSubgraph(const ::onnx::GraphProto &graph,
                                                          ValueRange inputs) {
  return importer_.importSubgraph(graph, inputs, loc_);
}

Value NodeContext::constantTensor(const ::onnx::TensorProto &tensor) {
  return importer_.constantTensor(tensor, loc_);
}

LogicalResult NodeContext::unsupported(const Twine &what) {
  importer_.setFailure(ImportFailure::Unsupported);
  return emitError(loc_) << "unsupported: ONNX " << opType() << " (opset " << opset_
                         << ", node '" << node_.name() << "'): " << what;
}

LogicalResult NodeContext::invalid(const Twine &what) {
  importer_.setFailure(ImportFailure::Invalid);
  return emitError(loc_) << "invalid ONNX " << opType() << " (opset " << opset_ << ", node '"
                         << node_.name() << "'): " << what;
}

//===----------------------------------------------------------------------===//
// GraphImporter
//===----------------------------------------------------------------------===//

GraphImporter::GraphImporter(ModuleOp module, StringRef fileName, StringRef baseDirectory,
                             int64_t opset)
    : module_(module), builder_(module.getContext()), fileName_(fileName.str()),
      baseDirectory_(baseDirectory.str()), opset_(opset) {
  registerActivationOps(table_);
  registerCompactionOps(table_);
  registerControlFlowOps(table_);
  registerConvolutionOps(table_);
  registerDepthSpaceOps(table_);
  registerElementwiseOps(table_);
  registerGatherOps(table_);
  registerLinearAlgebraOps(table_);
  registerLossOps(table_);
  registerMaskOps(table_);
  registerMatMulOps(table_);
  registerNormalizationOps(table_);
  registerPoolingOps(table_);
  registerQuantizationOps(table_);
  registerReductionOps(table_);
  registerRecurrentOps(table_);
  registerRegionOps(table_);
  registerResizeOps(table_);
  registerSamplingOps(table_);
  registerScatterOps(table_);
  registerSelectionOps(table_);
  registerShapeOps(table_);
  registerSignalOps(table_);
}

void GraphImporter::noteWantedInputs(ArrayRef<std::string> names) {
  if (!bindings_)
    return;
  for (const std::string &name : names)
    if (!llvm::is_contained(bindings_->wanted, name))
      bindings_->wanted.push_back(name);
}

Location GraphImporter::locationFor(StringRef what) {
  MLIRContext *context = module_.getContext();
  return NameLoc::get(StringAttr::get(context, what),
                      FileLineColLoc::get(context, fileName_, 0, 0));
}

void GraphImporter::setFailure(ImportFailure failure) {
  if (failure_ == ImportFailure::None)
    failure_ = failure;
}

Value GraphImporter::lookup(StringRef name) const {
  auto it = values_.find(name);
  return it == values_.end() ? Value() : it->second;
}

Value GraphImporter::constantTensor(const ::onnx::TensorProto &tensor, Location loc) {
  TensorError error;
  DenseElementsAttr value = tensorValue(tensor, baseDirectory_, loc, error);
  if (!value) {
    setFailure(error == TensorError::Unsupported ? ImportFailure::Unsupported
                                                 : ImportFailure::Invalid);
    return nullptr;
  }
  return builder_.create<hlo::ConstantOp>(loc, value.getType(), value);
}

/// Folding covers shape arithmetic and small constant computations; larger
/// ones are left to the compiled code.
static constexpr int64_t kMaxFoldedElements = 1 << 16;

DenseElementsAttr GraphImporter::fold(Value value, unsigned depth) {
  DenseElementsAttr attr;
  if (matchPattern(value, m_Constant(&attr)))
    return attr;
  Operation *op = value.getDefiningOp();
  if (!op || depth > 64 || !isa_and_nonnull<hlo::StableHLODialect>(op->getDialect()) ||
      op->getNumRegions() != 0 || !isPure(op))
    return nullptr;
  for (Type type : op->getResultTypes()) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor || !tensor.hasStaticShape() || tensor.getNumElements() > kMaxFoldedElements)
      return nullptr;
  }
  SmallVector<interp::RuntimeValue> operands;
  for (Value operand : op->getOperands()) {
    DenseElementsAttr operandValue = fold(operand, depth + 1);
    if (!operandValue)
      return nullptr;
    FailureOr<interp::Tensor> tensor = interp::Tensor::fromAttr(operandValue);
    if (failed(tensor))
      return nullptr;
    operands.push_back(std::move(*tensor));
  }
  ScopedDiagnosticHandler silence(op->getContext(), [](Diagnostic &) { return success(); });
  interp::Interpreter interpreter(module_);
  FailureOr<SmallVector<interp::RuntimeValue>> results = interpreter.evaluate(op, operands);
  if (failed(results) || results->size() != op->getNumResults())
    return nullptr;
  OpBuilder::InsertionGuard guard(builder_);
  builder_.setInsertionPoint(op);
  DenseElementsAttr folded;
  for (auto [result, runtimeValue] : llvm::zip_equal(op->getResults(), *results)) {
    if (!runtimeValue.isTensor())
      return nullptr;
    DenseElementsAttr resultValue = runtimeValue.tensor().toAttr(op->getContext());
    if (!resultValue || resultValue.getType() != result.getType())
      return nullptr;
    if (result == value)
      folded = resultValue;
    // Later uses read the constant.
    result.replaceAllUsesWith(
        builder_.create<hlo::ConstantOp>(op->getLoc(), resultValue.getType(), resultValue));
  }
  return folded;
}

std::optional<SmallVector<std::string>> GraphImporter::graphInputsOf(Value value) {
  SmallVector<std::string> names;
  SmallVector<Value> worklist{value};
  llvm::DenseSet<Value> seen;
  while (!worklist.empty()) {
    Value current = worklist.pop_back_val();
    if (!seen.insert(current).second)
      continue;
    if (auto argument = dyn_cast<BlockArgument>(current)) {
      if (argument.getOwner() != mainEntry_)
        return std::nullopt;
      auto function = cast<func::FuncOp>(mainEntry_->getParentOp());
      auto name = function.getArgAttrOfType<StringAttr>(argument.getArgNumber(), "onnx.name");
      if (!name)
        return std::nullopt;
      if (!llvm::is_contained(names, name.str()))
        names.push_back(name.str());
      continue;
    }
    Operation *op = current.getDefiningOp();
    // Ops with regions may read other values inside them.
    if (op->getNumRegions() != 0)
      return std::nullopt;
    llvm::append_range(worklist, op->getOperands());
  }
  return names;
}

FailureOr<Type> GraphImporter::valueType(const ::onnx::ValueInfoProto &info) {
  Location loc = locationFor(info.name());
  if (!info.type().has_tensor_type()) {
    setFailure(ImportFailure::Unsupported);
    return emitError(loc) << "unsupported: graph value '" << info.name()
                          << "' is not a tensor (sequences, maps and optionals are not "
                             "supported)";
  }
  const auto &tensorType = info.type().tensor_type();
  Type element = elementType(module_.getContext(), tensorType.elem_type());
  if (!element) {
    setFailure(ImportFailure::Unsupported);
    return emitError(loc) << "unsupported: graph value '" << info.name() << "' has element type "
                          << dataTypeName(tensorType.elem_type());
  }
  if (!tensorType.has_shape()) {
    setFailure(ImportFailure::Unsupported);
    return emitError(loc) << "unsupported: graph input '" << info.name()
                          << "' has no rank (oxla needs ranked inputs)";
  }
  SmallVector<int64_t> shape;
  for (const auto &dim : tensorType.shape().dim()) {
    // A negative size is no size (a symbolic one is written dim_param).
    if (dim.has_dim_value() && dim.dim_value() < 0) {
      setFailure(ImportFailure::Invalid);
      return emitError(loc) << "invalid ONNX model: graph value '" << info.name()
                            << "' has dimension " << shape.size() << " of size "
                            << dim.dim_value() << " (sizes are not negative)";
    }
    shape.push_back(dim.has_dim_value() ? dim.dim_value() : ShapedType::kDynamic);
  }
  return RankedTensorType::get(shape, element);
}

LogicalResult GraphImporter::importNodes(const ::onnx::GraphProto &graph) {
  for (const auto &node : graph.node()) {
    std::string what = node.name().empty() ? node.op_type() : node.name();
    Location loc = locationFor(what);
    const std::string &domain = node.domain();
    if (!domain.empty() && domain != "ai.onnx") {
      setFailure(ImportFailure::Unsupported);
      return emitError(loc) << "unsupported: ONNX op '" << node.op_type() << "' of domain '"
                            << domain << "' (node '" << node.name() << "')";
    }
    for (const std::string &input : node.input())
      if (!input.empty() && !values_.count(input)) {
        setFailure(ImportFailure::Invalid);
        return emitError(loc) << "invalid ONNX model: node '" << node.name()
                              << "' reads '" << input
                              << "', which no earlier node, input or initializer defines";
      }
    auto lowering = table_.find(node.op_type());
    if (lowering == table_.end()) {
      setFailure(ImportFailure::Unsupported);
      return emitError(loc) << "unsupported: ONNX op '" << node.op_type() << "' (opset "
                            << opset_ << ", node '" << node.name() << "')";
    }
    NodeContext nodeContext(*this, node, opset_, loc);
    FailureOr<SmallVector<Value>> results = lowering->second(nodeContext);
    if (failed(results)) {
      setFailure(ImportFailure::Invalid);
      return failure();
    }
    for (auto [i, name] : llvm::enumerate(node.output())) {
      if (name.empty())
        continue;
      if (i >= results->size() || !(*results)[i])
        return nodeContext.unsupported("output " + Twine(i) + " ('" + name +
                                       "') is not produced by oxla's lowering");
      values_[name] = (*results)[i];
    }
  }

  return success();
}

FailureOr<SmallVector<Value>> GraphImporter::importSubgraph(const ::onnx::GraphProto &graph,
                                                            ValueRange inputs, Location loc) {
  if (static_cast<size_t>(graph.input_size()) != inputs.size()) {
    setFailure(ImportFailure::Invalid);
    return emitError(loc) << "invalid ONNX model: subgraph '" << graph.name() << "' has "
                          << graph.input_size() << " inputs, its node gives it "
                          << inputs.size();
  }
  // Names the subgraph defines shadow the enclosing graphs' only inside it.
  llvm::StringMap<Value> enclosing = values_;
  auto restore = llvm::make_scope_exit([&] { values_ = std::move(enclosing); });
  for (const auto &tensor : graph.initializer()) {
    Value constant = constantTensor(tensor, locationFor(tensor.name()));
    if (!constant)
      return failure();
    values_[tensor.name()] = constant;
  }
  for (auto [input, value] : llvm::zip_equal(graph.input(), inputs))
    values_[input.name()] = value;
  if (failed(importNodes(graph)))
    return failure();
  SmallVector<Value> results;
  for (const auto &output : graph.output()) {
    Value value = lookup(output.name());
    if (!value) {
      setFailure(ImportFailure::Invalid);
      return emitError(loc) << "invalid ONNX model: output '" << output.name()
                            << "' of subgraph '" << graph.name() << "' is not defined";
    }
    results.push_back(value);
  }
  return results;
}

LogicalResult GraphImporter::importGraph(const ::onnx::GraphProto &graph, StringRef funcName) {
  MLIRContext *context = module_.getContext();
  builder_.setInsertionPointToEnd(module_.getBody());
  Location graphLoc = locationFor(graph.name().empty() ? "graph" : graph.name());

  // Inputs with an initializer of the same name are constants (the
  // initializer is their default, which oxla does not let a caller replace).
  llvm::StringSet<> initialized;
  for (const auto &tensor : graph.initializer())
    initialized.insert(tensor.name());
  for (const auto &tensor : graph.sparse_initializer()) {
    setFailure(ImportFailure::Unsupported);
    return emitError(graphLoc) << "unsupported: sparse initializer '"
                               << tensor.values().name() << "'";
  }
  SmallVector<const ::onnx::ValueInfoProto *> inputs;
  SmallVector<Type> inputTypes;
  SmallVector<std::pair<std::string, DenseElementsAttr>> bound;
  for (const auto &input : graph.input()) {
    if (initialized.contains(input.name()))
      continue;
    FailureOr<Type> type = valueType(input);
    if (failed(type))
      return failure();
    if (bindings_) {
      bindings_->arguments.push_back(input.name());
      auto given = bindings_->values.find(input.name());
      if (given != bindings_->values.end()) {
        // A bound input is a constant of the given value, which must fit
        // the declared type ('?' sizes take any size).
        auto declared = cast<RankedTensorType>(*type);
        ShapedType valueType = given->second.getType();
        bool fits = valueType.getElementType() == declared.getElementType() &&
                    valueType.getRank() == declared.getRank();
        for (int64_t d = 0; fits && d < declared.getRank(); ++d)
          fits = declared.isDynamicDim(d) || declared.getDimSize(d) == valueType.getDimSize(d);
        if (!fits) {
          setFailure(ImportFailure::Invalid);
          return emitError(graphLoc) << "invalid value for graph input '" << input.name()
                                     << "': " << valueType << ", but the graph declares "
                                     << declared;
        }
        bound.emplace_back(input.name(), given->second);
        continue;
      }
    }
    inputs.push_back(&input);
    inputTypes.push_back(*type);
  }

  auto function = builder_.create<func::FuncOp>(graphLoc, funcName,
                                                FunctionType::get(context, inputTypes, {}));
  Block *entry = function.addEntryBlock();
  mainEntry_ = entry;
  builder_.setInsertionPointToStart(entry);
  for (auto [i, input] : llvm::enumerate(inputs)) {
    values_[input->name()] = entry->getArgument(i);
    function.setArgAttr(i, "onnx.name", StringAttr::get(context, input->name()));
  }
  for (const auto &tensor : graph.initializer()) {
    Value constant = constantTensor(tensor, locationFor(tensor.name()));
    if (!constant)
      return failure();
    values_[tensor.name()] = constant;
  }
  for (auto &[name, value] : bound)
    values_[name] = builder_.create<hlo::ConstantOp>(locationFor(name), value.getType(), value);

  if (failed(importNodes(graph)))
    return failure();

  SmallVector<Value> results;
  SmallVector<Type> resultTypes;
  for (const auto &output : graph.output()) {
    Value value = lookup(output.name());
    if (!value) {
      setFailure(ImportFailure::Invalid);
      return emitError(graphLoc) << "invalid ONNX model: graph output '" << output.name()
                                 << "' is not defined";
    }
    results.push_back(value);
    resultTypes.push_back(value.getType());
  }
  builder_.create<func::ReturnOp>(graphLoc, results);
  function.setType(FunctionType::get(context, inputTypes, resultTypes));
  for (auto [i, output] : llvm::enumerate(graph.output()))
    function.setResultAttr(i, "onnx.name", StringAttr::get(context, output.name()));

  // Shape subgraphs folded to constants leave their ops unused (in the
  // function and in the regions of control flow).
  SmallVector<Block *> blocks;
  function->walk([&](Block *block) { blocks.push_back(block); });
  for (Block *block : blocks)
    for (Operation &op : llvm::make_early_inc_range(llvm::reverse(*block)))
      if (op.use_empty() && isPure(&op) && !op.hasTrait<OpTrait::IsTerminator>())
        op.erase();
  return success();
}

} // namespace oxla::onnx
