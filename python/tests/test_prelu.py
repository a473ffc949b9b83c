"""aclcpu.prelu (aclnnPrelu; the table's shape `channel`: out has self's shape) against its contract
(docs/ops/prelu.md §2, §5) and, as an outside oracle, PyTorch's CPU torch.nn.functional.prelu, whose arithmetic
is the kernel's where results are not NaN: x > 0 ? x : w * x with w the element's channel (dim 1) slope, one
product rounded once. FLOAT16/BF16 are compared with torch on the exactly widened float32 values, narrowed
once (RNE): the product of two 16-bit values is exact in float32, so this is the kernel's 16-bit multiply.
Bit for bit on three product profiles; NaN results are compared as NaN only (their payloads are a choice
of each implementation)."""
import numpy as np
import pytest

import aclcpu
from conftest import same_bits

torch = pytest.importorskip("torch")

SPECIALS = np.array([0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan, 1e-45, -1e-45, -3e-39, 65504.0, -65520.0,
                     -1.00048828125, 3.4e38, -3.4e38], np.float32)
WEIGHTS = np.array([0.25, -2.0, 0.0, 1e-3, 3.0, -0.0, 7.5e-39], np.float32)


def _self(shape, wide, seed):
    rng = np.random.default_rng(seed)
    n = int(np.prod(shape))
    if wide:  # every float32 bit pattern
        x = rng.integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32).view(np.float32)
    else:
        x = (rng.standard_normal(n) * 10.0 ** rng.integers(-6, 4, n)).astype(np.float32)
    x[: min(n, SPECIALS.size)] = SPECIALS[: min(n, SPECIALS.size)]
    return x.reshape(shape)


def _torch_prelu(x, w):
    return torch.nn.functional.prelu(torch.from_numpy(np.ascontiguousarray(x)), torch.from_numpy(w)).numpy()


@pytest.mark.parametrize("soc", ["Ascend950", "Ascend910B", "Ascend910"])
@pytest.mark.parametrize("shape", [(4, 7, 33), (300, 7), (2, 7, 3, 5)])
def test_float32_matches_torch(soc, shape):
    x = _self(shape, True, 3)
    got = aclcpu.prelu(x, WEIGHTS, soc=soc)
    assert got.shape == x.shape and got.dtype == np.float32
    assert same_bits(got, _torch_prelu(x, WEIGHTS))
    one = np.array([-0.75], np.float32)  # one weight for every channel
    assert same_bits(aclcpu.prelu(x, one, soc=soc), _torch_prelu(x, one))


@pytest.mark.parametrize("soc", ["Ascend950", "Ascend910B", "Ascend910"])
def test_float16_matches_torch_through_float32(soc):
    with np.errstate(over="ignore"):  # the specials beyond 65504 overflow to inf
        x = _self((5, 7, 40), False, 5).astype(np.float16)
    w = WEIGHTS.astype(np.float16)
    got = aclcpu.prelu(x, w, soc=soc)
    assert got.dtype == np.float16
    want = _torch_prelu(x.astype(np.float32), w.astype(np.float32)).astype(np.float16)
    assert same_bits(got, want)
    # FLOAT16 self with a FLOAT weight: promoted to FLOAT; the default out dtype is the promoted one
    got32 = aclcpu.prelu(x, WEIGHTS, soc=soc)
    assert got32.dtype == np.float32
    assert same_bits(got32, _torch_prelu(x.astype(np.float32), WEIGHTS))


@pytest.mark.parametrize("soc", ["Ascend950", "Ascend910B"])
def test_bf16_matches_torch_through_float32(soc):
    t = torch.from_numpy(_self((3, 7, 50), False, 9)).to(torch.bfloat16)
    tw = torch.from_numpy(WEIGHTS).to(torch.bfloat16)
    want = torch.nn.functional.prelu(t.float(), tw.float()).to(torch.bfloat16)
    got = np.asarray(aclcpu.prelu(t, tw, soc=soc))
    assert got.dtype == aclcpu.BFLOAT16
    nan = torch.isnan(want).numpy()
    want_bits = want.view(torch.int16).numpy().view(np.uint16)
    got_bits = got.view(np.uint16)
    assert (np.isnan(got.astype(np.float32)) == nan).all()
    assert (got_bits[~nan] == want_bits[~nan]).all()


def test_views_match_torch():
    base = _self((7, 40), True, 13)
    x = base.T  # a transposed view: channel dim 1 of size 7 with stride 1
    w = np.ascontiguousarray(WEIGHTS[::-1])
    assert same_bits(aclcpu.prelu(x, w), _torch_prelu(x, w))
    ws = np.concatenate([WEIGHTS, WEIGHTS])[::2]  # a strided weight
    assert same_bits(aclcpu.prelu(x, ws), _torch_prelu(x, np.ascontiguousarray(ws)))


def test_refusals():
    x = np.ones((2, 3, 4), np.float32)
    with pytest.raises(aclcpu.AclnnError) as e:
        aclcpu.prelu(x, np.ones(2, np.float32))
    assert e.value.status == 161002
    assert "expected weight tensor size equal input channels, but found 2 does not equal 3" in e.value.message
    with pytest.raises(aclcpu.AclnnError) as e:
        aclcpu.prelu(x.astype(np.float64), np.ones(3, np.float64))
    assert e.value.status == 161002
    with pytest.raises(aclcpu.AclnnError) as e:
        aclcpu.prelu(np.ones(5, np.float32), np.ones(5, np.float32))  # a 1-d self has one channel
    assert e.value.status == 161002
