//===- InferenceGuards.cpp - What libonnx must not be given ---------------===//

#include "compiler/Import/ONNX/InferenceGuards.h"

#include "onnx/onnx_pb.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSwitch.h"

#include <vector>

namespace {

/// The attributes of `opType` that libonnx's inference divides by (or
/// counts with) and that must therefore be positive.
std::vector<llvm::StringRef> positiveAttributes(llvm::StringRef opType) {
  return llvm::StringSwitch<std::vector<llvm::StringRef>>(opType)
      .Cases("Conv", "ConvInteger", "QLinearConv", "ConvTranspose",
             {"strides", "dilations", "kernel_shape", "group"})
      .Cases("MaxPool", "AveragePool", "LpPool", "MaxUnpool",
             {"strides", "dilations", "kernel_shape"})
      .Cases("DepthToSpace", "SpaceToDepth", {"blocksize"})
      .Default({});
}

std::optional<std::string> checkNode(const ::onnx::NodeProto &node) {
  std::vector<llvm::StringRef> positive = positiveAttributes(node.op_type());
  for (const ::onnx::AttributeProto &attribute : node.attribute()) {
    if (llvm::is_contained(positive, attribute.name())) {
      std::vector<int64_t> values(attribute.ints().begin(), attribute.ints().end());
      if (attribute.has_i())
        values.push_back(attribute.i());
      for (int64_t value : values)
        if (value <= 0)
          return "invalid ONNX " + node.op_type() + " (node '" + node.name() + "'): " +
                 attribute.name() + " must be positive, got " + std::to_string(value);
    }
  }
  return std::nullopt;
}

} // namespace

std::optional<std::string>
oxla::onnx::findAttributesInferenceCannotTake(const ::onnx::GraphProto &graph) {
  // Subgraphs (If, Loop, Scan bodies) without recursion: protobuf bounds
  // their nesting, a worklist keeps this independent of it.
  std::vector<const ::onnx::GraphProto *> graphs{&graph};
  while (!graphs.empty()) {
    const ::onnx::GraphProto *current = graphs.back();
    graphs.pop_back();
    for (const ::onnx::NodeProto &node : current->node()) {
      if (std::optional<std::string> problem = checkNode(node))
        return problem;
      for (const ::onnx::AttributeProto &attribute : node.attribute()) {
        if (attribute.has_g())
          graphs.push_back(&attribute.g());
        for (const ::onnx::GraphProto &nested : attribute.graphs())
          graphs.push_back(&nested);
      }
    }
  }
  return std::nullopt;
}
