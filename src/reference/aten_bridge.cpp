// libaclcpu_reference.so: the reference tier's computations on PyTorch's ATen (CPU), opened by the operator
// library on the first reference-tier call (src/engine/reference_call.cpp; interface src/reference/ref_abi.h;
// docs/reference-tier.md). Each operator's function is generated from its table entry's `reference` block
// (tools/opgen/gen_ops.py -> reference/reference_ops.inc, included at the end); this file holds what they share:
// the aclTensor views as ATen tensors over the same memory (no copy in), the parameters, the write of a result
// into the caller's output (ATen's copy_, which casts with round-to-nearest-even; no copy when the computation
// wrote the output itself) and the failure path. The named helpers the table's formulas call are in
// reference/aten_formulas.h (shared with the tests, which evaluate the same formulas on copies).
#include <ATen/ATen.h>
#include <ATen/MemoryOverlap.h>
#include <c10/util/Exception.h>

#include <cstdio>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

#include "acl/acl_base.h"
#include "aclnn/acl_meta.h"
#include "reference/aten_formulas.h"
#include "reference/ref_abi.h"

namespace aclcpu {
namespace ref {
namespace {

/// Thrown for what the bridge itself refuses (a dtype ATen 1.13 has no type for); the message is the reason.
struct Refused : std::exception {
    explicit Refused(std::string m) : msg(std::move(m)) {}
    const char* what() const noexcept override { return msg.c_str(); }
    std::string msg;
};

/// The ATen scalar type of an aclDataType (the types both define); Refused for the others.
at::ScalarType AtenType(int32_t dtype) {
    switch (static_cast<aclDataType>(dtype)) {
        case ACL_FLOAT: return at::kFloat;
        case ACL_FLOAT16: return at::kHalf;
        case ACL_BF16: return at::kBFloat16;
        case ACL_DOUBLE: return at::kDouble;
        case ACL_INT8: return at::kChar;
        case ACL_UINT8: return at::kByte;
        case ACL_INT16: return at::kShort;
        case ACL_INT32: return at::kInt;
        case ACL_INT64: return at::kLong;
        case ACL_BOOL: return at::kBool;
        case ACL_COMPLEX64: return at::kComplexFloat;
        case ACL_COMPLEX128: return at::kComplexDouble;
        default: break;
    }
    throw Refused("dtype " + std::to_string(dtype) + " has no ATen type in PyTorch 1.13");
}

/// A view of one call's tensor as an ATen tensor over the same memory: view shape, strides and storage offset as
/// the aclTensor gives them (no copy). A tensor without elements is a new empty tensor of its shape.
at::Tensor Wrap(const Tensor& t) {
    if (!t.present) return at::Tensor();
    const at::ScalarType type = AtenType(t.dtype);
    at::IntArrayRef shape(t.shape, static_cast<size_t>(t.ndim));
    at::IntArrayRef strides(t.strides, static_cast<size_t>(t.ndim));
    int64_t numel = 1;
    for (int32_t d = 0; d < t.ndim; ++d) numel *= t.shape[d];
    const at::TensorOptions options = at::TensorOptions().dtype(type).device(at::kCPU);
    if (numel == 0 || t.data == nullptr) return at::empty_strided(shape, strides, options);
    char* first = static_cast<char*>(t.data) + t.offset * static_cast<int64_t>(c10::elementSize(type));
    return at::from_blob(first, shape, strides, options);
}

/// One call's arguments as the generated functions read them.
class Args {
public:
    explicit Args(const Call* call) : call_(call) {
        tensors_.reserve(static_cast<size_t>(call->num_tensors));
        for (int32_t i = 0; i < call->num_tensors; ++i) tensors_.push_back(Wrap(call->tensors[i]));
    }
    /// Tensor i of the executor order (inputs, then outputs).
    at::Tensor& T(int i) { return tensors_.at(static_cast<size_t>(i)); }
    const Value& V(int k) const {
        if (k < 0 || k >= call_->num_values) throw Refused("parameter " + std::to_string(k) + " missing");
        return call_->values[k];
    }
    int64_t Int(int k) const { return V(k).i; }
    double Float(int k) const { return V(k).f; }
    bool Bool(int k) const { return V(k).i != 0; }
    /// An aclScalar as ATen's Scalar: a floating or complex dtype as double, BOOL as bool, an integer as int64.
    at::Scalar Scalar(int k) const { return ScalarOf(V(k)); }
    static at::Scalar ScalarOf(const Value& v) {
        const aclDataType d = static_cast<aclDataType>(v.dtype);
        if (d == ACL_BOOL) return at::Scalar(v.i != 0);
        if (d == ACL_FLOAT || d == ACL_FLOAT16 || d == ACL_BF16 || d == ACL_DOUBLE || d == ACL_COMPLEX64 ||
            d == ACL_COMPLEX128) {
            return at::Scalar(v.f);
        }
        return at::Scalar(static_cast<int64_t>(v.i));
    }
    at::IntArrayRef IntArray(int k) const {
        const Value& v = V(k);
        return at::IntArrayRef(v.array, static_cast<size_t>(v.count));
    }
    /// A char* parameter (RefValues::String: its characters as an int array).
    std::string String(int k) const {
        const Value& v = V(k);
        std::string s;
        for (int64_t i = 0; i < v.count; ++i) s.push_back(static_cast<char>(v.array[i]));
        return s;
    }
    /// An aclDataType parameter as ATen's type.
    at::ScalarType Dtype(int k) const { return AtenType(static_cast<int32_t>(V(k).i)); }
    /// An aclScalarList parameter: its scalars as Scalar(k) reads one.
    std::vector<at::Scalar> ScalarList(int k) const {
        const Value& v = V(k);
        std::vector<at::Scalar> out;
        for (int64_t i = 0; i < v.count; ++i) out.push_back(ScalarOf(v.items[i]));
        return out;
    }
    /// An aclTensorList parameter (a foreach entry's list): its elements' views, in order (handles sharing the
    /// tensors' memory: writing through one writes the caller's element).
    std::vector<at::Tensor> List(int k) const {
        const Value& v = V(k);
        if (v.kind != Value::kTensorList || v.i < 0 || v.count < 0 || v.i + v.count > call_->num_tensors) {
            throw Refused("parameter " + std::to_string(k) + " is not a tensor list of the call");
        }
        return std::vector<at::Tensor>(tensors_.begin() + v.i, tensors_.begin() + v.i + v.count);
    }
    /// A foreach entry's aclTensor parameter (a TensorList value of one tensor; none: an undefined tensor, the
    /// caller's NULL for an optional one).
    at::Tensor One(int k) const {
        const std::vector<at::Tensor> l = List(k);
        return l.empty() ? at::Tensor() : l[0];
    }

