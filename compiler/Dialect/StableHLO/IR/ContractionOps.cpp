//===- ContractionOps.cpp - dot_general, convolution, linear algebra ------===//
//
// Spec sections dot_general, convolution, batch_norm_*, cholesky,
// triangular_solve and fft, plus the deprecated dot and the dynamic_conv of
// the dynamism category. Result shapes are inferred by one function per op
// and compared with the declared type.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/StableHLO/IR/AssemblyDirectives.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace oxla::stablehlo;

//===- Directives ----------------------------------------------------------===//

/// `, precision = [DEFAULT, HIGH]` (absent when there is no config).
static ParseResult parsePrecisionList(OpAsmParser &parser, ArrayAttr &config) {
  SmallVector<Attribute> values;
  if (parser.parseEqual() ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() -> ParseResult {
        llvm::SMLoc loc = parser.getCurrentLocation();
        StringRef keyword;
        if (parser.parseKeyword(&keyword))
          return failure();
        std::optional<Precision> precision = symbolizePrecision(keyword);
        if (!precision)
          return parser.emitError(loc) << "expected DEFAULT, HIGH or HIGHEST, got '"
                                       << keyword << "'";
        values.push_back(PrecisionAttr::get(parser.getContext(), *precision));
        return success();
      }))
    return failure();
  config = ArrayAttr::get(parser.getContext(), values);
  return success();
}

static void printPrecisionList(OpAsmPrinter &printer, ArrayAttr config) {
  printer << "precision = [";
  llvm::interleaveComma(config, printer, [&](Attribute attr) {
    printer << stringifyPrecision(cast<PrecisionAttr>(attr).getValue());
  });
  printer << ']';
}

static ParseResult parsePrecisionConfig(OpAsmParser &parser, ArrayAttr &config) {
  if (failed(parser.parseOptionalComma()))
    return success();
  if (parser.parseKeyword("precision"))
    return failure();
  return parsePrecisionList(parser, config);
}

static void printPrecisionConfig(OpAsmPrinter &printer, Operation *,
                                 ArrayAttr config) {
  if (!config || config.empty())
    return;
  printer << ", ";
  printPrecisionList(printer, config);
}

static ParseResult parseConvDimensions(OpAsmParser &parser,
                                       ConvDimensionNumbersAttr &dims) {
  dims = parseConvDimensionsBody(parser);
  return success(static_cast<bool>(dims));
}

static void printConvDimensions(OpAsmPrinter &printer, Operation *,
                                ConvDimensionNumbersAttr dims) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (printConvDimensionsBody(os, dims))
    printer << os.str();
  else
    printer << "#stablehlo.conv" << dims; // not expressible compactly
}

/// `stride = [..], pad = [[l, h], ..], lhs_dilate = [..], rhs_dilate = [..],
/// reverse = [true, false]`, each optional, inside the braces.
static ParseResult parseWindowAttributes(OpAsmParser &parser,
                                         DenseI64ArrayAttr &strides,
                                         DenseIntElementsAttr &padding,
                                         DenseI64ArrayAttr &lhsDilation,
                                         DenseI64ArrayAttr &rhsDilation,
                                         DenseBoolArrayAttr &reversal) {
  MLIRContext *context = parser.getContext();
  StringRef keyword;
  while (succeeded(parser.parseOptionalKeyword(&keyword))) {
    llvm::SMLoc loc = parser.getCurrentLocation();
    if (parser.parseEqual())
      return failure();
    if (keyword == "stride" || keyword == "lhs_dilate" || keyword == "rhs_dilate") {
      DenseI64ArrayAttr &slot = keyword == "stride"       ? strides
                                : keyword == "lhs_dilate" ? lhsDilation
                                                          : rhsDilation;
      if (parseDims(parser, slot))
        return failure();
    } else if (keyword == "pad") {
      SmallVector<int64_t> values;
      int64_t rows = 0;
      if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() -> ParseResult {
            SmallVector<int64_t> pair;
            if (parseIntArray(parser, pair))
              return failure();
            if (pair.size() != 2)
              return parser.emitError(parser.getCurrentLocation(),
                                      "expected [low, high] padding pairs");
            values.append(pair);
            ++rows;
            return success();
          }))
        return failure();
      auto type = RankedTensorType::get({rows, 2}, IntegerType::get(context, 64));
      padding = DenseIntElementsAttr::get(type, values);
    } else if (keyword == "reverse") {
      SmallVector<bool> flags;
      if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() -> ParseResult {
            StringRef word;
            int64_t number;
            if (succeeded(parser.parseOptionalKeyword(&word))) {
              if (word != "true" && word != "false")
                return parser.emitError(loc, "expected true or false");
              flags.push_back(word == "true");
              return success();
            }
            if (parser.parseInteger(number))
              return failure();
            flags.push_back(number != 0);
            return success();
          }))
        return failure();
      reversal = DenseBoolArrayAttr::get(context, flags);
    } else {
      return parser.emitError(loc) << "unknown window attribute '" << keyword
                                   << "', expected stride, pad, lhs_dilate, "
                                      "rhs_dilate or reverse";
    }
    if (failed(parser.parseOptionalComma()))
      break;
  }
  return success();
}

