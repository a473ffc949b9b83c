#!/usr/bin/env bash
# The install tree's Python package (ctest pkg_install_tree, label python): in the tree the acceptance
# fixture installs (tests/acceptance, acceptance_install), `source <prefix>/set_env.sh`, then Debian's
# /usr/bin/python3 imports aclcpu from <prefix>/python/site-packages and the module loads the prefix's
# libraries.
# Usage: install_tree_test.sh PREFIX
set -euo pipefail
prefix=$(cd "$1" && pwd)
# shellcheck disable=SC1091
source "$prefix/set_env.sh"
cd "$(mktemp -d)"
/usr/bin/python3 - "$prefix" <<'PY'
import sys
import numpy as np
import aclcpu
assert aclcpu.__file__.startswith(sys.argv[1] + "/python/site-packages/aclcpu/"), aclcpu.__file__
libs = [l.split()[-1] for l in open("/proc/self/maps") if "libopapi_nn.so" in l]
assert libs and all(p.startswith(sys.argv[1] + "/lib64/") for p in libs), libs
y = aclcpu.l1_loss_backward(np.ones(2, np.float32), np.array([1.0, -1.0], np.float32), np.zeros(2, np.float32))
assert y.tolist() == [0.5, -0.5], y
PY
/usr/bin/python3 -m aclcpu compare --help >/dev/null
echo "install tree test passed"
