// The tensor model: aclTensor descriptors and the view arithmetic every layer above uses
// (element counts, the highest element a view touches, storage and allocation bounds, self-overlap).
//
// Rules: SPEC 3. Strides and offsets are in elements. A view's element i lives at
// data + (offset + sum_k i_k * stride_k) * itemsize.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "aclnn/acl_meta.h"
#include "common/handle_registry.h"
#include "common/limits.h"
#include "common/mem_block.h"
#include "tensor/dtype.h"

/// A tensor descriptor (public opaque type of acl_meta.h).
struct aclTensor {
    uint64_t magic;
    aclDataType dtype;
    int32_t format;  // the aclFormat value as passed (a label; C callers may pass any int)
    std::vector<int64_t> view_shape;
    std::vector<int64_t> strides;  // elements, one per view dim
    int64_t offset;                // elements
    std::vector<int64_t> storage_shape;
    void* data;
    /// The description's interned identity (DescribeTensor, at aclCreateTensor and aclInitTensor): descriptors with
    /// equal non-zero `layout` have equal dtype, format, view shape, strides, offset and storage shape (ids are
    /// never reused); equal descriptions mostly share one. 0: not interned (a descriptor of the library's own, or
    /// interning ran out of memory). The aclnn cache's key reads it instead of the shape vectors.
    uint64_t layout = 0;
    // Derived at creation (shapes, strides and offset never change afterwards), so that the per-call checks
    // do not walk the shape vectors again.
    int64_t numel = 0;          // elements of the view
    int64_t storage_numel = 0;  // elements of the storage shape
    int64_t max_index = 0;      // offset + sum (d_k - 1) * stride_k for a non-empty view, else offset
    // The live aclTensorList that owns this tensor (destroys it), or nullptr (src/tensor/arguments.h).
    const aclTensorList* owner_list = nullptr;
};

