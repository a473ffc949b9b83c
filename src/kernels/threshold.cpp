// Generic row and selector of aclnnThreshold, aclnnHardshrink, aclnnSoftshrink, aclnnSoftshrinkBackward,
// aclnnHardtanh, aclnnHardtanhBackward and aclnnHardshrinkBackward (kernels/threshold.h): float dtypes through
// convert.h's loads and stores, integers in int64 with StoreInt64Result's casts.
#include "kernels/threshold.h"

#include <cmath>
#include <cstdint>
#include <cstring>

#include "common/exports.h"  // the cross-library functions defined here get default visibility
#include "kernels/convert.h"

namespace aclcpu {
namespace kern {
namespace {

bool IsFloatDtype(aclDataType d) { return d == ACL_FLOAT || d == ACL_FLOAT16 || d == ACL_BF16; }

/// The integer range of an integer dtype (BOOL: 0..1).
void IntRange(aclDataType dt, double* lo, double* hi) {
    switch (dt) {
        case ACL_INT8: *lo = -128.0; *hi = 127.0; return;
        case ACL_UINT8: *lo = 0.0; *hi = 255.0; return;
        case ACL_INT16: *lo = -32768.0; *hi = 32767.0; return;
        case ACL_UINT16: *lo = 0.0; *hi = 65535.0; return;
        case ACL_INT32: *lo = -2147483648.0; *hi = 2147483647.0; return;
        case ACL_UINT32: *lo = 0.0; *hi = 4294967295.0; return;
        case ACL_UINT64: *lo = 0.0; *hi = 18446744073709549568.0; return;
        default: *lo = -9223372036854775808.0; *hi = 9223372036854774784.0; return;  // INT64
    }
}

}  // namespace

void StoreFloatAsAny(char* p, aclDataType dt, float v) {
    switch (dt) {
        case ACL_FLOAT: case ACL_FLOAT16: case ACL_BF16: case ACL_DOUBLE: case ACL_COMPLEX64: case ACL_COMPLEX128:
            StoreResult(p, dt, v);
            return;
        case ACL_BOOL: { const uint8_t b = v != 0.0f; std::memcpy(p, &b, 1); return; }
        default: break;
    }
    double lo, hi;
    IntRange(dt, &lo, &hi);
    double t = v != v ? 0.0 : std::trunc(static_cast<double>(v));
    if (t < lo) t = lo;
    if (t > hi) t = hi;
    if (dt == ACL_UINT64) {
        const uint64_t u = static_cast<uint64_t>(t);
        std::memcpy(p, &u, 8);
        return;
    }
    StoreInt64Result(p, dt, static_cast<int64_t>(t));
}

void ThresholdRowGeneric(const void* params, const aclDataType* dt, char* const* ptrs, const int64_t* st, int64_t n) {
    const ThresholdParams& p = *static_cast<const ThresholdParams*>(params);
    if (IsFloatDtype(p.dtype)) {
        if (SelectInputs(p.kind) == 2) {
            for (int64_t i = 0; i < n; ++i) {
                const float g = LoadPromoted(ptrs[1] + i * st[1], dt[1], p.dtype);
                const float x = LoadPromoted(ptrs[2] + i * st[2], dt[2], p.dtype);
                const float y = p.kind == SelectKind::kHardtanhGrad     ? HardtanhGradElement(g, x, p.thr_f, p.val_f)
                                : p.kind == SelectKind::kHardShrinkGrad ? HardShrinkGradElement(g, x, p.thr_f)
                                                                        : SoftShrinkGradElement(g, x, p.thr_f);
                StoreFloatAsAny(ptrs[0] + i * st[0], dt[0], y);
            }
            return;
        }
        for (int64_t i = 0; i < n; ++i) {
            const float x = LoadPromoted(ptrs[1] + i * st[1], dt[1], p.dtype);
            float y;
            switch (p.kind) {
                case SelectKind::kHardShrink: y = HardShrinkElement(x, p.thr_f, p.val_f); break;
                case SelectKind::kSoftShrink: y = RoundToPromoted(SoftShrinkElement(x, p.thr_f), p.dtype); break;
                case SelectKind::kHardtanh: y = HardtanhElement(x, p.thr_f, p.val_f); break;
                default: y = ThresholdElement(x, p.thr_f, p.val_f); break;
            }
            StoreFloatAsAny(ptrs[0] + i * st[0], dt[0], y);
        }
        return;
    }
    if (p.kind == SelectKind::kHardtanh && p.dtype == ACL_DOUBLE) {  // out has self's dtype (the op_api's check)
        for (int64_t i = 0; i < n; ++i) {
            double x;
            std::memcpy(&x, ptrs[1] + i * st[1], 8);
            const double y = HardtanhDoubleElement(x, p.thr_d, p.val_d);
            std::memcpy(ptrs[0] + i * st[0], &y, 8);
        }
        return;
    }
    if (p.kind == SelectKind::kHardtanh) {
        for (int64_t i = 0; i < n; ++i) {
            const int64_t x = LoadInt64(ptrs[1] + i * st[1], dt[1]);
            StoreInt64Result(ptrs[0] + i * st[0], dt[0], HardtanhIntElement(x, p.thr_i, p.val_i));
        }
        return;
    }
    for (int64_t i = 0; i < n; ++i) {
        const int64_t x = LoadInt64(ptrs[1] + i * st[1], dt[1]);
        StoreInt64Result(ptrs[0] + i * st[0], dt[0], x <= p.thr_i ? p.val_i : x);
    }
}

RowFn SelectThresholdRow(const void* params, const aclDataType* dtypes, const int64_t* strides, bool nontemporal) {
    const ThresholdParams& p = *static_cast<const ThresholdParams*>(params);
    if (RowFn fast = SelectThresholdFusedRow(p, dtypes, strides, nontemporal)) return fast;
    return &ThresholdRowGeneric;
}

}  // namespace kern
}  // namespace aclcpu
