// Strict mode, synchronisation half: task access sets, vector clocks, host-buffer protection (strict_sync.h).
#include "runtime/strict_sync.h"

#include <signal.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <list>
#include <map>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <vector>

#include "common/exports.h"
#include "runtime/state.h"
#include "runtime/strict_memory.h"

namespace aclcpu {
namespace rt {

namespace {

// A vector clock: (strict stream id, counter) pairs sorted by id, absent = 0. Sparse: streams come and go by the
// thousand, and a destroyed stream's id leaves the host's and the live streams' clocks (its work is then
// ordered before the host, so nothing compares against it again).
using Clock = std::vector<std::pair<uint32_t, uint64_t>>;

uint64_t At(const Clock& c, uint32_t id) {
    auto it = std::lower_bound(c.begin(), c.end(), std::make_pair(id, uint64_t{0}));
    return it != c.end() && it->first == id ? it->second : 0;
}

uint64_t Tick(Clock* c, uint32_t id) {
    auto it = std::lower_bound(c->begin(), c->end(), std::make_pair(id, uint64_t{0}));
    if (it == c->end() || it->first != id) it = c->insert(it, {id, 0});
    return ++it->second;
}

void Erase(Clock* c, uint32_t id) {
    auto it = std::lower_bound(c->begin(), c->end(), std::make_pair(id, uint64_t{0}));
    if (it != c->end() && it->first == id) c->erase(it);
}

void Join(Clock* a, const Clock& b) {
    Clock out;
    out.reserve(a->size() + b.size());
    size_t i = 0, j = 0;
    while (i < a->size() || j < b.size()) {
        if (j == b.size() || (i < a->size() && (*a)[i].first < b[j].first)) {
            out.push_back((*a)[i++]);
        } else if (i == a->size() || b[j].first < (*a)[i].first) {
            out.push_back(b[j++]);
        } else {
            out.emplace_back((*a)[i].first, std::max((*a)[i].second, b[j].second));
            ++i;
            ++j;
        }
    }
    a->swap(out);
}

// A task pushed on a strict stream that lists byte ranges.
struct TaskRec {
    Stream* stream;
    uint32_t sid;
    uint64_t index;  // its index on the stream
    uint64_t tick;   // its stream's counter after the push: ordered before X iff X.clock[sid] >= tick
    Clock clock;     // its stream's clock at the push
    std::vector<Access> acc;
    const char* api;
    bool started = false, finished = false;
    std::vector<uintptr_t> host_blocks;  // bases of the aclrtMallocHost blocks it uses (protected while pending)
};

// An aclrtMallocHost block that pending tasks use: its pages are protected (PROT_READ while pending tasks
// only read it, PROT_NONE while one writes it), open while one of them runs or once a host access was reported.
struct HostBlock {
    size_t len = 0;  // bytes protected from the base (whole pages)
    int readers = 0, writers = 0, running = 0;
    bool opened = false;  // a host access was reported: left open until no pending task uses it
    int prot = PROT_READ | PROT_WRITE;
};

struct StreamRec {
    Stream* s = nullptr;  // nullptr once destroyed
    Clock clock;
};

struct Tracker {
    std::mutex mu;
    std::vector<StreamRec> streams;  // by strict id
    Clock host;                      // H
    std::list<TaskRec> tasks;        // push order; pruned once finished and ordered before the host
    std::map<std::pair<const Stream*, uint64_t>, std::list<TaskRec>::iterator> by_key;
    std::map<uintptr_t, HostBlock> host_blocks;  // by base
};

Tracker& T() {
    static Tracker* t = new Tracker();  // never destroyed: workers may outlive main()
    return *t;
}

constexpr size_t kMaxHistory = size_t{1} << 16;  // tasks kept for race checks (the oldest finished go first)

// The user's name of a stream, for reports.
std::string StreamName(const Stream* s) {
    if (s == nullptr) return "a destroyed stream";
    if (s->handle == nullptr) return "the default stream";
    return Format("stream %p", s->handle);
}

const char* Verb(bool write) { return write ? "writes" : "reads"; }

bool Overlap(const Access& a, const Access& b) { return a.lo < b.hi && b.lo < a.hi; }

void Prune(Tracker& t) {
    for (auto it = t.tasks.begin(); it != t.tasks.end();) {
        if (it->finished && At(t.host, it->sid) >= it->tick) {
            t.by_key.erase({it->stream, it->index});
            it = t.tasks.erase(it);
        } else {
            ++it;
        }
    }
    while (t.tasks.size() > kMaxHistory) {  // bounded: forget the oldest finished task
        auto it = std::find_if(t.tasks.begin(), t.tasks.end(), [](const TaskRec& r) { return r.finished; });
        if (it == t.tasks.end()) break;
        t.by_key.erase({it->stream, it->index});
        t.tasks.erase(it);
    }
}

// Re-applies a host block's protection after its counts changed; forgets it when no task uses it.
void Reprotect(Tracker& t, std::map<uintptr_t, HostBlock>::iterator it) {
    HostBlock& b = it->second;
    int want = PROT_READ | PROT_WRITE;
    if (b.running == 0 && !b.opened) {
        if (b.writers > 0) {
            want = PROT_NONE;
        } else if (b.readers > 0) {
            want = PROT_READ;
        }
    }
    if (want != b.prot) {
        mprotect(reinterpret_cast<void*>(it->first), b.len, want);
        b.prot = want;
    }
    if (b.readers == 0 && b.writers == 0 && b.running == 0) t.host_blocks.erase(it);
}

// Drops a task's hold on its host blocks (it started running, finished, or was cancelled).
void DropHostBlocks(Tracker& t, TaskRec& r, bool running_delta) {
    for (uintptr_t base : r.host_blocks) {
        auto it = t.host_blocks.find(base);
        if (it == t.host_blocks.end()) continue;
        bool writes = false;
        for (const Access& a : r.acc) {
            if (a.write && a.hi > base && a.lo < base + it->second.len) writes = true;
        }
        if (running_delta) {
            --it->second.running;
        } else if (writes) {
            --it->second.writers;
        } else {
            --it->second.readers;
        }
        Reprotect(t, it);
    }
}

TaskRec* Find(Tracker& t, const Stream* s, uint64_t index) {
    auto it = t.by_key.find({s, index});
    return it == t.by_key.end() ? nullptr : &*it->second;
}

// The first pending (not finished) task other than `skip` using [lo, hi); nullptr when none.
const TaskRec* PendingUser(Tracker& t, uintptr_t lo, uintptr_t hi, bool* write, const Access** which) {
    for (const TaskRec& r : t.tasks) {
        if (r.finished) continue;
        for (const Access& a : r.acc) {
            if (a.lo < hi && lo < a.hi) {
                *write = a.write;
                *which = &a;
                return &r;
            }
        }
    }
    return nullptr;
}

void ReleaseStream(Tracker& t, uint32_t sid) {
    if (sid < t.streams.size() && t.streams[sid].s != nullptr) t.streams[sid].s->Release();
}

}  // namespace

uint32_t StrictStreamCreated(Stream* s) {
    Tracker& t = T();
    std::lock_guard<std::mutex> lock(t.mu);
    const uint32_t id = static_cast<uint32_t>(t.streams.size());
    t.streams.push_back(StreamRec{s, t.host});
    return id;
}

void StrictStreamDestroyed(Stream* s) {
    Tracker& t = T();
    std::lock_guard<std::mutex> lock(t.mu);
    const uint32_t sid = s->strict_id();
    StreamRec& rec = t.streams[sid];
    rec.s = nullptr;
    Clock().swap(rec.clock);
    Erase(&t.host, sid);  // drained and synchronised (Close): nothing compares against its id any more
    for (StreamRec& other : t.streams) {
        if (other.s != nullptr) Erase(&other.clock, sid);
    }
    for (TaskRec& r : t.tasks) {
        if (r.stream == s) r.stream = nullptr;  // finished (the stream drained); kept for race checks by sid
    }
    for (auto it = t.by_key.begin(); it != t.by_key.end();) {
        it = it->first.first == s ? t.by_key.erase(it) : std::next(it);
    }
}

void StrictTaskPushed(Stream* s, uint64_t index, const Access* acc, int n, const char* api) {
    if (n <= 0) return;  // records, waits, callbacks: ordering only (their clocks are taken at the call)
    Tracker& t = T();
    std::lock_guard<std::mutex> lock(t.mu);
    const uint32_t sid = s->strict_id();
    StreamRec& sr = t.streams[sid];
    Join(&sr.clock, t.host);  // the host's synchronisations order this push after what they saw
    const uint64_t tick = Tick(&sr.clock, sid);
    TaskRec rec;
    rec.stream = s;
    rec.sid = sid;
    rec.index = index;
    rec.tick = tick;
    rec.clock = sr.clock;
    rec.acc.assign(acc, acc + n);
    rec.api = api != nullptr ? api : "a task";
    // race: an earlier task of another stream, not ordered before this one, touching the same bytes
    for (const TaskRec& a : t.tasks) {
        if (a.sid == sid || At(rec.clock, a.sid) >= a.tick) continue;
        for (const Access& x : a.acc) {
            const Access* hit = nullptr;
            for (const Access& y : rec.acc) {
                if ((x.write || y.write) && Overlap(x, y)) {
                    hit = &y;
                    break;
                }
            }
            if (hit == nullptr) continue;
            const uintptr_t lo = std::max(x.lo, hit->lo), hi = std::min(x.hi, hit->hi);
            StrictReport(StrictKind::kRace,
                         "%s on %s %s %s (%zu bytes at %p) and %s on %s %s %s (%zu bytes at %p) with no event "
                         "(aclrtRecordEvent + aclrtStreamWaitEvent) or synchronisation ordering the two, %zu "
                         "overlapping bytes at %p",
                         rec.api, StreamName(s).c_str(), Verb(hit->write), hit->what,
                         static_cast<size_t>(hit->hi - hit->lo), reinterpret_cast<void*>(hit->lo), a.api,
                         StreamName(a.stream).c_str(), Verb(x.write), x.what, static_cast<size_t>(x.hi - x.lo),
                         reinterpret_cast<void*>(x.lo), static_cast<size_t>(hi - lo), reinterpret_cast<void*>(lo));
            break;  // one report per pair of tasks
        }
    }
    // protect the aclrtMallocHost pages it uses until it runs
    for (const Access& a : rec.acc) {
        uintptr_t base;
        size_t len;
        if (a.hi <= a.lo || !FindHostPages(a.lo, &base, &len)) continue;
        if (std::find(rec.host_blocks.begin(), rec.host_blocks.end(), base) != rec.host_blocks.end()) continue;
        rec.host_blocks.push_back(base);
        bool writes = false;
        for (const Access& b : rec.acc) {
            if (b.write && b.hi > base && b.lo < base + len) writes = true;
        }
        InstallStrictFaultHandler();  // the faults on these pages are ours to report
        HostBlock& hb = t.host_blocks[base];
        hb.len = len;
        ++(writes ? hb.writers : hb.readers);
        Reprotect(t, t.host_blocks.find(base));
    }
    t.tasks.push_back(std::move(rec));
    t.by_key[{s, index}] = std::prev(t.tasks.end());
}

void StrictTaskCancelled(Stream* s, uint64_t index) {
    Tracker& t = T();
    std::lock_guard<std::mutex> lock(t.mu);
    auto it = t.by_key.find({s, index});
    if (it == t.by_key.end()) return;
    DropHostBlocks(t, *it->second, false);
    t.tasks.erase(it->second);
    t.by_key.erase(it);
}

void StrictTaskStarted(Stream* s, uint64_t index) {
    Tracker& t = T();
    std::lock_guard<std::mutex> lock(t.mu);
    TaskRec* r = Find(t, s, index);
    if (r == nullptr) return;
    r->started = true;
    for (uintptr_t base : r->host_blocks) {
        auto it = t.host_blocks.find(base);
        if (it == t.host_blocks.end()) continue;
        ++it->second.running;
        Reprotect(t, it);  // open for the task
    }
}

void StrictTaskFinished(Stream* s, uint64_t index) {
    Tracker& t = T();
    std::lock_guard<std::mutex> lock(t.mu);
    TaskRec* r = Find(t, s, index);
    if (r == nullptr) return;
    r->finished = true;
    DropHostBlocks(t, *r, false);  // no longer pending
    DropHostBlocks(t, *r, true);   // no longer running
}

void StrictHostSynced(Stream* s) {
    Tracker& t = T();
    std::lock_guard<std::mutex> lock(t.mu);
    const uint32_t sid = s->strict_id();
    if (sid < t.streams.size()) Join(&t.host, t.streams[sid].clock);
    Prune(t);
}

void StrictStreamDestroying(Stream* s, const void* handle) {
    Tracker& t = T();
    std::lock_guard<std::mutex> lock(t.mu);
    const uint32_t sid = s->strict_id();
    if (sid >= t.streams.size()) return;
    const uint64_t pushed = At(t.streams[sid].clock, sid), seen = At(t.host, sid);
    if (pushed <= seen) return;
    const TaskRec* first = nullptr;
    for (const TaskRec& r : t.tasks) {
        if (r.sid == sid && r.tick > seen) {
            first = &r;
            break;
        }
    }
    StrictReport(StrictKind::kUnsynchronizedAccess,
                 "aclrtDestroyStream(%p) with %llu task(s) never synchronised (the first: %s); CANN requires "
                 "aclrtSynchronizeStream before aclrtDestroyStream (the tasks run now, then the stream goes)",
                 handle, static_cast<unsigned long long>(pushed - seen), first != nullptr ? first->api : "a task");
}

void StrictEventRecorded(Event* e, uint64_t seq, Stream* s) {
    const uint32_t sid = s->strict_id();
    {
        std::lock_guard<std::mutex> lock(e->mu);
        e->strict_srcs[seq] = sid;
    }
    Tracker& t = T();
    std::lock_guard<std::mutex> lock(t.mu);
    e->strict_clock = t.streams[sid].clock;
    Join(&e->strict_clock, t.host);
}

void StrictStreamWaits(Stream* s, Event* e) {
    Tracker& t = T();
    std::lock_guard<std::mutex> lock(t.mu);
    Join(&t.streams[s->strict_id()].clock, e->strict_clock);
}

void StrictReleaseEventSource(Event* e, uint64_t seq) {
    uint32_t sid;
    {
        std::lock_guard<std::mutex> lock(e->mu);
        auto it = e->strict_srcs.find(seq);
        if (it == e->strict_srcs.end()) return;  // reached, or never enqueued
        sid = it->second;
    }
    Tracker& t = T();
    std::lock_guard<std::mutex> lock(t.mu);
    ReleaseStream(t, sid);
}

bool StrictAwaitRecord(Event* e, uint64_t seq, uint32_t timeout_s) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_s);
    for (;;) {
        StrictReleaseEventSource(e, seq);
        std::unique_lock<std::mutex> lock(e->mu);
        // the record may still be on its way into its stream (released before it arrived): look again soon
        if (e->cv.wait_for(lock, std::chrono::milliseconds(5), [&] { return e->Reached(seq); })) return true;
        if (timeout_s != 0 && std::chrono::steady_clock::now() >= deadline) return false;
    }
}

