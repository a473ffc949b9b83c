#!/usr/bin/env python3
"""Compares the operators of this project (on the CPU) with the copy bound and, where this script has their
counterparts, PyTorch eager and JAX/XLA: every operator op_bench benchmarks (its rows come from the operator
table ops/operators.yaml; `op_bench --list-cases` lists them), on the same case table (each on the cases it
accepts: MseLossBackward without the mixed-dtype case, which it rejects by contract); a row is <op>/<case>.
Counterparts: the loss gradients aclnnL1LossBackward (l1), aclnnMseLossBackward (mse) and
aclnnSmoothL1LossBackward with beta = 1.0 (smooth_l1) and the forward losses (this script's own), and every
operator whose bench row in the table names a PyTorch expression (`torch:`, e.g. relu: torch.relu(s)),
timed as the "torch formula" column; the others (those with a weight: its one-element tensor and gradient)
are compared with the copy bound alone.

One command, one run:

    python3 bench/compare.py --build <build dir configured with -DACLCPU_BUILD_BENCH=ON>

For every case of bench/op_bench.cpp it measures, in this order and in this one invocation:
  * ours: the Google Benchmark binary <build>/bench/op_bench (--benchmark_format=json), which times the
    public API round trip (first phase + second phase + aclrtSynchronizeStream) and, in the same process,
    copies of the same byte count (bytes read + written), the faster of two counting;
  * ideal = that copy time (an operator with a weight gradient, aclnnPreluBackward: that copy time plus the
    read bound of the reduction's inputs, gradOutput and self, as CANN runs an element-wise kernel and a
    reduction; op_bench's counter reduced_bytes). Cases of 64 MiB and more copy inside every iteration, just
    before the call (glibc memcpy and a streaming-store copy, both split over the device's threads, each between its own
    buffers so that neither reads a source the other just cached), and also report the
    paired ratio: the median over iterations of call time / copy time of the same iteration. This VM's
    memory bandwidth drifts by +-30%, and best-of times of a case and of a separate copy can come from
    different bandwidth phases; the paired ratio cannot, so the ratio targets are judged on it (the best-of
    ratio is printed beside it). Smaller cases run hot in cache, back to back, and so does their copy bound
    (glibc memcpy on one thread and split over the threads, benchmark copy/<case>);
  * PyTorch eager (the system's python3-torch), with torch.set_num_threads(ours): the backward alone
    ("formula": l1 torch.sign(s - t) * g [/ n]; mse torch.ops.aten.mse_loss_backward; smooth_l1
    torch.ops.aten.smooth_l1_loss_backward) and autograd of F.l1_loss / F.mse_loss / F.smooth_l1_loss
    (forward + backward, as a training step pays it);
  * JAX: jax.jit(jax.grad(mean / sum of loss(s, t) * g)), loss |x|, x^2 or the Huber-style smooth L1 of
    x = s - t (skipped with a note when jax is not importable:
    install it with `pip install --break-system-packages -c <(echo numpy==<system numpy>) jax==0.4.38
    jaxlib==0.4.38`; an unpinned install replaces the system numpy and breaks python3-torch);
  * the peak RSS of a standalone 2^24 FLOAT run (<build>/bench/l1_peak_memory under /usr/bin/time -v);
  * the foreach section (skipped with --no-foreach or a --filter; run alone with --foreach-only): the
    per-tensor overhead of a tensor list, <build>/bench/foreach_bench (a list of 100 tensors of 4,096
    elements against one tensor of 409,600, full round trips, the paired median ratio list/one; target
    <= 1.2x) beside PyTorch eager's torch._foreach_* over the same list and its one-tensor call.
Every time is the best of --reps repetitions (each repetition a mean over enough calls to last
--min-time seconds; op_bench's repetitions of all cases run randomly interleaved), the same rule for every
contender, so a busy machine penalises all alike; the 4-element case also reports the median of its
individual round trips.

Prints a table (times; ratios ours/ideal best-of and paired, torch/ours, jax/ours) and the targets met or missed;
--markdown FILE writes the same report as Markdown. Exits with status 1 when a case of ours reported an
error (a failed phase: its row would otherwise just be missing); exits with a message when --filter matched
no case of one of the --ops operators (default: all of them).
"""
import argparse
import json
import os
import platform
import re
import subprocess
import sys
import time
import warnings

BIG = 1 << 24

