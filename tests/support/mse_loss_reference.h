// An independent, deliberately plain model of aclnnMseLoss's arithmetic, written from the contract
// (docs/ops/mse_loss.md §5-§6), not from src/: the element value, the `none` rounding, and the summation order
// of each profile's MSELossV2 kernel as straight loops over the flattened element values. Hardware constants
// are the contract's assumptions (Ascend 950: 64 cores, UB 253952 bytes; A2/A3: 48, 196608; 310P: 8, 262144).
// float arithmetic only (the tests build with -ffp-contract=off: no FMA). Header-only, C++17. Uses
// l1_reference.h's profiles, dtype codes and conversions.
#pragma once

#include <cstdint>
#include <vector>

#include "support/l1_reference.h"

namespace mseref {

using l1ref::Profile;

/// The element: d = s - t, d * d, in float32 (s, t already the values in the promote type).
inline float Element(float s, float t) {
    const float d = s - t;
    return d * d;
}

/// A 64-lane register summed as an adjacent-pair tree, lanes past the data +0 (written recursively).
inline float Tree(const float* x, int64_t count) {
    std::vector<float> v(64, 0.0f);
    for (int64_t i = 0; i < count; ++i) v[i] = x[i];
    while (v.size() > 1) {
        std::vector<float> next(v.size() / 2);
        for (size_t i = 0; i < next.size(); ++i) next[i] = v[2 * i] + v[2 * i + 1];
        v = next;
    }
    return v[0];
}

/// Trees per 64-value repeat, repeated until one register remains, then a tree.
inline float Levels(std::vector<float> v) {
    while (v.size() > 64) {
        std::vector<float> r;
        for (size_t j = 0; j < v.size(); j += 64) r.push_back(Tree(&v[j], std::min<int64_t>(64, v.size() - j)));
        v = r;
    }
    return Tree(v.data(), static_cast<int64_t>(v.size()));
}

/// Ascend 950 counter-mode ReduceSum of a chunk.
inline float Counter950(const float* x, int64_t n) {
    if (n <= 64) return Tree(x, n);
    if (n > 256) return Levels(std::vector<float>(x, x + n));
    auto lane = [&](int64_t r, int64_t i) { return r * 64 + i < n ? x[r * 64 + i] : 0.0f; };
    float a[64];
    for (int64_t i = 0; i < 64; ++i) {
        if (n <= 128)
            a[i] = lane(0, i) + lane(1, i);
        else if (n <= 192)
            a[i] = (lane(0, i) + lane(1, i)) + lane(2, i);
        else
            a[i] = (lane(0, i) + lane(1, i)) + (lane(2, i) + lane(3, i));
    }
    return Tree(a, 64);
}

/// Ascend 950 MSELossV2: per-core blocks, chunks of ubFactor, sequential chunk sums, Kahan over cores, mean by
/// one division.
inline float Sum950(const std::vector<float>& q, bool mean) {
    const int64_t n = static_cast<int64_t>(q.size());
    const int64_t cores = 64, ub = 253952;
    int64_t bf = (n + cores - 1) / cores;
    bf = (bf + 31) / 32 * 32;
    const int64_t chunk = (ub / 4) / (n > 1024 ? 10 : 7) / 64 * 64;
    std::vector<float> partials;
    for (int64_t start = 0; start < n; start += bf) {
        const int64_t end = std::min(n, start + bf);
        float p = 0.0f;
        for (int64_t c = start; c < end; c += chunk) p = p + Counter950(&q[c], std::min(chunk, end - c));
        partials.push_back(p);
    }
    float total = 0.0f, comp = 0.0f;
    for (float p : partials) {
        const float y = p - comp;
        const float t = total + y;
        comp = (t - total) - y;
        total = t;
    }
    return mean ? total / static_cast<float>(n) : total;
}

/// Atlas A2/A3 (310P: is310p) MSELossV2: blocks of 32 bytes dealt to cores, tiles folded by bisection to 8
/// lanes, scaled (mean) per tile, accumulated per core; the cores' lanes summed by ReduceSum.
inline float SumAscendC(const std::vector<float>& q, int item, bool mean, bool is310p) {
    const int64_t n = static_cast<int64_t>(q.size());
    const int64_t hw_cores = is310p ? 8 : 48, ub = is310p ? 262144 : 196608;
    const int64_t elems = 32 / item, blocks = n / elems, tail_elems = n % elems;
    int64_t cores = hw_cores;
    if (blocks < cores * 128) cores = (blocks + 127) / 128;
    if (cores == 0) cores = 1;
    const int64_t per_core = blocks / cores, extra = blocks % cores;
    const int64_t usable = (ub - 32 * (cores + 1)) / 32;
    int64_t bpq = item == 4 ? usable / 2 : usable / 6;
    if (per_core / bpq > 1) bpq = item == 4 ? usable / 4 : usable / 8;
    const float scale = mean ? static_cast<float>(1.0 / static_cast<double>(n)) : 1.0f;
    std::vector<float> lanes(cores * 8, 0.0f);
    for (int64_t c = 0; c < cores; ++c) {
        const bool last = c == cores - 1;
        const int64_t first = c * per_core * elems;
        const int64_t my_blocks = per_core + (last ? extra : 0);
        std::vector<int64_t> tiles(my_blocks / bpq, bpq * elems);
        int64_t tail = (my_blocks % bpq) * elems + (last ? tail_elems : 0);
        if (tail > 0) tiles.push_back(tail);
        int64_t at = first;
        for (int64_t len : tiles) {
            std::vector<float> v(q.begin() + at, q.begin() + at + len);
            at += len;
            int64_t L = len;
            while (L > 8) {
                const int64_t half = (L + 15) / 16 * 8;
                for (int64_t i = 0; i + half < L; ++i) v[i] = v[i] + v[i + half];
                L = half;
            }
            for (int64_t i = 0; i < L; ++i) lanes[c * 8 + i] = v[i] * scale + lanes[c * 8 + i];
        }
    }
    if (is310p) return Levels(lanes);
    float acc = 0.0f;
    for (size_t j = 0; j < lanes.size(); j += 64) {
        const float r = Tree(&lanes[j], std::min<int64_t>(64, lanes.size() - j));
        acc = j == 0 ? r : acc + r;
    }
    return acc;
}

/// Whether the profile runs MSELossV2 (the orders modelled here): `nd` = self's and target's view formats are
/// equal and ND or NCL, on Ascend 950, A2, A3 and 310P. Otherwise MseLoss runs: the 950 reduce template (TBE on the
/// others, for which the reduce template stands in) - not modelled here (tests/engine/reduce_order_test.cpp models it).
inline bool RunsMseLossV2(Profile prof, bool nd) { return nd && prof != Profile::kAscend910; }

/// The MSELossV2 sum (mean or sum) of the element values q of a profile with RunsMseLossV2, before rounding
/// to the promote type.
inline float Sum(Profile prof, const std::vector<float>& q, int promote, bool mean) {
    const int item = promote == l1ref::kF32 ? 4 : 2;
    if (prof == Profile::kAscend910B || prof == Profile::kAscend910_93) return SumAscendC(q, item, mean, false);
    if (prof == Profile::kAscend310P) return SumAscendC(q, item, mean, true);
    return Sum950(q, mean);
}

}  // namespace mseref
