// The custom first-phase checks of the nn_loss family (ops/families/nn_loss.yaml `custom` checks the table's
// vocabulary cannot express; docs/ops/nn_loss.md). Included at the end of src/op/reference_checks.h (through the
// generated op/family_hooks.inc). Each hook is int <hook>(const OpCall& c, <the entry's non-tensor parameters>):
// 0, or CANN's status with its message. Facts: hicann/ops-nn loss/<op>/op_api/aclnn_*.cpp and
// common/stub/op_api/aclnn_kernels/common/op_error_check.h (the OP_CHECK_* messages); each hook names the op_api
// function it restates.
#pragma once

#include <cstdint>
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

/// The products whose loss op_apis take BF16: NpuArch DAV_2201 or a regbase arch (Ascend 950, Atlas A2/A3;
/// GetDtypeSupportListV2 and the SocVersion [ASCEND910B, ASCEND910E] rules agree on these products).
inline bool LossBf16(rt::Soc soc) {
    return soc == rt::Soc::kAscend950 || soc == rt::Soc::kAscend910B || soc == rt::Soc::kAscend910_93;
}

/// OP_CHECK_NULL (ops-nn's IsNullptr: "Expected a proper Tensor but got null for argument <name>.") with the
/// status the op_api returns for it.
inline int LossNotNull(const aclTensor* t, const char* name, int code) {
    if (t != nullptr) return 0;
    return Fail(code, "Expected a proper Tensor but got null for argument %s.", name);
}

/// OP_CHECK_DTYPE_NOT_MATCH(tensor, expected): "Tensor <tensor> expected dtype is <expected> but found <found>."
inline int LossDtypeMatch(const aclTensor* t, const char* name, aclDataType expected) {
    if (t->dtype == expected) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s expected dtype is %s but found %s.", name, DtypeName(expected),
                DtypeName(t->dtype));
}

/// OP_CHECK_RESULT_DTYPE_CAST_FAILED(from, out's dtype).
inline int LossResultCast(aclDataType from, const aclTensor* out) {
    if (CanCast(from, out->dtype)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Result type %s can't be cast to the desired output type %s.",
                DtypeName(from), DtypeName(out->dtype));
}

/// The broadcast shape of two view shapes, or false (the caller reports it).
inline bool LossBroadcast(const std::vector<int64_t>& a, const std::vector<int64_t>& b, std::vector<int64_t>* out) {
    engine::BroadcastShape s;
    if (a.size() > static_cast<size_t>(kMaxDims) || b.size() > static_cast<size_t>(kMaxDims)) return false;
    if (!engine::Broadcast(a.data(), a.size(), b.data(), b.size(), &s)) return false;
    out->assign(s.d, s.d + s.n);
    return true;
}

/// OP_CHECK_BROADCAST_AND_INFER_SHAPE(a, b, shape): "The size of tensor a <a> must match the size of tensor b <b>."
inline int LossBroadcastInfer(const aclTensor* a, const char* an, const aclTensor* b, const char* bn,
                              std::vector<int64_t>* shape) {
    if (LossBroadcast(a->view_shape, b->view_shape, shape)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "The size of tensor %s %s must match the size of tensor %s %s.", an,
                ShapeString(a->view_shape).c_str(), bn, ShapeString(b->view_shape).c_str());
}

/// A storage format's name as op::ToString(Format) prints it (reference_checks.h FormatName).
inline int LossSameFormat(const aclTensor* a, const char* an, const aclTensor* b, const char* bn) {
    if (a->format == b->format) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Format of %s and %s can't be different, %s [%s], %s [%s].", an, bn, an,
                FormatName(a->format), bn, FormatName(b->format));
}

// ---- aclnnBinaryCrossEntropy (aclnn_binary_cross_entropy.cpp); c.t = {self, target, weight, out}

/// CheckNotNull: self, target, out NULL -> ACLNN_ERR_INNER_NULLPTR (561103: CheckParams returns that status, not
/// 161001).
inline int CheckBceNotNull(const OpCall& c, int64_t) {
    if (int r = LossNotNull(c.t[0], "self", ACLNN_ERR_INNER_NULLPTR)) return r;
    if (int r = LossNotNull(c.t[1], "target", ACLNN_ERR_INNER_NULLPTR)) return r;
    return LossNotNull(c.t[3], "out", ACLNN_ERR_INNER_NULLPTR);
}

