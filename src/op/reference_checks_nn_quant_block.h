// The custom first-phase checks of the nn_quant_block family (ops/families/nn_quant_block.yaml `custom` checks the
// table's vocabulary cannot express; docs/ops/nn_quant_block.md). Included at the end of src/op/reference_checks.h
// (through the generated op/family_hooks.inc). Each hook is int <hook>(const OpCall& c, <the entry's non-tensor
// parameters>): 0, or the status with its message. Facts: hicann/ops-nn quant/<op>/op_api/aclnn_*.cpp (QuantMax,
// GroupedQuantMax: their order and codes), and for the operators whose aclnn layer CANN generates,
// quant/<op>/op_host/<op>_def.cpp (the dtype combinations per product: 161002) and the tiling's checks
// (<op>_tiling*.{cpp,h}: 561002, ACLNN_ERR_INNER_TILING_ERROR). Messages are aclcpu's words.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "common/status.h"
#include "op/op_call.h"
#include "runtime/runtime.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {
namespace nqb {

constexpr int kTiling = 561002;  // ACLNN_ERR_INNER_TILING_ERROR

inline bool IsA2A3(rt::Soc s) { return s == rt::Soc::kAscend910B || s == rt::Soc::kAscend910_93; }

inline bool OneOf(aclDataType d, std::initializer_list<aclDataType> l) {
    for (aclDataType x : l) {
        if (x == d) return true;
    }
    return false;
}

inline int64_t Numel(const aclTensor* t) {
    int64_t n = 1;
    for (int64_t d : t->view_shape) n *= d;
    return n;
}

inline std::string Shape(const aclTensor* t) { return ShapeString(t->view_shape); }

/// aclDataType of a dstType attribute value, ACL_DT_UNDEFINED when it names none of `allowed`.
inline bool DstIs(int64_t dstType, aclDataType d) { return dstType == static_cast<int64_t>(d); }

// ---------------------------------------------------------------------------------- QuantMax / GroupedQuantMax
/// CheckDstType: 34 (HIFLOAT8), 35 (FLOAT8_E5M2), 36 (FLOAT8_E4M3FN).
inline bool QmDstOk(int64_t dstType) { return dstType == 34 || dstType == 35 || dstType == 36; }

/// CheckRoundMode of both op_apis: NULL or empty refused; rint for the FLOAT8 dtypes, round / hybrid for HIFLOAT8.
inline int QmRoundMode(int64_t dstType, const char* roundMode) {
    if (roundMode == nullptr) return Fail(ACLNN_ERR_PARAM_INVALID, "roundMode cannot be nullptr");
    if (roundMode[0] == '\0') return Fail(ACLNN_ERR_PARAM_INVALID, "roundMode cannot be empty string");
    if ((dstType == 35 || dstType == 36) && std::strcmp(roundMode, "rint") != 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "roundMode must be 'rint' for dstType FLOAT8_E5M2(35) or FLOAT8_E4M3FN(36), got %s", roundMode);
    }
    if (dstType == 34 && std::strcmp(roundMode, "round") != 0 && std::strcmp(roundMode, "hybrid") != 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "roundMode must be 'round' or 'hybrid' for dstType HIFLOAT8(34), got %s",
                    roundMode);
    }
    return 0;
}

inline bool IsShapeOne(const aclTensor* t) { return t->view_shape.size() == 1 && t->view_shape[0] == 1; }

}  // namespace nqb

/// aclnn_quant_max.cpp CheckInputParams, CheckDstType, CheckRoundMode, CheckOutputParams; c.t = {x, scale, y, amax}.
inline int CheckQuantMax(const OpCall& c, char* roundMode, int64_t dstType) {
    const aclTensor* x = c.t[0];
    const aclTensor* scale = c.t[1];
    const aclTensor* y = c.t[2];
    const aclTensor* amax = c.t[3];
    if (!nqb::OneOf(x->dtype, {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "x dtype must be FLOAT/FLOAT16/BFLOAT16, got %d", static_cast<int>(x->dtype));
    }
    if (x->view_shape.empty() || x->view_shape.size() > 8) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "x dim must be in range [1, 8], got %zu", x->view_shape.size());
    }
    if (scale->dtype != ACL_FLOAT) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "scale dtype must be FLOAT, got %d", static_cast<int>(scale->dtype));
    }
    if (nqb::Numel(scale) == 0) return Fail(ACLNN_ERR_PARAM_INVALID, "scale does not support empty tensor");
    if (!nqb::IsShapeOne(scale)) return Fail(ACLNN_ERR_PARAM_INVALID, "scale shape must be [1]");
    if (!nqb::QmDstOk(dstType)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "dstType must be 34(HIFLOAT8)/35(FLOAT8_E5M2)/36(FLOAT8_E4M3FN), got %ld",
                    static_cast<long>(dstType));
    }
    if (int r = nqb::QmRoundMode(dstType, roundMode)) return r;
    if (static_cast<int64_t>(y->dtype) != dstType) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "y dtype must be %ld according to dstType, got %d", static_cast<long>(dstType),
                    static_cast<int>(y->dtype));
    }
    if (y->view_shape != x->view_shape) return Fail(ACLNN_ERR_PARAM_INVALID, "y shape must be same as x shape");
    if (amax->dtype != x->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "amax dtype must be same as x dtype, got amax=%d, x=%d",
                    static_cast<int>(amax->dtype), static_cast<int>(x->dtype));
    }
    if (!nqb::IsShapeOne(amax)) return Fail(ACLNN_ERR_PARAM_INVALID, "amax shape must be [1]");
    return 0;
}

