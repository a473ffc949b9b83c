// The reference tier's first and second phases (ops/operators.yaml entries with a `reference` block): after the
// table's checks, PublishReference refuses the call when only exact tiers are allowed (ACLCPU_FIDELITY=exact),
// resolves the operator's computation in the reference library (libaclcpu_reference.so, PyTorch's ATen on the
// CPU, opened on the first reference-tier call so that a program calling only exact-tier operators never loads
// libtorch), and publishes an executor whose launch hands the tensors - zero-copy views of the emulated device
// memory - and the non-tensor parameters to it on the caller's stream. docs/reference-tier.md.
#pragma once

#include <cstdint>
#include <vector>

#include "aclnn/acl_meta.h"
#include "op/op_call.h"
#include "reference/ref_abi.h"

namespace aclcpu {

/// The non-tensor parameters of one reference-tier call, in the table's order, as the reference library reads
/// them (ref::Value). Int arrays are copied (the caller may destroy its aclIntArray after the first phase).
class RefValues {
public:
    void Int(int64_t v);
    void Float(double v);
    void Bool(bool v);
    /// An aclScalar (non-null: the table's not_null check ran): its dtype and value (floating and complex
    /// dtypes as double, integral and BOOL as int64; complex: the real part).
    void Scalar(const aclScalar* s);
    /// An aclIntArray (non-null), copied.
    void IntArray(const aclIntArray* a);
    /// A char* (non-null: the entry's checks refuse NULL), copied; carried as an int array of its characters
    /// (the reference library reads it with Args::String).
    void String(const char* s);
    /// The values in order (a kIntArray value's array pointer unset: its elements are arrays()[k] for the k-th).
    const std::vector<ref::Value>& values() const { return values_; }
    /// The copies of the int arrays, one per kIntArray value, in order.
    const std::vector<std::vector<int64_t>>& arrays() const { return arrays_; }

private:
    std::vector<ref::Value> values_;
    std::vector<std::vector<int64_t>> arrays_;
};

/// Ends a reference-tier first phase: 161002 when ACLCPU_FIDELITY=exact (or the config's "fidelity": "exact")
/// refuses reference-tier operators, or when the reference library or its entry for `table_api` (the base
/// operator's API name; an Inplace variant runs its base's computation) cannot be loaded - each message names
/// the operator and the reason. Otherwise publishes the executor (workspace 0) and returns 0; in strict mode the
/// first call of each operator prints one note line saying it runs at the reference tier (not a finding).
/// Empty outputs publish an executor that runs nothing. Throws std::bad_alloc like new.
int PublishReference(const OpCall& c, const char* table_api, const RefValues& values, uint64_t* workspaceSize,
                     aclOpExecutor** executor);

}  // namespace aclcpu
