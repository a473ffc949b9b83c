// Independent model of the hard activations (docs/ops/hardswish.md, hardsigmoid.md, hardswish_backward.md,
// hardsigmoid_backward.md §3) for the tests: it shares no code with src/ and works on the elements' bit
// patterns (reluref's formats), each float32 step formed exactly in double and rounded once to float32, the
// narrowing to the 16-bit dtypes by leakyref's encoder (RNE, or ties away from zero for CAST_ROUND), written
// in the kernels' own order (Hardsigmoid's 16-bit rows narrow before they clamp, as the 950 kernel does).
// Elements are passed as raw bits in a uint32_t (the low ItemSize bytes).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "support/leaky_relu_reference.h"
#include "support/relu_reference.h"

namespace hardref {

using reluref::FloatFormat;

/// The float32 constants the kernels multiply by: 1/6 and 1/3 rounded to float32 on the host.
inline double Sixth() { return static_cast<float>(1.0 / 6.0); }
inline double Third() { return static_cast<float>(1.0 / 3.0); }

/// One float32 operation: the exact double result rounded once to float32.
inline double F(double v) { return static_cast<float>(v); }

/// The float32 format (the compute format of every kernel).
inline FloatFormat F32() {
    FloatFormat f{};
    reluref::FormatOf(ACL_FLOAT, &f);
    return f;
}

/// An element of format `from` converted to format `to` as CANN's Cast: values exactly or RNE, a NaN quiet with
/// its sign and top payload bits.
inline uint32_t Convert(const FloatFormat& from, uint32_t u, const FloatFormat& to) {
    if (reluref::IsNaN(from, u)) {
        const uint32_t m = u & from.man_mask;
        const uint32_t pm =
            to.man_bits >= from.man_bits ? m << (to.man_bits - from.man_bits) : m >> (from.man_bits - to.man_bits);
        return ((u & from.sign) ? to.sign : 0) | to.exp_mask | to.quiet | (pm & to.man_mask);
    }
    return leakyref::Encode(to, reluref::Value(from, u));
}

/// Hardswish of one element of format f: (Max(x, -3) * Max(Min(x + 3, 6), 0)) * (1/6) in float32, narrowed with
/// ties away (CAST_ROUND); a NaN quiet.
inline uint32_t Hardswish(const FloatFormat& f, uint32_t u) {
    if (reluref::IsNaN(f, u)) return reluref::PassThrough(f, u);
    const double x = reluref::Value(f, u);
    const double t = std::max(std::min(F(x + 3.0), 6.0), 0.0);
    const double y = F(F(std::max(x, -3.0) * t) * Sixth());
    return leakyref::Encode(f, y, /*away=*/true);
}

/// Hardsigmoid of one element of format f: x * (1/6) + 0.5 in float32; FLOAT clamps to [0, 1]; FLOAT16 narrows
/// (RNE), BF16 (ties away), then clamps in the dtype; a NaN quiet.
inline uint32_t Hardsigmoid(const FloatFormat& f, uint32_t u) {
    if (reluref::IsNaN(f, u)) return reluref::PassThrough(f, u);
    const double y = F(F(reluref::Value(f, u) * Sixth()) + 0.5);
    const uint32_t n = leakyref::Encode(f, y, /*away=*/f.bits == 16 && f.man_bits == 7);
    const double c = std::max(std::min(reluref::Value(f, n), 1.0), 0.0);
    return leakyref::Encode(f, c);
}

/// Hardsigmoid of an INT32 element: RINT to float32, the float32 formula, truncated back (0 or 1).
inline int32_t HardsigmoidInt32(int32_t x) {
    const double y = F(F(static_cast<double>(static_cast<float>(x)) * Sixth()) + 0.5);
    return static_cast<int32_t>(std::trunc(std::max(std::min(y, 1.0), 0.0)));
}

/// HardswishBackward of one element pair of format f (g = gradOutput, u = self): d = x * (1/3) + 0.5, +0 unless
/// x >= -3, 1 unless x <= 3 (a NaN x: 1); g * d in float32 (a NaN g quiet, +-inf * 0 the default NaN), RNE.
/// `strict`: HardswishBackwardV2's bounds, +0 unless x > -3, 1 unless x < 3.
inline uint32_t HardswishBackward(const FloatFormat& f, uint32_t g, uint32_t u, bool strict = false) {
    const bool xnan = reluref::IsNaN(f, u);
    const double x = xnan ? 0.0 : reluref::Value(f, u);
    double d = xnan ? 0.0 : F(F(x * Third()) + 0.5);
    if (xnan || !(strict ? x > -3.0 : x >= -3.0)) d = 0.0;
    if (xnan || !(strict ? x < 3.0 : x <= 3.0)) d = 1.0;
    if (reluref::IsNaN(f, g)) return reluref::PassThrough(f, g);
    const double gv = reluref::Value(f, g);
    if (std::isinf(gv) && d == 0.0) return f.dnan;
    return leakyref::Encode(f, F(gv * d));
}

/// HardsigmoidBackward of one element pair of format f: t = x * (1/6) + 0.5; 0 < t < 1 -> g * (1/6) (a NaN g
/// quiet), else +0; FLOAT16 RNE, BF16 ties away.
inline uint32_t HardsigmoidBackward(const FloatFormat& f, uint32_t g, uint32_t u) {
    if (reluref::IsNaN(f, u)) return 0;
    const double t = F(F(reluref::Value(f, u) * Sixth()) + 0.5);
    if (!(t > 0.0 && t < 1.0)) return 0;
    if (reluref::IsNaN(f, g)) return reluref::PassThrough(f, g);
    return leakyref::Encode(f, F(reluref::Value(f, g) * Sixth()), /*away=*/f.bits == 16 && f.man_bits == 7);
}

}  // namespace hardref
