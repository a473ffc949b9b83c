// The element-wise engine's planning half (in the manner of PyTorch's TensorIterator): given a broadcast
// shape and operands (views with element strides), build a loop plan once - strides expanded to the shape
// (0 on broadcast dims), dims ordered by the output's strides, size-1 dims dropped, adjacent dims coalesced
// where every operand is contiguous across them - and then walk any linear range of it row by row.
// The inner loop (a "row" of n elements with one byte stride per operand) is supplied by the caller.
#pragma once

#include <cstdint>

#include "acl/acl_base.h"

namespace aclcpu {
namespace kern {

constexpr int kMaxLoopDims = 8;
constexpr int kMaxOperands = 4;

/// One operand as the planner takes it: a view whose shape right-aligns with the broadcast shape.
struct OperandSpec {
    aclDataType dtype;
    int ndim;
    const int64_t* shape;    // ndim entries
    const int64_t* strides;  // ndim entries, elements
    int64_t offset;          // elements
};

/// A planned loop nest: dim 0 is innermost. Byte strides are per operand; operand 0 is the output.
struct LoopPlan {
    int ndim = 0;
    int nops = 0;
    int64_t numel = 0;
    int64_t shape[kMaxLoopDims] = {};
    int64_t stride[kMaxOperands][kMaxLoopDims] = {};  // bytes
    int64_t offset[kMaxOperands] = {};                // bytes from the operand's data pointer
    aclDataType dtype[kMaxOperands] = {};
};

/// Plans `nops` operands over broadcast shape `shape[ndim]` (outermost first, ndim <= 8). Operand shapes
/// must broadcast to it (validated by the caller). Pure; no allocation.
LoopPlan PlanLoop(const int64_t* shape, int ndim, const OperandSpec* ops, int nops);

/// Calls row(ptrs, strides, n) for consecutive rows covering linear indices [begin, end) of the plan,
/// where ptrs[k] points at operand k's first element of the row and strides are the innermost byte strides.
template <typename RowFn>
void ForEachRow(const LoopPlan& p, char* const* bases, int64_t begin, int64_t end, RowFn&& row) {
    if (begin >= end) return;
    int64_t idx[kMaxLoopDims] = {};
    char* ptrs[kMaxOperands];
    int64_t rem = begin;
    for (int d = 0; d < p.ndim; ++d) {
        idx[d] = rem % p.shape[d];
        rem /= p.shape[d];
    }
    for (int k = 0; k < p.nops; ++k) {
        char* q = bases[k] + p.offset[k];
        for (int d = 0; d < p.ndim; ++d) q += idx[d] * p.stride[k][d];
        ptrs[k] = q;
    }
    int64_t inner_stride[kMaxOperands];
    for (int k = 0; k < p.nops; ++k) inner_stride[k] = p.ndim > 0 ? p.stride[k][0] : 0;
    const int64_t inner = p.ndim > 0 ? p.shape[0] : 1;
    int64_t pos = begin;
    while (pos < end) {
        const int64_t n = (inner - idx[0] < end - pos) ? inner - idx[0] : end - pos;
        row(ptrs, inner_stride, n);
        pos += n;
        if (pos >= end) break;
        // advance to the start of the next row
        for (int k = 0; k < p.nops; ++k) ptrs[k] += (inner - idx[0]) * inner_stride[k];
        idx[0] = 0;
        for (int k = 0; k < p.nops; ++k) ptrs[k] -= inner * inner_stride[k];
        for (int d = 1; d < p.ndim; ++d) {
            ++idx[d];
            for (int k = 0; k < p.nops; ++k) ptrs[k] += p.stride[k][d];
            if (idx[d] < p.shape[d]) break;
            for (int k = 0; k < p.nops; ++k) ptrs[k] -= p.shape[d] * p.stride[k][d];
            idx[d] = 0;
        }
    }
}

}  // namespace kern
}  // namespace aclcpu
