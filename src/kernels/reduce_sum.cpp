// The value rows of aclnnReduceSum (kernels/reduce_sum.h).
#include "kernels/reduce_sum.h"

#include <cstdint>
#include <cstring>

#include "common/exports.h"  // the cross-library functions defined here get default visibility
#include "common/half.h"
#include "kernels/cast.h"
#include "kernels/convert.h"
#include "kernels/reduce_fold.h"
#include "kernels/simd_convert.h"

namespace aclcpu {
namespace kern {

void ReduceSumValueRowGeneric(const void* params, const aclDataType* dt, char* const* ptrs, const int64_t* st,
                              int64_t n) {
    const aclDataType c = static_cast<const ReduceSumValueParams*>(params)->compute;
    const bool floating = c == ACL_FLOAT || c == ACL_FLOAT16 || c == ACL_BF16;
    for (int64_t i = 0; i < n; ++i) {
        alignas(8) char v[8] = {};
        CastElement(ptrs[1] + i * st[1], dt[1], v, c);
        char* o = ptrs[0] + i * st[0];
        if (floating) {
            const float f = LoadPromoted(v, c, c);  // a value of c, widened exactly
            std::memcpy(o, &f, 4);
        } else {
            const int64_t x = LoadInt64(v, c);  // BOOL: 0 or 1
            std::memcpy(o, &x, 8);
        }
    }
}

namespace {

/// Contiguous FLOAT16 / BF16 self of the compute dtype: the values widened by the SIMD conversions.
void HalfValuesRow(const void*, const aclDataType*, char* const* ptrs, const int64_t*, int64_t n) {
    simd::HalfToFloat(reinterpret_cast<const uint16_t*>(ptrs[1]), reinterpret_cast<float*>(ptrs[0]), static_cast<size_t>(n));
}
void Bf16ValuesRow(const void*, const aclDataType*, char* const* ptrs, const int64_t*, int64_t n) {
    simd::Bf16ToFloat(reinterpret_cast<const uint16_t*>(ptrs[1]), reinterpret_cast<float*>(ptrs[0]), static_cast<size_t>(n));
}
/// Contiguous FLOAT self of the compute dtype FLOAT: the values are the elements (a copy).
void FloatValuesRow(const void*, const aclDataType*, char* const* ptrs, const int64_t*, int64_t n) {
    std::memcpy(ptrs[0], ptrs[1], static_cast<size_t>(n) * sizeof(float));
}

}  // namespace

aclDataType WideningRowDtype(RowFn row) {
    if (row == &FloatValuesRow) return ACL_FLOAT;
    if (row == &HalfValuesRow) return ACL_FLOAT16;
    if (row == &Bf16ValuesRow) return ACL_BF16;
    return ACL_DT_UNDEFINED;
}

RowFn SelectReduceSumValueRow(const void* params, const aclDataType* dtypes, const int64_t* strides,
                              bool nontemporal) {
    const aclDataType c = static_cast<const ReduceSumValueParams*>(params)->compute;
    if (dtypes[1] != c || dtypes[0] != ACL_FLOAT) return &ReduceSumValueRowGeneric;
    const bool contiguous = strides[0] == 4 && strides[1] == 2;
    if (c == ACL_FLOAT16 && contiguous) return &HalfValuesRow;
    if (c == ACL_BF16 && contiguous) return &Bf16ValuesRow;
    if (c == ACL_FLOAT && strides[0] == 4 && strides[1] == 4) return &FloatValuesRow;
    if (c == ACL_FLOAT || c == ACL_FLOAT16 || c == ACL_BF16) {
        return SelectCastRow(params, dtypes, strides, nontemporal);  // FLOAT: a copy; strided: element casts
    }
    return &ReduceSumValueRowGeneric;
}

}  // namespace kern
}  // namespace aclcpu
