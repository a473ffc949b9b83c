// The custom first-phase checks of the reference-tier activation entries (ops/operators.yaml `custom` checks
// that the table's vocabulary cannot express; docs/ops/activation_reference.md). Included at the end of
// src/op/reference_checks.h, so every generated reference-tier translation unit sees them. Each hook is
// int <hook>(const OpCall& c, <the entry's non-tensor parameters>): 0, or 161001 / 161002 with CANN's message.
// Facts: hicann/ops-nn at e5c3fa93 - activation/gelu/op_api/aclnn_gelu.cpp (CheckFormat),
// activation/gelu_grad/op_api/aclnn_gelu_backward.cpp and activation/gelu_grad_v2/op_api/aclnn_gelu_backward_v2.cpp
// with common/inc/op_api/level2_base.h (CheckPromoteTypeGeluBackward), activation/sigmoid/op_api/aclnn_sigmoid.cpp
// (CheckInplaceParams), activation/softmax_v2/op_api/aclnn_softmax.cpp and
// activation/log_softmax_v2/op_api/aclnn_log_softmax.cpp (CheckDim), activation/softplus_v2/op_api/aclnn_softplus.cpp
// (CheckDtype).
#pragma once

#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <string>

#include "common/status.h"
#include "op/op_call.h"
#include "runtime/runtime.h"
#include "tensor/arguments.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {

/// Whether the product takes BF16 in the activation op_apis' own BF16 rule (SocVersion in [ASCEND910B,
/// ASCEND910E], NpuArch DAV_2201 or a regbase arch: Ascend 950, Atlas A2 and A3).
inline bool ActivationBf16Soc(rt::Soc soc) {
    return soc == rt::Soc::kAscend950 || soc == rt::Soc::kAscend910B || soc == rt::Soc::kAscend910_93;
}


// ---- aclnnGelu (aclnn_gelu.cpp CheckFormat, after the dtype checks); c.t = {self, out}

/// self's or out's storage format one of opbase's private formats -> 161002.
inline int CheckGeluFormat(const OpCall& c) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    if (!IsPrivateFormatCode(self->format) && !IsPrivateFormatCode(out->format)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "Format only support ND\u3001NCHW\u3001NHWC\u3001HWCN\u3001NDHWC\u3001NCDHW, self [%s], out [%s]",
                FormatName(self->format), FormatName(out->format));
}

// ---- aclnnGeluBackward, aclnnGeluBackwardV2 (level2_base.h CheckPromoteTypeGeluBackward); c.t = {gradOutput,
// self, gradInput}

/// After the promote check: the promoted dtype BF16 on a product without BF16 -> 161002 (before the list check).
inline int CheckGeluBackwardBf16(const OpCall& c) {
    const aclDataType promote = PromoteTypes(c.t[0]->dtype, c.t[1]->dtype);
    if (promote != ACL_BF16 || ActivationBf16Soc(c.soc)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Input dtype of gelu is not support bfloat16 in current socversion.");
}

/// aclnnGeluBackwardV2's form of CheckGeluBackwardBf16 (its hooks take the approximate parameter).
inline int CheckGeluBackwardV2Bf16(const OpCall& c, char* /*approximate*/) { return CheckGeluBackwardBf16(c); }

/// aclnnGeluBackwardV2 CheckNotNull, after the tensors: approximate NULL -> 161001.
inline int CheckGeluApproximateNotNull(const OpCall& /*c*/, char* approximate) {
    if (approximate != nullptr) return 0;
    return Fail(ACLNN_ERR_PARAM_NULLPTR, "approximate only supports to set none or tanh, but got null.");
}

/// aclnnGeluBackwardV2 CheckPromoteType, after the list: the promoted dtype not gradInput's -> 161002.
inline int CheckGeluBackwardV2Match(const OpCall& c, char* /*approximate*/) {
    const aclDataType promote = PromoteTypes(c.t[0]->dtype, c.t[1]->dtype);
    if (promote == c.t[2]->dtype) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Promote dtype of GradOutput and Self is %s, not matching with gradInput %s.",
                DtypeName(promote), DtypeName(c.t[2]->dtype));
}

/// aclnnGeluBackwardV2 CheckAttrValue, after the shapes: approximate neither "none" nor "tanh" -> 161002.
inline int CheckGeluApproximateValue(const OpCall& /*c*/, char* approximate) {
    if (std::strcmp(approximate, "none") == 0 || std::strcmp(approximate, "tanh") == 0) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "approximate only supports to set none or tanh, but got %s.", approximate);
}

// ---- aclnnInplaceSigmoid (aclnn_sigmoid.cpp CheckInplaceParams, before the base's checks); c.t = {self, out}

/// Only for the Inplace variant (c.api): selfRef's dtype in FLOAT, FLOAT16, DOUBLE, COMPLEX64, COMPLEX128 and,
/// on Ascend 950 and Atlas A2/A3, BF16 -> else 161002. aclnnSigmoid itself: nothing.
inline int CheckSigmoidInplaceRef(const OpCall& c) {
    if (c.api == nullptr || std::strcmp(c.api, "aclnnInplaceSigmoid") != 0) return 0;
    const aclDataType d = c.t[0]->dtype;
    const bool bf16 = ActivationBf16Soc(c.soc);
    if (d == ACL_FLOAT || d == ACL_FLOAT16 || d == ACL_DOUBLE || d == ACL_COMPLEX64 || d == ACL_COMPLEX128 ||
        (bf16 && d == ACL_BF16)) {
        return 0;
    }
    return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor selfRef not implemented for %s, should be in dtype support list %s.",
                DtypeName(d),
                bf16 ? "DT_FLOAT, DT_FLOAT16, DT_DOUBLE, DT_COMPLEX64, DT_COMPLEX128, DT_BF16"
                     : "DT_FLOAT, DT_FLOAT16, DT_DOUBLE, DT_COMPLEX64, DT_COMPLEX128");
}

// ---- aclnnSoftmax, aclnnLogSoftmax (CheckDim); c.t[0] = self

/// dim outside [-n, n - 1], n self's rank (1 for a 0-d self) -> 161002.
inline int CheckSoftmaxDim(const OpCall& c, int64_t dim) {
    int64_t n = static_cast<int64_t>(c.t[0]->view_shape.size());
    if (n == 0) n = 1;
    if (dim < n && dim >= -n) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "provided dim %ld not in the range of input size %ld.",
                static_cast<long>(dim), static_cast<long>(n));
}

// ---- aclnnSoftplus (aclnn_softplus.cpp CheckDtype, after self's list); c.t = {self, out}

/// beta's, then threshold's dtype not castable to self's (OP_CHECK_RESULT_DTYPE_CAST_FAILED) -> 161002.
inline int CheckSoftplusScalarCasts(const OpCall& c, const aclScalar* beta, const aclScalar* threshold) {
    const aclTensor* self = c.t[0];
    for (const aclScalar* s : {beta, threshold}) {
        if (CanCast(s->dtype, self->dtype)) continue;
        return Fail(ACLNN_ERR_PARAM_INVALID, "Result type %s can't be cast to the desired output type %s.",
                    DtypeName(s->dtype), DtypeName(self->dtype));
    }
    return 0;
}

}  // namespace aclcpu