namespace aclcpu {

/// aclTensor objects live in the handle registry (common/handle_registry.h).
template <>
struct HandleTraits<aclTensor> {
    static constexpr HandleKind kKind = HandleKind::kTensor;
};

/// What releases an aclTensor, for FailNotLive messages.
constexpr const char* kTensorReleasedBy = "destroyed by aclDestroyTensor or aclDestroyTensorList";

/// Whether t is a descriptor made by aclCreateTensor and not yet destroyed.
bool IsLiveTensor(const aclTensor* t);

/// Index of the first of t[0 .. n) that is not a live descriptor (null included), or -1 when all are live;
/// *state says whether that one was released or never was a tensor. One registry lock for the lot (the first
/// phase's check of its arguments).
int FirstDeadTensor(const aclTensor* const* t, int n, HandleState* state);


/// Empties the table of interned descriptions (aclTensor::layout): descriptions made from now on get new ids, those
/// made before keep theirs (ids are never reused, so equal ids still mean equal descriptions). Frees the table's
/// memory - what a fuzzing harness does after each input, so that its leak detection sees no memory retained.
void ForgetLayouts();

/// Validates a tensor description (aclCreateTensor's arguments; SPEC 3 and docs/differences.md) and
/// writes it into t: every field but owner_list and the handle state, `layout` its interned id (ForgetLayouts). The
/// dtype and format come as the ints the caller passed (RawEnum: a C caller may pass any value, which must not be
/// loaded as the enum). Returns 0, or 161001/161002 with a message starting with `api` (t may then be partly
/// written). Allocates only when t's vectors are too small, or to intern a description not seen before.
int DescribeTensor(aclTensor* t, const char* api, const int64_t* viewDims, uint64_t viewDimsNum, int raw_dtype,
                   const int64_t* stride, int64_t offset, int raw_format, const int64_t* storageDims,
                   uint64_t storageDimsNum, void* tensorData);

/// "[2,3]" formatting of a shape, as CANN prints shapes in messages.
std::string ShapeString(const int64_t* dims, size_t n);
inline std::string ShapeString(const std::vector<int64_t>& s) { return ShapeString(s.data(), s.size()); }

/// Highest element index the view touches: offset + sum (d_k - 1) * stride_k (views are non-empty).
inline int64_t MaxElementIndex(const aclTensor& t) { return t.max_index; }

/// Checks that a non-empty view lies inside its storage shape (SPEC 3, beyond CANN). Returns 0 or 161002
/// with a message naming `name`. Inline (defined below): the first phase of a list calls it per element.
inline int CheckStorageBounds(const aclTensor& t, const char* name);
/// CheckStorageBounds' refusal (cold): 161002 with its message.
int FailStorageBounds(const aclTensor& t, const char* name);

/// Checks a non-empty view's data address against the block that holds t.data (looked up by the caller in
/// the runtime's memory registry: rt::FindBlock or rt::PinBlocks): not null (161001), aligned to its element
/// size, and with every byte of the view inside `block` (MemBlock::Holds) (161002). `block` is nullptr or
/// of size 0 when t.data lies in no block. Empty views pass. `name` appears in messages. Inline (defined below):
/// the second phase calls it per tensor.
inline int CheckDataAddressIn(const aclTensor& t, const char* name, const MemBlock* block);

/// The ways a view fails CheckDataAddressIn.
enum class DataAddressFault { kNull, kNoBlock, kMisaligned, kOutside };
/// CheckDataAddressIn's refusal of t for `fault` (cold): 161001 (kNull) or 161002 with its message.
int FailDataAddress(DataAddressFault fault, const aclTensor& t, const char* name, const MemBlock* block);

/// Whether the view is row-major contiguous: its elements at consecutive addresses in index order (dims of size 1
/// aside, whose strides do not matter). Walks the view's dims.
inline bool IsRowMajorContiguous(const aclTensor& t) {
    int64_t expect = 1;
    for (size_t k = t.view_shape.size(); k-- > 0;) {
        if (t.view_shape[k] == 1) continue;
        if (t.strides[k] != expect) return false;
        expect *= t.view_shape[k];
    }
    return true;
}

/// HasInternalOverlap for a non-empty view that is not row-major contiguous.
bool StridedViewOverlaps(const aclTensor& t);

/// Whether two distinct indices of the view map to one element (a zero stride on a dim of size > 1, or
/// strides that collide). Exact: views whose sorted strides each exceed the span of the smaller ones are
/// disjoint; other (interleaved) views are checked by listing their element indices, conservatively
/// (true) only beyond 2^22 elements. An empty view never overlaps. Inline for the common case (a row-major
/// contiguous view: indices map one to one); the others go to StridedViewOverlaps.
inline bool HasInternalOverlap(const aclTensor& t) {
    if (t.numel == 0 || IsRowMajorContiguous(t)) return false;
    return StridedViewOverlaps(t);
}

namespace detail {
// dst = src for a shape vector: element by element when dst already has the room (a recycled executor's or
// launch record's descriptor; shapes have a few dims), so that no allocation and no library call is made.
inline void AssignDims(std::vector<int64_t>& dst, const std::vector<int64_t>& src) {
    const size_t n = src.size();
    if (n > dst.capacity() || n > 8) {
        dst = src;
        return;
    }
    dst.resize(n);
    int64_t* d = dst.data();
    const int64_t* s = src.data();
    for (size_t k = 0; k < n; ++k) d[k] = s[k];
}
}  // namespace detail

static_assert(sizeof(aclTensor) == 144, "CopyDescriptor copies every field of aclTensor: extend it with the struct");

/// dst = src (every field, owner_list included), reusing dst's vectors' storage: what the first phase does for
/// each descriptor it copies into an executor (the tensor lists' hundreds of copies per call).
inline void CopyDescriptor(aclTensor* dst, const aclTensor& src) {
    dst->magic = src.magic;
    dst->dtype = src.dtype;
    dst->format = src.format;
    detail::AssignDims(dst->view_shape, src.view_shape);
    detail::AssignDims(dst->strides, src.strides);
    dst->offset = src.offset;
    detail::AssignDims(dst->storage_shape, src.storage_shape);
    dst->data = src.data;
    dst->layout = src.layout;
    dst->numel = src.numel;
    dst->storage_numel = src.storage_numel;
    dst->max_index = src.max_index;
    dst->owner_list = src.owner_list;
}

/// Byte range [lo, hi) that a non-empty view touches (data must be set): from element `offset` to element
/// max_index inclusive (INT4 and FLOAT4_*: the bytes holding those elements' nibbles). Inline: the aliasing and
/// overlap checks of every call use it.
inline void ByteRange(const aclTensor& t, uintptr_t* lo, uintptr_t* hi) {
    const uintptr_t base = reinterpret_cast<uintptr_t>(t.data);
    if (IsPacked4Bit(t.dtype)) {  // INT4, FLOAT4_*: two elements a byte
        *lo = base + static_cast<uintptr_t>(t.offset / 2);
        *hi = base + static_cast<uintptr_t>(MaxElementIndex(t) / 2 + 1);
        return;
    }
    const uintptr_t item = ItemSize(t.dtype);
    *lo = base + static_cast<uintptr_t>(t.offset) * item;
    *hi = base + (static_cast<uintptr_t>(MaxElementIndex(t)) + 1) * item;
}

inline int CheckStorageBounds(const aclTensor& t, const char* name) {
    if (t.numel == 0 || MaxElementIndex(t) < t.storage_numel) return 0;
    return FailStorageBounds(t, name);
}

inline int CheckDataAddressIn(const aclTensor& t, const char* name, const MemBlock* block) {
    if (t.numel == 0) return 0;
    if (t.data == nullptr) return FailDataAddress(DataAddressFault::kNull, t, name, block);
    if (block == nullptr || block->size == 0) return FailDataAddress(DataAddressFault::kNoBlock, t, name, block);
    // Elements are accessed as their C types: the data address must be aligned like them (aclrtMalloc gives
    // 64 bytes; an address such as block + 1 is rejected rather than read misaligned).
    const size_t align = ItemSize(t.dtype) < 8 ? ItemSize(t.dtype) : 8;
    if (align > 1 && reinterpret_cast<uintptr_t>(t.data) % align != 0) {
        return FailDataAddress(DataAddressFault::kMisaligned, t, name, block);
    }
    uintptr_t lo, hi;
    ByteRange(t, &lo, &hi);
    if (!block->Holds(lo, hi - lo)) return FailDataAddress(DataAddressFault::kOutside, t, name, block);
    return 0;
}

}  // namespace aclcpu
