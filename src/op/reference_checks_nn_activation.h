// The custom first-phase checks of the nn_activation family (ops/families/nn_activation.yaml `custom` checks the
// table's vocabulary cannot express; docs/ops/nn_activation.md). Included at the end of src/op/reference_checks.h
// (through the generated op/family_hooks.inc). Each hook is int <hook>(const OpCall& c, <the entry's non-tensor
// parameters>): 0, or the status with its message. Facts: hicann/ops-nn activation/<op>/op_api/aclnn_*.cpp, and for
// the operators whose aclnn layer CANN generates, activation/<op>/op_host/<op>_tiling.cpp (its checks fail the call
// with 561002, ACLNN_ERR_INNER_TILING_ERROR; the messages are aclcpu's). Each hook names what it restates.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "common/limits.h"
#include "common/status.h"
#include "engine/elementwise.h"
#include "op/op_call.h"
#include "runtime/runtime.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {

/// aclnn_erfinv.cpp CheckDtypeValid (after self's list): the kernel's dtype - self's for FLOAT16, FLOAT, BF16
/// (FLOAT_LIST), FLOAT for every other dtype of the list - castable to out's (OP_CHECK_RESULT_DTYPE_CAST_FAILED).
/// c.t = {self, out}.
inline int CheckErfinvResultCast(const OpCall& c) {
    const aclDataType d = c.t[0]->dtype;
    const aclDataType k = d == ACL_FLOAT16 || d == ACL_FLOAT || d == ACL_BF16 ? d : ACL_FLOAT;
    if (CanCast(k, c.t[1]->dtype)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Result type %s can't be cast to the desired output type %s.", DtypeName(k),
                DtypeName(c.t[1]->dtype));
}

/// aclnn_heaviside.cpp CheckShape (after the broadcast check): out's element count must be the broadcast shape's
/// (its shape is not compared). c.t = {input, values (the table's valuesTensor), out}.
inline int CheckHeavisideOutSize(const OpCall& c) {
    const std::vector<int64_t>& a = c.t[0]->view_shape;
    const std::vector<int64_t>& b = c.t[1]->view_shape;
    engine::BroadcastShape s;
    if (!engine::Broadcast(a.data(), a.size(), b.data(), b.size(), &s)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The size of tensor input %s must match the size of tensor values %s.",
                    ShapeString(a).c_str(), ShapeString(b).c_str());
    }
    int64_t n = 1;
    for (size_t i = 0; i < static_cast<size_t>(s.n); ++i) n *= s.d[i];
    if (n == c.t[2]->numel) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "The out shape size is not same with broadcastShapeSize.");
}

/// The last-dim split operators' tiling checks (gelu_mul_tiling.cpp RunBigKernelTiling / ShapeCheck; FatreluMul's
/// tiling makes the same ones and checks its threshold's one element): input of at least 2 dims, a non-zero, even
/// last dim of at most 1024, at most 200000 rows. `threshold`: a threshold tensor (one element), or nullptr.
inline int ActivationHalfLastTiling(const aclTensor* input, const aclTensor* threshold) {
    const std::vector<int64_t>& s = input->view_shape;
    if (s.size() < 2) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Input shape dim should be no less than 2, but got %s.",
                    ShapeString(s).c_str());
    }
    const int64_t last = s.back();
    if (last == 0) return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Last dim elements can not be zero.");
    if (threshold != nullptr && threshold->numel != 1) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Threshold elements can only be one, but got %lld.",
                    static_cast<long long>(threshold->numel));
    }
    if (last > 1024) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Last dim size should be no more than 1024, but got %lld.",
                    static_cast<long long>(last));
    }
    if (last % 2 == 1) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Last dim size should be even, but got %lld.",
                    static_cast<long long>(last));
    }
    if (input->numel / last > 200000) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Batch dim size should be no more than 200000, but got %lld.",
                    static_cast<long long>(input->numel / last));
    }
    return 0;
}

/// gelu_mul_tiling.cpp: approximate "none" or "tanh" (a NULL approximateOptional: the definition's default "none"),
/// then the shape checks. c.t = {input, out}.
inline int CheckGeluMulTiling(const OpCall& c, char* approximateOptional) {
    if (approximateOptional != nullptr && std::strcmp(approximateOptional, "none") != 0 &&
        std::strcmp(approximateOptional, "tanh") != 0) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Approximate can only be 'tanh' or 'none', but got '%s'.",
                    approximateOptional);
    }
    return ActivationHalfLastTiling(c.t[0], nullptr);
}


