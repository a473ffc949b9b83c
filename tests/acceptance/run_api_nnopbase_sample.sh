#!/usr/bin/env bash
# Builds tests/acceptance/api_nnopbase_sample.cpp (a CANN-style program of our own using every nnopbase
# argument-object function) against an installed tree with g++ -std=c++11 -Wall -Werror, and runs it.
#   run_api_nnopbase_sample.sh <install prefix> <source dir> <work dir>
set -euo pipefail
prefix=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
g++ -std=c++11 -Wall -Wextra -Werror "$src/api_nnopbase_sample.cpp" -I"$prefix/include" -L"$prefix/lib64" \
    -lascendcl -lnnopbase -lopapi -o "$work/api_nnopbase_sample"
( unset LD_LIBRARY_PATH; source "$prefix/set_env.sh"; ASCEND_GLOBAL_LOG_LEVEL=4 "$work/api_nnopbase_sample" )
