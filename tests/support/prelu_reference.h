// Independent model of aclnnPrelu and aclnnPreluBackward (docs/ops/prelu.md, prelu_backward.md) for the tests: it
// shares no code with src/ and works on exact values (l1ref's long double readers, rounding and writers), so that it
// checks the rows' widening, the weight's channel indexing, the arithmetic and the narrowing rather than repeating
// them. NaN results are modelled as "a NaN" (the suite's l1ref::SameResult); the bits of NaN results are the
// hand-written cases' (tests/operators/prelu_test.cpp).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "support/forward_loss_reference.h"
#include "support/l1_reference.h"
#include "support/op_info.h"

namespace preluref {

/// The value of self's element x and its slope w (exact values of their dtypes) in the promote type's format
/// fp: x > 0 (ordered) -> x; a NaN x -> NaN; else the exact product x * w (NaN for inf * 0 or a NaN w)
/// rounded once to fp (RNE). The caller converts the result to out's dtype.
inline long double Element(long double x, long double w, const l1ref::Format& fp) {
    if (std::isnan(x)) return NAN;
    if (x > 0.0L) return x;
    if (std::isnan(w) || (std::isinf(x) && w == 0.0L) || (x == 0.0L && std::isinf(w))) return NAN;
    const long double prod = x * w;  // at most 24 x 24 significant bits: exact in long double
    return l1ref::RoundTo(prod, fp);
}

/// PreluBackward's gradInput element for gradOutput g, self x and slope w (exact values of the dtype, format
/// ft): x > 0 -> g; else the product w * g rounded to ft (NaN for a NaN operand or inf * 0).
inline long double GradElement(long double g, long double x, long double w, const l1ref::Format& ft) {
    if (x > 0.0L || std::isnan(g)) return g;
    if (std::isnan(w) || (std::isinf(g) && w == 0.0L) || (g == 0.0L && std::isinf(w))) return NAN;
    return l1ref::RoundTo(w * g, ft);
}

/// PreluBackward's update value (the kernel's PReluGradDa in the dtype ft): x > 0 -> +0; else x * g rounded
/// to ft (NaN for a NaN operand or inf * 0), as float32 (exact).
inline float UpdateValue(long double g, long double x, const l1ref::Format& ft) {
    if (x > 0.0L) return 0.0f;
    if (std::isnan(x) || std::isnan(g) || (std::isinf(x) && g == 0.0L) || (x == 0.0L && std::isinf(g))) return NAN;
    return static_cast<float>(l1ref::RoundTo(x * g, ft));
}

/// self's channel count as the op_api takes it: dim 1, or 1 for a 0-d or 1-d self.
inline int64_t Channels(const std::vector<int64_t>& self) { return self.size() <= 1 ? 1 : self[1]; }

/// The element index of weight's element number c in its row-major order.
inline int64_t WeightIndex(const l1ref::View& w, int64_t c) {
    std::vector<int64_t> idx(w.shape.size());
    for (size_t k = w.shape.size(); k-- > 0;) {
        idx[k] = c % w.shape[k];
        c /= w.shape[k];
    }
    return l1ref::ElementIndex(w, idx);
}

}  // namespace preluref

