/*
 * aclnn/acl_meta.h - tensors and executors of the aclnn API (CANN path and name).
 *
 * Names and signatures are facts of CANN (hicann/opbase include/nnopbase/aclnn/acl_meta.h); semantics
 * follow SPEC 3 and 6. Strides and offsets are in ELEMENTS, never bytes: element i of a view lives at
 * tensorData + (offset + sum_k i_k * stride_k) * itemsize.
 * Status codes (aclnnStatus): 0 OK; 161001 ACLNN_ERR_PARAM_NULLPTR; 161002 ACLNN_ERR_PARAM_INVALID;
 * 361001 ACLNN_ERR_RUNTIME_ERROR; 561002 ACLNN_ERR_INNER_TILING_ERROR; 561103 ACLNN_ERR_INNER_NULLPTR.
 * Argument objects (aclScalar, aclIntArray, aclFloatArray, aclBoolArray, aclTensorList, aclScalarList) are
 * handles like aclTensor: a released or never-issued pointer is rejected (161002 with a message), never read.
 * Compiles as C++11 and C11.
 */
#ifndef ACLCPU_ACLNN_ACL_META_H_
#define ACLCPU_ACLNN_ACL_META_H_

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "acl/acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifndef ACLNN_META
#define ACLNN_META
/** A planned operator call, made by a first phase and run (and, unless repeatable, consumed) by a second. */
typedef struct aclOpExecutor aclOpExecutor;
/** A tensor descriptor: view shape, strides, offset, storage shape, dtype, format, data address. */
typedef struct aclTensor aclTensor;
typedef struct aclScalar aclScalar;
typedef struct aclIntArray aclIntArray;
typedef struct aclFloatArray aclFloatArray;
typedef struct aclBoolArray aclBoolArray;
typedef struct aclTensorList aclTensorList;
typedef struct aclScalarList aclScalarList;
/** Status code of aclnn calls (int32_t, CANN). */
typedef int32_t aclnnStatus;
#ifdef __cplusplus
constexpr aclnnStatus OK = 0;
#else
static const aclnnStatus OK = 0;
#endif
#endif

/* aclnn status codes (values from CANN's opdev/op_errno.h and the aclnn return-code page). */
#define ACLNN_SUCCESS 0
#define ACLNN_ERR_PARAM_NULLPTR 161001
#define ACLNN_ERR_PARAM_INVALID 161002
#define ACLNN_ERR_RUNTIME_ERROR 361001
#define ACLNN_ERR_INNER 561000
#define ACLNN_ERR_INNER_NULLPTR 561103
#define ACLNN_ERR_INNER_TILING_ERROR 561002

/**
 * Creates a tensor descriptor (SPEC 3).
 * viewDims[viewDimsNum]: view shape (0 dims = scalar); stride: viewDimsNum strides in elements, or NULL for
 * contiguous; offset: in elements; storageDims[storageDimsNum]: shape of the underlying storage (its
 * element count bounds the view); tensorData: may be NULL (set later, e.g. by aclSetInputTensorAddr).
 * Returns NULL (with aclGetRecentErrMsg) when viewDims or storageDims is NULL with a non-zero count, an
 * unknown dataType is given, or (beyond CANN) a dim, stride or offset is negative, more than 64 dims are
 * given or the element count overflows int64.
 */
ACL_FUNC_VISIBILITY aclTensor* aclCreateTensor(const int64_t* viewDims, uint64_t viewDimsNum, aclDataType dataType,
                                               const int64_t* stride, int64_t offset, aclFormat format,
                                               const int64_t* storageDims, uint64_t storageDimsNum, void* tensorData);

/**
 * Destroys a descriptor (never the data). NULL -> 0; a released or unknown pointer -> 161002, never a crash;
 * an element of a live aclTensorList -> 161002 (nothing destroyed: the list destroys it).
 */
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyTensor(const aclTensor* tensor);

