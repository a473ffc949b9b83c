// The call interface between the operator library (libopapi_nn: the reference-tier operators' first and second
// phases, src/engine/reference_call.*) and the reference library it opens on the first reference-tier call
// (libaclcpu_reference.so: PyTorch's ATen on the CPU, src/reference/aten_bridge.cpp). Plain data only: the
// reference library is built from the same tree, but it is loaded with dlopen, so that a program calling only
// exact-tier operators never maps libtorch.
#pragma once

#include <cstddef>
#include <cstdint>

namespace aclcpu {
namespace ref {

/// Whether PyTorch 1.13's ATen (Debian's libtorch) has a scalar type for aclDataType value `dtype`: FLOAT, FLOAT16,
/// BF16, DOUBLE, INT8, UINT8, INT16, INT32, INT64, BOOL, COMPLEX64, COMPLEX128 (not UINT16/32/64, the 8- and 4-bit
/// floating types, HIFLOAT8, INT4, ...). Every reference-tier first phase refuses a tensor of another dtype
/// (engine/reference_call.cpp), so that the reference library (aten_bridge.cpp's AtenType, which maps these)
/// never meets one. Values as acl_base.h's aclDataType.
constexpr bool AtenHasType(int32_t dtype) {
    switch (dtype) {
        case 0:   // ACL_FLOAT
        case 1:   // ACL_FLOAT16
        case 27:  // ACL_BF16
        case 11:  // ACL_DOUBLE
        case 2:   // ACL_INT8
        case 4:   // ACL_UINT8
        case 6:   // ACL_INT16
        case 3:   // ACL_INT32
        case 9:   // ACL_INT64
        case 12:  // ACL_BOOL
        case 16:  // ACL_COMPLEX64
        case 17:  // ACL_COMPLEX128
            return true;
        default:
            return false;
    }
}

/// One tensor as the second phase hands it over: the aclTensor's view (dtype an aclDataType value; view shape and
/// strides in elements, `ndim` of each; offset in elements from `data`, the storage's first element, as
/// aclCreateTensor's tensorData). `data` is NULL only for a tensor without elements. An absent optional input has
/// present == 0 and nothing else set.
struct Tensor {
    int32_t present = 0;
    int32_t dtype = 0;
    int32_t ndim = 0;
    const int64_t* shape = nullptr;
    const int64_t* strides = nullptr;
    int64_t offset = 0;
    void* data = nullptr;
};

/// One non-tensor parameter, in the table's parameter order (ops/operators.yaml), then one per aclTensorList
/// parameter. kind: what the caller passed - an integer (int64_t/int32_t/int8_t parameters, an aclDataType as its
/// value), a floating-point number, a bool, an aclScalar (its value as double `f` for a floating or complex dtype,
/// as int64 `i` for an integral or BOOL dtype; `dtype` the scalar's aclDataType), an int array (`array`, `count`
/// elements; an aclIntArray, an aclBoolArray as 0 / 1, a char* as its characters), an aclScalarList (`items`,
/// `count` kScalar values) or an aclTensorList (the call's tensors `i` .. `i + count - 1`: a foreach entry's
/// lists, after its non-tensor parameters, in the entry's list order - inputs, then outputs).
struct Value {
    enum Kind : int32_t {
        kInt = 0,
        kFloat = 1,
        kBool = 2,
        kScalar = 3,
        kIntArray = 4,
        kScalarList = 5,
        kTensorList = 6,
    };
    int32_t kind = kInt;
    int32_t dtype = 0;
    int64_t i = 0;
    double f = 0.0;
    const int64_t* array = nullptr;
    int64_t count = 0;
    const Value* items = nullptr;
};

/// One launch: the tensors in executor order (the inputs, then the outputs), the non-tensor parameters, and a
/// buffer for the reason of a failure.
struct Call {
    const char* api = "";
    const Tensor* tensors = nullptr;
    int32_t num_tensors = 0;
    int32_t num_inputs = 0;
    const Value* values = nullptr;
    int32_t num_values = 0;
    char* error = nullptr;  ///< at least error_size bytes; a failing entry writes a NUL-terminated reason
    size_t error_size = 0;
};

/// An operator's computation: 0, or a status (561103, ACLNN_ERR_INNER... see the bridge) with call->error set.
using Fn = int (*)(const Call* call);

/// One row of the reference library's table: the aclnn API name (the second phase's) and its function.
struct Entry {
    const char* api;
    Fn fn;
};

/// The reference library's one exported function (extern "C", name kTableSymbol): its table (`*count` rows)
/// and the interface version it was built with (kVersion), so that a stale library is refused.
using TableFn = const Entry* (*)(int32_t* count, int32_t* version);
constexpr const char* kTableSymbol = "aclcpu_reference_table";
constexpr int32_t kVersion = 2;  // 2: tensor and scalar lists (Value::kTensorList, kScalarList)
/// The library's file name (its SONAME), looked up beside libopapi_nn first, then on the loader's path.
constexpr const char* kLibraryName = "libaclcpu_reference.so.0";

}  // namespace ref
}  // namespace aclcpu