/// CheckDtypeValid after the three list checks: weight's dtype in the list ("weight dtype ... should be in dtype
/// support list [...]."); with a weight, self's dtype target's, weight's and out's (OP_CHECK_DTYPE_NOT_MATCH).
inline int CheckBceWeight(const OpCall& c, int64_t) {
    const aclTensor* self = c.t[0];
    const aclTensor* target = c.t[1];
    const aclTensor* weight = c.t[2];
    const aclTensor* out = c.t[3];
    if (weight == nullptr) return 0;
    const bool bf16 = LossBf16(c.soc);
    const aclDataType w = weight->dtype;
    if (!(w == ACL_FLOAT || w == ACL_FLOAT16 || (bf16 && w == ACL_BF16))) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "weight dtype %s should be in dtype support list [%s].", DtypeName(w),
                    bf16 ? "DT_FLOAT, DT_FLOAT16, DT_BF16" : "DT_FLOAT, DT_FLOAT16");
    }
    if (int r = LossDtypeMatch(self, "self", target->dtype)) return r;
    if (int r = LossDtypeMatch(self, "self", weight->dtype)) return r;
    return LossDtypeMatch(self, "self", out->dtype);
}

/// CheckReduceOutShape after the kernel's shape inference (a non-empty self only; an empty one fills out as it
/// is): out's view shape the result's - self's for none, 0-d for mean / sum - unless both hold one element.
inline int CheckBceOutShape(const OpCall& c, int64_t reduction) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[3];
    if (self->numel == 0) return 0;
    const std::vector<int64_t> infer = reduction == 0 ? self->view_shape : std::vector<int64_t>{};
    int64_t n = 1;
    for (int64_t d : infer) n *= d;
    if (out->view_shape == infer || (n == 1 && out->numel == 1)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "The out tensor's shape[%s] is not equal with inferOut shape[%s].",
                ShapeString(out->view_shape).c_str(), ShapeString(infer).c_str());
}

// ---- aclnnBinaryCrossEntropyBackward (aclnn_binary_cross_entropy_backward.cpp);
// c.t = {gradOutput, self, target, weightOptional, out}

/// CheckFormat: self's and target's storage formats equal, then self's and weightOptional's.
inline int CheckBceGradFormat(const OpCall& c, int64_t) {
    if (int r = LossSameFormat(c.t[1], "self", c.t[2], "target")) return r;
    if (c.t[3] != nullptr) return LossSameFormat(c.t[1], "self", c.t[3], "weightOptional");
    return 0;
}

/// The "broadcast to self" rule of the backward losses' CheckShape: a and self broadcast (else the
/// OP_CHECK_BROADCAST_AND_INFER_SHAPE message), and their broadcast shape is self's (CANN returns 161002 without
/// a message there; this one is ours).
inline int LossBroadcastsToSelf(const aclTensor* a, const char* an, const aclTensor* self, bool self_first) {
    std::vector<int64_t> b;
    if (int r = self_first ? LossBroadcastInfer(self, "self", a, an, &b) : LossBroadcastInfer(a, an, self, "self", &b)) {
        return r;
    }
    if (b == self->view_shape) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "The broadcast shape %s of %s and self is not self's shape %s.",
                ShapeString(b).c_str(), an, ShapeString(self->view_shape).c_str());
}

/// CheckShape (a non-empty self only): out's shape self's (OP_CHECK_SHAPE_NOT_EQUAL(out, self)), then target,
/// weightOptional, gradOutput each broadcasting to self's shape.
inline int CheckBceGradShape(const OpCall& c, int64_t) {
    const aclTensor* grad = c.t[0];
    const aclTensor* self = c.t[1];
    const aclTensor* out = c.t[4];
    if (self->numel == 0) return 0;
    if (out->view_shape != self->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for out to have same size as tensor for self, but %s does not equal %s.",
                    ShapeString(out->view_shape).c_str(), ShapeString(self->view_shape).c_str());
    }
    if (int r = LossBroadcastsToSelf(c.t[2], "target", self, true)) return r;
    if (c.t[3] != nullptr) {
        if (int r = LossBroadcastsToSelf(c.t[3], "weightOptional", self, true)) return r;
    }
    return LossBroadcastsToSelf(grad, "gradOutput", self, true);
}