/// aclnn_grouped_quant_max.cpp CheckInputParams, CheckDstType, CheckRoundMode, CheckOutputParams; c.t = {x, scale,
/// groupList, y, amax}. Beyond CANN (whose op_api leaves them to the kernel, which reads scale[g] and writes amax[g]
/// per group): scale, groupList and amax 1-d of one length.
inline int CheckGroupedQuantMax(const OpCall& c, const char* roundMode, int64_t dstType) {
    const aclTensor* x = c.t[0];
    const aclTensor* scale = c.t[1];
    const aclTensor* groupList = c.t[2];
    const aclTensor* y = c.t[3];
    const aclTensor* amax = c.t[4];
    if (!nqb::OneOf(x->dtype, {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "aclnnGroupedQuantMax: x dtype %s is invalid: The dtype of x must be within the range "
                    "FLOAT/FLOAT16/BFLOAT16.", DtypeName(x->dtype));
    }
    if (x->view_shape.size() < 2 || x->view_shape.size() > 8) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "aclnnGroupedQuantMax: x shape dim %zu is invalid: The shape dim of x must be in range [2D, 8D].",
                    x->view_shape.size());
    }
    if (scale->dtype != ACL_FLOAT) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "aclnnGroupedQuantMax: scale dtype %s is invalid, expected FLOAT.",
                    DtypeName(scale->dtype));
    }
    if (nqb::Numel(scale) == 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "aclnnGroupedQuantMax: scale does not support empty tensor.");
    }
    if (groupList->dtype != ACL_INT64) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "aclnnGroupedQuantMax: groupList dtype %s is invalid, expected INT64.",
                    DtypeName(groupList->dtype));
    }
    if (nqb::Numel(groupList) == 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "aclnnGroupedQuantMax: groupList does not support empty tensor.");
    }
    if (!nqb::QmDstOk(dstType)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "aclnnGroupedQuantMax: dstType %ld is invalid: dstType must be "
                    "34(HIFLOAT8)/35(FLOAT8_E5M2)/36(FLOAT8_E4M3FN).", static_cast<long>(dstType));
    }
    if (int r = nqb::QmRoundMode(dstType, roundMode)) return r;
    if (static_cast<int64_t>(y->dtype) != dstType) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "aclnnGroupedQuantMax: y dtype %s is invalid, expected %s.",
                    DtypeName(y->dtype), DtypeName(static_cast<aclDataType>(dstType)));
    }
    if (y->view_shape != x->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "y shape %s must be equal to x shape %s.", nqb::Shape(y).c_str(),
                    nqb::Shape(x).c_str());
    }
    if (amax->dtype != x->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "aclnnGroupedQuantMax: amax dtype %s is invalid: The dtype of amax must be the same as x.",
                    DtypeName(amax->dtype));
    }
    // beyond CANN: one scale and one amax per group
    const int64_t g = nqb::Numel(groupList);
    if (groupList->view_shape.size() != 1 || scale->view_shape.size() != 1 || amax->view_shape.size() != 1 ||
        scale->view_shape[0] != g || amax->view_shape[0] != g) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected groupList, scale and amax of shape [num_groups], but found %s, %s and %s.",
                    nqb::Shape(groupList).c_str(), nqb::Shape(scale).c_str(), nqb::Shape(amax).c_str());
    }
    return 0;
}

// ---------------------------------------------------------------------------------- DynamicBlockQuant (V2)
namespace nqb {
/// dynamic_block_quant_def.cpp's combinations, then the tiling's GetAttr / CheckBlockSizeAndDstTypeMax /
/// CheckDtype / CheckShape (ascend950), or aclnnDynamicBlockQuant(V2).md's Atlas A2/A3 limits; c.t = {x, yOut,
/// scaleOut}. `v2` adds dstTypeMax.
inline int DynamicBlockQuantChecks(const OpCall& c, double minScale, const char* roundMode, int64_t dstType,
                                   int64_t rowBlockSize, int64_t colBlockSize, double dstTypeMax, bool v2) {
    const aclTensor* x = c.t[0];
    const aclTensor* y = c.t[1];
    const aclTensor* scale = c.t[2];
    const bool a2 = IsA2A3(c.soc);
    if (c.soc != rt::Soc::kAscend950 && !a2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s is not supported on this product: the operator has no kernel for it.",
                    c.api);
    }
    // the definition's dtype combinations (161002)
    const bool xOk = a2 ? OneOf(x->dtype, {ACL_FLOAT16, ACL_BF16}) : OneOf(x->dtype, {ACL_FLOAT16, ACL_BF16, ACL_FLOAT});
    const bool yOk = a2 ? y->dtype == ACL_INT8
                        : OneOf(y->dtype, {ACL_INT8, ACL_HIFLOAT8, ACL_FLOAT8_E5M2, ACL_FLOAT8_E4M3FN});
    if (!xOk || !yOk || scale->dtype != ACL_FLOAT) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "The dtypes of x %s, yOut %s and scaleOut %s are not a combination %s supports on this product.",
                    DtypeName(x->dtype), DtypeName(y->dtype), DtypeName(scale->dtype), c.api);
    }
    // beyond the documented "empty tensors not supported": refused here, before anything is read
    if (Numel(x) == 0 || Numel(y) == 0 || Numel(scale) == 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s does not support empty tensors.", c.api);
    }
    // the tiling (561002)
    if (!(minScale >= 0.0)) {
        return Fail(kTiling, "min_scale %f is invalid: The value of min_scale must be greater than or equal to 0.",
                    minScale);
    }
    if (!(dstType == 2 || dstType == 34 || dstType == 35 || dstType == 36) || (a2 && dstType != 2)) {
        return Fail(kTiling, "dst_type %ld is invalid: The dtype of dst_type must be %s.", static_cast<long>(dstType),
                    a2 ? "DT_INT8" : "DT_INT8, DT_HIFLOAT8, DT_FLOAT8_E4M3FN, or DT_FLOAT8_E5M2");
    }
    if (static_cast<int64_t>(y->dtype) != dstType) {
        return Fail(kTiling, "y, dst_type %s, %ld are invalid: The dtypes of y and dst_type must be the same.",
                    DtypeName(y->dtype), static_cast<long>(dstType));
    }
    const std::string rm = roundMode == nullptr ? std::string("rint") : std::string(roundMode);  // the default
    if (dstType == 34 && rm != "round") {
        return Fail(kTiling, "round_mode %s is invalid: If the dtype of output y is DT_HIFLOAT8, round_mode must be round.",
                    rm.c_str());
    }
    if (dstType != 34 && rm != "rint") {
        return Fail(kTiling,
                    "round_mode %s is invalid: If the dtype of output y is DT_INT8/DT_FLOAT8_E4M3FN/DT_FLOAT8_E5M2, "
                    "round_mode must be rint.", rm.c_str());
    }
    const bool rowOk = a2 ? rowBlockSize == 1
                          : (rowBlockSize == 1 || rowBlockSize == 64 || rowBlockSize == 128 || rowBlockSize == 256 ||
                             rowBlockSize == 512);
    if (!rowOk) {
        return Fail(kTiling, "row_block_size %ld is invalid: The value of row_block_size must be %s.",
                    static_cast<long>(rowBlockSize), a2 ? "1" : "1, 64, 128, 256, or 512");
    }
    const bool colOk = a2 ? colBlockSize == 128
                          : (colBlockSize == 64 || colBlockSize == 128 || colBlockSize == 192 || colBlockSize == 256);
    if (!colOk) {
        return Fail(kTiling, "col_block_size %ld is invalid: The value of col_block_size must be %s.",
                    static_cast<long>(colBlockSize), a2 ? "128" : "64, 128, 192, or 256");
    }
    if (v2) {
        const float m = static_cast<float>(dstTypeMax);
        const bool valueOk = m == 0.0f || m == 15.0f || m == 56.0f || m == 224.0f || m == 32768.0f;
        if (!valueOk || (a2 && m != 0.0f)) {
            return Fail(kTiling, "dst_type_max %f is invalid: The value of dst_type_max must be %s.", dstTypeMax,
                        a2 ? "0.0" : "0.0, 15.0, 56.0, 224.0, or 32768.0");
        }
        if (m != 0.0f && dstType != 34) {
            return Fail(kTiling,
                        "dst_type_max %f is invalid: If the dtype of dst_type is not DT_HIFLOAT8, dst_type_max must be 0.0.",
                        dstTypeMax);
        }
    }
    const std::vector<int64_t>& xs = x->view_shape;
    const std::vector<int64_t>& ss = scale->view_shape;
    if (xs != y->view_shape) {
        return Fail(kTiling, "x, y %s, %s are invalid: The shapes of x and y must be the same.", Shape(x).c_str(),
                    Shape(y).c_str());
    }
    if (xs.size() != 2 && xs.size() != 3) {
        return Fail(kTiling, "x shape dim %zu is invalid: The shape dim of x must be 2 or 3.", xs.size());
    }
    if (ss.size() != xs.size()) {
        return Fail(kTiling, "scale shape dim %zu is invalid: The shape dim of scale must be %zu (x's).", ss.size(),
                    xs.size());
    }
    const size_t n = xs.size();
    const int64_t rows = (xs[n - 2] + rowBlockSize - 1) / rowBlockSize;
    const int64_t cols = (xs[n - 1] + colBlockSize - 1) / colBlockSize;
    if ((n == 3 && ss[0] != xs[0]) || ss[n - 2] != rows || ss[n - 1] != cols) {
        return Fail(kTiling,
                    "x, scale %s, %s are invalid: The shape of scale must be [%sceil(x.rows/row_block_size), "
                    "ceil(x.cols/col_block_size)].", Shape(x).c_str(), Shape(scale).c_str(), n == 3 ? "x.batch, " : "");
    }
    return 0;
}
}  // namespace nqb

