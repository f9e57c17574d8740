// RUN: oxla-opt %s --oxla-expand-math | FileCheck %s

// Scalar f32 exp and tanh call module functions; each has variants on
// 4, 8 and 16 lanes, named in the attribute LLVM's loop vectorizer reads.
// CHECK-LABEL: func.func @scalars
// CHECK: %[[E:.*]] = call @__oxla_expf(%arg0) : (f32) -> f32
// CHECK: %[[T:.*]] = call @__oxla_tanhf(%[[E]]) : (f32) -> f32
// CHECK: %[[D:.*]] = math.exp %arg1 : f64
// CHECK: return %[[T]], %[[D]]
func.func @scalars(%x: f32, %y: f64) -> (f32, f64) {
  %e = math.exp %x : f32
  %t = math.tanh %e : f32
  %d = math.exp %y : f64
  return %t, %d : f32, f64
}

// Vectors are expanded in place.
// CHECK-LABEL: func.func @vector
// CHECK-NOT: math.exp
// CHECK: math.roundeven {{.*}} : vector<8xf32>
// CHECK-NOT: math.exp
// CHECK: return
func.func @vector(%x: vector<8xf32>) -> vector<8xf32> {
  %e = math.exp %x : vector<8xf32>
  return %e : vector<8xf32>
}

// CHECK-DAG: func.func @__oxla_expf_v4(%{{.*}}: vector<4xf32>) -> vector<4xf32> attributes {passthrough = ["alwaysinline"]}
// CHECK-DAG: func.func @__oxla_expf_v8(%{{.*}}: vector<8xf32>) -> vector<8xf32>
// CHECK-DAG: func.func @__oxla_expf_v16(%{{.*}}: vector<16xf32>) -> vector<16xf32>
// CHECK-DAG: func.func private @__oxla_expf(%{{.*}}: f32) -> f32 attributes {passthrough = ["noinline", ["vector-function-abi-variant", "_ZGV_LLVM_N4v___oxla_expf(__oxla_expf_v4),_ZGV_LLVM_N8v___oxla_expf(__oxla_expf_v8),_ZGV_LLVM_N16v___oxla_expf(__oxla_expf_v16)"]]}
// CHECK-DAG: func.func private @__oxla_tanhf(%{{.*}}: f32) -> f32 attributes {passthrough = ["noinline", ["vector-function-abi-variant", "_ZGV_LLVM_N4v___oxla_tanhf(__oxla_tanhf_v4),_ZGV_LLVM_N8v___oxla_tanhf(__oxla_tanhf_v8),_ZGV_LLVM_N16v___oxla_tanhf(__oxla_tanhf_v16)"]]}
