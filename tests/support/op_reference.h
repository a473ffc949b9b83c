// The reference model behind one uniform signature, for the table-driven suite's random sweep
// (tests/operators/op_table_test.cpp, OpTableReference): an operator entry names its function with the
// table field kernel.reference_fn (ops/operators.yaml), and the generator (tools/opgen/gen_ops.py,
// tests/op_infos.inc) stores &opref::<name> in its OpInfo. Each function adapts one operator's model (the
// headers below: the first phase's verdict and the second phase's bits, written independently of the
// operator code from the public sources) to
//     int Fn(l1ref::Profile prof, const l1ref::View* t, const opinfo::Arg* a, uint8_t* const* out)
// t: the entry's tensors in executor order (inputs, then outputs; data = a host snapshot of the bytes at each
// tensor's data address); a: its non-tensor arguments in parameter order; out[j]: a copy of output j's
// buffer, into which the expected result is written (elements the call leaves alone keep their bytes).
// Returns the expected status of the first phase (0, 161001, 161002), or kNotModelled for a call the model
// does not cover (the sweep skips it and counts it).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "support/forward_loss_reference.h"
#include "support/hard_swish_reference.h"
#include "support/l1_reference.h"
#include "support/loss_grad_reference.h"
#include "support/mse_loss_reference.h"
#include "support/op_info.h"
#include "support/relu_reference.h"

namespace opref {

using aclcpu_test::opinfo::Arg;
using l1ref::Profile;
using l1ref::View;

/// A call outside what the operator's model covers.
constexpr int kNotModelled = -1;

/// aclnnL1LossBackward (l1_reference.h): gradOutput, self, target, gradInput; reduction.
inline int L1LossBackward(Profile prof, const View* t, const Arg* a, uint8_t* const* out) {
    const l1ref::Decision d = l1ref::Decide(prof, t[0], t[1], t[2], a[0].i, t[3]);
    l1ref::Compute(prof, d, t[0], t[1], t[2], t[3], out[0]);
    return d.status;
}

/// aclnnMseLossBackward (loss_grad_reference.h): gradOutput, self, target, out; reduction.
inline int MseLossBackward(Profile prof, const View* t, const Arg* a, uint8_t* const* out) {
    const lossref::LossDecision d = lossref::DecideMse(prof, t[0], t[1], t[2], a[0].i, t[3]);
    lossref::Compute(lossref::Op::kMse, prof, d, 0.0f, t[0], t[1], t[2], t[3], out[0]);
    return d.d.status;
}

/// aclnnSmoothL1LossBackward (loss_grad_reference.h): gradOut, self, target, gradInput; reduction, beta.
inline int SmoothL1LossBackward(Profile prof, const View* t, const Arg* a, uint8_t* const* out) {
    const float beta = static_cast<float>(a[1].f);
    const lossref::LossDecision d = lossref::DecideSmoothL1(prof, t[0], t[1], t[2], a[0].i, beta, t[3]);
    lossref::Compute(lossref::Op::kSmoothL1, prof, d, beta, t[0], t[1], t[2], t[3], out[0]);
    return d.d.status;
}

/// aclnnL1Loss (forward_loss_reference.h): self, target, out; reduction.
inline int L1Loss(Profile prof, const View* t, const Arg* a, uint8_t* const* out) {
    const fwdref::Decision d = fwdref::Decide(fwdref::FwdOp::kL1, prof, t[0], t[1], a[0].i, 0.0f, t[2]);
    fwdref::Compute(fwdref::FwdOp::kL1, prof, d, a[0].i, 0.0f, t[0], t[1], t[2], out[0]);
    return d.status;
}

/// aclnnSmoothL1Loss (forward_loss_reference.h): self, target, result; reduction, beta.
inline int SmoothL1Loss(Profile prof, const View* t, const Arg* a, uint8_t* const* out) {
    const float beta = static_cast<float>(a[1].f);
    const fwdref::Decision d = fwdref::Decide(fwdref::FwdOp::kSmoothL1, prof, t[0], t[1], a[0].i, beta, t[2]);
    fwdref::Compute(fwdref::FwdOp::kSmoothL1, prof, d, a[0].i, beta, t[0], t[1], t[2], out[0]);
    return d.status;
}

/// aclnnMseLoss (mse_loss_reference.h): self, target, out; reduction. The first phase as
/// docs/ops/mse_loss.md §4 (promote, then each dtype in FLOAT, FLOAT16, BFLOAT16 where supported; reduction;
/// dims; broadcast; out's shape), the elements (mseref::Element) and the MSELossV2 sums of the profiles that
/// run it for ND tensors; the other sums (Ascend 910's reduce template) are not modelled here
/// (tests/operators/mse_loss_test.cpp covers them).
inline int MseLoss(Profile prof, const View* t, const Arg* a, uint8_t* const* out) {
    const View &self = t[0], &target = t[1], &o = t[2];
    const int64_t red = a[0].i;
    if (self.null || target.null || o.null) return l1ref::kNullptr;
    const int p = l1ref::Promote(self.dtype, target.dtype);
    for (int d : {p, self.dtype, target.dtype, o.dtype}) {
        if (!lossref::IsFloatListed(prof, d)) return l1ref::kInvalid;
    }
    if (red < 0 || red > 2) return l1ref::kInvalid;
    if (self.shape.size() > 8 || target.shape.size() > 8) return l1ref::kInvalid;
    std::vector<int64_t> b;
    if (!l1ref::BroadcastShapes(self.shape, target.shape, &b)) return l1ref::kInvalid;
    if (red == 0 ? o.shape != b : !o.shape.empty()) return l1ref::kInvalid;
    const size_t osz = l1ref::DtSize(o.dtype);
    const bool empty = l1ref::NumelOf(self.shape) == 0 || l1ref::NumelOf(target.shape) == 0;
    if (empty) {
        if (red != 0) l1ref::WriteValue(out[0] + o.offset * osz, o.dtype, red == 1 ? NAN : 0.0L);
        return 0;
    }
    if (red != 0 && !mseref::RunsMseLossV2(prof, true)) return kNotModelled;
    const l1ref::Format& fp = l1ref::FormatOf(p);
    std::vector<float> q;
    l1ref::ForEachIndex(b, [&](const std::vector<int64_t>& idx) {
        auto value = [&](const View& v) {
            const long double x =
                l1ref::ReadValue(v.data + l1ref::BroadcastElementIndex(v, idx) * l1ref::DtSize(v.dtype), v.dtype);
            return static_cast<float>(l1ref::RoundTo(x, fp));
        };
        const float e = mseref::Element(value(self), value(target));
        if (red == 0) l1ref::WriteValue(out[0] + l1ref::ElementIndex(o, idx) * osz, o.dtype, l1ref::RoundTo(e, fp));
        q.push_back(e);
    });
    if (red != 0) {
        l1ref::WriteValue(out[0] + o.offset * osz, o.dtype, l1ref::RoundTo(mseref::Sum(prof, q, p, red == 1), fp));
    }
    return 0;
}

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
