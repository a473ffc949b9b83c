#!/usr/bin/env bash
# Builds and runs every test on a fresh machine: dependencies, the Release build with all suites (unit,
# acceptance, exactness, Python/PyTorch oracle, concurrency, huge tensors) and the benchmarks with their
# smoke run, then the sanitizer and fuzz stages when tools/ci_stages.sh exists. Set ACLCPU_SKIP_HUGE=1 to
# skip the >2^31-element test locally.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DACLCPU_BUILD_BENCH=ON >/dev/null
cmake --build build -j"$(nproc)"
exclude=()
if [ "${ACLCPU_SKIP_HUGE:-0}" = "1" ]; then exclude=(-LE huge); fi
(cd build && ctest --output-on-failure -j"$(nproc)" "${exclude[@]}")
if [ -x tools/ci_stages.sh ]; then tools/ci_stages.sh; fi
