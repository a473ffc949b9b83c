// The custom first-phase checks of the nn_norm_quant family (ops/families/nn_norm_quant.yaml `custom` checks the
// table's vocabulary cannot express; docs/ops/nn_norm_quant.md). Included at the end of src/op/reference_checks.h
// (through the generated op/family_hooks.inc), after nn_norm's hooks, whose helpers (NormDtypeMatch, QuantInList,
// bn::SameShape, ...) and CheckQuantizedBatchNorm these call. Each hook is int <hook>(const OpCall& c, <the entry's
// non-tensor parameters>): 0, or a status with CANN's message. Facts: hicann/ops-nn norm/<op>/op_host/op_api/ (or
// norm/<op>/op_api/) aclnn_*.cpp and the operators' docs/aclnn*.md; the OP_CHECK_* texts of ops-nn's
// common/stub/op_api/aclnn_kernels/common/op_error_check.h.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "common/status.h"
#include "op/op_call.h"
#include "op/reference_checks_nn_norm.h"
#include "runtime/runtime.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {
namespace nnq_norm {

/// OP_CHECK_MAX_DIM(t, 8) for a tensor that may be NULL (skipped).
inline int MaxDims(const aclTensor* t, const char* name) { return t == nullptr ? 0 : NormMaxDims(t, name); }

/// OP_CHECK_SHAPE_NOT_EQUAL(a, b) for a b that may be NULL (skipped).
inline int SameShapeOpt(const aclTensor* a, const char* an, const aclTensor* b, const char* bn) {
    return b == nullptr ? 0 : bn::SameShape(a, an, b, bn);
}

/// OP_CHECK_DTYPE_NOT_SUPPORT for a tensor that may be NULL (skipped).
inline int InListOpt(const aclTensor* t, const char* name, std::initializer_list<aclDataType> l) {
    return t == nullptr ? 0 : QuantInList(t, name, l);
}

/// The element count of a shape.
inline int64_t Count(const std::vector<int64_t>& s) {
    int64_t n = 1;
    for (int64_t d : s) n *= d;
    return n;
}

/// CheckShapeGammaX (add_rms_norm_quant_v2): gamma no more dims than x1, x1's trailing dims gamma's; on Ascend310P
/// gamma of at least 32 elements.
inline int GammaTrailing(const OpCall& c, const aclTensor* x1, const aclTensor* gamma) {
    const std::vector<int64_t>& xs = x1->view_shape;
    const std::vector<int64_t>& gs = gamma->view_shape;
    if (gs.size() > xs.size()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The gamma tensor's dim %zu should not greater than x1 tensor's dim %zu.",
                    gs.size(), xs.size());
    }
    const size_t lead = xs.size() - gs.size();
    for (size_t i = 0; i < gs.size(); ++i) {
        if (xs[lead + i] != gs[i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The gamma tensor's shape dim %zu is %lld, is not equal to x1 %lld.", i,
                        static_cast<long long>(gs[i]), static_cast<long long>(xs[lead + i]));
        }
    }
    if (c.soc == rt::Soc::kAscend310P && Count(gs) < 32) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The gamma tensor's size %lld is smaller than 32.",
                    static_cast<long long>(Count(gs)));
    }
    return 0;
}

/// A 1-D (or [1, n]) tensor of 1 or n elements: a per-tensor or per-channel operand the formulas broadcast over x's
/// trailing dims (beyond CANN where its op_api leaves the shape to the kernel: an operand that would not broadcast is
/// refused here instead of failing in the second phase).
inline int PerTensorOrChannel(const aclTensor* t, const char* name, int64_t n) {
    if (t == nullptr) return 0;
    const int64_t k = Count(t->view_shape);
    if (k == 1 || k == n) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor should hold 1 or %lld elements, but holds %lld.", name,
                static_cast<long long>(n), static_cast<long long>(k));
}

}  // namespace nnq_norm

// ---- aclnnRmsNormQuantV3 (norm/rms_norm_quant_v3/op_api/aclnn_rms_norm_quant_v3.cpp, docs/aclnnRmsNormQuantV3.md);
// c.t = {x, gamma, scale, offset, beta, y, rstd}.

/// CheckNotNull's last rule: rstd NULL while outputRstd -> 161001.
inline int CheckRmsNormQuantV3Null(const OpCall& c, double, bool, bool outputRstd) {
    if (outputRstd && c.t[6] == nullptr) {
        return Fail(ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument rstd.");
    }
    return 0;
}

/// The docs' product (Ascend 950 only; aclcpu's message), CheckShapeValid (gamma of 1 or 2 dims, scale 1-D, an INT32
/// y's last dim x's / 8), then the docs' dtype rows and shapes, which CANN checks in its tiling (aclcpu's messages):
/// x FLOAT, FLOAT16, BF16; gamma, beta of x's dtype; scale x's dtype (offset x's dtype or INT8) or FLOAT (offset FLOAT
/// or INT32); y INT8, INT32, INT4, FLOAT8_E4M3FN, FLOAT8_E5M2, HIFLOAT8; rstd FLOAT; y of x's shape (INT32: but its
/// last dim); gamma's last dim (and beta's shape) x's last dim; scale, offset 1 or gamma's size; rstd of x's count
/// without its last dim.
inline int CheckRmsNormQuantV3(const OpCall& c, double, bool, bool outputRstd) {
    const aclTensor* x = c.t[0];
    const aclTensor* gamma = c.t[1];
    const aclTensor* scale = c.t[2];
    const aclTensor* offset = c.t[3];
    const aclTensor* beta = c.t[4];
    const aclTensor* y = c.t[5];
    const aclTensor* rstd = outputRstd ? c.t[6] : nullptr;
    if (c.soc != rt::Soc::kAscend950) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "aclnnRmsNormQuantV3 is supported on Ascend 950 only, not on %s.",
                    rt::SocName(c.soc));
    }
    const size_t gd = gamma->view_shape.size();
    if (gd < 1 || gd > 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "DimNum of gamma must be 1 or 2, but get [%zu]", gd);
    }
    if (scale->view_shape.size() != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "DimNum of scale must be 1, but get [%zu]", scale->view_shape.size());
    }
    if (x->view_shape.empty() || x->view_shape.size() > 8 || y->view_shape.size() != x->view_shape.size()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "x and y should have the same rank of 1 to 8 dims, but got %s and %s.",
                    ShapeString(x->view_shape).c_str(), ShapeString(y->view_shape).c_str());
    }
    const int64_t last = x->view_shape.back();
    if (y->dtype == ACL_INT32) {
        if (last % 8 != 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "If y dtype is int32, the last dim of x must be divisible by 8, got %lld.",
                        static_cast<long long>(last));
        }
        if (y->view_shape.back() * 8 != last) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "If y dtype is int32, the last dim of y must be 1/8 of x's, but got %lld and %lld.",
                        static_cast<long long>(y->view_shape.back()), static_cast<long long>(last));
        }
    }
    if (int r = QuantInList(x, "x", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})) return r;
    if (int r = NormDtypeMatch(gamma, "gamma", x->dtype)) return r;
    if (beta != nullptr) {
        if (int r = NormDtypeMatch(beta, "beta", x->dtype)) return r;
    }
    if (scale->dtype != x->dtype && scale->dtype != ACL_FLOAT) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor scale should be of x's dtype %s or DT_FLOAT, but found %s.",
                    DtypeName(x->dtype), DtypeName(scale->dtype));
    }
    if (offset != nullptr) {
        const bool fscale = scale->dtype == ACL_FLOAT;
        const bool ok = fscale ? (offset->dtype == ACL_FLOAT || offset->dtype == ACL_INT32)
                               : (offset->dtype == scale->dtype || offset->dtype == ACL_INT8);
        if (!ok) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor offset of %s does not go with a scale of %s.",
                        DtypeName(offset->dtype), DtypeName(scale->dtype));
        }
    }
    if (int r = QuantInList(y, "y", {ACL_INT8, ACL_INT32, ACL_INT4, ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E5M2, ACL_HIFLOAT8})) {
        return r;
    }
    if (rstd != nullptr) {
        if (int r = NormDtypeMatch(rstd, "rstd", ACL_FLOAT)) return r;
    }
    for (size_t i = 0; i + 1 < x->view_shape.size(); ++i) {
        if (y->view_shape[i] != x->view_shape[i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "y's shape %s does not match x's %s.", ShapeString(y->view_shape).c_str(),
                        ShapeString(x->view_shape).c_str());
        }
    }
    if (y->dtype != ACL_INT32 && y->view_shape.back() != last) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "y's shape %s does not match x's %s.", ShapeString(y->view_shape).c_str(),
                    ShapeString(x->view_shape).c_str());
    }
    const int64_t D = nnq_norm::Count(gamma->view_shape);
    if (gamma->view_shape.back() != last || D != last) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "gamma's shape %s does not match x's last dim %lld.",
                    ShapeString(gamma->view_shape).c_str(), static_cast<long long>(last));
    }
    if (beta != nullptr && nnq_norm::Count(beta->view_shape) != D) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "beta's shape %s does not match gamma's %s.",
                    ShapeString(beta->view_shape).c_str(), ShapeString(gamma->view_shape).c_str());
    }
    if (int r = nnq_norm::PerTensorOrChannel(scale, "scale", D)) return r;
    if (int r = nnq_norm::PerTensorOrChannel(offset, "offset", D)) return r;
    if (rstd != nullptr && nnq_norm::Count(rstd->view_shape) * last != nnq_norm::Count(x->view_shape)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "rstd's shape %s should hold one value per row of x %s.",
                    ShapeString(rstd->view_shape).c_str(), ShapeString(x->view_shape).c_str());
    }
    return 0;
}

