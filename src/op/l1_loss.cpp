// aclnnL1Loss: validation in CANN's order with CANN's messages, the profile rules and the reduction's order and
// factor (docs/ops/l1_loss.md §2-§6; hicann/ops-nn loss/lp_loss/op_api/aclnn_l1_loss.cpp, the arch35 LpLoss
// DAGs op_kernel/arch35/lp_loss_dag.h), and the two public phases. none runs on the element-wise engine
// (engine/elementwise.h), mean/sum on the reduction engine (engine/reduce.h); the arithmetic is the forward-loss
// rows' (kernels/loss.h).
#include <string>

#include "aclnnop/aclnn_l1_loss.h"
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

constexpr const char* kApi2 = "aclnnL1Loss";
// Executor tensor order: inputs self, target (the API's order), output out.
constexpr const char* const kTensorNames[] = {"self", "target", "out"};

// IsFloatingType (opbase): DOUBLE, FLOAT, BFLOAT16, FLOAT16.
bool IsFloating(aclDataType d) { return d == ACL_DOUBLE || d == ACL_FLOAT || d == ACL_BF16 || d == ACL_FLOAT16; }

int CheckDtypes(const aclTensor* s, const aclTensor* t, const aclTensor* out, int64_t reduction, bool bf16,
                aclDataType* promote) {
    if (reduction == 0 && !IsFloating(s->dtype) && IsFloating(t->dtype)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Input dtype should be either floating point or complex dtypes. Got %s instead.",
                    DtypeName(s->dtype));
    }
    if (reduction == 1 && !IsFloating(s->dtype) && !IsFloating(t->dtype)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Input dtype should be either floating point or complex dtypes. Got self %s and target %s instead.",
                    DtypeName(s->dtype), DtypeName(t->dtype));
    }
    const aclDataType p = PromoteTypes(s->dtype, t->dtype);
    if (p == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Self dtype %s and target dtype %s can not be promoted.",
                    DtypeName(s->dtype), DtypeName(t->dtype));
    }
    if (!(p == ACL_FLOAT || p == ACL_FLOAT16 || p == ACL_INT64 || (p == ACL_BF16 && bf16))) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "promoteType dtype %s should be in dtype support list %s.", DtypeName(p),
                    bf16 ? "[DT_FLOAT, DT_FLOAT16, DT_INT64, DT_BF16]" : "[DT_FLOAT, DT_FLOAT16, DT_INT64]");
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
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected out tensor shape to be %s, but got %s.",
                    ShapeString(b->d, b->n).c_str(), ShapeString(out->view_shape).c_str());
    }
    if (reduction != 0 && !out->view_shape.empty()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected a 0-dimensional tensor, but Shape of out is %s.",
                    ShapeString(out->view_shape).c_str());
    }
    return 0;
}

// Buffer counts of LpLossSumDag / LpLossMeanDag (docs/ops/l1_loss.md §6: our reading of the DAG; the Cast
// nodes vanish for FLOAT, and the mean DAG has one more node, Muls, after the reduce).
engine::ReduceTemplateDag LpLossDag(aclDataType p, bool mean) {
    engine::ReduceTemplateDag d;
    d.pre_input = 2;
    d.pre_temp_calc = p == ACL_FLOAT ? 1 : 2;
    d.post_temp_calc = (mean ? 1 : 0) + (p == ACL_FLOAT ? 0 : 1);
    return d;
}

int FirstPhase(const aclTensor* self, const aclTensor* target, int64_t reduction, aclTensor* out,
               uint64_t* workspaceSize, aclOpExecutor** executor) {
    if (workspaceSize == nullptr || executor == nullptr) {
        return Fail(ACLNN_ERR_PARAM_NULLPTR, "The workspaceSize or executor is nullptr.");
    }
    const aclTensor* t[3] = {self, target, out};
    if (int ret = engine::CheckTensorArgs(t, kTensorNames, 3)) return ret;
    if (reduction < 0 || reduction > 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected reduction to be 0 or 1 or 2, but got %lld.",
                    static_cast<long long>(reduction));
    }
    const rt::Soc soc = rt::ActiveSoc();
    aclDataType p = ACL_FLOAT;
    if (int ret = CheckDtypes(self, target, out, reduction, rt::SupportsBf16(soc), &p)) return ret;
    engine::BroadcastShape b;
    if (int ret = CheckShapes(self, target, out, reduction, &b)) return ret;
    if (int ret = engine::CheckElementwiseViews(t, kTensorNames, 3, 2)) return ret;
    if (self->format == ACL_FORMAT_FRACTAL_NZ) {
        Log(LogLevel::kWarning, "Format of input gets [FRACTAL_NZ], this format mat lead to precision failure");
    }

    const bool empty = self->numel == 0 || target->numel == 0;
    kern::LossParams params{p, kern::LossKind::kL1, kern::LossOutput::kRounded, 0, 1.0f, 0.0f, 0.0f, 0.0f};
    engine::ForwardLoss loss;
    loss.none_rows = engine::KernelOf(&kern::SelectLossRow, params);
    if (reduction != 0 && !empty) {
        const int64_t n = b.Numel();
        const bool mean = reduction == 1;
        params.output = kern::LossOutput::kValue;
        loss.finish.round_to = p;
        if (p == ACL_INT64) {
            loss.finish.value_dtype = ACL_INT64;  // GetL1LossFromInt64: ReduceSum of Abs(Sub), exact, wraps
        } else {
            FpEnvScope fp_env;
            const float mean_var = static_cast<float>(1.0 / static_cast<double>(n));  // meanVar / TBE cof
            // 950: sum, then Muls by meanVar. TBE stand-in: each value scaled by cof before the sum (§5.3).
            const bool scale_first = soc != rt::Soc::kAscend950;
            loss.finish.mean = mean && !scale_first;
            loss.finish.mean_factor = mean_var;
            params.scale_values = mean && scale_first ? 1 : 0;
            params.scale = mean_var;
            loss.order = engine::MakeReduceTemplateOrder(n, p, LpLossDag(p, mean), engine::ReduceHardware{});
        }
        loss.value_rows = engine::KernelOf(&kern::SelectLossRow, params);
    }
    return engine::PublishForwardLoss(t, kApi2, kTensorNames, reduction, empty, b, loss, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

using namespace aclcpu;

extern "C" {

aclnnStatus aclnnL1LossGetWorkspaceSize(const aclTensor* self, const aclTensor* target, int64_t reduction,
                                        aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor) {
    return engine::GuardFirstPhase("aclnnL1LossGetWorkspaceSize",
                                   [&] { return FirstPhase(self, target, reduction, out, workspaceSize, executor); });
}

aclnnStatus aclnnL1Loss(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
    return RunExecutor(workspace, workspaceSize, executor, stream, kApi2);
}

}  // extern "C"
