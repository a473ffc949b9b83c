/*
 * acl/acl_base_mdl.h - the tensor-descriptor API (aclTensorDesc) that older single-op style programs use.
 *
 * Names, signatures and constants are facts of CANN (hicann/ge inc/external/acl/acl_base_mdl.h); return values
 * for bad input follow ge api/acl/acl_model/types/tensor_desc_internal_om2.cpp. Implemented in
 * src/runtime/tensor_desc.cpp (libascendcl). A descriptor holds a data type, a format and a shape; it owns
 * no memory. Every call on a destroyed or never-created descriptor returns the "NULL" result below and
 * records a message (aclGetRecentErrMsg), per the handle registry's rule (docs/runtime.md, "Released handles").
 * Compiles as C++11 and C11.
 */
#ifndef ACLCPU_ACL_ACL_BASE_MDL_H_
#define ACLCPU_ACL_ACL_BASE_MDL_H_

#include "acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ACL_TENSOR_SHAPE_RANGE_NUM 2
#define ACL_TENSOR_VALUE_RANGE_NUM 2
/** aclGetTensorDescNumDims of a descriptor of unknown rank (first dim -2). */
#define ACL_UNKNOWN_RANK 0xFFFFFFFFFFFFFFFE

/** Opaque tensor descriptor. */
typedef struct aclTensorDesc aclTensorDesc;

/**
 * A new descriptor of numDims dims copied from dims (elements, any values; -1 unknown dim, a first dim -2
 * unknown rank), dataType and format stored as given. numDims < 0, or numDims > 0 with dims NULL -> NULL
 * with a message.
 */
ACL_FUNC_VISIBILITY aclTensorDesc* aclCreateTensorDesc(aclDataType dataType, int numDims, const int64_t* dims,
                                                       aclFormat format);

/** Destroys a descriptor. NULL is ignored; a destroyed or unknown handle only records a message. */
ACL_FUNC_VISIBILITY void aclDestroyTensorDesc(const aclTensorDesc* desc);

/** The data type; ACL_DT_UNDEFINED for NULL or a stale handle. */
ACL_FUNC_VISIBILITY aclDataType aclGetTensorDescType(const aclTensorDesc* desc);

/** The format; ACL_FORMAT_UNDEFINED for NULL or a stale handle. */
ACL_FUNC_VISIBILITY aclFormat aclGetTensorDescFormat(const aclTensorDesc* desc);

/**
 * Bytes of the described tensor: element count x aclDataTypeSize(dataType). 0 for NULL, a stale handle, a
 * negative dim or an overflow.
 */
ACL_FUNC_VISIBILITY size_t aclGetTensorDescSize(const aclTensorDesc* desc);

/** Product of the dims (1 with no dims); 0 for NULL, a stale handle, a negative dim or an overflow. */
ACL_FUNC_VISIBILITY size_t aclGetTensorDescElementCount(const aclTensorDesc* desc);

/** Number of dims; ACL_UNKNOWN_RANK when the first dim is -2; 0 for NULL or a stale handle. */
ACL_FUNC_VISIBILITY size_t aclGetTensorDescNumDims(const aclTensorDesc* desc);

/**
 * Writes dim index to *dimSize. desc or dimSize NULL, a stale handle, or index >= the number of dims ->
 * ACL_ERROR_INVALID_PARAM (100000) with a message; nothing written.
 */
ACL_FUNC_VISIBILITY aclError aclGetTensorDescDimV2(const aclTensorDesc* desc, size_t index, int64_t* dimSize);

#ifdef __cplusplus
}
#endif

#endif /* ACLCPU_ACL_ACL_BASE_MDL_H_ */
