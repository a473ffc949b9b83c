// The custom first-phase checks of the nn_vfusion family (ops/families/nn_vfusion.yaml `custom` checks the table's
// vocabulary cannot express; docs/ops/nn_vfusion.md). Included at the end of src/op/reference_checks.h (through the
// generated op/family_hooks.inc). Each hook is int <hook>(const OpCall& c, <the entry's non-tensor parameters>): 0,
// or the status with its message. Facts: hicann/ops-nn vfusion/<op>/op_api/aclnn_*.cpp; each hook names what it
// restates.
#pragma once

#include <cstdint>
#include <vector>

#include "common/status.h"
#include "op/op_call.h"
#include "op/reference_checks.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {
namespace vfusion_checks {

/// OP_CHECK_DTYPE_NOT_SUPPORT against FLOAT, FLOAT16, BF16 (or FLOAT, FLOAT16 with no_bf16).
inline int FloatDtype(const aclTensor* t, const char* name, bool no_bf16 = false) {
    const aclDataType d = t->dtype;
    if (d == ACL_FLOAT || d == ACL_FLOAT16 || (!no_bf16 && d == ACL_BF16)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list %s.", name,
                DtypeName(d), no_bf16 ? "DT_FLOAT, DT_FLOAT16" : "DT_FLOAT, DT_FLOAT16, DT_BF16");
}

/// OP_CHECK_DTYPE_NOT_SUPPORT against INT32, INT64.
inline int IndexDtype(const aclTensor* t, const char* name) {
    const aclDataType d = t->dtype;
    if (d == ACL_INT32 || d == ACL_INT64) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list DT_INT32, "
                "DT_INT64.", name, DtypeName(d));
}

/// OP_CHECK_DTYPE_NOT_MATCH(tensor, expected).
inline int DtypeMatch(const aclTensor* t, const char* name, aclDataType expected) {
    if (t->dtype == expected) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s expected dtype is %s but found %s.", name, DtypeName(expected),
                DtypeName(t->dtype));
}

/// OP_CHECK_WRONG_DIMENSION(tensor, dims).
inline int Rank(const aclTensor* t, const char* name, size_t dims) {
    if (t->view_shape.size() == dims) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected %zu dimension input, but got %s with sizes %s.", dims, name,
                ShapeString(t->view_shape).c_str());
}

/// Beyond CANN: the view shape the kernel's indexing assumes.
inline int ShapeExactly(const aclTensor* t, const char* name, const std::vector<int64_t>& want) {
    if (t->view_shape == want) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "%s has shape %s, but the other inputs require %s (aclcpu refuses it: CANN's kernel would read or "
                "write out of bounds).",
                name, ShapeString(t->view_shape).c_str(), ShapeString(want).c_str());
}

}  // namespace vfusion_checks

// ---- aclnnMultiScaleDeformableAttnFunction (aclnn_multi_scale_deformable_attn_function.cpp); c.t = {value,
// spatialShape, levelStartIndex, location, attnWeight, output}

