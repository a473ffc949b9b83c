// Data types of the tensor model: item sizes, names, classes, and the two CANN rules that decide which
// dtype a computation runs in (tensor-tensor promotion) and which outputs it may be written to (cast rule).
//
// Sources: aclDataType values (CANN acl_base_rt.h); promotion = table 1 of ops-nn
// docs/zh/context/deduction_relationship.md (normative, SPEC 4.4); casting = ops-nn
// docs/zh/context/conversion_relationship.md. Header-only so both libascendcl (aclDataTypeSize) and
// libnnopbase use the same table.
#pragma once

#include <cstddef>
#include <cstdint>

#include "acl/acl_base.h"

namespace aclcpu {

/// Item size in bytes of a dtype; 0 for ACL_DT_UNDEFINED, ACL_STRING and values CANN does not define.
/// Sub-byte types (INT4, UINT1, FLOAT4_*, FLOAT6_*) report 1, as CANN does.
constexpr size_t ItemSize(aclDataType t) {
    switch (t) {
        case ACL_FLOAT: case ACL_INT32: case ACL_UINT32: return 4;
        case ACL_FLOAT16: case ACL_INT16: case ACL_UINT16: case ACL_BF16: return 2;
        case ACL_INT8: case ACL_UINT8: case ACL_BOOL: case ACL_INT4: case ACL_UINT1: return 1;
        case ACL_HIFLOAT8: case ACL_FLOAT8_E5M2: case ACL_FLOAT8_E4M3FN: case ACL_FLOAT8_E8M0: return 1;
        case ACL_FLOAT6_E3M2: case ACL_FLOAT6_E2M3: case ACL_FLOAT4_E2M1: case ACL_FLOAT4_E1M2: return 1;
        case ACL_INT64: case ACL_UINT64: case ACL_DOUBLE: case ACL_COMPLEX64: return 8;
        case ACL_COMPLEX128: return 16;
        case ACL_COMPLEX32: return 4;
        default: return 0;
    }
}

/// True for the dtypes stored two elements a byte (INT4, FLOAT4_E2M1, FLOAT4_E1M2): element 2k in the low nibble of
/// byte k, element 2k+1 in the high nibble (src/tensor/lowp_dtype.h, which converts them).
constexpr bool IsPacked4Bit(aclDataType t) { return t == ACL_INT4 || t == ACL_FLOAT4_E2M1 || t == ACL_FLOAT4_E1M2; }

/// True for every value aclDataType defines except ACL_DT_UNDEFINED (ACL_STRING included).
constexpr bool IsKnownDtype(aclDataType t) { return ItemSize(t) != 0 || t == ACL_STRING; }

/// CANN's spelling of a dtype in messages ("DT_FLOAT", "DT_BF16", ...); "DT_UNDEFINED" for unknown values.
const char* DtypeName(aclDataType t);

/// Tensor-tensor promotion (deduction table 1); ACL_DT_UNDEFINED where the table has a cross or a dtype is
/// outside the table's 16 types (dtypes 34-41, INT4, UINT1, STRING: see docs/differences.md).
aclDataType PromoteTypes(aclDataType a, aclDataType b);

/// Whether a computation result of dtype `from` may be written to an output of dtype `to`
/// (conversion_relationship.md): integers and BOOL -> any integer, float or COMPLEX64/128; floats -> floats
/// (FLOAT16, FLOAT, DOUBLE, BF16) and COMPLEX64/128; complex -> complex; same dtype always.
bool CanCast(aclDataType from, aclDataType to);

/// opbase's IsComplexType (COMPLEX32, COMPLEX64, COMPLEX128).
constexpr bool IsComplexDtype(aclDataType d) {
    return d == ACL_COMPLEX32 || d == ACL_COMPLEX64 || d == ACL_COMPLEX128;
}

/// opbase's IsFloatingType (FLOAT16, FLOAT, DOUBLE, BF16).
constexpr bool IsFloatingDtype(aclDataType d) {
    return d == ACL_FLOAT || d == ACL_FLOAT16 || d == ACL_BF16 || d == ACL_DOUBLE;
}

/// opbase's IsIntegralType(d, include_bool): the signed and unsigned integers, and BOOL when include_bool.
constexpr bool IsIntegralOrBool(aclDataType d, bool include_bool) {
    return d == ACL_INT8 || d == ACL_UINT8 || d == ACL_INT16 || d == ACL_UINT16 || d == ACL_INT32 ||
           d == ACL_UINT32 || d == ACL_INT64 || d == ACL_UINT64 || (include_bool && d == ACL_BOOL);
}

}  // namespace aclcpu
