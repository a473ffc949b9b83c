// aclnnForeachZeroInplace: the plan hook after the checks ops/operators.yaml lists (docs/ops/foreach.md; generated
// by tools/opgen/gen_ops.py). x_i = 0 for every list position, one tensor-list plan on the fill rows
// (kernels/fill.h).
#include "kernels/fill.h"
#include "op/foreach_arith.h"

namespace aclcpu {
namespace {

// ForeachZeroInplace(x) - foreach_zero_inplace/op_kernel: Duplicate(0) into every tensor; +0 of the dtype, the
// values never read.
int PlanForeachZeroInplace(const ForeachCall& c, uint64_t* workspaceSize, aclOpExecutor** executor) {
    kern::FillParams zero{};
    zero.size = static_cast<int32_t>(ItemSize(c.At(0, 0)->dtype));
    return PlanForeachItemsWith(c, &kern::SelectFillRow, 0, nullptr, 0, [&](size_t) { return zero; }, workspaceSize,
                                executor);
}

}  // namespace
}  // namespace aclcpu

// The entry points and the checks of ops/operators.yaml (generated; they call the hook above).
#include "op/foreach_zero_inplace_entry.inc"
