#include "tensor/lowp_dtype.h"

#include <cmath>
#include <limits>

#include "common/half.h"
#include "tensor/dtype.h"

namespace aclcpu::lowp {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

/// m * 2^e as a float (exact for every value these formats hold: at most 4 significant bits, 2^-127..2^16).
float Scaled(uint32_t m, int e) { return std::ldexp(static_cast<float>(m), e); }

/// Value of an IEEE-style magnitude (exponent field e of `mbits` mantissa bits, bias `bias`, subnormals at
/// e == 0), specials left to the caller.
float IeeeMagnitude(uint32_t e, uint32_t m, int mbits, int bias) {
    if (e == 0) return Scaled(m, 1 - bias - mbits);
    return Scaled((1u << mbits) | m, static_cast<int>(e) - bias - mbits);
}

/// |x| (float bits `abs`, finite) rounded to nearest, ties to even, onto the grid of an IEEE-style format with
/// `mbits` mantissa bits and bias `bias` (subnormals below 2^(1 - bias)), returned as the magnitude code
/// (exponent field << mbits | mantissa), unbounded above: the caller decides what codes past its largest
/// finite one mean. Float32 subnormal inputs give 0 (every format here has its smallest subnormal far above
/// half of 2^-126).
uint32_t RoundIeeeMagnitude(uint32_t abs, int mbits, int bias) {
    const int e = static_cast<int>(abs >> 23) - 127;
    const int emin = 1 - bias;
    if (e >= emin) {  // normal result (or a carry into the next binade): add half an ulp, ties to even
        const int shift = 23 - mbits;
        const uint32_t lsb = (abs >> shift) & 1u;
        const uint32_t rounded = abs + ((1u << (shift - 1)) - 1u) + lsb;
        return (rounded >> shift) - (static_cast<uint32_t>(127 - bias) << mbits);
    }
    if ((abs >> 23) == 0) return 0;  // float32 subnormal: far below every format's smallest subnormal
    // Subnormal result: q = |x| / 2^(emin - mbits), rounded to an integer (a carry to 2^mbits is the
    // smallest normal's code, as it should be).
    const uint64_t mant = (abs & 0x7FFFFFu) | 0x800000u;
    const int shift = 23 - (e - emin + mbits);  // |x| / 2^(emin - mbits) = mant >> shift, shift >= 24 - mbits
    if (shift > 25) return 0;                   // below a quarter of the smallest subnormal
    uint64_t q = mant >> shift;
    const uint64_t rem = mant & ((uint64_t{1} << shift) - 1u);
    const uint64_t half = uint64_t{1} << (shift - 1);
    if (rem > half || (rem == half && (q & 1u))) ++q;
    return static_cast<uint32_t>(q);
}

/// Shared 4-bit float encoder: s.e.m with `mbits` mantissa bits, bias 1, saturating at magnitude code 7.
uint8_t EncodeFloat4(float x, int mbits) {
    const uint32_t u = FloatBits(x);
    const uint32_t abs = u & 0x7FFFFFFFu;
    if (abs > 0x7F800000u) return 0;  // NaN: no NaN code, +0
    const uint8_t sign = static_cast<uint8_t>((u >> 28) & 0x8u);
    if (abs == 0x7F800000u) return static_cast<uint8_t>(sign | 0x7u);  // inf saturates
    uint32_t mag = RoundIeeeMagnitude(abs, mbits, 1);
    if (mag > 0x7u) mag = 0x7u;
    return static_cast<uint8_t>(sign | mag);
}

}  // namespace

// --- HIFLOAT8 ---------------------------------------------------------------------------------------------

float DecodeHiFloat8(uint8_t code) {
    const bool neg = (code & 0x80u) != 0;
    const uint32_t low = code & 0x7Fu;
    if (low == 0x6Fu) return neg ? -kInf : kInf;  // s.11.0111.1: the code 1.5 * 2^15 would have
    int e;        // unbiased exponent
    uint32_t m;   // mantissa field
    int mbits;    // its width
    if (low >= 0x20u) {  // dot 11, 10 or 01: exponent of 4, 3 or 2 bits (sign bit + magnitude bits)
        const int width = static_cast<int>(low >> 5) + 1;  // 01 -> 2, 10 -> 3, 11 -> 4
        mbits = 5 - width;
        const uint32_t expfield = (low >> mbits) & ((1u << width) - 1u);
        const uint32_t magbits = width - 1;
        const int mag = static_cast<int>((1u << magbits) | (expfield & ((1u << magbits) - 1u)));
        e = (expfield >> magbits) ? -mag : mag;
        m = low & ((1u << mbits) - 1u);
    } else if (low >= 0x10u) {  // dot 001: exponent +-1
        e = (low & 0x08u) ? -1 : 1;
        mbits = 3;
        m = low & 0x7u;
    } else if (low >= 0x08u) {  // dot 0001: exponent 0
        e = 0;
        mbits = 3;
        m = low & 0x7u;
    } else {  // dot 0000: denormal mode, 2^(m - 23); m == 0 is zero (0x00) or NaN (0x80)
        if (low == 0) return neg ? kNaN : 0.0f;
        const float v = Scaled(1, static_cast<int>(low) - 23);
        return neg ? -v : v;
    }
    const float v = Scaled((1u << mbits) | m, e - mbits);
    return neg ? -v : v;
}