/** View shape; *viewDims is allocated with new[] (even for 0 dims) and freed by the caller with delete[]. Null argument -> 161001. */
ACL_FUNC_VISIBILITY aclnnStatus aclGetViewShape(const aclTensor* tensor, int64_t** viewDims, uint64_t* viewDimsNum);

/** Storage shape; allocated with new[], caller frees with delete[]. Null argument -> 161001. */
ACL_FUNC_VISIBILITY aclnnStatus aclGetStorageShape(const aclTensor* tensor, int64_t** storageDims,
                                                   uint64_t* storageDimsNum);

/** View strides in elements; allocated with new[], caller frees with delete[]. Null argument -> 161001. */
ACL_FUNC_VISIBILITY aclnnStatus aclGetViewStrides(const aclTensor* tensor, int64_t** stridesValue,
                                                  uint64_t* stridesNum);

/** View offset in elements. Null argument -> 161001. */
ACL_FUNC_VISIBILITY aclnnStatus aclGetViewOffset(const aclTensor* tensor, int64_t* offset);

/** View format. Null argument -> 161001. */
ACL_FUNC_VISIBILITY aclnnStatus aclGetFormat(const aclTensor* tensor, aclFormat* format);

/** Data type. Null argument -> 161001. */
ACL_FUNC_VISIBILITY aclnnStatus aclGetDataType(const aclTensor* tensor, aclDataType* dataType);

/** Sets the data address of a descriptor. Null tensor -> 161001. */
ACL_FUNC_VISIBILITY aclnnStatus aclSetRawTensorAddr(aclTensor* tensor, void* addr);

/** Reads the data address of a descriptor. Null argument -> 161001. */
ACL_FUNC_VISIBILITY aclnnStatus aclGetRawTensorAddr(const aclTensor* tensor, void** addr);

/**
 * Re-describes an existing tensor in place (CANN: opbase aclTensor::InitTensor). Kept when not given: the
 * view shape (viewDims NULL or viewDimsNum 0), the storage shape (storageDims NULL or storageDimsNum 0) and
 * the data address (tensorDataAddr NULL). Always set: dataType, format, offset (elements) and the strides
 * (stride[viewDimsNum] in elements, or contiguous strides of the resulting view shape when stride is NULL).
 * The result is checked as aclCreateTensor checks its arguments and replaces the old description at once;
 * executors made earlier keep their own copies. Returns 0; 161001 for a NULL tensor or a NULL dims array with
 * a non-zero count; 161002 (nothing changed) for a released or unknown tensor, a description aclCreateTensor
 * would refuse, or strides given with viewDimsNum 0 while the kept view shape has dims.
 */
ACL_FUNC_VISIBILITY aclnnStatus aclInitTensor(aclTensor* tensor, const int64_t* viewDims, uint64_t viewDimsNum,
                                              aclDataType dataType, const int64_t* stride, int64_t offset,
                                              aclFormat format, const int64_t* storageDims, uint64_t storageDimsNum,
                                              void* tensorDataAddr);

/**
 * Creates a scalar holding a copy of the value's bits (CANN: opbase aclScalar(const void*, DataType)).
 * `value` points to one element of `dataType`: 1 byte for INT8, UINT8, BOOL, HIFLOAT8, FLOAT8_*, FLOAT6_*,
 * FLOAT4_*; 2 for FLOAT16, BF16, INT16, UINT16; 4 for FLOAT, INT32, UINT32; 8 for INT64, UINT64, DOUBLE,
 * COMPLEX64 (two floats); 16 for COMPLEX128 (two doubles). Returns NULL (with aclGetRecentErrMsg) for a NULL
 * value or any other dataType (DT_UNDEFINED, STRING, INT4, UINT1, COMPLEX32, unknown values), as CANN.
 */
ACL_FUNC_VISIBILITY aclScalar* aclCreateScalar(void* value, aclDataType dataType);

/**
 * Creates an array holding a copy of value[0 .. size) (elements). value NULL with size 0 (or any value with
 * size 0) gives an empty array, as CANN. Returns NULL with a message (beyond CANN, which makes an empty array)
 * for value NULL with size > 0, for a size of 2^63 or more (a negative count converted to uint64_t) and
 * when memory runs out.
 */
