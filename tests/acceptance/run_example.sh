#!/usr/bin/env bash
# Builds an example of examples/<name>/ against an installed tree both ways CANN users build samples (its own
# CMakeLists.txt with ASCEND_CUSTOM_PATH and no rpath, and one g++ line) and compares its output byte for byte
# with the folder's expected_output.txt in every product profile.
#   run_example.sh <example dir> <install prefix> <work dir>
set -euo pipefail
example=$1 prefix=$2 work=$3
name=$(basename "$example")
rm -rf "$work" && mkdir -p "$work/cmake"
cp "$example"/*.cpp "$example/CMakeLists.txt" "$work/cmake/"
( cd "$work/cmake" && mkdir -p build && cd build &&
  ASCEND_CUSTOM_PATH="$prefix" cmake .. -DCMAKE_CXX_COMPILER=g++ -DCMAKE_SKIP_RPATH=TRUE >/dev/null && make >/dev/null )
g++ -std=c++11 "$example"/*.cpp -I"$prefix/include" -L"$prefix/lib64" -lascendcl -lnnopbase -lopapi \
    -o "$work/${name}_gxx"
status=0
for exe in "$work/cmake/build/bin/$name" "$work/${name}_gxx"; do
  for soc in Ascend950 Ascend910B Ascend910_93 Ascend910 Ascend310P; do
    out="$work/out_$(basename "$exe")_$soc.txt"
    ( unset LD_LIBRARY_PATH; source "$prefix/set_env.sh"; ACLCPU_SOC_VERSION=$soc "$exe" > "$out" )
    if cmp -s "$out" "$example/expected_output.txt"; then
      echo "$(basename "$exe") $soc: output identical to expected_output.txt"
    else
      echo "$(basename "$exe") $soc: output differs from expected_output.txt:"
      diff "$out" "$example/expected_output.txt" || true
      status=1
    fi
  done
done
exit $status
