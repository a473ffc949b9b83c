// Reference model of aclnnInplaceZero, aclnnInplaceOne and aclnnInplaceFillScalar (docs/ops/fill.md), written from
// ops-math's op_api (aclnn_zero.cpp, aclnn_ones.cpp, aclnn_fill_scalar.cpp) and opbase's scalar conversion
// independently of the operator code: the verdict (codes) and the element every position of the view receives.
// The value conversion is modelled for the scalar dtypes the table-driven sweep and fill_test.cpp pass (FLOAT,
// DOUBLE, INT64, BOOL, COMPLEX64), from the exact value with long double arithmetic.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "support/binary_reference.h"
#include "support/l1_reference.h"
#include "support/op_info.h"

namespace fillref {

using l1ref::Profile;
using l1ref::View;

enum class Op { kZero, kOne, kScalar };

inline bool A2OrLater(Profile p) {
    return p == Profile::kAscend950 || p == Profile::kAscend910B || p == Profile::kAscend910_93;
}

/// The dtype lists (aclnn_zero.cpp: one list for every product here; aclnn_ones.cpp and aclnn_fill_scalar.cpp: BF16
/// and, for the fill, UINT16/32/64 from Atlas A2 on).
inline bool Listed(Op op, Profile prof, int d) {
    using namespace l1ref;
    switch (op) {
        case Op::kZero:
            return d == kS8 || d == kS32 || d == kS64 || d == kU8 || d == kF16 || d == kF32 || d == kBool ||
                   d == kF64 || d == kS16 || d == kU16 || d == kC128 || d == kC64 || d == kBF16;
        case Op::kOne:
            return d == kF32 || d == kF16 || d == kS8 || d == kS16 || d == kS32 || d == kS64 || d == kU8 ||
                   d == kBool || d == kF64 || (d == kBF16 && A2OrLater(prof));
        default:
            return d == kF32 || d == kS32 || d == kS64 || d == kF16 || d == kS16 || d == kS8 || d == kU8 ||
                   d == kF64 || d == kBool || d == kC64 || d == kC128 ||
                   ((d == kBF16 || d == kU16 || d == kU32 || d == kU64) && A2OrLater(prof));
    }
}

/// An aclScalar as the model takes it: dtype and value (the real part; im the imaginary part of a complex one).
struct Value {
    int dtype;
    long double v;
    long double im = 0.0L;
};

/// The element bytes of dtype d made of value x (opbase's To<T>, read again): see docs/ops/fill.md §4.
inline std::vector<uint8_t> Element(const Value& x, int d) {
    using namespace l1ref;
    std::vector<uint8_t> b(DtSize(d), 0);
    const bool src_complex = x.dtype == kC64 || x.dtype == kC128;
    const bool src_float = src_complex || x.dtype == kF32 || x.dtype == kF64 || x.dtype == kF16 || x.dtype == kBF16;
    if (src_complex && d != kC64 && d != kC128) return b;  // a complex value into a real dtype: 0
    const long double v = x.v;
    auto put = [&](const void* p) { std::memcpy(b.data(), p, b.size()); };
    if (d == kF32 || d == kC64) {
        const float f[2] = {static_cast<float>(RoundTo(v, kFmtF32)), static_cast<float>(RoundTo(x.im, kFmtF32))};
        std::memcpy(b.data(), f, d == kF32 ? 4 : 8);
        if (v != v) {  // a NaN converts to a quiet NaN (its payload is not what the sweep compares)
            const float n = std::nanf("");
            std::memcpy(b.data(), &n, 4);
        }
        return b;
    }
    if (d == kF64 || d == kC128) {
        const double f[2] = {static_cast<double>(v), static_cast<double>(x.im)};
        std::memcpy(b.data(), f, d == kF64 ? 8 : 16);
        return b;
    }
    if (d == kF16) {
        uint16_t h;
        if (v != v) {
            h = std::signbit(v) ? 0xFFFFu : 0x7FFFu;
        } else if (!src_float && (v > 2147483647.0L || v < -2147483648.0L)) {
            h = v < 0 ? 0xFC00u : 0x7C00u;
        } else {
            WriteValue(b.data(), kF16, RoundTo(v, FormatOf(kF16)));
            return b;
        }
        put(&h);
        return b;
    }
    if (d == kBF16) {
        if (v != v) {
            const uint16_t h = 0x7FC0u;
            put(&h);
            return b;
        }
        WriteValue(b.data(), kBF16, RoundTo(RoundTo(v, kFmtF32), FormatOf(kBF16)));  // through float: twice
        return b;
    }
    if (d == kBool) {
        bool t;
        if (!src_float) t = v != 0;
        else if (x.dtype == kF64) t = std::fabs(v) >= 2.220446049250313e-16L;
        else t = std::fabs(static_cast<float>(v)) >= 1.1920929e-07f;  // v != v: false
        b[0] = t ? 1 : 0;
        return b;
    }
    // integers: a floating value truncated (out of range: saturated to 32 bits - 64 for the 64-bit dtypes -, NaN 0, then
    // the low bits: an aarch64 host); an integer wrapped. UINT16 through INT16.
    uint64_t w;
    if (src_float) {
        const bool wide = d == kS64 || d == kU64;
        const bool uns = d == kU8 || d == kU32 || d == kU64;
        const long double lo = uns ? 0.0L : (wide ? -9223372036854775808.0L : -2147483648.0L);
        const long double hi = uns ? (wide ? 18446744073709551615.0L : 4294967295.0L)
                                   : (wide ? 9223372036854775807.0L : 2147483647.0L);
        long double t = v != v ? 0.0L : std::trunc(v);
        if (t < lo) t = lo;
        if (t > hi) t = hi;
        w = t < 0 ? static_cast<uint64_t>(static_cast<int64_t>(t)) : static_cast<uint64_t>(t);
    } else {
        w = static_cast<uint64_t>(static_cast<int64_t>(v));
    }
    put(&w);
    return b;
}

/// The operator on view self (its bytes in o_bytes, a copy of the tensor's buffer): the verdict and, when 0, the
/// element written at every position of the view.
inline int Fill(Op op, Profile prof, const View& self, const Value& value, uint8_t* o_bytes) {
    using namespace l1ref;
    if (self.null) return kNullptr;
    if (!Listed(op, prof, self.dtype)) return kInvalid;
    if (op == Op::kScalar && l1ref::Promote(self.dtype, value.dtype) < 0) return kInvalid;
    if (self.shape.size() > 8) return kInvalid;
    std::vector<uint8_t> e(DtSize(self.dtype), 0);
    if (op == Op::kOne) e = Element(Value{kS64, 1.0L}, self.dtype);
    if (op == Op::kScalar) e = Element(value, self.dtype);
    ForEachIndex(self.shape, [&](const std::vector<int64_t>& idx) {
        std::memcpy(o_bytes + ElementIndex(self, idx) * DtSize(self.dtype), e.data(), e.size());
    });
    return 0;
}

}  // namespace fillref

