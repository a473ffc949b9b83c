#!/usr/bin/env python3
"""PyTorch as an outside oracle of aclnnL1LossBackward (issue 3).

Loads the project's libraries with ctypes from $ACLCPU_LIB_DIR, runs the operator on random cases
(FLOAT, FLOAT16, BF16 and mixed inputs; reductions none/mean/sum; broadcast target and gradOutput; some
non-contiguous self views) in the Ascend950, Ascend910B and Ascend310P profiles, and compares gradInput
with the gradient torch.autograd computes for torch.nn.functional.l1_loss.

Pass criterion: every element within 1 ULP of the result dtype, except FLOAT results of reduction=mean in
the Ascend950 profile, which may differ by the known relative error of the sequential mean factor
(see below). Systematic differences from PyTorch (documented, and kept out of the data):
  * mean: torch divides by numel (g / N, rounded once in the dtype); the kernels multiply by a float32
    factor: Ascend950 r = 1/d1/d2/... (sequential float32 divisions, so r can be a few float32 ULPs from
    1/N), the TBE profiles r = (float)(1.0/N); then the product is rounded to float32 and then to P.
    The FLOAT bound for Ascend950 is therefore 1 + ceil(|r*N - 1| * 2^24) ULPs.
  * torch.sign(NaN) = NaN and inf - inf = NaN in torch, while the kernels give 0 (Ascend950) or -1
    (TBE) for NaN and 0 for self == target == +-inf: NaN and inf inputs are not generated here (the
    bit-exact model in tests/operators/exactness_test.cpp covers them).
Prints one summary line "py_torch_oracle: N passed, M failed" (plus per-category statistics) and exits
non-zero on any failure.
"""
import ctypes
import json
import math
import os
import random
import sys
import tempfile
import time
import warnings

import numpy as np
import torch
import torch.nn.functional as F

ACL_FLOAT, ACL_FLOAT16, ACL_BF16 = 0, 1, 27
ACL_FORMAT_ND = 2
H2D, D2H = 1, 2
TORCH_OF = {ACL_FLOAT: torch.float32, ACL_FLOAT16: torch.float16, ACL_BF16: torch.bfloat16}
NAME_OF = {ACL_FLOAT: "f32", ACL_FLOAT16: "f16", ACL_BF16: "bf16"}
ITEM = {ACL_FLOAT: 4, ACL_FLOAT16: 2, ACL_BF16: 2}
PRECISION = {ACL_FLOAT: 24, ACL_FLOAT16: 11, ACL_BF16: 8}
PROMOTE = {  # deduction table 1 restricted to the float types used here
    (ACL_FLOAT, ACL_FLOAT): ACL_FLOAT, (ACL_FLOAT16, ACL_FLOAT16): ACL_FLOAT16, (ACL_BF16, ACL_BF16): ACL_BF16,
}
for a in TORCH_OF:
    for b in TORCH_OF:
        PROMOTE.setdefault((a, b), ACL_FLOAT)

c_i64p = ctypes.POINTER(ctypes.c_int64)


def load_libs():
    lib_dir = os.environ.get("ACLCPU_LIB_DIR") or os.environ.get("ACLCPU_BUILD_DIR")
    if not lib_dir:
        print("py_torch_oracle: ACLCPU_LIB_DIR is not set")
        sys.exit(2)
    libs = [ctypes.CDLL(os.path.join(lib_dir, n), mode=ctypes.RTLD_GLOBAL)
            for n in ("libascendcl.so", "libnnopbase.so", "libopapi_nn.so")]
    acl, nnop, op = libs
    acl.aclInit.argtypes = [ctypes.c_char_p]
    acl.aclFinalize.argtypes = []
    acl.aclrtSetDevice.argtypes = [ctypes.c_int32]
    acl.aclrtResetDevice.argtypes = [ctypes.c_int32]
    acl.aclrtMalloc.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_size_t, ctypes.c_int]
    acl.aclrtFree.argtypes = [ctypes.c_void_p]
    acl.aclrtMemcpy.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
    acl.aclrtSynchronizeStream.argtypes = [ctypes.c_void_p]
    acl.aclrtGetSocName.restype = ctypes.c_char_p
    acl.aclGetRecentErrMsg.restype = ctypes.c_char_p
    nnop.aclCreateTensor.restype = ctypes.c_void_p
    nnop.aclCreateTensor.argtypes = [c_i64p, ctypes.c_uint64, ctypes.c_int, c_i64p, ctypes.c_int64, ctypes.c_int,
                                     c_i64p, ctypes.c_uint64, ctypes.c_void_p]
    nnop.aclDestroyTensor.argtypes = [ctypes.c_void_p]
    op.aclnnL1LossBackwardGetWorkspaceSize.argtypes = [ctypes.c_void_p] * 3 + [ctypes.c_int64, ctypes.c_void_p,
                                                        ctypes.POINTER(ctypes.c_uint64),
                                                        ctypes.POINTER(ctypes.c_void_p)]
    op.aclnnL1LossBackward.argtypes = [ctypes.c_void_p, ctypes.c_uint64, ctypes.c_void_p, ctypes.c_void_p]
    return acl, nnop, op


