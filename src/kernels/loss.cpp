#include "kernels/loss.h"

#include "common/exports.h"  // the cross-library functions defined here get default visibility
#include "kernels/convert.h"
#include "kernels/loss_simd.h"

namespace aclcpu {
namespace kern {

void LossRowGeneric(const void* params, const aclDataType* dt, char* const* ptrs, const int64_t* st, int64_t n) {
    const LossParams& p = *static_cast<const LossParams*>(params);
    for (int64_t i = 0; i < n; ++i) {
        const float s = LoadPromoted(ptrs[1] + i * st[1], dt[1], p.promote);
        const float t = LoadPromoted(ptrs[2] + i * st[2], dt[2], p.promote);
        StoreResult(ptrs[0] + i * st[0], dt[0], RoundToPromoted(LossElement(s, t, p), p.promote));
    }
}

void LossValuesRowGeneric(const void* params, const aclDataType* dt, char* const* ptrs, const int64_t* st, int64_t n) {
    const LossParams& p = *static_cast<const LossParams*>(params);
    float* out = reinterpret_cast<float*>(ptrs[0]);  // the reduction engine's contiguous float buffer
    for (int64_t i = 0; i < n; ++i) {
        const float s = LoadPromoted(ptrs[1] + i * st[1], dt[1], p.promote);
        const float t = LoadPromoted(ptrs[2] + i * st[2], dt[2], p.promote);
        const float v = LossElement(s, t, p);
        out[i] = p.scale_values ? v * p.scale : v;
    }
}

namespace {

void Int64RoundedRow(const void*, const aclDataType* dt, char* const* ptrs, const int64_t* st, int64_t n) {
    for (int64_t i = 0; i < n; ++i) {
        const int64_t v = L1Int64(LoadInt64(ptrs[1] + i * st[1], dt[1]), LoadInt64(ptrs[2] + i * st[2], dt[2]));
        StoreInt64Result(ptrs[0] + i * st[0], dt[0], v);
    }
}

void Int64ValueRow(const void*, const aclDataType* dt, char* const* ptrs, const int64_t* st, int64_t n) {
    int64_t* out = reinterpret_cast<int64_t*>(ptrs[0]);
    for (int64_t i = 0; i < n; ++i) {
        out[i] = L1Int64(LoadInt64(ptrs[1] + i * st[1], dt[1]), LoadInt64(ptrs[2] + i * st[2], dt[2]));
    }
}

}  // namespace

RowFn SelectLossRow(const void* params, const aclDataType* dtypes, const int64_t* strides, bool nontemporal) {
    const LossParams& p = *static_cast<const LossParams*>(params);
    if (p.promote == ACL_INT64) return p.output == LossOutput::kValue ? &Int64ValueRow : &Int64RoundedRow;
    const bool values = p.output == LossOutput::kValue;
    const RowFn simd = SelectFwdLossSimdRow(p.kind == LossKind::kL1 ? FwdLoss::kL1 : FwdLoss::kSmoothL1, &p, p.promote,
                                            values, values && p.scale_values != 0, dtypes, strides, nontemporal);
    if (simd != nullptr) return simd;
    return p.output == LossOutput::kValue ? &LossValuesRowGeneric : &LossRowGeneric;
}

}  // namespace kern
}  // namespace aclcpu
