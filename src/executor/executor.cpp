#include "executor/executor.h"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <new>
#include <vector>

#include "aclnn/aclnn_base.h"  // aclnnInit, aclnnFinalize (defined here)
#include "common/status.h"
#include "runtime/runtime.h"
#include "runtime/strict.h"
#include "executor/op_cache.h"
#include "executor/strict_launch.h"
#include "tensor/arguments.h"
#include "common/exports.h"  // the cross-library functions defined here get default visibility

namespace aclcpu {
namespace {

// CheckDataAddressIn with t.data's block looked up in the runtime's memory registry (the tensor layer does
// not see the runtime). Returns 0, 161001 or 161002 with a message naming `name`.
int CheckDataAddress(const aclTensor& t, const char* name) {
    rt::Block block;
    const bool found = t.numel > 0 && t.data != nullptr && rt::FindBlock(t.data, &block);
    return CheckDataAddressIn(t, name, found ? &block : nullptr);
}

constexpr uint64_t kExecutorMagic = 0x41434C4558454321ull;  // "ACLEXEC!"

// What releases an executor handle, for messages.
constexpr const char* kReleasedBy = "consumed by a second phase, or destroyed by aclDestroyAclOpExecutor";

// Executor handles live in the handle registry (common/handle_registry.h): a pointer is a valid handle when
// the registry lists it live, so stale or foreign pointers are only compared, never read, and a consumed or
// destroyed handle's object is reused only behind kHandleQuarantine newer releases. In the steady state a
// first phase allocates no executor and no descriptor vectors (the registry's spares keep them).
// Launch records were never handles: they live in a pool of their own, so launching one repeatable executor
// many times does not push a stale handle's object out of quarantine. The pool is a one-record slot taken and
// refilled with single atomic exchanges (the steady state of one thread's launches: no lock on the stream
// side), in front of a LIFO stack guarded by the registry's lock (records are taken while it is held). A
// consumed executor's call moves into its record by swapping the descriptor vectors, so both keep their
// storage and neither allocates.
constexpr size_t kRecordsMax = 256;

struct RecordPool {
    // The last record released, per size class (a tensor list's launch, kWarmTensorsMin descriptors or more, and
    // any other): a list's descriptor storage stays with list launches, so that a small launch after a list
    // one does not shrink (free) hundreds of descriptors and the next list launch re-create them.
    std::atomic<LaunchRecord*> slot{nullptr};
    std::atomic<LaunchRecord*> list_slot{nullptr};
    LaunchRecord* records[kRecordsMax] = {};  // registry lock
    size_t n = 0;                             // registry lock
};

RecordPool& Records() {
    static RecordPool* r = new RecordPool();
    return *r;
}

// A launch record for a second phase of `tensors` descriptors to fill (registry lock held; the last one released
// of that size class first): no plan, no workspace; the other fields
// hold a previous launch's values (assign them; swap or assign `tensors`).
LaunchRecord* AcquireRecordLocked(const HandleLock&, size_t tensors) {
    RecordPool& r = Records();
    LaunchRecord* rec = (tensors >= kWarmTensorsMin ? r.list_slot : r.slot).exchange(nullptr, std::memory_order_acquire);
    if (rec == nullptr) rec = r.n > 0 ? r.records[--r.n] : new LaunchRecord();
    rec->workspace_size = 0;
    rec->workspace = nullptr;
    rec->checked = false;
    return rec;
}

// Gives a launch record back to its pool (its vectors keep their capacity), or frees it when the pool is full.
void ReleaseRecord(LaunchRecord* rec) {
    // a call lent by the aclnn cache goes back to its entry, as planned (a consumed executor's launch does not
    // change its descriptors; strict mode's launches dropped the entry)
    if (rec->cache != nullptr) OpCacheGiveBack(rec);
    rec->plan.reset();  // outside the lock: a plan's destructor may free memory
    RecordPool& r = Records();
    LaunchRecord* empty = nullptr;
    std::atomic<LaunchRecord*>& slot = rec->tensors.size() >= kWarmTensorsMin ? r.list_slot : r.slot;
    if (slot.compare_exchange_strong(empty, rec, std::memory_order_release, std::memory_order_relaxed)) return;
    {
        HandleLock lock;
        if (r.n < kRecordsMax) {
            r.records[r.n++] = rec;
            return;
        }
    }
    delete rec;
}

struct RecordDeleter {
    void operator()(LaunchRecord* rec) const { ReleaseRecord(rec); }
};
using RecordPtr = std::unique_ptr<LaunchRecord, RecordDeleter>;

// Blanks an executor object's state (its vectors keep their capacity).
void Reset(aclOpExecutor* ex) {
    ex->repeatable = false;
    PlannedCall& call = ex->call;
    call.workspace_size = 0;
    call.num_inputs = 0;
    call.op_name = "";
    call.tensor_names = nullptr;
    call.args.clear();
    call.names.clear();
    call.cache = nullptr;
    call.checked = false;
}

// Fails with 161002 and a message for an executor pointer that is not a live handle; unlocks `lock` first.
int FailNotLiveExecutor(HandleLock& lock, const char* api, const aclOpExecutor* ex) {
    const HandleState state = HandleStateOf(lock, ex, HandleKind::kExecutor);
    lock.Unlock();
    return FailNotLive(ACLNN_ERR_PARAM_INVALID, api, HandleKind::kExecutor, ex, state, kReleasedBy);
}

bool IsLiveLocked(const HandleLock& lock, const aclOpExecutor* ex) {
    return HandleStateOf(lock, ex, HandleKind::kExecutor) == HandleState::kLive;
}

// Addresses a launch touches (tensor data, workspace), for pinning, into rec.addrs (a pooled record keeps the
// vectors' storage: no allocation in the steady state). Throws std::bad_alloc like new.
inline __attribute__((always_inline)) int CollectAddrs(LaunchRecord& rec) {
    const size_t nt = rec.tensors.size();
    if (rec.addrs.size() != nt + 1) {  // a pooled record mostly has the size already
        rec.addrs.resize(nt + 1);
        rec.blocks.resize(nt + 1);
    }
    const void** addrs = rec.addrs.data();
    const aclTensor* t = rec.tensors.data();
    for (size_t i = 0; i < nt; ++i) addrs[i] = t[i].numel > 0 ? t[i].data : nullptr;
    addrs[nt] = rec.workspace;
    return static_cast<int>(nt + 1);
}

constexpr size_t kWorkspaceAlign = 8;  // the largest element alignment a plan stores in its workspace

// The stream task of a launch: runs the plan on the record's addresses, unpins, gives the record back.
int RunTask(void* ctx) {
    LaunchRecord* rec = static_cast<LaunchRecord*>(ctx);
    int ret = rec->plan ? rec->plan->Execute(*rec, rec->workspace, rec->workspace_size) : 0;
    // The pins the second phase took, through the blocks PinBlocks wrote (strict mode's aliases included).
    rt::UnpinPinned(rec->blocks.data(), static_cast<int>(rec->blocks.size()));
    ReleaseRecord(rec);
    return ret;
}

// The byte ranges a launch reads and writes, for strict mode: its inputs read, its outputs
// written, its workspace written (and read).
// Called before StrictWrapLaunch rewrites the addresses to their aliases: the ranges are handed-out addresses.
int LaunchAccesses(const LaunchRecord& ex, rt::Access* out, int max) {
    int n = 0;
    for (size_t k = 0; k < ex.tensors.size() && n < max; ++k) {
        const aclTensor& t = ex.tensors[k];
        if (t.numel == 0 || t.data == nullptr) continue;
        uintptr_t lo, hi;
        ByteRange(t, &lo, &hi);
        out[n++] = rt::Access{lo, hi, static_cast<int>(k) >= ex.num_inputs,
                              ex.tensor_names != nullptr ? ex.tensor_names[k] : "a tensor"};
    }
    if (ex.workspace != nullptr && n < max) {
        const uintptr_t w = reinterpret_cast<uintptr_t>(ex.workspace);
        out[n++] = rt::Access{w, w + ex.workspace_size, true, "workspace"};
    }
    return n;
}

// Which prototype arguments an address setter numbers: the inputs, the outputs, or all of them.
enum class ArgKind { kInput, kOutput, kAll };

// The index-th argument of `kind` of a call with prototype arguments (call.args non-empty), or nullptr;
// *count: how many arguments of that kind there are. Inputs are numbered in args order with each in-place argument
// of CallArg::input_at inserted at its number, outputs (those without input_at) in args order after them.
const CallArg* FindArg(const PlannedCall& call, size_t index, ArgKind kind, size_t* count) {
    constexpr size_t kMaxArgs = 64;  // prototypes have a few (CallArg::input_at numbers fit)
    const CallArg* inputs[kMaxArgs];
    const CallArg* outputs[kMaxArgs];
    size_t ni = 0, no = 0;
    for (const CallArg& a : call.args) {
        if (a.input_at < 0 && a.first < call.num_inputs && ni < kMaxArgs) inputs[ni++] = &a;
    }
    for (const CallArg& a : call.args) {  // in-place arguments at their numbers (in increasing order in args)
        if (a.input_at < 0 || ni >= kMaxArgs) continue;
        const size_t at = std::min(static_cast<size_t>(a.input_at), ni);
        for (size_t k = ni; k > at; --k) inputs[k] = inputs[k - 1];
        inputs[at] = &a;
        ++ni;
    }
    for (const CallArg& a : call.args) {
        if (a.input_at < 0 && a.first >= call.num_inputs && no < kMaxArgs) outputs[no++] = &a;
    }
    const size_t n = kind == ArgKind::kInput ? ni : (kind == ArgKind::kOutput ? no : ni + no);
    *count = n;
    if (index >= n) return nullptr;
    if (kind == ArgKind::kOutput) return outputs[index];
    return index < ni ? inputs[index] : outputs[index - ni];
}

// Re-addresses tensor slot `slot` of a live executor's call (registry lock held) after checking the view at
// `addr` against its block, with every slot copied from the same caller descriptor (an in-place call's input and
// output: one object in CANN); a live `tensor` (the caller's descriptor) gets the address too.
int SetSlotAddr(const HandleLock& lock, PlannedCall& call, size_t slot, aclTensor* tensor, void* addr, const char* api) {
    aclTensor probe = call.tensors[slot];
    probe.data = addr;
    const char* name = call.tensor_names != nullptr ? call.tensor_names[slot] : api;
    if (int ret = CheckDataAddress(probe, name)) return ret;
    call.tensors[slot].data = addr;
    if (call.cache != nullptr) OpCacheDrop(&call.cache);  // no longer the call its arguments planned
    if (call.same_as.size() == call.tensors.size()) {
        for (size_t k = 0; k < call.tensors.size(); ++k) {
            if (call.same_as[k] == call.same_as[slot]) call.tensors[k].data = addr;
        }
    }
    if (tensor != nullptr && HandleStateOf(lock, tensor, HandleKind::kTensor) == HandleState::kLive) tensor->data = addr;
    return OK;
}

int SetAddr(aclOpExecutor* executor, size_t index, aclTensor* tensor, void* addr, bool output, bool combined,
            const char* api) {
    // CANN (opbase acl_op_api.cpp aclSet*TensorAddr): a null executor is ACLNN_ERR_INNER_NULLPTR (561103).
    if (executor == nullptr) return Fail(ACLNN_ERR_INNER_NULLPTR, "%s: executor is null.", api);
    HandleLock lock;  // the executor (and the tensor) stay live while they are updated
    if (!IsLiveLocked(lock, executor)) return FailNotLiveExecutor(lock, api, executor);
    PlannedCall& call = executor->call;
    if (!call.args.empty()) {  // an operator with tensor-list arguments: index numbers its prototype arguments
        const ArgKind kind = combined ? ArgKind::kAll : (output ? ArgKind::kOutput : ArgKind::kInput);
        size_t count = 0;
        const CallArg* arg = FindArg(call, index, kind, &count);
        if (arg == nullptr) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: index %zu is out of range; %s has %zu %s.", api, index,
                        call.op_name, count, combined ? "tensor arguments" : (output ? "outputs" : "inputs"));
        }
        if (arg->list) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "%s: argument %zu of %s is a tensor list; set its elements with aclSetDynamic%sTensorAddr.",
                        api, index, call.op_name, combined ? "" : (output ? "Output" : "Input"));
        }
        return SetSlotAddr(lock, call, static_cast<size_t>(arg->first), tensor, addr, api);
    }
    const size_t nin = static_cast<size_t>(call.num_inputs);
    const size_t nout = call.tensors.size() - nin;
    size_t slot = index;
    if (!combined) {
        if (index >= (output ? nout : nin)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: index %zu is out of range; %s has %zu %s.", api, index,
                        call.op_name, output ? nout : nin, output ? "outputs" : "inputs");
        }
        slot = output ? nin + index : index;
    } else if (index >= call.tensors.size()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: index %zu is out of range; %s has %zu tensors.", api, index,
                    call.op_name, call.tensors.size());
    }
    return SetSlotAddr(lock, call, slot, tensor, addr, api);
}

