// The handle registry: the one place that decides whether a pointer passed to the API is a live handle,
// and when a released handle's address may be used again (issue 10). It lives in libascendcl and serves
// every opaque object the library hands out: aclTensor and aclOpExecutor (libnnopbase), aclrtStream and
// aclrtEvent (libascendcl), and every kind added later.
//
// The rule. A handle is live from its creation until it is released (destroyed, consumed, or freed by
// aclFinalize). Any call on a pointer that is not a live handle of the kind the call expects fails with
// that API's invalid-handle status and a message naming the pointer and saying whether it was released or
// never was a handle of that kind (FailNotLive). The registry owns the storage of every handle object:
// a released object's storage is neither freed nor reused until kHandleQuarantine newer releases (of
// handles of any kind) stand behind it (FIFO); after that it is kept as a spare for the next object of the
// SAME kind (up to kHandleSpares per kind) or freed. So a stale handle cannot reach a new object, of any
// kind, before kHandleQuarantine releases have happened after its own; it is only compared with known
// addresses, never read, so a foreign or dangling pointer is safe to pass.
//
// Adding a kind (a couple of lines): an enumerator in HandleKind, its name in HandleKindName
// (handle_registry.cpp), and next to the object type
//     template <> struct HandleTraits<aclScalar> { static constexpr HandleKind kKind = HandleKind::kScalar; };
// then create objects with AcquireHandle<aclScalar>() + PublishHandle, check them with HandleStateOf /
// FirstNotLive, and release them with ReleaseHandle.
//
// Thread safety: every function is thread-safe. One mutex guards the registry; the *Locked overloads let a
// caller check a handle and use it atomically (the caller holds a HandleLock). Lookups are O(1) (a hash of
// the address); no function allocates once the registry has seen as many objects as the program keeps.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace aclcpu {

/// Kinds of handle the library hands out. Memory blocks (aclrtMalloc) are address ranges and keep their own
/// range quarantine (runtime/memory.cpp) with the same bound; they are not registry objects.
enum class HandleKind : uint8_t {
    kTensor,      ///< aclTensor (aclCreateTensor / aclDestroyTensor)
    kExecutor,    ///< aclOpExecutor (a first phase / its second phase or aclDestroyAclOpExecutor)
    kStream,      ///< aclrtStream (aclrtCreateStream / aclrtDestroyStream, aclFinalize)
    kEvent,       ///< aclrtEvent (aclrtCreateEvent / aclrtDestroyEvent, aclFinalize)
    kScalar,      ///< aclScalar (aclCreateScalar / aclDestroyScalar, aclDestroyScalarList)
    kIntArray,    ///< aclIntArray (aclCreateIntArray / aclDestroyIntArray)
    kFloatArray,  ///< aclFloatArray (aclCreateFloatArray / aclDestroyFloatArray)
    kBoolArray,   ///< aclBoolArray (aclCreateBoolArray / aclDestroyBoolArray)
    kTensorList,  ///< aclTensorList (aclCreateTensorList / aclDestroyTensorList)
    kScalarList,  ///< aclScalarList (aclCreateScalarList / aclDestroyScalarList)
    kContext,     ///< aclrtContext (aclrtCreateContext / aclrtDestroyContext; the default context: aclFinalize)
    kTensorDesc,  ///< aclTensorDesc (aclCreateTensorDesc / aclDestroyTensorDesc)
    kDataBuffer,  ///< aclDataBuffer (aclCreateDataBuffer / aclDestroyDataBuffer)
    kCount
};

/// The public type name of a kind, for messages ("aclTensor", "aclOpExecutor", "aclrtStream", "aclrtEvent").
const char* HandleKindName(HandleKind kind);

/// Releases (of handles of any kind) that must follow a release before the released handle's storage may be
/// given to a new object. Memory blocks use the same count for their freed-block quarantine.
constexpr uint64_t kHandleQuarantine = 1024;

/// Objects per kind kept for reuse once out of quarantine (beyond that they are freed).
constexpr size_t kHandleSpares = 256;

/// What a pointer is, for a given kind.
enum class HandleState : uint8_t {
    kUnknown,   ///< never a handle of this kind (or released so long ago that its storage was freed)
    kLive,      ///< a valid handle
    kReleased,  ///< a handle of this kind that was released (or an object not yet published)
};

/// Maps an object type to its kind; specialise next to the type (see the header comment).
template <typename T>
struct HandleTraits;

