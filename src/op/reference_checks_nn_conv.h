// The custom first-phase checks of the nn_conv family (ops/families/nn_conv.yaml `custom` checks the table's
// vocabulary cannot express; docs/ops/nn_conv.md). Included at the end of src/op/reference_checks.h (through the
// generated op/family_hooks.inc). Each hook is int <hook>(const OpCall& c, <the entry's non-tensor parameters>):
// 0, 161001 or 161002 with a message restating CANN's. Facts: hicann/ops-nn
// conv/convolution_forward/op_host/op_api/aclnn_convolution.cpp (the checker classes NullptrChecker, DtypeChecker,
// DimChecker, FormatChecker, ValueChecker, ConvXdChecker, HardwareLimitChecker and their Tbc / Depthwise2d
// variants, ConvEngine::InferShape, ConstructPad) and matmul/common/op_host/op_api/cube_util.cpp
// (GetDtypeSupportListBySocVersion, CheckCubeMathType). CANN's messages come from opbase's OP_LOGE_FOR_INVALID_*
// macros, whose text is not public: ours name the entity, the parameter, the value and the rule as they do.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/exports.h"
#include "common/status.h"
#include "op/op_call.h"
#include "runtime/runtime.h"
#include "tensor/arguments.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {
namespace conv_checks {

/// Whether the product's cube units compute FLOAT (IsCubeSupportFp32: DAV_2201 - Atlas A2/A3 - and the 950).
inline bool CubeFp32(rt::Soc soc) {
    return soc == rt::Soc::kAscend950 || soc == rt::Soc::kAscend910B || soc == rt::Soc::kAscend910_93;
}

/// GetDtypeSupportListBySocVersion (forward) or ...4ConvBackward(false) (forward transposed): the 950's list (with
/// HIFLOAT8, and FLOAT8_E4M3FN for the transposed path), FLOAT, FLOAT16, BF16 on Atlas A2/A3, FLOAT, FLOAT16
/// elsewhere.
inline std::vector<aclDataType> CubeList(rt::Soc soc, bool transposed) {
    if (soc == rt::Soc::kAscend950) {
        if (transposed) return {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_HIFLOAT8, ACL_FLOAT8_E4M3FN};
        return {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_HIFLOAT8};
    }
    if (CubeFp32(soc)) return {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    return {ACL_FLOAT, ACL_FLOAT16};
}

/// BIAS_SUPPORT_LIST (FLOAT, FLOAT16, BF16) or, on Ascend310P where the op_api asks by SoC, FLOAT, FLOAT16.
inline std::vector<aclDataType> BiasList(rt::Soc soc, bool by_soc) {
    if (by_soc && soc == rt::Soc::kAscend310P) return {ACL_FLOAT, ACL_FLOAT16};
    return {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
}

inline std::string ListString(const std::vector<aclDataType>& list) {
    std::string s = "[";
    for (size_t i = 0; i < list.size(); ++i) s += std::string(i ? ", " : "") + DtypeName(list[i]);
    return s + "]";
}

/// CheckConvParamsDtype: the dtype in the list, else 161002 naming the parameter as CANN names it (x, filter, y,
/// bias).
inline int InList(const char* entity, const aclTensor* t, const char* name, const std::vector<aclDataType>& list) {
    for (aclDataType d : list) {
        if (t->dtype == d) return 0;
    }
    return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the dtype of %s is %s, but it should be one of %s.", entity, name,
                DtypeName(t->dtype), ListString(list).c_str());
}

/// Beyond CANN: the 950's 8-bit float inputs pass CANN's list, but ATen has no such dtype; the reference refuses.
inline int NoFloat8(const char* entity, const aclTensor* t, const char* name) {
    if (t->dtype != ACL_HIFLOAT8 && t->dtype != ACL_FLOAT8_E4M3FN) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "%s: %s of dtype %s is not computed by aclcpu's reference tier (ATen has no such dtype).", entity, name,
                DtypeName(t->dtype));
}

/// GetUpperFloatDataType over FLOAT / FLOAT16 / BF16: FLOAT unless both are BF16 or both FLOAT16.
inline aclDataType UpperFloat(aclDataType a, aclDataType b) {
    if (a == ACL_DOUBLE || b == ACL_DOUBLE) return ACL_DOUBLE;
    if (a == ACL_FLOAT || b == ACL_FLOAT) return ACL_FLOAT;
    if (a == ACL_BF16 && b == ACL_BF16) return ACL_BF16;
    if (a == ACL_FLOAT16 && b == ACL_FLOAT16) return ACL_FLOAT16;
    if (a == ACL_HIFLOAT8 && b == ACL_HIFLOAT8) return ACL_HIFLOAT8;
    if (a == ACL_FLOAT8_E4M3FN && b == ACL_FLOAT8_E4M3FN) return ACL_FLOAT8_E4M3FN;
    return ACL_FLOAT;
}

/// cube_util.cpp CheckCubeMathType of the cube's dtype: a value outside 0..4 -> 161002; on a product whose cube has
/// no FLOAT, BF16 (and, under KEEP_DTYPE, USE_HF32, USE_FP32_ADD, also FLOAT) -> 161002.
inline int CubeMathType(const OpCall& c, aclDataType cube, int cubeMathType) {
    if (cubeMathType < 0 || cubeMathType > 4) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "The value of cubeMathType only support {0: KEEP_DTYPE, 1: ALLOW_FP32_DOWN_PRECISION, 2: USE_FP16, "
                    "3: USE_HF32, 4: USE_FP32_ADD}, but got %d",
                    cubeMathType);
    }
    const bool allow_fp32 = cubeMathType == 1 || cubeMathType == 2;
    const bool refused = allow_fp32 ? cube == ACL_BF16 : (cube == ACL_FLOAT || cube == ACL_BF16);
    if (refused && !CubeFp32(c.soc)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "The soc version does not support bf16 / fp32 for calculations, please change the setting of "
                    "cubeMathType or the Dtype of input tensor.");
    }
    return 0;
}

/// The layout CANN requires of a tensor of that rank (NCL, NCHW, NCDHW). aclcpu also takes ND as that layout
/// (beyond CANN, which refuses ND: its tensor meta finds no C axis in "ND").
inline bool LayoutOk(int32_t format, int32_t wanted) { return format == wanted || format == ACL_FORMAT_ND; }

inline int FormatFail(const char* entity, const char* name, int32_t format, const char* wanted) {
    return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the format of %s is %s, but it should be %s.", entity, name,
                FormatName(format), wanted);
}

/// A shape list as CANN's FVectorToString prints it.
inline std::string Vec(const std::vector<int64_t>& v) { return ShapeString(v); }

/// ConstructPad: conv1d's and conv2d's pads as the sum of both sides per spatial dim (1d: [p] or [l, r]; 2d: [h, w]
/// or [top, bottom, left, right]); conv3d's kept as given.
inline std::vector<int64_t> SummedPad(const std::vector<int64_t>& pad, size_t rank) {
    if (rank == 3) {
        if (pad.size() == 1) return {2 * pad[0]};
        if (pad.size() == 2) return {pad[0] + pad[1]};
        return {0};
    }
    if (rank == 4) {
        if (pad.size() == 2) return {2 * pad[0], 2 * pad[1]};
        if (pad.size() == 4) return {pad[0] + pad[1], pad[2] + pad[3]};
        return {0, 0};
    }
    std::vector<int64_t> out;
    for (int64_t p : pad) out.push_back(2 * p);
    return out;
}

/// ConvEngine::InferShape for channel-first layouts: [N, Cout, spatial...].
inline std::vector<int64_t> InferShape(const std::vector<int64_t>& in, const std::vector<int64_t>& w,
                                       const std::vector<int64_t>& stride, const std::vector<int64_t>& pad,
                                       const std::vector<int64_t>& dilation, bool transposed,
                                       const std::vector<int64_t>& outputPadding, int64_t groups) {
    std::vector<int64_t> out{in[0], transposed ? w[1] * groups : w[0]};
    const size_t spatial = in.size() - 2;
    if (!transposed) {
        const std::vector<int64_t> p = SummedPad(pad, in.size());
        for (size_t i = 0; i < spatial; ++i) {
            out.push_back((in[i + 2] + p[i] - dilation[i] * (w[i + 2] - 1) - 1) / stride[i] + 1);
        }
    } else {
        // 2d: the summed pads (2 or 4 values); 1d and 3d: 2 * pads[i] (one value per spatial dim)
        const std::vector<int64_t> p = in.size() == 4 ? SummedPad(pad, 4) : SummedPad(pad, 5);
        for (size_t i = 0; i < spatial; ++i) {
            out.push_back((in[i + 2] - 1) * stride[i] - p[i] + dilation[i] * (w[i + 2] - 1) + outputPadding[i] + 1);
        }
    }
    return out;
}

/// ValueChecker's CheckVectorValueGt0.
inline int Positive(const char* entity, const char* name, const std::vector<int64_t>& v) {
    for (size_t i = 0; i < v.size(); ++i) {
        if (v[i] <= 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: %s %s is invalid: shape[%zu] of this parameter must be greater than 0.",
                        entity, name, Vec(v).c_str(), i);
        }
    }
    return 0;
}

/// ConvXdChecker: y's shape equal to the inferred one; an empty x or filter needs an empty y.
inline int OutputShape(const char* entity, const aclTensor* input, const aclTensor* weight, const aclTensor* output,
                       const std::vector<int64_t>& want) {
    const std::vector<int64_t>& o = output->view_shape;
    for (size_t i = 0; i < want.size(); ++i) {
        if (want[i] != o[i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "%s: y %s is invalid: shape[%zu] of y must be equal to its inferred value(%ld).", entity,
                        Vec(o).c_str(), i, static_cast<long>(want[i]));
        }
    }
    if (input->numel == 0 || weight->numel == 0) {
        if (output->numel != 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "%s: x, filter, y %s, %s, %s are invalid: if x or filter is an empty tensor, output must be an "
                        "empty tensor.",
                        entity, Vec(input->view_shape).c_str(), Vec(weight->view_shape).c_str(), Vec(o).c_str());
        }
        for (size_t i = 0; i < want.size(); ++i) {
            if (want[i] < 0) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "%s: y %s is invalid: shape[%zu] of y must be greater than or equal to 0.", entity,
                            Vec(o).c_str(), i);
            }
        }
    }
    return 0;
}

}  // namespace conv_checks

// ---- aclnnConvolution (CheckConvParams after NullptrChecker's tensor and array checks); c.t = {input, weight,
// bias, output}, bias NULL when absent.

