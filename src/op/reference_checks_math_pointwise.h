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
#include "engine/elementwise.h"
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

// ---- aclnnXlog1py (math/xlog1py/op_api/aclnn_xlog1py.cpp); c.t = {x, y, z}

/// CheckDtypeValid: OP_CHECK_DTYPE_NOT_MATCH(x, y's dtype), (z, x's dtype), then x's dtype FLOAT, FLOAT16 or BF16
/// (the message prints the dtype's enum number, as CANN's %d).
inline int CheckXlog1pyDtypes(const OpCall& c) {
    const aclTensor* x = c.t[0];
    const aclTensor* y = c.t[1];
    const aclTensor* z = c.t[2];
    if (x->dtype != y->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor x expected dtype is %s but found %s.", DtypeName(y->dtype),
                    DtypeName(x->dtype));
    }
    if (z->dtype != x->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor z expected dtype is %s but found %s.", DtypeName(x->dtype),
                    DtypeName(z->dtype));
    }
    if (x->dtype != ACL_FLOAT && x->dtype != ACL_FLOAT16 && x->dtype != ACL_BF16) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Dtype not supported: dtype=%d. Supported: FLOAT, FLOAT16, BF16.",
                    static_cast<int>(x->dtype));
    }
    return 0;
}

// ---- aclnnKlDiv (math/kl_div_v2/op_api/aclnn_kl_div.cpp); c.t = {self, target, out}

/// CheckReduction: 0 (none), 1 (mean), 2 (sum) or 3 (batchmean).
inline int CheckKlDivReduction(const OpCall&, int64_t reduction, bool /*logTarget*/) {
    if (reduction < 0 || reduction > 3) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Invalid reduction value: %ld. Allowed values are 0 (None), 1 (Mean), 2 (Sum), 3 (Batchmean).",
                    static_cast<long>(reduction));
    }
    return 0;
}
/// After the empty early return (self or target empty: out filled, its shape unchecked): self and target (a 0-d
/// operand unsqueezed to [1]) broadcast (OP_CHECK_BROADCAST_AND_INFER_SHAPE); reduction none: out's shape the
/// broadcast shape ([] when both are 0-d: OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE); then CheckReduceOutShape
/// (the kernel's result - the broadcast shape, or one element for a reduction - and out equal, or both of one
/// element).
inline int CheckKlDivShapes(const OpCall& c, int64_t reduction, bool /*logTarget*/) {
    const aclTensor* self = c.t[0];
    const aclTensor* target = c.t[1];
    const aclTensor* out = c.t[2];
    if (self->numel == 0 || target->numel == 0) return 0;
    std::vector<int64_t> a = self->view_shape, b = target->view_shape;
    if (a.empty()) a = {1};
    if (b.empty()) b = {1};
    engine::BroadcastShape bs;
    if (!engine::Broadcast(a.data(), a.size(), b.data(), b.size(), &bs)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The size of tensor self %s must match the size of tensor target %s.",
                    ShapeString(self->view_shape).c_str(), ShapeString(target->view_shape).c_str());
    }
    const std::vector<int64_t> shape(bs.d, bs.d + bs.n);
    std::vector<int64_t> result = shape;
    if (reduction == 0) {
        const std::vector<int64_t> expected =
            (self->view_shape.empty() && target->view_shape.empty()) ? std::vector<int64_t>{} : shape;
        if (out->view_shape != expected) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as %s, but got %s.",
                        ShapeString(expected).c_str(), ShapeString(out->view_shape).c_str());
        }
    } else {
        result = {};
    }
    int64_t rn = 1;
    for (int64_t d : result) rn *= d;
    if (out->view_shape != result && !(rn == 1 && out->numel == 1)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The out tensor's shape[%s] is not equal with inferOut shape[%s].",
                    ShapeString(out->view_shape).c_str(), ShapeString(result).c_str());
    }
    return 0;
}

// ---- aclnnOneHot (math/one_hot/op_api/aclnn_one_hot.cpp); c.t = {self, onValue, offValue, out}

