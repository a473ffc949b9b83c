// The aclnn cache (libnnopbase): a first phase whose arguments equal those of an earlier successful first phase
// of the same API gets that call's planned executor back instead of checking and planning again.
//
// CANN's opbase does the same (its "aclnn cache", opdev/op_cache.h: L2_DFX_PHASE_1 asks GetFromCache before an
// op_api runs its checks; the key is the API name and every argument - each aclTensor's view shape, strides,
// storage shape, dtype, view offset and format, each scalar's value, each array, which arguments are one
// aclTensor; ACLNN_CACHE_LIMIT entries, 10,000 by default; DISABLE_L2_CACHE set turns it off). It is what makes
// an optimizer's foreach calls cheap on the host: every step after the first repeats the first's arguments.
//
// What is ours (docs/engine.md "The aclnn cache"):
//   - The key also holds each tensor's data address and the product (rt::ActiveSoc), because our first phases
//     plan with them (the overlap rules of engine/elementwise.h, the flat list plan). A hit is therefore the
//     executor the full first phase would build, byte for byte: same checks passed, same plan, same workspace.
//   - Keys have no size limit (CANN's 8,192-byte key buffer leaves a list of a hundred tensors uncached).
//   - An entry is the planned call itself, lent to the executor of a hit and given back when its launch has run
//     (or when the executor is destroyed unlaunched); while it is lent, the same key misses and plans in full.
//     An executor that is re-addressed (aclSet*TensorAddr), made repeatable, or launched in strict mode keeps
//     its call: the entry is dropped. Strict mode never looks up: its first phases run in full.
//   - A tensor enters the key as its interned description (aclTensor::layout) and its data address: two words.
//   - Which arguments are one aclTensor is not in the words: an entry keeps whether each pair of its tensors at one
//     address was one handle (only those can differ between calls with equal words), and a lookup compares them.
//   - The launch of a hit pins the blocks its last launch pinned without looking them up, and skips the address
//     checks, while no block has been allocated or freed since (rt::RepinBlocks).
//   - A first phase that depends on more than its arguments - the device memory at its addresses
//     (aclnnForeachCopy), the fidelity setting (the reference tier) - calls OpCacheAbandon() and is not cached.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

#include "aclnn/acl_meta.h"
#include "executor/executor.h"
#include "tensor/arguments.h"
#include "tensor/tensor.h"