/// NullptrChecker's outputPadding (transposed only; 161001), then DtypeChecker, DimChecker, FormatChecker,
/// ValueChecker, ConvXdChecker and HardwareLimitChecker as aclnn_convolution.cpp orders them (channel-first
/// layouts). Beyond CANN: a NULL outputPadding when not transposed (CANN ignores it; the reference hands every
/// array to ATen), NDHWC and FRACTAL_Z layouts, and the 950's 8-bit float dtypes are refused (161002).
inline int CheckConvolution(const OpCall& c, const aclIntArray* stride, const aclIntArray* padding,
                            const aclIntArray* dilation, bool transposed, const aclIntArray* outputPadding,
                            int64_t groups, int8_t cubeMathType) {
    using namespace conv_checks;
    const char* E = "aclnnConvolutionGetWorkspaceSize";
    const aclTensor* input = c.t[0];
    const aclTensor* weight = c.t[1];
    const aclTensor* bias = c.t[2];
    const aclTensor* output = c.t[3];
    if (transposed && outputPadding == nullptr) {
        return Fail(ACLNN_ERR_PARAM_NULLPTR, "%s: outputPadding is nullptr, but it should be not nullptr.", E);
    }
    // DtypeChecker: bias first, then x, filter, y in the product's list (the transposed path's own list).
    if (bias != nullptr) {
        if (int ret = InList(E, bias, "bias", BiasList(c.soc, false))) return ret;
    }
    const std::vector<aclDataType> list = CubeList(c.soc, transposed);
    if (int ret = InList(E, input, "x", list)) return ret;
    if (int ret = InList(E, weight, "filter", list)) return ret;
    if (int ret = InList(E, output, "y", list)) return ret;
    // DimChecker: x, filter, y of 3 to 5 dims, all the same; bias 1-D of Cout; the arrays' lengths.
    const std::vector<int64_t>& in = input->view_shape;
    const std::vector<int64_t>& w = weight->view_shape;
    const std::vector<int64_t>& o = output->view_shape;
    const aclTensor* ranked[3] = {input, weight, output};
    const char* ranked_names[3] = {"x", "filter", "y"};
    for (int k = 0; k < 3; ++k) {
        const size_t d = ranked[k]->view_shape.size();
        if (d < 3 || d > 5) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the dims of %s are %zu, but they should be one of {3, 4, 5}.", E,
                        ranked_names[k], d);
        }
    }
    if (w.size() != in.size()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the dims of x, filter are %zu, %zu: the shape dims of x and filter "
                    "must be the same.", E, in.size(), w.size());
    }
    if (o.size() != in.size()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the dims of x, y are %zu, %zu: the shape dims of x and y must be the "
                    "same.", E, in.size(), o.size());
    }
    if (bias != nullptr) {
        const std::vector<int64_t>& b = bias->view_shape;
        if (b.size() != 1) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the dims of bias are %zu, but they should be 1.", E, b.size());
        }
        if (transposed && b[0] != w[1] * groups) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "%s: bias, filter %s, %s are invalid: When transposed is true, shape[0] of bias must be equal "
                        "to shape[1] of filter multiplied by attribute groups(%ld).",
                        E, Vec(b).c_str(), Vec(w).c_str(), static_cast<long>(groups));
        }
        if (!transposed && b[0] != w[0]) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "%s: bias, filter %s, %s are invalid: When transposed is false, shape[0] of bias must be equal "
                        "to shape[0] of filter.",
                        E, Vec(b).c_str(), Vec(w).c_str());
        }
    }
    const size_t spatial = in.size() - 2;
    const std::vector<int64_t>& sv = stride->values;
    const std::vector<int64_t>& dv = dilation->values;
    const std::vector<int64_t>& pv = padding->values;
    if (sv.size() != spatial) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the size of strides is %zu, but it should be %zu.", E, sv.size(),
                    spatial);
    }
    if (dv.size() != spatial) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the size of dilations is %zu, but it should be %zu.", E, dv.size(),
                    spatial);
    }
    const bool two_sided = (in.size() <= 4 && !transposed) || (in.size() == 4 && transposed);
    if (two_sided) {
        if (pv.size() != spatial && pv.size() != 2 * spatial) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the size of pads is %zu, but it should be %zu or %zu.", E,
                        pv.size(), spatial, 2 * spatial);
        }
    } else if (pv.size() != spatial) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the size of pads is %zu, but it should be %zu.", E, pv.size(),
                    spatial);
    }
    std::vector<int64_t> op;
    if (transposed) {
        op = outputPadding->values;
        if (op.size() != spatial) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the size of outputPadding is %zu, but it should be %zu.", E,
                        op.size(), spatial);
        }
    } else if (outputPadding == nullptr) {  // beyond CANN
        return Fail(ACLNN_ERR_PARAM_NULLPTR,
                    "%s: outputPadding is nullptr; aclcpu's reference tier needs an aclIntArray there (it may be "
                    "empty) even when transposed is false.", E);
    } else {
        op.assign(spatial, 0);
    }
    // FormatChecker: x and y of one format; bias NCL, NCHW, NCDHW or ND; the layout of the rank.
    if (input->format != output->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the formats of x, y are %s, %s: the formats of these parameters must "
                    "be the same.", E, FormatName(input->format), FormatName(output->format));
    }
    if (bias != nullptr && bias->format != ACL_FORMAT_NCL && bias->format != ACL_FORMAT_NCHW &&
        bias->format != ACL_FORMAT_NCDHW && bias->format != ACL_FORMAT_ND) {
        return FormatFail(E, "bias", bias->format, "one of {NCL, NCHW, NCDHW, ND}");
    }
    const int32_t layout = in.size() == 3 ? ACL_FORMAT_NCL : in.size() == 4 ? ACL_FORMAT_NCHW : ACL_FORMAT_NCDHW;
    const char* layout_name = FormatName(layout);
    const bool channel_last = in.size() == 5 && c.soc != rt::Soc::kAscend950 &&
                              (input->format == ACL_FORMAT_NDHWC || weight->format == ACL_FORMAT_NDHWC);
    if (channel_last) {  // CANN takes NDHWC here; the reference does not model the channel-last layout
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "%s: x or filter of format NDHWC is not computed by aclcpu's reference tier (NCDHW only).", E);
    }
    if (in.size() == 4 && !transposed && weight->format == ACL_FORMAT_FRACTAL_Z && c.soc != rt::Soc::kAscend950) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "%s: a filter of format FRACTAL_Z is not computed by aclcpu's reference tier (NCHW only).", E);
    }
    if (in.size() == 3) {
        if (!LayoutOk(input->format, layout) || !LayoutOk(weight->format, layout) || !LayoutOk(output->format, layout)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the formats of x, filter, y are %s, %s, %s: formats of x, filter "
                        "and y should all be NCL.", E, FormatName(input->format), FormatName(weight->format),
                        FormatName(output->format));
        }
    } else {
        // conv2d checks filter first when not transposed, conv3d and transposed conv2d x first.
        const bool filter_first = in.size() == 4 && !transposed;
        const aclTensor* order[3] = {filter_first ? weight : input, filter_first ? input : weight, output};
        const char* names[3] = {filter_first ? "filter" : "x", filter_first ? "x" : "filter", "y"};
        for (int k = 0; k < 3; ++k) {
            if (!LayoutOk(order[k]->format, layout)) return FormatFail(E, names[k], order[k]->format, layout_name);
        }
    }
    // ValueChecker: N, C of x and filter >= 0; x's spatial dims >= 0, filter's > 0; strides, dilations > 0; x after
    // padding at least one kernel extent (forward only); groups > 0; channels and groups; bias of Cout; transposed x
    // with channels; (Ascend 950's transposed empty-tensor rules not modelled).
    for (size_t i = 0; i < spatial; ++i) {
        if (in[i + 2] < 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: x %s is invalid: shape[%zu] of x must be greater than or equal to "
                        "0.", E, Vec(in).c_str(), i + 2);
        }
        if (w[i + 2] <= 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: filter %s is invalid: shape[%zu] of filter must be greater than "
                        "0.", E, Vec(w).c_str(), i + 2);
        }
    }
    if (int ret = Positive(E, "strides", sv)) return ret;
    if (int ret = Positive(E, "dilations", dv)) return ret;
    if (!transposed && input->numel != 0) {
        const std::vector<int64_t> p = SummedPad(pv, in.size());
        for (size_t i = 0; i < spatial; ++i) {
            const int64_t front = in.size() <= 4 ? p[i] : 2 * pv[i];
            if (in[i + 2] + front - dv[i] * (w[i + 2] - 1) - 1 < 0) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "%s: x %s is invalid: These parameters must meet the following condition: x[%zu] + pads[%zu]"
                            "%s - dilations[%zu] * (filter[%zu] - 1) - 1 >= 0.",
                            E, Vec(in).c_str(), i + 2, i, in.size() <= 4 ? "" : " * 2", i, i + 2);
            }
        }
    }
    if (groups <= 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: groups is %ld, but the value should be greater than 0.", E,
                    static_cast<long>(groups));
    }
    if (transposed) {
        if (w[0] != in[1]) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "%s: x, filter %s, %s are invalid: When transposed is true, shape[0] of filter must be equal to "
                        "shape[1] of x.",
                        E, Vec(in).c_str(), Vec(w).c_str());
        }
        for (size_t i = 0; i < op.size(); ++i) {
            if (op[i] >= sv[i] && op[i] >= dv[i]) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "%s: outputPadding, strides, dilations %s, %s, %s are invalid: outputPadding[%zu] must be "
                            "less than both stride[%zu] and dilation[%zu].",
                            E, Vec(op).c_str(), Vec(sv).c_str(), Vec(dv).c_str(), i, i, i);
            }
            if (op[i] < 0) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "%s: outputPadding is %ld: outputPadding[%zu] must be greater than or equal to 0.", E,
                            static_cast<long>(op[i]), i);
            }
        }
    } else if (w[1] * groups != in[1]) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "%s: x, filter %s, %s are invalid: shape[1] of x must be equal to shape[1] of filter multiplied by "
                    "attribute groups(%ld).",
                    E, Vec(in).c_str(), Vec(w).c_str(), static_cast<long>(groups));
    }
    if (w[0] % groups != 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "%s: filter %s is invalid: shape[0] of filter must be exactly divided by attribute groups(%ld).", E,
                    Vec(w).c_str(), static_cast<long>(groups));
    }
    const int64_t cout = transposed ? w[1] * groups : w[0];
    if (bias != nullptr && bias->view_shape[0] != cout) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: bias %s is invalid: shape[0] of bias must be equal to output "
                    "channel(%ld).", E, Vec(bias->view_shape).c_str(), static_cast<long>(cout));
    }
    if (transposed && in[1] == 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: x %s is invalid: When transposed is true, shape[1] of this parameter "
                    "must be greater than 0.", E, Vec(in).c_str());
    }
    // ConvXdChecker
    const std::vector<int64_t> want = InferShape(in, w, sv, pv, dv, transposed, op, groups);
    if (int ret = OutputShape(E, input, weight, output, want)) return ret;
    // HardwareLimitChecker
    if (int ret = CubeMathType(c, UpperFloat(input->dtype, weight->dtype), cubeMathType)) return ret;
    // beyond CANN
    if (int ret = NoFloat8(E, input, "x")) return ret;
    if (int ret = NoFloat8(E, weight, "filter")) return ret;
    return NoFloat8(E, output, "y");
}

// ---- aclnnConvTbc (after CheckParamsNullptrTbc); c.t = {self, weight, bias, output}. self [T, B, Cin], weight
// [K, Cin, Cout], bias [Cout], output [T + 2 * pad - K + 1, B, Cout].