/// After the lists: OP_CHECK_DTYPE_NOT_MATCH(onValue, out's), (offValue, out's); CheckMaxDimension (self 7 dims on a
/// RegBase arch, else 8; onValue, offValue, out 8); CheckMaxNumClasses; CheckAxisRange; CheckShapeValid.
inline int CheckOneHotParams(const OpCall& c, int numClasses, int64_t axis) {
    const aclTensor* self = c.t[0];
    const aclTensor* on = c.t[1];
    const aclTensor* off = c.t[2];
    const aclTensor* out = c.t[3];
    if (on->dtype != out->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor onValue expected dtype is %s but found %s.", DtypeName(out->dtype),
                    DtypeName(on->dtype));
    }
    if (off->dtype != out->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor offValue expected dtype is %s but found %s.",
                    DtypeName(out->dtype), DtypeName(off->dtype));
    }
    const size_t self_max = c.soc == rt::Soc::kAscend950 ? 7 : 8;
    if (self->view_shape.size() > self_max) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than %zu dimensions.", self_max);
    }
    const aclTensor* rest[] = {on, off, out};
    const char* names[] = {"onValue", "offValue", "out"};
    for (int i = 0; i < 3; ++i) {
        if (rest[i]->view_shape.size() > 8) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor cannot be larger than 8 dimensions.", names[i]);
        }
    }
    const int64_t nc = numClasses;
    if (self->numel == 0) {
        if (nc <= 0) return Fail(ACLNN_ERR_PARAM_INVALID, "NumClasses should be greater than 0, but got %ld.", static_cast<long>(nc));
    } else if (nc < 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "NumClasses should be greater and equal than 0, but got %ld.",
                    static_cast<long>(nc));
    }
    const int64_t rank = static_cast<int64_t>(self->view_shape.size());
    if (axis < -1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The axis should be greater and equal than -1, but got %ld.",
                    static_cast<long>(axis));
    }
    if (axis > rank) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The axis should be lower and equal than %ld, but got %ld.",
                    static_cast<long>(rank), static_cast<long>(axis));
    }
    if (static_cast<int64_t>(out->view_shape.size()) != rank + 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected %ld dimension input, but got out with sizes %s.",
                    static_cast<long>(rank + 1), ShapeString(out->view_shape).c_str());
    }
    const int64_t d = axis < 0 ? axis + rank + 1 : axis;
    std::vector<int64_t> want(self->view_shape.begin(), self->view_shape.end());
    want.insert(want.begin() + d, nc);
    if (out->view_shape != want) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as %s, but got %s.",
                    ShapeString(want).c_str(), ShapeString(out->view_shape).c_str());
    }
    return 0;
}

// ---- aclnnPowTensorScalar / aclnnInplacePowTensorScalar / aclnnPowScalarTensor (math/pow/op_api/aclnn_pow.cpp);
// c.t = {self, out} / {exponent, out}