/// Beyond CANN (whose generated layer leaves out's shape to the kernel): out's shape must be input's with the
/// last dim halved (the infershape's). c.t = {input, ..., out}: out is the last tensor.
inline int ActivationHalfLastOut(const OpCall& c) {
    std::vector<int64_t> want = c.t[0]->view_shape;
    if (!want.empty()) want.back() /= 2;
    const aclTensor* out = c.t[c.num_tensors - 1];
    if (out->view_shape == want) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected out to have shape %s (input's with the last dim halved), but found %s.",
                ShapeString(want).c_str(), ShapeString(out->view_shape).c_str());
}

/// GeluMul's out shape (ActivationHalfLastOut). c.t = {input, out}.
inline int CheckGeluMulOut(const OpCall& c, char*) { return ActivationHalfLastOut(c); }

/// swi_glu_tiling.cpp SetTotalShape: dim within [-rank, rank), and x's size along it even (aclnnSwiGlu.md: the
/// split axis must be even; the tiling tests the element count from dim on). c.t = {x, out}.
inline int CheckSwiGluTiling(const OpCall& c, int64_t dim) {
    const std::vector<int64_t>& s = c.t[0]->view_shape;
    const int64_t rank = static_cast<int64_t>(s.size());
    if (dim < -rank || dim >= rank) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR,
                    "Invalid value %lld of attribute dim: it depends on the number of shape axes of input x (%lld).",
                    static_cast<long long>(dim), static_cast<long long>(rank));
    }
    const int64_t d = dim < 0 ? dim + rank : dim;
    if (s[static_cast<size_t>(d)] % 2 != 0) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR,
                    "Invalid shape %s of input x: the split axis of input x must be an even number, where split axis "
                    "is the %lldth axis of input x.",
                    ShapeString(s).c_str(), static_cast<long long>(d));
    }
    return 0;
}

/// Beyond CANN: SwiGlu's out must have x's shape with dim halved (the infershape's). c.t = {x, out}; dim checked.
inline int CheckSwiGluOut(const OpCall& c, int64_t dim) {
    std::vector<int64_t> want = c.t[0]->view_shape;
    const int64_t rank = static_cast<int64_t>(want.size());
    want[static_cast<size_t>(dim < 0 ? dim + rank : dim)] /= 2;
    if (c.t[1]->view_shape == want) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected out to have shape %s (x's with dim halved), but found %s.",
                ShapeString(want).c_str(), ShapeString(c.t[1]->view_shape).c_str());
}

}  // namespace aclcpu

namespace aclcpu {

/// aclnn_softmax_cross_entropy_with_logits.cpp CheckShape: features and labels 2-d (the message names features'
/// rank). c.t = {features, labels, loss, backprop} (labels is an inout tensor in the table, so the executor order
/// is features, labels, loss, backprop).
inline int CheckSceRank(const OpCall& c) {
    const size_t a = c.t[0]->view_shape.size();
    const size_t b = c.t[1]->view_shape.size();
    if (a == 2 && b == 2) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "dimNum is %lld, must be 2, but check failed.", static_cast<long long>(a));
}

/// Beyond CANN (the kernel's shape inference): labels of features' shape [N, C], loss [N], backprop [N, C].
inline int CheckSceShapes(const OpCall& c) {
    const std::vector<int64_t>& f = c.t[0]->view_shape;
    if (c.t[1]->view_shape != f) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected labels to have features' shape %s, but found %s.",
                    ShapeString(f).c_str(), ShapeString(c.t[1]->view_shape).c_str());
    }
    const std::vector<int64_t> n = {f[0]};
    if (c.t[2]->view_shape != n) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected loss to have shape %s, but found %s.", ShapeString(n).c_str(),
                    ShapeString(c.t[2]->view_shape).c_str());
    }
    if (c.t[3]->view_shape != f) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected backprop to have features' shape %s, but found %s.",
                    ShapeString(f).c_str(), ShapeString(c.t[3]->view_shape).c_str());
    }
    return 0;
}

}  // namespace aclcpu

namespace aclcpu {

// ---- aclnnRReluWithNoise: c.t = {self, noise, out} (noise an inout tensor: the executor order self, noise, out)

/// CheckShapeValid (after out's shape): in training, self's element count at most noise's.
inline int CheckRReluNoiseSize(const OpCall& c, const aclScalar*, const aclScalar*, bool training, int64_t, int64_t) {
    if (!training || c.t[0]->numel <= c.t[1]->numel) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "tesnor size of self larger than noise, self: %lld, noise: %lld.",
                static_cast<long long>(c.t[0]->numel), static_cast<long long>(c.t[1]->numel));
}

