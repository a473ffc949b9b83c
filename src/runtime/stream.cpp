// Streams (FIFO task queues on worker threads) and events.
#include <chrono>

#include "common/status.h"
#include "runtime/context.h"
#include "runtime/state.h"
#include "runtime/strict.h"
#include "runtime/strict_sync.h"
#include "common/exports.h"  // the cross-library functions defined here get default visibility

namespace aclcpu {
namespace rt {
namespace {

int64_t NowNs() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// The event behind a live handle; nullptr (with a message naming `api`, status 107017) otherwise.
std::shared_ptr<Event> FindEvent(aclrtEvent event, const char* api) {
    HandleState state;
    {
        HandleLock lock;
        state = HandleStateOf(lock, event, HandleKind::kEvent);
        if (state == HandleState::kLive) return static_cast<EventHandle*>(event)->event;
    }
    if (event == nullptr) {
        Fail(ACL_ERROR_RT_INVALID_HANDLE, "%s: the event is null.", api);
    } else {
        FailNotLive(ACL_ERROR_RT_INVALID_HANDLE, api, HandleKind::kEvent, event, state, kEventReleasedBy);
    }
    return nullptr;
}

struct RecordCtx {
    std::shared_ptr<Event> event;
    uint64_t seq;
    uint32_t timeout_s = 0;  // a wait's aclrtSetOpWaitTimeout at enqueue (0: forever)
};

int RunRecord(void* p) {
    RecordCtx* c = static_cast<RecordCtx*>(p);
    {
        std::lock_guard<std::mutex> lock(c->event->mu);
        c->event->pending.erase(c->seq);
        if (!c->event->strict_srcs.empty()) c->event->strict_srcs.erase(c->seq);
        if (c->seq > c->event->stamped) {
            c->event->stamped = c->seq;
            c->event->stamp_ns = NowNs();
        }
    }
    c->event->cv.notify_all();
    delete c;
    return 0;
}

int RunWait(void* p) {
    RecordCtx* c = static_cast<RecordCtx*>(p);
    bool reached = true;
    if (StrictSyncOn()) {  // the record's stream may be held back until something synchronises it
        reached = StrictAwaitRecord(c->event.get(), c->seq, c->timeout_s);
    } else {
        std::unique_lock<std::mutex> lock(c->event->mu);
        if (c->timeout_s == 0) {
            c->event->cv.wait(lock, [&] { return c->event->Reached(c->seq); });
        } else {
            reached = c->event->cv.wait_for(lock, std::chrono::seconds(c->timeout_s),
                                            [&] { return c->event->Reached(c->seq); });
        }
    }
    const uint32_t timeout_s = c->timeout_s;
    delete c;
    if (!reached) {
        // The stream's sticky error: its next synchronisation reports it (CANN: a task that ran out of time).
        Log(LogLevel::kError, "aclrtStreamWaitEvent: the wait ran past aclrtSetOpWaitTimeout (%u s)", timeout_s);
        return ACL_ERROR_RT_TASK_TIMEOUT;
    }
    return 0;
}

}  // namespace

std::shared_ptr<Event> LookupEvent(aclrtEvent event, const char* api) { return FindEvent(event, api); }

Stream::Stream() : ring_(16) {
    if (StrictSyncOn()) {
        strict_ = true;
        release_ = 0;
        strict_id_ = StrictStreamCreated(this);
    }
    worker_ = std::thread([this] { WorkerLoop(); });
}

Stream::~Stream() {
    Close();
    {
        std::lock_guard<std::mutex> lock(mu_);
        closing_ = true;
    }
    work_cv_.notify_all();
    if (worker_.joinable()) worker_.join();
    if (strict_) StrictStreamDestroyed(this);
}

bool Stream::PushStrict(Task task, const Access* acc, int n, const char* api) {
    if (!strict_) return PushFast(task);
    std::lock_guard<std::mutex> push(push_mu_);
    uint64_t index;
    {
        std::lock_guard<std::mutex> lock(mu_);
        if (closing_) return false;
        index = pushed_;
    }
    StrictTaskPushed(this, index, acc, n, api);  // before the task can run: the tracker knows it first
    {
        std::lock_guard<std::mutex> lock(mu_);
        if (!closing_) {
            if (count_ == ring_.size()) {
                std::vector<Task> bigger(ring_.size() * 2);
                for (size_t i = 0; i < count_; ++i) bigger[i] = ring_[(head_ + i) % ring_.size()];
                ring_.swap(bigger);
                head_ = 0;
            }
            ring_[(head_ + count_) % ring_.size()] = task;
            ++count_;
            ++pushed_;
            return true;  // not runnable before a release: no need to wake the worker
        }
    }
    StrictTaskCancelled(this, index);
    return false;
}

void Stream::Release() {
    if (!strict_) return;
    {
        std::lock_guard<std::mutex> lock(mu_);
        release_ = pushed_;
    }
    work_cv_.notify_all();
}

bool Stream::Push(Task task) {
    if (__builtin_expect(strict_, 0)) return PushStrict(task, nullptr, 0, nullptr);
    return PushFast(task);
}

__attribute__((always_inline)) inline bool Stream::PushFast(Task task) {
    {
        std::unique_lock<std::mutex> lock(mu_);
        if (closing_) return false;
        if (task.short_run && count_ == 0 && !running_) {  // idle stream: run it here (see Task::short_run)
            running_ = true;
            ++pushed_;
            RunOne(lock, task);
            return true;
        }
        if (count_ == ring_.size()) {  // grow: amortised, so steady-state pushes never allocate
            std::vector<Task> bigger(ring_.size() * 2);
            for (size_t i = 0; i < count_; ++i) bigger[i] = ring_[(head_ + i) % ring_.size()];
            ring_.swap(bigger);
            head_ = 0;
        }
        ring_[(head_ + count_) % ring_.size()] = task;
        ++count_;
        ++pushed_;
    }
    work_cv_.notify_one();
    return true;
}

bool Stream::PopLocked(Task* out) {
    // pushed_ - count_: the index of the next task; strict mode runs it only once released
    if (count_ == 0 || running_ || pushed_ - count_ >= release_) return false;
    *out = ring_[head_];
    head_ = (head_ + 1) % ring_.size();
    --count_;
    running_ = true;
    return true;
}

void Stream::RunOne(std::unique_lock<std::mutex>& lock, Task task) {
    lock.unlock();
    int ret = __builtin_expect(strict_, 0) ? RunStrict(task) : task.run(task.ctx);
    // a failed task's reason: the message its Fail left on this thread (the worker, or a synchroniser)
    const char* why = ret != 0 ? TakeRecentErrMsg() : nullptr;
    lock.lock();
    running_ = false;
    ++finished_;
    finished_seen_.store(finished_, std::memory_order_release);
    if (ret != 0 && sticky_error_ == 0) {
        sticky_error_ = ret;
        sticky_message_ = why != nullptr ? why : "";
    }
    idle_cv_.notify_all();
    if (count_ > 0) work_cv_.notify_one();
}

__attribute__((noinline)) int Stream::RunStrict(Task task) {
    const uint64_t index = finished_seen_.load(std::memory_order_acquire);  // one at a time, in order: its index
    StrictTaskStarted(this, index);
    const int ret = task.run(task.ctx);
    StrictTaskFinished(this, index);
    return ret;
}

void Stream::WorkerLoop() {
    std::unique_lock<std::mutex> lock(mu_);
    for (;;) {
        work_cv_.wait(lock, [&] {
            return (count_ > 0 && !running_ && pushed_ - count_ < release_) || (closing_ && count_ == 0 && !running_);
        });
        Task task;
        if (PopLocked(&task)) {
            RunOne(lock, task);
            continue;
        }
        if (closing_ && count_ == 0) return;
    }
}

int Stream::Synchronize(int32_t timeout_ms, std::string* why) {
    if (__builtin_expect(strict_, 0)) return SynchronizeStrict(timeout_ms, why);
    return SyncBody(timeout_ms, why);
}

__attribute__((noinline)) int Stream::SynchronizeStrict(int32_t timeout_ms, std::string* why) {
    const int ret = SyncBody(timeout_ms, why);
    if (ret != ACL_ERROR_RT_WAIT_TIMEOUT) StrictHostSynced(this);  // the host has seen the stream's work end
    return ret;
}

__attribute__((always_inline)) inline int Stream::SyncBody(int32_t timeout_ms, std::string* why) {
    std::unique_lock<std::mutex> lock(mu_);
    const uint64_t target = pushed_;
    if (__builtin_expect(release_ < target, 0)) {  // strict mode: synchronising releases the stream's tasks
        release_ = target;
        work_cv_.notify_all();
    }
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms < 0 ? 0 : timeout_ms);
    // While another thread runs a task, spin briefly before sleeping: small tasks end within microseconds,
    // and a sleeping synchroniser is woken late on a busy machine (tens of microseconds). Bounded: after
    // kSpinBudget in total the wait is the plain condition-variable wait.
    constexpr auto kSpinBudget = std::chrono::microseconds(20);
    std::chrono::steady_clock::duration spun{0};
    while (finished_ < target) {
        Task task;
        // The worker is idle: run the next task here, in order. Only without a timeout: a task cannot be
        // interrupted (an event wait, a long kernel), so with a deadline the worker runs it and this thread
        // only waits.
        if (timeout_ms < 0 && PopLocked(&task)) {
            RunOne(lock, task);
            continue;
        }
        if (running_ && spun < kSpinBudget) {
            const uint64_t seen = finished_;
            lock.unlock();
            const auto t0 = std::chrono::steady_clock::now();
            for (unsigned i = 1; finished_seen_.load(std::memory_order_acquire) == seen; ++i) {
#if defined(__x86_64__) || defined(__i386__)
                __builtin_ia32_pause();
#endif
                if ((i & 63) == 0 && std::chrono::steady_clock::now() - t0 + spun >= kSpinBudget) break;
            }
            spun += std::chrono::steady_clock::now() - t0;
            lock.lock();
            continue;
        }
        if (timeout_ms < 0) {
            idle_cv_.wait(lock);
        } else if (idle_cv_.wait_until(lock, deadline) == std::cv_status::timeout && finished_ < target) {
            return ACL_ERROR_RT_WAIT_TIMEOUT;
        }
    }
    int ret = sticky_error_;
    sticky_error_ = 0;
    if (ret != 0 && why != nullptr) *why = std::move(sticky_message_);
    sticky_message_.clear();
    return ret;
}

bool Stream::Idle() {
    Release();  // strict mode: a query lets the stream run, so that a polling loop ends
    std::lock_guard<std::mutex> lock(mu_);
    return finished_ == pushed_;
}

void Stream::Close() {
    // Refuse new work first, then drain: a Push racing with Close either lands before closing_ (and is
    // drained here) or fails. Draining first left a window in which a task was accepted after the drain,
    // so aclrtDestroyStream / aclFinalize could return (and aclFinalize free every block) with it pending.
    {
        std::lock_guard<std::mutex> lock(mu_);
        closing_ = true;
    }
    work_cv_.notify_all();
    Synchronize();
    EndSubscriptions(this);  // reports already handed over still run; no new one can come
}

std::shared_ptr<Stream> DefaultStreamLocked(RuntimeState& st) {
    const int32_t dev = CurrentDeviceOrZero();
    std::shared_ptr<Stream>& s = st.default_streams[dev];
    if (!s) {
        s = std::make_shared<Stream>();
        s->device = dev;
    }
    return s;
}

void DeviceStreamsLocked(int32_t device, std::vector<std::shared_ptr<Stream>>* out) {
    RuntimeState& st = State();
    for (auto& kv : st.streams) {
        if (kv.second->device == device) out->push_back(kv.second);
    }
    if (device >= 0 && device < kMaxDevices && st.default_streams[device]) out->push_back(st.default_streams[device]);
    std::vector<std::shared_ptr<Stream>> ctx;
    AppendContextStreamsLocked(&ctx);
    for (auto& s : ctx) {
        if (s->device == device) out->push_back(std::move(s));
    }
}

std::shared_ptr<Stream> FindStream(aclrtStream stream, int* status, const char* api) {
    if (stream != nullptr) {
        HandleState state;
        {
            HandleLock lock;
            state = HandleStateOf(lock, stream, HandleKind::kStream);
            if (state == HandleState::kLive) {  // live handles exist only between aclInit and aclFinalize
                *status = 0;
                return static_cast<StreamHandle*>(stream)->stream;
            }
        }
        if (int ret = RequireInit(api)) {
            *status = ret;
            return nullptr;
        }
        *status = FailNotLive(ACL_ERROR_RT_INVALID_HANDLE, api, HandleKind::kStream, stream, state, kStreamReleasedBy);
        return nullptr;
    }
    std::shared_ptr<Stream> ctx_stream;  // the default stream of a context from aclrtCreateContext
    if (CreatedContextDefaultStream(&ctx_stream, status, api)) return ctx_stream;
    RuntimeState& st = State();
    std::lock_guard<std::mutex> lock(st.mu);
    if (!st.initialized) {
        *status = Fail(ACL_ERROR_UNINITIALIZE, "%s: the runtime is not initialised (call aclInit before using streams).",
                       api);
        return nullptr;
    }
    *status = 0;
    return DefaultStreamLocked(st);
}

std::shared_ptr<Stream> HoldStream(const HandleLock& lock, aclrtStream stream) {
    if (HandleStateOf(lock, stream, HandleKind::kStream) != HandleState::kLive) return nullptr;
    return static_cast<StreamHandle*>(stream)->stream;
}

std::shared_ptr<Stream> HoldStream(aclrtStream stream) {
    if (stream != nullptr) {
        HandleLock lock;
        return HoldStream(lock, stream);
    }
    std::shared_ptr<Stream> ctx_stream;
    int status = 0;
    if (CreatedContextDefaultStream(&ctx_stream, &status, nullptr)) return ctx_stream;
    RuntimeState& st = State();
    std::lock_guard<std::mutex> lock(st.mu);
    if (!st.initialized) return nullptr;
    return DefaultStreamLocked(st);
}

std::vector<std::shared_ptr<Stream>> ReleaseAllStreamsAndEvents() {
    RuntimeState& st = State();
    std::unordered_map<StreamHandle*, std::shared_ptr<Stream>> streams;
    std::unordered_map<EventHandle*, std::shared_ptr<Event>> events;
    {
        std::lock_guard<std::mutex> lock(st.mu);
        streams.swap(st.streams);
        events.swap(st.events);
    }
    std::vector<std::shared_ptr<Stream>> closing;
    {
        HandleLock lock;  // a concurrent aclrtDestroyStream/Event releases a handle at most once with us
        for (auto& kv : streams) {
            if (ReleaseHandle(lock, kv.first, HandleKind::kStream)) kv.first->stream.reset();
            closing.push_back(std::move(kv.second));
        }
        for (auto& kv : events) {
            if (ReleaseHandle(lock, kv.first, HandleKind::kEvent)) kv.first->event.reset();
        }
    }
    return closing;
}

namespace {
__attribute__((noinline)) int EnqueueStrict(Stream* stream, Task task, const Access* acc, int n, const char* api) {
    if (!stream->PushStrict(task, acc, n, api)) {
        return Fail(ACL_ERROR_RT_INVALID_HANDLE, "stream %p is being destroyed; no new work is accepted.",
                    static_cast<void*>(stream));
    }
    return 0;
}
}  // namespace

int Enqueue(const std::shared_ptr<Stream>& stream, Task task, const Access* acc, int n, const char* api) {
    if (__builtin_expect(stream->strict(), 0)) {
        StrictCheckPeerAccess(stream->device, acc, n, api);
        return EnqueueStrict(stream.get(), task, acc, n, api);
    }
    if (!stream->PushFast(task)) {
        return Fail(ACL_ERROR_RT_INVALID_HANDLE, "stream %p is being destroyed; no new work is accepted.",
                    static_cast<void*>(stream.get()));
    }
    return 0;
}

int Enqueue(const std::shared_ptr<Stream>& stream, Task task) {
    if (!stream->Push(task)) {
        return Fail(ACL_ERROR_RT_INVALID_HANDLE, "stream %p is being destroyed; no new work is accepted.",
                    static_cast<void*>(stream.get()));
    }
    return 0;
}

int Enqueue(aclrtStream stream, Task task, const char* api) {
    int status = 0;
    std::shared_ptr<Stream> s = FindStream(stream, &status, api);
    if (!s) return status;
    return Enqueue(s, task);
}

}  // namespace rt
}  // namespace aclcpu

