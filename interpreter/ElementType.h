//===- ElementType.h - Element types the interpreter computes with --------===//
//
// The spec's element types as a small enum, so that evaluators dispatch on a
// byte instead of querying MLIR types per element. Storage per element:
//   i1            one byte, 0 or 1
//   si2..si64     int8..int64, sign-extended (si2/si4 live in an int8)
//   ui2..ui64     uint8..uint64 (ui2/ui4 live in a uint8)
//   f8*, bf16, f16  their IEEE-style bit patterns (uint8 / uint16)
//   f32, f64      float, double
//   complex<f32>, complex<f64>  std::complex<float>, std::complex<double>
// A uniform quantized type (per-tensor or per-axis) maps to its storage
// integer type: the interpreter holds quantized values as storage integers.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_INTERPRETER_ELEMENTTYPE_H
#define OXLA_INTERPRETER_ELEMENTTYPE_H

#include "mlir/IR/Types.h"
#include "llvm/ADT/APFloat.h"

#include <cstdint>
#include <optional>
#include <string>

namespace oxla::interp {

enum class ElementKind : uint8_t {
  I1,
  SI2, SI4, SI8, SI16, SI32, SI64,
  UI2, UI4, UI8, UI16, UI32, UI64,
  F8E4M3B11FNUZ, F8E4M3FN, F8E4M3FNUZ, F8E4M3, F8E5M2, F8E5M2FNUZ,
  BF16, F16, F32, F64,
  C64, C128,
};

class ElementType {
public:
  constexpr ElementType(ElementKind kind) : kind_(kind) {}

  /// The element type of an MLIR type, or nullopt for types the interpreter
  /// does not represent (e.g. tf32, index). Uniform quantized types give
  /// their storage integer type.
  static std::optional<ElementType> fromMlir(mlir::Type type);
  /// The MLIR type for this element type.
  mlir::Type toMlir(mlir::MLIRContext *context) const;

  ElementKind kind() const { return kind_; }
  bool operator==(ElementType other) const { return kind_ == other.kind_; }
  bool operator!=(ElementType other) const { return kind_ != other.kind_; }

  bool isBool() const { return kind_ == ElementKind::I1; }
  bool isSignedInt() const {
    return kind_ >= ElementKind::SI2 && kind_ <= ElementKind::SI64;
  }
  bool isUnsignedInt() const {
    return kind_ >= ElementKind::UI2 && kind_ <= ElementKind::UI64;
  }
  bool isInt() const { return isSignedInt() || isUnsignedInt(); }
  bool isFloat() const {
    return kind_ >= ElementKind::F8E4M3B11FNUZ && kind_ <= ElementKind::F64;
  }
  /// Floats stored as bit patterns (f8 variants, bf16, f16).
  bool isSmallFloat() const { return isFloat() && kind_ < ElementKind::F32; }
  bool isComplex() const {
    return kind_ == ElementKind::C64 || kind_ == ElementKind::C128;
  }

  /// Bits of the value (i1: 1, si4: 4, complex<f32>: 64).
  unsigned bitWidth() const;
  /// Bytes one element occupies in a Tensor's storage.
  unsigned storageBytes() const;
  /// APFloat semantics of a float type, or of a complex type's parts.
  const llvm::fltSemantics &floatSemantics() const;
  /// The spec's spelling, e.g. "si32" is printed as MLIR's "i32".
  std::string name() const;

private:
  ElementKind kind_;
};

} // namespace oxla::interp

#endif // OXLA_INTERPRETER_ELEMENTTYPE_H
