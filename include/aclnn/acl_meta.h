/*
 * aclnn/acl_meta.h - tensors and executors of the aclnn API (CANN path and name).
 *
 * Names and signatures are facts of CANN (hicann/opbase include/nnopbase/aclnn/acl_meta.h); semantics
 * follow SPEC 3 and 6. Strides and offsets are in ELEMENTS, never bytes: element i of a view lives at
 * tensorData + (offset + sum_k i_k * stride_k) * itemsize.
 * Status codes (aclnnStatus): 0 OK; 161001 ACLNN_ERR_PARAM_NULLPTR; 161002 ACLNN_ERR_PARAM_INVALID;
 * 361001 ACLNN_ERR_RUNTIME_ERROR; 561103 ACLNN_ERR_INNER_NULLPTR.
 * Compiles as C++11 and C11.
 */
#ifndef ACLCPU_ACLNN_ACL_META_H_
#define ACLCPU_ACLNN_ACL_META_H_

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

/** Destroys a descriptor (never the data). NULL -> 0; an unknown pointer -> 161002, never a crash. */
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
 * Marks executor repeatable: its second phase may run many times until aclDestroyAclOpExecutor.
 * NULL -> ACLNN_ERR_INNER_NULLPTR (561103); an unknown executor -> 161002.
 */
ACL_FUNC_VISIBILITY aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor* executor);

/** Destroys an executor (repeatable or not yet run). NULL -> 561103; unknown executor -> 161002. */
ACL_FUNC_VISIBILITY aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor* executor);

/**
 * Sets the data address of input `index` of the executor's own copy of the descriptors (and of `tensor`,
 * when given). For aclnnL1LossBackward: 0 gradOutput, 1 self, 2 target. The address is bounds-checked
 * against its aclrtMalloc block: outside -> 161002. NULL executor -> 161001; bad index -> 161002.
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

#ifdef __cplusplus
}
#endif

#endif /* ACLCPU_ACLNN_ACL_META_H_ */
