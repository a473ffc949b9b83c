// The reference formulas' helpers of the nn_index family (ops/families/nn_index.yaml; docs/ops/nn_index.md): the
// scatter reduce modes, the empty-index early return, the value form and the casts the op_apis make. Included at the
// end of reference/aten_formulas.h (through the generated reference/family_formulas.inc). Needs ATen.
//
// Index values: ATen checks every index against the dimension it indexes and throws on one out of range; the
// reference library turns that into status 561000 of the second phase (aclrtSynchronizeStream) with ATen's message
// in aclGetRecentErrMsg - never an access outside the tensor. CANN documents the ranges (scatter: [0, size(dim) - 1];
// take: [-numel, numel - 1], negative counted from the end as its GatherV2 call's negativeIndexSupport says;
// index_select: [0, size(dim) - 1]), and a value outside them has no defined result on the NPU.
#pragma once

#include <ATen/ATen.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <tuple>
#include <stdexcept>
#include <string>
#include <vector>

namespace aclcpu {
namespace ref {

/// aclnnScatter / aclnnInplaceScatter / aclnnScatterAdd / aclnnScatterValue (index/scatter_elements_v2/op_api/
/// aclnn_scatter.cpp): ScatterElements with the reduction GetReduceStr names - 0 none (src's values written), 1 add,
/// 2 mul, 3 max, 4 min, 5 mean (the last three "experimental" in CANN's log; include_self true, as ATen's
/// scatter_reduce), any other value none (CANN's warning "reduce not in {0,1,2,3,4,5}, will use reduce=0").
/// An empty index returns self unchanged (ExecScatterBase's ViewCopy of self into out). FLOAT16 / BF16 with an
/// arithmetic reduction are computed in float32 and rounded once (the op_api casts BF16 to FLOAT on the products
/// without BF16 kernels; the AI Core kernels of the others accumulate in their own dtype - where several src
/// elements meet one position the NPU may round after each step). Every other dtype in its own (ATen's scatter on
/// the CPU). Several src elements with reduce 0 aimed at one position: ATen's last one, the NPU's unspecified.
inline at::Tensor IndexScatter(const at::Tensor& self, int64_t dim, const at::Tensor& index, const at::Tensor& src,
                               int64_t reduce) {
    if (index.numel() == 0) return self;
    const at::ScalarType t = self.scalar_type();
    const at::Tensor idx = index.to(at::kLong);
    const bool low = t == at::kHalf || t == at::kBFloat16;
    const bool arith = reduce >= 1 && reduce <= 5;
    const at::Tensor s = low && arith ? self.to(at::kFloat) : self;
    const at::Tensor u = low && arith ? src.to(at::kFloat) : src;
    at::Tensor r;
    switch (reduce) {
        case 1: r = at::scatter_add(s, dim, idx, u); break;
        case 2: r = at::scatter(s, dim, idx, u, "multiply"); break;
        case 3: r = at::scatter_reduce(s, dim, idx, u, "amax", true); break;
        case 4: r = at::scatter_reduce(s, dim, idx, u, "amin", true); break;
        case 5: r = at::scatter_reduce(s, dim, idx, u, "mean", true); break;
        default: r = at::scatter(s, dim, idx, u); break;
    }
    return r.to(t);
}

/// aclnnScatterValue / aclnnInplaceScatterValue: the value made a tensor of self's dtype (ConvertToTensor), broadcast
/// to index's shape (0-d for a 0-d self), then as IndexScatter.
inline at::Tensor IndexScatterValue(const at::Tensor& self, int64_t dim, const at::Tensor& index,
                                    const at::Scalar& value, int64_t reduce) {
    if (index.numel() == 0) return self;
    const at::Tensor v = at::scalar_tensor(value, at::TensorOptions().dtype(self.scalar_type()));
    const at::Tensor src = self.dim() == 0 ? v : v.expand(index.sizes()).contiguous();
    return IndexScatter(self, dim, index, src, reduce);
}

/// aclnnTake (index/gather_v2/op_api/aclnn_take.cpp): self flattened, GatherV2 along axis 0 with negative indices
/// counted from the end (negativeIndexSupport true) - ATen's take; out has index's shape. An empty self or index
/// runs nothing (first phase).
inline at::Tensor IndexTake(const at::Tensor& self, const at::Tensor& index) {
    return at::take(self, index.to(at::kLong));
}

/// aclnnIndexSelect (index/gather_v2/op_api/aclnn_index_select.cpp): GatherV2 / GatherV3 along dim - ATen's
/// index_select (a 0-d self or index taken as 1-d; a 0-d self gives a 0-d result).
inline at::Tensor IndexSelectOf(const at::Tensor& self, int64_t dim, const at::Tensor& index) {
    const at::Tensor idx = index.dim() == 0 ? index.reshape({1}).to(at::kLong) : index.to(at::kLong);
    if (self.dim() == 0) return at::index_select(self.reshape({1}), 0, idx).reshape({});
    return at::index_select(self, dim, idx);
}

}  // namespace ref
}  // namespace aclcpu

namespace aclcpu {
namespace ref {

/// aclnnGather (index/gather_elements_v2/op_host/op_api/aclnn_gather.cpp): GatherElements along dim - ATen's gather
/// (out[i][j] = self[index[i][j]][j] for dim 0); index values in [0, self.size(dim) - 1].
inline at::Tensor IndexGather(const at::Tensor& self, int64_t dim, const at::Tensor& index) {
    return at::gather(self, dim, index.to(at::kLong));
}

/// Negative positions counted from the end of a dim of `size` (GatherV2's negativeIndexSupport); a position still
/// outside [0, size) is left for ATen's range check.
inline at::Tensor WrapNegative(const at::Tensor& index, int64_t size) {
    const at::Tensor idx = index.to(at::kLong);
    return at::where(idx < 0, idx + size, idx);
}

/// aclnnGatherV2 (index/gather_v2/op_api/aclnn_gather_v2.cpp): GatherV2 along dim with negativeIndexSupport - out's
/// shape self's dims before dim, index's shape (a 0-d index as [1]), self's dims after dim; index values in
/// [-size(dim), size(dim) - 1]. ATen's index_select over the flattened, wrapped index, reshaped.
inline at::Tensor IndexGatherV2(const at::Tensor& self, int64_t dim, const at::Tensor& index) {
    const at::Tensor s = self.dim() == 0 ? self.reshape({1}) : self;
    const int64_t d = dim < 0 ? dim + s.dim() : dim;
    const at::Tensor idx = WrapNegative(index, s.size(d)).reshape({-1});
    std::vector<int64_t> shape(s.sizes().begin(), s.sizes().begin() + d);
    if (index.dim() == 0) {
        shape.push_back(1);
    } else {
        shape.insert(shape.end(), index.sizes().begin(), index.sizes().end());
    }
    shape.insert(shape.end(), s.sizes().begin() + d + 1, s.sizes().end());
    const at::Tensor r = at::index_select(s, d, idx).reshape(shape);
    return self.dim() == 0 ? r.reshape({}) : r;
}

/// aclnnEmbedding (index/embedding/op_api/aclnn_embedding.cpp): GatherV2 of weight's rows (axis 0, negative
/// positions not supported) - out[..., :] = weight[indices[...], :]; indices in [0, weight.size(0) - 1].
inline at::Tensor IndexEmbedding(const at::Tensor& weight, const at::Tensor& indices) {
    std::vector<int64_t> shape(indices.sizes().begin(), indices.sizes().end());
    shape.insert(shape.end(), weight.sizes().begin() + 1, weight.sizes().end());
    return at::index_select(weight, 0, indices.to(at::kLong).reshape({-1})).reshape(shape);
}

}  // namespace ref
}  // namespace aclcpu

namespace aclcpu {
namespace ref {

/// aclnnInplaceMaskedScatter (index/masked_scatter/op_api/aclnn_masked_scatter.cpp): where mask (UINT8 or BOOL,
/// broadcast to self's shape) is set, self's elements in row-major order take source's elements in order - ATen's
/// masked_scatter. A source with fewer elements than mask has set fails the second phase (561000).
inline at::Tensor IndexMaskedScatter(const at::Tensor& self, const at::Tensor& mask, const at::Tensor& source) {
    return at::masked_scatter(self, mask.to(at::kBool), source);
}

}  // namespace ref
}  // namespace aclcpu

