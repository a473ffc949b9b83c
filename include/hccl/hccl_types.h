/*
 * hccl/hccl_types.h - the types of the collective communication library HCCL (libhccl), at CANN's path.
 *
 * aclcpu's own header: the names, values, layouts and sizes are CANN's (hicann/hcomm include/hccl/hccl_types.h,
 * see docs/hccl.md for the exact sources); the comments describe what they mean here. C and C++ (C99 or later,
 * C++11 or later).
 */
#ifndef HCCL_TYPES_H_
#define HCCL_TYPES_H_

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Status of every HCCL call. 0 is success; HcclGetErrorString gives a short text for each code. */
typedef enum {
    HCCL_SUCCESS = 0,              /**< the call succeeded */
    HCCL_E_PARA = 1,               /**< an argument is invalid (range, mismatch between ranks, unknown handle) */
    HCCL_E_PTR = 2,                /**< a required pointer is NULL */
    HCCL_E_MEMORY = 3,             /**< a buffer is not usable memory (not in an aclrtMalloc block, too small) */
    HCCL_E_INTERNAL = 4,           /**< an internal failure */
    HCCL_E_NOT_SUPPORT = 5,        /**< the feature, data type or reduction is not supported for this call */
    HCCL_E_NOT_FOUND = 6,          /**< a requested resource does not exist */
    HCCL_E_UNAVAIL = 7,            /**< a resource is unavailable (the communicator is broken) */
    HCCL_E_SYSCALL = 8,            /**< an operating-system call failed */
    HCCL_E_TIMEOUT = 9,            /**< a wait for other ranks ran past its bound */
    HCCL_E_OPEN_FILE_FAILURE = 10, /**< a file could not be opened */
    HCCL_E_TCP_CONNECT = 11,       /**< a TCP connection failed */
    HCCL_E_ROCE_CONNECT = 12,      /**< a RoCE connection failed */
    HCCL_E_TCP_TRANSFER = 13,      /**< a TCP transfer failed */
    HCCL_E_ROCE_TRANSFER = 14,     /**< a RoCE transfer failed */
    HCCL_E_RUNTIME = 15,           /**< an ACL runtime call failed (stream, device) */
    HCCL_E_DRV = 16,               /**< a driver call failed */
    HCCL_E_PROFILING = 17,         /**< a profiling call failed */
    HCCL_E_CCE = 18,               /**< a CCE call failed */
    HCCL_E_NETWORK = 19,           /**< a network call failed */
    HCCL_E_AGAIN = 20,             /**< try again */
    HCCL_E_REMOTE = 21,            /**< a remote rank reported an error */
    HCCL_E_SUSPENDING = 22,        /**< the communicator is suspending */
    HCCL_E_OPRETRY_FAIL = 23,      /**< an operation retry failed */
    HCCL_E_OOM = 24,               /**< out of memory */
    HCCL_E_IN_STATUS = 1041,       /**< the error is described by a status object */
    HCCL_E_RESERVED                /**< first value past the codes */
} HcclResult;

/** A communicator: one rank's membership of a group. Created by HcclCommInitAll / HcclCommInitRootInfo*,
 *  released by HcclCommDestroy. */
typedef void *HcclComm;

/** A point-to-point connection handle (declared for source compatibility; no call here creates one). */
typedef void *HcclConn;

/** A symmetric memory window handle (declared for source compatibility; no call here creates one). */
typedef void *HcclCommSymWindow;

/** Element-wise reduction of the reducing collectives. */
typedef enum {
    HCCL_REDUCE_SUM = 0,         /**< sum (integers wrap around, two's complement) */
    HCCL_REDUCE_PROD = 1,        /**< product (integers wrap around) */
    HCCL_REDUCE_MAX = 2,         /**< maximum (NaN propagates) */
    HCCL_REDUCE_MIN = 3,         /**< minimum (NaN propagates) */
    HCCL_REDUCE_RESERVED = 255   /**< not an operation */
} HcclReduceOp;

/** Element type of a buffer; counts are in elements of this type. Sizes: INT8/UINT8/HIF8/FP8* 1 byte,
 *  INT16/UINT16/FP16/BFP16 2, INT32/UINT32/FP32 4, INT64/UINT64/FP64 8, INT128 16. */
