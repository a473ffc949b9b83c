"""aclcpu.hardswish and aclcpu.call("aclnnHardswish", ...) (and the other hard activations below) against
a float32 numpy model of the Ascend 950 kernels (docs/ops/hardswish.md §3: the float32 steps in the kernel's
order, the float32 constant 1/6, CAST_ROUND ties away from zero for the 16-bit dtypes) bit for bit, and against
PyTorch's CPU torch.nn.functional.hardswish only where the two formulas provably give the same bits (x <= -3
finite, +-0, +inf, NaN): elsewhere the kernel multiplies by the rounded 1/6 where torch divides by 6."""
import numpy as np
import pytest

import aclcpu
from conftest import same_bits

torch = pytest.importorskip("torch")

F = np.float32
SIXTH = F(1.0) / F(6.0)  # 0x3E2AAAAB
SPECIALS = np.array([0.0, -0.0, 3.0, -3.0, 6.0, -6.0, 1.5, -1.5, np.inf, -np.inf, np.nan, 1e-45, -1e-45,
                     3.4e38, -3.4e38, -1e30, 2.0**-24, -(2.0**-24)], np.float32)


def _inputs(dtype, n=20000, seed=5):
    """FLOAT: specials, values near the bounds, random bit patterns; FLOAT16 / BF16: every bit pattern."""
    if dtype == np.float16:
        return np.arange(65536, dtype=np.uint32).astype(np.uint16).view(np.float16)
    if dtype is aclcpu.BFLOAT16:
        return np.arange(65536, dtype=np.uint32).astype(np.uint16).view(aclcpu.BFLOAT16)
    rng = np.random.default_rng(seed)
    near = (rng.uniform(-8, 8, n)).astype(np.float32)
    bits = rng.integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32).view(np.float32)
    return np.concatenate([SPECIALS, near, bits])


def _round_away(y, dtype):
    """float32 y narrowed to dtype with ties away from zero (AscendC CAST_ROUND); NaN stays NaN."""
    if dtype == np.float32:
        return y
    with np.errstate(all="ignore"):
        if dtype is aclcpu.BFLOAT16:
            b = y.view(np.uint32)
            r = ((b + np.uint32(0x8000)) >> np.uint32(16)).astype(np.uint16).view(aclcpu.BFLOAT16)
            return np.where(np.isnan(y), y.astype(aclcpu.BFLOAT16), r)
        r = y.astype(np.float16)  # RNE
        yd, rd = y.astype(np.float64), r.astype(np.float64)
        other = np.nextafter(r, np.where(yd < rd, np.float16(-np.inf), np.float16(np.inf)))
        tie = (np.abs(yd - rd) == np.abs(other.astype(np.float64) - yd)) & (np.abs(rd) < np.abs(yd))
        return np.where(tie, other, r)


def _kind(x):
    """np.float32, np.float16 or aclcpu.BFLOAT16: the dtype _round_away narrows to."""
    return aclcpu.BFLOAT16 if x.dtype == aclcpu.BFLOAT16 else x.dtype.type


def model_hardswish(x):
    """The 950 kernel: t = Max(Min(x + 3, 6), 0); y = (Max(x, -3) * t) * (1/6) in float32; CAST_ROUND."""
    xf = x.astype(np.float32)
    with np.errstate(all="ignore"):
        t = np.maximum(np.minimum(xf + F(3), F(6)), F(0))
        y = (np.maximum(xf, F(-3)) * t) * SIXTH
    return _round_away(np.where(np.isnan(xf), xf, y).astype(np.float32), _kind(x))


DTYPES = [np.float32, np.float16] + ([aclcpu.BFLOAT16] if aclcpu.BFLOAT16 is not None else [])


