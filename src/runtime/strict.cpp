// Strict mode's switch, report line, finding counters and exit status (runtime/strict.h).
#include "runtime/strict.h"

#include <dlfcn.h>
#include <errno.h>
#include <execinfo.h>
#include <link.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "common/exports.h"  // the cross-library functions defined here get default visibility
#include "common/status.h"

namespace aclcpu {

namespace strict_detail {
std::atomic<size_t> g_tracked{0};  // Tracker::live.size(), readable without its lock
}  // namespace strict_detail

namespace {

constexpr int kKinds = 7;
constexpr const char* kKindNames[kKinds] = {"host-access", "unsynchronized-access", "uninitialized-read", "race",
                                            "leak", "peer-access", "collective-mismatch"};
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

// ---- leak tracking

struct Tracked {
    StrictObject what;
    size_t bytes;
    const char* api;
    void* site;    // the creation site's return address (nullptr: unknown)
    uint64_t seq;  // creation order
};

struct Tracker {
    std::mutex mu;
    std::unordered_map<const void*, Tracked> live;
    uint64_t next_seq = 0;
    // Address ranges of this library's shared objects (and of the module holding this code), for skipping
    // their frames in a creation backtrace; filled once.
    std::vector<std::pair<uintptr_t, uintptr_t>> ours;
    bool ours_known = false;
};

Tracker& Track() {
    static Tracker* t = new Tracker();  // never destroyed: the exit check runs during static destruction
    return *t;
}

bool IsOurModule(const char* path, uintptr_t base) {
    Dl_info self;
    if (dladdr(reinterpret_cast<void*>(&StrictReportRaw), &self) != 0 &&
        reinterpret_cast<uintptr_t>(self.dli_fbase) == base) {
        return true;
    }
    const char* name = std::strrchr(path, '/');
    name = name != nullptr ? name + 1 : path;
    for (const char* lib : {"libascendcl.", "libacl_rt.", "libnnopbase.", "libopapi", "libruntime."}) {
        if (std::strncmp(name, lib, std::strlen(lib)) == 0) return true;
    }
    return false;
}

int CollectOurs(struct dl_phdr_info* info, size_t, void* data) {
    auto* ours = static_cast<std::vector<std::pair<uintptr_t, uintptr_t>>*>(data);
    const char* path = info->dlpi_name != nullptr ? info->dlpi_name : "";
    if (!IsOurModule(path, info->dlpi_addr)) {
        // The executable when this code is linked into it (aclcpu_static): dlpi_addr is its load bias.
        Dl_info self;
        if (dladdr(reinterpret_cast<void*>(&StrictReportRaw), &self) == 0) return 0;
        bool holds_self = false;
        for (int i = 0; i < info->dlpi_phnum; ++i) {
            const auto& ph = info->dlpi_phdr[i];
            if (ph.p_type != PT_LOAD) continue;
            const uintptr_t lo = info->dlpi_addr + ph.p_vaddr, hi = lo + ph.p_memsz;
            const uintptr_t me = reinterpret_cast<uintptr_t>(&StrictReportRaw);
            if (me >= lo && me < hi) holds_self = true;
        }
        if (!holds_self) return 0;
    }
    for (int i = 0; i < info->dlpi_phnum; ++i) {
        const auto& ph = info->dlpi_phdr[i];
        if (ph.p_type == PT_LOAD && (ph.p_flags & PF_X) != 0) {
            ours->emplace_back(info->dlpi_addr + ph.p_vaddr, info->dlpi_addr + ph.p_vaddr + ph.p_memsz);
        }
    }
    return 0;
}

// The first return address on the calling thread's stack outside this library (the application's call of
// the creating API); when every frame is ours (the library linked into the program), the frame above the
// library's entry point is unknown: the outermost frame of ours' caller is taken instead.
void* CreationSite(Tracker& t) {
    void* frames[32];
    const int n = backtrace(frames, 32);
    std::lock_guard<std::mutex> lock(t.mu);
    if (!t.ours_known) {
        dl_iterate_phdr(&CollectOurs, &t.ours);
        t.ours_known = true;
    }
    auto ours = [&](void* pc) {
        const uintptr_t a = reinterpret_cast<uintptr_t>(pc);
        for (const auto& r : t.ours) {
            if (a >= r.first && a < r.second) return true;
        }
        return false;
    };
    for (int i = 1; i < n; ++i) {
        if (!ours(frames[i])) return frames[i];
    }
    return n > 3 ? frames[3] : nullptr;
}

const char* ObjectName(StrictObject what) {
    switch (what) {
        case StrictObject::kDeviceBlock:
            return "device memory block";
        case StrictObject::kHostBlock:
            return "host memory block";
        case StrictObject::kStream:
            return "stream";
        case StrictObject::kEvent:
            return "event";
        case StrictObject::kContext:
            return "context";
        case StrictObject::kExecutor:
            return "executor";
        case StrictObject::kTensor:
            return "tensor";
    }
    return "object";
}

const char* ReleasedBy(StrictObject what) {
    switch (what) {
        case StrictObject::kDeviceBlock:
            return "aclrtFree";
        case StrictObject::kHostBlock:
            return "aclrtFreeHost";
        case StrictObject::kStream:
            return "aclrtDestroyStream";
        case StrictObject::kEvent:
            return "aclrtDestroyEvent";
        case StrictObject::kContext:
            return "aclrtDestroyContext";
        case StrictObject::kExecutor:
            return "a launch (the second phase) or aclDestroyAclOpExecutor";
        case StrictObject::kTensor:
            return "aclDestroyTensor";
    }
    return "its release call";
}

// Released by aclFinalize (so reported there); the others live in libnnopbase and outlive it.
bool ReleasedByFinalize(StrictObject what) { return what != StrictObject::kExecutor && what != StrictObject::kTensor; }

// "file(symbol+0xoff) [0xpc]" for a return address (backtrace_symbols' format), or "an unknown caller".
std::string SiteTextOf(void* site) {
    if (site == nullptr) return "an unknown caller";
    char** names = backtrace_symbols(&site, 1);
    std::string text = names != nullptr && names[0] != nullptr ? names[0] : Format("[%p]", site);
    std::free(names);
    return text;
}

void ExitLeakCheck() { StrictReportLeaks(false); }

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
    if (on) {
        std::call_once(g_exit_hook_once, [] {
            void* warm[2];
            backtrace(warm, 2);  // loads the unwinder now, not inside the first tracked call
            AddStrictExitCheck(&ExitLeakCheck);
            std::atexit(&OnExit);
        });
    }
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

void* StrictCallerSite() { return CreationSite(Track()); }

std::string StrictSiteText(void* site) { return SiteTextOf(site); }

void StrictTrackCreate(const void* obj, StrictObject what, size_t bytes, const char* api) {
    if (obj != nullptr) StrictTrackCreateAt(obj, what, bytes, api, StrictCallerSite());
}

void StrictTrackCreateAt(const void* obj, StrictObject what, size_t bytes, const char* api, void* site) {
    if (obj == nullptr) return;
    Tracker& t = Track();
    std::lock_guard<std::mutex> lock(t.mu);
    t.live[obj] = Tracked{what, bytes, api, site, t.next_seq++};
    strict_detail::g_tracked.store(t.live.size(), std::memory_order_relaxed);
}

void StrictTrackRelease(const void* obj) {
    if (strict_detail::g_tracked.load(std::memory_order_relaxed) == 0) return;
    Tracker& t = Track();
    std::lock_guard<std::mutex> lock(t.mu);
    if (t.live.erase(obj) != 0) strict_detail::g_tracked.store(t.live.size(), std::memory_order_relaxed);
}

void StrictReportLeaks(bool at_finalize) {
    Tracker& t = Track();
    std::vector<std::pair<const void*, Tracked>> leaked;
    {
        std::lock_guard<std::mutex> lock(t.mu);
        for (auto it = t.live.begin(); it != t.live.end();) {
            if (!at_finalize || ReleasedByFinalize(it->second.what)) {
                leaked.emplace_back(it->first, it->second);
                it = t.live.erase(it);
            } else {
                ++it;
            }
        }
        strict_detail::g_tracked.store(t.live.size(), std::memory_order_relaxed);
    }
    std::sort(leaked.begin(), leaked.end(), [](const auto& a, const auto& b) { return a.second.seq < b.second.seq; });
    // Per kind: how many, and their bytes, for each line's summary.
    size_t count[8] = {}, bytes[8] = {}, index[8] = {};
    for (const auto& [obj, info] : leaked) {
        ++count[static_cast<int>(info.what)];
        bytes[static_cast<int>(info.what)] += info.bytes;
    }
    const char* when = at_finalize ? "still alive at aclFinalize" : "still alive at process exit";
    for (const auto& [obj, info] : leaked) {
        const int k = static_cast<int>(info.what);
        const std::string site = SiteTextOf(info.site);
        if (info.what == StrictObject::kDeviceBlock || info.what == StrictObject::kHostBlock) {
            StrictReport(StrictKind::kLeak,
                         "%s %p of %zu bytes from %s %s (never released with %s); created at %s; leaked %s %zu of "
                         "%zu, %zu bytes in all",
                         ObjectName(info.what), obj, info.bytes, info.api, when, ReleasedBy(info.what), site.c_str(),
                         ObjectName(info.what), ++index[k], count[k], bytes[k]);
        } else {
            StrictReport(StrictKind::kLeak,
                         "%s %p from %s %s (never released with %s); created at %s; leaked %s %zu of %zu",
                         ObjectName(info.what), obj, info.api, when, ReleasedBy(info.what), site.c_str(),
                         ObjectName(info.what), ++index[k], count[k]);
        }
    }
}

}  // namespace aclcpu
