// aclIntArray, aclFloatArray, aclBoolArray (acl_meta.h): copies of the caller's elements (issue 15).
// CANN's rules: opbase src/nnopbase/common/api/acl_op_api.cpp (create, destroy, size) and
// src/nnopbase/common/utils/common_types.cpp (aclArray<T>::aclArray: copies `size` elements).
#include <cstring>
#include <new>
#include <stdexcept>

#include "tensor/argument_handles.h"
#include "tensor/arguments.h"

namespace aclcpu {
namespace {

static_assert(sizeof(bool) == 1, "aclCreateBoolArray reads one byte per bool");

// Creates an array handle of type A holding value[0 .. size) (`bytes_per` bytes each, copied bitwise).
template <typename A>
A* CreateArray(const void* value, uint64_t size, size_t bytes_per, const char* api) {
    if (value == nullptr && size != 0) {
        Fail(ACLNN_ERR_PARAM_NULLPTR, "%s: value is null but size is %llu.", api,
             static_cast<unsigned long long>(size));
        return nullptr;
    }
    if (size >= kMaxArgumentCount) {
        Fail(ACLNN_ERR_PARAM_INVALID, "%s: size %llu (%lld as a signed count) is not a valid element count.", api,
             static_cast<unsigned long long>(size), static_cast<long long>(size));
        return nullptr;
    }
    A* a = nullptr;
    try {
        a = AcquireHandle<A>();
        a->values.resize(static_cast<size_t>(size));  // a recycled object: every element is assigned below
    } catch (const std::exception&) {                 // bad_alloc, length_error
        if (a != nullptr) ReleaseHandle(a, HandleTraits<A>::kKind);  // never published: back to the spares
        Fail(ACLNN_ERR_INNER, "%s: cannot hold %llu elements (out of memory).", api,
             static_cast<unsigned long long>(size));
        return nullptr;
    }
    if (size != 0) std::memcpy(a->values.data(), value, static_cast<size_t>(size) * bytes_per);
    PublishHandle(a);
    return a;
}

template <typename A>
uint64_t CountOf(const A& a) {
    return a.values.size();
}

}  // namespace
}  // namespace aclcpu

using namespace aclcpu;

extern "C" {

aclIntArray* aclCreateIntArray(const int64_t* value, uint64_t size) {
    return CreateArray<aclIntArray>(value, size, sizeof(int64_t), "aclCreateIntArray");
}

aclFloatArray* aclCreateFloatArray(const float* value, uint64_t size) {
    return CreateArray<aclFloatArray>(value, size, sizeof(float), "aclCreateFloatArray");
}

aclBoolArray* aclCreateBoolArray(const bool* value, uint64_t size) {
    return CreateArray<aclBoolArray>(value, size, sizeof(bool), "aclCreateBoolArray");
}

aclnnStatus aclDestroyIntArray(const aclIntArray* array) {
    return DestroyHandle(array, "aclDestroyIntArray", kArrayReleasedBy);
}

aclnnStatus aclDestroyFloatArray(const aclFloatArray* array) {
    return DestroyHandle(array, "aclDestroyFloatArray", kArrayReleasedBy);
}

aclnnStatus aclDestroyBoolArray(const aclBoolArray* array) {
    return DestroyHandle(array, "aclDestroyBoolArray", kArrayReleasedBy);
}

aclnnStatus aclGetIntArraySize(const aclIntArray* array, uint64_t* size) {
    return GetHandleSize(array, size, "aclGetIntArraySize", kArrayReleasedBy, CountOf<aclIntArray>);
}

aclnnStatus aclGetFloatArraySize(const aclFloatArray* array, uint64_t* size) {
    return GetHandleSize(array, size, "aclGetFloatArraySize", kArrayReleasedBy, CountOf<aclFloatArray>);
}

aclnnStatus aclGetBoolArraySize(const aclBoolArray* array, uint64_t* size) {
    return GetHandleSize(array, size, "aclGetBoolArraySize", kArrayReleasedBy, CountOf<aclBoolArray>);
}

}  // extern "C"