static void printWindowAttributes(OpAsmPrinter &printer, Operation *,
                                  DenseI64ArrayAttr strides,
                                  DenseIntElementsAttr padding,
                                  DenseI64ArrayAttr lhsDilation,
                                  DenseI64ArrayAttr rhsDilation,
                                  DenseBoolArrayAttr reversal) {
  SmallVector<std::string> parts;
  auto list = [](ArrayRef<int64_t> values) {
    std::string text = "[";
    for (auto [i, v] : llvm::enumerate(values))
      text += (i ? ", " : "") + std::to_string(v);
    return text + "]";
  };
  if (strides)
    parts.push_back("stride = " + list(strides.asArrayRef()));
  if (padding) {
    SmallVector<int64_t> values(padding.getValues<int64_t>());
    std::string text = "pad = [";
    for (size_t i = 0; i + 1 < values.size(); i += 2)
      text += (i ? ", " : "") + list({values[i], values[i + 1]});
    parts.push_back(text + "]");
  }
  if (lhsDilation)
    parts.push_back("lhs_dilate = " + list(lhsDilation.asArrayRef()));
  if (rhsDilation)
    parts.push_back("rhs_dilate = " + list(rhsDilation.asArrayRef()));
  if (reversal) {
    std::string text = "reverse = [";
    for (auto [i, v] : llvm::enumerate(reversal.asArrayRef()))
      text += std::string(i ? ", " : "") + (v ? "true" : "false");
    parts.push_back(text + "]");
  }
  printer << llvm::join(parts, ", ");
}

#define GET_OP_CLASSES
#include "compiler/Dialect/StableHLO/IR/ContractionOps.cpp.inc"

//===- Shared checks -------------------------------------------------------===//

/// `dims` are unique and each in [0, rank).
static LogicalResult checkDims(Operation *op, StringRef label, StringRef name,
                               ArrayRef<int64_t> dims, int64_t rank) {
  llvm::SmallSet<int64_t, 8> seen;
  for (int64_t d : dims) {
    if (d < 0 || d >= rank)
      return op->emitOpError() << label << " " << name << " must be in [0, "
                               << rank << "), but contains " << d;
    if (!seen.insert(d).second)
      return op->emitOpError() << label << " " << name
                               << " must be unique, but " << d << " repeats";
  }
  return success();
}

static bool sizesMatch(int64_t a, int64_t b) {
  return ShapedType::isDynamic(a) || ShapedType::isDynamic(b) || a == b;
}

/// The declared result shape agrees with the inferred one.
static LogicalResult checkResultShape(Operation *op, StringRef label,
                                      ArrayRef<int64_t> inferred, Type result) {
  auto type = cast<RankedTensorType>(result);
  if (failed(verifyCompatibleShape(type.getShape(), inferred))) {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << '[';
    llvm::interleaveComma(inferred, os, [&](int64_t d) {
      if (ShapedType::isDynamic(d))
        os << '?';
      else
        os << d;
    });
    os << ']';
    return op->emitOpError() << label << " requires result shape " << os.str()
                             << ", but got " << result;
  }
  return success();
}

