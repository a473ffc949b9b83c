"""Shared helpers of the aclcpu Python suites (run by ctest: python/CMakeLists.txt).

The package is imported from the build tree (PYTHONPATH set by ctest). The reference models are
tests/support/l1_reference.h and tests/support/loss_grad_reference.h (MSE, Smooth L1) compiled as
reference_cli ($ACLCPU_REF_CLI, python/tests/reference_cli.cpp): they share no code with the library or
the package.
"""
import os
import subprocess
import tempfile

import numpy as np
import pytest

import aclcpu

ACL = {"float32": 0, "float16": 1, "int8": 2, "int32": 3, "uint8": 4, "int16": 6, "uint16": 7, "uint32": 8,
       "int64": 9, "uint64": 10, "float64": 11, "bool": 12, "complex64": 16, "complex128": 17, "bfloat16": 27}


class Ref:
    """Batches cases for the reference executable: add() returns a handle, run() fills results."""

    def __init__(self, exe):
        self.exe = exe
        self.dir = tempfile.mkdtemp(prefix="l1ref.")
        self.lines, self.outs = [], []

    def add(self, soc, reduction, out_dtype, tensors, op="l1", beta=None):
        """tensors: 3 tuples (storage array (1-d), shape, element strides, element offset); op "l1", "mse" or
        "smooth_l1" (then beta, rounded to float32 and passed in hexadecimal notation, exactly)."""
        k = len(self.lines)
        tag = f"smooth_l1:{float(np.float32(beta)).hex()}" if op == "smooth_l1" else op
        parts = [tag, soc, str(reduction), str(ACL[np.dtype(out_dtype).name])]
        for j, (storage, shape, strides, offset) in enumerate(tensors):
            path = os.path.join(self.dir, f"{k}_{j}.bin")
            np.ascontiguousarray(storage).tofile(path)
            lst = lambda xs: ",".join(str(int(x)) for x in xs) if len(xs) else "-"
            parts += [str(ACL[storage.dtype.name]), lst(shape), lst(strides), str(int(offset)), path]
        out = os.path.join(self.dir, f"{k}_out.bin")
        parts.append(out)
        self.lines.append(" ".join(parts))
        self.outs.append((out, np.dtype(out_dtype)))
        return k

    def run(self):
        """Returns [(status, array or None)] in add() order (flat arrays of the output dtype)."""
        res = subprocess.run([self.exe], input="\n".join(self.lines) + "\n", capture_output=True, text=True,
                             check=True)
        status = [int(line.split()[0]) for line in res.stdout.splitlines()]
        assert len(status) == len(self.lines)
        return [(st, np.fromfile(path, dtype=dt) if st == 0 else None) for st, (path, dt) in zip(status, self.outs)]


@pytest.fixture
def ref():
    exe = os.environ.get("ACLCPU_REF_CLI")
    if not exe or not os.path.exists(exe):
        pytest.fail("ACLCPU_REF_CLI must name the built reference_cli (ctest sets it)")
    return Ref(exe)


def same_bits(a, b):
    """Bit-identical arrays, any NaN equal to any NaN (in real parts), as the reference model's SameResult."""
    a, b = np.ascontiguousarray(a).reshape(-1), np.ascontiguousarray(b).reshape(-1)
    if a.dtype != b.dtype or a.size != b.size:
        return False
    if a.dtype.kind == "c":
        a, b = a.view(a.real.dtype), b.view(b.real.dtype)
    if a.dtype.kind == "f" or a.dtype == aclcpu.BFLOAT16:
        na, nb = np.isnan(a.astype(np.float64)), np.isnan(b.astype(np.float64))
        u = {2: np.uint16, 4: np.uint32, 8: np.uint64}[a.itemsize]
        return bool(np.all((na & nb) | (~na & ~nb & (a.view(u) == b.view(u)))))
    return a.tobytes() == b.tobytes()
