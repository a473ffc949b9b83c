#include "executor/executor.h"

#include "aclnn/aclnn_base.h"  // aclnnInit, aclnnFinalize (defined here)
#include "common/status.h"
#include "runtime/runtime.h"
#include "runtime/strict.h"
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
// The snapshots a repeatable executor takes per launch were never handles: they live in a pool of their own
// (`records`, LIFO, guarded by the registry's lock since they are taken while it is held), so launching one
// repeatable executor many times does not push a stale handle's object out of quarantine.
constexpr size_t kRecordsMax = 256;

struct RecordPool {
    aclOpExecutor* records[kRecordsMax] = {};
    size_t n = 0;
};

RecordPool& Records() {
    static RecordPool* r = new RecordPool();
    return *r;
}

// Blanks an executor object's state (its vectors keep their capacity).
void Reset(aclOpExecutor* ex) {
    ex->repeatable = false;
    ex->launch_record = false;
    ex->workspace_size = 0;
    ex->num_inputs = 0;
    ex->op_name = "";
    ex->tensor_names = nullptr;
    ex->workspace = nullptr;
}

// An executor object for a repeatable executor's launch snapshot (never a handle); registry lock held.
aclOpExecutor* AcquireRecordLocked(const HandleLock&) {
    RecordPool& r = Records();
    aclOpExecutor* ex = r.n > 0 ? r.records[--r.n] : new aclOpExecutor();
    Reset(ex);
    return ex;
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

// Addresses the run touches (tensor data, workspace), for pinning.
int CollectAddrs(const aclOpExecutor& ex, const void** addrs) {
    int n = 0;
    for (const aclTensor& t : ex.tensors) addrs[n++] = t.numel > 0 ? t.data : nullptr;
    addrs[n++] = ex.workspace;
    return n;
}

constexpr int kMaxAddrs = 16;
constexpr size_t kWorkspaceAlign = 8;  // the largest element alignment a plan stores in its workspace

int RunTask(void* ctx) {
    aclOpExecutor* ex = static_cast<aclOpExecutor*>(ctx);
    int ret = ex->plan ? ex->plan->Execute(*ex, ex->workspace, ex->workspace_size) : 0;
    const void* addrs[kMaxAddrs];
    int n = CollectAddrs(*ex, addrs);
    rt::UnpinBlocks(addrs, n);
    ReleaseExecutor(ex);  // a launch record: the consumed executor itself, or a repeatable executor's snapshot
    return ret;
}

// The byte ranges a launch reads and writes, for strict mode: its inputs read, its outputs
// written, its workspace written (and read).
// Called before StrictWrapLaunch rewrites the addresses to their aliases: the ranges are handed-out addresses.
int LaunchAccesses(const aclOpExecutor& ex, rt::Access* out, int max) {
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

int SetAddr(aclOpExecutor* executor, size_t index, aclTensor* tensor, void* addr, bool output, bool combined,
            const char* api) {
    // CANN (opbase acl_op_api.cpp aclSet*TensorAddr): a null executor is ACLNN_ERR_INNER_NULLPTR (561103).
    if (executor == nullptr) return Fail(ACLNN_ERR_INNER_NULLPTR, "%s: executor is null.", api);
    HandleLock lock;  // the executor (and the tensor) stay live while they are updated
    if (!IsLiveLocked(lock, executor)) return FailNotLiveExecutor(lock, api, executor);
    const size_t nin = static_cast<size_t>(executor->num_inputs);
    const size_t nout = executor->tensors.size() - nin;
    size_t slot = index;
    if (!combined) {
        if (index >= (output ? nout : nin)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: index %zu is out of range; %s has %zu %s.", api, index,
                        executor->op_name, output ? nout : nin, output ? "outputs" : "inputs");
        }
        slot = output ? nin + index : index;
    } else if (index >= executor->tensors.size()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: index %zu is out of range; %s has %zu tensors.", api, index,
                    executor->op_name, executor->tensors.size());
    }
    aclTensor probe = executor->tensors[slot];
    probe.data = addr;
    const char* name = executor->tensor_names != nullptr ? executor->tensor_names[slot] : api;
    if (int ret = CheckDataAddress(probe, name)) return ret;
    executor->tensors[slot].data = addr;
    if (tensor != nullptr && HandleStateOf(lock, tensor, HandleKind::kTensor) == HandleState::kLive) tensor->data = addr;
    return OK;
}

