#include "support/simd_targets.h"

#include "kernels/simd_convert.h"

namespace aclcpu_test {

const std::vector<int64_t>& SimdTargets() {
    static const std::vector<int64_t> list = [] {
        aclcpu::kern::simd::ForceTarget(0);
        std::vector<int64_t> v;
        for (int i = 0; i < aclcpu::kern::simd::NumTargets(); ++i) v.push_back(aclcpu::kern::simd::Target(i));
        return v;
    }();
    return list;
}

SimdTargetGuard::~SimdTargetGuard() { aclcpu::kern::simd::ForceTarget(0); }

}  // namespace aclcpu_test
