//===- RandomEvaluators.cpp - rng_bit_generator, rng ===//
//
// Spec "rng_bit_generator" and "rng". Both are implementation-defined; for
// rng_bit_generator oxla produces XLA's bits (its RngBitGeneratorExpander
// and prng library), since programs exported from JAX check against them:
//
//  * state[0] is the key; THREE_FRY counts with state[1], PHILOX with the
//    128-bit counter (state[1], state[2]), or (state[1], state[0]) when the
//    state has only two elements. The output state is the key followed by
//    the advanced counter.
//  * DEFAULT is PHILOX, the algorithm XLA's CPU and GPU compilers choose.
//  * 64-bit outputs use whole cipher blocks; 32-bit and narrower outputs use
//    32-bit words, narrower ones keeping the low bits of each word.
//
// rng draws from a stateless counter-based generator (splitmix64 of the
// element index), so a given op always yields the same values.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "interpreter/Interpreter.h"
#include "interpreter/Numerics.h"
#include "interpreter/ops/ElementwiseKernels.h"
#include "interpreter/ops/EvaluatorSupport.h"
#include "interpreter/ops/IndexSpace.h"

#include <array>
#include <cmath>
#include <cstring>

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace oxla::interp {
namespace {

using Operands = ArrayRef<RuntimeValue>;
using Results = SmallVectorImpl<RuntimeValue>;

using Words2 = std::array<uint32_t, 2>;
using Words4 = std::array<uint32_t, 4>;

inline uint32_t low32(uint64_t x) { return static_cast<uint32_t>(x); }
inline uint32_t high32(uint64_t x) { return static_cast<uint32_t>(x >> 32); }
inline uint64_t join32(uint32_t low, uint32_t high) {
  return uint64_t(low) | (uint64_t(high) << 32);
}
inline uint32_t rotateLeft(uint32_t x, int distance) {
  return (x << distance) | (x >> (32 - distance));
}

//===- ThreeFry-2x32 (Salmon et al., SC 2011), 20 rounds --------------------===//

Words2 threeFry2x32(Words2 x, Words2 key) {
  static constexpr int rotations[8] = {13, 15, 26, 6, 17, 29, 16, 24};
  std::array<uint32_t, 3> ks = {key[0], key[1], 0x1BD11BDA ^ key[0] ^ key[1]};
  x[0] += ks[0];
  x[1] += ks[1];
  // Five groups of four rounds, each followed by a key injection.
  for (int group = 0; group < 5; ++group) {
    const int *r = rotations + (group % 2) * 4;
    for (int i = 0; i < 4; ++i) {
      x[0] += x[1];
      x[1] = rotateLeft(x[1], r[i]) ^ x[0];
    }
    x[0] += ks[(group + 1) % 3];
    x[1] += ks[(group + 2) % 3] + uint32_t(group + 1);
  }
  return x;
}

//===- Philox-4x32 (Salmon et al., SC 2011), 10 rounds ----------------------===//

Words4 philox4x32(Words4 x, Words2 key) {
  for (int round = 0; round < 10; ++round) {
    uint64_t p0 = uint64_t(x[0]) * 0xD2511F53u;
    uint64_t p1 = uint64_t(x[2]) * 0xCD9E8D57u;
    x = {high32(p1) ^ x[1] ^ key[0], low32(p1), high32(p0) ^ x[3] ^ key[1],
         low32(p0)};
    key[0] += 0x9E3779B9u;
    key[1] += 0xBB67AE85u;
  }
  return x;
}

//===- Bit generation -------------------------------------------------------===//

/// Random words for one output: `bits[i]` holds element i's bits (the low
/// `width` of them are used).
struct Generated {
  std::vector<uint64_t> bits;
  SmallVector<uint64_t> state;
};

/// THREE_FRY: element i of a 64-bit output is the block for counter + i.
/// 32-bit outputs (and narrower, which keep the low bits) split the shape in
/// half along a dimension, and the two words of block h fill the two
/// neighbouring positions 2j and 2j+1 of that dimension.
Generated threeFryBits(ArrayRef<uint64_t> state, ArrayRef<int64_t> shape,
                       unsigned width) {
  Words2 key = {low32(state[0]), high32(state[0])};
  uint64_t counter = state[1];
  Generated out;
  int64_t count = numElementsOf(shape);
  out.bits.resize(count);
  auto block = [&](uint64_t offset) {
    uint64_t c = counter + offset;
    return threeFry2x32({low32(c), high32(c)}, key);
  };
  out.state.assign(state.begin(), state.end());
  if (width == 64) {
    for (int64_t i = 0; i < count; ++i) {
      Words2 x = block(i);
      out.bits[i] = join32(x[0], x[1]);
    }
    out.state[1] = counter + uint64_t(count);
    return out;
  }
  // The split dimension: the first even one, else the first largest one; a
  // scalar takes word 0 of block 0.
  Shape half(shape.begin(), shape.end());
  int64_t split = -1;
  for (size_t d = 0; d < shape.size() && split < 0; ++d)
    if (shape[d] % 2 == 0)
      split = d;
  bool anyEven = split >= 0;
  for (size_t d = 0; d < shape.size() && !anyEven; ++d)
    if (split < 0 || shape[d] > shape[split])
      split = d;
  if (split < 0) {
    out.bits[0] = block(0)[0];
    out.state[1] = counter + 1;
    return out;
  }
  half[split] = (shape[split] + 1) / 2;
  Shape halfIndex(shape.size());
  forEachIndex(shape, [&](ArrayRef<int64_t> index, int64_t linear) {
    halfIndex.assign(index.begin(), index.end());
    halfIndex[split] = index[split] / 2;
    int64_t h = linearIndexIfInBounds(half, halfIndex);
    out.bits[linear] = block(h)[index[split] % 2];
  });
  out.state[1] = counter + uint64_t(numElementsOf(half));
  return out;
}

/// PHILOX: block b uses the 128-bit counter + b; its four words (or two
/// 64-bit halves) are consecutive output elements.
Generated philoxBits(ArrayRef<uint64_t> state, int64_t count, unsigned width) {
  Words2 key = {low32(state[0]), high32(state[0])};
  bool wide = state.size() >= 3;
  uint64_t low = state[1], high = wide ? state[2] : state[0];
  int64_t perBlock = width == 64 ? 2 : 4;
  int64_t blocks = (count + perBlock - 1) / perBlock;
  Generated out;
  out.bits.resize(count);
  for (int64_t b = 0; b < blocks; ++b) {
    uint64_t cLow = low + uint64_t(b);
    uint64_t cHigh = cLow < low ? high + 1 : high;
    Words4 x = philox4x32({low32(cLow), high32(cLow), low32(cHigh), high32(cHigh)},
                          key);
    for (int64_t k = 0; k < perBlock && b * perBlock + k < count; ++k)
      out.bits[b * perBlock + k] =
          width == 64 ? join32(x[2 * k], x[2 * k + 1]) : x[k];
  }
  uint64_t newLow = low + uint64_t(blocks);
  uint64_t newHigh = newLow < low ? high + 1 : high;
  out.state.assign(state.begin(), state.end());
  out.state[1] = newLow;
  if (wide)
    out.state[2] = newHigh;
  return out;
}

LogicalResult evalRngBitGenerator(Operation *op, Operands operands,
                                  Results &results, EvalContext &context) {
  auto rng = cast<hlo::RngBitGeneratorOp>(op);
  const Tensor &initial = operands[0].tensor();
  ElementType stateType = initial.elementType();
  if (stateType.bitWidth() != 64 || !stateType.isInt())
    return unsupportedElementType(op, context, stateType);
  std::optional<ElementType> type = resultElementType(op, context, 1);
  if (!type)
    return failure();
  unsigned width = type->bitWidth();
  if (type->isBool() || type->isComplex() ||
      (width != 8 && width != 16 && width != 32 && width != 64))
    return unsupportedElementType(op, context, *type);
  ArrayRef<uint64_t> state(initial.data<uint64_t>(), initial.numElements());
  auto resultType = cast<RankedTensorType>(rng.getOutput().getType());
  ArrayRef<int64_t> shape = resultType.getShape();

  hlo::RngAlgorithm algorithm = rng.getRngAlgorithm();
  if (state.size() < 2)
    return context.invalid(op, "initial_state has too few elements");
  Generated generated =
      algorithm == hlo::RngAlgorithm::THREE_FRY
          ? threeFryBits(state, shape, width)
          : philoxBits(state, numElementsOf(shape), width);

  Tensor newState(stateType, initial.shape());
  std::memcpy(newState.bytes(), generated.state.data(), newState.byteSize());
  Tensor output(*type, shape);
  unsigned bytes = width / 8;
  for (size_t i = 0; i < generated.bits.size(); ++i)
    std::memcpy(output.bytes() + i * bytes, &generated.bits[i], bytes);
  results.push_back(std::move(newState));
  results.push_back(std::move(output));
  return success();
}

//===- rng -----------------------------------------------------------------===//

uint64_t splitMix64(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

/// A double uniformly drawn from [0, 1) for stream position `i`.
double unitUniform(uint64_t i) {
  return static_cast<double>(splitMix64(i) >> 11) * 0x1.0p-53;
}

double floatElement(const Tensor &tensor) {
  return tensor.elementAsDouble(0);
}

LogicalResult evalRng(Operation *op, Operands operands, Results &results,
                      EvalContext &context) {
  auto rng = cast<hlo::RngOp>(op);
  std::optional<ElementType> type = resultElementType(op, context);
  if (!type)
    return failure();
  auto resultType = cast<RankedTensorType>(rng.getResult().getType());
  if (!resultType.hasStaticShape())
    return context.unsupported(op, "a result of dynamic shape");
  const Tensor &a = operands[0].tensor(), &b = operands[1].tensor();
  Tensor result(*type, resultType.getShape());
  int64_t count = result.numElements();
  bool normal = rng.getRngDistribution() == hlo::RngDistribution::NORMAL;

  if (type->isFloat()) {
    double lo = floatElement(a), hi = floatElement(b);
    for (int64_t i = 0; i < count; ++i) {
      double value;
      if (normal) {
        // Box-Muller on two uniforms: mean a, standard deviation b.
        double u1 = 1.0 - unitUniform(2 * uint64_t(i));
        double u2 = unitUniform(2 * uint64_t(i) + 1);
        value = lo + hi * std::sqrt(-2.0 * std::log(u1)) * std::cos(2 * M_PI * u2);
      } else {
        value = lo + unitUniform(i) * (hi - lo);
      }
      if (type->kind() == ElementKind::F64)
        result.data<double>()[i] = value;
      else if (type->kind() == ElementKind::F32)
        result.data<float>()[i] = static_cast<float>(value);
      else
        storeSmallFloat(type->kind(), static_cast<float>(value),
                        result.bytes() + i * type->storageBytes());
    }
    // Rounding may land a uniform draw on b; [a, b) excludes it.
    if (!normal && hi > lo)
      for (int64_t i = 0; i < count; ++i)
        if (result.elementAsDouble(i) >= hi)
          std::memcpy(result.bytes() + i * type->storageBytes(), a.bytes(),
                      type->storageBytes());
    results.push_back(std::move(result));
    return success();
  }
  if (normal || !(type->isInt() || type->isBool()))
    return unsupportedElementType(op, context, *type);

  // Integers (and i1): a + bits mod (b - a); a when the range is empty.
  int64_t lo = integerElement(a), hi = integerElement(b);
  bool empty = type->isUnsignedInt() || type->isBool() ? uint64_t(hi) <= uint64_t(lo)
                                                       : hi <= lo;
  uint64_t range = uint64_t(hi) - uint64_t(lo);
  unsigned bits = type->bitWidth();
  visitStorageType(type->kind(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    for (int64_t i = 0; i < count; ++i) {
      uint64_t value = uint64_t(lo) + (empty ? 0 : splitMix64(i) % range);
      if constexpr (std::is_same_v<T, bool>)
        storeElement<bool>(result.bytes(), i, value != 0);
      else if constexpr (std::is_integral_v<T>)
        storeElement<T>(result.bytes(), i, wrapToWidth(static_cast<T>(value), bits));
    }
  });
  results.push_back(std::move(result));
  return success();
}

} // namespace

void registerRandomEvaluators(EvaluatorRegistry &registry) {
  registry.add<hlo::RngBitGeneratorOp>(evalRngBitGenerator);
  registry.add<hlo::RngOp>(evalRng);
}

} // namespace oxla::interp
