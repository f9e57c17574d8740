//===- TensorIO.cpp - Tensors from command-line specs and .npy files ------===//

#include "interpreter/TensorIO.h"

#include "interpreter/Checks.h"
#include "interpreter/Numerics.h"
#include "runtime/CheckedSize.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <complex>

using namespace mlir;

namespace oxla::interp {

/// Stores the text of one value into element `index`.
static bool parseValue(llvm::StringRef text, Tensor &tensor, int64_t index,
                       std::string &error) {
  ElementType type = tensor.elementType();
  uint8_t *slot = tensor.bytes() + index * type.storageBytes();
  if (type.isBool()) {
    if (text == "true" || text == "1") { *slot = 1; return true; }
    if (text == "false" || text == "0") { *slot = 0; return true; }
    error = "expected true/false/1/0 for an i1 value, got '" + text.str() + "'";
    return false;
  }
  if (type.isInt()) {
    // StringRef's APInt parser reads digits only, into the fewest bits that
    // hold them (so "9" is 0b1001): the sign and the range are ours.
    llvm::StringRef digits = text;
    bool negative = digits.consume_front("-");
    if (!negative)
      digits.consume_front("+");
    llvm::APInt magnitude;
    if (digits.empty() || !llvm::all_of(digits, llvm::isDigit) ||
        digits.getAsInteger(10, magnitude)) {
      error = "expected an integer, got '" + text.str() + "'";
      return false;
    }
    unsigned bits = type.bitWidth();
    unsigned active = magnitude.getActiveBits();
    bool fits;
    if (!type.isSignedInt())
      fits = active <= bits && (!negative || magnitude.isZero());
    else if (negative) // down to -2^(bits-1)
      fits = active < bits || (active == bits && magnitude.isPowerOf2());
    else
      fits = active < bits;
    if (!fits) {
      error = "value " + text.str() + " does not fit in " + type.name();
      return false;
    }
    uint64_t raw = magnitude.zextOrTrunc(64).getZExtValue();
    if (negative)
      raw = uint64_t(0) - raw;
    std::memcpy(slot, &raw, type.storageBytes());
    return true;
  }
  if (type.isFloat()) {
    llvm::APFloat value(type.floatSemantics());
    std::string lowered = text.lower();
    if (lowered == "nan" || lowered == "-nan" || lowered == "inf" ||
        lowered == "-inf" || lowered == "+inf") {
      bool negative = lowered[0] == '-';
      value = lowered.find("nan") != std::string::npos
                  ? llvm::APFloat::getNaN(type.floatSemantics(), negative)
                  : llvm::APFloat::getInf(type.floatSemantics(), negative);
    } else {
      auto status = value.convertFromString(text, llvm::APFloat::rmNearestTiesToEven);
      if (!status) {
        llvm::consumeError(status.takeError());
        error = "expected a floating-point number, got '" + text.str() + "'";
        return false;
      }
      // A finite number too large for the type is an error, as an integer
      // that does not fit is: infinity is spelled `inf`.
      if (*status & llvm::APFloat::opOverflow) {
        error = "value " + text.str() + " does not fit in " + type.name() +
                " (it would round to infinity; write inf for infinity)";
        return false;
      }
    }
    uint64_t bits = value.bitcastToAPInt().getZExtValue();
    std::memcpy(slot, &bits, type.storageBytes());
    return true;
  }
  error = "values of type " + type.name() + " cannot be given on the command "
          "line; use a .npy file";
  return false;
}

std::optional<Tensor> parseTensorSpec(llvm::StringRef spec,
                                      MLIRContext *context, std::string &error,
                                      bool *outOfMemory) {
  if (spec.consume_front("@"))
    return readNpy(spec, error, outOfMemory);
  auto [typeText, valuesText] = spec.split('=');
  bool hasValues = spec.contains('=');
  // `2x3xf32` is a tensor type without the `tensor<>` around it. The
  // parser's own diagnostic (at a column of that made-up text) is replaced
  // by the message below.
  Type type;
  {
    ScopedDiagnosticHandler quiet(context, [](Diagnostic &) { return success(); });
    type = parseType(("tensor<" + typeText + ">").str(), context);
  }
  auto tensorType = dyn_cast_or_null<RankedTensorType>(type);
  if (!tensorType || !tensorType.hasStaticShape()) {
    error = "expected SHAPExTYPE (like 2x3xf32 or f32) before '=', got '" +
            typeText.str() + "'";
    return std::nullopt;
  }
  std::optional<ElementType> element =
      ElementType::fromMlir(tensorType.getElementType());
  if (!element) {
    error = "unsupported input element type in '" + typeText.str() + "'";
    return std::nullopt;
  }
  std::optional<Tensor> allocated =
      Tensor::allocate(*element, tensorType.getShape(), error, outOfMemory);
  if (!allocated)
    return std::nullopt;
  Tensor &tensor = *allocated;
  if (!hasValues)
    return tensor;
  SmallVector<llvm::StringRef> values;
  llvm::SplitString(valuesText, values, ", []\t\n");
  if (static_cast<int64_t>(values.size()) != tensor.numElements() &&
      !(values.size() == 1 && tensor.numElements() > 0)) {
    error = "expected " + std::to_string(tensor.numElements()) +
            " values for " + typeText.str() + ", got " +
            std::to_string(values.size());
    return std::nullopt;
  }
  if (values.size() == 1 && tensor.numElements() > 0) {
    // One value fills the whole tensor: read once, then copied (a spec like
    // 1000x1000x100xf32=1 is not parsed 10^8 times).
    if (!parseValue(values[0], tensor, 0, error))
      return std::nullopt;
    size_t element = tensor.elementType().storageBytes(), filled = element;
    for (size_t total = tensor.byteSize(); filled < total;) {
      size_t copy = std::min(filled, total - filled);
      std::memcpy(tensor.bytes() + filled, tensor.bytes(), copy);
      filled += copy;
    }
    return tensor;
  }
  for (int64_t i = 0, n = tensor.numElements(); i < n; ++i)
    if (!parseValue(values[i], tensor, i, error))
      return std::nullopt;
  return tensor;
}

/// NumPy's dtype strings of the element types both have.
static const std::pair<const char *, ElementKind> kNpyTypes[] = {
    {"|b1", ElementKind::I1},   {"|i1", ElementKind::SI8},  {"<i2", ElementKind::SI16},
    {"<i4", ElementKind::SI32}, {"<i8", ElementKind::SI64}, {"|u1", ElementKind::UI8},
    {"<u2", ElementKind::UI16}, {"<u4", ElementKind::UI32}, {"<u8", ElementKind::UI64},
    {"<f2", ElementKind::F16},  {"<f4", ElementKind::F32},  {"<f8", ElementKind::F64},
    {"<c8", ElementKind::C64},  {"<c16", ElementKind::C128}};

namespace {
/// What a .npy header says of the data after it.
struct NpyHeader {
  ElementType type;
  Shape shape;
  size_t dataOffset; ///< where the data starts
  uint64_t bytes;    ///< how many bytes of data the shape needs
};
} // namespace

/// Parses the magic, version and header of a .npy file's contents; the data
/// need not follow yet. Sets `error` (naming `path`) when it cannot.
static std::optional<NpyHeader> parseNpyHeader(llvm::StringRef data, llvm::StringRef path,
                                               std::string &error) {
  auto fail = [&](const std::string &why) -> std::optional<NpyHeader> {
    error = path.str() + ": " + why;
    return std::nullopt;
  };
  size_t size = data.size();
  if (!data.consume_front("\x93NUMPY") || data.size() < 4)
    return fail("not a .npy file (bad magic)");
  unsigned major = static_cast<uint8_t>(data[0]);
  size_t headerLength;
  if (major == 1) {
    headerLength = uint8_t(data[2]) | (size_t(uint8_t(data[3])) << 8);
    data = data.drop_front(4);
  } else {
    if (data.size() < 6)
      return fail("truncated header");
    headerLength = 0;
    for (int i = 0; i < 4; ++i)
      headerLength |= size_t(uint8_t(data[2 + i])) << (8 * i);
    data = data.drop_front(6);
  }
  if (data.size() < headerLength)
    return fail("truncated header");
  llvm::StringRef header = data.take_front(headerLength);
  data = data.drop_front(headerLength);

  auto field = [&](llvm::StringRef key) {
    size_t at = header.find("'" + key.str() + "'");
    if (at == llvm::StringRef::npos)
      return llvm::StringRef();
    return header.drop_front(at + key.size() + 2).ltrim(" :");
  };
  llvm::StringRef descr = field("descr");
  if (!descr.consume_front("'"))
    return fail("no 'descr' in the header");
  descr = descr.take_until([](char c) { return c == '\''; });
  if (field("fortran_order").starts_with("True"))
    return fail("Fortran-order arrays are not supported; save with C order");
  llvm::StringRef shapeText = field("shape");
  if (!shapeText.consume_front("("))
    return fail("no 'shape' in the header");
  shapeText = shapeText.take_until([](char c) { return c == ')'; });
  Shape shape;
  SmallVector<llvm::StringRef> dims;
  llvm::SplitString(shapeText, dims, ", ");
  for (llvm::StringRef dim : dims) {
    int64_t dimSize;
    if (dim.getAsInteger(10, dimSize) || dimSize < 0)
      return fail("bad shape '" + shapeText.str() + "'");
    shape.push_back(dimSize);
  }

  std::optional<ElementType> type;
  for (auto [name, kind] : kNpyTypes)
    if (descr == name)
      type = ElementType(kind);
  if (!type)
    return fail("unsupported dtype '" + descr.str() + "'");
  std::optional<uint64_t> bytes =
      checkedByteSize(shape.data(), shape.size(), type->storageBytes());
  if (!bytes)
    return fail("the shape (" + shapeText.str() +
                ") has more bytes than a 64-bit size holds");
  return NpyHeader{*type, std::move(shape), size - data.size(), *bytes};
}

/// Reads what a .npy file that is not a regular file (a pipe, a device)
/// holds, up to the end of the data its header announces: such a file may
/// never end (/dev/zero) or be read only once.
static std::optional<std::string> readNpyStream(llvm::StringRef path, std::string &error) {
  llvm::Expected<llvm::sys::fs::file_t> file = llvm::sys::fs::openNativeFileForRead(path);
  if (!file) {
    error = "cannot read '" + path.str() + "': " + llvm::toString(file.takeError());
    return std::nullopt;
  }
  std::string contents;
  std::optional<uint64_t> needed;
  constexpr size_t kChunk = 1 << 16;
  char chunk[kChunk];
  for (;;) {
    // The magic, the version and the header's length take 10 bytes.
    if (!needed && contents.size() >= 10) {
      std::string headerError;
      if (std::optional<NpyHeader> header = parseNpyHeader(contents, path, headerError))
        needed = header->dataOffset + header->bytes;
      else if (headerError.find("truncated header") == std::string::npos)
        break; // not a .npy stream: readNpyData says why
    }
    if (needed && contents.size() >= *needed)
      break;
    size_t want = needed ? std::min<uint64_t>(kChunk, *needed - contents.size()) : kChunk;
    llvm::Expected<size_t> read =
        llvm::sys::fs::readNativeFile(*file, llvm::MutableArrayRef<char>(chunk, want));
    if (!read) {
      error = "cannot read '" + path.str() + "': " + llvm::toString(read.takeError());
      llvm::sys::fs::closeFile(*file);
      return std::nullopt;
    }
    if (*read == 0)
      break;
    contents.append(chunk, *read);
  }
  llvm::sys::fs::closeFile(*file);
  return contents;
}

std::optional<Tensor> readNpy(llvm::StringRef path, std::string &error,
                              bool *outOfMemory) {
  llvm::sys::fs::file_status status;
  if (!llvm::sys::fs::status(path, status) &&
      status.type() != llvm::sys::fs::file_type::regular_file &&
      status.type() != llvm::sys::fs::file_type::directory_file) {
    std::optional<std::string> contents = readNpyStream(path, error);
    if (!contents)
      return std::nullopt;
    return readNpyData(*contents, path, error, outOfMemory);
  }
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer) {
    error = "cannot read '" + path.str() + "': " + buffer.getError().message();
    return std::nullopt;
  }
  return readNpyData((*buffer)->getBuffer(), path, error, outOfMemory);
}

