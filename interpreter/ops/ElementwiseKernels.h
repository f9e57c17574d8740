//===- ElementwiseKernels.h - Typed loops behind the elementwise ops ------===//
//
// An elementwise op is a functor with call operators for the C++ types it
// supports (bool, the integer storage types, float, double, std::complex);
// these helpers pick the loop for a tensor's element kind. Narrow floats run
// the float overload and round the result back.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_INTERPRETER_OPS_ELEMENTWISEKERNELS_H
#define OXLA_INTERPRETER_OPS_ELEMENTWISEKERNELS_H

#include "interpreter/Numerics.h"
#include "interpreter/Tensor.h"

#include <complex>
#include <type_traits>

namespace oxla::interp {

template <typename T> struct TypeTag { using type = T; };

/// Calls `fn(TypeTag<T>{})` with the storage type of `kind`: bool for i1,
/// the integer types, float, double, complex. Narrow floats are not
/// dispatched here (see mapUnary/mapBinary). Returns false when not handled.
template <typename Fn> bool visitStorageType(ElementKind kind, Fn &&fn) {
  switch (kind) {
  case ElementKind::I1: fn(TypeTag<bool>{}); return true;
  case ElementKind::SI2: case ElementKind::SI4: case ElementKind::SI8:
    fn(TypeTag<int8_t>{}); return true;
  case ElementKind::SI16: fn(TypeTag<int16_t>{}); return true;
  case ElementKind::SI32: fn(TypeTag<int32_t>{}); return true;
  case ElementKind::SI64: fn(TypeTag<int64_t>{}); return true;
  case ElementKind::UI2: case ElementKind::UI4: case ElementKind::UI8:
    fn(TypeTag<uint8_t>{}); return true;
  case ElementKind::UI16: fn(TypeTag<uint16_t>{}); return true;
  case ElementKind::UI32: fn(TypeTag<uint32_t>{}); return true;
  case ElementKind::UI64: fn(TypeTag<uint64_t>{}); return true;
  case ElementKind::F32: fn(TypeTag<float>{}); return true;
  case ElementKind::F64: fn(TypeTag<double>{}); return true;
  case ElementKind::C64: fn(TypeTag<std::complex<float>>{}); return true;
  case ElementKind::C128: fn(TypeTag<std::complex<double>>{}); return true;
  default: return false;
  }
}

/// bool lives in a byte; every other storage type is itself.
template <typename T> inline T loadElement(const uint8_t *base, int64_t i) {
  if constexpr (std::is_same_v<T, bool>)
    return base[i] != 0;
  else
    return reinterpret_cast<const T *>(base)[i];
}
template <typename T> inline void storeElement(uint8_t *base, int64_t i, T v) {
  if constexpr (std::is_same_v<T, bool>)
    base[i] = v ? 1 : 0;
  else
    reinterpret_cast<T *>(base)[i] = v;
}

template <typename T> inline T wrapResult(T value, unsigned bits) {
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>)
    return wrapToWidth(value, bits);
  else
    return value;
}

/// Does `Fn` accept this operand type (and produce something storable)?
template <typename Fn, typename... Args>
constexpr bool acceptsV = std::is_invocable_v<Fn, Args...>;

/// result[i] = fn(x[i]) with result of x's element kind (or `resultKind`,
/// which must share x's storage type unless fn converts, e.g. complex->real).
/// Returns false when `fn` has no overload for the element kind.
template <typename Fn>
bool mapUnary(const Tensor &x, Tensor &result, Fn fn) {
  ElementKind kind = x.elementType().kind();
  int64_t n = x.numElements();
  if (ElementType(kind).isSmallFloat()) {
    if constexpr (!acceptsV<Fn, float>)
      return false;
    else {
      unsigned size = x.elementType().storageBytes();
      ElementKind outKind = result.elementType().kind();
      for (int64_t i = 0; i < n; ++i) {
        auto value = fn(smallFloatToFloat(kind, x.bytes() + i * size));
        if constexpr (std::is_same_v<decltype(value), bool>)
          result.bytes()[i] = value;
        else
          storeSmallFloat(outKind, static_cast<float>(value),
                          result.bytes() + i * result.elementType().storageBytes());
      }
      return true;
    }
  }
  bool handled = false;
  unsigned bits = result.elementType().bitWidth();
  visitStorageType(kind, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (acceptsV<Fn, T>) {
      using R = std::invoke_result_t<Fn, T>;
      for (int64_t i = 0; i < n; ++i)
        storeElement<R>(result.bytes(), i,
                        wrapResult<R>(fn(loadElement<T>(x.bytes(), i)), bits));
      handled = true;
    }
  });
  return handled;
}

/// result[i] = fn(a[i], b[i]); a and b share an element kind.
template <typename Fn>
bool mapBinary(const Tensor &a, const Tensor &b, Tensor &result, Fn fn) {
  ElementKind kind = a.elementType().kind();
  int64_t n = a.numElements();
  if (ElementType(kind).isSmallFloat()) {
    if constexpr (!acceptsV<Fn, float, float>)
      return false;
    else {
      unsigned size = a.elementType().storageBytes();
      ElementKind outKind = result.elementType().kind();
      for (int64_t i = 0; i < n; ++i) {
        auto value = fn(smallFloatToFloat(kind, a.bytes() + i * size),
                        smallFloatToFloat(kind, b.bytes() + i * size));
        if constexpr (std::is_same_v<decltype(value), bool>)
          result.bytes()[i] = value;
        else
          storeSmallFloat(outKind, static_cast<float>(value),
                          result.bytes() + i * result.elementType().storageBytes());
      }
      return true;
    }
  }
  bool handled = false;
  unsigned bits = a.elementType().bitWidth();
  visitStorageType(kind, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (acceptsV<Fn, T, T>) {
      using R = std::invoke_result_t<Fn, T, T>;
      const uint8_t *pa = a.bytes(), *pb = b.bytes();
      uint8_t *out = result.bytes();
      for (int64_t i = 0; i < n; ++i)
        storeElement<R>(out, i,
                        wrapResult<R>(fn(loadElement<T>(pa, i),
                                         loadElement<T>(pb, i)),
                                      bits));
      handled = true;
    }
  });
  return handled;
}

} // namespace oxla::interp

#endif // OXLA_INTERPRETER_OPS_ELEMENTWISEKERNELS_H
