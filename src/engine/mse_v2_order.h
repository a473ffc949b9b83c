// The summation orders of CANN's MSELossV2 kernels (the kernel aclnnMseLoss runs for ND/NCL views on Ascend 950,
// Atlas A2/A3 and Atlas inference 310P), as pure functions of the element count, the dtype, the hardware
// constants and a source of float32 element values (docs/ops/mse_loss.md §5.2, §5.4). Sources, in
// hicann/ops-nn: loss/mse_loss_v2/op_host/arch35/mse_loss_v2_tiling_arch35.cpp and
// op_kernel/arch35/mse_loss_v2.h (Ascend 950); op_host/arch22/mse_loss_v2_tiling.cpp and
// op_kernel/mse_loss_v2_base.h, _sum.h, _mean.h (A2/A3, 310P); the level-0 AscendC::ReduceSum orders as
// docs/ops/README.md describes them (asc-devkit impl/basic_api/dav_3510/kernel_operator_vec_reduce_impl.h,
// and the ReduceSum API page for A2/A3 and 310P).
//
// Every function here is deterministic: the result depends on the arguments only, never on threads. All
// arithmetic is float32, round to nearest even, no FMA (-ffp-contract=off), no extended precision.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "engine/reduce.h"

namespace aclcpu {
namespace engine {

/// The platform values the MSELossV2 tilings read: GetCoreNumAiv() and GetCoreMemSize(UB) (bytes).
struct MseV2Hardware {
    int64_t aiv_cores;
    int64_t ub_bytes;
};

/// Ascend 950: 64 vector cores (the arch35 kernel's MSE_MAX_CORE_NUM comment) and UB 253952 bytes (ops-nn's
/// arch35 tiling unit tests). Assumptions until a device confirms (docs/ops/README.md open question 1).
constexpr MseV2Hardware kHw950{64, 253952};
/// Atlas A2/A3 (910B, 910_93): 48 AIV cores (vector_core_cnt of the 24-cube-core parts) and UB 196608 bytes
/// (192 KiB). Assumptions (open question 1): SKUs with fewer cores give other sums.
constexpr MseV2Hardware kHwA2{48, 196608};
/// Atlas inference 310P: 8 vector cores, UB 262144 bytes (256 KiB). Assumptions (open question 1).
constexpr MseV2Hardware kHw310P{8, 262144};

// Values come from the reduction engine's ValueSource (engine/reduce.h: Fill(begin, n, dst) writes the
// float32 values of linear elements [begin, begin + n)); one 64-lane register is summed by reduce.h's
// RegisterTreeSum (the adjacent-pair tree, inactive lanes +0).

// ------------------------------------------------------------------------------------------- in-register sums

/// Level-wise trees: while more than 64 values remain, each 64-value repeat is reduced by RegisterTreeSum
/// (the last one shorter) and the results replace the values; then one RegisterTreeSum. (ReduceSum
/// "method 1": tree within and across repeats - Ascend 910/310P, and Ascend 950 beyond 4 registers.)
float LevelTreeSum(const float* x, int64_t count);

/// Ascend 950 level-0 AscendC::ReduceSum(dst, src, tmp, count), counter mode (DispatchReduceSumCounterMode):
/// count <= 64: one tree; <= 128: tree(v0 + v1); <= 192: tree((v0 + v1) + v2); <= 256: tree((v0 + v1) +
/// (v2 + v3)) (lane-wise adds, the last register masked to the count); larger: LevelTreeSum. count >= 1.
float Arch35ReduceSum(const float* x, int64_t count);

/// Atlas A2/A3 level-2 AscendC::ReduceSum<float>(dst, src, tmp, count) ("method 2"): a RegisterTreeSum per
/// 64-value repeat (the last one shorter), the repeat results added in order, starting from the first.
float A2ReduceSum(const float* x, int64_t count);

// ------------------------------------------------------------------------------------ Ascend 950 (arch35)

/// MSELossV2 arch35 tiling (mse_loss_v2_tiling_arch35.cpp): block_factor = CeilAlign(CeilDiv(n, cores), 32)
/// elements per core, used_cores = CeilDiv(n, block_factor), ub_factor = FloorAlign(FloorDiv(ub / 4,
/// n > 1024 ? 10 : 7), 64) elements per chunk. n >= 1.
struct Arch35MseV2Tiling {
    int64_t n = 0;
    int64_t block_factor = 0;
    int64_t used_cores = 0;
    int64_t ub_factor = 0;
};
Arch35MseV2Tiling TileArch35MseV2(int64_t n, const MseV2Hardware& hw);

/// One core's partial (ProcessReduce phase 1): elements [core * block_factor, min(n, (core + 1) *
/// block_factor)) in chunks of ub_factor (the last shorter); partial = ((0 + s_0) + s_1) + ..., s_k =
/// Arch35ReduceSum of chunk k's values. `buf` holds at least ub_factor floats.
float Arch35CorePartial(const Arch35MseV2Tiling& t, int64_t core, const ValueSource& values, float* buf);

/// Cross-core combination on core 0 (phase 2): Kahan summation of partials[0 .. n) in core order, from
/// total = comp = 0: y = p - comp; s = total + y; comp = (s - total) - y; total = s.
float KahanSum(const float* partials, int64_t n);

/// The whole arch35 sum (mean: the Kahan total divided by (float)n, one IEEE division). Serial reference
/// of the parallel plan; `n` >= 1.
float Arch35MseV2Total(int64_t n, const MseV2Hardware& hw, bool mean, const ValueSource& values);

// ------------------------------------------------------------------------------- A2/A3, 310P (AscendC)

/// MSELossV2 tiling of op_host/arch22/mse_loss_v2_tiling.cpp for n >= 1 elements of `item_bytes` (4 FLOAT,
/// 2 FLOAT16/BFLOAT16). Lengths in elements.
struct AscendCMseV2Tiling {
    int64_t n = 0;
    int64_t elems = 0;             ///< elements per 32-byte block: 8 or 16
    int64_t core_num = 0;          ///< cores launched (block dim)
    int64_t block_per_core = 0;    ///< blocks of every core but the last's extra
    int64_t tail_blocks = 0;       ///< extra blocks of the last core
    int64_t tail_elems = 0;        ///< n mod elems, taken by the last core
    int64_t buffer_num = 0;        ///< 1 or 2
    int64_t tile_length = 0;       ///< elements of a full tile (blockPerQue * elems)
    int64_t epochs = 0;            ///< full tiles of a core (not the last)
    int64_t tail_tile_length = 0;  ///< elements of a core's tail tile (not the last)
    int64_t epochs_last = 0;
    int64_t tail_tile_length_last = 0;
    float scale = 0.0f;  ///< (float)(1.0 / (double)n)
};
AscendCMseV2Tiling TileAscendCMseV2(int64_t n, int item_bytes, const MseV2Hardware& hw);

/// Folds one tile of L values in place (ReduceSumBisect): while L > 8: off = ceil(L / 16) * 8; q[i] += q[i +
/// off] for i < L - off; L = off. Then q[i] *= scale and acc[i] = q[i] + acc[i] for i < L.
void BisectFold(float* q, int64_t L, float scale, float acc[8]);

/// One core's 8 accumulator lanes (from +0): its full tiles, then its tail tile (the last core's tail tile
/// also holds tail_elems elements), each folded with scale (mean: t.scale; sum: 1.0f). `buf` holds at least
/// tile_length + 16 floats.
void AscendCCoreLanes(const AscendCMseV2Tiling& t, int64_t core, bool mean, const ValueSource& values, float* buf,
                      float acc[8]);

/// The final sum of core 0 over core_num * 8 lanes: A2ReduceSum (A2/A3) or LevelTreeSum (310P).
float AscendCFinalSum(const float* lanes, int64_t count, bool is_310p);

/// The whole AscendC sum (mean scaled per tile); serial reference of the parallel plan; n >= 1.
float AscendCMseV2Total(int64_t n, int item_bytes, const MseV2Hardware& hw, bool mean, bool is_310p,
                        const ValueSource& values);

// ------------------------------------------------------------------------- the orders for PlanReduce

/// Which MSELossV2 order (docs/ops/mse_loss.md §6).
enum class MseV2Order : int32_t {
    kArch35,  ///< Ascend 950 MSELossV2 arch35: chunk ReduceSum, sequential per core, Kahan across cores
    kA2,      ///< Atlas A2/A3 MSELossV2: bisection fold to 8 lanes per tile, ReduceSum method 2 across cores
    k310P,    ///< Atlas inference 310P MSELossV2: as kA2, ReduceSum method 1 across cores
};

/// The Ascend 950 order as a ReduceOrder: parts = the used cores (Arch35CorePartial); Combine = KahanSum,
/// then for mean the division by (float)n. The plan's ReduceFinish must not scale again (mean = false).
class MseV2Arch35Order final : public ReduceOrder {
public:
    MseV2Arch35Order(int64_t n, const MseV2Hardware& hw, bool mean);
    int64_t Parts() const override;
    void PartRange(int64_t part, int64_t* begin, int64_t* end) const override;
    int64_t ScratchFloats() const override;
    float ReducePart(int64_t part, const ValueSource& values, float* scratch) const override;
    float Combine(float* partials, int64_t parts) const override;

private:
    Arch35MseV2Tiling t_;
    bool mean_;
};

/// The A2/A3 and 310P order as a ReduceOrder: parts = the launched cores; a part's sum is the register tree
/// of its 8 accumulator lanes (AscendCCoreLanes, mean scaled per tile), which is exactly what the first three
/// levels of the final ReduceSum's 64-lane tree make of that core's 8 lanes (8 divides 64, so every core's
/// lanes form one aligned subtree; missing cores are +0). Combine: the tree of each run of 8 part sums (one
/// 64-float repeat), then the repeat results in order (A2/A3) or as a tree (310P) - AscendCFinalSum over the
/// lanes, bit for bit. The plan's ReduceFinish must not scale (mean = false).
class MseV2AscendCOrder final : public ReduceOrder {
public:
    MseV2AscendCOrder(int64_t n, int item_bytes, const MseV2Hardware& hw, bool mean, bool is_310p);
    int64_t Parts() const override;
    void PartRange(int64_t part, int64_t* begin, int64_t* end) const override;
    int64_t ScratchFloats() const override;
    float ReducePart(int64_t part, const ValueSource& values, float* scratch) const override;
    float Combine(float* partials, int64_t parts) const override;

private:
    AscendCMseV2Tiling t_;
    bool mean_;
    bool is_310p_;
};

/// The order of `kind` for n >= 1 values whose kernel dtype (the promote type) has `item_bytes` bytes, with
/// the hardware constants of that product (kHw950, kHwA2, kHw310P). Throws std::bad_alloc like new.
std::shared_ptr<const ReduceOrder> MakeMseV2Order(MseV2Order kind, int64_t n, int item_bytes, bool mean);

}  // namespace engine
}  // namespace aclcpu
