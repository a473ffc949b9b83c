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
#include "tensor/lowp_dtype.h"

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
        case ACL_UINT64: return at::kLong;  // the same 64 bits (ref_abi.h AtenHasType)
        case ACL_BOOL: return at::kBool;
        case ACL_COMPLEX64: return at::kComplexFloat;
        case ACL_COMPLEX128: return at::kComplexDouble;
        default: break;
    }
    throw Refused("dtype " + std::to_string(dtype) + " has no ATen type in PyTorch 1.13");
}

/// Whether tensor t reaches the formula as a converted copy rather than a view of its memory: a dtype ATen lacks
/// (ConvertedType) or a FRACTAL_NZ storage.
bool IsConverted(const Tensor& t) { return t.present && (ConvertedType(t.dtype) || FractalNzFormat(t.format)); }

/// The ATen type a converted tensor reaches the formula as: INT4 as INT8 (its values exactly), the low-precision
/// floating types as FLOAT (every code's value is a float), an ATen type (an NZ tensor) as itself.
at::ScalarType FormulaType(int32_t dtype) {
    if (dtype == ACL_INT4) return at::kChar;
    if (ConvertedType(dtype)) return at::kFloat;
    return AtenType(dtype);
}

int64_t Numel(const Tensor& t) {
    int64_t numel = 1;
    for (int32_t d = 0; d < t.ndim; ++d) numel *= t.shape[d];
    return numel;
}

/// The storage element (from `data`) of each element of t's view, in row-major view order. ND and the other
/// formats: offset + sum(index * stride). FRACTAL_NZ (ref_abi.h's Tensor; the first phase checked the storage
/// shape): element (r, c) of batch b at b * n1 * m1 * m0 * c0 + ((c / c0) * m1 + r / m0) * m0 * c0 + (r % m0) * c0
/// + c % c0.
std::vector<int64_t> StorageElements(const Tensor& t) {
    const int64_t numel = Numel(t);
    std::vector<int64_t> at(static_cast<size_t>(numel));
    if (numel == 0) return at;
    if (FractalNzFormat(t.format)) {
        const int32_t nd = t.ndim;
        const int64_t rows = t.shape[nd - 2], cols = t.shape[nd - 1];
        const int64_t* s = t.storage_shape;
        const int64_t n1 = s[nd - 2], m1 = s[nd - 1], m0 = s[nd], c0 = s[nd + 1];
        (void)n1;
        const int64_t block = s[nd - 2] * m1 * m0 * c0;
        size_t k = 0;
        for (int64_t b = 0; b < numel / (rows * cols); ++b) {
            for (int64_t r = 0; r < rows; ++r) {
                for (int64_t c = 0; c < cols; ++c) {
                    at[k++] = b * block + ((c / c0) * m1 + r / m0) * m0 * c0 + (r % m0) * c0 + c % c0;
                }
            }
        }
        return at;
    }
    std::vector<int64_t> index(static_cast<size_t>(t.ndim), 0);
    int64_t pos = t.offset;
    for (int64_t k = 0; k < numel; ++k) {
        at[static_cast<size_t>(k)] = pos;
        for (int32_t d = t.ndim - 1; d >= 0; --d) {  // odometer over the view shape
            if (++index[static_cast<size_t>(d)] < t.shape[d]) {
                pos += t.strides[d];
                break;
            }
            pos -= (t.shape[d] - 1) * t.strides[d];
            index[static_cast<size_t>(d)] = 0;
        }
    }
    return at;
}

