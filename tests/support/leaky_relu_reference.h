// Independent model of the LeakyRelu pair (docs/ops/leaky_relu.md §5, docs/ops/leaky_relu_backward.md §5) and
// of Threshold, Hardshrink, Softshrink, SoftshrinkBackward, Hardtanh, HardtanhBackward and HardshrinkBackward
// (docs/ops/threshold.md, hardshrink.md, softshrink.md, softshrink_backward.md, hardtanh.md, hardtanh_backward.md,
// hardshrink_backward.md) for the tests: it shares no code with src/ and works on the elements' bit patterns (reluref's formats), rounding
// with its own encoder, so that it checks the rows' widening, arithmetic and narrowing rather than repeating
// them. Elements are passed as raw bits in a uint64_t (the low ItemSize bytes).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "support/relu_reference.h"

namespace leakyref {

using reluref::FloatFormat;

/// The bits of the value v (not a NaN) rounded once to nearest even in format f (`away`: ties away from zero
/// instead): subnormals kept, overflow to +-inf, the sign of a zero kept.
inline uint32_t Encode(const FloatFormat& f, double v, bool away = false) {
    const uint32_t sign = std::signbit(v) ? f.sign : 0;
    const double m = std::fabs(v);
    const int emax = f.bias;                   // largest unbiased exponent
    const int emin = 1 - f.bias;               // smallest normal exponent
    if (m == 0.0) return sign;
    if (std::isinf(m)) return sign | f.exp_mask;
    int e = std::ilogb(m);
    if (e < emin) e = emin;                    // subnormal range: the quantum of the smallest normals
    const double q = std::ldexp(1.0, e - f.man_bits);
    double k = away ? std::round(m / q) : std::nearbyint(m / q);  // m / q exact (a power-of-two scaling)
    if (k >= std::ldexp(1.0, f.man_bits + 1)) {  // carried into the next binade
        k /= 2;
        ++e;
    }
    if (e > emax) return sign | f.exp_mask;
    const uint64_t ki = static_cast<uint64_t>(k);
    if (ki < (uint64_t{1} << f.man_bits)) return sign | static_cast<uint32_t>(ki);  // subnormal
    const uint32_t biased = static_cast<uint32_t>(e + f.bias);
    return sign | (biased << f.man_bits) | (static_cast<uint32_t>(ki) & f.man_mask);
}

/// The formula of the model for float formats (FLOAT, FLOAT16, BF16 elements a, x of format f, float32 slope):
/// x > 0 -> a (a NaN quieted); else a NaN a quieted; else the exact product a * slope rounded to float32,
/// then to f (an invalid product, +-inf * 0 or 0 * +-inf, or a NaN slope: f's default NaN).
inline uint32_t Formula(const FloatFormat& f, uint32_t a, uint32_t x, float slope) {
    const bool x_pos = !reluref::IsNaN(f, x) && reluref::Value(f, x) > 0.0;
    if (x_pos || reluref::IsNaN(f, a)) return reluref::PassThrough(f, a);
    const double av = reluref::Value(f, a);
    if (std::isnan(slope) || (std::isinf(av) && slope == 0.0f) || (av == 0.0 && std::isinf(slope))) {
        return f.dnan;
    }
    double prod;
    if (std::isinf(av) || std::isinf(slope)) {
        prod = (std::signbit(av) != std::signbit(slope)) ? -HUGE_VAL : HUGE_VAL;
    } else {
        prod = av * static_cast<double>(slope);  // at most 24 x 24 significant bits: exact in double
        if (prod == 0.0) prod = (std::signbit(av) != std::signbit(slope)) ? -0.0 : 0.0;
    }
    const FloatFormat f32 = {32, 0x80000000u, 0x7F800000u, 0x007FFFFFu, 0x00400000u, 0x7FC00000u, 23, 127};
    const uint32_t p32 = Encode(f32, prod);  // the kernel's float32 product
    if (f.bits == 32 && f.man_bits == 23) return p32;
    return Encode(f, reluref::Value(f32, p32));  // Cast CAST_RINT to the 16-bit dtype
}

/// LeakyRelu / LeakyReluGrad of one element (a = self or gradOutput, x = self) of dtype dt (FLOAT, FLOAT16,
/// BF16 or DOUBLE; the out dtype the same).
inline uint64_t LeakyRelu(aclDataType dt, uint64_t a, uint64_t x, float slope) {
    if (dt == ACL_DOUBLE) {
        const double av = reluref::As<double>(a), xv = reluref::As<double>(x);
        if (xv > 0.0 || std::isnan(av)) return std::isnan(av) ? (a | 0x0008000000000000ull) : a;
        if (std::isnan(slope) || (std::isinf(av) && slope == 0.0f) || (av == 0.0 && std::isinf(slope))) {
            return 0x7FF8000000000000ull;
        }
        return reluref::Bits(av * static_cast<double>(slope));  // the double product, correctly rounded
    }
    FloatFormat f{};
    if (!reluref::FormatOf(dt, &f)) return 0;  // not a dtype of the pair
    return Formula(f, static_cast<uint32_t>(a), static_cast<uint32_t>(x), slope);
}

/// Threshold of one element of dtype dt: x <= thr ? val : x, with thr and val given as elements of dt (their
/// conversion is the test's); a NaN x passes through quieted; integers compared as signed (UINT8 unsigned).
inline uint64_t Threshold(aclDataType dt, uint64_t x, uint64_t thr, uint64_t val) {
    FloatFormat f{};
    if (reluref::FormatOf(dt, &f)) {
        const uint32_t u = static_cast<uint32_t>(x);
        if (reluref::IsNaN(f, u)) return reluref::PassThrough(f, u);
        const uint32_t t = static_cast<uint32_t>(thr);
        if (reluref::IsNaN(f, t)) return x;
        return reluref::Value(f, u) <= reluref::Value(f, t) ? val : x;
    }
    int64_t xv, tv;
    switch (dt) {
        case ACL_INT8: xv = reluref::As<int8_t>(x); tv = reluref::As<int8_t>(thr); break;
        case ACL_UINT8: xv = reluref::As<uint8_t>(x); tv = reluref::As<uint8_t>(thr); break;
        case ACL_INT16: xv = reluref::As<int16_t>(x); tv = reluref::As<int16_t>(thr); break;
        case ACL_INT32: xv = reluref::As<int32_t>(x); tv = reluref::As<int32_t>(thr); break;
        default: xv = reluref::As<int64_t>(x); tv = reluref::As<int64_t>(thr); break;
    }
    return xv <= tv ? val : x;
}

/// Hardshrink of one element of a float dtype dt for the float32 lambd (>= 0 or NaN): |x| <= lambd -> +0, else
/// x (a NaN quieted).
inline uint64_t Hardshrink(aclDataType dt, uint64_t x, float lambd) {
    FloatFormat f{};
    if (!reluref::FormatOf(dt, &f)) return 0;
    const uint32_t u = static_cast<uint32_t>(x);
    if (reluref::IsNaN(f, u)) return reluref::PassThrough(f, u);
    return std::fabs(reluref::Value(f, u)) <= static_cast<double>(lambd) ? 0 : x;
}

/// Softshrink of one element of a float dtype dt for the float32 lambd: x > lambd -> x - lambd; x < -lambd ->
/// x + lambd; else (a NaN x or lambd included) +0. The sum is formed in double and rounded to float32 (innocuous
/// double rounding: 53 >= 2 * 24 + 2 bits), then rounded (RNE) to dt by the model's encoder.
inline uint64_t Softshrink(aclDataType dt, uint64_t x, float lambd) {
    FloatFormat f{};
    if (!reluref::FormatOf(dt, &f)) return 0;
    const uint32_t u = static_cast<uint32_t>(x);
    if (reluref::IsNaN(f, u) || std::isnan(lambd)) return 0;
    const double xv = reluref::Value(f, u), l = lambd;
    double r;
    if (xv > l) {
        r = std::isinf(xv) ? xv : static_cast<float>(xv - l);
    } else if (xv < -l) {
        r = std::isinf(xv) ? xv : static_cast<float>(xv + l);
    } else {
        return 0;
    }
    return Encode(f, r);
}

/// SoftshrinkBackward of one element pair of one float dtype dt (g = gradOutput, x = self) for the float32
/// lambd: |x| > lambd or a NaN x -> g (a NaN quieted); else +0.
inline uint64_t SoftshrinkBackward(aclDataType dt, uint64_t g, uint64_t x, float lambd) {
    FloatFormat f{};
    if (!reluref::FormatOf(dt, &f)) return 0;
    const uint32_t u = static_cast<uint32_t>(x);
    const bool keep = reluref::IsNaN(f, u) || std::fabs(reluref::Value(f, u)) > static_cast<double>(lambd);
    return keep ? reluref::PassThrough(f, static_cast<uint32_t>(g)) : 0;
}

/// One step of Hardtanh's vector Max (larger = true) or Min on bit patterns of format f: a NaN operand's NaN
/// quieted (u's before v's); the larger / smaller value; equal values: for Max a zero is -0 only when both are,
/// for Min -0 when either is (a nonzero tie has one bit pattern).
inline uint32_t HardtanhStep(const FloatFormat& f, uint32_t u, uint32_t v, bool larger) {
    if (reluref::IsNaN(f, u)) return u | f.quiet;
    if (reluref::IsNaN(f, v)) return v | f.quiet;
    const double a = reluref::Value(f, u), b = reluref::Value(f, v);
    if (a != b) return (a > b) == larger ? u : v;
    const bool neg_u = (u & f.sign) != 0, neg_v = (v & f.sign) != 0;
    return (larger ? (neg_u && neg_v) : (neg_u || neg_v)) ? (u | f.sign) : (u & ~f.sign);
}

/// Hardtanh of one element of a float dtype dt (FLOAT, FLOAT16, BF16) for bounds mn, mx already in dt (bits):
/// the 950 kernel's Max with mn, then Min with mx.
inline uint64_t Hardtanh(aclDataType dt, uint64_t x, uint64_t mn, uint64_t mx) {
    FloatFormat f{};
    if (!reluref::FormatOf(dt, &f)) return 0;
    const uint32_t t = HardtanhStep(f, static_cast<uint32_t>(x), static_cast<uint32_t>(mn), true);
    return HardtanhStep(f, t, static_cast<uint32_t>(mx), false);
}

/// Hardtanh of a DOUBLE element (the AiCpu kernel): a NaN among x, mn, mx gives +qNaN (0x7FF8...); else x
/// raised to mn where it is below, then lowered to mx where it is above; a tie keeps x (a zero keeps its sign).
inline double HardtanhDouble(double x, double mn, double mx) {
    if (std::isnan(x) || std::isnan(mn) || std::isnan(mx)) {
        const uint64_t q = 0x7FF8000000000000ull;
        double d;
        std::memcpy(&d, &q, 8);
        return d;
    }
    double y = x;
    if (mn > y) y = mn;
    if (y > mx) y = mx;
    return y;
}

/// HardtanhBackward of one element pair of a float dtype dt (g = gradOutput, x = self) for the float32 bounds:
/// a NaN x, or x strictly between mn and mx, -> g (a NaN quieted); else +0.
inline uint64_t HardtanhBackward(aclDataType dt, uint64_t g, uint64_t x, float mn, float mx) {
    FloatFormat f{};
    if (!reluref::FormatOf(dt, &f)) return 0;
    const uint32_t u = static_cast<uint32_t>(x);
    bool keep = reluref::IsNaN(f, u);
    if (!keep) {
        const double v = reluref::Value(f, u);
        keep = static_cast<double>(mn) < v && v < static_cast<double>(mx);
    }
    return keep ? reluref::PassThrough(f, static_cast<uint32_t>(g)) : 0;
}

/// HardshrinkBackward of one element pair given by value (g = gradOutput, x = self, both in the promoted dtype)
/// for the effective lambd (>= 0 or NaN; already in the compare's precision): |x| <= lambd -> +0; else g (a NaN
/// x included).
inline long double HardshrinkBackward(long double g, long double x, long double lambd) {
    return std::fabs(x) <= lambd ? 0.0L : g;
}

}  // namespace leakyref

