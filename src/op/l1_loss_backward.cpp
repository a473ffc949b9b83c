// aclnnL1LossBackward: validation (SPEC 4), the plan (SPEC 5, 6) and the two public phases.
#include "aclnnop/aclnn_l1_loss_backward.h"

#include <cstring>
#include <memory>
#include <string>

#include "common/status.h"
#include "executor/executor.h"
#include "kernels/elementwise.h"
#include "kernels/l1_loss_grad.h"
#include "kernels/l1_simd.h"
#include "runtime/runtime.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {
namespace {

constexpr const char* kApi1 = "aclnnL1LossBackwardGetWorkspaceSize";
constexpr const char* kApi2 = "aclnnL1LossBackward";
// Executor tensor order: inputs gradOutput, self, target (CANN's input indices 0, 1, 2), output gradInput.
constexpr const char* const kTensorNames[] = {"gradOutput", "self", "target", "gradInput"};
// Elements per thread chunk at least: up to 32768 elements (about 15 us of work on one core, in cache) a
// call stays on the thread that runs the stream task; waking pool threads costs more than it saves there.
constexpr int64_t kGrain = int64_t{1} << 15;
// Calls of at most this many elements (untiled) take no longer than handing them to a stream worker costs
// (waking it, then waking the synchronising thread: 5-20 us on a VM): they run on the launching thread when
// the stream is idle (OpPlan::ShortRun). Measured, 65,536 FLOAT elements: 11-13 us inline against 17-32 us
// through the worker; 4 elements: 0.7 us against 1.5-3.4 us.
constexpr int64_t kShortRunElements = int64_t{1} << 16;
// Outputs of at least this many bytes are written with streaming (non-temporal) stores where the output is
// contiguous: they cannot stay in cache anyway, and streaming saves the read-for-ownership of every line
// (a quarter of the memory traffic of a FLOAT call). Bit patterns are unaffected.
constexpr uint64_t kStreamingBytes = uint64_t{8} << 20;

// ------------------------------------------------------------------ product profile rules (SPEC 4.4, 5.2)

struct ProfileRules {
    kern::SignRule sign;
    bool sequential_mean;  // true: r = 1/d1/d2/... in float32 (arch35); false: (float)(1.0/numel) (TBE)
    bool bf16;             // BF16 in the dtype support list
};

ProfileRules RulesFor(rt::Soc soc) {
    switch (soc) {
        case rt::Soc::kAscend950: return {kern::SignRule::kArch35, true, true};
        case rt::Soc::kAscend910B:
        case rt::Soc::kAscend910_93: return {kern::SignRule::kTbe, false, true};
        case rt::Soc::kAscend910:
        case rt::Soc::kAscend310P: return {kern::SignRule::kTbe, false, false};
    }
    return {kern::SignRule::kArch35, true, true};
}

// ------------------------------------------------------------------ shapes

// A broadcast shape (rank <= kMaxDims, checked before any broadcast): fixed storage, no allocation.
struct BShape {
    int64_t d[kMaxDims] = {};
    size_t n = 0;
    int64_t Numel() const {
        int64_t p = 1;
        for (size_t i = 0; i < n; ++i) p *= d[i];
        return p;
    }
    bool Equals(const std::vector<int64_t>& v) const {
        if (v.size() != n) return false;
        for (size_t i = 0; i < n; ++i) {
            if (v[i] != d[i]) return false;
        }
        return true;
    }
};

float MeanFactor(const ProfileRules& rules, const BShape& b) {
    kern::FpEnvScope fp_env;  // float32/double arithmetic in nearest-even whatever the caller's MXCSR says
    if (rules.sequential_mean) {
        float r = 1.0f;
        if (b.n == 0) return r / 1.0f;  // a 0-d shape counts as [1]
        for (size_t i = 0; i < b.n; ++i) r = r / static_cast<float>(b.d[i]);
        return r;
    }
    return static_cast<float>(1.0 / static_cast<double>(b.Numel()));
}

// NumPy broadcast of a[na] and b[nb] (each rank <= kMaxDims); false when a dim pair is neither equal nor 1.
bool Broadcast(const int64_t* a, size_t na, const int64_t* b, size_t nb, BShape* out) {
    const size_t n = na > nb ? na : nb;
    out->n = n;
    for (size_t i = 0; i < n; ++i) {
        const int64_t da = i < na ? a[na - 1 - i] : 1;
        const int64_t db = i < nb ? b[nb - 1 - i] : 1;
        int64_t d;
        if (da == db || db == 1) {
            d = da;
        } else if (da == 1) {
            d = db;
        } else {
            return false;
        }
        out->d[n - 1 - i] = d;
    }
    return true;
}

std::string DtypeList(bool bf16) { return bf16 ? "DT_FLOAT, DT_FLOAT16, DT_BF16" : "DT_FLOAT, DT_FLOAT16"; }

// ------------------------------------------------------------------ the plan

kern::OperandSpec SpecOf(const aclTensor& t) {
    return kern::OperandSpec{t.dtype, static_cast<int>(t.view_shape.size()), t.view_shape.data(), t.strides.data(),
                             t.offset};
}

// Whether writing the output element by element could clobber an input element not yet read: the byte
// ranges meet and the input does not map every index to exactly the output's address.
bool NeedsTemporary(const aclTensor* const* t, const int64_t* b, size_t nb) {
    const aclTensor& out = *t[3];
    if (out.data == nullptr) return false;
    uintptr_t olo, ohi;
    ByteRange(out, &olo, &ohi);
    const size_t oitem = ItemSize(out.dtype);
    for (int k = 0; k < 3; ++k) {
        const aclTensor& in = *t[k];
        if (in.data == nullptr || in.numel == 0) continue;
        uintptr_t ilo, ihi;
        ByteRange(in, &ilo, &ihi);
        if (ihi <= olo || ohi <= ilo) continue;  // disjoint
        bool same = ItemSize(in.dtype) == oitem && ilo == olo;
        for (size_t d = 0; same && d < nb; ++d) {
            if (b[d] == 1) continue;
            const size_t back = nb - 1 - d;
            const int64_t is = back < in.view_shape.size() && in.view_shape[in.view_shape.size() - 1 - back] != 1
                                   ? in.strides[in.strides.size() - 1 - back]
                                   : 0;
            same = is == out.strides[d];
        }
        if (!same) return true;
    }
    return false;
}

class L1Plan final : public OpPlan {
public:
    L1Plan(const aclTensor* const* t, const BShape& b, const kern::L1Params& params) : params_(params), nb_(b.n) {
        for (size_t i = 0; i < nb_; ++i) b_[i] = b.d[i];  // fixed arrays: no allocation beyond the plan itself
        const kern::OperandSpec ops[4] = {SpecOf(*t[3]), SpecOf(*t[0]), SpecOf(*t[1]), SpecOf(*t[2])};
        direct_ = kern::PlanLoop(b_, static_cast<int>(nb_), ops, 4);
        direct_tiles_ = kern::PlanTiles(direct_);
        // Streaming stores when the output is far larger than the caches (it would only evict inputs).
        nontemporal_ = static_cast<uint64_t>(direct_.numel) * ItemSize(t[3]->dtype) >= kStreamingBytes;
        direct_row_ = SelectRow(direct_, direct_tiles_, &nontemporal_);
        bool plain = false;
        cached_row_ = nontemporal_ ? SelectRow(direct_, direct_tiles_, &plain) : direct_row_;
        temp_bytes_ = static_cast<uint64_t>(direct_.numel) * ItemSize(t[3]->dtype);
    }

