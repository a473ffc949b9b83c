#include "tensor/tensor.h"

#include <algorithm>
#include <cstring>
#include <mutex>
#include <new>
#include <unordered_map>
#include <vector>

#include "common/status.h"
#include "runtime/strict.h"
#include "tensor/dtype.h"
#include "common/exports.h"  // the cross-library functions defined here get default visibility

namespace aclcpu {
namespace {

constexpr uint64_t kTensorMagic = 0x41434C54454E5352ull;  // "ACLTENSR"
constexpr uint64_t kMaxCreateDims = 64;

// Multiplies with overflow detection; false on overflow.
bool MulOk(int64_t a, int64_t b, int64_t* out) { return !__builtin_mul_overflow(a, b, out); }
bool AddOk(int64_t a, int64_t b, int64_t* out) { return !__builtin_add_overflow(a, b, out); }

// Element count of dims with overflow detection.
bool CountOk(const int64_t* dims, uint64_t n, int64_t* out) {
    int64_t c = 1;
    for (uint64_t i = 0; i < n; ++i) {
        if (!MulOk(c, dims[i], &c)) return false;
    }
    *out = c;
    return true;
}

}  // namespace

bool IsLiveTensor(const aclTensor* t) { return HandleStateOf(t, HandleKind::kTensor) == HandleState::kLive; }

int FirstDeadTensor(const aclTensor* const* t, int n, HandleState* state) {
    return FirstNotLive(reinterpret_cast<const void* const*>(t), n, HandleKind::kTensor, state);
}

std::string ShapeString(const int64_t* dims, size_t n) {
    std::string s = "[";
    for (size_t i = 0; i < n; ++i) {
        if (i) s += ",";
        s += std::to_string(dims[i]);
    }
    return s + "]";
}

int FailStorageBounds(const aclTensor& t, const char* name) {
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "%s view (shape %s, strides %s, offset %lld) reaches element %lld, but its storage shape %s holds "
                "%lld elements.",
                name, ShapeString(t.view_shape).c_str(), ShapeString(t.strides).c_str(),
                static_cast<long long>(t.offset), static_cast<long long>(MaxElementIndex(t)),
                ShapeString(t.storage_shape).c_str(), static_cast<long long>(t.storage_numel));
}

int FailDataAddress(DataAddressFault fault, const aclTensor& t, const char* name, const MemBlock* block) {
    switch (fault) {
        case DataAddressFault::kNull:
            return Fail(ACLNN_ERR_PARAM_NULLPTR, "%s has a non-empty view (shape %s) but its data address is null.",
                        name, ShapeString(t.view_shape).c_str());
        case DataAddressFault::kNoBlock:
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "%s data address %p is not inside memory from aclrtMalloc or aclrtMallocHost.", name, t.data);
        case DataAddressFault::kMisaligned: {
            const size_t align = std::min<size_t>(ItemSize(t.dtype), 8);
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "%s data address %p is not aligned to %zu bytes, as its %s elements need.", name, t.data,
                        align, DtypeName(t.dtype));
        }
        case DataAddressFault::kOutside:
            break;
    }
    uintptr_t lo, hi;
    ByteRange(t, &lo, &hi);
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "%s view (shape %s, strides %s, offset %lld, %s) covers bytes [%p, %p), outside its aclrtMalloc "
                "block [%p, %p).",
                name, ShapeString(t.view_shape).c_str(), ShapeString(t.strides).c_str(),
                static_cast<long long>(t.offset), DtypeName(t.dtype), reinterpret_cast<void*>(lo),
                reinterpret_cast<void*>(hi), reinterpret_cast<void*>(block->base),
                reinterpret_cast<void*>(block->base + block->size));
}