// ---- aclnnAddRmsNormQuantV2 (norm/add_rms_norm_quant_v2/op_host/op_api/aclnn_add_rms_norm_quant_v2.cpp); c.t = {x1,
// x2, gamma, scales1, scales2Optional, zeroPoints1Optional, zeroPoints2Optional, betaOptional, y1Out, y2Out, xOut,
// rmsNormOut}.

/// After SimpleCheckNotNull: Ascend910 refused (the docs: not supported; aclcpu's message). CheckSupportV2 picks the
/// path: Ascend 950 always V2; Atlas A2/A3 and Ascend310P V2 only without scales2 / zeroPoints2, with divMode, gamma
/// [D] or [1, D] of x1's last dim, scales1 and zeroPoints1 [1] and one of (beta with xOut, no rmsNormOut) or
/// (rmsNormOut, no xOut, no beta); otherwise V1, which needs xOut (161001 without) and no rmsNormOut (161001).
/// V2 (CheckParamsV2): outside the 950 the beta / rmsNormOut combination (161001), CheckDtypeValidV2 per product,
/// CheckShapeDimV2 (at most 8 dims; y1Out, y2Out, rmsNormOut, xOut of x1's shape). V1 (CheckParams): the dims (1 to
/// 8), per product the dtypes, the shapes of x1 (x2, y1Out, y2Out, xOut), of gamma (scales, zero points, beta),
/// CheckShapeGammaX. Beyond CANN on the V2 path: gamma x1's trailing dims, the scales, zero points and beta of 1 or
/// gamma's count of elements (the formulas broadcast them).
inline int CheckAddRmsNormQuantV2(const OpCall& c, int64_t, double, bool divMode) {
    const aclTensor* x1 = c.t[0];
    const aclTensor* x2 = c.t[1];
    const aclTensor* gamma = c.t[2];
    const aclTensor* s1 = c.t[3];
    const aclTensor* s2 = c.t[4];
    const aclTensor* z1 = c.t[5];
    const aclTensor* z2 = c.t[6];
    const aclTensor* beta = c.t[7];
    const aclTensor* y1 = c.t[8];
    const aclTensor* y2 = c.t[9];
    const aclTensor* xOut = c.t[10];
    const aclTensor* res = c.t[11];
    using nnq_norm::InListOpt;
    using nnq_norm::MaxDims;
    using nnq_norm::SameShapeOpt;
    if (c.soc == rt::Soc::kAscend910) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "aclnnAddRmsNormQuantV2 is not supported on %s.", rt::SocName(c.soc));
    }
    const bool a950 = c.soc == rt::Soc::kAscend950;
    const std::initializer_list<aclDataType> xs950 = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    const std::initializer_list<aclDataType> zp950 = {ACL_INT32, ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    const std::initializer_list<aclDataType> y950 = {ACL_INT8, ACL_HIFLOAT8, ACL_FLOAT8_E5M2, ACL_FLOAT8_E4M3FN};
    const std::initializer_list<aclDataType> xsB = {ACL_FLOAT16, ACL_BF16};
    const std::initializer_list<aclDataType> scB = {ACL_FLOAT, ACL_BF16};
    const std::initializer_list<aclDataType> zpB = {ACL_INT32, ACL_BF16};
    const std::vector<int64_t>& xsh = x1->view_shape;
    const std::vector<int64_t>& gsh = gamma->view_shape;
    const int64_t lastX = xsh.empty() ? -1 : xsh.back();
    bool v2 = a950;
    if (!a950) {
        const bool gammaOk = (gsh.size() == 2 && gsh[0] == 1 && gsh[1] == lastX) || (gsh.size() == 1 && gsh[0] == lastX);
        const bool one1 = s1->view_shape.size() == 1 && s1->view_shape[0] == 1;
        const bool z1one = z1 != nullptr && z1->view_shape.size() == 1 && z1->view_shape[0] == 1;
        const bool combo = (beta == nullptr && res != nullptr && xOut == nullptr) ||
                           (beta != nullptr && res == nullptr && xOut != nullptr);
        const bool gammaOne = gsh.size() == 1 && gsh[0] == 1 && beta == nullptr && res == nullptr;
        v2 = z2 == nullptr && s2 == nullptr && divMode && !gammaOne && gammaOk && one1 && z1one && combo;
    }
    if (v2) {
        if (!a950 && !((beta != nullptr && xOut != nullptr && res == nullptr) ||
                       (xOut == nullptr && res != nullptr && beta == nullptr))) {
            return Fail(ACLNN_ERR_PARAM_NULLPTR,
                        "aclnnAddRmsNormQuantV2: betaOptional with xOut, or rmsNormOut without xOut and betaOptional.");
        }
        if (a950) {
            if (int r = QuantInList(x1, "inputTensor.x1", xs950)) return r;
            if (int r = QuantInList(x2, "inputTensor.x2", xs950)) return r;
            if (int r = QuantInList(gamma, "inputTensor.gamma", xs950)) return r;
            if (int r = QuantInList(s1, "inputTensor.scales1", xs950)) return r;
            if (int r = InListOpt(beta, "inputTensor.betaOptional", xs950)) return r;
            if (int r = InListOpt(z1, "inputTensor.zeroPoints1Optional", zp950)) return r;
            if (int r = InListOpt(s2, "inputTensor.scales2Optional", xs950)) return r;
            if (int r = InListOpt(z2, "inputTensor.zeroPoints2Optional", zp950)) return r;
            if (int r = bn::SameDtype(x1, "inputTensor.x1", x2, "inputTensor.x2")) return r;
            if (int r = bn::SameDtype(x1, "inputTensor.x1", gamma, "inputTensor.gamma")) return r;
            if (int r = QuantInList(y1, "outputTensor.y1Out", y950)) return r;
            if (int r = QuantInList(y2, "outputTensor.y2Out", y950)) return r;
            if (int r = InListOpt(res, "outputTensor.resOut", xs950)) return r;
            if (int r = InListOpt(xOut, "outputTensor.xOut", xs950)) return r;
        } else {
            if (int r = QuantInList(x1, "inputTensor.x1", xsB)) return r;
            if (int r = QuantInList(x2, "inputTensor.x2", xsB)) return r;
            if (int r = QuantInList(gamma, "inputTensor.gamma", xsB)) return r;
            if (int r = QuantInList(s1, "inputTensor.scales1", scB)) return r;
            if (int r = InListOpt(beta, "inputTensor.betaOptional", xsB)) return r;
            if (int r = InListOpt(z1, "inputTensor.zeroPoints1Optional", zpB)) return r;
            if (int r = bn::SameDtype(x1, "inputTensor.x1", x2, "inputTensor.x2")) return r;
            if (int r = bn::SameDtype(x1, "inputTensor.x1", gamma, "inputTensor.gamma")) return r;
            if (int r = NormDtypeMatch(y1, "outputTensor.y1Out", ACL_INT8)) return r;
            if (int r = NormDtypeMatch(y2, "outputTensor.y2Out", ACL_INT8)) return r;
            if (int r = InListOpt(res, "outputTensor.resOut", xsB)) return r;
            if (int r = InListOpt(xOut, "outputTensor.xOut", xsB)) return r;
        }
        const aclTensor* dimsAll[12] = {x1, x2, gamma, s1, beta, z1, s2, z2, y1, y2, res, xOut};
        const char* dimNames[12] = {"x1", "x2", "gamma", "scales1", "betaOptional", "zeroPoints1Optional",
                                    "scales2Optional", "zeroPoints2Optional", "y1Out", "y2Out", "rmsNormOut", "xOut"};
        for (int k = 0; k < 12; ++k) {
            if (int r = MaxDims(dimsAll[k], dimNames[k])) return r;
        }
        if (int r = bn::SameShape(x1, "inputTensor.x1", y1, "outputTensor.y1Out")) return r;
        if (int r = bn::SameShape(x1, "inputTensor.x1", y2, "outputTensor.y2Out")) return r;
        if (int r = SameShapeOpt(x1, "inputTensor.x1", res, "outputTensor.resOut")) return r;
        if (int r = SameShapeOpt(x1, "inputTensor.x1", xOut, "outputTensor.xOut")) return r;
        // beyond CANN (the kernel's assumptions; the formula reads them so)
        if (int r = bn::SameShape(x1, "inputTensor.x1", x2, "inputTensor.x2")) return r;
        if (int r = nnq_norm::GammaTrailing(c, x1, gamma)) return r;
        const int64_t D = nnq_norm::Count(gsh);
        const aclTensor* per[5] = {s1, s2, z1, z2, beta};
        const char* perNames[5] = {"scales1", "scales2Optional", "zeroPoints1Optional", "zeroPoints2Optional",
                                   "betaOptional"};
        for (int k = 0; k < 5; ++k) {
            if (int r = nnq_norm::PerTensorOrChannel(per[k], perNames[k], D)) return r;
        }
        return 0;
    }
    // the V1 path
    if (xOut == nullptr) {
        return Fail(ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument xOut.");
    }
    if (res != nullptr) return Fail(ACLNN_ERR_PARAM_NULLPTR, "The rmsNormOut tensor should be nullptr in computeV1.");
    const aclTensor* need[4] = {x2, x1, s1, gamma};
    const char* needNames[4] = {"x2", "x1", "scales1", "gamma"};
    for (int k = 0; k < 4; ++k) {
        if (int r = NormMaxDims(need[k], needNames[k])) return r;
        if (int r = NormMinDims(need[k], needNames[k], 1)) return r;
    }
    const aclTensor* opt[4] = {z2, z1, s2, beta};
    const char* optNames[4] = {"zeroPoints2Optional", "zeroPoints1Optional", "scales2Optional", "betaOptional"};
    for (int k = 0; k < 4; ++k) {
        if (opt[k] == nullptr) continue;
        if (int r = NormMaxDims(opt[k], optNames[k])) return r;
        if (int r = NormMinDims(opt[k], optNames[k], 1)) return r;
    }
    const aclTensor* outs[3] = {xOut, y2, y1};
    const char* outNames[3] = {"xOut", "y2Out", "y1Out"};
    for (int k = 0; k < 3; ++k) {
        if (int r = NormMaxDims(outs[k], outNames[k])) return r;
        if (int r = NormMinDims(outs[k], outNames[k], 1)) return r;
    }
    if (!a950) {
        if (int r = QuantInList(s1, "scales1Optional", scB)) return r;
        if (int r = InListOpt(z2, "zeroPoints2Optional", zpB)) return r;
        if (int r = InListOpt(z1, "zeroPoints1Optional", zpB)) return r;
        if (int r = InListOpt(s2, "scales2Optional", scB)) return r;
        if (int r = QuantInList(gamma, "gamma", xsB)) return r;
        if (int r = QuantInList(x1, "x1", xsB)) return r;
        if (int r = QuantInList(x2, "x2", xsB)) return r;
        if (int r = InListOpt(beta, "betaOptional", xsB)) return r;
        if (int r = QuantInList(xOut, "xOut", xsB)) return r;
        if (int r = NormDtypeMatch(y2, "y2Out", ACL_INT8)) return r;
        if (int r = NormDtypeMatch(y1, "y1Out", ACL_INT8)) return r;
    }
    if (int r = bn::SameShape(x1, "x1", x2, "x2")) return r;
    if (int r = bn::SameShape(x1, "x1", y1, "y1Out")) return r;
    if (int r = bn::SameShape(x1, "x1", y2, "y2Out")) return r;
    if (int r = bn::SameShape(x1, "x1", xOut, "xOut")) return r;
    if (int r = bn::SameShape(gamma, "gamma", s1, "scales1")) return r;
    if (int r = SameShapeOpt(gamma, "gamma", s2, "scales2Optional")) return r;
    if (int r = SameShapeOpt(gamma, "gamma", z1, "zeroPoints1Optional")) return r;
    if (int r = SameShapeOpt(gamma, "gamma", z2, "zeroPoints2Optional")) return r;
    if (int r = SameShapeOpt(gamma, "gamma", beta, "betaOptional")) return r;
    return nnq_norm::GammaTrailing(c, x1, gamma);
}

// ---- aclnnGroupNormBackward (norm/group_norm_grad/op_host/op_api/aclnn_group_norm_backward.cpp); c.t = {gradOut,
// input, mean, rstd, gamma, gradInput, gradGammaOut, gradBetaOut}.

/// CheckMaskNotNull (outputMask NULL or not of 3 entries, an asked output NULL: 161002 as CheckParams returns it),
/// CheckDtypeValid (gradOut FLOAT, FLOAT16, BF16 on Ascend 950 and Atlas A2/A3; Ascend 950: mean in that list,
/// input and gradInput of gradOut's dtype, mean FLOAT or gradOut's, rstd, gamma, the gamma / beta gradients of
/// mean's; elsewhere all of gradOut's dtype), CheckAttr (group > 0, C % group == 0; Atlas A2/A3: C / group <= 8000, C
/// <= 240000), CheckShape (gradOut at most 8 dims, gradOut and input N * C * HxW elements, mean and rstd N * group,
/// gamma C, gradInput input's shape, the gamma / beta gradients gamma's shape or [C]). Beyond CANN: input of at
/// least 2 dims with N and C first (the formula views it as [N, C, HxW]).
inline int CheckGroupNormBackward(const OpCall& c, int64_t N, int64_t C, int64_t HxW, int64_t group,
                                  const aclBoolArray* outputMask) {
    const aclTensor* gradOut = c.t[0];
    const aclTensor* input = c.t[1];
    const aclTensor* mean = c.t[2];
    const aclTensor* rstd = c.t[3];
    const aclTensor* gamma = c.t[4];
    const aclTensor* outs[3] = {c.t[5], c.t[6], c.t[7]};
    const char* outNames[3] = {"gradInput", "gradGammaOut", "gradBetaOut"};
    if (outputMask == nullptr) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected a proper Tensor but got null for argument outputMask.");
    }
    if (outputMask->values.size() != 3) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected aclnnGroupNormBackward outputMask len to be 3, but got %zu.",
                    outputMask->values.size());
    }
    bool mask[3];
    for (int k = 0; k < 3; ++k) {
        mask[k] = outputMask->values[k];
        if (mask[k] && outs[k] == nullptr) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected a proper Tensor but got null for argument %s.", outNames[k]);
        }
    }
    const bool bf16 = bn::Bf16(c.soc);
    if (int r = bn::InList(gradOut, "gradOut", bf16)) return r;
    const aclDataType g = gradOut->dtype;
    if (c.soc == rt::Soc::kAscend950) {
        if (int r = bn::InList(mean, "mean", bf16)) return r;
        if (int r = NormDtypeMatch(input, "input", g)) return r;
        if (mask[0]) {
            if (int r = NormDtypeMatch(outs[0], "gradInput", g)) return r;
        }
        if (g == ACL_FLOAT) {
            if (int r = NormDtypeMatch(mean, "mean", g)) return r;
        } else if (mean->dtype != ACL_FLOAT && mean->dtype != g) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor mean not implemented for %s, should be in dtype support list %s.",
                        DtypeName(mean->dtype), g == ACL_FLOAT16 ? "DT_FLOAT, DT_FLOAT16" : "DT_FLOAT, DT_BF16");
        }
        const aclDataType m = mean->dtype;
        if (int r = NormDtypeMatch(rstd, "rstd", m)) return r;
        if (gamma != nullptr) {
            if (int r = NormDtypeMatch(gamma, "gamma", m)) return r;
        }
        if (mask[1]) {
            if (int r = NormDtypeMatch(outs[1], "gradGammaOut", m)) return r;
        }
        if (mask[2]) {
            if (int r = NormDtypeMatch(outs[2], "gradBetaOut", m)) return r;
        }
    } else {
        if (int r = NormDtypeMatch(input, "input", g)) return r;
        if (int r = NormDtypeMatch(mean, "mean", g)) return r;
        if (int r = NormDtypeMatch(rstd, "rstd", g)) return r;
        if (gamma != nullptr) {
            if (int r = NormDtypeMatch(gamma, "gamma", g)) return r;
        }
        for (int k = 0; k < 3; ++k) {
            if (mask[k]) {
                if (int r = NormDtypeMatch(outs[k], outNames[k], g)) return r;
            }
        }
    }
    if (group <= 0) return Fail(ACLNN_ERR_PARAM_INVALID, "Expected group to be greater than 0, got %lld.", (long long)group);
    if (C % group != 0) return Fail(ACLNN_ERR_PARAM_INVALID, "Expected C can be divided by group, but got false.");
    if (c.soc == rt::Soc::kAscend910B || c.soc == rt::Soc::kAscend910_93) {
        if (C / group > 8000) return Fail(ACLNN_ERR_PARAM_INVALID, "Expected C / group <= 8000 to be true, but got false.");
        if (C > 240000) return Fail(ACLNN_ERR_PARAM_INVALID, "Expecting C to not exceed 240000, got %lld.", (long long)C);
    }
    if (int r = NormMaxDims(gradOut, "gradOut")) return r;
    const int64_t total = N * C * HxW;
    if (gradOut->numel != total) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected gradOut.numel() == N * C * HxW to be true, but got false.");
    }
    if (input->numel != total) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected input.numel() == N * C * HxW to be true, but got false.");
    }
    if (mean->numel != N * group) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected mean.numel() == N * group to be true, but got false.");
    }
    if (rstd->numel != N * group) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected rstd.numel() == N * group to be true, but got false.");
    }
    std::vector<int64_t> gshape = {C};
    if (gamma != nullptr) {
        gshape = gamma->view_shape;
        if (gamma->numel != C) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected gamma.numel() == C to be true, but got false.");
        }
    }
    if (mask[0]) {
        if (int r = NormShapeIs(outs[0], "gradInput", input->view_shape)) return r;
    }
    if (mask[1]) {
        if (int r = NormShapeIs(outs[1], "gradGammaOut", gshape)) return r;
    }
    if (mask[2]) {
        if (int r = NormShapeIs(outs[2], "gradBetaOut", gshape)) return r;
    }
    // beyond CANN: the formula views input and gradOut as [N, C, HxW]
    if (N < 0 || C < 0 || HxW < 0 || input->view_shape.size() < 2 || input->view_shape[0] != N ||
        input->view_shape[1] != C || gradOut->view_shape != input->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "aclnnGroupNormBackward: input %s and gradOut %s should both be [N, C, ...] of N = %lld, C = %lld.",
                    ShapeString(input->view_shape).c_str(), ShapeString(gradOut->view_shape).c_str(), (long long)N,
                    (long long)C);
    }
    return 0;
}

