// aclcpu._core: the Python bindings (pybind11) of the operators this library implements.
//
// Every call goes through the public C API of the built libraries (aclCreateTensor, the two phases of the
// operator, aclrtSynchronizeStream): there is no second implementation of the arithmetic here. One generic
// path (Call) serves every operator of the form "input tensors + reduction + scalar parameters -> one or two
// output tensors"; the table kOps holds each operator's arity, names, default output dtype, output shapes and
// its two C entry points (rows generated from ops/operators.yaml).
// The product profile of one call is chosen with the runtime's thread-local override
// (rt::SetThreadSocOverride, src/runtime/runtime.h), set around both phases and cleared afterwards, so
// concurrent calls from several threads may use different profiles and nothing is re-initialised.
//
// Memory: the library accepts tensor data only inside aclrtMalloc/aclrtMallocHost blocks (README,
// "Differences from CANN"). Each input's storage span (from its lowest to its highest element, in bytes) is
// therefore copied, like CANN's host-to-device copy, into a per-thread aclrtMalloc arena, and the operator
// gets the view with its own strides and offset (in elements) over that span: views are never made
// contiguous first. Views the C API cannot describe (a negative stride, a byte stride that is not a multiple
// of the item size) are made contiguous by numpy first; that is the only case where the layout changes.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstring>
#include <cstdint>
#include <limits>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "op/operator_headers.inc"  // every operator header (generated from ops/operators.yaml)
#include "runtime/runtime.h"
#include "tensor/dtype.h"

namespace py = pybind11;

