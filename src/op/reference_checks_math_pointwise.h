// The custom first-phase checks of ops-math's reference-tier element-wise operators of the family
// ops/families/math_pointwise.yaml (docs/ops/math_pointwise.md): the null and dtype stages whose codes, lists, rules
// or order depend on the product in ways the table's vocabulary cannot express. Included through the generated
// op/family_hooks.inc at the end of src/op/reference_checks.h, after math_binary's hooks (family files in file-name
// order), whose list helpers (MbList, MbIn, MbText, MbNotSupported, MbCastFailed) it uses. Each hook is
// int <hook>(const OpCall& c, <the entry's non-tensor parameters>): 0, or the op_api's status with its message.
// Facts: hicann/ops-math math/bitwise_not (aclnn_bitwise_not.cpp), math/greater_equal (aclnn_ge_scalar.cpp),
// math/less_equal (aclnn_le_scalar.cpp), math/less (aclnn_lt_scalar.cpp), math/log_add_exp (aclnn_logaddexp.cpp,
// aclnn_logaddexp2.cpp), each op_api/. NpuArch per product: DAV_3510 (regbase) the Ascend 950, DAV_2201 the Atlas
// A2/A3 (Ascend910B, Ascend910_93); the Ascend910 and Ascend310P take each function's default branch; SocVersion
// [ASCEND910B, ASCEND910E] holds the 950 and Atlas A2/A3.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/status.h"
#include "op/binary_arith.h"
#include "op/op_call.h"
#include "runtime/runtime.h"
#include "tensor/arguments.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {

/// Atlas A2/A3 (NpuArch DAV_2201).
inline bool MpIsDav2201(rt::Soc soc) { return soc == rt::Soc::kAscend910B || soc == rt::Soc::kAscend910_93; }

/// SocVersion in [ASCEND910B, ASCEND910E]: the Ascend 950 and Atlas A2/A3.
inline bool MpIs910bRange(rt::Soc soc) { return soc == rt::Soc::kAscend950 || MpIsDav2201(soc); }

// ---- aclnnBitwiseNot (aclnn_bitwise_not.cpp); c.t = {self, out}

/// CheckNotNull, whose failure CheckParams returns as ACLNN_ERR_INNER_NULLPTR (561103), not 161001.
inline int CheckBitwiseNotNull(const OpCall& c) {
    for (int i = 0; i < 2; ++i) {
        if (c.t[i] == nullptr) {
            return Fail(ACLNN_ERR_INNER_NULLPTR, "Expected a proper Tensor but got null for argument %s.", c.names[i]);
        }
    }
    return 0;
}

/// CheckFormat: a private storage format on self or out.
inline int CheckMpPrivateFormat(const OpCall& c) {
    for (int i = 0; i < c.num_tensors; ++i) {
        if (IsPrivateFormatCode(c.t[i]->format)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Format only support ND,NCHW,NHWC,HWCN,NDHWC,NCDHW.");
        }
    }
    return 0;
}

// ---- aclnnExp2 / aclnnInplaceExp2 (math/pow/op_api/aclnn_exp2.cpp); c.t = {self, out}

/// CheckDtypeValid's cast: self's dtype - FLOAT for an integral or BOOL self, which the op_api computes in FLOAT -
/// castable to out's dtype.
inline int CheckExp2Cast(const OpCall& c) {
    aclDataType from = c.t[0]->dtype;
    if (IsIntegralOrBool(from, true)) from = ACL_FLOAT;
    if (!CanCast(from, c.t[1]->dtype)) return MbCastFailed(from, c.t[1]->dtype);
    return 0;
}

// ---- aclnnLogAddExp / aclnnLogAddExp2 (aclnn_logaddexp.cpp, aclnn_logaddexp2.cpp); c.t = {self, other, out}

/// The casts of CheckDtypeValid (after the lists, which are the table's): self's and other's dtypes, where they
/// differ from out's, castable to it (the op_api casts both inputs to out's dtype).
inline int CheckLogAddExpCasts(const OpCall& c) {
    const aclDataType out = c.t[2]->dtype;
    for (int i = 0; i < 2; ++i) {
        if (c.t[i]->dtype != out && !CanCast(c.t[i]->dtype, out)) return MbCastFailed(c.t[i]->dtype, out);
    }
    return 0;
}

/// CheckFormat, on the Ascend 950 only (after the shape checks): self's and other's storage formats equal out's,
/// self's not private.
inline int CheckLogAddExpFormat(const OpCall& c) {
    if (!IsRegBaseSoc(c.soc)) return 0;
    const aclTensor* self = c.t[0];
    const aclTensor* other = c.t[1];
    const aclTensor* out = c.t[2];
    if (self->format != out->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format of self and output should be equal. self [%d], out [%d].",
                    self->format, out->format);
    }
    if (other->format != out->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format of other and output should be equal. other [%d], out [%d].",
                    other->format, out->format);
    }
    if (IsPrivateFormatCode(self->format)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format only support ND、NCHW、NHWC、HWCN、NDHWC、NCDHW.");
    }
    return 0;
}

// ---- aclnnGeScalar / aclnnInplaceGeScalar (aclnn_ge_scalar.cpp); c.t = {self, out}

