// The reference tier's publishing and its library loader (engine/reference_call.h; docs/reference-tier.md).
#include "engine/reference_call.h"

#include <dlfcn.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>

#include "common/status.h"
#include "engine/first_phase.h"
#include "executor/executor.h"
#include "kernels/convert.h"
#include "runtime/runtime.h"
#include "runtime/strict.h"
#include "tensor/arguments.h"
#include "tensor/dtype.h"

namespace aclcpu {
namespace {

// Contiguous element strides of a view shape (a dim of size 0 or 1 counted as 1).
std::vector<int64_t> ContiguousStridesOf(const std::vector<int64_t>& shape) {
    std::vector<int64_t> s(shape.size(), 1);
    for (size_t d = shape.size(); d-- > 1;) s[d - 1] = s[d] * std::max<int64_t>(shape[d], 1);
    return s;
}

// ---- the reference library, opened once per process on the first reference-tier first phase

struct Library {
    std::mutex mu;
    bool tried = false;
    std::string error;  // why it could not be opened (empty: opened)
    std::unordered_map<std::string, ref::Fn> fns;
};

Library& Lib() {
    static Library* lib = new Library();  // never destroyed: stream threads may run its functions at exit
    return *lib;
}

// The directory of the library holding this code (libopapi_math or a static archive's program), with a slash.
std::string OwnDirectory() {
    Dl_info info;
    if (dladdr(reinterpret_cast<void*>(&OwnDirectory), &info) == 0 || info.dli_fname == nullptr) return "";
    std::string path = info.dli_fname;
    const size_t slash = path.rfind('/');
    return slash == std::string::npos ? "" : path.substr(0, slash + 1);
}

// Opens the library (beside this one first, then the loader's search path) and reads its table. Called with
// Lib().mu held; sets lib.error on failure.
void OpenLibrary(Library& lib) {
    lib.tried = true;
    void* handle = nullptr;
    std::string first_error;
    const std::string dir = OwnDirectory();
    if (!dir.empty()) {
        handle = dlopen((dir + ref::kLibraryName).c_str(), RTLD_NOW | RTLD_LOCAL);
        if (handle == nullptr) first_error = dlerror();
    }
    if (handle == nullptr) {
        handle = dlopen(ref::kLibraryName, RTLD_NOW | RTLD_LOCAL);
        if (handle == nullptr) {
            const char* e = dlerror();
            lib.error = first_error.empty() ? std::string(e != nullptr ? e : "unknown error") : first_error;
            return;
        }
    }
    auto table = reinterpret_cast<ref::TableFn>(dlsym(handle, ref::kTableSymbol));
    if (table == nullptr) {
        lib.error = std::string(ref::kLibraryName) + " has no " + ref::kTableSymbol;
        return;  // the handle stays open: unloading a library with static destructors of its own is not worth it
    }
    int32_t count = 0, version = 0;
    const ref::Entry* rows = table(&count, &version);
    if (version != ref::kVersion || rows == nullptr || count < 0) {
        lib.error = std::string(ref::kLibraryName) + " was built for another interface version (" +
                    std::to_string(version) + ", expected " + std::to_string(ref::kVersion) + ")";
        return;
    }
    constexpr int32_t kMaxRows = 1 << 16;  // far above the table's size; a larger count is a corrupt library
    if (count > kMaxRows) {
        lib.error = std::string(ref::kLibraryName) + " reports " + std::to_string(count) + " operators";
        return;
    }
    for (int32_t i = 0; i < count; ++i) {
        if (rows[i].api == nullptr || rows[i].fn == nullptr) {
            lib.fns.clear();
            lib.error = std::string(ref::kLibraryName) + "'s operator table has an empty row " + std::to_string(i);
            return;
        }
        lib.fns.emplace(rows[i].api, rows[i].fn);
    }
}

// The operator's function, or nullptr with *why set.
ref::Fn Resolve(const char* api, std::string* why) {
    Library& lib = Lib();
    std::lock_guard<std::mutex> lock(lib.mu);
    if (!lib.tried) OpenLibrary(lib);
    if (!lib.error.empty()) {
        *why = lib.error;
        return nullptr;
    }
    auto it = lib.fns.find(api);
    if (it == lib.fns.end()) {
        *why = std::string(ref::kLibraryName) + " has no entry for it (a library from another build)";
        return nullptr;
    }
    return it->second;
}

// Strict mode's note: once per operator and process.
void NoteUse(const char* api) {
    static std::mutex mu;
    static std::set<std::string>* seen = new std::set<std::string>();
    std::lock_guard<std::mutex> lock(mu);
    if (!seen->insert(api).second) return;
    std::fprintf(stderr,
                 "[aclcpu strict note] %s runs at the reference tier (PyTorch ATen on the CPU, not modelled from "
                 "the NPU kernel; docs/reference-tier.md)\n",
                 api);
}

// ---- the plan

// ref::Call::product is rt::Soc's value, ref::kProductNames its names in that order.
static_assert(static_cast<int>(rt::Soc::kAscend950) == 0 && static_cast<int>(rt::Soc::kAscend910B) == 1 &&
                  static_cast<int>(rt::Soc::kAscend910_93) == 2 && static_cast<int>(rt::Soc::kAscend910) == 3 &&
                  static_cast<int>(rt::Soc::kAscend310P) == 4 && ref::kNumProducts == 5,
              "ref::kProductNames follows rt::Soc");

class ReferencePlan final : public OpPlan {
public:
    /// slot: for each of the operator's tensors in executor order, its index among the launch's tensors, or -1
    /// for an absent optional one; num_inputs: how many of the operator's tensors are inputs.
    /// dynamic: for each of the operator's tensors, the caller's aclTensor when it is a dynamic_shape output
    /// (RefValues::DynamicShape; its view shape is rewritten after the computation), else nullptr.
    ReferencePlan(ref::Fn fn, const char* api, const RefValues& values, std::vector<int> slot, int num_inputs,
                  std::vector<aclTensor*> dynamic = {})
        : fn_(fn), api_(api), arrays_(values.arrays()), scalar_lists_(values.scalar_lists()), values_(values.values()),
          slot_(std::move(slot)), num_inputs_(num_inputs), dynamic_(std::move(dynamic)),
          product_(static_cast<int32_t>(rt::ActiveSoc())) {  // the first phase's product (the plan is made there)
        dynamic_.resize(slot_.size(), nullptr);
        size_t k = 0, l = 0;  // the array and scalar-list values point into this plan's own copies
        for (ref::Value& v : values_) {
            if (v.kind == ref::Value::kIntArray) {
                v.array = arrays_[k].data();
                v.count = static_cast<int64_t>(arrays_[k].size());
                ++k;
            } else if (v.kind == ref::Value::kScalarList) {
                v.items = scalar_lists_[l].data();
                v.count = static_cast<int64_t>(scalar_lists_[l].size());
                ++l;
            }
        }
    }

