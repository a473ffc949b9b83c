// The internal functions one of our shared libraries calls in another: the only C++ symbols they export.
//
// Every library is built with hidden visibility (CMake: CXX_VISIBILITY_PRESET hidden, VISIBILITY_INLINES_HIDDEN),
// so that only the public C API (the ACL_FUNC_VISIBILITY / ACLNN_API declarations of include/) is exported.
// CANN's library split (SPEC 1: libascendcl runtime, libnnopbase tensors and executors, libopapi_math,
// libopapi_nn) puts state in each of the lower libraries - the runtime's streams, memory blocks, device pool
// and error messages; the live-tensor registry and the executor pool - so the libraries above must call into
// them: a second copy of that code in the caller would be a second copy of the state. Those calls are the
// functions redeclared here with default visibility, and nothing else: free functions only, so that no
// class's type information has to cross a library (UBSan's vptr checks would need it). Each defining .cpp
// includes this file (after its own header), so the definition takes the visibility; callers need only the
// ordinary declaration (GCC does not apply -fvisibility to extern declarations).
//
// tests/acceptance/check_exports.py reads the names from this file and from the generated
// common/op_row_exports.h it includes (the operators' row selectors, from ops/operators.yaml): a library
// exporting anything that is neither public C API (tests/acceptance/exported_symbols.txt) nor listed there
// fails the tests.
// Adding a cross-library call: one line here (the build fails with an undefined symbol otherwise).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "acl/acl_base.h"
#include "common/mem_block.h"
#include "kernels/row.h"

#define ACLCPU_LIB_API __attribute__((visibility("default")))

struct aclOpExecutor;
struct aclTensor;
struct aclScalar;

