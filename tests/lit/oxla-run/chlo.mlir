// Compiled chlo ops: special functions in f64 rounded once, complex inverse
// trigonometry, next_after, mulhi, predicates and top_k.
// RUN: oxla-run %s
// RUN: oxla-run %s --print-results | FileCheck %s

// CHECK-LABEL: EXEC @top_k
// CHECK-NEXT: 2x3xf32=[3 2 2][nan 1 -inf]
// CHECK-NEXT: 2x3xi32=[3 1 2][2 0 3]
// CHECK-NEXT: 3x1xi8=[7][-128][5]
// CHECK-NEXT: 3x1xi32=[1][0][0]
// CHECK-NEXT: 2xui8=[200 200]
// CHECK-NEXT: 2xi32=[1 2]
func.func public @top_k() -> (tensor<2x3xf32>, tensor<2x3xi32>, tensor<3x1xi8>, tensor<3x1xi32>,
                              tensor<2xui8>, tensor<2xi32>) {
  // Ties keep their order; NaN ranks above +inf, -inf above -NaN.
  %x = stablehlo.constant dense<[[1.0, 2.0, 2.0, 3.0], [1.0, 0xFFC00000, 0x7FC00000, 0xFF800000]]> : tensor<2x4xf32>
  %v, %i = chlo.top_k(%x, k = 3) : tensor<2x4xf32> -> (tensor<2x3xf32>, tensor<2x3xi32>)
  %y = stablehlo.constant dense<[[-128, 7], [-128, -128], [5, -3]]> : tensor<3x2xi8>
  %yv, %yi = chlo.top_k(%y, k = 1) : tensor<3x2xi8> -> (tensor<3x1xi8>, tensor<3x1xi32>)
  %u = stablehlo.constant dense<[3, 200, 200]> : tensor<3xui8>
  %uv, %ui = chlo.top_k(%u, k = 2) : tensor<3xui8> -> (tensor<2xui8>, tensor<2xi32>)
  return %v, %i, %yv, %yi, %uv, %ui : tensor<2x3xf32>, tensor<2x3xi32>, tensor<3x1xi8>, tensor<3x1xi32>, tensor<2xui8>, tensor<2xi32>
}

