//===- StableHLOAttrs.cpp - Syntax of stablehlo's structured attributes --===//

#include "compiler/Dialect/StableHLO/IR/AssemblyDirectives.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace oxla::stablehlo;

#include "compiler/Dialect/StableHLO/IR/StableHLOEnums.cpp.inc"

// result_accuracy's tolerances are written as plain floats (`atol = 1.0e-5`).
template <>
struct mlir::FieldParser<llvm::APFloat> {
  static FailureOr<llvm::APFloat> parse(AsmParser &parser) {
    double value;
    if (parser.parseFloat(value))
      return failure();
    return llvm::APFloat(value);
  }
};
#define GET_ATTRDEF_CLASSES
#include "compiler/Dialect/StableHLO/IR/StableHLOAttrs.cpp.inc"

void StableHLODialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "compiler/Dialect/StableHLO/IR/StableHLOAttrs.cpp.inc"
      >();
}

namespace {

/// One `name = value` entry of a dimension-numbers attribute: either a list
/// `[1, 2]` or a single integer.
struct Field {
  StringRef name;
  SmallVector<int64_t> *list = nullptr;
  int64_t *scalar = nullptr;
  bool seen = false;
};

/// Parses `<name = [..], name = N, ...>` in any order; absent lists stay
/// empty and absent scalars keep their initial value.
ParseResult parseFields(AsmParser &parser, MutableArrayRef<Field> fields) {
  if (parser.parseLess())
    return failure();
  if (succeeded(parser.parseOptionalGreater()))
    return success();
  do {
    llvm::SMLoc loc = parser.getCurrentLocation();
    StringRef name;
    if (parser.parseKeyword(&name))
      return failure();
    Field *field = llvm::find_if(fields, [&](Field &f) { return f.name == name; });
    if (field == fields.end()) {
      SmallVector<StringRef> names;
      for (Field &f : fields)
        names.push_back(f.name);
      return parser.emitError(loc) << "unknown field '" << name
                                   << "', expected one of: "
                                   << llvm::join(names, ", ");
    }
    if (field->seen)
      return parser.emitError(loc) << "field '" << name << "' given twice";
    field->seen = true;
    if (parser.parseEqual())
      return failure();
    if (field->list ? parseIntArray(parser, *field->list)
                    : parser.parseInteger(*field->scalar))
      return failure();
  } while (succeeded(parser.parseOptionalComma()));
  return parser.parseGreater();
}

/// Prints the non-empty lists and the non-zero scalars, in declaration order
/// (as upstream does: `#stablehlo.gather<..., start_index_map = [0]>` has
/// index_vector_dim 0).
struct FieldPrinter {
  AsmPrinter &printer;
  bool first = true;
  void separator() {
    if (!first)
      printer << ", ";
    first = false;
  }
  FieldPrinter &list(StringRef name, ArrayRef<int64_t> values) {
    if (values.empty())
      return *this;
    separator();
    printer << name << " = ";
    printIntArray(printer, values);
    return *this;
  }
  FieldPrinter &scalar(StringRef name, int64_t value) {
    if (value == 0)
      return *this;
    separator();
    printer << name << " = " << value;
    return *this;
  }
};

} // namespace

//===- scatter -------------------------------------------------------------===//

Attribute ScatterDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> updateWindow, insertedWindow, inputBatching,
      indicesBatching, toOperand;
  int64_t indexVectorDim = 0;
  Field fields[] = {{"update_window_dims", &updateWindow},
                    {"inserted_window_dims", &insertedWindow},
                    {"input_batching_dims", &inputBatching},
                    {"scatter_indices_batching_dims", &indicesBatching},
                    {"scatter_dims_to_operand_dims", &toOperand},
                    {"index_vector_dim", nullptr, &indexVectorDim}};
  if (parseFields(parser, fields))
    return {};
  return get(parser.getContext(), updateWindow, insertedWindow, inputBatching,
             indicesBatching, toOperand, indexVectorDim);
}

