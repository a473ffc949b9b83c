// aclnnFusedSgd's rows (kernels/fused_sgd.h).
#include "kernels/fused_sgd.h"

#include "common/exports.h"  // the cross-library functions defined here get default visibility
#include "kernels/convert.h"

namespace aclcpu {
namespace kern {
namespace {

// A value as the kernel loads it: widened to float32 (exact).
float Load(const char* p, aclDataType dt) { return LoadPromoted(p, dt, ACL_FLOAT); }

void FusedSgdRow(const void* params, const aclDataType* dt, char* const* ptrs, const int64_t* st, int64_t n) {
    const FusedSgdParams& q = *static_cast<const FusedSgdParams*>(params);
    if (q.mode == 1) {  // kScale: g = g * (1 / gradScale), rounded to g's dtype
        for (int64_t i = 0; i < n; ++i) {
            const float gs = Load(ptrs[2] + i * st[2], dt[2]);
            const float inv = 1.0f / gs;
            const float g = Load(ptrs[1] + i * st[1], dt[1]) * inv;
            StoreResult(ptrs[0] + i * st[0], dt[0], RoundToPromoted(g, dt[0]));
        }
        return;
    }
    const int outs = q.use_momentum ? 2 : 1;
    const int in_p = outs, in_g = outs + 1, in_buf = outs + 2, in_gs = q.use_momentum ? outs + 3 : outs + 2;
    for (int64_t i = 0; i < n; ++i) {
        float p = Load(ptrs[in_p] + i * st[in_p], dt[in_p]);
        float g = Load(ptrs[in_g] + i * st[in_g], dt[in_g]);
        if (q.use_grad_scale) {
            const float inv = 1.0f / Load(ptrs[in_gs] + i * st[in_gs], dt[in_gs]);
            g = g * inv;
        }
        if (q.maximize) g = g * -1.0f;
        if (q.weight_decay != 0.0f) {
            const float t = p * q.weight_decay;
            g = g + t;
        }
        if (q.use_momentum) {
            float buf;
            if (q.first_step) {
                buf = g * 1.0f;
            } else {
                const float a = Load(ptrs[in_buf] + i * st[in_buf], dt[in_buf]) * q.momentum;
                const float b = g * q.one_minus_dampening;
                buf = a + b;
            }
            StoreResult(ptrs[1] + i * st[1], dt[1], RoundToPromoted(buf, dt[1]));
            if (q.nesterov) {
                const float t = buf * q.momentum;
                g = t + g;
            } else {
                g = buf;
            }
        }
        const float t = g * q.lr;
        p = p - t;
        StoreResult(ptrs[0] + i * st[0], dt[0], RoundToPromoted(p, dt[0]));
    }
}

}  // namespace

RowFn SelectFusedSgdRow(const void*, const aclDataType*, const int64_t*, bool) { return &FusedSgdRow; }

}  // namespace kern
}  // namespace aclcpu
