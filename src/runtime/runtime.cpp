// aclInit/aclFinalize, product profiles, system parameters and the device thread pool.
#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>
#include <tbb/task_arena.h>

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <atomic>
#include <cstring>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "common/status.h"
#include "runtime/context.h"
#include "runtime/state.h"
#include "runtime/strict.h"
#include "common/exports.h"  // the cross-library functions defined here get default visibility

namespace aclcpu {
namespace rt {
namespace {

// The one table of product names (SPEC 2, 5.2). Chips: the SoC_version of every platform config CANN ships
// for these profiles (hicann/runtime src/platform/platform_config/cann/*.ini and cann-dev/*.ini, each file
// named after its SoC_version). Families: the Short_SoC_version of those files (Ascend950, Ascend910B,
// Ascend910_93, Ascend910, Ascend310P) and the two Ascend 950 lines (Ascend950PR, Ascend950DT); a family
// stands for one representative chip, which aclrtGetSocName reports. CANN also ships a chip named plain
// "Ascend910B" (Short_SoC_version Ascend910, training series); here that name is the Atlas A2 family, as in
// ops-nn's per-SoC folders (docs/differences.md).
struct SocEntry {
    const char* name;  // accepted by FindSoc (case-insensitive), spelled as CANN spells it
    Soc soc;
    const char* chip;  // the chip a family name stands for; nullptr for a chip (it reports itself)
};

constexpr SocEntry kSocs[] = {
    // families, each with its representative chip
    {"Ascend950", Soc::kAscend950, "Ascend950PR_9599"},
    {"Ascend950PR", Soc::kAscend950, "Ascend950PR_9599"},
    {"Ascend950DT", Soc::kAscend950, "Ascend950DT_9591"},
    {"Ascend910B", Soc::kAscend910B, "Ascend910B1"},
    {"Ascend910_93", Soc::kAscend910_93, "Ascend910_9391"},
    {"Ascend910", Soc::kAscend910, "Ascend910A"},
    {"Ascend310P", Soc::kAscend310P, "Ascend310P3"},
    // Ascend 950 (arch35 kernel)
    {"Ascend950PR_9599", Soc::kAscend950, nullptr},
    {"Ascend950PR_9589", Soc::kAscend950, nullptr},
    {"Ascend950PR_958b", Soc::kAscend950, nullptr},
    {"Ascend950PR_957b", Soc::kAscend950, nullptr},
    {"Ascend950PR_957bx", Soc::kAscend950, nullptr},
    {"Ascend950PR_957c", Soc::kAscend950, nullptr},
    {"Ascend950PR_957d", Soc::kAscend950, nullptr},
    {"Ascend950PR_9579", Soc::kAscend950, nullptr},
    {"Ascend950PR_950z", Soc::kAscend950, nullptr},
    {"Ascend950DT_9591", Soc::kAscend950, nullptr},
    {"Ascend950DT_9592", Soc::kAscend950, nullptr},
    {"Ascend950DT_9595", Soc::kAscend950, nullptr},
    {"Ascend950DT_9596", Soc::kAscend950, nullptr},
    {"Ascend950DT_9581", Soc::kAscend950, nullptr},
    {"Ascend950DT_9581x", Soc::kAscend950, nullptr},
    {"Ascend950DT_9582", Soc::kAscend950, nullptr},
    {"Ascend950DT_9582x", Soc::kAscend950, nullptr},
    {"Ascend950DT_9583", Soc::kAscend950, nullptr},
    {"Ascend950DT_9584", Soc::kAscend950, nullptr},
    {"Ascend950DT_9585", Soc::kAscend950, nullptr},
    {"Ascend950DT_9586", Soc::kAscend950, nullptr},
    {"Ascend950DT_9587", Soc::kAscend950, nullptr},
    {"Ascend950DT_9588", Soc::kAscend950, nullptr},
    {"Ascend950DT_9571", Soc::kAscend950, nullptr},
    {"Ascend950DT_9572", Soc::kAscend950, nullptr},
    {"Ascend950DT_9573", Soc::kAscend950, nullptr},
    {"Ascend950DT_9574", Soc::kAscend950, nullptr},
    {"Ascend950DT_9575", Soc::kAscend950, nullptr},
    {"Ascend950DT_9576", Soc::kAscend950, nullptr},
    {"Ascend950DT_9577", Soc::kAscend950, nullptr},
    {"Ascend950DT_9578", Soc::kAscend950, nullptr},
    {"Ascend950DT_950x", Soc::kAscend950, nullptr},
    {"Ascend950DT_950y", Soc::kAscend950, nullptr},
    {"Ascend950DT_95A1", Soc::kAscend950, nullptr},
    {"Ascend950DT_95A2", Soc::kAscend950, nullptr},
    // Atlas A2 training/inference series
    {"Ascend910B1", Soc::kAscend910B, nullptr},
    {"Ascend910B2", Soc::kAscend910B, nullptr},
    {"Ascend910B2C", Soc::kAscend910B, nullptr},
    {"Ascend910B3", Soc::kAscend910B, nullptr},
    {"Ascend910B4", Soc::kAscend910B, nullptr},
    {"Ascend910B4-1", Soc::kAscend910B, nullptr},
    // Atlas A3 training/inference series
    {"Ascend910_9391", Soc::kAscend910_93, nullptr},
    {"Ascend910_9392", Soc::kAscend910_93, nullptr},
    {"Ascend910_9381", Soc::kAscend910_93, nullptr},
    {"Ascend910_9382", Soc::kAscend910_93, nullptr},
    {"Ascend910_9372", Soc::kAscend910_93, nullptr},
    {"Ascend910_9362", Soc::kAscend910_93, nullptr},
    {"Ascend910_9363", Soc::kAscend910_93, nullptr},
    // Atlas training series
    {"Ascend910A", Soc::kAscend910, nullptr},
    {"Ascend910ProA", Soc::kAscend910, nullptr},
    {"Ascend910ProB", Soc::kAscend910, nullptr},
    {"Ascend910PremiumA", Soc::kAscend910, nullptr},
    // Atlas inference series
    {"Ascend310P1", Soc::kAscend310P, nullptr},
    {"Ascend310P3", Soc::kAscend310P, nullptr},
    {"Ascend310P5", Soc::kAscend310P, nullptr},
    {"Ascend310P7", Soc::kAscend310P, nullptr},
};

bool EqualNoCase(const char* a, const char* b) {
    for (; *a != '\0' && *b != '\0'; ++a, ++b) {
        if (std::tolower(static_cast<unsigned char>(*a)) != std::tolower(static_cast<unsigned char>(*b))) return false;
    }
    return *a == *b;
}

// The entry of a name, nullptr when unknown.
const SocEntry* FindSoc(const char* name) {
    if (name == nullptr) return nullptr;
    for (const SocEntry& e : kSocs) {
        if (EqualNoCase(name, e.name)) return &e;
    }
    return nullptr;
}

const char* ChipOf(const SocEntry& e) { return e.chip != nullptr ? e.chip : e.name; }

// Every accepted name, comma-separated, for messages.
const std::string& SocNameList() {
    static const std::string list = [] {
        std::string s;
        for (const SocEntry& e : kSocs) {
            if (!s.empty()) s += ", ";
            s += e.name;
        }
        return s;
    }();
    return list;
}

// A value for a message: at most 64 bytes of it.
std::string Shown(const std::string& v) { return v.size() > 64 ? v.substr(0, 64) + "..." : v; }

constexpr const SocEntry& kDefaultSoc = kSocs[0];

// ACLCPU_SOC_VERSION's entry; the default when it is unset or empty; nullptr when it names no product.
const SocEntry* SocFromEnv() {
    const char* v = std::getenv("ACLCPU_SOC_VERSION");
    if (v == nullptr || *v == '\0') return &kDefaultSoc;
    return FindSoc(v);
}

// The profile used before aclInit (read once): the environment's, the default when it names no product
// (aclInit refuses such a name with 100008).
const SocEntry& UninitializedSoc() {
    static const SocEntry* soc = [] {
        const SocEntry* e = SocFromEnv();
        return e != nullptr ? e : &kDefaultSoc;
    }();
    return *soc;
}

// ACLCPU_NUM_THREADS: 0 when unset or empty, -1 when malformed (not an integer from 1 to 4096), else the count.
int ThreadsVariable() {
    const char* v = std::getenv("ACLCPU_NUM_THREADS");
    if (v == nullptr || *v == '\0') return 0;
    char* end = nullptr;
    errno = 0;
    const long n = std::strtol(v, &end, 10);
    if (end == v || *end != '\0' || errno != 0 || n < 1 || n > 4096) return -1;
    return static_cast<int>(n);
}

int ThreadCountFromEnv() {
    int hw = static_cast<int>(std::thread::hardware_concurrency());
    if (hw <= 0) hw = 1;
    const int n = ThreadsVariable();
    if (n < 0) {  // only reachable without a successful aclInit, which refuses the value
        Log(LogLevel::kError, "ACLCPU_NUM_THREADS=%s is not an integer from 1 to 4096; using %d",
            std::getenv("ACLCPU_NUM_THREADS"), hw);
        return hw;
    }
    return n == 0 ? hw : n;
}

// Checks the environment aclInit reads (ACLCPU_SOC_VERSION, ACLCPU_NUM_THREADS): 0, or 100008 with a message
// naming the variable and the accepted values. *soc: the environment's product (the default when unset).
int CheckEnvironment(const SocEntry** soc) {
    *soc = SocFromEnv();
    if (*soc == nullptr) {
        return Fail(ACL_ERROR_FILE_ATTR_INVALID,
                    "aclInit: ACLCPU_SOC_VERSION=\"%s\" is not a known product name; expected one of %s.",
                    Shown(std::getenv("ACLCPU_SOC_VERSION")).c_str(), SocNameList().c_str());
    }
    if (ThreadsVariable() < 0) {
        return Fail(ACL_ERROR_FILE_ATTR_INVALID,
                    "aclInit: ACLCPU_NUM_THREADS=\"%s\" is not an integer from 1 to 4096 (unset it to use every "
                    "hardware thread).",
                    Shown(std::getenv("ACLCPU_NUM_THREADS")).c_str());
    }
    if (DeviceCountVariable() < 0) {
        return Fail(ACL_ERROR_FILE_ATTR_INVALID,
                    "aclInit: ACLCPU_DEVICE_COUNT=\"%s\" is not an integer from 1 to %d (unset it for 8 devices).",
                    Shown(std::getenv("ACLCPU_DEVICE_COUNT")).c_str(), kMaxDevices);
    }
    if (StrictVariable() < 0) {
        return Fail(ACL_ERROR_FILE_ATTR_INVALID, "aclInit: ACLCPU_STRICT=\"%s\" is not 0 or 1.",
                    Shown(std::getenv("ACLCPU_STRICT")).c_str());
    }
    if (FidelityVariable() < 0) {
        return Fail(ACL_ERROR_FILE_ATTR_INVALID, "aclInit: ACLCPU_FIDELITY=\"%s\" is not exact or reference.",
                    Shown(std::getenv("ACLCPU_FIDELITY")).c_str());
    }
    if (StrictExitCodeVariable() == -2) {
        return Fail(ACL_ERROR_FILE_ATTR_INVALID, "aclInit: ACLCPU_STRICT_EXITCODE=\"%s\" is not an integer from 0 to 255.",
                    Shown(std::getenv("ACLCPU_STRICT_EXITCODE")).c_str());
    }
    return 0;
}

// The device pool: a oneTBB arena, created on first use, and a scheduler handle through which aclFinalize
// joins the pool's worker threads (ShutdownPool); the next parallel loop after aclInit starts a new one.
struct Pool {
    std::mutex mu;
    tbb::task_arena* arena = nullptr;
    tbb::task_scheduler_handle* handle = nullptr;
};

Pool& ThePool() {
    static Pool* pool = new Pool();
    return *pool;
}

tbb::task_arena& Arena() {
    Pool& p = ThePool();
    std::lock_guard<std::mutex> lock(p.mu);
    if (p.arena == nullptr) {
        p.handle = new tbb::task_scheduler_handle(tbb::attach{});
        p.arena = new tbb::task_arena(DeviceThreads());
    }
    return *p.arena;
}

// Joins the pool's threads. Called by aclFinalize once every stream is drained, so no loop is running.
void ShutdownPool() {
    Pool& p = ThePool();
    std::lock_guard<std::mutex> lock(p.mu);
    delete p.arena;
    p.arena = nullptr;
    if (p.handle != nullptr) {
        // Waits for the workers to exit; false (nothing joined, nothing lost) when the application holds
        // oneTBB resources of its own.
        if (!tbb::finalize(*p.handle, std::nothrow)) {
            Log(LogLevel::kInfo, "aclFinalize: oneTBB is in use elsewhere in the process; its workers stay");
        }
        delete p.handle;
        p.handle = nullptr;
    }
}

// The largest config file aclInit reads (bytes); CANN's acl.json holds a handful of keys.
constexpr off_t kMaxConfigBytes = off_t{16} << 20;

// Reads aclInit's JSON config. Returns 0 or an ACL error code (with a message): 100003 when the path cannot
// be opened or is not a regular file (a directory, a FIFO, a device such as /dev/zero), 100005 above
// kMaxConfigBytes, 100006 when the text is not a JSON object, 100008 when "soc_version" is not a known
// product name (the whole string is compared: an embedded NUL does not cut it short). *config_soc: the
// product "soc_version" names, untouched when the key is absent. *config_strict: 0 or 1 from the "strict" key
// (strict mode, runtime/strict.h; 100008 when it is not a JSON boolean), untouched when the key is absent.
// *config_exact: 1 for "fidelity": "exact", 0 for "reference" (100008 for anything else), untouched when absent.
int ApplyConfig(const char* path, const SocEntry** config_soc, int* config_strict, int* config_exact) {
    struct File {  // closes on every return
        int fd;
        ~File() {
            if (fd >= 0) close(fd);
        }
    };
    // O_NONBLOCK: opening a FIFO must not wait for a writer; the type check below then refuses it.
    const File f{open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)};
    if (f.fd < 0) return Fail(ACL_ERROR_INVALID_FILE, "aclInit: cannot open config file \"%s\".", path);
    struct stat info;
    if (fstat(f.fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        return Fail(ACL_ERROR_INVALID_FILE, "aclInit: config path \"%s\" is not a regular file.", path);
    }
    if (info.st_size > kMaxConfigBytes) {
        return Fail(ACL_ERROR_INVALID_FILE_SIZE, "aclInit: config file \"%s\" has %lld bytes; at most %lld are read.",
                    path, static_cast<long long>(info.st_size), static_cast<long long>(kMaxConfigBytes));
    }
    std::string text;
    char chunk[4096];
    for (;;) {  // read to the end, never past the cap (the file may grow while it is read)
        const ssize_t got = read(f.fd, chunk, sizeof chunk);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;
        text.append(chunk, static_cast<size_t>(got));
        if (text.size() > static_cast<size_t>(kMaxConfigBytes)) {
            return Fail(ACL_ERROR_INVALID_FILE_SIZE, "aclInit: config file \"%s\" grew past %lld bytes.", path,
                        static_cast<long long>(kMaxConfigBytes));
        }
    }
    if (text.find_first_not_of(" \t\r\n") == std::string::npos) return 0;  // an empty file configures nothing
    nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded() || !j.is_object()) {
        return Fail(ACL_ERROR_PARSE_FILE, "aclInit: config file \"%s\" is not a JSON object.", path);
    }
    auto it = j.find("soc_version");
    if (it != j.end()) {
        const SocEntry* soc = nullptr;
        if (it->is_string() && it->get_ref<const std::string&>().find('\0') == std::string::npos) {
            soc = FindSoc(it->get_ref<const std::string&>().c_str());
        }
        if (soc == nullptr) {
            // Shown: a string, number, boolean or null as JSON text (at most 64 bytes of it), an array or object
            // only by its type: serializing those recurses once per nesting level and could exhaust the stack.
            const std::string shown = Shown(it->is_primitive() ? it->dump() : std::string("a JSON ") + it->type_name());
            return Fail(ACL_ERROR_FILE_ATTR_INVALID, "aclInit: \"soc_version\" in \"%s\" is %s; expected one of %s.",
                        path, shown.c_str(), SocNameList().c_str());
        }
        *config_soc = soc;
    }
    auto strict = j.find("strict");
    if (strict != j.end()) {
        if (!strict->is_boolean()) {
            const std::string shown =
                Shown(strict->is_primitive() ? strict->dump() : std::string("a JSON ") + strict->type_name());
            return Fail(ACL_ERROR_FILE_ATTR_INVALID, "aclInit: \"strict\" in \"%s\" is %s; expected true or false.",
                        path, shown.c_str());
        }
        *config_strict = strict->get<bool>() ? 1 : 0;
    }
    auto fidelity = j.find("fidelity");
    if (fidelity != j.end()) {
        const bool known = fidelity->is_string() && (fidelity->get_ref<const std::string&>() == "exact" ||
                                                     fidelity->get_ref<const std::string&>() == "reference");
        if (!known) {
            const std::string shown =
                Shown(fidelity->is_primitive() ? fidelity->dump() : std::string("a JSON ") + fidelity->type_name());
            return Fail(ACL_ERROR_FILE_ATTR_INVALID,
                        "aclInit: \"fidelity\" in \"%s\" is %s; expected \"exact\" or \"reference\".", path,
                        shown.c_str());
        }
        *config_exact = fidelity->get_ref<const std::string&>() == "exact" ? 1 : 0;
    }
    return 0;
}

}  // namespace

RuntimeState& State() {
    static RuntimeState* state = new RuntimeState();
    return *state;
}

// Set at aclInit (and the rt* API's open); read by every reference-tier first phase.
static std::atomic<int> g_exact_only{-1};  // -1: not yet set by an open runtime (the environment decides)

int FidelityVariable() {
    const char* v = std::getenv("ACLCPU_FIDELITY");
    if (v == nullptr || *v == '\0' || std::strcmp(v, "reference") == 0) return 0;
    if (std::strcmp(v, "exact") == 0) return 1;
    return -1;
}

bool FidelityExactOnly() {
    const int v = g_exact_only.load(std::memory_order_relaxed);
    return v >= 0 ? v == 1 : FidelityVariable() == 1;
}

// True while the runtime is open because an rt* call opened it (OpenForRtApi), not aclInit. Guarded by
// State().mu.
static bool g_opened_for_rt = false;

void OpenForRtApi() {
    RuntimeState& st = State();
    std::lock_guard<std::mutex> lock(st.mu);
    if (st.initialized) return;
    // No aclInit to refuse an unknown ACLCPU_SOC_VERSION here: the rt* API runs the environment's profile,
    // Ascend950 when it is unset or unknown (a later aclInit checks the name and takes over).
    const SocEntry& soc = UninitializedSoc();
    st.soc = soc.soc;
    st.soc_name = ChipOf(soc);
    st.initialized = true;
    st.finalized = false;
    g_opened_for_rt = true;
    SetStrictMode(StrictVariable() == 1);
    g_exact_only.store(FidelityVariable() == 1 ? 1 : 0, std::memory_order_relaxed);
    Log(LogLevel::kInfo, "rt API: runtime opened without aclInit, emulating %s", st.soc_name);
}

int RequireInit(const char* api) {
    RuntimeState& st = State();
    std::lock_guard<std::mutex> lock(st.mu);
    if (!st.initialized) return Fail(ACL_ERROR_UNINITIALIZE, "%s: call aclInit first.", api);
    return 0;
}

bool ParseSoc(const char* name, Soc* out) {
    const SocEntry* e = FindSoc(name);
    if (e == nullptr) return false;
    *out = e->soc;
    return true;
}

const char* SocName(Soc soc) {
    const char* active = ActiveSocName();
    const SocEntry* e = FindSoc(active);
    if (e != nullptr && e->soc == soc) return active;
    for (const SocEntry& f : kSocs) {
        if (f.soc == soc) return ChipOf(f);  // families come first: the representative chip
    }
    return ChipOf(kDefaultSoc);
}

namespace {
thread_local bool t_soc_override_set = false;
thread_local Soc t_soc_override = Soc::kAscend950;
}  // namespace

void SetThreadSocOverride(const Soc* soc) {
    t_soc_override_set = soc != nullptr;
    if (soc != nullptr) t_soc_override = *soc;
}

Soc ActiveSoc() {
    if (t_soc_override_set) return t_soc_override;
    RuntimeState& st = State();
    {
        std::lock_guard<std::mutex> lock(st.mu);
        if (st.initialized) return st.soc;
    }
    return UninitializedSoc().soc;
}

const char* ActiveSocName() {
    RuntimeState& st = State();
    {
        std::lock_guard<std::mutex> lock(st.mu);
        if (st.initialized) return st.soc_name;
    }
    return ChipOf(UninitializedSoc());
}

int DeviceThreads() {
    static const int n = ThreadCountFromEnv();
    return n;
}

void ParallelFor(int64_t n, int64_t grain, RangeFn fn, void* ctx) {
    if (n <= 0) return;
    if (grain < 1) grain = 1;
    if (n <= grain || DeviceThreads() == 1) {
        fn(ctx, 0, n);
        return;
    }
    Arena().execute([&] {
        tbb::parallel_for(
            tbb::blocked_range<int64_t>(0, n, static_cast<size_t>(grain)),
            [&](const tbb::blocked_range<int64_t>& r) { fn(ctx, r.begin(), r.end()); }, tbb::static_partitioner());
    });
}

}  // namespace rt
}  // namespace aclcpu