@pytest.mark.parametrize("soc", ["Ascend950", "Ascend910B"])
@pytest.mark.parametrize("dtype", DTYPES)
def test_hardswish_matches_the_kernel_model(soc, dtype):
    x = _inputs(dtype).astype(dtype)
    got = aclcpu.hardswish(x, soc=soc)
    assert got.dtype == x.dtype
    assert same_bits(got, model_hardswish(x))
    assert same_bits(aclcpu.call("aclnnHardswish", [x], soc=soc), got)


def test_hardswish_matches_torch_where_the_formulas_agree():
    x = _inputs(np.float32)
    want = torch.nn.functional.hardswish(torch.from_numpy(x)).numpy()
    got = aclcpu.hardswish(x)
    agree = (np.isfinite(x) & (x <= -3)) | (x == 0) | (x == np.inf) | np.isnan(x)
    assert agree.sum() > 1000
    assert same_bits(got[agree], want[agree])
    # elsewhere within one float32 ulp of torch (the multiply by the rounded 1/6), and different at some points
    rest = ~agree & np.isfinite(want)
    assert (np.abs(got[rest].astype(np.float64) - want[rest]) <= np.spacing(np.abs(want[rest])) * 1.0001).all()
    assert (got[rest] != want[rest]).any()
    # -inf: the kernel's Max(x, -3) gives -0 where torch's -inf * 0 is NaN
    assert np.isnan(want[x == -np.inf]).all() and same_bits(got[x == -np.inf], np.array([-0.0], np.float32))


def test_hardswish_sixteen_bit_ties_round_away():
    x = np.array([2.0**-24, -(2.0**-24)], np.float16)  # x * 3 * (1/6) = 2^-25: halfway between 0 and 2^-24
    assert same_bits(aclcpu.hardswish(x), x)
    assert same_bits(aclcpu.call("aclnnHardswish", [x], out_dtype=np.float32), x.astype(np.float32))


# ---------------------------------------------------------------------------------------------- Hardsigmoid

def model_hardsigmoid(x):
    """The 950 kernel: x * (1/6) + 0.5 in float32; FLOAT clamps; FLOAT16 narrows RNE, BF16 ties away, then clamp."""
    xf = x.astype(np.float32)
    with np.errstate(all="ignore"):
        y = xf * SIXTH + F(0.5)
    kind = _kind(x)
    n = y.astype(kind) if kind == np.float16 else _round_away(y, kind)
    c = np.maximum(np.minimum(n.astype(np.float32), F(1)), F(0))
    return np.where(np.isnan(xf), xf, c).astype(x.dtype)


@pytest.mark.parametrize("soc", ["Ascend950", "Ascend910B"])
@pytest.mark.parametrize("dtype", DTYPES)
def test_hardsigmoid_matches_the_kernel_model(soc, dtype):
    x = _inputs(dtype).astype(dtype)
    got = aclcpu.hardsigmoid(x, soc=soc)
    assert same_bits(got, model_hardsigmoid(x))


def test_hardsigmoid_int32_and_torch_where_the_formulas_agree():
    i = np.array([-5, 2, 3, 100, -2**31, 2**31 - 1], np.int32)
    assert (aclcpu.hardsigmoid(i) == [0, 0, 1, 1, 0, 1]).all()
    x = _inputs(np.float32)
    got = aclcpu.hardsigmoid(x)
    want = torch.nn.functional.hardsigmoid(torch.from_numpy(x)).numpy()
    agree = (x <= -3) | (x >= 3) | np.isnan(x)  # the clamps: 0 and 1 (NaN stays NaN)
    assert same_bits(got[agree], want[agree])
    rest = ~agree
    assert (np.abs(got[rest].astype(np.float64) - want[rest]) <= 2 * np.spacing(np.float32(1))).all()
    assert (got[rest] != want[rest]).any()  # x * (1/6) + 0.5 is not (x + 3) / 6


# -------------------------------------------------------------------------------------------- the gradients

