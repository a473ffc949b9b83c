#!/usr/bin/env bash
# Installs what a fresh Debian 12 machine lacks to build, test and benchmark aclcpu (idempotent).
set -euo pipefail
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
pkgs=(build-essential cmake pkg-config libgtest-dev libgmock-dev libbenchmark-dev libhwy-dev libtbb-dev
      nlohmann-json3-dev libgloo-dev libtorch-dev python3 python3-numpy python3-torch python3-dev python3-venv python3-pip
      python3-pytest python3-tqdm python3-yaml pybind11-dev clang-14 libclang-rt-14-dev llvm-14 valgrind time
      zsh)  # zsh: acceptance_set_env_shells sources set_env.sh from it too
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
# ml_dtypes (bfloat16 for numpy) is not packaged by Debian 12: the PyPI release pinned to build against
# Debian's numpy 1.24 (the constraint keeps pip from replacing numpy, which python3-torch needs).
if ! /usr/bin/python3 -c "import ml_dtypes" 2>/dev/null; then
  pins=$(mktemp)
  /usr/bin/python3 -c 'import numpy; print("numpy==" + numpy.__version__)' > "$pins"
  $SUDO /usr/bin/python3 -m pip install -q --break-system-packages --disable-pip-version-check -c "$pins" \
    "ml_dtypes==0.3.2"
  rm -f "$pins"
fi
