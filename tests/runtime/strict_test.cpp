// Strict mode's switch, report line, counters and exit status (runtime/strict.h; issue 14). The checks
// themselves are exercised by the catalogue of buggy programs (tests/strict).
#include "runtime/strict.h"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <cstdio>
#include <string>

#include "acl/acl.h"
#include "runtime/runtime.h"
#include "runtime/strict_memory.h"

namespace {

using aclcpu::StrictFindings;
using aclcpu::StrictKind;
using aclcpu::StrictMode;
using aclcpu::StrictReport;

// A temporary config file with the given content, removed on destruction.
class Config {
public:
    explicit Config(const std::string& content) {
        char tmpl[] = "/tmp/aclcpu_strict_test_XXXXXX";
        const int fd = mkstemp(tmpl);
        EXPECT_GE(fd, 0);
        if (fd >= 0) {
            EXPECT_EQ(write(fd, content.data(), content.size()), static_cast<ssize_t>(content.size()));
            close(fd);
        }
        path_ = tmpl;
    }
    ~Config() { std::remove(path_.c_str()); }
    const char* path() const { return path_.c_str(); }

private:
    std::string path_;
};

TEST(Strict, KindNamesAreTheIssuesSpelling) {
    EXPECT_STREQ(aclcpu::StrictKindName(StrictKind::kHostAccess), "host-access");
    EXPECT_STREQ(aclcpu::StrictKindName(StrictKind::kUnsynchronizedAccess), "unsynchronized-access");
    EXPECT_STREQ(aclcpu::StrictKindName(StrictKind::kUninitializedRead), "uninitialized-read");
    EXPECT_STREQ(aclcpu::StrictKindName(StrictKind::kRace), "race");
    EXPECT_STREQ(aclcpu::StrictKindName(StrictKind::kLeak), "leak");
    EXPECT_STREQ(aclcpu::StrictKindName(StrictKind::kPeerAccess), "peer-access");
    EXPECT_STREQ(aclcpu::StrictKindName(StrictKind::kCollectiveMismatch), "collective-mismatch");
    EXPECT_STREQ(aclcpu::StrictKindName(static_cast<StrictKind>(9)), "unknown");
}

// The tests below report findings on purpose: a strict-mode run of the suite (ACLCPU_STRICT_EXITCODE set) must
// not turn them into a failing exit status.
void ExpectFindingsOnPurpose() { unsetenv("ACLCPU_STRICT_EXITCODE"); }

TEST(Strict, ReportIsOneStderrLineAndCounts) {
    ExpectFindingsOnPurpose();
    const uint64_t before = StrictFindings(StrictKind::kRace);
    const uint64_t total = StrictFindings();
    testing::internal::CaptureStderr();
    StrictReport(StrictKind::kRace, "stream %d and stream %d write %zu bytes at %p", 1, 2, size_t{16},
                 reinterpret_cast<void*>(0x1000));
    const std::string err = testing::internal::GetCapturedStderr();
    EXPECT_EQ(err, "[aclcpu strict] race: stream 1 and stream 2 write 16 bytes at 0x1000\n");
    EXPECT_EQ(StrictFindings(StrictKind::kRace), before + 1);
    EXPECT_EQ(StrictFindings(), total + 1);
    testing::internal::CaptureStderr();
    aclcpu::StrictReportRaw(StrictKind::kHostAccess, "raw text");
    EXPECT_EQ(testing::internal::GetCapturedStderr(), "[aclcpu strict] host-access: raw text\n");
}

TEST(Strict, LongReportIsCutToOneLine) {
    ExpectFindingsOnPurpose();
    const std::string big(10000, 'x');
    testing::internal::CaptureStderr();
    StrictReport(StrictKind::kLeak, "%s", big.c_str());
    const std::string err = testing::internal::GetCapturedStderr();
    EXPECT_LT(err.size(), 4097u);
    EXPECT_EQ(err.rfind("[aclcpu strict] leak: xxx", 0), 0u);
    EXPECT_EQ(err.find('\n'), err.size() - 1);
}

TEST(Strict, SwitchFromEnvironmentAndConfig) {
    unsetenv("ACLCPU_STRICT");
    aclFinalize();
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
    EXPECT_FALSE(StrictMode());
    ASSERT_EQ(aclFinalize(), ACL_SUCCESS);
    setenv("ACLCPU_STRICT", "1", 1);
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
    EXPECT_TRUE(StrictMode());
    ASSERT_EQ(aclFinalize(), ACL_SUCCESS);
    {
        Config off("{\"strict\": false}");  // the config wins over the environment
        ASSERT_EQ(aclInit(off.path()), ACL_SUCCESS);
        EXPECT_FALSE(StrictMode());
        ASSERT_EQ(aclFinalize(), ACL_SUCCESS);
    }
    unsetenv("ACLCPU_STRICT");
    {
        Config on("{\"strict\": true, \"soc_version\": \"Ascend910B\"}");
        ASSERT_EQ(aclInit(on.path()), ACL_SUCCESS);
        EXPECT_TRUE(StrictMode());
        ASSERT_EQ(aclFinalize(), ACL_SUCCESS);
    }
    for (const char* bad : {"{\"strict\": 1}", "{\"strict\": \"true\"}", "{\"strict\": null}", "{\"strict\": []}"}) {
        Config cfg(bad);
        EXPECT_EQ(aclInit(cfg.path()), ACL_ERROR_FILE_ATTR_INVALID) << bad;
        const char* msg = aclGetRecentErrMsg();
        ASSERT_NE(msg, nullptr);
        EXPECT_NE(std::string(msg).find("\"strict\""), std::string::npos) << msg;
    }
    for (const char* bad : {"2", "yes", "on", "1 "}) {
        setenv("ACLCPU_STRICT", bad, 1);
        EXPECT_EQ(aclInit(nullptr), ACL_ERROR_FILE_ATTR_INVALID) << bad;
    }
    unsetenv("ACLCPU_STRICT");
    for (const char* bad : {"256", "-1", "x", "1.5"}) {
        setenv("ACLCPU_STRICT_EXITCODE", bad, 1);
        EXPECT_EQ(aclInit(nullptr), ACL_ERROR_FILE_ATTR_INVALID) << bad;
    }
    unsetenv("ACLCPU_STRICT_EXITCODE");
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);  // the state the other tests expect
    EXPECT_FALSE(StrictMode());
    aclrtSetDevice(0);
}

