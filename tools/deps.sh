#!/usr/bin/env bash
# Installs what a fresh Debian 12 machine lacks to build, test and benchmark aclcpu (idempotent).
set -euo pipefail
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
pkgs=(build-essential cmake pkg-config libgtest-dev libgmock-dev libbenchmark-dev libhwy-dev libtbb-dev
      nlohmann-json3-dev python3 python3-numpy python3-torch clang-14 libclang-rt-14-dev llvm-14 valgrind time)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