namespace mpow {
inline MbList PowList() {
    static const aclDataType k[] = {ACL_FLOAT, ACL_INT32, ACL_INT64,  ACL_FLOAT16,   ACL_INT8,       ACL_UINT8,
                                    ACL_DOUBLE, ACL_BOOL, ACL_INT16, ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16};
    return MbL(k);
}
inline bool IsFloat(aclDataType d) { return d == ACL_DOUBLE || d == ACL_FLOAT || d == ACL_FLOAT16 || d == ACL_BF16; }
inline bool IsComplex(aclDataType d) { return d == ACL_COMPLEX64 || d == ACL_COMPLEX128 || d == ACL_COMPLEX32; }
inline bool IsIntegral(aclDataType d) {  // IsIntegralType without BOOL
    return d == ACL_INT8 || d == ACL_INT16 || d == ACL_INT32 || d == ACL_INT64 || d == ACL_UINT8;
}
/// CheckDtypeValid(selfDtype, expDtype, outDtype).
inline int DtypeValid(rt::Soc soc, aclDataType self, aclDataType exp, aclDataType out) {
    const bool bf16 = soc == rt::Soc::kAscend950 || soc == rt::Soc::kAscend910B || soc == rt::Soc::kAscend910_93;
    if (!bf16 && (self == ACL_BF16 || exp == ACL_BF16)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Input dtype of pow is not support bfloat16 in current socversion.");
    }
    const MbList l = PowList();
    if (!MbIn(self, l)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Self dtype %s should be in dtype support list %s.", DtypeName(self),
                    MbText(l).c_str());
    }
    if (!MbIn(exp, l)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "exp dtype %s should be in dtype support list %s.", DtypeName(exp),
                    MbText(l).c_str());
    }
    const aclDataType p = PromoteTypes(self, exp);
    if (p == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "self dtype %s and exponent dtype %s can not promote dtype.",
                    DtypeName(self), DtypeName(exp));
    }
    if (!CanCast(p, out)) return MbCastFailed(p, out);
    return 0;
}
/// GetScalarDefaultDtype + CombineCategoriesWithComplex (the RegBase rule): `tensor` the higher, the scalar's
/// default dtype the lower; COMPLEX32 taken as COMPLEX64.
inline aclDataType CombineRegBase(aclDataType tensor, aclDataType scalar) {
    const aclDataType lower = IsComplex(scalar) ? ACL_COMPLEX64 : (IsFloat(scalar) ? ACL_FLOAT : scalar);
    aclDataType r;
    if (IsComplex(tensor)) {
        r = tensor;
    } else if (IsComplex(lower)) {
        r = IsFloat(tensor) ? (tensor == ACL_DOUBLE ? ACL_COMPLEX128 : ACL_COMPLEX64) : lower;
    } else if (IsFloat(tensor)) {
        r = tensor;
    } else if (tensor == ACL_BOOL || IsFloat(lower)) {
        r = PromoteTypes(tensor, lower);
    } else {
        r = tensor;
    }
    return r;
}
/// InferTensorScalarDtype (self a tensor, the exponent a scalar) or InferScalarTensorDtype (the roles swapped:
/// `tensor` the exponent, `scalar` the base).
inline aclDataType Infer(rt::Soc soc, aclDataType tensor, aclDataType scalar, aclDataType out) {
    if (soc == rt::Soc::kAscend950) return CombineRegBase(tensor, scalar);
    if (scalar == ACL_DOUBLE && out == ACL_FLOAT) return ACL_FLOAT;
    if (IsComplex(scalar)) return PromoteTypes(tensor, scalar);
    if (IsFloat(tensor)) return tensor;
    if (IsFloat(scalar) || tensor == ACL_BOOL) return PromoteTypes(tensor, scalar);
    return tensor;
}
/// CheckPromoteType(selfDtype, exponentDtype, outDtype, promote).
inline int PromoteValid(aclDataType self, aclDataType exp, aclDataType out, aclDataType p) {
    if (p == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Self dtype %s and exponent dtype %s can not promote dtype.",
                    DtypeName(self), DtypeName(exp));
    }
    if (self == ACL_BOOL && exp == ACL_BOOL) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Self and exponent dtype are bool is not supported.");
    }
    if (!CanCast(p, out)) return MbCastFailed(p, out);
    return 0;
}
}  // namespace mpow

inline int CheckPowTensorScalarDtypes(const OpCall& c, const aclScalar* exponent) {
    const aclDataType self = c.t[0]->dtype, out = c.t[1]->dtype;
    if (int r = mpow::DtypeValid(c.soc, self, exponent->dtype, out)) return r;
    return mpow::PromoteValid(self, exponent->dtype, out, mpow::Infer(c.soc, self, exponent->dtype, out));
}
/// On a RegBase arch (the Ascend 950), after the empty return: CheckPowTensorScalarExponet (an integral promoted
/// dtype with a negative exponent - its ToInt64) and CheckNotOverflow (the exponent representable in the promoted
/// dtype: FLOAT16's and the integers' ranges checked here; FLOAT, BF16 and complex exponents of an aclScalar of
/// FLOAT or narrower cannot overflow).
inline int CheckPowTensorScalarExponent(const OpCall& c, const aclScalar* exponent) {
    if (c.soc != rt::Soc::kAscend950) return 0;
    const aclDataType p = mpow::Infer(c.soc, c.t[0]->dtype, exponent->dtype, c.t[1]->dtype);
    float e = 0.0f;
    ScalarToFloat(*exponent, &e);
    const double v = static_cast<double>(e);
    if (mpow::IsIntegral(p) && static_cast<int64_t>(v) < 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Base dtype is intergal and exponent negative integers is not allowed.");
    }
    double lo = 0, hi = 0;
    bool is_int = true;
    switch (p) {
        case ACL_FLOAT16: lo = -65504.0; hi = 65504.0; is_int = false; break;
        case ACL_INT8: lo = -128; hi = 127; break;
        case ACL_INT16: lo = -32768; hi = 32767; break;
        case ACL_INT32: lo = -2147483648.0; hi = 2147483647.0; break;
        case ACL_UINT8: lo = 0; hi = 255; break;
        default: return 0;
    }
    if (!(v >= lo && v <= hi) && !std::isnan(v) && !std::isinf(v)) {
        if (is_int) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "exponent value cannot be converted to promote type %s without overflow: %ld.",
                        DtypeName(p), static_cast<long>(v));
        }
        return Fail(ACLNN_ERR_PARAM_INVALID, "exponent value cannot be converted to promote type %s without overflow: %lf.",
                    DtypeName(p), v);
    }
    return 0;
}
inline int CheckPowScalarTensorDtypes(const OpCall& c, const aclScalar* self) {
    const aclDataType exp = c.t[0]->dtype, out = c.t[1]->dtype;
    if (int r = mpow::DtypeValid(c.soc, self->dtype, exp, out)) return r;
    return mpow::PromoteValid(self->dtype, exp, out, mpow::Infer(c.soc, exp, self->dtype, out));
}

