// The custom first-phase checks of ops-math's miscellaneous operators at the reference tier
// (ops/families/math_misc.yaml; docs/ops/math_misc.md): aclnnAddN, aclnnExpSegsum, aclnnExpSegsumBackward,
// aclnnLeftShifts, aclnnAmpUpdateScale, aclnnAddExample, aclnnAddExampleCApi. Included through the generated
// op/family_hooks.inc at the end of src/op/reference_checks.h. Each hook is int <hook>(const OpCall& c, <the
// entry's non-tensor parameters>) - a foreach entry's int <hook>(const ForeachCall& c, ..., aclTensor* out) -:
// 0, or the status with CANN's message where the op_api has one (aclcpu's own, marked BEYOND CANN, where it has
// none). Facts: hicann/ops-math math/add_n/op_api/aclnn_add_n.cpp, math/segsum/op_host/op_api/aclnn_segsum.cpp,
// math/exp_segsum_grad/op_host/op_api/aclnn_exp_segsum_backward.cpp, math/left_shift/op_api/aclnn_left_shift.cpp,
// math/amp_update_scale/op_host/amp_update_scale_def.cpp, examples/add_example*/op_host/*_def.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "common/status.h"
#include "op/foreach_call.h"
#include "op/op_call.h"
#include "runtime/runtime.h"
#include "tensor/arguments.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {

/// An ND-like storage format: ACL_FORMAT_ND (2). The op_apis of ExpSegsum and its backward want ND exactly.
inline bool MmIsNd(const aclTensor* t) { return t->format == ACL_FORMAT_ND; }

// ---- aclnnAddN; c.lists[0] = tensors, out after it

/// CheckNotNull's element loop: a NULL element -> 161001 with CANN's message (the list itself and its liveness
/// are the table's checks before this one).
inline int CheckAddNElements(const ForeachCall& c, aclTensor*) {
    const aclTensorList* l = c.lists[0];
    for (size_t i = 0; i < l->items.size(); ++i) {
        if (l->items[i] == nullptr) {
            return Fail(ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for tensor %zu.", i);
        }
    }
    return 0;
}

/// CheckParams after the null checks, up to the dtype lists: an empty list refused (BEYOND CANN: the op_api reads
/// element 0 of it); tensors[0] of out's dtype (OP_CHECK_DTYPE_NOT_SAME - CANN's CheckParams returns `false`
/// there, which is ACLNN_SUCCESS, and goes on without its later checks: refused here, BEYOND CANN); the arch
/// check (Atlas A2/A3 and the 950 only).
inline int CheckAddNHead(const ForeachCall& c, aclTensor* out) {
    const aclTensorList* l = c.lists[0];
    if (l->items.empty()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "aclnnAddN: the tensor list is empty (aclcpu refuses it: CANN's op_api "
                    "reads its first tensor).");
    }
    const aclTensor* t0 = l->items[0];
    if (t0->dtype != out->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected both tensors to have same dtype, but found (*tensors)[0] %s and "
                    "out %s.", DtypeName(t0->dtype), DtypeName(out->dtype));
    }
    if (c.soc != rt::Soc::kAscend950 && c.soc != rt::Soc::kAscend910B && c.soc != rt::Soc::kAscend910_93) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "ACLNN only support ASCEND910B(A2), ASCEND910_93(A3) and ASCEND950(A5) series");
    }
    return 0;
}

/// CheckShape and the format check: each tensor and out at most 8 dims; every tensor of tensors[0]'s shape, out
/// of that shape; tensors[0] not in a private format.
inline int CheckAddNShape(const ForeachCall& c, aclTensor* out) {
    const aclTensorList* l = c.lists[0];
    for (size_t i = 0; i < l->items.size(); ++i) {
        const size_t n = l->items[i]->view_shape.size();
        if (n > 8) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Dim of tensor %zu is %zu, can't be greater than 8.", i, n);
        }
    }
    if (out->view_shape.size() > 8) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The out tensor cannot be larger than 8 dimensions.");
    }
    const std::vector<int64_t>& shape = l->items[0]->view_shape;
    for (size_t i = 1; i < l->items.size(); ++i) {
        if (l->items[i]->view_shape != shape) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Input tensors should have same shape.");
        }
    }
    if (out->view_shape != shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Input tensors should have same shape with output.");
    }
    if (IsPrivateFormatCode(l->items[0]->format)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format only support ND、NCHW、NHWC、HWCN、NDHWC、NCDHW.");
    }
    return 0;
}