void StrictHostSyncedEvent(Event* e) {
    Tracker& t = T();
    std::lock_guard<std::mutex> lock(t.mu);
    Join(&t.host, e->strict_clock);
    Prune(t);
}

void StrictEventDestroying(Event* e, const void* handle) {
    bool pending;
    uint32_t src = ~uint32_t{0};
    {
        std::lock_guard<std::mutex> lock(e->mu);
        pending = !e->pending.empty();
        if (!e->strict_srcs.empty()) src = e->strict_srcs.rbegin()->second;
    }
    if (!pending) return;
    StrictReport(StrictKind::kUnsynchronizedAccess,
                 "aclrtDestroyEvent(%p) while its record is still pending on %s (synchronise the stream or the "
                 "event first)",
                 handle,
                 [&] {
                     Tracker& t = T();
                     std::lock_guard<std::mutex> lock(t.mu);
                     return StreamName(src < t.streams.size() ? t.streams[src].s : nullptr);
                 }()
                     .c_str());
}

void StrictHostAccess(const Access* acc, int n, const char* api) {
    Tracker& t = T();
    std::lock_guard<std::mutex> lock(t.mu);
    bool reported = false;
    for (const TaskRec& r : t.tasks) {
        if (reported) break;
        if (At(t.host, r.sid) >= r.tick) continue;  // synchronised with the host
        for (const Access& x : r.acc) {
            const Access* hit = nullptr;
            for (int i = 0; i < n; ++i) {
                if ((x.write || acc[i].write) && Overlap(x, acc[i])) {
                    hit = &acc[i];
                    break;
                }
            }
            if (hit == nullptr) continue;
            const uintptr_t lo = std::max(x.lo, hit->lo), hi = std::min(x.hi, hit->hi);
            StrictReport(StrictKind::kUnsynchronizedAccess,
                         "%s %s %s (%zu bytes at %p) while %s on %s, not synchronised with the host, %s %s (%zu "
                         "bytes at %p), %zu overlapping bytes at %p: the call sees them as they were before the "
                         "task (synchronise the stream, or an event recorded after the task, first)",
                         api, Verb(hit->write), hit->what, static_cast<size_t>(hit->hi - hit->lo),
                         reinterpret_cast<void*>(hit->lo), r.api, StreamName(r.stream).c_str(), Verb(x.write), x.what,
                         static_cast<size_t>(x.hi - x.lo), reinterpret_cast<void*>(x.lo), static_cast<size_t>(hi - lo),
                         reinterpret_cast<void*>(lo));
            reported = true;
            break;
        }
    }
    // the call's own access to protected aclrtMallocHost pages is not a fault to report again
    for (int i = 0; i < n; ++i) {
        for (auto it = t.host_blocks.begin(); it != t.host_blocks.end(); ++it) {
            if (acc[i].lo < it->first + it->second.len && it->first < acc[i].hi) {
                it->second.opened = true;
                Reprotect(t, it);
                break;
            }
        }
    }
}