# name -> (gradOutput shape, self shape, target shape, dtypes (g, s, t, out), reduction, self transposed)
CASES = {
    "f32_none": ((BIG,), (BIG,), (BIG,), ("f32", "f32", "f32", "f32"), "none", False),
    "f32_mean": ((BIG,), (BIG,), (BIG,), ("f32", "f32", "f32", "f32"), "mean", False),
    "f16_none": ((BIG,), (BIG,), (BIG,), ("f16", "f16", "f16", "f16"), "none", False),
    "f16_mean": ((BIG,), (BIG,), (BIG,), ("f16", "f16", "f16", "f16"), "mean", False),
    "bf16_none": ((BIG,), (BIG,), (BIG,), ("bf16", "bf16", "bf16", "bf16"), "none", False),
    "bf16_mean": ((BIG,), (BIG,), (BIG,), ("bf16", "bf16", "bf16", "bf16"), "mean", False),
    "f32_scalar_grad_mean": ((), (BIG,), (BIG,), ("f32", "f32", "f32", "f32"), "mean", False),
    "f32_bcast_target_4096x4096": ((4096, 4096), (4096, 4096), (4096, 1), ("f32",) * 4, "none", False),
    "f32_transposed_self_4096x4096": ((4096, 4096), (4096, 4096), (4096, 4096), ("f32",) * 4, "none", True),
    "mixed_f16_self_f32_target": ((BIG,), (BIG,), (BIG,), ("f32", "f16", "f32", "f32"), "none", False),
    "f32_in_place": ((BIG,), (BIG,), (BIG,), ("f32",) * 4, "none", False),
    "f32_4_elements": ((4,), (4,), (4,), ("f32",) * 4, "none", False),
    "f32_65536": ((65536,), (65536,), (65536,), ("f32",) * 4, "none", False),
}

# The operators with PyTorch and JAX counterparts below, as op_bench names them (<op>/<case>); the operator
# list itself is op_bench's (list_ops), which registers a case only for the operators that accept it.
COUNTERPARTS = ["l1", "mse", "smooth_l1", "l1_loss", "mse_loss", "smooth_l1_loss"]
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def table_counterparts():
    """{op_bench prefix: (torch expression, {parameter: value})} of the operator table's bench rows that name a
    PyTorch eager counterpart (`torch:`, ops/operators.yaml; the parameters: their defaults and the row's
    values), read with the table's own loader (tools/opgen/gen_ops.py)."""
    sys.path.insert(0, os.path.join(ROOT, "tools", "opgen"))
    try:
        import gen_ops
    finally:
        sys.path.pop(0)
    _, ops = gen_ops.load(os.path.join(ROOT, "ops", "operators.yaml"))
    out = {}
    for op in gen_ops.base_ops(ops):
        rows = op.d.get("bench", {})
        for r in rows if isinstance(rows, list) else [rows]:
            if "torch" in r:
                values = {p["name"]: p["default"] for p in op.scalars if "default" in p}
                values.update(r.get("values", {}))
                out[r.get("prefix", gen_ops.snake(op.api))] = (r["torch"], values)
    return out


TABLE_COUNTERPARTS = table_counterparts()
# The forward losses aclnnL1Loss (l1_loss), aclnnMseLoss (mse_loss) and aclnnSmoothL1Loss (smooth_l1_loss,
# beta = 1.0): self and target
# of the case (no gradOutput). Their ideal is the copy bound of their own bytes for "none" and, for the
# reductions (mean cases), the read bound: a plain threaded float32 sum over the same bytes (op_bench's
# ReadBound), both timed inside the iterations. Torch: F.l1_loss / F.mse_loss / F.smooth_l1_loss forward; JAX:
# jit of the
# loss. Their base element-wise formula is that of the gradient of the same name.
FORWARD = {"l1_loss": "l1", "mse_loss": "mse", "smooth_l1_loss": "smooth_l1"}
SMOOTH_L1_BETA = 1.0  # op_bench's: beta's default in ops/operators.yaml
ATEN_REDUCTION = {"none": 0, "mean": 1, "sum": 2}  # at::Reduction

CONTIGUOUS_SAME_DTYPE = ["f32_none", "f32_mean", "f16_none", "f16_mean", "bf16_none", "bf16_mean", "f32_in_place"]


def device_threads():
    v = os.environ.get("ACLCPU_NUM_THREADS")
    if v and v.isdigit() and int(v) > 0:
        return int(v)
    return os.cpu_count() or 1


def fmt_time(s):
    if s is None:
        return "n/a"
    if s < 1e-3:
        return "%.2f us" % (s * 1e6)
    return "%.2f ms" % (s * 1e3)


def fmt_ratio(r):
    return "n/a" if r is None else "%.2fx" % r


# ------------------------------------------------------------------ ours (Google Benchmark JSON)

def op_bench_exe(build):
    exe = os.path.join(build, "bench", "op_bench")
    if not os.path.exists(exe):
        sys.exit("%s not found: configure with -DACLCPU_BUILD_BENCH=ON and build" % exe)
    return exe


def list_cases(build):
    """op_bench's <op>/<case> names, in its order."""
    p = subprocess.run([op_bench_exe(build), "--list-cases"], check=True, capture_output=True, text=True)
    return [line.split()[0] for line in p.stdout.splitlines() if "/" in line]


