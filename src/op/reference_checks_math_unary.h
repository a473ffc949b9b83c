// The custom first-phase checks of ops-math's element-wise unary operators at the reference tier
// (ops/families/math_unary.yaml `custom` checks that the table's vocabulary cannot express;
// docs/ops/math_unary.md). Included by every generated reference-tier translation unit (family `hooks:`). Each
// hook is int <hook>(const OpCall& c, <the entry's non-tensor parameters>): 0, or 161002 with CANN's message;
// c.t = {self, out} (an Inplace variant: {selfRef, selfRef}). Facts: hicann/ops-math at c4193324,
// math/<op>/op_api/aclnn_<op>.cpp and common/inc/external/aclnn_kernels/common/op_error_check.h (the
// OP_CHECK_RESULT_DTYPE_CAST_FAILED, OP_CHECK_DTYPE_NOT_SAME and OP_CHECK_DTYPE_NOT_MATCH messages).
#pragma once

#include <cstdint>

#include "common/status.h"
#include "op/op_call.h"
#include "runtime/runtime.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {

/// OP_CHECK_RESULT_DTYPE_CAST_FAILED(from, out's dtype): CanCast(from, out) or 161002.
inline int MathUnaryResultCast(aclDataType from, const aclTensor* out) {
    if (CanCast(from, out->dtype)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Result type %s can't be cast to the desired output type %s.",
                DtypeName(from), DtypeName(out->dtype));
}

/// aclnn_exp.cpp CheckDtypeValid, aclnn_erf.cpp / aclnn_erfc.cpp CheckDtypeValid (after the list check): the
/// kernel's dtype - FLOAT for a BOOL or INT64 self, else self's - castable to out's.
inline int CheckMathCastBoolInt64ToFloat(const OpCall& c) {
    const aclDataType d = c.t[0]->dtype;
    return MathUnaryResultCast(d == ACL_BOOL || d == ACL_INT64 ? ACL_FLOAT : d, c.t[1]);
}

/// aclnn_tan.cpp CheckDtypeCanCast, aclnn_tanh.cpp CheckDtypeValid (IsIntegralType(self, true)),
/// aclnn_expm1.cpp CheckDtypeValid (!IsFloatingType: within its list, the integers and BOOL): the kernel's dtype -
/// FLOAT for an integral or BOOL self, else self's - castable to out's.
inline int CheckMathCastIntegralToFloat(const OpCall& c) {
    const aclDataType d = c.t[0]->dtype;
    return MathUnaryResultCast(IsIntegralOrBool(d, true) ? ACL_FLOAT : d, c.t[1]);
}

/// aclnn_log10.cpp CheckDtypeValid (after the list check): a floating or complex self (UNCHANGED_DTYPE_LIST) needs
/// out of its own dtype (OP_CHECK_DTYPE_NOT_SAME), an integral or BOOL self a FLOAT out (OP_CHECK_DTYPE_NOT_MATCH).
inline int CheckLog10Dtype(const OpCall& c) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    const aclDataType d = self->dtype;
    const bool unchanged = d == ACL_BF16 || d == ACL_FLOAT16 || d == ACL_FLOAT || d == ACL_DOUBLE ||
                           d == ACL_COMPLEX64 || d == ACL_COMPLEX128;
    if (unchanged) {
        if (out->dtype == d) return 0;
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected both tensors to have same dtype, but found self %s and out %s.",
                    DtypeName(d), DtypeName(out->dtype));
    }
    if (out->dtype == ACL_FLOAT) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor out expected dtype is %s but found %s.", DtypeName(ACL_FLOAT),
                DtypeName(out->dtype));
}


