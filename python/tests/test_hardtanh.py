"""aclcpu.hardtanh and aclcpu.call("aclnnHardtanh", ...), the operator table's binding of the aclScalars
clipValueMin and clipValueMax (Python numbers, passed as aclScalars of dtype DOUBLE), against the operator's
contract (docs/ops/hardtanh.md) and, as an outside oracle, PyTorch's torch.nn.functional.hardtanh (a clamp: a
selection of x, min or max in x's dtype). Bit for bit on every product profile where the arithmetic is provably
the same: FLOAT, FLOAT16 and DOUBLE with non-zero bounds (the kernels' ties then concern equal non-zero values,
one bit pattern); DOUBLE also with zero bounds (the AiCpu kernel's std::min(std::max(x, min), max) keeps x's
zero on a tie, as PyTorch's clamp does). For FLOAT/FLOAT16 with a zero bound the 950's Max(-0, +0) = +0 differs
from PyTorch's (x kept): checked against the contract instead. NaNs compared as NaN."""
import numpy as np
import pytest

import aclcpu
from conftest import same_bits

torch = pytest.importorskip("torch")


def _inputs(n=3000, seed=21):
    x = (np.random.default_rng(seed).standard_normal(n) * 1.5).astype(np.float32)
    x[:13] = [1.0, -1.0, -0.0, 0.0, np.inf, -np.inf, np.nan, 1e-45, np.nextafter(np.float32(1), 2), 0.5, -0.5, 0.25,
              -2.5]
    return x


@pytest.mark.parametrize("soc", ["Ascend950", "Ascend910B", "Ascend910"])
@pytest.mark.parametrize("bounds", [(-1.0, 1.0), (-0.5, 0.25), (-2.5, -0.5), (0.25, 0.25), (-np.inf, 1.0)])
def test_matches_torch_with_nonzero_bounds(soc, bounds):
    lo, hi = bounds
    for dt in (np.float32, np.float16, np.float64):
        x = _inputs().astype(dt)
        if dt == np.float16:  # this PyTorch has no CPU half clamp: float32 on the half values, bounds rounded to half
            h = lambda v: float(np.float16(np.float32(v)))
            want = torch.nn.functional.hardtanh(torch.from_numpy(x).float(), h(lo), h(hi)).half().numpy()
        else:
            want = torch.nn.functional.hardtanh(torch.from_numpy(x), lo, hi).numpy()
        got = aclcpu.hardtanh(x, lo, hi, soc=soc)
        assert same_bits(got, want), dt
        assert same_bits(aclcpu.call("aclnnHardtanh", [x], params={"clipValueMin": lo, "clipValueMax": hi}, soc=soc),
                         got)


def _vec_max_min(a, b, larger):
    """The contract's Max / Min of two non-NaN float32 values (docs/ops/hardtanh.md §5): equal values give the
    sign bits ANDed (Max: +0 over -0) or ORed (Min)."""
    ua, ub = np.array([a, b], np.float32).view(np.uint32)
    if a == b:
        return np.array([ua & ub if larger else ua | ub], np.uint32).view(np.float32)[0]
    return a if (a > b) == larger else b


@pytest.mark.parametrize("bounds", [(0.0, 0.0), (-0.0, 0.0), (0.0, 1.0), (-1.0, -0.0), (-0.0, -0.0)])
def test_zero_bounds_double_matches_torch_float_follows_the_contract(bounds):
    lo, hi = bounds
    x = _inputs()
    xd = x.astype(np.float64)
    assert same_bits(aclcpu.hardtanh(xd, lo, hi), torch.nn.functional.hardtanh(torch.from_numpy(xd), lo, hi).numpy())
    got = aclcpu.hardtanh(x, lo, hi)
    want = torch.nn.functional.hardtanh(torch.from_numpy(x), lo, hi).numpy()
    nonzero = x != 0
    assert same_bits(got[nonzero], want[nonzero])
    for i in np.flatnonzero(x == 0):  # +-0 self: the 950's Max, then Min
        t = _vec_max_min(x[i], np.float32(lo), True)
        assert got[i:i + 1].view(np.uint32)[0] == np.array([_vec_max_min(t, np.float32(hi), False)]).view(np.uint32)[0]


def test_integers_and_refusals():
    x = np.array([-128, -3, 0, 5, 127], np.int8)
    assert np.array_equal(aclcpu.hardtanh(x, -2, 4), np.clip(x, -2, 4))
    assert np.array_equal(aclcpu.hardtanh(x, -2.5, 4.75), np.array([-2, -2, 0, 4, 4], np.int8))  # truncated
    with pytest.raises(aclcpu.AclnnError) as e:
        aclcpu.hardtanh(np.zeros(3, np.float32), 1.0, -1.0)
    assert e.value.status == 161002 and "min must less than max or equal to max, but min is 1.000000" in e.value.message
    with pytest.raises(aclcpu.AclnnError) as e:
        aclcpu.hardtanh(np.zeros(3, np.bool_), -1.0, 1.0)
    assert e.value.status == 161002 and "Tensor self not implemented for DT_BOOL" in e.value.message


def _grad_inputs(n=3000, seed=23):
    rng = np.random.default_rng(seed)
    g = (rng.standard_normal(n) * 4).astype(np.float32)
    x = (rng.standard_normal(n) * 1.5).astype(np.float32)
    x[:12] = [1.0, -1.0, -0.0, 0.0, np.inf, -np.inf, np.nan, 0.5, -0.5, 0.25, np.nextafter(np.float32(1), 0), -2.5]
    g[:4] = [-0.0, np.nan, np.inf, 1e-45]
    return g, x