// A process with findings exits with ACLCPU_STRICT_EXITCODE; without the variable, or without findings, its
// own status stands.
TEST(StrictDeathTest, ExitCodeAppliesOnlyWithFindings) {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_EXIT(
        {
            setenv("ACLCPU_STRICT_EXITCODE", "23", 1);
            aclcpu::SetStrictMode(true);
            StrictReport(StrictKind::kLeak, "a test finding");
            std::exit(0);
        },
        testing::ExitedWithCode(23), "\\[aclcpu strict\\] leak: a test finding");
    EXPECT_EXIT(
        {
            setenv("ACLCPU_STRICT_EXITCODE", "23", 1);
            aclcpu::SetStrictMode(true);
            std::exit(5);
        },
        testing::ExitedWithCode(5), "");
    EXPECT_EXIT(
        {
            unsetenv("ACLCPU_STRICT_EXITCODE");
            aclcpu::SetStrictMode(true);
            StrictReport(StrictKind::kLeak, "a test finding");
            std::exit(7);
        },
        testing::ExitedWithCode(7), "leak: a test finding");
}

}  // namespace

namespace {

// A runtime opened in strict mode for one test, back to the environment's mode afterwards.
struct StrictRuntime {
    StrictRuntime() {
        unsetenv("ACLCPU_STRICT_EXITCODE");  // findings below are on purpose
        aclFinalize();
        setenv("ACLCPU_STRICT", "1", 1);
        EXPECT_EQ(aclInit(nullptr), ACL_SUCCESS);
        unsetenv("ACLCPU_STRICT");
    }
    ~StrictRuntime() {
        aclFinalize();
        aclInit(nullptr);
        aclrtSetDevice(0);
    }
};

size_t Unwritten(void* p, size_t off, size_t n, size_t* first) {
    aclcpu::rt::Block b;
    EXPECT_TRUE(aclcpu::rt::FindBlock(p, &b));
    EXPECT_NE(b.strict, nullptr);
    return aclcpu::StrictUnwritten(b.strict, off, n, first);
}

TEST(StrictMemory, ShadowFollowsMemsetsAndDeviceCopies) {
    StrictRuntime rt;
    void* p = nullptr;
    void* q = nullptr;
    ASSERT_EQ(aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(aclrtMalloc(&q, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    size_t first = 99;
    EXPECT_EQ(Unwritten(p, 0, 64, &first), 64u);
    EXPECT_EQ(first, 0u);
    ASSERT_EQ(aclrtMemset(static_cast<char*>(p) + 16, 16, 1, 16), ACL_SUCCESS);  // [16, 32)
    EXPECT_EQ(Unwritten(p, 0, 64, &first), 48u);
    EXPECT_EQ(first, 0u);
    EXPECT_EQ(Unwritten(p, 16, 16, &first), 0u);
    ASSERT_EQ(aclrtMemset(p, 16, 2, 16), ACL_SUCCESS);  // [0, 16): merges with [16, 32)
    EXPECT_EQ(Unwritten(p, 0, 32, &first), 0u);
    EXPECT_EQ(Unwritten(p, 0, 64, &first), 32u);
    EXPECT_EQ(first, 32u);
    // A device-to-device copy of never-written bytes carries their state: [4, 12) is unwritten again.
    ASSERT_EQ(aclrtMemcpy(static_cast<char*>(p) + 4, 8, q, 8, ACL_MEMCPY_DEVICE_TO_DEVICE), ACL_SUCCESS);
    EXPECT_EQ(Unwritten(p, 0, 32, &first), 8u);
    EXPECT_EQ(first, 4u);
    // The data went through the alias: the copy back shows memset's bytes and the poison.
    unsigned char host[32];
    const uint64_t before = StrictFindings(StrictKind::kUninitializedRead);
    testing::internal::CaptureStderr();
    ASSERT_EQ(aclrtMemcpy(host, 32, p, 32, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    const std::string err = testing::internal::GetCapturedStderr();
    EXPECT_EQ(host[0], 2);
    EXPECT_EQ(host[4], 0xFF);
    EXPECT_EQ(host[20], 1);
    EXPECT_EQ(StrictFindings(StrictKind::kUninitializedRead), before + 1);
    EXPECT_EQ(err.rfind("[aclcpu strict] uninitialized-read: aclrtMemcpy copies 32 bytes", 0), 0u) << err;
    EXPECT_NE(err.find("8 of them (the first at byte 4 of the block)"), std::string::npos) << err;
    // Reported once: the range now counts as written.
    ASSERT_EQ(aclrtMemcpy(host, 32, p, 32, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
    EXPECT_EQ(StrictFindings(StrictKind::kUninitializedRead), before + 1);
    EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(q), ACL_SUCCESS);
}

TEST(StrictMemory, HandedOutAddressIsNotTheAlias) {
    StrictRuntime rt;
    void* p = nullptr;
    ASSERT_EQ(aclrtMalloc(&p, 100, ACL_MEM_MALLOC_NORMAL_ONLY), ACL_SUCCESS);
    aclcpu::rt::Block b;
    ASSERT_TRUE(aclcpu::rt::FindBlock(static_cast<char*>(p) + 10, &b));
    EXPECT_EQ(b.base, reinterpret_cast<uintptr_t>(p));
    EXPECT_EQ(b.size, 100u);
    ASSERT_NE(b.alias, 0u);
    EXPECT_NE(b.alias, b.base);
    EXPECT_EQ(b.Accessible(static_cast<char*>(p) + 10), reinterpret_cast<void*>(b.alias + 10));
    // Fresh memory holds the poison (0xFF: a NaN as float).
    EXPECT_EQ(*static_cast<unsigned char*>(b.Accessible(p)), 0xFF);
    void* h = nullptr;  // host memory stays host memory
    ASSERT_EQ(aclrtMallocHost(&h, 16), ACL_SUCCESS);
    ASSERT_TRUE(aclcpu::rt::FindBlock(h, &b));
    EXPECT_EQ(b.alias, 0u);
    static_cast<char*>(h)[0] = 1;
    EXPECT_EQ(aclrtFreeHost(h), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(p), ACL_SUCCESS);
}

TEST(StrictMemoryDeathTest, HostStoreIsReportedAndFaults) {
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_DEATH(
        {
            StrictRuntime rt;
            void* p = nullptr;
            if (aclrtMalloc(&p, 32, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) std::exit(3);
            static_cast<volatile char*>(p)[5] = 1;
        },
        "\\[aclcpu strict\\] host-access: host code wrote address 0x[0-9a-f]+, byte 5 of device memory block");
}

}  // namespace
