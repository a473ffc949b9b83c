# Source this file to use an installed aclcpu tree like a CANN toolkit, from bash, zsh or POSIX sh (dash):
#   . <prefix>/bin/setenv.bash     (bash, zsh: also `source <prefix>/bin/setenv.bash`)
# The name and place CANN's scripts source (ops-nn's quick-invocation run.sh and CI:
# `source ${ASCEND_HOME_PATH:-/usr/local/Ascend/cann}/bin/setenv.bash`). Sets everything <prefix>/set_env.sh
# sets (ASCEND_HOME_PATH, ASCEND_TOOLKIT_HOME, ASCEND_CUSTOM_PATH, LD_LIBRARY_PATH, PATH, PYTHONPATH when the
# Python package is installed) plus ASCEND_OPP_PATH=<prefix>/opp, where ops-test-kit (TTK) and ops-nn's
# build.sh look for opp/scene.info and the operator libraries.
# Installed by cmake/toolkit.cmake from cmake/setenv.bash with cmake/locate_sourced.sh pasted in.
_aclcpu_name=setenv.bash
# @ACLCPU_LOCATE_SOURCED@
_aclcpu_env="${_aclcpu_dir}/../set_env.sh"
unset _aclcpu_name _aclcpu_dir
. "${_aclcpu_env}" || { unset _aclcpu_env; return 1 2>/dev/null || exit 1; }
unset _aclcpu_env
export ASCEND_OPP_PATH="${ASCEND_HOME_PATH}/opp"
