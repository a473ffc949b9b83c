// Sample sizes of the long sweeps of the test suites (loops over every bit pattern, every dtype triple, or
// thousands of random cases), one rule for every suite.
//
// Release builds run every sweep in full: that is where the values are checked exhaustively. Sanitizer builds
// (CMake option ACLCPU_SANITIZE=address or thread: tests/CMakeLists.txt defines ACLCPU_TEST_SAMPLED=1 for
// every test there) run a fixed, seeded sample of each long sweep instead. ASan + UBSan and TSan slow the code
// down 3-15x, and what they look for (out-of-bounds accesses, undefined behaviour, data races) comes from the
// code paths a sweep takes, which a sample of it takes too; the Release run of the same test still checks
// every pattern. A sampled sweep checks every element it visits exactly as the full one does, so the test
// can fail in both; each call site names its full size and its sample size.
//
// The environment variable ACLCPU_TEST_SWEEPS overrides the build's default: "full" runs the full sweeps in
// a sanitizer build, "sample" samples them in a Release build (a quick local run); anything else, or unset,
// keeps the default.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace aclcpu_test {

/// True when the long sweeps run their sample (sanitizer builds, or ACLCPU_TEST_SWEEPS=sample), false when
/// they run in full (Release builds, or ACLCPU_TEST_SWEEPS=full).
inline bool SampledSweeps() {
    if (const char* v = std::getenv("ACLCPU_TEST_SWEEPS")) {
        if (std::strcmp(v, "full") == 0) return false;
        if (std::strcmp(v, "sample") == 0) return true;
    }
#if defined(ACLCPU_TEST_SAMPLED) && ACLCPU_TEST_SAMPLED
    return true;
#else
    return false;
#endif
}

/// The number of iterations of a sweep whose full size is `full`: `full` in a full run, min(full, sample) in a
/// sampled one. For sweeps whose iterations are independent random cases (the first `n` of a seeded
/// sequence), so that the sample is the sequence's prefix and every sampled case is the Release run's case.
inline int64_t SweepSize(int64_t full, int64_t sample) {
    return SampledSweeps() ? std::min(full, sample) : full;
}

/// The sample size of every random-case suite (the first n cases of a seeded sequence) in a sampled run, per
/// operator and profile: the same number for every operator, so that the sanitizer stages grow by a fixed
/// amount per operator (tools/ci_stages.sh).
constexpr int64_t kSampledRandomCases = 100;

}  // namespace aclcpu_test
