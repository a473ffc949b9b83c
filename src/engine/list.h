// Tensor-list plans (the foreach operators: out_i = f(a_i, b_i or scalar_i) over aclTensorList arguments): one
// OpPlan over many element-wise sub-problems, each with its own shapes, strides, offsets and parameters (a
// per-tensor scalar of an aclScalarList), planned once by the first phase like an element-wise call
// (engine/elementwise.h) and run as one piece of work.
//
// Run: the sub-problems' elements (work units for tiled ones) are laid end to end in one index space and cut
// into chunks of kGrain over the device pool, so that many small tensors share the pool's threads and one
// big tensor splits across them; no allocation at run time. Aliasing per sub-problem: an output exactly on
// its own input (in-place foreach) runs in place; an output that overlaps its inputs otherwise goes through a
// temporary, that sub-problem on its own. When an output of one sub-problem shares memory with an operand of
// another (or the addresses changed after planning, e.g. aclSetDynamic*TensorAddr on a repeatable executor,
// which the plan does not re-check), the sub-problems run one after another in list order, each as one
// element-wise call: the results are those of the calls made in sequence.
// The implementation lives in elementwise.cpp (it shares the element-wise call's machinery).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "engine/elementwise.h"
#include "executor/executor.h"

namespace aclcpu {
namespace engine {

/// The data addresses of a list plan's tensors at planning: a plan runs its positions together only when a launch's
/// addresses are these (a re-addressed repeatable executor's are re-checked position by position).
class PlannedAddresses {
public:
    /// Records the data addresses of tensors[0 .. n).
    void Take(const aclTensor* tensors, int n) {
        data_.resize(static_cast<size_t>(n));
        for (int t = 0; t < n; ++t) data_[static_cast<size_t>(t)] = tensors[t].data;
    }
    /// Whether tensors[0 .. n) (n as recorded) have the recorded data addresses.
    bool Same(const aclTensor* tensors) const {
        for (size_t t = 0; t < data_.size(); ++t) {
            if (tensors[t].data != data_[t]) return false;
        }
        return true;
    }

private:
    std::vector<void*> data_;
};

/// One sub-problem of a tensor-list plan: its operands (indices into the planned call's tensors, outputs then
/// inputs as for an element-wise call), its broadcast shape (its outputs' shape) and its kernel: the operator's
/// selector with this sub-problem's parameters (per-tensor scalars go here).
struct ElementwiseListItem {
    ElementwiseOperands ops;
    BroadcastShape shape;
    ElementwiseKernel kernel;
};

/// The operator's entry point for a tensor-list call: plans items[0 .. count) over `tensors` (the planned
/// call's descriptor copies, validated as for PlanElementwise, item by item; an item without elements is
/// skipped) and returns the plan for PlannedCall::plan: a FlatListPlan when the items are flat (the optimizer's
/// lists of contiguous tensors), else an ElementwiseListPlan. *workspace_size: the largest temporary one item
/// needs with these addresses (items with temporaries run one at a time), else 0. Throws std::bad_alloc.
std::shared_ptr<const OpPlan> PlanElementwiseList(const aclTensor* tensors, const ElementwiseListItem* items,
                                                  size_t count, uint64_t* workspace_size);

/// The plan of a tensor-list call (an OpPlan): immutable once made. Engine-internal (PlanElementwiseList).
/// Layout: one planned ElementwiseCall per shape class (a run of positions whose operands have the dtypes, view
/// shapes and strides of the run's first position, with its broadcast shape and kernel: ElementwiseCall::
/// Congruent) and, per position, only what differs - its operands' tensor indices, their byte shifts against the
/// class's planned offsets, and its temporaries' mask. A list of one shape plans one call, however long.
class ElementwiseListPlan final : public OpPlan {
public:
    ElementwiseListPlan(const aclTensor* tensors, const ElementwiseListItem* items, size_t count);

