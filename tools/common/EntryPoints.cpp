//===- EntryPoints.cpp - Which functions a run tool runs, on what inputs --===//

#include "tools/common/EntryPoints.h"

#include "interpreter/TensorIO.h"
#include "tools/common/ToolSupport.h"

#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/Support/CommandLine.h"

#include <complex>
#include <cstdlib>
#include <cstring>
#include <random>

using namespace mlir;

// Shared by the tools that run programs (oxla-interpret, oxla-run).
static llvm::cl::opt<bool> randomInputs(
    "random-inputs",
    llvm::cl::desc("Run on random arguments instead of --input: '?' sizes become "
                   "--dim-size, floats uniform in [-3, 3], integers nonzero in [-5, 5]; "
                   "the leading integer scalars of a function with dynamic arguments "
                   "are its dimension variables and get --dim-size too"),
    llvm::cl::cat(oxla::tools::inputOptions()));
static llvm::cl::opt<uint64_t> randomSeed("seed", llvm::cl::desc("The seed of --random-inputs"),
                                          llvm::cl::init(0),
                                          llvm::cl::cat(oxla::tools::inputOptions()));
static llvm::cl::opt<int64_t> dimSize("dim-size",
                                      llvm::cl::desc("The size of each '?' under --random-inputs"),
                                      llvm::cl::init(3),
                                      llvm::cl::cat(oxla::tools::inputOptions()));

SmallVector<func::FuncOp> oxla::tools::entryPoints(ModuleOp module,
                                                   StringRef entryName) {
  SmallVector<func::FuncOp> entries;
  if (!entryName.empty()) {
    auto f = module.lookupSymbol<func::FuncOp>(entryName);
    if (!f || f.isExternal())
      return entries;
    // Naming a private function makes it an entry point: it is public from
    // here on, so that the compiler keeps it and exposes it under its name.
    if (f.isPrivate())
      f.setPublic();
    entries.push_back(f);
    return entries;
  }
  for (auto f : module.getOps<func::FuncOp>())
    if (f.isPublic() && f.getSymName() == "main")
      return {f};
  for (auto f : module.getOps<func::FuncOp>())
    if (f.isPublic() && !f.isExternal() && f.getNumArguments() == 0)
      entries.push_back(f);
  return entries;
}

bool oxla::tools::hasNoFunctions(ModuleOp module) {
  return module.getOps<func::FuncOp>().empty();
}

int oxla::tools::reportNoEntryPoint(ModuleOp module, StringRef entryName) {
  auto named = entryName.empty()
                   ? func::FuncOp()
                   : module.lookupSymbol<func::FuncOp>(entryName);
  if (named && named.isExternal())
    named.emitError() << "@" << entryName
                      << " is a declaration without a body: nothing to run";
  else if (!entryName.empty())
    module->emitError() << "no function named @" << entryName;
  else if (hasNoFunctions(module))
    module->emitError() << "no functions to run: the program is empty";
  else
    module->emitError() << "no entry point: expected a public @main or "
                           "public functions without arguments";
  return kExitInvalid;
}

FailureOr<SmallVector<oxla::interp::Tensor>>
oxla::tools::argumentsFor(func::FuncOp function, ArrayRef<std::string> specs,
                          StringRef toolName) {
  FunctionType type = function.getFunctionType();
  if (specs.size() != type.getNumInputs()) {
    function.emitError() << "@" << function.getSymName() << " takes "
                         << type.getNumInputs() << " argument(s), but "
                         << specs.size() << " --input given";
    return failure();
  }
  SmallVector<interp::Tensor> arguments;
  for (auto [index, spec] : llvm::enumerate(specs)) {
    std::string error;
    bool outOfMemory = false;
    std::optional<interp::Tensor> tensor =
        interp::parseTensorSpec(spec, function.getContext(), error, &outOfMemory);
    if (!tensor) {
      llvm::errs() << toolName << ": --input #" << index << ": " << error << "\n";
      // Memory is a runtime error (exit 1), unlike a bad spec.
      if (outOfMemory)
        std::exit(kExitCheckFailed);
      return failure();
    }
    auto expected = dyn_cast<RankedTensorType>(type.getInput(index));
    Type element = tensor->elementType().toMlir(function.getContext());
    // A quantized argument takes its storage integers.
    auto sameElements = [&](Type expectedElement) {
      if (isa<quant::QuantizedType>(expectedElement))
        return interp::ElementType::fromMlir(expectedElement) ==
               std::optional<interp::ElementType>(tensor->elementType());
      return expectedElement == element;
    };
    bool compatible = expected && sameElements(expected.getElementType()) &&
                      expected.getRank() == tensor->rank();
    for (int64_t d = 0; compatible && d < tensor->rank(); ++d)
      compatible = expected.isDynamicDim(d) ||
                   expected.getDimSize(d) == tensor->shape()[d];
    if (!compatible) {
      function.emitError() << "--input #" << index << " does not match argument type "
                           << type.getInput(index);
      return failure();
    }
    arguments.push_back(std::move(*tensor));
  }
  return arguments;
}

