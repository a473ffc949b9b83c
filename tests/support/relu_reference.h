// Independent model of the ReLU pair (docs/ops/relu.md §5, docs/ops/threshold_backward.md §5) for the tests:
// it shares no code with src/ and works on the bit patterns of the elements directly (no float32 detour
// for FLOAT16/BF16), so that it checks the rows' widening, arithmetic and narrowing rather than repeating
// them. Elements are passed as raw bits in a uint64_t (the low ItemSize bytes).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

#include "acl/acl_base.h"
#include "support/l1_reference.h"
#include "support/op_info.h"

namespace reluref {

/// The bit layout of one floating dtype.
struct FloatFormat {
    int bits;           // 32 or 16
    uint32_t sign;      // sign bit
    uint32_t exp_mask;  // exponent field
    uint32_t man_mask;  // mantissa field
    uint32_t quiet;     // quiet bit (top mantissa bit)
    uint32_t dnan;      // the default NaN of the model: positive, quiet, no payload
    int man_bits;
    int bias;
};

inline bool FormatOf(aclDataType dt, FloatFormat* f) {
    switch (dt) {
        case ACL_FLOAT: *f = {32, 0x80000000u, 0x7F800000u, 0x007FFFFFu, 0x00400000u, 0x7FC00000u, 23, 127}; return true;
        case ACL_FLOAT16: *f = {16, 0x8000u, 0x7C00u, 0x03FFu, 0x0200u, 0x7E00u, 10, 15}; return true;
        case ACL_BF16: *f = {16, 0x8000u, 0x7F80u, 0x007Fu, 0x0040u, 0x7FC0u, 7, 127}; return true;
        default: return false;
    }
}

inline bool IsNaN(const FloatFormat& f, uint32_t u) { return (u & f.exp_mask) == f.exp_mask && (u & f.man_mask) != 0; }
inline bool IsInf(const FloatFormat& f, uint32_t u) { return (u & f.exp_mask) == f.exp_mask && (u & f.man_mask) == 0; }

/// The value of a non-NaN element as a double (exact for all three formats).
inline double Value(const FloatFormat& f, uint32_t u) {
    const bool neg = (u & f.sign) != 0;
    const uint32_t e = (u & f.exp_mask) >> f.man_bits;
    const uint32_t m = u & f.man_mask;
    double v;
    if (e == (f.exp_mask >> f.man_bits)) {
        v = HUGE_VAL;
    } else if (e == 0) {
        v = std::ldexp(static_cast<double>(m), 1 - f.bias - f.man_bits);
    } else {
        v = std::ldexp(static_cast<double>(m | (1u << f.man_bits)), static_cast<int>(e) - f.bias - f.man_bits);
    }
    return neg ? -v : v;
}

/// "x <= t" for a float element and a double t (ordered: false for a NaN element).
inline bool LessEqual(const FloatFormat& f, uint32_t u, double t) { return !IsNaN(f, u) && Value(f, u) <= t; }

/// The element as it passes through: a NaN with its quiet bit set, anything else unchanged.
inline uint32_t PassThrough(const FloatFormat& f, uint32_t u) { return IsNaN(f, u) ? (u | f.quiet) : u; }

template <typename T>
T As(uint64_t bits) {
    T v;
    std::memcpy(&v, &bits, sizeof(T));
    return v;
}

template <typename T>
uint64_t Bits(T v) {
    uint64_t b = 0;
    std::memcpy(&b, &v, sizeof(T));
    return b;
}

/// Relu of one element of dtype dt: max(x, 0) with -0 -> +0, NaN passed through quiet; UINT8 unchanged.
inline uint64_t Relu(aclDataType dt, uint64_t x) {
    FloatFormat f;
    if (FormatOf(dt, &f)) {
        const uint32_t u = static_cast<uint32_t>(x);
        if (IsNaN(f, u)) return PassThrough(f, u);
        return (u & f.sign) != 0 || u == 0 ? 0 : u;
    }
    switch (dt) {
        case ACL_INT8: return As<int8_t>(x) > 0 ? x : 0;
        case ACL_INT32: return As<int32_t>(x) > 0 ? x : 0;
        case ACL_INT64: return As<int64_t>(x) > 0 ? x : 0;
        default: return x;  // UINT8
    }
}

/// Whether aclnnThresholdBackward runs ReluGrad for this float32 threshold (|t| <= FLT_EPSILON).
inline bool UsesReluGrad(float t) { return std::fabs(static_cast<double>(t)) <= 1.1920928955078125e-07; }

/// ThresholdBackward of one element pair of dtype dt (g = gradOutput, s = self) for float32 threshold t.
inline uint64_t ThresholdBackward(aclDataType dt, uint64_t g, uint64_t s, float t) {
    const bool relu_grad = UsesReluGrad(t);
    FloatFormat f;
    if (FormatOf(dt, &f)) {
        const uint32_t gu = static_cast<uint32_t>(g), su = static_cast<uint32_t>(s);
        if (!relu_grad) return LessEqual(f, su, t) ? 0 : PassThrough(f, gu);
        if (!LessEqual(f, su, 0.0)) return PassThrough(f, gu);  // g * 1
        if (IsNaN(f, gu)) return PassThrough(f, gu);          // NaN * 0
        if (IsInf(f, gu)) return f.dnan;                      // inf * 0
        return gu & f.sign;                                   // g * 0: a zero with g's sign
    }
    double sv, gv;
    switch (dt) {
        case ACL_INT8: sv = As<int8_t>(s); gv = As<int8_t>(g); break;
        case ACL_UINT8: sv = As<uint8_t>(s); gv = As<uint8_t>(g); break;
        case ACL_INT32: sv = As<int32_t>(s); gv = As<int32_t>(g); break;
        default: sv = static_cast<double>(As<int64_t>(s)); gv = 0; break;  // INT64: ReluGrad only
    }
    if (relu_grad) return sv <= 0 ? 0 : g;
    if (dt == ACL_INT32) {  // both through float32 (RNE), back saturating
        const float sf = static_cast<float>(As<int32_t>(s)), gf = static_cast<float>(As<int32_t>(g));
        if (static_cast<double>(sf) <= t) return 0;
        const double r = gf;
        const int32_t y = r >= 2147483648.0 ? INT32_MAX : static_cast<int32_t>(r);
        return Bits(y);
    }
    (void)gv;
    return sv <= t ? 0 : g;
}

}  // namespace reluref

