// Process-wide state of the runtime layer, shared by its translation units (not used outside src/runtime).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <thread>
#include <unordered_map>
#include <string>
#include <vector>

#include "runtime/runtime.h"

namespace aclcpu {
namespace rt {

/// A FIFO task queue served by one worker thread. Tasks run one at a time in enqueue order; a thread
/// synchronising the stream may run queued tasks itself while the worker is idle (same order, same
/// one-at-a-time rule), which keeps small round trips in the microseconds.
class Stream {
public:
    Stream();
    ~Stream();  // drains, then joins the worker
    Stream(const Stream&) = delete;
    Stream& operator=(const Stream&) = delete;

    /// Appends a task; false when the stream is closing (the task is not taken). A short_run task on an idle
    /// stream runs before Push returns, on the calling thread.
    bool Push(Task task);
    /// Waits until every task pushed before the call has run; returns and clears the sticky error (the first
    /// failed task's status) and, when why is given, moves that task's message (its Fail text; empty when it
    /// left none) into *why. timeout_ms < 0 waits forever; on timeout returns ACL_ERROR_RT_WAIT_TIMEOUT and
    /// keeps the error.
    int Synchronize(int32_t timeout_ms = -1, std::string* why = nullptr);
    /// Refuses further pushes and waits for the queue to drain (used before destruction).
    void Close();
    /// True when every task pushed so far has run (aclrtStreamQuery).
    bool Idle();

    /// Strict mode (runtime/strict_sync.h): Push with the task's byte ranges (acc, n) and the enqueuing call.
    /// On a strict stream a task never runs inline, and runs only once released: by a synchronisation of the
    /// stream (Synchronize, Close) or by Release.
    bool PushStrict(Task task, const Access* acc, int n, const char* api);
    /// Lets the worker run every task pushed so far (strict mode; no-op otherwise). Never waits.
    void Release();
    bool strict() const { return strict_; }
    /// Push on a stream that is not strict (stream.cpp inlines it into Enqueue).
    bool PushFast(Task task);
    uint32_t strict_id() const { return strict_id_; }
    /// The aclrtStream handle, for strict-mode reports (nullptr: a default stream).
    const void* handle = nullptr;
    /// The device the stream belongs to (its context's; set once at creation, before the stream is shared).
    int32_t device = 0;

private:
    void WorkerLoop();
    bool PopLocked(Task* out);
    void RunOne(std::unique_lock<std::mutex>& lock, Task task);
    int RunStrict(Task task);
    int SyncBody(int32_t timeout_ms, std::string* why);           // Synchronize's wait
    int SynchronizeStrict(int32_t timeout_ms, std::string* why);  // Synchronize on a strict stream  // runs a strict stream's task between the tracker's start and finish