bool StridedViewOverlaps(const aclTensor& t) {
    // (stride, size) of the dims with size > 1; on the stack up to kMaxDims (first phases allocate nothing here)
    using Dim = std::pair<int64_t, int64_t>;
    Dim small[kMaxDims];
    std::vector<Dim> large;
    Dim* dims = small;
    if (t.view_shape.size() > static_cast<size_t>(kMaxDims)) {
        large.resize(t.view_shape.size());
        dims = large.data();
    }
    size_t nd = 0;
    for (size_t k = 0; k < t.view_shape.size(); ++k) {
        if (t.view_shape[k] > 1) dims[nd++] = Dim(t.strides[k], t.view_shape[k]);
    }
    std::sort(dims, dims + nd);
    int64_t span = 0;  // highest index reachable by the dims so far
    bool disjoint = true;
    for (size_t k = 0; k < nd; ++k) {
        const Dim& d = dims[k];
        if (d.first == 0) return true;  // a broadcast (zero) stride on a dim of size > 1
        if (d.first <= span) disjoint = false;
        span += (d.second - 1) * d.first;
    }
    if (disjoint) return false;
    // The test above is only sufficient: interleaved strides (shape [3,2], strides [2,3]) fail it without
    // two indices sharing an element. Decide exactly by listing the element indices when that is
    // affordable; beyond that, stay conservative (reject).
    const int64_t n = t.numel;
    if (n > (int64_t{1} << 22)) return true;
    std::vector<int64_t> at;
    at.reserve(static_cast<size_t>(n));
    at.push_back(0);
    for (size_t k = 0; k < nd; ++k) {
        const Dim& d = dims[k];
        const size_t prev = at.size();
        for (int64_t i = 1; i < d.second; ++i) {
            for (size_t j = 0; j < prev; ++j) at.push_back(at[j] + i * d.first);
        }
    }
    std::sort(at.begin(), at.end());
    return std::adjacent_find(at.begin(), at.end()) != at.end();
}

namespace {

// The interned descriptions (aclTensor::layout): a description's words - dtype and format, the dim counts, the
// offset, the view shape, strides and storage shape - to its id. Ids count up from 1 and are never reused, so an
// id names one description for the life of the process; the table only makes equal descriptions share their id
// and may be emptied at any time (a description interned again gets a new id: equal descriptions then differ in
// id, which costs an aclnn cache miss, never a wrong hit). Emptied past kMaxLayouts descriptions.
constexpr size_t kMaxLayouts = 65536;

struct LayoutWordsHash {
    size_t operator()(const std::vector<int64_t>& w) const {
        uint64_t h = 0x9E3779B97F4A7C15ull ^ w.size();
        for (int64_t x : w) {
            h ^= static_cast<uint64_t>(x);
            h *= 0xFF51AFD7ED558CCDull;
            h ^= h >> 29;
        }
        return static_cast<size_t>(h);
    }
};

struct LayoutTable {
    std::mutex mu;
    std::unordered_map<std::vector<int64_t>, uint64_t, LayoutWordsHash> ids;
    uint64_t next = 1;
};

LayoutTable& Layouts() {
    static LayoutTable* t = new LayoutTable();  // never destroyed: handles may be described during exit
    return *t;
}

// The id of t's description (its layout fields set), or 0 when the table cannot take it (out of host memory).
uint64_t InternLayout(const aclTensor& t) {
    thread_local std::vector<int64_t> words;
    try {
        const size_t nv = t.view_shape.size(), ns = t.storage_shape.size();
        words.resize(3 + 2 * nv + ns);
        words[0] = static_cast<int64_t>(static_cast<uint64_t>(static_cast<uint32_t>(t.dtype)) << 32 |
                                        static_cast<uint32_t>(t.format));
        words[1] = static_cast<int64_t>(nv << 32 | ns);
        words[2] = t.offset;
        std::copy(t.view_shape.begin(), t.view_shape.end(), words.begin() + 3);
        std::copy(t.strides.begin(), t.strides.end(), words.begin() + 3 + static_cast<std::ptrdiff_t>(nv));
        std::copy(t.storage_shape.begin(), t.storage_shape.end(), words.begin() + 3 + static_cast<std::ptrdiff_t>(2 * nv));
        LayoutTable& table = Layouts();
        std::lock_guard<std::mutex> lock(table.mu);
        auto it = table.ids.find(words);
        if (it != table.ids.end()) return it->second;
        if (table.ids.size() >= kMaxLayouts) table.ids.clear();
        const uint64_t id = table.next++;
        table.ids.emplace(words, id);
        return id;
    } catch (const std::bad_alloc&) {
        return 0;  // not interned: the aclnn cache's key reads the description itself
    }
}

}  // namespace

void ForgetLayouts() {
    LayoutTable& table = Layouts();
    std::lock_guard<std::mutex> lock(table.mu);
    table.ids.clear();
}

