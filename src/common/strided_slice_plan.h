// TensorFlow's StridedSlice plan, shared by aclnnStridedSlice's first-phase checks (src/op/reference_checks_conversion.h:
// the spec's validity and out's shape) and its reference formula (src/reference/aten_formulas_conversion.h: the
// elements read): one rule in one place. Plain C++ (no ATen, no aclcpu state). Facts: the semantics of CANN's
// StridedSlice op (hicann/ops-math conversion/strided_slice), whose infershape follows ValidateStridedSliceOp.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace aclcpu {
namespace strided_slice {

/// TensorFlow's StridedSlice plan (the semantics of CANN's StridedSlice op, whose infershape follows
/// ValidateStridedSliceOp): the sparse spec (begin / end / strides with the masks; an implicit ellipsis at the end
/// when none is given) made dense over self's dims, then per dense dim the canonical begin, the stride and the size;
/// the final shape drops the shrunk dims and inserts the new axes. ok false with err on an invalid spec.
struct StridedSlicePlanT {
    bool ok = true;
    std::string err;
    std::vector<int64_t> begin, stride, size;  // per dense dim
    std::vector<int64_t> final_shape;
};

inline StridedSlicePlanT PlanStridedSlice(const std::vector<int64_t>& shape, const std::vector<int64_t>& b,
                                          const std::vector<int64_t>& e, const std::vector<int64_t>& s,
                                          int64_t beginMask, int64_t endMask, int64_t ellipsisMask,
                                          int64_t newAxisMask, int64_t shrinkAxisMask) {
    StridedSlicePlanT p;
    const int64_t n = static_cast<int64_t>(b.size());
    auto bit = [](int64_t mask, int64_t i) { return i < 63 && ((mask >> i) & 1) != 0; };
    int64_t ellipsis = -1;
    for (int64_t i = 0; i < n; ++i) {
        if (bit(ellipsisMask, i)) {
            ellipsis = i;
            break;
        }
    }
    int64_t sdims = n;
    int64_t after = 0;  // new axes after the ellipsis
    if (ellipsis < 0) {
        ellipsis = n;  // the implicit ellipsis at the end
        sdims = n + 1;
    } else {
        for (int64_t i = ellipsis + 1; i < n; ++i) after += bit(newAxisMask, i) ? 1 : 0;
    }
    const int64_t dense = static_cast<int64_t>(shape.size());
    std::vector<int64_t> db(dense, 0), de(dense, 0), ds(dense, 1), gather;
    std::vector<bool> bm(dense, false), em(dense, false), sh(dense, false);
    int64_t full = 0;
    for (int64_t i = 0; i < sdims; ++i) {
        if (i == ellipsis) {
            const int64_t next = std::min(dense - (sdims - i) + 1 + after, dense);
            for (; full < next; ++full) {
                bm[full] = em[full] = true;
                gather.push_back(full);
            }
        } else if (bit(newAxisMask, i)) {
            gather.push_back(-1);
        } else {
            if (full >= dense) {
                p.ok = false;
                p.err = "Index out of range using input dim " + std::to_string(full) + "; input has only " +
                        std::to_string(dense) + " dims";
                return p;
            }
            db[full] = b[i];
            de[full] = e[i];
            ds[full] = s[i];
            bm[full] = bit(beginMask, i);
            em[full] = bit(endMask, i);
            sh[full] = bit(shrinkAxisMask, i);
            gather.push_back(sh[full] ? -2 : full);
            ++full;
        }
    }
    for (int64_t d = 0; d < dense; ++d) {
        const int64_t dim = shape[d], st = ds[d];
        if (sh[d]) {
            const int64_t x = db[d] < 0 ? dim + db[d] : db[d];
            if (x < 0 || x >= dim) {
                p.ok = false;
                p.err = "slice index " + std::to_string(db[d]) + " of dimension " + std::to_string(d) +
                        " out of bounds.";
                return p;
            }
            p.begin.push_back(x);
            p.stride.push_back(1);
            p.size.push_back(1);
            continue;
        }
        const int64_t lo = st > 0 ? 0 : -1, hi = st > 0 ? dim : dim - 1;
        auto canonical = [&](int64_t x, bool masked, bool is_end) {
            if (masked) return (st > 0) != is_end ? lo : hi;
            const int64_t f = x < 0 ? dim + x : x;
            return f < lo ? lo : (f > hi ? hi : f);
        };
        const int64_t bb = canonical(db[d], bm[d], false), ee = canonical(de[d], em[d], true);
        const int64_t len = ee - bb;
        int64_t size = 0;
        if (len != 0 && (len < 0) == (st < 0)) size = len / st + (len % st != 0 ? 1 : 0);
        p.begin.push_back(bb);
        p.stride.push_back(st);
        p.size.push_back(size);
    }
    for (int64_t g : gather) {
        if (g == -1) p.final_shape.push_back(1);
        if (g >= 0) p.final_shape.push_back(p.size[g]);
    }
    return p;
}

}  // namespace strided_slice
}  // namespace aclcpu
