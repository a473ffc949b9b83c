#!/usr/bin/env bash
# Builds one of our CANN-style API programs (tests/acceptance/api_*_sample.cpp) with the plain recipe
# (g++ -std=c++11 -Wall -Werror, the installed include dir, -lascendcl -lnnopbase -lopapi) and runs it with the
# installed set_env.sh; it must exit 0 and print "<name>: OK".
#   run_api_sample.sh <sample.cpp> <install prefix> <work dir>
set -euo pipefail
src=$1 prefix=$2 work=$3
name=$(basename "$src" .cpp)
rm -rf "$work" && mkdir -p "$work"
g++ -std=c++11 -Wall -Wextra -Werror "$src" -I"$prefix/include" -L"$prefix/lib64" \
    -lascendcl -lnnopbase -lopapi -pthread -o "$work/$name"
out=$( unset LD_LIBRARY_PATH; source "$prefix/set_env.sh"; "$work/$name" )
echo "$out"
[ "$out" = "$name: OK" ]
