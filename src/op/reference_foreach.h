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
/// (c.t, c.args): `values` the entry's non-tensor parameters in table order; `extra[0 .. num_extra)` its aclTensor
/// input parameters (a V1 form's scalar tensor, NULL for an absent optional one), named `extra_names`. The launch's
/// tensors are the input lists' elements, the extra tensors, then the output lists' elements (inputs first); a
/// TensorList value is appended here per list (executor list order), then one per extra tensor (count 1, or 0 for
/// NULL). `table_api` the base entry's API (an Inplace variant runs its base's formula). Returns 0 or a first-phase
/// status (161002: ACLCPU_FIDELITY=exact, the reference library unusable, a view outside its storage). Throws
/// std::bad_alloc like new.
inline int PublishForeachReference(const ForeachCall& c, const char* table_api, RefValues values,
                                   const aclTensor* const* extra, const char* const* extra_names, int num_extra,
                                   uint64_t* workspaceSize, aclOpExecutor** executor) {
    std::vector<const aclTensor*> t;
    std::vector<CallArg> args;
    std::vector<const char*> names;
    t.reserve(c.t.size() + static_cast<size_t>(num_extra));
    auto add_list = [&](int k) {
        CallArg a = c.args[static_cast<size_t>(k)];
        const int from = a.first;
        a.first = static_cast<int>(t.size());
        for (int i = 0; i < a.count; ++i) t.push_back(c.t[static_cast<size_t>(from + i)]);
        args.push_back(a);
        names.push_back(c.list_names[k]);
    };
    for (int k = 0; k < c.num_input_lists; ++k) add_list(k);
    for (int j = 0; j < num_extra; ++j) {
        CallArg a;
        a.first = static_cast<int>(t.size());
        a.count = extra[j] != nullptr ? 1 : 0;
        a.list = false;
        if (extra[j] != nullptr) t.push_back(extra[j]);
        args.push_back(a);
        names.push_back(extra_names[j]);
    }
    const int num_inputs = static_cast<int>(t.size());
    for (int k = c.num_input_lists; k < c.num_lists; ++k) add_list(k);
    for (int k = 0; k < c.num_lists; ++k) {  // the lists in their executor order, then the extra tensors
        const CallArg& a = args[static_cast<size_t>(k < c.num_input_lists ? k : k + num_extra)];
        values.TensorList(a.first, a.count);
    }
    for (int j = 0; j < num_extra; ++j) {
        const CallArg& a = args[static_cast<size_t>(c.num_input_lists + j)];
        values.TensorList(a.first, a.count);
    }
    return PublishReferenceOfArgs(t.data(), static_cast<int>(t.size()), num_inputs, c.api, args.data(),
                                  static_cast<int>(args.size()), names.data(), table_api, values, workspaceSize,
                                  executor);
}

}  // namespace aclcpu