//===- dot_general ---------------------------------------------------------===//

/// Spec dot_general C1-C12 and the result shape (C13): batch dims, then the
/// lhs free dims, then the rhs free dims.
static FailureOr<SmallVector<int64_t>>
inferDotGeneralShape(Operation *op, RankedTensorType lhs, RankedTensorType rhs,
                     DotDimensionNumbersAttr dims) {
  ArrayRef<int64_t> lb = dims.getLhsBatchingDimensions();
  ArrayRef<int64_t> rb = dims.getRhsBatchingDimensions();
  ArrayRef<int64_t> lc = dims.getLhsContractingDimensions();
  ArrayRef<int64_t> rc = dims.getRhsContractingDimensions();
  if (lb.size() != rb.size())
    return op->emitOpError() << "(C1) requires as many lhs as rhs batching "
                                "dimensions, but got " << lb.size() << " and " << rb.size();
  if (lc.size() != rc.size())
    return op->emitOpError() << "(C2) requires as many lhs as rhs contracting "
                                "dimensions, but got " << lc.size() << " and " << rc.size();
  SmallVector<int64_t> lhsAll(lb), rhsAll(rb);
  lhsAll.append(lc.begin(), lc.end());
  rhsAll.append(rc.begin(), rc.end());
  if (failed(checkDims(op, "(C3, C5)", "lhs batching and contracting dimensions",
                       lhsAll, lhs.getRank())) ||
      failed(checkDims(op, "(C4, C6)", "rhs batching and contracting dimensions",
                       rhsAll, rhs.getRank())))
    return failure();
  for (auto [l, r] : llvm::zip(lb, rb))
    if (!sizesMatch(lhs.getDimSize(l), rhs.getDimSize(r)))
      return op->emitOpError() << "(C7) requires lhs batching dimension " << l
                               << " and rhs batching dimension " << r
                               << " to have one size, but got "
                               << lhs.getDimSize(l) << " and " << rhs.getDimSize(r);
  for (auto [l, r] : llvm::zip(lc, rc))
    if (!sizesMatch(lhs.getDimSize(l), rhs.getDimSize(r)))
      return op->emitOpError() << "(C8) requires lhs contracting dimension " << l
                               << " and rhs contracting dimension " << r
                               << " to have one size, but got "
                               << lhs.getDimSize(l) << " and " << rhs.getDimSize(r);
  SmallVector<int64_t> shape;
  for (int64_t d : lb)
    shape.push_back(lhs.getDimSize(d));
  for (int64_t d = 0; d < lhs.getRank(); ++d)
    if (!llvm::is_contained(lhsAll, d))
      shape.push_back(lhs.getDimSize(d));
  for (int64_t d = 0; d < rhs.getRank(); ++d)
    if (!llvm::is_contained(rhsAll, d))
      shape.push_back(rhs.getDimSize(d));
  return shape;
}

static LogicalResult verifyPrecisionConfig(Operation *op, std::optional<ArrayAttr> config,
                                           StringRef label) {
  if (config && config->size() > 2)
    return op->emitOpError() << label << " requires at most 2 precision_config "
                                         "values, but got " << config->size();
  return success();
}

LogicalResult DotGeneralOp::verify() {
  auto lhs = cast<RankedTensorType>(getLhs().getType());
  auto rhs = cast<RankedTensorType>(getRhs().getType());
  if (failed(verifyPrecisionConfig(*this, getPrecisionConfig(), "(C11)")))
    return failure();
  FailureOr<SmallVector<int64_t>> shape =
      inferDotGeneralShape(*this, lhs, rhs, getDotDimensionNumbers());
  if (failed(shape))
    return failure();
  return checkResultShape(*this, "(C13)", *shape, getType());
}