/// The promotion chain of CheckPromoteType (after CheckParams, before the empty-self return): Promote(self, target),
/// then with gradOutput, then weightOptional, each defined; the result castable to out's dtype. `messages` the
/// operator's three texts (its second and third say "GradOutput dtype" / "Weight dtype", BCEWithLogits's
/// "the GradOutput dtype" / "the Weight dtype").
inline int LossPromoteChain(const aclTensor* grad, const aclTensor* self, const aclTensor* target,
                            const aclTensor* weight, const aclTensor* posWeight, const aclTensor* out, bool with_the) {
    aclDataType p = PromoteTypes(self->dtype, target->dtype);
    if (p == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Self dtype %s and target dtype %s can not promote dtype.",
                    DtypeName(self->dtype), DtypeName(target->dtype));
    }
    aclDataType saved = p;
    p = PromoteTypes(p, grad->dtype);
    if (p == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s dtype %s and target dtype %s can not promote dtype.",
                    with_the ? "the GradOutput" : "GradOutput", DtypeName(grad->dtype), DtypeName(saved));
    }
    if (weight != nullptr) {
        saved = p;
        p = PromoteTypes(p, weight->dtype);
        if (p == ACL_DT_UNDEFINED) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s dtype %s and target dtype %s can not promote dtype.",
                        with_the ? "the Weight" : "Weight", DtypeName(weight->dtype), DtypeName(saved));
        }
    }
    if (posWeight != nullptr) {
        saved = p;
        p = PromoteTypes(p, posWeight->dtype);
        if (p == ACL_DT_UNDEFINED) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "the pos_weight dtype %s and target dtype %s can not promote dtype.",
                        DtypeName(posWeight->dtype), DtypeName(saved));
        }
    }
    return LossResultCast(p, out);
}

inline int CheckBceGradPromote(const OpCall& c, int64_t) {
    return LossPromoteChain(c.t[0], c.t[1], c.t[2], c.t[3], nullptr, c.t[4], false);
}

// ---- aclnnBinaryCrossEntropyWithLogits (aclnn_binary_cross_entropy_with_logits.cpp);
// c.t = {self, target, weightOptional, posWeightOptional, out}

/// CheckShape after its max-dims checks: self's shape target's (OP_CHECK_SHAPE_NOT_EQUAL); a non-empty target:
/// weightOptional, then posWeightOptional broadcastable with target (OP_CHECK_BROADCAST_AND_INFER_SHAPE).
inline int CheckBceLogitsShape(const OpCall& c, int64_t) {
    const aclTensor* self = c.t[0];
    const aclTensor* target = c.t[1];
    if (self->view_shape != target->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for self to have same size as tensor for target, but %s does not equal %s.",
                    ShapeString(self->view_shape).c_str(), ShapeString(target->view_shape).c_str());
    }
    if (target->numel == 0) return 0;
    std::vector<int64_t> b;
    if (c.t[2] != nullptr) {
        if (int r = LossBroadcastInfer(c.t[2], "weight", target, "target", &b)) return r;
    }
    if (c.t[3] != nullptr) {
        if (int r = LossBroadcastInfer(c.t[3], "posWeight", target, "target", &b)) return r;
    }
    return 0;
}

/// The stub's out check (a non-empty self): reduction none - out's shape the kernel's result's, self's with weight
/// and posWeight broadcast in (OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE); mean / sum - beyond CANN (whose
/// ViewCopy of the 0-d result would fail later): out holding one element.
inline int CheckBceLogitsOut(const OpCall& c, int64_t reduction) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[4];
    if (self->numel == 0) return 0;
    if (reduction != 0) {
        if (out->numel == 1) return 0;
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected out to hold one element for reduction %ld, but got %s.",
                    static_cast<long>(reduction), ShapeString(out->view_shape).c_str());
    }
    std::vector<int64_t> b = self->view_shape;
    for (int k = 2; k <= 3; ++k) {
        if (c.t[k] != nullptr) {
            std::vector<int64_t> n;
            LossBroadcast(b, c.t[k]->view_shape, &n);
            b = n;
        }
    }
    if (out->view_shape == b) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as %s, but got %s.",
                ShapeString(b).c_str(), ShapeString(out->view_shape).c_str());
}

// ---- aclnnBinaryCrossEntropyWithLogitsBackward (aclnn_binary_cross_entropy_with_logits_backward.cpp);
// c.t = {gradOutput, self, target, weightOptional, posWeightOptional, out}