// ---- aclnnIsInScalarTensor (math/equal/op_api/aclnn_isin.cpp); c.t = {testElements, out}
// ---- aclnnIsInTensorScalar (math/equal/op_api/aclnn_isin_tensor_scalar.cpp); c.t = {element, out}

namespace misin {
inline bool IsFloat(aclDataType d) { return d == ACL_DOUBLE || d == ACL_FLOAT || d == ACL_FLOAT16 || d == ACL_BF16; }
inline MbList TsList(rt::Soc soc) {
    static const aclDataType kNew[] = {ACL_FLOAT, ACL_INT32, ACL_INT64, ACL_FLOAT16, ACL_INT16,
                                       ACL_INT8,  ACL_UINT8, ACL_DOUBLE, ACL_BF16};
    static const aclDataType kOld[] = {ACL_FLOAT, ACL_INT32, ACL_INT64, ACL_FLOAT16,
                                       ACL_INT16, ACL_INT8,  ACL_UINT8, ACL_DOUBLE};
    return (soc == rt::Soc::kAscend910 || soc == rt::Soc::kAscend310P) ? MbL(kOld) : MbL(kNew);
}
inline int OutBool(const aclTensor* out) {
    if (out->dtype == ACL_BOOL) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor out expected dtype is DT_BOOL but found %s.", DtypeName(out->dtype));
}
}  // namespace misin

/// After the lists: OP_CHECK_DTYPE_NOT_MATCH(out, BOOL); CheckPromoteType (PromoteTypeScalar: 10 or more elements
/// the plain promotion, else testElements' floating dtype, a floating element's promotion, testElements' dtype;
/// element's and testElements' dtypes castable to it); CheckShape (testElements at most 8 dims, out 0-d).
inline int CheckIsInScalarTensorParams(const OpCall& c, const aclScalar* element, bool, bool) {
    const aclTensor* test = c.t[0];
    const aclTensor* out = c.t[1];
    if (int r = misin::OutBool(out)) return r;
    aclDataType p;
    if (test->numel >= 10) {
        p = PromoteTypes(test->dtype, element->dtype);
    } else if (misin::IsFloat(test->dtype)) {
        p = test->dtype;
    } else if (misin::IsFloat(element->dtype)) {
        p = PromoteTypes(test->dtype, element->dtype);
    } else {
        p = test->dtype;
    }
    if (p == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected element %s and testElements %s can promote dtype but check failed.",
                    DtypeName(element->dtype), DtypeName(test->dtype));
    }
    if (!CanCast(element->dtype, p)) return MbCastFailed(element->dtype, p);
    if (!CanCast(test->dtype, p)) return MbCastFailed(test->dtype, p);
    if (test->view_shape.size() > 8) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The testElements tensor cannot be larger than 8 dimensions.");
    }
    if (!out->view_shape.empty()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected 0 dimension input, but got out with sizes %s.",
                    ShapeString(out->view_shape).c_str());
    }
    return 0;
}
/// CheckDtypeValid after the lists: out BOOL; PromoteTypeScalar (RegBase: the scalar's default dtype combined by
/// category; else element's floating dtype, a floating testElement's promotion, element's dtype) defined and in
/// the list.
inline int CheckIsInTensorScalarDtypes(const OpCall& c, const aclScalar* test, bool, bool) {
    const aclTensor* element = c.t[0];
    if (int r = misin::OutBool(c.t[1])) return r;
    aclDataType p;
    if (c.soc == rt::Soc::kAscend950) {
        p = mpow::CombineRegBase(element->dtype, test->dtype);
    } else if (misin::IsFloat(element->dtype)) {
        p = element->dtype;
    } else if (misin::IsFloat(test->dtype)) {
        p = PromoteTypes(test->dtype, element->dtype);
    } else {
        p = element->dtype;
    }
    if (p == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "element dtype %s and testElement dtype %s can not promote dtype.",
                    DtypeName(element->dtype), DtypeName(test->dtype));
    }
    const MbList l = misin::TsList(c.soc);
    if (!MbIn(p, l)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "element dtype %s and testElement dtype %s get promoteType dtype %s should be in dtype support "
                    "list [%s].",
                    DtypeName(element->dtype), DtypeName(test->dtype), DtypeName(p), MbText(l).c_str());
    }
    return 0;
}