/// CheckDtypeValid (the lists in CANN's order, the dtype matches with value, then the Ascend310P's lists) and
/// CheckShape (CheckTensorDimCount, the last dims of spatialShape and location, CheckDimValueRange, the numLevels).
inline int CheckMsdaFunction(const OpCall& c) {
    using namespace vfusion_checks;
    const aclTensor *value = c.t[0], *spatial = c.t[1], *start = c.t[2], *loc = c.t[3], *attn = c.t[4],
                    *out = c.t[5];
    if (int ret = FloatDtype(value, "value")) return ret;
    if (int ret = IndexDtype(spatial, "spatialShape")) return ret;
    if (int ret = IndexDtype(start, "levelStartIndex")) return ret;
    if (int ret = FloatDtype(loc, "location")) return ret;
    if (int ret = FloatDtype(attn, "attnWeight")) return ret;
    if (int ret = FloatDtype(out, "output")) return ret;
    if (int ret = DtypeMatch(value, "value", loc->dtype)) return ret;
    if (int ret = DtypeMatch(value, "value", attn->dtype)) return ret;
    if (int ret = DtypeMatch(value, "value", out->dtype)) return ret;
    if (c.soc == rt::Soc::kAscend310P) {
        if (int ret = FloatDtype(value, "value", true)) return ret;
        if (int ret = FloatDtype(loc, "location", true)) return ret;
        if (int ret = FloatDtype(attn, "attnWeight", true)) return ret;
        if (int ret = FloatDtype(out, "output", true)) return ret;
    }
    if (int ret = Rank(value, "value", 4)) return ret;
    if (int ret = Rank(spatial, "spatialShape", 2)) return ret;
    if (int ret = Rank(start, "levelStartIndex", 1)) return ret;
    if (int ret = Rank(loc, "location", 6)) return ret;
    if (int ret = Rank(attn, "attnWeight", 5)) return ret;
    if (int ret = Rank(out, "output", 3)) return ret;
    const std::vector<int64_t>& ss = spatial->view_shape;
    const std::vector<int64_t>& ls = loc->view_shape;
    const std::vector<int64_t>& vs = value->view_shape;
    if (ss[1] != 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The last axis of spatialShape should be 2, bug got input %ld",
                    static_cast<long>(ss[1]));
    }
    if (ls[5] != 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The last axis of location should be 2, bug got input %ld",
                    static_cast<long>(ls[5]));
    }
    if (ls[1] < 32) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "numQueries must be greater than or equal to 32, bug got input %ld",
                    static_cast<long>(ls[1]));
    }
    if (ls[2] > 16) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "numHeads must be less than or equal to 16, bug got input %ld",
                    static_cast<long>(ls[2]));
    }
    if (ls[3] > 16) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "numLevels must be less than or equal to 16, bug got input %ld",
                    static_cast<long>(ls[3]));
    }
    if (ls[4] > 16) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "numPoints must be less than or equal to 16, bug got input %ld",
                    static_cast<long>(ls[4]));
    }
    if (!(vs[3] % 8 == 0 && vs[3] <= 256)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "embedDims must be divisible by 8 and less than or equal to 256");
    }
    const int64_t al = attn->view_shape[3];
    if (!(ss[0] == ls[3] && ls[3] == al)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "numLevels dimensions must be equal: spatialShape[0]=%ld, location[3]=%ld, attnWeight[3]=%ld",
                    static_cast<long>(ss[0]), static_cast<long>(ls[3]), static_cast<long>(al));
    }
    return 0;
}

/// Beyond CANN: the shapes CANN's kernel assumes without checking - location [bs, Q, heads, L, P, 2] with value's bs
/// and heads, attnWeight location's first five dims, levelStartIndex [L], output [bs, Q, heads * C] - so that the
/// second phase reads and writes inside every tensor.
inline int CheckMsdaFunctionConsistency(const OpCall& c) {
    using namespace vfusion_checks;
    const std::vector<int64_t>& vs = c.t[0]->view_shape;
    const std::vector<int64_t>& ls = c.t[3]->view_shape;
    if (int ret = ShapeExactly(c.t[3], "location", {vs[0], ls[1], vs[2], ls[3], ls[4], 2})) return ret;
    if (int ret = ShapeExactly(c.t[4], "attnWeight", {ls[0], ls[1], ls[2], ls[3], ls[4]})) return ret;
    if (int ret = ShapeExactly(c.t[2], "levelStartIndex", {ls[3]})) return ret;
    return ShapeExactly(c.t[5], "output", {vs[0], ls[1], vs[2] * vs[3]});
}

// ---- aclnnMultiScaleDeformableAttentionGrad (aclnn_multi_scale_deformable_attention_grad.cpp); c.t = {value,
// spatialShape, levelStartIndex, location, attnWeight, gradOutput, gradValue, gradLocation, gradAttnWeight}

