// The aclnn cache (executor/op_cache.h) under threads: several threads repeat the same foreach call (one key:
// its entry lent to one executor at a time, the others planning in full) and calls of their own, on the default
// stream and on streams of their own, while another thread shrinks and restores the cache (evicting entries that
// are lent). Every result is checked against the host. Run under ThreadSanitizer by CI (the concurrency label).
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <thread>
#include <vector>

#include "executor/op_cache.h"
#include "support/test_util.h"
#include "op/operator_headers.inc"

namespace {

using namespace aclcpu;
using aclcpu_test::Download;
using aclcpu_test::MakeTensor;

constexpr int kTensors = 6;
constexpr int kLen = 40;

struct List {
    aclcpu_test::DeviceBuffer buf{static_cast<size_t>(kTensors) * kLen * 4};
    aclTensorList* list = nullptr;
    List() {
        std::vector<float> h(static_cast<size_t>(kTensors) * kLen);
        for (size_t i = 0; i < h.size(); ++i) h[i] = static_cast<float>(i % 97) - 40.0f;
        aclrtMemcpy(buf.get(), h.size() * 4, h.data(), h.size() * 4, ACL_MEMCPY_HOST_TO_DEVICE);
        std::vector<aclTensor*> t;
        for (int k = 0; k < kTensors; ++k) t.push_back(MakeTensor({kLen}, ACL_FLOAT, buf.as<float>() + k * kLen));
        list = aclCreateTensorList(t.data(), t.size());
    }
    ~List() { aclDestroyTensorList(list); }
};

// x * s into out on `stream`, both phases and a synchronisation; 0 or the first status.
int MulScalar(const aclTensorList* x, float s, aclTensorList* out, aclrtStream stream) {
    aclScalar* sc = aclCreateScalar(&s, ACL_FLOAT);
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    int ret = aclnnForeachMulScalarV2GetWorkspaceSize(x, sc, out, &ws, &ex);
    aclDestroyScalar(sc);
    if (ret == 0) ret = aclnnForeachMulScalarV2(nullptr, ws, ex, stream);
    if (ret == 0) ret = aclrtSynchronizeStream(stream);
    return ret;
}

TEST(OpCacheConcurrency, ThreadsShareAndEvictEntries) {
    SetOpCacheLimit(10000);
    const List x;
    const std::vector<float> hx = Download<float>(x.buf.get(), static_cast<size_t>(kTensors) * kLen);
    constexpr int kThreads = 3;
    constexpr int kRounds = 150;
    std::atomic<bool> stop{false};
    std::atomic<int> failures{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([&, t] {
            List out;  // this thread's output: its own key; the scalar below is shared by every thread
            aclrtSetDevice(0);
            aclrtStream stream = nullptr;
            if (t % 2 == 1) aclrtCreateStream(&stream);
            for (int r = 0; r < kRounds && failures.load() == 0; ++r) {
                const float s = r % 3 == 0 ? 0.5f : static_cast<float>(t + 2);
                if (MulScalar(x.list, s, out.list, stream) != 0) {
                    failures.fetch_add(1);
                    break;
                }
                const std::vector<float> o = Download<float>(out.buf.get(), hx.size());
                for (size_t i = 0; i < o.size(); ++i) {
                    if (o[i] != hx[i] * s) {
                        failures.fetch_add(1);
                        break;
                    }
                }
            }
            if (stream != nullptr) aclrtDestroyStream(stream);
        });
    }
    std::thread shrinker([&] {
        for (int r = 0; !stop.load(); ++r) {
            SetOpCacheLimit(r % 2 == 0 ? 1 : 10000);
            std::this_thread::yield();
        }
    });
    for (std::thread& th : threads) th.join();
    stop = true;
    shrinker.join();
    SetOpCacheLimit(10000);
    EXPECT_EQ(failures.load(), 0);
    const OpCacheStats st = GetOpCacheStats();
    EXPECT_GT(st.hits, 0u);    // repeated calls found their entries ...
    EXPECT_GT(st.misses, 0u);  // ... and missed them while lent or evicted
    std::printf("hits %llu misses %llu\n", static_cast<unsigned long long>(st.hits),
                static_cast<unsigned long long>(st.misses));
}

}  // namespace
