#include "common/status.h"
#include "common/exports.h"  // the cross-library functions defined here get default visibility

#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <mutex>

namespace aclcpu {
namespace {

struct ErrSlot {
    std::string pending;  // message of the most recent failure not yet taken
    std::string taken;    // storage behind the pointer last returned by TakeRecentErrMsg
    bool has = false;
};
thread_local ErrSlot t_err;

// Logging follows CANN's application log (plog, hicann/runtime src/dfx/log/liblog/slog/plog/plog_file_mgr.c;
// variables: hicann/runtime docs/zh/env_vars/): lines go to a file unless ASCEND_LOG_PRINT_TO_STDOUT=1 (or the
// deprecated ASCEND_SLOG_PRINT_TO_STDOUT=1; the newer variable wins when both are set) prints them on stdout.
// The file: <root>/debug/plog/plog-<pid>_<YYYYMMDDhhmmssmmm>.log, root = ASCEND_PROCESS_LOG_PATH, else
// $ASCEND_WORK_PATH/log, else $HOME/ascend/log; created (with its folders) at the first line; a new file
// after 20 MiB, at most 10 files per process (the oldest removed), as CANN's defaults. A folder or file that
// cannot be created never fails the program: one notice on stderr, then the lines go to stderr.
struct LogConfig {
    int level = static_cast<int>(LogLevel::kError);
    bool to_stdout = false;
    bool event = true;  // ASCEND_GLOBAL_EVENT_ENABLE (default 1)
    std::string dir;    // <root>/debug/plog
};

constexpr long long kMaxLogFileBytes = 20ll << 20;
constexpr size_t kMaxLogFiles = 10;

std::string LogRoot() {
    const char* p = std::getenv("ASCEND_PROCESS_LOG_PATH");
    if (p != nullptr && *p != '\0') return p;
    const char* w = std::getenv("ASCEND_WORK_PATH");
    if (w != nullptr && *w != '\0') return std::string(w) + "/log";
    const char* home = std::getenv("HOME");
    std::string h = home != nullptr ? home : "";
    if (h.empty()) {
        struct passwd pw;
        struct passwd* found = nullptr;
        char buf[4096];
        if (getpwuid_r(getuid(), &pw, buf, sizeof buf, &found) == 0 && found != nullptr && found->pw_dir != nullptr) {
            h = found->pw_dir;
        }
    }
    if (h.empty()) h = "/tmp";
    return h + "/ascend/log";
}

LogConfig ReadLogConfig() {
    LogConfig c;
    if (const char* lv = std::getenv("ASCEND_GLOBAL_LOG_LEVEL")) {
        char* end = nullptr;
        long v = std::strtol(lv, &end, 10);
        if (end != lv && *end == '\0' && v >= 0 && v <= 4) c.level = static_cast<int>(v);
    }
    const char* legacy = std::getenv("ASCEND_SLOG_PRINT_TO_STDOUT");
    const char* current = std::getenv("ASCEND_LOG_PRINT_TO_STDOUT");
    const char* chosen = current != nullptr ? current : legacy;  // the newer variable wins
    c.to_stdout = chosen != nullptr && std::strcmp(chosen, "1") == 0;
    if (const char* ev = std::getenv("ASCEND_GLOBAL_EVENT_ENABLE")) {
        if (std::strcmp(ev, "0") == 0) c.event = false;  // anything but 0 or 1 keeps the default
    }
    c.dir = LogRoot() + "/debug/plog";
    return c;
}

const LogConfig& Config() {
    static const LogConfig config = ReadLogConfig();
    return config;
}

const char* LevelName(LogLevel l) {
    switch (l) {
        case LogLevel::kDebug: return "DEBUG";
        case LogLevel::kInfo: return "INFO";
        case LogLevel::kWarning: return "WARNING";
        case LogLevel::kEvent: return "EVENT";
        default: return "ERROR";
    }
}

// mkdir -p with mode 0750; true when the folder exists afterwards.
bool MakeDirs(const std::string& path) {
    for (size_t i = 1; i <= path.size(); ++i) {
        if (i == path.size() || path[i] == '/') {
            const std::string part = path.substr(0, i);
            if (mkdir(part.c_str(), 0750) != 0 && errno != EEXIST) return false;
        }
    }
    struct stat st;
    return stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

// The log file of this process (guarded by the logging mutex).
struct LogFile {
    int fd = -1;
    pid_t pid = 0;              // the process the file belongs to (a forked child opens its own)
    long long bytes = 0;        // written to the current file
    bool failed = false;        // folder or file could not be created: stderr from now on
    std::deque<std::string> names;  // this process's files, oldest first
};

LogFile& TheLogFile() {
    static LogFile* f = new LogFile();  // never destroyed: threads may log during exit
    return *f;
}

// Opens a new file for this process; false (with one notice on stderr) when it cannot.
bool OpenLogFile(LogFile& f, const LogConfig& c, const char* stamp) {
    if (f.fd >= 0) close(f.fd);
    f.fd = -1;
    const pid_t pid = getpid();
    if (f.pid != pid) f.names.clear();  // a forked child never removes its parent's files
    f.pid = pid;
    f.bytes = 0;
    std::string path;
    if (MakeDirs(c.dir)) {
        path = c.dir + "/plog-" + std::to_string(static_cast<long>(pid)) + "_" + stamp + ".log";
        f.fd = open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0640);
    }
    if (f.fd < 0) {
        const int err = errno;
        f.failed = true;
        std::fprintf(stderr, "[WARNING] ACLCPU(%d): cannot write log files in %s (%s); logging to stderr\n",
                     static_cast<int>(pid), c.dir.c_str(), std::strerror(err));
        std::fflush(stderr);
        return false;
    }
    f.names.push_back(path);
    while (f.names.size() > kMaxLogFiles) {
        unlink(f.names.front().c_str());
        f.names.pop_front();
    }
    return true;
}

// Writes all of `line` to fd (retrying short writes and EINTR); errors are ignored: logging never fails.
void WriteAll(int fd, const std::string& line) {
    size_t done = 0;
    while (done < line.size()) {
        const ssize_t n = write(fd, line.data() + done, line.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return;
        done += static_cast<size_t>(n);
    }
}

std::string FormatV(const char* fmt, va_list args) {
    va_list copy;
    va_copy(copy, args);
    int n = std::vsnprintf(nullptr, 0, fmt, copy);
    va_end(copy);
    if (n <= 0) return std::string();
    std::string s(static_cast<size_t>(n), '\0');
    std::vsnprintf(&s[0], s.size() + 1, fmt, args);
    return s;
}

}  // namespace

std::string Format(const char* fmt, ...) {
    va_list args;
    va_start(args, fmt);
    std::string s = FormatV(fmt, args);
    va_end(args);
    return s;
}

bool LogEnabled(LogLevel level) {
    const LogConfig& c = Config();
    if (c.level >= static_cast<int>(LogLevel::kNone)) return false;  // level 4: nothing, events included
    if (level == LogLevel::kEvent) return c.event;
    return static_cast<int>(level) >= c.level;
}

void LogV(LogLevel level, const char* fmt, va_list args) {
    if (!LogEnabled(level)) return;
    const LogConfig& c = Config();
    const std::string msg = FormatV(fmt, args);
    // "[ERROR] ACLCPU(pid,program):2026-11-30-23:59:59.123.456 message", CANN's plog line layout.
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    struct tm tm;
    localtime_r(&ts.tv_sec, &tm);
    const int ms = static_cast<int>(ts.tv_nsec / 1000000), us = static_cast<int>(ts.tv_nsec / 1000 % 1000);
    const pid_t pid = getpid();
    char head[160];
    std::snprintf(head, sizeof head, "[%s] ACLCPU(%d,%s):%04d-%02d-%02d-%02d:%02d:%02d.%03d.%03d ", LevelName(level),
                  static_cast<int>(pid), program_invocation_short_name, tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                  tm.tm_hour, tm.tm_min, tm.tm_sec, ms, us);
    std::string line = head + msg + "\n";
    static std::mutex mu;  // one line at a time from concurrent threads
    std::lock_guard<std::mutex> lock(mu);
    if (c.to_stdout) {
        std::fwrite(line.data(), 1, line.size(), stdout);
        std::fflush(stdout);
        return;
    }
    LogFile& f = TheLogFile();
    if (!f.failed && (f.fd < 0 || f.pid != pid || f.bytes + static_cast<long long>(line.size()) > kMaxLogFileBytes)) {
        char stamp[64];
        std::snprintf(stamp, sizeof stamp, "%04d%02d%02d%02d%02d%02d%03d", tm.tm_year + 1900, tm.tm_mon + 1,
                      tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, ms);
        OpenLogFile(f, c, stamp);
    }
    if (f.failed) {
        std::fwrite(line.data(), 1, line.size(), stderr);
        std::fflush(stderr);
        return;
    }
    WriteAll(f.fd, line);
    f.bytes += static_cast<long long>(line.size());
}

void Log(LogLevel level, const char* fmt, ...) {
    va_list args;
    va_start(args, fmt);
    LogV(level, fmt, args);
    va_end(args);
}

int Fail(int code, const char* fmt, ...) {
    va_list args;
    va_start(args, fmt);
    std::string msg = FormatV(fmt, args);
    va_end(args);
    Log(LogLevel::kError, "status %d: %s", code, msg.c_str());
    t_err.pending.swap(msg);
    t_err.has = true;
    return code;
}

const char* TakeRecentErrMsg() {
    if (!t_err.has) return nullptr;
    t_err.taken.swap(t_err.pending);
    t_err.pending.clear();
    t_err.has = false;
    return t_err.taken.c_str();
}

}  // namespace aclcpu
