// Several emulated devices (docs/runtime.md, "Devices"): ACLCPU_DEVICE_COUNT, the device per thread, each
// device's default context and default stream, device-scoped synchronisation and reset, contexts on other
// devices, memory attributed to its device, copies between devices and the peer-access calls with CANN's codes.
#include <pthread.h>
#include <stdlib.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "acl/acl.h"
#include "runtime/runtime.h"
#include "support/test_util.h"

namespace {

using aclcpu_test::LastError;

bool Contains(const std::string& s, const char* part) { return s.find(part) != std::string::npos; }

TEST(MultiDevice, EightDevicesEachThreadItsOwn) {
    uint32_t count = 0;
    ASSERT_EQ(aclrtGetDeviceCount(&count), ACL_SUCCESS);
    ASSERT_EQ(count, 8u);
    std::vector<aclrtContext> ctx(8, nullptr), again(8, nullptr);
    std::vector<int32_t> seen(8, -1);
    std::vector<std::thread> threads;
    for (int d = 0; d < 8; ++d) {
        threads.emplace_back([&, d] {
            if (aclrtSetDevice(d) != ACL_SUCCESS) return;
            aclrtGetDevice(&seen[d]);
            aclrtGetCurrentContext(&ctx[d]);
            aclrtSetDevice(d);  // the same default context again
            aclrtGetCurrentContext(&again[d]);
            aclrtResetDevice(d);
        });
    }
    for (auto& t : threads) t.join();
    std::set<aclrtContext> distinct;
    for (int d = 0; d < 8; ++d) {
        EXPECT_EQ(seen[d], d);
        ASSERT_NE(ctx[d], nullptr);
        EXPECT_EQ(ctx[d], again[d]);
        distinct.insert(ctx[d]);
    }
    EXPECT_EQ(distinct.size(), 8u);  // one default context per device
    EXPECT_EQ(aclrtSetDevice(8), ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_TRUE(Contains(LastError(), "0 to 7"));
    int32_t dev = -1;
    ASSERT_EQ(aclrtGetDevice(&dev), ACL_SUCCESS);  // this thread's choice is untouched by the others
    EXPECT_EQ(dev, 0);
}

TEST(MultiDevice, ContextOnAnotherDeviceCarriesItsDevice) {
    aclrtContext ctx = nullptr;
    ASSERT_EQ(aclrtCreateContext(&ctx, 5), ACL_SUCCESS);
    int32_t dev = -1;
    ASSERT_EQ(aclrtGetDevice(&dev), ACL_SUCCESS);
    EXPECT_EQ(dev, 5);
    std::thread other([&] {
        int32_t d = -1;
        if (aclrtSetCurrentContext(ctx) == ACL_SUCCESS) aclrtGetDevice(&d);
        EXPECT_EQ(d, 5);
    });
    other.join();
    ASSERT_EQ(aclrtDestroyContext(ctx), ACL_SUCCESS);
    ASSERT_EQ(aclrtSetDevice(3), ACL_SUCCESS);
    aclrtContext def3 = nullptr;
    ASSERT_EQ(aclrtGetCurrentContext(&def3), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyContext(def3), ACL_ERROR_RT_CONTEXT_NULL);
    EXPECT_TRUE(Contains(LastError(), "default context of device 3"));
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
}

// A callback that holds its stream until released.
struct Gate {
    std::atomic<bool> entered{false}, open{false};
};
void Hold(void* p) {
    Gate* g = static_cast<Gate*>(p);
    g->entered = true;
    while (!g->open.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

TEST(MultiDevice, SynchronizeAndResetWaitForTheirOwnDeviceOnly) {
    aclrtStream s0 = nullptr;
    ASSERT_EQ(aclrtCreateStream(&s0), ACL_SUCCESS);  // on device 0
    std::atomic<bool> stop{false};
    std::atomic<uint64_t> reporter{0};
    std::thread report([&] {
        reporter = static_cast<uint64_t>(pthread_self());
        while (!stop) aclrtProcessReport(20);
    });
    while (reporter.load() == 0) std::this_thread::yield();
    ASSERT_EQ(aclrtSubscribeReport(reporter.load(), s0), ACL_SUCCESS);
    Gate gate;
    ASSERT_EQ(aclrtLaunchCallback(&Hold, &gate, ACL_CALLBACK_BLOCK, s0), ACL_SUCCESS);
    while (!gate.entered.load()) std::this_thread::yield();  // device 0's stream is now busy until the gate opens
    aclError sync1 = ACL_ERROR_RT_INTERNAL_ERROR, reset1 = ACL_ERROR_RT_INTERNAL_ERROR;
    std::thread dev1([&] {
        if (aclrtSetDevice(1) != ACL_SUCCESS) return;
        sync1 = aclrtSynchronizeDevice();  // device 1 has nothing pending: returns with device 0 still busy
        reset1 = aclrtResetDevice(1);
    });
    dev1.join();
    EXPECT_EQ(sync1, ACL_SUCCESS);
    EXPECT_EQ(reset1, ACL_SUCCESS);
    EXPECT_FALSE(gate.open.load());
    gate.open = true;
    EXPECT_EQ(aclrtSynchronizeDevice(), ACL_SUCCESS);  // device 0's: waits for the callback
    EXPECT_EQ(aclrtUnSubscribeReport(reporter.load(), s0), ACL_SUCCESS);
    stop = true;
    report.join();
    EXPECT_EQ(aclrtDestroyStream(s0), ACL_SUCCESS);
}

TEST(MultiDevice, MemoryBelongsToItsDeviceAndCopiesAcrossDevices) {
    void* a = nullptr;
    ASSERT_EQ(aclrtMalloc(&a, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    EXPECT_EQ(aclcpu::rt::BlockDevice(a), 0);
    ASSERT_EQ(aclrtSetDevice(6), ACL_SUCCESS);
    void* b = nullptr;
    ASSERT_EQ(aclrtMalloc(&b, 64, ACL_MEM_MALLOC_HUGE_FIRST_P2P), ACL_SUCCESS);
    EXPECT_EQ(aclcpu::rt::BlockDevice(b), 6);
    EXPECT_EQ(aclcpu::rt::BlockDevice(static_cast<char*>(b) + 63), 6);
    void* h = nullptr;
    ASSERT_EQ(aclrtMallocHost(&h, 64), ACL_SUCCESS);
    EXPECT_EQ(aclcpu::rt::BlockDevice(h), -1);
    size_t free_b = 0, total_b = 0;
    ASSERT_EQ(aclrtGetMemInfo(ACL_HBM_MEM, &free_b, &total_b), ACL_SUCCESS);
    EXPECT_GT(total_b, 0u);
    EXPECT_LE(free_b, total_b - 64);  // device 6's block is not free to device 6
    // device 0 -> device 6 and back, synchronous and on device 6's default stream
    unsigned char pattern[64];
    for (int i = 0; i < 64; ++i) pattern[i] = static_cast<unsigned char>(i * 7 + 1);
    ASSERT_EQ(aclrtMemcpy(a, 64, pattern, 64, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemcpy(b, 64, a, 64, ACL_MEMCPY_DEVICE_TO_DEVICE), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemcpyAsync(h, 64, b, 64, ACL_MEMCPY_DEVICE_TO_HOST, nullptr), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeDevice(), ACL_SUCCESS);
    EXPECT_EQ(std::memcmp(h, pattern, 64), 0);
    EXPECT_EQ(aclrtFree(b), ACL_SUCCESS);
    EXPECT_EQ(aclrtFreeHost(h), ACL_SUCCESS);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(a), ACL_SUCCESS);
}

TEST(MultiDevice, PeerAccessCallsAndCodes) {
    int32_t can = -1;
    ASSERT_EQ(aclrtDeviceCanAccessPeer(&can, 0, 7), ACL_SUCCESS);
    EXPECT_EQ(can, 1);
    EXPECT_EQ(aclrtDeviceCanAccessPeer(&can, 2, 2), ACL_ERROR_INVALID_PARAM);
    EXPECT_TRUE(Contains(LastError(), "cannot be equal"));
    EXPECT_EQ(aclrtDeviceCanAccessPeer(&can, 0, 8), ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_EQ(aclrtDeviceCanAccessPeer(&can, -1, 0), ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_EQ(aclrtDeviceCanAccessPeer(nullptr, 0, 1), ACL_ERROR_INVALID_PARAM);
    EXPECT_EQ(aclrtDeviceEnablePeerAccess(1, 1), ACL_ERROR_FEATURE_UNSUPPORTED);
    EXPECT_TRUE(Contains(LastError(), "must be 0"));
    EXPECT_EQ(aclrtDeviceEnablePeerAccess(0, 0), ACL_ERROR_INVALID_PARAM);  // the current device itself
    EXPECT_EQ(aclrtDeviceEnablePeerAccess(64, 0), ACL_ERROR_RT_INVALID_DEVICEID);
    int32_t status = -1;
    ASSERT_EQ(aclrtDevicePeerAccessStatus(0, 1, &status), ACL_SUCCESS);
    EXPECT_EQ(status, 0);
    ASSERT_EQ(aclrtDeviceEnablePeerAccess(1, 0), ACL_SUCCESS);
    ASSERT_EQ(aclrtDeviceEnablePeerAccess(1, 0), ACL_SUCCESS);  // twice is fine
    ASSERT_EQ(aclrtDevicePeerAccessStatus(0, 1, &status), ACL_SUCCESS);
    EXPECT_EQ(status, 1);
    ASSERT_EQ(aclrtDevicePeerAccessStatus(1, 0, &status), ACL_SUCCESS);
    EXPECT_EQ(status, 0);  // one direction only
    EXPECT_TRUE(aclcpu::rt::PeerAccessEnabled(0, 1));
    EXPECT_FALSE(aclcpu::rt::PeerAccessEnabled(1, 0));
    ASSERT_EQ(aclrtDeviceDisablePeerAccess(1), ACL_SUCCESS);
    ASSERT_EQ(aclrtDevicePeerAccessStatus(0, 1, &status), ACL_SUCCESS);
    EXPECT_EQ(status, 0);
    EXPECT_EQ(aclrtDevicePeerAccessStatus(0, 1, nullptr), ACL_ERROR_INVALID_PARAM);
}

TEST(MultiDevice, PeerAccessNeedsADeviceOnTheThread) {
    aclError enable = ACL_SUCCESS, disable = ACL_SUCCESS;
    std::thread t([&] {  // a thread that never chose a device
        enable = aclrtDeviceEnablePeerAccess(1, 0);
        disable = aclrtDeviceDisablePeerAccess(1);
    });
    t.join();
    EXPECT_EQ(enable, ACL_ERROR_RT_CONTEXT_NULL);
    EXPECT_EQ(disable, ACL_ERROR_RT_CONTEXT_NULL);
}

TEST(MultiDevice, DeviceCountVariable) {
    ASSERT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
    ASSERT_EQ(aclFinalize(), ACL_SUCCESS);
    for (const char* bad : {"0", "65", "-1", "8x", "two", " 4", "+4"}) {
        setenv("ACLCPU_DEVICE_COUNT", bad, 1);
        EXPECT_EQ(aclInit(nullptr), ACL_ERROR_FILE_ATTR_INVALID) << bad;
        EXPECT_TRUE(Contains(LastError(), "ACLCPU_DEVICE_COUNT")) << bad;
        uint32_t n = 0;  // and aclrtGetDeviceCount, which works before aclInit, says so too
        EXPECT_EQ(aclrtGetDeviceCount(&n), ACL_ERROR_FILE_ATTR_INVALID) << bad;
    }
    setenv("ACLCPU_DEVICE_COUNT", "2", 1);
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
    uint32_t count = 0;
    EXPECT_EQ(aclrtGetDeviceCount(&count), ACL_SUCCESS);
    EXPECT_EQ(count, 2u);
    EXPECT_EQ(aclrtSetDevice(1), ACL_SUCCESS);
    EXPECT_EQ(aclrtSetDevice(2), ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_TRUE(Contains(LastError(), "2 devices"));
    EXPECT_EQ(aclrtResetDevice(1), ACL_SUCCESS);
    ASSERT_EQ(aclFinalize(), ACL_SUCCESS);
    setenv("ACLCPU_DEVICE_COUNT", "64", 1);
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
    EXPECT_EQ(aclrtSetDevice(63), ACL_SUCCESS);
    ASSERT_EQ(aclFinalize(), ACL_SUCCESS);
    setenv("ACLCPU_DEVICE_COUNT", "2", 1);
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
    int32_t dev = -1;
    EXPECT_EQ(aclrtGetDevice(&dev), ACL_ERROR_RT_CONTEXT_NULL);  // device 63 did not survive into a 2-device runtime
    ASSERT_EQ(aclFinalize(), ACL_SUCCESS);
    unsetenv("ACLCPU_DEVICE_COUNT");
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
}

}  // namespace
