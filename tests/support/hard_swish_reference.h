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

#include "support/l1_reference.h"
#include "support/leaky_relu_reference.h"
#include "support/op_info.h"
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

// ---------------------------------------------------------------- the table-driven suite's adapters
// The uniform signature of support/op_reference.h (kernel.reference_fn in ops/operators.yaml).
namespace opref {

using aclcpu_test::opinfo::Arg;
using l1ref::Profile;
using l1ref::View;

/// The float dtypes of the hard activations' lists: FLOAT, FLOAT16 and, where supported, BFLOAT16.
inline bool HardListed(Profile prof, int d) {
    return d == l1ref::kF32 || d == l1ref::kF16 || (d == l1ref::kBF16 && l1ref::SupportsBF16(prof));
}

/// aclnnHardswish (hard_swish_reference.h): self, out. The first phase as docs/ops/hardswish.md §2: self's, then
/// out's dtype listed, self castable to out (float to float), out's shape self's, at most 8 dims (beyond CANN);
/// then hardref::Hardswish per element in self's format, converted to out's.
inline int Hardswish(Profile prof, const View* t, const Arg* a, uint8_t* const* out) {
    (void)a;
    const View &self = t[0], &o = t[1];
    if (self.null || o.null) return l1ref::kNullptr;
    if (!HardListed(prof, self.dtype) || !HardListed(prof, o.dtype)) return l1ref::kInvalid;
    if (!l1ref::Castable(self.dtype, o.dtype) || self.shape != o.shape || self.shape.size() > 8) return l1ref::kInvalid;
    reluref::FloatFormat fs{}, fo{};
    reluref::FormatOf(static_cast<aclDataType>(self.dtype), &fs);
    reluref::FormatOf(static_cast<aclDataType>(o.dtype), &fo);
    const size_t ss = l1ref::DtSize(self.dtype), so = l1ref::DtSize(o.dtype);
    l1ref::ForEachIndex(self.shape, [&](const std::vector<int64_t>& idx) {
        uint32_t x = 0;
        std::memcpy(&x, self.data + l1ref::ElementIndex(self, idx) * ss, ss);
        const uint32_t y = hardref::Convert(fs, hardref::Hardswish(fs, x), fo);
        std::memcpy(out[0] + l1ref::ElementIndex(o, idx) * so, &y, so);
    });
    return 0;
}

/// aclnnHardsigmoid (hard_swish_reference.h): self, out. The first phase as docs/ops/hardsigmoid.md §2: self's
/// dtype in FLOAT, FLOAT16, INT32 (and BFLOAT16 where supported), at most 8 dims, out's shape self's, out's dtype
/// self's; then hardref::Hardsigmoid (HardsigmoidInt32) per element.
inline int Hardsigmoid(Profile prof, const View* t, const Arg* a, uint8_t* const* out) {
    (void)a;
    const View &self = t[0], &o = t[1];
    if (self.null || o.null) return l1ref::kNullptr;
    if (!HardListed(prof, self.dtype) && self.dtype != l1ref::kS32) return l1ref::kInvalid;
    if (self.shape.size() > 8 || self.shape != o.shape || o.dtype != self.dtype) return l1ref::kInvalid;
    reluref::FloatFormat f{};
    const bool is_float = reluref::FormatOf(static_cast<aclDataType>(self.dtype), &f);
    const size_t sz = l1ref::DtSize(self.dtype);
    l1ref::ForEachIndex(self.shape, [&](const std::vector<int64_t>& idx) {
        uint32_t x = 0;
        std::memcpy(&x, self.data + l1ref::ElementIndex(self, idx) * sz, sz);
        uint32_t y;
        if (is_float) {
            y = hardref::Hardsigmoid(f, x);
        } else {
            int32_t xi;
            std::memcpy(&xi, &x, 4);
            const int32_t yi = hardref::HardsigmoidInt32(xi);
            std::memcpy(&y, &yi, 4);
        }
        std::memcpy(out[0] + l1ref::ElementIndex(o, idx) * sz, &y, sz);
    });
    return 0;
}

/// Writes a value of format fp (bits u) to an element of out's dtype od at p as CANN's Cast: the float formats
/// through hardref::Convert; DOUBLE and the complex dtypes exactly (COMPLEX: (v, 0)). False for another dtype.
inline bool StoreHard(const reluref::FloatFormat& fp, uint32_t u, int od, uint8_t* p) {
    reluref::FloatFormat fo{};
    if (reluref::FormatOf(static_cast<aclDataType>(od), &fo)) {
        const uint32_t y = hardref::Convert(fp, u, fo);
        std::memcpy(p, &y, l1ref::DtSize(od));
        return true;
    }
    double v;
    if (reluref::IsNaN(fp, u)) {  // widened: the quiet NaN of the value's sign and payload
        const uint32_t y32 = hardref::Convert(fp, u, hardref::F32());
        float f;
        std::memcpy(&f, &y32, 4);
        v = f;
    } else {
        v = reluref::Value(fp, u);
    }
    if (od == l1ref::kF64) {
        std::memcpy(p, &v, 8);
    } else if (od == l1ref::kC64) {
        const float c[2] = {static_cast<float>(v), 0.0f};
        std::memcpy(p, c, 8);
    } else if (od == l1ref::kC128) {
        const double c[2] = {v, 0.0};
        std::memcpy(p, c, 16);
    } else {
        return false;
    }
    return true;
}

/// The two gradients (hard_swish_reference.h): gradOutput, self, out. `promote_any`: HardsigmoidBackward's
/// first phase (docs/ops/hardsigmoid_backward.md §2: gradOutput's, then self's dtype listed (BF16 where
/// supported), PromoteType castable to out, at most 8 dims each of the three, self's shape gradOutput's and
/// out's), else HardswishBackward's (docs/ops/hardswish_backward.md §2: self's, then gradOutput's dtype listed,
/// gradOutput's and out's dtype self's, at most 8 dims each of gradOutput and self, the shapes equal); then
/// `element` per element pair in the promote type's format, converted to out's dtype.
template <typename Element>
inline int HardGrad(Profile prof, const View* t, uint8_t* const* out, bool promote_any, Element&& element) {
    const View &g = t[0], &self = t[1], &o = t[2];
    if (g.null || self.null || o.null) return l1ref::kNullptr;
    if (!HardListed(prof, g.dtype) || !HardListed(prof, self.dtype)) return l1ref::kInvalid;
    int p = self.dtype;
    if (promote_any) {
        p = l1ref::Promote(g.dtype, self.dtype);
        if (p < 0 || !l1ref::Castable(p, o.dtype)) return l1ref::kInvalid;
        if (g.shape.size() > 8 || self.shape.size() > 8 || o.shape.size() > 8) return l1ref::kInvalid;
    } else {
        if (g.dtype != self.dtype || o.dtype != self.dtype) return l1ref::kInvalid;
        if (g.shape.size() > 8 || self.shape.size() > 8) return l1ref::kInvalid;
    }
    if (self.shape != g.shape || self.shape != o.shape) return l1ref::kInvalid;
    reluref::FloatFormat fg{}, fs{}, fp{};
    reluref::FormatOf(static_cast<aclDataType>(g.dtype), &fg);
    reluref::FormatOf(static_cast<aclDataType>(self.dtype), &fs);
    reluref::FormatOf(static_cast<aclDataType>(p), &fp);
    const size_t sg = l1ref::DtSize(g.dtype), ss = l1ref::DtSize(self.dtype), so = l1ref::DtSize(o.dtype);
    bool stored = true;
    l1ref::ForEachIndex(self.shape, [&](const std::vector<int64_t>& idx) {
        uint32_t gv = 0, xv = 0;
        std::memcpy(&gv, g.data + l1ref::ElementIndex(g, idx) * sg, sg);
        std::memcpy(&xv, self.data + l1ref::ElementIndex(self, idx) * ss, ss);
        const uint32_t y = element(fp, hardref::Convert(fg, gv, fp), hardref::Convert(fs, xv, fp));
        stored = StoreHard(fp, y, o.dtype, out[0] + l1ref::ElementIndex(o, idx) * so) && stored;
    });
    return stored ? 0 : kNotModelled;
}

/// aclnnHardswishBackward: HardGrad with hardref::HardswishBackward.
inline int HardswishBackward(Profile prof, const View* t, const Arg* a, uint8_t* const* out) {
    (void)a;
    return HardGrad(prof, t, out, false, [](const reluref::FloatFormat& f, uint32_t g, uint32_t x) {
        return hardref::HardswishBackward(f, g, x);
    });
}

/// aclnnHardsigmoidBackward: HardGrad with hardref::HardsigmoidBackward.
inline int HardsigmoidBackward(Profile prof, const View* t, const Arg* a, uint8_t* const* out) {
    (void)a;
    return HardGrad(prof, t, out, true, [](const reluref::FloatFormat& f, uint32_t g, uint32_t x) {
        return hardref::HardsigmoidBackward(f, g, x);
    });
}

/// aclnnHardswishBackwardV2: HardGrad with hardref::HardswishBackward's strict bounds (its lists are checked
/// gradOutput first; the verdict is the same).
inline int HardswishBackwardV2(Profile prof, const View* t, const Arg* a, uint8_t* const* out) {
    (void)a;
    return HardGrad(prof, t, out, false, [](const reluref::FloatFormat& f, uint32_t g, uint32_t x) {
        return hardref::HardswishBackward(f, g, x, /*strict=*/true);
    });
}

}  // namespace opref