/// The input lists: regbase (the 950) with BOOL and BF16, DAV_2201 (Atlas A2/A3) with BF16, else neither.
inline MbList GeScalarInputList(rt::Soc soc) {
    if (IsRegBaseSoc(soc)) {
        static constexpr aclDataType k[] = {ACL_FLOAT,  ACL_INT32,  ACL_FLOAT16, ACL_INT8,   ACL_DOUBLE,
                                            ACL_INT16,  ACL_INT64,  ACL_UINT64,  ACL_UINT32, ACL_UINT16,
                                            ACL_UINT8,  ACL_BOOL,   ACL_BF16};
        return MbL(k);
    }
    if (MpIsDav2201(soc)) {
        static constexpr aclDataType k[] = {ACL_FLOAT, ACL_INT32,  ACL_FLOAT16, ACL_INT8,   ACL_DOUBLE, ACL_INT16,
                                            ACL_INT64, ACL_UINT64, ACL_UINT32,  ACL_UINT16, ACL_UINT8,  ACL_BF16};
        return MbL(k);
    }
    static constexpr aclDataType k[] = {ACL_FLOAT, ACL_INT32,  ACL_FLOAT16, ACL_INT8,   ACL_DOUBLE, ACL_INT16,
                                        ACL_INT64, ACL_UINT64, ACL_UINT32,  ACL_UINT16, ACL_UINT8};
    return MbL(k);
}

/// OUT_DTYPE_SUPPORT_LIST (every product; its BF16 is also CheckSocExtraType's).
inline MbList GeScalarOutList() {
    static constexpr aclDataType k[] = {ACL_FLOAT,  ACL_INT32,  ACL_FLOAT16, ACL_INT8,       ACL_DOUBLE,
                                        ACL_INT16,  ACL_INT64,  ACL_UINT64,  ACL_UINT32,     ACL_UINT16,
                                        ACL_UINT8,  ACL_COMPLEX128, ACL_COMPLEX64, ACL_BOOL, ACL_BF16};
    return MbL(k);
}

/// CheckDtypeValid, then CheckPromoteType: on the 950 self in its input list; out in the output list. The promote
/// type - the 950: CombineCategoriesWithComplex(self, the scalar's default dtype), BOOL as INT8, self's and other's
/// dtypes castable to it; elsewhere PromoteType(self, other), BOOL as INT8, a DOUBLE scalar that a floating self's
/// dtype holds within FLT_EPSILON keeping self's dtype - defined, in the product's input list (or BF16 on the 950
/// and Atlas A2/A3); BOOL castable to out's dtype.
inline int CheckGeScalarDtypes(const OpCall& c, const aclScalar* other) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    const MbList in = GeScalarInputList(c.soc);
    const bool regbase = IsRegBaseSoc(c.soc);
    if (regbase && !MbIn(self->dtype, in)) return MbNotSupported("self", self->dtype, in);
    if (!MbIn(out->dtype, GeScalarOutList())) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "aclnnGeScalar not implemented for out dtype %s,should be in dtype support "
                    "list %s.", DtypeName(out->dtype), MbText(GeScalarOutList()).c_str());
    }
    aclDataType p = ACL_DT_UNDEFINED;
    if (regbase) {
        p = CombineCategoriesWithComplex(self->dtype, ScalarDefaultDtype(other->dtype));
        if (p == ACL_BOOL) p = ACL_INT8;
        if (!CanCast(self->dtype, p)) return MbCastFailed(self->dtype, p);
        if (!CanCast(other->dtype, p)) return MbCastFailed(other->dtype, p);
    } else {
        p = PromoteTypes(self->dtype, other->dtype);
        if (p == ACL_BOOL) p = ACL_INT8;
        if (other->dtype == ACL_DOUBLE && IsFloatingDtype(self->dtype)) {
            double d = 0.0;
            ScalarToDouble(*other, &d);
            const ConvertedScalar v = ConvertScalarTo(*other, self->dtype);
            const double cast = self->dtype == ACL_DOUBLE ? d : v.re;
            const double diff = cast - d;
            if (diff <= 1.1920928955078125e-07 && diff >= -1.1920928955078125e-07) p = self->dtype;
        }
    }
    if (p == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Self dtype %s and other dtype %s can not promote dtype.",
                    DtypeName(self->dtype), DtypeName(other->dtype));
    }
    if (!MbIn(p, in) && !(p == ACL_BF16 && (regbase || MpIsDav2201(c.soc)))) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "aclnnGeScalar not implemented for input dtype %s,should be in dtype "
                    "support list %s.", DtypeName(p), MbText(in).c_str());
    }
    if (!CanCast(ACL_BOOL, out->dtype)) return MbCastFailed(ACL_BOOL, out->dtype);
    return 0;
}

// ---- aclnnLeScalar / aclnnInplaceLeScalar (aclnn_le_scalar.cpp); c.t = {self, out}

/// GetDtypeSupportList: regbase (the 950) with BF16 and UINT64, DAV_2201 with BF16, else neither.
inline MbList LeScalarInputList(rt::Soc soc) {
    if (IsRegBaseSoc(soc)) {
        static constexpr aclDataType k[] = {ACL_INT8,  ACL_UINT8,  ACL_INT16, ACL_UINT16, ACL_INT32, ACL_INT64,
                                            ACL_FLOAT16, ACL_FLOAT, ACL_DOUBLE, ACL_BOOL, ACL_BF16,  ACL_UINT64};
        return MbL(k);
    }
    if (MpIsDav2201(soc)) {
        static constexpr aclDataType k[] = {ACL_INT8,    ACL_UINT8, ACL_INT16,  ACL_UINT16, ACL_INT32, ACL_INT64,
                                            ACL_FLOAT16, ACL_FLOAT, ACL_DOUBLE, ACL_BOOL,   ACL_BF16};
        return MbL(k);
    }
    static constexpr aclDataType k[] = {ACL_INT8,  ACL_UINT8,   ACL_INT16, ACL_UINT16, ACL_INT32,
                                        ACL_INT64, ACL_FLOAT16, ACL_FLOAT, ACL_DOUBLE, ACL_BOOL};
    return MbL(k);
}

