// The reference formulas of the nn_conv family (ops/families/nn_conv.yaml; docs/ops/nn_conv.md): CANN's
// convolutions as ATen's, with the op_api's dtype rules. Included by the reference library through the generated
// reference/family_formulas.inc. Facts: hicann/ops-nn conv/convolution_forward/op_host/op_api/aclnn_convolution.cpp
// (GetConvolutionOpDtype: GetUpperFloatDataType, CalcPromoteTypeCubemathtype of matmul/common cube_util.cpp,
// UpdateOutputDtype, UpdateInputDtype; ConstructPad; aclnnConvTbc's permutes; aclnnConvDepthwise2d's groups = C).
#pragma once

#include <ATen/ATen.h>

#include <cstdint>
#include <tuple>
#include <vector>

namespace aclcpu {
namespace ref {

/// The cube's dtype of a convolution: GetUpperFloatDataType(input, weight) - FLOAT16 for two FLOAT16, BF16 for two
/// BF16, FLOAT otherwise - then CalcPromoteTypeCubemathtype: USE_FP16 (2) computes in FLOAT16. This is the rule of
/// the products whose cube computes FLOAT (Ascend 950, Atlas A2/A3); Ascend910 and Ascend310P compute a FLOAT
/// convolution in FLOAT16 on the NPU, which the reference does not emulate (docs/ops/nn_conv.md).
inline at::ScalarType ConvCubeType(at::ScalarType a, at::ScalarType b, int64_t cube_math_type) {
    if (cube_math_type == 2) return at::kHalf;
    if (a == at::kBFloat16 && b == at::kBFloat16) return at::kBFloat16;
    if (a == at::kHalf && b == at::kHalf) return at::kHalf;
    return at::kFloat;
}

/// aclnnConvolution, computed as the cube does: input and weight rounded to the cube's dtype (ConvCubeType), the
/// products summed in float32 by ATen's FLOAT convolution (its own order; HF32 not emulated), the bias added in
/// float32 (rounded first to the dtype UpdateInputDtype gives it: the cube's, FLOAT for a BF16 cube - and on the
/// transposed path the upper dtype of the result's and the bias's), the result rounded to the cube's dtype - on the
/// transposed path a FLOAT output receives the float32 sum unrounded (UpdateOutputDtype) - then written into the
/// output (round to nearest even). Padding: 1, 2 or 3 values pad both sides of each spatial dim (ATen's padding);
/// conv1d's 2 values [left, right] and conv2d's 4 values [top, bottom, left, right] pad each side on its own (the
/// input padded with zeros first; for the transposed conv2d the full result is cropped by each side instead).
inline at::Tensor ConvolutionCube(const at::Tensor& input, const at::Tensor& weight, const at::Tensor& bias,
                                  at::IntArrayRef stride, at::IntArrayRef padding, at::IntArrayRef dilation,
                                  bool transposed, at::IntArrayRef outputPadding, int64_t groups, int64_t cube_math_type,
                                  at::ScalarType out_dtype) {
    const int64_t spatial = input.dim() - 2;
    const at::ScalarType cube = ConvCubeType(input.scalar_type(), weight.scalar_type(), cube_math_type);
    at::ScalarType result = cube;
    if (transposed && out_dtype == at::kFloat && cube_math_type != 2) result = at::kFloat;
    at::Tensor x = input.to(cube).to(at::kFloat);
    const at::Tensor w = weight.to(cube).to(at::kFloat);
    at::Tensor b;
    if (bias.defined()) {
        at::ScalarType bias_type = cube == at::kBFloat16 ? at::kFloat : cube;
        if (transposed) {
            const at::ScalarType bt = bias.scalar_type();
            bias_type = (result == at::kFloat || bt == at::kFloat) ? at::kFloat
                        : (result == bt)                           ? bt
                                                                   : at::kFloat;
        }
        b = bias.to(bias_type).to(at::kFloat);
    }
    std::vector<int64_t> pad(padding.begin(), padding.end());
    std::vector<int64_t> out_pad(static_cast<size_t>(spatial), 0);
    if (transposed) out_pad.assign(outputPadding.begin(), outputPadding.end());
    const bool two_sided = static_cast<int64_t>(pad.size()) == 2 * spatial && spatial < 3;
    if (two_sided && !transposed) {
        // constant_pad_nd takes the last dim first: [left, right] (1d) or [left, right, top, bottom] (2d)
        std::vector<int64_t> nd;
        for (int64_t i = spatial - 1; i >= 0; --i) {
            nd.push_back(pad[2 * i]);
            nd.push_back(pad[2 * i + 1]);
        }
        x = at::constant_pad_nd(x, nd, 0);
        pad.assign(static_cast<size_t>(spatial), 0);
    }
    if (two_sided && transposed) {
        const std::vector<int64_t> zero(static_cast<size_t>(spatial), 0);
        at::Tensor full = at::convolution(x, w, b, stride, zero, dilation, true, out_pad, groups);
        for (int64_t i = 0; i < spatial; ++i) {
            const int64_t d = i + 2;
            full = full.narrow(d, pad[2 * i], full.size(d) - pad[2 * i] - pad[2 * i + 1]);
        }
        return full.to(result);
    }
    return at::convolution(x, w, b, stride, pad, dilation, transposed, out_pad, groups).to(result);
}

/// aclnnConvTbc: self [T, B, Cin], weight [K, Cin, Cout], bias [Cout] - ATen's conv_tbc (time-batch-channel
/// convolution with pad zeros on both ends of T), computed as ConvolutionCube computes a forward convolution.
inline at::Tensor ConvTbcCube(const at::Tensor& self, const at::Tensor& weight, const at::Tensor& bias, int64_t pad,
                              int64_t cube_math_type) {
    const at::ScalarType cube = ConvCubeType(self.scalar_type(), weight.scalar_type(), cube_math_type);
    const at::ScalarType bias_type = cube == at::kBFloat16 ? at::kFloat : cube;
    // contiguous: ATen 1.13's conv_tbc views its input, which a transposed or strided view cannot give
    return at::conv_tbc(self.to(cube).to(at::kFloat).contiguous(), weight.to(cube).to(at::kFloat).contiguous(),
                        bias.to(bias_type).to(at::kFloat).contiguous(), pad)
        .to(cube);
}

/// aclnnConvDepthwise2d: a forward conv2d with groups = self's channel count (weight [Cout, 1, kH, kW], Cout a
/// multiple of C), as ConvolutionCube computes it; kernelSize is only checked.
inline at::Tensor ConvDepthwise2dCube(const at::Tensor& self, const at::Tensor& weight, const at::Tensor& bias,
                                      at::IntArrayRef stride, at::IntArrayRef padding, at::IntArrayRef dilation,
                                      int64_t cube_math_type) {
    const std::vector<int64_t> none;
    return ConvolutionCube(self, weight, bias, stride, padding, dilation, false, none, self.size(1), cube_math_type,
                           at::kFloat);
}

/// aclnnConvolutionBackward (conv/convolution_backward/op_api/aclnn_convolution_backward.cpp): the gradients of
/// aclnnConvolution with respect to input, weight and bias, each only where outputMask selects it. The op_api casts
/// gradOutput, input and weight to their promoted dtype (CalcPromoteType: PromoteType of the three; USE_FP16 -
/// cubeMathType 2 - casts them to FLOAT16 in InputPreProcess) and the Conv2DBackpropInput / Conv2DBackpropFilter
/// (Conv3D..., Conv1D as 2-D) kernels sum in float32; each result is cast to its output's dtype (OutputPostProcess).
/// gradBias is the ReduceSum of gradOutput over N and the spatial dims in gradOutput's dtype (CalculateBiasGrad).
/// Here: ATen's convolution_backward on float32 copies of the inputs rounded to that dtype, each result rounded to
/// it; gradBias the float32 sum rounded to gradOutput's dtype. Padding: one value per spatial dim pads both sides;
/// conv2d's four values [top, bottom, left, right] pad each side on its own (the input padded with zeros and the
/// gradient cropped; transposed: gradOutput padded back to the uncropped size). An output whose mask is false is
/// returned as itself (not written). An empty input, weight or gradOutput (CalculateConvolutionBackwardWithEmpty):
/// gradWeight and gradBias zeros where selected, gradInput not written. Not emulated: the Ascend910 / Ascend310P
/// cube computing a FLOAT convolution in FLOAT16 under ALLOW_FP32_DOWN_PRECISION, and HF32 (cubeMathType 3).
inline std::tuple<at::Tensor, at::Tensor, at::Tensor> ConvolutionBackwardCube(
    const at::Tensor& gradOutput, const at::Tensor& input, const at::Tensor& weight, at::IntArrayRef stride,
    at::IntArrayRef padding, at::IntArrayRef dilation, bool transposed, at::IntArrayRef outputPadding, int64_t groups,
    at::IntArrayRef outputMask, int64_t cube_math_type, const at::Tensor& gradInput, const at::Tensor& gradWeight,
    const at::Tensor& gradBias) {
    const bool m0 = outputMask.size() > 0 && outputMask[0] != 0;
    const bool m1 = outputMask.size() > 1 && outputMask[1] != 0;
    const bool m2 = outputMask.size() > 2 && outputMask[2] != 0;
    if (input.numel() == 0 || weight.numel() == 0 || gradOutput.numel() == 0) {
        return std::make_tuple(gradInput, m1 ? at::zeros(weight.sizes(), at::kFloat) : gradWeight,
                               m2 && gradBias.defined() ? at::zeros(gradBias.sizes(), at::kFloat) : gradBias);
    }
    at::ScalarType cube = at::promote_types(at::promote_types(gradOutput.scalar_type(), input.scalar_type()),
                                            weight.scalar_type());
    if (cube_math_type == 2) cube = at::kHalf;
    at::Tensor g = gradOutput.to(cube).to(at::kFloat);
    at::Tensor x = input.to(cube).to(at::kFloat);
    const at::Tensor w = weight.to(cube).to(at::kFloat);
    const int64_t spatial = input.dim() - 2;
    std::vector<int64_t> pad(padding.begin(), padding.end());
    std::vector<int64_t> out_pad(static_cast<size_t>(spatial), 0);
    if (transposed) out_pad.assign(outputPadding.begin(), outputPadding.begin() + spatial);
    const bool two_sided = spatial == 2 && static_cast<int64_t>(pad.size()) == 4;
    std::vector<int64_t> nd;  // constant_pad_nd's order: the last dim first
    if (two_sided) {
        for (int64_t i = spatial - 1; i >= 0; --i) {
            nd.push_back(pad[2 * i]);
            nd.push_back(pad[2 * i + 1]);
        }
        if (transposed) {
            g = at::constant_pad_nd(g, nd, 0);
        } else {
            x = at::constant_pad_nd(x, nd, 0);
        }
        pad.assign(static_cast<size_t>(spatial), 0);
    }
    auto r = at::convolution_backward(g, x, w, c10::nullopt, stride, pad, dilation, transposed, out_pad, groups,
                                      {m0, m1, false});
    at::Tensor gi = std::get<0>(r);
    if (m0 && two_sided && !transposed) {
        for (int64_t i = 0; i < spatial; ++i) {
            const int64_t d = i + 2;
            gi = gi.narrow(d, nd[2 * (spatial - 1 - i)], input.size(d));
        }
    }
    at::Tensor gb;
    if (m2) {
        std::vector<int64_t> dims{0};
        for (int64_t d = 2; d < gradOutput.dim(); ++d) dims.push_back(d);
        gb = gradOutput.to(at::kFloat).sum(dims).to(gradOutput.scalar_type());
    }
    return std::make_tuple(m0 ? gi.to(cube) : gradInput, m1 ? std::get<1>(r).to(cube) : gradWeight,
                           m2 ? gb : gradBias);
}

/// aclnnQuantConvolution's scale as FLOAT per output channel: a FLOAT scale as is; an INT64 / UINT64 one (the Ascend
/// 950's quant parameter, aclnnTransQuantParamV2's packing) as the float32 whose top 19 bits are bits 13..31 of the
/// element (the FP19 deq scale the fixpipe reads; hicann/ops-nn quant/trans_quant_param_v2/op_kernel).
inline at::Tensor QuantConvScale(const at::Tensor& scale, int64_t scale_acl_dtype) {
    if (scale_acl_dtype == 0 /* ACL_FLOAT */) return scale.to(at::kFloat);
    const at::Tensor bits = at::bitwise_and(scale.to(at::kLong), static_cast<int64_t>(0xFFFFE000LL));
    return bits.to(at::kInt).contiguous().view(at::kFloat).clone();
}

/// aclnnQuantConvolution (hicann/ops-nn conv/convolution_forward/op_host/op_api/aclnn_quant_convolution.cpp and
/// docs/aclnnQuantConvolution.md: output = conv(input, weight) * scale[co] + bias[co]): the convolution of the int8
/// (or decoded 8-bit float) input and weight computed by ATen in float64 - exact for int8 (the NPU's int32
/// accumulator) and for the 8-bit floats' products - then, in float32, an INT32 bias added to the accumulator before
/// the scale (the fixpipe's int32 bias) or a FLOAT / FLOAT16 / BF16 bias added after it, rounded once to the output's
/// dtype by the write. Padding: one value per spatial dim pads both sides; 2 * spatial values give each side
/// ([top, bottom, left, right], [head, tail, top, bottom, left, right]).
inline at::Tensor QuantConvolutionRef(const at::Tensor& input, const at::Tensor& weight, const at::Tensor& bias,
                                      const at::Tensor& scale, int64_t scale_acl_dtype, at::IntArrayRef stride,
                                      at::IntArrayRef padding, at::IntArrayRef dilation, int64_t groups,
                                      at::ScalarType /*out_dtype*/) {
    const int64_t spatial = input.dim() - 2;
    at::Tensor x = input.to(at::kDouble);
    const at::Tensor w = weight.to(at::kDouble);
    std::vector<int64_t> pad(padding.begin(), padding.end());
    if (static_cast<int64_t>(pad.size()) == 2 * spatial) {
        std::vector<int64_t> nd;  // constant_pad_nd's order: the last dim first
        for (int64_t i = spatial - 1; i >= 0; --i) {
            nd.push_back(pad[2 * i]);
            nd.push_back(pad[2 * i + 1]);
        }
        x = at::constant_pad_nd(x, nd, 0);
        pad.assign(static_cast<size_t>(spatial), 0);
    }
    const std::vector<int64_t> zeros(static_cast<size_t>(spatial), 0);
    at::Tensor acc = at::convolution(x, w, c10::nullopt, stride, pad, dilation, false, zeros, groups);
    std::vector<int64_t> chan(static_cast<size_t>(input.dim()), 1);
    chan[1] = -1;
    const at::Tensor s = QuantConvScale(scale, scale_acl_dtype).reshape(chan);
    if (bias.defined() && bias.scalar_type() == at::kInt) {
        acc = acc + bias.to(at::kDouble).reshape(chan);
        return acc.to(at::kFloat) * s;
    }
    at::Tensor r = acc.to(at::kFloat) * s;
    if (bias.defined()) r = r + bias.to(at::kFloat).reshape(chan);
    return r;
}

/// The sampling of aclnnDeformableConv2d in float32 (x [n, c, h, w] and offset FLOAT): deformOut [n, c, outH * kH,
/// outW * kW]. Differentiable in x and offset (ATen operations only), which DeformableConv2dBackwardRef uses.
inline at::Tensor DeformableSampleFloat(const at::Tensor& xfloat, const at::Tensor& offset, at::IntArrayRef kernelSize,
                                        at::IntArrayRef stride, at::IntArrayRef padding, at::IntArrayRef dilation,
                                        int64_t deformableGroups) {
    const int64_t n = xfloat.size(0), c = xfloat.size(1), h = xfloat.size(2), w = xfloat.size(3);
    const int64_t kH = kernelSize[0], kW = kernelSize[1], k = kH * kW;
    const int64_t dg = deformableGroups, cg = c / dg;
    const int64_t oh = offset.size(2), ow = offset.size(3), l = k * oh * ow;
    const at::TensorOptions f = at::TensorOptions().dtype(at::kFloat);
    const at::Tensor xf = xfloat.contiguous().view({n, dg, cg, h * w});
    const at::Tensor off = offset.reshape({n, 3, dg, kH, kW, oh, ow});
    // the standard sample points: x = ow * sW - padLeft + kw * dW, y = oh * sH - padTop + kh * dH
    const at::Tensor bx = (at::arange(ow, f) * stride[3] - padding[2]).view({1, 1, 1, 1, 1, ow}) +
                          (at::arange(kW, f) * dilation[3]).view({1, 1, 1, kW, 1, 1});
    const at::Tensor by = (at::arange(oh, f) * stride[2] - padding[0]).view({1, 1, 1, 1, oh, 1}) +
                          (at::arange(kH, f) * dilation[2]).view({1, 1, kH, 1, 1, 1});
    const at::Tensor px = off.select(1, 0) + bx;  // [n, dg, kH, kW, oh, ow]
    const at::Tensor py = off.select(1, 1) + by;
    const at::Tensor mask = off.select(1, 2);
    const at::Tensor x0 = at::floor(px).detach(), y0 = at::floor(py).detach();
    const at::Tensor fx = px - x0, fy = py - y0;      // x - x0, y - y0
    const at::Tensor gx = (x0 + 1) - px, gy = (y0 + 1) - py;  // x1 - x, y1 - y
    at::Tensor acc = at::zeros({n, dg, cg, l}, f);
    for (int dy = 0; dy < 2; ++dy) {
        for (int dx = 0; dx < 2; ++dx) {
            const at::Tensor xi = x0 + dx, yi = y0 + dy;
            const at::Tensor valid = at::logical_and(at::logical_and(xi >= 0, xi < w), at::logical_and(yi >= 0, yi < h));
            const at::Tensor wt = ((dx ? fx : gx) * (dy ? fy : gy)) * valid.to(at::kFloat) * mask;
            const at::Tensor idx = (yi.clamp(0, h - 1) * w + xi.clamp(0, w - 1)).to(at::kLong).reshape({n, dg, 1, l});
            acc = acc + at::gather(xf, 3, idx.expand({n, dg, cg, l})) * wt.reshape({n, dg, 1, l});
        }
    }
    // [n, dg, cg, kH, kW, oh, ow] -> [n, c, oh, kH, ow, kW] -> [n, c, oh * kH, ow * kW]
    return acc.view({n, dg, cg, kH, kW, oh, ow}).permute({0, 1, 2, 5, 3, 6, 4}).reshape({n, c, oh * kH, ow * kW});
}

/// aclnnDeformableConv2d (hicann/ops-nn conv/deformable_conv2d: op_api aclnn_deformable_conv2d.cpp, kernel
/// op_kernel/deformable_conv2d_base.cpp CopyInOffset / CalculateWeight / ProcessZero): in float32 (the Atlas A2/A3
/// path casts FLOAT16 / BF16 x, offset, weight, bias to FLOAT). For output position (oh, ow), tap (kh, kw) and
/// deformable group g (input channels [g * C / dg, (g + 1) * C / dg)): offset channel g * K + kh * kW + kw (K = kH * kW)
/// holds the x offset, dg * K + that the y offset, 2 * dg * K + that the mask; the sample point is
/// (ow * sW - padLeft + kw * dW + dx, oh * sH - padTop + kh * dH + dy), read bilinearly from its floor corners, a
/// corner outside the image contributing 0, times the mask: deformOut[n, c, oh * kH + kh, ow * kW + kw]. out =
/// conv2d(deformOut, weight, stride (kH, kW), groups) + bias, both rounded once to out's dtype.
inline std::tuple<at::Tensor, at::Tensor> DeformableConv2dRef(const at::Tensor& x, const at::Tensor& weight,
                                                             const at::Tensor& offset, const at::Tensor& bias,
                                                             at::IntArrayRef kernelSize, at::IntArrayRef stride,
                                                             at::IntArrayRef padding, at::IntArrayRef dilation,
                                                             int64_t groups, int64_t deformableGroups,
                                                             at::ScalarType /*out_dtype*/) {
    const at::Tensor deform = DeformableSampleFloat(x.to(at::kFloat), offset.to(at::kFloat), kernelSize, stride,
                                                    padding, dilation, deformableGroups);
    const std::vector<int64_t> kstride{kernelSize[0], kernelSize[1]}, zero{0, 0}, one{1, 1};
    at::Tensor out = at::conv2d(deform, weight.to(at::kFloat), at::Tensor(), kstride, zero, one, groups);
    if (bias.defined()) out = out + bias.to(at::kFloat).view({1, -1, 1, 1});
    return std::make_tuple(out, deform);
}

/// aclnnDeformableConv2dBackward (hicann/ops-nn conv/convolution_backward/op_api/aclnn_convolution_backward.cpp
/// CalculateDeformableConv2dBackward): as the op_api composes it, in float32. (1) The convolution's backward of out =
/// conv2d(offsetOut, weight, stride (kH, kW), no padding, dilation 1, groups) + bias on the caller's offsetOut (the
/// forward's deformOut): gradWeight, gradBias (gradOutput summed over n, h, w) and the gradient of deformOut;
/// (2) DeformableOffsetsGrad: that gradient taken back through aclnnDeformableConv2d's sampling of input at offset
/// (DeformableSampleFloat, differentiated by ATen's autograd): gradInput (each tap's bilinear corner weights times
/// its mask, summed into the corners read) and gradOffset (the x / y derivatives of the bilinear sample times the
/// mask, and the unmasked sample for the mask channel), in offset's layout. Each result rounded once by the writer.
inline std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor> DeformableConv2dBackwardRef(
    const at::Tensor& input, const at::Tensor& gradOutput, const at::Tensor& offsetOut, const at::Tensor& weight,
    const at::Tensor& offset, at::IntArrayRef kernelSize, at::IntArrayRef stride, at::IntArrayRef padding,
    at::IntArrayRef dilation, int64_t groups, int64_t deformableGroups) {
    const std::vector<int64_t> kstride{kernelSize[0], kernelSize[1]}, zero{0, 0}, one{1, 1};
    const std::vector<int64_t> bias_sizes{weight.size(0)};
    const auto conv = at::convolution_backward(gradOutput.to(at::kFloat), offsetOut.to(at::kFloat),
                                               weight.to(at::kFloat), at::IntArrayRef(bias_sizes), kstride, zero, one,
                                               false, zero, groups, {true, true, true});
    c10::AutoGradMode grad_on(true);
    const at::Tensor x = input.to(at::kFloat).detach().clone().requires_grad_(true);
    const at::Tensor off = offset.to(at::kFloat).detach().clone().requires_grad_(true);
    const at::Tensor deform = DeformableSampleFloat(x, off, kernelSize, stride, padding, dilation, deformableGroups);
    deform.backward(std::get<0>(conv).contiguous());
    auto grad_or_zero = [](const at::Tensor& t) { return t.grad().defined() ? t.grad() : at::zeros_like(t); };
    return std::make_tuple(grad_or_zero(x).detach(), std::get<1>(conv), grad_or_zero(off).detach(), std::get<2>(conv));
}

}  // namespace ref
}  // namespace aclcpu