inline int CheckDynamicBlockQuant(const OpCall& c, double minScale, char* roundModeOptional, int64_t dstType,
                                  int64_t rowBlockSize, int64_t colBlockSize) {
    return nqb::DynamicBlockQuantChecks(c, minScale, roundModeOptional, dstType, rowBlockSize, colBlockSize, 0.0, false);
}

inline int CheckDynamicBlockQuantV2(const OpCall& c, double minScale, char* roundModeOptional, int64_t dstType,
                                    int64_t rowBlockSize, int64_t colBlockSize, double dstTypeMax) {
    return nqb::DynamicBlockQuantChecks(c, minScale, roundModeOptional, dstType, rowBlockSize, colBlockSize, dstTypeMax,
                                        true);
}

// ---------------------------------------------------------------------------------- SwiGluQuant (V2)
namespace nqb {
/// swi_glu_quant_def.cpp's combinations, then swi_glu_quant_tiling_utils.h CheckInputDtype, CheckOutputDtype,
/// CheckAttrs, CheckOpInputShape, CheckOpOutputShape; c.t = {x, smoothScales, offsets, groupIndex (each or NULL),
/// yOut, scaleOut}. V1 has no groupListType / dstType attributes (the definition's defaults, 0 and INT8, apply;
/// its kernel takes y's dtype).
inline int SwiGluQuantChecks(const OpCall& c, const char* quantMode, int64_t groupListType, int64_t dstType, bool v2) {
    const aclTensor* x = c.t[0];
    const aclTensor* smooth = c.t[1];
    const aclTensor* offsets = c.t[2];
    const aclTensor* group = c.t[3];
    const aclTensor* y = c.t[4];
    const aclTensor* scale = c.t[5];
    if (c.soc != rt::Soc::kAscend950 && !IsA2A3(c.soc)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s is not supported on this product: the operator has no kernel for it.",
                    c.api);
    }
    // the definition (161002)
    if (!OneOf(x->dtype, {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) || !OneOf(y->dtype, {ACL_INT8, ACL_INT4}) ||
        scale->dtype != ACL_FLOAT || (smooth != nullptr && smooth->dtype != ACL_FLOAT) ||
        (offsets != nullptr && offsets->dtype != ACL_FLOAT) || (group != nullptr && group->dtype != ACL_INT32)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "The dtypes of x %s, yOut %s, scaleOut %s (smooth scales and offsets FLOAT, groupIndex INT32) "
                    "are not a combination %s supports.", DtypeName(x->dtype), DtypeName(y->dtype),
                    DtypeName(scale->dtype), c.api);
    }
    // the tiling (561002)
    const std::string mode = quantMode == nullptr ? std::string("dynamic") : std::string(quantMode);
    if (mode != "static" && mode != "dynamic" && mode != "dynamic_msd") {
        return Fail(kTiling, "quantMode must be equal to static; dynamic; dynamic_msd.");
    }
    if (v2) {
        if (groupListType != 0 && groupListType != 1) return Fail(kTiling, "groupListType can only be 0 or 1.");
        if (dstType != 2 && dstType != 29) return Fail(kTiling, "dstType can only be 2 or 29.");
        // beyond CANN (whose kernel then reads y by the attribute): y's dtype the one dstType names
        if (static_cast<int64_t>(y->dtype) != dstType) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected yOut of dtype %s (dstType %ld), but found %s.",
                        DtypeName(static_cast<aclDataType>(dstType)), static_cast<long>(dstType), DtypeName(y->dtype));
        }
    }
    if (mode == "dynamic_msd") {
        // beyond CANN: the documents list it as not supported yet; aclcpu has no arithmetic for it
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: quantMode dynamic_msd is not implemented (only static and dynamic).",
                    c.api);
    }
    const std::vector<int64_t>& xs = x->view_shape;
    if (xs.size() < 2) return Fail(kTiling, "Input x shape dimension is less than 2.");
    const int64_t last = xs.back();
    if (y->dtype == ACL_INT4 && last % 4 != 0) {
        return Fail(kTiling, "if y datatype is int4, the last dim(%ld) of x should be divisible by 4.",
                    static_cast<long>(last));
    }
    // beyond CANN's tiling (the kernel splits the last dim in two): an even last dim
    if (last % 2 != 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The last dim of x (%ld) must be even.", static_cast<long>(last));
    }
    const int64_t half = last / 2;
    int64_t groups = 1;
    if (smooth != nullptr && group != nullptr) {
        groups = group->view_shape.empty() ? 1 : group->view_shape.back();
        if (groups <= 0 || groups > 1024) {
            return Fail(kTiling, "group length must be more than 0 and less than the maximum value.");
        }
    }
    auto firstDimOk = [&](const aclTensor* t) {
        return groups <= 1 || (!t->view_shape.empty() && t->view_shape[0] == groups);
    };
    if (smooth != nullptr && !firstDimOk(smooth)) {
        return Fail(kTiling, "moe expert and smooth_scales first dim is not equal! expert nums is :%ld",
                    static_cast<long>(groups));
    }
    if (offsets != nullptr && !firstDimOk(offsets)) {
        return Fail(kTiling, "moe expert and offsets first dim is not equal! expert nums is :%ld",
                    static_cast<long>(groups));
    }
    const std::vector<int64_t>& ys = y->view_shape;
    const std::vector<int64_t> lead(xs.begin(), xs.end() - 1);
    if (ys.size() != xs.size() || !std::equal(lead.begin(), lead.end(), ys.begin())) {
        return Fail(kTiling, "x and y shape is inconsistency.");
    }
    // CANN checks this for INT8 only; beyond CANN for INT4 (the element count the kernel writes)
    if (ys.back() != half) return Fail(kTiling, "CheckOpOutputShape x and y last dim error.");
    if (scale->view_shape != lead) {
        return Fail(kTiling, "output_scale shape is wrong, must be same as before x exclude the last dim.");
    }
    // beyond CANN (the kernel reads them by row and group): 1-d [G] (per tensor) or 2-d [G, N] smooth scales and
    // offsets, offsets only beside smooth scales of their shape, a 1-d groupIndex
    auto paramOk = [&](const aclTensor* t) {
        const std::vector<int64_t>& s = t->view_shape;
        if (s.size() == 1) return s[0] >= 1;
        return s.size() == 2 && s[0] >= 1 && s[1] == half;
    };
    if (smooth != nullptr && !paramOk(smooth)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected smoothScalesOptional of shape [G] or [G, %ld], but found %s.",
                    static_cast<long>(half), Shape(smooth).c_str());
    }
    if (offsets != nullptr && (smooth == nullptr || offsets->view_shape != smooth->view_shape)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected offsetsOptional of smoothScalesOptional's shape, but found %s.",
                    Shape(offsets).c_str());
    }
    if (mode == "static" && (smooth == nullptr || offsets == nullptr)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Static quantisation needs smoothScalesOptional and offsetsOptional.");
    }
    if (group != nullptr && group->view_shape.size() != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected a 1-d groupIndexOptional, but found %s.", Shape(group).c_str());
    }
    return 0;
}
}  // namespace nqb