bool StrictBlockFreeing(uintptr_t base, size_t size, bool host, const char* api, bool already) {
    Tracker& t = T();
    std::lock_guard<std::mutex> lock(t.mu);
    const uintptr_t end = base + size;
    bool reported = already;
    for (const TaskRec& r : t.tasks) {
        const bool unsynced = At(t.host, r.sid) < r.tick;
        if (!unsynced && r.finished) continue;
        for (const Access& x : r.acc) {
            if (!(x.lo < end && base < x.hi)) continue;
            if (unsynced && !reported) {
                StrictReport(StrictKind::kUnsynchronizedAccess,
                             "%s frees memory that %s on %s, not synchronised with the host, %s: %s block %p "
                             "of %zu bytes, %s (%zu bytes at %p); the free waits for the task (synchronise "
                             "before freeing)",
                             api, r.api, StreamName(r.stream).c_str(), Verb(x.write),
                             host ? "aclrtMallocHost" : "aclrtMalloc", reinterpret_cast<void*>(base), size, x.what,
                             static_cast<size_t>(x.hi - x.lo), reinterpret_cast<void*>(x.lo));
                reported = true;
            }
            if (!r.finished) ReleaseStream(t, r.sid);  // the free's wait for the task's pin must end
            break;
        }
    }
    return reported && !already;
}

