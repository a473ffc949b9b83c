// The reference formulas' helpers of the math_random family (ops/families/math_random.yaml;
// docs/ops/math_random.md): ops-math's random operators (hicann/ops-math random/) at the reference tier. Included
// at the end of reference/aten_formulas.h (through the generated reference/family_formulas.inc). Needs ATen.
//
// The contract (docs/ops/math_random.md, "The generator"): the NPU draws its numbers with its own Philox generator
// keyed by the call's seed and offset, in an order its kernel's tiling sets; those bits cannot be reproduced here.
// Each operator here is ATen's CPU sampler driven by a generator made from (seed, offset) alone:
//
//   m = RandomMix64(RandomMix64(seed) ^ offset)          (seed and offset as 64-bit words)
//   engine seed = (m ^ (m >> 32)) & 0xFFFFFFFF            (ATen's CPU engine, mt19937, keeps 32 bits of its seed)
//   generator = at::make_generator<at::CPUGeneratorImpl>(engine seed)
//
// so a call is reproducible (the same seed and offset give the same bits, whatever the views, threads or
// product), different (seed, offset) pairs give different streams (up to the 2^-32 chance of two engine seeds
// meeting), and the numbers are drawn into a fresh contiguous tensor of the output's shape in row-major order,
// then written into the output by the bridge's copy_ (a round-to-nearest-even cast; to an integer dtype, toward
// zero). An offset is a stream selector here, not a position in one stream: offset + n does not continue the
// stream of offset.
#pragma once

#include <ATen/ATen.h>
#include <ATen/CPUGeneratorImpl.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <tuple>