/// aclnn_tanh.cpp CheckFormat (after the dtype checks): self's and out's formats differ, or self's is a private
/// format -> 161002. (CANN compares the view formats; an aclTensor here has the one format it was made with.)
inline int CheckTanhFormat(const OpCall& c) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    if (self->format != out->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format of input and output should be equal, self [%s], out [%s].",
                    FormatName(self->format), FormatName(out->format));
    }
    if (IsPrivateFormatCode(self->format)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Format only support ND\u3001NCHW\u3001NHWC\u3001HWCN\u3001NDHWC\u3001NCDHW, not support [%s].",
                    FormatName(self->format));
    }
    return 0;
}

/// aclnn_reciprocal.cpp CheckFormat (after the dtype checks): self's and out's storage formats differ -> 161002.
inline int CheckReciprocalFormat(const OpCall& c) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    if (self->format == out->format) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Format of input and output should be equal, self [%s], out [%s].",
                FormatName(self->format), FormatName(out->format));
}

/// aclnn_cosh.cpp, aclnn_acosh.cpp, aclnn_asinh.cpp: on a RegBase arch (Ascend 950) a private storage format of
/// self, then of out -> 161002 ("<Op> does not support private input/output format on RegBase.").
inline int MathRegBasePrivateFormat(const OpCall& c, const char* op) {
    if (c.soc != rt::Soc::kAscend950) return 0;
    if (IsPrivateFormatCode(c.t[0]->format)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s does not support private input format on RegBase.", op);
    }
    if (IsPrivateFormatCode(c.t[1]->format)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s does not support private output format on RegBase.", op);
    }
    return 0;
}
inline int CheckCoshFormat(const OpCall& c) { return MathRegBasePrivateFormat(c, "Cosh"); }
inline int CheckAsinhFormat(const OpCall& c) { return MathRegBasePrivateFormat(c, "Asinh"); }
inline int CheckAcoshFormat(const OpCall& c) { return MathRegBasePrivateFormat(c, "Acosh"); }

/// aclnn_floor.cpp CheckFormat (after the shapes): self's or out's storage format private -> 161002.
inline int CheckFloorFormat(const OpCall& c) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    if (!IsPrivateFormatCode(self->format) && !IsPrivateFormatCode(out->format)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "Format only support ND\u3001NCHW\u3001NHWC\u3001HWCN\u3001NDHWC\u3001NCDHW, self [%s], out [%s]",
                FormatName(self->format), FormatName(out->format));
}

/// aclnn_round.cpp CheckFormat (after the shapes): self's, then out's storage format private -> 161002.
inline int CheckRoundFormat(const OpCall& c) {
    if (!IsPrivateFormatCode(c.t[0]->format) && !IsPrivateFormatCode(c.t[1]->format)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Format only support ND\u3001NCHW\u3001NHWC\u3001HWCN\u3001NDHWC\u3001NCDHW.");
}
/// aclnnRoundDecimals' form of CheckRoundFormat (its hooks take the decimals parameter).
inline int CheckRoundDecimalsFormat(const OpCall& c, int64_t /*decimals*/) { return CheckRoundFormat(c); }

/// aclnn_sign.cpp CheckDtypeValid: a self outside DOUBLE, FLOAT, FLOAT16, INT32, INT64, COMPLEX64, COMPLEX128,
/// BOOL is refused on the Ascend910 (DAV_1001) and, unless BF16, on the 950 and Atlas A2/A3 (DAV_3510, DAV_2201);
/// other archs (the Ascend310P) let it through, as does BF16. A self inside the list needs result of its dtype.
inline int CheckSignDtype(const OpCall& c) {
    const aclTensor* self = c.t[0];
    const aclTensor* result = c.t[1];
    static const char kList[] = "DT_DOUBLE, DT_FLOAT, DT_FLOAT16, DT_INT32, DT_INT64, DT_COMPLEX64, DT_COMPLEX128, DT_BOOL";
    const aclDataType d = self->dtype;
    const bool listed = d == ACL_DOUBLE || d == ACL_FLOAT || d == ACL_FLOAT16 || d == ACL_INT32 || d == ACL_INT64 ||
                        d == ACL_COMPLEX64 || d == ACL_COMPLEX128 || d == ACL_BOOL;
    if (!listed) {
        if (c.soc == rt::Soc::kAscend910) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "On Ascend910 self dtype [%s] should be in dtype support list [%s].",
                        DtypeName(d), kList);
        }
        if (c.soc != rt::Soc::kAscend310P && d != ACL_BF16) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "On %s, self dtype [%s] should be in dtype support list [%s] or be BF16.",
                        rt::SocName(c.soc), DtypeName(d), kList);
        }
        return 0;
    }
    if (d == result->dtype) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Self dtype should be same as result dtype. self [%s], result [%s]", DtypeName(d),
                DtypeName(result->dtype));
}