typedef enum {
    HCCL_DATA_TYPE_INT8 = 0,      /**< int8_t */
    HCCL_DATA_TYPE_INT16 = 1,     /**< int16_t */
    HCCL_DATA_TYPE_INT32 = 2,     /**< int32_t */
    HCCL_DATA_TYPE_FP16 = 3,      /**< IEEE binary16 */
    HCCL_DATA_TYPE_FP32 = 4,      /**< IEEE binary32 */
    HCCL_DATA_TYPE_INT64 = 5,     /**< int64_t */
    HCCL_DATA_TYPE_UINT64 = 6,    /**< uint64_t */
    HCCL_DATA_TYPE_UINT8 = 7,     /**< uint8_t */
    HCCL_DATA_TYPE_UINT16 = 8,    /**< uint16_t */
    HCCL_DATA_TYPE_UINT32 = 9,    /**< uint32_t */
    HCCL_DATA_TYPE_FP64 = 10,     /**< IEEE binary64 */
    HCCL_DATA_TYPE_BFP16 = 11,    /**< bfloat16 */
    HCCL_DATA_TYPE_INT128 = 12,   /**< 128-bit integer (no collective here accepts it) */
    HCCL_DATA_TYPE_HIF8 = 14,     /**< HiFloat8 (no collective here accepts it) */
    HCCL_DATA_TYPE_FP8E4M3 = 15,  /**< float8 e4m3 (no collective here accepts it) */
    HCCL_DATA_TYPE_FP8E5M2 = 16,  /**< float8 e5m2 (no collective here accepts it) */
    HCCL_DATA_TYPE_FP8E8M0 = 17,  /**< float8 e8m0 (no collective here accepts it) */
    HCCL_DATA_TYPE_RESERVED = 255 /**< not a type */
} HcclDataType;

/** Process-wide settings (HcclSetConfig / HcclGetConfig in CANN; not provided here). */
typedef enum {
    HCCL_DETERMINISTIC = 0, /**< 0 non-deterministic, 1 deterministic, 2 strict order */
    HCCL_CONFIG_RESERVED
} HcclConfig;

/** The value of an HcclConfig setting. */
union HcclConfigValue {
    int32_t value;
};

/* Sizes of the fixed-length fields below (bytes). In C++ these are constants with internal linkage; in C,
 * enumerators of the same names and values (a C const object is not a constant expression for array sizes). */
#ifdef __cplusplus
const uint32_t HCCL_ROOT_INFO_BYTES = 4108;              /**< size of HcclRootInfo */
const uint32_t COMM_NAME_MAX_LENGTH = 128;               /**< communicator name buffer, NUL included */
const uint32_t BUFFER_NAME_MAX_LENGTH = 128;             /**< buffer name field */
const uint32_t UDI_MAX_LENGTH = 128;                     /**< UDI field */
const uint32_t HCCL_COMM_ALGO_MAX_LENGTH = 1600;         /**< algorithm string field */
const uint32_t HCCL_COMM_RETRY_ENABLE_MAX_LENGTH = 50;   /**< retry-enable string field */
const uint32_t HCCL_COMM_RETRY_PARAMS_MAX_LENGTH = 128;  /**< retry-parameters string field */
const uint32_t HCCL_COMM_CONFIG_INFO_BYTES = 24;         /**< versioning header of HcclCommConfig */
const uint32_t HCCL_COMM_CONFIG_MAGIC_WORD = 0xf0f0f0f0; /**< marks a config set up by HcclCommConfigInit */
const uint32_t HCCL_COMM_CONFIG_VERSION = 10;            /**< layout version of HcclCommConfig */
const uint32_t HCCL_COMM_DEFAULT_BUFFSIZE = 200;         /**< default buffer size, MB */
const uint32_t HCCL_COMM_BUFFSIZE_CONFIG_NOT_SET = 0xffffffff;
const uint32_t HCCL_COMM_DEFAULT_DETERMINISTIC = 0;
const uint32_t HCCL_COMM_DETERMINISTIC_CONFIG_NOT_SET = 0xffffffff;
const uint32_t HCCL_COMM_DEFAULT_OP_EXPANSION_MODE = 0;
const uint32_t HCCL_COMM_TRAFFIC_CLASS_CONFIG_NOT_SET = 0xffffffff;
const uint32_t HCCL_COMM_SERVICE_LEVEL_CONFIG_NOT_SET = 0xffffffff;
const int32_t HCCL_COMM_EXECTIMEOUT_CONFIG_NOT_SET = (int32_t)0xffffffff; /**< hcclExecTimeOut unset (-1) */
const uint32_t HCCL_COMM_QOS_CONFIG_NOT_SET = 0xffffffff;
const uint64_t HCCL_DEFAULT_SYMMETRIC_MEMORY_STRIDE = 16ULL;
#else
enum {
    HCCL_ROOT_INFO_BYTES = 4108,
    COMM_NAME_MAX_LENGTH = 128,
    BUFFER_NAME_MAX_LENGTH = 128,
    UDI_MAX_LENGTH = 128,
    HCCL_COMM_ALGO_MAX_LENGTH = 1600,
    HCCL_COMM_RETRY_ENABLE_MAX_LENGTH = 50,
    HCCL_COMM_RETRY_PARAMS_MAX_LENGTH = 128,
    HCCL_COMM_CONFIG_INFO_BYTES = 24,
    HCCL_COMM_CONFIG_VERSION = 10,
    HCCL_COMM_DEFAULT_BUFFSIZE = 200,
    HCCL_COMM_DEFAULT_DETERMINISTIC = 0,
    HCCL_COMM_DEFAULT_OP_EXPANSION_MODE = 0,
    HCCL_COMM_EXECTIMEOUT_CONFIG_NOT_SET = -1
};
#define HCCL_COMM_CONFIG_MAGIC_WORD 0xf0f0f0f0u
#define HCCL_COMM_BUFFSIZE_CONFIG_NOT_SET 0xffffffffu
#define HCCL_COMM_DETERMINISTIC_CONFIG_NOT_SET 0xffffffffu
#define HCCL_COMM_TRAFFIC_CLASS_CONFIG_NOT_SET 0xffffffffu
#define HCCL_COMM_SERVICE_LEVEL_CONFIG_NOT_SET 0xffffffffu
#define HCCL_COMM_QOS_CONFIG_NOT_SET 0xffffffffu
#define HCCL_DEFAULT_SYMMETRIC_MEMORY_STRIDE 16ULL
#endif

