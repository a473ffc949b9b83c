#include "engine/reduce.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <complex>
#include <cstring>
#include <memory>
#include <new>
#include <vector>

#include "common/exports.h"  // the cross-library functions defined here get default visibility
#include "common/fp_env.h"
#include "common/half.h"
#include "common/status.h"
#include "engine/loop.h"
#include "kernels/convert.h"
#include "kernels/reduce_fold.h"
#include "runtime/runtime.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {
namespace engine {

namespace {

uint64_t CeilDiv(uint64_t a, uint64_t b) { return b == 0 ? 0 : (a + b - 1) / b; }
uint64_t CeilAlign(uint64_t a, uint64_t b) { return CeilDiv(a, b) * b; }
uint64_t FloorAlign(uint64_t a, uint64_t b) { return b == 0 ? 0 : a / b * b; }

constexpr int kLanes = 64;              // float32 lanes of one 256-byte vector register
constexpr int64_t kPadFloats = 8;       // one 32-byte UB block of float32
constexpr double kThresHold = 0.95;     // THRES_HOLD (reduce_tiling_batch_invariant.h)
constexpr uint64_t kMaxInnerA = 512;    // MAX_INNER_A (reduce_tiling.cpp), bytes

}  // namespace

// ------------------------------------------------------------------ tiling (opbase reduce_tiling.cpp)

ReduceTemplateTiling TileReduceTemplate(int64_t n, aclDataType input_dtype, const ReduceTemplateDag& dag,
                                        const ReduceHardware& hw) {
    ReduceTemplateTiling t;
    const uint64_t N = static_cast<uint64_t>(n < 1 ? 1 : n);
    const uint64_t dsize = ItemSize(input_dtype) != 0 ? ItemSize(input_dtype) : 4;
    const uint64_t ratio = dag.mem_level2 ? CeilDiv(dag.max_dtype_bytes, dsize) : 1;  // Ratio()
    const uint64_t ub_block_elems = hw.ub_block / dsize;
    const uint64_t cache_elems = hw.cache_line / dsize;
    // CalcBasicBlock (pattern AR: TryGetReduceBlock with r = CaculateReduceSize = CeilAlign(N, block)).
    uint64_t pre_input_buf = dag.pre_input * 2;  // double buffering
    if (dag.reduce_op_pos == 1) pre_input_buf *= 2;
    const uint64_t pre_rest_buf = dag.pre_temp_calc + dag.pre_output * 2;
    const uint64_t post_buf = dag.post_input + dag.post_temp_calc + dag.post_output + 1;
    const uint64_t ub_avail = hw.ub_size - hw.cache_buf;
    const uint64_t r = CeilAlign(N, ub_block_elems);
    const double basic_d = static_cast<double>(ub_avail) /
                           (static_cast<double>(pre_input_buf + pre_rest_buf * ratio) +
                            static_cast<double>(post_buf * ratio) / static_cast<double>(r));
    const uint64_t res_block = static_cast<uint64_t>(basic_d * static_cast<double>(ratio) / static_cast<double>(r));
    uint64_t result_block = FloorAlign(res_block, hw.cache_line);
    if (result_block < kMaxInnerA) result_block = kMaxInnerA;
    if (result_block > hw.cache_buf) result_block = hw.cache_buf;
    const uint64_t pre_buf_size = ub_avail - result_block * post_buf;
    const uint64_t basic_block = FloorAlign(pre_buf_size / (pre_input_buf + pre_rest_buf * ratio), hw.vreg);
    t.basic_block = basic_block;
    t.result_block = result_block;
    const uint64_t b_block_num = basic_block * ratio / dag.max_dtype_bytes;
    // ComputeCacheLineBlock/InitUnit/ComputeUnitR for shape [1, N]: R fits the UB whole (one chunk) when
    // CeilAlign(N, block) <= bBlockNum; otherwise the largest block-aligned step (from bBlockNum down, above
    // one cache line) whose chunk count keeps more than THRES_HOLD of the cores busy, else bBlockNum's step.
    uint64_t step = N;
    uint64_t outer = 1;
    if (N > cache_elems && CeilAlign(N, ub_block_elems) > b_block_num) {
        step = FloorAlign(std::min(b_block_num, N), ub_block_elems);
        for (uint64_t s = step; s > cache_elems; --s) {
            const uint64_t tmp = FloorAlign(s, ub_block_elems);
            const uint64_t tmp_outer = CeilDiv(N, tmp);
            const uint64_t cores = tmp_outer / CeilDiv(tmp_outer, hw.vector_cores);
            const double rate = static_cast<double>(cores) / static_cast<double>(hw.vector_cores);
            if (rate > kThresHold) {
                step = tmp;
                break;
            }
        }
        outer = CeilDiv(N, step);
    }
    // SetTilingData with A = 1.
    const uint64_t per_core = CeilDiv(outer, hw.vector_cores);
    const uint64_t blocks = CeilDiv(outer, per_core);
    const uint64_t r_per_core = CeilDiv(outer, blocks);
    t.ub_factor_r = static_cast<int64_t>(step);
    t.r_total = static_cast<int64_t>(outer);
    t.r_per_core = static_cast<int64_t>(r_per_core);
    t.group_r = static_cast<int64_t>(CeilDiv(outer, r_per_core));
    return t;
}

// ------------------------------------------------------------------ in-chunk sums (AscendC ReduceSum)

namespace {
// One level of the adjacent-pair tree: out[i] = in[2i] + in[2i + 1], i < kOut. Distinct buffers and a fixed
// count let the compiler vectorise it (even/odd shuffles, then one vector add per kOut / lanes outputs); each
// output is still exactly its own pair's sum, so the tree's order of additions is unchanged.
template <int kOut>
inline void PairSums(const float* __restrict in, float* __restrict out) {
    for (int i = 0; i < kOut; ++i) out[i] = in[2 * i] + in[2 * i + 1];
}
}  // namespace

float RegisterTreeSum(const float* lanes, int count) {
    alignas(64) float a[kLanes];
    alignas(64) float b[kLanes / 2];
    const float* in = lanes;
    if (count < kLanes) {  // lanes[count .. 64) are +0
        const int c = count < 0 ? 0 : count;
        std::memcpy(a, lanes, static_cast<size_t>(c) * sizeof(float));
        for (int i = c; i < kLanes; ++i) a[i] = 0.0f;
        in = a;
    }
    PairSums<32>(in, b);
    PairSums<16>(b, a);
    PairSums<8>(a, b);
    PairSums<4>(b, a);
    PairSums<2>(a, b);
    return b[0] + b[1];
}

namespace {

// ReduceSumAR's steps (b) to (d) on `blocks` (a power of two) blocks of 64 floats at v.
float FinishBlocks(float* v, int64_t blocks) {
    // (b) groups of 16 consecutive blocks, each folded as a tree into one block at the group's index.
    while (blocks > 16) {
        for (int64_t g = 0; g < blocks / 16; ++g) {
            float* b = v + g * 16 * kLanes;
            for (int64_t half = 8; half >= 1; half /= 2) {  // blocks [0, half) += blocks [half, 2 half)
                kern::FoldAdd(b, b + half * kLanes, static_cast<size_t>(half * kLanes));
            }
            if (g != 0) std::memcpy(v + g * kLanes, b, kLanes * sizeof(float));
        }
        blocks /= 16;
    }
    // (c) the last 2..16 blocks: halves folded onto the first half down to one block.
    for (int64_t half = blocks / 2; half >= 1; half /= 2) {
        kern::FoldAdd(v, v + half * kLanes, static_cast<size_t>(half * kLanes));
    }
    // (d) one register.
    return RegisterTreeSum(v, kLanes);
}

// (a)'s main part: 64 * 2^k lanes, the largest not above the padded length.
int64_t MainPart(int64_t padded) {
    int64_t main = kLanes;
    while (main * 2 <= padded) main *= 2;
    return main;
}

}  // namespace

float ReduceSumAR(float* v, int64_t len) {
    const int64_t padded = static_cast<int64_t>(CeilAlign(static_cast<uint64_t>(len), kPadFloats));
    for (int64_t i = len; i < padded; ++i) v[i] = 0.0f;  // PadValue
    if (padded <= kLanes) return RegisterTreeSum(v, static_cast<int>(padded));
    // (a) main part: 64 * 2^k lanes, the largest not above the padded length; the tail onto its start.
    const int64_t main = MainPart(padded);
    kern::FoldAdd(v, v + main, static_cast<size_t>(padded - main));
    return FinishBlocks(v, main / kLanes);
}

float ReduceSumARDirect(const kern::ChunkValues& c, float* v) {
    const int64_t padded = static_cast<int64_t>(CeilAlign(static_cast<uint64_t>(c.len), kPadFloats));
    const int64_t main = MainPart(padded);
    // The pre-fold, pad, tail fold and the first level of (b) in one pass over the storage (main / 64 > 16
    // blocks: padded >= kDirectMinChunk), then the remaining levels on the main / 1024 blocks, as ReduceSumAR.
    kern::FoldChunkGroups(c, main, padded, v);
    return FinishBlocks(v, main / kLanes / 16);
}

// ------------------------------------------------------------------ the reduce-template order

ReduceTemplateOrder::ReduceTemplateOrder(int64_t n, const ReduceTemplateTiling& tiling) : n_(n), tiling_(tiling) {}

int64_t ReduceTemplateOrder::Parts() const { return tiling_.group_r; }

void ReduceTemplateOrder::PartRange(int64_t part, int64_t* begin, int64_t* end) const {
    const int64_t per = tiling_.r_per_core * tiling_.ub_factor_r;
    *begin = std::min(n_, part * per);
    *end = std::min(n_, (part + 1) * per);
}

int64_t ReduceTemplateOrder::ScratchFloats() const {
    return 2 * static_cast<int64_t>(CeilAlign(static_cast<uint64_t>(tiling_.ub_factor_r), kLanes));
}

float ReduceTemplateOrder::ReducePart(int64_t part, const ValueSource& values, float* scratch) const {
    int64_t begin, end;
    PartRange(part, &begin, &end);
    const int64_t ub = tiling_.ub_factor_r;
    const int64_t count = (end - begin + ub - 1) / ub;  // rCount chunks of this core
    if (count <= 0) return 0.0f;
    // FindNearestPower2: 1 for count <= 2, else the largest power of two below count.
    int64_t pos = 1;
    while (pos * 2 < count) pos *= 2;
    const int64_t tail = count - pos;
    float* a = scratch;
    float* b = scratch + CeilAlign(static_cast<uint64_t>(ub), kLanes);
    float cache[64];
    // Values read in place where the source allows it (ReduceSumARDirect: the same additions, no buffer pass).
    const void* direct = nullptr;
    aclDataType direct_dtype = ACL_FLOAT;
    if (!values.Direct(&direct, &direct_dtype)) direct = nullptr;
    const int64_t item = static_cast<int64_t>(ItemSize(direct_dtype));
    for (int64_t i = 0; i < pos; ++i) {
        const int64_t s = begin + i * ub;
        const int64_t len = std::min(ub, end - s);
        const int64_t s2 = begin + (i + pos) * ub;
        const int64_t len2 = i < tail ? std::min(ub, end - s2) : 0;
        float r;
        if (direct != nullptr && static_cast<int64_t>(CeilAlign(static_cast<uint64_t>(len), kPadFloats)) >= kDirectMinChunk) {
            kern::ChunkValues c;
            c.a = static_cast<const char*>(direct) + s * item;
            c.len = len;
            c.b = i < tail ? static_cast<const char*>(direct) + s2 * item : nullptr;
            c.len2 = len2;
            c.dtype = direct_dtype;
            r = ReduceSumARDirect(c, a);
        } else {
            values.Fill(s, len, a);
            if (i < tail) {
                values.Fill(s2, len2, b);
                kern::FoldAdd(a, b, static_cast<size_t>(len2));
                for (int64_t j = len2; j < len; ++j) a[j] = a[j] + 0.0f;  // the shorter chunk zero-padded
            }
            r = ReduceSumAR(a, len);
        }
        // Binary counter: k = trailing one bits of i; r = ((r + c[0]) + c[1]) + ... + c[k-1] -> c[k].
        int k = 0;
        for (int64_t bits = i; bits & 1; bits >>= 1) r = r + cache[k++];
        cache[k] = r;
    }
    int top = 0;
    while ((int64_t{1} << top) < pos) ++top;
    return cache[top];
}

float ReduceTemplateOrder::Combine(float* partials, int64_t parts) const {
    if (parts == 1) return partials[0];
    std::vector<float> v(CeilAlign(static_cast<uint64_t>(parts), kLanes));
    std::copy(partials, partials + parts, v.begin());
    return ReduceSumAR(v.data(), parts);
}

std::shared_ptr<const ReduceOrder> MakeReduceTemplateOrder(int64_t n, aclDataType input_dtype,
                                                           const ReduceTemplateDag& dag, const ReduceHardware& hw) {
    return std::make_shared<ReduceTemplateOrder>(n, TileReduceTemplate(n, input_dtype, dag, hw));
}

// ------------------------------------------------------------------ plans

namespace {

OperandSpec SpecOf(const aclTensor& t) {
    return OperandSpec{t.dtype, static_cast<int>(t.view_shape.size()), t.view_shape.data(), t.strides.data(), t.offset};
}

class ReducePlan;

struct RowSource final : ValueSource {
    const LoopPlan* plan;
    char* bases[kMaxOperands];
    kern::RowFn row;
    const void* params;
    int64_t item;  // bytes of one value (4 or 8)
    aclDataType direct = ACL_DT_UNDEFINED;  // DirectDtype of the plan and row: the values readable in place
    void Fill(int64_t begin, int64_t n, float* out) const override { FillBytes(begin, n, out); }
    bool Direct(const void** base, aclDataType* dtype) const override {
        if (direct == ACL_DT_UNDEFINED) return false;
        *base = bases[1] + plan->offset[1];
        *dtype = direct;
        return true;
    }
    void FillBytes(int64_t begin, int64_t n, void* out) const {
        char* b[kMaxOperands];
        for (int k = 0; k < plan->nops; ++k) b[k] = bases[k];
        // operand 0's element `begin` is out[0]: its base is out - begin items (address arithmetic only)
        b[0] = reinterpret_cast<char*>(reinterpret_cast<uintptr_t>(out) - static_cast<uintptr_t>(begin * item));
        ForEachRow(*plan, b, begin, begin + n,
                   [&](char* const* ptrs, const int64_t* st, int64_t m) { row(params, plan->dtype, ptrs, st, m); });
    }
};

// The dtype of the values' storage when they can be read in place (ValueSource::Direct): `row` only widens its
// one input exactly (kern::WideningRowDtype) and that input is contiguous in the plan's linear order (one
// coalesced dim, a stride of one element); else ACL_DT_UNDEFINED.
aclDataType DirectDtype(const LoopPlan& p, kern::RowFn row) {
    const aclDataType t = kern::WideningRowDtype(row);
    if (t == ACL_DT_UNDEFINED || p.nops != 2 || p.ndim != 1 || p.dtype[1] != t || p.dtype[0] != ACL_FLOAT) {
        return ACL_DT_UNDEFINED;
    }
    return p.stride[1][0] == static_cast<int64_t>(ItemSize(t)) && p.stride[0][0] == 4 ? t : ACL_DT_UNDEFINED;
}

struct PartCtx {
    const ReduceOrder* order;
    const RowSource* src;
    float* partials;
    std::atomic<bool> failed{false};
};

void RunParts(void* ctx, int64_t begin, int64_t end) {
    PartCtx* c = static_cast<PartCtx*>(ctx);
    FpEnvScope fp_env;
    std::unique_ptr<float[]> scratch(new (std::nothrow) float[static_cast<size_t>(c->order->ScratchFloats())]);
    if (!scratch) {
        c->failed = true;
        return;
    }
    for (int64_t p = begin; p < end; ++p) c->partials[p] = c->order->ReducePart(p, *c->src, scratch.get());
}

// The float32 sum of all values of `src` in `order`, its parts over the device pool (each on one thread,
// combined in part order). Returns 0, or ACLNN_ERR_INNER when memory for the partial sums runs out.
// Inlined into its callers (as it was when each had its own copy): a call of a few elements costs what it did.
inline __attribute__((always_inline)) int ParallelSum(const ReduceOrder& order, const RowSource& src, float* total) {
    const int64_t parts = order.Parts();
    std::unique_ptr<float[]> partials(new (std::nothrow) float[static_cast<size_t>(parts)]);
    if (!partials) return ACLNN_ERR_INNER;
    PartCtx c;
    c.order = &order;
    c.src = &src;
    c.partials = partials.get();
    rt::ParallelFor(parts, 1, &RunParts, &c);
    if (c.failed) return ACLNN_ERR_INNER;
    *total = order.Combine(partials.get(), parts);
    return 0;
}

constexpr int64_t kIntChunk = 4096;  // int64 values per buffer fill

struct IntCtx {
    const RowSource* src;
    int64_t n;
    uint64_t* partials;  // one per kGrain range
};

// The two's-complement sum of the int64 values [lo, hi) of `src`, read kIntChunk at a time.
uint64_t IntRangeSum(const RowSource& src, int64_t lo, int64_t hi) {
    int64_t buf[kIntChunk];
    uint64_t acc = 0;
    for (int64_t s = lo; s < hi; s += kIntChunk) {
        const int64_t m = std::min(kIntChunk, hi - s);
        src.FillBytes(s, m, buf);
        for (int64_t i = 0; i < m; ++i) acc += static_cast<uint64_t>(buf[i]);
    }
    return acc;
}

void RunIntRanges(void* ctx, int64_t begin, int64_t end) {
    IntCtx* c = static_cast<IntCtx*>(ctx);
    for (int64_t g = begin; g < end; ++g) c->partials[g] = IntRangeSum(*c->src, g * kGrain, std::min(c->n, (g + 1) * kGrain));
}

// Stores a float32 sum at dst (dtype dt) as `finish` says: the mean factor (one float32 multiply), RNE to P,
// then out's dtype.
inline __attribute__((always_inline)) void StoreFinished(float total, const ReduceFinish& finish, char* dst,
                                                        aclDataType dt) {
    if (finish.mean) total = total * finish.mean_factor;
    kern::StoreResult(dst, dt, kern::RoundToPromoted(total, finish.round_to));
}

// The float32 sum of all values of `src` in `order`, its parts one after another on this thread; `scratch`
// holds order.ScratchFloats() floats and `partials` order.Parts().
float SequentialSum(const ReduceOrder& order, const ValueSource& src, float* scratch, float* partials) {
    const int64_t parts = order.Parts();
    for (int64_t p = 0; p < parts; ++p) partials[p] = order.ReducePart(p, src, scratch);
    return order.Combine(partials, parts);
}

class ReducePlan final : public OpPlan {
public:
    ReducePlan(const aclTensor* tensors, const ElementwiseOperands& ops, const BroadcastShape& shape,
               const ElementwiseKernel& kernel, std::shared_ptr<const ReduceOrder> order, const ReduceFinish& finish)
        : ops_(ops), kernel_(kernel), order_(std::move(order)), finish_(finish) {
        // Operand 0: a contiguous row-major tensor of the broadcast shape, so that the planner keeps the linear
        // order (dims sorted by its strides) while coalescing what the inputs allow.
        int64_t contiguous[kMaxDims] = {};
        int64_t stride = 1;
        for (size_t i = shape.n; i-- > 0;) {
            contiguous[i] = stride;
            stride *= shape.d[i] > 0 ? shape.d[i] : 1;
        }
        OperandSpec specs[kMaxOperands];
        specs[0] = OperandSpec{finish_.value_dtype, static_cast<int>(shape.n), shape.d, contiguous, 0};
        for (int k = 0; k < ops.num_inputs; ++k) specs[k + 1] = SpecOf(tensors[ops.in[k]]);
        plan_ = PlanLoop(shape.d, static_cast<int>(shape.n), specs, ops.num_inputs + 1);
        int64_t inner[kMaxOperands] = {};
        for (int k = 0; k < plan_.nops; ++k) inner[k] = plan_.ndim > 0 ? plan_.stride[k][0] : 0;
        inner[0] = static_cast<int64_t>(ItemSize(finish_.value_dtype));
        row_ = kernel_.select(kernel_.params, plan_.dtype, inner, false);
        direct_ = finish_.value_dtype == ACL_FLOAT ? DirectDtype(plan_, row_) : ACL_DT_UNDEFINED;
    }

