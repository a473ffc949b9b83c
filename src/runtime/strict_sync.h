// Strict mode, synchronisation half (docs/strict-mode.md: unsynchronized-access, race): the bookkeeping that
// makes a missing synchronisation deterministic and reports it. Runtime-internal (src/runtime only).
//
// In strict mode no stream task runs before something synchronises with it (Stream: release_), so the effects
// of a task become visible only at a synchronisation, as on an NPU. This file keeps, for every task pushed on
// a strict stream, the byte ranges it reads and writes and the vector clock of its stream at push time, and
// reports:
//  * unsynchronized-access: a synchronous aclrtMemcpy/aclrtMemset touching bytes a task not yet synchronised
//    with the host writes (or writing bytes it reads); host access to an aclrtMallocHost buffer a pending task
//    uses (its pages are protected while the task is pending; ReportHostFault); aclrtFree/aclrtFreeHost of a
//    block, aclrtDestroyStream of a stream or aclrtDestroyEvent of an event that pending work uses.
//  * race: two tasks on different streams with overlapping byte ranges, at least one writing, unordered by
//    events (aclrtRecordEvent/aclrtStreamWaitEvent) or host synchronisation.
//
// Vector clocks: stream s has a clock C_s (one counter per strict stream id). A push on s joins the host clock H
// into C_s, increments C_s[s] and stamps the task with C_s. aclrtRecordEvent stamps the event with C_s;
// aclrtStreamWaitEvent joins the event's stamp into the waiting stream's clock. A synchronisation of s (or of an
// event) joins C_s (the event's stamp) into H. Task a is ordered before task b iff b.clock[a.stream] >= a.tick,
// before the host iff H[a.stream] >= a.tick. H is one clock for the whole process (a thread's synchronisation
// orders the work other threads enqueue afterwards): that may hide a race between two host threads that never
// synchronise with each other, never invents one.
//
// Lock order: a Stream's push mutex -> the tracker's mutex -> a Stream's mu_ / the memory registry's mutex.
// Every function is a no-op cost-wise when strict mode is off: callers test StrictSyncOn() first.
#pragma once

#include <cstddef>
#include <cstdint>

#include "runtime/runtime.h"
#include "runtime/strict.h"

namespace aclcpu {
namespace rt {

struct Event;

/// Whether strict mode is on: the switch of runtime/strict.h (StrictMode). A stream decides once, when it
/// is created (Stream::strict); the hot paths test that member, not this.
inline bool StrictSyncOn() { return __builtin_expect(StrictMode(), 0); }

// ---- streams (stream.cpp)
/// A strict stream registers at creation and gets its id (index in the clocks); forgets it when destroyed.
uint32_t StrictStreamCreated(Stream* s);
void StrictStreamDestroyed(Stream* s);
/// A task is about to be pushed on s as its `index`-th task (0-based): stamps it, checks it for races against
/// the tasks of other streams, protects the aclrtMallocHost pages it uses. `api` names the call.
void StrictTaskPushed(Stream* s, uint64_t index, const Access* acc, int n, const char* api);
/// The push did not happen after all (the stream was closing).
void StrictTaskCancelled(Stream* s, uint64_t index);
/// The task starts / has finished running (its aclrtMallocHost pages are opened for it, then re-protected
/// for the tasks still pending).
void StrictTaskStarted(Stream* s, uint64_t index);
void StrictTaskFinished(Stream* s, uint64_t index);
/// The host has synchronised with everything pushed on s so far (H joins C_s).
void StrictHostSynced(Stream* s);
/// aclrtDestroyStream: reports when work on s was never synchronised with the host.
void StrictStreamDestroying(Stream* s, const void* handle);

// ---- events (stream.cpp, device_query.cpp)
/// aclrtRecordEvent(e, s) as record `seq`: e's stamp becomes C_s; the pending record lives on s.
void StrictEventRecorded(Event* e, uint64_t seq, Stream* s);
/// aclrtStreamWaitEvent(s, e): C_s joins e's stamp.
void StrictStreamWaits(Stream* s, Event* e);
/// A wait, query or synchronisation needs e's pending record `seq`: releases the stream it was recorded on (so
/// that nothing waits forever for a stream nobody synchronises). No-op when the record was reached.
void StrictReleaseEventSource(Event* e, uint64_t seq);
/// Waits until record `seq` of e is reached, releasing its stream (again every few milliseconds: a record
/// may be released before it has entered its stream). timeout_s 0: no limit. False on timeout.
bool StrictAwaitRecord(Event* e, uint64_t seq, uint32_t timeout_s);
/// The host observed e complete (aclrtSynchronizeEvent, a query answering COMPLETE): H joins e's stamp.
void StrictHostSyncedEvent(Event* e);
/// aclrtDestroyEvent: reports a record of e still pending.
void StrictEventDestroying(Event* e, const void* handle);

// ---- memory (memory.cpp)
/// A synchronous aclrtMemcpy/aclrtMemset will touch these ranges: reports (once for the call) the first task
/// not synchronised with the host that writes bytes the call touches, or reads bytes it writes; opens the
/// protected aclrtMallocHost pages the call touches. The call then proceeds on the current (stale) bytes.
void StrictHostAccess(const Access* acc, int n, const char* api);
/// aclrtFree/aclrtFreeHost of block [base, base+size): reports (unless `reported`: once per free) when a task not
/// synchronised with the host uses it, and releases the streams of unfinished tasks using it (the free then waits
/// for them, as without strict). Returns whether it reported.
bool StrictBlockFreeing(uintptr_t base, size_t size, bool host, const char* api, bool reported = false);
/// The page-aligned mapping of the strict-mode aclrtMallocHost block containing address a: its base and its
/// length in whole pages. False for any other address (memory.cpp).
bool FindHostPages(uintptr_t a, uintptr_t* base, size_t* len);
/// The SIGSEGV handler's hook (strict_memory.cpp OnFault asks it before chaining a fault that is not in a
/// device block): true when `addr` lies in a protected aclrtMallocHost buffer (the access is reported and the
/// pages opened, so the faulting instruction succeeds when it runs again and the program continues).
bool StrictSyncHandleFault(const void* addr, bool write);

}  // namespace rt
}  // namespace aclcpu