std::optional<Tensor> readNpyData(llvm::StringRef data, llvm::StringRef path,
                                  std::string &error, bool *outOfMemory) {
  std::optional<NpyHeader> header = parseNpyHeader(data, path, error);
  if (!header)
    return std::nullopt;
  auto fail = [&](const std::string &why) -> std::optional<Tensor> {
    error = path.str() + ": " + why;
    return std::nullopt;
  };
  data = data.drop_front(header->dataOffset);
  // The data is checked before the tensor is allocated: a header may ask
  // for any size.
  if (data.size() < header->bytes)
    return fail("expected " + std::to_string(header->bytes) +
                " bytes of data, found " + std::to_string(data.size()));
  std::string allocationError;
  std::optional<Tensor> allocated =
      Tensor::allocate(header->type, header->shape, allocationError, outOfMemory);
  if (!allocated)
    return fail(allocationError);
  Tensor &tensor = *allocated;
  std::memcpy(tensor.bytes(), data.data(), tensor.byteSize());
  // NumPy reads any nonzero byte of a bool array as True; oxla keeps i1 as
  // 0 or 1 (compiled code reads the low bit).
  if (header->type.isBool())
    for (int64_t i = 0, e = tensor.numElements(); i < e; ++i)
      tensor.bytes()[i] = tensor.bytes()[i] != 0;
  return tensor;
}

