// Executors (libnnopbase): what a first phase hands to its second phase, and the generic second phase
// (CANN's CommonOpExecutorRun): executor bookkeeping, workspace and stream checks, address checks against
// the aclrtMalloc blocks, pinning those blocks, and enqueueing the run on the stream (SPEC 6).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "aclnn/acl_meta.h"
#include "tensor/tensor.h"

namespace aclcpu {

/// The operator-specific half of an executor: immutable after the first phase.
class OpPlan {
public:
    virtual ~OpPlan() = default;
    /// Runs the computation on a stream thread with the executor's current tensor addresses. `workspace`
    /// holds at least the workspace size the first phase reported. Returns 0 or a status code.
    virtual int Execute(const aclOpExecutor& ex, void* workspace, uint64_t workspace_size) const = 0;
    /// Whether a run is about as short as handing it to a stream worker (tens of microseconds at most, never
    /// blocking): the second phase then marks the stream task rt::Task::short_run, so that it runs on the
    /// launching thread when the stream is idle.
    virtual bool ShortRun() const { return false; }
};

}  // namespace aclcpu

/// A planned operator call (public opaque type of acl_meta.h). Holds its own copy of every descriptor.
/// Handle objects live in the handle registry (common/handle_registry.h), which recycles them FIFO behind
/// kHandleQuarantine newer releases, so that a first phase reuses the descriptor vectors' storage instead of
/// allocating it again. A repeatable executor's per-launch snapshots (launch_record) are never handles: they
/// come from a pool of their own and do not count as releases.
struct aclOpExecutor {
    uint64_t magic = 0;
    bool repeatable = false;
    bool launch_record = false;      ///< a repeatable executor's per-launch snapshot: never a handle
    uint64_t workspace_size = 0;     ///< bytes the second phase needs, as reported by the first
    int num_inputs = 0;              ///< tensors[0 .. num_inputs) are inputs, the rest outputs
    std::vector<aclTensor> tensors;  ///< copies of the caller's descriptors
    std::shared_ptr<const aclcpu::OpPlan> plan;  ///< nullptr: nothing to run (empty tensors)
    const char* op_name = "";
    const char* const* tensor_names = nullptr;  ///< one per tensor, for messages
    void* workspace = nullptr;  ///< of the launch in flight
};

namespace aclcpu {

template <>
struct HandleTraits<aclOpExecutor> {
    static constexpr HandleKind kKind = HandleKind::kExecutor;
};

}  // namespace aclcpu

namespace aclcpu {

/// Gives an executor object back: a handle (live, or revoked by its second phase) enters the registry's
/// quarantine, an unpublished one goes back to the spares, a launch record to its own pool. Used as the
/// deleter of ExecutorPtr.
void ReleaseExecutor(aclOpExecutor* ex);

struct ExecutorDeleter {
    void operator()(aclOpExecutor* ex) const { ReleaseExecutor(ex); }
};
using ExecutorPtr = std::unique_ptr<aclOpExecutor, ExecutorDeleter>;

/// A blank executor for a first phase to fill: not live, no plan, no workspace; `tensors` may hold stale
/// descriptors from a previous use (resize and assign them). Throws std::bad_alloc like new.
ExecutorPtr AcquireExecutor();

/// Makes an executor built by a first phase a valid handle and returns it (ownership passes to the registry).
aclOpExecutor* PublishExecutor(ExecutorPtr ex);

/// The generic second phase (SPEC 6): checks and enqueues `executor` on `stream`. `api` names the caller
/// in messages. Returns 0, 161001, 161002 or 361001 (see aclnnL1LossBackward).
int RunExecutor(void* workspace, uint64_t workspace_size, aclOpExecutor* executor, aclrtStream stream,
                const char* api);

}  // namespace aclcpu
