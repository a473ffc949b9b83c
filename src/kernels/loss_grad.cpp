#include "kernels/loss_grad.h"

#include "common/exports.h"  // the cross-library functions defined here get default visibility
#include "kernels/convert.h"
#include "kernels/fused_row.h"

namespace aclcpu {
namespace kern {
namespace {

// The scalar reference body for any element function Fn(g, s, t, params): convert.h's conversions.
template <typename Params, float (*Fn)(float, float, float, const Params&)>
void RowGeneric(const void* params, const aclDataType* dt, char* const* ptrs, const int64_t* st, int64_t n) {
    const Params& p = *static_cast<const Params*>(params);
    for (int64_t i = 0; i < n; ++i) {
        const float g = LoadPromoted(ptrs[1] + i * st[1], dt[1], p.promote);
        const float s = LoadPromoted(ptrs[2] + i * st[2], dt[2], p.promote);
        const float t = LoadPromoted(ptrs[3] + i * st[3], dt[3], p.promote);
        StoreResult(ptrs[0] + i * st[0], dt[0], RoundToPromoted(Fn(g, s, t, p), p.promote));
    }
}

RowFn Select(int op, aclDataType promote, const aclDataType* dtypes, const int64_t* strides, bool nontemporal,
             bool bf16_quiet) {
    if (RowFn fast = SelectLossGradFusedRow(op, promote, dtypes, strides, nontemporal, bf16_quiet)) return fast;
    return SelectLossGradBlockRow(op, promote, nontemporal);
}

}  // namespace

void MseGradRowGeneric(const void* params, const aclDataType* dt, char* const* ptrs, const int64_t* st, int64_t n) {
    RowGeneric<MseGradParams, &MseGradElement>(params, dt, ptrs, st, n);
}

void SmoothL1GradRowGeneric(const void* params, const aclDataType* dt, char* const* ptrs, const int64_t* st,
                            int64_t n) {
    RowGeneric<SmoothL1GradParams, &SmoothL1GradElement>(params, dt, ptrs, st, n);
}

RowFn SelectMseGradRow(const void* params, const aclDataType* dtypes, const int64_t* strides, bool nontemporal) {
    const MseGradParams& p = *static_cast<const MseGradParams*>(params);
    return Select(kLossGradMse, p.promote, dtypes, strides, nontemporal, QuietBf16Param(p.cof));
}

RowFn SelectSmoothL1GradRow(const void* params, const aclDataType* dtypes, const int64_t* strides, bool nontemporal) {
    const SmoothL1GradParams& p = *static_cast<const SmoothL1GradParams*>(params);
    // sigma and neg_sigma are only compared; inv_sigma and norm enter products and quotients.
    return Select(LossGradOpCode(p.rule), p.promote, dtypes, strides, nontemporal,
                  QuietBf16Param(p.inv_sigma) && QuietBf16Param(p.norm));
}

}  // namespace kern
}  // namespace aclcpu
