// What the generated first phase of an operator hands to its plan hook, and the small vocabulary its checks
// call (header-only, compiled into the operator library). The checks themselves - their order, conditions
// and messages - are data in ops/operators.yaml; tools/opgen/gen_ops.py writes them out (op/<op>_entry.inc)
// as calls of these helpers and of engine/first_phase.h, then calls the operator's plan hook, which builds
// the plan from an OpCall and the operator's non-tensor parameters. src/op/<op>.cpp defines the hook and
// includes the generated file last: one translation unit per operator, inlined as a hand-written one.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <deque>
#include <limits>
#include <mutex>
#include <vector>

#include "aclnn/acl_meta.h"
#include "common/fp_env.h"
#include "common/handle_registry.h"
#include "common/status.h"
#include "engine/elementwise.h"
#include "engine/first_phase.h"
#include "kernels/convert.h"
#include "runtime/runtime.h"
#include "tensor/arguments.h"
#include "tensor/tensor.h"

namespace aclcpu {

/// A dtype support list of one product: the dtypes as a bit set (bit aclDataType) and the list as CANN's
/// messages print it ("DT_FLOAT, DT_FLOAT16"). Written by the generator from the table's dtype_lists.
struct DtypeSet {
    uint64_t mask;
    const char* text;
};

/// Whether `d` is in `set` (false for ACL_DT_UNDEFINED and for values outside the enum).
inline bool InDtypeSet(aclDataType d, const DtypeSet& set) {
    const int v = static_cast<int>(d);
    return v >= 0 && v < 64 && ((set.mask >> v) & 1u) != 0;
}

/// Whether a storage format (the aclFormat value as passed) is one of opbase's private formats (IsPrivateFormat):
/// the fractal and C0 formats (aclnnDiv, aclnnAddcmul and the foreach operators refuse them).
inline bool IsPrivateFormatCode(int32_t f) {
    switch (f) {
        case ACL_FORMAT_NC1HWC0: case ACL_FORMAT_FRACTAL_Z: case ACL_FORMAT_NC1HWC0_C04: case ACL_FORMAT_FRACTAL_NZ:
        case ACL_FORMAT_NDC1HWC0: case ACL_FRACTAL_Z_3D: case ACL_FORMAT_FRACTAL_NZ_C0_16:
        case ACL_FORMAT_FRACTAL_NZ_C0_32: case ACL_FORMAT_FRACTAL_NZ_C0_2: case ACL_FORMAT_FRACTAL_NZ_C0_4:
        case ACL_FORMAT_FRACTAL_NZ_C0_8:
            return true;
        default:
            return false;
    }
}

/// The table's scalar_to_float check, after its parameter's null check: `s` a live aclScalar (161002 with the
/// handle registry's message naming `name`; beyond CANN, which would read a destroyed scalar). Returns 0 or
/// the status.
inline int CheckScalarLive(const aclScalar* s, const char* name) {
    const HandleState state = HandleStateOf(s, HandleKind::kScalar);
    if (state == HandleState::kLive) return 0;
    return FailNotLive(ACLNN_ERR_PARAM_INVALID, name, HandleKind::kScalar, s, state, kScalarReleasedBy);
}

/// Beyond CANN (whose op_api would read a released object): each non-tensor handle argument - an aclScalar or an
/// aclIntArray / aclBoolArray - that is given (non-NULL) must be live; 161002 with the handle registry's message
/// naming the parameter. The generated first phases call it for every such parameter right after their tensors'
/// liveness check, before any check reads the value.
inline int CheckArgLive(const void* p, HandleKind kind, const char* name) {
    if (p == nullptr) return 0;
    const HandleState state = HandleStateOf(p, kind);
    if (state == HandleState::kLive) return 0;
    return FailNotLive(ACLNN_ERR_PARAM_INVALID, name, kind, p, state,
                       kind == HandleKind::kScalar ? kScalarReleasedBy : kArrayReleasedBy);
}

/// aclScalar::ToFloat: the scalar's value rounded once, to nearest even, from its own dtype (ScalarToFloat),
/// whatever rounding mode the caller's floating-point environment holds. False when the dtype has no
/// conversion to float (the table's message follows).
inline bool ScalarToFloatNearest(const aclScalar& s, float* value) {
    FpEnvScope fp_env;
    return ScalarToFloat(s, value);
}

/// The shrink operators' lambd rule (ops-nn Softshrink, SoftshrinkBackward): ToFloat(lambd) < 0 -> 161002 with
/// CANN's message (printed with %f); a NaN passes. Returns 0 or the status.
inline int CheckLambdNotNegative(const aclScalar* lambd) {
    float v = 0.0f;
    if (!ScalarToFloatNearest(*lambd, &v) || !(v < 0.0f)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "lambd should be greater or equal to 0, but found to be [%f].",
                static_cast<double>(v));
}

/// The scalar as an integer of `bits` bits (ConvertToTensor to an integer dtype, as modelled: an integer or
/// BOOL scalar's value, a floating one's truncated toward zero and saturated at the int64 range, NaN 0; then
/// wrapped to the width, two's complement; docs/ops/threshold.md §5.1; Threshold and Hardtanh).
inline int64_t ScalarAsInt(const aclScalar& s, int bits, bool is_unsigned) {
    int64_t v = 0;
    switch (s.dtype) {
        case ACL_INT8: case ACL_UINT8: case ACL_INT16: case ACL_UINT16: case ACL_INT32: case ACL_UINT32:
        case ACL_INT64: case ACL_UINT64: case ACL_BOOL: {
            aclDataType dt = s.dtype;
            v = kern::LoadInt64(reinterpret_cast<const char*>(s.bits), dt);
            break;
        }
        default: {
            double d = 0.0;
            ScalarToDouble(s, &d);  // every dtype the first phase let through converts
            if (d != d) d = 0.0;
            d = std::trunc(d);
            if (d >= 9223372036854775808.0) {
                v = INT64_MAX;
            } else if (d < -9223372036854775808.0) {
                v = INT64_MIN;
            } else {
                v = static_cast<int64_t>(d);
            }
        }
    }
    if (bits <= 0 || bits >= 64) return v;  // a 64-bit dtype (or none: the value as it is)
    const uint64_t mask = (uint64_t{1} << bits) - 1;
    const uint64_t u = static_cast<uint64_t>(v) & mask;
    if (is_unsigned) return static_cast<int64_t>(u);
    const uint64_t sign = uint64_t{1} << (bits - 1);
    return static_cast<int64_t>((u ^ sign) - sign);
}

/// CANN's IsFloatEqual(a, b) (opbase): |a - b| <= FLT_EPSILON; false when either is NaN.
inline bool IsFloatEqual(float a, float b) { return std::fabs(a - b) <= std::numeric_limits<float>::epsilon(); }

/// A tensor's view shape as the engine's shape (an operator without broadcasting: the output's shape is self's).
inline engine::BroadcastShape ViewShapeOf(const aclTensor* t) {
    engine::BroadcastShape b;
    b.n = t->view_shape.size();
    for (size_t i = 0; i < b.n; ++i) b.d[i] = t->view_shape[i];
    return b;
}

/// One first phase's state after the table's checks passed: the API (second phase) name, the tensors in
/// executor order (inputs, then outputs) with their parameter names, the active product, and what the checks
/// computed: `promote` (the table's variable of that name; ACL_FLOAT when the operator promotes nothing) and
/// `b` (the broadcast shape variable of that name; rank 0 when none is computed).
/// The most tensors a generated first phase has (tools/opgen/gen_ops.py refuses an entry with more; the exact
/// tier's generic suite, tests/support/op_info.h, allows 8 - its entries have at most 6; aclnnLayerNormBackward's
/// reference entry has 9).
constexpr int kMaxCallTensors = 16;

struct OpCall {
    const char* api;
    const aclTensor* const* t;
    const char* const* names;
    int num_tensors;
    int num_inputs;
    rt::Soc soc;
    aclDataType promote = ACL_FLOAT;
    engine::BroadcastShape b;
};

/// A copy of names[0 .. n) that lives as long as the process (an executor keeps its tensor names by pointer): one
/// per distinct list - the subsets of an entry's tensors an optional input leaves (aclnnClampTensor's NULL
/// bounds), so a handful. The names themselves are the generated string literals. Throws std::bad_alloc.
inline const char* const* InternNames(const char* const* names, int n) {
    static std::mutex mu;
    static std::deque<std::vector<const char*>> lists;
    std::lock_guard<std::mutex> lock(mu);
    for (const std::vector<const char*>& l : lists) {
        if (l.size() == static_cast<size_t>(n) && std::equal(l.begin(), l.end(), names)) return l.data();
    }
    lists.emplace_back(names, names + n);
    return lists.back().data();
}

/// The table's empty_return check: the first phase ends here with success (an executor that runs nothing,
/// workspace 0), the checks after it and the plan hook skipped (CANN's early return on an empty tensor).
/// BEYOND CANN, as on every other path: a view outside its storage, or an output view mapping two elements to
/// one address, is still refused first (161002; engine::CheckElementwiseViews).
inline int PublishNothing(const OpCall& c, uint64_t* workspaceSize, aclOpExecutor** executor) {
    // the given tensors (an optional input left NULL - aclnnClampTensor's bounds - is not one of the call's)
    const aclTensor* t[kMaxCallTensors];
    const char* names[kMaxCallTensors];
    int n = 0, inputs = 0;
    for (int i = 0; i < c.num_tensors && n < kMaxCallTensors; ++i) {
        if (c.t[i] == nullptr) continue;
        t[n] = c.t[i];
        names[n] = c.names[i];
        if (i < c.num_inputs) ++inputs;
        ++n;
    }
    for (int i = 0; i < n; ++i) {
        if (int ret = CheckStorageBounds(*t[i], names[i])) return ret;
    }
    for (int out = inputs; out < n; ++out) {
        if (int ret = engine::CheckElementwiseViews(t, names, 0, out)) return ret;  // internal overlap
    }
    return engine::PublishPlan(
        t, n, inputs, c.api, n == c.num_tensors ? c.names : InternNames(names, n),
        [](const aclTensor*, uint64_t* workspace) -> std::shared_ptr<const OpPlan> {
            *workspace = 0;
            return nullptr;
        },
        workspaceSize, executor);
}

}  // namespace aclcpu