/// CheckFormatValid (after the dims): self's, then noise's storage format out's.
inline int CheckRReluFormats(const OpCall& c, const aclScalar*, const aclScalar*, bool, int64_t, int64_t) {
    const aclTensor* out = c.t[2];
    if (c.t[0]->format != out->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Input tensor self's format[%s] should be same with output's format[%s].",
                    FormatName(c.t[0]->format), FormatName(out->format));
    }
    if (c.t[1]->format != out->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Input tensor noise's format[%s] should be same with output's format[%s].",
                    FormatName(c.t[1]->format), FormatName(out->format));
    }
    return 0;
}

}  // namespace aclcpu

namespace aclcpu {

// ---- aclnnGeGlu, aclnnGeGluV3 (aclnn_geglu.cpp): c.t = {self, out, outGelu}

/// CheckDtypeValid's tail: for a non-empty self of at least one dim, out's and outGelu's dtype self's
/// (OP_CHECK_DTYPE_NOT_MATCH).
inline int GeGluDtypeMatch(const OpCall& c) {
    const aclTensor* self = c.t[0];
    if (self->numel == 0 || self->view_shape.empty()) return 0;
    for (int i = 1; i < 3; ++i) {
        if (c.t[i]->dtype != self->dtype) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s expected dtype is %s but found %s.", c.names[i],
                        DtypeName(self->dtype), DtypeName(c.t[i]->dtype));
        }
    }
    return 0;
}

/// CheckShape after the max dims: dim in [-n, n-1] (n = max(rank, 1)); self's size along dim even (a 0-d self
/// counts as size 1 here); out's, then outGelu's size there half of it; both of self's rank; the other dims equal.
inline int GeGluShape(const OpCall& c, int64_t dim) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    const aclTensor* gelu = c.t[2];
    int64_t n = static_cast<int64_t>(self->view_shape.size());
    const bool zero_d = n == 0;
    if (zero_d) n = 1;
    if (dim < -n || dim > n - 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected aclnnGeGlu dim value %lld to be in range [%lld, %lld] but check failed.",
                    static_cast<long long>(dim), static_cast<long long>(-n), static_cast<long long>(n - 1));
    }
    const int64_t sd = dim < 0 ? n + dim : dim;
    auto at = [&](const aclTensor* t) -> int64_t {
        return static_cast<size_t>(sd) < t->view_shape.size() ? t->view_shape[static_cast<size_t>(sd)] : 1;
    };
    const int64_t ss = zero_d ? 1 : at(self);
    if (ss % 2 != 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "selfSliceDimSize[%lld] must be even number.", static_cast<long long>(ss));
    }
    if (at(out) != ss / 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected aclnnGeGlu out slice dim size %lld to be equal to %lld but check failed.",
                    static_cast<long long>(at(out)), static_cast<long long>(ss / 2));
    }
    if (at(gelu) != ss / 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected aclnnGeGlu outGelu slice dim size %lld to be equal to %lld but check failed.",
                    static_cast<long long>(at(gelu)), static_cast<long long>(ss / 2));
    }
    const int64_t on = static_cast<int64_t>(out->view_shape.size());
    const int64_t gn = static_cast<int64_t>(gelu->view_shape.size());
    if (on != gn || on != n) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "outDimNum[%lld] and outGeluDimNum[%lld] must be the same with inputDimNum[%lld].",
                    static_cast<long long>(on), static_cast<long long>(gn), static_cast<long long>(n));
    }
    for (int64_t i = 0; i < n && !zero_d; ++i) {
        if (i == sd) continue;
        const size_t k = static_cast<size_t>(i);
        if (self->view_shape[k] != out->view_shape[k] || out->view_shape[k] != gelu->view_shape[k]) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Except the slice dim[%lld], all other shape dim must be the same, but got input shape: %s, "
                        "out shape: %s, out gelu shape: %s",
                        static_cast<long long>(dim), ShapeString(self->view_shape).c_str(),
                        ShapeString(out->view_shape).c_str(), ShapeString(gelu->view_shape).c_str());
        }
    }
    return 0;
}

/// checkApproximate: 0 (none) or 1 (tanh).
inline int GeGluApproximate(int64_t approximate) {
    if (approximate == 0 || approximate == 1) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Approximate should be 0 or 1, but current is %lld",
                static_cast<long long>(approximate));
}

inline int CheckGeGluDtypeMatch(const OpCall& c, int64_t, int64_t) { return GeGluDtypeMatch(c); }
inline int CheckGeGluShape(const OpCall& c, int64_t dim, int64_t) { return GeGluShape(c, dim); }
inline int CheckGeGluApproximate(const OpCall&, int64_t, int64_t approximate) { return GeGluApproximate(approximate); }
inline int CheckGeGluV3DtypeMatch(const OpCall& c, int64_t, int64_t, bool) { return GeGluDtypeMatch(c); }
inline int CheckGeGluV3Shape(const OpCall& c, int64_t dim, int64_t, bool) { return GeGluShape(c, dim); }
inline int CheckGeGluV3Approximate(const OpCall&, int64_t, int64_t approximate, bool) {
    return GeGluApproximate(approximate);
}

}  // namespace aclcpu