uint8_t EncodeHiFloat8(float x) {
    const uint32_t u = FloatBits(x);
    const uint32_t abs = u & 0x7FFFFFFFu;
    const uint8_t sign = static_cast<uint8_t>((u >> 24) & 0x80u);
    if (abs > 0x7F800000u) return 0x80u;                                 // NaN
    if (abs >= 0x7F800000u) return static_cast<uint8_t>(sign | 0x6Fu);   // +-inf
    int e = static_cast<int>(abs >> 23) - 127;
    if (e < -23) return 0x00u;  // below 2^-23 (float32 subnormals included): rounds to the only zero
    // Mantissa width at this exponent: 3 for |e| <= 3, 2 for 4..7, 1 for 8..15, 0 in the denormal range.
    const int ae = e < 0 ? -e : e;
    const int mbits = ae <= 3 ? 3 : ae <= 7 ? 2 : ae <= 15 ? 1 : 0;
    // Significand 1.f with mbits fraction bits, rounded half away from zero (on the magnitude: half up).
    const uint32_t sig = (abs & 0x7FFFFFu) | 0x800000u;
    const int shift = 23 - mbits;
    uint32_t q = (sig + (1u << (shift - 1))) >> shift;  // in [2^mbits, 2^(mbits + 1)]
    int mb = mbits;
    if (q == (2u << mbits)) {  // carried into the next binade: exactly 2^(e + 1)
        ++e;
        q = 1u;
        mb = 0;
    }
    if (e < -22) {  // [2^-23, 1.5 * 2^-23): no 2^-23 code; 2^-23 is the tie with 0, away from zero: 2^-22
        e = -22;
        q = 1u;
        mb = 0;
    }
    if (e >= 16) return static_cast<uint8_t>(sign | 0x6Fu);  // overflow: inf
    const uint32_t frac = q - (1u << mb);                    // mantissa bits below the leading 1
    const int ae2 = e < 0 ? -e : e;
    const uint32_t es = e < 0 ? 1u : 0u;  // exponent sign bit
    uint32_t mag;
    if (e <= -16) {  // denormal: 2^(m - 23), m = e + 23 in 1..7
        mag = static_cast<uint32_t>(e + 23);
    } else if (ae2 == 0) {  // dot 0001, mantissa 3 bits
        mag = 0x08u | (frac << (3 - mb));
    } else if (ae2 == 1) {  // dot 001, exponent sign, mantissa 3 bits
        mag = 0x10u | (es << 3) | (frac << (3 - mb));
    } else if (ae2 <= 3) {  // dot 01, exponent sign + 1 magnitude bit, mantissa 3 bits
        mag = 0x20u | (es << 4) | (static_cast<uint32_t>(ae2 - 2) << 3) | (frac << (3 - mb));
    } else if (ae2 <= 7) {  // dot 10, exponent sign + 2 magnitude bits, mantissa 2 bits
        mag = 0x40u | (es << 4) | (static_cast<uint32_t>(ae2 - 4) << 2) | (frac << (2 - mb));
    } else {  // dot 11, exponent sign + 3 magnitude bits, mantissa 1 bit (15 with mantissa 1 is inf)
        mag = 0x60u | (es << 4) | (static_cast<uint32_t>(ae2 - 8) << 1) | (frac << (1 - mb));
    }
    return static_cast<uint8_t>(sign | mag);
}

uint8_t EncodeHiFloat8Sat(float x) {
    const uint8_t code = EncodeHiFloat8(x);
    return (code & 0x7Fu) == 0x6Fu ? static_cast<uint8_t>(code - 1u) : code;  // +-inf -> +-32768
}

// --- FLOAT8_E5M2 ------------------------------------------------------------------------------------------

float DecodeFloat8E5M2(uint8_t code) {
    const uint32_t e = (code >> 2) & 0x1Fu, m = code & 0x3u;
    float v;
    if (e == 0x1Fu) {
        v = m == 0 ? kInf : kNaN;
    } else {
        v = IeeeMagnitude(e, m, 2, 15);
    }
    return (code & 0x80u) ? -v : v;
}

