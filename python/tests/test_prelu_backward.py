"""aclnnPreluBackward (two outputs, so not in the package's one-output bindings) through its C API with ctypes,
in the process's default profile (Ascend 950), against PyTorch's autograd gradient of
torch.nn.functional.prelu (docs/ops/prelu_backward.md §7):

* gradInput = x > 0 ? g : w * g is torch's formula with one rounded product: bit for bit (FLOAT; FLOAT16 and
  BF16 against torch in float32 on the exactly widened values, narrowed once), NaN compared as NaN;
* gradWeight is a sum whose order is the kernel's (modelled) and torch's own: bit for bit where every
  partial sum is exact (dyadic values of bounded size, so any order gives the same float32 value), and within
  a relative 1e-5 of torch's float64 sum for random values.
The library is the one the package loaded (found in /proc/self/maps)."""
import ctypes
import os

import numpy as np
import pytest

import aclcpu

torch = pytest.importorskip("torch")

ACL_DT = {np.dtype(np.float32): 0, np.dtype(np.float16): 1}
ACL_BF16 = 27


def _loaded(prefix):
    with open("/proc/self/maps") as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 6 and os.path.basename(parts[-1]).startswith(prefix):
                return ctypes.CDLL(parts[-1])
    pytest.skip(f"{prefix} is not loaded by the aclcpu package")


aclcpu.prelu(np.ones((1, 1), np.float32), np.ones(1, np.float32))  # aclInit, through the package
ACL = _loaded("libascendcl.so")
META = _loaded("libnnopbase.so")
NN = _loaded("libopapi_nn.so")
P = ctypes.c_void_p
META.aclCreateTensor.restype = P
META.aclCreateTensor.argtypes = [P, ctypes.c_uint64, ctypes.c_int, P, ctypes.c_int64, ctypes.c_int, P,
                                 ctypes.c_uint64, P]
META.aclDestroyTensor.argtypes = [P]
ACL.aclrtMalloc.argtypes = [ctypes.POINTER(P), ctypes.c_size_t, ctypes.c_int]
ACL.aclrtFree.argtypes = [P]
ACL.aclrtMemcpy.argtypes = [P, ctypes.c_size_t, P, ctypes.c_size_t, ctypes.c_int]
ACL.aclrtSynchronizeStream.argtypes = [P]
NN.aclnnPreluBackwardGetWorkspaceSize.argtypes = [P, P, P, P, P, ctypes.POINTER(ctypes.c_uint64),
                                                  ctypes.POINTER(P)]
NN.aclnnPreluBackward.argtypes = [P, ctypes.c_uint64, P, P]


class _Tensor:
    """A contiguous device tensor holding a copy of `array` (raw bits; dtype: FLOAT, FLOAT16 or BF16 code)."""

    def __init__(self, array, dtype_code):
        a = np.ascontiguousarray(array)
        self.shape, self.nbytes = a.shape, max(a.nbytes, 1)
        self.mem = P()
        assert ACL.aclrtMalloc(ctypes.byref(self.mem), self.nbytes, 0) == 0
        assert ACL.aclrtMemcpy(self.mem, self.nbytes, a.ctypes.data, a.nbytes, 1) == 0 or a.nbytes == 0
        n = len(a.shape)
        dims = (ctypes.c_int64 * max(n, 1))(*a.shape)
        strides = (ctypes.c_int64 * max(n, 1))(*[s // a.itemsize for s in a.strides])
        storage = (ctypes.c_int64 * 1)(max(a.size, 1))
        self.t = META.aclCreateTensor(dims, n, dtype_code, strides, 0, 2, storage, 1, self.mem)
        assert self.t

    def read(self, dtype):
        out = np.empty(self.shape, dtype)
        if out.nbytes:
            assert ACL.aclrtMemcpy(out.ctypes.data, out.nbytes, self.mem, out.nbytes, 2) == 0
        return out

    def __del__(self):
        META.aclDestroyTensor(self.t)
        ACL.aclrtFree(self.mem)


def _backward(g, x, w, code, raw_dtype):
    """gradInput, gradWeight of aclnnPreluBackward on arrays of raw dtype raw_dtype (bits of the ACL dtype)."""
    tg, tx, tw = _Tensor(g, code), _Tensor(x, code), _Tensor(w, code)
    gi = _Tensor(np.zeros(x.shape, raw_dtype), code)
    gw = _Tensor(np.zeros(w.shape if w.size == 1 else (w.size,), raw_dtype), code)
    ws, ex = ctypes.c_uint64(0), P()
    st = NN.aclnnPreluBackwardGetWorkspaceSize(tg.t, tx.t, tw.t, gi.t, gw.t, ctypes.byref(ws), ctypes.byref(ex))
    assert st == 0
    buf = P()
    if ws.value:
        assert ACL.aclrtMalloc(ctypes.byref(buf), ws.value, 0) == 0
    assert NN.aclnnPreluBackward(buf, ws.value, ex, None) == 0
    assert ACL.aclrtSynchronizeStream(None) == 0
    if ws.value:
        ACL.aclrtFree(buf)
    return gi.read(raw_dtype), gw.read(raw_dtype)


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
    gi, gw = _backward(g, x, w, 0, np.float32)
    ti, tw = _torch_grads(g, x, w)
    assert _same_or_nan(gi, ti)
    finite = np.isfinite(tw)
    assert np.allclose(gw[finite], tw[finite], rtol=1e-5, atol=1e-6)
    # exact sums: any order, the same bits
    x, g = _dyadic(shape, rng), _dyadic(shape, rng)
    gi, gw = _backward(g, x, w, 0, np.float32)
    ti, tw = _torch_grads(g, x, w)
    assert _same_or_nan(gi, ti) and _same_or_nan(gw, tw)
    one = np.array([0.75], np.float32)
    gi, gw = _backward(g, x, one, 0, np.float32)
    ti, tw = _torch_grads(g, x, one)
    assert _same_or_nan(gi, ti) and _same_or_nan(gw, tw)


def test_float16_and_bf16_match_torch_through_float32():
    rng = np.random.default_rng(2)
    shape = (5, 6, 40)
    # FLOAT16: dyadic values whose products are exact in FLOAT16 and whose sums are exact in float32
    x, g = _dyadic(shape, rng, 16, -3), _dyadic(shape, rng, 16, -3)
    w = np.array([0.25, -2.0, 0.0, 0.125, 3.0, -0.5], np.float32)
    gi, gw = _backward(g.astype(np.float16), x.astype(np.float16), w.astype(np.float16), 1, np.float16)
    ti, tw = _torch_grads(g, x, w)
    assert _same_or_nan(gi, ti.astype(np.float16)) and _same_or_nan(gw, tw.astype(np.float16))
    # BF16 (raw uint16 bits): the same values are BF16 values with exact products
    tb = lambda a: torch.from_numpy(a).to(torch.bfloat16).view(torch.int16).numpy().view(np.uint16)
    gi, gw = _backward(tb(g), tb(x), tb(w), ACL_BF16, np.uint16)
    assert (gi == tb(ti)).all() and (gw == tb(tw)).all()