namespace aclcpu {

enum class LogLevel : int;
enum class HandleKind : uint8_t;
enum class HandleState : uint8_t;
enum class DataAddressFault;
enum class StrictKind : int;
enum class StrictObject : int;
class HandleLock;
class OpPlan;
struct ExecutorDeleter;
class OpCacheKey;
struct OpCacheStats;
using ExecutorPtr = std::unique_ptr<aclOpExecutor, ExecutorDeleter>;

// ---- libascendcl (src/common/status.cpp, src/common/handle_registry.cpp, src/runtime/)
ACLCPU_LIB_API int Fail(int code, const char* fmt, ...);
ACLCPU_LIB_API void Log(LogLevel level, const char* fmt, ...);
ACLCPU_LIB_API std::string Format(const char* fmt, ...);

// The handle registry (common/handle_registry.h): every library's handles live in the one registry.
ACLCPU_LIB_API const char* HandleKindName(HandleKind kind);
namespace handle_detail {
ACLCPU_LIB_API void LockRegistry();
ACLCPU_LIB_API void UnlockRegistry();
ACLCPU_LIB_API void* Acquire(HandleKind kind, void* (*make)(), void (*del)(void*));
}  // namespace handle_detail
ACLCPU_LIB_API void PublishHandle(const void* p);
ACLCPU_LIB_API HandleState HandleStateOf(const void* p, HandleKind kind);
ACLCPU_LIB_API HandleState HandleStateOf(const HandleLock& lock, const void* p, HandleKind kind);
ACLCPU_LIB_API uint64_t TensorReleaseCount();
ACLCPU_LIB_API int FirstNotLive(const void* const* p, int n, HandleKind kind, HandleState* state);
ACLCPU_LIB_API bool RevokeHandle(const HandleLock& lock, const void* p, HandleKind kind);
ACLCPU_LIB_API bool ReleaseHandle(const void* p, HandleKind kind);
ACLCPU_LIB_API bool ReleaseHandle(const HandleLock& lock, const void* p, HandleKind kind);
ACLCPU_LIB_API int FailNotLive(int code, const char* api, const char* kind_name, const void* p, bool released,
                               const char* how);

// Strict mode (runtime/strict.h): the switch and the report line, for checks in every library.
ACLCPU_LIB_API bool StrictMode();
ACLCPU_LIB_API void StrictReport(StrictKind kind, const char* fmt, ...);
ACLCPU_LIB_API uint64_t StrictFindings(StrictKind kind);
ACLCPU_LIB_API void AddStrictExitCheck(void (*check)());
ACLCPU_LIB_API void StrictTrackCreate(const void* obj, StrictObject what, size_t bytes, const char* api);
ACLCPU_LIB_API void StrictMarkWritten(void* block, size_t off, size_t n);
ACLCPU_LIB_API size_t StrictUnwritten(void* block, size_t off, size_t n, size_t* first);
ACLCPU_LIB_API const char* StrictBlockText(void* block);

namespace rt {
enum class Soc;
class Stream;
using Block = MemBlock;
struct Task;
struct Access;
using RangeFn = void (*)(void* ctx, int64_t begin, int64_t end);

ACLCPU_LIB_API Soc ActiveSoc();
ACLCPU_LIB_API bool FidelityExactOnly();  // the reference tier refused (src/engine/reference_call.cpp)
ACLCPU_LIB_API const char* SocName(Soc soc);
ACLCPU_LIB_API void SetThreadSocOverride(const Soc* soc);  // the Python package's per-call profile (python/)
ACLCPU_LIB_API std::shared_ptr<Stream> HoldStream(aclrtStream stream);
ACLCPU_LIB_API std::shared_ptr<Stream> HoldStream(const HandleLock& lock, aclrtStream stream);
ACLCPU_LIB_API void OpenForRtApi();  // libruntime (src/runtime/rt_api.cpp)
ACLCPU_LIB_API int Enqueue(const std::shared_ptr<Stream>& stream, Task task);
ACLCPU_LIB_API int Enqueue(const std::shared_ptr<Stream>& stream, Task task, const Access* acc, int n,
                           const char* api);
ACLCPU_LIB_API bool FindBlock(const void* p, Block* out);
ACLCPU_LIB_API bool PinBlocks(const void* const* addrs, int n, Block* blocks, uint64_t* generation);
ACLCPU_LIB_API bool RepinBlocks(const Block* blocks, int n, uint64_t generation);
ACLCPU_LIB_API void UnpinBlocks(const void* const* addrs, int n);
ACLCPU_LIB_API void UnpinPinned(const Block* blocks, int n);
ACLCPU_LIB_API void ParallelFor(int64_t n, int64_t grain, RangeFn fn, void* ctx);
ACLCPU_LIB_API int RequireInit(const char* api);  // libhccl: HCCL calls need an initialised runtime
ACLCPU_LIB_API int DeviceCount();  // the devices (src/runtime/device.cpp): libhccl checks ranks' devices
ACLCPU_LIB_API int32_t CurrentDeviceOrZero();
ACLCPU_LIB_API int BlockDevice(const void* p);
ACLCPU_LIB_API bool PeerAccessEnabled(int from, int to);
ACLCPU_LIB_API void StrictCheckPeerAccess(int device, const Access* acc, int n, const char* api);
}  // namespace rt

// ---- libnnopbase (src/tensor/, src/executor/)
ACLCPU_LIB_API const char* DtypeName(aclDataType t);
ACLCPU_LIB_API aclDataType PromoteTypes(aclDataType a, aclDataType b);
ACLCPU_LIB_API bool CanCast(aclDataType from, aclDataType to);
ACLCPU_LIB_API bool ScalarToFloat(const aclScalar& s, float* out);
ACLCPU_LIB_API bool ScalarToDouble(const aclScalar& s, double* out);
ACLCPU_LIB_API int FirstDeadTensor(const aclTensor* const* t, int n, HandleState* state);
ACLCPU_LIB_API std::string ShapeString(const int64_t* dims, size_t n);
ACLCPU_LIB_API int FailStorageBounds(const aclTensor& t, const char* name);
ACLCPU_LIB_API int FailDataAddress(DataAddressFault fault, const aclTensor& t, const char* name, const MemBlock* block);
ACLCPU_LIB_API bool StridedViewOverlaps(const aclTensor& t);
ACLCPU_LIB_API void ReleaseExecutor(aclOpExecutor* ex);
ACLCPU_LIB_API ExecutorPtr AcquireExecutor();
ACLCPU_LIB_API void TakeWarmTensorStorage(aclOpExecutor* ex);
ACLCPU_LIB_API aclOpExecutor* PublishExecutor(ExecutorPtr ex);
ACLCPU_LIB_API int RunExecutor(void* workspace, uint64_t workspace_size, aclOpExecutor* executor, aclrtStream stream,
                               const char* api);
// the aclnn cache (executor/op_cache.h)
ACLCPU_LIB_API OpCacheKey* OpCacheBegin(const char* api, int soc);
ACLCPU_LIB_API bool OpCacheFind(OpCacheKey& key, uint64_t* workspaceSize, aclOpExecutor** executor);
ACLCPU_LIB_API void OpCacheAttach(aclOpExecutor* ex);
ACLCPU_LIB_API void OpCacheAbandon();
ACLCPU_LIB_API OpCacheStats GetOpCacheStats();
ACLCPU_LIB_API void SetOpCacheLimit(size_t limit);
ACLCPU_LIB_API void ClearOpCache();
ACLCPU_LIB_API void ForgetLayouts();  // tensor/tensor.h

// ---- libopapi_math (src/engine/, src/kernels/)
namespace engine {
struct ElementwiseOperands;
struct BroadcastShape;
struct ElementwiseKernel;
ACLCPU_LIB_API std::shared_ptr<const OpPlan> PlanElementwise(const aclTensor* tensors, const ElementwiseOperands& ops,
                                                             const BroadcastShape& shape,
                                                             const ElementwiseKernel& kernel, uint64_t* workspace_size);
struct ElementwiseListItem;
/// engine/list.h: the plan of a tensor-list (foreach) call.
ACLCPU_LIB_API std::shared_ptr<const OpPlan> PlanElementwiseList(const aclTensor* tensors,
                                                                 const ElementwiseListItem* items, size_t count,
                                                                 uint64_t* workspace_size);
/// engine/elementwise.h: whether two views' byte ranges meet (the operator library's CheckOutputsApart).
ACLCPU_LIB_API bool ViewsMeet(const aclTensor& a, const aclTensor& b);
class ReduceOrder;
struct ReduceTemplateDag;
struct ReduceHardware;
struct ReduceTemplateTiling;
struct ReduceFinish;
ACLCPU_LIB_API std::shared_ptr<const OpPlan> PlanReduce(const aclTensor* tensors, const ElementwiseOperands& ops,
                                                        const BroadcastShape& shape, const ElementwiseKernel& kernel,
                                                        std::shared_ptr<const ReduceOrder> order,
                                                        const ReduceFinish& finish, uint64_t* workspace_size);
ACLCPU_LIB_API std::shared_ptr<const OpPlan> PlanFill(const aclTensor* tensors, int out, double value);
struct AxisReduce;
ACLCPU_LIB_API std::shared_ptr<const OpPlan> PlanAxisReduce(const aclTensor* tensors, const ElementwiseOperands& ops,
                                                            const BroadcastShape& shape,
                                                            const ElementwiseKernel& kernel, const AxisReduce& axes,
                                                            std::shared_ptr<const ReduceOrder> order,
                                                            const ReduceFinish& finish, uint64_t* workspace_size);
ACLCPU_LIB_API std::shared_ptr<const ReduceOrder> MakeReduceTemplateOrder(int64_t n, aclDataType input_dtype,
                                                                         const ReduceTemplateDag& dag,
                                                                         const ReduceHardware& hw);
ACLCPU_LIB_API ReduceTemplateTiling TileReduceTemplate(int64_t n, aclDataType input_dtype,
                                                       const ReduceTemplateDag& dag, const ReduceHardware& hw);
}  // namespace engine

// The reference tier (src/engine/reference_call.h): the first phases of both operator libraries end there.
struct OpCall;
class RefValues;
namespace ref {
struct Value;
}  // namespace ref
ACLCPU_LIB_API ref::Value ReferenceScalarValue(const aclScalar* s);
ACLCPU_LIB_API int PublishReference(const OpCall& c, const char* table_api, const RefValues& values,
                                    uint64_t* workspaceSize, aclOpExecutor** executor);
struct CallArg;
ACLCPU_LIB_API int PublishReferenceOfArgs(const aclTensor* const* t, int n, int num_inputs, const char* api,
                                          const CallArg* args, int nargs, const char* const* arg_names,
                                          const char* table_api, const RefValues& values, uint64_t* workspaceSize,
                                          aclOpExecutor** executor);

// aclnnMseLoss (src/op/mse_loss.cpp): its summation orders.
namespace engine {
enum class MseV2Order : int32_t;
ACLCPU_LIB_API std::shared_ptr<const ReduceOrder> MakeMseV2Order(MseV2Order kind, int64_t n, int item_bytes,
                                                                 bool mean);
}  // namespace engine

}  // namespace aclcpu

// The operators' row selectors (kern::Select*Row), one per operator table entry's kernel.rows (generated).
#include "common/op_row_exports.h"