/// CheckFormat: self's and target's storage formats equal, then self's and out's.
inline int CheckBceLogitsGradFormat(const OpCall& c, int64_t) {
    if (int r = LossSameFormat(c.t[1], "self", c.t[2], "target")) return r;
    return LossSameFormat(c.t[1], "self", c.t[5], "out");
}

/// CheckShape (a non-empty self only): self's shape target's, then out's (OP_CHECK_SHAPE_NOT_EQUAL); gradOutput,
/// weightOptional, posWeightOptional each broadcasting to self's shape.
inline int CheckBceLogitsGradShape(const OpCall& c, int64_t) {
    const aclTensor* self = c.t[1];
    const aclTensor* target = c.t[2];
    const aclTensor* out = c.t[5];
    if (self->numel == 0) return 0;
    if (self->view_shape != target->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for self to have same size as tensor for target, but %s does not equal %s.",
                    ShapeString(self->view_shape).c_str(), ShapeString(target->view_shape).c_str());
    }
    if (self->view_shape != out->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for self to have same size as tensor for out, but %s does not equal %s.",
                    ShapeString(self->view_shape).c_str(), ShapeString(out->view_shape).c_str());
    }
    if (int r = LossBroadcastsToSelf(c.t[0], "gradOutput", self, false)) return r;
    if (c.t[3] != nullptr) {
        if (int r = LossBroadcastsToSelf(c.t[3], "weightOptional", self, false)) return r;
    }
    if (c.t[4] != nullptr) {
        if (int r = LossBroadcastsToSelf(c.t[4], "posWeightOptional", self, false)) return r;
    }
    return 0;
}

/// The stub's CheckPromoteType (a non-empty self only: it runs after the empty-self return).
inline int CheckBceLogitsGradPromote(const OpCall& c, int64_t) {
    if (c.t[1]->numel == 0) return 0;
    return LossPromoteChain(c.t[0], c.t[1], c.t[2], c.t[3], c.t[4], c.t[5], true);
}

// ---- aclnnSoftMarginLoss (aclnn_soft_margin_loss.cpp); c.t = {self, target, out}

/// CheckShape after its max-dims checks: self and target broadcast (OP_CHECK_BROADCAST_AND_INFER_SHAPE); reduction
/// none: out's shape the broadcast shape (OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE); otherwise out 0-d.
inline int CheckSoftMarginLossShape(const OpCall& c, int64_t reduction) {
    const aclTensor* out = c.t[2];
    std::vector<int64_t> b;
    if (int r = LossBroadcastInfer(c.t[0], "self", c.t[1], "target", &b)) return r;
    if (reduction == 0) {
        if (out->view_shape == b) return 0;
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as %s, but got %s.",
                    ShapeString(b).c_str(), ShapeString(out->view_shape).c_str());
    }
    if (out->view_shape.empty()) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected a 0-dimensional tensor, but Shape of out is %s.",
                ShapeString(out->view_shape).c_str());
}

// ---- aclnnSoftMarginLossBackward (aclnn_soft_margin_loss_backward.cpp); c.t = {gradOutput, self, target, out}

/// CheckShape after its max-dims checks: gradOutput and self broadcast (OP_CHECK_BROADCAST_AND_INFER_SHAPE), target
/// with that shape (OP_CHECK_BROADCAST_WITH_SHAPE: "The size of tensor target <t> must match the size <s>."), out's
/// shape the broadcast of all three (OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE).
inline int CheckSoftMarginLossGradShape(const OpCall& c, int64_t) {
    const aclTensor* target = c.t[2];
    const aclTensor* out = c.t[3];
    std::vector<int64_t> b1, b;
    if (int r = LossBroadcastInfer(c.t[0], "gradOutput", c.t[1], "self", &b1)) return r;
    if (!LossBroadcast(target->view_shape, b1, &b)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The size of tensor target %s must match the size %s.",
                    ShapeString(target->view_shape).c_str(), ShapeString(b1).c_str());
    }
    if (out->view_shape == b) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as %s, but got %s.",
                ShapeString(b).c_str(), ShapeString(out->view_shape).c_str());
}

// ---- aclnnKlDivBackward, aclnnKlDivTargetBackward (aclnn_kl_div_backward.cpp, aclnn_kl_div_target_backward.cpp
// CheckShape after their max-dims checks); c.t = {gradOutput, self, target, out / gradTarget}

