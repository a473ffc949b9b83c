#include "executor/executor.h"

#include <mutex>
#include <unordered_set>

#include "aclnn/aclnn_base.h"  // aclnnInit, aclnnFinalize (defined here)
#include "common/status.h"
#include "runtime/runtime.h"
#include "common/exports.h"  // the cross-library functions defined here get default visibility

namespace aclcpu {
namespace {

constexpr uint64_t kExecutorMagic = 0x41434C4558454321ull;  // "ACLEXEC!"

// Every executor object in memory (issued handles, launch records in flight, pooled spares) is `known`;
// a pointer is a valid handle when it is known and marked live, so stale or foreign pointers are only
// compared, never read. Released objects queue in `ring` (FIFO, up to kPoolMax) and are handed out
// again only once kQuarantine newer releases stand behind them: in the steady state a call allocates no
// executor, no descriptor vectors and no registry node, and a consumed or destroyed handle keeps failing
// with 161002 until at least kQuarantine more executors have been released - a LIFO pool (or the C heap's
// own free lists) would hand the same address to the very next first phase, and a stale handle would then
// silently run, re-address or destroy someone else's executor.
// The snapshots a repeatable executor takes per launch were never handles: they live in a pool of their own
// (`records`, LIFO), so launching one repeatable executor many times does not push a stale handle's object
// out of quarantine.
constexpr size_t kPoolMax = 256;
constexpr size_t kQuarantine = 128;

struct ExecutorRegistry {
    std::mutex mu;
    std::unordered_set<aclOpExecutor*> known;
    std::vector<aclOpExecutor*> ring = std::vector<aclOpExecutor*>(kPoolMax);  // released, oldest at head
    size_t head = 0, count = 0;
    std::vector<aclOpExecutor*> records = std::vector<aclOpExecutor*>(kPoolMax);  // spare launch records
    size_t nrecords = 0;
};

ExecutorRegistry& Executors() {
    static ExecutorRegistry* r = new ExecutorRegistry();
    return *r;
}

// Blanks an executor object's state (its vectors keep their capacity).
void Reset(aclOpExecutor* ex) {
    ex->live = false;
    ex->repeatable = false;
    ex->launch_record = false;
    ex->workspace_size = 0;
    ex->num_inputs = 0;
    ex->op_name = "";
    ex->tensor_names = nullptr;
    ex->workspace = nullptr;
}

// Whether ex is a valid handle; r.mu held.
bool IsLiveLocked(ExecutorRegistry& r, aclOpExecutor* ex) { return r.known.count(ex) != 0 && ex->live; }

// A new executor object, known to the registry; r.mu held.
aclOpExecutor* NewLocked(ExecutorRegistry& r) {
    std::unique_ptr<aclOpExecutor> fresh(new aclOpExecutor());
    r.known.insert(fresh.get());
    return fresh.release();
}

// A blank executor object for a handle; r.mu held.
aclOpExecutor* AcquireLocked(ExecutorRegistry& r) {
    aclOpExecutor* ex;
    if (r.count > kQuarantine) {  // the oldest release, kQuarantine or more releases ago
        ex = r.ring[r.head];
        r.head = (r.head + 1) % kPoolMax;
        --r.count;
    } else {
        ex = NewLocked(r);
    }
    Reset(ex);
    return ex;
}

// An executor object for a repeatable executor's launch snapshot (never a handle); r.mu held.
aclOpExecutor* AcquireRecordLocked(ExecutorRegistry& r) {
    aclOpExecutor* ex = r.nrecords > 0 ? r.records[--r.nrecords] : NewLocked(r);
    Reset(ex);
    return ex;
}

// Removes ex from the valid handles; true when it was one.
bool Unregister(aclOpExecutor* ex) {
    ExecutorRegistry& r = Executors();
    std::lock_guard<std::mutex> lock(r.mu);
    if (!IsLiveLocked(r, ex)) return false;
    ex->live = false;
    return true;
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

int SetAddr(aclOpExecutor* executor, size_t index, aclTensor* tensor, void* addr, bool output, bool combined,
            const char* api) {
    if (executor == nullptr) return Fail(ACLNN_ERR_PARAM_NULLPTR, "%s: executor is null.", api);
    ExecutorRegistry& r = Executors();
    std::lock_guard<std::mutex> lock(r.mu);
    if (!IsLiveLocked(r, executor)) return Fail(ACLNN_ERR_PARAM_INVALID, "%s: %p is not a live executor.", api, executor);
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
    if (tensor != nullptr && IsLiveTensor(tensor)) tensor->data = addr;
    return OK;
}

}  // namespace

void ReleaseExecutor(aclOpExecutor* ex) {
    if (ex == nullptr) return;
    ex->plan.reset();  // outside the lock: a plan's destructor may free memory
    ExecutorRegistry& r = Executors();
    aclOpExecutor* evicted = nullptr;
    {
        std::lock_guard<std::mutex> lock(r.mu);
        ex->live = false;
        if (ex->launch_record) {  // never a handle: no quarantine
            if (r.nrecords < kPoolMax) {
                r.records[r.nrecords++] = ex;
            } else {
                r.known.erase(ex);
                evicted = ex;
            }
        } else {
            if (r.count == kPoolMax) {  // full: the oldest spare leaves memory
                evicted = r.ring[r.head];
                r.head = (r.head + 1) % kPoolMax;
                --r.count;
                r.known.erase(evicted);
            }
            r.ring[(r.head + r.count) % kPoolMax] = ex;  // fixed ring: never allocates
            ++r.count;
        }
    }
    delete evicted;
}

ExecutorPtr AcquireExecutor() {
    ExecutorRegistry& r = Executors();
    std::lock_guard<std::mutex> lock(r.mu);
    return ExecutorPtr(AcquireLocked(r));
}

aclOpExecutor* PublishExecutor(ExecutorPtr ex) {
    ex->magic = kExecutorMagic;
    aclOpExecutor* raw = ex.release();
    ExecutorRegistry& r = Executors();
    std::lock_guard<std::mutex> lock(r.mu);
    raw->live = true;
    return raw;
}

int RunExecutor(void* workspace, uint64_t workspace_size, aclOpExecutor* executor, aclrtStream stream,
                const char* api) {
    if (executor == nullptr) return Fail(ACLNN_ERR_PARAM_NULLPTR, "%s: executor is null.", api);
    // Take the launch record atomically: the executor itself when it is consumed by this call (success or
    // not, SPEC 6), a snapshot when it is repeatable.
    ExecutorPtr record;
    {
        ExecutorRegistry& r = Executors();
        std::lock_guard<std::mutex> lock(r.mu);
        if (!IsLiveLocked(r, executor)) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "%s: executor %p was never issued by a first phase, or was already consumed.", api, executor);
        }
        if (executor->repeatable) {
            record.reset(AcquireRecordLocked(r));
            *record = *executor;  // reuses the pooled object's vectors
            record->live = false;  // a launch record, not a handle
            record->launch_record = true;
        } else {
            executor->live = false;
            record.reset(executor);
        }
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
        if (!rt::FindBlock(workspace, &b) ||
            reinterpret_cast<uintptr_t>(workspace) + record->workspace_size > b.base + b.size) {
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
    const std::shared_ptr<rt::Stream> held = rt::HoldStream(stream);
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
    int ret = rt::Enqueue(held, rt::Task{&RunTask, record.get(), short_run});
    if (ret != 0) {
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
    ExecutorRegistry& r = Executors();
    std::lock_guard<std::mutex> lock(r.mu);
    if (!IsLiveLocked(r, executor)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "aclSetAclOpExecutorRepeatable: %p is not a live executor.", executor);
    }
    executor->repeatable = true;
    return OK;
}

aclnnStatus aclDestroyAclOpExecutor(aclOpExecutor* executor) {
    if (executor == nullptr) return Fail(ACLNN_ERR_INNER_NULLPTR, "aclDestroyAclOpExecutor: executor is null.");
    if (!Unregister(executor)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "aclDestroyAclOpExecutor: %p is not a live executor.", executor);
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

aclnnStatus aclnnInit(const char* configPath) {
    (void)configPath;
    return OK;
}

aclnnStatus aclnnFinalize(void) { return OK; }

}  // extern "C"