namespace aclcpu {
namespace ref {

/// aclnnScatterNd (index/scatter_nd/op_api/aclnn_scatter_nd.cpp): ScatterNdUpdate on a copy of data - with K =
/// indices.shape[-1], out[indices[i..., 0], ..., indices[i..., K-1], ...] = updates[i..., ...] (ATen's index_put,
/// no accumulation). Positions must lie in [0, data.size(k) - 1]: a negative one is refused here (ATen's index_put
/// would count it from the end; CANN documents no negative positions) and a too large one by ATen - both 561000 in
/// the second phase. Positions named twice: ATen's last update, unspecified on the NPU.
inline at::Tensor IndexScatterNd(const at::Tensor& data, const at::Tensor& indices, const at::Tensor& updates) {
    const int64_t k = indices.size(-1);
    std::vector<int64_t> tail(data.sizes().begin() + k, data.sizes().end());
    std::vector<int64_t> ushape = {-1};
    ushape.insert(ushape.end(), tail.begin(), tail.end());
    const at::Tensor upd = updates.reshape(ushape);
    if (k == 0) {  // each update replaces all of data; the last one stays
        return upd.size(0) == 0 ? data.clone() : upd[upd.size(0) - 1].clone();
    }
    const at::Tensor idx = indices.to(at::kLong).reshape({-1, k});
    if (idx.numel() > 0 && idx.lt(0).any().item<bool>()) {
        throw std::runtime_error("aclnnScatterNd: a negative position in indices (positions lie in [0, size - 1])");
    }
    c10::List<c10::optional<at::Tensor>> list;
    for (int64_t j = 0; j < k; ++j) list.push_back(c10::optional<at::Tensor>(idx.select(1, j)));
    return at::index_put(data, list, upd, false);
}

}  // namespace ref
}  // namespace aclcpu

namespace aclcpu {
namespace ref {

/// The sort the op_apis of Kthvalue / Median run: ascending and stable along dim (NaN last, as ATen's sort orders
/// it); FLOAT16 / BF16 sorted as float32 (exact, the order unchanged).
inline std::tuple<at::Tensor, at::Tensor> StableSortAlong(const at::Tensor& s, int64_t d) {
    const at::ScalarType t = s.scalar_type();
    const at::Tensor w = (t == at::kHalf || t == at::kBFloat16) ? s.to(at::kFloat) : s;
    return at::sort(w, /*stable=*/true, d, /*descending=*/false);
}

/// aclnnKthvalue (index/gather_v2/op_api/aclnn_kthvalue.cpp): the k-th smallest along dim and its position - the
/// element at k - 1 of a stable ascending sort (so among equal values the first one's position; ATen's kthvalue
/// picks any). A 0-d self is read as [1].
inline std::tuple<at::Tensor, at::Tensor> IndexKthvalue(const at::Tensor& self, int64_t k, int64_t dim, bool keepdim) {
    const bool scalar = self.dim() == 0;
    const at::Tensor s = scalar ? self.reshape({1}) : self;
    const int64_t d = dim < 0 ? dim + s.dim() : dim;
    const auto sorted = StableSortAlong(s, d);
    at::Tensor v = std::get<0>(sorted).narrow(d, k - 1, 1).to(self.scalar_type());
    at::Tensor i = std::get<1>(sorted).narrow(d, k - 1, 1);
    if (scalar) return std::make_tuple(v.reshape({}), i.reshape({}));
    if (!keepdim) {
        v = v.squeeze(d);
        i = i.squeeze(d);
    }
    return std::make_tuple(v, i);
}

/// aclnnMedianDim / aclnnNanMedianDim (index/gather_v2/op_api/aclnn_median.cpp): a stable ascending sort along dim.
/// MedianDim: the element at (n - 1) / 2 and its position; for FLOAT / FLOAT16 / BF16 a row holding NaN (its last
/// sorted element NaN) gives NaN and the position of its first NaN (GetFirstNanIndices). NanMedianDim: the element at
/// (k - 1) / 2 with k the row's count of non-NaN values (truncating division), so NaN only for a row of NaN. A 0-d
/// self gives itself and position 0.
inline std::tuple<at::Tensor, at::Tensor> IndexMedianDim(const at::Tensor& self, int64_t dim, bool keepdim,
                                                         bool ignore_nan) {
    const bool scalar = self.dim() == 0;
    const at::Tensor s = scalar ? self.reshape({1}) : self;
    const int64_t d = dim < 0 ? dim + s.dim() : dim;
    const auto sorted = StableSortAlong(s, d);
    const at::Tensor& values = std::get<0>(sorted);
    const at::Tensor& indices = std::get<1>(sorted);
    const int64_t n = s.size(d);
    const bool floating = at::isFloatingType(s.scalar_type());
    at::Tensor v, i;
    if (ignore_nan) {
        const at::Tensor k = floating ? at::logical_not(at::isnan(values)).sum(d, true, at::kLong)
                                      : at::full_like(values.narrow(d, 0, 1), n, at::kLong);
        const at::Tensor pos = at::div(k - 1, 2, "trunc").clamp_min(0);
        v = values.gather(d, pos);
        i = indices.gather(d, pos);
    } else {
        const int64_t pos = (n - 1) / 2;
        v = values.narrow(d, pos, 1);
        i = indices.narrow(d, pos, 1);
        if (floating) {
            const at::Tensor has_nan = at::isnan(values.narrow(d, n - 1, 1));
            std::vector<int64_t> along(static_cast<size_t>(s.dim()), 1);
            along[static_cast<size_t>(d)] = n;
            const at::Tensor where = at::arange(n, at::kLong).reshape(along).expand(s.sizes());
            const at::Tensor first_nan =
                at::where(at::isnan(s), where, at::full({}, n - 1, at::kLong)).amin(d, true);
            v = at::where(has_nan, at::full({}, std::numeric_limits<double>::quiet_NaN(), v.options()), v);
            i = at::where(has_nan, first_nan, i);
        }
    }
    v = v.to(self.scalar_type());
    if (scalar) return std::make_tuple(v.reshape({}), i.reshape({}));
    if (!keepdim) {
        v = v.squeeze(d);
        i = i.squeeze(d);
    }
    return std::make_tuple(v, i);
}

/// aclnnMedian / aclnnNanMedian: the same over self flattened, one value. An empty self fills out (DealMedianEmptyTensor):
/// Median with INT64's or INT32's smallest value, NaN for FLOAT / FLOAT16 / BF16, 0 otherwise; NanMedian with NaN
/// (converted to out's dtype by CANN's ConvertToTensor; here 0 for the integer dtypes, whose conversion of NaN is
/// not defined).
inline at::Tensor IndexMedianAll(const at::Tensor& self, bool ignore_nan) {
    const at::ScalarType t = self.scalar_type();
    if (self.numel() == 0) {
        const at::TensorOptions o = at::TensorOptions().dtype(t);
        if (at::isFloatingType(t)) return at::full({}, std::numeric_limits<double>::quiet_NaN(), o);
        if (!ignore_nan && t == at::kLong) return at::full({}, std::numeric_limits<int64_t>::min(), o);
        if (!ignore_nan && t == at::kInt) return at::full({}, std::numeric_limits<int32_t>::min(), o);
        return at::zeros({}, o);
    }
    return std::get<0>(IndexMedianDim(self.reshape({-1}), 0, false, ignore_nan));
}

}  // namespace ref
}  // namespace aclcpu

namespace aclcpu {
namespace ref {

/// The repeat counts as the kernel reads them (INT32 / INT64, a 0-d repeats as one count).
inline at::Tensor RepeatCounts(const at::Tensor& repeats) { return repeats.reshape({-1}).to(at::kLong); }

/// The result's size along the axis must be outputSize (the caller's promise: the repeats' sum, or the element count
/// times a single repeat); another sum fails the second phase (561000) - the NPU's kernel writes outputSize elements
/// whatever the sum.
inline at::Tensor RepeatChecked(const at::Tensor& r, int64_t axis, int64_t outputSize) {
    if (r.size(axis) != outputSize) {
        throw std::runtime_error("repeat_interleave: the repeats sum to " + std::to_string(r.size(axis)) +
                                 " along the axis, but outputSize is " + std::to_string(outputSize));
    }
    return r;
}

/// ATen's repeat_interleave of x along axis by the counts (one count: every element the same; negative counts
/// refused by ATen).
inline at::Tensor RepeatAlong(const at::Tensor& x, const at::Tensor& counts, int64_t axis) {
    if (counts.numel() == 1) return at::repeat_interleave(x, counts.item<int64_t>(), axis);
    return at::repeat_interleave(x, counts, axis);
}

/// aclnnRepeatInterleave (aclnn_repeat_interleave.cpp): self flattened, each element repeated by its count (one count:
/// all alike). outputSize equal to self's element count with one count is the op_api's flat copy, whatever the count.
inline at::Tensor IndexRepeatInterleave(const at::Tensor& self, const at::Tensor& repeats, int64_t outputSize) {
    const at::Tensor flat = self.reshape({-1});
    const at::Tensor counts = RepeatCounts(repeats);
    if (outputSize == flat.numel() && counts.numel() == 1) return flat;
    return RepeatChecked(RepeatAlong(flat, counts, 0), 0, outputSize);
}

/// aclnnRepeatInterleaveWithDim: along dim; outputSize 0 runs nothing (out returned as it is).
inline at::Tensor IndexRepeatInterleaveWithDim(const at::Tensor& self, const at::Tensor& repeats, int64_t dim,
                                               int64_t outputSize, const at::Tensor& out) {
    if (outputSize == 0) return out;
    const int64_t axis = dim < 0 ? dim + self.dim() : dim;
    return RepeatChecked(RepeatAlong(self, RepeatCounts(repeats), axis), axis, outputSize);
}

/// aclnnRepeatInterleaveInt: self flattened, each element repeats times (1: the flat copy).
inline at::Tensor IndexRepeatInterleaveInt(const at::Tensor& self, int64_t repeats, int64_t outputSize) {
    const at::Tensor flat = self.reshape({-1});
    if (repeats == 1) return flat;
    return RepeatChecked(at::repeat_interleave(flat, repeats, 0), 0, outputSize);
}

/// aclnnRepeatInterleaveIntWithDim: along dim (outputSize 0: nothing; repeats 1: self copied).
inline at::Tensor IndexRepeatInterleaveIntWithDim(const at::Tensor& self, int64_t repeats, int64_t dim,
                                                  int64_t outputSize, const at::Tensor& out) {
    if (outputSize == 0) return out;
    if (repeats == 1) return self;
    const int64_t axis = dim < 0 ? dim + self.dim() : dim;
    return RepeatChecked(at::repeat_interleave(self, repeats, axis), axis, outputSize);
}

/// aclnnRepeatInterleaveTensor: the positions 0 .. n-1 each repeated by its count (torch.repeat_interleave(repeats)),
/// in repeats' dtype (INT32 computed as INT64 and cast back, as the op_api does).
inline at::Tensor IndexRepeatInterleaveTensor(const at::Tensor& repeats, int64_t outputSize) {
    return RepeatChecked(at::repeat_interleave(RepeatCounts(repeats)), 0, outputSize).to(repeats.scalar_type());
}

}  // namespace ref
}  // namespace aclcpu

