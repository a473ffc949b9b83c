// The generic, table-driven operator suite: every entry of the operator table ops/operators.yaml gets every
// test below, parameterised by the entry (test names end in the API name), from the description the
// generator writes (tools/opgen/gen_ops.py -> <build>/generated/tests/op_infos.inc; types in
// tests/support/op_info.h). Values come from the table: tensors and roles, the dtype lists per product (and
// how the checks govern each input), the non-tensor parameters' defaults, the shape kind, the in-place
// binding. No test names an operator; the hand-written suites (tests/operators/<op>_test.cpp) keep the
// operator-specific cases (messages, hand-computed values, dtype-combination tables, huge tensors, the
// longer sweeps).
//
// The suites:
//   OpTable           null tensors / workspace arguments (161001, nothing written), dtypes outside and in the
//                     lists (161002 / accepted), 9-dim inputs (161002), empty inputs, 0-d inputs (= the
//                     1-element result), a repeatable executor run twice and re-addressed (= fresh calls) -
//                     the dtype, empty, 0-d and executor tests in every product -, host memory running out
//                     in the first phase (561000, nothing leaked), thread-count invariance (child processes
//                     with ACLCPU_NUM_THREADS = 1 and more);
//   OpTableBroadcast  entries whose checks broadcast two or more inputs: broadcast inputs = the materialised
//                     (every product);
//   OpTableInplace    Inplace variants (inplace_of): the in-place result = the base's out-of-place result
//                     (every product);
//   OpTableReference  entries naming a reference model (kernel.reference_fn, support/op_reference.h): a
//                     seeded random sweep in every product, status and bits = the model's;
//   OpTable.SimdTargets...  on every Highway target this binary was compiled for and the CPU runs, the result
//                     of contiguous operands (the fused SIMD rows) = the result of the same values as strided
//                     views on Highway's portable fallback (the rows a selector picks for strided operands:
//                     the scalar generic rows, or the block rows), byte for byte, in every product;
//   OpTableHuge       one entry per row selector (kernel.rows): an output of more than 2^31 elements, row for
//                     row = a small call's on the same periodic values (ctest label "huge": the test
//                     op_table_test.OpTableHuge, left out of the other runs).
// Shapes are small (tens of elements; the thread-count children about 10^5), so that the sanitizer builds
// run the suite in seconds; the thread counts follow support/sample_size.h.
#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <memory>
#include <new>
#include <random>
#include <string>
#include <vector>

#include "kernels/simd_convert.h"
#include "support/child_process.h"
#include "support/op_info.h"
#include "support/op_reference.h"
#include "support/profile_scope.h"
#include "support/sample_size.h"
#include "support/simd_targets.h"
#include "support/test_util.h"
#include "tests/op_infos.inc"

// ---------------------------------------------------------------- host memory running out (OutOfMemory)
// The global operator new of this binary (the libraries' allocations included): when the calling thread's
// flag is up, the next allocation throws std::bad_alloc once; t_live counts the thread's allocations less
// the thread's frees (per thread: the pool's threads free their own objects at any time).
// The replacements pair malloc with free, which GCC's -Wmismatched-new-delete cannot see through inlining.
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 11
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
namespace {
thread_local bool t_fail_new = false;
std::atomic<int> g_refused{0};
thread_local long t_live = 0;
}  // namespace

void* operator new(std::size_t n) {
    if (t_fail_new) {
        t_fail_new = false;
        g_refused.fetch_add(1);
        throw std::bad_alloc();
    }
    if (void* p = std::malloc(n == 0 ? 1 : n)) {
        ++t_live;
        return p;
    }
    throw std::bad_alloc();
}
void operator delete(void* p) noexcept {
    if (p != nullptr) --t_live;
    std::free(p);
}
void operator delete(void* p, std::size_t) noexcept { operator delete(p); }

