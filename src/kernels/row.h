// The contract between the engine and an operator's row kernels (the inner loop, in TensorIterator's terms).
//
// A row is n elements with one byte stride per operand: ptrs[0] / strides[0] / dtypes[0] are the output,
// ptrs[1..] the inputs in the order the operator listed them (engine::ElementwiseOperands). `params` points
// at the operator's parameters (a trivially copyable struct the plan holds, e.g. kern::L1Params); a row body
// casts it back to that type. The engine calls a RowFn once per row, directly through the pointer the
// operator's selector returned when the plan was made: no virtual call, no further indirection per row.
#pragma once

#include <cstdint>

#include "acl/acl_base.h"

namespace aclcpu {
namespace kern {

/// A row body: writes n output elements from the inputs' n elements (strides in bytes, may be 0 for a
/// broadcast input). Never fails.
using RowFn = void (*)(const void* params, const aclDataType* dtypes, char* const* ptrs, const int64_t* strides,
                       int64_t n);

/// An operator's kernel selector: the fastest body for rows of these dtypes and innermost byte strides
/// (one entry per operand, output first). `nontemporal`: the engine asks for streaming stores (it does so
/// only for a contiguous output of at least engine::kStreamingBytes); the body returned must then use them
/// for a contiguous output, and the engine calls StreamFence() after each chunk of rows. Never nullptr.
using RowSelectFn = RowFn (*)(const void* params, const aclDataType* dtypes, const int64_t* strides, bool nontemporal);

}  // namespace kern
}  // namespace aclcpu