/// REGBASE_OUT_DTYPE_SUPPORT_LIST (GetOutputDtypeSupportList on SocVersion [ASCEND910B, ASCEND910E], which the 950's
/// out check reads).
inline MbList LeScalarRegbaseOutList() {
    static constexpr aclDataType k[] = {ACL_FLOAT,  ACL_INT32,  ACL_INT64, ACL_FLOAT16,   ACL_INT16,
                                        ACL_INT8,   ACL_UINT8,  ACL_DOUBLE, ACL_UINT32,   ACL_UINT64,
                                        ACL_BOOL,   ACL_UINT16, ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16};
    return MbL(k);
}

/// CheckDtypeValid, then CheckPromoteType: self and other in the product's input list; out in it (the 950: in the
/// regbase output list), or BOOL. The promote type (PromoteTypeScalar: the 950 CombineCategoriesWithComplex with
/// the scalar's default dtype; elsewhere a floating self's dtype, FLOAT for a DOUBLE scalar, else PromoteType)
/// defined; self's and other's dtypes castable to it; on the 950 in the input list; BOOL castable to out's dtype.
inline int CheckLeScalarDtypes(const OpCall& c, const aclScalar* other) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    const MbList in = LeScalarInputList(c.soc);
    const bool regbase = IsRegBaseSoc(c.soc);
    if (!MbIn(self->dtype, in)) return MbNotSupported("self", self->dtype, in);
    if (!MbIn(other->dtype, in)) return MbNotSupported("other", other->dtype, in);
    const MbList out_list = regbase ? LeScalarRegbaseOutList() : in;
    if (!MbIn(out->dtype, out_list) && out->dtype != ACL_BOOL) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "out dtype %s should be in dtype support list [%s].",
                    DtypeName(out->dtype), MbText(out_list).c_str());
    }
    aclDataType p = ACL_DT_UNDEFINED;
    if (regbase) {
        p = CombineCategoriesWithComplex(self->dtype, ScalarDefaultDtype(other->dtype));
    } else if (IsFloatingDtype(self->dtype)) {
        p = self->dtype;
    } else if (other->dtype == ACL_DOUBLE) {
        p = ACL_FLOAT;
    } else {
        p = PromoteTypes(self->dtype, other->dtype);
    }
    if (p == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Self dtype %s and other dtype %s can not promote dtype.",
                    DtypeName(self->dtype), DtypeName(other->dtype));
    }
    if (!CanCast(self->dtype, p)) return MbCastFailed(self->dtype, p);
    if (!CanCast(other->dtype, p)) return MbCastFailed(other->dtype, p);
    if (regbase && !MbIn(p, in)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "aclnnLeScalar not implemented for input dtype %s,should be in dtype "
                    "support list [%s].", DtypeName(p), MbText(in).c_str());
    }
    if (!CanCast(ACL_BOOL, out->dtype)) return MbCastFailed(ACL_BOOL, out->dtype);
    return 0;
}

// ---- aclnnLtScalar / aclnnInplaceLtScalar (aclnn_lt_scalar.cpp); c.t = {self, out}

/// GetDtypeSupportList: SocVersion [ASCEND910B, ASCEND910E] (the 950, Atlas A2/A3) the list with BF16.
inline MbList LtScalarInputList(rt::Soc soc) {
    if (MpIs910bRange(soc)) {
        static constexpr aclDataType k[] = {ACL_FLOAT,  ACL_INT32,  ACL_INT64, ACL_FLOAT16, ACL_INT16,
                                            ACL_INT8,   ACL_UINT8,  ACL_DOUBLE, ACL_UINT32, ACL_UINT64,
                                            ACL_BOOL,   ACL_UINT16, ACL_BF16};
        return MbL(k);
    }
    static constexpr aclDataType k[] = {ACL_FLOAT, ACL_INT32,  ACL_INT64,  ACL_FLOAT16, ACL_INT16, ACL_INT8,
                                        ACL_UINT8, ACL_DOUBLE, ACL_UINT32, ACL_UINT64,  ACL_BOOL,  ACL_UINT16};
    return MbL(k);
}

/// GetOutDtypeSupportList: the same split.
inline MbList LtScalarOutList(rt::Soc soc) {
    if (MpIs910bRange(soc)) {
        static constexpr aclDataType k[] = {ACL_INT64,  ACL_UINT64, ACL_INT32, ACL_UINT32,     ACL_INT16,
                                            ACL_UINT16, ACL_INT8,   ACL_UINT8, ACL_DOUBLE,     ACL_FLOAT,
                                            ACL_FLOAT16, ACL_BF16,  ACL_BOOL,  ACL_COMPLEX128, ACL_COMPLEX64};
        return MbL(k);
    }
    static constexpr aclDataType k[] = {ACL_INT64,  ACL_UINT64,  ACL_INT32, ACL_UINT32,     ACL_INT16,
                                        ACL_UINT16, ACL_INT8,    ACL_UINT8, ACL_DOUBLE,     ACL_FLOAT,
                                        ACL_FLOAT16, ACL_BOOL,   ACL_COMPLEX128, ACL_COMPLEX64};
    return MbL(k);
}

