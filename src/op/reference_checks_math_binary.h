// The custom first-phase checks of ops-math's reference-tier binary, comparison and logical operators
// (ops/families/math_binary.yaml; docs/ops/math_binary.md): the dtype and promotion stages whose lists, rules and
// order depend on the product in ways the table's vocabulary cannot express (the Ascend 950 checks self, other and
// out against their lists where other products check out alone; its promote rule, BinaryOpTypePromote or
// CombineCategoriesWithComplex, differs from PromoteType), plus a few shape and format rules. Included through the
// generated op/family_hooks.inc at the end of src/op/reference_checks.h. Each hook is int <hook>(const OpCall& c,
// <the entry's non-tensor parameters>): 0, or 161002 with CANN's message.
// Facts: hicann/ops-math math/equal (aclnn_eq_tensor.cpp, aclnn_eq_scalar.cpp), math/not_equal (aclnn_ne_tensor.cpp,
// aclnn_ne_scalar.cpp, aclnn_logical_xor.cpp), math/greater (aclnn_gt_tensor.cpp, aclnn_gt_scalar.cpp),
// math/greater_equal (aclnn_ge_tensor.cpp), math/less (aclnn_lt_tensor.cpp), math/less_equal (aclnn_le_tensor.cpp),
// math/logical_not (aclnn_logical_not.cpp), math/bitwise_and (aclnn_bitwise_and_tensor.cpp), each op_api/. NpuArch
// per product: DAV_3510 (regbase) the Ascend 950, DAV_2201 the Atlas A2/A3 (Ascend910B, Ascend910_93), DAV_1001 the
// Ascend910; the Ascend310P takes each function's default branch; SocVersion [ASCEND910B, ASCEND910E] holds the 950
// and Atlas A2/A3.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "common/limits.h"
#include "common/status.h"
#include "engine/first_phase.h"
#include "op/binary_arith.h"
#include "op/op_call.h"
#include "runtime/runtime.h"
#include "tensor/arguments.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {

/// A dtype list of an op_api: a static array and its length.
struct MbList {
    const aclDataType* p;
    size_t n;
};
template <size_t N>
constexpr MbList MbL(const aclDataType (&a)[N]) {
    return {a, N};
}

inline bool MbIn(aclDataType d, MbList l) {
    for (size_t i = 0; i < l.n; ++i) {
        if (l.p[i] == d) return true;
    }
    return false;
}

inline std::string MbText(MbList l) { return engine::DtypeListString(l.p, l.n); }

/// OP_CHECK_DTYPE_NOT_SUPPORT: `name` (a tensor or an aclScalar) of dtype d outside the list.
inline int MbNotSupported(const char* name, aclDataType d, MbList l) {
    return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list %s.", name,
                DtypeName(d), MbText(l).c_str());
}

/// OP_CHECK_RESULT_DTYPE_CAST_FAILED.
inline int MbCastFailed(aclDataType from, aclDataType to) {
    return Fail(ACLNN_ERR_PARAM_INVALID, "Result type %s can't be cast to the desired output type %s.", DtypeName(from),
                DtypeName(to));
}

// ---- aclnnEqTensor / aclnnInplaceEqTensor (aclnn_eq_tensor.cpp); c.t = {self, other, out}

/// GetInputDtypeSupportList: DAV_2201 the 910B list (with BF16), DAV_3510 the regbase list (BF16 and UINT64),
/// DAV_1001 and the default (310P) the 910 list (UINT64 and UINT32, no BF16).
inline MbList EqTensorInputList(rt::Soc soc) {
    switch (soc) {
        case rt::Soc::kAscend950: {
            static constexpr aclDataType k[] = {ACL_FLOAT,     ACL_INT32,      ACL_INT64, ACL_FLOAT16, ACL_INT16,
                                                ACL_INT8,      ACL_UINT8,      ACL_BF16,  ACL_BOOL,    ACL_DOUBLE,
                                                ACL_COMPLEX64, ACL_COMPLEX128, ACL_UINT64};
            return MbL(k);
        }
        case rt::Soc::kAscend910B:
        case rt::Soc::kAscend910_93: {
            static constexpr aclDataType k[] = {ACL_FLOAT, ACL_INT32,  ACL_INT64,     ACL_FLOAT16,
                                                ACL_INT16, ACL_INT8,   ACL_UINT8,     ACL_BF16,
                                                ACL_BOOL,  ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128};
            return MbL(k);
        }
        default: {
            static constexpr aclDataType k[] = {ACL_FLOAT,  ACL_INT32,     ACL_INT64,     ACL_FLOAT16, ACL_INT16,
                                                ACL_INT8,   ACL_UINT8,     ACL_UINT64,    ACL_UINT32,  ACL_BOOL,
                                                ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128};
            return MbL(k);
        }
    }
}

