#!/usr/bin/env bash
# The hardening stages of CI (issue 5), run by tools/test.sh after the Release build and its tests:
#   1. asan  - every test binary built with AddressSanitizer + UndefinedBehaviorSanitizer (LeakSanitizer on), in
#              build-asan. The long sweeps run
#              a fixed, seeded sample there (tests/support/sample_size.h; full in the Release stage). ctest
#              without the "huge" (4-8 GiB tensors: ASan's shadow and slowdown make them impractical on
#              CI machines; they run in the Release stage), "python" (CPython cannot load ASan libraries
#              without LD_PRELOAD) and "acceptance" (compiles the seed sample against the install tree with
#              plain g++; stage 5 runs it under valgrind instead) labels. Any report aborts the test.
#   2. tsan  - the "concurrency"-labelled tests built with ThreadSanitizer, no suppressions (sampled sweeps too). The device pool
#              runs with ACLCPU_NUM_THREADS=1 there: oneTBB (Debian's libtbb, not TSan-instrumented) would
#              otherwise be reported for its own synchronisation; every runtime thread (streams, host
#              threads, churn) stays instrumented.
#   3. fuzz  - build-fuzz/aclnn_fuzz (clang-14, libFuzzer + ASan + UBSan; fuzz/CMakeLists.txt standalone): every input of the committed
#              seed corpus fuzz/corpus is run first (always complete; the stage fails if libFuzzer did not
#              finish it), then fuzzing for ACLCPU_FUZZ_SECONDS seconds (default 20: a fixed time, so the
#              stage's length does not grow with the operators; the corpus run already reaches every table entry
#              and the checks, and longer local runs take the variable); ACLCPU_FUZZ_RUNS caps the executions too.
#   4. leaks - valgrind --leak-check=full --errors-for-leak-kinds=definite on the seed sample (built against
#              an install of the Release tree, like tests/acceptance/run_seed_sample.sh) and on misuse_test.
# Any sanitizer report, invariant violation or definite leak fails the script (and CI).
# Stages can be chosen locally: ACLCPU_CI_STAGES="asan tsan fuzz leaks" (default: all). Build directories:
# build-asan, build-fuzz, build-tsan, and for stage 4 tools/test.sh's Release tree
# (ACLCPU_RELEASE_BUILD_DIR, default build/). ACLCPU_SHARED_DIR: the shared/ folder with the seed sample
# (default: ../shared beside the checkout). Each stage's time and the ten slowest tests of each ctest run are
# printed at the end (tools/ci_lib.sh; under tools/test.sh, in its report).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
jobs=$(nproc)
stages=${ACLCPU_CI_STAGES:-"asan tsan fuzz leaks"}
shared=${ACLCPU_SHARED_DIR:-"$root/../shared"}
# Every sanitizer tree compiles the SIMD kernels for the portable fallback alone (CMake's ACLCPU_SIMD_TARGETS=scalar,
# Highway's EMU128; CMakeLists.txt says why); the Release tree keeps every target and compares each with the
# scalar rows. In the ASan tree the fallback's loads and stores are plain C++, each instrumented, where AVX2's
# masked loads and stores are intrinsics ASan does not see; the row driver's heads, tails and strides are the
# same width-generic code. Measured (asan stage, idle 2-core machine, build + tests): AVX2 405 + 173 s, scalar
# 315 + 203 s, before the driver compiled only the dtype codes each selector asks for.
# ACLCPU_CI_SIMD_TARGETS=AVX2 or all restores those targets in the ASan tree.
simd_targets=${ACLCPU_CI_SIMD_TARGETS:-scalar}
# The TSan tree's tests are the runtime's (streams, events, host threads, the device pool), which no SIMD width
# changes: its kernels compile for the portable fallback alone (ACLCPU_SIMD_TARGETS=scalar), at the ASan tree's
# -O1 -g1 (san_flags below). Measured (tsan stage alone, idle 2-core machine, build + tests): AVX2 at -O2 153 + 68 s,
# scalar at -O2 114 + 83 s, scalar at -O1 57 + 111 s - the build is what grows with every operator.
# ACLCPU_CI_TSAN_SIMD_TARGETS overrides. The fuzz tree too (ACLCPU_CI_FUZZ_SIMD_TARGETS): it checks statuses, bounds
# and the row driver's heads and tails over random shapes and strides, which the portable fallback walks in plain
# C++ loads and stores, each one instrumented by ASan.
fuzz_simd_targets=${ACLCPU_CI_FUZZ_SIMD_TARGETS:-scalar}
tsan_simd_targets=${ACLCPU_CI_TSAN_SIMD_TARGETS:-scalar}
# The ASan tree compiles at -O1 with line tables (-g1) instead of RelWithDebInfo's -O2 -g: the
# optimisation level the sanitizers' documentation recommends, and reports still give file and line. Measured
# per translation unit (g++ 12, ASan + UBSan, CPU seconds): tests/operators/op_table_test.cpp 83 -> 26,
# src/kernels/loss_simd.cpp 129 -> 31; the asan build's compile time falls to about a third.
# ACLCPU_CI_SANITIZER_FLAGS overrides them. The test programs' own code compiles at -O0 in the ASan tree
# (CMake's ACLCPU_TEST_COMPILE_OPTIONS; ACLCPU_CI_TEST_FLAGS overrides): tests/operators/relu_test.cpp takes 12 s
# there against 43 s at -O1; the libraries the tests exercise keep -O1. Without UBSan's enum check in the test
# code: the hostile-input tests hold out-of-range aclDataType values (999, 77) on purpose to pass them across
# the C API, which -O0 loads from memory (the libraries keep the check).
san_flags=${ACLCPU_CI_SANITIZER_FLAGS:-"-O1 -g1 -DNDEBUG"}
test_flags=${ACLCPU_CI_TEST_FLAGS:-"-O0 -fno-sanitize=enum"}
# The operator layer (src/op, the generated first phases and the ATen bridge: checks and plans, no kernels) compiles
# at -O0 in the ASan tree too (CMake's ACLCPU_OP_COMPILE_OPTIONS; ACLCPU_CI_OP_FLAGS overrides), without UBSan's enum
# check for the same reason as the test code (an out-of-range aclDataType argument, passed on purpose, is reloaded
# from the stack at -O0; the runtime, engine and kernels keep the check). Measured (g++ 12, ASan + UBSan, one core):
# src/reference/aten_bridge.cpp 69 s -> 26 s, a batch of generated first phases 10 s -> 5 s.
op_flags=${ACLCPU_CI_OP_FLAGS:-"-O0 -fno-sanitize=enum"}
# Three SIMD kernel files compile at -O0 in the ASan tree (CMake's ACLCPU_SOURCE_COMPILE_OPTIONS; ACLCPU_CI_ASAN_SOURCE_FLAGS
# overrides). Measured under ASan (g++ 12, CPU seconds, -O1 -> -O0): src/kernels/binary_simd.cpp, the element-wise and
# foreach rows, 162 -> 3.5; the activations' hard_swish_simd.cpp 51 -> 1.8 and threshold_simd.cpp 34 -> 1.9. Not
# leaky_relu_simd.cpp (28 -> 1.4): PReLU's rows live there, and prelu_test's layout sweep then took 40 s of the stage.
# Every SIMD file at -O0 was measured too and costs more than it saves: the sanitizer tests of the reductions and
# losses ran 331 s instead of about 160 (reduce_threads_test alone 62 s instead of 8); with binary_simd.cpp alone at
# -O0 they ran 180 s.
asan_source_flags=${ACLCPU_CI_ASAN_SOURCE_FLAGS:-"src/kernels/binary_simd.cpp=-O0;src/kernels/hard_swish_simd.cpp=-O0;src/kernels/threshold_simd.cpp=-O0"}
# The fuzz tree (clang-14, libFuzzer + ASan + UBSan) compiles at -O0 with line tables (ACLCPU_CI_FUZZ_FLAGS overrides):
# its stage checks statuses, bounds and the row driver's heads and tails over random small shapes, where speed is
# the executions' count in a fixed time, not the verdict of any one. Measured (CPU seconds, clang-14):
# src/kernels/binary_simd.cpp 36 at -O2 (RelWithDebInfo's default, before), 3.6 at -O0; the whole tree 233 CPU s at
# -O0 against about 224 s of wall clock on 2 cores at -O2. Its corpus run (every seed input) takes about twice as
# long at -O0, inside the stage's fixed fuzzing time.
fuzz_flags=${ACLCPU_CI_FUZZ_FLAGS:-"-O0 -g1 -DNDEBUG"}
. tools/ci_lib.sh
ci_report_init
# Scratch folders of the stages (distinct names: fuzz_work, leaks_work), removed at the end of their stage
# and, should a stage fail, on exit.
declare -a scratch=()
trap 'rm -rf "${scratch[@]}"' EXIT

