// The custom first-phase checks of the nn_pooling family (ops/families/nn_pooling.yaml `custom` checks the table's
// vocabulary cannot express; docs/ops/nn_pooling.md). Included at the end of src/op/reference_checks.h (through
// the generated op/family_hooks.inc). Each hook is int <hook>(const OpCall& c, <the entry's non-tensor
// parameters>): 0 or 161002 with CANN's message. Facts: hicann/ops-nn pooling/<folder>/op_api/aclnn_*.cpp -
// adaptive_avg_pool2d (aclnn_adaptive_avg_pool2d.cpp CheckParams), adaptive_avg_pool3d
// (aclnn_adaptive_avg_pool3d.cpp CheckParams), avg_pool3_d (aclnn_avgpool2d.cpp and aclnn_avgpool3d.cpp
// CheckParams) and matmul/common cube_util.cpp (GetDtypeSupportListBySocVersion, CheckCubeMathType).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/status.h"
#include "engine/first_phase.h"
#include "op/op_call.h"
#include "op/reference_checks_nn_conv.h"
#include "runtime/runtime.h"
#include "tensor/arguments.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {
namespace pool_checks {

/// SocVersion in [ASCEND910B, ASCEND910E] (Ascend 950, Atlas A2/A3): the lists with BF16.
inline bool Bf16(rt::Soc soc) {
    return soc == rt::Soc::kAscend950 || soc == rt::Soc::kAscend910B || soc == rt::Soc::kAscend910_93;
}

inline std::vector<aclDataType> FloatList(rt::Soc soc) {
    if (Bf16(soc)) return {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    return {ACL_FLOAT, ACL_FLOAT16};
}

/// OP_CHECK_DTYPE_NOT_SUPPORT.
inline int InList(const aclTensor* t, const char* name, const std::vector<aclDataType>& list) {
    for (aclDataType d : list) {
        if (t->dtype == d) return 0;
    }
    return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list %s.", name,
                DtypeName(t->dtype), engine::DtypeListString(list.data(), list.size()).c_str());
}

/// OP_CHECK_DTYPE_NOT_MATCH(out, self's dtype).
inline int DtypeMatch(const aclTensor* t, const char* name, aclDataType expected) {
    if (t->dtype == expected) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s expected dtype is %s but found %s.", name, DtypeName(expected),
                DtypeName(t->dtype));
}

/// OP_CHECK_DTYPE_NOT_SAME(self, out).
inline int DtypeSame(const aclTensor* a, const char* an, const aclTensor* b, const char* bn) {
    if (a->dtype == b->dtype) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected both tensors to have same dtype, but found %s %s and %s %s.", an,
                DtypeName(a->dtype), bn, DtypeName(b->dtype));
}

/// cube_util.cpp GetDtypeSupportListBySocVersion (the cube's list): the 950's FLOAT, FLOAT16, BF16, HIFLOAT8; Atlas
/// A2/A3's FLOAT, FLOAT16, BF16; FLOAT, FLOAT16 elsewhere.
inline std::vector<aclDataType> CubeList(rt::Soc soc) {
    if (soc == rt::Soc::kAscend950) return {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_HIFLOAT8};
    return FloatList(soc);
}

/// cube_util.cpp CheckCubeMathType: the convolution hooks' one rule (src/op/reference_checks_nn_conv.h).
using conv_checks::CubeMathType;

/// PoolingOutShape of aclnn_avgpool2d.cpp / aclnn_avgpool3d.cpp (symmetric padding, ceil mode dropping a window
/// that would start in the right padding).
inline int64_t AvgOutSize(int64_t in, int64_t k, int64_t pad, int64_t stride, bool ceil) {
    if (stride == 0) return -1;
    int64_t out = (in + pad * 2 - k + (ceil ? stride - 1 : 0)) / stride + 1;
    if (ceil && (out - 1) * stride >= in + pad) --out;
    return out;
}

}  // namespace pool_checks

// ---- aclnnAdaptiveAvgPool2d (aclnn_adaptive_avg_pool2d.cpp CheckParams after CheckNotNull); c.t = {self, out}

/// CheckInputOutputShape, CheckDtypeValid, CheckFormat, CheckOutputSize in that order. ND is taken as the layout of
/// the rank (beyond CANN, which accepts only NCHW and NCL).
inline int CheckAdaptiveAvgPool2d(const OpCall& c, const aclIntArray* outputSize) {
    using namespace pool_checks;
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    const std::vector<int64_t>& in = self->view_shape;
    const std::vector<int64_t>& o = out->view_shape;
    if (in.size() != 3 && in.size() != 4) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Self dims %zu should be in 3 or 4.", in.size());
    }
    if (o.size() != in.size()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Out dims %zu should equal to self dims %zu.", o.size(), in.size());
    }
    for (size_t i = 0; i + 2 < o.size(); ++i) {
        if (o[i] != in[i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Out_shape[%zu]: %ld should equal to input_shape[%zu]: %ld", i,
                        static_cast<long>(o[i]), i, static_cast<long>(in[i]));
        }
    }
    if (c.soc == rt::Soc::kAscend950) {
        for (size_t i = o.size() - 2; i < in.size(); ++i) {
            if (in[i] <= 0) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "x'dims is invalid, self No.[%zu] dim is not bigger than 0.",
                            i + 1);
            }
        }
    }
    const std::vector<aclDataType> list = FloatList(c.soc);
    if (int ret = InList(self, "self", list)) return ret;
    if (int ret = InList(out, "out", list)) return ret;
    if (int ret = DtypeMatch(out, "out", self->dtype)) return ret;
    if (self->format != out->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format of input and out should be equal, input [%s], out [%s].",
                    FormatName(self->format), FormatName(out->format));
    }
    if (IsPrivateFormatCode(self->format)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format only don't support private format.");
    }
    if (self->format != ACL_FORMAT_NCHW && self->format != ACL_FORMAT_NCL && self->format != ACL_FORMAT_ND) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format only support NCHW or NCL.");
    }
    const aclTensor* fmt[2] = {self, out};
    const char* names[2] = {"self", "out"};
    for (int k = 0; k < 2; ++k) {
        const int32_t f = fmt[k]->format;
        const size_t d = fmt[k]->view_shape.size();
        if ((f == ACL_FORMAT_NCL && d != 3) || (f == ACL_FORMAT_NCHW && d != 4)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s is %zuD tensor but the format is [%s].", names[k], d,
                        FormatName(f));
        }
    }
    const std::vector<int64_t>& os = outputSize->values;
    if (os.size() != 2) return Fail(ACLNN_ERR_PARAM_INVALID, "OutputSize length should be 2.");
    const size_t offset = o.size() == 3 ? 1 : 2;
    for (size_t i = 0; i < 2; ++i) {
        const bool bad = c.soc == rt::Soc::kAscend950 ? os[i] < 0 : os[i] <= 0;
        if (bad || os[i] != o[i + offset]) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "outputSize value should match the outputShape value and greater than 0.");
        }
    }
    return 0;
}

// ---- aclnnAdaptiveAvgPool3d (aclnn_adaptive_avg_pool3d.cpp CheckParams after CheckNotNull); c.t = {self, out}

/// CheckInputOutputDims, CheckDtypeValid, CheckFormat, CheckOutShape in that order.
inline int CheckAdaptiveAvgPool3d(const OpCall& c, const aclIntArray* outputSize) {
    using namespace pool_checks;
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    const std::vector<int64_t>& in = self->view_shape;
    const std::vector<int64_t>& o = out->view_shape;
    if (in.size() != 4 && in.size() != 5) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Self dims %zu should be in 4 or 5.", in.size());
    }
    if (o.size() != in.size()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Out dims %zu should equal to self dims %zu.", o.size(), in.size());
    }
    for (size_t i = c.soc == rt::Soc::kAscend950 ? 1 : 0; i < in.size(); ++i) {
        if (in[i] <= 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "self'dims is invalid, self No.[%zu] dim is not bigger than [%d].", i,
                        0);
        }
    }
    const size_t offset = o.size() - 3;
    for (size_t i = 0; i < offset; ++i) {
        if (in[i] != o[i]) return Fail(ACLNN_ERR_PARAM_INVALID, "Out dims No.[%zu] must match self dims.", i);
    }
    for (size_t i = offset; i < o.size(); ++i) {
        if (o[i] <= 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Out dims is invalid, out No.[%zu] dim is not bigger than [%d].", i,
                        0);
        }
    }
    const std::vector<aclDataType> list = FloatList(c.soc);
    if (int ret = InList(self, "self", list)) return ret;
    if (int ret = InList(out, "out", list)) return ret;
    if (int ret = DtypeMatch(out, "out", self->dtype)) return ret;
    if (self->format != out->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format of input and out should be equal, input [%s], out [%s].",
                    FormatName(self->format), FormatName(out->format));
    }
    if (c.soc == rt::Soc::kAscend950) {
        if (self->format != ACL_FORMAT_NCDHW && self->format != ACL_FORMAT_NCHW && self->format != ACL_FORMAT_ND) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Format of input is not supported, self [%s].",
                        FormatName(self->format));
        }
    } else if (IsPrivateFormatCode(self->format)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format don't support private format.");
    }
    const std::vector<int64_t>& os = outputSize->values;
    if (os.size() != 3) return Fail(ACLNN_ERR_PARAM_INVALID, "outputSize length should be 3.");
    const size_t lead = o.size() == 4 ? 1 : 2;
    for (size_t i = 0; i < lead; ++i) {
        if (in[i] != o[i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The [%zu] dim of outShape value should match the selfShape's.", i);
        }
    }
    for (size_t i = 0; i < 3; ++i) {
        if (os[i] <= 0 || os[i] != o[i + lead]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "outShape value should match the outputSize value and greater than 0.");
        }
    }
    return 0;
}

// ---- aclnnAvgPool2d (aclnn_avgpool2d.cpp CheckParams after CheckNotNullPtr); c.t = {self, out}

