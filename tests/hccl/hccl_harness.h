// Test harness of the collectives (tests/hccl): n ranks as threads of this process, each on its own stream,
// joined by HcclGetRootInfo + HcclCommInitRootInfoConfig; independent host references of the rank-ordered
// reductions (own binary16 / bfloat16 conversions, not the library's).
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "hccl/hccl.h"

namespace hccl_test {

inline uint32_t DeviceCount() {
    uint32_t n = 0;
    if (aclrtGetDeviceCount(&n) != ACL_SUCCESS) return 0;
    return n;
}

/// A rank's environment inside Run: its communicator and its own stream.
struct Rank {
    uint32_t rank;
    uint32_t size;
    HcclComm comm;
    aclrtStream stream;
};

/// Runs body(rank) on n threads, rank r on device r when there are n devices, else device 0 (ranks joined
/// by a root info may share a device here). exec_timeout_s: the communicators' HCCL execution timeout.
/// Communicators and streams are destroyed at the end; every thread's failures are gtest failures.
inline void RunRanks(uint32_t n, const std::function<void(const Rank&)>& body, int32_t exec_timeout_s = 30,
                     const char* name = nullptr) {
    HcclRootInfo root;
    ASSERT_EQ(HcclGetRootInfo(&root), HCCL_SUCCESS);
    const bool own_devices = DeviceCount() >= n;
    std::vector<std::thread> threads;
    for (uint32_t r = 0; r < n; ++r) {
        threads.emplace_back([&, r] {
            const int32_t dev = own_devices ? static_cast<int32_t>(r) : 0;
            ASSERT_EQ(aclrtSetDevice(dev), ACL_SUCCESS);
            HcclCommConfig cfg;
            HcclCommConfigInit(&cfg);
            cfg.hcclExecTimeOut = exec_timeout_s;
            if (name != nullptr) std::snprintf(cfg.hcclCommName, sizeof cfg.hcclCommName, "%s", name);
            HcclComm comm = nullptr;
            ASSERT_EQ(HcclCommInitRootInfoConfig(n, &root, r, &cfg, &comm), HCCL_SUCCESS) << aclGetRecentErrMsg();
            aclrtStream stream = nullptr;
            ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);
            body(Rank{r, n, comm, stream});
            EXPECT_EQ(aclrtSynchronizeStream(stream), ACL_SUCCESS);
            EXPECT_EQ(aclrtDestroyStream(stream), ACL_SUCCESS);
            EXPECT_EQ(HcclCommDestroy(comm), HCCL_SUCCESS);
        });
    }
    for (auto& t : threads) t.join();
}