def list_ops(build):
    """The operators op_bench benchmarks (the table's rows), in its order: the <op> of its <op>/<case> names."""
    ops = []
    for name in list_cases(build):
        op = name.split("/", 1)[0]
        if op not in ops:
            ops.append(op)
    return ops


def run_ours(build, reps, min_time, filt, ops):
    exe = op_bench_exe(build)
    # Random interleaving spreads every case's repetitions (ours and the copies alike) over the whole run, so
    # the best-of times of ours and of its copy bound sample the same phases of the machine's memory bandwidth
    # (on a shared VM it moves by +-30% over minutes; run back to back, a case and its copies could see
    # different phases).
    cmd = [exe, "--benchmark_format=json", "--benchmark_repetitions=%d" % reps,
           "--benchmark_min_time=%g" % min_time, "--benchmark_enable_random_interleaving=true"]
    cases = "(%s)/" % filt if filt else ""
    # Always filtered: the operators' benchmarks and the cases' copy bounds (copy/<case>).
    cmd.append("--benchmark_filter=^(%s)/%s|^copy/%s" % ("|".join(ops), cases, cases))
    print("running:", " ".join(cmd), file=sys.stderr, flush=True)
    p = subprocess.run(cmd, check=True, capture_output=True, text=True)
    if not p.stdout.strip():  # Google Benchmark prints its "Failed to match" on stderr and no JSON
        sys.exit("op_bench ran no case: %s(op_bench --list-cases lists them)" % p.stderr)
    data = json.loads(p.stdout)
    units = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}
    runs = {}
    errors = {}  # case -> the error a benchmark reported (a failed phase or a wrong status)
    for b in data["benchmarks"]:
        if b.get("run_type") != "iteration":
            continue
        name = b["run_name"] if "run_name" in b else b["name"]
        name = name.replace("/manual_time", "").replace("/real_time", "")
        if b.get("error_occurred"):
            errors[name] = b.get("error_message", "error")
            continue
        r = runs.setdefault(name, {"times": [], "bytes": b.get("bytes", 0), "median_ns": [], "cpu_busy": [],
                                   "copy_ns": [], "pair_ratio": []})
        r["times"].append(b["real_time"] * units[b["time_unit"]])
        for key in ("median_ns", "cpu_busy", "copy_ns", "pair_ratio"):
            if key in b:
                r[key].append(b[key])
    return runs, errors, data.get("context", {})


# ------------------------------------------------------------------ timing helper for Python contenders

def best_time(fn, reps, min_time, sync=lambda r: r):
    sync(fn())  # warm-up (compilation, allocator)
    t0 = time.perf_counter()
    sync(fn())
    once = max(time.perf_counter() - t0, 1e-7)
    iters = max(1, min(100000, int(min_time / once)))
    best = None
    for _ in range(reps):
        t0 = time.perf_counter()
        for _ in range(iters):
            r = fn()
        sync(r)
        dt = (time.perf_counter() - t0) / iters
        best = dt if best is None or dt < best else best
    return best


# ------------------------------------------------------------------ PyTorch eager