// ---------------------------------------------------------------- the table-driven suite's adapter
namespace opref {

/// aclnnPrelu (prelu_reference.h): self, weight, out. The first phase as docs/ops/prelu.md §4: the three
/// dtypes in FLOAT, FLOAT16 (and BFLOAT16 where supported), promote(self, weight) castable to out's, at most 8
/// dims each, out's shape self's, weight's element count 1 or self's channel count; an empty self or weight
/// writes nothing; then preluref::Element per element in the promote type, converted to out's dtype (RNE).
inline int Prelu(l1ref::Profile prof, const l1ref::View* t, const aclcpu_test::opinfo::Arg* a, uint8_t* const* out) {
    (void)a;
    const l1ref::View &self = t[0], &w = t[1], &o = t[2];
    if (self.null || w.null || o.null) return l1ref::kNullptr;
    auto listed = [&](int d) {
        return d == l1ref::kF32 || d == l1ref::kF16 || (d == l1ref::kBF16 && l1ref::SupportsBF16(prof));
    };
    if (!listed(self.dtype) || !listed(w.dtype) || !listed(o.dtype)) return l1ref::kInvalid;
    const int p = l1ref::Promote(self.dtype, w.dtype);
    if (p < 0 || !l1ref::Castable(p, o.dtype)) return l1ref::kInvalid;
    if (self.shape.size() > 8 || w.shape.size() > 8 || o.shape.size() > 8) return l1ref::kInvalid;
    if (self.shape != o.shape) return l1ref::kInvalid;
    const int64_t wn = l1ref::NumelOf(w.shape);
    if (wn != preluref::Channels(self.shape) && wn != 1) return l1ref::kInvalid;
    if (l1ref::NumelOf(self.shape) == 0 || wn == 0) return 0;
    const size_t ssz = l1ref::DtSize(self.dtype), wsz = l1ref::DtSize(w.dtype), osz = l1ref::DtSize(o.dtype);
    const l1ref::Format& fp = l1ref::FormatOf(p);
    l1ref::ForEachIndex(self.shape, [&](const std::vector<int64_t>& idx) {
        const int64_t c = wn == 1 ? 0 : idx[1];
        const long double x = l1ref::ReadValue(self.data + l1ref::ElementIndex(self, idx) * ssz, self.dtype);
        const long double wv = l1ref::ReadValue(w.data + preluref::WeightIndex(w, c) * wsz, w.dtype);
        l1ref::WriteValue(out[0] + l1ref::ElementIndex(o, idx) * osz, o.dtype, preluref::Element(x, wv, fp));
    });
    return 0;
}

/// aclnnPreluBackward (prelu_reference.h): gradOutput, self, weight, gradInput, gradWeight. The first phase as
/// docs/ops/prelu_backward.md §2 (self's dtype listed, the others equal to it, dims, gradInput's shape, the
/// weight rule with gradWeight's shape, gradOutput broadcasting to self's shape); an empty gradOutput, self or
/// weight writes nothing; then gradInput per element and, per channel, the update values of the channel in
/// self's row-major order summed in the Ascend 950 reduce-template order of an all-axes sum of that many
/// values (fwdref::TemplateSum, the engine's AR(1, R) stand-in), rounded to the dtype (RNE).
inline int PreluBackward(l1ref::Profile prof, const l1ref::View* t, const aclcpu_test::opinfo::Arg* a,
                         uint8_t* const* out) {
    (void)a;
    const l1ref::View &g = t[0], &self = t[1], &w = t[2], &gi = t[3], &gw = t[4];
    if (g.null || self.null || w.null || gi.null || gw.null) return l1ref::kNullptr;
    const int d = self.dtype;
    if (!(d == l1ref::kF32 || d == l1ref::kF16 || (d == l1ref::kBF16 && l1ref::SupportsBF16(prof)))) {
        return l1ref::kInvalid;
    }
    if (g.dtype != d || w.dtype != d || gi.dtype != d || gw.dtype != d) return l1ref::kInvalid;
    for (int i = 0; i < 5; ++i) {
        if (t[i].shape.size() > 8) return l1ref::kInvalid;
    }
    if (gi.shape != self.shape) return l1ref::kInvalid;
    const int64_t wn = l1ref::NumelOf(w.shape);
    if (wn != 1) {
        if (self.shape.empty()) return l1ref::kInvalid;
        const int64_t c = preluref::Channels(self.shape);
        if (wn != c || gw.shape != std::vector<int64_t>{c}) return l1ref::kInvalid;
    } else if (w.shape != gw.shape) {
        return l1ref::kInvalid;
    }
    std::vector<int64_t> b;
    if (!l1ref::BroadcastShapes(self.shape, g.shape, &b) || b != self.shape) return l1ref::kInvalid;
    if (l1ref::NumelOf(g.shape) == 0 || l1ref::NumelOf(self.shape) == 0 || wn == 0) return 0;
    const size_t sz = l1ref::DtSize(d);
    const l1ref::Format& ft = l1ref::FormatOf(d);
    std::vector<std::vector<float>> values(static_cast<size_t>(wn));
    l1ref::ForEachIndex(self.shape, [&](const std::vector<int64_t>& idx) {
        const int64_t c = wn == 1 ? 0 : idx[1];
        const long double x = l1ref::ReadValue(self.data + l1ref::ElementIndex(self, idx) * sz, d);
        const long double gv = l1ref::ReadValue(g.data + l1ref::BroadcastElementIndex(g, idx) * sz, d);
        const long double wv = l1ref::ReadValue(w.data + preluref::WeightIndex(w, c) * sz, d);
        l1ref::WriteValue(out[0] + l1ref::ElementIndex(gi, idx) * sz, d, preluref::GradElement(gv, x, wv, ft));
        values[static_cast<size_t>(c)].push_back(preluref::UpdateValue(gv, x, ft));
    });
    fwdref::Dag dag;
    dag.pre_input = 1;
    dag.pre_temp = d == l1ref::kF32 ? 0 : 1;
    dag.post_temp = d == l1ref::kF32 ? 0 : 1;
    dag.reduce_first = d == l1ref::kF32;
    for (int64_t c = 0; c < wn; ++c) {
        const std::vector<float>& v = values[static_cast<size_t>(c)];
        const float sum = fwdref::TemplateSum(v, fwdref::TilingFor(static_cast<int64_t>(v.size()), sz, dag));
        l1ref::WriteValue(out[1] + preluref::WeightIndex(gw, c) * sz, d, static_cast<long double>(sum));
    }
    return 0;
}

}  // namespace opref