// The dynamic (tensor-list) address setters (CANN: opbase acl_op_api.cpp aclSetDynamic*TensorAddr). `kind`
// names the numbering of irIndex: "input", "output", or "input or output" (inputs then outputs). CANN's codes
// for nulls (561103) and relativeIndex (161002); everything is checked before anything is written.
int SetDynamicAddr(aclOpExecutor* executor, size_t irIndex, size_t relativeIndex, aclTensorList* tensors, void* addr,
                   ArgKind kind, const char* api) {
    if (tensors == nullptr) return Fail(ACLNN_ERR_INNER_NULLPTR, "%s: tensors is null.", api);
    HandleLock lock;
    const HandleState list_state = HandleStateOf(lock, tensors, HandleKind::kTensorList);
    if (list_state != HandleState::kLive) {
        lock.Unlock();
        return FailNotLive(ACLNN_ERR_PARAM_INVALID, api, HandleKind::kTensorList, tensors, list_state,
                           kTensorListReleasedBy);
    }
    const size_t n = tensors->items.size();
    if (relativeIndex >= n) {
        lock.Unlock();
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: relativeIndex %zu is out of the tensor list's size %zu.", api,
                    relativeIndex, n);
    }
    if (tensors->items[relativeIndex] == nullptr) {
        lock.Unlock();
        return Fail(ACLNN_ERR_INNER_NULLPTR, "%s: element %zu of aclTensorList %p is null.", api, relativeIndex,
                    static_cast<const void*>(tensors));
    }
    if (executor == nullptr) {
        lock.Unlock();
        return Fail(ACLNN_ERR_INNER_NULLPTR, "%s: executor is null.", api);
    }
    if (!IsLiveLocked(lock, executor)) return FailNotLiveExecutor(lock, api, executor);
    PlannedCall& call = executor->call;
    const char* const what = kind == ArgKind::kInput ? "input" : (kind == ArgKind::kOutput ? "output" : "input or output");
    size_t count = 0;
    const CallArg* arg = call.args.empty() ? nullptr : FindArg(call, irIndex, kind, &count);
    if (arg == nullptr || !arg->list) {
        // Only an operator with tensor-list arguments records them (PlannedCall::args).
        const char* op = call.op_name;
        lock.Unlock();
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: irIndex %zu is not a dynamic (tensor-list) %s of %s.", api, irIndex,
                    what, op);
    }
    if (relativeIndex >= static_cast<size_t>(arg->count)) {
        const char* op = call.op_name;
        lock.Unlock();
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: relativeIndex %zu is out of the %d tensors %s planned for %s %zu.",
                    api, relativeIndex, arg->count, op, what, irIndex);
    }
    return SetSlotAddr(lock, call, static_cast<size_t>(arg->first) + relativeIndex, tensors->items[relativeIndex],
                       addr, api);
}

}  // namespace