    bool ShortRun() const override { return plan_.numel <= kShortRunElements; }

    int Execute(const LaunchRecord& launch, void* /*workspace*/, uint64_t /*workspace_size*/) const override {
        const aclTensor* const tensors = launch.tensors.data();
        RowSource src;
        src.plan = &plan_;
        src.bases[0] = nullptr;
        for (int k = 0; k < ops_.num_inputs; ++k) src.bases[k + 1] = static_cast<char*>(tensors[ops_.in[k]].data);
        src.row = row_;
        src.params = kernel_.params;
        src.item = static_cast<int64_t>(ItemSize(finish_.value_dtype));
        src.direct = direct_;
        const aclTensor& out = tensors[ops_.out];
        char* dst = static_cast<char*>(out.data) + out.offset * static_cast<int64_t>(ItemSize(out.dtype));
        FpEnvScope fp_env;
        if (finish_.value_dtype == ACL_INT64) {
            const int64_t groups = (plan_.numel + kGrain - 1) / kGrain;
            std::unique_ptr<uint64_t[]> partials(new (std::nothrow) uint64_t[static_cast<size_t>(groups)]);
            if (!partials) return ACLNN_ERR_INNER;
            IntCtx c{&src, plan_.numel, partials.get()};
            rt::ParallelFor(groups, 1, &RunIntRanges, &c);
            uint64_t total = 0;
            for (int64_t g = 0; g < groups; ++g) total += partials[g];
            kern::StoreInt64Result(dst, out.dtype, static_cast<int64_t>(total));
            return 0;
        }
        float total = 0.0f;
        if (int ret = ParallelSum(*order_, src, &total)) return ret;
        StoreFinished(total, finish_, dst, out.dtype);
        return 0;
    }

private:
    ElementwiseOperands ops_;
    ElementwiseKernel kernel_;
    std::shared_ptr<const ReduceOrder> order_;
    ReduceFinish finish_;
    LoopPlan plan_;
    kern::RowFn row_ = nullptr;
    aclDataType direct_ = ACL_DT_UNDEFINED;
};

// ------------------------------------------------------------------ reductions over dims

// The axis plan: an outer loop over the output elements (the kept dims; operand 0 = out) and a slice loop over
// the reduced dims (operand 0 = the engine's contiguous value buffer, so the slice keeps its row-major order),
// both with the other operands' strides on their dims (the side outputs', then the inputs').
class AxisReducePlan;

struct AxisCtx {
    const AxisReducePlan* plan;
    char* bases[kMaxOperands];  // outer plan: out, then the inputs
    std::atomic<bool> failed{false};
};

class AxisReducePlan final : public OpPlan {
public:
    AxisReducePlan(const aclTensor* tensors, const ElementwiseOperands& ops, const BroadcastShape& shape,
                   const ElementwiseKernel& kernel, const AxisReduce& axes, std::shared_ptr<const ReduceOrder> order,
                   const ReduceFinish& finish)
        : ops_(ops), kernel_(kernel), order_(std::move(order)), finish_(finish) {
        const int nb = static_cast<int>(shape.n);
        const int nops = ops.NumOperands();  // the value buffer, the side outputs, the inputs
        int64_t rshape[kMaxDims] = {}, kshape[kMaxDims] = {};
        int64_t rstride[kMaxOperands][kMaxDims] = {}, kstride[kMaxOperands][kMaxDims] = {};
        int nr = 0, nk = 0;
        const aclTensor& out = tensors[ops.out];
        for (int d = 0; d < nb; ++d) {
            const bool reduced = (axes.reduce_dims >> d) & 1u;
            int64_t* st = reduced ? &rstride[0][nr] : &kstride[0][nk];
            (reduced ? rshape[nr] : kshape[nk]) = shape.d[d];
            for (int k = 1; k < nops; ++k) {  // the operand's stride on broadcast dim d (0: broadcast)
                const aclTensor& in = tensors[ops.Operand(k)];
                const int od = static_cast<int>(in.view_shape.size()) - nb + d;
                const int64_t v = od >= 0 && in.view_shape[od] != 1 ? in.strides[od] : 0;
                (reduced ? rstride[k][nr] : kstride[k][nk]) = v;
            }
            if (!reduced) *st = axes.keepdim ? out.strides[d] : out.strides[nk];
            (reduced ? nr : nk) += 1;
        }
        int64_t contiguous[kMaxDims] = {};  // the value buffer, row-major over the reduced dims
        int64_t stride = 1;
        for (int i = nr; i-- > 0;) {
            contiguous[i] = stride;
            stride *= rshape[i] > 0 ? rshape[i] : 1;
        }
        OperandSpec rspec[kMaxOperands], kspec[kMaxOperands];
        rspec[0] = OperandSpec{finish_.value_dtype, nr, rshape, contiguous, 0};
        kspec[0] = OperandSpec{out.dtype, nk, kshape, kstride[0], out.offset};
        for (int k = 1; k < nops; ++k) {
            const aclTensor& in = tensors[ops.Operand(k)];
            rspec[k] = OperandSpec{in.dtype, nr, rshape, rstride[k], 0};
            kspec[k] = OperandSpec{in.dtype, nk, kshape, kstride[k], in.offset};
        }
        slice_ = PlanLoop(rshape, nr, rspec, nops);
        outer_ = PlanLoop(kshape, nk, kspec, nops);
        item_ = static_cast<int64_t>(ItemSize(finish_.value_dtype));
        int64_t inner[kMaxOperands] = {};
        for (int k = 0; k < nops; ++k) inner[k] = slice_.ndim > 0 ? slice_.stride[k][0] : 0;
        inner[0] = item_;
        row_ = kernel_.select(kernel_.params, slice_.dtype, inner, false);
        direct_ = finish_.value_dtype == ACL_FLOAT ? DirectDtype(slice_, row_) : ACL_DT_UNDEFINED;
    }

