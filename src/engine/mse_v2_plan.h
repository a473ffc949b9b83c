// A reduction of two broadcast inputs to one 0-d output in one of the MSELossV2 kernels' orders
// (engine/mse_v2_order.h): the plan an operator's first phase makes for reduction mean/sum of a loss whose
// element is a float32 function of (self, target). Values come from the operator's values row; the order's
// cores run in parallel on the device pool (each "core" is one task), their results are combined in the
// order's fixed sequence, so the result never depends on the number of threads.
#pragma once

#include <cstdint>
#include <memory>

#include "acl/acl_base.h"
#include "engine/elementwise.h"
#include "engine/mse_v2_order.h"
#include "executor/executor.h"

namespace aclcpu {
namespace engine {

/// Computes float32 values of n elements of a row: inputs at ptrs[0..1] with byte strides strides[0..1] and
/// dtypes dtypes[0..1], converted to `promote` (exactly), results to dst[0 .. n).
using ValuesRowFn = void (*)(aclDataType promote, const aclDataType* dtypes, const char* const* ptrs,
                             const int64_t* strides, int64_t n, float* dst);

/// Which MSELossV2 order the plan reproduces (docs/ops/mse_loss.md §6).
enum class MseV2Order : int32_t {
    kArch35,  ///< Ascend 950 MSELossV2 arch35: chunk ReduceSum, sequential per core, Kahan across cores
    kA2,      ///< Atlas A2/A3 MSELossV2: bisection fold to 8 lanes per tile, ReduceSum method 2 across cores
    k310P,    ///< Atlas inference 310P MSELossV2: as kA2, ReduceSum method 1 across cores
};

/// What the operator fixes for a scalar reduction.
struct ScalarReduceSpec {
    MseV2Order order = MseV2Order::kArch35;
    MseV2Hardware hw = kHw950;
    bool mean = false;                   ///< mean (the order's own scaling) or sum
    aclDataType promote = ACL_FLOAT;     ///< P: inputs are converted to it; the result is rounded to it (RNE)
    ValuesRowFn values = nullptr;        ///< the element values
    int self = 0, target = 1, out = 2;   ///< executor tensor indices
};

/// The plan: `shape` is the broadcast shape of self and target (validated by the operator, each input
/// broadcastable to it); out is 0-d. When `shape` has no elements the run writes the fill value (mean: NaN,
/// sum: +0, CANN's CheckFillScalarLoss), converted to out's dtype. Workspace: none. Throws std::bad_alloc.
std::shared_ptr<const OpPlan> PlanMseV2Reduce(const BroadcastShape& shape, const ScalarReduceSpec& spec);

}  // namespace engine
}  // namespace aclcpu
