// A deliberately simple, slow and independent model of aclnnL1LossBackward (SPEC 4.4 dtype rules and 5
// arithmetic) for the hardening suites: the fuzzer (fuzz/l1_fuzz.cpp), the stress test and the huge-tensor
// test. It shares no code with src/: every rounding is done by scaling a long double (64-bit significand, so
// every float, int64 and uint64 value is exact) by a power of two and rounding it with nearbyintl (ties to
// even), instead of the bit manipulation of src/common/half.h. Header-only, C++17, no dependencies
// beyond the public headers.
#pragma once

#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "acl/acl_base.h"

namespace hardening {

enum class SignRule { kArch35, kTbe };  // Ascend 950 / Atlas A2, A3, training, inference (SPEC 5.2)

struct Profile {
    const char* key;  // ACLCPU_SOC_VERSION / "soc_version" value
    SignRule sign;
    bool sequential_mean;  // r = 1/d0/d1/... in float (950) or (float)(1.0/numel) (TBE)
    bool bf16;             // BF16 in the support list
};

inline const Profile* Profiles() {
    static const Profile p[] = {
        {"Ascend950", SignRule::kArch35, true, true},   {"Ascend910B", SignRule::kTbe, false, true},
        {"Ascend910_93", SignRule::kTbe, false, true},  {"Ascend910", SignRule::kTbe, false, false},
        {"Ascend310P", SignRule::kTbe, false, false},
    };
    return p;
}
constexpr int kNumProfiles = 5;

/// The profile aclrtGetSocName() reports (SPEC 2: "Ascend950PR_9599", "Ascend910B1", "Ascend910_9391",
/// "Ascend910A", "Ascend310P3"); Ascend 950 when the name is unknown.
inline const Profile& ProfileFromSocName(const char* name) {
    const std::string n = name != nullptr ? name : "";
    if (n.rfind("Ascend910B", 0) == 0) return Profiles()[1];
    if (n.rfind("Ascend910_93", 0) == 0) return Profiles()[2];
    if (n.rfind("Ascend910", 0) == 0) return Profiles()[3];
    if (n.rfind("Ascend310P", 0) == 0) return Profiles()[4];
    return Profiles()[0];
}

/// Bytes of one element of the dtypes this model handles; 0 for any other value.
inline size_t ModelItemSize(int dt) {
    switch (dt) {
        case ACL_FLOAT: case ACL_INT32: case ACL_UINT32: return 4;
        case ACL_FLOAT16: case ACL_BF16: case ACL_INT16: case ACL_UINT16: return 2;
        case ACL_INT8: case ACL_UINT8: case ACL_BOOL: return 1;
        case ACL_INT64: case ACL_UINT64: case ACL_DOUBLE: case ACL_COMPLEX64: return 8;
        case ACL_COMPLEX128: return 16;
        default: return 0;
    }
}

inline bool IsFloatInput(int dt) { return dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16; }
inline bool IsIntOrBoolInput(int dt) {
    return dt == ACL_INT8 || dt == ACL_UINT8 || dt == ACL_INT16 || dt == ACL_INT32 || dt == ACL_INT64 ||
           dt == ACL_BOOL;
}

/// The promoted dtype P of (gradOutput, self, target) when the first phase must accept these dtypes, else
/// ACL_DT_UNDEFINED. Derived from the deduction table by hand: among the types that can end in a supported
/// P, floats dominate integers and bool; FLOAT16 with BF16 gives FLOAT; UINT16/32/64 only pair with
/// themselves, DOUBLE and complex types promote to unsupported types, the 8-bit and smaller floats are
/// rejected (SPEC 4.4).
inline aclDataType ModelPromote(int g, int s, int t, const Profile& prof) {
    const int in[3] = {g, s, t};
    bool f32 = false, f16 = false, bf16 = false;
    for (int d : in) {
        if (IsFloatInput(d)) {
            f32 |= d == ACL_FLOAT;
            f16 |= d == ACL_FLOAT16;
            bf16 |= d == ACL_BF16;
        } else if (!IsIntOrBoolInput(d)) {
            return ACL_DT_UNDEFINED;
        }
    }
    aclDataType p;
    if (f32 || (f16 && bf16)) p = ACL_FLOAT;
    else if (f16) p = ACL_FLOAT16;
    else if (bf16) p = ACL_BF16;
    else return ACL_DT_UNDEFINED;  // integer or bool promote type: not in the support list
    if (p == ACL_BF16 && !prof.bf16) return ACL_DT_UNDEFINED;
    return p;
}

/// Whether a float promote type may be written to `out` (conversion_relationship.md).
inline bool ModelOutputOk(int out) {
    return out == ACL_FLOAT || out == ACL_FLOAT16 || out == ACL_BF16 || out == ACL_DOUBLE || out == ACL_COMPLEX64 ||
           out == ACL_COMPLEX128;
}

/// Rounds v to a binary format with `p` significand bits, minimum normal exponent `emin` and largest finite
/// value `maxf`: ties to even, subnormals kept, overflow to +-inf, NaN stays NaN, signed zero kept.
inline long double RoundTo(long double v, int p, int emin, long double maxf) {
    if (std::isnan(v) || std::isinf(v) || v == 0) return v;
    const long double a = std::fabs(v);
    int e = std::ilogb(a);
    if (e < emin) e = emin;
    const long double q = std::ldexp(1.0L, e - p + 1);  // the quantum (ulp) at this exponent
    const int saved = std::fegetround();
    std::fesetround(FE_TONEAREST);
    long double r = std::nearbyint(a / q) * q;
    std::fesetround(saved);
    if (r > maxf) r = INFINITY;
    return std::signbit(v) ? -r : r;
}

inline long double RoundHalf(long double v) { return RoundTo(v, 11, -14, 65504.0L); }
inline long double RoundBf16(long double v) { return RoundTo(v, 8, -126, std::ldexp(255.0L, 120)); }
inline long double RoundFloat(long double v) { return RoundTo(v, 24, -126, static_cast<long double>(3.40282346638528859812e38L)); }

inline long double RoundToDtype(long double v, aclDataType p) {
    switch (p) {
        case ACL_FLOAT16: return RoundHalf(v);
        case ACL_BF16: return RoundBf16(v);
        default: return RoundFloat(v);
    }
}

/// binary16 bits -> value, by the definition (sign, biased exponent, fraction).
inline long double HalfBitsValue(uint16_t h) {
    const bool neg = (h & 0x8000u) != 0;
    const int exp = (h >> 10) & 0x1F;
    const int frac = h & 0x3FF;
    long double v;
    if (exp == 0x1F) v = frac != 0 ? static_cast<long double>(NAN) : static_cast<long double>(INFINITY);
    else if (exp == 0) v = std::ldexp(static_cast<long double>(frac), -24);
    else v = std::ldexp(static_cast<long double>(1024 + frac), exp - 25);
    return neg ? -v : v;
}

/// A value exactly representable in binary16 (or +-inf, NaN) -> its bits.
inline uint16_t HalfBitsOf(long double v) {
    if (std::isnan(v)) return 0x7E00u;
    const uint16_t sign = std::signbit(v) ? 0x8000u : 0;
    const long double a = std::fabs(v);
    if (std::isinf(a)) return sign | 0x7C00u;
    if (a == 0) return sign;
    const int e = std::ilogb(a);
    if (e < -14) return sign | static_cast<uint16_t>(std::ldexp(a, 24));  // subnormal: a / 2^-24
    const long double frac = std::ldexp(a, 10 - e) - 1024;              // 0..1023, exact
    return sign | static_cast<uint16_t>((e + 15) << 10) | static_cast<uint16_t>(frac);
}

inline float FloatOfBits(uint32_t u) {
    float f;
    std::memcpy(&f, &u, 4);
    return f;
}
inline uint32_t BitsOfFloat(float f) {
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
}

/// Reads one element of dtype dt at p as an exact long double (complex/other types are not inputs).
inline long double LoadValue(const unsigned char* p, int dt) {
    switch (dt) {
        case ACL_FLOAT: { float f; std::memcpy(&f, p, 4); return f; }
        case ACL_FLOAT16: { uint16_t h; std::memcpy(&h, p, 2); return HalfBitsValue(h); }
        case ACL_BF16: { uint16_t b; std::memcpy(&b, p, 2); return FloatOfBits(static_cast<uint32_t>(b) << 16); }
        case ACL_INT8: { int8_t v; std::memcpy(&v, p, 1); return v; }
        case ACL_UINT8: { uint8_t v; std::memcpy(&v, p, 1); return v; }
        case ACL_INT16: { int16_t v; std::memcpy(&v, p, 2); return v; }
        case ACL_INT32: { int32_t v; std::memcpy(&v, p, 4); return v; }
        case ACL_INT64: { int64_t v; std::memcpy(&v, p, 8); return static_cast<long double>(v); }
        case ACL_BOOL: return p[0] != 0 ? 1.0L : 0.0L;
        default: return 0;
    }
}

/// The mean factor r of a broadcast shape (SPEC 5.2).
inline float MeanFactor(const Profile& prof, const std::vector<int64_t>& b) {
    if (prof.sequential_mean) {
        float r = 1.0f;
        if (b.empty()) return r / 1.0f;
        for (int64_t d : b) r = r / static_cast<float>(d);
        return r;
    }
    double n = 1;
    for (int64_t d : b) n *= static_cast<double>(d);
    return static_cast<float>(1.0 / n);
}

/// One result element in P (as float): inputs already rounded to P.
inline float Element(float g, float s, float t, float r, SignRule rule) {
    float sign;
    if (rule == SignRule::kArch35) sign = s < t ? -1.0f : (s > t ? 1.0f : 0.0f);
    else sign = s != t ? (s > t ? 1.0f : -1.0f) : 0.0f;
    volatile float gr = g * r;  // two separate float32 products, in this order
    volatile float y = sign * gr;
    return y;
}

/// Writes a value of P (as float) to an element of dtype `out` at dst (size ModelItemSize(out)).
inline void StoreValue(unsigned char* dst, int out, float v) {
    switch (out) {
        case ACL_FLOAT: std::memcpy(dst, &v, 4); break;
        case ACL_FLOAT16: { uint16_t h = HalfBitsOf(RoundHalf(v)); std::memcpy(dst, &h, 2); break; }
        case ACL_BF16: {
            const float r = static_cast<float>(RoundBf16(v));
            uint16_t b = std::isnan(r) ? 0x7FC0u : static_cast<uint16_t>(BitsOfFloat(r) >> 16);
            std::memcpy(dst, &b, 2);
            break;
        }
        case ACL_DOUBLE: { double d = v; std::memcpy(dst, &d, 8); break; }
        case ACL_COMPLEX64: { float c[2] = {v, 0.0f}; std::memcpy(dst, c, 8); break; }
        case ACL_COMPLEX128: { double c[2] = {v, 0.0}; std::memcpy(dst, c, 16); break; }
        default: break;
    }
}

/// Whether the element of dtype dt at p is a NaN (for NaN-insensitive comparison of payloads).
inline bool IsNanElement(const unsigned char* p, int dt) {
    switch (dt) {
        case ACL_FLOAT: { float f; std::memcpy(&f, p, 4); return std::isnan(f); }
        case ACL_FLOAT16: { uint16_t h; std::memcpy(&h, p, 2); return (h & 0x7FFFu) > 0x7C00u; }
        case ACL_BF16: { uint16_t b; std::memcpy(&b, p, 2); return (b & 0x7FFFu) > 0x7F80u; }
        case ACL_DOUBLE: { double d; std::memcpy(&d, p, 8); return std::isnan(d); }
        case ACL_COMPLEX64: { float c[2]; std::memcpy(c, p, 8); return std::isnan(c[0]) && c[1] == 0.0f; }
        case ACL_COMPLEX128: { double c[2]; std::memcpy(c, p, 16); return std::isnan(c[0]) && c[1] == 0.0; }
        default: return false;
    }
}

/// Whether two elements of dtype dt are equal bit for bit, or both NaN (same imaginary part for complex).
inline bool SameElement(const unsigned char* a, const unsigned char* b, int dt) {
    const size_t n = ModelItemSize(dt);
    if (std::memcmp(a, b, n) == 0) return true;
    return IsNanElement(a, dt) && IsNanElement(b, dt);
}

/// The full per-element computation for inputs read as exact values: convert to P, compute, round to P.
inline float ComputeP(long double g, long double s, long double t, aclDataType p, float r, SignRule rule) {
    const float gp = static_cast<float>(RoundToDtype(g, p));
    const float sp = static_cast<float>(RoundToDtype(s, p));
    const float tp = static_cast<float>(RoundToDtype(t, p));
    const float y = Element(gp, sp, tp, r, rule);
    return static_cast<float>(RoundToDtype(y, p));
}

}  // namespace hardening
