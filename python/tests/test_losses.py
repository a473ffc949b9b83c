"""aclcpu.mse_loss_backward and aclcpu.smooth_l1_loss_backward against the independent reference model
(tests/support/loss_grad_reference.h through reference_cli), bit for bit and status for status, plus
hand-checked values, per-call profiles, bfloat16, views, torch tensors and errors (issue 11 §1: every
operator with the same conventions)."""
import numpy as np
import pytest

import aclcpu
from conftest import same_bits
from test_api import random_shapes, random_view

BF16 = aclcpu.BFLOAT16
FLOATS = [np.dtype(np.float16), np.dtype(np.float32), BF16]
OUTS = FLOATS + [np.dtype(np.float64)]  # float64 only to see the rejection match the model's
BETAS = [1.0, 0.5, 0.0, 2.0, 1e-7, np.inf, 0.1, 3.0]


def _random_calls(rng, op, soc, n):
    """n random calls of op: dtypes mostly equal (MSE requires it), sometimes mixed; strided, offset, 0-d and
    broadcast views; sometimes an explicit out dtype; every reduction; several betas."""
    calls = []
    for i in range(n):
        shapes = random_shapes(rng)
        if i % 5 == 4:  # mixed, bfloat16 on every profile (rejections are compared too)
            dts = [FLOATS[int(rng.integers(0, 3))] for _ in range(3)]
        else:  # the profile's list (BFLOAT16 on Ascend950/910B/910_93 only)
            listed = FLOATS if soc in ("Ascend950", "Ascend910B", "Ascend910_93") else FLOATS[:2]
            dts = [listed[i % len(listed)]] * 3
        out = None if rng.random() < 0.6 else OUTS[int(rng.integers(0, len(OUTS)))]
        reduction = [0, 1, 2, "none", "mean", "sum"][i % 6]
        beta = BETAS[i % len(BETAS)]
        views = [random_view(rng, s, d) for s, d in zip(shapes, dts)]
        calls.append((shapes, dts, out, reduction, beta, views))
    return calls


def _promoted(dts):
    """PyTorch's promotion among FLOAT16, BFLOAT16, FLOAT: equal dtypes stay, any other pair gives FLOAT."""
    return dts[0] if all(d == dts[0] for d in dts) else np.dtype(np.float32)


@pytest.mark.parametrize("op", ["mse", "smooth_l1"])
@pytest.mark.parametrize("soc", aclcpu.SOCS)
def test_random_cases_bit_exact(op, soc, ref):
    rng = np.random.default_rng(1700 + 10 * aclcpu.SOCS.index(soc) + (op == "mse"))
    cases, accepted = [], 0
    for shapes, dts, out, reduction, beta, views in _random_calls(rng, op, soc, 120):
        args = [v[0] for v in views]
        try:
            if op == "mse":
                got = aclcpu.mse_loss_backward(*args, reduction, out_dtype=out, soc=soc)
            else:
                got = aclcpu.smooth_l1_loss_backward(*args, reduction, beta, out_dtype=out, soc=soc)
            status = 0
        except aclcpu.AclnnError as e:
            got, status = None, e.status
            assert status == 161002 and e.message
        if got is not None:
            out_dt = got.dtype
        elif out is not None:
            out_dt = out
        else:  # the default the package would have chosen: self's dtype (MSE), else the promoted dtype
            out_dt = dts[1] if op == "mse" else _promoted(dts)
        r = {"none": 0, "mean": 1, "sum": 2}.get(reduction, reduction)
        k = ref.add(soc, r, out_dt, [(v[1], v[0].shape, v[2], v[3]) for v in views], op=op, beta=beta)
        cases.append((k, got, status, shapes, dts, reduction, beta))
    results = ref.run()
    for k, got, status, shapes, dts, reduction, beta in cases:
        ref_status, expect = results[k]
        assert status == ref_status, (shapes, dts, reduction, beta)
        if status == 0:
            accepted += 1
            assert got.shape == tuple(np.broadcast_shapes(*[tuple(s) for s in shapes]))
            assert same_bits(got, expect.reshape(got.shape)), (shapes, dts, reduction, beta, got, expect)
    assert accepted >= 60  # most random calls are valid