void ReleaseExecutor(aclOpExecutor* ex) {
    if (ex == nullptr) return;
    PlannedCall& call = ex->call;
    if (call.cache != nullptr) OpCacheGiveBack(&call);  // unlaunched
    call.plan.reset();  // outside the lock: a plan's destructor may free memory
    ReleaseHandle(ex, HandleKind::kExecutor);  // live or revoked: quarantine; unpublished: spares
}

namespace {

// The warm spare of descriptor-copy storage (TakeWarmTensorStorage, GiveWarmTensorStorage): a leaf lock.
struct WarmTensors {
    std::mutex mu;
    std::vector<aclTensor> tensors;
};

WarmTensors& Warm() {
    static WarmTensors* w = new WarmTensors();
    return *w;
}

// Called by the second phase with the storage a consumed executor of many descriptors got from its launch record
// (the record's previous launch's, just used): it becomes the warm spare, *tensors the spare's old storage.
void GiveWarmTensorStorage(std::vector<aclTensor>* tensors) {
    WarmTensors& w = Warm();
    std::lock_guard<std::mutex> lock(w.mu);
    tensors->swap(w.tensors);
}

}  // namespace

void TakeWarmTensorStorage(aclOpExecutor* ex) {
    WarmTensors& w = Warm();
    std::lock_guard<std::mutex> lock(w.mu);
    ex->call.tensors.swap(w.tensors);
}

