// The rt* subset (include/runtime/rt.h, libruntime.so): status codes from CANN's headers, one memory
// registry and one set of streams with the acl API, contexts, and rt calls before aclInit.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_l1_loss_backward.h"
#include "support/test_util.h"
#include "runtime/rt.h"

namespace {
using namespace aclcpu_test;

// CANN's values (hicann/runtime pkg_inc/runtime/rt_external_mem.h, rt_error_codes.h), checked literally so
// a changed header cannot pass unnoticed.
TEST(RtApi, HeaderValuesAreCanns) {
    EXPECT_EQ(RT_ERROR_NONE, 0);
    EXPECT_EQ(RT_MEMCPY_HOST_TO_HOST, 0);
    EXPECT_EQ(RT_MEMCPY_HOST_TO_DEVICE, 1);
    EXPECT_EQ(RT_MEMCPY_DEVICE_TO_HOST, 2);
    EXPECT_EQ(RT_MEMCPY_DEVICE_TO_DEVICE, 3);
    EXPECT_EQ(RT_MEMCPY_DEFAULT, 8);
    EXPECT_EQ(RT_MEMORY_HBM, 0x2U);
    EXPECT_EQ(RT_MEMORY_POLICY_HUGE_PAGE_ONLY, 0x800U);
    EXPECT_EQ(RT_MEMORY_POLICY_DEFAULT_PAGE_ONLY, 0x1000U);
    EXPECT_EQ(RT_OVERFLOW_MODE_INFNAN, 1);
    EXPECT_EQ(ACL_ERROR_RT_STREAM_SYNC_TIMEOUT, 507046);
}

TEST(RtApi, MallocMemcpyFreeRoundTripSharesTheAclRegistry) {
    ASSERT_EQ(rtSetDevice(0), RT_ERROR_NONE);
    void* dev = nullptr;
    // What TTK asks for: RT_MEMORY_HBM | a page policy, module id 58 (TBE).
    ASSERT_EQ(rtMalloc(&dev, 4096, RT_MEMORY_HBM | RT_MEMORY_POLICY_HUGE_PAGE_ONLY, 58), RT_ERROR_NONE);
    ASSERT_NE(dev, nullptr);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(dev) % 64, 0u);
    std::vector<uint8_t> src(4096), back(4096, 0);
    for (size_t i = 0; i < src.size(); ++i) src[i] = static_cast<uint8_t>(i * 7 + 3);
    ASSERT_EQ(rtMemcpy(dev, 4096, src.data(), 4096, RT_MEMCPY_HOST_TO_DEVICE), RT_ERROR_NONE);
    // The block is an aclrtMalloc block: the acl API reads it and its bounds apply.
    ASSERT_EQ(aclrtMemcpy(back.data(), 4096, dev, 4096, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    EXPECT_EQ(back, src);
    EXPECT_EQ(aclrtMemcpy(back.data(), 4096, static_cast<uint8_t*>(dev) + 1, 4096, ACL_MEMCPY_DEVICE_TO_HOST),
              ACL_ERROR_RT_PARAM_INVALID);
    std::fill(back.begin(), back.end(), 0);
    ASSERT_EQ(rtMemcpy(back.data(), 4096, dev, 4096, RT_MEMCPY_DEVICE_TO_HOST), RT_ERROR_NONE);
    EXPECT_EQ(back, src);
    ASSERT_EQ(rtFree(dev), RT_ERROR_NONE);
    // Freed: rtFree again and copies into it fail like the acl calls (quarantine).
    EXPECT_EQ(rtFree(dev), ACL_ERROR_RT_MEMORY_FREE);
    EXPECT_EQ(rtMemcpy(dev, 16, src.data(), 16, RT_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(src[0], 3);  // nothing written into the source
}

TEST(RtApi, AclMemoryFreedByRtFree) {
    void* dev = nullptr;
    ASSERT_EQ(aclrtMalloc(&dev, 256, ACL_MEM_MALLOC_NORMAL_ONLY), ACL_SUCCESS);
    EXPECT_EQ(rtFree(dev), RT_ERROR_NONE);
    EXPECT_EQ(aclrtFree(dev), ACL_ERROR_RT_MEMORY_FREE);
}

TEST(RtApi, MallocArgumentErrors) {
    void* dev = reinterpret_cast<void*>(0x1234);
    EXPECT_EQ(rtMalloc(nullptr, 64, RT_MEMORY_HBM, 0), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(rtMalloc(&dev, 64, 0x81U /* RT_MEMORY_HOST */, 0), ACL_ERROR_RT_INVALID_MEMORY_TYPE);
    EXPECT_NE(LastError().find("memory type 0x81"), std::string::npos) << LastError();
    EXPECT_EQ(
        rtMalloc(&dev, 64, RT_MEMORY_HBM | RT_MEMORY_POLICY_HUGE_PAGE_ONLY | RT_MEMORY_POLICY_DEFAULT_PAGE_ONLY, 0),
        ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(dev, reinterpret_cast<void*>(0x1234));                             // nothing written on failure
    EXPECT_EQ(rtMalloc(&dev, 0, RT_MEMORY_HBM, 0), ACL_ERROR_RT_PARAM_INVALID);  // aclrtMalloc's rule, mapped
    EXPECT_EQ(dev, reinterpret_cast<void*>(0x1234));
    int unknown = 0;
    EXPECT_EQ(rtFree(&unknown), ACL_ERROR_RT_MEMORY_FREE);
    EXPECT_EQ(rtFree(nullptr), ACL_ERROR_RT_PARAM_INVALID);  // aclrtFree(NULL): 100000 -> 107000
}

TEST(RtApi, MemcpyKindsAndSizes) {
    void* dev = nullptr;
    ASSERT_EQ(rtMalloc(&dev, 64, RT_MEMORY_DEFAULT, 0), RT_ERROR_NONE);
    uint8_t host[64] = {1, 2, 3};
    EXPECT_EQ(rtMemcpy(dev, 64, host, 0, static_cast<rtMemcpyKind_t>(99)), RT_ERROR_NONE);  // cnt 0: CANN returns first
    EXPECT_EQ(rtMemcpy(dev, 64, host, 64, RT_MEMCPY_MANAGED), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(rtMemcpy(dev, 64, host, 64, static_cast<rtMemcpyKind_t>(-1)), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(rtMemcpy(dev, 32, host, 64, RT_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_RT_PARAM_INVALID);  // cnt > destMax
    EXPECT_EQ(rtMemcpy(dev, 64, host, 64, RT_MEMCPY_DEFAULT), RT_ERROR_NONE);
    uint8_t back[64] = {0};
    EXPECT_EQ(rtMemcpy(back, 64, dev, 64, RT_MEMCPY_DEVICE_TO_HOST), RT_ERROR_NONE);
    EXPECT_EQ(std::memcmp(back, host, 64), 0);
    // A host pointer given as the device side of HOST_TO_DEVICE is refused (acl rule).
    EXPECT_EQ(rtMemcpy(back, 64, host, 64, RT_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(rtFree(dev), RT_ERROR_NONE);
}

TEST(RtApi, StreamsAreAclStreams) {
    rtStream_t s = nullptr;
    ASSERT_EQ(rtStreamCreate(&s, 0), RT_ERROR_NONE);
    EXPECT_EQ(rtStreamSynchronize(s), RT_ERROR_NONE);
    EXPECT_EQ(rtStreamSynchronizeWithTimeout(s, 1000), RT_ERROR_NONE);
    EXPECT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS);  // the same object
    // An operator launched on it through the acl API is waited for by rtStreamSynchronize.
    HostTensor g = FloatTensor({4}, {1, 1, 1, 1});
    HostTensor a = FloatTensor({4}, {1, 2, 3, 4});
    HostTensor b = FloatTensor({4}, {4, 3, 2, 1});
    HostTensor out = EmptyTensor({4}, ACL_FLOAT);
    uint64_t ws = 0;
    aclOpExecutor* exec = nullptr;
    ASSERT_EQ(aclnnL1LossBackwardGetWorkspaceSize(g.tensor, a.tensor, b.tensor, 0, out.tensor, &ws, &exec), 0);
    ASSERT_EQ(aclnnL1LossBackward(nullptr, 0, exec, s), 0);
    ASSERT_EQ(rtStreamSynchronize(s), RT_ERROR_NONE);
    EXPECT_EQ(Download<float>(out.buffer.get(), 4), (std::vector<float>{-1, -1, 1, 1}));
    EXPECT_EQ(rtStreamDestroy(s), RT_ERROR_NONE);
    EXPECT_EQ(rtStreamDestroy(s), ACL_ERROR_RT_INVALID_HANDLE);
    EXPECT_EQ(rtStreamSynchronize(s), ACL_ERROR_RT_INVALID_HANDLE);
    EXPECT_EQ(rtStreamCreate(nullptr, 0), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(rtStreamSynchronize(nullptr), RT_ERROR_NONE);  // the default stream
}

TEST(RtApi, Contexts) {
    rtContext_t ctx = nullptr, cur = nullptr;
    int32_t dev = -1;
    // CANN's codes and order (hicann/runtime api_c.cc rtCtxCreate, api_error.cc ContextCreate, and its UT
    // test_some_invalid_input_for_context_api_in_david); before the hostile test, GEN_MODE was accepted, flags
    // 2 refused with 107000, and null/stale contexts got 107017.
    EXPECT_EQ(rtCtxCreate(&ctx, RT_CTX_GEN_MODE, 0), ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
    EXPECT_EQ(rtCtxCreate(nullptr, RT_CTX_GEN_MODE, 1), ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
    EXPECT_EQ(rtCtxCreate(&ctx, RT_CTX_NORMAL_MODE, 8), ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_EQ(rtCtxCreate(nullptr, RT_CTX_NORMAL_MODE, 8), ACL_ERROR_RT_INVALID_DEVICEID);  // the id first
    EXPECT_EQ(rtCtxCreate(nullptr, RT_CTX_NORMAL_MODE, 0), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(rtCtxDestroy(nullptr), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(rtCtxSetCurrent(nullptr), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(ctx, nullptr);
    ASSERT_EQ(rtCtxCreate(&ctx, RT_CTX_NORMAL_MODE, 0), RT_ERROR_NONE);
    ASSERT_EQ(rtCtxGetCurrent(&cur), RT_ERROR_NONE);
    EXPECT_EQ(cur, ctx);
    ASSERT_EQ(rtCtxGetDevice(&dev), RT_ERROR_NONE);
    EXPECT_EQ(dev, 0);
    rtContext_t other = nullptr;
    ASSERT_EQ(rtCtxCreate(&other, 2, 0), RT_ERROR_NONE);  // flags other than GEN_MODE are not checked (CANN)
    EXPECT_NE(other, ctx);
    ASSERT_EQ(rtCtxSetCurrent(ctx), RT_ERROR_NONE);
    ASSERT_EQ(rtCtxGetCurrent(&cur), RT_ERROR_NONE);
    EXPECT_EQ(cur, ctx);
    EXPECT_EQ(rtCtxSynchronize(), RT_ERROR_NONE);
    ASSERT_EQ(rtCtxDestroy(ctx), RT_ERROR_NONE);
    // The thread is back in device 0's default context (as after aclrtDestroyContext, the same objects).
    ASSERT_EQ(rtCtxGetCurrent(&cur), RT_ERROR_NONE);
    EXPECT_NE(cur, ctx);
    aclrtContext acl_cur = nullptr;
    ASSERT_EQ(aclrtGetCurrentContext(&acl_cur), ACL_SUCCESS);
    EXPECT_EQ(acl_cur, cur);
    EXPECT_EQ(rtCtxDestroy(ctx), ACL_ERROR_RT_CONTEXT_NULL);     // destroyed
    EXPECT_EQ(rtCtxSetCurrent(ctx), ACL_ERROR_RT_PARAM_INVALID);  // stale handles stay invalid
    EXPECT_EQ(rtCtxDestroy(reinterpret_cast<rtContext_t>(&dev)), ACL_ERROR_RT_CONTEXT_NULL);  // never a context
    EXPECT_EQ(rtCtxSetCurrent(nullptr), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(rtCtxGetCurrent(nullptr), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(rtCtxDestroy(other), RT_ERROR_NONE);
    // One kind of context for both APIs: made by one, current and destroyed through the other.
    aclrtContext made = nullptr;
    ASSERT_EQ(aclrtCreateContext(&made, 0), ACL_SUCCESS);
    ASSERT_EQ(rtCtxGetCurrent(&cur), RT_ERROR_NONE);
    EXPECT_EQ(cur, made);
    ASSERT_EQ(rtCtxDestroy(made), RT_ERROR_NONE);
    EXPECT_EQ(aclrtDestroyContext(made), ACL_ERROR_RT_CONTEXT_NULL);
    ASSERT_EQ(rtCtxCreate(&ctx, RT_CTX_NORMAL_MODE, 0), RT_ERROR_NONE);
    ASSERT_EQ(aclrtGetCurrentContext(&acl_cur), ACL_SUCCESS);
    EXPECT_EQ(acl_cur, ctx);
    EXPECT_EQ(aclrtDestroyContext(ctx), ACL_SUCCESS);
    EXPECT_EQ(rtCtxSetCurrent(ctx), ACL_ERROR_RT_PARAM_INVALID);
}

TEST(RtApi, DevicesAndModes) {
    int32_t n = 0, dev = -1;
    EXPECT_EQ(rtGetDeviceCount(&n), RT_ERROR_NONE);
    EXPECT_EQ(n, 8);
    EXPECT_EQ(rtGetDeviceCount(nullptr), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(rtSetDevice(8), ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_EQ(rtSetDevice(0), RT_ERROR_NONE);
    EXPECT_EQ(rtGetDevice(&dev), RT_ERROR_NONE);
    EXPECT_EQ(dev, 0);
    EXPECT_EQ(rtSetDeviceSatMode(RT_OVERFLOW_MODE_INFNAN), RT_ERROR_NONE);
    EXPECT_EQ(rtSetDeviceSatMode(RT_OVERFLOW_MODE_SATURATION), ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
    EXPECT_EQ(rtSetDeviceSatMode(RT_OVERFLOW_MODE_UNDEF), ACL_ERROR_RT_PARAM_INVALID);
    EXPECT_EQ(rtSetTaskFailCallback(nullptr), RT_ERROR_NONE);
    EXPECT_EQ(rtDeviceReset(0), RT_ERROR_NONE);
    EXPECT_EQ(rtGetDevice(&dev), ACL_ERROR_RT_CONTEXT_NULL);
    EXPECT_EQ(rtDeviceReset(8), ACL_ERROR_RT_INVALID_DEVICEID);
    EXPECT_EQ(rtSetDevice(0), RT_ERROR_NONE);
}

// CANN's rt calls need no aclInit: after aclFinalize an rt call opens the runtime again, and a later
// aclInit still succeeds (then a second one is refused as usual). The global environment's aclInit state
// is restored at the end.
TEST(RtApi, WorksWithoutAclInit) {
    ASSERT_EQ(aclFinalize(), ACL_SUCCESS);
    void* blocked = nullptr;
    EXPECT_EQ(aclrtMalloc(&blocked, 64, ACL_MEM_MALLOC_NORMAL_ONLY), ACL_ERROR_UNINITIALIZE);
    void* dev = nullptr;
    ASSERT_EQ(rtSetDevice(0), RT_ERROR_NONE);
    ASSERT_EQ(rtMalloc(&dev, 64, RT_MEMORY_HBM, 0), RT_ERROR_NONE);
    EXPECT_EQ(aclInit(nullptr), ACL_SUCCESS);  // adopts the open runtime: the block survives
    EXPECT_EQ(aclInit(nullptr), ACL_ERROR_REPEAT_INITIALIZE);
    EXPECT_EQ(rtFree(dev), RT_ERROR_NONE);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
}

}  // namespace