namespace aclcpu {

struct OpCacheEntry;

/// The key of one first phase's arguments, built in argument order: 64-bit words, and every aclTensor handle
/// (list elements included) in `tensors`, from which an entry's pattern of repeated handles is checked
/// (OpCacheFind). One per thread (OpCacheBegin).
class OpCacheKey {
public:
    /// Starts a key: the API the first phase hands out (its static name; an Inplace variant's own) and the
    /// product.
    void Begin(const char* api, int soc) {
        api_ = api;
        n_ = 0;
        tensors_.clear();
        Word(reinterpret_cast<uintptr_t>(api));
        Word(static_cast<uint64_t>(soc));
    }
    void Word(uint64_t w) { *Grow(1) = w; }
    /// An aclTensor argument (live or NULL): its description - the interned id (aclTensor::layout), or where it
    /// has none the fields themselves - and its data address.
    void Add(const aclTensor* t) {
        if (t == nullptr) {
            Word(kNull);
            return;
        }
        tensors_.push_back(t);
        if (t->layout != 0) {  // ids count up from 1: never a marker's value
            uint64_t* w = Grow(2);
            w[0] = t->layout;
            w[1] = reinterpret_cast<uintptr_t>(t->data);
            return;
        }
        Word(kFields);
        const int64_t* v = t->view_shape.data();
        const int64_t* s = t->storage_shape.data();
        const size_t nv = static_cast<size_t>(t->view_shape.end() - t->view_shape.begin());
        const size_t ns = static_cast<size_t>(t->storage_shape.end() - t->storage_shape.begin());
        uint64_t* w = Grow(4 + 2 * nv + ns);
        w[0] = static_cast<uint64_t>(static_cast<uint32_t>(t->dtype)) << 32 | static_cast<uint32_t>(t->format);
        w[1] = nv << 32 | ns;  // a view has one stride per dim (aclCreateTensor)
        w[2] = static_cast<uint64_t>(t->offset);
        w[3] = reinterpret_cast<uintptr_t>(t->data);
        w = Dims(w + 4, v, nv);
        w = Dims(w, t->strides.data(), nv);
        Dims(w, s, ns);
    }
    /// An aclTensorList argument (live or NULL; its non-NULL elements live): its length and each element. The
    /// elements with an interned description are written in one pass (two words each); from the first NULL or
    /// uninterned element on, each goes through Add(const aclTensor*).
    void Add(const aclTensorList* l) {
        if (l == nullptr) {
            Word(kNull);
            return;
        }
        const size_t n = l->items.size();
        Word(kList | n);
        Reserve(n * 2);
        const size_t base = tensors_.size();
        tensors_.resize(base + n);
        const aclTensor** tp = tensors_.data() + base;
        const aclTensor* const* items = l->items.data();
        uint64_t* w = words_.get() + n_;
        size_t i = 0;
        for (; i < n; ++i) {
            const aclTensor* t = items[i];
            if (t == nullptr || t->layout == 0) break;
            tp[i] = t;
            w[2 * i] = t->layout;
            w[2 * i + 1] = reinterpret_cast<uintptr_t>(t->data);
        }
        n_ += 2 * i;
        tensors_.resize(base + i);
        for (; i < n; ++i) Add(items[i]);
    }
    /// An aclScalar (live or NULL): its dtype and value bytes.
    void Add(const aclScalar* s) {
        if (s == nullptr) {
            Word(kNull);
            return;
        }
        uint64_t b[2];
        std::memcpy(b, s->bits, sizeof b);
        Word(static_cast<uint64_t>(static_cast<uint32_t>(s->dtype)) << 32 | s->size);
        Word(b[0]);
        Word(b[1]);
    }
    void Add(const aclScalarList* l) {
        if (l == nullptr) {
            Word(kNull);
            return;
        }
        Word(kList | l->items.size());
        for (const aclScalar* s : l->items) Add(s);
    }
    void Add(const aclIntArray* a) { Array(a, a != nullptr ? a->values.data() : nullptr, a != nullptr ? a->values.size() : 0, 8); }
    void Add(const aclFloatArray* a) { Array(a, a != nullptr ? a->values.data() : nullptr, a != nullptr ? a->values.size() : 0, 4); }
    void Add(const aclBoolArray* a) { Array(a, a != nullptr ? a->values.data() : nullptr, a != nullptr ? a->values.size() : 0, 1); }
    /// A value argument (bool, integers, float, double, aclDataType): its bits.
    template <typename T>
    void AddValue(T v) {
        static_assert(sizeof(T) <= 8, "a value argument of at most 8 bytes");
        uint64_t w = 0;
        std::memcpy(&w, &v, sizeof v);
        Word(w);
    }

    const char* api() const { return api_; }
    const uint64_t* words() const { return words_.get(); }
    size_t size() const { return n_; }
    /// The non-NULL aclTensor handles of the key, in argument order.
    const std::vector<const aclTensor*>& tensors() const { return tensors_; }