/// The Ascend 950's CheckParamsEmpty (output 3-D, non-negative, bias 1-D of output's channel; output, bias dtypes
/// in the list; output ND or NCL, bias ND), then DtypeCheckerTbc, DimCheckerTbc, FormatCheckerTbc, ValueCheckerTbc,
/// ConvXdCheckerTbc and HardwareLimitCheckerTbc over the op_api's permuted views (x [B, Cin, T], filter
/// [Cout, Cin, K], y [B, Cout, T']), with the op_api's pads [pad] (one value, both sides).
inline int CheckConvTbc(const OpCall& c, int64_t pad, int8_t cubeMathType) {
    using namespace conv_checks;
    const char* E = "aclnnConvTbcGetWorkspaceSize";
    const aclTensor* self = c.t[0];
    const aclTensor* weight = c.t[1];
    const aclTensor* bias = c.t[2];
    const aclTensor* output = c.t[3];
    const std::vector<aclDataType> list = CubeList(c.soc, false);
    if (c.soc == rt::Soc::kAscend950) {
        if (output->view_shape.size() != 3) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected %zu dimension input, but got %s with sizes %s.", size_t{3},
                        "output", ShapeString(output->view_shape).c_str());
        }
        if (bias->view_shape.size() != 1) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected %zu dimension input, but got %s with sizes %s.", size_t{1},
                        "bias", ShapeString(bias->view_shape).c_str());
        }
        if (bias->view_shape[0] != output->view_shape[2]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: bias, y %s, %s are invalid: shape[0] of bias must be equal to "
                        "shape[2] of y.", E, Vec(bias->view_shape).c_str(), Vec(output->view_shape).c_str());
        }
        for (const aclTensor* t : {output, bias}) {
            bool ok = false;
            for (aclDataType d : list) ok = ok || t->dtype == d;
            if (!ok) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list "
                            "%s.", t == output ? "output" : "bias", DtypeName(t->dtype), ListString(list).c_str());
            }
        }
        if (output->format != ACL_FORMAT_ND && output->format != ACL_FORMAT_NCL) {
            return FormatFail(E, "y", output->format, "ND or NCL");
        }
        if (bias->format != ACL_FORMAT_ND) return FormatFail(E, "bias", bias->format, "ND");
    }
    // DtypeCheckerTbc
    if (int ret = InList(E, bias, "bias", BiasList(c.soc, true))) return ret;
    if (int ret = InList(E, self, "x", list)) return ret;
    if (self->dtype != weight->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the dtype of x is %s, but it should be %s (filter's).", E,
                    DtypeName(self->dtype), DtypeName(weight->dtype));
    }
    if (weight->dtype != output->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the dtype of filter is %s, but it should be %s (y's).", E,
                    DtypeName(weight->dtype), DtypeName(output->dtype));
    }
    // DimCheckerTbc (beyond CANN, which permutes first and reads dims 0..2 of each: a rank other than 3 is refused
    // before the permute here)
    const aclTensor* ranked[4] = {self, weight, output, bias};
    const char* names[4] = {"x", "filter", "y", "bias"};
    const size_t dims[4] = {3, 3, 3, 1};
    for (int k = 0; k < 4; ++k) {
        if (ranked[k]->view_shape.size() != dims[k]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the dims of %s are %zu, but they should be %zu.", E, names[k],
                        ranked[k]->view_shape.size(), dims[k]);
        }
    }
    // FormatCheckerTbc
    const aclTensor* fmt[3] = {self, weight, output};
    for (int k = 0; k < 3; ++k) {
        if (fmt[k]->format != ACL_FORMAT_ND && fmt[k]->format != ACL_FORMAT_NCL) {
            return FormatFail(E, names[k], fmt[k]->format, "ND or NCL");
        }
    }
    // ValueCheckerTbc over the permuted views
    const std::vector<int64_t>& s = self->view_shape;    // [T, B, Cin]
    const std::vector<int64_t>& w = weight->view_shape;  // [K, Cin, Cout]
    const std::vector<int64_t>& o = output->view_shape;  // [T', B, Cout]
    const std::vector<int64_t> x{s[1], s[2], s[0]}, f{w[2], w[1], w[0]}, y{o[1], o[2], o[0]};
    if (x[0] < 0 || x[1] < 0 || x[2] < 0 || f[0] < 0 || f[1] < 0 || f[2] < 0 || y[0] < 0 || y[1] < 0 || y[2] < 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: x, filter, y %s, %s, %s are invalid: every dim must be >= 0.", E,
                    Vec(x).c_str(), Vec(f).c_str(), Vec(y).c_str());
    }
    if (bias->view_shape[0] != f[0]) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: bias %s is invalid: shape[0] of bias must be equal to output "
                    "channel(%ld).", E, Vec(bias->view_shape).c_str(), static_cast<long>(f[0]));
    }
    if (f[2] <= 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: filter %s is invalid: Shape[2] of filter must be greater than 0.", E,
                    Vec(f).c_str());
    }
    if (self->numel != 0 && x[2] + pad - (f[2] - 1) - 1 < 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "%s: x, filter, pads %s, %s, [%ld] are invalid: These parameters must meet the following condition: "
                    "x[2] + pads[0] - 1 * (filter[2] - 1) - 1 >= 0.",
                    E, Vec(x).c_str(), Vec(f).c_str(), static_cast<long>(pad));
    }
    if (f[1] != x[1]) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: x, filter %s, %s are invalid: shape[1] of x must be equal to shape[1] "
                    "of filter.", E, Vec(x).c_str(), Vec(f).c_str());
    }
    // ConvXdCheckerTbc: [B, Cout, T + 2 * pad - (K - 1)]
    const std::vector<int64_t> want{x[0], f[0], x[2] + 2 * pad - (f[2] - 1) - 1 + 1};
    for (size_t i = 0; i < 3; ++i) {
        if (want[i] != y[i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "%s: y %s is invalid: shape[%zu] of y must be equal to its inferred value(%ld).", E,
                        Vec(y).c_str(), i, static_cast<long>(want[i]));
        }
    }
    // HardwareLimitCheckerTbc
    if (int ret = CubeMathType(c, self->dtype, cubeMathType)) return ret;
    return NoFloat8(E, self, "x");  // beyond CANN
}

// ---- aclnnConvDepthwise2d (CheckConvDepthwise2dParams after NullptrChecker, then the kernelSize check);
// c.t = {self, weight, bias, out}, bias NULL when absent.

/// DtypeCheckerDepthwise2d, DimCheckerDepthwise2d, FormatCheckerDepthwise2d, ValueCheckerDepthwise2d, ConvXdChecker
/// (groups 1 as the op_api's engine infers it: Cout = weight's dim 0), HardwareLimitChecker, then kernelSize equal to
/// weight's [kH, kW]. Beyond CANN: kernelSize NULL (161001) or of fewer than 2 values (161002); the 8-bit floats.
inline int CheckConvDepthwise2d(const OpCall& c, const aclIntArray* kernelSize, const aclIntArray* stride,
                                const aclIntArray* padding, const aclIntArray* dilation, int8_t cubeMathType) {
    using namespace conv_checks;
    const char* E = "aclnnConvDepthwise2dGetWorkspaceSize";
    const aclTensor* self = c.t[0];
    const aclTensor* weight = c.t[1];
    const aclTensor* bias = c.t[2];
    const aclTensor* out = c.t[3];
    // DtypeCheckerDepthwise2d
    if (bias != nullptr) {
        if (int ret = InList(E, bias, "bias", BiasList(c.soc, true))) return ret;
        if (self->dtype != ACL_HIFLOAT8 && self->dtype != bias->dtype) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the dtype of x is %s, but it should be %s (bias's).", E,
                        DtypeName(self->dtype), DtypeName(bias->dtype));
        }
    }
    const std::vector<aclDataType> list = CubeList(c.soc, false);
    if (int ret = InList(E, self, "x", list)) return ret;
    if (int ret = InList(E, weight, "filter", list)) return ret;
    if (int ret = InList(E, out, "y", list)) return ret;
    if (self->dtype != weight->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the dtype of x is %s, but it should be %s (filter's).", E,
                    DtypeName(self->dtype), DtypeName(weight->dtype));
    }
    if (weight->dtype != out->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the dtype of filter is %s, but it should be %s (y's).", E,
                    DtypeName(weight->dtype), DtypeName(out->dtype));
    }
    // DimCheckerDepthwise2d
    const aclTensor* ranked[3] = {self, weight, out};
    const char* names[3] = {"x", "filter", "y"};
    for (int k = 0; k < 3; ++k) {
        if (ranked[k]->view_shape.size() != 4) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the dims of %s are %zu, but they should be 4.", E, names[k],
                        ranked[k]->view_shape.size());
        }
    }
    if (bias != nullptr && bias->view_shape.size() != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the dims of bias are %zu, but they should be 1.", E,
                    bias->view_shape.size());
    }
    const std::vector<int64_t>& sv = stride->values;
    const std::vector<int64_t>& dv = dilation->values;
    const std::vector<int64_t>& pv = padding->values;
    const char* arrays[3] = {"strides", "dilations", "pads"};
    const size_t sizes[3] = {sv.size(), dv.size(), pv.size()};
    for (int k = 0; k < 3; ++k) {
        if (sizes[k] != 2) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the size of %s is %zu, but it should be 2.", E, arrays[k],
                        sizes[k]);
        }
    }
    // FormatCheckerDepthwise2d (ND taken as NCHW, beyond CANN)
    for (int k = 0; k < 3; ++k) {
        if (!LayoutOk(ranked[k]->format, ACL_FORMAT_NCHW)) return FormatFail(E, names[k], ranked[k]->format, "NCHW");
    }
    if (self->format != out->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the formats of x, y are %s, %s: the formats of these parameters must "
                    "be the same.", E, FormatName(self->format), FormatName(out->format));
    }
    // ValueCheckerDepthwise2d
    const std::vector<int64_t>& in = self->view_shape;
    const std::vector<int64_t>& w = weight->view_shape;
    if (in[0] < 0 || in[1] < 0 || w[0] < 0 || w[1] < 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: x, filter %s, %s are invalid: Shape[0], Shape[1] of x and Shape[0], "
                    "Shape[1] of filter must be >= 0.", E, Vec(in).c_str(), Vec(w).c_str());
    }
    for (size_t i = 0; i < 2; ++i) {
        if (in[i + 2] < 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: x %s is invalid: shape[%zu] of this parameter must be greater "
                        "than or equal to 0.", E, Vec(in).c_str(), i + 2);
        }
        if (w[i + 2] <= 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: filter %s is invalid: shape[%zu] of this parameter must be "
                        "greater than 0.", E, Vec(w).c_str(), i + 2);
        }
    }
    if (int ret = Positive(E, "strides", sv)) return ret;
    if (int ret = Positive(E, "dilations", dv)) return ret;
    if (self->numel != 0) {
        for (size_t i = 0; i < 2; ++i) {
            if (in[i + 2] + pv[i] * 2 - dv[i] * (w[i + 2] - 1) - 1 < 0) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "%s: x, filter, pads, dilations %s, %s, %s, %s are invalid: These parameters must meet the "
                            "following condition: x[%zu] + pads[%zu] * 2 - dilations[%zu] * (filter[%zu] - 1) - 1 >= 0.",
                            E, Vec(in).c_str(), Vec(w).c_str(), Vec(pv).c_str(), Vec(dv).c_str(), i + 2, i, i, i + 2);
            }
        }
    }
    if (w[1] != 0 && w[1] != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: filter %s is invalid: shape[1] of this parameter must be 0 or 1.", E,
                    Vec(w).c_str());
    }
    if (in[1] != 0 && w[0] % in[1] != 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: x, filter %s, %s are invalid: shape[0] of filter must be exactly "
                    "divided by shape[1] of x.", E, Vec(in).c_str(), Vec(w).c_str());
    }
    if (bias != nullptr && bias->view_shape[0] != w[0]) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: bias %s is invalid: shape[0] of bias must be equal to output "
                    "channel(%ld).", E, Vec(bias->view_shape).c_str(), static_cast<long>(w[0]));
    }
    // ConvXdChecker with groups 1 (the engine's): [N, Cout, spatial]
    const std::vector<int64_t> none;
    const std::vector<int64_t> want = InferShape(in, w, sv, pv, dv, false, none, 1);
    if (int ret = OutputShape(E, self, weight, out, want)) return ret;
    // HardwareLimitChecker
    if (int ret = CubeMathType(c, UpperFloat(self->dtype, weight->dtype), cubeMathType)) return ret;
    // CheckConvDepthwise2dKernelSize
    if (kernelSize == nullptr) {  // beyond CANN (its op_api reads it unchecked)
        return Fail(ACLNN_ERR_PARAM_NULLPTR, "%s: kernelSize is nullptr, but it should be not nullptr.", E);
    }
    if (kernelSize->values.size() < 2) {  // beyond CANN
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the size of kernelSize is %zu, but it should be 2.", E,
                    kernelSize->values.size());
    }
    const std::vector<int64_t>& k = kernelSize->values;
    if (k[0] != w[2]) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: filter, kernelSize %s, [%ld, %ld] are invalid: shape[2] of filter "
                    "must be equal to the shape[0] of kernelSize.", E, Vec(w).c_str(), static_cast<long>(k[0]),
                    static_cast<long>(k[1]));
    }
    if (k[1] != w[3]) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: filter, kernelSize %s, [%ld, %ld] are invalid: shape[3] of filter "
                    "must be equal to the shape[1] of kernelSize.", E, Vec(w).c_str(), static_cast<long>(k[0]),
                    static_cast<long>(k[1]));
    }
    if (int ret = NoFloat8(E, self, "x")) return ret;  // beyond CANN
    return 0;
}