/// The regbase output list (REGBASE_OUT_DTYPE_SUPPORT_LIST), which the Ascend 950 checks out against.
inline MbList EqRegbaseOutList() {
    {
        static constexpr aclDataType k[] = {ACL_FLOAT, ACL_INT32,  ACL_INT64,     ACL_FLOAT16,    ACL_INT16,
                                            ACL_INT8,  ACL_UINT8,  ACL_DOUBLE,    ACL_UINT32,     ACL_UINT64,
                                            ACL_BOOL,  ACL_UINT16, ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16};
        return MbL(k);
    }
}

/// CheckDtypeValid: on the Ascend 950 self and other in the input list and out in the regbase output list,
/// elsewhere out alone in the input list; a BF16 self or other on the Ascend910 (SocVersion ASCEND910 only);
/// the promote type - BinaryOpTypePromote on the 950 (a 0-d operand yields by category), PromoteType elsewhere -
/// defined and in the input list; BOOL castable to out's dtype (the kernel's result is BOOL).
inline int CheckEqTensorDtypes(const OpCall& c) {
    const aclTensor* self = c.t[0];
    const aclTensor* other = c.t[1];
    const aclTensor* out = c.t[2];
    const MbList in = EqTensorInputList(c.soc);
    const bool regbase = IsRegBaseSoc(c.soc);
    if (regbase) {
        if (!MbIn(self->dtype, in)) return MbNotSupported("self", self->dtype, in);
        if (!MbIn(other->dtype, in)) return MbNotSupported("other", other->dtype, in);
        if (!MbIn(out->dtype, EqRegbaseOutList())) return MbNotSupported("out", out->dtype, EqRegbaseOutList());
    } else if (!MbIn(out->dtype, in)) {
        return MbNotSupported("out", out->dtype, in);
    }
    if (c.soc == rt::Soc::kAscend910 && (self->dtype == ACL_BF16 || other->dtype == ACL_BF16)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The current soc version does not support the DT_BF16 data type.");
    }
    const aclDataType p = regbase ? BinaryOpTypePromote(*self, *other) : PromoteTypes(self->dtype, other->dtype);
    if (p == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Self dtype %s and other dtype %s can not promote dtype.",
                    DtypeName(self->dtype), DtypeName(other->dtype));
    }
    if (!MbIn(p, in)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Self dtype %s and other dtype %s get promoteType dtype %s should be in dtype support list [%s].",
                    DtypeName(self->dtype), DtypeName(other->dtype), DtypeName(p), MbText(in).c_str());
    }
    if (!CanCast(ACL_BOOL, out->dtype)) return MbCastFailed(ACL_BOOL, out->dtype);
    return 0;
}

// ---- aclnnEqScalar / aclnnInplaceEqScalar (aclnn_eq_scalar.cpp); c.t = {self, out}

/// GetInputDtypeSupportList of aclnn_eq_scalar.cpp: DAV_3510 the regbase list, DAV_1001 the 910 list, DAV_2201
/// and the default (the 310P too: "treated as 1971 for now") the 910B list.
inline MbList EqScalarInputList(rt::Soc soc) {
    switch (soc) {
        case rt::Soc::kAscend950: {
            static constexpr aclDataType k[] = {ACL_FLOAT,      ACL_INT32, ACL_INT64, ACL_FLOAT16, ACL_INT16,
                                                ACL_INT8,       ACL_UINT8, ACL_BOOL,  ACL_DOUBLE,  ACL_COMPLEX64,
                                                ACL_COMPLEX128, ACL_BF16,  ACL_UINT64};
            return MbL(k);
        }
        case rt::Soc::kAscend910: {
            static constexpr aclDataType k[] = {ACL_FLOAT,  ACL_INT32,     ACL_INT64,     ACL_FLOAT16, ACL_INT16,
                                                ACL_INT8,   ACL_UINT8,     ACL_UINT64,    ACL_UINT32,  ACL_BOOL,
                                                ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128};
            return MbL(k);
        }
        default: {
            static constexpr aclDataType k[] = {ACL_FLOAT,  ACL_INT32,     ACL_INT64,      ACL_FLOAT16,
                                                ACL_INT16,  ACL_INT8,      ACL_UINT8,      ACL_BOOL,
                                                ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128, ACL_BF16};
            return MbL(k);
        }
    }
}