def test_default_out_dtype_per_operator():
    h = np.ones(3, np.float16)
    b = np.ones(3, BF16)
    f = np.ones(3, np.float32)
    # MSE: no promotion, the result has self's dtype (docs/ops/mse_loss_backward.md §2, §5.1)
    assert aclcpu.mse_loss_backward(h, h, h).dtype == np.float16
    assert aclcpu.mse_loss_backward(b, b, b, soc="Ascend910B").dtype == BF16
    assert aclcpu.mse_loss_backward(h, h, h, out_dtype="float32").dtype == np.float32
    # Smooth L1: the promoted dtype P (FLOAT16 with BFLOAT16 promotes to FLOAT; §2)
    assert aclcpu.smooth_l1_loss_backward(h, b, h).dtype == np.float32
    assert aclcpu.smooth_l1_loss_backward(h, h, h).dtype == np.float16
    assert aclcpu.smooth_l1_loss_backward(h, f, h, out_dtype=BF16).dtype == BF16


def test_mse_matches_a_float32_numpy_computation():
    """For FLOAT inputs the kernel computes ((s - t) * cof) * g in float32 with RNE after each operation,
    which is what numpy's float32 arithmetic does element by element (no fusing, no wider intermediates), so
    numpy gives the same bits: an oracle independent of both the library and the C++ model."""
    rng = np.random.default_rng(5)
    s = (rng.normal(size=(4, 5)) * 100).astype(np.float32)
    t = (rng.normal(size=(5,)) * 100).astype(np.float32)
    g = rng.normal(size=(4, 1)).astype(np.float32)
    two = np.float32(2)
    for soc in aclcpu.SOCS:
        assert same_bits(aclcpu.mse_loss_backward(g, s, t, "none", soc=soc), ((s - t) * two) * g)
        assert same_bits(aclcpu.mse_loss_backward(g, s, t, "sum", soc=soc), ((s - t) * two) * g)
    # mean with broadcasting: (float)(2.0 / n), n = numel(self) = 20, on every profile
    cof = np.float32(2.0 / 20)
    assert same_bits(aclcpu.mse_loss_backward(g, s, t, "mean", soc="Ascend910B"), ((s - t) * cof) * g)


def test_smooth_l1_profiles_differ_inside_beta():
    """|x| < beta: Ascend 950 multiplies x by the float32 reciprocal of beta; the TBE profiles divide by
    beta + 1e-6f (README table), so x = 0.5, beta = 1 gives 0.5 on 950 and 0.5 / 1.000001f elsewhere."""
    g = np.ones(2, np.float32)
    s = np.array([0.5, -0.25], np.float32)
    t = np.zeros(2, np.float32)
    assert same_bits(aclcpu.smooth_l1_loss_backward(g, s, t, "none", 1.0, soc="Ascend950"), s)
    tbe = s / (np.float32(1.0) + np.float32(1e-6))
    assert not same_bits(tbe, s)
    for soc in ("Ascend910B", "Ascend910_93", "Ascend910", "Ascend310P"):
        assert same_bits(aclcpu.smooth_l1_loss_backward(g, s, t, "none", 1.0, soc=soc), tbe), soc


def test_smooth_l1_beta_zero_per_profile():
    """beta = 0 at x = 0: Ascend 950 with a tensor gradOut multiplies 0 by NaN (1/beta is NaN below 1e-6):
    NaN; with a one-element gradOut its comparisons are >=/<=, giving 0 + 0; the TBE profiles give 0."""
    g = np.ones(3, np.float32)
    s = np.array([0.0, 2.0, -3.0], np.float32)
    t = np.zeros(3, np.float32)
    y950 = aclcpu.smooth_l1_loss_backward(g, s, t, "none", 0.0, soc="Ascend950")
    assert np.isnan(y950[0]) and y950[1] == 1 and y950[2] == -1
    for soc in ("Ascend910B", "Ascend910_93", "Ascend910", "Ascend310P"):
        assert same_bits(aclcpu.smooth_l1_loss_backward(g, s, t, "none", 0.0, soc=soc),
                         np.array([0.0, 1.0, -1.0], np.float32))
    one = np.float32(1.0)  # a 0-d gradOut: the one-element DAG
    assert same_bits(aclcpu.smooth_l1_loss_backward(one, s, t, "none", 0.0, soc="Ascend950"),
                     np.array([0.0, 1.0, -1.0], np.float32))