inline int CheckSwiGluQuant(const OpCall& c, bool /*activateLeft*/, char* quantModeOptional) {
    return nqb::SwiGluQuantChecks(c, quantModeOptional, 0, c.t[4]->dtype, false);
}

inline int CheckSwiGluQuantV2(const OpCall& c, bool /*activateLeft*/, char* quantModeOptional, int64_t groupListType,
                              int64_t dstType) {
    return nqb::SwiGluQuantChecks(c, quantModeOptional, groupListType, dstType, true);
}

// ---------------------------------------------------------------------------------- FlatQuant (V2, V3)
namespace nqb {
/// aclnn_flat_quant.cpp CheckParams (CheckDtypeValid, CheckShape: CheckDim then CheckSpecialIOShape, CheckFormat)
/// and CheckRatioValid; c.t = {x, kroneckerP1, kroneckerP2, (groupListOptional,) out, quantScale}.
inline int FlatQuantChecks(const OpCall& c, const aclTensor* x, const aclTensor* p1, const aclTensor* p2,
                           const aclTensor* out, const aclTensor* qs, double clipRatio) {
    const bool a2 = IsA2A3(c.soc);
    const bool r950 = c.soc == rt::Soc::kAscend950;
    // GetDtypeSupportList: an arch without a list gets an empty one
    const std::vector<aclDataType> inList =
        (a2 || r950) ? std::vector<aclDataType>{ACL_FLOAT16, ACL_BF16} : std::vector<aclDataType>{};
    std::vector<aclDataType> outList;
    std::vector<aclDataType> scaleList;
    if (a2) {
        outList = {ACL_INT32, ACL_INT4};
        scaleList = {ACL_FLOAT};
    } else if (r950) {
        outList = {ACL_INT32, ACL_INT4, ACL_FLOAT4_E2M1};
        scaleList = {ACL_FLOAT, ACL_FLOAT8_E8M0};
    }
    auto in = [](aclDataType d, const std::vector<aclDataType>& l) { return std::find(l.begin(), l.end(), d) != l.end(); };
    auto listStr = [](const std::vector<aclDataType>& l) {
        std::string r = "[";
        for (size_t i = 0; i < l.size(); ++i) r += (i ? ", " : "") + std::string(DtypeName(l[i]));
        return r + "]";
    };
    const char* names[3] = {"x", "kroneckerP1", "kroneckerP2"};
    const aclTensor* ins[3] = {x, p1, p2};
    for (int i = 0; i < 3; ++i) {
        if (!in(ins[i]->dtype, inList)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list %s.",
                        names[i], DtypeName(ins[i]->dtype), listStr(inList).c_str());
        }
    }
    if (!in(out->dtype, outList)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor out should be in dtype support list %s", listStr(outList).c_str());
    }
    if (!in(qs->dtype, scaleList)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor scale should be in dtype support list %s",
                    listStr(scaleList).c_str());
    }
    for (int i = 1; i < 3; ++i) {
        if (ins[i]->dtype != x->dtype) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected both tensors to have same dtype, but found x %s and %s %s.",
                        DtypeName(x->dtype), names[i], DtypeName(ins[i]->dtype));
        }
    }
    // CheckDim
    const bool fp4 = out->dtype == ACL_FLOAT4_E2M1;
    const std::vector<int64_t>& xs = x->view_shape;
    const std::vector<int64_t>& s1 = p1->view_shape;
    const std::vector<int64_t>& s2 = p2->view_shape;
    const std::vector<int64_t>& os = out->view_shape;
    const std::vector<int64_t>& ss = qs->view_shape;
    if (out->dtype == ACL_INT32 || out->dtype == ACL_INT4) {
        if (ss.size() != 1) return Fail(ACLNN_ERR_PARAM_INVALID, "quantScaleShape dim should be 1.");
        if (s2.size() != 2) return Fail(ACLNN_ERR_PARAM_INVALID, "kroneckerP2 tensor should be 2D.");
    }
    if (s1.size() != 2) return Fail(ACLNN_ERR_PARAM_INVALID, "kroneckerP1 tensor should be 2D.");
    if (xs.size() != 3) return Fail(ACLNN_ERR_PARAM_INVALID, "x tensor should be 3D.");
    if (fp4) {
        if (os.size() != 2) return Fail(ACLNN_ERR_PARAM_INVALID, "out tensor should be 2D.");
        if (ss.size() != 3) return Fail(ACLNN_ERR_PARAM_INVALID, "quantScale tensor should be 3D.");
    } else {
        if (os.size() != 3) return Fail(ACLNN_ERR_PARAM_INVALID, "out tensor should be 3D.");
        if (ss.size() != 1) return Fail(ACLNN_ERR_PARAM_INVALID, "quantScale tensor should be 1D.");
    }
    const int64_t k = xs[0];
    const int64_t m = xs[1];
    const int64_t n = xs[2];
    if (!(k > 0 && m > 0 && n > 0)) return Fail(ACLNN_ERR_PARAM_INVALID, "x sizes should greater than 0.");
    if (k > 262144 || m > 256 || n > 256) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "x dim0 should not exceed %ld, x dim1 and dim2 should not exceed %ld.",
                    262144L, 256L);
    }
    if (out->dtype == ACL_INT32) {
        if (n % 8 != 0) return Fail(ACLNN_ERR_PARAM_INVALID, "if outType is int32, x last dim must be divisible by %ld.", 8L);
    } else if (n % 2 != 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "x last dim must be divisible by %ld.", 2L);
    }
    if (s1[0] != m || s1[1] != m) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "kroneckerP1 dim0 and dim1 should be same with x dim1.");
    }
    if (!fp4 && (s2.size() != 2 || s2[0] != n || s2[1] != n)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "kroneckerP2 dim0 and dim1 should be same with x dim2.");
    }
    if (ss[0] != k) return Fail(ACLNN_ERR_PARAM_INVALID, "quantScale dim0 should be same with x dim0.");
    if (!fp4) {
        // CheckSpecialIOShape
        for (int i = 0; i < 2; ++i) {
            if (xs[i] != os[i]) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "the dim(%d) of x must be same with out, x is (%ld), out is (%ld).", i,
                            static_cast<long>(xs[i]), static_cast<long>(os[i]));
            }
        }
        if (out->dtype == ACL_INT32 && n != os[2] * 8) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "if outType is int32, the out last dim must be 1/8 of x last dim, x last dim is (%ld), out "
                        "last dim is (%ld).", static_cast<long>(n), static_cast<long>(os[2]));
        }
        if (out->dtype == ACL_INT4 && n != os[2]) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "if outType is int4, x last dim must be equal with out last dim. x last dim is (%ld), out last "
                        "dim is (%ld).", static_cast<long>(n), static_cast<long>(os[2]));
        }
    }
    // CheckFormat
    if (x->format == ACL_FORMAT_FRACTAL_NZ || out->format == ACL_FORMAT_FRACTAL_NZ ||
        qs->format == ACL_FORMAT_FRACTAL_NZ) {
        return Fail(ACLNN_ERR_PARAM_INVALID, " op [flat_quant] currently only supports ND format.");
    }
    if (!(clipRatio > 0.0 && clipRatio <= 1.0)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "clipRatio must be within the range of (0,1], clipRatio [%f].", clipRatio);
    }
    return 0;
}