// ---- aclnnAddLayerNormQuantV2 (norm/add_layer_norm_quant_v2/op_api/aclnn_add_layer_norm_quant_v2.cpp); c.t = {x1, x2,
// gamma, beta, biasOptional, scales1Optional, scales2Optional, zeroPoints1Optional, zeroPoints2Optional, y1Out, y2Out,
// xOut, layernormRes, outScales1Out, outScales2Out}.

/// Before the null checks: Ascend910 refused (the docs: not supported; aclcpu's message).
inline int CheckAddLayerNormQuantV2Platform(const OpCall&, const char*, double, bool, bool) {
    if (rt::ActiveSoc() == rt::Soc::kAscend910) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "aclnnAddLayerNormQuantV2 is not supported on %s.",
                    rt::SocName(rt::Soc::kAscend910));
    }
    return 0;
}

/// CheckParamsV2 after CheckNotNullV2: GetQuantModeV2 (Ascend 950: "dynamic" or "static" prefixes; elsewhere
/// "static" only), CheckDtypeValidV2 (x1 FLOAT, FLOAT16, BF16 - dynamic: FLOAT16, BF16; x2, gamma, beta, bias, xOut,
/// layernormRes of x1's dtype; y1Out, y2Out INT8; outScales FLOAT; scales1 in the mode's list - dynamic: of x1's dtype
/// -, scales2 and the zero points of scales1's dtype), CheckShapeRelV2 (x1, gamma at most 8 dims; beta gamma's shape;
/// static: scales1 per tensor beside a [1, D] gamma or of gamma's shape; dynamic: x1 of 2 or more dims, outScales1Out
/// x1's shape without its last dim), CheckShapeEqsV2 (x2, xOut, y1Out, layernormRes - y2Out with scales2 - of x1's
/// shape; zero points of their scales' shapes; bias of gamma's or x1's shape; dynamic with two quantizers: the
/// outScales of one shape), CheckOptCombValidV2. Beyond CANN: gamma x1's trailing dims (the formula normalizes over
/// them).
inline int CheckAddLayerNormQuantV2(const OpCall& c, const char* quantMode, double, bool, bool) {
    const aclTensor* x1 = c.t[0];
    const aclTensor* x2 = c.t[1];
    const aclTensor* gamma = c.t[2];
    const aclTensor* beta = c.t[3];
    const aclTensor* bias = c.t[4];
    const aclTensor* s1 = c.t[5];
    const aclTensor* s2 = c.t[6];
    const aclTensor* z1 = c.t[7];
    const aclTensor* z2 = c.t[8];
    const aclTensor* y1 = c.t[9];
    const aclTensor* y2 = c.t[10];
    const aclTensor* xOut = c.t[11];
    const aclTensor* ln = c.t[12];
    const aclTensor* os1 = c.t[13];
    const aclTensor* os2 = c.t[14];
    const std::string mode(quantMode);
    const bool regbase = c.soc == rt::Soc::kAscend950;
    const bool dyn = mode.compare(0, 7, "dynamic") == 0;
    const bool stc = mode.compare(0, 6, "static") == 0;
    if (!regbase && !stc) return Fail(ACLNN_ERR_PARAM_INVALID, "Got quantMode is not \"static\".");
    if (regbase && !dyn && !stc) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Got quantMode neither \"dynamic\" nor \"static\".");
    }
    const std::initializer_list<aclDataType> stcList = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    const std::initializer_list<aclDataType> dynList = {ACL_FLOAT16, ACL_BF16};
    if (int r = QuantInList(x1, "x1", dyn ? dynList : stcList)) return r;
    const aclDataType xd = x1->dtype;
    if (int r = NormDtypeMatch(x2, "x2", xd)) return r;
    if (int r = NormDtypeMatch(gamma, "gamma", xd)) return r;
    if (int r = NormDtypeMatch(beta, "beta", xd)) return r;
    if (bias != nullptr) {
        if (int r = NormDtypeMatch(bias, "biasOptional", xd)) return r;
    }
    if (int r = NormDtypeMatch(y1, "y1Out", ACL_INT8)) return r;
    if (int r = NormDtypeMatch(y2, "y2Out", ACL_INT8)) return r;
    if (int r = NormDtypeMatch(xOut, "xOut", xd)) return r;
    if (int r = NormDtypeMatch(ln, "layernormRes", xd)) return r;
    if (int r = NormDtypeMatch(os1, "outScales1Out", ACL_FLOAT)) return r;
    if (int r = NormDtypeMatch(os2, "outScales2Out", ACL_FLOAT)) return r;
    if (s1 != nullptr) {
        if (dyn) {
            if (int r = QuantInList(s1, "scales1Optional", dynList)) return r;
            if (int r = NormDtypeMatch(s1, "scales1Optional", xd)) return r;
        } else {
            if (int r = QuantInList(s1, "scales1Optional", stcList)) return r;
        }
        const aclTensor* tied[3] = {s2, z1, z2};
        const char* tiedNames[3] = {"scales2Optional", "zeroPoints1Optional", "zeroPoints2Optional"};
        for (int k = 0; k < 3; ++k) {
            if (tied[k] == nullptr) continue;
            if (int r = NormDtypeMatch(tied[k], tiedNames[k], s1->dtype)) return r;
        }
    }
    if (int r = NormMaxDims(x1, "x1")) return r;
    if (int r = NormMaxDims(gamma, "gamma")) return r;
    const std::vector<int64_t>& xs = x1->view_shape;
    const std::vector<int64_t>& gs = gamma->view_shape;
    if (gs != beta->view_shape) return Fail(ACLNN_ERR_PARAM_INVALID, "beta shape must be same as gamma");
    if (!dyn) {
        const bool perTensor = s1 != nullptr && gs.size() == 2 && gs[0] == 1 && !xs.empty() && gs[1] == xs.back() &&
                               s1->view_shape.size() == 1 && s1->numel == 1;
        const bool perChannel = s1 != nullptr && s1->view_shape == gs;
        if (!perTensor && !perChannel) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Invalid gamma/scales1 shape combination for static quantization");
        }
    } else {
        if (xs.size() < 2) return Fail(ACLNN_ERR_PARAM_INVALID, "In dyn quant, x1.dims() >= 2 should be followed");
        if (xs.size() != 1 + os1->view_shape.size()) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "DimNum of outScales1Out should equals to (x1DimNum - 1)");
        }
        for (size_t i = 0; i + 1 < xs.size(); ++i) {
            if (xs[i] != os1->view_shape[i]) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of outScales should equals to x1 without last dim");
            }
        }
    }
    const bool dual = s2 != nullptr;
    bool eq = xs == x2->view_shape && xs == xOut->view_shape && xs == y1->view_shape && xs == ln->view_shape;
    if (dual) eq = eq && xs == y2->view_shape;
    if (!eq) return Fail(ACLNN_ERR_PARAM_INVALID, "Tensors x1/x2/y1/y2/x/layernormRes shape not same.");
    if (s1 != nullptr && z1 != nullptr && s1->view_shape != z1->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensors scales1/zeroPoints1 shape not same.");
    }
    if (s2 != nullptr && z2 != nullptr && s2->view_shape != z2->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensors scales2/zeroPoints2 shape not same.");
    }
    if (bias != nullptr && bias->view_shape != gs && bias->view_shape != xs) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of bias is not same as x1 or gamma.");
    }
    if (dual && dyn && os1->view_shape != os2->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Shapes of outScales not equal.");
    }
    const bool e1 = s1 != nullptr, ez1 = z1 != nullptr;
    if (dyn) {
        if (!((e1 && !ez1) || (!e1 && !ez1))) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Invalid Optional input combination in dyn quant mode");
        }
    } else if (!e1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Invalid Optional input combination in stc quant mode");
    }
    // beyond CANN: gamma x1's trailing dims, scales2 / the zero points broadcasting over them
    if (gs.size() > xs.size()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The gamma tensor's dims %s are not x1's trailing dims %s.",
                    ShapeString(gs).c_str(), ShapeString(xs).c_str());
    }
    for (size_t i = 0; i < gs.size(); ++i) {
        if (gs[i] != xs[xs.size() - gs.size() + i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The gamma tensor's dims %s are not x1's trailing dims %s.",
                        ShapeString(gs).c_str(), ShapeString(xs).c_str());
        }
    }
    const int64_t D = nnq_norm::Count(gs);
    if (int r = nnq_norm::PerTensorOrChannel(s2, "scales2Optional", D)) return r;
    if (int r = nnq_norm::PerTensorOrChannel(z2, "zeroPoints2Optional", D)) return r;
    if (s2 != nullptr && s1 != nullptr && s2->numel != s1->numel) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensors scales1/scales2 should hold as many elements.");
    }
    return 0;
}

