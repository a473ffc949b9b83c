// The fill rows (kernels/fill.h): the element's bytes into every element of the row.
#include "kernels/fill.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "common/exports.h"  // the cross-library functions defined here get default visibility

namespace aclcpu {
namespace kern {
namespace {

/// Any stride, any size: one copy of the element per index.
void FillRowGeneric(const void* params, const aclDataType*, char* const* ptrs, const int64_t* st, int64_t n) {
    const FillParams& p = *static_cast<const FillParams*>(params);
    for (int64_t i = 0; i < n; ++i) std::memcpy(ptrs[0] + i * st[0], p.bytes, static_cast<size_t>(p.size));
}

/// A contiguous row of T-sized elements: std::fill_n of the element's value.
template <typename T>
void FillRowContiguous(const void* params, const aclDataType*, char* const* ptrs, const int64_t*, int64_t n) {
    const FillParams& p = *static_cast<const FillParams*>(params);
    T v;
    std::memcpy(&v, p.bytes, sizeof v);
    if (n <= 0) return;
    T* out = reinterpret_cast<T*>(ptrs[0]);  // the engine aligns every tensor to its element size
    std::fill_n(out, n, v);
}

}  // namespace

RowFn SelectFillRow(const void* params, const aclDataType*, const int64_t* strides, bool) {
    const FillParams& p = *static_cast<const FillParams*>(params);
    if (strides[0] != p.size) return &FillRowGeneric;
    switch (p.size) {
        case 1: return &FillRowContiguous<uint8_t>;
        case 2: return &FillRowContiguous<uint16_t>;
        case 4: return &FillRowContiguous<uint32_t>;
        case 8: return &FillRowContiguous<uint64_t>;
        default: return &FillRowGeneric;
    }
}

}  // namespace kern
}  // namespace aclcpu