/// CheckDtypeValid then CheckPromoteType: self, then the scalar other, in the input list; out in the regbase
/// output list (Ascend 950) or the input list (elsewhere). The promote type: on the 950 PromoteTypeScalar
/// (CombineCategoriesWithComplex(self, other's default dtype), COMPLEX32 as COMPLEX64) and it must be in the input
/// list; elsewhere the plain PromoteType of the two dtypes. Then: defined; self's and other's dtypes castable to
/// it; BOOL castable to out's dtype.
inline int CheckEqScalarDtypes(const OpCall& c, const aclScalar* other) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    const MbList in = EqScalarInputList(c.soc);
    const bool regbase = IsRegBaseSoc(c.soc);
    if (!MbIn(self->dtype, in)) return MbNotSupported("self", self->dtype, in);
    if (!MbIn(other->dtype, in)) return MbNotSupported("other", other->dtype, in);
    if (regbase) {
        if (!MbIn(out->dtype, EqRegbaseOutList())) return MbNotSupported("out", out->dtype, EqRegbaseOutList());
    } else if (!MbIn(out->dtype, in)) {
        return MbNotSupported("out", out->dtype, in);
    }
    aclDataType p = ACL_DT_UNDEFINED;
    if (regbase) {
        p = CombineCategoriesWithComplex(self->dtype, ScalarDefaultDtype(other->dtype));
        if (p == ACL_COMPLEX32) p = ACL_COMPLEX64;
        if (!MbIn(p, in)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "promote dtype %s should be in dtype support list [%s].", DtypeName(p),
                        MbText(in).c_str());
        }
    } else {
        p = PromoteTypes(self->dtype, other->dtype);
    }
    if (p == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Self dtype %s and other dtype %s can not promote dtype.",
                    DtypeName(self->dtype), DtypeName(other->dtype));
    }
    if (!CanCast(self->dtype, p)) return MbCastFailed(self->dtype, p);
    if (!CanCast(other->dtype, p)) return MbCastFailed(other->dtype, p);
    if (!CanCast(ACL_BOOL, out->dtype)) return MbCastFailed(ACL_BOOL, out->dtype);
    return 0;
}

// ---- aclnnNeTensor / aclnnNeScalar and their Inplace forms (math/not_equal/op_api/aclnn_ne_tensor.cpp,
// aclnn_ne_scalar.cpp): the dtype lists are the table's (in_list); the promote stage is here.

/// The regbase input list of aclnn_ne_tensor.cpp / aclnn_ne_scalar.cpp (REGBASE_DTYPE_SUPPORT_LIST).
inline MbList NeRegbaseInputList() {
    {
        static constexpr aclDataType k[] = {ACL_FLOAT,      ACL_INT32, ACL_INT64, ACL_FLOAT16, ACL_INT16,
                                            ACL_INT8,       ACL_UINT8, ACL_BOOL,  ACL_DOUBLE,  ACL_COMPLEX64,
                                            ACL_COMPLEX128, ACL_BF16,  ACL_UINT64};
        return MbL(k);
    }
}