/// self and target broadcast (OP_CHECK_BROADCAST_AND_INFER_SHAPE); gradOutput broadcasting to that shape ("Except
/// shape of gradOutput must broadcast to <b>, but current is <g>."); then `same` (self for KlDivBackward, target for
/// KlDivTargetBackward) of the last tensor's shape (OP_CHECK_SHAPE_NOT_EQUAL(same, last)).
inline int KlDivShape(const OpCall& c, bool target_side) {
    const aclTensor* grad = c.t[0];
    std::vector<int64_t> b, bg;
    if (int r = LossBroadcastInfer(c.t[1], "self", c.t[2], "target", &b)) return r;
    if (!LossBroadcast(grad->view_shape, b, &bg) || bg != b) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Except shape of gradOutput must broadcast to %s, but current is %s.",
                    ShapeString(b).c_str(), ShapeString(grad->view_shape).c_str());
    }
    const aclTensor* same = target_side ? c.t[2] : c.t[1];
    const aclTensor* last = c.t[3];
    if (same->view_shape == last->view_shape) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for %s to have same size as tensor for %s, but %s does not equal %s.",
                target_side ? "target" : "self", target_side ? "gradTarget" : "out",
                ShapeString(same->view_shape).c_str(), ShapeString(last->view_shape).c_str());
}

inline int CheckKlDivBackwardShape(const OpCall& c, int64_t, bool) { return KlDivShape(c, false); }
inline int CheckKlDivTargetBackwardShape(const OpCall& c, int64_t, bool) { return KlDivShape(c, true); }

/// aclnn_kl_div_target_backward.cpp CheckFormat: any of the four tensors in a private storage format.
inline int CheckKlDivTargetBackwardFormat(const OpCall& c, int64_t, bool) {
    for (int k = 0; k < 4; ++k) {
        if (!IsPrivateFormatCode(c.t[k]->format)) continue;
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Format only support ND\u3001NCHW\u3001NHWC\u3001HWCN\u3001NDHWC\u3001NCDHW\u3001NCL. Actual: "
                    "gradOutput [%s], self [%s], target [%s], gradTarget [%s] ",
                    FormatName(c.t[0]->format), FormatName(c.t[1]->format), FormatName(c.t[2]->format),
                    FormatName(c.t[3]->format));
    }
    return 0;
}

// ---- aclnnNLLLoss (aclnn_nll_loss.cpp CheckShape); c.t = {self, target, weight, out, totalWeightOut}

/// The shape rules shared with the backward: self 1-D or 2-D, target 0-D or 1-D, a 1-D self with a 0-D target or
/// a 2-D self with target [N]; weight [C]. `backward` selects the backward's texts.
inline int NllShapeCommon(const aclTensor* self, const aclTensor* target, const aclTensor* weight, bool backward) {
    const size_t sd = self->view_shape.size();
    if (!(sd > 0 && sd <= 2)) return Fail(ACLNN_ERR_PARAM_INVALID, "Input tensor should be 1D or 2D.");
    const size_t td = target->view_shape.size();
    if (td > 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "0D or 1D target tensor expected, multi-target not supported.");
    }
    const bool no_batch = sd == 1 && td == 0;
    if (backward) {
        // CANN compares dim 0 of both whenever the pair is not (1-D, 0-D); a 0-D target there reads no dim - refused.
        if (!no_batch && (td == 0 || self->view_shape[0] != target->view_shape[0])) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Size mismatch (got input: %s, target: %s) ",
                        ShapeString(self->view_shape).c_str(), ShapeString(target->view_shape).c_str());
        }
    } else {
        const bool one_batch = sd == 2 && td == 1;
        if (!(no_batch || (one_batch && self->view_shape[0] == target->view_shape[0]))) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "when self is 1D, target need be 0D; when self is 2D, target need be 1D, and target first "
                        "dimension need equal to self first dimension, but (got self: %s, target: %s)",
                        ShapeString(self->view_shape).c_str(), ShapeString(target->view_shape).c_str());
        }
    }
    const int64_t classes = self->view_shape[sd - 1];
    if (weight->view_shape.size() != 1 || weight->view_shape[0] != classes) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Weight tensor should be defined for all %ld classes but got weight tensor of shape: %s",
                    static_cast<long>(classes), ShapeString(weight->view_shape).c_str());
    }
    return 0;
}

