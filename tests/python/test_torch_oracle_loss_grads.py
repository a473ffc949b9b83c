#!/usr/bin/env python3
"""PyTorch as an outside oracle of aclnnMseLossBackward and aclnnSmoothL1LossBackward.

Uses test_torch_oracle.py's ctypes plumbing (libraries from $ACLCPU_LIB_DIR, profiles, device buffers,
random finite values, ULP distances). Runs random cases (FLOAT, FLOAT16, BF16; reductions none/mean/sum;
broadcast target and gradOutput; SmoothL1 beta in {0.5, 1, 2, 3.5}) in the Ascend950, Ascend910B and
Ascend310P profiles and compares the result with the gradient torch.autograd computes for
torch.nn.functional.mse_loss / smooth_l1_loss.

Pass criterion (documented systematic differences, docs/ops/*.md):
  * torch computes in float32 (its 1.13 CPU loss-backward kernels have no FLOAT16 version) and its result is
    rounded once to FLOAT16/BF16.
  * MSE: within 1 ULP (torch multiplies 2/n * (s - t) * g in its order, the kernels ((s - t) * cof) * g).
  * SmoothL1: 4 ULPs (the Ascend 950 kernel multiplies by fl(1/beta) where torch divides by beta, and applies
    the mean factor last), plus, in the TBE profiles, the relative error of the divisor beta + 1e-6:
    ceil(1.1e-6 / beta * 2^precision) ULPs.
  * FLOAT: where an intermediate is a float32 subnormal the two orders of operations can differ by a few
    subnormal steps times |gradOutput| / min(beta, 1); such elements pass within that absolute bound.
NaN, infinities and beta == 0 are left to the bit-exact model (tests/support/loss_grad_reference.h).
Prints "py_torch_oracle_loss_grads: N passed, M failed" and exits non-zero on any failure.
"""
import ctypes
import math
import os
import sys
import time
import warnings

import numpy as np
import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_torch_oracle as base  # noqa: E402  (loads the libraries)

OP = base.OP
OP.aclnnMseLossBackwardGetWorkspaceSize.argtypes = [ctypes.c_void_p] * 3 + [
    ctypes.c_int64, ctypes.c_void_p, ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(ctypes.c_void_p)]
OP.aclnnMseLossBackward.argtypes = [ctypes.c_void_p, ctypes.c_uint64, ctypes.c_void_p, ctypes.c_void_p]
OP.aclnnSmoothL1LossBackwardGetWorkspaceSize.argtypes = [ctypes.c_void_p] * 3 + [
    ctypes.c_int64, ctypes.c_float, ctypes.c_void_p, ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(ctypes.c_void_p)]
OP.aclnnSmoothL1LossBackward.argtypes = [ctypes.c_void_p, ctypes.c_uint64, ctypes.c_void_p, ctypes.c_void_p]


