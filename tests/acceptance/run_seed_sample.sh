#!/usr/bin/env bash
# Builds shared/fixtures/seed_sample.cpp unmodified against an installed tree and compares its output byte
# for byte with seed_sample.expected, once per product profile.
#   run_seed_sample.sh gxx|cann_cmake <install prefix> <fixtures dir> <work dir> <cann_sample dir>
set -euo pipefail
mode=$1 prefix=$2 fixtures=$3 work=$4 cann_sample=$5
rm -rf "$work" && mkdir -p "$work"
case "$mode" in
  gxx)
    # The plain recipe: -std=c++11, the toolkit's include dir, -lascendcl -lnnopbase -lopapi.
    g++ -std=c++11 "$fixtures/seed_sample.cpp" -I"$prefix/include" -L"$prefix/lib64" \
        -lascendcl -lnnopbase -lopapi -o "$work/seed_sample"
    exe="$work/seed_sample"
    ;;
  cann_cmake)
    # CANN's documented sample CMakeLists shape: ASCEND_CUSTOM_PATH, no rpath, set_env.sh at run time.
    cp "$fixtures/seed_sample.cpp" "$work/"
    cp "$cann_sample/CMakeLists.txt" "$work/"
    ( cd "$work" && mkdir -p build && cd build &&
      ASCEND_CUSTOM_PATH="$prefix" cmake .. -DCMAKE_CXX_COMPILER=g++ -DCMAKE_SKIP_RPATH=TRUE >/dev/null &&
      make >/dev/null )
    exe="$work/build/bin/opapi_test"
    ;;
  *) echo "unknown mode $mode" >&2; exit 2 ;;
esac
status=0
for soc in Ascend950 Ascend910B Ascend910B3 Ascend910_93 Ascend910_9382 Ascend910 Ascend310P Ascend310P1; do
  out="$work/out_$soc.txt"
  ( unset LD_LIBRARY_PATH; source "$prefix/set_env.sh"; ACLCPU_SOC_VERSION=$soc "$exe" > "$out" )
  if cmp -s "$out" "$fixtures/seed_sample.expected"; then
    echo "$mode $soc: output identical to seed_sample.expected"
  else
    echo "$mode $soc: output differs from seed_sample.expected:"; diff "$out" "$fixtures/seed_sample.expected" || true
    status=1
  fi
done
exit $status