namespace aclcpu {

// ---- aclnnScaledMaskedSoftmax (vfusion/scaled_masked_softmax_v2): c.t = {x, mask, y}

/// CheckNotNull: x, mask, y NULL -> ACLNN_ERR_INNER_NULLPTR (561103), CheckParams' status for it.
inline int CheckSmsNotNull(const OpCall& c, double, bool) {
    for (int i = 0; i < 3; ++i) {
        if (c.t[i] == nullptr) {
            return Fail(ACLNN_ERR_INNER_NULLPTR, "Expected a proper Tensor but got null for argument %s.", c.names[i]);
        }
    }
    return 0;
}

/// CheckTensorDim (x, mask, y 4-D: "Expected 4 dimension input, but got <name> with sizes <shape>."), then CheckShape.
inline int CheckSmsShape(const OpCall& c, double, bool) {
    for (int i = 0; i < 3; ++i) {
        if (c.t[i]->view_shape.size() != 4) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected 4 dimension input, but got %s with sizes %s.", c.names[i],
                        ShapeString(c.t[i]->view_shape).c_str());
        }
    }
    const std::vector<int64_t>& x = c.t[0]->view_shape;
    const std::vector<int64_t>& m = c.t[1]->view_shape;
    if (x[0] != m[0] && m[0] != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "When x%s and mask%s are different in the first dimensions, the broadcast relation needs to be "
                    "satisfied",
                    ShapeString(x).c_str(), ShapeString(m).c_str());
    }
    if (x[1] != m[1] && m[1] != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "When x%s and mask%s are different in the second dimensions, the broadcast relation needs to be "
                    "satisfied",
                    ShapeString(x).c_str(), ShapeString(m).c_str());
    }
    if (x[2] != m[2] || x[3] != m[3]) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "x and mask should be same in dim3 and dim4");
    }
    const int64_t limit = c.soc == rt::Soc::kAscend950 ? 8192 : 4096;  // IsRegbase: D_LIMIT_D
    if (x[3] <= 0 || x[3] > limit) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected x and mask dim4 in range of (0, 4096].");
    }
    return 0;
}

/// After CheckParams: fixedTriuMask true refused.
inline int CheckSmsTriu(const OpCall&, double, bool fixedTriuMask) {
    if (!fixedTriuMask) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "the param fixedTriuMask only suppport false.");
}

/// Beyond CANN (whose op_api leaves y's shape to the kernel): y of x's shape.
inline int CheckSmsOut(const OpCall& c, double, bool) {
    if (c.t[2]->view_shape == c.t[0]->view_shape) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected y to have x's shape %s, but found %s.",
                ShapeString(c.t[0]->view_shape).c_str(), ShapeString(c.t[2]->view_shape).c_str());
}

}  // namespace aclcpu

namespace aclcpu {

// ---- aclnnModulate (vfusion/modulate): c.t = {self, scaleOptional, shiftOptional, out}

/// CheckDtypeValid after self's and out's lists: a given scaleOptional, then shiftOptional in the list (the
/// product's: FLOAT, FLOAT16, BF16 on Ascend 950, Atlas A2/A3 - the table's list `all`, which refused every dtype
/// elsewhere already at self) and of self's dtype; out's dtype self's.
inline int CheckModulateDtypes(const OpCall& c) {
    const aclTensor* self = c.t[0];
    const char* names[2] = {"scaleOptional", "shiftOptional"};
    for (int i = 1; i <= 2; ++i) {
        const aclTensor* t = c.t[i];
        if (t == nullptr) continue;
        if (t->dtype != ACL_FLOAT && t->dtype != ACL_FLOAT16 && t->dtype != ACL_BF16) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Tensor %s not implemented for %s, should be in dtype support list DT_FLOAT, DT_FLOAT16, "
                        "DT_BF16.",
                        names[i - 1], DtypeName(t->dtype));
        }
        if (t->dtype != self->dtype) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The dtype of self [%s], %s [%s] need to be the same.",
                        DtypeName(self->dtype), names[i - 1], DtypeName(t->dtype));
        }
    }
    if (self->dtype != c.t[3]->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The dtype of self [%s], out [%s] need to be the same.",
                    DtypeName(self->dtype), DtypeName(c.t[3]->dtype));
    }
    return 0;
}

