// aclnnMseLoss: validation in CANN's order with CANN's messages, the profile rules (which kernel, so which
// summation order), and the two public phases (docs/ops/mse_loss.md §2-§6; hicann/ops-nn
// loss/mse_loss/op_api/aclnn_mse_loss.cpp, mse_loss.cpp, loss/common/level2_base_loss.h). Execution is the
// engine's: reduction none through the element-wise engine (engine/elementwise.h) with the MSE rows
// (kernels/mse_loss.h); mean/sum through the reduction engine (engine/reduce.h) in the order of the kernel the
// profile runs (engine/mse_v2_order.h for MSELossV2, the reduce template for MseLoss).
#include "kernels/mse_loss.h"

#include <cmath>
#include <limits>
#include <string>

#include "aclnnop/aclnn_mse_loss.h"
#include "common/status.h"
#include "engine/elementwise.h"
#include "engine/first_phase.h"
#include "engine/mse_v2_order.h"
#include "engine/reduce.h"
#include "executor/executor.h"
#include "runtime/runtime.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {
namespace {

constexpr const char* kApi2 = "aclnnMseLoss";
// Executor tensor order: inputs self, target (the API's order), output out.
constexpr const char* const kTensorNames[] = {"self", "target", "out"};

const char* DtypeList(bool bf16) { return bf16 ? "DT_FLOAT, DT_FLOAT16, DT_BF16" : "DT_FLOAT, DT_FLOAT16"; }

bool InList(aclDataType d, bool bf16) { return d == ACL_FLOAT || d == ACL_FLOAT16 || (d == ACL_BF16 && bf16); }

// CheckDtypeValidMseLoss: the promote type, then self, target and out, each in the profile's list.
int CheckDtypes(const aclTensor* s, const aclTensor* t, const aclTensor* out, bool bf16, aclDataType* promote) {
    *promote = PromoteTypes(s->dtype, t->dtype);
    if (!InList(*promote, bf16)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected self dtype [%s] and target dtype [%s] to be promotable but check failed.",
                    DtypeName(s->dtype), DtypeName(t->dtype));
    }
    const aclTensor* checked[3] = {s, t, out};
    for (int i = 0; i < 3; ++i) {
        if (!InList(checked[i]->dtype, bf16)) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Tensor %s not implemented for %s, should be in dtype support list %s.", kTensorNames[i],
                        DtypeName(checked[i]->dtype), DtypeList(bf16));
        }
    }
    return 0;
}

// CheckShape: ranks, broadcast (OP_CHECK_BROADCAST_AND_INFER_SHAPE), then out's shape per reduction.
int CheckShapes(const aclTensor* s, const aclTensor* t, const aclTensor* out, int64_t reduction,
                engine::BroadcastShape* b) {
    if (int ret = engine::CheckSelfTargetShapes(s, t, b)) return ret;
    if (reduction == 0) {
        if (!b->Equals(out->view_shape)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as %s, but got %s.",
                        ShapeString(b->d, b->n).c_str(), ShapeString(out->view_shape).c_str());
        }
    } else if (!out->view_shape.empty()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected a 0-dimensional tensor, but Shape of out is %s.",
                    ShapeString(out->view_shape).c_str());
    }
    return 0;
}

// The MseLoss arch35 DAG (loss/mse_loss/op_kernel/arch35/mse_loss_dag.h: CopyIn x2, Cast x2, Sub, Mul, then
// ReduceSumOp; after it Muls (mean) and Cast, CopyOut): the same node structure as LpLoss's (Sub, Abs), so the
// same buffer counts as the L1 loss's reduce-template DAG.
engine::ReduceTemplateDag MseLossDag() {
    engine::ReduceTemplateDag d;
    d.pre_input = 2;
    d.pre_temp_calc = 2;
    d.post_temp_calc = 1;
    return d;
}

