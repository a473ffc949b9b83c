#!/usr/bin/env python3
"""Speed of the Python package (issue 11 §4), side by side with PyTorch on the CPU.

1. Call overhead for 4 FLOAT elements: aclcpu.l1_loss_backward (the public function), aclcpu._core directly
   (the binding), and the C sequence the binding runs (aclCreateTensor x4, both phases, synchronize, destroy)
   timed inside C++ (aclcpu._core._c_call_ns). Overhead = Python call - C sequence.
2. Goldens of an ATK case list (e.g. ops-nn loss/l1_loss_grad/tests/st/aclnnL1LossBackward/
   atk_aclnnL1LossBackward.json, 211 cases): the whole `aclcpu golden --atk-json` pipeline into a temporary
   directory, then the golden computation alone on the same inputs, and the same list computed by torch on
   the CPU with the ATK executor's formula (sign(self - target) * gradOutput [* 1/numel]).

Usage: PYTHONPATH=build/python /usr/bin/python3 bench/golden_bench.py [--atk-json FILE] [--reps N]
Medians of --reps repetitions; wall-clock, so a loaded machine inflates every number.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
import timeit

import numpy as np

import aclcpu
from aclcpu import _core
from aclcpu import cases as C


def per_call_us(fn, number):
    return min(timeit.repeat(fn, number=number, repeat=7)) / number * 1e6


def bench_overhead():
    g = np.ones(4, np.float32)
    s = np.array([1, -2, 3, 4], np.float32)
    t = np.array([0, 0, 3, 5], np.float32)
    py = per_call_us(lambda: aclcpu.l1_loss_backward(g, s, t, "mean"), 20000)
    py_soc = per_call_us(lambda: aclcpu.l1_loss_backward(g, s, t, "mean", soc="Ascend910B"), 20000)
    core = per_call_us(lambda: _core.l1_loss_backward(g, s, t, 1, None, -1), 20000)
    c_ns = min(_core._c_call_ns(4, 20000) for _ in range(7))
    print(f"4 elements: public function {py:.2f} us, with soc= {py_soc:.2f} us, binding {core:.2f} us, "
          f"C sequence {c_ns / 1000:.2f} us -> Python overhead {py - c_ns / 1000:.2f} us")


def torch_golden(torch, case, views):
    """The ATK executor's formula on CPU tensors (float32 compute for 16-bit dtypes, as torch does)."""
    tensors = []
    for v in views:
        if aclcpu.BFLOAT16 is not None and v.dtype == aclcpu.BFLOAT16:
            tensors.append(torch.from_numpy(np.ascontiguousarray(v).view(np.int16)).view(torch.bfloat16))
        else:
            tensors.append(torch.from_numpy(np.ascontiguousarray(v)))
    go, s, t = tensors
    go, s = torch.broadcast_tensors(go, s)
    go, t = torch.broadcast_tensors(go, t)
    y = go * torch.sign(s - t)
    if case.reduction == 1:
        y = y * (s.numel() ** -1)
    return y


def bench_list(path, reps):
    with tempfile.TemporaryDirectory() as tmp:
        walls = []
        for k in range(reps):
            t0 = time.perf_counter()
            subprocess.run([sys.executable, "-m", "aclcpu", "golden", "--atk-json", path, "--out",
                            os.path.join(tmp, f"o{k}")], check=True, stdout=subprocess.DEVNULL)
            walls.append(time.perf_counter() - t0)
    cases = C.read_atk_json(path)
    prepared = []
    for case in cases:
        rng = C._rng(0, case.name)
        storages = [C.generate_storage(t, rng) for t in case.inputs]
        prepared.append((case, [C.view_of(s, t) for s, t in zip(storages, case.inputs)]))
    ours = []
    for _ in range(reps):
        t0 = time.perf_counter()
        for case, v in prepared:
            aclcpu.l1_loss_backward(v[0], v[1], v[2], case.reduction)
        ours.append(time.perf_counter() - t0)
    line = (f"{len(cases)} cases: aclcpu golden CLI (read, generate, compute, write) {statistics.median(walls):.2f} s; "
            f"goldens alone {statistics.median(ours) * 1e3:.1f} ms")
    try:
        import torch
    except ImportError:
        print(line + "; torch: n/a (not importable)")
        return
    theirs = []
    for _ in range(reps):
        t0 = time.perf_counter()
        for case, v in prepared:
            torch_golden(torch, case, v)
        theirs.append(time.perf_counter() - t0)
    print(line + f"; torch on the CPU {statistics.median(theirs) * 1e3:.1f} ms (torch {torch.__version__})")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--atk-json", help="ATK case list; the list part is skipped without it")
    ap.add_argument("--reps", type=int, default=3)
    args = ap.parse_args()
    os.environ.setdefault("ASCEND_GLOBAL_LOG_LEVEL", "4")
    bench_overhead()
    if args.atk_json:
        bench_list(args.atk_json, args.reps)


if __name__ == "__main__":
    main()
