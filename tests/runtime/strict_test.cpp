// Strict mode's switch, report line, counters and exit status (runtime/strict.h; issue 14). The checks
// themselves are exercised by the catalogue of buggy programs (tests/strict).
#include "runtime/strict.h"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <cstdio>
#include <string>

#include "acl/acl.h"

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
    EXPECT_STREQ(aclcpu::StrictKindName(static_cast<StrictKind>(9)), "unknown");
}

TEST(Strict, ReportIsOneStderrLineAndCounts) {
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
