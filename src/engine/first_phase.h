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
#include <algorithm>
#include <type_traits>
#include <utility>
#include <vector>

#include "aclnn/acl_meta.h"
#include "common/status.h"
#include "engine/elementwise.h"
#include "engine/list.h"
#include "engine/reduce.h"
#include "executor/executor.h"
#include "executor/op_cache.h"
#include "runtime/runtime.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {
namespace engine {

/// The tensor-argument checks every operator starts with, in CANN's order: each of t[0 .. n) non-null (161001,
/// "Expected a proper Tensor but got null for argument %s.", ops-nn op_error_check.h OP_CHECK_NULL, printed
/// with the API's parameter name `names[i]`), then each a live aclTensor (161002 with the handle registry's
/// message; BEYOND CANN, which would read a destroyed descriptor). Bit i of `optional` set: t[i] may be NULL (the
/// table's optional tensors). Returns 0 or the status.
inline int CheckTensorArgs(const aclTensor* const* t, const char* const* names, int n, uint32_t optional = 0) {
    if (optional != 0) {  // a NULL optional tensor is the caller's "none" (aclnnClampTensor's bounds)
        for (int i = 0; i < n; ++i) {
            if (t[i] == nullptr && (optional >> i & 1u) == 0) {
                return Fail(ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument %s.",
                            names[i]);
            }
        }
        for (int i = 0; i < n; ++i) {
            if (t[i] == nullptr) continue;
            HandleState state;
            if (FirstDeadTensor(&t[i], 1, &state) >= 0) {
                return FailNotLive(ACLNN_ERR_PARAM_INVALID, names[i], HandleKind::kTensor, t[i], state,
                                   kTensorReleasedBy);
            }
        }
        return 0;
    }
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

/// Refuses outputs of `ops` (indices into t, the planned call's order) that share a byte of memory: 161002
/// naming both (names[i] names t[i]). One output: always 0.
inline int CheckOutputsApart(const aclTensor* const* t, const char* const* names, const ElementwiseOperands& ops) {
    if (ops.num_outputs < 2) return 0;
    int a = 0, b = 0;
    if (!OutputsOverlap([&](int i) -> const aclTensor& { return *t[i]; }, ops, &a, &b)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "%s and %s share memory; outputs of one call must not overlap (the bytes they share would hold "
                "whichever value was written last).",
                names[ops.Out(a)], names[ops.Out(b)]);
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
/// of writes). `names[i]` names t[i] in messages; a NULL t[i] (an optional tensor left out, the output too) is
/// skipped. Returns 0, or 161002 with a message.
inline int CheckElementwiseViews(const aclTensor* const* t, const char* const* names, int n, int out) {
    for (int i = 0; i < n; ++i) {
        if (t[i] == nullptr) continue;  // an optional tensor left out
        if (int ret = CheckStorageBounds(*t[i], names[i])) return ret;
    }
    if (t[out] != nullptr && HasInternalOverlap(*t[out])) {  // an optional output left out: nothing to write
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "%s view (shape %s, strides %s) maps several elements to one address; its result would not "
                    "be deterministic.",
                    names[out], ShapeString(t[out]->view_shape).c_str(), ShapeString(t[out]->strides).c_str());
    }
    return 0;
}

/// CheckElementwiseViews for the operands `ops` of t (t in the planned call's order, n tensors): every view
/// inside its storage, each output free of internal overlap, and - with several outputs - no two outputs
/// sharing a byte ("%s and %s share memory; ..."; BEYOND CANN: which value a shared byte keeps would
/// depend on the order of the writes). Returns 0 or 161002 with a message.
inline int CheckElementwiseViews(const aclTensor* const* t, const char* const* names, int n,
                                 const ElementwiseOperands& ops) {
    if (int ret = CheckElementwiseViews(t, names, n, ops.out)) return ret;
    for (int j = 1; j < ops.num_outputs; ++j) {
        if (int ret = CheckElementwiseViews(t, names, 0, ops.Out(j))) return ret;  // internal overlap only
    }
    return CheckOutputsApart(t, names, ops);
}

/// Runs an operator's first phase `body` (a callable returning its status) and turns host memory running out
/// inside it (std::bad_alloc or std::length_error from the executor pool, the descriptor copies or planning)
/// into 561000 ACLNN_ERR_INNER with a message naming `api`: nothing is published and *executor is not
/// written then (the executor under construction is an ExecutorPtr and goes back to the spares). BEYOND CANN,
/// whose first phases abort on an allocation failure; the brief's "never a crash".
/// The aclnn cache's key of this first phase ends with it (OpCacheAbandon): a key left pending by a first phase
/// that failed is never attached to a later one.
template <typename Body>
int GuardFirstPhase(const char* api, Body&& body) noexcept {
    try {
        const int ret = body();
        OpCacheAbandon();
        return ret;
    } catch (const std::exception& e) {  // bad_alloc, length_error
        OpCacheAbandon();
        try {
            return Fail(ACLNN_ERR_INNER, "%s: out of host memory while planning the call (%s).", api, e.what());
        } catch (...) {  // not even the message fits: the status alone
            return ACLNN_ERR_INNER;
        }
    }
}

/// The per-tensor names of a call with prototype arguments: (*names)[i] = arg_names[a] for every tensor i of
/// argument args[a] (n tensors in all). Throws std::bad_alloc like new.
inline void NamesOfArgs(const CallArg* args, int nargs, const char* const* arg_names, int n,
                        std::vector<const char*>* names) {
    names->assign(static_cast<size_t>(n), "tensor");
    for (int a = 0; a < nargs; ++a) {
        for (int k = 0; k < args[a].count; ++k) (*names)[static_cast<size_t>(args[a].first + k)] = arg_names[a];
    }
}

/// same_as[i] = the first slot j <= i with t[j] == t[i], for the n descriptors t[0 .. n) of a call (a descriptor
/// named at several slots - an in-place operand, a list naming one tensor twice - is the same tensor there). A few
/// comparisons for the single-tensor operators (n <= 16); for tensor lists an open-addressing table of the
/// pointers, O(n) (the table holds first slots only, so a later slot finds its first one).
inline void FirstSlotsOf(const aclTensor* const* t, int n, int* same_as) {
    if (n <= 16) {
        for (int i = 0; i < n; ++i) {
            int first = i;
            for (int j = 0; j < i; ++j) {
                if (t[j] == t[i]) {
                    first = j;
                    break;
                }
            }
            same_as[i] = first;
        }
        return;
    }
    int bits = 1;
    while ((size_t{1} << bits) < 2 * static_cast<size_t>(n)) ++bits;
    thread_local std::vector<int> table;
    table.assign(size_t{1} << bits, -1);
    const size_t mask = (size_t{1} << bits) - 1;
    for (int i = 0; i < n; ++i) {
        // Fibonacci hashing of the address: its top bits index the table
        size_t k = static_cast<size_t>((reinterpret_cast<uint64_t>(t[i]) * 0x9E3779B97F4A7C15ull) >> (64 - bits));
        for (;; k = (k + 1) & mask) {
            const int j = table[k];
            if (j < 0) {
                table[k] = i;
                same_as[i] = i;
                break;
            }
            if (t[j] == t[i]) {
                same_as[i] = j;
                break;
            }
        }
    }
}

/// One argument of a first phase into the aclnn cache's key: a handle (pointer) by OpCacheKey::Add, a value by its
/// bits (OpCacheKey::AddValue).
template <typename T>
inline void AddCacheArg(OpCacheKey& key, const T& v) {
    if constexpr (std::is_pointer<T>::value) {
        key.Add(v);
    } else {
        key.AddValue(v);
    }
}
/// The aclnn cache's lookup (executor/op_cache.h) that a generated first phase makes once its handle arguments are
/// known to be live (or NULL): the key of `api` on product `soc` over the arguments args... in prototype order
/// (aclTensor, aclTensorList, aclScalar, aclScalarList, aclIntArray, aclFloatArray, aclBoolArray handles;
/// bool, integer, floating-point and aclDataType values) and the pattern of repeated aclTensor handles. A hit
/// writes *workspaceSize and *executor - the executor the full first phase built for the same arguments - and
/// returns true; the first phase then returns 0 at once. False: run the first phase in full (its executor is
/// cached when it publishes, PublishPlanOfArgs). NULL workspaceSize or executor, strict mode, the cache off:
/// false, nothing looked up. Throws std::bad_alloc like new (GuardFirstPhase reports it).
template <typename... Args>
bool FromOpCache(const char* api, rt::Soc soc, uint64_t* workspaceSize, aclOpExecutor** executor,
                 const Args&... args) {
    if (workspaceSize == nullptr || executor == nullptr) return false;
    OpCacheKey* key = OpCacheBegin(api, static_cast<int>(soc));
    if (key == nullptr) return false;
    (AddCacheArg(*key, args), ...);
    return OpCacheFind(*key, workspaceSize, executor);
}

/// PublishPlan with the prototype's tensor arguments: args[0 .. nargs) tile t[0 .. n) in order, inputs first
/// (PlannedCall::args: aclSet*TensorAddr and aclSetDynamic*TensorAddr then number arguments, not tensors), and
/// every tensor of argument a is named arg_names[a] in messages. nargs 0: one argument per tensor, named
/// names[i] (static text, one per tensor). Returns 0; throws std::bad_alloc like new.
template <typename MakePlan>
int PublishPlanOfArgs(const aclTensor* const* t, int n, int num_inputs, const char* api, const char* const* names,
                      const CallArg* args, int nargs, const char* const* arg_names, MakePlan&& plan,
                      uint64_t* workspaceSize, aclOpExecutor** executor) {
    ExecutorPtr ex = AcquireExecutor();
    PlannedCall& call = ex->call;
    call.op_name = api;
    call.tensor_names = names;
    call.num_inputs = num_inputs;
    if (static_cast<size_t>(n) >= kWarmTensorsMin) TakeWarmTensorStorage(ex.get());
    call.tensors.resize(n);
    call.same_as.resize(n);
    for (int i = 0; i < n; ++i) CopyDescriptor(&call.tensors[i], *t[i]);  // reuses a recycled executor's vectors
    FirstSlotsOf(t, n, call.same_as.data());
    if (nargs > 0) {
        call.args.assign(args, args + nargs);
        NamesOfArgs(args, nargs, arg_names, n, &call.names);
        call.tensor_names = call.names.data();
    }
    call.workspace_size = 0;
    call.plan = plan(static_cast<const aclTensor*>(call.tensors.data()), &call.workspace_size);
    *workspaceSize = call.workspace_size;
    OpCacheAttach(ex.get());  // the key this first phase looked up, if any, now names this call
    *executor = PublishExecutor(std::move(ex));
    return 0;
}

/// Builds the executor of a first phase whose work is one prepared plan and hands it out: copies of the n
/// descriptors t[0 .. n) (the first num_inputs are inputs) named `names` under the API name `api`; `plan`
/// is called with the executor's descriptor copies and returns the plan (nullptr: nothing to run) and
/// writes the workspace size. Used with PlanReduce/PlanFill/PlanAxisReduce (engine/reduce.h). Returns 0;
/// throws std::bad_alloc like new.
template <typename MakePlan>
int PublishPlan(const aclTensor* const* t, int n, int num_inputs, const char* api, const char* const* names,
                MakePlan&& plan, uint64_t* workspaceSize, aclOpExecutor** executor) {
    return PublishPlanOfArgs(t, n, num_inputs, api, names, nullptr, 0, nullptr, std::forward<MakePlan>(plan),
                             workspaceSize, executor);
}

/// Builds and hands out the executor of a tensor-list (foreach) first phase: the n descriptors t[0 .. n) (the
/// elements of every list argument in list order, the first num_inputs inputs) grouped into the prototype's
/// arguments args[0 .. nargs) named arg_names (PublishPlanOfArgs), and the plan of items[0 .. count)
/// (engine/list.h; item operands index t). Refuses, before anything is published, an item whose outputs
/// share memory (CheckOutputsApart: 161002). Writes *workspaceSize and *executor; returns 0 or 161002.
/// Throws std::bad_alloc like new.
inline int PublishElementwiseList(const aclTensor* const* t, int n, int num_inputs, const char* api,
                                  const CallArg* args, int nargs, const char* const* arg_names,
                                  const ElementwiseListItem* items, size_t count, uint64_t* workspaceSize,
                                  aclOpExecutor** executor) {
    for (size_t i = 0; i < count; ++i) {
        if (items[i].ops.num_outputs < 2) continue;  // one output: nothing to check (and no names to build)
        std::vector<const char*> names;  // for the check's message only
        NamesOfArgs(args, nargs, arg_names, n, &names);
        for (size_t j = i; j < count; ++j) {
            if (int ret = CheckOutputsApart(t, names.data(), items[j].ops)) return ret;
        }
        break;
    }
    return PublishPlanOfArgs(
        t, n, num_inputs, api, nullptr, args, nargs, arg_names,
        [&](const aclTensor* copies, uint64_t* workspace) -> std::shared_ptr<const OpPlan> {
            return PlanElementwiseList(copies, items, count, workspace);
        },
        workspaceSize, executor);
}

/// Builds the executor of an element-wise first phase and hands it out: copies of the n descriptors t[0 .. n)
/// (the first num_inputs are inputs), named `names` in the second phase's messages under the API name `api`;
/// unless `empty` (an operand has no elements: nothing to run, workspace 0), the plan of `ops` over the
/// broadcast shape `shape` with `kernel`. Writes *workspaceSize (bytes) and *executor; returns 0, or 161002
/// (CheckOutputsApart; nothing published) for outputs that share memory. Throws
/// std::bad_alloc like new (the operator's caller turns it into a status).
inline int PublishElementwise(const aclTensor* const* t, int n, int num_inputs, const char* api,
                              const char* const* names, bool empty, const ElementwiseOperands& ops,
                              const BroadcastShape& shape, const ElementwiseKernel& kernel, uint64_t* workspaceSize,
                              aclOpExecutor** executor) {
    if (int ret = CheckOutputsApart(t, names, ops)) return ret;  // several outputs: never sharing memory
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
