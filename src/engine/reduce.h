// The reduction engine: all-axes sums of per-element values that an operator's row kernels compute from its
// inputs (the forward losses' `mean`/`sum`, docs/ops/README.md "The Ascend 950 reduce template"), beside the
// element-wise engine (engine/elementwise.h) and planned the same way: the first phase makes an immutable
// ReducePlan (PlanReduce), the stream runs it.
//
// Values: the operator's rows (kern::RowFn, the element-wise contract of kernels/row.h) write float32 values
// (operand 0 is a small float buffer of the engine's: dtype ACL_FLOAT, stride 4 bytes) from inputs of any
// dtype, strides, broadcast and storage offset. They are produced chunk by chunk into per-thread buffers,
// in the linear (row-major) order of the broadcast shape - the order CANN's aclnn layer gives the kernel
// after Contiguous/BroadcastTo - never as one array of N floats.
//
// Order: a ReduceOrder fixes how the N values are summed: parts (run in parallel, each a contiguous range of
// linear indices), the sum inside a part, and how part sums combine. The result never depends on the thread
// count or SIMD width. ReduceTemplateOrder models the Ascend 950 reduce template (steps 1-6 of
// docs/ops/README.md); another kernel's order (e.g. MSELossV2's) is another ReduceOrder subclass handed to
// the same PlanReduce.
//
// Finish: optionally the mean factor (one float32 multiply), then RNE to the kernel's output dtype P, then
// the conversion to `out`'s dtype (kernels/convert.h), stored at out's one element.
#pragma once

#include <cstdint>
#include <memory>

#include "acl/acl_base.h"
#include "engine/elementwise.h"
#include "executor/executor.h"
#include "kernels/reduce_fold.h"

