// Placeholder-free scalar fast rows; the Highway bodies replace these (see l1_simd.h).
#include "kernels/l1_simd.h"

#include "common/half.h"

namespace aclcpu {
namespace kern {
namespace {

// Same-dtype FLOAT rows with contiguous or broadcast inputs; written so the compiler vectorises it.
void RowF32(const L1Params& p, const aclDataType*, char* const* ptrs, const int64_t* st, int64_t n) {
    float* out = reinterpret_cast<float*>(ptrs[0]);
    const float* g = reinterpret_cast<const float*>(ptrs[1]);
    const float* s = reinterpret_cast<const float*>(ptrs[2]);
    const float* t = reinterpret_cast<const float*>(ptrs[3]);
    const int64_t gs = st[1] / 4, ss = st[2] / 4, ts = st[3] / 4;
    for (int64_t i = 0; i < n; ++i) out[i] = L1Element(g[i * gs], s[i * ss], t[i * ts], p);
}

}  // namespace

L1RowFn SelectL1SimdRow(const L1Params& p, const aclDataType* dt, const int64_t* st) {
    if (p.promote != ACL_FLOAT) return nullptr;
    for (int k = 0; k < 4; ++k) {
        if (dt[k] != ACL_FLOAT) return nullptr;
    }
    if (st[0] != 4) return nullptr;
    for (int k = 1; k < 4; ++k) {
        if (st[k] != 4 && st[k] != 0) return nullptr;
    }
    return &RowF32;
}

}  // namespace kern
}  // namespace aclcpu