namespace aclcpu {
namespace ref {

/// SplitMix64's output function (Steele, Lea and Flood, 2014): a bijection of 64-bit words.
inline uint64_t RandomMix64(uint64_t z) {
    z += 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/// The 32-bit engine seed of a call's (seed, offset), as the header comment states.
inline uint64_t RandomEngineSeed(int64_t seed, int64_t offset) {
    const uint64_t m = RandomMix64(RandomMix64(static_cast<uint64_t>(seed)) ^ static_cast<uint64_t>(offset));
    return (m ^ (m >> 32)) & 0xFFFFFFFFull;
}

/// ATen's CPU generator of a call's (seed, offset).
inline at::Generator RandomGenerator(int64_t seed, int64_t offset) {
    return at::make_generator<at::CPUGeneratorImpl>(RandomEngineSeed(seed, offset));
}

/// The first element of a seed or offset tensor (the ...Tensor variants; the kernel reads the device tensor when it
/// runs, as this does in the second phase) as a 64-bit integer.
inline int64_t RandomTensorWord(const at::Tensor& t) { return t.reshape({-1})[0].item<int64_t>(); }

/// The dtype the samples are drawn in: DOUBLE for a DOUBLE output (the op_apis' double path), else FLOAT (the
/// kernels' float32 path; FLOAT16 / BF16 results rounded once, integers truncated by the final Cast).
inline at::ScalarType RandomComputeType(const at::Tensor& out) {
    return out.scalar_type() == at::kDouble ? at::kDouble : at::kFloat;
}

/// aclnnInplaceUniform / aclnnInplaceUniformTensor (random/dsa_random_uniform/op_host/op_api/aclnn_uniform.cpp):
/// uniform numbers in [from, to) drawn in FLOAT (DOUBLE for a DOUBLE selfRef) - ATen's uniform_ - then cast to
/// selfRef's dtype (the op_api's Cast + ViewCopy; a FLOAT16 / BF16 rounding may reach `to`).
inline at::Tensor RandomUniform(const at::Tensor& self, double from, double to, int64_t seed, int64_t offset) {
    at::Tensor r = at::empty(self.sizes(), at::TensorOptions().dtype(RandomComputeType(self)));
    r.uniform_(from, to, RandomGenerator(seed, offset));
    return r;
}

/// aclnnInplaceUniformTensor: seed = seedTensor's first element, offset = offsetTensor's first element + offset
/// (the op_api adds the integer offset to offsetTensor before the kernel reads it: ProcessOffsetTensor, or the Add
/// of its David path).
inline at::Tensor RandomUniformTensor(const at::Tensor& self, double from, double to, const at::Tensor& seedTensor,
                                      const at::Tensor& offsetTensor, int64_t offset) {
    return RandomUniform(self, from, to, RandomTensorWord(seedTensor),
                         static_cast<int64_t>(static_cast<uint64_t>(RandomTensorWord(offsetTensor)) +
                                              static_cast<uint64_t>(offset)));
}

/// aclnnInplaceNormal / aclnnInplaceNormalTensor (random/dsa_random_normal/op_host/op_api/aclnn_normal.cpp):
/// normal numbers of mean `mean` and standard deviation `std` (float32 attributes) drawn in FLOAT (DOUBLE for a
/// DOUBLE selfRef) - ATen's normal_ - then cast to selfRef's dtype (PrepareContiguousOutput computes an integral or
/// BOOL selfRef in FLOAT; the final Cast truncates).
inline at::Tensor RandomNormal(const at::Tensor& self, double mean, double std, int64_t seed, int64_t offset) {
    at::Tensor r = at::empty(self.sizes(), at::TensorOptions().dtype(RandomComputeType(self)));
    r.normal_(mean, std, RandomGenerator(seed, offset));
    return r;
}

/// aclnnInplaceNormalTensor: seedTensor's and offsetTensor's one element (INT64, shape [1]), the offset added.
inline at::Tensor RandomNormalTensor(const at::Tensor& self, double mean, double std, const at::Tensor& seedTensor,
                                     const at::Tensor& offsetTensor, int64_t offset) {
    return RandomNormal(self, mean, std, RandomTensorWord(seedTensor),
                        static_cast<int64_t>(static_cast<uint64_t>(RandomTensorWord(offsetTensor)) +
                                             static_cast<uint64_t>(offset)));
}

/// aclnnNormalTensorTensor, ...TensorFloat, ...FloatTensor, ...FloatFloat
/// (random/stateless_random_normal_v2/op_api/aclnn_normal_out.cpp CommonLogicGeneralNormal): standard normal
/// numbers z of out's shape, then mean + std * z with mean and std broadcast to out's shape - the op_api's
/// StatelessRandomNormalV2 / StatelessNormal followed by its Mul and Add. Computed in FLOAT (DOUBLE when out, mean or
/// std is DOUBLE), FLOAT16 / BF16 operands widened (the Ascend 950 path casts them to FLOAT; elsewhere the NPU
/// multiplies and adds in the promoted dtype), rounded once to out's dtype by the writer. An undefined mean or std
/// tensor stands for the float parameter of the same name.
inline at::Tensor RandomNormalOut(const at::Tensor& out, const at::Tensor& meanT, double mean, const at::Tensor& stdT,
                                  double std, int64_t seed, int64_t offset) {
    const bool dbl = out.scalar_type() == at::kDouble || (meanT.defined() && meanT.scalar_type() == at::kDouble) ||
                     (stdT.defined() && stdT.scalar_type() == at::kDouble);
    const at::TensorOptions opts = at::TensorOptions().dtype(dbl ? at::kDouble : at::kFloat);
    at::Tensor z = at::empty(out.sizes(), opts);
    z.normal_(0.0, 1.0, RandomGenerator(seed, offset));
    const at::Tensor s = stdT.defined() ? stdT.to(opts.dtype()) : at::scalar_tensor(std, opts);
    const at::Tensor m = meanT.defined() ? meanT.to(opts.dtype()) : at::scalar_tensor(mean, opts);
    return (m + s * z).expand(out.sizes());
}

/// aclnnBernoulli / aclnnInplaceBernoulli (random/dsa_gen_bit_mask/op_host/op_api/aclnn_bernoulli.cpp): each element
/// 1 with probability prob, else 0, as self's dtype: u < prob with u uniform in [0, 1) (ATen's uniform_ in DOUBLE, 53
/// bits), so prob 0 gives only 0 and prob 1 only 1 (the op_api's Atlas A2/A3 path writes ZerosLike / OnesLike for
/// them). prob is the aclScalar's value as the op_api reads it (ToDouble).
inline at::Tensor RandomBernoulli(const at::Tensor& self, const at::Scalar& prob, int64_t seed, int64_t offset) {
    at::Tensor u = at::empty(self.sizes(), at::TensorOptions().dtype(at::kDouble));
    u.uniform_(0.0, 1.0, RandomGenerator(seed, offset));
    return at::lt(u, prob.toDouble()).to(at::kFloat);
}

/// aclnnBernoulliTensor / aclnnInplaceBernoulliTensor: as RandomBernoulli with the probability of each element
/// from prob broadcast to self's shape (StatelessBernoulli; the Ascend 950 casts prob to FLOAT first, which this
/// does too), so a probability outside [0, 1] gives 0 below 0 and 1 above 1.
inline at::Tensor RandomBernoulliTensor(const at::Tensor& self, const at::Tensor& prob, int64_t seed,
                                        int64_t offset) {
    at::Tensor u = at::empty(self.sizes(), at::TensorOptions().dtype(at::kDouble));
    u.uniform_(0.0, 1.0, RandomGenerator(seed, offset));
    return at::lt(u, prob.to(at::kFloat).to(at::kDouble).expand(self.sizes())).to(at::kFloat);
}



/// aclnnInplaceRandom / aclnnInplaceRandomTensor (random/dsa_random_uniform/op_host/op_api/aclnn_random.cpp): integers
/// uniform in [from, to). A floating selfRef (FLOAT, FLOAT16, BF16, DOUBLE): ATen's random_(from, to) in that dtype,
/// whose update_from / update_to narrow the range to integers the dtype holds exactly as the op_api's updateFrom /
/// updateTo do; any other dtype (integers, BOOL, the complex dtypes): ATen's random_(from, to) in INT64, cast to
/// selfRef's dtype by the writer (the op_api's Cast through INT64). ATen refuses a from or to outside a floating
/// dtype's range (561000 at the synchronisation; the NPU would draw).
inline at::Tensor RandomIntegers(const at::Tensor& self, int64_t from, int64_t to, int64_t seed, int64_t offset) {
    const at::ScalarType t = self.scalar_type();
    const bool floating = t == at::kFloat || t == at::kHalf || t == at::kBFloat16 || t == at::kDouble;
    at::Tensor r = at::empty(self.sizes(), at::TensorOptions().dtype(floating ? t : at::kLong));
    r.random_(from, to, RandomGenerator(seed, offset));
    return r;
}

/// aclnnInplaceRandomTensor: seedTensor's and offsetTensor's first elements, the offset added.
inline at::Tensor RandomIntegersTensor(const at::Tensor& self, int64_t from, int64_t to, const at::Tensor& seedTensor,
                                       const at::Tensor& offsetTensor, int64_t offset) {
    return RandomIntegers(self, from, to, RandomTensorWord(seedTensor),
                          static_cast<int64_t>(static_cast<uint64_t>(RandomTensorWord(offsetTensor)) +
                                               static_cast<uint64_t>(offset)));
}


/// aclnnRandperm (random/stateless_randperm/op_api/aclnn_randperm.cpp): a uniformly random permutation of 0 .. n-1 -
/// ATen's randperm(n) in INT64 with the call's generator - cast to out's dtype by the writer (the kernel writes
/// out's dtype itself; a FLOAT16 / BF16 out rounds indices above 2048 / 256 as that cast does).
inline at::Tensor RandomPermutation(int64_t n, int64_t seed, int64_t offset) {
    at::Generator gen = RandomGenerator(seed, offset);
    return at::randperm(n, gen, at::TensorOptions().dtype(at::kLong));
}

// ------------------------------------------------------------------------------------------------ dropout masks
// The bit mask of the dropout operators (random/dsa_gen_bit_mask, random/drop_out_do_mask): UINT8 bytes, one bit
// per element of the data, element i (row-major over the data's view) in bit i % 8 (least significant first) of
// byte i / 8 (of the mask's elements, row-major) - the order the arch35 DropOutDoMask kernel loads the bytes into
// its per-element predicate registers. A 1 bit keeps the element (scaled by 1 / (1 - p)), a 0 bit zeroes it. The
// mask holds (n + 127) / 128 * 128 / 8 bytes for n elements (whole 128-bit blocks): the op_apis' size rule.

/// The byte count of a mask for n elements: (n + 127) / 128 * 128 / 8.
inline int64_t DropoutMaskBytes(int64_t n) { return (n + 127) / 128 * 128 / 8; }

/// A fresh mask of nbytes bytes drawn for drop probability p: every bit (the padding bits too) 1 with probability
/// keep = float(1 - p) (the op_apis hand the kernels 1 - p as FLOAT), u < keep with u uniform in [0, 1) (DOUBLE);
/// p == 0 (|p| <= DBL_EPSILON) gives 0xFF bytes, p == 1 zero bytes (the op_apis' FillScalar paths).
inline at::Tensor DropoutGenMaskBytes(int64_t nbytes, double p, int64_t seed, int64_t offset) {
    const at::TensorOptions u8 = at::TensorOptions().dtype(at::kByte);
    if (std::abs(p) <= std::numeric_limits<double>::epsilon()) return at::full({nbytes}, 255, u8);
    if (std::abs(p - 1.0) <= std::numeric_limits<double>::epsilon()) return at::zeros({nbytes}, u8);
    const double keep = static_cast<float>(1.0 - p);
    at::Tensor u = at::empty({nbytes * 8}, at::TensorOptions().dtype(at::kDouble));
    u.uniform_(0.0, 1.0, RandomGenerator(seed, offset));
    const at::Tensor bits = at::lt(u, keep).to(at::kLong).view({nbytes, 8});
    const at::Tensor weights = at::pow(2, at::arange(8, at::TensorOptions().dtype(at::kLong)));
    return (bits * weights).sum(1).to(at::kByte);
}

/// aclnnDropoutGenMask: the mask drawn into out's elements (UINT8, numel checked by the first phase).
inline at::Tensor DropoutGenMask(const at::Tensor& out, double p, int64_t seed, int64_t offset) {
    return DropoutGenMaskBytes(out.numel(), p, seed, offset).view(out.sizes());
}

/// The keep bits (0 / 1, INT64) of the first n elements of a mask, in the layout above.
inline at::Tensor DropoutMaskBits(const at::Tensor& mask, int64_t n) {
    const at::TensorOptions i64 = at::TensorOptions().dtype(at::kLong);
    const at::Tensor idx = at::arange(n, i64);
    const at::Tensor bytes = mask.reshape({-1}).to(at::kLong).index_select(0, at::floor_divide(idx, 8));
    return bytes.bitwise_right_shift(idx.remainder(8)).bitwise_and(1);
}

/// random/dsa_gen_bit_mask/op_host/op_api/dropout_common.h DoMask (aclnnDropoutDoMask, aclnnDropoutBackward,
/// aclnnDropout): p == 0 (|p| <= DBL_EPSILON) self unchanged; p == 1 zeros; else keep = float(1 - p) rounded to self's
/// dtype (the op_api's probTensor), r = 1.0f / keep in float32 (the kernel's prob_reciprocal), and each element
/// x * r in float32 where its mask bit is 1, else 0, rounded to self's dtype (the writer then casts to out's).
inline at::Tensor DropoutApplyMask(const at::Tensor& self, const at::Tensor& mask, double p) {
    const double eps = std::numeric_limits<double>::epsilon();
    if (std::abs(p) <= eps) return self;
    if (std::abs(p - 1.0) <= eps) return at::zeros_like(self);
    const float keep = at::scalar_tensor(static_cast<float>(1.0 - p), at::TensorOptions().dtype(at::kFloat))
                           .to(self.scalar_type())
                           .to(at::kFloat)
                           .item<float>();
    const float r = 1.0f / keep;
    const at::Tensor x = self.to(at::kFloat).reshape({-1});
    const at::Tensor bits = DropoutMaskBits(mask, x.numel()).to(at::kBool);
    const at::Tensor y = at::where(bits, x * r, at::zeros_like(x));
    return y.view(self.sizes()).to(self.scalar_type());
}

/// aclnnDropout (random/dsa_gen_bit_mask/op_host/op_api/aclnn_dropout.cpp): train false or p == 0: out = input and
/// maskOut left as it is; p == 1: out zeros, maskOut left as it is (the op_api copies maskOut onto itself); else a
/// mask drawn into maskOut (DropoutGenMaskBytes) and out = DropoutApplyMask(input, mask, p).
inline std::tuple<at::Tensor, at::Tensor> DropoutForward(const at::Tensor& input, double p, bool train, int64_t seed,
                                                         int64_t offset, const at::Tensor& maskOut) {
    if (p == 0 || !train) return std::make_tuple(input, maskOut);
    if (p == 1) return std::make_tuple(at::zeros_like(input), maskOut);
    const at::Tensor mask = DropoutGenMaskBytes(maskOut.numel(), p, seed, offset).view(maskOut.sizes());
    return std::make_tuple(DropoutApplyMask(input, mask, p), mask);
}

/// The keep bits (BOOL, n of them) packed into nbytes mask bytes in the layout above, the padding bits 0.
inline at::Tensor DropoutPackBits(const at::Tensor& keep, int64_t nbytes) {
    at::Tensor bits = at::zeros({nbytes * 8}, at::TensorOptions().dtype(at::kLong));
    bits.narrow(0, 0, keep.numel()).copy_(keep.reshape({-1}));
    const at::Tensor weights = at::pow(2, at::arange(8, at::TensorOptions().dtype(at::kLong)));
    return (bits.view({nbytes, 8}) * weights).sum(1).to(at::kByte);
}

/// aclnnDropoutV3 (random/drop_out_v3/op_api/aclnn_dropout_v3.cpp, op_kernel/arch35/drop_out_v3_impl.h): p == 0:
/// out = input, maskOut every byte 0xFF; p == 1: out = zeros, maskOut 0 (the op_api's FillScalar); else one uniform
/// number u per element (DOUBLE, from the generator), keep bit u < keep with keep = float(1 - p), out = x * bit *
/// (1.0f / keep) in float32 rounded to input's dtype (the kernel's arithmetic), and the bits packed into maskOut in
/// the layout above with the padding bits 0 (the kernel zeroes the tail of the mask).
inline std::tuple<at::Tensor, at::Tensor> DropoutV3Forward(const at::Tensor& input, double p, int64_t seed,
                                                           int64_t offset, const at::Tensor& maskOut) {
    const at::TensorOptions u8 = at::TensorOptions().dtype(at::kByte);
    if (p == 0) return std::make_tuple(input, at::full(maskOut.sizes(), 255, u8));
    if (p == 1) return std::make_tuple(at::zeros_like(input), at::zeros(maskOut.sizes(), u8));
    const float keep = static_cast<float>(1.0 - p);
    const int64_t n = input.numel();
    at::Tensor u = at::empty({n}, at::TensorOptions().dtype(at::kDouble));
    u.uniform_(0.0, 1.0, RandomGenerator(seed, offset));
    const at::Tensor bits = at::lt(u, static_cast<double>(keep));
    const at::Tensor x = input.to(at::kFloat).reshape({-1});
    const at::Tensor y = at::where(bits, x * (1.0f / keep), at::zeros_like(x));
    return std::make_tuple(y.view(input.sizes()).to(input.scalar_type()),
                           DropoutPackBits(bits, maskOut.numel()).view(maskOut.sizes()));
}

/// aclnnDropoutV3Grad (random/drop_out_v3_grad/op_api/aclnn_dropout_v3_grad.cpp): gradX = gradY * float(scale) in
/// float32 where the element's mask bit is 1, else 0, rounded to gradY's dtype (the writer then casts to gradX's).
inline at::Tensor DropoutV3GradFormula(const at::Tensor& gradY, const at::Tensor& mask, double scale) {
    const at::Tensor g = gradY.to(at::kFloat).reshape({-1});
    const at::Tensor bits = DropoutMaskBits(mask, g.numel()).to(at::kBool);
    const at::Tensor y = at::where(bits, g * static_cast<float>(scale), at::zeros_like(g));
    return y.view(gradY.sizes()).to(gradY.scalar_type());
}

/// aclnnDropoutBackward (random/drop_out_do_mask/op_api/aclnn_dropout_backward.cpp): p = scale == 0 ? 1 :
/// 1 - 1 / scale (IsDoubleEqual), then DropoutApplyMask(gradOutput, mask, p).
inline at::Tensor DropoutBackwardFormula(const at::Tensor& gradOutput, const at::Tensor& mask, double scale) {
    const double p = std::abs(scale) <= std::numeric_limits<double>::epsilon() ? 1.0 : 1.0 - 1.0 / scale;
    return DropoutApplyMask(gradOutput, mask, p);
}

/// aclnnDropoutGenMaskV2Tensor: aclnnDropoutGenMask's mask with the seed seedTensor's first element and the offset
/// offsetTensor's last element plus offset (CANN adds offset to the offset tensor: [0, offset] on the 950, a
/// concatenated [0, offsetTensor + offset] on Atlas A2/A3).
inline at::Tensor DropoutGenMaskV2TensorRef(const at::Tensor& out, double p, const at::Tensor& seedTensor,
                                            const at::Tensor& offsetTensor, int64_t offset) {
    const int64_t seed = seedTensor.reshape({-1})[0].item().toLong();
    const at::Tensor offs = offsetTensor.reshape({-1});
    const int64_t off = offs[offs.numel() - 1].item().toLong() + offset;
    return DropoutGenMaskBytes(out.numel(), p, seed, off).view(out.sizes());
}

/// aclnnSimThreadExponential (docs/aclnnSimThreadExponential.md: f = -ln(1 - u) / lambda, u uniform in (0, 1]): u
/// = 1 - v with v drawn by ATen's uniform_ in [0, 1) in float64 from the call's (seed, offset) generator, so f =
/// -ln(v) / lambda, computed in float32 with lambda as float32 (the op's float attribute), rounded once to selfRef's
/// dtype by the write.
inline at::Tensor SimThreadExponentialRef(const at::Tensor& self, double lambda, int64_t seed, int64_t offset) {
    at::Tensor v = at::empty(self.sizes(), at::TensorOptions().dtype(at::kDouble));
    v.uniform_(0.0, 1.0, RandomGenerator(seed, offset));
    const at::Tensor e = at::neg(at::log(v)).to(at::kFloat);
    return e / static_cast<float>(lambda);
}

/// aclnnMultinomial (random/stateless_sample_multinomial/op_api/aclnn_multinomial.cpp, its AICore compositions), in
/// float32 with the call's (seed, offset) generator: without replacement (or one sample) the exponential race - keys
/// self / (-ln(1 - u) + 1e-7), u uniform per element, the numsamples largest keys' indices in descending order (TopK,
/// ArgMax); with replacement the inverse CDF - cdf = cumsum(self / sum(self)), an index = the number of cdf values at
/// or below u, u uniform per sample (clamped to the last category where rounding leaves u above the cdf's end).
inline at::Tensor MultinomialOf(const at::Tensor& self, int64_t numsamples, bool replacement, int64_t seed,
                                int64_t offset) {
    const bool one_d = self.dim() == 1;
    const at::Tensor w = (one_d ? self.unsqueeze(0) : self).to(at::kFloat);
    const int64_t rows = w.size(0), n = w.size(1);
    at::Generator gen = RandomGenerator(seed, offset);
    at::Tensor idx;
    if (!replacement || numsamples == 1) {
        at::Tensor u = at::empty({rows, n}, at::TensorOptions().dtype(at::kFloat));
        u.uniform_(0.0, 1.0, gen);
        const at::Tensor e = at::abs(at::log(1.0f - u)) + 1e-7f;
        idx = std::get<1>(at::topk(w / e, numsamples, -1, true, true));
    } else {
        const at::Tensor cdf = at::cumsum(w / w.sum(-1, true), -1);
        at::Tensor u = at::empty({rows, numsamples}, at::TensorOptions().dtype(at::kFloat));
        u.uniform_(0.0, 1.0, gen);
        idx = at::ge(u.unsqueeze(-1), cdf.unsqueeze(1)).sum(-1).clamp_max(n - 1);
    }
    idx = idx.to(at::kLong);
    return one_d ? idx.squeeze(0) : idx;
}

/// aclnnMultinomialTensor: seed = seedTensor's first element, offset = offsetTensor's first element + offset.
inline at::Tensor MultinomialTensorOf(const at::Tensor& self, int64_t numsamples, bool replacement,
                                      const at::Tensor& seedTensor, const at::Tensor& offsetTensor, int64_t offset) {
    return MultinomialOf(self, numsamples, replacement, RandomTensorWord(seedTensor),
                         static_cast<int64_t>(static_cast<uint64_t>(RandomTensorWord(offsetTensor)) +
                                              static_cast<uint64_t>(offset)));
}

}  // namespace ref
}  // namespace aclcpu
