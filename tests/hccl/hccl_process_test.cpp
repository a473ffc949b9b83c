// Communicators spread over processes: HcclGetRootInfo here, 2-4 ranks as processes of tests/hccl/hccl_rank.cpp
// on this host (loopback), joined by HcclCommInitRootInfo over gloo. Every collective x dtype x op equals the
// in-process transport's result byte for byte (each rank checks), the shared results are identical on every
// rank and on a rerun; a rank that dies or never joins makes the others fail within their bounds.
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "acl/acl.h"
#include "hccl/hccl.h"

extern char** environ;

namespace {

struct Child {
    pid_t pid = -1;
    FILE* out = nullptr;
};

// Starts `hccl_rank <file> <n> <rank> <scenario>` with extra environment entries; its stdout is piped back.
Child Spawn(const std::string& file, uint32_t n, uint32_t rank, const char* scenario,
            const std::vector<std::string>& env_extra) {
    int fds[2];
    EXPECT_EQ(pipe(fds), 0);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, fds[1], 1);
    posix_spawn_file_actions_addclose(&fa, fds[0]);
    std::vector<std::string> env;
    for (char** e = environ; *e != nullptr; ++e) env.emplace_back(*e);
    for (const auto& e : env_extra) env.push_back(e);
    std::vector<char*> envp;
    for (auto& e : env) envp.push_back(&e[0]);
    envp.push_back(nullptr);
    std::string ns = std::to_string(n), rs = std::to_string(rank), prog = ACLCPU_HCCL_RANK;
    char* argv[] = {&prog[0], const_cast<char*>(file.c_str()), &ns[0], &rs[0], const_cast<char*>(scenario), nullptr};
    Child c;
    EXPECT_EQ(posix_spawn(&c.pid, prog.c_str(), &fa, nullptr, argv, envp.data()), 0);
    posix_spawn_file_actions_destroy(&fa);
    close(fds[1]);
    c.out = fdopen(fds[0], "r");
    return c;
}