/// The null checks of both paths: other, then self NULL - no message; 161001 on the 950, 561103
/// (ACLNN_ERR_INNER_NULLPTR) elsewhere -, then out NULL (161001, OP_CHECK_NULL's message). The scalar's liveness is the generated code's check, after this.
inline int CheckLtScalarNull(const OpCall& c, const aclScalar* other) {
    // the hook runs before the generated code sets c.soc
    const int code = IsRegBaseSoc(rt::ActiveSoc()) ? ACLNN_ERR_PARAM_NULLPTR : ACLNN_ERR_INNER_NULLPTR;
    if (other == nullptr) return Fail(code, "aclnnLtScalar: other is nullptr.");
    if (c.t[0] == nullptr) return Fail(code, "aclnnLtScalar: self is nullptr.");
    if (c.t[1] == nullptr) {
        return Fail(ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument out.");
    }
    return 0;
}

/// The dtype checks. The 950 (aclnnLtScalarGetWorkspaceSizeV35): self and other in the input list, out in the output
/// list; the promote type CombineCategoriesWithComplex(self, the scalar's default dtype), BOOL as UINT8, defined,
/// in the input list, self's and other's dtypes castable to it; BOOL castable to out's dtype. Elsewhere the scalar
/// is first converted to a tensor of dtype: a floating self's, FLOAT for a DOUBLE scalar, else its own; then the
/// tensor form's checks: self, that tensor and out in the input list; PromoteType(self, it) defined; BOOL castable
/// to out's dtype.
inline int CheckLtScalarDtypes(const OpCall& c, const aclScalar* other) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    const MbList in = LtScalarInputList(c.soc);
    if (IsRegBaseSoc(c.soc)) {
        const MbList out_list = LtScalarOutList(c.soc);
        if (!MbIn(self->dtype, in)) return MbNotSupported("self", self->dtype, in);
        if (!MbIn(other->dtype, in)) return MbNotSupported("other", other->dtype, in);
        if (!MbIn(out->dtype, out_list)) return MbNotSupported("out", out->dtype, out_list);
        aclDataType p = CombineCategoriesWithComplex(self->dtype, ScalarDefaultDtype(other->dtype));
        if (p == ACL_BOOL) p = ACL_UINT8;
        if (p == ACL_DT_UNDEFINED) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Self dtype %s and other dtype %s can not promote dtype.",
                        DtypeName(self->dtype), DtypeName(other->dtype));
        }
        if (!MbIn(p, in)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "aclnnLtScalar not implemented for input promote dtype %s.",
                        DtypeName(p));
        }
        if (!CanCast(self->dtype, p)) return MbCastFailed(self->dtype, p);
        if (!CanCast(other->dtype, p)) return MbCastFailed(other->dtype, p);
        if (!CanCast(ACL_BOOL, out->dtype)) return MbCastFailed(ACL_BOOL, out->dtype);
        return 0;
    }
    aclDataType od = other->dtype;
    if (IsFloatingDtype(self->dtype)) {
        od = self->dtype;
    } else if (od == ACL_DOUBLE) {
        od = ACL_FLOAT;
    }
    if (!MbIn(self->dtype, in)) return MbNotSupported("self", self->dtype, in);
    if (!MbIn(od, in)) return MbNotSupported("other", od, in);
    if (!MbIn(out->dtype, in)) return MbNotSupported("out", out->dtype, in);
    if (PromoteTypes(self->dtype, od) == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Self dtype %s and other dtype %s can not promote dtype.",
                    DtypeName(self->dtype), DtypeName(od));
    }
    if (!CanCast(ACL_BOOL, out->dtype)) return MbCastFailed(ACL_BOOL, out->dtype);
    return 0;
}

/// The shape checks: self and out at most 8 dims; out's shape self's - the 950 OP_CHECK_SHAPE_NOT_EQUAL(self, out),
/// elsewhere the tensor form's broadcast of self with the 0-d scalar tensor against out's shape.
inline int CheckLtScalarShape(const OpCall& c, const aclScalar*) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    const bool regbase = IsRegBaseSoc(c.soc);
    if (self->view_shape.size() > 8) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than 8 dimensions.");
    }
    if (regbase && out->view_shape.size() > 8) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The out tensor cannot be larger than 8 dimensions.");
    }
    if (self->view_shape == out->view_shape) return 0;
    if (regbase) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for self to have same size as tensor for out, but %s does not equal %s.",
                    ShapeString(self->view_shape).c_str(), ShapeString(out->view_shape).c_str());
    }
    return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of out should be %s, but current is %s.",
                ShapeString(self->view_shape).c_str(), ShapeString(out->view_shape).c_str());
}

// ---- aclnnRemainderTensorTensor / TensorScalar / ScalarTensor and the Inplace forms (math/floor_mod/op_api/
// aclnn_remainder.cpp)

/// NumPy broadcast of two view shapes of any rank; false when a dim pair is neither equal nor 1.
inline bool MpBroadcast(const std::vector<int64_t>& a, const std::vector<int64_t>& b, std::vector<int64_t>* out) {
    const size_t n = a.size() > b.size() ? a.size() : b.size();
    out->assign(n, 1);
    for (size_t i = 0; i < n; ++i) {
        const int64_t da = i < a.size() ? a[a.size() - 1 - i] : 1;
        const int64_t db = i < b.size() ? b[b.size() - 1 - i] : 1;
        if (da != db && da != 1 && db != 1) return false;
        (*out)[n - 1 - i] = da == 1 ? db : da;
    }
    return true;
}

