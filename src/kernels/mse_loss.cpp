#include "kernels/mse_loss.h"

#include <cstring>

#include "common/exports.h"  // the cross-library functions defined here get default visibility
#include "kernels/convert.h"
#include "kernels/loss_simd.h"
#include "kernels/simd_convert.h"

namespace aclcpu {
namespace kern {
namespace {

constexpr int64_t kBlock = 256;  // elements per stack block

// Loads m contiguous elements of dtype dt (FLOAT, FLOAT16 or BF16: exactly P, so no rounding) as float32.
void LoadContiguous(const char* p, aclDataType dt, int64_t m, float* dst) {
    switch (dt) {
        case ACL_FLOAT16:
            simd::HalfToFloat(reinterpret_cast<const uint16_t*>(p), dst, static_cast<size_t>(m));
            break;
        case ACL_BF16:
            simd::Bf16ToFloat(reinterpret_cast<const uint16_t*>(p), dst, static_cast<size_t>(m));
            break;
        default:
            std::memcpy(dst, p, static_cast<size_t>(m) * sizeof(float));
            break;
    }
}

// Same-dtype body: out, self, target all of dtype P; out contiguous; each input contiguous or broadcast
// (stride 0, loaded once). Whole-block SIMD conversions (simd_convert.h), the element loop vectorised by the
// compiler (no contraction: -ffp-contract=off).
void MseLossRowSameDtype(const void* params, const aclDataType* dt, char* const* ptrs, const int64_t* st, int64_t n) {
    (void)params;
    const aclDataType P = dt[0];
    const int64_t item = P == ACL_FLOAT ? 4 : 2;
    float s[kBlock], t[kBlock], q[kBlock];
    for (int64_t base = 0; base < n; base += kBlock) {
        const int64_t m = n - base < kBlock ? n - base : kBlock;
        if (st[1] == 0) {
            const float v = LoadPromoted(ptrs[1], P, P);
            for (int64_t i = 0; i < m; ++i) s[i] = v;
        } else {
            LoadContiguous(ptrs[1] + base * item, P, m, s);
        }
        if (st[2] == 0) {
            const float v = LoadPromoted(ptrs[2], P, P);
            for (int64_t i = 0; i < m; ++i) t[i] = v;
        } else {
            LoadContiguous(ptrs[2] + base * item, P, m, t);
        }
        for (int64_t i = 0; i < m; ++i) q[i] = MseLossElement(s[i], t[i]);
        char* out = ptrs[0] + base * item;
        switch (P) {
            case ACL_FLOAT16:
                simd::FloatToHalf(q, reinterpret_cast<uint16_t*>(out), static_cast<size_t>(m));
                break;
            case ACL_BF16:
                simd::FloatToBf16(q, reinterpret_cast<uint16_t*>(out), static_cast<size_t>(m));
                break;
            default:
                std::memcpy(out, q, static_cast<size_t>(m) * sizeof(float));
                break;
        }
    }
}

}  // namespace

namespace {
// The values row of a reduction: operand 0 is the engine's contiguous float32 buffer.
void MseLossValuesRow(const void* params, const aclDataType* dt, char* const* ptrs, const int64_t* st, int64_t n) {
    const MseLossParams& p = *static_cast<const MseLossParams*>(params);
    MseLossValues(p.promote, dt + 1, ptrs + 1, st + 1, n, reinterpret_cast<float*>(ptrs[0]));
}
}  // namespace

void MseLossValues(aclDataType promote, const aclDataType* dt, const char* const* ptrs, const int64_t* st, int64_t n,
                   float* dst) {
    const bool same = dt[0] == promote && dt[1] == promote;
    const int64_t item = promote == ACL_FLOAT ? 4 : 2;
    if (same && st[0] == item && st[1] == item) {
        float t[kBlock];
        for (int64_t base = 0; base < n; base += kBlock) {
            const int64_t m = n - base < kBlock ? n - base : kBlock;
            LoadContiguous(ptrs[0] + base * item, promote, m, dst + base);
            LoadContiguous(ptrs[1] + base * item, promote, m, t);
            for (int64_t i = 0; i < m; ++i) dst[base + i] = MseLossElement(dst[base + i], t[i]);
        }
        return;
    }
    for (int64_t i = 0; i < n; ++i) {
        const float s = LoadPromoted(ptrs[0] + i * st[0], dt[0], promote);
        const float t = LoadPromoted(ptrs[1] + i * st[1], dt[1], promote);
        dst[i] = MseLossElement(s, t);
    }
}

void MseLossRowGeneric(const void* params, const aclDataType* dt, char* const* ptrs, const int64_t* st, int64_t n) {
    const MseLossParams& p = *static_cast<const MseLossParams*>(params);
    for (int64_t i = 0; i < n; ++i) {
        const float s = LoadPromoted(ptrs[1] + i * st[1], dt[1], p.promote);
        const float t = LoadPromoted(ptrs[2] + i * st[2], dt[2], p.promote);
        StoreResult(ptrs[0] + i * st[0], dt[0], RoundToPromoted(MseLossElement(s, t), p.promote));
    }
}

RowFn SelectMseLossRow(const void* params, const aclDataType* dtypes, const int64_t* strides, bool nontemporal) {
    const MseLossParams& p = *static_cast<const MseLossParams*>(params);
    const RowFn simd = SelectFwdLossSimdRow(FwdLoss::kMse, &p, p.promote, p.values, false, dtypes, strides, nontemporal);
    if (simd != nullptr) return simd;
    if (p.values) return &MseLossValuesRow;
    const int64_t item = p.promote == ACL_FLOAT ? 4 : 2;
    const bool same = dtypes[0] == p.promote && dtypes[1] == p.promote && dtypes[2] == p.promote;
    const bool dense =
        strides[0] == item && (strides[1] == item || strides[1] == 0) && (strides[2] == item || strides[2] == 0);
    if (same && dense) return &MseLossRowSameDtype;
    return &MseLossRowGeneric;
}

}  // namespace kern
}  // namespace aclcpu