int DescribeTensor(aclTensor* t, const char* api, const int64_t* viewDims, uint64_t viewDimsNum, int raw_dtype,
                   const int64_t* stride, int64_t offset, int raw_format, const int64_t* storageDims,
                   uint64_t storageDimsNum, void* tensorData) {
    if ((viewDims == nullptr && viewDimsNum != 0) || (storageDims == nullptr && storageDimsNum != 0)) {
        return Fail(
            ACLNN_ERR_PARAM_NULLPTR, "%s: %s is null but its count is %llu.", api,
            viewDims == nullptr && viewDimsNum != 0 ? "viewDims" : "storageDims",
            static_cast<unsigned long long>(viewDims == nullptr && viewDimsNum != 0 ? viewDimsNum : storageDimsNum));
    }
    if (viewDimsNum > kMaxCreateDims || storageDimsNum > kMaxCreateDims) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: %llu view dims and %llu storage dims; at most %llu are supported.",
                    api, static_cast<unsigned long long>(viewDimsNum), static_cast<unsigned long long>(storageDimsNum),
                    static_cast<unsigned long long>(kMaxCreateDims));
    }
    // Enum arguments arrive as ints: a C caller may pass any value (see RawEnum).
    if (raw_dtype < ACL_DT_UNDEFINED || raw_dtype > ACL_FLOAT4_E1M2 ||
        !IsKnownDtype(static_cast<aclDataType>(raw_dtype))) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: data type %d is not an aclDataType.", api, raw_dtype);
    }
    const aclDataType dtype = static_cast<aclDataType>(raw_dtype);
    for (uint64_t i = 0; i < viewDimsNum; ++i) {
        if (viewDims[i] < 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: view dim %llu is %lld; dims must be >= 0.", api,
                        static_cast<unsigned long long>(i), static_cast<long long>(viewDims[i]));
        }
        if (stride != nullptr && stride[i] < 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: stride %llu is %lld; strides must be >= 0.", api,
                        static_cast<unsigned long long>(i), static_cast<long long>(stride[i]));
        }
    }
    for (uint64_t i = 0; i < storageDimsNum; ++i) {
        if (storageDims[i] < 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: storage dim %llu is %lld; dims must be >= 0.", api,
                        static_cast<unsigned long long>(i), static_cast<long long>(storageDims[i]));
        }
    }
    if (offset < 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: offset %lld is negative.", api, static_cast<long long>(offset));
    }
    int64_t view_count = 0, storage_count = 0;
    if (!CountOk(viewDims, viewDimsNum, &view_count) || !CountOk(storageDims, storageDimsNum, &storage_count)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the element count of the %s shape overflows int64.", api,
                    CountOk(viewDims, viewDimsNum, &view_count) ? "storage" : "view");
    }
    // A recycled object keeps its previous contents: every field is assigned below.
    t->magic = kTensorMagic;
    t->dtype = dtype;
    t->format = raw_format;  // a label: any value round-trips through aclGetFormat
    t->view_shape.assign(viewDims, viewDims + viewDimsNum);
    t->storage_shape.assign(storageDims, storageDims + storageDimsNum);
    t->offset = offset;
    t->data = tensorData;
    t->strides.resize(viewDimsNum);
    if (stride != nullptr) {
        t->strides.assign(stride, stride + viewDimsNum);
    } else {
        // Contiguous strides: products of the inner dims (0 counted as 1). Only an empty view can get here with
        // a product past int64 (its element count is 0), e.g. [0, 2^62, 4]; such strides cannot be stored.
        int64_t s = 1;
        for (uint64_t i = viewDimsNum; i-- > 0;) {
            t->strides[i] = s;
            if (i > 0 && !MulOk(s, std::max<int64_t>(viewDims[i], 1), &s)) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the contiguous strides of view shape %s overflow int64.", api,
                            ShapeString(viewDims, viewDimsNum).c_str());
            }
        }
    }
    t->numel = view_count;
    t->storage_numel = storage_count;
    t->max_index = offset;
    // The highest index a non-empty view reaches must be representable (checked once, here).
    if (view_count > 0) {
        int64_t last = offset;
        for (uint64_t i = 0; i < viewDimsNum; ++i) {
            int64_t step = 0;
            if (!MulOk(viewDims[i] - 1, t->strides[i], &step) || !AddOk(last, step, &last)) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "%s: offset + sum((dim-1)*stride) overflows int64.", api);
            }
        }
        int64_t bytes = 0;
        if (!AddOk(last, 1, &bytes) || !MulOk(bytes, static_cast<int64_t>(ItemSize(dtype)), &bytes)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the byte extent of the view overflows int64.", api);
        }
        t->max_index = last;
    }
    t->layout = InternLayout(*t);
    return 0;
}

}  // namespace aclcpu

using namespace aclcpu;

