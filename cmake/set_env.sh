# Source this file to use an installed aclcpu tree like a CANN toolkit:
#   source <prefix>/set_env.sh
# Sets ASCEND_TOOLKIT_HOME / ASCEND_CUSTOM_PATH to the prefix, puts its lib64 on LD_LIBRARY_PATH and its
# python/site-packages (the aclcpu package) on PYTHONPATH
# (CANN's sample build links without rpath and expects this script).
_aclcpu_prefix="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")" && pwd)"
export ASCEND_TOOLKIT_HOME="${_aclcpu_prefix}"
export ASCEND_CUSTOM_PATH="${_aclcpu_prefix}"
export ASCEND_HOME_PATH="${_aclcpu_prefix}"
export LD_LIBRARY_PATH="${_aclcpu_prefix}/lib64${LD_LIBRARY_PATH:+:${LD_LIBRARY_PATH}}"
# The Python package aclcpu (CANN's toolkit layout keeps Python packages in python/site-packages).
export PYTHONPATH="${_aclcpu_prefix}/python/site-packages${PYTHONPATH:+:${PYTHONPATH}}"
unset _aclcpu_prefix
