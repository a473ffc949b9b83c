// The operator-independent end of an element-wise operator's first phase (header-only, compiled into the
// operator library): the view checks that go beyond CANN, and building, planning and publishing the
// executor. The generated first phases (ops/operators.yaml, tools/opgen/gen_ops.py) run CANN's own checks in
// CANN's order around these; the operators' plan hooks publish with them (docs/engine.md).
#pragma once

#include <cstdint>
#include <exception>
#include <limits>
#include <memory>
#include <string>
#include <utility>

#include "aclnn/acl_meta.h"
#include "common/status.h"
#include "engine/elementwise.h"
#include "engine/reduce.h"
#include "executor/executor.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {
namespace engine {

/// The tensor-argument checks every operator starts with, in CANN's order: each of t[0 .. n) non-null (161001,
/// "Expected a proper Tensor but got null for argument %s.", ops-nn op_error_check.h OP_CHECK_NULL, printed
/// with the API's parameter name `names[i]`), then each a live aclTensor (161002 with the handle registry's
/// message; BEYOND CANN, which would read a destroyed descriptor). Returns 0 or the status.
inline int CheckTensorArgs(const aclTensor* const* t, const char* const* names, int n) {
    for (int i = 0; i < n; ++i) {
        if (t[i] == nullptr) {
            return Fail(ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument %s.", names[i]);
        }
    }
    HandleState state;
    const int dead = FirstDeadTensor(t, n, &state);
    if (dead >= 0) {
        return FailNotLive(ACLNN_ERR_PARAM_INVALID, names[dead], HandleKind::kTensor, t[dead], state,
                           kTensorReleasedBy);
    }
    return 0;
}

/// Whether `d` is one of list[0 .. n) (CANN's CheckType).
inline bool InDtypeList(aclDataType d, const aclDataType* list, size_t n) {
    for (size_t i = 0; i < n; ++i) {
        if (list[i] == d) return true;
    }
    return false;
}

/// A dtype support list as the messages print it: CANN's names joined by ", " ("DT_FLOAT, DT_FLOAT16"), in
/// the list's order (opbase op::ToString(std::initializer_list<DataType>); its body is not public).
inline std::string DtypeListString(const aclDataType* list, size_t n) {
    std::string s;
    for (size_t i = 0; i < n; ++i) {
        if (i > 0) s += ", ";
        s += DtypeName(list[i]);
    }
    return s;
}

/// Checks that every view of t[0 .. n) lies inside its storage shape and that the output view t[out] maps no
/// two elements to one address (BEYOND CANN, SPEC 3 and 6: such an output's result would depend on the order
/// of writes). `names[i]` names t[i] in messages. Returns 0, or 161002 with a message.
inline int CheckElementwiseViews(const aclTensor* const* t, const char* const* names, int n, int out) {
    for (int i = 0; i < n; ++i) {
        if (int ret = CheckStorageBounds(*t[i], names[i])) return ret;
    }
    if (HasInternalOverlap(*t[out])) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "%s view (shape %s, strides %s) maps several elements to one address; its result would not "
                    "be deterministic.",
                    names[out], ShapeString(t[out]->view_shape).c_str(), ShapeString(t[out]->strides).c_str());
    }
    return 0;
}

/// Runs an operator's first phase `body` (a callable returning its status) and turns host memory running out
/// inside it (std::bad_alloc or std::length_error from the executor pool, the descriptor copies or planning)
/// into 561000 ACLNN_ERR_INNER with a message naming `api`: nothing is published and *executor is not
/// written then (the executor under construction is an ExecutorPtr and goes back to the spares). BEYOND CANN,
/// whose first phases abort on an allocation failure; the brief's "never a crash".
template <typename Body>
int GuardFirstPhase(const char* api, Body&& body) noexcept {
    try {
        return body();
    } catch (const std::exception& e) {  // bad_alloc, length_error
        try {
            return Fail(ACLNN_ERR_INNER, "%s: out of host memory while planning the call (%s).", api, e.what());
        } catch (...) {  // not even the message fits: the status alone
            return ACLNN_ERR_INNER;
        }
    }
}