want() { [[ " $stages " == *" $1 "* ]]; }

# Sanitizer runtime options: stop at the first report, with a non-zero exit status.
export ASAN_OPTIONS="halt_on_error=1:detect_leaks=1:allocator_may_return_null=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
export TSAN_OPTIONS="halt_on_error=1:exitcode=66:second_deadlock_stack=1"

# The ASan + UBSan tree of the test suites (g++, as the Release tree). The fuzz stage builds its own clang-14 tree
# of the libraries (build-fuzz). One clang-14 tree for both (-DACLCPU_BUILD_FUZZ=ON, fuzz/CMakeLists.txt; supported
# by the build) was measured and costs more than it saves: it builds in about 390 s on 2 cores (at -O2 -g1;
# clang 14 at -O1 compiles the Highway SIMD kernels pathologically slowly under ASan: hard_swish_simd.cpp had not
# finished after 17 CPU minutes), against 409 s + 185 s for the g++ tree and build-fuzz, but its tests run
# with libFuzzer's coverage instrumentation (trace-cmp on every comparison) in 462 s against 159 s.
configure_asan() {
    cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$san_flags" \
        -DACLCPU_TEST_COMPILE_OPTIONS="$test_flags" -DACLCPU_OP_COMPILE_OPTIONS="$op_flags" \
        -DACLCPU_SOURCE_COMPILE_OPTIONS="$asan_source_flags" \
        -DACLCPU_SANITIZE=address -DACLCPU_BUILD_PYTHON=OFF \
        -DACLCPU_SIMD_TARGETS="$simd_targets" >/dev/null
}

