#include "engine/elementwise.h"

#include <new>

#include "common/fp_env.h"
#include "kernels/simd_convert.h"
#include "runtime/runtime.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {
namespace engine {

// SelectRow and Run have several callers; inlined, the plan's setup and the run cost what they did when
// each operator had its own copy.
#define ACLCPU_ALWAYS_INLINE inline __attribute__((always_inline))

namespace {

OperandSpec SpecOf(const aclTensor& t) {
    return OperandSpec{t.dtype, static_cast<int>(t.view_shape.size()), t.view_shape.data(), t.strides.data(), t.offset};
}

struct RunCtx {
    const LoopPlan* plan;
    const TilePlan* tiles;
    char* bases[kMaxOperands];
    kern::RowFn row;
    const void* params;
    bool nontemporal;
};

struct CopyCtx {
    const LoopPlan* plan;
    char* bases[2];
    size_t item;
};

void RowRange(void* ctx, int64_t begin, int64_t end) {
    const RunCtx* c = static_cast<const RunCtx*>(ctx);
    FpEnvScope fp_env;  // whatever thread runs this chunk: IEEE rounding, subnormals kept
    auto row = [&](char* const* ptrs, const int64_t* st, int64_t n) { c->row(c->params, c->plan->dtype, ptrs, st, n); };
    if (c->tiles->units > 0) {
        size_t items[kMaxOperands];
        for (int k = 0; k < c->plan->nops; ++k) items[k] = ItemSize(c->plan->dtype[k]);
        ForEachTileRow(*c->plan, *c->tiles, c->bases, items, begin, end, row);
    } else {
        ForEachRow(*c->plan, c->bases, begin, end, row);
    }
    if (c->nontemporal) kern::StreamFence();  // before the pool's join publishes this thread's stores
}

void CopyRange(void* ctx, int64_t begin, int64_t end) {
    const CopyCtx* c = static_cast<const CopyCtx*>(ctx);
    ForEachRow(*c->plan, c->bases, begin, end, [&](char* const* ptrs, const int64_t* st, int64_t n) {
        for (int64_t i = 0; i < n; ++i) std::memcpy(ptrs[0] + i * st[0], ptrs[1] + i * st[1], c->item);
    });
}

}  // namespace

std::shared_ptr<const OpPlan> PlanElementwise(const aclTensor* tensors, const ElementwiseOperands& ops,
                                              const BroadcastShape& shape, const ElementwiseKernel& kernel,
                                              uint64_t* workspace_size) {
    auto plan = std::make_shared<ElementwisePlan>(tensors, ops, shape, kernel);
    *workspace_size = plan->WorkspaceSize(tensors);
    return plan;
}

namespace {

// The loop plan of the operands as they are (output first), returned so that the plan's member is built in
// place (a LoopPlan is a few hundred bytes: no zero-fill and copy).
LoopPlan PlanDirect(const aclTensor* tensors, const ElementwiseOperands& ops, const BroadcastShape& shape) {
    OperandSpec specs[kMaxOperands];
    specs[0] = SpecOf(tensors[ops.out]);
    for (int k = 0; k < ops.num_inputs; ++k) specs[k + 1] = SpecOf(tensors[ops.in[k]]);
    return PlanLoop(shape.d, static_cast<int>(shape.n), specs, ops.num_inputs + 1);
}

}  // namespace

ElementwisePlan::ElementwisePlan(const aclTensor* tensors, const ElementwiseOperands& ops, const BroadcastShape& shape,
                                 const ElementwiseKernel& kernel)
    : ops_(ops), kernel_(kernel), nb_(shape.n), direct_(PlanDirect(tensors, ops, shape)) {
    for (size_t i = 0; i < nb_; ++i) b_[i] = shape.d[i];  // fixed arrays: no allocation beyond the plan itself
    const aclTensor& out = tensors[ops_.out];
    direct_tiles_ = PlanTiles(direct_);
    // Streaming stores when the output is far larger than the caches (it would only evict inputs).
    nontemporal_ = static_cast<uint64_t>(direct_.numel) * ItemSize(out.dtype) >= kStreamingBytes;
    direct_row_ = SelectRow(direct_, direct_tiles_, &nontemporal_);
    bool plain = false;
    cached_row_ = nontemporal_ ? SelectRow(direct_, direct_tiles_, &plain) : direct_row_;
    temp_bytes_ = static_cast<uint64_t>(direct_.numel) * ItemSize(out.dtype);
}

bool ElementwisePlan::ShortRun() const { return direct_.numel <= kShortRunElements && direct_tiles_.units == 0; }

uint64_t ElementwisePlan::WorkspaceSize(const aclTensor* tensors) const {
    return NeedsTemporary(tensors) ? temp_bytes_ : 0;
}

// Whether writing the output element by element could clobber an input element not yet read: the byte
// ranges meet and the input does not map every index to exactly the output's address.
bool ElementwisePlan::NeedsTemporary(const aclTensor* tensors) const {
    const aclTensor& out = tensors[ops_.out];
    if (out.data == nullptr) return false;
    uintptr_t olo, ohi;
    ByteRange(out, &olo, &ohi);
    const size_t oitem = ItemSize(out.dtype);
    for (int k = 0; k < ops_.num_inputs; ++k) {
        const aclTensor& in = tensors[ops_.in[k]];
        if (in.data == nullptr || in.numel == 0) continue;
        uintptr_t ilo, ihi;
        ByteRange(in, &ilo, &ihi);
        if (ihi <= olo || ohi <= ilo) continue;  // disjoint
        bool same = ItemSize(in.dtype) == oitem && ilo == olo;
        for (size_t d = 0; same && d < nb_; ++d) {
            if (b_[d] == 1) continue;
            const size_t back = nb_ - 1 - d;
            const int64_t is = back < in.view_shape.size() && in.view_shape[in.view_shape.size() - 1 - back] != 1
                                   ? in.strides[in.strides.size() - 1 - back]
                                   : 0;
            same = is == out.strides[d];
        }
        if (!same) return true;
    }
    return false;
}

// The row body for a plan's innermost strides (a tiled plan's rows read staged operands contiguously).
// *nontemporal: asked for streaming stores on entry; on return, whether the chosen body uses them (only for
// a contiguous output).
ACLCPU_ALWAYS_INLINE kern::RowFn ElementwisePlan::SelectRow(const LoopPlan& p, const TilePlan& tiles,
                                                            bool* nontemporal) const {
    int64_t inner[kMaxOperands] = {};
    if (tiles.units > 0) {
        TileRowStrides(p, tiles, inner);  // staged operands are read contiguously from their buffer
    } else {
        for (int k = 0; k < p.nops; ++k) inner[k] = p.ndim > 0 ? p.stride[k][0] : 0;
    }
    if (*nontemporal && inner[0] != static_cast<int64_t>(ItemSize(p.dtype[0]))) *nontemporal = false;
    return kernel_.select(kernel_.params, p.dtype, inner, *nontemporal);
}

ACLCPU_ALWAYS_INLINE void ElementwisePlan::Run(const LoopPlan& plan, const TilePlan& tiles, kern::RowFn row,
                                               bool nontemporal, char* const* bases) const {
    RunCtx c{&plan, &tiles, {}, row, kernel_.params, nontemporal};
    for (int k = 0; k < plan.nops; ++k) c.bases[k] = bases[k];
    if (tiles.units > 0) {
        const int64_t per_unit = tiles.tile0 * tiles.tile1;
        rt::ParallelFor(tiles.units, per_unit >= kGrain ? 1 : kGrain / per_unit, &RowRange, &c);
    } else {
        rt::ParallelFor(plan.numel, kGrain, &RowRange, &c);
    }
}

int ElementwisePlan::Execute(const LaunchRecord& launch, void* workspace, uint64_t workspace_size) const {
    const aclTensor* const tensors = launch.tensors.data();
    const int nops = ops_.num_inputs + 1;
    char* bases[kMaxOperands] = {};
    bases[0] = static_cast<char*>(tensors[ops_.out].data);
    for (int k = 0; k < ops_.num_inputs; ++k) bases[k + 1] = static_cast<char*>(tensors[ops_.in[k]].data);
    if (!NeedsTemporary(tensors)) {
        // The output exactly on an input (in place): its lines are in cache, just read; plain stores write
        // them back once, where streaming stores would first have to evict them.
        bool in_place = false;
        for (int k = 1; nontemporal_ && k < nops; ++k) in_place = in_place || bases[0] == bases[k];
        if (in_place) {
            Run(direct_, direct_tiles_, cached_row_, false, bases);
        } else {
            Run(direct_, direct_tiles_, direct_row_, nontemporal_, bases);
        }
        return 0;
    }
    // The output overlaps an input other than exactly: compute into a contiguous temporary, then copy. The
    // plans are made here, on the stack (rare; keeps the common first phase short).
    const aclTensor& out_t = tensors[ops_.out];
    std::unique_ptr<char[]> own;  // only when addresses changed after planning and no workspace was asked
    char* temp = static_cast<char*>(workspace);
    if (temp == nullptr || workspace_size < temp_bytes_) {
        own.reset(new (std::nothrow) char[temp_bytes_]);
        if (!own) return ACLNN_ERR_INNER;
        temp = own.get();
    }
    const int nd = static_cast<int>(nb_);
    int64_t contiguous[kMaxDims] = {};
    int64_t stride = 1;
    for (int i = nd; i-- > 0;) {
        contiguous[i] = stride;
        stride *= b_[i] > 0 ? b_[i] : 1;
    }
    const OperandSpec tmp{out_t.dtype, nd, b_, contiguous, 0};
    OperandSpec tops[kMaxOperands];
    tops[0] = tmp;
    for (int k = 0; k < ops_.num_inputs; ++k) tops[k + 1] = SpecOf(tensors[ops_.in[k]]);
    const LoopPlan staged = PlanLoop(b_, nd, tops, nops);
    const TilePlan staged_tiles = PlanTiles(staged);
    bool no_streaming = false;  // the temporary is read right back: keep it in cache
    const kern::RowFn staged_row = SelectRow(staged, staged_tiles, &no_streaming);
    const OperandSpec cops[2] = {SpecOf(out_t), tmp};
    const LoopPlan copy = PlanLoop(b_, nd, cops, 2);
    char* out = bases[0];
    bases[0] = temp;
    Run(staged, staged_tiles, staged_row, false, bases);
    CopyCtx c{&copy, {out, temp}, ItemSize(out_t.dtype)};
    rt::ParallelFor(copy.numel, kGrain, &CopyRange, &c);
    return 0;
}

}  // namespace engine
}  // namespace aclcpu
