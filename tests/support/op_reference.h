// The reference model behind one uniform signature, for the table-driven suite's random sweep
// (tests/operators/op_table_test.cpp, OpTableReference): an operator entry names its function with the
// table field kernel.reference_fn (ops/operators.yaml), and the generator (tools/opgen/gen_ops.py,
// tests/op_infos.inc) stores &opref::<name> in its OpInfo. Each function adapts one operator's model (the
// headers below: the first phase's verdict and the second phase's bits, written independently of the
// operator code from the public sources) to
//     int Fn(l1ref::Profile prof, const l1ref::View* t, const opinfo::Arg* a, uint8_t* const* out)
// t: the entry's tensors in executor order (inputs, then outputs; data = a host snapshot of the bytes at each
// tensor's data address); a: its non-tensor arguments in parameter order; out[j]: a copy of output j's
// buffer, into which the expected result is written (elements the call leaves alone keep their bytes).
// Returns the expected status of the first phase (0, 161001, 161002), or kNotModelled for a call the model
// does not cover (the sweep skips it and counts it). The losses' adapters are below; an operator family whose
// model lives in one header defines its adapters at that header's end (relu_reference.h, leaky_relu_reference.h), included here.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "support/binary_reference.h"
#include "support/clamp_reference.h"
#include "support/reduce_sum_reference.h"
#include "support/copy_reference.h"
#include "support/fill_reference.h"
#include "support/forward_loss_reference.h"
#include "support/hard_swish_reference.h"
#include "support/l1_reference.h"
#include "support/leaky_relu_reference.h"
#include "support/loss_grad_reference.h"
#include "support/mse_loss_reference.h"
#include "support/op_info.h"
#include "support/prelu_reference.h"
#include "support/relu_reference.h"
#include "support/unary_reference.h"

namespace opref {

using aclcpu_test::opinfo::Arg;
using l1ref::Profile;
using l1ref::View;


/// aclnnL1LossBackward (l1_reference.h): gradOutput, self, target, gradInput; reduction.
inline int L1LossBackward(Profile prof, const View* t, const Arg* a, uint8_t* const* out) {
    const l1ref::Decision d = l1ref::Decide(prof, t[0], t[1], t[2], a[0].i, t[3]);
    l1ref::Compute(prof, d, t[0], t[1], t[2], t[3], out[0]);
    return d.status;
}

/// aclnnMseLossBackward (loss_grad_reference.h): gradOutput, self, target, out; reduction.
inline int MseLossBackward(Profile prof, const View* t, const Arg* a, uint8_t* const* out) {
    const lossref::LossDecision d = lossref::DecideMse(prof, t[0], t[1], t[2], a[0].i, t[3]);
    lossref::Compute(lossref::Op::kMse, prof, d, 0.0f, t[0], t[1], t[2], t[3], out[0]);
    return d.d.status;
}

/// aclnnSmoothL1LossBackward (loss_grad_reference.h): gradOut, self, target, gradInput; reduction, beta.
inline int SmoothL1LossBackward(Profile prof, const View* t, const Arg* a, uint8_t* const* out) {
    const float beta = static_cast<float>(a[1].f);
    const lossref::LossDecision d = lossref::DecideSmoothL1(prof, t[0], t[1], t[2], a[0].i, beta, t[3]);
    lossref::Compute(lossref::Op::kSmoothL1, prof, d, beta, t[0], t[1], t[2], t[3], out[0]);
    return d.d.status;
}

/// aclnnL1Loss (forward_loss_reference.h): self, target, out; reduction.
inline int L1Loss(Profile prof, const View* t, const Arg* a, uint8_t* const* out) {
    const fwdref::Decision d = fwdref::Decide(fwdref::FwdOp::kL1, prof, t[0], t[1], a[0].i, 0.0f, t[2]);
    fwdref::Compute(fwdref::FwdOp::kL1, prof, d, a[0].i, 0.0f, t[0], t[1], t[2], out[0]);
    return d.status;
}

/// aclnnSmoothL1Loss (forward_loss_reference.h): self, target, result; reduction, beta.
inline int SmoothL1Loss(Profile prof, const View* t, const Arg* a, uint8_t* const* out) {
    const float beta = static_cast<float>(a[1].f);
    const fwdref::Decision d = fwdref::Decide(fwdref::FwdOp::kSmoothL1, prof, t[0], t[1], a[0].i, beta, t[2]);
    fwdref::Compute(fwdref::FwdOp::kSmoothL1, prof, d, a[0].i, beta, t[0], t[1], t[2], out[0]);
    return d.status;
}

/// aclnnMseLoss (mse_loss_reference.h): self, target, out; reduction. The first phase as
/// docs/ops/mse_loss.md §4 (promote, then each dtype in FLOAT, FLOAT16, BFLOAT16 where supported; reduction;
/// dims; broadcast; out's shape), the elements (mseref::Element) and the MSELossV2 sums of the profiles that
/// run it for ND tensors; the other sums (Ascend 910's reduce template) are not modelled here
/// (tests/operators/mse_loss_test.cpp covers them).
inline int MseLoss(Profile prof, const View* t, const Arg* a, uint8_t* const* out) {
    const View &self = t[0], &target = t[1], &o = t[2];
    const int64_t red = a[0].i;
    if (self.null || target.null || o.null) return l1ref::kNullptr;
    const int p = l1ref::Promote(self.dtype, target.dtype);
    for (int d : {p, self.dtype, target.dtype, o.dtype}) {
        if (!lossref::IsFloatListed(prof, d)) return l1ref::kInvalid;
    }
    if (red < 0 || red > 2) return l1ref::kInvalid;
    if (self.shape.size() > 8 || target.shape.size() > 8) return l1ref::kInvalid;
    std::vector<int64_t> b;
    if (!l1ref::BroadcastShapes(self.shape, target.shape, &b)) return l1ref::kInvalid;
    if (red == 0 ? o.shape != b : !o.shape.empty()) return l1ref::kInvalid;
    const size_t osz = l1ref::DtSize(o.dtype);
    const bool empty = l1ref::NumelOf(self.shape) == 0 || l1ref::NumelOf(target.shape) == 0;
    if (empty) {
        if (red != 0) l1ref::WriteValue(out[0] + o.offset * osz, o.dtype, red == 1 ? NAN : 0.0L);
        return 0;
    }
    if (red != 0 && !mseref::RunsMseLossV2(prof, true)) return kNotModelled;
    const l1ref::Format& fp = l1ref::FormatOf(p);
    std::vector<float> q;
    l1ref::ForEachIndex(b, [&](const std::vector<int64_t>& idx) {
        auto value = [&](const View& v) {
            const long double x =
                l1ref::ReadValue(v.data + l1ref::BroadcastElementIndex(v, idx) * l1ref::DtSize(v.dtype), v.dtype);
            return static_cast<float>(l1ref::RoundTo(x, fp));
        };
        const float e = mseref::Element(value(self), value(target));
        if (red == 0) l1ref::WriteValue(out[0] + l1ref::ElementIndex(o, idx) * osz, o.dtype, l1ref::RoundTo(e, fp));
        q.push_back(e);
    });
    if (red != 0) {
        l1ref::WriteValue(out[0] + o.offset * osz, o.dtype, l1ref::RoundTo(mseref::Sum(prof, q, p, red == 1), fp));
    }
    return 0;
}

}  // namespace opref