// ---- aclnnConvolutionBackward (conv/convolution_backward/op_api/convolution_backward_checker.cpp
// ConvolutionBackwardChecker::CheckParams, then aclnnConvolutionBackwardGetWorkspaceSize's CheckEmptyTensor);
// c.t = {gradOutput, input, weight, gradInput, gradWeight, gradBias}, an output NULL when absent.

namespace conv_checks {

/// The arrays' values as a vector (a NULL array: none).
inline std::vector<int64_t> Values(const aclIntArray* a) {
    return a == nullptr ? std::vector<int64_t>() : a->values;
}

/// AclarrayToString: "1,2,3".
inline std::string Joined(const std::vector<int64_t>& v) {
    std::string s;
    for (size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
    return s;
}

/// CheckDtypeValid: the 950's ...4ConvBackward list (FLOAT8_E4M3FN too when not transposed), FLOAT, FLOAT16, BF16 on
/// Atlas A2/A3, FLOAT, FLOAT16 elsewhere; OP_CHECK_DTYPE_NOT_SUPPORT names the function's parameter (inputTensor).
inline int BackwardInList(const OpCall& c, const aclTensor* t, bool transposed) {
    std::vector<aclDataType> list = CubeList(c.soc, false);
    if (c.soc == rt::Soc::kAscend950 && !transposed) list.push_back(ACL_FLOAT8_E4M3FN);
    for (aclDataType d : list) {
        if (t->dtype == d) return 0;
    }
    std::string names;
    for (size_t i = 0; i < list.size(); ++i) names += std::string(i ? ", " : "") + DtypeName(list[i]);
    return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor inputTensor not implemented for %s, should be in dtype support list %s.",
                DtypeName(t->dtype), names.c_str());
}

/// CheckFormatValid: 3-D ND or NCL, 4-D NCHW, 5-D NCDHW, another rank refused. aclcpu also takes ND for 4-D and 5-D
/// (beyond CANN, as aclnnConvolution here).
inline int BackwardFormat(const char* E, const aclTensor* t, const char* name) {
    const size_t d = t->view_shape.size();
    const int32_t f = t->format;
    if (d == 3) {
        if (f == ACL_FORMAT_ND || f == ACL_FORMAT_NCL) return 0;
        return FormatFail(E, name, f, "ND or NCL");
    }
    if (d == 4) return LayoutOk(f, ACL_FORMAT_NCHW) ? 0 : FormatFail(E, name, f, "NCHW");
    if (d == 5) return LayoutOk(f, ACL_FORMAT_NCDHW) ? 0 : FormatFail(E, name, f, "NCDHW");
    return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the dims of %s are %zu, but they should be 3 or 4 or 5.", E, name, d);
}

}  // namespace conv_checks