    bool ShortRun() const override {
        return outer_.numel == 0 || slice_.numel <= kShortRunElements / outer_.numel;
    }

    int Execute(const LaunchRecord& launch, void* /*workspace*/, uint64_t /*workspace_size*/) const override {
        const aclTensor* const tensors = launch.tensors.data();
        AxisCtx c;
        c.plan = this;
        c.bases[0] = static_cast<char*>(tensors[ops_.out].data);
        for (int k = 1; k < ops_.NumOperands(); ++k) c.bases[k] = static_cast<char*>(tensors[ops_.Operand(k)].data);
        if (outer_.numel == 0) return 0;
        // One output element holding many values: its parts over the pool (as PlanReduce does); otherwise the
        // output elements over the pool, each summed whole on one thread. Either way the same additions.
        if (outer_.numel == 1 && finish_.value_dtype == ACL_FLOAT && slice_.numel > kGrain) {
            FpEnvScope fp_env;
            char* at[kMaxOperands];
            for (int k = 0; k < outer_.nops; ++k) at[k] = c.bases[k] + outer_.offset[k];
            float total = 0.0f;
            if (int ret = ParallelSum(*order_, Source(at), &total)) return ret;
            StoreFinished(total, finish_, at[0], outer_.dtype[0]);
            return 0;
        }
        const int64_t per = slice_.numel > 0 ? slice_.numel : 1;
        rt::ParallelFor(outer_.numel, per >= kGrain ? 1 : kGrain / per, &Range, &c);
        return c.failed ? ACLNN_ERR_INNER : 0;
    }

private:
    // The values of the slice whose inputs start at ptrs[1 ..] (the outer plan's row pointers, element i).
    RowSource Source(char* const* ptrs) const {
        RowSource src;
        src.plan = &slice_;
        src.bases[0] = nullptr;
        for (int k = 1; k < slice_.nops; ++k) src.bases[k] = ptrs[k];
        src.row = row_;
        src.params = kernel_.params;
        src.item = item_;
        src.direct = direct_;
        return src;
    }

