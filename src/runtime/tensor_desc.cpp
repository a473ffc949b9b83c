// The tensor-descriptor API (acl/acl_base_mdl.h, CANN: hicann/ge inc/external/acl/acl_base_mdl.h and
// api/acl/acl_model/types/tensor_desc_internal_om2.cpp) and data buffers (acl/acl_base.h, CANN:
// hicann/runtime acl_base_rt.h and src/acl/aclrt_impl/data_buffer.cpp). Both are plain host records that
// live in the handle registry: a destroyed or foreign handle is refused with a message, never read.
// Neither needs aclInit (as on CANN, they are not runtime resources).
#include <limits>
#include <new>
#include <vector>

#include "acl/acl_base.h"
#include "common/handle_registry.h"
#include "common/status.h"
#include "tensor/dtype.h"

struct aclTensorDesc {
    // The enum values as the caller passed them (RawEnum): a C caller may pass any int, which must never be
    // loaded as the enum type (undefined behaviour for values outside the enumerators' range).
    int32_t dtype = ACL_DT_UNDEFINED;
    int32_t format = ACL_FORMAT_UNDEFINED;
    std::vector<int64_t> dims;
};

struct aclDataBuffer {
    void* data = nullptr;
    size_t size = 0;  // bytes
};

namespace aclcpu {
template <>
struct HandleTraits<aclTensorDesc> {
    static constexpr HandleKind kKind = HandleKind::kTensorDesc;
};
template <>
struct HandleTraits<aclDataBuffer> {
    static constexpr HandleKind kKind = HandleKind::kDataBuffer;
};

namespace {

constexpr const char* kDescReleasedBy = "destroyed by aclDestroyTensorDesc";
constexpr const char* kBufferReleasedBy = "destroyed by aclDestroyDataBuffer";
constexpr int64_t kUnknownRankDim = -2;  // CANN: a first dim of -2 means the rank is unknown

// Runs read(desc) under the registry lock when desc is live; otherwise records a message naming `api` and
// returns false. The lock keeps a concurrent destroy from recycling the object during the read.
template <typename T, typename Read>
bool WithLive(const T* p, const char* api, Read read) {
    constexpr HandleKind kind = HandleTraits<T>::kKind;
    if (p == nullptr) {
        Fail(ACL_ERROR_INVALID_PARAM, "%s: the %s is null.", api, HandleKindName(kind));
        return false;
    }
    HandleState state;
    {
        HandleLock lock;
        state = HandleStateOf(lock, p, kind);
        if (state == HandleState::kLive) {
            read(*const_cast<T*>(p));
            return true;
        }
    }
    FailNotLive(ACL_ERROR_INVALID_PARAM, api, kind, p, state,
                kind == HandleKind::kTensorDesc ? kDescReleasedBy : kBufferReleasedBy);
    return false;
}

// Element count of dims: 1 for none, 0 when a dim is 0 (wherever it stands); false for a negative dim or an
// overflow of size_t.
bool ElementCount(const std::vector<int64_t>& dims, size_t* out) {
    bool empty = false;
    for (int64_t d : dims) {
        if (d < 0) return false;
        empty = empty || d == 0;
    }
    if (empty) {
        *out = 0;
        return true;
    }
    size_t n = 1;
    for (int64_t d : dims) {
        if (n > std::numeric_limits<size_t>::max() / static_cast<uint64_t>(d)) return false;
        n *= static_cast<size_t>(d);
    }
    *out = n;
    return true;
}

}  // namespace
}  // namespace aclcpu

using namespace aclcpu;