/// The tensor form's CheckPromoteType: BinaryOpTypePromote (Ascend 950) or PromoteType (elsewhere) defined; on the
/// 950 in the input list and self's and other's dtypes castable to it; BOOL castable to out's dtype.
inline int CheckNeTensorPromote(const OpCall& c) {
    const aclTensor* self = c.t[0];
    const aclTensor* other = c.t[1];
    const aclTensor* out = c.t[2];
    const bool regbase = IsRegBaseSoc(c.soc);
    const aclDataType p = regbase ? BinaryOpTypePromote(*self, *other) : PromoteTypes(self->dtype, other->dtype);
    if (p == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Self dtype %s and other dtype %s can not promote dtype.",
                    DtypeName(self->dtype), DtypeName(other->dtype));
    }
    if (regbase) {
        if (!MbIn(p, NeRegbaseInputList())) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "promote dtype %s should be in dtype support list [%s].", DtypeName(p),
                        MbText(NeRegbaseInputList()).c_str());
        }
        if (!CanCast(self->dtype, p)) return MbCastFailed(self->dtype, p);
        if (!CanCast(other->dtype, p)) return MbCastFailed(other->dtype, p);
    }
    if (!CanCast(ACL_BOOL, out->dtype)) return MbCastFailed(ACL_BOOL, out->dtype);
    return 0;
}

/// PromoteTypeScalar of the comparison op_apis (aclnn_ne_scalar.cpp, aclnn_eq_scalar.cpp's computation): Ascend 950
/// CombineCategoriesWithComplex(self, the scalar's default dtype), COMPLEX32 as COMPLEX64; elsewhere a complex
/// self keeps its dtype, a floating self with a non-complex scalar too, a BOOL self or a floating or complex
/// scalar takes PromoteType, any other self keeps its dtype.
inline aclDataType CompareScalarPromote(rt::Soc soc, aclDataType self, aclDataType other) {
    if (IsRegBaseSoc(soc)) {
        const aclDataType p = CombineCategoriesWithComplex(self, ScalarDefaultDtype(other));
        return p == ACL_COMPLEX32 ? ACL_COMPLEX64 : p;
    }
    if (IsComplexDtype(self)) return self;
    if (!IsComplexDtype(other) && IsFloatingDtype(self)) return self;
    if (self == ACL_BOOL || IsFloatingDtype(other) || IsComplexDtype(other)) return PromoteTypes(self, other);
    return self;
}

/// The scalar form's CheckPromoteType: PromoteTypeScalar defined; on the 950 in the input list; self's and other's
/// dtypes castable to it; BOOL castable to out's dtype.
inline int CheckNeScalarPromote(const OpCall& c, const aclScalar* other) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    const aclDataType p = CompareScalarPromote(c.soc, self->dtype, other->dtype);
    if (p == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Self dtype %s and other dtype %s can not promote dtype.",
                    DtypeName(self->dtype), DtypeName(other->dtype));
    }
    if (IsRegBaseSoc(c.soc) && !MbIn(p, NeRegbaseInputList())) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "promote dtype %s should be in dtype support list [%s].", DtypeName(p),
                    MbText(NeRegbaseInputList()).c_str());
    }
    if (!CanCast(self->dtype, p)) return MbCastFailed(self->dtype, p);
    if (!CanCast(other->dtype, p)) return MbCastFailed(other->dtype, p);
    if (!CanCast(ACL_BOOL, out->dtype)) return MbCastFailed(ACL_BOOL, out->dtype);
    return 0;
}

// ---- aclnnLogicalNot / aclnnInplaceLogicalNot (math/logical_not/op_api/aclnn_logical_not.cpp CheckShape, after
// its same-shape check); c.t = {self, out}

/// opbase's IsContiguous of a view: its strides the row-major strides of its shape (dims of size 1 ignored).
inline bool MbContiguous(const aclTensor* t) {
    int64_t expect = 1;
    for (size_t k = t->view_shape.size(); k-- > 0;) {
        if (t->view_shape[k] != 1 && t->strides[k] != expect) return false;
        expect *= t->view_shape[k];
    }
    return true;
}

/// self and out both contiguous: more than 8 dims only logs a warning; otherwise each at most 8 dims.
inline int CheckLogicalNotDims(const OpCall& c) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    if (MbContiguous(self) && MbContiguous(out)) {
        if (self->view_shape.size() > static_cast<size_t>(kMaxDims)) {
            Log(LogLevel::kWarning, "The dimension of the self tensor is greater than 8");
        }
        return 0;
    }
    if (self->view_shape.size() > static_cast<size_t>(kMaxDims)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than %d dimensions.", kMaxDims);
    }
    if (out->view_shape.size() > static_cast<size_t>(kMaxDims)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The out tensor cannot be larger than %d dimensions.", kMaxDims);
    }
    return 0;
}

