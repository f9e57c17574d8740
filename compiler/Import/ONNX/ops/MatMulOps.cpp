//===- MatMulOps.cpp - ONNX MatMul, Gemm and Einsum -----------------------===//

#include "compiler/Import/ONNX/ops/Common.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir;

namespace oxla::onnx {
namespace {

Value dotGeneral(OpBuilder &b, Location loc, Value lhs, Value rhs, ArrayRef<int64_t> lhsBatch,
                 ArrayRef<int64_t> rhsBatch, int64_t lhsContract, int64_t rhsContract) {
  RankedTensorType lhsType = typeOf(lhs), rhsType = typeOf(rhs);
  SmallVector<int64_t> shape;
  for (int64_t dim : lhsBatch)
    shape.push_back(lhsType.getDimSize(dim));
  for (int64_t dim = 0; dim < lhsType.getRank(); ++dim)
    if (!llvm::is_contained(lhsBatch, dim) && dim != lhsContract)
      shape.push_back(lhsType.getDimSize(dim));
  for (int64_t dim = 0; dim < rhsType.getRank(); ++dim)
    if (!llvm::is_contained(rhsBatch, dim) && dim != rhsContract)
      shape.push_back(rhsType.getDimSize(dim));
  auto numbers = hlo::DotDimensionNumbersAttr::get(b.getContext(), lhsBatch, rhsBatch,
                                                   {lhsContract}, {rhsContract});
  return b.create<hlo::DotGeneralOp>(loc, lhsType.clone(shape), lhs, rhs, numbers, nullptr,
                                     nullptr);
}

} // namespace

/// MatMul: numpy.matmul. A 1-d operand is a row (lhs) or column (rhs)
/// vector whose dimension the result drops; a 2-d rhs contracts the lhs's
/// last dimension directly; otherwise the batch dimensions broadcast.
FailureOr<Value> buildMatMul(NodeContext &ctx, Value lhs, Value rhs) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  if (elementOf(lhs) != elementOf(rhs))
    return ctx.invalid("the inputs have different element types");
  int64_t lhsRank = rankOf(lhs), rhsRank = rankOf(rhs);
  if (lhsRank == 0 || rhsRank == 0)
    return ctx.invalid("the inputs must have rank 1 or more");
  if (rhsRank <= 2)
    // [..., K] x [K] or [..., K] x [K, N].
    return dotGeneral(b, loc, lhs, rhs, {}, {}, lhsRank - 1, 0);
  if (lhsRank == 1) {
    // [K] x [..., K, N] is [..., N]: contract K with rhs's second-to-last
    // dimension.
    Value result = dotGeneral(b, loc, lhs, rhs, {}, {}, 0, rhsRank - 2);
    return result;
  }
  // Both have rank >= 2 and rhs has batch dimensions: broadcast the batch
  // dimensions of both, then a batched dot_general.
  RankedTensorType lhsType = typeOf(lhs), rhsType = typeOf(rhs);
  int64_t batchRank = std::max(lhsRank, rhsRank) - 2;
  SmallVector<int64_t> batch(batchRank, 1);
  for (auto [type, rank] : {std::pair(lhsType, lhsRank), std::pair(rhsType, rhsRank)}) {
    for (int64_t i = 0; i < rank - 2; ++i) {
      int64_t size = type.getDimSize(i);
      int64_t &into = batch[batchRank - (rank - 2) + i];
      if (ShapedType::isDynamic(size) || ShapedType::isDynamic(into)) {
        if (size != 1)
          into = ShapedType::kDynamic;
        continue;
      }
      if (size != 1 && into != 1 && size != into)
        return ctx.invalid("the batch dimensions do not broadcast");
      into = std::max(into, size);
    }
  }
  if (llvm::any_of(batch, ShapedType::isDynamic)) {
    if (lhsType.getShape().drop_back(2) != rhsType.getShape().drop_back(2))
      return ctx.unsupported("broadcasting dynamic batch dimensions of MatMul");
  }
  auto expand = [&](Value value, RankedTensorType type, int64_t rank) {
    SmallVector<int64_t> shape(batch);
    shape.push_back(type.getDimSize(rank - 2));
    shape.push_back(type.getDimSize(rank - 1));
    if (shape == SmallVector<int64_t>(type.getShape()))
      return value;
    SmallVector<int64_t> dims;
    for (int64_t i = 0; i < rank; ++i)
      dims.push_back(batchRank + 2 - rank + i);
    return broadcastInDim(b, loc, value, shape, nullptr, dims);
  };
  lhs = expand(lhs, lhsType, lhsRank);
  rhs = expand(rhs, rhsType, rhsRank);
  SmallVector<int64_t> batchDims = llvm::to_vector(llvm::seq<int64_t>(0, batchRank));
  return dotGeneral(b, loc, lhs, rhs, batchDims, batchDims, batchRank + 1, batchRank);
}

