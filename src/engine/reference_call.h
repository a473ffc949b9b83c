// The reference tier's first and second phases (ops/operators.yaml entries with a `reference` block): after the
// table's checks, PublishReference refuses the call when only exact tiers are allowed (ACLCPU_FIDELITY=exact),
// resolves the operator's computation in the reference library (libaclcpu_reference.so, PyTorch's ATen on the
// CPU, opened on the first reference-tier call so that a program calling only exact-tier operators never loads
// libtorch), and publishes an executor whose launch hands the tensors - zero-copy views of the emulated device
// memory - and the non-tensor parameters to it on the caller's stream. docs/reference-tier.md.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "aclnn/acl_meta.h"
#include "common/exports.h"
#include "op/op_call.h"
#include "reference/ref_abi.h"
#include "tensor/arguments.h"

namespace aclcpu {

/// The non-tensor parameters of one reference-tier call, in the table's order, as the reference library reads
/// them (ref::Value). Int arrays are copied (the caller may destroy its aclIntArray after the first phase).
class RefValues {
public:
    void Int(int64_t v) { Push(ref::Value::kInt, v, 0.0); }
    void Float(double v) { Push(ref::Value::kFloat, 0, v); }
    void Bool(bool v) { Push(ref::Value::kBool, v ? 1 : 0, 0.0); }
    /// An aclScalar: its dtype and value (floating and complex dtypes as double, integral and BOOL as int64;
    /// complex: the real part). NULL only for a parameter the table marks optional (the not_null check refuses
    /// it otherwise): carried as kNone, which the reference library reads with Args::OptScalar.
    void Scalar(const aclScalar* s) {
        if (s == nullptr) {
            Push(ref::Value::kNone, 0, 0.0);
        } else {
            values_.push_back(ReferenceScalarValue(s));
        }
    }
    /// An aclIntArray (non-null), copied.
    void IntArray(const aclIntArray* a) {
        Push(ref::Value::kIntArray, 0, 0.0);
        arrays_.push_back(a->values);
    }
    /// An aclBoolArray (non-null), copied; carried as an int array of 0 and 1 (the reference library reads it with
    /// Args::IntArray, e.g. aclnnConvolutionBackward's outputMask).
    void BoolArray(const aclBoolArray* a) {
        Push(ref::Value::kIntArray, 0, 0.0);
        std::vector<int64_t> bits;
        for (bool b : a->values) bits.push_back(b ? 1 : 0);
        arrays_.push_back(std::move(bits));
    }
    /// A char* (non-null: the entry's checks refuse NULL), copied; carried as an int array of its characters
    /// (the reference library reads it with Args::String).
    void String(const char* s) {
        Push(ref::Value::kIntArray, 0, 0.0);
        std::vector<int64_t> chars;
        for (const char* p = s; p != nullptr && *p != '\0'; ++p) chars.push_back(static_cast<unsigned char>(*p));
        arrays_.push_back(std::move(chars));
    }
    /// An aclScalarList (non-null; its elements non-null and live: the table's lists_live checked them), copied as
    /// kScalar values.
    void ScalarList(const aclScalarList* l) {
        Push(ref::Value::kScalarList, 0, 0.0);
        std::vector<ref::Value> items;
        for (const aclScalar* s : l->items) items.push_back(ReferenceScalarValue(s));
        values_.back().count = static_cast<int64_t>(items.size());
        scalar_lists_.push_back(std::move(items));
    }
    /// A foreach entry's aclTensorList: the launch's tensors first .. first + count - 1 (PublishReferenceOfArgs
    /// lays the lists' elements end to end; an optional list left out has count 0).
    void TensorList(int first, int count) {
        Push(ref::Value::kTensorList, first, 0.0);
        values_.back().count = count;
    }
    /// Marks tensor `index` of the executor order (an output) as one whose shape the computation decides
    /// (ref::Tensor::dynamic_shape): after the second phase the caller's aclTensor has the result's view shape
    /// (aclGetViewShape), as CANN's aclnnNonzero leaves its out.
    void DynamicShape(int index) { dynamic_.push_back(index); }
    const std::vector<int>& dynamic_shape() const { return dynamic_; }
    /// The values in order (a kIntArray value's array pointer unset: its elements are arrays()[k] for the k-th;
    /// likewise a kScalarList value's items are scalar_lists()[k] for the k-th).
    const std::vector<ref::Value>& values() const { return values_; }
    /// The copies of the int arrays, one per kIntArray value, in order.
    const std::vector<std::vector<int64_t>>& arrays() const { return arrays_; }
    /// The copies of the scalar lists, one per kScalarList value, in order.
    const std::vector<std::vector<ref::Value>>& scalar_lists() const { return scalar_lists_; }

private:
    void Push(int32_t kind, int64_t i, double f) {
        ref::Value x;
        x.kind = kind;
        x.i = i;
        x.f = f;
        values_.push_back(x);
    }
    std::vector<ref::Value> values_;
    std::vector<std::vector<int64_t>> arrays_;
    std::vector<std::vector<ref::Value>> scalar_lists_;
    std::vector<int> dynamic_;
};

/// Ends a reference-tier first phase: 161002 when ACLCPU_FIDELITY=exact (or the config's "fidelity": "exact")
/// refuses reference-tier operators, or when the reference library or its entry for `table_api` (the base
/// operator's API name; an Inplace variant runs its base's computation) cannot be loaded - each message names
/// the operator and the reason. Otherwise publishes the executor (workspace 0) and returns 0; in strict mode the
/// first call of each operator prints one note line saying it runs at the reference tier (not a finding).
/// Empty outputs publish an executor that runs nothing. Throws std::bad_alloc like new.
int PublishReference(const OpCall& c, const char* table_api, const RefValues& values, uint64_t* workspaceSize,
                     aclOpExecutor** executor);

/// PublishReference for a call whose tensors are grouped into the prototype's arguments (a foreach entry: its
/// aclTensorLists' elements laid end to end in t[0 .. n), the first num_inputs inputs; args[0 .. nargs) the lists,
/// named arg_names): the same refusals, strict-mode note and views check, and an executor whose launch hands every
/// tensor to the reference library. `values` holds the entry's non-tensor parameters and then one TensorList value
/// per argument. Throws std::bad_alloc like new.
int PublishReferenceOfArgs(const aclTensor* const* t, int n, int num_inputs, const char* api, const CallArg* args,
                           int nargs, const char* const* arg_names, const char* table_api, const RefValues& values,
                           uint64_t* workspaceSize, aclOpExecutor** executor);

}  // namespace aclcpu
