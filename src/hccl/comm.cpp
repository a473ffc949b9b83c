// Communicators: the registry of live HcclComm handles, HcclCommInitAll, the root-info rendezvous
// (HcclGetRootInfo, HcclCommInitRootInfo[Config]), the getters, HcclCommDestroy, errors and timeouts.
//
// Handles follow the runtime's rule for released handles (common/handle_registry.h): a handle is live from its
// creation until HcclCommDestroy; a destroyed handle's storage is kept (so no new communicator can get its
// address) until kHandleQuarantine newer destroys stand behind it, and calls on it fail with HCCL_E_PARA and a
// message saying it was destroyed. Pointers are only compared, never read.
#include <unistd.h>

#include <chrono>
#include <climits>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <map>
#include <random>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "common/handle_registry.h"
#include "common/status.h"
#include <gloo/common/error.h>

#include "hccl/gloo_transport.h"
#include "hccl/hccl_internal.h"
#include "hccl/tcp_store.h"
#include "runtime/state.h"

namespace aclcpu {
namespace hccl {

#define HCCL_API extern "C" __attribute__((visibility("default")))

void Comm::SetAsyncError(int code, const std::string& why) {
    std::lock_guard<std::mutex> lock(err_mu);
    int expected = 0;
    if (async_error.compare_exchange_strong(expected, code)) async_why = why;
}

const char* OpName(OpKind kind) {
    switch (kind) {
        case OpKind::kAllReduce: return "HcclAllReduce";
        case OpKind::kBroadcast: return "HcclBroadcast";
        case OpKind::kAllGather: return "HcclAllGather";
        case OpKind::kReduceScatter: return "HcclReduceScatter";
        case OpKind::kReduce: return "HcclReduce";
        case OpKind::kScatter: return "HcclScatter";
        case OpKind::kAlltoAll: return "HcclAlltoAll";
        case OpKind::kAlltoAllV: return "HcclAlltoAllV";
        case OpKind::kAllGatherV: return "HcclAllGatherV";
        case OpKind::kReduceScatterV: return "HcclReduceScatterV";
        case OpKind::kBarrier: return "HcclBarrier";
        case OpKind::kSendRecv: return "HcclSend/HcclRecv";
    }
    return "?";
}

size_t DtypeSize(int dtype) {
    switch (dtype) {
        case HCCL_DATA_TYPE_INT8: case HCCL_DATA_TYPE_UINT8: case HCCL_DATA_TYPE_HIF8:
        case HCCL_DATA_TYPE_FP8E4M3: case HCCL_DATA_TYPE_FP8E5M2: case HCCL_DATA_TYPE_FP8E8M0:
            return 1;
        case HCCL_DATA_TYPE_INT16: case HCCL_DATA_TYPE_UINT16: case HCCL_DATA_TYPE_FP16: case HCCL_DATA_TYPE_BFP16:
            return 2;
        case HCCL_DATA_TYPE_INT32: case HCCL_DATA_TYPE_UINT32: case HCCL_DATA_TYPE_FP32:
            return 4;
        case HCCL_DATA_TYPE_INT64: case HCCL_DATA_TYPE_UINT64: case HCCL_DATA_TYPE_FP64:
            return 8;
        case HCCL_DATA_TYPE_INT128:
            return 16;
        default:
            return 0;
    }
}

const char* DtypeName(int dtype) {
    switch (dtype) {
        case HCCL_DATA_TYPE_INT8: return "HCCL_DATA_TYPE_INT8";
        case HCCL_DATA_TYPE_INT16: return "HCCL_DATA_TYPE_INT16";
        case HCCL_DATA_TYPE_INT32: return "HCCL_DATA_TYPE_INT32";
        case HCCL_DATA_TYPE_FP16: return "HCCL_DATA_TYPE_FP16";
        case HCCL_DATA_TYPE_FP32: return "HCCL_DATA_TYPE_FP32";
        case HCCL_DATA_TYPE_INT64: return "HCCL_DATA_TYPE_INT64";
        case HCCL_DATA_TYPE_UINT64: return "HCCL_DATA_TYPE_UINT64";
        case HCCL_DATA_TYPE_UINT8: return "HCCL_DATA_TYPE_UINT8";
        case HCCL_DATA_TYPE_UINT16: return "HCCL_DATA_TYPE_UINT16";
        case HCCL_DATA_TYPE_UINT32: return "HCCL_DATA_TYPE_UINT32";
        case HCCL_DATA_TYPE_FP64: return "HCCL_DATA_TYPE_FP64";
        case HCCL_DATA_TYPE_BFP16: return "HCCL_DATA_TYPE_BFP16";
        case HCCL_DATA_TYPE_INT128: return "HCCL_DATA_TYPE_INT128";
        case HCCL_DATA_TYPE_HIF8: return "HCCL_DATA_TYPE_HIF8";
        case HCCL_DATA_TYPE_FP8E4M3: return "HCCL_DATA_TYPE_FP8E4M3";
        case HCCL_DATA_TYPE_FP8E5M2: return "HCCL_DATA_TYPE_FP8E5M2";
        case HCCL_DATA_TYPE_FP8E8M0: return "HCCL_DATA_TYPE_FP8E8M0";
        default: return "unknown";
    }
}

namespace {

double EnvSeconds(const char* name, double fallback) {
    const char* v = std::getenv(name);
    if (v == nullptr || *v == '\0') return fallback;
    char* end = nullptr;
    errno = 0;
    const long s = std::strtol(v, &end, 10);
    if (errno != 0 || end == v || *end != '\0' || s < 1 || s > 2147483) {
        Log(LogLevel::kWarning, "%s=%s is not an integer number of seconds in [1, 2147483]; using %g", name, v,
            fallback);
        return fallback;
    }
    return static_cast<double>(s);
}

// ------------------------------------------------------------------ the handle registry

struct CommHandle {
    uint32_t magic = 0x48434c43;  // only ever compared by address; the field gives the object a size
};

class Registry {
public:
    HcclComm Add(std::shared_ptr<Comm> comm) {
        auto h = std::make_unique<CommHandle>();
        HcclComm key = h.get();
        std::lock_guard<std::mutex> lock(mu_);
        live_.emplace(key, Entry{std::move(h), std::move(comm)});
        return key;
    }
    std::shared_ptr<Comm> Find(HcclComm key, bool* released) {
        std::lock_guard<std::mutex> lock(mu_);
        auto it = live_.find(key);
        if (it != live_.end()) return it->second.comm;
        *released = released_.count(key) != 0;
        return nullptr;
    }
    std::shared_ptr<Comm> Remove(HcclComm key, bool* released) {
        std::lock_guard<std::mutex> lock(mu_);
        auto it = live_.find(key);
        if (it == live_.end()) {
            *released = released_.count(key) != 0;
            return nullptr;
        }
        std::shared_ptr<Comm> comm = std::move(it->second.comm);
        quarantine_.push_back(std::move(it->second.handle));
        released_.insert(key);
        live_.erase(it);
        if (quarantine_.size() > kHandleQuarantine) {
            released_.erase(quarantine_.front().get());
            quarantine_.pop_front();
        }
        return comm;
    }

private:
    struct Entry {
        std::unique_ptr<CommHandle> handle;
        std::shared_ptr<Comm> comm;
    };
    std::mutex mu_;
    std::unordered_map<const void*, Entry> live_;
    std::deque<std::unique_ptr<CommHandle>> quarantine_;
    std::unordered_set<const void*> released_;
};

Registry& Handles() {
    static Registry* r = new Registry;  // never destroyed: tasks may still run during exit
    return *r;
}

// ------------------------------------------------------------------ root info

constexpr char kMagic[16] = "aclcpu-hccl-ri1";

struct RootInfoBody {
    char magic[16];
    int32_t pid;      // the root's process
    uint32_t reserved;
    uint64_t nonce;   // the root process's random value (with pid and group: a key unique to this root info)
    uint64_t group;
    StoreEndpoint ep;  // the root's rendezvous store (tcp_store.h)
};
static_assert(sizeof(RootInfoBody) <= sizeof(HcclRootInfo), "root info layout");

uint64_t ProcessNonce() {
    static const uint64_t nonce = [] {
        std::random_device rd;
        return (static_cast<uint64_t>(rd()) << 32) ^ rd() ^
               static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
    }();
    return nonce;
}

// A group being formed by HcclCommInitRootInfo calls.
struct Joining {
    uint32_t nranks = 0;
    uint32_t joined = 0;
    std::vector<bool> taken;
    std::vector<int32_t> devices;
    std::vector<std::string> names;      // each joiner's configured name ("" none)
    std::vector<double> timeouts;        // each joiner's execution timeout
    bool formed = false;
    std::shared_ptr<Transport> transport;
    std::string name;
};

struct Rendezvous {
    std::mutex mu;
    std::condition_variable cv;
    std::map<uint64_t, std::shared_ptr<Joining>> joining;
    std::set<uint64_t> formed;
    uint64_t next_group = 1;
};

Rendezvous& Rdv() {
    static Rendezvous* r = new Rendezvous;
    return *r;
}

std::string GroupName(uint64_t group) {
    return Format("aclcpu_hccl_%d_%llu", static_cast<int>(getpid()), static_cast<unsigned long long>(group));
}

int JoinRootInfo(const char* api, uint32_t nranks, const HcclRootInfo* root_info, uint32_t rank,
                 const HcclCommConfig* config, HcclComm* comm) {
    if (root_info == nullptr) return Fail(HCCL_E_PTR, "%s: rootInfo is null.", api);
    if (comm == nullptr) return Fail(HCCL_E_PTR, "%s: comm is null.", api);
    if (nranks == 0) return Fail(HCCL_E_PARA, "%s: nRanks is 0.", api);
    if (rank >= nranks) return Fail(HCCL_E_PARA, "%s: rank %u is out of range; nRanks is %u.", api, rank, nranks);
    RootInfoBody body;
    std::memcpy(&body, root_info, sizeof body);
    if (std::memcmp(body.magic, kMagic, sizeof kMagic) != 0) {
        return Fail(HCCL_E_PARA, "%s: rootInfo was not made by HcclGetRootInfo.", api);
    }
    std::string name;
    double exec_timeout = ExecTimeoutSeconds();
    if (config != nullptr) {
        uint64_t size = 0;
        uint32_t magic = 0;
        std::memcpy(&size, config, sizeof size);
        std::memcpy(&magic, reinterpret_cast<const char*>(config) + sizeof(size_t), sizeof magic);
        if (magic != HCCL_COMM_CONFIG_MAGIC_WORD || size < offsetof(HcclCommConfig, hcclAlgo)) {
            return Fail(HCCL_E_PARA, "%s: config was not set up by HcclCommConfigInit (magic word 0x%x).", api, magic);
        }
        name.assign(config->hcclCommName, strnlen(config->hcclCommName, COMM_NAME_MAX_LENGTH - 1));
        if (config->hcclExecTimeOut > 0) exec_timeout = config->hcclExecTimeOut;
    }
    int32_t device = -1;
    if (aclrtGetDevice(&device) != ACL_SUCCESS) {
        return Fail(HCCL_E_RUNTIME, "%s: the calling thread has no device; call aclrtSetDevice first.", api);
    }
    // Every rank registers its process with the root's store and reads the others': a group whose ranks are all
    // threads of this process uses the in-process transport, any other the gloo transport.
    if (strnlen(body.ep.ip, sizeof body.ep.ip) == sizeof body.ep.ip || !UsableAddress(body.ep.ip) ||
        body.ep.port == 0) {
        return Fail(HCCL_E_PARA, "%s: rootInfo was not made by HcclGetRootInfo (its root address is malformed).", api);
    }
    const std::string prefix = Format("%d_%016llx_%llu", static_cast<int>(body.pid),
                                      static_cast<unsigned long long>(body.nonce),
                                      static_cast<unsigned long long>(body.group));
    uint64_t gkey = 0xCBF29CE484222325ull;  // the group's key in this process (HcclCommInitAll's count below 2^63)
    for (char ch : prefix) gkey = (gkey ^ static_cast<unsigned char>(ch)) * 0x100000001B3ull;
    gkey |= uint64_t{1} << 63;
    {
        Rendezvous& rv = Rdv();
        std::lock_guard<std::mutex> lock(rv.mu);
        if (rv.formed.count(gkey) != 0) {
            return Fail(HCCL_E_PARA,
                        "%s: the group of this rootInfo has already formed; call HcclGetRootInfo for a new one.", api);
        }
    }
    const double connect_s = ConnectTimeoutSeconds();
    const auto connect_ms = std::chrono::milliseconds(static_cast<int64_t>(connect_s * 1000));
    std::unique_ptr<StoreClient> store;
    bool all_local = true;
    const std::string proc_key = prefix + "/proc/" + std::to_string(rank);
    bool registered = false;
    // A join that fails after registering withdraws its registration, so that a correct retry can succeed.
    auto withdraw = [&] {
        if (!registered || !store) return;
        try {
            store->Remove(proc_key);
        } catch (const std::exception&) {  // the server is gone: nothing to withdraw from
        }
        registered = false;
    };
    try {
        store.reset(new StoreClient(body.ep, connect_ms));
        const std::string me = Format("%d/%016llx", static_cast<int>(getpid()),
                                      static_cast<unsigned long long>(ProcessNonce()));
        const std::string value = me + "/" + std::to_string(nranks);
        if (!store->AddIfAbsent(proc_key, std::vector<char>(value.begin(), value.end()))) {
            return Fail(HCCL_E_PARA, "%s: rank %u of this rootInfo has already joined.", api, rank);
        }
        registered = true;
        for (uint32_t r = 0; r < nranks; ++r) {
            const std::vector<char> v = store->get(prefix + "/proc/" + std::to_string(r));
            const std::string other(v.begin(), v.end());
            const size_t cut = other.rfind('/');
            if (cut == std::string::npos || other.substr(cut + 1) != std::to_string(nranks)) {
                withdraw();
                return Fail(HCCL_E_PARA, "%s: rank %u joined this rootInfo with nRanks %s, rank %u with %u.", api, r,
                            cut == std::string::npos ? "?" : other.substr(cut + 1).c_str(), rank, nranks);
            }
            if (other.substr(0, cut) != me) all_local = false;
        }
    } catch (const StoreGone& e) {
        return Fail(HCCL_E_PARA, "%s: this rootInfo cannot be joined any more: %s; call HcclGetRootInfo for a new one.",
                    api, e.what());
    } catch (const std::exception& e) {
        withdraw();
        const std::string what = e.what();
        const bool timeout = what.find("imed out") != std::string::npos;
        return Fail(timeout ? HCCL_E_TIMEOUT : HCCL_E_TCP_CONNECT,
                    "%s: rank %u of %u could not meet the other ranks within %g s (HCCL_CONNECT_TIMEOUT): %s", api,
                    rank, nranks, connect_s, what.c_str());
    }
    // Marks this rank's join done at the root's store (its server ends once every rank's is).
    auto done = [&] {
        try {
            store->set(prefix + "/done/" + std::to_string(rank), std::vector<char>{'1'});
            if (rank == 0) {
                const std::string n = std::to_string(nranks);
                store->set(prefix + "/size", std::vector<char>(n.begin(), n.end()));
            }
        } catch (const std::exception&) {  // the server's end only: the group has formed
        }
    };
    if (!all_local) {
        std::string local_ip, why;
        if (!LocalAddress(body.ep.ip, &local_ip, &why)) return Fail(HCCL_E_PARA, "%s: %s.", api, why.c_str());
        int code = 0;
        std::shared_ptr<Transport> t =
            MakeGlooTransport(rank, nranks, *store, prefix, local_ip, connect_s, exec_timeout, &code, &why);
        if (!t) {
            withdraw();
            return Fail(code, "%s: %s", api, why.c_str());
        }
        done();
        {
            Rendezvous& rv = Rdv();
            std::lock_guard<std::mutex> lock(rv.mu);
            rv.formed.insert(gkey);
        }
        auto c = std::make_shared<Comm>();
        c->transport = std::move(t);
        c->rank = rank;
        c->size = nranks;
        c->device = device;
        c->name = name.empty() ? "aclcpu_hccl_" + prefix : name;
        *comm = Handles().Add(std::move(c));
        return HCCL_SUCCESS;
    }
    // All ranks are threads of this process: the in-process group, keyed by the root info.
    body.group = gkey;
    Rendezvous& rv = Rdv();
    std::unique_lock<std::mutex> lock(rv.mu);
    if (rv.formed.count(body.group) != 0) {
        withdraw();
        return Fail(HCCL_E_PARA, "%s: the group of this rootInfo has already formed; call HcclGetRootInfo for a new one.",
                    api);
    }
    std::shared_ptr<Joining>& slot = rv.joining[body.group];
    if (!slot) {
        slot = std::make_shared<Joining>();
        slot->nranks = nranks;
        slot->taken.assign(nranks, false);
        slot->devices.assign(nranks, -1);
        slot->names.assign(nranks, "");
        slot->timeouts.assign(nranks, 0);
    }
    std::shared_ptr<Joining> j = slot;
    if (j->nranks != nranks) {
        withdraw();
        return Fail(HCCL_E_PARA, "%s: nRanks %u differs from the %u of the ranks that joined this rootInfo first.", api,
                    nranks, j->nranks);
    }
    if (j->taken[rank]) withdraw();
    if (j->taken[rank]) return Fail(HCCL_E_PARA, "%s: rank %u of this rootInfo has already joined.", api, rank);
    j->taken[rank] = true;
    j->devices[rank] = device;
    j->names[rank] = name;
    j->timeouts[rank] = exec_timeout;
    ++j->joined;
    if (j->joined == nranks) {
        double t = j->timeouts[0];
        for (double x : j->timeouts) t = std::min(t, x);
        j->name = j->names[0].empty() ? "aclcpu_hccl_" + prefix : j->names[0];
        j->transport = MakeInProcTransport(nranks, t, j->name);
        j->formed = true;
        rv.formed.insert(body.group);
        rv.joining.erase(body.group);
        rv.cv.notify_all();
    } else {
        const double wait_s = ConnectTimeoutSeconds();
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                                                      std::chrono::duration<double>(wait_s));
        while (!j->formed) {
            if (rv.cv.wait_until(lock, deadline) == std::cv_status::timeout && !j->formed) {
                j->taken[rank] = false;
                --j->joined;
                const uint32_t joined = j->joined;
                if (joined == 0) rv.joining.erase(body.group);
                lock.unlock();
                withdraw();
                return Fail(HCCL_E_TIMEOUT,
                            "%s: rank %u waited %g s (HCCL_CONNECT_TIMEOUT) for the other ranks; %u of %u had joined "
                            "this rootInfo.",
                            api, rank, wait_s, joined + 1, nranks);
            }
        }
    }
    auto c = std::make_shared<Comm>();
    c->transport = j->transport;
    c->rank = rank;
    c->size = nranks;
    c->device = device;
    c->name = j->name;
    lock.unlock();
    done();
    *comm = Handles().Add(std::move(c));
    return HCCL_SUCCESS;
}

}  // namespace

double ExecTimeoutSeconds() { return EnvSeconds("HCCL_EXEC_TIMEOUT", 1836); }
double ConnectTimeoutSeconds() { return EnvSeconds("HCCL_CONNECT_TIMEOUT", 120); }

std::shared_ptr<Comm> LookupComm(HcclComm handle, const char* api) {
    bool released = false;
    std::shared_ptr<Comm> c = Handles().Find(handle, &released);
    if (c) return c;
    if (handle == nullptr) {
        Fail(HCCL_E_PARA, "%s: comm is null.", api);
    } else if (released) {
        Fail(HCCL_E_PARA, "%s: HcclComm %p was destroyed (HcclCommDestroy); it is no longer a live handle.", api, handle);
    } else {
        Fail(HCCL_E_PARA, "%s: %p is not a live HcclComm (never created, or destroyed long ago).", api, handle);
    }
    return nullptr;
}

}  // namespace hccl
}  // namespace aclcpu

