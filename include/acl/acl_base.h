/*
 * acl/acl_base.h - base types of the ACL API: status codes, data types, formats, aclFloat16.
 *
 * Every name and value here is a fact of CANN's public ACL headers (hicann/runtime,
 * include/external/acl/acl_base_rt.h); programs written for an Ascend NPU compare against them.
 * Compiles as C++11 and later (what CANN's samples use) and, unlike CANN's header, as C11.
 */
#ifndef ACLCPU_ACL_ACL_BASE_H_
#define ACLCPU_ACL_ACL_BASE_H_

#include <stddef.h>
#include <stdint.h>
#include "error_codes/rt_error_codes.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifndef ACL_FUNC_VISIBILITY
#define ACL_FUNC_VISIBILITY __attribute__((visibility("default")))
#endif

#if defined(__GNUC__) && (__GNUC__ >= 6)
#define ACL_DEPRECATED __attribute__((deprecated))
#define ACL_DEPRECATED_MESSAGE(message) __attribute__((deprecated(message)))
#else
#define ACL_DEPRECATED
#define ACL_DEPRECATED_MESSAGE(message)
#endif

/** Opaque handle of a stream (a FIFO task queue run by a worker thread here). NULL = default stream. */
typedef void* aclrtStream;
/** Opaque handle of an event recorded on a stream. */
typedef void* aclrtEvent;
/** Opaque handle of a context: the default context of device 0 or one from aclrtCreateContext. */
typedef void* aclrtContext;
/** Status code of ACL calls: 0 on success, else one of the ACL_ERROR_* values. */
typedef int aclError;
/** IEEE-754 binary16 bit pattern, as stored in ACL_FLOAT16 tensors. */
typedef uint16_t aclFloat16;
/** Opaque data buffer: an address and a byte length (aclCreateDataBuffer). */
typedef struct aclDataBuffer aclDataBuffer;

/* ---- Status codes (values from CANN acl_base_rt.h) ---- */
static const int ACL_ERROR_NONE = 0;
static const int ACL_SUCCESS = 0;

static const int ACL_ERROR_INVALID_PARAM = 100000;
static const int ACL_ERROR_UNINITIALIZE = 100001;
static const int ACL_ERROR_REPEAT_INITIALIZE = 100002;
static const int ACL_ERROR_INVALID_FILE = 100003;
static const int ACL_ERROR_WRITE_FILE = 100004;
static const int ACL_ERROR_INVALID_FILE_SIZE = 100005;
static const int ACL_ERROR_PARSE_FILE = 100006;
static const int ACL_ERROR_FILE_MISSING_ATTR = 100007;
static const int ACL_ERROR_FILE_ATTR_INVALID = 100008;
static const int ACL_ERROR_UNSUPPORTED_DATA_TYPE = 100026;
static const int ACL_ERROR_FORMAT_NOT_MATCH = 100027;
static const int ACL_ERROR_REPEAT_FINALIZE = 100037;

static const int ACL_ERROR_BAD_ALLOC = 200000;
static const int ACL_ERROR_API_NOT_SUPPORT = 200001;
static const int ACL_ERROR_INVALID_DEVICE = 200002;
static const int ACL_ERROR_MEMORY_ADDRESS_UNALIGNED = 200003;
static const int ACL_ERROR_RESOURCE_NOT_MATCH = 200004;
static const int ACL_ERROR_INVALID_RESOURCE_HANDLE = 200005;
static const int ACL_ERROR_FEATURE_UNSUPPORTED = 200006;

static const int ACL_ERROR_STORAGE_OVER_LIMIT = 300000;

static const int ACL_ERROR_INTERNAL_ERROR = 500000;
static const int ACL_ERROR_FAILURE = 500001;
static const int ACL_ERROR_GE_FAILURE = 500002;
static const int ACL_ERROR_RT_FAILURE = 500003;
static const int ACL_ERROR_DRV_FAILURE = 500004;
static const int ACL_ERROR_PROFILING_FAILURE = 500005;