namespace {

using namespace aclcpu_test;
using namespace aclcpu_test::opinfo;

constexpr int kNullptr = ACLNN_ERR_PARAM_NULLPTR;
constexpr int kInvalid = ACLNN_ERR_PARAM_INVALID;
constexpr int kInner = ACLNN_ERR_INNER;
constexpr uint8_t kCanary = 0xA5;
aclOpExecutor* const kSentinel = reinterpret_cast<aclOpExecutor*>(uintptr_t{0x1234});
constexpr uint64_t kWsSentinel = 77;

using Shape = std::vector<int64_t>;
using Bytes = std::vector<uint8_t>;

bool IsInput(const TensorInfo& t) { return t.role != Role::kOutput; }
bool IsOutput(const TensorInfo& t) { return t.role != Role::kInput; }
bool InMask(uint64_t mask, aclDataType d) { return (mask >> static_cast<int>(d)) & 1u; }

/// The dtypes of a mask, in kAllDtypes' order.
std::vector<aclDataType> DtypesOf(uint64_t mask) {
    std::vector<aclDataType> v;
    for (aclDataType d : kAllDtypes) {
        if (InMask(mask, d)) v.push_back(d);
    }
    return v;
}

/// Whether the entry's outputs take FLOAT for integral and BOOL inputs (python.out_default float_for_integral:
/// true division).
bool FloatForIntegral(const OpInfo& op) { return std::strcmp(op.out_default, "float_for_integral") == 0; }

bool IsIntegralOrBool(aclDataType d) {
    switch (d) {
        case ACL_INT8: case ACL_UINT8: case ACL_INT16: case ACL_UINT16: case ACL_INT32: case ACL_UINT32:
        case ACL_INT64: case ACL_UINT64: case ACL_BOOL:
            return true;
        default:
            return false;
    }
}

/// The dtypes every list of the entry holds in the product (FLOAT alone when the entry has no list); an
/// in-place variant of a float_for_integral entry without the integral ones (its output is its input).
std::vector<aclDataType> Listed(const OpInfo& op, int product) {
    std::vector<aclDataType> v;
    for (aclDataType d : DtypesOf(op.accept_mask[product])) {
        if (!(FloatForIntegral(op) && op.inplace_of >= 0 && IsIntegralOrBool(d))) v.push_back(d);
    }
    if (v.empty()) v.push_back(ACL_FLOAT);
    return v;
}

/// The dtype the tests give tensors that a test does not vary: the first of the entry's accepted dtypes in the
/// product (FLOAT on every product today), FLOAT when the entry has no list.
aclDataType BaseDtype(const OpInfo& op, int product) { return Listed(op, product)[0]; }

/// The product the runtime runs by default (aclInit(nullptr) with ACLCPU_SOC_VERSION unset: the first).
int ActiveProduct() { return static_cast<int>(l1ref::ProfileFromSocName(aclrtGetSocName())); }

// ---------------------------------------------------------------- values
/// Deterministic element bytes of dtype d: small values (with a few specials, +-0, +-inf, NaN, when asked) for
/// the floating dtypes, small integers for the others.
Bytes Fill(aclDataType d, int64_t n, uint32_t seed, bool specials) {
    const size_t item = aclDataTypeSize(d);
    Bytes b(static_cast<size_t>(n) * item);
    uint32_t x = seed * 2654435761u + 12345u;
    for (int64_t i = 0; i < n; ++i) {
        x = x * 1664525u + 1013904223u;
        const uint32_t r = x >> 8;
        float v = static_cast<float>(static_cast<int>(r % 33) - 16) * 0.375f;
        switch (specials ? r % 61 : 61) {
            case 0:
                v = INFINITY;
                break;
            case 1:
                v = -INFINITY;
                break;
            case 2:
                v = NAN;
                break;
            case 3:
                v = -0.0f;
                break;
            default:
                break;
        }
        const int64_t iv = static_cast<int64_t>(r % 19) - 9;
        uint8_t* p = b.data() + static_cast<size_t>(i) * item;
        switch (d) {
            case ACL_FLOAT:
                std::memcpy(p, &v, 4);
                break;
            case ACL_DOUBLE: {
                const double dv = v;
                std::memcpy(p, &dv, 8);
                break;
            }
            case ACL_FLOAT16: {
                const uint16_t h = aclFloatToFloat16(v);
                std::memcpy(p, &h, 2);
                break;
            }
            case ACL_BF16: {
                const uint16_t h = static_cast<uint16_t>(Bits(v) >> 16);
                std::memcpy(p, &h, 2);
                break;
            }
            case ACL_COMPLEX64: {
                const float c[2] = {v, 0.5f};
                std::memcpy(p, c, 8);
                break;
            }
            case ACL_COMPLEX128: {
                const double c[2] = {v, 0.5};
                std::memcpy(p, c, 16);
                break;
            }
            case ACL_BOOL:
                p[0] = static_cast<uint8_t>(r & 1u);
                break;
            case ACL_UINT8:
            case ACL_UINT16:
            case ACL_UINT32:
            case ACL_UINT64: {
                const uint64_t u = r % 23;
                std::memcpy(p, &u, item);  // little-endian: the low bytes
                break;
            }
            default:
                std::memcpy(p, &iv, item);
                break;  // signed integers, little-endian
        }
    }
    return b;
}

/// The value of one element (floating dtypes; integers as themselves).
double ValueOf(const uint8_t* p, aclDataType d) {
    switch (d) {
        case ACL_FLOAT: {
            float f;
            std::memcpy(&f, p, 4);
            return f;
        }
        case ACL_DOUBLE: {
            double f;
            std::memcpy(&f, p, 8);
            return f;
        }
        case ACL_FLOAT16: {
            uint16_t h;
            std::memcpy(&h, p, 2);
            return aclFloat16ToFloat(h);
        }
        case ACL_BF16: {
            uint16_t h;
            std::memcpy(&h, p, 2);
            return FromBits(uint32_t{h} << 16);
        }
        default: {
            int64_t v = 0;
            std::memcpy(&v, p, aclDataTypeSize(d));
            return static_cast<double>(v);
        }
    }
}

/// The non-tensor arguments at the table's defaults (reduction as given when >= 0), their handles owned.
class Args {
public:
    Args(const OpInfo& op, int64_t reduction = -1) {
        for (int k = 0; k < op.num_params; ++k) {
            const ParamInfo& p = op.params[k];
            Arg& a = a_[k];
            a.i = p.def_i;
            a.f = p.def_f;
            a.str = p.def_str;
            if (k == op.reduction && reduction >= 0) a.i = reduction;
            switch (p.kind) {
                case ParamKind::kScalar:
                    a.scalar = Scalar(p.def_f, p.scalar_dtype);
                    break;
                case ParamKind::kIntArray: {
                    std::vector<int64_t> v(p.def_list, p.def_list + p.def_list_len);
                    ints_.push_back(aclCreateIntArray(v.data(), v.size()));
                    a.ints = ints_.back();
                    break;
                }
                case ParamKind::kBoolArray: {
                    std::unique_ptr<bool[]> v(new bool[p.def_list_len + 1]);
                    for (int j = 0; j < p.def_list_len; ++j) v[j] = p.def_list[j] != 0.0;
                    bools_.push_back(aclCreateBoolArray(v.get(), p.def_list_len));
                    a.bools = bools_.back();
                    break;
                }
                case ParamKind::kScalarList: {
                    std::vector<const aclScalar*> v;
                    for (int j = 0; j < p.def_list_len; ++j)
                        v.push_back(aclCreateScalar(Value(p.def_list[j], p.scalar_dtype).data(), p.scalar_dtype));
                    scalar_lists_.push_back(aclCreateScalarList(v.data(), v.size()));
                    a.scalar_list = scalar_lists_.back();
                    break;
                }
                case ParamKind::kTensorList:  // no default value: an empty list
                    tensor_lists_.push_back(aclCreateTensorList(nullptr, 0));
                    a.tensor_list = tensor_lists_.back();
                    break;
                default:
                    break;
            }
        }
    }
    ~Args() {
        for (const aclScalar* s : scalars_) aclDestroyScalar(s);
        for (const aclIntArray* x : ints_) aclDestroyIntArray(x);
        for (const aclBoolArray* x : bools_) aclDestroyBoolArray(x);
        for (const aclScalarList* x : scalar_lists_) aclDestroyScalarList(x);
        for (const aclTensorList* x : tensor_lists_) aclDestroyTensorList(x);
    }
    Args(const Args&) = delete;
    Args& operator=(const Args&) = delete;
    const Arg* get() const { return a_; }

private:
    static Bytes Value(double v, aclDataType d) {
        Bytes b(aclDataTypeSize(d) == 0 ? 8 : aclDataTypeSize(d));
        switch (d) {
            case ACL_FLOAT: {
                const float f = static_cast<float>(v);
                std::memcpy(b.data(), &f, 4);
                break;
            }
            case ACL_DOUBLE:
                std::memcpy(b.data(), &v, 8);
                break;
            case ACL_FLOAT16: {
                const uint16_t h = aclFloatToFloat16(static_cast<float>(v));
                std::memcpy(b.data(), &h, 2);
                break;
            }
            case ACL_BF16: {
                const uint16_t h = static_cast<uint16_t>(Bits(static_cast<float>(v)) >> 16);
                std::memcpy(b.data(), &h, 2);
                break;
            }
            case ACL_BOOL:
                b[0] = v != 0.0;
                break;
            default: {
                const int64_t i = static_cast<int64_t>(v);
                std::memcpy(b.data(), &i, b.size());
                break;
            }
        }
        return b;
    }
    const aclScalar* Scalar(double v, aclDataType d) {
        Bytes b = Value(v, d);
        scalars_.push_back(aclCreateScalar(b.data(), d));
        return scalars_.back();
    }
    Arg a_[kMaxParams];
    std::vector<const aclScalar*> scalars_;
    std::vector<const aclIntArray*> ints_;
    std::vector<const aclBoolArray*> bools_;
    std::vector<const aclScalarList*> scalar_lists_;
    std::vector<const aclTensorList*> tensor_lists_;
};

// ---------------------------------------------------------------- calls
/// One call's tensors: shapes, dtypes, the input bytes, device buffers (at least one element each, so that an
/// empty view has bytes to keep) and descriptors, in the entry's tensor order.
struct Call {
    const OpInfo* op = nullptr;
    std::vector<Shape> shapes;
    std::vector<aclDataType> dtypes;
    std::vector<Shape> strides;    // element strides of each view
    std::vector<int64_t> offsets;  // element offset of each view
    std::vector<int64_t> storage;  // elements of each tensor's storage (1-d), at least 1
    std::vector<Bytes> inputs;     // the storage bytes an input (or inout) tensor holds before the call
    std::vector<DeviceBuffer> buf;
    std::vector<aclTensor*> t;