// ---- aclnnExpSegsum; c.t = {self, out}

/// CheckParams after the dtype list: out of self's dtype (OP_CHECK_DTYPE_NOT_MATCH(self, out's dtype)); self 3-D or
/// 4-D, out one dim more, out's leading dims self's and its last self's last; both in one format, ND.
inline int CheckExpSegsum(const OpCall& c) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    if (self->dtype != out->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor self expected dtype is %s but found %s.", DtypeName(out->dtype),
                    DtypeName(self->dtype));
    }
    const std::vector<int64_t>& s = self->view_shape;
    const std::vector<int64_t>& o = out->view_shape;
    if (s.size() != 3 && s.size() != 4) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "It is expected input size equals to 3 or 4, but got sizes %zu.", s.size());
    }
    if (o.size() != s.size() + 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "It is expected output size is 1 large than input size, but got input size %zu, output size %zu.",
                    s.size(), o.size());
    }
    for (size_t i = 0; i < s.size(); ++i) {
        if (o[i] != s[i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "It is expected output size equals to input size at index %zu , but got input %s, output %s.", i,
                        ShapeString(s).c_str(), ShapeString(o).c_str());
        }
    }
    if (o.back() != s.back()) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "It is expected output size at index %zu equals to input size at index %zu, but got input size %s, "
                    "output size %s.", s.size() - 1, o.size() - 1, ShapeString(s).c_str(), ShapeString(o).c_str());
    }
    if (self->format != out->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format of input and output should be equal, input[%s], out[%s].",
                    FormatName(self->format), FormatName(out->format));
    }
    if (!MmIsNd(self)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Input format should be ND. Actual: input[%s].", FormatName(self->format));
    }
    return 0;
}

// ---- aclnnExpSegsumBackward; c.t = {gradOutput, gradSelf, gradInput}

/// CheckParams after the dtype lists: gradInput of gradOutput's dtype; gradOutput 4-D or 5-D, gradSelf of its rank
/// and shape, gradInput one dim less with gradOutput's leading dims, gradOutput's last two dims equal; the three
/// formats ND.
inline int CheckExpSegsumBackward(const OpCall& c) {
    const aclTensor* go = c.t[0];
    const aclTensor* gs = c.t[1];
    const aclTensor* gi = c.t[2];
    if (go->dtype != gi->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor gradOutput expected dtype is %s but found %s.", DtypeName(gi->dtype),
                    DtypeName(go->dtype));
    }
    const std::vector<int64_t>& o = go->view_shape;
    const std::vector<int64_t>& s = gs->view_shape;
    const std::vector<int64_t>& i = gi->view_shape;
    if (o.size() != 4 && o.size() != 5) {
        // CANN prints gradSelf's rank here
        return Fail(ACLNN_ERR_PARAM_INVALID, "It is expected dimNum of gradOutput equals to 4 or 5, but got sizes %zu.",
                    s.size());
    }
    if (o.size() != s.size()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "It is expected dimNum of gradOutput equals to dimNum of gradSelf, but got "
                    "gradOutput(%zu), gradSelf(%zu).", o.size(), s.size());
    }
    if (o.size() != i.size() + 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "It is expected dimNum of gradInput is 1 small than dimNum of gradOutput, "
                    "but got gradInput(%zu), gradOutput(%zu).", i.size(), o.size());
    }
    if (o[o.size() - 1] != o[o.size() - 2]) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "It is expected size of the last two dimensions of gradOutput are equal, but got gradOutput: %s.",
                    ShapeString(o).c_str());
    }
    if (o != s) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "It is expected shape of gradSelf equals to shape of gradOutput, but got gradSelf: %s, gradOutput %s.",
                    ShapeString(s).c_str(), ShapeString(o).c_str());
    }
    for (size_t d = 0; d + 1 < o.size(); ++d) {
        if (o[d] != i[d]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "It is expected size of gradInput equals to size of gradOutput at index "
                        "%zu , but got gradInput: %s, gradOutput: %s.", d, ShapeString(i).c_str(), ShapeString(o).c_str());
        }
    }
    if (!MmIsNd(go)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "It is expected format of gradOutput is ND, but got gradOutput[%s].",
                    FormatName(go->format));
    }
    if (gs->format != go->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "It is expected format of gradSelf equals to format of gradOutput, but "
                    "gradSelf[%s], gradOutput[%s].", FormatName(gs->format), FormatName(go->format));
    }
    if (gi->format != go->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "It is expected format of gradInput equals to format of gradOutput, but "
                    "gradInput[%s], gradOutput[%s].", FormatName(gi->format), FormatName(go->format));
    }
    return 0;
}

