"""aclcpu.softshrink and aclcpu.call("aclnnSoftshrink", ...), the operator table's binding of the aclScalar lambd
(a Python number, passed as an aclScalar of dtype DOUBLE), against the operator's contract
(docs/ops/softshrink.md) and, as an outside oracle, PyTorch's torch.nn.functional.softshrink, whose arithmetic
is the same outside the band |x| <= lambd (x - lambd, x + lambd in float32, one RNE narrowing for FLOAT16):
bit for bit there on every product profile. Inside the band and for NaN the kernel's selects give +0 where
PyTorch gives x * 0 (a signed zero, NaN): checked against the contract instead."""
import numpy as np
import pytest

import aclcpu
from conftest import same_bits

torch = pytest.importorskip("torch")


def _inputs(n=3000, seed=13):
    x = (np.random.default_rng(seed).standard_normal(n) * 3).astype(np.float32)
    x[:10] = [0.5, -0.5, -0.0, 0.0, np.inf, -np.inf, np.nan, 1e-45, np.nextafter(np.float32(0.5), 1), -0.25]
    return x


@pytest.mark.parametrize("soc", ["Ascend950", "Ascend910B", "Ascend910"])
@pytest.mark.parametrize("lambd", [0.5, 0.0, 0.1, 1.75, 1e-40])
def test_matches_torch_outside_the_band(soc, lambd):
    for x in (_inputs(), _inputs().astype(np.float16)):
        xf = torch.from_numpy(x).float()
        want = torch.nn.functional.softshrink(xf, lambd).to(torch.from_numpy(x).dtype).numpy()
        got = aclcpu.softshrink(x, lambd, soc=soc)
        assert same_bits(aclcpu.call("aclnnSoftshrink", [x], params={"lambd": lambd}, soc=soc), got)
        lf = np.float32(lambd)
        band = np.isnan(x) | (np.abs(x.astype(np.float32)) <= lf)
        assert same_bits(got[~band], want[~band])
        assert (got[band] == 0).all() and not np.signbit(got[band]).any()  # +0, NaN included


def test_refusals():
    x = np.array([1.0, -2.0], np.float32)
    with pytest.raises(aclcpu.AclnnError) as e:
        aclcpu.softshrink(x, -0.5)
    assert e.value.status == 161002 and "lambd should be greater or equal to 0, but found to be [-0.500000]." in e.value.message
    with pytest.raises(aclcpu.AclnnError) as e:
        aclcpu.softshrink(x.astype(np.float64), 0.5)
    assert e.value.status == 161002 and "Tensor self not implemented for DT_DOUBLE" in e.value.message


@pytest.mark.parametrize("soc", ["Ascend950", "Ascend910"])
@pytest.mark.parametrize("lambd", [0.5, 0.0, 1.75])
def test_backward_matches_torch_where_self_is_not_nan(soc, lambd):
    """torch's softshrink gradient: gradOutput where |self| > lambd, else 0 (a selection, float32 compare); CANN's
    kernel also keeps gradOutput where self is NaN (PyTorch gives 0 there): checked against the contract."""
    x = _inputs(seed=17)
    g = np.random.default_rng(2).standard_normal(x.size).astype(np.float32)
    xt = torch.from_numpy(x).requires_grad_(True)
    torch.nn.functional.softshrink(xt, lambd).backward(torch.from_numpy(g))
    want = xt.grad.numpy()
    got = aclcpu.softshrink_backward(g, x, lambd, soc=soc)
    nan = np.isnan(x)
    assert same_bits(got[~nan], want[~nan])
    assert same_bits(got[nan], g[nan])
    assert not np.signbit(got[got == 0]).any()