def test_smooth_l1_values_and_beta_rounding():
    g = np.full(4, 2.0, np.float32)
    s = np.array([0.25, -0.5, 1.0, 4.0], np.float32)
    t = np.zeros(4, np.float32)
    # |x| < beta: x / beta; else sign(x) (beta = 0.5, a power of two: every profile exact)
    for soc in aclcpu.SOCS[:1]:
        y = aclcpu.smooth_l1_loss_backward(g, s, t, "sum", beta=0.5, soc=soc)
        assert same_bits(y, np.array([1.0, -2.0, 2.0, 2.0], np.float32))
    # beta is passed as float32: a Python float and its float32 rounding give the same call
    a = aclcpu.smooth_l1_loss_backward(g, s, t, "none", beta=0.3)
    b = aclcpu.smooth_l1_loss_backward(g, s, t, "none", beta=np.float32(0.3))
    assert same_bits(a, b)
    # +inf is accepted (x / (inf) = 0 on 950's reciprocal; beyond float32's range becomes +inf)
    c = aclcpu.smooth_l1_loss_backward(g, s, t, "none", beta=1e300, soc="Ascend950")
    d = aclcpu.smooth_l1_loss_backward(g, s, t, "none", beta=np.inf, soc="Ascend950")
    assert same_bits(c, d) and same_bits(d, np.zeros(4, np.float32))
    # the compiled module rounds a double itself when called directly (no undefined float conversion)
    sl1 = aclcpu._core.operators().index("aclnnSmoothL1LossBackward")
    assert same_bits(aclcpu._core.call(sl1, [g, s, t], 0, [1e300], None, 0), d)
    assert same_bits(aclcpu._core.call(sl1, [g, s, t], 0, [0.3], None, 0), a)
    with pytest.raises(aclcpu.AclnnError):
        aclcpu._core.call(sl1, [g, s, t], 0, [], None, 0)  # a missing parameter
    # call() by name, with parameters by name and defaults
    assert same_bits(aclcpu.call("aclnnSmoothL1LossBackward", (g, s, t), "none", {"beta": 0.3}), a)
    assert same_bits(aclcpu.call("aclnnSmoothL1LossBackward", [g, s, t], "mean"),
                     aclcpu.smooth_l1_loss_backward(g, s, t))
    assert same_bits(aclcpu.call("aclnnMseLossBackward", [g, s, t], 2), aclcpu.mse_loss_backward(g, s, t, "sum"))


def test_errors_carry_status_and_message():
    f = np.ones(3, np.float32)
    for fn in (aclcpu.mse_loss_backward, aclcpu.smooth_l1_loss_backward):
        with pytest.raises(aclcpu.AclnnError) as e:
            fn(f, f, f, 3)
        assert e.value.status == 161002 and "eduction" in e.value.message
        with pytest.raises(aclcpu.AclnnError) as e:
            fn(f, f, f, "avg")
        assert e.value.status == 161002
        with pytest.raises(aclcpu.AclnnError) as e:
            fn(f, f, np.ones(4, np.float32))
        assert e.value.status == 161002
        with pytest.raises(aclcpu.AclnnError) as e:
            fn(f.astype(BF16), f.astype(BF16), f.astype(BF16), soc="Ascend310P")
        assert e.value.status == 161002
        with pytest.raises(aclcpu.AclnnError) as e:
            fn(f, f, f, soc="Ascend999")
        assert e.value.status == 100008
    for beta in (-1.0, -1e-30, np.nan):
        with pytest.raises(aclcpu.AclnnError) as e:
            aclcpu.smooth_l1_loss_backward(f, f, f, "mean", beta)
        assert e.value.status == 161002 and "beta" in e.value.message
    for beta in ("1", None, True):
        with pytest.raises(aclcpu.AclnnError) as e:
            aclcpu.smooth_l1_loss_backward(f, f, f, "mean", beta)
        assert e.value.status == 161002 and "beta" in e.value.message
    with pytest.raises(aclcpu.AclnnError) as e:  # MSE: no promotion
        aclcpu.mse_loss_backward(f, f.astype(np.float16), f)
    assert e.value.status == 161002 and "same dtype" in e.value.message
    with pytest.raises(aclcpu.AclnnError) as e:  # integer inputs are outside both lists
        aclcpu.smooth_l1_loss_backward(f.astype(np.int32), f, f)
    assert e.value.status == 161002 and "gradOut" in e.value.message
    with pytest.raises(aclcpu.AclnnError) as e:
        aclcpu.call("aclnnSmoothL1LossBackward", (f, f, f), params={"sigma": 1.0})
    assert e.value.status == 161002
    with pytest.raises(aclcpu.AclnnError) as e:
        aclcpu.call("aclnnNope", (f, f, f))
    assert e.value.status == 161002
    with pytest.raises(aclcpu.AclnnError) as e:
        aclcpu.call("aclnnMseLossBackward", (f, f))
    assert e.value.status == 161002