ACL, NNOP, OP = load_libs()


def check(rc, what):
    if rc != 0:
        msg = ACL.aclGetRecentErrMsg()
        raise RuntimeError(f"{what} returned {rc}: {msg.decode() if msg else ''}")


def set_profile(key):
    ACL.aclrtResetDevice(0)
    ACL.aclFinalize()
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump({"soc_version": key}, f)
        path = f.name
    try:
        check(ACL.aclInit(path.encode()), "aclInit")
    finally:
        os.unlink(path)
    check(ACL.aclrtSetDevice(0), "aclrtSetDevice")
    name = ACL.aclrtGetSocName().decode()
    assert name.startswith(key), (key, name)


class Device:
    def __init__(self, nbytes):
        self.ptr = ctypes.c_void_p()
        check(ACL.aclrtMalloc(ctypes.byref(self.ptr), max(nbytes, 1), 0), "aclrtMalloc")
        self.nbytes = nbytes

    def upload(self, raw):
        if raw:
            check(ACL.aclrtMemcpy(self.ptr, self.nbytes, raw, len(raw), H2D), "aclrtMemcpy H2D")

    def download(self):
        buf = ctypes.create_string_buffer(self.nbytes)
        if self.nbytes:
            check(ACL.aclrtMemcpy(buf, self.nbytes, self.ptr, self.nbytes, D2H), "aclrtMemcpy D2H")
        return buf.raw

    def free(self):
        ACL.aclrtFree(self.ptr)


def raw_bytes(t):
    """Raw element bytes of a contiguous torch tensor."""
    t = t.contiguous()
    if t.dtype in (torch.float16, torch.bfloat16):
        return t.view(torch.int16).numpy().tobytes()
    return t.numpy().tobytes()


def make_tensor(dev, shape, strides, dtype, storage_numel):
    n = len(shape)
    dims = (ctypes.c_int64 * max(n, 1))(*shape)
    st = (ctypes.c_int64 * max(n, 1))(*strides)
    storage = (ctypes.c_int64 * 1)(storage_numel)
    t = NNOP.aclCreateTensor(dims, n, dtype, st, 0, ACL_FORMAT_ND, storage, 1, dev.ptr)
    if not t:
        raise RuntimeError("aclCreateTensor failed")
    return t


def contiguous_strides(shape):
    s, out = 1, []
    for d in reversed(shape):
        out.append(s)
        s *= max(d, 1)
    return list(reversed(out))


def ordered(bits, width):
    """Sign-magnitude float bits -> integers ordered like the values (+0 and -0 both 0)."""
    bits = bits.astype(np.int64)
    mag = bits & ((1 << (width - 1)) - 1)
    neg = (bits >> (width - 1)) & 1
    return np.where(neg == 1, -mag, mag)


def ulp_distance(a, b):
    """Element-wise distance in ULPs between two torch tensors of one float dtype."""
    if a.dtype == torch.float32:
        x, y, w = a.view(torch.int32).numpy().view(np.uint32), b.view(torch.int32).numpy().view(np.uint32), 32
    else:
        x, y, w = a.view(torch.int16).numpy().view(np.uint16), b.view(torch.int16).numpy().view(np.uint16), 16
    return np.abs(ordered(x, w) - ordered(y, w))


def sequential_factor(shape):
    r = np.float32(1.0)
    for d in (shape if shape else [1]):
        r = np.float32(r / np.float32(d))
    return r