/// Builds the executor of a first phase whose work is one prepared plan and hands it out: copies of the n
/// descriptors t[0 .. n) (the first num_inputs are inputs) named `names` under the API name `api`; `plan`
/// is called with the executor's descriptor copies and returns the plan (nullptr: nothing to run) and
/// writes the workspace size. Used with PlanReduce/PlanFill (engine/reduce.h). Returns 0; throws
/// std::bad_alloc like new.
template <typename MakePlan>
int PublishPlan(const aclTensor* const* t, int n, int num_inputs, const char* api, const char* const* names,
                MakePlan&& plan, uint64_t* workspaceSize, aclOpExecutor** executor) {
    ExecutorPtr ex = AcquireExecutor();
    PlannedCall& call = ex->call;
    call.op_name = api;
    call.tensor_names = names;
    call.num_inputs = num_inputs;
    call.tensors.resize(n);
    for (int i = 0; i < n; ++i) call.tensors[i] = *t[i];  // reuses a recycled executor's vectors
    call.workspace_size = 0;
    call.plan = plan(static_cast<const aclTensor*>(call.tensors.data()), &call.workspace_size);
    *workspaceSize = call.workspace_size;
    *executor = PublishExecutor(std::move(ex));
    return 0;
}

/// Builds the executor of an element-wise first phase and hands it out: copies of the n descriptors t[0 .. n)
/// (the first num_inputs are inputs), named `names` in the second phase's messages under the API name `api`;
/// unless `empty` (an operand has no elements: nothing to run, workspace 0), the plan of `ops` over the
/// broadcast shape `shape` with `kernel`. Writes *workspaceSize (bytes) and *executor; returns 0. Throws
/// std::bad_alloc like new (the operator's caller turns it into a status).
inline int PublishElementwise(const aclTensor* const* t, int n, int num_inputs, const char* api,
                              const char* const* names, bool empty, const ElementwiseOperands& ops,
                              const BroadcastShape& shape, const ElementwiseKernel& kernel, uint64_t* workspaceSize,
                              aclOpExecutor** executor) {
    return PublishPlan(
        t, n, num_inputs, api, names,
        [&](const aclTensor* copies, uint64_t* workspace) -> std::shared_ptr<const OpPlan> {
            if (empty) return nullptr;
            return PlanElementwise(copies, ops, shape, kernel, workspace);
        },
        workspaceSize, executor);
}

/// What a forward loss (aclnnL1Loss, aclnnMseLoss, aclnnSmoothL1Loss) plans after its checks: the rows of the
/// `none` reduction (values rounded to P and stored in out's dtype) and, for mean/sum, the value rows
/// (float32 or int64 values into the engine's buffer), the summation order and the finish (engine/reduce.h).
/// `order` and `finish` are needed only for a non-empty mean/sum.
struct ForwardLoss {
    ElementwiseKernel none_rows;
    ElementwiseKernel value_rows;
    std::shared_ptr<const ReduceOrder> order;
    ReduceFinish finish;
};

/// Builds and hands out the executor of a forward loss over t = {self, target, out} (names `names`, API name
/// `api`) with the broadcast shape `shape`: reduction 0 (none) the element-wise plan of loss.none_rows (nothing
/// to run when `empty`); 1 (mean) or 2 (sum) with an empty input a plan that fills out with NaN (mean) or 0
/// (sum) (ops-nn loss/common/level2_base_loss.h CheckFillScalarLoss; docs/ops/README.md "Empty inputs");
/// otherwise the reduction of loss.value_rows in loss.order finished by loss.finish. Returns 0; throws
/// std::bad_alloc like new.
inline int PublishForwardLoss(const aclTensor* const* t, const char* api, const char* const* names,
                              int64_t reduction, bool empty, const BroadcastShape& shape, const ForwardLoss& loss,
                              uint64_t* workspaceSize, aclOpExecutor** executor) {
    const ElementwiseOperands ops{2, 2, {0, 1}};  // out = tensor 2; the rows' inputs self, target
    if (reduction == 0) {
        return PublishElementwise(t, 3, 2, api, names, empty, ops, shape, loss.none_rows, workspaceSize, executor);
    }
    const bool mean = reduction == 1;
    return PublishPlan(
        t, 3, 2, api, names,
        [&](const aclTensor* copies, uint64_t* workspace) -> std::shared_ptr<const OpPlan> {
            if (empty) return PlanFill(copies, 2, mean ? std::numeric_limits<double>::quiet_NaN() : 0.0);
            return PlanReduce(copies, ops, shape, loss.value_rows, loss.order, loss.finish, workspace);
        },
        workspaceSize, executor);
}

}  // namespace engine
}  // namespace aclcpu
