// Re-running the test binary as a child process, for the suites whose subject is read once per process
// (the pool's ACLCPU_NUM_THREADS, the profile's ACLCPU_SOC_VERSION): the child runs one helper test (a suite
// named *ChildProcess, left out of CTest) with extra environment variables and writes what it computed to a
// file the parent then reads.
#pragma once

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern char** environ;

namespace aclcpu_test {

/// Runs this binary (/proc/self/exe) with --gtest_filter=`filter` and this process's environment, where each
/// "NAME=value" of extra_env replaces (or adds) NAME. Returns the child's exit status, -1 when it could not
/// be started or did not exit normally.
inline int SpawnSelf(const std::string& filter, const std::vector<std::string>& extra_env) {
    std::vector<std::string> env;
    for (char** e = environ; *e != nullptr; ++e) {
        const std::string kv = *e;
        bool overridden = false;
        for (const std::string& x : extra_env) {
            if (kv.compare(0, x.find('=') + 1, x, 0, x.find('=') + 1) == 0) overridden = true;
        }
        if (!overridden) env.push_back(kv);
    }
    for (const std::string& x : extra_env) env.push_back(x);
    std::vector<char*> envp;
    for (std::string& s : env) envp.push_back(&s[0]);
    envp.push_back(nullptr);
    std::string exe = "/proc/self/exe", arg = "--gtest_filter=" + filter;
    char* argv[] = {&exe[0], &arg[0], nullptr};
    pid_t pid = 0;
    if (posix_spawn(&pid, "/proc/self/exe", nullptr, nullptr, argv, envp.data()) != 0) return -1;
    int status = 0;
    if (waitpid(pid, &status, 0) != pid) return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/// The bytes of a file (empty when it cannot be read).
inline std::vector<char> ReadFileBytes(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    return std::vector<char>((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

}  // namespace aclcpu_test