namespace {

constexpr int kStatusInvalid = 161002;  // ACLNN_ERR_PARAM_INVALID
constexpr size_t kAlign = 64;
constexpr size_t kKeepArenaBytes = size_t{64} << 20;  // larger arenas are released after their call
constexpr int kMaxInputs = 3;                         // input tensors of the largest operator in kOps
constexpr int kMaxOutputs = 2;                        // output tensors of the largest operator in kOps
constexpr int kSelfInput = 1;                         // every operator here is (gradOutput, self, target, ...)

std::atomic<bool> g_shutdown{false};
PyObject* g_error_class = nullptr;  // aclcpu._errors.AclnnError
PyObject* g_bf16_dtype = nullptr;   // numpy dtype of ml_dtypes.bfloat16, or nullptr without ml_dtypes

/// Raises aclcpu.AclnnError(status, message).
[[noreturn]] void Raise(int status, const std::string& message) {
    py::object err = py::reinterpret_borrow<py::object>(g_error_class)(status, message);
    PyErr_SetObject(g_error_class, err.ptr());
    throw py::error_already_set();
}

/// The library's message for the last failure on this thread (aclGetRecentErrMsg), or a fallback.
std::string RecentMessage(const char* fallback) {
    const char* m = aclGetRecentErrMsg();
    return m != nullptr && *m != '\0' ? std::string(m) : std::string(fallback);
}

/// aclInit(nullptr) once per process (an aclInit already done by the host program is accepted).
void EnsureInit() {
    static std::once_flag once;
    static int status = 0;
    std::call_once(once, [] {
        const aclError e = aclInit(nullptr);
        status = (e == ACL_SUCCESS || e == ACL_ERROR_REPEAT_INITIALIZE) ? 0 : e;
        if (status == 0) aclrtSetDevice(0);
    });
    if (status != 0) Raise(status, RecentMessage("aclInit failed"));
}

/// A per-thread aclrtMalloc block reused by consecutive calls (grown on demand).
struct Arena {
    void* base = nullptr;
    size_t size = 0;
    ~Arena() {
        if (base != nullptr && !g_shutdown.load()) aclrtFree(base);
    }
    /// Makes the arena hold at least n bytes; returns the aclError of aclrtMalloc.
    int Reserve(size_t n) {
        if (n <= size && base != nullptr) return 0;
        Release();
        const int e = aclrtMalloc(&base, n == 0 ? 1 : n, ACL_MEM_MALLOC_HUGE_FIRST);
        if (e != 0) {
            base = nullptr;
            return e;
        }
        size = n;
        return 0;
    }
    void Release() {
        if (base != nullptr) aclrtFree(base);
        base = nullptr;
        size = 0;
    }
};
thread_local Arena t_arena;

/// aclDataType of a numpy dtype; ACL_DT_UNDEFINED when CANN has none.
aclDataType AclDtypeOf(const py::dtype& dt) {
    const char kind = dt.kind();
    const auto size = dt.itemsize();
    switch (kind) {
        case 'f':
            return size == 2 ? ACL_FLOAT16 : size == 4 ? ACL_FLOAT : size == 8 ? ACL_DOUBLE : ACL_DT_UNDEFINED;
        case 'i':
            return size == 1   ? ACL_INT8
                   : size == 2 ? ACL_INT16
                   : size == 4 ? ACL_INT32
                   : size == 8 ? ACL_INT64
                               : ACL_DT_UNDEFINED;
        case 'u':
            return size == 1   ? ACL_UINT8
                   : size == 2 ? ACL_UINT16
                   : size == 4 ? ACL_UINT32
                   : size == 8 ? ACL_UINT64
                               : ACL_DT_UNDEFINED;
        case 'b':
            return ACL_BOOL;
        case 'c':
            return size == 8 ? ACL_COMPLEX64 : size == 16 ? ACL_COMPLEX128 : ACL_DT_UNDEFINED;
        default:
            break;
    }
    if (g_bf16_dtype != nullptr && size == 2 && PyObject_RichCompareBool(dt.ptr(), g_bf16_dtype, Py_EQ) == 1) {
        return ACL_BF16;
    }
    return ACL_DT_UNDEFINED;
}

/// The numpy dtype of an aclDataType this module can return.
py::dtype NumpyDtypeOf(aclDataType t) {
    switch (t) {
        case ACL_FLOAT:
            return py::dtype("float32");
        case ACL_FLOAT16:
            return py::dtype("float16");
        case ACL_DOUBLE:
            return py::dtype("float64");
        case ACL_COMPLEX64:
            return py::dtype("complex64");
        case ACL_COMPLEX128:
            return py::dtype("complex128");
        case ACL_INT8:
            return py::dtype("int8");
        case ACL_INT16:
            return py::dtype("int16");
        case ACL_INT32:
            return py::dtype("int32");
        case ACL_INT64:
            return py::dtype("int64");
        case ACL_UINT8:
            return py::dtype("uint8");
        case ACL_UINT16:
            return py::dtype("uint16");
        case ACL_UINT32:
            return py::dtype("uint32");
        case ACL_UINT64:
            return py::dtype("uint64");
        case ACL_BOOL:
            return py::dtype("bool");
        case ACL_BF16:
            if (g_bf16_dtype != nullptr) return py::reinterpret_borrow<py::dtype>(g_bf16_dtype);
            break;
        default:
            break;
    }
    Raise(kStatusInvalid, std::string("no numpy dtype for ") + aclcpu::DtypeName(t) + " (bfloat16 needs ml_dtypes)");
}

/// One input as the C API will see it: its view (element strides, offset into its span) and its span.
struct Input {
    py::array keep;  // the array whose memory is read (an original view, or its contiguous copy)
    aclDataType dtype = ACL_DT_UNDEFINED;
    std::vector<int64_t> shape, strides;  // strides in elements
    int64_t offset = 0;                   // elements from the span's start to the view's first element
    int64_t span = 0;                     // elements in the span (the storage shape is [span])
    const char* low = nullptr;            // the span's first byte
    size_t at = 0;                        // byte position in the arena
};

/// Describes array `a` (argument `name`) for aclCreateTensor without copying it when strides allow.
Input Describe(py::array a, const char* name) {
    Input in;
    in.dtype = AclDtypeOf(a.dtype());
    if (in.dtype == ACL_DT_UNDEFINED) {
        Raise(kStatusInvalid, std::string("Argument ") + name + " has numpy dtype " +
                                  py::str(a.dtype()).cast<std::string>() + ", which has no aclDataType.");
    }
    const auto item = static_cast<int64_t>(a.itemsize());
    bool describable = true;
    for (py::ssize_t k = 0; k < a.ndim(); ++k) {
        if (a.shape(k) > 1 && (a.strides(k) < 0 || a.strides(k) % item != 0)) describable = false;
    }
    if (!describable) {
        a = py::module_::import("numpy").attr("ascontiguousarray")(a);
    }
    in.keep = a;
    const int64_t nd = a.ndim();
    in.shape.resize(nd);
    in.strides.resize(nd);
    int64_t numel = 1, last = 0;
    for (int64_t k = 0; k < nd; ++k) {
        in.shape[k] = a.shape(k);
        // A dim of size 1 (or 0) never moves the address: its stride is irrelevant and may be anything.
        in.strides[k] = a.shape(k) > 1 ? a.strides(k) / item : 0;
        numel *= in.shape[k];
        if (in.shape[k] > 0) last += (in.shape[k] - 1) * in.strides[k];
    }
    in.offset = 0;
    in.span = numel == 0 ? 0 : last + 1;
    in.low = static_cast<const char*>(a.data());
    return in;
}

size_t AlignUp(size_t n) { return (n + kAlign - 1) / kAlign * kAlign; }

/// Destroys the tensors it holds on every path.
struct Tensors {
    aclTensor* t[kMaxInputs + kMaxOutputs] = {};
    ~Tensors() {
        for (aclTensor* x : t) {
            if (x != nullptr) aclDestroyTensor(x);
        }
    }
};

/// Clears the thread's profile override on every path.
struct SocOverride {
    explicit SocOverride(int soc) : active(soc >= 0) {
        if (active) {
            const auto s = static_cast<aclcpu::rt::Soc>(soc);
            aclcpu::rt::SetThreadSocOverride(&s);
        }
    }
    ~SocOverride() {
        if (active) aclcpu::rt::SetThreadSocOverride(nullptr);
    }
    bool active;
};

/// One scalar parameter as Python gave it: a float (d, already the exact value of its C type: a float32 value
/// for float and aclScalar parameters) or, for an aclScalar only, a Python int (is_int, i: an INT64 scalar, as
/// op-plugin makes one of an integral at::Scalar).
struct ParamValue {
    double d = 0.0;
    int64_t i = 0;
    bool is_int = false;
};

/// The first phase of one operator over the generic argument list: in[] the input tensors (the operator's
/// parameter order), reduction, params[] the operator's scalar parameters, out[] the result tensors (the
/// operator's output order).
using PlanFn = aclnnStatus (*)(aclTensor* const* in, int64_t reduction, const ParamValue* params,
                               aclTensor* const* out, uint64_t* workspace_size, aclOpExecutor** executor);
/// The second phase (aclnnXxx(workspace, workspaceSize, executor, stream)).
using RunFn = aclnnStatus (*)(void*, uint64_t, aclOpExecutor*, aclrtStream);

/// A double as the C API's float: round to nearest even, beyond float's range +-inf, NaN kept (a plain cast
/// of a finite double outside float's range is undefined behaviour). FLT_MAX's significand is odd, so the
/// tie FLT_MAX + half an ulp (2^128 - 2^103) already rounds to infinity.
float ToFloat(double d) {
    constexpr double kMax = std::numeric_limits<float>::max();
    constexpr double kHalfUlp = 0x1p103;
    if (std::isfinite(d) && std::fabs(d) > kMax) {
        const float big =
            std::fabs(d) < kMax + kHalfUlp ? std::numeric_limits<float>::max() : std::numeric_limits<float>::infinity();
        return d > 0 ? big : -big;
    }
    return static_cast<float>(d);
}

/// An operator's aclScalar parameter made of a Python number: dtype INT64 for a Python int, else DOUBLE
/// holding the value (as op-plugin makes an at::Scalar's), destroyed with the object; the generated rows pass
/// ScalarArg(p[k]).get(), a temporary that outlives the first phase, which keeps nothing of it. NULL when
/// aclCreateScalar fails (the first phase then refuses it with 161001).
class ScalarArg {
public:
    explicit ScalarArg(const ParamValue& v)
        : s_(v.is_int ? aclCreateScalar(const_cast<int64_t*>(&v.i), ACL_INT64)
                      : aclCreateScalar(const_cast<double*>(&v.d), ACL_DOUBLE)) {}
    ~ScalarArg() {
        if (s_ != nullptr) aclDestroyScalar(s_);
    }
    ScalarArg(const ScalarArg&) = delete;
    ScalarArg& operator=(const ScalarArg&) = delete;
    const aclScalar* get() const { return s_; }

private:
    aclScalar* s_;
};

/// How the default output dtype (out_dtype=None) is chosen.
enum class OutDefault {
    kPromoted,  // PromoteTypes over every input (L1: SPEC 4 step 4; SmoothL1: docs/ops §2, promotion)
    kSelf,      // self's dtype (MSE: no promotion, gradOutput/target must equal self: docs/ops §2)
    kFloatForIntegral,  // PromoteTypes, FLOAT when that is integral or BOOL (true division: aclnnDiv)
};

/// One operator this module exposes: "N input tensors + reduction + scalar params -> one or two output tensors".
struct OpDef {
    const char* api;                // aclnn API name
    int inputs;                     // number of input tensors (<= kMaxInputs)
    const char* names[kMaxInputs];  // their parameter names in the C header (for messages)
    int params;                     // number of scalar parameters after reduction
    OutDefault out_default;
    PlanFn plan;
    RunFn run;
    int self_index = kSelfInput;  // which input is self (its dtype/shape are the fallbacks)
    bool reduces = false;         // a forward loss: the output is 0-d for mean and sum (docs/ops/l1_loss.md §3)
    bool self_shaped = false;     // the table's shape `channel` (aclnnPrelu): the output has self's shape
    int outputs = 1;              // output tensors (<= kMaxOutputs), all of one dtype
    // The second output's shape (aclnnPreluBackward's gradWeight): that of input channels_of when it holds one
    // element, else [its element count] (the channel count CANN's check then compares with self's).
    int channels_of = -1;
    // An aclnnInplaceXxx entry: its one tensor (selfRef) is input 0 and is written by the operator; Call returns
    // selfRef's values after the call as a new C-contiguous array of its shape and dtype (outputs is 0).
    bool inplace = false;
};

/// The operators, in the order of _core.operators() (aclcpu/__init__.py maps names to indexes from it): the
/// rows tools/opgen/gen_ops.py writes from the operator table ops/operators.yaml.
const OpDef kOps[] = {
#include "core_op_table.inc"
};
constexpr int kNumOps = static_cast<int>(sizeof(kOps) / sizeof(kOps[0]));

/// A C-contiguous tensor of shape d and dtype dt over `data` (its storage shape: [element count]); NULL when
/// aclCreateTensor refuses it.
aclTensor* ContiguousTensor(const std::vector<int64_t>& d, aclDataType dt, void* data) {
    std::vector<int64_t> strides(d.size());
    int64_t n = 1;
    for (size_t j = d.size(); j-- > 0;) {
        strides[j] = n;
        n *= d[j];
    }
    const int64_t storage = n;
    return aclCreateTensor(d.data(), d.size(), dt, strides.data(), 0, ACL_FORMAT_ND, &storage, 1, data);
}

/// The second phase of executor `ex` of operator `api` with its workspace (ws_size bytes, a block of its own
/// when the plan asks for one - only an output overlapping an input does, which distinct arena slots never are),
/// on the default stream, synchronised. Returns the status; on failure *message holds the library's message (the
/// executor is consumed either way).
int RunWithWorkspace(const char* api, RunFn run, aclOpExecutor* ex, uint64_t ws_size, std::string* message) {
    void* ws = nullptr;
    int status = 0;
    if (ws_size != 0 && (status = aclrtMalloc(&ws, ws_size, ACL_MEM_MALLOC_HUGE_FIRST)) != 0) {
        *message = RecentMessage("aclrtMalloc failed");
        aclDestroyAclOpExecutor(ex);
        return status;
    }
    status = run(ws, ws_size, ex, nullptr);
    if (status == 0) status = aclrtSynchronizeStream(nullptr);
    if (status != 0) *message = RecentMessage((std::string(api) + " failed").c_str());
    if (ws != nullptr) aclrtFree(ws);
    return status;
}

/// NumPy's broadcast of two shapes into *r; false when they do not broadcast.
bool Broadcast(const std::vector<int64_t>& x, const std::vector<int64_t>& y, std::vector<int64_t>* r) {
    const size_t n = std::max(x.size(), y.size());
    r->assign(n, 1);
    for (size_t k = 0; k < n; ++k) {
        const int64_t a = k < n - x.size() ? 1 : x[k - (n - x.size())];
        const int64_t c = k < n - y.size() ? 1 : y[k - (n - y.size())];
        if (a != c && a != 1 && c != 1) return false;
        (*r)[k] = a == 1 ? c : a;
    }
    return true;
}

/// out = kOps[op](inputs..., reduction, params..., out) as a new C-contiguous array of the inputs' broadcast
/// shape (self's for the table's shape `channel`, 0-d for a forward loss's mean and sum); an operator of two
/// outputs returns a tuple of both, the second shaped by OpDef::channels_of. inputs: op's tensors in its parameter order (numpy arrays, any view); params: its scalar
/// parameters after reduction (SmoothL1: beta, a float32 value as a double); out_dtype: a numpy dtype or None
/// (the operator's default, OutDefault); soc: a profile index (rt::Soc order) or -1 for the process's profile.
/// Raises AclnnError with the library's status and message (161002 for a bad op index, argument count,
/// profile index, or a dtype without an aclDataType). An in-place row (OpDef::inplace) returns selfRef's values
/// after the call instead (a new array; the caller's array is not written: aclcpu.inplace_* copies them back).
py::object Call(int op, const std::vector<py::array>& inputs, int64_t reduction, const std::vector<py::object>& args,
                py::object out_dtype, int soc) {
    std::vector<ParamValue> params(args.size());
    for (size_t k = 0; k < args.size(); ++k) {  // a Python int (not a bool) within int64: an INT64 value
        PyObject* o = args[k].ptr();
        if (PyLong_Check(o) && !PyBool_Check(o)) {
            int overflow = 0;
            const long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
            if (overflow == 0) {
                params[k].is_int = true;
                params[k].i = v;
                params[k].d = static_cast<double>(v);
                continue;
            }
        }
        params[k].d = args[k].cast<double>();
    }
    EnsureInit();
    if (op < 0 || op >= kNumOps) Raise(kStatusInvalid, "unknown operator index");
    const OpDef& def = kOps[op];
    if (static_cast<int>(inputs.size()) != def.inputs || static_cast<int>(params.size()) != def.params) {
        Raise(kStatusInvalid, std::string(def.api) + ": wrong number of tensors or parameters");
    }
    if (soc < -1 || soc > static_cast<int>(aclcpu::rt::Soc::kAscend310P))
        Raise(kStatusInvalid, "unknown profile index");
    const int n = def.inputs;
    Input in[kMaxInputs];
    for (int i = 0; i < n; ++i) in[i] = Describe(inputs[i], def.names[i]);
    if (def.inplace && !out_dtype.is_none()) Raise(kStatusInvalid, std::string(def.api) + ": an in-place call has no out_dtype");
    // In-place: selfRef's span, read back after the call (allocated here, with the GIL).
    py::array span_after;
    void* after_data = nullptr;
    size_t after_bytes = 0;
    if (def.inplace) {
        span_after = py::array(NumpyDtypeOf(in[0].dtype), std::vector<py::ssize_t>{in[0].span});
        after_data = span_after.mutable_data();
        after_bytes = static_cast<size_t>(span_after.nbytes());
    }
    aclDataType out_t;
    if (out_dtype.is_none()) {
        if (def.out_default == OutDefault::kSelf) {
            out_t = in[def.self_index].dtype;
        } else {
            out_t = in[0].dtype;
            for (int i = 1; i < n; ++i) out_t = aclcpu::PromoteTypes(out_t, in[i].dtype);
            if (def.out_default == OutDefault::kFloatForIntegral) {
                switch (out_t) {
                    case ACL_INT8: case ACL_UINT8: case ACL_INT16: case ACL_UINT16: case ACL_INT32:
                    case ACL_UINT32: case ACL_INT64: case ACL_UINT64: case ACL_BOOL:
                        out_t = ACL_FLOAT;
                        break;
                    default:
                        break;
                }
            }
        }
        if (out_t == ACL_DT_UNDEFINED) out_t = ACL_FLOAT;  // the first phase reports the promotion failure
    } else {
        out_t = AclDtypeOf(py::dtype::from_args(out_dtype));
        if (out_t == ACL_DT_UNDEFINED) {
            Raise(kStatusInvalid, "out_dtype " + py::str(out_dtype).cast<std::string>() + " has no aclDataType.");
        }
    }
    // Broadcast shape (numpy's rule, the operators' too); a mismatch leaves the shape of self and lets the
    // first phase report it with its own message.
    std::vector<int64_t> b = in[def.self_index].shape;
    {
        std::vector<int64_t> acc = in[0].shape, next;
        bool ok = true;
        for (int i = 1; i < n && ok; ++i) {
            ok = Broadcast(acc, in[i].shape, &next);
            acc.swap(next);
        }
        if (ok && !def.self_shaped) b = acc;
    }
    if (def.reduces && reduction != 0) b.clear();  // mean/sum of a forward loss: a 0-d output
    std::vector<int64_t> shapes[kMaxOutputs] = {b, {}};
    if (def.outputs > 1) {
        const Input& c = in[def.channels_of];
        int64_t count = 1;
        for (int64_t d : c.shape) count *= d;
        shapes[1] = count == 1 ? c.shape : std::vector<int64_t>{count};
    }
    py::array outs[kMaxOutputs];
    void* out_data[kMaxOutputs] = {};
    size_t out_bytes[kMaxOutputs] = {};
    for (int k = 0; k < def.outputs; ++k) {
        outs[k] = py::array(NumpyDtypeOf(out_t), std::vector<py::ssize_t>(shapes[k].begin(), shapes[k].end()));
        out_data[k] = outs[k].mutable_data();
        out_bytes[k] = static_cast<size_t>(outs[k].nbytes());
    }

    int status = 0;
    std::string message;
    {
        py::gil_scoped_release nogil;
        size_t at = 0;
        for (int i = 0; i < n; ++i) {
            in[i].at = at;
            at = AlignUp(at + static_cast<size_t>(in[i].span) * aclcpu::ItemSize(in[i].dtype));
        }
        size_t out_at[kMaxOutputs] = {};
        for (int k = 0; k < def.outputs; ++k) {
            out_at[k] = at;
            at = AlignUp(at + out_bytes[k]);
        }
        Tensors ts;  // ts.t[0..n) the inputs, ts.t[kMaxInputs..) the outputs
        uint64_t ws_size = 0;
        aclOpExecutor* ex = nullptr;
        SocOverride guard(soc);
        do {
            if ((status = t_arena.Reserve(at)) != 0) {
                message = RecentMessage("aclrtMalloc failed");
                break;
            }
            char* base = static_cast<char*>(t_arena.base);
            for (int i = 0; i < n; ++i) {
                const size_t nb = static_cast<size_t>(in[i].span) * aclcpu::ItemSize(in[i].dtype);
                // aclrtMemcpy, not memcpy: the arena is device memory (not host-accessible in strict mode).
                if (nb != 0 && (status = aclrtMemcpy(base + in[i].at, nb, in[i].low, nb, ACL_MEMCPY_HOST_TO_DEVICE))) {
                    message = RecentMessage("aclrtMemcpy failed");
                    break;
                }
                const int64_t storage = in[i].span;
                ts.t[i] = aclCreateTensor(in[i].shape.data(), in[i].shape.size(), in[i].dtype, in[i].strides.data(),
                                          in[i].offset, ACL_FORMAT_ND, &storage, 1, base + in[i].at);
                if (ts.t[i] == nullptr) {
                    status = kStatusInvalid;
                    message = RecentMessage("aclCreateTensor failed");
                    break;
                }
            }
            if (status != 0) break;
            for (int k = 0; k < def.outputs && status == 0; ++k) {
                // zeros in an output the call may leave unwritten (a success without work: an empty bound of
                // aclnnClampTensor), never the arena's earlier bytes
                if (out_bytes[k] != 0 && (status = aclrtMemset(base + out_at[k], out_bytes[k], 0, out_bytes[k]))) {
                    message = RecentMessage("aclrtMemset failed");
                    break;
                }
                ts.t[kMaxInputs + k] = ContiguousTensor(shapes[k], out_t, base + out_at[k]);
                if (ts.t[kMaxInputs + k] == nullptr) {
                    status = kStatusInvalid;
                    message = RecentMessage("aclCreateTensor failed");
                }
            }
            if (status != 0) break;
            status = def.plan(ts.t, reduction, params.data(), ts.t + kMaxInputs, &ws_size, &ex);
            if (status != 0) {
                message = RecentMessage((std::string(def.api) + "GetWorkspaceSize failed").c_str());
                break;
            }
            status = RunWithWorkspace(def.api, def.run, ex, ws_size, &message);
        } while (false);
        for (int k = 0; k < def.outputs && status == 0; ++k) {
            if (out_bytes[k] == 0) continue;
            status = aclrtMemcpy(out_data[k], out_bytes[k], static_cast<char*>(t_arena.base) + out_at[k], out_bytes[k],
                                 ACL_MEMCPY_DEVICE_TO_HOST);
            if (status != 0) message = RecentMessage("aclrtMemcpy failed");
        }
        if (def.inplace && status == 0 && after_bytes != 0) {
            status = aclrtMemcpy(after_data, after_bytes, static_cast<char*>(t_arena.base) + in[0].at, after_bytes,
                                 ACL_MEMCPY_DEVICE_TO_HOST);
            if (status != 0) message = RecentMessage("aclrtMemcpy failed");
        }
        if (t_arena.size > kKeepArenaBytes) t_arena.Release();
    }
    if (status != 0) Raise(status, message);
    if (def.inplace) {  // selfRef's view over its span (element strides as described), made C-contiguous
        const Input& s = in[0];
        const auto item = static_cast<py::ssize_t>(aclcpu::ItemSize(s.dtype));
        std::vector<py::ssize_t> shape(s.shape.begin(), s.shape.end()), strides(s.shape.size());
        for (size_t k = 0; k < s.shape.size(); ++k) strides[k] = static_cast<py::ssize_t>(s.strides[k]) * item;
        py::array view(span_after.dtype(), shape, strides, span_after.data(), span_after);
        return py::module_::import("numpy").attr("ascontiguousarray")(view);
    }
    if (def.outputs == 1) return std::move(outs[0]);
    return py::make_tuple(outs[0], outs[1]);
}

// ------------------------------------------------------------------ the reference tier

/// One parameter of a reference-tier call, converted from Python by its kind code (RefOpDef::kinds; the codes
/// are tools/opgen/gen_ops.py's REF_PY_KINDS): i, d the number; scalar / array the handles made of it (destroyed
/// with it); chars a char* parameter's text, NUL-terminated.
struct RefArg {
    int64_t i = 0;
    double d = 0.0;
    aclScalar* scalar = nullptr;
    aclIntArray* array = nullptr;
    std::vector<char> chars;
    RefArg() = default;
    RefArg(const RefArg&) = delete;
    RefArg& operator=(const RefArg&) = delete;
    ~RefArg() {
        if (scalar != nullptr) aclDestroyScalar(scalar);
        if (array != nullptr) aclDestroyIntArray(array);
    }
};

/// The first phase of a reference-tier operator over its tensors (in: inputs in parameter order, NULL for an
/// absent optional one; out: outputs likewise) and converted parameters (in parameter order).
using RefPlanFn = aclnnStatus (*)(aclTensor* const* in, aclTensor* const* out, RefArg* params,
                                  uint64_t* workspace_size, aclOpExecutor** executor);

/// One reference-tier operator (ops/operators.yaml and ops/families/: entries with a `reference` block).
struct RefOpDef {
    const char* api;
    int inputs;
    int outputs;
    const char* kinds;  // one code per non-tensor parameter, in parameter order
    RefPlanFn plan;
    RunFn run;
};

/// The reference-tier operators, in the order of _core.reference_operators(): rows tools/opgen/gen_ops.py writes.
#if ACLCPU_WITH_REFERENCE_ENTRY_POINTS
const RefOpDef kRefOps[] = {
#include "core_reference_table.inc"
};
constexpr int kNumRefOps = static_cast<int>(sizeof(kRefOps) / sizeof(kRefOps[0]));
#else  // libopapi_nn/math built without the reference-tier entry points (CMake's ACLCPU_REFERENCE_ENTRY_POINTS=OFF)
const RefOpDef* const kRefOps = nullptr;
constexpr int kNumRefOps = 0;
#endif

/// A Python int within [lo, hi] (not a bool) for parameter k of api; AclnnError 161002 otherwise.
int64_t RefInt(const py::object& o, int64_t lo, int64_t hi, const char* api, size_t k) {
    PyObject* x = o.ptr();
    int overflow = 0;
    const long long v = PyLong_Check(x) && !PyBool_Check(x) ? PyLong_AsLongLongAndOverflow(x, &overflow) : 0;
    if (!PyLong_Check(x) || PyBool_Check(x) || overflow != 0 || v < lo || v > hi) {
        Raise(kStatusInvalid, std::string(api) + ": parameter " + std::to_string(k) + " must be an integer in [" +
                                  std::to_string(lo) + ", " + std::to_string(hi) + "], got " +
                                  py::repr(o).cast<std::string>());
    }
    return v;
}

/// Converts params[k] to the C kind kinds[k] (RefArg); AclnnError 161002 for a value of the wrong kind.
void ConvertRefParam(const RefOpDef& def, size_t k, const py::object& o, RefArg* a) {
    PyObject* x = o.ptr();
    const char kind = def.kinds[k];
    const auto bad = [&](const char* want) {
        Raise(kStatusInvalid, std::string(def.api) + ": parameter " + std::to_string(k) + " must be " + want +
                                  ", got " + py::repr(o).cast<std::string>());
    };
    switch (kind) {
        case 'i': a->i = RefInt(o, INT64_MIN, INT64_MAX, def.api, k); break;
        case 'c': a->i = RefInt(o, INT8_MIN, INT8_MAX, def.api, k); break;
        case 'w': a->i = RefInt(o, INT32_MIN, INT32_MAX, def.api, k); break;
        case 't': {  // an aclDataType: a numpy dtype (or its name)
            const aclDataType t = AclDtypeOf(py::dtype::from_args(o));
            if (t == ACL_DT_UNDEFINED) bad("a numpy dtype with an aclDataType");
            a->i = t;
            break;
        }
        case 'f': case 'd':
            if (PyBool_Check(x) || !(PyFloat_Check(x) || PyLong_Check(x))) bad("a real number");
            a->d = o.cast<double>();
            break;
        case 'b':
            if (!PyBool_Check(x)) bad("a bool");
            a->i = x == Py_True ? 1 : 0;
            break;
        case 'S':  // an optional aclScalar: None passes NULL, a number as 's'
            if (o.is_none()) {
                a->scalar = nullptr;
                break;
            }
            [[fallthrough]];
        case 's': {  // an aclScalar: INT64 of a Python int, DOUBLE of a float (as op-plugin makes an at::Scalar)
            if (PyBool_Check(x) || !(PyFloat_Check(x) || PyLong_Check(x))) bad("a real number");
            int overflow = 0;
            const long long v = PyLong_Check(x) ? PyLong_AsLongLongAndOverflow(x, &overflow) : 0;
            if (PyLong_Check(x) && overflow == 0) {
                int64_t i = v;
                a->scalar = aclCreateScalar(&i, ACL_INT64);
            } else {
                double d = o.cast<double>();
                a->scalar = aclCreateScalar(&d, ACL_DOUBLE);
            }
            break;
        }
        case 'a': {  // an aclIntArray: a sequence of ints
            if (!PySequence_Check(x) || PyUnicode_Check(x)) bad("a sequence of integers");
            std::vector<int64_t> v;
            for (const py::handle h : o) v.push_back(RefInt(py::reinterpret_borrow<py::object>(h), INT64_MIN, INT64_MAX, def.api, k));
            a->array = aclCreateIntArray(v.data(), v.size());
            break;
        }
        case 'z': {  // a char*: a str
            if (!PyUnicode_Check(x)) bad("a str");
            const std::string t = o.cast<std::string>();
            a->chars.assign(t.begin(), t.end());
            a->chars.push_back('\0');
            break;
        }
        default:
            Raise(kStatusInvalid, std::string(def.api) + ": a parameter kind the bindings do not know");
    }
}

/// Reference-tier operator number op (see reference_operators()) through the C API: inputs its input tensors in
/// parameter order (numpy arrays, any view; None for an absent optional one), outputs one (shape, numpy dtype)
/// per output (None: an absent optional output), params its non-tensor parameters in parameter order, soc a
/// profile index or -1. Returns the outputs as new C-contiguous arrays (a tuple when there are several; None
/// for an absent one). Raises AclnnError with the library's status and message.
py::object CallReference(int op, const std::vector<py::object>& inputs, const std::vector<py::object>& outputs,
                         const std::vector<py::object>& params, int soc) {
    EnsureInit();
    if (op < 0 || op >= kNumRefOps) Raise(kStatusInvalid, "unknown reference operator index");
    const RefOpDef& def = kRefOps[op];
    const size_t nparams = std::strlen(def.kinds);
    if (static_cast<int>(inputs.size()) != def.inputs || static_cast<int>(outputs.size()) != def.outputs ||
        params.size() != nparams) {
        Raise(kStatusInvalid, std::string(def.api) + ": wrong number of tensors or parameters");
    }
    if (soc < -1 || soc > static_cast<int>(aclcpu::rt::Soc::kAscend310P)) Raise(kStatusInvalid, "unknown profile index");
    std::unique_ptr<RefArg[]> args(new RefArg[nparams == 0 ? 1 : nparams]);
    for (size_t k = 0; k < nparams; ++k) ConvertRefParam(def, k, params[k], &args[k]);
    std::vector<Input> in(def.inputs);
    std::vector<bool> in_present(def.inputs);
    for (int i = 0; i < def.inputs; ++i) {
        in_present[i] = !inputs[i].is_none();
        if (in_present[i]) in[i] = Describe(inputs[i].cast<py::array>(), ("input " + std::to_string(i)).c_str());
    }
    std::vector<py::object> outs(def.outputs, py::none());
    std::vector<std::vector<int64_t>> out_shape(def.outputs);
    std::vector<aclDataType> out_t(def.outputs, ACL_DT_UNDEFINED);
    std::vector<size_t> out_bytes(def.outputs), out_at(def.outputs);
    for (int k = 0; k < def.outputs; ++k) {
        if (outputs[k].is_none()) continue;
        const py::tuple spec = outputs[k].cast<py::tuple>();
        if (spec.size() != 2) Raise(kStatusInvalid, std::string(def.api) + ": an output is (shape, dtype)");
        for (const py::handle h : spec[0]) out_shape[k].push_back(h.cast<int64_t>());
        out_t[k] = AclDtypeOf(py::dtype::from_args(spec[1]));
        if (out_t[k] == ACL_DT_UNDEFINED) {
            Raise(kStatusInvalid, std::string(def.api) + ": output dtype " + py::str(spec[1]).cast<std::string>() +
                                      " has no aclDataType.");
        }
        py::array a(NumpyDtypeOf(out_t[k]), std::vector<py::ssize_t>(out_shape[k].begin(), out_shape[k].end()));
        out_bytes[k] = static_cast<size_t>(a.nbytes());
        outs[k] = a;
    }
    std::vector<void*> out_data(def.outputs, nullptr);
    for (int k = 0; k < def.outputs; ++k) {
        if (!outs[k].is_none()) out_data[k] = outs[k].cast<py::array>().mutable_data();
    }
    int status = 0;
    std::string message;
    {
        py::gil_scoped_release nogil;
        size_t at = 0;
        for (int i = 0; i < def.inputs; ++i) {
            if (!in_present[i]) continue;
            in[i].at = at;
            at = AlignUp(at + static_cast<size_t>(in[i].span) * aclcpu::ItemSize(in[i].dtype));
        }
        for (int k = 0; k < def.outputs; ++k) {
            out_at[k] = at;
            at = AlignUp(at + out_bytes[k]);
        }
        std::vector<aclTensor*> t(def.inputs + def.outputs, nullptr);
        uint64_t ws_size = 0;
        aclOpExecutor* ex = nullptr;
        SocOverride guard(soc);
        do {
            if ((status = t_arena.Reserve(at)) != 0) {
                message = RecentMessage("aclrtMalloc failed");
                break;
            }
            char* base = static_cast<char*>(t_arena.base);
            for (int i = 0; i < def.inputs && status == 0; ++i) {
                if (!in_present[i]) continue;
                const size_t nb = static_cast<size_t>(in[i].span) * aclcpu::ItemSize(in[i].dtype);
                if (nb != 0 && (status = aclrtMemcpy(base + in[i].at, nb, in[i].low, nb, ACL_MEMCPY_HOST_TO_DEVICE))) {
                    message = RecentMessage("aclrtMemcpy failed");
                    break;
                }
                const int64_t storage = in[i].span;
                t[i] = aclCreateTensor(in[i].shape.data(), in[i].shape.size(), in[i].dtype, in[i].strides.data(),
                                       in[i].offset, ACL_FORMAT_ND, &storage, 1, base + in[i].at);
                if (t[i] == nullptr) {
                    status = kStatusInvalid;
                    message = RecentMessage("aclCreateTensor failed");
                }
            }
            for (int k = 0; k < def.outputs && status == 0; ++k) {
                if (out_data[k] == nullptr) continue;
                if (out_bytes[k] != 0 && (status = aclrtMemset(base + out_at[k], out_bytes[k], 0, out_bytes[k]))) {
                    message = RecentMessage("aclrtMemset failed");
                    break;
                }
                t[def.inputs + k] = ContiguousTensor(out_shape[k], out_t[k], base + out_at[k]);
                if (t[def.inputs + k] == nullptr) {
                    status = kStatusInvalid;
                    message = RecentMessage("aclCreateTensor failed");
                }
            }
            if (status != 0) break;
            status = def.plan(t.data(), t.data() + def.inputs, args.get(), &ws_size, &ex);
            if (status != 0) {
                message = RecentMessage((std::string(def.api) + "GetWorkspaceSize failed").c_str());
                break;
            }
            status = RunWithWorkspace(def.api, def.run, ex, ws_size, &message);
        } while (false);
        for (int k = 0; k < def.outputs && status == 0; ++k) {
            if (out_data[k] == nullptr || out_bytes[k] == 0) continue;
            status = aclrtMemcpy(out_data[k], out_bytes[k], static_cast<char*>(t_arena.base) + out_at[k], out_bytes[k],
                                 ACL_MEMCPY_DEVICE_TO_HOST);
            if (status != 0) message = RecentMessage("aclrtMemcpy failed");
        }
        for (aclTensor* x : t) {
            if (x != nullptr) aclDestroyTensor(x);
        }
        if (t_arena.size > kKeepArenaBytes) t_arena.Release();
    }
    if (status != 0) Raise(status, message);
    if (def.outputs == 1) return outs[0];
    py::tuple r(def.outputs);
    for (int k = 0; k < def.outputs; ++k) r[k] = outs[k];
    return std::move(r);
}

// ------------------------------------------------------------------ the foreach operators (tensor lists)

/// The most input lists of a foreach entry (aclnnForeachAddcmulScalarV2: x1, x2, x3).
constexpr int kMaxForeachLists = 4;
constexpr int kMaxForeachParams = 2;

/// The values of an aclScalarList parameter and whether the call's first list is integral.
struct ScalarValues {
    std::vector<ParamValue> v;
    bool integral = false;
};

/// One number parameter of a foreach call: an aclScalar's value (v) or an aclScalarList's values (list).
struct ForeachParam {
    ParamValue v;
    ScalarValues list;
};

/// An aclScalarList as op-plugin's scalars reach the foreach scalar-list forms: INT64 scalars of Python ints for an
/// integral list, DOUBLE scalars holding each number's exact double otherwise (CANN's generated layer stores a
/// DOUBLE element as FLOAT: docs/ops/foreach.md §2); destroyed with the object; NULL when creation fails (the first
/// phase then refuses it with 161001).
class ScalarListArg {
public:
    explicit ScalarListArg(const ScalarValues& values) {
        std::vector<aclScalar*> items;
        for (const ParamValue& x : values.v) {
            if (values.integral && x.is_int) {
                int64_t i = x.i;
                items.push_back(aclCreateScalar(&i, ACL_INT64));
            } else {
                double d = x.d;
                items.push_back(aclCreateScalar(&d, ACL_DOUBLE));
            }
        }
        l_ = aclCreateScalarList(items.data(), items.size());
        if (l_ == nullptr) {
            for (aclScalar* x : items) aclDestroyScalar(x);
        }
    }
    ~ScalarListArg() {
        if (l_ != nullptr) aclDestroyScalarList(l_);
    }
    ScalarListArg(const ScalarListArg&) = delete;
    ScalarListArg& operator=(const ScalarListArg&) = delete;
    const aclScalarList* get() const { return l_; }

private:
    aclScalarList* l_ = nullptr;
};

/// The first phase of one foreach entry over the generic argument list: in[] the input lists (parameter order),
/// p[] the number parameters, out the output list.
using ForeachPlanFn = aclnnStatus (*)(const aclTensorList* const* in, const ForeachParam* p, aclTensorList* out,
                                      uint64_t* workspace_size, aclOpExecutor** executor);

/// One foreach entry this module exposes: "input tensor lists + numbers -> one output list" (out[i] has in[0][i]'s
/// shape and in[0][0]'s dtype).
struct ForeachDef {
    const char* api;
    int lists;
    const char* names[kMaxForeachLists];
    int params;
    bool param_is_list[kMaxForeachParams];
    ForeachPlanFn plan;
    RunFn run;
};

const ForeachDef kForeachOps[] = {
#include "core_foreach_table.inc"
};
constexpr int kNumForeachOps = static_cast<int>(sizeof(kForeachOps) / sizeof(kForeachOps[0]));

/// Destroys the lists it holds (and so their tensors) on every path.
struct Lists {
    std::vector<aclTensorList*> l;
    ~Lists() {
        for (aclTensorList* x : l) {
            if (x != nullptr) aclDestroyTensorList(x);
        }
    }
};

/// A ParamValue of a Python number (an int within int64 stays an int: an INT64 scalar).
ParamValue NumberOf(const py::object& o) {
    ParamValue v;
    PyObject* p = o.ptr();
    if (PyLong_Check(p) && !PyBool_Check(p)) {
        int overflow = 0;
        const long long x = PyLong_AsLongLongAndOverflow(p, &overflow);
        if (overflow == 0) {
            v.is_int = true;
            v.i = x;
            v.d = static_cast<double>(x);
            return v;
        }
    }
    v.d = o.cast<double>();
    return v;
}

/// Foreach entry number `op` on the input lists `lists` (numpy arrays, parameter order) with the number
/// parameters `args` (a number, or a sequence of numbers for an aclScalarList); returns the output list as new
/// C-contiguous arrays. Raises AclnnError with the library's status and message.
py::list CallForeach(int op, const std::vector<std::vector<py::array>>& lists, const std::vector<py::object>& args,
                     int soc) {
    EnsureInit();
    if (op < 0 || op >= kNumForeachOps) Raise(kStatusInvalid, "unknown foreach operator index");
    const ForeachDef& def = kForeachOps[op];
    if (static_cast<int>(lists.size()) != def.lists || static_cast<int>(args.size()) != def.params) {
        Raise(kStatusInvalid, std::string(def.api) + ": wrong number of tensor lists or parameters");
    }
    if (soc < -1 || soc > static_cast<int>(aclcpu::rt::Soc::kAscend310P))
        Raise(kStatusInvalid, "unknown profile index");
    ForeachParam params[kMaxForeachParams];
    for (int k = 0; k < def.params; ++k) {
        if (def.param_is_list[k]) {
            for (py::handle h : py::iter(args[k])) params[k].list.v.push_back(NumberOf(py::reinterpret_borrow<py::object>(h)));
        } else {
            params[k].v = NumberOf(args[k]);
        }
    }
    std::vector<std::vector<Input>> in(static_cast<size_t>(def.lists));
    for (int l = 0; l < def.lists; ++l) {
        for (const py::array& a : lists[l]) in[l].push_back(Describe(a, def.names[l]));
    }
    // the output list: one C-contiguous array per tensor of the first list, its shape, the first tensor's dtype
    const std::vector<Input>& first = in[0];
    const aclDataType out_t = first.empty() ? ACL_FLOAT : first[0].dtype;
    const bool integral = !first.empty() && !aclcpu::IsFloatingDtype(out_t) && !aclcpu::IsComplexDtype(out_t);
    for (ForeachParam& p : params) p.list.integral = integral;
    std::vector<py::array> outs;
    std::vector<void*> out_data;
    std::vector<size_t> out_bytes;
    for (const Input& x : first) {
        outs.emplace_back(NumpyDtypeOf(out_t), std::vector<py::ssize_t>(x.shape.begin(), x.shape.end()));
        out_data.push_back(outs.back().mutable_data());
        out_bytes.push_back(static_cast<size_t>(outs.back().nbytes()));
    }
    int status = 0;
    std::string message;
    {
        py::gil_scoped_release nogil;
        size_t at = 0;
        for (auto& l : in) {
            for (Input& x : l) {
                x.at = at;
                at = AlignUp(at + static_cast<size_t>(x.span) * aclcpu::ItemSize(x.dtype));
            }
        }
        std::vector<size_t> out_at;
        for (size_t bytes : out_bytes) {
            out_at.push_back(at);
            at = AlignUp(at + bytes);
        }
        Lists owned;  // the input lists, then the output list
        uint64_t ws_size = 0;
        aclOpExecutor* ex = nullptr;
        SocOverride guard(soc);
        // Makes a list of ts (status 0 so far) and keeps it; on any failure destroys ts and sets status, message.
        const auto adopt = [&](std::vector<aclTensor*>& ts) {
            aclTensorList* list = status == 0 ? aclCreateTensorList(ts.data(), ts.size()) : nullptr;
            if (list == nullptr) {
                for (aclTensor* t : ts) aclDestroyTensor(t);
                if (status == 0) {
                    status = kStatusInvalid;
                    message = RecentMessage("aclCreateTensorList failed");
                }
                return;
            }
            owned.l.push_back(list);
        };
        do {
            if ((status = t_arena.Reserve(at)) != 0) {
                message = RecentMessage("aclrtMalloc failed");
                break;
            }
            char* base = static_cast<char*>(t_arena.base);
            for (auto& l : in) {
                std::vector<aclTensor*> ts;
                for (Input& x : l) {
                    const size_t nb = static_cast<size_t>(x.span) * aclcpu::ItemSize(x.dtype);
                    if (nb != 0 && (status = aclrtMemcpy(base + x.at, nb, x.low, nb, ACL_MEMCPY_HOST_TO_DEVICE))) {
                        message = RecentMessage("aclrtMemcpy failed");
                        break;
                    }
                    const int64_t storage = x.span;
                    aclTensor* t = aclCreateTensor(x.shape.data(), x.shape.size(), x.dtype, x.strides.data(), x.offset,
                                                   ACL_FORMAT_ND, &storage, 1, base + x.at);
                    if (t == nullptr) {
                        status = kStatusInvalid;
                        message = RecentMessage("aclCreateTensor failed");
                        break;
                    }
                    ts.push_back(t);
                }
                adopt(ts);
                if (status != 0) break;
            }
            if (status != 0) break;
            std::vector<aclTensor*> ots;
            for (size_t i = 0; i < first.size() && status == 0; ++i) {
                if (out_bytes[i] != 0 && (status = aclrtMemset(base + out_at[i], out_bytes[i], 0, out_bytes[i]))) {
                    message = RecentMessage("aclrtMemset failed");
                    break;
                }
                aclTensor* t = ContiguousTensor(first[i].shape, out_t, base + out_at[i]);
                if (t == nullptr) {
                    status = kStatusInvalid;
                    message = RecentMessage("aclCreateTensor failed");
                    break;
                }
                ots.push_back(t);
            }
            adopt(ots);
            if (status != 0) break;
            aclTensorList* out_list = owned.l.back();
            status = def.plan(owned.l.data(), params, out_list, &ws_size, &ex);
            if (status != 0) {
                message = RecentMessage((std::string(def.api) + "GetWorkspaceSize failed").c_str());
                break;
            }
            status = RunWithWorkspace(def.api, def.run, ex, ws_size, &message);
        } while (false);
        for (size_t i = 0; i < out_bytes.size() && status == 0; ++i) {
            if (out_bytes[i] == 0) continue;
            status = aclrtMemcpy(out_data[i], out_bytes[i], static_cast<char*>(t_arena.base) + out_at[i], out_bytes[i],
                                 ACL_MEMCPY_DEVICE_TO_HOST);
            if (status != 0) message = RecentMessage("aclrtMemcpy failed");
        }
        if (t_arena.size > kKeepArenaBytes) t_arena.Release();
    }
    if (status != 0) Raise(status, message);
    py::list result;
    for (py::array& a : outs) result.append(std::move(a));
    return result;
}

/// Benchmark hook (bench/golden_bench.py): the C sequence one call of L1LossBackward runs for `numel`
/// contiguous FLOAT elements (aclCreateTensor x4 on the arena, both phases, synchronize, destroy), `iters`
/// times without the GIL; returns the mean nanoseconds per sequence.
double CCallNs(int64_t numel, int iters) {
    EnsureInit();
    const size_t bytes = static_cast<size_t>(numel) * 4;
    const size_t slot = AlignUp(bytes);
    if (t_arena.Reserve(4 * slot) != 0) Raise(kStatusInvalid, "aclrtMalloc failed");
    char* base = static_cast<char*>(t_arena.base);
    if (aclrtMemset(base, 4 * slot, 0, 4 * slot) != 0) Raise(kStatusInvalid, RecentMessage("aclrtMemset failed"));
    const int64_t dims[1] = {numel}, strides[1] = {1};
    int status = 0;
    const auto t0 = std::chrono::steady_clock::now();
    {
        py::gil_scoped_release nogil;
        for (int i = 0; i < iters && status == 0; ++i) {
            Tensors ts;
            for (int k = 0; k < 4; ++k) {
                ts.t[k] = aclCreateTensor(dims, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, dims, 1, base + k * slot);
            }
            uint64_t ws = 0;
            aclOpExecutor* ex = nullptr;
            status = aclnnL1LossBackwardGetWorkspaceSize(ts.t[0], ts.t[1], ts.t[2], 1, ts.t[3], &ws, &ex);
            if (status == 0) status = aclnnL1LossBackward(nullptr, 0, ex, nullptr);
            if (status == 0) status = aclrtSynchronizeStream(nullptr);
        }
    }
    const auto t1 = std::chrono::steady_clock::now();
    if (status != 0) Raise(status, RecentMessage("benchmark call failed"));
    return std::chrono::duration<double, std::nano>(t1 - t0).count() / iters;
}

}  // namespace