using namespace aclcpu;
using namespace aclcpu::hccl;

HCCL_API HcclResult HcclCommInitAll(uint32_t ndev, int32_t* devices, HcclComm* comms) {
    const char* api = "HcclCommInitAll";
    if (devices == nullptr) return static_cast<HcclResult>(Fail(HCCL_E_PTR, "%s: devices is null.", api));
    if (comms == nullptr) return static_cast<HcclResult>(Fail(HCCL_E_PTR, "%s: comms is null.", api));
    if (ndev == 0) return static_cast<HcclResult>(Fail(HCCL_E_PARA, "%s: ndev is 0.", api));
    if (rt::RequireInit(api) != 0) {
        return static_cast<HcclResult>(Fail(HCCL_E_RUNTIME, "%s: the runtime is not initialised (call aclInit first).", api));
    }
    uint32_t count = 0;
    if (aclrtGetDeviceCount(&count) != ACL_SUCCESS) {
        return static_cast<HcclResult>(Fail(HCCL_E_RUNTIME, "%s: aclrtGetDeviceCount failed.", api));
    }
    if (ndev > count) {
        return static_cast<HcclResult>(
            Fail(HCCL_E_PARA, "%s: ndev %u exceeds the %u device(s) (aclrtGetDeviceCount).", api, ndev, count));
    }
    std::vector<bool> seen(count, false);
    for (uint32_t i = 0; i < ndev; ++i) {
        const int32_t d = devices[i];
        if (d < 0 || static_cast<uint32_t>(d) >= count) {
            return static_cast<HcclResult>(Fail(HCCL_E_PARA, "%s: devices[%u] = %d is not a device id in [0, %u).", api,
                                                i, d, count));
        }
        if (seen[d]) {
            return static_cast<HcclResult>(
                Fail(HCCL_E_PARA, "%s: device %d appears twice in devices (ranks need distinct devices).", api, d));
        }
        seen[d] = true;
    }
    uint64_t group;
    {
        Rendezvous& rv = Rdv();
        std::lock_guard<std::mutex> lock(rv.mu);
        group = rv.next_group++;
        rv.formed.insert(group);
    }
    const std::string name = GroupName(group);
    std::shared_ptr<Transport> t = MakeInProcTransport(ndev, ExecTimeoutSeconds(), name);
    for (uint32_t i = 0; i < ndev; ++i) {
        auto c = std::make_shared<Comm>();
        c->transport = t;
        c->rank = i;
        c->size = ndev;
        c->device = devices[i];
        c->name = name;
        comms[i] = Handles().Add(std::move(c));
    }
    return HCCL_SUCCESS;
}