    Call() = default;
    Call(const Call&) = delete;
    Call& operator=(const Call&) = delete;
    Call(Call&&) = default;
    ~Call() {
        for (aclTensor* x : t) aclDestroyTensor(x);
    }
    /// The bytes of tensor i's buffer: its storage's elements.
    size_t Size(int i) const { return static_cast<size_t>(storage[i]) * aclDataTypeSize(dtypes[i]); }
    /// Writes the inputs' bytes and the outputs' canaries into the buffers again.
    void Reset() {
        for (int i = 0; i < op->num_tensors; ++i) {
            Bytes b(Size(i), kCanary);
            if (IsInput(op->tensors[i]) && !inputs[i].empty())
                std::memcpy(b.data(), inputs[i].data(), inputs[i].size());
            ASSERT_EQ(aclrtMemcpy(buf[i].get(), b.size(), b.data(), b.size(), ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
        }
    }
    /// The bytes of tensor i's buffer (its view's elements, or the canary element of an empty view).
    Bytes Read(int i) const { return Download<uint8_t>(buf[i].get(), Size(i)); }
    /// The outputs' bytes (outputs and inout tensors), concatenated in tensor order.
    Bytes Outputs() const {
        Bytes all;
        for (int i = 0; i < op->num_tensors; ++i) {
            if (!IsOutput(op->tensors[i])) continue;
            const Bytes b = Read(i);
            all.insert(all.end(), b.begin(), b.end());
        }
        return all;
    }
    /// Whether every output still holds the canary (nothing written).
    bool OutputsIntact() const {
        for (int i = 0; i < op->num_tensors; ++i) {
            if (op->tensors[i].role != Role::kOutput) continue;
            for (uint8_t x : Read(i)) {
                if (x != kCanary) return false;
            }
        }
        return true;
    }
};

/// Whether tensor i of a `channel` entry holds one element per channel (aclnnPrelu's weight,
/// aclnnPreluBackward's weight and gradWeight).
bool IsChannelTensor(const OpInfo& op, int i) {
    return op.shape == ShapeKind::kChannel &&
           (std::strcmp(op.tensors[i].name, "weight") == 0 || std::strcmp(op.tensors[i].name, "gradWeight") == 0);
}

/// The position of the input named self among a `channel` entry's inputs (0 when none is).
size_t SelfInput(const OpInfo& op) {
    for (int i = 0; i < op.num_inputs; ++i) {
        if (std::strcmp(op.tensors[i].name, "self") == 0) return static_cast<size_t>(i);
    }
    return 0;
}

/// A `channel` entry's weight for the first input's shape `self` and the shape `given` the test asked for: of
/// given's rank, every dim 1 except the last, which is self's channel count (dim 1; 1 for a 0-d or 1-d self).
/// A 0-d weight holds one element. So a given 9-d shape stays 9-d, and {2, 0, 3} empties the weight with self.
Shape ChannelShape(const Shape& self, const Shape& given) {
    if (given.empty()) return {};
    Shape w(given.size(), 1);
    w.back() = self.size() <= 1 ? 1 : self[1];
    return w;
}

/// The output shape of an entry for these input shapes: the broadcast shape, or 0-d for a loss that reduces
/// (a `channel` entry: self's shape).
Shape OutShape(const OpInfo& op, const std::vector<Shape>& in, int64_t reduction) {
    if ((op.shape == ShapeKind::kLoss && reduction != 0) || op.shape == ShapeKind::kReduce) return {};
    if (op.shape == ShapeKind::kChannel) return in[std::min(SelfInput(op), in.size() - 1)];
    Shape b;
    for (const Shape& s : in) {
        std::vector<int64_t> r;
        l1ref::BroadcastShapes(b, s, &r);
        b = r;
    }
    return b;
}

/// The effective reduction of a call (the argument, or the table's default when -1; -1 without one).
int64_t Reduction(const OpInfo& op, int64_t reduction) {
    if (op.reduction < 0) return -1;
    return reduction >= 0 ? reduction : op.params[op.reduction].def_i;
}

/// A call with the given input shapes and per-tensor dtypes (inputs filled from `seed`; outputs the canary;
/// an inout tensor takes the first input shape). Views are contiguous, or, with `views`, each input (role
/// input) at random either contiguous or strided (every dim padded by one element) with an offset of 0-3.
/// Storage: the view's extent, at least one element.
Call MakeCall(const OpInfo& op, const std::vector<Shape>& in_shapes, const std::vector<aclDataType>& dtypes,
              uint32_t seed, int64_t reduction = -1, std::mt19937_64* views = nullptr) {
    Call c;
    c.op = &op;
    const Shape out = OutShape(op, in_shapes, Reduction(op, reduction));
    // A reduced result of infinities or NaN is NaN or infinite whatever the other values: specials only where
    // each output element has its own inputs.
    const bool specials = !((op.shape == ShapeKind::kLoss && Reduction(op, reduction) != 0) ||
                            op.shape == ShapeKind::kReduce);
    size_t k = 0;
    for (int i = 0; i < op.num_tensors; ++i) {
        const TensorInfo& ti = op.tensors[i];
        Shape s = ti.role == Role::kOutput ? out : in_shapes[std::min(k++, in_shapes.size() - 1)];
        if (IsChannelTensor(op, i)) {
            const Shape& self = in_shapes[std::min(SelfInput(op), in_shapes.size() - 1)];
            if (ti.role != Role::kOutput) {
                s = ChannelShape(self, s);
            } else {      // gradWeight: weight's shape (one element) or [C]
                Shape w;  // the weight input's shape (made before the outputs)
                for (int j = 0; j < op.num_inputs; ++j) {
                    if (std::strcmp(op.tensors[j].name, "weight") == 0) w = c.shapes[static_cast<size_t>(j)];
                }
                s = Numel(w) == 1 ? w : Shape{self.size() <= 1 ? 1 : self[1]};
            }
        }
        Shape st = ContiguousStrides(s);
        int64_t offset = 0;
        if (views != nullptr && ti.role == Role::kInput && (*views)() % 3 == 0) {
            Shape padded = s;
            for (int64_t& d : padded) d += 1;
            st = ContiguousStrides(padded);
            offset = static_cast<int64_t>((*views)() % 4);
        }
        int64_t extent = offset;  // the elements the view reaches
        if (Numel(s) > 0) {
            extent = offset + 1;
            for (size_t d = 0; d < s.size(); ++d) extent += (s[d] - 1) * st[d];
        }
        c.shapes.push_back(s);
        c.dtypes.push_back(dtypes[i]);
        c.strides.push_back(st);
        c.offsets.push_back(offset);
        c.storage.push_back(std::max<int64_t>(extent, 1));
        c.inputs.push_back(
            IsInput(ti) ? Fill(dtypes[i], c.storage.back(), seed * 31u + static_cast<uint32_t>(i), specials) : Bytes());
        c.buf.emplace_back(c.Size(i));
        c.t.push_back(MakeTensor(s, dtypes[i], c.buf.back().get(), st, offset, {c.storage.back()}));
    }
    c.Reset();
    return c;
}

/// Every tensor of dtype d.
std::vector<aclDataType> AllOf(const OpInfo& op, aclDataType d) {
    std::vector<aclDataType> v(op.num_tensors, d);
    if (op.out_param >= 0) {  // the outputs take a parameter's dtype (aclnnCast's dtype)
        for (int i = 0; i < op.num_tensors; ++i) {
            if (op.tensors[i].role == Role::kOutput) v[i] = static_cast<aclDataType>(op.params[op.out_param].def_i);
        }
        return v;
    }
    if (FloatForIntegral(op) && IsIntegralOrBool(d)) {  // true division: integral inputs, a FLOAT output
        for (int i = 0; i < op.num_tensors; ++i) {
            if (op.tensors[i].role == Role::kOutput) v[i] = ACL_FLOAT;
        }
    }
    return v;
}

/// The same shape for every input.
std::vector<Shape> Same(const OpInfo& op, const Shape& s) { return std::vector<Shape>(std::max(op.num_inputs, 1), s); }

/// Runs both phases (and synchronises); returns the first non-zero status. *ws_out: the workspace size.
int RunCall(const OpInfo& op, Call& c, const Args& args, uint64_t* ws_out = nullptr) {
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    int ret = op.first(c.t.data(), args.get(), &ws, &ex);
    if (ret != 0) return ret;
    if (ws_out != nullptr) *ws_out = ws;
    DeviceBuffer w;
    if (ws > 0) w = DeviceBuffer(ws);
    ret = op.second(ws > 0 ? w.get() : nullptr, ws, ex, nullptr);
    if (ret != 0) return ret;
    return aclrtSynchronizeStream(nullptr);
}

/// The reductions a test runs: each of none, mean, sum (the entry's default first), or one call without.
std::vector<int64_t> Reductions(const OpInfo& op) {
    if (op.reduction < 0) return {-1};
    return {0, 1, 2};
}

std::string Hex(const Bytes& b, size_t max = 48) {
    std::string s;
    char tmp[4];
    for (size_t i = 0; i < b.size() && i < max; ++i) {
        std::snprintf(tmp, sizeof tmp, "%02x", b[i]);
        s += tmp;
    }
    return s;
}

/// The first phase of c's call with tensors t refused with `code`: a message left, *workspaceSize and
/// *executor untouched, c's outputs still the canary. Returns the message.
std::string ExpectRefused(const OpInfo& op, const Call& c, std::vector<aclTensor*> t, const Args& args, int code) {
    uint64_t ws = kWsSentinel;
    aclOpExecutor* ex = kSentinel;
    EXPECT_EQ(op.first(t.data(), args.get(), &ws, &ex), code);
    const std::string msg = LastError();
    EXPECT_FALSE(msg.empty());
    EXPECT_EQ(ws, kWsSentinel);
    EXPECT_EQ(ex, kSentinel);
    EXPECT_TRUE(c.OutputsIntact());
    return msg;
}

/// " d0 d1 ..." of a call's tensors (aclDataType values), for a failure's message.
std::string DtypesText(const std::vector<aclDataType>& dts) {
    std::string s;
    for (aclDataType d : dts) s += " " + std::to_string(static_cast<int>(d));
    return s;
}

class OpTable : public ::testing::TestWithParam<const OpInfo*> {
protected:
    const OpInfo& op() const { return *GetParam(); }
};
class OpTableBroadcast : public OpTable {};
class OpTableInplace : public OpTable {};
class OpTableReference : public OpTable {};
class OpTableHuge : public OpTable {
public:
    /// `bytes` of memory for one case's tensors: one aclrtMalloc block kept from case to case (the first of at
    /// least kArenaBytes, replaced only by a larger one; its pages are backed when first written). A fresh block of
    /// several GiB costs seconds of page faults on a virtual machine (8-9 s of system time for 4 GiB: the host backs
    /// freed pages again), a reused one almost nothing. *written: how many of its first bytes earlier cases wrote
    /// (the rest is as mapped: zeros); the caller writes every byte it reads first - the inputs, and a canary in
    /// the outputs where an earlier case's results lie - and then sets it to `bytes` at least.
    static char* Arena(size_t bytes, size_t** written) {
        static std::unique_ptr<DeviceBuffer> a;
        static size_t used = 0;
        if (a == nullptr || a->bytes() < bytes) {
            a.reset();  // freed first: the two never held at once
            a = std::make_unique<DeviceBuffer>(std::max(bytes, kArenaBytes));
            used = 0;
        }
        *written = &used;
        block_ = &a;
        return a->as<char>();
    }
    static void TearDownTestSuite() {
        if (block_ != nullptr) block_->reset();
    }

private:
    static constexpr size_t kArenaBytes = size_t{10} << 30;  // two FLOAT16 tensors of 2^31 elements and more
    static inline std::unique_ptr<DeviceBuffer>* block_ = nullptr;
};

std::string TestName(const ::testing::TestParamInfo<const OpInfo*>& info) { return info.param->api; }

template <typename Pred>
std::vector<const OpInfo*> Entries(Pred pred) {
    std::vector<const OpInfo*> v;
    for (const OpInfo& o : kOpInfos) {
        if (pred(o)) v.push_back(&o);
    }
    return v;
}

/// Runs fn(p) for every product p in its profile (ProfileScope; the runtime's default profile again after),
/// with the product's name in the failure trace.
template <typename Fn>
void ForEachProduct(Fn&& fn) {
    for (int p = 0; p < kNumProducts; ++p) {
        ProfileScope scope(l1ref::kAllProfiles[p]);
        ASSERT_TRUE(scope.ok()) << kProducts[p];
        SCOPED_TRACE(kProducts[p]);
        fn(p);
    }
}

const Shape kShape = {2, 3, 5};

// ---------------------------------------------------------------- null arguments
// Each tensor null in turn: 161001, a message naming it (as the first phase names it), *workspaceSize and
// *executor untouched, the outputs' canaries intact.
TEST_P(OpTable, NullTensorIsRefused) {
    const int p = ActiveProduct();
    Call c = MakeCall(op(), Same(op(), kShape), AllOf(op(), BaseDtype(op(), p)), 1);
    Args args(op());
    for (int i = 0; i < op().num_tensors; ++i) {
        SCOPED_TRACE(op().tensors[i].name);
        std::vector<aclTensor*> t = c.t;
        t[i] = nullptr;
        if (op().tensors[i].optional) {  // the caller's "none" (aclnnClampTensor's bounds): accepted
            uint64_t ws = 0;
            aclOpExecutor* ex = nullptr;
            EXPECT_EQ(op().first(t.data(), args.get(), &ws, &ex), 0) << LastError();
            if (ex != nullptr) {
                EXPECT_EQ(aclDestroyAclOpExecutor(ex), 0) << LastError();
            }
            continue;
        }
        const std::string msg = ExpectRefused(op(), c, t, args, kNullptr);
        EXPECT_NE(msg.find(op().tensors[i].msg_name), std::string::npos) << msg;
    }
}

// workspaceSize or executor null: 161001 with a message, the other out-parameter untouched.
TEST_P(OpTable, NullWorkspaceArgumentsAreRefused) {
    const int p = ActiveProduct();
    Call c = MakeCall(op(), Same(op(), kShape), AllOf(op(), BaseDtype(op(), p)), 2);
    Args args(op());
    uint64_t ws = kWsSentinel;
    aclOpExecutor* ex = kSentinel;
    EXPECT_EQ(op().first(c.t.data(), args.get(), nullptr, &ex), kNullptr);
    EXPECT_FALSE(LastError().empty());
    EXPECT_EQ(ex, kSentinel);
    EXPECT_EQ(op().first(c.t.data(), args.get(), &ws, nullptr), kNullptr);
    EXPECT_FALSE(LastError().empty());
    EXPECT_EQ(ws, kWsSentinel);
    EXPECT_TRUE(c.OutputsIntact());
}

// ---------------------------------------------------------------- dtypes, in every product
// Each input governed by a list, of every dtype outside its list in the product: 161002 with a message and
// nothing written. The tensors that same_dtype checks tie to it take the dtype too, and so do (kPromote) the
// inputs of its promote group, so that the list, not a mismatch, is what refuses; the others keep the base
// dtype.
TEST_P(OpTable, DtypeOutsideTheListIsRefusedInEveryProduct) {
    int refused = 0;
    ForEachProduct([&](int p) {
        const aclDataType base = BaseDtype(op(), p);
        Args args(op());
        for (int i = 0; i < op().num_tensors; ++i) {
            const TensorInfo& ti = op().tensors[i];
            if (!IsInput(ti) || ti.mode == DtypeMode::kNone) continue;
            for (aclDataType d : kAllDtypes) {
                if (InMask(ti.mask[p], d) || InMask(op().skip_dtypes, d)) continue;
                SCOPED_TRACE(std::string(kProducts[p]) + " " + ti.name + " dtype " + std::to_string(d));
                std::vector<aclDataType> dts = AllOf(op(), base);
                for (int j = 0; j < op().num_tensors; ++j) {
                    if (op().tensors[j].tie == ti.tie) dts[j] = d;
                }
                if (ti.mode == DtypeMode::kPromote) {
                    for (int j = 0; j < op().num_tensors; ++j) {
                        const TensorInfo& tj = op().tensors[j];
                        if (IsInput(tj) && tj.mode == DtypeMode::kPromote && tj.group == ti.group) dts[j] = d;
                    }
                }
                Call c = MakeCall(op(), Same(op(), kShape), dts, 3);
                ExpectRefused(op(), c, c.t, args, kInvalid);
                ++refused;
            }
        }
    });
    // an entry with a list that leaves out some dtype of the table must have refused something (aclnnInplaceCopy's
    // list holds every dtype the table names: nothing to refuse)
    const bool has_list = [&] {
        for (int i = 0; i < op().num_tensors; ++i) {
            const TensorInfo& ti = op().tensors[i];
            if (!IsInput(ti) || ti.mode == DtypeMode::kNone) continue;
            for (int p = 0; p < kNumProducts; ++p) {
                for (aclDataType d : kAllDtypes) {
                    if (!InMask(ti.mask[p], d)) return true;
                }
            }
        }
        return false;
    }();
    if (has_list) {
        EXPECT_GT(refused, 0);
    }
}

// Every tensor of each dtype in every list of the entry, in every product, at every reduction (an entry with a
// custom check: at none only, its hook's rule being outside the table): accepted, and the outputs written.
TEST_P(OpTable, EveryListedDtypeIsAcceptedInEveryProduct) {
    ForEachProduct([&](int p) {
        for (aclDataType d : Listed(op(), p)) {
            for (int64_t r : Reductions(op())) {
                if (op().custom && r > 0) continue;
                SCOPED_TRACE(std::string(kProducts[p]) + " dtype " + std::to_string(d) + " reduction " +
                             std::to_string(r));
                Args args(op(), r);
                Call c = MakeCall(op(), Same(op(), kShape), AllOf(op(), d), 4, r);
                ASSERT_EQ(RunCall(op(), c, args), 0) << LastError();
                for (int i = 0; i < op().num_tensors; ++i) {
                    if (op().tensors[i].role != Role::kOutput) continue;
                    bool written = false;
                    for (uint8_t x : c.Read(i)) written = written || x != kCanary;
                    EXPECT_TRUE(written) << op().tensors[i].name << ": no byte written";
                }
            }
        }
    });
}

// ---------------------------------------------------------------- shapes
// Each input with 9 dims in turn (the others 2-d, broadcastable): 161002, nothing written.
TEST_P(OpTable, NineDimInputIsRefused) {
    const int p = ActiveProduct();
    Args args(op());
    const int n = std::max(op().num_inputs, 1);
    for (int k = 0; k < n; ++k) {
        SCOPED_TRACE(op().tensors[k].name);
        std::vector<Shape> shapes(n, Shape{2, 3});
        shapes[k] = {1, 1, 1, 1, 1, 1, 1, 2, 3};
        if (!op().broadcasts) shapes.assign(n, shapes[k]);  // no broadcasting: every input 9-d
        Call c = MakeCall(op(), shapes, AllOf(op(), BaseDtype(op(), p)), 5);
        ExpectRefused(op(), c, c.t, args, kInvalid);
    }
}

// Empty inputs ({2, 0, 3}), in every product: success with workspace 0; an element-wise result (or a loss at none)
// writes nothing; a loss's mean is NaN and its sum 0 (the mean and sum of no elements).
TEST_P(OpTable, EmptyInputSucceedsWithoutWork) {
    ForEachProduct([&](int p) {
        const aclDataType d = BaseDtype(op(), p);
        for (int64_t r : Reductions(op())) {
            SCOPED_TRACE(r);
            Args args(op(), r);
            Call c = MakeCall(op(), Same(op(), {2, 0, 3}), AllOf(op(), d), 6, r);
            uint64_t ws = kWsSentinel;
            ASSERT_EQ(RunCall(op(), c, args, &ws), 0) << LastError();
            EXPECT_EQ(ws, 0u);
            if ((op().shape == ShapeKind::kLoss && r != 0) || op().shape == ShapeKind::kReduce) {
                for (int i = 0; i < op().num_tensors; ++i) {
                    if (op().tensors[i].role != Role::kOutput) continue;
                    const Bytes b = c.Read(i);
                    const double v = ValueOf(b.data(), d);
                    if (r == 1) {
                        EXPECT_TRUE(std::isnan(v)) << v;
                    }
                    if (r == 2 || op().shape == ShapeKind::kReduce) {  // a sum of no elements
                        EXPECT_EQ(v, 0.0);
                    }
                }
            } else {
                EXPECT_TRUE(c.OutputsIntact());
                for (int i = 0; i < op().num_tensors; ++i) {  // an inout tensor keeps its bytes
                    if (op().tensors[i].role == Role::kInout) {
                        EXPECT_EQ(c.Read(i), c.inputs[i]);
                    }
                }
            }
        }
    });
}

// An empty call beside an input whose view ({1, 1, 3}) reaches past its storage (2 elements): 161002, nothing
// written - the early success of an empty tensor (the table's empty_return) does not skip the bounds check. A
// broadcasting entry accepts the shapes, so its refusal names the storage.
TEST_P(OpTable, EmptyCallBesideAViewOutsideItsStorageIsRefused) {
    const int p = ActiveProduct();
    const aclDataType d = BaseDtype(op(), p);
    Args args(op(), Reductions(op()).front());
    for (int k = 0; k < op().num_tensors; ++k) {
        if (op().tensors[k].role != Role::kInput) continue;
        SCOPED_TRACE(op().tensors[k].name);
        Call c = MakeCall(op(), Same(op(), {2, 0, 3}), AllOf(op(), d), 7, Reductions(op()).front());
        DeviceBuffer wide(4 * aclDataTypeSize(d));  // room for the 3 elements the view reaches
        aclDestroyTensor(c.t[k]);
        c.t[k] = MakeTensor({1, 1, 3}, d, wide.get(), {3, 3, 1}, 0, {2});
        const std::string msg = ExpectRefused(op(), c, c.t, args, kInvalid);
        if (op().broadcasts && op().shape == ShapeKind::kElementwise) {
            EXPECT_NE(msg.find("storage"), std::string::npos) << msg;
        }
    }
}

// 0-d inputs (and output), in every product and listed dtype: the bits of the same values as 1-element tensors.
TEST_P(OpTable, ZeroDimInputsMatchOneElement) {
    ForEachProduct([&](int p) {
        for (aclDataType d : Listed(op(), p)) {
            for (int64_t r : Reductions(op())) {
                if (op().custom && r > 0) continue;
                SCOPED_TRACE(std::to_string(d) + " reduction " + std::to_string(r));
                Args args(op(), r);
                Call a = MakeCall(op(), Same(op(), {}), AllOf(op(), d), 7, r);
                Call b = MakeCall(op(), Same(op(), {1}), AllOf(op(), d), 7, r);
                ASSERT_EQ(RunCall(op(), a, args), 0) << LastError();
                ASSERT_EQ(RunCall(op(), b, args), 0) << LastError();
                EXPECT_EQ(Hex(a.Outputs()), Hex(b.Outputs()));
            }
        }
    });
}

// Input k with dim k % 3 of {3, 4, 5} set to 1 (the last input also without its leading dim where another
// input spans it): the bits of the
// same values materialised to {3, 4, 5}, in every product and listed dtype. At none and sum (mean's factor may count
// one input's elements).
TEST_P(OpTableBroadcast, BroadcastInputsMatchMaterialised) {
    ForEachProduct([&](int p) {
        const Shape full = {3, 4, 5};
        std::vector<Shape> small(op().num_inputs, full);
        for (int k = 0; k < op().num_inputs; ++k) small[k][k % 3] = 1;
        if (op().shape == ShapeKind::kChannel) small[SelfInput(op())] = full;  // the others broadcast to self
        for (int k = 0; k + 1 < op().num_inputs; ++k) {  // another input spans the leading dim: the last drops it
            if (small[k][0] == full[0]) {
                small.back().erase(small.back().begin());
                break;
            }
        }
        for (int k = 0; k < op().num_tensors; ++k) {  // an in-place tensor (after the inputs, MakeCall's order) is
            if (op().tensors[k].role == Role::kInout) {  // the output: it keeps the full shape
                small.resize(std::max(small.size(), static_cast<size_t>(k) + 1), full);
                small[static_cast<size_t>(k)] = full;
            }
        }
        for (aclDataType d : Listed(op(), p)) {
            for (int64_t r : Reductions(op())) {
                if (r == 1 || (op().custom && r > 0)) continue;
                SCOPED_TRACE(std::to_string(d) + " reduction " + std::to_string(r));
                Args args(op(), r);
                Call a = MakeCall(op(), small, AllOf(op(), d), 8, r);
                Call b = MakeCall(op(), Same(op(), full), AllOf(op(), d), 8, r);
                const size_t item = aclDataTypeSize(d);
                for (int k = 0; k < op().num_inputs; ++k) {  // b's inputs: a's values at the broadcast index
                    if (IsChannelTensor(op(), k)) continue;  // the same weight in both (same seed and shape)
                    l1ref::View v;
                    v.shape = a.shapes[k];
                    v.strides = ContiguousStrides(v.shape);
                    Bytes& dst = b.inputs[k];
                    int64_t e = 0;
                    l1ref::ForEachIndex(full, [&](const std::vector<int64_t>& idx) {
                        const int64_t src = l1ref::BroadcastElementIndex(v, idx);
                        std::memcpy(dst.data() + e++ * item, a.inputs[k].data() + src * item, item);
                    });
                }
                b.Reset();
                ASSERT_EQ(RunCall(op(), a, args), 0) << LastError();
                ASSERT_EQ(RunCall(op(), b, args), 0) << LastError();
                const Bytes x = a.Outputs(), y = b.Outputs();
                ASSERT_EQ(x.size(), y.size());
                for (size_t e = 0; e < x.size(); e += item) {
                    ASSERT_EQ(0, std::memcmp(&x[e], &y[e], item)) << "element " << e / item << ": " << ValueOf(&x[e], d)
                                                                  << " vs materialised " << ValueOf(&y[e], d);
                }
            }
        }
    });
}

// ---------------------------------------------------------------- executors
// A repeatable executor, in every product: run twice (inputs and canaries restored between runs), each = a fresh call;
// then every tensor re-addressed (aclSetInputTensorAddr / aclSetOutputTensorAddr) to the buffers of another call with
// other values: = that call's fresh result; the executor destroyed.
TEST_P(OpTable, RepeatableExecutorMatchesFreshCalls) {
    ForEachProduct([&](int p) {
        const aclDataType d = BaseDtype(op(), p);
        for (int64_t r : Reductions(op())) {
            SCOPED_TRACE(r);
            Args args(op(), r);
            Call fresh_a = MakeCall(op(), Same(op(), kShape), AllOf(op(), d), 9, r);
            Call fresh_b = MakeCall(op(), Same(op(), kShape), AllOf(op(), d), 10, r);
            ASSERT_EQ(RunCall(op(), fresh_a, args), 0) << LastError();
            ASSERT_EQ(RunCall(op(), fresh_b, args), 0) << LastError();
            const Bytes want_a = fresh_a.Outputs(), want_b = fresh_b.Outputs();
            if (op().reads_values) {
                ASSERT_NE(want_a, want_b) << "the two calls' values give one result";
            }

            Call a = MakeCall(op(), Same(op(), kShape), AllOf(op(), d), 9, r);
            Call b = MakeCall(op(), Same(op(), kShape), AllOf(op(), d), 10, r);
            uint64_t ws = 0;
            aclOpExecutor* ex = nullptr;
            ASSERT_EQ(op().first(a.t.data(), args.get(), &ws, &ex), 0) << LastError();
            ASSERT_EQ(aclSetAclOpExecutorRepeatable(ex), 0) << LastError();
            DeviceBuffer w;
            if (ws > 0) w = DeviceBuffer(ws);
            for (int run = 0; run < 2; ++run) {
                a.Reset();
                ASSERT_EQ(op().second(ws > 0 ? w.get() : nullptr, ws, ex, nullptr), 0) << LastError();
                ASSERT_EQ(aclrtSynchronizeStream(nullptr), 0);
                EXPECT_EQ(a.Outputs(), want_a) << "run " << run;
            }
            for (int i = 0; i < op().num_tensors; ++i) {
                const TensorInfo& ti = op().tensors[i];
                if (ti.in_index >= 0) {
                    ASSERT_EQ(aclSetInputTensorAddr(ex, ti.in_index, a.t[i], b.buf[i].get()), 0) << LastError();
                }
                if (ti.out_index >= 0) {
                    ASSERT_EQ(aclSetOutputTensorAddr(ex, ti.out_index, a.t[i], b.buf[i].get()), 0) << LastError();
                }
            }
            ASSERT_EQ(op().second(ws > 0 ? w.get() : nullptr, ws, ex, nullptr), 0) << LastError();
            ASSERT_EQ(aclrtSynchronizeStream(nullptr), 0);
            EXPECT_EQ(b.Outputs(), want_b);
            EXPECT_EQ(aclDestroyAclOpExecutor(ex), 0) << LastError();
        }
    });
}

// An Inplace variant: its in-place result = the base's out-of-place result for the same values, in every
// product and listed dtype (a loss base: at reduction none, where the output has the input's shape).
TEST_P(OpTableInplace, InplaceMatchesOutOfPlace) {
    const OpInfo& base = kOpInfos[op().inplace_of];
    ForEachProduct([&](int p) {
        for (aclDataType d : Listed(op(), p)) {
            for (int64_t r : Reductions(op())) {
                if (base.shape == ShapeKind::kLoss && Reduction(base, r) != 0) continue;
                SCOPED_TRACE(std::to_string(d) + " reduction " + std::to_string(r));
                Args args(op(), r), base_args(base, r);
                Call b = MakeCall(base, Same(base, kShape), AllOf(base, d), 11, Reduction(base, r));
                Call c = MakeCall(op(), Same(op(), kShape), AllOf(op(), d), 12, r);
                for (int j = base.num_tensors - 1; j >= 0; --j) {  // own tensor bind[j] holds base tensor j's values
                    if (IsInput(base.tensors[j])) c.inputs[op().bind[j]] = b.inputs[j];
                }
                c.Reset();
                ASSERT_EQ(RunCall(base, b, base_args), 0) << LastError();
                ASSERT_EQ(RunCall(op(), c, args), 0) << LastError();
                for (int j = 0; j < base.num_tensors; ++j) {
                    if (base.tensors[j].role == Role::kOutput) {
                        EXPECT_EQ(Hex(c.Read(op().bind[j]), 4096), Hex(b.Read(j), 4096));
                    }
                }
            }
        }
    });
}

// Host memory running out at the first phase's first allocation, at every reduction: 561000 with a message
// naming the first phase and "out of host memory", *executor untouched, no allocation left behind: the
// calling thread's live count of operator new is back where it was (or below) after the third and fourth
// attempts (the first two may each keep one: the recent error messages are held in buffers that grow at
// first use; a leak would show at every attempt). Then the same call succeeds and runs.
TEST_P(OpTable, HostOutOfMemoryIsAStatus) {
    const int p = ActiveProduct();
    for (int64_t r : Reductions(op())) {
        SCOPED_TRACE(r);
        Call c = MakeCall(op(), Same(op(), kShape), AllOf(op(), BaseDtype(op(), p)), 13, r);
        Args args(op(), r);
        for (int attempt = 0; attempt < 4; ++attempt) {
            uint64_t ws = kWsSentinel;
            aclOpExecutor* ex = kSentinel;
            const int refused = g_refused.load();
            const long live = t_live;
            t_fail_new = true;
            const int st = op().first(c.t.data(), args.get(), &ws, &ex);
            t_fail_new = false;
            const long leaked = t_live - live;
            ASSERT_GT(g_refused.load(), refused) << "no allocation was refused";
            EXPECT_EQ(st, kInner);
            EXPECT_EQ(ex, kSentinel);
            if (attempt >= 2) {
                EXPECT_LE(leaked, 0) << "allocations left behind at attempt " << attempt;
            }
            const std::string msg = LastError();
            EXPECT_NE(msg.find(op().api1), std::string::npos) << msg;
            EXPECT_NE(msg.find("out of host memory"), std::string::npos) << msg;
        }
        EXPECT_TRUE(c.OutputsIntact());
        ASSERT_EQ(RunCall(op(), c, args), 0) << LastError();
    }
}

// ---------------------------------------------------------------- the reference model
// A seeded random sweep against the entry's reference model (kernel.reference_fn), in every product: shapes
// of rank 0-4 with dims 0-4 (every 8th case 2000-6000 elements), each input the broadcast shape with some dims
// 1 or the leading dim dropped where the entry broadcasts, a third of the inputs strided views with offsets;
// dtypes: one of the entry's accepted dtypes for most tensors, another accepted one or (1 in 8) any dtype for
// some; a random reduction (1 in 16 out of range). The first phase's status = the model's; on success every
// output element = the model's (any NaN equals any NaN: l1ref::SameResult). Calls the model does not cover
// are skipped (counted). 200 cases a product (sampled runs: support/sample_size.h kSampledRandomCases).
TEST_P(OpTableReference, RandomSweepMatchesTheReferenceModel) {
    const int cases = static_cast<int>(SweepSize(200, kSampledRandomCases));
    uint64_t api_seed = 1469598103934665603ull;  // FNV-1a of the API name: each entry its own sequence
    for (const char* c = op().api; *c; ++c) api_seed = (api_seed ^ static_cast<uint8_t>(*c)) * 1099511628211ull;
    ForEachProduct([&](int p) {
        const std::vector<aclDataType> listed = Listed(op(), p);
        int compared = 0, not_modelled = 0, failures = 0;
        for (int k = 0; k < cases && failures < 3; ++k) {
            std::mt19937_64 rng(api_seed + static_cast<uint64_t>(p) * 1000003u + static_cast<uint64_t>(k));
            Shape b;
            if (k % 8 == 7) {
                const int64_t n = 2000 + static_cast<int64_t>(rng() % 4000);
                b = rng() % 2 ? Shape{n} : Shape{3, n / 3};
            } else {
                const int rank = static_cast<int>(rng() % 5);
                for (int d = 0; d < rank; ++d) b.push_back(rng() % 16 == 0 ? 0 : 1 + static_cast<int64_t>(rng() % 4));
            }
            std::vector<Shape> in(std::max(op().num_inputs, 1), b);
            if (op().broadcasts) {
                for (Shape& s : in) {
                    for (int64_t& d : s) {
                        if (rng() % 4 == 0) d = 1;
                    }
                    if (!s.empty() && rng() % 4 == 0) s.erase(s.begin());
                }
            }
            int64_t r = -1;
            if (op().reduction >= 0) r = rng() % 16 == 0 ? 3 : static_cast<int64_t>(rng() % 3);
            const aclDataType common = listed[rng() % listed.size()];
            std::vector<aclDataType> dts(op().num_tensors, common);
            for (aclDataType& d : dts) {
                const uint64_t x = rng() % 8;
                if (x == 0) d = kAllDtypes[rng() % (sizeof kAllDtypes / sizeof kAllDtypes[0])];
                if (x == 1 || x == 2) d = listed[rng() % listed.size()];
            }
            const std::string what =
                std::string(kProducts[p]) + " case " + std::to_string(k) + " reduction " + std::to_string(r);
            Args args(op(), r);
            Call call = MakeCall(op(), in, dts, static_cast<uint32_t>(rng()), r < 3 ? r : 0, &rng);
            std::vector<l1ref::View> views(op().num_tensors);
            std::vector<Bytes> want;
            std::vector<uint8_t*> want_ptrs;
            want.reserve(op().num_tensors);
            for (int i = 0; i < op().num_tensors; ++i) {
                l1ref::View& v = views[i];
                v.dtype = static_cast<int>(dts[i]);
                v.shape = call.shapes[i];
                v.strides = call.strides[i];
                v.offset = call.offsets[i];
                v.storage = {call.storage[i]};
                if (IsOutput(op().tensors[i])) {
                    want.emplace_back(call.Size(i), kCanary);
                    if (IsInput(op().tensors[i]) && !call.inputs[i].empty()) {
                        std::memcpy(want.back().data(), call.inputs[i].data(), call.inputs[i].size());
                    }
                    want_ptrs.push_back(want.back().data());
                    v.data = IsInput(op().tensors[i]) ? call.inputs[i].data() : want.back().data();
                } else {
                    v.data = call.inputs[i].data();
                }
            }
            const int expect = op().reference_fn(l1ref::kAllProfiles[p], views.data(), args.get(), want_ptrs.data());
            if (expect == opref::kNotModelled) {
                ++not_modelled;
                continue;
            }
            const int got = RunCall(op(), call, args);
            if (got != expect) {
                ADD_FAILURE() << what << ": status " << got << ", the model " << expect << " (" << LastError() << ")";
                ++failures;
                continue;
            }
            if (got != 0) {
                ++compared;
                continue;
            }
            for (int i = 0, j = 0; i < op().num_tensors; ++i) {
                if (!IsOutput(op().tensors[i])) continue;
                const Bytes have = call.Read(i);
                const Bytes& exp = want[j++];
                const size_t item = aclDataTypeSize(dts[i]);
                for (size_t e = 0; e < have.size(); e += item) {
                    if (!l1ref::SameResult(dts[i], &have[e], &exp[e])) {
                        ADD_FAILURE() << what << ": " << op().tensors[i].name << " element " << e / item << " dtype "
                                      << dts[i] << ": " << ValueOf(&have[e], dts[i]) << ", the model "
                                      << ValueOf(&exp[e], dts[i]) << " (dtypes" << DtypesText(dts) << ")";
                        ++failures;
                        break;
                    }
                }
            }
            ++compared;
        }
        EXPECT_GT(compared, cases / 2) << kProducts[p] << ": " << not_modelled << " of " << cases
                                       << " cases outside the model";
    });
}

// ---------------------------------------------------------------- thread counts
// The child half (ThreadCount below): runs the entry named by OPTABLE_API for every listed dtype and reduction
// on ~10^5 elements (several of the pool's chunks), broadcast inputs where the entry broadcasts, and writes
// every output byte to OPTABLE_DUMP. Suites named *ChildProcess are left out of CTest.
constexpr const char* kDumpVar = "ACLCPU_OPTABLE_DUMP";
constexpr const char* kApiVar = "ACLCPU_OPTABLE_API";

TEST(OpTableChildProcess, Dump) {
    const char* path = std::getenv(kDumpVar);
    const char* api = std::getenv(kApiVar);
    if (path == nullptr || api == nullptr) GTEST_SKIP() << "runs only as a child of OpTable.ThreadCount";
    const OpInfo* found = nullptr;
    for (const OpInfo& o : kOpInfos) {
        if (std::strcmp(o.api, api) == 0) found = &o;
    }
    ASSERT_NE(found, nullptr) << api;
    const OpInfo& op = *found;
    std::ofstream f(path, std::ios::binary);
    const int p = ActiveProduct();
    const Shape big = {3, 32768 + 77};
    std::vector<std::vector<Shape>> shapes = {Same(op, big)};
    if (op.broadcasts && op.num_inputs >= 2) {
        std::vector<Shape> s = Same(op, big);
        s[0] = {1, big[1]};
        s.back() = {3, 1};
        for (int k = 0; k < op.num_tensors; ++k) {  // an in-place tensor is the output: it keeps the full shape
            if (op.tensors[k].role == Role::kInout) {
                s.resize(std::max(s.size(), static_cast<size_t>(k) + 1), big);
                s[static_cast<size_t>(k)] = big;
            }
        }
        shapes.push_back(s);
    }
    for (const std::vector<Shape>& s : shapes) {
        for (aclDataType d : Listed(op, p)) {
            for (int64_t r : Reductions(op)) {
                if (op.custom && r > 0) continue;
                Args args(op, r);
                Call c = MakeCall(op, s, AllOf(op, d), 14, r);
                ASSERT_EQ(RunCall(op, c, args), 0) << LastError();
                const Bytes b = c.Outputs();
                f.write(reinterpret_cast<const char*>(b.data()), static_cast<std::streamsize>(b.size()));
            }
        }
    }
    ASSERT_TRUE(f.good());
}

// The same bits with 1 and several pool threads (ACLCPU_NUM_THREADS, read once per process: child
// processes), in the first two products: 1, 2, 5 threads. Sampled runs (the sanitizer trees,
// support/sample_size.h): 1 and 3 threads in one of the two products, alternating from entry to entry (the parity
// of the API name's hash), so that both products' code paths run under the sanitizers across the table - each
// child process of the ASan tree costs about half a second, and this test was 215 of the stage's 576 test-seconds.
TEST_P(OpTable, ThreadCountDoesNotChangeResults) {
    // Sampled (sanitizer builds): a third of the entries, chosen by name, each in one product at 1 and 3 threads -
    // how the device pool splits rows is the engine's, the same for every entry of a shape, and each child is a
    // process start under ASan (about 0.25 s); the Release run checks every entry in both products at 1, 2, 5.
    if (SampledSweeps() && std::hash<std::string>{}(std::string(op().api) + "#threads") % 3 != 0) {
        GTEST_SKIP() << "sampled: Release runs every entry";
    }
    const std::string dir = ::testing::TempDir();
    const int first = SampledSweeps() ? static_cast<int>(std::hash<std::string>{}(op().api) & 1u) : 0;
    const int last = SampledSweeps() ? first + 1 : 2;
    for (int p = first; p < last; ++p) {
        std::vector<char> reference;
        const std::vector<int> counts = SampledSweeps() ? std::vector<int>{1, 3} : std::vector<int>{1, 2, 5};
        for (int threads : counts) {
            const std::string path = dir + "/aclcpu_optable_" + std::to_string(getpid()) + "_" + op().api + "_" +
                                     kProducts[p] + "_" + std::to_string(threads) + ".bin";
            const int rc = SpawnSelf(
                "OpTableChildProcess.Dump",
                {"ACLCPU_NUM_THREADS=" + std::to_string(threads), std::string("ACLCPU_SOC_VERSION=") + kProducts[p],
                 std::string(kDumpVar) + "=" + path, std::string(kApiVar) + "=" + op().api});
            ASSERT_EQ(rc, 0) << kProducts[p] << " with " << threads << " threads: the child failed";
            std::vector<char> bytes = ReadFileBytes(path);
            std::remove(path.c_str());
            ASSERT_GT(bytes.size(), size_t{0});
            if (threads == 1) {
                reference = std::move(bytes);
                continue;
            }
            EXPECT_TRUE(bytes == reference) << kProducts[p] << ": " << threads << " threads differ from 1";
        }
    }
}

// ---------------------------------------------------------------- SIMD targets against the strided rows
/// A call holding c's values with every input (role input) a strided view of a 1-d storage (every element at
/// 2i + 1; the gaps hold a NaN-like pattern), the outputs and inout tensors as in c. c's tensors must be 1-d
/// or 0-d.
Call StridedLike(const Call& c) {
    Call s;
    s.op = c.op;
    for (int i = 0; i < c.op->num_tensors; ++i) {
        const Shape& shape = c.shapes[i];
        const size_t item = aclDataTypeSize(c.dtypes[i]);
        const bool strided = c.op->tensors[i].role == Role::kInput && shape.size() == 1;
        const int64_t n = Numel(shape);
        s.shapes.push_back(shape);
        s.dtypes.push_back(c.dtypes[i]);
        s.strides.push_back(strided ? Shape{2} : c.strides[i]);
        s.offsets.push_back(strided ? 1 : c.offsets[i]);
        s.storage.push_back(strided ? 2 * n + 1 : c.storage[i]);
        Bytes in;
        if (IsInput(c.op->tensors[i])) {
            in = c.inputs[i];
            if (strided) {
                in.assign(static_cast<size_t>(2 * n + 1) * item, 0xFF);
                for (int64_t e = 0; e < n; ++e)
                    std::memcpy(&in[static_cast<size_t>(2 * e + 1) * item], &c.inputs[i][static_cast<size_t>(e) * item],
                                item);
            }
        }
        s.inputs.push_back(std::move(in));
        s.buf.emplace_back(s.Size(i));
        s.t.push_back(MakeTensor(shape, s.dtypes[i], s.buf.back().get(), s.strides.back(), s.offsets.back(),
                                 {s.storage.back()}));
    }
    s.Reset();
    return s;
}

/// The first byte offset at which a and b differ (a.size() when equal).
size_t FirstDifference(const Bytes& a, const Bytes& b) {
    size_t i = 0;
    while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
    return a.size() == b.size() && i == a.size() ? a.size() : i;
}

// Every listed dtype (all tensors of it) and reduction, 1037 elements (several vectors of every width and a
// tail) holding the IEEE specials among small values; the strided call on the last target (Highway's
// portable fallback) is the reference.
TEST_P(OpTable, SimdTargetsMatchTheStridedRows) {
    namespace simd = aclcpu::kern::simd;
    const std::vector<int64_t>& targets = SimdTargets();
    ASSERT_FALSE(targets.empty());
    SimdTargetGuard restore;
    const Shape n = {1037};
    int compared = 0;
    ForEachProduct([&](int p) {
        for (aclDataType d : Listed(op(), p)) {
            for (int64_t r : Reductions(op())) {
                if (op().custom && r > 0) continue;
                Args args(op(), r);
                const uint32_t seed = 101u + static_cast<uint32_t>(d) * 7u + static_cast<uint32_t>(r + 1);
                simd::ForceTarget(targets.back());
                Call base = MakeCall(op(), Same(op(), n), AllOf(op(), d), seed, r);
                Call strided = StridedLike(base);
                ASSERT_EQ(RunCall(op(), strided, args), 0) << "dtype " << d << ": " << LastError();
                const Bytes want = strided.Outputs();
                for (int64_t t : targets) {
                    simd::ForceTarget(t);
                    base.Reset();
                    ASSERT_EQ(RunCall(op(), base, args), 0) << simd::TargetName(t) << ": " << LastError();
                    const Bytes got = base.Outputs();
                    const size_t at = FirstDifference(got, want);
                    EXPECT_EQ(at, got.size()) << simd::TargetName(t) << ", dtype " << d << ", reduction " << r
                                              << ": the contiguous result differs from the strided one at byte "
                                              << at << " (" << Hex(Bytes(got.begin() + std::min(at, got.size()),
                                                                         got.end()), 8)
                                              << " vs " << Hex(Bytes(want.begin() + std::min(at, want.size()),
                                                                      want.end()), 8) << ")";
                    ++compared;
                }
            }
        }
    });
    EXPECT_GT(compared, 0);
}

// ---------------------------------------------------------------- more than 2^31 elements
// An output of kHugeRows x kHugeCols = 2^31 + 229,379 elements in FLOAT16, or the entry's narrowest accepted
// dtype where it takes no FLOAT16 (on the runtime's default product): inputs of the same shape whose rows repeat with period kHugePeriod, or, where
// the entry broadcasts, [rows, 1] and [1, cols] (a few hundred KiB); the outputs row for row = a small call's
// on kHugePeriod rows of the same values. A loss runs with reduction none (its reductions past 2^31 are the
// huge_*_loss tests'). One entry per row selector: the engine's indices, chunks and the rows' pointer
// arithmetic are what a 32-bit wrap would break, and they are shared by the entries of one selector.
constexpr int64_t kHugeRows = 65537, kHugeCols = 32771, kHugePeriod = 7;

TEST_P(OpTableHuge, MoreThan2To31ElementsMatchASmallCall) {
    // FLOAT16 where listed (the SIMD rows, at 2 bytes an element), else the narrowest listed dtype.
    const int p = ActiveProduct();
    aclDataType d = BaseDtype(op(), p);
    for (aclDataType x : Listed(op(), p)) {
        if (aclDataTypeSize(x) < aclDataTypeSize(d) && d != ACL_FLOAT16) d = x;
    }
    const int64_t r = op().reduction >= 0 ? 0 : -1;
    Args args(op(), r);
    const bool bcast = op().broadcasts && op().num_inputs >= 2;
    auto shapes = [&](int64_t rows) {
        std::vector<Shape> in = Same(op(), {rows, kHugeCols});
        if (bcast) {
            for (size_t k = 0; k < in.size(); ++k) in[k] = k % 2 == 0 ? Shape{rows, 1} : Shape{1, kHugeCols};
        }
        return in;
    };
    Call small = MakeCall(op(), shapes(kHugePeriod), AllOf(op(), d), 23, r);
    ASSERT_EQ(RunCall(op(), small, args), 0) << LastError();
    const size_t item = aclDataTypeSize(d);
    // The huge call: its input rows repeat the small call's inputs (rows i and i % kHugePeriod equal); the
    // outputs start as a canary (their blocks held an earlier case's results).
    Call c;
    c.op = &op();
    const std::vector<Shape> in = shapes(kHugeRows);
    for (int i = 0, k = 0; i < op().num_tensors; ++i) {
        const bool input = op().tensors[i].role != Role::kOutput;
        const Shape s = input ? in[static_cast<size_t>(std::min(k++, static_cast<int>(in.size()) - 1))]
                              : Shape{kHugeRows, kHugeCols};
        c.shapes.push_back(s);
        c.dtypes.push_back(d);
        c.strides.push_back(ContiguousStrides(s));
        c.offsets.push_back(0);
        c.storage.push_back(Numel(s));
        c.inputs.emplace_back();
    }
    std::vector<char*> mem;  // tensor i's memory: 2 MiB-aligned parts of one block (OpTableHuge::Arena)
    std::vector<size_t> at;
    size_t bytes = 0;
    for (int i = 0; i < op().num_tensors; ++i) {
        at.push_back(bytes);
        bytes += (c.Size(i) + (size_t{2} << 20) - 1) / (size_t{2} << 20) * (size_t{2} << 20);
    }
    char* base = nullptr;
    size_t* written = nullptr;
    ASSERT_NO_THROW(base = Arena(bytes, &written)) << "aclrtMalloc of " << bytes << " bytes";
    for (int i = 0; i < op().num_tensors; ++i) {
        const size_t total = c.Size(i);
        char* dst = base + at[static_cast<size_t>(i)];
        mem.push_back(dst);
        if (op().tensors[i].role != Role::kOutput) {
            const Bytes& block = small.inputs[i];  // the small input's storage: kHugePeriod rows, or one row
            for (size_t off = 0; off < total; off += block.size()) {
                const size_t len = std::min(block.size(), total - off);
                ASSERT_EQ(aclrtMemcpy(dst + off, len, block.data(), len, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
            }
        } else if (at[static_cast<size_t>(i)] < *written) {  // an earlier case's bytes: a canary over them
            const size_t n = std::min(total, *written - at[static_cast<size_t>(i)]);
            ASSERT_EQ(aclrtMemset(dst, n, kCanary, n), ACL_SUCCESS);
        }
        c.t.push_back(MakeTensor(c.shapes[i], d, dst, c.strides[i], 0, {c.storage[i]}));
    }
    *written = std::max(*written, bytes);
    ASSERT_GT(Numel(c.shapes.back()), int64_t{1} << 31);
    ASSERT_EQ(RunCall(op(), c, args), 0) << LastError();
    for (int i = 0; i < op().num_tensors; ++i) {
        if (!IsOutput(op().tensors[i])) continue;
        const Bytes want = small.Read(i);  // kHugePeriod rows
        const size_t row = static_cast<size_t>(kHugeCols) * item;
        Bytes got(want.size());
        const char* src = mem[static_cast<size_t>(i)];
        int bad = 0;
        for (int64_t r0 = 0; r0 < kHugeRows && bad < 3; r0 += kHugePeriod) {
            const int64_t rows = std::min(kHugePeriod, kHugeRows - r0);
            const size_t len = static_cast<size_t>(rows) * row;
            ASSERT_EQ(aclrtMemcpy(got.data(), len, src + static_cast<size_t>(r0) * row, len, ACL_MEMCPY_DEVICE_TO_HOST),
                      ACL_SUCCESS);
            if (std::memcmp(got.data(), want.data(), len) != 0) {
                ADD_FAILURE() << op().tensors[i].name << " (dtype " << d << "): rows " << r0 << "-" << r0 + rows - 1
                              << " differ from the small call's";
                ++bad;
            }
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Ops, OpTable, ::testing::ValuesIn(Entries([](const OpInfo&) { return true; })), TestName);
INSTANTIATE_TEST_SUITE_P(Ops, OpTableBroadcast, ::testing::ValuesIn(Entries([](const OpInfo& o) {
                             return o.broadcasts && o.num_inputs >= 2;
                         })),
                         TestName);
INSTANTIATE_TEST_SUITE_P(Ops, OpTableInplace,
                         ::testing::ValuesIn(Entries([](const OpInfo& o) { return o.inplace_of >= 0; })), TestName);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(OpTableBroadcast);
INSTANTIATE_TEST_SUITE_P(Ops, OpTableReference,
                         ::testing::ValuesIn(Entries([](const OpInfo& o) { return o.reference_fn != nullptr; })),
                         TestName);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(OpTableInplace);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(OpTableReference);
// (a reduction over a dims list - aclnnReduceSum - writes its reduced shape, not the huge call's: its engine path is
// the forward losses', whose huge cases run at reduction none)
INSTANTIATE_TEST_SUITE_P(Ops, OpTableHuge, ::testing::ValuesIn(Entries([](const OpInfo& o) {
                             if (o.inplace_of >= 0 || o.rows[0] == '\0' || o.shape == ShapeKind::kReduce) return false;
                             for (const OpInfo& e : kOpInfos) {  // the first entry of its row selector
                                 if (&e == &o) return true;
                                 if (e.inplace_of < 0 && std::strcmp(e.rows, o.rows) == 0) return false;
                             }
                             return false;
                         })),
                         TestName);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(OpTableHuge);

// The generated table holds every entry (kNumOpInfos) and its products are the reference model's.
TEST(OpTableDescription, ProductsAndEntries) {
    EXPECT_EQ(static_cast<int>(sizeof kOpInfos / sizeof kOpInfos[0]), kNumOpInfos);
    for (int p = 0; p < kNumProducts; ++p) EXPECT_STREQ(kProducts[p], l1ref::ProfileKey(l1ref::kAllProfiles[p]));
}

}  // namespace
