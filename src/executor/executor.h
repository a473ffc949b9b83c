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

struct LaunchRecord;
struct OpCacheEntry;  // executor/op_cache.h

/// The operator-specific half of a planned call: immutable after the first phase, shared by the planned call
/// and every launch record made from it.
class OpPlan {
public:
    virtual ~OpPlan() = default;
    /// Runs the computation on a stream thread with the tensors of `launch` (launch.tensors: the planned
    /// call's descriptors with the addresses of this launch, in the planned call's order). `workspace` holds
    /// at least `workspace_size` bytes, the workspace size the first phase reported (nullptr when that is 0).
    /// Returns 0 or a status code.
    virtual int Execute(const LaunchRecord& launch, void* workspace, uint64_t workspace_size) const = 0;
    /// Whether a run is about as short as handing it to a stream worker (tens of microseconds at most, never
    /// blocking): the second phase then marks the stream task rt::Task::short_run, so that it runs on the
    /// launching thread when the stream is idle.
    virtual bool ShortRun() const { return false; }
};

/// One tensor argument of an operator's prototype as a planned call holds it: PlannedCall::tensors[first ..
/// first + count). `list`: an aclTensorList argument (its elements in list order), re-addressed with
/// aclSetDynamic*TensorAddr (irIndex: the argument's index among the inputs, the outputs, or all of them;
/// relativeIndex: the element); otherwise one aclTensor (aclSet*TensorAddr). The address setters number an
/// argument as an input when its slots are inputs (first < PlannedCall::num_inputs), else as an output, in the
/// order of PlannedCall::args - except an argument with `input_at` >= 0.
struct CallArg {
    int first = 0;
    int count = 1;
    bool list = false;
    /// >= 0: an in-place argument whose slots are the call's outputs but which CANN numbers as input number
    /// `input_at` and not as an output at all - the list of the Ascend 950's `aclnnForeach...Inplace` forms, whose
    /// op definitions (ops-nn foreach_*_inplace_def.cpp) declare it an input and declare no output.
    int input_at = -1;
};

/// A planned operator call: what a first phase builds and what a repeatable executor keeps as the template
/// of its launches. Holds its own copy of every descriptor (SPEC 3: the caller may destroy its aclTensors
/// after the first phase); aclSet*TensorAddr re-addresses these copies.
struct PlannedCall {
    uint64_t workspace_size = 0;                ///< bytes the second phase needs, as reported by the first
    int num_inputs = 0;                         ///< tensors[0 .. num_inputs) are inputs, the rest outputs
    std::vector<aclTensor> tensors;             ///< copies of the caller's descriptors
    /// For each tensor, the first slot copied from the same caller descriptor (an in-place call passes one aclTensor
    /// as input and output): re-addressing one slot re-addresses all of its descriptor's slots, as re-addressing
    /// CANN's one object does.
    std::vector<int> same_as;
    std::shared_ptr<const OpPlan> plan;         ///< nullptr: nothing to run (empty tensors)
    const char* op_name = "";                   ///< the second phase's API name, for messages (static text)
    const char* const* tensor_names = nullptr;  ///< one per tensor, for messages (static text, or names.data())
    /// The prototype's tensor arguments in order, inputs first (an operator with tensor-list arguments); empty:
    /// every tensor is an argument of its own, as for operators without lists.
    std::vector<CallArg> args;
    /// Per-tensor names when they are not one static array (list arguments: the list's name for each of its
    /// elements); tensor_names then points here. The names themselves are static text.
    std::vector<const char*> names;
    /// The aclnn cache's entry this call is lent from or will enter (executor/op_cache.h), or nullptr: its
    /// tensors, names and plan go back to the entry when its launch is done (OpCacheGiveBack).
    OpCacheEntry* cache = nullptr;
    /// A call lent by the aclnn cache whose last launch passed the address checks (`checked`): that launch's
    /// addresses (the tensors' data, then the workspace), their blocks and the memory registry's generation then.
    /// While the generation is unchanged a launch with the same workspace pins the same blocks again
    /// (rt::RepinBlocks) and skips the checks, whose outcome cannot differ.
    std::vector<const void*> last_addrs;
    std::vector<MemBlock> last_blocks;
    uint64_t last_generation = 0;
    bool checked = false;
};