using namespace aclcpu;
using namespace aclcpu::rt;

extern "C" {

aclError aclrtCreateStream(aclrtStream* stream) {
    if (stream == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtCreateStream: stream is null.");
    if (int ret = RequireInit("aclrtCreateStream")) return ret;
    int status = 0;
    const void* context = ContextForNewStream(&status, "aclrtCreateStream");  // the stream belongs to it
    if (context == nullptr) return status;
    auto s = std::make_shared<Stream>();
    s->device = static_cast<const ContextHandle*>(context)->device;
    StreamHandle* h = AcquireHandle<StreamHandle>();
    s->handle = h;
    h->stream = s;
    h->context = context;
    {
        RuntimeState& st = State();
        std::lock_guard<std::mutex> lock(st.mu);
        if (!st.initialized) {
            h->stream.reset();
            ReleaseHandle(h, HandleKind::kStream);  // never published
            return Fail(ACL_ERROR_UNINITIALIZE, "aclrtCreateStream: call aclInit first.");
        }
        st.streams.emplace(h, std::move(s));
        PublishHandle(h);  // under st.mu: a concurrent aclFinalize sees it listed and live, or neither
    }
    if (StrictMode()) StrictTrackCreate(h, StrictObject::kStream, 0, "aclrtCreateStream");
    *stream = h;
    return ACL_SUCCESS;
}

aclError aclrtDestroyStream(aclrtStream stream) {
    if (stream == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtDestroyStream: stream is null.");
    if (int ret = RequireInit("aclrtDestroyStream")) return ret;
    if (int ret = CheckStreamContext(stream, "aclrtDestroyStream")) return ret;  // CANN: 107003
    StreamHandle* h = static_cast<StreamHandle*>(stream);
    std::shared_ptr<Stream> s;
    {
        HandleLock lock;  // decides which of two racing destroys (or aclFinalize) releases the handle
        if (HandleStateOf(lock, h, HandleKind::kStream) == HandleState::kLive && h->stream &&
            CallingThreadOwesCallback(h->stream.get())) {  // draining it here would never end: nothing released
            lock.Unlock();
            return FailOwedCallback("aclrtDestroyStream", stream);
        }
        if (!ReleaseHandle(lock, h, HandleKind::kStream)) {
            const HandleState state = HandleStateOf(lock, stream, HandleKind::kStream);
            lock.Unlock();
            return FailNotLive(ACL_ERROR_RT_INVALID_HANDLE, "aclrtDestroyStream", HandleKind::kStream, stream, state, kStreamReleasedBy);
        }
        s = std::move(h->stream);
    }
    {
        RuntimeState& st = State();
        std::lock_guard<std::mutex> lock(st.mu);
        st.streams.erase(h);
    }
    if (s->strict()) StrictStreamDestroying(s.get(), stream);
    s->Close();  // waits for pending work
    return ACL_SUCCESS;
}

aclError aclrtSynchronizeStream(aclrtStream stream) {
    int status = 0;
    std::shared_ptr<Stream> s = FindStream(stream, &status, "aclrtSynchronizeStream");
    if (!s) return status;
    if (CallingThreadOwesCallback(s.get())) return FailOwedCallback("aclrtSynchronizeStream", stream);
    std::string why;
    int ret = s->Synchronize(-1, &why);
    if (ret != 0) {
        return Fail(ret, "aclrtSynchronizeStream: a task on stream %p failed with status %d%s%s", stream, ret,
                    why.empty() ? "." : ": ", why.c_str());
    }
    return ACL_SUCCESS;
}

aclError aclrtSynchronizeStreamWithTimeout(aclrtStream stream, int32_t timeout) {
    if (timeout < -1) {
        return Fail(ACL_ERROR_INVALID_PARAM, "aclrtSynchronizeStreamWithTimeout: timeout %d is below -1.", timeout);
    }
    int status = 0;
    std::shared_ptr<Stream> s = FindStream(stream, &status, "aclrtSynchronizeStreamWithTimeout");
    if (!s) return status;
    if (timeout < 0 && CallingThreadOwesCallback(s.get())) {  // a bounded wait times out instead (107019)
        return FailOwedCallback("aclrtSynchronizeStreamWithTimeout", stream);
    }
    std::string why;
    int ret = s->Synchronize(timeout, &why);
    if (ret != 0) {
        return Fail(ret, "aclrtSynchronizeStreamWithTimeout: stream %p returned status %d%s%s", stream, ret,
                    why.empty() ? "." : ": ", why.c_str());
    }
    return ACL_SUCCESS;
}

aclError aclrtSynchronizeDevice(void) {
    if (int ret = RequireInit("aclrtSynchronizeDevice")) return ret;
    std::vector<std::shared_ptr<Stream>> all;
    {
        RuntimeState& st = State();
        std::lock_guard<std::mutex> lock(st.mu);
        DeviceStreamsLocked(CurrentDeviceOrZero(), &all);
    }
    for (auto& s : all) {
        if (CallingThreadOwesCallback(s.get())) return FailOwedCallback("aclrtSynchronizeDevice", s.get());
    }
    int first = 0;
    std::string first_why;
    for (auto& s : all) {
        std::string why;
        int ret = s->Synchronize(-1, &why);
        if (ret != 0 && first == 0) {
            first = ret;
            first_why = std::move(why);
        }
    }
    if (first != 0) {
        return Fail(first, "aclrtSynchronizeDevice: a task failed with status %d%s%s", first,
                    first_why.empty() ? "." : ": ", first_why.c_str());
    }
    return ACL_SUCCESS;
}

aclError aclrtCreateEvent(aclrtEvent* event) {
    if (event == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtCreateEvent: event is null.");
    if (int ret = RequireInit("aclrtCreateEvent")) return ret;
    auto e = std::make_shared<Event>();
    EventHandle* h = AcquireHandle<EventHandle>();
    h->event = e;
    {
        RuntimeState& st = State();
        std::lock_guard<std::mutex> lock(st.mu);
        if (!st.initialized) {
            h->event.reset();
            ReleaseHandle(h, HandleKind::kEvent);  // never published
            return Fail(ACL_ERROR_UNINITIALIZE, "aclrtCreateEvent: call aclInit first.");
        }
        st.events.emplace(h, std::move(e));
        PublishHandle(h);  // under st.mu, as for streams
    }
    if (StrictMode()) StrictTrackCreate(h, StrictObject::kEvent, 0, "aclrtCreateEvent");
    *event = h;
    return ACL_SUCCESS;
}

aclError aclrtDestroyEvent(aclrtEvent event) {
    if (event == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtDestroyEvent: event is null.");
    EventHandle* h = static_cast<EventHandle*>(event);
    {
        HandleLock lock;
        if (!ReleaseHandle(lock, h, HandleKind::kEvent)) {
            const HandleState state = HandleStateOf(lock, event, HandleKind::kEvent);
            lock.Unlock();
            return FailNotLive(ACL_ERROR_RT_INVALID_HANDLE, "aclrtDestroyEvent", HandleKind::kEvent, event, state, kEventReleasedBy);
        }
        if (StrictSyncOn() && h->event) StrictEventDestroying(h->event.get(), event);
        h->event.reset();  // pending records and waits hold their own references
    }
    RuntimeState& st = State();
    std::lock_guard<std::mutex> lock(st.mu);
    st.events.erase(h);
    return ACL_SUCCESS;
}

aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream) {
    std::shared_ptr<Event> e = FindEvent(event, "aclrtRecordEvent");
    if (!e) return ACL_ERROR_RT_INVALID_HANDLE;
    uint64_t seq, previous;
    {
        std::lock_guard<std::mutex> lock(e->mu);
        seq = ++e->next_seq;
        previous = e->recorded;
        e->recorded = seq;
        e->pending.insert(seq);
    }
    RecordCtx* ctx = new RecordCtx{e, seq};
    int ret = 0;
    if (StrictSyncOn()) {  // the event's stamp is the stream's clock at the record
        std::shared_ptr<Stream> s = FindStream(stream, &ret, "aclrtRecordEvent");
        if (s) {
            StrictEventRecorded(e.get(), seq, s.get());
            ret = Enqueue(s, Task{&RunRecord, ctx, true});
        }
    } else {
        ret = Enqueue(stream, Task{&RunRecord, ctx, true}, "aclrtRecordEvent");
    }
    if (ret != 0) {
        // Never enqueued: it counts as reached, so a wait that picked up its number meanwhile returns at once
        // (with a plain counter it would wait for a record that never runs).
        delete ctx;
        {
            std::lock_guard<std::mutex> lock(e->mu);
            e->pending.erase(seq);
            e->strict_srcs.erase(seq);
            if (e->recorded == seq) e->recorded = previous;
        }
        e->cv.notify_all();
    }
    return ret;
}

aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event) {
    std::shared_ptr<Event> e = FindEvent(event, "aclrtStreamWaitEvent");
    if (!e) return ACL_ERROR_RT_INVALID_HANDLE;
    uint64_t seq;
    {
        std::lock_guard<std::mutex> lock(e->mu);
        seq = e->recorded;
    }
    RecordCtx* ctx = new RecordCtx{e, seq, OpWaitTimeoutSeconds()};
    int ret = 0;
    if (StrictSyncOn()) {  // what the stream runs after the wait is ordered after the record
        std::shared_ptr<Stream> s = FindStream(stream, &ret, "aclrtStreamWaitEvent");
        if (s) {
            if (seq != 0) StrictStreamWaits(s.get(), e.get());
            ret = Enqueue(s, Task{&RunWait, ctx});
        }
    } else {
        ret = Enqueue(stream, Task{&RunWait, ctx}, "aclrtStreamWaitEvent");
    }
    if (ret != 0) delete ctx;
    return ret;
}

aclError aclrtSynchronizeEvent(aclrtEvent event) {
    std::shared_ptr<Event> e = FindEvent(event, "aclrtSynchronizeEvent");
    if (!e) return ACL_ERROR_RT_INVALID_HANDLE;
    if (StrictSyncOn()) {  // the record's stream may be held back: release it while waiting
        uint64_t target;
        {
            std::lock_guard<std::mutex> lock(e->mu);
            target = e->recorded;
        }
        StrictAwaitRecord(e.get(), target, 0);
        StrictHostSyncedEvent(e.get());
        return ACL_SUCCESS;
    }
    std::unique_lock<std::mutex> lock(e->mu);
    const uint64_t target = e->recorded;
    e->cv.wait(lock, [&] { return e->Reached(target); });
    return ACL_SUCCESS;
}

aclError aclrtQueryEventStatus(aclrtEvent event, aclrtEventRecordedStatus* status) {
    if (status == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtQueryEventStatus: status is null.");
    std::shared_ptr<Event> e = FindEvent(event, "aclrtQueryEventStatus");
    if (!e) return ACL_ERROR_RT_INVALID_HANDLE;
    bool complete;
    uint64_t target;
    {
        std::lock_guard<std::mutex> lock(e->mu);
        target = e->recorded;
        complete = e->Reached(target);
    }
    if (!complete && StrictSyncOn()) StrictReleaseEventSource(e.get(), target);  // a polling loop must end
    if (complete && StrictSyncOn()) StrictHostSyncedEvent(e.get());
    *status = complete ? ACL_EVENT_RECORDED_STATUS_COMPLETE : ACL_EVENT_RECORDED_STATUS_NOT_READY;
    return ACL_SUCCESS;
}

aclError aclrtEventElapsedTime(float* ms, aclrtEvent startEvent, aclrtEvent endEvent) {
    if (ms == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtEventElapsedTime: ms is null.");
    std::shared_ptr<Event> a = FindEvent(startEvent, "aclrtEventElapsedTime");
    if (!a) return ACL_ERROR_RT_INVALID_HANDLE;
    std::shared_ptr<Event> b = FindEvent(endEvent, "aclrtEventElapsedTime");
    if (!b) return ACL_ERROR_RT_INVALID_HANDLE;
    // The completion time of an event's last record; false when it has none or it is still pending.
    auto stamp = [](Event& e, int64_t* ns) {
        std::lock_guard<std::mutex> lock(e.mu);
        if (e.recorded == 0 || !e.Reached(e.recorded)) return false;
        *ns = e.stamp_ns;
        return true;
    };
    int64_t ta = 0, tb = 0;
    if (!stamp(*a, &ta)) {
        return Fail(ACL_ERROR_RT_EVENT_NOT_COMPLETE, "aclrtEventElapsedTime: start event %p has not completed.",
                    startEvent);
    }
    if (!stamp(*b, &tb)) {
        return Fail(ACL_ERROR_RT_EVENT_NOT_COMPLETE, "aclrtEventElapsedTime: end event %p has not completed.",
                    endEvent);
    }
    *ms = static_cast<float>(static_cast<double>(tb - ta) / 1e6);
    return ACL_SUCCESS;
}

}  // extern "C"
