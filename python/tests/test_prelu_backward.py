"""aclnnPreluBackward (two outputs: aclcpu.prelu_backward returns gradInput and gradWeight) in the process's
default profile (Ascend 950), against PyTorch's autograd gradient of torch.nn.functional.prelu
(docs/ops/prelu_backward.md §7):

* gradInput = x > 0 ? g : w * g is torch's formula with one rounded product: bit for bit (FLOAT; FLOAT16 and
  BF16 against torch in float32 on the exactly widened values, narrowed once), NaN compared as NaN;
* gradWeight is a sum whose order is the kernel's (modelled) and torch's own: bit for bit where every
  partial sum is exact (dyadic values of bounded size, so any order gives the same float32 value), and within
  a relative 1e-5 of torch's float64 sum for random values.
The bindings' own rules (gradWeight's shape, views, aclcpu.call, the CLI's two output files) are checked too."""
import os
import subprocess
import sys

import numpy as np
import pytest

import aclcpu

torch = pytest.importorskip("torch")
ml_dtypes = pytest.importorskip("ml_dtypes")


def _backward(g, x, w, raw_dtype=None):
    """gradInput, gradWeight of aclnnPreluBackward (aclcpu.prelu_backward); raw_dtype np.uint16: the arrays hold
    BF16 bits, and so do the results."""
    if raw_dtype == np.uint16:
        bf = [a.view(ml_dtypes.bfloat16) for a in (g, x, w)]
        return tuple(r.view(np.uint16) for r in aclcpu.prelu_backward(*bf))
    return aclcpu.prelu_backward(g, x, w)


def _torch_grads(g, x, w):
    tx = torch.from_numpy(np.ascontiguousarray(x)).requires_grad_(True)
    tw = torch.from_numpy(np.ascontiguousarray(w)).requires_grad_(True)
    torch.nn.functional.prelu(tx, tw).backward(torch.from_numpy(np.ascontiguousarray(g)))
    return tx.grad.numpy(), tw.grad.numpy()


def _same_or_nan(a, b):
    a, b = np.asarray(a), np.asarray(b)
    nan = np.isnan(b.astype(np.float32))
    assert (np.isnan(a.astype(np.float32)) == nan).all()
    return (a[~nan].view(np.uint8) == b[~nan].view(np.uint8)).all() if a.dtype == b.dtype else False


def _dyadic(shape, rng, k=32, scale=-4):
    """Values m * 2^scale with |m| < k: products and their sums exact in float32 for the sizes used here."""
    return np.ldexp(rng.integers(-k + 1, k, shape).astype(np.float32), scale)


@pytest.mark.parametrize("shape", [(4, 6, 50), (300, 6), (2, 6, 3, 5)])
def test_float32_matches_torch(shape):
    rng = np.random.default_rng(1)
    x = rng.standard_normal(shape).astype(np.float32)
    x.reshape(-1)[:6] = [0.0, -0.0, np.inf, -np.inf, 1e-45, -1e-45]
    g = rng.standard_normal(shape).astype(np.float32)
    w = np.array([0.25, -2.0, 0.0, 1e-3, 3.0, -0.5], np.float32)
    gi, gw = _backward(g, x, w)
    ti, tw = _torch_grads(g, x, w)
    assert _same_or_nan(gi, ti)
    finite = np.isfinite(tw)
    assert np.allclose(gw[finite], tw[finite], rtol=1e-5, atol=1e-6)
    # exact sums: any order, the same bits
    x, g = _dyadic(shape, rng), _dyadic(shape, rng)
    gi, gw = _backward(g, x, w)
    ti, tw = _torch_grads(g, x, w)
    assert _same_or_nan(gi, ti) and _same_or_nan(gw, tw)
    one = np.array([0.75], np.float32)
    gi, gw = _backward(g, x, one)
    ti, tw = _torch_grads(g, x, one)
    assert _same_or_nan(gi, ti) and _same_or_nan(gw, tw)


