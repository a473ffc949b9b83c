#include "common/handle_registry.h"

#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <mutex>
#include <unordered_map>

#include "common/status.h"
#include "runtime/strict.h"
#include "common/exports.h"  // the cross-library functions defined here get default visibility

namespace aclcpu {
namespace {

// Life of a registry object: kPending (acquired) -> kLive (published) [-> kRevoked] -> kQuarantined
// (released; counted) -> kSpare (kHandleQuarantine releases later) -> kPending (reused for the same kind), or
// freed. A kPending object given back unpublished returns to kSpare at once (it never was a handle).
enum class SlotState : uint8_t { kPending, kLive, kRevoked, kQuarantined, kSpare };

struct Slot {
    HandleKind kind;
    SlotState state;
};

struct Entry {
    void* p;
    Slot* slot;  // unordered_map nodes are stable: no lookup on the way out of the quarantine
};

// A fixed FIFO ring (never allocates).
template <size_t N>
struct Fifo {
    Entry e[N];
    size_t head = 0, count = 0;
    bool Full() const { return count == N; }
    void Push(Entry x) {
        e[(head + count) % N] = x;
        ++count;
    }
    Entry Pop() {
        Entry x = e[head];
        head = (head + 1) % N;
        --count;
        return x;
    }
};

constexpr size_t kKinds = static_cast<size_t>(HandleKind::kCount);

struct Registry {
    HandleMutex mu;
    std::unordered_map<const void*, Slot> slots;  // every object the registry owns, by address
    Fifo<kHandleQuarantine> quarantine;           // released handles, oldest first
    Fifo<kHandleSpares> spares[kKinds];           // objects out of quarantine, per kind, oldest first
    handle_detail::Deleter del[kKinds] = {};
    uint64_t releases = 0;
    std::atomic<uint64_t> tensor_releases{0};  // aclTensor handles that stopped being live (TensorReleaseCount)
    Registry() { slots.reserve(4096); }
};

Registry& Reg() {
    static Registry* r = new Registry();  // never destroyed: handles may be used during exit
    return *r;
}

size_t K(HandleKind kind) { return static_cast<size_t>(kind); }

// Keeps an object that is no handle any more for reuse by its kind, or frees it when the kind has enough
// spares (r.mu held; the deleter runs under the lock: it only destroys a released object).
void ToSparesLocked(Registry& r, Entry x) {
    Fifo<kHandleSpares>& s = r.spares[K(x.slot->kind)];
    if (!s.Full()) {
        x.slot->state = SlotState::kSpare;
        s.Push(x);
        return;
    }
    handle_detail::Deleter del = r.del[K(x.slot->kind)];
    r.slots.erase(x.p);
    del(x.p);
}

HandleState StateLocked(Registry& r, const void* p, HandleKind kind) {
    auto it = r.slots.find(p);
    if (it == r.slots.end() || it->second.kind != kind) return HandleState::kUnknown;
    return it->second.state == SlotState::kLive ? HandleState::kLive : HandleState::kReleased;
}

bool ReleaseLocked(Registry& r, const void* p, HandleKind kind) {
    auto it = r.slots.find(p);
    if (it == r.slots.end() || it->second.kind != kind) return false;
    Slot* slot = &it->second;
    Entry x{const_cast<void*>(p), slot};
    switch (slot->state) {
        case SlotState::kPending:  // never published: no handle to quarantine
            ToSparesLocked(r, x);
            return true;
        case SlotState::kLive:
        case SlotState::kRevoked:
            StrictTrackReleaseIfAny(p);  // strict mode's leak tracking (no-op when nothing is tracked)
            if (slot->state == SlotState::kLive && kind == HandleKind::kTensor) {
                r.tensor_releases.fetch_add(1, std::memory_order_release);
            }
            slot->state = SlotState::kQuarantined;
            ++r.releases;
            if (r.quarantine.Full()) ToSparesLocked(r, r.quarantine.Pop());  // kHandleQuarantine releases ago
            r.quarantine.Push(x);
            return true;
        default:
            return false;  // already released
    }
}

}  // namespace

const char* HandleKindName(HandleKind kind) {
    switch (kind) {
        case HandleKind::kTensor:
            return "aclTensor";
        case HandleKind::kExecutor:
            return "aclOpExecutor";
        case HandleKind::kStream:
            return "aclrtStream";
        case HandleKind::kEvent:
            return "aclrtEvent";
        case HandleKind::kScalar:
            return "aclScalar";
        case HandleKind::kIntArray:
            return "aclIntArray";
        case HandleKind::kFloatArray:
            return "aclFloatArray";
        case HandleKind::kBoolArray:
            return "aclBoolArray";
        case HandleKind::kTensorList:
            return "aclTensorList";
        case HandleKind::kScalarList:
            return "aclScalarList";
        case HandleKind::kContext:
            return "aclrtContext";
        case HandleKind::kTensorDesc:
            return "aclTensorDesc";
        case HandleKind::kDataBuffer:
            return "aclDataBuffer";
        default:
            return "handle";
    }
}

void HandleMutex::LockSlow() {
    for (int spin = 0; spin < 100; ++spin) {  // the holder is likely running and almost done
        int expected = 0;
        if (state_.load(std::memory_order_relaxed) == 0 &&
            state_.compare_exchange_weak(expected, 1, std::memory_order_acquire)) {
            return;
        }
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#endif
    }
    // Mark "waiters" and sleep until the holder's unlock wakes us (the word changes from 2 first).
    while (state_.exchange(2, std::memory_order_acquire) != 0) {
        syscall(SYS_futex, reinterpret_cast<int*>(&state_), FUTEX_WAIT_PRIVATE, 2, nullptr, nullptr, 0);
    }
}

void HandleMutex::WakeOne() {
    syscall(SYS_futex, reinterpret_cast<int*>(&state_), FUTEX_WAKE_PRIVATE, 1, nullptr, nullptr, 0);
}

namespace handle_detail {

void LockRegistry() { Reg().mu.lock(); }
void UnlockRegistry() { Reg().mu.unlock(); }

void* Acquire(HandleKind kind, Factory make, Deleter del) {
    Registry& r = Reg();
    {
        std::lock_guard<HandleMutex> lock(r.mu);
        r.del[K(kind)] = del;
        Fifo<kHandleSpares>& s = r.spares[K(kind)];
        if (s.count > 0) {
            Entry x = s.Pop();
            x.slot->state = SlotState::kPending;
            return x.p;
        }
    }
    void* fresh = make();  // outside the lock
    std::lock_guard<HandleMutex> lock(r.mu);
    try {
        r.slots[fresh] = Slot{kind, SlotState::kPending};
    } catch (...) {
        del(fresh);
        throw;
    }
    return fresh;
}

}  // namespace handle_detail

void PublishHandle(const void* p) {
    Registry& r = Reg();
    std::lock_guard<HandleMutex> lock(r.mu);
    auto it = r.slots.find(p);
    if (it != r.slots.end() && it->second.state == SlotState::kPending) it->second.state = SlotState::kLive;
}

HandleState HandleStateOf(const void* p, HandleKind kind) {
    Registry& r = Reg();
    std::lock_guard<HandleMutex> lock(r.mu);
    return StateLocked(r, p, kind);
}

HandleState HandleStateOf(const HandleLock&, const void* p, HandleKind kind) { return StateLocked(Reg(), p, kind); }

int FirstNotLive(const void* const* p, int n, HandleKind kind, HandleState* state) {
    Registry& r = Reg();
    std::lock_guard<HandleMutex> lock(r.mu);
    for (int i = 0; i < n; ++i) {
        const HandleState s = p[i] == nullptr ? HandleState::kUnknown : StateLocked(r, p[i], kind);
        if (s != HandleState::kLive) {
            *state = s;
            return i;
        }
    }
    return -1;
}

bool RevokeHandle(const HandleLock&, const void* p, HandleKind kind) {
    Registry& r = Reg();
    auto it = r.slots.find(p);
    if (it == r.slots.end() || it->second.kind != kind || it->second.state != SlotState::kLive) return false;
    it->second.state = SlotState::kRevoked;
    if (kind == HandleKind::kTensor) r.tensor_releases.fetch_add(1, std::memory_order_release);
    StrictTrackReleaseIfAny(p);
    return true;
}

bool ReleaseHandle(const void* p, HandleKind kind) {
    Registry& r = Reg();
    std::lock_guard<HandleMutex> lock(r.mu);
    return ReleaseLocked(r, p, kind);
}

bool ReleaseHandle(const HandleLock&, const void* p, HandleKind kind) { return ReleaseLocked(Reg(), p, kind); }

uint64_t TensorReleaseCount() { return Reg().tensor_releases.load(std::memory_order_acquire); }

uint64_t HandleReleaseCount() {
    Registry& r = Reg();
    std::lock_guard<HandleMutex> lock(r.mu);
    return r.releases;
}

int FailNotLive(int code, const char* api, const char* kind_name, const void* p, bool released, const char* how) {
    if (released) {
        return Fail(code, "%s: %s %p was released (%s); it is no longer a live handle.", api, kind_name, p, how);
    }
    return Fail(code, "%s: %p is not a live %s (never created, or released long ago).", api, p, kind_name);
}

}  // namespace aclcpu