/// ConvolutionBackwardChecker::CheckNotNull's tail (after the tensors' and arrays' OP_CHECK_NULL, which the table
/// makes): outputMask not of 3 values, an output outputMask selects NULL -> 161001 (CheckParams returns
/// ACLNN_ERR_PARAM_NULLPTR for the whole of CheckNotNull).
inline int CheckConvolutionBackwardMask(const OpCall& c, const aclIntArray*, const aclIntArray*, const aclIntArray*,
                                        const aclIntArray*, bool, const aclIntArray*, int32_t,
                                        const aclBoolArray* outputMask, int8_t) {
    const char* E = "aclnnConvolutionBackwardGetWorkspaceSize";
    if (outputMask->values.size() != 3) {
        return Fail(ACLNN_ERR_PARAM_NULLPTR, "%s: the dims of outputMask are %zu, but they should be 3.", E,
                    outputMask->values.size());
    }
    const char* names[3] = {"outputTensor_.gradInput", "outputTensor_.gradWeight", "outputTensor_.gradBias"};
    for (int k = 0; k < 3; ++k) {
        if (outputMask->values[k] != 0 && c.t[3 + k] == nullptr) {
            return Fail(ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument %s.", names[k]);
        }
    }
    return 0;
}

/// ConvolutionBackwardChecker::CheckParams after CheckNotNull, in its order: CheckDtypeValid of gradOutput, input,
/// weight and each given output (with, on the 950, gradInput of input's dtype, gradWeight of weight's, gradBias of
/// gradOutput's); the formats (gradBias ND when not transposed on Ascend 950 and Atlas A2/A3); CheckConvParams (stride,
/// dilation >= 1, padding >= 0; transposed: outputPadding >= 0 and, 3-D, below stride; not transposed: outputPadding
/// 0; groups >= 1); the cubeMathType (0..3, then CheckCubeMathType of the promoted dtype); an empty input or weight on
/// Ascend 950 and Atlas A2/A3 ends the checks here; CheckConvShape (ranks, non-empty gradOutput and weight, gradInput
/// and gradWeight of input's and weight's shapes, gradBias [Cout], the arrays' lengths), CheckConvChannelAndGroup,
/// CheckConvShapePlus (3-D: gradOutput's spatial dims). Then, for an empty input, weight or gradOutput,
/// CheckEmptyTensor's biasSizes and gradInput rules. Beyond CANN: the 8-bit float dtypes (no ATen dtype); a
/// transposed conv2d's outputPadding of 4 values; gradOutput's shape not the one the convolution of input gives
/// (1-D and 2-D; CANN leaves it to the kernel); biasSizes NULL where it is read -> 161002.
inline int CheckConvolutionBackward(const OpCall& c, const aclIntArray* biasSizes, const aclIntArray* strideA,
                                    const aclIntArray* paddingA, const aclIntArray* dilationA, bool transposed,
                                    const aclIntArray* outputPaddingA, int32_t groups, const aclBoolArray* outputMask,
                                    int8_t cubeMathType) {
    using namespace conv_checks;
    const char* E = "aclnnConvolutionBackwardGetWorkspaceSize";
    const aclTensor* gradOutput = c.t[0];
    const aclTensor* input = c.t[1];
    const aclTensor* weight = c.t[2];
    const aclTensor* gradInput = c.t[3];
    const aclTensor* gradWeight = c.t[4];
    const aclTensor* gradBias = c.t[5];
    const bool regbase = c.soc == rt::Soc::kAscend950;
    const bool a2 = CubeFp32(c.soc);
    // 1. dtypes
    for (const aclTensor* t : {gradOutput, input, weight}) {
        if (int r = BackwardInList(c, t, transposed)) return r;
    }
    if (gradInput != nullptr) {
        if (int r = BackwardInList(c, gradInput, transposed)) return r;
        if (regbase && gradInput->dtype != input->dtype) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the dtypes of gradInput, input are %s, %s: the dtypes of [gradInput, "
                        "input] must be the same.", E, DtypeName(gradInput->dtype), DtypeName(input->dtype));
        }
    }
    if (gradWeight != nullptr) {
        if (int r = BackwardInList(c, gradWeight, transposed)) return r;
        if (regbase && weight->dtype != ACL_HIFLOAT8 && weight->dtype != ACL_FLOAT8_E4M3FN &&
            gradWeight->dtype != weight->dtype) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the dtypes of gradWeight, weight are %s, %s: the dtypes of "
                        "[gradWeight, weight] must be the same.", E, DtypeName(gradWeight->dtype), DtypeName(weight->dtype));
        }
    }
    if (gradBias != nullptr) {
        if (int r = BackwardInList(c, gradBias, transposed)) return r;
        if (regbase && gradBias->dtype != gradOutput->dtype) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the dtypes of gradBias, gradOutput are %s, %s: the dtypes of "
                        "[gradBias, gradOutput] must be the same.", E, DtypeName(gradBias->dtype),
                        DtypeName(gradOutput->dtype));
        }
    }
    // beyond CANN: CheckParamsFor8Bit's 8-bit paths have no ATen dtype
    const aclTensor* all[6] = {gradOutput, input, weight, gradInput, gradWeight, gradBias};
    const char* all_names[6] = {"gradOutput", "input", "weight", "gradInput", "gradWeight", "gradBias"};
    for (int k = 0; k < 6; ++k) {
        if (all[k] != nullptr) {
            if (int r = NoFloat8(E, all[k], all_names[k])) return r;
        }
    }
    // 2. formats
    for (int k = 0; k < 5; ++k) {
        if (all[k] != nullptr) {
            if (int r = BackwardFormat(E, all[k], all_names[k])) return r;
        }
    }
    if (!transposed && gradBias != nullptr && a2 && gradBias->format != ACL_FORMAT_ND) {
        return FormatFail(E, "gradBias", gradBias->format, "ND");
    }
    // 3. CheckConvParams
    const std::vector<int64_t> stride = Values(strideA), padding = Values(paddingA), dilation = Values(dilationA),
                               outputPadding = Values(outputPaddingA);
    const size_t rank = input->view_shape.size();
    auto at_least = [&](const std::vector<int64_t>& v, int64_t min) {
        for (int64_t x : v) {
            if (x < min) return false;
        }
        return true;
    };
    if (!at_least(stride, 1)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: stride %s is invalid: the value of stride must be greater than or "
                    "equal to 1.", E, Joined(stride).c_str());
    }
    if (!at_least(padding, 0)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: padding %s is invalid: the value of padding must be greater than or "
                    "equal to 0.", E, Joined(padding).c_str());
    }
    if (!at_least(dilation, 1)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: dilation %s is invalid: the value of dilation must be greater than or "
                    "equal to 1.", E, Joined(dilation).c_str());
    }
    if (transposed) {
        if (!at_least(outputPadding, 0)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: outputPadding %s is invalid: when transposed=true, the value of "
                        "outputPadding must be greater than or equal to 0.", E, Joined(outputPadding).c_str());
        }
        if (rank == 5) {
            for (size_t i = 0; i < outputPadding.size(); ++i) {
                if (i >= stride.size() || outputPadding[i] >= stride[i]) {
                    return Fail(ACLNN_ERR_PARAM_INVALID, "%s: outputPadding %s is invalid: when transposed=true, the value "
                                "of outputPadding must be less than or equal to stride.", E, Joined(outputPadding).c_str());
                }
            }
        }
    } else {
        for (int64_t x : outputPadding) {
            if (x != 0) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "%s: outputPadding %s is invalid: when transposed=false, the value "
                            "of outputPadding must be 0.", E, Joined(outputPadding).c_str());
            }
        }
    }
    if (groups < 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: group %d is invalid: the value of groups must be greater than or equal "
                    "to 1.", E, static_cast<int>(groups));
    }
    // 4. CheckCubeMathTypeConvBackward: 0..3, then the product's cube for the promoted dtype
    if (cubeMathType < 0 || cubeMathType > 3) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "The value of cubeMathType only support {0: KEEP_DTYPE, 1: ALLOW_FP32_DOWN_PRECISION, 2: USE_FP16, "
                    "3: USE_HF32}, but got %d", static_cast<int>(cubeMathType));
    }
    const aclDataType promoted = PromoteTypes(PromoteTypes(gradOutput->dtype, input->dtype), weight->dtype);
    if (int r = CubeMathType(c, promoted, cubeMathType)) return r;
    const bool empty = input->numel == 0 || weight->numel == 0 || gradOutput->numel == 0;
    const bool early = (input->numel == 0 || weight->numel == 0) && a2;
    const std::vector<int64_t>& go = gradOutput->view_shape;
    const std::vector<int64_t>& in = input->view_shape;
    const std::vector<int64_t>& w = weight->view_shape;
    if (!early) {
        // 5. CheckConvShape
        if (go.size() != in.size()) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the dims of gradOutput, input are %zu, %zu: the shape dim of "
                        "[gradOutput, input] must be the same.", E, go.size(), in.size());
        }
        if (in.size() != w.size()) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the dims of input, weight are %zu, %zu: the shape dim of [input, "
                        "weight] must be the same.", E, in.size(), w.size());
        }
        if (gradOutput->numel == 0 || weight->numel == 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the sizes of gradOutput,weight are %ld,%ld: [gradOutput,weight] do "
                        "not support empty tensors.", E, static_cast<long>(gradOutput->numel),
                        static_cast<long>(weight->numel));
        }
        if (gradInput != nullptr && gradInput->view_shape != in) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for inputTensor_.input to have same size as tensor for "
                        "outputTensor_.gradInput, but %s does not equal %s.", ShapeString(in).c_str(),
                        ShapeString(gradInput->view_shape).c_str());
        }
        if (gradWeight != nullptr && gradWeight->view_shape != w) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for inputTensor_.weight to have same size as tensor for "
                        "outputTensor_.gradWeight, but %s does not equal %s.", ShapeString(w).c_str(),
                        ShapeString(gradWeight->view_shape).c_str());
        }
        if (gradBias != nullptr) {
            const std::vector<int64_t>& b = gradBias->view_shape;
            if (b.size() != 1) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the dims of gradBias are %zu, but they should be 1.", E, b.size());
            }
            if (b[0] != go[1]) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "%s: gradBias [%ld] is invalid: The gradBias shape should be equal "
                            "[%ld].", E, static_cast<long>(b[0]), static_cast<long>(go[1]));
            }
        }
        const size_t params = rank - 2;
        if (stride.size() != params) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the dims of stride, input are %zu, %zu: the shape dim of [stride] "
                        "must be 2 less than the shape dim of input.", E, stride.size(), rank);
        }
        if (dilation.size() != params) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the dims of dilation, input are %zu, %zu: the shape dim of "
                        "[dilation] must be 2 less the shape dim of input.", E, dilation.size(), rank);
        }
        const bool four = rank == 4;
        if (!(padding.size() == params || (four && padding.size() == 4))) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the dims of padding, input are %zu,%zu: the length of padding must "
                        "be %zu%s.", E, padding.size(), rank, params, four ? " or 4" : "");
        }
        if (!(outputPadding.size() == params || (four && outputPadding.size() == 4))) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the dims of outputPadding, input are %zu,%zu: the length of "
                        "outputPadding must be %zu%s.", E, outputPadding.size(), rank, params, four ? " or 4" : "");
        }
        // 6. CheckConvChannelAndGroup (channel-first: every layout this reference takes)
        const std::vector<int64_t>& xs = transposed ? go : in;  // the convolution's input
        const std::vector<int64_t>& ys = transposed ? in : go;  // and its output
        if (ys[1] != w[0]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: gradOutShape[1], weight[0] are %ld, %ld: the shape dim of "
                        "[gradOutShape[1], weight[0]] must be the same.", E, static_cast<long>(ys[1]),
                        static_cast<long>(w[0]));
        }
        if (w[1] == 0 || xs[1] % w[1] != 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: inputShape[1], weight[1] are %ld,%ld: the shape dim of "
                        "inputShape[1] must be divisable by the shape dim of weight[1].", E, static_cast<long>(xs[1]),
                        static_cast<long>(w[1]));
        }
        if (xs[1] / w[1] != groups) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: inputShape[1], weight[1] are %ld,%ld: The shape dim of "
                        "inputShape[1] must be equal to (the shape dim of weight[1] times the value of groups).", E,
                        static_cast<long>(xs[1]), static_cast<long>(w[1]));
        }
        if (xs[1] == groups && !regbase) {
            if (ys[1] < groups || ys[1] % groups != 0) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "%s: gradOutShape[1], inputShape[1] are %ld,%ld: the shape dim of "
                            "gradOutShape[1] must be %s the value of groups, when the shape dim of inputShape[1] equals "
                            "the value of groups.", E, static_cast<long>(ys[1]), static_cast<long>(xs[1]),
                            ys[1] < groups ? "greater than or equal to" : "divisible by");
            }
        }
        // 7. CheckConvShapePlus (3-D)
        if (rank == 5) {
            std::vector<int64_t> want{ys[0], ys[1]};
            for (size_t i = 0; i < 3; ++i) {
                const int64_t k = (w[i + 2] - 1) * dilation[i] + 1;
                const int64_t span = xs[i + 2] + padding[i] * 2 - k;
                if (span < 0) {
                    return Fail(ACLNN_ERR_PARAM_INVALID, "%s: input, padding %ld,%ld are invalid: (in_dim + pad_dim * 2) "
                                "should be greater than or equal to ((weight_shape - 1) * dilation + 1), current "
                                "in_dim=%ld, pad_dim=%ld, weight_shape=%ld, dilation=%ld.", E,
                                static_cast<long>(xs[i + 2]), static_cast<long>(padding[i]),
                                static_cast<long>(xs[i + 2]), static_cast<long>(padding[i]),
                                static_cast<long>(w[i + 2]), static_cast<long>(dilation[i]));
                }
                want.push_back(span / stride[i] + 1);
            }
            for (size_t i = 2; i < 5; ++i) {
                if (want[i] != ys[i]) {
                    return Fail(ACLNN_ERR_PARAM_INVALID, "%s: gradOutput %s is invalid: shape of gradOutput should equal "
                                "to %s.", E, ShapeString(ys).c_str(), ShapeString(want).c_str());
                }
            }
        }
    }
    // CheckEmptyTensor (aclnnConvolutionBackwardGetWorkspaceSize, for an empty input, weight or gradOutput)
    const std::vector<uint8_t>& mask = outputMask->values;
    if (empty) {
        if (mask[2] != 0) {
            if (biasSizes == nullptr) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "%s: biasSizes is nullptr, but it should be not nullptr.", E);
            }
            if (biasSizes->values.size() != 1) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the size of biasSizes is %zu, but it should be 1.", E,
                            biasSizes->values.size());
            }
            const int64_t want = transposed ? w[1] * groups : go[1];
            if (biasSizes->values[0] != want) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "%s: biasSizes is %ld, but it should be %ld.", E,
                            static_cast<long>(biasSizes->values[0]), static_cast<long>(want));
            }
        }
        if (mask[0] != 0) {
            if (in.size() <= 2) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "%s: inputShape %zu is invalid: Dim of inputshape must be greater "
                            "than 2.", E, in.size());
            }
            if (!(in[0] == 0 || in[1] == 0)) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "%s: inputShape[0],inputShape[1] %ld,%ld are invalid: inputShape[0] "
                            "or inputShape[1] should be 0.", E, static_cast<long>(in[0]), static_cast<long>(in[1]));
            }
        }
        return 0;
    }
    // beyond CANN: the shapes ATen's convolution_backward needs
    if (transposed && rank == 4 && outputPadding.size() == 4) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: a transposed conv2d's outputPadding of 4 values is not computed by "
                    "aclcpu's reference tier.", E);
    }
    const std::vector<int64_t> want = InferShape(in, w, stride, padding, dilation, transposed, outputPadding, groups);
    if (want != go) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: gradOutput %s is invalid: the convolution of input and weight gives "
                    "%s.", E, ShapeString(go).c_str(), ShapeString(want).c_str());
    }
    return 0;
}

/// Beyond CANN, the table's `views` check for outputs that may all be NULL (engine::CheckElementwiseViews reads its
/// output unconditionally): every given view inside its storage, each given output without self-overlap -> 161002.
inline int CheckConvolutionBackwardViews(const OpCall& c, const aclIntArray*, const aclIntArray*, const aclIntArray*,
                                         const aclIntArray*, bool, const aclIntArray*, int32_t, const aclBoolArray*,
                                         int8_t) {
    const char* names[6] = {"gradOutput", "input", "weight", "gradInput", "gradWeight", "gradBias"};
    for (int i = 0; i < 6; ++i) {
        if (c.t[i] == nullptr) continue;
        if (int ret = CheckStorageBounds(*c.t[i], names[i])) return ret;
    }
    for (int i = 3; i < 6; ++i) {
        if (c.t[i] != nullptr && HasInternalOverlap(*c.t[i])) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "%s view (shape %s, strides %s) maps several elements to one address; its result would not be "
                        "deterministic.",
                        names[i], ShapeString(c.t[i]->view_shape).c_str(), ShapeString(c.t[i]->strides).c_str());
        }
    }
    return 0;
}


