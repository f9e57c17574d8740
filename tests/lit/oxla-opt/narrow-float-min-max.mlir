// RUN: oxla-opt %s --oxla-narrow-float-min-max | FileCheck %s

// The maximum of two extended f16 values: order keys of their patterns,
// the larger pattern (NaN first), extended.
// CHECK-LABEL: func.func @maximum
// CHECK-DAG: %[[A:.*]] = arith.bitcast %arg0 : f16 to i16
// CHECK-DAG: %[[B:.*]] = arith.bitcast %arg1 : f16 to i16
// CHECK: arith.shrsi %[[A]]
// CHECK: %[[KA:.*]] = arith.xori %[[A]]
// CHECK: arith.shrsi %[[B]]
// CHECK: %[[KB:.*]] = arith.xori %[[B]]
// CHECK: %[[GE:.*]] = arith.cmpi sge, %[[KA]], %[[KB]] : i16
// CHECK: %[[S:.*]] = arith.select %[[GE]], %[[A]], %[[B]] : i16
// CHECK: arith.cmpi ugt, {{.*}}, %c31744_i16{{.*}} : i16
// CHECK: arith.select
// CHECK: arith.cmpi ugt, {{.*}}, %c31744_i16{{.*}} : i16
// CHECK: %[[R:.*]] = arith.select
// CHECK: %[[H:.*]] = arith.bitcast %[[R]] : i16 to f16
// CHECK: %[[E:.*]] = arith.extf %[[H]] : f16 to f32
// CHECK: return %[[E]]
func.func @maximum(%a: f16, %b: f16) -> f32 {
  %0 = arith.extf %a : f16 to f32
  %1 = arith.extf %b : f16 to f32
  %2 = arith.maximumf %0, %1 : f32
  return %2 : f32
}

// bf16 ReLU-style minimum with a constant that bf16 holds (its pattern,
// 0x3F80 for 1.0); bf16's infinity is 0x7F80.
// CHECK-LABEL: func.func @minimum_bf16
// CHECK-DAG: arith.constant 16256 : i16
// CHECK: arith.cmpi sle
// CHECK: arith.cmpi ugt, {{.*}}, %c32640_i16{{.*}} : i16
// CHECK: arith.extf {{.*}} : bf16 to f32
// CHECK-NOT: arith.minimumf
func.func @minimum_bf16(%a: bf16) -> f32 {
  %c = arith.constant 1.0 : f32
  %0 = arith.extf %a : bf16 to f32
  %1 = arith.minimumf %0, %c : f32
  return %1 : f32
}

// Left alone: a constant that f16 does not hold, an f32 operand, f32 alone.
// CHECK-LABEL: func.func @unchanged
// CHECK: arith.maximumf
// CHECK: arith.maximumf
// CHECK: arith.maximumf
// CHECK-NOT: arith.cmpi
func.func @unchanged(%a: f16, %x: f32) -> (f32, f32, f32) {
  %c = arith.constant 0.1 : f32
  %0 = arith.extf %a : f16 to f32
  %1 = arith.maximumf %0, %c : f32
  %2 = arith.maximumf %0, %x : f32
  %3 = arith.maximumf %x, %c : f32
  return %1, %2, %3 : f32, f32, f32
}

// The truncf that rounded the f32 maximum back to bf16 reads the chosen
// pattern directly (extf then truncf to the same type is the identity);
// a truncf of an extf from another type stays.
// CHECK-LABEL: func.func @round_trip_bf16
// CHECK: %[[K:.*]] = arith.truncf %{{.*}} : f32 to bf16
// CHECK: %[[H:.*]] = arith.bitcast %{{.*}} : i16 to bf16
// CHECK-NOT: arith.truncf
// CHECK: return %[[H]], %[[K]]
func.func @round_trip_bf16(%a: bf16, %b: bf16, %h: f16) -> (bf16, bf16) {
  %4 = arith.extf %h : f16 to f32
  %5 = arith.truncf %4 : f32 to bf16
  %0 = arith.extf %a : bf16 to f32
  %1 = arith.extf %b : bf16 to f32
  %2 = arith.maximumf %0, %1 : f32
  %3 = arith.truncf %2 : f32 to bf16
  return %3, %5 : bf16, bf16
}