/// CheckDtypeValid (the cube's list; out's dtype self's), CheckFormat (NCHW for 4-D, NCL for 3-D; ND taken as
/// that, beyond CANN), CheckValue (no negative dim; kernel and stride values positive, padding not negative),
/// CheckShape (3-D or 4-D alike; C, H, W non-zero; kernel 1 or more values, padding 1 or 2, stride at most 2; each
/// padding at most half its kernel; the output shape), then CheckCubeMathType of self's dtype. Beyond CANN: the 950's
/// HIFLOAT8 (ATen has none) and a kernelSize longer than 2 (CANN reads the first two) are refused.
inline int CheckAvgPool2d(const OpCall& c, const aclIntArray* kernelSize, const aclIntArray* strides,
                          const aclIntArray* paddings, bool ceilMode, bool /*countIncludePad*/,
                          int64_t /*divisorOverride*/, int8_t cubeMathType) {
    using namespace pool_checks;
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    const std::vector<aclDataType> list = CubeList(c.soc);
    if (int ret = InList(self, "self", list)) return ret;
    if (int ret = InList(out, "out", list)) return ret;
    if (int ret = DtypeSame(self, "self", out, "out")) return ret;
    const int32_t sf = self->format == ACL_FORMAT_ND ? (self->view_shape.size() == 3 ? ACL_FORMAT_NCL : ACL_FORMAT_NCHW)
                                                     : self->format;
    const int32_t of = out->format == ACL_FORMAT_ND ? (out->view_shape.size() == 3 ? ACL_FORMAT_NCL : ACL_FORMAT_NCHW)
                                                    : out->format;
    if (sf != ACL_FORMAT_NCHW && sf != ACL_FORMAT_NCL) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "self format should be NCHW or NCL. Actual: self is [%s].",
                    FormatName(self->format));
    }
    if (of != ACL_FORMAT_NCHW && of != ACL_FORMAT_NCL) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "out format should be NCHW or NCL. Actual: out is [%s].",
                    FormatName(out->format));
    }
    const std::vector<int64_t>& in = self->view_shape;
    const std::vector<int64_t>& o = out->view_shape;
    if (in.size() == 4 && (sf != ACL_FORMAT_NCHW || of != ACL_FORMAT_NCHW)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "self and out should all be NCHW when 4D. Actual: self [%s], out [%s].",
                    FormatName(self->format), FormatName(out->format));
    }
    if (in.size() == 3 && (sf != ACL_FORMAT_NCL || of != ACL_FORMAT_NCL)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "self and out should all be NCL when 3D. Actual: self [%s], out [%s].",
                    FormatName(self->format), FormatName(out->format));
    }
    for (int64_t d : in) {
        if (d < 0) return Fail(ACLNN_ERR_PARAM_INVALID, "Dim value of self is negative.");
    }
    for (int64_t d : o) {
        if (d < 0) return Fail(ACLNN_ERR_PARAM_INVALID, "Dim value of out is negative.");
    }
    const std::vector<int64_t>& k = kernelSize->values;
    const std::vector<int64_t>& s = strides->values;
    const std::vector<int64_t>& p = paddings->values;
    for (int64_t v : k) {
        if (v <= 0) return Fail(ACLNN_ERR_PARAM_INVALID, "Dim value of kernel is less than or equal to 0.");
    }
    for (int64_t v : s) {
        if (v <= 0) return Fail(ACLNN_ERR_PARAM_INVALID, "Dim value of stride is less than or equal to 0.");
    }
    for (int64_t v : p) {
        if (v < 0) return Fail(ACLNN_ERR_PARAM_INVALID, "Dim value of padding is negtive.");
    }
    if (!((in.size() == 3 && o.size() == 3) || (in.size() == 4 && o.size() == 4))) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "self and out must maintain same format, support 3D or 4D.");
    }
    const bool valid_dims = in[1] != 0 && in[2] != 0;
    if (!((in.size() == 3 && in[0] != 0 && valid_dims) || (in.size() == 4 && valid_dims && in[3] != 0))) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor with optional 0 dim batch size for input, but got: %s.",
                    ShapeString(in).c_str());
    }
    if (k.empty()) return Fail(ACLNN_ERR_PARAM_INVALID, "Length of kernel is less than 1.");
    if (p.size() != 1 && p.size() != 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected length of padding is 1 or 2, but got %zu.", p.size());
    }
    if (s.size() > 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected length of stride is 0 or 1 or 2, but got: %zu.", s.size());
    }
    if (k.size() > 2) {  // beyond CANN
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected length of kernel is 1 or 2, but got %zu.", k.size());
    }
    const int64_t kH = k[0], kW = k.size() == 1 ? k[0] : k[1];
    const int64_t pH = p[0], pW = p.size() == 1 ? p[0] : p[1];
    if (kH < 2 * pH) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "value of paddingH should be at most half of kernelH. Actual: paddingH is [%ld],kernelH is [%ld].",
                    static_cast<long>(pH), static_cast<long>(kH));
    }
    if (kW < 2 * pW) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "value of paddingW should be at most half of kernelW. Actual: paddingW is [%ld],kernelW is [%ld].",
                    static_cast<long>(pW), static_cast<long>(kW));
    }
    const bool is3d = in.size() == 3;
    const int64_t n = is3d ? 1 : in[0], ch = is3d ? in[0] : in[1];
    const int64_t h = is3d ? in[1] : in[2], w = is3d ? in[2] : in[3];
    const int64_t sH = s.empty() ? kH : s[0];
    const int64_t sW = s.empty() ? kW : s.size() == 1 ? sH : s[1];
    const int64_t oh = AvgOutSize(h, kH, pH, sH, ceilMode), ow = AvgOutSize(w, kW, pW, sW, ceilMode);
    if (!(oh > 0 && ow > 0)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Given input size %ldx%ldx%ld, calc out size %ldx%ldx%ld",
                    static_cast<long>(ch), static_cast<long>(h), static_cast<long>(w), static_cast<long>(ch),
                    static_cast<long>(oh), static_cast<long>(ow));
    }
    const std::vector<int64_t> want = is3d ? std::vector<int64_t>{ch, oh, ow} : std::vector<int64_t>{n, ch, oh, ow};
    if (o != want) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as %s, but got %s.",
                    ShapeString(want).c_str(), ShapeString(o).c_str());
    }
    if (int ret = CubeMathType(c, self->dtype, cubeMathType)) return ret;
    if (self->dtype == ACL_HIFLOAT8) {  // beyond CANN
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "aclnnAvgPool2d: self of dtype DT_HIFLOAT8 is not computed by aclcpu's reference tier.");
    }
    return 0;
}

// ---- aclnnAvgPool3d (aclnn_avgpool3d.cpp CheckParams after CheckNotNullPtr); c.t = {self, out}

/// CheckDtypeValid (FLOAT, FLOAT16 and, on DAV_2201 and the regbase arch, BF16; out's dtype self's), CheckFormat
/// (self's and out's formats equal, not private), CheckShape (4-D or 5-D alike; kernel 1 or 3 values, padding 1 or
/// 3, stride 0, 1 or 3; each kernel in (0, input], stride positive, padding in [0, kernel / 2]; the output shape).
inline int CheckAvgPool3d(const OpCall& c, const aclIntArray* kernelSize, const aclIntArray* stride,
                          const aclIntArray* padding, bool ceilMode, bool /*countIncludePad*/,
                          int64_t /*divisorOverride*/) {
    using namespace pool_checks;
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    if (int ret = InList(self, "self", FloatList(c.soc))) return ret;
    if (int ret = DtypeSame(self, "self", out, "out")) return ret;
    if (self->format != out->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "self and out format should be same. Actual: self is [%s], out is [%s].",
                    FormatName(self->format), FormatName(out->format));
    }
    if (IsPrivateFormatCode(self->format)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Not support format [%s].", FormatName(self->format));
    }
    const std::vector<int64_t>& in = self->view_shape;
    const std::vector<int64_t>& o = out->view_shape;
    if (!((in.size() == 5 || in.size() == 4) && in.size() == o.size())) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "self and out must maintain same format, support 4D or 5D.");
    }
    const std::vector<int64_t>& k = kernelSize->values;
    const std::vector<int64_t>& s = stride->values;
    const std::vector<int64_t>& p = padding->values;
    if (k.size() != 1 && k.size() != 3) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected length of kernel is 1 or 3, but got %zu.", k.size());
    }
    if (p.size() != 1 && p.size() != 3) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected length of padding is 1 or 3, but got %zu.", p.size());
    }
    if (s.size() != 0 && s.size() != 1 && s.size() != 3) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected length of stride is 0 or 1 or 3, but got: %zu.", s.size());
    }
    const bool is4d = in.size() == 4;
    const int64_t n = is4d ? 1 : in[0], ch = is4d ? in[0] : in[1];
    const int64_t dims[3] = {is4d ? in[1] : in[2], is4d ? in[2] : in[3], is4d ? in[3] : in[4]};
    int64_t kk[3], ss[3], pp[3], oo[3];
    for (int i = 0; i < 3; ++i) {
        kk[i] = k.size() == 1 ? k[0] : k[i];
        ss[i] = s.empty() ? kk[i] : s.size() == 1 ? s[0] : s[i];
        pp[i] = p.size() == 1 ? p[0] : p[i];
    }
    for (int i = 0; i < 3; ++i) {
        if (kk[i] <= 0 || kk[i] > dims[i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "kernel value(%ld) is invaild, must be (0, %ld].",
                        static_cast<long>(kk[i]), static_cast<long>(dims[i]));
        }
        if (ss[i] <= 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "stride value(%ld) is less than or equal to 0.",
                        static_cast<long>(ss[i]));
        }
        if (!(pp[i] >= 0 && pp[i] <= kk[i] / 2)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "padding value(%ld) is invaild, must be [0, kernel/2].",
                        static_cast<long>(pp[i]));
        }
    }
    for (int i = 0; i < 3; ++i) oo[i] = AvgOutSize(dims[i], kk[i], pp[i], ss[i], ceilMode);
    if (!(oo[0] >= 0 && oo[1] >= 0 && oo[2] >= 0)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Given input size [%ld,%ld,%ld,%ld], calc out size [%ld,%ld,%ld,%ld] dim value should be non "
                    "negative",
                    static_cast<long>(ch), static_cast<long>(dims[0]), static_cast<long>(dims[1]),
                    static_cast<long>(dims[2]), static_cast<long>(ch), static_cast<long>(oo[0]),
                    static_cast<long>(oo[1]), static_cast<long>(oo[2]));
    }
    const std::vector<int64_t> want =
        is4d ? std::vector<int64_t>{ch, oo[0], oo[1], oo[2]} : std::vector<int64_t>{n, ch, oo[0], oo[1], oo[2]};
    if (o != want) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as %s, but got %s.",
                    ShapeString(want).c_str(), ShapeString(o).c_str());
    }
    return 0;
}

// ---- aclnnAdaptiveAvgPool2dBackward (aclnn_adaptive_avg_pool2d_backward.cpp CheckParams after CheckNotNull);
// c.t = {gradOutput, self, out}

/// CheckInputDims (gradOutput of self's rank), CheckInputOutputShape (out 3-D or 4-D of self's rank; out's and
/// gradOutput's leading dims self's), CheckDtypeValid (gradOutput, self in the list; gradOutput of self's dtype),
/// CheckFormat (gradOutput's and self's formats equal, not private). Beyond CANN (which does not check out's
/// spatial dims or dtype): out of self's shape, out in the list.
inline int CheckAdaptiveAvgPool2dBackward(const OpCall& c) {
    using namespace pool_checks;
    const aclTensor* grad = c.t[0];
    const aclTensor* self = c.t[1];
    const aclTensor* out = c.t[2];
    const std::vector<int64_t>& g = grad->view_shape;
    const std::vector<int64_t>& in = self->view_shape;
    const std::vector<int64_t>& o = out->view_shape;
    if (g.size() != in.size()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "DimNum of inputs should be equal, gradOutput [%zu], self [%zu]", g.size(),
                    in.size());
    }
    if (o.size() != 3 && o.size() != 4) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "out dims %zu should be in 3 or 4.", o.size());
    }
    if (o.size() != in.size()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "DimNum of inputs should be equal, out [%zu], self [%zu]", o.size(),
                    in.size());
    }
    for (size_t i = 0; i + 2 < o.size(); ++i) {
        if (o[i] != in[i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Out_shape[%zu]: %ld should equal to input_shape[%zu]: %ld", i,
                        static_cast<long>(o[i]), i, static_cast<long>(in[i]));
        }
        if (g[i] != in[i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "gradOut_Shape[%zu]: %ld should equal to input_shape[%zu]: %ld", i,
                        static_cast<long>(g[i]), i, static_cast<long>(in[i]));
        }
    }
    const std::vector<aclDataType> list = FloatList(c.soc);
    if (int ret = InList(grad, "gradOutput", list)) return ret;
    if (int ret = InList(self, "self", list)) return ret;
    if (int ret = DtypeMatch(grad, "gradOutput", self->dtype)) return ret;
    if (grad->format != self->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format of inputs should be equal, gradOutput [%s], self [%s]",
                    FormatName(grad->format), FormatName(self->format));
    }
    if (IsPrivateFormatCode(grad->format)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format don't support private format.");
    }
    if (o != in) {  // beyond CANN
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as %s, but got %s.",
                    ShapeString(in).c_str(), ShapeString(o).c_str());
    }
    return InList(out, "out", list);  // beyond CANN
}

// ---- aclnnAdaptiveAvgPool3dBackward (aclnn_adaptive_avg_pool3d_backward.cpp CheckParams after CheckNotNull);
// c.t = {gradOutput, self, out}

