// RUN: oxla-opt %s --oxla-expand-f64-to-narrow-float | FileCheck %s

// f64 -> f16 (and bf16): rounded to odd into f32 (nearest, one step toward zero where
// that went away from zero, the last bit set where inexact), then to f16.
// CHECK-LABEL: func.func @scalar
// CHECK: %[[T:.*]] = arith.truncf %arg0 : f64 to f32
// CHECK: %[[B:.*]] = arith.extf %[[T]] : f32 to f64
// CHECK: %[[INEXACT:.*]] = arith.cmpf one, %[[B]], %arg0 : f64
// CHECK: %[[AB:.*]] = math.absf %[[B]] : f64
// CHECK: %[[AX:.*]] = math.absf %arg0 : f64
// CHECK: %[[AWAY:.*]] = arith.cmpf ogt, %[[AB]], %[[AX]] : f64
// CHECK: %[[BITS:.*]] = arith.bitcast %[[T]] : f32 to i32
// CHECK: %[[DOWN:.*]] = arith.subi %[[BITS]], %{{.*}} : i32
// CHECK: %[[SEL:.*]] = arith.select %[[AWAY]], %[[DOWN]], %[[BITS]] : i32
// CHECK: %[[LSB:.*]] = arith.extui %[[INEXACT]] : i1 to i32
// CHECK: %[[ODD:.*]] = arith.ori %[[SEL]], %[[LSB]] : i32
// CHECK: %[[F:.*]] = arith.bitcast %[[ODD]] : i32 to f32
// CHECK: %[[R:.*]] = arith.truncf %[[F]] : f32 to f16
// CHECK: return %[[R]]
func.func @scalar(%x: f64) -> f16 {
  %0 = arith.truncf %x : f64 to f16
  return %0 : f16
}

// bf16 the same way.
// CHECK-LABEL: func.func @bf16
// CHECK: arith.truncf %arg0 : f64 to f32
// CHECK: arith.ori
// CHECK: arith.truncf {{.*}} : f32 to bf16
func.func @bf16(%x: f64) -> bf16 {
  %0 = arith.truncf %x : f64 to bf16
  return %0 : bf16
}

// Vectors the same way, lane by lane.
// CHECK-LABEL: func.func @vector
// CHECK: arith.truncf %arg0 : vector<8xf64> to vector<8xf32>
// CHECK: arith.subi {{.*}} : vector<8xi32>
// CHECK: arith.truncf {{.*}} : vector<8xf32> to vector<8xf16>
func.func @vector(%x: vector<8xf64>) -> vector<8xf16> {
  %0 = arith.truncf %x : vector<8xf64> to vector<8xf16>
  return %0 : vector<8xf16>
}

// Left alone: other conversions, and one with a rounding mode of its own.
// CHECK-LABEL: func.func @unchanged
// CHECK-NEXT: arith.truncf %arg0 : f64 to f32
// CHECK-NEXT: arith.truncf %arg1 : f32 to f16
// CHECK-NEXT: arith.truncf %arg0 to_nearest_away : f64 to f16
// CHECK-NEXT: return
func.func @unchanged(%x: f64, %y: f32) -> (f32, f16, f16) {
  %0 = arith.truncf %x : f64 to f32
  %1 = arith.truncf %y : f32 to f16
  %2 = arith.truncf %x to_nearest_away : f64 to f16
  return %0, %1, %2 : f32, f16, f16
}
