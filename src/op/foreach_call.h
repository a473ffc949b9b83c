// What a generated foreach first phase (the table's `shape: foreach` entries: aclTensorList arguments) hands to
// its plan hook, and the helpers its list checks call. The checks' order and messages are data in
// ops/operators.yaml (the list vocabulary: list_size_equal, lists_live, list_first_in, list_dtype_match, ...);
// tools/opgen/gen_ops.py writes them out as calls of these helpers. The plan hook turns the call into one
// tensor-list plan (engine/list.h): one element-wise sub-problem per list position, each with its own
// shapes, strides and offsets, run as one piece of work. Header-only, compiled into the operator library.
#pragma once

#include <climits>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "common/handle_registry.h"
#include "common/status.h"
#include "engine/first_phase.h"
#include "engine/list.h"
#include "executor/executor.h"
#include "runtime/runtime.h"
#include "tensor/arguments.h"
#include "tensor/tensor.h"

namespace aclcpu {

/// The most aclTensorList parameters an entry of shape foreach has (aclnnLstmBackward: hx, params, i, g, f, o, h, c,
/// tanhc, dparamsOut).
constexpr int kMaxForeachLists = 12;

/// One foreach first phase's state after the table's checks passed: the API (second phase) name, the active
/// product, the list parameters in executor order (input lists, then output lists; `list_names` their
/// parameter names) with `size` tensors each (the checks made the sizes equal; a `ragged` call - a reference-tier
/// entry whose lists have sizes of their own, aclnnLSTM's params and hx - has each list's own), and - after GatherLists -
/// every list's elements laid end to end in that order (`t`, the planned call's tensors) with one CallArg per
/// list (the prototype's dynamic arguments: aclSetDynamic*TensorAddr numbers them).
struct ForeachCall {
    const char* api = "";
    rt::Soc soc = rt::Soc::kAscend950;
    const aclTensorList* lists[kMaxForeachLists] = {};
    const char* const* list_names = nullptr;
    int num_lists = 0;
    int num_input_lists = 0;
    size_t size = 0;
    bool ragged = false;  // each list its own size (reference-tier entries only: the exact plans assume `size`)
    /// The list (executor order) that the address setters number as input number `inplace_input_at` and not as an
    /// output (CallArg::input_at: the table's `numbered_as: input`, the Ascend 950's in-place forms); -1: none.
    int inplace_list = -1;
    int inplace_input_at = -1;
    std::vector<const aclTensor*> t;
    std::vector<CallArg> args;

    /// Element i of list parameter `list` (executor order).
    const aclTensor* At(int list, size_t i) const { return lists[list]->items[i]; }
    /// Whether list parameter `list` is given: an optional list (the table's `optional`, the last list) may be
    /// NULL or empty, CANN's "none" (aclnnFusedSgd's momentumBufferListOptionalRef).
    bool Given(int list) const { return lists[list] != nullptr && !lists[list]->items.empty(); }
    /// The number of tensors of list parameter `list` the call uses: `size`, or a ragged call's list's own; 0 for
    /// a list left out.
    size_t Count(int list) const {
        if (!Given(list)) return 0;
        return ragged ? lists[list]->items.size() : size;
    }
    /// Its index in `t` (the planned call's tensor index the sub-problems' operands name), after GatherLists.
    int Index(int list, size_t i) const { return args[static_cast<size_t>(list)].first + static_cast<int>(i); }
    /// The tensors of the input lists (the planned call's inputs come first).
    int NumInputs() const {
        size_t n = 0;
        for (int k = 0; k < num_input_lists; ++k) n += ragged ? Count(k) : size;
        return static_cast<int>(n);
    }
};

/// opbase's NpuArch number of a product (GetCurrentPlatformInfo().GetCurNpuArch(), the opdev platform enum):
/// the foreach op_apis print it in their "support for %u is not implemented" message. DAV_3510 Ascend 950,
/// DAV_2201 Atlas A2/A3, DAV_1001 Ascend910, DAV_2002 Ascend310P (the enum's values from ops-math's op_api test
/// stub opdev/platform.h; which value each older product reports is our reading of the arch names).
inline unsigned NpuArchCode(rt::Soc soc) {
    switch (soc) {
        case rt::Soc::kAscend950: return 3510u;
        case rt::Soc::kAscend910B: case rt::Soc::kAscend910_93: return 2201u;
        case rt::Soc::kAscend910: return 1001u;
        case rt::Soc::kAscend310P: return 2002u;
    }
    return 0u;
}

/// The table's lists_live check (BEYOND CANN, which would read a destroyed object): `list` a live
/// aclTensorList (161002 with the handle registry's message naming `name`) and each of its non-null elements a
/// live aclTensor (161002). A NULL element is left to the checks that CANN makes of it (list_first_in,
/// list_dtype_match). Returns 0 or the status.
inline int CheckListLive(const aclTensorList* list, const char* name) {
    const HandleState state = HandleStateOf(list, HandleKind::kTensorList);
    if (state != HandleState::kLive) {
        return FailNotLive(ACLNN_ERR_PARAM_INVALID, name, HandleKind::kTensorList, list, state,
                           kTensorListReleasedBy);
    }
    // No aclTensor has stopped being live since the elements were last all found live: they still are
    // (aclTensorList::live_at; the count is read before the lookups, so a release during them makes it stale).
    const uint64_t releases = TensorReleaseCount();
    if (list->live_at.load(std::memory_order_relaxed) == releases) return 0;
    const aclTensor* const* items = list->items.data();
    const size_t n = list->items.size();
    size_t at = 0;
    while (at < n) {  // runs of non-null elements, each checked under one registry lock
        size_t end = at;
        while (end < n && items[end] != nullptr) ++end;
        HandleState es;
        const int dead = end > at ? FirstDeadTensor(items + at, static_cast<int>(end - at), &es) : -1;
        if (dead >= 0) {
            return FailNotLive(ACLNN_ERR_PARAM_INVALID, name, HandleKind::kTensor, items[at + static_cast<size_t>(dead)],
                               es, kTensorReleasedBy);
        }
        at = end + 1;
    }
    list->live_at.store(releases, std::memory_order_relaxed);
    return 0;
}

/// The table's lists_live scalar_lists (BEYOND CANN): `list` a live aclScalarList and each element a non-NULL, live
/// aclScalar (161002; the handle registry's message naming `name`, or "scalars[1]" for a NULL element).
inline int CheckScalarListLive(const aclScalarList* list, const char* name) {
    const HandleState state = HandleStateOf(list, HandleKind::kScalarList);
    if (state != HandleState::kLive) {
        return FailNotLive(ACLNN_ERR_PARAM_INVALID, name, HandleKind::kScalarList, list, state, kScalarReleasedBy);
    }
    for (size_t i = 0; i < list->items.size(); ++i) {
        const aclScalar* e = list->items[i];
        if (e == nullptr) {  // aclCreateScalarList stores NULL elements, as CANN does
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected a proper Scalar but got null for argument %s[%zu].", name, i);
        }
        const HandleState es = HandleStateOf(e, HandleKind::kScalar);
        if (es != HandleState::kLive) {
            return FailNotLive(ACLNN_ERR_PARAM_INVALID, name, HandleKind::kScalar, e, es, kScalarReleasedBy);
        }
    }
    return 0;
}

/// The table's lists_live null_elements option (BEYOND CANN, whose op_apis of several foreach operators read a NULL
/// element without checking it): 161002 naming the element as "<name>[<i>]". Returns 0 or the status.
inline int CheckListElementsNotNull(const aclTensorList* list, const char* name) {
    if (!list->has_null) return 0;  // aclCreateTensorList found none (the elements never change)
    for (size_t i = 0; i < list->items.size(); ++i) {
        if (list->items[i] == nullptr) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected a proper Tensor but got null for argument %s[%zu].", name, i);
        }
    }
    return 0;
}