/// GetDtypeSupportList: Atlas A2/A3 and the regbase arch (Ascend 950) FLOAT, FLOAT16, BF16 - with DOUBLE when
/// gradOutput's D, H, W are all 1 (the fill-and-multiply route); elsewhere FLOAT, DOUBLE, FLOAT16.
inline std::vector<aclDataType> AdaptiveAvgPool3dGradList(rt::Soc soc, bool all_one) {
    if (pool_checks::Bf16(soc)) {
        if (all_one) return {ACL_FLOAT, ACL_DOUBLE, ACL_FLOAT16, ACL_BF16};
        return {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    }
    return {ACL_FLOAT, ACL_DOUBLE, ACL_FLOAT16};
}

/// CheckInputOutDims (self 4-D or 5-D; gradOutput and out of its rank; self's dims positive - the 950: but the
/// batch - and out's equal to them; gradOutput's leading dims self's, its spatial dims positive), CheckDtypeValid
/// (gradOutput, self in the list; gradOutput, self, out of one dtype), CheckFormat (equal formats, not private),
/// CheckParamsLogic (Ascend910: gradOutput's D, H, W all 1).
inline int CheckAdaptiveAvgPool3dBackward(const OpCall& c) {
    using namespace pool_checks;
    const aclTensor* grad = c.t[0];
    const aclTensor* self = c.t[1];
    const aclTensor* out = c.t[2];
    const std::vector<int64_t>& g = grad->view_shape;
    const std::vector<int64_t>& in = self->view_shape;
    const std::vector<int64_t>& o = out->view_shape;
    if (in.size() != 4 && in.size() != 5) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "non-empty 4D or 5D tensor expected for inputs.");
    }
    if (g.size() != in.size() || o.size() != in.size()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "inputs and out must have same DimNum.");
    }
    for (size_t i = c.soc == rt::Soc::kAscend950 ? 1 : 0; i < in.size(); ++i) {
        if (in[i] <= 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "self'dims is invalid, self No.[%zu] dim is not bigger than [%d].", i,
                        0);
        }
        if (in[i] != o[i]) return Fail(ACLNN_ERR_PARAM_INVALID, "out dims No.[%zu] must match self dims.", i);
    }
    const size_t offset = g.size() - 3;
    for (size_t i = 0; i < offset; ++i) {
        if (in[i] != g[i]) return Fail(ACLNN_ERR_PARAM_INVALID, "gradOutput dims No.[%zu] must match self dims.", i);
    }
    for (size_t i = offset; i < g.size(); ++i) {
        if (g[i] <= 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "gradOutput dims is invalid, self No.[%zu] dim is not bigger than [%d].", i, 0);
        }
    }
    const bool all_one = g[g.size() - 3] == 1 && g[g.size() - 2] == 1 && g[g.size() - 1] == 1;
    const std::vector<aclDataType> list = AdaptiveAvgPool3dGradList(c.soc, all_one);
    if (int ret = InList(grad, "gradOutput", list)) return ret;
    if (int ret = InList(self, "self", list)) return ret;
    if (int ret = DtypeSame(grad, "gradOutput", self, "self")) return ret;
    if (int ret = DtypeSame(self, "self", out, "out")) return ret;
    if (grad->format != self->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format of inputs should be equal, gradOutput [%s], self [%s]",
                    FormatName(grad->format), FormatName(self->format));
    }
    if (out->format != self->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format of self and out should be equal, out [%s], self [%s]",
                    FormatName(out->format), FormatName(self->format));
    }
    if (IsPrivateFormatCode(grad->format)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format only support NCDHW\u3001ND.");
    }
    if (c.soc == rt::Soc::kAscend910 && !all_one) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "adaptive_avg_pool3d_backward only support D=1 && H=1 && W=1 on 910A!");
    }
    if (o != in) {  // beyond CANN (the 950 does not compare the batch)
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as %s, but got %s.",
                    ShapeString(in).c_str(), ShapeString(o).c_str());
    }
    return 0;
}

// ---- aclnnAvgPool2dBackward (aclnn_avgpool2d_backward.cpp CheckParams after CheckNotNull); c.t = {gradOutput,
// self, gradInput}

/// The pooled extent of one dim (PoolingOutShape), as AvgOutSize; kernel / stride / padding arrays of 1 or 2 values
/// (stride empty: the kernel).
inline std::vector<int64_t> AvgPooled2d(const std::vector<int64_t>& in, const std::vector<int64_t>& k,
                                        const std::vector<int64_t>& s, const std::vector<int64_t>& p, bool ceil) {
    const bool is3d = in.size() == 3;
    const int64_t kH = k[0], kW = k.size() == 1 ? k[0] : k[1];
    const int64_t sH = s.empty() ? kH : s[0], sW = s.empty() ? kW : s.size() == 1 ? sH : s[1];
    const int64_t pH = p[0], pW = p.size() == 1 ? p[0] : p[1];
    const int64_t h = is3d ? in[1] : in[2], w = is3d ? in[2] : in[3];
    const int64_t oh = pool_checks::AvgOutSize(h, kH, pH, sH, ceil), ow = pool_checks::AvgOutSize(w, kW, pW, sW, ceil);
    if (is3d) return {in[0], oh, ow};
    return {in[0], in[1], oh, ow};
}

/// CheckDtypeVaild (gradOutput, self, gradInput in the list - BF16 on Ascend 950 and Atlas A2/A3; gradOutput's dtype
/// gradInput's), CheckFormatVaild (NCHW or NCL each, NCHW for 4-D; ND accepted, beyond CANN), CheckDimsVaild
/// (gradOutput and gradInput both 3-D or 4-D; kernelSize 1 or 2 positive values; stride at most 2 positive values;
/// padding at most 2), CheckPaddingValidAvgPool2D, CheckCubeMathTypeValid (0..3), CheckOutputShape (gradInput of
/// self's shape). Beyond CANN: stride NULL (CANN: the kernel) -> 161001; gradOutput not of the pooled shape of self
/// (CANN does not check it) -> 161002.
inline int CheckAvgPool2dBackward(const OpCall& c, const aclIntArray* kernelSize, const aclIntArray* stride,
                                  const aclIntArray* padding, bool ceilMode, bool /*countIncludePad*/,
                                  int64_t /*divisorOverride*/, int8_t cubeMathType) {
    using namespace pool_checks;
    const aclTensor* grad = c.t[0];
    const aclTensor* self = c.t[1];
    const aclTensor* gi = c.t[2];
    const std::vector<aclDataType> list = FloatList(c.soc);
    if (int ret = InList(grad, "gradOutput", list)) return ret;
    if (int ret = InList(self, "self", list)) return ret;
    if (int ret = InList(gi, "gradInput", list)) return ret;
    if (grad->dtype != gi->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Dtype of gradOutput and gradInput should be equal, gradOutput [%s], gradInput [%s].",
                    DtypeName(grad->dtype), DtypeName(gi->dtype));
    }
    const aclTensor* fmt[3] = {grad, self, gi};
    const char* names[3] = {"gradOutput", "self", "gradInput"};
    for (int k = 0; k < 3; ++k) {
        const int32_t f = fmt[k]->format;
        if (f != ACL_FORMAT_NCHW && f != ACL_FORMAT_NCL && f != ACL_FORMAT_ND) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s format should be NCHW or NCL. Actual: %s is [%s].", names[k],
                        names[k], FormatName(f));
        }
    }
    const std::vector<int64_t>& g = grad->view_shape;
    const std::vector<int64_t>& o = gi->view_shape;
    if (g.size() == 4 && ((grad->format != ACL_FORMAT_NCHW && grad->format != ACL_FORMAT_ND) ||
                          (gi->format != ACL_FORMAT_NCHW && gi->format != ACL_FORMAT_ND))) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "gradOutput and gradInput should all be NCHW when 4D. Actual: gradOutput [%s], gradInput [%s].",
                    FormatName(grad->format), FormatName(gi->format));
    }
    if (!((g.size() == 3 && o.size() == 3) || (g.size() == 4 && o.size() == 4))) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "gradOutput and gradInput must be 3D or 4D at the same time.");
    }
    const std::vector<int64_t>& k = kernelSize->values;
    if (k.size() > 2 || k.empty()) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Dims of kernelSize should be 1 or 2, Actual: Dims of kernelSize is [%zu].", k.size());
    }
    for (int64_t v : k) {
        if (v <= 0) return Fail(ACLNN_ERR_PARAM_INVALID, "Dim value of kernelSize is negative or zero.");
    }
    if (stride != nullptr) {
        if (stride->values.size() > 2) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Dims of stride should <= 2, Actual: Dims of stride is [%zu].",
                        stride->values.size());
        }
        for (int64_t v : stride->values) {
            if (v <= 0) return Fail(ACLNN_ERR_PARAM_INVALID, "Dim value of stride is negative or zero.");
        }
    }
    const std::vector<int64_t>& p = padding->values;
    if (p.size() > 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Dims of padding should <= 2, Actual: Dims of padding is [%zu].",
                    p.size());
    }
    if (p.empty()) return Fail(ACLNN_ERR_PARAM_INVALID, "padding is empty");
    const int64_t kH = k[0], kW = k.size() == 1 ? k[0] : k[1];
    const int64_t pH = p[0], pW = p.size() == 1 ? p[0] : p[1];
    if (kH < 2 * pH) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "value of paddingH should be at most half of kernelH. Actual: paddingH is [%ld],kernelH is [%ld].",
                    static_cast<long>(pH), static_cast<long>(kH));
    }
    if (kW < 2 * pW) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "value of paddingW should be at most half of kernelW. Actual: paddingW is [%ld],kernelW is [%ld].",
                    static_cast<long>(pW), static_cast<long>(kW));
    }
    if (cubeMathType < 0 || cubeMathType > 3) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "value of cubeMathType cann't be is not in [KEEP_DTYPE, ALLOW_FP32_DOWN_PRECISION, USE_FP16, "
                    "USE_HF32].");
    }
    if (self->view_shape != o) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "out tensor's shape[%s] is not equel with inferOut shape[%s]",
                    ShapeString(self->view_shape).c_str(), ShapeString(o).c_str());
    }
    if (stride == nullptr) {  // beyond CANN
        return Fail(ACLNN_ERR_PARAM_NULLPTR,
                    "aclnnAvgPool2dBackward: stride is nullptr; aclcpu's reference tier needs an aclIntArray there "
                    "(an empty one means the kernel).");
    }
    for (int64_t v : p) {  // beyond CANN (ATen refuses a negative padding)
        if (v < 0) return Fail(ACLNN_ERR_PARAM_INVALID, "Dim value of padding is negative.");
    }
    const std::vector<int64_t> want = AvgPooled2d(self->view_shape, k, stride->values, p, ceilMode);
    if (self->numel != 0 && g != want) {  // beyond CANN
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for gradOutput to have same size as %s, but got %s.",
                    ShapeString(want).c_str(), ShapeString(g).c_str());
    }
    return 0;
}

// ---- aclnnAvgPool3dBackward (aclnn_avgpool3d_backward.cpp); c.t = {gradOutput, self, output}

/// CheckParams after CheckNotNull: CheckDtypeValid (gradOutput, self in FLOAT, FLOAT16, BF16 on Ascend 950 and Atlas
/// A2/A3 - an empty list elsewhere, every call refused -, output likewise), CheckDimVlid (gradOutput 4-D or 5-D,
/// self and output of its rank, output of self's shape; kernelSize 1 or 3 values, padding 1 or 3, stride 0, 1 or
/// 3), CheckFormat (gradOutput's and output's formats equal, not private).
inline int CheckAvgPool3dBackwardParams(const OpCall& c, const aclIntArray* kernelSize, const aclIntArray* stride,
                                        const aclIntArray* padding, bool, bool, int64_t) {
    using namespace pool_checks;
    const aclTensor* grad = c.t[0];
    const aclTensor* self = c.t[1];
    const aclTensor* out = c.t[2];
    const std::vector<aclDataType> list = Bf16(c.soc) ? FloatList(c.soc) : std::vector<aclDataType>{};
    if (int ret = InList(grad, "gradOutput", list)) return ret;
    if (int ret = InList(self, "self", list)) return ret;
    if (int ret = InList(out, "output", list)) return ret;
    const std::vector<int64_t>& g = grad->view_shape;
    const std::vector<int64_t>& in = self->view_shape;
    const std::vector<int64_t>& o = out->view_shape;
    if (g.size() != 4 && g.size() != 5) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "grad dim [%zu] should be 4 or 5", g.size());
    }
    if (in.size() != g.size() || in.size() != o.size()) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "self dim num [%zu] should be equal to grad dim num [%zu] and out dim num [%zu]", in.size(),
                    g.size(), o.size());
    }
    for (size_t i = 0; i < in.size(); ++i) {
        if (in[i] != o[i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "self dim [%zu] is [%ld] should be equal to out dim [%ld]", i,
                        static_cast<long>(in[i]), static_cast<long>(o[i]));
        }
    }
    const size_t ks = kernelSize->values.size(), ss = stride->values.size(), ps = padding->values.size();
    if (ks != 1 && ks != 3) return Fail(ACLNN_ERR_PARAM_INVALID, "kernel size [%zu] must be 1 or 3", ks);
    if (ps != 1 && ps != 3) return Fail(ACLNN_ERR_PARAM_INVALID, "padding size [%zu] must be 1 or 3", ps);
    if (ss != 0 && ss != 1 && ss != 3) return Fail(ACLNN_ERR_PARAM_INVALID, "stride size [%zu] must be 0 or 1 or 3", ss);
    if (grad->format != out->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format of input and out should be equal, input [%s], out [%s].",
                    FormatName(grad->format), FormatName(out->format));
    }
    if (IsPrivateFormatCode(grad->format)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format only don't support private format.");
    }
    return 0;
}