/// CheckShape: scale and shift given; self 3-D; an empty self with empty scale and shift; out of self's shape
/// (OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE); scale, then shift [B, D] or [B, 1, D].
inline int CheckModulateShape(const OpCall& c) {
    const aclTensor* self = c.t[0];
    const aclTensor* scale = c.t[1];
    const aclTensor* shift = c.t[2];
    const aclTensor* out = c.t[3];
    if (scale == nullptr || shift == nullptr) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "scaleOptional and shiftOptional can not be nullptr");
    }
    const std::vector<int64_t>& s = self->view_shape;
    if (s.size() != 3) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The dimension of self must be 3, but got %zu.", s.size());
    }
    if (self->numel == 0 && (scale->numel != 0 || shift->numel != 0)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "when self is empty, scaleOptional and shiftOptional must be empty");
    }
    if (out->view_shape != s) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as %s, but got %s.",
                    ShapeString(s).c_str(), ShapeString(out->view_shape).c_str());
    }
    const char* names[2] = {"scaleOptional", "shiftOptional"};
    for (int i = 1; i <= 2; ++i) {
        const std::vector<int64_t>& o = c.t[i]->view_shape;
        if (o.size() != 2 && o.size() != 3) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The dimension of %s and shiftOptional must be 2 or 3, but got %zu.",
                        names[i - 1], o.size());
        }
        if (s[0] != o[0] || s[2] != o.back()) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The first and last dimension of self and %s must be the same.",
                        names[i - 1]);
        }
        if (o.size() == 3 && o[1] != 1) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "when the dimension of %s is 3, the second dimension must be 1.",
                        names[i - 1]);
        }
    }
    return 0;
}

}  // namespace aclcpu

namespace aclcpu {

// ---- aclnnScaledMaskedSoftmaxBackward: c.t = {gradOutput, y, mask, out}

/// CheckFormat (outside the regbase arch): no FRACTAL_NZ storage for gradOutput, y, out, then mask.
inline int CheckSmsGradFormat(const OpCall& c, double, bool) {
    if (c.soc == rt::Soc::kAscend950) return 0;
    const aclTensor* g = c.t[0];
    const aclTensor* y = c.t[1];
    const aclTensor* out = c.t[3];
    if (g->format == ACL_FORMAT_FRACTAL_NZ || y->format == ACL_FORMAT_FRACTAL_NZ || out->format == ACL_FORMAT_FRACTAL_NZ) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Input and output format only support [ND]. Actual: gradOutput:[%s], y:[%s], out:[%s].",
                    FormatName(g->format), FormatName(y->format), FormatName(out->format));
    }
    if (c.t[2]->format == ACL_FORMAT_FRACTAL_NZ) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Mask format only support [ND]. Actual: mask:[%s].",
                    FormatName(c.t[2]->format));
    }
    return 0;
}

/// CheckShape.
inline int CheckSmsGradShape(const OpCall& c, double, bool) {
    const std::vector<int64_t>& g = c.t[0]->view_shape;
    if (g.size() != 4) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "gradOutput only support 4 dims, but current is %zu", g.size());
    }
    const int64_t limit = c.soc == rt::Soc::kAscend950 ? 8192 : 4096;
    if (g[3] > limit) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "shape of gradOutput is not true, current is %s", ShapeString(g).c_str());
    }
    if (c.t[1]->view_shape != g) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "shape of y should equal to gradOutput, gradOutput is %s, y is %s",
                    ShapeString(g).c_str(), ShapeString(c.t[1]->view_shape).c_str());
    }
    if (c.t[3]->view_shape != g) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "shape of out should equal to gradOutput, gradOutput is %s, out is %s",
                    ShapeString(g).c_str(), ShapeString(c.t[3]->view_shape).c_str());
    }
    const std::vector<int64_t>& m = c.t[2]->view_shape;
    if (m.size() != 4) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "mask only support 4 dims, but current is %zu", m.size());
    }
    if (m[2] != g[2] || m[3] != g[3]) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "shape of mask is not true, current is %s", ShapeString(m).c_str());
    }
    if ((g[0] != m[0] && m[0] != 1) || (g[1] != m[1] && m[1] != 1)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "mask should broadcast to gradOutput, gradOutput is %s, mask is %s",
                    ShapeString(g).c_str(), ShapeString(m).c_str());
    }
    return 0;
}

/// After CheckParams: fixTriuMask true refused.
inline int CheckSmsGradTriu(const OpCall&, double, bool fixTriuMask) {
    if (!fixTriuMask) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "fixTriuMask only support false");
}

/// Beyond CANN: CANN relabels out with gradOutput's dtype (SetDataType on the caller's tensor) and writes that dtype
/// into its memory; here out must have gradOutput's dtype.
inline int CheckSmsGradOutDtype(const OpCall& c, double, bool) {
    if (c.t[3]->dtype == c.t[0]->dtype) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "Expected out to have gradOutput's dtype %s (CANN relabels out with it), but found %s.",
                DtypeName(c.t[0]->dtype), DtypeName(c.t[3]->dtype));
}

}  // namespace aclcpu

