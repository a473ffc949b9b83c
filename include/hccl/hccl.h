/*
 * hccl/hccl.h - the collective communication library HCCL (libhccl.so), at CANN's path.
 *
 * aclcpu's own header: the declarations (names, parameter types and order, return types) are CANN's
 * (hicann/hccl include/hccl.h and hicann/hcomm include/hccl/hccl_comm.h; docs/hccl.md names the commits);
 * the comments describe what the calls do on a CPU. Link with -lhccl -lascendcl.
 *
 * Ranks. A communicator joins `n` ranks numbered 0 .. n-1, each with its own stream: threads of one process
 * (HcclCommInitAll, or a root info all of whose ranks join from one process) or processes on this host and
 * others (a root info handed to them; data over gloo's TCP transport). Results are the same either way.
 *
 * Execution. Every collective and point-to-point call checks its arguments on the calling thread (an error
 * code + a message for aclGetRecentErrMsg; nothing is enqueued), then enqueues one task on `stream` (NULL:
 * the calling thread's default stream) and returns HCCL_SUCCESS at once; the transfer happens when the task
 * runs, in order with the stream's other work, and finishes when every rank's matching task has run. A failure
 * at that point (a timeout, ranks that disagree) is the stream's error (aclrtSynchronizeStream returns the
 * HcclResult) and the communicator's (HcclGetCommAsyncError). Buffers are device memory (aclrtMalloc or
 * aclrtMallocHost blocks) large enough for the counts given; counts are elements of `dataType`.
 *
 * Reductions are bit-reproducible: element i of a result is ((x_0[i] op x_1[i]) op x_2[i]) ... op x_{n-1}[i],
 * x_r being rank r's input, whatever the timing, on every rank that receives it. FP16 and BFP16 are reduced in
 * float32 and rounded once (to nearest, ties to even) at the end; FP32 in float32, FP64 in float64; integer
 * SUM and PROD wrap around (two's complement); MAX and MIN return NaN when any input is NaN (the first NaN in
 * rank order) and, between equal values (+0 and -0), the lower rank's.
 */
#ifndef HCCL_H_
#define HCCL_H_

#include <stddef.h>
#include <stdint.h>

#include "acl/acl.h"
#include "hccl/hccl_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------ communicators */

/**
 * Creates the `ndev` communicators of one process in one call, rank i on device `devices[i]`.
 * @param ndev    number of ranks, >= 1 (at most the device count)
 * @param devices ndev distinct device ids, each in [0, aclrtGetDeviceCount)
 * @param comms   receives ndev handles, comms[i] being rank i's
 * @return HCCL_SUCCESS; HCCL_E_PTR devices or comms NULL; HCCL_E_PARA ndev 0, a device id out of range or
 *         repeated; HCCL_E_RUNTIME before aclInit. Nothing is created on failure.
 */
HcclResult HcclCommInitAll(uint32_t ndev, int32_t *devices, HcclComm *comms);

/**
 * Makes the root info of a new group: an opaque 4108-byte value naming the group and the address of its
 * rendezvous server, which this call starts in this process (on HCCL_IF_IP when set, else on the interface of
 * the default route, else on 127.0.0.1; it ends once every rank joined). Hand the same bytes to every rank's
 * HcclCommInitRootInfo, in this process or another that can reach that address.
 * @return HCCL_SUCCESS; HCCL_E_PTR rootInfo NULL; HCCL_E_PARA HCCL_IF_IP not a numeric address;
 *         HCCL_E_TCP_CONNECT nothing can listen there.
 */
HcclResult HcclGetRootInfo(HcclRootInfo *rootInfo);

/**
 * Joins rank `rank` of an `nRanks`-rank group to the group named by `rootInfo`; the calling thread's current
 * device (aclrtSetDevice) is the rank's. Blocks until all nRanks ranks have joined, at most HCCL_CONNECT_TIMEOUT
 * seconds (default 120).
 * @param nRanks   ranks of the group, >= 1; every rank passes the same value
 * @param rootInfo from HcclGetRootInfo, in any process
 * @param rank     this rank's number, < nRanks, each taken once
 * @param comm     receives the handle
 * @return HCCL_SUCCESS; HCCL_E_PTR rootInfo or comm NULL; HCCL_E_PARA rank >= nRanks, nRanks differing from an
 *         earlier joiner's, a rank taken twice, bytes that are no root info, a root info whose group already
 *         formed or whose rendezvous server has ended (connection refused); HCCL_E_TIMEOUT the group did not
 *         complete in time, or its server did not answer in time (this rank leaves it); HCCL_E_TCP_CONNECT
 *         gloo's connections failed; HCCL_E_RUNTIME no device set on the thread.
 */
