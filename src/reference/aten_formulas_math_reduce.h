// The reference formulas' helpers of ops-math's reductions (ops/families/math_reduce.yaml; docs/ops/math_reduce.md).
// Included at the end of reference/aten_formulas.h (through the generated reference/family_formulas.inc), by the
// reference library and the table-driven test. Each helper follows the op_api's casts (hicann/ops-math at
// c41933244, the source named at each) and computes the rest with ATen's plain function.
#pragma once

#include <ATen/ATen.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <tuple>
#include <vector>

namespace aclcpu {
namespace ref {

/// The input of a max / min selection: BOOL cast to FLOAT (the op_apis' selfCastType: aclnn_amax.cpp, aclnn_amin.cpp,
/// aclnn_max.cpp, aclnn_min.cpp, aclnn_max_dim.cpp, aclnn_min_dim.cpp), FLOAT16 and BF16 widened to FLOAT (a
/// selection: exact, and ATen 1.13's CPU lacks some of these reductions in the half types); others as they are.
inline at::Tensor ReduceSelectable(const at::Tensor& self) {
    const at::ScalarType t = self.scalar_type();
    if (t == at::kBool || t == at::kHalf || t == at::kBFloat16) return self.to(at::kFloat);
    return self;
}

/// The dims a reduction names: every dim when the list is empty (the op_apis' GetAllDims), else the list wrapped
/// into [0, rank), each once, in ascending order.
inline std::vector<int64_t> ReduceDims(const at::Tensor& self, at::IntArrayRef dim) {
    const int64_t rank = self.dim();
    std::vector<int64_t> dims;
    if (dim.empty()) {
        for (int64_t i = 0; i < rank; ++i) dims.push_back(i);
        return dims;
    }
    for (int64_t d : dim) {
        const int64_t p = d < 0 ? d + rank : d;
        if (std::find(dims.begin(), dims.end(), p) == dims.end()) dims.push_back(p);
    }
    std::sort(dims.begin(), dims.end());
    return dims;
}

/// A result in its output's shape: the op_apis accept an output of one element for a one-element result whatever
/// the two shapes (CheckShapeAndScalarSame), so such a result is reshaped to the output's shape.
inline at::Tensor AsOut(const at::Tensor& r, const at::Tensor& out) {
    if (r.sizes() == out.sizes() || r.numel() != out.numel()) return r;
    return r.reshape(out.sizes());
}

/// aclnnAmax / aclnnAmin (aclnn_amax.cpp, aclnn_amin.cpp): a 0-d self is copied to out as it is (ViewCopy); else
/// ReduceMax / ReduceMin over dim (every dim when empty) on self cast as ReduceSelectable; the writer casts the
/// result to out's dtype (self's). NaN propagates (ATen's amax / amin).
inline at::Tensor AmaxAmin(const at::Tensor& self, at::IntArrayRef dim, bool keepdim, bool is_max) {
    if (self.dim() == 0) return self.clone();
    const std::vector<int64_t> dims = ReduceDims(self, dim);
    const at::Tensor x = ReduceSelectable(self);
    return is_max ? at::amax(x, dims, keepdim) : at::amin(x, dims, keepdim);
}

/// aclnnMaxV2 (aclnn_max_v2.cpp): as aclnnAmax, except that an empty dims list with noopWithEmptyDims reduces
/// nothing (out = self).
inline at::Tensor MaxV2Ref(const at::Tensor& self, at::IntArrayRef dims, bool keepDims, bool noopWithEmptyDims) {
    if (dims.empty() && noopWithEmptyDims) return self.clone();
    return AmaxAmin(self, dims, keepDims, true);
}

/// aclnnGlobalMaxPool (aclnn_global_max_pool.cpp): ReduceMax over the dims after the first two, kept as 1. A self
/// with an empty spatial dim has no maximum: ATen refuses it in the second phase (CANN's kernel is not documented
/// for it).
inline at::Tensor GlobalMaxPoolRef(const at::Tensor& self) {
    std::vector<int64_t> dims;
    for (int64_t i = 2; i < self.dim(); ++i) dims.push_back(i);
    return at::amax(ReduceSelectable(self), dims, true);
}

/// aclnnMax / aclnnMin (aclnn_max.cpp, aclnn_min.cpp): ReduceMax / ReduceMin over every dim of self cast as
/// ReduceSelectable, a 0-d result the writer casts to out's dtype.
inline at::Tensor MaxMinAll(const at::Tensor& self, const at::Tensor& out, bool is_max) {
    const at::Tensor x = ReduceSelectable(self);
    if (x.dim() == 0) return AsOut(x.clone(), out);
    const std::vector<int64_t> dims = ReduceDims(x, {});
    return AsOut(is_max ? at::amax(x, dims, false) : at::amin(x, dims, false), out);
}

/// aclnnArgMax / aclnnArgMin (aclnn_argmax.cpp, aclnn_argmin.cpp): the index along dim of the largest / smallest
/// element (ATen: the first of equal ones; a NaN counts as the largest and the smallest), in INT64, which the
/// writer casts to out's dtype. A 0-d self gives 0 (aclnnArgMin fills out with 0; aclnnArgMax reduces it as [1]).
/// FLOAT16 / BF16 compared in FLOAT (exact).
inline at::Tensor ArgMaxMin(const at::Tensor& self, int64_t dim, bool keepdim, const at::Tensor& out, bool is_max) {
    if (self.dim() == 0) return AsOut(at::zeros({}, at::kLong), out);
    const at::Tensor x = ReduceSelectable(self);
    return AsOut(is_max ? at::argmax(x, dim, keepdim) : at::argmin(x, dim, keepdim), out);
}

/// aclnnMaxDim / aclnnMinDim (aclnn_max_dim.cpp, aclnn_min_dim.cpp): ArgMaxWithValue / ArgMinWithValue along dim of
/// self cast as ReduceSelectable: (values, indices) - ATen's max.dim / min.dim (the first index of equal values on
/// the CPU; NaN propagates with its index). The writer casts values to out's dtype and indices to indices'.
inline std::tuple<at::Tensor, at::Tensor> MaxMinDim(const at::Tensor& self, int64_t dim, bool keepdim,
                                                    const at::Tensor& out, const at::Tensor& indices, bool is_max) {
    const at::Tensor x = ReduceSelectable(self);
    const auto r = is_max ? at::max(x, dim, keepdim) : at::min(x, dim, keepdim);
    return std::make_tuple(AsOut(std::get<0>(r), out), AsOut(std::get<1>(r), indices));
}

/// aclnnAminmaxDim / aclnnAminmaxAll (aclnn_aminmax_dim.cpp, aclnn_aminmax_all.cpp): (min, max) of self over dim
/// (AminmaxAll: every dim; a 0-d self copied into both). The op_apis cast BOOL to UINT8 - the same selection as
/// ReduceSelectable's FLOAT. The writer casts each to its output's dtype (self's).
inline std::tuple<at::Tensor, at::Tensor> AminmaxDimRef(const at::Tensor& self, int64_t dim, bool keepDim,
                                                        const at::Tensor& minOut, const at::Tensor& maxOut) {
    const std::vector<int64_t> dims = {dim};
    return std::make_tuple(AsOut(AmaxAmin(self, dims, keepDim, false), minOut),
                           AsOut(AmaxAmin(self, dims, keepDim, true), maxOut));
}
/// aclnnAminmax (aclnn_aminmax.cpp): as AminmaxDimRef over a dim list, where an empty list reduces nothing (the l0
/// ReduceMin / ReduceMax with noop_with_empty_axes): both outputs self.
inline std::tuple<at::Tensor, at::Tensor> AminmaxRef(const at::Tensor& self, at::IntArrayRef dim, bool keepDim,
                                                     const at::Tensor& minOut, const at::Tensor& maxOut) {
    if (self.dim() == 0 || dim.empty())
        return std::make_tuple(AsOut(self.clone(), minOut), AsOut(self.clone(), maxOut));
    return std::make_tuple(AsOut(AmaxAmin(self, dim, keepDim, false), minOut),
                           AsOut(AmaxAmin(self, dim, keepDim, true), maxOut));
}
inline std::tuple<at::Tensor, at::Tensor> AminmaxAllRef(const at::Tensor& self, const at::Tensor& minOut,
                                                        const at::Tensor& maxOut) {
    return std::make_tuple(MaxMinAll(self, minOut, false), MaxMinAll(self, maxOut, true));
}

/// aclnnArgsort (math/sort/op_api/aclnn_argsort.cpp): the indices that sort self along dim (ascending, or descending),
/// ATen's sort with stable = true (equal values keep their order; the op_api asks the kernel for an unstable sort,
/// so the NPU may order them otherwise; FLOAT16 / BF16 compared in FLOAT - exact); INT64. A 0-d self gives 0.
inline at::Tensor ArgsortRef(const at::Tensor& self, int64_t dim, bool descending) {
    if (self.dim() == 0) return at::zeros({}, at::kLong);
    return std::get<1>(at::sort(ReduceSelectable(self), /*stable=*/true, dim, descending));
}

/// aclnnSort (math/sort/op_api/aclnn_sort.cpp): (values, indices) of self sorted along dim - ATen's sort, always
/// stable (equal values keep their order: the NPU's unstable sort may order their indices otherwise); BOOL sorted as
/// UINT8 and BF16 / FLOAT16 as FLOAT (exact). A 0-d self: values = self, indices 0. The writer casts values to
/// valuesOut's dtype. Not modelled: on Ascend 910 the op_api sorts FLOAT as FLOAT16.
inline std::tuple<at::Tensor, at::Tensor> SortRef(const at::Tensor& self, int64_t dim, bool descending) {
    if (self.dim() == 0) return std::make_tuple(self.clone(), at::zeros({}, at::kLong));
    const auto r = at::sort(ReduceSelectable(self), /*stable=*/true, dim, descending);
    return std::make_tuple(std::get<0>(r), std::get<1>(r));
}

/// aclnnAll / aclnnAny (aclnn_all.cpp, aclnn_any.cpp): self tested against 0 (the Cast to BOOL; NaN is true), then
/// reduced over dim (every dim when empty; a repeated dim once) with and / or. ATen 1.13's all / any take one dim:
/// the dims are reduced one at a time from the last. An empty self: aclnnAll gives true over the reduced shape (the
/// reduction of nothing), aclnnAny fills out - whatever its shape - with false.
inline at::Tensor AllAny(const at::Tensor& self, at::IntArrayRef dim, bool keepdim, const at::Tensor& out,
                         bool is_any) {
    if (is_any && self.numel() == 0) return at::zeros(out.sizes(), at::kBool);
    at::Tensor x = self.scalar_type() == at::kBool ? self : self.ne(0);
    if (x.dim() == 0) return AsOut(x.clone(), out);
    const std::vector<int64_t> dims = ReduceDims(x, dim);
    for (auto it = dims.rbegin(); it != dims.rend(); ++it) x = is_any ? x.any(*it, keepdim) : x.all(*it, keepdim);
    return AsOut(x, out);
}

/// FLOAT16 / BF16 widened to FLOAT (the variance / mean kernels accumulate in FLOAT); others as they are.
inline at::Tensor ReduceWidened(const at::Tensor& x) {
    const at::ScalarType t = x.scalar_type();
    return (t == at::kHalf || t == at::kBFloat16) ? x.to(at::kFloat) : x;
}

/// The number of elements each output element of a Var / Std reduction sees (CalcShapeProd: 1 for a 0-d self;
/// every dim when the list is empty).
inline int64_t ReducedCount(const at::Tensor& self, at::IntArrayRef dim) {
    if (self.dim() == 0) return 1;
    int64_t n = 1;
    for (int64_t d : ReduceDims(self, dim)) n *= self.size(d);
    return n;
}

/// aclnnVar / aclnnVarCorrection / aclnnStd / the var of aclnnVarMean and the std of aclnnStdMeanCorrection
/// (aclnn_var.cpp, aclnn_var_mean.cpp, aclnn_std.cpp, aclnn_std_mean_correction.cpp): an empty self fills out with
/// NaN; with `fills` (the correction forms), one element per output and correction >= 1 fills NaN, correction > 1
/// with no more elements than the correction fills +inf; otherwise ATen's var / std over dim (every dim when empty)
/// with that correction, FLOAT16 / BF16 in FLOAT. The result takes out's shape where CANN copies into it (an empty
/// dim list, where aclnnStd checks no shape).
inline at::Tensor VarStdRef(const at::Tensor& self, at::IntArrayRef dim, int64_t correction, bool keepdim,
                            const at::Tensor& out, bool is_std, bool fills) {
    if (self.numel() == 0) return at::full(out.sizes(), NAN, out.options().dtype(at::kFloat));
    const int64_t n = ReducedCount(self, dim);
    if (fills && n == 1 && correction >= 1) return at::full(out.sizes(), NAN, out.options().dtype(at::kFloat));
    if (fills && correction > 1 && n <= correction) {
        return at::full(out.sizes(), INFINITY, out.options().dtype(at::kFloat));
    }
    at::Tensor x = ReduceWidened(self);
    if (x.dim() == 0) x = x.reshape({1});
    const std::vector<int64_t> dims = ReduceDims(x, dim);
    at::Tensor r = is_std ? at::std(x, at::OptionalIntArrayRef(dims), c10::optional<int64_t>(correction), keepdim)
                          : at::var(x, at::OptionalIntArrayRef(dims), c10::optional<int64_t>(correction), keepdim);
    if (r.numel() == out.numel() && r.sizes() != out.sizes()) r = r.reshape(out.sizes());
    return r;
}

/// The mean of aclnnVarMean / aclnnStdMeanCorrection: ATen's mean over dim (every dim when empty), FLOAT16 / BF16
/// in FLOAT; an empty self fills meanOut with NaN.
inline at::Tensor ReduceMeanRef(const at::Tensor& self, at::IntArrayRef dim, bool keepdim, const at::Tensor& out) {
    if (self.numel() == 0) return at::full(out.sizes(), NAN, out.options().dtype(at::kFloat));
    at::Tensor x = ReduceWidened(self);
    if (x.dim() == 0) x = x.reshape({1});
    at::Tensor r = at::mean(x, ReduceDims(x, dim), keepdim);
    if (r.numel() == out.numel() && r.sizes() != out.sizes()) r = r.reshape(out.sizes());
    return r;
}

/// aclnnVarMean (aclnn_var_mean.cpp): (varOut, meanOut).
inline std::tuple<at::Tensor, at::Tensor> VarMeanRef(const at::Tensor& self, at::IntArrayRef dim, int64_t correction,
                                                     bool keepdim, const at::Tensor& varOut, const at::Tensor& meanOut) {
    return std::make_tuple(VarStdRef(self, dim, correction, keepdim, varOut, false, true),
                           ReduceMeanRef(self, dim, keepdim, meanOut));
}

/// aclnnStdMeanCorrection (aclnn_std_mean_correction.cpp): (stdOut, meanOut).
inline std::tuple<at::Tensor, at::Tensor> StdMeanRef(const at::Tensor& self, at::IntArrayRef dim, int64_t correction,
                                                     bool keepdim, const at::Tensor& stdOut, const at::Tensor& meanOut) {
    return std::make_tuple(VarStdRef(self, dim, correction, keepdim, stdOut, true, true),
                           ReduceMeanRef(self, dim, keepdim, meanOut));
}

/// aclnnLogSumExp (aclnn_logsumexp.cpp): FLOAT16, BF16, the integers and BOOL cast to FLOAT; the log of the sum of
/// the exponentials over dim (every dim when empty) - ATen's logsumexp, which subtracts the maximum as the op_api
/// does (an infinite maximum replaced by 0); an empty self fills out with -inf; a 0-d self is its own result.
inline at::Tensor LogSumExpRef(const at::Tensor& self, at::IntArrayRef dim, bool keepDim, const at::Tensor& out) {
    if (self.numel() == 0) return at::full(out.sizes(), -INFINITY, out.options().dtype(at::kFloat));
    const at::ScalarType t = self.scalar_type();
    const at::Tensor x = (t == at::kDouble) ? self : self.to(at::kFloat);
    if (x.dim() == 0) return AsOut(x.clone(), out);
    return AsOut(at::logsumexp(x, ReduceDims(x, dim), keepDim), out);
}

/// aclnnGlobalAveragePool (aclnn_global_average_pool.cpp): ReduceMean over the dims after the first two, kept as 1;
/// FLOAT16 / BF16 in FLOAT.
inline at::Tensor GlobalAvgPoolRef(const at::Tensor& self, const at::Tensor& out) {
    std::vector<int64_t> dims;
    for (int64_t i = 2; i < self.dim(); ++i) dims.push_back(i);
    return AsOut(at::mean(ReduceWidened(self), dims, true), out);
}

/// aclnnReduceLogSum (math/reduce_log_sum/op_api/aclnn_reduce_log_sum.cpp): log(sum(data)) over axes (every axis when
/// empty, or none - data copied as it is - with noopWithEmptyAxes), FLOAT16 / BF16 summed in FLOAT; an empty data
/// fills reduce with 0 (the op_api's FillScalar, not log(0)).
inline at::Tensor ReduceLogSumRef(const at::Tensor& data, at::IntArrayRef axes, bool keepDims, bool noop,
                                  const at::Tensor& reduce) {
    if (data.numel() == 0) return at::zeros(reduce.sizes(), at::kFloat);
    if (axes.empty() && noop) return data.clone();
    const at::Tensor x = ReduceWidened(data);
    if (x.dim() == 0) return AsOut(x.log(), reduce);
    return AsOut(at::sum(x, ReduceDims(x, axes), keepDims).log(), reduce);
}

/// aclnnMean (math/reduce_mean/op_api/aclnn_mean.cpp): self cast to dtype, ReduceMean over dim (every dim when
/// empty; a 0-d self its own result), cast to out's dtype by the writer. FLOAT16 / BF16 averaged in FLOAT. An
/// integral dtype runs the AI CPU kernel: ASSUMED the sum in INT64 divided by the count, truncated toward zero (the
/// AI CPU kernel's source is not public). An empty self fills out with NaN (the fill's value converted to out's
/// dtype: 0 for an integral out - ASSUMED).
inline at::Tensor MeanRef(const at::Tensor& self, at::IntArrayRef dim, bool keepDim, at::ScalarType dtype,
                          const at::Tensor& out) {
    if (self.numel() == 0) {
        if (at::isFloatingType(out.scalar_type())) return at::full(out.sizes(), NAN, at::kFloat);
        return at::zeros(out.sizes(), at::kFloat);
    }
    at::Tensor x = ReduceWidened(self.to(dtype));
    if (x.dim() == 0) return AsOut(x.clone(), out);
    const std::vector<int64_t> dims = ReduceDims(x, dim);
    if (at::isIntegralType(x.scalar_type(), true)) {
        int64_t count = 1;
        for (int64_t d : dims) count *= x.size(d);
        const at::Tensor sum = at::sum(x.to(at::kLong), dims, keepDim);
        return AsOut(at::div(sum, count, "trunc"), out);
    }
    return AsOut(at::mean(x, dims, keepDim), out);
}

/// aclnnMeanV2 (aclnn_mean.cpp): no cast (out's dtype is self's); ReduceMean with noopWithEmptyAxes - an empty dim
/// list copies self when set, reduces every dim otherwise; as MeanRef otherwise.
inline at::Tensor MeanV2Ref(const at::Tensor& self, at::IntArrayRef dim, bool keepDim, bool noop,
                            const at::Tensor& out) {
    if (self.numel() != 0 && dim.empty() && noop) return AsOut(self.clone(), out);
    return MeanRef(self, dim, keepDim, self.scalar_type(), out);
}

/// aclnnProd / aclnnProdDim (math/reduce_prod/op_api/aclnn_prod.cpp ExecuteProd): self cast to out's dtype (the
/// dtype parameter), FLOAT16 and a BOOL out multiplied in FLOAT (the op_api's cast to FLOAT), BF16 in FLOAT;
/// integers multiplied in their own dtype (wrapping); ReduceProd, cast to out's dtype by the writer. An empty self
/// fills out with 1.
inline at::Tensor ProdOver(const at::Tensor& self, const std::vector<int64_t>& dims, bool keepDim,
                           const at::Tensor& out) {
    if (self.numel() == 0) return at::ones(out.sizes(), at::kFloat);
    const at::ScalarType ot = out.scalar_type();
    at::Tensor x = ot == at::kBool ? self.to(at::kFloat) : ReduceWidened(self.to(ot));
    if (x.dim() == 0) return AsOut(x.clone(), out);
    at::Tensor r = x;
    for (auto it = dims.rbegin(); it != dims.rend(); ++it) r = at::prod(r, *it, keepDim, x.scalar_type());
    return AsOut(r, out);
}
inline at::Tensor ProdAllRef(const at::Tensor& self, const at::Tensor& out) {
    std::vector<int64_t> dims;
    for (int64_t i = 0; i < self.dim(); ++i) dims.push_back(i);
    return ProdOver(self, dims, false, out);
}
inline at::Tensor ProdDimRef(const at::Tensor& self, int64_t dim, bool keepDim, const at::Tensor& out) {
    if (self.dim() == 0) return ProdOver(self, {}, keepDim, out);
    return ProdOver(self, {dim < 0 ? dim + self.dim() : dim}, keepDim, out);
}

/// aclnnReduceNansum (math/reduce_nansum/op_api/aclnn_reduce_nansum.cpp): self cast to dtype; a BOOL dtype ReduceAny,
/// an integral self ReduceSum (in dtype: integers wrap), else ReduceNansum (NaN counted as 0; FLOAT16 / BF16 in
/// FLOAT) over dim (every dim when empty); an empty self fills out with 0.
inline at::Tensor NansumRef(const at::Tensor& self, at::IntArrayRef dim, bool keepDim, at::ScalarType dtype,
                            const at::Tensor& out) {
    if (self.numel() == 0) return at::zeros(out.sizes(), at::kFloat);
    at::Tensor x = self.to(dtype);
    if (x.dim() == 0) return AsOut(x.clone(), out);
    const std::vector<int64_t> dims = ReduceDims(x, dim);
    if (dtype == at::kBool) return AsOut(x.to(at::kFloat).ne(0).sum(dims, keepDim).gt(0), out);
    if (at::isIntegralType(self.scalar_type(), true)) {
        if (at::isIntegralType(dtype, false)) return AsOut(at::sum(x, dims, keepDim, dtype), out);
        return AsOut(at::sum(ReduceWidened(x), dims, keepDim), out);
    }
    return AsOut(at::nansum(ReduceWidened(x), dims, keepDim), out);
}

/// aclnnGroupedBiasAddGrad / V2 (math/grouped_bias_add_grad, docs/aclnnGroupedBiasAddGradV2.md): without
/// groupIdxOptional the sum of gradY [G, C, H] over C; with it, group j the sum of gradY's rows [end(j - 1), end(j))
/// (end(-1) = 0), the ends groupIdxOptional's values (groupIdxType 0) or their running sums (1); FLOAT16 / BF16
/// summed in FLOAT. Ends outside [0, N] are clamped to it and an end below its start gives a zero row (the kernel's
/// behaviour for such indices is not documented).
inline at::Tensor GroupedBiasAddGradRef(const at::Tensor& gradY, const at::Tensor& groupIdx, int64_t groupIdxType,
                                        const at::Tensor& out) {
    const at::Tensor g = ReduceWidened(gradY);
    if (!groupIdx.defined()) return g.sum(1);
    at::Tensor ends = groupIdx.to(at::kLong).reshape({-1});
    if (groupIdxType == 1) ends = ends.cumsum(0);
    const int64_t n = g.size(0);
    const int64_t groups = ends.numel();
    at::Tensor r = at::zeros({groups, g.size(1)}, g.options());
    int64_t start = 0;
    for (int64_t j = 0; j < groups; ++j) {
        const int64_t end = std::min<int64_t>(std::max<int64_t>(ends[j].item<int64_t>(), 0), n);
        const int64_t s0 = std::min<int64_t>(std::max<int64_t>(start, 0), n);
        if (end > s0) r[j] = g.narrow(0, s0, end - s0).sum(0);
        start = end;
    }
    (void)out;
    return r;
}

/// aclnnBincount (math/bincount/op_api/aclnn_bincount.cpp): self cast to INT32; weights FLOAT or DOUBLE kept, any
/// other dtype cast to DOUBLE, none = ones; the bins of size = max(out's length, minlength), values outside [0, size)
/// not counted (the kernel's range guard); summed by ATen's index_add in the weights' dtype; cast to out's dtype by
/// the write of its first out-length bins. An empty self gives zeros.
inline at::Tensor BincountOf(const at::Tensor& self, const at::Tensor& weights, int64_t minlength, const at::Tensor& out) {
    const int64_t n = out.size(0);
    const int64_t size = std::max(n, minlength);
    const at::Tensor v = self.to(at::kInt).to(at::kLong).reshape({-1});
    at::Tensor w;
    if (!weights.defined()) {
        w = at::ones({v.numel()}, at::TensorOptions().dtype(at::kLong));
    } else if (weights.scalar_type() == at::kFloat || weights.scalar_type() == at::kDouble) {
        w = weights.reshape({-1});
    } else {
        w = weights.to(at::kDouble).reshape({-1});
    }
    const at::Tensor keep = at::logical_and(v >= 0, v < size);
    at::Tensor bins = at::zeros({size}, at::TensorOptions().dtype(w.scalar_type()));
    bins.index_add_(0, v.masked_select(keep), w.masked_select(keep));
    return bins.narrow(0, 0, std::min(n, size));
}

}  // namespace ref
}  // namespace aclcpu