extern "C" {

aclTensorDesc* aclCreateTensorDesc(aclDataType dataType, int numDims, const int64_t* dims, aclFormat format) {
    if (numDims < 0) {
        Fail(ACL_ERROR_INVALID_PARAM, "aclCreateTensorDesc: numDims %d is negative.", numDims);
        return nullptr;
    }
    if (numDims > 0 && dims == nullptr) {
        Fail(ACL_ERROR_INVALID_PARAM, "aclCreateTensorDesc: dims is null with numDims %d.", numDims);
        return nullptr;
    }
    aclTensorDesc* d = nullptr;
    try {
        d = AcquireHandle<aclTensorDesc>();
        d->dims.assign(dims, dims + numDims);  // a spare holds its previous state: every field is assigned
    } catch (const std::bad_alloc&) {
        if (d != nullptr) ReleaseHandle(d, HandleKind::kTensorDesc);  // never published
        Fail(ACL_ERROR_BAD_ALLOC, "aclCreateTensorDesc: out of memory for %d dims.", numDims);
        return nullptr;
    }
    d->dtype = RawEnum(dataType);
    d->format = RawEnum(format);
    PublishHandle(d);
    return d;
}

void aclDestroyTensorDesc(const aclTensorDesc* desc) {
    if (desc == nullptr) return;  // CANN: tolerated
    HandleState state;
    {
        HandleLock lock;
        if (ReleaseHandle(lock, desc, HandleKind::kTensorDesc)) return;
        state = HandleStateOf(lock, desc, HandleKind::kTensorDesc);
    }
    FailNotLive(ACL_ERROR_INVALID_PARAM, "aclDestroyTensorDesc", HandleKind::kTensorDesc, desc, state, kDescReleasedBy);
}

aclDataType aclGetTensorDescType(const aclTensorDesc* desc) {
    int32_t t = ACL_DT_UNDEFINED;
    WithLive(desc, "aclGetTensorDescType", [&](aclTensorDesc& d) { t = d.dtype; });
    return static_cast<aclDataType>(t);  // the value given, as CANN returns it
}

aclFormat aclGetTensorDescFormat(const aclTensorDesc* desc) {
    int32_t f = ACL_FORMAT_UNDEFINED;
    WithLive(desc, "aclGetTensorDescFormat", [&](aclTensorDesc& d) { f = d.format; });
    return static_cast<aclFormat>(f);  // the value given, as CANN returns it
}

size_t aclGetTensorDescElementCount(const aclTensorDesc* desc) {
    std::vector<int64_t> dims;
    if (!WithLive(desc, "aclGetTensorDescElementCount", [&](aclTensorDesc& d) { dims = d.dims; })) return 0;
    size_t n = 0;
    if (!ElementCount(dims, &n)) {
        Fail(ACL_ERROR_INVALID_PARAM,
             "aclGetTensorDescElementCount: descriptor %p has a negative (unknown) dim or its element count "
             "overflows.",
             static_cast<const void*>(desc));
        return 0;
    }
    return n;
}

size_t aclGetTensorDescSize(const aclTensorDesc* desc) {
    std::vector<int64_t> dims;
    int32_t dtype = ACL_DT_UNDEFINED;
    if (!WithLive(desc, "aclGetTensorDescSize", [&](aclTensorDesc& d) {
            dims = d.dims;
            dtype = d.dtype;
        })) {
        return 0;
    }
    size_t n = 0;
    const size_t item =
        dtype < ACL_DT_UNDEFINED || dtype > ACL_FLOAT4_E1M2 ? 0 : ItemSize(static_cast<aclDataType>(dtype));
    if (item == 0) {
        Fail(ACL_ERROR_INVALID_PARAM,
             "aclGetTensorDescSize: descriptor %p has data type %d, which has no element size.",
             static_cast<const void*>(desc), dtype);
        return 0;
    }
    if (!ElementCount(dims, &n) || n > std::numeric_limits<size_t>::max() / item) {
        Fail(ACL_ERROR_INVALID_PARAM,
             "aclGetTensorDescSize: descriptor %p has a negative (unknown) dim or its byte size overflows.",
             static_cast<const void*>(desc));
        return 0;
    }
    return n * item;
}

size_t aclGetTensorDescNumDims(const aclTensorDesc* desc) {
    size_t n = 0;
    WithLive(desc, "aclGetTensorDescNumDims", [&](aclTensorDesc& d) {
        n = (!d.dims.empty() && d.dims[0] == kUnknownRankDim) ? static_cast<size_t>(ACL_UNKNOWN_RANK) : d.dims.size();
    });
    return n;
}

aclError aclGetTensorDescDimV2(const aclTensorDesc* desc, size_t index, int64_t* dimSize) {
    if (dimSize == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclGetTensorDescDimV2: dimSize is null.");
    bool in_range = false;
    size_t num = 0;
    int64_t value = 0;
    if (!WithLive(desc, "aclGetTensorDescDimV2", [&](aclTensorDesc& d) {
            num = d.dims.size();
            in_range = index < num;
            if (in_range) value = d.dims[index];
        })) {
        return ACL_ERROR_INVALID_PARAM;
    }
    if (!in_range) {
        return Fail(ACL_ERROR_INVALID_PARAM, "aclGetTensorDescDimV2: index %zu is out of range (the descriptor has %zu dims).",
                    index, num);
    }
    *dimSize = value;
    return ACL_SUCCESS;
}

aclDataBuffer* aclCreateDataBuffer(void* data, size_t size) {
    aclDataBuffer* b = nullptr;
    try {
        b = AcquireHandle<aclDataBuffer>();
    } catch (const std::bad_alloc&) {
        Fail(ACL_ERROR_BAD_ALLOC, "aclCreateDataBuffer: out of memory.");
        return nullptr;
    }
    b->data = data;
    b->size = size;
    PublishHandle(b);
    return b;
}

aclError aclDestroyDataBuffer(const aclDataBuffer* dataBuffer) {
    if (dataBuffer == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclDestroyDataBuffer: dataBuffer is null.");
    HandleState state;
    {
        HandleLock lock;
        if (ReleaseHandle(lock, dataBuffer, HandleKind::kDataBuffer)) return ACL_SUCCESS;
        state = HandleStateOf(lock, dataBuffer, HandleKind::kDataBuffer);
    }
    return FailNotLive(ACL_ERROR_INVALID_PARAM, "aclDestroyDataBuffer", HandleKind::kDataBuffer, dataBuffer, state,
                       kBufferReleasedBy);
}

aclError aclUpdateDataBuffer(aclDataBuffer* dataBuffer, void* data, size_t size) {
    if (!WithLive(dataBuffer, "aclUpdateDataBuffer", [&](aclDataBuffer& b) {
            b.data = data;
            b.size = size;
        })) {
        return ACL_ERROR_INVALID_PARAM;
    }
    return ACL_SUCCESS;
}

void* aclGetDataBufferAddr(const aclDataBuffer* dataBuffer) {
    void* p = nullptr;
    WithLive(dataBuffer, "aclGetDataBufferAddr", [&](aclDataBuffer& b) { p = b.data; });
    return p;
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
uint32_t aclGetDataBufferSize(const aclDataBuffer* dataBuffer) {
    size_t n = 0;
    WithLive(dataBuffer, "aclGetDataBufferSize", [&](aclDataBuffer& b) { n = b.size; });
    return static_cast<uint32_t>(n);  // CANN truncates to 32 bits
}
#pragma GCC diagnostic pop

size_t aclGetDataBufferSizeV2(const aclDataBuffer* dataBuffer) {
    size_t n = 0;
    WithLive(dataBuffer, "aclGetDataBufferSizeV2", [&](aclDataBuffer& b) { n = b.size; });
    return n;
}

}  // extern "C"