HCCL_API HcclResult HcclGetRootInfo(HcclRootInfo* rootInfo) {
    if (rootInfo == nullptr) return static_cast<HcclResult>(Fail(HCCL_E_PTR, "HcclGetRootInfo: rootInfo is null."));
    RootInfoBody body{};
    std::memcpy(body.magic, kMagic, sizeof kMagic);
    body.pid = static_cast<int32_t>(getpid());
    body.nonce = ProcessNonce();
    {
        Rendezvous& rv = Rdv();
        std::lock_guard<std::mutex> lock(rv.mu);
        body.group = rv.next_group++;
    }
    // The rendezvous store: on HCCL_IF_IP, else on the address of the interface of this host's default route
    // (no packet is sent to find it), else on the loopback address.
    std::string ip, why;
    if (!LocalAddress("192.0.2.1", &ip, &why)) {
        return static_cast<HcclResult>(Fail(HCCL_E_PARA, "HcclGetRootInfo: %s.", why.c_str()));
    }
    const double idle_s = 2 * ConnectTimeoutSeconds() + 60;
    if (int code = StartStoreServer(ip, idle_s, &body.ep, &why)) {
        return static_cast<HcclResult>(Fail(code, "HcclGetRootInfo: %s.", why.c_str()));
    }
    std::memset(rootInfo, 0, sizeof *rootInfo);
    std::memcpy(rootInfo, &body, sizeof body);
    return HCCL_SUCCESS;
}

