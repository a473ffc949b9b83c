#!/usr/bin/env bash
# set_env.sh and bin/setenv.bash of an install tree, sourced with `.` from every shell here - dash (POSIX sh,
# as in Dockerfile RUN lines and Makefiles), bash, zsh when installed, and /bin/sh - from another folder, by
# absolute and relative path, in a subshell, under `set -eu`, next to a caller's own file named set_env.sh,
# and in a moved copy of the tree: each must set the prefix's variables exactly and print nothing. Read
# from a pipe (where no shell can tell the file's place) it must refuse with one line and set nothing.
#   check_set_env.sh <install prefix> <work dir>
set -euo pipefail
src=$(cd "$1" && pwd -P) work=$2
rm -rf "$work" && mkdir -p "$work/cwd" "$work/wrapper"
work=$(cd "$work" && pwd -P)
fail() { echo "FAIL: $*" >&2; exit 1; }
# The moved copy: the tree is relocatable, so its own folder must win over where it was installed.
cp -a "$src" "$work/moved"
shells=()
for sh in dash bash zsh /bin/sh; do command -v "$sh" >/dev/null && shells+=("$sh"); done
case " ${shells[*]} " in *" dash "*) ;; *) fail "dash is not installed (Debian's /bin/sh; tools/deps.sh)";; esac
command -v zsh >/dev/null || echo "note: zsh is not installed; not checked"
show='printf "%s\n" "$ASCEND_HOME_PATH" "$ASCEND_TOOLKIT_HOME" "$ASCEND_CUSTOM_PATH" "$LD_LIBRARY_PATH" "${PATH%%:*}" "${PYTHONPATH:-}" "${ASCEND_OPP_PATH:-}"'
expected() {  # prefix, opp (set by setenv.bash only): the lines of $show, joined by |
  local py=
  [ -d "$1/python/site-packages/aclcpu" ] && py="$1/python/site-packages"
  printf '%s|' "$1" "$1" "$1" "$1/lib64" "$1/bin" "$py"; printf '%s' "$2"
}
# A caller's own set_env.sh that sources the tree's (a wrapper, as CANN users write): both files are open
# while the inner one runs.
check() {  # name, shell, script text; runs in $work/cwd with an empty environment
  local name=$1 sh=$2 text=$3 want=$4
  (cd "$work/cwd" && env -i HOME="$work" PATH=/usr/bin:/bin "$sh" -c "$text" > "$work/out" 2> "$work/err") \
    || { cat "$work/err" >&2; fail "$name ($sh): exit status $?"; }
  [ ! -s "$work/err" ] || { cat "$work/err" >&2; fail "$name ($sh): printed on stderr"; }
  printf '%s\n' "$want" | tr '|' '\n' > "$work/want"
  diff "$work/want" "$work/out" >&2 || fail "$name ($sh): wrong variables (- expected, + got)"
  echo "ok: $name ($sh)"
}
for prefix in "$src" "$work/moved"; do
  rel=$(realpath --relative-to="$work/cwd" "$prefix")
  printf '. "%s/set_env.sh"\n' "$prefix" > "$work/wrapper/set_env.sh"
  for sh in "${shells[@]}"; do
    plain=$(expected "$prefix" "") opp=$(expected "$prefix" "$prefix/opp")
    check "absolute path" "$sh" ". '$prefix/set_env.sh'; $show" "$plain"
    check "relative path" "$sh" ". '$rel/set_env.sh'; $show" "$plain"
    check "./set_env.sh from the prefix" "$sh" "cd '$prefix' && . ./set_env.sh && cd / && $show" "$plain"
    check "subshell" "$sh" "( . '$prefix/set_env.sh'; $show )" "$plain"
    check "set -eu" "$sh" "set -eu; . '$prefix/set_env.sh'; $show" "$plain"
    check "inside a caller's set_env.sh" "$sh" ". '$work/wrapper/set_env.sh'; $show" "$plain"
    check "bin/setenv.bash" "$sh" ". '$prefix/bin/setenv.bash'; $show" "$opp"
    check "relative bin/setenv.bash" "$sh" ". '$rel/bin/setenv.bash'; $show" "$opp"
  done
done
# Read from a pipe: nothing names the file, so it must refuse (status 1, one line) and set nothing.
for sh in dash /bin/sh; do
  status=0
  env -i PATH=/usr/bin:/bin "$sh" -c '. /dev/stdin && echo "set: ${ASCEND_HOME_PATH:-}"' \
    < <(cat "$src/set_env.sh") > "$work/out" 2> "$work/err" || status=$?
  [ "$status" = 1 ] || fail "piped set_env.sh ($sh): status $status, want 1"
  [ "$(wc -l < "$work/err")" = 1 ] && grep -q 'cannot tell where this file is' "$work/err" \
    || { cat "$work/err" >&2; fail "piped set_env.sh ($sh): no one-line refusal"; }
  [ ! -s "$work/out" ] || fail "piped set_env.sh ($sh): went on after the refusal"
  echo "ok: refused when read from a pipe ($sh): $(cat "$work/err")"
done
echo "set_env.sh and bin/setenv.bash: every shell, every way of sourcing, exact"