/// aclnn_square.cpp CheckDtypeValid's first check: outside a RegBase arch (the Ascend 950) every call -> 161002.
inline int CheckSquareSupported(const OpCall& c) {
    if (c.soc == rt::Soc::kAscend950) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "not implemented for %s", rt::SocName(c.soc));
}

/// aclnn_square.cpp CheckFormat: the storage formats differ, or self's is private -> 161002.
inline int CheckSquareFormat(const OpCall& c) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    if (self->format != out->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format of input and output should be equal. self [%s], out [%s].",
                    FormatName(self->format), FormatName(out->format));
    }
    if (IsPrivateFormatCode(self->format)) return Fail(ACLNN_ERR_PARAM_INVALID, "Format only support ND.");
    return 0;
}

/// aclnn_isposinf.cpp / aclnn_isneginf.cpp CheckDtypeValid: outside SocVersion ASCEND910B..ASCEND910E and the
/// ASCEND310P (the Ascend910) every call -> 161002 "<api> is not supported on this device." (c.api: the API).
inline int CheckIsInfSupported(const OpCall& c) {
    if (c.soc != rt::Soc::kAscend910) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "%s is not supported on this device.", c.api);
}

/// aclnn_signbit.cpp CheckPromoteType (after the lists): BOOL castable to out's dtype -> else 161002.
inline int CheckSignbitCast(const OpCall& c) { return MathUnaryResultCast(ACL_BOOL, c.t[1]); }

/// aclnn_digamma.cpp / aclnn_lgamma.cpp CheckFormat (after the dtypes): the storage formats differ -> 161002;
/// the message prints the storage shapes (CANN passes GetStorageShape to it).
inline int CheckGammaFormat(const OpCall& c) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    if (self->format == out->format) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Format of input and output should be equal. self [%s], out [%s].",
                ShapeString(self->storage_shape).c_str(), ShapeString(out->storage_shape).c_str());
}

/// aclnn_nan_to_num.cpp CheckDtypeValid's first check: outside SocVersion ASCEND910B, ASCEND910_93 and a RegBase
/// arch (the Ascend910, Ascend310P) every call -> 161002.
inline int CheckNanToNumSupported(const OpCall& c, float /*nan*/, float /*posinf*/, float /*neginf*/) {
    if (c.soc == rt::Soc::kAscend950 || c.soc == rt::Soc::kAscend910B || c.soc == rt::Soc::kAscend910_93) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "NanToNum is not supported on this device.");
}

/// aclnnAngleV2 (math/angle_v2/op_host/angle_v2_def.cpp): out's dtype the op definition pairs with x's - FLOAT16
/// for FLOAT16, BF16 for BF16, FLOAT for every other x.
inline int CheckAngleV2OutDtype(const OpCall& c) {
    const aclDataType x = c.t[0]->dtype;
    const aclDataType want = (x == ACL_FLOAT16 || x == ACL_BF16) ? x : ACL_FLOAT;
    if (c.t[1]->dtype == want) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor out expected dtype is %s for x of %s but found %s.", DtypeName(want),
                DtypeName(x), DtypeName(c.t[1]->dtype));
}

}  // namespace aclcpu