def model_hardswish_backward(g, x, strict=False):
    """d = x * (1/3) + 0.5; +0 unless x >= -3; 1 unless x <= 3 (NaN: 1); g * d in float32 (+-inf * 0: NaN); RNE.
    strict: HardswishBackwardV2's x > -3 and x < 3."""
    gf, xf = g.astype(np.float32), x.astype(np.float32)
    with np.errstate(all="ignore"):
        d = xf * (F(1) / F(3)) + F(0.5)
        d = np.where((xf > -3) if strict else (xf >= -3), d, F(0))
        d = np.where((xf < 3) if strict else (xf <= 3), d, F(1))
        y = gf * d
    return y.astype(g.dtype)


def model_hardsigmoid_backward(g, x):
    """t = x * (1/6) + 0.5; g * (1/6) where 0 < t < 1, else +0, in the promoted type; FLOAT16 RNE, BF16 away."""
    gf, xf = g.astype(np.float32), x.astype(np.float32)
    with np.errstate(all="ignore"):
        t = xf * SIXTH + F(0.5)
        y = np.where((t > 0) & (t < 1), gf * SIXTH, F(0)).astype(np.float32)
    kind = _kind(g)
    return y.astype(kind) if kind in (np.float32, np.float16) else _round_away(y, kind)


def _grads(dtype, n, seed=3):
    rng = np.random.default_rng(seed)
    g = (rng.standard_normal(n) * 10.0 ** rng.integers(-3, 4, n)).astype(np.float32)
    g[::97] = np.inf
    g[1::97] = np.nan
    g[2::97] = -0.0
    return g.astype(dtype)


@pytest.mark.parametrize("soc", ["Ascend950", "Ascend910B"])
@pytest.mark.parametrize("dtype", DTYPES)
def test_gradients_match_the_kernel_model(soc, dtype):
    x = _inputs(dtype).astype(dtype)
    g = _grads(dtype, x.size)
    assert same_bits(aclcpu.hardswish_backward(g, x, soc=soc), model_hardswish_backward(g, x))
    assert same_bits(aclcpu.hardswish_backward_v2(g, x, soc=soc), model_hardswish_backward(g, x, strict=True))
    assert same_bits(aclcpu.hardsigmoid_backward(g, x, soc=soc), model_hardsigmoid_backward(g, x))


def test_gradients_match_torch_where_the_formulas_agree():
    x = _inputs(np.float32)
    g = _grads(np.float32, x.size)
    fin = np.isfinite(g)
    xt = torch.from_numpy(x)
    want_sw = torch.ops.aten.hardswish_backward(torch.from_numpy(g), xt).numpy()
    got_sw = aclcpu.hardswish_backward(g, x)
    # above 3 both select gradOutput; below -3 both give 0 for a positive finite gradOutput (the kernel's
    # g * +0 is -0 for a negative one, torch's constant +0)
    agree = (x > 3) | ((x < -3) & fin & (g > 0))
    assert same_bits(got_sw[agree], want_sw[agree])
    want_sg = torch.ops.aten.hardsigmoid_backward(torch.from_numpy(g), xt).numpy()
    got_sg = aclcpu.hardsigmoid_backward(g, x)
    # torch: g * (1/6) where -3 < x < 3, else 0; the kernel compares t = x * (1/6) + 0.5 instead, which rounds
    # to 0 or 1 just inside the bounds (x = nextafter(3, 0) gives +0)
    with np.errstate(all="ignore"):
        t = x * SIXTH + F(0.5)
    same_band = ((x > -3) & (x < 3)) == ((t > 0) & (t < 1))
    agree = same_band & ~np.isnan(x) & ~np.isnan(g)
    assert same_bits(got_sg[agree], want_sg[agree])
    edge = np.array([np.nextafter(F(3), F(0))], np.float32)
    assert aclcpu.hardsigmoid_backward(np.ones(1, np.float32), edge)[0] == 0
    assert torch.ops.aten.hardsigmoid_backward(torch.ones(1), torch.from_numpy(edge))[0] > 0