/// Beyond CANN, after its checks: the Ascend 950's mx per-group path (FLOAT4_E2M1 out, FLOAT8_E8M0 scale).
inline int FlatQuantNotImplemented(const OpCall& c, const aclTensor* out, const aclTensor* qs) {
    if (out->dtype == ACL_FLOAT4_E2M1 || qs->dtype != ACL_FLOAT) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "%s: the per-group FLOAT4_E2M1 output (FLOAT8_E8M0 scale) is not implemented at the reference tier; "
                    "out must be INT4 / INT32 with a FLOAT quantScale.", c.api);
    }
    return 0;
}

/// CheckMaxValid: 0, or within [6, 12].
inline int FlatQuantMax(double dstTypeMax) {
    if (std::fabs(dstTypeMax) <= 2.220446049250313e-16 || (dstTypeMax >= 6.0 && dstTypeMax <= 12.0)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "dstTypeMax must be 0 or in range [6, 12], dstTypeMax [%f].", dstTypeMax);
}
}  // namespace nqb

inline int CheckFlatQuant(const OpCall& c, double clipRatio) {
    if (int r = nqb::FlatQuantChecks(c, c.t[0], c.t[1], c.t[2], c.t[3], c.t[4], clipRatio)) return r;
    return nqb::FlatQuantNotImplemented(c, c.t[3], c.t[4]);
}

inline int CheckFlatQuantV2(const OpCall& c, double clipRatio, double dstTypeMax) {
    if (int r = nqb::FlatQuantChecks(c, c.t[0], c.t[1], c.t[2], c.t[3], c.t[4], clipRatio)) return r;
    if (int r = nqb::FlatQuantMax(dstTypeMax)) return r;
    return nqb::FlatQuantNotImplemented(c, c.t[3], c.t[4]);
}

/// V3 adds CheckGroupList: the Ascend 950 takes no group list; on DAV_2201 a given list's type 0..2, INT64, [G] or
/// [G, 2], G <= 1024. c.t = {x, kroneckerP1, kroneckerP2, groupListOptional (or NULL), out, quantScale}.
inline int CheckFlatQuantV3(const OpCall& c, double clipRatio, double dstTypeMax, int64_t groupListType) {
    if (int r = nqb::FlatQuantChecks(c, c.t[0], c.t[1], c.t[2], c.t[4], c.t[5], clipRatio)) return r;
    if (int r = nqb::FlatQuantMax(dstTypeMax)) return r;
    const aclTensor* g = c.t[3];
    if (c.soc == rt::Soc::kAscend950 && g != nullptr) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "For ascend950, groupListOptional only support nullptr.");
    }
    if (nqb::IsA2A3(c.soc) && g != nullptr) {
        if (groupListType < 0 || groupListType > 2) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "groupListType must be one of [0, 1, 2].");
        }
        if (g->dtype != ACL_INT64) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Tensor groupListOptional not implemented for %s, should be in dtype support list [DT_INT64].",
                        DtypeName(g->dtype));
        }
        const std::vector<int64_t>& gs = g->view_shape;
        if (groupListType == 2) {
            if (gs.size() != 2 || gs[1] != 2) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "groupListOptional shape should be [G, 2] when groupListType is 2.");
            }
        } else if (gs.size() != 1) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "groupListOptional shape should be [G] when groupListType is 0 or 1.");
        }
        if (gs[0] > 1024) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "groupListOptional dim0[%ld] should be less than or equal to 1024.",
                        static_cast<long>(gs[0]));
        }
    }
    return nqb::FlatQuantNotImplemented(c, c.t[4], c.t[5]);
}