ParseResult DotGeneralOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand lhs, rhs;
  if (parser.parseOperand(lhs) || parser.parseComma() || parser.parseOperand(rhs))
    return failure();
  SmallVector<int64_t> lb, rb, lc, rc;
  ArrayAttr precision;
  Attribute algorithm;
  while (succeeded(parser.parseOptionalComma())) {
    llvm::SMLoc loc = parser.getCurrentLocation();
    StringRef keyword;
    if (parser.parseKeyword(&keyword))
      return failure();
    if (keyword == "batching_dims" || keyword == "contracting_dims") {
      auto &l = keyword == "batching_dims" ? lb : lc;
      auto &r = keyword == "batching_dims" ? rb : rc;
      if (parser.parseEqual() || parseIntArray(parser, l) ||
          parser.parseKeyword("x") || parseIntArray(parser, r))
        return failure();
    } else if (keyword == "precision") {
      if (parsePrecisionList(parser, precision))
        return failure();
    } else if (keyword == "algorithm") {
      if (parser.parseEqual())
        return failure();
      algorithm = DotAlgorithmAttr::parse(parser, Type());
      if (!algorithm)
        return failure();
    } else {
      return parser.emitError(loc) << "unknown dot_general field '" << keyword
                                   << "', expected batching_dims, "
                                      "contracting_dims, precision or algorithm";
    }
  }
  MLIRContext *context = parser.getContext();
  Properties &props = result.getOrAddProperties<Properties>();
  props.dot_dimension_numbers = DotDimensionNumbersAttr::get(context, lb, rb, lc, rc);
  if (precision)
    props.precision_config = precision;
  if (algorithm)
    props.algorithm = cast<DotAlgorithmAttr>(algorithm);
  FunctionType type;
  llvm::SMLoc typeLoc = parser.getCurrentLocation();
  if (parser.parseOptionalAttrDict(result.attributes) || parser.parseColonType(type))
    return failure();
  if (type.getNumInputs() != 2 || type.getNumResults() != 1)
    return parser.emitError(typeLoc, "expected (lhs, rhs) -> result");
  result.addTypes(type.getResults());
  return parser.resolveOperands({lhs, rhs}, type.getInputs(), typeLoc,
                                result.operands);
}

void DotGeneralOp::print(OpAsmPrinter &printer) {
  DotDimensionNumbersAttr dims = getDotDimensionNumbers();
  printer << ' ' << getLhs() << ", " << getRhs();
  if (!dims.getLhsBatchingDimensions().empty() ||
      !dims.getRhsBatchingDimensions().empty()) {
    printer << ", batching_dims = ";
    printIntArray(printer, dims.getLhsBatchingDimensions());
    printer << " x ";
    printIntArray(printer, dims.getRhsBatchingDimensions());
  }
  printer << ", contracting_dims = ";
  printIntArray(printer, dims.getLhsContractingDimensions());
  printer << " x ";
  printIntArray(printer, dims.getRhsContractingDimensions());
  if (std::optional<ArrayAttr> precision = getPrecisionConfig()) {
    printer << ", ";
    printPrecisionList(printer, *precision);
  }
  if (std::optional<DotAlgorithmAttr> algorithm = getAlgorithm()) {
    printer << ", algorithm = ";
    algorithm->print(printer);
  }
  printer.printOptionalAttrDict((*this)->getAttrs(),
                                {"dot_dimension_numbers", "precision_config", "algorithm"});
  printer << " : ";
  printer.printFunctionalType(*this);
}

//===- dot -----------------------------------------------------------------===//

LogicalResult DotOp::verify() {
  auto lhs = cast<RankedTensorType>(getLhs().getType());
  auto rhs = cast<RankedTensorType>(getRhs().getType());
  if (failed(verifyPrecisionConfig(*this, getPrecisionConfig(), "dot")))
    return failure();
  if (lhs.getRank() < 1 || lhs.getRank() > 2 || rhs.getRank() < 1 || rhs.getRank() > 2)
    return emitOpError() << "requires operands of rank 1 or 2, but got "
                         << lhs << " and " << rhs;
  // dot contracts the last lhs dimension with the first rhs dimension.
  if (!sizesMatch(lhs.getShape().back(), rhs.getDimSize(0)))
    return emitOpError() << "requires the last dimension of lhs to match the "
                            "first of rhs, but got " << lhs << " and " << rhs;
  SmallVector<int64_t> shape(lhs.getShape().drop_back());
  shape.append(rhs.getShape().begin() + 1, rhs.getShape().end());
  return checkResultShape(*this, "dot", shape, getType());
}