// ---- aclnnScale (math/scale/op_api/aclnn_scale.cpp); c.t = {x, scale, bias (may be NULL), y}

/// CheckDtypeValid after x's list (OP_CHECK_DTYPE_NOT_SAME: scale and bias, x and scale, x and out), then
/// CheckShape: out's shape x's, bias's scale's; x, scale at most 8 dims; CheckDim; CheckShapeFromBlob /
/// CheckShapeNoFromBlob.
inline int CheckScaleParams(const OpCall& c, int64_t axis, int64_t numAxes, bool fromBlob) {
    const aclTensor* x = c.t[0];
    const aclTensor* scale = c.t[1];
    const aclTensor* bias = c.t[2];
    const aclTensor* y = c.t[3];
    auto not_same = [](const char* a, const aclTensor* ta, const char* b, const aclTensor* tb) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected both tensors to have same dtype, but found %s %s and %s %s.", a,
                    DtypeName(ta->dtype), b, DtypeName(tb->dtype));
    };
    if (bias != nullptr && scale->dtype != bias->dtype) return not_same("scale", scale, "bias", bias);
    if (x->dtype != scale->dtype) return not_same("x", x, "scale", scale);
    if (x->dtype != y->dtype) return not_same("x", x, "out", y);
    auto shape_ne = [](const char* a, const aclTensor* ta, const char* b, const aclTensor* tb) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for %s to have same size as tensor for %s, but %s does not equal %s.", a, b,
                    ShapeString(ta->view_shape).c_str(), ShapeString(tb->view_shape).c_str());
    };
    if (y->view_shape != x->view_shape) return shape_ne("out", y, "x", x);
    if (bias != nullptr && bias->view_shape != scale->view_shape) return shape_ne("bias", bias, "scale", scale);
    if (x->view_shape.size() > 8) return Fail(ACLNN_ERR_PARAM_INVALID, "The x tensor cannot be larger than 8 dimensions.");
    if (scale->view_shape.size() > 8) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The scale tensor cannot be larger than 8 dimensions.");
    }
    const std::vector<int64_t>& xs = x->view_shape;
    const std::vector<int64_t>& ss = scale->view_shape;
    const int64_t rank = static_cast<int64_t>(xs.size());
    if (axis < -rank || axis >= rank) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "axis must be within the range of [%ld, %ld), but it is %ld.",
                    static_cast<long>(-rank), static_cast<long>(rank), static_cast<long>(axis));
    }
    if (numAxes < -1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "numAxes must be >= -1, but it is %ld.", static_cast<long>(numAxes));
    }
    const int64_t a = axis >= 0 ? axis : rank + axis;
    if (fromBlob) {
        if (numAxes == 0) {
            if (scale->numel != 1) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "when num_axes is 0, scale must have one num, but shape is %s.",
                            ShapeString(ss).c_str());
            }
            return 0;
        }
        const int64_t len = numAxes == -1 ? rank - a : numAxes;
        if (len + a > rank || len <= 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "the sum of scale axis(%ld) and numAxes(%ld) must be <= xRank(%ld).",
                        static_cast<long>(a), static_cast<long>(numAxes), static_cast<long>(rank));
        }
        const std::vector<int64_t> want(xs.begin() + a, xs.begin() + a + len);
        if (want != ss) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "the scale must be %s, when x is %s and attr[axis(%ld), numAxes(%ld)], but get %s.",
                        ShapeString(want).c_str(), ShapeString(xs).c_str(), static_cast<long>(axis),
                        static_cast<long>(numAxes), ShapeString(ss).c_str());
        }
        return 0;
    }
    const int64_t len = static_cast<int64_t>(ss.size());
    if (len + a > rank) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "the sum of scale axis(%ld) and scale_rank(%ld) must be <= xRank(%ld).",
                    static_cast<long>(a), static_cast<long>(len), static_cast<long>(rank));
    }
    if (scale->numel == 1 && len <= 1) return 0;
    for (int64_t i = 0; i < len; ++i) {
        if (xs[static_cast<size_t>(a + i)] != ss[static_cast<size_t>(i)]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "the scale shape(%s) must be the same with x shape(%s) from axis dim(%ld).",
                        ShapeString(ss).c_str(), ShapeString(xs).c_str(), static_cast<long>(axis));
        }
    }
    return 0;
}

