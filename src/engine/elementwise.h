// The element-wise engine: everything an element-wise operator does that does not depend on its arithmetic.
// In oneDNN/XNNPACK terms, an operator's first phase "creates and sets up" an ElementwisePlan (broadcast
// shape, operands, its row kernels and parameters); the second phase only checks addresses and enqueues;
// the stream runs Execute, which touches nothing but the plan and the launch record's tensor addresses.
//
// What the plan does, once per first phase (PlanElementwise): loop planning of the operands over the
// broadcast shape (engine/loop.h: dim order, coalescing, tiling for transposed inputs), the grain, the
// short-run decision, the streaming-store decision and the row bodies chosen by the operator's selector.
// Per run (Execute): the aliasing decision (an output that overlaps an input other than exactly is computed
// into a temporary - the workspace, or memory of its own - and copied back; the plan's own decision while the
// operands' addresses are the planned ones), and the rows over the device pool, each chunk under FpEnvScope.
// See docs/engine.md.
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
/// Bytes of operator parameters a plan holds (kern::L1Params: 12; kern::BinaryParams, the largest: 72).
constexpr size_t kMaxParamBytes = 80;

/// A broadcast shape (rank <= kMaxDims): fixed storage, no allocation.
struct BroadcastShape {
    int64_t d[kMaxDims] = {};
    size_t n = 0;
    /// Product of the dims (1 for rank 0; 0 when a dim is 0). Defined for shapes whose count fits (CountFits):
    /// the first phase refuses every other broadcast shape.
    int64_t Numel() const {
        for (size_t i = 0; i < n; ++i) {
            if (d[i] == 0) return 0;
        }
        int64_t p = 1;
        for (size_t i = 0; i < n; ++i) p *= d[i];
        return p;
    }
    /// Whether the element count fits int64_t (always, when a dim is 0). Two valid views can broadcast to a
    /// shape that does not: [2^40, 1] with [1, 2^40].
    bool CountFits() const {
        for (size_t i = 0; i < n; ++i) {
            if (d[i] == 0) return true;
        }
        int64_t p = 1;
        for (size_t i = 0; i < n; ++i) {
            if (__builtin_mul_overflow(p, d[i], &p)) return false;
        }
        return true;
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
/// the plan's operands are: the outputs, then the inputs in the order the row kernels take them. With one
/// output (the default) operand 0 of a row is `out` and operand k is input k - 1; with num_outputs = m
/// (1 .. kMaxOutputs) operands 0 .. m) are the outputs `out`, more_out[0], ... and operand m + k is in[k].
/// An in-place operand (CANN's selfRef) is one tensor named both as an output and as an input: the aliasing
/// rule sees the output exactly on the input and runs without a temporary. Written as an aggregate:
/// `{out, num_inputs, {in...}}` or `{out0, num_inputs, {in...}, 2, {out1}}`.
struct ElementwiseOperands {
    int out = 0;
    int num_inputs = 0;
    int in[kMaxInputs] = {};
    int num_outputs = 1;
    int more_out[kMaxOutputs - 1] = {};
    /// Operands of a row: outputs plus inputs.
    constexpr int NumOperands() const { return num_outputs + num_inputs; }
    /// The tensor index of output j (0 <= j < num_outputs).
    constexpr int Out(int j) const { return j == 0 ? out : more_out[j - 1]; }
    /// The tensor index of row operand k (outputs first, then inputs).
    constexpr int Operand(int k) const { return k < num_outputs ? Out(k) : in[k - num_outputs]; }
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
/// validated: ranks <= kMaxDims, each operand broadcastable to `shape`, which is every output's shape, and
/// non-empty; with several outputs, no two outputs sharing a byte: OutputsOverlap) for `kernel`, and returns
/// the plan for PlannedCall::plan. *workspace_size: the bytes a run with these tensors' current addresses
/// needs - the temporaries of the outputs that overlap an input other than exactly, each at a multiple of 8
/// bytes - else 0 (also when addresses are not known yet). Throws std::bad_alloc like new.
/// (A free function, so that operator libraries never name the plan's class: its type information stays
/// inside libopapi_math.)
std::shared_ptr<const OpPlan> PlanElementwise(const aclTensor* tensors, const ElementwiseOperands& ops,
                                              const BroadcastShape& shape, const ElementwiseKernel& kernel,
                                              uint64_t* workspace_size);

/// Whether the byte ranges (ByteRange) of two views meet; a view without data address or elements meets none.
bool ViewsMeet(const aclTensor& a, const aclTensor& b);

/// Whether two of the outputs of `ops` share a byte of memory (ViewsMeet; or name one tensor twice);
/// `at(i)` returns tensor i of the call (const aclTensor&). The first phase of a multi-output operator refuses
/// such a call (first_phase.h CheckOutputsApart): which value lands in a shared byte would depend on the order
/// of the writes. *a < *b: the two outputs' positions among the outputs (0 .. num_outputs).
template <typename TensorAt>
bool OutputsOverlap(TensorAt&& at, const ElementwiseOperands& ops, int* a, int* b) {
    for (int i = 0; i < ops.num_outputs; ++i) {
        for (int j = i + 1; j < ops.num_outputs; ++j) {
            if (ops.Out(i) == ops.Out(j) || ViewsMeet(at(ops.Out(i)), at(ops.Out(j)))) {
                *a = i;
                *b = j;
                return true;
            }
        }
    }
    return false;
}

/// One planned element-wise call: the loop plan of its operands, the row bodies, the streaming decision and
/// the aliasing rule. Engine-internal: ElementwisePlan holds one, a tensor-list plan (engine/list.h) one per
/// shape class of its sub-problems. Immutable once made; reads only the tensors it is given.
class ElementwiseCall {
public:
    ElementwiseCall(const aclTensor* tensors, const ElementwiseOperands& ops, const BroadcastShape& shape,
                    const ElementwiseKernel& kernel);

    /// Makes this call (a copy of a call planned for operands congruent to `ops` of `tensors`: the same broadcast
    /// shape and kernel, every operand of the same dtype, view shape and strides - Congruent) the plan of `ops`:
    /// only what depends on the operands' offsets and addresses is redone (the loop plan's byte offsets, the
    /// planned addresses, the temporaries' mask); the loop order, tiles and rows are the copied ones. For a
    /// tensor list's position that runs on its own (through a temporary, or in list order).
    void Rebase(const aclTensor* tensors, const ElementwiseOperands& ops);
    /// Whether `ops` of `tensors` over `shape` with `kernel` are congruent (see Rebase) to `ops0` of the same
    /// tensors over `shape0` with `kernel0`.
    static bool Congruent(const aclTensor* tensors, const ElementwiseOperands& ops0, const BroadcastShape& shape0,
                          const ElementwiseKernel& kernel0, const ElementwiseOperands& ops,
                          const BroadcastShape& shape, const ElementwiseKernel& kernel);

    /// The workspace (bytes) a run with the planned tensors' addresses needs (see PlanElementwise).
    uint64_t WorkspaceSize() const;
    /// Which outputs need a temporary with these tensors' addresses (bit j: output j), from their byte ranges.
    unsigned TemporaryMask(const aclTensor* tensors) const { return TemporaryMaskOf(tensors, ops_); }
    /// TemporaryMask of operands `ops` (congruent to this call's: Congruent) of `tensors`.
    unsigned TemporaryMaskOf(const aclTensor* tensors, const ElementwiseOperands& ops) const;
    /// Operand k's planned byte offset from its data address (the loop plan's).
    int64_t OffsetBytes(int k) const { return direct_.offset[k]; }
    /// TemporaryMask of the planned tensors (computed once, at planning; Execute reuses it while the operands'
    /// addresses are the planned ones).
    unsigned PlannedMask() const { return planned_mask_; }
    /// Elements of the call.
    int64_t Numel() const { return direct_.numel; }
    /// Whether the call is tiled (transposed inputs: work units of tiles, not elements).
    bool Tiled() const { return direct_tiles_.units > 0; }
    /// Work units (elements, or tiles when Tiled()) and the elements of one unit at most.
    int64_t Units() const { return Tiled() ? direct_tiles_.units : direct_.numel; }
    int64_t UnitElements() const { return Tiled() ? direct_tiles_.tile0 * direct_tiles_.tile1 : 1; }
    /// The operands' data addresses in `tensors` (outputs first), into bases[0 .. NumOperands()).
    void Bases(const aclTensor* tensors, char** bases) const;
    /// Runs work units [begin, end) of operands `ops` of `tensors` (congruent to this call's: Congruent) on the
    /// calling thread, with no temporary (TemporaryMaskOf(tensors, ops) == 0), operand k's data address moved by
    /// shift[k] bytes (its byte offset minus OffsetBytes(k)); streaming stores as planned unless an output lies
    /// exactly on an input. For tensor-list plans, whose positions of one shape class share this call.
    void RunUnitsOf(const aclTensor* tensors, const ElementwiseOperands& ops, const int64_t* shift, int64_t begin,
                    int64_t end) const;
    /// The whole call over the device pool: the aliasing decision with these addresses, then the rows (through
    /// a temporary in `workspace`, or memory of its own, where needed). Returns 0; ACLNN_ERR_INNER when a
    /// temporary cannot be allocated; ACLNN_ERR_PARAM_INVALID (nothing written) when re-addressed outputs now
    /// share memory.
    int Execute(const aclTensor* tensors, void* workspace, uint64_t workspace_size) const;

private:
    uint64_t TemporaryBytes(unsigned mask, uint64_t* offsets) const;
    unsigned MaskAt(const aclTensor* tensors, char* const* bases) const;
    bool InPlace(char* const* bases) const;
    kern::RowFn SelectRow(const LoopPlan& p, const TilePlan& tiles, bool* nontemporal) const;
    void Run(const LoopPlan& plan, const TilePlan& tiles, kern::RowFn row, bool nontemporal, char* const* bases) const;

    ElementwiseOperands ops_;
    ElementwiseKernel kernel_;
    int64_t b_[kMaxDims] = {};
    size_t nb_ = 0;
    // The operands' data addresses at planning (Bases): zeroed, then set while direct_ is planned (declared
    // before it, so initialised first).
    char* planned_bases_[kMaxOperands] = {};
    LoopPlan direct_;
    TilePlan direct_tiles_;
    bool nontemporal_ = false;
    kern::RowFn direct_row_ = nullptr;
    kern::RowFn cached_row_ = nullptr;  // direct_row_ with plain stores (for an output exactly on an input)
    unsigned planned_mask_ = 0;  // TemporaryMask at planning
};

/// The plan of one element-wise call (an OpPlan): immutable once made. Engine-internal (PlanElementwise).
class ElementwisePlan final : public OpPlan {
public:
    /// The workspace (bytes) a run with the planned tensors' addresses needs (see PlanElementwise).
    uint64_t WorkspaceSize() const { return call_.WorkspaceSize(); }

    bool ShortRun() const override;
    /// Runs the plan on the launch's addresses (ElementwiseCall::Execute's statuses).
    int Execute(const LaunchRecord& launch, void* workspace, uint64_t workspace_size) const override;

    ElementwisePlan(const aclTensor* tensors, const ElementwiseOperands& ops, const BroadcastShape& shape,
                    const ElementwiseKernel& kernel)
        : call_(tensors, ops, shape, kernel) {}

private:
    ElementwiseCall call_;
};

}  // namespace engine
}  // namespace aclcpu
