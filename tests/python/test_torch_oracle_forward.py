#!/usr/bin/env python3
"""PyTorch as an outside oracle of the forward losses aclnnL1Loss, aclnnMseLoss and aclnnSmoothL1Loss.

Calls the library through the Python package (aclcpu.l1_loss, mse_loss, smooth_l1_loss from
$ACLCPU_BUILD_DIR/python, the build tree's package) on random cases - shapes of 0 to 5 dims with NumPy
broadcasting, transposed/permuted and sliced (strided) views, FLOAT, FLOAT16 and BFLOAT16 inputs, integer
inputs for L1 (INT64 arithmetic, and an INT32 target promoted to a float self), reductions none/mean/sum,
SmoothL1 beta in {0, 0.5, 1, 2, 3.5, 0.3, 1e3, 1e30, inf}, some NaN/+-inf/signed-zero inputs - in every product
profile (the functions' soc= argument; a second process runs a subset with the profile from
ACLCPU_SOC_VERSION and soc=None) and compares with torch.nn.functional.l1_loss / mse_loss / smooth_l1_loss on
the same values (Debian's python3-torch, 1.13).

How torch 1.13 computes on the CPU (found by probing it; the test re-checks the premises marked [P] on
every `none` case with `torch_model`, so that a different torch shows up as a "PREMISE" failure):
  * l1_loss = abs(input - target) in the dtype [P]: for FLOAT16/BFLOAT16 one float32 subtraction of the widened
    values, rounded to the dtype, then abs.
  * mse_loss = d * d, d = input - target: FLOAT16 rounds d to half, then the product to half [P]. BFLOAT16 has
    no CPU kernel ("mse_cpu" not implemented for 'BFloat16'): the reference is torch in float32 on the same
    values, rounded once to BFLOAT16.
  * smooth_l1_loss (beta == 0: l1_loss): BFLOAT16 computes z = |d|, 0.5 * z * z / beta, z - 0.5 * beta in
    float32 and rounds once [P]; FLOAT16 mixes its scalar path (every half operation rounded, beta rounded to
    half) and its vectorised path (not), depending on the layout - no premise, a bound. Half intermediates
    overflow (0.5 * z * z = inf for z > ~362 in the scalar path; beta > 65504 is inf in half, so z = inf gives
    inf - inf and a huge z inf / inf): where torch's half element is inf or NaN and the float64 loss (with the
    float32 beta, as the kernels) is not NaN, that float64 loss rounded to half is the reference.
  * sum / mean: FLOAT16 mean is (sum in half) / N, so its sum can overflow to inf although the mean does not;
    then the float64 value is the only reference (the kernels sum in float32: contract §5.2, §5.4).
The kernels (docs/ops/l1_loss.md, mse_loss.md, smooth_l1_loss.md §5) widen the inputs exactly, compute each
element in float32 and round it once to P: d = s32 - t32, |d| (L1), d * d (MSE), and for SmoothL1
d * (0.5 * d) * MultiplyValue or |d| - 0.5 * beta with MultiplyValue = fl32(1/beta) (Ascend950: 0 for
beta < 1e-6; not generated here) and beta as float32. Sums run over the float32 elements (never rounded to P
first) in the profile's order; mean scales by (float)(1/N) or divides by N (contract §5/§6).

Pass criterion, reduction none (element by element):
  * bit for bit (signed zeros included; NaN matches any NaN) where both do the same arithmetic: L1 in every
    dtype (|.| commutes with RNE); L1 on integers (INT64, exact; and an INT32 target promoted to the float self);
    MSE in FLOAT and BFLOAT16 (one subtraction, one product, one rounding to P); SmoothL1 in FLOAT where beta is
    0, +inf or a power of two (then fl32(1/beta) * q == q / beta exactly) or the element takes the linear branch
    (|d| - 0.5 * beta, the same two operations).
  * FLOAT SmoothL1 quadratic branch, other beta: 2 ULPs (q * fl32(1/beta) against q / beta: the reciprocal's
    rounding error plus one rounding; observed at most 1).
  * BFLOAT16 SmoothL1: 1 ULP (the same float32 difference, then one rounding each; observed 0).
  * FLOAT16 MSE: 3 ULPs (torch rounds d to half before squaring: relative error 2u + u^2 with u = 2^-11, at
    most 2 ULPs, plus the final roundings; observed 2).
  * FLOAT16 SmoothL1: 5 ULPs (up to four half roundings in torch's scalar path against one; beta rounded to half
    moves the linear branch by at most 0.5 ULP of beta; the function is continuous across the branch boundary;
    observed 2).
  * NaN <-> NaN, +-inf exactly, zeros with their sign (the kernels never give -0; neither does torch here).
Reductions mean/sum: the result against the float64 value S64 of the same formula on the exact input values
(torch in float64, float32 beta): FLOAT within 4 float32 ULPs of fl32(S64) (element roundings are at most 3u,
summation orders differ: tree, chunks, Kahan; all terms are >= 0, so there is no cancellation; observed at most
2), FLOAT16/BFLOAT16 within 1 ULP of fl_P(S64) (the float32 error is far below an ULP of P, then one rounding;
observed 0). Against torch's own result: FLOAT 4 ULPs, FLOAT16/BFLOAT16 3 ULPs (torch sums elements already
rounded to P and divides in P; observed at most 2 and 1). INT64 sum: exact. Special values: NaN iff torch gives
NaN, +inf iff torch gives +inf (a float64 sum within 1% of the dtype's overflow threshold is only checked for
the class, since another order may overflow or not), with one modelled exception: the Ascend950 MSELossV2
kernel adds its per-core partials with Kahan summation (docs/ops/mse_loss.md §5.2), which turns an infinite
partial followed by another partial into NaN (comp = inf - y = inf, y = p - inf, inf + -inf); there NaN is
accepted where the true sum is +inf.
Prints "py_torch_oracle_forward: N passed, M failed" and exits non-zero on any failure.
"""
import math
import os
import subprocess
import sys
import time
import warnings