/// One launch of a planned call, owned by its stream task: the descriptors with the addresses of this launch
/// (a snapshot of a repeatable executor's call, or the consumed executor's own descriptors), the plan, and
/// the workspace; which tensors are inputs and their names (static text) for messages. Never a handle:
/// launch records come from a pool of their own (executor.cpp) and do not count as handle releases.
struct LaunchRecord {
    std::vector<aclTensor> tensors;             ///< in the planned call's order, with this launch's addresses
    std::shared_ptr<const OpPlan> plan;         ///< nullptr: nothing to run
    uint64_t workspace_size = 0;                ///< bytes the first phase asked for
    void* workspace = nullptr;                  ///< this launch's workspace (nullptr when workspace_size is 0)
    int num_inputs = 0;                         ///< tensors[0 .. num_inputs) are inputs, the rest outputs
    const char* const* tensor_names = nullptr;  ///< one per tensor, for messages (the planned call's)
    std::vector<const char*> names;             ///< the planned call's `names` (tensor_names points here then)
    std::vector<const void*> addrs;             ///< the addresses this launch pinned: tensors' data, workspace
    std::vector<MemBlock> blocks;               ///< their blocks (second phase only)
    OpCacheEntry* cache = nullptr;              ///< the consumed executor's PlannedCall::cache
    uint64_t generation = 0;                    ///< the memory registry's generation when `blocks` were pinned
    bool checked = false;                       ///< addrs, blocks and generation are a launch's that passed the checks
};

}  // namespace aclcpu

/// An executor handle (public opaque type of acl_meta.h): what a first phase publishes. Holds the planned
/// call and whether it is repeatable (aclSetAclOpExecutorRepeatable). Handle objects live in the handle
/// registry (common/handle_registry.h), which recycles them FIFO behind kHandleQuarantine newer releases, so
/// that a first phase reuses the descriptor vectors' storage instead of allocating it again. A second phase
/// launches a LaunchRecord: a repeatable executor's call is copied into one (the handle stays live), a plain
/// executor's call moves into one and the handle is released (consumed, SPEC 6).
struct aclOpExecutor {
    uint64_t magic = 0;
    bool repeatable = false;
    aclcpu::PlannedCall call;
};

namespace aclcpu {

template <>
struct HandleTraits<aclOpExecutor> {
    static constexpr HandleKind kKind = HandleKind::kExecutor;
};

}  // namespace aclcpu

namespace aclcpu {

/// Gives an executor object back: a handle (live, or revoked) enters the registry's quarantine, an unpublished
/// one goes back to the spares. Used as the deleter of ExecutorPtr.
void ReleaseExecutor(aclOpExecutor* ex);

struct ExecutorDeleter {
    void operator()(aclOpExecutor* ex) const { ReleaseExecutor(ex); }
};
using ExecutorPtr = std::unique_ptr<aclOpExecutor, ExecutorDeleter>;

/// A blank executor for a first phase to fill (its `call`): not live, not repeatable, no plan; call.tensors
/// may hold stale descriptors from a previous use (resize and assign them). Throws std::bad_alloc like new.
ExecutorPtr AcquireExecutor();

/// Descriptors of a call from which a first phase takes the warm descriptor-copy storage (TakeWarmTensorStorage):
/// the tensor lists' calls.
constexpr size_t kWarmTensorsMin = 17;

/// For a first phase of kWarmTensorsMin descriptors or more (a tensor list's): swaps ex->call.tensors with the
/// process's warm spare - the storage the last executor of that many descriptors gave back when its second phase
/// consumed it - so that the copies go into memory a recent launch used, not into the cold storage of a handle
/// back from the registry's quarantine (hundreds of cache misses per call). Thread-safe; allocates nothing.
void TakeWarmTensorStorage(aclOpExecutor* ex);

/// Makes an executor built by a first phase a valid handle and returns it (ownership passes to the registry).
aclOpExecutor* PublishExecutor(ExecutorPtr ex);

/// The generic second phase (SPEC 6): checks and enqueues `executor` on `stream`. `api` names the caller
/// in messages. Returns 0, 161001, 161002 or 361001 (see aclnnL1LossBackward).
int RunExecutor(void* workspace, uint64_t workspace_size, aclOpExecutor* executor, aclrtStream stream,
                const char* api);

}  // namespace aclcpu