    uint64_t temp_bytes() const { return temp_bytes_; }

    bool ShortRun() const override { return direct_.numel <= kShortRunElements && direct_tiles_.units == 0; }

    int Execute(const aclOpExecutor& ex, void* workspace, uint64_t workspace_size) const override {
        const aclTensor* t[4] = {&ex.tensors[0], &ex.tensors[1], &ex.tensors[2], &ex.tensors[3]};
        char* bases[4] = {static_cast<char*>(t[3]->data), static_cast<char*>(t[0]->data),
                          static_cast<char*>(t[1]->data), static_cast<char*>(t[2]->data)};
        if (!NeedsTemporary(t, b_, nb_)) {
            // gradInput exactly on an input (in place): its lines are in cache, just read; plain stores write
            // them back once, where streaming stores would first have to evict them.
            const bool in_place = nontemporal_ && (bases[0] == bases[1] || bases[0] == bases[2] || bases[0] == bases[3]);
            if (in_place) {
                RunL1(direct_, direct_tiles_, cached_row_, false, bases);
            } else {
                RunL1(direct_, direct_tiles_, direct_row_, nontemporal_, bases);
            }
            return 0;
        }
        // gradInput overlaps an input other than exactly: compute into a contiguous temporary, then copy. The
        // plans are made here, on the stack (rare; keeps the common first phase short).
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
        const kern::OperandSpec tmp{t[3]->dtype, nd, b_, contiguous, 0};
        const kern::OperandSpec tops[4] = {tmp, SpecOf(*t[0]), SpecOf(*t[1]), SpecOf(*t[2])};
        const kern::LoopPlan staged = kern::PlanLoop(b_, nd, tops, 4);
        const kern::TilePlan staged_tiles = kern::PlanTiles(staged);
        bool no_streaming = false;  // the temporary is read right back: keep it in cache
        const kern::L1RowFn staged_row = SelectRow(staged, staged_tiles, &no_streaming);
        const kern::OperandSpec cops[2] = {SpecOf(*t[3]), tmp};
        const kern::LoopPlan copy = kern::PlanLoop(b_, nd, cops, 2);
        char* out = bases[0];
        bases[0] = temp;
        RunL1(staged, staged_tiles, staged_row, false, bases);
        CopyCtx c{&copy, {out, temp}, ItemSize(t[3]->dtype)};
        rt::ParallelFor(copy.numel, kGrain, &CopyRange, &c);
        return 0;
    }

private:
    struct RunCtx {
        const kern::LoopPlan* plan;
        const kern::TilePlan* tiles;
        char* bases[4];
        kern::L1RowFn row;
        const kern::L1Params* params;
        bool nontemporal;
    };