//===- convolution ---------------------------------------------------------===//

namespace {
struct WindowConfig {
  SmallVector<int64_t> strides, lhsDilation, rhsDilation, padding; // padding: 2 per dim
};
} // namespace

/// Spec convolution C1-C28: checks the configuration and infers the result
/// shape (C26). `padding` may be absent when it is a runtime operand.
static FailureOr<SmallVector<int64_t>>
inferConvolutionShape(Operation *op, RankedTensorType lhs, RankedTensorType rhs,
                      ConvDimensionNumbersAttr dn, WindowConfig window,
                      bool paddingKnown, std::optional<ArrayRef<bool>> reversal,
                      int64_t featureGroups, int64_t batchGroups) {
  int64_t rank = lhs.getRank();
  if (rhs.getRank() != rank)
    return op->emitOpError() << "(C1) requires lhs and rhs of one rank, but got "
                             << lhs << " and " << rhs;
  if (rank < 2)
    return op->emitOpError() << "(C1) requires operands of rank >= 2";
  size_t spatial = rank - 2;
  auto sized = [&](SmallVector<int64_t> &values, StringRef label, StringRef name) -> LogicalResult {
    if (values.empty())
      values.assign(spatial, 1);
    if (values.size() != spatial)
      return op->emitOpError() << label << " requires " << spatial << " " << name
                               << ", but got " << values.size();
    for (int64_t v : values)
      if (v <= 0)
        return op->emitOpError() << label << " requires positive " << name
                                 << ", but got " << v;
    return success();
  };
  if (failed(sized(window.strides, "(C3, C4)", "window_strides")) ||
      failed(sized(window.lhsDilation, "(C6, C7)", "lhs_dilation")) ||
      failed(sized(window.rhsDilation, "(C8, C9)", "rhs_dilation")))
    return failure();
  if (window.padding.empty())
    window.padding.assign(2 * spatial, 0);
  if (paddingKnown && window.padding.size() != 2 * spatial)
    return op->emitOpError() << "(C5) requires padding of shape [" << spatial
                             << ", 2]";
  if (reversal && reversal->size() != spatial)
    return op->emitOpError() << "(C10) requires " << spatial
                             << " window_reversal values, but got " << reversal->size();

  SmallVector<int64_t> input{dn.getInputBatchDimension()};
  input.append(dn.getInputSpatialDimensions().begin(), dn.getInputSpatialDimensions().end());
  input.push_back(dn.getInputFeatureDimension());
  SmallVector<int64_t> kernel(dn.getKernelSpatialDimensions());
  kernel.push_back(dn.getKernelInputFeatureDimension());
  kernel.push_back(dn.getKernelOutputFeatureDimension());
  SmallVector<int64_t> output{dn.getOutputBatchDimension()};
  output.append(dn.getOutputSpatialDimensions().begin(), dn.getOutputSpatialDimensions().end());
  output.push_back(dn.getOutputFeatureDimension());
  if (dn.getInputSpatialDimensions().size() != spatial)
    return op->emitOpError() << "(C13) requires " << spatial << " input spatial dimensions";
  if (dn.getKernelSpatialDimensions().size() != spatial)
    return op->emitOpError() << "(C18) requires " << spatial << " kernel spatial dimensions";
  if (dn.getOutputSpatialDimensions().size() != spatial)
    return op->emitOpError() << "(C20) requires " << spatial << " output spatial dimensions";
  if (failed(checkDims(op, "(C14)", "input dimensions", input, rank)) ||
      failed(checkDims(op, "(C19)", "kernel dimensions", kernel, rank)) ||
      failed(checkDims(op, "(C21)", "output dimensions", output, rank)))
    return failure();
  if (featureGroups <= 0)
    return op->emitOpError() << "(C22) requires feature_group_count > 0";
  if (batchGroups <= 0)
    return op->emitOpError() << "(C23) requires batch_group_count > 0";
  if (featureGroups != 1 && batchGroups != 1)
    return op->emitOpError() << "(C24) requires feature_group_count or "
                                "batch_group_count to be 1";
  int64_t inBatch = lhs.getDimSize(dn.getInputBatchDimension());
  int64_t inFeature = lhs.getDimSize(dn.getInputFeatureDimension());
  int64_t kIn = rhs.getDimSize(dn.getKernelInputFeatureDimension());
  int64_t kOut = rhs.getDimSize(dn.getKernelOutputFeatureDimension());
  auto divisible = [](int64_t size, int64_t by) {
    return ShapedType::isDynamic(size) || size % by == 0;
  };
  if (!divisible(inBatch, batchGroups))
    return op->emitOpError() << "(C11) requires the input batch size " << inBatch
                             << " to be a multiple of batch_group_count " << batchGroups;
  if (!divisible(inFeature, featureGroups))
    return op->emitOpError() << "(C12) requires the input feature size " << inFeature
                             << " to be a multiple of feature_group_count " << featureGroups;
  if (!ShapedType::isDynamic(inFeature) && !sizesMatch(kIn, inFeature / featureGroups))
    return op->emitOpError() << "(C15) requires kernel input features "
                             << inFeature / featureGroups << ", but got " << kIn;
  if (!divisible(kOut, batchGroups))
    return op->emitOpError() << "(C16) requires kernel output features to be a "
                                "multiple of batch_group_count";
  if (!divisible(kOut, featureGroups))
    return op->emitOpError() << "(C17) requires kernel output features to be a "
                                "multiple of feature_group_count";

  SmallVector<int64_t> shape(rank, ShapedType::kDynamic);
  shape[dn.getOutputBatchDimension()] =
      ShapedType::isDynamic(inBatch) ? inBatch : inBatch / batchGroups;
  shape[dn.getOutputFeatureDimension()] = kOut;
  for (size_t s = 0; s < spatial; ++s) {
    int64_t in = lhs.getDimSize(dn.getInputSpatialDimensions()[s]);
    int64_t k = rhs.getDimSize(dn.getKernelSpatialDimensions()[s]);
    int64_t &out = shape[dn.getOutputSpatialDimensions()[s]];
    if (!paddingKnown || ShapedType::isDynamic(in) || ShapedType::isDynamic(k))
      continue;
    int64_t dilatedIn = in == 0 ? 0 : (in - 1) * window.lhsDilation[s] + 1;
    int64_t padded = window.padding[2 * s] + dilatedIn + window.padding[2 * s + 1];
    int64_t dilatedWindow = k == 0 ? 0 : (k - 1) * window.rhsDilation[s] + 1;
    out = (padded <= 0 || dilatedWindow > padded)
              ? 0
              : (padded - dilatedWindow) / window.strides[s] + 1;
  }
  return shape;
}

