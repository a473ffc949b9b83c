// Reference model of aclnnReduceSum (docs/ops/reduce_sum.md), written from the contract and aclnn_reduce_sum.cpp read
// again, independently of src/: the first phase's verdict in CANN's check order, then per output element the sum of
// its slice (the reduced dims' elements in row-major order) of self cast to dtype - FLOAT16, FLOAT, BF16 as float32
// values summed in the reduce template's order (tests/support/forward_loss_reference.h, the losses' model of that
// order, with ReduceSumDag's buffer counts) and rounded to dtype; integers summed with wrap-around; BOOL: any.
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

#include "support/binary_reference.h"
#include "support/forward_loss_reference.h"

namespace reducesumref {

using l1ref::Profile;
using l1ref::View;

/// The dtype list of self, out and dtype.
inline bool InList(Profile prof, int d) {
    using namespace l1ref;
    return d == kF16 || d == kF32 || d == kS8 || d == kS16 || d == kS32 || d == kS64 || d == kU8 || d == kBool ||
           d == kF64 || d == kC64 || d == kC128 || (d == kBF16 && SupportsBF16(prof));
}

/// One element of self (linear element index e of its view) cast to dtype c by l0op::Cast's rule, as c's value.
inline long double CastTo(const View& self, int64_t e, int c) {
    using namespace l1ref;
    long double re, im;
    binref::CastIn(self, e, self.dtype, &re, &im);
    uint8_t buf[16] = {};
    binref::WriteCast(buf, c, self.dtype, re, im);
    return ReadValue(buf, c);
}

/// The verdict of aclnnReduceSum(self, dims, keepDims, dtype, out) and, when 0, out's elements in o_bytes.
inline int ReduceSum(Profile prof, const View& self, const std::vector<int64_t>& dims, bool keep, int dtype,
                     const View& out, uint8_t* o_bytes) {
    using namespace l1ref;
    if (self.null || out.null) return kNullptr;
    if (!InList(prof, self.dtype) || !InList(prof, out.dtype) || !InList(prof, dtype) || out.dtype != dtype) {
        return kInvalid;
    }
    if (self.shape.size() > 8) return kInvalid;
    const int64_t rank = std::max<int64_t>(static_cast<int64_t>(self.shape.size()), 1);
    std::vector<bool> red(static_cast<size_t>(rank), dims.empty());
    for (int64_t d : dims) {
        if (d >= rank || d < -rank) return kInvalid;
        const size_t k = static_cast<size_t>(d < 0 ? d + rank : d);
        if (red[k] && !dims.empty()) return kInvalid;
        red[k] = true;
    }
    if (NumelOf(self.shape) == 0) {  // FillScalar: 0 in every element of out
        if (binref::IsComplex(out.dtype)) return kInvalid;
        l1ref::ForEachIndex(out.shape, [&](const std::vector<int64_t>& idx) {
            binref::WriteCast(o_bytes + ElementIndex(out, idx) * DtSize(out.dtype), out.dtype, kF64, 0.0L, 0.0L);
        });
        return 0;
    }
    if (self.shape.empty()) {  // a 0-d self: out = self cast to dtype (one element)
        if (NumelOf(out.shape) != 1) return kInvalid;
        long double re, im;
        binref::CastIn(self, ElementIndex(self, {}), self.dtype, &re, &im);
        l1ref::ForEachIndex(out.shape, [&](const std::vector<int64_t>& idx) {
            binref::WriteCast(o_bytes + ElementIndex(out, idx) * DtSize(out.dtype), out.dtype, self.dtype, re, im);
        });
        return 0;
    }
    if (dtype == kF64 || binref::IsComplex(dtype)) return kInvalid;  // not implemented by aclcpu
    std::vector<int64_t> reduced, kept_dims, red_dims;
    for (size_t k = 0; k < self.shape.size(); ++k) {
        if (red[k]) {
            red_dims.push_back(self.shape[k]);
            if (keep) reduced.push_back(1);
        } else {
            kept_dims.push_back(self.shape[k]);
            reduced.push_back(self.shape[k]);
        }
    }
    const bool one = NumelOf(reduced) == 1 && NumelOf(out.shape) == 1;
    if (reduced != out.shape && !one) return kInvalid;
    const bool floating = dtype == kF32 || dtype == kF16 || dtype == kBF16;
    const int64_t slice = NumelOf(red_dims);
    fwdref::Dag dag;
    dag.pre_input = 1;
    dag.pre_temp = dtype == kF32 ? 0 : 1;
    dag.post_temp = dtype == kF32 ? 0 : 1;
    dag.reduce_first = dtype == kF32;
    const fwdref::Tiling tiling = fwdref::TilingFor(slice, DtSize(dtype), dag);
    // each output element: the kept dims' index; its slice in row-major order of the reduced dims
    l1ref::ForEachIndex(kept_dims, [&](const std::vector<int64_t>& kidx) {
        std::vector<float> values;
        int64_t isum = 0;
        l1ref::ForEachIndex(red_dims, [&](const std::vector<int64_t>& ridx) {
            std::vector<int64_t> full(self.shape.size());
            size_t a = 0, r = 0;
            for (size_t k = 0; k < self.shape.size(); ++k) full[k] = red[k] ? ridx[r++] : kidx[a++];
            const long double v = CastTo(self, ElementIndex(self, full), dtype);
            if (floating) {
                values.push_back(static_cast<float>(v));
            } else {
                isum = static_cast<int64_t>(static_cast<uint64_t>(isum) + static_cast<uint64_t>(static_cast<int64_t>(v)));
            }
        });
        std::vector<int64_t> oidx;  // out's index: the kept dims, 0 for kept reduced dims
        if (one) {
            oidx.assign(out.shape.size(), 0);
        } else {
            size_t a = 0;
            for (size_t k = 0; k < self.shape.size(); ++k) {
                if (!red[k]) {
                    oidx.push_back(kidx[a++]);
                } else if (keep) {
                    oidx.push_back(0);
                }
            }
        }
        uint8_t* o = o_bytes + ElementIndex(out, oidx) * DtSize(out.dtype);
        if (floating) {
            const float s = fwdref::TemplateSum(values, tiling);
            const long double r = s != s ? static_cast<long double>(s) : RoundTo(s, FormatOf(dtype));
            binref::WriteCast(o, out.dtype, dtype, r, 0.0L);
        } else if (dtype == kBool) {
            *o = isum != 0;
        } else {
            binref::WriteCast(o, out.dtype, kS64, static_cast<long double>(isum), 0.0L);
        }
    });
    return 0;
}

}  // namespace reducesumref

namespace opref {

/// aclnnReduceSum (reduce_sum_reference.h): self, out; dims (a[0].ints: the empty default), keepDims (a[1].i),
/// dtype (a[2].i).
inline int ReduceSum(l1ref::Profile prof, const l1ref::View* t, const aclcpu_test::opinfo::Arg* a, uint8_t* const* out) {
    uint64_t n = 0;  // the suite passes the table's default, an empty list (every dim); an aclIntArray is opaque
    if (a[0].ints == nullptr || aclGetIntArraySize(a[0].ints, &n) != 0 || n != 0) return kNotModelled;
    return reducesumref::ReduceSum(prof, t[0], {}, a[1].i != 0, static_cast<int>(a[2].i), t[1], out[0]);
}

}  // namespace opref