uint8_t EncodeFloat8E5M2(float x) {
    const uint32_t u = FloatBits(x);
    const uint32_t abs = u & 0x7FFFFFFFu;
    const uint8_t sign = static_cast<uint8_t>((u >> 24) & 0x80u);
    if (abs > 0x7F800000u) return static_cast<uint8_t>(sign | 0x7Eu);  // quiet NaN
    if (abs == 0x7F800000u) return static_cast<uint8_t>(sign | 0x7Cu);
    uint32_t mag = RoundIeeeMagnitude(abs, 2, 15);
    if (mag > 0x7Cu) mag = 0x7Cu;  // overflow: inf
    return static_cast<uint8_t>(sign | mag);
}

uint8_t EncodeFloat8E5M2Sat(float x) {
    const uint8_t code = EncodeFloat8E5M2(x);
    return (code & 0x7Fu) == 0x7Cu ? static_cast<uint8_t>(code - 1u) : code;  // +-inf -> +-57344
}

// --- FLOAT8_E4M3FN ----------------------------------------------------------------------------------------

float DecodeFloat8E4M3FN(uint8_t code) {
    const uint32_t e = (code >> 3) & 0xFu, m = code & 0x7u;
    const float v = (e == 0xFu && m == 0x7u) ? kNaN : IeeeMagnitude(e, m, 3, 7);
    return (code & 0x80u) ? -v : v;
}

uint8_t EncodeFloat8E4M3FN(float x) {
    const uint32_t u = FloatBits(x);
    const uint32_t abs = u & 0x7FFFFFFFu;
    const uint8_t sign = static_cast<uint8_t>((u >> 24) & 0x80u);
    if (abs >= 0x7F800000u) return static_cast<uint8_t>(sign | 0x7Fu);  // NaN, and inf (no inf code)
    uint32_t mag = RoundIeeeMagnitude(abs, 3, 7);
    if (mag > 0x7Eu) mag = 0x7Fu;  // overflow: NaN
    return static_cast<uint8_t>(sign | mag);
}

uint8_t EncodeFloat8E4M3FNSat(float x) {
    if (std::isnan(x)) return EncodeFloat8E4M3FN(x);
    const uint8_t code = EncodeFloat8E4M3FN(x);
    return (code & 0x7Fu) == 0x7Fu ? static_cast<uint8_t>(code - 1u) : code;  // overflow NaN -> +-448
}

// --- FLOAT8_E8M0 ------------------------------------------------------------------------------------------

float DecodeFloat8E8M0(uint8_t code) { return code == 0xFFu ? kNaN : Scaled(1, static_cast<int>(code) - 127); }

uint8_t EncodeFloat8E8M0(float x) {
    const uint32_t u = FloatBits(x);
    const uint32_t abs = u & 0x7FFFFFFFu;
    if (abs >= 0x7F800000u) return 0xFFu;       // NaN, +-inf
    if (abs == 0) return 0x00u;                 // +-0: the nearest value is 2^-127
    if (u & 0x80000000u) return 0xFFu;          // negative: unsigned format
    const uint32_t exp = abs >> 23;
    if (exp == 0) return abs > 0x600000u ? 1u : 0u;  // float32 subnormal: 2^-127 or 2^-126 (tie at 1.5*2^-127 -> 0)
    // 2^(exp-127) * 1.f: round up past f = 0.5; at f = 0.5 exactly, to the even code.
    const uint32_t frac = abs & 0x7FFFFFu;
    uint32_t code = exp;  // code of 2^(exp - 127)
    if (frac > 0x400000u || (frac == 0x400000u && (code & 1u))) ++code;
    return code >= 0xFFu ? 0xFFu : static_cast<uint8_t>(code);  // past 2^127: NaN
}

// --- FLOAT4_E2M1, FLOAT4_E1M2, INT4 -----------------------------------------------------------------------

float DecodeFloat4E2M1(uint8_t code) {
    const float v = IeeeMagnitude((code >> 1) & 0x3u, code & 0x1u, 1, 1);
    return (code & 0x8u) ? -v : v;
}

uint8_t EncodeFloat4E2M1(float x) { return EncodeFloat4(x, 1); }

float DecodeFloat4E1M2(uint8_t code) {
    const float v = IeeeMagnitude((code >> 2) & 0x1u, code & 0x3u, 2, 1);
    return (code & 0x8u) ? -v : v;
}

uint8_t EncodeFloat4E1M2(float x) { return EncodeFloat4(x, 2); }

float DecodeInt4(uint8_t code) {
    const int v = static_cast<int>(code & 0xFu);
    return static_cast<float>(v >= 8 ? v - 16 : v);
}