namespace {

template <typename T>
aclnnStatus CopyOut(const std::vector<T>& v, T** out, uint64_t* n) {
    *out = new T[v.empty() ? 1 : v.size()];  // CANN allocates even for 0-d; callers delete[]
    std::copy(v.begin(), v.end(), *out);
    *n = v.size();
    return OK;
}

int CheckGetter(const aclTensor* tensor, const void* out, const char* api) {
    if (tensor == nullptr || out == nullptr) {
        return Fail(ACLNN_ERR_PARAM_NULLPTR, "%s: %s is null.", api, tensor == nullptr ? "tensor" : "an output pointer");
    }
    const HandleState state = HandleStateOf(tensor, HandleKind::kTensor);
    if (state != HandleState::kLive) {
        return FailNotLive(ACLNN_ERR_PARAM_INVALID, api, HandleKind::kTensor, tensor, state, kTensorReleasedBy);
    }
    return 0;
}

}  // namespace

extern "C" {

aclTensor* aclCreateTensor(const int64_t* viewDims, uint64_t viewDimsNum, aclDataType dataType, const int64_t* stride,
                           int64_t offset, aclFormat format, const int64_t* storageDims, uint64_t storageDimsNum,
                           void* tensorData) {
    aclTensor* t = AcquireHandle<aclTensor>();
    if (DescribeTensor(t, "aclCreateTensor", viewDims, viewDimsNum, RawEnum(dataType), stride, offset, RawEnum(format),
                       storageDims, storageDimsNum, tensorData) != 0) {
        ReleaseHandle(t, HandleKind::kTensor);  // never published: back to the spares
        return nullptr;
    }
    t->owner_list = nullptr;
    PublishHandle(t);
    if (StrictMode()) StrictTrackCreate(t, StrictObject::kTensor, 0, "aclCreateTensor");
    return t;
}

aclnnStatus aclDestroyTensor(const aclTensor* tensor) {
    if (tensor == nullptr) return OK;
    // The object is not freed: the registry keeps it out of use behind kHandleQuarantine newer releases.
    HandleLock lock;
    if (HandleStateOf(lock, tensor, HandleKind::kTensor) == HandleState::kLive && tensor->owner_list != nullptr) {
        const void* list = tensor->owner_list;
        lock.Unlock();
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "aclDestroyTensor: aclTensor %p belongs to aclTensorList %p, which destroys it "
                    "(aclDestroyTensorList); it was not destroyed here.",
                    static_cast<const void*>(tensor), list);
    }
    if (!ReleaseHandle(lock, tensor, HandleKind::kTensor)) {
        const HandleState state = HandleStateOf(lock, tensor, HandleKind::kTensor);
        lock.Unlock();
        return FailNotLive(ACLNN_ERR_PARAM_INVALID, "aclDestroyTensor", HandleKind::kTensor, tensor, state,
                           kTensorReleasedBy);
    }
    return OK;
}

aclnnStatus aclInitTensor(aclTensor* tensor, const int64_t* viewDims, uint64_t viewDimsNum, aclDataType dataType,
                          const int64_t* stride, int64_t offset, aclFormat format, const int64_t* storageDims,
                          uint64_t storageDimsNum, void* tensorDataAddr) {
    constexpr const char* kApi = "aclInitTensor";
    if (tensor == nullptr) return Fail(ACLNN_ERR_PARAM_NULLPTR, "%s: tensor is null.", kApi);
    if ((viewDims == nullptr && viewDimsNum != 0) || (storageDims == nullptr && storageDimsNum != 0)) {
        return Fail(ACLNN_ERR_PARAM_NULLPTR, "%s: %s is null but its count is %llu.", kApi,
                    viewDims == nullptr ? "viewDims" : "storageDims",
                    static_cast<unsigned long long>(viewDims == nullptr ? viewDimsNum : storageDimsNum));
    }
    // CANN's rule (opbase aclTensor::InitTensor): the view shape, storage shape and data address are kept
    // when not given. Take the kept ones from the live descriptor, build the new description aside, and put
    // it in place under the registry lock only if it is valid, so a refused call changes nothing.
    aclTensor next;
    std::vector<int64_t> kept_view, kept_storage;
    {
        HandleLock lock;
        const HandleState state = HandleStateOf(lock, tensor, HandleKind::kTensor);
        if (state != HandleState::kLive) {
            lock.Unlock();
            return FailNotLive(ACLNN_ERR_PARAM_INVALID, kApi, HandleKind::kTensor, tensor, state, kTensorReleasedBy);
        }
        kept_view = tensor->view_shape;
        kept_storage = tensor->storage_shape;
        if (tensorDataAddr == nullptr) tensorDataAddr = tensor->data;
    }
    if (viewDimsNum == 0) {
        if (stride != nullptr && !kept_view.empty()) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "%s: strides are given with viewDimsNum 0, so the view shape %s is kept, but the number of "
                        "strides is unknown; pass the view shape with them.",
                        kApi, ShapeString(kept_view).c_str());
        }
        viewDims = kept_view.data();
        viewDimsNum = kept_view.size();
    }
    if (storageDimsNum == 0) {
        storageDims = kept_storage.data();
        storageDimsNum = kept_storage.size();
    }
    if (int ret = DescribeTensor(&next, kApi, viewDims, viewDimsNum, RawEnum(dataType), stride, offset, RawEnum(format),
                                 storageDims, storageDimsNum, tensorDataAddr)) {
        return ret;
    }
    HandleLock lock;
    const HandleState state = HandleStateOf(lock, tensor, HandleKind::kTensor);
    if (state != HandleState::kLive) {  // destroyed meanwhile by another thread
        lock.Unlock();
        return FailNotLive(ACLNN_ERR_PARAM_INVALID, kApi, HandleKind::kTensor, tensor, state, kTensorReleasedBy);
    }
    next.owner_list = tensor->owner_list;
    std::swap(*tensor, next);  // the old vectors leave with `next`, freed after the lock
    lock.Unlock();
    return OK;
}

