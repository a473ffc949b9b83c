#!/usr/bin/env bash
# A scratch install for tests and CI stages that leaves the user's install alone:
#   tools/install_scratch.sh <build dir> <prefix> [--keep-manifest]
# runs `cmake --install <build dir> --prefix <prefix>`. `cmake --install` rewrites <build dir>/install_manifest.txt,
# which the uninstall target reads: without --keep-manifest the manifest that was there before (the user's own
# install) is put back afterwards, so `cmake --build build --target uninstall` still removes the user's tree.
# With --keep-manifest the scratch install's manifest stays and the user's is saved as
# <build dir>/install_manifest.txt.user, to be restored with `tools/install_scratch.sh --restore <build dir>`.
set -euo pipefail
if [ "${1:-}" = "--restore" ]; then
    m="$2/install_manifest.txt"
    if [ -f "$m.user" ]; then mv -f "$m.user" "$m"; else rm -f "$m"; fi
    exit 0
fi
build=$1 prefix=$2 keep=${3:-}
m="$build/install_manifest.txt"
[ -f "$m" ] && cp -p "$m" "$m.user"
cmake --install "$build" --prefix "$prefix" >/dev/null
[ "$keep" = "--keep-manifest" ] || exec "$0" --restore "$build"