HcclResult HcclCommInitRootInfo(uint32_t nRanks, const HcclRootInfo *rootInfo, uint32_t rank, HcclComm *comm);

/**
 * HcclCommInitRootInfo with settings: `config` (set up by HcclCommConfigInit; NULL: defaults) gives the
 * communicator's name (hcclCommName, when not empty) and its execution timeout (hcclExecTimeOut seconds, when
 * > 0). Same codes, and HCCL_E_PARA for a config not set up by HcclCommConfigInit.
 */
HcclResult HcclCommInitRootInfoConfig(uint32_t nRanks, const HcclRootInfo *rootInfo, uint32_t rank,
                                      const HcclCommConfig *config, HcclComm *comm);

/**
 * Writes the communicator's name (NUL-terminated, at most COMM_NAME_MAX_LENGTH bytes with the NUL) to
 * `commName`, a buffer of COMM_NAME_MAX_LENGTH bytes. All ranks of a group share the name.
 * @return HCCL_SUCCESS; HCCL_E_PTR commName NULL; HCCL_E_PARA comm not a live communicator.
 */
HcclResult HcclGetCommName(HcclComm comm, char *commName);

/** Writes the number of ranks of the communicator's group. HCCL_E_PTR rankSize NULL; HCCL_E_PARA comm not live. */
HcclResult HcclGetRankSize(HcclComm comm, uint32_t *rankSize);

/** Writes this communicator's rank (0 .. size-1). HCCL_E_PTR rank NULL; HCCL_E_PARA comm not live. */
HcclResult HcclGetRankId(HcclComm comm, uint32_t *rank);

/**
 * Releases the handle. Tasks already enqueued on it still run; later calls with it fail with HCCL_E_PARA. The
 * other ranks' collectives enqueued after this rank's last one fail (HCCL_E_UNAVAIL) instead of waiting.
 * @return HCCL_SUCCESS; HCCL_E_PARA comm NULL, destroyed or never created.
 */
HcclResult HcclCommDestroy(HcclComm comm);

/**
 * Writes the first error a task of this communicator met (a timeout, ranks that disagreed, a broken group), or
 * HCCL_SUCCESS when none; when there is one, its description becomes the thread's aclGetRecentErrMsg.
 * @return HCCL_SUCCESS; HCCL_E_PTR asyncError NULL; HCCL_E_PARA comm not live.
 */
HcclResult HcclGetCommAsyncError(HcclComm comm, HcclResult *asyncError);

/** A short English description of `code` (static storage); "unknow error" (CANN's text) for other values. */
const char *HcclGetErrorString(HcclResult code);

/** The number of HcclCommConfig fields this library understands: HCCL_COMM_CONFIG_RESERVED. */
uint32_t HcclGetCommConfigCapability(void);

/** Sets every field of `config` to its "not set" value (and its header to size, magic word, version 10);
 *  NULL is ignored. Call before changing fields and passing it to HcclCommInitRootInfoConfig. */
static inline void HcclCommConfigInit(HcclCommConfig *config)
{
    typedef struct {
        size_t size;
        uint32_t magicWord;
        uint32_t version;
        uint64_t reserved;
    } HcclCommConfigHeader_;
    HcclCommConfigHeader_ *header;
    if (config == NULL) {
        return;
    }
    header = (HcclCommConfigHeader_ *)(void *)config;
    header->size = sizeof(HcclCommConfig);
    header->magicWord = HCCL_COMM_CONFIG_MAGIC_WORD;
    header->version = HCCL_COMM_CONFIG_VERSION;
    header->reserved = 0;
    config->hcclBufferSize = HCCL_COMM_BUFFSIZE_CONFIG_NOT_SET;
    config->hcclDeterministic = HCCL_COMM_DETERMINISTIC_CONFIG_NOT_SET;
    config->hcclCommName[0] = '\0';
    config->hcclUdi[0] = '\0';
    config->hcclOpExpansionMode = HCCL_COMM_DEFAULT_OP_EXPANSION_MODE;
    config->hcclRdmaTrafficClass = HCCL_COMM_TRAFFIC_CLASS_CONFIG_NOT_SET;
    config->hcclRdmaServiceLevel = HCCL_COMM_SERVICE_LEVEL_CONFIG_NOT_SET;
    config->hcclWorldRankID = 0;
    config->hcclJobID = 0;
    config->aclGraphZeroCopyEnable = 0;
    config->hcclExecTimeOut = HCCL_COMM_EXECTIMEOUT_CONFIG_NOT_SET;
    config->hcclAlgo[0] = '\0';
    config->hcclRetryEnable[0] = '\0';
    config->hcclRetryParams[0] = '\0';
    config->hcclBufferName[0] = '\0';
    config->hcclQos = HCCL_COMM_QOS_CONFIG_NOT_SET;
    config->hcclSymWinMaxMemSizePerRank = HCCL_DEFAULT_SYMMETRIC_MEMORY_STRIDE;
}