namespace aclcpu {
namespace ref {

/// aclnnIndexFill / aclnnInplaceIndexFill (index/index_fill_d/op_api/aclnn_index_fill.cpp; the API page: "negative
/// values supported, out-of-range values skipped"): positions along dim in [-size, size - 1] (negative counted from the
/// end) take value (converted to self's dtype, ConvertToTensor), others are skipped; an empty index copies self. A 0-d
/// self is read as [1].
inline at::Tensor IndexFillOf(const at::Tensor& self, int64_t dim, const at::Tensor& index, const at::Scalar& value) {
    if (index.numel() == 0) return self;
    const at::Tensor s = self.dim() == 0 ? self.reshape({1}) : self;
    const int64_t d = dim < 0 ? dim + s.dim() : dim;
    const int64_t n = s.size(d);
    at::Tensor idx = index.reshape({-1}).to(at::kLong);
    idx = idx.masked_select(idx.ge(-n).logical_and(idx.lt(n)));
    idx = at::where(idx < 0, idx + n, idx);
    const at::Tensor v = at::scalar_tensor(value, at::TensorOptions().dtype(self.scalar_type()));
    return at::index_fill(s, d, idx, v).reshape(self.sizes());
}

/// aclnnIndexFillTensor / aclnnInplaceIndexFillTensor (aclnn_index_fill_tensor.cpp): the positions an aclIntArray
/// (checked in range by the first phase) take value; the op_api's IndexFillD path fills value->ToFloat() (float32)
/// cast to self's dtype, as here (the Ascend 950's AI Core path converts the value directly; the two differ for
/// values float32 cannot hold, e.g. INT64 beyond 2^24).
inline at::Tensor IndexFillTensorOf(const at::Tensor& self, int64_t dim, at::IntArrayRef index,
                                    const at::Scalar& value) {
    const at::Tensor idx = at::tensor(std::vector<int64_t>(index.begin(), index.end()), at::kLong);
    const double f = static_cast<double>(static_cast<float>(value.toDouble()));
    return IndexFillOf(self, dim, idx, at::Scalar(f));
}

}  // namespace ref
}  // namespace aclcpu

namespace aclcpu {
namespace ref {

/// aclnnInplacePut (index/scatter_nd_update/op_api/aclnn_put.cpp): self read flat, source's elements written (or,
/// with accumulate, added: ScatterNdAdd) at the flat positions index gives - ScatterNdUpdate / ScatterNdAdd with
/// K = 1, so positions in [0, numel - 1] (a negative one refused, 561000). FLOAT16 / BF16 sums in float32.
inline at::Tensor IndexPut(const at::Tensor& self, const at::Tensor& index, const at::Tensor& source, bool accumulate) {
    const at::ScalarType t = self.scalar_type();
    const bool low = accumulate && (t == at::kHalf || t == at::kBFloat16);
    const at::Tensor flat = (low ? self.to(at::kFloat) : self).reshape({-1});
    const at::Tensor src = (low ? source.to(at::kFloat) : source).reshape({-1});
    const at::Tensor idx = index.to(at::kLong).reshape({-1});
    if (idx.numel() > 0 && idx.lt(0).any().item<bool>()) {
        throw std::runtime_error("aclnnInplacePut: a negative position in index (positions lie in [0, numel - 1])");
    }
    c10::List<c10::optional<at::Tensor>> list;
    list.push_back(c10::optional<at::Tensor>(idx));
    return at::index_put(flat, list, src, accumulate).reshape(self.sizes()).to(t);
}

}  // namespace ref
}  // namespace aclcpu

namespace aclcpu {
namespace ref {

/// aclnnFlip (index/reverse_v2/op_api/aclnn_flip.cpp): ReverseV2 over the dims - ATen's flip (a 0-d self as it is).
inline at::Tensor IndexFlip(const at::Tensor& self, at::IntArrayRef dims) {
    if (self.dim() == 0) return self;
    return at::flip(self, dims);
}

}  // namespace ref
}  // namespace aclcpu

namespace aclcpu {
namespace ref {

/// aclnnScatterReduce / aclnnInplaceScatterReduce (aclnn_scatter.cpp ExecScatterReduceGetWorkspaceSize): as
/// IndexScatter with includeSelf - reduce 1 "sum", 2 "prod", 3 "amax", 4 "amin", 5 "mean" through ATen's
/// scatter_reduce(include_self) (positions src reaches start from src alone when includeSelf is false), 0 replaces.
inline at::Tensor IndexScatterReduce(const at::Tensor& self, int64_t dim, const at::Tensor& index,
                                     const at::Tensor& src, int64_t reduce, bool includeSelf) {
    if (index.numel() == 0) return self;
    if (reduce < 1 || reduce > 5) return IndexScatter(self, dim, index, src, 0);
    static const char* const names[] = {"", "sum", "prod", "amax", "amin", "mean"};
    const at::ScalarType t = self.scalar_type();
    const bool low = t == at::kHalf || t == at::kBFloat16;
    const at::Tensor s = low ? self.to(at::kFloat) : self;
    const at::Tensor u = low ? src.to(at::kFloat) : src;
    return at::scatter_reduce(s, dim, index.to(at::kLong), u, names[reduce], includeSelf).to(t);
}

}  // namespace ref
}  // namespace aclcpu

namespace aclcpu {
namespace ref {

/// aclnnInverse (index/matrix_inverse/op_host/op_api/aclnn_inverse.cpp): MatrixInverse of each trailing square
/// matrix, FLOAT16 cast to FLOAT first (the op_api's Cast), the result cast to out's dtype by the writer - ATen's
/// linalg_inv (LU with partial pivoting; the kernel's algorithm is not public). A singular matrix fails the second
/// phase (561000, ATen's message); the NPU's result there is not documented.
inline at::Tensor IndexInverse(const at::Tensor& self) {
    const at::Tensor x = self.scalar_type() == at::kHalf ? self.to(at::kFloat) : self;
    return at::linalg_inv(x);
}

}  // namespace ref
}  // namespace aclcpu