// Waits for a child (killing it after `limit`); returns its exit status (-1: killed) and its stdout.
int Reap(Child& c, std::string* out, std::chrono::seconds limit) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    int status = 0;
    for (;;) {
        const pid_t p = waitpid(c.pid, &status, WNOHANG);
        if (p == c.pid) break;
        if (std::chrono::steady_clock::now() > deadline) {
            kill(c.pid, SIGKILL);
            waitpid(c.pid, &status, 0);
            status = -1;
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    char buf[512];
    while (c.out != nullptr && std::fgets(buf, sizeof buf, c.out) != nullptr) *out += buf;
    if (c.out != nullptr) std::fclose(c.out);
    if (status == -1) return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

std::string RootInfoFile(uint32_t tag) {
    HcclRootInfo root;
    EXPECT_EQ(HcclGetRootInfo(&root), HCCL_SUCCESS) << aclGetRecentErrMsg();
    char name[] = "/tmp/aclcpu_hccl_rootXXXXXX";
    const int fd = mkstemp(name);
    EXPECT_GE(fd, 0);
    EXPECT_EQ(write(fd, &root, sizeof root), static_cast<ssize_t>(sizeof root));
    close(fd);
    (void)tag;
    return name;
}

// Runs n ranks of `scenario`; returns their outputs (one per rank), expecting exit status 0 from each.
std::vector<std::string> RunProcesses(uint32_t n, const char* scenario, const std::vector<std::string>& env,
                                      uint32_t spawn = 0) {
    const std::string file = RootInfoFile(n);
    if (spawn == 0) spawn = n;
    std::vector<Child> kids;
    for (uint32_t r = 0; r < spawn; ++r) kids.push_back(Spawn(file, n, r, scenario, env));
    std::vector<std::string> outs(spawn);
    for (uint32_t r = 0; r < spawn; ++r) {
        EXPECT_EQ(Reap(kids[r], &outs[r], std::chrono::seconds(120)), 0) << "rank " << r << ": " << outs[r];
    }
    std::remove(file.c_str());
    return outs;
}

std::string Field(const std::string& line, int i) {  // i-th space-separated field
    size_t at = 0;
    for (int k = 0; k < i; ++k) at = line.find(' ', at) + 1;
    return line.substr(at, line.find_first_of(" \n", at) - at);
}

class HcclProcesses : public ::testing::TestWithParam<uint32_t> {};

TEST_P(HcclProcesses, EveryCollectiveEqualsInProcessAndIsReproducible) {
    const uint32_t n = GetParam();
    const std::vector<std::string> env = {"HCCL_IF_IP=127.0.0.1", "HCCL_CONNECT_TIMEOUT=30", "HCCL_EXEC_TIMEOUT=60"};
    const std::vector<std::string> first = RunProcesses(n, "all", env);
    const std::vector<std::string> again = RunProcesses(n, "all", env);
    for (uint32_t r = 0; r < n; ++r) {
        ASSERT_EQ(Field(first[r], 2), "ok") << first[r];
        EXPECT_EQ(Field(first[r], 3), Field(first[0], 3)) << "rank " << r << " shares other bits";
        EXPECT_EQ(Field(again[r], 3), Field(first[r], 3)) << "rank " << r << " differs on a rerun";
    }
}

INSTANTIATE_TEST_SUITE_P(Ranks, HcclProcesses, ::testing::Values(2u, 3u, 4u));

TEST(HcclProcessFailures, ADyingRankFailsTheOthersInTime) {
    const std::vector<std::string> env = {"HCCL_IF_IP=127.0.0.1", "HCCL_CONNECT_TIMEOUT=30", "HCCL_EXEC_TIMEOUT=5"};
    const std::vector<std::string> outs = RunProcesses(3, "die", env);
    for (uint32_t r = 0; r < 2; ++r) {
        ASSERT_EQ(Field(outs[r], 2), "failed") << outs[r];
        EXPECT_NE(Field(outs[r], 3), "0");
        EXPECT_NE(Field(outs[r], 4), "0");
        EXPECT_LT(std::stoll(Field(outs[r], 5)), 15000) << "not bounded by HCCL_EXEC_TIMEOUT";
    }
}

TEST(HcclProcessFailures, RanksThatDisagreeAllFailWithParaError) {
    const std::vector<std::string> env = {"HCCL_IF_IP=127.0.0.1", "HCCL_CONNECT_TIMEOUT=30", "HCCL_EXEC_TIMEOUT=30"};
    const std::vector<std::string> outs = RunProcesses(3, "mismatch", env);
    for (uint32_t r = 0; r < 3; ++r) {
        ASSERT_EQ(Field(outs[r], 2), "mismatch") << outs[r];
        EXPECT_EQ(Field(outs[r], 4), std::to_string(HCCL_E_PARA)) << outs[r];
        EXPECT_NE(outs[r].find("has count"), std::string::npos) << outs[r];
    }
}

// A receive whose count differs from the send's: both ranks fail at once (gloo alone would abort the receiver).
TEST(HcclProcessFailures, SendRecvCountMismatchFailsBothRanks) {
    const std::vector<std::string> env = {"HCCL_IF_IP=127.0.0.1", "HCCL_CONNECT_TIMEOUT=30", "HCCL_EXEC_TIMEOUT=30"};
    const std::vector<std::string> outs = RunProcesses(2, "p2p", env);
    for (uint32_t r = 0; r < 2; ++r) {
        ASSERT_EQ(Field(outs[r], 2), "p2p") << outs[r];
        EXPECT_EQ(Field(outs[r], 4), std::to_string(HCCL_E_PARA)) << outs[r];
        EXPECT_LT(std::stoll(Field(outs[r], 5)), 10000) << outs[r];
    }
}

// Per-rank counts that do not fit each other: every rank fails at once, not only the one whose own counts differ.
TEST(HcclProcessFailures, VFormCountsThatDisagreeFailEveryRank) {
    const std::vector<std::string> env = {"HCCL_IF_IP=127.0.0.1", "HCCL_CONNECT_TIMEOUT=30", "HCCL_EXEC_TIMEOUT=30"};
    const std::vector<std::string> outs = RunProcesses(3, "rsv", env);
    for (uint32_t r = 0; r < 3; ++r) {
        ASSERT_EQ(Field(outs[r], 2), "rsv") << outs[r];
        EXPECT_EQ(Field(outs[r], 4), std::to_string(HCCL_E_PARA)) << outs[r];
        EXPECT_LT(std::stoll(Field(outs[r], 5)), 10000) << outs[r];
    }
}

TEST(HcclProcessFailures, ARankThatNeverJoinsTimesOutTheOthers) {
    const std::vector<std::string> env = {"HCCL_IF_IP=127.0.0.1", "HCCL_CONNECT_TIMEOUT=2"};
    const std::vector<std::string> outs = RunProcesses(3, "join", env, 2);  // rank 2 never starts
    for (uint32_t r = 0; r < 2; ++r) {
        ASSERT_EQ(Field(outs[r], 2), "init") << outs[r];
        EXPECT_EQ(Field(outs[r], 3), std::to_string(HCCL_E_TIMEOUT)) << outs[r];
        EXPECT_LT(std::stoll(Field(outs[r], 4)), 12000) << "not bounded by HCCL_CONNECT_TIMEOUT";
    }
}

}  // namespace
