"""aclcpu.threshold and aclcpu.call("aclnnThreshold", ...), the operator table's binding of the aclScalar
parameters threshold and value (Python numbers, passed as aclScalars of dtype DOUBLE), against the operator's
contract (docs/ops/threshold.md §2, §5) and, as an outside oracle, PyTorch's torch.nn.functional.threshold
(self > threshold ? self : value, a selection): bit for bit on every product profile, NaNs compared as NaN.
For FLOAT16 the oracle gets the threshold already rounded to half (CANN converts it to self's dtype; PyTorch
compares with the float32 value)."""
import numpy as np
import pytest

import aclcpu
from conftest import same_bits

torch = pytest.importorskip("torch")


def _inputs(n=3000, seed=5):
    rng = np.random.default_rng(seed)
    x = (rng.standard_normal(n) * 4).astype(np.float32)
    x[:12] = [0.5, -0.0, 0.0, np.inf, -np.inf, np.nan, 1e-45, -1e-45, 0.1, np.float32(0.1), 2.0, -2.0]
    return x


@pytest.mark.parametrize("soc", ["Ascend950", "Ascend910B", "Ascend910"])
@pytest.mark.parametrize("t,v", [(0.5, -1.0), (0.0, 0.0), (-2.0, 7.5), (0.1, 1.0 / 3.0)])
def test_float32_and_float16_match_torch(soc, t, v):
    x = _inputs()
    want = torch.nn.functional.threshold(torch.from_numpy(x), t, v).numpy()
    got = aclcpu.threshold(x, t, v, soc=soc)
    assert same_bits(got, want)
    assert same_bits(aclcpu.call("aclnnThreshold", [x], params={"threshold": t, "value": v}, soc=soc), got)
    h = x.astype(np.float16)
    th, vh = float(np.float16(t)), float(np.float16(v))
    want_h = torch.nn.functional.threshold(torch.from_numpy(h).float(), th, vh).half().numpy()
    assert same_bits(aclcpu.threshold(h, t, v, soc=soc), want_h)


@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int16, np.int32, np.int64])
def test_integers_match_torch(dtype):
    info = np.iinfo(dtype)
    x = np.random.default_rng(3).integers(max(info.min, -1000), min(info.max, 1000), 2000).astype(dtype)
    for t, v in ((3, -5), (0, 9), (-7, 1)):
        if info.min == 0 and (t < 0 or v < 0):
            continue
        want = torch.nn.functional.threshold(torch.from_numpy(x), t, v).numpy()
        assert same_bits(aclcpu.threshold(x, t, v), want), (dtype, t, v)


def _fails(status, needle, *args, **kwargs):
    with pytest.raises(aclcpu.AclnnError) as e:
        aclcpu.threshold(*args, **kwargs)
    assert e.value.status == status, e.value.message
    assert needle in e.value.message, e.value.message


def test_refusals():
    _fails(161002, "Tensor self not implemented for DT_DOUBLE, should be in dtype support list DT_FLOAT, DT_INT32, "
                   "DT_FLOAT16, DT_INT8, DT_UINT8, DT_INT16, DT_INT64, DT_BF16.", np.array([1.0]), 0.5, 1.0)
    x = np.array([1.0, -2.0], np.float32)
    _fails(161002, "Result type DT_FLOAT can't be cast to the desired output type DT_INT32.", x, 0.5, 1.0,
           out_dtype=np.int32, soc="Ascend910B")
    assert same_bits(aclcpu.threshold(x, 0.5, 1.0, out_dtype=np.int32, soc="Ascend950"), np.array([1, 1], np.int32))
    _fails(161002, "requires parameter threshold", x)
