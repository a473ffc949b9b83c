# Source this file to use an installed aclcpu tree like a CANN toolkit:
#   source <prefix>/bin/setenv.bash
# The name and place CANN's scripts source (ops-nn's quick-invocation run.sh and CI:
# `source ${ASCEND_HOME_PATH:-/usr/local/Ascend/cann}/bin/setenv.bash`). Sets everything <prefix>/set_env.sh
# sets (ASCEND_HOME_PATH, ASCEND_TOOLKIT_HOME, ASCEND_CUSTOM_PATH, LD_LIBRARY_PATH, PYTHONPATH when the
# Python package is installed) plus ASCEND_OPP_PATH=<prefix>/opp, where ops-test-kit (TTK) and ops-nn's
# build.sh look for opp/scene.info and the operator libraries.
source "$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)/set_env.sh"
export ASCEND_OPP_PATH="${ASCEND_HOME_PATH}/opp"