static SmallVector<int64_t> valuesOf(std::optional<ArrayRef<int64_t>> attr) {
  return attr ? SmallVector<int64_t>(attr->begin(), attr->end()) : SmallVector<int64_t>();
}

LogicalResult ConvolutionOp::verify() {
  auto lhs = cast<RankedTensorType>(getLhs().getType());
  auto rhs = cast<RankedTensorType>(getRhs().getType());
  if (failed(verifyPrecisionConfig(*this, getPrecisionConfig(), "(C25)")))
    return failure();
  WindowConfig window{valuesOf(getWindowStrides()), valuesOf(getLhsDilation()),
                      valuesOf(getRhsDilation()), {}};
  if (std::optional<DenseIntElementsAttr> padding = getPadding()) {
    auto type = cast<ShapedType>(padding->getType());
    if (type.getRank() != 2 || type.getDimSize(1) != 2)
      return emitOpError() << "(C5) requires padding of shape [N, 2], but got "
                           << padding->getType();
    for (int64_t v : padding->getValues<int64_t>())
      window.padding.push_back(v);
  }
  FailureOr<SmallVector<int64_t>> shape = inferConvolutionShape(
      *this, lhs, rhs, getDimensionNumbers(), window, /*paddingKnown=*/true,
      getWindowReversal(), getFeatureGroupCount(), getBatchGroupCount());
  if (failed(shape))
    return failure();
  auto result = cast<RankedTensorType>(getType());
  if (result.getRank() != lhs.getRank())
    return emitOpError() << "(C28) requires a result of rank " << lhs.getRank();
  return checkResultShape(*this, "(C26)", *shape, result);
}

