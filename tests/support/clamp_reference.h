// Reference model of the aclnnClamp family (docs/ops/clamp.md), written from the contract and aclnn_clamp.cpp
// read again, independently of src/: the checks' verdict, then out = Min(Max(self, min), max) in the compute dtype
// (Ascend 950 scalar forms: self's dtype combined with the bounds' categories; the other products' scalar forms:
// out's dtype; the tensor forms: PromoteType of self and the bounds), each input cast to it, cast to out.
// Selections: FLOAT16, FLOAT, BF16, INT32, INT64 as the vector unit's Max then Min (a NaN operand's NaN quieted,
// self's first; +0 above -0); DOUBLE, INT16, INT8, UINT8 as the AI CPU kernel (any NaN operand the positive quiet
// NaN; std::min(std::max(...)) keeps self on ties).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "support/binary_reference.h"

namespace clampref {

using binref::Scalar;
using l1ref::Profile;
using l1ref::View;

/// The family's dtype list (self and out; the promote type): no BOOL, no complex, BF16 where supported.
inline bool InList(Profile prof, int d) {
    using namespace l1ref;
    return d == kF16 || d == kF32 || d == kS32 || d == kS64 || d == kS16 || d == kS8 || d == kU8 || d == kF64 ||
           (d == kBF16 && SupportsBF16(prof));
}

/// An input element cast to c (binref::CastIn, with a DOUBLE element rounded once to a float compute dtype).
inline long double In(const View& v, int64_t e, int c) {
    using namespace l1ref;
    long double x, im;
    binref::CastIn(v, e, c, &x, &im);
    if (v.dtype == kF64 && (c == kF32 || c == kF16 || c == kBF16) && x == x) x = RoundTo(x, FormatOf(c));
    return x;
}

/// Max then Min of x with lo and hi in the compute dtype c (values of c).
inline long double Select(int c, long double x, long double lo, long double hi) {
    using namespace l1ref;
    if (c == kF64) {
        if (x != x || lo != lo || hi != hi) return std::numeric_limits<double>::quiet_NaN();
        const long double t = x < lo ? lo : x;
        return hi < t ? hi : t;
    }
    if (c == kF32 || c == kF16 || c == kBF16) {
        auto vec = [](bool mx, float a, float b) -> float {
            if (a != a) return binref::QuietF(a);
            if (b != b) return binref::QuietF(b);
            if (a == b) {
                const bool neg = mx ? (std::signbit(a) && std::signbit(b)) : (std::signbit(a) || std::signbit(b));
                return neg ? -std::fabs(a) : std::fabs(a);
            }
            return mx ? (a > b ? a : b) : (a < b ? a : b);
        };
        return vec(false, vec(true, static_cast<float>(x), static_cast<float>(lo)), static_cast<float>(hi));
    }
    const long double t = x < lo ? lo : x;
    return hi < t ? hi : t;
}

/// A scalar bound converted to c (ConvertToTensor: the float types from ToFloat rounded once more; DOUBLE the
/// value; integers truncated, then wrapped), or the synthetic one when absent.
inline long double Bound(const Scalar* s, bool upper, int c) {
    using namespace l1ref;
    if (s == nullptr) {
        switch (c) {
            case kS32: return upper ? 2147483647.0L : -2147483648.0L;
            case kS64: return upper ? 9223372036854775807.0L : -9223372036854775808.0L;
            case kS16: return upper ? 32767.0L : -32768.0L;
            case kS8: return upper ? 127.0L : -128.0L;
            case kU8: return upper ? 255.0L : 0.0L;
            default: return upper ? INFINITY : -INFINITY;
        }
    }
    if (c == kF32 || c == kF16 || c == kBF16) {
        const float f = static_cast<float>(s->v);
        return f != f ? static_cast<long double>(f) : RoundTo(f, FormatOf(c));
    }
    if (c == kF64) return s->v;
    return binref::Wrap(static_cast<int64_t>(s->v), c);
}

/// aclnnClamp / ClampMin / ClampMax (a NULL scalar pointer: the bound left out): the verdict and, when 0 and self
/// is not empty, the elements written into o_bytes.
inline int ClampScalars(Profile prof, const View& self, const Scalar* mn, const Scalar* mx, const View& out,
                        uint8_t* o_bytes) {
    using namespace l1ref;
    if (self.null || out.null) return kNullptr;
    if (mn == nullptr && mx == nullptr) return kNullptr;
    if (!InList(prof, self.dtype) || !InList(prof, out.dtype)) return kInvalid;
    if (self.shape != out.shape || self.shape.size() > 8) return kInvalid;
    if (NumelOf(self.shape) == 0) return 0;
    int c = out.dtype;
    if (prof == Profile::kAscend950) {
        auto def = [](int d) { return binref::IsComplex(d) ? kC64 : (binref::IsFloating(d) ? kF32 : d); };
        int bd = mn != nullptr && mx != nullptr ? Promote(def(mn->dtype), def(mx->dtype))
                                                : def((mn != nullptr ? mn : mx)->dtype);
        const int sd = self.dtype;
        if (binref::IsComplex(bd)) {
            c = sd == kF16 ? kC32 : (sd == kF32 || sd == kBF16) ? kC64 : sd == kF64 ? kC128 : bd;
        } else if (binref::IsFloating(sd)) {
            c = sd;
        } else if (binref::IsFloating(bd)) {
            c = Promote(sd, bd);
        } else {
            c = sd;
        }
        if (c < 0 || !Castable(c, out.dtype) || !InList(prof, c)) return kInvalid;
    } else if (!Castable(self.dtype, out.dtype)) {
        return kInvalid;
    }
    const long double lo = Bound(mn, false, c), hi = Bound(mx, true, c);
    l1ref::ForEachIndex(self.shape, [&](const std::vector<int64_t>& idx) {
        const long double x = In(self, ElementIndex(self, idx), c);
        binref::WriteCast(o_bytes + ElementIndex(out, idx) * DtSize(out.dtype), out.dtype, c, Select(c, x, lo, hi),
                          0.0L);
    });
    return 0;
}

/// aclnnClampTensor / ClampMinTensor / ClampMaxTensor (a null View: the bound left out).
inline int ClampTensors(Profile prof, const View& self, const View* mn, const View* mx, const View& out,
                        uint8_t* o_bytes) {
    using namespace l1ref;
    if (self.null || out.null) return kNullptr;
    if ((mn == nullptr || mn->null) && (mx == nullptr || mx->null)) return kNullptr;
    if (mn != nullptr && mn->null) mn = nullptr;
    if (mx != nullptr && mx->null) mx = nullptr;
    if (!InList(prof, self.dtype) || !InList(prof, out.dtype)) return kInvalid;
    for (const View* v : {&self, &out, mn, mx}) {
        if (v != nullptr && v->shape.size() > 8) return kInvalid;
    }
    for (const View* v : {&self, mn, mx}) {
        if (v != nullptr && NumelOf(v->shape) == 0) return 0;
    }
    int c = self.dtype;
    if (mn != nullptr) c = Promote(c, mn->dtype);
    if (mx != nullptr && c >= 0) c = Promote(c, mx->dtype);
    if (c < 0 || !Castable(c, out.dtype) || !InList(prof, c)) return kInvalid;
    std::vector<int64_t> b = self.shape, t;
    for (const View* v : {mn, mx}) {
        if (v == nullptr) continue;
        if (!BroadcastShapes(b, v->shape, &t)) return kInvalid;
        b = t;
    }
    if (b != out.shape) return kInvalid;
    l1ref::ForEachIndex(b, [&](const std::vector<int64_t>& idx) {
        const long double x = In(self, BroadcastElementIndex(self, idx), c);
        const long double lo = mn != nullptr ? In(*mn, BroadcastElementIndex(*mn, idx), c) : Bound(nullptr, false, c);
        const long double hi = mx != nullptr ? In(*mx, BroadcastElementIndex(*mx, idx), c) : Bound(nullptr, true, c);
        binref::WriteCast(o_bytes + ElementIndex(out, idx) * DtSize(out.dtype), out.dtype, c, Select(c, x, lo, hi),
                          0.0L);
    });
    return 0;
}

}  // namespace clampref

