//===- GSPMDSharding.h - XLA's `mhlo.sharding` strings --------------------===//
//
// GSPMD shardings, as JAX and PyTorch/XLA write them in `mhlo.sharding`:
//   {replicated}   {manual}   {maximal device=3}   {}-less "" (no sharding)
//   {devices=[2,2]0,2,1,3}                  V1: the tile assignment listed
//   {devices=[2,2]<=[4]}  {devices=[4,2]<=[2,4]T(1,0)}   V2: iota, reshaped,
//                                            transposed
//   {devices=[2,1,2]<=[4] last_tile_dim_replicate}
//   {devices=[2,1,2,2]<=[8] last_tile_dims={manual, replicated}}
//   {{replicated}, {devices=[2]0,1}}        one per tuple element
// The tile assignment has one dimension per tensor dimension, then the
// subgroup dimensions (replicated or manual). It becomes the model's mesh:
// one axis per tile dimension, the listed devices as its device order.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_SHARDING_GSPMDSHARDING_H
#define OXLA_COMPILER_SHARDING_GSPMDSHARDING_H

#include "compiler/Sharding/ShardingModel.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace oxla::sharding {

class GSPMDSharding {
public:
  enum class Kind { Replicated, Manual, Maximal, Tiled, Tuple, Unknown };
  enum class Subgroup { Replicated, Manual };

  Kind kind = Kind::Replicated;
  int64_t maximalDevice = 0;
  /// Tiled: the tile assignment's shape (data dims, then subgroup dims) and
  /// its devices in row-major order.
  std::vector<int64_t> tileShape;
  std::vector<int64_t> devices;
  /// The kinds of the trailing subgroup dimensions.
  std::vector<Subgroup> subgroups;
  /// Tuple: one per element.
  std::vector<GSPMDSharding> elements;

  /// Parses `text`; on failure returns the reason with the column (0-based)
  /// where it was found.
  struct ParseError {
    std::string message;
    size_t column = 0;
  };
  static std::variant<GSPMDSharding, ParseError> parse(llvm::StringRef text);

  /// The number of tensor dimensions a tiled sharding describes.
  int64_t dataRank() const {
    return static_cast<int64_t>(tileShape.size() - subgroups.size());
  }
  /// Devices the program needs (the largest over tuple elements).
  int64_t requiredDevices() const;
  /// XLA's syntax (V1 device lists are kept; iota lists print as V2).
  std::string str() const;
  /// The model of this (non-tuple) sharding for a tensor of rank `rank`;
  /// the reason when the ranks differ.
  std::variant<Sharding, std::string> toSharding(int64_t rank) const;
};

} // namespace oxla::sharding

#endif // OXLA_COMPILER_SHARDING_GSPMDSHARDING_H
