//===- VHLOOps.td - Every versioned op of VHLO -----------*- tablegen -*-===//
//
// One def per op version, `<name>_v<N>`, with the StableHLO releases that
// have it: `VHLO_Op<mnemonic, first release, last release>` (last is
// "current" while no newer version exists). An op gets a new version when
// the StableHLO op gains an operand, attribute or region.
//
// The ranges follow upstream StableHLO's releases, as its versioned test
// data (stablehlo_legalize_to_vhlo.<version>.mlir) shows them.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_VHLO_OPS
#define OXLA_VHLO_OPS

include "compiler/Dialect/VHLO/IR/VHLOBase.td"

def VHLO_AbsOpV1 : VHLO_Op<"abs_v1", "0.9.0">;
def VHLO_AddOpV1 : VHLO_Op<"add_v1", "0.9.0">;
def VHLO_AfterAllOpV1 : VHLO_Op<"after_all_v1", "0.9.0">;
def VHLO_AllGatherOpV1 : VHLO_Op<"all_gather_v1", "0.9.0", "1.4.0">;
def VHLO_AllGatherOpV2 : VHLO_Op<"all_gather_v2", "1.5.0">;
def VHLO_AllReduceOpV1 : VHLO_Op<"all_reduce_v1", "0.9.0", "1.4.0">;
def VHLO_AllReduceOpV2 : VHLO_Op<"all_reduce_v2", "1.5.0">;
def VHLO_AllToAllOpV1 : VHLO_Op<"all_to_all_v1", "0.9.0", "1.4.0">;
def VHLO_AllToAllOpV2 : VHLO_Op<"all_to_all_v2", "1.5.0">;
def VHLO_AndOpV1 : VHLO_Op<"and_v1", "0.9.0">;
def VHLO_AsyncDoneOpV1 : VHLO_Op<"async_done_v1", "1.15.0">;
def VHLO_AsyncStartOpV1 : VHLO_Op<"async_start_v1", "1.15.0">;
def VHLO_Atan2OpV1 : VHLO_Op<"atan2_v1", "0.9.0">;
def VHLO_BatchNormGradOpV1 : VHLO_Op<"batch_norm_grad_v1", "0.9.0">;
def VHLO_BatchNormInferenceOpV1 : VHLO_Op<"batch_norm_inference_v1", "0.9.0">;
def VHLO_BatchNormTrainingOpV1 : VHLO_Op<"batch_norm_training_v1", "0.9.0">;
def VHLO_BitcastConvertOpV1 : VHLO_Op<"bitcast_convert_v1", "0.9.0">;
def VHLO_BroadcastInDimOpV1 : VHLO_Op<"broadcast_in_dim_v1", "0.9.0">;
def VHLO_BroadcastOpV1 : VHLO_Op<"broadcast_v1", "0.9.0">;
def VHLO_CallOpV1 : VHLO_Op<"call_v1", "0.9.0">;
def VHLO_CaseOpV1 : VHLO_Op<"case_v1", "0.9.0">;
def VHLO_CbrtOpV1 : VHLO_Op<"cbrt_v1", "0.9.0", "1.9.0">;
def VHLO_CbrtOpV2 : VHLO_Op<"cbrt_v2", "1.10.0">;
def VHLO_CeilOpV1 : VHLO_Op<"ceil_v1", "0.9.0">;
def VHLO_CholeskyOpV1 : VHLO_Op<"cholesky_v1", "0.9.0">;
def VHLO_ClampOpV1 : VHLO_Op<"clamp_v1", "0.9.0">;
def VHLO_CollectiveBroadcastOpV1 : VHLO_Op<"collective_broadcast_v1", "0.16.0", "1.19.0">;
def VHLO_CollectiveBroadcastOpV2 : VHLO_Op<"collective_broadcast_v2", "1.20.0">;
def VHLO_CollectivePermuteOpV1 : VHLO_Op<"collective_permute_v1", "0.9.0">;
def VHLO_CollectiveReduceOpV1 : VHLO_Op<"collective_reduce_v1", "1.19.0">;
def VHLO_CompareOpV1 : VHLO_Op<"compare_v1", "0.9.0">;
def VHLO_ComplexOpV1 : VHLO_Op<"complex_v1", "0.9.0">;
def VHLO_CompositeOpV1 : VHLO_Op<"composite_v1", "0.19.0", "1.13.0">;
def VHLO_CompositeOpV2 : VHLO_Op<"composite_v2", "1.14.0">;
def VHLO_ConcatenateOpV1 : VHLO_Op<"concatenate_v1", "0.9.0">;
def VHLO_ConstantOpV1 : VHLO_Op<"constant_v1", "0.9.0">;
def VHLO_ConvertOpV1 : VHLO_Op<"convert_v1", "0.9.0">;
def VHLO_ConvolutionOpV1 : VHLO_Op<"convolution_v1", "0.9.0">;
def VHLO_CosineOpV1 : VHLO_Op<"cosine_v1", "0.9.0", "1.9.0">;
def VHLO_CosineOpV2 : VHLO_Op<"cosine_v2", "1.10.0">;
def VHLO_CountLeadingZerosOpV1 : VHLO_Op<"count_leading_zeros_v1", "0.9.0">;
def VHLO_CreateTokenOpV1 : VHLO_Op<"create_token_v1", "0.9.0">;
def VHLO_CrossReplicaSumOpV1 : VHLO_Op<"cross-replica-sum_v1", "0.9.0">;
def VHLO_CustomCallOpV1 : VHLO_Op<"custom_call_v1", "0.9.0", "1.17.0">;
def VHLO_CustomCallOpV2 : VHLO_Op<"custom_call_v2", "1.18.0">;
def VHLO_DivideOpV1 : VHLO_Op<"divide_v1", "0.9.0">;
def VHLO_DotGeneralOpV1 : VHLO_Op<"dot_general_v1", "0.9.0", "1.5.0">;
def VHLO_DotGeneralOpV2 : VHLO_Op<"dot_general_v2", "1.6.0">;
def VHLO_DotOpV1 : VHLO_Op<"dot_v1", "0.9.0">;
def VHLO_DynamicBroadcastInDimOpV1 : VHLO_Op<"dynamic_broadcast_in_dim_v1", "0.9.0">;
def VHLO_DynamicConvOpV1 : VHLO_Op<"dynamic_conv_v1", "0.9.0", "0.19.0">;
def VHLO_DynamicConvOpV2 : VHLO_Op<"dynamic_conv_v2", "0.20.0">;
def VHLO_DynamicGatherOpV1 : VHLO_Op<"dynamic_gather_v1", "0.9.0", "1.0.0">;
def VHLO_DynamicGatherOpV2 : VHLO_Op<"dynamic_gather_v2", "1.1.0">;
def VHLO_DynamicIotaOpV1 : VHLO_Op<"dynamic_iota_v1", "0.9.0">;
def VHLO_DynamicPadOpV1 : VHLO_Op<"dynamic_pad_v1", "0.9.0">;
def VHLO_DynamicReshapeOpV1 : VHLO_Op<"dynamic_reshape_v1", "0.9.0">;
def VHLO_DynamicSliceOpV1 : VHLO_Op<"dynamic_slice_v1", "0.9.0">;
def VHLO_DynamicUpdateSliceOpV1 : VHLO_Op<"dynamic_update_slice_v1", "0.9.0">;
def VHLO_EinsumOpV1 : VHLO_Op<"einsum_v1", "0.9.0">;
def VHLO_ExponentialMinusOneOpV1 : VHLO_Op<"exponential_minus_one_v1", "0.9.0", "1.9.0">;
def VHLO_ExponentialMinusOneOpV2 : VHLO_Op<"exponential_minus_one_v2", "1.10.0">;
def VHLO_ExponentialOpV1 : VHLO_Op<"exponential_v1", "0.9.0", "1.8.0">;
def VHLO_ExponentialOpV2 : VHLO_Op<"exponential_v2", "1.9.0">;
def VHLO_FftOpV1 : VHLO_Op<"fft_v1", "0.9.0">;
def VHLO_FloorOpV1 : VHLO_Op<"floor_v1", "0.9.0">;
def VHLO_FuncOpV1 : VHLO_Op<"func_v1", "0.9.0">;
def VHLO_GatherOpV1 : VHLO_Op<"gather_v1", "0.9.0", "1.0.0">;
def VHLO_GatherOpV2 : VHLO_Op<"gather_v2", "1.1.0">;
def VHLO_GetDimensionSizeOpV1 : VHLO_Op<"get_dimension_size_v1", "0.9.0">;
def VHLO_GetTupleElementOpV1 : VHLO_Op<"get_tuple_element_v1", "0.9.0">;
def VHLO_IfOpV1 : VHLO_Op<"if_v1", "0.9.0">;
def VHLO_ImagOpV1 : VHLO_Op<"imag_v1", "0.9.0">;
def VHLO_InfeedOpV1 : VHLO_Op<"infeed_v1", "0.9.0">;
def VHLO_IotaOpV1 : VHLO_Op<"iota_v1", "0.9.0">;
def VHLO_IsFiniteOpV1 : VHLO_Op<"is_finite_v1", "0.9.0">;
def VHLO_LogPlusOneOpV1 : VHLO_Op<"log_plus_one_v1", "0.9.0", "1.9.0">;
def VHLO_LogPlusOneOpV2 : VHLO_Op<"log_plus_one_v2", "1.10.0">;
def VHLO_LogOpV1 : VHLO_Op<"log_v1", "0.9.0", "1.9.0">;
def VHLO_LogOpV2 : VHLO_Op<"log_v2", "1.10.0">;
def VHLO_LogisticOpV1 : VHLO_Op<"logistic_v1", "0.9.0", "1.9.0">;
def VHLO_LogisticOpV2 : VHLO_Op<"logistic_v2", "1.10.0">;
def VHLO_MapOpV1 : VHLO_Op<"map_v1", "0.9.0">;
def VHLO_MaximumOpV1 : VHLO_Op<"maximum_v1", "0.9.0">;
def VHLO_MinimumOpV1 : VHLO_Op<"minimum_v1", "0.9.0">;
def VHLO_MultiplyOpV1 : VHLO_Op<"multiply_v1", "0.9.0">;
def VHLO_NegateOpV1 : VHLO_Op<"negate_v1", "0.9.0">;
def VHLO_NotOpV1 : VHLO_Op<"not_v1", "0.9.0">;
def VHLO_OptimizationBarrierOpV1 : VHLO_Op<"optimization_barrier_v1", "0.9.0">;
def VHLO_OrOpV1 : VHLO_Op<"or_v1", "0.9.0">;
def VHLO_OutfeedOpV1 : VHLO_Op<"outfeed_v1", "0.9.0">;
def VHLO_PadOpV1 : VHLO_Op<"pad_v1", "0.9.0">;
def VHLO_PartitionIdOpV1 : VHLO_Op<"partition_id_v1", "0.9.0">;
def VHLO_PopcntOpV1 : VHLO_Op<"popcnt_v1", "0.9.0">;
def VHLO_PowerOpV1 : VHLO_Op<"power_v1", "0.9.0">;
def VHLO_RealDynamicSliceOpV1 : VHLO_Op<"real_dynamic_slice_v1", "0.9.0">;
def VHLO_RealOpV1 : VHLO_Op<"real_v1", "0.9.0">;
def VHLO_RecvOpV1 : VHLO_Op<"recv_v1", "0.9.0", "1.11.0">;
def VHLO_RecvOpV2 : VHLO_Op<"recv_v2", "1.12.0">;
def VHLO_ReducePrecisionOpV1 : VHLO_Op<"reduce_precision_v1", "0.9.0">;
def VHLO_ReduceScatterOpV1 : VHLO_Op<"reduce_scatter_v1", "0.9.0">;
def VHLO_ReduceOpV1 : VHLO_Op<"reduce_v1", "0.9.0">;
def VHLO_ReduceWindowOpV1 : VHLO_Op<"reduce_window_v1", "0.9.0">;
def VHLO_RemainderOpV1 : VHLO_Op<"remainder_v1", "0.9.0">;
def VHLO_ReplicaIdOpV1 : VHLO_Op<"replica_id_v1", "0.9.0">;
def VHLO_ReshapeOpV1 : VHLO_Op<"reshape_v1", "0.9.0">;
def VHLO_ReturnOpV1 : VHLO_Op<"return_v1", "0.9.0", "current", [Terminator]>;
def VHLO_ReverseOpV1 : VHLO_Op<"reverse_v1", "0.9.0">;
def VHLO_RngBitGeneratorOpV1 : VHLO_Op<"rng_bit_generator_v1", "0.9.0">;
def VHLO_RngOpV1 : VHLO_Op<"rng_v1", "0.9.0">;
def VHLO_RoundNearestAfzOpV1 : VHLO_Op<"round_nearest_afz_v1", "0.9.0">;
def VHLO_RoundNearestEvenOpV1 : VHLO_Op<"round_nearest_even_v1", "0.9.0">;
def VHLO_RsqrtOpV1 : VHLO_Op<"rsqrt_v1", "0.9.0", "1.9.0">;
def VHLO_RsqrtOpV2 : VHLO_Op<"rsqrt_v2", "1.10.0">;
def VHLO_ScatterOpV1 : VHLO_Op<"scatter_v1", "0.9.0", "1.0.0">;
def VHLO_ScatterOpV2 : VHLO_Op<"scatter_v2", "1.1.0">;
def VHLO_SelectAndScatterOpV1 : VHLO_Op<"select_and_scatter_v1", "0.9.0">;
def VHLO_SelectOpV1 : VHLO_Op<"select_v1", "0.9.0">;
def VHLO_SendOpV1 : VHLO_Op<"send_v1", "0.9.0", "1.11.0">;
def VHLO_SendOpV2 : VHLO_Op<"send_v2", "1.12.0">;
def VHLO_SetDimensionSizeOpV1 : VHLO_Op<"set_dimension_size_v1", "0.9.0">;
def VHLO_ShiftLeftOpV1 : VHLO_Op<"shift_left_v1", "0.9.0">;
def VHLO_ShiftRightArithmeticOpV1 : VHLO_Op<"shift_right_arithmetic_v1", "0.9.0">;
def VHLO_ShiftRightLogicalOpV1 : VHLO_Op<"shift_right_logical_v1", "0.9.0">;
def VHLO_SignOpV1 : VHLO_Op<"sign_v1", "0.9.0">;
def VHLO_SineOpV1 : VHLO_Op<"sine_v1", "0.9.0", "1.9.0">;
def VHLO_SineOpV2 : VHLO_Op<"sine_v2", "1.10.0">;
def VHLO_SliceOpV1 : VHLO_Op<"slice_v1", "0.9.0">;
def VHLO_SortOpV1 : VHLO_Op<"sort_v1", "0.9.0">;
def VHLO_SqrtOpV1 : VHLO_Op<"sqrt_v1", "0.9.0", "1.9.0">;
def VHLO_SqrtOpV2 : VHLO_Op<"sqrt_v2", "1.10.0">;
def VHLO_SubtractOpV1 : VHLO_Op<"subtract_v1", "0.9.0">;
def VHLO_TanOpV1 : VHLO_Op<"tan_v1", "1.4.0", "1.9.0">;
def VHLO_TanOpV2 : VHLO_Op<"tan_v2", "1.10.0">;
def VHLO_TanhOpV1 : VHLO_Op<"tanh_v1", "0.9.0", "1.9.0">;
def VHLO_TanhOpV2 : VHLO_Op<"tanh_v2", "1.10.0">;
def VHLO_TorchIndexSelectOpV1 : VHLO_Op<"torch_index_select_v1", "0.9.0">;
def VHLO_TransposeOpV1 : VHLO_Op<"transpose_v1", "0.9.0">;
def VHLO_TriangularSolveOpV1 : VHLO_Op<"triangular_solve_v1", "0.9.0">;
def VHLO_TupleOpV1 : VHLO_Op<"tuple_v1", "0.9.0">;
def VHLO_UnaryEinsumOpV1 : VHLO_Op<"unary_einsum_v1", "0.9.0">;
def VHLO_UniformDequantizeOpV1 : VHLO_Op<"uniform_dequantize_v1", "0.9.0">;
def VHLO_UniformQuantizeOpV1 : VHLO_Op<"uniform_quantize_v1", "0.9.0">;
def VHLO_WhileOpV1 : VHLO_Op<"while_v1", "0.9.0">;
def VHLO_XorOpV1 : VHLO_Op<"xor_v1", "0.9.0">;

#endif // OXLA_VHLO_OPS
