#include "engine/elementwise.h"
#include "engine/list.h"

#include <algorithm>
#include <cstring>
#include <new>
#include <vector>

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

// Whether two kernels are one: the same selector and parameter bytes (compared inline: the libc call was a third of
// the shape-class check).
inline bool SameKernel(const ElementwiseKernel& a, const ElementwiseKernel& b) {
    if (a.select != b.select) return false;
    static_assert(kMaxParamBytes % 16 == 0, "parameters are compared 16 bytes at a time");
    for (size_t i = 0; i < kMaxParamBytes; i += 16) {
        uint64_t x[2], y[2];
        std::memcpy(x, a.params + i, 16);
        std::memcpy(y, b.params + i, 16);
        if (((x[0] ^ y[0]) | (x[1] ^ y[1])) != 0) return false;
    }
    return true;
}

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
    *workspace_size = plan->WorkspaceSize();
    return plan;
}

namespace {

// The loop plan of the operands as they are (outputs first), returned so that the plan's member is built in
// place (a LoopPlan is a few hundred bytes: no zero-fill and copy); bases[k]: operand k's data address
// (ElementwiseCall::Bases), taken in the same pass.
LoopPlan PlanDirect(const aclTensor* tensors, const ElementwiseOperands& ops, const BroadcastShape& shape,
                    char** bases) {
    OperandSpec specs[kMaxOperands];
    for (int j = 0; j < ops.num_outputs; ++j) {
        const aclTensor& t = tensors[ops.Out(j)];
        specs[j] = SpecOf(t);
        bases[j] = static_cast<char*>(t.data);
    }
    for (int k = 0; k < ops.num_inputs; ++k) {
        const aclTensor& t = tensors[ops.in[k]];
        specs[ops.num_outputs + k] = SpecOf(t);
        bases[ops.num_outputs + k] = static_cast<char*>(t.data);
    }
    return PlanLoop(shape.d, static_cast<int>(shape.n), specs, ops.NumOperands(), ops.num_outputs);
}

constexpr uint64_t kTempAlign = 8;  // each output's temporary starts at a multiple of 8 bytes

}  // namespace

namespace {

// A view's bytes for the meet rule (ViewsMeet): ByteRange, or the empty range [0, 0) for a view without data
// address or elements, which meets none.
struct ViewBytes {
    uintptr_t lo = 0, hi = 0;
};

ViewBytes BytesOf(const aclTensor& t) {
    ViewBytes b;
    if (t.data != nullptr && t.numel != 0) ByteRange(t, &b.lo, &b.hi);
    return b;
}

// Whether two views' bytes meet (an empty range meets none: lo < 0 never holds).
bool Meet(const ViewBytes& a, const ViewBytes& b) { return a.lo < b.hi && b.lo < a.hi; }

}  // namespace

bool ViewsMeet(const aclTensor& a, const aclTensor& b) { return Meet(BytesOf(a), BytesOf(b)); }

ElementwiseCall::ElementwiseCall(const aclTensor* tensors, const ElementwiseOperands& ops, const BroadcastShape& shape,
                                 const ElementwiseKernel& kernel)
    : ops_(ops), kernel_(kernel), nb_(shape.n), direct_(PlanDirect(tensors, ops, shape, planned_bases_)) {
    for (size_t i = 0; i < nb_; ++i) b_[i] = shape.d[i];  // fixed arrays: no allocation beyond the plan itself
    direct_tiles_ = PlanTiles(direct_);
    // Streaming stores when the outputs are far larger than the caches (they would only evict inputs).
    uint64_t out_item_bytes = 0;  // one element of every output
    for (int j = 0; j < direct_.nouts; ++j) out_item_bytes += ItemSize(direct_.dtype[j]);
    nontemporal_ = static_cast<uint64_t>(direct_.numel) * out_item_bytes >= kStreamingBytes;
    direct_row_ = SelectRow(direct_, direct_tiles_, &nontemporal_);
    bool plain = false;
    cached_row_ = nontemporal_ ? SelectRow(direct_, direct_tiles_, &plain) : direct_row_;
    planned_mask_ = TemporaryMask(tensors);
}