/// A converted tensor's copy: a new contiguous tensor of its view shape and FormulaType, holding its elements
/// (decoded exactly; an NZ tensor's elements gathered from the blocks).
at::Tensor Decode(const Tensor& t, const std::vector<int64_t>& elements) {
    at::IntArrayRef shape(t.shape, static_cast<size_t>(t.ndim));
    at::Tensor x = at::empty(shape, at::TensorOptions().dtype(FormulaType(t.dtype)).device(at::kCPU));
    const int64_t n = static_cast<int64_t>(elements.size());
    if (n == 0 || t.data == nullptr) return x;
    const aclDataType dt = static_cast<aclDataType>(t.dtype);
    if (ConvertedType(t.dtype)) {
        std::vector<float> v(static_cast<size_t>(n));
        for (int64_t k = 0; k < n; ++k) lowp::DecodeToFloat(dt, t.data, elements[static_cast<size_t>(k)], 1, &v[k]);
        if (dt == ACL_INT4) {
            int8_t* o = x.data_ptr<int8_t>();
            for (int64_t k = 0; k < n; ++k) o[k] = static_cast<int8_t>(v[static_cast<size_t>(k)]);
        } else {
            std::memcpy(x.data_ptr<float>(), v.data(), static_cast<size_t>(n) * sizeof(float));
        }
        return x;
    }
    const size_t size = c10::elementSize(x.scalar_type());
    char* o = static_cast<char*>(x.data_ptr());
    const char* src = static_cast<const char*>(t.data);
    for (int64_t k = 0; k < n; ++k) {
        std::memcpy(o + k * static_cast<int64_t>(size), src + elements[static_cast<size_t>(k)] * static_cast<int64_t>(size),
                    size);
    }
    return x;
}

/// Writes a converted output's copy x back into the caller's memory: each element encoded (lowp::EncodeFromFloat:
/// round to nearest even, the saturation rules of lowp_dtype.h) or, for an NZ tensor of an ATen type, scattered
/// into its blocks; the padding of the blocks is left as it was.
void Encode(const Tensor& t, const std::vector<int64_t>& elements, const at::Tensor& x_in) {
    const int64_t n = static_cast<int64_t>(elements.size());
    if (n == 0 || t.data == nullptr) return;
    const aclDataType dt = static_cast<aclDataType>(t.dtype);
    if (ConvertedType(t.dtype)) {
        const at::Tensor x = x_in.to(at::kFloat).contiguous();
        const float* v = x.data_ptr<float>();
        for (int64_t k = 0; k < n; ++k) lowp::EncodeFromFloat(dt, v + k, 1, t.data, elements[static_cast<size_t>(k)]);
        return;
    }
    const at::Tensor x = x_in.contiguous();
    const size_t size = c10::elementSize(x.scalar_type());
    const char* v = static_cast<const char*>(x.data_ptr());
    char* dst = static_cast<char*>(t.data);
    for (int64_t k = 0; k < n; ++k) {
        std::memcpy(dst + elements[static_cast<size_t>(k)] * static_cast<int64_t>(size), v + k * static_cast<int64_t>(size),
                    size);
    }
}

/// A view of one call's tensor as an ATen tensor over the same memory: view shape, strides and storage offset as
/// the aclTensor gives them (no copy). A tensor without elements is a new empty tensor of its shape. (A converted
/// tensor is Decode's copy instead: Args.)
at::Tensor Wrap(const Tensor& t) {
    if (!t.present) return at::Tensor();
    const at::ScalarType type = AtenType(t.dtype);
    at::IntArrayRef shape(t.shape, static_cast<size_t>(t.ndim));
    at::IntArrayRef strides(t.strides, static_cast<size_t>(t.ndim));
    const int64_t numel = Numel(t);
    const at::TensorOptions options = at::TensorOptions().dtype(type).device(at::kCPU);
    if (numel == 0 || t.data == nullptr) return at::empty_strided(shape, strides, options);
    char* first = static_cast<char*>(t.data) + t.offset * static_cast<int64_t>(c10::elementSize(type));
    return at::from_blob(first, shape, strides, options);
}