ExecutorPtr AcquireExecutor() {
    aclOpExecutor* ex = AcquireHandle<aclOpExecutor>();
    Reset(ex);
    return ExecutorPtr(ex);
}

aclOpExecutor* PublishExecutor(ExecutorPtr ex) {
    ex->magic = kExecutorMagic;
    aclOpExecutor* raw = ex.release();
    PublishHandle(raw);
    if (StrictMode()) StrictTrackCreate(raw, StrictObject::kExecutor, 0, raw->call.op_name);
    return raw;
}

int RunExecutor(void* workspace, uint64_t workspace_size, aclOpExecutor* executor, aclrtStream stream,
                const char* api) {
    if (executor == nullptr) return Fail(ACLNN_ERR_PARAM_NULLPTR, "%s: executor is null.", api);
    // Take the launch record atomically: a repeatable executor's call is copied into it; any other executor is
    // consumed by this call (success or not, SPEC 6): its call moves into the record and the handle is
    // released. The stream handle is looked up under the same registry lock (its failure is reported below,
    // in the order of the checks); the default stream (nullptr) is held later.
    RecordPtr record;
    const char* const* names;  // for messages; static text, valid after the handle is gone
    std::shared_ptr<rt::Stream> held;
    {
        HandleLock lock;
        if (!IsLiveLocked(lock, executor)) return FailNotLiveExecutor(lock, api, executor);
        PlannedCall& call = executor->call;
        record.reset(AcquireRecordLocked(lock, call.tensors.size()));
        record->workspace_size = call.workspace_size;
        record->num_inputs = call.num_inputs;
        const char* const* static_names = call.tensor_names;
        if (executor->repeatable) {
            record->tensors = call.tensors;  // reuses the pooled record's vectors
            record->names = call.names;
            record->plan = call.plan;
        } else {
            record->tensors.swap(call.tensors);  // the handle's object keeps the record's old vectors for reuse
            // ... unless they are a list's: those (warm: the record's last launch used them) become the spare
            // the next first phase of a list writes its copies into (TakeWarmTensorStorage)
            if (record->tensors.size() >= kWarmTensorsMin) GiveWarmTensorStorage(&call.tensors);
            record->names.swap(call.names);
            record->plan = std::move(call.plan);
            record->cache = call.cache;
            call.cache = nullptr;
            // the checked addresses of the cached call's last launch come along (RepinBlocks below)
            record->checked = call.checked;
            if (call.checked) {
                record->addrs.swap(call.last_addrs);
                record->blocks.swap(call.last_blocks);
                record->generation = call.last_generation;
                call.checked = false;
            }
            ReleaseHandle(lock, executor, HandleKind::kExecutor);  // consumed: into the quarantine
        }
        // Per-tensor names of list arguments live in the record from now on; static ones stay where they are.
        record->tensor_names = names = record->names.empty() ? static_names : record->names.data();
        if (stream != nullptr) held = rt::HoldStream(lock, stream);
    }
    if (workspace_size > 0 && workspace == nullptr) {
        return Fail(ACLNN_ERR_PARAM_NULLPTR, "%s: workspaceSize is %llu but workspace is null.", api,
                    static_cast<unsigned long long>(workspace_size));
    }
    if (workspace_size < record->workspace_size) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: workspaceSize %llu is below the %llu bytes the first phase asked for.",
                    api, static_cast<unsigned long long>(workspace_size),
                    static_cast<unsigned long long>(record->workspace_size));
    }
    if (record->workspace_size > 0) {
        rt::Block b;
        if (!rt::FindBlock(workspace, &b) || !b.Holds(reinterpret_cast<uintptr_t>(workspace), record->workspace_size)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: workspace %p does not hold %llu bytes of aclrtMalloc memory.",
                        api, workspace, static_cast<unsigned long long>(record->workspace_size));
        }
        if (reinterpret_cast<uintptr_t>(workspace) % kWorkspaceAlign != 0) {  // it holds typed temporaries
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: workspace %p is not aligned to %zu bytes.", api, workspace,
                        kWorkspaceAlign);
        }
        // The temporary the plan keeps there must not share bytes with a tensor it reads or writes (BEYOND:
        // CANN trusts the caller), or the in-place result would not equal the out-of-place one (SPEC 6).
        const uintptr_t wlo = reinterpret_cast<uintptr_t>(workspace), whi = wlo + record->workspace_size;
        for (size_t k = 0; k < record->tensors.size(); ++k) {
            const aclTensor& t = record->tensors[k];
            if (t.numel == 0 || t.data == nullptr) continue;
            uintptr_t lo, hi;
            ByteRange(t, &lo, &hi);
            if (lo < whi && wlo < hi) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "%s: workspace %p (%llu bytes) overlaps the data of %s.", api,
                            workspace, static_cast<unsigned long long>(record->workspace_size),
                            names != nullptr ? names[k] : "a tensor");
            }
        }
    }
    if (stream == nullptr) held = rt::HoldStream(nullptr);
    if (!held) {
        return Fail(ACLNN_ERR_RUNTIME_ERROR, "%s: stream %p is not a live stream (or aclInit was not called).", api,
                    stream);
    }
    // Pin every block the run touches and check each tensor's view against its block, under one registry
    // lock; when an address is in no block, the tensor-by-tensor checks find the first culprit.
    record->workspace = record->workspace_size > 0 ? workspace : nullptr;
    const size_t nt = record->tensors.size();
    int n = static_cast<int>(nt + 1);
    // A cached call whose last launch passed the checks, with the same workspace, while no block has come or gone:
    // the same blocks hold the same views, so they are pinned again and the checks are not repeated.
    if (!(record->checked && record->addrs.size() == nt + 1 && record->addrs[nt] == record->workspace && !StrictMode() &&
          rt::RepinBlocks(record->blocks.data(), n, record->generation))) {
        record->checked = false;
        try {
            n = CollectAddrs(*record);
        } catch (const std::bad_alloc&) {
            return Fail(ACLNN_ERR_INNER, "%s: out of host memory for the launch's %zu addresses.", api, nt + 1);
        }
        const void* const* addrs = record->addrs.data();
        rt::Block* blocks = record->blocks.data();
        if (!rt::PinBlocks(addrs, n, blocks, &record->generation)) {
            for (size_t i = 0; i < nt; ++i) {
                const char* name = names != nullptr ? names[i] : "tensor";
                if (int ret = CheckDataAddress(record->tensors[i], name)) return ret;
            }
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: a tensor's memory was freed during the call.", api);
        }
        for (size_t i = 0; i < nt; ++i) {
            const char* name = names != nullptr ? names[i] : "tensor";
            if (int ret = CheckDataAddressIn(record->tensors[i], name, &blocks[i])) {
                rt::UnpinBlocks(addrs, n);
                return ret;
            }
        }
        record->checked = true;
    }
    const void* const* addrs = record->addrs.data();
    rt::Block* blocks = record->blocks.data();
    const bool short_run = !record->plan || record->plan->ShortRun();
    rt::Task task{&RunTask, record.get(), short_run};
    std::vector<rt::Access> acc;  // strict mode: every byte range the run reads and writes (handed-out addresses)
    int nacc = 0;
    if (StrictMode()) {
        if (record->cache != nullptr) OpCacheDrop(&record->cache);  // its descriptors become strict mode's aliases
        try {
            acc.resize(record->tensors.size() + 1);
            nacc = LaunchAccesses(*record, acc.data(), static_cast<int>(acc.size()));
            task = StrictWrapLaunch(*record, api, addrs, blocks, n, task);  // aliases, shadow checks
        } catch (const std::bad_alloc&) {
            rt::UnpinBlocks(addrs, n);
            return Fail(ACLNN_ERR_INNER, "%s: out of host memory for strict mode's launch record.", api);
        }
    }
    int ret = rt::Enqueue(held, task, acc.data(), nacc, api);
    if (ret != 0) {
        StrictDropLaunch(task);
        rt::UnpinBlocks(addrs, n);
        return Fail(ACLNN_ERR_RUNTIME_ERROR, "%s: cannot enqueue on stream %p (status %d).", api, stream, ret);
    }
    record.release();  // now owned by the task
    return OK;
}

}  // namespace aclcpu

