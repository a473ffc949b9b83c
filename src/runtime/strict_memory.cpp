// Strict mode's device memory: inaccessible handed-out addresses with accessible aliases, the host-access
// fault report, and the written-bytes shadow behind uninitialized-read (runtime/strict_memory.h).
#include "runtime/strict_memory.h"

#include <signal.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "common/exports.h"  // the cross-library functions defined here get default visibility
#include "common/status.h"
#include "runtime/strict.h"
#include "runtime/strict_sync.h"

namespace aclcpu {
namespace rt {

struct StrictBlock {
    uintptr_t base = 0;                // the handed-out (inaccessible) address
    size_t size = 0;                   // bytes requested
    size_t reserved = 0;               // bytes of the reservation at base
    char* alias = nullptr;             // the accessible mapping (nullptr once retired)
    size_t alias_len = 0;              // its length
    std::string text;                  // "device memory block ... called at ..." (for reports)
    int slot = -1;                     // its entry in the fault table, -1 when the table was full
    std::mutex mu;                     // guards written
    std::map<size_t, size_t> written;  // disjoint, non-adjacent [begin, end) byte ranges holding written data
};

namespace {

constexpr unsigned char kPoison = 0xFF;  // every byte: a NaN in float32, float16, bfloat16 and float64

size_t PageSize() {
    static const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    return page;
}

size_t RoundUp(size_t n, size_t to) { return (n + to - 1) / to * to; }

// ---- the fault table: what the SIGSEGV handler may read (atomics and fixed text, no locks, no allocation)

constexpr int kSlots = 4096;
constexpr size_t kSlotText = 384;
enum SlotState : int { kFree = 0, kClaimed = 1, kLive = 2, kFreed = 3 };

struct FaultSlot {
    std::atomic<int> state{kFree};
    std::atomic<uintptr_t> lo{0}, hi{0};
    char text[kSlotText];
};

FaultSlot g_slots[kSlots];
std::atomic<int> g_slot_hint{0};

int ClaimSlot(uintptr_t lo, uintptr_t hi, const std::string& text) {
    const int start = g_slot_hint.load(std::memory_order_relaxed);
    for (int k = 0; k < kSlots; ++k) {
        const int i = (start + k) % kSlots;
        int expected = kFree;
        if (!g_slots[i].state.compare_exchange_strong(expected, kClaimed)) continue;
        const size_t n = std::min(text.size(), kSlotText - 1);
        std::memcpy(g_slots[i].text, text.data(), n);
        g_slots[i].text[n] = '\0';
        g_slots[i].lo.store(lo, std::memory_order_relaxed);
        g_slots[i].hi.store(hi, std::memory_order_relaxed);
        g_slots[i].state.store(kLive, std::memory_order_release);
        g_slot_hint.store((i + 1) % kSlots, std::memory_order_relaxed);
        return i;
    }
    return -1;
}

// ---- the SIGSEGV handler (async-signal-safe: write(2), atomics, sigaction)

struct sigaction g_previous;

struct Text {  // a fixed buffer appended to without allocation
    char buf[1024];
    size_t n = 0;
    void Put(const char* s) {
        for (; *s != '\0' && n < sizeof buf - 1; ++s) buf[n++] = *s;
        buf[n] = '\0';
    }
    void Hex(uintptr_t v) {
        char d[2 + 2 * sizeof v + 1];
        int i = sizeof d - 1;
        d[i] = '\0';
        do {
            d[--i] = "0123456789abcdef"[v & 15];
            v >>= 4;
        } while (v != 0);
        d[--i] = 'x';
        d[--i] = '0';
        Put(d + i);
    }
    void Dec(uintptr_t v) {
        char d[24];
        int i = sizeof d - 1;
        d[i] = '\0';
        do {
            d[--i] = static_cast<char>('0' + v % 10);
            v /= 10;
        } while (v != 0);
        Put(d + i);
    }
};

// Hands a fault that is not ours to the handler installed before ours (the default action included).
void ChainFault(int sig, siginfo_t* info, void* uc) {
    if ((g_previous.sa_flags & SA_SIGINFO) != 0 && g_previous.sa_sigaction != nullptr) {
        g_previous.sa_sigaction(sig, info, uc);
        return;
    }
    if (g_previous.sa_handler != SIG_DFL && g_previous.sa_handler != SIG_IGN) {
        g_previous.sa_handler(sig);
        return;
    }
    // Default action: restore it and return; the faulting instruction runs again and the process dies of it.
    struct sigaction dfl;
    std::memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(SIGSEGV, &dfl, nullptr);
}

void OnFault(int sig, siginfo_t* info, void* uc) {
    const uintptr_t a = reinterpret_cast<uintptr_t>(info->si_addr);
    for (int i = 0; i < kSlots; ++i) {
        const int state = g_slots[i].state.load(std::memory_order_acquire);
        if (state != kLive && state != kFreed) continue;
        const uintptr_t lo = g_slots[i].lo.load(std::memory_order_relaxed);
        const uintptr_t hi = g_slots[i].hi.load(std::memory_order_relaxed);
        if (a < lo || a >= hi) continue;
        const char* how = "accessed";
#if defined(__x86_64__)
        if (uc != nullptr) {
            const auto* ctx = static_cast<const ucontext_t*>(uc);
            how = (ctx->uc_mcontext.gregs[REG_ERR] & 2) != 0 ? "wrote" : "read";
        }
#endif
        Text t;
        t.Put("host code ");
        t.Put(how);
        t.Put(" address ");
        t.Hex(a);
        t.Put(", byte ");
        t.Dec(a - lo);
        t.Put(" of ");
        t.Put(state == kFreed ? "freed " : "");
        t.Put(g_slots[i].text);
        t.Put(state == kFreed ? ", after its aclrtFree" : "");
        t.Put(
            "; device memory is not host-accessible: move data with aclrtMemcpy (HOST_TO_DEVICE / "
            "DEVICE_TO_HOST) or aclrtMemset, or use aclrtMallocHost for memory the host works in");
        StrictReportRaw(StrictKind::kHostAccess, t.buf);
        struct sigaction dfl;
        std::memset(&dfl, 0, sizeof dfl);
        dfl.sa_handler = SIG_DFL;
        sigemptyset(&dfl.sa_mask);
        sigaction(SIGSEGV, &dfl, nullptr);  // the access runs again on return and kills the process
        return;
    }
    bool write = false;
#if defined(__x86_64__)
    if (uc != nullptr) write = (static_cast<const ucontext_t*>(uc)->uc_mcontext.gregs[REG_ERR] & 2) != 0;
#endif
    // A protected aclrtMallocHost page of a pending task (strict_sync.h): reported, opened, the program goes on.
    if (StrictSyncHandleFault(info->si_addr, write)) return;
    ChainFault(sig, info, uc);
}

void InstallFaultHandler() {
    static std::once_flag once;
    std::call_once(once, [] {
        stack_t current;
        if (sigaltstack(nullptr, &current) == 0 && (current.ss_flags & SS_DISABLE) != 0) {
            static void* alt_stack = std::malloc(64 * 1024);  // kept (and reachable): the handler may run any time
            stack_t alt;
            alt.ss_size = 64 * 1024;
            alt.ss_sp = alt_stack;
            alt.ss_flags = 0;
            if (alt.ss_sp != nullptr) sigaltstack(&alt, nullptr);
        }
        struct sigaction sa;
        std::memset(&sa, 0, sizeof sa);
        sa.sa_sigaction = &OnFault;
        sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGSEGV, &sa, &g_previous);
    });
}

}  // namespace

void InstallStrictFaultHandler() { InstallFaultHandler(); }

namespace {

// ---- the shadow

// Marks [lo, hi) written in a set of disjoint, non-adjacent ranges.
void AddRange(std::map<size_t, size_t>& w, size_t lo, size_t hi) {
    if (lo >= hi) return;
    auto it = w.upper_bound(lo);
    if (it != w.begin()) {
        auto prev = std::prev(it);
        if (prev->second >= lo) {  // overlaps or touches the range before
            lo = prev->first;
            if (prev->second > hi) hi = prev->second;
            it = w.erase(prev);
        }
    }
    while (it != w.end() && it->first <= hi) {
        if (it->second > hi) hi = it->second;
        it = w.erase(it);
    }
    w.emplace(lo, hi);
}

// Marks [lo, hi) unwritten.
void RemoveRange(std::map<size_t, size_t>& w, size_t lo, size_t hi) {
    if (lo >= hi) return;
    auto it = w.upper_bound(lo);
    if (it != w.begin()) --it;
    while (it != w.end() && it->first < hi) {
        const size_t b = it->first, e = it->second;
        if (e <= lo) {
            ++it;
            continue;
        }
        it = w.erase(it);
        if (b < lo) w.emplace(b, lo);
        if (e > hi) it = w.emplace(hi, e).first;
    }
}

}  // namespace

StrictBlock* NewStrictBlock(size_t size, const char* api, void* site, uintptr_t* base, size_t* reserved) {
    const size_t page = PageSize();
    const size_t len = RoundUp(size, page);
    const size_t res = len + page;  // the one-past-the-end address stays inside
    void* r = mmap(nullptr, res, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (r == MAP_FAILED) return nullptr;
    void* a = mmap(nullptr, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (a == MAP_FAILED) {
        munmap(r, res);
        return nullptr;
    }
#ifdef MADV_HUGEPAGE
    if (len >= (size_t{2} << 20)) madvise(a, len, MADV_HUGEPAGE);
#endif
    std::memset(a, kPoison, size);
    InstallFaultHandler();
    auto* b = new StrictBlock();
    b->base = reinterpret_cast<uintptr_t>(r);
    b->size = size;
    b->reserved = res;
    b->alias = static_cast<char*>(a);
    b->alias_len = len;
    b->text =
        Format("device memory block %p of %zu bytes from %s called at %s", r, size, api, StrictSiteText(site).c_str());
    b->slot = ClaimSlot(b->base, b->base + res, b->text);
    *base = b->base;
    *reserved = res;
    return b;
}

void RetireStrictBlock(StrictBlock* b) {
    if (b->alias != nullptr) munmap(b->alias, b->alias_len);
    b->alias = nullptr;
    if (b->slot >= 0) g_slots[b->slot].state.store(kFreed, std::memory_order_release);
}

void FreeStrictBlock(StrictBlock* b) {
    RetireStrictBlock(b);
    if (b->slot >= 0) g_slots[b->slot].state.store(kFree, std::memory_order_release);
    delete b;
}

uintptr_t StrictAlias(const StrictBlock* b) { return reinterpret_cast<uintptr_t>(b->alias); }

}  // namespace rt

void StrictMarkWritten(void* block, size_t off, size_t n) {
    auto* b = static_cast<rt::StrictBlock*>(block);
    std::lock_guard<std::mutex> lock(b->mu);
    rt::AddRange(b->written, off, off + n);
}

size_t StrictUnwritten(void* block, size_t off, size_t n, size_t* first) {
    auto* b = static_cast<rt::StrictBlock*>(block);
    std::lock_guard<std::mutex> lock(b->mu);
    const size_t end = off + n;
    size_t missing = 0, pos = off;
    auto it = b->written.upper_bound(off);
    if (it != b->written.begin()) --it;
    for (; it != b->written.end() && pos < end; ++it) {
        if (it->second <= pos) continue;
        if (it->first > pos) {  // a gap [pos, min(it->first, end))
            const size_t gap_end = it->first < end ? it->first : end;
            if (missing == 0) *first = pos;
            missing += gap_end - pos;
        }
        pos = it->second;
    }
    if (pos < end) {
        if (missing == 0) *first = pos;
        missing += end - pos;
    }
    return missing;
}

const char* StrictBlockText(void* block) { return static_cast<rt::StrictBlock*>(block)->text.c_str(); }

void StrictCopyShadow(void* dst, size_t doff, void* src, size_t soff, size_t n) {
    auto* s = static_cast<rt::StrictBlock*>(src);
    auto* d = static_cast<rt::StrictBlock*>(dst);
    std::vector<std::pair<size_t, size_t>> parts;  // written parts of the source range, as destination offsets
    {
        std::lock_guard<std::mutex> lock(s->mu);
        auto it = s->written.upper_bound(soff);
        if (it != s->written.begin()) --it;
        for (; it != s->written.end() && it->first < soff + n; ++it) {
            const size_t lo = it->first > soff ? it->first : soff;
            const size_t hi = it->second < soff + n ? it->second : soff + n;
            if (lo < hi) parts.emplace_back(lo - soff + doff, hi - soff + doff);
        }
    }
    std::lock_guard<std::mutex> lock(d->mu);
    rt::RemoveRange(d->written, doff, doff + n);
    for (const auto& [lo, hi] : parts) rt::AddRange(d->written, lo, hi);
}

}  // namespace aclcpu
