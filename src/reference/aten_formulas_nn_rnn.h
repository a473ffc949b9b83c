// The reference formulas' helpers of the nn_rnn family (ops/families/nn_rnn.yaml; docs/ops/nn_rnn.md): each operator's
// computation as its aclnn documentation states it, by ATen in float32 (FLOAT16 widened), each result rounded once to
// its output's dtype by the writer. Included at the end of reference/aten_formulas.h (through the generated
// reference/family_formulas.inc). Needs ATen.
#pragma once

#include <ATen/ATen.h>

#include <tuple>

namespace aclcpu {
namespace ref {

/// aclnnThnnFusedLstmCell.md: gates = inputGates + hiddenGates (+ inputBias + hiddenBias, zeros when absent: the op_api
/// allocates zero biases), split into [i, g, f, o] - CANN's order, not ATen's _thnn_fused_lstm_cell's [i, f, g, o]
/// (which has no CPU kernel in ATen 1.13 either) -; sigmoid of i, f, o, tanh of g; cy = f * cx + i * g;
/// hy = o * tanh(cy); storage the four activated gates concatenated in that order. Float32; rounded once to the
/// outputs' dtype (inputGates').
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
    const at::Tensor g = at::tanh(parts[1]);
    const at::Tensor f = at::sigmoid(parts[2]);
    const at::Tensor o = at::sigmoid(parts[3]);
    const at::Tensor cy = f * cx.to(at::kFloat) + i * g;
    const at::Tensor hy = o * at::tanh(cy);
    return std::make_tuple(hy.to(d), cy.to(d), at::cat({i, g, f, o}, 1).to(d));
}

}  // namespace ref
}  // namespace aclcpu
