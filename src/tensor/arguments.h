// The aclnn argument objects of acl_meta.h besides aclTensor: aclScalar, aclIntArray, aclFloatArray,
// aclBoolArray, aclTensorList, aclScalarList (issue 15). All are handles of the handle registry
// (common/handle_registry.h): a pointer is used only while the registry lists it live, so stale or foreign
// pointers are rejected (161002) and never read.
//
// Ownership (CANN, opbase acl_op_api.cpp): a list owns its elements; aclDestroyTensorList /
// aclDestroyScalarList destroy them. Here each element records the list that owns it (`owner_list`), so
// that aclDestroyTensor / aclDestroyScalar refuse an owned element (161002) and no element can be owned by
// two lists: nothing is ever freed twice, and a list never destroys an object it does not own.
//
// Operators read the values through the readers below, with the registry's lock held around the call (the
// objects are immutable between creation and release).
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "aclnn/acl_meta.h"
#include "common/handle_registry.h"

/// A scalar argument (public opaque type of acl_meta.h): a dtype and the bits of one value.
struct aclScalar {
    aclDataType dtype = ACL_DT_UNDEFINED;
    uint32_t size = 0;                          ///< bytes of `bits` in use: the dtype's item size (1, 2, 4, 8 or 16)
    alignas(8) uint8_t bits[16] = {};           ///< the value's bytes as given, little end first
    const aclScalarList* owner_list = nullptr;  ///< the live list that owns it, or nullptr
};

/// Arrays of acl_meta.h: copies of the caller's elements.
struct aclIntArray {
    std::vector<int64_t> values;
};
struct aclFloatArray {
    std::vector<float> values;
};
struct aclBoolArray {
    std::vector<uint8_t> values;  ///< one byte per bool, 0 or 1 as the caller stored it (read as != 0)
};

/// Lists of acl_meta.h: the caller's element pointers (NULL elements kept), each non-null one owned.
struct aclTensorList {
    std::vector<aclTensor*> items;
    bool has_null = false;  ///< an element of `items` is NULL (set by aclCreateTensorList; `items` never changes)
    /// TensorReleaseCount() when every non-NULL element was last found live (CheckListLive, op/foreach_call.h);
    /// kNeverChecked until then. While the count is unchanged the elements are still live and are not looked up
    /// again: a first phase over lists that outlive the call checks each list handle, not each element.
    mutable std::atomic<uint64_t> live_at{kNeverChecked};
    static constexpr uint64_t kNeverChecked = ~uint64_t{0};
};
struct aclScalarList {
    std::vector<aclScalar*> items;
};

namespace aclcpu {

template <>
struct HandleTraits<aclScalar> {
    static constexpr HandleKind kKind = HandleKind::kScalar;
};
template <>
struct HandleTraits<aclIntArray> {
    static constexpr HandleKind kKind = HandleKind::kIntArray;
};
template <>
struct HandleTraits<aclFloatArray> {
    static constexpr HandleKind kKind = HandleKind::kFloatArray;
};
template <>
struct HandleTraits<aclBoolArray> {
    static constexpr HandleKind kKind = HandleKind::kBoolArray;
};
template <>
struct HandleTraits<aclTensorList> {
    static constexpr HandleKind kKind = HandleKind::kTensorList;
};
template <>
struct HandleTraits<aclScalarList> {
    static constexpr HandleKind kKind = HandleKind::kScalarList;
};

/// Item size in bytes of a dtype aclCreateScalar accepts (CANN's list, opbase common_types.cpp
/// aclScalar::aclScalar(const void*, DataType)); 0 for the others.
size_t ScalarItemSize(aclDataType dtype);

/// The scalar's value as a double: integers and BOOL converted, FLOAT16/BF16/FLOAT/DOUBLE widened exactly,
/// COMPLEX64/128 their real part. False (nothing written) for the 1-byte float formats (HIFLOAT8, FLOAT8_*,
/// FLOAT6_*, FLOAT4_*), which have no converter here yet.
bool ScalarToDouble(const aclScalar& s, double* out);

/// The scalar's value as float32, as opbase's aclScalar::ToFloat is modelled (its body is not public): the
/// stored value converted once, to nearest even, from its own type (INT64/UINT64 directly, not through
/// double; every other dtype is exact in double, so ScalarToDouble then one rounding). False like
/// ScalarToDouble.
bool ScalarToFloat(const aclScalar& s, float* out);

/// What releases each kind, for FailNotLive messages.
constexpr const char* kScalarReleasedBy = "destroyed by aclDestroyScalar or aclDestroyScalarList";
constexpr const char* kArrayReleasedBy = "destroyed by its aclDestroy*Array";
constexpr const char* kTensorListReleasedBy = "destroyed by aclDestroyTensorList";
constexpr const char* kScalarListReleasedBy = "destroyed by aclDestroyScalarList";

}  // namespace aclcpu