def test_bfloat16_and_views(ref):
    """bfloat16 through ml_dtypes and a transposed, sliced, offset view reach the C API as they are."""
    base = (np.arange(60, dtype=np.float32).reshape(6, 10) / 8 - 3).astype(BF16)
    view = base[1:, 2:9:3].T  # shape (3, 5), strides (3, 10) elements, offset 12
    g = np.full((3, 1), 0.75, BF16)
    t = np.linspace(-1, 1, 5).astype(BF16)
    for op, fn in (("mse", aclcpu.mse_loss_backward),
                   ("smooth_l1", lambda *a, **k: aclcpu.smooth_l1_loss_backward(*a, beta=0.75, **k))):
        for soc in ("Ascend950", "Ascend910B"):
            y = fn(g, view, t, "mean", soc=soc)
            assert y.dtype == BF16 and y.shape == (3, 5)
            k = ref.add(soc, 1, BF16, [(g.reshape(-1), (3, 1), (1, 1), 0), (base.reshape(-1), (3, 5), (3, 10), 12),
                                       (t, (5,), (1,), 0)], op=op, beta=0.75)
            status, expect = ref.run()[k]
            assert status == 0 and same_bits(y, expect.reshape(3, 5)), (op, soc)
            assert same_bits(y, fn(g, np.ascontiguousarray(view), t, "mean", soc=soc))


def test_torch_tensors():
    torch = pytest.importorskip("torch")
    gen = torch.Generator().manual_seed(17)
    for tdt, ndt in ((torch.float32, np.float32), (torch.float16, np.float16), (torch.bfloat16, BF16)):
        g = torch.randn(4, 3, generator=gen).to(tdt)
        s = torch.randn(3, 4, generator=gen).to(tdt).t()  # non-contiguous
        t = torch.randn(3, generator=gen).to(tdt)
        conv = (lambda x: x.contiguous().view(torch.int16).numpy().view(BF16)) if tdt == torch.bfloat16 else \
            (lambda x: x.contiguous().numpy())
        for fn in (aclcpu.mse_loss_backward, aclcpu.smooth_l1_loss_backward):
            y = fn(g, s, t, "mean", soc="Ascend910B")
            assert isinstance(y, np.ndarray) and y.dtype == np.dtype(ndt)
            assert same_bits(y, fn(conv(g), conv(s), conv(t), "mean", soc="Ascend910B"))


def test_torch_autograd_as_second_oracle_for_mse():
    """float32, reduction none: torch's mse_loss backward is 2 * (s - t) * g per element, whose float32
    operations give the same bits as ((s - t) * 2) * g (multiplying by 2 is exact)."""
    torch = pytest.importorskip("torch")
    import torch.nn.functional as F

    gen = torch.Generator().manual_seed(23)
    s = torch.randn(5, 7, generator=gen) * 3
    t = torch.randn(7, generator=gen) * 3
    g = torch.randn(5, 7, generator=gen)
    sr = s.clone().requires_grad_()
    F.mse_loss(sr, t.expand(5, 7), reduction="none").backward(g)
    for soc in aclcpu.SOCS:
        assert same_bits(aclcpu.mse_loss_backward(g, s, t, "none", soc=soc), sr.grad.numpy()), soc