func.func public @special() {
  %x = stablehlo.constant dense<[0.5, 1.0, 2.0, 10.0]> : tensor<4xf64>
  %lg = chlo.lgamma %x : tensor<4xf64> -> tensor<4xf64>
  check.expect_almost_eq_const %lg, dense<[0.57236494292470008, 0.0, 0.0, 12.801827480081469]> : tensor<4xf64> {tolerance = 1.0e-13 : f64}
  %xn = stablehlo.constant dense<[-2.5, 3.0, 1.0e-5, 100.0]> : tensor<4xf64>
  %lgn = chlo.lgamma %xn : tensor<4xf64> -> tensor<4xf64>
  check.expect_almost_eq_const %lgn, dense<[-0.05624371649767457, 0.693147180559945, 11.512919692895824, 359.1342053695754]> : tensor<4xf64> {tolerance = 1.0e-12 : f64}
  %poles = stablehlo.constant dense<[0.0, -3.0, 0xFFF0000000000000, 0x7FF0000000000000]> : tensor<4xf64>
  %lgp = chlo.lgamma %poles : tensor<4xf64> -> tensor<4xf64>
  check.expect_eq_const %lgp, dense<0x7FF0000000000000> : tensor<4xf64>
  %dg = chlo.digamma %x : tensor<4xf64> -> tensor<4xf64>
  check.expect_almost_eq_const %dg, dense<[-1.9635100260214235, -0.57721566490153287, 0.42278433509846713, 2.2517525890667211]> : tensor<4xf64> {tolerance = 1.0e-13 : f64}
  %neg = stablehlo.constant dense<[-0.5, -1.0, 0.0, -2.5]> : tensor<4xf64>
  %dgn = chlo.digamma %neg : tensor<4xf64> -> tensor<4xf64>
  check.expect_almost_eq_const %dgn, dense<[0.036489973978576520, 0x7FF8000000000000, 0x7FF8000000000000, 1.1031566406452432]> : tensor<4xf64> {tolerance = 1.0e-13 : f64}
  %p = stablehlo.constant dense<[0.0, 0.5, -0.9, 0.999, 1.0, -1.0, 1.5]> : tensor<7xf64>
  %ei = chlo.erf_inv %p : tensor<7xf64> -> tensor<7xf64>
  check.expect_almost_eq_const %ei, dense<[0.0, 0.47693627620446987, -1.1630871536766743, 2.3267537655135246, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000]> : tensor<7xf64> {tolerance = 1.0e-14 : f64}
  %pf = stablehlo.constant dense<[0.5, -0.9, 0.99999994]> : tensor<3xf32>
  %eif = chlo.erf_inv %pf : tensor<3xf32> -> tensor<3xf32>
  %exp1 = stablehlo.constant dense<[0.476936281, -1.16308713, 3.8325069]> : tensor<3xf32>
  check.expect_close %eif, %exp1 : tensor<3xf32>, tensor<3xf32>
  %e = stablehlo.constant dense<[0.3, -1.0, 3.0, 10.0]> : tensor<4xf64>
  %ec = chlo.erfc %e : tensor<4xf64> -> tensor<4xf64>
  %exp2 = stablehlo.constant dense<[0.6713732405408726, 1.842700792949715, 2.2090496998585438e-05, 2.088487583762545e-45]> : tensor<4xf64>
  check.expect_close %ec, %exp2, max_ulp_difference = 4 : tensor<4xf64>, tensor<4xf64>
  %b = stablehlo.constant dense<[0.0, 1.0, -2.0, 50.0]> : tensor<4xf64>
  %i1e = chlo.bessel_i1e %b : tensor<4xf64> -> tensor<4xf64>
  check.expect_almost_eq_const %i1e, dense<[0.0, 0.20791041534970844, -0.21526928924893765, 0.0559931238928954]> : tensor<4xf64> {tolerance = 1.0e-14 : f64}
  %s = stablehlo.constant dense<[2.0, 3.0, 2.0, 1.0]> : tensor<4xf64>
  %q = stablehlo.constant dense<[1.0, 1.0, 2.0, 1.0]> : tensor<4xf64>
  %z = chlo.zeta %s, %q : tensor<4xf64>, tensor<4xf64> -> tensor<4xf64>
  check.expect_almost_eq_const %z, dense<[1.6449340668482264, 1.2020569031595943, 0.64493406684822644, 0x7FF0000000000000]> : tensor<4xf64> {tolerance = 1.0e-14 : f64}
  %n = stablehlo.constant dense<[1.0, 2.0, 0.0, 0.5]> : tensor<4xf64>
  %pg = chlo.polygamma %n, %q : tensor<4xf64>, tensor<4xf64> -> tensor<4xf64>
  check.expect_almost_eq_const %pg, dense<[1.6449340668482264, -2.4041138063191886, 0.42278433509846713, 0x7FF8000000000000]> : tensor<4xf64> {tolerance = 1.0e-13 : f64}
  %h = stablehlo.constant dense<[1.0, 0.5]> : tensor<2xbf16>
  %ah = chlo.asin %h : tensor<2xbf16> -> tensor<2xbf16>
  check.expect_eq_const %ah, dense<[1.5703125, 0.5234375]> : tensor<2xbf16>
  %ch = stablehlo.constant dense<[0.5, -3.0, 20.0]> : tensor<3xf32>
  %cosh = chlo.cosh %ch : tensor<3xf32> -> tensor<3xf32>
  %exp3 = stablehlo.constant dense<[1.12762597, 10.0676620, 242582480.0]> : tensor<3xf32>
  check.expect_close %cosh, %exp3 : tensor<3xf32>, tensor<3xf32>
  %sinh = chlo.sinh %ch : tensor<3xf32> -> tensor<3xf32>
  %exp4 = stablehlo.constant dense<[0.521095276, -10.0178747, 242582480.0]> : tensor<3xf32>
  check.expect_close %sinh, %exp4 : tensor<3xf32>, tensor<3xf32>
  return
}