/** Element data types (values from CANN acl_base_rt.h). Item sizes: see aclDataTypeSize. */
typedef enum {
    ACL_DT_UNDEFINED = -1,
    ACL_FLOAT = 0,
    ACL_FLOAT16 = 1,
    ACL_INT8 = 2,
    ACL_INT32 = 3,
    ACL_UINT8 = 4,
    ACL_INT16 = 6,
    ACL_UINT16 = 7,
    ACL_UINT32 = 8,
    ACL_INT64 = 9,
    ACL_UINT64 = 10,
    ACL_DOUBLE = 11,
    ACL_BOOL = 12,
    ACL_STRING = 13,
    ACL_COMPLEX64 = 16,
    ACL_COMPLEX128 = 17,
    ACL_BF16 = 27,
    ACL_INT4 = 29,
    ACL_UINT1 = 30,
    ACL_COMPLEX32 = 33,
    ACL_HIFLOAT8 = 34,
    ACL_FLOAT8_E5M2 = 35,
    ACL_FLOAT8_E4M3FN = 36,
    ACL_FLOAT8_E8M0 = 37,
    ACL_FLOAT6_E3M2 = 38,
    ACL_FLOAT6_E2M3 = 39,
    ACL_FLOAT4_E2M1 = 40,
    ACL_FLOAT4_E1M2 = 41
} aclDataType;

/** Storage formats (values from CANN acl_base_rt.h). Labels only here: every tensor is an ND view. */
typedef enum {
    ACL_FORMAT_UNDEFINED = -1,
    ACL_FORMAT_NCHW = 0,
    ACL_FORMAT_NHWC = 1,
    ACL_FORMAT_ND = 2,
    ACL_FORMAT_NC1HWC0 = 3,
    ACL_FORMAT_FRACTAL_Z = 4,
    ACL_FORMAT_NC1HWC0_C04 = 12,
    ACL_FORMAT_HWCN = 16,
    ACL_FORMAT_NDHWC = 27,
    ACL_FORMAT_FRACTAL_NZ = 29,
    ACL_FORMAT_NCDHW = 30,
    ACL_FORMAT_NDC1HWC0 = 32,
    ACL_FRACTAL_Z_3D = 33,
    ACL_FORMAT_NC = 35,
    ACL_FORMAT_NCL = 47,
    ACL_FORMAT_FRACTAL_NZ_C0_16 = 50,
    ACL_FORMAT_FRACTAL_NZ_C0_32 = 51,
    ACL_FORMAT_FRACTAL_NZ_C0_2 = 52,
    ACL_FORMAT_FRACTAL_NZ_C0_4 = 53,
    ACL_FORMAT_FRACTAL_NZ_C0_8 = 54
} aclFormat;

/** Log levels of aclAppLog (values from CANN). */
typedef enum {
    ACL_DEBUG = 0,
    ACL_INFO = 1,
    ACL_WARNING = 2,
    ACL_ERROR = 3
} aclLogLevel;

/** Memory types (values from CANN). */
typedef enum { ACL_MEMTYPE_DEVICE = 0, ACL_MEMTYPE_HOST = 1, ACL_MEMTYPE_HOST_COMPILE_INDEPENDENT = 2 } aclMemType;

/** System parameters of aclrtSetSysParamOpt (values from CANN). */
typedef enum {
    ACL_OPT_DETERMINISTIC = 0, /* 0 off, 1 deterministic; this runtime is always deterministic */
    ACL_OPT_ENABLE_DEBUG_KERNEL = 1,
    ACL_OPT_STRONG_CONSISTENCY = 2,
    ACL_OPT_ENABLE_KERNEL_EARLY_START = 3
} aclSysParamOpt;

/**
 * Converts an ACL_FLOAT16 bit pattern to float, with CANN's rule: finite values exactly,
 * +-Inf -> +-65536.0f, NaN -> 98304.0f (SPEC 2). Never fails.
 */
ACL_FUNC_VISIBILITY float aclFloat16ToFloat(aclFloat16 value);

