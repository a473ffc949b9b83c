#!/usr/bin/env bash
# Clients of a fresh install in a temporary prefix, each the way its users build or run against CANN:
#   install_clients.sh <mode> <build dir> <fixtures dir> <work dir> <consumer dir> <version>
#   find_package  the consumer project (consumer/CMakeLists.txt) through find_package(aclcpu CONFIG)
#   pkg_config    g++/gcc with `pkg-config --cflags --libs aclcpu`
#   toolkit       bin/setenv.bash, the g++ line of ops-nn's `build.sh --run_example <op> eager`, the paths
#                 ops-test-kit (TTK) derives from opp/scene.info, ascend_toolkit_install.info, and ops-nn's
#                 quick-invocation CMakeLists + run.sh (quick_invocation/, sourcing bin/setenv.bash)
#   uninstall     install_manifest.txt lists every library name and link; the uninstall target removes all
# find_package, pkg_config and toolkit move the installed tree elsewhere first (relocatable).
set -euo pipefail
mode=$1 build=$2 fixtures=$3 work=$4 consumer=$5 version=$6
rm -rf "$work" && mkdir -p "$work"
# The uninstall mode reads the scratch install's manifest through the uninstall target; the user's manifest
# (of their own install) is restored on exit in every mode.
tools="$(cd "$(dirname "$0")/../../tools" && pwd)"
trap '"$tools/install_scratch.sh" --restore "$build"' EXIT
"$tools/install_scratch.sh" "$build" "$work/staged" --keep-manifest
expected="$fixtures/seed_sample.expected"
fail() { echo "FAIL: $*"; exit 1; }
same_as_expected() {  # <output file> <what>
  cmp -s "$1" "$expected" || { diff "$1" "$expected" || true; fail "$2: output differs from seed_sample.expected"; }
  echo "$2: output identical to seed_sample.expected"
}
if [ "$mode" != uninstall ]; then
  mv "$work/staged" "$work/relocated"
  prefix="$work/relocated"
fi