size_t oxla::tools::leadingDimensionVariables(func::FuncOp function) {
  FunctionType type = function.getFunctionType();
  auto dynamic = [](Type t) {
    auto tensor = dyn_cast<RankedTensorType>(t);
    return tensor && !tensor.hasStaticShape();
  };
  if (llvm::none_of(type.getInputs(), dynamic))
    return 0;
  size_t count = 0;
  for (Type t : type.getInputs()) {
    auto tensor = dyn_cast<RankedTensorType>(t);
    if (!tensor || tensor.getRank() != 0 || !tensor.getElementType().isSignlessInteger() ||
        tensor.getElementType().getIntOrFloatBitWidth() == 1)
      break;
    ++count;
  }
  return count;
}

FailureOr<SmallVector<oxla::interp::Tensor>>
oxla::tools::randomArgumentsFor(func::FuncOp function, uint64_t seed, int64_t dimSize) {
  std::mt19937_64 generator(seed);
  FunctionType type = function.getFunctionType();
  size_t dimensionVariables = leadingDimensionVariables(function);
  auto randomFloat = [&](Type element) {
    std::uniform_real_distribution<double> distribution(-3.0, 3.0);
    APFloat value(distribution(generator));
    bool lost;
    value.convert(cast<FloatType>(element).getFloatSemantics(),
                  APFloat::rmNearestTiesToEven, &lost);
    return value;
  };
  SmallVector<interp::Tensor> arguments;
  for (auto [index, argumentType] : llvm::enumerate(type.getInputs())) {
    auto tensor = dyn_cast<RankedTensorType>(argumentType);
    Type element = tensor ? tensor.getElementType() : Type();
    if (!tensor || !(element.isIntOrFloat() || isa<ComplexType>(element))) {
      function.emitError() << "--random-inputs cannot make argument #" << index
                           << " of type " << argumentType;
      return failure();
    }
    SmallVector<int64_t> shape;
    for (int64_t size : tensor.getShape())
      shape.push_back(ShapedType::isDynamic(size) ? dimSize : size);
    std::optional<interp::ElementType> elementType =
        interp::ElementType::fromMlir(element);
    if (!elementType) {
      function.emitError() << "--random-inputs cannot make argument #" << index
                           << " of type " << argumentType;
      return failure();
    }
    // The values go straight into the argument: a large one is allocated
    // once, and a size that does not fit is an error, not a wrapped count.
    std::string error;
    bool outOfMemory = false;
    std::optional<interp::Tensor> argument =
        interp::Tensor::allocate(*elementType, shape, error, &outOfMemory);
    if (!argument) {
      function.emitError() << "--random-inputs: argument #" << index << " ("
                           << argumentType << " with --dim-size=" << dimSize
                           << "): " << error;
      if (outOfMemory)
        std::exit(kExitCheckFailed);
      return failure();
    }
    int64_t count = argument->numElements();
    uint8_t *bytes = argument->bytes();
    unsigned stride = elementType->storageBytes();
    auto storeFloat = [](const APFloat &value, uint8_t *slot) {
      uint64_t bits = value.bitcastToAPInt().getZExtValue();
      std::memcpy(slot, &bits, APFloat::getSizeInBits(value.getSemantics()) / 8);
    };
    if (auto integer = dyn_cast<IntegerType>(element)) {
      unsigned width = integer.getWidth();
      bool dimensionVariable = index < dimensionVariables;
      for (int64_t i = 0; i < count; ++i) {
        int64_t value;
        if (dimensionVariable) {
          value = dimSize;
        } else if (width == 1) {
          value = static_cast<int64_t>(generator() & 1);
        } else if (integer.isUnsigned()) {
          value = std::uniform_int_distribution<int64_t>(1, 10)(generator);
        } else {
          value = std::uniform_int_distribution<int64_t>(-5, 4)(generator);
          if (value >= 0)
            ++value; // [-5, -1] and [1, 5]
        }
        // Two's complement in the storage bytes (little-endian host), as
        // the interpreter keeps integers of every width.
        uint64_t raw = width == 1 ? uint64_t(value != 0) : uint64_t(value);
        std::memcpy(bytes + i * stride, &raw, stride);
      }
    } else if (isa<FloatType>(element)) {
      for (int64_t i = 0; i < count; ++i)
        storeFloat(randomFloat(element), bytes + i * stride);
    } else {
      Type part = cast<ComplexType>(element).getElementType();
      for (int64_t i = 0; i < count; ++i) {
        storeFloat(randomFloat(part), bytes + i * stride);
        storeFloat(randomFloat(part), bytes + i * stride + stride / 2);
      }
    }
    arguments.push_back(std::move(*argument));
  }
  return arguments;
}

FailureOr<SmallVector<oxla::interp::Tensor>>
oxla::tools::commandLineArguments(func::FuncOp function, ArrayRef<std::string> specs,
                                  StringRef toolName) {
  if (!randomInputs)
    return argumentsFor(function, specs, toolName);
  if (!specs.empty()) {
    llvm::errs() << toolName << ": --random-inputs and --input exclude each other\n";
    return failure();
  }
  if (dimSize < 0) {
    llvm::errs() << toolName << ": --dim-size=" << dimSize
                 << ": a size must be 0 or more\n";
    return failure();
  }
  return randomArgumentsFor(function, randomSeed, dimSize);
}

int oxla::tools::combineExitCodes(int a, int b) {
  auto rank = [](int code) {
    switch (code) {
    case kExitInternal: return 4;
    case kExitInvalid: return 3;
    case kExitUnsupported: return 2;
    case kExitCheckFailed: return 1;
    default: return 0;
    }
  };
  return rank(a) >= rank(b) ? a : b;
}