/// After the empty-gradOutput return: CheckArrayDataAvgPoolBackWard over the arrays filled to three values (kernel
/// and stride positive, padding in [0, kernel / 2]), then CheckOutputShape (gradOutput of the pooled shape of self).
inline int CheckAvgPool3dBackwardShape(const OpCall& c, const aclIntArray* kernelSize, const aclIntArray* stride,
                                       const aclIntArray* padding, bool ceilMode, bool, int64_t) {
    using namespace pool_checks;
    const aclTensor* grad = c.t[0];
    const aclTensor* self = c.t[1];
    const std::vector<int64_t>& k = kernelSize->values;
    const std::vector<int64_t>& s = stride->values;
    const std::vector<int64_t>& p = padding->values;
    int64_t kk[3], st[3], pp[3];
    for (int i = 0; i < 3; ++i) {
        kk[i] = k.size() == 1 ? k[0] : k[i];
        st[i] = s.empty() ? kk[i] : s.size() == 1 ? s[0] : s[i];
        pp[i] = p.size() == 1 ? p[0] : p[i];
    }
    for (int i = 0; i < 3; ++i) {
        if (kk[i] <= 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "kernelSize [%d] data [%ld] is less than or equal to 0.", i,
                        static_cast<long>(kk[i]));
        }
    }
    for (int i = 0; i < 3; ++i) {
        if (st[i] <= 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "stride [%d] data [%ld] is less than or equal to 0.", i,
                        static_cast<long>(st[i]));
        }
    }
    for (int i = 0; i < 3; ++i) {
        if (kk[i] / 2 < pp[i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "padding [%d] data [%ld] should less than kernelSize / 2 [%ld].", i,
                        static_cast<long>(pp[i]), static_cast<long>(kk[i] / 2));
        }
        if (pp[i] < 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "padding [%d] data [%ld] is less than 0.", i, static_cast<long>(pp[i]));
        }
    }
    const std::vector<int64_t>& in = self->view_shape;
    const bool is4d = in.size() == 4;
    const int64_t n = is4d ? 1 : in[0], ch = is4d ? in[0] : in[1];
    const int64_t dims[3] = {is4d ? in[1] : in[2], is4d ? in[2] : in[3], is4d ? in[3] : in[4]};
    int64_t oo[3];
    for (int i = 0; i < 3; ++i) {
        // CANN's CheckOutputShape reads the arrays as given (kernel of 1 value: every dim; stride likewise)
        oo[i] = AvgOutSize(dims[i], kk[i], pp[i], st[i], ceilMode);
    }
    if (!(oo[0] >= 0 && oo[1] >= 0 && oo[2] >= 0)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Given input size [%ld,%ld,%ld,%ld], calc gradOutput size [%ld,%ld,%ld,%ld] dim value should be "
                    "non negative",
                    static_cast<long>(ch), static_cast<long>(dims[0]), static_cast<long>(dims[1]),
                    static_cast<long>(dims[2]), static_cast<long>(ch), static_cast<long>(oo[0]),
                    static_cast<long>(oo[1]), static_cast<long>(oo[2]));
    }
    const std::vector<int64_t> want =
        is4d ? std::vector<int64_t>{ch, oo[0], oo[1], oo[2]} : std::vector<int64_t>{n, ch, oo[0], oo[1], oo[2]};
    if (grad->view_shape != want) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for gradOutput to have same size as %s, but got %s.",
                    ShapeString(want).c_str(), ShapeString(grad->view_shape).c_str());
    }
    return 0;
}

// ---- aclnnAdaptiveMaxPool2d (aclnn_adaptive_max_pool2d.cpp CheckParams after CheckNotNull); c.t = {self,
// outputOut, indicesOut}

/// CheckDtypeValid (self, outputOut in FLOAT, DOUBLE, FLOAT16 - and BF16 on DAV_2201 and the regbase arch, Ascend
/// 950 and Atlas A2/A3 -; outputOut of self's dtype; indicesOut INT64), CheckShape (self 3-D or 4-D; outputOut and
/// indicesOut of one shape), CheckInpuNullTensor (self's dims after the first positive), CheckOutputSize (two
/// positive values). Beyond CANN (which does not check it): outputOut of self's leading dims and outputSize.
inline int CheckAdaptiveMaxPool2d(const OpCall& c, const aclIntArray* outputSize) {
    using namespace pool_checks;
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    const aclTensor* idx = c.t[2];
    const std::vector<aclDataType> list = Bf16(c.soc)
                                              ? std::vector<aclDataType>{ACL_FLOAT, ACL_DOUBLE, ACL_FLOAT16, ACL_BF16}
                                              : std::vector<aclDataType>{ACL_FLOAT, ACL_DOUBLE, ACL_FLOAT16};
    if (int ret = InList(self, "self", list)) return ret;
    if (int ret = InList(out, "outputOut", list)) return ret;
    if (int ret = DtypeMatch(out, "outputOut", self->dtype)) return ret;
    if (int ret = DtypeMatch(idx, "indicesOut", ACL_INT64)) return ret;
    const std::vector<int64_t>& in = self->view_shape;
    if (in.size() != 3 && in.size() != 4) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Self dims %zu should be in 3 or 4.", in.size());
    }
    if (out->view_shape != idx->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for indicesOut to have same size as tensor for outputOut, but %s does not equal "
                    "%s.",
                    ShapeString(idx->view_shape).c_str(), ShapeString(out->view_shape).c_str());
    }
    for (size_t i = 1; i < in.size(); ++i) {
        if (in[i] <= 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "adaptive_max_pooling2d():expected input to have non-empty spatiak dimensions, but input has "
                        "sizes %zu with dimension %zu being empty.",
                        in.size(), i);
        }
    }
    const std::vector<int64_t>& os = outputSize->values;
    if (os.size() != 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "outputSize length should be 2, but now is %zu.", os.size());
    }
    for (size_t i = 0; i < 2; ++i) {
        if (os[i] <= 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "outputSize value should greater than 0, but the sizes of %zu is %ld.",
                        i, static_cast<long>(os[i]));
        }
    }
    std::vector<int64_t> want(in.begin(), in.end() - 2);
    want.push_back(os[0]);
    want.push_back(os[1]);
    if (out->view_shape != want) {  // beyond CANN
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for outputOut to have same size as %s, but got %s.",
                    ShapeString(want).c_str(), ShapeString(out->view_shape).c_str());
    }
    return 0;
}

// ---- aclnnAdaptiveMaxPool2dBackward (aclnn_adaptive_max_pool2d_backward.cpp: AdaptiveMaxPoolCommon::CheckParams
// after its null checks, then CheckFormat and CheckSelfShapeSupport); c.t = {gradOutput, self, indices, gradInput}

/// CheckDtypeValid (self of gradOutput's and gradInput's dtype; self in BF16, FLOAT16, FLOAT on Ascend 950 and Atlas
/// A2/A3 - an empty list elsewhere, every call refused -; indices INT32 or INT64), CheckShapeSame (one rank; gradOutput
/// of indices' shape, gradInput of self's), CheckFormat (one format, not private; each 3-D or 4-D),
/// CheckSelfShapeSupport (H * W at most 2^31 - 1 outside the 950). Beyond CANN: gradOutput's leading dims not self's
/// -> 161002. An index outside the input plane fails the second phase (561000, the formula's check).
inline int CheckAdaptiveMaxPool2dBackward(const OpCall& c) {
    using namespace pool_checks;
    const aclTensor* grad = c.t[0];
    const aclTensor* self = c.t[1];
    const aclTensor* idx = c.t[2];
    const aclTensor* gi = c.t[3];
    if (int ret = DtypeSame(self, "self", grad, "gradOutput")) return ret;
    if (int ret = DtypeSame(self, "self", gi, "gradInput")) return ret;
    const std::vector<aclDataType> list =
        Bf16(c.soc) ? std::vector<aclDataType>{ACL_BF16, ACL_FLOAT16, ACL_FLOAT} : std::vector<aclDataType>{};
    if (int ret = InList(self, "self", list)) return ret;
    if (int ret = InList(idx, "indices", {ACL_INT32, ACL_INT64})) return ret;
    const std::vector<int64_t>& g = grad->view_shape;
    const std::vector<int64_t>& in = self->view_shape;
    const std::vector<int64_t>& ix = idx->view_shape;
    const std::vector<int64_t>& o = gi->view_shape;
    if (in.size() != o.size() || in.size() != g.size() || in.size() != ix.size()) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Dims of self and gradOutput and gradInput and indices should be same, self[%zu], gradOutput[%zu], "
                    "gradInput[%zu], indices[%zu].",
                    in.size(), g.size(), o.size(), ix.size());
    }
    for (size_t i = 0; i < in.size(); ++i) {
        if (g[i] != ix[i]) return Fail(ACLNN_ERR_PARAM_INVALID, "gradOutput dims No.[%zu] must match indices dims.", i);
        if (in[i] != o[i]) return Fail(ACLNN_ERR_PARAM_INVALID, "self dims No.[%zu] must match gradInput dims.", i);
    }
    if (self->format != grad->format || self->format != gi->format || self->format != idx->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Format of self and gradOutput and gradInput and indices should be same, self[%s], gradOutput[%s], "
                    "gradInput[%s], indices[%s].",
                    FormatName(self->format), FormatName(grad->format), FormatName(gi->format),
                    FormatName(idx->format));
    }
    if (IsPrivateFormatCode(self->format)) return Fail(ACLNN_ERR_PARAM_INVALID, "Format only support NCHW or NCL");
    const aclTensor* ranked[4] = {self, gi, grad, idx};
    const char* names[4] = {"self", "gradInput", "gradOutput", "indices"};
    for (int k = 0; k < 4; ++k) {
        const size_t d = ranked[k]->view_shape.size();
        if (d != 3 && d != 4) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "3D or 4D tensor expected for %s but got dim num:%zu", names[k], d);
        }
    }
    const int64_t plane = in[in.size() - 1] * in[in.size() - 2];
    if (c.soc != rt::Soc::kAscend950 && plane > 2147483647LL) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "The size of self should be less than or equal to 2^31 - 1, but got selfSize:%ld",
                    static_cast<long>(plane));
    }
    for (size_t i = 0; i + 2 < in.size(); ++i) {  // beyond CANN
        if (g[i] != in[i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "gradOutput dims No.[%zu] must match self dims.", i);
        }
    }
    return 0;
}

// ---- aclnnMaxPool (pooling/max_pool_v3 aclnn_max_pool.cpp CheckParams after CheckNotNullPtr); c.t = {self, out}

