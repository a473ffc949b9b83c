// The types of the operator descriptions that tools/opgen/gen_ops.py writes from the operator table
// ops/operators.yaml into <build>/generated/tests/op_infos.inc (the table-driven suite
// tests/operators/op_table_test.cpp includes this header, then that file). One OpInfo per table entry: its
// two phases behind a uniform adapter, its tensors (roles, dtype rules per product), its non-tensor
// parameters with their table defaults, its shape kind, its in-place binding. Nothing here names an
// operator: a new table entry gets every generic test from the table alone.
#pragma once

#include <cstddef>
#include <cstdint>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "support/l1_reference.h"

namespace aclcpu_test {
namespace opinfo {

/// The number of products (the table's `products`, in the runtime's order: Ascend950, Ascend910B,
/// Ascend910_93, Ascend910, Ascend310P; l1ref::Profile numbers them the same way).
constexpr int kNumProducts = 5;
/// The most tensors an entry may have (the generator refuses more).
constexpr int kMaxTensors = 8;
/// The most non-tensor parameters an entry may have (the generator refuses more).
constexpr int kMaxParams = 8;

/// A parameter's kind (the table's `kind`): every kind the table allows.
enum class ParamKind {
    kTensor,
    kScalar,
    kIntArray,
    kBoolArray,
    kTensorList,
    kScalarList,
    kFloat,
    kDouble,
    kInt64,
    kBool,
    kString
};
/// A tensor's role (the table's `role`): input, output, or inout (an Inplace variant's tensor).
enum class Role { kInput, kOutput, kInout };
/// The table's `shape`: elementwise (one output over the inputs' broadcast shape), loss (reduction none:
/// as elementwise; mean/sum: a 0-d output) or channel (aclnnPrelu: the input `weight` has one element per
/// channel of the first input, its dim 1 - [shape[1]], or [1] for a 0-d or 1-d first input -, the output the
/// first input's shape).
/// kReduce: a reduction over its dims parameter (aclnnReduceSum); at the table's default (every dim, no keepDims) a 0-d
/// output, like a loss at mean or sum.
enum class ShapeKind { kElementwise, kLoss, kChannel, kReduce };
/// How the first phase's checks govern an input's dtype (derived from the entry's checks):
///   kNone     no list names it (the dtype tests leave it out);
///   kDirect   an in_list check names the tensor, or a same_dtype check ties it to such a tensor: that input
///             alone of a listed dtype outside the list is refused;
///   kPromote  an in_list check names a promote variable made from it: the inputs of that group all of one
///             dtype outside the list are refused (one alone may promote into the list).
enum class DtypeMode { kNone, kDirect, kPromote };

/// One non-tensor argument as the adapters take it: the field of the parameter's kind is read (i: int64_t and
/// bool; f: float and double; the handles and the string as they are). The suite builds the handles.
struct Arg {
    int64_t i = 0;
    double f = 0.0;
    const aclScalar* scalar = nullptr;
    const aclIntArray* ints = nullptr;
    const aclBoolArray* bools = nullptr;
    const aclTensorList* tensor_list = nullptr;
    const aclScalarList* scalar_list = nullptr;
    const char* str = nullptr;
};

/// The first phase behind the uniform adapter: t[] the entry's tensors in executor order (inputs, then
/// outputs, each in parameter order; an Inplace variant: its own tensors), a[] its non-tensor parameters in
/// parameter order. Returns the aclnnStatus of <api>GetWorkspaceSize.
using FirstPhaseFn = aclnnStatus (*)(aclTensor* const* t, const Arg* a, uint64_t* workspaceSize,
                                     aclOpExecutor** executor);
/// The second phase (the aclnn API itself).
using SecondPhaseFn = aclnnStatus (*)(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                      aclrtStream stream);

/// An entry's reference model behind one signature (tests/support/op_reference.h describes it): the expected
/// first-phase status (or opref::kNotModelled) and, when 0, the expected bytes written into out[j], a copy of
/// output j's buffer. t: the tensors in executor order, data = host snapshots; a: the non-tensor arguments.
using RefFn = int (*)(l1ref::Profile prof, const l1ref::View* t, const Arg* a, uint8_t* const* out);

/// One tensor of an entry.
struct TensorInfo {
    const char* name;  ///< the parameter's name
    Role role;
    const char* msg_name;  ///< the name the first phase's messages use (an Inplace variant: the base's)
    int in_index;          ///< index for aclSetInputTensorAddr (-1: not an input of the executor)
    int out_index;         ///< index for aclSetOutputTensorAddr (-1: not an output of the executor)
    DtypeMode mode;
    int group;                    ///< kPromote: the promote variable's number (inputs of one group move together)
    int tie;                      ///< tensors with one number are tied by same_dtype checks (they move together)
    uint64_t mask[kNumProducts];  ///< the governing dtype list per product: bit aclDataType (0 for kNone)
    bool optional;                ///< the table's optional: true - NULL is the caller's "none", accepted
};

/// One non-tensor parameter with the table's `default` (the value the generic tests pass).
struct ParamInfo {
    const char* name;
    ParamKind kind;
    bool has_default;
    int64_t def_i;             ///< int64_t (reduction: none 0, mean 1, sum 2), bool
    double def_f;              ///< float, double, aclScalar
    aclDataType scalar_dtype;  ///< aclScalar, aclScalarList: the element dtype (the table's `dtype`, else FLOAT)
    const double* def_list;    ///< aclIntArray, aclBoolArray, aclScalarList: the default's elements
    int def_list_len;
    const char* def_str;  ///< char*
};

/// One table entry.
struct OpInfo {
    const char* api;   ///< the second phase's name; also the test names' suffix
    const char* api1;  ///< the first phase's name
    FirstPhaseFn first;
    SecondPhaseFn second;
    ShapeKind shape;
    int num_tensors;
    int num_inputs;  ///< tensors[0 .. num_inputs) are inputs
    const TensorInfo* tensors;
    int num_params;
    const ParamInfo* params;
    int reduction;                       ///< index of the `reduction` parameter in params, -1 when none
    bool broadcasts;                     ///< the checks broadcast the inputs (a `broadcast` check)
    bool custom;                         ///< the checks include a custom hook (a rule outside the vocabulary)
    uint64_t accept_mask[kNumProducts];  ///< dtypes every list of the entry holds, per product
    const char* out_default;             ///< the out dtype rule (python.out_default): "promoted", "self" or
                                         ///< "float_for_integral" (the promoted dtype, FLOAT for integral/BOOL)
    int inplace_of;                      ///< index of the base entry in kOpInfos (-1: not an Inplace variant)
    const int* bind;        ///< Inplace: for each tensor of the base (executor order), the own tensor bound to it
    const char* reference;  ///< the table's kernel.reference (the reference-model header)
    RefFn reference_fn;     ///< the table's kernel.reference_fn (opref::<name>), nullptr when none
    const char* rows;       ///< the table's kernel.rows (the row selector; an Inplace variant: its base's)
    bool reads_values;      ///< the result depends on the tensors' values (false: a fill, table field reads_values)
    int out_param;          ///< the parameter whose default is the outputs' dtype (table field out_dtype_param:
                            ///< aclnnCast's dtype), -1 when none
    uint64_t skip_dtypes;   ///< the table's suite_skip_dtypes (bit aclDataType): neither expected accepted nor refused
};

}  // namespace opinfo
}  // namespace aclcpu_test

namespace opref {
/// A reference function's (RefFn's) verdict for a call outside what the operator's model covers.
constexpr int kNotModelled = -1;
}  // namespace opref