// l0op::MseLoss's kernel choice (docs/ops/mse_loss.md §5.1; ops-nn loss/mse_loss/op_api/mse_loss.cpp): MSELossV2
// on 910B, 910_93, 310P and 950 when self's and target's view formats are equal and ND or NCL (their shapes
// are equal after broadcasting; the labels are taken as the caller gave them, open question 6), else MseLoss: the 950
// reduce template (§5.3), and on 910 / for other formats on A2/A3/310P the TBE kernel, which the 950 reduce
// template stands in for (§5.5, not bit-exact). Returns the order; *finish gets the mean step.
std::shared_ptr<const engine::ReduceOrder> OrderFor(rt::Soc soc, const aclTensor& self, const aclTensor& target,
                                                    int64_t n, aclDataType p, bool mean, engine::ReduceFinish* finish) {
    finish->value_dtype = ACL_FLOAT;
    finish->round_to = p;
    finish->mean = false;
    const int item = p == ACL_FLOAT ? 4 : 2;
    const bool nd = self.format == target.format && (self.format == ACL_FORMAT_ND || self.format == ACL_FORMAT_NCL);
    if (nd && (soc == rt::Soc::kAscend910B || soc == rt::Soc::kAscend910_93)) {
        return engine::MakeMseV2Order(engine::MseV2Order::kA2, n, item, mean);
    }
    if (nd && soc == rt::Soc::kAscend310P) return engine::MakeMseV2Order(engine::MseV2Order::k310P, n, item, mean);
    if (nd && soc == rt::Soc::kAscend950) return engine::MakeMseV2Order(engine::MseV2Order::kArch35, n, item, mean);
    // MseLossMeanDag: Muls by meanVar = (float)(1.0 / (double)N) after the sum (mse_loss_tiling_arch35.cpp via
    // the reduce template's ComputeStride; TBE: cof = N ** -1, the same float).
    finish->mean = mean;
    finish->mean_factor = static_cast<float>(1.0 / static_cast<double>(n));
    return engine::MakeReduceTemplateOrder(n, p, MseLossDag(), engine::ReduceHardware{});
}

int FirstPhase(const aclTensor* self, const aclTensor* target, int64_t reduction, aclTensor* out,
               uint64_t* workspaceSize, aclOpExecutor** executor) {
    if (workspaceSize == nullptr || executor == nullptr) {
        return Fail(ACLNN_ERR_PARAM_NULLPTR, "The workspaceSize or executor is nullptr.");
    }
    const aclTensor* t[3] = {self, target, out};
    if (int ret = engine::CheckTensorArgs(t, kTensorNames, 3)) return ret;
    const rt::Soc soc = rt::ActiveSoc();
    aclDataType promote = ACL_FLOAT;
    if (int ret = CheckDtypes(self, target, out, rt::SupportsBf16(soc), &promote)) return ret;
    if (reduction < 0 || reduction > 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected reduction to be between 0 and 2, but got %lld.",
                    static_cast<long long>(reduction));
    }
    engine::BroadcastShape b;
    if (int ret = CheckShapes(self, target, out, reduction, &b)) return ret;
    if (self->format == ACL_FORMAT_FRACTAL_NZ) {
        Log(LogLevel::kWarning, "Format of input gets [%s], this format mat lead to precision failure", "FRACTAL_NZ");
    }
    if (int ret = engine::CheckElementwiseViews(t, kTensorNames, 3, 2)) return ret;

    const bool empty = self->numel == 0 || target->numel == 0;
    engine::ForwardLoss loss;
    loss.none_rows = engine::KernelOf(&kern::SelectMseLossRow, kern::MseLossParams{promote, false});
    if (reduction != 0 && !empty) {
        loss.value_rows = engine::KernelOf(&kern::SelectMseLossRow, kern::MseLossParams{promote, true});
        loss.order = OrderFor(soc, *self, *target, b.Numel(), promote, reduction == 1, &loss.finish);
    }
    return engine::PublishForwardLoss(t, kApi2, kTensorNames, reduction, empty, b, loss, workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

using namespace aclcpu;

extern "C" {

aclnnStatus aclnnMseLossGetWorkspaceSize(const aclTensor* self, const aclTensor* target, int64_t reduction,
                                         aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor) {
    return engine::GuardFirstPhase("aclnnMseLossGetWorkspaceSize",
                                   [&] { return FirstPhase(self, target, reduction, out, workspaceSize, executor); });
}

aclnnStatus aclnnMseLoss(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
    return RunExecutor(workspace, workspaceSize, executor, stream, kApi2);
}

}  // extern "C"
