// The custom first-phase checks of the nn_norm family (ops/families/nn_norm.yaml `custom` checks the table's
// vocabulary cannot express; docs/ops/nn_norm.md). Included at the end of src/op/reference_checks.h (through the
// generated op/family_hooks.inc). Each hook is int <hook>(const OpCall& c, <the entry's non-tensor parameters>):
// 0, or 161002 with CANN's message. Facts: hicann/ops-nn norm/<op>/op_host/op_api/aclnn_*.cpp (norm/<op>/op_api/
// for renorm) and common/stub/op_api/aclnn_kernels/common/op_error_check.h (the OP_CHECK_* messages).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "common/status.h"
#include "op/op_call.h"
#include "runtime/runtime.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {

/// OP_CHECK_DTYPE_NOT_MATCH(tensor, expected).
inline int NormDtypeMatch(const aclTensor* t, const char* name, aclDataType expected) {
    if (t->dtype == expected) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s expected dtype is %s but found %s.", name, DtypeName(expected),
                DtypeName(t->dtype));
}

/// OP_CHECK_MIN_DIM(tensor, n).
inline int NormMinDims(const aclTensor* t, const char* name, size_t n) {
    if (t->view_shape.size() >= n) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor must have at least %zu dimensions.", name, n);
}

/// OP_CHECK_MAX_DIM(tensor, 8).
inline int NormMaxDims(const aclTensor* t, const char* name) {
    if (t->view_shape.size() <= 8) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor cannot be larger than %zu dimensions.", name, size_t{8});
}

/// OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE(tensor, expected).
inline int NormShapeIs(const aclTensor* t, const char* name, const std::vector<int64_t>& expected) {
    if (t->view_shape == expected) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for %s to have same size as %s, but got %s.", name,
                ShapeString(expected).c_str(), ShapeString(t->view_shape).c_str());
}

// ---- aclnnGroupNorm (aclnn_group_norm.cpp CheckParams after CheckNotNull4Tensor);
// c.t = {self, gamma, beta, out, meanOut, rstdOut}

/// CheckDtypeValid: self in the list (FLOAT16, FLOAT; FLOAT16, BF16, FLOAT on NpuArch DAV_2201 or a regbase arch -
/// Ascend 950, Atlas A2/A3); gamma, beta, out, meanOut, rstdOut of self's dtype (OP_CHECK_DTYPE_NOT_MATCH).
/// CheckAttr: group > 0, C divisible by group, eps > 0. CheckShape: self of 2 to 8 dims, out self's shape, meanOut
/// and rstdOut [N, group], self's dims 0 and 1 N and C, the product of the others HxW, self's count N * C * HxW,
/// gamma and beta [C]. CheckFormat: self's and out's storage formats equal; self not NHWC, HWCN, NDHWC or private.
inline int CheckGroupNorm(const OpCall& c, int64_t N, int64_t C, int64_t HxW, int64_t group, double eps) {
    const aclTensor* self = c.t[0];
    const aclTensor* gamma = c.t[1];
    const aclTensor* beta = c.t[2];
    const aclTensor* out = c.t[3];
    const aclTensor* mean = c.t[4];
    const aclTensor* rstd = c.t[5];
    const bool bf16 = c.soc == rt::Soc::kAscend950 || c.soc == rt::Soc::kAscend910B || c.soc == rt::Soc::kAscend910_93;
    const aclDataType d = self->dtype;
    if (!(d == ACL_FLOAT16 || d == ACL_FLOAT || (bf16 && d == ACL_BF16))) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for %s, should be in dtype support list %s.",
                    DtypeName(d), bf16 ? "DT_FLOAT16, DT_BF16, DT_FLOAT" : "DT_FLOAT16, DT_FLOAT");
    }
    if (gamma != nullptr) {
        if (int r = NormDtypeMatch(gamma, "gamma", d)) return r;
    }
    if (beta != nullptr) {
        if (int r = NormDtypeMatch(beta, "beta", d)) return r;
    }
    if (int r = NormDtypeMatch(out, "out", d)) return r;
    if (int r = NormDtypeMatch(mean, "meanOut", d)) return r;
    if (int r = NormDtypeMatch(rstd, "rstdOut", d)) return r;
    if (!(group > 0)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected group to be greater than 0, got %ld.", static_cast<long>(group));
    }
    if (C % group != 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected number of channels in input to be divisible by group, but got input of shape %s and "
                    "group=%ld.",
                    ShapeString(self->view_shape).c_str(), static_cast<long>(group));
    }
    if (!(eps > 0.0)) return Fail(ACLNN_ERR_PARAM_INVALID, "Expected eps to be greater than 0, got %lf.", eps);
    if (int r = NormMinDims(self, "self", 2)) return r;
    if (int r = NormMaxDims(self, "self")) return r;
    if (out->view_shape != self->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for out to have same size as tensor for self, but %s does not equal %s.",
                    ShapeString(out->view_shape).c_str(), ShapeString(self->view_shape).c_str());
    }
    const std::vector<int64_t> mv = {N, group};
    if (int r = NormShapeIs(mean, "meanOut", mv)) return r;
    if (int r = NormShapeIs(rstd, "rstdOut", mv)) return r;
    const std::vector<int64_t>& s = self->view_shape;
    if (s[0] != N) return Fail(ACLNN_ERR_PARAM_INVALID, "Expected self.shape[0] == N to be true, but got false.");
    if (s[1] != C) return Fail(ACLNN_ERR_PARAM_INVALID, "Expected self.shape[1] == C to be true, but got false.");
    int64_t hw = 1;
    for (size_t i = 2; i < s.size(); ++i) hw *= s[i];
    if (hw != HxW) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected the size of self outside the N and C dimensions == HxW to be true, but got false.");
    }
    if (self->numel != N * C * HxW) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected self.numel() == N * C * HxW to be true, but got false.");
    }
    const aclTensor* affine[2] = {gamma, beta};
    const char* affine_names[2] = {"gamma", "beta"};
    for (int k = 0; k < 2; ++k) {
        const aclTensor* a = affine[k];
        if (a != nullptr && (a->view_shape.size() != 1 || a->view_shape[0] != C)) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Expected %s to be a vector of size equal to the number of channels in input, but got %s of "
                        "shape %s and input of shape %s.",
                        affine_names[k], affine_names[k], ShapeString(a->view_shape).c_str(), ShapeString(s).c_str());
        }
    }
    if (self->format != out->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format of self and out should be equal, but got self [%s], out [%s]",
                    FormatName(self->format), FormatName(out->format));
    }
    const int32_t f = self->format;
    if (IsPrivateFormatCode(f) || f == ACL_FORMAT_NHWC || f == ACL_FORMAT_HWCN || f == ACL_FORMAT_NDHWC) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format only support ND\u3001NCL\u3001NCHW\u3001NCDHW.");
    }
    return 0;
}

// ---- aclnnRenorm, aclnnInplaceRenorm (aclnn_renorm.cpp CheckParams after CheckNotNull); c.t = {self, out}

/// CheckDtypeValid's list: FLOAT, FLOAT16 plus BF16 where SocVersion >= ASCEND910B. In opdev's SocVersion order
/// (ASCEND910, ASCEND910B, ASCEND910_93, ASCEND950, ..., ASCEND310P, ...) that is every product but the Ascend910.
inline bool RenormBf16(rt::Soc soc) { return soc != rt::Soc::kAscend910; }

/// CheckDtypeValid: self, then out in the list; self of out's dtype. CheckRenormFormat: the formats equal.
/// CheckRenormShape: self, out at least 2 dims, at most 8; self's shape out's. CheckValue: ToFloat(p) not below 0;
/// dim in [-rank, rank - 1]; ToFloat(maxNorm) not below 0.
inline int CheckRenorm(const OpCall& c, const aclScalar* p, int64_t dim, const aclScalar* maxNorm) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    const bool bf16 = RenormBf16(c.soc);
    const char* list = bf16 ? "DT_FLOAT, DT_FLOAT16, DT_BF16" : "DT_FLOAT, DT_FLOAT16";
    const aclTensor* ts[2] = {self, out};
    const char* names[2] = {"self", "out"};
    for (int k = 0; k < 2; ++k) {
        const aclDataType d = ts[k]->dtype;
        if (!(d == ACL_FLOAT || d == ACL_FLOAT16 || (bf16 && d == ACL_BF16))) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list %s.",
                        names[k], DtypeName(d), list);
        }
    }
    if (int r = NormDtypeMatch(self, "self", out->dtype)) return r;
    if (self->format != out->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format of input and output should be equal, self [%s], out [%s].",
                    FormatName(self->format), FormatName(out->format));
    }
    if (int r = NormMinDims(self, "self", 2)) return r;
    if (int r = NormMinDims(out, "out", 2)) return r;
    if (int r = NormMaxDims(self, "self")) return r;
    if (int r = NormMaxDims(out, "out")) return r;
    if (self->view_shape != out->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for self to have same size as tensor for out, but %s does not equal %s.",
                    ShapeString(self->view_shape).c_str(), ShapeString(out->view_shape).c_str());
    }
    float pv = 0.0f, mv = 0.0f;
    ScalarToFloatNearest(*p, &pv);
    ScalarToFloatNearest(*maxNorm, &mv);
    if (pv < 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "p only support non-negative values, but now p is [%f].",
                    static_cast<double>(pv));
    }
    const int64_t rank = static_cast<int64_t>(self->view_shape.size());
    if (dim < -rank || dim > rank - 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "dim range only support [-dimNum, dimNum - 1], but now dim is [%ld].",
                    static_cast<long>(dim));
    }
    if (mv < 0.0f) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "maxNorm should be greater than 0, but now maxNorm is [%f].",
                    static_cast<double>(mv));
    }
    return 0;
}

// ---- aclnnLayerNormBackward (aclnn_layer_norm_backward.cpp); c.t = {gradOut, input, mean, rstd, weightOptional,
// biasOptional, gradInputOut, gradWeightOut, gradBiasOut}, the optional ones NULL when absent.

/// After CheckNotNull: outputMask of 3 ("Expected aclnnLayerNormBackward outputMask len to be 3, but got %zu."), then
/// each output whose mask is set non-NULL (OP_CHECK_NULL -> 161001).
inline int CheckLayerNormBackwardMask(const OpCall& c, const aclIntArray*, const aclBoolArray* outputMask) {
    const std::vector<uint8_t>& m = outputMask->values;
    if (m.size() != 3) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected aclnnLayerNormBackward outputMask len to be 3, but got %zu.",
                    m.size());
    }
    const char* names[3] = {"gradInputOut", "gradWeightOut", "gradBiasOut"};
    for (int k = 0; k < 3; ++k) {
        if (m[k] != 0 && c.t[6 + k] == nullptr) {
            return Fail(ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument %s.", names[k]);
        }
    }
    return 0;
}

/// CheckShapeEqual as CANN writes it: for i from rank(t) - len(normalizedShape) up to len(normalizedShape) - 1,
/// normalizedShape[i] against t's dim i + (rank - len) (so with a longer t only part of the trailing dims is compared).
inline int LayerNormGradShapeEqual(const aclTensor* t, const std::vector<int64_t>& ns) {
    const size_t len = t->view_shape.size();
    const size_t axis = len - ns.size();
    for (size_t i = axis; i < ns.size(); ++i) {
        if (ns[i] != t->view_shape[i + axis]) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Expected normalized index [%zu] shape [%ld] be equal to tensor index [%zu] shape [%ld], but "
                        "failed.",
                        i, static_cast<long>(ns[i]), i + axis, static_cast<long>(t->view_shape[i + axis]));
        }
    }
    return 0;
}

/// A dtype in FLOAT16, FLOAT, BF16 (one list on every product).
inline int LayerNormGradDtype(const aclTensor* t, const char* name) {
    const aclDataType d = t->dtype;
    if (d == ACL_FLOAT16 || d == ACL_FLOAT || d == ACL_BF16) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list %s.", name,
                DtypeName(d), "DT_FLOAT16, DT_FLOAT, DT_BF16");
}

/// OP_CHECK_DTYPE_NOT_SAME(a, b).
inline int LayerNormGradSameDtype(const aclTensor* a, const char* an, const aclTensor* b, const char* bn) {
    if (a->dtype == b->dtype) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected both tensors to have same dtype, but found %s %s and %s %s.", an,
                DtypeName(a->dtype), bn, DtypeName(b->dtype));
}

/// CheckDtype, then CheckShape (M = the product of input's leading dims, N of its trailing len(normalizedShape)).
inline int CheckLayerNormBackward(const OpCall& c, const aclIntArray* normalizedShape, const aclBoolArray* outputMask) {
    const aclTensor* gradOut = c.t[0];
    const aclTensor* input = c.t[1];
    const aclTensor* mean = c.t[2];
    const aclTensor* rstd = c.t[3];
    const aclTensor* weight = c.t[4];
    const aclTensor* bias = c.t[5];
    const aclTensor* outs[3] = {c.t[6], c.t[7], c.t[8]};
    const char* out_names[3] = {"gradInputOut", "gradWeightOut", "gradBiasOut"};
    const std::vector<uint8_t>& mask = outputMask->values;
    const std::vector<int64_t>& ns = normalizedShape->values;
    // CheckDtype
    if (int r = LayerNormGradDtype(gradOut, "gradOut")) return r;
    if (int r = LayerNormGradDtype(input, "input")) return r;
    if (int r = LayerNormGradDtype(mean, "mean")) return r;
    if (int r = LayerNormGradDtype(rstd, "rstd")) return r;
    if (int r = LayerNormGradSameDtype(gradOut, "gradOut", input, "input")) return r;
    if (weight != nullptr) {
        if (int r = LayerNormGradDtype(weight, "weightOptional")) return r;
        if (weight->dtype != ACL_FLOAT) {
            if (int r = LayerNormGradSameDtype(weight, "weightOptional", input, "input")) return r;
        }
    }
    if (bias != nullptr) {
        if (int r = LayerNormGradDtype(bias, "biasOptional")) return r;
    }
    for (int k = 0; k < 3; ++k) {
        if (outs[k] != nullptr) {
            if (int r = LayerNormGradDtype(outs[k], out_names[k])) return r;
        }
    }
    // CheckShape
    if (int r = NormMaxDims(gradOut, "gradOut")) return r;
    if (int r = NormMaxDims(input, "input")) return r;
    if (int r = NormMaxDims(mean, "mean")) return r;
    if (int r = NormMaxDims(rstd, "rstd")) return r;
    if (ns.size() > 8) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected aclnnLayerNormBackward normalizedShape len [%zu] to not be greater than [%zu] but check "
                    "failed.",
                    ns.size(), size_t{8});
    }
    for (int k = 0; k < 3; ++k) {
        if (mask[k] != 0) {
            if (int r = NormMaxDims(outs[k], out_names[k])) return r;
        }
    }
    if (ns.empty()) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected aclnnLayerNormBackward normalizedShape len [%zu] to be greater than [%zu] but check "
                    "failed.",
                    ns.size(), size_t{1});
    }
    if (int r = NormMinDims(input, "input", ns.size())) return r;
    if (int r = LayerNormGradShapeEqual(input, ns)) return r;
    const aclTensor* affine[2] = {weight, bias};
    const char* affine_names[2] = {"weightOptional", "biasOptional"};
    for (int k = 0; k < 2; ++k) {
        const aclTensor* a = affine[k];
        if (a == nullptr) continue;
        if (int r = NormMaxDims(a, affine_names[k])) return r;
        if (a->view_shape.size() != ns.size()) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected %zu dimension input, but got %s with sizes %s.", ns.size(),
                        affine_names[k], ShapeString(a->view_shape).c_str());
        }
        if (int r = LayerNormGradShapeEqual(a, ns)) return r;
    }
    if (gradOut->view_shape != input->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for gradOut to have same size as tensor for input, but %s does not equal %s.",
                    ShapeString(gradOut->view_shape).c_str(), ShapeString(input->view_shape).c_str());
    }
    if (mean->view_shape != rstd->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for mean to have same size as tensor for rstd, but %s does not equal %s.",
                    ShapeString(mean->view_shape).c_str(), ShapeString(rstd->view_shape).c_str());
    }
    const size_t begin = input->view_shape.size() - ns.size();
    int64_t M = 1, N = 1;
    for (size_t i = 0; i < begin; ++i) M *= input->view_shape[i];
    for (size_t i = begin; i < input->view_shape.size(); ++i) N *= input->view_shape[i];
    if (mean->numel != M) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected aclnnLayerNormBackward mean shape size %s to be equal to %ld but check failed.",
                    ShapeString(mean->view_shape).c_str(), static_cast<long>(M));
    }
    if (mask[0] != 0 && outs[0]->view_shape != input->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for gradInputOut to have same size as tensor for input, but %s does not equal %s.",
                    ShapeString(outs[0]->view_shape).c_str(), ShapeString(input->view_shape).c_str());
    }
    for (int k = 1; k < 3; ++k) {
        if (mask[k] != 0 && outs[k]->numel != N) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Expected aclnnLayerNormBackward %s shape size [%s] to be equal to [%ld] but check failed.",
                        out_names[k], ShapeString(outs[k]->view_shape).c_str(), static_cast<long>(N));
        }
    }
    return 0;
}

// ---- aclnnNorm (norm/lp_norm_v2/op_api/aclnn_norm.cpp); c.t = {self, out}

/// Ascend 950 is the regbase arch of these op_apis (IsRegbase).
inline bool LpNormRegbase(rt::Soc soc) { return soc == rt::Soc::kAscend950; }

/// The list FLOAT, FLOAT16, BF16 (OP_CHECK_DTYPE_NOT_SUPPORT).
inline int LpNormInList(const aclTensor* t, const char* name) {
    const aclDataType d = t->dtype;
    if (d == ACL_FLOAT || d == ACL_FLOAT16 || d == ACL_BF16) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list %s.", name,
                DtypeName(d), "DT_FLOAT, DT_FLOAT16, DT_BF16");
}

/// CheckPromoteType: Promote(self, out) defined ("Input dtype ... and output dtype ... can not promote dtype."), on
/// the regbase arch castable to out's dtype.
inline int LpNormPromote(const OpCall& c) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    const aclDataType p = PromoteTypes(self->dtype, out->dtype);
    if (p == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Input dtype %s and output dtype %s can not promote dtype.",
                    DtypeName(self->dtype), DtypeName(out->dtype));
    }
    if (LpNormRegbase(c.soc) && !CanCast(p, out->dtype)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Result type %s can't be cast to the desired output type %s.",
                    DtypeName(p), DtypeName(out->dtype));
    }
    return 0;
}

/// CheckShape: self, out at most 8 dims; out's shape self's with dims (all when empty) removed, or kept as 1
/// (ExpectShapeInferWithDimMask; OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE).
inline int LpNormShape(const OpCall& c, const std::vector<int64_t>& dims, bool keepDims) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    if (int r = NormMaxDims(self, "self")) return r;
    if (int r = NormMaxDims(out, "out")) return r;
    const std::vector<int64_t>& s = self->view_shape;
    const int64_t rank = static_cast<int64_t>(s.size()) > 0 ? static_cast<int64_t>(s.size()) : 1;
    std::vector<bool> mask(s.size() + 1, dims.empty());
    for (int64_t d : dims) {
        const int64_t k = d < 0 ? d + rank : d;
        if (k >= 0 && k < static_cast<int64_t>(mask.size())) mask[static_cast<size_t>(k)] = true;
    }
    std::vector<int64_t> expect;
    for (size_t i = 0; i < s.size(); ++i) {
        if (!mask[i]) {
            expect.push_back(s[i]);
        } else if (keepDims) {
            expect.push_back(1);
        }
    }
    return NormShapeIs(out, "out", expect);
}