    // OpCacheFind's and OpCacheAttach's state (op_cache.cpp)
    uint64_t hash = 0;
    bool pending = false;

private:
    static constexpr uint64_t kNull = 0xA11C0C0DEull << 28;  // a NULL handle (no descriptor's first word)
    static constexpr uint64_t kList = uint64_t{1} << 63;
    static constexpr uint64_t kFields = 0xF1E1D5ull << 40;  // a tensor described field by field (no layout id)
    void Array(const void* handle, const void* values, size_t n, size_t item) {
        if (handle == nullptr) {
            Word(kNull);
            return;
        }
        Word(kList | n);
        const size_t bytes = n * item, words = (bytes + 7) / 8;
        uint64_t* w = Grow(words);
        if (words > 0) {
            w[words - 1] = 0;  // the last word's unused bytes
            std::memcpy(w, values, bytes);
        }
    }
    /// Copies n dims to w (a few: no loop set-up, no memcpy call); returns w + n.
    static uint64_t* Dims(uint64_t* w, const int64_t* d, size_t n) {
        switch (n) {
            case 4: w[3] = static_cast<uint64_t>(d[3]); [[fallthrough]];
            case 3: w[2] = static_cast<uint64_t>(d[2]); [[fallthrough]];
            case 2: w[1] = static_cast<uint64_t>(d[1]); [[fallthrough]];
            case 1: w[0] = static_cast<uint64_t>(d[0]); [[fallthrough]];
            case 0: return w + n;
            default: std::memcpy(w, d, n * sizeof(int64_t)); return w + n;
        }
    }
    /// `k` more words at the end of the key (uninitialised; the caller writes them all).
    uint64_t* Grow(size_t k) {
        if (k > cap_ - n_) Regrow(k);
        uint64_t* w = words_.get() + n_;
        n_ += k;
        return w;
    }
    void Reserve(size_t k) {
        if (k > cap_ - n_) Regrow(k);
    }
    __attribute__((noinline)) void Regrow(size_t k) {  // throws std::bad_alloc like new
        const size_t cap = std::max(2 * cap_, n_ + k + 64);
        std::unique_ptr<uint64_t[]> w(new uint64_t[cap]);
        if (n_ > 0) std::memcpy(w.get(), words_.get(), n_ * sizeof(uint64_t));
        words_ = std::move(w);
        cap_ = cap;
    }

    const char* api_ = nullptr;
    std::unique_ptr<uint64_t[]> words_;
    size_t n_ = 0, cap_ = 0;
    std::vector<const aclTensor*> tensors_;
};

/// The calling thread's key, begun for `api` on product `soc` (OpCacheKey::Begin; reused from call to call: no
/// allocation in the steady state); nullptr when the cache is off: strict mode, DISABLE_L2_CACHE set, or a limit
/// of 0 entries.
OpCacheKey* OpCacheBegin(const char* api, int soc);

/// Looks up the key built on this thread: an entry with the same words whose pattern of repeated handles is
/// that of key.tensors(). A cached entry not lent out: builds the executor of a hit from it (its call lent to the executor), writes *workspaceSize and *executor and returns true. Otherwise
/// false, and the key stays pending for OpCacheAttach (not when the entry is lent out: the full first phase
/// then builds an executor of its own). Throws std::bad_alloc like new (the first phase's guard reports it).
bool OpCacheFind(OpCacheKey& key, uint64_t* workspaceSize, aclOpExecutor** executor);

/// Called by a first phase about to publish `ex` (engine/first_phase.h PublishPlanOfArgs): when this thread's
/// pending key is for ex->call.op_name, makes it an entry whose call is lent to `ex` from the start (it enters the
/// cache when the launch gives it back). Clears the pending key. Throws std::bad_alloc like new (nothing cached).
void OpCacheAttach(aclOpExecutor* ex);

/// Drops this thread's pending key: the first phase running depends on more than its arguments (or ended).
void OpCacheAbandon();

/// Gives a lent call back to its entry (rec->cache): the launch record's tensors, names, plan and its checked
/// addresses and blocks swapped in, rec->cache cleared; or frees the entry when it was dropped or evicted
/// meanwhile. Called when the record of a consumed executor's launch is released.
void OpCacheGiveBack(LaunchRecord* rec);

/// The same for an executor released unlaunched (call->cache): its tensors, names, plan and last launch's
/// addresses go back.
void OpCacheGiveBack(PlannedCall* call);

/// Drops the entry of a call that will not come back unchanged (re-addressed, repeatable, strict-mode launch):
/// it leaves the cache; *entry cleared.
void OpCacheDrop(OpCacheEntry** entry);

/// Counters for tests and benchmarks: first phases served from the cache, looked up and missed, entries held.
struct OpCacheStats {
    uint64_t hits = 0;
    uint64_t misses = 0;
    size_t entries = 0;
    size_t limit = 0;
};
OpCacheStats GetOpCacheStats();

/// Sets the number of entries kept (ACLNN_CACHE_LIMIT's role; 0 turns the cache off) and empties the cache of
/// entries not lent out. For tests and benchmarks.
void SetOpCacheLimit(size_t limit);

/// Empties the cache (its limit unchanged): entries not lent out are freed now, lent ones when their calls come
/// back. What a fuzzing harness does after each input, so that its leak detection sees no memory retained.
void ClearOpCache();

}  // namespace aclcpu