def random_values(rng, shape, dtype):
    """Finite values rich in zeros, subnormals, ties and repeated values."""
    n = int(np.prod(shape)) if shape else 1
    kind = rng.random(n)
    scale = 10.0 ** rng.uniform(-3, 3)
    v = rng.standard_normal(n) * scale
    v[kind < 0.10] = 0.0
    v[(kind >= 0.10) & (kind < 0.13)] = -0.0
    sub = (kind >= 0.13) & (kind < 0.18)
    if dtype == ACL_FLOAT16:
        v[sub] = rng.integers(-1023, 1024, sub.sum()) * 2.0 ** -24  # float16 subnormals
        big = (kind >= 0.18) & (kind < 0.22)
        v[big] = rng.choice([65504.0, -65504.0, 32768.0, 2049.0, 60000.0], big.sum())
    else:
        v[sub] = rng.integers(-(1 << 20), 1 << 20, sub.sum()) * 2.0 ** -149  # float32 subnormals
    small = (kind >= 0.22) & (kind < 0.35)
    v[small] = rng.integers(-4, 5, small.sum())
    return torch.tensor(v.reshape(shape) if shape else v[0], dtype=torch.float64).to(TORCH_OF[dtype])


def random_shape(rng, max_numel):
    nd = int(rng.choice([0, 1, 1, 2, 2, 3, 3, 4, 5]))
    shape = [int(rng.choice([1, 2, 3, 4, 5, 7, 8, 10, 16, 17, 33])) for _ in range(nd)]
    while int(np.prod(shape)) > max_numel:
        i = int(np.argmax(shape))
        shape[i] = (shape[i] + 1) // 2
    return shape


def broadcast_of(rng, shape):
    rank = len(shape) if rng.random() < 0.7 else int(rng.integers(0, len(shape) + 1))
    sub = shape[len(shape) - rank:]
    return [1 if rng.random() < 0.3 else d for d in sub]