void ElementwiseCall::Rebase(const aclTensor* tensors, const ElementwiseOperands& ops) {
    ops_ = ops;
    for (int k = 0; k < ops.NumOperands(); ++k) {
        const aclTensor& t = tensors[ops.Operand(k)];
        planned_bases_[k] = static_cast<char*>(t.data);
        // as PlanLoop computes it (two's-complement bytes); the offset is the only operand field PlanLoop keeps
        // that congruent operands do not share
        direct_.offset[k] = static_cast<int64_t>(static_cast<uint64_t>(t.offset) *
                                                 static_cast<uint64_t>(ItemSize(t.dtype)));
    }
    planned_mask_ = TemporaryMask(tensors);
}

bool ElementwiseCall::Congruent(const aclTensor* tensors, const ElementwiseOperands& ops0,
                                const BroadcastShape& shape0, const ElementwiseKernel& kernel0,
                                const ElementwiseOperands& ops, const BroadcastShape& shape,
                                const ElementwiseKernel& kernel) {
    if (ops0.num_outputs != ops.num_outputs || ops0.num_inputs != ops.num_inputs || shape0.n != shape.n) return false;
    for (size_t d = 0; d < shape.n; ++d) {
        if (shape0.d[d] != shape.d[d]) return false;
    }
    if (!SameKernel(kernel0, kernel)) return false;
    for (int k = 0; k < ops.NumOperands(); ++k) {
        const aclTensor& a = tensors[ops0.Operand(k)];
        const aclTensor& b = tensors[ops.Operand(k)];
        if (a.dtype != b.dtype || a.view_shape.size() != b.view_shape.size()) return false;
        for (size_t d = 0; d < a.view_shape.size(); ++d) {
            if (a.view_shape[d] != b.view_shape[d] || a.strides[d] != b.strides[d]) return false;
        }
    }
    return true;
}

bool ElementwisePlan::ShortRun() const { return call_.Numel() <= kShortRunElements && !call_.Tiled(); }

uint64_t ElementwiseCall::WorkspaceSize() const {
    return planned_mask_ == 0 ? 0 : TemporaryBytes(planned_mask_, nullptr);
}

// The bytes of the temporaries of the outputs in `mask` (bit j: output j), laid out in output order, each at
// a multiple of kTempAlign; offsets[j] (when given): output j's offset.
uint64_t ElementwiseCall::TemporaryBytes(unsigned mask, uint64_t* offsets) const {
    uint64_t total = 0;
    for (int j = 0; j < direct_.nouts; ++j) {
        if (!(mask & (1u << j))) continue;
        total = (total + kTempAlign - 1) / kTempAlign * kTempAlign;
        if (offsets != nullptr) offsets[j] = total;
        total += static_cast<uint64_t>(direct_.numel) * ItemSize(direct_.dtype[j]);
    }
    return total;
}

// Which outputs (bit j: output j) need a temporary: writing the output element by element could clobber an
// input element not yet read - the byte ranges meet and the input does not map every index to exactly the
// output's address.
unsigned ElementwiseCall::TemporaryMaskOf(const aclTensor* tensors, const ElementwiseOperands& ops) const {
    unsigned mask = 0;
    for (int j = 0; j < ops.num_outputs; ++j) {
        const aclTensor& out = tensors[ops.Out(j)];
        if (out.data == nullptr) continue;
        const ViewBytes ob = BytesOf(out);
        const size_t oitem = ItemSize(out.dtype);
        for (int k = 0; k < ops.num_inputs; ++k) {
            const aclTensor& in = tensors[ops.in[k]];
            const ViewBytes ib = BytesOf(in);
            if (!Meet(ob, ib)) continue;  // disjoint
            bool same = ItemSize(in.dtype) == oitem && ib.lo == ob.lo;
            for (size_t d = 0; same && d < nb_; ++d) {
                if (b_[d] == 1) continue;
                const size_t back = nb_ - 1 - d;
                const int64_t is = back < in.view_shape.size() && in.view_shape[in.view_shape.size() - 1 - back] != 1
                                       ? in.strides[in.strides.size() - 1 - back]
                                       : 0;
                same = is == out.strides[d];
            }
            if (!same) {
                mask |= 1u << j;
                break;
            }
        }
    }
    return mask;
}

