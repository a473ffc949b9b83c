#!/usr/bin/env bash
# <prefix>/bin/aclcpu (ctest pkg_launcher, label python), in the tree the acceptance fixture installs:
# after `. <prefix>/set_env.sh` from POSIX sh, with an empty environment and another python3 first on PATH,
# `aclcpu` is the launcher and runs the CLI with the configured interpreter (a golden file and a compare of
# it); through a symbolic link elsewhere too; a launcher whose interpreter cannot import numpy, or is
# missing, prints one line naming the problem and exits 2.
# Usage: launcher_test.sh PREFIX WORK
set -euo pipefail
prefix=$(cd "$1" && pwd -P) work=$2
rm -rf "$work" && mkdir -p "$work/fakebin" "$work/links"
work=$(cd "$work" && pwd -P)
fail() { echo "FAIL: $*" >&2; exit 1; }
# Another interpreter first on PATH, which has no numpy: the launcher must not use it.
printf '#!/bin/sh\necho "wrong python" >&2; exit 99\n' > "$work/fakebin/python3"
chmod +x "$work/fakebin/python3"
/usr/bin/python3 -c 'import numpy as np; np.array([1, 2, 3], np.float32).tofile("'"$work"'/s.bin"); np.array([0, 2, 5], np.float32).tofile("'"$work"'/t.bin")'
cd "$work"
env -i HOME="$work" PATH="$work/fakebin:/usr/bin:/bin" sh -c '
  . "$1/set_env.sh"
  [ "$(command -v aclcpu)" = "$1/bin/aclcpu" ] || { echo "aclcpu on PATH is $(command -v aclcpu)"; exit 1; }
  aclcpu golden --op aclnnL1Loss --inputs s.bin,t.bin --dtypes float32,float32 --shapes 3,3 --reduction sum -o g.bin
  aclcpu compare g.bin g.bin --dtype float32 --standard binary > cmp.txt' _ "$prefix" || fail "aclcpu after set_env.sh"
/usr/bin/python3 -c 'import numpy as np, sys; v = np.fromfile("g.bin", np.float32); sys.exit(0 if v.tolist() == [3.0] else "golden " + str(v))'
echo "ok: aclcpu golden/compare after . set_env.sh (sum |s - t| = 3)"
ln -s "$prefix/bin/aclcpu" "$work/links/aclcpu"
env -i HOME="$work" PATH=/usr/bin:/bin "$work/links/aclcpu" compare g.bin g.bin --dtype float32 > /dev/null \
  || fail "aclcpu through a link, without set_env.sh"
echo "ok: through a symbolic link, without set_env.sh"
# The same launcher with an interpreter that cannot import numpy (site-packages off), then with none.
printf '#!/bin/sh\nexec /usr/bin/python3 -I -S "$@"\n' > "$work/fakebin/nonumpy"
chmod +x "$work/fakebin/nonumpy"
for py in "$work/fakebin/nonumpy" /nonexistent/python3; do
  sed "s|^py=.*|py='$py'|" "$prefix/bin/aclcpu" > "$work/links/bad"
  chmod +x "$work/links/bad"
  status=0
  "$work/links/bad" compare g.bin g.bin --dtype float32 > out.txt 2> err.txt || status=$?
  [ "$status" = 2 ] || fail "launcher with $py: status $status, want 2"
  [ "$(wc -l < err.txt)" = 1 ] && [ ! -s out.txt ] || { cat err.txt out.txt >&2; fail "launcher with $py: not one line"; }
  case "$py" in
    */nonumpy) grep -q "cannot import numpy" err.txt || fail "no numpy hint: $(cat err.txt)" ;;
    *) grep -q "is not there" err.txt || fail "no missing-interpreter hint: $(cat err.txt)" ;;
  esac
  echo "ok: $(cat err.txt)"
done
echo "launcher test passed"