    int Execute(const LaunchRecord& launch, void* /*workspace*/, uint64_t /*workspace_size*/) const override {
        const size_t n = slot_.size();
        std::vector<ref::Tensor> t(n);
        for (size_t i = 0; i < n; ++i) {
            if (slot_[i] < 0) continue;  // absent: present = 0
            const aclTensor& a = launch.tensors[static_cast<size_t>(slot_[i])];
            t[i].present = 1;
            t[i].dtype = static_cast<int32_t>(a.dtype);
            t[i].ndim = static_cast<int32_t>(a.view_shape.size());
            t[i].shape = a.view_shape.data();
            t[i].strides = a.strides.data();
            t[i].offset = a.offset;
            t[i].data = a.data;
            t[i].format = a.format;
            t[i].storage_ndim = static_cast<int32_t>(a.storage_shape.size());
            t[i].storage_shape = a.storage_shape.data();
            t[i].dynamic_shape = dynamic_[i] != nullptr ? 1 : 0;
        }
        std::vector<int64_t> result_shapes(n * ref::kMaxResultDims, 0);
        std::vector<int32_t> result_ndims(n, -1);
        char error[512] = {0};
        ref::Call call;
        call.api = api_;
        call.tensors = t.data();
        call.num_tensors = static_cast<int32_t>(n);
        call.num_inputs = num_inputs_;
        call.values = values_.data();
        call.num_values = static_cast<int32_t>(values_.size());
        call.error = error;
        call.error_size = sizeof error;
        call.result_shapes = result_shapes.data();
        call.result_ndims = result_ndims.data();
        call.product = product_;
        int ret = 0;
        try {  // the library catches ATen's exceptions itself; anything else must not cross the stream's worker
            ret = fn_(&call);
        } catch (...) {
            std::snprintf(error, sizeof error, "the reference library threw an exception it did not handle");
            ret = ACLNN_ERR_INNER;
        }
        if (ret != 0 && error[0] == '\0') std::snprintf(error, sizeof error, "no reason given");
        if (ret != 0) return Fail(ret, "%s (reference tier, PyTorch ATen): %s", api_, error);
        for (size_t i = 0; i < n; ++i) {
            if (dynamic_[i] != nullptr) {
                if (int r = SetResultShape(i, launch.tensors[static_cast<size_t>(slot_[i])], result_shapes, result_ndims)) {
                    return r;
                }
            }
        }
        return 0;
    }

private:
    // A dynamic_shape output: the caller's aclTensor described again with the result's view shape (contiguous
    // strides, its offset, storage and address kept) through aclInitTensor, which refuses - changing nothing - a
    // tensor destroyed since the first phase. What the launch saw (`seen`) is the tensor's description then.
    int SetResultShape(size_t i, const aclTensor& seen, const std::vector<int64_t>& shapes,
                       const std::vector<int32_t>& ndims) const {
        const int32_t nd = ndims[i];
        if (nd < 0 || nd > ref::kMaxResultDims) {
            return Fail(ACLNN_ERR_INNER, "%s (reference tier): the computation reported no shape for output %zu.", api_, i);
        }
        std::vector<int64_t> shape(shapes.begin() + static_cast<std::ptrdiff_t>(i * ref::kMaxResultDims),
                                   shapes.begin() + static_cast<std::ptrdiff_t>(i * ref::kMaxResultDims + nd));
        std::vector<int64_t> strides(shape.size(), 1);
        for (int d = nd - 2; d >= 0; --d) strides[d] = strides[d + 1] * std::max<int64_t>(shape[d + 1], 1);
        if (HandleStateOf(dynamic_[i], HandleKind::kTensor) != HandleState::kLive) {
            return Fail(ACLNN_ERR_INNER,
                        "%s (reference tier): could not set the result's view shape %s on its output: the aclTensor was "
                        "destroyed after the first phase.",
                        api_, ShapeString(shape).c_str());
        }
        const aclnnStatus r = aclInitTensor(dynamic_[i], shape.data(), shape.size(), seen.dtype, strides.data(),
                                            seen.offset, static_cast<aclFormat>(seen.format), nullptr, 0, nullptr);
        if (r != OK) {  // aclInitTensor's own message stays the recent one
            return r;
        }
        return 0;
    }

