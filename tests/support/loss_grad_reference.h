// An independent, deliberately simple scalar model of aclnnMseLossBackward and aclnnSmoothL1LossBackward,
// written from their contracts (docs/ops/mse_loss_backward.md, docs/ops/smooth_l1_loss_backward.md),
// not from src/: the first phase's accept/reject decision with CANN's check order, the per-profile mean
// factors and kernel rules, and the arithmetic. Every float32 operation of a kernel is modelled as the exact
// operation on x87 long double followed by l1ref::RoundTo(..., kFmtF32): with a 64-bit significand the
// intermediate rounding of +, -, *, / is innocuous for a 24-bit target (64 >= 2 * 24 + 2), so the result is
// the correctly rounded float32 operation. Shares l1_reference.h's formats, views and helpers (no code of
// src/). Header-only, C++17.
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "support/l1_reference.h"

namespace lossref {

using l1ref::Decision;
using l1ref::Profile;
using l1ref::View;

/// Which operator a case calls.
enum class Op { kMse, kSmoothL1 };

/// One float32 operation's result: the exact value rounded to float32 (RNE, overflow to inf).
inline long double F32(long double v) { return l1ref::RoundTo(v, l1ref::kFmtF32); }

/// The first phase's verdict with the operator's parameters (Decision::r is unused here).
struct LossDecision {
    Decision d;               // status, why, promote, b, empty
    float cof = 2;            // MSE: 2 or the mean factor
    float norm = 1;           // SmoothL1: 1 or 1/n
    bool scalar_dag = false;  // SmoothL1 on Ascend 950: gradOut has exactly one element
};

inline bool IsFloatListed(Profile prof, int d) {
    return d == l1ref::kF32 || d == l1ref::kF16 || (d == l1ref::kBF16 && l1ref::SupportsBF16(prof));
}

namespace detail {

inline bool ViewsValid(const std::vector<const View*>& views, const View& out, std::string* why) {
    for (const View* v : views) {
        if (l1ref::NumelOf(v->shape) == 0) continue;
        int64_t last = v->offset;
        for (size_t k = 0; k < v->shape.size(); ++k) last += (v->shape[k] - 1) * v->strides[k];
        if (last >= l1ref::NumelOf(v->storage)) {
            *why = "view outside its storage shape";
            return false;
        }
    }
    std::vector<int64_t> at;
    l1ref::ForEachIndex(out.shape,
                        [&](const std::vector<int64_t>& idx) { at.push_back(l1ref::ElementIndex(out, idx)); });
    std::sort(at.begin(), at.end());
    if (std::adjacent_find(at.begin(), at.end()) != at.end()) {
        *why = "output maps two indices to one element";
        return false;
    }
    return true;
}

}  // namespace detail

/// MSE's mean factor `cof` (contract §5.1) for a non-empty call with these shapes: the MseLossGradV2 tiling
/// ((1.0f / float product of self's dims) * 2.0f) on Ascend 910B, 910_93 and 310P when gradOutput, self and
/// target have one shape and one format label (`equal_formats`), else (float)(2.0 / (double)numel(self)).
/// Element counts are 64-bit: shapes past 2^31 elements are fine (huge_loss_grad_test.cpp).
inline float MseMeanCof(Profile prof, const std::vector<int64_t>& go, const std::vector<int64_t>& self,
                        const std::vector<int64_t>& target, bool equal_formats = true) {
    const bool v2 = (prof == Profile::kAscend910B || prof == Profile::kAscend910_93 || prof == Profile::kAscend310P) &&
                    self == target && go == target && equal_formats;
    if (v2) {
        long double prod = 1;
        for (int64_t d : self) prod = F32(prod * F32(static_cast<long double>(d)));
        return static_cast<float>(F32(F32(1.0L / prod) * 2.0L));
    }
    return static_cast<float>(2.0 / static_cast<double>(l1ref::NumelOf(self)));
}

/// Smooth L1's mean factor `norm` (contract §5.2-§5.3): (float)(1.0 / (double)numel(self)), non-empty self.
inline float SmoothL1MeanNorm(const std::vector<int64_t>& self) {
    return static_cast<float>(1.0 / static_cast<double>(l1ref::NumelOf(self)));
}

/// aclnnMseLossBackward's first phase (contract §2-§4; beyond CANN: views inside storage, no output overlap).
/// `equal_formats`: whether gradOutput, self and target carry one aclFormat label (part of the MseLossGradV2
/// choice, §5.1; the tests' tensors are all ND, the fuzzer's are not).
inline LossDecision DecideMse(Profile prof, const View& go, const View& self, const View& target, int64_t reduction,
                              const View& out, bool equal_formats = true) {
    LossDecision r;
    auto fail = [&](int code, const char* why) {
        r.d.status = code;
        r.d.why = why;
        return r;
    };
    if (go.null || self.null || target.null || out.null) return fail(l1ref::kNullptr, "null tensor");
    if (go.dtype != self.dtype) return fail(l1ref::kInvalid, "gradOutput dtype != self dtype");
    if (target.dtype != self.dtype) return fail(l1ref::kInvalid, "target dtype != self dtype");
    if (!IsFloatListed(prof, self.dtype)) return fail(l1ref::kInvalid, "self dtype not in list");
    if (!IsFloatListed(prof, out.dtype)) return fail(l1ref::kInvalid, "out dtype not in list");
    if (reduction < 0 || reduction > 2) return fail(l1ref::kInvalid, "reduction");
    for (const View* v : {&go, &self, &target}) {
        if (v->shape.size() > 8) return fail(l1ref::kInvalid, "more than 8 dims");
    }
    std::vector<int64_t> b1, b;
    if (!l1ref::BroadcastShapes(go.shape, self.shape, &b1)) return fail(l1ref::kInvalid, "broadcast(gradOutput, self)");
    if (!l1ref::BroadcastShapes(target.shape, b1, &b)) return fail(l1ref::kInvalid, "broadcast(target, b1)");
    if (out.shape != b) return fail(l1ref::kInvalid, "out shape != broadcast shape");
    std::string why;
    if (!detail::ViewsValid({&go, &self, &target, &out}, out, &why)) return fail(l1ref::kInvalid, why.c_str());
    r.d.promote = self.dtype;
    r.d.b = b;
    r.d.empty = l1ref::NumelOf(self.shape) == 0 || l1ref::NumelOf(go.shape) == 0 || l1ref::NumelOf(target.shape) == 0;
    if (reduction == 1 && !r.d.empty) r.cof = MseMeanCof(prof, go.shape, self.shape, target.shape, equal_formats);
    return r;
}

/// aclnnSmoothL1LossBackward's first phase (contract §2-§4; beyond CANN as DecideMse).
inline LossDecision DecideSmoothL1(Profile prof, const View& go, const View& self, const View& target,
                                   int64_t reduction, float beta, const View& out) {
    LossDecision r;
    auto fail = [&](int code, const char* why) {
        r.d.status = code;
        r.d.why = why;
        return r;
    };
    if (go.null || self.null || target.null || out.null) return fail(l1ref::kNullptr, "null tensor");
    for (const View* v : {&go, &self, &target, &out}) {
        if (!IsFloatListed(prof, v->dtype)) return fail(l1ref::kInvalid, "dtype not in list");
    }
    for (const View* v : {&go, &self, &target}) {
        if (v->shape.size() > 8) return fail(l1ref::kInvalid, "more than 8 dims");
    }
    if (reduction < 0 || reduction > 2) return fail(l1ref::kInvalid, "reduction");
    if (std::isnan(beta) || beta < 0) return fail(l1ref::kInvalid, "beta");
    const int p1 = l1ref::Promote(go.dtype, self.dtype);
    const int p = p1 < 0 ? -1 : l1ref::Promote(p1, target.dtype);
    if (p < 0 || !IsFloatListed(prof, p) || !l1ref::Castable(p, out.dtype)) return fail(l1ref::kInvalid, "promotion");
    std::vector<int64_t> mid, b;
    if (!l1ref::BroadcastShapes(go.shape, self.shape, &mid)) return fail(l1ref::kInvalid, "broadcast(gradOut, self)");
    if (!l1ref::BroadcastShapes(mid, target.shape, &b)) return fail(l1ref::kInvalid, "broadcast(mid, target)");
    if (out.shape != b) return fail(l1ref::kInvalid, "gradInput shape != broadcast shape");
    std::string why;
    if (!detail::ViewsValid({&go, &self, &target, &out}, out, &why)) return fail(l1ref::kInvalid, why.c_str());
    r.d.promote = p;
    r.d.b = b;
    r.d.empty = l1ref::NumelOf(self.shape) == 0 || l1ref::NumelOf(go.shape) == 0 || l1ref::NumelOf(target.shape) == 0;
    if (reduction == 1 && !r.d.empty) r.norm = SmoothL1MeanNorm(self.shape);
    r.scalar_dag = l1ref::NumelOf(go.shape) == 1;
    return r;
}

/// One MSE gradient element in float32 (§5.1): ((s - t) * cof) * g, inputs exact values of P.
inline long double MseElement(long double g, long double s, long double t, float cof) {
    return F32(F32(F32(s - t) * cof) * g);
}

/// One Smooth L1 gradient element in float32 (§5.2 Ascend 950, §5.3 TBE elsewhere).
inline long double SmoothL1Element(Profile prof, bool scalar_dag, float beta, float norm, long double g, long double s,
                                   long double t) {
    const long double x = F32(s - t);
    const long double sigma = beta;
    long double sum;
    if (prof == Profile::kAscend950) {
        const long double inv = std::fabs(beta) < 1e-6f ? static_cast<long double>(NAN) : F32(1.0L / sigma);
        const long double ax = std::fabs(x);
        bool p, n, z;
        if (scalar_dag) {
            p = x >= sigma;
            n = x <= -sigma;
            z = ax >= sigma;
        } else {
            p = x > sigma;
            n = x < -sigma;
            z = ax > sigma;
        }
        const long double pos = p ? 1.0L : 0.0L, neg = n ? -1.0L : 0.0L;
        const long double mid = z ? 0.0L : F32(x * inv);
        sum = F32(F32(pos + neg) + mid);
    } else {
        const long double divisor = F32(sigma + static_cast<long double>(1e-6f));
        const long double temp = F32(x / divisor);
        const long double xz = std::isnan(x) ? 0.0L : x;
        const long double s1 = xz <= -sigma ? -1.0L : 0.0L;
        const long double s2 = xz >= sigma ? 1.0L : 0.0L;
        const long double s3 = std::fabs(xz) < sigma ? temp : 0.0L;
        sum = F32(F32(s1 + s2) + s3);
    }
    return F32(F32(sum * g) * norm);
}

/// The second phase: writes every element of out's view into out_bytes (a copy of the bytes at out's
/// tensorData), reading the inputs from their snapshots (out-of-place semantics).
inline void Compute(Op op, Profile prof, const LossDecision& ld, float beta, const View& go, const View& self,
                    const View& target, const View& out, uint8_t* out_bytes) {
    const Decision& d = ld.d;
    if (d.status != 0 || d.empty) return;
    const l1ref::Format& fp = l1ref::FormatOf(d.promote);
    l1ref::ForEachIndex(d.b, [&](const std::vector<int64_t>& idx) {
        auto read = [&](const View& v) {
            const long double x =
                l1ref::ReadValue(v.data + l1ref::BroadcastElementIndex(v, idx) * l1ref::DtSize(v.dtype), v.dtype);
            return l1ref::RoundTo(x, fp);  // the Cast to P (exact: every accepted input widens to P)
        };
        const long double g = read(go), s = read(self), t = read(target);
        const long double y =
            op == Op::kMse ? MseElement(g, s, t, ld.cof) : SmoothL1Element(prof, ld.scalar_dag, beta, ld.norm, g, s, t);
        l1ref::WriteValue(out_bytes + l1ref::ElementIndex(out, idx) * l1ref::DtSize(out.dtype), out.dtype,
                          l1ref::RoundTo(y, fp));
    });
}

}  // namespace lossref