// ---- aclnnQuantConvolution / aclnnQuantConvolutionWeightNz (hicann/ops-nn
// conv/convolution_forward/op_host/op_api/aclnn_quant_convolution.cpp: CheckQuantConvParams's checkers NullPtrChecker,
// DtypesChecker, DimsChecker, FormatsChecker, ValuesChecker, TemporaryLimitChecker in that order; IsSocSupportND is
// the Ascend 950 (DAV_3510)). c.t = {input, weight, bias, scale, offset, output}; bias and offset NULL when absent.
namespace conv_checks {

/// SUPPORTED_DTYPES_GROUPS_DEFAULT / _DAV: {input, weight, output, bias}.
inline const std::vector<std::vector<aclDataType>>& QuantConvGroups(rt::Soc soc) {
    static const std::vector<std::vector<aclDataType>> def = {
        {ACL_INT8, ACL_INT8, ACL_BF16, ACL_FLOAT},
        {ACL_INT8, ACL_INT8, ACL_BF16, ACL_BF16},
        {ACL_INT8, ACL_INT8, ACL_FLOAT16, ACL_FLOAT},
        {ACL_INT8, ACL_INT8, ACL_FLOAT16, ACL_FLOAT16}};
    static const std::vector<std::vector<aclDataType>> dav = {
        {ACL_INT8, ACL_INT8, ACL_FLOAT16, ACL_INT32},
        {ACL_INT8, ACL_INT8, ACL_BF16, ACL_FLOAT},
        {ACL_INT8, ACL_INT8, ACL_BF16, ACL_BF16},
        {ACL_INT8, ACL_INT8, ACL_FLOAT16, ACL_FLOAT},
        {ACL_INT8, ACL_INT8, ACL_FLOAT16, ACL_FLOAT16},
        {ACL_HIFLOAT8, ACL_HIFLOAT8, ACL_FLOAT, ACL_FLOAT},
        {ACL_HIFLOAT8, ACL_HIFLOAT8, ACL_FLOAT16, ACL_FLOAT},
        {ACL_HIFLOAT8, ACL_HIFLOAT8, ACL_BF16, ACL_FLOAT},
        {ACL_HIFLOAT8, ACL_HIFLOAT8, ACL_HIFLOAT8, ACL_FLOAT},
        {ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E4M3FN, ACL_FLOAT, ACL_FLOAT},
        {ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E4M3FN, ACL_FLOAT16, ACL_FLOAT},
        {ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E4M3FN, ACL_BF16, ACL_FLOAT},
        {ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E4M3FN, ACL_FLOAT}};
    return soc == rt::Soc::kAscend950 ? dav : def;
}

inline std::string QuantConvGroupsString(rt::Soc soc, bool with_bias) {
    std::string s = "[";
    bool first = true;
    for (const std::vector<aclDataType>& g : QuantConvGroups(soc)) {
        s += first ? "[" : ", [";
        first = false;
        const size_t n = with_bias ? g.size() : g.size() - 1;
        for (size_t i = 0; i < n; ++i) s += std::string(i ? ", " : "") + DtypeName(g[i]);
        s += "]";
    }
    return s + "]";
}

/// The C, D, H, W accessors of an NCHW / NCDHW shape (D = 1 for 4 dims), as the op_api's TensorMeta reads them.
inline std::vector<int64_t> Ncdhw(const std::vector<int64_t>& s) {
    if (s.size() == 4) return {s[0], s[1], 1, s[2], s[3]};
    return s;
}

/// NullPtrChecker (bias outside the 950 first), then beyond CANN dilation and outputPadding (the reference carries
/// every array; CANN reads no outputPadding and does not null-check dilation).
inline int QuantConvNull(const OpCall& c, const char* E, const aclIntArray* stride, const aclIntArray* padding,
                         const aclIntArray* dilation, const aclIntArray* outputPadding) {
    auto null = [&](const char* name) {
        return Fail(ACLNN_ERR_PARAM_NULLPTR, "%s: %s is nullptr, but it should be not nullptr.", E, name);
    };
    if (rt::ActiveSoc() != rt::Soc::kAscend950 && c.t[2] == nullptr) return null("bias");
    if (c.t[0] == nullptr) return null("x");
    if (c.t[1] == nullptr) return null("filter");
    if (c.t[3] == nullptr) return null("scale");
    if (stride == nullptr) return null("strides");
    if (padding == nullptr) return null("pads");
    if (c.t[5] == nullptr) return null("y");
    if (dilation == nullptr) return null("dilations");
    if (outputPadding == nullptr) return null("outputPadding");
    return 0;
}

inline int QuantConvChecks(const OpCall& c, const char* E, bool weight_nz, const aclIntArray* strideA,
                           const aclIntArray* paddingA, const aclIntArray* dilationA, int64_t groups, int32_t offsetx,
                           const char* roundMode) {
    const bool nd = c.soc == rt::Soc::kAscend950;
    const aclTensor* input = c.t[0];
    const aclTensor* weight = c.t[1];
    const aclTensor* bias = c.t[2];
    const aclTensor* scale = c.t[3];
    const aclTensor* output = c.t[5];
    // DtypesChecker: scale by product, then the {input, weight, output[, bias]} combination.
    const aclDataType sd = scale->dtype;
    if (nd ? (sd != ACL_INT64 && sd != ACL_UINT64 && sd != ACL_FLOAT) : sd != ACL_FLOAT) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the dtype of scale is %s, but it should be %s.", E, DtypeName(sd),
                    nd ? "one of {DT_INT64, DT_UINT64, DT_FLOAT}" : "DT_FLOAT");
    }
    {
        std::vector<aclDataType> got = {input->dtype, weight->dtype, output->dtype};
        if (bias != nullptr) got.push_back(bias->dtype);
        bool ok = false;
        for (const std::vector<aclDataType>& g : QuantConvGroups(c.soc)) {
            bool m = true;
            for (size_t i = 0; i < got.size(); ++i) m = m && got[i] == g[i];
            ok = ok || m;
        }
        if (!ok) {
            if (bias != nullptr) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "%s: x, filter, bias, y %s, %s, %s, %s are invalid: The dtypes of these parameters support "
                            "only the following combinations: %s.",
                            E, DtypeName(input->dtype), DtypeName(weight->dtype), DtypeName(bias->dtype),
                            DtypeName(output->dtype), QuantConvGroupsString(c.soc, true).c_str());
            }
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "%s: x, filter, y %s, %s, %s are invalid: The dtypes of these parameters support only the "
                        "following combinations: %s.",
                        E, DtypeName(input->dtype), DtypeName(weight->dtype), DtypeName(output->dtype),
                        QuantConvGroupsString(c.soc, false).c_str());
        }
    }
    // DimsChecker: scale, bias 1-D; x, filter, y 5-D (4 or 5 and alike on the 950); the arrays' lengths.
    if (scale->view_shape.size() != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the dims of scale are %zu, but they should be 1.", E,
                    scale->view_shape.size());
    }
    if (bias != nullptr && bias->view_shape.size() != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the dims of bias are %zu, but they should be 1.", E,
                    bias->view_shape.size());
    }
    const aclTensor* ranked[3] = {input, weight, output};
    const char* rnames[3] = {"x", "filter", "y"};
    for (int k = 0; k < 3; ++k) {
        const size_t d = ranked[k]->view_shape.size();
        if (nd ? (d != 4 && d != 5) : d != 5) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the dims of %s are %zu, but they should be %s.", E, rnames[k], d,
                        nd ? "4 or 5" : "5");
        }
    }
    const size_t rank = input->view_shape.size();
    if (nd && (rank != weight->view_shape.size() || rank != output->view_shape.size())) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "%s: the dims of x, filter, y are %zu, %zu, %zu: the dims of these parameters must be the same.", E,
                    rank, weight->view_shape.size(), output->view_shape.size());
    }
    const std::vector<int64_t>& stride = strideA->values;
    const std::vector<int64_t>& padding = paddingA->values;
    const std::vector<int64_t>& dilation = dilationA->values;
    const size_t sp = rank - 2;
    if (stride.size() != sp) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the size of strides is %zu, but it should be %zu.", E, stride.size(), sp);
    }
    if (dilation.size() != sp) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the size of dilations is %zu, but it should be %zu.", E,
                    dilation.size(), sp);
    }
    const bool pad_ok = (nd || rank == 4) ? (padding.size() == sp || padding.size() == 2 * sp) : padding.size() == sp;
    if (!pad_ok) {
        if (nd || rank == 4) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the size of pads is %zu, but it should be %zu or %zu.", E,
                        padding.size(), sp, 2 * sp);
        }
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the size of pads is %zu, but it should be %zu.", E, padding.size(), sp);
    }
    // FormatsChecker: bias, scale ND; x, filter, y NCHW (4-D, the 950) or NCDHW (ND taken as that, beyond CANN); the
    // WeightNz form's filter FRACTAL_Z_3D.
    if (bias != nullptr && bias->format != ACL_FORMAT_ND) return FormatFail(E, "bias", bias->format, "ND");
    if (scale->format != ACL_FORMAT_ND) return FormatFail(E, "scale", scale->format, "ND");
    if (rank == 4 && nd) {
        if (!LayoutOk(input->format, ACL_FORMAT_NCHW)) return FormatFail(E, "x", input->format, "NCHW");
        if (!LayoutOk(weight->format, ACL_FORMAT_NCHW)) return FormatFail(E, "filter", weight->format, "NCHW");
        if (!LayoutOk(output->format, ACL_FORMAT_NCHW)) return FormatFail(E, "y", output->format, "NCHW");
    } else if (rank == 5) {
        if (!LayoutOk(input->format, ACL_FORMAT_NCDHW)) return FormatFail(E, "x", input->format, "NCDHW");
        if (weight_nz) {
            if (weight->format != ACL_FRACTAL_Z_3D) return FormatFail(E, "filter", weight->format, "FRACTAL_Z_3D");
        } else if (!LayoutOk(weight->format, ACL_FORMAT_NCDHW)) {
            return FormatFail(E, "filter", weight->format, "NCDHW");
        }
        if (!LayoutOk(output->format, ACL_FORMAT_NCDHW)) return FormatFail(E, "y", output->format, "NCDHW");
    }
    // ValuesChecker: x's and filter's N, C, D, H, W positive; (WeightNz) the storage shape; bias, scale of Cout.
    const std::vector<int64_t> x5 = Ncdhw(input->view_shape);
    const std::vector<int64_t> w5 = Ncdhw(weight->view_shape);
    const char* axes = "NCDHW";
    for (int k = 0; k < 5; ++k) {
        if (x5[k] <= 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: x %s is invalid: Shape[%c] of x must be greater than 0.", E,
                        Vec(input->view_shape).c_str(), axes[k]);
        }
    }
    for (int k = 0; k < 5; ++k) {
        if (w5[k] <= 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: filter %s is invalid: Shape[%c] of filter must be greater than 0.",
                        E, Vec(weight->view_shape).c_str(), axes[k]);
        }
    }
    if (weight_nz) {
        const std::vector<int64_t>& ss = weight->storage_shape;
        for (size_t i = 0; i < ss.size(); ++i) {
            if (ss[i] <= 0) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "%s: filter %s is invalid: Storage shape[%zu] of filter must be "
                            "greater than 0.", E, Vec(ss).c_str(), i);
            }
        }
        const int64_t n1 = (w5[0] + 15) / 16;
        const int64_t dc1hw = w5[2] * ((w5[1] + 31) / 32) * w5[3] * w5[4];
        const std::vector<int64_t> want = {dc1hw, n1, 16, 32};
        if (ss != want) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: filter %s is invalid: The storage shape of filter should be %s.", E,
                        Vec(ss).c_str(), Vec(want).c_str());
        }
    }
    if (bias != nullptr && bias->view_shape[0] != w5[0]) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: bias, filter %s, %s are invalid: shape[0] of bias must be equal to "
                    "shape[0] of filter.", E, Vec(bias->view_shape).c_str(), Vec(weight->view_shape).c_str());
    }
    if (scale->view_shape[0] != w5[0]) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: scale, filter %s, %s are invalid: shape[0] of scale must be equal to "
                    "shape[0] of filter.", E, Vec(scale->view_shape).c_str(), Vec(weight->view_shape).c_str());
    }
    if (int ret = Positive(E, "strides", stride)) return ret;
    if (int ret = Positive(E, "dilations", dilation)) return ret;
    for (size_t i = 0; i < padding.size(); ++i) {
        if (padding[i] < 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: pads %s is invalid: shape[%zu] of this parameter should be greater "
                        "than or equal to 0.", E, Vec(padding).c_str(), i);
        }
    }
    if (nd) {
        if (groups <= 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: groups %ld is invalid: the value of this parameter must be greater "
                        "than 0.", E, static_cast<long>(groups));
        }
        if (w5[0] % groups != 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: filter %s is invalid: shape[0] of this parameter should be exactly "
                        "divided by attribute groups(%ld).", E, Vec(weight->view_shape).c_str(), static_cast<long>(groups));
        }
    } else if (groups != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: groups is %ld, but it should be 1.", E, static_cast<long>(groups));
    }
    if (w5[1] * groups != x5[1]) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: x, filter %s, %s are invalid: shape[1] of x must be equal to shape[1] of "
                    "filter multiplied by attribute groups(%ld).", E, Vec(input->view_shape).c_str(),
                    Vec(weight->view_shape).c_str(), static_cast<long>(groups));
    }
    if (nd) {
        const aclDataType od = output->dtype;
        if (od == ACL_INT8 || od == ACL_FLOAT8_E4M3FN || od == ACL_HIFLOAT8) {
            const char* want = od == ACL_HIFLOAT8 ? "round" : "rint";
            if (roundMode == nullptr) {
                return Fail(ACLNN_ERR_PARAM_NULLPTR, "expected engine.params.roundMode != nullptr, get nullptr");
            }
            if (std::string(roundMode) != want) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "%s: round_mode is %s, but it should be '%s'.", E, roundMode, want);
            }
        } else if (roundMode != nullptr) {
            const std::string r(roundMode);
            if (r.size() > 1024) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "%s: round_mode is invalid: The string length %zu of this parameter "
                            "exceeds the maximum value 1024.", E, r.size());
            }
            for (char ch : r) {
                const bool alnum = (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
                if (!alnum && ch != '_') {
                    return Fail(ACLNN_ERR_PARAM_INVALID, "%s: round_mode %s is invalid: The parameter value contains "
                                "invalid character '%c'. Only '0-9', 'a-z', 'A-Z' and '_' is supported.", E,
                                r.c_str(), ch);
                }
            }
        }
        const aclDataType id = input->dtype;
        if ((id == ACL_HIFLOAT8 || id == ACL_FLOAT8_E4M3FN) && offsetx != 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: offset_x %d is invalid: If the dtype of x is HIFLOAT8 or "
                        "FLOAT8_E4M3FN, attribute offset_x should be 0.", E, offsetx);
        }
        if (offsetx > 127 || offsetx < -128) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: offset_x %d is invalid: The current value is not within the valid "
                        "range. The valid range is [-128, 127].", E, offsetx);
        }
    }
    // CheckOutputValue: y positive, of the inferred shape (ConstructPadding: both sides summed).
    if (int ret = Positive(E, "y", output->view_shape)) return ret;
    std::vector<int64_t> want = {input->view_shape[0], weight->view_shape[0]};
    for (size_t i = 0; i < sp; ++i) {
        const int64_t p = padding.size() == sp ? 2 * padding[i] : padding[2 * i] + padding[2 * i + 1];
        want.push_back((input->view_shape[i + 2] + p - dilation[i] * (weight->view_shape[i + 2] - 1) - 1) / stride[i] + 1);
    }
    for (size_t i = 0; i < want.size(); ++i) {
        if (want[i] != output->view_shape[i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "%s: y %s is invalid: shape[%zu] of y must be equal to its inferred value(%ld).", E,
                        Vec(output->view_shape).c_str(), i, static_cast<long>(want[i]));
        }
    }
    // TemporaryLimitChecker: Ascend 950, Atlas A2 / A3 only.
    if (!CubeFp32(c.soc)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: SoC version %s is invalid: it should be one of {Ascend910B, "
                    "Ascend910_93, Ascend950}.", E, rt::SocName(c.soc));
    }
    return 0;
}

}  // namespace conv_checks