// TemporaryMask with the operands' data addresses `bases` (Bases(tensors)): the mask computed at planning
// while they are the planned ones (only addresses change after planning: aclSet*TensorAddr, strict mode's
// aliases), else computed again.
unsigned ElementwiseCall::MaskAt(const aclTensor* tensors, char* const* bases) const {
    for (int k = 0; k < ops_.NumOperands(); ++k) {
        if (bases[k] != planned_bases_[k]) return TemporaryMask(tensors);
    }
    return planned_mask_;
}

// The row body for a plan's innermost strides (a tiled plan's rows read staged operands contiguously).
// *nontemporal: asked for streaming stores on entry; on return, whether the chosen body uses them (only for
// a contiguous output).
ACLCPU_ALWAYS_INLINE kern::RowFn ElementwiseCall::SelectRow(const LoopPlan& p, const TilePlan& tiles,
                                                            bool* nontemporal) const {
    int64_t inner[kMaxOperands] = {};
    if (tiles.units > 0) {
        TileRowStrides(p, tiles, inner);  // staged operands are read contiguously from their buffer
    } else {
        for (int k = 0; k < p.nops; ++k) inner[k] = p.ndim > 0 ? p.stride[k][0] : 0;
    }
    for (int j = 0; *nontemporal && j < p.nouts; ++j) {
        if (inner[j] != static_cast<int64_t>(ItemSize(p.dtype[j]))) *nontemporal = false;
    }
    return kernel_.select(kernel_.params, p.dtype, inner, *nontemporal);
}

