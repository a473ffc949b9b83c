// An independent model of the forward regression losses aclnnL1Loss and aclnnSmoothL1Loss
// (docs/ops/l1_loss.md, docs/ops/smooth_l1_loss.md): the first phase's verdict in CANN's check order, and the
// results - element values in float32, and for mean/sum the documented Ascend 950 reduce-template order
// (docs/ops/README.md steps 1-7) re-implemented here with plain loops and vectors: the tiling of pattern
// AR(1, N) from the documented formulas, chunks, the FindNearestPower2 pre-fold, the in-chunk ReduceSum, the
// binary-counter tree, the groupR second pass. Shares nothing with src/; conversions from l1_reference.h.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "support/l1_reference.h"
#include "support/loss_grad_reference.h"

namespace fwdref {

using l1ref::Profile;
using l1ref::View;
namespace R = l1ref;

enum class FwdOp { kL1, kSmoothL1 };

// ------------------------------------------------------------------ the reduction order

/// The reduce template's R tiling of AR(1, N): chunk length, chunks per core, cores.
struct Tiling {
    int64_t ub = 0, per_core = 0, groups = 0;
};

/// DAG buffer counts as the operator files state them (docs/ops/l1_loss.md §6, smooth_l1_loss.md §6).
struct Dag {
    uint64_t pre_input = 2, pre_temp = 0, post_temp = 0;
    bool reduce_first = false;  ///< no compute before the reduce node: the input buffers count twice
};

/// The tiling for n elements of dsize-byte inputs, Ascend 950 constants (UB 253952, 64 cores, 256-byte cache
/// line and register, 32-byte block), unless `cores`/`ub_size` are given.
inline Tiling TilingFor(int64_t n, uint64_t dsize, const Dag& dag, uint64_t cores = 64, uint64_t ub_size = 253952) {
    const uint64_t N = static_cast<uint64_t>(n);
    const uint64_t ratio = (4 + dsize - 1) / dsize;
    const uint64_t block = 32 / dsize, line = 256 / dsize;
    const uint64_t avail = ub_size - 16384;
    const uint64_t in_buf = dag.pre_input * 2 * (dag.reduce_first ? 2 : 1), rest = dag.pre_temp,
                   post = dag.post_temp + 2;
    const uint64_t r = (N + block - 1) / block * block;
    const double basic = static_cast<double>(avail) / (static_cast<double>(in_buf + rest * ratio) +
                                                       static_cast<double>(post * ratio) / static_cast<double>(r));
    uint64_t res = static_cast<uint64_t>(basic * static_cast<double>(ratio) / static_cast<double>(r)) / 256 * 256;
    res = std::min<uint64_t>(std::max<uint64_t>(res, 512), 16384);
    const uint64_t bb = (avail - res * post) / (in_buf + rest * ratio) / 256 * 256;
    const uint64_t fit = bb * ratio / 4;  // floats a basic block holds
    Tiling t;
    uint64_t step = N, chunks = 1;
    if (N > line && (N + block - 1) / block * block > fit) {
        step = std::min(fit, N) / block * block;
        for (uint64_t s = step; s > line; --s) {
            const uint64_t c = s / block * block;
            const uint64_t outer = (N + c - 1) / c;
            const uint64_t used = outer / ((outer + cores - 1) / cores);
            if (static_cast<double>(used) / static_cast<double>(cores) > 0.95) {
                step = c;
                break;
            }
        }
        chunks = (N + step - 1) / step;
    }
    const uint64_t pc0 = (chunks + cores - 1) / cores;
    const uint64_t blocks = (chunks + pc0 - 1) / pc0;
    t.ub = static_cast<int64_t>(step);
    t.per_core = static_cast<int64_t>((chunks + blocks - 1) / blocks);
    t.groups = static_cast<int64_t>((chunks + static_cast<uint64_t>(t.per_core) - 1) / static_cast<uint64_t>(t.per_core));
    return t;
}

/// Adjacent-pair tree over a power-of-two count of values: tree(left half) + tree(right half).
inline float Tree(const std::vector<float>& v, size_t lo, size_t n) {
    return n == 1 ? v[lo] : Tree(v, lo, n / 2) + Tree(v, lo + n / 2, n / 2);
}

/// The 64-lane register sum (missing lanes +0).
inline float Register(std::vector<float> lanes) {
    lanes.resize(64, 0.0f);
    return Tree(lanes, 0, 64);
}

/// Halving fold of 2^k blocks of 64 lanes.
inline std::vector<float> FoldHalves(std::vector<std::vector<float>> blocks) {
    for (size_t size = blocks.size(); size > 1; size /= 2) {
        for (size_t i = 0; i < size / 2; ++i) {
            for (size_t l = 0; l < 64; ++l) blocks[i][l] += blocks[i + size / 2][l];
        }
    }
    return blocks[0];
}

/// AscendC ReduceSum (AR) of one chunk: pad to 8, tail onto main (64 * 2^k), 16-block folds, halves, register.
inline float ChunkSum(std::vector<float> v) {
    v.resize((v.size() + 7) / 8 * 8, 0.0f);
    if (v.size() <= 64) return Register(v);
    size_t main = 64;
    while (main * 2 <= v.size()) main *= 2;
    for (size_t j = main; j < v.size(); ++j) v[j - main] += v[j];
    std::vector<std::vector<float>> blocks;
    for (size_t b = 0; b < main / 64; ++b) blocks.emplace_back(v.begin() + b * 64, v.begin() + (b + 1) * 64);
    while (blocks.size() > 16) {
        std::vector<std::vector<float>> next;
        for (size_t g = 0; g < blocks.size(); g += 16) {
            next.push_back(FoldHalves(std::vector<std::vector<float>>(blocks.begin() + g, blocks.begin() + g + 16)));
        }
        blocks = next;
    }
    return Register(FoldHalves(blocks));
}

/// Tree over 2^k chunk results in the binary counter's operand order (newer + older).
inline float CounterTree(const std::vector<float>& r, size_t lo, size_t n) {
    return n == 1 ? r[lo] : CounterTree(r, lo + n / 2, n / 2) + CounterTree(r, lo, n / 2);
}

/// The float32 sum of `values` in the reduce-template order of tiling t.
inline float TemplateSum(const std::vector<float>& values, const Tiling& t) {
    std::vector<std::vector<float>> chunks;
    for (size_t s = 0; s < values.size(); s += static_cast<size_t>(t.ub)) {
        chunks.emplace_back(values.begin() + s, values.begin() + std::min(values.size(), s + static_cast<size_t>(t.ub)));
    }
    std::vector<float> cores;
    for (size_t c0 = 0; c0 < chunks.size(); c0 += static_cast<size_t>(t.per_core)) {
        const size_t count = std::min(chunks.size() - c0, static_cast<size_t>(t.per_core));
        size_t pos = 1;
        while (pos * 2 < count) pos *= 2;
        std::vector<float> results;
        for (size_t i = 0; i < pos; ++i) {
            std::vector<float> a = chunks[c0 + i];
            if (i + pos < count) {
                std::vector<float> b = chunks[c0 + i + pos];
                b.resize(a.size(), 0.0f);  // zero-padded: +0 is added to every lane
                for (size_t j = 0; j < a.size(); ++j) a[j] += b[j];
            }
            results.push_back(ChunkSum(a));
        }
        cores.push_back(CounterTree(results, 0, pos));
    }
    return cores.size() == 1 ? cores[0] : ChunkSum(cores);
}

// ------------------------------------------------------------------ the first phase

struct Decision {
    int status = 0;
    std::string why;
    int promote = -1;
    std::vector<int64_t> b;
    bool empty = false;
};

inline bool IsFloating(int d) { return d == R::kF64 || d == R::kF32 || d == R::kBF16 || d == R::kF16; }

inline Decision Decide(FwdOp op, Profile prof, const View& self, const View& target, int64_t reduction, float beta,
                       const View& out) {
    Decision d;
    auto fail = [&](int code, const char* why) {
        d.status = code;
        d.why = why;
        return d;
    };
    if (self.null || target.null || out.null) return fail(R::kNullptr, "null tensor");
    const bool bf16 = R::SupportsBF16(prof);
    if (op == FwdOp::kL1) {
        if (reduction < 0 || reduction > 2) return fail(R::kInvalid, "reduction");
        if (reduction == 0 && !IsFloating(self.dtype) && IsFloating(target.dtype)) return fail(R::kInvalid, "4a");
        if (reduction == 1 && !IsFloating(self.dtype) && !IsFloating(target.dtype)) return fail(R::kInvalid, "4b");
        d.promote = R::Promote(self.dtype, target.dtype);
        if (d.promote < 0) return fail(R::kInvalid, "promote");
        const int p = d.promote;
        if (!(p == R::kF32 || p == R::kF16 || p == R::kS64 || (p == R::kBF16 && bf16))) return fail(R::kInvalid, "list");
        if (!R::Castable(p, out.dtype)) return fail(R::kInvalid, "cast");
    } else {
        if (!lossref::IsFloatListed(prof, self.dtype) || !lossref::IsFloatListed(prof, target.dtype)) {
            return fail(R::kInvalid, "list");
        }
        d.promote = R::Promote(self.dtype, target.dtype);
        if (d.promote < 0) return fail(R::kInvalid, "promote");
        if (!R::Castable(d.promote, out.dtype)) return fail(R::kInvalid, "cast");
        if (reduction < 0 || reduction > 2) return fail(R::kInvalid, "reduction");
    }
    if (self.shape.size() > 8 || target.shape.size() > 8) return fail(R::kInvalid, "dims");
    if (!R::BroadcastShapes(self.shape, target.shape, &d.b)) return fail(R::kInvalid, "broadcast");
    if (reduction == 0 && out.shape != d.b) return fail(R::kInvalid, "out shape");
    if (reduction != 0 && op == FwdOp::kL1 && !out.shape.empty()) return fail(R::kInvalid, "out not 0-d");
    if (reduction != 0 && op == FwdOp::kSmoothL1 && R::NumelOf(out.shape) != 1) return fail(R::kInvalid, "numel 1");
    std::string why;
    if (!lossref::detail::ViewsValid({&self, &target, &out}, out, &why)) return fail(R::kInvalid, "views");
    if (op == FwdOp::kSmoothL1 && !(beta >= 0.0f)) return fail(R::kInvalid, "beta");
    d.empty = R::NumelOf(self.shape) == 0 || R::NumelOf(target.shape) == 0;
    return d;
}

// ------------------------------------------------------------------ the second phase

/// One element's float32 value; s, t exact input values.
inline float Element(FwdOp op, Profile prof, int P, float beta, long double s_in, long double t_in) {
    const float s = static_cast<float>(R::RoundTo(s_in, R::FormatOf(P)));
    const float t = static_cast<float>(R::RoundTo(t_in, R::FormatOf(P)));
    const float d = s - t;
    const float a = std::fabs(d);
    if (op == FwdOp::kL1) return a;
    float mult;
    if (R::IsArch35(prof)) {
        mult = std::fabs(beta) < 1e-6f ? 0.0f : 1.0f / beta;
    } else {
        mult = 1.0f / beta;
    }
    const float q = d * (d * 0.5f);
    const float l = a + (-0.5f * beta);
    return a < beta ? q * mult : l;
}

inline void WriteInt(uint8_t* p, int d, int64_t v) {
    switch (d) {
        case R::kF32: case R::kF16: case R::kBF16: case R::kF64: case R::kC64: case R::kC128:
            R::WriteValue(p, d, R::RoundTo(static_cast<long double>(v), d == R::kF64 || d == R::kC128
                                                                          ? R::Format{53, -1022, 1023}
                                                                          : R::FormatOf(d == R::kC64 ? R::kF32 : d)));
            break;
        case R::kBool: *p = v != 0; break;
        default: std::memcpy(p, &v, R::DtSize(d)); break;  // little-endian low bytes
    }
}

inline int64_t ReadInt(const uint8_t* p, int d) {
    switch (d) {
        case R::kS8: return static_cast<int8_t>(*p);
        case R::kU8: case R::kBool: return d == R::kBool ? (*p != 0) : *p;
        case R::kS16: { int16_t v; std::memcpy(&v, p, 2); return v; }
        case R::kU16: { uint16_t v; std::memcpy(&v, p, 2); return v; }
        case R::kS32: { int32_t v; std::memcpy(&v, p, 4); return v; }
        case R::kU32: { uint32_t v; std::memcpy(&v, p, 4); return v; }
        default: { int64_t v; std::memcpy(&v, p, 8); return v; }
    }
}

/// The forward loss's result written into out_bytes (a snapshot of out's buffer); inputs from snapshots.
inline void Compute(FwdOp op, Profile prof, const Decision& d, int64_t reduction, float beta, const View& self,
                    const View& target, const View& out, uint8_t* out_bytes) {
    if (d.status != 0) return;
    const size_t ssz = R::DtSize(self.dtype), tsz = R::DtSize(target.dtype), osz = R::DtSize(out.dtype);
    const std::vector<int64_t> zero(out.shape.size(), 0);
    uint8_t* out0 = out_bytes + R::ElementIndex(out, zero) * osz;
    if (d.empty) {
        if (reduction != 0) {
            if (reduction == 1 && (IsFloating(out.dtype) || out.dtype == R::kC64 || out.dtype == R::kC128)) {
                R::WriteValue(out0, out.dtype, NAN);
            } else {
                WriteInt(out0, out.dtype, 0);
            }
        }
        return;
    }
    if (d.promote == R::kS64) {
        uint64_t sum = 0;
        R::ForEachIndex(d.b, [&](const std::vector<int64_t>& idx) {
            const int64_t s = ReadInt(self.data + R::BroadcastElementIndex(self, idx) * ssz, self.dtype);
            const int64_t t = ReadInt(target.data + R::BroadcastElementIndex(target, idx) * tsz, target.dtype);
            const uint64_t diff = static_cast<uint64_t>(s) - static_cast<uint64_t>(t);
            const uint64_t a = static_cast<int64_t>(diff) < 0 ? 0 - diff : diff;
            if (reduction == 0) {
                WriteInt(out_bytes + R::ElementIndex(out, idx) * osz, out.dtype, static_cast<int64_t>(a));
            }
            sum += a;
        });
        if (reduction == 2) WriteInt(out0, out.dtype, static_cast<int64_t>(sum));
        return;
    }
    std::vector<float> values;
    R::ForEachIndex(d.b, [&](const std::vector<int64_t>& idx) {
        const long double s = R::ReadValue(self.data + R::BroadcastElementIndex(self, idx) * ssz, self.dtype);
        const long double t = R::ReadValue(target.data + R::BroadcastElementIndex(target, idx) * tsz, target.dtype);
        const float e = Element(op, prof, d.promote, beta, s, t);
        if (reduction == 0) {
            R::WriteValue(out_bytes + R::ElementIndex(out, idx) * osz, out.dtype, R::RoundTo(e, R::FormatOf(d.promote)));
        } else {
            values.push_back(e);
        }
    });
    if (reduction == 0) return;
    const int64_t n = static_cast<int64_t>(values.size());
    const float cof = static_cast<float>(1.0 / static_cast<double>(n));
    const bool scale_first = op == FwdOp::kL1 && !R::IsArch35(prof) && reduction == 1;  // TBE lp_loss: loss * cof
    if (scale_first) {
        for (float& v : values) v = v * cof;
    }
    const uint64_t dsize = R::DtSize(d.promote);
    Dag dag;
    if (op == FwdOp::kL1) {
        dag.pre_temp = d.promote == R::kF32 ? 1 : 2;
        dag.post_temp = (reduction == 1 ? 1 : 0) + (d.promote == R::kF32 ? 0 : 1);
    } else {
        dag.pre_temp = d.promote == R::kF32 ? 4 : 5;
        dag.post_temp = (reduction == 1 ? 1 : 0) + (d.promote == R::kF32 ? 0 : 1);
    }
    float sum = TemplateSum(values, TilingFor(n, dsize, dag));
    if (reduction == 1 && !scale_first) sum = sum * cof;
    R::WriteValue(out0, out.dtype, R::RoundTo(sum, R::FormatOf(d.promote)));
}

}  // namespace fwdref