using namespace aclcpu;

extern "C" {

aclnnStatus aclSetAclOpExecutorRepeatable(aclOpExecutor* executor) {
    if (executor == nullptr) return Fail(ACLNN_ERR_INNER_NULLPTR, "aclSetAclOpExecutorRepeatable: executor is null.");
    HandleLock lock;
    if (!IsLiveLocked(lock, executor)) return FailNotLiveExecutor(lock, "aclSetAclOpExecutorRepeatable", executor);
    executor->repeatable = true;  // its second phases copy its call into launch records from now on
    if (executor->call.cache != nullptr) OpCacheDrop(&executor->call.cache);  // the call stays with the executor
    return OK;
}

aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor* executor) {
    if (executor == nullptr) return Fail(ACLNN_ERR_INNER_NULLPTR, "aclDestroyAclOpExecutor: executor is null.");
    {
        HandleLock lock;
        if (!RevokeHandle(lock, executor, HandleKind::kExecutor)) {
            return FailNotLiveExecutor(lock, "aclDestroyAclOpExecutor", executor);
        }
    }
    ReleaseExecutor(executor);  // pending launches run on their own launch records
    return OK;
}

aclnnStatus aclSetInputTensorAddr(aclOpExecutor* executor, const size_t index, aclTensor* tensor, void* addr) {
    return SetAddr(executor, index, tensor, addr, false, false, "aclSetInputTensorAddr");
}

