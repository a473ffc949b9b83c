// The generic rows of the Clamp family (kernels/clamp.h).
#include "kernels/clamp.h"

#include <cstdint>
#include <cstring>

#include "common/exports.h"  // the cross-library functions defined here get default visibility
#include "common/half.h"
#include "kernels/convert.h"
#include "kernels/threshold.h"

namespace aclcpu {
namespace kern {
namespace {

bool IsFloatCompute(aclDataType c) { return c == ACL_FLOAT || c == ACL_FLOAT16 || c == ACL_BF16; }

/// An int64 wrapped to an integer dtype's width (two's complement; UINT8 zero-extended): l0op::Cast between
/// integers.
int64_t WrapTo(int64_t v, aclDataType dt) {
    switch (dt) {
        case ACL_INT8: return static_cast<int8_t>(static_cast<uint8_t>(v));
        case ACL_UINT8: return static_cast<uint8_t>(v);
        case ACL_INT16: return static_cast<int16_t>(static_cast<uint16_t>(v));
        case ACL_INT32: return static_cast<int32_t>(static_cast<uint32_t>(v));
        default: return v;
    }
}

/// A DOUBLE result into an output of a floating dtype (CanCast(DOUBLE, out) admits no other): rounded once.
void StoreDoubleResult(char* p, aclDataType dt, double v) {
    if (dt == ACL_DOUBLE) {
        std::memcpy(p, &v, 8);
        return;
    }
    StoreResult(p, dt, DoubleToPromoted(v, dt));
}

/// One element of any admitted input dtype cast to the float compute dtype c: l0op::Cast (RNE; a DOUBLE rounded
/// once).
float LoadFloat(const char* p, aclDataType dt, aclDataType c) {
    return dt == ACL_DOUBLE ? DoubleToPromoted(LoadRaw<double>(p), c) : LoadPromoted(p, dt, c);
}

}  // namespace

void ClampRowGeneric(const void* params, const aclDataType* dt, char* const* ptrs, const int64_t* st, int64_t n) {
    const ClampParams& p = *static_cast<const ClampParams*>(params);
    const aclDataType c = p.compute;
    const int mo = p.min_operand, xo = p.max_operand;
    for (int64_t i = 0; i < n; ++i) {
        const char* x = ptrs[1] + i * st[1];
        char* o = ptrs[0] + i * st[0];
        if (IsFloatCompute(c)) {
            const float lo = mo != 0 ? LoadFloat(ptrs[mo] + i * st[mo], dt[mo], c) : p.min_f;
            const float hi = xo != 0 ? LoadFloat(ptrs[xo] + i * st[xo], dt[xo], c) : p.max_f;
            StoreResult(o, dt[0], HardtanhElement(LoadFloat(x, dt[1], c), lo, hi));
        } else if (c == ACL_DOUBLE) {
            const double lo = mo != 0 ? LoadDouble(ptrs[mo] + i * st[mo], dt[mo]) : p.min_d;
            const double hi = xo != 0 ? LoadDouble(ptrs[xo] + i * st[xo], dt[xo]) : p.max_d;
            StoreDoubleResult(o, dt[0], HardtanhDoubleElement(LoadDouble(x, dt[1]), lo, hi));
        } else {
            const int64_t lo = mo != 0 ? WrapTo(LoadInt64(ptrs[mo] + i * st[mo], dt[mo]), c) : p.min_i;
            const int64_t hi = xo != 0 ? WrapTo(LoadInt64(ptrs[xo] + i * st[xo], dt[xo]), c) : p.max_i;
            StoreInt64Result(o, dt[0], HardtanhIntElement(WrapTo(LoadInt64(x, dt[1]), c), lo, hi));
        }
    }
}

RowFn SelectClampRow(const void*, const aclDataType*, const int64_t*, bool) { return &ClampRowGeneric; }

}  // namespace kern
}  // namespace aclcpu