/// Whether `text` reads back (rounded to `semantics`) as `value`.
static bool readsBackAs(const char *text, double value, const llvm::fltSemantics &semantics) {
  llvm::APFloat read(std::strtod(text, nullptr));
  bool lostInfo = false;
  read.convert(semantics, llvm::APFloat::rmNearestTiesToEven, &lostInfo);
  read.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven, &lostInfo);
  return read.convertToDouble() == value &&
         std::signbit(read.convertToDouble()) == std::signbit(value);
}

std::string formatRoundTrip(double value, const llvm::fltSemantics &semantics) {
  if (std::isnan(value))
    return "nan";
  if (std::isinf(value))
    return value < 0 ? "-inf" : "inf";
  char text[40];
  int digits = 1;
  for (; digits < 17; ++digits) {
    std::snprintf(text, sizeof text, "%.*g", digits, value);
    if (readsBackAs(text, value, semantics))
      break;
  }
  std::snprintf(text, sizeof text, "%.*g", digits, value);
  // %g writes an exponent once the integer part has more digits than the
  // precision (1e+01 for 10): a value below 1e17 keeps its integer digits.
  int exponent = value == 0 ? 0 : int(std::floor(std::log10(std::fabs(value))));
  if (exponent >= digits && exponent < 17) {
    char positional[40];
    std::snprintf(positional, sizeof positional, "%.*g", exponent + 1, value);
    if (readsBackAs(positional, value, semantics))
      return positional;
  }
  return text;
}

