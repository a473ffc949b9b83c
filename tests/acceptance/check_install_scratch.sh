#!/usr/bin/env bash
# A test's scratch install leaves the user's install_manifest.txt (read by the uninstall target) as it was:
#   check_install_scratch.sh <build dir> <work dir>
set -euo pipefail
build=$1 work=$2
tools="$(cd "$(dirname "$0")/../../tools" && pwd)"
m="$build/install_manifest.txt"
rm -rf "$work" && mkdir -p "$work"
had=0; [ -f "$m" ] && { had=1; cp -p "$m" "$work/original"; }
trap 'if [ $had = 1 ]; then cp -p "$work/original" "$m"; else rm -f "$m"; fi' EXIT
printf '/opt/user/prefix/lib64/libascendcl.so\n' > "$m"
"$tools/install_scratch.sh" "$build" "$work/scratch"
[ -f "$work/scratch/lib64/libascendcl.so" ] || { echo "FAIL: nothing installed"; exit 1; }
[ "$(cat "$m")" = "/opt/user/prefix/lib64/libascendcl.so" ] || { echo "FAIL: the user's manifest was replaced"; exit 1; }
"$tools/install_scratch.sh" "$build" "$work/scratch2" --keep-manifest
grep -q "$work/scratch2/lib64/libascendcl.so" "$m" || { echo "FAIL: --keep-manifest did not keep the scratch manifest"; exit 1; }
"$tools/install_scratch.sh" --restore "$build"
[ "$(cat "$m")" = "/opt/user/prefix/lib64/libascendcl.so" ] || { echo "FAIL: --restore did not bring the user's back"; exit 1; }
echo "user's install_manifest.txt kept across scratch installs"
