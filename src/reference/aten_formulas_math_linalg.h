// The reference formulas' helpers of ops-math's scans, linear algebra and creation operators
// (ops/families/math_linalg.yaml; docs/ops/math_linalg.md). Included at the end of reference/aten_formulas.h (through
// the generated reference/family_formulas.inc), by the reference library and the table-driven test. Each helper
// follows the op_api's casts (hicann/ops-math at c41933244, the source named at each) and computes the rest with
// ATen's plain function; FLOAT16 / BF16 are computed in FLOAT and rounded once by the writer's copy_.
#pragma once

#include <ATen/ATen.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <tuple>

namespace aclcpu {
namespace ref {

/// FLOAT16 / BF16 widened to FLOAT; other dtypes as they are.
inline at::Tensor LaWiden(const at::Tensor& x) {
    const at::ScalarType t = x.scalar_type();
    return (t == at::kHalf || t == at::kBFloat16) ? x.to(at::kFloat) : x;
}

/// aclnnCummax / aclnnCummin (math/cummax/op_api/aclnn_cummax.cpp, math/cummin/op_api/aclnn_cummin.cpp): BOOL is
/// cast to UINT8 before the kernel (its values cast back by the writer); FLOAT16 / BF16 compared in FLOAT (a
/// selection: exact). A 0-d self (Cummin only) is reshaped to [1]: values = self, index 0. Returns (values, indices
/// INT64); the writer casts them to valuesOut's and indicesOut's dtypes. Ties: ATen's rule (the last of equal
/// values for cummax and cummin on the CPU); NaN propagates.
inline std::tuple<at::Tensor, at::Tensor> CumMaxMin(const at::Tensor& self, int64_t dim, bool is_max) {
    at::Tensor x = self.scalar_type() == at::kBool ? self.to(at::kByte) : LaWiden(self);
    const bool scalar = x.dim() == 0;
    if (scalar) x = x.reshape({1});
    auto r = is_max ? at::cummax(x, scalar ? 0 : dim) : at::cummin(x, scalar ? 0 : dim);
    at::Tensor v = std::get<0>(r);
    at::Tensor i = std::get<1>(r);
    if (scalar) {
        v = v.reshape({});
        i = i.reshape({});
    }
    return std::make_tuple(v, i);
}

/// aclnnTrace (math/trace/op_api/aclnn_trace.cpp): FLOAT16 / BF16 cast to FLOAT, traced, cast back; an integral or
/// BOOL self sums into INT64 (out's dtype); an empty matrix gives 0.
inline at::Tensor TraceRef(const at::Tensor& self) {
    const at::ScalarType t = self.scalar_type();
    if (at::isIntegralType(t, true)) return self.to(at::kLong).diagonal().sum();
    return LaWiden(self).diagonal().sum();
}

/// aclnnDot (math/dot/op_api/aclnn_dot.cpp): the sum of the products, in self's dtype (out's): FLOAT16 / BF16
/// accumulated in FLOAT and rounded once; the integers (INT8, UINT8, INT32) summed in INT64 and wrapped to out's
/// dtype by the writer (two's complement, as an integer kernel's wrap-around); two empty vectors give 0.
inline at::Tensor DotRef(const at::Tensor& self, const at::Tensor& tensor) {
    if (at::isIntegralType(self.scalar_type(), true)) {
        return (self.to(at::kLong) * tensor.to(at::kLong)).sum();
    }
    return at::dot(LaWiden(self), LaWiden(tensor));
}

/// aclnnGer (math/ger/op_api/aclnn_ger.cpp): self and vec2 cast to their promoted dtype, the outer product (BOOL: a
/// logical and, as the op_api's LogicalAnd path), cast to out's dtype by the writer; FLOAT16 / BF16 products in
/// FLOAT (exact), rounded once to the promoted dtype.
inline at::Tensor GerRef(const at::Tensor& self, const at::Tensor& vec2) {
    const at::ScalarType p = at::promote_types(self.scalar_type(), vec2.scalar_type());
    if (p == at::kBool) return at::logical_and(self.unsqueeze(1), vec2.unsqueeze(0));
    return at::outer(LaWiden(self.to(p)), LaWiden(vec2.to(p))).to(p);
}

/// aclnnArange / aclnnRange (math/range/op_api/aclnn_arange.cpp, aclnn_range.cpp, arange.cpp): the caller's out
/// decides the count - out[i] = start + i * step for every element i of out (in its view's order), computed in INT64
/// for an INT64 out (start and step read as integers) and in DOUBLE otherwise (l0op::Arange's input dtype on every
/// product), cast to out's dtype by the writer. `end` only bounds the count the caller chose (checked in the first
/// phase); Range's closed interval changes nothing here for the same reason.
inline at::Tensor ArangeRef(const at::Scalar& start, const at::Scalar& step, const at::Tensor& out) {
    const int64_t n = out.numel();
    if (out.scalar_type() == at::kLong) {
        const int64_t a = start.isIntegral(false) ? start.toLong() : static_cast<int64_t>(start.toDouble());
        const int64_t s = step.isIntegral(false) ? step.toLong() : static_cast<int64_t>(step.toDouble());
        return (at::arange(n, at::kLong) * s + a).reshape(out.sizes());
    }
    return (at::arange(n, at::kDouble) * step.toDouble() + start.toDouble()).reshape(out.sizes());
}

/// aclnnLinspace (math/lin_space/op_api/aclnn_linspace.cpp): steps values from start to end (out holds exactly steps
/// elements; one step: start). start and end are converted to the kernel's dtype first (out's, FLOAT for INT64; a
/// BOOL scalar as FLOAT): an integral out truncates them. ATen's linspace in that dtype (FLOAT16 / BF16 in FLOAT;
/// integral ones in DOUBLE, truncated by the writer), cast to out's dtype.
inline at::Tensor LinspaceRef(const at::Scalar& start, const at::Scalar& end, int64_t steps, const at::Tensor& out) {
    const at::ScalarType o = out.scalar_type();
    double a = start.toDouble();
    double b = end.toDouble();
    at::ScalarType calc = at::kFloat;
    if (o == at::kDouble) {
        calc = at::kDouble;
    } else if (at::isIntegralType(o, false) && o != at::kLong) {
        a = std::trunc(a);
        b = std::trunc(b);
        calc = at::kDouble;
    }
    at::Tensor r = at::linspace(a, b, steps, at::TensorOptions().dtype(calc));
    if (at::isIntegralType(o, false) && o != at::kLong) r = r.trunc();
    return r.reshape(out.sizes());
}

/// aclnnLinalgCross (math/cross/op_api/aclnn_linalg_cross.cpp): self and other broadcast to out's shape (a
/// non-negative dim moved by the rank difference when self has fewer dims, as the op_api), the cross product along
/// dim - ATen's linalg_cross; FLOAT16 / BF16 in FLOAT, rounded once.
inline at::Tensor LinalgCrossRef(const at::Tensor& self, const at::Tensor& other, int64_t dim, const at::Tensor& out) {
    int64_t d = dim;
    if (d >= 0 && self.dim() < other.dim()) d += other.dim() - self.dim();
    const at::Tensor a = LaWiden(self).expand(out.sizes());
    const at::Tensor b = LaWiden(other).expand(out.sizes());
    return at::linalg_cross(a, b, d);
}

/// aclnnSearchSorted (math/search_sorted/op_api/aclnn_searchsorted.cpp): sortedSequence and self cast to their
/// promoted dtype (FLOAT16 / BF16 compared in FLOAT: exact), ATen's searchsorted with right and the optional sorter
/// (INT64); an empty sortedSequence or self gives zeros; a 0-d self is searched as [1]. The writer casts the INT64
/// indices to out's dtype (INT32 with outInt32).
inline at::Tensor SearchSortedRef(const at::Tensor& seq, const at::Tensor& self, bool outInt32, bool right,
                                  const at::Tensor& sorter, const at::Tensor& out) {
    if (seq.numel() == 0 || self.numel() == 0) return at::zeros(out.sizes(), at::kLong);
    const at::ScalarType p = at::promote_types(seq.scalar_type(), self.scalar_type());
    const at::Tensor s = LaWiden(seq.to(p));
    at::Tensor x = LaWiden(self.to(p));
    if (x.dim() == 0) x = x.reshape({1});
    c10::optional<at::Tensor> order;
    if (sorter.defined()) order = sorter.contiguous();
    at::Tensor r = at::searchsorted(s.contiguous(), x.contiguous(), outInt32, right, c10::nullopt, order);
    return r.numel() == out.numel() ? r.reshape(out.sizes()) : r;
}

/// aclnnSearchSorteds: self (an aclScalar) read as FLOAT and converted to sortedSequence's dtype, searched as a
/// one-element tensor; the result is written into out's first element (out viewed as [1]).
inline at::Tensor SearchSortedsRef(const at::Tensor& seq, const at::Scalar& self, bool outInt32, bool right,
                                   const at::Tensor& sorter, const at::Tensor& out) {
    const at::Tensor v = at::full({1}, static_cast<float>(self.toDouble()), at::kFloat).to(seq.scalar_type());
    const at::Tensor r = SearchSortedRef(seq, v, outInt32, right, sorter, v);
    return out.numel() == 1 ? r.reshape(out.sizes()) : r;
}

/// aclnnHistc (math/histogram_v2/op_api/aclnn_histc.cpp): bins equal-width bins over [min, max] (min and max converted
/// to self's dtype: an integral self truncates them); min == max takes the data's own minimum and maximum (the
/// op_api's NeedComputeMinMax on Atlas A2/A3 and the 950; ATen's histc does the same everywhere). The counts in
/// FLOAT (ATen's histc, self read as FLOAT), cast to out's dtype; an empty self gives zeros.
inline at::Tensor HistcRef(const at::Tensor& self, int64_t bins, const at::Scalar& min, const at::Scalar& max) {
    if (self.numel() == 0) return at::zeros({bins}, at::kFloat);
    double lo = min.toDouble();
    double hi = max.toDouble();
    if (at::isIntegralType(self.scalar_type(), false)) {
        lo = std::trunc(lo);
        hi = std::trunc(hi);
    }
    return at::histc(self.to(at::kFloat), bins, lo, hi);
}

/// aclnnCdist (math/cdist/op_api/aclnn_cdist.cpp): the p-norm distance between each row of x1 and each row of x2
/// (batch dims broadcast), FLOAT16 / BF16 in FLOAT, rounded once; ATen's cdist without the matrix-product shortcut
/// (compute_mode 2, the only mode CANN accepts for p = 2); p = inf the largest difference. A zero batch or row dim:
/// nothing to write; a zero last dim: zeros.
inline at::Tensor CdistRef(const at::Tensor& x1, const at::Tensor& x2, double p, const at::Tensor& out) {
    if (out.numel() == 0) return at::zeros(out.sizes(), at::kFloat);
    return at::cdist(LaWiden(x1), LaWiden(x2), p, 2);
}

/// aclnnAffineGrid (math/affine_grid/op_api/aclnn_affine_grid.cpp): the sampling grid of the affine matrices theta
/// for an output of size [N, C, H, W] (or [N, C, D, H, W]) - ATen's affine_grid_generator; FLOAT16 / BF16 in FLOAT.
inline at::Tensor AffineGridRef(const at::Tensor& theta, at::IntArrayRef size, bool alignCorners) {
    return at::affine_grid_generator(LaWiden(theta), size, alignCorners);
}

/// aclnnLinalgCholesky (math/cholesky/op_api/aclnn_linalg_cholesky.cpp): FLOAT16 / BF16 cast to FLOAT (the op_api's
/// cast), the Cholesky factor (lower, or upper with upper) of each matrix - ATen's linalg_cholesky_ex, which does not
/// raise for a matrix that is not positive definite (the NPU kernel raises nothing either; such a result is LAPACK's
/// partial factor, not meaningful) - cast to out's dtype.
inline at::Tensor CholeskyRef(const at::Tensor& self, bool upper) {
    return std::get<0>(at::linalg_cholesky_ex(LaWiden(self), upper, false));
}

/// aclnnCumsum / aclnnCumsumV2 (math/cumsum/op_api/aclnn_cumsum.cpp): self cast to out's dtype, the running sum
/// along dim (a 0-d self as one element); FLOAT16 / BF16 summed in FLOAT (the 910B's cube path for a long last dim
/// sums in another order: not modelled), integers in their own dtype (wrapping). CumsumV2's reverse runs from the
/// end of dim; exclusive shifts by one (the first sum 0).
inline at::Tensor CumsumRef(const at::Tensor& self, int64_t dim, bool exclusive, bool reverse, const at::Tensor& out) {
    const at::ScalarType ot = out.scalar_type();
    at::Tensor x = LaWiden(self.to(ot));
    const bool scalar = x.dim() == 0;
    if (scalar) x = x.reshape({1});
    const int64_t d = dim < 0 ? dim + x.dim() : dim;
    if (reverse) x = x.flip({d});
    at::Tensor r = at::cumsum(x, d, x.scalar_type());
    if (exclusive) {
        const int64_t n = x.size(d);
        at::Tensor shifted = at::zeros_like(r);
        if (n > 1) shifted.narrow(d, 1, n - 1).copy_(r.narrow(d, 0, n - 1));
        r = shifted;
    }
    if (reverse) r = r.flip({d});
    return scalar ? r.reshape({}) : r;
}

/// aclnnLogdet (math/logdet/op_host/op_api/aclnn_logdet.cpp): LogMatrixDeterminant's (sign, log |det|), then
/// log |det| + log(sign) - ATen's logdet (NaN for a negative determinant, -inf for a singular matrix), in self's
/// dtype, cast to out's by the writer.
inline at::Tensor LogdetRef(const at::Tensor& self) { return at::logdet(self); }

/// aclnnSlogdet (math/slogdet/op_host/op_api/aclnn_slogdet.cpp): (sign, log |det|) - ATen's linalg_slogdet.
inline std::tuple<at::Tensor, at::Tensor> SlogdetRef(const at::Tensor& self) { return at::linalg_slogdet(self); }

/// aclnnQr / aclnnLinalgQr (math/qr/op_api/aclnn_qr.cpp, aclnn_linalg_qr.cpp): FLOAT16 cast to FLOAT, the QR
/// factorization per matrix - ATen's linalg_qr (LAPACK's Householder signs: R's diagonal may differ in sign from the
/// kernel's) - in mode 0 reduced, 1 complete, 2 r (Q an empty [0] tensor, not written). An empty self gives empty
/// or zero-filled factors as ATen does.
inline std::tuple<at::Tensor, at::Tensor> QrRef(const at::Tensor& self, int64_t mode) {
    const at::Tensor x = self.scalar_type() == at::kHalf ? self.to(at::kFloat) : self;
    const char* m = mode == 2 ? "r" : (mode == 1 ? "complete" : "reduced");
    auto r = at::linalg_qr(x, m);
    if (mode == 2) return std::make_tuple(at::empty({0}, x.options()), std::get<1>(r));
    return r;
}

/// aclnnPdist / aclnnPdistForward (math/pdist/op_api/): the p-norm distance of every pair of rows i < j - ATen's
/// pdist (p 0 counts the differing coordinates, p inf the largest difference), FLOAT16 in FLOAT; fewer than two rows
/// give an empty result, rows of no element distances 0.
inline at::Tensor PdistRef(const at::Tensor& self, double p) {
    const at::Tensor x = LaWiden(self);
    if (x.size(0) <= 1) return at::empty({0}, x.options());
    return at::pdist(x.contiguous(), p);
}

/// aclnnAddr / aclnnInplaceAddr (math/addr/op_api/aclnn_addr.cpp): self, vec1, vec2 cast to their promoted dtype;
/// BOOL: (beta and self) or (alpha and vec1 outer vec2) with the scalars as truth values (beta 0: self ignored);
/// otherwise beta * self + alpha * (vec1 outer vec2) - ATen's addr (beta 0 ignores self, NaN included), FLOAT16 /
/// BF16 computed in FLOAT and rounded once (the Atlas/910 stub's Mul and Add round in FLOAT16 after each step: not
/// modelled).
inline at::Tensor AddrRef(const at::Tensor& self, const at::Tensor& vec1, const at::Tensor& vec2,
                          const at::Scalar& beta, const at::Scalar& alpha) {
    const at::ScalarType hd =
        at::promote_types(self.scalar_type(), at::promote_types(vec2.scalar_type(), vec1.scalar_type()));
    if (hd == at::kBool) {
        const bool b = beta.toDouble() != 0.0, a = alpha.toDouble() != 0.0;
        at::Tensor outer = vec1.to(at::kBool).unsqueeze(1).logical_and(vec2.to(at::kBool).unsqueeze(0));
        if (!a) outer = at::zeros_like(outer);
        if (!b) return outer;
        return outer.logical_or(self.to(at::kBool));
    }
    const at::ScalarType ct = (hd == at::kHalf || hd == at::kBFloat16) ? at::kFloat : hd;
    return at::addr(self.to(ct), vec1.to(ct), vec2.to(ct), beta, alpha);
}

/// aclnnTriangularSolve (math/triangular_solve/op_host/op_api/aclnn_triangular_solve.cpp): (X, M) - ATen's
/// triangular_solve: X solves A X = self (A^T X with transpose) using A's upper or lower triangle (a unit diagonal
/// with unitriangular), batch dims broadcast; M is A broadcast to the batch shape (not written when mOut is NULL).
inline std::tuple<at::Tensor, at::Tensor> TriangularSolveRef(const at::Tensor& self, const at::Tensor& A, bool upper,
                                                             bool transpose, bool unitriangular) {
    auto r = at::triangular_solve(self, A, upper, transpose, unitriangular);
    return std::make_tuple(std::get<0>(r), std::get<1>(r));
}

/// aclnnSvd (math/svd/op_host/op_api/aclnn_svd.cpp): (sigma, u, v) - ATen's linalg_svd (v = Vh's conjugate
/// transpose, the torch.svd convention CANN follows); without computeUV only the singular values (linalg_svdvals) and
/// u, v handed back as they are (not written). Singular vectors are unique only up to a sign (a phase for complex):
/// LAPACK's choice here.
inline std::tuple<at::Tensor, at::Tensor, at::Tensor> SvdRef(const at::Tensor& input, bool fullMatrices,
                                                             bool computeUV, const at::Tensor& u, const at::Tensor& v) {
    if (!computeUV) return std::make_tuple(at::linalg_svdvals(input), u, v);
    auto r = at::linalg_svd(input, fullMatrices);
    return std::make_tuple(std::get<1>(r), std::get<0>(r), std::get<2>(r).mH());
}

/// aclnnCdistBackward (math/cdist_grad; torch_npu maps p = inf to -1): ATen's _cdist_backward on float32 contiguous
/// copies (the op_api casts BF16 to FLOAT on Atlas A2/A3; FLOAT16 is computed in float32 here too), p = -1 the
/// infinity norm; the result rounded once to out's dtype by the write.
inline at::Tensor CdistBackwardOf(const at::Tensor& grad, const at::Tensor& x1, const at::Tensor& x2,
                                  const at::Tensor& cdist, double p) {
    const double pp = p == -1.0 ? std::numeric_limits<double>::infinity() : p;
    return at::_cdist_backward(grad.to(at::kFloat).contiguous(), x1.to(at::kFloat).contiguous(),
                               x2.to(at::kFloat).contiguous(), pp, cdist.to(at::kFloat).contiguous());
}

/// aclnnSinkhorn (math/sinkhorn: docs/aclnnSinkhorn.md's iteration, op_kernel/sinkhorn.inc): K = exp(cost) in
/// float32 (the op_api casts FLOAT16 / BF16 to FLOAT; tol as float32), d0 = ones(R), d1 = ones(C); repeat d0 =
/// 1 / (R * (sum(d1 * K, 1) + 1e-8)), d1 = 1 / (C * (sum(d0 * K, 0) + 1e-8)) until mean(|d1_old - d1|) <= tol; p =
/// d1 * K * d0. A NULL tol is 0.0001 (the L0 op's default). The kernel loops without bound; the reference stops after
/// 100000 rounds (a tol it cannot reach).
inline at::Tensor SinkhornOf(const at::Tensor& cost, const c10::optional<at::Scalar>& tol) {
    const float t = tol.has_value() ? static_cast<float>(tol->toDouble()) : 0.0001f;
    const at::Tensor k = at::exp(cost.to(at::kFloat));
    const int64_t r = k.size(0), c = k.size(1);
    at::Tensor d0 = at::ones({r}, at::TensorOptions().dtype(at::kFloat));
    at::Tensor d1 = at::ones({c}, at::TensorOptions().dtype(at::kFloat));
    for (int i = 0; i < 100000; ++i) {
        const at::Tensor old = d1;
        d0 = 1.0f / (static_cast<float>(r) * ((d1.unsqueeze(0) * k).sum(1) + 1e-8f));
        d1 = 1.0f / (static_cast<float>(c) * ((d0.unsqueeze(1) * k).sum(0) + 1e-8f));
        if (!((old - d1).abs().mean().item<float>() > t)) break;
    }
    return d1.unsqueeze(0) * k * d0.unsqueeze(1);
}

/// aclnnLogSpace (math/logspace/op_api/aclnn_logspace.cpp): the compute dtype is result's (FLOAT when start and
/// end are FLOAT16 and BF16 mixed); start and end converted to it (ConvertToTensor), the Linspace of steps values
/// and base (as float32, then the compute dtype) raised to them (InplacePow) - here both in float32 over the rounded
/// operands, rounded once to the compute dtype, then to result's by the write. The mixed FLOAT16 / BF16 rule is not
/// modelled (an aclScalar reaches a formula without its dtype): such a call rounds start and end to result's dtype.
inline at::Tensor LogSpaceOf(const at::Scalar& start, const at::Scalar& end, int64_t steps, double base,
                             const at::Tensor& result) {
    const at::ScalarType compute = result.scalar_type();
    auto round_to = [compute](double v) {
        return at::scalar_tensor(v, at::TensorOptions().dtype(at::kDouble)).to(compute).to(at::kFloat).item<float>();
    };
    const float s = round_to(start.toDouble()), e = round_to(end.toDouble());
    const float b = round_to(static_cast<double>(static_cast<float>(base)));
    const at::Tensor lin = at::linspace(s, e, steps, at::TensorOptions().dtype(at::kFloat)).to(compute).to(at::kFloat);
    return at::pow(b, lin).to(compute).reshape(result.sizes());
}

/// aclnnCumprod (math/cumprod): input cast to the computation dtype (out's: the first phase checked dtype against it;
/// a 0-d input as 1-d), ATen's cumprod along dim (ToInt32 of the dim scalar), integers wrapping. ATen 1.13 has no CPU
/// cumprod of FLOAT16 / BF16: those are widened to float32 (after the cast to the computation dtype) and the running
/// products rounded once to it.
inline at::Tensor CumprodOf(const at::Tensor& input, const at::Scalar& dim, const at::Tensor& out) {
    const at::ScalarType o = out.scalar_type();
    at::Tensor x = input.to(o);
    if (o == at::kHalf || o == at::kBFloat16) x = x.to(at::kFloat);
    const int64_t d = static_cast<int32_t>(dim.toLong());
    if (x.dim() == 0) return at::cumprod(x.reshape({1}), 0).reshape({});
    return at::cumprod(x, d);
}

}  // namespace ref
}  // namespace aclcpu
