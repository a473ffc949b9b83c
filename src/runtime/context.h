// Contexts (aclrtContext): each device's default context and those of aclrtCreateContext, the calling
// thread's current context, and the binding of streams to contexts. Internal to src/runtime.
//
// Rules (CANN runtime docs 05_context_management.md, 06_stream_management.md; acl_rt.h): the current context
// is per thread; aclrtSetDevice makes the device's default context current; aclrtCreateContext makes the new
// context current; a stream belongs to the context current when it was created; NULL stream = the current
// context's default stream. A thread that never chose a context uses the default context (our streams work
// without aclrtSetDevice, as before contexts existed).
#pragma once

#include <memory>
#include <vector>

#include "runtime/device.h"
#include "runtime/state.h"

namespace aclcpu {
namespace rt {

/// What an aclrtContext points to (a handle registry object).
struct ContextHandle {
    int32_t device = 0;
    bool is_default = false;                 // the device's default context (never destroyed by the caller)
    std::shared_ptr<Stream> default_stream;  // created contexts only (the default context's is State().default_stream)
};

/// What releases a context handle, for messages.
constexpr const char* kContextReleasedBy = "destroyed by aclrtDestroyContext, or aclFinalize";

/// The context a stream created now on this thread belongs to (the thread's created context, else the default
/// context, created on first use). nullptr with *status 107002 and a message when the thread's current
/// context was destroyed on another thread, or 100001 before aclInit. Caller must NOT hold State().mu.
const void* ContextForNewStream(int* status, const char* api);

/// The context the calling thread works in, as an address to compare with StreamHandle::context (the default
/// context's address when the thread chose none; nullptr when none exists yet). Never fails.
const void* CurrentContextKey();

/// When the calling thread's current context is one made by aclrtCreateContext: true, with *out its default
/// stream (nullptr, *status 107002 and a message naming `api` when that context was destroyed; no message when
/// `api` is nullptr). False when the thread works in the default context (callers use State().default_stream).
bool CreatedContextDefaultStream(std::shared_ptr<Stream>* out, int* status, const char* api);

/// 0 when `stream` is NULL, not a live stream (the caller's lookup reports that), or belongs to the calling
/// thread's current context; else ACL_ERROR_RT_STREAM_CONTEXT (107003) with a message naming `api`.
int CheckStreamContext(aclrtStream stream, const char* api);

/// Appends the default streams of the created contexts (aclrtSynchronizeDevice). Caller holds State().mu.
void AppendContextStreamsLocked(std::vector<std::shared_ptr<Stream>>* out);

/// Releases every context handle (aclFinalize); returns their default streams to close outside every lock.
std::vector<std::shared_ptr<Stream>> ReleaseAllContexts();

/// aclrtSetDevice: the calling thread's current context becomes the device's default context.
void UseDefaultContext();

/// Sets the calling thread's device (runtime.cpp keeps it for aclrtGetDevice).
void SetThreadDevice(int32_t device);

/// The calling thread's device, -1 when none was set (or it was reset).
int32_t ThreadDevice();

}  // namespace rt

template <>
struct HandleTraits<rt::ContextHandle> {
    static constexpr HandleKind kKind = HandleKind::kContext;
};

}  // namespace aclcpu