/** Opaque description of a group, made by HcclGetRootInfo on one rank and handed (as bytes) to every rank,
 *  which pass it to HcclCommInitRootInfo. 4108 bytes. */
typedef struct HcclRootInfoDef {
    char internal[HCCL_ROOT_INFO_BYTES];
} HcclRootInfo;

/** Per-communicator settings for HcclCommInitRootInfoConfig. Set every field with HcclCommConfigInit first,
 *  then change the ones wanted. Layout version 10 (2240 bytes on LP64). Fields read here: hcclCommName
 *  (HcclGetCommName reports it when not empty) and hcclExecTimeOut (seconds a collective waits for the other
 *  ranks, > 0; HCCL_COMM_EXECTIMEOUT_CONFIG_NOT_SET: HCCL_EXEC_TIMEOUT). The others are accepted and kept. */
typedef struct HcclCommConfigDef {
    char reserved[HCCL_COMM_CONFIG_INFO_BYTES]; /**< size, magic word and version (HcclCommConfigInit) */
    uint32_t hcclBufferSize;                    /**< buffer size in MB (no meaning on a CPU) */
    uint32_t hcclDeterministic;                 /**< 0/1/2 (every reduction here is deterministic) */
    char hcclCommName[COMM_NAME_MAX_LENGTH];    /**< communicator name, NUL-terminated; empty: generated */
    char hcclUdi[UDI_MAX_LENGTH];               /**< user-defined id */
    uint32_t hcclOpExpansionMode;               /**< 0 default, 1 host, 2 AI CPU, 3 AIV */
    uint32_t hcclRdmaTrafficClass;              /**< RDMA traffic class */
    uint32_t hcclRdmaServiceLevel;              /**< RDMA service level */
    uint32_t hcclWorldRankID;                   /**< rank in the world */
    uint64_t hcclJobID;                         /**< job id */
    uint8_t aclGraphZeroCopyEnable;             /**< graph zero-copy switch */
    int32_t hcclExecTimeOut;                    /**< execution timeout, seconds */
    char hcclAlgo[HCCL_COMM_ALGO_MAX_LENGTH];   /**< algorithm selection string */
    char hcclRetryEnable[HCCL_COMM_RETRY_ENABLE_MAX_LENGTH];  /**< retry switch string */
    char hcclRetryParams[HCCL_COMM_RETRY_PARAMS_MAX_LENGTH];  /**< retry parameters string */
    char hcclBufferName[BUFFER_NAME_MAX_LENGTH];              /**< buffer name */
    uint32_t hcclQos;                           /**< QoS setting */
    uint64_t hcclSymWinMaxMemSizePerRank;       /**< symmetric window size per rank, GB */
} HcclCommConfig;

