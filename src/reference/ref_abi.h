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
/// BF16, DOUBLE, INT8, UINT8, INT16, INT32, INT64, BOOL, COMPLEX64, COMPLEX128, and UINT64 as INT64 with the same
/// bits (CANN's quant parameters are UINT64 bit patterns; an unsigned value of 2^63 or more reads as negative:
/// docs/reference-tier.md) - not UINT16/32, the 8- and 4-bit floating types, HIFLOAT8, INT4, ... (some of which
/// are converted: ConvertedType). Values as acl_base.h's aclDataType.
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
        case 10:  // ACL_UINT64, as INT64's bits
        case 12:  // ACL_BOOL
        case 16:  // ACL_COMPLEX64
        case 17:  // ACL_COMPLEX128
            return true;
        default:
            return false;
    }
}

/// Whether the reference library converts a tensor of aclDataType value `dtype` around ATen (ATen 1.13 has no type
/// for it, but its layout is public and src/tensor/lowp_dtype.h decodes and encodes it exactly): HIFLOAT8,
/// FLOAT8_E5M2, FLOAT8_E4M3FN, FLOAT8_E8M0, FLOAT4_E2M1 and FLOAT4_E1M2 reach a formula as FLOAT, INT4 as INT8
/// (aten_bridge.cpp). Values as acl_base.h's aclDataType.
constexpr bool ConvertedType(int32_t dtype) {
    switch (dtype) {
        case 29:  // ACL_INT4
        case 34:  // ACL_HIFLOAT8
        case 35:  // ACL_FLOAT8_E5M2
        case 36:  // ACL_FLOAT8_E4M3FN
        case 37:  // ACL_FLOAT8_E8M0
        case 40:  // ACL_FLOAT4_E2M1
        case 41:  // ACL_FLOAT4_E1M2
            return true;
        default:
            return false;
    }
}

/// Whether a reference-tier operator can take a tensor of aclDataType value `dtype`: an ATen type
/// (AtenHasType) or a converted one (ConvertedType). Every reference-tier first phase refuses the others
/// (UINT16/32, COMPLEX32, STRING, ...) with 161002 (engine/reference_call.cpp).
constexpr bool ReferenceCanTake(int32_t dtype) { return AtenHasType(dtype) || ConvertedType(dtype); }

/// Whether an aclFormat value is one of the FRACTAL_NZ formats (FRACTAL_NZ and its FRACTAL_NZ_C0_* forms): the
/// reference library reads and writes such a tensor as its view shape over the blocked storage (Tensor).
constexpr bool FractalNzFormat(int32_t format) {
    return format == 29 || (format >= 50 && format <= 54);  // ACL_FORMAT_FRACTAL_NZ, ACL_FORMAT_FRACTAL_NZ_C0_*
}

/// One tensor as the second phase hands it over: the aclTensor's view (dtype an aclDataType value; view shape and
/// strides in elements, `ndim` of each; offset in elements from `data`, the storage's first element, as
/// aclCreateTensor's tensorData). `data` is NULL only for a tensor without elements. An absent optional input has
/// present == 0 and nothing else set. `format` is the aclFormat the tensor was created with and `storage_shape`
/// (`storage_ndim` dims) its storage shape: for a FRACTAL_NZ format (FractalNzFormat) the storage is
/// [batch..., n1, m1, m0, c0] for a view [batch..., rows, cols] (element (r, c) at [batch..., c / c0, r / m0,
/// r % m0, c % c0], row-major; the first phase checked that it covers the view), and the strides and offset are
/// not used; for every other format the view addresses the storage through strides and offset.
struct Tensor {
    int32_t present = 0;
    int32_t dtype = 0;
    int32_t ndim = 0;
    const int64_t* shape = nullptr;
    const int64_t* strides = nullptr;
    int64_t offset = 0;
    void* data = nullptr;
    int32_t format = 2;  // ACL_FORMAT_ND
    int32_t storage_ndim = 0;
    const int64_t* storage_shape = nullptr;
    /// 1 for an output whose shape the computation decides (a table entry's `reference.dynamic_shape`:
    /// aclnnNonzero's out): its view is the largest result the first phase admits, contiguous; the library writes
    /// the result contiguously from the view's first element and reports its shape in Call::result_shapes.
    int32_t dynamic_shape = 0;
};

/// Most dims a result shape of a dynamic_shape output may have (CANN's tensors have at most 8).
constexpr int32_t kMaxResultDims = 8;

/// One non-tensor parameter, in the table's parameter order (ops/operators.yaml), then one per aclTensorList
/// parameter. kind: what the caller passed - an integer (int64_t/int32_t/int8_t parameters, an aclDataType as its
/// value), a floating-point number, a bool, an aclScalar (its value as double `f` for a floating or complex dtype,
/// as int64 `i` for an integral or BOOL dtype; `dtype` the scalar's aclDataType), an int array (`array`, `count`
/// elements; an aclIntArray, an aclBoolArray as 0 / 1, a char* as its characters), an aclScalarList (`items`,
/// `count` kScalar values), nothing (kNone: an optional aclScalar passed as NULL) or an aclTensorList (the call's tensors `i` .. `i + count - 1`: a foreach entry's
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
        kNone = 7,  // an optional parameter the caller passed as NULL (an aclScalar the table marks optional)
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
    /// For each tensor (num_tensors rows of kMaxResultDims), written by the library for a dynamic_shape output:
    /// the result's shape in result_shapes[i * kMaxResultDims ..] and its dims in result_ndims[i] (-1: not written).
    int64_t* result_shapes = nullptr;
    int32_t* result_ndims = nullptr;
    /// The product profile the call's first phase ran under (its checks and dtype lists are that product's;
    /// CANN's op_apis also pick arithmetic by product, e.g. the promote type of a Scalar operand on Ascend 950):
    /// kProductNames' index - 0 Ascend950, 1 Ascend910B, 2 Ascend910_93, 3 Ascend910, 4 Ascend310P (rt::Soc's order).
    int32_t product = 0;
};

/// The product families of Call::product, by index (rt::Soc's order, src/runtime/runtime.h).
constexpr const char* kProductNames[] = {"Ascend950", "Ascend910B", "Ascend910_93", "Ascend910", "Ascend310P"};
constexpr int32_t kNumProducts = 5;

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
constexpr int32_t kVersion = 6;  // 2: lists; 3: format and storage shape; 4: dynamic_shape outputs; 5: kNone;
                                 // 6: Call::product
/// The library's file name (its SONAME), looked up beside libopapi_nn first, then on the loader's path.
constexpr const char* kLibraryName = "libaclcpu_reference.so.0";

}  // namespace ref
}  // namespace aclcpu