/// The dtype list: DAV_2201 (Atlas A2/A3) FLOAT16, FLOAT; the regbase arch (Ascend 950) FLOAT16, FLOAT, BF16, INT32,
/// INT64, UINT8, INT16, INT8, UINT16; elsewhere FLOAT16.
inline std::vector<aclDataType> MaxPoolList(rt::Soc soc) {
    if (soc == rt::Soc::kAscend950) {
        return {ACL_FLOAT16, ACL_FLOAT, ACL_BF16, ACL_INT32, ACL_INT64, ACL_UINT8, ACL_INT16, ACL_INT8, ACL_UINT16};
    }
    if (soc == rt::Soc::kAscend910B || soc == rt::Soc::kAscend910_93) return {ACL_FLOAT16, ACL_FLOAT};
    return {ACL_FLOAT16};
}

/// PoolingOutShape of aclnn_max_pool.cpp: (in + padL + padR - dilation * (k - 1) - 1 [+ s - 1 in ceil mode]) / s + 1,
/// the division rounding down; ceil mode drops a window starting in the right padding.
inline int64_t MaxPoolOutSize(int64_t in, int64_t k, int64_t padL, int64_t padR, int64_t s, int64_t d, bool ceil) {
    const int64_t x = in + padL + padR - d * (k - 1) - 1 + (ceil ? s - 1 : 0);
    int64_t q = x / s;
    if (x % s != 0 && ((x % s < 0) != (s < 0))) --q;
    int64_t out = q + 1;
    if (ceil && (out - 1) * s >= in + padL) --out;
    return out;
}

/// CheckDtypeValid (self in the list, out of self's dtype), CheckFormat (equal formats, not private, self 3-D or
/// 4-D), CheckParamsLogic (kernelShape 1 or 2 values, strides 0, 1 or 2, pads and dilations 0, 1, 2 or 4; autoPad 0;
/// every dilation 1), CheckShape (kernel and strides positive; each axis' two pads at most its kernel; C, H, W
/// non-zero; the pooled size positive; out of the pooled shape). Beyond CANN: UINT16 (ATen has no such dtype) and
/// a negative pad -> 161002.
inline int CheckMaxPool(const OpCall& c, const aclIntArray* kernelShape, const aclIntArray* strides, int64_t autoPad,
                        const aclIntArray* pads, const aclIntArray* dilations, int64_t ceilMode) {
    using namespace pool_checks;
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    if (int ret = InList(self, "self", MaxPoolList(c.soc))) return ret;
    if (int ret = DtypeSame(self, "self", out, "out")) return ret;
    if (self->format != out->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format of input and output should be same, self [%s], out [%s].",
                    FormatName(self->format), FormatName(out->format));
    }
    if (IsPrivateFormatCode(self->format)) return Fail(ACLNN_ERR_PARAM_INVALID, "Format only support NCHW or CHW");
    const std::vector<int64_t>& in = self->view_shape;
    if (in.size() != 3 && in.size() != 4) return Fail(ACLNN_ERR_PARAM_INVALID, "3D or 4D tensor expected for inputs");
    const std::vector<int64_t>& k = kernelShape->values;
    const std::vector<int64_t>& s = strides->values;
    const std::vector<int64_t>& p = pads->values;
    const std::vector<int64_t>& d = dilations->values;
    if (k.size() != 1 && k.size() != 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The size of kernelShape must be one or two, but got %zu.", k.size());
    }
    if (s.size() > 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The size of strides must be zero, one or two, but got %zu.", s.size());
    }
    if (p.size() != 0 && p.size() != 1 && p.size() != 2 && p.size() != 4) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The size of pads must be zero, one, two or four, but got %zu.", p.size());
    }
    if (d.size() != 0 && d.size() != 1 && d.size() != 2 && d.size() != 4) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The size of dilations must be zero, one, two or four, but got %zu.",
                    d.size());
    }
    if (autoPad != 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "value of autoPad must be zero representing NOTSET, but got autoPad:%ld", static_cast<long>(autoPad));
    }
    for (int64_t v : d) {
        if (v != 1) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "dilation value along each spatial axis only support 1, but got %ld",
                        static_cast<long>(v));
        }
    }
    const int64_t kH = k[0], kW = k.size() == 1 ? k[0] : k[1];
    if (!(kH > 0 && kW > 0)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The size of kernel should be greater than 0, but got kh:%ld, kw:%ld",
                    static_cast<long>(kH), static_cast<long>(kW));
    }
    const int64_t dH = s.empty() ? 1 : s[0], dW = s.empty() ? 1 : s.size() == 1 ? s[0] : s[1];
    if (!(dH > 0 && dW > 0)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The size of strides should be greater than 0, but got dh:%ld, dw:%ld",
                    static_cast<long>(dH), static_cast<long>(dW));
    }
    int64_t hl = 0, hr = 0, wl = 0, wr = 0;
    if (p.size() == 1) hl = hr = wl = wr = p[0];
    if (p.size() == 2) { hl = hr = p[0]; wl = wr = p[1]; }
    if (p.size() == 4) { hl = p[0]; wl = p[1]; hr = p[2]; wr = p[3]; }
    if (!((hl + hr) <= kH && (wl + wr) <= kW)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "padding for the sum of beginning and ending along each spatial axis, should be smaller than, or "
                    "equal to value of kernel size, but got kh:%ld, kw:%ld, padHL:%ld, padHR:%ld, padWL:%ld, padWR:%ld",
                    static_cast<long>(kH), static_cast<long>(kW), static_cast<long>(hl), static_cast<long>(hr),
                    static_cast<long>(wl), static_cast<long>(wr));
    }
    const bool is3d = in.size() == 3;
    const int64_t n = is3d ? 1 : in[0], ch = is3d ? in[0] : in[1];
    const int64_t h = is3d ? in[1] : in[2], w = is3d ? in[2] : in[3];
    if (!(ch != 0 && h != 0 && w != 0)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor with optional 0 dim batch size, but got nInputPlane:%ld, height:%ld, width:%ld",
                    static_cast<long>(ch), static_cast<long>(h), static_cast<long>(w));
    }
    const int64_t oh = MaxPoolOutSize(h, kH, hl, hr, dH, 1, ceilMode != 0);
    const int64_t ow = MaxPoolOutSize(w, kW, wl, wr, dW, 1, ceilMode != 0);
    if (!(oh > 0 && ow > 0)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Given input size %ldx%ldx%ld, calc out size %ldx%ldx%ld",
                    static_cast<long>(ch), static_cast<long>(h), static_cast<long>(w), static_cast<long>(ch),
                    static_cast<long>(oh), static_cast<long>(ow));
    }
    const std::vector<int64_t> want = is3d ? std::vector<int64_t>{ch, oh, ow} : std::vector<int64_t>{n, ch, oh, ow};
    if (out->view_shape != want) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as %s, but got %s.",
                    ShapeString(want).c_str(), ShapeString(out->view_shape).c_str());
    }
    if (hl < 0 || hr < 0 || wl < 0 || wr < 0) {  // beyond CANN
        return Fail(ACLNN_ERR_PARAM_INVALID, "aclnnMaxPool: a negative pad is not computed by aclcpu's reference tier.");
    }
    if (self->dtype == ACL_UINT16) {  // beyond CANN
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "aclnnMaxPool: self of dtype DT_UINT16 is not computed by aclcpu's reference tier.");
    }
    return 0;
}

// ---- aclnnMaxPool2dWithIndices (and the isMask rules of aclnnMaxPool2dWithMask, which no table entry uses yet: the
// table-driven suite runs on Ascend 950, where CANN refuses the mask APIs; docs/ops/nn_pooling.md)
// (pooling/max_pool3d_with_argmax_v2/op_api/
// aclnn_max_pool2d_with_indices.cpp CheckParams after CheckNotNullPtr); c.t = {self, out, indices}

namespace pool_checks {

/// One 2-D pooling array value: kernel / padding / dilation (1 or 2 values), stride (0: the kernel, 1 or 2 values).
inline int64_t Pool2dAt(const aclIntArray* a, size_t i, int64_t if_empty) {
    if (a->values.empty()) return if_empty;
    return a->values.size() == 1 ? a->values[0] : a->values[i];
}

/// The shape checks both max_pool2d op_apis share (CheckShape of aclnn_max_pool2d_with_indices.cpp and of
/// aclnn_max_pool2d_with_indices_backward.cpp), with `backward` choosing the backward's rules: the arrays' lengths,
/// kernel and stride positive, padding in 0..kernel / 2, dilation positive (950) or 1 (elsewhere); the backward then
/// checks gradInput (`io`) of self's shape and the pad against the dilated kernel. Then C, H, W non-zero, the pooled
/// H and W positive; `pooled` receives the pooled shape (self's rank).
inline int MaxPool2dShape(const OpCall& c, const aclTensor* self, const aclIntArray* kernelSize,
                          const aclIntArray* stride, const aclIntArray* padding, const aclIntArray* dilation,
                          bool ceilMode, bool backward, const aclTensor* io, std::vector<int64_t>* pooled) {
    const size_t ks = kernelSize->values.size(), ss = stride->values.size(), ps = padding->values.size(),
                 ds = dilation->values.size();
    if (ks != 1 && ks != 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The size of kernelSize must be one or two, but got %zu.", ks);
    }
    if (ss > 2) return Fail(ACLNN_ERR_PARAM_INVALID, "The size of stride must be zero, one or two, but got %zu.", ss);
    if (ps != 1 && ps != 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The size of padding must be one or two, but got %zu.", ps);
    }
    if (ds != 1 && ds != 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The size of dilation must be one or two, but got %zu.", ds);
    }
    const int64_t kH = Pool2dAt(kernelSize, 0, 0), kW = Pool2dAt(kernelSize, 1, 0);
    if (!(kH > 0 && kW > 0)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The size of kernel should be greater than 0, but got kh:%ld, kw:%ld",
                    static_cast<long>(kH), static_cast<long>(kW));
    }
    const int64_t dH = Pool2dAt(stride, 0, kH), dW = ss == 0 ? kW : Pool2dAt(stride, 1, kW);
    if (!(dH > 0 && dW > 0)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The size of stride should be greater than 0, but got dh:%ld, dw:%ld",
                    static_cast<long>(dH), static_cast<long>(dW));
    }
    const int64_t padH = Pool2dAt(padding, 0, 0), padW = Pool2dAt(padding, 1, 0);
    if (!(padH >= 0 && padW >= 0 && padH <= kH / 2 && padW <= kW / 2)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "pad should be >= 0 and <= half of kernel size, but got kh:%ld, kw:%ld, padH:%ld, padW:%ld",
                    static_cast<long>(kH), static_cast<long>(kW), static_cast<long>(padH), static_cast<long>(padW));
    }
    const int64_t dilH = Pool2dAt(dilation, 0, 1), dilW = Pool2dAt(dilation, 1, 1);
    if (c.soc == rt::Soc::kAscend950) {
        if (!(dilH > 0 && dilW > 0)) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "dilation should be greater than 0, but got dilationH:%ld, dilationW:%ld",
                        static_cast<long>(dilH), static_cast<long>(dilW));
        }
    } else if (!(dilH == 1 && dilW == 1)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "dilation only support 1, but got dilationH:%ld, dilationW:%ld",
                    static_cast<long>(dilH), static_cast<long>(dilW));
    }
    const std::vector<int64_t>& s = self->view_shape;
    if (backward && io->view_shape != s) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for gradInput to have same size as tensor for self, but %s does not equal %s.",
                    ShapeString(io->view_shape).c_str(), ShapeString(s).c_str());
    }
    const bool is3d = s.size() == 3;
    const int64_t n = is3d ? 1 : s[0], plane = s[is3d ? 0 : 1], h = s[is3d ? 1 : 2], w = s[is3d ? 2 : 3];
    if (!(plane != 0 && h != 0 && w != 0)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor with optional 0 dim batch size, but got nInputPlane:%ld, height:%ld, width:%ld",
                    static_cast<long>(plane), static_cast<long>(h), static_cast<long>(w));
    }
    if (backward) {
        if (padH > ((kH - 1) * dilH + 1) / 2) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "pad should be at most half of effective kernel size, but got padH=%ld, "
                        "kH=%ld and dilationH=%ld", static_cast<long>(padH), static_cast<long>(kH), static_cast<long>(dilH));
        }
        if (padW > ((kW - 1) * dilW + 1) / 2) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "pad should be at most half of effective kernel size, but got padW=%ld, "
                        "kW=%ld and dilationW=%ld", static_cast<long>(padW), static_cast<long>(kW), static_cast<long>(dilW));
        }
    }
    const int64_t oH = MaxPoolOutSize(h, kH, padH, padH, dH, dilH, ceilMode);
    const int64_t oW = MaxPoolOutSize(w, kW, padW, padW, dW, dilW, ceilMode);
    if (!(oH > 0 && oW > 0)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Given input size %ldx%ldx%ld, calc out size %ldx%ldx%ld",
                    static_cast<long>(plane), static_cast<long>(h), static_cast<long>(w), static_cast<long>(plane),
                    static_cast<long>(oH), static_cast<long>(oW));
    }
    *pooled = is3d ? std::vector<int64_t>{plane, oH, oW} : std::vector<int64_t>{n, plane, oH, oW};
    return 0;
}