PYBIND11_MODULE(_core, m) {
    m.doc() = "aclcpu's compiled core: the operators through the library's C API (see aclcpu.OPERATORS).";
    g_error_class = py::module_::import("aclcpu._errors").attr("AclnnError").ptr();
    Py_INCREF(g_error_class);
    try {
        py::object bf16 = py::module_::import("numpy").attr("dtype")(py::module_::import("ml_dtypes").attr("bfloat16"));
        g_bf16_dtype = bf16.release().ptr();
    } catch (py::error_already_set&) {
        g_bf16_dtype = nullptr;  // bfloat16 arrays are then rejected as having no aclDataType
    }
    m.def("call", &Call, py::arg("op"), py::arg("inputs"), py::arg("reduction"), py::arg("params"),
          py::arg("out_dtype"), py::arg("soc"),
          "Low-level call of operator number op (see operators()): inputs a sequence of numpy arrays in the "
          "operator's parameter order, reduction 0/1/2, params its scalar parameters after reduction (floats), "
          "out_dtype a numpy dtype or None, soc a profile index (0 Ascend950 .. 4 Ascend310P) or -1.");
    m.def("call_foreach", &CallForeach, py::arg("op"), py::arg("lists"), py::arg("params"), py::arg("soc"),
          "Low-level call of foreach operator number op (see foreach_operators()): lists a sequence of sequences of "
          "numpy arrays (the input tensor lists in parameter order), params its number parameters (a number, or a "
          "sequence of numbers for an aclScalarList), soc a profile index or -1. Returns the output list.");
    m.def(
        "foreach_operators",
        [] {
            std::vector<std::string> names;
            for (const ForeachDef& d : kForeachOps) names.emplace_back(d.api);
            return names;
        },
        "The aclnn API names of the foreach operators call_foreach() knows, by index.");
    m.def("call_reference", &CallReference, py::arg("op"), py::arg("inputs"), py::arg("outputs"), py::arg("params"),
          py::arg("soc"),
          "Low-level call of reference-tier operator number op (see reference_operators()): inputs its input "
          "tensors (numpy arrays or None), outputs one (shape, dtype) or None per output, params its non-tensor "
          "parameters in parameter order, soc a profile index or -1. Returns the output array(s).");
    m.def(
        "reference_operators",
        [] {
            std::vector<std::string> names;
            for (int k = 0; k < kNumRefOps; ++k) names.emplace_back(kRefOps[k].api);
            return names;
        },
        "The aclnn API names of the reference-tier operators call_reference() knows, by index.");
    m.def(
        "operators",
        [] {
            std::vector<std::string> names;
            for (const OpDef& d : kOps) names.emplace_back(d.api);
            return names;
        },
        "The aclnn API names of the operators call() knows, by index.");
    m.def(
        "l1_loss_backward",
        [](py::array go, py::array self, py::array target, int64_t reduction, py::object out_dtype, int soc) {
            return Call(0, {std::move(go), std::move(self), std::move(target)}, reduction, {}, std::move(out_dtype),
                        soc);
        },
        py::arg("grad_output"), py::arg("self"), py::arg("target"), py::arg("reduction"), py::arg("out_dtype"),
        py::arg("soc"), "call(0, ...) with the tensors as arguments (bench/golden_bench.py).");
    m.def("_c_call_ns", &CCallNs, py::arg("numel"), py::arg("iters"),
          "Benchmark hook: mean ns of the C sequence of one call (FLOAT, contiguous) over iters runs.");
    m.def(
        "_shutdown",
        [] {
            t_arena.Release();  // the interpreter's thread gives its block back (strict mode's leak check)
            g_shutdown.store(true);
        },
        "Frees the calling thread's arena, then stops thread-exit cleanup from touching the runtime.");
    m.def(
        "soc_name", [] { return std::string(aclrtGetSocName()); },
        "aclrtGetSocName(): the profile of the calling thread (its override, else the process's).");
    m.attr("has_bfloat16") = g_bf16_dtype != nullptr;
}