namespace aclcpu {
namespace ref {

/// aclnnGatherNd (index/gather_nd/op_api/aclnn_gather_nd.cpp): with K = indices.shape[-1], out[i...] =
/// self[indices[i..., 0], ..., indices[i..., K-1], ...] - ATen's index with one index tensor per leading dim. A
/// negative position counts from the end with negativeIndexSupport, else it is refused (561000, as a position beyond
/// the dim is by ATen).
inline at::Tensor IndexGatherNd(const at::Tensor& self, const at::Tensor& indices, bool negativeIndexSupport) {
    const int64_t k = indices.size(-1);
    const at::Tensor idx = indices.to(at::kLong).reshape({-1, k});
    c10::List<c10::optional<at::Tensor>> list;
    for (int64_t j = 0; j < k; ++j) {
        at::Tensor col = idx.select(1, j);
        if (negativeIndexSupport) {
            col = WrapNegative(col, self.size(j));
        } else if (col.numel() > 0 && col.lt(0).any().item<bool>()) {
            throw std::runtime_error("aclnnGatherNd: a negative position in indices without negativeIndexSupport");
        }
        list.push_back(c10::optional<at::Tensor>(col));
    }
    std::vector<int64_t> shape(indices.sizes().begin(), indices.sizes().end() - 1);
    shape.insert(shape.end(), self.sizes().begin() + k, self.sizes().end());
    return at::index(self, list).reshape(shape);
}

/// aclnnIndexAdd (index/inplace_scatter_add/op_host/op_api/aclnn_index_add.cpp): out = self with alpha * source's
/// slices added at the positions index gives along dim (torch.index_add). A 0-d index or source counts as [1], a 0-d
/// self as [1] along dim 0. alpha is converted to self's dtype (ConvertToTensor) for every dtype but FLOAT16 / BF16,
/// which are computed in float32 with alpha in float32 and rounded once (the op_api's BF16 cast to FLOAT and its
/// FLOAT alpha on the sorted-index path; the NPU's FLOAT16 AI Core path takes alpha in FLOAT16 and adds in FLOAT16,
/// which may round differently where several indices meet). BOOL adds as a logical or. Empty self or source: the
/// first phase returns before (nothing written).
inline at::Tensor IndexAddFormula(const at::Tensor& self, int64_t dim, const at::Tensor& index, const at::Tensor& source,
                                  const at::Scalar& alpha) {
    const at::ScalarType t = self.scalar_type();
    const at::Tensor idx = index.reshape({-1}).to(at::kLong);
    const bool scalar_self = self.dim() == 0;
    const at::Tensor s = scalar_self ? self.reshape({1}) : self;
    const at::Tensor src = source.dim() == 0 ? source.reshape({1}) : (scalar_self ? source.reshape({-1}) : source);
    const int64_t d = scalar_self ? 0 : dim;
    at::Tensor r;
    if (t == at::kHalf || t == at::kBFloat16) {
        r = at::index_add(s.to(at::kFloat), d, idx, src.to(at::kFloat), alpha.toFloat()).to(t);
    } else if (t == at::kBool) {
        const bool a = at::scalar_tensor(alpha, at::kBool).item<bool>();
        r = at::index_add(s.to(at::kLong), d, idx, src.to(at::kLong), a ? 1 : 0).ne(0);
    } else {
        const at::Scalar a = at::scalar_tensor(alpha, at::TensorOptions().dtype(t)).item();
        r = at::index_add(s, d, idx, src, a);
    }
    return scalar_self ? r.reshape({}) : r;
}

/// aclnnIndexCopy / aclnnInplaceIndexCopy (index/scatter_update/op_api/aclnn_index_copy.cpp): out = self with
/// source's slices written at the positions index gives along dim (torch.index_copy); every dtype in its own
/// (a selection). A 0-d self, index or source counts as [1] (ContiguousAndReshapeParams, dim 0 for a 0-d self). Two
/// equal indices: ATen's last write wins, the NPU's order is unspecified. Empty self or index: the first phase
/// returns before (nothing written).
inline at::Tensor IndexCopyFormula(const at::Tensor& self, int64_t dim, const at::Tensor& index, const at::Tensor& source) {
    const at::Tensor idx = index.reshape({-1}).to(at::kLong);
    if (self.dim() == 0) return self.reshape({1}).index_copy(0, idx, source.reshape({-1})).reshape({});
    const at::Tensor src = source.dim() == 0 ? source.reshape(std::vector<int64_t>(self.dim(), 1)) : source;
    return self.index_copy(dim, idx, src);
}

/// aclnnEmbeddingDenseBackward (index/embedding_dense_grad_v2/op_api/aclnn_embedding_dense_backward.cpp): the gradient
/// of an embedding lookup - out[numWeights, D] zero, grad's rows added at the rows indices name (flattened), a row
/// equal to paddingIdx skipped, each row scaled by 1 / (its index's count) with scaleGradByFreq (ATen's
/// embedding_dense_backward). indices of any listed dtype are converted to INT64 (truncation toward zero, as the
/// op_api's casts to INT32 / INT64); paddingIdx, a uint64_t, is compared as int64_t (UINT64_MAX is -1: no padding
/// row, ATen's convention). FLOAT16 / BF16 gradients are summed in float32 and rounded once (the op_api casts grad to
/// FLOAT on its summing paths; on the Ascend 950 it keeps the dtype). Index values must lie in [0, numWeights - 1]:
/// another fails the second phase with 561000. An empty grad or indices gives zeros (the op_api's ZerosLike).
inline at::Tensor EmbeddingDenseBackwardFormula(const at::Tensor& grad, const at::Tensor& indices, int64_t numWeights,
                                                int64_t paddingIdx, bool scaleGradByFreq) {
    const at::ScalarType t = grad.scalar_type();
    const at::Tensor g = t == at::kHalf || t == at::kBFloat16 ? grad.to(at::kFloat) : grad;
    const int64_t d = grad.size(-1);
    if (grad.numel() == 0 || indices.numel() == 0) return at::zeros({numWeights, d}, g.options());
    const at::Tensor idx = indices.to(at::kLong).reshape({-1});
    return at::embedding_dense_backward(g.reshape({-1, d}), idx, numWeights, paddingIdx, scaleGradByFreq);
}

/// aclnnGatherV3 (index/gather_v2/op_api/aclnn_gather_v3.cpp: GatherV2 with batch dims, TensorFlow's gather): out =
/// self's slices along dim picked by index, batch by batch over the leading batchDims dims - out[b..., p..., q...,
/// r...] = self[b..., p..., index[b..., q...], r...]; out's shape self's dims before dim, index's dims after the batch
/// dims, self's dims after dim. A selection: every dtype exact. A 0-d self is returned as it is; a 0-d index counts
/// as one position. Index values must lie in [0, self.size(dim) - 1]: another fails the second phase with 561000 (the
/// NPU's mode 2 bounds behaviour is not emulated). mode (the op_api's precision / performance choice) does not change
/// a selection.
inline at::Tensor GatherV3Formula(const at::Tensor& self, int64_t dim, const at::Tensor& index, int64_t batchDims) {
    if (self.dim() == 0) return self;
    const int64_t n = self.dim();
    const int64_t d = dim < 0 ? dim + n : dim;
    const int64_t r = index.dim() == 0 ? 1 : index.dim();
    const int64_t b = batchDims < 0 ? batchDims + r : batchDims;
    int64_t B = 1, P = 1, R = 1, Q = 1;
    for (int64_t i = 0; i < b; ++i) B *= self.size(i);
    for (int64_t i = b; i < d; ++i) P *= self.size(i);
    for (int64_t i = d + 1; i < n; ++i) R *= self.size(i);
    for (int64_t i = b; i < index.dim(); ++i) Q *= index.size(i);
    const at::Tensor s4 = self.reshape({B, P, self.size(d), R});
    const at::Tensor i4 = index.to(at::kLong).reshape({B, 1, Q, 1}).expand({B, P, Q, R});
    std::vector<int64_t> shape(self.sizes().begin(), self.sizes().begin() + d);
    for (int64_t i = b; i < index.dim(); ++i) shape.push_back(index.size(i));
    for (int64_t i = d + 1; i < n; ++i) shape.push_back(self.size(i));
    return at::gather(s4, 2, i4).reshape(shape);
}

/// aclnnMaxUnpool2dBackward (index/gather_elements/op_api/aclnn_max_unpool2d_backward.cpp): the gradient of
/// max_unpool2d - out[n, c, h, w] = gradOutput[n, c, indices[n, c, h, w]] over gradOutput's flattened H x W plane
/// (GatherElements along dim 2 of [N, C, oH * oW]), cast to out's dtype. A selection: exact. Index values must lie in
/// [0, oH * oW - 1]: another fails the second phase with 561000. An empty self: the first phase returns before.
inline at::Tensor MaxUnpool2dBackwardFormula(const at::Tensor& gradOutput, const at::Tensor& self,
                                             const at::Tensor& indices) {
    const bool chw = self.dim() == 3;
    const int64_t n = chw ? 1 : self.size(0);
    const int64_t c = chw ? self.size(0) : self.size(1);
    const at::Tensor g = gradOutput.reshape({n, c, -1});
    const at::Tensor i = indices.to(at::kLong).reshape({n, c, -1});
    return at::gather(g, 2, i).reshape(self.sizes());
}

/// aclnnRepeatInterleaveGrad (index/repeat_interleave_grad; docs/aclnnRepeatInterleaveGrad.md): the gradient of
/// repeat_interleave - yGrad's positions along axis summed in consecutive groups of repeats[i] positions (one repeat
/// value: groups of that size over the whole axis), the result laid into out's shape (any shape of the same element
/// count, as documented). FLOAT16 / BF16 summed in float32 and rounded once; the kernel's order is its own. Repeats
/// whose sum (or a single repeat that does not divide the axis) does not match yGrad's axis, a negative repeat, or an
/// out of another element count fail the second phase with 561000 (the values are data). An empty yGrad or out:
/// nothing written (out returned).
inline at::Tensor RepeatInterleaveGradFormula(const at::Tensor& yGrad, const at::Tensor& repeats, int64_t axis,
                                              const at::Tensor& out) {
    if (yGrad.numel() == 0 || out.numel() == 0) return out;  // the first phase's early return: nothing written
    const at::ScalarType t = yGrad.scalar_type();
    at::Tensor y = t == at::kHalf || t == at::kBFloat16 ? yGrad.to(at::kFloat) : yGrad;
    if (y.dim() == 0) y = y.reshape({1});
    const int64_t a = axis < 0 ? axis + y.dim() : axis;
    const int64_t len = y.size(a);
    at::Tensor rep = repeats.to(at::kLong).reshape({-1});
    if (rep.numel() == 1) {
        const int64_t r = rep.item<int64_t>();
        if (r <= 0 || len % r != 0) {
            throw std::invalid_argument("aclnnRepeatInterleaveGrad: the repeat " + std::to_string(r) +
                                        " does not divide yGrad's axis size " + std::to_string(len));
        }
        rep = at::full({len / r}, r, at::kLong);
    }
    if ((rep < 0).any().item<bool>() || rep.sum().item<int64_t>() != len) {
        throw std::invalid_argument("aclnnRepeatInterleaveGrad: the repeats must be non-negative and sum to yGrad's "
                                    "axis size " + std::to_string(len));
    }
    const at::Tensor seg = at::repeat_interleave(at::arange(rep.numel(), at::kLong), rep);
    std::vector<int64_t> shape = y.sizes().vec();
    shape[static_cast<size_t>(a)] = rep.numel();
    const at::Tensor r = at::zeros(shape, y.options()).index_add_(a, seg, y);
    if (r.numel() != out.numel()) {
        throw std::invalid_argument("aclnnRepeatInterleaveGrad: out holds " + std::to_string(out.numel()) +
                                    " elements, the result " + std::to_string(r.numel()));
    }
    return r.reshape(out.sizes());
}

/// aclnnTfScatterAdd (index/tf_scatter_add/op_host/op_api/aclnn_tf_scatter_add.cpp): TensorFlow's scatter_add in place
/// - where updates has indices' dims then varRef's dims after the first (CheckShapeForScatterAdd) and the ScatterNd
/// rule does not also hold, varRef[indices[i...], ...] += updates[i..., ...]; where the ScatterNd rule holds (the
/// op_api's first choice), varRef[indices[i..., 0], ..., indices[i..., K-1], ...] += updates[i..., ...]. ATen's
/// index_put with accumulation. FLOAT16 / BF16 summed in float32 and rounded once (the op_api casts BF16 to FLOAT; the
/// FLOAT16 kernels accumulate in FLOAT16 with atomics, so the NPU may round after each of several indices meeting one
/// position, in an unspecified order); integers in their own dtype. Index values must lie in [0, size - 1]: a
/// larger one fails the second phase with 561000 (a negative one is counted from the end by ATen; CANN documents no
/// meaning for it).
inline at::Tensor TfScatterAddFormula(const at::Tensor& varRef, const at::Tensor& indices, const at::Tensor& updates) {
    const at::ScalarType t = varRef.scalar_type();
    const bool low = t == at::kHalf || t == at::kBFloat16;
    const at::Tensor v = low ? varRef.to(at::kFloat) : varRef.clone();
    const at::Tensor u = low ? updates.to(at::kFloat) : updates;
    const at::Tensor idx = indices.to(at::kLong);
    bool nd = idx.dim() >= 1 && idx.size(-1) <= v.dim();
    if (nd) {
        const int64_t k = idx.size(-1);
        nd = updates.dim() == idx.dim() - 1 + v.dim() - k;
        for (int64_t i = 0; nd && i + 1 < idx.dim(); ++i) nd = updates.size(i) == idx.size(i);
        for (int64_t i = 0; nd && i < v.dim() - k; ++i) nd = updates.size(i + idx.dim() - 1) == v.size(i + k);
    }
    c10::List<c10::optional<at::Tensor>> list;
    if (nd) {
        for (int64_t k = 0; k < idx.size(-1); ++k) list.push_back(c10::optional<at::Tensor>(idx.select(-1, k)));
    } else {
        list.push_back(c10::optional<at::Tensor>(idx));
    }
    return at::index_put(v, list, u, true).to(t);
}

/// aclnnMaxUnpool3dBackward (index/gather_elements/op_api/aclnn_max_unpool3d_backward.cpp): out[n, c, d, h, w] =
/// gradOutput[n, c] flattened over oT x oH x oW at indices[n, c, d, h, w] (GatherElements along dim 2 of
/// [N, C, oT * oH * oW]; a 4-D self is [N, D, H, W] with C = 1, as CalcMaxUnpool3dGradInputNewShape reads it). A
/// selection: exact. stride and padding are checked only. Index values must lie in [0, oT * oH * oW - 1]: another
/// fails the second phase with 561000. An empty gradOutput: the first phase returns before.
inline at::Tensor MaxUnpool3dBackwardFormula(const at::Tensor& gradOutput, const at::Tensor& self,
                                             const at::Tensor& indices) {
    const int64_t n = self.size(0);
    const int64_t c = self.dim() == 5 ? self.size(1) : 1;
    const at::Tensor g = gradOutput.reshape({n, c, -1});
    const at::Tensor i = indices.to(at::kLong).reshape({n, c, -1});
    return at::gather(g, 2, i).reshape(self.sizes());
}

}  // namespace ref
}  // namespace aclcpu