def run_case(rng, op, dtype, reduction, shape, beta):
    """Returns (ours, torch_reference) as flat tensors of `dtype`."""
    red_name = ["none", "mean", "sum"][reduction]
    self_v = base.random_values(rng, shape, dtype)
    tshape = base.broadcast_of(rng, shape)
    target_v = base.random_values(rng, tshape, dtype)
    go_shape = base.broadcast_of(rng, shape) if reduction == 0 else []
    go_v = base.random_values(rng, go_shape, dtype)

    # torch in float32 on the (exact) values, then rounded once to the dtype: torch 1.13's CPU loss backward
    # kernels have no FLOAT16 version.
    s = self_v.float().clone().requires_grad_(True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if op == "mse":
            loss = F.mse_loss(s, target_v.float(), reduction=red_name)
        else:
            loss = F.smooth_l1_loss(s, target_v.float(), reduction=red_name, beta=beta)
    grad = go_v.expand(shape).contiguous() if reduction == 0 else go_v
    loss.backward(grad.float())
    ref = s.grad.detach().to(base.TORCH_OF[dtype])
    gabs = grad.float().expand(shape).reshape(-1).abs().double().numpy()

    devs, tensors = [], []
    try:
        def upload(t):
            t = t.contiguous()
            d = base.Device(t.numel() * base.ITEM[dtype])
            d.upload(base.raw_bytes(t))
            devs.append(d)
            h = base.make_tensor(d, list(t.shape), list(t.stride()), dtype, max(t.numel(), 1))
            tensors.append(h)
            return h

        h_self, h_target, h_go = upload(self_v), upload(target_v), upload(go_v)
        n = int(np.prod(shape)) if shape else 1
        out_dev = base.Device(n * base.ITEM[dtype])
        devs.append(out_dev)
        h_out = base.make_tensor(out_dev, shape, base.contiguous_strides(shape), dtype, max(n, 1))
        tensors.append(h_out)
        ws = ctypes.c_uint64(0)
        ex = ctypes.c_void_p()
        if op == "mse":
            base.check(OP.aclnnMseLossBackwardGetWorkspaceSize(h_go, h_self, h_target, reduction, h_out,
                                                               ctypes.byref(ws), ctypes.byref(ex)), "first phase")
            run = OP.aclnnMseLossBackward
        else:
            base.check(OP.aclnnSmoothL1LossBackwardGetWorkspaceSize(h_go, h_self, h_target, reduction, beta, h_out,
                                                                    ctypes.byref(ws), ctypes.byref(ex)), "first phase")
            run = OP.aclnnSmoothL1LossBackward
        wsdev = None
        if ws.value:
            wsdev = base.Device(ws.value)
            devs.append(wsdev)
        base.check(run(wsdev.ptr if wsdev else None, ws.value, ex, None), "second phase")
        base.check(base.ACL.aclrtSynchronizeStream(None), "aclrtSynchronizeStream")
        raw = out_dev.download()
    finally:
        for h in tensors:
            base.NNOP.aclDestroyTensor(h)
        for d in devs:
            d.free()
    if dtype == base.ACL_FLOAT:
        ours = torch.from_numpy(np.frombuffer(raw, dtype=np.float32).copy())
    else:
        ours = torch.from_numpy(np.frombuffer(raw, dtype=np.int16).copy()).view(base.TORCH_OF[dtype])
    return ours.reshape(-1), ref.reshape(-1), gabs


def tolerance(op, profile, dtype, beta):
    if op == "mse":
        return 1
    tol = 4
    if profile != "Ascend950":
        tol += math.ceil(1.1e-6 / beta * 2.0 ** base.PRECISION[dtype])
    return tol


def main():
    seed = int(os.environ.get("PY_TORCH_ORACLE_SEED", "20261201"))
    n_cases = int(os.environ.get("PY_TORCH_ORACLE_CASES", "600"))
    rng = np.random.default_rng(seed)
    t0 = time.time()
    passed = failed = 0
    stats = {}
    failures = []
    try:
        for profile in ["Ascend950", "Ascend910B", "Ascend310P"]:
            base.set_profile(profile)
            dtypes = [base.ACL_FLOAT, base.ACL_FLOAT16] + ([base.ACL_BF16] if profile != "Ascend310P" else [])
            for i in range(n_cases // 3):
                op = "mse" if i % 2 == 0 else "smooth_l1"
                dtype = dtypes[(i // 2) % len(dtypes)]
                reduction = (i // 6) % 3
                beta = float(rng.choice([0.5, 1.0, 2.0, 3.5]))
                shape = base.random_shape(rng, 2000)
                ours, ref, gabs = run_case(rng, op, dtype, reduction, shape, beta)
                dist = base.ulp_distance(ours, ref)
                tol = tolerance(op, profile, dtype, beta)
                if dtype == base.ACL_FLOAT:  # float32 intermediates in the subnormal range: an absolute bound
                    diff = np.abs(ours.double().numpy() - ref.double().numpy())
                    dist = np.where(diff <= gabs * 2.0 ** -145 / min(beta, 1.0), 0, dist)
                key = (profile, op, base.NAME_OF[dtype])
                st = stats.setdefault(key, [0, 0, 0, 0])
                st[0] += 1
                st[1] += int((dist != 0).sum())
                st[2] += dist.size
                st[3] = max(st[3], int(dist.max()) if dist.size else 0)
                if dist.size and int(dist.max()) > tol:
                    failed += 1
                    j = int(np.argmax(dist))
                    failures.append(f"{key} {['none', 'mean', 'sum'][reduction]} shape={shape} beta={beta}: element {j}"
                                    f" ours={ours[j].item()!r} torch={ref[j].item()!r} ({int(dist[j])} ulp > {tol})")
                else:
                    passed += 1
    finally:
        base.ACL.aclrtResetDevice(0)
        base.ACL.aclFinalize()
    for f in failures[:20]:
        print("FAIL", f)
    print("per category: cases, elements not bit-identical to torch / elements, max ULP")
    for key in sorted(stats):
        c, ne, el, mx = stats[key]
        print(f"  {key[0]:<11} {key[1]:<10} {key[2]:<5} {c:4d} cases  {ne:6d}/{el:<7d} differ  max {mx} ulp")
    print(f"py_torch_oracle_loss_grads: {passed} passed, {failed} failed ({time.time() - t0:.1f} s, seed {seed})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