// ---- aclnnGtTensor / aclnnInplaceGtTensor (math/greater/op_api/aclnn_gt_tensor.cpp CheckDtypeValid, after out's
// list and the Ascend910's BF16 refusal, which the table checks); c.t = {self, other, out}

/// The input list: NpuArch DAV_2201 or regbase (Ascend 950, Atlas A2/A3) the 910B list with BF16, else without.
inline MbList GtTensorInputList(rt::Soc soc) {
    if (soc == rt::Soc::kAscend950 || soc == rt::Soc::kAscend910B || soc == rt::Soc::kAscend910_93) {
        static constexpr aclDataType k[] = {ACL_FLOAT,  ACL_INT32, ACL_INT64,  ACL_FLOAT16, ACL_INT16,
                                            ACL_INT8,   ACL_UINT8, ACL_DOUBLE, ACL_UINT32,  ACL_UINT64,
                                            ACL_UINT16, ACL_BF16,  ACL_BOOL};
        return MbL(k);
    }
    static constexpr aclDataType k[] = {ACL_FLOAT, ACL_INT32,  ACL_INT64,  ACL_FLOAT16, ACL_INT16,  ACL_INT8,
                                        ACL_UINT8, ACL_DOUBLE, ACL_UINT32, ACL_UINT64,  ACL_UINT16, ACL_BOOL};
    return MbL(k);
}

/// The promote type (BinaryOpTypePromote on the 950, PromoteType elsewhere; BOOL compared as INT8) defined and in
/// the input list; on the 950 self's and other's dtypes castable to it; BOOL castable to out's dtype.
inline int CheckGtTensorPromote(const OpCall& c) {
    const aclTensor* self = c.t[0];
    const aclTensor* other = c.t[1];
    const aclTensor* out = c.t[2];
    const bool regbase = IsRegBaseSoc(c.soc);
    aclDataType p = regbase ? BinaryOpTypePromote(*self, *other) : PromoteTypes(self->dtype, other->dtype);
    if (p == ACL_BOOL) p = ACL_INT8;
    if (p == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Self dtype %s and other dtype %s can not promote dtype.",
                    DtypeName(self->dtype), DtypeName(other->dtype));
    }
    const MbList in = GtTensorInputList(c.soc);
    if (!MbIn(p, in)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Self dtype %s and other dtype %s get promoteType dtype %s should be in dtype support list [%s].",
                    DtypeName(self->dtype), DtypeName(other->dtype), DtypeName(p), MbText(in).c_str());
    }
    if (regbase) {
        if (!CanCast(self->dtype, p)) return MbCastFailed(self->dtype, p);
        if (!CanCast(other->dtype, p)) return MbCastFailed(other->dtype, p);
    }
    if (!CanCast(ACL_BOOL, out->dtype)) return MbCastFailed(ACL_BOOL, out->dtype);
    return 0;
}

// ---- aclnnLtTensor / aclnnInplaceLtTensor (math/less/op_api/aclnn_lt_tensor.cpp CheckPromoteType; the lists are
// the table's); c.t = {self, other, out}

/// BinaryOpTypePromote (Ascend 950) or PromoteType defined; on the 950 in the input list (SocVersion ASCEND910B..E:
/// the list with BF16), with the op_api's own message; BOOL castable to out's dtype.
inline int CheckLtTensorPromote(const OpCall& c) {
    const aclTensor* self = c.t[0];
    const aclTensor* other = c.t[1];
    const aclTensor* out = c.t[2];
    const bool regbase = IsRegBaseSoc(c.soc);
    const aclDataType p = regbase ? BinaryOpTypePromote(*self, *other) : PromoteTypes(self->dtype, other->dtype);
    if (p == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Self dtype %s and other dtype %s can not promote dtype.",
                    DtypeName(self->dtype), DtypeName(other->dtype));
    }
    static constexpr aclDataType k[] = {ACL_FLOAT, ACL_INT32,  ACL_INT64,  ACL_FLOAT16, ACL_INT16,
                                        ACL_INT8,  ACL_UINT8,  ACL_DOUBLE, ACL_UINT32,  ACL_UINT64,
                                        ACL_BOOL,  ACL_UINT16, ACL_BF16};
    if (regbase && !MbIn(p, MbL(k))) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "aclnnLtTensor not implemented for input promote dtype %s.", DtypeName(p));
    }
    if (!CanCast(ACL_BOOL, out->dtype)) return MbCastFailed(ACL_BOOL, out->dtype);
    return 0;
}