// ---- aclnnAdaLayerNormQuant (norm/ada_layer_norm_quant/op_host/op_api/aclnn_ada_layer_norm_quant.cpp); c.t = {x, scale,
// shift, weightOptional, biasOptional, smoothScalesOptional, out, quantScale, quantOffsetOptional}.

/// The docs' products (Ascend 950, Atlas A2/A3; the op_api has no product switch): aclcpu's refusal elsewhere.
inline int CheckAdaLayerNormQuantProduct(const OpCall& c, double, const char*) {
    if (c.soc == rt::Soc::kAscend950 || c.soc == rt::Soc::kAscend910B || c.soc == rt::Soc::kAscend910_93) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "aclnnAdaLayerNormQuant is not supported on %s.", rt::SocName(c.soc));
}

/// After CheckNotNull: CheckDtypeValid (x FLOAT16, BF16; scale, shift, weight, bias, smoothScales of x's dtype; out
/// INT8 - Ascend 950: also HIFLOAT8, FLOAT8_E5M2, FLOAT8_E4M3FN; quantScale FLOAT; quantOffsetOptional given ->
/// refused), CheckShape (x of 2 to 8 dims, every dim positive; scale, shift [B..., 1, H] or [B..., H] - "CheckShape
/// failed!" without a message of its own -; weight, bias, smoothScales [H]; out x's shape; quantScale [B..., S]),
/// CheckAttr (quantMode "dynamic", NULL read as "dynamic").
inline int CheckAdaLayerNormQuant(const OpCall& c, double, const char* quantMode) {
    const aclTensor* x = c.t[0];
    const aclTensor* scale = c.t[1];
    const aclTensor* shift = c.t[2];
    const aclTensor* opt[3] = {c.t[3], c.t[4], c.t[5]};
    const char* optNames[3] = {"inputTensor.weightOptional", "inputTensor.biasOptional",
                               "inputTensor.smoothScalesOptional"};
    const aclTensor* out = c.t[6];
    const aclTensor* qs = c.t[7];
    const aclTensor* qo = c.t[8];
    if (int r = QuantInList(x, "inputTensor.x", {ACL_FLOAT16, ACL_BF16})) return r;
    const aclDataType d = x->dtype;
    if (int r = NormDtypeMatch(scale, "inputTensor.scale", d)) return r;
    if (int r = NormDtypeMatch(shift, "inputTensor.shift", d)) return r;
    for (int k = 0; k < 3; ++k) {
        if (opt[k] == nullptr) continue;
        if (int r = NormDtypeMatch(opt[k], optNames[k], d)) return r;
    }
    if (c.soc == rt::Soc::kAscend950) {
        if (int r = QuantInList(out, "outputTensor.out",
                                {ACL_INT8, ACL_HIFLOAT8, ACL_FLOAT8_E5M2, ACL_FLOAT8_E4M3FN})) {
            return r;
        }
    } else {
        if (int r = QuantInList(out, "outputTensor.out", {ACL_INT8})) return r;
    }
    if (int r = QuantInList(qs, "outputTensor.quantScale", {ACL_FLOAT})) return r;
    if (qo != nullptr) return Fail(ACLNN_ERR_PARAM_INVALID, "quantOffsetOptional should be nullptr.");
    const std::vector<int64_t>& xs = x->view_shape;
    if (xs.size() < 2 || xs.size() > 8) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "input x dim num should be between 2 and 8.");
    }
    const size_t n = xs.size();
    int64_t B = 1;
    std::vector<int64_t> e1(xs.begin(), xs.end() - 2), e2(xs.begin(), xs.end() - 2), es(xs.begin(), xs.end() - 2);
    for (size_t i = 0; i + 2 < n; ++i) B *= xs[i];
    const int64_t S = xs[n - 2], H = xs[n - 1];
    e1.push_back(1);
    e1.push_back(H);
    e2.push_back(H);
    es.push_back(S);
    if (!(B > 0 && S > 0 && H > 0)) return Fail(ACLNN_ERR_PARAM_INVALID, "x sizes should greater than 0.");
    if ((scale->view_shape != e1 && scale->view_shape != e2) || (shift->view_shape != e1 && shift->view_shape != e2)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "CheckShape failed!");
    }
    const char* optShort[3] = {"inputTensor.weightOptional", "inputTensor.biasOptional",
                               "inputTensor.smoothScalesOptional"};
    for (int k = 0; k < 3; ++k) {
        if (opt[k] == nullptr) continue;
        if (int r = NormShapeIs(opt[k], optShort[k], {H})) return r;
    }
    if (int r = NormShapeIs(out, "outputTensor.out", xs)) return r;
    if (int r = NormShapeIs(qs, "outputTensor.quantScale", es)) return r;
    if (quantMode != nullptr && std::string(quantMode) != "dynamic") {
        return Fail(ACLNN_ERR_PARAM_INVALID, "quantMode only support dynamic.");
    }
    return 0;
}

