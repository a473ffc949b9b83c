# Source this file to use an installed aclcpu tree like a CANN toolkit:
#   source <prefix>/set_env.sh
# Sets ASCEND_TOOLKIT_HOME / ASCEND_CUSTOM_PATH to the prefix and puts its lib64 on LD_LIBRARY_PATH
# (CANN's sample build links without rpath and expects this script).
_aclcpu_prefix="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")" && pwd)"
export ASCEND_TOOLKIT_HOME="${_aclcpu_prefix}"
export ASCEND_CUSTOM_PATH="${_aclcpu_prefix}"
export ASCEND_HOME_PATH="${_aclcpu_prefix}"
export LD_LIBRARY_PATH="${_aclcpu_prefix}/lib64${LD_LIBRARY_PATH:+:${LD_LIBRARY_PATH}}"
unset _aclcpu_prefix
