// libFuzzer target: drives the public API of aclnnL1LossBackward, aclnnMseLossBackward and
// aclnnSmoothL1LossBackward, and of the forward losses aclnnL1Loss, aclnnMseLoss and aclnnSmoothL1Loss (and the
// runtime calls around them) with descriptors decoded from the input bytes, and checks every outcome against
// independent models; and every other entry of the operator table (ops/operators.yaml, through the generated
// descriptions kOpInfos of tests/op_infos.inc) against the entry's reference model (tests/support/op_reference.h).
//
// What an input decodes to (FuzzedDataProvider, so every byte string is a valid input):
//   - the operator, from the spare high nibble of the input's last byte (FuzzedDataProvider reads integers
//     from the end; the first read, the profile switch, uses only the low nibble): 7, 13, 14 -> SmoothL1,
//     9..12 -> MSE, anything else (an empty input, and 1,028 of the 1,063 inputs of the corpus as it was
//     before the selector existed) -> L1, so the older corpus keeps what it covered. The forward losses take
//     last bytes that no input of the corpus committed before them ends with (low nibble 4..7 - the profile
//     switch only tests the low nibble for 15 - and high nibble 0, 1, 5, 6, 8, 10, 12, 14 or 15: 36 of the 256
//     values), (high + low) % 3 picking L1Loss / MseLoss / SmoothL1Loss. The operator-table path takes last
//     bytes that no input of the corpus committed before it ends with either (low nibble 0, 1, 2 or 15 - the
//     last one switching the profile - and high nibble 1, 5, 6, 7, 8, 12 or 14: 28 values). A forward call
//     passes self, target and out = the 2nd, 3rd and 4th descriptor (the first is decoded and created, but
//     not passed); out's shape is the broadcast shape, [], [1] or [1, 1]. SmoothL1 (both directions) also decodes
//     beta (right before the first phase): 1, 0, -0, subnormals, 1e-6 and just below, negative, NaN, inf,
//     FLT_MAX or 32 raw bits;
//   - a product profile (switching profile = aclFinalize + aclInit with a JSON config: exercises both);
//   - two aclrtMalloc blocks: an input arena A filled with input bytes, an output block O filled with a
//     canary; plus an unregistered host buffer H;
//   - four tensor descriptors (gradOutput, self, target, gradInput): dims (small, zero, or huge up to
//     INT64_MAX so element counts overflow), explicit or null strides, offsets, every aclDataType value
//     and invalid ones, formats (valid and not), storage shapes (fitting or not), data addresses (null,
//     inside A or O, aligned or misaligned, past the end, shared with another tensor = aliasing, or in H),
//     null or destroyed descriptors;
//   - reduction (valid and not), null workspaceSize/executor out-parameters;
//   - a second-phase scenario: plain run, run twice, repeatable with re-addressing and several runs,
//     null/short/unregistered/misaligned workspace, destroyed or bogus stream, bogus executor, destroying
//     the tensors or the executor before the run, aclrtFree of the workspace while the run is pending;
//   - a few aclrtMemcpy/aclrtMemset calls with arbitrary arguments, and one through a just-freed block;
//   - on the operator-table path, after the blocks and the copies: the entry (one of the kOpInfos entries
//     whose second phase is none of the six above: the activations and every later entry, so a new table
//     entry is fuzzed without fuzz code), then its tensors in executor order with the decoders
//     above (the same shape family: outputs the family's shape - a loss's also [] or one element -, inputs
//     broadcast from it where the entry broadcasts, else the family's shape 7 times in 8; the base dtype 3
//     times in 4 one the entry accepts in the profile), its non-tensor arguments (reduction as above;
//     aclScalar: the table's default, a fuzzed dtype - every real and complex one, and two without a scalar
//     form - holding a special value or raw bits, or null; the others at the table's default or sample),
//     null workspaceSize/executor, a second-phase scenario (plain, null or short workspace, null executor,
//     the default stream) and a launch through the consumed executor;
//   - calls through released handles of every kind (tensors, executors, streams, events, memory blocks,
//     scalars, int arrays, tensor lists, contexts, tensor descriptors, data buffers),
//     released by this input or earlier ones (some old enough for their address to hold a new object), next
//     to fresh objects of every kind that those calls must not reach (issue 10). In this process the fuzzer
//     holds every live object, so a released pointer is live exactly when it equals one of those: the
//     oracle is exact whatever the handle's age.
// Invariants (any violation aborts with a description):
//   - no crash and no sanitizer report (the target is built with ASan + UBSan);
//   - aclCreateTensor and both phases return exactly the status the model predicts (SPEC 3, 4, 6; for MSE and
//     SmoothL1 the check orders of docs/ops/mse_loss_backward.md and smooth_l1_loss_backward.md §4; for the
//     forward losses docs/ops/l1_loss.md, mse_loss.md, smooth_l1_loss.md §4, whose first failing check is
//     also named by the message);
//     a rejected call returns 161001/161002/361001/561103 with a non-empty aclGetRecentErrMsg, writes
//     no out-parameter and leaves every byte of A and O untouched;
//   - an accepted run changes exactly the gradInput elements, each equal to the reference
//     (tests/support/l1_reference.h for L1, tests/support/loss_grad_reference.h for MSE and SmoothL1; NaN
//     payloads may differ: README "Differences from CANN"), computed from a snapshot of the inputs
//     (out-of-place semantics even when gradInput aliases an input); forward losses: exactly the out
//     elements change (one for mean/sum), each equal to tests/support/forward_loss_reference.h (L1,
//     SmoothL1) or mse_loss_reference.h (MSE; the reduce template of forward_loss_reference.h for MseLoss);
//   - operator-table entries: a first phase with a null or released tensor, a null workspaceSize/executor, a
//     view outside its storage or an output mapping two indices to one element is refused (SPEC 3, 4.6);
//     where none of these holds, every aclScalar argument's value is one a double holds (Arg.f: the real
//     dtypes, 64-bit integers up to 2^53; not complex, not null), the outputs share no byte, the tensors
//     have at most 2^16 elements (1 MiB a view) and the reference does not decline (kNotModelled), the
//     status is the reference's; the second phase's status follows SPEC 6 as above; an accepted launch whose
//     views all lie in A or O and whose outputs share no byte with another tensor changes exactly the output
//     elements, each equal to the reference's bits (NaN payloads as above). Entries without a reference get
//     the refusal, message, out-parameter and untouched-memory checks only.
#include <fuzzer/FuzzedDataProvider.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "op/operator_headers.inc"  // every operator header (generated from ops/operators.yaml)
#include "support/forward_loss_reference.h"
#include "support/l1_reference.h"
#include "support/loss_grad_reference.h"
#include "support/mse_loss_reference.h"
#include "support/op_reference.h"
#include "tests/op_infos.inc"  // kOpInfos: every operator-table entry (generated from ops/operators.yaml)

// The library's own caches, emptied after each input (exported by libnnopbase; src/executor/op_cache.h,
// src/tensor/tensor.h): within an input, repeated calls are served by the aclnn cache as in any program; across
// inputs nothing is retained, so that libFuzzer's leak detection - a full LeakSanitizer scan after every input whose
// allocations outlive it - stays off the hot path.
namespace aclcpu {
void ClearOpCache();
void ForgetLayouts();
}  // namespace aclcpu

using namespace l1ref;

// fuzz/c_abi.c: the calls that pass arbitrary ints as enum arguments, made from C like a C program would.
extern "C" {
aclTensor* FuzzCreateTensor(const int64_t* viewDims, uint64_t viewDimsNum, int dataType, const int64_t* stride,
                            int64_t offset, int format, const int64_t* storageDims, uint64_t storageDimsNum,
                            void* data);
int FuzzGetFormat(const aclTensor* t, int* format);
int FuzzGetDataType(const aclTensor* t, int* dtype);
size_t FuzzDataTypeSize(int dtype);
aclError FuzzMemcpy(void* dst, size_t destMax, const void* src, size_t count, int kind);
aclScalar* FuzzCreateScalar(void* value, int dataType);
}

