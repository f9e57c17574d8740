//===- DuccFft.cpp - ducc_fft and dynamic_ducc_fft ------------------------===//
//
// JAX (until 2024) lowered `jnp.fft.*` on CPU to
//   ducc_fft(descriptor: ui8[N], x) -> y
//   dynamic_ducc_fft(descriptor, x, shape: i32[r], strides_in: i32[r],
//                    strides_out: i32[r], scale: f64[1], out_shape: i32[r]) -> y
// The descriptor is a flatbuffer (jaxlib's ducc_fft.fbs), whose root table
// is, field by field:
//   DuccFftDescriptor:        dtype: byte (0 complex64, 1 complex128),
//     fft_type: byte (0 C2C, 1 C2R, 2 R2C), shape: [uint64],
//     strides_in: [uint64], strides_out: [uint64], axes: [uint32],
//     forward: bool, scale: double
//   DynamicDuccFftDescriptor: ndims: uint32, dtype, fft_type,
//     axes: [uint32], forward: bool
// Strides are in elements of the laid-out operand and result. `shape` is
// the complex shape for C2C and the real one for C2R (output) and R2C
// (input); the complex side has n / 2 + 1 entries along the last axis.
//
//===----------------------------------------------------------------------===//

#include "runtime/kernels/KernelCall.h"
#include "runtime/kernels/fft/Fft.h"

#include <cstring>

namespace oxla::kernels {
namespace {

/// A bounds-checked reader of one flatbuffer table.
class FlatTable {
public:
  bool open(const uint8_t *data, size_t size) {
    data_ = data;
    size_ = size;
    uint32_t root;
    int32_t toVtable;
    if (!read(0, root) || !read(root, toVtable))
      return false;
    table_ = root;
    int64_t vtable = static_cast<int64_t>(root) - toVtable;
    if (vtable < 0 || !read(vtable, vtableSize_) || vtable + vtableSize_ > int64_t(size))
      return false;
    vtable_ = static_cast<size_t>(vtable);
    return true;
  }

  /// The position of field `index`, or 0 when absent.
  size_t field(unsigned index) const {
    uint16_t offset = 0;
    if (4 + 2 * index + 2 <= vtableSize_)
      read(vtable_ + 4 + 2 * index, offset);
    return offset ? table_ + offset : 0;
  }

  template <typename T> bool scalar(unsigned index, T fallback, T &value) const {
    size_t position = field(index);
    value = fallback;
    return !position || read(position, value);
  }

  template <typename T> bool vector(unsigned index, std::vector<int64_t> &values) const {
    values.clear();
    size_t position = field(index);
    uint32_t offset, length;
    if (!position)
      return true;
    if (!read(position, offset) || !read(position + offset, length))
      return false;
    size_t start = position + offset + 4;
    if (start + uint64_t(length) * sizeof(T) > size_)
      return false;
    for (uint32_t i = 0; i < length; ++i) {
      T value;
      read(start + i * sizeof(T), value);
      values.push_back(static_cast<int64_t>(value));
    }
    return true;
  }

private:
  template <typename T> bool read(size_t position, T &value) const {
    if (position + sizeof(T) > size_)
      return false;
    std::memcpy(&value, data_ + position, sizeof(T));
    return true;
  }

  const uint8_t *data_ = nullptr;
  size_t size_ = 0, table_ = 0, vtable_ = 0;
  uint16_t vtableSize_ = 0;
};

/// Reads an integer vector operand (i32 or i64, rank 1).
Status integerVector(const KernelCall &call, size_t index, const char *what,
                     std::vector<int64_t> &values) {
  const Buffer &buffer = call.operands[index];
  ElementType type = buffer.type.element;
  if (buffer.type.dims.size() != 1 ||
      (type != ElementType::S32 && type != ElementType::U32 && type != ElementType::S64 &&
       type != ElementType::U64))
    return call.invalid("operand #" + std::to_string(index) + " (" + what +
                        ") must be a vector of 32- or 64-bit integers, got " +
                        buffer.type.str());
  values.clear();
  if (call.verifying)
    return Status::ok();
  for (int64_t i = 0; i < buffer.type.dims[0]; ++i)
    values.push_back(byteWidth(type) == 4
                         ? int64_t(type == ElementType::S32 ? dataOf<int32_t>(buffer)[i]
                                                            : dataOf<uint32_t>(buffer)[i])
                         : dataOf<int64_t>(buffer)[i]);
  return Status::ok();
}

/// Checks that the strided extent of `shape` fits in `buffer`.
bool fits(const std::vector<int64_t> &shape, const std::vector<int64_t> &strides,
          const Buffer &buffer) {
  if (strides.size() != shape.size())
    return false;
  int64_t last = 0;
  for (size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] <= 0)
      return true; // nothing is touched
    if (strides[d] < 0)
      return false;
    last += (shape[d] - 1) * strides[d];
  }
  return last < buffer.type.numElements();
}

} // namespace