ACL_FUNC_VISIBILITY aclIntArray* aclCreateIntArray(const int64_t* value, uint64_t size);
/** As aclCreateIntArray, for float elements. */
ACL_FUNC_VISIBILITY aclFloatArray* aclCreateFloatArray(const float* value, uint64_t size);
/** As aclCreateIntArray, for bool elements (1 byte each). */
ACL_FUNC_VISIBILITY aclBoolArray* aclCreateBoolArray(const bool* value, uint64_t size);

/**
 * Creates a list of value[0 .. size) tensors. The list owns its elements (CANN): aclDestroyTensorList
 * destroys them, and aclDestroyTensor on an element of a live list is refused (161002). NULL elements are
 * stored (operators report them); an element may appear more than once in one list (destroyed once).
 * value NULL with size 0 gives an empty list. Returns NULL with a message for value NULL with size > 0, a
 * size of 2^63 or more, an element that is not a live aclTensor, or one that already belongs to another
 * live list (beyond CANN, which would free it twice).
 */
ACL_FUNC_VISIBILITY aclTensorList* aclCreateTensorList(const aclTensor* const* value, uint64_t size);
/** As aclCreateTensorList, for scalars (elements must be live aclScalar handles; aclDestroyScalarList frees them). */
ACL_FUNC_VISIBILITY aclScalarList* aclCreateScalarList(const aclScalar* const* value, uint64_t size);

/** Destroys a scalar. NULL -> 0 (CANN); a released or unknown pointer, or an element of a live aclScalarList -> 161002. */
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyScalar(const aclScalar* scalar);
/** Destroys an array. NULL -> 0 (CANN); a released or unknown pointer -> 161002, nothing freed. */
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyIntArray(const aclIntArray* array);
/** As aclDestroyIntArray. */
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyFloatArray(const aclFloatArray* array);
/** As aclDestroyIntArray. */
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyBoolArray(const aclBoolArray* array);
/** Destroys a tensor list and its (non-NULL) elements, each once. NULL -> 0 (CANN); released or unknown -> 161002. */
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyTensorList(const aclTensorList* array);
/** Destroys a scalar list and its (non-NULL) elements, each once. NULL -> 0 (CANN); released or unknown -> 161002. */
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyScalarList(const aclScalarList* array);

/** Element count of an array or list. A NULL argument -> 161001 (CANN); a released or unknown handle -> 161002. */
ACL_FUNC_VISIBILITY aclnnStatus aclGetIntArraySize(const aclIntArray* array, uint64_t* size);
ACL_FUNC_VISIBILITY aclnnStatus aclGetFloatArraySize(const aclFloatArray* array, uint64_t* size);
ACL_FUNC_VISIBILITY aclnnStatus aclGetBoolArraySize(const aclBoolArray* array, uint64_t* size);
ACL_FUNC_VISIBILITY aclnnStatus aclGetTensorListSize(const aclTensorList* tensorList, uint64_t* size);
ACL_FUNC_VISIBILITY aclnnStatus aclGetScalarListSize(const aclScalarList* scalarList, uint64_t* size);

/**
 * Marks executor repeatable: its second phase may run many times until aclDestroyAclOpExecutor.
 * NULL -> ACLNN_ERR_INNER_NULLPTR (561103); an unknown executor -> 161002.
 */
ACL_FUNC_VISIBILITY aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor* executor);

/** Destroys an executor (repeatable or not yet run). NULL -> 561103; unknown executor -> 161002. */
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor* executor);

/**
 * Sets the data address of input `index` of the executor's own copy of the descriptors (and of `tensor`,
 * when given). For aclnnL1LossBackward: 0 gradOutput, 1 self, 2 target. The address is bounds-checked
 * against its aclrtMalloc block: outside -> 161002. NULL executor -> 561103 (CANN); bad index -> 161002.
 * tensor may be NULL (beyond CANN, which returns 561103 for it): then only the executor is updated.
 */