import numpy as np
import torch
import torch.nn.functional as F

_BUILD = os.environ.get("ACLCPU_BUILD_DIR") or os.environ.get("ACLCPU_LIB_DIR")
if not _BUILD:
    print("py_torch_oracle_forward: ACLCPU_BUILD_DIR is not set")
    sys.exit(2)
sys.path.insert(0, os.path.join(_BUILD, "python"))
try:
    import aclcpu  # noqa: E402
except ImportError as e:
    print(f"py_torch_oracle_forward: cannot import the aclcpu package from {_BUILD}/python ({e}); build aclcpu_core")
    sys.exit(2)

BF16 = aclcpu.BFLOAT16
DTYPES = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16}
PREC = {"f32": 24, "f16": 11, "bf16": 8}
MAXV = {"f32": float(np.finfo(np.float32).max), "f16": 65504.0, "bf16": float(torch.finfo(torch.bfloat16).max)}
BF16_SOCS = ("Ascend950", "Ascend910B", "Ascend910_93")
BETAS = [0.0, 0.5, 1.0, 2.0, 3.5, 0.3, 1e3, 1e30, math.inf]


# ---------------------------------------------------------------- values, shapes, views

def random_shape(rng, max_numel=1500):
    nd = int(rng.choice([0, 1, 1, 2, 2, 3, 3, 4, 5]))
    shape = [int(rng.choice([1, 2, 3, 4, 5, 7, 8, 16, 17, 33])) for _ in range(nd)]
    while int(np.prod(shape)) > max_numel:
        i = int(np.argmax(shape))
        shape[i] = (shape[i] + 1) // 2
    return shape


def broadcast_of(rng, shape):
    """A shape that broadcasts to `shape`: a suffix of it with some dims set to 1."""
    rank = len(shape) if rng.random() < 0.7 else int(rng.integers(0, len(shape) + 1))
    return [1 if rng.random() < 0.3 else d for d in shape[len(shape) - rank:]]