// ---------------------------------------------------------------- the table-driven suite's adapters
// The uniform signature of support/op_reference.h (kernel.reference_fn in ops/operators.yaml).
namespace opref {

using aclcpu_test::opinfo::Arg;
using l1ref::Profile;
using l1ref::View;

/// aclnnRelu (relu_reference.h): self, out. The first phase as docs/ops/relu.md: self's dtype in FLOAT,
/// FLOAT16, INT8, UINT8, INT32, INT64 (and BFLOAT16 where supported), out's dtype self's, at most 8 dims,
/// out's shape self's; then reluref::Relu per element.
inline int Relu(Profile prof, const View* t, const Arg* a, uint8_t* const* out) {
    (void)a;
    const View &self = t[0], &o = t[1];
    if (self.null || o.null) return l1ref::kNullptr;
    const int d = self.dtype;
    const bool listed = d == l1ref::kF32 || d == l1ref::kF16 || d == l1ref::kS8 || d == l1ref::kU8 ||
                        d == l1ref::kS32 || d == l1ref::kS64 || (d == l1ref::kBF16 && l1ref::SupportsBF16(prof));
    if (!listed || o.dtype != d) return l1ref::kInvalid;
    if (self.shape.size() > 8 || o.shape.size() > 8 || self.shape != o.shape) return l1ref::kInvalid;
    const size_t sz = l1ref::DtSize(d);
    l1ref::ForEachIndex(self.shape, [&](const std::vector<int64_t>& idx) {
        uint64_t x = 0;
        std::memcpy(&x, self.data + l1ref::ElementIndex(self, idx) * sz, sz);
        const uint64_t y = reluref::Relu(static_cast<aclDataType>(d), x);
        std::memcpy(out[0] + l1ref::ElementIndex(o, idx) * sz, &y, sz);
    });
    return 0;
}

/// aclnnThresholdBackward (relu_reference.h): gradOutput, self, out; threshold (an aclScalar, here of the
/// suite's value a[0].f). The first phase as docs/ops/threshold_backward.md: gradOutput's, then self's dtype in
/// FLOAT, INT32, FLOAT16, INT8, UINT8 (and BFLOAT16 where supported; and INT64 on Ascend 950 when the ReluGrad
/// kernel runs, |threshold| <= FLT_EPSILON), gradOutput's and out's dtype self's, at most 8 dims each, self and
/// gradOutput broadcastable to out's shape; then reluref::ThresholdBackward per element.
inline int ThresholdBackward(Profile prof, const View* t, const Arg* a, uint8_t* const* out) {
    const View &g = t[0], &self = t[1], &o = t[2];
    if (g.null || self.null || o.null) return l1ref::kNullptr;
    const float thr = static_cast<float>(a[0].f);
    const bool relu_grad = reluref::UsesReluGrad(thr);
    auto listed = [&](int d) {
        return d == l1ref::kF32 || d == l1ref::kS32 || d == l1ref::kF16 || d == l1ref::kS8 || d == l1ref::kU8 ||
               (d == l1ref::kBF16 && l1ref::SupportsBF16(prof)) ||
               (d == l1ref::kS64 && relu_grad && prof == Profile::kAscend950);
    };
    if (!listed(g.dtype) || !listed(self.dtype)) return l1ref::kInvalid;
    if (g.dtype != self.dtype || o.dtype != self.dtype) return l1ref::kInvalid;
    if (g.shape.size() > 8 || self.shape.size() > 8) return l1ref::kInvalid;
    std::vector<int64_t> b;
    if (!l1ref::BroadcastShapes(self.shape, g.shape, &b) || o.shape != b) return l1ref::kInvalid;
    if (l1ref::NumelOf(self.shape) == 0 || l1ref::NumelOf(g.shape) == 0) return 0;
    const size_t sz = l1ref::DtSize(self.dtype);
    l1ref::ForEachIndex(b, [&](const std::vector<int64_t>& idx) {
        uint64_t gv = 0, sv = 0;
        std::memcpy(&gv, g.data + l1ref::BroadcastElementIndex(g, idx) * sz, sz);
        std::memcpy(&sv, self.data + l1ref::BroadcastElementIndex(self, idx) * sz, sz);
        const uint64_t y = reluref::ThresholdBackward(static_cast<aclDataType>(self.dtype), gv, sv, thr);
        std::memcpy(out[0] + l1ref::ElementIndex(o, idx) * sz, &y, sz);
    });
    return 0;
}

}  // namespace opref