    struct CopyCtx {
        const kern::LoopPlan* plan;
        char* bases[2];
        size_t item;
    };

    // The row body for a plan's innermost strides (a tiled plan's rows read staged operands contiguously).
    // *nontemporal: asked for streaming stores on entry; on return, whether the chosen body uses them (both
    // SIMD bodies can, for a contiguous output).
    kern::L1RowFn SelectRow(const kern::LoopPlan& p, const kern::TilePlan& tiles, bool* nontemporal) const {
        int64_t inner[kern::kMaxOperands] = {};
        if (tiles.units > 0) {
            kern::TileRowStrides(p, tiles, inner);  // staged operands are read contiguously from their buffer
        } else {
            for (int k = 0; k < p.nops; ++k) inner[k] = p.ndim > 0 ? p.stride[k][0] : 0;
        }
        if (*nontemporal) {
            // Streaming stores need a contiguous output; both SIMD bodies then have a streaming variant.
            if (inner[0] != static_cast<int64_t>(ItemSize(p.dtype[0]))) {
                *nontemporal = false;
            } else if (kern::L1RowFn fn = kern::SelectL1SimdRow(params_, p.dtype, inner, true)) {
                return fn;
            } else {
                return kern::SelectL1BlockRow(params_, p.dtype, inner, true);
            }
        }
        return kern::SelectL1Row(params_, p.dtype, inner);
    }

    static void L1Range(void* ctx, int64_t begin, int64_t end) {
        const RunCtx* c = static_cast<const RunCtx*>(ctx);
        kern::FpEnvScope fp_env;  // whatever thread runs this chunk: IEEE rounding, subnormals kept
        auto row = [&](char* const* ptrs, const int64_t* st, int64_t n) {
            c->row(*c->params, c->plan->dtype, ptrs, st, n);
        };
        if (c->tiles->units > 0) {
            size_t items[kern::kMaxOperands];
            for (int k = 0; k < c->plan->nops; ++k) items[k] = ItemSize(c->plan->dtype[k]);
            kern::ForEachTileRow(*c->plan, *c->tiles, c->bases, items, begin, end, row);
        } else {
            kern::ForEachRow(*c->plan, c->bases, begin, end, row);
        }
        if (c->nontemporal) kern::StreamFence();  // before the pool's join publishes this thread's stores
    }