namespace aclcpu {

// ---- aclnnModulateBackward: c.t = {grad_output, input, scale, shift, grad_input, grad_scale, grad_shift}

inline bool ModulateGradDtypeOk(aclDataType d) { return d == ACL_FLOAT || d == ACL_FLOAT16 || d == ACL_BF16; }

/// CheckDtypeValid after grad_output's and input's: a given scale, shift, grad_scale, grad_shift in the list (a NULL
/// one only logs on CANN).
inline int CheckModulateGradDtypes(const OpCall& c) {
    const int order[4] = {2, 3, 5, 6};
    for (int i : order) {
        const aclTensor* t = c.t[i];
        if (t != nullptr && !ModulateGradDtypeOk(t->dtype)) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Tensor %s not implemented for %s, should be in dtype support list DT_FLOAT, DT_FLOAT16, "
                        "DT_BF16.",
                        c.names[i], DtypeName(t->dtype));
        }
    }
    return 0;
}

/// CheckMaxDimension, CheckDimension.
inline int CheckModulateGradShape(const OpCall& c) {
    const aclTensor* g = c.t[0];
    const aclTensor* in = c.t[1];
    if (g->view_shape.size() != 3 || in->view_shape.size() != 3) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The dimension of self must be 3");
    }
    const aclTensor* scale = c.t[2];
    const aclTensor* shift = c.t[3];
    // CANN dereferences scale and shift here (a NULL one with an empty grad_output crashes there); NULL counts as empty
    if ((g->numel == 0 || in->numel == 0) &&
        ((scale != nullptr && scale->numel != 0) || (shift != nullptr && shift->numel != 0))) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "when grad_output or input is empty, scale and shift must be empty");
    }
    const char* names[2] = {"scale", "shift"};
    for (int i = 0; i < 2; ++i) {
        const aclTensor* t = c.t[2 + i];
        if (t == nullptr) continue;
        if (t->view_shape.size() != 2) return Fail(ACLNN_ERR_PARAM_INVALID, "%s dim is not equal 2", names[i]);
        if (g->view_shape[0] != t->view_shape[0] || g->view_shape[2] != t->view_shape[1]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "gradoutput_Shape dim0 or dim 2 not match %s dim 0 or dim 1",
                        names[i]);
        }
    }
    return 0;
}

/// Beyond CANN (whose op_api leaves the outputs' shapes to the kernel): grad_input of input's shape; a given
/// grad_scale, grad_shift [B, D].
inline int CheckModulateGradOuts(const OpCall& c) {
    const std::vector<int64_t>& s = c.t[1]->view_shape;
    if (c.t[4]->view_shape != s) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected grad_input to have input's shape %s, but found %s.",
                    ShapeString(s).c_str(), ShapeString(c.t[4]->view_shape).c_str());
    }
    if (c.t[0]->view_shape != s) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected grad_output to have input's shape %s, but found %s.",
                    ShapeString(s).c_str(), ShapeString(c.t[0]->view_shape).c_str());
    }
    const std::vector<int64_t> bd = {s[0], s[2]};
    for (int i = 5; i <= 6; ++i) {
        if (c.t[i] != nullptr && c.t[i]->view_shape != bd) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected %s to have shape %s, but found %s.", c.names[i],
                        ShapeString(bd).c_str(), ShapeString(c.t[i]->view_shape).c_str());
        }
    }
    return 0;
}

/// aclnn_swish.cpp CheckDtypeValidBetaToFloat, aclnn_swish_backward.cpp CheckDtypeValid: a given betaOptional's dtype
/// castable to FLOAT ("betaOptional dtype %s can not cast to float32."). The table refuses a NULL one before this
/// (it has no optional aclScalar).
inline int CheckSwishBetaCast(const OpCall&, const aclScalar* betaOptional) {
    if (betaOptional == nullptr || CanCast(betaOptional->dtype, ACL_FLOAT)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "betaOptional dtype %s can not cast to float32.", DtypeName(betaOptional->dtype));
}

