//===- ConvolutionOps.cpp - Spec convolution and dynamic_conv -------------===//
//
// Pretty syntax (dim_numbers and window directives) and the verifiers of
// convolution and dynamic_conv. The result shape is inferred by
// inferConvolutionShape and compared with the declared result.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/StableHLO/IR/AssemblyDirectives.h"
#include "compiler/Dialect/StableHLO/IR/ContractionSupport.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "compiler/Dialect/StableHLO/IR/VerifierSupport.h"

#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"

using namespace mlir;
using namespace oxla::stablehlo;

//===----------------------------------------------------------------------===//
// Custom directives (used by the generated parsers and printers).
//===----------------------------------------------------------------------===//

/// `[b, 0, 1, f]`: letters name the batch/feature (or input/output feature)
/// dimensions, numbers the spatial dimensions, by position in the list.
static ParseResult parseLayout(OpAsmParser &parser, char first, char second,
                               int64_t &firstDim, int64_t &secondDim,
                               SmallVectorImpl<int64_t> &spatial) {
  llvm::SMLoc start = parser.getCurrentLocation();
  SmallVector<std::pair<int64_t, int64_t>> numbered;
  int64_t dim = 0;
  firstDim = secondDim = -1;
  if (parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            int64_t index;
            OptionalParseResult number = parser.parseOptionalInteger(index);
            if (number.has_value()) {
              if (failed(*number))
                return failure();
              numbered.push_back({index, dim++});
              return success();
            }
            llvm::SMLoc loc = parser.getCurrentLocation();
            StringRef letter;
            if (parser.parseKeyword(&letter))
              return failure();
            int64_t *slot = letter == StringRef(&first, 1)    ? &firstDim
                            : letter == StringRef(&second, 1) ? &secondDim
                                                              : nullptr;
            if (!slot || *slot != -1)
              return parser.emitError(loc)
                     << "expected '" << first << "', '" << second
                     << "' (once each) or a spatial index, but got '"
                     << letter << "'";
            *slot = dim++;
            return success();
          }))
    return failure();
  if (firstDim == -1 || secondDim == -1)
    return parser.emitError(start)
           << "expected both '" << first << "' and '" << second << "'";
  spatial.assign(numbered.size(), -1);
  for (auto [index, d] : numbered) {
    if (index < 0 || index >= static_cast<int64_t>(numbered.size()) ||
        spatial[index] != -1)
      return parser.emitError(start) << "spatial indices must be 0.."
                                     << numbered.size() - 1 << ", each once";
    spatial[index] = d;
  }
  return success();
}

/// `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`, or a full
/// `#stablehlo.conv<...>` attribute.
static ParseResult parseConvDimensions(OpAsmParser &parser,
                                       ConvDimensionNumbersAttr &attr) {
  if (failed(parser.parseOptionalLSquare())) {
    llvm::SMLoc loc = parser.getCurrentLocation();
    Attribute any;
    if (parser.parseAttribute(any))
      return failure();
    attr = dyn_cast<ConvDimensionNumbersAttr>(any);
    if (!attr)
      return parser.emitError(loc) << "expected convolution dimension numbers";
    return success();
  }
  // The first `[` is consumed; parseLayout wants it back, so parse the
  // input layout by hand through a lambda that reuses the list parser.
  int64_t inB, inF, kI, kO, outB, outF;
  SmallVector<int64_t> inS, kS, outS;
  {
    // Re-enter: parse the rest of the first list as `a, b, ...]`.
    SmallVector<std::pair<int64_t, int64_t>> numbered;
    int64_t dim = 0;
    inB = inF = -1;
    llvm::SMLoc start = parser.getCurrentLocation();
    auto element = [&]() -> ParseResult {
      int64_t index;
      OptionalParseResult number = parser.parseOptionalInteger(index);
      if (number.has_value()) {
        if (failed(*number))
          return failure();
        numbered.push_back({index, dim++});
        return success();
      }
      llvm::SMLoc loc = parser.getCurrentLocation();
      StringRef letter;
      if (parser.parseKeyword(&letter))
        return failure();
      int64_t *slot = letter == "b" ? &inB : letter == "f" ? &inF : nullptr;
      if (!slot || *slot != -1)
        return parser.emitError(loc)
               << "expected 'b', 'f' (once each) or a spatial index, but got '"
               << letter << "'";
      *slot = dim++;
      return success();
    };
    if (failed(parser.parseOptionalRSquare())) {
      do {
        if (element())
          return failure();
      } while (succeeded(parser.parseOptionalComma()));
      if (parser.parseRSquare())
        return failure();
    }
    if (inB == -1 || inF == -1)
      return parser.emitError(start) << "expected both 'b' and 'f'";
    inS.assign(numbered.size(), -1);
    for (auto [index, d] : numbered) {
      if (index < 0 || index >= static_cast<int64_t>(numbered.size()) ||
          inS[index] != -1)
        return parser.emitError(start) << "spatial indices must be 0.."
                                       << numbered.size() - 1 << ", each once";
      inS[index] = d;
    }
  }
  if (parser.parseKeyword("x") || parseLayout(parser, 'i', 'o', kI, kO, kS) ||
      parser.parseArrow() || parseLayout(parser, 'b', 'f', outB, outF, outS))
    return failure();
  attr = ConvDimensionNumbersAttr::get(parser.getContext(), inB, inF, inS, kI,
                                       kO, kS, outB, outF, outS);
  return success();
}

