// aclScalar (acl_meta.h): a dtype and the bits of one value (issue 15). CANN's rules: opbase
// src/nnopbase/common/api/acl_op_api.cpp (aclCreateScalar, aclDestroyScalar) and
// src/nnopbase/common/utils/common_types.cpp (aclScalar::aclScalar(const void*, DataType): the dtypes and
// widths copied).
#include <cstring>
#include <new>

#include "common/exports.h"  // ScalarToFloat and ScalarToDouble are called from libopapi_nn
#include "common/half.h"
#include "tensor/argument_handles.h"
#include "tensor/arguments.h"
#include "tensor/dtype.h"

namespace aclcpu {

size_t ScalarItemSize(aclDataType dtype) {
    switch (dtype) {
        case ACL_FLOAT:
        case ACL_FLOAT16:
        case ACL_BF16:
        case ACL_INT8:
        case ACL_INT16:
        case ACL_UINT16:
        case ACL_UINT8:
        case ACL_INT32:
        case ACL_INT64:
        case ACL_UINT32:
        case ACL_UINT64:
        case ACL_BOOL:
        case ACL_DOUBLE:
        case ACL_COMPLEX64:
        case ACL_COMPLEX128:
        case ACL_HIFLOAT8:
        case ACL_FLOAT8_E5M2:
        case ACL_FLOAT8_E4M3FN:
        case ACL_FLOAT8_E8M0:
        case ACL_FLOAT6_E3M2:
        case ACL_FLOAT6_E2M3:
        case ACL_FLOAT4_E2M1:
        case ACL_FLOAT4_E1M2:
            return ItemSize(dtype);  // the table of dtype.h: 1, 2, 4, 8 or 16 bytes for these
        default:
            return 0;
    }
}

namespace {

template <typename T>
T Load(const aclScalar& s) {
    T v;
    std::memcpy(&v, s.bits, sizeof v);
    return v;
}

}  // namespace

bool ScalarToDouble(const aclScalar& s, double* out) {
    switch (s.dtype) {
        case ACL_FLOAT:
            *out = Load<float>(s);
            return true;
        case ACL_FLOAT16:
            *out = HalfToFloat(Load<uint16_t>(s));
            return true;
        case ACL_BF16:
            *out = Bf16ToFloat(Load<uint16_t>(s));
            return true;
        case ACL_DOUBLE:
            *out = Load<double>(s);
            return true;
        case ACL_INT8:
            *out = Load<int8_t>(s);
            return true;
        case ACL_UINT8:
            *out = Load<uint8_t>(s);
            return true;
        case ACL_BOOL:
            *out = Load<uint8_t>(s) != 0 ? 1.0 : 0.0;
            return true;
        case ACL_INT16:
            *out = Load<int16_t>(s);
            return true;
        case ACL_UINT16:
            *out = Load<uint16_t>(s);
            return true;
        case ACL_INT32:
            *out = Load<int32_t>(s);
            return true;
        case ACL_UINT32:
            *out = Load<uint32_t>(s);
            return true;
        case ACL_INT64:
            *out = static_cast<double>(Load<int64_t>(s));
            return true;
        case ACL_UINT64:
            *out = static_cast<double>(Load<uint64_t>(s));
            return true;
        case ACL_COMPLEX64:
            *out = Load<float>(s);
            return true;  // real part first
        case ACL_COMPLEX128:
            *out = Load<double>(s);
            return true;  // real part first
        default:
            return false;
    }
}

bool ScalarToFloat(const aclScalar& s, float* out) {
    if (s.dtype == ACL_INT64) {
        *out = static_cast<float>(Load<int64_t>(s));
        return true;
    }
    if (s.dtype == ACL_UINT64) {
        *out = static_cast<float>(Load<uint64_t>(s));
        return true;
    }
    double d;
    if (!ScalarToDouble(s, &d)) return false;
    *out = static_cast<float>(d);
    return true;
}

}  // namespace aclcpu

using namespace aclcpu;

extern "C" {

aclScalar* aclCreateScalar(void* value, aclDataType dataType) {
    if (value == nullptr) {
        Fail(ACLNN_ERR_PARAM_NULLPTR, "aclCreateScalar: value is null.");
        return nullptr;
    }
    const int raw = RawEnum(dataType);  // a C caller may pass any int
    const size_t size = raw >= 0 && raw <= ACL_FLOAT4_E1M2 ? ScalarItemSize(static_cast<aclDataType>(raw)) : 0;
    if (size == 0) {
        Fail(ACLNN_ERR_PARAM_INVALID,
             "aclCreateScalar: data type %d (%s) is not supported for a scalar; supported: DT_FLOAT, DT_FLOAT16, "
             "DT_INT8, "
             "DT_INT32, DT_UINT8, DT_INT16, DT_UINT16, DT_UINT32, DT_INT64, DT_UINT64, DT_DOUBLE, DT_BOOL, "
             "DT_COMPLEX64, "
             "DT_COMPLEX128, DT_BF16, DT_HIFLOAT8, DT_FLOAT8_E5M2, DT_FLOAT8_E4M3FN, DT_FLOAT8_E8M0, DT_FLOAT6_E3M2, "
             "DT_FLOAT6_E2M3, DT_FLOAT4_E2M1, DT_FLOAT4_E1M2.",
             raw,
             raw >= ACL_DT_UNDEFINED && raw <= ACL_FLOAT4_E1M2 ? DtypeName(static_cast<aclDataType>(raw))
                                                               : "DT_UNDEFINED");
        return nullptr;
    }
    aclScalar* s = nullptr;
    try {
        s = AcquireHandle<aclScalar>();
    } catch (const std::bad_alloc&) {
        Fail(ACLNN_ERR_INNER, "aclCreateScalar: out of memory.");
        return nullptr;
    }
    // A recycled object keeps its previous contents: every field is assigned.
    s->dtype = static_cast<aclDataType>(raw);
    s->size = static_cast<uint32_t>(size);
    std::memset(s->bits, 0, sizeof s->bits);
    std::memcpy(s->bits, value, size);
    s->owner_list = nullptr;
    PublishHandle(s);
    return s;
}

aclnnStatus aclDestroyScalar(const aclScalar* scalar) {
    if (scalar == nullptr) return OK;
    HandleLock lock;  // the ownership check and the release are one step
    const HandleState state = HandleStateOf(lock, scalar, HandleKind::kScalar);
    if (state != HandleState::kLive) {
        lock.Unlock();
        return FailNotLive(ACLNN_ERR_PARAM_INVALID, "aclDestroyScalar", HandleKind::kScalar, scalar, state,
                           kScalarReleasedBy);
    }
    if (scalar->owner_list != nullptr) {
        const void* list = scalar->owner_list;
        lock.Unlock();
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "aclDestroyScalar: aclScalar %p belongs to aclScalarList %p, which destroys it "
                    "(aclDestroyScalarList); it was not destroyed here.",
                    static_cast<const void*>(scalar), list);
    }
    ReleaseHandle(lock, scalar, HandleKind::kScalar);
    return OK;
}

}  // extern "C"
