// Shared steps of the argument-object entry points (scalar.cpp, arrays.cpp, lists.cpp): destroy and size
// queries of a handle kind, with the registry's stale-handle rule and messages. Internal to libnnopbase.
#pragma once

#include <cstdint>

#include "aclnn/acl_meta.h"
#include "common/handle_registry.h"
#include "common/status.h"

namespace aclcpu {

/// Counts of 2^63 or more are refused: they are negative counts converted to uint64_t.
constexpr uint64_t kMaxArgumentCount = uint64_t{1} << 63;

/// Destroys handle p of T's kind: NULL -> 0 (CANN); not live -> 161002 with FailNotLive's message.
template <typename T>
aclnnStatus DestroyHandle(const T* p, const char* api, const char* released_by) {
    if (p == nullptr) return OK;
    HandleLock lock;
    if (!ReleaseHandle(lock, p, HandleTraits<T>::kKind)) {
        const HandleState state = HandleStateOf(lock, p, HandleTraits<T>::kKind);
        lock.Unlock();
        return FailNotLive(ACLNN_ERR_PARAM_INVALID, api, HandleTraits<T>::kKind, p, state, released_by);
    }
    return OK;
}

/// Writes the element count of handle p (count(*p), read under the registry lock): NULL p or size -> 161001
/// (CANN); p not live -> 161002.
template <typename T, typename Count>
aclnnStatus GetHandleSize(const T* p, uint64_t* size, const char* api, const char* released_by, Count count) {
    if (p == nullptr || size == nullptr) {
        return Fail(ACLNN_ERR_PARAM_NULLPTR, "%s: %s is null.", api,
                    p == nullptr ? HandleKindName(HandleTraits<T>::kKind) : "size");
    }
    HandleLock lock;
    const HandleState state = HandleStateOf(lock, p, HandleTraits<T>::kKind);
    if (state != HandleState::kLive) {
        lock.Unlock();
        return FailNotLive(ACLNN_ERR_PARAM_INVALID, api, HandleTraits<T>::kKind, p, state, released_by);
    }
    *size = count(*p);
    return OK;
}

}  // namespace aclcpu