def random_values(rng, shape, name, special):
    """Finite values rich in zeros of both signs, subnormals, small integers (ties, equal pairs) and values
    near the dtype's range; with `special`, also NaN and +-inf."""
    n = int(np.prod(shape)) if shape else 1
    kind = rng.random(n)
    v = rng.standard_normal(n) * 10.0 ** rng.uniform(-3, 3)
    v[kind < 0.08] = 0.0
    v[(kind >= 0.08) & (kind < 0.12)] = -0.0
    sub = (kind >= 0.12) & (kind < 0.16)
    v[sub] = rng.integers(-1023, 1024, sub.sum()) * (2.0 ** -24 if name == "f16" else 2.0 ** -140)
    small = (kind >= 0.16) & (kind < 0.30)
    v[small] = rng.integers(-4, 5, small.sum())
    if name == "f16":
        big = (kind >= 0.30) & (kind < 0.32)
        v[big] = rng.choice([65504.0, -65504.0, 255.0, 2049.0], big.sum())
    if special:
        for val, lo in ((math.nan, 0.32), (math.inf, 0.33), (-math.inf, 0.34)):
            v[(kind >= lo) & (kind < lo + 0.01)] = val
    return torch.tensor(v.reshape(shape) if shape else v[0], dtype=torch.float64).to(DTYPES[name])


def random_ints(rng, shape, dtype):
    n = int(np.prod(shape)) if shape else 1
    hi = {torch.int64: 1 << 40, torch.int32: 1 << 20, torch.int16: 1 << 14, torch.int8: 100, torch.uint8: 200}[dtype]
    lo = 0 if dtype == torch.uint8 else -hi
    v = rng.integers(lo, hi, n) if dtype != torch.bool else rng.integers(0, 2, n)
    return torch.tensor(v.reshape(shape) if shape else v[0]).to(dtype)


def as_view(rng, t):
    """The same values as `t`, as a transposed/permuted view of a contiguous buffer, a slice with steps of a
    larger buffer, or `t` itself."""
    r = rng.random()
    if t.dim() >= 2 and r < 0.3:
        perm = [int(p) for p in rng.permutation(t.dim())]
        inv = [perm.index(i) for i in range(t.dim())]
        v = t.permute(perm).contiguous().permute(inv)
        return v
    if t.dim() >= 1 and r < 0.55:
        steps = [int(rng.integers(1, 4)) for _ in range(t.dim())]
        big = torch.zeros([d * s for d, s in zip(t.shape, steps)], dtype=t.dtype)
        v = big[tuple(slice(None, None, s) for s in steps)]
        v.copy_(t)
        return v
    return t


# ---------------------------------------------------------------- comparison helpers

def bits(t):
    t = t.contiguous()
    return t.view(torch.int32 if t.element_size() == 4 else torch.int16).numpy().astype(np.int64)


def ordered(t):
    """Float bits -> integers ordered like the values (+0 and -0 both 0)."""
    b = bits(t)
    w = 8 * t.element_size()
    b = b & ((1 << w) - 1)
    mag = b & ((1 << (w - 1)) - 1)
    return np.where((b >> (w - 1)) & 1 == 1, -mag, mag)


def ulps(a, b):
    """|a - b| in ULPs of their (common) dtype, elementwise; NaN against NaN counts 0, NaN against anything
    else and infinities of different sign count as huge."""
    an, bn = torch.isnan(a).numpy(), torch.isnan(b).numpy()
    d = np.abs(ordered(a) - ordered(b))
    d = np.where(an & bn, 0, d)
    return np.where(an ^ bn, 1 << 40, d)


def same_bits(a, b):
    """Elementwise: identical bits (so +0 != -0), or both NaN."""
    return (bits(a) == bits(b)) | (torch.isnan(a) & torch.isnan(b)).numpy()