def run_torch(names, reps, min_time, threads):
    """Times PyTorch eager on every (op, case) of names; returns ({(op, case): {"formula": s, "autograd": s}},
    note)."""
    try:
        import torch
        import torch.nn.functional as F
    except Exception as e:  # noqa: BLE001
        return None, "PyTorch not importable (%s)" % e
    torch.set_num_threads(threads)
    dt = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16}
    gen = torch.Generator().manual_seed(0)
    res = {}
    for op, name in names:
        gs, ss, ts, dts, red, transposed = CASES[name]

        def make(shape, d):
            x = (torch.randint(-32, 32, shape, generator=gen).to(torch.float32) / 8).to(dt[d])
            return x

        g = make(gs, dts[0])
        if transposed:
            s = make(ss, dts[1]).t()
        else:
            s = make(ss, dts[1])
        t = make(ts, dts[2])
        n = s.numel()
        code = ATEN_REDUCTION[red]
        if op in TABLE_COUNTERPARTS:  # an activation or its gradient: the table's expression over g and s
            expr, values = TABLE_COUNTERPARTS[op]
            scope = dict(values, g=g, s=s, t=t, torch=torch, F=F, aten=torch.ops.aten)
            code_obj = compile(expr, "<ops/operators.yaml %s>" % op, "eval")
            entry = {"autograd": None}
            try:
                entry["formula"] = best_time(lambda: eval(code_obj, scope), reps, min_time)  # noqa: S307
            except (NameError, AttributeError, TypeError) as e:  # the table's expression itself is wrong
                sys.exit("ops/operators.yaml: the torch counterpart of %s, %r, fails: %s" % (op, expr, e))
            except Exception as e:  # noqa: BLE001  (e.g. a dtype this torch build has no CPU kernel for)
                entry["formula"] = None
                entry["formula_error"] = str(e).splitlines()[0]
            res[(op, name)] = entry
            del g, s, t
            continue
        if op in FORWARD:
            if op == "l1_loss":
                fwd = F.l1_loss
            elif op == "mse_loss":
                fwd = F.mse_loss
            else:
                fwd = lambda a, b, reduction: F.smooth_l1_loss(a, b, reduction=reduction, beta=SMOOTH_L1_BETA)  # noqa: E731

            def forward(s=s, t=t, red=red, fwd=fwd):
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    return fwd(s, t.expand(s.shape), reduction=red)

            entry = {"autograd": None}
            try:
                entry["formula"] = best_time(forward, reps, min_time)
            except Exception as e:  # noqa: BLE001
                entry["formula"] = None
                entry["formula_error"] = str(e).splitlines()[0]
            res[(op, name)] = entry
            del g, s, t
            continue
        if op == "mse":
            formula = lambda g=g, s=s, t=t, code=code: torch.ops.aten.mse_loss_backward(g, s, t, code)  # noqa: E731
            loss_fn = F.mse_loss
        elif op == "smooth_l1":
            formula = lambda g=g, s=s, t=t, code=code: torch.ops.aten.smooth_l1_loss_backward(  # noqa: E731
                g, s, t, code, SMOOTH_L1_BETA)
            loss_fn = lambda a, b, reduction: F.smooth_l1_loss(a, b, reduction=reduction, beta=SMOOTH_L1_BETA)  # noqa: E731
        elif red == "mean":
            formula = lambda g=g, s=s, t=t, n=n: torch.sign(s - t) * g / n  # noqa: E731
            loss_fn = F.l1_loss
        else:
            formula = lambda g=g, s=s, t=t: torch.sign(s - t) * g  # noqa: E731
            loss_fn = F.l1_loss
        sg = s.detach().clone().requires_grad_(True) if not transposed else s.detach().requires_grad_(True)
        gout = torch.ones((), dtype=g.dtype) if red == "mean" else g.expand(s.shape)

        def autograd(sg=sg, t=t, red=red, gout=gout, loss_fn=loss_fn):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                loss = loss_fn(sg, t.expand(sg.shape), reduction=red)
            return torch.autograd.grad(loss, sg, grad_outputs=gout)[0]

        entry = {}
        for key, fn in (("formula", formula), ("autograd", autograd)):
            try:
                entry[key] = best_time(fn, reps, min_time)
            except Exception as e:  # noqa: BLE001
                entry[key] = None
                entry[key + "_error"] = str(e).splitlines()[0]
        res[(op, name)] = entry
        del g, s, t, sg
    return res, "torch %s, %d threads" % (torch.__version__, torch.get_num_threads())


# ------------------------------------------------------------------ JAX

def run_jax(names, reps, min_time):
    """Times jax.jit(jax.grad(...)) on every (op, case) of names; returns ({(op, case): seconds}, note)."""
    try:
        import jax
        import jax.numpy as jnp
        import numpy as np
    except Exception as e:  # noqa: BLE001
        return None, "JAX not importable (%s): JAX columns skipped" % e
    dt = {"f32": jnp.float32, "f16": jnp.float16, "bf16": jnp.bfloat16}
    rng = np.random.default_rng(0)
    res = {}
    for op, name in names:
        gs, ss, ts, dts, red, transposed = CASES[name]

        def make(shape, d):
            return jax.device_put(jnp.asarray((rng.integers(-32, 32, shape) / 8).astype(np.float32)).astype(dt[d]))

        g = make(gs, dts[0])
        s = make(ss, dts[1])  # transposed: the function reads it as s.T
        t = make(ts, dts[2])
        reduce = jnp.mean if red == "mean" else jnp.sum
        widen = dts[1] != dts[3]  # mixed: differentiate w.r.t. self widened to the output dtype

        def pointwise(x, op=FORWARD.get(op, op)):
            if op == "mse":
                return x * x
            if op == "smooth_l1":
                ax = jnp.abs(x)
                return jnp.where(ax < SMOOTH_L1_BETA, 0.5 * x * x / SMOOTH_L1_BETA, ax - 0.5 * SMOOTH_L1_BETA)
            return jnp.abs(x)

        def loss(sv, t, g):
            return reduce(pointwise(sv - t) * g)

        def grad_fn(s, t, g):
            sv = s.T if transposed else s
            if widen:
                sv = sv.astype(dt[dts[3]])
            return jax.grad(loss)(sv, t, g)

        def forward_fn(s, t):
            sv = s.T if transposed else s
            v = pointwise(sv.astype(jnp.float32) - t.astype(jnp.float32))
            return v if red == "none" else reduce(v)

        f = jax.jit(forward_fn if op in FORWARD else grad_fn)
        if op in FORWARD:
            try:
                res[(op, name)] = best_time(lambda: f(s, t), reps, min_time, sync=lambda r: r.block_until_ready())
            except Exception as e:  # noqa: BLE001
                res[(op, name)] = None
                print("jax %s/%s: %s" % (op, name, e), file=sys.stderr)
            del g, s, t
            continue
        try:
            res[(op, name)] = best_time(lambda: f(s, t, g), reps, min_time, sync=lambda r: r.block_until_ready())
        except Exception as e:  # noqa: BLE001
            res[(op, name)] = None
            print("jax %s/%s: %s" % (op, name, e), file=sys.stderr)
        del g, s, t
    return res, "jax %s (XLA CPU, %s)" % (jax.__version__, jax.devices()[0].platform)