/// The ClippedSwiglu tiling's checks (clipped_swiglu_tiling.cpp CheckAndGetXAndAttrs, CheckAndGetGroupIndex, CheckY;
/// on the Ascend 950 clipped_swiglu_tiling_arch35.cpp, which adds limit > 0, clamp_mode 0 or 1, a group_index of 1 to
/// 8192 elements and y's dims after dim equal to x's): 561002, ACLNN_ERR_INNER_TILING_ERROR; the texts are the A2
/// tiling's. c.t = {x, groupIndexOptional (nullptr when absent), out}. clampMode < 0: aclnnClippedSwiglu (no attribute).
inline int ClippedSwigluTiling(const OpCall& c, int64_t dim, double limit, int64_t clampMode) {
    const bool arch35 = c.soc == rt::Soc::kAscend950;
    if (arch35 && !(static_cast<float>(limit) > 0.0f)) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Invalid value %g of attribute limit: it must be > 0.", limit);
    }
    if (arch35 && clampMode >= 0 && clampMode != 0 && clampMode != 1) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Invalid value %lld of attribute clamp_mode: it must be 1 or 0.",
                    static_cast<long long>(clampMode));
    }
    const std::vector<int64_t>& x = c.t[0]->view_shape;
    const int64_t rank = static_cast<int64_t>(x.size());
    if (dim > rank - 1 || dim < -rank) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "dim should in [-%lld, %lld], but get %lld,",
                    static_cast<long long>(rank), static_cast<long long>(rank - 1), static_cast<long long>(dim));
    }
    const int64_t d = dim < 0 ? dim + rank : dim;
    const int64_t cut = x[static_cast<size_t>(d)];
    if (cut % 2 != 0) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "x[dim] should be divisible by 2, but get %lld",
                    static_cast<long long>(cut));
    }
    if (const aclTensor* g = c.t[1]) {
        if (g->view_shape.size() != 1) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR,
                        "the number of dimensions of group_index should be 1, but get %zu.", g->view_shape.size());
        }
        if (arch35 && (g->view_shape[0] <= 0 || g->view_shape[0] > 8192)) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR,
                        "Invalid value %lld of group_index: the number of elements of group_index should be greater "
                        "than 0 and no more than 8192.",
                        static_cast<long long>(g->view_shape[0]));
        }
    }
    const std::vector<int64_t>& y = c.t[2]->view_shape;
    if (static_cast<int64_t>(y.size()) != rank) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR,
                    "the number of dimensions of y should be equal to dimensions of x, but get %zu.", y.size());
    }
    if (y[static_cast<size_t>(d)] != cut / 2) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "y[dim] should be equal to x[dim] divided by 2, but get %lld.",
                    static_cast<long long>(y[static_cast<size_t>(d)]));
    }
    if (arch35) {
        for (int64_t i = d + 1; i < rank; ++i) {
            if (x[static_cast<size_t>(i)] != y[static_cast<size_t>(i)]) {
                return Fail(ACLNN_ERR_INNER_TILING_ERROR, "xShape[%lld] should be equal yShape[%lld].",
                            static_cast<long long>(i), static_cast<long long>(i));
            }
        }
    }
    return 0;
}
inline int CheckClippedSwigluTiling(const OpCall& c, int64_t dim, double, double limit, double, bool) {
    return ClippedSwigluTiling(c, dim, limit, -1);
}
inline int CheckClippedSwigluV2Tiling(const OpCall& c, int64_t dim, double, double limit, double, bool,
                                      int64_t clampMode) {
    return ClippedSwigluTiling(c, dim, limit, clampMode);
}

/// Beyond CANN: out of x's shape with dim halved (the infershape's; the tiling checked dim and out's rank). c.t = {x,
/// groupIndexOptional, out}.
inline int ClippedSwigluOut(const OpCall& c, int64_t dim) {
    std::vector<int64_t> want = c.t[0]->view_shape;
    const int64_t rank = static_cast<int64_t>(want.size());
    want[static_cast<size_t>(dim < 0 ? dim + rank : dim)] /= 2;
    if (c.t[2]->view_shape == want) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected out to have shape %s (x's with dim halved), but found %s.",
                ShapeString(want).c_str(), ShapeString(c.t[2]->view_shape).c_str());
}
inline int CheckClippedSwigluOut(const OpCall& c, int64_t dim, double, double, double, bool) {
    return ClippedSwigluOut(c, dim);
}
inline int CheckClippedSwigluV2Out(const OpCall& c, int64_t dim, double, double, double, bool, int64_t) {
    return ClippedSwigluOut(c, dim);
}

