// Error reporting and logging shared by every layer (lives in libascendcl).
//
// Fail() is the one way a public call reports a failure: it stores a sentence for aclGetRecentErrMsg
// (per calling thread, SPEC 2) and logs it at ERROR level, then returns the code so callers can write
// `return Fail(161002, "...", ...)`. Log levels and sinks follow CANN's environment variables
// (ASCEND_GLOBAL_LOG_LEVEL 0 debug .. 3 error, 4 off; ASCEND_GLOBAL_EVENT_ENABLE; ASCEND_LOG_PRINT_TO_STDOUT,
// older ASCEND_SLOG_PRINT_TO_STDOUT); lines go to CANN's plog files (ASCEND_PROCESS_LOG_PATH, else
// $HOME/ascend/log: debug/plog/plog-<pid>_<time>.log) unless printing is switched on (status.cpp).
#pragma once

#include <cstdarg>
#include <cstring>
#include <string>

namespace aclcpu {

/// Records a formatted message as the calling thread's recent error, logs it, and returns `code`.
int Fail(int code, const char* fmt, ...) __attribute__((format(printf, 2, 3)));

/// Log levels, CANN's numbering (dlog: DLOG_DEBUG 0 .. DLOG_ERROR 3, DLOG_NULL 4, DLOG_EVENT 0x10). Events
/// (runtime milestones such as aclInit) are written whatever the level unless ASCEND_GLOBAL_EVENT_ENABLE=0;
/// level 4 silences everything.
enum class LogLevel : int { kDebug = 0, kInfo = 1, kWarning = 2, kError = 3, kNone = 4, kEvent = 0x10 };

/// Writes one log line "[LEVEL] ACLCPU(pid,program):YYYY-MM-DD-hh:mm:ss.mmm.uuu msg" when `level` passes
/// ASCEND_GLOBAL_LOG_LEVEL: to the process's plog file, or to stdout with ASCEND_LOG_PRINT_TO_STDOUT=1, or
/// to stderr when no log file can be created. Never fails; thread-safe (one line at a time).
void Log(LogLevel level, const char* fmt, ...) __attribute__((format(printf, 2, 3)));

/// As Log with a va_list.
void LogV(LogLevel level, const char* fmt, va_list args);

/// Takes the calling thread's recent error message (nullptr when none) and clears it; the returned text
/// stays valid until the thread's next call.
const char* TakeRecentErrMsg();

/// The integer a caller passed as an enum-typed argument. A C caller may pass any int (C enums are ints),
/// but in C++ loading an enum object whose value lies outside the enumeration's range is undefined
/// (UBSan -fsanitize=enum reports it), so public entry points read such arguments through this copy and
/// validate the int before using it as the enum.
template <typename E>
inline int RawEnum(const E& e) {
    static_assert(sizeof(E) == sizeof(int), "enum arguments of the ACL API are int-sized");
    int v;
    std::memcpy(&v, &e, sizeof v);
    return v;
}

/// Formats like printf into a std::string.
std::string Format(const char* fmt, ...) __attribute__((format(printf, 1, 2)));

}  // namespace aclcpu