void ScatterDimensionNumbersAttr::print(AsmPrinter &printer) const {
  printer << '<';
  FieldPrinter{printer}
      .list("update_window_dims", getUpdateWindowDims())
      .list("inserted_window_dims", getInsertedWindowDims())
      .list("input_batching_dims", getInputBatchingDims())
      .list("scatter_indices_batching_dims", getScatterIndicesBatchingDims())
      .list("scatter_dims_to_operand_dims", getScatterDimsToOperandDims())
      .scalar("index_vector_dim", getIndexVectorDim());
  printer << '>';
}

//===- gather --------------------------------------------------------------===//

Attribute GatherDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> offset, collapsed, operandBatching, indicesBatching,
      startIndexMap;
  int64_t indexVectorDim = 0;
  Field fields[] = {{"offset_dims", &offset},
                    {"collapsed_slice_dims", &collapsed},
                    {"operand_batching_dims", &operandBatching},
                    {"start_indices_batching_dims", &indicesBatching},
                    {"start_index_map", &startIndexMap},
                    {"index_vector_dim", nullptr, &indexVectorDim}};
  if (parseFields(parser, fields))
    return {};
  return get(parser.getContext(), offset, collapsed, operandBatching,
             indicesBatching, startIndexMap, indexVectorDim);
}

void GatherDimensionNumbersAttr::print(AsmPrinter &printer) const {
  printer << '<';
  FieldPrinter{printer}
      .list("offset_dims", getOffsetDims())
      .list("collapsed_slice_dims", getCollapsedSliceDims())
      .list("operand_batching_dims", getOperandBatchingDims())
      .list("start_indices_batching_dims", getStartIndicesBatchingDims())
      .list("start_index_map", getStartIndexMap())
      .scalar("index_vector_dim", getIndexVectorDim());
  printer << '>';
}

//===- dot -----------------------------------------------------------------===//

Attribute DotDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> lhsBatch, rhsBatch, lhsContract, rhsContract;
  Field fields[] = {{"lhs_batching_dimensions", &lhsBatch},
                    {"rhs_batching_dimensions", &rhsBatch},
                    {"lhs_contracting_dimensions", &lhsContract},
                    {"rhs_contracting_dimensions", &rhsContract}};
  if (parseFields(parser, fields))
    return {};
  return get(parser.getContext(), lhsBatch, rhsBatch, lhsContract,
             rhsContract);
}

void DotDimensionNumbersAttr::print(AsmPrinter &printer) const {
  printer << '<';
  FieldPrinter{printer}
      .list("lhs_batching_dimensions", getLhsBatchingDimensions())
      .list("rhs_batching_dimensions", getRhsBatchingDimensions())
      .list("lhs_contracting_dimensions", getLhsContractingDimensions())
      .list("rhs_contracting_dimensions", getRhsContractingDimensions());
  printer << '>';
}

//===- output_operand_alias ------------------------------------------------===//

Attribute OutputOperandAliasAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> outputTuple, operandTuple;
  int64_t operandIndex = 0;
  Field fields[] = {{"output_tuple_indices", &outputTuple},
                    {"operand_index", nullptr, &operandIndex},
                    {"operand_tuple_indices", &operandTuple}};
  if (parseFields(parser, fields))
    return {};
  return get(parser.getContext(), outputTuple, operandIndex, operandTuple);
}

void OutputOperandAliasAttr::print(AsmPrinter &printer) const {
  // Upstream prints the empty lists too.
  printer << "<output_tuple_indices = ";
  printIntArray(printer, getOutputTupleIndices());
  printer << ", operand_index = " << getOperandIndex()
          << ", operand_tuple_indices = ";
  printIntArray(printer, getOperandTupleIndices());
  printer << '>';
}

//===- type_extensions -----------------------------------------------------===//

