// Host callbacks: aclrtSubscribeReport, aclrtLaunchCallback, aclrtProcessReport, aclrtUnSubscribeReport
// (CANN acl_rt.h; runtime docs 12_execution_control.md; codes from src/acl/aclrt_impl/callback.cpp and the
// runtime's ApiImpl, docs/api/inventory.md 5.7).
//
// Mechanism: a subscription maps a stream to a thread id (a pthread_self() value). aclrtLaunchCallback
// enqueues a task; when the stream reaches it, the task appends a report to the subscribed thread's queue
// and, for ACL_CALLBACK_BLOCK, waits until that thread's aclrtProcessReport has run the callback, so the
// stream's later tasks run after it. The callback never runs on a stream worker.
#include <pthread.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <unordered_map>

#include "common/status.h"
#include "runtime/context.h"
#include "runtime/state.h"

namespace aclcpu {
namespace rt {
namespace {

struct Report {
    aclrtCallback fn;
    void* user_data;
    bool done = false;               // set (under the queue's mutex) once fn has returned
    const Stream* stream = nullptr;  // for an ACL_CALLBACK_BLOCK report: the stream it holds (Callbacks::owed)
    uint64_t thread_id = 0;          // ... and the thread that must run it
};

// The reports handed to one subscribed thread, in the order their streams reached them.
struct ReportQueue {
    std::mutex mu;
    std::condition_variable cv;  // a report arrived, a report was processed, or a subscription ended
    std::deque<std::shared_ptr<Report>> ready;
    int streams = 0;  // streams this thread serves (subscriptions not yet ended); guarded by mu
};

struct Subscription {
    std::weak_ptr<Stream> stream;  // expired once the stream is destroyed (the entry is then ignored)
    uint64_t thread_id;
};

struct Callbacks {
    std::mutex mu;
    std::unordered_map<const Stream*, Subscription> subs;
    std::unordered_map<uint64_t, std::shared_ptr<ReportQueue>> queues;  // per thread id, kept once created
    // ACL_CALLBACK_BLOCK callbacks launched and not yet returned, per stream and per thread that must run
    // them: while one is owed, that thread waiting for the stream to drain would wait forever.
    std::unordered_map<const Stream*, std::unordered_map<uint64_t, int>> owed;
    std::atomic<int> owed_total{0};  // the sum of `owed`: synchronisations skip the lock while it is 0
};

Callbacks& Cb() {
    static Callbacks* c = new Callbacks();  // never destroyed (stream workers may outlive main)
    return *c;
}

// The live subscription of stream s, or nullptr (an expired entry is erased). Caller holds Cb().mu.
// Ends subscription `it`: its thread serves one stream less, and a wait in its aclrtProcessReport wakes (it
// returns when it serves none and nothing is ready). Caller holds c.mu (lock order: c.mu, then a queue's mu).
std::unordered_map<const Stream*, Subscription>::iterator EraseSubLocked(
    Callbacks& c, std::unordered_map<const Stream*, Subscription>::iterator it) {
    auto q = c.queues.find(it->second.thread_id);
    if (q != c.queues.end()) {
        std::lock_guard<std::mutex> ql(q->second->mu);
        --q->second->streams;
        q->second->cv.notify_all();
    }
    return c.subs.erase(it);
}

Subscription* FindSubLocked(Callbacks& c, const std::shared_ptr<Stream>& s) {
    auto it = c.subs.find(s.get());
    if (it == c.subs.end()) return nullptr;
    if (it->second.stream.lock() != s) {  // a destroyed stream whose address a new stream reuses
        EraseSubLocked(c, it);
        return nullptr;
    }
    return &it->second;
}

struct CallbackTask {
    std::shared_ptr<ReportQueue> queue;
    std::shared_ptr<Report> report;
    bool block;
};

int RunCallbackTask(void* p) {
    CallbackTask* t = static_cast<CallbackTask*>(p);
    {
        std::unique_lock<std::mutex> lock(t->queue->mu);
        t->queue->ready.push_back(t->report);
        t->queue->cv.notify_all();
        if (t->block) t->queue->cv.wait(lock, [&] { return t->report->done; });
    }
    delete t;
    return 0;
}

uint64_t SelfId() { return static_cast<uint64_t>(pthread_self()); }

// Ends what a blocking report owed (it returned, or its launch failed). Caller holds c.mu.
void UnoweLocked(Callbacks& c, const Report& r) {
    auto it = c.owed.find(r.stream);
    if (it == c.owed.end()) return;
    auto t = it->second.find(r.thread_id);
    if (t == it->second.end()) return;
    c.owed_total.fetch_sub(1, std::memory_order_relaxed);
    if (--t->second <= 0) it->second.erase(t);
    if (it->second.empty()) c.owed.erase(it);
}

}  // namespace

bool CallingThreadOwesCallback(const Stream* s) {
    Callbacks& c = Cb();
    // Any launch that happens before this call (in this thread, or in one synchronised with it) is visible
    // here; one racing with the call may land either side of it, as with the lock.
    if (c.owed_total.load(std::memory_order_relaxed) == 0) return false;
    const uint64_t self = SelfId();
    std::lock_guard<std::mutex> lock(c.mu);
    for (const auto& kv : c.owed) {
        if ((s == nullptr || kv.first == s) && kv.second.count(self) != 0) return true;
    }
    return false;
}

void EndSubscriptions(const Stream* s) {
    Callbacks& c = Cb();
    std::lock_guard<std::mutex> lock(c.mu);
    auto it = c.subs.find(s);
    if (it != c.subs.end()) EraseSubLocked(c, it);
}

int FailOwedCallback(const char* api, const void* stream) {
    const std::string which = stream != nullptr ? Format("stream %p", stream) : std::string("a stream");
    return Fail(ACL_ERROR_RT_STREAM_NOT_COMPLETE,
                "%s: the calling thread must itself run an ACL_CALLBACK_BLOCK callback of %s (from "
                "aclrtProcessReport) before that stream can drain; waiting here would never end. Return from the "
                "callback, or process the report, first.",
                api, which.c_str());
}

}  // namespace rt
}  // namespace aclcpu