namespace aclcpu {
namespace ref {

/// aclnnIndex (index/index/op_api/aclnn_index.cpp): self indexed by the list, an empty index tensor standing for
/// "every position of that dim" (ProcessIndicesAndMasks' mask 0) - PyTorch's advanced indexing self[indices], which
/// CANN's Index kernels (AI Core and AI CPU) compute; a selection, exact. INT32 indices widened to INT64 (ATen 1.13
/// indexes with INT64, BOOL or UINT8 only). A 0-d self is the result itself (CANN's isOutEqualSelf). An empty self or
/// out: `out` itself (CANN returns before planning anything). Index values outside [-size, size) and a result of
/// another element count than out's (a BOOL index's data-dependent shape) fail the second phase with 561000.
inline at::Tensor IndexOf(const at::Tensor& self, const std::vector<at::Tensor>& indices, const at::Tensor& out) {
    if (self.numel() == 0 || out.numel() == 0) return out;
    if (self.dim() == 0) return self;
    c10::List<c10::optional<at::Tensor>> list;
    for (const at::Tensor& t : indices) {
        if (t.numel() == 0) {
            list.push_back(c10::nullopt);
        } else if (t.scalar_type() == at::kInt) {
            list.push_back(t.to(at::kLong));
        } else {
            list.push_back(t);
        }
    }
    at::Tensor r = at::index(self, list);
    if (r.numel() != out.numel()) {
        throw std::runtime_error("aclnnIndex: the result has shape " + std::string(c10::str(r.sizes())) +
                                 ", out has shape " + std::string(c10::str(out.sizes())));
    }
    return r;
}

}  // namespace ref
}  // namespace aclcpu

namespace aclcpu {
namespace ref {

/// aclnnIndexPutImpl (index/index_put_v2/op_api/aclnn_index_put_impl.cpp): selfRef[indices] = values (accumulate:
/// +=, repeated positions summed), an empty index tensor standing for every position of its dim - PyTorch's
/// index_put_, which CANN's IndexPut kernels compute. With accumulate, FLOAT16 / BF16 are summed in FLOAT and INT8 /
/// UINT8 in INT32, rounded (wrapped) once into selfRef's dtype, as the op_api's high-precision path casts them
/// (Ascend 950; our choice on the other products too). Without accumulate, a position given twice takes one of its
/// values (ATen's last; unspecified on the NPU). An empty selfRef or values, or no non-empty index: selfRef itself,
/// unchanged. Index values outside [-size, size) and values that do not broadcast to the indexed shape fail the
/// second phase with 561000.
inline at::Tensor IndexPutOf(const at::Tensor& selfRef, const std::vector<at::Tensor>& indices,
                             const at::Tensor& values, bool accumulate) {
    if (selfRef.numel() == 0 || values.numel() == 0) return selfRef;
    c10::List<c10::optional<at::Tensor>> list;
    bool any = false;
    for (const at::Tensor& t : indices) {
        if (t.numel() == 0) {
            list.push_back(c10::nullopt);
        } else {
            any = true;
            list.push_back(t.scalar_type() == at::kInt ? t.to(at::kLong) : t);
        }
    }
    if (!any) return selfRef;
    at::ScalarType work = selfRef.scalar_type();
    if (accumulate && (work == at::kHalf || work == at::kBFloat16)) work = at::kFloat;
    if (accumulate && (work == at::kChar || work == at::kByte)) work = at::kInt;
    at::Tensor r = selfRef.to(work, /*non_blocking=*/false, /*copy=*/true);
    r.index_put_(list, values.to(work), accumulate);
    return r;
}

}  // namespace ref
}  // namespace aclcpu

#include <unordered_map>

