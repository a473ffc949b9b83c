// Helpers of the strict-mode catalogue programs (tests/strict): each program is a small CANN-style host
// program with one bug (or none, for the clean one). A failing API call is a broken test, not a finding: the
// program prints it and exits with status 2, which the harness reports as a failure.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_l1_loss_backward.h"

#define CHECK_OK(expr)                                                                            \
    do {                                                                                          \
        const int ret_ = static_cast<int>(expr);                                                  \
        if (ret_ != 0) {                                                                          \
            const char* msg_ = aclGetRecentErrMsg();                                              \
            std::fprintf(stderr, "%s:%d: %s returned %d (%s)\n", __FILE__, __LINE__, #expr, ret_, \
                         msg_ != nullptr ? msg_ : "no message");                                  \
            std::exit(2);                                                                         \
        }                                                                                         \
    } while (0)

namespace strict_case {

/// aclInit, device 0, one stream.
inline aclrtStream Open() {
    CHECK_OK(aclInit(nullptr));
    CHECK_OK(aclrtSetDevice(0));
    aclrtStream stream = nullptr;
    CHECK_OK(aclrtCreateStream(&stream));
    return stream;
}

/// The stream destroyed, the device reset, aclFinalize.
inline void Close(aclrtStream stream) {
    CHECK_OK(aclrtDestroyStream(stream));
    CHECK_OK(aclrtResetDevice(0));
    CHECK_OK(aclFinalize());
}

/// A contiguous float32 ND tensor of `n` elements over device memory at `dev`.
inline aclTensor* FloatTensor(void* dev, int64_t n) {
    const int64_t shape[1] = {n};
    const int64_t strides[1] = {1};
    aclTensor* t = aclCreateTensor(shape, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 1, dev);
    if (t == nullptr) {
        std::fprintf(stderr, "aclCreateTensor failed\n");
        std::exit(2);
    }
    return t;
}

/// A device block of n floats holding `values` (copied host to device).
inline void* DeviceFloats(const std::vector<float>& values) {
    void* dev = nullptr;
    const size_t bytes = values.size() * sizeof(float);
    CHECK_OK(aclrtMalloc(&dev, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMemcpy(dev, bytes, values.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE));
    return dev;
}

/// Runs aclnnL1LossBackward (reduction mean) over n-element tensors at the given device addresses on
/// `stream`, without synchronising.
inline void LaunchL1(void* grad, void* self, void* target, void* out, int64_t n, aclrtStream stream) {
    aclTensor* g = FloatTensor(grad, 1);
    aclTensor* s = FloatTensor(self, n);
    aclTensor* t = FloatTensor(target, n);
    aclTensor* o = FloatTensor(out, n);
    uint64_t ws_size = 0;
    aclOpExecutor* ex = nullptr;
    CHECK_OK(aclnnL1LossBackwardGetWorkspaceSize(g, s, t, 1, o, &ws_size, &ex));
    void* ws = nullptr;
    if (ws_size > 0) CHECK_OK(aclrtMalloc(&ws, ws_size, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclnnL1LossBackward(ws, ws_size, ex, stream));
    if (ws != nullptr) {
        CHECK_OK(aclrtSynchronizeStream(stream));  // the workspace is in use until the run is over
        CHECK_OK(aclrtFree(ws));
    }
    CHECK_OK(aclDestroyTensor(g));
    CHECK_OK(aclDestroyTensor(s));
    CHECK_OK(aclDestroyTensor(t));
    CHECK_OK(aclDestroyTensor(o));
}

}  // namespace strict_case