    ref::Fn fn_;
    const char* api_;
    std::vector<std::vector<int64_t>> arrays_;
    std::vector<std::vector<ref::Value>> scalar_lists_;
    std::vector<ref::Value> values_;
    std::vector<int> slot_;
    int num_inputs_;
    std::vector<aclTensor*> dynamic_;
    int32_t product_;  // ref::Call::product: rt::Soc of the first phase
};

}  // namespace

ref::Value ReferenceScalarValue(const aclScalar* s) {
    ref::Value x;
    x.kind = ref::Value::kScalar;
    x.dtype = static_cast<int32_t>(s->dtype);
    if (IsIntegralOrBool(s->dtype, true)) {
        aclDataType dt = s->dtype;
        x.i = kern::LoadInt64(reinterpret_cast<const char*>(s->bits), dt);
        x.f = static_cast<double>(x.i);
    } else {
        double d = 0.0;
        ScalarToDouble(*s, &d);
        x.f = d;
    }
    return x;
}

namespace {

// What every reference-tier first phase does before it plans: refuses the tier under ACLCPU_FIDELITY=exact,
// resolves the operator's function (161002 naming the reason when the library cannot be used) and notes the use
// in strict mode. Returns 0 with *fn set, or the status.
int ResolveForCall(const char* api, const char* table_api, ref::Fn* fn) {
    OpCacheAbandon();  // this first phase reads the fidelity setting, not only its arguments: never cached
    if (rt::FidelityExactOnly()) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "%s is a reference-tier operator (PyTorch ATen on the CPU, not modelled from the NPU kernel); "
                    "ACLCPU_FIDELITY=exact (or the aclInit config's \"fidelity\": \"exact\") refuses it.",
                    api);
    }
    std::string why;
    *fn = Resolve(table_api, &why);
    if (*fn == nullptr) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "%s is a reference-tier operator, computed by aclcpu's reference library (PyTorch ATen), which "
                    "cannot be used: %s.",
                    api, why.c_str());
    }
    if (StrictMode()) NoteUse(api);
    return 0;
}

