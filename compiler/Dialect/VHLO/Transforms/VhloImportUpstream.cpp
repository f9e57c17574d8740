//===- VhloImportUpstream.cpp - upstream's vhlo attributes -> oxla's ------===//
//
// A portable artifact read from bytecode has oxla's vhlo ops with
// upstream's attributes (VHLOBytecode.h), which differ from stablehlo's
// where upstream chose a flatter form: dimension numbers split into one
// attribute per field, channel handles into channel_id/channel_type, unit
// attributes as booleans, symbols as strings, i64 arrays as tensors, and
// every optional attribute spelled out with its default. This pass rewrites
// each op's attributes into the stablehlo form that oxla's vhlo ops carry,
// leaving out defaults as a stablehlo program would, so that the artifact
// reads back as the program it was written from.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "compiler/Dialect/VHLO/Transforms/Passes.h"
#include "compiler/Dialect/VHLO/Transforms/VersionedNames.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"

#include "llvm/ADT/STLExtras.h"

#include <initializer_list>
#include <iterator>

namespace oxla::vhlo {
#define GEN_PASS_DEF_VHLOIMPORTUPSTREAM
#include "compiler/Dialect/VHLO/Transforms/Passes.h.inc"
} // namespace oxla::vhlo

using namespace mlir;
using namespace oxla::vhlo;
namespace hlo = oxla::stablehlo;

namespace {

/// The attributes of one op being rewritten, by name.
class AttributeSet {
public:
  AttributeSet(Operation *op, VersionedName name)
      : op(op), base(name.base), attributes(op->getAttrs()) {}

  StringRef opBase() const { return base; }
  Attribute get(StringRef name) const { return attributes.get(name); }
  void erase(StringRef name) { attributes.erase(name); }
  void set(StringRef name, Attribute value) { attributes.set(name, value); }
  MLIRContext *context() const { return op->getContext(); }

  /// Emits an error naming the attribute that does not have upstream's form.
  InFlightDiagnostic error(StringRef name, StringRef expected) {
    return op->emitOpError() << "has attribute '" << name
                             << "' in a form oxla does not read: expected "
                             << expected;
  }

  /// Removes `name` when `isDefault` says its value is the default.
  void eraseIf(StringRef name, function_ref<bool(Attribute)> isDefault) {
    if (Attribute value = get(name); value && isDefault(value))
      erase(name);
  }

  /// Takes out an integer attribute.
  FailureOr<int64_t> takeInteger(StringRef name) {
    auto value = dyn_cast_or_null<IntegerAttr>(get(name));
    if (!value)
      return error(name, "an integer"), failure();
    erase(name);
    return value.getValue().getSExtValue();
  }

  /// Takes out a 1-D integer tensor (upstream's form of a list of numbers);
  /// `optional` ones may be missing, from releases before they existed.
  FailureOr<SmallVector<int64_t>> takeIntegers(StringRef name,
                                               bool optional = false) {
    Attribute value = get(name);
    if (!value && optional)
      return SmallVector<int64_t>();
    auto elements = dyn_cast_or_null<DenseIntElementsAttr>(value);
    if (!elements || elements.getType().getRank() != 1)
      return error(name, "a 1-D integer tensor"), failure();
    erase(name);
    return llvm::to_vector(llvm::map_range(
        elements.getValues<APInt>(),
        [](const APInt &v) { return v.getSExtValue(); }));
  }