bool StrictSyncHandleFault(const void* addr, bool write) {
    Tracker& t = T();
    // A fault inside the tracker itself would deadlock on its lock: give up after a while (not ours, then).
    std::unique_lock<std::mutex> lock(t.mu, std::defer_lock);
    for (int i = 0; !lock.try_lock(); ++i) {
        if (i > 100000) return false;
        std::this_thread::yield();
    }
    const uintptr_t a = reinterpret_cast<uintptr_t>(addr);
    auto it = t.host_blocks.upper_bound(a);
    if (it == t.host_blocks.begin()) return false;
    --it;
    if (a - it->first >= it->second.len || it->second.prot == (PROT_READ | PROT_WRITE)) return false;
    bool task_writes = false;
    const Access* which = nullptr;
    const TaskRec* r = PendingUser(t, it->first, it->first + it->second.len, &task_writes, &which);
    // In a signal handler: no allocation, the report goes out through StrictReportRaw.
    const Stream* s = r != nullptr ? r->stream : nullptr;
    char where[64];
    if (s == nullptr) {
        snprintf(where, sizeof where, "a destroyed stream");
    } else if (s->handle == nullptr) {
        snprintf(where, sizeof where, "the default stream");
    } else {
        snprintf(where, sizeof where, "stream %p", s->handle);
    }
    char text[768];
    snprintf(text, sizeof text,
             "host code %s address %p of aclrtMallocHost buffer %p (%zu bytes) while %s on %s, still pending, %s "
             "it (%s, %zu bytes at %p); the task runs at the next synchronisation: synchronise the stream first",
             write ? "wrote" : "read", addr, reinterpret_cast<void*>(it->first), it->second.len,
             r != nullptr ? r->api : "a task", where, Verb(task_writes), which != nullptr ? which->what : "the buffer",
             static_cast<size_t>(which != nullptr ? which->hi - which->lo : it->second.len),
             reinterpret_cast<void*>(which != nullptr ? which->lo : it->first));
    StrictReportRaw(StrictKind::kUnsynchronizedAccess, text);
    it->second.opened = true;
    Reprotect(t, it);
    return true;
}

}  // namespace rt
}  // namespace aclcpu
