// The element-wise engine: everything an element-wise operator does that does not depend on its arithmetic.
// In oneDNN/XNNPACK terms, an operator's first phase "creates and sets up" an ElementwisePlan (broadcast
// shape, operands, its row kernels and parameters); the second phase only checks addresses and enqueues;
// the stream runs Execute, which touches nothing but the plan and the launch record's tensor addresses.
//
// What the plan does, once per first phase (PlanElementwise): loop planning of the operands over the
// broadcast shape (engine/loop.h: dim order, coalescing, tiling for transposed inputs), the grain, the
// short-run decision, the streaming-store decision and the row bodies chosen by the operator's selector.
// Per run (Execute): the aliasing decision (an output that overlaps an input other than exactly is computed
// into a temporary - the workspace, or memory of its own - and copied back), and the rows over the device
// pool, each chunk under FpEnvScope. See docs/engine.md.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <type_traits>
#include <vector>

#include "common/exports.h"
#include "common/limits.h"
#include "engine/loop.h"
#include "executor/executor.h"
#include "kernels/row.h"

namespace aclcpu {
namespace engine {

/// Elements per thread chunk at least: up to 32768 elements (about 15 us of work on one core, in cache) a
/// call stays on the thread that runs the stream task; waking pool threads costs more than it saves there.
constexpr int64_t kGrain = int64_t{1} << 15;
/// Calls of at most this many elements (untiled) take no longer than handing them to a stream worker costs
/// (waking it, then waking the synchronising thread: 5-20 us on a VM): they run on the launching thread when
/// the stream is idle (OpPlan::ShortRun). Measured, 65,536 FLOAT elements: 11-13 us inline against 17-32 us
/// through the worker; 4 elements: 0.7 us against 1.5-3.4 us.
constexpr int64_t kShortRunElements = int64_t{1} << 16;
/// Outputs of at least this many bytes are written with streaming (non-temporal) stores where the output is
/// contiguous: they cannot stay in cache anyway, and streaming saves the read-for-ownership of every line
/// (a quarter of the memory traffic of a FLOAT call). Bit patterns are unaffected.
constexpr uint64_t kStreamingBytes = uint64_t{8} << 20;
/// Bytes of operator parameters a plan holds (kern::L1Params: 12).
constexpr size_t kMaxParamBytes = 64;

/// A broadcast shape (rank <= kMaxDims): fixed storage, no allocation.
struct BroadcastShape {
    int64_t d[kMaxDims] = {};
    size_t n = 0;
    /// Product of the dims (1 for rank 0).
    int64_t Numel() const {
        int64_t p = 1;
        for (size_t i = 0; i < n; ++i) p *= d[i];
        return p;
    }
    /// Whether `v` is exactly this shape.
    bool Equals(const std::vector<int64_t>& v) const {
        if (v.size() != n) return false;
        for (size_t i = 0; i < n; ++i) {
            if (v[i] != d[i]) return false;
        }
        return true;
    }
};

/// NumPy broadcast of a[na] and b[nb] (each rank <= kMaxDims, checked by the caller) into *out; false when a
/// dim pair is neither equal nor 1 (the operator reports it with its own message, in its own check order).
inline bool Broadcast(const int64_t* a, size_t na, const int64_t* b, size_t nb, BroadcastShape* out) {
    const size_t n = na > nb ? na : nb;
    out->n = n;
    for (size_t i = 0; i < n; ++i) {
        const int64_t da = i < na ? a[na - 1 - i] : 1;
        const int64_t db = i < nb ? b[nb - 1 - i] : 1;
        int64_t d;
        if (da == db || db == 1) {
            d = da;
        } else if (da == 1) {
            d = db;
        } else {
            return false;
        }
        out->d[n - 1 - i] = d;
    }
    return true;
}

/// Which tensors of the call (indices into PlannedCall::tensors, which launch records keep in the same order)
/// the plan's operands are: the output, then the
/// inputs in the order the row kernels take them (operand k of a row is input k - 1).
struct ElementwiseOperands {
    int out = 0;
    int num_inputs = 0;
    int in[kMaxOperands - 1] = {};
};

/// An operator's row kernels: its selector and a copy of its parameters (the bytes of a trivially copyable
/// struct, which the rows receive as `params`). Make one with KernelOf.
struct ElementwiseKernel {
    kern::RowSelectFn select = nullptr;
    alignas(16) unsigned char params[kMaxParamBytes] = {};
};

/// An ElementwiseKernel for `select` and a trivially copyable parameter struct `P` (at most kMaxParamBytes).
template <typename P>
ElementwiseKernel KernelOf(kern::RowSelectFn select, const P& params) {
    static_assert(std::is_trivially_copyable<P>::value, "row parameters are copied bytewise into the plan");
    static_assert(sizeof(P) <= kMaxParamBytes && alignof(P) <= 16, "row parameters too large for a plan");
    ElementwiseKernel k;
    k.select = select;
    std::memcpy(k.params, &params, sizeof(P));
    return k;
}

/// The operator's entry point: plans `ops` of `tensors` (the planned call's descriptor copies, already
/// validated: ranks <= kMaxDims, each operand broadcastable to `shape`, which is the output's shape, and
/// non-empty) for `kernel`, and returns the plan for PlannedCall::plan. *workspace_size: the bytes a run
/// with these tensors' current addresses needs - the temporary of an output that overlaps an input other
/// than exactly - else 0 (also when addresses are not known yet). Throws std::bad_alloc like new.
/// (A free function, so that operator libraries never name the plan's class: its type information stays
/// inside libopapi_math.)
std::shared_ptr<const OpPlan> PlanElementwise(const aclTensor* tensors, const ElementwiseOperands& ops,
                                              const BroadcastShape& shape, const ElementwiseKernel& kernel,
                                              uint64_t* workspace_size);

/// The plan of one element-wise call (an OpPlan): immutable once made. Engine-internal (PlanElementwise).
class ElementwisePlan final : public OpPlan {
public:
    /// The workspace (bytes) a run with these tensors' current addresses needs (see PlanElementwise).
    uint64_t WorkspaceSize(const aclTensor* tensors) const;

    bool ShortRun() const override;
    int Execute(const LaunchRecord& launch, void* workspace, uint64_t workspace_size) const override;

    ElementwisePlan(const aclTensor* tensors, const ElementwiseOperands& ops, const BroadcastShape& shape,
                    const ElementwiseKernel& kernel);

private:
    bool NeedsTemporary(const aclTensor* tensors) const;
    kern::RowFn SelectRow(const LoopPlan& p, const TilePlan& tiles, bool* nontemporal) const;
    void Run(const LoopPlan& plan, const TilePlan& tiles, kern::RowFn row, bool nontemporal, char* const* bases) const;

    ElementwiseOperands ops_;
    ElementwiseKernel kernel_;
    int64_t b_[kMaxDims] = {};
    size_t nb_ = 0;
    LoopPlan direct_;
    TilePlan direct_tiles_;
    bool nontemporal_ = false;
    kern::RowFn direct_row_ = nullptr;
    kern::RowFn cached_row_ = nullptr;  // direct_row_ with plain stores (for an output exactly on an input)
    uint64_t temp_bytes_ = 0;
};

}  // namespace engine
}  // namespace aclcpu