/// GetDtypeSupportList by NpuArch: DAV_2201 and DAV_3510 (Atlas A2/A3, the 950) with BF16; DAV_1001 (Ascend910) and
/// DAV_2002 (Ascend310P) without - two lists of the same dtypes.
inline MbList RemainderList(rt::Soc soc) {
    if (MpIs910bRange(soc)) {
        static constexpr aclDataType k[] = {ACL_INT32, ACL_INT64, ACL_FLOAT16, ACL_FLOAT, ACL_DOUBLE, ACL_BF16};
        return MbL(k);
    }
    static constexpr aclDataType k[] = {ACL_INT32, ACL_INT64, ACL_FLOAT16, ACL_FLOAT, ACL_DOUBLE};
    return MbL(k);
}

/// CheckPromoteType (tensor-tensor; c.t = {self, other, out}): PromoteType(self, other) defined, castable to out's
/// dtype, in the product's list.
inline int CheckRemainderTensorDtypes(const OpCall& c) {
    const aclDataType s = c.t[0]->dtype, o = c.t[1]->dtype, out = c.t[2]->dtype;
    const aclDataType p = PromoteTypes(s, o);
    if (p == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "self dtype %s and other dtype %s can not promote dtype.", DtypeName(s),
                    DtypeName(o));
    }
    if (!CanCast(p, out)) return MbCastFailed(p, out);
    const MbList l = RemainderList(c.soc);
    if (!MbIn(p, l)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Promote type %s should be in dtype support list [%s].", DtypeName(p),
                    MbText(l).c_str());
    }
    return 0;
}

/// [] or [1].
inline bool MpSpecialShape(const std::vector<int64_t>& s) { return s.empty() || (s.size() == 1 && s[0] == 1); }

/// CheckBroadcastShape (tensor-tensor): self and other broadcastable; out of the broadcast shape - the 950 as
/// OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE; elsewhere with its own message, a broadcast shape and an out each of
/// [] or [1] accepted together outside the Inplace form.
inline int CheckRemainderTensorShape(const OpCall& c) {
    const aclTensor* self = c.t[0];
    const aclTensor* other = c.t[1];
    const aclTensor* out = c.t[2];
    std::vector<int64_t> b;
    if (!MpBroadcast(self->view_shape, other->view_shape, &b)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The size of tensor self %s must match the size of tensor other %s.",
                    ShapeString(self->view_shape).c_str(), ShapeString(other->view_shape).c_str());
    }
    if (b == out->view_shape) return 0;
    if (IsRegBaseSoc(c.soc)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as %s, but got %s.",
                    ShapeString(b).c_str(), ShapeString(out->view_shape).c_str());
    }
    const bool inplace = std::string(c.api) == "aclnnInplaceRemainderTensorTensor";
    if (!inplace && MpSpecialShape(b) && MpSpecialShape(out->view_shape)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "expected consistent tensor shape for the broadcast shape and out, but got %s and %s respectively.",
                ShapeString(b).c_str(), ShapeString(out->view_shape).c_str());
}

/// PromoteTypeScalar of aclnn_remainder.cpp (tensor dtype t, scalar dtype s): the 950 CombineCategoriesWithComplex(t,
/// s as its default dtype - COMPLEX64 for complex, else its own); elsewhere a floating t; a floating s or a BOOL t
/// PromoteType; else t.
inline aclDataType RemainderScalarPromote(rt::Soc soc, aclDataType t, aclDataType s) {
    if (IsRegBaseSoc(soc)) return CombineCategoriesWithComplex(t, IsComplexDtype(s) ? ACL_COMPLEX64 : s);
    if (IsFloatingDtype(t)) return t;
    if (IsFloatingDtype(s) || t == ACL_BOOL) return PromoteTypes(t, s);
    return t;
}

inline bool MpIsComplex64Or128(aclDataType d) { return d == ACL_COMPLEX64 || d == ACL_COMPLEX128; }

/// CheckPromoteTypeTensorScalar (c.t = {self, out}): no COMPLEX64 / COMPLEX128 self or scalar; self castable to the
/// computing dtype, which must be in the product's list and castable to out's dtype.
inline int CheckRemainderTensorScalarDtypes(const OpCall& c, const aclScalar* other) {
    const aclDataType s = c.t[0]->dtype, out = c.t[1]->dtype;
    if (MpIsComplex64Or128(s) || MpIsComplex64Or128(other->dtype)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "remainder_npu not implemented for dtype complex.");
    }
    const aclDataType p = RemainderScalarPromote(c.soc, s, other->dtype);
    if (!CanCast(s, p)) return MbCastFailed(s, p);
    const MbList l = RemainderList(c.soc);
    if (!MbIn(p, l)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "expected dtype %s should be in dtype support list [%s].", DtypeName(p),
                    MbText(l).c_str());
    }
    if (!CanCast(p, out)) return MbCastFailed(p, out);
    return 0;
}

/// CheckParamsScalarTensor's null checks (c.t = {other, out}): self (the aclScalar), other, out NULL ->
/// ACLNN_ERR_INNER_NULLPTR (561103), which this form returns unchanged.
inline int CheckRemainderScalarTensorNull(const OpCall& c, const aclScalar* self) {
    if (self == nullptr) {
        return Fail(ACLNN_ERR_INNER_NULLPTR, "Expected a value of type number for argument self but instead found "
                    "type null.");
    }
    for (int i = 0; i < 2; ++i) {
        if (c.t[i] == nullptr) {
            return Fail(ACLNN_ERR_INNER_NULLPTR, "Expected a proper Tensor but got null for argument %s.", c.names[i]);
        }
    }
    return 0;
}