/// CheckDtypeValid, CheckFormat, CheckShape, CheckInputShapeConsistency, CheckOutputShapeConsistency in order.
inline int CheckMsdaGrad(const OpCall& c) {
    using namespace vfusion_checks;
    const aclTensor *value = c.t[0], *spatial = c.t[1], *start = c.t[2], *loc = c.t[3], *attn = c.t[4],
                    *grad = c.t[5];
    if (int ret = FloatDtype(value, "value")) return ret;
    if (int ret = IndexDtype(spatial, "spatialShape")) return ret;
    if (int ret = IndexDtype(start, "levelStartIndex")) return ret;
    if (int ret = FloatDtype(loc, "location")) return ret;
    if (int ret = FloatDtype(attn, "attnWeight")) return ret;
    if (int ret = FloatDtype(grad, "gradOutput")) return ret;
    if (int ret = FloatDtype(c.t[6], "gradValue")) return ret;
    if (int ret = FloatDtype(c.t[7], "gradLocation")) return ret;
    if (int ret = FloatDtype(c.t[8], "gradAttnWeight")) return ret;
    const char* names[6] = {"value", "spatialShape", "levelStartIndex", "location", "attnWeight", "gradOutput"};
    for (int i = 0; i < 6; ++i) {
        if (c.t[i]->format == ACL_FORMAT_FRACTAL_NZ) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "parameter '%s' format does not support NZ", names[i]);
        }
    }
    struct RankRule {
        const aclTensor* t;
        const char* name;
        size_t dims;
        int last;  // the index of a dim that must be 2, or -1
    };
    const RankRule ranks[7] = {{value, "value", 4, -1},      {spatial, "spatialShape", 2, -1},
                               {spatial, "spatialShape", 2, 1}, {start, "levelStartIndex", 1, -1},
                               {loc, "location", 6, -1},     {loc, "location", 6, 5},
                               {attn, "attnWeight", 5, -1}};
    for (const RankRule& r : ranks) {
        if (r.last < 0 && r.t->view_shape.size() != r.dims) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "parameter '%s' expects %zu dimensions, but got %zu", r.name, r.dims,
                        r.t->view_shape.size());
        }
        if (r.last >= 0 && r.t->view_shape[static_cast<size_t>(r.last)] != 2) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "parameter '%s' expects the last dimension to be 2, but got %ld",
                        r.name, static_cast<long>(r.t->view_shape[static_cast<size_t>(r.last)]));
        }
    }
    if (grad->view_shape.size() != 3) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "parameter 'gradOutput' expects 3 dimensions, but got %zu",
                    grad->view_shape.size());
    }
    const std::vector<int64_t>& vs = value->view_shape;
    const std::vector<int64_t>& ls = loc->view_shape;
    const std::vector<int64_t>& as = attn->view_shape;
    const std::vector<int64_t>& gs = grad->view_shape;
    const int64_t bs = vs[0], heads = vs[2], channels = vs[3], levels = spatial->view_shape[0], queries = ls[1],
                  points = ls[4];
    if (!(channels % 8 == 0 && channels <= 256 && queries < 500000 && levels <= 16 && heads <= 16 && points <= 16)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "invalid parameter: constraints are not satisfied");
    }
    if (ls[0] != bs || as[0] != bs || gs[0] != bs) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "bs of value, location, attnWeight and gradOutput must be equal");
    }
    if (ls[2] != heads || as[2] != heads) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "num_heads of value, location and attnWeight must be equal");
    }
    if (start->view_shape[0] != levels || ls[3] != levels || as[3] != levels) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "num_levels of spatialShape, levelStartIndex, location and attnWeight must be equal");
    }
    if (as[1] != queries || gs[1] != queries) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "num_queries of location, attnWeight and gradOutput must be equal");
    }
    if (as[4] != points) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "num_points of location and attnWeight must be equal");
    }
    if (gs[2] != heads * channels) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "last dim of gradOutput must be equal to num_heads * channels");
    }
    if (c.t[6]->view_shape != vs) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "gradValue shape must be the same as value shape");
    }
    if (c.t[7]->view_shape != ls) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "gradLocation shape must be the same as location shape");
    }
    if (c.t[8]->view_shape != as) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "gradAttnWeight shape must be the same as attnWeight shape");
    }
    return 0;
}

}  // namespace aclcpu