namespace opref {

/// aclnnInplaceZero (fill_reference.h): selfRef.
inline int InplaceZero(l1ref::Profile prof, const l1ref::View* t, const aclcpu_test::opinfo::Arg*, uint8_t* const* out) {
    return fillref::Fill(fillref::Op::kZero, prof, t[0], fillref::Value{l1ref::kF32, 0.0L}, out[0]);
}

/// aclnnInplaceOne (fill_reference.h): selfRef.
inline int InplaceOne(l1ref::Profile prof, const l1ref::View* t, const aclcpu_test::opinfo::Arg*, uint8_t* const* out) {
    return fillref::Fill(fillref::Op::kOne, prof, t[0], fillref::Value{l1ref::kF32, 0.0L}, out[0]);
}

/// aclnnInplaceFillScalar (fill_reference.h): selfRef; value (an aclScalar of dtype FLOAT holding a[0].f).
inline int InplaceFillScalar(l1ref::Profile prof, const l1ref::View* t, const aclcpu_test::opinfo::Arg* a,
                             uint8_t* const* out) {
    return fillref::Fill(fillref::Op::kScalar, prof, t[0],
                         fillref::Value{l1ref::kF32, static_cast<long double>(static_cast<float>(a[0].f))}, out[0]);
}

}  // namespace opref
