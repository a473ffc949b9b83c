// The reference formulas' helpers of the nn_rnn family (ops/families/nn_rnn.yaml; docs/ops/nn_rnn.md): each operator's
// computation as its aclnn documentation states it, by ATen in float32 (FLOAT16 widened), each result rounded once to
// its output's dtype by the writer. Included at the end of reference/aten_formulas.h (through the generated
// reference/family_formulas.inc). Needs ATen.
#pragma once

#include <ATen/ATen.h>

#include <tuple>

namespace aclcpu {
namespace ref {

/// aclnnThnnFusedLstmCell: gates = inputGates + hiddenGates (+ inputBias + hiddenBias, zeros when absent: the op_api
/// allocates zero biases), split along the last dim into [i, f, g, o] - the kernel's layout (op_kernel/
/// thnn_fused_lstm_cell.h: the f block at offset H, the cell gate g at 2H, for the gates, the biases and storage; the
/// backward kernel's OFFSET_I/F/J/O = 0/1/2/3; torch_npu's lstm_cell hands PyTorch's [i, f, g, o] weights' products
/// to it unchanged). aclnnThnnFusedLstmCell.md's prose writes [i, g, f, o]; the kernel is followed. Sigmoid of i, f,
/// o, tanh of g; cy = f * cx + i * g; hy = o * tanh(cy); storage the four activated gates in that layout. ATen's
/// _thnn_fused_lstm_cell has no CPU kernel in ATen 1.13, so the formula is written out. Float32; rounded once to
/// the outputs' dtype (inputGates').
inline std::tuple<at::Tensor, at::Tensor, at::Tensor> ThnnFusedLstmCellIn(const at::Tensor& inputGates,
                                                                          const at::Tensor& hiddenGates,
                                                                          const at::Tensor& cx,
                                                                          const at::Tensor& inputBias,
                                                                          const at::Tensor& hiddenBias) {
    const at::ScalarType d = inputGates.scalar_type();
    at::Tensor gates = inputGates.to(at::kFloat) + hiddenGates.to(at::kFloat);
    if (inputBias.defined()) gates = gates + inputBias.to(at::kFloat) + hiddenBias.to(at::kFloat);
    const std::vector<at::Tensor> parts = gates.chunk(4, 1);
    const at::Tensor i = at::sigmoid(parts[0]);
    const at::Tensor f = at::sigmoid(parts[1]);
    const at::Tensor g = at::tanh(parts[2]);
    const at::Tensor o = at::sigmoid(parts[3]);
    const at::Tensor cy = f * cx.to(at::kFloat) + i * g;
    const at::Tensor hy = o * at::tanh(cy);
    return std::make_tuple(hy.to(d), cy.to(d), at::cat({i, f, g, o}, 1).to(d));
}

/// aclnnBidirectionLSTM (op_kernel/lstm_bidir_fp16.cpp: FLOAT16 weights and inputs, float32 gates, PyTorch's gate
/// order [i, f, g, o]): ATen's at::lstm, one layer, seq-first, in float32 (every FLOAT16 tensor widened exactly), the
/// biases with isbias only, the reverse direction with bidirection; (y, h_n, c_n) rounded once to FLOAT16 by the
/// writer. The kernel's matmuls round their FLOAT16 operands' products into float32 accumulators: not modelled.
inline std::tuple<at::Tensor, at::Tensor, at::Tensor> BidirectionLstmIn(
    const at::Tensor& x, const at::Tensor& initH, const at::Tensor& initC, const at::Tensor& wIh, const at::Tensor& wHh,
    const at::Tensor& bIh, const at::Tensor& bHh, const at::Tensor& wIhR, const at::Tensor& wHhR, const at::Tensor& bIhR,
    const at::Tensor& bHhR, bool isbias, bool bidirection) {
    auto f = [](const at::Tensor& t) { return t.to(at::kFloat).contiguous(); };
    std::vector<at::Tensor> params = {f(wIh), f(wHh)};
    if (isbias) {
        params.push_back(f(bIh));
        params.push_back(f(bHh));
    }
    if (bidirection) {
        params.push_back(f(wIhR));
        params.push_back(f(wHhR));
        if (isbias) {
            params.push_back(f(bIhR));
            params.push_back(f(bHhR));
        }
    }
    const auto r = at::lstm(f(x), {f(initH), f(initC)}, params, isbias, /*num_layers=*/1, /*dropout=*/0.0,
                            /*train=*/false, bidirection, /*batch_first=*/false);
    return std::make_tuple(std::get<0>(r), std::get<1>(r), std::get<2>(r));
}

/// aclnnBidirectionLSTMV2 (op_kernel shared with aclnnBidirectionLSTM: lstm_bidir_fp16.cpp, which with batch_size
/// computes step t on its first batch_size[t] rows only): without batchSize as BidirectionLstmIn. With it (T steps,
/// non-increasing, each in [1, B], summing to x's rows when packed - the kernel asserts the bound and the sum;
/// violations are ATen errors here) ATen's packed-sequence at::lstm on the rows of every step end to end: packed, x
/// is those rows and yOut the packed result; padded, the rows are gathered from x [T, B, I] and the result scattered
/// back into yOut [T, B, D*H] with 0 on the rows past batch_size[t] (aclcpu's choice: what the kernel leaves there
/// is not documented). The final states are each sequence's own (PyTorch's packed semantics, the reverse direction
/// starting at each sequence's end).
inline std::tuple<at::Tensor, at::Tensor, at::Tensor> BidirectionLstmV2In(
    const at::Tensor& x, const at::Tensor& initH, const at::Tensor& initC, const at::Tensor& wIh, const at::Tensor& wHh,
    const at::Tensor& bIh, const at::Tensor& bHh, const at::Tensor& wIhR, const at::Tensor& wHhR, const at::Tensor& bIhR,
    const at::Tensor& bHhR, const at::Tensor& batchSize, bool isbias, bool bidirection, bool packed) {
    if (!batchSize.defined()) {
        return BidirectionLstmIn(x, initH, initC, wIh, wHh, bIh, bHh, wIhR, wHhR, bIhR, bHhR, isbias, bidirection);
    }
    auto f = [](const at::Tensor& t) { return t.to(at::kFloat).contiguous(); };
    std::vector<at::Tensor> params = {f(wIh), f(wHh)};
    if (isbias) {
        params.push_back(f(bIh));
        params.push_back(f(bHh));
    }
    if (bidirection) {
        params.push_back(f(wIhR));
        params.push_back(f(wHhR));
        if (isbias) {
            params.push_back(f(bIhR));
            params.push_back(f(bHhR));
        }
    }
    const at::Tensor bs = batchSize.to(at::kLong).contiguous();
    const int64_t steps = bs.numel(), batch = initH.size(1), hidden = initH.size(2), dirs = bidirection ? 2 : 1;
    if (steps == 0) {  // no step: nothing computed, the initial states handed back
        TORCH_CHECK(!packed || x.size(0) == 0, "aclnnBidirectionLSTMV2: the batch sizes sum to 0, x has ", x.size(0),
                    " rows");
        const at::Tensor none = packed ? at::zeros({0, dirs * hidden}, at::kFloat)
                                       : at::zeros({0, batch, dirs * hidden}, at::kFloat);
        return std::make_tuple(none, f(initH), f(initC));
    }
    const int64_t* b = bs.data_ptr<int64_t>();
    int64_t sum = 0;
    for (int64_t t = 0; t < steps; ++t) {
        TORCH_CHECK(b[t] >= 1 && b[t] <= batch, "aclnnBidirectionLSTMV2: batchSizeOptional[", t, "] = ", b[t],
                    " is outside [1, ", batch, "]");
        TORCH_CHECK(t == 0 || b[t] <= b[t - 1], "aclnnBidirectionLSTMV2: batchSizeOptional must not increase (step ",
                    t, ")");
        sum += b[t];
    }
    at::Tensor data;
    if (packed) {
        TORCH_CHECK(sum == x.size(0), "aclnnBidirectionLSTMV2: the batch sizes sum to ", sum, ", x has ", x.size(0),
                    " rows");
        data = f(x);
    } else {
        std::vector<at::Tensor> rows;
        for (int64_t t = 0; t < steps; ++t) rows.push_back(x.select(0, t).narrow(0, 0, b[t]).to(at::kFloat));
        data = at::cat(rows, 0);
    }
    const auto r = at::lstm(data, bs, {f(initH), f(initC)}, params, isbias, /*num_layers=*/1, /*dropout=*/0.0,
                            /*train=*/false, bidirection);
    at::Tensor y = std::get<0>(r);
    if (!packed) {
        at::Tensor padded = at::zeros({steps, batch, dirs * hidden}, y.options());
        int64_t off = 0;
        for (int64_t t = 0; t < steps; ++t) {
            padded.select(0, t).narrow(0, 0, b[t]).copy_(y.narrow(0, off, b[t]));
            off += b[t];
        }
        y = padded;
    }
    return std::make_tuple(y, std::get<1>(r), std::get<2>(r));
}

/// aclnnThnnFusedLstmCellBackward (aclnnThnnFusedLstmCellBackward.md; op_kernel/thnn_fused_lstm_cell_grad.h):
/// storage the forward's activated gates [i, f, g, o] (OFFSET_I/F/J/O); gcx = tanh(cy); dc = gradHy * o * (1 - gcx^2)
/// + gradC; gradCx = dc * f; gates' gradients di = dc * g * i * (1 - i), df = dc * cx * f * (1 - f),
/// dg = dc * i * (1 - g^2), do = gradHy * gcx * o * (1 - o), in that layout; with hasBias gradBias = their sum over
/// the batch, else gradBiasOut handed back (not written). Float32, each result rounded once by the writer.
inline std::tuple<at::Tensor, at::Tensor, at::Tensor> ThnnFusedLstmCellBackwardIn(
    const at::Tensor& gradHy, const at::Tensor& gradC, const at::Tensor& cx, const at::Tensor& cy,
    const at::Tensor& storage, bool hasBias, const at::Tensor& gradBiasOut) {
    const at::Tensor dhy = gradHy.to(at::kFloat);
    const std::vector<at::Tensor> parts = storage.to(at::kFloat).chunk(4, 1);
    const at::Tensor &i = parts[0], &f = parts[1], &g = parts[2], &o = parts[3];
    const at::Tensor gcx = at::tanh(cy.to(at::kFloat));
    const at::Tensor dc = dhy * o * (1 - gcx * gcx) + gradC.to(at::kFloat);
    const at::Tensor di = dc * g * i * (1 - i);
    const at::Tensor df = dc * cx.to(at::kFloat) * f * (1 - f);
    const at::Tensor dg = dc * i * (1 - g * g);
    const at::Tensor dO = dhy * gcx * o * (1 - o);
    const at::Tensor gates = at::cat({di, df, dg, dO}, 1);
    return std::make_tuple(gates, dc * f, hasBias ? gates.sum(0) : gradBiasOut);
}

}  // namespace ref
}  // namespace aclcpu