aclnnStatus aclSetOutputTensorAddr(aclOpExecutor* executor, const size_t index, aclTensor* tensor, void* addr) {
    return SetAddr(executor, index, tensor, addr, true, false, "aclSetOutputTensorAddr");
}

aclnnStatus aclSetTensorAddr(aclOpExecutor* executor, const size_t index, aclTensor* tensor, void* addr) {
    return SetAddr(executor, index, tensor, addr, false, true, "aclSetTensorAddr");
}

aclnnStatus AclSetInputTensorAddr(aclOpExecutor* executor, const size_t index, aclTensor* tensor, void* addr) {
    return aclSetInputTensorAddr(executor, index, tensor, addr);
}

aclnnStatus AclSetOutputTensorAddr(aclOpExecutor* executor, const size_t index, aclTensor* tensor, void* addr) {
    return aclSetOutputTensorAddr(executor, index, tensor, addr);
}

aclnnStatus AclSetTensorAddr(aclOpExecutor* executor, const size_t index, aclTensor* tensor, void* addr) {
    return aclSetTensorAddr(executor, index, tensor, addr);
}

aclnnStatus aclSetDynamicInputTensorAddr(aclOpExecutor* executor, size_t irIndex, const size_t relativeIndex,
                                         aclTensorList* tensors, void* addr) {
    return SetDynamicAddr(executor, irIndex, relativeIndex, tensors, addr, ArgKind::kInput, "aclSetDynamicInputTensorAddr");
}