# ------------------------------------------------------------------ peak memory

def run_peak_memory(build):
    exe = os.path.join(build, "bench", "l1_peak_memory")
    if not os.path.exists("/usr/bin/time"):
        return None, "/usr/bin/time missing (apt-get install time)"
    p = subprocess.run(["/usr/bin/time", "-v", exe], capture_output=True, text=True)
    m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", p.stderr)
    if p.returncode != 0 or not m:
        return None, "l1_peak_memory failed: %s" % p.stderr[-300:]
    return int(m.group(1)) * 1024, None


# ------------------------------------------------------------------ report

SYSTEM_PYTHON = "/usr/bin/python3"


# ------------------------------------------------------------------ foreach: the per-tensor overhead of a list

# foreach_bench's operators (its benchmark name's prefix) -> (number of input lists, the torch eager list
# call, the torch eager one-tensor call of the same arithmetic and parameters). torch's out-of-place forms, as
# ours write a separate out list.
FOREACH_TORCH = {
    "foreach_mul_scalar_v2": (1, lambda t, L: t._foreach_mul(L[0], 0.9), lambda t, O: t.mul(O[0], 0.9)),
    "foreach_add_list_v2": (2, lambda t, L: t._foreach_add(L[0], L[1], alpha=-0.01),
                            lambda t, O: t.add(O[0], O[1], alpha=-0.01)),
    "foreach_lerp_scalar": (2, lambda t, L: t._foreach_lerp(L[0], L[1], 0.1), lambda t, O: t.lerp(O[0], O[1], 0.1)),
    "foreach_addcmul_scalar_v2": (3, lambda t, L: t._foreach_addcmul(L[0], L[1], L[2], value=0.001),
                                  lambda t, O: t.addcmul(O[0], O[1], O[2], value=0.001)),
    "foreach_sqrt": (1, lambda t, L: t._foreach_sqrt(L[0]), lambda t, O: t.sqrt(O[0])),
}
FOREACH_TENSORS, FOREACH_NUMEL = 100, 4096  # foreach_bench's list: 100 tensors of 4,096 elements