LogicalResult DynamicConvOp::verify() {
  auto lhs = cast<RankedTensorType>(getLhs().getType());
  auto rhs = cast<RankedTensorType>(getRhs().getType());
  WindowConfig window{valuesOf(getWindowStrides()), valuesOf(getLhsDilation()),
                      valuesOf(getRhsDilation()), {}};
  FailureOr<SmallVector<int64_t>> shape = inferConvolutionShape(
      *this, lhs, rhs, getDimensionNumbers(), window, /*paddingKnown=*/false,
      getWindowReversal(), getFeatureGroupCount(), getBatchGroupCount());
  if (failed(shape))
    return failure();
  return checkResultShape(*this, "dynamic_conv", *shape, getType());
}

//===- batch_norm_* --------------------------------------------------------===//

/// feature_index in range (C1) and each per-feature tensor 1-D of the
/// feature size (the spec's C2-C5 of each op).
static LogicalResult verifyBatchNorm(Operation *op, Value operand,
                                     int64_t featureIndex, ValueRange features) {
  auto type = cast<RankedTensorType>(operand.getType());
  if (featureIndex < 0 || featureIndex >= type.getRank())
    return op->emitOpError() << "(C1) requires feature_index in [0, "
                             << type.getRank() << "), but got " << featureIndex;
  int64_t size = type.getDimSize(featureIndex);
  for (Value feature : features) {
    auto featureType = cast<RankedTensorType>(feature.getType());
    if (featureType.getRank() != 1 || !sizesMatch(featureType.getDimSize(0), size))
      return op->emitOpError() << "requires per-feature tensors of shape ["
                               << size << "], but got " << featureType;
    if (featureType.getElementType() != type.getElementType())
      return op->emitOpError() << "requires per-feature tensors of element type "
                               << type.getElementType();
  }
  return success();
}

static LogicalResult sameShape(Operation *op, Value a, Value b, StringRef label) {
  if (failed(verifyCompatibleShape(a.getType(), b.getType())))
    return op->emitOpError() << label << " requires " << b.getType()
                             << " to have the shape of " << a.getType();
  return success();
}

LogicalResult BatchNormGradOp::verify() {
  if (failed(verifyBatchNorm(*this, getOperand(), getFeatureIndex(),
                             {getScale(), getMean(), getVariance(),
                              getGradScale(), getGradOffset()})))
    return failure();
  if (failed(sameShape(*this, getOperand(), getGradOutput(), "(C2)")) ||
      failed(sameShape(*this, getOperand(), getGradOperand(), "(C2)")))
    return failure();
  return success();
}

LogicalResult BatchNormInferenceOp::verify() {
  if (failed(verifyBatchNorm(*this, getOperand(), getFeatureIndex(),
                             {getScale(), getOffset(), getMean(), getVariance()})))
    return failure();
  return sameShape(*this, getOperand(), getResult(), "(C7)");
}

LogicalResult BatchNormTrainingOp::verify() {
  if (failed(verifyBatchNorm(*this, getOperand(), getFeatureIndex(),
                             {getScale(), getOffset(), getBatchMean(), getBatchVar()})))
    return failure();
  return sameShape(*this, getOperand(), getOutput(), "(C5)");
}

//===- cholesky, triangular_solve ------------------------------------------===//

LogicalResult CholeskyOp::verify() {
  auto a = cast<RankedTensorType>(getA().getType());
  // C1: same type as the result; C2: rank >= 2; C3: square matrices.
  if (failed(verifyCompatibleShape(a, getResult().getType())) ||
      a.getElementType() != getResult().getType().getElementType())
    return emitOpError() << "(C1) requires the result type " << a;
  if (a.getRank() < 2)
    return emitOpError() << "(C2) requires rank >= 2, but got " << a;
  if (!sizesMatch(a.getDimSize(a.getRank() - 1), a.getDimSize(a.getRank() - 2)))
    return emitOpError() << "(C3) requires square matrices, but got " << a;
  return success();
}

