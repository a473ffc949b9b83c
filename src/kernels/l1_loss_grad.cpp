#include "kernels/l1_loss_grad.h"

#include "kernels/convert.h"
#include "kernels/l1_simd.h"
#include "common/exports.h"  // the cross-library functions defined here get default visibility

namespace aclcpu {
namespace kern {

void L1RowGeneric(const void* params, const aclDataType* dt, char* const* ptrs, const int64_t* st, int64_t n) {
    const L1Params& p = *static_cast<const L1Params*>(params);
    constexpr int64_t kBlock = 256;
    float g[kBlock], s[kBlock], t[kBlock];
    char* out = ptrs[0];
    const char* pg = ptrs[1];
    const char* ps = ptrs[2];
    const char* pt = ptrs[3];
    for (int64_t base = 0; base < n; base += kBlock) {
        const int64_t m = n - base < kBlock ? n - base : kBlock;
        // Gather and convert each input in turn (one dtype switch per block, not per element).
        for (int64_t i = 0; i < m; ++i) g[i] = LoadPromoted(pg + (base + i) * st[1], dt[1], p.promote);
        for (int64_t i = 0; i < m; ++i) s[i] = LoadPromoted(ps + (base + i) * st[2], dt[2], p.promote);
        for (int64_t i = 0; i < m; ++i) t[i] = LoadPromoted(pt + (base + i) * st[3], dt[3], p.promote);
        for (int64_t i = 0; i < m; ++i) {
            const float y = RoundToPromoted(L1Element(g[i], s[i], t[i], p), p.promote);
            StoreResult(out + (base + i) * st[0], dt[0], y);
        }
    }
}

RowFn SelectL1Row(const void* params, const aclDataType* dtypes, const int64_t* strides, bool nontemporal) {
    const L1Params& p = *static_cast<const L1Params*>(params);
    // Fused SIMD body for same-dtype rows; otherwise the block body (SIMD arithmetic and conversions where
    // the operands allow, convert.h's scalar conversions operand by operand where they do not). Both have a
    // streaming-store variant.
    if (RowFn fast = SelectL1SimdRow(p, dtypes, strides, nontemporal)) return fast;
    return SelectL1BlockRow(p, dtypes, strides, nontemporal);
}

}  // namespace kern
}  // namespace aclcpu