if want asan; then
    echo "=== stage asan: ASan + UBSan build of the test programs and their tests (labels huge, python, acceptance excluded)"
    configure_asan
    ci_time "asan build" cmake --build build-asan -j"$jobs"
    # The stress test at a quarter of its calls (ASan is ~5x slower); its watchdog fails a deadlock.
    ci_ctest asan build-asan env ACLCPU_STRESS_CALLS=2500 ACLCPU_STRESS_WATCHDOG_S=900 \
        ctest --output-on-failure -j"$jobs" -LE 'huge|python|acceptance'
fi

if want tsan; then
    echo "=== stage tsan: ThreadSanitizer build of the concurrency tests"
    # The concurrency tests call exact-tier operators only: the tree leaves out the reference tier's and the
    # refusing entry points (CMake's ACLCPU_REFERENCE_ENTRY_POINTS=OFF), several hundred units it would never call.
    cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$san_flags" \
        -DACLCPU_SANITIZE=thread -DACLCPU_SIMD_TARGETS="$tsan_simd_targets" -DACLCPU_REFERENCE_ENTRY_POINTS=OFF \
        -DACLCPU_BUILD_PYTHON=OFF >/dev/null
    targets=()
    for f in tests/*/stress_*_test.cpp tests/*/concurrency_*_test.cpp tests/stress_*_test.cpp tests/concurrency_*_test.cpp; do
        [ -e "$f" ] && targets+=("$(basename "$f" .cpp)")
    done
    if [ ${#targets[@]} -gt 0 ]; then
        ci_time "tsan build" cmake --build build-tsan -j"$jobs" --target "${targets[@]}"
        # The stress test at 1,000 calls per thread (10,000 in Release): under TSan its 80 s at 2,500 calls were
        # the stage; the interleavings it exercises (streams, events, churn) recur within the first thousand.
        ci_ctest tsan build-tsan env ACLCPU_NUM_THREADS=1 ACLCPU_STRESS_CALLS=1000 ACLCPU_STRESS_WATCHDOG_S=900 \
            ctest --output-on-failure -L concurrency
    fi
fi

if want fuzz; then
    fuzz_s=${ACLCPU_FUZZ_SECONDS:-20}
    runs=${ACLCPU_FUZZ_RUNS:--1}  # -1: no cap on the executions
    echo "=== stage fuzz: libFuzzer, the whole seed corpus, then $fuzz_s s of fuzzing"
    CC=clang-14 CXX=clang++-14 cmake -S fuzz -B build-fuzz -DACLCPU_SIMD_TARGETS="$fuzz_simd_targets" \
        -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="$fuzz_flags" -DCMAKE_C_FLAGS_RELWITHDEBINFO="$fuzz_flags" >/dev/null
    ci_time "fuzz build" cmake --build build-fuzz -j"$jobs" --target aclnn_fuzz
    t0=$(date +%s)  # the run's own time (the build is recorded above)
    fuzz_work=$(mktemp -d)
    scratch+=("$fuzz_work")
    mkdir -p "$fuzz_work/corpus" "$fuzz_work/artifacts"
    cp fuzz/corpus/* "$fuzz_work/corpus/" 2>/dev/null || true
    status=0
    # libFuzzer runs every corpus input before it starts fuzzing ("INITED"), whatever -max_total_time says.
    (cd "$fuzz_work" && ACLNN_FUZZ_STATS=1 TMPDIR="$fuzz_work" "$root/build-fuzz/aclnn_fuzz" -runs="$runs" \
        -max_total_time="$fuzz_s" -timeout=60 -rss_limit_mb=4096 -print_final_stats=1 \
        -artifact_prefix="$fuzz_work/artifacts/" "$fuzz_work/corpus" > "$fuzz_work/fuzz.log" 2>&1) || status=$?
    # libFuzzer's progress lines ("#1024<TAB>NEW    cov: ...", pulse, REDUCE) are left out of the summary.
    grep -v -E '^#[0-9]+[[:space:]]+(NEW|REDUCE|pulse)|Uses: ' "$fuzz_work/fuzz.log" | tail -40
    if [ "$status" -ne 0 ]; then
        echo "fuzz: FAILED (status $status); reproducer(s):"
        for a in "$fuzz_work"/artifacts/*; do [ -e "$a" ] && { echo "  $a"; base64 -w0 "$a"; echo; }; done
        exit 1
    fi
    if ! grep -q -E '^#[0-9]+[[:space:]]+INITED' "$fuzz_work/fuzz.log"; then
        echo "fuzz: FAILED - libFuzzer stopped before it had run the whole seed corpus"
        exit 1
    fi
    corpus_n=$(ls fuzz/corpus | wc -l)
    done_runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$fuzz_work/fuzz.log")
    echo "fuzz: $corpus_n corpus inputs, then fuzzing: ${done_runs:-?} executions in all without a finding"
    rm -rf "$fuzz_work"
    ci_record fuzz $(( $(date +%s) - t0 ))
fi

if want leaks; then
    t0=$(date +%s)
    echo "=== stage leaks: valgrind (definite leaks fail) on the seed sample and misuse_test"
    rel=${ACLCPU_RELEASE_BUILD_DIR:-build}  # tools/test.sh's Release tree
    [ -d "$rel" ] || { cmake -S . -B "$rel" -DCMAKE_BUILD_TYPE=Release >/dev/null; }
    cmake --build "$rel" -j"$jobs" --target misuse_test aclcpu_installables
    leaks_work=$(mktemp -d)
    scratch+=("$leaks_work")
    tools/install_scratch.sh "$rel" "$leaks_work/prefix"
    vg=(valgrind --leak-check=full --show-leak-kinds=definite --errors-for-leak-kinds=definite --error-exitcode=1 --quiet)
    if [ -f "$shared/fixtures/seed_sample.cpp" ]; then
        g++ -std=c++11 "$shared/fixtures/seed_sample.cpp" -I"$leaks_work/prefix/include" -L"$leaks_work/prefix/lib64" \
            -lascendcl -lnnopbase -lopapi -o "$leaks_work/seed_sample"
        ASCEND_PROCESS_LOG_PATH="$leaks_work/log" LD_LIBRARY_PATH="$leaks_work/prefix/lib64" \
            "${vg[@]}" "$leaks_work/seed_sample" > "$leaks_work/seed.out"
        cmp "$leaks_work/seed.out" "$shared/fixtures/seed_sample.expected"
        echo "leaks: seed sample: no definite leak, output identical to seed_sample.expected"
    else
        echo "leaks: $shared/fixtures/seed_sample.cpp not found; seed sample skipped"
    fi
    ASCEND_GLOBAL_LOG_LEVEL=4 "${vg[@]}" "$rel/tests/misuse_test" --gtest_brief=1
    echo "leaks: misuse_test: no definite leak"
    rm -rf "$leaks_work"
    ci_record leaks $(( $(date +%s) - t0 ))
fi

ci_report_print