    std::mutex mu_;
    std::condition_variable work_cv_;  // worker: a task arrived or closing
    std::condition_variable idle_cv_;  // synchronisers: a task finished
    std::vector<Task> ring_;
    size_t head_ = 0, count_ = 0;
    bool running_ = false;  // a task is executing (on the worker or a synchroniser)
    bool closing_ = false;
    uint64_t pushed_ = 0, finished_ = 0;
    std::atomic<uint64_t> finished_seen_{0};  // finished_, readable without mu_ (a synchroniser's short spin)
    int sticky_error_ = 0;
    std::string sticky_message_;  // the message the task that set sticky_error_ recorded (Fail), if any
    // Strict mode: tasks with index >= release_ wait for a release (~0: everything may run, strict mode off).
    bool strict_ = false;
    uint32_t strict_id_ = 0;
    uint64_t release_ = ~uint64_t{0};
    std::mutex push_mu_;  // serialises strict pushes (index assignment and the tracker's record)
    std::thread worker_;
};

/// An event: each record gets a sequence number and completes when its stream reaches it. Records of one
/// event on different streams complete in any order, so a wait for record n waits for THAT record (CANN
/// and CUDA semantics: a wait or synchronize targets the most recent record at the time of the call), not
/// for "n records completed" - a later record finishing first on an idle stream must not release it.
struct Event {
    std::mutex mu;
    std::condition_variable cv;
    uint64_t recorded = 0;       // sequence number of the most recent record (0: never recorded, or reset)
    uint64_t next_seq = 0;       // the last sequence number handed out (records never reuse one)
    std::set<uint64_t> pending;  // records enqueued and not yet reached
    uint64_t stamped = 0;        // the record whose time stamp_ns holds (the newest one reached)
    int64_t stamp_ns = 0;        // steady-clock time at which record `stamped` was reached
    bool Reached(uint64_t seq) const { return pending.count(seq) == 0; }
    // Strict mode (runtime/strict_sync.h): the vector clock of the last record (guarded by the tracker's lock),
    // and the strict id of the stream each pending record is on (guarded by mu).
    std::vector<std::pair<uint32_t, uint64_t>> strict_clock;
    std::map<uint64_t, uint32_t> strict_srcs;
};

/// What an aclrtStream points to: a handle object in the handle registry (common/handle_registry.h), so that
/// a destroyed stream's handle is never reused by a new stream (or any object) before kHandleQuarantine newer
/// releases. The Stream itself is shared: a second phase holds it while it enqueues, and aclrtDestroyStream
/// closes it outside the registry lock. `stream` is read and reset only under a HandleLock.
struct StreamHandle {
    std::shared_ptr<Stream> stream;
    const void* context = nullptr;  // the ContextHandle it was created in (runtime/context.h); compared, never read
};

/// What an aclrtEvent points to (see StreamHandle).
struct EventHandle {
    std::shared_ptr<Event> event;
};

/// What releases a stream or event handle, for messages.
constexpr const char* kStreamReleasedBy = "destroyed by aclrtDestroyStream or aclFinalize";
constexpr const char* kEventReleasedBy = "destroyed by aclrtDestroyEvent or aclFinalize";

struct RuntimeState {
    std::mutex mu;
    bool initialized = false;
    bool finalized = false;                     // aclFinalize ran since the last aclInit
    Soc soc = Soc::kAscend950;                  // the product in force while initialized
    const char* soc_name = "Ascend950PR_9599";  // its chip name (static storage), as aclrtGetSocName reports it
    // The live handles, for aclrtSynchronizeDevice and aclFinalize (liveness itself is the registry's). Lock
    // order: mu may be held while taking the handle registry's lock, never the reverse.
    std::unordered_map<StreamHandle*, std::shared_ptr<Stream>> streams;
    int device_count = 8;                      // ACLCPU_DEVICE_COUNT, fixed by aclInit
    std::shared_ptr<Stream> default_streams[kMaxDevices];  // each device's default stream, created on first use
    std::unordered_map<EventHandle*, std::shared_ptr<Event>> events;
    std::map<int, int64_t> sys_params;
};

/// The single runtime state (never destroyed, so worker threads outliving main() stay safe).
RuntimeState& State();

/// The calling thread's device's default stream (CurrentDeviceOrZero), created on first use. Caller holds
/// st.mu and has checked st.initialized.
std::shared_ptr<Stream> DefaultStreamLocked(RuntimeState& st);

/// Appends every live stream of `device` (created streams, its default stream, its contexts' default streams)
/// to *out. Caller holds State().mu.
void DeviceStreamsLocked(int32_t device, std::vector<std::shared_ptr<Stream>>* out);

/// Looks up a live stream (nullptr = the default stream, created on first use). Sets *status to 0,
/// ACL_ERROR_UNINITIALIZE or ACL_ERROR_RT_INVALID_HANDLE (107017, rt_error_codes.h), recording a message
/// naming `api` on failure.
std::shared_ptr<Stream> FindStream(aclrtStream stream, int* status, const char* api);

/// Looks up a live event; nullptr with status 107017 and a message naming `api` otherwise (NULL included).
std::shared_ptr<Event> LookupEvent(aclrtEvent event, const char* api);

/// Releases every stream and event handle (aclFinalize): returns the streams to close, outside every lock.
std::vector<std::shared_ptr<Stream>> ReleaseAllStreamsAndEvents();

/// Frees every registered block (aclFinalize).
void ReleaseAllMemory();

/// The process-wide aclrtSetOpWaitTimeout value in seconds (0 = wait forever).
uint32_t OpWaitTimeoutSeconds();

/// Fails with ACL_ERROR_UNINITIALIZE and a message naming `api` unless aclInit has run. Returns 0 when ready.
int RequireInit(const char* api);

/// Whether the calling thread must itself run (in aclrtProcessReport) an ACL_CALLBACK_BLOCK callback that was
/// launched on stream s (nullptr: on any stream) and has not returned yet: the stream cannot drain before, so
/// a wait for it on this thread would never end (callback.cpp).
bool CallingThreadOwesCallback(const Stream* s);
/// Ends the callback subscription of stream s, if any (the stream was closed: aclrtDestroyStream,
/// aclrtDestroyContext, aclFinalize), so that its thread's aclrtProcessReport stops waiting for it.
void EndSubscriptions(const Stream* s);
/// Records and returns ACL_ERROR_RT_STREAM_NOT_COMPLETE (507004) for such a wait, naming `api` and `stream`.
int FailOwedCallback(const char* api, const void* stream);

}  // namespace rt

template <>
struct HandleTraits<rt::StreamHandle> {
    static constexpr HandleKind kKind = HandleKind::kStream;
};
template <>
struct HandleTraits<rt::EventHandle> {
    static constexpr HandleKind kKind = HandleKind::kEvent;
};

}  // namespace aclcpu