// ---------------------------------------------------------------------------------- GroupedDynamicBlockQuant (V2)
namespace nqb {
/// grouped_dynamic_block_quant_def.cpp (ascend950: x FLOAT16 / BF16, groupList INT32, y the 8-bit floats, scale
/// FLOAT), then grouped_dynamic_block_quant_tiling.cpp CheckDtype, GetAttr, CheckShape (561002);
/// c.t = {x, groupList, yOut, scaleOut}.
inline int GroupedDynamicBlockQuantChecks(const OpCall& c, double minScale, const char* roundMode, int64_t dstType,
                                          int64_t rowBlockSize, int64_t colBlockSize, int64_t groupListType,
                                          double dstTypeMax) {
    const aclTensor* x = c.t[0];
    const aclTensor* g = c.t[1];
    const aclTensor* y = c.t[2];
    const aclTensor* scale = c.t[3];
    if (c.soc != rt::Soc::kAscend950) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s is not supported on this product: the operator has no kernel for it.",
                    c.api);
    }
    if (!OneOf(x->dtype, {ACL_FLOAT16, ACL_BF16}) || g->dtype != ACL_INT32 ||
        !OneOf(y->dtype, {ACL_HIFLOAT8, ACL_FLOAT8_E5M2, ACL_FLOAT8_E4M3FN}) || scale->dtype != ACL_FLOAT) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "The dtypes of x %s, groupList %s, yOut %s and scaleOut %s are not a combination %s supports.",
                    DtypeName(x->dtype), DtypeName(g->dtype), DtypeName(y->dtype), DtypeName(scale->dtype), c.api);
    }
    if (!(minScale >= 0.0)) {
        return Fail(kTiling, "min_scale %f is invalid: The value of min_scale must be greater than or equal to 0.",
                    minScale);
    }
    if (dstType != 34 && dstType != 35 && dstType != 36) {
        return Fail(kTiling,
                    "dst_type %ld is invalid: The value of dst_type must be DT_HIFLOAT8, DT_FLOAT8_E4M3FN, or "
                    "DT_FLOAT8_E5M2.", static_cast<long>(dstType));
    }
    if (static_cast<int64_t>(y->dtype) != dstType) {
        return Fail(kTiling, "y, dst_type %s, %ld are invalid: The dtypes of y and dst_type must be the same.",
                    DtypeName(y->dtype), static_cast<long>(dstType));
    }
    const std::string rm = roundMode == nullptr ? std::string("rint") : std::string(roundMode);
    if (dstType == 34 && rm != "round" && rm != "hybrid") {
        return Fail(kTiling,
                    "round_mode %s is invalid: If the dtype of output y is DT_HIFLOAT8, round_mode must be round or "
                    "hybrid.", rm.c_str());
    }
    if (dstType != 34 && rm != "rint") {
        return Fail(kTiling,
                    "round_mode %s is invalid: If the dtype of output y is DT_FLOAT8_E4M3FN/DT_FLOAT8_E5M2, round_mode "
                    "must be rint.", rm.c_str());
    }
    if (rowBlockSize != 1 && rowBlockSize != 128 && rowBlockSize != 256 && rowBlockSize != 512) {
        return Fail(kTiling, "row_block_size %ld is invalid: The value of row_block_size must be 1, 128, 256, or 512.",
                    static_cast<long>(rowBlockSize));
    }
    if (colBlockSize != 64 && colBlockSize != 128 && colBlockSize != 192 && colBlockSize != 256) {
        return Fail(kTiling, "col_block_size %ld is invalid: The value of col_block_size must be 64, 128, 192, or 256.",
                    static_cast<long>(colBlockSize));
    }
    if (groupListType != 0) {
        return Fail(kTiling, "group_list_type %ld is invalid: The value of group_list_type must be 0.",
                    static_cast<long>(groupListType));
    }
    const float m = static_cast<float>(dstTypeMax);
    if (dstType == 34 && (m < 0.0f || m > 32768.0f)) {
        return Fail(kTiling, "dst_type_max %f is invalid: it must be in the range [0, 32768] when dst_type is DT_HIFLOAT8.",
                    dstTypeMax);
    }
    const std::vector<int64_t>& xs = x->view_shape;
    const std::vector<int64_t>& gs = g->view_shape;
    const std::vector<int64_t>& ss = scale->view_shape;
    if (xs.empty()) return Fail(kTiling, "x is invalid: input x is an empty tensor.");
    if (gs.empty()) return Fail(kTiling, "group_index is invalid: group_index is an empty tensor.");
    const int64_t groups = gs[0];
    if (groups == 0) return Fail(kTiling, "group_index %s is invalid: the shape of group_index cannot be 0.", Shape(g).c_str());
    for (int64_t d : xs) {
        if (d == 0) return Fail(kTiling, "x %s is invalid: the dimension of x cannot be 0.", Shape(x).c_str());
    }
    if (xs != y->view_shape) {
        return Fail(kTiling, "x, y %s, %s are invalid: The shapes of x and y must be the same.", Shape(x).c_str(),
                    Shape(y).c_str());
    }
    if (gs.size() != 1) return Fail(kTiling, "group_list shape dim %zu is invalid, expected 1.", gs.size());
    if (xs.size() != 2 && xs.size() != 3) {
        return Fail(kTiling, "x shape dim %zu is invalid: The shape dim of x must be 2 or 3.", xs.size());
    }
    const size_t n = xs.size();
    const int64_t rows = xs[n - 2] / rowBlockSize + groups;
    const int64_t cols = (xs[n - 1] + colBlockSize - 1) / colBlockSize;
    if (ss.size() != n || (n == 3 && ss[0] != xs[0]) || ss[n - 2] != rows || ss[n - 1] != cols) {
        return Fail(kTiling,
                    "x, scale %s, %s are invalid: The shape of scale must be [%sx.rows / row_block_size + "
                    "groupListSize, ceil(x.cols / col_block_size)].", Shape(x).c_str(), Shape(scale).c_str(),
                    n == 3 ? "x.batch, " : "");
    }
    return 0;
}
}  // namespace nqb

inline int CheckGroupedDynamicBlockQuant(const OpCall& c, double minScale, char* roundModeOptional, int64_t dstType,
                                         int64_t rowBlockSize, int64_t colBlockSize, int64_t groupListType) {
    return nqb::GroupedDynamicBlockQuantChecks(c, minScale, roundModeOptional, dstType, rowBlockSize, colBlockSize,
                                               groupListType, 0.0);
}

