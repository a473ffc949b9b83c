// aclTensorList, aclScalarList (acl_meta.h): lists that own their elements (issue 15). CANN's rules: opbase
// src/nnopbase/common/api/acl_op_api.cpp (create copies the pointer array; destroy destroys every element,
// then the list; size) and src/nnopbase/common/utils/common_types.cpp (aclTensorList/aclScalarList
// constructors: NULL or size 0 gives an empty list). The ownership rule here is in arguments.h.
#include <algorithm>
#include <new>
#include <type_traits>
#include <stdexcept>

#include "tensor/argument_handles.h"
#include "tensor/arguments.h"
#include "tensor/tensor.h"

namespace aclcpu {
namespace {

// Creates a list handle of type L (items: vector<E*>) from value[0 .. size): every non-null element must be a
// live handle of E's kind owned by no other list; it becomes owned by the new list.
template <typename L, typename E>
L* CreateList(const E* const* value, uint64_t size, const char* api, const char* elem_released_by) {
    constexpr HandleKind kElem = HandleTraits<E>::kKind;
    if (value == nullptr && size != 0) {
        Fail(ACLNN_ERR_PARAM_NULLPTR, "%s: value is null but size is %llu.", api,
             static_cast<unsigned long long>(size));
        return nullptr;
    }
    if (size >= kMaxArgumentCount) {
        Fail(ACLNN_ERR_PARAM_INVALID, "%s: size %llu (%lld as a signed count) is not a valid element count.", api,
             static_cast<unsigned long long>(size), static_cast<long long>(size));
        return nullptr;
    }
    L* list = nullptr;
    try {
        list = AcquireHandle<L>();
        list->items.resize(static_cast<size_t>(size));  // a recycled object: every item is assigned below
    } catch (const std::exception&) {                   // bad_alloc, length_error
        if (list != nullptr) ReleaseHandle(list, HandleTraits<L>::kKind);
        Fail(ACLNN_ERR_INNER, "%s: cannot hold %llu elements (out of memory).", api,
             static_cast<unsigned long long>(size));
        return nullptr;
    }
    for (size_t i = 0; i < list->items.size(); ++i) list->items[i] = const_cast<E*>(value[i]);
    if constexpr (std::is_same<L, aclTensorList>::value) {  // a recycled object's memo of its last life cleared
        list->has_null = std::find(list->items.begin(), list->items.end(), nullptr) != list->items.end();
        list->live_at.store(aclTensorList::kNeverChecked, std::memory_order_relaxed);
    }
    {
        HandleLock lock;  // the checks and the ownership marks are one step
        for (size_t i = 0; i < list->items.size(); ++i) {
            E* e = list->items[i];
            if (e == nullptr) continue;  // stored, as CANN does; operators report null elements
            const HandleState state = HandleStateOf(lock, e, kElem);
            const bool foreign_owner = state == HandleState::kLive && e->owner_list != nullptr && e->owner_list != list;
            if (state == HandleState::kLive && !foreign_owner) {
                e->owner_list = list;  // a repeated element is marked again: owned once
                continue;
            }
            // Refused: undo the marks made so far (only this list's: no live element points at an unpublished
            // object otherwise), then give the object back.
            for (size_t j = 0; j < i; ++j) {
                E* m = list->items[j];
                if (m != nullptr && m->owner_list == list) m->owner_list = nullptr;
            }
            const void* other = foreign_owner ? e->owner_list : nullptr;
            lock.Unlock();
            ReleaseHandle(list, HandleTraits<L>::kKind);  // never published: back to the spares
            const std::string where = Format("%s (element %zu)", api, i);
            if (foreign_owner) {
                Fail(ACLNN_ERR_PARAM_INVALID,
                     "%s: %s %p already belongs to %s %p, which destroys it; an element may belong to one list only.",
                     where.c_str(), HandleKindName(kElem), static_cast<const void*>(e),
                     HandleKindName(HandleTraits<L>::kKind), other);
            } else {
                FailNotLive(ACLNN_ERR_PARAM_INVALID, where.c_str(), kElem, e, state, elem_released_by);
            }
            return nullptr;
        }
    }
    PublishHandle(list);
    return list;
}

// Destroys list handle `list` and the live elements it owns, each once, under one registry lock.
template <typename L, typename E>
aclnnStatus DestroyList(const L* list, const char* api, const char* released_by) {
    if (list == nullptr) return OK;
    constexpr HandleKind kElem = HandleTraits<E>::kKind;
    HandleLock lock;
    const HandleState state = HandleStateOf(lock, list, HandleTraits<L>::kKind);
    if (state != HandleState::kLive) {
        lock.Unlock();
        return FailNotLive(ACLNN_ERR_PARAM_INVALID, api, HandleTraits<L>::kKind, list, state, released_by);
    }
    for (E* e : list->items) {
        // A repeated element is released at its first occurrence and is no longer live at the next.
        if (e != nullptr && HandleStateOf(lock, e, kElem) == HandleState::kLive && e->owner_list == list) {
            ReleaseHandle(lock, e, kElem);
        }
    }
    ReleaseHandle(lock, list, HandleTraits<L>::kKind);
    return OK;
}

template <typename L>
uint64_t CountOf(const L& l) {
    return l.items.size();
}

}  // namespace
}  // namespace aclcpu

using namespace aclcpu;

extern "C" {

aclTensorList* aclCreateTensorList(const aclTensor* const* value, uint64_t size) {
    return CreateList<aclTensorList>(value, size, "aclCreateTensorList", kTensorReleasedBy);
}

aclScalarList* aclCreateScalarList(const aclScalar* const* value, uint64_t size) {
    return CreateList<aclScalarList>(value, size, "aclCreateScalarList", kScalarReleasedBy);
}

aclnnStatus aclDestroyTensorList(const aclTensorList* array) {
    return DestroyList<aclTensorList, aclTensor>(array, "aclDestroyTensorList", kTensorListReleasedBy);
}

aclnnStatus aclDestroyScalarList(const aclScalarList* array) {
    return DestroyList<aclScalarList, aclScalar>(array, "aclDestroyScalarList", kScalarListReleasedBy);
}

aclnnStatus aclGetTensorListSize(const aclTensorList* tensorList, uint64_t* size) {
    return GetHandleSize(tensorList, size, "aclGetTensorListSize", kTensorListReleasedBy, CountOf<aclTensorList>);
}

aclnnStatus aclGetScalarListSize(const aclScalarList* scalarList, uint64_t* size) {
    return GetHandleSize(scalarList, size, "aclGetScalarListSize", kScalarListReleasedBy, CountOf<aclScalarList>);
}

}  // extern "C"
