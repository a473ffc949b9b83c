// Contexts: aclrtCreateContext, aclrtDestroyContext, aclrtSetCurrentContext, aclrtGetCurrentContext and the
// binding of streams to contexts (rules: runtime/context.h). Codes: CANN acl_rt.h and
// runtime docs 05_context_management.md, src/acl/aclrt_impl/context.cpp (docs/api/inventory.md 5.5).
#include <unordered_set>

#include "common/status.h"
#include "runtime/context.h"
#include "runtime/strict.h"

namespace aclcpu {
namespace rt {
namespace {

// Every context handle; guarded by State().mu (lock order: State().mu, then the handle registry's lock).
struct Contexts {
    ContextHandle* default_ctx[kMaxDevices] = {};  // each device's default context, created on first use, released
                                                   // by aclFinalize
    std::unordered_set<ContextHandle*> created;
};

Contexts& Ctxs() {
    static Contexts* c = new Contexts();  // never destroyed (worker threads may outlive main)
    return *c;
}

// A context from aclrtCreateContext chosen on this thread; nullptr: the thread works in the default context.
thread_local ContextHandle* t_ctx = nullptr;

// The default context of the calling thread's device, created on first use. Caller holds State().mu and has
// checked initialized.
ContextHandle* DefaultContextLocked() {
    Contexts& c = Ctxs();
    const int32_t dev = CurrentDeviceOrZero();
    if (c.default_ctx[dev] == nullptr) {
        ContextHandle* h = AcquireHandle<ContextHandle>();
        h->device = dev;
        h->is_default = true;
        h->default_stream.reset();
        PublishHandle(h);
        c.default_ctx[dev] = h;
    }
    return c.default_ctx[dev];
}

}  // namespace

const void* ContextForNewStream(int* status, const char* api) {
    if (t_ctx != nullptr) {
        const HandleState state = HandleStateOf(t_ctx, HandleKind::kContext);
        if (state == HandleState::kLive) {
            *status = 0;
            return t_ctx;
        }
        *status = Fail(ACL_ERROR_RT_CONTEXT_NULL,
                       "%s: the calling thread's current context %p was destroyed; set another with "
                       "aclrtSetCurrentContext or aclrtSetDevice.",
                       api, static_cast<void*>(t_ctx));
        return nullptr;
    }
    RuntimeState& st = State();
    std::lock_guard<std::mutex> lock(st.mu);
    if (!st.initialized) {
        *status = Fail(ACL_ERROR_UNINITIALIZE, "%s: call aclInit first.", api);
        return nullptr;
    }
    *status = 0;
    return DefaultContextLocked();
}

const void* CurrentContextKey() {
    if (t_ctx != nullptr) return t_ctx;
    RuntimeState& st = State();
    std::lock_guard<std::mutex> lock(st.mu);
    return Ctxs().default_ctx[CurrentDeviceOrZero()];
}

bool CreatedContextDefaultStream(std::shared_ptr<Stream>* out, int* status, const char* api) {
    if (t_ctx == nullptr) return false;
    {
        HandleLock lock;
        if (HandleStateOf(lock, t_ctx, HandleKind::kContext) == HandleState::kLive) {
            *out = t_ctx->default_stream;
            *status = 0;
            return true;
        }
    }
    out->reset();
    *status = ACL_ERROR_RT_CONTEXT_NULL;
    if (api != nullptr) {
        Fail(ACL_ERROR_RT_CONTEXT_NULL,
             "%s: the calling thread's current context %p was destroyed, so it has no default stream.", api,
             static_cast<void*>(t_ctx));
    }
    return true;
}

int CheckStreamContext(aclrtStream stream, const char* api) {
    if (stream == nullptr) return 0;
    const void* owner;
    {
        HandleLock lock;
        if (HandleStateOf(lock, stream, HandleKind::kStream) != HandleState::kLive) return 0;
        owner = static_cast<StreamHandle*>(stream)->context;
    }
    const void* current = CurrentContextKey();
    if (owner == current) return 0;
    return Fail(ACL_ERROR_RT_STREAM_CONTEXT,
                "%s: stream %p belongs to context %p, not to the calling thread's current context %p (switch with "
                "aclrtSetCurrentContext).",
                api, stream, owner, current);
}

void AppendContextStreamsLocked(std::vector<std::shared_ptr<Stream>>* out) {
    for (ContextHandle* h : Ctxs().created) {
        if (h->default_stream) out->push_back(h->default_stream);
    }
}

std::vector<std::shared_ptr<Stream>> ReleaseAllContexts() {
    std::vector<std::shared_ptr<Stream>> closing;
    RuntimeState& st = State();
    std::lock_guard<std::mutex> lock(st.mu);
    Contexts& c = Ctxs();
    HandleLock hl;
    for (ContextHandle*& d : c.default_ctx) {
        if (d != nullptr) ReleaseHandle(hl, d, HandleKind::kContext);
        d = nullptr;
    }
    for (ContextHandle* h : c.created) {
        if (ReleaseHandle(hl, h, HandleKind::kContext) && h->default_stream) {
            closing.push_back(std::move(h->default_stream));
        }
    }
    c.created.clear();
    return closing;
}

void UseDefaultContext() { t_ctx = nullptr; }

}  // namespace rt
}  // namespace aclcpu

using namespace aclcpu;
using namespace aclcpu::rt;