  DictionaryAttr result() const { return attributes.getDictionary(op->getContext()); }

private:
  Operation *op;
  StringRef base;
  NamedAttrList attributes;
};

// Each test takes a missing attribute (null) as not the default.
bool isBool(Attribute value, bool expected) {
  auto boolean = dyn_cast_or_null<BoolAttr>(value);
  return boolean && boolean.getValue() == expected;
}
bool isInteger(Attribute value, int64_t expected) {
  auto integer = dyn_cast_or_null<IntegerAttr>(value);
  return integer && integer.getValue().getSExtValue() == expected;
}
bool isEmptyArray(Attribute value) {
  auto array = dyn_cast_or_null<ArrayAttr>(value);
  return array && array.empty();
}
bool isEmptyString(Attribute value) {
  auto string = dyn_cast_or_null<StringAttr>(value);
  return string && string.getValue().empty();
}
bool isEmptyDictionary(Attribute value) {
  auto dictionary = dyn_cast_or_null<DictionaryAttr>(value);
  return dictionary && dictionary.empty();
}
bool isEmptyTensor(Attribute value) {
  auto elements = dyn_cast_or_null<DenseElementsAttr>(value);
  return elements && elements.getNumElements() == 0;
}
/// A tensor whose every element is `expected` (an i64 or i1 tensor).
bool isSplatOf(Attribute value, int64_t expected) {
  auto elements = dyn_cast_or_null<DenseIntElementsAttr>(value);
  return elements &&
         llvm::all_of(elements.getValues<APInt>(), [&](const APInt &v) {
           return v.getBitWidth() == 1 ? v.getZExtValue() == uint64_t(expected)
                                       : v.getSExtValue() == expected;
         });
}
bool isAllDefaultPrecision(Attribute value) {
  auto array = dyn_cast_or_null<ArrayAttr>(value);
  return array && llvm::all_of(array, [](Attribute element) {
           auto precision = dyn_cast_or_null<hlo::PrecisionAttr>(element);
           return precision &&
                  precision.getValue() == hlo::Precision::DEFAULT;
         });
}
bool isDefaultResultAccuracy(Attribute value) {
  auto accuracy = dyn_cast_or_null<hlo::ResultAccuracyAttr>(value);
  return accuracy && accuracy.getAtol().isZero() &&
         accuracy.getRtol().isZero() && accuracy.getUlps() == 0 &&
         accuracy.getMode().getValue() == hlo::ResultAccuracyMode::DEFAULT;
}

/// Upstream writes every optional attribute; a stablehlo program leaves the
/// defaults out.
void eraseDefaults(AttributeSet &attrs) {
  StringRef op = attrs.opBase();
  auto isFalse = [](Attribute v) { return isBool(v, false); };
  auto isZero = [](Attribute v) { return isInteger(v, 0); };
  auto isOnes = [](Attribute v) { return isSplatOf(v, 1); };
  auto isZeros = [](Attribute v) { return isSplatOf(v, 0); };
  attrs.eraseIf("result_accuracy", isDefaultResultAccuracy);
  attrs.eraseIf("precision_config", isAllDefaultPrecision);
  if (op == "func") {
    attrs.eraseIf("sym_visibility", isEmptyString);
    attrs.eraseIf("arg_attrs", isEmptyArray);
    attrs.eraseIf("res_attrs", isEmptyArray);
  }
  if (llvm::is_contained({"all_gather", "all_reduce", "reduce_scatter",
                          "all_to_all", "collective_permute",
                          "collective_broadcast", "collective_reduce"},
                         op))
    attrs.eraseIf("channel_id", isZero);
  attrs.eraseIf("use_global_device_ids", isFalse);
  attrs.eraseIf("has_dynamic_root", isFalse);
  if (op == "cholesky")
    attrs.eraseIf("lower", isFalse);
  if (op == "compare")
    attrs.eraseIf("compare_type", [](Attribute v) {
      auto type = dyn_cast<hlo::ComparisonTypeAttr>(v);
      return type && type.getValue() == hlo::ComparisonType::NOTYPE;
    });
  if (op == "composite") {
    attrs.eraseIf("version", isZero);
    attrs.eraseIf("composite_attributes", isEmptyDictionary);
  }
  if (op == "convolution" || op == "dynamic_conv") {
    attrs.eraseIf("window_strides", isOnes);
    attrs.eraseIf("padding", isZeros);
    attrs.eraseIf("lhs_dilation", isOnes);
    attrs.eraseIf("rhs_dilation", isOnes);
    attrs.eraseIf("window_reversal", isZeros);
  }
  if (op == "custom_call") {
    attrs.eraseIf("has_side_effect", isFalse);
    attrs.eraseIf("backend_config", isEmptyString);
    attrs.eraseIf("backend_config", isEmptyDictionary);
    attrs.eraseIf("api_version", [](Attribute v) {
      auto version = dyn_cast<hlo::CustomCallApiVersionAttr>(v);
      return version && version.getValue() ==
                            hlo::CustomCallApiVersion::API_VERSION_ORIGINAL;
    });
    for (StringRef name :
         {"called_computations", "output_operand_aliases", "result_tilings"})
      attrs.eraseIf(name, isEmptyArray);
    // Layouts come in pairs: an empty list is a default only with the other.
    if (isEmptyArray(attrs.get("operand_layouts")) &&
        isEmptyArray(attrs.get("result_layouts"))) {
      attrs.erase("operand_layouts");
      attrs.erase("result_layouts");
    }
  }
  if (op == "dynamic_broadcast_in_dim") {
    attrs.eraseIf("known_expanding_dimensions", isEmptyTensor);
    attrs.eraseIf("known_nonexpanding_dimensions", isEmptyTensor);
  }
  if (op == "gather" || op == "dynamic_gather" || op == "scatter")
    attrs.eraseIf("indices_are_sorted", isFalse);
  if (op == "scatter")
    attrs.eraseIf("unique_indices", isFalse);
  if (op == "infeed") {
    attrs.eraseIf("infeed_config", isEmptyString);
    attrs.eraseIf("layout", isEmptyArray);
  }
  if (op == "outfeed")
    attrs.eraseIf("outfeed_config", isEmptyString);
  if (op == "send" || op == "recv")
    attrs.eraseIf("is_host_transfer", isFalse);
  if (op == "reduce_window") {
    attrs.eraseIf("window_strides", isOnes);
    attrs.eraseIf("base_dilations", isOnes);
    attrs.eraseIf("window_dilations", isOnes);
    attrs.eraseIf("padding", isZeros);
  }
  if (op == "select_and_scatter") {
    attrs.eraseIf("window_strides", isOnes);
    attrs.eraseIf("padding", isZeros);
  }
  if (op == "sort") {
    attrs.eraseIf("dimension", [](Attribute v) { return isInteger(v, -1); });
    attrs.eraseIf("is_stable", isFalse);
  }
}

/// dot_general_v2 spells its algorithm as seven attributes, each !none_v1
/// when the product has no algorithm.
LogicalResult joinDotAlgorithm(AttributeSet &attrs) {
  static constexpr StringLiteral kFields[] = {
      "lhs_precision_type",   "rhs_precision_type",
      "accumulation_type",    "lhs_component_count",
      "rhs_component_count",  "num_primitive_operations",
      "allow_imprecise_accumulation"};
  auto isNone = [](Attribute value) {
    auto type = dyn_cast_or_null<TypeAttr>(value);
    return type && isa<NoneType>(type.getValue());
  };
  Attribute lhsType = attrs.get(kFields[0]);
  if (!lhsType) // dot_general_v1 has no algorithm.
    return success();
  if (isNone(lhsType)) {
    for (StringRef field : kFields) {
      if (!isNone(attrs.get(field)))
        return attrs.error(field, "none, as lhs_precision_type is"), failure();
      attrs.erase(field);
    }
    return success();
  }
  Type types[3];
  for (int i = 0; i < 3; ++i) {
    auto type = dyn_cast_or_null<TypeAttr>(attrs.get(kFields[i]));
    if (!type)
      return attrs.error(kFields[i], "a type"), failure();
    types[i] = type.getValue();
    attrs.erase(kFields[i]);
  }
  FailureOr<int64_t> lhsCount = attrs.takeInteger(kFields[3]);
  FailureOr<int64_t> rhsCount = attrs.takeInteger(kFields[4]);
  FailureOr<int64_t> operations = attrs.takeInteger(kFields[5]);
  auto imprecise = dyn_cast_or_null<BoolAttr>(attrs.get(kFields[6]));
  if (failed(lhsCount) || failed(rhsCount) || failed(operations))
    return failure();
  if (!imprecise)
    return attrs.error(kFields[6], "a boolean"), failure();
  attrs.erase(kFields[6]);
  attrs.set("algorithm", hlo::DotAlgorithmAttr::get(
                             attrs.context(), types[0], types[1], types[2],
                             *lhsCount, *rhsCount, *operations,
                             imprecise.getValue()));
  return success();
}

/// Joins the per-field attributes of dimension numbers into stablehlo's one.
LogicalResult joinDimensionNumbers(AttributeSet &attrs) {
  StringRef op = attrs.opBase();
  MLIRContext *context = attrs.context();
  if (op == "convolution" || op == "dynamic_conv") {
    FailureOr<int64_t> inputBatch = attrs.takeInteger("input_batch_dimension");
    FailureOr<int64_t> inputFeature =
        attrs.takeInteger("input_feature_dimension");
    FailureOr<SmallVector<int64_t>> inputSpatial =
        attrs.takeIntegers("input_spatial_dimensions");
    FailureOr<int64_t> kernelInput =
        attrs.takeInteger("kernel_input_feature_dimension");
    FailureOr<int64_t> kernelOutput =
        attrs.takeInteger("kernel_output_feature_dimension");
    FailureOr<SmallVector<int64_t>> kernelSpatial =
        attrs.takeIntegers("kernel_spatial_dimensions");
    FailureOr<int64_t> outputBatch = attrs.takeInteger("output_batch_dimension");
    FailureOr<int64_t> outputFeature =
        attrs.takeInteger("output_feature_dimension");
    FailureOr<SmallVector<int64_t>> outputSpatial =
        attrs.takeIntegers("output_spatial_dimensions");
    if (failed(inputBatch) || failed(inputFeature) || failed(inputSpatial) ||
        failed(kernelInput) || failed(kernelOutput) || failed(kernelSpatial) ||
        failed(outputBatch) || failed(outputFeature) || failed(outputSpatial))
      return failure();
    attrs.set("dimension_numbers",
              hlo::ConvDimensionNumbersAttr::get(
                  context, *inputBatch, *inputFeature, *inputSpatial,
                  *kernelInput, *kernelOutput, *kernelSpatial, *outputBatch,
                  *outputFeature, *outputSpatial));
  }
  if (op == "dot_general") {
    FailureOr<SmallVector<int64_t>> lhsBatch =
        attrs.takeIntegers("lhs_batching_dimensions");
    FailureOr<SmallVector<int64_t>> rhsBatch =
        attrs.takeIntegers("rhs_batching_dimensions");
    FailureOr<SmallVector<int64_t>> lhsContract =
        attrs.takeIntegers("lhs_contracting_dimensions");
    FailureOr<SmallVector<int64_t>> rhsContract =
        attrs.takeIntegers("rhs_contracting_dimensions");
    if (failed(lhsBatch) || failed(rhsBatch) || failed(lhsContract) ||
        failed(rhsContract))
      return failure();
    attrs.set("dot_dimension_numbers",
              hlo::DotDimensionNumbersAttr::get(context, *lhsBatch, *rhsBatch,
                                                *lhsContract, *rhsContract));
    if (failed(joinDotAlgorithm(attrs)))
      return failure();
  }
  if (op == "gather" || op == "dynamic_gather") {
    FailureOr<SmallVector<int64_t>> offset = attrs.takeIntegers("offset_dims");
    FailureOr<SmallVector<int64_t>> collapsed =
        attrs.takeIntegers("collapsed_slice_dims");
    FailureOr<SmallVector<int64_t>> operandBatching =
        attrs.takeIntegers("operand_batching_dims", /*optional=*/true);
    FailureOr<SmallVector<int64_t>> indicesBatching =
        attrs.takeIntegers("start_indices_batching_dims", /*optional=*/true);
    FailureOr<SmallVector<int64_t>> indexMap =
        attrs.takeIntegers("start_index_map");
    FailureOr<int64_t> indexVector = attrs.takeInteger("index_vector_dim");
    if (failed(offset) || failed(collapsed) || failed(operandBatching) ||
        failed(indicesBatching) || failed(indexMap) || failed(indexVector))
      return failure();
    attrs.set("dimension_numbers",
              hlo::GatherDimensionNumbersAttr::get(
                  context, *offset, *collapsed, *operandBatching,
                  *indicesBatching, *indexMap, *indexVector));
  }
  if (op == "scatter") {
    FailureOr<SmallVector<int64_t>> window =
        attrs.takeIntegers("update_window_dims");
    FailureOr<SmallVector<int64_t>> inserted =
        attrs.takeIntegers("inserted_window_dims");
    FailureOr<SmallVector<int64_t>> inputBatching =
        attrs.takeIntegers("input_batching_dims", /*optional=*/true);
    FailureOr<SmallVector<int64_t>> indicesBatching =
        attrs.takeIntegers("scatter_indices_batching_dims", /*optional=*/true);
    FailureOr<SmallVector<int64_t>> toOperand =
        attrs.takeIntegers("scatter_dims_to_operand_dims");
    FailureOr<int64_t> indexVector = attrs.takeInteger("index_vector_dim");
    if (failed(window) || failed(inserted) || failed(inputBatching) ||
        failed(indicesBatching) || failed(toOperand) || failed(indexVector))
      return failure();
    attrs.set("scatter_dimension_numbers",
              hlo::ScatterDimensionNumbersAttr::get(
                  context, *window, *inserted, *inputBatching,
                  *indicesBatching, *toOperand, *indexVector));
  }
  return success();
}

/// Channels: upstream keeps a channel's id (0 for none) and, for send and
/// recv, its type; stablehlo one channel_handle attribute.
LogicalResult joinChannelHandle(AttributeSet &attrs) {
  Attribute id = attrs.get("channel_id");
  if (!id)
    return success();
  FailureOr<int64_t> handle = attrs.takeInteger("channel_id");
  FailureOr<int64_t> type = 0;
  if (attrs.get("channel_type"))
    type = attrs.takeInteger("channel_type");
  if (failed(handle) || failed(type))
    return failure();
  attrs.set("channel_handle",
            hlo::ChannelHandleAttr::get(attrs.context(), *handle, *type));
  return success();
}

/// Attributes that are unit attributes in stablehlo and booleans upstream
/// (false ones are defaults, erased before).
LogicalResult convertUnitAttributes(AttributeSet &attrs) {
  for (StringRef name : {"use_global_device_ids", "has_dynamic_root"}) {
    Attribute value = attrs.get(name);
    if (!value)
      continue;
    if (!isBool(value, true))
      return attrs.error(name, "a boolean"), failure();
    attrs.set(name, UnitAttr::get(attrs.context()));
  }
  return success();
}

/// Symbol references, which upstream writes as strings.
LogicalResult convertSymbols(AttributeSet &attrs) {
  StringRef op = attrs.opBase();
  auto toSymbol = [&](StringRef name, Attribute value) -> FlatSymbolRefAttr {
    auto string = dyn_cast_or_null<StringAttr>(value);
    if (!string || string.empty()) {
      attrs.error(name, "a symbol name");
      return {};
    }
    return FlatSymbolRefAttr::get(string);
  };
  if (op == "func") {
    auto name = dyn_cast_or_null<StringAttr>(attrs.get("sym_name"));
    if (!name || name.empty())
      return attrs.error("sym_name", "a symbol name"), failure();
  }
  StringRef single = op == "call"        ? "callee"
                     : op == "composite" ? "decomposition"
                                         : "";
  if (!single.empty()) {
    if (Attribute value = attrs.get(single)) {
      FlatSymbolRefAttr symbol = toSymbol(single, value);
      if (!symbol)
        return failure();
      attrs.set(single, symbol);
    }
  }
  if (op == "custom_call") {
    auto computations =
        dyn_cast_or_null<ArrayAttr>(attrs.get("called_computations"));
    if (!computations)
      return success();
    SmallVector<Attribute> symbols;
    for (Attribute element : computations) {
      FlatSymbolRefAttr symbol = toSymbol("called_computations", element);
      if (!symbol)
        return failure();
      symbols.push_back(symbol);
    }
    attrs.set("called_computations", ArrayAttr::get(attrs.context(), symbols));
  }
  return success();
}

/// The attributes that stablehlo holds as dense i64 (or bool) arrays and
/// upstream as 1-D tensors, by op.
struct DenseArrayAttributes {
  StringLiteral op;
  std::initializer_list<StringLiteral> names;
};
const DenseArrayAttributes kDenseArrays[] = {
    {"fft", {"fft_length"}},
    {"broadcast", {"broadcast_sizes"}},
    {"dynamic_slice", {"slice_sizes"}},
    {"gather", {"slice_sizes"}},
    {"reverse", {"dimensions"}},
    {"map", {"dimensions"}},
    {"reduce", {"dimensions"}},
    {"transpose", {"permutation"}},
    {"pad", {"edge_padding_low", "edge_padding_high", "interior_padding"}},
    {"slice", {"start_indices", "limit_indices", "strides"}},
    {"broadcast_in_dim", {"broadcast_dimensions"}},
    {"dynamic_broadcast_in_dim",
     {"broadcast_dimensions", "known_expanding_dimensions",
      "known_nonexpanding_dimensions"}},
    {"select_and_scatter", {"window_dimensions", "window_strides"}},
    {"reduce_window",
     {"window_dimensions", "window_strides", "base_dilations",
      "window_dilations"}},
    {"convolution",
     {"window_strides", "lhs_dilation", "rhs_dilation", "window_reversal"}},
    {"dynamic_conv",
     {"window_strides", "lhs_dilation", "rhs_dilation", "window_reversal"}},
};

LogicalResult convertDenseArrays(AttributeSet &attrs) {
  const auto *entry = llvm::find_if(kDenseArrays, [&](const auto &e) {
    return e.op == attrs.opBase();
  });
  if (entry == std::end(kDenseArrays))
    return success();
  for (StringRef name : entry->names) {
    if (!attrs.get(name))
      continue;
    auto elements = dyn_cast<DenseIntElementsAttr>(attrs.get(name));
    if (elements && elements.getType().getRank() == 1 &&
        elements.getElementType().isInteger(1)) {
      attrs.set(name, DenseBoolArrayAttr::get(
                          attrs.context(),
                          llvm::to_vector(elements.getValues<bool>())));
      continue;
    }
    FailureOr<SmallVector<int64_t>> values = attrs.takeIntegers(name);
    if (failed(values))
      return failure();
    attrs.set(name, DenseI64ArrayAttr::get(attrs.context(), *values));
  }
  return success();
}

/// custom_call's API version is an enum upstream and an i32 in stablehlo.
void convertApiVersion(AttributeSet &attrs) {
  if (attrs.opBase() != "custom_call")
    return;
  if (auto version =
          dyn_cast_or_null<hlo::CustomCallApiVersionAttr>(attrs.get("api_version")))
    attrs.set("api_version",
              IntegerAttr::get(IntegerType::get(attrs.context(), 32),
                               static_cast<int64_t>(version.getValue())));
}

LogicalResult importAttributes(Operation *op, VersionedName name) {
  AttributeSet attrs(op, name);
  eraseDefaults(attrs);
  if (failed(joinDimensionNumbers(attrs)) || failed(joinChannelHandle(attrs)) ||
      failed(convertUnitAttributes(attrs)) || failed(convertSymbols(attrs)) ||
      failed(convertDenseArrays(attrs)))
    return failure();
  convertApiVersion(attrs);
  op->setAttrs(attrs.result());
  return success();
}

struct VhloImportUpstreamPass
    : oxla::vhlo::impl::VhloImportUpstreamBase<VhloImportUpstreamPass> {
  void runOnOperation() override {
    WalkResult walk = getOperation()->walk([](Operation *op) {
      std::optional<VersionedName> name = splitVersionedName(op->getName());
      if (name && failed(importAttributes(op, *name)))
        return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
