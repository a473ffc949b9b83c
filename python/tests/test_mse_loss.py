"""aclcpu.mse_loss (aclnnMseLoss through the compiled module): hand-checked values in every profile, the
per-profile summation order on a case built to tell the orders apart, output shapes and dtypes, views and
torch tensors, empty inputs and errors (docs/ops/mse_loss.md). The C++ suites compare the operator bit for
bit with an independent model in a seeded sweep (tests/operators/mse_loss_test.cpp)."""
import numpy as np
import pytest

import aclcpu
from conftest import same_bits

BF16 = aclcpu.BFLOAT16
TWO24 = np.float32(2.0 ** 24)


@pytest.mark.parametrize("soc", aclcpu.SOCS)
def test_ops_nn_example(soc):
    # ops-nn loss/mse_loss/examples/arch35/test_aclnn_mse_loss.cpp: 1.5 (docs/ops/mse_loss.md §7)
    s = np.array([[0, 1], [2, 3]], np.float32)
    t = np.ones((2, 2), np.float32)
    y = aclcpu.mse_loss(s, t, soc=soc)
    assert y.shape == () and y.dtype == np.float32 and y == np.float32(1.5)
    assert aclcpu.mse_loss(s, t, "sum", soc=soc) == np.float32(6)
    assert same_bits(aclcpu.mse_loss(s, t, "none", soc=soc), np.array([[1, 0], [1, 4]], np.float32))
    assert same_bits(aclcpu.call("aclnnMseLoss", [s, t], 1, soc=soc), np.float32(1.5))


def test_none_is_the_float32_square_rounded_to_p():
    rng = np.random.default_rng(7)
    for dt in (np.float32, np.float16, BF16):
        s = rng.normal(0, 100, (5, 7)).astype(dt)
        t = rng.normal(0, 100, (7,)).astype(dt)  # broadcast
        d = s.astype(np.float32) - t.astype(np.float32)
        with np.errstate(over="ignore"):
            want = (d * d).astype(dt)  # one float32 product, then RNE to P (FLOAT16 may overflow to inf)
        got = aclcpu.mse_loss(s, t, "none", soc="Ascend950")
        assert got.dtype == np.dtype(dt) and same_bits(got, want)
    # Mixed FLOAT16 + BFLOAT16 promotes to FLOAT: no rounding to a half type.
    h = np.array([1 + 2.0 ** -10], np.float16)
    z = np.zeros(1, BF16)
    assert aclcpu.mse_loss(h, z, "none")[0] == np.float32(1 + 2.0 ** -9 + 2.0 ** -20)
    assert aclcpu.mse_loss(h, z, "none", out_dtype="float16")[0] == np.float16(1 + 2.0 ** -9)


def test_summation_order_per_profile():
    # 2048 FLOAT values q: 2^24 at 0, 1 at 32 and 33. Ascend950 (64 cores of 32, Kahan across cores): 2^24 + 2.
    # A2/A3 and 310P (2 cores of 1024, bisection folds 32 onto 0 and 33 onto 1, then the lane tree): 2^24.
    s = np.zeros(2048, np.float32)
    s[0], s[32], s[33] = 4096, 1, 1
    t = np.zeros(2048, np.float32)
    assert aclcpu.mse_loss(s, t, "sum", soc="Ascend950") == TWO24 + 2
    for soc in ("Ascend910B", "Ascend910_93", "Ascend310P"):
        assert aclcpu.mse_loss(s, t, "sum", soc=soc) == TWO24, soc


def test_mean_per_profile():
    # Ascend950 divides the Kahan total by (float)N; A2/A3 multiply every tile by (float)(1/N) before summing.
    s = np.full(3, 1, np.float32)
    t = np.zeros(3, np.float32)
    assert aclcpu.mse_loss(s, t, soc="Ascend950") == np.float32(1)
    third = np.float32(1.0 / 3.0)
    lanes = (third + third) + third  # the lane tree of [1/3, 1/3, 1/3, 0, ...] in float32
    assert aclcpu.mse_loss(s, t, soc="Ascend910B") == np.float32(lanes)


def test_dtypes_shapes_and_views():
    s = np.arange(12, dtype=np.float16).reshape(3, 4)[:, ::2]  # strided view
    t = np.float16(1)  # 0-d
    y = aclcpu.mse_loss(s, np.asarray(t), "none")
    assert y.shape == (3, 2) and y.dtype == np.float16
    assert same_bits(y, ((s.astype(np.float32) - 1) ** 2).astype(np.float16))
    assert aclcpu.mse_loss(s, np.asarray(t), "sum", out_dtype="float32").dtype == np.float32
    assert aclcpu.mse_loss(s, np.asarray(t), "sum").shape == ()


def test_torch_tensors():
    torch = pytest.importorskip("torch")
    s = torch.tensor([[0.0, 1.0], [2.0, 3.0]])
    t = torch.ones(2, 2)
    assert aclcpu.mse_loss(s, t) == np.float32(torch.nn.functional.mse_loss(s, t).item())


def test_empty_inputs():
    e = np.zeros((0, 3), np.float32)
    s = np.ones(3, np.float32)
    assert np.isnan(aclcpu.mse_loss(e, s, "mean"))
    assert same_bits(aclcpu.mse_loss(e, s, "sum"), np.float32(0))
    assert aclcpu.mse_loss(e, s, "none").shape == (0, 3)


def test_errors():
    f = np.ones(3, np.float32)
    with pytest.raises(aclcpu.AclnnError) as e:
        aclcpu.mse_loss(np.ones(3, np.int32), np.ones(3, np.int32))
    assert e.value.status == 161002 and "to be promotable but check failed" in str(e.value)
    with pytest.raises(aclcpu.AclnnError) as e:
        aclcpu.mse_loss(np.ones(3, np.int32), np.ones(3, np.float16))
    assert "Tensor self not implemented for DT_INT32" in str(e.value)
    with pytest.raises(aclcpu.AclnnError) as e:
        aclcpu.mse_loss(f, f, 3)
    assert "Expected reduction to be between 0 and 2, but got 3." in str(e.value)
    with pytest.raises(aclcpu.AclnnError) as e:
        aclcpu.mse_loss(f, np.ones(4, np.float32))
    assert "The size of tensor self [3] must match the size of tensor target [4]." in str(e.value)
    with pytest.raises(aclcpu.AclnnError) as e:
        aclcpu.mse_loss(f.astype(BF16), f.astype(BF16), soc="Ascend310P")
    assert "promotable" in str(e.value)


def test_ttk_goldens():
    import aclcpu.ttk as ttk

    s = np.array([[0, 1], [2, 3]], np.float32)
    t = np.ones((2, 2), np.float32)
    (y,) = ttk.aclnn_mse_loss_golden(s, t, 1, np.zeros((), np.float32), short_soc_version="Ascend910B")
    assert y == np.float32(1.5)
    assert ttk.mse_loss_v2_golden(s, t, reduction="sum", full_soc_version="Ascend950") == np.float32(6)
