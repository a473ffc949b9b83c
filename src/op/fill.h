// The fills' shared rules (aclnnInplaceZero, aclnnInplaceOne, aclnnInplaceFillScalar; docs/ops/fill.md): the value
// converted to the tensor's dtype as opbase converts an aclScalar into a tensor (aclTensor(const aclScalar*,
// DataType), aclScalar::To<T>: host C++ conversions from the scalar's own dtype), and the plan that writes it into
// every element of the view. Header-only, included by the operators' plan-hook files.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

#include "common/half.h"
#include "common/status.h"
#include "engine/elementwise.h"
#include "kernels/convert.h"
#include "kernels/fill.h"
#include "op/op_call.h"
#include "tensor/arguments.h"
#include "tensor/dtype.h"

namespace aclcpu {

/// A real or complex scalar's value as opbase reads it in its own dtype: floating point as a double (exact), an
/// integer or BOOL as an int64 (UINT64 as its bits).
struct NativeScalar {
    bool floating = false;  ///< FLOAT, FLOAT16, BF16, DOUBLE (and the real part of a complex scalar)
    bool is_double = false; ///< DOUBLE or COMPLEX128: BOOL compares with DBL_EPSILON, FLOAT16 rounds from double
    bool complex = false;
    double f = 0.0, im = 0.0;
    int64_t i = 0;
};
inline NativeScalar ReadNative(const aclScalar& s) {
    NativeScalar v;
    const aclDataType d = s.dtype;
    v.complex = d == ACL_COMPLEX64 || d == ACL_COMPLEX128;
    v.floating = v.complex || d == ACL_FLOAT || d == ACL_FLOAT16 || d == ACL_BF16 || d == ACL_DOUBLE;
    v.is_double = d == ACL_DOUBLE || d == ACL_COMPLEX128;
    if (d == ACL_COMPLEX64) {
        float c[2];
        std::memcpy(c, s.bits, 8);
        v.f = c[0];
        v.im = c[1];
    } else if (d == ACL_COMPLEX128) {
        double c[2];
        std::memcpy(c, s.bits, 16);
        v.f = c[0];
        v.im = c[1];
    } else if (v.floating) {
        ScalarToDouble(s, &v.f);
    } else if (d == ACL_UINT64) {
        std::memcpy(&v.i, s.bits, 8);
    } else {
        v.i = ScalarAsInt(s, 64, false);
    }
    return v;
}

/// A floating value to an integer of `bits` bits as the host's static_cast does where C++ leaves it undefined (out of
/// range, NaN, infinities), read for an aarch64 host (Kunpeng, CANN's servers): fcvtzs / fcvtzu saturate to 32 bits
/// (64 for the 64-bit types), NaN 0, and a narrower type keeps the low bits. In range: toward zero, as C++ says.
inline uint64_t HostFloatToInt(double x, int bits, bool is_unsigned) {
    if (x != x) return 0;
    const int wide = bits == 64 ? 64 : 32;
    if (is_unsigned) {
        const double hi = wide == 64 ? 18446744073709551615.0 : 4294967295.0;
        if (x <= 0.0) return 0;
        if (x >= hi) return wide == 64 ? ~uint64_t{0} : 0xFFFFFFFFull;
        return static_cast<uint64_t>(x);
    }
    const double lo = wide == 64 ? -9223372036854775808.0 : -2147483648.0;
    const double hi = wide == 64 ? 9223372036854775807.0 : 2147483647.0;
    int64_t w;
    if (x <= lo) {
        w = wide == 64 ? INT64_MIN : INT32_MIN;
    } else if (x >= hi) {
        w = wide == 64 ? INT64_MAX : INT32_MAX;
    } else {
        w = static_cast<int64_t>(x);
    }
    return static_cast<uint64_t>(w);
}

/// FLOAT16 bits of a double rounded once to nearest even (through float32 rounded to odd, which keeps one rounding);
/// a NaN becomes the sign with 0x7FFF (fp16_t's conversion).
inline uint16_t DoubleToHalfOnce(double d) {
    if (d != d) return static_cast<uint16_t>((std::signbit(d) ? 0x8000u : 0u) | 0x7FFFu);
    if (std::isinf(d)) return FloatToHalf(static_cast<float>(d));
    float f = static_cast<float>(d);
    if (static_cast<double>(f) != d) {
        if (std::fabs(static_cast<double>(f)) > std::fabs(d)) f = std::nextafter(f, 0.0f);
        uint32_t u;
        std::memcpy(&u, &f, 4);
        u |= 1u;
        std::memcpy(&f, &u, 4);
    }
    return FloatToHalf(f);
}

/// The element of dtype `dt` that opbase makes of scalar `s` (ConvertToTensor / aclScalar::To<T>, docs/ops/fill.md
/// §4): FLOAT and DOUBLE a C++ conversion (RNE); FLOAT16 one rounding to nearest even from the value (an integer
/// beyond INT32 +-inf; NaN the sign with 0x7FFF); BF16 through FLOAT (RNE twice from DOUBLE; NaN 0x7FC0); integers
/// static_cast (a floating value truncated, HostFloatToInt beyond the range; integers wrap); UINT16 through INT16 (opbase's
/// To<uint16_t>); BOOL |v| >= FLT_EPSILON (DBL_EPSILON for DOUBLE; a NaN false), an integer != 0; complex (v, 0), a
/// complex scalar into a real dtype 0.
inline kern::FillParams ConvertScalarElement(const aclScalar& s, aclDataType dt) {
    kern::FillParams p{};
    p.size = static_cast<int32_t>(ItemSize(dt));
    const NativeScalar v = ReadNative(s);
    const bool to_complex = dt == ACL_COMPLEX64 || dt == ACL_COMPLEX128;
    if (v.complex && !to_complex) return p;  // "does not support conversion to non-complex types": 0
    const double fv = v.floating ? v.f : static_cast<double>(v.i);
    switch (dt) {
        case ACL_FLOAT: {
            const float f = v.floating ? static_cast<float>(v.f) : static_cast<float>(v.i);
            std::memcpy(p.bytes, &f, 4);
            return p;
        }
        case ACL_DOUBLE: {
            const double d = v.floating ? v.f : static_cast<double>(v.i);
            std::memcpy(p.bytes, &d, 8);
            return p;
        }
        case ACL_COMPLEX64: {
            const float c[2] = {v.floating ? static_cast<float>(v.f) : static_cast<float>(v.i), static_cast<float>(v.im)};
            std::memcpy(p.bytes, c, 8);
            return p;
        }
        case ACL_COMPLEX128: {
            const double c[2] = {fv, v.im};
            std::memcpy(p.bytes, c, 16);
            return p;
        }
        case ACL_FLOAT16: {
            uint16_t h;
            if (v.floating) {
                h = DoubleToHalfOnce(v.f);
            } else if (v.i > INT32_MAX || v.i < INT32_MIN) {
                h = v.i < 0 ? 0xFC00u : 0x7C00u;
            } else {
                h = FloatToHalf(kern::IntToPromoted(v.i, ACL_FLOAT16));
            }
            std::memcpy(p.bytes, &h, 2);
            return p;
        }
        case ACL_BF16: {
            const float f = v.floating ? static_cast<float>(v.f) : static_cast<float>(v.i);
            const uint16_t b = f != f ? static_cast<uint16_t>(0x7FC0u) : FloatToBf16(f);
            std::memcpy(p.bytes, &b, 2);
            return p;
        }
        case ACL_BOOL: {
            bool b;
            if (!v.floating) {
                b = v.i != 0;
            } else if (v.is_double) {
                b = std::fabs(v.f) >= 2.220446049250313e-16;
            } else {
                b = std::fabs(static_cast<float>(v.f)) >= 1.1920929e-07f;
            }
            p.bytes[0] = b ? 1 : 0;
            return p;
        }
        default:
            break;
    }
    // integers: UINT16 through INT16 (opbase), the others their own width
    const int bits = dt == ACL_UINT16 ? 16 : static_cast<int>(ItemSize(dt)) * 8;
    const bool is_unsigned = dt == ACL_UINT8 || dt == ACL_UINT32 || dt == ACL_UINT64;
    const uint64_t w = v.floating ? HostFloatToInt(v.f, bits, is_unsigned) : static_cast<uint64_t>(v.i);
    std::memcpy(p.bytes, &w, static_cast<size_t>(p.size));  // little end first: the low bits
    return p;
}

/// The fills' plan: `element` into every element of the view of tensor 0 (selfRef). An empty tensor: nothing runs,
/// workspace 0.
inline int PlanFillElement(const OpCall& c, const kern::FillParams& element, uint64_t* workspaceSize,
                           aclOpExecutor** executor) {
    const aclTensor* self = c.t[0];
    const engine::ElementwiseOperands ops{0, 0, {}};
    return engine::PublishElementwise(c.t, 1, 0, c.api, c.names, self->numel == 0, ops, ViewShapeOf(self),
                                      engine::KernelOf(&kern::SelectFillRow, element), workspaceSize, executor);
}

}  // namespace aclcpu