/// aclnn_norm.cpp CheckParams after CheckNotNull: CheckDtypeValid (the list on the regbase arch only),
/// CheckPromoteType, CheckDimValid (each dim in [-rank, rank - 1], rank at least 1; no dim twice), CheckShape.
inline int CheckNorm(const OpCall& c, const aclScalar*, const aclIntArray* dim, bool keepdim) {
    const aclTensor* self = c.t[0];
    if (LpNormRegbase(c.soc)) {
        if (int r = LpNormInList(self, "self")) return r;
        if (int r = LpNormInList(c.t[1], "out")) return r;
    }
    if (int r = LpNormPromote(c)) return r;
    const std::vector<int64_t>& dims = dim->values;
    int64_t rank = static_cast<int64_t>(self->view_shape.size());
    if (rank <= 0) rank = 1;
    for (int64_t d : dims) {
        if (d >= rank || d < -rank) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "provided dim %ld not in the range of input tensor size %ld.",
                        static_cast<long>(d), static_cast<long>(rank));
        }
    }
    std::vector<bool> seen(static_cast<size_t>(rank), false);
    for (int64_t d : dims) {
        const size_t k = static_cast<size_t>(d < 0 ? d + rank : d);
        if (seen[k]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Dim %ld appears multiple times in the list of dims",
                        static_cast<long>(d));
        }
        seen[k] = true;
    }
    return LpNormShape(c, dims, keepdim);
}

// ---- aclnnRmsNorm, aclnnRmsNormGrad (norm/rms_norm, norm/rms_norm_grad): aclnn layers CANN's build generates from the
// operator definitions (rms_norm_def.cpp, rms_norm_grad_def.cpp); there is no op_api source, so the messages are
// aclcpu's. The dtype combinations are the definitions' per product (its binary configs: ascend910b / ascend910_93 /
// ascend950 and the config without BF16 of ascend310p / ascend910) - 161002; the shape rules are the tiling's (the
// docs' constraints) - 561002, ACLNN_ERR_INNER_TILING_ERROR, as the docs list it.

/// Whether (a, b, c, d) is one of the rows.
inline bool RmsNormCombo(std::initializer_list<std::initializer_list<aclDataType>> rows,
                         std::initializer_list<aclDataType> got) {
    for (const auto& r : rows) {
        if (std::equal(r.begin(), r.end(), got.begin(), got.end())) return true;
    }
    return false;
}

/// The products whose definition has the BF16 rows (ascend910b, ascend910_93, ascend950).
inline bool RmsNormBf16(rt::Soc soc) {
    return soc == rt::Soc::kAscend950 || soc == rt::Soc::kAscend910B || soc == rt::Soc::kAscend910_93;
}

/// gamma's shape x's trailing dims (1 to 8 dims each, gamma no more than x); returns the leading count n via *lead.
inline int RmsNormGammaShape(const aclTensor* x, const aclTensor* gamma, size_t* lead) {
    const std::vector<int64_t>& xs = x->view_shape;
    const std::vector<int64_t>& gs = gamma->view_shape;
    if (xs.empty() || xs.size() > 8) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Expected x to have 1 to 8 dimensions, but got %s.",
                    ShapeString(xs).c_str());
    }
    if (gs.empty() || gs.size() > xs.size()) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR,
                    "Expected gamma to have 1 to %zu dimensions (x's trailing dims), but got %s.", xs.size(),
                    ShapeString(gs).c_str());
    }
    const size_t n = xs.size() - gs.size();
    if (!std::equal(gs.begin(), gs.end(), xs.begin() + static_cast<std::ptrdiff_t>(n))) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Expected gamma's shape %s to be x's trailing dims, x %s.",
                    ShapeString(gs).c_str(), ShapeString(xs).c_str());
    }
    *lead = n;
    return 0;
}

/// aclnnRmsNorm; c.t = {x, gamma, yOut, rstdOut}: the (x, gamma, yOut, rstdOut) dtypes one row of the product's
/// definition; gamma x's trailing dims; yOut x's shape; rstdOut x's leading dims followed by 1s.
/// The shared body of aclnnRmsNorm and aclnnGemmaRmsNorm: `ok` whether the dtypes are a row of the product's
/// definition.
inline int RmsNormCommon(const OpCall& c, bool ok) {
    const aclTensor* x = c.t[0];
    const aclTensor* gamma = c.t[1];
    const aclTensor* y = c.t[2];
    const aclTensor* rstd = c.t[3];
    if (!ok) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "%s does not support the dtypes x %s, gamma %s, yOut %s, rstdOut %s on this product.", c.api,
                    DtypeName(x->dtype), DtypeName(gamma->dtype), DtypeName(y->dtype), DtypeName(rstd->dtype));
    }
    size_t n = 0;
    if (int r = RmsNormGammaShape(x, gamma, &n)) return r;
    if (y->view_shape != x->view_shape) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Expected yOut to have x's shape %s, but got %s.",
                    ShapeString(x->view_shape).c_str(), ShapeString(y->view_shape).c_str());
    }
    std::vector<int64_t> want(x->view_shape.begin(), x->view_shape.begin() + static_cast<std::ptrdiff_t>(n));
    want.resize(x->view_shape.size(), 1);
    if (rstd->view_shape != want) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Expected rstdOut of shape %s, but got %s.", ShapeString(want).c_str(),
                    ShapeString(rstd->view_shape).c_str());
    }
    return 0;
}

inline int CheckRmsNorm(const OpCall& c, double) {
    const auto F16 = ACL_FLOAT16, BF = ACL_BF16, F = ACL_FLOAT;
    const std::initializer_list<aclDataType> got = {c.t[0]->dtype, c.t[1]->dtype, c.t[2]->dtype, c.t[3]->dtype};
    const bool ok = RmsNormBf16(c.soc)
                        ? RmsNormCombo({{F16, F, F16, F}, {BF, F, BF, F}, {F16, F16, F16, F}, {F, F, F, F}, {BF, BF, BF, F}},
                                       got)
                        : RmsNormCombo({{F16, F16, F16, F}, {F, F, F, F}}, got);
    return RmsNormCommon(c, ok);
}

/// aclnnGemmaRmsNorm (gemma_rms_norm_def.cpp): Atlas A2/A3 the rows (BF16 | FLOAT16 | FLOAT, gamma and yOut alike,
/// rstdOut FLOAT); Ascend 950 aclnnRmsNorm's five rows; no row on the Ascend910 or Ascend310P.
inline int CheckGemmaRmsNorm(const OpCall& c, double) {
    const auto F16 = ACL_FLOAT16, BF = ACL_BF16, F = ACL_FLOAT;
    const std::initializer_list<aclDataType> got = {c.t[0]->dtype, c.t[1]->dtype, c.t[2]->dtype, c.t[3]->dtype};
    bool ok = false;
    if (c.soc == rt::Soc::kAscend950) {
        ok = RmsNormCombo({{F16, F, F16, F}, {BF, F, BF, F}, {F16, F16, F16, F}, {F, F, F, F}, {BF, BF, BF, F}}, got);
    } else if (c.soc == rt::Soc::kAscend910B || c.soc == rt::Soc::kAscend910_93) {
        ok = RmsNormCombo({{BF, BF, BF, F}, {F16, F16, F16, F}, {F, F, F, F}}, got);
    }
    return RmsNormCommon(c, ok);
}

/// aclnnRmsNormGrad; c.t = {dy, x, rstd, gamma, dxOut, dgammaOut}: the dtypes one row of the product's definition
/// (dy, x, rstd, gamma, dx, dgamma); gamma x's trailing dims; dy and dxOut x's shape; rstd of x's leading count of
/// elements (x_shape[0:n], with or without trailing 1s); dgammaOut gamma's shape.
inline int CheckRmsNormGrad(const OpCall& c) {
    const aclTensor* dy = c.t[0];
    const aclTensor* x = c.t[1];
    const aclTensor* rstd = c.t[2];
    const aclTensor* gamma = c.t[3];
    const aclTensor* dx = c.t[4];
    const aclTensor* dg = c.t[5];
    const auto F16 = ACL_FLOAT16, BF = ACL_BF16, F = ACL_FLOAT;
    const std::initializer_list<aclDataType> got = {dy->dtype, x->dtype, rstd->dtype, gamma->dtype, dx->dtype, dg->dtype};
    const bool ok = RmsNormBf16(c.soc) ? RmsNormCombo({{F16, F16, F, F, F16, F}, {BF, BF, F, F, BF, F},
                                                       {F16, F16, F, F16, F16, F}, {F, F, F, F, F, F},
                                                       {BF, BF, F, BF, BF, F}},
                                                      got)
                                       : RmsNormCombo({{F16, F16, F, F16, F16, F}, {F, F, F, F, F, F}}, got);
    if (!ok) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "aclnnRmsNormGrad does not support the dtypes dy %s, x %s, rstd %s, gamma %s, dxOut %s, dgammaOut %s "
                    "on this product.",
                    DtypeName(dy->dtype), DtypeName(x->dtype), DtypeName(rstd->dtype), DtypeName(gamma->dtype),
                    DtypeName(dx->dtype), DtypeName(dg->dtype));
    }
    size_t n = 0;
    if (int r = RmsNormGammaShape(x, gamma, &n)) return r;
    const aclTensor* same[2] = {dy, dx};
    const char* same_names[2] = {"dy", "dxOut"};
    for (int k = 0; k < 2; ++k) {
        if (same[k]->view_shape != x->view_shape) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Expected %s to have x's shape %s, but got %s.", same_names[k],
                        ShapeString(x->view_shape).c_str(), ShapeString(same[k]->view_shape).c_str());
        }
    }
    int64_t m = 1;
    for (size_t i = 0; i < n; ++i) m *= x->view_shape[i];
    if (rstd->numel != m) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Expected rstd to hold %ld elements (x's leading dims), but got %s.",
                    static_cast<long>(m), ShapeString(rstd->view_shape).c_str());
    }
    if (dg->view_shape != gamma->view_shape) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Expected dgammaOut to have gamma's shape %s, but got %s.",
                    ShapeString(gamma->view_shape).c_str(), ShapeString(dg->view_shape).c_str());
    }
    return 0;
}

// ---- aclnnAddRmsNorm (norm/add_rms_norm/op_host/op_api/aclnn_add_rms_norm.cpp); c.t = {x1, x2, gamma, yOut,
// rstdOut, xOut}, rstdOut / xOut NULL when absent. CANN's macros print the op_api's expressions: inputTensor.x1,
// outputTensor.yOut, ... - restated so.

/// The op_api's mode: 0 (add: rstdOut given), 1 (pre: xOut alone given), 2 (post: neither).
inline int AddRmsNormMode(const OpCall& c) {
    if (c.t[5] != nullptr && c.t[4] == nullptr) return 1;
    if (c.t[5] == nullptr && c.t[4] == nullptr) return 2;
    return 0;
}

/// CheckNotNull after the mode: mode 0 needs rstdOut and xOut (so rstdOut given with xOut NULL -> 161001 naming
/// outputTensor.xOut). (x1, x2, gamma, yOut are the table's not_null checks.)
inline int CheckAddRmsNormNull(const OpCall& c, double) {
    if (AddRmsNormMode(c) == 0 && c.t[5] == nullptr) {
        return Fail(ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument outputTensor.xOut.");
    }
    return 0;
}

/// CheckDtypeValid, CheckShapeDim; then beyond CANN (its kernel's tiling: 561002) gamma x1's trailing dims and
/// rstdOut holding one value per leading index.
inline int CheckAddRmsNorm(const OpCall& c, double) {
    const aclTensor* x1 = c.t[0];
    const aclTensor* x2 = c.t[1];
    const aclTensor* gamma = c.t[2];
    const aclTensor* y = c.t[3];
    const aclTensor* rstd = c.t[4];
    const aclTensor* xo = c.t[5];
    const int mode = AddRmsNormMode(c);
    const bool p310 = c.soc == rt::Soc::kAscend310P;
    // the list: FLOAT, FLOAT16, BF16 (310P: FLOAT, FLOAT16); modes 1 and 2: FLOAT16, BF16 (310P: FLOAT16)
    const char* list = mode == 0 ? (p310 ? "DT_FLOAT, DT_FLOAT16" : "DT_FLOAT, DT_FLOAT16, DT_BF16")
                                 : (p310 ? "DT_FLOAT16" : "DT_FLOAT16, DT_BF16");
    auto in_list = [&](const aclTensor* t, const char* name) {
        const aclDataType d = t->dtype;
        bool ok = mode == 0 ? (d == ACL_FLOAT || d == ACL_FLOAT16 || (!p310 && d == ACL_BF16))
                            : (d == ACL_FLOAT16 || (!p310 && d == ACL_BF16));
        if (ok) return 0;
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list %s.",
                    name, DtypeName(d), list);
    };
    auto same = [](const aclTensor* a, const char* an, const aclTensor* b, const char* bn) {
        if (a->dtype == b->dtype) return 0;
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected both tensors to have same dtype, but found %s %s and %s %s.", an,
                    DtypeName(a->dtype), bn, DtypeName(b->dtype));
    };
    if (int r = in_list(x1, "inputTensor.x1")) return r;
    if (int r = in_list(x2, "inputTensor.x2")) return r;
    if (int r = in_list(gamma, "inputTensor.gamma")) return r;
    if (int r = same(x1, "inputTensor.x1", x2, "inputTensor.x2")) return r;
    if (int r = same(x1, "inputTensor.x1", gamma, "inputTensor.gamma")) return r;
    if (int r = in_list(y, "outputTensor.yOut")) return r;
    if (int r = same(y, "outputTensor.yOut", x1, "inputTensor.x1")) return r;
    if (mode == 0 || mode == 1) {
        if (int r = in_list(xo, "outputTensor.xOut")) return r;
        if (int r = same(xo, "outputTensor.xOut", y, "outputTensor.yOut")) return r;
    }
    if (mode == 0 && rstd->dtype != ACL_FLOAT) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor outputTensor.rstdOut expected dtype is %s but found %s.",
                    DtypeName(ACL_FLOAT), DtypeName(rstd->dtype));
    }
    // CheckShapeDim
    auto max_dims = [](const aclTensor* t, const char* name, size_t n) {
        if (t->view_shape.size() <= n) return 0;
        return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor cannot be larger than %zu dimensions.", name, n);
    };
    auto min_dims = [](const aclTensor* t, const char* name) {
        if (!t->view_shape.empty()) return 0;
        return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor must have at least %zu dimensions.", name, size_t{1});
    };
    auto same_shape = [](const aclTensor* a, const char* an, const aclTensor* b, const char* bn) {
        if (a->view_shape == b->view_shape) return 0;
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for %s to have same size as tensor for %s, but %s does not equal %s.", an, bn,
                    ShapeString(a->view_shape).c_str(), ShapeString(b->view_shape).c_str());
    };
    if (int r = max_dims(x1, "inputTensor.x1", 8)) return r;
    if (int r = max_dims(x2, "inputTensor.x2", 8)) return r;
    if (int r = max_dims(gamma, "inputTensor.gamma", 8)) return r;
    if (int r = min_dims(x1, "inputTensor.x1")) return r;
    if (int r = min_dims(x2, "inputTensor.x2")) return r;
    if (int r = min_dims(gamma, "inputTensor.gamma")) return r;
    if (int r = same_shape(x1, "inputTensor.x1", x2, "inputTensor.x2")) return r;
    if (int r = max_dims(y, "outputTensor.yOut", 8)) return r;
    if (int r = same_shape(x1, "inputTensor.x1", y, "outputTensor.yOut")) return r;
    if (mode == 0) {
        if (int r = max_dims(rstd, "outputTensor.rstdOut", 8)) return r;
        if (int r = max_dims(xo, "outputTensor.xOut", 8)) return r;
        if (int r = same_shape(x1, "inputTensor.x1", xo, "outputTensor.xOut")) return r;
    }
    if (mode == 1) {
        if (int r = max_dims(gamma, "inputTensor.gamma", 2)) return r;
        if (int r = max_dims(xo, "outputTensor.xOut", 8)) return r;
        if (int r = same_shape(x1, "inputTensor.x1", xo, "outputTensor.xOut")) return r;
    }
    if (mode == 2) {
        if (int r = max_dims(gamma, "inputTensor.gamma", 2)) return r;
    }
    if (x1->numel == 0 || gamma->numel == 0) return 0;  // CANN's early return: nothing runs
    // beyond CANN (the kernel's tiling checks, 561002): gamma x1's trailing dims; rstdOut one value per leading index
    const std::vector<int64_t>& xs = x1->view_shape;
    const std::vector<int64_t>& gs = gamma->view_shape;
    if (gs.size() > xs.size() ||
        !std::equal(gs.begin(), gs.end(), xs.begin() + static_cast<std::ptrdiff_t>(xs.size() - gs.size()))) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Expected gamma's shape %s to be x1's trailing dims, x1 %s.",
                    ShapeString(gs).c_str(), ShapeString(xs).c_str());
    }
    if (mode == 0) {
        int64_t m = 1;
        for (size_t i = 0; i < xs.size() - gs.size(); ++i) m *= xs[i];
        if (rstd->numel != m) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR,
                        "Expected rstdOut to hold %ld values (x1's leading dims followed by 1s), but got %s.",
                        static_cast<long>(m), ShapeString(rstd->view_shape).c_str());
        }
    }
    return 0;
}

// ---- aclnnInplaceAddRmsNorm (a generated aclnn layer, inplace_add_rms_norm_def.cpp); c.t = {gamma, x1Ref, x2Ref,
// rstdOut} (the input first, then the in-place tensors and the output).

/// The dtype rows (x1Ref, x2Ref, gamma alike; rstdOut FLOAT): FLOAT16, FLOAT, BF16 on Ascend 950 and Atlas A2/A3,
/// FLOAT16, FLOAT on the Ascend310P, none on the Ascend910 -> 161002; then (561002, the docs' rules) x1Ref of 1 to 8
/// dims, x2Ref of its shape, gamma its trailing dims, rstdOut its leading dims followed by 1s.
inline int CheckInplaceAddRmsNorm(const OpCall& c, double) {
    const aclTensor* gamma = c.t[0];
    const aclTensor* x1 = c.t[1];
    const aclTensor* x2 = c.t[2];
    const aclTensor* rstd = c.t[3];
    const aclDataType d = x1->dtype;
    bool ok = x2->dtype == d && gamma->dtype == d && rstd->dtype == ACL_FLOAT;
    if (RmsNormBf16(c.soc)) {
        ok = ok && (d == ACL_FLOAT16 || d == ACL_FLOAT || d == ACL_BF16);
    } else if (c.soc == rt::Soc::kAscend310P) {
        ok = ok && (d == ACL_FLOAT16 || d == ACL_FLOAT);
    } else {
        ok = false;
    }
    if (!ok) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "aclnnInplaceAddRmsNorm does not support the dtypes x1Ref %s, x2Ref %s, gamma %s, rstdOut %s on this "
                    "product.",
                    DtypeName(x1->dtype), DtypeName(x2->dtype), DtypeName(gamma->dtype), DtypeName(rstd->dtype));
    }
    size_t n = 0;
    if (int r = RmsNormGammaShape(x1, gamma, &n)) return r;
    if (x2->view_shape != x1->view_shape) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Expected x2Ref to have x1Ref's shape %s, but got %s.",
                    ShapeString(x1->view_shape).c_str(), ShapeString(x2->view_shape).c_str());
    }
    std::vector<int64_t> want(x1->view_shape.begin(), x1->view_shape.begin() + static_cast<std::ptrdiff_t>(n));
    want.resize(x1->view_shape.size(), 1);
    if (rstd->view_shape != want) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Expected rstdOut of shape %s, but got %s.", ShapeString(want).c_str(),
                    ShapeString(rstd->view_shape).c_str());
    }
    return 0;
}

// ---- aclnnDeepNorm (a generated aclnn layer, deep_norm_def.cpp); c.t = {x, gx, beta, gamma, meanOut, rstdOut, yOut}.