// BEYOND CANN (which computes these dtypes on the NPU): a tensor of a dtype the reference library can neither
// hand to ATen nor convert (ref::ReferenceCanTake: UINT16/32, ...) is refused in the first phase (161002, naming
// the tensor), where CANN's dtype lists admit it; the reference library never meets one. The low-precision
// floating types and INT4 are converted (ref::ConvertedType; docs/reference-tier.md).
// A FRACTAL_NZ tensor's storage shape must be the blocked form of its view (ref::Tensor's layout): view
// [batch..., rows, cols], storage [batch..., n1, m1, m0, c0] with n1 * c0 >= cols and m1 * m0 >= rows - the
// reference library reads every element of the view there, so a storage that does not cover it is refused
// (161002) rather than read past.
int CheckAtenTypes(const char* api, const aclTensor* const* t, const char* const* names, int n) {
    for (int i = 0; i < n; ++i) {
        if (t[i] == nullptr) continue;
        if (!ref::ReferenceCanTake(static_cast<int32_t>(t[i]->dtype))) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "%s: %s of dtype %s is not implemented at the reference tier (PyTorch 1.13's ATen has no such "
                        "type).",
                        api, names[i], DtypeName(t[i]->dtype));
        }
        if (!ref::FractalNzFormat(t[i]->format) || t[i]->numel == 0) continue;
        const std::vector<int64_t>& v = t[i]->view_shape;
        const std::vector<int64_t>& s = t[i]->storage_shape;
        const size_t nd = v.size();
        bool ok = nd >= 2 && s.size() == nd + 2;
        for (size_t d = 0; ok && d + 2 < nd; ++d) ok = s[d] == v[d];
        if (ok) {
            const int64_t n1 = s[nd - 2], m1 = s[nd - 1], m0 = s[nd], c0 = s[nd + 1];
            ok = n1 > 0 && m1 > 0 && m0 > 0 && c0 > 0 && n1 <= INT64_MAX / c0 && m1 <= INT64_MAX / m0 &&
                 n1 * c0 >= v[nd - 1] && m1 * m0 >= v[nd - 2];
        }
        if (!ok) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "%s: %s is FRACTAL_NZ with view shape %s and storage shape %s; the reference tier needs the "
                        "storage [batch..., n1, m1, m0, c0] of a view [batch..., rows, cols] with n1 * c0 >= cols and "
                        "m1 * m0 >= rows.",
                        api, names[i], ShapeString(v).c_str(), ShapeString(s).c_str());
        }
    }
    return 0;
}

}  // namespace