/// The registry's mutex: a futex-based lock (Drepper's three-state mutex, "Futexes Are Tricky") whose
/// uncontended lock and unlock are one atomic instruction each, since the hot paths take it three times per
/// operator call. Contended, it spins briefly, then sleeps in the kernel (FUTEX_WAIT); never a busy wait.
/// Satisfies BasicLockable (std::lock_guard / std::unique_lock).
class HandleMutex {
public:
    void lock() {
        int expected = 0;
        if (!state_.compare_exchange_strong(expected, 1, std::memory_order_acquire)) LockSlow();
    }
    void unlock() {
        if (state_.exchange(0, std::memory_order_release) == 2) WakeOne();
    }

private:
    void LockSlow();
    void WakeOne();
    std::atomic<int> state_{0};  // 0 free, 1 locked, 2 locked and a thread may sleep on it
};

namespace handle_detail {
/// Takes / releases the registry's mutex (HandleLock's body: free functions, so that the lock can be taken
/// from every library without a class crossing the library boundary; see common/exports.h).
void LockRegistry();
void UnlockRegistry();
}  // namespace handle_detail

/// Holds the registry's mutex for the *Locked functions (not recursive: call no locking function meanwhile).
class HandleLock {
public:
    HandleLock() { handle_detail::LockRegistry(); }
    ~HandleLock() { Unlock(); }
    HandleLock(const HandleLock&) = delete;
    HandleLock& operator=(const HandleLock&) = delete;
    /// Releases the mutex early (before reporting an error, say); the *Locked functions must not be called
    /// with this lock afterwards.
    void Unlock() {
        if (held_) handle_detail::UnlockRegistry();
        held_ = false;
    }

private:
    bool held_ = true;
};

namespace handle_detail {
using Factory = void* (*)();
using Deleter = void (*)(void*);
void* Acquire(HandleKind kind, Factory make, Deleter del);
}  // namespace handle_detail

/// An object of type T for a new handle, not yet live: a spare of T's kind (released at least
/// kHandleQuarantine releases ago, still constructed, holding its previous state: the caller assigns every
/// field) or a value-initialised `new T()`. Make it a handle with PublishHandle, or give it back with
/// ReleaseHandle if the creation fails. Throws std::bad_alloc like new.
template <typename T>
T* AcquireHandle() {
    return static_cast<T*>(handle_detail::Acquire(
        HandleTraits<T>::kKind, [] { return static_cast<void*>(new T()); },
        [](void* p) { delete static_cast<T*>(p); }));
}

/// Makes an object from AcquireHandle a live handle.
void PublishHandle(const void* p);

/// The state of pointer p as a handle of `kind` (any pointer value; nothing is read through it).
HandleState HandleStateOf(const void* p, HandleKind kind);
HandleState HandleStateOf(const HandleLock& lock, const void* p, HandleKind kind);

/// Index of the first of p[0 .. n) that is not a live handle of `kind` (nullptr included), with its state in
/// *state; -1 when all are live. One lock for the lot (the first phase checks its tensors this way).
int FirstNotLive(const void* const* p, int n, HandleKind kind, HandleState* state);

/// Ends a live handle's validity while the library still uses its object (aclDestroyAclOpExecutor frees the
/// executor's plan outside the lock before releasing it): calls on it fail from now on, but its storage is not
/// queued for reuse until ReleaseHandle. Returns false (changing nothing) when p is not a live handle of `kind`.
bool RevokeHandle(const HandleLock& lock, const void* p, HandleKind kind);

/// Releases p: a live or revoked handle enters the FIFO quarantine (this counts as one release); an object
/// that was acquired but never published goes straight back to the spares. Returns false (changing nothing)
/// when p is none of these for `kind` (unknown, or already released: a double destroy).
bool ReleaseHandle(const void* p, HandleKind kind);
bool ReleaseHandle(const HandleLock& lock, const void* p, HandleKind kind);

/// Releases into the quarantine so far in this process (tests use it to tell how far a handle has aged).
uint64_t HandleReleaseCount();

/// How many aclTensor handles have stopped being live so far in this process (released or revoked); lock-free.
/// While it is unchanged, every aclTensor found live earlier is still live: a list whose elements were checked
/// at this count need not be checked again (CheckListLive, op/foreach_call.h).
uint64_t TensorReleaseCount();

/// Records the message for a call on a pointer that is not a live handle and returns `code`:
/// "<api>: <kind> <p> was released (<how>); it is no longer a live handle." when `released`,
/// "<api>: <p> is not a live <kind> (never created, or released long ago)." otherwise. `how` says what
/// releases such a handle ("destroyed by aclDestroyTensor"). `kind_name` is the public type name (memory
/// blocks, which are not registry objects, pass "memory block").
int FailNotLive(int code, const char* api, const char* kind_name, const void* p, bool released, const char* how);

/// FailNotLive for a registry kind and the state HandleStateOf / FirstNotLive reported.
inline int FailNotLive(int code, const char* api, HandleKind kind, const void* p, HandleState state, const char* how) {
    return FailNotLive(code, api, HandleKindName(kind), p, state == HandleState::kReleased, how);
}

}  // namespace aclcpu
