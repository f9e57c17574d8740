//===- SDYBytecode.cpp - Reading Shardy attributes from bytecode ---------===//
//
// JAX's portable artifacts keep `sdy.sharding_rule` (and shardings) as sdy
// attributes in the bytecode's sdy section. Each is written as a code, then
// its parameters in declaration order; the codes are Shardy's, which never
// renumbers them:
//    0 manual_axes        [string]           9 tensor_mapping     [attr]
//    1 mesh_axis          string, svarint   10 op_sharding_rule   svarints x1,
//    2 mesh               [attr], svarints       [attr] x2, svarints x4, bool
//    3 sub_axis_info      svarint, svarint  11 axis_ref_list      [attr]
//    4 axis_ref           string, attr?     12 list_of_lists      [attr]
//    5 dimension_sharding [attr], bool,     13 all_to_all_param   [attr], svarint x2
//                         varint-with-flag  14 all_to_all_list    [attr]
//    6 sharding v1        attr, [attr] x2   15 sharding v2        attr, [attr] x3
//    7 per_value v1       [attr]            16 per_value v2       [attr]
//    8 dim_mapping        svarints          17 sharding v3        v2 + svarint reduction
// ([attr] is a list of attribute references, svarints a list of signed
// varints.) The dialect version (three varints) is read and accepted. oxla
// does not write bytecode for sdy.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/SDY/IR/SDY.h"

#include "mlir/Bytecode/BytecodeImplementation.h"

using namespace mlir;
using namespace oxla::sdy;

namespace {

enum SdyAttrCode : uint64_t {
  kManualAxes = 0,
  kMeshAxis = 1,
  kMesh = 2,
  kSubAxisInfo = 3,
  kAxisRef = 4,
  kDimensionSharding = 5,
  kTensorShardingV1 = 6,
  kShardingPerValueV1 = 7,
  kDimMapping = 8,
  kTensorMapping = 9,
  kOpShardingRule = 10,
  kAxisRefList = 11,
  kListOfAxisRefLists = 12,
  kAllToAllParam = 13,
  kAllToAllParamList = 14,
  kTensorShardingV2 = 15,
  kShardingPerValueV2 = 16,
  kTensorShardingV3 = 17,
};

struct SdyVersion : public DialectVersion {
  uint64_t major = 0, minor = 0, patch = 0;
};

template <typename T>
LogicalResult readAttrs(DialectBytecodeReader &reader, SmallVectorImpl<T> &out) {
  return reader.readAttributes(out);
}

struct SdyBytecodeInterface : public BytecodeDialectInterface {
  explicit SdyBytecodeInterface(Dialect *dialect) : BytecodeDialectInterface(dialect) {}