    /// The workspace (bytes) a run with the planned tensors' addresses needs (see PlanElementwiseList).
    uint64_t WorkspaceSize() const { return workspace_; }
    /// Whether a run with these addresses runs every item in the one shared index space (true), or the items
    /// one after another (false: addresses changed since planning, or items share memory).
    bool Together(const aclTensor* tensors) const;
    /// Planned (non-empty) items.
    size_t Items() const { return positions_.size(); }
    /// Shape classes among them (planned calls the positions share).
    size_t Classes() const { return classes_.size(); }

    bool ShortRun() const override;
    /// Runs every item on the launch's addresses. Returns 0 or the first failing item's status
    /// (ElementwiseCall::Execute).
    int Execute(const LaunchRecord& launch, void* workspace, uint64_t workspace_size) const override;

private:
    /// One planned position: its operands (tensor indices), the bytes added to each operand's data address so
    /// that its class's loop plan (made with the class's first position's offsets) reaches this position's
    /// elements, its class and its temporaries' mask at planning (non-zero: it runs alone, through Execute).
    struct Position {
        ElementwiseOperands ops;
        int64_t shift[kMaxOperands];
        uint32_t cls;
        unsigned mask;
    };

    static void Range(void* ctx, int64_t begin, int64_t end);
    /// Position i as a call of its own (its class's call rebased onto its operands): the runs one at a time.
    ElementwiseCall CallOf(size_t i, const aclTensor* tensors) const;

    std::vector<ElementwiseCall> classes_;
    std::vector<Position> positions_;
    std::vector<int64_t> start_;       // positions_[i]'s first index in the shared space; start_[Items()] = total
    PlannedAddresses planned_;         // every tensor's data address at planning
    uint64_t workspace_ = 0;           // the largest temporary one position needs at the planned addresses
    bool apart_ = true;                // at planning: no item's output shares memory with another item's operand
    bool tiled_ = false;
    int64_t numel_ = 0;                // elements of all items
};

/// The plan of a tensor-list call whose items are all flat (an OpPlan, immutable once made; PlanElementwiseList
/// makes it when FlatListPlan::Make can, an ElementwiseListPlan otherwise): every operand of every non-empty
/// item a row-major contiguous view of the item's element count, operand slot k of one dtype over the list, one
/// kernel (selector and parameters) for every item, no output of an item meeting one of its inputs other than
/// exactly (same first byte, same element size), and no output of kStreamingBytes or more. An item is then one
/// row of its element count: the plan holds its operands' tensor indices and its first index in the shared
/// space, and a run calls the one row body (selected once) on each piece. The results are those of
/// ElementwiseListPlan (the same row body over the same elements, cut differently: rows are element-wise).
class FlatListPlan final : public OpPlan {
public:
    /// The plan of items[0 .. count) of `tensors` (as PlanElementwiseList takes them) when they are flat, with at
    /// least one element among them (checked while planning, in one pass); else nullptr. Throws std::bad_alloc.
    static std::shared_ptr<const OpPlan> Make(const aclTensor* tensors, const ElementwiseListItem* items,
                                              size_t count);

    /// Whether a run with these addresses runs every item in the one shared index space (as
    /// ElementwiseListPlan::Together).
    bool Together(const aclTensor* tensors) const;
    /// Planned (non-empty) items.
    size_t Items() const { return ops_.size(); }

    bool ShortRun() const override;
    /// Runs every item on the launch's addresses: in the shared space when Together, else one after another as
    /// element-wise calls (ElementwiseCall::Execute, which stages through a temporary where re-addressed
    /// outputs meet inputs). Returns 0 or the first failing item's status.
    int Execute(const LaunchRecord& launch, void* workspace, uint64_t workspace_size) const override;

private:
    FlatListPlan() = default;
    static void Range(void* ctx, int64_t begin, int64_t end);

    ElementwiseKernel kernel_;
    kern::RowFn row_ = nullptr;
    int nops_ = 0;
    aclDataType dtype_[kMaxOperands] = {};
    int64_t item_[kMaxOperands] = {};  // bytes per element of operand slot k: the rows' strides
    std::vector<ElementwiseOperands> ops_;
    std::vector<int64_t> start_;  // item i's first index in the shared space; start_[Items()] = total
    PlannedAddresses planned_;    // every tensor's data address at planning
    bool apart_ = true;
};

}  // namespace engine
}  // namespace aclcpu
