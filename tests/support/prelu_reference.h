// Independent model of aclnnPrelu (docs/ops/prelu.md) for the tests: it shares no code with src/ and works on
// exact values (l1ref's long double readers, rounding and writers), so that it checks the rows' widening,
// the weight's channel indexing, the arithmetic and the narrowing rather than repeating them. NaN results are
// modelled as "a NaN" (the suite's l1ref::SameResult); the bits of NaN results are the hand-written cases'
// (tests/operators/prelu_test.cpp).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

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

}  // namespace opref