ACL_FUNC_VISIBILITY aclnnStatus aclSetInputTensorAddr(aclOpExecutor* executor, const size_t index, aclTensor* tensor,
                                                      void* addr);

/** As aclSetInputTensorAddr for output `index` (aclnnL1LossBackward: 0 gradInput). */
ACL_FUNC_VISIBILITY aclnnStatus aclSetOutputTensorAddr(aclOpExecutor* executor, const size_t index, aclTensor* tensor,
                                                       void* addr);

/** As aclSetInputTensorAddr with inputs then outputs numbered together (aclnnL1LossBackward: 3 = gradInput). */
ACL_FUNC_VISIBILITY aclnnStatus aclSetTensorAddr(aclOpExecutor* executor, const size_t index, aclTensor* tensor,
                                                 void* addr);

/** Older spellings of the three setters above (CANN keeps both). */
ACL_FUNC_VISIBILITY aclnnStatus AclSetInputTensorAddr(aclOpExecutor* executor, const size_t index, aclTensor* tensor,
                                                      void* addr);
ACL_FUNC_VISIBILITY aclnnStatus AclSetOutputTensorAddr(aclOpExecutor* executor, const size_t index, aclTensor* tensor,
                                                       void* addr);
ACL_FUNC_VISIBILITY aclnnStatus AclSetTensorAddr(aclOpExecutor* executor, const size_t index, aclTensor* tensor,
                                                 void* addr);

/**
 * Sets the data address of element `relativeIndex` of the tensor list that is dynamic (list) input `irIndex`
 * of the executor, in the list and in the executor's copy (CANN: opbase acl_op_api.cpp). Codes as CANN's:
 * NULL tensors, a NULL element or a NULL executor -> 561103 (ACLNN_ERR_INNER_NULLPTR); relativeIndex >= the
 * list's size -> 161002. Beyond CANN: a released or unknown list or executor -> 161002, and an irIndex that
 * is not a tensor-list input of the executor's operator -> 161002 (the foreach operators take tensor lists:
 * their input lists are dynamic inputs 0, 1, ... in parameter order, their output list the dynamic output);
 * nothing is written unless every check passes.
 */
ACL_FUNC_VISIBILITY aclnnStatus aclSetDynamicInputTensorAddr(aclOpExecutor* executor, size_t irIndex,
                                                             const size_t relativeIndex, aclTensorList* tensors,
                                                             void* addr);
/** As aclSetDynamicInputTensorAddr for dynamic output `irIndex`. */
ACL_FUNC_VISIBILITY aclnnStatus aclSetDynamicOutputTensorAddr(aclOpExecutor* executor, size_t irIndex,
                                                              const size_t relativeIndex, aclTensorList* tensors,
                                                              void* addr);
/** As aclSetDynamicInputTensorAddr with dynamic inputs then outputs numbered together. */
ACL_FUNC_VISIBILITY aclnnStatus aclSetDynamicTensorAddr(aclOpExecutor* executor, size_t irIndex,
                                                        const size_t relativeIndex, aclTensorList* tensors, void* addr);
/** Older spellings of the three setters above (CANN keeps both). */
ACL_FUNC_VISIBILITY aclnnStatus AclSetDynamicInputTensorAddr(aclOpExecutor* executor, size_t irIndex,
                                                             const size_t relativeIndex, aclTensorList* tensors,
                                                             void* addr);
ACL_FUNC_VISIBILITY aclnnStatus AclSetDynamicOutputTensorAddr(aclOpExecutor* executor, size_t irIndex,
                                                              const size_t relativeIndex, aclTensorList* tensors,
                                                              void* addr);
ACL_FUNC_VISIBILITY aclnnStatus AclSetDynamicTensorAddr(aclOpExecutor* executor, size_t irIndex,
                                                        const size_t relativeIndex, aclTensorList* tensors, void* addr);

#ifdef __cplusplus
}
#endif

#endif /* ACLCPU_ACLNN_ACL_META_H_ */