namespace {

std::string g_case;  // the decoded case, printed when an invariant fails

[[noreturn]] void Die(const char* what, const std::string& detail) {
    std::fprintf(stderr, "\n*** aclnn_fuzz invariant violated: %s\n    %s\n%s", what, detail.c_str(), g_case.c_str());
    std::fflush(stderr);
    std::abort();
}

#define CHECK(cond, ...)                                           \
    do {                                                           \
        if (!(cond)) {                                             \
            char buf_[512];                                        \
            std::snprintf(buf_, sizeof buf_, __VA_ARGS__);         \
            Die(#cond, buf_);                                      \
        }                                                          \
    } while (0)

aclrtStream g_stream = nullptr;

// The operator an input drives (see the header).
// kOpTable: an operator-table entry the hand-written models above do not cover (see the header).
enum FuzzOp { kOpL1, kOpMse, kOpSmoothL1, kOpL1Fwd, kOpMseFwd, kOpSmoothL1Fwd, kOpTable, kNumOps };
const char* const kOpNames[kNumOps] = {"L1", "MSE", "SmoothL1", "L1Loss", "MseLoss", "SmoothL1Loss", "table"};
FuzzOp g_op = kOpL1;

bool IsForward(FuzzOp op) { return op >= kOpL1Fwd && op <= kOpSmoothL1Fwd; }

FuzzOp OpFromSpareBits(unsigned char last_byte) {
    const int hi = last_byte >> 4, lo = last_byte & 15;
    // Table entries: last bytes absent from the corpus committed before them (see the header).
    if ((lo <= 2 || lo == 15) && (hi == 1 || (hi >= 5 && hi <= 8) || hi == 12 || hi == 14)) return kOpTable;
    // Forward losses: last bytes absent from the corpus committed before them (see the header).
    if (lo >= 4 && lo <= 7 && (hi <= 1 || hi == 5 || hi == 6 || hi == 8 || hi == 10 || hi == 12 || hi >= 14)) {
        static const FuzzOp fwd[3] = {kOpL1Fwd, kOpMseFwd, kOpSmoothL1Fwd};
        return fwd[(hi + lo) % 3];
    }
    if (hi == 7 || hi == 13 || hi == 14) return kOpSmoothL1;
    if (hi >= 9 && hi <= 12) return kOpMse;
    return kOpL1;
}

// Outcome counters, printed at exit (they show the corpus reaches every stage).
struct Stats {
    long inputs = 0, created = 0, create_rejected = 0, first_ok = 0, first_rejected = 0, runs_ok = 0,
         runs_rejected = 0, elements_checked = 0, aliased_runs = 0, workspace_runs = 0, memcpy_calls = 0,
         stale_copies = 0;
    long op_inputs[kNumOps] = {}, op_first_ok[kNumOps] = {}, op_runs_ok[kNumOps] = {}, op_elements[kNumOps] = {};
} g_stats;
int g_profile = 0;
std::string g_config[kNumProfiles];

// Handles released by this input and earlier ones, per kind (the newest 256 of each): the stale-handle pool.
enum GraveKind {
    kGTensor,
    kGExecutor,
    kGStream,
    kGEvent,
    kGBlock,
    kGScalar,
    kGIntArray,
    kGTensorList,
    kGContext,
    kGDesc,
    kGBuffer,
    kGKinds
};
struct Graveyard {
    std::vector<void*> v[kGKinds];
    size_t next[kGKinds] = {};
    long stale_calls = 0, reused = 0;
    void Add(int k, const void* p) {
        if (v[k].size() < 256) {
            v[k].push_back(const_cast<void*>(p));
        } else {
            v[k][next[k]++ % 256] = const_cast<void*>(p);
        }
    }
    void* Pick(int k, size_t r) const { return v[k].empty() ? nullptr : v[k][r % v[k].size()]; }
} g_grave;
alignas(64) unsigned char g_host[4096];  // plain host memory, never registered

void InitRuntime(int profile) {
    const char* cfg = g_config[profile].c_str();
    CHECK(aclInit(cfg) == ACL_SUCCESS, "aclInit(%s) failed: %s", cfg, aclGetRecentErrMsg());
    CHECK(aclrtSetDevice(0) == ACL_SUCCESS, "aclrtSetDevice");
    CHECK(aclrtCreateStream(&g_stream) == ACL_SUCCESS, "aclrtCreateStream");
    CHECK(std::strcmp(aclrtGetSocName(), "") != 0, "soc name");
    g_profile = profile;
}

// The element count of dims with the implementation's rule: overflow of the running product -> invalid.
bool CountOk(const std::vector<int64_t>& d, int64_t* out) {
    int64_t c = 1;
    for (int64_t v : d) {
        if (__builtin_mul_overflow(c, v, &c)) return false;
    }
    *out = c;
    return true;
}

bool KnownDtype(int dt) {
    return (dt >= 0 && dt <= 4) || (dt >= 6 && dt <= 13) || dt == 16 || dt == 17 || dt == 27 || dt == 29 ||
           dt == 30 || (dt >= 33 && dt <= 41);
}

// aclDataTypeSize as CANN defines it (also for types the model does not compute with).
size_t AnyItemSize(int dt) {
    if (size_t s = DtSize(dt)) return s;
    switch (dt) {
        case ACL_INT4: case ACL_UINT1: return 1;
        case ACL_COMPLEX32: return 4;
        default: return (dt >= 34 && dt <= 41) ? 1 : 0;
    }
}

struct Block {
    unsigned char* p = nullptr;
    size_t size = 0;
};

struct Desc {
    // as decoded
    bool pass_null = false;   // pass nullptr to the first phase
    bool destroy_before = false;
    std::vector<int64_t> dims, strides_in, storage;
    bool null_strides = true;
    int64_t offset = 0;
    int dtype = ACL_FLOAT;
    int format = ACL_FORMAT_ND;
    unsigned char* data = nullptr;
    // derived
    aclTensor* t = nullptr;
    bool created = false;
    std::vector<int64_t> strides;  // effective (contiguous when null)
    int64_t numel = 0;
    int64_t last = 0;  // highest element index (non-empty views)
    size_t item = 0;
};

const int64_t kSpecialDims[] = {0, 1, 2, 3, 4, 5, 7, 8, 16, 17, 255,
                                int64_t{1} << 31, (int64_t{1} << 31) + 64, int64_t{1} << 32,
                                int64_t{1} << 60, (int64_t{1} << 60) + 3, int64_t{1} << 61, (int64_t{1} << 61) + 1,
                                int64_t{1} << 62, INT64_MAX / 3, INT64_MAX / 2, INT64_MAX - 1,
                                INT64_MAX, -1, -7, INT64_MIN};

const int kAllDtypes[] = {-1, 0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 16, 17, 27, 29, 30, 33,
                          34, 35, 36, 37, 38, 39, 40, 41, 5, 14, 15, 18, 26, 28, 31, 32, 42, 1000, -2};
const int kFormats[] = {ACL_FORMAT_ND, ACL_FORMAT_NCHW, ACL_FORMAT_NHWC, ACL_FORMAT_NC1HWC0, ACL_FORMAT_FRACTAL_Z,
                        ACL_FORMAT_FRACTAL_NZ, ACL_FORMAT_NCDHW, ACL_FORMAT_UNDEFINED, 5, 1000};

// True with probability 1/n, and false once the input is exhausted: an exhausted input (all further
// choices 0) decodes to the plain, valid path, so short inputs reach the second phase.
bool OneIn(FuzzedDataProvider& in, int n) { return in.ConsumeIntegralInRange<int>(0, n - 1) == n - 1; }

int PickDtype(FuzzedDataProvider& in) {
    const int mode = in.ConsumeIntegralInRange<int>(0, 9);
    if (mode < 6) {
        static const int common[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_FLOAT, ACL_FLOAT16, ACL_BF16,
                                     ACL_INT32, ACL_INT8, ACL_BOOL, ACL_DOUBLE, ACL_INT64, ACL_UINT8};
        return common[in.ConsumeIntegralInRange<int>(0, 11)];
    }
    return kAllDtypes[in.ConsumeIntegralInRange<size_t>(0, sizeof kAllDtypes / sizeof kAllDtypes[0] - 1)];
}

int64_t PickDim(FuzzedDataProvider& in) {
    const int mode = in.ConsumeIntegralInRange<int>(0, 15);
    if (mode < 13) return in.ConsumeIntegralInRange<int64_t>(1, 4);
    if (mode == 13) return 0;
    return kSpecialDims[in.ConsumeIntegralInRange<size_t>(0, sizeof kSpecialDims / sizeof kSpecialDims[0] - 1)];
}

int64_t PickSmallOrSpecial(FuzzedDataProvider& in, int64_t small_max) {
    if (in.ConsumeIntegralInRange<int>(0, 15) < 14) return in.ConsumeIntegralInRange<int64_t>(0, small_max);
    return kSpecialDims[in.ConsumeIntegralInRange<size_t>(0, sizeof kSpecialDims / sizeof kSpecialDims[0] - 1)];
}

// Effective strides / count / extent as the model sees them. Returns whether aclCreateTensor must succeed.
bool ModelCreate(Desc& d) {
    if (d.dims.size() > 64 || d.storage.size() > 64) return false;
    if (!KnownDtype(d.dtype)) return false;
    for (int64_t v : d.dims) if (v < 0) return false;
    if (!d.null_strides) for (int64_t v : d.strides_in) if (v < 0) return false;
    for (int64_t v : d.storage) if (v < 0) return false;
    if (d.offset < 0) return false;
    int64_t sc = 0;
    if (!CountOk(d.dims, &d.numel) || !CountOk(d.storage, &sc)) return false;
    d.item = AnyItemSize(d.dtype);
    d.strides.assign(d.dims.size(), 0);
    if (d.null_strides) {
        int64_t s = 1;
        for (size_t i = d.dims.size(); i-- > 0;) {
            d.strides[i] = s;
            if (__builtin_mul_overflow(s, std::max<int64_t>(d.dims[i], 1), &s)) {
                // contiguous strides of an (empty) view overflow: rejected (see tests/hardening_regression_test)
                if (i > 0) return false;
            }
        }
    } else {
        d.strides = d.strides_in;
    }
    d.last = 0;
    if (d.numel > 0) {
        int64_t last = d.offset;
        for (size_t i = 0; i < d.dims.size(); ++i) {
            int64_t step;
            if (__builtin_mul_overflow(d.dims[i] - 1, d.strides[i], &step) || __builtin_add_overflow(last, step, &last)) {
                return false;
            }
        }
        int64_t bytes;
        if (__builtin_add_overflow(last, 1, &bytes) || __builtin_mul_overflow(bytes, static_cast<int64_t>(d.item), &bytes)) {
            return false;
        }
        d.last = last;
    }
    return true;
}

// The sorted-stride sufficient test: true when the view provably maps distinct indices to distinct elements.
bool SufficientlyDisjoint(const Desc& d) {
    std::vector<std::pair<int64_t, int64_t>> v;
    for (size_t k = 0; k < d.dims.size(); ++k) if (d.dims[k] > 1) v.emplace_back(d.strides[k], d.dims[k]);
    std::sort(v.begin(), v.end());
    int64_t span = 0;
    for (auto& p : v) {
        if (p.first <= span) return false;
        span += (p.second - 1) * p.first;
    }
    return true;
}

// Inputs whose gradInput needs the exact (enumerating) overlap test above this many elements are skipped:
// both the implementation and the model take seconds per call there under ASan, which would cut the
// fuzzer's throughput tenfold; the exact test itself is exercised below this size.
constexpr int64_t kMaxExactOverlap = int64_t{1} << 16;

// Whether two indices of a non-empty view map to one element: exact (listing every element index) up to
// 2^22 elements, the implementation's documented limit; above it, anything the sorted-stride sufficient test
// cannot prove disjoint counts as overlapping (tensor.h: HasInternalOverlap).
bool MayOverlap(const Desc& d) {
    if (d.numel == 0) return false;
    if (d.numel > kMaxExactOverlap && !SufficientlyDisjoint(d)) return true;
    std::vector<std::pair<int64_t, int64_t>> v;
    for (size_t k = 0; k < d.dims.size(); ++k) if (d.dims[k] > 1) v.emplace_back(d.strides[k], d.dims[k]);
    std::sort(v.begin(), v.end());
    int64_t span = 0;
    bool disjoint = true;
    for (auto& p : v) {
        if (p.first == 0) return true;
        if (p.first <= span) disjoint = false;
        span += (p.second - 1) * p.first;
    }
    if (disjoint) return false;
    if (d.numel > (int64_t{1} << 22)) return true;
    std::vector<int64_t> pos;
    std::vector<int64_t> idx(d.dims.size(), 0);
    for (int64_t i = 0; i < d.numel; ++i) {
        int64_t p = 0;
        for (size_t k = 0; k < d.dims.size(); ++k) p += idx[k] * d.strides[k];
        pos.push_back(p);
        for (size_t k = d.dims.size(); k-- > 0;) {
            if (++idx[k] < d.dims[k]) break;
            idx[k] = 0;
        }
    }
    std::sort(pos.begin(), pos.end());
    return std::adjacent_find(pos.begin(), pos.end()) != pos.end();
}

struct Memory {
    Block a, o, ws;
    std::vector<unsigned char> snap_a, snap_o;
    void Snapshot() {
        snap_a.assign(a.p, a.p + a.size);
        snap_o.assign(o.p, o.p + o.size);
    }
    bool Unchanged() const {
        return std::memcmp(a.p, snap_a.data(), a.size) == 0 && std::memcmp(o.p, snap_o.data(), o.size) == 0;
    }
    // The snapshot byte at address p (inside A or O).
    const unsigned char* SnapAt(const unsigned char* p) const {
        if (p >= a.p && p < a.p + a.size) return snap_a.data() + (p - a.p);
        if (p >= o.p && p < o.p + o.size) return snap_o.data() + (p - o.p);
        Die("address outside the blocks", "reference read");
    }
};

// The bytes an aclrtMalloc block of n requested bytes holds (outside strict mode, as CANN's runtime gives it): n rounded
// up to 32, plus 32 (src/runtime/memory.cpp CannDeviceSize). The model's blocks are these sizes.
size_t CannBlockBytes(size_t n) { return (n + 31) / 32 * 32 + 32; }

// Which block (if any) holds [p, p+n); nullptr when p is in none.
const Block* BlockOf(const Memory& m, const unsigned char* p) {
    for (const Block* b : {&m.a, &m.o, &m.ws}) {
        if (b->p != nullptr && p >= b->p && p < b->p + b->size) return b;
    }
    return nullptr;
}

// Status the second phase's address check gives a tensor (SPEC 3/6): 0, 161001 or 161002.
int AddressStatus(const Memory& m, const Desc& d, const unsigned char* data) {
    if (d.numel == 0) return 0;
    if (data == nullptr) return ACLNN_ERR_PARAM_NULLPTR;
    const Block* b = BlockOf(m, data);
    if (b == nullptr) return ACLNN_ERR_PARAM_INVALID;
    const size_t align = std::max<size_t>(std::min<size_t>(d.item, 8), 1);  // ACL_STRING: no element size
    if (reinterpret_cast<uintptr_t>(data) % align != 0) return ACLNN_ERR_PARAM_INVALID;
    const unsigned long long lo = static_cast<unsigned long long>(d.offset) * d.item;
    const unsigned long long hi = (static_cast<unsigned long long>(d.last) + 1) * d.item;
    const size_t base = static_cast<size_t>(data - b->p);
    if (lo > b->size || hi > b->size - base) return ACLNN_ERR_PARAM_INVALID;
    return 0;
}

// Whether n workspace bytes at w share a byte with a non-empty tensor's view [data + offset, data + last + 1)
// (in bytes, with the address arithmetic of the library: modulo 2^64).
// The bytes [*lo, *hi) a non-empty view at data spans (modulo 2^64, as the library computes them).
void ViewBytes(const Desc& d, const unsigned char* data, uintptr_t* lo, uintptr_t* hi) {
    const uintptr_t base = reinterpret_cast<uintptr_t>(data);
    *lo = base + static_cast<uintptr_t>(d.offset) * d.item;
    *hi = base + (static_cast<uintptr_t>(d.last) + 1) * d.item;
}

// Whether n workspace bytes at w share a byte with a non-empty view of the tensors [first, last) of d.
bool WorkspaceOverlaps(const Desc* d, unsigned char* const* data, int first, int last, const void* w, uint64_t n) {
    const uintptr_t wlo = reinterpret_cast<uintptr_t>(w), whi = wlo + n;
    for (int k = first; k < last; ++k) {
        if (d[k].numel == 0 || data[k] == nullptr) continue;
        uintptr_t lo, hi;
        ViewBytes(d[k], data[k], &lo, &hi);
        if (lo < whi && wlo < hi) return true;
    }
    return false;
}

// `expect_text`: a fragment the message must contain (the first failing check of a forward loss), or null.
void ExpectRejected(int ret, const Memory& m, const char* what, const char* expect_text = nullptr) {
    CHECK(ret == ACLNN_ERR_PARAM_NULLPTR || ret == ACLNN_ERR_PARAM_INVALID || ret == ACLNN_ERR_RUNTIME_ERROR ||
              ret == ACLNN_ERR_INNER_NULLPTR,
          "%s returned undocumented status %d", what, ret);
    const char* msg = aclGetRecentErrMsg();
    CHECK(msg != nullptr && msg[0] != '\0', "%s failed with %d but left no aclGetRecentErrMsg", what, ret);
    CHECK(expect_text == nullptr || std::strstr(msg, expect_text) != nullptr,
          "%s %s failed with '%s', but the model's first failing check is '%s'", kOpNames[g_op], what, msg,
          expect_text);
    CHECK(aclrtSynchronizeStream(g_stream) == ACL_SUCCESS, "sync after rejected %s", what);
    CHECK(m.Unchanged(), "%s was rejected (%d) but memory changed", what, ret);
}

// The reference: a copy of the snapshot with every gradInput element written (out-of-place semantics).
struct Expected {
    std::vector<unsigned char> a, o;
    std::vector<unsigned char*> out_elems;  // address of every gradInput element written
    std::vector<const Desc*> out_descs;     // the output of each element (empty: all of one output)
};

Expected Reference(const Memory& m, const Desc* d, unsigned char* const* data, const std::vector<int64_t>& b,
                   int64_t reduction) {
    Expected e{m.snap_a, m.snap_o, {}, {}};
    const Profile prof = kAllProfiles[g_profile];
    const int p = PromoteFor(prof, d[0].dtype, d[1].dtype, d[2].dtype, d[3].dtype);
    const float r = reduction == 1 ? MeanFactor(prof, b) : 1.0f;
    int64_t numel = 1;
    for (int64_t v : b) numel *= v;
    if (d[0].numel == 0 || d[1].numel == 0 || d[2].numel == 0) return e;
    std::vector<int64_t> idx(b.size(), 0);
    for (int64_t i = 0; i < numel; ++i) {
        long double v[3];
        for (int k = 0; k < 3; ++k) {
            const Desc& t = d[k];
            int64_t el = t.offset;
            for (size_t j = 0; j < t.dims.size(); ++j) {
                const size_t bj = b.size() - t.dims.size() + j;
                if (t.dims[j] != 1) el += idx[bj] * t.strides[j];
            }
            v[k] = ReadValue(m.SnapAt(data[k] + el * t.item), t.dtype);
        }
        const long double y = ElementResult(prof, p, r, v[0], v[1], v[2]);
        int64_t oel = d[3].offset;
        for (size_t j = 0; j < b.size(); ++j) oel += idx[j] * d[3].strides[j];
        unsigned char* dst = data[3] + oel * d[3].item;
        e.out_elems.push_back(dst);
        unsigned char* img = (dst >= m.a.p && dst < m.a.p + m.a.size) ? e.a.data() + (dst - m.a.p)
                                                                        : e.o.data() + (dst - m.o.p);
        WriteValue(img, d[3].dtype, y);
        for (size_t j = b.size(); j-- > 0;) {
            if (++idx[j] < b[j]) break;
            idx[j] = 0;
        }
    }
    return e;
}

// The reference of an accepted MSE or SmoothL1 launch (g_op): tests/support/loss_grad_reference.h's decision
// and arithmetic over views of the snapshot (each non-empty view lies inside A or O: the address check passed).
// The model's own first-phase verdict must agree with this fuzzer's (it sees the small views the launch ran).
Expected ReferenceLoss(const Memory& m, const Desc* d, unsigned char* const* data, int64_t reduction, float beta) {
    Expected e{m.snap_a, m.snap_o, {}, {}};
    const Profile prof = kAllProfiles[g_profile];
    View v[4];
    for (int k = 0; k < 4; ++k) {
        v[k].dtype = d[k].dtype;
        v[k].shape = d[k].dims;
        v[k].strides = d[k].strides;
        v[k].offset = d[k].offset;
        v[k].storage = d[k].storage;
        v[k].data = d[k].numel > 0 ? m.SnapAt(data[k]) : nullptr;
    }
    const bool equal_formats = d[0].format == d[1].format && d[1].format == d[2].format;
    const lossref::LossDecision ld =
        g_op == kOpMse ? lossref::DecideMse(prof, v[0], v[1], v[2], reduction, v[3], equal_formats)
                       : lossref::DecideSmoothL1(prof, v[0], v[1], v[2], reduction, beta, v[3]);
    CHECK(ld.d.status == 0, "the loss model rejects (%d: %s) a first phase this fuzzer accepted", ld.d.status,
          ld.d.why.c_str());
    if (ld.d.empty || d[3].numel == 0) return e;
    unsigned char* dst = data[3];
    unsigned char* img = (dst >= m.a.p && dst < m.a.p + m.a.size) ? e.a.data() + (dst - m.a.p)
                                                                    : e.o.data() + (dst - m.o.p);
    lossref::Compute(g_op == kOpMse ? lossref::Op::kMse : lossref::Op::kSmoothL1, prof, ld, beta, v[0], v[1], v[2],
                     v[3], img);
    ForEachIndex(ld.d.b, [&](const std::vector<int64_t>& idx) {
        e.out_elems.push_back(dst + ElementIndex(v[3], idx) * static_cast<int64_t>(d[3].item));
    });
    return e;
}

// Forward launches with mean/sum over more than this many elements of b (stride-0 inputs broadcast to huge shapes
// fit in a small block) are planned and checked, but not run: the oracle's sums stay fast.
constexpr int64_t kMaxForwardReduce = int64_t{1} << 15;

// Whether MseLoss runs MSELossV2: self's and target's view formats equal, ND or NCL (docs/ops/mse_loss.md §5.1).
bool MseNd(const Desc* d) {
    return d[1].format == d[2].format && (d[1].format == ACL_FORMAT_ND || d[1].format == ACL_FORMAT_NCL);
}

// aclnnMseLoss's result (docs/ops/mse_loss.md §5) into out_bytes (out's image): element values from
// mse_loss_reference.h; mean/sum in MSELossV2's order (mseref::Sum) or, for MseLoss (910, other formats), the
// reduce template of forward_loss_reference.h with the MseLoss DAG's buffer counts (2 inputs, 2 temporaries
// before the reduce, 1 after) and one multiply by (float)(1.0 / n) for mean; empty inputs: mean NaN, sum 0.
void ComputeMse(Profile prof, const fwdref::Decision& fd, int64_t reduction, const View& s, const View& t,
                const View& out, bool nd, uint8_t* out_bytes) {
    const size_t ssz = DtSize(s.dtype), tsz = DtSize(t.dtype), osz = DtSize(out.dtype);
    uint8_t* out0 = out_bytes + ElementIndex(out, std::vector<int64_t>(out.shape.size(), 0)) * osz;
    if (fd.empty) {
        if (reduction != 0) WriteValue(out0, out.dtype, reduction == 1 ? static_cast<long double>(NAN) : 0.0L);
        return;
    }
    const int P = fd.promote;
    std::vector<float> q;
    ForEachIndex(fd.b, [&](const std::vector<int64_t>& idx) {
        const float sv = static_cast<float>(RoundTo(ReadValue(s.data + BroadcastElementIndex(s, idx) * ssz, s.dtype),
                                                    FormatOf(P)));
        const float tv = static_cast<float>(RoundTo(ReadValue(t.data + BroadcastElementIndex(t, idx) * tsz, t.dtype),
                                                    FormatOf(P)));
        const float e = mseref::Element(sv, tv);
        if (reduction == 0) {
            WriteValue(out_bytes + ElementIndex(out, idx) * osz, out.dtype, RoundTo(e, FormatOf(P)));
        } else {
            q.push_back(e);
        }
    });
    if (reduction == 0) return;
    const bool mean = reduction == 1;
    float total;
    if (mseref::RunsMseLossV2(prof, nd)) {
        total = mseref::Sum(prof, q, P, mean);
    } else {
        fwdref::Dag dag;
        dag.pre_input = 2;
        dag.pre_temp = 2;
        dag.post_temp = 1;
        const int64_t n = static_cast<int64_t>(q.size());
        total = fwdref::TemplateSum(q, fwdref::TilingFor(n, DtSize(P), dag));
        if (mean) total = total * static_cast<float>(1.0 / static_cast<double>(n));
    }
    WriteValue(out0, out.dtype, RoundTo(total, FormatOf(P)));
}

// The reference of an accepted forward launch (g_op a forward loss): self, target, out = d[1], d[2], d[3].
// For L1Loss and SmoothL1Loss the model's own first-phase verdict (fwdref::Decide) must agree with this fuzzer's.
Expected ReferenceForward(const Memory& m, const Desc* d, unsigned char* const* data, int64_t reduction, float beta) {
    Expected e{m.snap_a, m.snap_o, {}, {}};
    const Profile prof = kAllProfiles[g_profile];
    View v[4];
    for (int k = 1; k < 4; ++k) {
        v[k].dtype = d[k].dtype;
        v[k].shape = d[k].dims;
        v[k].strides = d[k].strides;
        v[k].offset = d[k].offset;
        v[k].storage = d[k].storage;
        v[k].data = d[k].numel > 0 ? m.SnapAt(data[k]) : nullptr;
    }
    const fwdref::FwdOp op = g_op == kOpL1Fwd ? fwdref::FwdOp::kL1 : fwdref::FwdOp::kSmoothL1;
    fwdref::Decision fd;
    if (g_op == kOpMseFwd) {  // mse_loss_reference.h models the arithmetic only
        fd.promote = Promote(d[1].dtype, d[2].dtype);
        CHECK(BroadcastShapes(v[1].shape, v[2].shape, &fd.b), "MseLoss accepted unbroadcastable shapes");
        fd.empty = NumelOf(v[1].shape) == 0 || NumelOf(v[2].shape) == 0;
    } else {
        fd = fwdref::Decide(op, prof, v[1], v[2], reduction, beta, v[3]);
        CHECK(fd.status == 0, "the forward model rejects (%d: %s) a first phase this fuzzer accepted", fd.status,
              fd.why.c_str());
    }
    if (fd.empty && reduction == 0) return e;
    unsigned char* dst = data[3];
    unsigned char* img = (dst >= m.a.p && dst < m.a.p + m.a.size) ? e.a.data() + (dst - m.a.p)
                                                                    : e.o.data() + (dst - m.o.p);
    if (g_op == kOpMseFwd) {
        ComputeMse(prof, fd, reduction, v[1], v[2], v[3], MseNd(d), img);
    } else {
        fwdref::Compute(op, prof, fd, reduction, beta, v[1], v[2], v[3], img);
    }
    const int64_t item = static_cast<int64_t>(d[3].item);
    if (reduction == 0) {
        ForEachIndex(fd.b, [&](const std::vector<int64_t>& idx) {
            e.out_elems.push_back(dst + ElementIndex(v[3], idx) * item);
        });
    } else {
        e.out_elems.push_back(dst + ElementIndex(v[3], std::vector<int64_t>(d[3].dims.size(), 0)) * item);
    }
    return e;
}

// The workspace of a launch: scratch the library may overwrite, [p, p + n) (n = the size the first phase asked
// for; the library may not write past it even when the caller passes more).
struct Scratch {
    const unsigned char* p = nullptr;
    uint64_t n = 0;
    bool Holds(const unsigned char* q) const { return n > 0 && q >= p && static_cast<uint64_t>(q - p) < n; }
};

// Compares a block with its expected image: bytes must match exactly, except inside a gradInput element
// where both the actual and expected values are NaN (payloads may differ), and inside the workspace (which
// may lie in A or O, outside every view: scenario 20).
void CompareImage(const unsigned char* got, const unsigned char* want, size_t n, const unsigned char* base,
                  const Desc& out, const std::vector<unsigned char*>& out_elems, const Scratch& ws,
                  const char* which, const std::vector<const Desc*>& out_descs) {
    std::vector<int64_t> start(n, -1);  // byte -> first byte of the gradInput element covering it
    std::vector<const Desc*> owner(out_descs.empty() ? 0 : n);  // byte -> its element's output
    for (size_t e = 0; e < out_elems.size(); ++e) {
        unsigned char* p = out_elems[e];
        if (p < base || p >= base + n) continue;
        const Desc& od = out_descs.empty() ? out : *out_descs[e];
        const size_t s = static_cast<size_t>(p - base);
        for (size_t j = 0; j < od.item && s + j < n; ++j) {
            start[s + j] = static_cast<int64_t>(s);
            if (!owner.empty()) owner[s + j] = &od;
        }
    }
    for (size_t i = 0; i < n; ++i) {
        if (got[i] == want[i]) continue;
        const int64_t s = start[i];
        if (s < 0 && ws.Holds(base + i)) continue;
        const Desc& od = s >= 0 && !owner.empty() ? *owner[i] : out;
        const bool ok = s >= 0 && static_cast<size_t>(s) + od.item <= n && SameResult(od.dtype, got + s, want + s);
        CHECK(ok, "block %s byte %zu: got 0x%02x, want 0x%02x (gradInput dtype %d, %s)", which, i, got[i], want[i],
              od.dtype, s >= 0 ? "inside a gradInput element" : "outside gradInput: a stray write");
    }
}

void CheckResult(const Memory& m, const Expected& e, const Desc& out, const Scratch& ws) {
    CompareImage(m.a.p, e.a.data(), m.a.size, m.a.p, out, e.out_elems, ws, "A", e.out_descs);
    CompareImage(m.o.p, e.o.data(), m.o.size, m.o.p, out, e.out_elems, ws, "O", e.out_descs);
}

// The data address of tensor k (prev: the tensors before it; out: an output, placed in A rather than O when
// the plain layout puts the inputs in A).
unsigned char* PickData(FuzzedDataProvider& in, Memory& m, const Desc& d, Desc* prev, int k, bool out) {
    const int kind = in.ConsumeIntegralInRange<int>(0, 15);
    const size_t item = std::max<size_t>(d.item, 1);
    const unsigned long long extent =
        d.numel > 0 ? (static_cast<unsigned long long>(d.last) + 1) * item : 0;
    auto aligned_in = [&](Block& b) -> unsigned char* {
        const size_t room = extent <= b.size ? b.size - extent : 0;
        size_t off = in.ConsumeIntegralInRange<size_t>(0, room);
        off -= off % std::min<size_t>(item, 8);
        return b.p + off;
    };
    switch (kind) {
        case 1: case 2: case 3: return aligned_in(m.a);
        case 4: case 5: case 6: return out ? aligned_in(m.a) : aligned_in(m.o);
        case 7: case 8: case 9: {  // alias an earlier tensor's data (in-place / partial overlap)
            if (k == 0) return aligned_in(m.a);
            unsigned char* base = prev[in.ConsumeIntegralInRange<int>(0, k - 1)].data;
            if (base == nullptr) return aligned_in(m.a);
            const int shift = in.ConsumeIntegralInRange<int>(-2, 2);
            return base + shift * static_cast<int>(item);
        }
        case 10: return aligned_in(m.a) + in.ConsumeIntegralInRange<int>(1, 3);  // misaligned
        case 11: return m.a.p + m.a.size - in.ConsumeIntegralInRange<size_t>(0, 16);  // at/near the end
        case 12: return g_host + in.ConsumeIntegralInRange<size_t>(0, 64) * 8;      // unregistered memory
        case 13: return nullptr;
        default: return out ? aligned_in(m.o) : aligned_in(m.a);  // 0, 14, 15: the plain layout
    }
}

// The view shapes of n tensors (out[k]: tensor k is an output; loss_out: outputs of a loss, which may be 0-d or
// one element; broadcasts: the inputs may broadcast, else they take the family's shape 7 times in 8).
void DecodeShapes(FuzzedDataProvider& in, Desc* d, int n, const bool* out, bool loss_out, bool broadcasts) {
    // A broadcast-compatible family most of the time; arbitrary ranks and dims otherwise.
    const bool family = in.ConsumeIntegralInRange<int>(0, 9) < 8;
    const int rank = in.ConsumeIntegralInRange<int>(0, in.ConsumeBool() ? 4 : 10);
    std::vector<int64_t> b(rank);
    for (auto& v : b) v = PickDim(in);
    for (int k = 0; k < n; ++k) {
        if (family) {
            if (out[k] && loss_out) {  // out: b for none, [] (L1, MSE) or one element (SmoothL1) otherwise
                const int mode = in.ConsumeIntegralInRange<int>(0, 7);
                d[k].dims = mode < 4 ? b : mode < 6 ? std::vector<int64_t>{} : std::vector<int64_t>(mode - 5, 1);
            } else if (out[k] || (!broadcasts && !OneIn(in, 8))) {
                d[k].dims = b;
            } else {
                const int r = in.ConsumeIntegralInRange<int>(0, rank);
                d[k].dims.assign(b.end() - r, b.end());
                for (auto& v : d[k].dims) if (OneIn(in, 4)) v = 1;
            }
        } else {
            const int r = in.ConsumeIntegralInRange<int>(0, OneIn(in, 8) ? 66 : 5);
            d[k].dims.resize(r);
            for (auto& v : d[k].dims) v = PickDim(in);
        }
    }
}

int64_t SatMul(int64_t a, int64_t b) {
    int64_t r;
    return __builtin_mul_overflow(a, b, &r) ? INT64_MAX : r;
}

void DecodeLayout(FuzzedDataProvider& in, Desc& d, int base_dtype) {
    const int smode = in.ConsumeIntegralInRange<int>(0, 9);
    d.null_strides = smode < 5;
    d.strides_in.assign(d.dims.size(), 0);
    if (!d.null_strides) {
        if (smode < 8) {  // a permuted / padded / broadcast layout
            int64_t s = 1;
            for (size_t i = d.dims.size(); i-- > 0;) {
                const int kind = in.ConsumeIntegralInRange<int>(0, 7);
                d.strides_in[i] = kind == 0 ? 0 : SatMul(s, kind == 1 ? 2 : 1);
                s = SatMul(s, SatMul(std::max<int64_t>(d.dims[i], 1), kind == 1 ? 2 : 1));
            }
            if (d.dims.size() >= 2 && in.ConsumeBool()) {
                const size_t i = in.ConsumeIntegralInRange<size_t>(0, d.dims.size() - 1);
                const size_t j = in.ConsumeIntegralInRange<size_t>(0, d.dims.size() - 1);
                std::swap(d.strides_in[i], d.strides_in[j]);
            }
        } else {
            for (auto& v : d.strides_in) v = PickSmallOrSpecial(in, 9);
        }
    }
    d.offset = OneIn(in, 8) ? PickSmallOrSpecial(in, 40) : in.ConsumeIntegralInRange<int64_t>(0, 3);
    d.dtype = OneIn(in, 4) ? PickDtype(in) : base_dtype;
    d.format = kFormats[in.ConsumeIntegralInRange<size_t>(0, sizeof kFormats / sizeof kFormats[0] - 1)];
}

void DecodeStorage(FuzzedDataProvider& in, Desc& d) {
    const int mode = in.ConsumeIntegralInRange<int>(0, 9);
    if (mode < 7) {
        // the smallest 1-d storage holding the view
        d.storage = {d.numel > 0 ? (d.last == INT64_MAX ? INT64_MAX : d.last + 1) : d.offset};
        if (mode == 6 && d.storage[0] > 0) d.storage[0] -= 1;  // one element short
    } else if (mode < 9) {
        d.storage = d.dims;
    } else {
        d.storage.resize(in.ConsumeIntegralInRange<int>(0, 3));
        for (auto& v : d.storage) v = PickSmallOrSpecial(in, 64);
    }
}

// aclrtMemcpy / aclrtMemset with arbitrary arguments inside, across and outside the blocks.
void FuzzCopies(FuzzedDataProvider& in, Memory& m) {
    const int n = in.ConsumeIntegralInRange<int>(0, 2);
    for (int i = 0; i < n; ++i) {
        auto pick = [&]() -> unsigned char* {
            switch (in.ConsumeIntegralInRange<int>(0, 6)) {
                case 0: return nullptr;
                case 1: case 2: return m.a.p + in.ConsumeIntegralInRange<size_t>(0, m.a.size - 1);
                case 3: case 4: return m.o.p + in.ConsumeIntegralInRange<size_t>(0, m.o.size - 1);
                case 5: return in.ConsumeBool() ? m.a.p + m.a.size : m.o.p + m.o.size;  // one past a block's end
                default: return g_host + in.ConsumeIntegralInRange<size_t>(0, 256);
            }
        };
        // A block's one-past-the-end address belongs to the block (0 bytes left), whatever the copy kind.
        auto at_end = [&](const unsigned char* p) { return p == m.a.p + m.a.size || p == m.o.p + m.o.size; };
        unsigned char* dst = pick();
        unsigned char* src = pick();
        size_t count = in.ConsumeIntegralInRange<size_t>(0, 600);
        if (OneIn(in, 16)) count = SIZE_MAX - in.ConsumeIntegralInRange<size_t>(0, 3);
        size_t dest_max = in.ConsumeBool() ? count : in.ConsumeIntegralInRange<size_t>(0, 700);
        const int kind = in.ConsumeIntegralInRange<int>(-1, 8);
        const bool memset = OneIn(in, 4);
        auto fits = [&](const unsigned char* p) {
            const Block* b = BlockOf(m, p);
            if (b == nullptr) return p >= g_host && count <= sizeof g_host - static_cast<size_t>(p - g_host);
            return count <= b->size - static_cast<size_t>(p - b->p);
        };
        auto registered_fits = [&](const unsigned char* p) {
            if (at_end(p)) return count == 0;
            const Block* b = BlockOf(m, p);
            return b == nullptr || count <= b->size - static_cast<size_t>(p - b->p);
        };
        // The device side of a copy (by kind) and a memset target must lie in a block, whole.
        auto device_fits = [&](const unsigned char* p) {
            if (at_end(p)) return count == 0;
            const Block* b = BlockOf(m, p);
            return b != nullptr && count <= b->size - static_cast<size_t>(p - b->p);
        };
        const bool device_dst = kind == 1 || kind == 3 || kind == 5 || kind == 6 || kind == 7;
        const bool device_src = kind == 2 || kind == 3 || kind == 6 || kind == 7;
        int want;
        if (memset) {
            if (dst == nullptr) want = ACL_ERROR_INVALID_PARAM;
            else if (count > dest_max) want = ACL_ERROR_RT_PARAM_INVALID;
            else if (!device_fits(dst)) want = ACL_ERROR_RT_PARAM_INVALID;
            else want = 0;
            if (want == 0 && !fits(dst)) continue;  // would overrun our own host buffer: not the API's fault
            m.Snapshot();
            std::vector<unsigned char> host(g_host, g_host + sizeof g_host);
            const int ret = aclrtMemset(dst, dest_max, 0x5A, count);
            CHECK(ret == want, "aclrtMemset(count %zu, max %zu) returned %d, want %d", count, dest_max, ret, want);
            if (ret != 0) {
                CHECK(m.Unchanged(), "rejected aclrtMemset wrote memory");
                CHECK(aclGetRecentErrMsg() != nullptr, "aclrtMemset failed without a message");
            } else {
                for (size_t j = 0; j < count; ++j) CHECK(dst[j] == 0x5A, "aclrtMemset byte %zu", j);
            }
            continue;
        }
        if (count == 0) want = 0;
        else if (dst == nullptr || src == nullptr) want = ACL_ERROR_INVALID_PARAM;
        else if (count > dest_max) want = ACL_ERROR_RT_PARAM_INVALID;
        else if (kind < 0 || kind > 7) want = ACL_ERROR_INVALID_PARAM;
        else if (!(device_dst ? device_fits(dst) : registered_fits(dst)) ||
                 !(device_src ? device_fits(src) : registered_fits(src))) {
            want = ACL_ERROR_RT_PARAM_INVALID;
        } else {
            want = 0;
        }
        if (want == 0 && count > 0 && (!fits(dst) || !fits(src))) continue;  // plain host overrun: caller's bug
        m.Snapshot();
        std::vector<unsigned char> expect_src;
        if (want == 0 && count > 0) expect_src.assign(src, src + count);
        const int ret = FuzzMemcpy(dst, dest_max, src, count, kind);
        ++g_stats.memcpy_calls;
        CHECK(ret == want, "aclrtMemcpy(count %zu, destMax %zu, kind %d) returned %d, want %d", count, dest_max, kind,
              ret, want);
        if (ret != 0) {
            CHECK(m.Unchanged(), "rejected aclrtMemcpy wrote memory");
            CHECK(aclGetRecentErrMsg() != nullptr, "aclrtMemcpy failed without a message");
        } else if (count > 0) {
            CHECK(std::memcmp(dst, expect_src.data(), count) == 0, "aclrtMemcpy copied wrong bytes");
        }
    }
}

// A copy or memset through a pointer into a block freed just before (aclrtFree): the freed-block quarantine
// keeps the range reserved, so every kind (DEFAULT and HOST_TO_HOST included) refuses it with 107000, leaves a
// message and writes nothing. Runs at the end of an input, on the bytes left (decoding before it unchanged).
void FuzzStaleCopies(FuzzedDataProvider& in) {
    if (!OneIn(in, 2)) return;
    const size_t size = in.ConsumeIntegralInRange<size_t>(1, 4096);
    unsigned char* p = nullptr;
    CHECK(aclrtMalloc(reinterpret_cast<void**>(&p), size,
                      in.ConsumeBool() ? ACL_MEM_MALLOC_HUGE_FIRST : ACL_MEM_MALLOC_NORMAL_ONLY) == 0,
          "malloc (stale)");
    CHECK(aclrtFree(p) == ACL_SUCCESS, "aclrtFree (stale): %s", aclGetRecentErrMsg());
    unsigned char* stale = p + in.ConsumeIntegralInRange<size_t>(0, size);  // up to the one-past-the-end address
    const size_t count = in.ConsumeIntegralInRange<size_t>(1, sizeof g_host);
    const int kind = in.ConsumeIntegralInRange<int>(0, 4);
    const std::vector<unsigned char> before(g_host, g_host + sizeof g_host);
    int ret = 0;
    switch (in.ConsumeIntegralInRange<int>(0, 3)) {
        case 0: ret = FuzzMemcpy(stale, count, g_host, count, kind); break;
        case 1: ret = FuzzMemcpy(g_host, sizeof g_host, stale, count, kind); break;
        case 2: ret = aclrtMemset(stale, count, 0x5A, count); break;
        default:
            ret = aclrtMemcpyAsync(stale, count, g_host, count, static_cast<aclrtMemcpyKind>(kind), g_stream);
            break;
    }
    CHECK(ret == ACL_ERROR_RT_PARAM_INVALID, "copy through a freed block (kind %d, %zu bytes) returned %d", kind,
          count, ret);
    CHECK(aclGetRecentErrMsg() != nullptr, "refused stale copy without a message");
    CHECK(std::memcmp(before.data(), g_host, sizeof g_host) == 0, "a refused stale copy wrote host memory");
    ++g_stats.stale_copies;
}

void FreeBlock(Block& b) {
    if (b.p != nullptr) {
        CHECK(aclrtFree(b.p) == ACL_SUCCESS, "aclrtFree: %s", aclGetRecentErrMsg());
        g_grave.Add(kGBlock, b.p);
    }
    b = Block{};
}

// A rejected call through a released handle must leave a message naming the handle's kind.
void ExpectStale(int ret, int want, const char* call, const char* kind) {
    CHECK(ret == want, "%s through a released %s returned %d, not %d", call, kind, ret, want);
    const char* msg = aclGetRecentErrMsg();
    CHECK(msg != nullptr && std::strstr(msg, kind) != nullptr, "%s through a released %s: message '%s'", call, kind,
          msg != nullptr ? msg : "(none)");
    ++g_grave.stale_calls;
}

// Calls through released handles of every kind (see the header), next to fresh objects of every kind: a
// tensor T and an output O on a new block B, an executor X planned on them, a stream S and an event E. Runs
// at the end of an input, on the bytes left (decoding before it unchanged). Afterwards the fresh objects
// must be intact (X computes O = sign(T - T) * T = 0 on S; E was never recorded); then they are released
// too, and join the pool.
void FuzzStaleHandles(FuzzedDataProvider& in) {
    if (!OneIn(in, 2)) return;
    unsigned char* blk = nullptr;
    CHECK(aclrtMalloc(reinterpret_cast<void**>(&blk), 64, ACL_MEM_MALLOC_NORMAL_ONLY) == 0, "malloc (handles)");
    const float vals[4] = {1, 2, 3, 4};
    std::memcpy(blk, vals, sizeof vals);
    std::memset(blk + 32, 0xA5, 16);
    const int64_t dims[1] = {4}, strides[1] = {1};
    aclTensor* t = FuzzCreateTensor(dims, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, dims, 1, blk);
    aclTensor* o = FuzzCreateTensor(dims, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, dims, 1, blk + 32);
    CHECK(t != nullptr && o != nullptr, "fresh tensors: %s", aclGetRecentErrMsg());
    uint64_t ws = 1;
    aclOpExecutor* x = nullptr;
    CHECK(aclnnL1LossBackwardGetWorkspaceSize(t, t, t, 0, o, &ws, &x) == 0 && ws == 0, "fresh executor: %s",
          aclGetRecentErrMsg());
    aclrtStream st = nullptr;
    aclrtEvent ev = nullptr;
    CHECK(aclrtCreateStream(&st) == 0 && aclrtCreateEvent(&ev) == 0, "fresh stream and event");
    // Argument objects (issue 15): a scalar, an int array, and a tensor list owning a tensor of its own.
    float scalar_value = 2.5f;
    const int64_t int_values[3] = {1, 2, 3};
    aclScalar* sc = aclCreateScalar(&scalar_value, ACL_FLOAT);
    aclIntArray* ia = aclCreateIntArray(int_values, 3);
    aclTensor* lt = FuzzCreateTensor(dims, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, dims, 1, blk);
    const aclTensor* list_items[1] = {lt};
    aclTensorList* tl = aclCreateTensorList(list_items, 1);
    CHECK(sc != nullptr && ia != nullptr && lt != nullptr && tl != nullptr, "fresh argument objects: %s",
          aclGetRecentErrMsg());
    aclrtContext cx = nullptr;  // created current; aclrtSetDevice returns to the default context (st's)
    CHECK(aclrtCreateContext(&cx, 0) == 0 && aclrtSetDevice(0) == 0, "fresh context: %s", aclGetRecentErrMsg());
    aclrtContext dflt = nullptr;  // the default context is live too (its storage may be a released context's)
    CHECK(aclrtGetCurrentContext(&dflt) == 0 && dflt != cx, "default context: %s", aclGetRecentErrMsg());
    const int64_t ddims[2] = {3, 5};
    aclTensorDesc* dd = aclCreateTensorDesc(ACL_FLOAT, 2, ddims, ACL_FORMAT_ND);
    aclDataBuffer* db = aclCreateDataBuffer(blk, 48);
    CHECK(dd != nullptr && db != nullptr, "fresh descriptor and buffer");
    const int n = in.ConsumeIntegralInRange<int>(1, 8);
    for (int i = 0; i < n; ++i) {
        const int kind = in.ConsumeIntegralInRange<int>(0, kGKinds - 1);
        void* p = g_grave.Pick(kind, in.ConsumeIntegral<size_t>());
        if (p == nullptr) continue;
        switch (kind) {
            case kGTensor: {
                int64_t off = -1;
                if (p == t || p == o || p == lt) {  // its address was reused for a fresh tensor: a live handle
                    CHECK(aclGetViewOffset(static_cast<aclTensor*>(p), &off) == 0 && off == 0, "reused tensor");
                    ++g_grave.reused;
                    break;
                }
                ExpectStale(aclGetViewOffset(static_cast<aclTensor*>(p), &off), ACLNN_ERR_PARAM_INVALID,
                            "aclGetViewOffset", "aclTensor");
                CHECK(off == -1, "a rejected getter wrote its output");
                ExpectStale(aclDestroyTensor(static_cast<aclTensor*>(p)), ACLNN_ERR_PARAM_INVALID, "aclDestroyTensor",
                            "aclTensor");
                uint64_t w = 7;
                aclOpExecutor* e = nullptr;
                ExpectStale(aclnnL1LossBackwardGetWorkspaceSize(t, static_cast<aclTensor*>(p), t, 0, o, &w, &e),
                            ACLNN_ERR_PARAM_INVALID, "first phase", "aclTensor");
                CHECK(w == 7 && e == nullptr, "a rejected first phase wrote an out-parameter");
                break;
            }
            case kGExecutor:
                if (p == x) {  // reused for the fresh executor: leave it for its own launch below
                    ++g_grave.reused;
                    break;
                }
                ExpectStale(aclnnL1LossBackward(nullptr, 0, static_cast<aclOpExecutor*>(p), st),
                            ACLNN_ERR_PARAM_INVALID, "aclnnL1LossBackward", "aclOpExecutor");
                ExpectStale(aclSetAclOpExecutorRepeatable(static_cast<aclOpExecutor*>(p)), ACLNN_ERR_PARAM_INVALID,
                            "aclSetAclOpExecutorRepeatable", "aclOpExecutor");
                ExpectStale(aclDestroyAclOpExecutor(static_cast<aclOpExecutor*>(p)), ACLNN_ERR_PARAM_INVALID,
                            "aclDestroyAclOpExecutor", "aclOpExecutor");
                break;
            case kGStream:
                if (p == st || p == g_stream) {
                    CHECK(aclrtSynchronizeStream(p) == 0, "reused stream: %s", aclGetRecentErrMsg());
                    ++g_grave.reused;
                    break;
                }
                ExpectStale(aclrtSynchronizeStream(p), ACL_ERROR_RT_INVALID_HANDLE, "aclrtSynchronizeStream",
                            "aclrtStream");
                ExpectStale(aclrtMemsetAsync(blk, 16, 0, 16, p), ACL_ERROR_RT_INVALID_HANDLE, "aclrtMemsetAsync",
                            "aclrtStream");
                ExpectStale(aclrtDestroyStream(p), ACL_ERROR_RT_INVALID_HANDLE, "aclrtDestroyStream", "aclrtStream");
                break;
            case kGEvent: {
                aclrtEventRecordedStatus status = ACL_EVENT_RECORDED_STATUS_NOT_READY;
                if (p == ev) {
                    CHECK(aclrtQueryEventStatus(p, &status) == 0, "reused event");
                    ++g_grave.reused;
                    break;
                }
                ExpectStale(aclrtQueryEventStatus(p, &status), ACL_ERROR_RT_INVALID_HANDLE, "aclrtQueryEventStatus",
                            "aclrtEvent");
                ExpectStale(aclrtRecordEvent(p, st), ACL_ERROR_RT_INVALID_HANDLE, "aclrtRecordEvent", "aclrtEvent");
                ExpectStale(aclrtStreamWaitEvent(st, p), ACL_ERROR_RT_INVALID_HANDLE, "aclrtStreamWaitEvent",
                            "aclrtEvent");
                ExpectStale(aclrtDestroyEvent(p), ACL_ERROR_RT_INVALID_HANDLE, "aclrtDestroyEvent", "aclrtEvent");
                break;
            }
            case kGScalar: {
                if (p == sc) {
                    ++g_grave.reused;
                    break;
                }
                ExpectStale(aclDestroyScalar(static_cast<aclScalar*>(p)), ACLNN_ERR_PARAM_INVALID, "aclDestroyScalar",
                            "aclScalar");
                const aclScalar* items[1] = {static_cast<aclScalar*>(p)};
                CHECK(aclCreateScalarList(items, 1) == nullptr, "a scalar list took a released scalar");
                const char* msg = aclGetRecentErrMsg();
                CHECK(msg != nullptr && std::strstr(msg, "aclScalar") != nullptr, "stale list element: '%s'",
                      msg ? msg : "(none)");
                ++g_grave.stale_calls;
                break;
            }
            case kGIntArray: {
                uint64_t size = 7;
                if (p == ia) {
                    CHECK(aclGetIntArraySize(ia, &size) == 0 && size == 3, "reused int array");
                    ++g_grave.reused;
                    break;
                }
                ExpectStale(aclGetIntArraySize(static_cast<aclIntArray*>(p), &size), ACLNN_ERR_PARAM_INVALID,
                            "aclGetIntArraySize", "aclIntArray");
                CHECK(size == 7, "a rejected size getter wrote its output");
                ExpectStale(aclDestroyIntArray(static_cast<aclIntArray*>(p)), ACLNN_ERR_PARAM_INVALID,
                            "aclDestroyIntArray", "aclIntArray");
                break;
            }
            case kGTensorList: {
                uint64_t size = 7;
                if (p == tl) {
                    CHECK(aclGetTensorListSize(tl, &size) == 0 && size == 1, "reused tensor list");
                    ++g_grave.reused;
                    break;
                }
                ExpectStale(aclGetTensorListSize(static_cast<aclTensorList*>(p), &size), ACLNN_ERR_PARAM_INVALID,
                            "aclGetTensorListSize", "aclTensorList");
                CHECK(size == 7, "a rejected size getter wrote its output");
                ExpectStale(aclSetDynamicTensorAddr(x, 0, 0, static_cast<aclTensorList*>(p), blk),
                            ACLNN_ERR_PARAM_INVALID, "aclSetDynamicTensorAddr", "aclTensorList");
                ExpectStale(aclDestroyTensorList(static_cast<aclTensorList*>(p)), ACLNN_ERR_PARAM_INVALID,
                            "aclDestroyTensorList", "aclTensorList");
                break;
            }
            case kGContext:
                if (p == cx || p == dflt) {
                    ++g_grave.reused;
                    break;
                }
                ExpectStale(aclrtSetCurrentContext(p), ACL_ERROR_RT_PARAM_INVALID, "aclrtSetCurrentContext",
                            "aclrtContext");
                ExpectStale(aclrtDestroyContext(p), ACL_ERROR_RT_CONTEXT_NULL, "aclrtDestroyContext", "aclrtContext");
                break;
            case kGDesc: {
                const aclTensorDesc* d = static_cast<const aclTensorDesc*>(p);
                if (d == dd) {
                    CHECK(aclGetTensorDescType(d) == ACL_FLOAT, "reused descriptor");
                    ++g_grave.reused;
                    break;
                }
                CHECK(aclGetTensorDescType(d) == ACL_DT_UNDEFINED && aclGetTensorDescSize(d) == 0,
                      "a released descriptor answered");
                int64_t dim = -7;
                ExpectStale(aclGetTensorDescDimV2(d, 0, &dim), ACL_ERROR_INVALID_PARAM, "aclGetTensorDescDimV2",
                            "aclTensorDesc");
                CHECK(dim == -7, "a rejected aclGetTensorDescDimV2 wrote its output");
                aclDestroyTensorDesc(d);
                ExpectStale(0, 0, "aclDestroyTensorDesc", "aclTensorDesc");
                break;
            }
            case kGBuffer: {
                aclDataBuffer* b = static_cast<aclDataBuffer*>(p);
                if (b == db) {
                    CHECK(aclGetDataBufferAddr(b) == blk, "reused buffer");
                    ++g_grave.reused;
                    break;
                }
                CHECK(aclGetDataBufferAddr(b) == nullptr && aclGetDataBufferSizeV2(b) == 0, "a released buffer answered");
                ExpectStale(aclUpdateDataBuffer(b, blk, 4), ACL_ERROR_INVALID_PARAM, "aclUpdateDataBuffer",
                            "aclDataBuffer");
                ExpectStale(aclDestroyDataBuffer(b), ACL_ERROR_INVALID_PARAM, "aclDestroyDataBuffer", "aclDataBuffer");
                break;
            }
            default: {  // a memory block: freed blocks never hold a live block's base except B's
                unsigned char* q = static_cast<unsigned char*>(p);
                if (q >= blk && q < blk + 64) {
                    ++g_grave.reused;
                    break;
                }
                const int ret = aclrtFree(p);
                CHECK(ret == ACL_ERROR_RT_MEMORY_FREE, "aclrtFree through a released block returned %d", ret);
                CHECK(aclGetRecentErrMsg() != nullptr, "stale aclrtFree without a message");
                ExpectStale(aclrtMemset(p, 4, 0, 4), ACL_ERROR_RT_PARAM_INVALID, "aclrtMemset", "");
                break;
            }
        }
    }
    // The fresh objects are intact: E was never recorded, T and O kept their shapes, X runs on S.
    aclrtEventRecordedStatus status = ACL_EVENT_RECORDED_STATUS_NOT_READY;
    CHECK(aclrtQueryEventStatus(ev, &status) == 0 && status == ACL_EVENT_RECORDED_STATUS_COMPLETE, "fresh event");
    int64_t off = -1;
    CHECK(aclGetViewOffset(t, &off) == 0 && off == 0 && aclGetViewOffset(o, &off) == 0 && off == 0, "fresh tensors");
    CHECK(aclnnL1LossBackward(nullptr, 0, x, st) == 0, "fresh executor launch: %s", aclGetRecentErrMsg());
    CHECK(aclrtRecordEvent(ev, st) == 0 && aclrtSynchronizeEvent(ev) == 0, "fresh event record");
    float got[4], before[4];
    std::memcpy(got, blk + 32, sizeof got);
    std::memcpy(before, blk, sizeof before);
    for (int k = 0; k < 4; ++k) {
        CHECK(got[k] == 0.0f && before[k] == vals[k], "fresh executor result [%d] = %g (input %g)", k, got[k],
              before[k]);
    }
    int64_t dim = 0;
    CHECK(aclGetTensorDescDimV2(dd, 1, &dim) == 0 && dim == 5 && aclGetTensorDescSize(dd) == 60, "fresh descriptor");
    CHECK(aclGetDataBufferAddr(db) == blk && aclGetDataBufferSizeV2(db) == 48, "fresh buffer");
    CHECK(aclrtSetCurrentContext(cx) == 0 && aclrtSetDevice(0) == 0, "fresh context");
    // Release them: they are stale from now on.
    uint64_t fresh_size = 0;
    CHECK(aclGetIntArraySize(ia, &fresh_size) == 0 && fresh_size == 3, "fresh int array");
    CHECK(aclGetTensorListSize(tl, &fresh_size) == 0 && fresh_size == 1, "fresh tensor list");
    CHECK(aclGetViewOffset(lt, &off) == 0 && off == 0, "fresh list element");
    CHECK(aclDestroyTensor(lt) == ACLNN_ERR_PARAM_INVALID, "destroying a list's element was not refused");
    CHECK(aclDestroyScalar(sc) == 0 && aclDestroyIntArray(ia) == 0 && aclDestroyTensorList(tl) == 0,
          "destroy fresh argument objects");
    aclDestroyTensorDesc(dd);
    CHECK(aclDestroyDataBuffer(db) == 0 && aclrtDestroyContext(cx) == 0, "destroy fresh buffer and context");
    g_grave.Add(kGContext, cx);
    g_grave.Add(kGDesc, dd);
    g_grave.Add(kGBuffer, db);
    CHECK(aclDestroyTensor(t) == 0 && aclDestroyTensor(o) == 0, "destroy fresh tensors");
    CHECK(aclrtDestroyEvent(ev) == 0 && aclrtDestroyStream(st) == 0, "destroy fresh stream and event");
    CHECK(aclrtFree(blk) == 0, "free fresh block");
    g_grave.Add(kGTensor, t);
    g_grave.Add(kGTensor, o);
    g_grave.Add(kGExecutor, x);  // consumed by its launch
    g_grave.Add(kGStream, st);
    g_grave.Add(kGEvent, ev);
    g_grave.Add(kGBlock, blk);
    g_grave.Add(kGScalar, sc);
    g_grave.Add(kGIntArray, ia);
    g_grave.Add(kGTensorList, tl);
    g_grave.Add(kGTensor, lt);  // destroyed by its list
}

uint32_t FloatBits(float f) {
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
}

// SmoothL1's beta: mostly the special values (an exhausted input gives 1), otherwise 32 raw bits.
float DecodeBeta(FuzzedDataProvider& in) {
    static const float special[] = {1.0f, 0.0f, -0.0f, 0.5f, 2.0f, 1e-6f, std::nextafter(1e-6f, 0.0f),
                                    std::numeric_limits<float>::denorm_min(), 1e-40f,
                                    std::numeric_limits<float>::min(), -1.0f, -std::numeric_limits<float>::denorm_min(),
                                    std::numeric_limits<float>::quiet_NaN(), -std::numeric_limits<float>::quiet_NaN(),
                                    std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(),
                                    std::numeric_limits<float>::max(), 3.0f, 0.25f, 1e30f};
    if (in.ConsumeIntegralInRange<int>(0, 3) < 3) {
        return special[in.ConsumeIntegralInRange<size_t>(0, sizeof special / sizeof special[0] - 1)];
    }
    const uint32_t bits = in.ConsumeIntegral<uint32_t>();
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
}

// The first phase's operator-specific checks after the null and released-handle checks, in the operator's
// order: L1 (SPEC 4: reduction, promotion, ranks), MSE (docs/ops/mse_loss_backward.md §4 rows 3-5a) and
// SmoothL1 (docs/ops/smooth_l1_loss_backward.md §4 rows 3-7). Every failure here is 161002, so the order
// shows in the message only; the shape checks (broadcast, output shape, storage bounds, output overlap)
// follow in the caller, common to the three. Returns 0 or ACLNN_ERR_PARAM_INVALID.
int OperatorChecks(Profile prof, const Desc* d, int64_t reduction, float beta) {
    const int bad = ACLNN_ERR_PARAM_INVALID;
    const bool reduction_ok = reduction >= 0 && reduction <= 2;
    switch (g_op) {
        case kOpL1:
            if (!reduction_ok) return bad;
            if (PromoteFor(prof, d[0].dtype, d[1].dtype, d[2].dtype, d[3].dtype) < 0) return bad;
            for (int k = 0; k < 4; ++k) if (d[k].dims.size() > 8) return bad;
            return 0;
        case kOpMse:
            if (d[0].dtype != d[1].dtype || d[2].dtype != d[1].dtype) return bad;
            if (!lossref::IsFloatListed(prof, d[1].dtype) || !lossref::IsFloatListed(prof, d[3].dtype)) return bad;
            if (!reduction_ok) return bad;
            for (int k = 0; k < 3; ++k) if (d[k].dims.size() > 8) return bad;
            return 0;
        default: {
            for (int k = 0; k < 4; ++k) if (!lossref::IsFloatListed(prof, d[k].dtype)) return bad;
            for (int k = 0; k < 3; ++k) if (d[k].dims.size() > 8) return bad;
            if (!reduction_ok) return bad;
            if (!(beta >= 0)) return bad;
            const int p1 = Promote(d[0].dtype, d[1].dtype);
            const int p = p1 < 0 ? -1 : Promote(p1, d[2].dtype);
            if (p < 0 || !lossref::IsFloatListed(prof, p) || !Castable(p, d[3].dtype)) return bad;
            return 0;
        }
    }
}

// The view checks every operator makes after its shape checks (SPEC 3/4.6): each non-empty view inside its
// storage shape, and an output that maps no two indices to one element.
bool ViewsOk(const Desc* d, int first) {
    for (int k = first; k < 4; ++k) {
        int64_t sc = 0;
        CountOk(d[k].storage, &sc);
        if (d[k].numel > 0 && d[k].last >= sc) return false;
    }
    return !MayOverlap(d[3]);
}

// A forward loss's first-phase checks after the null and released-handle checks, in the operator's order
// (docs/ops/l1_loss.md, mse_loss.md, smooth_l1_loss.md §4; SmoothL1's one-element rule for mean/sum is ours,
// docs/ops/README.md open question 5). Every failure is 161002; *why gets a fragment of the first failing
// check's message (empty for the view checks, whose message the contracts leave to SPEC). *b: the broadcast
// shape of self and target.
int ForwardChecks(Profile prof, const Desc* d, int64_t reduction, float beta, std::vector<int64_t>* b,
                  const char** why) {
    const Desc &s = d[1], &t = d[2], &o = d[3];
    auto fail = [&](const char* w) {
        *why = w;
        return ACLNN_ERR_PARAM_INVALID;
    };
    const bool red_ok = reduction >= 0 && reduction <= 2;
    const int p = Promote(s.dtype, t.dtype);
    switch (g_op) {
        case kOpL1Fwd:
            if (!red_ok) return fail("Expected reduction to be 0 or 1 or 2");
            if (reduction == 0 && !fwdref::IsFloating(s.dtype) && fwdref::IsFloating(t.dtype)) {
                return fail("floating point or complex dtypes. Got ");
            }
            if (reduction == 1 && !fwdref::IsFloating(s.dtype) && !fwdref::IsFloating(t.dtype)) {
                return fail("complex dtypes. Got self ");
            }
            if (p < 0) return fail("can not be promoted");
            if (!(p == kF32 || p == kF16 || p == kS64 || (p == kBF16 && SupportsBF16(prof)))) {
                return fail("should be in dtype support list");
            }
            if (!Castable(p, o.dtype)) return fail("can't be cast to the desired output type");
            break;
        case kOpMseFwd:
            if (!lossref::IsFloatListed(prof, p)) return fail("to be promotable but check failed");
            if (!lossref::IsFloatListed(prof, s.dtype)) return fail("Tensor self not implemented");
            if (!lossref::IsFloatListed(prof, t.dtype)) return fail("Tensor target not implemented");
            if (!lossref::IsFloatListed(prof, o.dtype)) return fail("Tensor out not implemented");
            if (!red_ok) return fail("Expected reduction to be between 0 and 2");
            break;
        default:
            if (!lossref::IsFloatListed(prof, s.dtype)) return fail("Tensor self not implemented");
            if (!lossref::IsFloatListed(prof, t.dtype)) return fail("Tensor target not implemented");
            if (p < 0) return fail("can not promote dtype");
            if (!Castable(p, o.dtype)) return fail("can't be cast to the desired output type");
            if (!red_ok) return fail("Reduction should be between 0 and 2");
            break;
    }
    if (s.dims.size() > 8) return fail("The self tensor cannot be larger than 8 dimensions");
    if (t.dims.size() > 8) return fail("The target tensor cannot be larger than 8 dimensions");
    if (!BroadcastShapes(s.dims, t.dims, b)) {
        return fail(BroadcastDims(s.dims, t.dims, b) ? "has more elements than int64_t can count"
                                                     : "must match the size of tensor target");
    }
    if (reduction == 0 && o.dims != *b) {
        return fail(g_op == kOpL1Fwd    ? "Expected out tensor shape to be"
                    : g_op == kOpMseFwd ? "Expected tensor for out to have same size as"
                                        : "Shape of result should be");
    }
    if (reduction != 0 && g_op == kOpSmoothL1Fwd && o.numel != 1) return fail("exactly one element");
    if (reduction != 0 && g_op != kOpSmoothL1Fwd && !o.dims.empty()) return fail("Expected a 0-dimensional tensor");
    if (!ViewsOk(d, 1)) return fail("");
    if (g_op == kOpSmoothL1Fwd && !(beta >= 0)) return fail("beta should be greater than or equal to 0");
    return 0;
}

// Decodes tensor k of d (shared by both paths): layout, storage, data address (out: an output) and whether it
// is passed null or destroyed before the call. Returns whether aclCreateTensor must accept it.
bool DecodeTensor(FuzzedDataProvider& in, Memory& m, Desc* d, int k, int base_dtype, bool out) {
    DecodeLayout(in, d[k], base_dtype);
    Desc probe = d[k];
    probe.storage.clear();
    const bool layout_ok = ModelCreate(probe);  // strides/extent with an empty storage: for PickData
    if (layout_ok) {
        d[k].strides = probe.strides;
        d[k].numel = probe.numel;
        d[k].last = probe.last;
        d[k].item = probe.item;
    }
    DecodeStorage(in, d[k]);
    const bool must_create = ModelCreate(d[k]);
    d[k].data = PickData(in, m, d[k], d, k, out);
    d[k].pass_null = OneIn(in, 41);
    d[k].destroy_before = OneIn(in, 41);
    return must_create;
}

// Creates the n tensors of d (aclCreateTensor's verdict = must_create[k]; the getters round-trip) and
// describes the case in g_case (names: the tensors' parameter names).
void CreateTensors(const Memory& m, Desc* d, int n, const bool* must_create, const char* const* names) {
    for (int k = 0; k < n; ++k) {
        Desc& t = d[k];
        t.t = FuzzCreateTensor(t.dims.data(), t.dims.size(), t.dtype, t.null_strides ? nullptr : t.strides_in.data(),
                               t.offset, t.format, t.storage.data(), t.storage.size(), t.data);
        CHECK(FuzzDataTypeSize(t.dtype) == (KnownDtype(t.dtype) ? AnyItemSize(t.dtype) : 0), "aclDataTypeSize(%d)",
              t.dtype);
        t.created = t.t != nullptr;
        ++(t.created ? g_stats.created : g_stats.create_rejected);
        CHECK(t.created == must_create[k], "aclCreateTensor(tensor %d, rank %zu, dtype %d) %s, model says %s: %s", k,
              t.dims.size(), t.dtype, t.created ? "succeeded" : "failed", must_create[k] ? "valid" : "invalid",
              t.created ? "" : aclGetRecentErrMsg());
        if (!t.created) {
            const char* msg = aclGetRecentErrMsg();
            CHECK(msg != nullptr && msg[0] != '\0', "aclCreateTensor failed without a message");
        } else {
            // getters round-trip
            int64_t* dims = nullptr;
            uint64_t nd = 0;
            CHECK(aclGetViewShape(t.t, &dims, &nd) == 0 && nd == t.dims.size(), "aclGetViewShape");
            CHECK(std::equal(t.dims.begin(), t.dims.end(), dims), "view shape round trip");
            delete[] dims;
            int64_t* st = nullptr;
            CHECK(aclGetViewStrides(t.t, &st, &nd) == 0 && nd == t.dims.size(), "aclGetViewStrides");
            CHECK(std::equal(t.strides.begin(), t.strides.end(), st), "strides round trip");
            delete[] st;
            int fmt = -12345, dt = -12345;
            CHECK(FuzzGetFormat(t.t, &fmt) == 0 && fmt == t.format, "aclGetFormat round trip: %d vs %d", fmt, t.format);
            CHECK(FuzzGetDataType(t.t, &dt) == 0 && dt == t.dtype, "aclGetDataType round trip");
        }
    }
    {
        auto vec = [](const std::vector<int64_t>& v) {
            std::string r = "[";
            for (size_t i = 0; i < v.size(); ++i) r += (i ? "," : "") + std::to_string(v[i]);
            return r + "]";
        };
        g_case = "    profile " + std::string(ProfileKey(kAllProfiles[g_profile])) +
                 ", A = " + std::to_string(m.a.size) + " bytes at " +
                 std::to_string(reinterpret_cast<uintptr_t>(m.a.p)) + ", O = " + std::to_string(m.o.size) +
                 " bytes at " + std::to_string(reinterpret_cast<uintptr_t>(m.o.p)) + "\n";
        for (int k = 0; k < n; ++k) {
            const Desc& t = d[k];
            const unsigned char* base = t.data;
            std::string where = base == nullptr ? "null"
                                : (base >= m.a.p && base < m.a.p + m.a.size) ? "A+" + std::to_string(base - m.a.p)
                                : (base >= m.o.p && base < m.o.p + m.o.size) ? "O+" + std::to_string(base - m.o.p)
                                                                              : "elsewhere";
            g_case += "    " + std::string(names[k]) + ": dims " + vec(t.dims) + " strides " +
                      (t.null_strides ? "null" : vec(t.strides_in)) + " offset " + std::to_string(t.offset) +
                      " dtype " + std::to_string(t.dtype) + " format " + std::to_string(t.format) + " storage " +
                      vec(t.storage) + " data " + where + (t.created ? "" : " (not created)") +
                      (t.pass_null ? " (passed null)" : "") + (t.destroy_before ? " (destroyed)" : "") + "\n";
        }
    }
    if (std::getenv("ACLNN_FUZZ_PRINT") != nullptr) std::fprintf(stderr, "%s", g_case.c_str());
}

// Destroys the tensors decoded to be destroyed before the call (dead[k]: the released handle passed instead)
// and, every other input, passes a handle released by an earlier input instead.
void ReleaseBefore(Desc* d, int n, const aclTensor** dead) {
    for (int k = 0; k < n; ++k) {
        if (d[k].destroy_before && d[k].created) {
            CHECK(aclDestroyTensor(d[k].t) == 0, "aclDestroyTensor");
            dead[k] = d[k].t;
            d[k].created = false;
            g_grave.Add(kGTensor, d[k].t);
        }
    }
    // Every other input passes a tensor released by an earlier input instead (any age), unless its address
    // now holds one of this input's live tensors.
    for (int k = 0; k < n; ++k) {
        void* old = (g_stats.inputs & 1) != 0 && dead[k] != nullptr ? g_grave.Pick(kGTensor, g_stats.inputs / 2 + k)
                                                                    : nullptr;
        bool live = old == nullptr;
        for (int j = 0; j < n; ++j) live = live || (d[j].created && d[j].t == old);
        if (!live) dead[k] = static_cast<const aclTensor*>(old);
    }
}

// ---------------------------------------------------------------- operator-table entries (kOpTable)
// Every entry of kOpInfos (tools/opgen/gen_ops.py's description of ops/operators.yaml) that the hand-written
// models above do not cover, driven through its uniform adapters and checked against its reference model
// (tests/support/op_reference.h) where the call lies inside what the model covers.
using aclcpu_test::opinfo::Arg;
using aclcpu_test::opinfo::kOpInfos;
using aclcpu_test::opinfo::OpInfo;
using aclcpu_test::opinfo::ParamInfo;
using aclcpu_test::opinfo::ParamKind;
using aclcpu_test::opinfo::Role;

constexpr size_t kNumTableEntries = sizeof kOpInfos / sizeof kOpInfos[0];
constexpr int kMaxT = aclcpu_test::opinfo::kMaxTensors;
constexpr int kMaxP = aclcpu_test::opinfo::kMaxParams;

// Per-entry counters (printed at exit): first phases, accepted, checked against the reference's status,
// launches, launches whose bits were checked, elements checked.
struct TableStats {
    long inputs = 0, first_ok = 0, status_checked = 0, runs_ok = 0, bits_checked = 0, elements = 0;
} g_table_stats[kNumTableEntries];

// The kOpInfos indices of the entries the table path drives: those whose second phase is none of the
// operators the hand-written path calls (never destroyed: the statistics at exit read it).
const std::vector<size_t>& TableEntries() {
    static const std::vector<size_t>* const entries = [] {
        const aclcpu_test::opinfo::SecondPhaseFn hand[] = {
            &aclnnL1LossBackward, &aclnnMseLossBackward, &aclnnSmoothL1LossBackward,
            &aclnnL1Loss,         &aclnnMseLoss,         &aclnnSmoothL1Loss};
        auto* v = new std::vector<size_t>;
        for (size_t i = 0; i < kNumTableEntries; ++i) {
            if (std::find(std::begin(hand), std::end(hand), kOpInfos[i].second) == std::end(hand)) v->push_back(i);
        }
        return v;
    }();
    return *entries;
}

// An aclScalar argument's value as the reference models it (Arg.f): exact for the real dtypes whose values
// a double holds (64-bit integers up to 2^53); false for the others (complex, wider integers, no value).
bool ScalarModelValue(int dt, const unsigned char* b, double* v) {
    switch (dt) {
        case kF64: std::memcpy(v, b, 8); return true;
        case kF32: case kF16: case kBF16: case kS8: case kU8: case kS16: case kU16: case kS32: case kU32:
        case kBool:
            *v = static_cast<double>(ReadValue(b, dt));
            return true;
        case kS64: case kU64: {
            const long double x = ReadValue(b, dt);
            if (std::fabs(x) > 9007199254740992.0L) return false;
            *v = static_cast<double>(x);
            return true;
        }
        default: return false;
    }
}

// The bytes of value v as a scalar of dtype dt (the narrower floating dtypes: v rounded to float first;
// integers: v truncated, 0 when out of range).
void EncodeScalar(int dt, double v, unsigned char* b) {
    switch (dt) {
        case kF64: case kC128:
            std::memcpy(b, &v, 8);
            return;
        case kF32: case kF16: case kBF16: case kC64:
            WriteValue(b, dt, static_cast<float>(v));
            return;
        case kBool: b[0] = v != 0.0; return;
        default: {
            const int64_t i = std::isfinite(v) && std::fabs(v) < 9.0e18 ? static_cast<int64_t>(v) : 0;
            std::memcpy(b, &i, std::max<size_t>(DtSize(dt), 1));
            return;
        }
    }
}

// A decoded aclScalar argument: the handle (null: passed null) and whether the reference can predict the call.
struct ScalarChoice {
    aclScalar* s = nullptr;
    bool modelled = false;
    double value = 0.0;
    std::string text;
};

// An aclScalar parameter: the table's default (or sample) in its dtype 3 times in 8; 4 in 8 a fuzzed dtype
// (every real and complex one, and two without a scalar form) holding a special value (zero, +-FLT_EPSILON
// and around it, the float and half limits, infinities, NaN) or raw bits; 1 in 8 null. Only a scalar of the
// table's dtype is modelled (the other calls are checked for their invariants, not their status).
ScalarChoice DecodeScalar(FuzzedDataProvider& in, const ParamInfo& p) {
    static const int dtypes[] = {kF32, kF16, kBF16, kF64, kS8, kU8, kS16, kU16, kS32, kU32, kS64, kU64, kBool,
                                 kC64, kC128, kString, 1000};
    static const double specials[] = {0.0, -0.0, 1.0, -1.0, 0.5, 2.0, -3.0, 1.1920928955078125e-07,
                                      -1.1920928955078125e-07, 5.9604644775390625e-08, 1.8e-07, 1e-30, 100.0,
                                      65504.0, 70000.0, 3.4028234663852886e38, 1e39, -1e300,
                                      std::numeric_limits<double>::quiet_NaN(),
                                      std::numeric_limits<double>::infinity(),
                                      -std::numeric_limits<double>::infinity(), 5e-324};
    ScalarChoice c;
    const int mode = in.ConsumeIntegralInRange<int>(0, 7);
    if (mode == 7) {
        c.text = "null";
        return c;
    }
    int dt = p.scalar_dtype;
    alignas(16) unsigned char bytes[16] = {};
    if (mode < 3) {
        EncodeScalar(dt, p.def_f, bytes);
    } else {
        dt = dtypes[in.ConsumeIntegralInRange<size_t>(0, sizeof dtypes / sizeof dtypes[0] - 1)];
        if (OneIn(in, 3)) {
            const uint64_t lo = in.ConsumeIntegral<uint64_t>(), hi = in.ConsumeIntegral<uint64_t>();
            std::memcpy(bytes, &lo, 8);
            std::memcpy(bytes + 8, &hi, 8);
        } else {
            EncodeScalar(dt, specials[in.ConsumeIntegralInRange<size_t>(0, sizeof specials / sizeof specials[0] - 1)],
                         bytes);
        }
    }
    c.s = FuzzCreateScalar(bytes, dt);
    if (c.s == nullptr) {
        const char* msg = aclGetRecentErrMsg();
        CHECK(msg != nullptr && msg[0] != '\0', "aclCreateScalar(dtype %d) failed without a message", dt);
    }
    // The reference functions take a scalar by value (opref: Arg::f), so a call is predicted only with the
    // scalar in the table's dtype: the operators check a scalar's dtype (in_list scalars) and convert it from
    // its own dtype (an integer bound beyond float32's precision, ...), which a value alone does not say.
    c.modelled = c.s != nullptr && ScalarModelValue(dt, bytes, &c.value) && dt == p.scalar_dtype;
    char text[96];
    uint64_t raw;
    std::memcpy(&raw, bytes, 8);
    std::snprintf(text, sizeof text, "scalar dtype %d bits 0x%016llx (%s%a)", dt, static_cast<unsigned long long>(raw),
                  c.s == nullptr ? "not created, " : c.modelled ? "" : "not modelled, ", c.value);
    c.text = text;
    return c;
}

// The non-tensor arguments of an entry and the handles they own.
struct TableArgs {
    Arg a[kMaxP];
    bool modelled = true;  // the reference can predict the call from a[]
    std::vector<aclScalar*> scalars;
    std::vector<aclIntArray*> ints;
    std::vector<aclBoolArray*> bools;
    std::vector<aclScalarList*> scalar_lists;
    std::vector<aclTensorList*> tensor_lists;
    std::string text;
    ~TableArgs() {
        for (aclScalar* s : scalars) aclDestroyScalar(s);
        for (aclIntArray* x : ints) aclDestroyIntArray(x);
        for (aclBoolArray* x : bools) aclDestroyBoolArray(x);
        for (aclScalarList* x : scalar_lists) aclDestroyScalarList(x);
        for (aclTensorList* x : tensor_lists) aclDestroyTensorList(x);
    }
};

// Decodes the entry's non-tensor arguments: reduction as the hand-written path decodes it, aclScalar
// parameters with DecodeScalar, the others at the table's default (or sample), as the table-driven suite
// passes them.
void DecodeArgs(FuzzedDataProvider& in, const OpInfo& op, TableArgs& ta) {
    static const int64_t reductions[] = {0, 1, 2, 0, 1, 2, 0, 1, 2, -1, 3, INT64_MIN, INT64_MAX};
    for (int k = 0; k < op.num_params; ++k) {
        const ParamInfo& p = op.params[k];
        Arg& a = ta.a[k];
        a.i = p.def_i;
        a.f = p.def_f;
        a.str = p.def_str;
        ta.modelled = ta.modelled && p.has_default;
        std::string text = std::string(p.name) + " ";
        switch (p.kind) {
            case ParamKind::kInt64:
                if (k == op.reduction) a.i = reductions[in.ConsumeIntegralInRange<size_t>(0, 12)];
                text += std::to_string(a.i);
                break;
            case ParamKind::kScalar: {
                ScalarChoice c = DecodeScalar(in, p);
                if (c.s != nullptr) ta.scalars.push_back(c.s);
                a.scalar = c.s;
                a.f = c.value;
                ta.modelled = ta.modelled && c.modelled;
                text += c.text;
                break;
            }
            case ParamKind::kIntArray: {
                std::vector<int64_t> v(p.def_list, p.def_list + p.def_list_len);
                ta.ints.push_back(aclCreateIntArray(v.data(), v.size()));
                a.ints = ta.ints.back();
                break;
            }
            case ParamKind::kBoolArray: {
                std::vector<char> v(p.def_list_len + 1);
                for (int j = 0; j < p.def_list_len; ++j) v[j] = p.def_list[j] != 0.0;
                ta.bools.push_back(aclCreateBoolArray(reinterpret_cast<const bool*>(v.data()), p.def_list_len));
                a.bools = ta.bools.back();
                break;
            }
            case ParamKind::kScalarList: {
                std::vector<const aclScalar*> v;
                for (int j = 0; j < p.def_list_len; ++j) {
                    alignas(16) unsigned char b[16] = {};
                    EncodeScalar(p.scalar_dtype, p.def_list[j], b);
                    ta.scalars.push_back(FuzzCreateScalar(b, p.scalar_dtype));
                    v.push_back(ta.scalars.back());
                }
                ta.scalar_lists.push_back(aclCreateScalarList(v.data(), v.size()));
                a.scalar_list = ta.scalar_lists.back();
                break;
            }
            case ParamKind::kTensorList:  // no default value: an empty list
                ta.tensor_lists.push_back(aclCreateTensorList(nullptr, 0));
                a.tensor_list = ta.tensor_lists.back();
                break;
            default:
                text += p.kind == ParamKind::kFloat || p.kind == ParamKind::kDouble ? std::to_string(a.f)
                                                                                  : std::to_string(a.i);
                break;
        }
        ta.text += (k ? ", " : "") + text;
    }
}

// The element count of the inputs' broadcast shape (false: they do not broadcast, or it overflows).
bool InputsBroadcastNumel(const OpInfo& op, const Desc* d, int64_t* numel) {
    std::vector<int64_t> b;
    for (int k = 0; k < op.num_tensors; ++k) {
        if (op.tensors[k].role == Role::kOutput) continue;
        std::vector<int64_t> r;
        if (!BroadcastShapes(b, d[k].dims, &r)) return false;
        b = r;
    }
    return CountOk(b, numel);
}

// One input of the table path (after the profile, the blocks and the copies: see the header).
void OneTableInput(FuzzedDataProvider& in, Memory& m) {
    const std::vector<size_t>& entries = TableEntries();
    const size_t index = entries.empty() ? 0 : entries[in.ConsumeIntegralInRange<size_t>(0, entries.size() - 1)];
    if (entries.empty()) {
        FreeBlock(m.a);
        FreeBlock(m.o);
        return;
    }
    const OpInfo& op = kOpInfos[index];
    TableStats& ts = g_table_stats[index];
    const int n = op.num_tensors;
    bool out[kMaxT], must_create[kMaxT];
    const char* names[kMaxT];
    for (int k = 0; k < n; ++k) {
        out[k] = op.tensors[k].role != Role::kInput;
        names[k] = op.tensors[k].name;
    }
    // ---- descriptors: the hand-written path's decoders; the base dtype mostly one the entry accepts
    Desc d[kMaxT];
    DecodeShapes(in, d, n, out, op.shape == aclcpu_test::opinfo::ShapeKind::kLoss, op.broadcasts);
    std::vector<int> listed;
    for (int dt = 0; dt < 64; ++dt) {
        if ((op.accept_mask[g_profile] >> dt) & 1u) listed.push_back(dt);
    }
    const int base_dtype = listed.empty() || OneIn(in, 4)
                               ? PickDtype(in)
                               : listed[in.ConsumeIntegralInRange<size_t>(0, listed.size() - 1)];
    for (int k = 0; k < n; ++k) must_create[k] = DecodeTensor(in, m, d, k, base_dtype, out[k]);
    CreateTensors(m, d, n, must_create, names);
    const aclTensor* dead[kMaxT] = {};
    ReleaseBefore(d, n, dead);
    TableArgs ta;
    DecodeArgs(in, op, ta);
    const bool null_ws = OneIn(in, 51);
    const bool null_ex = OneIn(in, 51);
    g_case += "    operator " + std::string(op.api) + " (" + ta.text + ")" + (null_ws ? ", workspaceSize null" : "") +
              (null_ex ? ", executor null" : "") + "\n";
    auto cleanup = [&]() {
        for (int k = 0; k < n; ++k) {
            if (d[k].created) {
                CHECK(aclDestroyTensor(d[k].t) == 0, "aclDestroyTensor");
                g_grave.Add(kGTensor, d[k].t);
            }
        }
        for (int k = 0; k < n; ++k) {
            if (dead[k] != nullptr) CHECK(aclDestroyTensor(dead[k]) == ACLNN_ERR_PARAM_INVALID, "double destroy");
        }
        (void)aclGetRecentErrMsg();
        FreeBlock(m.ws);
        FreeBlock(m.a);
        FreeBlock(m.o);
    };
    for (int k = 0; k < n; ++k) {  // as the hand-written path: outputs whose overlap test would take seconds
        if (out[k] && d[k].created && d[k].numel > kMaxExactOverlap && !SufficientlyDisjoint(d[k])) {
            cleanup();
            return;
        }
    }
    // ---- what the call must give: a refusal for a null or released tensor, a null out-parameter, a view
    // outside its storage or an output mapping two indices to one element (SPEC 3, 4.6); the reference's
    // status where the call lies inside what it models (no such argument, the scalars' values modelled,
    // at most 2^16 elements a tensor and 1 MiB a view, the reference not declining)
    bool must_reject = null_ws || null_ex, small = true, addresses_ok = true;
    bool optional_null = false;  // an optional input passed NULL (the caller's "none"): a call the checks accept
    for (int k = 0; k < n; ++k) {
        const Desc& t = d[k];
        if (op.tensors[k].optional && (t.pass_null || (!t.created && dead[k] == nullptr))) {
            optional_null = true;
            small = false;  // outside the reference's views (it takes every tensor)
            continue;
        }
        if (t.pass_null || !t.created || dead[k] != nullptr) {
            must_reject = true;
            continue;
        }
        int64_t sc = 0;
        CountOk(t.storage, &sc);
        if (t.numel > 0 && t.last >= sc) must_reject = true;
        if (out[k] && MayOverlap(t)) must_reject = true;
        if (t.item == 0) {  // ACL_STRING: no element size (every list refuses it)
            small = addresses_ok = false;
            continue;
        }
        if (t.numel > (int64_t{1} << 16) || (t.numel > 0 && (t.last + 1) > (int64_t{1} << 20) / int64_t(t.item))) {
            small = false;
        }
        if (AddressStatus(m, t, t.data) != 0) addresses_ok = false;
    }
    // Several outputs sharing a byte are refused (CheckOutputsApart), an entry with several outputs may refuse
    // an output sharing a byte with any other tensor (PreluBackward's gradWeight, which its reduction writes
    // before the element-wise output reads the inputs), and a reduction refuses an out sharing a byte with self
    // (aclnnReduceSum): outside the reference's model, whose views are host copies.
    bool outputs_apart = true;
    int num_out = 0;
    for (int k = 0; k < n; ++k) num_out += out[k] ? 1 : 0;
    const bool reduction = op.shape == aclcpu_test::opinfo::ShapeKind::kReduce;
    for (int k = 0; k < n; ++k) {
        for (int j = k + 1; j < n; ++j) {
            if (!(out[k] && out[j]) && !((num_out > 1 || reduction) && (out[k] || out[j]))) continue;
            if (d[k].numel == 0 || d[j].numel == 0) continue;
            uintptr_t lo, hi, lo2, hi2;
            ViewBytes(d[k], d[k].data, &lo, &hi);
            ViewBytes(d[j], d[j].data, &lo2, &hi2);
            if (lo < hi2 && lo2 < hi) outputs_apart = false;
        }
    }
    int64_t b_numel = 0;
    const bool b_small = InputsBroadcastNumel(op, d, &b_numel) && b_numel <= (int64_t{1} << 16);
    m.Snapshot();
    // The reference's views: host copies of each view's bytes (the snapshot where the view lies in a block,
    // zeros elsewhere: the verdict does not read them), outputs into images of their bytes.
    std::vector<std::vector<uint8_t>> host(n), image(n);
    int ref = opref::kNotModelled;
    if (op.reference_fn != nullptr && !must_reject && ta.modelled && small && b_small &&
        outputs_apart) {
        View v[kMaxT];
        uint8_t* outs[kMaxT];
        int nout = 0;
        for (int k = 0; k < n; ++k) {
            const Desc& t = d[k];
            const size_t ext = t.numel > 0 ? static_cast<size_t>(t.last + 1) * t.item : 0;
            host[k].assign(std::max<size_t>(ext, 16), 0);
            if (ext > 0 && AddressStatus(m, t, t.data) == 0) std::memcpy(host[k].data(), m.SnapAt(t.data), ext);
            v[k].dtype = t.dtype;
            v[k].shape = t.dims;
            v[k].strides = t.strides;
            v[k].offset = t.offset;
            v[k].storage = t.storage;
            v[k].data = host[k].data();
            v[k].format = t.format;
            if (out[k]) {
                image[k] = host[k];
                outs[nout++] = image[k].data();
                if (op.tensors[k].role == Role::kOutput) v[k].data = image[k].data();
            }
        }
        ref = op.reference_fn(kAllProfiles[g_profile], v, ta.a, outs);
    }
    // ---- first phase
    uint64_t ws = 0xDEADBEEFull;
    aclOpExecutor* ex = reinterpret_cast<aclOpExecutor*>(uintptr_t{0x1});
    aclTensor* args[kMaxT];
    for (int k = 0; k < n; ++k) {
        args[k] = d[k].pass_null ? nullptr : const_cast<aclTensor*>(dead[k] != nullptr ? dead[k] : d[k].t);
    }
    ++g_stats.op_inputs[kOpTable];
    ++ts.inputs;
    const int ret1 = op.first(args, ta.a, null_ws ? nullptr : &ws, null_ex ? nullptr : &ex);
    // (aclGetRecentErrMsg clears the message: read only when failing, ExpectRejected reads it below)
    CHECK(ref == opref::kNotModelled || ret1 == ref, "%s first phase returned %d, the reference %d (%s)", op.api1,
          ret1, ref, ret1 != 0 ? aclGetRecentErrMsg() : "");
    CHECK(!must_reject || ret1 != 0, "%s first phase accepted a call it must refuse", op.api1);
    if (ref != opref::kNotModelled) ++ts.status_checked;
    ++(ret1 == 0 ? g_stats.first_ok : g_stats.first_rejected);
    if (ret1 != 0) {
        ExpectRejected(ret1, m, "first phase");
        CHECK(ws == 0xDEADBEEFull && ex == reinterpret_cast<aclOpExecutor*>(uintptr_t{0x1}),
              "a failed first phase wrote an out-parameter");
        cleanup();
        return;
    }
    ++g_stats.op_first_ok[kOpTable];
    ++ts.first_ok;
    CHECK(ex != nullptr && ex != reinterpret_cast<aclOpExecutor*>(uintptr_t{0x1}), "no executor");
    if (optional_null || !InputsBroadcastNumel(op, d, &b_numel) || b_numel > kMaxForwardReduce || ws > (1u << 20)) {
        CHECK(aclDestroyAclOpExecutor(ex) == 0, "destroy an unrun executor");  // planned, not run: keeps it fast
        g_grave.Add(kGExecutor, ex);
        cleanup();
        return;
    }
    // ---- second phase: a plain launch, or one with a null / short workspace, a null executor, or the
    // default stream; then, 1 in 3, a launch through the consumed executor
    unsigned char* data[kMaxT];
    for (int k = 0; k < n; ++k) data[k] = d[k].data;
    if (ws > 0) {
        m.ws.size = static_cast<size_t>(ws) + (OneIn(in, 3) ? in.ConsumeIntegralInRange<size_t>(1, 64) : 0);
        CHECK(aclrtMalloc(reinterpret_cast<void**>(&m.ws.p), m.ws.size, ACL_MEM_MALLOC_HUGE_FIRST) == 0, "ws");
        m.ws.size = CannBlockBytes(m.ws.size);
    }
    // The bits are the reference's where every view lies in a block and no output's bytes meet another
    // tensor's (the reference computes from copies).
    bool bits = ref == 0 && addresses_ok;
    for (int k = 0; k < n && bits; ++k) {
        if (!out[k] || d[k].numel == 0) continue;
        uintptr_t lo, hi;
        ViewBytes(d[k], data[k], &lo, &hi);
        for (int j = 0; j < n; ++j) {
            if (j == k || d[j].numel == 0) continue;
            uintptr_t lo2, hi2;
            ViewBytes(d[j], data[j], &lo2, &hi2);
            if (lo < hi2 && lo2 < hi) bits = false;
        }
    }
    const int sc = in.ConsumeIntegralInRange<int>(0, 9);
    void* wsp = m.ws.p;
    uint64_t wss = ws;
    aclOpExecutor* exe = ex;
    aclrtStream stream = g_stream;
    switch (sc) {
        case 6: wsp = nullptr; break;
        case 7: if (wss > 0) wss -= 1; break;
        case 8: exe = nullptr; break;
        case 9: stream = nullptr; break;
        default: break;
    }
    int want2 = 0;
    if (exe == nullptr) want2 = ACLNN_ERR_PARAM_NULLPTR;
    else if (wss > 0 && wsp == nullptr) want2 = ACLNN_ERR_PARAM_NULLPTR;
    else if (wss < ws) want2 = ACLNN_ERR_PARAM_INVALID;
    else if (ws > 0 && WorkspaceOverlaps(d, data, 0, n, wsp, ws)) want2 = ACLNN_ERR_PARAM_INVALID;
    // the library checks the addresses in the executor's tensor order: an Inplace variant's is its base's (the
    // variant's tensors as the base's parameters bind them, selfRef twice)
    if (op.inplace_of >= 0) {
        const OpInfo& base = kOpInfos[op.inplace_of];
        for (int j = 0; j < base.num_tensors && want2 == 0; ++j) want2 = AddressStatus(m, d[op.bind[j]], data[op.bind[j]]);
    }
    for (int k = 0; k < n && want2 == 0; ++k) want2 = AddressStatus(m, d[k], data[k]);
    m.Snapshot();
    const int ret2 = op.second(wsp, wss, exe, stream);
    CHECK(ret2 == want2, "%s second phase (scenario %d, ws %llu) returned %d, model %d: %s", op.api, sc,
          static_cast<unsigned long long>(ws), ret2, want2, ret2 != 0 ? aclGetRecentErrMsg() : "");
    ++(ret2 == 0 ? g_stats.runs_ok : g_stats.runs_rejected);
    if (ret2 != 0) {
        ExpectRejected(ret2, m, "second phase");
    } else {
        ++g_stats.op_runs_ok[kOpTable];
        ++ts.runs_ok;
        CHECK(aclrtSynchronizeStream(stream) == ACL_SUCCESS, "sync: %s", aclGetRecentErrMsg());
        if (bits) {
            Expected e{m.snap_a, m.snap_o, {}, {}};
            int first_out = -1;
            for (int k = 0; k < n; ++k) {
                if (!out[k] || d[k].numel == 0) continue;
                if (first_out < 0) first_out = k;
                unsigned char* dst = data[k];
                unsigned char* img = (dst >= m.a.p && dst < m.a.p + m.a.size) ? e.a.data() + (dst - m.a.p)
                                                                                : e.o.data() + (dst - m.o.p);
                // Only the view's own bytes (ViewBytes: the first element to the last): another output may
                // lie between the data address and the view's first element (CheckOutputsApart keeps views,
                // not storages, apart).
                const size_t from = static_cast<size_t>(d[k].offset) * d[k].item;
                const size_t to = static_cast<size_t>(d[k].last + 1) * d[k].item;
                std::memcpy(img + from, image[k].data() + from, to - from);
                View v;
                v.shape = d[k].dims;
                v.strides = d[k].strides;
                v.offset = d[k].offset;
                ForEachIndex(d[k].dims, [&](const std::vector<int64_t>& idx) {
                    e.out_elems.push_back(dst + ElementIndex(v, idx) * static_cast<int64_t>(d[k].item));
                    e.out_descs.push_back(&d[k]);
                });
            }
            CheckResult(m, e, d[first_out < 0 ? n - 1 : first_out],
                        Scratch{static_cast<const unsigned char*>(wsp), ws});
            ++ts.bits_checked;
            ts.elements += static_cast<long>(e.out_elems.size());
            g_stats.op_elements[kOpTable] += static_cast<long>(e.out_elems.size());
            g_stats.elements_checked += static_cast<long>(e.out_elems.size());
        }
    }
    bool live = exe != ex;  // a plain executor is consumed by any launch that names it (SPEC 6)
    if (!live && OneIn(in, 3)) {
        m.Snapshot();
        const int ret = op.second(wsp, wss, ex, g_stream);
        CHECK(ret == ACLNN_ERR_PARAM_INVALID, "%s through a consumed executor returned %d", op.api, ret);
        ExpectRejected(ret, m, "second phase (consumed executor)");
    }
    CHECK(aclDestroyAclOpExecutor(ex) == (live ? 0 : ACLNN_ERR_PARAM_INVALID), "destroy the executor (live %d)", live);
    (void)aclGetRecentErrMsg();
    CHECK(aclrtSynchronizeStream(g_stream) == 0, "sync");
    g_grave.Add(kGExecutor, ex);
    cleanup();
}

void OneInput(FuzzedDataProvider& in) {
    // ---- profile (switching re-initialises the runtime: aclFinalize destroys g_stream and all memory)
    if (OneIn(in, 16)) {
        const int prof = in.ConsumeIntegralInRange<int>(0, kNumProfiles - 1);
        if (prof != g_profile) {
            g_grave.Add(kGStream, g_stream);  // aclFinalize releases it
            CHECK(aclFinalize() == ACL_SUCCESS, "aclFinalize");
            CHECK(aclrtCreateStream(&g_stream) == ACL_ERROR_UNINITIALIZE, "stream after finalize");
            InitRuntime(prof);
        }
    }
    // ---- memory
    Memory m;
    m.a.size = in.ConsumeIntegralInRange<size_t>(64, 4096);
    m.o.size = in.ConsumeIntegralInRange<size_t>(64, 4096);
    CHECK(aclrtMalloc(reinterpret_cast<void**>(&m.a.p), m.a.size, ACL_MEM_MALLOC_HUGE_FIRST) == 0, "malloc A");
    CHECK(aclrtMalloc(reinterpret_cast<void**>(&m.o.p), m.o.size, ACL_MEM_MALLOC_NORMAL_ONLY) == 0, "malloc O");
    m.a.size = CannBlockBytes(m.a.size);
    m.o.size = CannBlockBytes(m.o.size);
    {
        const std::vector<unsigned char> pattern = in.ConsumeBytes<unsigned char>(in.ConsumeIntegralInRange<size_t>(0, 64));
        for (size_t i = 0; i < m.a.size; ++i) {
            m.a.p[i] = pattern.empty() ? static_cast<unsigned char>(i * 37 + 11) : pattern[i % pattern.size()] ^ static_cast<unsigned char>(i / pattern.size());
        }
        std::memset(m.o.p, 0xA5, m.o.size);  // canary
    }
    FuzzCopies(in, m);
    if (g_op == kOpTable) {
        OneTableInput(in, m);
        FuzzStaleCopies(in);
        FuzzStaleHandles(in);
        return;
    }

    // ---- descriptors
    Desc d[4];
    static const bool kOutputs[4] = {false, false, false, true};
    DecodeShapes(in, d, 4, kOutputs, IsForward(g_op), true);
    const int base_dtype = PickDtype(in);
    bool must_create[4];
    for (int k = 0; k < 4; ++k) must_create[k] = DecodeTensor(in, m, d, k, base_dtype, k == 3);
    static const char* const kNames[4] = {"gradOutput", "self", "target", "gradInput"};
    CreateTensors(m, d, 4, must_create, kNames);
    const aclTensor* dead[4] = {};
    ReleaseBefore(d, 4, dead);
    const int64_t reductions[] = {0, 1, 2, 0, 1, 2, 0, 1, 2, -1, 3, INT64_MIN, INT64_MAX};
    const int64_t reduction = reductions[in.ConsumeIntegralInRange<size_t>(0, 12)];
    const bool null_ws = OneIn(in, 51);
    const bool null_ex = OneIn(in, 51);
    const bool smooth = g_op == kOpSmoothL1 || g_op == kOpSmoothL1Fwd;
    const bool fwd = IsForward(g_op);
    const int first_arg = fwd ? 1 : 0;  // a forward call does not pass d[0]
    const float beta = smooth ? DecodeBeta(in) : 1.0f;
    char beta_text[64];
    std::snprintf(beta_text, sizeof beta_text, "%a (0x%08x)", static_cast<double>(beta), FloatBits(beta));
    g_case += "    operator " + std::string(kOpNames[g_op]) + ", reduction " + std::to_string(reduction) +
              (smooth ? ", beta " + std::string(beta_text) : std::string()) + "\n";

    if (d[3].created && d[3].numel > kMaxExactOverlap && !SufficientlyDisjoint(d[3])) {
        for (int k = 0; k < 4; ++k) if (d[k].created) aclDestroyTensor(d[k].t);
        FreeBlock(m.a);
        FreeBlock(m.o);
        return;
    }
    // ---- the model's verdict on the first phase
    const Profile prof = kAllProfiles[g_profile];
    int want1 = 0;
    std::vector<int64_t> b;
    if (null_ws || null_ex) want1 = ACLNN_ERR_PARAM_NULLPTR;
    for (int k = first_arg; k < 4 && want1 == 0; ++k) {
        if (d[k].pass_null || (!d[k].created && dead[k] == nullptr)) want1 = ACLNN_ERR_PARAM_NULLPTR;
    }
    for (int k = first_arg; k < 4 && want1 == 0; ++k) if (dead[k] != nullptr) want1 = ACLNN_ERR_PARAM_INVALID;
    // The operator's own checks (dtypes, ranks, reduction, beta), in its order; all of them give 161002.
    const char* fwd_why = nullptr;  // a forward loss's first failing check (its message fragment)
    if (want1 == 0 && fwd) {
        want1 = ForwardChecks(prof, d, reduction, beta, &b, &fwd_why);
    } else if (want1 == 0) {
        want1 = OperatorChecks(prof, d, reduction, beta);
    }
    if (want1 == 0 && !fwd) {
        std::vector<int64_t> b1;
        if (!BroadcastShapes(d[1].dims, d[0].dims, &b1) || !BroadcastShapes(d[2].dims, b1, &b) || b != d[3].dims) {
            want1 = ACLNN_ERR_PARAM_INVALID;
        }
    }
    if (want1 == 0 && !fwd) {
        for (int k = 0; k < 4; ++k) {
            int64_t sc = 0;
            CountOk(d[k].storage, &sc);
            if (d[k].numel > 0 && d[k].last >= sc) want1 = ACLNN_ERR_PARAM_INVALID;
        }
    }
    if (want1 == 0 && !fwd && MayOverlap(d[3])) want1 = ACLNN_ERR_PARAM_INVALID;

    // ---- first phase
    m.Snapshot();
    uint64_t ws = 0xDEADBEEFull;
    aclOpExecutor* ex = reinterpret_cast<aclOpExecutor*>(uintptr_t{0x1});
    const aclTensor* args[4];
    for (int k = 0; k < 4; ++k) args[k] = d[k].pass_null ? nullptr : (dead[k] != nullptr ? dead[k] : d[k].t);
    uint64_t* ws_arg = null_ws ? nullptr : &ws;
    aclOpExecutor** ex_arg = null_ex ? nullptr : &ex;
    aclTensor* out_arg = const_cast<aclTensor*>(args[3]);
    ++g_stats.op_inputs[g_op];
    int ret1 = 0;
    switch (g_op) {
        case kOpL1:
            ret1 = aclnnL1LossBackwardGetWorkspaceSize(args[0], args[1], args[2], reduction, out_arg, ws_arg, ex_arg);
            break;
        case kOpMse:
            ret1 = aclnnMseLossBackwardGetWorkspaceSize(args[0], args[1], args[2], reduction, out_arg, ws_arg, ex_arg);
            break;
        case kOpSmoothL1:
            ret1 = aclnnSmoothL1LossBackwardGetWorkspaceSize(args[0], args[1], args[2], reduction, beta, out_arg,
                                                             ws_arg, ex_arg);
            break;
        case kOpL1Fwd:
            ret1 = aclnnL1LossGetWorkspaceSize(args[1], args[2], reduction, out_arg, ws_arg, ex_arg);
            break;
        case kOpMseFwd:
            ret1 = aclnnMseLossGetWorkspaceSize(args[1], args[2], reduction, out_arg, ws_arg, ex_arg);
            break;
        default:
            ret1 = aclnnSmoothL1LossGetWorkspaceSize(args[1], args[2], reduction, beta, out_arg, ws_arg, ex_arg);
            break;
    }
    CHECK(ret1 == want1, "%s first phase returned %d, model says %d (dtypes %d %d %d -> %d, ranks %zu %zu %zu %zu, "
          "reduction %lld, beta %g, profile %s): %s",
          kOpNames[g_op], ret1, want1, d[0].dtype, d[1].dtype, d[2].dtype, d[3].dtype, d[0].dims.size(),
          d[1].dims.size(), d[2].dims.size(), d[3].dims.size(), static_cast<long long>(reduction),
          static_cast<double>(beta), ProfileKey(prof), ret1 != 0 ? aclGetRecentErrMsg() : "");
    ++(ret1 == 0 ? g_stats.first_ok : g_stats.first_rejected);
    if (ret1 == 0) ++g_stats.op_first_ok[g_op];
    if (ret1 != 0) {
        ExpectRejected(ret1, m, "first phase", fwd_why != nullptr && fwd_why[0] != '\0' ? fwd_why : nullptr);
        CHECK(ws == 0xDEADBEEFull && ex == reinterpret_cast<aclOpExecutor*>(uintptr_t{0x1}),
              "a failed first phase wrote an out-parameter");
    } else {
        CHECK(ex != nullptr && ex != reinterpret_cast<aclOpExecutor*>(uintptr_t{0x1}), "no executor");
        // The workspace is at most one gradInput-sized temporary (for aliasing outputs); forward reductions may
        // keep partial sums there too.
        CHECK(fwd || ws <= static_cast<uint64_t>(d[3].numel) * d[3].item,
              "workspace size %llu above gradInput's %lld x %zu bytes", static_cast<unsigned long long>(ws),
              static_cast<long long>(d[3].numel), d[3].item);
        const bool empty = (!fwd && d[0].numel == 0) || d[1].numel == 0 || d[2].numel == 0;
        if (empty) CHECK(ws == 0, "empty tensors need no workspace");
    }
    // A forward mean/sum over a huge broadcast shape: planned and checked above, not run.
    int64_t b_numel = 0;
    if (ret1 == 0 && fwd && reduction != 0 && (!CountOk(b, &b_numel) || b_numel > kMaxForwardReduce)) {
        CHECK(aclDestroyAclOpExecutor(ex) == 0, "destroy an unrun forward executor");
        g_grave.Add(kGExecutor, ex);
    } else if (ret1 == 0) {

        // ---- second phase
        const bool repeatable = OneIn(in, 4);
        if (repeatable) CHECK(aclSetAclOpExecutorRepeatable(ex) == 0, "aclSetAclOpExecutorRepeatable");
        if (OneIn(in, 6)) {  // the executor keeps its own descriptors
            for (int k = 0; k < 4; ++k) {
                if (d[k].created) {
                    CHECK(aclDestroyTensor(d[k].t) == 0, "destroy after first phase");
                    g_grave.Add(kGTensor, d[k].t);
                }
                d[k].created = false;
            }
        }
        if (ws > 0 && ws <= 1 << 20) {
            m.ws.size = static_cast<size_t>(ws) + (OneIn(in, 3) ? in.ConsumeIntegralInRange<size_t>(1, 64) : 0);
            CHECK(aclrtMalloc(reinterpret_cast<void**>(&m.ws.p), m.ws.size, ACL_MEM_MALLOC_HUGE_FIRST) == 0, "ws");
            m.ws.size = CannBlockBytes(m.ws.size);
        }
        unsigned char* data[4] = {d[0].data, d[1].data, d[2].data, d[3].data};
        bool live = true;  // the executor can still be run (repeatable, or not yet consumed)
        const int runs = repeatable ? in.ConsumeIntegralInRange<int>(1, 3) : in.ConsumeIntegralInRange<int>(1, 2);
        for (int run = 0; run < runs; ++run) {
            // Re-address a repeatable executor's tensor (model: index range, then address check).
            if (repeatable && OneIn(in, 3)) {
                const int api = in.ConsumeIntegralInRange<int>(0, 2);
                const size_t index = in.ConsumeIntegralInRange<size_t>(0, 5);
                // Forward: inputs self, target (slots 1, 2), output out (slot 3); backward: slots 0-2 and 3.
                const size_t slot = api == 0 ? index + first_arg : (api == 1 ? index + 3 : index + first_arg);
                const size_t limit = api == 0 ? 3 - first_arg : (api == 1 ? 1 : 4 - first_arg);
                unsigned char* addr = index < limit && slot < 4 ? PickData(in, m, d[slot], d, static_cast<int>(slot), slot == 3)
                                                                : m.a.p;
                int want = 0;
                if (index >= limit) want = ACLNN_ERR_PARAM_INVALID;
                else want = AddressStatus(m, d[slot], addr);
                m.Snapshot();
                aclTensor* handle = d[slot < 4 ? slot : 0].created && in.ConsumeBool() ? d[slot < 4 ? slot : 0].t : nullptr;
                int ret = api == 0   ? aclSetInputTensorAddr(ex, index, handle, addr)
                          : api == 1 ? aclSetOutputTensorAddr(ex, index, handle, addr)
                                     : aclSetTensorAddr(ex, index, handle, addr);
                CHECK(ret == want, "aclSet*TensorAddr(api %d, index %zu) returned %d, model %d", api, index, ret, want);
                if (ret != 0) ExpectRejected(ret, m, "aclSet*TensorAddr");
                else data[slot] = addr;
            }
            // Scenario of this launch.
            const int sc = in.ConsumeIntegralInRange<int>(0, 20);
            void* wsp = m.ws.p;
            uint64_t wss = ws;
            aclrtStream stream = g_stream;
            aclOpExecutor* exe = ex;
            aclrtStream dead_stream = nullptr;
            alignas(64) static unsigned char fake_exec[256];
            switch (sc) {
                case 10: wsp = nullptr; break;                                    // null workspace
                case 11: if (wss > 0) wss -= 1; break;                           // too small
                case 12: wsp = g_host; break;                                     // unregistered workspace
                case 13: if (m.ws.p) wsp = m.ws.p + in.ConsumeIntegralInRange<int>(1, 16); break;  // misaligned / past the end
                case 14: wss = ws + in.ConsumeIntegralInRange<uint64_t>(1, 1000); break;  // larger: fine
                case 15:                                                           // a destroyed stream
                    if ((g_stats.inputs & 1) != 0 && g_grave.Pick(kGStream, g_stats.inputs / 2) != nullptr) {
                        stream = g_grave.Pick(kGStream, g_stats.inputs / 2);  // an earlier input's (g_stream: live)
                        break;
                    }
                    CHECK(aclrtCreateStream(&dead_stream) == 0, "create");
                    CHECK(aclrtDestroyStream(dead_stream) == 0, "destroy");
                    g_grave.Add(kGStream, dead_stream);
                    stream = dead_stream;
                    break;
                case 16: stream = reinterpret_cast<aclrtStream>(fake_exec); break;  // never a stream
                case 17:                                                             // never, or no longer, an executor
                    exe = (g_stats.inputs & 1) != 0 && g_grave.Pick(kGExecutor, g_stats.inputs / 2) != nullptr
                              ? static_cast<aclOpExecutor*>(g_grave.Pick(kGExecutor, g_stats.inputs / 2))
                              : reinterpret_cast<aclOpExecutor*>(fake_exec);
                    break;
                case 18: exe = nullptr; break;
                case 19: stream = nullptr; break;  // the default stream
                case 20: {                         // the workspace on a tensor's data
                    unsigned char* on = data[in.ConsumeIntegralInRange<int>(0, 3)];
                    if (on != nullptr) wsp = on;
                    break;
                }
                default: break;
            }
            int want2 = 0;
            if (exe == nullptr) want2 = ACLNN_ERR_PARAM_NULLPTR;
            else if (exe != ex || !live) want2 = ACLNN_ERR_PARAM_INVALID;
            else if (wss > 0 && wsp == nullptr) want2 = ACLNN_ERR_PARAM_NULLPTR;
            else if (wss < ws) want2 = ACLNN_ERR_PARAM_INVALID;
            else if (ws > 0) {
                const Block* wb = BlockOf(m, static_cast<unsigned char*>(wsp));
                if (wb == nullptr || static_cast<unsigned char*>(wsp) + ws > wb->p + wb->size) want2 = ACLNN_ERR_PARAM_INVALID;
                else if (reinterpret_cast<uintptr_t>(wsp) % 8 != 0) want2 = ACLNN_ERR_PARAM_INVALID;
                else if (WorkspaceOverlaps(d, data, first_arg, 4, wsp, ws)) want2 = ACLNN_ERR_PARAM_INVALID;
            }
            if (want2 == 0 && stream != nullptr && stream != g_stream) want2 = ACLNN_ERR_RUNTIME_ERROR;
            for (int k = first_arg; k < 4 && want2 == 0; ++k) want2 = AddressStatus(m, d[k], data[k]);
            // Consumption (SPEC 6): a plain executor is consumed by any call that names it.
            const bool consumes = exe == ex && live && !repeatable;

            Expected e;
            m.Snapshot();
            if (want2 == 0) {
                e = fwd ? ReferenceForward(m, d, data, reduction, beta)
                    : g_op == kOpL1 ? Reference(m, d, data, b, reduction)
                                    : ReferenceLoss(m, d, data, reduction, beta);
            }
            int ret2 = 0;
            switch (g_op) {
                case kOpL1: ret2 = aclnnL1LossBackward(wsp, wss, exe, stream); break;
                case kOpMse: ret2 = aclnnMseLossBackward(wsp, wss, exe, stream); break;
                case kOpSmoothL1: ret2 = aclnnSmoothL1LossBackward(wsp, wss, exe, stream); break;
                case kOpL1Fwd: ret2 = aclnnL1Loss(wsp, wss, exe, stream); break;
                case kOpMseFwd: ret2 = aclnnMseLoss(wsp, wss, exe, stream); break;
                default: ret2 = aclnnSmoothL1Loss(wsp, wss, exe, stream); break;
            }
            CHECK(ret2 == want2,
                  "%s second phase (scenario %d, run %d, repeatable %d, ws %llu) returned %d, model %d: %s",
                  kOpNames[g_op], sc, run, repeatable, static_cast<unsigned long long>(ws), ret2, want2,
                  ret2 != 0 ? aclGetRecentErrMsg() : "");
            if (consumes) live = false;
            ++(ret2 == 0 ? g_stats.runs_ok : g_stats.runs_rejected);
            if (ret2 == 0) {
                g_stats.elements_checked += static_cast<long>(e.out_elems.size());
                g_stats.op_elements[g_op] += static_cast<long>(e.out_elems.size());
                ++g_stats.op_runs_ok[g_op];
                g_stats.workspace_runs += ws > 0;
                g_stats.aliased_runs += data[3] >= m.a.p && data[3] < m.a.p + m.a.size;
            }
            if (ret2 != 0) {
                ExpectRejected(ret2, m, "second phase");
                continue;
            }
            // Free the workspace while the launch may still be pending: aclrtFree must wait for it.
            if (m.ws.p != nullptr && OneIn(in, 4)) FreeBlock(m.ws);
            CHECK(aclrtSynchronizeStream(stream) == ACL_SUCCESS, "sync: %s", aclGetRecentErrMsg());
            CheckResult(m, e, d[3], Scratch{static_cast<const unsigned char*>(wsp), ws});
        }
        if (repeatable) {
            CHECK(aclDestroyAclOpExecutor(ex) == 0, "destroy repeatable executor");
            CHECK(aclDestroyAclOpExecutor(ex) == ACLNN_ERR_PARAM_INVALID, "double destroy of an executor");
        } else if (live) {
            CHECK(aclDestroyAclOpExecutor(ex) == 0, "destroy an unused executor");
        } else {
            CHECK(aclDestroyAclOpExecutor(ex) == ACLNN_ERR_PARAM_INVALID, "destroy of a consumed executor");
        }
        (void)aclGetRecentErrMsg();
        CHECK(aclrtSynchronizeStream(g_stream) == 0, "sync");  // a consumed executor is released when its run ends
        g_grave.Add(kGExecutor, ex);
    }
    for (int k = 0; k < 4; ++k) {
        if (d[k].created) {
            CHECK(aclDestroyTensor(d[k].t) == 0, "aclDestroyTensor");
            g_grave.Add(kGTensor, d[k].t);
        }
    }
    for (int k = 0; k < 4; ++k) {
        if (dead[k] != nullptr) CHECK(aclDestroyTensor(dead[k]) == ACLNN_ERR_PARAM_INVALID, "double destroy");
    }
    (void)aclGetRecentErrMsg();
    FreeBlock(m.ws);
    FreeBlock(m.a);
    FreeBlock(m.o);
    FuzzStaleCopies(in);
    FuzzStaleHandles(in);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    setenv("ASCEND_GLOBAL_LOG_LEVEL", "4", 0);  // thousands of expected failures: keep the log quiet
    setenv("ACLCPU_NUM_THREADS", "2", 0);
    const char* tmp = std::getenv("TMPDIR");
    for (int p = 0; p < kNumProfiles; ++p) {
        g_config[p] = std::string(tmp != nullptr ? tmp : "/tmp") + "/l1_fuzz_" + std::to_string(getpid()) + "_" +
                      ProfileKey(kAllProfiles[p]) + ".json";
        FILE* f = std::fopen(g_config[p].c_str(), "w");
        CHECK(f != nullptr, "cannot write %s", g_config[p].c_str());
        std::fprintf(f, "{\"soc_version\": \"%s\"}\n", ProfileKey(kAllProfiles[p]));
        std::fclose(f);
    }
    InitRuntime(0);
    std::atexit([] {
        if (std::getenv("ACLNN_FUZZ_STATS") != nullptr) {
            const Stats& s = g_stats;
            std::fprintf(stderr,
                         "aclnn_fuzz stats: inputs %ld; tensors created %ld, rejected %ld; first phase ok %ld, rejected %ld; "
                         "launches ok %ld (with workspace %ld, gradInput inside the input arena %ld), rejected %ld; "
                         "result elements checked %ld; memcpy/memset calls %ld, through freed blocks %ld\n",
                         s.inputs, s.created, s.create_rejected, s.first_ok, s.first_rejected, s.runs_ok,
                         s.workspace_runs, s.aliased_runs, s.runs_rejected, s.elements_checked, s.memcpy_calls,
                         s.stale_copies);
            for (int op = 0; op < kNumOps; ++op) {
                std::fprintf(stderr, "aclnn_fuzz stats: %s: first phases %ld, accepted %ld; launches ok %ld; result "
                                     "elements checked %ld\n",
                             kOpNames[op], s.op_inputs[op], s.op_first_ok[op], s.op_runs_ok[op], s.op_elements[op]);
            }
            for (size_t i : TableEntries()) {
                const TableStats& t = g_table_stats[i];
                std::fprintf(stderr, "aclnn_fuzz stats: table %s: first phases %ld (status = the reference's %ld), "
                                     "accepted %ld; launches ok %ld (bits = the reference's %ld); result elements "
                                     "checked %ld\n",
                             kOpInfos[i].api, t.inputs, t.status_checked, t.first_ok, t.runs_ok, t.bits_checked,
                             t.elements);
            }
            std::fprintf(stderr, "aclnn_fuzz stats: calls through released handles %ld, released addresses found live "
                                 "again (reused after the quarantine) %ld\n",
                         g_grave.stale_calls, g_grave.reused);
        }
        aclFinalize();
        for (auto& c : g_config) std::remove(c.c_str());
    });
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    FuzzedDataProvider in(data, size);
    ++g_stats.inputs;
    g_op = size > 0 ? OpFromSpareBits(data[size - 1]) : kOpL1;
    OneInput(in);
    aclcpu::ClearOpCache();
    aclcpu::ForgetLayouts();
    return 0;
}