namespace aclcpu {
namespace ref {

/// aclnnScatterDiv / Mul / Max / Min (mode 0 div, 1 mul, 2 max, 3 min; TensorFlow's scatter_div, ...): for each
/// position m of indices (flattened), varRef[indices[m], ...] = op(varRef[indices[m], ...], updates[m, ...]), in place.
/// The kernels (index/scatter_reduce_common/op_kernel/arch35) sort the indices (original order kept within one index)
/// and fold each row's updates in an accumulator of FLOAT for FLOAT16 and INT32 for INT8 / UINT8 (narrowed by the low
/// byte): so here, in that order and those types, the k-th update of every index applied in round k. Integer division
/// truncates (our reading: the kernel's integer Div; CANN documents no zero divisor). Max / Min propagate NaN (ATen's
/// maximum / minimum; the kernel's NaN behaviour is not documented). A 0-d varRef is taken as [1] (the tiling's
/// varFirstDim 1). Index values outside [0, varRef.size(0)) fail the second phase with 561000 (CANN documents that
/// range). Empty tensors: the first phase returned before.
inline at::Tensor TfScatterReduceFormula(const at::Tensor& varRef, const at::Tensor& indices, const at::Tensor& updates,
                                         int mode) {
    const at::ScalarType t = varRef.scalar_type();
    const at::ScalarType acc = t == at::kHalf ? at::kFloat : (t == at::kChar || t == at::kByte) ? at::kInt : t;
    std::vector<int64_t> vshape = varRef.sizes().vec();
    if (vshape.empty()) vshape = {1};
    at::Tensor v = varRef.reshape(vshape).to(acc, /*non_blocking=*/false, /*copy=*/true).contiguous();
    const at::Tensor idx = indices.to(at::kLong).reshape({-1}).contiguous();
    const int64_t m = idx.numel();
    std::vector<int64_t> ushape = {m};
    for (size_t d = 1; d < vshape.size(); ++d) ushape.push_back(vshape[d]);
    const at::Tensor u = updates.to(acc).reshape(ushape);
    const int64_t* iv = idx.data_ptr<int64_t>();
    std::unordered_map<int64_t, int64_t> seen;
    std::vector<std::vector<int64_t>> rounds;
    for (int64_t k = 0; k < m; ++k) {
        if (iv[k] < 0 || iv[k] >= vshape[0]) {
            throw std::runtime_error("index " + std::to_string(iv[k]) + " is out of bounds for dimension 0 with size " +
                                     std::to_string(vshape[0]));
        }
        const int64_t r = seen[iv[k]]++;
        if (static_cast<size_t>(r) >= rounds.size()) rounds.emplace_back();
        rounds[static_cast<size_t>(r)].push_back(k);
    }
    for (const std::vector<int64_t>& ks : rounds) {
        const at::Tensor sel = at::tensor(ks, at::kLong);
        const at::Tensor rows = idx.index_select(0, sel);
        const at::Tensor cur = v.index_select(0, rows);
        const at::Tensor upd = u.index_select(0, sel);
        at::Tensor res;
        switch (mode) {
            case 0: res = at::isFloatingType(acc) ? at::div(cur, upd) : at::div(cur, upd, "trunc"); break;
            case 1: res = at::mul(cur, upd); break;
            case 2: res = at::maximum(cur, upd); break;
            default: res = at::minimum(cur, upd); break;
        }
        v.index_copy_(0, rows, res);
    }
    return v.reshape(varRef.sizes());
}

}  // namespace ref
}  // namespace aclcpu

namespace aclcpu {
namespace ref {

/// aclnnBucketize (index/bucketize_v2/op_api/aclnn_bucketize.cpp): the index of the bucket of each element of self
/// in the sorted 1-D boundaries (right: boundaries[i-1] <= x < boundaries[i], else boundaries[i-1] < x <= boundaries[i])
/// - torch.bucketize. The op_api casts self and boundaries to their promote type (CombineCategories for a 0-d self:
/// ATen's result_type gives the same); compared here in that type widened without changing the order (a floating
/// promote type as DOUBLE, an integral one as INT64: both exact). Empty boundaries: every element 0 (the op_api's
/// Fill). A selection: exact.
inline at::Tensor BucketizeOf(const at::Tensor& self, const at::Tensor& boundaries, bool outInt32, bool right) {
    const at::ScalarType out_t = outInt32 ? at::kInt : at::kLong;
    if (boundaries.numel() == 0) return at::zeros(self.sizes(), self.options().dtype(out_t));
    const at::ScalarType p = at::result_type(self, boundaries);
    const at::ScalarType w = at::isFloatingType(p) ? at::kDouble : at::kLong;
    const at::Tensor s = self.to(p).to(w);
    const at::Tensor b = boundaries.to(p).to(w);
    return at::bucketize(s, b, outInt32, right);
}

}  // namespace ref
}  // namespace aclcpu