/// The dtype rows: x, gx, beta, gamma, yOut of one dtype FLOAT16, FLOAT or BF16 with meanOut, rstdOut FLOAT on Ascend
/// 950 and Atlas A2/A3; no configuration elsewhere -> 161002. Then (561002, the docs' rules) x of 1 to 8 dims, gamma
/// its trailing dims, beta of gamma's shape, gx and yOut of x's shape, meanOut and rstdOut x's leading dims followed
/// by 1s.
inline int CheckDeepNorm(const OpCall& c, double, double) {
    const aclTensor* x = c.t[0];
    const aclTensor* gx = c.t[1];
    const aclTensor* beta = c.t[2];
    const aclTensor* gamma = c.t[3];
    const aclTensor* mean = c.t[4];
    const aclTensor* rstd = c.t[5];
    const aclTensor* y = c.t[6];
    const aclDataType d = x->dtype;
    const bool ok = RmsNormBf16(c.soc) && (d == ACL_FLOAT16 || d == ACL_FLOAT || d == ACL_BF16) && gx->dtype == d &&
                    beta->dtype == d && gamma->dtype == d && y->dtype == d && mean->dtype == ACL_FLOAT &&
                    rstd->dtype == ACL_FLOAT;
    if (!ok) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "aclnnDeepNorm does not support the dtypes x %s, gx %s, beta %s, gamma %s, meanOut %s, rstdOut %s, "
                    "yOut %s on this product.",
                    DtypeName(d), DtypeName(gx->dtype), DtypeName(beta->dtype), DtypeName(gamma->dtype),
                    DtypeName(mean->dtype), DtypeName(rstd->dtype), DtypeName(y->dtype));
    }
    size_t n = 0;
    if (int r = RmsNormGammaShape(x, gamma, &n)) return r;
    if (beta->view_shape != gamma->view_shape) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Expected beta to have gamma's shape %s, but got %s.",
                    ShapeString(gamma->view_shape).c_str(), ShapeString(beta->view_shape).c_str());
    }
    const aclTensor* same[2] = {gx, y};
    const char* names[2] = {"gx", "yOut"};
    for (int k = 0; k < 2; ++k) {
        if (same[k]->view_shape != x->view_shape) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Expected %s to have x's shape %s, but got %s.", names[k],
                        ShapeString(x->view_shape).c_str(), ShapeString(same[k]->view_shape).c_str());
        }
    }
    std::vector<int64_t> want(x->view_shape.begin(), x->view_shape.begin() + static_cast<std::ptrdiff_t>(n));
    want.resize(x->view_shape.size(), 1);
    const aclTensor* stats[2] = {mean, rstd};
    const char* stat_names[2] = {"meanOut", "rstdOut"};
    for (int k = 0; k < 2; ++k) {
        if (stats[k]->view_shape != want) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Expected %s of shape %s, but got %s.", stat_names[k],
                        ShapeString(want).c_str(), ShapeString(stats[k]->view_shape).c_str());
        }
    }
    return 0;
}

// ---- aclnnAddLayerNorm, aclnnAddLayerNormGrad (norm/add_layer_norm, norm/add_layer_norm_grad): aclnn layers CANN's
// build generates from the operator definitions (add_layer_norm_def.cpp, add_layer_norm_grad_def.cpp); the messages
/// The shape checks a norm gradient's tiling makes after its dtypes (aclnnAddLayerNormGrad, aclnnDeepNormGrad): both
/// statistics tensors of `want` (the input's shape up to the normalised dims), both parameter gradients of gamma's
/// shape; 561002 with aclcpu's message naming the tensor.
inline int NormGradShapes(const std::vector<int64_t>& want, const aclTensor* gamma,
                          std::initializer_list<const aclTensor*> stats, std::initializer_list<const char*> stat_names,
                          std::initializer_list<const aclTensor*> grads, std::initializer_list<const char*> grad_names) {
    const char* const* name = stat_names.begin();
    for (const aclTensor* t : stats) {
        if (t->view_shape != want) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Expected %s of shape %s, but got %s.", *name,
                        ShapeString(want).c_str(), ShapeString(t->view_shape).c_str());
        }
        ++name;
    }
    name = grad_names.begin();
    for (const aclTensor* t : grads) {
        if (t->view_shape != gamma->view_shape) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Expected %s to have gamma's shape %s, but got %s.", *name,
                        ShapeString(gamma->view_shape).c_str(), ShapeString(t->view_shape).c_str());
        }
        ++name;
    }
    return 0;
}

// are aclcpu's, the dtype rows the definitions' per product (161002), the shape rules the docs' tiling list (561002).

/// x's leading dims (x's rank less gamma's) followed by 1s: the statistics' shape.
inline std::vector<int64_t> NormStatShape(const aclTensor* x, size_t lead) {
    std::vector<int64_t> want(x->view_shape.begin(), x->view_shape.begin() + static_cast<std::ptrdiff_t>(lead));
    want.resize(x->view_shape.size(), 1);
    return want;
}

/// Each tensor of `ts` of x's shape (561002).
inline int NormSameShapes(const aclTensor* x, std::initializer_list<const aclTensor*> ts,
                          std::initializer_list<const char*> names) {
    auto n = names.begin();
    for (const aclTensor* t : ts) {
        if (t != nullptr && t->view_shape != x->view_shape) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Expected %s to have x1's shape %s, but got %s.", *n,
                        ShapeString(x->view_shape).c_str(), ShapeString(t->view_shape).c_str());
        }
        ++n;
    }
    return 0;
}

/// aclnnAddLayerNorm; c.t = {x1, x2, gamma, beta, biasOptional, yOut, meanOut, rstdOut, xOut}. The (x1, x2, gamma,
/// beta, bias, y, mean, rstd, x) dtypes one row of the product's definition (Ascend 950, Atlas A2/A3: x1 and x2 of
/// FLOAT and FLOAT16 / BF16 in either order with FLOAT parameters and outputs, or of one dtype with gamma, beta FLOAT
/// or that dtype; Ascend310P: all FLOAT16 or all FLOAT; mean and rstd FLOAT; an absent bias matches any row; no
/// configuration on the Ascend910) -> 161002. Then (561002) x1 of 1 to 8 dims, no dim 0; gamma x1's trailing dims;
/// beta of gamma's shape; x2, yOut, xOut of x1's shape; bias of gamma's or x1's shape; meanOut and rstdOut x1's
/// leading dims followed by 1s.
inline int CheckAddLayerNorm(const OpCall& c, double, bool) {
    const aclTensor* x1 = c.t[0];
    const aclTensor* x2 = c.t[1];
    const aclTensor* gamma = c.t[2];
    const aclTensor* beta = c.t[3];
    const aclTensor* bias = c.t[4];
    const aclTensor* y = c.t[5];
    const aclTensor* mean = c.t[6];
    const aclTensor* rstd = c.t[7];
    const aclTensor* x = c.t[8];
    const auto F = ACL_FLOAT, H = ACL_FLOAT16, B = ACL_BF16;
    // rows of (x1, x2, gamma, beta, bias, y, x); mean and rstd FLOAT in every row
    std::vector<std::vector<aclDataType>> rows;
    if (RmsNormBf16(c.soc)) {
        rows = {{F, H, F, F, F, F, F}, {F, B, F, F, F, F, F}, {H, F, F, F, F, F, F}, {B, F, F, F, F, F, F},
                {H, H, F, F, H, H, H}, {B, B, F, F, B, B, B}, {H, H, H, H, H, H, H}, {B, B, B, B, B, B, B},
                {F, F, F, F, F, F, F}};
    } else if (c.soc == rt::Soc::kAscend310P) {
        rows = {{H, H, H, H, H, H, H}, {F, F, F, F, F, F, F}};
    }
    bool ok = false;
    for (const auto& r : rows) {
        ok = ok || (x1->dtype == r[0] && x2->dtype == r[1] && gamma->dtype == r[2] && beta->dtype == r[3] &&
                    (bias == nullptr || bias->dtype == r[4]) && y->dtype == r[5] && x->dtype == r[6]);
    }
    ok = ok && mean->dtype == F && rstd->dtype == F;
    if (!ok) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "aclnnAddLayerNorm does not support the dtypes x1 %s, x2 %s, gamma %s, beta %s, biasOptional %s, "
                    "yOut %s, meanOut %s, rstdOut %s, xOut %s on this product.",
                    DtypeName(x1->dtype), DtypeName(x2->dtype), DtypeName(gamma->dtype), DtypeName(beta->dtype),
                    bias == nullptr ? "none" : DtypeName(bias->dtype), DtypeName(y->dtype), DtypeName(mean->dtype),
                    DtypeName(rstd->dtype), DtypeName(x->dtype));
    }
    size_t n = 0;
    if (int r = RmsNormGammaShape(x1, gamma, &n)) return r;
    for (int64_t d : x1->view_shape) {
        if (d == 0) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Expected no dim of x1 %s to be 0.",
                        ShapeString(x1->view_shape).c_str());
        }
    }
    if (beta->view_shape != gamma->view_shape) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Expected beta to have gamma's shape %s, but got %s.",
                    ShapeString(gamma->view_shape).c_str(), ShapeString(beta->view_shape).c_str());
    }
    if (int r = NormSameShapes(x1, {x2, y, x}, {"x2", "yOut", "xOut"})) return r;
    if (bias != nullptr && bias->view_shape != gamma->view_shape && bias->view_shape != x1->view_shape) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Expected biasOptional to have gamma's shape %s or x1's %s, but got %s.",
                    ShapeString(gamma->view_shape).c_str(), ShapeString(x1->view_shape).c_str(),
                    ShapeString(bias->view_shape).c_str());
    }
    const std::vector<int64_t> want = NormStatShape(x1, n);
    const aclTensor* stats[2] = {mean, rstd};
    const char* stat_names[2] = {"meanOut", "rstdOut"};
    for (int k = 0; k < 2; ++k) {
        if (stats[k]->view_shape != want) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Expected %s of shape %s, but got %s.", stat_names[k],
                        ShapeString(want).c_str(), ShapeString(stats[k]->view_shape).c_str());
        }
    }
    return 0;
}

/// aclnnAddLayerNormGrad; c.t = {dy, x1, x2, rstd, mean, gamma, dsumOptional, dxOut, dgammaOut, dbetaOut}. dy, x1, x2,
/// gamma, dsum, dxOut of one dtype FLOAT, FLOAT16 (BF16 on Ascend 950 and Atlas A2/A3), rstd, mean, dgammaOut,
/// dbetaOut FLOAT (no configuration on the Ascend910) -> 161002. Then (561002) x1 of 1 to 8 dims; gamma x1's trailing
/// dims; dy, x2, dsum, dxOut of x1's shape; rstd, mean x1's leading dims followed by 1s; dgammaOut, dbetaOut of gamma's
/// shape.
inline int CheckAddLayerNormGrad(const OpCall& c) {
    const aclTensor* dy = c.t[0];
    const aclTensor* x1 = c.t[1];
    const aclTensor* x2 = c.t[2];
    const aclTensor* rstd = c.t[3];
    const aclTensor* mean = c.t[4];
    const aclTensor* gamma = c.t[5];
    const aclTensor* dsum = c.t[6];
    const aclTensor* dx = c.t[7];
    const aclTensor* dgamma = c.t[8];
    const aclTensor* dbeta = c.t[9];
    const aclDataType d = x1->dtype;
    const bool listed = RmsNormBf16(c.soc) ? (d == ACL_FLOAT || d == ACL_FLOAT16 || d == ACL_BF16)
                        : c.soc == rt::Soc::kAscend310P ? (d == ACL_FLOAT || d == ACL_FLOAT16)
                                                        : false;
    const bool ok = listed && dy->dtype == d && x2->dtype == d && gamma->dtype == d &&
                    (dsum == nullptr || dsum->dtype == d) && dx->dtype == d && rstd->dtype == ACL_FLOAT &&
                    mean->dtype == ACL_FLOAT && dgamma->dtype == ACL_FLOAT && dbeta->dtype == ACL_FLOAT;
    if (!ok) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "aclnnAddLayerNormGrad does not support the dtypes dy %s, x1 %s, x2 %s, rstd %s, mean %s, gamma %s, "
                    "dsumOptional %s, dxOut %s, dgammaOut %s, dbetaOut %s on this product.",
                    DtypeName(dy->dtype), DtypeName(d), DtypeName(x2->dtype), DtypeName(rstd->dtype),
                    DtypeName(mean->dtype), DtypeName(gamma->dtype), dsum == nullptr ? "none" : DtypeName(dsum->dtype),
                    DtypeName(dx->dtype), DtypeName(dgamma->dtype), DtypeName(dbeta->dtype));
    }
    size_t n = 0;
    if (int r = RmsNormGammaShape(x1, gamma, &n)) return r;
    if (int r = NormSameShapes(x1, {dy, x2, dsum, dx}, {"dy", "x2", "dsumOptional", "dxOut"})) return r;
    return NormGradShapes(NormStatShape(x1, n), gamma, {rstd, mean}, {"rstd", "mean"}, {dgamma, dbeta},
                          {"dgammaOut", "dbetaOut"});
}

// ---- aclnnGroupNormSilu, aclnnGroupNormSiluV2 (norm/group_norm_silu/op_host/op_api/aclnn_group_norm_silu.cpp
// CheckParams after CheckNotNull); c.t = {self, gamma, beta, out, meanOut, rstdOut}, gamma / beta NULL when absent

/// CheckDtypeValid: self, gamma, beta in the list (FLOAT16, BF16, FLOAT on Ascend 950 and Atlas A2/A3; FLOAT16, FLOAT
/// elsewhere); gamma of beta's dtype and (both given) of self's or FLOAT; out of self's dtype; outside the 950 meanOut,
/// rstdOut of self's dtype and, for a FLOAT self, gamma and beta FLOAT; on the 950 a gamma or beta of another dtype
/// than self's FLOAT with meanOut and rstdOut FLOAT. CheckShape: self of 2 to 8 dims, out of self's shape, meanOut and
/// rstdOut [N, group], gamma and beta [C]. CheckAttr: group > 0; N and C > 0 (outside the 950); eps > 0; C divisible
/// by group.
inline int CheckGroupNormSilu(const OpCall& c, int64_t group, double eps) {
    const aclTensor* self = c.t[0];
    const aclTensor* gamma = c.t[1];
    const aclTensor* beta = c.t[2];
    const aclTensor* out = c.t[3];
    const aclTensor* mean = c.t[4];
    const aclTensor* rstd = c.t[5];
    const bool regbase = c.soc == rt::Soc::kAscend950;
    const bool bf16 = RmsNormBf16(c.soc);
    auto listed = [&](const aclTensor* t, const char* name) {
        const aclDataType d = t->dtype;
        if (d == ACL_FLOAT16 || d == ACL_FLOAT || (bf16 && d == ACL_BF16)) return 0;
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list %s.",
                    name, DtypeName(d), bf16 ? "[DT_FLOAT16, DT_BF16, DT_FLOAT]" : "[DT_FLOAT16, DT_FLOAT]");
    };
    const aclDataType d = self->dtype;
    if (int r = listed(self, "self")) return r;
    if (gamma != nullptr) {
        if (int r = listed(gamma, "gamma")) return r;
    }
    if (beta != nullptr) {
        if (int r = listed(beta, "beta")) return r;
    }
    if (gamma != nullptr && beta != nullptr) {
        if (int r = NormDtypeMatch(gamma, "gamma", beta->dtype)) return r;
        if (d != gamma->dtype && gamma->dtype != ACL_FLOAT) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The dtype of gamma must be the same as self or FLOAT");
        }
    }
    if (int r = NormDtypeMatch(out, "out", d)) return r;
    if (!regbase) {
        if (int r = NormDtypeMatch(mean, "meanOut", d)) return r;
        if (int r = NormDtypeMatch(rstd, "rstdOut", d)) return r;
        if (d == ACL_FLOAT && gamma != nullptr) {
            if (int r = NormDtypeMatch(gamma, "gamma", d)) return r;
        }
        if (d == ACL_FLOAT && beta != nullptr) {
            if (int r = NormDtypeMatch(beta, "beta", d)) return r;
        }
    } else {
        const aclTensor* affine[2] = {gamma, beta};
        const char* names[2] = {"gamma", "beta"};
        for (int k = 0; k < 2; ++k) {
            if (affine[k] != nullptr && affine[k]->dtype != d) {
                if (int r = NormDtypeMatch(affine[k], names[k], ACL_FLOAT)) return r;
                if (int r = NormDtypeMatch(mean, "meanOut", affine[k]->dtype)) return r;
                if (int r = NormDtypeMatch(rstd, "rstdOut", affine[k]->dtype)) return r;
            }
        }
    }
    if (int r = NormMinDims(self, "self", 2)) return r;
    if (int r = NormMaxDims(self, "self")) return r;
    const std::vector<int64_t>& s = self->view_shape;
    if (out->view_shape != s) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for out to have same size as tensor for self, but %s does not equal %s.",
                    ShapeString(out->view_shape).c_str(), ShapeString(s).c_str());
    }
    const std::vector<int64_t> mv = {s[0], group};
    if (int r = NormShapeIs(mean, "meanOut", mv)) return r;
    if (int r = NormShapeIs(rstd, "rstdOut", mv)) return r;
    const aclTensor* affine[2] = {gamma, beta};
    const char* what[2] = {"weight", "bias"};
    for (int k = 0; k < 2; ++k) {
        const aclTensor* a = affine[k];
        if (a != nullptr && (a->view_shape.size() != 1 || a->view_shape[0] != s[1])) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Expected %s to be a vector of size equal to the number of channels in input, but got weight "
                        "of shape %s and input of shape %s.",
                        what[k], ShapeString(a->view_shape).c_str(), ShapeString(s).c_str());
        }
    }
    if (!(group > 0)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected group to be greater than 0, got %ld.", static_cast<long>(group));
    }
    if (!regbase) {
        if (!(s[0] > 0)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected N to be greater than 0, got %ld.", static_cast<long>(s[0]));
        }
        if (!(s[1] > 0)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected C to be greater than 0, got %ld.", static_cast<long>(s[1]));
        }
    }
    if (!(eps > 0.0)) return Fail(ACLNN_ERR_PARAM_INVALID, "Expected eps to be greater than 0, got %lf.", eps);
    if (s[1] % group != 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected number of channels in input to be divisible by group, but got input of shape %s and "
                    "group=%ld.",
                    ShapeString(s).c_str(), static_cast<long>(group));
    }
    return 0;
}

inline int CheckGroupNormSiluV2(const OpCall& c, int64_t group, double eps, bool) {
    return CheckGroupNormSilu(c, group, eps);
}

// ---- aclnnGroupNormSwish, aclnnGroupNormSwishGrad (norm/group_norm_swish, norm/group_norm_swish_grad): aclnn layers
// CANN's build generates from the operator definitions (group_norm_swish_def.cpp, group_norm_swish_grad_def.cpp); the
// messages are aclcpu's, the dtype rows the definitions' (161002), the shape rules the docs' (561002).

/// The data format: NULL or "NCHW" (the definitions' default; C at dim 1). Beyond CANN: another value -> 161002.
inline int GroupNormSwishFormat(const char* api, const char* dataFormat) {
    if (dataFormat == nullptr || std::string(dataFormat) == "NCHW") return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "%s: aclcpu's reference tier computes dataFormatOptional NCHW only, got %s.", api,
                dataFormat);
}

/// x [N, C, *] of 2 to 8 dims with N, C positive and C divisible by numGroups > 0; each `nc` tensor [N, numGroups],
/// each `c1` tensor [C], each `same` tensor of x's shape (561002).
inline int GroupNormSwishShapes(const char* api, const aclTensor* x, int64_t numGroups,
                                std::initializer_list<std::pair<const aclTensor*, const char*>> same,
                                std::initializer_list<std::pair<const aclTensor*, const char*>> c1,
                                std::initializer_list<std::pair<const aclTensor*, const char*>> nc) {
    const std::vector<int64_t>& s = x->view_shape;
    if (s.size() < 2 || s.size() > 8) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "%s: expected x to have 2 to 8 dims, but got %s.", api,
                    ShapeString(s).c_str());
    }
    if (!(s[0] > 0 && s[1] > 0)) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "%s: expected x's dims 0 and 1 to be positive, but got %s.", api,
                    ShapeString(s).c_str());
    }
    if (!(numGroups > 0) || s[1] % numGroups != 0) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "%s: expected x's channels %ld to be divisible by numGroups %ld > 0.",
                    api, static_cast<long>(s[1]), static_cast<long>(numGroups));
    }
    for (const auto& t : same) {
        if (t.first->view_shape != s) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR, "%s: expected %s to have x's shape %s, but got %s.", api, t.second,
                        ShapeString(s).c_str(), ShapeString(t.first->view_shape).c_str());
        }
    }
    const std::vector<int64_t> cv = {s[1]};
    for (const auto& t : c1) {
        if (t.first->view_shape != cv) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR, "%s: expected %s of shape %s, but got %s.", api, t.second,
                        ShapeString(cv).c_str(), ShapeString(t.first->view_shape).c_str());
        }
    }
    const std::vector<int64_t> mv = {s[0], numGroups};
    for (const auto& t : nc) {
        if (t.first->view_shape != mv) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR, "%s: expected %s of shape %s, but got %s.", api, t.second,
                        ShapeString(mv).c_str(), ShapeString(t.first->view_shape).c_str());
        }
    }
    return 0;
}