inline int CheckNllLossShape(const OpCall& c, int64_t reduction, int64_t) {
    const aclTensor* self = c.t[0];
    const aclTensor* target = c.t[1];
    const aclTensor* out = c.t[3];
    const aclTensor* tw = c.t[4];
    if (int r = NllShapeCommon(self, c.t[1], c.t[2], false)) return r;
    if (reduction == 0 && self->view_shape.size() == 2) {
        if (!(out->view_shape.size() == 1 && out->view_shape[0] == self->view_shape[0])) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expect out shape [%ld], but got: %s.",
                        static_cast<long>(self->view_shape[0]), ShapeString(out->view_shape).c_str());
        }
    } else if (!(out->view_shape.size() <= 1 && out->numel == 1)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected a single element out tensor, but got: %s",
                    ShapeString(out->view_shape).c_str());
    }
    if (tw->numel != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of totalWeightOut tensor should be [1], but current is %s.",
                    ShapeString(tw->view_shape).c_str());
    }
    if (self->numel == 0 && self->view_shape.back() == 0 && target->numel > 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Target is out of bounds");
    }
    return 0;
}

// ---- aclnnNLLLossBackward (aclnn_nll_loss_backward.cpp CheckShape); c.t = {gradOutput, self, target, weight,
// totalWeight, out}

inline int CheckNllLossBackwardShape(const OpCall& c, int64_t reduction, int64_t) {
    const aclTensor* grad = c.t[0];
    const aclTensor* self = c.t[1];
    const aclTensor* tw = c.t[4];
    const aclTensor* out = c.t[5];
    if (int r = NllShapeCommon(self, c.t[2], c.t[3], true)) return r;
    if (tw->numel != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected totalWeight to be a single element tensor, but current is %s.",
                    ShapeString(tw->view_shape).c_str());
    }
    if (reduction == 0 && self->view_shape.size() == 2) {
        if (!(grad->view_shape.size() == 1 && grad->view_shape[0] == self->view_shape[0])) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expect gradOutput shape [%ld], but got: %s.",
                        static_cast<long>(self->view_shape[0]), ShapeString(grad->view_shape).c_str());
        }
    } else if (!(grad->view_shape.size() <= 1 && grad->numel == 1)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected a single element grad_output tensor, but got: %s",
                    ShapeString(grad->view_shape).c_str());
    }
    if (self->view_shape == out->view_shape) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for self to have same size as tensor for out, but %s does not equal %s.",
                ShapeString(self->view_shape).c_str(), ShapeString(out->view_shape).c_str());
}

// ---- aclnnNLLLoss2d (aclnn_nll_loss2d.cpp CheckShape2D); c.t = {self, target, weight, out, totalWeightOut}

/// self 4-D; weight's dim 0 C (a 0-d weight, whose dim 0 CANN reads out of range, is refused the same way - beyond
/// CANN); target 3-D of self's N, H, W; reduction none: out of target's shape (OP_CHECK_SHAPE_NOT_EQUAL(out, target)),
/// otherwise one element; totalWeightOut one element.
inline int CheckNllLoss2dShape(const OpCall& c, int64_t reduction, int64_t) {
    const aclTensor* self = c.t[0];
    const aclTensor* target = c.t[1];
    const aclTensor* weight = c.t[2];
    const aclTensor* out = c.t[3];
    const aclTensor* tw = c.t[4];
    if (self->view_shape.size() != 4) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Input tensor dim should be 4D, other dim not supported.");
    }
    const std::vector<int64_t>& s = self->view_shape;
    if (weight->view_shape.empty() || weight->view_shape[0] != s[1]) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Input tensor x[1] should be equal to weight[0].");
    }
    const std::vector<int64_t>& t = target->view_shape;
    if (t.size() != 3) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "target tensor dim should be 3D, other dim not supported.");
    }
    if (!(s[0] == t[0] && s[2] == t[1] && s[3] == t[2])) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "size mismatch got input: [%s], target: [%s].", ShapeString(s).c_str(),
                    ShapeString(t).c_str());
    }
    if (reduction == 0) {
        if (out->view_shape != t) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Expected tensor for out to have same size as tensor for target, but %s does not equal %s.",
                        ShapeString(out->view_shape).c_str(), ShapeString(t).c_str());
        }
    } else if (out->numel != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of out tensor should be [1], but current is %s.",
                    ShapeString(out->view_shape).c_str());
    }
    if (tw->numel != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of totalWeightOut tensor should be [1], but current is %s.",
                    ShapeString(tw->view_shape).c_str());
    }
    return 0;
}

