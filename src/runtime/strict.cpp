// Strict mode's switch, report line, finding counters and exit status (runtime/strict.h).
#include "runtime/strict.h"

#include <errno.h>
#include <unistd.h>

#include <atomic>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include "common/exports.h"  // the cross-library functions defined here get default visibility
#include "common/status.h"

namespace aclcpu {
namespace {

constexpr int kKinds = 5;
constexpr const char* kKindNames[kKinds] = {"host-access", "unsynchronized-access", "uninitialized-read", "race",
                                            "leak"};
constexpr const char kPrefix[] = "[aclcpu strict] ";

std::atomic<bool> g_on{false};
std::atomic<uint64_t> g_findings[kKinds];

constexpr int kMaxExitChecks = 8;
std::atomic<void (*)()> g_exit_checks[kMaxExitChecks];
std::once_flag g_exit_hook_once;

int KindIndex(StrictKind kind) {
    const int k = static_cast<int>(kind);
    return k >= 0 && k < kKinds ? k : -1;
}

// write(2) of the whole buffer (a short write or EINTR continues; other errors give up: stderr is gone).
void WriteAll(const char* p, size_t n) {
    while (n > 0) {
        const ssize_t w = write(STDERR_FILENO, p, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return;
        p += w;
        n -= static_cast<size_t>(w);
    }
}

// Process exit (atexit): the registered checks, then ACLCPU_STRICT_EXITCODE.
void OnExit() {
    if (!g_on.load(std::memory_order_relaxed)) return;
    for (auto& slot : g_exit_checks) {
        if (void (*check)() = slot.load()) check();
    }
    const int code = StrictExitCodeVariable();
    if (code >= 0 && StrictFindings() > 0) {
        std::fflush(nullptr);  // what the program printed still reaches its files and pipes
        _exit(code);
    }
}

}  // namespace

const char* StrictKindName(StrictKind kind) {
    const int k = KindIndex(kind);
    return k < 0 ? "unknown" : kKindNames[k];
}

bool StrictMode() { return g_on.load(std::memory_order_relaxed); }

void SetStrictMode(bool on) {
    if (on) std::call_once(g_exit_hook_once, [] { std::atexit(&OnExit); });
    g_on.store(on, std::memory_order_relaxed);
}

int StrictVariable() {
    const char* v = std::getenv("ACLCPU_STRICT");
    if (v == nullptr || *v == '\0' || std::strcmp(v, "0") == 0) return 0;
    if (std::strcmp(v, "1") == 0) return 1;
    return -1;
}

int StrictExitCodeVariable() {
    const char* v = std::getenv("ACLCPU_STRICT_EXITCODE");
    if (v == nullptr || *v == '\0') return -1;
    char* end = nullptr;
    errno = 0;
    const long n = std::strtol(v, &end, 10);
    if (end == v || *end != '\0' || errno != 0 || n < 0 || n > 255) return -2;
    return static_cast<int>(n);
}

void StrictReportRaw(StrictKind kind, const char* text) {
    const int k = KindIndex(kind);
    if (k >= 0) g_findings[k].fetch_add(1, std::memory_order_relaxed);
    char line[4096];
    size_t n = 0;
    auto put = [&](const char* s) {
        for (; *s != '\0' && n < sizeof line - 1; ++s) line[n++] = *s;
    };
    put(kPrefix);
    put(StrictKindName(kind));
    put(": ");
    put(text);
    line[n++] = '\n';
    WriteAll(line, n);
}

void StrictReport(StrictKind kind, const char* fmt, ...) {
    const int k = KindIndex(kind);
    if (k >= 0) g_findings[k].fetch_add(1, std::memory_order_relaxed);
    char line[4096];
    int n = std::snprintf(line, sizeof line, "%s%s: ", kPrefix, StrictKindName(kind));
    va_list args;
    va_start(args, fmt);
    const int m = std::vsnprintf(line + n, sizeof line - static_cast<size_t>(n) - 1, fmt, args);
    va_end(args);
    size_t len = static_cast<size_t>(n) + (m < 0 ? 0 : static_cast<size_t>(m));
    if (len > sizeof line - 2) len = sizeof line - 2;  // cut: keep room for the newline
    line[len] = '\0';
    Log(LogLevel::kError, "%s", line);
    line[len++] = '\n';
    WriteAll(line, len);
}

uint64_t StrictFindings() {
    uint64_t total = 0;
    for (const auto& f : g_findings) total += f.load(std::memory_order_relaxed);
    return total;
}

uint64_t StrictFindings(StrictKind kind) {
    const int k = KindIndex(kind);
    return k < 0 ? 0 : g_findings[k].load(std::memory_order_relaxed);
}

void AddStrictExitCheck(void (*check)()) {
    for (auto& slot : g_exit_checks) {
        void (*expected)() = nullptr;
        if (slot.load() == check) return;
        if (slot.compare_exchange_strong(expected, check)) return;
        if (expected == check) return;
    }
    Log(LogLevel::kError, "strict mode: more than %d exit checks; one is not run", kMaxExitChecks);
}

}  // namespace aclcpu
