#include "engine/mse_v2_plan.h"

#include <cmath>
#include <limits>
#include <vector>

#include "common/exports.h"
#include "common/fp_env.h"
#include "kernels/convert.h"
#include "runtime/runtime.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {
namespace engine {
namespace {

// The two inputs expanded to the broadcast shape: byte strides per dim (0 on broadcast dims), base addresses.
struct Inputs {
    int nd = 0;
    int64_t dims[kMaxDims] = {};
    int64_t stride[2][kMaxDims] = {};
    const char* base[2] = {};
    aclDataType dtype[2] = {};
    aclDataType promote = ACL_FLOAT;
    ValuesRowFn values = nullptr;
};

// ValueSource body: the values of elements [begin, begin + n) in row-major order of the broadcast shape.
void GatherValues(const void* ctx, int64_t begin, int64_t n, float* dst) {
    const Inputs& in = *static_cast<const Inputs*>(ctx);
    if (in.nd == 0) {  // one element
        in.values(in.promote, in.dtype, in.base, in.stride[0] /* unused for n == 1 */, n, dst);
        return;
    }
    int64_t idx[kMaxDims];
    int64_t rest = begin;
    for (int k = in.nd - 1; k >= 0; --k) {
        idx[k] = rest % in.dims[k];
        rest /= in.dims[k];
    }
    const int last = in.nd - 1;
    while (n > 0) {
        const char* ptrs[2];
        for (int j = 0; j < 2; ++j) {
            int64_t off = 0;
            for (int k = 0; k < in.nd; ++k) off += idx[k] * in.stride[j][k];
            ptrs[j] = in.base[j] + off;
        }
        const int64_t run = std::min(n, in.dims[last] - idx[last]);
        const int64_t st[2] = {in.stride[0][last], in.stride[1][last]};
        in.values(in.promote, in.dtype, ptrs, st, run, dst);
        dst += run;
        n -= run;
        idx[last] += run;
        for (int k = last; k > 0 && idx[k] == in.dims[k]; --k) {
            idx[k] = 0;
            ++idx[k - 1];
        }
    }
}

struct CoreCtx {
    const ScalarReduceSpec* spec;
    ValueSource values;
    Arch35MseV2Tiling a35;
    AscendCMseV2Tiling asc;
    float* results;  // arch35: one partial per core; AscendC: 8 lanes per core
};

void CoreRange(void* ctx, int64_t begin, int64_t end) {
    FpEnvScope fp_env;
    const CoreCtx& c = *static_cast<const CoreCtx*>(ctx);
    if (c.spec->order == MseV2Order::kArch35) {
        std::vector<float> buf(static_cast<size_t>(c.a35.ub_factor));
        for (int64_t core = begin; core < end; ++core) {
            c.results[core] = Arch35CorePartial(c.a35, core, c.values, buf.data());
        }
    } else {
        std::vector<float> buf(static_cast<size_t>(c.asc.tile_length + 16));
        for (int64_t core = begin; core < end; ++core) {
            AscendCCoreLanes(c.asc, core, c.spec->mean, c.values, buf.data(), c.results + core * 8);
        }
    }
}

class MseV2ReducePlan final : public OpPlan {
public:
    MseV2ReducePlan(const BroadcastShape& shape, const ScalarReduceSpec& spec) : shape_(shape), spec_(spec) {}

    bool ShortRun() const override { return shape_.Numel() <= kShortRunElements; }

    int Execute(const aclOpExecutor& ex, void*, uint64_t) const override {
        FpEnvScope fp_env;
        const aclTensor& out = ex.tensors[spec_.out];
        char* out_ptr = static_cast<char*>(out.data) + out.offset * static_cast<int64_t>(ItemSize(out.dtype));
        const int64_t n = shape_.Numel();
        if (n == 0) {
            kern::StoreResult(out_ptr, out.dtype, spec_.mean ? std::numeric_limits<float>::quiet_NaN() : 0.0f);
            return 0;
        }
        Inputs in;
        in.nd = static_cast<int>(shape_.n);
        for (int k = 0; k < in.nd; ++k) in.dims[k] = shape_.d[k];
        const int idx[2] = {spec_.self, spec_.target};
        for (int j = 0; j < 2; ++j) {
            const aclTensor& t = ex.tensors[idx[j]];
            const int64_t item = static_cast<int64_t>(ItemSize(t.dtype));
            const int r = static_cast<int>(t.view_shape.size());
            for (int k = 0; k < r; ++k) {
                const int bk = in.nd - r + k;
                in.stride[j][bk] = t.view_shape[k] == 1 ? 0 : t.strides[k] * item;
            }
            in.base[j] = static_cast<const char*>(t.data) + t.offset * item;
            in.dtype[j] = t.dtype;
        }
        in.promote = spec_.promote;
        in.values = spec_.values;
        CoreCtx c{&spec_, ValueSource{&GatherValues, &in}, {}, {}, nullptr};
        const int item_p = spec_.promote == ACL_FLOAT ? 4 : 2;
        float result;
        std::vector<float> results;
        if (spec_.order == MseV2Order::kArch35) {
            c.a35 = TileArch35MseV2(n, spec_.hw);
            results.resize(static_cast<size_t>(c.a35.used_cores));
            c.results = results.data();
            rt::ParallelFor(c.a35.used_cores, 1, &CoreRange, &c);
            result = KahanSum(results.data(), c.a35.used_cores);
            if (spec_.mean) result = result / static_cast<float>(n);
        } else {
            c.asc = TileAscendCMseV2(n, item_p, spec_.hw);
            results.resize(static_cast<size_t>(c.asc.core_num * 8));
            c.results = results.data();
            rt::ParallelFor(c.asc.core_num, 1, &CoreRange, &c);
            result = AscendCFinalSum(results.data(), c.asc.core_num * 8, spec_.order == MseV2Order::k310P);
        }
        kern::StoreResult(out_ptr, out.dtype, kern::RoundToPromoted(result, spec_.promote));
        return 0;
    }

private:
    BroadcastShape shape_;
    ScalarReduceSpec spec_;
};

}  // namespace

std::shared_ptr<const OpPlan> PlanMseV2Reduce(const BroadcastShape& shape, const ScalarReduceSpec& spec) {
    return std::make_shared<MseV2ReducePlan>(shape, spec);
}

}  // namespace engine
}  // namespace aclcpu
