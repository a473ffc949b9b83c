// Reference model of aclnnNeg, aclnnAbs and aclnnSqrt (docs/ops/neg.md, abs.md, sqrt.md), written from ops-math's
// op_api (math/neg, math/abs, math/sqrt op_api/aclnn_*.cpp) and arch35 kernels independently of the operator code:
// the first phase's verdict (codes; the messages are the hand-written tests') and the elements, from the exact
// values (binref's readers and writers): Neg and Abs change the sign bit (a NaN quieted), integers wrap; Sqrt takes
// the exactly rounded square root of the value in its compute dtype (long double's sqrt rounded once to the
// format: FLOAT, FLOAT16, BF16), a BF16 subnormal input flushed, DOUBLE and complex as the AI CPU's std::sqrt.
#pragma once

#include <cmath>
#include <complex>
#include <cstdint>
#include <cstring>
#include <vector>

#include "support/binary_reference.h"
#include "support/l1_reference.h"
#include "support/op_info.h"

namespace unref {

using l1ref::Profile;
using l1ref::View;

enum class Op { kNeg, kAbs, kSqrt };

/// Whether dtype d is in the operator's self list on the product (aclnn_neg.cpp isAfterV200, aclnn_abs.cpp
/// GetDtypeSupportList by NpuArch, aclnn_sqrt.cpp GetDtypeSupportListV3: BF16 everywhere but Ascend 910).
inline bool Listed(Op op, Profile prof, int d) {
    using namespace l1ref;
    const bool a2 = prof == Profile::kAscend950 || prof == Profile::kAscend910B || prof == Profile::kAscend910_93;
    switch (op) {
        case Op::kNeg:
            return d == kS8 || d == kS32 || d == kS64 || d == kF16 || d == kF32 || d == kF64 || d == kC64 ||
                   d == kC128 || (d == kBF16 && a2);
        case Op::kAbs:
            return d == kF64 || d == kF32 || d == kF16 || d == kS64 || d == kS32 || d == kS16 || d == kS8 ||
                   d == kU8 || d == kBool || ((d == kBF16 || d == kC64) && a2);
        default:
            return d == kF32 || d == kF16 || d == kF64 || d == kC64 || d == kC128 || d == kS32 || d == kS64 ||
                   d == kS16 || d == kS8 || d == kBool || d == kU8 || (d == kBF16 && prof != Profile::kAscend910);
    }
}

/// float x with its sign bit replaced (Neg: flipped, Abs: cleared), a NaN quieted.
inline float SignF(Op op, float x) {
    uint32_t u;
    std::memcpy(&u, &x, 4);
    u = op == Op::kNeg ? (u ^ 0x80000000u) : (u & 0x7FFFFFFFu);
    float r;
    std::memcpy(&r, &u, 4);
    return r != r ? binref::QuietF(r) : r;
}
inline double SignD(Op op, double x) {
    uint64_t u;
    std::memcpy(&u, &x, 8);
    u = op == Op::kNeg ? (u ^ 0x8000000000000000ull) : (u & 0x7FFFFFFFFFFFFFFFull);
    double r;
    std::memcpy(&r, &u, 8);
    return r != r ? binref::QuietD(r) : r;
}

/// The dtype the operation runs in: Neg and Abs self's; Sqrt FLOAT for an integral or BOOL self, DOUBLE for INT64.
inline int Compute(Op op, int self) {
    using namespace l1ref;
    if (op != Op::kSqrt) return self;
    if (self == kS64) return kF64;
    return binref::IsIntegral(self) || self == kBool ? kF32 : self;
}

/// The verdict of the first phase (null, dtype list, out dtype, format, shape) -> 0, 161001, 161002.
inline int Decide(Op op, Profile prof, const View& self, const View& out) {
    using namespace l1ref;
    if (self.null || out.null) return kNullptr;
    if (!Listed(op, prof, self.dtype)) return kInvalid;
    if (op == Op::kNeg && !Castable(self.dtype, out.dtype)) return kInvalid;
    if (op == Op::kAbs) {
        if (self.dtype == kC64) return kInvalid;  // aclcpu: the complex modulus is not implemented
        if (out.dtype != self.dtype || self.format != out.format || binref::PrivateFormat(self.format)) return kInvalid;
    }
    if (op == Op::kSqrt) {
        const int from = binref::IsIntegral(self.dtype) || self.dtype == kBool ? kF32 : self.dtype;
        if (!Castable(from, out.dtype)) return kInvalid;
    }
    if (self.shape.size() > 8 || self.shape != out.shape) return kInvalid;
    return 0;
}

/// One element: a (ai) the input's value cast to compute dtype c; the result's value of c in *r (*ri).
inline void Element(Op op, int c, long double a, long double ai, long double* r, long double* ri) {
    using namespace l1ref;
    *ri = 0.0L;
    if (c == kF32 || c == kF16 || c == kBF16) {
        const float x = static_cast<float>(a);
        if (op != Op::kSqrt) {
            *r = SignF(op, x);
            return;
        }
        float v = x;
        if (c == kBF16 && std::fabs(v) < 1.17549435e-38f) v = std::copysign(0.0f, v);  // no subnormals
        if (x != x) {
            *r = binref::QuietF(x);
        } else if (v < 0.0f) {
            *r = binref::NaNF(1.0f, 1.0f);  // the default NaN
        } else {
            // the square root of a float exactly, rounded once to c (long double's sqrt is rounded to 64 bits, then
            // to c: 64 >= 2 * 24 + 2 makes the double rounding innocuous for a square root)
            *r = RoundTo(std::sqrt(static_cast<long double>(v)), FormatOf(c));
            if (v == 0.0f) *r = v;  // sqrt(-0) = -0
        }
        return;
    }
    if (c == kF64) {
        const double x = static_cast<double>(a);
        if (op != Op::kSqrt) {
            *r = SignD(op, x);
        } else {
            const double s = std::sqrt(x);
            *r = s == s ? s : (x != x ? binref::QuietD(x) : binref::NaND(1.0, 1.0));
        }
        return;
    }
    if (c == kC64 || c == kC128) {
        if (op != Op::kSqrt) {
            *r = c == kC64 ? static_cast<long double>(SignF(op, static_cast<float>(a))) : SignD(op, static_cast<double>(a));
            *ri = c == kC64 ? static_cast<long double>(SignF(op, static_cast<float>(ai))) : SignD(op, static_cast<double>(ai));
        } else if (c == kC64) {
            const std::complex<float> q = std::sqrt(std::complex<float>(static_cast<float>(a), static_cast<float>(ai)));
            *r = q.real();
            *ri = q.imag();
        } else {
            const std::complex<double> q = std::sqrt(std::complex<double>(static_cast<double>(a), static_cast<double>(ai)));
            *r = q.real();
            *ri = q.imag();
        }
        return;
    }
    // integers and BOOL: Neg 0 - a, Abs |a|, wrapped; unsigned and BOOL Abs a copy
    const int64_t x = static_cast<int64_t>(a);
    if (op == Op::kAbs && (c == kU8 || c == kBool)) {
        *r = x;
        return;
    }
    const uint64_t neg = 0 - static_cast<uint64_t>(x);
    *r = (op == Op::kNeg || x < 0) ? binref::Wrap(static_cast<int64_t>(neg), c) : x;
}

/// The operator: the verdict and, when 0, the elements written into o_bytes (out's buffer).
inline int Unary(Op op, Profile prof, const View& self, const View& out, uint8_t* o_bytes) {
    const int st = Decide(op, prof, self, out);
    if (st != 0) return st;
    const int c = Compute(op, self.dtype);
    l1ref::ForEachIndex(self.shape, [&](const std::vector<int64_t>& idx) {
        long double a, ai, r, ri;
        binref::CastIn(self, l1ref::ElementIndex(self, idx), c, &a, &ai);
        Element(op, c, a, ai, &r, &ri);
        binref::WriteCast(o_bytes + l1ref::ElementIndex(out, idx) * l1ref::DtSize(out.dtype), out.dtype, c, r, ri);
    });
    return 0;
}

}  // namespace unref

namespace opref {

/// aclnnNeg (unary_reference.h): self, out.
inline int Neg(l1ref::Profile prof, const l1ref::View* t, const aclcpu_test::opinfo::Arg*, uint8_t* const* out) {
    return unref::Unary(unref::Op::kNeg, prof, t[0], t[1], out[0]);
}

/// aclnnAbs (unary_reference.h): self, out.
inline int Abs(l1ref::Profile prof, const l1ref::View* t, const aclcpu_test::opinfo::Arg*, uint8_t* const* out) {
    return unref::Unary(unref::Op::kAbs, prof, t[0], t[1], out[0]);
}

/// aclnnSqrt (unary_reference.h): self, out.
inline int Sqrt(l1ref::Profile prof, const l1ref::View* t, const aclcpu_test::opinfo::Arg*, uint8_t* const* out) {
    return unref::Unary(unref::Op::kSqrt, prof, t[0], t[1], out[0]);
}

}  // namespace opref