def to_torch(arr):
    arr = np.array(arr, order="C")  # a copy; keeps 0-d (np.ascontiguousarray would make it 1-d)
    if arr.dtype == BF16:
        return torch.from_numpy(arr.view(np.int16)).view(torch.bfloat16)
    return torch.from_numpy(arr)


def torch_loss(op, s, t, reduction, beta):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # broadcasting warnings
        if op == "l1":
            return F.l1_loss(s, t, reduction=reduction)
        if op == "mse" and s.dtype == torch.bfloat16:  # torch 1.13: "mse_cpu" not implemented for 'BFloat16'
            return F.mse_loss(s.float(), t.float(), reduction=reduction).to(torch.bfloat16)
        if op == "mse":
            return F.mse_loss(s, t, reduction=reduction)
        return F.smooth_l1_loss(s, t, reduction=reduction, beta=beta)


def rn(x64, dtype):
    """float64 tensor -> dtype, RNE (float64 -> float16/bfloat16 in torch rounds once)."""
    return x64.to(dtype)


def torch_model(op, s, t, beta, dtype):
    """The premise: torch's element = every float32 operation rounded to `dtype` (see the module docstring),
    computed here with float32 tensors and explicit roundings."""
    s32, t32 = s.float(), t.float()
    r = lambda x: x.to(dtype).float()  # noqa: E731
    d = r(s32 - t32)
    if op == "l1":
        return d.abs().to(dtype)
    if op == "mse":
        return (d * d).to(dtype)
    if beta == 0:
        return d.abs().to(dtype)
    if dtype == torch.bfloat16:  # torch 1.13's BFloat16 smooth_l1 kernel works in float32 throughout
        z = (s32 - t32).abs()
        b = torch.tensor(beta, dtype=torch.float64).float()
        return torch.where(z < b, 0.5 * z * z / b, z - 0.5 * b).to(dtype)
    z = d.abs()
    b = r(torch.tensor(beta, dtype=torch.float64).float())
    quad = r(r(r(0.5 * z) * z) / b)
    lin = r(z - r(0.5 * b))
    return torch.where(z < b, quad, lin).to(dtype)


def none_tolerance(op, name, beta, quad_mask):
    """Per-element ULP bound for reduction none (module docstring); 0 = bit for bit."""
    if op == "l1":
        return np.zeros_like(quad_mask, dtype=np.int64)
    if name == "f32" or op == "mse" and name == "bf16":  # (BFLOAT16 MSE: torch in float32, rounded once)
        if op == "mse" or beta == 0 or math.isinf(beta) or math.frexp(beta)[0] == 0.5:
            return np.zeros_like(quad_mask, dtype=np.int64)
        return np.where(quad_mask, 2, 0)
    if op == "smooth_l1" and name == "bf16":  # torch in float32 too: q / beta against q * fl32(1/beta)
        return np.ones_like(quad_mask, dtype=np.int64)
    return np.full(quad_mask.shape, 3 if op == "mse" else 5, dtype=np.int64)


# ---------------------------------------------------------------- one case

class Stats:
    def __init__(self):
        self.cat = {}

    def add(self, key, differ, elems, mx):
        c = self.cat.setdefault(key, [0, 0, 0, 0])
        c[0] += 1
        c[1] += differ
        c[2] += elems
        c[3] = max(c[3], mx)


