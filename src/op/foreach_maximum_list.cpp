// aclnnForeachMaximumList: the plan hook after the checks ops/operators.yaml lists (docs/ops/foreach.md; generated
// by tools/opgen/gen_ops.py). out_i = max(x1_i, x2_i) for every list position, one tensor-list plan on the
// element-wise rows (kernels/binary.h).
#include "op/foreach_arith.h"

namespace aclcpu {
namespace {

// ForeachMaximumList(x1, x2) - foreach_maximum_list/op_kernel: Atlas A2/A3's vector Max in the list's dtype
// (BF16 through float32, exact; BinaryOp::kMax, the vector unit's rule as modelled); the Ascend 950's SIMT select
// (BinaryOp::kMaxSelect: ties give x2). INT32 compares.
int PlanForeachMaximumList(const ForeachCall& c, uint64_t* workspaceSize, aclOpExecutor** executor) {
    return PlanForeachBinaryList(c, IsRegBaseSoc(c.soc) ? kern::BinaryOp::kMaxSelect : kern::BinaryOp::kMax, workspaceSize,
                                 executor);
}

}  // namespace
}  // namespace aclcpu

// The entry points and the checks of ops/operators.yaml (generated; they call the hook above).
#include "op/foreach_maximum_list_entry.inc"
