"""aclcpu.neg / inplace_neg, abs, sqrt / inplace_sqrt and divs (docs/ops/neg.md, abs.md, sqrt.md, div.md) through the generated
bindings, with PyTorch's CPU operators as an outside oracle where the arithmetic is provably the same: Neg and Abs
change one bit (NaN-free values compared bit for bit, integers wrapping as two's complement), Sqrt of FLOAT is the
correctly rounded IEEE root in both (PyTorch's sqrtf), of FLOAT16 the correctly rounded root of the widened value
rounded once (PyTorch computes half types in float32 and rounds), and integral inputs run in float32 in aclcpu, as
PyTorch's sqrt of an integer tensor does (INT64 excepted: aclcpu takes it in DOUBLE, as CANN's op_api does)."""
import numpy as np
import pytest

import aclcpu
from conftest import same_bits

torch = pytest.importorskip("torch")


def _values(dt, n=4096, seed=7):
    rng = np.random.default_rng(seed)
    if np.issubdtype(dt, np.integer):
        info = np.iinfo(dt)
        x = rng.integers(info.min, info.max, n, dtype=dt, endpoint=True)
        x[:2] = [info.min, info.max]
        return x
    x = (rng.standard_normal(n) * 8).astype(np.float32)
    x[:8] = [0.0, -0.0, np.inf, -np.inf, 1e-45, -1e-45, 65504.0, 2.5e-5]
    with np.errstate(over="ignore"):
        return x.astype(dt)


@pytest.mark.parametrize("soc", ["Ascend950", "Ascend910B"])
@pytest.mark.parametrize("dt", [np.float32, np.float16, np.float64, np.int8, np.int32, np.int64])
def test_neg_matches_torch(soc, dt):
    x = _values(dt)
    assert same_bits(aclcpu.neg(x, soc=soc), torch.neg(torch.from_numpy(x)).numpy())
    y = x.copy()
    aclcpu.inplace_neg(y, soc=soc)
    assert same_bits(y, torch.neg(torch.from_numpy(x)).numpy())


@pytest.mark.parametrize("dt", [np.float32, np.float16, np.float64, np.int8, np.int16, np.int32, np.int64, np.uint8])
def test_abs_matches_torch(dt):
    x = _values(dt)
    assert same_bits(aclcpu.abs(x), torch.abs(torch.from_numpy(x)).numpy())


@pytest.mark.parametrize("dt", [np.float32, np.float16, np.int8, np.int16, np.int32])
def test_sqrt_matches_torch_where_nan_free(dt):
    x = np.abs(_values(dt)) if dt != np.int8 else np.abs(_values(np.int16)).astype(np.int8) & 0x7F
    got = aclcpu.sqrt(x)
    t = torch.from_numpy(x)
    # torch 1.13 has no CPU sqrt for Half: its own half arithmetic, widened and rounded once, spelled out
    want = (torch.sqrt(t.float()).half() if dt == np.float16 else torch.sqrt(t)).numpy()
    assert got.dtype == want.dtype
    assert same_bits(got, want)


def test_sqrt_of_negative_is_the_default_nan_and_of_minus_zero_minus_zero():
    got = aclcpu.sqrt(np.float32([-1.0, -0.0, -np.inf]))
    assert got.view(np.uint32).tolist() == [0x7FC00000, 0x80000000, 0x7FC00000]


def test_inplace_sqrt_refuses_an_integer_tensor():
    with pytest.raises(aclcpu.AclnnError) as e:
        aclcpu.inplace_sqrt(np.int32([4, 9]))
    assert e.value.status == 161002
    assert "can't be cast" in str(e.value)


def test_divs_is_a_division_on_a2_and_a_reciprocal_product_on_the_950():
    x = (np.arange(1, 300, dtype=np.float32))
    a2 = aclcpu.divs(x, 3.0, soc="Ascend910B")
    assert same_bits(a2, torch.div(torch.from_numpy(x), 3.0).numpy())
    a950 = aclcpu.divs(x, 3.0, soc="Ascend950")
    assert same_bits(a950, x * np.float32(1.0 / 3.0))
    assert (a950 != a2).sum() == 99  # x = 1..299 over 3: the product differs in 99 places
