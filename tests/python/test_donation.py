"""Donated arguments from Python: `f(*args, donate=(i,))` lets the call write the
results paired with argument i (`tf.aliasing_output`, `jax.buffer_donor`) in the
argument's buffer; the numbers and the arrays passed stay as without donation."""

import numpy as np
import pytest

import oxla

# Result 0 is %p updated in place, result 1 the transpose of %q (computed in a
# temporary, copied over %q).
UPDATE = """
func.func @main(%p: tensor<32x32xf32> {tf.aliasing_output = 0 : i32},
                %q: tensor<32x32xf32> {jax.buffer_donor = true},
                %g: tensor<32x32xf32>) -> (tensor<32x32xf32>, tensor<32x32xf32>) {
  %half = stablehlo.constant dense<0.5> : tensor<32x32xf32>
  %step = stablehlo.multiply %g, %half : tensor<32x32xf32>
  %next = stablehlo.subtract %p, %step : tensor<32x32xf32>
  %t = stablehlo.transpose %q, dims = [1, 0] : (tensor<32x32xf32>) -> tensor<32x32xf32>
  return %next, %t : tensor<32x32xf32>, tensor<32x32xf32>
}
"""


@pytest.fixture(scope="module")
def update():
    return oxla.compile(UPDATE, name="update.mlir")["main"]


def arguments():
    rng = np.random.default_rng(7)
    return [rng.standard_normal((32, 32)).astype(np.float32) for _ in range(3)]


def test_the_plan_names_the_donors(update):
    assert update.result_donors == [0, 1]
    plan = update.memory_plan
    assert plan["donated_results"] == 2 * 32 * 32 * 4
    assert plan["results"] == 0
    assert plan["peak"] == plan["arguments"] + plan["temporaries"]
    report = update.memory_report()
    assert "result #0 in donated argument #0 (32x32xf32)" in report
    assert "result #1 in donated argument #1 (32x32xf32), computed in a temporary" in report


@pytest.mark.parametrize("donate", [(), (0,), (1,), (0, 1), (0, 1, 2)])
def test_donating_gives_the_same_results(update, donate):
    p, q, g = arguments()
    kept = [p.copy(), q.copy(), g.copy()]
    next_p, transposed = update(p, q, g, donate=donate)
    np.testing.assert_array_equal(next_p, p - g * np.float32(0.5))
    np.testing.assert_array_equal(transposed, q.T)
    # The arrays given were copied into the buffers the call took.
    for given, before in zip((p, q, g), kept):
        np.testing.assert_array_equal(given, before)


def test_donating_an_argument_that_does_not_exist_is_refused(update):
    with pytest.raises(IndexError, match="donate names argument #3 of 3"):
        update(*arguments(), donate=(3,))