// ---- aclnnAdaLayerNormBackward (norm/ada_layer_norm_grad/op_host/op_api/aclnn_ada_layer_norm_backward.cpp); c.t =
// {gradOut, input, rstd, mean, scale, shift, weightOptional, biasOptional, gradInputOut, gradScaleOut, gradShiftOut,
// gradWeightOut, gradBiasOut}.

/// CheckDtype (gradOut FLOAT16, FLOAT, BF16; input, rstd, mean, scale, shift of its dtype; weight, bias in that list,
/// of input's dtype unless FLOAT, of one dtype; gradInputOut input's, gradScaleOut scale's, gradShiftOut shift's
/// dtype; gradWeightOut / gradBiasOut weight's, else bias's, else FLOAT or input's), CheckShape (at most 8 dims;
/// gradOut input's shape, mean rstd's; normalizedShape of one entry, input at least 2 dims ending in it; weight, bias
/// 1-D; scale, shift [B..., 1, H] or [B..., H], every size positive; mean input's shape with its last dim 1; the
/// outputs of input's, scale's, shift's shapes, gradWeight / gradBias of H elements). Beyond CANN: weight and bias
/// of H elements (CANN does not act on that check's result; the formula reads them so).
inline int CheckAdaLayerNormBackward(const OpCall& c, const aclIntArray* normalizedShape) {
    const aclTensor* dy = c.t[0];
    const aclTensor* x = c.t[1];
    const aclTensor* rstd = c.t[2];
    const aclTensor* mean = c.t[3];
    const aclTensor* scale = c.t[4];
    const aclTensor* shift = c.t[5];
    const aclTensor* w = c.t[6];
    const aclTensor* b = c.t[7];
    const aclTensor* gx = c.t[8];
    const aclTensor* gs = c.t[9];
    const aclTensor* gt = c.t[10];
    const aclTensor* gw = c.t[11];
    const aclTensor* gb = c.t[12];
    const std::initializer_list<aclDataType> list = {ACL_FLOAT16, ACL_FLOAT, ACL_BF16};
    if (int r = QuantInList(dy, "gradOut", list)) return r;
    if (int r = bn::SameDtype(x, "input", dy, "gradOut")) return r;
    if (int r = bn::SameDtype(rstd, "rstd", dy, "gradOut")) return r;
    if (int r = bn::SameDtype(mean, "mean", dy, "gradOut")) return r;
    if (int r = bn::SameDtype(scale, "scale", dy, "gradOut")) return r;
    if (int r = bn::SameDtype(shift, "shift", dy, "gradOut")) return r;
    const aclTensor* wb[2] = {w, b};
    const char* wbNames[2] = {"weightOptional", "biasOptional"};
    for (int k = 0; k < 2; ++k) {
        if (wb[k] == nullptr) continue;
        if (int r = QuantInList(wb[k], wbNames[k], list)) return r;
        if (wb[k]->dtype != ACL_FLOAT) {
            if (int r = bn::SameDtype(wb[k], wbNames[k], x, "input")) return r;
        }
    }
    if (w != nullptr && b != nullptr) {
        if (int r = bn::SameDtype(w, "weightOptional", b, "biasOptional")) return r;
    }
    if (gx != nullptr) {
        if (int r = bn::SameDtype(gx, "gradInputOut", x, "input")) return r;
    }
    if (gs != nullptr) {
        if (int r = bn::SameDtype(gs, "gradScaleOut", scale, "scale")) return r;
    }
    if (gt != nullptr) {
        if (int r = bn::SameDtype(gt, "gradShiftOut", shift, "shift")) return r;
    }
    const aclTensor* gwb[2] = {gw, gb};
    const char* gwbNames[2] = {"gradWeightOut", "gradBiasOut"};
    for (int k = 0; k < 2; ++k) {
        if (gwb[k] == nullptr) continue;
        if (w != nullptr) {
            if (int r = bn::SameDtype(gwb[k], gwbNames[k], w, "weightOptional")) return r;
        } else if (b != nullptr) {
            if (int r = bn::SameDtype(gwb[k], gwbNames[k], b, "biasOptional")) return r;
        } else if (gwb[k]->dtype != ACL_FLOAT) {
            if (int r = bn::SameDtype(gwb[k], gwbNames[k], x, "input")) return r;
        }
    }
    const aclTensor* all[11] = {dy, x, mean, rstd, scale, shift, gx, gs, gt, gw, gb};
    const char* allNames[11] = {"gradOut", "input", "mean", "rstd", "scale", "shift", "gradInputOut", "gradScaleOut",
                                "gradShiftOut", "gradWeightOut", "gradBiasOut"};
    for (int k = 0; k < 11; ++k) {
        if (int r = nnq_norm::MaxDims(all[k], allNames[k])) return r;
    }
    if (int r = bn::SameShape(dy, "gradOut", x, "input")) return r;
    if (int r = bn::SameShape(mean, "mean", rstd, "rstd")) return r;
    if (normalizedShape->values.size() != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected normalizedShape len 1, but got %zu.",
                    normalizedShape->values.size());
    }
    if (int r = NormMinDims(x, "input", 2)) return r;
    const std::vector<int64_t>& xs = x->view_shape;
    const size_t n = xs.size();
    if (normalizedShape->values[0] != xs[n - 1]) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected normalized index [0] shape [%lld] be equal to tensor index [%zu] shape [%lld], but failed.",
                    static_cast<long long>(normalizedShape->values[0]), n - 1, static_cast<long long>(xs[n - 1]));
    }
    for (int k = 0; k < 2; ++k) {
        if (wb[k] == nullptr) continue;
        if (int r = NormMaxDims(wb[k], wbNames[k])) return r;
        if (wb[k]->view_shape.size() != 1) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected %s to be 1-dimensional, but got %zu-dimensional.", wbNames[k],
                        wb[k]->view_shape.size());
        }
    }
    int64_t B = 1;
    std::vector<int64_t> e1(xs.begin(), xs.end() - 2), e2(xs.begin(), xs.end() - 2);
    for (size_t i = 0; i + 2 < n; ++i) B *= xs[i];
    const int64_t S = xs[n - 2], H = xs[n - 1];
    e1.push_back(1);
    e1.push_back(H);
    e2.push_back(H);
    if (B <= 0 || S <= 0 || H <= 0) return Fail(ACLNN_ERR_PARAM_INVALID, "input sizes should greater than 0.");
    auto okShape = [&](const aclTensor* t) { return t->view_shape == e1 || t->view_shape == e2; };
    if (!okShape(scale) || !okShape(shift)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected scale/shape shape %s to be %s or %s, but failed.",
                    ShapeString(scale->view_shape).c_str(), ShapeString(e1).c_str(), ShapeString(e2).c_str());
    }
    std::vector<int64_t> ms = xs;
    ms.back() = 1;
    if (mean->view_shape != ms) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected mean shape %s to be %s, but failed.",
                    ShapeString(mean->view_shape).c_str(), ShapeString(ms).c_str());
    }
    if (gx != nullptr) {
        if (int r = bn::SameShape(gx, "gradInputOut", x, "input")) return r;
    }
    if (gs != nullptr) {
        if (int r = bn::SameShape(gs, "gradScaleOut", scale, "scale")) return r;
    }
    if (gt != nullptr) {
        if (int r = bn::SameShape(gt, "gradShiftOut", shift, "shift")) return r;
    }
    for (int k = 0; k < 2; ++k) {
        if (gwb[k] != nullptr && gwb[k]->numel != H) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected %s shape size [%s] to be [%lld], but failed.", gwbNames[k],
                        ShapeString(gwb[k]->view_shape).c_str(), static_cast<long long>(H));
        }
    }
    // beyond CANN
    for (int k = 0; k < 2; ++k) {
        if (wb[k] != nullptr && wb[k]->numel != H) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected %s of %lld elements, but got %s.", wbNames[k],
                        static_cast<long long>(H), ShapeString(wb[k]->view_shape).c_str());
        }
    }
    return 0;
}