Attribute TypeExtensionsAttr::parse(AsmParser &parser, Type) {
  // `<bounds = [16, ?]>`; `?` is an unbounded dimension.
  SmallVector<int64_t> bounds;
  if (parser.parseLess() || parser.parseKeyword("bounds") ||
      parser.parseEqual() ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() -> ParseResult {
        if (succeeded(parser.parseOptionalQuestion())) {
          bounds.push_back(ShapedType::kDynamic);
          return success();
        }
        return parser.parseInteger(bounds.emplace_back());
      }) ||
      parser.parseGreater())
    return {};
  return get(parser.getContext(), bounds);
}

/// The shorthand `#stablehlo.bounds<16, ?>` for
/// `#stablehlo.type_extensions<bounds = [16, ?]>`, as upstream parses it.
static Attribute parseBoundsShorthand(AsmParser &parser) {
  SmallVector<int64_t> bounds;
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::LessGreater, [&]() -> ParseResult {
        if (succeeded(parser.parseOptionalQuestion())) {
          bounds.push_back(ShapedType::kDynamic);
          return success();
        }
        return parser.parseInteger(bounds.emplace_back());
      }))
    return {};
  return TypeExtensionsAttr::get(parser.getContext(), bounds);
}

Attribute StableHLODialect::parseAttribute(DialectAsmParser &parser, Type type) const {
  SMLoc loc = parser.getCurrentLocation();
  StringRef mnemonic;
  Attribute attr;
  OptionalParseResult parsed = generatedAttributeParser(parser, &mnemonic, type, attr);
  if (parsed.has_value())
    return succeeded(*parsed) ? attr : Attribute();
  if (mnemonic == "bounds")
    return parseBoundsShorthand(parser);
  parser.emitError(loc) << "unknown attribute `" << mnemonic << "` in dialect `stablehlo`";
  return {};
}

void StableHLODialect::printAttribute(Attribute attr, DialectAsmPrinter &printer) const {
  // Upstream prints type extensions in the shorthand: `#stablehlo.bounds<16, ?>`.
  if (auto extensions = dyn_cast<TypeExtensionsAttr>(attr)) {
    printer << "bounds<";
    llvm::interleaveComma(extensions.getBounds(), printer, [&](int64_t bound) {
      if (ShapedType::isDynamic(bound))
        printer << '?';
      else
        printer << bound;
    });
    printer << '>';
    return;
  }
  (void)generatedAttributePrinter(attr, printer);
}

void TypeExtensionsAttr::print(AsmPrinter &printer) const {
  printer << "<bounds = [";
  llvm::interleaveComma(getBounds(), printer, [&](int64_t bound) {
    if (ShapedType::isDynamic(bound))
      printer << '?';
    else
      printer << bound;
  });
  printer << "]>";
}

//===- axis_ref ------------------------------------------------------------===//

Attribute AxisRefAttr::parse(AsmParser &parser, Type) {
  // `<name = "x">` or `<name = "x", sub_axis_info = (pre_size)size>`.
  std::string name;
  int64_t preSize = 0, size = 0;
  if (parser.parseLess() || parser.parseKeyword("name") ||
      parser.parseEqual() || parser.parseString(&name))
    return {};
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseKeyword("sub_axis_info") || parser.parseEqual() ||
        parser.parseLParen() || parser.parseInteger(preSize) ||
        parser.parseRParen() || parser.parseInteger(size))
      return {};
    if (preSize <= 0 || size <= 0) {
      parser.emitError(parser.getCurrentLocation())
          << "sub_axis_info sizes must be positive";
      return {};
    }
  }
  if (parser.parseGreater())
    return {};
  return get(parser.getContext(), name, preSize, size);
}

void AxisRefAttr::print(AsmPrinter &printer) const {
  printer << "<name = \"";
  llvm::printEscapedString(getName(), printer.getStream());
  printer << '"';
  if (getSubAxisSize() > 0)
    printer << ", sub_axis_info = (" << getSubAxisPreSize() << ')'
            << getSubAxisSize();
  printer << '>';
}

