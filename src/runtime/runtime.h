// Internal interface of the runtime layer (libascendcl) used by the tensor and operator layers:
// product profiles, streams as task queues, the registry of aclrtMalloc blocks, the device thread pool.
//
// Public semantics: SPEC 2. Everything here is thread-safe.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "acl/acl_rt.h"
#include "common/handle_registry.h"
#include "common/mem_block.h"

namespace aclcpu {
namespace rt {

// ---------------------------------------------------------------- product profiles (SPEC 2, 5.2)

/// The Ascend products this runtime can emulate. The operator layer maps each to its kernel arithmetic; the
/// operator table (ops/operators.yaml, `products`, in this order) gives each operator's dtype lists per product.
enum class Soc { kAscend950, kAscend910B, kAscend910_93, kAscend910, kAscend310P };

/// The profile in force: the calling thread's override (SetThreadSocOverride), else the "soc_version" key of
/// aclInit's config, else ACLCPU_SOC_VERSION, else Ascend950, as resolved by the last successful aclInit.
/// Before aclInit: ACLCPU_SOC_VERSION (read once), Ascend950 when unset or unknown (aclInit refuses an unknown
/// name with 100008).
Soc ActiveSoc();

/// Whether reference-tier operators are refused (ACLCPU_FIDELITY=exact, or "fidelity": "exact" in aclInit's
/// config, which wins): their first phase then fails with 161002. Read at aclInit (before it, and for the rt*
/// API's implicit open, from the environment). False by default: every tier runs.
bool FidelityExactOnly();

/// ACLCPU_FIDELITY: 0 unset, empty or "reference"; 1 "exact"; -1 anything else (aclInit refuses it, 100008).
int FidelityVariable();

/// Sets (soc != nullptr) or clears (nullptr) a profile override for the calling thread only; ActiveSoc on
/// that thread returns it until cleared. Internal hook for the Python bindings (python/aclcpu/_core.cpp),
/// which set it around both phases of one call so that concurrent calls can use different profiles without
/// re-initialising anything. The operator reads the profile in its first phase only.
void SetThreadSocOverride(const Soc* soc);

/// The chip name aclrtGetSocName reports: the chip named by the config or environment (CANN's spelling,
/// e.g. "Ascend910B3"), or for a family name the chip it stands for ("Ascend910B" -> "Ascend910B1").
/// Static storage.
const char* ActiveSocName();

/// Parses a product name: a chip name from CANN's platform configs ("Ascend910B3", "Ascend910_9382",
/// "Ascend310P1", "Ascend950DT_9591", ...) or a family ("Ascend950", "Ascend950PR", "Ascend950DT",
/// "Ascend910B", "Ascend910_93", "Ascend910", "Ascend310P"); case-insensitive. The table in runtime.cpp
/// is the only list (docs/toolkit.md, "Environment variables").
bool ParseSoc(const char* name, Soc* out);

/// A chip name of a profile: the active chip when `soc` is the active profile, else the profile's
/// representative chip (for messages).
const char* SocName(Soc soc);

/// Opens the runtime for the rt* API (libruntime.so, include/runtime/rt.h) the way aclInit(nullptr) does,
/// when nothing has opened it yet: CANN's rt* calls need no aclInit. A later aclInit still succeeds (and
/// applies its config) on a runtime opened this way; aclFinalize closes it as usual. No-op when open.
void OpenForRtApi();

// ---------------------------------------------------------------- devices (docs/runtime.md, "Devices")
/// The most devices a process can emulate (ACLCPU_DEVICE_COUNT's upper bound).
constexpr int kMaxDevices = 64;
/// Number of emulated devices: ACLCPU_DEVICE_COUNT, an integer from 1 to 64 (aclInit refuses anything else with
/// 100008), default 8 (an 8-card server). Fixed by the last successful aclInit; before it, the variable's value
/// (the default when unset or malformed).
int DeviceCount();
/// The calling thread's device: the one of aclrtSetDevice or of its current context, 0 when the thread never
/// chose one (the runtime's lenient default: CANN would refuse most calls there).
int32_t CurrentDeviceOrZero();
/// The device of the aclrtMalloc block containing address p; -1 when p is in a block of aclrtMallocHost or
/// in no block.
int BlockDevice(const void* p);
/// Whether work on device `from` may touch memory of device `to`: the same device, or `from` called
/// aclrtDeviceEnablePeerAccess(to) (and not aclrtDeviceDisablePeerAccess since). Ids outside [0, kMaxDevices)
/// give false.
bool PeerAccessEnabled(int from, int to);
/// Strict mode (runtime/strict.h, kind "peer-access"): reports each of the n ranges that lies in device memory
/// of a device other than `device` without peer access from `device`; `api` names the call. No-op when strict
/// mode is off.
struct Access;
void StrictCheckPeerAccess(int device, const Access* acc, int n, const char* api);

// ---------------------------------------------------------------- streams

/// A unit of stream work: run(ctx) executes on the stream's worker (or on a thread synchronising the
/// stream) and returns an aclError/aclnnStatus; a non-zero result becomes the stream's sticky error.
/// run owns ctx and releases it. No allocation happens to enqueue a Task (ring buffer).
///
/// `short_run`: the task takes about as long as handing it to the worker would (tens of microseconds at
/// most, never blocks; it may use the device pool). Enqueued on an idle stream (nothing queued or running),
/// such a task runs at once on the enqueuing thread, with the same bookkeeping as on the worker (order,
/// sticky error): the stream could have finished it that fast anyway, and the round trip saves the worker's
/// wake-up and the synchroniser's (2-10 us each on a VM).
struct Task {
    int (*run)(void* ctx);
    void* ctx;
    bool short_run = false;
};

/// A byte range [lo, hi) a task reads or writes, for strict mode (runtime/strict_sync.h): `what` names it in
/// reports (a tensor's name, "dst", "workspace"; static storage).
struct Access {
    uintptr_t lo, hi;
    bool write;
    const char* what;
};

/// Enqueues `task` on `stream` (nullptr = default stream); `api` names the caller in messages. Returns 0, or ACL_ERROR_RT_INVALID_HANDLE
/// (107017) for an unknown or destroyed stream and ACL_ERROR_UNINITIALIZE (100001) before aclInit; on
/// failure the task is NOT run and ctx is not released (the caller still owns it).
int Enqueue(aclrtStream stream, Task task, const char* api);

class Stream;  // a stream's task queue (runtime/state.h)

/// Takes a reference on a live stream for a later Enqueue (nullptr = the default stream, created on first
/// use): one registry lookup for the check and the enqueue of a second phase. Returns nullptr, recording no
/// message, when the stream is unknown or destroyed or aclInit has not run.
std::shared_ptr<Stream> HoldStream(aclrtStream stream);

/// HoldStream for a non-null stream under a registry lock the caller already holds (the second phase checks
/// its executor and its stream under one lock). Returns nullptr when `stream` is not a live stream handle.
std::shared_ptr<Stream> HoldStream(const HandleLock& lock, aclrtStream stream);

/// Enqueues `task` on a held stream. Returns 0, or ACL_ERROR_RT_INVALID_HANDLE (107017, with a message)
/// when the stream is being destroyed; on failure the task is NOT run and ctx is not released.
int Enqueue(const std::shared_ptr<Stream>& stream, Task task);

/// Enqueue with the n byte ranges acc[0 .. n) the task reads and writes (as handed-out addresses; a launch lists
/// every tensor's and its workspace): a strict stream checks them against other streams' work and the host's
/// (runtime/strict_sync.h; `api`, the call that enqueues the task, names it in reports). Callers fill acc only
/// in strict mode; otherwise exactly Enqueue(stream, task). Same results.
int Enqueue(const std::shared_ptr<Stream>& stream, Task task, const Access* acc, int n, const char* api);

// ---------------------------------------------------------------- memory registry

/// A registered block (from aclrtMalloc or aclrtMallocHost); its byte-range rule is MemBlock::Holds. Outside
/// strict mode a device block's size is CANN's padded one (aclrtMalloc: the requested size rounded up to 32 bytes
/// plus 32; aclrtMallocAlign32: rounded up to 32), as an NPU gives it; in strict mode, the requested size.
using Block = MemBlock;

/// aclrtMallocAlign32's block: as aclrtMalloc's without the extra 32 bytes (ACL codes as aclrtMalloc's).
int MallocAlign32(void** devPtr, size_t size, aclrtMemMallocPolicy policy);

/// Finds the registered block containing address p. Returns false when p is in no block.
bool FindBlock(const void* p, Block* out);

/// Pins the blocks containing each of the n addresses (nullptr entries are skipped) so that aclrtFree waits
/// until Unpin, under one registry lock. Returns false (pinning nothing) when an address is in no block.
/// `blocks` (optional, n entries): on success, the block of each address (size 0 for a nullptr entry).
/// `generation` (optional): the registry's generation the pins were taken in (RepinBlocks).
bool PinBlocks(const void* const* addrs, int n, Block* blocks = nullptr, uint64_t* generation = nullptr);

/// Pins again the blocks an earlier PinBlocks wrote to blocks[0 .. n) (through Block::pin: no lookups) when no
/// block has been added to or removed from the registry since - its generation is still `generation` - so that
/// each address still lies in the block recorded for it. Returns false (pinning nothing) otherwise: look them
/// up again (PinBlocks). Under one registry lock.
bool RepinBlocks(const Block* blocks, int n, uint64_t generation);

/// Releases pins taken by PinBlocks with the same addresses.
void UnpinBlocks(const void* const* addrs, int n);

/// Releases the pins PinBlocks took, through the blocks it wrote (Block::pin: no lookups; entries with pin
/// nullptr - a nullptr address - are skipped). blocks[0 .. n) as PinBlocks wrote them.
void UnpinPinned(const Block* blocks, int n);

// ---------------------------------------------------------------- threads

/// Body of a parallel loop: processes elements [begin, end) of a range.
using RangeFn = void (*)(void* ctx, int64_t begin, int64_t end);

/// Runs fn over [0, n) on the device's thread pool (a oneTBB arena of ACLCPU_NUM_THREADS threads, default:
/// all hardware threads, shared by every stream so concurrent streams never oversubscribe the cores).
/// Chunks hold at least `grain` elements; n <= grain runs inline on the calling thread.
void ParallelFor(int64_t n, int64_t grain, RangeFn fn, void* ctx);

/// Number of threads of the device pool: the environment variable ACLCPU_NUM_THREADS (an integer from 1 to
/// 4096; aclInit refuses anything else with 100008, and a pool used without a successful aclInit logs an
/// error and ignores it), else std::thread::hardware_concurrency(). Read
/// once, at the first use of the pool in the process. 1 runs every kernel on the thread that executes the
/// stream task (the stream's worker, or the thread synchronising it). Results never depend on it (SPEC 5.2;
/// tests/engine/threads_identical_test.cpp).
int DeviceThreads();

}  // namespace rt
}  // namespace aclcpu
