#!/usr/bin/env bash
# Builds and runs every test on a fresh machine: dependencies, the Release build with all suites (unit,
# acceptance, exactness, Python/PyTorch oracle, concurrency, huge tensors) and the benchmarks with their
# smoke run, then the sanitizer and fuzz stages when tools/ci_stages.sh exists (CI runs exactly this).
#   --quick (or ACLCPU_QUICK=1): the Release suites only, without the huge tensors, the benchmarks, the
#            `pip install .` round trip (label pip: a venv, PyPI downloads and a second CMake build) and the
#            sanitizer/fuzz stages; needs no network once the dependencies are installed. Two suites run
#            smaller: the float -> FLOAT16/BF16 conversion test on its dense sweep instead of all 2^32 float
#            patterns (ACLCPU_SIMD_EXHAUSTIVE=0) and the stream stress test at 2,500 calls per thread instead
#            of 10,000 (ACLCPU_STRESS_CALLS, as in the sanitizer stages); the full run keeps both at size.
#   ACLCPU_SKIP_HUGE=1: the full run without the >2^31-element test.
set -euo pipefail
cd "$(dirname "$0")/.."
quick=${ACLCPU_QUICK:-0}
for arg in "$@"; do
  case "$arg" in
    --quick) quick=1 ;;
    *) echo "usage: tools/test.sh [--quick]" >&2; exit 2 ;;
  esac
done
tools/deps.sh
exclude=()
# The test programs' own code compiles at -O1 (CMake's ACLCPU_TEST_COMPILE_OPTIONS; the libraries they test keep
# Release's -O3): tests/operators/relu_test.cpp takes 9 s against 21 s at -O3.
test_opts=(-DACLCPU_TEST_COMPILE_OPTIONS="${ACLCPU_TEST_COMPILE_OPTIONS:--O1}")
if [ "$quick" = "1" ]; then
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DACLCPU_BUILD_BENCH=OFF "${test_opts[@]}" >/dev/null
  exclude=(-LE 'huge|bench|pip')
  export ACLCPU_SIMD_EXHAUSTIVE="${ACLCPU_SIMD_EXHAUSTIVE:-0}" ACLCPU_STRESS_CALLS="${ACLCPU_STRESS_CALLS:-2500}"
else
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DACLCPU_BUILD_BENCH=ON "${test_opts[@]}" >/dev/null
  if [ "${ACLCPU_SKIP_HUGE:-0}" = "1" ]; then exclude=(-LE huge); fi
fi
if [ "$quick" = "1" ]; then
  cmake --build build -j"$(nproc)"
  (cd build && ctest --output-on-failure -j"$(nproc)" "${exclude[@]}")
  exit 0
fi
# The full run: every stage's time and the ten slowest tests of each ctest run are printed at the end
# (tools/ci_lib.sh; tools/ci_stages.sh adds its stages to the same report).
. tools/ci_lib.sh
ci_report_init
ci_time "release build" cmake --build build -j"$(nproc)"
ci_ctest release build ctest --output-on-failure -j"$(nproc)" "${exclude[@]}"
if [ -x tools/ci_stages.sh ]; then tools/ci_stages.sh; fi
ci_report_print