// ---- aclnnGroupNormSiluQuant (norm/group_norm_silu_quant/op_host/op_api/aclnn_group_norm_silu_quant.cpp); c.t =
// {self, gamma, beta, quantScale, out, meanOut, rstdOut}.

/// The docs' products (Ascend 950, Atlas A2/A3; aclcpu's refusal elsewhere), then CheckParams after CheckNotNull:
/// CheckDtypeValid (self, gamma, beta FLOAT16, BF16; quantScale FLOAT; with both gamma and beta: gamma of self's and
/// beta's dtype; out INT8; meanOut, rstdOut of self's dtype), CheckShape (self of 2 to 8 dims; out self's shape;
/// meanOut, rstdOut [N, group]; gamma, beta [C]; quantScale [1] or [C]), CheckAttr (group, N, C, eps positive;
/// activateSilu true; C divisible by group).
inline int CheckGroupNormSiluQuant(const OpCall& c, int64_t group, double eps, bool activateSilu) {
    const aclTensor* self = c.t[0];
    const aclTensor* gamma = c.t[1];
    const aclTensor* beta = c.t[2];
    const aclTensor* qs = c.t[3];
    const aclTensor* out = c.t[4];
    const aclTensor* mean = c.t[5];
    const aclTensor* rstd = c.t[6];
    if (!(c.soc == rt::Soc::kAscend950 || c.soc == rt::Soc::kAscend910B || c.soc == rt::Soc::kAscend910_93)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "aclnnGroupNormSiluQuant is not supported on %s.", rt::SocName(c.soc));
    }
    const std::initializer_list<aclDataType> list = {ACL_FLOAT16, ACL_BF16};
    if (int r = QuantInList(self, "self", list)) return r;
    if (int r = nnq_norm::InListOpt(gamma, "gamma", list)) return r;
    if (int r = nnq_norm::InListOpt(beta, "beta", list)) return r;
    if (int r = QuantInList(qs, "quantScale", {ACL_FLOAT})) return r;
    if (gamma != nullptr && beta != nullptr) {
        if (int r = NormDtypeMatch(gamma, "gamma", self->dtype)) return r;
        if (int r = NormDtypeMatch(gamma, "gamma", beta->dtype)) return r;
    }
    if (int r = NormDtypeMatch(out, "out", ACL_INT8)) return r;
    if (int r = NormDtypeMatch(mean, "meanOut", self->dtype)) return r;
    if (int r = NormDtypeMatch(rstd, "rstdOut", self->dtype)) return r;
    if (int r = NormMinDims(self, "self", 2)) return r;
    if (int r = NormMaxDims(self, "self")) return r;
    if (int r = bn::SameShape(out, "out", self, "self")) return r;
    const std::vector<int64_t>& xs = self->view_shape;
    if (int r = NormShapeIs(mean, "meanOut", {xs[0], group})) return r;
    if (int r = NormShapeIs(rstd, "rstdOut", {xs[0], group})) return r;
    if (gamma != nullptr && (gamma->view_shape.size() != 1 || gamma->view_shape[0] != xs[1])) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected weight to be a vector of size equal to the number of channels in input, but got weight of "
                    "shape %s and input of shape %s.",
                    ShapeString(gamma->view_shape).c_str(), ShapeString(xs).c_str());
    }
    if (beta != nullptr && (beta->view_shape.size() != 1 || beta->view_shape[0] != xs[1])) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected bias to be a vector of size equal to the number of channels in input, but got weight of "
                    "shape %s and input of shape %s.",
                    ShapeString(beta->view_shape).c_str(), ShapeString(xs).c_str());
    }
    if (qs->view_shape.size() != 1 || (qs->view_shape[0] != 1 && qs->view_shape[0] != xs[1])) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected quantScale to be a vector of size equal to the number of channels in input, but got "
                    "quantScale of shape %s and input of shape %s.",
                    ShapeString(qs->view_shape).c_str(), ShapeString(xs).c_str());
    }
    if (group <= 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected group to be greater than 0, got %lld.", (long long)group);
    }
    if (xs[0] <= 0) return Fail(ACLNN_ERR_PARAM_INVALID, "Expected N to be greater than 0, got %lld.", (long long)xs[0]);
    if (xs[1] <= 0) return Fail(ACLNN_ERR_PARAM_INVALID, "Expected C to be greater than 0, got %lld.", (long long)xs[1]);
    if (!(eps > 0.0)) return Fail(ACLNN_ERR_PARAM_INVALID, "Expected eps to be greater than 0, got %lf.", eps);
    if (!activateSilu) return Fail(ACLNN_ERR_PARAM_INVALID, "Expected activateSilu is TRUE");
    if (xs[1] % group != 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected number of channels in input to be divisible by group, but got input of shape %s and "
                    "group=%lld.",
                    ShapeString(xs).c_str(), (long long)group);
    }
    return 0;
}

