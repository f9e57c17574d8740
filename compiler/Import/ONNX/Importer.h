//===- Importer.h - Lowering ONNX nodes to StableHLO ------------*- C++ -*-===//
//
// The graph importer walks a GraphProto's nodes in order and hands each to the
// lowering registered for its op type. A lowering reads its inputs and
// attributes through NodeContext and returns the node's outputs as values.
// Lowerings live in ops/, one file per op family, one function per op.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_IMPORT_ONNX_IMPORTER_H
#define OXLA_COMPILER_IMPORT_ONNX_IMPORTER_H

#include "onnx/onnx_pb.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Value.h"
#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

#include <optional>
#include <string>

namespace oxla::onnx {

class GraphImporter;

/// One node being lowered: its inputs, attributes, opset and the builder.
class NodeContext {
public:
  NodeContext(GraphImporter &importer, const ::onnx::NodeProto &node, int64_t opset,
              mlir::Location loc);

  const ::onnx::NodeProto &node() const { return node_; }
  llvm::StringRef opType() const { return node_.op_type(); }
  /// The version of the default domain's opset the model imports.
  int64_t opset() const { return opset_; }
  mlir::OpBuilder &builder();
  mlir::Location loc() const { return loc_; }
  mlir::MLIRContext *context() { return builder().getContext(); }

  unsigned numInputs() const { return node_.input_size(); }
  unsigned numOutputs() const { return node_.output_size(); }
  /// Whether input `i` is given (present and not the empty name).
  bool hasInput(unsigned i) const;
  /// Input `i`, or null when it is absent.
  mlir::Value input(unsigned i) const;

  bool hasAttr(llvm::StringRef name) const { return attr(name) != nullptr; }
  const ::onnx::AttributeProto *attr(llvm::StringRef name) const;
  int64_t intAttr(llvm::StringRef name, int64_t fallback) const;
  float floatAttr(llvm::StringRef name, float fallback) const;
  std::string stringAttr(llvm::StringRef name, llvm::StringRef fallback) const;
  std::optional<llvm::SmallVector<int64_t>> intsAttr(llvm::StringRef name) const;
  std::optional<llvm::SmallVector<float>> floatsAttr(llvm::StringRef name) const;

  /// The integer values of `value` when they are known at import time
  /// (constants, and small computations on them, folded by the reference
  /// interpreter); nullopt otherwise.
  std::optional<llvm::SmallVector<int64_t>> constantInts(mlir::Value value);
  /// The values of a floating-point constant (or a small folded computation).
  std::optional<llvm::SmallVector<double>> constantFloats(mlir::Value value);
  /// `value` as a constant when it folds (a computation on constants, such
  /// as BatchNormalization's per-channel factors), else `value`.
  mlir::Value folded(mlir::Value value);
  /// `constantInts` of input `i`, or an invalid/unsupported error naming it.
  mlir::FailureOr<llvm::SmallVector<int64_t>> requireConstantInts(unsigned i,
                                                                  llvm::StringRef what);

  /// The graph attribute `name` (If's branches, Loop's and Scan's body), or
  /// null.
  const ::onnx::GraphProto *graphAttr(llvm::StringRef name) const;
  /// `graph` imported at the builder's insertion point with `inputs` as its
  /// inputs and the enclosing names visible; its outputs' values.
  mlir::FailureOr<llvm::SmallVector<mlir::Value>> importSubgraph(const ::onnx::GraphProto &graph,
                                                                 mlir::ValueRange inputs);

  /// A stablehlo.constant of an ONNX tensor (a Constant node's value).
  mlir::Value constantTensor(const ::onnx::TensorProto &tensor);

  /// Reports that the node uses a feature oxla does not implement (exit 3).
  mlir::LogicalResult unsupported(const llvm::Twine &what);
  /// Reports (exit 3) that `what`, which oxla needs when the model is read,
  /// is `values` computed at run time. When they are computed from graph
  /// inputs alone, the message names them ("... is computed at run time from
  /// graph input 'shape'; ..."): a caller that knows those inputs' values
  /// (oxla.compile, specializing per call) imports the model again with them
  /// as initializers.
  mlir::LogicalResult computedAtRunTime(const llvm::Twine &what, mlir::ValueRange values);
  /// Reports that the node is malformed (exit 2).
  mlir::LogicalResult invalid(const llvm::Twine &what);

private:
  GraphImporter &importer_;
  const ::onnx::NodeProto &node_;
  int64_t opset_;
  mlir::Location loc_;
};

/// A lowering returns the node's outputs in order (a null value for an
/// optional output it does not produce), or fails after reporting why.
using Lowering = mlir::FailureOr<llvm::SmallVector<mlir::Value>> (*)(NodeContext &);
using LoweringTable = llvm::StringMap<Lowering>;

void registerActivationOps(LoweringTable &table);
void registerCompactionOps(LoweringTable &table);
void registerControlFlowOps(LoweringTable &table);
void registerConvolutionOps(LoweringTable &table);
void registerDepthSpaceOps(LoweringTable &table);
void registerElementwiseOps(LoweringTable &table);
void registerGatherOps(LoweringTable &table);
void registerLinearAlgebraOps(LoweringTable &table);
void registerLossOps(LoweringTable &table);
void registerMaskOps(LoweringTable &table);
void registerMatMulOps(LoweringTable &table);
void registerNormalizationOps(LoweringTable &table);
void registerPoolingOps(LoweringTable &table);
void registerQuantizationOps(LoweringTable &table);
void registerReductionOps(LoweringTable &table);
void registerRecurrentOps(LoweringTable &table);
void registerRegionOps(LoweringTable &table);
void registerResizeOps(LoweringTable &table);
void registerSamplingOps(LoweringTable &table);
void registerScatterOps(LoweringTable &table);
void registerSelectionOps(LoweringTable &table);
void registerShapeOps(LoweringTable &table);
void registerSignalOps(LoweringTable &table);

} // namespace oxla::onnx

#endif // OXLA_COMPILER_IMPORT_ONNX_IMPORTER_H