    /// Writes a result into an output: nothing when the computation wrote the output's memory itself, otherwise
    /// ATen's copy_ (a cast with round to nearest even where the dtypes differ; broadcasting a result of fewer
    /// dims; a result of out's element count in another shape, its elements in order). A result whose shape cannot
    /// be written there is an internal error (the first phase checked it).
    void Write(at::Tensor& out, const at::Tensor& result) {
        if (!out.defined() || out.numel() == 0) return;
        if (result.data_ptr() == out.data_ptr() && result.sizes().equals(out.sizes()) &&
            result.strides().equals(out.strides()) && result.scalar_type() == out.scalar_type()) {
            return;
        }
        // a result that shares memory with out (a view of an input the caller's out overlaps: aclnnPermute with
        // out = self) is copied first, as CANN computes into a new tensor before its ViewCopy into out
        const at::Tensor src = at::get_overlap_status(out, result) == at::MemOverlapStatus::No ? result : result.clone();
        // a result of another shape with out's element count (aclnnLayerNorm's [M, 1] statistics into a flat [M]
        // out on the products whose kernel writes them so): its elements in order
        if (!src.sizes().equals(out.sizes()) && src.numel() == out.numel()) {
            out.copy_(src.reshape(out.sizes()));
            return;
        }
        out.copy_(src);
    }
    /// Writes a list's results element by element (Write); a result list of another length is an internal error.
    void WriteList(std::vector<at::Tensor>& outs, const std::vector<at::Tensor>& results) {
        if (outs.size() != results.size()) {
            throw Refused("the formula returned " + std::to_string(results.size()) + " tensors for a list of " +
                          std::to_string(outs.size()));
        }
        for (size_t i = 0; i < outs.size(); ++i) Write(outs[i], results[i]);
    }

private:
    const Call* call_;
    std::vector<at::Tensor> tensors_;
};

/// Runs one generated body: 0, or 561000 (ACLNN_ERR_INNER) with ATen's or the bridge's reason in call->error.
template <typename Body>
int Run(const Call* call, Body&& body) {
    auto fail = [&](const char* why) {
        if (call->error != nullptr && call->error_size > 0) {
            std::snprintf(call->error, call->error_size, "%s", why);
        }
        return static_cast<int>(ACLNN_ERR_INNER);
    };
    try {
        at::NoGradGuard no_grad;
        Args a(call);
        body(a);
        return 0;
    } catch (const c10::Error& e) {
        return fail(e.what_without_backtrace());
    } catch (const std::exception& e) {
        return fail(e.what());
    } catch (...) {
        return fail("unknown exception");
    }
}

}  // namespace
}  // namespace ref
}  // namespace aclcpu

// The generated functions (one per reference-tier entry of ops/operators.yaml) and their table (kEntries).
#include "reference/reference_ops.inc"

extern "C" __attribute__((visibility("default"))) const aclcpu::ref::Entry* aclcpu_reference_table(int32_t* count,
                                                                                                 int32_t* version) {
    *count = static_cast<int32_t>(sizeof aclcpu::ref::kEntries / sizeof aclcpu::ref::kEntries[0]);
    *version = aclcpu::ref::kVersion;
    return aclcpu::ref::kEntries;
}
