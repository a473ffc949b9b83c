// "Device" memory: host RAM blocks registered so that every address a tensor or copy uses can be checked
// against the block it lies in (SPEC 2, 3), and so that aclrtFree can wait for tasks still using a block.
#include <sys/mman.h>
#include <sys/sysinfo.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <iterator>
#include <map>
#include <utility>
#include <vector>

#include "common/status.h"
#include "runtime/state.h"
#include "runtime/strict.h"
#include "runtime/strict_memory.h"
#include "runtime/strict_sync.h"
#include "common/exports.h"  // the cross-library functions defined here get default visibility

namespace aclcpu {
namespace rt {
namespace {

constexpr size_t kAlignment = 64;  // CANN requires 32-byte aligned tensor data; we give 64
constexpr size_t kGuard = 4096;    // the inaccessible page after a huge-page block's mapping

// Bytes the C heap gives a block of `size` bytes: rounded up to the alignment, plus one alignment unit, so
// that the one-past-the-end address is still the block's (CheckRangeLocked).
size_t HeapExtent(size_t size) { return (size + kAlignment - 1) / kAlignment * kAlignment + kAlignment; }

// Blocks of at least one huge page asked for with a HUGE_* policy are mapped on their own, 2 MiB aligned,
// and advised to use transparent huge pages: kernels walking a tensor across rows (a transposed operand
// touches one line per row) then miss the TLB once per 2 MiB instead of once per 4 KiB.
constexpr size_t kHugePage = size_t{2} << 20;

struct BlockInfo {
    size_t size;
    bool host;           // from aclrtMallocHost
    int device = -1;     // the device current at aclrtMalloc (rt::CurrentDeviceOrZero); -1 for host blocks
    int pins = 0;        // enqueued tasks using the block
    size_t mapped = 0;   // non-zero: the block is its own mapping of this many bytes (munmap), else free()
    StrictBlock* strict = nullptr;  // strict mode: `mapped` bytes at the base are an inaccessible reservation and
                                    // this holds the accessible alias and the shadow (runtime/strict_memory.h)
};

// The MemBlock view of a registered block, with its strict-mode alias and shadow.
MemBlock BlockOf(uintptr_t base, const BlockInfo& b) {
    if (__builtin_expect(b.strict == nullptr, 1)) return MemBlock{base, b.size, 0, nullptr};
    return MemBlock{base, b.size, StrictAlias(b.strict), b.strict};
}

// Frees a block's memory (registry entry already gone).
void FreeBlock(void* p, const BlockInfo& b) {
    if (b.strict != nullptr) FreeStrictBlock(b.strict);
    if (b.mapped != 0) {
        munmap(p, b.mapped);
    } else {
        std::free(p);
    }
}

// A 2 MiB aligned private mapping of round_up(size, 2 MiB) bytes with MADV_HUGEPAGE (advice only: where
// transparent huge pages are off it is ordinary memory), followed by one inaccessible guard page that belongs
// to the block too: so the block's one-past-the-end address always lies inside its own mapping
// (CheckRangeLocked).
// *mapped = the whole mapping's length. nullptr when the mapping fails.
void* MapHuge(size_t size, size_t* mapped) {
    const size_t len = (size + kHugePage - 1) / kHugePage * kHugePage;
    void* raw = mmap(nullptr, len + kHugePage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED) return nullptr;
    const uintptr_t base = reinterpret_cast<uintptr_t>(raw);
    const uintptr_t aligned = (base + kHugePage - 1) & ~(kHugePage - 1);
    if (aligned > base) munmap(raw, aligned - base);
    // base + len + kHugePage - (aligned + len) >= one page: the misalignment is a whole number of pages
    const size_t tail = base + len + kHugePage - (aligned + len);
    if (tail > kGuard) munmap(reinterpret_cast<void*>(aligned + len + kGuard), tail - kGuard);
    mprotect(reinterpret_cast<void*>(aligned + len), kGuard, PROT_NONE);
#ifdef MADV_HUGEPAGE
    madvise(reinterpret_cast<void*>(aligned), len, MADV_HUGEPAGE);
#endif
    *mapped = len + kGuard;
    return reinterpret_cast<void*>(aligned);
}

// Strict mode's aclrtMallocHost blocks: a page-aligned private mapping of round_up(size, page) bytes plus one
// inaccessible guard page (so the one-past-the-end address is the block's own, as for MapHuge), so that the
// pages of a buffer a pending task uses can be protected without touching any other object
// (runtime/strict_sync.h). *mapped = the whole mapping's length. nullptr when the mapping fails.
void* MapPages(size_t size, size_t* mapped) {
    const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    if (size > SIZE_MAX - 2 * page) return nullptr;
    const size_t len = (size + page - 1) / page * page;
    void* p = mmap(nullptr, len + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return nullptr;
    mprotect(static_cast<char*>(p) + len, page, PROT_NONE);
    *mapped = len + page;
    return p;
}

// The freed-block quarantine. A freed block's address range stays reserved for a while: a heap block is not
// returned to the C heap yet, a mapped block keeps its address range as an inaccessible reservation (its
// memory is returned at once). Until the block leaves the quarantine no allocation (ours or the
// application's) can be placed there, so a stale pointer into it is known to be stale, and a copy, memset
// or launch through it is refused (107000 / 161002) instead of writing freed memory. Bounded: the newest
// kQuarantineBlocks blocks, and at most kQuarantineHeapBytes of C-heap memory held (a heap block larger than
// that skips the quarantine); older ones are released for real.
// The block count is the handle registry's kHandleQuarantine (common/handle_registry.h): one rule for every
// kind of handle, memory blocks being address ranges rather than registry objects.
constexpr size_t kQuarantineBlocks = kHandleQuarantine;
constexpr size_t kQuarantineHeapBytes = size_t{64} << 20;

// What releases a memory block, for messages.
constexpr const char* kBlockReleasedBy = "freed by aclrtFree, aclrtFreeHost or aclFinalize";

struct Registry {
    std::mutex mu;
    std::condition_variable unpinned;
    std::map<uintptr_t, BlockInfo> blocks;  // keyed by base address
    std::map<uintptr_t, BlockInfo> freed;   // the quarantine, keyed by base address (a mapped one: a reservation)
    std::deque<uintptr_t> freed_order;      // quarantine entries, oldest first
    size_t freed_heap_bytes = 0;            // C-heap bytes the quarantine holds
    size_t device_bytes[kMaxDevices] = {};  // bytes of each device's live aclrtMalloc blocks (aclrtGetMemInfo)
    uint64_t generation = 0;  // counts the changes of `blocks` (a block added or removed): RepinBlocks
};

// Bytes from a block's base that belong to its allocation, always more than the requested size (so that
// the one-past-the-end address is the block's own): its mapping (huge pages plus the guard page), or on the
// C heap the size rounded up to the alignment plus one more alignment unit. No other allocation owns an
// address in that span.
size_t Extent(const BlockInfo& b) { return b.mapped != 0 ? b.mapped : HeapExtent(b.size); }

// Moves a block just taken out of r.blocks into the quarantine (caller holds r.mu). A mapped block's pages
// are dropped here, under the lock, by mapping an inaccessible reservation over them, so that its range is
// never usable by anyone while the quarantine lists it. Entries pushed out of the quarantine are appended to
// *release, to be released (FreeBlock) once the lock is dropped: until then their range stays reserved.
using Retired = std::vector<std::pair<uintptr_t, BlockInfo>>;  // blocks to release once the lock is dropped

void RetireLocked(Registry& r, uintptr_t base, const BlockInfo& info, Retired* release) {
    if (info.strict != nullptr) RetireStrictBlock(info.strict);  // the alias goes now; the reservation stays
    const size_t extent = Extent(info);
    bool held = true;
    if (info.mapped != 0) {
        void* q = mmap(reinterpret_cast<void*>(base), info.mapped, PROT_NONE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE, -1, 0);
        held = q != MAP_FAILED;  // on failure the mapping stays as it was and is released below
    } else {
        held = extent <= kQuarantineHeapBytes;
    }
    if (!held) {
        release->emplace_back(base, info);
        return;
    }
    r.freed[base] = info;
    r.freed_order.push_back(base);
    if (info.mapped == 0) r.freed_heap_bytes += extent;
    while (r.freed_order.size() > kQuarantineBlocks || r.freed_heap_bytes > kQuarantineHeapBytes) {
        const uintptr_t old = r.freed_order.front();
        r.freed_order.pop_front();
        auto it = r.freed.find(old);
        if (it->second.mapped == 0) r.freed_heap_bytes -= Extent(it->second);
        release->emplace_back(old, it->second);
        r.freed.erase(it);
    }
}

void ReleaseRetired(const Retired& release) {
    for (const auto& [base, info] : release) FreeBlock(reinterpret_cast<void*>(base), info);
}

Registry& Reg() {
    static Registry* r = new Registry();
    return *r;
}

// The block containing p, or end(). Caller holds the registry lock.
std::map<uintptr_t, BlockInfo>::iterator Lookup(Registry& r, const void* p) {
    const uintptr_t a = reinterpret_cast<uintptr_t>(p);
    auto it = r.blocks.upper_bound(a);
    if (it == r.blocks.begin()) return r.blocks.end();
    --it;
    if (a >= it->first && a - it->first < it->second.size) return it;
    return r.blocks.end();
}

// Lookup with a hint (caller holds r.mu): the block found for the previous address of a batch. A tensor list's
// addresses mostly lie in the same block as their neighbour's (a caching allocator's carve-outs) or in the
// block next to it in address order (blocks allocated one after another), so the hint, its successor and its
// predecessor are tried before the tree is searched: O(1) instead of O(log blocks) per address for a list.
std::map<uintptr_t, BlockInfo>::iterator LookupNear(Registry& r, const void* p,
                                                    std::map<uintptr_t, BlockInfo>::iterator hint) {
    if (hint != r.blocks.end()) {
        const uintptr_t a = reinterpret_cast<uintptr_t>(p);
        auto in = [&](std::map<uintptr_t, BlockInfo>::iterator it) {
            return a >= it->first && a - it->first < it->second.size;
        };
        if (in(hint)) return hint;
        if (a > hint->first) {
            auto next = std::next(hint);
            if (next == r.blocks.end() || a < next->first) return r.blocks.end();  // between hint and its successor
            if (in(next)) return next;
        } else if (hint != r.blocks.begin()) {
            auto prev = std::prev(hint);
            if (a >= prev->first) return in(prev) ? prev : r.blocks.end();  // between its predecessor and hint
        } else {
            return r.blocks.end();  // below the lowest block
        }
    }
    return Lookup(r, p);
}

// The bytes CANN's runtime gives a device block of `size` bytes (its aclrtMalloc documentation): the size rounded
// up to a multiple of 32 bytes, plus 32 more for aclrtMalloc (pad32), not for aclrtMallocAlign32. A program may use
// them on an NPU, and CANN's own examples do (an INT64 result in a block sized for FLOAT elements, read back whole).
size_t CannDeviceSize(size_t size, bool pad32) { return (size + 31) / 32 * 32 + (pad32 ? 32 : 0); }

// A block of `size` bytes (aclrtMalloc and aclrtMallocAlign32: device, CANN's padding with pad32 as there;
// aclrtMallocHost: host, no padding). Outside strict mode a device block holds CANN's padded size, which every
// range check then admits, as an NPU does; strict mode holds the program to the bytes it asked for (a view or copy
// running into the padding is refused there, as past any block's end).
int Allocate(void** out, size_t size, bool host, bool huge, const char* api, bool pad32 = false) {
    if (out == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "%s: the output pointer is null.", api);
    if (size == 0) return Fail(ACL_ERROR_INVALID_PARAM, "%s: size 0 is invalid.", api);
    if (int ret = RequireInit(api)) return ret;
    if (size > SIZE_MAX - 2 * kAlignment - 64) {  // HeapExtent and CannDeviceSize must not wrap
        return Fail(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: cannot allocate %zu bytes.", api, size);
    }
    size_t mapped = 0;
    void* p = nullptr;
    StrictBlock* strict = nullptr;
    void* site = nullptr;
    const bool strict_mode = StrictMode();
    if (!host && !strict_mode) size = CannDeviceSize(size, pad32);
    if (strict_mode) site = StrictCallerSite();
    if (strict_mode && !host && size <= SIZE_MAX / 2) {  // an inaccessible address with an accessible alias
        uintptr_t base = 0;
        strict = NewStrictBlock(size, api, site, &base, &mapped);
        if (strict == nullptr) {
            return Fail(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: out of memory allocating %zu bytes.", api, size);
        }
        p = reinterpret_cast<void*>(base);
    }
    if (p == nullptr && huge && size >= kHugePage && size <= SIZE_MAX - 2 * kHugePage) p = MapHuge(size, &mapped);
    if (strict_mode && host) p = MapPages(size, &mapped);  // its pages may be protected (strict_sync.h)
    if (p == nullptr) {  // small, normal policy, or the mapping failed: the C heap
        mapped = 0;
        p = std::aligned_alloc(kAlignment, HeapExtent(size));
    }
    if (p == nullptr) return Fail(ACL_ERROR_RT_MEMORY_ALLOCATION, "%s: out of memory allocating %zu bytes.", api, size);
    Registry& r = Reg();
    {
        std::lock_guard<std::mutex> lock(r.mu);
        BlockInfo info{size, host};
        info.mapped = mapped;
        info.strict = strict;
        if (!host) {
            info.device = CurrentDeviceOrZero();
            r.device_bytes[info.device] += size;
        }
        r.blocks[reinterpret_cast<uintptr_t>(p)] = info;
        ++r.generation;
    }
    if (strict_mode) {
        StrictTrackCreateAt(p, host ? StrictObject::kHostBlock : StrictObject::kDeviceBlock, size, api, site);
    }
    *out = p;
    return ACL_SUCCESS;
}

int Release(void* p, bool host, const char* api) {
    if (p == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "%s: the pointer is null.", api);
    if (int ret = RequireInit(api)) return ret;
    Registry& r = Reg();
    const bool strict_sync = StrictSyncOn();
    size_t strict_size = 0;  // strict mode: the block's size, when it is a live block of the right kind
    bool reported = false;   // strict mode: this free's unsynchronized-access report made
    if (strict_sync) {  // report a free of memory unsynchronised work uses; release that work (no hang)
        {
            std::lock_guard<std::mutex> lock(r.mu);
            auto it = r.blocks.find(reinterpret_cast<uintptr_t>(p));
            if (it != r.blocks.end() && it->second.host == host) strict_size = it->second.size;
        }
        if (strict_size != 0) reported = StrictBlockFreeing(reinterpret_cast<uintptr_t>(p), strict_size, host, api);
    }
    std::unique_lock<std::mutex> lock(r.mu);
    auto it = r.blocks.find(reinterpret_cast<uintptr_t>(p));
    if (it == r.blocks.end()) {
        if (r.freed.count(reinterpret_cast<uintptr_t>(p)) != 0) {  // a freed block still in quarantine
            return FailNotLive(ACL_ERROR_RT_MEMORY_FREE, api, "memory block", p, true, kBlockReleasedBy);
        }
        return Fail(ACL_ERROR_RT_MEMORY_FREE, "%s: %p was not returned by %s, or was freed long ago.", api, p,
                    host ? "aclrtMallocHost" : "aclrtMalloc");
    }
    if (it->second.host != host) {
        return Fail(ACL_ERROR_RT_MEMORY_FREE, "%s: %p comes from %s; free it with %s.", api, p,
                    it->second.host ? "aclrtMallocHost" : "aclrtMalloc", it->second.host ? "aclrtFreeHost" : "aclrtFree");
    }
    // Enqueued work still reads or writes this block: wait for it rather than pull memory from under it.
    const auto unpinned = [&] {
        auto cur = r.blocks.find(reinterpret_cast<uintptr_t>(p));
        return cur == r.blocks.end() || cur->second.pins == 0;
    };
    if (!strict_sync || strict_size == 0) {
        r.unpinned.wait(lock, unpinned);
    } else {
        // Strict mode holds a stream's work until the host synchronises: a launch another thread enqueued after
        // StrictBlockFreeing looked would hold its pin forever. Look again while waiting.
        while (!r.unpinned.wait_for(lock, std::chrono::milliseconds(2), unpinned)) {
            lock.unlock();
            reported = StrictBlockFreeing(reinterpret_cast<uintptr_t>(p), strict_size, host, api, reported) || reported;
            lock.lock();
        }
    }
    it = r.blocks.find(reinterpret_cast<uintptr_t>(p));
    if (it == r.blocks.end()) {  // freed concurrently by another thread while we waited
        return Fail(ACL_ERROR_RT_MEMORY_FREE, "%s: %p was freed by another thread.", api, p);
    }
    const BlockInfo info = it->second;
    r.blocks.erase(it);
    ++r.generation;
    if (info.device >= 0) r.device_bytes[info.device] -= info.size;
    StrictTrackReleaseIfAny(p);
    Retired release;
    RetireLocked(r, reinterpret_cast<uintptr_t>(p), info, &release);
    lock.unlock();
    ReleaseRetired(release);
    return ACL_SUCCESS;
}

// What CheckRangeLocked finds for a range a copy or memset will touch.
enum class Range {
    kInBlock,   // inside one live block's requested size (the block is `*owner`)
    kHost,      // plain host memory: in no block, live or freed
    kOutside,   // starts in a block's allocation but runs past its size; or host memory running into a block,
                // or wrapping around the address space
    kFreed,     // touches a block in the freed-block quarantine
    kNoBlock,   // a device-side address in no block at all
};

// Checks a range of n bytes at p that a copy or memset will touch (caller holds r.mu).
//  * An address in a live block's allocation (Extent: the one-past-the-end pointer is always inside it)
//    belongs to that block, and the range must lie inside the block's requested size.
//  * An address in a quarantined freed block, or a host range reaching one, is stale: kFreed.
//  * Any other address is plain host memory (the caller vouches for it): accepted when `device` is false and
//    the range neither wraps nor runs into a block; refused when `device` is true, since a device-side address
//    (the destination of a copy to the device, a memset target) must be aclrtMalloc/aclrtMallocHost memory.
// So a pointer just past a block's end, a freed block, or a host range that overlaps a block is never
// written or read through unchecked, whatever the copy kind (ACL_MEMCPY_DEFAULT included).
Range CheckRangeLocked(Registry& r, const void* p, size_t n, bool device,
                       std::map<uintptr_t, BlockInfo>::iterator* owner) {
    const uintptr_t a = reinterpret_cast<uintptr_t>(p);
    auto next = r.blocks.upper_bound(a);  // the first live block based above p
    if (next != r.blocks.begin()) {
        auto cur = std::prev(next);
        const auto& [base, info] = *cur;
        if (a - base < Extent(info)) {  // p belongs to this block
            *owner = cur;
            return MemBlock{base, info.size, 0, nullptr}.Holds(a, n) ? Range::kInBlock : Range::kOutside;
        }
    }
    auto next_freed = r.freed.upper_bound(a);
    if (next_freed != r.freed.begin()) {
        const auto& [base, info] = *std::prev(next_freed);
        if (a - base < Extent(info)) return Range::kFreed;
    }
    if (device) return Range::kNoBlock;
    if (n > UINTPTR_MAX - a) return Range::kOutside;
    if (next != r.blocks.end() && n > next->first - a) return Range::kOutside;
    if (next_freed != r.freed.end() && n > next_freed->first - a) return Range::kFreed;
    return Range::kHost;
}

// One side of a copy or memset: its address, whether it must be device memory, and its name for messages.
struct Side {
    const void* p;
    bool device;
    const char* name;
};

// Checks every side of a copy or memset and pins the live blocks they lie in, under one registry lock, so
// that no aclrtFree or aclFinalize can release a block between the check and the access (they wait for the
// pins). pinned[i] = the base of the block sides[i] pinned, nullptr for plain host memory; found[i] = that
// block (empty for host memory), whose Accessible() is the address to copy through. Returns 0, or 107000 with
// a message (nothing pinned).
int CheckAndPin(const Side* sides, int n, size_t count, const void** pinned, MemBlock* found, const char* api) {
    Registry& r = Reg();
    std::lock_guard<std::mutex> lock(r.mu);
    std::map<uintptr_t, BlockInfo>::iterator owner[2];
    for (int i = 0; i < n; ++i) {
        pinned[i] = nullptr;
        found[i] = MemBlock{};
        owner[i] = r.blocks.end();
        switch (CheckRangeLocked(r, sides[i].p, count, sides[i].device, &owner[i])) {
            case Range::kInBlock:
            case Range::kHost:
                break;
            case Range::kFreed:
                return Fail(ACL_ERROR_RT_PARAM_INVALID,
                            "%s: %zu bytes at %s %p touch memory that was freed (a memory block was released: %s).",
                            api, count, sides[i].name, sides[i].p, kBlockReleasedBy);
            case Range::kOutside:
            case Range::kNoBlock:
                return Fail(ACL_ERROR_RT_PARAM_INVALID,
                            "%s: %zu bytes at %s %p are not inside one aclrtMalloc block (they run past its end, into "
                            "a block or around the address space, or a device-side address is in none).",
                            api, count, sides[i].name, sides[i].p);
        }
    }
    for (int i = 0; i < n; ++i) {
        if (owner[i] == r.blocks.end()) continue;
        ++owner[i]->second.pins;
        found[i] = BlockOf(owner[i]->first, owner[i]->second);
        // The block's base, not sides[i].p: an empty range may start at the block's end, which UnpinBlocks'
        // lookup (by requested size) would not find.
        pinned[i] = reinterpret_cast<const void*>(owner[i]->first);
    }
    return 0;
}

// Whether a copy of this kind reads (src) or writes (dst) device memory (ACL_MEMCPY_DEFAULT: either).
bool DeviceDst(int kind) {
    return kind == ACL_MEMCPY_HOST_TO_DEVICE || kind == ACL_MEMCPY_DEVICE_TO_DEVICE ||
           kind == ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE || kind == ACL_MEMCPY_INNER_DEVICE_TO_DEVICE ||
           kind == ACL_MEMCPY_INTER_DEVICE_TO_DEVICE;
}
bool DeviceSrc(int kind) {
    return kind == ACL_MEMCPY_DEVICE_TO_HOST || kind == ACL_MEMCPY_DEVICE_TO_DEVICE ||
           kind == ACL_MEMCPY_INNER_DEVICE_TO_DEVICE || kind == ACL_MEMCPY_INTER_DEVICE_TO_DEVICE;
}

// Checks a copy's arguments (SPEC: CANN's order: null pointers, count > destMax, kind, initialisation), then
// its ranges, pinning the blocks it uses (CheckAndPin; the caller unpins with UnpinBlocks(pinned, 2)).
int CheckCopy(void* dst, size_t destMax, const void* src, size_t count, int kind, const void** pinned,
              MemBlock* found, const char* api) {
    if (dst == nullptr || src == nullptr) {
        return Fail(ACL_ERROR_INVALID_PARAM, "%s: %s is null.", api, dst == nullptr ? "dst" : "src");
    }
    if (count > destMax) {
        return Fail(ACL_ERROR_RT_PARAM_INVALID, "%s: count %zu exceeds destMax %zu.", api, count, destMax);
    }
    if (kind < ACL_MEMCPY_HOST_TO_HOST || kind > ACL_MEMCPY_INTER_DEVICE_TO_DEVICE) {
        return Fail(ACL_ERROR_INVALID_PARAM, "%s: kind %d is not an aclrtMemcpyKind.", api, kind);
    }
    // Before aclInit (or after aclFinalize) no block exists: report that, not a bad address.
    if (int ret = RequireInit(api)) return ret;
    const Side sides[2] = {{dst, DeviceDst(kind), "dst"}, {src, DeviceSrc(kind), "src"}};
    return CheckAndPin(sides, 2, count, pinned, found, api);
}

// Checks a memset's arguments and its range, pinning its block (the caller unpins).
int CheckSet(void* devPtr, size_t maxCount, size_t count, const void** pinned, MemBlock* found, const char* api) {
    if (devPtr == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "%s: devPtr is null.", api);
    if (count > maxCount) {
        return Fail(ACL_ERROR_RT_PARAM_INVALID, "%s: count %zu exceeds maxCount %zu.", api, count, maxCount);
    }
    if (int ret = RequireInit(api)) return ret;  // no block exists before aclInit
    const Side side{devPtr, true, "devPtr"};
    return CheckAndPin(&side, 1, count, pinned, found, api);
}

// Strict mode's shadow work of a copy (set: a memset) of n bytes from src (in block sb, or host memory) to dst
// (in db, or host memory), done where the copy runs: a read of never-written device bytes into host memory is
// an uninitialized-read (reported once: the range then counts as written); a device-to-device copy carries
// the shadow; a copy from the host or a memset writes. No-op for blocks outside strict mode.
void StrictCopy(const MemBlock& db, const void* dst, const MemBlock& sb, const void* src, size_t n, bool set,
                const char* api) {
    const size_t doff = reinterpret_cast<uintptr_t>(dst) - db.base;
    const size_t soff = reinterpret_cast<uintptr_t>(src) - sb.base;
    if (!set && sb.strict != nullptr) {
        if (db.strict != nullptr) {
            StrictCopyShadow(db.strict, doff, sb.strict, soff, n);
            return;
        }
        size_t first = 0;
        if (const size_t missing = StrictUnwritten(sb.strict, soff, n, &first)) {
            StrictReport(StrictKind::kUninitializedRead,
                         "%s copies %zu bytes from device address %p to host address %p, and %zu of them (the first "
                         "at byte %zu of the block) were never written by a copy, a memset or a kernel: %s; they "
                         "hold the poison bytes 0xFF (NaN); write the device memory before reading it back",
                         api, n, src, dst, missing, first, StrictBlockText(sb.strict));
            StrictMarkWritten(sb.strict, soff, n);
        }
    }
    if (db.strict != nullptr) StrictMarkWritten(db.strict, doff, n);
}

struct CopyCtx {
    void* dst;
    const void* src;
    size_t count;
    int value;
    bool is_set;
    const void* pinned[2];  // the addresses whose blocks CheckAndPin pinned (nullptr: plain host memory)
    MemBlock found[2];      // their blocks (dst, src): the accessible addresses and strict mode's shadow
    const char* api;
};

int RunCopy(void* p) {
    CopyCtx* c = static_cast<CopyCtx*>(p);
    void* dst = c->found[0].Accessible(c->dst);
    if (c->is_set) {
        std::memset(dst, c->value, c->count);
    } else if (c->dst != c->src) {
        std::memmove(dst, c->found[1].Accessible(c->src), c->count);
    }
    if (c->found[0].strict != nullptr || c->found[1].strict != nullptr) {
        StrictCopy(c->found[0], c->dst, c->found[1], c->src, c->count, c->is_set, c->api);
    }
    UnpinBlocks(c->pinned, 2);
    delete c;
    return 0;
}

// The byte ranges of a copy or memset (strict mode): out holds 2.
int CopyAccesses(const CopyCtx* c, Access* out) {
    const uintptr_t d = reinterpret_cast<uintptr_t>(c->dst), s = reinterpret_cast<uintptr_t>(c->src);
    out[0] = Access{d, d + c->count, true, c->is_set ? "devPtr" : "dst"};
    if (c->is_set) return 1;
    out[1] = Access{s, s + c->count, false, "src"};
    return 2;
}

// Enqueues a checked and pinned copy or memset; on failure releases its pins.
int EnqueueCopy(CopyCtx* c, aclrtStream stream, const char* api) {
    int ret = 0;
    std::shared_ptr<Stream> s = FindStream(stream, &ret, api);
    if (s) {
        Access acc[2];
        const int n = s->strict() ? CopyAccesses(c, acc) : 0;
        ret = Enqueue(s, Task{&RunCopy, c}, acc, n, api);
    }
    if (ret != 0) {
        UnpinBlocks(c->pinned, 2);
        delete c;
    }
    return ret;
}

}  // namespace

bool FindHostPages(uintptr_t a, uintptr_t* base, size_t* len) {
    Registry& r = Reg();
    std::lock_guard<std::mutex> lock(r.mu);
    auto it = Lookup(r, reinterpret_cast<const void*>(a));
    if (it == r.blocks.end() || !it->second.host || it->second.mapped == 0) return false;
    const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    *base = it->first;
    *len = (it->second.size + page - 1) / page * page;
    return true;
}

bool FindBlock(const void* p, Block* out) {
    Registry& r = Reg();
    std::lock_guard<std::mutex> lock(r.mu);
    auto it = Lookup(r, p);
    if (it == r.blocks.end()) return false;
    *out = BlockOf(it->first, it->second);
    return true;
}

int BlockDevice(const void* p) {
    Registry& r = Reg();
    std::lock_guard<std::mutex> lock(r.mu);
    auto it = Lookup(r, p);
    return it == r.blocks.end() ? -1 : it->second.device;
}

bool PinBlocks(const void* const* addrs, int n, Block* blocks, uint64_t* generation) {
    Registry& r = Reg();
    std::lock_guard<std::mutex> lock(r.mu);
    if (generation != nullptr) *generation = r.generation;
    // One lookup per address (LookupNear: O(1) for a list's neighbours), pinning as it goes; an address in no
    // block undoes the pins taken so far (the same lookups again, only on that failure path).
    auto hint = r.blocks.end();
    for (int i = 0; i < n; ++i) {
        if (addrs[i] == nullptr) {
            if (blocks != nullptr) blocks[i] = Block{};
            continue;
        }
        auto it = LookupNear(r, addrs[i], hint);
        if (it == r.blocks.end()) {
            auto back = r.blocks.end();
            for (int j = 0; j < i; ++j) {
                if (addrs[j] == nullptr) continue;
                back = LookupNear(r, addrs[j], back);
                --back->second.pins;
            }
            return false;
        }
        hint = it;
        ++it->second.pins;
        if (blocks != nullptr) {  // field by field: the common (non-strict) case stores two words more than before
            Block& b = blocks[i];
            b.base = it->first;
            b.size = it->second.size;
            b.strict = it->second.strict;
            b.alias = it->second.strict == nullptr ? 0 : StrictAlias(it->second.strict);
            b.pin = &it->second;
        }
    }
    return true;
}

bool RepinBlocks(const Block* blocks, int n, uint64_t generation) {
    Registry& r = Reg();
    std::lock_guard<std::mutex> lock(r.mu);
    if (r.generation != generation) return false;
    for (int i = 0; i < n; ++i) {
        if (BlockInfo* b = static_cast<BlockInfo*>(blocks[i].pin)) ++b->pins;
    }
    return true;
}

void UnpinBlocks(const void* const* addrs, int n) {
    Registry& r = Reg();
    {
        std::lock_guard<std::mutex> lock(r.mu);
        auto hint = r.blocks.end();
        for (int i = 0; i < n; ++i) {
            if (addrs[i] == nullptr) continue;
            auto it = LookupNear(r, addrs[i], hint);
            if (it != r.blocks.end()) {
                hint = it;
                if (it->second.pins > 0) --it->second.pins;
            }
        }
    }
    r.unpinned.notify_all();
}

void UnpinPinned(const Block* blocks, int n) {
    Registry& r = Reg();
    {
        std::lock_guard<std::mutex> lock(r.mu);
        for (int i = 0; i < n; ++i) {
            BlockInfo* b = static_cast<BlockInfo*>(blocks[i].pin);
            if (b != nullptr && b->pins > 0) --b->pins;
        }
    }
    r.unpinned.notify_all();
}

void ReleaseAllMemory() {
    Registry& r = Reg();
    Retired release;
    {
        std::unique_lock<std::mutex> lock(r.mu);
        // Streams are drained; what may still hold a pin is a synchronous copy or memset in another thread.
        r.unpinned.wait(lock, [&] {
            for (const auto& kv : r.blocks) {
                if (kv.second.pins != 0) return false;
            }
            return true;
        });
        for (const auto& kv : r.blocks) RetireLocked(r, kv.first, kv.second, &release);
        r.blocks.clear();
        ++r.generation;  // every block gone: no pin recorded before this may be taken again (RepinBlocks)
        for (size_t& b : r.device_bytes) b = 0;
    }
    ReleaseRetired(release);
}

int MallocAlign32(void** devPtr, size_t size, aclrtMemMallocPolicy policy) {
    const int page_policy = RawEnum(policy) & 0xFF;  // as aclrtMalloc
    const bool huge = page_policy != ACL_MEM_MALLOC_NORMAL_ONLY && page_policy != ACL_MEM_MALLOC_NORMAL_ONLY_P2P;
    return Allocate(devPtr, size, false, huge, "aclrtMallocAlign32", false);
}

}  // namespace rt
}  // namespace aclcpu

using namespace aclcpu;
using namespace aclcpu::rt;

extern "C" {

aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy policy) {
    // Every policy is accepted. HUGE_FIRST / HUGE_ONLY (and their P2P and 1G variants) ask for huge pages:
    // blocks of 2 MiB or more get transparent huge pages where the kernel allows them (HUGE_ONLY does not
    // fail without them: on a CPU the difference is speed only). NORMAL_ONLY gets ordinary heap memory.
    // The low byte is the page policy; ACL_MEM_TYPE_* bits (0x100, 0x1000) may be or-ed in and change nothing.
    const int page_policy = RawEnum(policy) & 0xFF;
    const bool huge = page_policy != ACL_MEM_MALLOC_NORMAL_ONLY && page_policy != ACL_MEM_MALLOC_NORMAL_ONLY_P2P;
    return Allocate(devPtr, size, false, huge, "aclrtMalloc", true);
}

aclError aclrtFree(void* devPtr) { return Release(devPtr, false, "aclrtFree"); }

aclError aclrtMallocHost(void** hostPtr, size_t size) {
    return Allocate(hostPtr, size, true, false, "aclrtMallocHost");
}

aclError aclrtFreeHost(void* hostPtr) { return Release(hostPtr, true, "aclrtFreeHost"); }

aclError aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind) {
    if (count == 0) return ACL_SUCCESS;  // CANN: checked before anything else
    // CheckCopy also refuses calls before aclInit / after aclFinalize, and stale pointers into freed blocks
    // (a stale device pointer must not be written as if it were host memory).
    const void* pinned[2];
    MemBlock found[2];
    if (int ret = CheckCopy(dst, destMax, src, count, RawEnum(kind), pinned, found, "aclrtMemcpy")) return ret;
    if (StrictSyncOn()) {
        const uintptr_t d = reinterpret_cast<uintptr_t>(dst), s = reinterpret_cast<uintptr_t>(src);
        const Access acc[2] = {{d, d + count, true, "dst"}, {s, s + count, false, "src"}};
        StrictHostAccess(acc, 2, "aclrtMemcpy");
        StrictCheckPeerAccess(CurrentDeviceOrZero(), acc, 2, "aclrtMemcpy");
    }
    if (dst != src) std::memmove(found[0].Accessible(dst), found[1].Accessible(src), count);
    if (found[0].strict != nullptr || found[1].strict != nullptr) {
        StrictCopy(found[0], dst, found[1], src, count, false, "aclrtMemcpy");
    }
    UnpinBlocks(pinned, 2);
    return ACL_SUCCESS;
}

aclError aclrtMemcpyAsync(void* dst, size_t destMax, const void* src, size_t count, aclrtMemcpyKind kind,
                          aclrtStream stream) {
    if (count == 0) return ACL_SUCCESS;
    const void* pinned[2];
    MemBlock found[2];
    if (int ret = CheckCopy(dst, destMax, src, count, RawEnum(kind), pinned, found, "aclrtMemcpyAsync")) return ret;
    return EnqueueCopy(new CopyCtx{dst, src, count, 0, false, {pinned[0], pinned[1]}, {found[0], found[1]},
                                   "aclrtMemcpyAsync"},
                       stream, "aclrtMemcpyAsync");
}

aclError aclrtMemset(void* devPtr, size_t maxCount, int32_t value, size_t count) {
    const void* pinned[2] = {nullptr, nullptr};
    MemBlock found[1];
    if (int ret = CheckSet(devPtr, maxCount, count, pinned, found, "aclrtMemset")) return ret;
    if (StrictSyncOn()) {
        const uintptr_t d = reinterpret_cast<uintptr_t>(devPtr);
        const Access acc{d, d + count, true, "devPtr"};
        StrictHostAccess(&acc, 1, "aclrtMemset");
        StrictCheckPeerAccess(CurrentDeviceOrZero(), &acc, 1, "aclrtMemset");
    }
    std::memset(found[0].Accessible(devPtr), value, count);
    if (found[0].strict != nullptr) StrictCopy(found[0], devPtr, MemBlock{}, nullptr, count, true, "aclrtMemset");
    UnpinBlocks(pinned, 2);
    return ACL_SUCCESS;
}

aclError aclrtMemsetAsync(void* devPtr, size_t maxCount, int32_t value, size_t count, aclrtStream stream) {
    const void* pinned[2] = {nullptr, nullptr};
    MemBlock found[1];
    if (int ret = CheckSet(devPtr, maxCount, count, pinned, found, "aclrtMemsetAsync")) return ret;
    return EnqueueCopy(new CopyCtx{devPtr, nullptr, count, value, true, {pinned[0], pinned[1]}, {found[0], MemBlock{}},
                                   "aclrtMemsetAsync"},
                       stream, "aclrtMemsetAsync");
}

aclError aclrtGetMemInfo(aclrtMemAttr attr, size_t* free, size_t* total) {
    if (free == nullptr || total == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtGetMemInfo: a pointer is null.");
    // CANN: the runtime's MemGetInfoEx refuses a type outside [RT_MEMORYINFO_DDR, RT_MEMORYINFO_P2P_HUGE1G]
    // (hicann/runtime src/runtime/api/impl/api_error.cc) with RT_ERROR_INVALID_MEMORY_TYPE = 107016.
    const int raw = RawEnum(attr);  // any int from a C caller
    if (raw < ACL_DDR_MEM || raw > ACL_MEM_P2P_HUGE1G) {
        return Fail(ACL_ERROR_RT_INVALID_MEMORY_TYPE, "aclrtGetMemInfo: attribute %d is not an aclrtMemAttr (0 to %d).",
                    raw, static_cast<int>(ACL_MEM_P2P_HUGE1G));
    }
    struct sysinfo info;
    if (sysinfo(&info) != 0) return Fail(ACL_ERROR_RT_INTERNAL_ERROR, "aclrtGetMemInfo: sysinfo failed.");
    // Each device's capacity is the host's memory; what the calling thread's device has allocated is not free
    // to it, and neither is what the host has used (other devices' blocks included, once touched).
    size_t used = 0;
    {
        Registry& r = Reg();
        std::lock_guard<std::mutex> lock(r.mu);
        used = r.device_bytes[CurrentDeviceOrZero()];
    }
    const size_t total_bytes = static_cast<size_t>(info.totalram) * info.mem_unit;
    const size_t host_free = static_cast<size_t>(info.freeram) * info.mem_unit;
    *total = total_bytes;
    *free = std::min(host_free, used >= total_bytes ? size_t{0} : total_bytes - used);
    return ACL_SUCCESS;
}

}  // extern "C"