    // Output elements [begin, end) of the outer plan, each summed on this thread.
    static void Range(void* ctx, int64_t begin, int64_t end) {
        AxisCtx* c = static_cast<AxisCtx*>(ctx);
        const AxisReducePlan& p = *c->plan;
        FpEnvScope fp_env;
        const bool floats = p.finish_.value_dtype == ACL_FLOAT && p.slice_.numel > 0;
        std::unique_ptr<float[]> scratch, partials;
        if (floats) {
            scratch.reset(new (std::nothrow) float[static_cast<size_t>(p.order_->ScratchFloats())]);
            partials.reset(new (std::nothrow) float[static_cast<size_t>(p.order_->Parts())]);
            if (!scratch || !partials) {
                c->failed = true;
                return;
            }
        }
        ForEachRow(p.outer_, c->bases, begin, end, [&](char* const* ptrs, const int64_t* st, int64_t n) {
            char* at[kMaxOperands];
            for (int64_t i = 0; i < n; ++i) {
                for (int k = 0; k < p.outer_.nops; ++k) at[k] = ptrs[k] + i * st[k];
                const RowSource src = p.Source(at);
                if (p.finish_.value_dtype == ACL_INT64) {
                    kern::StoreInt64Result(at[0], p.outer_.dtype[0],
                                           static_cast<int64_t>(IntRangeSum(src, 0, p.slice_.numel)));
                } else {
                    const float total = floats ? SequentialSum(*p.order_, src, scratch.get(), partials.get()) : 0.0f;
                    StoreFinished(total, p.finish_, at[0], p.outer_.dtype[0]);
                }
            }
        });
    }