/* -------------------------------------------------------------------------------------------- collectives
 * Common codes (beyond those listed per call), all returned before anything is enqueued:
 *   HCCL_E_PARA   comm not a live communicator; dataType unknown; op unknown; root / peer >= rank size;
 *                 a buffer not inside an aclrtMalloc/aclrtMallocHost block, or its block too small for the
 *                 count; count arrays whose element count overflows
 *   HCCL_E_PTR    a buffer NULL while its count is > 0; a count or displacement array NULL
 *   HCCL_E_NOT_SUPPORT  a known dtype the call does not accept (the list per call), PROD for ReduceScatterV
 *   HCCL_E_RUNTIME      stream not a live stream, or aclInit not called
 * A count of 0 (where one count sizes the call) is a successful no-op, ordered on the stream, that no other
 * rank has to match. From the task: HCCL_E_TIMEOUT (HCCL_EXEC_TIMEOUT seconds, default 1836, waiting for the
 * other ranks), HCCL_E_PARA (the ranks issued different collectives, dtypes, ops, roots or counts as their
 * n-th collective), HCCL_E_UNAVAIL (the group broke earlier or a rank destroyed its communicator).
 * Reducing calls accept INT8, INT16, INT32, INT64, UINT64, FP16, FP32, FP64, BFP16; the others every type of
 * 1, 2, 4 or 8 bytes: INT8, UINT8, INT16, UINT16, INT32, UINT32, INT64, UINT64, FP16, BFP16, FP32, FP64.
 */

/**
 * Every rank's recvBuf[i] = reduction over ranks, in rank order, of sendBuf[i], for i < count.
 * sendBuf == recvBuf (in place) is allowed. sendBuf and recvBuf hold count elements.
 */
HcclResult HcclAllReduce(void *sendBuf, void *recvBuf, uint64_t count, HcclDataType dataType, HcclReduceOp op,
                         HcclComm comm, aclrtStream stream);

/** Copies `count` elements of rank `root`'s buf into every other rank's buf. */
HcclResult HcclBroadcast(void *buf, uint64_t count, HcclDataType dataType, uint32_t root, HcclComm comm,
                         aclrtStream stream);

/**
 * Rank r's recvBuf[i] = reduction in rank order of sendBuf[r * recvCount + i], i < recvCount. sendBuf holds
 * rankSize * recvCount elements, recvBuf recvCount.
 */
HcclResult HcclReduceScatter(void *sendBuf, void *recvBuf, uint64_t recvCount, HcclDataType dataType,
                             HcclReduceOp op, HcclComm comm, aclrtStream stream);

/**
 * ReduceScatter with per-rank sizes: rank r receives the reduction of every rank's sendCounts[r] elements at
 * sendBuf + sendDispls[r]. sendCounts and sendDispls are host arrays of rankSize uint64_t (elements);
 * recvCount must equal every rank's sendCounts[r]. Types: INT8, INT16, INT32, INT64, FP16, FP32, BFP16;
 * ops SUM, MAX, MIN.
 */
HcclResult HcclReduceScatterV(void *sendBuf, const void *sendCounts, const void *sendDispls, void *recvBuf,
                              uint64_t recvCount, HcclDataType dataType, HcclReduceOp op, HcclComm comm,
                              aclrtStream stream);

/** Rank r's recvBuf (recvCount elements) = rank root's sendBuf[r * recvCount ...]; root's sendBuf holds
 *  rankSize * recvCount elements (other ranks' sendBuf is not read and may be NULL). */
HcclResult HcclScatter(void *sendBuf, void *recvBuf, uint64_t recvCount, HcclDataType dataType, uint32_t root,
                       HcclComm comm, aclrtStream stream);

/** Every rank's recvBuf[j * sendCount ...] = rank j's sendBuf (sendCount elements); recvBuf holds
 *  rankSize * sendCount elements. sendBuf may be recvBuf + rank * sendCount (in place). */