@pytest.mark.parametrize("soc", ["Ascend950", "Ascend910B", "Ascend910"])
@pytest.mark.parametrize("bounds", [(-1.0, 1.0), (-0.5, 0.25), (0.0, 0.0), (-np.inf, np.inf), (1.0, -1.0), (0.1, 0.3)])
def test_backward_matches_torch(soc, bounds):
    """aclcpu.hardtanh_backward against torch's hardtanh_backward (min < x < max ? grad : 0): the same selection in
    float32 with the float32 bounds (FLOAT16 through float32, exact: a selection), except for a NaN self, which
    the 950's x != x mask keeps (gradOutput) where PyTorch gives 0: checked against the contract."""
    lo, hi = bounds
    g, x = _grad_inputs()
    for dt in (np.float32, np.float16):
        gd, xd = g.astype(dt), x.astype(dt)
        want = torch.ops.aten.hardtanh_backward(torch.from_numpy(gd).float(), torch.from_numpy(xd).float(),
                                                float(np.float32(lo)), float(np.float32(hi))).numpy().astype(dt)
        got = aclcpu.hardtanh_backward(gd, xd, lo, hi, soc=soc)
        nan_self = np.isnan(xd)
        assert same_bits(got[~nan_self], want[~nan_self]), dt
        assert same_bits(got[nan_self], gd[nan_self]), dt
        assert same_bits(aclcpu.call("aclnnHardtanhBackward", [gd, xd], params={"min": lo, "max": hi}, soc=soc), got)


def test_backward_refusals():
    g = np.zeros(3, np.float32)
    with pytest.raises(aclcpu.AclnnError) as e:
        aclcpu.hardtanh_backward(g.astype(np.float16), g, -1.0, 1.0)
    assert e.value.status == 161002 and "Tensor gradOutput expected dtype is DT_FLOAT but found DT_FLOAT16" in e.value.message
    with pytest.raises(aclcpu.AclnnError) as e:
        aclcpu.hardtanh_backward(g, np.zeros(4, np.float32), -1.0, 1.0)
    assert e.value.status == 161002 and "Expected tensor for gradOutput to have same size as tensor for self" in e.value.message


@pytest.mark.parametrize("soc", ["Ascend950", "Ascend910B", "Ascend910"])
@pytest.mark.parametrize("lambd", [0.5, 0.0, 0.1, 1.75, 1e-40, -1.0])
def test_hardshrink_backward_matches_torch(soc, lambd):
    """aclcpu.hardshrink_backward against torch's hardshrink_backward (-lambd <= x <= lambd ? 0 : grad): the same
    selection in float32 with the float32 lambd (a negative lambd counted as 0, CANN's rule); FLOAT16 (promote
    FLOAT16) through float32 with lambd rounded to half, as the 950's half compare takes it; a FLOAT16 gradOutput
    with a FLOAT self promotes to FLOAT. Broadcasting [n] against [3, 1]. A NaN self: the 950's |x| <= lambd fails
    and keeps gradOutput where PyTorch gives 0: compared with the contract."""
    g, x = _grad_inputs(n=600)
    lam = max(lambd, 0.0)
    x3 = x[:3].reshape(3, 1)

    def torch_grad(gg, xx, lv):
        gt, xt = torch.broadcast_tensors(torch.from_numpy(gg).float(), torch.from_numpy(xx).float())
        want = torch.ops.aten.hardshrink_backward(gt.contiguous(), xt.contiguous(), lv).numpy()
        nan_self = np.isnan(xt.numpy())
        want[nan_self] = gt.numpy()[nan_self]  # the contract: a NaN self keeps gradOutput
        return want

    want = torch_grad(g, x, float(np.float32(lam)))
    got = aclcpu.hardshrink_backward(g, x, lambd, soc=soc)
    assert same_bits(got, want)
    assert same_bits(aclcpu.call("aclnnHardshrinkBackward", [g, x], params={"lambd": lambd}, soc=soc), got)
    assert same_bits(aclcpu.hardshrink_backward(g, x3, lambd, soc=soc), torch_grad(g, x3, float(np.float32(lam))))
    gh, xh = g.astype(np.float16), x.astype(np.float16)
    want_h = torch_grad(gh, xh, float(np.float16(np.float32(lam)))).astype(np.float16)
    assert same_bits(aclcpu.hardshrink_backward(gh, xh, lambd, soc=soc), want_h)
    assert same_bits(aclcpu.hardshrink_backward(gh, x, lambd, soc=soc), torch_grad(gh, x, float(np.float32(lam))))


def test_hardshrink_backward_refusals():
    with pytest.raises(aclcpu.AclnnError) as e:
        aclcpu.hardshrink_backward(np.zeros(2, np.float32), np.zeros(3, np.float32), 0.5)
    assert e.value.status == 161002 and "The size of tensor gradOutput [2] must match the size of tensor self [3]." \
        in e.value.message
    with pytest.raises(aclcpu.AclnnError) as e:
        aclcpu.hardshrink_backward(np.zeros(2, np.float64), np.zeros(2, np.float32), 0.5)
    assert e.value.status == 161002 and "Tensor gradOutput not implemented for DT_DOUBLE" in e.value.message