    static void CopyRange(void* ctx, int64_t begin, int64_t end) {
        const CopyCtx* c = static_cast<const CopyCtx*>(ctx);
        kern::ForEachRow(*c->plan, c->bases, begin, end, [&](char* const* ptrs, const int64_t* st, int64_t n) {
            for (int64_t i = 0; i < n; ++i) std::memcpy(ptrs[0] + i * st[0], ptrs[1] + i * st[1], c->item);
        });
    }

    void RunL1(const kern::LoopPlan& plan, const kern::TilePlan& tiles, kern::L1RowFn row, bool nontemporal,
               char* const* bases) const {
        RunCtx c{&plan, &tiles, {bases[0], bases[1], bases[2], bases[3]}, row, &params_, nontemporal};
        if (tiles.units > 0) {
            const int64_t per_unit = tiles.tile0 * tiles.tile1;
            rt::ParallelFor(tiles.units, per_unit >= kGrain ? 1 : kGrain / per_unit, &L1Range, &c);
        } else {
            rt::ParallelFor(plan.numel, kGrain, &L1Range, &c);
        }
    }

    kern::L1Params params_;
    int64_t b_[kMaxDims] = {};
    size_t nb_ = 0;
    kern::LoopPlan direct_;
    kern::TilePlan direct_tiles_;
    bool nontemporal_ = false;
    kern::L1RowFn direct_row_ = nullptr;
    kern::L1RowFn cached_row_ = nullptr;  // direct_row_ with plain stores (for gradInput on an input)
    uint64_t temp_bytes_ = 0;
};

// ------------------------------------------------------------------ first phase checks (SPEC 4, in order)

int CheckDtypes(const aclTensor* g, const aclTensor* s, const aclTensor* t, const aclTensor* out,
                const ProfileRules& rules, aclDataType* promote) {
    const aclDataType p1 = PromoteTypes(g->dtype, s->dtype);
    if (p1 == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "GradOutput dtype %s and Self dtype %s can not be promoted.",
                    DtypeName(g->dtype), DtypeName(s->dtype));
    }
    const aclDataType p = PromoteTypes(t->dtype, p1);
    if (p == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Target dtype %s, GradOutput dtype %s and Self dtype %s can not be promoted.",
                    DtypeName(t->dtype), DtypeName(g->dtype), DtypeName(s->dtype));
    }
    if (!CanCast(p, out->dtype)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Result type %s can't be cast to the desired output type %s.", DtypeName(p),
                    DtypeName(out->dtype));
    }
    const bool supported = p == ACL_FLOAT || p == ACL_FLOAT16 || (p == ACL_BF16 && rules.bf16);
    if (!supported) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "promoteType dtype %s should be in dtype support list [%s] of %s.",
                    DtypeName(p), DtypeList(rules.bf16).c_str(), rt::SocName(rt::ActiveSoc()));
    }
    *promote = p;
    return 0;
}

int CheckShapes(const aclTensor* g, const aclTensor* s, const aclTensor* t, const aclTensor* out,
                BShape* b) {
    const aclTensor* order[4] = {s, t, g, out};
    const char* names[4] = {"self", "target", "gradOutput", "gradInput"};
    for (int i = 0; i < 4; ++i) {
        if (order[i]->view_shape.size() > static_cast<size_t>(kMaxDims)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor cannot be larger than %d dimensions (it has %zu: %s).",
                        names[i], kMaxDims, order[i]->view_shape.size(), ShapeString(order[i]->view_shape).c_str());
        }
    }
    BShape b1;
    if (!Broadcast(s->view_shape.data(), s->view_shape.size(), g->view_shape.data(), g->view_shape.size(), &b1)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The size of tensor self %s must match the size of tensor gradOutput %s.",
                    ShapeString(s->view_shape).c_str(), ShapeString(g->view_shape).c_str());
    }
    if (!Broadcast(t->view_shape.data(), t->view_shape.size(), b1.d, b1.n, b)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "GradOutput tensor shape:%s self tensor shape:%s target tensor shape:%s can't broadcast.",
                    ShapeString(g->view_shape).c_str(), ShapeString(s->view_shape).c_str(),
                    ShapeString(t->view_shape).c_str());
    }
    if (!b->Equals(out->view_shape)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of out should be %s, but current is %s.", ShapeString(b->d, b->n).c_str(),
                    ShapeString(out->view_shape).c_str());
    }
    return 0;
}