using namespace aclcpu;
using namespace aclcpu::rt;

extern "C" {

aclError aclInit(const char* configPath) {
    RuntimeState& st = State();
    std::lock_guard<std::mutex> lock(st.mu);
    if (st.initialized && !g_opened_for_rt) {
        return Fail(ACL_ERROR_REPEAT_INITIALIZE, "aclInit: the runtime is already initialised.");
    }
    const SocEntry* config_soc = nullptr;
    int config_strict = -1;
    int config_exact = -1;
    if (configPath != nullptr && configPath[0] != '\0') {
        int ret = ApplyConfig(configPath, &config_soc, &config_strict, &config_exact);
        if (ret != 0) return ret;
    }
    const SocEntry* env_soc = nullptr;
    if (int ret = CheckEnvironment(&env_soc)) return ret;
    const SocEntry* soc = config_soc != nullptr ? config_soc : env_soc;  // the config wins
    st.soc = soc->soc;
    st.soc_name = ChipOf(*soc);
    st.device_count = DeviceCountVariable() > 0 ? DeviceCountVariable() : kDefaultDeviceCount;
    ResetPeerAccess();
    NewDeviceGeneration();
    SetStrictMode(config_strict >= 0 ? config_strict == 1 : StrictVariable() == 1);  // the config wins
    g_exact_only.store(config_exact >= 0 ? config_exact : (FidelityVariable() == 1 ? 1 : 0), std::memory_order_relaxed);
    g_opened_for_rt = false;  // aclInit now owns the open runtime (rt* calls may have opened it first)
    st.initialized = true;
    st.finalized = false;
    Log(LogLevel::kEvent, "aclInit: emulating %s with %d threads", st.soc_name, DeviceThreads());
    return ACL_SUCCESS;
}

aclError aclFinalize(void) {
    RuntimeState& st = State();
    std::vector<std::shared_ptr<Stream>> default_streams;
    {
        std::lock_guard<std::mutex> lock(st.mu);
        if (!st.initialized) {
            if (st.finalized) return Fail(ACL_ERROR_REPEAT_FINALIZE, "aclFinalize: the runtime is already finalised.");
            return ACL_SUCCESS;
        }
        // Draining every stream would never end while this thread owes a blocking callback: nothing is released.
        if (CallingThreadOwesCallback(nullptr)) return FailOwedCallback("aclFinalize", nullptr);
        // Strict mode: what the application did not release itself (memory, streams, events, contexts).
        if (StrictMode()) StrictReportLeaks(true);
        st.initialized = false;
        st.finalized = true;
        NewDeviceGeneration();  // no thread keeps a device of this runtime
        g_opened_for_rt = false;
        for (auto& s : st.default_streams) {
            if (s) default_streams.push_back(std::move(s));
        }
        st.sys_params.clear();
    }
    // Outside the lock: draining may run tasks that consult the runtime. Every stream and event handle is
    // released (the registry keeps their addresses out of use like any release).
    std::vector<std::shared_ptr<Stream>> contexts = ReleaseAllContexts();  // their default streams
    std::vector<std::shared_ptr<Stream>> streams = ReleaseAllStreamsAndEvents();
    for (auto& s : contexts) s->Close();
    contexts.clear();
    for (auto& s : streams) s->Close();
    for (auto& s : default_streams) s->Close();
    streams.clear();
    default_streams.clear();
    ShutdownPool();
    ReleaseAllMemory();
    return ACL_SUCCESS;
}

aclError aclrtGetRunMode(aclrtRunMode* runMode) {
    if (runMode == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtGetRunMode: runMode is null.");
    *runMode = ACL_HOST;
    return ACL_SUCCESS;
}

aclError aclrtSetSysParamOpt(aclSysParamOpt opt, int64_t value) {
    if (int ret = RequireInit("aclrtSetSysParamOpt")) return ret;
    const int raw = RawEnum(opt);  // any int from a C caller
    if (raw < ACL_OPT_DETERMINISTIC || raw > ACL_OPT_ENABLE_KERNEL_EARLY_START) {
        return Fail(ACL_ERROR_INVALID_PARAM, "aclrtSetSysParamOpt: option %d is not an aclSysParamOpt.", raw);
    }
    if (raw == ACL_OPT_DETERMINISTIC && (value < 0 || value > 3)) {
        return Fail(ACL_ERROR_INVALID_PARAM,
                    "aclrtSetSysParamOpt: ACL_OPT_DETERMINISTIC takes 0..3, got %lld (this runtime is always "
                    "deterministic).",
                    static_cast<long long>(value));
    }
    RuntimeState& st = State();
    std::lock_guard<std::mutex> lock(st.mu);
    st.sys_params[raw] = value;
    return ACL_SUCCESS;
}

aclError aclrtGetSysParamOpt(aclSysParamOpt opt, int64_t* value) {
    if (value == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtGetSysParamOpt: value is null.");
    if (int ret = RequireInit("aclrtGetSysParamOpt")) return ret;
    RuntimeState& st = State();
    std::lock_guard<std::mutex> lock(st.mu);
    const int raw = RawEnum(opt);  // any int from a C caller
    auto it = st.sys_params.find(raw);
    if (it == st.sys_params.end()) {
        return Fail(ACL_ERROR_RT_SYSPARAMOPT_NOT_SET, "aclrtGetSysParamOpt: option %d was never set.", raw);
    }
    *value = it->second;
    return ACL_SUCCESS;
}

const char* aclrtGetSocName(void) { return ActiveSocName(); }

const char* aclGetRecentErrMsg(void) { return TakeRecentErrMsg(); }

}  // extern "C"