ACLCPU_ALWAYS_INLINE void ElementwiseCall::Run(const LoopPlan& plan, const TilePlan& tiles, kern::RowFn row,
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

void ElementwiseCall::Bases(const aclTensor* tensors, char** bases) const {
    for (int j = 0; j < ops_.num_outputs; ++j) bases[j] = static_cast<char*>(tensors[ops_.Out(j)].data);
    for (int k = 0; k < ops_.num_inputs; ++k) bases[ops_.num_outputs + k] = static_cast<char*>(tensors[ops_.in[k]].data);
}

// Whether an output lies exactly on an input (in place; no temporary needed): its lines are in cache, just
// read, and plain stores write them back once, where streaming stores would first have to evict them.
bool ElementwiseCall::InPlace(char* const* bases) const {
    bool in_place = false;
    for (int j = 0; j < ops_.num_outputs; ++j) {
        for (int k = ops_.num_outputs; k < ops_.NumOperands(); ++k) in_place = in_place || bases[j] == bases[k];
    }
    return in_place;
}

void ElementwiseCall::RunUnitsOf(const aclTensor* tensors, const ElementwiseOperands& ops, const int64_t* shift,
                                 int64_t begin, int64_t end) const {
    char* bases[kMaxOperands];
    for (int k = 0; k < direct_.nops; ++k) bases[k] = static_cast<char*>(tensors[ops.Operand(k)].data);
    const bool plain = nontemporal_ && InPlace(bases);
    RunCtx c{&direct_, &direct_tiles_, {}, plain ? cached_row_ : direct_row_, kernel_.params, nontemporal_ && !plain};
    for (int k = 0; k < direct_.nops; ++k) {
        c.bases[k] = reinterpret_cast<char*>(reinterpret_cast<uintptr_t>(bases[k]) + static_cast<uint64_t>(shift[k]));
    }
    RowRange(&c, begin, end);
}

int ElementwisePlan::Execute(const LaunchRecord& launch, void* workspace, uint64_t workspace_size) const {
    return call_.Execute(launch.tensors.data(), workspace, workspace_size);
}

int ElementwiseCall::Execute(const aclTensor* tensors, void* workspace, uint64_t workspace_size) const {
    const int nops = ops_.NumOperands();
    const int nouts = ops_.num_outputs;
    char* bases[kMaxOperands] = {};
    Bases(tensors, bases);
    if (nouts > 1) {
        int a, b;
        if (OutputsOverlap([&](int i) -> const aclTensor& { return tensors[i]; }, ops_, &a, &b)) {
            return ACLNN_ERR_PARAM_INVALID;  // re-addressed since planning
        }
    }
    const unsigned mask = MaskAt(tensors, bases);
    if (mask == 0) {
        if (nontemporal_ && InPlace(bases)) {
            Run(direct_, direct_tiles_, cached_row_, false, bases);
        } else {
            Run(direct_, direct_tiles_, direct_row_, nontemporal_, bases);
        }
        return 0;
    }
    // An output overlaps an input other than exactly: compute it into a contiguous temporary, then copy. The
    // plans are made here, on the stack (rare; keeps the common first phase short).
    uint64_t offsets[kMaxOutputs] = {};
    const uint64_t temp_bytes = TemporaryBytes(mask, offsets);
    std::unique_ptr<char[]> own;  // only when addresses changed after planning and no workspace was asked
    char* temp = static_cast<char*>(workspace);
    if (temp == nullptr || workspace_size < temp_bytes) {
        own.reset(new (std::nothrow) char[temp_bytes]);
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
    OperandSpec tops[kMaxOperands];
    char* out[kMaxOutputs] = {};
    for (int k = 0; k < nops; ++k) {
        tops[k] = SpecOf(tensors[ops_.Operand(k)]);
        if (k < nouts && (mask & (1u << k))) {
            tops[k] = OperandSpec{tops[k].dtype, nd, b_, contiguous, 0};
            out[k] = bases[k];
            bases[k] = temp + offsets[k];
        }
    }
    const LoopPlan staged = PlanLoop(b_, nd, tops, nops, nouts);
    const TilePlan staged_tiles = PlanTiles(staged);
    bool no_streaming = false;  // the temporary is read right back: keep it in cache
    const kern::RowFn staged_row = SelectRow(staged, staged_tiles, &no_streaming);
    Run(staged, staged_tiles, staged_row, false, bases);
    for (int j = 0; j < nouts; ++j) {
        if (!(mask & (1u << j))) continue;
        const aclTensor& out_t = tensors[ops_.Out(j)];
        const OperandSpec cops[2] = {SpecOf(out_t), OperandSpec{out_t.dtype, nd, b_, contiguous, 0}};
        const LoopPlan copy = PlanLoop(b_, nd, cops, 2);
        CopyCtx c{&copy, {out[j], bases[j]}, ItemSize(out_t.dtype)};
        rt::ParallelFor(copy.numel, kGrain, &CopyRange, &c);
    }
    return 0;
}

// ------------------------------------------------------------------ tensor-list plans (engine/list.h)

std::shared_ptr<const OpPlan> PlanElementwiseList(const aclTensor* tensors, const ElementwiseListItem* items,
                                                  size_t count, uint64_t* workspace_size) {
    if (std::shared_ptr<const OpPlan> flat = FlatListPlan::Make(tensors, items, count)) {
        *workspace_size = 0;  // no item stages through a temporary at the planned addresses
        return flat;
    }
    auto plan = std::make_shared<ElementwiseListPlan>(tensors, items, count);
    *workspace_size = plan->WorkspaceSize();
    return plan;
}

namespace {

// One operand's byte range, for the cross-item overlap check.
struct Span {
    uintptr_t lo, hi;
    size_t item;
    int slot;  // the operand slot (ElementwiseOperands::Operand(slot))
    bool write;
};

// Sorts spans by start. They come as `runs` consecutive runs (the spans of one operand slot of the items, in list
// order; run r ends at ends[r]), and a list's tensors mostly lie in address order - or in its reverse, as an
// allocator hands back freed blocks - so each run is reversed or sorted only when it is not in order already. The
// runs are then laid end to end in the order of their first starts when none begins before the one ahead of it
// ends (each list in an address range of its own), else merged one by one; both through `scratch`. O(n) for such
// lists instead of O(n log n). The order of spans with equal starts is left open, as by std::sort: ItemsMeet's
// clusters do not depend on it.
void SortSpans(std::vector<Span>& spans, const size_t* ends, int runs, std::vector<Span>& scratch) {
    const auto before = [](const Span& x, const Span& y) { return x.lo < y.lo; };
    size_t first[kMaxOperands + 1], count = 0;  // the non-empty runs: [first[i], ends of that run)
    size_t last_end[kMaxOperands];
    size_t begin = 0;
    for (int r = 0; r < runs; ++r) {
        const auto b = spans.begin() + static_cast<std::ptrdiff_t>(begin), e = spans.begin() + static_cast<std::ptrdiff_t>(ends[r]);
        if (b != e) {
            if (!std::is_sorted(b, e, before)) {
                if (std::is_sorted(b, e, [](const Span& x, const Span& y) { return y.lo < x.lo; })) {
                    std::reverse(b, e);
                } else {
                    std::sort(b, e, before);
                }
            }
            first[count] = begin;
            last_end[count] = ends[r];
            ++count;
        }
        begin = ends[r];
    }
    if (count < 2) return;
    size_t order[kMaxOperands];  // the runs by their first start (insertion sort: a few runs)
    for (size_t i = 0; i < count; ++i) {
        size_t j = i;
        while (j > 0 && spans[first[i]].lo < spans[first[order[j - 1]]].lo) {
            order[j] = order[j - 1];
            --j;
        }
        order[j] = i;
    }
    bool apart = true;  // every run starts at or after the last start of the run before it
    for (size_t i = 1; i < count && apart; ++i) {
        apart = !(spans[first[order[i]]].lo < spans[last_end[order[i - 1]] - 1].lo);
    }
    scratch.resize(spans.size());
    if (apart) {
        auto out = scratch.begin();
        for (size_t i = 0; i < count; ++i) {
            out = std::copy(spans.begin() + static_cast<std::ptrdiff_t>(first[order[i]]),
                            spans.begin() + static_cast<std::ptrdiff_t>(last_end[order[i]]), out);
        }
        spans.swap(scratch);
        return;
    }
    for (size_t i = 1; i < count; ++i) {  // merge [0, end of run i-1) with run i (the runs lie end to end)
        const auto b = spans.begin() + static_cast<std::ptrdiff_t>(first[i]);
        const auto e = spans.begin() + static_cast<std::ptrdiff_t>(last_end[i]);
        std::merge(spans.begin(), b, b, e, scratch.begin(), before);
        std::copy(scratch.begin(), scratch.begin() + (e - spans.begin()), spans.begin());
    }
}

// Whether an output of one item shares memory with an operand of another: the byte ranges sorted by start
// (SortSpans) and swept in clusters of overlapping ranges; a cluster with a write and ranges of two items counts
// (conservative: such items then run in sequence, which is always correct).
bool ItemsMeet(const std::vector<Span>& spans) {
    size_t i = 0;
    while (i < spans.size()) {
        uintptr_t hi = spans[i].hi;
        bool write = spans[i].write, several = false;
        size_t j = i + 1;
        for (; j < spans.size() && spans[j].lo < hi; ++j) {
            hi = spans[j].hi > hi ? spans[j].hi : hi;
            write = write || spans[j].write;
            several = several || spans[j].item != spans[i].item;
        }
        if (write && several) return true;
        i = j;
    }
    return false;
}

struct ListCtx {
    const ElementwiseListPlan* plan;
    const aclTensor* tensors;
};

struct FlatCtx {
    const FlatListPlan* plan;
    const aclTensor* tensors;
};

// This thread's span vectors (0: a flat plan's spans, 1 and 2: SpansMeet's), kept from its last list: no allocation
// in the steady state. Out of line, so that the thread-local address is computed once per use, not per element (GCC
// recomputes a thread-local's address, a __tls_get_addr call in a shared library, wherever it is used).
__attribute__((noinline)) std::vector<Span>* ThreadSpans(int which) {
    thread_local std::vector<Span> spans[3];
    return &spans[which];
}

// Gives a thread's span vector's storage back after a very long list (more than kKeptSpans spans: 2.5 MB), so that a
// thread does not hold it for the rest of the process.
constexpr size_t kKeptSpans = size_t{1} << 16;
void TrimSpans(std::vector<Span>& v) {
    if (v.capacity() > kKeptSpans) std::vector<Span>().swap(v);
}

// The spans of a list's operands grouped by operand slot (a counting sort, list order kept in each group), then
// sorted by start (SortSpans): whether an output of one item meets an operand of another (ItemsMeet).
bool SpansMeet(const std::vector<Span>& spans) {
    size_t ends[kMaxOperands] = {}, at[kMaxOperands];
    for (const Span& sp : spans) ++ends[sp.slot];
    size_t sum = 0;
    for (int k = 0; k < kMaxOperands; ++k) {
        at[k] = sum;
        sum += ends[k];
        ends[k] = sum;
    }
    std::vector<Span>& grouped = *ThreadSpans(1);
    grouped.resize(spans.size());
    for (const Span& sp : spans) grouped[at[sp.slot]++] = sp;
    std::vector<Span>& scratch = *ThreadSpans(2);
    SortSpans(grouped, ends, kMaxOperands, scratch);
    const bool meet = ItemsMeet(grouped);
    TrimSpans(grouped);
    TrimSpans(scratch);
    return meet;
}

}  // namespace


ElementwiseListPlan::ElementwiseListPlan(const aclTensor* tensors, const ElementwiseListItem* items, size_t count) {
    positions_.reserve(count);
    std::vector<Span> spans;
    spans.reserve(count * 3);
    const ElementwiseListItem* prev = nullptr;  // the last item planned
    for (size_t i = 0; i < count; ++i) {
        const ElementwiseListItem& it = items[i];
        if (it.shape.Numel() == 0) continue;  // nothing to run (its operands have no elements either)
        // A position of the previous planned one's shape class (the common list: tensors of one shape, dtype and
        // layout) shares that class's planned call; another shape starts a class of its own.
        const bool fresh = prev == nullptr || !ElementwiseCall::Congruent(tensors, prev->ops, prev->shape, prev->kernel,
                                                                          it.ops, it.shape, it.kernel);
        if (fresh) classes_.emplace_back(tensors, it.ops, it.shape, it.kernel);
        prev = &it;
        const ElementwiseCall& c = classes_.back();
        const size_t item = positions_.size();
        positions_.emplace_back();
        Position& p = positions_.back();
        p.ops = it.ops;
        p.cls = static_cast<uint32_t>(classes_.size() - 1);
        const size_t first_span = spans.size();
        for (int k = 0; k < it.ops.NumOperands(); ++k) {
            const aclTensor& t = tensors[it.ops.Operand(k)];
            // as PlanLoop computes the offset (two's-complement bytes)
            p.shift[k] = static_cast<int64_t>(static_cast<uint64_t>(t.offset) * static_cast<uint64_t>(ItemSize(t.dtype)) -
                                              static_cast<uint64_t>(c.OffsetBytes(k)));
            if (t.data == nullptr) continue;
            Span sp{0, 0, item, k, k < it.ops.num_outputs};
            ByteRange(t, &sp.lo, &sp.hi);
            spans.push_back(sp);
        }
        // The temporaries' mask: a fresh class's own; otherwise 0 unless an output's bytes meet an input's (the
        // spans just taken; every operand of a non-empty position has elements), when TemporaryMaskOf decides.
        if (fresh) {
            p.mask = c.PlannedMask();
        } else {
            bool meet = false;
            for (size_t a = first_span; a < spans.size() && !meet; ++a) {
                if (!spans[a].write) continue;
                for (size_t b = first_span; b < spans.size(); ++b) {
                    if (!spans[b].write && spans[a].lo < spans[b].hi && spans[b].lo < spans[a].hi) {
                        meet = true;
                        break;
                    }
                }
            }
            p.mask = meet ? c.TemporaryMaskOf(tensors, it.ops) : 0;
        }
    }
    apart_ = !SpansMeet(spans);
    start_.resize(positions_.size() + 1);
    int64_t at = 0;
    for (size_t i = 0; i < positions_.size(); ++i) {
        const ElementwiseCall& c = classes_[positions_[i].cls];
        start_[i] = at;
        numel_ += c.Numel();
        if (positions_[i].mask == 0) {
            at += c.Units() * c.UnitElements();
        } else {  // runs alone, through a temporary: the largest one is the workspace
            workspace_ = std::max(workspace_, CallOf(i, tensors).WorkspaceSize());
        }
    }
    start_[positions_.size()] = at;
    for (const ElementwiseCall& c : classes_) tiled_ = tiled_ || c.Tiled();
    // The addresses of every tensor the items name (the call's tensors up to the highest index used).
    int hi = -1;
    for (size_t i = 0; i < count; ++i) {
        for (int k = 0; k < items[i].ops.NumOperands(); ++k) hi = std::max(hi, items[i].ops.Operand(k));
    }
    planned_.Take(tensors, hi + 1);
}

ElementwiseCall ElementwiseListPlan::CallOf(size_t i, const aclTensor* tensors) const {
    ElementwiseCall c = classes_[positions_[i].cls];
    c.Rebase(tensors, positions_[i].ops);
    return c;
}

bool ElementwiseListPlan::Together(const aclTensor* tensors) const { return apart_ && planned_.Same(tensors); }

bool ElementwiseListPlan::ShortRun() const { return numel_ <= kShortRunElements && !tiled_; }

// Indices [begin, end) of the shared space: the piece of each position that falls inside (its work units whose
// first element index does), on this thread.
void ElementwiseListPlan::Range(void* ctx, int64_t begin, int64_t end) {
    const ListCtx* c = static_cast<const ListCtx*>(ctx);
    const ElementwiseListPlan& p = *c->plan;
    const size_t n = p.positions_.size();
    size_t i = static_cast<size_t>(std::upper_bound(p.start_.begin(), p.start_.begin() + n, begin) - p.start_.begin());
    i = i > 0 ? i - 1 : 0;
    for (; i < n && p.start_[i] < end; ++i) {
        const int64_t s = p.start_[i], e = p.start_[i + 1];
        if (e == s) continue;  // runs alone (a temporary)
        const Position& pos = p.positions_[i];
        const ElementwiseCall& call = p.classes_[pos.cls];
        const int64_t per = call.UnitElements();
        const int64_t lo = std::max(begin, s) - s, hi = std::min(end, e) - s;
        const int64_t ulo = (lo + per - 1) / per, uhi = (hi + per - 1) / per;
        if (ulo >= uhi) continue;
        call.RunUnitsOf(c->tensors, pos.ops, pos.shift, ulo, uhi);
    }
}

int ElementwiseListPlan::Execute(const LaunchRecord& launch, void* workspace, uint64_t workspace_size) const {
    const aclTensor* const tensors = launch.tensors.data();
    if (!Together(tensors)) {
        for (size_t i = 0; i < positions_.size(); ++i) {
            if (int ret = CallOf(i, tensors).Execute(tensors, workspace, workspace_size)) return ret;
        }
        return 0;
    }
    for (size_t i = 0; i < positions_.size(); ++i) {
        if (positions_[i].mask == 0) continue;
        if (int ret = CallOf(i, tensors).Execute(tensors, workspace, workspace_size)) return ret;
    }
    ListCtx c{this, tensors};
    rt::ParallelFor(start_.back(), kGrain, &Range, &c);
    return 0;
}

// ------------------------------------------------------------------ flat tensor-list plans (engine/list.h)

std::shared_ptr<const OpPlan> FlatListPlan::Make(const aclTensor* tensors, const ElementwiseListItem* items,
                                                 size_t count) {
    std::shared_ptr<FlatListPlan> plan(new FlatListPlan());
    FlatListPlan& p = *plan;
    p.ops_.reserve(count);
    p.start_.reserve(count + 1);
    std::vector<Span>& spans = *ThreadSpans(0);
    spans.clear();
    struct Trim {
        std::vector<Span>& v;
        ~Trim() { TrimSpans(v); }
    } trim{spans};  // on every return
    const ElementwiseListItem* first = nullptr;
    int64_t at = 0;
    int hi_index = -1;
    for (size_t i = 0; i < count; ++i) {
        const ElementwiseListItem& it = items[i];
        const int64_t n = it.shape.Numel();
        if (n == 0) continue;  // nothing to run (its operands have no elements either)
        const int nouts = it.ops.num_outputs;
        if (first == nullptr) {  // the first item: the kernel, the dtypes and the row body every item shares
            first = &it;
            p.kernel_ = it.kernel;
            p.nops_ = it.ops.NumOperands();
            for (int k = 0; k < p.nops_; ++k) {
                p.dtype_[k] = tensors[it.ops.Operand(k)].dtype;
                if (IsPacked4Bit(p.dtype_[k])) return nullptr;
                p.item_[k] = static_cast<int64_t>(ItemSize(p.dtype_[k]));
            }
        } else if (nouts != first->ops.num_outputs || it.ops.num_inputs != first->ops.num_inputs ||
                   !SameKernel(it.kernel, first->kernel)) {
            return nullptr;
        }
        const size_t item = p.ops_.size();
        uintptr_t lo[kMaxOperands], hi[kMaxOperands];
        for (int k = 0; k < p.nops_; ++k) {
            const int index = it.ops.Operand(k);
            const aclTensor& t = tensors[index];
            if (t.dtype != p.dtype_[k] || t.numel != n || !IsRowMajorContiguous(t)) return nullptr;
            ByteRange(t, &lo[k], &hi[k]);
            hi_index = std::max(hi_index, index);
            if (t.data != nullptr) spans.push_back(Span{lo[k], hi[k], item, k, k < nouts});
        }
        for (int j = 0; j < nouts; ++j) {
            // no streaming stores; the shape Execute rebuilds from the output's
            const aclTensor& o = tensors[it.ops.Out(j)];
            if (static_cast<uint64_t>(n) * static_cast<uint64_t>(p.item_[j]) >= kStreamingBytes ||
                o.view_shape.size() != it.shape.n) {
                return nullptr;
            }
            for (size_t d = 0; d < it.shape.n; ++d) {
                if (o.view_shape[d] != it.shape.d[d]) return nullptr;
            }
            for (int k = nouts; k < p.nops_; ++k) {  // an output meets its own inputs only exactly
                if (lo[j] < hi[k] && lo[k] < hi[j] && (lo[j] != lo[k] || hi[j] != hi[k])) return nullptr;
            }
        }
        p.ops_.push_back(it.ops);
        p.start_.push_back(at);
        at += n;
    }
    if (first == nullptr) return nullptr;
    p.row_ = p.kernel_.select(p.kernel_.params, p.dtype_, p.item_, false);
    p.start_.push_back(at);
    p.apart_ = !SpansMeet(spans);
    p.planned_.Take(tensors, hi_index + 1);
    return plan;
}

bool FlatListPlan::Together(const aclTensor* tensors) const { return apart_ && planned_.Same(tensors); }

bool FlatListPlan::ShortRun() const { return start_.back() <= kShortRunElements; }

// Indices [begin, end) of the shared space: the piece of each item that falls inside, as one row each.
void FlatListPlan::Range(void* ctx, int64_t begin, int64_t end) {
    const FlatCtx* c = static_cast<const FlatCtx*>(ctx);
    const FlatListPlan& p = *c->plan;
    FpEnvScope fp_env;  // whatever thread runs this chunk: IEEE rounding, subnormals kept
    const size_t n = p.ops_.size();
    size_t i = static_cast<size_t>(std::upper_bound(p.start_.begin(), p.start_.begin() + n, begin) - p.start_.begin());
    i = i > 0 ? i - 1 : 0;
    for (; i < n && p.start_[i] < end; ++i) {
        const int64_t s = p.start_[i];
        const int64_t lo = std::max(begin, s) - s, hi = std::min(end, p.start_[i + 1]) - s;
        if (lo >= hi) continue;
        const ElementwiseOperands& ops = p.ops_[i];
        char* ptrs[kMaxOperands];
        for (int k = 0; k < p.nops_; ++k) {
            const aclTensor& t = c->tensors[ops.Operand(k)];
            ptrs[k] = static_cast<char*>(t.data) + (t.offset + lo) * p.item_[k];
        }
        p.row_(p.kernel_.params, p.dtype_, ptrs, p.item_, hi - lo);
    }
}

int FlatListPlan::Execute(const LaunchRecord& launch, void* workspace, uint64_t workspace_size) const {
    const aclTensor* const tensors = launch.tensors.data();
    if (!Together(tensors)) {  // re-addressed since planning: the items in list order, each as its own call
        for (const ElementwiseOperands& ops : ops_) {
            const aclTensor& out = tensors[ops.out];
            BroadcastShape shape;
            shape.n = out.view_shape.size();
            for (size_t d = 0; d < shape.n; ++d) shape.d[d] = out.view_shape[d];
            const ElementwiseCall call(tensors, ops, shape, kernel_);
            if (int ret = call.Execute(tensors, workspace, workspace_size)) return ret;
        }
        return 0;
    }
    FlatCtx c{this, tensors};
    rt::ParallelFor(start_.back(), kGrain, &Range, &c);
    return 0;
}

}  // namespace engine
}  // namespace aclcpu
