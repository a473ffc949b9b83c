// Reference model of the foreach arithmetic operators (docs/ops/foreach.md), written from the kernels' steps
// independently of src/: values in long double, each float32 step rounded by l1ref::RoundTo (an exact sum or
// product of float32 values rounded once more to float32 or a narrower format is the correctly rounded result),
// the FMA of the Axpy steps as std::fmaf, integers as int64 wrapped to the dtype's width. One element at a time.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

#include "support/l1_reference.h"

namespace foreachref {

using l1ref::kBF16;
using l1ref::kF16;
using l1ref::kF32;

/// The float32 value of v rounded to nearest even.
inline float F32(long double v) { return static_cast<float>(l1ref::RoundTo(v, l1ref::kFmtF32)); }

/// v (a float32 value, or NaN) rounded to float dtype d and stored at p: RNE, a NaN as the dtype's quiet NaN
/// with the sign kept (the payload is not compared: SameFloat).
inline void StoreFloat(uint8_t* p, int d, float v) { l1ref::WriteValue(p, d, v); }

/// Whether two elements of float dtype d are the same value: equal bits, or both NaN.
inline bool SameFloat(int d, const uint8_t* a, const uint8_t* b) {
    const long double x = l1ref::ReadValue(a, d), y = l1ref::ReadValue(b, d);
    if (std::isnan(x) || std::isnan(y)) return std::isnan(x) && std::isnan(y);
    return std::memcmp(a, b, l1ref::DtSize(d)) == 0;
}

/// An integer of width `bytes` * 8, two's complement, from an int64.
inline int64_t Wrap(int64_t v, int bytes, bool is_unsigned) {
    if (bytes >= 8) return v;
    const uint64_t mask = (uint64_t{1} << (bytes * 8)) - 1, u = static_cast<uint64_t>(v) & mask;
    if (is_unsigned) return static_cast<int64_t>(u);
    const uint64_t sign = uint64_t{1} << (bytes * 8 - 1);
    return static_cast<int64_t>((u ^ sign) - sign);
}

/// The scalar forms' float step: x op s in float32 (both float32 values), then RNE to the list's dtype d
/// (ForeachAddScalarV2, ForeachMulScalarV2; the scalar already converted by the caller).
inline float ScalarStep(bool mul, float x, float s) {
    const long double r = mul ? static_cast<long double>(x) * s : static_cast<long double>(x) + s;
    return F32(r);
}

/// Lerp's kernel: d = x2 - x1 in float32; |w| < 0.5 (strictly, -0.5 < w < 0.5): x1 + d * w, else x2 + d * (w - 1),
/// each an FMA.
inline float LerpStep(float x1, float x2, float w) {
    const float d = F32(static_cast<long double>(x2) - x1);
    return (w > -0.5f && w < 0.5f) ? std::fmaf(d, w, x1) : std::fmaf(d, F32(static_cast<long double>(w) - 1.0L), x2);
}

}  // namespace foreachref