int PublishReference(const OpCall& c, const char* table_api, const RefValues& values, uint64_t* workspaceSize,
                     aclOpExecutor** executor) {
    ref::Fn fn = nullptr;
    if (int ret = ResolveForCall(c.api, table_api, &fn)) return ret;
    // The given tensors (an absent optional one, NULL, is not the executor's): slot[i] their index there, or -1.
    const aclTensor* t[kMaxCallTensors];
    const char* names[kMaxCallTensors];
    std::vector<int> slot(static_cast<size_t>(c.num_tensors), -1);
    int n = 0, inputs = 0;
    bool empty = true;  // nothing to run when every given output is empty
    for (int i = 0; i < c.num_tensors && n < kMaxCallTensors; ++i) {
        if (c.t[i] == nullptr) continue;
        slot[static_cast<size_t>(i)] = n;
        t[n] = c.t[i];
        names[n] = c.names[i];
        if (i < c.num_inputs) {
            ++inputs;
        } else {
            empty = empty && c.t[i]->numel == 0;
        }
        ++n;
    }
    if (int ret = CheckAtenTypes(c.api, t, names, n)) return ret;
    // beyond CANN: every given tensor inside its storage, and no output (an optional one too) mapping two elements
    // to one address - the table's views check covers `out`; this covers the others as well
    for (int o = inputs; o < n; ++o) {
        if (int ret = engine::CheckElementwiseViews(t, names, n, o)) return ret;
    }
    // a dynamic_shape output: given, ND and contiguous (the result is written from its first element on)
    std::vector<aclTensor*> dynamic(static_cast<size_t>(c.num_tensors), nullptr);
    for (int i : values.dynamic_shape()) {
        if (i < c.num_inputs || i >= c.num_tensors || c.t[i] == nullptr) continue;
        const aclTensor* o = c.t[i];
        if (ref::FractalNzFormat(o->format) || o->strides != ContiguousStridesOf(o->view_shape)) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "%s: %s (shape %s, strides %s) receives a result of data-dependent shape: it must be a "
                        "contiguous ND tensor.",
                        c.api, c.names[i], ShapeString(o->view_shape).c_str(), ShapeString(o->strides).c_str());
        }
        dynamic[static_cast<size_t>(i)] = const_cast<aclTensor*>(o);  // the caller's: its view shape is rewritten
    }
    return engine::PublishPlan(
        t, n, inputs, c.api, n == c.num_tensors ? c.names : InternNames(names, n),
        [&](const aclTensor*, uint64_t* workspace) -> std::shared_ptr<const OpPlan> {
            *workspace = 0;
            if (empty) return nullptr;
            return std::make_shared<ReferencePlan>(fn, table_api, values, slot, c.num_inputs, dynamic);
        },
        workspaceSize, executor);
}

int PublishReferenceOfArgs(const aclTensor* const* t, int n, int num_inputs, const char* api, const CallArg* args,
                           int nargs, const char* const* arg_names, const char* table_api, const RefValues& values,
                           uint64_t* workspaceSize, aclOpExecutor** executor) {
    ref::Fn fn = nullptr;
    if (int ret = ResolveForCall(api, table_api, &fn)) return ret;
    // beyond CANN: every tensor inside its storage, no output mapping two elements to one address (a foreach
    // entry's list_views check made these already; this keeps the rule for every entry with arguments)
    std::vector<const char*> names;
    engine::NamesOfArgs(args, nargs, arg_names, n, &names);
    if (int ret = CheckAtenTypes(api, t, names.data(), n)) return ret;
    bool empty = true;  // nothing to run when every output is empty
    for (int o = num_inputs; o < n; ++o) {
        if (int ret = engine::CheckElementwiseViews(t, names.data(), n, o)) return ret;
        empty = empty && t[o]->numel == 0;
    }
    std::vector<int> slot(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i) slot[static_cast<size_t>(i)] = i;
    return engine::PublishPlanOfArgs(
        t, n, num_inputs, api, nullptr, args, nargs, arg_names,
        [&](const aclTensor*, uint64_t* workspace) -> std::shared_ptr<const OpPlan> {
            *workspace = 0;
            if (empty) return nullptr;
            return std::make_shared<ReferencePlan>(fn, table_api, values, std::move(slot), num_inputs);
        },
        workspaceSize, executor);
}

}  // namespace aclcpu