def run_case(rng, op, name, reduction, soc, beta, special, stats, ints=None):
    """Returns a failure message or None."""
    shape = random_shape(rng)
    sshape, tshape = shape, broadcast_of(rng, shape)
    if rng.random() < 0.3:  # broadcasting on the self side too
        sshape, tshape = tshape, shape
    if ints is not None:
        s = random_ints(rng, sshape, ints[0])
        t = random_ints(rng, tshape, ints[1]) if ints[1] != torch.int32 or ints[0] == torch.int64 else None
        if t is None:  # float self, INT32 target (promoted to the float dtype)
            s = random_values(rng, sshape, name, False)
            t = torch.tensor(rng.integers(-2048, 2049, int(np.prod(tshape)) if tshape else 1).reshape(tshape)
                             if tshape else int(rng.integers(-2048, 2049)), dtype=torch.int32)
    else:
        s = random_values(rng, sshape, name, special)
        t = random_values(rng, tshape, name, special)
        if sshape == tshape and rng.random() < 0.5:  # equal pairs: d == +-0
            t = torch.where(torch.from_numpy(np.asarray(rng.random(tuple(sshape)) < 0.3)), s, t)
    sv, tv = as_view(rng, s), as_view(rng, t)
    red = ["none", "mean", "sum"][reduction]
    kw = {} if soc is None else {"soc": soc}
    if op == "l1":
        got = aclcpu.l1_loss(sv, tv, red, **kw)
    elif op == "mse":
        got = aclcpu.mse_loss(sv, tv, red, **kw)
    else:
        got = aclcpu.smooth_l1_loss(sv, tv, red, beta, **kw)
    ours = to_torch(got)
    ref = torch_loss(op, s, t, red, beta)
    desc = (f"{soc or os.environ.get('ACLCPU_SOC_VERSION')} {op} {name if ints is None else ints} {red} "
            f"beta={beta} self{list(s.shape)} target{list(t.shape)} strided=({not sv.is_contiguous()},"
            f"{not tv.is_contiguous()})")
    key = (soc or "env:" + os.environ.get("ACLCPU_SOC_VERSION", "?"), op,
           name if ints is None else "int", red)

    if ours.dtype != ref.dtype or list(ours.shape) != list(ref.shape):
        return f"{desc}: dtype/shape {ours.dtype}{list(ours.shape)} vs torch {ref.dtype}{list(ref.shape)}"
    if not ref.is_floating_point():  # INT64 arithmetic: exact
        eq = (ours.reshape(-1) == ref.reshape(-1)).numpy()
        stats.add(key, int((~eq).sum()), eq.size, int((~eq).any()))
        if not eq.all():
            j = int(np.argmin(eq))
            return f"{desc}: element {j} ours={ours.reshape(-1)[j].item()} torch={ref.reshape(-1)[j].item()}"
        return None
    dtype = ref.dtype
    if reduction == 0:
        o, r = ours.reshape(-1), ref.reshape(-1)
        b = torch.broadcast_tensors(s, t)
        # premise (not for FLOAT16 SmoothL1: torch 1.13 rounds every half operation in its scalar path but
        # not in its vectorised one, so which elements are rounded how depends on the layout)
        if ints is None and name != "f32" and not (op == "mse" and name == "bf16") and \
                not (op == "smooth_l1" and name == "f16"):  # torch: every operation rounded to the dtype
            m = torch_model(op, b[0], b[1], beta, dtype).reshape(-1)
            prem = same_bits(r, m)
            if not prem.all():
                j = int(np.argmin(prem))
                return (f"{desc}: PREMISE torch element {j} = {r[j].item()!r}, the per-operation rounding model "
                        f"gives {m[j].item()!r} (torch's arithmetic changed: revisit the bounds)")
        d32 = (b[0].float() - b[1].float()).abs().reshape(-1)  # the kernel's |d| (FLOAT: torch's z too)
        bf = float(np.float32(beta)) if not math.isinf(beta) else math.inf
        quad = (d32 < bf).numpy() if op == "smooth_l1" else np.zeros(o.numel(), bool)
        tol = none_tolerance(op, name, beta, quad)
        if op == "smooth_l1" and name == "f16":
            # torch's half intermediates overflow: 0.5 * z * z is inf for z > ~362 (scalar path), and beta above
            # 65504 is inf in half (then z = inf gives inf - inf, a huge z inf / inf): where torch is inf or NaN and
            # the float64 loss (float32 beta, as the kernels) is not NaN, that loss rounded to half is the reference
            e64 = torch_loss(op, b[0].double(), b[1].double(), "none", float(np.float32(beta))).reshape(-1)
            ovf = ~torch.isfinite(r) & ~torch.isnan(e64) & ~same_bits(r, e64.to(dtype))
            r = torch.where(ovf, e64.to(dtype), r)
        dist = ulps(o, r)
        exact = tol == 0
        bad = (exact & ~same_bits(o, r)) | (dist > tol)
        # classes: NaN <-> NaN, infinities, zero signs exactly (the bounds above apply to finite values only)
        onan, rnan = torch.isnan(o).numpy(), torch.isnan(r).numpy()
        oinf, rinf = torch.isinf(o).numpy(), torch.isinf(r).numpy()
        bad |= (onan != rnan) | ((oinf | rinf) & ~same_bits(o, r))
        bad |= (o == 0).numpy() & (r == 0).numpy() & ~same_bits(o, r)
        stats.add(key, int((dist != 0).sum()), dist.size, int(np.where(onan | rnan, 0, dist).max()) if dist.size else 0)
        if bad.any():
            j = int(np.argmax(bad))
            return (f"{desc}: element {j} ours={o[j].item()!r} torch={r[j].item()!r} ({int(dist[j])} ulp, "
                    f"bound {int(tol[j])}{', bit for bit' if tol[j] == 0 else ''})")
        return None
    # mean / sum: a 0-d result
    s64 = torch_loss(op, s.double(), t.double(), red, float(np.float32(beta)) if not math.isinf(beta) else beta)
    o, r = ours.reshape(1), ref.reshape(1)
    if op == "smooth_l1" and name == "f16" and not torch.isfinite(r).item() and not torch.isnan(s64).item():
        r = rn(s64.reshape(1), dtype)  # torch's half intermediates overflowed (as for none, above)
    if op == "mse" and (soc or os.environ.get("ACLCPU_SOC_VERSION", "")).startswith("Ascend950") and \
            torch.isnan(o).item() and torch.isinf(s64).item() and s64.item() > 0:
        # The Ascend950 MSELossV2 kernel adds the per-core partials with Kahan summation (docs/ops/mse_loss.md
        # §5.2): an infinite partial followed by another one gives comp = inf - y = inf, then y = p - inf = -inf and
        # total = inf + -inf = NaN. Where the true sum is +inf, NaN is that kernel's result (torch: +inf).
        stats.add(key + ("Kahan inf->NaN",), 1, 1, 0)
        return None
    if torch.isnan(r).item() or torch.isnan(o).item():
        stats.add(key, 0, 1, 0)
        ok = torch.isnan(r).item() and torch.isnan(o).item() and torch.isnan(s64).item()
        return None if ok else f"{desc}: ours={o.item()!r} torch={r.item()!r} float64={s64.item()!r}: NaN class"
    near_overflow = abs(s64.item()) > 0.99 * MAXV[name] and not math.isinf(s64.item())
    if reduction == 1 and name == "f16" and torch.isinf(r).item() and abs(s64.item()) * max(s.numel(), t.numel(), 1) \
            > 0.99 * MAXV[name] and not near_overflow:
        # torch 1.13's half mean = (sum in half) / N: its sum overflows although the mean does not; the
        # kernels sum in float32 (contract §5.2/§5.4), so only the float64 value is the reference
        r = rn(s64.reshape(1), dtype)
    if torch.isinf(r).item() or torch.isinf(o).item():
        stats.add(key, 0, 1, 0)
        ok = same_bits(o, r).all() or (near_overflow and (torch.isinf(o) | torch.isinf(r)).all().item())
        return None if ok else f"{desc}: ours={o.item()!r} torch={r.item()!r} float64={s64.item()!r}: inf class"
    if near_overflow:
        stats.add(key, 0, 1, 0)
        return None
    exact = rn(s64.reshape(1), dtype)
    d_exact, d_torch = int(ulps(o, exact)[0]), int(ulps(o, r)[0])
    tol_exact, tol_torch = (4, 4) if name == "f32" else (1, 3)
    stats.add(key, int(d_torch != 0), 1, d_torch)
    stats.add(key + ("vs float64",), int(d_exact != 0), 1, d_exact)
    if d_exact > tol_exact or d_torch > tol_torch or (o == 0).item() and not same_bits(o, r).all():
        return (f"{desc}: ours={o.item()!r} torch={r.item()!r} float64={s64.item()!r}: {d_exact} ulp from the "
                f"float64 value (bound {tol_exact}), {d_torch} from torch (bound {tol_torch})")
    return None


