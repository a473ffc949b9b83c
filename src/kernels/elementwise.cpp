#include "kernels/elementwise.h"

#include "tensor/dtype.h"

namespace aclcpu {
namespace kern {

LoopPlan PlanLoop(const int64_t* shape, int ndim, const OperandSpec* ops, int nops) {
    LoopPlan p;
    p.nops = nops;
    int64_t sh[kMaxLoopDims];
    int64_t st[kMaxOperands][kMaxLoopDims];
    // 1. Expand every operand to the broadcast shape, innermost dim first.
    for (int d = 0; d < ndim; ++d) sh[d] = shape[ndim - 1 - d];
    p.numel = 1;
    for (int d = 0; d < ndim; ++d) p.numel *= sh[d];
    for (int k = 0; k < nops; ++k) {
        const OperandSpec& o = ops[k];
        const int64_t item = static_cast<int64_t>(ItemSize(o.dtype));
        p.dtype[k] = o.dtype;
        p.offset[k] = o.offset * item;
        for (int d = 0; d < ndim; ++d) {
            const int od = o.ndim - 1 - d;  // operand dim aligned with broadcast dim d (from the right)
            st[k][d] = (od >= 0 && o.shape[od] != 1) ? o.strides[od] * item : 0;
        }
    }
    // 2. Order dims so the output walks memory forwards: stable insertion sort by |output stride| ascending
    //    (innermost = smallest), ties broken by the inputs' strides. Size-1 dims go last and are dropped.
    int order[kMaxLoopDims];
    int n = 0;
    for (int d = 0; d < ndim; ++d) {
        if (sh[d] != 1) order[n++] = d;
    }
    auto less = [&](int a, int b) {
        for (int k = 0; k < nops; ++k) {
            if (st[k][a] == 0 || st[k][b] == 0) continue;  // broadcast dims do not decide the order
            if (st[k][a] != st[k][b]) return st[k][a] < st[k][b];
        }
        return false;
    };
    for (int i = 1; i < n; ++i) {
        int v = order[i], j = i;
        while (j > 0 && less(v, order[j - 1])) {
            order[j] = order[j - 1];
            --j;
        }
        order[j] = v;
    }
    // 3. Coalesce neighbours where every operand steps contiguously from dim a to dim b.
    int m = 0;
    for (int i = 0; i < n; ++i) {
        const int d = order[i];
        if (m > 0) {
            bool merge = true;
            for (int k = 0; k < nops; ++k) {
                if (p.stride[k][m - 1] * p.shape[m - 1] != st[k][d]) {
                    merge = false;
                    break;
                }
            }
            if (merge) {
                p.shape[m - 1] *= sh[d];
                continue;
            }
        }
        p.shape[m] = sh[d];
        for (int k = 0; k < nops; ++k) p.stride[k][m] = st[k][d];
        ++m;
    }
    p.ndim = m;
    if (p.numel == 0) p.ndim = 0;
    return p;
}

}  // namespace kern
}  // namespace aclcpu