/// aclnnGroupNormSwish; c.t = {x, gamma, beta, yOut, meanOut, rstdOut}: (x, gamma, beta, y, mean, rstd) one of the
/// rows FLOAT16 x 6, FLOAT x 6, BF16 x 6, (FLOAT16 | BF16, FLOAT, FLOAT, FLOAT16 | BF16, FLOAT, FLOAT) on Ascend 950 and
/// Atlas A2/A3 (no configuration elsewhere) -> 161002; the data format; the shapes (561002).
inline int CheckGroupNormSwish(const OpCall& c, int64_t numGroups, char* dataFormatOptional, double, bool,
                               double) {
    const aclTensor* x = c.t[0];
    const aclTensor* gamma = c.t[1];
    const aclTensor* beta = c.t[2];
    const aclTensor* y = c.t[3];
    const aclTensor* mean = c.t[4];
    const aclTensor* rstd = c.t[5];
    const auto F = ACL_FLOAT, H = ACL_FLOAT16, B = ACL_BF16;
    const bool ok = RmsNormBf16(c.soc) &&
                    RmsNormCombo({{H, H, H, H, H, H}, {F, F, F, F, F, F}, {B, B, B, B, B, B}, {H, F, F, H, F, F},
                                  {B, F, F, B, F, F}},
                                 {x->dtype, gamma->dtype, beta->dtype, y->dtype, mean->dtype, rstd->dtype});
    if (!ok) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "aclnnGroupNormSwish does not support the dtypes x %s, gamma %s, beta %s, yOut %s, meanOut %s, "
                    "rstdOut %s on this product.",
                    DtypeName(x->dtype), DtypeName(gamma->dtype), DtypeName(beta->dtype), DtypeName(y->dtype),
                    DtypeName(mean->dtype), DtypeName(rstd->dtype));
    }
    if (int r = GroupNormSwishFormat("aclnnGroupNormSwish", dataFormatOptional)) return r;
    return GroupNormSwishShapes("aclnnGroupNormSwish", x, numGroups, {{y, "yOut"}}, {{gamma, "gamma"}, {beta, "beta"}},
                                {{mean, "meanOut"}, {rstd, "rstdOut"}});
}

/// aclnnGroupNormSwishGrad; c.t = {dy, mean, rstd, x, gamma, beta, dxOut, dgammaOut, dbetaOut}: every tensor of one
/// dtype FLOAT, FLOAT16 or BF16 on Ascend 950 and Atlas A2/A3 (no configuration elsewhere) -> 161002; the data format;
/// the shapes (dy, dxOut of x's; mean, rstd [N, numGroups]; gamma, beta, dgammaOut, dbetaOut [C]; 561002).
inline int CheckGroupNormSwishGrad(const OpCall& c, int64_t numGroups, char* dataFormatOptional, double, bool,
                                   bool) {
    const aclTensor* x = c.t[3];
    const aclDataType d = x->dtype;
    bool ok = RmsNormBf16(c.soc) && (d == ACL_FLOAT || d == ACL_FLOAT16 || d == ACL_BF16);
    for (int k = 0; k < 9; ++k) ok = ok && c.t[k]->dtype == d;
    if (!ok) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "aclnnGroupNormSwishGrad does not support the dtypes dy %s, mean %s, rstd %s, x %s, gamma %s, beta "
                    "%s, dxOut %s, dgammaOut %s, dbetaOut %s on this product (one of FLOAT, FLOAT16, BF16 for all).",
                    DtypeName(c.t[0]->dtype), DtypeName(c.t[1]->dtype), DtypeName(c.t[2]->dtype), DtypeName(d),
                    DtypeName(c.t[4]->dtype), DtypeName(c.t[5]->dtype), DtypeName(c.t[6]->dtype),
                    DtypeName(c.t[7]->dtype), DtypeName(c.t[8]->dtype));
    }
    if (int r = GroupNormSwishFormat("aclnnGroupNormSwishGrad", dataFormatOptional)) return r;
    return GroupNormSwishShapes("aclnnGroupNormSwishGrad", x, numGroups, {{c.t[0], "dy"}, {c.t[6], "dxOut"}},
                                {{c.t[4], "gamma"}, {c.t[5], "beta"}, {c.t[7], "dgammaOut"}, {c.t[8], "dbetaOut"}},
                                {{c.t[1], "mean"}, {c.t[2], "rstd"}});
}

// ---- aclnnDeepNormGrad (norm/deep_norm_grad: a generated aclnn layer, deep_norm_grad_def.cpp; the messages are
// aclcpu's); c.t = {dy, x, gx, gamma, mean, rstd, dxOut, dgxOut, dbetaOut, dgammaOut}

/// dy, x, gx, gamma, dxOut, dgxOut of one dtype FLOAT, FLOAT16 (BF16 on Ascend 950 and Atlas A2/A3), mean, rstd,
/// dbetaOut, dgammaOut FLOAT (no configuration on the Ascend910) -> 161002. Then (561002) x of 1 to 8 dims; gamma its
/// trailing dims; dy, gx, dxOut, dgxOut of x's shape; mean, rstd x's leading dims followed by 1s; dbetaOut, dgammaOut
/// of gamma's shape.
inline int CheckDeepNormGrad(const OpCall& c, double) {
    const aclTensor* dy = c.t[0];
    const aclTensor* x = c.t[1];
    const aclTensor* gx = c.t[2];
    const aclTensor* gamma = c.t[3];
    const aclTensor* mean = c.t[4];
    const aclTensor* rstd = c.t[5];
    const aclTensor* dx = c.t[6];
    const aclTensor* dgx = c.t[7];
    const aclTensor* dbeta = c.t[8];
    const aclTensor* dgamma = c.t[9];
    const aclDataType d = x->dtype;
    const bool listed = RmsNormBf16(c.soc) ? (d == ACL_FLOAT || d == ACL_FLOAT16 || d == ACL_BF16)
                        : c.soc == rt::Soc::kAscend310P ? (d == ACL_FLOAT || d == ACL_FLOAT16)
                                                        : false;
    const bool ok = listed && dy->dtype == d && gx->dtype == d && gamma->dtype == d && dx->dtype == d &&
                    dgx->dtype == d && mean->dtype == ACL_FLOAT && rstd->dtype == ACL_FLOAT &&
                    dbeta->dtype == ACL_FLOAT && dgamma->dtype == ACL_FLOAT;
    if (!ok) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "aclnnDeepNormGrad does not support the dtypes dy %s, x %s, gx %s, gamma %s, mean %s, rstd %s, "
                    "dxOut %s, dgxOut %s, dbetaOut %s, dgammaOut %s on this product.",
                    DtypeName(dy->dtype), DtypeName(d), DtypeName(gx->dtype), DtypeName(gamma->dtype),
                    DtypeName(mean->dtype), DtypeName(rstd->dtype), DtypeName(dx->dtype), DtypeName(dgx->dtype),
                    DtypeName(dbeta->dtype), DtypeName(dgamma->dtype));
    }
    size_t n = 0;
    if (int r = RmsNormGammaShape(x, gamma, &n)) return r;
    if (int r = NormSameShapes(x, {dy, gx, dx, dgx}, {"dy", "gx", "dxOut", "dgxOut"})) return r;
    return NormGradShapes(NormStatShape(x, n), gamma, {mean, rstd}, {"mean", "rstd"}, {dbeta, dgamma},
                          {"dbetaOut", "dgammaOut"});
}

// ---- aclnnAddRmsNormCast (norm/add_rms_norm_cast: a generated aclnn layer, add_rms_norm_cast_def.cpp; the messages
// are aclcpu's); c.t = {x1, x2, gamma, y1Out, y2Out, rstdOut, xOut}

/// x1, x2, gamma, y2Out, xOut of one dtype FLOAT16 or BF16, y1Out and rstdOut FLOAT (Ascend 950 and Atlas A2/A3 only)
/// -> 161002. Then (561002) x1 of 1 to 8 dims; gamma its trailing dims; x2, y1Out, y2Out, xOut of x1's shape; rstdOut
/// x1's leading dims followed by 1s.
inline int CheckAddRmsNormCast(const OpCall& c, double) {
    const aclTensor* x1 = c.t[0];
    const aclTensor* x2 = c.t[1];
    const aclTensor* gamma = c.t[2];
    const aclTensor* y1 = c.t[3];
    const aclTensor* y2 = c.t[4];
    const aclTensor* rstd = c.t[5];
    const aclTensor* x = c.t[6];
    const aclDataType d = x1->dtype;
    const bool ok = RmsNormBf16(c.soc) && (d == ACL_FLOAT16 || d == ACL_BF16) && x2->dtype == d && gamma->dtype == d &&
                    y2->dtype == d && x->dtype == d && y1->dtype == ACL_FLOAT && rstd->dtype == ACL_FLOAT;
    if (!ok) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "aclnnAddRmsNormCast does not support the dtypes x1 %s, x2 %s, gamma %s, y1Out %s, y2Out %s, "
                    "rstdOut %s, xOut %s on this product.",
                    DtypeName(d), DtypeName(x2->dtype), DtypeName(gamma->dtype), DtypeName(y1->dtype),
                    DtypeName(y2->dtype), DtypeName(rstd->dtype), DtypeName(x->dtype));
    }
    size_t n = 0;
    if (int r = RmsNormGammaShape(x1, gamma, &n)) return r;
    if (int r = NormSameShapes(x1, {x2, y1, y2, x}, {"x2", "y1Out", "y2Out", "xOut"})) return r;
    const std::vector<int64_t> want = NormStatShape(x1, n);
    if (rstd->view_shape != want) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Expected rstdOut of shape %s, but got %s.", ShapeString(want).c_str(),
                    ShapeString(rstd->view_shape).c_str());
    }
    return 0;
}

// ---- aclnnAdaLayerNorm, aclnnAdaLayerNormV2 (norm/ada_layer_norm/op_host/op_api/aclnn_ada_layer_norm.cpp,
// norm/ada_layer_norm_v2/op_host/op_api/aclnn_ada_layer_norm_v2.cpp CheckParams after CheckNotNull); c.t = {x, scale,
// shift, weightOptional, biasOptional, out[, meanOutOptional, rstdOutOptional]}

/// CheckDtypeValid: x FLOAT, FLOAT16 or BF16; scale, shift of x's dtype (V2 checks shift first); weight of bias's
/// dtype; weight, bias of x's dtype (V2: or FLOAT; V2 checks bias first); out, and V2's rstd and mean, of x's dtype.
/// CheckShape: x of 2 to 8 dims [B..., S, H] all positive; scale, shift [B..., 1, H] or [B..., H] (no message of its
/// own: CheckShape failed!); weight, bias [H]; out x's shape; V2's rstd, mean x's shape with H replaced by 1.
inline int AdaLayerNormCommon(const OpCall& c, bool v2) {
    const aclTensor* x = c.t[0];
    const aclTensor* scale = c.t[1];
    const aclTensor* shift = c.t[2];
    const aclTensor* weight = c.t[3];
    const aclTensor* bias = c.t[4];
    const aclTensor* out = c.t[5];
    const aclTensor* mean = v2 ? c.t[6] : nullptr;
    const aclTensor* rstd = v2 ? c.t[7] : nullptr;
    const aclDataType d = x->dtype;
    if (!(d == ACL_FLOAT || d == ACL_FLOAT16 || d == ACL_BF16)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor inputTensor.x not implemented for %s, should be in dtype support "
                    "list [DT_FLOAT, DT_FLOAT16, DT_BF16].", DtypeName(d));
    }
    if (v2) {
        if (int r = NormDtypeMatch(shift, "inputTensor.shift", d)) return r;
        if (int r = NormDtypeMatch(scale, "inputTensor.scale", d)) return r;
    } else {
        if (int r = NormDtypeMatch(scale, "inputTensor.scale", d)) return r;
        if (int r = NormDtypeMatch(shift, "inputTensor.shift", d)) return r;
    }
    if (weight != nullptr && bias != nullptr) {
        if (int r = NormDtypeMatch(weight, "inputTensor.weightOptional", bias->dtype)) return r;
    }
    const aclTensor* affine[2] = {v2 ? bias : weight, v2 ? weight : bias};
    const char* affine_names[2] = {v2 ? "inputTensor.biasOptional" : "inputTensor.weightOptional",
                                   v2 ? "inputTensor.weightOptional" : "inputTensor.biasOptional"};
    for (int k = 0; k < 2; ++k) {
        if (affine[k] != nullptr && (!v2 || affine[k]->dtype != ACL_FLOAT)) {
            if (int r = NormDtypeMatch(affine[k], affine_names[k], d)) return r;
        }
    }
    if (int r = NormDtypeMatch(out, "outputTensor.out", d)) return r;
    if (rstd != nullptr) {
        if (int r = NormDtypeMatch(rstd, "outputTensor.rstdOutOptional", d)) return r;
    }
    if (mean != nullptr) {
        if (int r = NormDtypeMatch(mean, "outputTensor.meanOutOptional", d)) return r;
    }
    const std::vector<int64_t>& xs = x->view_shape;
    if (xs.size() < 2 || xs.size() > 8) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "input x dim num should be between 2 and 8.");
    }
    const size_t n = xs.size();
    int64_t B = 1;
    for (size_t i = 0; i + 2 < n; ++i) B *= xs[i];
    const int64_t S = xs[n - 2], H = xs[n - 1];
    if (!(B > 0 && S > 0 && H > 0)) return Fail(ACLNN_ERR_PARAM_INVALID, "x sizes should greater than 0.");
    std::vector<int64_t> e1(xs.begin(), xs.end() - 2), e2(xs.begin(), xs.end() - 2);
    e1.push_back(1);
    e1.push_back(H);
    e2.push_back(H);
    for (const aclTensor* t : {scale, shift}) {
        if (t->view_shape != e1 && t->view_shape != e2) return Fail(ACLNN_ERR_PARAM_INVALID, "CheckShape failed!");
    }
    const std::vector<int64_t> hv = {H};
    if (weight != nullptr) {
        if (int r = NormShapeIs(weight, "inputTensor.weightOptional", hv)) return r;
    }
    if (bias != nullptr) {
        if (int r = NormShapeIs(bias, "inputTensor.biasOptional", hv)) return r;
    }
    if (int r = NormShapeIs(out, "outputTensor.out", xs)) return r;
    std::vector<int64_t> stat = xs;
    stat[n - 1] = 1;
    const aclTensor* stats[2] = {v2 ? rstd : mean, v2 ? mean : rstd};
    const char* stat_names[2] = {"outputTensor.rstdOutOptional", "outputTensor.meanOutOptional"};
    for (int k = 0; k < 2; ++k) {
        if (stats[k] != nullptr) {
            if (int r = NormShapeIs(stats[k], stat_names[k], stat)) return r;
        }
    }
    return 0;
}

inline int CheckAdaLayerNorm(const OpCall& c, double) { return AdaLayerNormCommon(c, false); }
inline int CheckAdaLayerNormV2(const OpCall& c, double) { return AdaLayerNormCommon(c, true); }

// ---- The BatchNorm family (hicann/ops-nn norm/batch_norm_v3, batch_norm_grad_v3, batch_norm_elemt, ...).

namespace bn {

/// OP_CHECK_NULL(tensor) -> 161001.
inline int NotNull(const aclTensor* t, const char* name) {
    if (t != nullptr) return 0;
    return Fail(ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument %s.", name);
}

/// BF16 in the list: NpuArch DAV_2201 (Atlas A2/A3) or DAV_3510 (Ascend 950).
inline bool Bf16(rt::Soc soc) {
    return soc == rt::Soc::kAscend950 || soc == rt::Soc::kAscend910B || soc == rt::Soc::kAscend910_93;
}

/// OP_CHECK_DTYPE_NOT_SUPPORT(t, {FLOAT, FLOAT16[, BF16]}).
inline int InList(const aclTensor* t, const char* name, bool bf16) {
    const aclDataType d = t->dtype;
    if (d == ACL_FLOAT || d == ACL_FLOAT16 || (bf16 && d == ACL_BF16)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list %s.", name,
                DtypeName(d), bf16 ? "DT_FLOAT, DT_FLOAT16, DT_BF16" : "DT_FLOAT, DT_FLOAT16");
}

/// OP_CHECK_DTYPE_NOT_SAME(a, b).
inline int SameDtype(const aclTensor* a, const char* an, const aclTensor* b, const char* bn) {
    if (a->dtype == b->dtype) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected both tensors to have same dtype, but found %s %s and %s %s.", an,
                DtypeName(a->dtype), bn, DtypeName(b->dtype));
}

/// OP_CHECK_SHAPE_NOT_EQUAL(a, b).
inline int SameShape(const aclTensor* a, const char* an, const aclTensor* b, const char* bn) {
    if (a->view_shape == b->view_shape) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for %s to have same size as tensor for %s, but %s does not equal %s.", an, bn,
                ShapeString(a->view_shape).c_str(), ShapeString(b->view_shape).c_str());
}

/// GetBatchNormDimC / GetDimC: on a regbase arch (Ascend 950) the last dim of an NHWC / NDHWC input, else dim 1.
inline int64_t DimC(const OpCall& c, const aclTensor* input) {
    const std::vector<int64_t>& s = input->view_shape;
    if (c.soc == rt::Soc::kAscend950 && (input->format == ACL_FORMAT_NHWC || input->format == ACL_FORMAT_NDHWC)) {
        return s.back();
    }
    return s[1];
}

/// The mask's entry k (an entry past its end reads false).
inline bool Mask(const aclBoolArray* m, size_t k) { return k < m->values.size() && m->values[k] != 0; }

/// CheckOtherShape's "Dim of <name> should be one and shape is channel num of input" (aclnn_batch_norm.cpp without
/// the numbers, the backward's with them).
inline int ChannelVector(const aclTensor* t, const char* name, int64_t dimC, bool numbers) {
    if (t == nullptr || (t->view_shape.size() == 1 && t->view_shape[0] == dimC)) return 0;
    if (!numbers) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Dim of %s should be one and shape is channel num of input.", name);
    }
    return Fail(ACLNN_ERR_PARAM_INVALID, "Dim of %s should be one and shape is channel num of input[%d], but got [%s].",
                name, static_cast<int>(dimC), ShapeString(t->view_shape).c_str());
}

}  // namespace bn

// ---- aclnnBatchNorm (norm/batch_norm_v3/op_host/op_api/aclnn_batch_norm.cpp); c.t = {input, weight, bias,
// runningMean, runningVar, output, saveMean, saveInvstd}, the optional ones NULL when absent.

/// CheckNotNull's training rule: saveMean and saveInvstd non-NULL when training (after input, output).
inline int CheckBatchNormNull(const OpCall& c, bool training, double, double) {
    if (!training) return 0;
    if (int r = bn::NotNull(c.t[6], "saveMean")) return r;
    return bn::NotNull(c.t[7], "saveInvstd");
}