// ---- aclnnLeftShifts; c.t = {self, out}

/// CheckParamsScalar's format checks (CheckFormatValid of self, then out): no private format.
inline int CheckLeftShiftsFormat(const OpCall& c, const aclScalar*) {
    for (int k = 0; k < 2; ++k) {
        if (IsPrivateFormatCode(c.t[k]->format)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Format only support ND、NCHW、NHWC、HWCN、NDHWC、NCDHW.");
        }
    }
    return 0;
}

/// After the empty return: PromoteType(self, the scalar's dtype) defined, and castable to out's dtype
/// (CheckPromoteTypeScalar).
inline int CheckLeftShiftsPromote(const OpCall& c, const aclScalar* shiftBits) {
    const aclDataType p = PromoteTypes(c.t[0]->dtype, shiftBits->dtype);
    if (p == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Self dtype [%s] and shiftBits dtype [%s] can not promote dtype.",
                    DtypeName(c.t[0]->dtype), DtypeName(shiftBits->dtype));
    }
    if (!CanCast(p, c.t[1]->dtype)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Result type %s can't be cast to the desired output type %s.", DtypeName(p),
                    DtypeName(c.t[1]->dtype));
    }
    return 0;
}

// ---- aclnnAmpUpdateScale; c.t = {currentScale, growthTracker, foundInf, updatedScale, updatedGrowthTracker}

/// The operator definition's dtype combinations (amp_update_scale_def.cpp): foundInf and updatedScale of
/// currentScale's dtype. BEYOND CANN (whose kernel reads and writes element 0 of each tensor, whatever its shape):
/// every tensor holds exactly one element, so nothing is read past an empty tensor and no element the kernel
/// leaves alone is written.
inline int CheckAmpUpdateScale(const OpCall& c, double, double, int64_t) {
    static const char* const kNames[] = {"currentScale", "growthTracker", "foundInf", "updatedScale",
                                         "updatedGrowthTracker"};
    const aclDataType d = c.t[0]->dtype;
    if (c.t[2]->dtype != d) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor foundInf expected dtype is %s but found %s.", DtypeName(d),
                    DtypeName(c.t[2]->dtype));
    }
    if (c.t[3]->dtype != d) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor updatedScale expected dtype is %s but found %s.", DtypeName(d),
                    DtypeName(c.t[3]->dtype));
    }
    for (int k = 0; k < 5; ++k) {
        int64_t n = 1;
        for (int64_t v : c.t[k]->view_shape) n *= v;
        if (n != 1) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s should hold exactly one element, but its shape is %s (aclcpu "
                        "checks it: the kernel reads and writes element 0 only).", kNames[k],
                        ShapeString(c.t[k]->view_shape).c_str());
        }
    }
    return 0;
}

// ---- aclnnAddExample, aclnnAddExampleCApi; c.t = {x1, x2, yOut}