/// One call's arguments as the generated functions read them.
class Args {
public:
    /// The call's tensors as ATen tensors: views over the caller's memory, or for a converted tensor (IsConverted:
    /// a low-precision dtype, a FRACTAL_NZ storage) a decoded copy, which Finish encodes back for an output.
    explicit Args(const Call* call) : call_(call) {
        tensors_.reserve(static_cast<size_t>(call->num_tensors));
        for (int32_t i = 0; i < call->num_tensors; ++i) {
            const Tensor& t = call->tensors[i];
            if (!IsConverted(t)) {
                tensors_.push_back(Wrap(t));
                continue;
            }
            std::vector<int64_t> elements = StorageElements(t);
            tensors_.push_back(Decode(t, elements));
            if (i >= call->num_inputs) converted_.push_back({i, std::move(elements)});
        }
    }
    /// After the formula: each converted output's copy encoded into the caller's memory.
    void Finish() {
        for (const Converted& c : converted_) {
            Encode(call_->tensors[c.index], c.elements, tensors_.at(static_cast<size_t>(c.index)));
        }
    }
    /// The aclDataType value (acl_base.h) the caller created tensor x with - x one of the call's tensors as the
    /// formula received it (a converted tensor's formula type says less: FLOAT8_E4M3FN and HIFLOAT8 both arrive
    /// as FLOAT). Refused for another tensor.
    int32_t AclDtype(const at::Tensor& x) const {
        for (size_t i = 0; i < tensors_.size(); ++i) {
            if (tensors_[i].defined() && tensors_[i].is_same(x)) return call_->tensors[i].dtype;
        }
        throw Refused("AclDtype: the tensor is not one of the call's");
    }
    /// The product family the call's first phase ran under ("Ascend950", "Ascend910B", "Ascend910_93", "Ascend910",
    /// "Ascend310P"): for formulas whose arithmetic CANN's op_api picks by product.
    std::string Product() const {
        const int32_t p = call_->product;
        if (p < 0 || p >= kNumProducts) throw Refused("unknown product " + std::to_string(p));
        return kProductNames[p];
    }
    /// Whether that product is Ascend 950 (CANN's IsRegBase(): the arch35 kernels and op_api branches).
    bool RegBase() const { return Product() == "Ascend950"; }
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
    at::Scalar Scalar(int k) const {
        if (V(k).kind == Value::kNone) throw Refused("parameter " + std::to_string(k) + " is NULL");
        return ScalarOf(V(k));
    }
    /// An optional aclScalar (the table's `optional: true`): nullopt where the caller passed NULL.
    c10::optional<at::Scalar> OptScalar(int k) const {
        if (V(k).kind == Value::kNone) return c10::nullopt;
        return ScalarOf(V(k));
    }
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
    at::ScalarType Dtype(int k) const { return FormulaType(static_cast<int32_t>(V(k).i)); }
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
        if (out.defined()) {
            for (size_t i = 0; i < tensors_.size(); ++i) {
                if (call_->tensors[i].dynamic_shape && tensors_[i].is_same(out)) {
                    WriteDynamic(static_cast<int32_t>(i), result);
                    return;
                }
            }
        }
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
    /// A dynamic_shape output (ref_abi.h): the result, of any shape whose elements fit in the output's view (the
    /// largest result the first phase admits; contiguous ND, checked there), written contiguously from the view's
    /// first element, cast as Write casts; its shape reported in the call's result_shapes for the operator library,
    /// which gives the caller's aclTensor that view shape.
    void WriteDynamic(int32_t i, const at::Tensor& result) {
        const Tensor& t = call_->tensors[i];
        const int64_t capacity = Numel(t);
        if (result.dim() > kMaxResultDims || result.numel() > capacity || IsConverted(t)) {
            throw Refused("a result of " + std::to_string(result.numel()) + " elements in " +
                          std::to_string(result.dim()) + " dims does not fit output " + std::to_string(i) + " (" +
                          std::to_string(capacity) + " elements)");
        }
        if (result.numel() > 0) {
            const at::ScalarType type = AtenType(t.dtype);
            char* first = static_cast<char*>(t.data) + t.offset * static_cast<int64_t>(c10::elementSize(type));
            at::Tensor dst = at::from_blob(first, result.sizes(), at::TensorOptions().dtype(type).device(at::kCPU));
            dst.copy_(result);
        }
        for (int64_t d = 0; d < result.dim(); ++d) call_->result_shapes[i * kMaxResultDims + d] = result.size(d);
        call_->result_ndims[i] = static_cast<int32_t>(result.dim());
    }

    struct Converted {
        int32_t index;                  // in the executor order
        std::vector<int64_t> elements;  // StorageElements
    };
    const Call* call_;
    std::vector<at::Tensor> tensors_;
    std::vector<Converted> converted_;
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
        a.Finish();
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