/// CheckParams (skipped for an empty input, the op_api's early return): CheckDtypeValid (input, output, and when
/// training saveMean, saveInvstd in the list: FLOAT, FLOAT16, plus BF16 on DAV_2201 / DAV_3510), CheckOtherDtypeValid
/// (weight, bias, runningMean, runningVar where given), CheckFormat (input's and output's storage formats equal; a
/// 5-D input or output NCDHW - or NDHWC on a regbase arch; not private), CheckShape (input and output of 2 to 8 dims,
/// output of input's shape), CheckOtherShape ([C] vectors), then when training saveMean and saveInvstd [C].
inline int CheckBatchNorm(const OpCall& c, bool training, double, double) {
    const aclTensor* input = c.t[0];
    const aclTensor* output = c.t[5];
    if (input->numel == 0) return 0;
    const bool bf16 = bn::Bf16(c.soc);
    const bool regbase = c.soc == rt::Soc::kAscend950;
    if (int r = bn::InList(input, "input", bf16)) return r;
    if (int r = bn::InList(output, "out", bf16)) return r;
    if (training) {
        if (int r = bn::InList(c.t[6], "saveMean", bf16)) return r;
        if (int r = bn::InList(c.t[7], "saveInvstd", bf16)) return r;
    }
    const char* other_names[4] = {"weight", "bias", "runningMean", "runningVar"};
    for (int k = 0; k < 4; ++k) {
        if (c.t[1 + k] != nullptr) {
            if (int r = bn::InList(c.t[1 + k], other_names[k], bf16)) return r;
        }
    }
    if (input->format != output->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format of input and output should be equal, input [%s], output [%s].",
                    FormatName(input->format), FormatName(output->format));
    }
    if (regbase) {
        if (input->view_shape.size() == 5 && input->format != ACL_FORMAT_NCDHW && input->format != ACL_FORMAT_NDHWC) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Format of input should be NCDHW or NDHWC, when input dim is 5.");
        }
        if (output->view_shape.size() == 5 && output->format != ACL_FORMAT_NCDHW &&
            output->format != ACL_FORMAT_NDHWC) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Format of output should be NCDHW or NDHWC, when input dim is 5.");
        }
    } else {
        if (input->view_shape.size() == 5 && input->format != ACL_FORMAT_NCDHW) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Format of input should be NCDHW, when input dim is 5.");
        }
        if (output->view_shape.size() == 5 && output->format != ACL_FORMAT_NCDHW) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Format of output should be NCDHW, when input dim is 5.");
        }
    }
    if (IsPrivateFormatCode(input->format)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format only support ND\u3001NCL\u3001NCHW\u3001NCDHW.");
    }
    if (int r = NormMaxDims(input, "input")) return r;
    if (int r = NormMinDims(input, "input", 2)) return r;
    if (int r = NormMaxDims(output, "output")) return r;
    if (int r = NormMinDims(output, "output", 2)) return r;
    if (int r = bn::SameShape(output, "out", input, "input")) return r;
    const int64_t dimC = bn::DimC(c, input);
    for (int k = 0; k < 4; ++k) {
        if (int r = bn::ChannelVector(c.t[1 + k], other_names[k], dimC, false)) return r;
    }
    if (training) {
        if (int r = NormShapeIs(c.t[6], "saveMean", {dimC})) return r;
        if (int r = NormShapeIs(c.t[7], "saveInvstd", {dimC})) return r;
    }
    return 0;
}

// ---- aclnnBatchNormBackward, aclnnFastBatchNormBackward (norm/batch_norm_grad_v3/op_host/op_api/
// aclnn_batch_norm_backward.cpp, aclnn_fast_batch_norm_backward.cpp); c.t = {gradOut, input, weight, runningMean,
// runningVar, saveMean, saveInvstd, gradInput, gradWeight, gradBias}, the optional ones NULL when absent.

/// CheckParams of either op_api (skipped for an empty input or gradOut, the early return). fast: the Fast form (one
/// dtype list with BF16 on every product - its GetDtypeSupportList's SocVersion test holds for all -, no regbase rules).
inline int BatchNormBackwardParams(const OpCall& c, const aclBoolArray* mask, bool training, bool fast) {
    const aclTensor* gradOut = c.t[0];
    const aclTensor* input = c.t[1];
    const aclTensor* weight = c.t[2];
    const aclTensor* rm = c.t[3];
    const aclTensor* rv = c.t[4];
    const aclTensor* sm = c.t[5];
    const aclTensor* si = c.t[6];
    const aclTensor* gi = c.t[7];
    const aclTensor* gw = c.t[8];
    const aclTensor* gb = c.t[9];
    if (input->numel == 0 || gradOut->numel == 0) return 0;
    const bool regbase = !fast && c.soc == rt::Soc::kAscend950;
    // CheckMaskNotNull (CheckParams returns 161001 for each of its failures, the size rules' too)
    if (mask->values.size() < 1) {
        return Fail(ACLNN_ERR_PARAM_NULLPTR, "outputMask size should not less than 1.");
    }
    if (regbase && mask->values.size() != 3) {
        return Fail(ACLNN_ERR_PARAM_NULLPTR, "outputMask size should be %zu, but got %zu.", size_t{3},
                    mask->values.size());
    }
    const bool m0 = bn::Mask(mask, 0), m1 = bn::Mask(mask, 1), m2 = bn::Mask(mask, 2);
    if (m0) {
        if (int r = bn::NotNull(gi, "gradInput")) return r;
    }
    if (m1) {
        if (int r = bn::NotNull(gw, "gradWeight")) return r;
    }
    if (m2) {
        if (int r = bn::NotNull(gb, "gradBias")) return r;
    }
    // CheckDtypeValid, CheckGradDtypeValid, CheckOtherDtypeValid
    const bool bf16 = fast || bn::Bf16(c.soc);
    if (int r = bn::InList(gradOut, "gradOut", bf16)) return r;
    if (int r = bn::InList(input, "input", bf16)) return r;
    if (int r = bn::SameDtype(input, "input", gradOut, "gradOut")) return r;
    if (m0) {
        if (int r = bn::InList(gi, "gradInput", bf16)) return r;
    }
    if (m1) {
        if (int r = bn::InList(gw, "gradWeight", bf16)) return r;
    }
    if (m2) {
        if (int r = bn::InList(gb, "gradBias", bf16)) return r;
    }
    const aclTensor* others[5] = {weight, rm, rv, sm, si};
    const char* other_names[5] = {"weight", "runningMean", "runningVar", "saveMean", "saveInvstd"};
    for (int k = 0; k < 5; ++k) {
        if (others[k] != nullptr) {
            if (int r = bn::InList(others[k], other_names[k], bf16)) return r;
        }
    }
    if (regbase) {  // RegbaseCheckDtypeSame
        auto same_or_float = [](const aclTensor* t, const aclTensor* ref, const char* tn, const char* rn) {
            if (t == nullptr || ref == nullptr || t->dtype == ref->dtype || t->dtype == ACL_FLOAT) return 0;
            return Fail(ACLNN_ERR_PARAM_INVALID, "Dtype of %s:[%s] should be float or same as %s, %s dtype: [%s].", tn,
                        DtypeName(t->dtype), rn, rn, DtypeName(ref->dtype));
        };
        if (int r = same_or_float(weight, gradOut, "weight", "gradOut")) return r;
        if (int r = same_or_float(rm, gradOut, "runningMean", "gradOut")) return r;
        if (int r = same_or_float(rv, gradOut, "runningVar", "gradOut")) return r;
        if (rm != nullptr && rv != nullptr) {
            if (int r = bn::SameDtype(rm, "runningMean", rv, "runningVar")) return r;
        }
        if (int r = same_or_float(sm, gradOut, "saveMean", "gradOut")) return r;
        if (int r = same_or_float(si, gradOut, "saveInvstd", "gradOut")) return r;
        if (si != nullptr && sm != nullptr) {
            if (int r = bn::SameDtype(si, "saveInvstd", sm, "saveMean")) return r;
        }
        if (m0) {
            if (int r = bn::SameDtype(gi, "gradInput", gradOut, "gradOut")) return r;
        }
        if (m1) {
            if (int r = same_or_float(gw, weight, "gradWeight", "weight")) return r;
        }
        if (m2) {
            if (int r = same_or_float(gb, weight, "gradBias", "weight")) return r;
        }
        if (gw != nullptr && gb != nullptr) {
            if (int r = bn::SameDtype(gw, "gradWeight", gb, "gradBias")) return r;
        }
    }
    // CheckFormat
    if (gradOut->format != input->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format of gradOut and input should be equal, gradOut [%s], input [%s].",
                    FormatName(gradOut->format), FormatName(input->format));
    }
    if (m0 && gradOut->format != gi->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Format of gradOut and gradInput should be equal, gradOut [%s], gradInput [%s].",
                    FormatName(gradOut->format), FormatName(gi->format));
    }
    if (regbase) {
        if (input->view_shape.size() == 5 && input->format != ACL_FORMAT_NCDHW && input->format != ACL_FORMAT_NDHWC) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Format of input should be NCDHW or NDHWC, when input dim is 5.");
        }
        if (m0 && gi->view_shape.size() == 5 && gi->format != ACL_FORMAT_NCDHW && gi->format != ACL_FORMAT_NDHWC) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Format of output should be NCDHW or NDHWC, when input dim is 5.");
        }
    }
    if (IsPrivateFormatCode(gradOut->format) || IsPrivateFormatCode(input->format)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format only support NC, NCL, NCHW, NCDHW.");
    }
    // CheckShape
    if (int r = NormMaxDims(input, "input")) return r;
    if (int r = NormMinDims(input, "input", 2)) return r;
    if (int r = NormMaxDims(gradOut, "gradOut")) return r;
    if (int r = NormMinDims(gradOut, "gradOut", 2)) return r;
    if (int r = bn::SameShape(gradOut, "gradOut", input, "input")) return r;
    if (m0) {
        if (int r = NormMaxDims(gi, "gradInput")) return r;
        if (int r = NormMinDims(gi, "gradInput", 2)) return r;
        if (int r = bn::SameShape(gi, "gradInput", gradOut, "gradOut")) return r;
    }
    // CheckOtherShape
    const int64_t dimC = fast ? input->view_shape[1] : bn::DimC(c, input);
    if (int r = bn::ChannelVector(weight, "weight", dimC, true)) return r;
    if (int r = bn::ChannelVector(rm, "runningMean", dimC, true)) return r;
    if (int r = bn::ChannelVector(rv, "runningVar", dimC, true)) return r;
    if (regbase) {
        // CheckSaveMeanSaveInvstdShape: [C], or [0] when not training
        const aclTensor* saves[2] = {sm, si};
        const char* save_names[2] = {"saveMean", "saveInvstd"};
        for (int k = 0; k < 2; ++k) {
            const aclTensor* t = saves[k];
            if (t != nullptr && (t->view_shape.size() != 1 ||
                                 (t->view_shape[0] != dimC && (training || t->view_shape[0] != 0)))) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "Dim of %s should be one and shape is channel num of input[%d], but got [%s].",
                            save_names[k], static_cast<int>(dimC), ShapeString(t->view_shape).c_str());
            }
        }
        if (m1) {
            if (int r = bn::ChannelVector(gw, "gradWeight", dimC, true)) return r;
        }
        if (m2) {
            if (int r = bn::ChannelVector(gb, "gradBias", dimC, true)) return r;
        }
    }
    return 0;
}

inline int CheckBatchNormBackward(const OpCall& c, bool training, double, const aclBoolArray* outputMask) {
    return BatchNormBackwardParams(c, outputMask, training, false);
}

inline int CheckFastBatchNormBackward(const OpCall& c, bool training, double, const aclBoolArray* outputMask, int) {
    return BatchNormBackwardParams(c, outputMask, training, true);
}

// ---- aclnnBatchNormElemt (norm/batch_norm_elemt/op_host/op_api/aclnn_batch_norm_elemt.cpp); c.t = {input, weight,
// bias, mean, invstd, output} (mean and invstd non-const in CANN's declaration: executor outputs here, not written).

/// CheckNotNull inside CheckBatchNormElemtParams, which returns 161002 for it (input, mean, invstd, out).
inline int CheckBatchNormElemtNull(const OpCall& c, double) {
    const aclTensor* ts[4] = {c.t[0], c.t[3], c.t[4], c.t[5]};
    const char* names[4] = {"input", "mean", "invstd", "out"};
    for (int k = 0; k < 4; ++k) {
        if (ts[k] == nullptr) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected a proper Tensor but got null for argument %s.", names[k]);
        }
    }
    return 0;
}

/// CheckDtypeValid (each given tensor in FLOAT, FLOAT16 - plus BF16 on Ascend 950 and Atlas A2/A3 -, every message
/// naming "input"), CheckFormat, CheckShape (input and out of 2 to 8 dims and one shape, C not 0, weight, bias, mean,
/// invstd 1-D of C elements).
inline int CheckBatchNormElemt(const OpCall& c, double) {
    const aclTensor* input = c.t[0];
    const aclTensor* weight = c.t[1];
    const aclTensor* bias = c.t[2];
    const aclTensor* mean = c.t[3];
    const aclTensor* invstd = c.t[4];
    const aclTensor* out = c.t[5];
    const bool bf16 = bn::Bf16(c.soc);
    const aclTensor* all[6] = {input, weight, bias, mean, invstd, out};
    for (const aclTensor* t : all) {
        if (t == nullptr) continue;
        const aclDataType d = t->dtype;
        if (!(d == ACL_FLOAT || d == ACL_FLOAT16 || (bf16 && d == ACL_BF16))) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "input not implemented for %s, should be in dtype support list %s.",
                        DtypeName(d), bf16 ? "DT_FLOAT, DT_FLOAT16, DT_BF16" : "DT_FLOAT, DT_FLOAT16");
        }
    }
    if (input->format != out->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format of input and out should be equal, input [%s], out [%s].",
                    FormatName(input->format), FormatName(out->format));
    }
    if (IsPrivateFormatCode(input->format)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format only support ND,NCHW,NCL,NCDHW.");
    }
    if (int r = NormMaxDims(input, "input")) return r;
    if (int r = NormMinDims(input, "input", 2)) return r;
    if (int r = NormMaxDims(out, "out")) return r;
    if (int r = NormMinDims(out, "out", 2)) return r;
    if (int r = bn::SameShape(out, "out", input, "input")) return r;
    const int64_t dimC = input->view_shape[1];
    if (dimC == 0) return Fail(ACLNN_ERR_PARAM_INVALID, "Input channel size should not be zero.");
    if ((weight != nullptr && weight->view_shape.size() != 1) || (bias != nullptr && bias->view_shape.size() != 1) ||
        mean->view_shape.size() != 1 || invstd->view_shape.size() != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Weight/bias/mean/invstd dim size should be one.");
    }
    if ((weight != nullptr && weight->view_shape[0] != dimC) || (bias != nullptr && bias->view_shape[0] != dimC) ||
        mean->view_shape[0] != dimC || invstd->view_shape[0] != dimC) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Weight/bias/mean/invstd shape should be same as the channel size of input.");
    }
    return 0;
}

// ---- aclnnBatchNormElemtBackward (norm/sync_batch_norm_backward_elemt/op_api/aclnn_batch_norm_elemt_backward.cpp);
// c.t = {gradOut, input, mean, invstd, weight, sumDy, sumDyXmu, counter, gradInput} (counter non-const in CANN's
// declaration: an executor output here, not written).

/// CheckDtypeValid (Atlas A2/A3 and Ascend 950: FLOAT, FLOAT16, BF16; elsewhere FLOAT, FLOAT16; counter FLOAT,
/// FLOAT16, INT32), CheckFormat (no private format, per tensor), CheckShape.
inline int CheckBatchNormElemtBackward(const OpCall& c) {
    const aclTensor* gradOut = c.t[0];
    const aclTensor* input = c.t[1];
    const aclTensor* mean = c.t[2];
    const aclTensor* invstd = c.t[3];
    const aclTensor* weight = c.t[4];
    const aclTensor* sumDy = c.t[5];
    const aclTensor* sumDyXmu = c.t[6];
    const aclTensor* counter = c.t[7];
    const aclTensor* gradInput = c.t[8];
    const bool bf16 = bn::Bf16(c.soc);
    if (int r = bn::InList(gradOut, "gradOut", bf16)) return r;
    if (int r = bn::InList(input, "input", bf16)) return r;
    if (int r = bn::InList(mean, "mean", bf16)) return r;
    if (int r = bn::InList(invstd, "invstd", bf16)) return r;
    if (weight != nullptr) {
        if (int r = bn::InList(weight, "weight", bf16)) return r;
    }
    if (int r = bn::InList(sumDy, "sumDy", bf16)) return r;
    if (int r = bn::InList(sumDyXmu, "sumDyXmu", bf16)) return r;
    const aclDataType cd = counter->dtype;
    if (!(cd == ACL_FLOAT || cd == ACL_FLOAT16 || cd == ACL_INT32)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list %s.",
                    "counter", DtypeName(cd), "DT_FLOAT, DT_FLOAT16, DT_INT32");
    }
    if (int r = bn::InList(gradInput, "gradInput", bf16)) return r;
    const aclTensor* fmt[3] = {gradOut, input, gradInput};
    const char* fmt_names[3] = {"gradOut", "input", "gradInput"};
    for (int k = 0; k < 3; ++k) {
        if (IsPrivateFormatCode(fmt[k]->format)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Format of %s only support ND, NCHW, NCL, NCDHW.", fmt_names[k]);
        }
    }
    if (int r = NormMinDims(input, "input", 2)) return r;
    if (int r = NormMaxDims(input, "input")) return r;
    if (int r = NormMaxDims(gradOut, "gradOut")) return r;
    if (int r = NormMaxDims(gradInput, "gradInput")) return r;
    if (int r = NormMaxDims(counter, "counter")) return r;
    const int64_t dimC = input->view_shape[1];
    if (dimC == 0) return Fail(ACLNN_ERR_PARAM_INVALID, "Input channel size should not be zero.");
    if (int r = bn::SameShape(gradOut, "gradOut", input, "input")) return r;
    if (int r = bn::SameShape(gradInput, "gradInput", input, "input")) return r;
    if (int r = NormShapeIs(mean, "mean", {dimC})) return r;
    if (int r = NormShapeIs(invstd, "invstd", {dimC})) return r;
    if (weight != nullptr) {
        if (int r = NormShapeIs(weight, "weight", {dimC})) return r;
    }
    if (int r = NormShapeIs(sumDy, "sumDy", {dimC})) return r;
    return NormShapeIs(sumDyXmu, "sumDyXmu", {dimC});
}

/// OP_CHECK_WRONG_DIMENSION(t, n).
inline int BnDims(const aclTensor* t, const char* name, size_t n) {
    if (t->view_shape.size() == n) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected %zu dimension input, but got %s with sizes %s.", n, name,
                ShapeString(t->view_shape).c_str());
}

// ---- aclnnBatchNormGatherStatsWithCounts (norm/sync_batch_norm_gather_stats_with_counts/op_host/op_api/
// aclnn_batch_norm_gather_stats_with_counts.cpp); c.t = {input, mean, invstd, counts, runningMean, runningVar,
// meanAll, invstdAll}, runningMean and runningVar NULL when absent.

/// CheckDtypeValid (FLOAT, FLOAT16, plus BF16 on Atlas A2/A3 and Ascend 950: input, mean, invstd, runningMean,
/// runningVar where given, counts, meanAll, invstdAll), CheckFormat (input, mean, invstd, counts not private),
/// CheckShape.
inline int CheckBatchNormGatherStatsWithCounts(const OpCall& c, double, double) {
    const aclTensor* input = c.t[0];
    const aclTensor* mean = c.t[1];
    const aclTensor* invstd = c.t[2];
    const aclTensor* counts = c.t[3];
    const aclTensor* rm = c.t[4];
    const aclTensor* rv = c.t[5];
    const aclTensor* meanAll = c.t[6];
    const aclTensor* invstdAll = c.t[7];
    const bool bf16 = bn::Bf16(c.soc);
    const aclTensor* ts[8] = {input, mean, invstd, rm, rv, counts, meanAll, invstdAll};
    const char* names[8] = {"input", "mean", "invstd", "runningMean", "runningVar", "counts", "meanAll", "invstdAll"};
    for (int k = 0; k < 8; ++k) {
        if (ts[k] == nullptr) continue;
        if (int r = bn::InList(ts[k], names[k], bf16)) return r;
    }
    if (IsPrivateFormatCode(input->format) || IsPrivateFormatCode(mean->format) ||
        IsPrivateFormatCode(invstd->format) || IsPrivateFormatCode(counts->format)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format only support ND,NCHW,NCL,NCDHW.");
    }
    if (int r = NormMaxDims(input, "input")) return r;
    if (int r = NormMinDims(input, "input", 2)) return r;
    if (int r = BnDims(mean, "mean", 2)) return r;
    if (int r = BnDims(invstd, "invstd", 2)) return r;
    const int64_t counts0 = counts->view_shape.empty() ? 1 : counts->view_shape[0];
    if (mean->view_shape[0] != invstd->view_shape[0] || counts0 != mean->view_shape[0]) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "first dimension of mean, invstd and count should be the same, but got mean: %s, invstd: %s, "
                    "counts: %s.",
                    ShapeString(mean->view_shape).c_str(), ShapeString(invstd->view_shape).c_str(),
                    ShapeString(counts->view_shape).c_str());
    }
    const int64_t dimC = input->view_shape[1];
    if (mean->view_shape[1] != dimC || invstd->view_shape[1] != dimC) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "second dimension of mean/invstd should be the channel size of input %ld, but gotmean: %s, "
                    "invstd: %s.",
                    static_cast<long>(dimC), ShapeString(mean->view_shape).c_str(),
                    ShapeString(invstd->view_shape).c_str());
    }
    if (rm != nullptr) {
        if (int r = NormShapeIs(rm, "runningMean", {dimC})) return r;
    }
    if (rv != nullptr) {
        if (int r = NormShapeIs(rv, "runningVar", {dimC})) return r;
    }
    if (counts->view_shape.size() != 1) return Fail(ACLNN_ERR_PARAM_INVALID, "dim of counts should be one.");
    if (int r = NormShapeIs(meanAll, "meanAll", {dimC})) return r;
    return NormShapeIs(invstdAll, "invstdAll", {dimC});
}