/// The operator definitions' dtype combinations (x2 and yOut of x1's dtype) and, BEYOND CANN (the kernel walks
/// x1's element count over all three), x2 and yOut of x1's shape.
inline int CheckAddExample(const OpCall& c) {
    const aclTensor* x1 = c.t[0];
    static const char* const kNames[] = {"x1", "x2", "yOut"};
    for (int k = 1; k < 3; ++k) {
        if (c.t[k]->dtype != x1->dtype) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s expected dtype is %s but found %s.", kNames[k],
                        DtypeName(x1->dtype), DtypeName(c.t[k]->dtype));
        }
    }
    for (int k = 1; k < 3; ++k) {
        if (c.t[k]->view_shape != x1->view_shape) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s should have x1's shape %s, but its shape is %s.", kNames[k],
                        ShapeString(x1->view_shape).c_str(), ShapeString(c.t[k]->view_shape).c_str());
        }
    }
    return 0;
}

}  // namespace aclcpu

namespace aclcpu {

// ---- aclnnInplaceCumprod; c.t = {input}

/// aclnnCumprod's CheckShape with out = input: dim (an INT32 / INT64 aclScalar, read as math_linalg's
/// CumprodDimValue reads it) in [-n, n - 1], [-1, 0] for a 0-d input; out's shape is input's.
inline int CheckInplaceCumprodDim(const OpCall& c, const aclScalar* dimS) {
    const int64_t n = static_cast<int64_t>(c.t[0]->view_shape.size());
    const int64_t dim = CumprodDimValue(dimS);
    if (n == 0 && dim != 0 && dim != -1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Dimension out of range (expected to be in range of [-1, 0], but got %ld)",
                    static_cast<long>(dim));
    }
    if (n > 0 && (dim > n - 1 || dim < -n)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "input dim(%ld) out of range(%ld,%ld)", static_cast<long>(dim),
                    static_cast<long>(-n), static_cast<long>(n - 1));
    }
    return 0;
}

}  // namespace aclcpu

namespace aclcpu {

// ---- aclnnTransformBiasRescaleQkv; c.t = {qkv, qkvBias, qOut, kOut, vOut}

/// The operator definition's dtype combinations (every tensor of qkv's dtype) and its tiling's checks
/// (transform_bias_rescale_qkv_tiling.cpp Check: numHeads > 0, qkv's last dim a multiple of 3 whose third is a
/// multiple of numHeads, qkvBias 1-D of qkv's last dim); BEYOND CANN (whose generated layer and tiling leave them to
/// the kernel): qkv 3-D, and qOut, kOut, vOut of the inferred shape [B, numHeads, T, dim / numHeads].
inline int CheckTransformBiasRescaleQkv(const OpCall& c, int64_t numHeads) {
    static const char* const kNames[] = {"qkv", "qkvBias", "qOut", "kOut", "vOut"};
    const aclTensor* qkv = c.t[0];
    for (int k = 1; k < 5; ++k) {
        if (c.t[k]->dtype != qkv->dtype) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s expected dtype is %s but found %s.", kNames[k],
                        DtypeName(qkv->dtype), DtypeName(c.t[k]->dtype));
        }
    }
    const std::vector<int64_t>& s = qkv->view_shape;
    if (s.size() != 3) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "qkv should be 3-D [B, T, 3 * numHeads * dimPerHead], but its shape is %s.",
                    ShapeString(s).c_str());
    }
    if (numHeads <= 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "numHeads should be greater than 0, but it is %ld.",
                    static_cast<long>(numHeads));
    }
    const int64_t triple = s[2];
    const int64_t dim = triple / 3;
    if (dim % numHeads != 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "qkv's last dim / 3 (%ld) should be a multiple of numHeads (%ld).",
                    static_cast<long>(dim), static_cast<long>(numHeads));
    }
    if (triple % 3 != 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "qkv's last dim (%ld) should be a multiple of 3.", static_cast<long>(triple));
    }
    const std::vector<int64_t>& b = c.t[1]->view_shape;
    if (b.size() != 1 || b[0] != triple) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "qkvBias should be 1-D of qkv's last dim %ld, but its shape is %s.",
                    static_cast<long>(triple), ShapeString(b).c_str());
    }
    const std::vector<int64_t> want = {s[0], numHeads, s[1], dim / numHeads};
    for (int k = 2; k < 5; ++k) {
        if (c.t[k]->view_shape != want) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s should have shape %s, but its shape is %s.", kNames[k],
                        ShapeString(want).c_str(), ShapeString(c.t[k]->view_shape).c_str());
        }
    }
    return 0;
}

}  // namespace aclcpu