inline int CheckGroupedDynamicBlockQuantV2(const OpCall& c, double minScale, char* roundModeOptional, int64_t dstType,
                                           int64_t rowBlockSize, int64_t colBlockSize, int64_t groupListType,
                                           double dstTypeMax) {
    return nqb::GroupedDynamicBlockQuantChecks(c, minScale, roundModeOptional, dstType, rowBlockSize, colBlockSize,
                                               groupListType, dstTypeMax);
}

// ---------------------------------------------------------------------------------- DequantSwigluQuant (V2)
namespace nqb {
/// dequant_swiglu_quant_def.cpp's products and dtypes and aclnnDequantSwigluQuant(V2).md's shape rules (messages
/// aclcpu's); c.t = {x, weightScale, activationScale, bias, quantScale, quantOffset, groupIndex (each optional),
/// yOut, scaleOut}. The shape rules also keep every read inside its tensor.
inline int DequantSwigluQuantChecks(const OpCall& c, const char* quantMode) {
    const aclTensor* x = c.t[0];
    const aclTensor* ws = c.t[1];
    const aclTensor* as = c.t[2];
    const aclTensor* bias = c.t[3];
    const aclTensor* qs = c.t[4];
    const aclTensor* qo = c.t[5];
    const aclTensor* gi = c.t[6];
    const aclTensor* y = c.t[7];
    const aclTensor* so = c.t[8];
    if (c.soc != rt::Soc::kAscend950 && !IsA2A3(c.soc)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s is not supported on this product: the operator has no kernel for it.",
                    c.api);
    }
    auto bad = [&](const char* name, const aclTensor* t, const char* list) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s dtype %s is not supported, should be in [%s].", name,
                    DtypeName(t->dtype), list);
    };
    if (!OneOf(x->dtype, {ACL_FLOAT16, ACL_BF16, ACL_INT32})) return bad("x", x, "FLOAT16, BF16, INT32");
    if (ws != nullptr && ws->dtype != ACL_FLOAT) return bad("weightScaleOptional", ws, "FLOAT");
    if (as != nullptr && as->dtype != ACL_FLOAT) return bad("activationScaleOptional", as, "FLOAT");
    if (bias != nullptr && !OneOf(bias->dtype, {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT32})) {
        return bad("biasOptional", bias, "FLOAT, FLOAT16, BF16, INT32");
    }
    if (qs != nullptr && qs->dtype != ACL_FLOAT) return bad("quantScaleOptional", qs, "FLOAT");
    if (qo != nullptr && qo->dtype != ACL_FLOAT) return bad("quantOffsetOptional", qo, "FLOAT");
    if (gi != nullptr && gi->dtype != ACL_INT64) return bad("groupIndexOptional", gi, "INT64");
    if (y->dtype != ACL_INT8) return bad("yOut", y, "INT8");
    if (so->dtype != ACL_FLOAT) return bad("scaleOut", so, "FLOAT");
    const std::string mode = quantMode == nullptr ? std::string("static") : std::string(quantMode);
    if (mode != "static" && mode != "dynamic") {
        return Fail(ACLNN_ERR_PARAM_INVALID, "quantModeOptional must be static or dynamic, but got %s.", mode.c_str());
    }
    const std::vector<int64_t>& xs = x->view_shape;
    if (xs.size() < 2 || xs.size() > 8) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "x must have 2 to 8 dims, but has %zu.", xs.size());
    }
    const int64_t two = xs.back();
    if (two % 2 != 0) return Fail(ACLNN_ERR_PARAM_INVALID, "The last dim of x (%ld) must be even.", static_cast<long>(two));
    const int64_t h = two / 2;
    std::vector<int64_t> lead(xs.begin(), xs.end() - 1);
    int64_t rows = 1;
    for (int64_t d : lead) rows *= d;
    std::vector<int64_t> ys = lead;
    ys.push_back(h);
    if (y->view_shape != ys) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected yOut of shape %s, but found %s.", ShapeString(ys).c_str(),
                    Shape(y).c_str());
    }
    if (so->view_shape != lead) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected scaleOut of shape %s, but found %s.", ShapeString(lead).c_str(),
                    Shape(so).c_str());
    }
    int64_t groups = 1;
    if (gi != nullptr) {
        if (gi->view_shape.size() != 1 || gi->view_shape[0] < 1) {
            // [G, 2] (index, size pairs) is documented; aclcpu has no arithmetic for it
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Expected groupIndexOptional of shape [groupNum] (counts), but found %s ([groupNum, 2] is not "
                        "implemented at the reference tier).", Shape(gi).c_str());
        }
        groups = gi->view_shape[0];
    }
    auto perGroup = [&](const aclTensor* t, int64_t width, bool allowGroupsOnly) {
        const std::vector<int64_t>& s = t->view_shape;
        if (s.size() == 1) return s[0] == width || (allowGroupsOnly && (s[0] == 1 || s[0] == groups));
        return s.size() == 2 && (s[0] == groups || s[0] == 1) && s[1] == width;
    };
    if (ws != nullptr && !perGroup(ws, two, false)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected weightScaleOptional of shape [%ld] or [%ld, %ld], but found %s.",
                    static_cast<long>(two), static_cast<long>(groups), static_cast<long>(two), Shape(ws).c_str());
    }
    if (bias != nullptr && !perGroup(bias, two, false)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected biasOptional of shape [%ld] or [%ld, %ld], but found %s.",
                    static_cast<long>(two), static_cast<long>(groups), static_cast<long>(two), Shape(bias).c_str());
    }
    if (as != nullptr && Numel(as) != rows) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected activationScaleOptional of %ld elements (x's leading dims), "
                    "but found %s.", static_cast<long>(rows), Shape(as).c_str());
    }
    if (qs != nullptr && !perGroup(qs, h, true)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected quantScaleOptional of shape [1], [%ld], [%ld] or [%ld, %ld], but "
                    "found %s.", static_cast<long>(groups), static_cast<long>(h), static_cast<long>(groups),
                    static_cast<long>(h), Shape(qs).c_str());
    }
    if (qo != nullptr && (qs == nullptr || qo->view_shape != qs->view_shape)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected quantOffsetOptional of quantScaleOptional's shape, but found %s.",
                    Shape(qo).c_str());
    }
    if (x->dtype == ACL_INT32 && ws == nullptr) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "An INT32 x needs weightScaleOptional.");
    }
    return 0;
}
}  // namespace nqb

inline int CheckDequantSwigluQuant(const OpCall& c, bool /*activateLeft*/, char* quantModeOptional) {
    return nqb::DequantSwigluQuantChecks(c, quantModeOptional);
}

