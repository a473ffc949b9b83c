#!/usr/bin/env bash
# README's first screen, as a new user runs it: the C program of the block marked
# "acceptance_readme_start: program", built and run by the lines of the "build" block against an install
# tree (prefix given here for the README's `install/`), must print what the build block's comment says and
# report nothing in strict mode; the Python line of the "golden" block must write a golden file holding the
# same value (float32 0.75), and the block's `aclcpu compare` must pass it against an identical file.
#   check_readme_start.sh <README.md> <install prefix> <work dir>
set -euo pipefail
readme=$(realpath "$1") prefix=$(cd "$2" && pwd) work=$3
rm -rf "$work" && mkdir -p "$work" && cd "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }
block() {  # the fenced block after the marker line
  awk -v m="<!-- acceptance_readme_start: $1 -->" '$0 == m {f = 1; next} f == 1 && /^```/ {f = 2; next}
       f == 2 && /^```/ {exit} f == 2 {print}' "$readme"
}
block program > l1_mean.c
block build > build.sh
block golden > golden.sh
[ -s l1_mean.c ] && [ -s build.sh ] && [ -s golden.sh ] || fail "a marked block of $readme is missing"
grep -q '^\. install/set_env.sh$' build.sh || fail "the build block does not source install/set_env.sh"
ln -s "$prefix" install
want=$(sed -n 's/^\.\/l1_mean *# *//p' build.sh)
[ -n "$want" ] || fail "the build block states no output for ./l1_mean"
# Every line of the build block, in POSIX sh as written (the strict-mode line with an exit status for findings).
sed -i 's/^ACLCPU_STRICT=1 /ACLCPU_STRICT=1 ACLCPU_STRICT_EXITCODE=86 /' build.sh
env -i HOME="$work" PATH=/usr/bin:/bin sh -e build.sh > out.txt 2> err.txt || { cat err.txt >&2; fail "the build block failed"; }
[ ! -s err.txt ] || { cat err.txt >&2; fail "the build block printed on stderr (strict-mode findings?)"; }
printf '%s\n%s\n' "$want" "$want" > want.txt
diff want.txt out.txt >&2 || fail "the program does not print '$want' (plain and strict runs)"
echo "ok: README program prints '$want', clean in strict mode"
# The golden block: the Python line, then the compare against a copy (the "NPU output").
py_line=$(sed -n 1p golden.sh)
env -i HOME="$work" PATH=/usr/bin:/bin sh -ec ". install/set_env.sh; $py_line" || fail "the Python line failed"
/usr/bin/python3 -c 'import numpy as np, sys; v = np.fromfile("golden.bin", np.float32); sys.exit(0 if v.tolist() == [0.75] else "golden.bin holds %s" % v)'
cp golden.bin npu_out.bin
cmp_line=$(sed -n 2p golden.sh)
env -i HOME="$work" PATH=/usr/bin:/bin sh -ec ". install/set_env.sh; $cmp_line" > cmp.txt || { cat cmp.txt >&2; fail "aclcpu compare failed"; }
echo "ok: README Python line writes golden.bin = 0.75 (float32); aclcpu compare passes"