def run_case(rng, profile, ds, dt, dgo, reduction, shape, strided_self):
    """Returns (ours, torch_reference, out_dtype, promote)."""
    red_name = ["none", "mean", "sum"][reduction]
    p = PROMOTE[(ds, dt)]
    p = PROMOTE[(dgo, p)] if (dgo, p) in PROMOTE else p
    out_dtype = ds  # torch's gradient has self's dtype
    self_v = random_values(rng, shape, ds)
    tshape = broadcast_of(rng, shape)
    target_v = random_values(rng, tshape, dt)
    if tshape == shape and rng.random() < 0.5:  # equal pairs
        mask = torch.from_numpy(np.asarray(rng.random(tuple(shape)) < 0.3))
        target_v = torch.where(mask, self_v.to(TORCH_OF[dt]), target_v)
    go_shape = broadcast_of(rng, shape) if reduction == 0 else []
    go_v = random_values(rng, go_shape, dgo)

    # torch: self at the full broadcast shape so that its gradient is gradInput element for element
    s = self_v.clone().requires_grad_(True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        loss = F.l1_loss(s, target_v, reduction=red_name)
    grad = go_v.expand(shape).contiguous() if reduction == 0 else go_v
    loss.backward(grad.to(loss.dtype))
    ref = s.grad.detach()

    # ours
    devs, tensors = [], []
    try:
        def upload(t_view, storage, dtype):
            d = Device(storage.numel() * ITEM[dtype])
            d.upload(raw_bytes(storage))
            devs.append(d)
            h = make_tensor(d, list(t_view.shape), list(t_view.stride()), dtype, max(storage.numel(), 1))
            tensors.append(h)
            return h

        if strided_self and len(shape) >= 2:
            perm = list(range(len(shape)))
            rng.shuffle(perm)
            storage = self_v.permute(perm).contiguous()
            inv = [perm.index(i) for i in range(len(shape))]
            view = storage.permute(inv)
            h_self = upload(view, storage, ds)
        else:
            h_self = upload(self_v, self_v.contiguous(), ds)
        h_target = upload(target_v, target_v.contiguous(), dt)
        h_go = upload(go_v, go_v.contiguous(), dgo)
        n = int(np.prod(shape)) if shape else 1
        out_dev = Device(n * ITEM[out_dtype])
        devs.append(out_dev)
        h_out = make_tensor(out_dev, shape, contiguous_strides(shape), out_dtype, max(n, 1))
        tensors.append(h_out)
        ws = ctypes.c_uint64(0)
        ex = ctypes.c_void_p()
        check(OP.aclnnL1LossBackwardGetWorkspaceSize(h_go, h_self, h_target, reduction, h_out, ctypes.byref(ws),
                                                     ctypes.byref(ex)), "GetWorkspaceSize")
        wsdev = None
        if ws.value:
            wsdev = Device(ws.value)
            devs.append(wsdev)
        check(OP.aclnnL1LossBackward(wsdev.ptr if wsdev else None, ws.value, ex, None), "aclnnL1LossBackward")
        check(ACL.aclrtSynchronizeStream(None), "aclrtSynchronizeStream")
        raw = out_dev.download()
    finally:
        for h in tensors:
            NNOP.aclDestroyTensor(h)
        for d in devs:
            d.free()
    if out_dtype == ACL_FLOAT:
        ours = torch.from_numpy(np.frombuffer(raw, dtype=np.float32).copy())
    else:
        ours = torch.from_numpy(np.frombuffer(raw, dtype=np.int16).copy()).view(TORCH_OF[out_dtype])
    return ours.reshape(shape), ref.reshape(shape), out_dtype, p


def main():
    seed = int(os.environ.get("PY_TORCH_ORACLE_SEED", "20240603"))
    n_cases = int(os.environ.get("PY_TORCH_ORACLE_CASES", "1500"))
    rng = np.random.default_rng(seed)
    t0 = time.time()
    passed = failed = 0
    stats = {}  # (profile, combo, reduction) -> [cases, non-bit-exact elements, elements, max ulp]
    profiles = ["Ascend950", "Ascend910B", "Ascend310P"]
    combos = [(ACL_FLOAT,) * 3, (ACL_FLOAT16,) * 3, (ACL_BF16,) * 3,
              (ACL_FLOAT, ACL_FLOAT16, ACL_FLOAT), (ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT),
              (ACL_BF16, ACL_FLOAT16, ACL_FLOAT), (ACL_BF16, ACL_FLOAT, ACL_FLOAT)]
    failures = []
    try:
        for pi, profile in enumerate(profiles):
            set_profile(profile)
            for i in range(n_cases // len(profiles)):
                ds, dt, dgo = combos[i % len(combos)]
                if profile == "Ascend310P" and PROMOTE[(dgo, PROMOTE[(ds, dt)])] == ACL_BF16:
                    ds, dt, dgo = ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16
                reduction = (i // len(combos)) % 3
                shape = random_shape(rng, 2000 if rng.random() < 0.9 else 20000)
                strided = rng.random() < 0.25
                ours, ref, out_dtype, p = run_case(rng, profile, ds, dt, dgo, reduction, shape, strided)
                dist = ulp_distance(ours.reshape(-1), ref.reshape(-1))
                tol = 1
                if reduction == 1 and profile == "Ascend950" and p == ACL_FLOAT and out_dtype == ACL_FLOAT:
                    n = int(np.prod(shape)) if shape else 1
                    rel = abs(float(sequential_factor(shape)) * n - 1.0)
                    tol = 1 + math.ceil(rel * 2.0 ** 24)
                key = (profile, "/".join(NAME_OF[d] for d in (ds, dt, dgo)), ["none", "mean", "sum"][reduction])
                st = stats.setdefault(key, [0, 0, 0, 0])
                st[0] += 1
                st[1] += int((dist != 0).sum())
                st[2] += dist.size
                st[3] = max(st[3], int(dist.max()) if dist.size else 0)
                if dist.size and int(dist.max()) > tol:
                    failed += 1
                    j = int(np.argmax(dist))
                    failures.append(f"{key} shape={shape} strided={strided}: element {j} ours={ours.reshape(-1)[j].item()!r}"
                                    f" torch={ref.reshape(-1)[j].item()!r} ({int(dist[j])} ulp > {tol})")
                else:
                    passed += 1
    finally:
        ACL.aclrtResetDevice(0)
        ACL.aclFinalize()
    for f in failures[:20]:
        print("FAIL", f)
    print("per category: cases, elements not bit-identical to torch / elements, max ULP")
    for key in sorted(stats):
        c, ne, el, mx = stats[key]
        print(f"  {key[0]:<11} {key[1]:<13} {key[2]:<5} {c:4d} cases  {ne:6d}/{el:<7d} differ  max {mx} ulp")
    print(f"py_torch_oracle: {passed} passed, {failed} failed ({time.time() - t0:.1f} s, seed {seed})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
