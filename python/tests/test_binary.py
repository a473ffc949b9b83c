"""aclcpu.add / adds / sub / subs / mul / muls and their in-place forms (docs/ops/add.md, sub.md, mul.md)
through the generated bindings, with PyTorch's CPU operators as an outside oracle where the arithmetic is
provably the same: alpha 1 (one IEEE operation in float32, then one rounding for FLOAT16/BF16, as PyTorch's
CPU kernels compute half types), integers with integral alphas (two's-complement wrap-around), and a NaN-free
comparison of bits. The bindings pass a Python int as an INT64 aclScalar and a float as a DOUBLE one (so an
integer tensor takes an integral alpha, as in CANN and PyTorch, and refuses a float one)."""
import numpy as np
import pytest

import aclcpu
from aclcpu import AclnnError
from conftest import same_bits

torch = pytest.importorskip("torch")


def _values(dt, n=2048, seed=5):
    rng = np.random.default_rng(seed)
    if np.issubdtype(dt, np.integer):
        info = np.iinfo(dt)
        return rng.integers(info.min, info.max, n, dtype=dt, endpoint=True)
    x = (rng.standard_normal(n) * 8).astype(np.float32)
    x[:8] = [0.0, -0.0, np.inf, -np.inf, 1e-45, -1e-45, 65504.0, 3.0e38]
    with np.errstate(over="ignore"):  # 3e38 is inf in FLOAT16
        return x.astype(dt)


def _torch_dtype(dt):
    return {np.float32: torch.float32, np.float16: torch.float16, np.int32: torch.int32, np.int8: torch.int8,
            np.int64: torch.int64, np.uint8: torch.uint8, np.int16: torch.int16}[dt]


def _finite_same(a, b):
    a, b = np.asarray(a), np.asarray(b)
    nan = np.isnan(a.astype(np.float64)) if a.dtype.kind == "f" else np.zeros(a.shape, bool)
    assert np.array_equal(nan, np.isnan(b.astype(np.float64)) if b.dtype.kind == "f" else nan)
    assert same_bits(np.where(nan, 0, a).astype(a.dtype), np.where(nan, 0, b).astype(b.dtype))


@pytest.mark.parametrize("soc", ["Ascend950", "Ascend910B"])
@pytest.mark.parametrize("dt", [np.float32, np.float16])
def test_float_alpha_one_matches_torch(soc, dt):
    x, y = _values(dt, seed=1), _values(dt, seed=2)
    tx, ty = torch.from_numpy(x), torch.from_numpy(y)
    _finite_same(aclcpu.add(x, y, soc=soc), torch.add(tx, ty).numpy())
    _finite_same(aclcpu.sub(x, y, soc=soc), torch.sub(tx, ty).numpy())
    _finite_same(aclcpu.mul(x, y, soc=soc), torch.mul(tx, ty).numpy())


@pytest.mark.parametrize("soc", ["Ascend950", "Ascend910B", "Ascend310P"])
@pytest.mark.parametrize("dt", [np.int32, np.int8, np.int64, np.uint8, np.int16])
@pytest.mark.parametrize("alpha", [1, 3, -2])
def test_integers_wrap_as_torch(soc, dt, alpha):
    x, y = _values(dt, seed=3), _values(dt, seed=4)
    tx, ty = torch.from_numpy(x), torch.from_numpy(y)
    if dt == np.int32 and alpha != 1 and soc != "Ascend950":
        pytest.skip("Atlas A2 and the older products run INT32 with alpha != 1 through float32 Axpy (add.md §5)")
    assert same_bits(aclcpu.add(x, y, alpha=alpha, soc=soc), torch.add(tx, ty, alpha=alpha).numpy())
    if dt != np.uint8:
        assert same_bits(aclcpu.sub(x, y, alpha=alpha, soc=soc), torch.sub(tx, ty, alpha=alpha).numpy())
    assert same_bits(aclcpu.mul(x, y, soc=soc), torch.mul(tx, ty).numpy())


def test_integer_tensors_refuse_a_float_alpha():
    x = np.arange(4, dtype=np.int32)
    with pytest.raises(AclnnError) as e:
        aclcpu.add(x, x, alpha=2.0)
    assert e.value.status == 161002 and "Alpha dtype DT_DOUBLE" in e.value.message


def test_broadcast_and_promotion():
    x = np.arange(6, dtype=np.float16).reshape(2, 3)
    y = np.array([0.5, 1.5, -2.0], np.float32)
    got = aclcpu.add(x, y)  # FLOAT16 + FLOAT -> FLOAT
    assert got.dtype == np.float32 and got.shape == (2, 3)
    assert same_bits(got, (x.astype(np.float32) + y).astype(np.float32))
    assert aclcpu.mul(np.array([True, False]), np.array([True, True])).tolist() == [True, False]


def test_in_place_forms_write_the_array():
    x = np.array([1.0, 2.0, 3.0], np.float32)
    aclcpu.inplace_adds(x, 0.5, alpha=2)
    assert x.tolist() == [2.0, 3.0, 4.0]
    aclcpu.inplace_muls(x, 0.5)
    assert x.tolist() == [1.0, 1.5, 2.0]
    aclcpu.inplace_subs(x, 1)
    assert x.tolist() == [0.0, 0.5, 1.0]


@pytest.mark.parametrize("soc", ["Ascend950", "Ascend910B"])
def test_addcdiv_with_value_one_matches_torch_without_subnormals(soc):
    # value 1: fma(t1 / t2, 1, self) is the correctly rounded quotient added with one rounding, which is what
    # torch.addcdiv computes in float32; the kernel's division flushes subnormals, so none are among the values
    x, y, z = _values(np.float32, seed=6), _values(np.float32, seed=7), _values(np.float32, seed=8)
    x, y, z = (np.where(np.abs(a) < 1e-30, np.float32(1.5), a).astype(np.float32) for a in (x, y, z))
    want = torch.addcdiv(torch.from_numpy(x), torch.from_numpy(y), torch.from_numpy(z)).numpy()
    got = aclcpu.addcdiv(x, y, z, soc=soc)
    keep = ~(np.abs(want) < 1.2e-38) & ~(np.abs(y / z) < 1.2e-38)  # flushed quotients and results excluded
    _finite_same(got[keep], want[keep])
    s = x.copy()
    aclcpu.inplace_addcdiv(s, y, z, value=0.5, soc=soc)
    assert same_bits(s, aclcpu.addcdiv(x, y, z, value=0.5, soc=soc))
