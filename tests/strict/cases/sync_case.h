// Helpers of the strict-mode catalogue programs for unsynchronized-access and race (tests/strict/sync_cases.cmake),
// on top of strict_case.h: a launch that never synchronises and a device upload that is not yet visible.
#pragma once

#include <cstring>

#include "strict_case.h"

namespace sync_case {

/// aclnnL1LossBackward with reduction none over n-element float32 tensors at the given device addresses, on
/// `stream`, without synchronising (the run needs no workspace; a program whose call asks for one fails).
inline void LaunchL1None(void* grad, void* self, void* target, void* out, int64_t n, aclrtStream stream) {
    aclTensor* g = strict_case::FloatTensor(grad, n);
    aclTensor* s = strict_case::FloatTensor(self, n);
    aclTensor* t = strict_case::FloatTensor(target, n);
    aclTensor* o = strict_case::FloatTensor(out, n);
    uint64_t ws_size = 0;
    aclOpExecutor* ex = nullptr;
    CHECK_OK(aclnnL1LossBackwardGetWorkspaceSize(g, s, t, 0, o, &ws_size, &ex));
    if (ws_size != 0) {
        std::fprintf(stderr, "unexpected workspace of %llu bytes\n", static_cast<unsigned long long>(ws_size));
        std::exit(2);
    }
    CHECK_OK(aclnnL1LossBackward(nullptr, 0, ex, stream));
    CHECK_OK(aclDestroyTensor(g));
    CHECK_OK(aclDestroyTensor(s));
    CHECK_OK(aclDestroyTensor(t));
    CHECK_OK(aclDestroyTensor(o));
}

/// n float32 device elements, every one set to `v` (synchronously).
inline void* DeviceFilled(int64_t n, float v) { return strict_case::DeviceFloats(std::vector<float>(n, v)); }

/// Reads n floats back with a synchronous copy and checks them against `want` (exit 2 when they differ).
inline void ExpectDevice(const void* dev, int64_t n, float want, const char* what) {
    std::vector<float> host(n);
    CHECK_OK(aclrtMemcpy(host.data(), n * sizeof(float), dev, n * sizeof(float), ACL_MEMCPY_DEVICE_TO_HOST));
    for (int64_t i = 0; i < n; ++i) {
        if (host[i] != want) {
            std::fprintf(stderr, "%s: element %lld is %g, expected %g\n", what, static_cast<long long>(i), host[i],
                         want);
            std::exit(2);
        }
    }
}

}  // namespace sync_case