/// Elements as IREE's tools print them (%g style), with as many digits as
/// reading the text back as the element type needs.
static void printValue(llvm::raw_ostream &os, const Tensor &tensor,
                       int64_t index) {
  ElementType type = tensor.elementType();
  if (type.isFloat()) {
    os << formatRoundTrip(tensor.elementAsDouble(index), type.floatSemantics());
    return;
  }
  if (type.isComplex()) {
    const llvm::fltSemantics &part = type.floatSemantics();
    bool single = type.kind() == ElementKind::C64;
    double re = single ? tensor.data<std::complex<float>>()[index].real()
                       : tensor.data<std::complex<double>>()[index].real();
    double im = single ? tensor.data<std::complex<float>>()[index].imag()
                       : tensor.data<std::complex<double>>()[index].imag();
    os << "(" << formatRoundTrip(re, part) << ", " << formatRoundTrip(im, part) << ")";
    return;
  }
  os << formatElement(tensor, index);
}

static void printDims(llvm::raw_ostream &os, const Tensor &tensor,
                      unsigned dim, int64_t &index) {
  os << '[';
  int64_t size = tensor.shape()[dim];
  for (int64_t i = 0; i < size; ++i) {
    if (dim + 1 == tensor.shape().size()) {
      if (i)
        os << ' ';
      printValue(os, tensor, index++);
    } else {
      printDims(os, tensor, dim + 1, index);
    }
  }
  os << ']';
}

