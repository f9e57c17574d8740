//===- InferenceGuards.h - What libonnx must not be given -----------------===//
//
// libonnx 1.12's shape inference and version converter trust some
// attributes that its checker does not check: a Conv or pooling node with a
// stride of 0 makes inference divide by zero (SIGFPE), as does a
// DepthToSpace block size of 0. The model's nodes, subgraphs included, are
// checked here first; such a node is invalid input.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_IMPORT_ONNX_INFERENCEGUARDS_H
#define OXLA_COMPILER_IMPORT_ONNX_INFERENCEGUARDS_H

#include <optional>
#include <string>

namespace onnx {
class GraphProto;
} // namespace onnx

namespace oxla::onnx {

/// The first node of `graph` (or of a subgraph of it) whose attributes
/// libonnx's inference would divide by zero with, described as
/// "invalid ONNX OP (node 'NAME'): ..."; nullopt when there is none.
std::optional<std::string> findAttributesInferenceCannotTake(const ::onnx::GraphProto &graph);

} // namespace oxla::onnx

#endif // OXLA_COMPILER_IMPORT_ONNX_INFERENCEGUARDS_H
