//===- Version.h - StableHLO versions (major.minor.patch) -----------------===//
//
// The versions that VHLO ops, types and attributes are defined in, and that
// --vhlo-to-version targets. They follow the StableHLO release numbering, so
// that "target=1.9.0" means what it means for upstream's tools.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_DIALECT_VHLO_IR_VERSION_H
#define OXLA_COMPILER_DIALECT_VHLO_IR_VERSION_H

#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>

namespace oxla::vhlo {

class Version {
public:
  constexpr Version(int64_t major, int64_t minor, int64_t patch)
      : parts{major, minor, patch} {}

  /// Parses "#.#.#"; nullopt for anything else.
  static std::optional<Version> parse(llvm::StringRef text);
  /// The newest version oxla's VHLO ops express.
  static constexpr Version current() { return Version(kCurrent[0], kCurrent[1], kCurrent[2]); }
  /// The oldest version oxla can write (VHLO's first, 0.9.0).
  static constexpr Version minimum() { return Version(0, 9, 0); }
  /// A version of the op tables: "#.#.#" or "current", checked when compiled.
  static constexpr Version fromLiteral(const char *text) {
    if (text[0] == 'c')
      return current();
    int64_t p[3] = {0, 0, 0};
    for (int i = 0; *text; ++text)
      *text == '.' ? (void)++i : (void)(p[i] = p[i] * 10 + (*text - '0'));
    return Version(p[0], p[1], p[2]);
  }

  int64_t major() const { return parts[0]; }
  int64_t minor() const { return parts[1]; }
  int64_t patch() const { return parts[2]; }

  friend bool operator<(const Version &a, const Version &b) { return a.parts < b.parts; }
  friend bool operator==(const Version &a, const Version &b) { return a.parts == b.parts; }
  friend bool operator!=(const Version &a, const Version &b) { return !(a == b); }
  friend bool operator<=(const Version &a, const Version &b) { return !(b < a); }
  friend bool operator>(const Version &a, const Version &b) { return b < a; }
  friend bool operator>=(const Version &a, const Version &b) { return !(a < b); }

  std::string str() const;

private:
  static constexpr int64_t kCurrent[3] = {1, 20, 0};
  std::array<int64_t, 3> parts;
};

inline llvm::raw_ostream &operator<<(llvm::raw_ostream &os, const Version &v) {
  return os << v.str();
}

} // namespace oxla::vhlo

#endif // OXLA_COMPILER_DIALECT_VHLO_IR_VERSION_H