// ---- aclnnSyncBatchNormGatherStats (norm/sync_batch_norm_gather_stats/op_api/aclnn_sync_batch_norm_gather_stats.cpp);
// c.t = {totalSum, totalSquareSum, sampleCount, mean, variance, batchMean, batchInvstd}.

/// CheckDtypeValid (FLOAT, FLOAT16 - plus BF16 on a regbase arch, Ascend 950 -; sampleCount also INT32; totalSum's
/// dtype shared by totalSquareSum, mean, variance; batchMean's by batchInvstd), CheckFormat (per tensor, not
/// private), CheckShape (totalSum, totalSquareSum [N, C]; sampleCount [N]; mean, variance, batchMean, batchInvstd
/// [C]), then the op_api's N = 0 refusal.
inline int CheckSyncBatchNormGatherStats(const OpCall& c, float, float) {
    const aclTensor* sum = c.t[0];
    const aclTensor* sq = c.t[1];
    const aclTensor* cnt = c.t[2];
    const aclTensor* mean = c.t[3];
    const aclTensor* var = c.t[4];
    const aclTensor* bm = c.t[5];
    const aclTensor* bi = c.t[6];
    const bool regbase = c.soc == rt::Soc::kAscend950;
    if (int r = bn::InList(sum, "totalSum", regbase)) return r;
    if (int r = bn::InList(sq, "totalSquareSum", regbase)) return r;
    const aclDataType cd = cnt->dtype;
    if (!(cd == ACL_FLOAT || cd == ACL_FLOAT16 || cd == ACL_INT32 || (regbase && cd == ACL_BF16))) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list %s.",
                    "sampleCount", DtypeName(cd),
                    regbase ? "DT_FLOAT, DT_FLOAT16, DT_BF16, DT_INT32" : "DT_FLOAT, DT_FLOAT16, DT_INT32");
    }
    if (int r = bn::InList(mean, "mean", regbase)) return r;
    if (int r = bn::InList(var, "variance", regbase)) return r;
    if (int r = bn::InList(bm, "batchMean", regbase)) return r;
    if (int r = bn::InList(bi, "batchInvstd", regbase)) return r;
    if (int r = bn::SameDtype(sum, "totalSum", sq, "totalSquareSum")) return r;
    if (int r = bn::SameDtype(sum, "totalSum", mean, "mean")) return r;
    if (int r = bn::SameDtype(sum, "totalSum", var, "variance")) return r;
    if (int r = bn::SameDtype(bm, "batchMean", bi, "batchInvstd")) return r;
    const aclTensor* fmt[5] = {sum, sq, cnt, mean, var};
    const char* fmt_names[5] = {"totalSum", "totalSquareSum", "sampleCount", "mean", "variance"};
    for (int k = 0; k < 5; ++k) {
        if (IsPrivateFormatCode(fmt[k]->format)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s format only support ND, NCL, NCHW, NCDHW.", fmt_names[k]);
        }
    }
    if (int r = BnDims(sum, "totalSum", 2)) return r;
    if (int r = BnDims(sq, "totalSquareSum", 2)) return r;
    if (int r = BnDims(cnt, "sampleCount", 1)) return r;
    if (int r = BnDims(mean, "mean", 1)) return r;
    if (int r = BnDims(var, "variance", 1)) return r;
    if (int r = BnDims(bm, "batchMean", 1)) return r;
    if (int r = BnDims(bi, "batchInvstd", 1)) return r;
    const std::vector<int64_t>& s = sum->view_shape;
    if (s[0] != sq->view_shape[0]) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "totalSumShape dim0 not same totalSquareSumShape dim0");
    }
    if (s[1] != sq->view_shape[1]) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "totalSumShape dim1 not same totalSquareSumShape dim1");
    }
    if (s[0] != cnt->view_shape[0]) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "totalSumShape dim0 not same sampleCountShape dim0");
    }
    const aclTensor* cs[4] = {mean, var, bm, bi};
    const char* cs_names[4] = {"meanShape", "varianceShape", "batchMeanShape", "batchInvstdShape"};
    for (int k = 0; k < 4; ++k) {
        if (s[1] != cs[k]->view_shape[0]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "totalSumShape dim1 not same %s dim0", cs_names[k]);
        }
    }
    if (s[0] == 0) return Fail(ACLNN_ERR_PARAM_INVALID, "totalSumShape dim0 is zero");
    return 0;
}

// ---- aclnnBatchNormReduceBackward (norm/sync_batch_norm_backward_reduce/op_api/aclnn_batch_norm_backward_reduce.cpp);
// c.t = {gradOut, input, mean, invstd, weight, sumDy, sumDyXmu, gradWeight, gradBias}, weight and the outputs the
// flags do not select possibly NULL.

/// CheckParams: the inputs gradOut, input, mean, invstd non-NULL, then the outputs the flags select (sumDy and
/// sumDyXmu by inputG, gradWeight by weightG, gradBias by biasG) - 161001 with the op_api's lower-case "expected";
/// CheckDtypeValid (FLOAT, FLOAT16, plus BF16 on Atlas A2/A3 and Ascend 950: the inputs, gradOut of input's dtype,
/// the selected outputs); CheckFormat (gradOut's and input's formats equal, no private format); CheckShape (gradOut
/// and input of 2 to 8 dims, C not 0, the selected outputs [C]). weight is not checked (nor mean's and invstd's
/// shapes: a wrong one fails in the second phase here).
inline int CheckBatchNormReduceBackward(const OpCall& c, bool inputG, bool weightG, bool biasG) {
    const char* in_names[4] = {"gradOut", "input", "mean", "invstd"};
    const aclTensor* ins[4] = {c.t[0], c.t[1], c.t[2], c.t[3]};
    const char* out_names[4] = {"sumDy", "sumDyXmu", "gradWeight", "gradBias"};
    const aclTensor* outs[4] = {c.t[5], c.t[6], c.t[7], c.t[8]};
    const bool masks[4] = {inputG, inputG, weightG, biasG};
    for (int k = 0; k < 4; ++k) {
        if (ins[k] == nullptr) {
            return Fail(ACLNN_ERR_PARAM_NULLPTR, "expected a proper Tensor but got null for argument %s.", in_names[k]);
        }
    }
    for (int k = 0; k < 4; ++k) {
        if (masks[k] && outs[k] == nullptr) {
            return Fail(ACLNN_ERR_PARAM_NULLPTR, "expected a proper Tensor but got null for argument %s.",
                        out_names[k]);
        }
    }
    return 0;
}

inline int CheckBatchNormReduceBackwardParams(const OpCall& c, bool inputG, bool weightG, bool biasG) {
    const char* in_names[4] = {"gradOut", "input", "mean", "invstd"};
    const aclTensor* ins[4] = {c.t[0], c.t[1], c.t[2], c.t[3]};
    const char* out_names[4] = {"sumDy", "sumDyXmu", "gradWeight", "gradBias"};
    const aclTensor* outs[4] = {c.t[5], c.t[6], c.t[7], c.t[8]};
    const bool masks[4] = {inputG, inputG, weightG, biasG};
    const bool bf16 = bn::Bf16(c.soc);
    auto in_list = [bf16](const aclTensor* t, const char* name) {
        const aclDataType d = t->dtype;
        if (d == ACL_FLOAT || d == ACL_FLOAT16 || (bf16 && d == ACL_BF16)) return 0;
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s not implemented for %s, should be in dtype support list %s.", name,
                    DtypeName(d), bf16 ? "DT_FLOAT, DT_FLOAT16, DT_BF16" : "DT_FLOAT, DT_FLOAT16");
    };
    for (int k = 0; k < 4; ++k) {
        if (int r = in_list(ins[k], in_names[k])) return r;
    }
    if (ins[0]->dtype != ins[1]->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s expected dtype is %s but found %s.",
                    "inputParamTensorList[0].param", DtypeName(ins[1]->dtype), DtypeName(ins[0]->dtype));
    }
    for (int k = 0; k < 4; ++k) {
        if (masks[k]) {
            if (int r = in_list(outs[k], out_names[k])) return r;
        }
    }
    if (ins[0]->format != ins[1]->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format of gradOut and input should be equal. self [%s], out [%s].",
                    FormatName(ins[0]->format), FormatName(ins[1]->format));
    }
    for (int k = 0; k < 8; ++k) {
        const aclTensor* t = k < 4 ? ins[k] : outs[k - 4];
        if (k >= 4 && !masks[k - 4]) continue;
        if (IsPrivateFormatCode(t->format)) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Format only support ND, NCHW, NHWC, HWCN, NDHWC, NCDHW;but %s format is %s, please check.",
                        k < 4 ? in_names[k] : out_names[k - 4], FormatName(t->format));
        }
    }
    if (int r = NormMinDims(ins[0], "gradOut", 2)) return r;
    if (int r = NormMaxDims(ins[0], "gradOut")) return r;
    if (int r = NormMinDims(ins[1], "input", 2)) return r;
    if (int r = NormMaxDims(ins[1], "input")) return r;
    const int64_t dimC = ins[1]->view_shape[1];
    if (dimC == 0) return Fail(ACLNN_ERR_PARAM_INVALID, "channel size of input should not be zero.");
    for (int k = 0; k < 4; ++k) {
        if (masks[k] && outs[k]->view_shape != std::vector<int64_t>{dimC}) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "expected tensor for %s to have same size as %s, but got %s.",
                        out_names[k], ShapeString({dimC}).c_str(), ShapeString(outs[k]->view_shape).c_str());
        }
    }
    return 0;
}

// ---- aclnnBatchNormStats (hicann/ops-math math/reduce_std_with_mean/op_api/aclnn_batch_norm_stats.cpp); c.t =
// {input, mean, invstd}.

/// CheckDtypeValid (input FLOAT, FLOAT16 - plus BF16 on a regbase arch, Ascend 950 -; mean, invstd FLOAT),
/// CheckFormat (per tensor, not private), CheckShape (input of 2 to 8 dims, mean and invstd 1-D, C not 0, [C]).
inline int CheckBatchNormStats(const OpCall& c, double) {
    const aclTensor* input = c.t[0];
    const aclTensor* mean = c.t[1];
    const aclTensor* invstd = c.t[2];
    if (int r = bn::InList(input, "input", c.soc == rt::Soc::kAscend950)) return r;
    const aclTensor* outs[2] = {mean, invstd};
    const char* names[2] = {"mean", "invstd"};
    for (int k = 0; k < 2; ++k) {
        if (outs[k]->dtype != ACL_FLOAT) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Tensor %s not implemented for %s, should be in dtype support list DT_FLOAT.", names[k],
                        DtypeName(outs[k]->dtype));
        }
    }
    if (IsPrivateFormatCode(input->format)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Input format only support ND, NCL, NCHW, NCDHW.");
    }
    if (IsPrivateFormatCode(mean->format)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Mean format only support ND, NCL, NCHW, NCDHW.");
    }
    if (IsPrivateFormatCode(invstd->format)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Invstd format only support ND, NCL, NCHW, NCDHW.");
    }
    if (int r = NormMaxDims(input, "input")) return r;
    if (int r = NormMinDims(input, "input", 2)) return r;
    if (int r = BnDims(mean, "mean", 1)) return r;
    if (int r = BnDims(invstd, "invstd", 1)) return r;
    const int64_t dimC = input->view_shape[1];
    if (dimC == 0) return Fail(ACLNN_ERR_PARAM_INVALID, "Channel size of input should not be zero.");
    if (int r = NormShapeIs(mean, "mean", {dimC})) return r;
    return NormShapeIs(invstd, "invstd", {dimC});
}

// ---- aclnnLinalgVectorNorm (norm/lp_norm_v2/op_api/aclnn_linalg_vector_norm.cpp); c.t = {self, out}

/// CheckParams after CheckNotNull: CheckDtypeValid (out of dtype's dtype; no complex; on the regbase arch self, out
/// and dtype in FLOAT, FLOAT16, BF16 and dtype FLOAT or self's own), CheckPromoteType, CheckDimsValue (each dim in
/// [-rank, rank - 1], rank at least 1; no dim twice), CheckShape.
inline int CheckLinalgVectorNorm(const OpCall& c, const aclScalar*, const aclIntArray* dims, bool keepDims,
                                 aclDataType dtype) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    if (out->dtype != dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor out expected dtype is %s but found %s.", DtypeName(dtype),
                    DtypeName(out->dtype));
    }
    auto complex = [](aclDataType d) { return d == ACL_COMPLEX64 || d == ACL_COMPLEX128 || d == ACL_COMPLEX32; };
    if (complex(self->dtype) || complex(out->dtype)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The operator does not support the complex number type.");
    }
    if (LpNormRegbase(c.soc)) {
        if (int r = LpNormInList(self, "self")) return r;
        if (int r = LpNormInList(out, "out")) return r;
        if (!(dtype == ACL_FLOAT || dtype == ACL_FLOAT16 || dtype == ACL_BF16)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "dtype %s not in dtype support list [%s].", DtypeName(dtype),
                        "DT_FLOAT, DT_FLOAT16, DT_BF16");
        }
        const aclDataType sd = self->dtype;
        if (!(dtype == ACL_FLOAT || dtype == sd)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "For self with dtype %s, dtype should be %s, but got %s.",
                        DtypeName(sd), sd == ACL_FLOAT ? "DT_FLOAT" : sd == ACL_FLOAT16 ? "DT_FLOAT, DT_FLOAT16" : "DT_FLOAT, DT_BF16",
                        DtypeName(dtype));
        }
    }
    if (int r = LpNormPromote(c)) return r;
    const std::vector<int64_t>& ds = dims->values;
    int64_t rank = static_cast<int64_t>(self->view_shape.size());
    if (rank <= 0) rank = 1;
    for (int64_t d : ds) {
        if (d >= rank || d < -rank) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Dimension out of range (expected to be in range of [-%ld, %ld],but got %ld)",
                        static_cast<long>(rank), static_cast<long>(rank - 1), static_cast<long>(d));
        }
    }
    std::vector<bool> seen(static_cast<size_t>(rank), false);
    for (int64_t d : ds) {
        const int64_t k = d < 0 ? d + rank : d;
        if (seen[static_cast<size_t>(k)]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "dim %ld appears multiple times in the list of dims",
                        static_cast<long>(k));
        }
        seen[static_cast<size_t>(k)] = true;
    }
    return LpNormShape(c, ds, keepDims);
}

// ---- aclnnFastLayerNorm (norm/layer_norm_v4/op_host/op_api/aclnn_fast_layer_norm.cpp); c.t = {input,
// weightOptional, biasOptional, out, meanOutOptional, rstdOutOptional}, the optional ones NULL when absent.

/// CheckParams: CheckInputDtype (FLOAT16, FLOAT, BF16 on every product; a weight or bias not FLOAT of input's dtype,
/// weight and bias of one dtype), CheckFastOutputDtype, CheckShape (normalizedShape of 1 to 8; every tensor at most 8
/// dims; weight, bias of len(normalizedShape) dims; input of at least that many; the trailing dims, weight's and
/// bias's dims equal to normalizedShape; out of input's shape).
inline int CheckFastLayerNorm(const OpCall& c, const aclIntArray* normalizedShape, double) {
    const aclTensor* input = c.t[0];
    const aclTensor* w = c.t[1];
    const aclTensor* b = c.t[2];
    const aclTensor* out = c.t[3];
    const aclTensor* mean = c.t[4];
    const aclTensor* rstd = c.t[5];
    const std::vector<int64_t>& ns = normalizedShape->values;
    if (int r = LpNormInList(input, "input")) return r;
    if (w != nullptr) {
        if (int r = LpNormInList(w, "fastWeightOptional")) return r;
        if (w->dtype != ACL_FLOAT) {
            if (int r = bn::SameDtype(w, "fastWeightOptional", input, "input")) return r;
        }
    }
    if (w != nullptr && b != nullptr) {
        if (int r = bn::SameDtype(w, "fastWeightOptional", b, "biasOptional")) return r;
    }
    if (b != nullptr) {
        if (int r = LpNormInList(b, "biasOptional")) return r;
        if (b->dtype != ACL_FLOAT) {
            if (int r = bn::SameDtype(b, "biasOptional", input, "input")) return r;
        }
    }
    if (int r = LpNormInList(out, "out")) return r;
    if (rstd != nullptr) {
        if (int r = LpNormInList(rstd, "rstdOutOptional")) return r;
    }
    if (mean != nullptr) {
        if (int r = LpNormInList(mean, "meanOutOptional")) return r;
    }
    if (ns.size() < 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected aclnnFastLayerNorm normalizedShape len [%zu] to be greater than [%zu] but check failed.",
                    ns.size(), size_t{1});
    }
    if (int r = NormMaxDims(out, "out")) return r;
    if (int r = NormMaxDims(input, "input")) return r;
    const aclTensor* opt[4] = {w, rstd, mean, b};
    const char* opt_names[4] = {"weightOptional", "rstdOutOptional", "meanOutOptional", "biasOptional"};
    for (int k = 0; k < 4; ++k) {
        if (opt[k] != nullptr) {
            if (int r = NormMaxDims(opt[k], opt_names[k])) return r;
        }
    }
    if (ns.size() > 8) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected aclnnFastLayerNorm normalizedShape dim [%zu] to not be greater than [%zu] but check "
                    "failed.",
                    ns.size(), size_t{8});
    }
    if (w != nullptr) {
        if (int r = BnDims(w, "weightOptional", ns.size())) return r;
    }
    if (input->view_shape.size() < ns.size()) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "The input tensor's dimensions must not be smaller than normalizedShape's size.");
    }
    if (b != nullptr) {
        if (int r = BnDims(b, "biasOptional", ns.size())) return r;
    }
    const size_t begin = input->view_shape.size() - ns.size();
    for (size_t i = 0; i < ns.size(); ++i) {
        if (ns[i] != input->view_shape[i + begin]) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Expected normalized index [%zu] shape [%ld] be equal to input index [%zu] shape [%ld], but "
                        "failed.",
                        i, static_cast<long>(ns[i]), i + begin, static_cast<long>(input->view_shape[i + begin]));
        }
        if (w != nullptr && ns[i] != w->view_shape[i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Expected normalized index [%zu] shape [%ld] be equal to weight index [%zu] shape [%ld], but "
                        "failed.",
                        i, static_cast<long>(ns[i]), i, static_cast<long>(w->view_shape[i]));
        }
        if (b != nullptr && ns[i] != b->view_shape[i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Expected normalized index [%zu] shape [%ld] be equal to bias index [%zu] shape [%ld], but "
                        "failed.",
                        i, static_cast<long>(ns[i]), i, static_cast<long>(b->view_shape[i]));
        }
    }
    return bn::SameShape(input, "input", out, "out");
}

// ---- aclnnEmbeddingRenorm (norm/renorm/op_api/aclnn_embedding_renorm.cpp); c.t = {indices, selfRef}