//===- conv ----------------------------------------------------------------===//

namespace {

/// One bracketed list of the compact form, e.g. `[b, 0, 1, f]`: the letters
/// name the batch/feature (or input/output feature) dimensions and the
/// numbers the spatial dimensions, each by its position in the list.
struct ConvLayout {
  int64_t first = -1, second = -1; // b and f, or i and o
  SmallVector<int64_t> spatial;
};

ParseResult parseConvLayout(AsmParser &parser, char firstLetter,
                            char secondLetter, ConvLayout &layout) {
  SmallVector<std::pair<int64_t, int64_t>> spatial; // (spatial index, dim)
  int64_t dim = 0;
  llvm::SMLoc start = parser.getCurrentLocation();
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() -> ParseResult {
        llvm::SMLoc loc = parser.getCurrentLocation();
        int64_t index;
        OptionalParseResult number = parser.parseOptionalInteger(index);
        if (number.has_value()) {
          if (failed(*number))
            return failure();
          if (index < 0)
            return parser.emitError(loc, "spatial index must be >= 0");
          spatial.push_back({index, dim++});
          return success();
        }
        StringRef letter;
        if (parser.parseKeyword(&letter))
          return failure();
        int64_t *slot = letter.size() == 1 && letter[0] == firstLetter
                            ? &layout.first
                        : letter.size() == 1 && letter[0] == secondLetter
                            ? &layout.second
                            : nullptr;
        if (!slot)
          return parser.emitError(loc)
                 << "expected '" << firstLetter << "', '" << secondLetter
                 << "' or a spatial index, but got '" << letter << "'";
        if (*slot != -1)
          return parser.emitError(loc)
                 << "'" << letter << "' appears twice";
        *slot = dim++;
        return success();
      }))
    return failure();
  if (layout.first == -1 || layout.second == -1)
    return parser.emitError(start) << "expected both '" << firstLetter
                                   << "' and '" << secondLetter << "'";
  layout.spatial.assign(spatial.size(), -1);
  for (auto [index, d] : spatial) {
    if (index >= static_cast<int64_t>(spatial.size()) ||
        layout.spatial[index] != -1)
      return parser.emitError(start)
             << "spatial indices must be 0.." << spatial.size() - 1
             << ", each once";
    layout.spatial[index] = d;
  }
  return success();
}

/// Prints the compact list, or returns false when the numbers cannot be
/// written that way (repeated or out-of-range dimensions).
bool printConvLayout(llvm::raw_ostream &os, int64_t first, char firstLetter,
                     int64_t second, char secondLetter,
                     ArrayRef<int64_t> spatial) {
  int64_t rank = 2 + spatial.size();
  SmallVector<std::string> names(rank);
  auto place = [&](int64_t dim, std::string name) {
    if (dim < 0 || dim >= rank || !names[dim].empty())
      return false;
    names[dim] = std::move(name);
    return true;
  };
  if (!place(first, std::string(1, firstLetter)) ||
      !place(second, std::string(1, secondLetter)))
    return false;
  for (auto [index, dim] : llvm::enumerate(spatial))
    if (!place(dim, std::to_string(index)))
      return false;
  os << '[' << llvm::join(names, ", ") << ']';
  return true;
}

} // namespace

