// Issue 15, runtime half: contexts, host callbacks, stream/event queries, device queries, version, op wait
// timeout, aclrtMallocAlign32, tensor descriptors and data buffers. Every function's success path with real
// values and its error codes (CANN's, docs/api/inventory.md 5.3-5.8), contexts across threads, callbacks in
// stream order (blocking and not), and stale handles of the new kinds over thousands of create/destroy rounds.
//
// main() (tests/common/test_main.cpp) has run aclInit + aclrtSetDevice(0) on the main thread.
#include <gtest/gtest.h>
#include <pthread.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "support/test_util.h"

#pragma GCC diagnostic ignored "-Wdeprecated-declarations"  // aclrtGetVersion, aclrtQueryEvent, aclGetDataBufferSize

namespace {

using aclcpu_test::LastError;

bool Contains(const std::string& s, const char* part) { return s.find(part) != std::string::npos; }

// A thread that serves callbacks: loops on aclrtProcessReport(20 ms) until stopped.
class ReportThread {
public:
    ReportThread() : thread_([this] { Loop(); }) {
        while (id_.load() == 0) std::this_thread::yield();
    }
    ~ReportThread() { Stop(); }
    uint64_t id() const { return id_.load(); }
    void Stop() {
        stop_ = true;
        if (thread_.joinable()) thread_.join();
    }
    std::atomic<int> processed_ok{0};

private:
    void Loop() {
        id_ = static_cast<uint64_t>(pthread_self());
        while (!stop_) {
            if (aclrtProcessReport(20) == ACL_SUCCESS) ++processed_ok;
        }
    }
    std::atomic<uint64_t> id_{0};
    std::atomic<bool> stop_{false};
    std::thread thread_;
};

// ---------------------------------------------------------------- contexts

TEST(Context, CreateSetGetDestroyAndStreamBinding) {
    aclrtContext def = nullptr;
    ASSERT_EQ(aclrtGetCurrentContext(&def), ACL_SUCCESS);  // aclrtSetDevice made the default context current
    ASSERT_NE(def, nullptr);

    aclrtContext ctx = nullptr;
    ASSERT_EQ(aclrtCreateContext(&ctx, 0), ACL_SUCCESS);
    ASSERT_NE(ctx, nullptr);
    EXPECT_NE(ctx, def);
    aclrtContext cur = nullptr;
    ASSERT_EQ(aclrtGetCurrentContext(&cur), ACL_SUCCESS);
    EXPECT_EQ(cur, ctx);  // creation makes it current
    int32_t dev = -1;
    EXPECT_EQ(aclrtGetDevice(&dev), ACL_SUCCESS);
    EXPECT_EQ(dev, 0);

    aclrtStream s = nullptr;
    ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);  // belongs to ctx
    ASSERT_EQ(aclrtSetCurrentContext(def), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyStream(s), ACL_ERROR_RT_STREAM_CONTEXT);  // not the current context's stream
    EXPECT_TRUE(Contains(LastError(), "belongs to context"));
    EXPECT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS);  // synchronisation needs no current context (CANN)
    EXPECT_EQ(aclrtDestroyContext(def), ACL_ERROR_RT_CONTEXT_NULL);  // a default context
    EXPECT_TRUE(Contains(LastError(), "default context"));

    // The NULL stream is the current context's own default stream: work there is done by the sync of NULL.
    ASSERT_EQ(aclrtSetCurrentContext(ctx), ACL_SUCCESS);
    void* dst = nullptr;
    ASSERT_EQ(aclrtMalloc(&dst, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemsetAsync(dst, 64, 0x5A, 64, nullptr), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
    unsigned char host[64];
    ASSERT_EQ(aclrtMemcpy(host, 64, dst, 64, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    EXPECT_EQ(host[0], 0x5A);
    EXPECT_EQ(host[63], 0x5A);
    EXPECT_EQ(aclrtFree(dst), ACL_SUCCESS);

    // Destroying the context destroys its streams and leaves the thread in the default context.
    ASSERT_EQ(aclrtDestroyContext(ctx), ACL_SUCCESS);
    EXPECT_EQ(aclrtSynchronizeStream(s), ACL_ERROR_RT_INVALID_HANDLE);
    EXPECT_TRUE(Contains(LastError(), "was released"));
    ASSERT_EQ(aclrtGetCurrentContext(&cur), ACL_SUCCESS);
    EXPECT_EQ(cur, def);
    EXPECT_EQ(aclrtDestroyContext(ctx), ACL_ERROR_RT_CONTEXT_NULL);
    EXPECT_TRUE(Contains(LastError(), "aclrtContext"));
    EXPECT_EQ(aclrtSetCurrentContext(ctx), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_TRUE(Contains(LastError(), "was released"));
}

TEST(Context, BadArguments) {
    aclrtContext ctx = nullptr;
    EXPECT_EQ(aclrtCreateContext(nullptr, 0), ACL_ERROR_INVALID_PARAM);
    EXPECT_FALSE(LastError().empty());
    EXPECT_EQ(aclrtCreateContext(&ctx, 8), ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_EQ(aclrtCreateContext(&ctx, -1), ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_EQ(ctx, nullptr);
    EXPECT_EQ(aclrtDestroyContext(nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtSetCurrentContext(nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtGetCurrentContext(nullptr), ACL_ERROR_INVALID_PARAM);
    int local = 0;
    EXPECT_EQ(aclrtSetCurrentContext(&local), ACL_ERROR_RT_PARAM_INVALID);  // never a context
    EXPECT_TRUE(Contains(LastError(), "is not a live aclrtContext"));
    EXPECT_EQ(aclrtDestroyContext(&local), ACL_ERROR_RT_CONTEXT_NULL);
}

TEST(Context, PerThreadCurrentContext) {
    aclrtContext main_ctx = nullptr;
    ASSERT_EQ(aclrtCreateContext(&main_ctx, 0), ACL_SUCCESS);
    std::atomic<int> step{0};
    int no_ctx = -1, set_ret = -1, created_ret = -1;
    aclrtContext seen = nullptr, created = nullptr, seen_after = nullptr;
    std::thread t([&] {
        aclrtContext c = nullptr;
        no_ctx = aclrtGetCurrentContext(&c);  // a new thread has no device and no context
        LastError();
        set_ret = aclrtSetCurrentContext(main_ctx);  // a context may be used on another thread
        aclrtGetCurrentContext(&seen);
        created_ret = aclrtCreateContext(&created, 0);  // the last call wins
        aclrtGetCurrentContext(&seen_after);
        step = 1;
    });
    t.join();
    EXPECT_EQ(no_ctx, ACL_ERROR_RT_CONTEXT_NULL);
    EXPECT_EQ(set_ret, ACL_SUCCESS);
    EXPECT_EQ(seen, main_ctx);
    EXPECT_EQ(created_ret, ACL_SUCCESS);
    EXPECT_EQ(seen_after, created);
    aclrtContext cur = nullptr;
    ASSERT_EQ(aclrtGetCurrentContext(&cur), ACL_SUCCESS);
    EXPECT_EQ(cur, main_ctx);  // the other thread's choices did not change this thread's
    EXPECT_EQ(aclrtDestroyContext(created), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyContext(main_ctx), ACL_SUCCESS);

    // A context destroyed on another thread: this thread's current context is gone (107002), not reused.
    aclrtContext other = nullptr;
    ASSERT_EQ(aclrtCreateContext(&other, 0), ACL_SUCCESS);
    std::thread([&] { EXPECT_EQ(aclrtDestroyContext(other), ACL_SUCCESS); }).join();
    aclrtStream s = nullptr;
    EXPECT_EQ(aclrtGetCurrentContext(&cur), ACL_ERROR_RT_CONTEXT_NULL);
    EXPECT_EQ(aclrtCreateStream(&s), ACL_ERROR_RT_CONTEXT_NULL);
    EXPECT_EQ(aclrtSynchronizeStream(nullptr), ACL_ERROR_RT_CONTEXT_NULL);
    EXPECT_TRUE(Contains(LastError(), "was destroyed"));
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);  // back to the default context
    EXPECT_EQ(aclrtGetCurrentContext(&cur), ACL_SUCCESS);
}

TEST(Context, StaleHandlesOverThousandsOfRounds) {
    // Every released context handle stays refused while fewer than kHandleQuarantine (1024) releases follow it.
    std::vector<aclrtContext> dead;
    for (int round = 0; round < 1500; ++round) {
        aclrtContext c = nullptr;
        ASSERT_EQ(aclrtCreateContext(&c, 0), ACL_SUCCESS);
        for (size_t i = dead.size() > 200 ? dead.size() - 200 : 0; i < dead.size(); i += 37) {
            ASSERT_NE(dead[i], c) << "round " << round;
        }
        ASSERT_EQ(aclrtDestroyContext(c), ACL_SUCCESS);
        if (round % 50 == 0 && !dead.empty()) {
            ASSERT_EQ(aclrtSetCurrentContext(dead.back()), ACL_ERROR_RT_PARAM_INVALID);
            ASSERT_EQ(aclrtDestroyContext(dead.back()), ACL_ERROR_RT_CONTEXT_NULL);
        }
        dead.push_back(c);
    }
    LastError();
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
}

// ---------------------------------------------------------------- callbacks

struct Order {
    std::mutex mu;
    std::vector<int> seen;
    std::vector<uint64_t> threads;
};
struct Tag {
    Order* order;
    int id;
};
void Append(void* p) {
    Tag* t = static_cast<Tag*>(p);
    std::lock_guard<std::mutex> lock(t->order->mu);
    t->order->seen.push_back(t->id);
    t->order->threads.push_back(static_cast<uint64_t>(pthread_self()));
}

TEST(Callback, InStreamOrderOnTheSubscribedThreadBlockingAndNot) {
    aclrtStream s = nullptr;
    ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
    ReportThread rt;
    ASSERT_EQ(aclrtSubscribeReport(rt.id(), s), ACL_SUCCESS);
    Order order;
    std::vector<Tag> tags(200);
    for (int i = 0; i < 200; ++i) {
        tags[i] = Tag{&order, i};
        ASSERT_EQ(aclrtLaunchCallback(&Append, &tags[i], i % 2 ? ACL_CALLBACK_BLOCK : ACL_CALLBACK_NO_BLOCK, s),
                  ACL_SUCCESS);
    }
    ASSERT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS);
    // Non-blocking callbacks may still be queued on the report thread after the sync; a final blocking one
    // runs after all of them (one queue, in order).
    Tag last{&order, 200};
    ASSERT_EQ(aclrtLaunchCallback(&Append, &last, ACL_CALLBACK_BLOCK, s), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS);
    {
        std::lock_guard<std::mutex> lock(order.mu);
        ASSERT_EQ(order.seen.size(), 201u);  // each launch runs exactly once
        for (int i = 0; i <= 200; ++i) EXPECT_EQ(order.seen[i], i);
        for (uint64_t id : order.threads) EXPECT_EQ(id, rt.id());
    }
    EXPECT_EQ(aclrtUnSubscribeReport(rt.id(), s), ACL_SUCCESS);
    EXPECT_EQ(aclrtLaunchCallback(&Append, &last, ACL_CALLBACK_BLOCK, s), ACL_ERROR_RT_STREAM_NO_CB_REG);
    rt.Stop();
    EXPECT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
}

struct Gate {
    std::atomic<int> value{0};
};
void SetTo42(void* p) {
    std::this_thread::sleep_for(std::chrono::milliseconds(30));  // later tasks must still wait for it
    static_cast<int*>(p)[0] = 42;
}

TEST(Callback, BlockingCallbackHoldsLaterTasks) {
    aclrtStream s = nullptr;
    ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
    ReportThread rt;
    ASSERT_EQ(aclrtSubscribeReport(rt.id(), s), ACL_SUCCESS);
    void* host = nullptr;
    void* dev = nullptr;
    ASSERT_EQ(aclrtMallocHost(&host, 4), ACL_SUCCESS);
    ASSERT_EQ(aclrtMalloc(&dev, 4, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    static_cast<int*>(host)[0] = 7;
    ASSERT_EQ(aclrtLaunchCallback(&SetTo42, host, ACL_CALLBACK_BLOCK, s), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemcpyAsync(dev, 4, host, 4, ACL_MEMCPY_HOST_TO_DEVICE, s), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS);
    int out = 0;
    ASSERT_EQ(aclrtMemcpy(&out, 4, dev, 4, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    EXPECT_EQ(out, 42);  // the copy ran after the callback returned
    ASSERT_EQ(aclrtUnSubscribeReport(rt.id(), s), ACL_SUCCESS);
    rt.Stop();
    EXPECT_EQ(aclrtFree(dev), ACL_SUCCESS);
    EXPECT_EQ(aclrtFreeHost(host), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
}

void Nothing(void*) {}

TEST(Callback, ErrorCodes) {
    aclrtStream s = nullptr, s2 = nullptr;
    ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
    ASSERT_EQ(aclrtCreateStream(&s2), ACL_SUCCESS);
    const uint64_t self = static_cast<uint64_t>(pthread_self());
    EXPECT_EQ(aclrtLaunchCallback(&Nothing, nullptr, ACL_CALLBACK_BLOCK, s), ACL_ERROR_RT_STREAM_NO_CB_REG);
    EXPECT_TRUE(Contains(LastError(), "aclrtSubscribeReport"));
    EXPECT_EQ(aclrtLaunchCallback(&Nothing, nullptr, static_cast<aclrtCallbackBlockType>(2), s), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtLaunchCallback(nullptr, nullptr, ACL_CALLBACK_BLOCK, s), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(aclrtProcessReport(0), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtProcessReport(-2), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtProcessReport(10), ACL_ERROR_RT_THREAD_SUBSCRIBE);  // this thread serves no stream
    EXPECT_TRUE(Contains(LastError(), "serves no stream"));
    EXPECT_EQ(aclrtUnSubscribeReport(self, s), ACL_ERROR_RT_STREAM_SUBSCRIBE);

    ASSERT_EQ(aclrtSubscribeReport(self, s), ACL_SUCCESS);
    ASSERT_EQ(aclrtSubscribeReport(self, s2), ACL_SUCCESS);  // one thread, several streams
    EXPECT_EQ(aclrtSubscribeReport(self, s), ACL_ERROR_RT_STREAM_SUBSCRIBE);  // CANN checks the stream first
    EXPECT_EQ(aclrtSubscribeReport(self + 1, s), ACL_ERROR_RT_STREAM_SUBSCRIBE);
    EXPECT_EQ(aclrtUnSubscribeReport(self + 1, s), ACL_ERROR_RT_THREAD_SUBSCRIBE);
    const auto t0 = std::chrono::steady_clock::now();
    EXPECT_EQ(aclrtProcessReport(30), ACL_ERROR_RT_REPORT_TIMEOUT);
    EXPECT_GE(std::chrono::steady_clock::now() - t0, std::chrono::milliseconds(29));
    // A non-blocking callback processed by this very thread.
    Order order;
    Tag tag{&order, 5};
    ASSERT_EQ(aclrtLaunchCallback(&Append, &tag, ACL_CALLBACK_NO_BLOCK, s2), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(s2), ACL_SUCCESS);
    EXPECT_EQ(aclrtProcessReport(1000), ACL_SUCCESS);
    ASSERT_EQ(order.seen.size(), 1u);
    EXPECT_EQ(order.seen[0], 5);
    EXPECT_EQ(aclrtUnSubscribeReport(self, s), ACL_SUCCESS);
    EXPECT_EQ(aclrtUnSubscribeReport(self, s2), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
    EXPECT_EQ(aclrtSubscribeReport(self, s), ACL_ERROR_RT_INVALID_HANDLE);  // destroyed stream
    EXPECT_EQ(aclrtDestroyStream(s2), ACL_SUCCESS);
    LastError();
}

// A blocking callback that tries to wait for its own stream: each wait is refused (it could never end).
struct SelfWait {
    aclrtStream s = nullptr;
    aclrtContext ctx = nullptr;
    int sync = -1, sync_timeout = -1, sync_device = -1, reset_device = -1, destroy = -1, destroy_ctx = -1, fin = -1;
    std::string msg;
};

void WaitOnOwnStream(void* p) {
    SelfWait* w = static_cast<SelfWait*>(p);
    w->sync = aclrtSynchronizeStream(w->s);
    w->msg = LastError();
    w->sync_timeout = aclrtSynchronizeStreamWithTimeout(w->s, -1);
    w->sync_device = aclrtSynchronizeDevice();
    w->reset_device = aclrtResetDevice(0);
    w->destroy = aclrtDestroyStream(w->s);
    if (w->ctx != nullptr) w->destroy_ctx = aclrtDestroyContext(w->ctx);
    w->fin = aclFinalize();
    LastError();
}

TEST(Callback, WaitsThatOnlyTheCallingThreadCouldEndAreRefused) {
    // Hostile-test finding: a blocking callback that synchronised or destroyed its own stream, or called
    // aclFinalize, hung forever (the stream waits for the callback, the callback for the stream). So did the
    // subscribed thread destroying the stream before processing the report. Now 507004 and nothing released.
    const uint64_t self = static_cast<uint64_t>(pthread_self());
    SelfWait w;
    ASSERT_EQ(aclrtCreateStream(&w.s), ACL_SUCCESS);
    ASSERT_EQ(aclrtSubscribeReport(self, w.s), ACL_SUCCESS);
    ASSERT_EQ(aclrtLaunchCallback(&WaitOnOwnStream, &w, ACL_CALLBACK_BLOCK, w.s), ACL_SUCCESS);
    // Before the report is processed: this thread owes it, so these waits are refused too.
    EXPECT_EQ(aclrtDestroyStream(w.s), ACL_ERROR_RT_STREAM_NOT_COMPLETE);
    EXPECT_TRUE(Contains(LastError(), "ACL_CALLBACK_BLOCK callback"));
    EXPECT_EQ(aclrtSynchronizeStream(w.s), ACL_ERROR_RT_STREAM_NOT_COMPLETE);
    EXPECT_EQ(aclrtSynchronizeStreamWithTimeout(w.s, 20), ACL_ERROR_RT_WAIT_TIMEOUT);  // bounded: times out
    LastError();
    ASSERT_EQ(aclrtProcessReport(5000), ACL_SUCCESS);
    EXPECT_EQ(w.sync, ACL_ERROR_RT_STREAM_NOT_COMPLETE);
    EXPECT_TRUE(Contains(w.msg, "aclrtSynchronizeStream: the calling thread must itself run")) << w.msg;
    EXPECT_EQ(w.sync_timeout, ACL_ERROR_RT_STREAM_NOT_COMPLETE);
    EXPECT_EQ(w.sync_device, ACL_ERROR_RT_STREAM_NOT_COMPLETE);
    EXPECT_EQ(w.reset_device, ACL_ERROR_RT_STREAM_NOT_COMPLETE);
    EXPECT_EQ(w.destroy, ACL_ERROR_RT_STREAM_NOT_COMPLETE);
    EXPECT_EQ(w.fin, ACL_ERROR_RT_STREAM_NOT_COMPLETE);
    // The callback returned: the stream drains, every handle is still live.
    EXPECT_EQ(aclrtSynchronizeStream(w.s), ACL_SUCCESS);
    aclrtStreamStatus st = ACL_STREAM_STATUS_NOT_READY;
    EXPECT_EQ(aclrtStreamQuery(w.s, &st), ACL_SUCCESS);
    EXPECT_EQ(st, ACL_STREAM_STATUS_COMPLETE);
    EXPECT_EQ(aclrtUnSubscribeReport(self, w.s), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyStream(w.s), ACL_SUCCESS);

    // The same from a created context's stream: aclrtDestroyContext refused, context kept.
    aclrtContext before = nullptr;
    ASSERT_EQ(aclrtGetCurrentContext(&before), ACL_SUCCESS);
    SelfWait c;
    ASSERT_EQ(aclrtCreateContext(&c.ctx, 0), ACL_SUCCESS);
    ASSERT_EQ(aclrtCreateStream(&c.s), ACL_SUCCESS);
    ASSERT_EQ(aclrtSubscribeReport(self, c.s), ACL_SUCCESS);
    ASSERT_EQ(aclrtLaunchCallback(&WaitOnOwnStream, &c, ACL_CALLBACK_BLOCK, c.s), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyContext(c.ctx), ACL_ERROR_RT_STREAM_NOT_COMPLETE);
    ASSERT_EQ(aclrtProcessReport(5000), ACL_SUCCESS);
    EXPECT_EQ(c.destroy_ctx, ACL_ERROR_RT_STREAM_NOT_COMPLETE);
    EXPECT_EQ(aclrtSynchronizeStream(c.s), ACL_SUCCESS);
    EXPECT_EQ(aclrtUnSubscribeReport(self, c.s), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyContext(c.ctx), ACL_SUCCESS);  // also destroys c.s
    EXPECT_EQ(aclrtSetCurrentContext(before), ACL_SUCCESS);
    // The runtime is still initialised (aclFinalize was refused): a new stream works.
    aclrtStream s2 = nullptr;
    ASSERT_EQ(aclrtCreateStream(&s2), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyStream(s2), ACL_SUCCESS);
}

TEST(Callback, ProcessReportForeverReturnsWhenTheThreadServesNoStreamAnyMore) {
    // Hostile-test finding: aclrtProcessReport(-1) never returned once its thread's stream was unsubscribed,
    // destroyed (also with its context) or released by aclFinalize. Now it returns 107012.
    for (int how = 0; how < 3; ++how) {
        aclrtContext before = nullptr;
        ASSERT_EQ(aclrtGetCurrentContext(&before), ACL_SUCCESS);
        aclrtContext ctx = nullptr;
        if (how == 2) {
            ASSERT_EQ(aclrtCreateContext(&ctx, 0), ACL_SUCCESS);
        }
        aclrtStream s = nullptr;
        ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
        std::atomic<uint64_t> tid{0};
        std::atomic<int> ret{-1};
        std::string msg;
        std::thread t([&] {
            const uint64_t me = static_cast<uint64_t>(pthread_self());
            EXPECT_EQ(aclrtSubscribeReport(me, s), ACL_SUCCESS);
            tid = me;
            ret = aclrtProcessReport(-1);
            msg = LastError();
        });
        while (tid.load() == 0) std::this_thread::yield();
        std::this_thread::sleep_for(std::chrono::milliseconds(20));  // let it block in the wait
        if (how == 0) {
            EXPECT_EQ(aclrtUnSubscribeReport(tid.load(), s), ACL_SUCCESS);
        } else if (how == 1) {
            EXPECT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
        } else {
            EXPECT_EQ(aclrtDestroyContext(ctx), ACL_SUCCESS);  // destroys s with it
            EXPECT_EQ(aclrtSetCurrentContext(before), ACL_SUCCESS);
        }
        t.join();  // hung forever before the fix
        EXPECT_EQ(ret.load(), ACL_ERROR_RT_THREAD_SUBSCRIBE) << how;
        // (If the thread had not reached the wait yet, the call's first check says so instead.)
        EXPECT_TRUE(Contains(msg, "no longer serves any stream") || Contains(msg, "serves no stream")) << msg;
        if (how == 0) {
            EXPECT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
        }
    }
    // A thread serving two streams keeps waiting while one is left, and still gets its callback.
    aclrtStream a = nullptr, b = nullptr;
    ASSERT_EQ(aclrtCreateStream(&a), ACL_SUCCESS);
    ASSERT_EQ(aclrtCreateStream(&b), ACL_SUCCESS);
    std::atomic<uint64_t> tid{0};
    std::atomic<int> ret{-1};
    Order order;
    Tag tag{&order, 9};
    std::thread t([&] {
        const uint64_t me = static_cast<uint64_t>(pthread_self());
        EXPECT_EQ(aclrtSubscribeReport(me, a), ACL_SUCCESS);
        EXPECT_EQ(aclrtSubscribeReport(me, b), ACL_SUCCESS);
        tid = me;
        ret = aclrtProcessReport(-1);
    });
    while (tid.load() == 0) std::this_thread::yield();
    EXPECT_EQ(aclrtDestroyStream(a), ACL_SUCCESS);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    EXPECT_EQ(ret.load(), -1);  // still waiting: b is served
    EXPECT_EQ(aclrtLaunchCallback(&Append, &tag, ACL_CALLBACK_NO_BLOCK, b), ACL_SUCCESS);
    t.join();
    EXPECT_EQ(ret.load(), ACL_SUCCESS);
    ASSERT_EQ(order.seen.size(), 1u);
    EXPECT_EQ(order.seen[0], 9);
    EXPECT_EQ(aclrtUnSubscribeReport(tid.load(), b), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyStream(b), ACL_SUCCESS);
    LastError();
}

// ---------------------------------------------------------------- stream and event queries

// A stream held by a blocking callback until the test opens the gate (this thread processes the report).
struct HeldStream {
    aclrtStream s = nullptr;
    HeldStream() {
        EXPECT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
        EXPECT_EQ(aclrtSubscribeReport(static_cast<uint64_t>(pthread_self()), s), ACL_SUCCESS);
        EXPECT_EQ(aclrtLaunchCallback(&Nothing, nullptr, ACL_CALLBACK_BLOCK, s), ACL_SUCCESS);
    }
    void Release() {
        EXPECT_EQ(aclrtProcessReport(5000), ACL_SUCCESS);
        EXPECT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS);
        EXPECT_EQ(aclrtUnSubscribeReport(static_cast<uint64_t>(pthread_self()), s), ACL_SUCCESS);
        EXPECT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
    }
};

TEST(StreamQuery, NotReadyUntilItsTasksRan) {
    HeldStream held;
    aclrtStreamStatus st = ACL_STREAM_STATUS_RESERVED;
    ASSERT_EQ(aclrtStreamQuery(held.s, &st), ACL_SUCCESS);
    EXPECT_EQ(st, ACL_STREAM_STATUS_NOT_READY);
    held.Release();
    aclrtStream s = nullptr;
    ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
    ASSERT_EQ(aclrtStreamQuery(s, &st), ACL_SUCCESS);
    EXPECT_EQ(st, ACL_STREAM_STATUS_COMPLETE);
    ASSERT_EQ(aclrtStreamQuery(nullptr, &st), ACL_SUCCESS);  // the default stream
    EXPECT_EQ(aclrtStreamQuery(s, nullptr), ACL_ERROR_INVALID_PARAM);
    ASSERT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
    EXPECT_EQ(aclrtStreamQuery(s, &st), ACL_ERROR_RT_INVALID_HANDLE);
    EXPECT_TRUE(Contains(LastError(), "was released"));
}

TEST(Event, QueryResetAndQueryEvent) {
    aclrtEvent e = nullptr;
    ASSERT_EQ(aclrtCreateEvent(&e), ACL_SUCCESS);
    HeldStream held;
    ASSERT_EQ(aclrtRecordEvent(e, held.s), ACL_SUCCESS);  // pending behind the held callback
    aclrtEventStatus old = ACL_EVENT_STATUS_RESERVED;
    aclrtEventRecordedStatus rec = ACL_EVENT_RECORDED_STATUS_COMPLETE;
    ASSERT_EQ(aclrtQueryEvent(e, &old), ACL_SUCCESS);
    EXPECT_EQ(old, ACL_EVENT_STATUS_NOT_READY);
    ASSERT_EQ(aclrtQueryEventStatus(e, &rec), ACL_SUCCESS);
    EXPECT_EQ(rec, ACL_EVENT_RECORDED_STATUS_NOT_READY);
    // Reset on another stream: waits enqueued after it no longer wait for the pending record.
    aclrtStream s = nullptr;
    ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
    ASSERT_EQ(aclrtResetEvent(e, s), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS);
    ASSERT_EQ(aclrtStreamWaitEvent(s, e), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeStreamWithTimeout(s, 5000), ACL_SUCCESS);  // would hang without the reset
    ASSERT_EQ(aclrtQueryEvent(e, &old), ACL_SUCCESS);
    EXPECT_EQ(old, ACL_EVENT_STATUS_COMPLETE);
    held.Release();
    // Errors.
    EXPECT_EQ(aclrtResetEvent(nullptr, s), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtQueryEvent(e, nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtQueryEvent(nullptr, &old), ACL_ERROR_RT_INVALID_HANDLE);
    aclrtContext ctx = nullptr;
    ASSERT_EQ(aclrtCreateContext(&ctx, 0), ACL_SUCCESS);
    EXPECT_EQ(aclrtResetEvent(e, s), ACL_ERROR_RT_STREAM_CONTEXT);  // s belongs to the default context
    ASSERT_EQ(aclrtDestroyContext(ctx), ACL_SUCCESS);
    ASSERT_EQ(aclrtDestroyEvent(e), ACL_SUCCESS);
    EXPECT_EQ(aclrtResetEvent(e, s), ACL_ERROR_RT_INVALID_HANDLE);
    EXPECT_EQ(aclrtQueryEvent(e, &old), ACL_ERROR_RT_INVALID_HANDLE);
    EXPECT_TRUE(Contains(LastError(), "was released"));
    ASSERT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
}

TEST(Event, OpWaitTimeoutEndsAWaitAndFailsTheNextSync) {
    aclrtEvent e = nullptr;
    ASSERT_EQ(aclrtCreateEvent(&e), ACL_SUCCESS);
    HeldStream held;
    ASSERT_EQ(aclrtRecordEvent(e, held.s), ACL_SUCCESS);
    ASSERT_EQ(aclrtSetOpWaitTimeout(1), ACL_SUCCESS);
    aclrtStream s = nullptr;
    ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
    ASSERT_EQ(aclrtStreamWaitEvent(s, e), ACL_SUCCESS);
    ASSERT_EQ(aclrtSetOpWaitTimeout(0), ACL_SUCCESS);  // later waits are unbounded again
    const auto t0 = std::chrono::steady_clock::now();
    EXPECT_EQ(aclrtSynchronizeStream(s), ACL_ERROR_RT_TASK_TIMEOUT);
    EXPECT_GE(std::chrono::steady_clock::now() - t0, std::chrono::milliseconds(900));
    EXPECT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS);  // the error was reported once
    held.Release();
    ASSERT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
    ASSERT_EQ(aclrtDestroyEvent(e), ACL_SUCCESS);
}

// ---------------------------------------------------------------- device queries, version, memory

TEST(Device, QueriesAnswerFromThisMachine) {
    uint32_t count = 0;
    ASSERT_EQ(aclrtGetDeviceCount(&count), ACL_SUCCESS);
    EXPECT_EQ(count, 8u);
    int32_t dev = -1;
    ASSERT_EQ(aclrtGetDevice(&dev), ACL_SUCCESS);
    EXPECT_EQ(dev, 0);
    aclrtRunMode mode = ACL_DEVICE;
    ASSERT_EQ(aclrtGetRunMode(&mode), ACL_SUCCESS);
    EXPECT_EQ(mode, ACL_HOST);
    size_t free_b = 0, total_b = 0;
    ASSERT_EQ(aclrtGetMemInfo(ACL_HBM_MEM, &free_b, &total_b), ACL_SUCCESS);
    EXPECT_GT(total_b, 0u);
    EXPECT_LE(free_b, total_b);

    int64_t v = -1;
    ASSERT_EQ(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_TOTAL_GLOBAL_MEM_SIZE, &v), ACL_SUCCESS);
    EXPECT_EQ(static_cast<size_t>(v), total_b);
    ASSERT_EQ(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_VECTOR_CORE_NUM, &v), ACL_SUCCESS);
    const char* env = std::getenv("ACLCPU_NUM_THREADS");
    const int64_t hw = std::thread::hardware_concurrency();
    EXPECT_EQ(v, env != nullptr && *env != '\0' ? std::atoll(env) : hw);
    ASSERT_EQ(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_AICPU_CORE_NUM, &v), ACL_SUCCESS);
    EXPECT_EQ(v, hw);
    ASSERT_EQ(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_IS_VIRTUAL, &v), ACL_SUCCESS);
    EXPECT_EQ(v, 0);
    ASSERT_EQ(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_L2_CACHE_SIZE, &v), ACL_SUCCESS);
    EXPECT_GE(v, 0);
    EXPECT_EQ(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_WARP_SIZE, &v), ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
    EXPECT_FALSE(LastError().empty());
    EXPECT_EQ(aclrtGetDeviceInfo(0, static_cast<aclrtDevAttr>(999), &v), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(aclrtGetDeviceInfo(8, ACL_DEV_ATTR_VECTOR_CORE_NUM, &v), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(aclrtGetDeviceInfo(7, ACL_DEV_ATTR_VECTOR_CORE_NUM, &v), ACL_SUCCESS);
    EXPECT_EQ(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_VECTOR_CORE_NUM, nullptr), ACL_ERROR_INVALID_PARAM);

    int32_t major = 0, minor = 0, patch = -1;
    ASSERT_EQ(aclrtGetVersion(&major, &minor, &patch), ACL_SUCCESS);
    EXPECT_EQ(major, 1);
    EXPECT_EQ(minor, 17);
    EXPECT_EQ(patch, 0);
    EXPECT_EQ(aclrtGetVersion(&major, nullptr, &patch), ACL_ERROR_INVALID_PARAM);
    LastError();
}

TEST(Memory, MallocAlign32RoundsTo32Bytes) {
    void* p = nullptr;
    ASSERT_EQ(aclrtMallocAlign32(&p, 33, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 32, 0u);
    EXPECT_EQ(aclrtMemset(p, 64, 1, 64), ACL_SUCCESS);          // the block holds 64 bytes
    EXPECT_EQ(aclrtMemset(p, 65, 1, 65), ACL_ERROR_RT_PARAM_INVALID);  // and no more
    LastError();
    EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
    EXPECT_EQ(aclrtMallocAlign32(nullptr, 32, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtMallocAlign32(&p, 0, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtMallocAlign32(&p, SIZE_MAX - 3, ACL_MEM_MALLOC_HUGE_FIRST), ACL_ERROR_INVALID_PARAM);
    EXPECT_TRUE(Contains(LastError(), "overflows"));
}

// ---------------------------------------------------------------- tensor descriptors, data buffers

TEST(TensorDesc, GettersAndCodes) {
    const int64_t dims[3] = {2, 3, 4};
    aclTensorDesc* d = aclCreateTensorDesc(ACL_FLOAT16, 3, dims, ACL_FORMAT_NCHW);
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(aclGetTensorDescType(d), ACL_FLOAT16);
    EXPECT_EQ(aclGetTensorDescFormat(d), ACL_FORMAT_NCHW);
    EXPECT_EQ(aclGetTensorDescNumDims(d), 3u);
    EXPECT_EQ(aclGetTensorDescElementCount(d), 24u);
    EXPECT_EQ(aclGetTensorDescSize(d), 48u);  // bytes
    for (size_t i = 0; i < 3; ++i) {
        int64_t v = -9;
        ASSERT_EQ(aclGetTensorDescDimV2(d, i, &v), ACL_SUCCESS);
        EXPECT_EQ(v, dims[i]);
    }
    int64_t v = -9;
    EXPECT_EQ(aclGetTensorDescDimV2(d, 3, &v), ACL_ERROR_INVALID_PARAM);
    EXPECT_TRUE(Contains(LastError(), "index 3 is out of range"));
    EXPECT_EQ(v, -9);
    EXPECT_EQ(aclGetTensorDescDimV2(d, 0, nullptr), ACL_ERROR_INVALID_PARAM);
    aclDestroyTensorDesc(d);

    aclTensorDesc* scalar = aclCreateTensorDesc(ACL_INT64, 0, nullptr, ACL_FORMAT_ND);
    ASSERT_NE(scalar, nullptr);
    EXPECT_EQ(aclGetTensorDescElementCount(scalar), 1u);
    EXPECT_EQ(aclGetTensorDescSize(scalar), 8u);
    EXPECT_EQ(aclGetTensorDescNumDims(scalar), 0u);
    aclDestroyTensorDesc(scalar);

    const int64_t unknown_rank[1] = {-2};
    aclTensorDesc* ur = aclCreateTensorDesc(ACL_FLOAT, 1, unknown_rank, ACL_FORMAT_ND);
    EXPECT_EQ(aclGetTensorDescNumDims(ur), static_cast<size_t>(ACL_UNKNOWN_RANK));
    EXPECT_EQ(aclGetTensorDescElementCount(ur), 0u);
    aclDestroyTensorDesc(ur);
    const int64_t huge[2] = {int64_t{1} << 40, int64_t{1} << 40};
    aclTensorDesc* big = aclCreateTensorDesc(ACL_FLOAT, 2, huge, ACL_FORMAT_ND);
    EXPECT_EQ(aclGetTensorDescElementCount(big), 0u);  // overflow
    EXPECT_TRUE(Contains(LastError(), "overflows"));
    aclDestroyTensorDesc(big);

    // Hostile-test findings: a zero dim after dims whose product overflows gave "overflows" and 0 with a
    // message (the count is 0); a dtype or format outside the enumerators was loaded as the enum (UBSan
    // abort in the sanitizer build). Now the count is 0 without error and the values round-trip as given.
    const int64_t huge_then_zero[4] = {int64_t{1} << 40, int64_t{1} << 40, 0, 5};
    aclTensorDesc* hz = aclCreateTensorDesc(ACL_FLOAT, 4, huge_then_zero, ACL_FORMAT_ND);
    ASSERT_NE(hz, nullptr);
    EXPECT_EQ(aclGetTensorDescElementCount(hz), 0u);
    EXPECT_EQ(aclGetTensorDescSize(hz), 0u);
    EXPECT_EQ(LastError(), "");
    aclDestroyTensorDesc(hz);
    const int64_t two[1] = {2};
    aclTensorDesc* odd = aclCreateTensorDesc(static_cast<aclDataType>(9999), 1, two, static_cast<aclFormat>(-77));
    ASSERT_NE(odd, nullptr);
    EXPECT_EQ(static_cast<int>(aclGetTensorDescType(odd)), 9999);
    EXPECT_EQ(static_cast<int>(aclGetTensorDescFormat(odd)), -77);
    EXPECT_EQ(aclGetTensorDescElementCount(odd), 2u);
    EXPECT_EQ(aclGetTensorDescSize(odd), 0u);  // no element size: 0 with a message
    EXPECT_TRUE(Contains(LastError(), "data type 9999, which has no element size"));
    aclDestroyTensorDesc(odd);

    EXPECT_EQ(aclCreateTensorDesc(ACL_FLOAT, -1, dims, ACL_FORMAT_ND), nullptr);
    EXPECT_TRUE(Contains(LastError(), "negative"));
    EXPECT_EQ(aclCreateTensorDesc(ACL_FLOAT, 2, nullptr, ACL_FORMAT_ND), nullptr);
    EXPECT_EQ(aclGetTensorDescType(nullptr), ACL_DT_UNDEFINED);
    EXPECT_EQ(aclGetTensorDescFormat(nullptr), ACL_FORMAT_UNDEFINED);
    EXPECT_EQ(aclGetTensorDescSize(nullptr), 0u);
    EXPECT_EQ(aclGetTensorDescElementCount(nullptr), 0u);
    EXPECT_EQ(aclGetTensorDescNumDims(nullptr), 0u);
    aclDestroyTensorDesc(nullptr);  // tolerated
    LastError();
}

TEST(DataBuffer, RecordsAddressAndSize) {
    char storage[16];
    aclDataBuffer* b = aclCreateDataBuffer(storage, sizeof storage);
    ASSERT_NE(b, nullptr);
    EXPECT_EQ(aclGetDataBufferAddr(b), storage);
    EXPECT_EQ(aclGetDataBufferSizeV2(b), 16u);
    EXPECT_EQ(aclGetDataBufferSize(b), 16u);
    ASSERT_EQ(aclUpdateDataBuffer(b, storage + 8, (size_t{1} << 32) + 5), ACL_SUCCESS);
    EXPECT_EQ(aclGetDataBufferAddr(b), storage + 8);
    EXPECT_EQ(aclGetDataBufferSizeV2(b), (size_t{1} << 32) + 5);
    EXPECT_EQ(aclGetDataBufferSize(b), 5u);  // truncated to 32 bits, as CANN
    ASSERT_EQ(aclDestroyDataBuffer(b), ACL_SUCCESS);
    aclDataBuffer* empty = aclCreateDataBuffer(nullptr, 0);  // CANN validates nothing
    ASSERT_NE(empty, nullptr);
    EXPECT_EQ(aclGetDataBufferAddr(empty), nullptr);
    ASSERT_EQ(aclDestroyDataBuffer(empty), ACL_SUCCESS);
    EXPECT_EQ(aclDestroyDataBuffer(nullptr), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclUpdateDataBuffer(nullptr, storage, 1), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclGetDataBufferAddr(nullptr), nullptr);
    EXPECT_EQ(aclGetDataBufferSizeV2(nullptr), 0u);
    LastError();
}

TEST(StaleHandles, DescriptorsAndBuffersOverThousandsOfRounds) {
    // Each round creates and destroys a descriptor and a buffer, then calls through handles destroyed in the
    // last 400 rounds (at most 800 releases ago, inside the 1024-release quarantine): all refused with a
    // message, nothing read, and never equal to a live handle. A wrong-kind handle is refused the same way.
    std::vector<aclTensorDesc*> dead_d;
    std::vector<aclDataBuffer*> dead_b;
    char storage[8];
    for (int round = 0; round < 4000; ++round) {
        const int64_t dims[2] = {round % 7 + 1, 3};
        aclTensorDesc* d = aclCreateTensorDesc(ACL_INT32, 2, dims, ACL_FORMAT_ND);
        aclDataBuffer* b = aclCreateDataBuffer(storage, round);
        ASSERT_NE(d, nullptr);
        ASSERT_NE(b, nullptr);
        ASSERT_EQ(aclGetTensorDescSize(d), static_cast<size_t>((round % 7 + 1) * 3 * 4));
        ASSERT_EQ(aclGetDataBufferSizeV2(b), static_cast<size_t>(round));
        // A buffer is not a descriptor and vice versa.
        ASSERT_EQ(aclGetTensorDescNumDims(reinterpret_cast<const aclTensorDesc*>(b)), 0u);
        ASSERT_EQ(aclGetDataBufferAddr(reinterpret_cast<const aclDataBuffer*>(d)), nullptr);
        const size_t from = dead_d.size() > 400 ? dead_d.size() - 400 : 0;
        for (size_t i = from + round % 13; i < dead_d.size(); i += 13) {
            ASSERT_NE(static_cast<void*>(dead_d[i]), static_cast<void*>(d));
            ASSERT_EQ(aclGetTensorDescType(dead_d[i]), ACL_DT_UNDEFINED) << "round " << round;
            ASSERT_EQ(aclDestroyDataBuffer(dead_b[i]), ACL_ERROR_INVALID_PARAM) << "round " << round;
        }
        if (!dead_d.empty()) {
            aclDestroyTensorDesc(dead_d.back());  // a double destroy: a message, nothing freed
            ASSERT_TRUE(Contains(LastError(), "was released"));
            ASSERT_EQ(aclGetDataBufferSizeV2(dead_b.back()), 0u);
            ASSERT_TRUE(Contains(LastError(), "aclDataBuffer"));
        }
        aclDestroyTensorDesc(d);
        ASSERT_EQ(aclDestroyDataBuffer(b), ACL_SUCCESS);
        dead_d.push_back(d);
        dead_b.push_back(b);
    }
    LastError();
}

}  // namespace