// ---- aclnnSignBitsPack / aclnnSignBitsUnpack (math/sign_bits_pack, math/sign_bits_unpack op_api); c.t = {self, out}

namespace msignbits {
/// CheckFormat: self's, then out's storage format ND (`word` is CANN's spelling: "format" / "fromat").
inline int FormatsNd(const OpCall& c, const char* word) {
    if (c.t[0]->format != ACL_FORMAT_ND) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "self %s should be ND. Actual: self is [%s].", word, FormatName(c.t[0]->format));
    }
    if (c.t[1]->format != ACL_FORMAT_ND) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "out %s should be ND. Actual: out is [%s].", word, FormatName(c.t[1]->format));
    }
    return 0;
}
inline int64_t Dim0(const aclTensor* t) { return t->view_shape.empty() ? 1 : t->view_shape[0]; }
/// CheckShape: self 1-d, out 2-d; then, beyond CANN (its ViewCopy of the kernel's [size, cols] result), out's
/// second dim cols.
inline int Shapes(const aclTensor* self, const aclTensor* out, int64_t cols) {
    if (self->view_shape.size() != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Self dims %zu should be 1.", self->view_shape.size());
    }
    if (out->view_shape.size() != 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Out dims %zu should be 2.", out->view_shape.size());
    }
    if (out->view_shape[1] != cols) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as [%ld,%ld], but got %s.",
                    static_cast<long>(out->view_shape[0]), static_cast<long>(cols), ShapeString(out->view_shape).c_str());
    }
    return 0;
}
}  // namespace msignbits

inline int CheckSignBitsPackProduct(const OpCall& c, int64_t) {
    if (c.soc == rt::Soc::kAscend910) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "SignBitsPack is unsupported by the current SOC version [%s]",
                    rt::SocName(c.soc));
    }
    return 0;
}
/// CheckFormat, CheckValue (size, the dims' signs, (n + 7) / 8 divisible by size, out's first dim size), CheckShape.
inline int CheckSignBitsPackShapes(const OpCall& c, int64_t size) {
    if (int r = msignbits::FormatsNd(c, "format")) return r;
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    if (size <= 0) return Fail(ACLNN_ERR_PARAM_INVALID, "size value must bigger than zero.");
    const int64_t n = msignbits::Dim0(self);
    const int64_t bytes = (n + 7) / 8;
    if (bytes % size != 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The number of packed bytes %ld cannot be divided by size %ld.",
                    static_cast<long>(bytes), static_cast<long>(size));
    }
    if (msignbits::Dim0(out) != size) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "The value of the first dimension of 'out' is incorrect and should be equal to size.");
    }
    return msignbits::Shapes(self, out, bytes / size);
}
inline int CheckSignBitsUnpackProduct(const OpCall& c, int64_t, aclDataType) {
    if (c.soc == rt::Soc::kAscend910) return Fail(ACLNN_ERR_PARAM_INVALID, "SignBitsUnpack is not supported on this device.");
    return 0;
}
/// OP_CHECK_DTYPE_NOT_MATCH(out, dtype); CheckFormat; CheckValue (size, 8 n divisible by size, out's first dim);
/// CheckShape.
inline int CheckSignBitsUnpackShapes(const OpCall& c, int64_t size, aclDataType dtype) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    if (out->dtype != dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor out expected dtype is %s but found %s.", DtypeName(dtype),
                    DtypeName(out->dtype));
    }
    if (int r = msignbits::FormatsNd(c, "fromat")) return r;
    if (size <= 0) return Fail(ACLNN_ERR_PARAM_INVALID, "Size value must bigger than zero.");
    const int64_t bits = msignbits::Dim0(self) * 8;
    if (bits % size != 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The number of elements in self * 8 cannot be divided by size.");
    }
    if (msignbits::Dim0(out) != size) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "The value of the first dimension of 'out' is incorrect and should be equal to size.");
    }
    return msignbits::Shapes(self, out, bits / size);
}

/// aclnnMaskedScale's CheckFormat (math/masked_scale/op_api/aclnn_masked_scale.cpp): self's and out's formats equal.
inline int CheckMaskedScaleFormat(const OpCall& c, float) {
    if (c.t[0]->format == c.t[2]->format) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Format of self and out can't be different, self [%s], out [%s].",
                FormatName(c.t[0]->format), FormatName(c.t[2]->format));
}

}  // namespace aclcpu