/// aclnn_geglu_backward.cpp CheckShape (after the two OP_CHECK_SHAPE_NOT_EQUAL) and CheckAttributeValue: dim in
/// [-rank, rank) of self's rank (a 0-d self counts 1); gradOutput of that rank; its dims self's except dim, which is
/// half of self's; approximate 0 or 1. c.t = {gradOutput, self, gelu, gradInput}.
inline int GeGluBackwardShape(const OpCall& c, int64_t dim, int64_t approximate) {
    const std::vector<int64_t>& g = c.t[0]->view_shape;
    const std::vector<int64_t>& x = c.t[1]->view_shape;
    const int64_t rank = x.empty() ? 1 : static_cast<int64_t>(x.size());
    if (dim >= rank || dim < -rank) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "expected dim to be in range of [%lld, %lld], but got %lld.",
                    static_cast<long long>(-rank), static_cast<long long>(rank - 1), static_cast<long long>(dim));
    }
    if (static_cast<int64_t>(g.size()) != rank || x.empty()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "gradOutput: %s and self: %s must have same dimensions",
                    ShapeString(g).c_str(), ShapeString(x).c_str());
    }
    const size_t d = static_cast<size_t>(dim < 0 ? dim + rank : dim);
    for (size_t i = 0; i < x.size(); ++i) {
        if (i == d) {
            if (g[i] * 2 != x[i]) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "the last dimension of gradOutput: %s must be the half of the last dimension of self: %s",
                            ShapeString(g).c_str(), ShapeString(x).c_str());
            }
        } else if (g[i] != x[i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "except for the last dimension, all other dimensions of gradOutput: %s and self: %s must equal",
                        ShapeString(g).c_str(), ShapeString(x).c_str());
        }
    }
    if (approximate < 0 || approximate > 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "expected approximate to be 0 or 1, but got %lld.",
                    static_cast<long long>(approximate));
    }
    return 0;
}
inline int CheckGeGluBackwardShape(const OpCall& c, int64_t dim, int64_t approximate) {
    return GeGluBackwardShape(c, dim, approximate);
}
inline int CheckGeGluV3BackwardShape(const OpCall& c, int64_t dim, int64_t approximate, bool) {
    return GeGluBackwardShape(c, dim, approximate);
}

/// clipped_swiglu_grad_tiling.cpp (every product): limit > 0; dim in [-rank, rank); x[dim] even; grad_y of x's rank,
/// its dim half of x's and its other dims x's; group_index 1-D; grad_x of x's rank (561002, the tiling's texts).
/// c.t = {gradY, x, groupIndexOptional, gradXOut}.
inline int CheckClippedSwigluGradTiling(const OpCall& c, int64_t dim, double, double limit, double, bool) {
    if (!(static_cast<float>(limit) > 0.0f)) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "limit must be > 0, but got %f.", static_cast<double>(static_cast<float>(limit)));
    }
    const std::vector<int64_t>& x = c.t[1]->view_shape;
    const std::vector<int64_t>& gy = c.t[0]->view_shape;
    const int64_t rank = static_cast<int64_t>(x.size());
    if (dim > rank - 1 || dim < -rank) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "dim should in [-%lld, %lld], but get %lld,",
                    static_cast<long long>(rank), static_cast<long long>(rank - 1), static_cast<long long>(dim));
    }
    const int64_t d = dim < 0 ? dim + rank : dim;
    if (x[static_cast<size_t>(d)] % 2 != 0) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "x[dim] should be divisible by 2, but get %lld",
                    static_cast<long long>(x[static_cast<size_t>(d)]));
    }
    if (static_cast<int64_t>(gy.size()) != rank) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "grad_y rank (%zu) should be equal to x rank (%lld).", gy.size(),
                    static_cast<long long>(rank));
    }
    for (int64_t i = 0; i < rank; ++i) {
        const int64_t g = gy[static_cast<size_t>(i)], xi = x[static_cast<size_t>(i)];
        if (i == d && g != xi / 2) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR, "grad_y dim %lld (%lld) should be half of x dim %lld (%lld).",
                        static_cast<long long>(i), static_cast<long long>(g), static_cast<long long>(i),
                        static_cast<long long>(xi));
        }
        if (i != d && g != xi) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR, "grad_y dim %lld (%lld) should be equal to x dim %lld (%lld).",
                        static_cast<long long>(i), static_cast<long long>(g), static_cast<long long>(i),
                        static_cast<long long>(xi));
        }
    }
    if (const aclTensor* g = c.t[2]) {
        if (g->view_shape.size() != 1) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR,
                        "the number of dimensions of group_index should be 1, but get %zu.", g->view_shape.size());
        }
    }
    if (static_cast<int64_t>(c.t[3]->view_shape.size()) != rank) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR,
                    "the number of dimensions of grad_x should be equal to dimensions of x, but get %zu.",
                    c.t[3]->view_shape.size());
    }
    return 0;
}

/// Beyond CANN: gradXOut of x's shape (the tiling checks its rank only).
inline int CheckClippedSwigluGradOut(const OpCall& c, int64_t, double, double, double, bool) {
    if (c.t[3]->view_shape == c.t[1]->view_shape) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected gradXOut to have x's shape %s, but found %s.",
                ShapeString(c.t[1]->view_shape).c_str(), ShapeString(c.t[3]->view_shape).c_str());
}

}  // namespace aclcpu
