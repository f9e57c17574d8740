//===- DepthSpaceOps.cpp - ONNX DepthToSpace and SpaceToDepth -------------===//
//
// Both move blocksize x blocksize blocks between the channel dimension and
// the spatial ones of an NCHW tensor: a reshape that splits dimensions, a
// transpose, and a reshape that joins them.
//
//===----------------------------------------------------------------------===//

#include "compiler/Import/ONNX/ops/Common.h"

using namespace mlir;

namespace oxla::onnx {
namespace {

/// The NCHW input's sizes and the blocksize.
struct Blocks {
  int64_t n, c, h, w, bs;
};

/// The NCHW input's sizes and blocksize, or an error on the node.
FailureOr<Blocks> readBlocks(NodeContext &ctx) {
  RankedTensorType type = typeOf(ctx.input(0));
  if (type.getRank() != 4)
    return ctx.invalid("the input must be NCHW (rank 4)");
  if (!type.hasStaticShape())
    return ctx.unsupported("dynamic shapes");
  int64_t blocksize = ctx.intAttr("blocksize", 0);
  if (blocksize < 1)
    return ctx.invalid("blocksize must be positive");
  return Blocks{type.getDimSize(0), type.getDimSize(1), type.getDimSize(2), type.getDimSize(3),
                blocksize};
}

Value rearrange(OpBuilder &b, Location loc, Value x, ArrayRef<int64_t> split,
                ArrayRef<int64_t> permutation, ArrayRef<int64_t> joined) {
  return reshape(b, loc, transpose(b, loc, reshape(b, loc, x, split), permutation), joined);
}

/// DepthToSpace: channel blocks become spatial blocks; DCR (the default)
/// takes the block index as the channel's major part, CRD as its minor one.
Results lowerDepthToSpace(NodeContext &ctx) {
  FailureOr<Blocks> read = readBlocks(ctx);
  if (failed(read))
    return failure();
  auto [n, c, h, w, bs] = *read;
  if (c % (bs * bs))
    return ctx.invalid("the channels (" + Twine(c) + ") must be a multiple of blocksize^2");
  std::string mode = ctx.stringAttr("mode", "DCR");
  if (mode != "DCR" && mode != "CRD")
    return ctx.invalid("mode must be DCR or CRD, got '" + mode + "'");
  int64_t depth = c / (bs * bs);
  SmallVector<int64_t> joined{n, depth, h * bs, w * bs};
  if (mode == "DCR")
    return single(rearrange(ctx.builder(), ctx.loc(), ctx.input(0), {n, bs, bs, depth, h, w},
                            {0, 3, 4, 1, 5, 2}, joined));
  return single(rearrange(ctx.builder(), ctx.loc(), ctx.input(0), {n, depth, bs, bs, h, w},
                          {0, 1, 4, 2, 5, 3}, joined));
}

/// SpaceToDepth: spatial blocks become channel blocks (the inverse of
/// DepthToSpace in DCR mode).
Results lowerSpaceToDepth(NodeContext &ctx) {
  FailureOr<Blocks> read = readBlocks(ctx);
  if (failed(read))
    return failure();
  auto [n, c, h, w, bs] = *read;
  if (h % bs || w % bs)
    return ctx.invalid("height and width must be multiples of blocksize");
  return single(rearrange(ctx.builder(), ctx.loc(), ctx.input(0), {n, c, h / bs, bs, w / bs, bs},
                          {0, 3, 5, 1, 2, 4}, {n, c * bs * bs, h / bs, w / bs}));
}

} // namespace

void registerDepthSpaceOps(LoweringTable &table) {
  table["DepthToSpace"] = lowerDepthToSpace;
  table["SpaceToDepth"] = lowerSpaceToDepth;
}

} // namespace oxla::onnx