namespace opref {

/// aclnnClamp (clamp_reference.h): self, out; clipValueMin, clipValueMax (aclScalars of dtype INT64 holding a[0].f,
/// a[1].f).
inline int Clamp(l1ref::Profile prof, const l1ref::View* t, const aclcpu_test::opinfo::Arg* a, uint8_t* const* out) {
    const binref::Scalar mn{l1ref::kS64, a[0].f}, mx{l1ref::kS64, a[1].f};
    return clampref::ClampScalars(prof, t[0], &mn, &mx, t[1], out[0]);
}

/// aclnnClampMin: self, out; clipValueMin (INT64, a[0].f).
inline int ClampMin(l1ref::Profile prof, const l1ref::View* t, const aclcpu_test::opinfo::Arg* a, uint8_t* const* out) {
    const binref::Scalar mn{l1ref::kS64, a[0].f};
    return clampref::ClampScalars(prof, t[0], &mn, nullptr, t[1], out[0]);
}

/// aclnnClampMax: self, out; clipValueMax (INT64, a[0].f).
inline int ClampMax(l1ref::Profile prof, const l1ref::View* t, const aclcpu_test::opinfo::Arg* a, uint8_t* const* out) {
    const binref::Scalar mx{l1ref::kS64, a[0].f};
    return clampref::ClampScalars(prof, t[0], nullptr, &mx, t[1], out[0]);
}

/// aclnnClampTensor: self, clipValueMin, clipValueMax, out.
inline int ClampTensor(l1ref::Profile prof, const l1ref::View* t, const aclcpu_test::opinfo::Arg*, uint8_t* const* out) {
    return clampref::ClampTensors(prof, t[0], &t[1], &t[2], t[3], out[0]);
}

/// aclnnClampMinTensor: self, clipValueMin, out.
inline int ClampMinTensor(l1ref::Profile prof, const l1ref::View* t, const aclcpu_test::opinfo::Arg*,
                          uint8_t* const* out) {
    return clampref::ClampTensors(prof, t[0], &t[1], nullptr, t[2], out[0]);
}

/// aclnnClampMaxTensor: self, max, out.
inline int ClampMaxTensor(l1ref::Profile prof, const l1ref::View* t, const aclcpu_test::opinfo::Arg*,
                          uint8_t* const* out) {
    return clampref::ClampTensors(prof, t[0], nullptr, &t[1], t[2], out[0]);
}

}  // namespace opref
