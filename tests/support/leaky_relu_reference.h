// Independent model of the LeakyRelu pair (docs/ops/leaky_relu.md §5, docs/ops/leaky_relu_backward.md §5) and
// of Threshold, Hardshrink, Softshrink and SoftshrinkBackward (docs/ops/threshold.md, hardshrink.md,
// softshrink.md, softshrink_backward.md) for the tests: it shares no code with src/ and works on the elements' bit patterns (reluref's formats), rounding
// with its own encoder, so that it checks the rows' widening, arithmetic and narrowing rather than repeating
// them. Elements are passed as raw bits in a uint64_t (the low ItemSize bytes).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

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

}  // namespace leakyref