// The dynamic (tensor-list) address setters (CANN: opbase acl_op_api.cpp aclSetDynamic*TensorAddr). `kind`
// names the numbering of irIndex: "input", "output", or "input or output" (inputs then outputs). CANN's codes
// for nulls (561103) and relativeIndex (161002); everything is checked before anything is written.
int SetDynamicAddr(aclOpExecutor* executor, size_t irIndex, size_t relativeIndex, aclTensorList* tensors, void* addr,
                   const char* kind, const char* api) {
    (void)addr;  // written only into an operator's tensor-list input, which no operator here has yet
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
    // An executor records which of its tensors came from a tensor-list argument only when its operator takes
    // one; no operator of this library does yet, so irIndex cannot name such an argument.
    const char* op = executor->op_name;
    lock.Unlock();
    return Fail(ACLNN_ERR_PARAM_INVALID, "%s: irIndex %zu is not a dynamic (tensor-list) %s of %s, which takes none.",
                api, irIndex, kind, op);
}

}  // namespace

void ReleaseExecutor(aclOpExecutor* ex) {
    if (ex == nullptr) return;
    ex->plan.reset();  // outside the lock: a plan's destructor may free memory
    if (!ex->launch_record) {
        ReleaseHandle(ex, HandleKind::kExecutor);  // live or revoked: quarantine; unpublished: spares
        return;
    }
    aclOpExecutor* evicted = nullptr;
    {
        HandleLock lock;  // guards the record pool
        RecordPool& r = Records();
        if (r.n < kRecordsMax) {
            r.records[r.n++] = ex;
        } else {
            evicted = ex;
        }
    }
    delete evicted;
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
    if (StrictMode()) StrictTrackCreate(raw, StrictObject::kExecutor, 0, raw->op_name);
    return raw;
}

int RunExecutor(void* workspace, uint64_t workspace_size, aclOpExecutor* executor, aclrtStream stream,
                const char* api) {
    if (executor == nullptr) return Fail(ACLNN_ERR_PARAM_NULLPTR, "%s: executor is null.", api);
    // Take the launch record atomically: the executor itself when it is consumed by this call (success or
    // not, SPEC 6), a snapshot when it is repeatable.
    // The stream handle is looked up under the same registry lock (its failure is reported below, in the
    // order of the checks); the default stream (nullptr) is held later.
    ExecutorPtr record;
    std::shared_ptr<rt::Stream> held;
    {
        HandleLock lock;
        if (!IsLiveLocked(lock, executor)) return FailNotLiveExecutor(lock, api, executor);
        if (executor->repeatable) {
            record.reset(AcquireRecordLocked(lock));
            *record = *executor;  // reuses the pooled object's vectors
            record->launch_record = true;  // a launch record, not a handle
        } else {
            RevokeHandle(lock, executor, HandleKind::kExecutor);  // consumed: quarantined once its run is over
            record.reset(executor);
        }
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
                            record->tensor_names != nullptr ? record->tensor_names[k] : "a tensor");
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
    const void* addrs[kMaxAddrs];
    rt::Block blocks[kMaxAddrs];
    const int n = CollectAddrs(*record, addrs);
    if (!rt::PinBlocks(addrs, n, blocks)) {
        for (size_t i = 0; i < record->tensors.size(); ++i) {
            const char* name = record->tensor_names != nullptr ? record->tensor_names[i] : "tensor";
            if (int ret = CheckDataAddress(record->tensors[i], name)) return ret;
        }
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: a tensor's memory was freed during the call.", api);
    }
    for (size_t i = 0; i < record->tensors.size(); ++i) {
        const char* name = record->tensor_names != nullptr ? record->tensor_names[i] : "tensor";
        if (int ret = CheckDataAddressIn(record->tensors[i], name, &blocks[i])) {
            rt::UnpinBlocks(addrs, n);
            return ret;
        }
    }
    const bool short_run = !record->plan || record->plan->ShortRun();
    rt::Task task{&RunTask, record.get(), short_run};
    rt::Access acc[kMaxAddrs];  // strict mode: the byte ranges the run reads and writes (handed-out addresses)
    int nacc = 0;
    if (StrictMode()) {
        nacc = LaunchAccesses(*record, acc, kMaxAddrs);
        task = StrictWrapLaunch(*record, addrs, blocks, n, task);  // aliases, shadow checks
    }
    int ret = rt::Enqueue(held, task, acc, nacc, api);
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
    executor->repeatable = true;
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
    ReleaseExecutor(executor);  // pending launches run on their own snapshots
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
    return SetDynamicAddr(executor, irIndex, relativeIndex, tensors, addr, "input", "aclSetDynamicInputTensorAddr");
}

aclnnStatus aclSetDynamicOutputTensorAddr(aclOpExecutor* executor, size_t irIndex, const size_t relativeIndex,
                                          aclTensorList* tensors, void* addr) {
    return SetDynamicAddr(executor, irIndex, relativeIndex, tensors, addr, "output", "aclSetDynamicOutputTensorAddr");
}

aclnnStatus aclSetDynamicTensorAddr(aclOpExecutor* executor, size_t irIndex, const size_t relativeIndex,
                                    aclTensorList* tensors, void* addr) {
    return SetDynamicAddr(executor, irIndex, relativeIndex, tensors, addr, "input or output",
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
