/* A C11 client of the rt* subset (runtime/rt.h, libruntime.so) without aclInit, as CANN's tools use it:
 * device, stream, rtMalloc, a round trip through rtMemcpy, rtFree. Prints one line and exits 0 on
 * success; prints the failing call and its status and exits 1 otherwise. */
#include <stdio.h>
#include <string.h>

#include "runtime/rt.h"

#define CHECK(call)                                         \
    do {                                                    \
        rtError_t rc_ = (call);                             \
        if (rc_ != RT_ERROR_NONE) {                         \
            printf("%s failed with %d\n", #call, (int)rc_); \
            return 1;                                       \
        }                                                   \
    } while (0)

int main(void) {
    unsigned char in[256], out[256];
    void* dev = NULL;
    rtStream_t stream = NULL;
    int i;
    for (i = 0; i < 256; ++i) in[i] = (unsigned char)(i * 13 + 1);
    memset(out, 0, sizeof out);
    CHECK(rtSetDevice(0));
    CHECK(rtStreamCreate(&stream, 0));
    CHECK(rtMalloc(&dev, sizeof in, RT_MEMORY_HBM | RT_MEMORY_POLICY_HUGE_PAGE_FIRST, 58));
    CHECK(rtMemcpy(dev, sizeof in, in, sizeof in, RT_MEMCPY_HOST_TO_DEVICE));
    CHECK(rtMemcpy(out, sizeof out, dev, sizeof in, RT_MEMCPY_DEVICE_TO_HOST));
    CHECK(rtStreamSynchronize(stream));
    CHECK(rtFree(dev));
    if (rtFree(dev) != ACL_ERROR_RT_MEMORY_FREE) {
        printf("second rtFree was not refused\n");
        return 1;
    }
    CHECK(rtStreamDestroy(stream));
    CHECK(rtDeviceReset(0));
    if (memcmp(in, out, sizeof in) != 0) {
        printf("rt round trip corrupted data\n");
        return 1;
    }
    printf("rt round trip: 256 bytes identical\n");
    return 0;
}
