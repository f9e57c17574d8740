//===- SDYAttrs.td - Shardy attributes -------------------------*- tablegen -*-===//
//
// Every attribute prints and parses as Shardy does (SDYAttrs.cpp), e.g.
//   #sdy.mesh<["x"=2, "y"=4], device_ids=[7, 6, 5, 4, 3, 2, 1, 0]>
//   #sdy.sharding<@mesh, [{"x", ?}p0, {"y":(2)2}], replicated={"z"}, unreduced=max{"w"}>
//   #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=8, j=16, k=4} reduction={k}>
// The rules that need the mesh or the value's type are checked where the
// attribute is used (SDYVerifiers.cpp); the ones here need neither.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_SDY_ATTRS
#define OXLA_SDY_ATTRS

include "compiler/Dialect/SDY/IR/SDYBase.td"

def Sdy_MeshAxis : Sdy_Attr<"MeshAxis", "mesh_axis"> {
  let summary = "a named mesh axis and its size: \"x\"=4";
  let parameters = (ins StringRefParameter<"axis name">:$name,
                        "int64_t":$size);
  let genVerifyDecl = 1;
}

def Sdy_Mesh : Sdy_Attr<"Mesh", "mesh"> {
  let summary = "axes and an optional device order: <[\"x\"=2], device_ids=[1, 0]>";
  let parameters = (ins
      OptionalArrayRefParameter<"MeshAxisAttr", "axes">:$axes,
      OptionalArrayRefParameter<"int64_t", "device order">:$device_ids);
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The number of devices: the product of the axis sizes (1 without axes).
    int64_t getTotalSize() const;
    /// No axes and one device id: the whole tensor lives on that device.
    bool isMaximal() const;
    /// The axis named `name`, or null.
    MeshAxisAttr getAxis(llvm::StringRef name) const;
  }];
}

def Sdy_SubAxisInfo : Sdy_Attr<"SubAxisInfo", "sub_axis_info"> {
  let summary = "a sub-axis: (pre-size)size";
  let parameters = (ins "int64_t":$pre_size, "int64_t":$size);
}

def Sdy_AxisRef : Sdy_Attr<"AxisRef", "axis_ref"> {
  let summary = "a full axis \"x\" or a sub-axis \"x\":(1)2";
  let parameters = (ins StringRefParameter<"axis name">:$name,
                        OptionalParameter<"SubAxisInfoAttr">:$sub_axis_info);
  let extraClassDeclaration = [{
    /// The size of this axis or sub-axis in `mesh` (the axis must exist).
    int64_t getSize(MeshAttr mesh) const;
    /// The product of the sizes major to this sub-axis (1 for a full axis).
    int64_t getPreSize() const;
    /// Whether the two refer to overlapping parts of one axis.
    bool overlaps(AxisRefAttr other, MeshAttr mesh) const;
  }];
}

def Sdy_DimensionSharding : Sdy_Attr<"DimensionSharding", "dimension_sharding"> {
  let summary = "the axes of one dimension, open or closed, with a priority: {\"x\", ?}p1";
  let parameters = (ins
      OptionalArrayRefParameter<"AxisRefAttr", "axes">:$axes,
      "bool":$is_closed,
      OptionalParameter<"std::optional<int64_t>">:$priority);
}

// Of the unreduced axes: how their partial values combine.
def Sdy_ReductionKind : I32EnumAttr<"ReductionKind", "reduction of unreduced axes", [
    I32EnumAttrCase<"SUM", 0, "sum">, I32EnumAttrCase<"MAX", 1, "max">,
    I32EnumAttrCase<"MIN", 2, "min">]> {
  let genSpecializedAttr = 1;
  let cppNamespace = "::oxla::sdy";
}

