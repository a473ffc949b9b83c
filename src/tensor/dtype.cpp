#include "tensor/dtype.h"
#include "common/exports.h"  // the cross-library functions defined here get default visibility

namespace aclcpu {
namespace {

// Row/column order of deduction table 1.
enum Col { F32, F16, F64, BF16, S8, U8, S16, U16, S32, U32, S64, U64, BOOL, C32, C64, C128, kCols };

int ColumnOf(aclDataType t) {
    switch (t) {
        case ACL_FLOAT: return F32;
        case ACL_FLOAT16: return F16;
        case ACL_DOUBLE: return F64;
        case ACL_BF16: return BF16;
        case ACL_INT8: return S8;
        case ACL_UINT8: return U8;
        case ACL_INT16: return S16;
        case ACL_UINT16: return U16;
        case ACL_INT32: return S32;
        case ACL_UINT32: return U32;
        case ACL_INT64: return S64;
        case ACL_UINT64: return U64;
        case ACL_BOOL: return BOOL;
        case ACL_COMPLEX32: return C32;
        case ACL_COMPLEX64: return C64;
        case ACL_COMPLEX128: return C128;
        default: return -1;
    }
}

constexpr aclDataType X = ACL_DT_UNDEFINED;
constexpr aclDataType f32 = ACL_FLOAT, f16 = ACL_FLOAT16, f64 = ACL_DOUBLE, bf16 = ACL_BF16;
constexpr aclDataType s8 = ACL_INT8, u8 = ACL_UINT8, s16 = ACL_INT16, u16 = ACL_UINT16;
constexpr aclDataType s32 = ACL_INT32, u32 = ACL_UINT32, s64 = ACL_INT64, u64 = ACL_UINT64;
constexpr aclDataType bl = ACL_BOOL, c32 = ACL_COMPLEX32, c64 = ACL_COMPLEX64, c128 = ACL_COMPLEX128;

// kPromote[row][col]: deduction table 1, transcribed cell by cell.
constexpr aclDataType kPromote[kCols][kCols] = {
    /* f32  */ {f32, f32, f64, f32, f32, f32, f32, X, f32, X, f32, X, f32, c64, c64, c128},
    /* f16  */ {f32, f16, f64, f32, f16, f16, f16, X, f16, X, f16, X, f16, c32, c64, c128},
    /* f64  */ {f64, f64, f64, f64, f64, f64, f64, X, f64, X, f64, X, f64, c128, c128, c128},
    /* bf16 */ {f32, f32, f64, bf16, bf16, bf16, bf16, X, bf16, X, bf16, X, bf16, c32, c64, c128},
    /* s8   */ {f32, f16, f64, bf16, s8, s16, s16, X, s32, X, s64, X, s8, c32, c64, c128},
    /* u8   */ {f32, f16, f64, bf16, s16, u8, s16, X, s32, X, s64, X, u8, c32, c64, c128},
    /* s16  */ {f32, f16, f64, bf16, s16, s16, s16, X, s32, X, s64, X, s16, c32, c64, c128},
    /* u16  */ {X, X, X, X, X, X, X, u16, X, X, X, X, X, X, X, X},
    /* s32  */ {f32, f16, f64, bf16, s32, s32, s32, X, s32, X, s64, X, s32, c32, c64, c128},
    /* u32  */ {X, X, X, X, X, X, X, X, X, u32, X, X, X, X, X, X},
    /* s64  */ {f32, f16, f64, bf16, s64, s64, s64, X, s64, X, s64, X, s64, c32, c64, c128},
    /* u64  */ {X, X, X, X, X, X, X, X, X, X, X, u64, X, X, X, X},
    /* bool */ {f32, f16, f64, bf16, s8, u8, s16, X, s32, X, s64, X, bl, c32, c64, c128},
    /* c32  */ {c64, c32, c128, c32, c32, c32, c32, X, c32, X, c32, X, c32, c32, c64, c128},
    /* c64  */ {c64, c64, c128, c64, c64, c64, c64, X, c64, X, c64, X, c64, c64, c64, c128},
    /* c128 */ {c128, c128, c128, c128, c128, c128, c128, X, c128, X, c128, X, c128, c128, c128, c128},
};

bool IsFloating(aclDataType t) { return t == ACL_FLOAT16 || t == ACL_FLOAT || t == ACL_DOUBLE || t == ACL_BF16; }
bool IsInteger(aclDataType t) {
    switch (t) {
        case ACL_INT8: case ACL_UINT8: case ACL_INT16: case ACL_UINT16:
        case ACL_INT32: case ACL_UINT32: case ACL_INT64: case ACL_UINT64: return true;
        default: return false;
    }
}
bool IsCastComplex(aclDataType t) { return t == ACL_COMPLEX64 || t == ACL_COMPLEX128; }

}  // namespace

const char* DtypeName(aclDataType t) {
    switch (t) {
        case ACL_FLOAT: return "DT_FLOAT";
        case ACL_FLOAT16: return "DT_FLOAT16";
        case ACL_INT8: return "DT_INT8";
        case ACL_INT32: return "DT_INT32";
        case ACL_UINT8: return "DT_UINT8";
        case ACL_INT16: return "DT_INT16";
        case ACL_UINT16: return "DT_UINT16";
        case ACL_UINT32: return "DT_UINT32";
        case ACL_INT64: return "DT_INT64";
        case ACL_UINT64: return "DT_UINT64";
        case ACL_DOUBLE: return "DT_DOUBLE";
        case ACL_BOOL: return "DT_BOOL";
        case ACL_STRING: return "DT_STRING";
        case ACL_COMPLEX64: return "DT_COMPLEX64";
        case ACL_COMPLEX128: return "DT_COMPLEX128";
        case ACL_BF16: return "DT_BF16";
        case ACL_INT4: return "DT_INT4";
        case ACL_UINT1: return "DT_UINT1";
        case ACL_COMPLEX32: return "DT_COMPLEX32";
        case ACL_HIFLOAT8: return "DT_HIFLOAT8";
        case ACL_FLOAT8_E5M2: return "DT_FLOAT8_E5M2";
        case ACL_FLOAT8_E4M3FN: return "DT_FLOAT8_E4M3FN";
        case ACL_FLOAT8_E8M0: return "DT_FLOAT8_E8M0";
        case ACL_FLOAT6_E3M2: return "DT_FLOAT6_E3M2";
        case ACL_FLOAT6_E2M3: return "DT_FLOAT6_E2M3";
        case ACL_FLOAT4_E2M1: return "DT_FLOAT4_E2M1";
        case ACL_FLOAT4_E1M2: return "DT_FLOAT4_E1M2";
        default: return "DT_UNDEFINED";
    }
}

aclDataType PromoteTypes(aclDataType a, aclDataType b) {
    const int r = ColumnOf(a), c = ColumnOf(b);
    if (r < 0 || c < 0) return ACL_DT_UNDEFINED;
    return kPromote[r][c];
}

bool CanCast(aclDataType from, aclDataType to) {
    if (from == to) return true;
    if (IsInteger(from) || from == ACL_BOOL) return IsInteger(to) || IsFloating(to) || IsCastComplex(to);
    if (IsFloating(from)) return IsFloating(to) || IsCastComplex(to);
    if (IsCastComplex(from) || from == ACL_COMPLEX32) return IsCastComplex(to);
    return false;
}

}  // namespace aclcpu
