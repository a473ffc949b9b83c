// aclnnMseLoss's sums do not depend on the number of threads (the MSELossV2 orders, engine/mse_v2_order.h, fix
// parts and combination). The device pool's size is read once per process from ACLCPU_NUM_THREADS, so the test
// re-executes this binary (/proc/self/exe, posix_spawn) with 1, 2, 3 and 7 threads in the three MSELossV2
// profiles (Ascend 950, 910B, 310P); each child runs mean and sum over sizes from one core to every core with
// several chunks/tiles each, in FLOAT and FLOAT16 (BF16 too where listed), target contiguous, broadcast [1]
// and strided, and dumps every result byte; the parent compares them with the one-thread run.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "aclnnop/aclnn_mse_loss.h"
#include "support/test_util.h"
#include "support/child_process.h"
#include "support/sample_size.h"

namespace {

using aclcpu_test::DeviceBuffer;
using aclcpu_test::Download;

constexpr const char* kDumpVar = "ACLCPU_MSE_THREADS_DUMP";
// Sanitizer builds leave out the largest size (support/sample_size.h): 2^20 elements already split into chunks
// across every thread count, and the 3 * 2^20 + 5 case was three quarters of the test's ASan time.
std::vector<int64_t> Sizes() {
    std::vector<int64_t> sizes = {1000, 100003, int64_t{1} << 20};
    if (!aclcpu_test::SampledSweeps()) sizes.push_back((int64_t{3} << 20) + 5);
    return sizes;
}

void Fill(std::vector<uint8_t>& bytes, aclDataType dt, int64_t n, uint32_t seed) {
    std::mt19937 g(seed);
    std::uniform_real_distribution<float> u(-100.0f, 100.0f);
    const size_t item = dt == ACL_FLOAT ? 4 : 2;
    bytes.resize(static_cast<size_t>(n) * item);
    for (int64_t i = 0; i < n; ++i) {
        const float v = u(g);
        if (dt == ACL_FLOAT) {
            std::memcpy(&bytes[static_cast<size_t>(i) * 4], &v, 4);
        } else {
            uint32_t b;
            std::memcpy(&b, &v, 4);
            const uint16_t h = dt == ACL_BF16 ? static_cast<uint16_t>(b >> 16) : aclFloatToFloat16(v);
            std::memcpy(&bytes[static_cast<size_t>(i) * 2], &h, 2);
        }
    }
}

void DumpAll(const char* path, bool bf16) {
    std::ofstream f(path, std::ios::binary);
    for (int64_t n : Sizes()) {
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
            if (dt == ACL_BF16 && !bf16) continue;
            std::vector<uint8_t> s, t;
            Fill(s, dt, n, static_cast<uint32_t>(n) + dt);
            Fill(t, dt, n, static_cast<uint32_t>(n) * 3 + dt);
            DeviceBuffer ds(s.size()), dtb(t.size()), dout(8);
            aclrtMemcpy(ds.get(), s.size(), s.data(), s.size(), ACL_MEMCPY_HOST_TO_DEVICE);
            aclrtMemcpy(dtb.get(), t.size(), t.data(), t.size(), ACL_MEMCPY_HOST_TO_DEVICE);
            aclTensor* self = aclcpu_test::MakeTensor({n}, dt, ds.get());
            aclTensor* half = aclcpu_test::MakeTensor({n / 2}, dt, ds.get(), {2}, 0, {n});
            aclTensor* targets[3] = {aclcpu_test::MakeTensor({n}, dt, dtb.get()),
                                     aclcpu_test::MakeTensor({1}, dt, dtb.get()),
                                     aclcpu_test::MakeTensor({n / 2}, dt, dtb.get(), {2}, 1, {n})};
            aclTensor* out = aclcpu_test::MakeTensor({}, ACL_FLOAT, dout.get());
            for (int k = 0; k < 3; ++k) {
                for (int64_t red : {1, 2}) {
                    uint64_t ws = 0;
                    aclOpExecutor* ex = nullptr;
                    ASSERT_EQ(aclnnMseLossGetWorkspaceSize(k == 2 ? half : self, targets[k], red, out, &ws, &ex), 0);
                    ASSERT_EQ(aclnnMseLoss(nullptr, 0, ex, nullptr), 0);
                    ASSERT_EQ(aclrtSynchronizeStream(nullptr), 0);
                    const std::vector<uint8_t> r = Download<uint8_t>(dout.get(), 4);
                    f.write(reinterpret_cast<const char*>(r.data()), 4);
                }
            }
            for (aclTensor* x : targets) aclDestroyTensor(x);
            aclDestroyTensor(self);
            aclDestroyTensor(half);
            aclDestroyTensor(out);
        }
    }
    ASSERT_TRUE(f.good());
}

TEST(MseLossThreadsChildProcess, Dump) {
    const char* path = std::getenv(kDumpVar);
    if (path == nullptr) GTEST_SKIP() << "runs only as a child of MseLossThreads.AcrossThreadCounts";
    const char* soc = std::getenv("ACLCPU_SOC_VERSION");
    DumpAll(path, soc == nullptr || std::strcmp(soc, "Ascend310P") != 0);
}

TEST(MseLossThreads, AcrossThreadCounts) {
    const std::string dir = ::testing::TempDir();
    for (const char* soc : {"Ascend950", "Ascend910B", "Ascend310P"}) {
        const size_t dtypes = std::strcmp(soc, "Ascend310P") == 0 ? 2 : 3;
        std::vector<char> reference;
        // Sanitizer builds: 1 and 3 threads only (support/sample_size.h).
        const std::vector<int> counts = aclcpu_test::SampledSweeps() ? std::vector<int>{1, 3} : std::vector<int>{1, 2, 3, 7};
        for (int threads : counts) {
            const std::string path = dir + "/aclcpu_mse_threads_" + std::to_string(getpid()) + "_" + soc + "_" +
                                     std::to_string(threads) + ".bin";
            const int rc = aclcpu_test::SpawnSelf("MseLossThreadsChildProcess.Dump", {std::string("ACLCPU_NUM_THREADS=") + std::to_string(threads),
                                       std::string("ACLCPU_SOC_VERSION=") + soc, std::string(kDumpVar) + "=" + path});
            ASSERT_EQ(rc, 0) << soc << " with " << threads << " threads: child failed";
            std::vector<char> bytes = aclcpu_test::ReadFileBytes(path);
            std::remove(path.c_str());
            ASSERT_EQ(bytes.size(), Sizes().size() * 4 * dtypes * 3 * 2);
            if (threads == 1) {
                reference = std::move(bytes);
                continue;
            }
            EXPECT_TRUE(bytes == reference) << soc << ": " << threads << " threads differ from one thread";
        }
    }
}

}  // namespace
