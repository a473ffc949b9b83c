// aclInit/aclFinalize, device 0, product profiles, system parameters and the device thread pool.
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
#include <cstring>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "common/status.h"
#include "runtime/context.h"
#include "runtime/state.h"

namespace aclcpu {
namespace rt {
namespace {

struct SocEntry {
    Soc soc;
    const char* key;   // accepted by ParseSoc
    const char* name;  // reported by aclrtGetSocName
};

constexpr SocEntry kSocs[] = {
    {Soc::kAscend950, "Ascend950", "Ascend950PR_9599"},
    {Soc::kAscend910B, "Ascend910B", "Ascend910B1"},
    {Soc::kAscend910_93, "Ascend910_93", "Ascend910_9391"},
    {Soc::kAscend910, "Ascend910", "Ascend910A"},
    {Soc::kAscend310P, "Ascend310P", "Ascend310P3"},
};

bool EqualNoCase(const char* a, const char* b) {
    for (; *a != '\0' && *b != '\0'; ++a, ++b) {
        if (std::tolower(static_cast<unsigned char>(*a)) != std::tolower(static_cast<unsigned char>(*b))) return false;
    }
    return *a == *b;
}

Soc EnvSoc() {
    static const Soc soc = [] {
        Soc s = Soc::kAscend950;
        const char* v = std::getenv("ACLCPU_SOC_VERSION");
        if (v != nullptr && *v != '\0' && !ParseSoc(v, &s)) {
            Log(LogLevel::kWarning, "ACLCPU_SOC_VERSION=%s is not a known profile; using Ascend950", v);
            s = Soc::kAscend950;
        }
        return s;
    }();
    return soc;
}

int ThreadCountFromEnv() {
    int hw = static_cast<int>(std::thread::hardware_concurrency());
    if (hw <= 0) hw = 1;
    const char* v = std::getenv("ACLCPU_NUM_THREADS");
    if (v == nullptr || *v == '\0') return hw;
    char* end = nullptr;
    long n = std::strtol(v, &end, 10);
    if (end == v || *end != '\0' || n < 1 || n > 4096) {
        Log(LogLevel::kWarning, "ACLCPU_NUM_THREADS=%s is not a positive integer; using %d", v, hw);
        return hw;
    }
    return static_cast<int>(n);
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
// product name (the whole string is compared: an embedded NUL does not cut it short).
int ApplyConfig(const char* path, RuntimeState& st) {
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
        Soc soc;
        const bool ok = it->is_string() && it->get_ref<const std::string&>().find('\0') == std::string::npos &&
                        ParseSoc(it->get_ref<const std::string&>().c_str(), &soc);
        if (!ok) {
            // Shown: a string, number, boolean or null as JSON text (at most 64 bytes of it), an array or object
            // only by its type: serializing those recurses once per nesting level and could exhaust the stack.
            std::string shown = it->is_primitive() ? it->dump() : std::string("a JSON ") + it->type_name();
            if (shown.size() > 64) shown = shown.substr(0, 64) + "...";
            return Fail(ACL_ERROR_FILE_ATTR_INVALID,
                        "aclInit: \"soc_version\" in \"%s\" is %s; expected one of Ascend950, Ascend910B, "
                        "Ascend910_93, Ascend910, Ascend310P.",
                        path, shown.c_str());
        }
        st.config_soc = soc;
        st.config_soc_set = true;
    }
    return 0;
}

thread_local int t_device = -1;

}  // namespace

void SetThreadDevice(int32_t device) { t_device = device; }

int32_t ThreadDevice() { return t_device; }

RuntimeState& State() {
    static RuntimeState* state = new RuntimeState();
    return *state;
}

int RequireInit(const char* api) {
    RuntimeState& st = State();
    std::lock_guard<std::mutex> lock(st.mu);
    if (!st.initialized) return Fail(ACL_ERROR_UNINITIALIZE, "%s: call aclInit first.", api);
    return 0;
}

bool ParseSoc(const char* key, Soc* out) {
    if (key == nullptr) return false;
    for (const SocEntry& e : kSocs) {
        if (EqualNoCase(key, e.key) || EqualNoCase(key, e.name)) {
            *out = e.soc;
            return true;
        }
    }
    return false;
}

const char* SocName(Soc soc) {
    for (const SocEntry& e : kSocs) {
        if (e.soc == soc) return e.name;
    }
    return kSocs[0].name;
}

Soc ActiveSoc() {
    RuntimeState& st = State();
    {
        std::lock_guard<std::mutex> lock(st.mu);
        if (st.initialized && st.config_soc_set) return st.config_soc;
    }
    return EnvSoc();
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
    if (st.initialized) return Fail(ACL_ERROR_REPEAT_INITIALIZE, "aclInit: the runtime is already initialised.");
    RuntimeState staged;
    if (configPath != nullptr && configPath[0] != '\0') {
        int ret = ApplyConfig(configPath, staged);
        if (ret != 0) return ret;
    }
    st.config_soc_set = staged.config_soc_set;
    st.config_soc = staged.config_soc;
    st.initialized = true;
    st.finalized = false;
    Log(LogLevel::kInfo, "aclInit: emulating %s with %d threads",
        SocName(st.config_soc_set ? st.config_soc : EnvSoc()), DeviceThreads());
    return ACL_SUCCESS;
}

aclError aclFinalize(void) {
    RuntimeState& st = State();
    std::shared_ptr<Stream> default_stream;
    {
        std::lock_guard<std::mutex> lock(st.mu);
        if (!st.initialized) {
            if (st.finalized) return Fail(ACL_ERROR_REPEAT_FINALIZE, "aclFinalize: the runtime is already finalised.");
            return ACL_SUCCESS;
        }
        st.initialized = false;
        st.finalized = true;
        default_stream.swap(st.default_stream);
        st.sys_params.clear();
        st.config_soc_set = false;
    }
    // Outside the lock: draining may run tasks that consult the runtime. Every stream and event handle is
    // released (the registry keeps their addresses out of use like any release).
    std::vector<std::shared_ptr<Stream>> contexts = ReleaseAllContexts();  // their default streams
    std::vector<std::shared_ptr<Stream>> streams = ReleaseAllStreamsAndEvents();
    for (auto& s : contexts) s->Close();
    contexts.clear();
    for (auto& s : streams) s->Close();
    if (default_stream) default_stream->Close();
    streams.clear();
    default_stream.reset();
    ShutdownPool();
    ReleaseAllMemory();
    return ACL_SUCCESS;
}

aclError aclrtSetDevice(int32_t deviceId) {
    if (int ret = RequireInit("aclrtSetDevice")) return ret;
    if (deviceId != 0) {
        return Fail(ACL_ERROR_RT_INVALID_DEVICEID, "aclrtSetDevice: device id %d is invalid; the only device is 0.",
                    deviceId);
    }
    t_device = deviceId;
    UseDefaultContext();  // CANN: the device's default context becomes current
    return ACL_SUCCESS;
}

aclError aclrtResetDevice(int32_t deviceId) {
    if (int ret = RequireInit("aclrtResetDevice")) return ret;
    if (deviceId != 0) {
        return Fail(ACL_ERROR_RT_INVALID_DEVICEID, "aclrtResetDevice: device id %d is invalid; the only device is 0.",
                    deviceId);
    }
    int ret = aclrtSynchronizeDevice();
    if (t_device == deviceId) t_device = -1;
    return ret;
}

aclError aclrtGetDevice(int32_t* deviceId) {
    if (deviceId == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtGetDevice: deviceId is null.");
    if (t_device < 0) {
        return Fail(ACL_ERROR_RT_CONTEXT_NULL, "aclrtGetDevice: no device is set on this thread (call aclrtSetDevice).");
    }
    *deviceId = t_device;
    return ACL_SUCCESS;
}

aclError aclrtGetDeviceCount(uint32_t* count) {
    if (count == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtGetDeviceCount: count is null.");
    *count = 1;
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

const char* aclrtGetSocName(void) { return SocName(ActiveSoc()); }

const char* aclGetRecentErrMsg(void) { return TakeRecentErrMsg(); }

}  // extern "C"