// ---- aclnnLeTensor / aclnnInplaceLeTensor (math/less_equal/op_api/aclnn_le_tensor.cpp CheckPromoteType; the lists
// are the table's); c.t = {self, other, out}

/// BinaryOpTypePromote (Ascend 950) or PromoteType defined; on the 950 in its regbase input list and self's and
/// other's dtypes castable to it; BOOL castable to out's dtype.
inline int CheckLeTensorPromote(const OpCall& c) {
    const aclTensor* self = c.t[0];
    const aclTensor* other = c.t[1];
    const aclTensor* out = c.t[2];
    const bool regbase = IsRegBaseSoc(c.soc);
    const aclDataType p = regbase ? BinaryOpTypePromote(*self, *other) : PromoteTypes(self->dtype, other->dtype);
    if (p == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Self dtype %s and other dtype %s can not promote dtype.",
                    DtypeName(self->dtype), DtypeName(other->dtype));
    }
    if (regbase) {
        static constexpr aclDataType k[] = {ACL_INT8,    ACL_UINT8, ACL_INT16,  ACL_UINT16, ACL_INT32, ACL_INT64,
                                            ACL_FLOAT16, ACL_FLOAT, ACL_DOUBLE, ACL_BOOL,   ACL_BF16,  ACL_UINT64};
        if (!MbIn(p, MbL(k))) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "promote dtype %s should be in dtype support list [%s].", DtypeName(p),
                        MbText(MbL(k)).c_str());
        }
        if (!CanCast(self->dtype, p)) return MbCastFailed(self->dtype, p);
        if (!CanCast(other->dtype, p)) return MbCastFailed(other->dtype, p);
    }
    if (!CanCast(ACL_BOOL, out->dtype)) return MbCastFailed(ACL_BOOL, out->dtype);
    return 0;
}

// ---- aclnnGeTensor / aclnnInplaceGeTensor (math/greater_equal/op_api/aclnn_ge_tensor.cpp CheckPromoteType; out's
// list is the table's); c.t = {self, other, out}

/// BinaryOpTypePromote (Ascend 950) or PromoteType, BOOL as INT8, defined and in the input list (NpuArch DAV_2201
/// or regbase - Ascend 950, Atlas A2/A3 - the list with BF16; elsewhere without), with the op_api's own message;
/// on the 950 self's and other's dtypes castable to it; BOOL castable to out's dtype.
inline int CheckGeTensorPromote(const OpCall& c) {
    const aclTensor* self = c.t[0];
    const aclTensor* other = c.t[1];
    const aclTensor* out = c.t[2];
    const bool regbase = IsRegBaseSoc(c.soc);
    aclDataType p = regbase ? BinaryOpTypePromote(*self, *other) : PromoteTypes(self->dtype, other->dtype);
    if (p == ACL_BOOL) p = ACL_INT8;
    if (p == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Self dtype %s and other dtype %s can not promote dtype.",
                    DtypeName(self->dtype), DtypeName(other->dtype));
    }
    const bool bf16 = c.soc == rt::Soc::kAscend950 || c.soc == rt::Soc::kAscend910B || c.soc == rt::Soc::kAscend910_93;
    static constexpr aclDataType k[] = {ACL_FLOAT, ACL_INT32,  ACL_FLOAT16, ACL_INT8,   ACL_DOUBLE, ACL_INT16,
                                        ACL_INT64, ACL_UINT64, ACL_UINT32,  ACL_UINT16, ACL_UINT8};
    if (!MbIn(p, MbL(k)) && !(bf16 && p == ACL_BF16)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "aclnnGeTensor not implemented for input dtype %s.", DtypeName(p));
    }
    if (regbase) {
        if (!CanCast(self->dtype, p)) return MbCastFailed(self->dtype, p);
        if (!CanCast(other->dtype, p)) return MbCastFailed(other->dtype, p);
    }
    if (!CanCast(ACL_BOOL, out->dtype)) return MbCastFailed(ACL_BOOL, out->dtype);
    return 0;
}

// ---- aclnnLogicalXor (math/not_equal/op_api/aclnn_logical_xor.cpp, after its empty-input return); c.t = {self,
// other, out}