/// CheckParams after CheckNotNull: CheckDtypeValid (selfRef FLOAT, FLOAT16 - plus BF16 on Atlas A2/A3 and Ascend 950;
/// indices INT32, INT64), CheckSelfDim (2-D), indices at most 8 dims, CheckFormatValid (neither FRACTAL_NZ).
inline int CheckEmbeddingRenorm(const OpCall& c, double, double) {
    const aclTensor* indices = c.t[0];
    const aclTensor* self = c.t[1];
    if (int r = bn::InList(self, "self", bn::Bf16(c.soc))) return r;
    if (indices->dtype != ACL_INT32 && indices->dtype != ACL_INT64) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list %s.",
                    "indices", DtypeName(indices->dtype), "DT_INT32, DT_INT64");
    }
    if (self->view_shape.size() != 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Embedding_Renorm: Except 2-dimension Tensor but got [%s]-dimension Tensor.",
                    ShapeString(self->view_shape).c_str());
    }
    if (int r = NormMaxDims(indices, "tensor")) return r;
    if (self->format == ACL_FORMAT_FRACTAL_NZ || indices->format == ACL_FORMAT_FRACTAL_NZ) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Input and output format only support [ND]. Actual: self:[%s], indices:[%s].",
                    FormatName(self->format), FormatName(indices->format));
    }
    return 0;
}

// ---- the norm + quant fusions

/// "a, b, c" of dtype names.
inline std::string QuantList(std::initializer_list<aclDataType> l) {
    std::string s;
    for (aclDataType d : l) {
        if (!s.empty()) s += ", ";
        s += DtypeName(d);
    }
    return s;
}

/// OP_CHECK_DTYPE_NOT_SUPPORT against an explicit list.
inline int QuantInList(const aclTensor* t, const char* name, std::initializer_list<aclDataType> l) {
    for (aclDataType d : l) {
        if (t->dtype == d) return 0;
    }
    return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list %s.", name,
                DtypeName(t->dtype), QuantList(l).c_str());
}

// ---- aclnnRmsNormQuant (norm/rms_norm_quant/op_host/op_api/aclnn_rms_norm_quant.cpp); c.t = {x, gamma, beta, scale,
// offset, y}.

/// CheckDtypeValid and CheckShapeDim after PreDealData (a 2-D gamma / beta read as its dim 1): x in the product's list
/// (Ascend 950: FLOAT, FLOAT16, BF16; Atlas A2/A3: FLOAT16, BF16; Ascend310P: FLOAT16; Ascend910: none - the op_api's
/// "not implemented" empty list); gamma, beta of x's dtype; y in the product's list (Ascend 950: FLOAT8_E4M3FN,
/// FLOAT8_E5M2, HIFLOAT8, INT8, INT4, INT32; A2/A3: INT8, INT4, INT32; Ascend310P: INT8); outside the Ascend 950 scale
/// of x's dtype and offset INT8, on it offset in INT32, FLOAT, FLOAT16, BF16, INT8 with the scale / offset pairs the
/// op_api allows; then the ranks (x, y 1 to 8; gamma, beta 1 to 2), gamma's last dim x's, y's shape against x's per
/// y's dtype, gamma's shape beta's, scale's offset's.
inline int CheckRmsNormQuant(const OpCall& c, double) {
    const aclTensor* x = c.t[0];
    const aclTensor* gamma = c.t[1];
    const aclTensor* beta = c.t[2];
    const aclTensor* scale = c.t[3];
    const aclTensor* offset = c.t[4];
    const aclTensor* y = c.t[5];
    const bool regbase = c.soc == rt::Soc::kAscend950;
    const bool a2 = c.soc == rt::Soc::kAscend910B || c.soc == rt::Soc::kAscend910_93;
    if (regbase) {
        if (int r = QuantInList(x, "inputTensor.x", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})) return r;
    } else if (a2) {
        if (int r = QuantInList(x, "inputTensor.x", {ACL_FLOAT16, ACL_BF16})) return r;
    } else if (c.soc == rt::Soc::kAscend310P) {
        if (int r = QuantInList(x, "inputTensor.x", {ACL_FLOAT16})) return r;
    } else {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list %s.",
                    "inputTensor.x", DtypeName(x->dtype), "");
    }
    if (int r = bn::SameDtype(gamma, "inputTensor.gamma", x, "inputTensor.x")) return r;
    if (int r = bn::SameDtype(beta, "inputTensor.beta", x, "inputTensor.x")) return r;
    if (regbase) {
        if (int r = QuantInList(y, "y", {ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E5M2, ACL_HIFLOAT8, ACL_INT8, ACL_INT4, ACL_INT32}))
            return r;
    } else if (a2) {
        if (int r = QuantInList(y, "y", {ACL_INT8, ACL_INT4, ACL_INT32})) return r;
    } else {
        if (int r = QuantInList(y, "y", {ACL_INT8})) return r;
    }
    if (!regbase) {
        if (int r = bn::SameDtype(scale, "inputTensor.scale", x, "inputTensor.x")) return r;
        if (offset->dtype != ACL_INT8) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor inputTensor.offset expected dtype is DT_INT8 but found %s.",
                        DtypeName(offset->dtype));
        }
    } else {
        if (int r = QuantInList(offset, "inputTensor.offset", {ACL_INT32, ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT8}))
            return r;
        if (x->dtype == ACL_FLOAT && !(scale->dtype == ACL_FLOAT && offset->dtype == ACL_FLOAT)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "if xType is float32, scaleType and offsetType are not float32");
        }
        if (x->dtype == ACL_FLOAT16 || x->dtype == ACL_BF16) {
            if (scale->dtype == ACL_FLOAT) {
                if (!(offset->dtype == ACL_FLOAT || offset->dtype == ACL_INT32)) {
                    return Fail(ACLNN_ERR_PARAM_INVALID,
                                "if xType is float16 or bfloat16 and scaleType is float, offsetType are not float32 or "
                                "int32");
                }
            } else {
                if (x->dtype != scale->dtype) {
                    return Fail(ACLNN_ERR_PARAM_INVALID,
                                "if xType is float16 or bfloat16 and scaleType is not float, scaleType should be equal "
                                "to xType");
                }
                if (!(scale->dtype == offset->dtype || offset->dtype == ACL_INT8)) {
                    return Fail(ACLNN_ERR_PARAM_INVALID,
                                "if xType is float16 or bfloat16 and scaleType is the same with xType, scaleType should "
                                "be equal to xType or int8");
                }
            }
        }
    }
    // PreDealData: a 2-D gamma / beta is read as [its dim 1]
    auto pre = [](const aclTensor* t) {
        return t->view_shape.size() == 2 ? std::vector<int64_t>{t->view_shape[1]} : t->view_shape;
    };
    const std::vector<int64_t> gs = pre(gamma), bs = pre(beta);
    if (int r = NormMaxDims(x, "inputTensor.x")) return r;
    if (gs.size() > 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor cannot be larger than %zu dimensions.", "inputTensor.gamma",
                    size_t{2});
    }
    if (bs.size() > 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor cannot be larger than %zu dimensions.", "inputTensor.beta",
                    size_t{2});
    }
    if (int r = NormMaxDims(y, "y")) return r;
    if (int r = NormMinDims(x, "inputTensor.x", 1)) return r;
    if (gs.empty()) return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor must have at least %zu dimensions.", "inputTensor.gamma", size_t{1});
    if (bs.empty()) return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor must have at least %zu dimensions.", "inputTensor.beta", size_t{1});
    if (int r = NormMinDims(y, "y", 1)) return r;
    const int64_t xLast = x->view_shape.back();
    if (gs.back() != xLast) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "the last dim size(%ld) of x must be same as gamma and beta(%ld).",
                    static_cast<long>(xLast), static_cast<long>(gs.back()));
    }
    const int64_t yLast = y->view_shape.back();
    auto front_equal = [&](size_t n) {
        if (x->view_shape.size() != y->view_shape.size()) return false;
        for (size_t i = 0; i < n && i < x->view_shape.size(); ++i) {
            if (x->view_shape[i] != y->view_shape[i]) return false;
        }
        return true;
    };
    if (y->dtype == ACL_INT32) {
        if (regbase && !front_equal(x->view_shape.size() - 1)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The size of the first n - 1 dims of x is not equal with that of y");
        }
        if (xLast != yLast * 8) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "if outType is int32, the out last dim must be 1/8 of x last dim, x last dim is (%ld), out last "
                        "dim is (%ld).",
                        static_cast<long>(xLast), static_cast<long>(yLast));
        }
    } else if (regbase && y->dtype == ACL_INT4) {
        if (!front_equal(x->view_shape.size())) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "x shape is not equal with y shape");
        }
        if (xLast % 2 != 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "if outType is int4 and support regbase x last dim should be even but x last dim is (%ld)",
                        static_cast<long>(xLast));
        }
    } else if (regbase) {
        if (!front_equal(x->view_shape.size())) return Fail(ACLNN_ERR_PARAM_INVALID, "x shape is not equal with y shape");
    } else if (xLast != yLast) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "if outType is int4 or int8, x last dim must be equal with out last dim. x last dim is (%ld), out "
                    "last dim is (%ld).",
                    static_cast<long>(xLast), static_cast<long>(yLast));
    }
    if (gs != bs) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for %s to have same size as tensor for %s, but %s does not equal %s.",
                    "inputTensor.gamma", "inputTensor.beta", ShapeString(gs).c_str(), ShapeString(bs).c_str());
    }
    return bn::SameShape(scale, "inputTensor.scale", offset, "inputTensor.offset");
}

// ---- aclnnAddRmsNormQuant (norm/add_rms_norm_quant/op_host/op_api/aclnn_add_rms_norm_quant.cpp); c.t = {x1, x2,
// gamma, scales1, scales2Optional, zeroPoints1Optional, zeroPoints2Optional, y1Out, y2Out, xOut}.

/// CheckDtypeValid (one set of lists on every product: x1, x2, gamma, scales FLOAT, FLOAT16, BF16; zero points INT32,
/// FLOAT, FLOAT16, BF16; y1Out, y2Out FLOAT8_E4M3FN, FLOAT8_E5M2, HIFLOAT8, INT8, of one dtype; xOut as x1) and
/// CheckShapeDim (each tensor of 1 to 8 dims, no dim above INT32_MAX).
inline int CheckAddRmsNormQuant(const OpCall& c, int64_t, double, bool) {
    const char* names[10] = {"x1", "x2", "gamma", "scales1", "scales2Optional", "zeroPoints1Optional",
                             "zeroPoints2Optional", "y1Out", "y2Out", "xOut"};
    const std::initializer_list<aclDataType> xs = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    const std::initializer_list<aclDataType> zps = {ACL_INT32, ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    const std::initializer_list<aclDataType> ys = {ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E5M2, ACL_HIFLOAT8, ACL_INT8};
    for (int k = 0; k < 5; ++k) {
        if (c.t[k] == nullptr) continue;
        if (int r = QuantInList(c.t[k], names[k], xs)) return r;
    }
    for (int k = 5; k < 7; ++k) {
        if (c.t[k] == nullptr) continue;
        if (int r = QuantInList(c.t[k], names[k], zps)) return r;
    }
    if (int r = QuantInList(c.t[7], names[7], ys)) return r;
    if (int r = QuantInList(c.t[8], names[8], ys)) return r;
    if (int r = bn::SameDtype(c.t[7], "y1Out", c.t[8], "y2Out")) return r;
    if (int r = QuantInList(c.t[9], names[9], xs)) return r;
    auto big = [](const aclTensor* t) {
        for (int64_t d : t->view_shape) {
            if (d > 2147483647LL) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "The tensor's shape cannot be larger than %d.", 2147483647);
            }
        }
        return 0;
    };
    // the op_api's order: x1, x2, gamma, scales1 (all max, all min, all sizes); each optional input; the outputs
    const int groups[5][4] = {{0, 1, 2, 3}, {4, -1, -1, -1}, {5, -1, -1, -1}, {6, -1, -1, -1}, {7, 8, 9, -1}};
    for (const auto& g : groups) {
        for (int k : g) {
            if (k >= 0 && c.t[k] != nullptr) {
                if (int r = NormMaxDims(c.t[k], names[k])) return r;
            }
        }
        for (int k : g) {
            if (k >= 0 && c.t[k] != nullptr) {
                if (int r = NormMinDims(c.t[k], names[k], 1)) return r;
            }
        }
        for (int k : g) {
            if (k >= 0 && c.t[k] != nullptr) {
                if (int r = big(c.t[k])) return r;
            }
        }
    }
    return 0;
}

// ---- aclnnAddRmsNormDynamicQuant (norm/add_rms_norm_dynamic_quant/op_host/op_api/
// aclnn_add_rms_norm_dynamic_quant.cpp); c.t = {x1, x2, gamma, smoothScale1Optional, smoothScale2Optional, y1Out,
// y2Out, xOut, scale1Out, scale2Out}.

/// CheckDtypeValid (one set of lists: x1, x2, gamma, smooth scales, xOut FLOAT16, BF16; y1Out, y2Out FLOAT8_E4M3FN,
/// FLOAT8_E5M2, HIFLOAT8, INT8 of one dtype; scale1Out, scale2Out FLOAT), then CheckShapeValid - which CANN reports as
/// 561002 (ACLNN_ERR_INNER_TILING_ERROR): x2 of x1's shape, gamma 1-D of x1's last dim, the smooth scales of gamma's.
inline int CheckAddRmsNormDynamicQuant(const OpCall& c, double) {
    const std::initializer_list<aclDataType> xs = {ACL_FLOAT16, ACL_BF16};
    const std::initializer_list<aclDataType> ys = {ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E5M2, ACL_HIFLOAT8, ACL_INT8};
    const char* names[5] = {"x1", "x2", "gamma", "smoothScale1Optional", "smoothScale2Optional"};
    for (int k = 0; k < 5; ++k) {
        if (c.t[k] == nullptr) continue;
        if (int r = QuantInList(c.t[k], names[k], xs)) return r;
    }
    if (int r = QuantInList(c.t[5], "y1Out", ys)) return r;
    if (int r = QuantInList(c.t[6], "y2Out", ys)) return r;
    if (int r = bn::SameDtype(c.t[5], "y1Out", c.t[6], "y2Out")) return r;
    if (int r = QuantInList(c.t[7], "xOut", xs)) return r;
    if (c.t[8]->dtype != ACL_FLOAT) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor scale1Out expected dtype is DT_FLOAT but found %s.",
                    DtypeName(c.t[8]->dtype));
    }
    if (c.t[9]->dtype != ACL_FLOAT) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor scale2Out expected dtype is DT_FLOAT but found %s.",
                    DtypeName(c.t[9]->dtype));
    }
    const aclTensor* x1 = c.t[0];
    const aclTensor* gamma = c.t[2];
    if (x1->view_shape != c.t[1]->view_shape) return Fail(ACLNN_ERR_INNER_TILING_ERROR, "x1 and x2 shape mismatch.");
    if (gamma->view_shape.size() != 1) return Fail(ACLNN_ERR_INNER_TILING_ERROR, "gamma shape dim num should be 1.");
    if (x1->view_shape.empty() || x1->view_shape.back() != gamma->view_shape[0]) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "gammaShape isn't consistent with the last dimension of x1.");
    }
    if (c.t[3] != nullptr && c.t[3]->view_shape != gamma->view_shape) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "smoothScale1 shape mismatch with gamma.");
    }
    if (c.t[4] != nullptr && c.t[4]->view_shape != gamma->view_shape) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "smoothScale2 shape mismatch with gamma.");
    }
    return 0;
}

// ---- aclnnRmsNormDynamicQuant (norm/rms_norm_dynamic_quant: a generated aclnn layer - rms_norm_dynamic_quant_def.cpp,
// docs/aclnnRmsNormDynamicQuant.md; no op_api source, so the messages are aclcpu's); c.t = {x, gamma,
// smoothScalesOptional, betaOptional, yOut, scaleOut}.

/// The definition's rows (Atlas A2/A3 only): x, gamma, smoothScales, beta all FLOAT16 or all BF16, yOut INT8,
/// scaleOut FLOAT, dstType INT8 (2) - 161002; the shapes (the docs' constraints, 561002): gamma, smoothScales, beta
/// [x's last dim], yOut x's shape, scaleOut x's leading dims' count.
inline int CheckRmsNormDynamicQuant(const OpCall& c, double, int64_t dstType) {
    const aclTensor* x = c.t[0];
    const aclTensor* y = c.t[4];
    const aclTensor* scale = c.t[5];
    const bool a2 = c.soc == rt::Soc::kAscend910B || c.soc == rt::Soc::kAscend910_93;
    const aclDataType d = x->dtype;
    bool ok = a2 && (d == ACL_FLOAT16 || d == ACL_BF16) && y->dtype == ACL_INT8 && scale->dtype == ACL_FLOAT;
    for (int k = 1; k < 4; ++k) {
        if (c.t[k] != nullptr && c.t[k]->dtype != d) ok = false;
    }
    if (!ok) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "%s does not support the dtypes x %s, gamma %s, yOut %s, scaleOut %s on this product.", c.api,
                    DtypeName(d), DtypeName(c.t[1]->dtype), DtypeName(y->dtype), DtypeName(scale->dtype));
    }
    if (dstType != ACL_INT8) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s supports dstType 2 (INT8) here, but got %ld.", c.api,
                    static_cast<long>(dstType));
    }
    const std::vector<int64_t>& xs = x->view_shape;
    if (xs.empty() || xs.size() > 8) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Expected x to have 1 to 8 dimensions, but got %s.",
                    ShapeString(xs).c_str());
    }
    const char* names[3] = {"gamma", "smoothScalesOptional", "betaOptional"};
    for (int k = 1; k < 4; ++k) {
        const aclTensor* t = c.t[k];
        if (t != nullptr && t->view_shape != std::vector<int64_t>{xs.back()}) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Expected %s of shape [%ld] (x's last dim), but got %s.",
                        names[k - 1], static_cast<long>(xs.back()), ShapeString(t->view_shape).c_str());
        }
    }
    if (y->view_shape != xs) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Expected yOut to have x's shape %s, but got %s.",
                    ShapeString(xs).c_str(), ShapeString(y->view_shape).c_str());
    }
    if (scale->numel * xs.back() != x->numel) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Expected scaleOut to hold one value per row of x %s, but got %s.",
                    ShapeString(xs).c_str(), ShapeString(scale->view_shape).c_str());
    }
    return 0;
}

// ---- aclnnBatchNormReduce (norm/bn_training_reduce/op_api/aclnn_batch_norm_reduce.cpp); c.t = {x, sum, squareSum}.

/// After CheckNotNull: an empty x, sum or squareSum returns early (sum and squareSum filled with 0; the checks
/// skipped). CheckDtypeValid (x FLOAT, FLOAT16, BF16 on every product - the op_api has one list -; sum and squareSum
/// FLOAT), CheckFormat (x NCHW or NHWC - an ND x is refused -; sum and squareSum ND), CheckShape (x 4-D; sum and
/// squareSum 1-D of C: x's dim 1, or dim 3 for an NHWC x). Beyond CANN: an NHWC x whose dims 1 and 3 are equal is
/// refused (161002) - the reference formula cannot see the format and tells NCHW from NHWC by C's position.
inline int CheckBatchNormReduce(const OpCall& c) {
    const aclTensor* x = c.t[0];
    const aclTensor* sum = c.t[1];
    const aclTensor* sq = c.t[2];
    if (x->numel == 0 || sum->numel == 0 || sq->numel == 0) return 0;
    const aclDataType d = x->dtype;
    if (!(d == ACL_FLOAT || d == ACL_FLOAT16 || d == ACL_BF16)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list %s.",
                    "x", DtypeName(d), "DT_FLOAT, DT_FLOAT16, DT_BF16");
    }
    const aclTensor* outs[2] = {sum, sq};
    const char* names[2] = {"sum", "squareSum"};
    for (int k = 0; k < 2; ++k) {
        if (outs[k]->dtype != ACL_FLOAT) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Tensor %s not implemented for %s, should be in dtype support list DT_FLOAT.", names[k],
                        DtypeName(outs[k]->dtype));
        }
    }
    if (x->format != ACL_FORMAT_NCHW && x->format != ACL_FORMAT_NHWC) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format of x only supports [NCHW, NHWC], but format is [%s].",
                    FormatName(x->format));
    }
    if (sum->format != ACL_FORMAT_ND) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format of sum only supports [ND], but format is [%s].",
                    FormatName(sum->format));
    }
    if (sq->format != ACL_FORMAT_ND) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format of squareSum only supports [ND], but format is [%s].",
                    FormatName(sq->format));
    }
    if (int r = BnDims(x, "x", 4)) return r;
    if (sum->view_shape.size() != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "It is expected dimNum of sum equals to 1, but size is %zu",
                    sum->view_shape.size());
    }
    if (sq->view_shape.size() != 1) {
        // the op_api prints sum's dim count here
        return Fail(ACLNN_ERR_PARAM_INVALID, "It is expected dimNum of squareSum equals to 1, but size is %zu",
                    sum->view_shape.size());
    }
    const bool nhwc = x->format == ACL_FORMAT_NHWC;
    const int64_t C = x->view_shape[nhwc ? 3 : 1];
    if (sum->view_shape[0] != C) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "It is expected size of sum equals to input_C(%ld), but size is %zu",
                    static_cast<long>(C), static_cast<size_t>(sum->view_shape[0]));
    }
    if (sq->view_shape[0] != C) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "It is expected size of squareSum equals to input_C(%ld), but size is %zu", static_cast<long>(C),
                    static_cast<size_t>(sq->view_shape[0]));
    }
    if (nhwc && x->view_shape[1] == x->view_shape[3]) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "An NHWC x with dims 1 and 3 equal (%s) is not implemented at the reference tier (its formula "
                    "cannot see the format).",
                    ShapeString(x->view_shape).c_str());
    }
    return 0;
}