namespace aclcpu {
namespace engine {

// ------------------------------------------------------------------ values and orders

/// Where a reduction's values come from (the engine's side; an order calls it). Fill writes the float32
/// values of linear elements [begin, begin + n) to out[0 .. n). Any range inside [0, N) may be asked, in any
/// order, from any thread; the same range always yields the same values.
class ValueSource {
public:
    virtual void Fill(int64_t begin, int64_t n, float* out) const = 0;
    /// Optional direct access: true when the value of every linear element i is element i of one contiguous
    /// array of FLOAT, FLOAT16 or BF16 (*dtype) starting at *base, widened exactly - the bits Fill writes - so
    /// that an order may read them in place (ReduceTemplateOrder does, kern::FoldChunkGroups). The default:
    /// false (values only through Fill).
    virtual bool Direct(const void** base, aclDataType* dtype) const {
        (void)base;
        (void)dtype;
        return false;
    }

protected:
    ~ValueSource() = default;
};

/// A fixed accumulation order of a float32 sum of N values (N >= 1). Parts are independent and may run on
/// any thread in any order; Combine sees their sums in part order. Implementations are immutable.
class ReduceOrder {
public:
    virtual ~ReduceOrder() = default;
    /// Number of parts (>= 1).
    virtual int64_t Parts() const = 0;
    /// Linear element range [*begin, *end) of part `part` (0 <= part < Parts()); the parts tile [0, N) in order.
    virtual void PartRange(int64_t part, int64_t* begin, int64_t* end) const = 0;
    /// Floats of scratch memory ReducePart needs (bounded independently of N by the chunk length).
    virtual int64_t ScratchFloats() const = 0;
    /// The float32 sum of part `part`, its values read through `values`; `scratch` holds ScratchFloats().
    virtual float ReducePart(int64_t part, const ValueSource& values, float* scratch) const = 0;
    /// The total from the part sums partials[0 .. parts) (may modify them).
    virtual float Combine(float* partials, int64_t parts) const = 0;
};

// ------------------------------------------------------------------ the Ascend 950 reduce template

/// The buffer counts of an operator's reduce-template DAG (opbase ReduceOpDagParam,
/// pkg_inc/op_common/atvoss/reduce/reduce_tiling.h; filled there from the DAG by DAGSch's GetMte2NumImpl,
/// GetMte3NumImpl, GetTempBufNumImpl over the nodes before/after the ReduceSumOp node).
struct ReduceTemplateDag {
    uint64_t pre_input = 1;        ///< CopyIn nodes before the reduce
    uint64_t pre_output = 0;       ///< CopyOut nodes before the reduce
    uint64_t pre_temp_calc = 0;    ///< temporary compute buffers before the reduce
    uint64_t post_input = 0;       ///< CopyIn nodes after the reduce
    uint64_t post_output = 1;      ///< CopyOut nodes after the reduce
    uint64_t post_temp_calc = 0;   ///< temporary compute buffers after the reduce
    int32_t reduce_op_pos = 2;     ///< index of the reduce node (1: no compute before it)
    bool mem_level2 = true;        ///< MemLevel::LEVEL_2 (buffers sized in the compute dtype: Ratio())
    uint64_t max_dtype_bytes = 4;  ///< largest dtype on the DAG (bytes)
};

/// The buffer counts of the DAG CopyIn, Cast to float32, ReduceSumOp, Cast back, CopyOut (ops-math's ReduceSumDag,
/// ops-nn's PReluGradReduce) for inputs of dtype t: for FLOAT the Casts vanish and the reduce is the first compute
/// node (our reading, as for the losses' DAGs).
inline ReduceTemplateDag CastReduceCastDag(aclDataType t) {
    ReduceTemplateDag d;
    d.pre_input = 1;
    d.pre_temp_calc = t == ACL_FLOAT ? 0 : 1;
    d.post_temp_calc = t == ACL_FLOAT ? 0 : 1;
    d.reduce_op_pos = t == ACL_FLOAT ? 1 : 2;
    return d;
}

/// The hardware constants the tiling reads (ReduceOpCompileInfo). Defaults: Ascend 950 as modelled
/// (docs/ops/README.md: UB 253952 bytes and 64 vector cores from ops-nn's arch35 tiling tests; 256-byte cache
/// line and vector register, 32-byte UB block from opbase's GetCacheLineSize/GetVRegSize/GetUbBlockSize).
struct ReduceHardware {
    uint64_t vector_cores = 64;
    uint64_t ub_size = 253952;      ///< bytes
    uint64_t cache_line = 256;      ///< bytes
    uint64_t ub_block = 32;         ///< bytes
    uint64_t vreg = 256;            ///< bytes
    uint64_t cache_buf = 16384;     ///< CACHE_BUF_SIZE, bytes
};

/// The reduce template's tiling of pattern AR(1, N) (ReduceOpTilingData's R fields): chunks of
/// `ub_factor_r` elements (the last one shorter), `r_total` of them, dealt in runs of `r_per_core` to
/// `group_r` cores. basic_block/result_block: bytes, as the tiling computes them.
struct ReduceTemplateTiling {
    int64_t ub_factor_r = 0;
    int64_t r_total = 0;
    int64_t r_per_core = 0;
    int64_t group_r = 0;
    uint64_t basic_block = 0;
    uint64_t result_block = 0;
};

/// The tiling of an all-axes sum of n >= 1 elements whose inputs have dtype `input_dtype` (FLOAT, FLOAT16,
/// BF16), computed with opbase's reduce_tiling.cpp rules (CalcBasicBlock, ComputeCacheLineBlock,
/// ComputeUnitR with THRES_HOLD 0.95, SetTilingData). Pure.
ReduceTemplateTiling TileReduceTemplate(int64_t n, aclDataType input_dtype, const ReduceTemplateDag& dag,
                                        const ReduceHardware& hw = ReduceHardware{});

/// The in-register sum of one 64-lane float32 vector as the AscendC ReduceSum page documents it: an
/// adjacent-pair binary tree (l0+l1, l2+l3, ..., then pairs of those, ...). lanes[count .. 64) count as +0.
float RegisterTreeSum(const float* lanes, int count);

/// AscendC ReduceSum<float, Pattern::Reduce::AR> over one chunk of `len` values (docs/ops/README.md step 6):
/// the chunk zero-padded to a multiple of 8 floats (one 32-byte block); up to one 64-lane register: the
/// register tree; longer: tail onto the main part (mainR = 64 * 2^k, the largest not above the padded
/// length), 16-block tree folds while more than 16 blocks remain, the last 2..16 blocks folded in halves,
/// then the register tree. `v` holds at least CeilAlign(len, 64) floats and is overwritten.
float ReduceSumAR(float* v, int64_t len);

/// ReduceSumAR over values read in place (kern::ChunkValues: a chunk of contiguous FLOAT / FLOAT16 / BF16
/// storage, optionally with the reduce template's pre-folded chunk b): the same float32 additions in the same
/// order as filling a buffer with the values (a + b for j < len2, a + 0 up to len) and calling ReduceSumAR on it
/// - so the same bits - without the buffer pass. Only for chunks of CeilAlign(len, 8) >= 2048 values (whose
/// main part has more than 16 blocks: kern::FoldChunkGroups does the first tree level); `v` holds at least
/// CeilAlign(len, 64) / 16 floats (scratch).
float ReduceSumARDirect(const kern::ChunkValues& c, float* v);

/// The smallest chunk ReduceSumARDirect takes (values).
constexpr int64_t kDirectMinChunk = 2048;

/// The Ascend 950 reduce-template order (docs/ops/README.md steps 3-6): parts = the group_r cores; per core,
/// the FindNearestPower2 pre-fold of chunk i with chunk i + pos, ReduceSumAR per chunk, the binary-counter
/// tree over the chunk results; Combine: ReduceSumAR over the group_r core sums when group_r > 1.
class ReduceTemplateOrder final : public ReduceOrder {
public:
    ReduceTemplateOrder(int64_t n, const ReduceTemplateTiling& tiling);
    int64_t Parts() const override;
    void PartRange(int64_t part, int64_t* begin, int64_t* end) const override;
    int64_t ScratchFloats() const override;
    float ReducePart(int64_t part, const ValueSource& values, float* scratch) const override;
    float Combine(float* partials, int64_t parts) const override;
    const ReduceTemplateTiling& tiling() const { return tiling_; }

private:
    int64_t n_;
    ReduceTemplateTiling tiling_;
};

/// The reduce-template order of n >= 1 elements (TileReduceTemplate, then ReduceTemplateOrder). Throws
/// std::bad_alloc like new.
std::shared_ptr<const ReduceOrder> MakeReduceTemplateOrder(int64_t n, aclDataType input_dtype,
                                                           const ReduceTemplateDag& dag,
                                                           const ReduceHardware& hw = ReduceHardware{});

// ------------------------------------------------------------------ plans

/// What happens after the sum.
struct ReduceFinish {
    /// ACL_FLOAT: the rows write float32 values, summed in `order`. ACL_INT64: the rows write int64 values
    /// (operand 0 then has dtype ACL_INT64, stride 8), summed with two's-complement wrap-around (exact, any
    /// order; `order` may be null), stored converted to out's dtype (exact/RNE; bool: != 0).
    aclDataType value_dtype = ACL_FLOAT;
    bool mean = false;          ///< multiply the float32 sum by mean_factor (one float32 multiply)
    float mean_factor = 1.0f;
    aclDataType round_to = ACL_FLOAT;  ///< P: the result is rounded (RNE) to P (FLOAT, FLOAT16, BF16) first
};

/// The operator's entry point for a reduction: plans the sum of the values that `kernel`'s rows compute from
/// the inputs ops.in[0 .. ops.num_inputs) of `tensors` (already validated: each broadcastable to `shape`,
/// non-empty), summed in `order` (for numel(shape) values), finished by `finish` and stored into the one
/// element of tensors[ops.out] (any rank, numel 1; ops.num_outputs 1: side outputs are PlanAxisReduce's). The
/// kernel's selector is asked once with operand 0 = (finish.value_dtype, contiguous). *workspace_size: 0 (the
/// engine keeps its partial sums itself).
/// Throws std::bad_alloc like new.
std::shared_ptr<const OpPlan> PlanReduce(const aclTensor* tensors, const ElementwiseOperands& ops,
                                         const BroadcastShape& shape, const ElementwiseKernel& kernel,
                                         std::shared_ptr<const ReduceOrder> order, const ReduceFinish& finish,
                                         uint64_t* workspace_size);

/// The normalised form of an operator's dim argument (PyTorch's maybe_wrap_dim): dim in [-rank, rank) becomes
/// dim mod rank in *out (rank 0 counts as rank 1: dims -1 and 0 name the scalar's one "dim"). False (nothing
/// written) when dim is out of range: the operator reports it with its own message.
bool NormalizeDim(int64_t dim, int64_t rank, int64_t* out);

/// The reduction of values over some dims of the broadcast shape (PyTorch's sum(dim, keepdim), CANN's
/// aclnnReduceSum): bit d of `reduce_dims` (d < shape.n, outermost first) set for each reduced dim, already
/// normalised and free of duplicates (NormalizeDim; the operator's own checks and messages). What an empty
/// dim list means is the operator's choice; a mask of 0 reduces no dim (each output element is its one
/// value, finished).
struct AxisReduce {
    uint32_t reduce_dims = 0;
    /// True: tensors[ops.out] has the broadcast rank, with 1 on each reduced dim. False: the reduced dims
    /// are removed (the kept dims in order; rank 0 when every dim is reduced).
    bool keepdim = false;
};

/// The operator's entry point for a reduction over dims: the values `kernel`'s rows compute from the inputs
/// (as for PlanReduce: float32 values into a contiguous buffer of the engine's, operand 0; the inputs any
/// dtype, strides, broadcast and offset, validated and broadcastable to `shape`), summed per output element
/// over its reduced slice and finished by `finish` into that element of tensors[ops.out] (the reduced shape
/// of `axes`, any strides; checked by the caller, who also refuses an output that overlaps an input).
/// Order: the R values of one slice (R = the product of the reduced dims) are taken in the row-major order of
/// the reduced dims and summed in `order`, an order for R values (R >= 1; null when R is 0, or for INT64
/// values): with MakeReduceTemplateOrder(R, ...), each slice is summed as the Ascend 950 reduce template sums
/// an all-axes reduction of R elements (pattern AR(1, R)) - a stand-in for the template's tiling of pattern
/// (A, R), which splits A across cores and is not modelled. A slice of no values sums to 0 (a mean then gets
/// 0 * mean_factor). Every output element's sum is one fixed sequence of float32 additions: the result
/// never depends on the thread count. INT64 values (finish.value_dtype) are summed exactly with wrap-around.
/// Side outputs (ops.num_outputs 2: tensors[ops.more_out[0]], of the broadcast shape, any strides): the rows
/// also write that tensor element by element while they compute the values (one pass over the inputs for an
/// operator whose kernel writes an element-wise result beside its reduction), row operand 1, the inputs from
/// operand 2 on. The caller guarantees the side output shares no memory with an input or the reduced output,
/// so that a value range asked again (the orders may) recomputes the same values and writes the same bits.
/// *workspace_size: 0. Throws std::bad_alloc like new.
std::shared_ptr<const OpPlan> PlanAxisReduce(const aclTensor* tensors, const ElementwiseOperands& ops,
                                             const BroadcastShape& shape, const ElementwiseKernel& kernel,
                                             const AxisReduce& axes, std::shared_ptr<const ReduceOrder> order,
                                             const ReduceFinish& finish, uint64_t* workspace_size);

/// A plan that writes `value` into every element of tensors[out] (any shape and strides): converted to out's
/// dtype (floating: RNE from double; integer or bool: NaN -> 0, else truncated toward zero and wrapped;
/// complex: (value, 0)). For the forward losses' empty inputs (mean: NaN, sum: 0). Throws std::bad_alloc.
std::shared_ptr<const OpPlan> PlanFill(const aclTensor* tensors, int out, double value);

}  // namespace engine
}  // namespace aclcpu
