// The engine's loop planner (in the manner of PyTorch's TensorIterator): given a broadcast
// shape and operands (views with element strides), build a loop plan once - strides expanded to the shape
// (0 on broadcast dims), dims ordered by the output's strides, size-1 dims dropped, adjacent dims coalesced
// where every operand is contiguous across them - and then walk any linear range of it row by row.
// The inner loop (a "row" of n elements with one byte stride per operand) is supplied by the caller.
#pragma once

#include <cstdint>

#include "acl/acl_base.h"
#include "common/limits.h"
#include "kernels/transpose_simd.h"

namespace aclcpu {
namespace engine {

/// Inputs and outputs of one element-wise plan at most (engine/elementwise.h: ElementwiseOperands).
constexpr int kMaxInputs = 4;
constexpr int kMaxOutputs = 2;
/// Operands of one loop plan at most: the outputs, then the inputs.
constexpr int kMaxOperands = kMaxInputs + kMaxOutputs;
static_assert(kMaxOperands == 6, "ForEachRow's unroll pragma (#pragma GCC unroll 6) assumes 6 operands at most");

/// One operand as the planner takes it: a view whose shape right-aligns with the broadcast shape.
struct OperandSpec {
    aclDataType dtype;
    int ndim;
    const int64_t* shape;    // ndim entries
    const int64_t* strides;  // ndim entries, elements
    int64_t offset;          // elements
};

/// A planned loop nest: dim 0 is innermost. Byte strides are per operand; operands 0 .. nouts) are the
/// outputs (operand 0 decides the dim order), the rest the inputs.
struct LoopPlan {
    int ndim = 0;
    int nops = 0;
    int nouts = 1;
    int64_t numel = 0;
    int64_t shape[kMaxDims] = {};
    // bytes; rows 0 .. nops) as PlanLoop sets them (0 beyond ndim), rows nops .. kMaxOperands) not set (no
    // zero-fill of the 384-byte array for every plan; nothing reads them)
    int64_t stride[kMaxOperands][kMaxDims];
    int64_t offset[kMaxOperands] = {};                // bytes from the operand's data pointer
    aclDataType dtype[kMaxOperands] = {};
};

/// Plans `nops` operands over broadcast shape `shape[ndim]` (outermost first, ndim <= kMaxDims), of which the
/// first `nouts` (1 .. kMaxOutputs) are outputs (never staged by PlanTiles). Operand shapes must broadcast to
/// it (validated by the caller). Pure; no allocation.
LoopPlan PlanLoop(const int64_t* shape, int ndim, const OperandSpec* ops, int nops, int nouts = 1);

/// Calls row(ptrs, strides, n) for consecutive rows covering linear indices [begin, end) of the plan,
/// where ptrs[k] points at operand k's first element of the row and strides are the innermost byte strides.
template <typename RowFn>
void ForEachRow(const LoopPlan& p, char* const* bases, int64_t begin, int64_t end, RowFn&& row) {
    if (begin >= end) return;
    int64_t idx[kMaxDims] = {};
    char* ptrs[kMaxOperands];
    int64_t rem = begin;
    for (int d = 0; d < p.ndim; ++d) {
        idx[d] = rem % p.shape[d];
        rem /= p.shape[d];
    }
    // Unrolled over the operands (at most kMaxOperands: PlanLoop's contract, told to the compiler; GCC does
    // not unroll this loop by itself beyond 4): for a call of a few elements this setup is much of the run.
    if (p.nops > kMaxOperands) __builtin_unreachable();
#pragma GCC unroll 6
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

/// A 2-D blocking of a plan's two innermost dims for operands that walk memory badly along the inner dim
/// (a transposed input: a large inner stride, a small stride along dim 1). Such "staged" inputs are copied,
/// in their own memory order, into a stack buffer laid out along dim 0, so the rows that follow read them
/// contiguously (and can use the fused SIMD bodies). Work is cut into units of tile0 x tile1 elements (dim 0
/// x dim 1, at one outer index of dims >= 2), and each unit into strips of `strip` rows: a strip is staged
/// (reading one whole cache line of every staged source row it touches), then its rows run, while the strip
/// is still in L1. `units == 0`: not tiled (use ForEachRow).
struct TilePlan {
    int64_t tile0 = 0;
    int64_t tile1 = 0;
    int64_t strip = 0;  ///< rows (dim 1) staged at a time; tile1 is a multiple of it
    int64_t pitch = 0;  ///< elements between the rows of a staged buffer: tile0 plus one cache line
    int64_t units = 0;
    unsigned staged = 0;  ///< bit k: operand k is staged (inputs only)
};

constexpr int64_t kTileBufferBytes = 81920;  ///< stack buffer shared by the staged operands of one strip

/// Decides whether and how to tile a plan (pure; no allocation).
TilePlan PlanTiles(const LoopPlan& p);

/// The innermost byte strides rows of a tiled plan see (staged operands: contiguous in their buffer).
void TileRowStrides(const LoopPlan& p, const TilePlan& t, int64_t* strides);

namespace detail {
// Copies an m x rows tile (element (a, j) at src + a*s0 + j*s1) to buf[j * pitch + a]. Blocked by one cache
// line of dim 1: each source line is read whole, and only a line's worth of destination rows is live at a
// time (a plain a-then-j loop writes `rows` lines per step, which thrash L1's sets at power-of-two strides).
template <typename T>
inline void StageTile(const char* src, int64_t s0, int64_t s1, int64_t m, int64_t rows, int64_t pitch, char* buf) {
    constexpr int64_t kLine = 64 / static_cast<int64_t>(sizeof(T));
    constexpr int64_t kPf = 16;  // rows ahead
    T* b = reinterpret_cast<T*>(buf);
    for (int64_t jb = 0; jb < rows; jb += kLine) {
        const int64_t je = jb + kLine < rows ? jb + kLine : rows;
        for (int64_t a = 0; a < m; ++a) {
            const char* q = src + a * s0;
            // Each row's line is a fresh miss: keep several in flight ahead of use.
            if (a + kPf < m) __builtin_prefetch(q + kPf * s0 + jb * s1);
            for (int64_t j = jb; j < je; ++j) {
                T v;
                __builtin_memcpy(&v, q + j * s1, sizeof(T));
                b[j * pitch + a] = v;
            }
        }
    }
}
}  // namespace detail

/// Calls row(ptrs, strides, n) for every row piece of work units [ubegin, uend) of a tiled plan; `items[k]` is
/// operand k's element size. Every element of the plan belongs to exactly one unit; the visiting order
/// differs from ForEachRow's, and staged operands are read before any row of their strip is written.
template <typename RowFn>
void ForEachTileRow(const LoopPlan& p, const TilePlan& t, char* const* bases, const size_t* items, int64_t ubegin,
                    int64_t uend, RowFn&& row) {
    alignas(64) char buf[kTileBufferBytes];
    const int64_t n0 = p.shape[0], n1 = p.shape[1];
    const int64_t tiles0 = (n0 + t.tile0 - 1) / t.tile0;
    const int64_t tiles1 = (n1 + t.tile1 - 1) / t.tile1;
    int64_t inner_stride[kMaxOperands];
    TileRowStrides(p, t, inner_stride);
    char* slot[kMaxOperands] = {};
    {
        int64_t used = 0;
        for (int k = 0; k < p.nops; ++k) {
            if (!(t.staged & (1u << k))) continue;
            used = (used + 7) & ~int64_t{7};  // each slot aligned for its elements (PlanTiles leaves >= 64 B slack)
            slot[k] = buf + used;
            used += t.pitch * t.strip * static_cast<int64_t>(items[k]);
        }
    }
    for (int64_t u = ubegin; u < uend; ++u) {
        const int64_t a0 = (u % tiles0) * t.tile0;  // dim 0 fastest: consecutive units share the row pages
        int64_t o = u / tiles0;
        const int64_t j0 = (o % tiles1) * t.tile1;
        o /= tiles1;
        const int64_t m = n0 - a0 < t.tile0 ? n0 - a0 : t.tile0;
        const int64_t rows = n1 - j0 < t.tile1 ? n1 - j0 : t.tile1;
        char* ptrs[kMaxOperands];
        int64_t step[kMaxOperands];
        for (int k = 0; k < p.nops; ++k) ptrs[k] = bases[k] + p.offset[k] + j0 * p.stride[k][1] + a0 * p.stride[k][0];
        for (int d = 2; d < p.ndim; ++d) {
            const int64_t i = o % p.shape[d];
            o /= p.shape[d];
            for (int k = 0; k < p.nops; ++k) ptrs[k] += i * p.stride[k][d];
        }
        for (int k = 0; k < p.nops; ++k) step[k] = p.stride[k][1];
        for (int64_t js = 0; js < rows; js += t.strip) {
            const int64_t srows = rows - js < t.strip ? rows - js : t.strip;
            char* rp[kMaxOperands];
            int64_t rstep[kMaxOperands];
            for (int k = 0; k < p.nops; ++k) {
                rp[k] = ptrs[k] + js * step[k];
                rstep[k] = step[k];
                if (!(t.staged & (1u << k))) continue;
                const int64_t s0 = p.stride[k][0], s1 = p.stride[k][1];
                switch (items[k]) {
                    case 1: detail::StageTile<uint8_t>(rp[k], s0, s1, m, srows, t.pitch, slot[k]); break;
                    case 2: detail::StageTile<uint16_t>(rp[k], s0, s1, m, srows, t.pitch, slot[k]); break;
                    case 4:
                        if (s1 == 4) {  // contiguous along dim 1 (a transposed operand): register transposes
                            kern::StageTransposed32(rp[k], s0, m, srows, t.pitch, reinterpret_cast<uint32_t*>(slot[k]));
                        } else {
                            detail::StageTile<uint32_t>(rp[k], s0, s1, m, srows, t.pitch, slot[k]);
                        }
                        break;
                    default: detail::StageTile<uint64_t>(rp[k], s0, s1, m, srows, t.pitch, slot[k]); break;
                }
                rp[k] = slot[k];
                rstep[k] = t.pitch * static_cast<int64_t>(items[k]);
            }
            for (int64_t j = 0; j < srows; ++j) {
                row(static_cast<char* const*>(rp), static_cast<const int64_t*>(inner_stride), m);
                for (int k = 0; k < p.nops; ++k) rp[k] += rstep[k];
            }
        }
    }
}

}  // namespace engine
}  // namespace aclcpu