using namespace aclcpu;
using namespace aclcpu::rt;

extern "C" {

aclError aclrtSubscribeReport(uint64_t threadId, aclrtStream stream) {
    int ret = 0;
    std::shared_ptr<Stream> s = FindStream(stream, &ret, "aclrtSubscribeReport");
    if (!s) return ret;
    Callbacks& c = Cb();
    std::lock_guard<std::mutex> lock(c.mu);
    if (Subscription* sub = FindSubLocked(c, s)) {  // CANN checks the stream first, whichever thread serves it
        return Fail(ACL_ERROR_RT_STREAM_SUBSCRIBE,
                    "aclrtSubscribeReport: stream %p is already served by thread %llu (a stream has one thread; "
                    "call aclrtUnSubscribeReport first).",
                    stream, static_cast<unsigned long long>(sub->thread_id));
    }
    c.subs[s.get()] = Subscription{s, threadId};
    auto& q = c.queues[threadId];
    if (!q) q = std::make_shared<ReportQueue>();
    std::lock_guard<std::mutex> ql(q->mu);
    ++q->streams;
    return ACL_SUCCESS;
}

aclError aclrtUnSubscribeReport(uint64_t threadId, aclrtStream stream) {
    int ret = 0;
    std::shared_ptr<Stream> s = FindStream(stream, &ret, "aclrtUnSubscribeReport");
    if (!s) return ret;
    Callbacks& c = Cb();
    std::lock_guard<std::mutex> lock(c.mu);
    Subscription* sub = FindSubLocked(c, s);
    if (sub == nullptr) {
        return Fail(ACL_ERROR_RT_STREAM_SUBSCRIBE, "aclrtUnSubscribeReport: stream %p is not subscribed.", stream);
    }
    if (sub->thread_id != threadId) {
        return Fail(ACL_ERROR_RT_THREAD_SUBSCRIBE,
                    "aclrtUnSubscribeReport: stream %p is served by thread %llu, not by thread %llu.", stream,
                    static_cast<unsigned long long>(sub->thread_id), static_cast<unsigned long long>(threadId));
    }
    EraseSubLocked(c, c.subs.find(s.get()));
    return ACL_SUCCESS;
}

aclError aclrtLaunchCallback(aclrtCallback fn, void* userData, aclrtCallbackBlockType blockType, aclrtStream stream) {
    const int block = RawEnum(blockType);  // any int from a C caller
    if (block != ACL_CALLBACK_NO_BLOCK && block != ACL_CALLBACK_BLOCK) {
        return Fail(ACL_ERROR_INVALID_PARAM,
                    "aclrtLaunchCallback: blockType %d is neither ACL_CALLBACK_NO_BLOCK (0) nor ACL_CALLBACK_BLOCK (1).",
                    block);
    }
    if (fn == nullptr) return Fail(ACL_ERROR_RT_PARAM_INVALID, "aclrtLaunchCallback: fn is null.");
    int ret = 0;
    std::shared_ptr<Stream> s = FindStream(stream, &ret, "aclrtLaunchCallback");
    if (!s) return ret;
    if ((ret = CheckStreamContext(stream, "aclrtLaunchCallback")) != 0) return ret;
    CallbackTask* task = new CallbackTask{nullptr, std::make_shared<Report>(), block == ACL_CALLBACK_BLOCK};
    task->report->fn = fn;
    task->report->user_data = userData;
    {
        Callbacks& c = Cb();
        std::lock_guard<std::mutex> lock(c.mu);
        Subscription* sub = FindSubLocked(c, s);
        if (sub != nullptr) {
            task->queue = c.queues[sub->thread_id];
            if (task->block) {
                task->report->stream = s.get();
                task->report->thread_id = sub->thread_id;
                ++c.owed[s.get()][sub->thread_id];
                c.owed_total.fetch_add(1, std::memory_order_relaxed);
            }
        }
    }
    if (!task->queue) {
        delete task;
        return Fail(ACL_ERROR_RT_STREAM_NO_CB_REG,
                    "aclrtLaunchCallback: no thread is subscribed to stream %p (call aclrtSubscribeReport first).",
                    stream);
    }
    ret = Enqueue(s, Task{&RunCallbackTask, task});
    s->Release();  // strict mode: a callback's thread waits for it, so it is never held back
    if (ret != 0) {
        if (task->block) {
            Callbacks& c = Cb();
            std::lock_guard<std::mutex> lock(c.mu);
            UnoweLocked(c, *task->report);
        }
        delete task;
    }
    return ret;
}

aclError aclrtProcessReport(int32_t timeout) {
    if (timeout == 0 || timeout < -1) {
        return Fail(ACL_ERROR_INVALID_PARAM, "aclrtProcessReport: timeout %d ms is invalid (-1 or a positive value).",
                    timeout);
    }
    const uint64_t self = SelfId();
    std::shared_ptr<ReportQueue> q;
    {
        Callbacks& c = Cb();
        std::lock_guard<std::mutex> lock(c.mu);
        bool subscribed = false;
        for (auto it = c.subs.begin(); it != c.subs.end();) {
            if (it->second.stream.expired()) {
                it = EraseSubLocked(c, it);
                continue;
            }
            if (it->second.thread_id == self) subscribed = true;
            ++it;
        }
        auto qit = c.queues.find(self);
        if (qit != c.queues.end()) q = qit->second;
        // Reports already handed to this thread still run after an unsubscribe.
        if (!subscribed && q) {
            std::lock_guard<std::mutex> ql(q->mu);
            if (q->ready.empty()) q.reset();
        }
        if (!q) {
            return Fail(ACL_ERROR_RT_THREAD_SUBSCRIBE,
                        "aclrtProcessReport: the calling thread (%llu) serves no stream (call aclrtSubscribeReport "
                        "with its pthread_self()).",
                        static_cast<unsigned long long>(self));
        }
    }
    std::unique_lock<std::mutex> lock(q->mu);
    // Wake for a report, or when the thread no longer serves any stream (unsubscribed, or its streams were
    // destroyed by aclrtDestroyStream / aclrtDestroyContext / aclFinalize): nothing can arrive any more.
    auto has_report = [&] { return !q->ready.empty() || q->streams <= 0; };
    if (timeout < 0) {
        q->cv.wait(lock, has_report);
    } else if (!q->cv.wait_for(lock, std::chrono::milliseconds(timeout), has_report)) {
        lock.unlock();
        return Fail(ACL_ERROR_RT_REPORT_TIMEOUT, "aclrtProcessReport: no callback was reported within %d ms.", timeout);
    }
    if (q->ready.empty()) {
        lock.unlock();
        return Fail(ACL_ERROR_RT_THREAD_SUBSCRIBE,
                    "aclrtProcessReport: the calling thread (%llu) no longer serves any stream (unsubscribed, or "
                    "its streams were destroyed) and no callback is waiting for it.",
                    static_cast<unsigned long long>(self));
    }
    while (!q->ready.empty()) {  // every ready report, in order
        std::shared_ptr<Report> r = std::move(q->ready.front());
        q->ready.pop_front();
        lock.unlock();
        r->fn(r->user_data);
        if (r->stream != nullptr) {  // a blocking report: this thread no longer owes it (lock order: c.mu, then q->mu)
            Callbacks& c = Cb();
            std::lock_guard<std::mutex> cl(c.mu);
            UnoweLocked(c, *r);
        }
        lock.lock();
        r->done = true;
        q->cv.notify_all();
    }
    return ACL_SUCCESS;
}

}  // extern "C"
