#include "common/status.h"
#include "common/exports.h"  // the cross-library functions defined here get default visibility

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

namespace aclcpu {
namespace {

struct ErrSlot {
    std::string pending;  // message of the most recent failure not yet taken
    std::string taken;    // storage behind the pointer last returned by TakeRecentErrMsg
    bool has = false;
};
thread_local ErrSlot t_err;

struct LogConfig {
    int level = static_cast<int>(LogLevel::kError);
    bool to_stdout = false;
};

LogConfig ReadLogConfig() {
    LogConfig c;
    if (const char* lv = std::getenv("ASCEND_GLOBAL_LOG_LEVEL")) {
        char* end = nullptr;
        long v = std::strtol(lv, &end, 10);
        if (end != lv && v >= 0 && v <= 4) c.level = static_cast<int>(v);
    }
    const char* legacy = std::getenv("ASCEND_SLOG_PRINT_TO_STDOUT");
    const char* current = std::getenv("ASCEND_LOG_PRINT_TO_STDOUT");
    const char* chosen = current != nullptr ? current : legacy;  // the newer variable wins
    c.to_stdout = chosen != nullptr && std::strcmp(chosen, "1") == 0;
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
        default: return "ERROR";
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

void LogV(LogLevel level, const char* fmt, va_list args) {
    const LogConfig& c = Config();
    if (static_cast<int>(level) < c.level || c.level >= static_cast<int>(LogLevel::kNone)) return;
    std::string msg = FormatV(fmt, args);
    static std::mutex mu;  // one line at a time from concurrent threads
    std::lock_guard<std::mutex> lock(mu);
    std::FILE* out = c.to_stdout ? stdout : stderr;
    std::fprintf(out, "[%s] ACLCPU(%d): %s\n", LevelName(level), static_cast<int>(getpid()), msg.c_str());
    std::fflush(out);
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
