# Source this file to use an installed aclcpu tree like a CANN toolkit, from bash, zsh or POSIX sh (dash):
#   . <prefix>/set_env.sh          (bash, zsh: also `source <prefix>/set_env.sh`)
# Sets ASCEND_HOME_PATH, ASCEND_TOOLKIT_HOME and ASCEND_CUSTOM_PATH to the prefix, puts its lib64 on
# LD_LIBRARY_PATH (CANN's sample build links without rpath and expects this script), its bin (the `aclcpu`
# command) on PATH and, when the Python package is installed, its python/site-packages on PYTHONPATH.
# The prefix is the folder this file is in, wherever the tree was moved; when the shell cannot tell where
# that is, nothing is set and the `.` fails with a message.
# Installed by cmake/toolkit.cmake from cmake/set_env.sh with cmake/locate_sourced.sh pasted in.
_aclcpu_name=set_env.sh
# @ACLCPU_LOCATE_SOURCED@
export ASCEND_TOOLKIT_HOME="${_aclcpu_dir}"
export ASCEND_CUSTOM_PATH="${_aclcpu_dir}"
export ASCEND_HOME_PATH="${_aclcpu_dir}"
export LD_LIBRARY_PATH="${_aclcpu_dir}/lib64${LD_LIBRARY_PATH:+:${LD_LIBRARY_PATH}}"
export PATH="${_aclcpu_dir}/bin${PATH:+:${PATH}}"
# The Python package aclcpu (CANN's toolkit layout keeps Python packages in python/site-packages).
if [ -d "${_aclcpu_dir}/python/site-packages/aclcpu" ]; then
  export PYTHONPATH="${_aclcpu_dir}/python/site-packages${PYTHONPATH:+:${PYTHONPATH}}"
fi
unset _aclcpu_name _aclcpu_dir
