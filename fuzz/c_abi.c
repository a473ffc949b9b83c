/* The fuzzer's calls that pass arbitrary ints as enum arguments go through this C file, exactly as a C
 * program would call the API: in C an enum argument may hold any int, while a C++ caller could not even
 * form such a value without undefined behaviour (and UBSan would report the caller, not the library). */
#include "acl/acl.h"
#include "aclnn/acl_meta.h"

aclTensor* FuzzCreateTensor(const int64_t* viewDims, uint64_t viewDimsNum, int dataType, const int64_t* stride,
                            int64_t offset, int format, const int64_t* storageDims, uint64_t storageDimsNum,
                            void* data) {
    return aclCreateTensor(viewDims, viewDimsNum, (aclDataType)dataType, stride, offset, (aclFormat)format,
                           storageDims, storageDimsNum, data);
}

int FuzzGetFormat(const aclTensor* t, int* format) {
    aclFormat f = ACL_FORMAT_ND;
    int ret = aclGetFormat(t, &f);
    *format = (int)f;
    return ret;
}

int FuzzGetDataType(const aclTensor* t, int* dtype) {
    aclDataType d = ACL_DT_UNDEFINED;
    int ret = aclGetDataType(t, &d);
    *dtype = (int)d;
    return ret;
}

size_t FuzzDataTypeSize(int dtype) { return aclDataTypeSize((aclDataType)dtype); }

aclError FuzzMemcpy(void* dst, size_t destMax, const void* src, size_t count, int kind) {
    return aclrtMemcpy(dst, destMax, src, count, (aclrtMemcpyKind)kind);
}

aclScalar* FuzzCreateScalar(void* value, int dataType) { return aclCreateScalar(value, (aclDataType)dataType); }