Attribute ConvDimensionNumbersAttr::parse(AsmParser &parser, Type) {
  if (parser.parseLess())
    return {};
  MLIRContext *context = parser.getContext();
  if (succeeded(parser.parseOptionalKeyword("raw"))) {
    int64_t inBatch = 0, inFeature = 0, kIn = 0, kOut = 0, outBatch = 0,
            outFeature = 0;
    SmallVector<int64_t> inSpatial, kSpatial, outSpatial;
    Field fields[] = {{"input_batch_dimension", nullptr, &inBatch},
                      {"input_feature_dimension", nullptr, &inFeature},
                      {"input_spatial_dimensions", &inSpatial},
                      {"kernel_input_feature_dimension", nullptr, &kIn},
                      {"kernel_output_feature_dimension", nullptr, &kOut},
                      {"kernel_spatial_dimensions", &kSpatial},
                      {"output_batch_dimension", nullptr, &outBatch},
                      {"output_feature_dimension", nullptr, &outFeature},
                      {"output_spatial_dimensions", &outSpatial}};
    // The raw form continues the `<` already consumed.
    bool ok = true;
    do {
      llvm::SMLoc loc = parser.getCurrentLocation();
      StringRef name;
      if (parser.parseKeyword(&name))
        return {};
      Field *field =
          llvm::find_if(fields, [&](Field &f) { return f.name == name; });
      if (field == std::end(fields)) {
        parser.emitError(loc) << "unknown convolution dimension field '"
                              << name << "'";
        return {};
      }
      if (parser.parseEqual() ||
          (field->list ? parseIntArray(parser, *field->list)
                       : parser.parseInteger(*field->scalar)))
        return {};
    } while (ok && succeeded(parser.parseOptionalComma()));
    if (parser.parseGreater())
      return {};
    return get(context, inBatch, inFeature, inSpatial, kIn, kOut, kSpatial,
               outBatch, outFeature, outSpatial);
  }
  ConvDimensionNumbersAttr compact = parseConvDimensionsBody(parser);
  if (!compact || parser.parseGreater())
    return {};
  return compact;
}

ConvDimensionNumbersAttr
oxla::stablehlo::parseConvDimensionsBody(AsmParser &parser) {
  ConvLayout input, kernel, output;
  if (parseConvLayout(parser, 'b', 'f', input) || parser.parseKeyword("x") ||
      parseConvLayout(parser, 'i', 'o', kernel) || parser.parseArrow() ||
      parseConvLayout(parser, 'b', 'f', output))
    return {};
  return ConvDimensionNumbersAttr::get(
      parser.getContext(), input.first, input.second, input.spatial,
      kernel.first, kernel.second, kernel.spatial, output.first, output.second,
      output.spatial);
}

bool oxla::stablehlo::printConvDimensionsBody(llvm::raw_ostream &os,
                                              ConvDimensionNumbersAttr dims) {
  return printConvLayout(os, dims.getInputBatchDimension(), 'b',
                         dims.getInputFeatureDimension(), 'f',
                         dims.getInputSpatialDimensions()) &&
         (os << 'x', true) &&
         printConvLayout(os, dims.getKernelInputFeatureDimension(), 'i',
                         dims.getKernelOutputFeatureDimension(), 'o',
                         dims.getKernelSpatialDimensions()) &&
         (os << "->", true) &&
         printConvLayout(os, dims.getOutputBatchDimension(), 'b',
                         dims.getOutputFeatureDimension(), 'f',
                         dims.getOutputSpatialDimensions());
}

void ConvDimensionNumbersAttr::print(AsmPrinter &printer) const {
  std::string compact;
  llvm::raw_string_ostream os(compact);
  bool ok = printConvDimensionsBody(os, *this);
  if (ok) {
    printer << '<' << os.str() << '>';
    return;
  }
  printer << "<raw ";
  FieldPrinter{printer}
      .scalar("input_batch_dimension", getInputBatchDimension())
      .scalar("input_feature_dimension", getInputFeatureDimension())
      .list("input_spatial_dimensions", getInputSpatialDimensions())
      .scalar("kernel_input_feature_dimension",
              getKernelInputFeatureDimension())
      .scalar("kernel_output_feature_dimension",
              getKernelOutputFeatureDimension())
      .list("kernel_spatial_dimensions", getKernelSpatialDimensions())
      .scalar("output_batch_dimension", getOutputBatchDimension())
      .scalar("output_feature_dimension", getOutputFeatureDimension())
      .list("output_spatial_dimensions", getOutputSpatialDimensions());
  printer << '>';
}