inline int CheckQuantConvolutionNull(const OpCall& c, const aclIntArray* stride, const aclIntArray* padding,
                                     const aclIntArray* dilation, bool, const aclIntArray* outputPadding, int64_t,
                                     int32_t, const char*) {
    return conv_checks::QuantConvNull(c, "aclnnQuantConvolutionGetWorkspaceSize", stride, padding, dilation,
                                      outputPadding);
}

inline int CheckQuantConvolution(const OpCall& c, const aclIntArray* stride, const aclIntArray* padding,
                                 const aclIntArray* dilation, bool, const aclIntArray*, int64_t groups, int32_t offsetx,
                                 const char* roundMode) {
    return conv_checks::QuantConvChecks(c, "aclnnQuantConvolutionGetWorkspaceSize", false, stride, padding, dilation,
                                        groups, offsetx, roundMode);
}

// ---- aclnnDeformableConv2d (hicann/ops-nn conv/deformable_conv2d/op_host/op_api/aclnn_deformable_conv2d.cpp
// CheckParams after CheckNotNull); c.t = {x, weight, offset, biasOptional, out, deformOutOptional}, the optional ones
// NULL when absent. The formats are the tensors' (CANN reads the storage formats; aclcpu's tensor has one).

/// CheckDtypeValid, CheckFormat, CheckAttrs, CheckDimension, CheckShape (with CheckExpected) in order.
inline int CheckDeformableConv2d(const OpCall& c, const aclIntArray* kernelSize, const aclIntArray* strideA,
                                 const aclIntArray* paddingA, const aclIntArray* dilationA, int64_t groups,
                                 int64_t deformableGroups, bool modulated) {
    using namespace conv_checks;
    const char* E = "aclnnDeformableConv2dGetWorkspaceSize";
    const aclTensor* x = c.t[0];
    const aclTensor* weight = c.t[1];
    const aclTensor* offset = c.t[2];
    const aclTensor* bias = c.t[3];
    const aclTensor* out = c.t[4];
    const aclTensor* deform = c.t[5];
    // CheckDtypeValid
    const aclDataType xd = x->dtype;
    if (xd != ACL_FLOAT && xd != ACL_FLOAT16 && xd != ACL_BF16) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the dtype of x is %s, but it should be one of {DT_FLOAT, DT_FLOAT16, DT_BF16}.",
                    E, DtypeName(xd));
    }
    if (bias != nullptr && bias->dtype != xd) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: bias, x %s, %s are invalid: the dtypes of these parameters must be the "
                    "same.", E, DtypeName(bias->dtype), DtypeName(xd));
    }
    if (deform != nullptr && deform->dtype != xd) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: deformOut, x %s, %s are invalid: the dtypes of these parameters must "
                    "be the same.", E, DtypeName(deform->dtype), DtypeName(xd));
    }
    if (offset->dtype != xd || weight->dtype != xd || out->dtype != xd) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: offset, filter, y, x %s, %s, %s, %s are invalid: the dtypes of these "
                    "parameters must be the same.", E, DtypeName(offset->dtype), DtypeName(weight->dtype),
                    DtypeName(out->dtype), DtypeName(xd));
    }
    // CheckFormat
    const int32_t xf = x->format;
    if (c.soc == rt::Soc::kAscend950 ? xf != ACL_FORMAT_NCHW : (xf != ACL_FORMAT_NCHW && xf != ACL_FORMAT_ND)) {
        return FormatFail(E, "x", xf, c.soc == rt::Soc::kAscend950 ? "NCHW" : "NCHW or ND");
    }
    auto same_format = [&](const aclTensor* t, const char* name) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: %s, x %s, %s are invalid: the formats of these parameters must be the "
                    "same.", E, name, FormatName(t->format), FormatName(xf));
    };
    if (offset->format != xf) return same_format(offset, "offset");
    if (weight->format != xf) return same_format(weight, "filter");
    if (bias != nullptr && bias->format != ACL_FORMAT_ND) return FormatFail(E, "bias", bias->format, "ND");
    if (out->format != xf) return same_format(out, "y");
    if (deform != nullptr && deform->format != xf) return same_format(deform, "deformOut");
    // CheckAttrs
    const std::vector<int64_t>& ks = kernelSize->values;
    const std::vector<int64_t>& st = strideA->values;
    const std::vector<int64_t>& pd = paddingA->values;
    const std::vector<int64_t>& dl = dilationA->values;
    const struct { const std::vector<int64_t>* v; const char* name; size_t want; } sizes[4] = {
        {&ks, "kernelSize", 2}, {&st, "strides", 4}, {&pd, "pads", 4}, {&dl, "dilations", 4}};
    for (const auto& s : sizes) {
        if (s.v->size() != s.want) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the dims of %s are %zu, but they should be %zu.", E, s.name,
                        s.v->size(), s.want);
        }
    }
    if (!(ks[0] > 0 && ks[1] > 0)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: kernelSize %s is invalid: All dimensions of this parameter must be "
                    "greater than 0.", E, Vec(ks).c_str());
    }
    if (ks[0] * ks[1] > 2048) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: kernelSize %s is invalid: The following constraint must be met: "
                    "shape[0] * shape[1] <= 2048.", E, Vec(ks).c_str());
    }
    if (!(st[0] == 1 && st[1] == 1)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: strides %s is invalid: Shape[0] and shape[1] of this parameter must be "
                    "1.", E, Vec(st).c_str());
    }
    if (!(st[2] > 0 && st[3] > 0)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: strides %s is invalid: Shape[2] and shape[3] of this parameter must be "
                    "greater than 0.", E, Vec(st).c_str());
    }
    if (!(dl[0] == 1 && dl[1] == 1)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: dilations %s is invalid: Shape[0] and shape[1] of this parameter must "
                    "be 1.", E, Vec(dl).c_str());
    }
    if (!(dl[2] > 0 && dl[3] > 0)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: dilations %s is invalid: Shape[2] and shape[3] of this parameter must "
                    "be greater than 0.", E, Vec(dl).c_str());
    }
    if (groups <= 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: groups %ld is invalid: it should be greater than 0.", E,
                    static_cast<long>(groups));
    }
    if (deformableGroups <= 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: deformableGroups %ld is invalid: it should be greater than 0.", E,
                    static_cast<long>(deformableGroups));
    }
    if (!modulated) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: modulated false is invalid: it should be true.", E);
    }
    // CheckDimension
    const struct { const aclTensor* t; const char* name; size_t want; } dims[6] = {
        {x, "x", 4}, {weight, "filter", 4}, {offset, "offset", 4}, {bias, "bias", 1}, {out, "y", 4},
        {deform, "deformOut", 4}};
    for (const auto& d : dims) {
        if (d.t != nullptr && d.t->view_shape.size() != d.want) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the dims of %s are %zu, but they should be %zu.", E, d.name,
                        d.t->view_shape.size(), d.want);
        }
    }
    // CheckShape
    const std::vector<int64_t>& xs = x->view_shape;
    const int64_t n = xs[0], inC = xs[1], inH = xs[2], inW = xs[3];
    const int64_t outC = weight->view_shape[0];
    if (inC % deformableGroups != 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: x %s is invalid: Shape[1] of this parameter must be exactly divided by "
                    "attr deformableGroups(%ld).", E, Vec(xs).c_str(), static_cast<long>(deformableGroups));
    }
    if (inC % groups != 0 || outC % groups != 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: x, filter %s, %s are invalid: shape[1] of x and shape[0] of filter "
                    "must be exactly divisible by attribute groups(%ld).", E, Vec(xs).c_str(),
                    Vec(weight->view_shape).c_str(), static_cast<long>(groups));
    }
    if (inH * inW > 2147483647LL) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: x %s is invalid: The following constraint must be met: Shape[2] * "
                    "Shape[3] <= 2147483647.", E, Vec(xs).c_str());
    }
    const int64_t kH = ks[0], kW = ks[1];
    const int64_t outH = (inH + pd[0] + pd[1] - (kH - 1) * dl[2] - 1) / st[2] + 1;
    const int64_t outW = (inW + pd[2] + pd[3] - (kW - 1) * dl[3] - 1) / st[3] + 1;
    auto expect = [&](const aclTensor* t, const char* name, const std::vector<int64_t>& want) {
        if (t->view_shape == want) return 0;
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: %s %s is invalid: the shape of this parameter must be equal to its "
                    "inferred shape %s.", E, name, Vec(t->view_shape).c_str(), Vec(want).c_str());
    };
    if (int ret = expect(weight, "filter", {outC, inC / groups, kH, kW})) return ret;
    if (int ret = expect(offset, "offset", {n, 3 * deformableGroups * kH * kW, outH, outW})) return ret;
    if (bias != nullptr) {
        if (int ret = expect(bias, "bias", {outC})) return ret;
    }
    if (int ret = expect(out, "y", {n, outC, outH, outW})) return ret;
    if (deform != nullptr) {
        if (int ret = expect(deform, "deformOut", {n, inC, outH * kH, outW * kW})) return ret;
    }
    if (kH * kW * inC / groups > 65535) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: x, kernelSize %s, %s are invalid: x[1] * kernelSize[0] * "
                    "kernelSize[1] / groups(%ld) must less than or equal to 65535.", E, Vec(xs).c_str(),
                    Vec(ks).c_str(), static_cast<long>(groups));
    }
    return 0;
}