// ---- aclnnLogit, aclnnLogitGrad (loss/logit, loss/logit_grad): aclnn layers CANN's build generates from the operator
// definitions (logit_def.cpp, logit_grad_def.cpp: BF16, FLOAT16, FLOAT on ascend910b, ascend910_93, ascend950 - no
// other product); no op_api source, so the messages are aclcpu's. c.t = {input, out} / {x, dy, out}.

/// Every tensor of the first's dtype, that dtype in the definition's list (an empty one outside Ascend 950 and Atlas
/// A2/A3), every tensor of the first's shape and of at most 8 dims -> 161002.
inline int LogitSameAll(const OpCall& c, const char* const* names, int n) {
    const aclTensor* first = c.t[0];
    const bool listed = LossBf16(c.soc);
    for (int k = 0; k < n; ++k) {
        const aclDataType d = c.t[k]->dtype;
        if (!listed || !(d == ACL_BF16 || d == ACL_FLOAT16 || d == ACL_FLOAT)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list %s.",
                        names[k], DtypeName(d), listed ? "DT_BF16, DT_FLOAT16, DT_FLOAT" : "");
        }
    }
    for (int k = 1; k < n; ++k) {
        if (int r = LossDtypeMatch(c.t[k], names[k], first->dtype)) return r;
    }
    for (int k = 0; k < n; ++k) {
        if (c.t[k]->view_shape.size() > 8) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor cannot be larger than %zu dimensions.", names[k],
                        size_t{8});
        }
    }
    for (int k = 1; k < n; ++k) {
        if (c.t[k]->view_shape != first->view_shape) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Expected tensor for %s to have same size as tensor for %s, but %s does not equal %s.", names[k],
                        names[0], ShapeString(c.t[k]->view_shape).c_str(), ShapeString(first->view_shape).c_str());
        }
    }
    return 0;
}

inline int CheckLogit(const OpCall& c, double) {
    static const char* const names[2] = {"input", "out"};
    return LogitSameAll(c, names, 2);
}

inline int CheckLogitGrad(const OpCall& c, double) {
    static const char* const names[3] = {"x", "dy", "out"};
    return LogitSameAll(c, names, 3);
}

/// aclnn_nll_loss2d_backward.cpp CheckShape (then CheckReduction, the table's next check). c.t = {gradOutput, self,
/// target, weight, totalWeight, out} (totalWeight an inout tensor of the table: after the inputs).
inline int CheckNll2dBackwardShape(const OpCall& c, int64_t reduction, int64_t) {
    const aclTensor* grad = c.t[0];
    const aclTensor* self = c.t[1];
    const aclTensor* target = c.t[2];
    const aclTensor* weight = c.t[3];
    const aclTensor* total = c.t[4];
    const aclTensor* out = c.t[5];
    if (reduction == 0) {
        if (grad->view_shape != target->view_shape) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Size mismatch (got gradOutput: %s, target: %s) ",
                        ShapeString(grad->view_shape).c_str(), ShapeString(target->view_shape).c_str());
        }
    } else if (grad->view_shape.size() > 1 || grad->numel != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected a single element grad_output tensor, but got: %s",
                    ShapeString(grad->view_shape).c_str());
    }
    if (self->view_shape.size() != 4) return Fail(ACLNN_ERR_PARAM_INVALID, "Input tensor should be 4D.");
    if (target->view_shape.size() != 3) return Fail(ACLNN_ERR_PARAM_INVALID, "target tensor should be 3D.");
    const std::vector<int64_t>& s = self->view_shape;
    const std::vector<int64_t>& t = target->view_shape;
    if (s[0] != t[0] || s[2] != t[1] || s[3] != t[2]) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Size mismatch (got input: %s, target: %s) ", ShapeString(s).c_str(),
                    ShapeString(t).c_str());
    }
    if (weight->numel != s[1]) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Weight tensor should be defined for all %lld classes but got weight tensor of shape: %s",
                    static_cast<long long>(s[1]), ShapeString(weight->view_shape).c_str());
    }
    if (out->view_shape != s) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of Out tensor should be %s, but current is %s.",
                    ShapeString(s).c_str(), ShapeString(out->view_shape).c_str());
    }
    if (total->numel != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of totalWeight tensor should be [1], but current is %s.",
                    ShapeString(total->view_shape).c_str());
    }
    return 0;
}

}  // namespace aclcpu