def Sdy_TensorSharding : Sdy_Attr<"TensorSharding", "sharding"> {
  let summary = "a tensor's sharding over a mesh (a reference @mesh or an inline mesh<...>)";
  let parameters = (ins
      "mlir::Attribute":$mesh_or_ref,
      OptionalArrayRefParameter<"DimensionShardingAttr", "per dimension">:$dim_shardings,
      OptionalArrayRefParameter<"AxisRefAttr", "replicated axes">:$replicated_axes,
      OptionalArrayRefParameter<"AxisRefAttr", "unreduced axes">:$unreduced_axes,
      DefaultValuedParameter<"ReductionKind", "ReductionKind::SUM">:$reduction);
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    int64_t getRank() const { return getDimShardings().size(); }
    /// The mesh: inline, or the `sdy.mesh` symbol nearest to `from`; null
    /// when the symbol does not exist.
    MeshAttr getMesh(mlir::Operation *from) const;
    /// The mesh symbol's name, or "" for an inline mesh.
    llvm::StringRef getMeshName() const;
  }];
}

def Sdy_TensorShardingPerValue : Sdy_Attr<"TensorShardingPerValue", "sharding_per_value"> {
  let summary = "one sharding per operand or result: [<@mesh, [...]>, ...]";
  let parameters = (ins
      OptionalArrayRefParameter<"TensorShardingAttr", "shardings">:$shardings);
}

def Sdy_DimMapping : Sdy_Attr<"DimMapping", "dim_mapping"> {
  let summary = "the factors of one dimension in a sharding rule (ij)";
  let parameters = (ins OptionalArrayRefParameter<"int64_t", "factors">:$factor_indices);
}

def Sdy_TensorMapping : Sdy_Attr<"TensorMapping", "tensor_mapping"> {
  let summary = "the factor mapping of one tensor in a sharding rule ([i, j])";
  let parameters = (ins OptionalArrayRefParameter<"DimMappingAttr", "dims">:$dim_mappings);
}

def Sdy_OpShardingRule : Sdy_Attr<"OpShardingRule", "op_sharding_rule"> {
  let summary = "how an op partitions: ([i, k], [k, j])->([i, j]) {i=8, j=8, k=4} reduction={k}";
  let parameters = (ins
      OptionalArrayRefParameter<"int64_t", "factor sizes">:$factor_sizes,
      OptionalArrayRefParameter<"TensorMappingAttr", "operands">:$operand_mappings,
      OptionalArrayRefParameter<"TensorMappingAttr", "results">:$result_mappings,
      OptionalArrayRefParameter<"int64_t", "reduction">:$reduction_factors,
      OptionalArrayRefParameter<"int64_t", "need replication">:$need_replication_factors,
      OptionalArrayRefParameter<"int64_t", "permutation">:$permutation_factors,
      OptionalArrayRefParameter<"int64_t", "blocked propagation">:$blocked_propagation_factors,
      DefaultValuedParameter<"bool", "false">:$is_custom_rule);
  let genVerifyDecl = 1;
}

def Sdy_AxisRefList : Sdy_Attr<"AxisRefList", "axis_ref_list"> {
  let summary = "a list of axes: {\"x\", \"y\":(1)2}";
  let parameters = (ins OptionalArrayRefParameter<"AxisRefAttr", "axes">:$value);
}

def Sdy_ListOfAxisRefLists : Sdy_Attr<"ListOfAxisRefLists", "list_of_axis_ref_lists"> {
  let summary = "axes per dimension: [{\"x\"}, {}]";
  let parameters = (ins OptionalArrayRefParameter<"AxisRefListAttr", "lists">:$value);
}

def Sdy_ManualAxes : Sdy_Attr<"ManualAxes", "manual_axes"> {
  let summary = "the axes a manual computation is manual on: {\"x\", \"y\"}";
  let parameters = (ins OptionalArrayRefParameter<"mlir::StringAttr", "axes">:$value);
}

def Sdy_AllToAllParam : Sdy_Attr<"AllToAllParam", "all_to_all_param"> {
  let summary = "axes moved from one dimension to another: {\"x\"}: 0->2";
  let parameters = (ins OptionalArrayRefParameter<"AxisRefAttr", "axes">:$axes,
                        "int64_t":$src_dim, "int64_t":$tgt_dim);
}

def Sdy_AllToAllParamList : Sdy_Attr<"AllToAllParamList", "all_to_all_param_list"> {
  let summary = "the moves of an sdy.all_to_all: [{\"x\"}: 0->2, {\"y\"}: 1->3]";
  let parameters = (ins OptionalArrayRefParameter<"AllToAllParamAttr", "params">:$value);
}

#endif // OXLA_SDY_ATTRS