# ------------------------------------------------------------------ forward losses (aclnnL1Loss, SmoothL1Loss)

def test_l1_loss_none_matches_float32_numpy_and_reductions_are_0d():
    rng = np.random.default_rng(7)
    s = rng.standard_normal((3, 5)).astype(np.float32)
    t = rng.standard_normal((5,)).astype(np.float32)
    got = aclcpu.l1_loss(s, t, "none")
    assert got.shape == (3, 5) and got.dtype == np.float32
    assert same_bits(got, np.abs(s - t))  # one float32 subtraction and Abs per element
    for red in ("sum", "mean"):
        y = aclcpu.l1_loss(s, t, red)
        assert y.shape == () and y.dtype == np.float32
    assert abs(float(aclcpu.l1_loss(s, t, "sum")) - float(np.abs(s - t).astype(np.float64).sum())) < 1e-4


def test_l1_loss_hand_checked_values_and_profiles():
    s = np.array([[0, 1], [2, 3]], np.float32)
    t = np.ones((2, 2), np.float32)
    assert float(aclcpu.l1_loss(s, t)) == 1.0  # ops-nn's example
    big = np.array([16777216, 1, 1, 1], np.float32)
    assert float(aclcpu.l1_loss(big, np.zeros(4, np.float32), "sum")) == 16777218.0  # the register tree
    c = np.float32(1.0 / 3.0)
    three = np.array([16777216, 1, 1], np.float32)
    # Ascend950 multiplies the sum ((2^24 + 1) + (1 + 0) = 2^24 in float32); the TBE stand-in (910B) scales
    # each value first.
    assert float(aclcpu.l1_loss(three, np.zeros(3, np.float32), soc="Ascend950")) == float(
        np.float32(np.float32(16777216) * c))
    assert float(aclcpu.l1_loss(three, np.zeros(3, np.float32), soc="Ascend910B")) == float(
        np.float32(np.float32(three[0] * c + three[1] * c) + three[2] * c))
    i = np.array([np.iinfo(np.int64).min, 5], np.int64)
    assert aclcpu.l1_loss(i, np.array([1, -7], np.int64), "none").tolist() == [np.iinfo(np.int64).max, 12]
    assert float(aclcpu.l1_loss(np.zeros((0, 3), np.float32), np.zeros(3, np.float32), "sum")) == 0.0
    assert np.isnan(aclcpu.l1_loss(np.zeros((0, 3), np.float32), np.zeros(3, np.float32), "mean"))


def test_smooth_l1_loss_none_matches_the_kernel_formula():
    rng = np.random.default_rng(11)
    s = (rng.standard_normal(200) * 2).astype(np.float32)
    t = (rng.standard_normal(200) * 2).astype(np.float32)
    for beta in (1.0, 0.5, 3.0):
        b = np.float32(beta)
        d = s - t
        a = np.abs(d)
        want = np.where(a < b, (d * (d * np.float32(0.5))) * (np.float32(1) / b), a + np.float32(-0.5) * b)
        assert same_bits(aclcpu.smooth_l1_loss(s, t, "none", beta), want.astype(np.float32))
    assert aclcpu.smooth_l1_loss(s, t, "mean").shape == ()
    assert float(aclcpu.smooth_l1_loss(np.array([0.5, 1, 3], np.float32), np.zeros(3, np.float32), "sum")) == 3.125


def test_forward_loss_errors():
    f = np.zeros(3, np.float32)
    with pytest.raises(aclcpu.AclnnError) as e:
        aclcpu.l1_loss(np.zeros(3, np.int32), np.zeros(3, np.int32), "mean")
    assert e.value.status == 161002 and "floating point" in e.value.message
    with pytest.raises(aclcpu.AclnnError) as e:
        aclcpu.smooth_l1_loss(f, f, "sum", beta=-1.0)
    assert e.value.status == 161002 and "beta" in e.value.message
    with pytest.raises(aclcpu.AclnnError):
        aclcpu.smooth_l1_loss(np.zeros(2, BF16), np.zeros(2, BF16), "sum", soc="Ascend910")
    assert same_bits(aclcpu.call("aclnnL1Loss", [f + 1, f], "sum"), aclcpu.l1_loss(f + 1, f, "sum"))