case "$mode" in
  find_package)
    cmake -S "$consumer" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$prefix" \
          -DSEED_SAMPLE="$fixtures/seed_sample.cpp" >/dev/null
    cmake --build "$work/consumer" >/dev/null
    # Imported targets carry their location, so the build tree runs without LD_LIBRARY_PATH.
    ( unset LD_LIBRARY_PATH; "$work/consumer/seed_sample" > "$work/out.txt" )
    same_as_expected "$work/out.txt" "find_package seed_sample"
    ( unset LD_LIBRARY_PATH; "$work/consumer/rt_probe" )
    ;;
  pkg_config)
    export PKG_CONFIG_PATH="$prefix/lib64/pkgconfig"
    [ "$(pkg-config --modversion aclcpu)" = "$version" ] || fail "pkg-config --modversion is not $version"
    # shellcheck disable=SC2046
    g++ -std=c++11 "$fixtures/seed_sample.cpp" $(pkg-config --cflags --libs aclcpu) -o "$work/seed_sample"
    # shellcheck disable=SC2046
    gcc -std=c11 "$consumer/rt_probe.c" $(pkg-config --cflags aclcpu) -L"$prefix/lib64" -lruntime -o "$work/rt_probe"
    ( unset LD_LIBRARY_PATH; source "$prefix/set_env.sh"; "$work/seed_sample" > "$work/out.txt"; "$work/rt_probe" )
    same_as_expected "$work/out.txt" "pkg-config seed_sample"
    ;;
  toolkit)
    # 1. bin/setenv.bash in an empty environment sets what set_env.sh sets plus ASCEND_OPP_PATH.
    env -i HOME="${HOME:-/}" PATH="$PATH" bash -c 'source "$1/bin/setenv.bash"; printf "%s\n" \
        "$ASCEND_HOME_PATH" "$ASCEND_TOOLKIT_HOME" "$ASCEND_OPP_PATH" "$LD_LIBRARY_PATH"' _ "$prefix" > "$work/vars"
    printf '%s\n' "$prefix" "$prefix" "$prefix/opp" "$prefix/lib64" > "$work/vars.expected"
    cmp -s "$work/vars" "$work/vars.expected" || { diff "$work/vars" "$work/vars.expected"; fail "setenv.bash variables"; }
    echo "setenv.bash: ASCEND_HOME_PATH, ASCEND_TOOLKIT_HOME, ASCEND_OPP_PATH, LD_LIBRARY_PATH as expected"
    # 2. ops-nn build.sh --run_example <op> eager: its path variables (build.sh, top) and its g++ line for
    #    a toolkit that has lib64/libascendcl.so (build_single_example), with the seed sample as the file.
    (
      unset LD_LIBRARY_PATH
      source "$prefix/bin/setenv.bash"
      INCLUDE_PATH="${ASCEND_HOME_PATH}/include"
      ACLNN_INCLUDE_PATH="${INCLUDE_PATH}/aclnn"
      EAGER_LIBRARY_OPP_PATH="${ASCEND_OPP_PATH}/lib64"
      EAGER_LIBRARY_PATH="${ASCEND_HOME_PATH}/lib64"
      [ -f "${EAGER_LIBRARY_PATH}/libascendcl.so" ] || fail "lib64/libascendcl.so missing"
      cd "$work"
      g++ "$fixtures/seed_sample.cpp" -I ${INCLUDE_PATH} -I ${INCLUDE_PATH}/aclnnop -I ${ACLNN_INCLUDE_PATH} \
          -L ${EAGER_LIBRARY_OPP_PATH} -L ${EAGER_LIBRARY_PATH} -lopapi_nn -lopapi_math -lascendcl -lnnopbase \
          -o test_aclnn_seed_sample
      ./test_aclnn_seed_sample > "$work/out.txt"
    )
    same_as_expected "$work/out.txt" "ops-nn build.sh --run_example g++ line"
    # 3. TTK's paths: os= and arch= from $ASCEND_OPP_PATH/scene.info (ttk/utilities/platform.py), headers
    #    parsed from <opp>/../<arch>-<os>/include/aclnnop, the operator found by `nm -D` in
    #    <opp>/../<arch>-<os>/lib64/libopapi*.so (ttk/core_modules/aclnn/op_api_info_keeper.py).
    opp="$prefix/opp"
    os=$(sed -n 's/^os=//p' "$opp/scene.info") arch=$(sed -n 's/^arch=//p' "$opp/scene.info")
    [ "$os" = linux ] && [ "$arch" = "$(uname -m)" ] || fail "scene.info: os=$os arch=$arch"
    grep -q 'aclnnStatus aclnnL1LossBackwardGetWorkspaceSize(' "$opp/../$arch-$os/include/aclnnop/aclnn_l1_loss_backward.h" \
      || fail "no aclnnL1LossBackwardGetWorkspaceSize declaration under $arch-$os/include/aclnnop"
    nm -D --defined-only "$opp/../$arch-$os/lib64/libopapi_nn.so" | grep ' T aclnnL1LossBackwardGetWorkspaceSize$' > /dev/null \
      || fail "libopapi_nn.so does not export aclnnL1LossBackwardGetWorkspaceSize"
    nm -D --defined-only "$opp/../$arch-$os/lib64/libruntime.so" | grep ' T rtMemcpy$' > /dev/null \
      || fail "libruntime.so does not export rtMemcpy"
    echo "TTK paths: scene.info os=$os arch=$arch; header and libopapi_nn.so symbol found under $arch-$os"
    # 4. The version file users read.
    [ "$(sed -n 's/^version=//p' "$prefix/$arch-linux/ascend_toolkit_install.info")" = "$version" ] \
      || fail "ascend_toolkit_install.info has no version=$version"
    echo "ascend_toolkit_install.info: version=$version"
    # 5. ops-nn's quick-invocation run.sh + CMakeLists (quick_invocation/): only ASCEND_INSTALL_PATH is set.
    mkdir -p "$work/quick" && cp "$consumer/../quick_invocation/CMakeLists.txt" "$consumer/../quick_invocation/run.sh" \
      "$fixtures/seed_sample.cpp" "$work/quick/"
    ( cd "$work/quick" && env -i HOME="${HOME:-/}" PATH="$PATH" ASCEND_INSTALL_PATH="$prefix" bash run.sh > "$work/out_quick.txt" )
    same_as_expected "$work/out_quick.txt" "quick-invocation run.sh"
    ;;
  uninstall)
    prefix="$work/staged"
    manifest="$build/install_manifest.txt"
    for lib in ascendcl nnopbase opapi_math opapi_nn runtime; do
      for name in "lib$lib.so" "lib$lib.so.${version%%.*}" "lib$lib.so.$version"; do
        grep -qx "$prefix/lib64/$name" "$manifest" || fail "install_manifest.txt lacks lib64/$name"
      done
      soname=$(readelf -d "$prefix/lib64/lib$lib.so.$version" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
      [ "$soname" = "lib$lib.so.${version%%.*}" ] || fail "lib$lib.so.$version has SONAME '$soname'"
    done
    for link in libacl_rt.so libopapi.so; do
      grep -qx "$prefix/lib64/$link" "$manifest" || fail "install_manifest.txt lacks lib64/$link"
    done
    [ -L "$prefix/lib64/libacl_rt.so" ] || fail "lib64/libacl_rt.so is not a link"
    grep -q "INPUT(libopapi_nn.so libopapi_math.so)" "$prefix/lib64/libopapi.so" ||
      fail "lib64/libopapi.so is not the linker script naming libopapi_nn.so and libopapi_math.so"
    echo "install_manifest.txt: $(grep -c . "$manifest") entries, versioned libraries and both links listed"
    cmake --build "$build" --target uninstall >/dev/null
    left=$(find "$prefix" -mindepth 1 | head -5)
    [ -z "$left" ] || fail "left after uninstall: $left"
    echo "uninstall: every installed file, link and folder removed"
    ;;
  *) echo "unknown mode $mode" >&2; exit 2 ;;
esac
