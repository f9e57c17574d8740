//===- XlaCpuTargets.cpp - Target names, layouts and dispatch -------------===//

#include "runtime/kernels/KernelCall.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

namespace oxla::kernels {

//===- Element types and buffer types -------------------------------------===//

namespace {
struct ElementInfo {
  ElementType type;
  const char *name;
  size_t bytes;
};
constexpr ElementInfo kElements[] = {
    {ElementType::Pred, "i1", 1},     {ElementType::S8, "i8", 1},
    {ElementType::S16, "i16", 2},     {ElementType::S32, "i32", 4},
    {ElementType::S64, "i64", 8},     {ElementType::U8, "ui8", 1},
    {ElementType::U16, "ui16", 2},    {ElementType::U32, "ui32", 4},
    {ElementType::U64, "ui64", 8},    {ElementType::BF16, "bf16", 2},
    {ElementType::F16, "f16", 2},     {ElementType::F32, "f32", 4},
    {ElementType::F64, "f64", 8},     {ElementType::C64, "complex<f32>", 8},
    {ElementType::C128, "complex<f64>", 16},
};
} // namespace

size_t byteWidth(ElementType type) { return kElements[static_cast<int>(type)].bytes; }
const char *spelling(ElementType type) { return kElements[static_cast<int>(type)].name; }

int64_t BufferType::numElements() const {
  int64_t count = 1;
  for (int64_t size : dims)
    count *= size;
  return count;
}

std::string BufferType::str() const {
  std::string text;
  for (int64_t size : dims)
    text += std::to_string(size) + "x";
  return text + spelling(element);
}

std::optional<BufferType> BufferType::parse(std::string_view spec) {
  BufferType type;
  // Sizes end in 'x'; the element type never starts with a digit.
  while (!spec.empty() && spec[0] >= '0' && spec[0] <= '9') {
    size_t end = spec.find('x');
    if (end == std::string_view::npos)
      return std::nullopt;
    std::string_view size = spec.substr(0, end);
    if (size.find_first_not_of("0123456789") != std::string_view::npos)
      return std::nullopt;
    type.dims.push_back(std::strtoll(std::string(size).c_str(), nullptr, 10));
    spec.remove_prefix(end + 1);
  }
  // Signed integers print as `si32`; they are stored as signless ones.
  std::string element(spec);
  if (element.size() > 2 && element.compare(0, 2, "si") == 0)
    element = element.substr(1);
  for (const ElementInfo &info : kElements)
    if (element == info.name) {
      type.element = info.type;
      return type;
    }
  return std::nullopt;
}

//===- KernelCall helpers -------------------------------------------------===//

ElementType KernelCall::elementType() const {
  switch (typeLetter) {
  case 's': return ElementType::F32;
  case 'd': return ElementType::F64;
  case 'c': return ElementType::C64;
  default: return ElementType::C128;
  }
}

ElementType KernelCall::realType() const {
  return typeLetter == 's' || typeLetter == 'c' ? ElementType::F32 : ElementType::F64;
}

Status KernelCall::expectArity(size_t numOperands, size_t minResults,
                               size_t maxResults) const {
  if (operands.size() != numOperands)
    return invalid("takes " + std::to_string(numOperands) + " operand(s), got " +
                   std::to_string(operands.size()));
  if (results.size() < minResults || results.size() > maxResults)
    return invalid("returns " + std::to_string(minResults) +
                   (maxResults != minResults
                        ? " to " + std::to_string(maxResults)
                        : std::string()) +
                   " result(s), got " + std::to_string(results.size()));
  return Status::ok();
}

Status KernelCall::expectType(const Buffer &buffer, const std::string &what,
                              ElementType type, const std::vector<int64_t> &dims) const {
  BufferType expected{type, dims};
  if (buffer.type.element != type || buffer.type.dims != dims)
    return invalid(what + " must be " + expected.str() + ", got " + buffer.type.str());
  return Status::ok();
}

Status KernelCall::expectScalar(size_t operand, const std::string &what,
                                int64_t expected) const {
  int64_t value;
  if (Status status = scalarInt(operand, what, value); !status.isOk())
    return status;
  if (!verifying && value != expected)
    return invalid("operand #" + std::to_string(operand) + " (" + what + ") is " +
                   std::to_string(value) + ", but the matrix operand says " +
                   std::to_string(expected));
  return Status::ok();
}

Status KernelCall::scalarInt(size_t operand, const std::string &what,
                             int64_t &value) const {
  const Buffer &buffer = operands[operand];
  ElementType type = buffer.type.element;
  bool integer = type != ElementType::Pred && type <= ElementType::U64;
  if (!integer || !buffer.type.dims.empty())
    return invalid("operand #" + std::to_string(operand) + " (" + what +
                   ") must be an integer scalar, got " + buffer.type.str());
  value = 0;
  if (verifying)
    return Status::ok();
  switch (type) {
  case ElementType::S8: value = *dataOf<int8_t>(buffer); break;
  case ElementType::S16: value = *dataOf<int16_t>(buffer); break;
  case ElementType::S32: value = *dataOf<int32_t>(buffer); break;
  case ElementType::S64: value = *dataOf<int64_t>(buffer); break;
  case ElementType::U8: value = *dataOf<uint8_t>(buffer); break;
  case ElementType::U16: value = *dataOf<uint16_t>(buffer); break;
  case ElementType::U32: value = *dataOf<uint32_t>(buffer); break;
  default: value = static_cast<int64_t>(*dataOf<uint64_t>(buffer)); break;
  }
  return Status::ok();
}

Status KernelCall::configInt(const std::string &name, int64_t fallback,
                             int64_t &value) const {
  value = fallback;
  auto found = attributes->config.find(name);
  if (found == attributes->config.end())
    return Status::ok();
  if (found->second.kind != AttributeValue::Kind::Integer)
    return invalid("attribute '" + name + "' must be an integer");
  value = found->second.integer;
  return Status::ok();
}

Status KernelCall::configChar(const std::string &name, const char *allowed, char fallback,
                              char &value) const {
  int64_t code;
  if (Status status = configInt(name, fallback, code); !status.isOk())
    return status;
  if (code <= 0 || code > 127 || !std::strchr(allowed, static_cast<char>(code)))
    return invalid("attribute '" + name + "' is " + std::to_string(code) +
                   "; expected the character code of one of '" + allowed + "'");
  value = static_cast<char>(code);
  return Status::ok();
}

int64_t batchSize(const std::vector<int64_t> &dims, size_t trailing) {
  int64_t count = 1;
  for (size_t i = 0; i + trailing < dims.size(); ++i)
    count *= dims[i];
  return count;
}

std::vector<int64_t> batchDims(const std::vector<int64_t> &dims, size_t trailing) {
  return std::vector<int64_t>(dims.begin(),
                              dims.end() - std::min(trailing, dims.size()));
}

std::vector<int64_t> concat(std::vector<int64_t> prefix, std::vector<int64_t> tail) {
  prefix.insert(prefix.end(), tail.begin(), tail.end());
  return prefix;
}

//===- Target names -------------------------------------------------------===//

namespace {

using Family = Status (*)(KernelCall &);

struct Routine {
  const char *name;
  const char *letters; ///< the type letters it exists for
  bool legacy, ffi;    ///< the ABIs it exists in
  Family family;
};

constexpr Routine kLapackRoutines[] = {
    {"getrf", "sdcz", true, true, runFactorization},
    {"geqrf", "sdcz", true, true, runFactorization},
    {"orgqr", "sd", true, true, runFactorization},
    {"ungqr", "cz", true, true, runFactorization},
    {"potrf", "sdcz", true, true, runFactorization},
    {"geev", "sdcz", true, true, runGeneralEigen},
    {"syevd", "sd", true, true, runSymmetricEigen},
    {"heevd", "cz", true, true, runSymmetricEigen},
    {"gesdd", "sdcz", true, true, runSingularValues},
    {"gesvd", "sdcz", false, true, runSingularValues},
    {"gehrd", "sdcz", true, true, runReduction},
    {"sytrd", "sd", true, true, runReduction},
    {"hetrd", "cz", true, true, runReduction},
    {"gees", "sdcz", true, true, runSchur},
    {"trsm", "sdcz", false, true, runTriangularSolve},
    {"gtsv", "sdcz", false, true, runTridiagonalSolve},
};

/// Fills the name fields of `call` and returns the family, or null for a
/// target this library does not implement.
Family decodeTarget(std::string_view target, KernelCall &call) {
  call.target = std::string(target);
  if (target == "ducc_fft" || target == "dynamic_ducc_fft") {
    call.routine = std::string(target);
    return runDuccFft;
  }
  std::string_view rest = target;
  bool blas = false;
  if (rest.substr(0, 7) == "lapack_") {
    rest.remove_prefix(7);
  } else if (rest.substr(0, 5) == "blas_") {
    rest.remove_prefix(5);
    blas = true;
  } else {
    return nullptr;
  }
  call.ffi = rest.size() > 4 && rest.substr(rest.size() - 4) == "_ffi";
  if (call.ffi)
    rest.remove_suffix(4);
  if (rest.size() < 2 || !std::strchr("sdcz", rest[0]))
    return nullptr;
  call.typeLetter = rest[0];
  call.routine = std::string(rest.substr(1));
  // blas_?trsm is the older ABI of the triangular solve (and blas_?trsm_ffi
  // an interim name of lapack_?trsm_ffi).
  if (blas)
    return call.routine == "trsm" ? runTriangularSolve : nullptr;
  for (const Routine &routine : kLapackRoutines)
    if (call.routine == routine.name && std::strchr(routine.letters, call.typeLetter) &&
        (call.ffi ? routine.ffi : routine.legacy))
      return routine.family;
  return nullptr;
}

bool startsWith(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

} // namespace

bool isXlaCpuTarget(std::string_view target) {
  KernelCall call;
  return decodeTarget(target, call) != nullptr;
}

std::optional<std::string> gpuTargetAdvice(std::string_view target) {
  static constexpr const char *kGpuPrefixes[] = {
      "cusolver_", "cu_",        "cublas",     "cusparse", "__gpu$",
      "hipsolver", "hip_",       "hipblas",    "hipsparse", "cudnn",
      "mosaic_gpu", "triton_kernel_call", "__cudnn$",
  };
  bool gpu = false;
  for (const char *prefix : kGpuPrefixes)
    gpu = gpu || startsWith(target, prefix);
  if (!gpu)
    return std::nullopt;
  // The routine the GPU kernel computes, and JAX's CPU target for it.
  static constexpr std::pair<const char *, const char *> kEquivalents[] = {
      {"getrf", "lapack_?getrf_ffi"},   {"geqrf", "lapack_?geqrf_ffi"},
      {"orgqr", "lapack_?orgqr_ffi / lapack_?ungqr_ffi"},
      {"potrf", "lapack_?potrf_ffi"},   {"syevd", "lapack_?syevd_ffi / lapack_?heevd_ffi"},
      {"syevj", "lapack_?syevd_ffi / lapack_?heevd_ffi"},
      {"gesvd", "lapack_?gesdd_ffi"},   {"sytrd", "lapack_?sytrd_ffi / lapack_?hetrd_ffi"},
      {"gtsv", "lapack_?gtsv_ffi"},     {"trsm", "lapack_?trsm_ffi"},
      {"lu_pivots_to_permutation", "no custom call (plain StableHLO)"},
      {"threefry", "no custom call (plain StableHLO)"},
  };
  std::string message = "custom_call target '" + std::string(target) +
                        "' is a kernel of XLA's GPU backend, which oxla does not run";
  for (auto [routine, cpu] : kEquivalents)
    if (target.find(routine) != std::string_view::npos) {
      message += std::string("; for the CPU, JAX lowers the same function to ") + cpu;
      break;
    }
  return message + " (export the program for the CPU: jax.export(..., "
                   "platforms=['cpu']))";
}

//===- Layouts ------------------------------------------------------------===//

namespace {

/// The element strides of `dims` laid out minor-to-major as `layout`.
std::vector<int64_t> layoutStrides(const std::vector<int64_t> &dims,
                                   const std::vector<int64_t> &layout) {
  std::vector<int64_t> strides(dims.size());
  int64_t stride = 1;
  for (int64_t dim : layout) {
    strides[dim] = stride;
    stride *= dims[dim];
  }
  return strides;
}

bool isRowMajor(const std::vector<int64_t> &layout) {
  for (size_t i = 0; i < layout.size(); ++i)
    if (layout[i] != static_cast<int64_t>(layout.size() - 1 - i))
      return false;
  return true;
}

/// Copies between row-major memory and memory with element strides
/// `strides`, in the direction `toStrided` says.
void relayout(const BufferType &type, const std::vector<int64_t> &strides,
              const uint8_t *from, uint8_t *to, bool toStrided) {
  size_t width = byteWidth(type.element);
  int64_t count = type.numElements();
  size_t rank = type.dims.size();
  std::vector<int64_t> index(rank, 0);
  for (int64_t linear = 0; linear < count; ++linear) {
    int64_t offset = 0;
    for (size_t d = 0; d < rank; ++d)
      offset += index[d] * strides[d];
    if (toStrided)
      std::memcpy(to + offset * width, from + linear * width, width);
    else
      std::memcpy(to + linear * width, from + offset * width, width);
    for (size_t d = rank; d-- > 0;) {
      if (++index[d] < type.dims[d])
        break;
      index[d] = 0;
    }
  }
}

Status checkLayouts(const KernelCall &call, const std::vector<Layout> &layouts,
                    const std::vector<Buffer> &buffers, const char *what) {
  if (layouts.empty())
    return Status::ok();
  if (layouts.size() != buffers.size())
    return call.invalid(std::string(what) + "_layouts has " +
                        std::to_string(layouts.size()) + " entries for " +
                        std::to_string(buffers.size()) + " " + what + "s");
  for (size_t i = 0; i < layouts.size(); ++i) {
    if (!layouts[i])
      continue;
    std::vector<int64_t> sorted = *layouts[i];
    std::sort(sorted.begin(), sorted.end());
    bool permutation = sorted.size() == buffers[i].type.dims.size();
    for (size_t d = 0; permutation && d < sorted.size(); ++d)
      permutation = sorted[d] == static_cast<int64_t>(d);
    if (!permutation)
      return call.invalid(std::string(what) + "_layouts[" + std::to_string(i) +
                          "] is not a permutation of the dimensions of " +
                          buffers[i].type.str());
  }
  return Status::ok();
}

/// The layout of buffer `i`, or nullopt when it is row-major.
const std::vector<int64_t> *nonDefaultLayout(const std::vector<Layout> &layouts, size_t i) {
  if (layouts.empty() || !layouts[i] || isRowMajor(*layouts[i]))
    return nullptr;
  return &*layouts[i];
}

Status prepare(std::string_view target, const CallAttributes &attributes,
               KernelCall &call, Family &family) {
  family = decodeTarget(target, call);
  if (!family)
    return Status::unsupported("custom_call target '" + std::string(target) +
                               "' is not one of XLA's CPU kernels oxla implements");
  call.attributes = &attributes;
  if (Status status = checkLayouts(call, attributes.operandLayouts, call.operands, "operand");
      !status.isOk())
    return status;
  return checkLayouts(call, attributes.resultLayouts, call.results, "result");
}

} // namespace

//===- Entry points -------------------------------------------------------===//

Status verifyXlaCpuCall(std::string_view target, const CallAttributes &attributes,
                        const std::vector<BufferType> &operands,
                        const std::vector<BufferType> &results) {
  KernelCall call;
  call.verifying = true;
  for (const BufferType &type : operands)
    call.operands.push_back({type, nullptr});
  for (const BufferType &type : results)
    call.results.push_back({type, nullptr});
  Family family;
  if (Status status = prepare(target, attributes, call, family); !status.isOk())
    return status;
  return family(call);
}

Status runXlaCpuCall(std::string_view target, const CallAttributes &attributes,
                     const std::vector<Buffer> &operands, const std::vector<Buffer> &results) {
  KernelCall call;
  call.operands = operands;
  call.results = results;
  Family family;
  if (Status status = prepare(target, attributes, call, family); !status.isOk())
    return status;
  // Lay out every buffer whose declared layout is not row-major in scratch
  // memory; the kernel sees the memory XLA's kernel would.
  std::vector<std::unique_ptr<uint8_t[]>> scratch;
  auto scratchFor = [&](const BufferType &type) {
    scratch.push_back(
        std::make_unique<uint8_t[]>(std::max<size_t>(1, type.numElements() * byteWidth(type.element))));
    return scratch.back().get();
  };
  for (size_t i = 0; i < call.operands.size(); ++i)
    if (const std::vector<int64_t> *layout = nonDefaultLayout(attributes.operandLayouts, i)) {
      Buffer &operand = call.operands[i];
      uint8_t *memory = scratchFor(operand.type);
      relayout(operand.type, layoutStrides(operand.type.dims, *layout),
               static_cast<const uint8_t *>(operand.data), memory, /*toStrided=*/true);
      operand.data = memory;
    }
  for (size_t i = 0; i < call.results.size(); ++i)
    if (nonDefaultLayout(attributes.resultLayouts, i))
      call.results[i].data = scratchFor(call.results[i].type);
  if (Status status = family(call); !status.isOk())
    return status;
  for (size_t i = 0; i < call.results.size(); ++i)
    if (const std::vector<int64_t> *layout = nonDefaultLayout(attributes.resultLayouts, i)) {
      const Buffer &result = call.results[i];
      relayout(result.type, layoutStrides(result.type.dims, *layout),
               static_cast<const uint8_t *>(result.data),
               static_cast<uint8_t *>(results[i].data), /*toStrided=*/false);
    }
  return Status::ok();
}

} // namespace oxla::kernels

//===- The text form of CallAttributes ------------------------------------===//
//
//   api 4 attr uplo i 76 attr scale f 0x1p-2 attr name s a%20b
//   operand_layouts 2 0,1 ~ result_layouts 1 -
// A layout is a comma-separated list, `~` for the empty one (a scalar), `-`
// for none given. Strings are percent-escaped; floats are hexadecimal.

namespace oxla::kernels {
namespace {

std::string escape(const std::string &text) {
  std::string out;
  for (unsigned char c : text) {
    if (c <= ' ' || c == '%' || c >= 127) {
      char code[4];
      std::snprintf(code, sizeof code, "%%%02X", c);
      out += code;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out.empty() ? "%" : out; // a lone '%' is the empty string
}

std::string unescape(const std::string &text) {
  if (text == "%")
    return "";
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 2 < text.size()) {
      out += static_cast<char>(std::strtol(text.substr(i + 1, 2).c_str(), nullptr, 16));
      i += 2;
    } else {
      out += text[i];
    }
  }
  return out;
}

std::string layoutText(const Layout &layout) {
  if (!layout)
    return "-";
  if (layout->empty())
    return "~";
  std::string text;
  for (int64_t dim : *layout)
    text += (text.empty() ? "" : ",") + std::to_string(dim);
  return text;
}

std::optional<Layout> parseLayout(const std::string &text) {
  if (text == "-")
    return Layout();
  std::vector<int64_t> dims;
  if (text == "~")
    return Layout(dims);
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find(',', start);
    std::string item = text.substr(start, end == std::string::npos ? std::string::npos
                                                                    : end - start);
    if (item.empty() || item.find_first_not_of("0123456789") != std::string::npos)
      return std::nullopt;
    dims.push_back(std::strtoll(item.c_str(), nullptr, 10));
    if (end == std::string::npos)
      break;
    start = end + 1;
  }
  return Layout(dims);
}

} // namespace

std::string CallAttributes::serialize() const {
  std::string text = "api " + std::to_string(apiVersion);
  for (const auto &[name, value] : config) {
    text += " attr " + escape(name);
    switch (value.kind) {
    case AttributeValue::Kind::Integer:
      text += " i " + std::to_string(value.integer);
      break;
    case AttributeValue::Kind::Float: {
      char number[64];
      std::snprintf(number, sizeof number, "%a", value.real);
      text += std::string(" f ") + number;
      break;
    }
    case AttributeValue::Kind::String:
      text += " s " + escape(value.text);
      break;
    }
  }
  auto layouts = [&](const char *name, const std::vector<Layout> &list) {
    if (list.empty())
      return;
    text += std::string(" ") + name + " " + std::to_string(list.size());
    for (const Layout &layout : list)
      text += " " + layoutText(layout);
  };
  layouts("operand_layouts", operandLayouts);
  layouts("result_layouts", resultLayouts);
  return text;
}

std::optional<CallAttributes> CallAttributes::parse(std::string_view text) {
  CallAttributes attributes;
  std::vector<std::string> words;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find(' ', start);
    if (end == std::string_view::npos)
      end = text.size();
    if (end > start)
      words.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }
  for (size_t i = 0; i < words.size();) {
    const std::string &keyword = words[i++];
    if (keyword == "api" && i < words.size()) {
      attributes.apiVersion = std::strtoll(words[i++].c_str(), nullptr, 10);
    } else if (keyword == "attr" && i + 2 < words.size()) {
      std::string name = unescape(words[i]);
      const std::string &kind = words[i + 1];
      const std::string &value = words[i + 2];
      i += 3;
      AttributeValue attribute;
      if (kind == "i") {
        attribute.integer = std::strtoll(value.c_str(), nullptr, 10);
      } else if (kind == "f") {
        attribute.kind = AttributeValue::Kind::Float;
        attribute.real = std::strtod(value.c_str(), nullptr);
      } else if (kind == "s") {
        attribute.kind = AttributeValue::Kind::String;
        attribute.text = unescape(value);
      } else {
        return std::nullopt;
      }
      attributes.config[name] = attribute;
    } else if ((keyword == "operand_layouts" || keyword == "result_layouts") &&
               i < words.size()) {
      size_t count = std::strtoull(words[i++].c_str(), nullptr, 10);
      if (i + count > words.size())
        return std::nullopt;
      std::vector<Layout> &list = keyword == "operand_layouts" ? attributes.operandLayouts
                                                               : attributes.resultLayouts;
      for (size_t k = 0; k < count; ++k) {
        std::optional<Layout> layout = parseLayout(words[i++]);
        if (!layout)
          return std::nullopt;
        list.push_back(*layout);
      }
    } else {
      return std::nullopt;
    }
  }
  return attributes;
}

} // namespace oxla::kernels