/// A device buffer with host copies in and out.
struct DevBuf {
    void* p = nullptr;
    size_t n = 0;
    explicit DevBuf(size_t bytes) : n(bytes) {
        if (bytes != 0) {
            EXPECT_EQ(aclrtMalloc(&p, bytes, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
        }
    }
    DevBuf(const DevBuf&) = delete;
    DevBuf& operator=(const DevBuf&) = delete;
    ~DevBuf() {
        if (p != nullptr) aclrtFree(p);
    }
    void Put(const std::vector<uint8_t>& h) {
        ASSERT_LE(h.size(), n);
        if (!h.empty()) {
            ASSERT_EQ(aclrtMemcpy(p, n, h.data(), h.size(), ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
        }
    }
    std::vector<uint8_t> Get() const {
        std::vector<uint8_t> h(n);
        if (n != 0) {
            EXPECT_EQ(aclrtMemcpy(h.data(), n, p, n, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
        }
        return h;
    }
};

inline size_t Size(HcclDataType t) {
    switch (t) {
        case HCCL_DATA_TYPE_INT8: case HCCL_DATA_TYPE_UINT8: return 1;
        case HCCL_DATA_TYPE_INT16: case HCCL_DATA_TYPE_UINT16: case HCCL_DATA_TYPE_FP16: case HCCL_DATA_TYPE_BFP16:
            return 2;
        case HCCL_DATA_TYPE_INT32: case HCCL_DATA_TYPE_UINT32: case HCCL_DATA_TYPE_FP32: return 4;
        default: return 8;
    }
}

const HcclDataType kMoveTypes[] = {HCCL_DATA_TYPE_INT8,   HCCL_DATA_TYPE_UINT8, HCCL_DATA_TYPE_INT16,
                                   HCCL_DATA_TYPE_UINT16, HCCL_DATA_TYPE_INT32, HCCL_DATA_TYPE_UINT32,
                                   HCCL_DATA_TYPE_INT64,  HCCL_DATA_TYPE_UINT64, HCCL_DATA_TYPE_FP16,
                                   HCCL_DATA_TYPE_BFP16,  HCCL_DATA_TYPE_FP32,  HCCL_DATA_TYPE_FP64};
const HcclDataType kReduceTypes[] = {HCCL_DATA_TYPE_INT8,  HCCL_DATA_TYPE_INT16, HCCL_DATA_TYPE_INT32,
                                     HCCL_DATA_TYPE_INT64, HCCL_DATA_TYPE_UINT64, HCCL_DATA_TYPE_FP16,
                                     HCCL_DATA_TYPE_FP32,  HCCL_DATA_TYPE_FP64,  HCCL_DATA_TYPE_BFP16};
const HcclReduceOp kOps[] = {HCCL_REDUCE_SUM, HCCL_REDUCE_PROD, HCCL_REDUCE_MAX, HCCL_REDUCE_MIN};

// ---- independent conversions (IEEE binary16 / bfloat16 <-> float, round to nearest even)
inline float F16ToF(uint16_t h) {
    const int s = h >> 15, e = (h >> 10) & 31, m = h & 1023;
    float v;
    if (e == 0) v = std::ldexp(static_cast<float>(m), -24);
    else if (e == 31) v = m ? NAN : INFINITY;
    else v = std::ldexp(static_cast<float>(m | 1024), e - 25);
    return s ? -v : v;
}
inline uint16_t FToF16(float f) {  // by search over the 65536 encodings' neighbours: slow but obviously right
    if (std::isnan(f)) return 0x7e00;
    const uint16_t sign = std::signbit(f) ? 0x8000 : 0;
    const double a = std::fabs(static_cast<double>(f));
    if (a >= 65520.0) return sign | 0x7c00;
    // binary16 values are k * 2^(e-25) with ulp 2^-24 below 2^-14
    int e = a < std::ldexp(1.0, -14) ? -14 : static_cast<int>(std::floor(std::log2(a)));
    if (e >= -14 && std::ldexp(1.0, e) > a) --e;
    if (e < -14) e = -14;
    const double ulp = std::ldexp(1.0, e - 10);
    double q = a / ulp, fl = std::floor(q);
    double r = q - fl;
    uint64_t k = static_cast<uint64_t>(fl);
    if (r > 0.5 || (r == 0.5 && (k & 1))) ++k;
    const double v = k * ulp;
    // re-encode v
    if (v == 0) return sign;
    int ve = static_cast<int>(std::floor(std::log2(v)));
    if (ve < -14) return sign | static_cast<uint16_t>(v / std::ldexp(1.0, -24));
    if (ve > 15) return sign | 0x7c00;
    const uint16_t mant = static_cast<uint16_t>(v / std::ldexp(1.0, ve - 10)) & 1023;
    return sign | static_cast<uint16_t>((ve + 15) << 10) | mant;
}
inline float Bf16ToF(uint16_t b) {
    uint32_t u = static_cast<uint32_t>(b) << 16;
    float f;
    std::memcpy(&f, &u, 4);
    return f;
}
inline uint16_t FToBf16(float f) {
    uint32_t u;
    std::memcpy(&u, &f, 4);
    if (std::isnan(f)) return static_cast<uint16_t>((u >> 16) | 0x40);
    const uint32_t lsb = (u >> 16) & 1;
    return static_cast<uint16_t>((u + 0x7fff + lsb) >> 16);
}

/// Deterministic input bytes of rank r for a dtype: small integers (so products stay meaningful), values that
/// round in FP16/BF16, occasional negative zero; no NaN unless nan_at >= 0 (element index).
inline std::vector<uint8_t> Inputs(HcclDataType t, uint32_t r, size_t count, uint32_t salt = 0, long nan_at = -1) {
    std::vector<uint8_t> out(count * Size(t));
    uint32_t x = 2654435761u * (r + 1) + 97u * salt + 1;
    for (size_t i = 0; i < count; ++i) {
        x = x * 1664525u + 1013904223u;
        const int small = static_cast<int>((x >> 24) % 7) - 3;                  // -3 .. 3
        const double frac = small + ((x >> 8) & 1023) / 1024.0 * (r % 2 ? 1 : -1);  // fractions that round
        uint8_t* p = &out[i * Size(t)];
        auto put = [&](auto v) { std::memcpy(p, &v, sizeof v); };
        const bool nan = static_cast<long>(i) == nan_at;
        switch (t) {
            case HCCL_DATA_TYPE_INT8: put(static_cast<int8_t>(small * 37)); break;
            case HCCL_DATA_TYPE_UINT8: put(static_cast<uint8_t>(x >> 20)); break;
            case HCCL_DATA_TYPE_INT16: put(static_cast<int16_t>(small * 9000)); break;
            case HCCL_DATA_TYPE_UINT16: put(static_cast<uint16_t>(x >> 13)); break;
            case HCCL_DATA_TYPE_INT32: put(static_cast<int32_t>(small * 700000001)); break;
            case HCCL_DATA_TYPE_UINT32: put(static_cast<uint32_t>(x)); break;
            case HCCL_DATA_TYPE_INT64: put(static_cast<int64_t>(small) * 3037000499LL * 1000003LL); break;
            case HCCL_DATA_TYPE_UINT64: put((static_cast<uint64_t>(x) << 32) * 977 + x); break;
            case HCCL_DATA_TYPE_FP16: put(nan ? uint16_t(0x7e00) : FToF16(static_cast<float>(frac))); break;
            case HCCL_DATA_TYPE_BFP16: put(nan ? uint16_t(0x7fc0) : FToBf16(static_cast<float>(frac * 1.001))); break;
            case HCCL_DATA_TYPE_FP32:
                put(nan ? NAN : (small == 0 && (x & 1) ? -0.0f : static_cast<float>(frac * 1.1)));
                break;
            case HCCL_DATA_TYPE_FP64: put(nan ? NAN : frac * 1.3); break;
            default: break;
        }
    }
    return out;
}

template <typename A>
A RefOp(HcclReduceOp op, A a, A b) {
    switch (op) {
        case HCCL_REDUCE_SUM: return a + b;
        case HCCL_REDUCE_PROD: return a * b;
        case HCCL_REDUCE_MAX: if (std::isnan(a)) return a; if (std::isnan(b)) return b; return b > a ? b : a;
        default: if (std::isnan(a)) return a; if (std::isnan(b)) return b; return b < a ? b : a;
    }
}
template <typename S>
S RefInt(HcclReduceOp op, S a, S b) {
    using U = std::make_unsigned_t<S>;
    using W = std::conditional_t<(sizeof(S) < 4), uint32_t, U>;
    switch (op) {
        case HCCL_REDUCE_SUM: return static_cast<S>(static_cast<U>(static_cast<W>(static_cast<U>(a)) + static_cast<U>(b)));
        case HCCL_REDUCE_PROD: return static_cast<S>(static_cast<U>(static_cast<W>(static_cast<U>(a)) * static_cast<W>(static_cast<U>(b))));
        case HCCL_REDUCE_MAX: return b > a ? b : a;
        default: return b < a ? b : a;
    }
}

/// Reference reduction over ranks in rank order of inputs[r] (each `count` elements, starting at element
/// `offset`), per element.
inline std::vector<uint8_t> Reduce(HcclDataType t, HcclReduceOp op, const std::vector<std::vector<uint8_t>>& in,
                                   size_t offset, size_t count) {
    const size_t es = Size(t);
    std::vector<uint8_t> out(count * es);
    for (size_t i = 0; i < count; ++i) {
        auto at = [&](size_t r) { return &in[r][(offset + i) * es]; };
        auto load = [&](auto tag, size_t r) { decltype(tag) v; std::memcpy(&v, at(r), sizeof v); return v; };
        uint8_t* o = &out[i * es];
        switch (t) {
#define INT_CASE(DT, S) case DT: { S acc = load(S{}, 0); for (size_t r = 1; r < in.size(); ++r) acc = RefInt<S>(op, acc, load(S{}, r)); std::memcpy(o, &acc, sizeof acc); break; }
            INT_CASE(HCCL_DATA_TYPE_INT8, int8_t)
            INT_CASE(HCCL_DATA_TYPE_INT16, int16_t)
            INT_CASE(HCCL_DATA_TYPE_INT32, int32_t)
            INT_CASE(HCCL_DATA_TYPE_INT64, int64_t)
            INT_CASE(HCCL_DATA_TYPE_UINT64, uint64_t)
#undef INT_CASE
            case HCCL_DATA_TYPE_FP32: { float acc = load(float{}, 0); for (size_t r = 1; r < in.size(); ++r) acc = RefOp(op, acc, load(float{}, r)); std::memcpy(o, &acc, 4); break; }
            case HCCL_DATA_TYPE_FP64: { double acc = load(double{}, 0); for (size_t r = 1; r < in.size(); ++r) acc = RefOp(op, acc, load(double{}, r)); std::memcpy(o, &acc, 8); break; }
            case HCCL_DATA_TYPE_FP16: { float acc = F16ToF(load(uint16_t{}, 0)); for (size_t r = 1; r < in.size(); ++r) acc = RefOp(op, acc, F16ToF(load(uint16_t{}, r))); uint16_t h = FToF16(acc); std::memcpy(o, &h, 2); break; }
            case HCCL_DATA_TYPE_BFP16: { float acc = Bf16ToF(load(uint16_t{}, 0)); for (size_t r = 1; r < in.size(); ++r) acc = RefOp(op, acc, Bf16ToF(load(uint16_t{}, r))); uint16_t h = FToBf16(acc); std::memcpy(o, &h, 2); break; }
            default: break;
        }
    }
    return out;
}

inline std::vector<uint8_t> Slice(const std::vector<uint8_t>& v, size_t off_bytes, size_t bytes) {
    return std::vector<uint8_t>(v.begin() + off_bytes, v.begin() + off_bytes + bytes);
}

}  // namespace hccl_test