HCCL_API HcclResult HcclCommInitRootInfo(uint32_t nRanks, const HcclRootInfo* rootInfo, uint32_t rank,
                                         HcclComm* comm) {
    return static_cast<HcclResult>(JoinRootInfo("HcclCommInitRootInfo", nRanks, rootInfo, rank, nullptr, comm));
}

HCCL_API HcclResult HcclCommInitRootInfoConfig(uint32_t nRanks, const HcclRootInfo* rootInfo, uint32_t rank,
                                               const HcclCommConfig* config, HcclComm* comm) {
    return static_cast<HcclResult>(JoinRootInfo("HcclCommInitRootInfoConfig", nRanks, rootInfo, rank, config, comm));
}

HCCL_API HcclResult HcclGetCommName(HcclComm comm, char* commName) {
    std::shared_ptr<Comm> c = LookupComm(comm, "HcclGetCommName");
    if (!c) return HCCL_E_PARA;
    if (commName == nullptr) return static_cast<HcclResult>(Fail(HCCL_E_PTR, "HcclGetCommName: commName is null."));
    const size_t n = std::min<size_t>(c->name.size(), COMM_NAME_MAX_LENGTH - 1);
    std::memcpy(commName, c->name.data(), n);
    commName[n] = '\0';
    return HCCL_SUCCESS;
}