namespace aclcpu {
namespace ref {

/// aclnnApplyTopKTopP (index/apply_top_k_top_p_with_sorted; the docs' formulas): each row of logits sorted ascending
/// (stable); top-k: the values below the k-th largest set to -inf; top-p: softmax of what is left, its cumulative sum
/// from the smallest, positions with a sum <= 1 - p set to -inf (the largest always kept); the row restored to its
/// order. p or k NULL: that filter skipped. The softmax in float32 (our choice for FLOAT16 / BF16); the result a
/// selection of logits' values or -inf. A row of one element is copied (the op_api's isLastDimSizeOne). A k outside
/// [1, V] fails the second phase with 561000. Empty tensors: the first phase returned before.
inline at::Tensor ApplyTopKTopPOf(const at::Tensor& logits, const at::Tensor& p, const at::Tensor& k) {
    if (logits.size(1) == 1) return logits;
    const int64_t v = logits.size(1);
    const at::Tensor x = logits.to(at::kFloat);
    at::Tensor sorted, idx;
    std::tie(sorted, idx) = x.sort(/*stable=*/true, -1, /*descending=*/false);
    const double inf = std::numeric_limits<double>::infinity();
    if (k.defined()) {
        const at::Tensor kk = k.to(at::kLong).reshape({-1, 1});
        if (kk.numel() > 0 && (kk.min().item<int64_t>() < 1 || kk.max().item<int64_t>() > v)) {
            throw std::runtime_error("ApplyTopKTopP: k must lie in [1, " + std::to_string(v) + "]");
        }
        const at::Tensor kth = sorted.gather(1, v - kk);
        sorted = sorted.masked_fill(sorted.lt(kth), -inf);
    }
    if (p.defined()) {
        const at::Tensor cs = at::softmax(sorted, -1).cumsum(-1);
        at::Tensor pm = cs.le(1.0 - p.to(at::kFloat).reshape({-1, 1}));
        pm.select(1, v - 1).fill_(false);
        sorted = sorted.masked_fill(pm, -inf);
    }
    return at::empty_like(sorted).scatter_(1, idx, sorted);
}

// ---------------------------------------------------------------- the unique operators (dynamic_shape.yaml)
// hicann/ops-nn index/unique_consecutive/op_api (aclnn_unique.cpp, aclnn_unique2.cpp, aclnn_unique_consecutive.cpp)
// and index/unique_with_counts_ext2/op_host/op_api/aclnn_unique_dim.cpp: the AI CPU UniqueWithCountsAndSorting /
// UniqueConsecutive / UniqueWithCountsExt2 kernels (the Ascend 950's AI Core path: sort, then UniqueConsecutive).
// An output the caller did not ask for (returnInverse / returnCounts false) is returned as itself: not written, and
// a data-dependent one keeps its view shape.

/// ATen 1.13's CPU unique kernels have no FLOAT16: FLOAT16 is widened to FLOAT (exact; the result is rounded back
/// exactly when written). Every other dtype of the lists as it is (UINT64 arrives as INT64 bits: values of 2^63 and
/// above order as negative).
inline at::Tensor UniqueInput(const at::Tensor& self) {
    return self.scalar_type() == at::kHalf ? self.to(at::kFloat) : self;
}

/// aclnnUnique: (the distinct values ascending, the inverse of self's shape or inverseOut itself). sorted false
/// sorts too (the NPU's order is then unspecified; ascending is one of its orders).
inline std::tuple<at::Tensor, at::Tensor> UniqueOf(const at::Tensor& self, bool returnInverse, const at::Tensor& inverseOut) {
    at::Tensor v, inv, cnt;
    std::tie(v, inv, cnt) = at::_unique2(UniqueInput(self), /*sorted=*/true, /*return_inverse=*/true, /*return_counts=*/false);
    return std::make_tuple(v, returnInverse ? inv : inverseOut);
}

/// aclnnUnique2: UniqueOf with the counts (countsOut itself without returnCounts).
inline std::tuple<at::Tensor, at::Tensor, at::Tensor> Unique2Of(const at::Tensor& self, bool returnInverse, bool returnCounts,
                                                                const at::Tensor& inverseOut, const at::Tensor& countsOut) {
    at::Tensor v, inv, cnt;
    std::tie(v, inv, cnt) = at::_unique2(UniqueInput(self), true, true, true);
    return std::make_tuple(v, returnInverse ? inv : inverseOut, returnCounts ? cnt : countsOut);
}

/// aclnnUniqueConsecutive: runs of equal neighbours (along dim, slices compared whole; dim 1000, CANN's NoneN, or a
/// 0-d self: self flattened). Computed here from comparisons of neighbours (ATen 1.13's unique_consecutive lacks
/// FLOAT16 and the complex dtypes CANN lists): change[i] = slice i differs from slice i - 1 (NaN differs from
/// itself, as in ATen's), values = the first slice of each run, inverse = cumsum(change) - 1 (of self's shape when
/// flattened, [size(dim)] otherwise), counts = each run's length.
inline std::tuple<at::Tensor, at::Tensor, at::Tensor> UniqueConsecutiveOf(const at::Tensor& self, bool returnInverse,
                                                                          bool returnCounts, int64_t dim,
                                                                          const at::Tensor& inverseOut,
                                                                          const at::Tensor& countsOut) {
    const bool flat = dim == 1000 || self.dim() == 0;
    const at::Tensor x = flat ? self.reshape({-1}) : self;
    const int64_t d = flat ? 0 : at::maybe_wrap_dim(dim, self.dim());
    const int64_t n = x.size(d);
    const at::Tensor rows = x.movedim(d, 0).reshape({n, -1});
    at::Tensor change = at::ones({n}, at::kBool);
    if (n > 1) change.slice(0, 1).copy_(rows.slice(0, 1).ne(rows.slice(0, 0, n - 1)).any(1));
    const at::Tensor pos = change.nonzero().reshape({-1});
    const at::Tensor values = x.index_select(d, pos);
    at::Tensor inv = change.to(at::kLong).cumsum(0) - 1;
    if (flat) inv = inv.reshape(self.sizes());
    const at::Tensor counts = at::cat({pos.slice(0, 1), at::full({1}, n, pos.options())}) - pos;
    return std::make_tuple(values, returnInverse ? inv : inverseOut, returnCounts ? counts : countsOut);
}

/// aclnnUniqueDim: ATen's unique_dim (ascending lexicographic slices; sorted false sorts too), FLOAT16 widened as
/// UniqueInput says; a 0-d self is read as [1]. The counts always (the operator has no returnCounts).
inline std::tuple<at::Tensor, at::Tensor, at::Tensor> UniqueDimOf(const at::Tensor& self, bool returnInverse, int64_t dim,
                                                                  const at::Tensor& inverseOut) {
    const at::Tensor x = self.dim() == 0 ? self.reshape({1}) : self;
    at::Tensor v, inv, cnt;
    std::tie(v, inv, cnt) = at::unique_dim(UniqueInput(x), self.dim() == 0 ? 0 : dim, true, true, true);
    return std::make_tuple(v, returnInverse ? inv : inverseOut, cnt);
}

/// aclnnEmbeddingBag (index/embedding_bag/op_api/aclnn_embedding_bag.cpp; the EmbeddingBag kernel; torch's
/// embedding_bag): indices flattened (a 2-D indices of the Ascend 950 read row by row) and offsets read as INT64;
/// bag b = indices[offsets[b] .. offsets[b + 1]) (the last bag to the end; includeLastOffset: offsets' last element
/// ends the last bag). output = ATen's _embedding_bag in float32 (FLOAT16 / BF16 weight and perSampleWeights
/// widened: ATen 1.13 has no BF16 embedding_bag; the sum / mean / max rounded once to weight's dtype); mode 0 sum, 1
/// mean, any other max (the op_api's getModeStr). offset2bag (when the caller gave it elements) = the bag of each
/// index; bagSize = each bag's count of indices other than paddingIdx (computed here: ATen's bag_size is left 0 in
/// sum mode), written into bagSize's first elements (the Ascend 950's bagSize has offsets' length: the rest is left);
/// maxIndices (max mode) = ATen's max_indices; in the other modes maxIndices is not written (its content on the NPU
/// is not documented). scaleGradByFreq and sparse only concern the gradient. An index outside [0, weight.size(0)), a
/// first offset other than 0, decreasing offsets fail the second phase (561000, ATen's message).
inline std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor> EmbeddingBagOf(
    const at::Tensor& weight, const at::Tensor& indices, const at::Tensor& offsets, int64_t mode,
    const at::Tensor& perSampleWeights, bool includeLastOffset, int64_t paddingIdx, const at::Tensor& offset2bag,
    const at::Tensor& bagSize, const at::Tensor& maxIndices) {
    const int64_t m = (mode == 0 || mode == 1) ? mode : 2;
    // contiguous: ATen 1.13's CPU embedding_bag (its fbgemm lookup) reads a strided INT64 indices as if it were dense
    const at::Tensor idx = indices.reshape({-1}).to(at::kLong).contiguous();
    const at::Tensor off = offsets.reshape({-1}).to(at::kLong).contiguous();
    const at::Tensor psw =
        perSampleWeights.defined() ? perSampleWeights.reshape({-1}).to(at::kFloat).contiguous() : at::Tensor();
    const auto r = at::_embedding_bag(weight.to(at::kFloat), idx, off, false, m, false, psw, includeLastOffset, paddingIdx);
    const int64_t n = idx.numel();
    const int64_t bags = off.numel() - (includeLastOffset ? 1 : 0);
    // the bag of each index position: the last offset at or before it
    const at::Tensor pos = at::arange(n, at::kLong);
    const at::Tensor bag = at::searchsorted(off, pos, /*out_int32=*/false, /*right=*/true) - 1;
    const at::Tensor inBag = bag.ge(0).logical_and(bag.lt(bags));
    const at::Tensor counted = inBag.logical_and(paddingIdx >= 0 ? idx.ne(paddingIdx) : at::ones_like(inBag));
    at::Tensor sizes = at::zeros({std::max<int64_t>(bags, 0)}, at::kLong);
    if (bags > 0) sizes.index_add_(0, bag.masked_select(counted), at::ones({counted.sum().item<int64_t>()}, at::kLong));
    const int64_t room = bagSize.numel();
    at::Tensor sizeOut = sizes;
    if (room > bags) sizeOut = at::cat({sizes, bagSize.reshape({-1}).narrow(0, bags, room - bags).to(at::kLong)});
    return std::make_tuple(std::get<0>(r), offset2bag.numel() == 0 ? offset2bag : bag.clamp(0, std::max<int64_t>(bags - 1, 0)),
                           sizeOut, m == 2 ? std::get<3>(r) : maxIndices);
}

/// aclnnEmbeddingRenorm (norm/renorm/op_api/aclnn_embedding_renorm.cpp: GatherV2 of the named rows, the Renorm kernel's
/// factor along dim 0, Mul, ScatterUpdate back; torch.embedding_renorm_): each row r of selfRef that indices (flattened)
/// name is scaled by maxNorm / (||row||_p + 1e-7) where ||row||_p > maxNorm (maxNorm, normType as float32, a NaN maxNorm
/// +inf). The NPU computes in float32 on the Ascend 950 (the op_api's casts) and in selfRef's dtype elsewhere; here in
/// float32 (ATen's linalg_vector_norm), each row rounded once to selfRef's dtype. A row named twice gets the same
/// value twice (the factor is computed from the row as it was). An index outside [0, V) fails the second phase.
inline at::Tensor EmbeddingRenormOf(const at::Tensor& selfRef, const at::Tensor& indices, double maxNorm, double normType) {
    const double m = std::isnan(maxNorm) ? std::numeric_limits<double>::infinity()
                                         : static_cast<double>(static_cast<float>(maxNorm));
    const double p = static_cast<double>(static_cast<float>(normType));
    const at::Tensor idx = indices.reshape({-1}).to(at::kLong);
    at::Tensor out = selfRef.to(at::kFloat).clone();
    const at::Tensor rows = out.index_select(0, idx);
    const at::Tensor norm = at::linalg_vector_norm(rows, p, at::IntArrayRef{1}, true);
    const at::Tensor factor = at::where(norm > m, m / (norm + 1e-7), at::ones_like(norm));
    out.index_copy_(0, idx, rows * factor);
    return out;
}

/// aclnnInplaceScatterUpdate (index/scatter/op_api/aclnn_scatter_update.cpp; the Scatter kernel's addressing,
/// op_kernel/arch35/scatter.h): batch i of updates written into batch b of data from offset o along axis - indices
/// 1-D: (b, o) = (i, indices[i]); 2-D [B, 2]: (indices[i][0], indices[i][1]); 0-D: (0, indices). A batch or offset
/// outside data (or axis 0, the batch axis) fails the second phase (ATen's narrow / select, 561000). Every dtype
/// copied as it is (the low-precision ones arrive decoded and are encoded back exactly).
inline at::Tensor ScatterUpdateOf(const at::Tensor& data, const at::Tensor& indices, const at::Tensor& updates, int64_t axis) {
    at::Tensor out = data.clone();
    const int64_t ax = at::maybe_wrap_dim(axis, data.dim());
    if (ax == 0) throw std::runtime_error("ScatterUpdate: axis must not be the batch axis 0");
    const at::Tensor idx = indices.to(at::kLong).contiguous();
    const int64_t batches = updates.size(0);
    const int64_t len = updates.size(ax);
    for (int64_t i = 0; i < batches; ++i) {
        int64_t b = i, o = 0;
        if (idx.dim() == 0) {
            b = 0;
            o = idx.item<int64_t>();
        } else if (idx.dim() == 1) {
            o = idx[i].item<int64_t>();
        } else {
            b = idx[i][0].item<int64_t>();
            o = idx[i][1].item<int64_t>();
        }
        if (b < 0 || b >= data.size(0) || o < 0 || o + len > data.size(ax)) {
            throw std::runtime_error("ScatterUpdate: batch " + std::to_string(b) + ", offset " + std::to_string(o) +
                                     " outside data");
        }
        out.select(0, b).narrow(ax - 1, o, len).copy_(updates.select(0, i));
    }
    return out;
}

/// aclnnMaxUnpool2d / aclnnMaxUnpool3d (index/scatter_elements/op_api/aclnn_max_unpool2d.cpp, aclnn_max_unpool3d.cpp):
/// self and indices reshaped to [N, C, H * W] ([N, C, D * H * W]), ScatterElements along dim 2 into zeros of [N, C,
/// prod(outputSize)], the result reshaped to out's view shape (the first phase checked its element count). `spatial` 2 or 3: the trailing dims
/// that are flattened. ATen's scatter on the CPU; an index outside the plane fails the second phase (561000).
inline at::Tensor MaxUnpoolOf(const at::Tensor& self, const at::Tensor& indices, at::IntArrayRef outputSize, int64_t spatial,
                              const at::Tensor& out) {
    const int64_t lead = self.dim() - spatial;  // 1 or 2 leading dims (C; N, C)
    int64_t nc = 1;
    for (int64_t i = 0; i < lead; ++i) nc *= self.size(i);
    int64_t plane = 1;
    for (int64_t v : outputSize) plane *= v;
    const at::Tensor src = self.reshape({nc, -1});
    const at::Tensor idx = indices.reshape({nc, -1}).to(at::kLong);
    return at::zeros({nc, plane}, self.options()).scatter_(1, idx, src).reshape(out.sizes());
}

/// aclnnExpandIntoJaggedPermute (index/expand_into_jagged_permute: docs/aclnnExpandIntoJaggedPermute.md's formula,
/// fbgemm's expand_into_jagged_permute): for each table i, out[outputOffset[i] .. outputOffset[i + 1]) =
/// inputOffset[permute[i]] + arange(len); positions no segment covers are 0 here (the kernel does not write them; the
/// docs require the offsets to end at outputSize). A permute value or an offset outside range fails the second phase.
inline at::Tensor ExpandIntoJaggedPermuteOf(const at::Tensor& permute, const at::Tensor& inputOffset,
                                            const at::Tensor& outputOffset, int64_t outputSize) {
    const at::Tensor p = permute.to(at::kLong).contiguous();
    const at::Tensor in = inputOffset.to(at::kLong).contiguous();
    const at::Tensor outOff = outputOffset.to(at::kLong).contiguous();
    at::Tensor out = at::zeros({outputSize}, at::kLong);
    const int64_t tables = p.numel();
    if (in.numel() < tables || outOff.numel() < tables + 1) {
        throw std::runtime_error("ExpandIntoJaggedPermute: the offsets need one element more than permute");
    }
    for (int64_t i = 0; i < tables; ++i) {
        const int64_t t = p[i].item<int64_t>();
        const int64_t start = outOff[i].item<int64_t>(), end = outOff[i + 1].item<int64_t>();
        if (t < 0 || t >= in.numel() || start < 0 || end < start || end > outputSize) {
            throw std::runtime_error("ExpandIntoJaggedPermute: permute or offsets out of range at table " + std::to_string(i));
        }
        if (end > start) out.narrow(0, start, end - start).copy_(at::arange(end - start, at::kLong) + in[t].item<int64_t>());
    }
    return out;
}

/// aclnnIndexAddV2 (index/inplace_scatter_add/op_host/op_api/aclnn_index_add_v2.cpp UnDeterministicImpl): mode 0 - the
/// AI Core InplaceScatterAdd on self and source cast to INT32 (INT16 / INT32) or FLOAT (the others): out.select(0,
/// index[i]) += source.select(0, i), alpha not applied (the op_api gives it to no kernel); any other mode - the AI CPU
/// InplaceIndexAdd on FLOAT16 / FLOAT / BF16 cast to DOUBLE (other dtypes as they are) with alpha converted to that
/// dtype: torch.index_add. The result cast to out's dtype (round to nearest even). A 0-d index or source counts as
/// [1], a 0-d self as [1] along dim 0; BOOL adds as a logical or. Where several indices meet, ATen's order of the
/// additions (the NPU's AI Core atomics may order them otherwise).
inline at::Tensor IndexAddV2Of(const at::Tensor& self, int64_t dim, const at::Tensor& index, const at::Tensor& source,
                               const at::Scalar& alpha, int64_t mode) {
    const at::ScalarType t = self.scalar_type();
    const at::Tensor idx = index.reshape({-1}).to(at::kLong);
    const bool scalar_self = self.dim() == 0;
    const at::Tensor s = scalar_self ? self.reshape({1}) : self;
    const at::Tensor src = source.dim() == 0 ? source.reshape({1}) : (scalar_self ? source.reshape({-1}) : source);
    const int64_t d = scalar_self ? 0 : dim;
    at::Tensor r;
    if (mode == 0) {
        const at::ScalarType w = (t == at::kShort || t == at::kInt) ? at::kInt : at::kFloat;
        r = at::index_add(s.to(w), d, idx, src.to(w));
    } else if (t == at::kHalf || t == at::kFloat || t == at::kBFloat16) {
        r = at::index_add(s.to(at::kDouble), d, idx, src.to(at::kDouble), alpha.toDouble());
    } else if (t == at::kBool) {
        const bool a = at::scalar_tensor(alpha, at::kBool).item<bool>();
        r = at::index_add(s.to(at::kLong), d, idx, src.to(at::kLong), a ? 1 : 0).ne(0);
    } else {
        const at::Scalar a = at::scalar_tensor(alpha, at::TensorOptions().dtype(t)).item();
        r = at::index_add(s, d, idx, src, a);
    }
    return scalar_self ? r.reshape({}) : r;
}

/// aclnnScatterList (index/scatter_list/op_kernel, the tiling's [dim1, dim2, dim3] reading): a = axis normalised
/// against updates' rank; each varRef[b] (rank - 1 dims, checked) viewed as [prod(before), size at a - 1,
/// prod(after)] and updates[b] as [prod(before), size at a, prod(after)]; with a mask, mask[b] == 0 leaves varRef[b]
/// as it was; start = indice[b] (1-D) or indice[b][0] (2-D); length = updates' size at a (1-D) or indice[b][1]
/// (2-D), clipped to varRef's size after start (ops-nn's golden); a start outside [0, varRef's size) writes nothing
/// (the kernel would address outside the tensor). Returns the new varRef tensors (copies) for the inout list.
inline std::vector<at::Tensor> ScatterListIn(const std::vector<at::Tensor>& varRef, const at::Tensor& indice,
                                             const at::Tensor& updates, const at::Tensor& maskOptional,
                                             const std::string& /*reduce: "update", checked*/, int64_t axis) {
    const int64_t rank = updates.dim();
    const int64_t a = axis < 0 ? axis + rank : axis;
    int64_t d1 = 1, d3 = 1;
    for (int64_t i = 1; i < a; ++i) d1 *= updates.size(i);
    for (int64_t i = a + 1; i < rank; ++i) d3 *= updates.size(i);
    const int64_t d2 = updates.size(a);
    const at::Tensor idx = indice.to(at::kLong).reshape({indice.size(0), -1}).contiguous();
    const at::Tensor mask = maskOptional.defined() ? maskOptional.to(at::kLong).contiguous() : at::Tensor();
    std::vector<at::Tensor> out;
    for (size_t b = 0; b < varRef.size(); ++b) {
        at::Tensor r = varRef[b].clone(at::MemoryFormat::Contiguous);
        out.push_back(r);
        const int64_t bi = static_cast<int64_t>(b);
        if (mask.defined() && mask[bi].item<int64_t>() == 0) continue;
        const int64_t vd2 = r.size(a - 1);
        const int64_t start = idx[bi][0].item<int64_t>();
        int64_t len = idx.size(1) == 2 ? idx[bi][1].item<int64_t>() : d2;
        if (start < 0 || start >= vd2) continue;
        len = std::max<int64_t>(0, std::min<int64_t>({len, vd2 - start, d2}));
        if (len == 0) continue;
        at::Tensor r3 = r.view({d1, vd2, d3});
        const at::Tensor u3 = updates[bi].reshape({d1, d2, d3});
        r3.narrow(1, start, len).copy_(u3.narrow(1, 0, len));
    }
    return out;
}

}  // namespace ref
}  // namespace aclcpu