Status runDuccFft(KernelCall &call) {
  bool dynamic = call.routine == "dynamic_ducc_fft";
  if (Status s = call.expectArity(dynamic ? 7 : 2, 1); !s.isOk())
    return s;
  const Buffer &descriptor = call.operands[0];
  if (descriptor.type.dims.size() != 1 ||
      (descriptor.type.element != ElementType::U8 && descriptor.type.element != ElementType::S8))
    return call.invalid("operand #0 (the descriptor) must be a ui8 vector, got " +
                        descriptor.type.str());
  const BufferType &in = call.operands[1].type, &out = call.results[0].type;
  auto isFloat = [](ElementType t) {
    return t == ElementType::F32 || t == ElementType::F64 || t == ElementType::C64 ||
           t == ElementType::C128;
  };
  if (!isFloat(in.element) || !isFloat(out.element))
    return call.invalid("transforms f32, f64, complex<f32> or complex<f64> values, got " +
                        in.str() + " -> " + out.str());
  if (dynamic) {
    std::vector<int64_t> ignored;
    for (auto [index, name] : {std::pair<size_t, const char *>{2, "shape"},
                               {3, "strides_in"}, {4, "strides_out"}, {6, "output shape"}})
      if (Status s = integerVector(call, index, name, ignored); !s.isOk())
        return s;
    if (Status s = call.expectType(call.operands[5], "operand #5 (scale)", ElementType::F64,
                                   {1});
        !s.isOk())
      return s;
  }
  if (call.verifying)
    return Status::ok();

  FlatTable table;
  if (!table.open(dataOf<uint8_t>(descriptor), descriptor.type.numElements()))
    return call.invalid("operand #0 is not a flatbuffer FFT descriptor");
  fft::Plan plan;
  int8_t dtype = 0, kind = 0;
  uint8_t forward = 1;
  bool ok;
  if (dynamic) {
    uint32_t ndims = 0;
    ok = table.scalar<uint32_t>(0, 0, ndims) && table.scalar<int8_t>(1, 0, dtype) &&
         table.scalar<int8_t>(2, 0, kind) && table.vector<uint32_t>(3, plan.axes) &&
         table.scalar<uint8_t>(4, 0, forward);
    if (ok) {
      if (Status s = integerVector(call, 2, "shape", plan.shape); !s.isOk())
        return s;
      if (Status s = integerVector(call, 3, "strides_in", plan.stridesIn); !s.isOk())
        return s;
      if (Status s = integerVector(call, 4, "strides_out", plan.stridesOut); !s.isOk())
        return s;
      plan.scale = *dataOf<double>(call.operands[5]);
      ok = plan.shape.size() == ndims;
    }
  } else {
    ok = table.scalar<int8_t>(0, 0, dtype) && table.scalar<int8_t>(1, 0, kind) &&
         table.vector<uint64_t>(2, plan.shape) && table.vector<uint64_t>(3, plan.stridesIn) &&
         table.vector<uint64_t>(4, plan.stridesOut) && table.vector<uint32_t>(5, plan.axes) &&
         table.scalar<uint8_t>(6, 0, forward) && table.scalar<double>(7, 0.0, plan.scale);
  }
  if (!ok || dtype < 0 || dtype > 1 || kind < 0 || kind > 2)
    return call.invalid("malformed FFT descriptor in operand #0");
  plan.single = dtype == 0;
  plan.kind = static_cast<fft::Kind>(kind);
  plan.forward = forward != 0;
  if (plan.axes.empty())
    return call.invalid("the FFT descriptor names no axes");
  for (int64_t axis : plan.axes)
    if (axis < 0 || axis >= static_cast<int64_t>(plan.shape.size()))
      return call.invalid("the FFT descriptor's axis " + std::to_string(axis) +
                          " is outside its shape");
  // The element types the descriptor implies.
  ElementType complex = plan.single ? ElementType::C64 : ElementType::C128;
  ElementType real = plan.single ? ElementType::F32 : ElementType::F64;
  ElementType wantIn = plan.kind == fft::Kind::R2C ? real : complex;
  ElementType wantOut = plan.kind == fft::Kind::C2R ? real : complex;
  if (in.element != wantIn || out.element != wantOut)
    return call.invalid("the descriptor describes a " + std::string(spelling(wantIn)) +
                        " -> " + spelling(wantOut) + " transform, but the call maps " +
                        in.str() + " to " + out.str());
  if (!fits(plan.inputShape(), plan.stridesIn, call.operands[1]) ||
      !fits(plan.outputShape(), plan.stridesOut, call.results[0]))
    return call.invalid("the FFT descriptor's shape and strides do not fit the operand (" +
                        in.str() + ") and result (" + out.str() + ")");
  zeroBuffer(call.results[0]);
  fft::execute(plan, call.operands[1].data, call.results[0].data);
  return Status::ok();
}

} // namespace oxla::kernels
