//===- ImporterImpl.h - The graph importer ----------------------*- C++ -*-===//
#ifndef OXLA_COMPILER_IMPORT_ONNX_IMPORTERIMPL_H
#define OXLA_COMPILER_IMPORT_ONNX_IMPORTERIMPL_H

#include "compiler/Import/ONNX/Importer.h"
#include "compiler/Import/ONNX/ONNXImport.h"
#include "compiler/Import/ONNX/Tensors.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringSet.h"

namespace oxla::onnx {

/// Builds one func.func from a GraphProto, node by node.
class GraphImporter {
public:
  GraphImporter(mlir::ModuleOp module, llvm::StringRef fileName, llvm::StringRef baseDirectory,
                int64_t opset);

  mlir::LogicalResult importGraph(const ::onnx::GraphProto &graph, llvm::StringRef funcName);
  /// A subgraph (If's branches, Loop's and Scan's bodies) imported at the
  /// builder's insertion point: its inputs are `inputs` (by position), names
  /// from the enclosing graphs stay visible (outer-scope values); returns the
  /// values of its outputs. The enclosing graph's names are restored after.
  mlir::FailureOr<llvm::SmallVector<mlir::Value>>
  importSubgraph(const ::onnx::GraphProto &graph, mlir::ValueRange inputs, mlir::Location loc);

  mlir::OpBuilder &builder() { return builder_; }
  mlir::Value lookup(llvm::StringRef name) const;
  mlir::Value constantTensor(const ::onnx::TensorProto &tensor, mlir::Location loc);
  /// The value of `value` if it is a constant or a small pure computation on
  /// constants (evaluated by the reference interpreter; the op is replaced
  /// by the constant).
  mlir::DenseElementsAttr fold(mlir::Value value, unsigned depth = 0);
  /// The names of the main graph's inputs that `value` is computed from,
  /// when it is computed from them and constants alone (nullopt for a value
  /// that also reads something else, such as a subgraph's input).
  std::optional<llvm::SmallVector<std::string>> graphInputsOf(mlir::Value value);
  void setFailure(ImportFailure failure);
  /// The main graph's inputs given values (imported as constants), and where
  /// to report the argument names and the inputs whose values are needed.
  void setBindings(InputBindings *bindings) { bindings_ = bindings; }
  /// Records that the import needs the values of the graph inputs `names`.
  void noteWantedInputs(llvm::ArrayRef<std::string> names);
  ImportFailure importFailure() const { return failure_; }

private:
  /// Lowers the graph's nodes in order, adding their outputs to values_.
  mlir::LogicalResult importNodes(const ::onnx::GraphProto &graph);
  mlir::Location locationFor(llvm::StringRef what);
  mlir::FailureOr<mlir::Type> valueType(const ::onnx::ValueInfoProto &info);

  mlir::ModuleOp module_;
  mlir::OpBuilder builder_;
  std::string fileName_, baseDirectory_;
  int64_t opset_;
  LoweringTable table_;
  llvm::StringMap<mlir::Value> values_;
  /// The main function's entry block (its arguments are the graph inputs).
  mlir::Block *mainEntry_ = nullptr;
  ImportFailure failure_ = ImportFailure::None;
  InputBindings *bindings_ = nullptr;
};

} // namespace oxla::onnx

#endif // OXLA_COMPILER_IMPORT_ONNX_IMPORTERIMPL_H
