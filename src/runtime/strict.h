// Strict mode (issue 14): the checks that make the bugs an NPU would expose visible on a CPU - host code
// touching device memory, reads of device bytes nobody wrote, resources left alive at the end, and (from the
// synchronisation checks) accesses that only work because a CPU stream happens to have finished.
//
// The switch: ACLCPU_STRICT=1 in the environment, or "strict": true in aclInit's JSON config (the config wins
// when it has the key). It is decided by aclInit (or by the first rt* call that opens the runtime without
// aclInit: the environment only) and holds until the next aclInit. Off by default; off, every check in the
// library is one relaxed atomic load (StrictMode) and a not-taken branch.
//
// The report: each finding is one line on stderr, written with a single write(2) so that lines of
// concurrent findings never interleave:
//     [aclcpu strict] <kind>: <what happened>, <which objects and addresses, sizes, the API call>
// where <kind> is one of host-access, unsynchronized-access, uninitialized-read, race, leak, peer-access,
// collective-mismatch (StrictKindName).
// ACLCPU_STRICT_EXITCODE=N (an integer from 0 to 255) makes a process that had findings exit with status N at
// its normal exit (as the sanitizers' exitcode option does); without it the program's own status stands.
//
// Lives in libascendcl; StrictMode and StrictReport are exported to the other libraries (common/exports.h).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>

namespace aclcpu {

/// The kinds of finding (docs/strict-mode.md describes each). The numeric values are internal.
enum class StrictKind : int {
    kHostAccess,            ///< "host-access": host code read or wrote memory returned by aclrtMalloc
    kUnsynchronizedAccess,  ///< "unsynchronized-access": host use of device results before a synchronisation
    kUninitializedRead,     ///< "uninitialized-read": a kernel or device-to-host copy read bytes never written
    kRace,                  ///< "race": two streams touch the same bytes without an event between them
    kLeak,                  ///< "leak": an object still alive at aclFinalize or process exit
    kPeerAccess,            ///< "peer-access": work on one device touched another device's memory without
                            ///< aclrtDeviceEnablePeerAccess
    kCollectiveMismatch,    ///< "collective-mismatch": the ranks of an HCCL communicator issued different
                            ///< collectives at the same position (or two ranks queued on one stream)
};

/// The kind's name as it appears in reports ("host-access", ...); "unknown" for a value outside the enum.
const char* StrictKindName(StrictKind kind);

/// Whether strict mode is on (see the header comment): one relaxed atomic load (exported to every library).
bool StrictMode();

/// Writes one finding: "[aclcpu strict] <kind>: " followed by the printf-formatted text and a newline, as one
/// write(2) to stderr (the text is cut at 4000 bytes), and counts it. Also logged at ERROR level to CANN's
/// plog file. Thread-safe; not async-signal-safe (the SIGSEGV path uses StrictReportRaw).
void StrictReport(StrictKind kind, const char* fmt, ...) __attribute__((format(printf, 2, 3)));

/// StrictReport for a signal handler: only write(2) and an atomic increment. `text` is the part after
/// "<kind>: ", without the newline.
void StrictReportRaw(StrictKind kind, const char* text);

/// Findings reported since the process started (all kinds).
uint64_t StrictFindings();

/// Findings of one kind reported since the process started.
uint64_t StrictFindings(StrictKind kind);

/// A check that runs once at normal process exit (atexit order: after the program's main returns or it calls
/// exit), while strict mode is on, before the exit status is decided: the leak report of objects that are
/// not released by aclFinalize, for instance. At most 8; registering the same function twice runs it once.
void AddStrictExitCheck(void (*check)());

// ---- leak tracking (the leak kind)

/// What a tracked object is, for leak reports.
enum class StrictObject : int {
    kDeviceBlock,  ///< aclrtMalloc (and its variants)
    kHostBlock,    ///< aclrtMallocHost
    kStream,       ///< aclrtCreateStream
    kEvent,        ///< aclrtCreateEvent
    kContext,      ///< aclrtCreateContext
    kExecutor,     ///< a first phase (aclnn*GetWorkspaceSize)
    kTensor,       ///< aclCreateTensor
};

/// Records an object the application created while strict mode is on (call only when StrictMode()):
/// `bytes` for memory blocks (0 otherwise), `api` the creating call or operator (static storage). Captures
/// the creation site: the first stack frame outside this library's shared objects (backtrace(3)).
void StrictTrackCreate(const void* obj, StrictObject what, size_t bytes, const char* api);

/// StrictTrackCreate with a creation site already taken (StrictCallerSite).
void StrictTrackCreateAt(const void* obj, StrictObject what, size_t bytes, const char* api, void* site);

/// The creation site of an object being created now: the return address of the first frame on the calling
/// thread's stack outside this library's shared objects; nullptr when unknown.
void* StrictCallerSite();

/// A creation site as "file(symbol+0xoff) [0xaddress]" (backtrace_symbols' format), "an unknown caller" for
/// nullptr.
std::string StrictSiteText(void* site);

/// Forgets an object when it is released (destroyed, freed, consumed by a launch); an untracked object is
/// ignored. Called through StrictTrackReleaseIfAny by the handle registry for every handle release and by
/// aclrtFree / aclrtFreeHost.
void StrictTrackRelease(const void* obj);

namespace strict_detail {
/// Objects StrictTrackCreate recorded and not yet released (libascendcl only: not exported).
extern std::atomic<size_t> g_tracked;
}  // namespace strict_detail

/// StrictTrackRelease when anything is tracked: inline, one relaxed atomic load when nothing is (strict mode
/// off). For libascendcl's own files only (the counter is not exported).
inline void StrictTrackReleaseIfAny(const void* obj) {
    if (strict_detail::g_tracked.load(std::memory_order_relaxed) != 0) StrictTrackRelease(obj);
}

/// Reports each tracked object still alive as one "leak" line, oldest first, and forgets it. at_finalize:
/// aclFinalize is about to release the runtime's objects (memory blocks, streams, events, contexts), so only
/// those are reported; otherwise (process exit) every kind.
void StrictReportLeaks(bool at_finalize);

// ---- runtime-internal (src/runtime)

/// Sets the switch (aclInit, OpenForRtApi). The first time it turns on, installs the process-exit hook that
/// runs the exit checks and applies ACLCPU_STRICT_EXITCODE.
void SetStrictMode(bool on);

/// ACLCPU_STRICT: 0 when unset, empty or "0", 1 for "1", -1 for anything else (aclInit refuses it).
int StrictVariable();

/// ACLCPU_STRICT_EXITCODE: -1 when unset or empty, -2 when not an integer from 0 to 255, else the status.
int StrictExitCodeVariable();

}  // namespace aclcpu