void printTensor(llvm::raw_ostream &os, const Tensor &tensor) {
  for (int64_t dim : tensor.shape())
    os << dim << 'x';
  os << tensor.elementType().name() << '=';
  if (tensor.rank() == 0) {
    printValue(os, tensor, 0);
    return;
  }
  if (tensor.numElements() == 0)
    return;
  int64_t index = 0;
  // The outermost dimension prints as a sequence of bracketed rows.
  for (int64_t i = 0; i < tensor.shape()[0]; ++i) {
    if (tensor.rank() == 1) {
      if (i == 0)
        os << '[';
      else
        os << ' ';
      printValue(os, tensor, index++);
      if (i + 1 == tensor.shape()[0])
        os << ']';
    } else {
      printDims(os, tensor, 1, index);
    }
  }
}

bool writeNpy(llvm::StringRef path, const Tensor &tensor, std::string &error,
              bool *widened) {
  const char *dtype = nullptr;
  for (auto [name, kind] : kNpyTypes)
    if (tensor.elementType().kind() == kind)
      dtype = name;
  if (!dtype && tensor.elementType().isSmallFloat()) {
    Tensor wide(ElementKind::F32, tensor.shape());
    float *values = wide.data<float>();
    for (int64_t i = 0, e = tensor.numElements(); i < e; ++i)
      values[i] = static_cast<float>(tensor.elementAsDouble(i));
    if (widened)
      *widened = true;
    return writeNpy(path, wide, error);
  }
  if (!dtype) {
    error = "NumPy has no dtype for " + tensor.elementType().name() + " (writing '" +
            path.str() + "')";
    return false;
  }
  std::string header = "{'descr': '" + std::string(dtype) + "', 'fortran_order': False, 'shape': (";
  for (int64_t dim : tensor.shape())
    header += std::to_string(dim) + ", ";
  if (tensor.rank() > 1)
    header.resize(header.size() - 2); // (2, 3) but (4,)
  else if (tensor.rank() == 1)
    header.pop_back();
  header += "), }";
  // Magic (6) + version (2) + length (2) + header + newline: a multiple of 64.
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec) {
    error = "cannot write '" + path.str() + "': " + ec.message();
    return false;
  }
  os << "\x93NUMPY" << char(1) << char(0) << char(header.size() & 0xFF)
     << char(header.size() >> 8) << header;
  os.write(reinterpret_cast<const char *>(tensor.bytes()), tensor.byteSize());
  os.close();
  if (os.has_error()) {
    error = "cannot write '" + path.str() + "': " + os.error().message();
    os.clear_error();
    return false;
  }
  return true;
}

} // namespace oxla::interp