// ---- aclnnInstanceNorm (norm/instance_norm_v3/op_host/op_api/aclnn_instance_norm.cpp); c.t = {x, gamma, beta, y,
// mean, variance}.

/// CheckParams after CheckNotNull: CheckParamValid (dataFormat starting "NHWC" or "NCHW" - strncmp over 4
/// characters -, else 161002 with no message of CANN's), CheckDtypeValid (x FLOAT, FLOAT16 on every product; gamma,
/// beta, y, mean, variance of x's dtype), CheckShape (x at most 8 dims).
inline int CheckInstanceNorm(const OpCall& c, const char* dataFormat, double) {
    const aclTensor* x = c.t[0];
    if (std::string(dataFormat).compare(0, 4, "NHWC") != 0 && std::string(dataFormat).compare(0, 4, "NCHW") != 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "dataFormat %s is neither NCHW nor NHWC.", dataFormat);
    }
    if (!(x->dtype == ACL_FLOAT || x->dtype == ACL_FLOAT16)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list %s.",
                    "x", DtypeName(x->dtype), "DT_FLOAT, DT_FLOAT16");
    }
    const char* names[5] = {"gamma", "beta", "y", "mean", "variance"};
    for (int k = 0; k < 5; ++k) {
        if (int r = NormDtypeMatch(c.t[1 + k], names[k], x->dtype)) return r;
    }
    return NormMaxDims(x, "x");
}

/// CheckPlatform (Ascend310P only: "aclnnInstanceNorm only supports Ascend310p"), then CheckInputAndWeightShape (x
/// 4-D, gamma and beta 1-D; gamma's size x's C axis: dim 3 for "NHWC", else dim 1). Beyond CANN (where CANN's
/// ViewCopy would fail in the second phase): y not of x's shape, mean or variance not of N * C elements -> 161002.
inline int CheckInstanceNormShape(const OpCall& c, const char* dataFormat, double) {
    if (c.soc != rt::Soc::kAscend310P) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "aclnnInstanceNorm only supports Ascend310p");
    }
    const aclTensor* x = c.t[0];
    const aclTensor* gamma = c.t[1];
    const aclTensor* beta = c.t[2];
    if (!(x->view_shape.size() == 4 && gamma->view_shape.size() == 1 && beta->view_shape.size() == 1)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "x dim should be 4, gamma dim should be 1, beta dim should be 1");
    }
    const bool nhwc = std::string(dataFormat).compare(0, 4, "NHWC") == 0;
    const int64_t C = x->view_shape[nhwc ? 3 : 1];
    if (gamma->view_shape[0] != C) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "gamma.shape[0] must be equal to x's C axis");
    }
    if (beta->view_shape[0] != C) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "beta.shape[0] must be equal to x's C axis (beyond CANN: the kernel reads C elements).");
    }
    const aclTensor* y = c.t[3];
    if (y->view_shape != x->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "y %s is not of x's shape %s (beyond CANN: its ViewCopy fails).",
                    ShapeString(y->view_shape).c_str(), ShapeString(x->view_shape).c_str());
    }
    const bool empty = x->numel == 0 || gamma->numel == 0 || beta->numel == 0 || y->numel == 0 ||
                       c.t[4]->numel == 0 || c.t[5]->numel == 0;
    if (empty) return 0;
    const char* names[2] = {"mean", "variance"};
    for (int k = 0; k < 2; ++k) {
        if (c.t[4 + k]->numel != x->view_shape[0] * C) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "%s %s does not hold N * C = %ld elements (beyond CANN: its ViewCopy fails).", names[k],
                        ShapeString(c.t[4 + k]->view_shape).c_str(), static_cast<long>(x->view_shape[0] * C));
        }
    }
    return 0;
}

// ---- aclnnLayerNormQuant (norm/layer_norm_quant/op_host/op_api/aclnn_layer_norm_quant.cpp); c.t = {x, gamma, beta,
// scale, zeroPointsOptional, res, scaleOut}, zeroPointsOptional and scaleOut possibly NULL.

/// CheckNotNull's quantMode rule: zeroPointsOptional non-NULL when quantMode is 0 (after x, gamma, beta, scale, res).
inline int CheckLayerNormQuantNull(const OpCall& c, int quantMode, double) {
    if (quantMode != 0 || c.t[4] != nullptr) return 0;
    return Fail(ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument zeroPointsOptional.");
}

/// CheckDtype (x in the list - FLOAT16, FLOAT, BF16 on a regbase arch (Ascend 950); FLOAT16, BF16 on Atlas A2/A3 and
/// the other products; FLOAT16 on Ascend310P -; gamma, beta, scale of x's dtype; zeroPointsOptional INT8 (CANN's
/// macro names it tensorPtr); res INT8), CheckShape (x at most 8 dims, gamma at most 2; quantMode 0 only; gamma's last
/// dim x's; beta gamma's shape; scale [1]; zeroPointsOptional of scale's rank; res x's shape). scaleOut is not
/// checked (written only for quantMode 1, which is refused). Beyond CANN: a 0-d x (CANN reads its dim -1).
inline int CheckLayerNormQuant(const OpCall& c, int quantMode, double) {
    const aclTensor* x = c.t[0];
    const aclTensor* gamma = c.t[1];
    const aclTensor* beta = c.t[2];
    const aclTensor* scale = c.t[3];
    const aclTensor* zp = c.t[4];
    const aclTensor* res = c.t[5];
    const aclDataType d = x->dtype;
    const bool ok = c.soc == rt::Soc::kAscend950 ? (d == ACL_FLOAT16 || d == ACL_FLOAT || d == ACL_BF16)
                    : c.soc == rt::Soc::kAscend310P ? d == ACL_FLOAT16
                                                    : (d == ACL_FLOAT16 || d == ACL_BF16);
    if (!ok) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list %s.",
                    "x", DtypeName(d),
                    c.soc == rt::Soc::kAscend950   ? "[DT_FLOAT16, DT_FLOAT, DT_BF16]"
                    : c.soc == rt::Soc::kAscend310P ? "[DT_FLOAT16]"
                                                    : "[DT_FLOAT16, DT_BF16]");
    }
    if (int r = NormDtypeMatch(gamma, "gamma", d)) return r;
    if (int r = NormDtypeMatch(beta, "beta", d)) return r;
    if (int r = NormDtypeMatch(scale, "scale", d)) return r;
    if (zp != nullptr) {
        if (int r = NormDtypeMatch(zp, "tensorPtr", ACL_INT8)) return r;
    }
    if (int r = NormDtypeMatch(res, "res", ACL_INT8)) return r;
    if (int r = NormMaxDims(x, "x")) return r;
    if (gamma->view_shape.size() > 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor cannot be larger than %zu dimensions.", "gamma", size_t{2});
    }
    if (quantMode != 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Only support static mode quant currently, quantMode should be 0");
    }
    const std::vector<int64_t>& xs = x->view_shape;
    const std::vector<int64_t>& gs = gamma->view_shape;
    if (xs.empty() || gs.empty() || xs.back() != gs.back()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of gamma should be equal to last dims of shape x");
    }
    if (gs != beta->view_shape) return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of beta should same as gamma");
    const std::vector<int64_t>& ss = scale->view_shape;
    if (!(ss.size() == 1 && ss[0] == 1)) return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of scale should be equal to [1]");
    if (ss.size() != zp->view_shape.size()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of scale should same as zeroPointsOptional");
    }
    if (xs != res->view_shape) return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of res should same as x");
    // beyond CANN: the kernel reads one zero point
    if (zp->numel < 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "zeroPointsOptional %s holds no value (beyond CANN: the kernel reads one).",
                    ShapeString(zp->view_shape).c_str());
    }
    return 0;
}

// ---- aclnnAddLayerNormQuant (norm/add_layer_norm_quant/op_host/op_api/aclnn_add_layer_norm_quant.cpp); c.t = {x1,
// x2, gamma, beta, biasOptional, scales1Optional, scales2Optional, zeroPoints1Optional, zeroPoints2Optional, y1Out,
// y2Out, xOut, outScales1Out, outScales2Out}, the optional ones NULL when absent.

namespace alnq {
/// opbase's NpuArch number of a product (the opdev platform enum; as src/op/foreach_call.h NpuArchCode).
inline unsigned Arch(rt::Soc soc) {
    switch (soc) {
        case rt::Soc::kAscend950: return 3510u;
        case rt::Soc::kAscend910B: case rt::Soc::kAscend910_93: return 2201u;
        case rt::Soc::kAscend910: return 1001u;
        case rt::Soc::kAscend310P: return 2002u;
    }
    return 0u;
}
/// quantMode starts with "dynamic" (strncmp over its length).
inline bool Dynamic(const char* m) { return std::string(m).compare(0, 7, "dynamic") == 0; }
inline bool Static(const char* m) { return std::string(m).compare(0, 6, "static") == 0; }
/// OP_CHECK_DTYPE_NOT_SUPPORT with the op_api's two lists.
inline int In(const aclTensor* t, const char* name, bool dyn) {
    const aclDataType d = t->dtype;
    if (d == ACL_FLOAT16 || d == ACL_BF16 || (!dyn && d == ACL_FLOAT)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list %s.", name,
                DtypeName(d), dyn ? "[DT_FLOAT16, DT_BF16]" : "[DT_FLOAT, DT_FLOAT16, DT_BF16]");
}
}  // namespace alnq

/// CheckParams' first step, CheckPlatform: a regbase arch (Ascend 950) only - before the null checks (so before the
/// generated code sets c.soc: the product is read here).
inline int CheckAddLayerNormQuantPlatform(const OpCall&, const char*, double, bool, bool) {
    const rt::Soc soc = rt::ActiveSoc();
    if (soc == rt::Soc::kAscend950) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Support for npuArch %u is not implemented.", alnq::Arch(soc));
}

/// GetQuantMode ("dynamic" or "static" prefixes), CheckDtypeValid, CheckShapeRel, CheckShapeEqs, CheckOptCombValid.
inline int CheckAddLayerNormQuant(const OpCall& c, const char* quantMode, double, bool, bool) {
    const aclTensor* x1 = c.t[0];
    const aclTensor* gamma = c.t[2];
    const aclTensor* bias = c.t[4];
    const aclTensor* s1 = c.t[5];
    const aclTensor* s2 = c.t[6];
    const aclTensor* z1 = c.t[7];
    const aclTensor* z2 = c.t[8];
    const aclTensor* y1 = c.t[9];
    const aclTensor* y2 = c.t[10];
    const aclTensor* xOut = c.t[11];
    const aclTensor* o1 = c.t[12];
    const aclTensor* o2 = c.t[13];
    if (!alnq::Dynamic(quantMode) && !alnq::Static(quantMode)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Got quantMode neither \"dynamic\" nor \"static\".");
    }
    const bool dyn = alnq::Dynamic(quantMode);
    const aclDataType d = x1->dtype;
    if (int r = alnq::In(x1, "x1", dyn)) return r;
    if (int r = NormDtypeMatch(c.t[1], "x2", d)) return r;
    if (int r = NormDtypeMatch(gamma, "gamma", d)) return r;
    if (int r = NormDtypeMatch(c.t[3], "beta", d)) return r;
    if (bias != nullptr) {
        if (int r = NormDtypeMatch(bias, "tensorPtr", d)) return r;
    }
    if (int r = NormDtypeMatch(y1, "y1Out", ACL_INT8)) return r;
    if (int r = NormDtypeMatch(y2, "y2Out", ACL_INT8)) return r;
    if (int r = NormDtypeMatch(xOut, "xOut", d)) return r;
    if (int r = NormDtypeMatch(o1, "outScales1Out", ACL_FLOAT)) return r;
    if (int r = NormDtypeMatch(o2, "outScales2Out", ACL_FLOAT)) return r;
    if (s1 != nullptr) {
        if (int r = alnq::In(s1, "scales1Optional", dyn)) return r;
        if (dyn) {
            if (int r = NormDtypeMatch(s1, "tensorPtr", d)) return r;
        }
        const aclTensor* same[3] = {s2, z1, z2};
        for (const aclTensor* t : same) {
            if (t == nullptr) continue;
            if (int r = NormDtypeMatch(t, "tensorPtr", s1->dtype)) return r;
        }
    }
    // CheckShapeRel
    if (int r = NormMaxDims(x1, "x1")) return r;
    if (int r = NormMaxDims(gamma, "gamma")) return r;
    const std::vector<int64_t>& xs = x1->view_shape;
    const std::vector<int64_t>& gs = gamma->view_shape;
    if (xs.size() < gs.size()) return Fail(ACLNN_ERR_PARAM_INVALID, "DimNum of x1 should bigger than gamma");
    for (size_t i = 0; i < gs.size(); ++i) {
        if (xs[i + xs.size() - gs.size()] != gs[i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of gamma should be equal to few dims of shape x1");
        }
    }
    if (dyn) {
        const std::vector<int64_t>& os = o1->view_shape;
        if (!(xs.size() >= 2 && gs.size() == 1)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "In dyn quant, x1.dims() >= 2 and gamma.dims() == 1 should be followed");
        }
        if (xs.size() != 1 + os.size()) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "DimNum of outScales1Out should equals to (x1DimNum - 1)");
        }
        for (size_t i = 0; i < os.size(); ++i) {
            if (xs[i] != os[i]) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of outScales should equals to x1 without last dim");
            }
        }
    }
    // CheckShapeEqs
    const bool dual = s2 != nullptr;
    bool ele = xs == c.t[1]->view_shape && xs == xOut->view_shape && xs == y1->view_shape;
    if (dual) ele = ele && xs == y2->view_shape;
    if (!ele) return Fail(ACLNN_ERR_PARAM_INVALID, "Tensors x1/x2/y1/y2/x shape not same.");
    bool w = gs == c.t[3]->view_shape;
    for (const aclTensor* t : {s1, s2, z1, z2}) {
        if (t != nullptr && t->view_shape != gs) w = false;
    }
    if (!w) return Fail(ACLNN_ERR_PARAM_INVALID, "Tensors gamma/beta/s1/s2/z1/z2 shape not same.");
    if (bias != nullptr && bias->view_shape != gs && bias->view_shape != xs) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of bias is not same as x1 or gamma.");
    }
    if (dual && dyn && o1->view_shape != o2->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Shapes of outScales not equal.");
    }
    // CheckOptCombValid
    const bool e1 = s1 != nullptr, e2 = s2 != nullptr, ez1 = z1 != nullptr, ez2 = z2 != nullptr;
    if (dyn) {
        const bool ok = !ez1 && !ez2 && (e1 || !e2);
        if (!ok) return Fail(ACLNN_ERR_PARAM_INVALID, "Invalid Optional input combination in dyn quant mode");
    } else {
        const bool ok = e1 && ((e2 && ez1 == ez2) || (!e2 && !ez2));
        if (!ok) return Fail(ACLNN_ERR_PARAM_INVALID, "Invalid Optional input combination in stc quant mode");
    }
    return 0;
}

// ---- aclnnQuantizedBatchNorm (norm/quantized_batch_norm/op_host/op_api/aclnn_quantized_batch_norm.cpp); c.t =
// {input, mean, var, weight, bias, output}, weight and bias NULL when absent.

/// After CheckNotNull (input, output, mean, var) and CheckScalarNotNull: CheckNotEmpty / CheckOthersNotEmpty (an empty
/// input, mean, var, weight or bias -> 161002 with no message of CANN's), CheckParams (input, output INT8, UINT8,
/// INT32; storage formats equal and not private; output of input's shape), CheckOthersParams (weight, bias, mean,
/// var FLOAT; each 1-D of input's dim 1), CheckScalarParams (inputScale, outputScale FLOAT; the zero points INT32),
/// then input 4-D (161002, no message). Beyond CANN: an input under 2 dims (CANN reads its dim 1) -> 161002.
inline int CheckQuantizedBatchNorm(const OpCall& c, const aclScalar* inputScale, const aclScalar* inputZeroPoint,
                                   const aclScalar* outputScale, const aclScalar* outputZeroPoint, float) {
    const aclTensor* input = c.t[0];
    const aclTensor* mean = c.t[1];
    const aclTensor* var = c.t[2];
    const aclTensor* weight = c.t[3];
    const aclTensor* bias = c.t[4];
    const aclTensor* out = c.t[5];
    if (input->numel == 0 || mean->numel == 0 || var->numel == 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "aclnnQuantizedBatchNorm: an empty input, mean or var.");
    }
    if ((weight != nullptr && weight->numel == 0) || (bias != nullptr && bias->numel == 0)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "aclnnQuantizedBatchNorm: an empty weight or bias.");
    }
    const aclTensor* io[2] = {input, out};
    const char* io_names[2] = {"input", "out"};
    for (int k = 0; k < 2; ++k) {
        const aclDataType d = io[k]->dtype;
        if (!(d == ACL_INT8 || d == ACL_UINT8 || d == ACL_INT32)) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Tensor %s not implemented for %s, should be in dtype support list [DT_INT8, DT_UINT8, DT_INT32].",
                        io_names[k], DtypeName(d));
        }
    }
    if (input->format != out->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format of input and output should be equal, input [%s], output [%s].",
                    FormatName(input->format), FormatName(out->format));
    }
    if (IsPrivateFormatCode(input->format)) return Fail(ACLNN_ERR_PARAM_INVALID, "Format only support NCHW.");
    if (int r = bn::SameShape(out, "out", input, "input")) return r;
    const aclTensor* others[4] = {weight, bias, mean, var};
    const char* other_names[4] = {"weight", "bias", "mean", "var"};
    for (int k = 0; k < 4; ++k) {
        if (others[k] == nullptr) continue;
        if (int r = NormDtypeMatch(others[k], other_names[k], ACL_FLOAT)) return r;
    }
    if (input->view_shape.size() < 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected a 4-D input, but got %s (beyond CANN: it reads dim 1).",
                    ShapeString(input->view_shape).c_str());
    }
    const int64_t dimC = input->view_shape[1];
    for (int k = 0; k < 4; ++k) {
        const aclTensor* t = others[k];
        if (t != nullptr && (t->view_shape.size() != 1 || t->view_shape[0] != dimC)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Dim of %s should be one and shape is channel num of input.",
                        other_names[k]);
        }
    }
    const aclScalar* sc[4] = {inputScale, inputZeroPoint, outputScale, outputZeroPoint};
    const char* sc_names[4] = {"inputScale", "inputZeroPoint", "outputScale", "outputZeroPoint"};
    const aclDataType sc_dt[4] = {ACL_FLOAT, ACL_INT32, ACL_FLOAT, ACL_INT32};
    for (int k = 0; k < 4; ++k) {
        if (sc[k]->dtype != sc_dt[k]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s expected dtype is %s but found %s.", sc_names[k],
                        DtypeName(sc_dt[k]), DtypeName(sc[k]->dtype));
        }
    }
    if (input->view_shape.size() != 4) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "aclnnQuantizedBatchNorm: input of %zu dims, not 4.",
                    input->view_shape.size());
    }
    return 0;
}

}  // namespace aclcpu