    ElementwiseOperands ops_;
    ElementwiseKernel kernel_;
    std::shared_ptr<const ReduceOrder> order_;
    ReduceFinish finish_;
    LoopPlan slice_;
    LoopPlan outer_;
    int64_t item_ = 4;
    kern::RowFn row_ = nullptr;
    aclDataType direct_ = ACL_DT_UNDEFINED;
};

// Writes one double, converted to dt, at p.
void StoreDouble(char* p, aclDataType dt, double v) {
    switch (dt) {
        case ACL_FLOAT: case ACL_FLOAT16: case ACL_BF16: case ACL_COMPLEX64:
            kern::StoreResult(p, dt, static_cast<float>(v));
            break;
        case ACL_DOUBLE: std::memcpy(p, &v, 8); break;
        case ACL_COMPLEX128: { const double c[2] = {v, 0.0}; std::memcpy(p, c, 16); break; }
        default: {
            int64_t i = 0;
            if (!std::isnan(v)) i = v >= 9.2e18 ? INT64_MAX : (v <= -9.2e18 ? INT64_MIN : static_cast<int64_t>(v));
            kern::StoreInt64Result(p, dt, i);
            break;
        }
    }
}

class FillPlan final : public OpPlan {
public:
    FillPlan(const aclTensor& out, int out_index, double value) : value_(value), out_(out_index) {
        const OperandSpec spec = SpecOf(out);
        nd_ = static_cast<int>(out.view_shape.size());
        for (int i = 0; i < nd_; ++i) shape_[i] = out.view_shape[i];
        plan_ = PlanLoop(shape_, nd_, &spec, 1);
        StoreDouble(bytes_, out.dtype, value_);
        item_ = ItemSize(out.dtype);
    }
    bool ShortRun() const override { return plan_.numel <= kShortRunElements; }
    int Execute(const LaunchRecord& launch, void*, uint64_t) const override {
        char* bases[kMaxOperands] = {static_cast<char*>(launch.tensors[out_].data)};  // plan_.nops = 1 used
        ForEachRow(plan_, bases, 0, plan_.numel, [&](char* const* ptrs, const int64_t* st, int64_t n) {
            for (int64_t i = 0; i < n; ++i) std::memcpy(ptrs[0] + i * st[0], bytes_, item_);
        });
        return 0;
    }

private:
    double value_;
    int out_;
    int64_t shape_[kMaxDims] = {};
    int nd_ = 0;
    LoopPlan plan_;
    char bytes_[16] = {};
    size_t item_ = 0;
};

}  // namespace

std::shared_ptr<const OpPlan> PlanReduce(const aclTensor* tensors, const ElementwiseOperands& ops,
                                         const BroadcastShape& shape, const ElementwiseKernel& kernel,
                                         std::shared_ptr<const ReduceOrder> order, const ReduceFinish& finish,
                                         uint64_t* workspace_size) {
    *workspace_size = 0;
    return std::make_shared<ReducePlan>(tensors, ops, shape, kernel, std::move(order), finish);
}

bool NormalizeDim(int64_t dim, int64_t rank, int64_t* out) {
    const int64_t r = rank > 0 ? rank : 1;
    if (dim < -r || dim >= r) return false;
    *out = dim < 0 ? dim + r : dim;
    return true;
}

std::shared_ptr<const OpPlan> PlanAxisReduce(const aclTensor* tensors, const ElementwiseOperands& ops,
                                             const BroadcastShape& shape, const ElementwiseKernel& kernel,
                                             const AxisReduce& axes, std::shared_ptr<const ReduceOrder> order,
                                             const ReduceFinish& finish, uint64_t* workspace_size) {
    *workspace_size = 0;
    return std::make_shared<AxisReducePlan>(tensors, ops, shape, kernel, axes, std::move(order), finish);
}

std::shared_ptr<const OpPlan> PlanFill(const aclTensor* tensors, int out, double value) {
    return std::make_shared<FillPlan>(tensors[out], out, value);
}

}  // namespace engine
}  // namespace aclcpu