aclnnStatus aclGetViewShape(const aclTensor* tensor, int64_t** viewDims, uint64_t* viewDimsNum) {
    if (viewDimsNum == nullptr) return Fail(ACLNN_ERR_PARAM_NULLPTR, "aclGetViewShape: viewDimsNum is null.");
    if (int ret = CheckGetter(tensor, viewDims, "aclGetViewShape")) return ret;
    return CopyOut(tensor->view_shape, viewDims, viewDimsNum);
}

aclnnStatus aclGetStorageShape(const aclTensor* tensor, int64_t** storageDims, uint64_t* storageDimsNum) {
    if (storageDimsNum == nullptr) return Fail(ACLNN_ERR_PARAM_NULLPTR, "aclGetStorageShape: storageDimsNum is null.");
    if (int ret = CheckGetter(tensor, storageDims, "aclGetStorageShape")) return ret;
    return CopyOut(tensor->storage_shape, storageDims, storageDimsNum);
}

aclnnStatus aclGetViewStrides(const aclTensor* tensor, int64_t** stridesValue, uint64_t* stridesNum) {
    if (stridesNum == nullptr) return Fail(ACLNN_ERR_PARAM_NULLPTR, "aclGetViewStrides: stridesNum is null.");
    if (int ret = CheckGetter(tensor, stridesValue, "aclGetViewStrides")) return ret;
    return CopyOut(tensor->strides, stridesValue, stridesNum);
}

aclnnStatus aclGetViewOffset(const aclTensor* tensor, int64_t* offset) {
    if (int ret = CheckGetter(tensor, offset, "aclGetViewOffset")) return ret;
    *offset = tensor->offset;
    return OK;
}

aclnnStatus aclGetFormat(const aclTensor* tensor, aclFormat* format) {
    if (int ret = CheckGetter(tensor, format, "aclGetFormat")) return ret;
    std::memcpy(format, &tensor->format, sizeof *format);  // the caller's value, as given
    return OK;
}

aclnnStatus aclGetDataType(const aclTensor* tensor, aclDataType* dataType) {
    if (int ret = CheckGetter(tensor, dataType, "aclGetDataType")) return ret;
    *dataType = tensor->dtype;
    return OK;
}

aclnnStatus aclSetRawTensorAddr(aclTensor* tensor, void* addr) {
    if (tensor == nullptr) return Fail(ACLNN_ERR_PARAM_NULLPTR, "aclSetRawTensorAddr: tensor is null.");
    HandleLock lock;  // a concurrent destroy cannot release it between the check and the write
    const HandleState state = HandleStateOf(lock, tensor, HandleKind::kTensor);
    if (state != HandleState::kLive) {
        lock.Unlock();
        return FailNotLive(ACLNN_ERR_PARAM_INVALID, "aclSetRawTensorAddr", HandleKind::kTensor, tensor, state,
                           kTensorReleasedBy);
    }
    tensor->data = addr;
    return OK;
}

aclnnStatus aclGetRawTensorAddr(const aclTensor* tensor, void** addr) {
    if (int ret = CheckGetter(tensor, addr, "aclGetRawTensorAddr")) return ret;
    *addr = tensor->data;
    return OK;
}

}  // extern "C"