/**
 * Converts float to an ACL_FLOAT16 bit pattern with CANN's rule: round to nearest even, saturating:
 * NaN and +Inf -> 0x7BFF, -Inf -> 0xFBFF, anything rounding past 65504 -> +-65504 (SPEC 2). Never fails.
 */
ACL_FUNC_VISIBILITY aclFloat16 aclFloatToFloat16(float value);

/** Item size in bytes of dataType; 0 for ACL_DT_UNDEFINED, ACL_STRING and unknown values (sub-byte types: 1). */
ACL_FUNC_VISIBILITY size_t aclDataTypeSize(aclDataType dataType);

/**
 * Writes a log line through the runtime's logger when logLevel >= ASCEND_GLOBAL_LOG_LEVEL: to the process's
 * log file (ASCEND_PROCESS_LOG_PATH, else $HOME/ascend/log: debug/plog/plog-<pid>_<time>.log, as CANN's), or
 * to stdout when ASCEND_LOG_PRINT_TO_STDOUT=1 (docs/toolkit.md, "Environment variables"). fmt is printf-style; at most
 * 1023 bytes of the formatted text are kept. Never fails.
 */
ACL_FUNC_VISIBILITY void aclAppLog(aclLogLevel logLevel, const char* func, const char* file, uint32_t line,
                                   const char* fmt, ...);

/**
 * Name of the emulated SoC, chosen by the "soc_version" key of aclInit's JSON config, else ACLCPU_SOC_VERSION
 * (SPEC 2, 5.2): the chip name given, in CANN's spelling (e.g. "Ascend910B3", "Ascend910_9382"), or for a
 * family name the chip it stands for ("Ascend950" -> "Ascend950PR_9599", "Ascend910B" -> "Ascend910B1");
 * "Ascend950PR_9599" by default. Static storage, never NULL.
 */
ACL_FUNC_VISIBILITY const char* aclrtGetSocName(void);

/* ---- Data buffers (CANN acl_base_rt.h; src/runtime/tensor_desc.cpp). A buffer records an address and a
 * byte length; nothing is allocated or checked behind them. Stale handles: the registry's rule
 * (docs/runtime.md, "Released handles"). ---- */

/** A new buffer describing size bytes at data (any values, as CANN). NULL only when out of memory. */
ACL_FUNC_VISIBILITY aclDataBuffer* aclCreateDataBuffer(void* data, size_t size);

/** Destroys a buffer (not the memory it describes). NULL, destroyed or unknown -> ACL_ERROR_INVALID_PARAM (100000). */
ACL_FUNC_VISIBILITY aclError aclDestroyDataBuffer(const aclDataBuffer* dataBuffer);

/** Points a buffer at size bytes at data. NULL, destroyed or unknown buffer -> 100000. */
ACL_FUNC_VISIBILITY aclError aclUpdateDataBuffer(aclDataBuffer* dataBuffer, void* data, size_t size);

/** The buffer's address; NULL (with a message) for a NULL, destroyed or unknown buffer. */
ACL_FUNC_VISIBILITY void* aclGetDataBufferAddr(const aclDataBuffer* dataBuffer);

/** The buffer's size in bytes truncated to 32 bits (CANN); 0 for a NULL, destroyed or unknown buffer. */
ACL_DEPRECATED_MESSAGE("aclGetDataBufferSize is deprecated, use aclGetDataBufferSizeV2 instead")
ACL_FUNC_VISIBILITY uint32_t aclGetDataBufferSize(const aclDataBuffer* dataBuffer);

/** The buffer's size in bytes; 0 for a NULL, destroyed or unknown buffer. */
ACL_FUNC_VISIBILITY size_t aclGetDataBufferSizeV2(const aclDataBuffer* dataBuffer);

#define ACL_APP_LOG(level, fmt, ...) aclAppLog(level, __FUNCTION__, __FILE__, __LINE__, fmt, ##__VA_ARGS__)

#ifdef __cplusplus
}
#endif

/* CANN's acl/acl_base.h includes the tensor-descriptor API. */
#include "acl_base_mdl.h"

#endif /* ACLCPU_ACL_ACL_BASE_H_ */