/// A complex self, then a complex other, of more than 7 dims (the op_api views it with one more dim, the real and
/// imaginary parts, to reduce them with ReduceAny).
inline int CheckLogicalXorComplexDims(const OpCall& c) {
    const char* names[2] = {"self", "other"};
    for (int i = 0; i < 2; ++i) {
        const aclTensor* t = c.t[i];
        if ((t->dtype == ACL_COMPLEX64 || t->dtype == ACL_COMPLEX128) &&
            t->view_shape.size() > static_cast<size_t>(kMaxDims - 1)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor cannot be larger than %d dimensions.", names[i],
                        kMaxDims - 1);
        }
    }
    return 0;
}

// ---- aclnnBitwiseAndTensor / aclnnInplaceBitwiseAndTensor (math/bitwise_and/op_api/aclnn_bitwise_and_tensor.cpp
// CheckFormat, after the promote checks); c.t = {self, other, out}

/// A private (fractal / C0) storage format on self, other or out.
inline int CheckBitwiseAndFormat(const OpCall& c) {
    for (int i = 0; i < c.num_tensors; ++i) {
        if (IsPrivateFormatCode(c.t[i]->format)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Format only support ND,NCHW,NHWC,HWCN,NDHWC,NCDHW.");
        }
    }
    return 0;
}

// ---- aclnnBitwiseAndScalar / aclnnInplaceBitwiseAndScalar (math/bitwise_and/op_api/aclnn_bitwise_and_scalar.cpp
// CheckPromoteType); c.t = {self, out}

/// The promote type: on the Ascend 950 CombineCategoriesWithComplex(self, the scalar's default dtype), elsewhere
/// PromoteType(self, other); none -> "can not promote"; then castable to out's dtype.
inline int CheckBitwiseAndScalarPromote(const OpCall& c, const aclScalar* other) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    const aclDataType p = IsRegBaseSoc(c.soc)
                              ? CombineCategoriesWithComplex(self->dtype, ScalarDefaultDtype(other->dtype))
                              : PromoteTypes(self->dtype, other->dtype);
    if (p == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Self dtype %s and other dtype %s can not promote dtype.",
                    DtypeName(self->dtype), DtypeName(other->dtype));
    }
    if (!CanCast(p, out->dtype)) return MbCastFailed(p, out->dtype);
    return 0;
}

/// CheckFormat: self's or out's private storage format refused (the Tensor form's rule and message).
inline int CheckBitwiseAndScalarFormat(const OpCall& c, const aclScalar* /*other*/) { return CheckBitwiseAndFormat(c); }

// ---- aclnnGtScalar / aclnnInplaceGtScalar (math/greater/op_api/aclnn_gt_scalar.cpp CheckPromoteType; the lists are
// the table's); c.t = {self, out}

/// The promote type: on the Ascend 950 CombineCategoriesWithComplex(self, the scalar's default dtype), BOOL as
/// INT8, self's and other's dtypes castable to it; elsewhere PromoteType(self, other), BOOL as INT8 (a DOUBLE
/// scalar that a floating self's dtype holds within FLT_EPSILON keeps self's dtype - a computation choice, not a
/// check). Then: defined; BOOL castable to out's dtype.
inline int CheckGtScalarPromote(const OpCall& c, const aclScalar* other) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    aclDataType p = ACL_DT_UNDEFINED;
    if (IsRegBaseSoc(c.soc)) {
        p = CombineCategoriesWithComplex(self->dtype, ScalarDefaultDtype(other->dtype));
        if (p == ACL_BOOL) p = ACL_INT8;
        if (!CanCast(self->dtype, p)) return MbCastFailed(self->dtype, p);
        if (!CanCast(other->dtype, p)) return MbCastFailed(other->dtype, p);
    } else {
        p = PromoteTypes(self->dtype, other->dtype);
        if (p == ACL_BOOL) p = ACL_INT8;
    }
    if (p == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Self dtype %s and other dtype %s can not promote dtype.",
                    DtypeName(self->dtype), DtypeName(other->dtype));
    }
    if (!CanCast(ACL_BOOL, out->dtype)) return MbCastFailed(ACL_BOOL, out->dtype);
    return 0;
}

}  // namespace aclcpu