HCCL_API HcclResult HcclGetRankSize(HcclComm comm, uint32_t* rankSize) {
    std::shared_ptr<Comm> c = LookupComm(comm, "HcclGetRankSize");
    if (!c) return HCCL_E_PARA;
    if (rankSize == nullptr) return static_cast<HcclResult>(Fail(HCCL_E_PTR, "HcclGetRankSize: rankSize is null."));
    *rankSize = c->size;
    return HCCL_SUCCESS;
}

HCCL_API HcclResult HcclGetRankId(HcclComm comm, uint32_t* rank) {
    std::shared_ptr<Comm> c = LookupComm(comm, "HcclGetRankId");
    if (!c) return HCCL_E_PARA;
    if (rank == nullptr) return static_cast<HcclResult>(Fail(HCCL_E_PTR, "HcclGetRankId: rank is null."));
    *rank = c->rank;
    return HCCL_SUCCESS;
}

HCCL_API HcclResult HcclCommDestroy(HcclComm comm) {
    bool released = false;
    std::shared_ptr<Comm> c = Handles().Remove(comm, &released);
    if (!c) {
        LookupComm(comm, "HcclCommDestroy");  // records the message
        return HCCL_E_PARA;
    }
    uint64_t enqueued;
    {
        std::lock_guard<std::mutex> lock(c->mu);
        enqueued = c->next_seq;
    }
    c->transport->Left(c->rank, enqueued);
    return HCCL_SUCCESS;
}