def test_float16_and_bf16_match_torch_through_float32():
    rng = np.random.default_rng(2)
    shape = (5, 6, 40)
    # FLOAT16: dyadic values whose products are exact in FLOAT16 and whose sums are exact in float32
    x, g = _dyadic(shape, rng, 16, -3), _dyadic(shape, rng, 16, -3)
    w = np.array([0.25, -2.0, 0.0, 0.125, 3.0, -0.5], np.float32)
    gi, gw = _backward(g.astype(np.float16), x.astype(np.float16), w.astype(np.float16))
    ti, tw = _torch_grads(g, x, w)
    assert _same_or_nan(gi, ti.astype(np.float16)) and _same_or_nan(gw, tw.astype(np.float16))
    # BF16 (raw uint16 bits): the same values are BF16 values with exact products
    tb = lambda a: torch.from_numpy(a).to(torch.bfloat16).view(torch.int16).numpy().view(np.uint16)
    gi, gw = _backward(tb(g), tb(x), tb(w), np.uint16)
    assert (gi == tb(ti)).all() and (gw == tb(tw)).all()


def test_bindings_shapes_views_call_and_cli(tmp_path):
    rng = np.random.default_rng(3)
    x = _dyadic((3, 4, 5), rng)
    g = _dyadic((3, 4, 5), rng)
    w = np.array([0.5, -1.0, 2.0, 0.25], np.float32)
    gi, gw = aclcpu.prelu_backward(g, x, w)
    assert gi.shape == (3, 4, 5) and gw.shape == (4,) and gi.dtype == gw.dtype == np.float32
    # one weight: gradWeight has weight's shape; a [1, 4, 1] weight of four: gradWeight [4]
    gi1, gw1 = aclcpu.prelu_backward(g, x, np.array([[0.5]], np.float32))
    assert gw1.shape == (1, 1)
    assert aclcpu.prelu_backward(g, x, w.reshape(1, 4, 1))[1].shape == (4,)
    # views go to the C API as views: a transposed self and gradOutput give the transposed problem's result
    xt, gt = np.ascontiguousarray(x.transpose(2, 1, 0)).transpose(2, 1, 0), g[:, :, :]
    assert not xt.flags.c_contiguous
    vi, vw = aclcpu.prelu_backward(gt, xt, w)
    assert _same_or_nan(vi, gi) and _same_or_nan(vw, gw)
    # aclcpu.call returns both outputs; the same bits
    ci, cw = aclcpu.call("aclnnPreluBackward", [g, x, w])
    assert _same_or_nan(ci, gi) and _same_or_nan(cw, gw)
    # CANN's checks: a weight of 3 elements for 4 channels is refused with 161002, and nothing is returned
    with pytest.raises(aclcpu.AclnnError) as e:
        aclcpu.prelu_backward(g, x, w[:3])
    assert e.value.status == 161002
    # the command line writes both outputs, or neither
    for name, a in (("g", g), ("x", x), ("w", w)):
        a.tofile(tmp_path / f"{name}.bin")
    cmd = [sys.executable, "-m", "aclcpu", "golden", "--op", "aclnnPreluBackward",
           "--inputs", f"{tmp_path}/g.bin,{tmp_path}/x.bin,{tmp_path}/w.bin", "--dtypes", "fp32,fp32,fp32",
           "--shapes", "3x4x5,3x4x5,4"]
    env = dict(os.environ)
    r = subprocess.run(cmd + ["-o", f"{tmp_path}/gi.bin,{tmp_path}/gw.npy"], capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr
    assert (np.fromfile(tmp_path / "gi.bin", np.float32).reshape(gi.shape) == gi).all()
    assert (np.load(tmp_path / "gw.npy") == gw).all()
    for bad in (f"{tmp_path}/only.bin", f"{tmp_path}/a.bin,{tmp_path}/a.bin", f"{tmp_path}/b.bin,{tmp_path}"):
        r = subprocess.run(cmd + ["-o", bad], capture_output=True, text=True, env=env)
        assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1, (bad, r.stderr)
        assert not any(p.name.startswith((".", "only", "a.bin", "b.bin")) for p in tmp_path.iterdir()), bad
