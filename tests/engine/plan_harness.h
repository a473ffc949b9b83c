// Shared by the engine capability tests (multi-output, tensor-list and axis-reduction plans): float32 test
// rows over the engine's row contract (kernels/row.h), device buffers filled from host vectors, and running a
// published executor through the generic second phase on the default stream.
#pragma once

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <cstring>
#include <vector>

#include "executor/executor.h"
#include "kernels/row.h"
#include "support/test_util.h"

namespace engine_test {

using aclcpu_test::DeviceBuffer;

/// Parameters of the test rows: out0 = a * alpha + b, out1 = a - b (two outputs), or out0 only.
struct AxpyParams {
    float alpha = 1.0f;
};

/// What the last selector call was asked (for the streaming-store decision).
inline std::atomic<int>& LastNontemporal() {
    static std::atomic<int> v{-1};
    return v;
}

/// One output: out = a * alpha + b (FLOAT operands, any byte strides).
inline void AxpyRow(const void* params, const aclDataType*, char* const* p, const int64_t* st, int64_t n) {
    const float alpha = static_cast<const AxpyParams*>(params)->alpha;
    for (int64_t i = 0; i < n; ++i) {
        float a, b;
        std::memcpy(&a, p[1] + i * st[1], 4);
        std::memcpy(&b, p[2] + i * st[2], 4);
        const float r = a * alpha + b;
        std::memcpy(p[0] + i * st[0], &r, 4);
    }
}

/// Two outputs: out0 = a * alpha + b, out1 = a - b (operands out0, out1, a, b).
inline void Axpy2Row(const void* params, const aclDataType*, char* const* p, const int64_t* st, int64_t n) {
    const float alpha = static_cast<const AxpyParams*>(params)->alpha;
    for (int64_t i = 0; i < n; ++i) {
        float a, b;
        std::memcpy(&a, p[2] + i * st[2], 4);
        std::memcpy(&b, p[3] + i * st[3], 4);
        const float r0 = a * alpha + b, r1 = a - b;
        std::memcpy(p[0] + i * st[0], &r0, 4);
        std::memcpy(p[1] + i * st[1], &r1, 4);
    }
}

inline aclcpu::kern::RowFn SelectAxpy(const void*, const aclDataType*, const int64_t*, bool nontemporal) {
    LastNontemporal() = nontemporal ? 1 : 0;
    return &AxpyRow;
}

inline aclcpu::kern::RowFn SelectAxpy2(const void*, const aclDataType*, const int64_t*, bool nontemporal) {
    LastNontemporal() = nontemporal ? 1 : 0;
    return &Axpy2Row;
}

/// Device memory holding `v`.
inline DeviceBuffer Upload(const std::vector<float>& v) {
    DeviceBuffer b(v.size() * sizeof(float) + 64);
    if (!v.empty()) {
        EXPECT_EQ(aclrtMemcpy(b.get(), b.bytes(), v.data(), v.size() * sizeof(float), ACL_MEMCPY_HOST_TO_DEVICE),
                  ACL_SUCCESS);
    }
    return b;
}

/// Deterministic float values: small multiples of 1/8 (exact sums), varied by `seed`.
inline std::vector<float> Values(size_t n, uint32_t seed) {
    std::vector<float> v(n);
    uint32_t x = seed * 2654435761u + 12345u;
    for (size_t i = 0; i < n; ++i) {
        x = x * 1664525u + 1013904223u;
        v[i] = static_cast<float>(static_cast<int>((x >> 8) % 65) - 32) * 0.125f;
    }
    return v;
}

/// Runs the second phase of `ex` with a fresh workspace of `ws` bytes on the default stream and waits.
/// Returns the first non-zero status.
inline int Launch(aclOpExecutor* ex, uint64_t ws) {
    DeviceBuffer w;
    if (ws > 0) w = DeviceBuffer(ws);
    if (int ret = aclcpu::RunExecutor(w.get(), ws, ex, nullptr, "engine_test")) return ret;
    return aclrtSynchronizeStream(nullptr);
}

}  // namespace engine_test
