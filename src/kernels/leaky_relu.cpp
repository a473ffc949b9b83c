// Generic row and selector of the LeakyRelu pair (kernels/leaky_relu.h): the scalar definitions applied
// element by element with convert.h's loads and stores (FLOAT, FLOAT16, BF16 through float32) and in double
// for the DOUBLE promote type.
#include "kernels/leaky_relu.h"

#include <cstdint>
#include <cstring>

#include "common/exports.h"  // the cross-library functions defined here get default visibility
#include "common/half.h"
#include "kernels/convert.h"

namespace aclcpu {
namespace kern {
namespace {

/// A DOUBLE result to out's dtype: DOUBLE and COMPLEX128 exact; the others through float32 (one RNE
/// rounding to float32, then StoreResult's; our choice, docs/ops/leaky_relu.md §5.2).
void StoreDouble(char* p, aclDataType dt, double v) {
    switch (dt) {
        case ACL_DOUBLE: std::memcpy(p, &v, 8); break;
        case ACL_COMPLEX128: { const double c[2] = {v, 0.0}; std::memcpy(p, c, 16); break; }
        default: StoreResult(p, dt, static_cast<float>(v)); break;
    }
}

}  // namespace

void LeakyReluRowGeneric(const void* params, const aclDataType* dt, char* const* ptrs, const int64_t* st,
                         int64_t n) {
    const LeakyReluParams& p = *static_cast<const LeakyReluParams*>(params);
    const int xi = p.inputs == 1 ? 1 : 2;  // the compared operand
    if (p.promote == ACL_DOUBLE) {
        const double slope = p.slope;
        for (int64_t i = 0; i < n; ++i) {
            const double a = LoadDouble(ptrs[1] + i * st[1], dt[1]);
            const double x = xi == 1 ? a : LoadDouble(ptrs[2] + i * st[2], dt[2]);
            StoreDouble(ptrs[0] + i * st[0], dt[0], LeakyReluElement64(a, x, slope));
        }
        return;
    }
    if (p.update && p.weight) {  // the values (operand 0) and gradInput (operand 1) in one pass
        for (int64_t i = 0; i < n; ++i) {
            const float g = LoadPromoted(ptrs[2] + i * st[2], dt[2], p.promote);
            const float x = LoadPromoted(ptrs[3] + i * st[3], dt[3], p.promote);
            const float w = LoadPromoted(ptrs[4] + i * st[4], dt[4], p.promote);
            const float v = RoundToPromoted(PreluUpdateElement(g, x), p.promote);
            StoreResult(ptrs[1] + i * st[1], dt[1], RoundToPromoted(LeakyReluElement(g, x, w), p.promote));
            std::memcpy(ptrs[0] + i * st[0], &v, 4);
        }
        return;
    }
    if (p.update) {  // PreluBackward's update values: float32 into the engine's buffer (operand 0)
        for (int64_t i = 0; i < n; ++i) {
            const float g = LoadPromoted(ptrs[1] + i * st[1], dt[1], p.promote);
            const float x = LoadPromoted(ptrs[2] + i * st[2], dt[2], p.promote);
            const float v = RoundToPromoted(PreluUpdateElement(g, x), p.promote);
            std::memcpy(ptrs[0] + i * st[0], &v, 4);
        }
        return;
    }
    const int wi = xi + 1;  // the slope operand (weight only)
    for (int64_t i = 0; i < n; ++i) {
        const float a = LoadPromoted(ptrs[1] + i * st[1], dt[1], p.promote);
        const float x = xi == 1 ? a : LoadPromoted(ptrs[2] + i * st[2], dt[2], p.promote);
        const float slope = p.weight ? LoadPromoted(ptrs[wi] + i * st[wi], dt[wi], p.promote) : p.slope;
        const float y = RoundToPromoted(LeakyReluElement(a, x, slope), p.promote);
        StoreResult(ptrs[0] + i * st[0], dt[0], y);
    }
}

RowFn SelectLeakyReluRow(const void* params, const aclDataType* dtypes, const int64_t* strides, bool nontemporal) {
    const LeakyReluParams& p = *static_cast<const LeakyReluParams*>(params);
    if (RowFn fast = SelectLeakyReluFusedRow(p, dtypes, strides, nontemporal)) return fast;
    return &LeakyReluRowGeneric;
}

}  // namespace kern
}  // namespace aclcpu
