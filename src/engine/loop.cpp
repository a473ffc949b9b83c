#include "engine/loop.h"

#include "tensor/dtype.h"

namespace aclcpu {
namespace engine {

LoopPlan PlanLoop(const int64_t* shape, int ndim, const OperandSpec* ops, int nops, int nouts) {
    LoopPlan p;
    p.nops = nops;
    p.nouts = nouts;
    for (int k = 0; k < nops; ++k) {
        for (int d = 0; d < kMaxDims; ++d) p.stride[k][d] = 0;
    }
    int64_t sh[kMaxDims];
    int64_t st[kMaxOperands][kMaxDims];
    // 1. Expand every operand to the broadcast shape, innermost dim first.
    for (int d = 0; d < ndim; ++d) sh[d] = shape[ndim - 1 - d];
    p.numel = 1;
    for (int d = 0; d < ndim; ++d) p.numel *= sh[d];
    for (int k = 0; k < nops; ++k) {
        const OperandSpec& o = ops[k];
        const int64_t item = static_cast<int64_t>(ItemSize(o.dtype));
        p.dtype[k] = o.dtype;
        // bytes, in two's-complement arithmetic: a view whose element offset or stride times the item size leaves
        // int64 (a storage shape of 2^62 elements passes the view checks; no aclrtMalloc block holds it, so the
        // second phase refuses its address) must not be undefined behaviour here
        p.offset[k] = static_cast<int64_t>(static_cast<uint64_t>(o.offset) * static_cast<uint64_t>(item));
        for (int d = 0; d < ndim; ++d) {
            const int od = o.ndim - 1 - d;  // operand dim aligned with broadcast dim d (from the right)
            st[k][d] = (od >= 0 && o.shape[od] != 1)
                           ? static_cast<int64_t>(static_cast<uint64_t>(o.strides[od]) * static_cast<uint64_t>(item))
                           : 0;
        }
    }
    // 2. Order dims so the output walks memory forwards: stable insertion sort by |output stride| ascending
    //    (innermost = smallest), ties broken by the inputs' strides. Size-1 dims go last and are dropped.
    int order[kMaxDims];
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
                // stride * size is one step past the dim's extent: it can exceed int64 for a valid view whose
                // byte stride is above 2^62 (then the dims cannot be contiguous anyway)
                int64_t next = 0;
                if (__builtin_mul_overflow(p.stride[k][m - 1], p.shape[m - 1], &next) || next != st[k][d]) {
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

namespace {
int64_t Abs(int64_t v) { return v < 0 ? -v : v; }
}  // namespace

TilePlan PlanTiles(const LoopPlan& p) {
    TilePlan t;
    if (p.ndim < 2 || p.shape[0] < 16 || p.shape[1] < 4) return t;
    // Staged: inputs whose inner stride spans a cache line or more per element while dim 1 steps through
    // memory more finely, with an element size the stager copies (1, 2, 4 or 8 bytes).
    int64_t bytes_per_elem = 0;  // buffer bytes per tile element, all staged operands together
    for (int k = p.nouts; k < p.nops; ++k) {
        const int64_t s0 = Abs(p.stride[k][0]), s1 = Abs(p.stride[k][1]);
        const int64_t item = static_cast<int64_t>(ItemSize(p.dtype[k]));
        if (s0 < 64 || s1 == 0 || s1 >= s0 || (item != 1 && item != 2 && item != 4 && item != 8)) continue;
        t.staged |= 1u << k;
        bytes_per_elem += item;
    }
    if (t.staged == 0) return t;
    // Units of up to 1024 x 256 elements, staged in strips of one cache line of the smallest staged element
    // (16 rows for FLOAT): a strip reads one whole line of each of its tile0 staged source rows (FLOAT: with
    // 8x8 register transposes, StageTransposed32), and its buffer (16 x 1040 FLOAT, 65 KiB) is still in L2
    // while the strip's rows run; the row-major operands are read in 4 KiB pieces. Measured on 4096 x 4096
    // FLOAT (bench f32_transposed_self, 2 threads, huge-page tensors): 1.6-1.8x the copy bound with tile0
    // 1024, 1.8-2.0x with 512, 2.0-2.2x with 256; tile1 from 64 to 1024 made no difference. Whole-unit
    // staging of 64 x 224 tiles with a scalar stager (the previous design) gave 2.2-2.8x.
    int64_t min_item = 8;
    for (int k = p.nouts; k < p.nops; ++k) {
        const int64_t item = static_cast<int64_t>(ItemSize(p.dtype[k]));
        if ((t.staged & (1u << k)) && item < min_item) min_item = item;
    }
    // The buffer's rows are tile0 + one line apart: a power-of-two pitch would put the rows a staging pass
    // writes into the same few L1 sets. tile0 stays a whole number of lines.
    const int64_t pad = 64 / min_item;
    for (t.strip = 64 / min_item; t.strip >= 1; t.strip /= 2) {
        t.tile0 = ((kTileBufferBytes - 64) / (t.strip * bytes_per_elem) - pad) / pad * pad;  // 64 B: slot alignment
        if (t.tile0 > 1024) t.tile0 = 1024;
        if (t.tile0 > p.shape[0]) t.tile0 = p.shape[0];
        if (t.tile0 >= 16) break;
    }
    if (t.strip < 1 || t.tile0 < 16) return TilePlan{};
    if (t.strip > p.shape[1]) t.strip = p.shape[1];
    t.tile1 = 256 / t.strip * t.strip;
    if (t.tile1 > p.shape[1]) t.tile1 = p.shape[1];
    t.pitch = t.tile0 + pad;
    int64_t outer = 1;
    for (int d = 2; d < p.ndim; ++d) outer *= p.shape[d];
    t.units = outer * ((p.shape[1] + t.tile1 - 1) / t.tile1) * ((p.shape[0] + t.tile0 - 1) / t.tile0);
    return t;
}

void TileRowStrides(const LoopPlan& p, const TilePlan& t, int64_t* strides) {
    for (int k = 0; k < p.nops; ++k) {
        strides[k] = (t.staged & (1u << k)) ? static_cast<int64_t>(ItemSize(p.dtype[k])) : p.stride[k][0];
    }
}

}  // namespace engine
}  // namespace aclcpu