int FirstPhase(const aclTensor* gradOutput, const aclTensor* self, const aclTensor* target, int64_t reduction,
               aclTensor* gradInput, uint64_t* workspaceSize, aclOpExecutor** executor) {
    if (workspaceSize == nullptr || executor == nullptr) {
        return Fail(ACLNN_ERR_PARAM_NULLPTR, "%s: the %s is nullptr.", kApi1,
                    workspaceSize == nullptr ? "workspaceSize" : "executor");
    }
    const aclTensor* t[4] = {gradOutput, self, target, gradInput};
    for (int i = 0; i < 4; ++i) {
        if (t[i] == nullptr) {
            return Fail(ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument %s.", kTensorNames[i]);
        }
    }
    HandleState state;
    const int dead = FirstDeadTensor(t, 4, &state);
    if (dead >= 0) return FailNotLive(ACLNN_ERR_PARAM_INVALID, kTensorNames[dead], HandleKind::kTensor, t[dead], state,
                                      kTensorReleasedBy);
    if (reduction < 0 || reduction > 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected reduction to be 0 or 1 or 2, but got %lld.",
                    static_cast<long long>(reduction));
    }
    const ProfileRules rules = RulesFor(rt::ActiveSoc());
    aclDataType promote = ACL_FLOAT;
    if (int ret = CheckDtypes(gradOutput, self, target, gradInput, rules, &promote)) return ret;
    BShape b;
    if (int ret = CheckShapes(gradOutput, self, target, gradInput, &b)) return ret;
    for (int i = 0; i < 4; ++i) {
        if (int ret = CheckStorageBounds(*t[i], kTensorNames[i])) return ret;
    }
    if (HasInternalOverlap(*gradInput)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "gradInput view (shape %s, strides %s) maps several elements to one address; its result would not "
                    "be deterministic.",
                    ShapeString(gradInput->view_shape).c_str(), ShapeString(gradInput->strides).c_str());
    }
    if (gradOutput->format == ACL_FORMAT_FRACTAL_NZ) {
        Log(LogLevel::kWarning, "Format of input gets [FRACTAL_NZ], this format may lead to precision failure");
    }

    ExecutorPtr ex = AcquireExecutor();
    ex->op_name = kApi2;
    ex->tensor_names = kTensorNames;
    ex->num_inputs = 3;
    ex->tensors.resize(4);
    for (int i = 0; i < 4; ++i) ex->tensors[i] = *t[i];  // element-wise: reuses a recycled executor's vectors
    const bool empty = self->numel == 0 || gradOutput->numel == 0 || target->numel == 0;
    if (!empty) {
        kern::L1Params params{promote, rules.sign, 1.0f};
        if (reduction == 1) params.r = MeanFactor(rules, b);
        auto plan = std::make_shared<L1Plan>(t, b, params);
        if (NeedsTemporary(t, b.d, b.n)) ex->workspace_size = plan->temp_bytes();
        ex->plan = std::move(plan);
    }
    *workspaceSize = ex->workspace_size;
    *executor = PublishExecutor(std::move(ex));
    return OK;
}

}  // namespace
}  // namespace aclcpu

using namespace aclcpu;

extern "C" {

aclnnStatus aclnnL1LossBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                const aclTensor* target, int64_t reduction, aclTensor* gradInput,
                                                uint64_t* workspaceSize, aclOpExecutor** executor) {
    return FirstPhase(gradOutput, self, target, reduction, gradInput, workspaceSize, executor);
}

aclnnStatus aclnnL1LossBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
    return RunExecutor(workspace, workspaceSize, executor, stream, kApi2);
}

}  // extern "C"
