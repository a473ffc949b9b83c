// CastElement and the cast rows (kernels/cast.h).
#include "kernels/cast.h"

#include <cmath>
#include <cstdint>
#include <cstring>

#include "common/exports.h"  // the cross-library functions defined here get default visibility
#include "common/half.h"
#include "kernels/convert.h"
#include "tensor/dtype.h"

namespace aclcpu {
namespace kern {
namespace {

bool IsFloatFamily(aclDataType d) { return d == ACL_FLOAT || d == ACL_FLOAT16 || d == ACL_BF16 || d == ACL_DOUBLE; }
bool IsComplexType(aclDataType d) { return d == ACL_COMPLEX64 || d == ACL_COMPLEX128; }
bool IsUnsignedInt(aclDataType d) {
    return d == ACL_UINT8 || d == ACL_UINT16 || d == ACL_UINT32 || d == ACL_UINT64 || d == ACL_BOOL;
}

/// A floating value (exact as a double) rounded once to nearest even to FLOAT / FLOAT16 / BF16 (through float32
/// rounded to odd, which keeps one rounding for the narrower formats), stored; DOUBLE as it is.
void StoreFloating(char* dst, aclDataType ddt, double v) {
    if (ddt == ACL_DOUBLE) {
        std::memcpy(dst, &v, 8);
        return;
    }
    float f = static_cast<float>(v);  // nearest even; a NaN keeps its top payload bits, quiet
    if (ddt != ACL_FLOAT && v == v && !std::isinf(v) && static_cast<double>(f) != v) {
        if (std::fabs(static_cast<double>(f)) > std::fabs(v)) f = std::nextafter(f, 0.0f);  // toward zero
        uint32_t u;
        std::memcpy(&u, &f, 4);
        u |= 1u;  // odd
        std::memcpy(&f, &u, 4);
    }
    StoreResult(dst, ddt, f);
}

/// A floating value toward zero into an integer of dtype ddt: NaN 0, saturated to `wide` bits, then the low bits.
void StoreTruncated(char* dst, aclDataType ddt, double v, bool wide) {
    int64_t w;
    if (v != v) {
        w = 0;
    } else if (ddt == ACL_UINT64) {  // the AI CPU's conversion, saturated to the unsigned range
        const uint64_t u = v <= 0.0 ? 0 : (v >= 18446744073709551615.0 ? ~uint64_t{0} : static_cast<uint64_t>(v));
        std::memcpy(dst, &u, 8);
        return;
    } else {
        const double lo = wide ? -9223372036854775808.0 : -2147483648.0;
        const double hi = wide ? 9223372036854775807.0 : 2147483647.0;
        w = v <= lo ? (wide ? INT64_MIN : INT32_MIN) : (v >= hi ? (wide ? INT64_MAX : INT32_MAX) : static_cast<int64_t>(v));
    }
    StoreInt64Result(dst, ddt, w);  // the low bytes
}

/// An integer (or BOOL) value into a floating dtype: one rounding, INT32 / INT64 / UINT32 into FLOAT16 or BF16 through
/// FLOAT.
void StoreIntToFloating(char* dst, aclDataType sdt, aclDataType ddt, int64_t v, uint64_t u) {
    const bool big_unsigned = sdt == ACL_UINT64 && u > static_cast<uint64_t>(INT64_MAX);
    if (ddt == ACL_DOUBLE) {
        const double d = big_unsigned ? static_cast<double>(u) : static_cast<double>(v);
        std::memcpy(dst, &d, 8);
        return;
    }
    if ((ddt == ACL_FLOAT16 || ddt == ACL_BF16) && (sdt == ACL_INT32 || sdt == ACL_INT64 || sdt == ACL_UINT32)) {
        StoreResult(dst, ddt, RoundToPromoted(static_cast<float>(v), ddt));  // RNE to FLOAT, then to the dtype
        return;
    }
    StoreResult(dst, ddt, big_unsigned ? UintToPromoted(u, ddt) : IntToPromoted(v, ddt));
}

/// A real value (as a double, exact) of floating dtype sdt into any real destination dtype.
void StoreFromFloating(char* dst, aclDataType sdt, aclDataType ddt, double v) {
    if (ddt == ACL_BOOL) {
        const uint8_t b = v != 0.0 || v != v;
        std::memcpy(dst, &b, 1);
    } else if (IsFloatFamily(ddt)) {
        StoreFloating(dst, ddt, v);
    } else {
        const bool wide = ddt == ACL_INT64 || ddt == ACL_UINT32 || (ddt == ACL_UINT8 && sdt != ACL_FLOAT16);
        StoreTruncated(dst, ddt, v, wide);
    }
}

double LoadFloating(const char* p, aclDataType d) {
    switch (d) {
        case ACL_FLOAT: return LoadRaw<float>(p);
        case ACL_FLOAT16: return HalfToFloat(LoadRaw<uint16_t>(p));
        case ACL_BF16: return Bf16ToFloat(LoadRaw<uint16_t>(p));
        default: return LoadRaw<double>(p);
    }
}

}  // namespace

void StoreFloatingToInteger(char* dst, aclDataType ddt, double v) { StoreFromFloating(dst, ACL_FLOAT, ddt, v); }

void CastElement(const char* src, aclDataType sdt, char* dst, aclDataType ddt) {
    if (sdt == ddt) {
        std::memcpy(dst, src, ItemSize(sdt));
        return;
    }
    if (IsComplexType(sdt)) {
        const aclDataType part = sdt == ACL_COMPLEX64 ? ACL_FLOAT : ACL_DOUBLE;
        const size_t half = sdt == ACL_COMPLEX64 ? 4 : 8;
        if (IsComplexType(ddt)) {
            const aclDataType dpart = ddt == ACL_COMPLEX64 ? ACL_FLOAT : ACL_DOUBLE;
            const size_t dhalf = ddt == ACL_COMPLEX64 ? 4 : 8;
            StoreFloating(dst, dpart, LoadFloating(src, part));
            StoreFloating(dst + dhalf, dpart, LoadFloating(src + half, part));
            return;
        }
        if (ddt == ACL_BOOL) {
            const double re = LoadFloating(src, part), im = LoadFloating(src + half, part);
            const uint8_t b = re != 0.0 || im != 0.0 || re != re || im != im;
            std::memcpy(dst, &b, 1);
            return;
        }
        StoreFromFloating(dst, part, ddt, LoadFloating(src, part));  // the real part
        return;
    }
    if (IsComplexType(ddt)) {  // (x, 0)
        const aclDataType dpart = ddt == ACL_COMPLEX64 ? ACL_FLOAT : ACL_DOUBLE;
        const size_t dhalf = ddt == ACL_COMPLEX64 ? 4 : 8;
        char part[8];
        CastElement(src, sdt, part, dpart);
        std::memcpy(dst, part, dhalf);
        std::memset(dst + dhalf, 0, dhalf);
        return;
    }
    if (IsFloatFamily(sdt)) {
        StoreFromFloating(dst, sdt, ddt, LoadFloating(src, sdt));
        return;
    }
    // an integer or BOOL source
    const int64_t v = LoadInt64(src, sdt);
    const uint64_t u = static_cast<uint64_t>(v);
    if (ddt == ACL_BOOL) {
        const uint8_t b = v != 0;
        std::memcpy(dst, &b, 1);
    } else if (IsFloatFamily(ddt)) {
        StoreIntToFloating(dst, sdt, ddt, IsUnsignedInt(sdt) && sdt != ACL_UINT64 ? static_cast<int64_t>(u) : v, u);
    } else {
        StoreInt64Result(dst, ddt, v);  // the low bytes (LoadInt64 sign- or zero-extended)
    }
}

namespace {

void CastRowGeneric(const void*, const aclDataType* dt, char* const* ptrs, const int64_t* st, int64_t n) {
    for (int64_t i = 0; i < n; ++i) CastElement(ptrs[1] + i * st[1], dt[1], ptrs[0] + i * st[0], dt[0]);
}

void CopyRowGeneric(const void*, const aclDataType* dt, char* const* ptrs, const int64_t* st, int64_t n) {
    const size_t item = ItemSize(dt[0]);
    for (int64_t i = 0; i < n; ++i) std::memcpy(ptrs[0] + i * st[0], ptrs[1] + i * st[1], item);
}

void CopyRowContiguous(const void*, const aclDataType* dt, char* const* ptrs, const int64_t*, int64_t n) {
    if (n > 0) std::memmove(ptrs[0], ptrs[1], static_cast<size_t>(n) * ItemSize(dt[0]));
}

}  // namespace

RowFn SelectCastRow(const void*, const aclDataType* dtypes, const int64_t* strides, bool) {
    if (dtypes[0] != dtypes[1]) return &CastRowGeneric;
    const int64_t item = static_cast<int64_t>(ItemSize(dtypes[0]));
    if (strides[0] == item && strides[1] == item) return &CopyRowContiguous;
    return &CopyRowGeneric;
}

}  // namespace kern
}  // namespace aclcpu