  Attribute readAttribute(DialectBytecodeReader &reader) const override {
    MLIRContext *context = getContext();
    uint64_t code;
    if (failed(reader.readVarInt(code)))
      return {};
    switch (code) {
    case kManualAxes: {
      SmallVector<StringAttr> axes;
      if (failed(readAttrs(reader, axes)))
        return {};
      return ManualAxesAttr::get(context, axes);
    }
    case kMeshAxis: {
      StringRef name;
      int64_t size;
      if (failed(reader.readString(name)) || failed(reader.readSignedVarInt(size)))
        return {};
      return MeshAxisAttr::getChecked([&] { return reader.emitError(); }, context,
                                      StringRef(name), int64_t(size));
    }
    case kMesh: {
      SmallVector<MeshAxisAttr> axes;
      SmallVector<int64_t> ids;
      if (failed(readAttrs(reader, axes)) || failed(reader.readSignedVarInts(ids)))
        return {};
      return MeshAttr::getChecked([&] { return reader.emitError(); }, context,
                                  ArrayRef<MeshAxisAttr>(axes), ArrayRef<int64_t>(ids));
    }
    case kSubAxisInfo: {
      int64_t pre, size;
      if (failed(reader.readSignedVarInt(pre)) || failed(reader.readSignedVarInt(size)))
        return {};
      return SubAxisInfoAttr::get(context, pre, size);
    }
    case kAxisRef: {
      StringRef name;
      SubAxisInfoAttr info;
      if (failed(reader.readString(name)) || failed(reader.readOptionalAttribute(info)))
        return {};
      return AxisRefAttr::get(context, name, info);
    }
    case kDimensionSharding: {
      SmallVector<AxisRefAttr> axes;
      bool closed, hasPriority;
      uint64_t priority;
      if (failed(readAttrs(reader, axes)) || failed(reader.readBool(closed)) ||
          failed(reader.readVarIntWithFlag(priority, hasPriority)))
        return {};
      std::optional<int64_t> p;
      if (hasPriority)
        p = static_cast<int64_t>(priority);
      return DimensionShardingAttr::get(context, axes, closed, p);
    }
    case kTensorShardingV1:
    case kTensorShardingV2:
    case kTensorShardingV3: {
      Attribute meshOrRef;
      SmallVector<DimensionShardingAttr> dims;
      SmallVector<AxisRefAttr> replicated, unreduced;
      int64_t reduction = 0;
      if (failed(reader.readAttribute(meshOrRef)) || failed(readAttrs(reader, dims)) ||
          failed(readAttrs(reader, replicated)))
        return {};
      if (code != kTensorShardingV1 && failed(readAttrs(reader, unreduced)))
        return {};
      if (code == kTensorShardingV3 && failed(reader.readSignedVarInt(reduction)))
        return {};
      std::optional<ReductionKind> kind =
          symbolizeReductionKind(static_cast<uint32_t>(reduction));
      if (!kind) {
        reader.emitError() << "unknown reduction " << reduction
                           << " of unreduced axes in an sdy sharding";
        return {};
      }
      return TensorShardingAttr::getChecked(
          [&] { return reader.emitError(); }, context, meshOrRef,
          ArrayRef<DimensionShardingAttr>(dims), ArrayRef<AxisRefAttr>(replicated),
          ArrayRef<AxisRefAttr>(unreduced), *kind);
    }
    case kShardingPerValueV1:
    case kShardingPerValueV2: {
      SmallVector<TensorShardingAttr> shardings;
      if (failed(readAttrs(reader, shardings)))
        return {};
      return TensorShardingPerValueAttr::get(context, shardings);
    }
    case kDimMapping: {
      SmallVector<int64_t> factors;
      if (failed(reader.readSignedVarInts(factors)))
        return {};
      return DimMappingAttr::get(context, factors);
    }
    case kTensorMapping: {
      SmallVector<DimMappingAttr> dims;
      if (failed(readAttrs(reader, dims)))
        return {};
      return TensorMappingAttr::get(context, dims);
    }
    case kOpShardingRule: {
      SmallVector<int64_t> sizes, reduction, replication, permutation, blocked;
      SmallVector<TensorMappingAttr> operands, results;
      bool custom;
      if (failed(reader.readSignedVarInts(sizes)) || failed(readAttrs(reader, operands)) ||
          failed(readAttrs(reader, results)) || failed(reader.readSignedVarInts(reduction)) ||
          failed(reader.readSignedVarInts(replication)) ||
          failed(reader.readSignedVarInts(permutation)) ||
          failed(reader.readSignedVarInts(blocked)) || failed(reader.readBool(custom)))
        return {};
      return OpShardingRuleAttr::getChecked(
          [&] { return reader.emitError(); }, context, ArrayRef<int64_t>(sizes),
          ArrayRef<TensorMappingAttr>(operands), ArrayRef<TensorMappingAttr>(results),
          ArrayRef<int64_t>(reduction), ArrayRef<int64_t>(replication),
          ArrayRef<int64_t>(permutation), ArrayRef<int64_t>(blocked), custom);
    }
    case kAxisRefList: {
      SmallVector<AxisRefAttr> axes;
      if (failed(readAttrs(reader, axes)))
        return {};
      return AxisRefListAttr::get(context, axes);
    }
    case kListOfAxisRefLists: {
      SmallVector<AxisRefListAttr> lists;
      if (failed(readAttrs(reader, lists)))
        return {};
      return ListOfAxisRefListsAttr::get(context, lists);
    }
    case kAllToAllParam: {
      SmallVector<AxisRefAttr> axes;
      int64_t src, tgt;
      if (failed(readAttrs(reader, axes)) || failed(reader.readSignedVarInt(src)) ||
          failed(reader.readSignedVarInt(tgt)))
        return {};
      return AllToAllParamAttr::get(context, axes, src, tgt);
    }
    case kAllToAllParamList: {
      SmallVector<AllToAllParamAttr> params;
      if (failed(readAttrs(reader, params)))
        return {};
      return AllToAllParamListAttr::get(context, params);
    }
    default:
      reader.emitError() << "unknown sdy attribute code " << code << " in bytecode";
      return {};
    }
  }

  LogicalResult writeAttribute(Attribute, DialectBytecodeWriter &) const override {
    return failure(); // written in text form
  }

  std::unique_ptr<DialectVersion>
  readVersion(DialectBytecodeReader &reader) const override {
    auto version = std::make_unique<SdyVersion>();
    if (failed(reader.readVarInt(version->major)) ||
        failed(reader.readVarInt(version->minor)) ||
        failed(reader.readVarInt(version->patch)))
      return nullptr;
    return version;
  }
};

} // namespace

void SdyDialect::registerBytecodeInterface() { addInterfaces<SdyBytecodeInterface>(); }