static void printConvDimensions(OpAsmPrinter &printer, Operation *,
                                ConvDimensionNumbersAttr attr) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (printConvDimensionsBody(os, attr)) {
    printer << os.str();
    return;
  }
  printer.printAttribute(attr);
}

/// `stride = [..], pad = [[l, h], ..], lhs_dilate = [..], rhs_dilate = [..],
/// reverse = [false, ..]`, each optional (inside `window = {...}`).
static ParseResult parseWindowAttributes(OpAsmParser &parser,
                                         DenseI64ArrayAttr &strides,
                                         DenseIntElementsAttr &padding,
                                         DenseI64ArrayAttr &lhsDilation,
                                         DenseI64ArrayAttr &rhsDilation,
                                         DenseBoolArrayAttr &reversal) {
  Builder &b = parser.getBuilder();
  StringRef key;
  while (succeeded(parser.parseOptionalKeyword(
      &key, {"stride", "pad", "lhs_dilate", "rhs_dilate", "reverse"}))) {
    if (parser.parseEqual())
      return failure();
    if (key == "pad") {
      SmallVector<int64_t> flat;
      int64_t rows = 0;
      if (parser.parseCommaSeparatedList(
              AsmParser::Delimiter::Square, [&]() -> ParseResult {
                SmallVector<int64_t> pair;
                llvm::SMLoc loc = parser.getCurrentLocation();
                if (parseIntArray(parser, pair))
                  return failure();
                if (pair.size() != 2)
                  return parser.emitError(loc)
                         << "expected a [low, high] padding pair";
                flat.append(pair);
                ++rows;
                return success();
              }))
        return failure();
      auto type = RankedTensorType::get({rows, 2}, b.getI64Type());
      padding = DenseIntElementsAttr::get(type, flat);
    } else if (key == "reverse") {
      SmallVector<bool> values;
      if (parser.parseCommaSeparatedList(
              AsmParser::Delimiter::Square, [&]() -> ParseResult {
                if (succeeded(parser.parseOptionalKeyword("true"))) {
                  values.push_back(true);
                  return success();
                }
                if (succeeded(parser.parseOptionalKeyword("false"))) {
                  values.push_back(false);
                  return success();
                }
                int64_t v;
                if (parser.parseInteger(v))
                  return failure();
                values.push_back(v != 0);
                return success();
              }))
        return failure();
      reversal = b.getDenseBoolArrayAttr(values);
    } else {
      SmallVector<int64_t> values;
      if (parseIntArray(parser, values))
        return failure();
      DenseI64ArrayAttr attr = b.getDenseI64ArrayAttr(values);
      (key == "stride" ? strides : key == "lhs_dilate" ? lhsDilation
                                                        : rhsDilation) = attr;
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
  SmallVector<std::function<void()>> fields;
  if (strides)
    fields.push_back([&] {
      printer << "stride = ";
      printIntArray(printer, strides.asArrayRef());
    });
  if (padding)
    fields.push_back([&] {
      printer << "pad = [";
      SmallVector<int64_t> flat(padding.getValues<int64_t>());
      for (size_t i = 0; i + 1 < flat.size(); i += 2)
        printer << (i ? ", [" : "[") << flat[i] << ", " << flat[i + 1] << ']';
      printer << ']';
    });
  if (lhsDilation)
    fields.push_back([&] {
      printer << "lhs_dilate = ";
      printIntArray(printer, lhsDilation.asArrayRef());
    });
  if (rhsDilation)
    fields.push_back([&] {
      printer << "rhs_dilate = ";
      printIntArray(printer, rhsDilation.asArrayRef());
    });
  if (reversal)
    fields.push_back([&] {
      printer << "reverse = [";
      llvm::interleaveComma(reversal.asArrayRef(), printer,
                            [&](bool v) { printer << (v ? "true" : "false"); });
      printer << ']';
    });
  llvm::interleaveComma(fields, printer, [](auto &f) { f(); });
}

#define GET_OP_CLASSES
#include "compiler/Dialect/StableHLO/IR/ConvolutionOps.cpp.inc"

//===----------------------------------------------------------------------===//
// convolution and dynamic_conv: shape inference and verifier.
//===----------------------------------------------------------------------===//

namespace {
/// The window attributes of a convolution, defaults filled in.
struct ConvWindow {
  std::optional<ArrayRef<int64_t>> strides, lhsDilation, rhsDilation;
  std::optional<ArrayRef<bool>> reversal;
  // Null for dynamic_conv (the padding is an operand).
  std::optional<DenseIntElementsAttr> padding;
  bool dynamicPadding = false;
};
} // namespace

/// Spec convolution (C1)-(C23), (C25): checks the attributes against lhs and
/// rhs and returns the result shape.
static FailureOr<SmallVector<int64_t>>
inferConvolutionShape(Operation *op, RankedTensorType lhs,
                      RankedTensorType rhs, const ConvWindow &window,
                      ConvDimensionNumbersAttr dn, int64_t featureGroups,
                      int64_t batchGroups) {
  int64_t n = lhs.getRank();
  if (n != rhs.getRank())
    return op->emitOpError() << "(C1) requires lhs and rhs of one rank, but "
                                "got "
                             << lhs << " and " << rhs;
  if (n < 2)
    return op->emitOpError() << "(C1) requires rank at least 2, but got " << n;
  int64_t spatial = n - 2;
  auto list = [&](std::optional<ArrayRef<int64_t>> values, StringRef name,
                  StringRef sizeLabel,
                  StringRef positiveLabel) -> FailureOr<SmallVector<int64_t>> {
    if (!values)
      return SmallVector<int64_t>(spatial, 1);
    if (static_cast<int64_t>(values->size()) != spatial)
      return op->emitOpError() << sizeLabel << " requires " << name
                               << " of size " << spatial << ", but got "
                               << values->size();
    for (int64_t v : *values)
      if (v <= 0)
        return op->emitOpError() << positiveLabel << " requires positive "
                                 << name << ", but got " << v;
    return SmallVector<int64_t>(values->begin(), values->end());
  };
  auto strides = list(window.strides, "window_strides", "(C2)", "(C3)");
  if (failed(strides))
    return failure();
  SmallVector<std::pair<int64_t, int64_t>> pads(spatial, {0, 0});
  if (window.padding) {
    auto type = window.padding->getType();
    if (type.getRank() != 2 || type.getDimSize(0) != spatial ||
        type.getDimSize(1) != 2)
      return op->emitOpError() << "(C4) requires padding of shape ["
                               << spatial << ", 2], but got " << type;
    SmallVector<int64_t> flat(window.padding->getValues<int64_t>());
    for (int64_t i = 0; i < spatial; ++i)
      pads[i] = {flat[2 * i], flat[2 * i + 1]};
  }
  auto lhsDil = list(window.lhsDilation, "lhs_dilation", "(C5)", "(C6)");
  if (failed(lhsDil))
    return failure();
  auto rhsDil = list(window.rhsDilation, "rhs_dilation", "(C7)", "(C8)");
  if (failed(rhsDil))
    return failure();
  if (window.reversal &&
      static_cast<int64_t>(window.reversal->size()) != spatial)
    return op->emitOpError() << "(C9) requires window_reversal of size "
                             << spatial << ", but got "
                             << window.reversal->size();

  auto dimsOk = [&](ArrayRef<int64_t> dims, StringRef name, StringRef sizeLabel,
                    StringRef uniqueLabel) -> LogicalResult {
    if (static_cast<int64_t>(dims.size()) - 2 != spatial)
      return op->emitOpError() << sizeLabel << " requires " << spatial << " "
                               << name << " spatial dimensions, but got "
                               << dims.size() - 2;
    llvm::SmallSet<int64_t, 8> seen;
    for (int64_t d : dims) {
      if (d < 0 || d >= n)
        return op->emitOpError() << uniqueLabel << " requires " << name
                                 << " dimensions in [0, " << n
                                 << "), but got " << d;
      if (!seen.insert(d).second)
        return op->emitOpError() << uniqueLabel << " requires unique " << name
                                 << " dimensions, but " << d
                                 << " appears twice";
    }
    return success();
  };
  SmallVector<int64_t> inputDims = {dn.getInputBatchDimension()};
  llvm::append_range(inputDims, dn.getInputSpatialDimensions());
  inputDims.push_back(dn.getInputFeatureDimension());
  SmallVector<int64_t> kernelDims(dn.getKernelSpatialDimensions());
  kernelDims.push_back(dn.getKernelInputFeatureDimension());
  kernelDims.push_back(dn.getKernelOutputFeatureDimension());
  SmallVector<int64_t> outputDims = {dn.getOutputBatchDimension()};
  llvm::append_range(outputDims, dn.getOutputSpatialDimensions());
  outputDims.push_back(dn.getOutputFeatureDimension());
  if (failed(dimsOk(inputDims, "input", "(C12)", "(C13)")) ||
      failed(dimsOk(kernelDims, "kernel", "(C17)", "(C18)")) ||
      failed(dimsOk(outputDims, "output", "(C19)", "(C20)")))
    return failure();
  if (featureGroups <= 0)
    return op->emitOpError() << "(C21) requires positive feature_group_count, "
                                "but got "
                             << featureGroups;
  if (batchGroups <= 0)
    return op->emitOpError() << "(C22) requires positive batch_group_count, "
                                "but got "
                             << batchGroups;
  if (featureGroups != 1 && batchGroups != 1)
    return op->emitOpError() << "(C23) requires feature_group_count or "
                                "batch_group_count to be 1, but got "
                             << featureGroups << " and " << batchGroups;

  int64_t inBatch = lhs.getDimSize(dn.getInputBatchDimension());
  int64_t inFeature = lhs.getDimSize(dn.getInputFeatureDimension());
  int64_t kIn = rhs.getDimSize(dn.getKernelInputFeatureDimension());
  int64_t kOut = rhs.getDimSize(dn.getKernelOutputFeatureDimension());
  if (!ShapedType::isDynamic(inBatch) && inBatch % batchGroups != 0)
    return op->emitOpError() << "(C10) requires the input batch dimension ("
                             << inBatch << ") to be a multiple of "
                                "batch_group_count ("
                             << batchGroups << ")";
  if (!ShapedType::isDynamic(inFeature) && inFeature % featureGroups != 0)
    return op->emitOpError() << "(C11) requires the input feature dimension ("
                             << inFeature << ") to be a multiple of "
                                "feature_group_count ("
                             << featureGroups << ")";
  if (!ShapedType::isDynamic(inFeature) &&
      !compatibleDim(kIn, inFeature / featureGroups))
    return op->emitOpError()
           << "(C14) requires the kernel input feature dimension ("
           << dimString(kIn) << ") to be the input feature dimension / "
           << "feature_group_count (" << inFeature / featureGroups << ")";
  if (!ShapedType::isDynamic(kOut) && kOut % batchGroups != 0)
    return op->emitOpError()
           << "(C15) requires the kernel output feature dimension (" << kOut
           << ") to be a multiple of batch_group_count (" << batchGroups
           << ")";
  if (!ShapedType::isDynamic(kOut) && kOut % featureGroups != 0)
    return op->emitOpError()
           << "(C16) requires the kernel output feature dimension (" << kOut
           << ") to be a multiple of feature_group_count (" << featureGroups
           << ")";

  SmallVector<int64_t> shape(n, ShapedType::kDynamic);
  shape[dn.getOutputBatchDimension()] =
      ShapedType::isDynamic(inBatch) ? inBatch : inBatch / batchGroups;
  shape[dn.getOutputFeatureDimension()] = kOut;
  for (int64_t i = 0; i < spatial; ++i) {
    int64_t in = lhs.getDimSize(dn.getInputSpatialDimensions()[i]);
    int64_t k = rhs.getDimSize(dn.getKernelSpatialDimensions()[i]);
    int64_t &out = shape[dn.getOutputSpatialDimensions()[i]];
    if (window.dynamicPadding || ShapedType::isDynamic(in) ||
        ShapedType::isDynamic(k))
      continue;
    std::optional<int64_t> count =
        windowCount(in, k, (*strides)[i], (*lhsDil)[i], (*rhsDil)[i], pads[i]);
    if (!count)
      return op->emitOpError()
             << "(C25) the windows of spatial dimension " << i << " (size " << in
             << ", kernel " << k << ", padding [" << pads[i].first << ", "
             << pads[i].second << "], dilations " << (*lhsDil)[i] << " and "
             << (*rhsDil)[i] << ") have sizes that overflow a 64-bit integer";
    out = *count;
  }
  return shape;
}

static LogicalResult
verifyConvolution(Operation *op, Value lhsValue, Value rhsValue,
                  Value resultValue, const ConvWindow &window,
                  ConvDimensionNumbersAttr dn, int64_t featureGroups,
                  int64_t batchGroups, std::optional<ArrayAttr> precision) {
  auto lhs = cast<RankedTensorType>(lhsValue.getType());
  auto rhs = cast<RankedTensorType>(rhsValue.getType());
  auto result = cast<RankedTensorType>(resultValue.getType());
  FailureOr<SmallVector<int64_t>> shape = inferConvolutionShape(
      op, lhs, rhs, window, dn, featureGroups, batchGroups);
  if (failed(shape))
    return failure();
  if (failed(verifyPrecisionConfig(op, precision, "(C24)")))
    return failure();
  if (result.getRank() != lhs.getRank())
    return op->emitOpError() << "(C26) requires result of rank "
                             << lhs.getRank() << ", but got " << result;
  if (!compatibleShapes(result.getShape(), *shape))
    return op->emitOpError() << "(C25) requires result shape "
                             << shapeString(*shape) << ", but got " << result;
  Type lhsElt = lhs.getElementType(), rhsElt = rhs.getElementType();
  Type resultElt = result.getElementType();
  if (!anyQuantized({lhsElt, rhsElt, resultElt})) {
    if (lhsElt != rhsElt)
      return op->emitOpError() << "(C27) requires lhs and rhs of one element "
                                  "type, but got "
                               << lhsElt << " and " << rhsElt;
    return success();
  }
  return verifyQuantizedContraction(
      op, lhsElt, rhsElt, resultElt,
      {"(C28)", "", "(C29)", "(C30)", "(C31)", "(C32)", "(C33)", "(C34)"},
      /*checkRhsZeroPoints=*/false,
      [&](int32_t axis) -> LogicalResult {
        if (axis != dn.getKernelOutputFeatureDimension())
          return op->emitOpError()
                 << "(C29) requires the rhs quantization dimension to be "
                    "the kernel output feature dimension "
                 << dn.getKernelOutputFeatureDimension() << ", but got "
                 << axis;
        return success();
      },
      [&](int32_t axis) -> LogicalResult {
        if (axis != dn.getOutputFeatureDimension())
          return op->emitOpError()
                 << "(C30) requires the result quantization dimension to be "
                    "the output feature dimension "
                 << dn.getOutputFeatureDimension() << ", but got " << axis;
        return success();
      });
}

LogicalResult ConvolutionOp::verify() {
  ConvWindow window;
  window.strides = getWindowStrides();
  window.lhsDilation = getLhsDilation();
  window.rhsDilation = getRhsDilation();
  window.reversal = getWindowReversal();
  window.padding = getPadding();
  return verifyConvolution(*this, getLhs(), getRhs(), getResult(), window,
                           getDimensionNumbers(), getFeatureGroupCount(),
                           getBatchGroupCount(), getPrecisionConfig());
}

LogicalResult DynamicConvOp::verify() {
  ConvWindow window;
  // dynamic_conv is not specced and exporters write window attributes of
  // other sizes (2 strides for 1 spatial dimension in the JAX corpus): only
  // the padding operand, dimension numbers and group counts are checked.
  window.dynamicPadding = true;
  auto pad = cast<RankedTensorType>(getDPadding().getType());
  int64_t spatial = cast<RankedTensorType>(getLhs().getType()).getRank() - 2;
  if (pad.getRank() != 2 || !compatibleDim(pad.getDimSize(0), spatial) ||
      !compatibleDim(pad.getDimSize(1), 2))
    return emitOpError() << "(C4) requires d_padding of shape [" << spatial
                         << ", 2], but got " << pad;
  return verifyConvolution(*this, getLhs(), getRhs(), getResult(), window,
                           getDimensionNumbers(), getFeatureGroupCount(),
                           getBatchGroupCount(), getPrecisionConfig());
}