/** Bits of HcclGetCommConfigCapability (CANN's numbering of the config fields). */
typedef enum {
    HCCL_COMM_CONFIG_BUFFER_SIZE = 0,
    HCCL_COMM_CONFIG_DETERMINISTIC = 1,
    HCCL_COMM_CONFIG_COMM_NAME = 2,
    HCCL_COMM_CONFIG_OP_EXPANSION_MODE = 3,
    HCCL_COMM_CONFIG_SUPPORT_INIT_BY_ENV = 4,
    HCCL_COMM_CONFIG_WORLD_RANKID = 5,
    HCCL_COMM_CONFIG_JOBID = 6,
    HCCL_COMM_CONFIG_ACLGRAPH_ZEROCOPY_ENABLE = 7,
    HCCL_COMM_CONFIG_EXEC_TIMEOUT = 8,
    HCCL_COMM_CONFIG_ALGO = 9,
    HCCL_COMM_CONFIG_RETRY = 10,
    HCCL_COMM_CONFIG_BUFFER_NAME = 11,
    HCCL_COMM_CONFIG_RESERVED
} HcclCommConfigCapability;

/** Direction of one HcclBatchSendRecv item. */
typedef enum {
    HCCL_SEND = 0,  /**< send buf to remoteRank */
    HCCL_RECV = 1,  /**< receive from remoteRank into buf */
    HCCL_SEND_RECV_RESERVED
} HcclSendRecvType;

/** One item of HcclBatchSendRecv: `count` elements of `dataType` at device address `buf`, sent to or received
 *  from rank `remoteRank` of the communicator. */
typedef struct HcclSendRecvItemDef {
    HcclSendRecvType sendRecvType;
    void *buf;
    uint64_t count;
    HcclDataType dataType;
    uint32_t remoteRank;
} HcclSendRecvItem;

/** Kinds of collective command (CANN's numbering; used in CANN's profiling and debugging interfaces). */
typedef enum {
    HCCL_CMD_INVALID = 0,
    HCCL_CMD_BROADCAST = 1,
    HCCL_CMD_ALLREDUCE,
    HCCL_CMD_REDUCE,
    HCCL_CMD_SEND,
    HCCL_CMD_RECEIVE,
    HCCL_CMD_ALLGATHER,
    HCCL_CMD_REDUCE_SCATTER,
    HCCL_CMD_ALLTOALLV,
    HCCL_CMD_ALLTOALLVC,
    HCCL_CMD_ALLTOALL,
    HCCL_CMD_GATHER,
    HCCL_CMD_SCATTER,
    HCCL_CMD_BATCH_SEND_RECV,
    HCCL_CMD_BATCH_PUT,
    HCCL_CMD_BATCH_GET,
    HCCL_CMD_ALLGATHER_V,
    HCCL_CMD_REDUCE_SCATTER_V,
    HCCL_CMD_BATCH_WRITE,
    HCCL_CMD_HALF_ALLTOALLV = 20,
    HCCL_CMD_ALL,
    HCCL_CMD_FINALIZE = 100,
    HCCL_CMD_INTER_GROUP_SYNC,
    HCCL_CMD_INIT,
    HCCL_CMD_BARRIER,
    HCCL_CMD_MAX
} HcclCMDType;

/** Communicator status (CANN's HcclCommGetStatus; not provided here). */
typedef enum {
    HCCL_COMM_STATUS_READY = 0,
    HCCL_COMM_STATUS_SUSPENDING = 1,
    HCCL_COMM_STATUS_INVALID = 254,
    HCCL_COMM_STATUS_RESERVED = 255
} HcclCommStatus;

/** Phases reported to CANN's communicator-state callbacks (not provided here). */
typedef enum {
    HCCL_COMM_STATE_PHASE_INVALID = -1,
    HCCL_COMM_STATE_PHASE_DESTROY_PRE = 0,
    HCCL_COMM_STATE_PHASE_DESTROY_POST = 1,
    HCCL_COMM_STATE_PHASE_RESUME_PRE = 2,
    HCCL_COMM_STATE_PHASE_RESUME_POST = 3
} HcclCommStatePhase;

#ifdef __cplusplus
}
#endif
#endif /* HCCL_TYPES_H_ */