namespace {

Results lowerMatMul(NodeContext &ctx) {
  FailureOr<Value> product = buildMatMul(ctx, ctx.input(0), ctx.input(1));
  if (failed(product))
    return failure();
  return single(*product);
}

/// Gemm: alpha * A' B' + beta * C with A' = transpose(A) if transA (and B'
/// likewise); C broadcasts to the product's shape.
Results lowerGemm(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value lhs = ctx.input(0), rhs = ctx.input(1);
  if (rankOf(lhs) != 2 || rankOf(rhs) != 2)
    return ctx.invalid("A and B must be matrices");
  bool transA = ctx.intAttr("transA", 0), transB = ctx.intAttr("transB", 0);
  Value product = dotGeneral(b, loc, lhs, rhs, {}, {}, transA ? 0 : 1, transB ? 1 : 0);
  double alpha = ctx.floatAttr("alpha", 1.0f), beta = ctx.floatAttr("beta", 1.0f);
  if (alpha != 1.0)
    product = elementwise<hlo::MulOp>(b, loc, {product, splatLike(b, loc, product, alpha)});
  if (!ctx.hasInput(2) || beta == 0.0)
    return single(product);
  Value bias = ctx.input(2);
  if (beta != 1.0)
    bias = ctx.folded(elementwise<hlo::MulOp>(b, loc, {bias, splatLike(b, loc, bias, beta)}));
  auto operands = broadcastPair(ctx, product, bias);
  if (failed(operands))
    return failure();
  return single(elementwise<hlo::AddOp>(b, loc, {operands->first, operands->second}));
}

/// Einsum: stablehlo.einsum (two operands) or unary_einsum (one), whose
/// config is the equation without spaces; an equation without `->` sums the
/// labels that appear twice and orders the rest alphabetically (implicit
/// mode). Ellipses (`...`) are not supported.
/// `equation` with each "..." replaced by letters it does not use: as many
/// as the operand's rank leaves to the ellipsis, the last of `ellipsis`
/// (the letters of the widest one, which an explicit output's "..." is).
FailureOr<std::string> expandEllipsis(NodeContext &ctx, StringRef equation,
                                      std::string &ellipsis) {
  std::string unused;
  for (char c = 'A'; c <= 'z'; ++c)
    if (llvm::isAlpha(c) && equation.find(c) == StringRef::npos)
      unused += c;
  StringRef inputs = equation.split("->").first;
  SmallVector<StringRef> specs;
  inputs.split(specs, ',');
  int64_t widest = 0;
  SmallVector<int64_t> counts;
  for (auto [index, spec] : llvm::enumerate(specs)) {
    int64_t count = 0;
    if (spec.contains("...")) {
      if (index >= ctx.numInputs() || !ctx.hasInput(index)) {
        (void)ctx.invalid("the equation names more operands than the node has");
        return failure();
      }
      count = rankOf(ctx.input(index)) - static_cast<int64_t>(spec.size() - 3);
      if (count < 0) {
        (void)ctx.invalid("'" + spec + "' has more letters than operand " + Twine(index) +
                          " has dimensions");
        return failure();
      }
    }
    counts.push_back(count);
    widest = std::max(widest, count);
  }
  if (widest > static_cast<int64_t>(unused.size())) {
    (void)ctx.unsupported("an ellipsis of more dimensions than free letters");
    return failure();
  }
  ellipsis = unused.substr(0, widest);
  std::string expanded;
  for (auto [index, spec] : llvm::enumerate(specs)) {
    if (index)
      expanded += ',';
    size_t at = spec.find("...");
    expanded += at == StringRef::npos
                    ? spec.str()
                    : (spec.take_front(at) + StringRef(ellipsis).take_back(counts[index]) +
                       spec.drop_front(at + 3))
                          .str();
  }
  if (size_t arrow = equation.find("->"); arrow != StringRef::npos) {
    StringRef output = equation.drop_front(arrow + 2);
    size_t at = output.find("...");
    expanded += "->";
    expanded += at == StringRef::npos
                    ? output.str()
                    : (output.take_front(at) + ellipsis + output.drop_front(at + 3)).str();
  }
  return expanded;
}

Results lowerEinsum(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  std::string equation;
  for (char c : ctx.stringAttr("equation", ""))
    if (c != ' ')
      equation += c;
  // An ellipsis stands for the dimensions the letters leave, aligned from
  // the right across operands: it becomes letters the equation does not use.
  std::string ellipsis;
  if (equation.find("...") != std::string::npos) {
    FailureOr<std::string> expanded = expandEllipsis(ctx, equation, ellipsis);
    if (failed(expanded))
      return failure();
    equation = *expanded;
  }
  StringRef inputs = equation, output;
  bool explicitOutput = false;
  if (size_t arrow = equation.find("->"); arrow != std::string::npos) {
    inputs = StringRef(equation).take_front(arrow);
    output = StringRef(equation).drop_front(arrow + 2);
    explicitOutput = true;
  }
  SmallVector<StringRef> specs;
  inputs.split(specs, ',');
  if (specs.size() != ctx.numInputs() || specs.size() > 2)
    return specs.size() > 2 ? ctx.unsupported("einsum of more than two operands")
                            : ctx.invalid("the equation names " + Twine(specs.size()) +
                                          " operands, the node has " + Twine(ctx.numInputs()));
  llvm::SmallDenseMap<char, int64_t> sizes, counts;
  for (auto [index, spec] : llvm::enumerate(specs)) {
    RankedTensorType type = typeOf(ctx.input(index));
    if (static_cast<int64_t>(spec.size()) != type.getRank())
      return ctx.invalid("'" + spec + "' does not match operand " + Twine(index) + " of rank " +
                         Twine(type.getRank()));
    for (auto [dim, label] : llvm::enumerate(spec)) {
      if (!llvm::isAlpha(label))
        return ctx.invalid("label '" + Twine(label) + "' is not a letter");
      auto [it, inserted] = sizes.try_emplace(label, type.getDimSize(dim));
      if (!inserted && it->second != type.getDimSize(dim))
        return ellipsis.find(label) != std::string::npos
                   ? ctx.unsupported("ellipsis dimensions that broadcast")
                   : ctx.invalid("label '" + Twine(label) + "' has two sizes");
      ++counts[label];
    }
  }
  std::string implicit;
  if (!explicitOutput) {
    // numpy's implicit output: the ellipsis dimensions, then the letters
    // used once, sorted.
    for (auto [label, count] : counts)
      if (count == 1 && ellipsis.find(label) == std::string::npos)
        implicit += label;
    llvm::sort(implicit);
    implicit = ellipsis + implicit;
    output = implicit;
  }
  SmallVector<int64_t> shape;
  for (char label : output) {
    auto it = sizes.find(label);
    if (it == sizes.end())
      return ctx.invalid("output label '" + Twine(label) + "' is on no operand");
    shape.push_back(it->second);
  }
  std::string config = (inputs + "->" + output).str();
  RankedTensorType resultType = typeOf(ctx.input(0)).clone(shape);
  if (specs.size() == 1)
    return single(b.create<hlo::UnaryEinsumOp>(loc, resultType, ctx.input(0),
                                               b.getStringAttr(config)));
  return single(b.create<hlo::EinsumOp>(loc, resultType, ctx.input(0), ctx.input(1),
                                        b.getStringAttr(config)));
}

} // namespace

void registerMatMulOps(LoweringTable &table) {
  table["MatMul"] = lowerMatMul;
  table["Gemm"] = lowerGemm;
  table["Einsum"] = lowerEinsum;
}

} // namespace oxla::onnx
