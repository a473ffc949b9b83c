// Scalar IEEE-754 conversions between float32 and the 16-bit formats (binary16 and bfloat16), bit-exact:
// round to nearest, ties to even; overflow to +-inf; subnormals kept (never flushed); NaN stays NaN (quiet,
// sign kept, top payload bits kept). These are the reference the SIMD bodies are tested against (SPEC 5.1).
// Header-only: the runtime (aclFloatToFloat16) and the kernels share the one implementation.
#pragma once

#include <cstdint>
#include <cstring>

namespace aclcpu {

inline uint32_t FloatBits(float f) {
    uint32_t u;
    std::memcpy(&u, &f, sizeof u);
    return u;
}

inline float BitsToFloat(uint32_t u) {
    float f;
    std::memcpy(&f, &u, sizeof f);
    return f;
}

/// binary16 bits -> float (exact).
inline float HalfToFloat(uint16_t h) {
    const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
    const uint32_t exp = (h >> 10) & 0x1Fu;
    uint32_t mant = h & 0x3FFu;
    if (exp == 0x1F) return BitsToFloat(sign | 0x7F800000u | (mant << 13));  // inf / NaN
    if (exp != 0) return BitsToFloat(sign | ((exp + 112u) << 23) | (mant << 13));
    if (mant == 0) return BitsToFloat(sign);  // +-0
    // subnormal: value = mant * 2^-24, normalise
    int e = -1;
    do {
        mant <<= 1;
        ++e;
    } while ((mant & 0x400u) == 0);
    return BitsToFloat(sign | static_cast<uint32_t>(112 - e) << 23 | ((mant & 0x3FFu) << 13));
}

/// float -> binary16 bits, round to nearest even, overflow -> inf, subnormals kept, NaN -> quiet NaN.
inline uint16_t FloatToHalf(float f) {
    const uint32_t u = FloatBits(f);
    const uint16_t sign = static_cast<uint16_t>((u >> 16) & 0x8000u);
    const uint32_t abs = u & 0x7FFFFFFFu;
    if (abs >= 0x7F800000u) {  // inf or NaN
        if (abs == 0x7F800000u) return static_cast<uint16_t>(sign | 0x7C00u);
        return static_cast<uint16_t>(sign | 0x7E00u | ((abs >> 13) & 0x3FFu));
    }
    if (abs >= 0x477FF000u) return static_cast<uint16_t>(sign | 0x7C00u);  // rounds to >= 65520 -> inf
    if (abs >= 0x38800000u) {                                             // normal binary16 result
        const uint32_t lsb = (abs >> 13) & 1u;
        const uint32_t rounded = abs + 0xFFFu + lsb;
        return static_cast<uint16_t>(sign | ((rounded - 0x38000000u) >> 13));
    }
    // subnormal or zero result: value / 2^-24, rounded to an integer (ties to even)
    const uint32_t exp = abs >> 23;
    if (exp < 102) return sign;  // below half of the smallest subnormal (2^-25): +-0
    const uint32_t mant = (abs & 0x7FFFFFu) | 0x800000u;
    const uint32_t shift = 126u - exp;  // so that result = mant >> shift (shift in 14..24)
    uint32_t q = mant >> shift;
    const uint32_t rem = mant & ((1u << shift) - 1u);
    const uint32_t half = 1u << (shift - 1);
    if (rem > half || (rem == half && (q & 1u))) ++q;
    return static_cast<uint16_t>(sign | q);
}

/// bfloat16 bits -> float (exact).
inline float Bf16ToFloat(uint16_t b) { return BitsToFloat(static_cast<uint32_t>(b) << 16); }

/// float -> bfloat16 bits, round to nearest even (never truncation), NaN -> quiet NaN.
inline uint16_t FloatToBf16(float f) {
    const uint32_t u = FloatBits(f);
    if ((u & 0x7FFFFFFFu) > 0x7F800000u) return static_cast<uint16_t>((u >> 16) | 0x40u);
    const uint32_t lsb = (u >> 16) & 1u;
    return static_cast<uint16_t>((u + 0x7FFFu + lsb) >> 16);
}

}  // namespace aclcpu
