// aclnnSmoothL1Loss: validation in CANN's order with CANN's messages, the profile rules, beta's kernel scalars
// and the reduction's order and factor (docs/ops/smooth_l1_loss.md §2-§6; hicann/ops-nn
// loss/smooth_l1_loss_v2/op_api/aclnn_smooth_l1_loss.cpp, the arch35 DAGs op_kernel/arch35/
// smooth_l1_loss_v2_dag.h, tiling op_host/arch35/smooth_l1_loss_v2_tiling_arch35.cpp), and the two public
// phases. none runs on the element-wise engine, mean/sum on the reduction engine (engine/reduce.h); the
// arithmetic is the forward-loss rows' (kernels/loss.h).
#include <cmath>
#include <string>

#include "aclnnop/aclnn_smooth_l1_loss.h"
#include "common/fp_env.h"
#include "common/status.h"
#include "engine/elementwise.h"
#include "engine/first_phase.h"
#include "engine/reduce.h"
#include "executor/executor.h"
#include "kernels/loss.h"
#include "runtime/runtime.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {
namespace {

constexpr const char* kApi2 = "aclnnSmoothL1Loss";
// Executor tensor order: inputs self, target (the API's order), output result.
constexpr const char* const kTensorNames[] = {"self", "target", "result"};

int CheckDtypes(const aclTensor* s, const aclTensor* t, const aclTensor* out, bool bf16, aclDataType* promote) {
    for (int i = 0; i < 2; ++i) {
        const aclDataType d = (i == 0 ? s : t)->dtype;
        if (!(d == ACL_FLOAT || d == ACL_FLOAT16 || (d == ACL_BF16 && bf16))) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list %s.",
                        kTensorNames[i], DtypeName(d), bf16 ? "DT_FLOAT, DT_FLOAT16, DT_BF16" : "DT_FLOAT, DT_FLOAT16");
        }
    }
    const aclDataType p = PromoteTypes(s->dtype, t->dtype);
    if (p == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Self dtype %s and target dtype %s can not promote dtype.",
                    DtypeName(s->dtype), DtypeName(t->dtype));
    }
    if (!CanCast(p, out->dtype)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Result type %s can't be cast to the desired output type %s.",
                    DtypeName(p), DtypeName(out->dtype));
    }
    *promote = p;
    return 0;
}

int CheckShapes(const aclTensor* s, const aclTensor* t, const aclTensor* out, int64_t reduction,
                engine::BroadcastShape* b) {
    if (int ret = engine::CheckSelfTargetShapes(s, t, b)) return ret;
    if (reduction == 0 && !b->Equals(out->view_shape)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of result should be %s, but current is %s.",
                    ShapeString(b->d, b->n).c_str(), ShapeString(out->view_shape).c_str());
    }
    if (reduction != 0 && out->numel != 1) {  // BEYOND CANN (docs/ops/README.md open question 5)
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected result to have exactly one element for reduction mean or sum, but its shape is %s.",
                    ShapeString(out->view_shape).c_str());
    }
    return 0;
}

// Buffer counts of SmoothL1LossV2SumDag / MeanDag (docs/ops/smooth_l1_loss.md §6: our reading of the DAG -
// Sub, Abs, Muls, Mul, Muls, Adds, Compare, Select before the reduce; the Cast nodes vanish for FLOAT).
engine::ReduceTemplateDag SmoothL1Dag(aclDataType p, bool mean) {
    engine::ReduceTemplateDag d;
    d.pre_input = 2;
    d.pre_temp_calc = p == ACL_FLOAT ? 4 : 5;
    d.post_temp_calc = (mean ? 1 : 0) + (p == ACL_FLOAT ? 0 : 1);
    return d;
}

int FirstPhase(const aclTensor* self, const aclTensor* target, int64_t reduction, float beta, aclTensor* result,
               uint64_t* workspaceSize, aclOpExecutor** executor) {
    if (workspaceSize == nullptr || executor == nullptr) {
        return Fail(ACLNN_ERR_PARAM_NULLPTR, "The workspaceSize or executor is nullptr.");
    }
    const aclTensor* t[3] = {self, target, result};
    if (int ret = engine::CheckTensorArgs(t, kTensorNames, 3)) return ret;
    const rt::Soc soc = rt::ActiveSoc();
    aclDataType p = ACL_FLOAT;
    if (int ret = CheckDtypes(self, target, result, rt::SupportsBf16(soc), &p)) return ret;
    if (reduction < 0 || reduction > 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Reduction should be between 0 and 2, but current is %lld.",
                    static_cast<long long>(reduction));
    }
    engine::BroadcastShape b;
    if (int ret = CheckShapes(self, target, result, reduction, &b)) return ret;
    if (int ret = engine::CheckElementwiseViews(t, kTensorNames, 3, 2)) return ret;
    if (self->format == ACL_FORMAT_FRACTAL_NZ) {
        Log(LogLevel::kWarning, "Format of self gets [FRACTAL_NZ], this format may lead to precision failure.");
    }
    if (!(beta >= 0.0f)) return Fail(ACLNN_ERR_PARAM_INVALID, "beta should be greater than or equal to 0");

    FpEnvScope fp_env;  // the scalars in nearest-even, no traps, whatever the caller's MXCSR says
    kern::LossParams params{p, kern::LossKind::kSmoothL1, kern::LossOutput::kRounded, 0, 1.0f, beta, 0.0f,
                            -0.5f * beta};
    // 950 tiling: MultiplyValue = |beta| < 1e-6 ? 0 : 1/beta; TBE copy: 1.0 / sigma, no guard (§5.2, §5.3).
    params.multiply = soc == rt::Soc::kAscend950 && std::fabs(beta) < 1e-6f ? 0.0f : 1.0f / beta;
    const bool empty = self->numel == 0 || target->numel == 0;
    engine::ForwardLoss loss;
    loss.none_rows = engine::KernelOf(&kern::SelectLossRow, params);
    if (reduction != 0 && !empty) {
        const int64_t n = b.Numel();
        const bool mean = reduction == 1;
        params.output = kern::LossOutput::kValue;
        loss.value_rows = engine::KernelOf(&kern::SelectLossRow, params);
        loss.finish.round_to = p;
        loss.finish.mean = mean;  // every profile multiplies the sum (950 Muls by meanVar, TBE by cof)
        loss.finish.mean_factor = static_cast<float>(1.0 / static_cast<double>(n));
        loss.order = engine::MakeReduceTemplateOrder(n, p, SmoothL1Dag(p, mean), engine::ReduceHardware{});
    }
    return engine::PublishForwardLoss(t, kApi2, kTensorNames, reduction, empty, b, loss, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

using namespace aclcpu;

extern "C" {

aclnnStatus aclnnSmoothL1LossGetWorkspaceSize(const aclTensor* self, const aclTensor* target, int64_t reduction,
                                              float beta, aclTensor* result, uint64_t* workspaceSize,
                                              aclOpExecutor** executor) {
    return engine::GuardFirstPhase("aclnnSmoothL1LossGetWorkspaceSize", [&] {
        return FirstPhase(self, target, reduction, beta, result, workspaceSize, executor);
    });
}

aclnnStatus aclnnSmoothL1Loss(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
    return RunExecutor(workspace, workspaceSize, executor, stream, kApi2);
}

}  // extern "C"