/// CheckPromoteTypeScalarTensor (c.t = {other, out}): no COMPLEX64 / COMPLEX128 scalar or other; the computing dtype -
/// the 950 CombineCategoriesWithComplex(other, the scalar), elsewhere other's dtype - castable to out's; out's dtype
/// in the product's list.
inline int CheckRemainderScalarTensorDtypes(const OpCall& c, const aclScalar* self) {
    const aclDataType o = c.t[0]->dtype, out = c.t[1]->dtype;
    if (MpIsComplex64Or128(self->dtype) || MpIsComplex64Or128(o)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "remainder_npu not implemented for dtype complex.");
    }
    const aclDataType p = IsRegBaseSoc(c.soc) ? RemainderScalarPromote(c.soc, o, self->dtype) : o;
    if (!CanCast(p, out)) return MbCastFailed(p, out);
    const MbList l = RemainderList(c.soc);
    if (!MbIn(out, l)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "out dtype %s should be in dtype support list [%s].", DtypeName(out),
                    MbText(l).c_str());
    }
    return 0;
}

// ---- aclnnGcd (math/gcd/op_api/aclnn_gcd.cpp); c.t = {self, other, out}

/// CheckDtypeValid: two BOOL operands; out not an integer dtype (BOOL excluded); PromoteType(self, other) undefined,
/// or outside the product's list - the 950 UINT8, INT8, INT16, INT32, INT64; SocVersion ASCEND910 INT32 alone; the
/// others (Atlas A2/A3, Ascend310P) INT32, INT16, INT64 -; the promote type not castable to out's dtype.
inline int CheckGcdDtypes(const OpCall& c) {
    const aclDataType s = c.t[0]->dtype, o = c.t[1]->dtype, out = c.t[2]->dtype;
    if (s == ACL_BOOL && o == ACL_BOOL) return Fail(ACLNN_ERR_PARAM_INVALID, "gcd not implemented for %s", DtypeName(s));
    if (!IsIntegralOrBool(out, false)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Out type should be integral but got %s.", DtypeName(out));
    }
    const aclDataType p = PromoteTypes(s, o);
    if (p == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Self dtype %s and other dtype %s can not be promoted.", DtypeName(s),
                    DtypeName(o));
    }
    MbList l;
    if (IsRegBaseSoc(c.soc)) {
        static constexpr aclDataType k[] = {ACL_UINT8, ACL_INT8, ACL_INT16, ACL_INT32, ACL_INT64};
        l = MbL(k);
    } else if (c.soc == rt::Soc::kAscend910) {
        static constexpr aclDataType k[] = {ACL_INT32};
        l = MbL(k);
    } else {
        static constexpr aclDataType k[] = {ACL_INT32, ACL_INT16, ACL_INT64};
        l = MbL(k);
    }
    if (!MbIn(p, l)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Self dtype %s and other dtype %s get promoteType dtype %s should be in dtype support list %s.",
                    DtypeName(s), DtypeName(o), DtypeName(p), MbText(l).c_str());
    }
    if (!CanCast(p, out)) return MbCastFailed(p, out);
    return 0;
}

/// CheckShape's out check: out of the broadcast shape (the table's variable b), with this op_api's message.
inline int CheckGcdOutShape(const OpCall& c) {
    if (c.b.Equals(c.t[2]->view_shape)) return 0;
    const std::vector<int64_t> b(c.b.d, c.b.d + c.b.n);
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected out tensor shape to be %s, but got %s.", ShapeString(b).c_str(),
                ShapeString(c.t[2]->view_shape).c_str());
}

// ---- aclnnEqual (math/tensor_equal/op_api/aclnn_equal.cpp); c.t = {self, other, out}

/// CheckOutShape: out of shape [1] (OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE).
inline int CheckEqualOutShape(const OpCall& c) {
    const std::vector<int64_t>& s = c.t[2]->view_shape;
    if (s.size() == 1 && s[0] == 1) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as [1], but got %s.",
                ShapeString(s).c_str());
}

// ---- aclnnFloorDivide / aclnnFloorDivides and the Inplace forms (math/floor_div/op_api/aclnn_floor_divide.cpp)

/// GetDtypeSupportList: DAV_2201 or regbase (Atlas A2/A3, the 950) the list with BF16.
inline MbList FloorDivideList(rt::Soc soc) {
    if (MpIs910bRange(soc)) {
        static constexpr aclDataType k[] = {ACL_FLOAT16, ACL_FLOAT, ACL_INT64, ACL_INT32,  ACL_INT16,
                                            ACL_INT8,    ACL_UINT8, ACL_DOUBLE, ACL_BOOL, ACL_BF16};
        return MbL(k);
    }
    static constexpr aclDataType k[] = {ACL_FLOAT16, ACL_FLOAT, ACL_INT64,  ACL_INT32, ACL_INT16,
                                        ACL_INT8,    ACL_UINT8, ACL_DOUBLE, ACL_BOOL};
    return MbL(k);
}

/// CheckPromoteType's common tail: the promote type p of operand dtypes s and o defined; on the 950 in the list,
/// s and o castable to it, it castable to out's dtype.
inline int FloorDividePromoteTail(rt::Soc soc, aclDataType s, aclDataType o, aclDataType p, aclDataType out) {
    if (p == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Self dtype %s and other dtype %s can not promote dtype.", DtypeName(s),
                    DtypeName(o));
    }
    if (!IsRegBaseSoc(soc)) return 0;
    const MbList l = FloorDivideList(soc);
    if (!MbIn(p, l)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "aclnnFloorDivide not implemented for input dtype %s,should be in dtype "
                    "support list %s.", DtypeName(p), MbText(l).c_str());
    }
    if (!CanCast(s, p)) return MbCastFailed(s, p);
    if (!CanCast(o, p)) return MbCastFailed(o, p);
    if (!CanCast(p, out)) return MbCastFailed(p, out);
    return 0;
}

