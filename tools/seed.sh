#!/usr/bin/env bash
# The main job on a fresh machine: install dependencies, build, install the toolkit-shaped tree into
# ./install, compile the seed sample (shared/fixtures/seed_sample.cpp) unmodified with -std=c++11, run it.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)"
cmake --install build --prefix install >/dev/null
sample="${ACLCPU_SEED_SAMPLE:-../shared/fixtures/seed_sample.cpp}"
g++ -std=c++11 "$sample" -Iinstall/include -Linstall/lib64 -lascendcl -lnnopbase -lopapi -o build/seed_sample
source install/set_env.sh
./build/seed_sample
