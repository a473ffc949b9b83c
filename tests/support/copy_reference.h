// Reference model of aclnnInplaceCopy (docs/ops/copy.md), written from ops-math's op_api (conversion/view_copy
// aclnn_copy.cpp) and the arch35 Cast kernel's per-pair policy (math/cast cast_struct.h) independently of the
// operator code: the verdict (codes) and every element of selfRef's view, src broadcast to it and converted with
// long double arithmetic (l1ref's readers, writers and RoundTo).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "support/binary_reference.h"
#include "support/l1_reference.h"
#include "support/op_info.h"

namespace copyref {

using l1ref::Profile;
using l1ref::View;

/// aclnn_copy.cpp's one list (the dtypes aclcpu's tensors carry).
inline bool Listed(int d) {
    using namespace l1ref;
    return d == kS8 || d == kS16 || d == kS32 || d == kS64 || d == kU8 || d == kU16 || d == kU32 || d == kU64 ||
           d == kF16 || d == kF32 || d == kBool || d == kF64 || d == kC64 || d == kC128 || d == kBF16;
}

inline bool Floating(int d) { return d == l1ref::kF16 || d == l1ref::kBF16 || d == l1ref::kF32 || d == l1ref::kF64; }
inline bool Complex(int d) { return d == l1ref::kC64 || d == l1ref::kC128; }

/// A floating value x (NaN with its payload) into destination dtype d (real).
inline void FromFloating(long double x, int d, uint8_t* o) {
    using namespace l1ref;
    if (d == kBool) {
        *o = (x != 0.0L || x != x) ? 1 : 0;
        return;
    }
    if (Floating(d)) {
        binref::WriteOut(o, d, (x != x || d == kF64) ? x : RoundTo(x, FormatOf(d)));  // DOUBLE: exact here
        return;
    }
    // the floating-to-integer rule, the binary model's (through 32 or 64 bits, then the low bits; a FLOAT16 value fits
    // 32 bits, so its UINT8 path through 32 gives the same bits)
    binref::WriteCast(o, d, kF32, x, 0.0L);
}

/// One element of dtype s at p converted to dtype d at o (the Cast kernel's per-pair rules).
inline void CastOne(const uint8_t* p, int s, uint8_t* o, int d) {
    using namespace l1ref;
    if (s == d) {
        std::memcpy(o, p, DtSize(s));
        return;
    }
    auto real_of = [&](int dt, const uint8_t* q) -> long double {
        if (dt == kF32 || dt == kF16 || dt == kBF16) {
            const float f = binref::WidenBits(q, dt);
            return f != f ? static_cast<long double>(binref::QuietF(f)) : static_cast<long double>(f);
        }
        double x;
        std::memcpy(&x, q, 8);
        return x != x ? static_cast<long double>(binref::QuietD(x)) : static_cast<long double>(x);
    };
    if (Complex(s)) {
        const int part = s == kC64 ? kF32 : kF64;
        const size_t half = DtSize(part);
        const long double re = real_of(part, p), im = real_of(part, p + half);
        if (Complex(d)) {
            const int dpart = d == kC64 ? kF32 : kF64;
            FromFloating(re, dpart, o);
            FromFloating(im, dpart, o + DtSize(dpart));
        } else if (d == kBool) {
            *o = (re != 0.0L || im != 0.0L || re != re || im != im) ? 1 : 0;
        } else {
            FromFloating(re, d, o);
        }
        return;
    }
    if (Complex(d)) {
        const int dpart = d == kC64 ? kF32 : kF64;
        CastOne(p, s, o, dpart);
        std::memset(o + DtSize(dpart), 0, DtSize(dpart));
        return;
    }
    if (Floating(s)) {
        FromFloating(real_of(s, p), d, o);
        return;
    }
    // integers and BOOL: the exact value
    const long double v = ReadValue(p, s);
    if (d == kBool) {
        *o = v != 0.0L ? 1 : 0;
    } else if (Floating(d)) {
        const bool via_float = (d == kF16 || d == kBF16) && (s == kS32 || s == kS64 || s == kU32);
        if (d == kF64) {
            const double x = static_cast<double>(v);  // one rounding from the integer
            std::memcpy(o, &x, 8);
        } else {
            WriteValue(o, d, RoundTo(via_float ? RoundTo(v, kFmtF32) : v, FormatOf(d)));
        }
    } else {
        const int64_t w = s == kU64 ? static_cast<int64_t>(static_cast<uint64_t>(v)) : static_cast<int64_t>(v);
        std::memcpy(o, &w, DtSize(d));  // the low bytes
    }
}

/// aclnnInplaceCopy: src, selfRef (executor order); o_bytes a copy of selfRef's buffer.
inline int Copy(const View& src, const View& self, uint8_t* o_bytes) {
    using namespace l1ref;
    if (self.null || src.null) return kNullptr;
    if (!Listed(self.dtype) || !Listed(src.dtype)) return kInvalid;
    if (self.shape.size() > 8 || src.shape.size() > 8) return kInvalid;
    std::vector<int64_t> b;
    if (!BroadcastShapes(self.shape, src.shape, &b) || b != self.shape) return kInvalid;
    ForEachIndex(self.shape, [&](const std::vector<int64_t>& idx) {
        const uint8_t* p = src.data + BroadcastElementIndex(src, idx) * DtSize(src.dtype);
        CastOne(p, src.dtype, o_bytes + ElementIndex(self, idx) * DtSize(self.dtype), self.dtype);
    });
    return 0;
}

/// aclnnCast: self, out; dtype (the parameter). The lists of aclnn_cast.cpp (BF16 from Atlas A2 on).
inline int Cast(Profile prof, const View& self, int dtype, const View& out, uint8_t* o_bytes) {
    using namespace l1ref;
    if (self.null || out.null) return kNullptr;
    auto listed = [&](int d) { return Listed(d) && (d != kBF16 || SupportsBF16(prof)); };
    if (!listed(self.dtype) || !listed(dtype) || out.dtype != dtype) return kInvalid;
    if (self.shape.size() > 8 || self.shape != out.shape) return kInvalid;
    ForEachIndex(self.shape, [&](const std::vector<int64_t>& idx) {
        CastOne(self.data + ElementIndex(self, idx) * DtSize(self.dtype), self.dtype,
                o_bytes + ElementIndex(out, idx) * DtSize(out.dtype), out.dtype);
    });
    return 0;
}

}  // namespace copyref

namespace opref {

/// aclnnInplaceCopy (copy_reference.h): src, selfRef.
inline int InplaceCopy(l1ref::Profile, const l1ref::View* t, const aclcpu_test::opinfo::Arg*, uint8_t* const* out) {
    return copyref::Copy(t[0], t[1], out[0]);
}

/// aclnnCast (copy_reference.h): self, out; dtype.
inline int Cast(l1ref::Profile prof, const l1ref::View* t, const aclcpu_test::opinfo::Arg* a, uint8_t* const* out) {
    return copyref::Cast(prof, t[0], static_cast<int>(a[0].i), t[1], out[0]);
}

}  // namespace opref