/// Tensor form (c.t = {self, other, out}): PromoteType(self, other).
inline int CheckFloorDividePromote(const OpCall& c) {
    const aclDataType s = c.t[0]->dtype, o = c.t[1]->dtype;
    return FloorDividePromoteTail(c.soc, s, o, PromoteTypes(s, o), c.t[2]->dtype);
}

/// Scalar form (c.t = {self, out}): InferFloorDivTensorScalarDtype - the 950 CombineCategoriesWithComplex(self, the
/// scalar's default dtype) with FLOAT16 / BF16 as FLOAT (COMPLEX32 as COMPLEX64); elsewhere PromoteType, BOOL as
/// FLOAT.
inline int CheckFloorDividesPromote(const OpCall& c, const aclScalar* other) {
    const aclDataType s = c.t[0]->dtype, o = other->dtype;
    aclDataType p = ACL_DT_UNDEFINED;
    if (IsRegBaseSoc(c.soc)) {
        p = CombineCategoriesWithComplex(s, ScalarDefaultDtype(o));
        if (p == ACL_FLOAT16 || p == ACL_BF16) p = ACL_FLOAT;
        if (p == ACL_COMPLEX32) p = ACL_COMPLEX64;
    } else {
        p = PromoteTypes(s, o);
        if (p == ACL_BOOL) p = ACL_FLOAT;
    }
    return FloorDividePromoteTail(c.soc, s, o, p, c.t[1]->dtype);
}

// ---- aclnnLeftShift (math/left_shift/op_api/aclnn_left_shift.cpp); c.t = {self, shiftBits, out}

/// CheckFormatValid of self, shiftBits, out in turn: a private storage format.
inline int CheckShiftFormat(const OpCall& c) {
    for (int i = 0; i < c.num_tensors; ++i) {
        if (IsPrivateFormatCode(c.t[i]->format)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Format only support ND、NCHW、NHWC、HWCN、NDHWC、NCDHW.");
        }
    }
    return 0;
}

// ---- aclnnLerp / aclnnLerps and the Inplace forms (math/lerp/op_api/aclnn_lerp_tensor.cpp, aclnn_lerp_scalar.cpp);
// c.t = {self, end, weight, out} or {self, end, out}

/// opbase's IsContiguous: the view's strides those of its shape laid out row-major (dims of size 1 free).
inline bool MpIsContiguous(const aclTensor* t) {
    int64_t expect = 1;
    for (size_t i = t->view_shape.size(); i-- > 0;) {
        if (t->view_shape[i] != 1 && t->strides[i] != expect) return false;
        expect *= t->view_shape[i];
    }
    return true;
}

/// CheckShape: self and end broadcastable ("Shape of self and end can't broadcast."), then with weight (Lerp); out of
/// the broadcast shape; the dims (8 at most, each input) checked only when a tensor is not contiguous.
inline int CheckLerpShape(const OpCall& c) {
    const int inputs = c.num_inputs;
    const aclTensor* out = c.t[inputs];
    std::vector<int64_t> b;
    if (!MpBroadcast(c.t[0]->view_shape, c.t[1]->view_shape, &b)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of self and end can't broadcast.");
    }
    if (inputs == 3) {
        std::vector<int64_t> b3;
        if (!MpBroadcast(c.t[2]->view_shape, b, &b3)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of self, end and weight can't broadcast.");
        }
        b = b3;
    }
    if (b != out->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of out should be %s, but current is %s.", ShapeString(b).c_str(),
                    ShapeString(out->view_shape).c_str());
    }
    bool contiguous = true;
    for (int i = 0; i <= inputs; ++i) contiguous = contiguous && MpIsContiguous(c.t[i]);
    if (contiguous) return 0;
    for (int i = 0; i < inputs; ++i) {
        if (c.t[i]->view_shape.size() > 8) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor cannot be larger than 8 dimensions.", c.names[i]);
        }
    }
    return 0;
}

/// aclnnLerps' CheckShape (the scalar weight takes no part).
inline int CheckLerpsShape(const OpCall& c, const aclScalar*) { return CheckLerpShape(c); }

// ---- aclnnXLogYScalarSelf / aclnnXLogYScalarOther (math/xlogy/op_api/aclnn_x_log_y_scalar_*.cpp)

/// CheckPromoteType: PromoteType(the scalar's dtype, the tensor's) defined and castable to out's dtype. tensor, out:
/// indexes into c.t.
inline int XLogYScalarPromote(const OpCall& c, int tensor, int out, aclDataType scalar, bool scalar_first) {
    const aclDataType t = c.t[tensor]->dtype;
    const aclDataType p = PromoteTypes(scalar, t);
    if (p == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Self dtype %s and other dtype %s can not promote dtype.",
                    DtypeName(scalar_first ? scalar : t), DtypeName(scalar_first ? t : scalar));
    }
    if (!CanCast(p, c.t[out]->dtype)) return MbCastFailed(p, c.t[out]->dtype);
    return 0;
}

/// c.t = {other, out}.
inline int CheckXLogYScalarSelfPromote(const OpCall& c, const aclScalar* self) {
    return XLogYScalarPromote(c, 0, 1, self->dtype, true);
}

/// c.t = {self, out}.
inline int CheckXLogYScalarOtherPromote(const OpCall& c, const aclScalar* other) {
    return XLogYScalarPromote(c, 0, 1, other->dtype, false);
}

// ---- aclnnPowTensorTensor (math/pow/op_api/aclnn_pow_tensor_tensor.cpp); c.t = {self, exponent, out}

