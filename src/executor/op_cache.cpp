// The aclnn cache (op_cache.h): entries keyed by a first phase's arguments, each holding the planned call that
// first phase built, lent to the executor of a hit and given back by its launch.
#include "executor/op_cache.h"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <list>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <unordered_map>
#include <utility>

#include "common/exports.h"
#include "runtime/strict.h"

namespace aclcpu {

/// One cached first phase: its key and, while not lent out, the planned call it built.
struct OpCacheEntry {
    std::vector<uint64_t> key;
    uint64_t hash = 0;
    // The pattern of repeated aclTensor handles among the key's tensors (OpCacheKey::tensors, argument order).
    // Equal handles have equal data addresses, and a key equal to this one has this one's addresses, so only
    // tensors at the same address can be one handle in one call and two in another: for each such pair (i, j),
    // j < i, whether they were one handle. A group of more than kMaxPatternGroup tensors at one address (empty
    // tensors without data, say) keeps the whole pattern instead (`full`: each tensor's first equal index).
    struct SameHandle {
        uint32_t i, j;
        bool same;
    };
    std::vector<SameHandle> pairs;
    std::vector<int> full;
    bool has_full = false;
    bool lent = true;      ///< its call is with an executor or a launch record
    bool dropped = false;  ///< out of the cache (evicted while lent): freed when the call comes back
    std::list<OpCacheEntry*>::iterator lru;  ///< its place in the use order (while cached)
    // The planned call (PlannedCall's fields); tensors, names and plan only while not lent out.
    uint64_t workspace_size = 0;
    int num_inputs = 0;
    const char* op_name = "";
    const char* const* static_names = nullptr;  ///< the call's static names, or nullptr when it has `names`
    std::vector<aclTensor> tensors;
    std::vector<int> same_as;
    std::vector<CallArg> args;
    std::vector<const char*> names;
    std::shared_ptr<const OpPlan> plan;
    // its last launch's checked addresses (PlannedCall::last_addrs ...)
    std::vector<const void*> addrs;
    std::vector<MemBlock> blocks;
    uint64_t generation = 0;
    bool checked = false;
};

namespace {

constexpr size_t kDefaultLimit = 10000;      // CANN's K_CACHE_LIMIT
constexpr size_t kMaxLimit = 10000000;       // CANN's K_MAX_CACHE_LIMIT

// ACLNN_CACHE_LIMIT as CANN reads it: a number (at most 10,000,000), otherwise the default; DISABLE_L2_CACHE set
// (any value): off.
size_t LimitFromEnvironment() {
    if (std::getenv("DISABLE_L2_CACHE") != nullptr) return 0;
    const char* v = std::getenv("ACLNN_CACHE_LIMIT");
    if (v == nullptr || *v == '\0') return kDefaultLimit;
    char* end = nullptr;
    const unsigned long long n = std::strtoull(v, &end, 10);
    if (end == v || *end != '\0' || *v == '-') return kDefaultLimit;
    return n < kMaxLimit ? static_cast<size_t>(n) : kMaxLimit;
}

struct Cache {
    std::mutex mu;  // a leaf lock: taken after the handle registry's, never before it
    std::unordered_multimap<uint64_t, OpCacheEntry*> map;
    std::list<OpCacheEntry*> lru;  // most recently used first
    size_t limit = LimitFromEnvironment();
    std::atomic<bool> on{limit > 0};
    uint64_t hits = 0, misses = 0;
};

Cache& TheCache() {
    static Cache* c = new Cache();  // never destroyed: launches may give calls back during exit
    return *c;
}

thread_local OpCacheKey t_key;

// Takes `e` out of the map and the use order (mu held); a lent entry is marked dropped and freed when its call
// comes back. Returns the entry to delete after unlocking, or nullptr.
OpCacheEntry* RemoveLocked(Cache& c, OpCacheEntry* e) {
    auto range = c.map.equal_range(e->hash);
    for (auto it = range.first; it != range.second; ++it) {
        if (it->second == e) {
            c.map.erase(it);
            break;
        }
    }
    c.lru.erase(e->lru);
    if (e->lent) {
        e->dropped = true;
        return nullptr;
    }
    return e;
}

// A hash of a key: its length, then at most about 128 of its words - the first 64 and every k-th of the rest, so
// that a list of hundreds of tensors is not hashed word by word. Only the bucket depends on it: keys are compared
// in full (memcmp), so keys that differ only in words left out share a bucket and are told apart there.
uint64_t HashWords(const uint64_t* w, size_t n) {
    uint64_t h = 0x9E3779B97F4A7C15ull ^ n;
    auto mix = [&](uint64_t x) {
        h ^= x;
        h *= 0xFF51AFD7ED558CCDull;
        h ^= h >> 29;
    };
    const size_t head = n < 64 ? n : 64;
    for (size_t i = 0; i < head; ++i) mix(w[i]);
    if (n > head) {
        const size_t step = (n - head + 63) / 64;
        for (size_t i = head; i < n; i += step) mix(w[i]);
        mix(w[n - 1]);
    }
    return h;
}

constexpr size_t kMaxPatternGroup = 8;  // tensors at one address whose pairs an entry keeps (OpCacheEntry::pairs)

// first[i] = the first index j <= i with t[j] == t[i] (n handles).
void FirstEqual(const aclTensor* const* t, size_t n, std::vector<int>* first) {
    std::unordered_map<const aclTensor*, int> seen;
    seen.reserve(n);
    first->resize(n);
    for (size_t i = 0; i < n; ++i) (*first)[i] = seen.emplace(t[i], static_cast<int>(i)).first->second;
}

// The pattern of repeated handles of the n tensors t (OpCacheEntry::pairs / full). Throws std::bad_alloc.
void RecordPattern(const aclTensor* const* t, size_t n, OpCacheEntry* e) {
    std::unordered_map<const void*, std::vector<uint32_t>> at;  // data address -> indices so far
    for (size_t i = 0; i < n; ++i) {
        std::vector<uint32_t>& group = at[t[i]->data];
        if (group.size() >= kMaxPatternGroup) {
            e->pairs.clear();
            e->has_full = true;
            FirstEqual(t, n, &e->full);
            return;
        }
        for (uint32_t j : group) e->pairs.push_back({static_cast<uint32_t>(i), j, t[i] == t[j]});
        group.push_back(static_cast<uint32_t>(i));
    }
}

// Whether the n tensors t repeat handles as those of e's key did (e's words equal to theirs: same addresses).
bool SamePattern(const OpCacheEntry& e, const aclTensor* const* t, size_t n) {
    if (__builtin_expect(e.has_full, 0)) {
        std::vector<int> first;
        FirstEqual(t, n, &first);
        return first == e.full;
    }
    for (const OpCacheEntry::SameHandle& p : e.pairs) {
        if ((t[p.i] == t[p.j]) != p.same) return false;
    }
    return true;
}

}  // namespace

OpCacheKey* OpCacheBegin(const char* api, int soc) {
    if (!TheCache().on.load(std::memory_order_relaxed) || StrictMode()) return nullptr;
    OpCacheKey& key = t_key;
    key.pending = false;
    key.Begin(api, soc);
    return &key;
}

bool OpCacheFind(OpCacheKey& key, uint64_t* workspaceSize, aclOpExecutor** executor) {
    key.pending = false;
    const uint64_t* w = key.words();
    const size_t n = key.size();
    const std::vector<const aclTensor*>& t = key.tensors();
    key.hash = HashWords(w, n);
    Cache& c = TheCache();
    OpCacheEntry* e = nullptr;
    {
        std::lock_guard<std::mutex> lock(c.mu);
        auto range = c.map.equal_range(key.hash);
        for (auto it = range.first; it != range.second; ++it) {
            OpCacheEntry* x = it->second;
            if (x->key.size() == n && std::memcmp(x->key.data(), w, n * sizeof(uint64_t)) == 0 &&
                SamePattern(*x, t.data(), t.size())) {
                e = x;
                break;
            }
        }
        if (e == nullptr) {
            ++c.misses;
            key.pending = true;
            return false;
        }
        if (e->lent) {  // its call is with another executor: plan this one in full, cache nothing
            ++c.misses;
            return false;
        }
        e->lent = true;
        c.lru.splice(c.lru.begin(), c.lru, e->lru);
        ++c.hits;
    }
    ExecutorPtr ex;
    try {
        ex = AcquireExecutor();
        ex->call.same_as = e->same_as;
        ex->call.args = e->args;
    } catch (...) {  // out of host memory, as a full first phase could be: the entry back, the status from above
        bool home = false;
        {
            std::lock_guard<std::mutex> lock(c.mu);
            if (!e->dropped) {
                e->lent = false;
                home = true;
            }
        }
        if (!home) delete e;  // evicted meanwhile
        throw;
    }
    PlannedCall& call = ex->call;
    call.workspace_size = e->workspace_size;
    call.num_inputs = e->num_inputs;
    call.op_name = e->op_name;
    call.tensors.swap(e->tensors);
    call.names.swap(e->names);
    call.plan = std::move(e->plan);
    call.tensor_names = e->static_names != nullptr ? e->static_names : call.names.data();
    call.checked = e->checked;
    if (e->checked) {
        call.last_addrs.swap(e->addrs);
        call.last_blocks.swap(e->blocks);
        call.last_generation = e->generation;
    }
    call.cache = e;
    *workspaceSize = call.workspace_size;
    *executor = PublishExecutor(std::move(ex));
    return true;
}

void OpCacheAttach(aclOpExecutor* ex) {
    OpCacheKey& key = t_key;
    if (!key.pending) return;
    key.pending = false;
    PlannedCall& call = ex->call;
    if (key.api() != call.op_name || call.cache != nullptr) return;
    Cache& c = TheCache();
    std::unique_ptr<OpCacheEntry> e(new OpCacheEntry());  // out of host memory: thrown, as for the plan itself
    e->key.assign(key.words(), key.words() + key.size());
    e->hash = key.hash;
    e->workspace_size = call.workspace_size;
    e->num_inputs = call.num_inputs;
    e->op_name = call.op_name;
    e->static_names = call.names.empty() ? call.tensor_names : nullptr;
    e->same_as = call.same_as;
    e->args = call.args;
    RecordPattern(key.tensors().data(), key.tensors().size(), e.get());
    OpCacheEntry* evicted = nullptr;
    {
        std::lock_guard<std::mutex> lock(c.mu);
        if (c.limit == 0) return;
        auto range = c.map.equal_range(e->hash);
        for (auto it = range.first; it != range.second; ++it) {
            if (it->second->key == e->key && SamePattern(*it->second, key.tensors().data(), key.tensors().size())) {
                return;  // another thread cached the same call meanwhile
            }
        }
        c.lru.push_front(e.get());
        e->lru = c.lru.begin();
        try {
            c.map.emplace(e->hash, e.get());
        } catch (...) {
            c.lru.erase(e->lru);
            throw;
        }
        if (c.map.size() > c.limit) evicted = RemoveLocked(c, c.lru.back());
    }
    call.cache = e.release();
    delete evicted;
}

void OpCacheAbandon() { t_key.pending = false; }

namespace {

// Gives the call back to *entry (the vectors swapped, the plan moved) unless the entry was dropped meanwhile,
// which is then freed; *entry cleared.
void GiveBack(OpCacheEntry** entry, std::vector<aclTensor>* tensors, std::vector<const char*>* names,
              std::shared_ptr<const OpPlan>* plan, std::vector<const void*>* addrs, std::vector<MemBlock>* blocks,
              uint64_t generation, bool checked) {
    OpCacheEntry* e = *entry;
    *entry = nullptr;
    if (e == nullptr) return;
    Cache& c = TheCache();
    {
        std::lock_guard<std::mutex> lock(c.mu);
        if (!e->dropped) {
            e->tensors.swap(*tensors);
            e->names.swap(*names);
            e->plan = std::move(*plan);
            e->checked = checked;
            if (checked) {
                e->addrs.swap(*addrs);
                e->blocks.swap(*blocks);
                e->generation = generation;
            }
            e->lent = false;
            return;
        }
    }
    delete e;  // evicted while lent: the call stays with the caller
}

}  // namespace

void OpCacheGiveBack(LaunchRecord* rec) {
    GiveBack(&rec->cache, &rec->tensors, &rec->names, &rec->plan, &rec->addrs, &rec->blocks, rec->generation,
             rec->checked);
    rec->checked = false;
}

void OpCacheGiveBack(PlannedCall* call) {
    GiveBack(&call->cache, &call->tensors, &call->names, &call->plan, &call->last_addrs, &call->last_blocks,
             call->last_generation, call->checked);
    call->checked = false;
}

void OpCacheDrop(OpCacheEntry** entry) {
    OpCacheEntry* e = *entry;
    *entry = nullptr;
    if (e == nullptr) return;
    Cache& c = TheCache();
    {
        std::lock_guard<std::mutex> lock(c.mu);
        if (!e->dropped) RemoveLocked(c, e);  // lent: marks it dropped, returns nullptr
    }
    delete e;
}

OpCacheStats GetOpCacheStats() {
    Cache& c = TheCache();
    std::lock_guard<std::mutex> lock(c.mu);
    OpCacheStats s;
    s.hits = c.hits;
    s.misses = c.misses;
    s.entries = c.map.size();
    s.limit = c.limit;
    return s;
}

namespace {

// Empties the cache (and sets its limit first when `limit` is given): entries not lent out are freed, lent ones
// when their calls come back.
void Empty(const size_t* limit) {
    Cache& c = TheCache();
    std::vector<OpCacheEntry*> freed;
    {
        std::lock_guard<std::mutex> lock(c.mu);
        if (limit != nullptr) {
            c.limit = *limit < kMaxLimit ? *limit : kMaxLimit;
            c.on.store(c.limit > 0, std::memory_order_relaxed);
        }
        freed.reserve(c.lru.size());
        while (!c.lru.empty()) {
            if (OpCacheEntry* e = RemoveLocked(c, c.lru.back())) freed.push_back(e);
        }
    }
    for (OpCacheEntry* e : freed) delete e;
}

}  // namespace

void SetOpCacheLimit(size_t limit) { Empty(&limit); }

void ClearOpCache() { Empty(nullptr); }

}  // namespace aclcpu