/// The mask's expected shape (isMask): [N,] C, kH * kW, (ceil(oH * oW / 16) + 1) * 32.
inline std::vector<int64_t> MaskShape(const std::vector<int64_t>& pooled, const aclIntArray* kernelSize) {
    const bool is3d = pooled.size() == 3;
    const int64_t kH = Pool2dAt(kernelSize, 0, 0), kW = Pool2dAt(kernelSize, 1, 0);
    const int64_t hw = pooled[pooled.size() - 2] * pooled[pooled.size() - 1];
    const int64_t maskW = ((hw + 15) / 16 + 1) * 2 * 16;
    if (is3d) return {pooled[0], kH * kW, maskW};
    return {pooled[0], pooled[1], kH * kW, maskW};
}

/// Beyond CANN: the mask's bits are written by the MaxPoolWithArgmaxV1 kernel (Ascend910, Ascend310P, and a 1x1
/// kernel on Atlas A2/A3), whose bit layout the public sources do not give; the reference writes the layout of
/// Atlas A2/A3's other path (the int32 argmax of the pooled shape at the start of the mask's memory) and refuses
/// the rest.
inline int MaskLayoutKnown(const OpCall& c, const char* api, const aclIntArray* kernelSize) {
    const bool a2 = c.soc == rt::Soc::kAscend910B || c.soc == rt::Soc::kAscend910_93;
    const int64_t kH = Pool2dAt(kernelSize, 0, 0), kW = Pool2dAt(kernelSize, 1, 0);
    if (a2 && !(kH == 1 && kW == 1)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "%s: aclcpu's reference tier writes and reads the mask only as Atlas A2/A3 do for a kernel other than "
                "1x1 (the int32 argmax); the MaxPoolWithArgmaxV1 mask's bit layout is not public.", api);
}

/// Beyond CANN: the NHWC layout the 950 accepts (the reference pools channel-first).
inline int NotNhwc(const aclTensor* t, const char* name) {
    if (t->format != ACL_FORMAT_NHWC) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "%s of format NHWC is not computed by aclcpu's reference tier.", name);
}

/// The end of the 2-D max pools' shape checks, forward and backward: `pooled` (the pooled shape) is `t`'s (out, or
/// gradOutput for the backward), and indices is t's shape (WithIndices) or the mask's (WithMask, whose layout
/// MaskLayoutKnown then checks for the product, `api1` naming the first phase). 161002 with the op_api's messages.
inline int PooledAndIndicesShapes(const OpCall& c, const std::vector<int64_t>& pooled, const aclTensor* t,
                                  const char* name, const aclTensor* indices, const aclIntArray* kernelSize,
                                  bool isMask, const char* api1) {
    if (t->view_shape != pooled) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for %s to have same size as %s, but got %s.", name,
                    ShapeString(pooled).c_str(), ShapeString(t->view_shape).c_str());
    }
    if (isMask) {
        const std::vector<int64_t> want = MaskShape(pooled, kernelSize);
        if (indices->view_shape != want) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for indices to have same size as %s, but got %s.",
                        ShapeString(want).c_str(), ShapeString(indices->view_shape).c_str());
        }
        return MaskLayoutKnown(c, api1, kernelSize);
    }
    if (indices->view_shape != t->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for indices to have same size as tensor for %s, but %s does not equal %s.", name,
                    ShapeString(indices->view_shape).c_str(), ShapeString(t->view_shape).c_str());
    }
    return 0;
}

}  // namespace pool_checks

/// CheckDtypeValid: self in the product's list (isMask: FLOAT16, FLOAT, BF16 on Atlas A2/A3; FLOAT16, FLOAT on the
/// Ascend910; FLOAT on Ascend310P - not isMask: FLOAT16, FLOAT, BF16 on Ascend 950 and Atlas A2/A3, none elsewhere:
/// "support for <soc> is not implemented"), out of self's dtype, indices INT8 (isMask) or INT64, INT32. CheckFormat:
/// self's and out's formats equal, not private; self 3-D or 4-D. CheckShape (MaxPool2dShape), out of the pooled shape,
/// indices of the mask's shape (isMask) or out's.
inline int MaxPool2dWithIndicesCommon(const OpCall& c, const aclIntArray* kernelSize, const aclIntArray* stride,
                                      const aclIntArray* padding, const aclIntArray* dilation, bool ceilMode,
                                      bool isMask) {
    using namespace pool_checks;
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    const aclTensor* indices = c.t[2];
    std::vector<aclDataType> list;
    if (c.soc == rt::Soc::kAscend950 || c.soc == rt::Soc::kAscend910B || c.soc == rt::Soc::kAscend910_93) {
        list = {ACL_FLOAT16, ACL_FLOAT, ACL_BF16};
    } else if (c.soc == rt::Soc::kAscend910) {
        if (isMask) list = {ACL_FLOAT16, ACL_FLOAT};
    } else if (isMask) {
        list = {ACL_FLOAT};
    }
    if (list.empty()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "support for %s is not implemented", rt::SocName(c.soc));
    }
    if (int r = InList(self, "self", list)) return r;
    if (int r = DtypeSame(self, "self", out, "out")) return r;
    if (isMask) {
        if (int r = InList(indices, "indices", {ACL_INT8})) return r;
    } else if (int r = InList(indices, "indices", {ACL_INT64, ACL_INT32})) {
        return r;
    }
    if (self->format != out->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format of input and output should be same, self [%s], out [%s].",
                    FormatName(self->format), FormatName(out->format));
    }
    if (IsPrivateFormatCode(self->format)) return Fail(ACLNN_ERR_PARAM_INVALID, "Format only support NCHW or CHW");
    if (self->view_shape.size() != 3 && self->view_shape.size() != 4) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "3D or 4D tensor expected for inputs");
    }
    if (int r = NotNhwc(self, "self")) return r;  // beyond CANN
    std::vector<int64_t> pooled;
    if (int r = MaxPool2dShape(c, self, kernelSize, stride, padding, dilation, ceilMode, false, nullptr, &pooled)) {
        return r;
    }
    return pool_checks::PooledAndIndicesShapes(c, pooled, out, "out", indices, kernelSize, isMask,
                                  "aclnnMaxPool2dWithMaskGetWorkspaceSize");
}

inline int CheckMaxPool2dWithIndices(const OpCall& c, const aclIntArray* kernelSize, const aclIntArray* stride,
                                     const aclIntArray* padding, const aclIntArray* dilation, bool ceilMode) {
    return MaxPool2dWithIndicesCommon(c, kernelSize, stride, padding, dilation, ceilMode, false);
}

// ---- aclnnMaxPool2dWithIndicesBackward, aclnnMaxPool2dWithMaskBackward (pooling/max_pool3d_grad_with_argmax/op_api/
// aclnn_max_pool2d_with_indices_backward.cpp CheckParams after CheckNotNullPtr); c.t = {gradOutput, self, indices,
// gradInput}

/// CheckDtypeValid: self in the product's list (not isMask: FLOAT on Atlas A2/A3, FLOAT16, FLOAT, BF16 on Ascend 950,
/// none elsewhere; isMask: FLOAT16, FLOAT, BF16 on Atlas A2/A3, FLOAT16, FLOAT on the Ascend910, none elsewhere),
/// gradOutput and gradInput of self's dtype, indices INT32, INT64 (950) or INT8 (isMask) or INT32, INT8. CheckFormat:
/// self's, gradOutput's, gradInput's formats equal, none private, each of them and indices 3-D or 4-D. CheckShape
/// (MaxPool2dShape with the backward's rules), gradOutput of the pooled shape. CANN computes the indices' expected
/// shape but drops the result; beyond CANN the reference needs it: indices of gradOutput's shape (not isMask) or of the
/// mask's (isMask) -> 161002.
inline int MaxPool2dBackwardCommon(const OpCall& c, const aclIntArray* kernelSize, const aclIntArray* stride,
                                   const aclIntArray* padding, const aclIntArray* dilation, bool ceilMode, bool isMask) {
    using namespace pool_checks;
    const aclTensor* gradOutput = c.t[0];
    const aclTensor* self = c.t[1];
    const aclTensor* indices = c.t[2];
    const aclTensor* gradInput = c.t[3];
    const bool a2 = c.soc == rt::Soc::kAscend910B || c.soc == rt::Soc::kAscend910_93;
    std::vector<aclDataType> list;
    if (c.soc == rt::Soc::kAscend950) {
        list = {ACL_FLOAT16, ACL_FLOAT, ACL_BF16};
    } else if (a2) {
        list = isMask ? std::vector<aclDataType>{ACL_FLOAT16, ACL_FLOAT, ACL_BF16} : std::vector<aclDataType>{ACL_FLOAT};
    } else if (c.soc == rt::Soc::kAscend910 && isMask) {
        list = {ACL_FLOAT16, ACL_FLOAT};
    }
    if (int r = InList(self, "self", list)) return r;
    if (int r = DtypeSame(self, "self", gradOutput, "gradOutput")) return r;
    if (int r = DtypeSame(self, "self", gradInput, "gradInput")) return r;
    std::vector<aclDataType> ilist = {ACL_INT32, ACL_INT8};
    if (c.soc == rt::Soc::kAscend950) {
        ilist = {ACL_INT32, ACL_INT64};
    } else if (isMask) {
        ilist = {ACL_INT8};
    }
    if (int r = InList(indices, "indices", ilist)) return r;
    if (self->format != gradOutput->format || self->format != gradInput->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Format of self and gradOutput and gradInput should be same, self[%s], gradOutput[%s], "
                    "gradInput[%s].", FormatName(self->format), FormatName(gradOutput->format),
                    FormatName(gradInput->format));
    }
    for (const aclTensor* t : {self, gradInput, gradOutput, indices}) {
        if (IsPrivateFormatCode(t->format)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, c.soc == rt::Soc::kAscend950 ? "Format only support ND, NCHW or NHWC"
                                                                              : "Format only support ND, NCHW");
        }
    }
    const aclTensor* ranked[4] = {self, gradInput, gradOutput, indices};
    const char* ranked_names[4] = {"self", "gradInput", "gradOutput", "indices"};
    for (int k = 0; k < 4; ++k) {
        const size_t d = ranked[k]->view_shape.size();
        if (d != 3 && d != 4) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "3D or 4D tensor expected for %s but got dim num:%zu", ranked_names[k], d);
        }
    }
    if (int r = NotNhwc(self, "self")) return r;  // beyond CANN
    std::vector<int64_t> pooled;
    if (int r = MaxPool2dShape(c, self, kernelSize, stride, padding, dilation, ceilMode, true, gradInput, &pooled)) {
        return r;
    }
    return pool_checks::PooledAndIndicesShapes(c, pooled, gradOutput, "gradOutput", indices, kernelSize, isMask,
                                  "aclnnMaxPool2dWithMaskBackwardGetWorkspaceSize");
}

