//===- ONNXImport.cpp - ONNX models as StableHLO --------------------------===//
//
// The model is parsed with libonnx's protobuf classes, checked with its
// checker, its opset brought to one oxla lowers (7 to 17 of the default
// domain; older ones through libonnx's version converter), shapes inferred
// where libonnx can, and the main graph imported as @main.
// libonnx reports errors with exceptions: they are caught here.
//
//===----------------------------------------------------------------------===//

#include "compiler/Import/ONNX/ONNXImport.h"

#include "compiler/Dialect/CHLO/IR/CHLO.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "compiler/Import/ONNX/ImporterImpl.h"
#include "compiler/Import/ONNX/InferenceGuards.h"

#include "onnx/checker.h"
#include <google/protobuf/io/coded_stream.h>
#include "onnx/shape_inference/implementation.h"
#include "onnx/version_converter/convert.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/Path.h"

#include <exception>

using namespace mlir;

namespace oxla::onnx {

namespace {
constexpr int64_t kMinOpset = 7;
constexpr int64_t kMaxOpset = 17;
/// protobuf's default recursion limit, and the deeper one a model that
/// fails to parse is tried with, to say which it is.
constexpr int kProtobufRecursionLimit = 100;
constexpr int kDeepRecursionLimit = 1000;
} // namespace

bool isOnnxModel(StringRef name, StringRef bytes) {
  if (name.ends_with(".onnx"))
    return true;
  // Field 1 (ir_version) as a varint, then field 2..8 as the next tag.
  return bytes.size() > 4 && bytes[0] == 0x08 && static_cast<unsigned char>(bytes[1]) < 0x80;
}

OwningOpRef<ModuleOp> importModel(StringRef bytes, StringRef name, MLIRContext *context,
                                  ImportFailure *failure, InputBindings *bindings) {
  ImportFailure ignored;
  ImportFailure &kind = failure ? *failure : ignored;
  kind = ImportFailure::None;
  context->loadDialect<func::FuncDialect, stablehlo::StableHLODialect, chlo::CHLODialect>();
  Location fileLoc = FileLineColLoc::get(context, name, 0, 0);
  auto fail = [&](ImportFailure why) -> OwningOpRef<ModuleOp> {
    kind = why;
    return nullptr;
  };

  ::onnx::ModelProto model;
  if (bytes.size() > static_cast<size_t>(INT32_MAX)) {
    emitError(fileLoc) << "invalid ONNX model: " << bytes.size()
                       << " bytes, more than the 2 GiB a protobuf message holds";
    return fail(ImportFailure::Invalid);
  }
  if (!model.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
    // protobuf refuses messages nested deeper than its recursion limit
    // (100) as it refuses malformed bytes: parsing again with a deeper
    // limit (still bounded, so that the stack is) tells them apart.
    ::onnx::ModelProto deeper;
    google::protobuf::io::CodedInputStream stream(reinterpret_cast<const uint8_t *>(bytes.data()),
                                                  static_cast<int>(bytes.size()));
    stream.SetRecursionLimit(kDeepRecursionLimit);
    if (deeper.ParseFromCodedStream(&stream) && stream.ConsumedEntireMessage())
      emitError(fileLoc) << "invalid ONNX model: its messages are nested deeper than the "
                         << kProtobufRecursionLimit
                         << " levels protobuf's parser allows (graphs within graphs)";
    else
      emitError(fileLoc) << "invalid ONNX model: the file is not a ModelProto protobuf "
                            "(malformed, or nested deeper than "
                         << kDeepRecursionLimit << " levels)";
    return fail(ImportFailure::Invalid);
  }
  if (!model.has_graph()) {
    emitError(fileLoc) << "invalid ONNX model: it has no graph";
    return fail(ImportFailure::Invalid);
  }

  int64_t opset = -1;
  for (const auto &import : model.opset_import()) {
    if (import.domain().empty() || import.domain() == "ai.onnx")
      opset = import.version();
  }
  if (opset < 0) {
    if (model.opset_import_size() == 0) {
      emitError(fileLoc) << "invalid ONNX model: it imports no opset";
      return fail(ImportFailure::Invalid);
    }
    emitError(fileLoc) << "unsupported: ONNX models of domain '"
                       << model.opset_import(0).domain()
                       << "' (oxla reads the default domain, ai.onnx)";
    return fail(ImportFailure::Unsupported);
  }
  if (opset > kMaxOpset) {
    emitError(fileLoc) << "unsupported: ONNX opset " << opset << " (oxla reads opsets "
                       << kMinOpset << " to " << kMaxOpset << ")";
    return fail(ImportFailure::Unsupported);
  }

  try {
    ::onnx::checker::check_model(model);
  } catch (const std::exception &error) {
    emitError(fileLoc) << "invalid ONNX model: " << error.what();
    return fail(ImportFailure::Invalid);
  }
  if (std::optional<std::string> problem = findAttributesInferenceCannotTake(model.graph())) {
    emitError(fileLoc) << *problem;
    return fail(ImportFailure::Invalid);
  }
  if (opset < kMinOpset) {
    try {
      model = ::onnx::version_conversion::ConvertVersion(model, kMinOpset);
      opset = kMinOpset;
    } catch (const std::exception &error) {
      emitError(fileLoc) << "unsupported: ONNX opset " << opset << " (oxla reads opsets "
                         << kMinOpset << " to " << kMaxOpset
                         << "; converting it failed: " << error.what() << ")";
      return fail(ImportFailure::Unsupported);
    }
  }
  // Inferred shapes are advisory (the lowerings compute their own types):
  // a model that libonnx's inference rejects, as it does some valid older
  // exports, is still read.
  try {
    ::onnx::ShapeInferenceOptions options(/*check_type=*/false, /*error_mode=*/0,
                                          /*data_prop=*/true);
    ::onnx::shape_inference::InferShapes(model, ::onnx::OpSchemaRegistry::Instance(), options);
  } catch (const std::exception &) {
  }

  OwningOpRef<ModuleOp> module = ModuleOp::create(fileLoc);
  llvm::SmallString<256> directory(name);
  llvm::sys::path::remove_filename(directory);
  GraphImporter importer(*module, name, directory, opset);
  importer.setBindings(bindings);
  if (failed(importer.importGraph(model.graph(), "main"))) {
    return fail(importer.importFailure() == ImportFailure::None ? ImportFailure::Invalid
                                                          : importer.importFailure());
  }
  if (failed(verify(*module))) {
    // A lowering built ops that do not verify: a bug in oxla, reported as
    // unsupported so that the model's author is not blamed.
    emitError(fileLoc) << "internal error: the StableHLO imported from the ONNX model does "
                          "not verify";
    return fail(ImportFailure::Unsupported);
  }
  return module;
}

} // namespace oxla::onnx