extern "C" {

aclError aclrtCreateContext(aclrtContext* context, int32_t deviceId) {
    if (context == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtCreateContext: context is null.");
    if (int ret = RequireInit("aclrtCreateContext")) return ret;
    if (int ret = CheckDeviceId(deviceId, "aclrtCreateContext")) return ret;
    auto s = std::make_shared<Stream>();
    s->device = deviceId;
    ContextHandle* h = AcquireHandle<ContextHandle>();
    h->device = deviceId;
    h->is_default = false;
    h->default_stream = std::move(s);
    {
        RuntimeState& st = State();
        std::lock_guard<std::mutex> lock(st.mu);
        if (!st.initialized) {
            h->default_stream.reset();
            ReleaseHandle(h, HandleKind::kContext);  // never published
            return Fail(ACL_ERROR_UNINITIALIZE, "aclrtCreateContext: call aclInit first.");
        }
        Ctxs().created.insert(h);
        PublishHandle(h);  // under st.mu: aclFinalize sees it listed and live, or neither
    }
    if (StrictMode()) StrictTrackCreate(h, StrictObject::kContext, 0, "aclrtCreateContext");
    t_ctx = h;
    SetThreadDevice(deviceId);
    *context = h;
    return ACL_SUCCESS;
}

aclError aclrtDestroyContext(aclrtContext context) {
    if (context == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtDestroyContext: context is null.");
    ContextHandle* h = static_cast<ContextHandle*>(context);
    std::vector<std::shared_ptr<Stream>> closing;
    HandleState state = HandleState::kLive;
    bool is_default = false;
    int32_t device = 0;
    {
        RuntimeState& st = State();
        std::lock_guard<std::mutex> lock(st.mu);
        HandleLock hl;
        state = HandleStateOf(hl, context, HandleKind::kContext);
        if (state == HandleState::kLive) {
            is_default = h->is_default;
            device = h->device;
        }
        if (state == HandleState::kLive && !is_default) {
            // Draining its streams would never end while this thread owes one of them a blocking callback:
            // refused before anything is released.
            const void* owed = nullptr;
            if (h->default_stream && CallingThreadOwesCallback(h->default_stream.get())) owed = h;
            for (auto& kv : st.streams) {
                if (owed == nullptr && kv.first->context == h && CallingThreadOwesCallback(kv.second.get())) {
                    owed = kv.first;
                }
            }
            if (owed != nullptr) return FailOwedCallback("aclrtDestroyContext", owed);
            ReleaseHandle(hl, h, HandleKind::kContext);
            if (h->default_stream) closing.push_back(std::move(h->default_stream));
            Ctxs().created.erase(h);
            // Its streams go with it (handles released first, so calls on them fail from now on).
            for (auto it = st.streams.begin(); it != st.streams.end();) {
                if (it->first->context == h) {
                    if (ReleaseHandle(hl, it->first, HandleKind::kStream)) it->first->stream.reset();
                    closing.push_back(std::move(it->second));
                    it = st.streams.erase(it);
                } else {
                    ++it;
                }
            }
        }
    }
    if (state != HandleState::kLive) {
        return FailNotLive(ACL_ERROR_RT_CONTEXT_NULL, "aclrtDestroyContext", HandleKind::kContext, context, state,
                           kContextReleasedBy);
    }
    if (is_default) {
        return Fail(ACL_ERROR_RT_CONTEXT_NULL,
                    "aclrtDestroyContext: %p is the default context of device %d; only contexts from "
                    "aclrtCreateContext can be destroyed (aclrtResetDevice / aclFinalize release the default one).",
                    context, static_cast<int>(device));
    }
    if (t_ctx == h) t_ctx = nullptr;
    for (auto& s : closing) s->Close();  // waits for pending work, outside every lock
    return ACL_SUCCESS;
}

aclError aclrtSetCurrentContext(aclrtContext context) {
    if (context == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtSetCurrentContext: context is null.");
    ContextHandle* h = static_cast<ContextHandle*>(context);
    HandleState state;
    int32_t device = 0;
    bool is_default = false;
    {
        HandleLock lock;
        state = HandleStateOf(lock, context, HandleKind::kContext);
        if (state == HandleState::kLive) {
            device = h->device;
            is_default = h->is_default;
        }
    }
    if (state != HandleState::kLive) {
        return FailNotLive(ACL_ERROR_RT_PARAM_INVALID, "aclrtSetCurrentContext", HandleKind::kContext, context, state,
                           kContextReleasedBy);
    }
    t_ctx = is_default ? nullptr : h;
    SetThreadDevice(device);
    return ACL_SUCCESS;
}

aclError aclrtGetCurrentContext(aclrtContext* context) {
    if (context == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtGetCurrentContext: context is null.");
    if (t_ctx != nullptr) {
        if (HandleStateOf(t_ctx, HandleKind::kContext) != HandleState::kLive) {
            return Fail(ACL_ERROR_RT_CONTEXT_NULL,
                        "aclrtGetCurrentContext: the calling thread's current context %p was destroyed.",
                        static_cast<void*>(t_ctx));
        }
        *context = t_ctx;
        return ACL_SUCCESS;
    }
    if (ThreadDevice() < 0) {
        return Fail(ACL_ERROR_RT_CONTEXT_NULL,
                    "aclrtGetCurrentContext: the calling thread has no context (call aclrtSetDevice or "
                    "aclrtCreateContext first).");
    }
    RuntimeState& st = State();
    std::lock_guard<std::mutex> lock(st.mu);
    if (!st.initialized) return Fail(ACL_ERROR_UNINITIALIZE, "aclrtGetCurrentContext: call aclInit first.");
    *context = DefaultContextLocked();
    return ACL_SUCCESS;
}

}  // extern "C"
