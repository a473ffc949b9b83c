// Generic rows and selectors of the ReLU pair (kernels/relu.h): the scalar definitions applied element by
// element with convert.h's loads and stores for the float dtypes and integer arithmetic for the others.
#include "kernels/relu.h"

#include <cmath>
#include <cstdint>

#include "common/exports.h"  // the cross-library functions defined here get default visibility
#include "kernels/convert.h"

namespace aclcpu {
namespace kern {
namespace {

bool IsFloatDtype(aclDataType d) { return d == ACL_FLOAT || d == ACL_FLOAT16 || d == ACL_BF16; }

/// The integer Relu of the 950 kernel: INT8 through FLOAT16 (exact), INT32 Relu, INT64 Maxs(x, 0) - all
/// max(x, 0); UINT8 never reaches a kernel (the op_api copies it): the identity.
template <typename T>
void ReluIntRow(char* const* ptrs, const int64_t* st, int64_t n) {
    for (int64_t i = 0; i < n; ++i) {
        const T x = LoadRaw<T>(ptrs[1] + i * st[1]);
        const T y = x > T(0) ? x : T(0);
        std::memcpy(ptrs[0] + i * st[0], &y, sizeof(T));
    }
}

/// float32 -> INT32 as the 950 Cast<int32, float, CAST_RINT> is modelled: an integral value (the only kind
/// ThresholdGradV2D produces) converted, saturating at the int32 range (our choice, the backward's contract in
/// docs/ops/, §5.2: 2^31 from an INT32_MAX gradOutput gives INT32_MAX).
int32_t SaturateToInt32(float v) {
    if (v >= 2147483648.0f) return INT32_MAX;
    if (v < -2147483648.0f) return INT32_MIN;
    return static_cast<int32_t>(std::nearbyint(v));
}

/// ReluGrad / ThresholdGradV2D on integer elements. ReluGrad: s <= 0 -> 0 (g * 0), else g (exact in the dtype, INT8/UINT8
/// through FLOAT16). ThresholdGradV2D: the float32 compare; INT8/UINT8 are exact in float32, INT32 goes
/// through float32 both ways (Cast<float, int32, RINT>: RNE, then the saturating conversion back).
template <typename T>
void ThresholdIntRow(const ThresholdGradParams& p, char* const* ptrs, const int64_t* st, int64_t n) {
    for (int64_t i = 0; i < n; ++i) {
        const T g = LoadRaw<T>(ptrs[1] + i * st[1]);
        const T s = LoadRaw<T>(ptrs[2] + i * st[2]);
        T y;
        if (p.kernel == ThresholdKernel::kReluGrad) {
            y = s <= T(0) ? T(0) : g;
        } else {
            const float sf = static_cast<float>(s);  // RNE (exact below 2^24)
            const float gf = static_cast<float>(g);
            const float r = sf <= p.threshold ? 0.0f : gf;
            y = static_cast<T>(sizeof(T) == 4 ? SaturateToInt32(r) : static_cast<int32_t>(r));
        }
        std::memcpy(ptrs[0] + i * st[0], &y, sizeof(T));
    }
}

}  // namespace

void ReluRowGeneric(const void* params, const aclDataType*, char* const* ptrs, const int64_t* st, int64_t n) {
    const ReluParams& p = *static_cast<const ReluParams*>(params);
    switch (p.dtype) {
        case ACL_INT8: return ReluIntRow<int8_t>(ptrs, st, n);
        case ACL_INT32: return ReluIntRow<int32_t>(ptrs, st, n);
        case ACL_INT64: return ReluIntRow<int64_t>(ptrs, st, n);
        case ACL_UINT8: return ReluIntRow<uint8_t>(ptrs, st, n);  // x > 0 ? x : 0 is x
        default: break;
    }
    for (int64_t i = 0; i < n; ++i) {
        const float x = LoadPromoted(ptrs[1] + i * st[1], p.dtype, p.dtype);
        StoreResult(ptrs[0] + i * st[0], p.dtype, ReluElement(x));
    }
}

void ThresholdGradRowGeneric(const void* params, const aclDataType*, char* const* ptrs, const int64_t* st,
                                 int64_t n) {
    const ThresholdGradParams& p = *static_cast<const ThresholdGradParams*>(params);
    switch (p.dtype) {
        case ACL_INT8: return ThresholdIntRow<int8_t>(p, ptrs, st, n);
        case ACL_UINT8: return ThresholdIntRow<uint8_t>(p, ptrs, st, n);
        case ACL_INT32: return ThresholdIntRow<int32_t>(p, ptrs, st, n);
        case ACL_INT64: return ThresholdIntRow<int64_t>(p, ptrs, st, n);  // ReluGrad only (op_api list)
        default: break;
    }
    const bool relu_grad = p.kernel == ThresholdKernel::kReluGrad;
    for (int64_t i = 0; i < n; ++i) {
        const float g = LoadPromoted(ptrs[1] + i * st[1], p.dtype, p.dtype);
        const float s = LoadPromoted(ptrs[2] + i * st[2], p.dtype, p.dtype);
        const float y = relu_grad ? ReluGradElement(g, s) : ThresholdGradElement(g, s, p.threshold);
        StoreResult(ptrs[0] + i * st[0], p.dtype, y);
    }
}

RowFn SelectReluRow(const void* params, const aclDataType* dtypes, const int64_t* strides, bool nontemporal) {
    const ReluParams& p = *static_cast<const ReluParams*>(params);
    if (IsFloatDtype(p.dtype)) {
        if (RowFn fast = SelectReluFusedRow(kReluOp, p.dtype, dtypes, strides, nontemporal)) return fast;
    }
    return &ReluRowGeneric;
}

RowFn SelectThresholdGradRow(const void* params, const aclDataType* dtypes, const int64_t* strides,
                                 bool nontemporal) {
    const ThresholdGradParams& p = *static_cast<const ThresholdGradParams*>(params);
    if (IsFloatDtype(p.dtype)) {
        if (RowFn fast = SelectReluFusedRow(ThresholdOpCode(p.kernel), p.dtype, dtypes, strides, nontemporal)) {
            return fast;
        }
    }
    return &ThresholdGradRowGeneric;
}

}  // namespace kern
}  // namespace aclcpu
