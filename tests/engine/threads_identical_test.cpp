// Results do not depend on the number of threads (SPEC 5.2: "results do not depend on thread count, SIMD
// width or stream"). The device pool's size is read once per process from ACLCPU_NUM_THREADS, so the test
// re-executes this binary (/proc/self/exe, posix_spawn) with ACLCPU_NUM_THREADS = 1, 2, 3 and 5, in both
// sign-rule profiles (ACLCPU_SOC_VERSION=Ascend950 and Ascend910B); each child runs a set of cases big enough
// to be split across threads (contiguous FLOAT/FLOAT16/BF16, broadcast, transposed (tiled), mixed dtypes,
// in place, scalar gradOutput, strided output) and dumps every output byte to a file; the parent compares
// the files byte for byte.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "support/test_util.h"
#include "support/child_process.h"
#include "support/sample_size.h"

namespace {

using namespace aclcpu_test;

constexpr const char* kDumpVar = "ACLCPU_THREADS_TEST_DUMP";

// Deterministic contents with specials: +-0, +-inf, NaN, subnormals, and many self == target ties.
void FillBytes(void* p, aclDataType dt, int64_t n, uint32_t seed) {
    uint32_t x = seed * 2654435761u + 7u;
    for (int64_t i = 0; i < n; ++i) {
        x = x * 1664525u + 1013904223u;
        const uint32_t r = x >> 8;
        float v = static_cast<float>(static_cast<int>(r % 17) - 8) * 0.25f;
        switch (r % 97) {
            case 0: v = 1.0f / 0.0f; break;
            case 1: v = -1.0f / 0.0f; break;
            case 2: v = std::nanf(""); break;
            case 3: v = -0.0f; break;
            case 4: v = 1e-40f; break;
            default: break;
        }
        if (dt == ACL_FLOAT) {
            static_cast<float*>(p)[i] = v;
        } else if (dt == ACL_FLOAT16) {
            static_cast<uint16_t*>(p)[i] = aclFloatToFloat16(v);  // saturating, fine for test data
        } else if (dt == ACL_BF16) {
            static_cast<uint16_t*>(p)[i] = static_cast<uint16_t>(Bits(v) >> 16);
        } else if (dt == ACL_INT32) {
            static_cast<int32_t*>(p)[i] = static_cast<int32_t>(r % 9) - 4;
        }
    }
}

struct Operand {
    std::vector<int64_t> shape, strides;
    aclDataType dt;
    int64_t storage;  // elements
};

Operand Contig(std::vector<int64_t> shape, aclDataType dt) { return {shape, ContiguousStrides(shape), dt, Numel(shape)}; }

struct DumpCase {
    const char* name;
    Operand g, s, t, out;
    int64_t reduction;
    bool in_place = false;
};

std::vector<DumpCase> Cases() {
    // 2^20 elements: 32 chunks of the 32768-element grain. Sanitizer builds (support/sample_size.h) run every
    // case at a quarter of its rows (2^18 elements, 8 chunks: still split across each thread count, and the
    // same code paths); the Release run keeps the full sizes.
    const int64_t r = aclcpu_test::SampledSweeps() ? 256 : 1024;  // rows of the [r, 1024] cases
    const int64_t n = r * 1024;
    const aclDataType F = ACL_FLOAT, H = ACL_FLOAT16, B = ACL_BF16;
    return {
        {"f32", Contig({n}, F), Contig({n}, F), Contig({n}, F), Contig({n}, F), 0},
        {"f32_mean", Contig({n}, F), Contig({n}, F), Contig({n}, F), Contig({n}, F), 1},
        {"f16", Contig({n}, H), Contig({n}, H), Contig({n}, H), Contig({n}, H), 1},
        {"bf16", Contig({n}, B), Contig({n}, B), Contig({n}, B), Contig({n}, B), 1},
        {"scalar_grad", Contig({}, F), Contig({n}, F), Contig({n}, F), Contig({n}, F), 1},
        {"bcast", Contig({r, 1024}, F), Contig({r, 1024}, F), Contig({r, 1}, F), Contig({r, 1024}, F), 0},
        {"transposed", Contig({r, 1024}, F), {{r, 1024}, {1, r}, F, r * 1024}, Contig({r, 1024}, F),
         Contig({r, 1024}, F), 2},
        {"transposed_f16", Contig({r / 2, 2048}, H), {{r / 2, 2048}, {1, r / 2}, H, r / 2 * 2048},
         Contig({r / 2, 2048}, H), Contig({r / 2, 2048}, H), 1},
        {"mixed", Contig({n}, F), Contig({n}, H), Contig({n}, F), Contig({n}, F), 0},
        {"mixed_int_bf16_out_f32", Contig({n}, B), Contig({n}, ACL_INT32), Contig({n}, B), Contig({n}, F), 1},
        {"f16_into_f32", Contig({n}, H), Contig({n}, H), Contig({n}, H), Contig({n}, F), 1},
        {"strided_out", Contig({r / 2, 1024}, F), Contig({r / 2, 1024}, F), Contig({r / 2, 1024}, F),
         {{r / 2, 1024}, {2048, 2}, F, r / 2 * 2048}, 0},
        {"in_place", Contig({n}, F), Contig({n}, F), Contig({n}, F), Contig({n}, F), 0, true},
    };
}

// Runs every case and writes the output bytes, case after case, to `path`.
void DumpAll(const std::string& path) {
    std::ofstream f(path, std::ios::binary);
    ASSERT_TRUE(f.good()) << path;
    uint32_t seed = 1;
    for (const DumpCase& c : Cases()) {
        const Operand* ops[4] = {&c.g, &c.s, &c.t, &c.out};
        DeviceBuffer buf[4];
        aclTensor* t[4] = {};
        for (int k = 0; k < 4; ++k) {
            if (k == 3 && c.in_place) break;
            const size_t bytes = static_cast<size_t>(ops[k]->storage) * aclDataTypeSize(ops[k]->dt);
            buf[k] = DeviceBuffer(bytes);
            std::vector<char> fill(bytes);  // filled on the host, uploaded (device memory: strict mode)
            FillBytes(fill.data(), ops[k]->dt, ops[k]->storage, seed++);
            ASSERT_EQ(aclrtMemcpy(buf[k].get(), bytes, fill.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
        }
        for (int k = 0; k < 4; ++k) {
            void* data = (k == 3 && c.in_place) ? buf[1].get() : buf[k].get();
            t[k] = MakeTensor(ops[k]->shape, ops[k]->dt, data, ops[k]->strides, 0, {ops[k]->storage});
            ASSERT_NE(t[k], nullptr) << c.name;
        }
        ASSERT_EQ(RunL1(t[0], t[1], t[2], c.reduction, t[3]), 0) << c.name << ": " << LastError();
        const int outk = c.in_place ? 1 : 3;
        const size_t bytes = static_cast<size_t>(ops[3]->storage) * aclDataTypeSize(ops[3]->dt);
        std::vector<char> host = Download<char>(buf[outk].get(), bytes);
        f.write(host.data(), static_cast<std::streamsize>(host.size()));
        for (aclTensor* x : t) aclDestroyTensor(x);
    }
    ASSERT_TRUE(f.good());
}

// The child half: only active when the parent set the dump path. Suites named *ChildProcess are helpers,
// left out of CTest (tests/CMakeLists.txt, TEST_FILTER).
TEST(ThreadsIdenticalChildProcess, Dump) {
    const char* path = std::getenv(kDumpVar);
    if (path == nullptr) GTEST_SKIP() << "runs only as a child of ThreadsIdentical.AcrossThreadCounts";
    DumpAll(path);
}

TEST(ThreadsIdentical, AcrossThreadCounts) {
    const std::string dir = ::testing::TempDir();
    for (const char* soc : {"Ascend950", "Ascend910B"}) {
        std::vector<char> reference;
        // Sanitizer builds: 1 and 3 threads only (support/sample_size.h).
        const std::vector<int> counts = aclcpu_test::SampledSweeps() ? std::vector<int>{1, 3} : std::vector<int>{1, 2, 3, 5};
        for (int threads : counts) {
            const std::string path = dir + "/aclcpu_threads_" + std::to_string(getpid()) + "_" + soc + "_" +
                                     std::to_string(threads) + ".bin";
            const int rc = SpawnSelf("ThreadsIdenticalChildProcess.Dump", {std::string("ACLCPU_NUM_THREADS=") + std::to_string(threads),
                                       std::string("ACLCPU_SOC_VERSION=") + soc, std::string(kDumpVar) + "=" + path});
            ASSERT_EQ(rc, 0) << soc << " with " << threads << " threads: child failed";
            std::vector<char> bytes = ReadFileBytes(path);
            std::remove(path.c_str());
            ASSERT_GT(bytes.size(), size_t{1} << 20);
            if (threads == 1) {
                reference = std::move(bytes);
                continue;
            }
            ASSERT_EQ(bytes.size(), reference.size());
            EXPECT_TRUE(bytes == reference) << soc << ": results with " << threads
                                            << " threads differ from the single-threaded results";
        }
    }
}

}  // namespace