HCCL_API HcclResult HcclGetCommAsyncError(HcclComm comm, HcclResult* asyncError) {
    std::shared_ptr<Comm> c = LookupComm(comm, "HcclGetCommAsyncError");
    if (!c) return HCCL_E_PARA;
    if (asyncError == nullptr) {
        return static_cast<HcclResult>(Fail(HCCL_E_PTR, "HcclGetCommAsyncError: asyncError is null."));
    }
    int code = c->async_error.load();
    std::string why;
    if (code != 0) {
        std::lock_guard<std::mutex> lock(c->err_mu);
        why = c->async_why;
    } else {
        code = c->transport->Broken(&why);
    }
    *asyncError = static_cast<HcclResult>(code);
    if (code != 0) Fail(code, "HcclGetCommAsyncError: rank %u: %s", c->rank, why.c_str());
    return HCCL_SUCCESS;
}

HCCL_API const char* HcclGetErrorString(HcclResult code) {
    switch (RawEnum(code)) {
        case HCCL_SUCCESS: return "no error";
        case HCCL_E_PARA: return "parameter error";
        case HCCL_E_PTR: return "empty pointer";
        case HCCL_E_MEMORY: return "memory error";
        case HCCL_E_INTERNAL: return "internal error";
        case HCCL_E_NOT_SUPPORT: return "not support feature";
        case HCCL_E_NOT_FOUND: return "not found specific resource";
        case HCCL_E_UNAVAIL: return "resource unavailable";
        case HCCL_E_SYSCALL: return "call system interface error";
        case HCCL_E_TIMEOUT: return "timeout";
        case HCCL_E_OPEN_FILE_FAILURE: return "open file fail";
        case HCCL_E_TCP_CONNECT: return "tcp connect fail";
        case HCCL_E_ROCE_CONNECT: return "roce connect fail";
        case HCCL_E_TCP_TRANSFER: return "tcp transfer fail";
        case HCCL_E_ROCE_TRANSFER: return "roce transfer fail";
        case HCCL_E_RUNTIME: return "call runtime api fail";
        case HCCL_E_DRV: return "call driver api fail";
        case HCCL_E_PROFILING: return "call profiling api fail";
        case HCCL_E_CCE: return "call cce api fail";
        case HCCL_E_NETWORK: return "call network api fail";
        case HCCL_E_AGAIN: return "try again";
        case HCCL_E_REMOTE: return "error cqe";
        case HCCL_E_SUSPENDING: return "error communicator suspending";
        case HCCL_E_OPRETRY_FAIL: return "retry constraint";
        case HCCL_E_OOM: return "out of memory";
        default: return "unknow error";
    }
}

HCCL_API uint32_t HcclGetCommConfigCapability(void) { return HCCL_COMM_CONFIG_RESERVED; }