/// Lays the lists' elements end to end into c->t (executor order) with one CallArg each; c->size must be the
/// (common) list size (a ragged call: each list's own, ForeachCall::Count). 161002 when the call would hold more tensors than an int counts (BEYOND CANN).
/// Throws std::bad_alloc.
inline int GatherLists(ForeachCall* c) {
    const size_t total = c->size * static_cast<size_t>(c->num_lists);
    if (c->size > static_cast<size_t>(INT_MAX) / kMaxForeachLists) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: a tensor list of %zu tensors is more than aclcpu plans at once.",
                    c->api, c->size);
    }
    c->t.clear();
    c->t.reserve(total);
    c->args.clear();
    for (int k = 0; k < c->num_lists; ++k) {
        CallArg a;
        a.first = static_cast<int>(c->t.size());
        if (c->Count(k) > static_cast<size_t>(INT_MAX) / kMaxForeachLists) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: a tensor list of %zu tensors is more than aclcpu plans at once.",
                        c->api, c->Count(k));
        }
        a.count = static_cast<int>(c->Count(k));  // an optional list left out: no tensors
        a.list = true;
        if (k == c->inplace_list) a.input_at = c->inplace_input_at;
        c->args.push_back(a);
        for (int i = 0; i < a.count; ++i) c->t.push_back(c->At(k, static_cast<size_t>(i)));
    }
    return 0;
}

/// The table's list_views check (BEYOND CANN, as `views` for single tensors): every element's view inside its
/// storage shape, and no output element mapping two of its elements to one address. Messages name the element
/// as "<list>[<i>]". Returns 0 or 161002.
inline int CheckListViews(const ForeachCall& c) {
    char name[64];
    for (int k = 0; k < c.num_lists; ++k) {
        for (size_t i = 0; i < c.Count(k); ++i) {
            const aclTensor* e = c.At(k, i);
            if (CheckStorageBounds(*e, c.list_names[k]) != 0) {  // again, for the message naming the element
                snprintf(name, sizeof name, "%s[%zu]", c.list_names[k], i);
                return CheckStorageBounds(*e, name);
            }
            if (k >= c.num_input_lists && HasInternalOverlap(*e)) {
                snprintf(name, sizeof name, "%s[%zu]", c.list_names[k], i);
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "%s view (shape %s, strides %s) maps several elements to one address; its result would "
                            "not be deterministic.",
                            name, ShapeString(e->view_shape).c_str(), ShapeString(e->strides).c_str());
            }
        }
    }
    return 0;
}

/// Builds and hands out the executor of a foreach call: c.t (GatherLists) grouped by list, the plan of
/// items[0 .. items.size()) (engine::PublishElementwiseList; an item without elements runs nothing, an empty
/// list plans nothing). Writes *workspaceSize and *executor; returns 0 or 161002. Throws std::bad_alloc.
inline int PublishForeach(const ForeachCall& c, const std::vector<engine::ElementwiseListItem>& items,
                          uint64_t* workspaceSize, aclOpExecutor** executor) {
    return engine::PublishElementwiseList(c.t.data(), static_cast<int>(c.t.size()), c.NumInputs(), c.api,
                                          c.args.data(), c.num_lists, c.list_names, items.data(), items.size(),
                                          workspaceSize, executor);
}

}  // namespace aclcpu