inline int CheckMaxPool2dWithIndicesBackward(const OpCall& c, const aclIntArray* kernelSize, const aclIntArray* stride,
                                             const aclIntArray* padding, const aclIntArray* dilation, bool ceilMode) {
    return MaxPool2dBackwardCommon(c, kernelSize, stride, padding, dilation, ceilMode, false);
}

// ---- aclnnMaxPool3dWithArgmax (pooling/max_pool3d_with_argmax_v2/op_api/aclnn_max_pool3d_with_argmax.cpp
// CheckPlatform, CheckParams after CheckNotNullPtr, then the kernel's inferred shapes); c.t = {self, out, indices}

namespace pool_checks {

/// The D, H, W values of a 3-D pooling array (1 or 3 values; an empty stride: the kernel's).
inline std::vector<int64_t> Pool3dValues(const aclIntArray* a, const std::vector<int64_t>& if_empty) {
    const std::vector<int64_t>& v = a->values;
    if (v.empty()) return if_empty;
    if (v.size() == 1) return {v[0], v[0], v[0]};
    return {v[0], v[1], v[2]};
}

/// CheckParamsValid of both 3-D op_apis: kernelSize 1 or 3 values, positive; stride 0, 1 or 3 values, positive;
/// padding 1 or 3 values, in 0..kernel / 2; dilation 1 or 3 values, 1 (forward on Atlas A2/A3) or positive. `bw`
/// picks the backward's texts. k, st, pad, dil receive the D, H, W values.
inline int MaxPool3dParams(const OpCall& c, const aclIntArray* kernelSize, const aclIntArray* stride,
                           const aclIntArray* padding, const aclIntArray* dilation, bool bw, std::vector<int64_t>* k,
                           std::vector<int64_t>* st, std::vector<int64_t>* pad, std::vector<int64_t>* dil) {
    const size_t ks = kernelSize->values.size();
    if (ks != 1 && ks != 3) {
        return Fail(ACLNN_ERR_PARAM_INVALID, bw ? "The length of kernelSize can be only 1 or 3."
                                                : "The length of kernelSize can be only 1 or 3");
    }
    *k = Pool3dValues(kernelSize, {});
    if (!((*k)[0] > 0 && (*k)[1] > 0 && (*k)[2] > 0)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The %s of kernel should be greater than 0, but got kernelD:%ld, "
                    "kernelH:%ld, kernelW:%ld", bw ? "size" : "value", static_cast<long>((*k)[0]),
                    static_cast<long>((*k)[1]), static_cast<long>((*k)[2]));
    }
    const size_t ss = stride->values.size();
    if (ss != 0 && ss != 1 && ss != 3) {
        return Fail(ACLNN_ERR_PARAM_INVALID, bw ? "The length of stride can be only 0, 1 or 3"
                                                : "The length of stride can be only 1 or 3");
    }
    *st = Pool3dValues(stride, *k);
    if (!((*st)[0] > 0 && (*st)[1] > 0 && (*st)[2] > 0)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The %s of stride should be greater than 0, but got strideD:%ld, "
                    "strideH:%ld, strideW:%ld", bw ? "size" : "value", static_cast<long>((*st)[0]),
                    static_cast<long>((*st)[1]), static_cast<long>((*st)[2]));
    }
    const size_t ps = padding->values.size();
    if (ps != 1 && ps != 3) {
        return Fail(ACLNN_ERR_PARAM_INVALID, bw ? "The length of padding can be only 1 or 3."
                                                : "The length of padding can be only 1 or 3");
    }
    *pad = Pool3dValues(padding, {});
    if (!((*pad)[0] >= 0 && (*pad)[1] >= 0 && (*pad)[2] >= 0)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The %s of padding should be greater than or equal to 0, but got "
                    "paddingD:%ld, paddingH:%ld, paddingW:%ld", bw ? "size" : "value", static_cast<long>((*pad)[0]),
                    static_cast<long>((*pad)[1]), static_cast<long>((*pad)[2]));
    }
    if (!((*pad)[0] <= (*k)[0] / 2 && (*pad)[1] <= (*k)[1] / 2 && (*pad)[2] <= (*k)[2] / 2)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s should be smaller than or equal to half of kernel size, but got "
                    "kernelD:%ld, kernelH:%ld, kernelW:%ld, paddingD:%ld, paddingH:%ld, paddingW:%ld",
                    bw ? "padding" : "Padding", static_cast<long>((*k)[0]), static_cast<long>((*k)[1]),
                    static_cast<long>((*k)[2]), static_cast<long>((*pad)[0]), static_cast<long>((*pad)[1]),
                    static_cast<long>((*pad)[2]));
    }
    const size_t ds = dilation->values.size();
    if (ds != 1 && ds != 3) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The length of dilation can be only 1 or 3");
    }
    *dil = Pool3dValues(dilation, {});
    const bool ones = (*dil)[0] == 1 && (*dil)[1] == 1 && (*dil)[2] == 1;
    const bool a2 = c.soc == rt::Soc::kAscend910B || c.soc == rt::Soc::kAscend910_93 || c.soc == rt::Soc::kAscend910;
    if (!bw && a2 && !ones) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The value of dilation should be equal 1, but got dilationD:%ld, "
                    "dilationH:%ld, dilationW:%ld", static_cast<long>((*dil)[0]), static_cast<long>((*dil)[1]),
                    static_cast<long>((*dil)[2]));
    }
    if (bw && !((*dil)[0] > 0 && (*dil)[1] > 0 && (*dil)[2] > 0)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The size of dilation should be greater than 0, but got dilationD:%ld, "
                    "dilationH:%ld, dilationW:%ld", static_cast<long>((*dil)[0]), static_cast<long>((*dil)[1]),
                    static_cast<long>((*dil)[2]));
    }
    return 0;
}

/// The pooled shape of a 4-D (CDHW) or 5-D (NCDHW) self (PoolingOutShape per axis, ceil mode as in 2-D).
inline std::vector<int64_t> Pooled3d(const std::vector<int64_t>& s, const std::vector<int64_t>& k,
                                     const std::vector<int64_t>& st, const std::vector<int64_t>& pad,
                                     const std::vector<int64_t>& dil, bool ceilMode) {
    std::vector<int64_t> out(s.begin(), s.end() - 3);
    for (size_t i = 0; i < 3; ++i) {
        out.push_back(MaxPoolOutSize(s[s.size() - 3 + i], k[i], pad[i], pad[i], st[i], dil[i], ceilMode));
    }
    return out;
}

}  // namespace pool_checks

/// CheckPlatform (Ascend 950 and Atlas A2/A3 only), CheckDtypeValid (self BF16, FLOAT16, FLOAT; indices INT32, or
/// INT32, INT64 on the 950; out of self's dtype), CheckFormat (self's, out's, indices' formats equal; self 4-D or
/// 5-D; the 950: NDHWC, NCDHW, NCHW or ND), CheckParamsValid; then, for a non-empty self and out, the kernel's
/// inferred out and indices shapes (CheckReduceOutShape). Beyond CANN: NDHWC (the reference pools channel-first), a
/// pooled size not positive -> 161002.
inline int CheckMaxPool3dWithArgmax(const OpCall& c, const aclIntArray* kernelSize, const aclIntArray* stride,
                                    const aclIntArray* padding, const aclIntArray* dilation, bool ceilMode) {
    using namespace pool_checks;
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    const aclTensor* indices = c.t[2];
    const bool ok = c.soc == rt::Soc::kAscend950 || c.soc == rt::Soc::kAscend910B || c.soc == rt::Soc::kAscend910_93;
    if (!ok) return Fail(ACLNN_ERR_PARAM_INVALID, "aclnnMaxPool3dWithArgmax is not supported on this platform");
    if (int r = InList(self, "self", {ACL_BF16, ACL_FLOAT16, ACL_FLOAT})) return r;
    if (c.soc == rt::Soc::kAscend950) {
        if (int r = InList(indices, "indices", {ACL_INT32, ACL_INT64})) return r;
    } else if (int r = InList(indices, "indices", {ACL_INT32})) {
        return r;
    }
    if (int r = DtypeSame(self, "self", out, "out")) return r;
    if (self->format != out->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format of input and output should be same, self [%s], out [%s].",
                    FormatName(self->format), FormatName(out->format));
    }
    if (self->format != indices->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format of input and indices should be same, self [%s], indices [%s].",
                    FormatName(self->format), FormatName(indices->format));
    }
    if (self->view_shape.size() != 4 && self->view_shape.size() != 5) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "4D or 5D tensor expected for inputs");
    }
    const int32_t f = self->format;
    if (c.soc == rt::Soc::kAscend950 && f != ACL_FORMAT_NDHWC && f != ACL_FORMAT_NCDHW && f != ACL_FORMAT_NCHW &&
        f != ACL_FORMAT_ND) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format of input is not supported, self [%s].", FormatName(f));
    }
    if (f == ACL_FORMAT_NDHWC) {  // beyond CANN
        return Fail(ACLNN_ERR_PARAM_INVALID, "self of format NDHWC is not computed by aclcpu's reference tier.");
    }
    std::vector<int64_t> k, st, pad, dil;
    if (int r = MaxPool3dParams(c, kernelSize, stride, padding, dilation, false, &k, &st, &pad, &dil)) return r;
    if (self->numel == 0 || out->numel == 0) return 0;
    const std::vector<int64_t> want = Pooled3d(self->view_shape, k, st, pad, dil, ceilMode);
    for (size_t i = want.size() - 3; i < want.size(); ++i) {
        if (want[i] <= 0) {  // beyond CANN (the kernel's inference)
            return Fail(ACLNN_ERR_PARAM_INVALID, "The pooled shape %s of self %s is not positive.",
                        ShapeString(want).c_str(), ShapeString(self->view_shape).c_str());
        }
    }
    for (const aclTensor* t : {out, indices}) {
        if (t->view_shape != want) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The out tensor's shape[%s] is not equal with inferOut shape[%s].",
                        ShapeString(t->view_shape).c_str(), ShapeString(want).c_str());
        }
    }
    return 0;
}

// ---- aclnnMaxPool3dWithArgmaxBackward (pooling/max_pool3d_grad_with_argmax/op_api/
// aclnn_max_pool3d_with_argmax_backward.cpp CheckParams after CheckNotNullPtr); c.t = {gradOutput, self, indices,
// gradInput}