/// CheckDtypeValid's second rule (after the BF16 refusal outside SocVersion [ASCEND910B, ASCEND910E]): two BOOL
/// operands.
inline int CheckPowBoolPair(const OpCall& c) {
    if (c.t[0]->dtype == ACL_BOOL && c.t[1]->dtype == ACL_BOOL) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Self and exponent dtype are bool is not supported.");
    }
    return 0;
}

// ---- aclnnSWhere (math/select/op_api/aclnn_s_where.cpp); c.t = {condition, self, other, out}

/// CheckShape's tail, after self with other (the table's broadcast, variable b): condition broadcastable with that
/// shape; out of the result.
inline int CheckSWhereShape(const OpCall& c) {
    const std::vector<int64_t> b(c.b.d, c.b.d + c.b.n);
    std::vector<int64_t> all;
    if (!MpBroadcast(c.t[0]->view_shape, b, &all)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of self other and condition can't broadcast.");
    }
    if (all != c.t[3]->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of out should be %s, but current is %s.", ShapeString(all).c_str(),
                    ShapeString(c.t[3]->view_shape).c_str());
    }
    return 0;
}

// ---- aclnnReal (math/real/op_api/aclnn_real.cpp); c.t = {self, out}

/// CheckDtypeValid: self in its product's list - the 950 FLOAT, FLOAT16, COMPLEX32, COMPLEX64; SocVersion ASCEND910B /
/// ASCEND910_93 those and COMPLEX128; else COMPLEX64, COMPLEX128 (COMPLEX32 is not a table dtype name).
inline int CheckRealList(const OpCall& c) {
    MbList l;
    if (IsRegBaseSoc(c.soc)) {
        static constexpr aclDataType k[] = {ACL_FLOAT, ACL_FLOAT16, ACL_COMPLEX32, ACL_COMPLEX64};
        l = MbL(k);
    } else if (MpIsDav2201(c.soc)) {
        static constexpr aclDataType k[] = {ACL_FLOAT, ACL_FLOAT16, ACL_COMPLEX32, ACL_COMPLEX64, ACL_COMPLEX128};
        l = MbL(k);
    } else {
        static constexpr aclDataType k[] = {ACL_COMPLEX64, ACL_COMPLEX128};
        l = MbL(k);
    }
    if (!MbIn(c.t[0]->dtype, l)) return MbNotSupported("self", c.t[0]->dtype, l);
    return 0;
}

/// CheckInOutDtypeMatch: (self, out) one of (COMPLEX64, FLOAT), (COMPLEX32, FLOAT16), (COMPLEX128, DOUBLE), (FLOAT16,
/// FLOAT16), (FLOAT, FLOAT).
inline int CheckRealPair(const OpCall& c) {
    const aclDataType s = c.t[0]->dtype, o = c.t[1]->dtype;
    const bool ok = (s == ACL_COMPLEX64 && o == ACL_FLOAT) || (s == ACL_COMPLEX32 && o == ACL_FLOAT16) ||
                    (s == ACL_COMPLEX128 && o == ACL_DOUBLE) || (s == ACL_FLOAT16 && o == ACL_FLOAT16) ||
                    (s == ACL_FLOAT && o == ACL_FLOAT);
    if (ok) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "when dtype of input is [%s] output is [%s],the param is invalid.",
                DtypeName(s), DtypeName(o));
}

/// CheckFormat, on the Ascend 950 only: a private format on self, then on out.
inline int CheckRealFormat(const OpCall& c) {
    if (!IsRegBaseSoc(c.soc)) return 0;
    if (IsPrivateFormatCode(c.t[0]->format)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Real does not support private input format on RegBase.");
    }
    if (IsPrivateFormatCode(c.t[1]->format)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Real does not support private output format on RegBase.");
    }
    return 0;
}

// ---- aclnnFmodScalar / aclnnInplaceFmodScalar (math/mod/op_api/aclnn_fmod_scalar.cpp); c.t = {self, out}

/// CheckPromoteType (the scalar as a 0-d tensor of its own dtype): PromoteTypeScalar - the 950
/// CombineCategoriesWithComplex(self, the scalar's dtype, complex as COMPLEX64), elsewhere PromoteType - defined and in
/// the list (SocVersion ASCEND910B, ASCEND910_93 or the 950 with BF16).
inline int CheckFmodScalarPromote(const OpCall& c, const aclScalar* other) {
    const aclDataType s = c.t[0]->dtype, o = other->dtype;
    const aclDataType p = IsRegBaseSoc(c.soc) ? CombineCategoriesWithComplex(s, IsComplexDtype(o) ? ACL_COMPLEX64 : o)
                                              : PromoteTypes(s, o);
    if (p == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Self dtype %s and other dtype %s can not promote dtype.", DtypeName(s),
                    DtypeName(o));
    }
    MbList l;
    if (MpIs910bRange(c.soc)) {
        static constexpr aclDataType k[] = {ACL_FLOAT, ACL_INT32,  ACL_INT8,  ACL_FLOAT16,
                                            ACL_UINT8, ACL_DOUBLE, ACL_INT64, ACL_BF16};
        l = MbL(k);
    } else {
        static constexpr aclDataType k[] = {ACL_FLOAT, ACL_INT32, ACL_INT8, ACL_FLOAT16, ACL_UINT8, ACL_DOUBLE, ACL_INT64};
        l = MbL(k);
    }
    if (!MbIn(p, l)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Self dtype %s and other dtype %s need promote dtype to %s, but now not support promote dtype %s.",
                    DtypeName(s), DtypeName(o), DtypeName(p), DtypeName(p));
    }
    return 0;
}

}  // namespace aclcpu