LogicalResult TriangularSolveOp::verify() {
  auto a = cast<RankedTensorType>(getA().getType());
  auto b = cast<RankedTensorType>(getB().getType());
  int64_t rank = a.getRank();
  if (a.getElementType() != b.getElementType())
    return emitOpError() << "(C1) requires a and b of one element type";
  if (rank < 2 || b.getRank() != rank)
    return emitOpError() << "(C2) requires a and b of one rank >= 2, but got "
                         << a << " and " << b;
  for (int64_t d = 0; d + 2 < rank; ++d)
    if (!sizesMatch(a.getDimSize(d), b.getDimSize(d)))
      return emitOpError() << "(C3) requires equal batch dimensions, but got "
                           << a << " and " << b;
  if (!sizesMatch(a.getDimSize(rank - 1), a.getDimSize(rank - 2)))
    return emitOpError() << "(C3) requires square matrices a, but got " << a;
  int64_t bDim = getLeftSide() ? b.getDimSize(rank - 2) : b.getDimSize(rank - 1);
  if (!sizesMatch(bDim, a.getDimSize(rank - 1)))
    return emitOpError() << "(C4) requires b's " << (getLeftSide() ? "rows" : "columns")
                         << " to match a's size " << a.getDimSize(rank - 1);
  if (getTransposeA() == Transpose::TRANSPOSE_INVALID)
    return emitOpError() << "requires transpose_a to be NO_TRANSPOSE, "
                            "TRANSPOSE or ADJOINT";
  if (failed(verifyCompatibleShape(b, getResult().getType())))
    return emitOpError() << "(C5) requires the result type " << b;
  return success();
}

//===- fft -----------------------------------------------------------------===//

LogicalResult FftOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getType());
  ArrayRef<int64_t> length = getFftLength();
  if (length.empty() || length.size() > 3)
    return emitOpError() << "(C3) requires 1 to 3 fft_length values, but got "
                         << length.size();
  if (operand.getRank() < static_cast<int64_t>(length.size()))
    return emitOpError() << "(C1) requires rank(operand) >= size(fft_length)";
  FftType kind = getFftType();
  Type in = operand.getElementType(), out = result.getElementType();
  auto complexOf = [](Type t) { return ComplexType::get(t); };
  bool types =
      (kind == FftType::FFT || kind == FftType::IFFT) ? (isa<ComplexType>(in) && in == out)
      : kind == FftType::RFFT ? (isa<FloatType>(in) && out == complexOf(in))
                              : (isa<FloatType>(out) && in == complexOf(out));
  if (!types)
    return emitOpError() << "(C2) element types " << in << " -> " << out
                         << " do not fit fft_type " << stringifyFftType(kind);
  RankedTensorType real = kind == FftType::RFFT ? operand
                          : kind == FftType::IRFFT ? result
                                                   : RankedTensorType();
  if (real) {
    ArrayRef<int64_t> trailing = real.getShape().take_back(length.size());
    if (failed(verifyCompatibleShape(trailing, length)))
      return emitOpError() << "(C4) requires the trailing dimensions of " << real
                           << " to equal fft_length";
  }
  if (result.getRank() != operand.getRank())
    return emitOpError() << "(C5) requires operand and result of one rank";
  for (int64_t d = 0; d < operand.getRank(); ++d) {
    int64_t expected = operand.getDimSize(d), got = result.getDimSize(d);
    if (d == operand.getRank() - 1 && !ShapedType::isDynamic(expected)) {
      if (kind == FftType::RFFT)
        expected = expected == 0 ? 0 : expected / 2 + 1;
      else if (kind == FftType::IRFFT) {
        // dim(operand, -1) = dim(result, -1) / 2 + 1
        if (!ShapedType::isDynamic(got) && (got == 0 ? 0 : got / 2 + 1) != expected)
          return emitOpError() << "(C5) requires dim(operand, -1) = "
                                  "dim(result, -1) / 2 + 1";
        continue;
      }
    }
    if (!sizesMatch(expected, got))
      return emitOpError() << "(C5) requires result dimension " << d << " of size "
                           << expected << ", but got " << got;
  }
  return success();
}