inline int CheckDequantSwigluQuantV2(const OpCall& c, bool activateLeft, char* quantModeOptional, int64_t dstType,
                                     char* roundModeOptional, int64_t activateDim, int64_t swigluMode, double,
                                     double, double) {
    if (int r = nqb::DequantSwigluQuantChecks(c, quantModeOptional)) return r;
    const int64_t nd = static_cast<int64_t>(c.t[0]->view_shape.size());
    if (dstType != 2 || static_cast<int64_t>(c.t[7]->dtype) != dstType) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "%s: dstType %ld with yOut %s: only INT8 (2) is implemented at the reference tier (CANN's 34, 35, "
                    "36, 40, 41 are not).", c.api, static_cast<long>(dstType), DtypeName(c.t[7]->dtype));
    }
    if (roundModeOptional != nullptr && std::strcmp(roundModeOptional, "rint") != 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "roundModeOptional must be rint for an INT8 yOut, but got %s.",
                    roundModeOptional);
    }
    if (activateDim < -nd || activateDim >= nd) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "activateDim %ld is outside [-%ld, %ld].", static_cast<long>(activateDim),
                    static_cast<long>(nd), static_cast<long>(nd - 1));
    }
    if ((activateDim < 0 ? activateDim + nd : activateDim) != nd - 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: an activateDim other than x's last dim is not implemented at the "
                    "reference tier.", c.api);
    }
    if (swigluMode < 0 || swigluMode > 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "swigluMode must be 0, 1 or 2, but got %ld.", static_cast<long>(swigluMode));
    }
    if (swigluMode == 1 && !activateLeft) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "activateLeft must be true when swigluMode is 1.");
    }
    return 0;
}

// ---------------------------------------------------------------------------------- InplaceQuantScatter
/// aclnn_quant_scatter.cpp CheckDtypeValid (CheckDtypeCombineValid) and CheckShape, then the shape rules that keep
/// the kernel's reads and writes inside the tensors (beyond CANN); c.t = {indices, updates, quantScales,
/// quantZeroPoints (or NULL), selfRef} (the inputs, then the in-place tensor).
inline int CheckInplaceQuantScatter(const OpCall& c, int64_t axis, int64_t quantAxis, int64_t /*reduction*/) {
    const aclTensor* idx = c.t[0];
    const aclTensor* upd = c.t[1];
    const aclTensor* qs = c.t[2];
    const aclTensor* zp = c.t[3];
    const aclTensor* self = c.t[4];
    auto notIn = [](const char* name, const aclTensor* t, const char* list) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list [%s].",
                    name, DtypeName(t->dtype), list);
    };
    if (self->dtype != ACL_INT8) return notIn("selfRef", self, "DT_INT8");
    if (!nqb::OneOf(idx->dtype, {ACL_INT32, ACL_INT64})) return notIn("indices", idx, "DT_INT32,DT_INT64");
    if (!nqb::OneOf(upd->dtype, {ACL_BF16, ACL_FLOAT16})) return notIn("updates", upd, "DT_BF16,DT_FLOAT16");
    if (!nqb::OneOf(qs->dtype, {ACL_BF16, ACL_FLOAT})) return notIn("quantScales", qs, "DT_BF16,DT_FLOAT");
    if (zp != nullptr && !nqb::OneOf(zp->dtype, {ACL_BF16, ACL_INT32})) {
        return notIn("quantZeroPoints", zp, "DT_BF16,DT_INT32");
    }
    if (zp != nullptr) {
        const bool ok = (upd->dtype == ACL_FLOAT16 && qs->dtype == ACL_FLOAT && zp->dtype == ACL_INT32) ||
                        (upd->dtype == ACL_BF16 && qs->dtype == ACL_BF16 && zp->dtype == ACL_BF16);
        if (!ok) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "(updates,quantScales,quantZeroPoints) Dtype should be (float16, float, int32) or (bfloat16, "
                        "bfloat16, bfloat16), but is (%s, %s, %s).", DtypeName(upd->dtype), DtypeName(qs->dtype),
                        DtypeName(zp->dtype));
        }
    } else {
        const bool ok = (upd->dtype == ACL_FLOAT16 && qs->dtype == ACL_FLOAT) ||
                        (upd->dtype == ACL_BF16 && qs->dtype == ACL_BF16);
        if (!ok) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "(updates,quantScales) Dtype should be (float16, float) or (bfloat16, bfloat16), but is (%s, %s).",
                        DtypeName(upd->dtype), DtypeName(qs->dtype));
        }
    }
    const std::vector<int64_t>& ss = self->view_shape;
    const std::vector<int64_t>& us = upd->view_shape;
    if (ss.size() != us.size()) return Fail(ACLNN_ERR_PARAM_INVALID, "dimension of selfRef and updates should equal");
    // beyond CANN
    if (nqb::Numel(self) == 0 || nqb::Numel(idx) == 0 || nqb::Numel(upd) == 0 || nqb::Numel(qs) == 0) return 0;
    const int64_t n = static_cast<int64_t>(ss.size());
    const int64_t a = axis < 0 ? axis + n : axis;
    if (n < 2 || a < 1 || a >= n) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "axis %ld must name a dim of selfRef after dim 0 (rank %ld).",
                    static_cast<long>(axis), static_cast<long>(n));
    }
    if (quantAxis != -1 && quantAxis != n - 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: a quantAxis other than the last dim is not implemented at the "
                    "reference tier.", c.api);
    }
    const int64_t last = us.back();
    if (nqb::Numel(qs) != 1 && nqb::Numel(qs) != last) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected quantScales of 1 or %ld elements (updates' last dim), but found %s.",
                    static_cast<long>(last), nqb::Shape(qs).c_str());
    }
    if (zp != nullptr && nqb::Numel(zp) != nqb::Numel(qs)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected quantZeroPoints of quantScales' element count, but found %s.",
                    nqb::Shape(zp).c_str());
    }
    const std::vector<int64_t>& is = idx->view_shape;
    const bool pairs = is.size() == 2;
    if (!((is.size() == 1 && is[0] == us[0]) || (pairs && is[0] == us[0] && is[1] == 2))) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected indices of shape [%ld] or [%ld, 2], but found %s.",
                    static_cast<long>(us[0]), static_cast<long>(us[0]), nqb::Shape(idx).c_str());
    }
    for (int64_t d = pairs ? 1 : 0; d < n; ++d) {
        if (us[d] > ss[d]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "updates %s is larger than selfRef %s at dim %ld.",
                        nqb::Shape(upd).c_str(), nqb::Shape(self).c_str(), static_cast<long>(d));
        }
    }
    return 0;
}

}  // namespace aclcpu
