"""aclcpu.hardshrink and aclcpu.call("aclnnHardshrink", ...), the operator table's binding of the aclScalar lambd
(a Python number, passed as an aclScalar of dtype DOUBLE), against the operator's contract
(docs/ops/hardshrink.md) and, as an outside oracle, PyTorch's torch.nn.functional.hardshrink (|x| > lambd ? x
: 0, a selection, compared in float32 with the float32 lambd): bit for bit on every product profile, NaNs
compared as NaN. Negative lambd is not compared with PyTorch (CANN replaces it by 0)."""
import numpy as np
import pytest

import aclcpu
from conftest import same_bits

torch = pytest.importorskip("torch")


def _inputs(n=3000, seed=9):
    x = (np.random.default_rng(seed).standard_normal(n) * 2).astype(np.float32)
    x[:10] = [0.5, -0.5, -0.0, 0.0, np.inf, -np.inf, np.nan, 1e-45, np.nextafter(np.float32(0.5), 1), 0.1]
    return x


@pytest.mark.parametrize("soc", ["Ascend950", "Ascend910B", "Ascend910"])
@pytest.mark.parametrize("lambd", [0.5, 0.0, 0.1, 1.75, 1e-40])
def test_float32_and_float16_match_torch(soc, lambd):
    x = _inputs()
    want = torch.nn.functional.hardshrink(torch.from_numpy(x), lambd).numpy()
    got = aclcpu.hardshrink(x, lambd, soc=soc)
    assert same_bits(got, want)
    assert same_bits(aclcpu.call("aclnnHardshrink", [x], params={"lambd": lambd}, soc=soc), got)
    h = x.astype(np.float16)
    want_h = torch.nn.functional.hardshrink(torch.from_numpy(h).float(), lambd).half().numpy()
    assert same_bits(aclcpu.hardshrink(h, lambd, soc=soc), want_h)


def test_negative_lambd_counts_as_zero_and_refusals():
    x = np.array([-1.0, -0.0, 0.0, 2.0], np.float32)
    assert same_bits(aclcpu.hardshrink(x, -3.0), np.array([-1.0, 0.0, 0.0, 2.0], np.float32))
    with pytest.raises(aclcpu.AclnnError) as e:
        aclcpu.hardshrink(x.astype(np.float64), 0.5)
    assert e.value.status == 161002 and "Tensor self not implemented for DT_DOUBLE" in e.value.message
    with pytest.raises(aclcpu.AclnnError) as e:
        aclcpu.hardshrink(x, 0.5, out_dtype=np.float64)
    assert e.value.status == 161002 and "Tensor out not implemented for DT_DOUBLE" in e.value.message