/// CheckDtypeValid (self BF16, FLOAT16, FLOAT on Ascend 950 and Atlas A2/A3, none elsewhere; indices INT32, or INT32,
/// INT64 on the 950; gradOutput, gradInput of self's dtype), CheckFormat (self's, gradOutput's, gradInput's formats
/// equal; none private; each 4-D or 5-D), CheckParamsValid, CheckSelfShapeSupport (D * H * W below 2^31 outside the
/// 950), CheckInputShape (indices of gradOutput's shape, gradInput of self's). Beyond CANN: NDHWC; gradOutput not of
/// the pooled shape (the kernel's business on the NPU) -> 161002.
inline int CheckMaxPool3dWithArgmaxBackward(const OpCall& c, const aclIntArray* kernelSize, const aclIntArray* stride,
                                            const aclIntArray* padding, const aclIntArray* dilation, bool ceilMode) {
    using namespace pool_checks;
    const aclTensor* gradOutput = c.t[0];
    const aclTensor* self = c.t[1];
    const aclTensor* indices = c.t[2];
    const aclTensor* gradInput = c.t[3];
    const bool ok = c.soc == rt::Soc::kAscend950 || c.soc == rt::Soc::kAscend910B || c.soc == rt::Soc::kAscend910_93;
    std::vector<aclDataType> list;
    if (ok) list = {ACL_BF16, ACL_FLOAT16, ACL_FLOAT};
    if (int r = InList(self, "self", list)) return r;
    if (c.soc == rt::Soc::kAscend950) {
        if (int r = InList(indices, "indices", {ACL_INT32, ACL_INT64})) return r;
    } else if (int r = InList(indices, "indices", {ACL_INT32})) {
        return r;
    }
    if (int r = DtypeSame(self, "self", gradOutput, "gradOutput")) return r;
    if (int r = DtypeSame(self, "self", gradInput, "gradInput")) return r;
    if (self->format != gradOutput->format || self->format != gradInput->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Format of self and gradOutput and gradInput should be same, self[%s], gradOutput[%s], "
                    "gradInput[%s].", FormatName(self->format), FormatName(gradOutput->format),
                    FormatName(gradInput->format));
    }
    for (const aclTensor* t : {self, gradInput, gradOutput, indices}) {
        if (IsPrivateFormatCode(t->format)) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Private format is not supported, please use a non-private format such as NCDHW.");
        }
    }
    const aclTensor* ranked[4] = {gradOutput, gradInput, indices, self};
    const char* ranked_names[4] = {"gradOutput", "gradInput", "indices", "self"};
    for (int i = 0; i < 4; ++i) {
        const size_t d = ranked[i]->view_shape.size();
        if (d != 4 && d != 5) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "4D or 5D tensor expected for %s but got dim num:%zu", ranked_names[i], d);
        }
    }
    std::vector<int64_t> k, st, pad, dil;
    if (int r = MaxPool3dParams(c, kernelSize, stride, padding, dilation, true, &k, &st, &pad, &dil)) return r;
    const std::vector<int64_t>& s = self->view_shape;
    const int64_t size = s[s.size() - 1] * s[s.size() - 2] * s[s.size() - 3];
    if (c.soc != rt::Soc::kAscend950 && size > 2147483647) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "The size of self should be less than or equal to 2^32 - 1, but got selfSize:%ld",
                    static_cast<long>(size));
    }
    if (indices->view_shape != gradOutput->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for indices to have same size as tensor for gradOutput, but %s does not equal %s.",
                    ShapeString(indices->view_shape).c_str(), ShapeString(gradOutput->view_shape).c_str());
    }
    if (self->view_shape != gradInput->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for self to have same size as tensor for gradInput, but %s does not equal %s.",
                    ShapeString(self->view_shape).c_str(), ShapeString(gradInput->view_shape).c_str());
    }
    // beyond CANN
    if (self->format == ACL_FORMAT_NDHWC) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "self of format NDHWC is not computed by aclcpu's reference tier.");
    }
    if (gradOutput->numel == 0 || self->numel == 0 || indices->numel == 0) return 0;
    const std::vector<int64_t> want = Pooled3d(s, k, st, pad, dil, ceilMode);
    if (gradOutput->view_shape != want) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "gradOutput %s is not the pooled shape %s of self.",
                    ShapeString(gradOutput->view_shape).c_str(), ShapeString(want).c_str());
    }
    return 0;
}

// ---- aclnnAdaptiveMaxPool3d (aclnn_adaptive_max_pool3d.cpp CheckParams after its null checks); c.t = {self, out,
// indices}

/// CheckInputOutputDims (self, out, indices 5-D or 4-D), CheckDtypeValid (self, out FLOAT, FLOAT16, BF16 on Atlas
/// A2/A3 and the Ascend 950 - an empty list elsewhere -; indices INT32, on the 950 INT32 or INT64), CheckFormat (the
/// 950: self NCDHW, NCHW or ND; else NCDHW or NCHW; out of self's format), CheckOutShape (outputSize of 3 values, on
/// the 950 of 0, 1 or 3; out's leading dims self's, its D, H, W outputSize's - on the 950 one value for all three, or
/// none for self's -; indices' first outputSize.size dims out's), checkDtypeSame (out of self's dtype),
/// checkExceptiveValue (self's dims after the first positive; D * H * W at most 2^31 - 1 - on the 950 only for INT32
/// indices -; outputSize's values positive). Beyond CANN: indices of out's shape.
inline int CheckAdaptiveMaxPool3d(const OpCall& c, const aclIntArray* outputSize) {
    using namespace pool_checks;
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    const aclTensor* idx = c.t[2];
    const bool regbase = c.soc == rt::Soc::kAscend950;
    const size_t sd = self->view_shape.size(), od = out->view_shape.size(), id = idx->view_shape.size();
    if (sd != 5 && sd != 4) return Fail(ACLNN_ERR_PARAM_INVALID, "Self dims %zu should be 5 or 4.", sd);
    if (od != 5 && od != 4) return Fail(ACLNN_ERR_PARAM_INVALID, "Out dims %zu should be 5 or 4.", od);
    if (id != 5 && id != 4) return Fail(ACLNN_ERR_PARAM_INVALID, "Indices dims %zu should be 5 or 4.", id);
    const std::vector<aclDataType> list = Bf16(c.soc) ? std::vector<aclDataType>{ACL_FLOAT, ACL_FLOAT16, ACL_BF16}
                                                      : std::vector<aclDataType>{};
    if (int ret = InList(self, "self", list)) return ret;
    if (int ret = InList(out, "out", list)) return ret;
    if (int ret = InList(idx, "indices", regbase ? std::vector<aclDataType>{ACL_INT32, ACL_INT64}
                                                 : std::vector<aclDataType>{ACL_INT32})) {
        return ret;
    }
    const int32_t f = self->format;
    if (regbase) {
        if (f != ACL_FORMAT_NCDHW && f != ACL_FORMAT_NCHW && f != ACL_FORMAT_ND) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Format of input is not supported, self [%s].",
                        FormatName(f));
        }
    } else if (f != ACL_FORMAT_NCDHW && f != ACL_FORMAT_NCHW) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format of input should be NCDHW or NCHW.");
    }
    if (f != out->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format of input and out should be equal, input [%s], out [%s].",
                    FormatName(f), FormatName(out->format));
    }
    const std::vector<int64_t>& os = outputSize->values;
    const size_t n = os.size();
    if (regbase && n != 0 && n != 1 && n != 3) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "outputSize length should be 0, 1 or 3.");
    }
    if (!regbase && n != 3) return Fail(ACLNN_ERR_PARAM_INVALID, "outputSize length should be 3.");
    const std::vector<int64_t>& in = self->view_shape;
    const std::vector<int64_t>& o = out->view_shape;
    const std::vector<int64_t>& ix = idx->view_shape;
    const size_t offset = od == 4 ? 1 : 2;
    for (size_t i = 0; i < offset; ++i) {
        if (i >= sd || in[i] != o[i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The [%zu] dim of outShape value should match the selfShape's.", i);
        }
    }
    for (size_t i = 0; i < 3; ++i) {
        int64_t want = 0;
        if (n == 3) {
            want = os[i];
        } else if (n == 1) {
            want = os[0];
        } else {
            want = i + offset < sd ? in[i + offset] : -1;
        }
        if (o[i + offset] != want) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "outShape value should match the outputSize value.");
        }
    }
    for (size_t i = 0; i < n; ++i) {
        if (i >= id || ix[i] != o[i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The [%zu] dim of outShape value should match the indicesShape value.",
                        i);
        }
    }
    if (int ret = DtypeSame(self, "self", out, "out")) return ret;
    for (size_t i = 1; i < sd; ++i) {
        if (in[i] < 1) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The [%zu] dim of selfShape is with size smaller than 1.", i);
        }
    }
    const int64_t dhw = in[sd - 1] * in[sd - 2] * in[sd - 3];
    if (regbase) {
        if (idx->dtype == ACL_INT32 && dhw > INT32_MAX) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "The size of self is more than MAX_INT32, but the data type of indices should be int64.");
        }
    } else if (dhw > INT32_MAX) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "The size of self should be less than or equal to 2^31 - 1, but got selfSize:%lld",
                    static_cast<long long>(dhw));
    }
    for (size_t i = 0; i < n; ++i) {
        if (os[i] < 1) return Fail(ACLNN_ERR_PARAM_INVALID, "The [%zu] dim of outputSize is less than 1.", i);
    }
    if (ix != o) {  // beyond CANN
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for indices to have same size as %s, but got %s.",
                    ShapeString(o).c_str(), ShapeString(ix).c_str());
    }
    if (sd != od) {  // beyond CANN
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected out to have self's rank %zu, but got %zu.", sd, od);
    }
    return 0;
}

// ---- aclnnAdaptiveMaxPool3dBackward (aclnn_adaptive_max_pool3d_backward.cpp: AdaptiveMaxPoolCommon::CheckParams
// after its null checks, then CheckSelfShapeSupport, CheckFormat and the indices' list); c.t = {gradOutput, self,
// indices, gradInput}

/// AdaptiveMaxPoolCommon's CheckDtypeValid and CheckShapeSame (as aclnnAdaptiveMaxPool2dBackward's), then
/// CheckSelfShapeSupport (D * H * W at most 2^31 - 1 outside the 950), CheckFormat (one format, none private, each
/// 4-D or 5-D), indices INT32 (INT32, INT64 on the 950). Beyond CANN: gradOutput's leading dims not self's -> 161002.
inline int CheckAdaptiveMaxPool3dBackward(const OpCall& c) {
    using namespace pool_checks;
    const aclTensor* grad = c.t[0];
    const aclTensor* self = c.t[1];
    const aclTensor* idx = c.t[2];
    const aclTensor* gi = c.t[3];
    if (int ret = DtypeSame(self, "self", grad, "gradOutput")) return ret;
    if (int ret = DtypeSame(self, "self", gi, "gradInput")) return ret;
    const std::vector<aclDataType> list =
        Bf16(c.soc) ? std::vector<aclDataType>{ACL_BF16, ACL_FLOAT16, ACL_FLOAT} : std::vector<aclDataType>{};
    if (int ret = InList(self, "self", list)) return ret;
    if (int ret = InList(idx, "indices", {ACL_INT32, ACL_INT64})) return ret;
    const std::vector<int64_t>& g = grad->view_shape;
    const std::vector<int64_t>& in = self->view_shape;
    const std::vector<int64_t>& ix = idx->view_shape;
    const std::vector<int64_t>& o = gi->view_shape;
    if (in.size() != o.size() || in.size() != g.size() || in.size() != ix.size()) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Dims of self and gradOutput and gradInput and indices should be same, self[%zu], gradOutput[%zu], "
                    "gradInput[%zu], indices[%zu].",
                    in.size(), g.size(), o.size(), ix.size());
    }
    for (size_t i = 0; i < in.size(); ++i) {
        if (g[i] != ix[i]) return Fail(ACLNN_ERR_PARAM_INVALID, "gradOutput dims No.[%zu] must match indices dims.", i);
        if (in[i] != o[i]) return Fail(ACLNN_ERR_PARAM_INVALID, "self dims No.[%zu] must match gradInput dims.", i);
    }
    if (in.size() >= 3 && c.soc != rt::Soc::kAscend950) {
        const int64_t vol = in[in.size() - 1] * in[in.size() - 2] * in[in.size() - 3];
        if (vol > 2147483647LL) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "The size of self should be less than or equal to 2^31 - 1, but got selfSize:%ld",
                        static_cast<long>(vol));
        }
    }
    if (self->format != grad->format || self->format != gi->format || self->format != idx->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Format of self and gradOutput and gradInput and indices should be same, self[%s], gradOutput[%s], "
                    "gradInput[%s], indices[%s].",
                    FormatName(self->format), FormatName(grad->format), FormatName(gi->format),
                    FormatName(idx->format));
    }
    if (IsPrivateFormatCode(self->format)) return Fail(ACLNN_ERR_PARAM_INVALID, "Format only support NCDHW or CDHW");
    const aclTensor* ranked[4] = {self, gi, grad, idx};
    const char* names[4] = {"self", "gradInput", "gradOutput", "indices"};
    for (int k = 0; k < 4; ++k) {
        const size_t d = ranked[k]->view_shape.size();
        if (d != 4 && d != 5) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "4D or 5D tensor expected for %s but got dim num:%zu", names[k], d);
        }
    }
    if (c.soc != rt::Soc::kAscend950) {
        if (int ret = InList(idx, "indices", {ACL_INT32})) return ret;
    }
    for (size_t i = 0; i + 3 < in.size(); ++i) {  // beyond CANN
        if (g[i] != in[i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "gradOutput dims No.[%zu] must match self dims.", i);
        }
    }
    return 0;
}

}  // namespace aclcpu