aclnnStatus aclSetDynamicOutputTensorAddr(aclOpExecutor* executor, size_t irIndex, const size_t relativeIndex,
                                          aclTensorList* tensors, void* addr) {
    return SetDynamicAddr(executor, irIndex, relativeIndex, tensors, addr, ArgKind::kOutput, "aclSetDynamicOutputTensorAddr");
}

aclnnStatus aclSetDynamicTensorAddr(aclOpExecutor* executor, size_t irIndex, const size_t relativeIndex,
                                    aclTensorList* tensors, void* addr) {
    return SetDynamicAddr(executor, irIndex, relativeIndex, tensors, addr, ArgKind::kAll,
                          "aclSetDynamicTensorAddr");
}

aclnnStatus AclSetDynamicInputTensorAddr(aclOpExecutor* executor, size_t irIndex, const size_t relativeIndex,
                                         aclTensorList* tensors, void* addr) {
    return aclSetDynamicInputTensorAddr(executor, irIndex, relativeIndex, tensors, addr);
}

aclnnStatus AclSetDynamicOutputTensorAddr(aclOpExecutor* executor, size_t irIndex, const size_t relativeIndex,
                                          aclTensorList* tensors, void* addr) {
    return aclSetDynamicOutputTensorAddr(executor, irIndex, relativeIndex, tensors, addr);
}

aclnnStatus AclSetDynamicTensorAddr(aclOpExecutor* executor, size_t irIndex, const size_t relativeIndex,
                                    aclTensorList* tensors, void* addr) {
    return aclSetDynamicTensorAddr(executor, irIndex, relativeIndex, tensors, addr);
}

aclnnStatus aclnnInit(const char* configPath) {
    (void)configPath;
    return OK;
}

aclnnStatus aclnnFinalize(void) { return OK; }

}  // extern "C"
