#!/usr/bin/env bash
# The main job on a fresh machine: install dependencies, build what the install needs (the libraries and the
# Python extension: CMake target aclcpu_installables; no tests, no benchmarks),
# install the toolkit-shaped tree into ./install, compile the seed sample (../shared/fixtures/seed_sample.cpp
# beside the checkout, or ACLCPU_SEED_SAMPLE=<file>, relative to the repository root)
# unmodified with -std=c++11 and run it. Build folder: ACLCPU_BUILD_DIR (default build/, shared with
# tools/test.sh, which then only adds the test programs).
set -euo pipefail
cd "$(dirname "$0")/.."
sample="${ACLCPU_SEED_SAMPLE:-../shared/fixtures/seed_sample.cpp}"
if [ ! -f "$sample" ]; then  # before minutes of building: the one input the job cannot do without
  echo "tools/seed.sh: no seed sample at $sample (relative to $(pwd)); set ACLCPU_SEED_SAMPLE=<file>" >&2
  exit 2
fi
tools/deps.sh
bdir="${ACLCPU_BUILD_DIR:-build}"
cmake -S . -B "$bdir" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$bdir" -j"$(nproc)" --target aclcpu_installables
cmake --install "$bdir" --prefix install >/dev/null
exe="$bdir/seed_sample"
case "$exe" in /*) ;; *) exe="./$exe" ;; esac
g++ -std=c++11 "$sample" -Iinstall/include -Linstall/lib64 -lascendcl -lnnopbase -lopapi -o "$exe"
source install/set_env.sh
"$exe"