/// Beyond CANN, the table's `views` check with an optional second output: every given view inside its storage, out
/// and a given deformOut without self-overlap -> 161002.
inline int CheckDeformableConv2dViews(const OpCall& c, const aclIntArray*, const aclIntArray*, const aclIntArray*,
                                      const aclIntArray*, int64_t, int64_t, bool) {
    const char* names[6] = {"x", "weight", "offset", "biasOptional", "out", "deformOutOptional"};
    for (int i = 0; i < 6; ++i) {
        if (c.t[i] == nullptr) continue;
        if (int ret = CheckStorageBounds(*c.t[i], names[i])) return ret;
    }
    for (int i = 4; i < 6; ++i) {
        if (c.t[i] != nullptr && HasInternalOverlap(*c.t[i])) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "%s view (shape %s, strides %s) maps several elements to one address; its result would not be "
                        "deterministic.",
                        names[i], ShapeString(c.t[i]->view_shape).c_str(), ShapeString(c.t[i]->strides).c_str());
        }
    }
    return 0;
}

// ---- aclnnDeformableConv2dBackward (hicann/ops-nn conv/convolution_backward/op_api/
// deformable_conv2d_backward_checker.cpp CheckParams); c.t = {input, gradOutput, offsetOut, weight, offset,
// gradInput, gradWeight, gradOffset, gradBias}. The messages follow opbase's OP_LOGE_FOR_INVALID_* forms.

namespace conv_checks {
constexpr const char* kDcnBwd = "aclnnDeformableConv2dBackwardGetWorkspaceSize";
}  // namespace conv_checks

/// CheckParams' first test: the Ascend 950 (NpuArch DAV_3510) only; any other product 161002, before the null checks.
/// It runs before the generated first phase fills c.soc, so it asks the runtime.
inline int CheckDeformableConv2dBackwardArch(const OpCall&, const aclIntArray*, const aclIntArray*, const aclIntArray*,
                                             const aclIntArray*, int64_t, int64_t, bool) {
    if (rt::ActiveSoc() == rt::Soc::kAscend950) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "Parameter npuarch of %s has incorrect value of this product. Reason: npuarch must be 3510.",
                conv_checks::kDcnBwd);
}

/// CheckDtypeValid, CheckFormat, CheckAttrs, CheckDimension, CheckShape in order.
inline int CheckDeformableConv2dBackward(const OpCall& c, const aclIntArray* kernelSize, const aclIntArray* strideA,
                                         const aclIntArray* paddingA, const aclIntArray* dilationA, int64_t groups,
                                         int64_t deformableGroups, bool modulated) {
    using namespace conv_checks;
    const char* E = kDcnBwd;
    const aclTensor *input = c.t[0], *gradOutput = c.t[1], *offsetOut = c.t[2], *weight = c.t[3], *offset = c.t[4];
    const aclTensor *gradInput = c.t[5], *gradWeight = c.t[6], *gradOffset = c.t[7], *gradBias = c.t[8];
    // CheckDtypeValid
    const aclDataType xd = input->dtype;
    if (xd != ACL_FLOAT && xd != ACL_FLOAT16 && xd != ACL_BF16) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Tensor input not implemented for %s, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_BF16.",
                    DtypeName(xd));
    }
    const struct { const aclTensor* t; const char* name; } same[7] = {
        {gradInput, "gradInput"}, {gradWeight, "gradWeight"}, {gradOffset, "gradOffset"}, {weight, "weight"},
        {offsetOut, "offsetOut"}, {offset, "offset"},         {gradOutput, "gradOutput"}};
    for (const auto& s : same) {
        if (s.t->dtype != xd) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s expected dtype is %s but found %s.", s.name, DtypeName(xd),
                        DtypeName(s.t->dtype));
        }
    }
    if (gradBias->dtype != gradOutput->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor gradBias expected dtype is %s but found %s.",
                    DtypeName(gradOutput->dtype), DtypeName(gradBias->dtype));
    }
    // CheckFormat
    if (gradOutput->format != ACL_FORMAT_NCHW) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Parameter gradOutput of %s has incorrect format %s. It should be NCHW.",
                    E, FormatName(gradOutput->format));
    }
    if (input->format != ACL_FORMAT_NCHW) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Parameter input of %s has incorrect format %s. It should be NCHW.", E,
                    FormatName(input->format));
    }
    const struct { const aclTensor* t; const aclTensor* ref; const char* names; const char* reason; } formats[6] = {
        {weight, input, "weight, input", "The formats of weight and input must be the same"},
        {offsetOut, input, "offsetOut, input", "The formats of offsetOut and input must be the same"},
        {offset, input, "offset, input", "The formats of offset and input must be the same"},
        {gradInput, input, "gradInput, input", "The formats of gradInput and input must be the same"},
        {gradWeight, weight, "gradWeight, weight", "The formats of gradWeight and weight must be the same"},
        {gradOffset, offsetOut, "gradOffset, offsetOut", "The formats of gradOffset and offsetOut must be the same"}};
    for (const auto& f : formats) {
        if (f.t->format != f.ref->format) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Parameters %s of %s have incorrect formats %s,%s. Reason: %s.",
                        f.names, E, FormatName(f.t->format), FormatName(f.ref->format), f.reason);
        }
    }
    if (gradBias->format != ACL_FORMAT_ND) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Parameter gradBias of %s has incorrect format %s. It should be ND.", E,
                    FormatName(gradBias->format));
    }
    // CheckAttrs
    const std::vector<int64_t>& ks = kernelSize->values;
    const std::vector<int64_t>& st = strideA->values;
    const std::vector<int64_t>& pd = paddingA->values;
    const std::vector<int64_t>& dl = dilationA->values;
    if (ks.size() != 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Parameter kernelSize of %s has incorrect shape size %zu. It should be 2.",
                    E, ks.size());
    }
    const struct { const std::vector<int64_t>* v; const char* name; } attrs[3] = {
        {&st, "stride"}, {&pd, "padding"}, {&dl, "dilation"}};
    for (const auto& a : attrs) {
        if (a.v->size() != 4) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Attribute %s of %s has incorrect size %zu. It should be 4.", a.name, E,
                        a.v->size());
        }
    }
    if (!(ks[0] > 0 && ks[1] > 0)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Parameters kH,kW of %s have incorrect shapes %ld,%ld. Reason: all axis of "
                    "[kH, kW] must be greater than 0.", E, static_cast<long>(ks[0]), static_cast<long>(ks[1]));
    }
    if (ks[0] * ks[1] > 2048) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Parameters kH,kW of %s have incorrect shapes %ld,%ld. Reason: all axis of "
                    "[kH, kW] must be less than 2048.", E, static_cast<long>(ks[0]), static_cast<long>(ks[1]));
    }
    auto all_at_least = [](const std::vector<int64_t>& v, int64_t lo) {
        for (int64_t x : v) {
            if (x < lo) return false;
        }
        return true;
    };
    if (!(st[0] == 1 && st[1] == 1 && all_at_least(st, 1))) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Parameters stride[0],stride[1],stride[2],stride[3] of %s have incorrect "
                    "values %s. Reason: stride[0],stride[1] must be 1, stride[2], stride[3] must be greater than or "
                    "equal to 1.", E, Vec(st).c_str());
    }
    if (!all_at_least(pd, 0)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Parameter padding of %s has incorrect value %s. Reason: the value of "
                    "padding must be greater than or equal to 0.", E, Vec(pd).c_str());
    }
    if (!(dl[0] == 1 && dl[1] == 1 && all_at_least(dl, 1))) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Parameters dilation of %s have incorrect values %s. Reason: "
                    "dilation[0],dilation[1] must be 1, dilation[2],dilation[3] must be greater than or equal to 1.",
                    E, Vec(dl).c_str());
    }
    if (groups <= 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Parameter groups of %s has incorrect value %ld. Reason: the value of "
                    "groups must be greater than 0.", E, static_cast<long>(groups));
    }
    if (deformableGroups <= 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Parameter deformableGroups of %s has incorrect value %ld. Reason: the "
                    "value of deformableGroups must be greater than 0.", E, static_cast<long>(deformableGroups));
    }
    if (!modulated) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Parameter modulated of %s has incorrect value 0. Reason: the value of "
                    "modulated must be true.", E);
    }
    // CheckDimension
    const struct { const aclTensor* t; const char* name; size_t want; } dims[9] = {
        {gradOutput, "gradOutput", 4}, {input, "input", 4},         {weight, "weight", 4},
        {offsetOut, "offsetOut", 4},   {offset, "offset", 4},       {gradInput, "gradInput", 4},
        {gradWeight, "gradWeight", 4}, {gradOffset, "gradOffset", 4}, {gradBias, "gradBias", 1}};
    for (const auto& d : dims) {
        if (d.t->view_shape.size() != d.want) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected %zu dimension input, but got %s with sizes %s.", d.want,
                        d.name, Vec(d.t->view_shape).c_str());
        }
    }
    // CheckShape
    const std::vector<int64_t>& xs = input->view_shape;
    const int64_t n = xs[0], inC = xs[1], inH = xs[2], inW = xs[3];
    const int64_t outC = weight->view_shape[0];
    if (inC % deformableGroups != 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Parameters inC,deformableGroups of %s have incorrect shape %ld,%ld. "
                    "Reason: inC must be exactly divisible by deformableGroups.", E, static_cast<long>(inC),
                    static_cast<long>(deformableGroups));
    }
    if (inC % groups != 0 || outC % groups != 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Parameters inC,outC,groups of %s have incorrect shapes %ld,%ld,%ld. "
                    "Reason: All axis of [inC, outC] must be divisible by groups.", E, static_cast<long>(inC),
                    static_cast<long>(outC), static_cast<long>(groups));
    }
    if (inH * inW > 2147483647LL) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Parameters inH,inW of %s have incorrect shapes %ld,%ld. Reason: inH * inW "
                    "must be not greater than 2147483647.", E, static_cast<long>(inC), static_cast<long>(outC));
    }
    const int64_t kH = ks[0], kW = ks[1];
    const int64_t outH = (inH + pd[0] + pd[1] - (kH - 1) * dl[2] - 1) / st[2] + 1;
    const int64_t outW = (inW + pd[2] + pd[3] - (kW - 1) * dl[3] - 1) / st[3] + 1;
    auto expect = [&](const aclTensor* t, const char* name, const std::vector<int64_t>& want) {
        if (t->view_shape == want) return 0;
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for %s to have same size as %s, but got %s.", name,
                    Vec(want).c_str(), Vec(t->view_shape).c_str());
    };
    if (int ret = expect(weight, "weight", {outC, inC / groups, kH, kW})) return ret;
    if (int ret = expect(offset, "offset", {n, 3 * deformableGroups * kH * kW, outH, outW})) return ret;
    if (int ret = expect(gradOutput, "gradOutput", {n, outC, outH, outW})) return ret;
    if (int ret = expect(offsetOut, "offsetOut", {n, inC, outH * kH, outW * kW})) return ret;
    if (int ret = expect(gradInput, "gradInput", xs)) return ret;
    if (int ret = expect(gradWeight, "gradWeight", weight->view_shape)) return ret;
    if (int ret = expect(gradOffset, "gradOffset", offset->view_shape)) return ret;
    if (int ret = expect(gradBias, "gradBias", {outC})) return ret;
    if (kH * kW * inC / groups > 65535) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Parameters (kH * kW * inC) / params_.groups of %s have incorrect shapes "
                    "%ld. Reason: kH * kW * inC / params_.groups should not greater than 65535.", E,
                    static_cast<long>(kH * kW * inC / groups));
    }
    return 0;
}

}  // namespace aclcpu