def run_foreach(build, reps, min_time, filt, threads, with_torch):
    """The foreach section: ours from <build>/bench/foreach_bench (each case a list of 100 tensors of 4,096
    elements against one tensor of 409,600, both full round trips; its counters list_ns, one_ns and the paired
    median ratio) and, when with_torch, PyTorch eager's torch._foreach_* over the same list against the
    one-tensor torch call (best of reps). Returns (rows, targets, note)."""
    exe = os.path.join(build, "bench", "foreach_bench")
    if not os.path.exists(exe):
        return [], [], "foreach section skipped: %s not built" % exe
    cmd = [exe, "--benchmark_format=json", "--benchmark_min_time=%g" % min_time,
           "--benchmark_repetitions=%d" % max(1, reps), "--benchmark_report_aggregates_only=false"]
    if filt:
        cmd.append("--benchmark_filter=%s" % filt)
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        return [], [], "foreach_bench failed (status %d): %s" % (p.returncode, p.stderr.strip()[-300:])
    ours = {}
    for b in json.loads(p.stdout).get("benchmarks", []):
        if b.get("run_type") != "iteration" or "ratio" not in b:
            continue
        name = b["run_name"].replace("/manual_time", "")
        r = ours.setdefault(name, {"list": [], "one": [], "ratio": []})
        r["list"].append(b["list_ns"] * 1e-9)
        r["one"].append(b["one_ns"] * 1e-9)
        r["ratio"].append(b["ratio"])
    torch = None
    note = None
    if with_torch:
        try:
            import torch
            torch.set_num_threads(threads)
        except Exception as e:  # noqa: BLE001
            torch, note = None, "foreach: PyTorch not importable (%s)" % e
    dts = {"f32": "float32", "f16": "float16", "bf16": "bfloat16"}
    rows, targets = [], []
    for name in sorted(ours):
        op, case = name.split("/", 1)
        o = ours[name]
        ratio = sorted(o["ratio"])[len(o["ratio"]) // 2]
        t_list, t_one = min(o["list"]), min(o["one"])
        tl = to = None
        if torch is not None and op in FOREACH_TORCH:
            n_in, list_call, one_call = FOREACH_TORCH[op]
            d = getattr(torch, dts[case.split("_", 1)[0]])
            gen = torch.Generator().manual_seed(0)
            mk = lambda shape: (torch.rand(shape, generator=gen) + 0.5).to(d)  # noqa: E731
            L = [[mk((FOREACH_NUMEL,)) for _ in range(FOREACH_TENSORS)] for _ in range(n_in)]
            O = [mk((FOREACH_TENSORS * FOREACH_NUMEL,)) for _ in range(n_in)]
            try:
                tl = best_time(lambda: list_call(torch, L), reps, min_time)
                to = best_time(lambda: one_call(torch, O), reps, min_time)
            except (RuntimeError, AttributeError) as e:  # no CPU kernel for the dtype, or no such call in this torch
                tl = to = None
                note = (note + "; " if note else "") + "torch %s: %s" % (name, str(e).splitlines()[0])
        rows.append([name, fmt_time(t_list), fmt_time(t_one), fmt_ratio(ratio), fmt_time(tl), fmt_time(to),
                     fmt_ratio(tl / to) if tl and to else "", fmt_ratio(tl / t_list) if tl else ""])
        targets.append(("MET   " if ratio <= 1.2 else "MISSED") + "  %s: list of 100 <= 1.2x one call (paired "
                       "median %.2fx)" % (name, ratio))
    return rows, targets, note


FOREACH_HEADER = ["foreach case", "ours list", "ours one", "ours list/one (paired)", "torch list", "torch one",
                  "torch list/one", "torch list / ours list"]


def write_markdown(f, header, rows, targets, notes):
    """Writes a report table, its target lines and its notes as Markdown to the open file f."""
    f.write("| " + " | ".join(header) + " |\n")
    f.write("|" + "|".join("---" for _ in header) + "|\n")
    for r in rows:
        f.write("| " + " | ".join(str(c) for c in r) + " |\n")
    f.write("\n")
    for t in targets:
        f.write("- " + t.replace("MET   ", "**met**").replace("MISSED", "**missed**") + "\n")
    f.write("\n")
    for n in notes:
        f.write("- " + n + "\n")


def print_table(header, rows):
    """Prints rows under header, each column as wide as its widest cell, between blank lines."""
    widths = [max(len(str(r[i])) for r in [header] + rows) for i in range(len(header))]
    line = lambda r: "  ".join(str(c).ljust(w) for c, w in zip(r, widths))  # noqa: E731
    print()
    print(line(header))
    print(line(["-" * w for w in widths]))
    for r in rows:
        print(line(r))
    print()


def print_foreach(rows, targets, notes, markdown):
    """Prints the foreach section (run_foreach) and, with markdown, writes it to that file."""
    if rows:
        print_table(FOREACH_HEADER, rows)
    for t in targets:
        print(t)
    for n in notes:
        print("note:", n)
    if markdown:
        with open(markdown, "w") as f:
            write_markdown(f, FOREACH_HEADER, rows, targets, notes)


def use_system_python():
    """Re-runs this script under Debian's python3 when the interpreter on PATH (e.g. a pyenv shim) cannot
    import torch but the system one can: python3-torch is a Debian package, installed for /usr/bin/python3."""
    if os.environ.get("ACLCPU_COMPARE_REEXEC") or os.path.realpath(sys.executable) == os.path.realpath(SYSTEM_PYTHON):
        return
    try:
        import torch  # noqa: F401
        return
    except Exception:
        pass
    if not os.access(SYSTEM_PYTHON, os.X_OK):
        return
    probe = subprocess.run([SYSTEM_PYTHON, "-c", "import torch"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if probe.returncode != 0:
        return
    print("note: %s cannot import torch; re-running under %s" % (sys.executable, SYSTEM_PYTHON), flush=True)
    os.environ["ACLCPU_COMPARE_REEXEC"] = "1"
    os.execv(SYSTEM_PYTHON, [SYSTEM_PYTHON] + sys.argv)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", required=True, help="build directory (configured with -DACLCPU_BUILD_BENCH=ON)")
    ap.add_argument("--reps", type=int, default=5, help="repetitions per contender (best is kept)")
    ap.add_argument("--min-time", type=float, default=0.3, help="seconds per repetition")
    ap.add_argument("--filter", default="", help="regex of case names to run (default: all)")
    ap.add_argument("--ops", default="",
                    help="comma-separated operators to run, of those `op_bench --list-cases` names (default: all)")
    ap.add_argument("--no-torch", action="store_true")
    ap.add_argument("--no-jax", action="store_true")
    ap.add_argument("--markdown", help="also write the report as Markdown to this file")
    ap.add_argument("--no-foreach", action="store_true", help="skip the foreach section (foreach_bench)")
    ap.add_argument("--foreach-only", action="store_true",
                    help="run the foreach section alone (--filter then selects foreach_bench's cases)")
    args = ap.parse_args()
    if not args.no_torch:
        use_system_python()

    threads = device_threads()
    load_before = os.getloadavg()
    if args.foreach_only:
        rows, targets, note = run_foreach(args.build, args.reps, args.min_time, args.filter, threads, not args.no_torch)
        print_foreach(rows, targets, [note] if note else [], args.markdown)
        return
    known = list_ops(args.build)
    ops = [o for o in args.ops.split(",") if o] if args.ops else known
    unknown = [o for o in ops if o not in known]
    if unknown or not ops:
        sys.exit("--ops: unknown operator(s) %s (known: %s)" % (", ".join(unknown) or "none given", ", ".join(known)))
    ours, errors, ctx = run_ours(args.build, args.reps, args.min_time, args.filter, ops)
    names = [(op, n) for op in ops for n in CASES if ("%s/%s" % (op, n)) in ours]
    counterpart_names = [k for k in names if k[0] in COUNTERPARTS or k[0] in TABLE_COUNTERPARTS]
    if not names and not errors:
        sys.exit("no case matched --filter %r (op_bench --list-cases lists them)" % args.filter)
    # an operator none of whose cases --filter names (aclnnReduceSum's FLOAT16 row has no FLOAT case) is left out
    # with a note; one that has such a case and ran none is an error
    listed = list_cases(args.build)
    unmatched = [o for o in ops if not any(n.startswith(o + "/") and (not args.filter or re.search(
        "^(%s)$" % args.filter, n.split("/", 1)[1])) for n in listed)]
    for o in unmatched:
        print("note: --filter %r names no case of %s" % (args.filter, o), file=sys.stderr)
    missing = [o for o in ops if o not in unmatched and not any(k[0] == o for k in names) and
               not any(e.startswith(o + "/") for e in errors)]
    if missing:  # an operator that ran no case: op_bench lacks it or --filter names no case it accepts
        sys.exit("no case of %s ran (--filter %r; op_bench --list-cases lists them)" % (", ".join(missing), args.filter))
    notes = []
    torch_res, note = (None, "PyTorch skipped (--no-torch)") if args.no_torch else run_torch(
        counterpart_names, args.reps, args.min_time, threads)
    notes.append(note)
    # A torch column that says n/a: the reason (e.g. this torch build has no CPU kernel for the dtype).
    for key, entry in sorted((torch_res or {}).items()):
        for col in ("formula", "autograd"):
            if entry.get(col + "_error"):
                notes.append("torch %s/%s %s: %s" % (key + (col, entry[col + "_error"])))
    jax_res, note = (None, "JAX skipped (--no-jax)") if args.no_jax else run_jax(counterpart_names, args.reps, args.min_time)
    notes.append(note)
    peak, peak_note = run_peak_memory(args.build)
    load_after = os.getloadavg()

    rows = []
    ratios = {}
    for key in names:
        op, n = key
        o = ours["%s/%s" % key]
        t_ours = min(o["times"])
        nbytes = o["bytes"]
        # The copy bound: timed inside the case's own iterations (large cases) or as copy/<case> (small ones);
        # a copy of a few dozen bytes bounds nothing, so cases under 64 KiB have none.
        ideal = None
        if o["copy_ns"]:
            ideal = min(o["copy_ns"]) * 1e-9
        elif ("copy/" + n) in ours:
            ideal = min(ours["copy/" + n]["times"])
        paired = sorted(o["pair_ratio"])[len(o["pair_ratio"]) // 2] if o["pair_ratio"] else None
        tf = ta = tj = None
        if torch_res and key in torch_res:
            tf, ta = torch_res[key].get("formula"), torch_res[key].get("autograd")
        if jax_res and key in jax_res:
            tj = jax_res[key]
        torch_best = min([x for x in (tf, ta) if x is not None], default=None)
        r = {
            "ideal": t_ours / ideal if ideal else None,
            "paired": paired,
            # what the ratio targets are judged on: the paired ratio where the case has one
            "target": paired if paired is not None else (t_ours / ideal if ideal else None),
            "torch": torch_best / t_ours if torch_best else None,
            "jax": tj / t_ours if tj else None,
        }
        ratios[key] = r
        med = sorted(o["median_ns"])[len(o["median_ns"]) // 2] * 1e-9 if o["median_ns"] else None
        rows.append(["%s/%s" % key, "%.1f MB" % (nbytes / 1e6) if nbytes >= 1e5 else "%d B" % nbytes, fmt_time(t_ours),
                     fmt_time(ideal), fmt_ratio(r["ideal"]), fmt_ratio(paired) if paired else "", fmt_time(tf),
                     fmt_time(ta), fmt_ratio(r["torch"]),
                     fmt_time(tj), fmt_ratio(r["jax"]), fmt_time(med) if med else ""])
        ratios[key]["median"] = med

    header = ["case", "bytes r+w", "ours", "ideal (copy bw)", "best-of ours/ideal", "paired median", "torch formula",
              "torch autograd",
              "torch/ours", "jax jit(grad)", "jax/ours", "median call"]

    # targets
    def check(ok, text):
        return ("MET   " if ok else "MISSED") + "  " + text

    targets = []
    def ratio_target(key, lim):
        r = ratios.get(key, {}).get("target")
        if r is not None:
            kind = "paired median" if ratios[key]["paired"] is not None else "best of"
            targets.append(check(r <= lim, "%s/%s <= %.1fx ideal (%s %.2fx; best-of %.2fx)" % (
                key + (lim, kind, r, ratios[key]["ideal"]))))

    # Issue 12: every element-wise operator <= 1.2x the copy bound and every reduction (the forward losses'
    # mean cases) <= 1.2x the read bound, on contiguous same-dtype FLOAT/FLOAT16/BF16 cases at 2^24 elements;
    # the other targets are issue 1's, for L1.
    for op in ops:
        for n in CONTIGUOUS_SAME_DTYPE:
            ratio_target((op, n), 1.2)
    for n, lim in (("f32_scalar_grad_mean", 1.2), ("f32_bcast_target_4096x4096", 2.0),
                   ("f32_transposed_self_4096x4096", 2.0)):
        ratio_target(("l1", n), lim)
    for n, lim in (("f32_none", 10), ("f16_none", 20)):
        key = ("l1", n)
        if key in ratios and ratios[key]["torch"]:
            targets.append(check(ratios[key]["torch"] >= lim, ">= %dx faster than torch eager on l1/%s (%.1fx)" % (
                lim, n, ratios[key]["torch"])))
    if jax_res:
        slower = [k for k in names if ratios[k]["jax"] is not None and ratios[k]["jax"] < 1.0]
        targets.append(check(not slower, "faster than JAX on every case" + (
            " (slower on: %s)" % ", ".join("%s/%s %.2fx" % (k + (ratios[k]["jax"],)) for k in slower)
            if slower else "")))
    if ("l1", "f32_4_elements") in ratios and ratios[("l1", "f32_4_elements")]["median"]:
        med = ratios[("l1", "f32_4_elements")]["median"]
        targets.append(check(med <= 2e-6, "4-element round trip median <= 2 us (%.2f us)" % (med * 1e6)))
    tensor_bytes = 4 * BIG * 4
    if peak:
        targets.append(check(peak <= 1.05 * tensor_bytes, "peak RSS of a 2^24 FLOAT run within 5%% of the tensors' %.1f MiB "
                             "(%.1f MiB, +%.1f%%)" % (tensor_bytes / 2**20, peak / 2**20, 100.0 * (peak / tensor_bytes - 1))))
    else:
        notes.append(peak_note)

    env = [
        "machine: %s, %d logical CPUs (%s), device threads %d" % (
            ctx.get("host_name", platform.node()), os.cpu_count() or 0, platform.processor() or platform.machine(),
            threads),
        "load average before/after: %.2f / %.2f" % (load_before[0], load_after[0]),
    ] + [x for x in notes if x]
    busy = [min(ours["%s/%s" % k]["cpu_busy"]) for k in names if ours["%s/%s" % k]["cpu_busy"]]
    if busy:
        env.append("ours kept %.2f..%.2f cores busy while timed (cpu_busy counter)" % (min(busy), max(busy)))

    print_table(header, rows)
    for t in targets:
        print(t)
    print()
    for e in env:
        print("note:", e)
    for n, msg in sorted(errors.items()):
        print("ERROR  %s: %s" % (n, msg))
    if not args.no_foreach and not args.filter:
        frows, ftargets, fnote = run_foreach(args.build, args.reps, args.min_time, "", threads, not args.no_torch)
        print_foreach(frows, ftargets, [fnote] if fnote else [], None)
        if args.markdown:
            with open(args.markdown, "a") as f:
                f.write("\n")
                write_markdown(f, FOREACH_HEADER, frows, ftargets, [fnote] if fnote else [])

    if args.markdown:
        with open(args.markdown, "w") as f:
            write_markdown(f, header, rows, targets, env)
            for n, msg in sorted(errors.items()):
                f.write("- **error** %s: %s\n" % (n, msg))
    if errors:
        sys.exit(1)  # a benchmark that could not run its case is a failure, not a missing row


if __name__ == "__main__":
    main()
