#!/usr/bin/env bash
# `pip install .` of the repository into a fresh virtual environment (ctest pkg_pip_install, label python):
# builds the wheel with scikit-build-core (PyPI: scikit-build-core, pybind11, numpy, ml_dtypes, tqdm; ccache
# when installed), then imports aclcpu outside the source tree and runs the console script. What it tests is
# the packaging, so its wheel compiles the SIMD kernels for the portable fallback alone
# (ACLCPU_SIMD_TARGETS=scalar: every Highway target took most of this test's 224 s on 2 cores, AVX2 and the
# fallback 127 s, the fallback alone 84 s; a user's `pip install .` keeps the default, every target), at -O0 instead of
# Release's -O3 (the library's values do not depend on the optimisation level: -ffp-contract=off and no fast-math
# are the project's own flags). Measured per translation unit (g++ 12, CPU seconds, -O1 -> -O0):
# src/kernels/binary_simd.cpp 10.1 -> 1.8, src/runtime/runtime.cpp 3.9 -> 3.0. And without the reference tier's
# entry points (ACLCPU_REFERENCE_ENTRY_POINTS=OFF: a wheel carries no reference library anyway, so its reference
# operators can only refuse; several hundred generated units, about 3 CPU s per unity batch of 32 at -O0): the
# test checks that such a wheel's reference-tier call refuses with 161002 naming the option.
# Usage: pip_install_test.sh SOURCE_DIR WORK_DIR
set -euo pipefail
src=$1
work=$2
rm -rf "$work"
mkdir -p "$work"
/usr/bin/python3 -m venv "$work/venv"
extra=()
if command -v ccache >/dev/null 2>&1; then
  extra+=(--config-settings=cmake.define.CMAKE_CXX_COMPILER_LAUNCHER=ccache
              --config-settings=cmake.define.CMAKE_C_COMPILER_LAUNCHER=ccache)
fi
export CMAKE_BUILD_PARALLEL_LEVEL="${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc)}"
"$work/venv/bin/pip" install -q --disable-pip-version-check "${extra[@]}" --config-settings=build-dir="$work/build" \
  --config-settings=cmake.define.ACLCPU_SIMD_TARGETS=scalar \
  --config-settings=cmake.define.ACLCPU_REFERENCE_ENTRY_POINTS=OFF \
  "--config-settings=cmake.define.CMAKE_CXX_FLAGS_RELEASE=-O0 -DNDEBUG" "$src"
cd "$work"
"$work/venv/bin/python" - "$work" <<'PY'
import os, sys
import numpy as np
import aclcpu
assert aclcpu.__file__.startswith(sys.argv[1]), aclcpu.__file__  # the installed copy, not the source tree
g = np.array([1, 2, 3, 4], np.float16)
s = np.array([1, -2, 3, 4], np.float16)
t = np.array([0, 0, 3, 5], np.float16)
y = aclcpu.l1_loss_backward(g, s, t, "mean", soc="Ascend910B")
assert y.dtype == np.float16 and y.tolist() == [0.25, -0.5, 0.0, -1.0], y
b = aclcpu.l1_loss_backward(g.astype(aclcpu.BFLOAT16), s, t, "none", out_dtype="bf16")
assert b.dtype == aclcpu.BFLOAT16
aclcpu.to_bin(y, "y.bin")
ref = sorted(aclcpu.REFERENCE_OPERATORS)[0]  # a reference-tier operator: this wheel's libraries lack its entry point
try:
    aclcpu.call(ref, [], fidelity="reference")
    raise AssertionError(f"{ref}: no refusal")
except aclcpu.AclnnError as e:
    assert e.status == 161002 and "ACLCPU_REFERENCE_ENTRY_POINTS=OFF" in str(e), e
print("pip install: aclcpu", aclcpu.__version__, "from", os.path.dirname(aclcpu.__file__))
PY
"$work/venv/bin/aclcpu" compare y.bin y.bin --dtype float16 >/dev/null
set +e
"$work/venv/bin/aclcpu" compare y.bin y.bin --dtype float17 2>/dev/null
rc=$?
set -e
[ "$rc" -eq 2 ] || { echo "console script: bad dtype gave exit $rc, expected 2"; exit 1; }
echo "pip install test passed"
