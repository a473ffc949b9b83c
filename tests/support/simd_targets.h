// White-box helpers for tests of the SIMD kernels: which Highway targets to loop over (needs the internal
// kern::simd hooks, so only tests linked against aclcpu_static use it).
#pragma once

#include <cstdint>
#include <vector>

namespace aclcpu_test {

/// The Highway targets this CPU runs (kern::simd::Target(i)), best first, listed once before any ForceTarget
/// narrows what dispatch sees. Tests loop over them with kern::simd::ForceTarget.
const std::vector<int64_t>& SimdTargets();

/// Restores the CPU's best SIMD target (kern::simd::ForceTarget(0)) when it goes out of scope.
struct SimdTargetGuard {
    ~SimdTargetGuard();
};

}  // namespace aclcpu_test
