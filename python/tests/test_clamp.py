"""aclcpu.clamp / clamp_min / clamp_max and the tensor forms (docs/ops/clamp.md) through the generated bindings, with
PyTorch's torch.clamp as an outside oracle where the selection is provably the same: NaN-free values without signed
zeros (a selection returns an input or a bound, so the bits agree), and the integer dtypes; then the kernel's order
(Max first: min > max gives max, as PyTorch documents too) and the in-place forms."""
import numpy as np
import pytest

import aclcpu
from conftest import same_bits

torch = pytest.importorskip("torch")


def _values(dt, n=2048, seed=3):
    rng = np.random.default_rng(seed)
    if np.issubdtype(dt, np.integer):
        info = np.iinfo(dt)
        return rng.integers(info.min, info.max, n, dtype=dt, endpoint=True)
    x = (rng.standard_normal(n) * 4).astype(np.float32)
    x[x == 0] = 1.0
    x[:4] = [np.inf, -np.inf, 65504.0, -3.0]
    return x.astype(dt)


@pytest.mark.parametrize("soc", ["Ascend950", "Ascend910B"])
@pytest.mark.parametrize("dt", [np.float32, np.float16, np.float64, np.int8, np.int32, np.int64, np.uint8])
def test_clamp_matches_torch(soc, dt):
    x = _values(dt)
    lo, hi = (-1, 2) if np.issubdtype(dt, np.integer) else (-1.5, 2.25)
    if dt == np.uint8:
        lo = 3
    # Debian's PyTorch has no FLOAT16 clamp on the CPU: it runs in float32 there, exact for FLOAT16 values and bounds
    wide = (lambda a: torch.from_numpy(a.astype(np.float32))) if dt == np.float16 else torch.from_numpy
    back = (lambda r: r.numpy().astype(np.float16)) if dt == np.float16 else (lambda r: r.numpy())
    t = wide(x)
    assert same_bits(aclcpu.clamp(x, lo, hi, soc=soc), back(torch.clamp(t, lo, hi)))
    assert same_bits(aclcpu.clamp_min(x, lo, soc=soc), back(torch.clamp_min(t, lo)))
    assert same_bits(aclcpu.clamp_max(x, hi, soc=soc), back(torch.clamp_max(t, hi)))
    m, n = _values(dt, seed=4), _values(dt, seed=5)
    tm, tn = wide(m), wide(n)
    assert same_bits(aclcpu.clamp_min_tensor(x, m, soc=soc), back(torch.clamp(t, min=tm)))
    assert same_bits(aclcpu.clamp_max_tensor(x, n, soc=soc), back(torch.clamp(t, max=tn)))
    assert same_bits(aclcpu.clamp_tensor(x, m, n, soc=soc), back(torch.clamp(t, tm, tn)))


def test_upper_bound_below_the_lower_wins_and_in_place_forms():
    x = np.array([-4.0, 0.5, 9.0], np.float32)
    assert aclcpu.clamp(x, 3.0, 1.0).tolist() == [1.0, 1.0, 1.0]
    y = x.copy()
    aclcpu.inplace_clamp_max(y, 0.0)
    assert y.tolist() == [-4.0, 0.0, 0.0]
    y = x.copy()
    aclcpu.inplace_clamp_min_tensor(y, np.array([0.0, 1.0, 2.0], np.float32))
    assert y.tolist() == [0.0, 1.0, 9.0]
    aclcpu.inplace_clamp_max_tensor(y, np.array([-1.0, -1.0, 5.0], np.float32))
    assert y.tolist() == [-1.0, -1.0, 5.0]


def test_hostile_python_arguments():
    from aclcpu import AclnnError
    # a float bound is the exact double (a DOUBLE self computes with it), not its float32 rounding
    assert aclcpu.clamp_max(np.array([1e301]), 1e300).tolist() == [1e300]
    assert aclcpu.clamp_min(np.zeros(1), 1e-50).tolist() == [1e-50]
    assert aclcpu.clamp_max(np.array([0.3]), 0.1).tolist() == [0.1]
    # an empty bound: the call succeeds without computing; the result reads as zeros, never earlier bytes
    x = np.arange(8, dtype=np.float32)
    aclcpu.clamp_min_tensor(x * 100, np.full(8, 7, np.float32))
    assert aclcpu.clamp_min_tensor(x, np.zeros(0, np.float32)).tolist() == [0.0] * 8
    with pytest.raises(AclnnError) as e:
        aclcpu.clamp_min_tensor(x, None)
    assert e.value.status == 161002 and "Expected clipValueMin to be an array or tensor, but got None." in e.value.message
    with pytest.raises(AclnnError) as e:
        aclcpu.clamp(x, 1.0, 2.0, reduction="sum")
    assert e.value.status == 161002 and "no parameter reduction" in e.value.message
    with pytest.raises(AclnnError) as e:
        aclcpu.clamp(x.astype(np.int64), 2**63, 5)
    assert e.value.status == 161002 and "within int64" in e.value.message