uint8_t EncodeInt4(float x) {
    if (std::isnan(x)) return 0;
    int v;
    if (x >= 7.0f) {
        v = 7;
    } else if (x <= -8.0f) {
        v = -8;
    } else {
        const float f = std::floor(x);  // exact; x - f exact too for |x| < 8
        const float d = x - f;
        v = static_cast<int>(f);
        if (d > 0.5f || (d == 0.5f && (v & 1))) ++v;
    }
    return static_cast<uint8_t>(v & 0xF);
}

// --- dtype-generic ------------------------------------------------------------------------------------------

bool IsLowPrecision(aclDataType t) {
    switch (t) {
        case ACL_HIFLOAT8: case ACL_FLOAT8_E5M2: case ACL_FLOAT8_E4M3FN: case ACL_FLOAT8_E8M0:
        case ACL_FLOAT4_E2M1: case ACL_FLOAT4_E1M2: case ACL_INT4: return true;
        default: return false;
    }
}

bool IsPacked4Bit(aclDataType t) { return aclcpu::IsPacked4Bit(t); }

size_t StorageBytes(aclDataType t, int64_t n) {
    if (n <= 0 || !IsLowPrecision(t)) return 0;
    return static_cast<size_t>(IsPacked4Bit(t) ? (n + 1) / 2 : n);
}

int64_t ByteOfElement(aclDataType t, int64_t i) { return IsPacked4Bit(t) ? i / 2 : i; }

int NibbleShift(aclDataType t, int64_t i) { return IsPacked4Bit(t) && (i & 1) ? 4 : 0; }

namespace {

using DecodeFn = float (*)(uint8_t);
using EncodeFn = uint8_t (*)(float);

DecodeFn DecoderOf(aclDataType t) {
    switch (t) {
        case ACL_HIFLOAT8: return DecodeHiFloat8;
        case ACL_FLOAT8_E5M2: return DecodeFloat8E5M2;
        case ACL_FLOAT8_E4M3FN: return DecodeFloat8E4M3FN;
        case ACL_FLOAT8_E8M0: return DecodeFloat8E8M0;
        case ACL_FLOAT4_E2M1: return DecodeFloat4E2M1;
        case ACL_FLOAT4_E1M2: return DecodeFloat4E1M2;
        case ACL_INT4: return DecodeInt4;
        default: return nullptr;
    }
}

EncodeFn EncoderOf(aclDataType t) {
    switch (t) {
        case ACL_HIFLOAT8: return EncodeHiFloat8;
        case ACL_FLOAT8_E5M2: return EncodeFloat8E5M2;
        case ACL_FLOAT8_E4M3FN: return EncodeFloat8E4M3FN;
        case ACL_FLOAT8_E8M0: return EncodeFloat8E8M0;
        case ACL_FLOAT4_E2M1: return EncodeFloat4E2M1;
        case ACL_FLOAT4_E1M2: return EncodeFloat4E1M2;
        case ACL_INT4: return EncodeInt4;
        default: return nullptr;
    }
}

}  // namespace

bool DecodeToFloat(aclDataType t, const void* src, int64_t first_element, int64_t n, float* dst) {
    const DecodeFn decode = DecoderOf(t);
    if (decode == nullptr || first_element < 0) return false;
    if (n <= 0) return true;
    if (src == nullptr || dst == nullptr) return false;
    const auto* bytes = static_cast<const uint8_t*>(src);
    if (!IsPacked4Bit(t)) {
        for (int64_t k = 0; k < n; ++k) dst[k] = decode(bytes[first_element + k]);
        return true;
    }
    for (int64_t k = 0; k < n; ++k) {
        const int64_t i = first_element + k;
        dst[k] = decode(static_cast<uint8_t>((bytes[i >> 1] >> ((i & 1) * 4)) & 0xFu));
    }
    return true;
}

bool EncodeFromFloat(aclDataType t, const float* src, int64_t n, void* dst, int64_t first_element) {
    const EncodeFn encode = EncoderOf(t);
    if (encode == nullptr || first_element < 0) return false;
    if (n <= 0) return true;
    if (src == nullptr || dst == nullptr) return false;
    auto* bytes = static_cast<uint8_t*>(dst);
    if (!IsPacked4Bit(t)) {
        for (int64_t k = 0; k < n; ++k) bytes[first_element + k] = encode(src[k]);
        return true;
    }
    for (int64_t k = 0; k < n; ++k) {
        const int64_t i = first_element + k;
        const int shift = static_cast<int>(i & 1) * 4;
        uint8_t& b = bytes[i >> 1];
        b = static_cast<uint8_t>((b & ~(0xFu << shift)) | ((encode(src[k]) & 0xFu) << shift));
    }
    return true;
}

}  // namespace aclcpu::lowp
