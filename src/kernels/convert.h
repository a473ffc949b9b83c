// Scalar element conversions of SPEC 5.1, used by the generic (any dtype, any stride) rows and as the
// reference for the SIMD rows:
//   LoadPromoted: an input element of any accepted dtype -> its value in the promote type P (RNE, overflow
//                 to inf), returned widened exactly to float32;
//   RoundToPromoted: a float32 result -> the nearest value of P (RNE), as float32;
//   StoreResult: a float32 value (already in P) -> the output dtype (exact widening, RNE narrowing,
//                complex -> (v, 0)).
#pragma once

#include <cmath>
#include <complex>
#include <cstdint>
#include <cstring>

#include "acl/acl_base.h"
#include "common/half.h"

namespace aclcpu {
namespace kern {

/// Rounds a float32 to the promote type P (FLOAT, FLOAT16 or BF16) and widens it back exactly.
inline float RoundToPromoted(float v, aclDataType p) {
    switch (p) {
        case ACL_FLOAT16: return HalfToFloat(FloatToHalf(v));
        case ACL_BF16: return Bf16ToFloat(FloatToBf16(v));
        default: return v;
    }
}

/// An integer's value rounded once, to nearest even, to P's precision (FLOAT: 24 bits, FLOAT16: 11 bits
/// and range 65504, BF16: 8 bits), returned as float32. Exact for every int64: no double rounding.
inline float IntToPromoted(int64_t v, aclDataType p) {
    if (p == ACL_BF16) {
        const bool neg = v < 0;
        uint64_t m = neg ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
        if (m >= (1ull << 24)) {  // more than float's 24 bits: round to 8 significant bits here, directly
            const int msb = 63 - __builtin_clzll(m);
            const int shift = msb - 7;
            uint64_t q = m >> shift;
            const uint64_t rem = m & ((1ull << shift) - 1);
            const uint64_t half = 1ull << (shift - 1);
            if (rem > half || (rem == half && (q & 1))) ++q;
            const float f = static_cast<float>(q << shift);  // at most 9 significant bits: exact
            return neg ? -f : f;
        }
        return RoundToPromoted(static_cast<float>(v), p);  // exact in float, one rounding to bf16
    }
    // FLOAT: int64 -> float is one correctly rounded conversion. FLOAT16: |v| <= 2^24 converts exactly to
    // float first; anything larger overflows binary16 to inf either way.
    return RoundToPromoted(static_cast<float>(v), p);
}

/// Unsigned variant for UINT64 values beyond int64.
inline float UintToPromoted(uint64_t v, aclDataType p) {
    if (v <= static_cast<uint64_t>(INT64_MAX)) return IntToPromoted(static_cast<int64_t>(v), p);
    if (p == ACL_BF16) {
        const int shift = 63 - 7;
        uint64_t q = v >> shift;
        const uint64_t rem = v & ((1ull << shift) - 1);
        const uint64_t half = 1ull << (shift - 1);
        if (rem > half || (rem == half && (q & 1))) ++q;
        return static_cast<float>(q << shift);
    }
    return RoundToPromoted(static_cast<float>(v), p);
}

template <typename T>
inline T LoadRaw(const char* p) {
    T v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

/// Reads one element of dtype `dt` at p and returns its value in P as float32.
inline float LoadPromoted(const char* p, aclDataType dt, aclDataType P) {
    switch (dt) {
        case ACL_FLOAT: return RoundToPromoted(LoadRaw<float>(p), P);
        case ACL_FLOAT16: return RoundToPromoted(HalfToFloat(LoadRaw<uint16_t>(p)), P);
        case ACL_BF16: return RoundToPromoted(Bf16ToFloat(LoadRaw<uint16_t>(p)), P);
        case ACL_INT8: return IntToPromoted(LoadRaw<int8_t>(p), P);
        case ACL_UINT8: return IntToPromoted(LoadRaw<uint8_t>(p), P);
        case ACL_INT16: return IntToPromoted(LoadRaw<int16_t>(p), P);
        case ACL_UINT16: return IntToPromoted(LoadRaw<uint16_t>(p), P);
        case ACL_INT32: return IntToPromoted(LoadRaw<int32_t>(p), P);
        case ACL_UINT32: return IntToPromoted(LoadRaw<uint32_t>(p), P);
        case ACL_INT64: return IntToPromoted(LoadRaw<int64_t>(p), P);
        case ACL_UINT64: return UintToPromoted(LoadRaw<uint64_t>(p), P);
        case ACL_BOOL: return LoadRaw<uint8_t>(p) != 0 ? 1.0f : 0.0f;
        default: return 0.0f;  // unreachable: the first phase admits no other input dtype
    }
}

/// Writes v (a value of P, as float32) to an output element of dtype `dt` at p.
inline void StoreResult(char* p, aclDataType dt, float v) {
    switch (dt) {
        case ACL_FLOAT: std::memcpy(p, &v, 4); break;
        case ACL_FLOAT16: { const uint16_t h = FloatToHalf(v); std::memcpy(p, &h, 2); break; }
        case ACL_BF16: { const uint16_t b = FloatToBf16(v); std::memcpy(p, &b, 2); break; }
        case ACL_DOUBLE: { const double d = v; std::memcpy(p, &d, 8); break; }
        case ACL_COMPLEX64: { const float c[2] = {v, 0.0f}; std::memcpy(p, c, 8); break; }
        case ACL_COMPLEX128: { const double c[2] = {v, 0.0}; std::memcpy(p, c, 16); break; }
        default: break;  // unreachable: the first phase admits no other output dtype
    }
}

/// A double rounded once, to nearest even, to FLOAT, FLOAT16 or BF16 (as float32): the float32 conversion
/// rounds to odd first (truncation with the sticky bit in the last place), which float32's 13 and 16 extra
/// bits make innocuous for the narrower formats. NaN quieted (top payload kept), overflow to inf.
inline float DoubleToPromoted(double d, aclDataType p) {
    if (p == ACL_FLOAT || d != d || std::isinf(d)) return RoundToPromoted(static_cast<float>(d), p);
    float f = static_cast<float>(d);  // nearest even
    if (static_cast<double>(f) != d) {
        if (std::fabs(static_cast<double>(f)) > std::fabs(d)) f = std::nextafter(f, 0.0f);  // toward zero
        uint32_t u;
        std::memcpy(&u, &f, 4);
        u |= 1u;  // odd
        std::memcpy(&f, &u, 4);
    }
    return RoundToPromoted(f, p);
}

/// Reads one integer or bool element of dtype `dt` at p as int64 (UINT64 wraps; other dtypes read 0).
inline int64_t LoadInt64(const char* p, aclDataType dt) {
    switch (dt) {
        case ACL_INT8: return LoadRaw<int8_t>(p);
        case ACL_UINT8: return LoadRaw<uint8_t>(p);
        case ACL_INT16: return LoadRaw<int16_t>(p);
        case ACL_UINT16: return LoadRaw<uint16_t>(p);
        case ACL_INT32: return LoadRaw<int32_t>(p);
        case ACL_UINT32: return LoadRaw<uint32_t>(p);
        case ACL_INT64: return LoadRaw<int64_t>(p);
        case ACL_UINT64: return static_cast<int64_t>(LoadRaw<uint64_t>(p));
        case ACL_BOOL: return LoadRaw<uint8_t>(p) != 0 ? 1 : 0;
        default: return 0;  // unreachable: the first phase admits no other integer input
    }
}

/// One element of any real dtype as a double: floats widened exactly, integers and BOOL by value (INT64 and UINT64
/// beyond 2^53 rounded once); complex and other dtypes 0 (the first phases admit none here).
inline double LoadDouble(const char* p, aclDataType dt) {
    switch (dt) {
        case ACL_DOUBLE: return LoadRaw<double>(p);
        case ACL_FLOAT: return LoadRaw<float>(p);
        case ACL_FLOAT16: return HalfToFloat(LoadRaw<uint16_t>(p));
        case ACL_BF16: return Bf16ToFloat(LoadRaw<uint16_t>(p));
        case ACL_UINT64: return static_cast<double>(LoadRaw<uint64_t>(p));
        default: return static_cast<double>(LoadInt64(p, dt));
    }
}

/// Writes an INT64 value to an element of dtype `dt` at p, as CANN's Cast from INT64 is modelled: floating
/// types rounded once to nearest even, complex (v, 0), bool v != 0, other integers the low bytes
/// (two's-complement wrap-around).
inline void StoreInt64Result(char* p, aclDataType dt, int64_t v) {
    switch (dt) {
        case ACL_FLOAT: case ACL_FLOAT16: case ACL_BF16: StoreResult(p, dt, IntToPromoted(v, dt)); break;
        case ACL_DOUBLE: { const double d = static_cast<double>(v); std::memcpy(p, &d, 8); break; }
        case ACL_COMPLEX64: StoreResult(p, dt, static_cast<float>(v)); break;
        case ACL_COMPLEX128: { const double c[2] = {static_cast<double>(v), 0.0}; std::memcpy(p, c, 16); break; }
        case ACL_BOOL: { const uint8_t b = v != 0; std::memcpy(p, &b, 1); break; }
        case ACL_INT8: case ACL_UINT8: { const uint8_t u = static_cast<uint8_t>(v); std::memcpy(p, &u, 1); break; }
        case ACL_INT16: case ACL_UINT16: { const uint16_t u = static_cast<uint16_t>(v); std::memcpy(p, &u, 2); break; }
        case ACL_INT32: case ACL_UINT32: { const uint32_t u = static_cast<uint32_t>(v); std::memcpy(p, &u, 4); break; }
        case ACL_INT64: case ACL_UINT64: std::memcpy(p, &v, 8); break;
        default: break;  // unreachable: CanCast(INT64, dt) admits no other output dtype
    }
}

}  // namespace kern
}  // namespace aclcpu