HcclResult HcclAllGather(void *sendBuf, void *recvBuf, uint64_t sendCount, HcclDataType dataType, HcclComm comm,
                         aclrtStream stream);

/**
 * AllGather with per-rank sizes: rank j's sendCount elements land at recvBuf + recvDispls[j] on every rank;
 * recvCounts and recvDispls are host arrays of rankSize uint64_t, and recvCounts[j] must equal rank j's
 * sendCount.
 */
HcclResult HcclAllGatherV(void *sendBuf, uint64_t sendCount, void *recvBuf, const void *recvCounts,
                          const void *recvDispls, HcclDataType dataType, HcclComm comm, aclrtStream stream);

/**
 * Sends `count` elements to rank destRank, which receives them with a matching HcclRecv (same count and
 * type; the k-th send from a rank to destRank pairs with destRank's k-th receive from it). The task finishes
 * when the receiver has copied the data (ordering them as on an NPU: a Send waits for its Recv).
 * HCCL_E_PARA also for destRank == this rank.
 */
HcclResult HcclSend(void *sendBuf, uint64_t count, HcclDataType dataType, uint32_t destRank, HcclComm comm,
                    aclrtStream stream);

/** Receives `count` elements from rank srcRank's matching HcclSend into recvBuf. HCCL_E_PARA also for
 *  srcRank == this rank; the task fails with HCCL_E_PARA when the matching send's count or type differs. */
HcclResult HcclRecv(void *recvBuf, uint64_t count, HcclDataType dataType, uint32_t srcRank, HcclComm comm,
                    aclrtStream stream);

/**
 * AlltoAll with a full count matrix: sendCountMatrix is a host array of rankSize * rankSize uint64_t, entry
 * [i * rankSize + j] the count rank i sends to rank j (the same matrix on every rank). Rank i's blocks lie
 * back to back in its sendBuf in rank order of the receivers; rank j receives them back to back in recvBuf in
 * rank order of the senders. sendType and recvType must be equal.
 */
HcclResult HcclAlltoAllVC(const void *sendBuf, const void *sendCountMatrix, HcclDataType sendType,
                          const void *recvBuf, HcclDataType recvType, HcclComm comm, aclrtStream stream);

/**
 * Rank r sends sendCounts[j] elements at sendBuf + sdispls[j] to rank j, which stores them at
 * recvBuf + rdispls[r] (its recvCounts[r] must equal them). The four arrays are host arrays of rankSize
 * uint64_t (elements); sendType and recvType must be equal.
 */
HcclResult HcclAlltoAllV(const void *sendBuf, const void *sendCounts, const void *sdispls, HcclDataType sendType,
                         const void *recvBuf, const void *recvCounts, const void *rdispls, HcclDataType recvType,
                         HcclComm comm, aclrtStream stream);

/**
 * Rank r's recvBuf[j * recvCount ...] = rank j's sendBuf[r * sendCount ...]: sendCount elements go to each
 * rank; sendCount == recvCount and sendType == recvType (HCCL_E_PARA otherwise).
 */
HcclResult HcclAlltoAll(const void *sendBuf, uint64_t sendCount, HcclDataType sendType, const void *recvBuf,
                        uint64_t recvCount, HcclDataType recvType, HcclComm comm, aclrtStream stream);

/** Rank root's recvBuf[i] = reduction in rank order of sendBuf[i], i < count; other ranks' recvBuf is not
 *  written (it may be NULL). */
HcclResult HcclReduce(void *sendBuf, void *recvBuf, uint64_t count, HcclDataType dataType, HcclReduceOp op,
                      uint32_t root, HcclComm comm, aclrtStream stream);

/**
 * Several sends and receives as one task: every send is offered first, then every receive is served, so
 * exchanges in both directions inside one batch cannot deadlock. itemNum in [1, 2 * rankSize]; at most one send
 * to and one receive from each rank; a send to this rank pairs with the receive from it (same count and type).
 * @return also HCCL_E_PTR sendRecvInfo NULL; HCCL_E_PARA a bad item (type, rank, duplicate, unpaired self).
 */
HcclResult HcclBatchSendRecv(HcclSendRecvItem *sendRecvInfo, uint32_t itemNum, HcclComm comm, aclrtStream stream);

/** Finishes when every rank's barrier task has started: the stream's later work runs after all ranks' earlier
 *  work of the streams that issued the barrier. */
HcclResult HcclBarrier(HcclComm comm, aclrtStream stream);

#ifdef __cplusplus
}
#endif
#endif /* HCCL_H_ */