func.func public @complex() {
  %z = stablehlo.constant dense<[(0.5, 0.25), (-2.0, 3.0), (1.5, -1.0e-3), (-0.3, -4.0)]> : tensor<4xcomplex<f64>>
  %asin = chlo.asin %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %exp5 = stablehlo.constant dense<[(0.50160885327550075, 0.28139605624529274), (-0.57065278432109945, 1.9833870299165355), (1.5699019001286265, -0.96242418677487729), (-0.072643909183778471, -2.0972747882136682)]> : tensor<4xcomplex<f64>>
  check.expect_close %asin, %exp5, max_ulp_difference = 3 : tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>
  %acos = chlo.acos %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %exp6 = stablehlo.constant dense<[(1.069187473519396, -0.28139605624529274), (2.1414491111159961, -1.9833870299165355), (0.00089442666627019031, 0.96242418677487729), (1.6434402359786751, 2.0972747882136682)]> : tensor<4xcomplex<f64>>
  check.expect_close %acos, %exp6, max_ulp_difference = 3 : tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>
  %asinh = chlo.asinh %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %exp7 = stablehlo.constant dense<[(0.49267568342077062, 0.2243284526346675), (-1.9686379257930964, 0.96465850440760281), (1.1947633452948423, -0.00055470016559089742), (-2.0665246667076445, -1.4935063209769517)]> : tensor<4xcomplex<f64>>
  check.expect_close %asinh, %exp7, max_ulp_difference = 3 : tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>
  %acosh = chlo.acosh %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %exp8 = stablehlo.constant dense<[(0.28139605624529274, 1.069187473519396), (1.9833870299165355, 2.1414491111159961), (0.96242418677487729, -0.00089442666627019031), (2.0972747882136682, -1.6434402359786751)]> : tensor<4xcomplex<f64>>
  check.expect_close %acosh, %exp8, max_ulp_difference = 3 : tensor<4xcomplex<f64>>, tensor<4xcomplex<f64>>
  %atan = chlo.atan %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  check.expect_almost_eq_const %atan, dense<[(0.4842544903299662, 0.20058661813123432), (-1.4099210495965755, 0.22907268296853878), (0.98279386525914658, -0.00030769225185859716), (-1.5509260781099194, -0.25382361304723589)]> : tensor<4xcomplex<f64>> {tolerance = 1.0e-14 : f64}
  %atanh = chlo.atanh %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  check.expect_almost_eq_const %atanh, dense<[(0.50037000005253107, 0.31439814320771647), (-0.14694666622552977, 1.3389725222944935), (0.80471799621904694, -1.5699963281175602), (-0.017561342900046593, -1.3270575440265451)]> : tensor<4xcomplex<f64>> {tolerance = 1.0e-14 : f64}
  %cosh = chlo.cosh %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  check.expect_almost_eq_const %cosh, dense<[(1.0925708047319176, 0.12892104172809826), (-3.7245455049153224, -0.51182256998738462), (2.3524084390385376, -0.0021292791002149257), (-0.6832788514033763, -0.23046171795270007)]> : tensor<4xcomplex<f64>> {tolerance = 1.0e-14 : f64}
  %sinh = chlo.sinh %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  check.expect_almost_eq_const %sinh, dense<[(0.50489571438799496, 0.27897912835026151), (3.5905645899857799, 0.53092108624851975), (2.1292783904551786, -0.0023524092231749978), (0.19904774723523994, 0.79111479593420353)]> : tensor<4xcomplex<f64>> {tolerance = 1.0e-14 : f64}
  %tan = chlo.tan %z : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  check.expect_almost_eq_const %tan, dense<[(0.50450070269856395, 0.31242069250258875), (0.0037640256415042489, 1.00323862735361), (14.098602339927124, -0.19981024566007941), (-0.00037862319504918587, -0.99944634306456381)]> : tensor<4xcomplex<f64>> {tolerance = 1.0e-12 : f64}
  %c = stablehlo.constant dense<[(0.0, 1.0), (1.0, -2.0)]> : tensor<2xcomplex<f32>>
  %cj = chlo.conj %c : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
  check.expect_eq_const %cj, dense<[(0.0, -1.0), (1.0, 2.0)]> : tensor<2xcomplex<f32>>
  %at = chlo.atanh %c : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
  %exp9 = stablehlo.constant dense<[(0.0, 0.785398185), (0.173286796, -1.17809725)]> : tensor<2xcomplex<f32>>
  check.expect_close %at, %exp9 : tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>
  return
}

func.func public @bits() {
  %one = stablehlo.constant dense<[1.0, 1.0, 0.0, 0x7FC0]> : tensor<4xbf16>
  %dir = stablehlo.constant dense<[2.0, 0.0, -1.0, 1.0]> : tensor<4xbf16>
  %na = chlo.next_after %one, %dir : tensor<4xbf16>, tensor<4xbf16> -> tensor<4xbf16>
  check.expect_eq_const %na, dense<[0x3F81, 0x3F7F, 0x8001, 0x7FC0]> : tensor<4xbf16>
  %fx = stablehlo.constant dense<[0x7F800000, -1.0, 2.0, 0.0]> : tensor<4xf32>
  %fy = stablehlo.constant dense<[0.0, -2.0, 2.0, -0.0]> : tensor<4xf32>
  %nf = chlo.next_after %fx, %fy : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  check.expect_eq_const %nf, dense<[0x7F7FFFFF, 0xBF800001, 2.0, -0.0]> : tensor<4xf32>
  %ml = stablehlo.constant dense<[64, -64, -64, 7]> : tensor<4xi8>
  %mr = stablehlo.constant dense<[4, 4, -4, 7]> : tensor<4xi8>
  %mh = chlo.mulhi %ml, %mr : tensor<4xi8>, tensor<4xi8> -> tensor<4xi8>
  check.expect_eq_const %mh, dense<[1, -1, 1, 0]> : tensor<4xi8>
  %ul = stablehlo.constant dense<[18446744073709551615]> : tensor<1xui64>
  %uh = chlo.mulhi %ul, %ul : tensor<1xui64>, tensor<1xui64> -> tensor<1xui64>
  check.expect_eq_const %uh, dense<[18446744073709551614]> : tensor<1xui64>
  %inf = stablehlo.constant dense<[0x7C00, 0xFC00, 0x7E00, 1.0]> : tensor<4xf16>
  %ii = chlo.is_inf %inf : tensor<4xf16> -> tensor<4xi1>
  check.expect_eq_const %ii, dense<[true, true, false, false]> : tensor<4xi1>
  %ip = chlo.is_pos_inf %inf : tensor<4xf16> -> tensor<4xi1>
  check.expect_eq_const %ip, dense<[true, false, false, false]> : tensor<4xi1>
  %in = chlo.is_neg_inf %inf : tensor<4xf16> -> tensor<4xi1>
  check.expect_eq_const %in, dense<[false, true, false, false]> : tensor<4xi1>
  return
}