# ---------------------------------------------------------------- driver

def cases(rng, socs, n_per_soc):
    """(op, dtype name, reduction, soc, beta, special, ints) tuples covering every combination."""
    out = []
    int_pairs = [(torch.int64, torch.int64), (torch.int64, torch.int32), (torch.int16, torch.int64),
                 (torch.uint8, torch.int64), (torch.bool, torch.int64), (torch.float32, torch.int32)]
    for soc in socs:
        names = ["f32", "f16"] + (["bf16"] if soc in BF16_SOCS or soc is None and
                                  os.environ.get("ACLCPU_SOC_VERSION", "").startswith(BF16_SOCS) else [])
        for i in range(n_per_soc):
            op = ["l1", "mse", "smooth_l1"][i % 3]
            name = names[(i // 3) % len(names)]
            reduction = (i // 9) % 3
            beta = BETAS[(i // 27) % len(BETAS)] if op == "smooth_l1" else 1.0
            special = rng.random() < 0.15
            ints = None
            if op == "l1" and i % 7 == 0:
                ints = int_pairs[(i // 7) % len(int_pairs)]
                if ints[0] != torch.float32:
                    reduction = 0 if reduction == 1 else reduction  # no mean on integers (161002)
            out.append((op, name, reduction, soc, beta, special, ints))
    return out


def main():
    seed = int(os.environ.get("PY_TORCH_ORACLE_SEED", "20261219"))
    n_per_soc = int(os.environ.get("PY_TORCH_ORACLE_CASES", "300"))
    env_run = os.environ.get("PY_TORCH_ORACLE_FORWARD_ENV") == "1"
    rng = np.random.default_rng(seed + (1 if env_run else 0))
    t0 = time.time()
    stats = Stats()
    failures, passed = [], 0
    socs = [None] if env_run else list(aclcpu.SOCS)
    for op, name, reduction, soc, beta, special, ints in cases(rng, socs, n_per_soc if not env_run else 120):
        try:
            msg = run_case(rng, op, name, reduction, soc, beta, special, stats, ints)
        except aclcpu.AclnnError as e:
            msg = f"{soc} {op} {name} {ints} reduction {reduction}: AclnnError {e.status} {e}"
        if msg:
            failures.append(msg)
        else:
            passed += 1
    for f in failures[:20]:
        print("FAIL", f)
    print("per category: cases, results not bit-identical to torch (or to float64) / results, max ULP")
    for key in sorted(stats.cat, key=str):
        c, ne, el, mx = stats.cat[key]
        print(f"  {' '.join(str(k) for k in key):<46} {c:4d} cases  {ne:6d}/{el:<7d} differ  max {mx} ulp")
    tag = "py_torch_oracle_forward" + (" (ACLCPU_SOC_VERSION=%s)" % os.environ.get("ACLCPU_SOC_VERSION")
                                       if env_run else "")
    print(f"{tag}: {passed} passed, {len(failures)} failed ({time.time() - t0:.1f} s, seed {seed})")
    rc = 1 if failures else 0
    if not env_run:  # the process-wide profile: a child with ACLCPU_SOC_VERSION set and soc=None
        for soc in ("Ascend910B", "Ascend310P"):
            env = dict(os.environ, ACLCPU_SOC_VERSION=soc, PY_TORCH_ORACLE_FORWARD_ENV="1")
            child = subprocess.run([sys.executable, os.path.abspath(__file__)], env=env, check=False)
            rc = rc or child.returncode
    return rc


if __name__ == "__main__":
    sys.exit(main())
