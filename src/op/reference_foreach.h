// The end of a reference-tier foreach first phase (a table entry with `shape: foreach` and a `reference` block):
// after the table's list checks, the lists' elements (ForeachCall::t, GatherLists) and one TensorList value per list
// parameter go to the reference tier's publishing (engine/reference_call.h), whose launch hands every element to
// the entry's ATen formula as a std::vector<at::Tensor> per list (docs/reference-tier.md, "Tensor lists").
// Header-only, compiled into the operator library.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/reference_call.h"
#include "op/foreach_call.h"

namespace aclcpu {

/// Publishes the executor of a reference-tier foreach call whose checks passed and whose lists are gathered
/// (c.t, c.args): `values` the entry's non-tensor parameters in table order; `extra[0 .. num_extra_in)` its
/// aclTensor input parameters (a V1 form's scalar tensor, aclnnSplitTensor's self; NULL for an absent optional
/// one), then `extra[num_extra_in .. + num_extra_out)` its aclTensor outputs (aclnnCat's out), named
/// `extra_names`. The launch's tensors are the input lists' elements, the extra inputs, the output lists' elements,
/// then the extra outputs (inputs first); a TensorList value is appended here per list (executor list order), then
/// one per extra tensor in `extra` order (count 1, or 0 for NULL). `table_api` the base entry's API (an Inplace
/// variant runs its base's formula). Returns 0 or a first-phase status (161002: ACLCPU_FIDELITY=exact, the
/// reference library unusable, a view outside its storage). Throws std::bad_alloc like new.
inline int PublishForeachReference(const ForeachCall& c, const char* table_api, RefValues values,
                                   const aclTensor* const* extra, const char* const* extra_names, int num_extra_in,
                                   int num_extra_out, uint64_t* workspaceSize, aclOpExecutor** executor) {
    const int num_extra = num_extra_in + num_extra_out;
    std::vector<const aclTensor*> t;
    std::vector<CallArg> lists(static_cast<size_t>(c.num_lists));
    std::vector<CallArg> extras(static_cast<size_t>(num_extra));
    t.reserve(c.t.size() + static_cast<size_t>(num_extra));
    auto add_list = [&](int k) {
        CallArg a = c.args[static_cast<size_t>(k)];
        const int from = a.first;
        a.first = static_cast<int>(t.size());
        for (int i = 0; i < a.count; ++i) t.push_back(c.t[static_cast<size_t>(from + i)]);
        lists[static_cast<size_t>(k)] = a;
    };
    auto add_extra = [&](int j) {
        CallArg a;
        a.first = static_cast<int>(t.size());
        a.count = extra[j] != nullptr ? 1 : 0;
        a.list = false;
        if (extra[j] != nullptr) t.push_back(extra[j]);
        extras[static_cast<size_t>(j)] = a;
    };
    for (int k = 0; k < c.num_input_lists; ++k) add_list(k);
    for (int j = 0; j < num_extra_in; ++j) add_extra(j);
    const int num_inputs = static_cast<int>(t.size());
    for (int k = c.num_input_lists; k < c.num_lists; ++k) add_list(k);
    for (int j = num_extra_in; j < num_extra; ++j) add_extra(j);
    // the prototype's arguments in launch order (aclSetDynamic*TensorAddr numbers them so)
    std::vector<CallArg> args;
    std::vector<const char*> names;
    auto arg = [&](const CallArg& a, const char* name) { args.push_back(a); names.push_back(name); };
    for (int k = 0; k < c.num_input_lists; ++k) arg(lists[static_cast<size_t>(k)], c.list_names[k]);
    for (int j = 0; j < num_extra_in; ++j) arg(extras[static_cast<size_t>(j)], extra_names[j]);
    for (int k = c.num_input_lists; k < c.num_lists; ++k) arg(lists[static_cast<size_t>(k)], c.list_names[k]);
    for (int j = num_extra_in; j < num_extra; ++j) arg(extras[static_cast<size_t>(j)], extra_names[j]);
    for (const CallArg& a : lists) values.TensorList(a.first, a.count);  // the lists, then the extra tensors
    for (const CallArg& a : extras) values.TensorList(a.first, a.count);
    return PublishReferenceOfArgs(t.data(), static_cast<int>(t.size()), num_inputs, c.api, args.data(),
                                  static_cast<int>(args.size()), names.data(), table_api, values, workspaceSize,
                                  executor);
}

}  // namespace aclcpu
