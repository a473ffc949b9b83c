// The generic SIMD conversions as callable functions (simd_convert.h), one copy per Highway target.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/simd_convert.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
// foreach_target re-includes this file once per target; highway.h must follow it.
#include <hwy/highway.h>

#include "kernels/simd_convert-inl.h"

#if HWY_ONCE
#include <vector>

namespace aclcpu {
namespace kern {

HWY_EXPORT(H2F);
HWY_EXPORT(B2F);
HWY_EXPORT(F2H);
HWY_EXPORT(F2B);
HWY_EXPORT(Bf16Pairs);
HWY_EXPORT(Flush);

void StreamFence() { HWY_DYNAMIC_DISPATCH(Flush)(); }

namespace simd {

void HalfToFloat(const uint16_t* in, float* out, size_t n) { HWY_DYNAMIC_DISPATCH(H2F)(in, out, n); }
void FloatToHalf(const float* in, uint16_t* out, size_t n) { HWY_DYNAMIC_DISPATCH(F2H)(in, out, n); }
void Bf16ToFloat(const uint16_t* in, float* out, size_t n) { HWY_DYNAMIC_DISPATCH(B2F)(in, out, n); }
void FloatToBf16(const float* in, uint16_t* out, size_t n) { HWY_DYNAMIC_DISPATCH(F2B)(in, out, n); }
void FloatToBf16Pairs(const float* even, const float* odd, uint16_t* out, size_t pairs) {
    HWY_DYNAMIC_DISPATCH(Bf16Pairs)(even, odd, out, pairs);
}

int NumTargets() { return static_cast<int>(hwy::SupportedAndGeneratedTargets().size()); }

int64_t Target(int i) {
    const std::vector<int64_t> t = hwy::SupportedAndGeneratedTargets();
    return i >= 0 && static_cast<size_t>(i) < t.size() ? t[static_cast<size_t>(i)] : 0;
}

const char* TargetName(int64_t target) { return hwy::TargetName(target); }

int64_t CurrentTarget() {
    const std::vector<int64_t> t = hwy::SupportedAndGeneratedTargets();
    return t.empty() ? 0 : t.front();
}

void ForceTarget(int64_t target) {
    hwy::SetSupportedTargetsForTest(target);
    hwy::GetChosenTarget().Update(hwy::SupportedTargets());
}

}  // namespace simd
}  // namespace kern
}  // namespace aclcpu
#endif  // HWY_ONCE