// ---- aclnnRmsNormGradQuant (norm/rms_norm_grad_quant/op_api/aclnn_rms_norm_grad_quant.cpp,
// docs/aclnnRmsNormGradQuant.md); c.t = {dy, x, rstd, gamma, scalesX, offsetXOptional, dxOut, dgammaOut}.

/// After CheckNotNull and the op_api's empty-gamma return: the docs' product (Ascend 950) and quantMode "static" (the
/// only mode the docs describe), then the docs' dtype rows and shapes, which CANN checks in its tiling (aclcpu's
/// messages): dy FLOAT, FLOAT16, BF16, x of its dtype; rstd FLOAT; gamma and scalesX FLOAT or x's dtype; offsetX
/// INT32; dxOut INT8 or HIFLOAT8 (a FLOAT x: INT8); dgammaOut FLOAT; x, dxOut of dy's shape; gamma x's trailing dims;
/// rstd one value per leading index; dgammaOut gamma's element count; scalesX, offsetX one value or one per channel.
inline int CheckRmsNormGradQuant(const OpCall& c, const char* quantMode, bool) {
    const aclTensor* dy = c.t[0];
    const aclTensor* x = c.t[1];
    const aclTensor* rstd = c.t[2];
    const aclTensor* gamma = c.t[3];
    const aclTensor* sx = c.t[4];
    const aclTensor* ox = c.t[5];
    const aclTensor* dx = c.t[6];
    const aclTensor* dg = c.t[7];
    if (gamma->numel == 0) return 0;  // the op_api's empty return (before any other check)
    if (c.soc != rt::Soc::kAscend950) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "aclnnRmsNormGradQuant is supported on Ascend 950 only, not on %s.",
                    rt::SocName(c.soc));
    }
    if (std::string(quantMode) != "static") {
        return Fail(ACLNN_ERR_PARAM_INVALID, "quantMode should be \"static\", but got \"%s\".", quantMode);
    }
    if (int r = QuantInList(dy, "dy", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})) return r;
    const aclDataType d = dy->dtype;
    if (int r = NormDtypeMatch(x, "x", d)) return r;
    if (int r = NormDtypeMatch(rstd, "rstd", ACL_FLOAT)) return r;
    if (gamma->dtype != ACL_FLOAT && gamma->dtype != d) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor gamma should be DT_FLOAT or x's dtype %s, but found %s.",
                    DtypeName(d), DtypeName(gamma->dtype));
    }
    if (sx->dtype != ACL_FLOAT && sx->dtype != d) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor scalesX should be DT_FLOAT or x's dtype %s, but found %s.",
                    DtypeName(d), DtypeName(sx->dtype));
    }
    if (ox != nullptr) {
        if (int r = NormDtypeMatch(ox, "offsetXOptional", ACL_INT32)) return r;
    }
    if (d == ACL_FLOAT) {
        if (int r = QuantInList(dx, "dxOut", {ACL_INT8})) return r;
    } else {
        if (int r = QuantInList(dx, "dxOut", {ACL_INT8, ACL_HIFLOAT8})) return r;
    }
    if (int r = NormDtypeMatch(dg, "dgammaOut", ACL_FLOAT)) return r;
    if (int r = NormMaxDims(dy, "dy")) return r;
    if (int r = bn::SameShape(x, "x", dy, "dy")) return r;
    if (int r = bn::SameShape(dx, "dxOut", dy, "dy")) return r;
    const std::vector<int64_t>& xs = x->view_shape;
    const std::vector<int64_t>& gs = gamma->view_shape;
    bool trailing = !gs.empty() && gs.size() <= xs.size();
    for (size_t i = 0; trailing && i < gs.size(); ++i) trailing = gs[i] == xs[xs.size() - gs.size() + i];
    if (!trailing) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "gamma's shape %s should be x's trailing dims %s.", ShapeString(gs).c_str(),
                    ShapeString(xs).c_str());
    }
    const int64_t D = gamma->numel;
    if (rstd->numel * D != x->numel) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "rstd's shape %s should hold one value per row of x %s.",
                    ShapeString(rstd->view_shape).c_str(), ShapeString(xs).c_str());
    }
    if (dg->numel != D) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "dgammaOut's shape %s should hold gamma's %lld elements.",
                    ShapeString(dg->view_shape).c_str(), static_cast<long long>(D));
    }
    if (int r = nnq_norm::PerTensorOrChannel(sx, "scalesX", D)) return r;
    if (int r = nnq_norm::PerTensorOrChannel(ox, "offsetXOptional", D)) return r;
    return 0;
}

}  // namespace aclcpu
