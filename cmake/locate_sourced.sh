# --- Where is this file? (cmake/locate_sourced.sh, pasted here by cmake/toolkit.cmake.) In: _aclcpu_name, the
# file's own name. Out: _aclcpu_dir, its folder as an absolute path, or a message on stderr and a failed
# `.`/`source` that changes nothing. Works in bash (BASH_SOURCE), zsh (the %x prompt escape) and the other
# POSIX shells on Linux - dash, busybox sh, ksh - which keep the file they are reading open: its descriptor
# in /proc/<shell pid>/fd names it (the highest-numbered such descriptor is the innermost `.`). $0 is never
# used: in a sourced file it names the caller, not this file. Safe under the caller's `set -eu`.
_aclcpu_file=
if [ -n "${BASH_VERSION:-}" ]; then
  eval '_aclcpu_file=${BASH_SOURCE[0]}'
elif [ -n "${ZSH_VERSION:-}" ]; then
  eval '_aclcpu_file=${(%):-%x}'
else
  # $$ is the main shell's pid even in a subshell; this is the pid of the shell reading this file.
  _aclcpu_pid=$(exec /bin/sh -c 'echo "$PPID"' 2>/dev/null) || _aclcpu_pid=$$
  _aclcpu_best=-1
  for _aclcpu_fd in /proc/"$_aclcpu_pid"/fd/*; do
    _aclcpu_t=$(readlink "$_aclcpu_fd" 2>/dev/null) || continue
    case "$_aclcpu_t" in
      */"$_aclcpu_name")
        _aclcpu_n=${_aclcpu_fd##*/}
        if [ "$_aclcpu_n" -gt "$_aclcpu_best" ]; then _aclcpu_best=$_aclcpu_n; _aclcpu_file=$_aclcpu_t; fi ;;
    esac
  done
  unset _aclcpu_pid _aclcpu_best _aclcpu_fd _aclcpu_t _aclcpu_n
fi
_aclcpu_dir=
if [ -n "$_aclcpu_file" ] && [ -f "$_aclcpu_file" ]; then
  case "$_aclcpu_file" in */*) _aclcpu_dir=${_aclcpu_file%/*} ;; *) _aclcpu_dir=. ;; esac
  _aclcpu_dir=$(CDPATH='' cd -- "${_aclcpu_dir:-/}" && pwd) || _aclcpu_dir=
fi
unset _aclcpu_file
if [ -z "$_aclcpu_dir" ]; then
  echo "aclcpu ${_aclcpu_name}: cannot tell where this file is in this shell (no BASH_SOURCE, no zsh %x, no open descriptor in /proc naming it); nothing was set: source it from bash, zsh or dash on Linux" >&2
  unset _aclcpu_name _aclcpu_dir
  return 1 2>/dev/null || exit 1
fi
# --- end of cmake/locate_sourced.sh