// ------------------------------------------------------------------ the table-driven suite's adapters
// (support/op_reference.h: the uniform signature of kernel.reference_fn)

namespace opref {

using aclcpu_test::opinfo::Arg;
using l1ref::Profile;
using l1ref::View;

/// aclnnHardtanh (leaky_relu_reference.h): self, out; clipValueMin, clipValueMax (aclScalars of dtype FLOAT
/// holding a[0].f, a[1].f). The first phase as docs/ops/hardtanh.md: self's dtype in FLOAT16, FLOAT, INT32,
/// INT64, INT16, INT8, UINT8, DOUBLE (and BFLOAT16 where supported), out's dtype self's, at most 8 dims, out's
/// shape self's, min <= max (as double; NaN passes); then per element in self's dtype: the bounds rounded to
/// it (16-bit floats: RNE from float32; integers: truncated, wrapped), leakyref::Hardtanh / HardtanhDouble, or
/// an integer clamp (Max with min, then Min with max).
inline int Hardtanh(Profile prof, const View* t, const Arg* a, uint8_t* const* out) {
    const View &self = t[0], &o = t[1];
    if (self.null || o.null) return l1ref::kNullptr;
    const int d = self.dtype;
    const bool listed = d == l1ref::kF16 || d == l1ref::kF32 || d == l1ref::kS32 || d == l1ref::kS64 ||
                        d == l1ref::kS16 || d == l1ref::kS8 || d == l1ref::kU8 || d == l1ref::kF64 ||
                        (d == l1ref::kBF16 && l1ref::SupportsBF16(prof));
    if (!listed || o.dtype != d) return l1ref::kInvalid;
    if (self.shape.size() > 8 || self.shape != o.shape) return l1ref::kInvalid;
    const float mn = static_cast<float>(a[0].f), mx = static_cast<float>(a[1].f);
    if (static_cast<double>(mn) > static_cast<double>(mx)) return l1ref::kInvalid;
    const size_t sz = l1ref::DtSize(d);
    auto as_int = [&](float v) {  // truncated toward zero (NaN 0), then the low bits of the width
        const double tv = std::isnan(v) ? 0.0 : std::trunc(static_cast<double>(v));
        const int64_t w = tv >= 9223372036854775808.0 ? INT64_MAX
                          : tv < -9223372036854775808.0 ? INT64_MIN : static_cast<int64_t>(tv);
        switch (d) {
            case l1ref::kS8: return static_cast<int64_t>(static_cast<int8_t>(w));
            case l1ref::kU8: return static_cast<int64_t>(static_cast<uint8_t>(w));
            case l1ref::kS16: return static_cast<int64_t>(static_cast<int16_t>(w));
            case l1ref::kS32: return static_cast<int64_t>(static_cast<int32_t>(w));
            default: return w;
        }
    };
    uint64_t mn_bits = 0, mx_bits = 0;
    reluref::FloatFormat f{};
    const bool is_float = reluref::FormatOf(static_cast<aclDataType>(d), &f);
    if (is_float) {
        auto enc = [&](float v) -> uint64_t {
            uint32_t b32;
            std::memcpy(&b32, &v, 4);
            if (d == l1ref::kF32) return b32;
            if (std::isnan(v)) return f.dnan;  // any NaN bound: the result is a NaN either way
            return leakyref::Encode(f, static_cast<double>(v));
        };
        mn_bits = enc(mn);
        mx_bits = enc(mx);
    }
    l1ref::ForEachIndex(self.shape, [&](const std::vector<int64_t>& idx) {
        const uint8_t* src = self.data + l1ref::ElementIndex(self, idx) * sz;
        uint8_t* dst = out[0] + l1ref::ElementIndex(o, idx) * sz;
        if (is_float) {
            uint64_t x = 0;
            std::memcpy(&x, src, sz);
            const uint64_t y = leakyref::Hardtanh(static_cast<aclDataType>(d), x, mn_bits, mx_bits);
            std::memcpy(dst, &y, sz);
        } else if (d == l1ref::kF64) {
            double x;
            std::memcpy(&x, src, 8);
            const double y = leakyref::HardtanhDouble(x, mn, mx);
            std::memcpy(dst, &y, 8);
        } else {
            int64_t x = 0;
            switch (d) {
                case l1ref::kS8: { int8_t v; std::memcpy(&v, src, 1); x = v; break; }
                case l1ref::kU8: { uint8_t v; std::memcpy(&v, src, 1); x = v; break; }
                case l1ref::kS16: { int16_t v; std::memcpy(&v, src, 2); x = v; break; }
                case l1ref::kS32: { int32_t v; std::memcpy(&v, src, 4); x = v; break; }
                default: std::memcpy(&x, src, 8);
            }
            const int64_t lo = as_int(mn), hi = as_int(mx);
            int64_t y = x < lo ? lo : x;
            if (y > hi) y = hi;
            std::memcpy(dst, &y, sz);  // little-endian: the low bytes
        }
    });
    return 0;
}

/// aclnnHardtanhBackward (leaky_relu_reference.h): gradOutput, self, out; min, max (aclScalars of dtype FLOAT
/// holding a[0].f, a[1].f). The first phase as docs/ops/hardtanh_backward.md: gradOutput's, self's, out's
/// dtype in FLOAT, FLOAT16 (and BFLOAT16 where supported), gradOutput's dtype self's, at most 8 dims,
/// gradOutput's shape self's; out's dtype and shape self's (beyond CANN); then leakyref::HardtanhBackward.
inline int HardtanhBackward(Profile prof, const View* t, const Arg* a, uint8_t* const* out) {
    const View &g = t[0], &self = t[1], &o = t[2];
    if (g.null || self.null || o.null) return l1ref::kNullptr;
    auto listed = [&](int d) {
        return d == l1ref::kF32 || d == l1ref::kF16 || (d == l1ref::kBF16 && l1ref::SupportsBF16(prof));
    };
    if (!listed(g.dtype) || !listed(self.dtype) || !listed(o.dtype) || g.dtype != self.dtype) return l1ref::kInvalid;
    if (g.shape.size() > 8 || self.shape.size() > 8 || g.shape != self.shape) return l1ref::kInvalid;
    if (o.dtype != self.dtype || o.shape != self.shape) return l1ref::kInvalid;
    if (l1ref::NumelOf(self.shape) == 0) return 0;
    const float mn = static_cast<float>(a[0].f), mx = static_cast<float>(a[1].f);
    const size_t sz = l1ref::DtSize(self.dtype);
    l1ref::ForEachIndex(self.shape, [&](const std::vector<int64_t>& idx) {
        uint64_t gv = 0, sv = 0;
        std::memcpy(&gv, g.data + l1ref::ElementIndex(g, idx) * sz, sz);
        std::memcpy(&sv, self.data + l1ref::ElementIndex(self, idx) * sz, sz);
        const uint64_t y = leakyref::HardtanhBackward(static_cast<aclDataType>(self.dtype), gv, sv, mn, mx);
        std::memcpy(out[0] + l1ref::ElementIndex(o, idx) * sz, &y, sz);
    });
    return 0;
}

/// aclnnHardshrinkBackward (leaky_relu_reference.h): gradOutput, self, gradInput; lambd (an aclScalar of dtype
/// FLOAT holding a[0].f). The first phase as docs/ops/hardshrink_backward.md: the three dtypes in BFLOAT16 (where
/// supported), FLOAT, FLOAT16; at most 8 dims each; an empty gradOutput or self: success, nothing written (before
/// any shape check); gradOutput and self broadcastable, gradInput's shape the broadcast shape. Then per element
/// in the promoted dtype P: lambd = max(lambd, 0) (rounded to half when P is FLOAT16), leakyref::HardshrinkBackward,
/// the result rounded to gradInput's dtype.
inline int HardshrinkBackward(Profile prof, const View* t, const Arg* a, uint8_t* const* out) {
    const View &g = t[0], &self = t[1], &o = t[2];
    if (g.null || self.null || o.null) return l1ref::kNullptr;
    auto listed = [&](int d) {
        return d == l1ref::kF32 || d == l1ref::kF16 || (d == l1ref::kBF16 && l1ref::SupportsBF16(prof));
    };
    if (!listed(g.dtype) || !listed(self.dtype) || !listed(o.dtype)) return l1ref::kInvalid;
    if (g.shape.size() > 8 || self.shape.size() > 8 || o.shape.size() > 8) return l1ref::kInvalid;
    if (l1ref::NumelOf(g.shape) == 0 || l1ref::NumelOf(self.shape) == 0) return 0;
    std::vector<int64_t> b;
    if (!l1ref::BroadcastShapes(g.shape, self.shape, &b) || o.shape != b) return l1ref::kInvalid;
    const int p = l1ref::Promote(g.dtype, self.dtype);
    float lf = static_cast<float>(a[0].f);
    if (lf < 0.0f) lf = 0.0f;
    const long double lambd = p == l1ref::kF16 ? l1ref::RoundTo(lf, l1ref::FormatOf(l1ref::kF16)) : lf;
    const size_t osz = l1ref::DtSize(o.dtype);
    l1ref::ForEachIndex(b, [&](const std::vector<int64_t>& idx) {
        auto value = [&](const View& v) {
            return l1ref::ReadValue(v.data + l1ref::BroadcastElementIndex(v, idx) * l1ref::DtSize(v.dtype), v.dtype);
        };
        const long double y = leakyref::HardshrinkBackward(value(g), value(self), lambd);
        l1ref::WriteValue(out[0] + l1ref::ElementIndex(o, idx) * osz, o.dtype, y);
    });
    return 0;
}

/// One element of dtype `from` at src converted to dtype `to` at dst: its bytes when the dtypes are equal, else
/// its exact value rounded once to nearest even (l1ref::WriteValue; a NaN stays a NaN).
inline void ConvertElement(int from, const uint8_t* src, int to, uint8_t* dst) {
    if (from == to) {
        std::memcpy(dst, src, l1ref::DtSize(from));
    } else if (from == l1ref::kF64) {
        double v;
        std::memcpy(&v, src, 8);
        l1ref::WriteValue(dst, to, v);
    } else {
        l1ref::WriteValue(dst, to, l1ref::ReadValue(src, from));
    }
}

/// FLOAT, FLOAT16 and, where the product supports it, BFLOAT16: the shrink operators' lists.
inline bool ShrinkListed(Profile prof, int d) {
    return d == l1ref::kF32 || d == l1ref::kF16 || (d == l1ref::kBF16 && l1ref::SupportsBF16(prof));
}

/// A one-input shrink adapter: self, out; lambd (a[0].f). The first phase: self's, then out's dtype listed,
/// out's shape self's, at most 8 dims, then `lambd_ok`; per element element(self's dtype, bits, lambd) in
/// self's dtype, converted to out's.
template <typename LambdOk, typename Element>
int ShrinkForward(Profile prof, const View* t, const Arg* a, uint8_t* const* out, LambdOk&& lambd_ok,
                  Element&& element) {
    const View &self = t[0], &o = t[1];
    if (self.null || o.null) return l1ref::kNullptr;
    if (!ShrinkListed(prof, self.dtype) || !ShrinkListed(prof, o.dtype)) return l1ref::kInvalid;
    if (self.shape != o.shape || self.shape.size() > 8) return l1ref::kInvalid;
    const float lambd = static_cast<float>(a[0].f);
    if (!lambd_ok(lambd)) return l1ref::kInvalid;
    const size_t sz = l1ref::DtSize(self.dtype), osz = l1ref::DtSize(o.dtype);
    l1ref::ForEachIndex(self.shape, [&](const std::vector<int64_t>& idx) {
        uint64_t x = 0;
        std::memcpy(&x, self.data + l1ref::ElementIndex(self, idx) * sz, sz);
        const uint64_t y = element(static_cast<aclDataType>(self.dtype), x, lambd);
        uint8_t yb[8];
        std::memcpy(yb, &y, sz);
        ConvertElement(self.dtype, yb, o.dtype, out[0] + l1ref::ElementIndex(o, idx) * osz);
    });
    return 0;
}

/// aclnnHardshrink (leaky_relu_reference.h): self, out; lambd (an aclScalar holding a[0].f). The first phase
/// as docs/ops/hardshrink.md; lambd = max(lambd, 0); then leakyref::Hardshrink in self's dtype, converted to
/// out's.
inline int Hardshrink(Profile prof, const View* t, const Arg* a, uint8_t* const* out) {
    return ShrinkForward(prof, t, a, out, [](float) { return true; }, [](aclDataType dt, uint64_t x, float l) {
        return leakyref::Hardshrink(dt, x, l < 0.0f ? 0.0f : l);
    });
}

/// aclnnSoftshrink (leaky_relu_reference.h): self, out; lambd (a[0].f). The first phase as
/// docs/ops/softshrink.md (BFLOAT16 refused where the product lacks it; lambd < 0 refused, a NaN accepted);
/// then leakyref::Softshrink in self's dtype, converted to out's.
inline int Softshrink(Profile prof, const View* t, const Arg* a, uint8_t* const* out) {
    return ShrinkForward(prof, t, a, out, [](float l) { return !(l < 0.0f); }, [](aclDataType dt, uint64_t x, float l) {
        return leakyref::Softshrink(dt, x, l);
    });
}

/// A gradient's elements over the broadcast shape b: gradOutput's and self's element converted to the compute
/// dtype cd, element(cd, g bits, x bits) in cd, converted to out's dtype.
template <typename Element>
void BackwardElements(const View& g, const View& self, const View& o, const std::vector<int64_t>& b, int cd,
                      uint8_t* out, Element&& element) {
    const size_t csz = l1ref::DtSize(cd), osz = l1ref::DtSize(o.dtype);
    l1ref::ForEachIndex(b, [&](const std::vector<int64_t>& idx) {
        uint8_t gb[8] = {}, xb[8] = {}, yb[8] = {};
        ConvertElement(g.dtype, g.data + l1ref::BroadcastElementIndex(g, idx) * l1ref::DtSize(g.dtype), cd, gb);
        ConvertElement(self.dtype, self.data + l1ref::BroadcastElementIndex(self, idx) * l1ref::DtSize(self.dtype),
                       cd, xb);
        uint64_t gv = 0, xv = 0;
        std::memcpy(&gv, gb, csz);
        std::memcpy(&xv, xb, csz);
        const uint64_t y = element(static_cast<aclDataType>(cd), gv, xv);
        std::memcpy(yb, &y, csz);
        ConvertElement(cd, yb, o.dtype, out + l1ref::ElementIndex(o, idx) * osz);
    });
}

/// aclnnSoftshrinkBackward (leaky_relu_reference.h): gradOutput, self, gradInput; lambd (a[0].f). The first
/// phase as docs/ops/softshrink_backward.md: the three dtypes listed, at most 8 dims each, gradOutput and self
/// broadcastable to gradInput's shape, lambd >= 0 (or NaN); per element leakyref::SoftshrinkBackward in the
/// inputs' dtype (both FLOAT when they differ), converted to gradInput's.
inline int SoftshrinkBackward(Profile prof, const View* t, const Arg* a, uint8_t* const* out) {
    const View &g = t[0], &self = t[1], &o = t[2];
    if (g.null || self.null || o.null) return l1ref::kNullptr;
    for (int d : {g.dtype, self.dtype, o.dtype}) {
        if (!ShrinkListed(prof, d)) return l1ref::kInvalid;
    }
    if (g.shape.size() > 8 || self.shape.size() > 8) return l1ref::kInvalid;
    std::vector<int64_t> b;
    if (!l1ref::BroadcastShapes(g.shape, self.shape, &b) || o.shape != b) return l1ref::kInvalid;
    const float lambd = static_cast<float>(a[0].f);
    if (lambd < 0.0f) return l1ref::kInvalid;
    const int cd = g.dtype == self.dtype ? g.dtype : l1ref::kF32;  // the compute dtype
    BackwardElements(g, self, o, b, cd, out[0], [&](aclDataType dt, uint64_t gv, uint64_t xv) {
        return leakyref::SoftshrinkBackward(dt, gv, xv, lambd);
    });
    return 0;
}

/// aclnnLeakyRelu (leaky_relu_reference.h): self, out; negativeSlope (a[0].f). The first phase as
/// docs/ops/leaky_relu.md: self's dtype in FLOAT, FLOAT16, DOUBLE (and BFLOAT16 where supported), self castable
/// to out (a floating self casts to a floating or complex out; complex outs are not modelled here), at most 8
/// dims, out's shape self's; then leakyref::LeakyRelu in self's dtype, converted to out's.
inline int LeakyRelu(Profile prof, const View* t, const Arg* a, uint8_t* const* out) {
    const View &self = t[0], &o = t[1];
    if (self.null || o.null) return l1ref::kNullptr;
    const int d = self.dtype;
    if (!(ShrinkListed(prof, d) || d == l1ref::kF64)) return l1ref::kInvalid;
    const bool out_float = o.dtype == l1ref::kF32 || o.dtype == l1ref::kF16 || o.dtype == l1ref::kBF16 ||
                           o.dtype == l1ref::kF64;
    if (o.dtype == l1ref::kC64 || o.dtype == l1ref::kC128) return opref::kNotModelled;
    if (!out_float) return l1ref::kInvalid;
    if (self.shape.size() > 8 || self.shape != o.shape) return l1ref::kInvalid;
    const float slope = static_cast<float>(a[0].f);
    const size_t sz = l1ref::DtSize(d), osz = l1ref::DtSize(o.dtype);
    l1ref::ForEachIndex(self.shape, [&](const std::vector<int64_t>& idx) {
        uint64_t x = 0;
        std::memcpy(&x, self.data + l1ref::ElementIndex(self, idx) * sz, sz);
        const uint64_t y = leakyref::LeakyRelu(static_cast<aclDataType>(d), x, x, slope);
        uint8_t yb[8];
        std::memcpy(yb, &y, sz);
        ConvertElement(d, yb, o.dtype, out[0] + l1ref::ElementIndex(o, idx) * osz);
    });
    return 0;
}

/// aclnnLeakyReluBackward (leaky_relu_reference.h): gradOutput, self, out; negativeSlope (a[0].f), selfIsResult
/// (a[1].i). The first phase as docs/ops/leaky_relu_backward.md: gradOutput's, then self's dtype in FLOAT,
/// FLOAT16, DOUBLE (and BFLOAT16 where supported), at most 8 dims each, gradOutput and self broadcastable to
/// out's shape, selfIsResult with a negative slope refused, p = promote(gradOutput, self) castable to out's dtype
/// (complex outs are not modelled here); then per element both converted to p (exact: p is the wider float),
/// leakyref::LeakyRelu(p, gradOutput, self, slope), converted to out's dtype.
inline int LeakyReluBackward(Profile prof, const View* t, const Arg* a, uint8_t* const* out) {
    const View &g = t[0], &self = t[1], &o = t[2];
    if (g.null || self.null || o.null) return l1ref::kNullptr;
    for (int d : {g.dtype, self.dtype}) {
        if (!(ShrinkListed(prof, d) || d == l1ref::kF64)) return l1ref::kInvalid;
    }
    if (g.shape.size() > 8 || self.shape.size() > 8) return l1ref::kInvalid;
    std::vector<int64_t> b;
    if (!l1ref::BroadcastShapes(g.shape, self.shape, &b) || o.shape != b) return l1ref::kInvalid;
    const float slope = static_cast<float>(a[0].f);
    if (a[1].i != 0 && a[0].f < 0.0) return l1ref::kInvalid;
    const int p = l1ref::Promote(g.dtype, self.dtype);
    if (p < 0) return l1ref::kInvalid;
    if (o.dtype == l1ref::kC64 || o.dtype == l1ref::kC128) return opref::kNotModelled;
    if (!l1ref::Castable(p, o.dtype)) return l1ref::kInvalid;
    if (l1ref::NumelOf(g.shape) == 0 || l1ref::NumelOf(self.shape) == 0) return 0;
    BackwardElements(g, self, o, b, p, out[0], [&](aclDataType dt, uint64_t gv, uint64_t xv) {
        return leakyref::LeakyRelu(dt, gv, xv, slope);
    });
    return 0;
}

/// aclnnThreshold (leaky_relu_reference.h): self, out; threshold, value (aclScalars of dtype FLOAT holding a[0].f,
/// a[1].f). The first phase as docs/ops/threshold.md: self's dtype in FLOAT, INT32, FLOAT16, INT8, UINT8, INT16,
/// INT64 (and BFLOAT16 where supported); below the Ascend 950 self castable to out; at most 8 dims; out's shape
/// self's. The compute dtype is self's (INT16 as INT32 below the 950); threshold and value converted to it (16-bit
/// floats: RNE from float32, value's NaN quieted; integers: truncated, wrapped to the width); then
/// leakyref::Threshold per element, converted to out's dtype. Modelled outs: self's dtype, any float out of a
/// float self, a float out of an integer self (the other casts: not modelled here).
inline int Threshold(Profile prof, const View* t, const Arg* a, uint8_t* const* out) {
    const View &self = t[0], &o = t[1];
    if (self.null || o.null) return l1ref::kNullptr;
    const int d = self.dtype;
    const bool listed = d == l1ref::kF32 || d == l1ref::kS32 || d == l1ref::kF16 || d == l1ref::kS8 ||
                        d == l1ref::kU8 || d == l1ref::kS16 || d == l1ref::kS64 ||
                        (d == l1ref::kBF16 && l1ref::SupportsBF16(prof));
    if (!listed) return l1ref::kInvalid;
    if (prof != Profile::kAscend950 && !l1ref::Castable(d, o.dtype)) return l1ref::kInvalid;
    if (self.shape.size() > 8 || self.shape != o.shape) return l1ref::kInvalid;
    auto is_float = [](int x) { return x == l1ref::kF32 || x == l1ref::kF16 || x == l1ref::kBF16 || x == l1ref::kF64; };
    if (!(o.dtype == d || (is_float(o.dtype) && o.dtype != l1ref::kF64))) return opref::kNotModelled;
    const int cd = d == l1ref::kS16 && prof != Profile::kAscend950 ? l1ref::kS32 : d;
    const float thr = static_cast<float>(a[0].f), val = static_cast<float>(a[1].f);
    uint64_t thr_bits = 0, val_bits = 0;
    reluref::FloatFormat f{};
    if (reluref::FormatOf(static_cast<aclDataType>(cd), &f)) {
        auto enc = [&](float v) -> uint64_t {
            uint32_t b32;
            std::memcpy(&b32, &v, 4);
            if (std::isnan(v)) return b32 | 0x00400000u;  // FLOAT: quieted; 16-bit: below
            return cd == l1ref::kF32 ? b32 : leakyref::Encode(f, static_cast<double>(v));
        };
        thr_bits = std::isnan(thr) ? f.dnan : enc(thr);
        val_bits = std::isnan(val) ? (cd == l1ref::kF32 ? enc(val) : f.dnan) : enc(val);
    } else {
        auto as_int = [&](float v) {  // truncated toward zero (NaN 0), then the low bits of the width
            const double tv = std::isnan(v) ? 0.0 : std::trunc(static_cast<double>(v));
            const int64_t w = tv >= 9223372036854775808.0 ? INT64_MAX
                              : tv < -9223372036854775808.0 ? INT64_MIN : static_cast<int64_t>(tv);
            switch (cd) {
                case l1ref::kS8: return static_cast<uint64_t>(static_cast<int64_t>(static_cast<int8_t>(w)));
                case l1ref::kU8: return static_cast<uint64_t>(static_cast<uint8_t>(w));
                case l1ref::kS16: return static_cast<uint64_t>(static_cast<int64_t>(static_cast<int16_t>(w)));
                case l1ref::kS32: return static_cast<uint64_t>(static_cast<int64_t>(static_cast<int32_t>(w)));
                default: return static_cast<uint64_t>(w);
            }
        };
        thr_bits = as_int(thr);
        val_bits = as_int(val);
    }
    const size_t sz = l1ref::DtSize(d), csz = l1ref::DtSize(cd), osz = l1ref::DtSize(o.dtype);
    auto load_int = [](int dt, const uint8_t* p) -> int64_t {  // l1ref's readers have no INT16
        switch (dt) {
            case l1ref::kS8: { int8_t v; std::memcpy(&v, p, 1); return v; }
            case l1ref::kU8: return p[0];
            case l1ref::kS16: { int16_t v; std::memcpy(&v, p, 2); return v; }
            case l1ref::kS32: { int32_t v; std::memcpy(&v, p, 4); return v; }
            default: { int64_t v; std::memcpy(&v, p, 8); return v; }
        }
    };
    l1ref::ForEachIndex(self.shape, [&](const std::vector<int64_t>& idx) {
        const uint8_t* src = self.data + l1ref::ElementIndex(self, idx) * sz;
        uint8_t* dst = out[0] + l1ref::ElementIndex(o, idx) * osz;
        if (is_float(d)) {
            uint64_t x = 0;
            std::memcpy(&x, src, sz);
            const uint64_t y = leakyref::Threshold(static_cast<aclDataType>(d), x, thr_bits, val_bits);
            uint8_t yb[8] = {};
            std::memcpy(yb, &y, sz);
            ConvertElement(d, yb, o.dtype, dst);
            return;
        }
        const uint64_t x = static_cast<uint64_t>(load_int(d, src));  // widened exactly (INT16 -> INT32 included)
        uint8_t yb[8] = {};
        const uint64_t y = leakyref::Threshold(static_cast<aclDataType>(cd), x, thr_bits, val_bits);
        std::memcpy(yb, &y, csz);
        const int64_t v = load_int(cd, yb);
        if (o.dtype == d) {
            std::memcpy(dst, &v, osz);  // little-endian: the low bytes (an INT32 result back to INT16)
        } else {
            l1ref::WriteValue(dst, o.dtype, static_cast<long double>(v));  // a float out: RNE
        }
    });
    return 0;
}

}  // namespace opref
