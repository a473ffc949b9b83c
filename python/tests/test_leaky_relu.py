"""aclcpu.leaky_relu and aclcpu.call("aclnnLeakyRelu", ...), the operator table's binding of the aclScalar
negativeSlope (a Python number, passed as an aclScalar of dtype DOUBLE), against the operator's contract
(docs/ops/leaky_relu.md §2, §5) and, as an outside oracle, PyTorch's CPU torch.nn.functional.leaky_relu, whose
arithmetic is the same where results are not NaN (x > 0 ? x : x * slope in float32, the slope rounded once to
float32, FLOAT16/BF16 widened and narrowed once with RNE): bit for bit on every product profile. NaN results
are compared as NaN only (an invalid product's NaN is a choice of each implementation)."""
import numpy as np
import pytest

import aclcpu
from conftest import same_bits

torch = pytest.importorskip("torch")

SPECIALS = np.array([0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan, 1e-45, -1e-45, -3e-39, 65504.0, -65520.0,
                     -1.00048828125, 3.4e38, -3.4e38], np.float32)


def _inputs(dtype, n=4096, seed=7):
    rng = np.random.default_rng(seed)
    if dtype == np.float32:
        bits = rng.integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32)
        x = bits.view(np.float32)
    else:
        x = (rng.standard_normal(n) * 10.0 ** rng.integers(-8, 5, n)).astype(np.float32)
    return np.concatenate([SPECIALS, x]).astype(np.float32)


def _torch_leaky(x, slope):
    return torch.nn.functional.leaky_relu(torch.from_numpy(x), negative_slope=slope).numpy()


def _same_or_both_nan(got, want):
    nan = np.isnan(want)
    assert (np.isnan(got) == nan).all()
    return same_bits(got[~nan], want[~nan])


@pytest.mark.parametrize("soc", ["Ascend950", "Ascend910B", "Ascend910"])
@pytest.mark.parametrize("slope", [0.01, 0.2, 0.0, -1.5, 3.0, 1e-3])
def test_float32_and_float16_match_torch(soc, slope):
    x = _inputs(np.float32)
    want = _torch_leaky(x, slope)
    assert _same_or_both_nan(aclcpu.leaky_relu(x, slope, soc=soc), want)
    h = _inputs(np.float16).astype(np.float16)
    # this torch has no CPU FLOAT16 leaky_relu: float32 on the exactly widened values, then one RNE narrowing,
    # which is what its FLOAT16 kernels do where they exist (opmath float32)
    want_h = torch.nn.functional.leaky_relu(torch.from_numpy(h).float(), negative_slope=slope).half().numpy()
    got_h = aclcpu.leaky_relu(h, negativeSlope=slope, soc=soc)
    assert got_h.dtype == np.float16
    nan = np.isnan(want_h)
    assert (np.isnan(got_h) == nan).all() and same_bits(got_h[~nan], want_h[~nan]), slope


@pytest.mark.parametrize("soc", ["Ascend950", "Ascend910B"])
def test_bf16_matches_torch(soc):
    t = torch.from_numpy(_inputs(np.float32, seed=11)).to(torch.bfloat16)
    want = torch.nn.functional.leaky_relu(t, negative_slope=0.3).view(torch.int16).numpy().view(np.uint16)
    got = np.asarray(aclcpu.leaky_relu(t, 0.3, soc=soc))
    assert got.dtype == aclcpu.BFLOAT16
    got = got.view(np.uint16)
    nan = np.isnan(t.to(torch.float32).numpy())
    assert (got[~nan] == want[~nan]).all()
    assert ((got[nan] & 0x7FFF) > 0x7F80).all()  # NaNs stay NaN


def test_table_function_and_call_agree_and_double():
    x = np.array([[-2.0, 0.5], [3.0, -0.0]], np.float32)
    a = aclcpu.leaky_relu(x, 0.1)
    b = aclcpu.call("aclnnLeakyRelu", [x], params={"negativeSlope": 0.1})
    assert same_bits(a, b) and same_bits(a, np.array([[-2.0 * np.float32(0.1), 0.5], [3.0, -0.0]], np.float32))
    d = np.array([-3.0, 5.0, -1e-300], np.float64)
    got = aclcpu.leaky_relu(d, 0.01)
    assert got.dtype == np.float64
    assert same_bits(got, np.where(d > 0, d, d * np.float64(np.float32(0.01))))  # the float32 slope in double


def _fails(status, needle, *args, **kwargs):
    with pytest.raises(aclcpu.AclnnError) as e:
        aclcpu.leaky_relu(*args, **kwargs)
    assert e.value.status == status, e.value.message
    assert needle in e.value.message, e.value.message


def test_refusals():
    _fails(161002, "Tensor self not implemented for DT_INT32, should be in dtype support list DT_FLOAT, DT_FLOAT16, "
                   "DT_DOUBLE, DT_BF16.", np.array([1, -2], np.int32), 0.1)
    _fails(161002, "Result type DT_FLOAT can't be cast to the desired output type DT_INT32.",
           np.array([1.0, -2.0], np.float32), 0.1, out_dtype=np.int32)
    _fails(161002, "requires parameter negativeSlope", np.array([1.0], np.float32))
