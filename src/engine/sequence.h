// A plan of several plans run one after another on one launch (docs/engine.md "Several outputs"): an
// operator whose outputs come from different plans (aclnnPreluBackward: an element-wise gradInput and a
// reduction over dims for gradWeight) publishes one executor whose plan is a SequencePlan. Every part sees the
// launch's tensors and the one workspace (the first phase reports the largest part's workspace). An ApartPlan
// picks, per launch, between a plan that needs one tensor apart from others and one that does not; a
// RequireApartPlan refuses a launch whose re-addressed tensors overlap where the first phase refused it.
#pragma once

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "aclnn/acl_meta.h"
#include "engine/elementwise.h"
#include "executor/executor.h"

namespace aclcpu {
namespace engine {

/// Runs its parts in order; the first non-zero status stops it (the later parts do not run).
class SequencePlan final : public OpPlan {
public:
    explicit SequencePlan(std::vector<std::shared_ptr<const OpPlan>> parts) : parts_(std::move(parts)) {}
    int Execute(const LaunchRecord& launch, void* workspace, uint64_t workspace_size) const override {
        for (const std::shared_ptr<const OpPlan>& p : parts_) {
            if (int ret = p->Execute(launch, workspace, workspace_size)) return ret;
        }
        return 0;
    }
    /// Short when every part is.
    bool ShortRun() const override {
        for (const std::shared_ptr<const OpPlan>& p : parts_) {
            if (!p->ShortRun()) return false;
        }
        return true;
    }

private:
    std::vector<std::shared_ptr<const OpPlan>> parts_;
};

/// Runs `apart` when, at this launch, tensor `t` shares no memory (ViewsMeet) with any of the tensors
/// `others`, else `otherwise`: a one-pass plan whose side output must be apart from its inputs
/// (engine/reduce.h PlanAxisReduce), and the passes that allow any overlap, chosen again after
/// aclSet*TensorAddr re-addresses the tensors. Both see the same workspace (the first phase reports the
/// larger of theirs). Returns the chosen plan's status.
class ApartPlan final : public OpPlan {
public:
    ApartPlan(int t, std::vector<int> others, std::shared_ptr<const OpPlan> apart,
              std::shared_ptr<const OpPlan> otherwise)
        : t_(t), others_(std::move(others)), apart_(std::move(apart)), otherwise_(std::move(otherwise)) {}
    int Execute(const LaunchRecord& launch, void* workspace, uint64_t workspace_size) const override {
        for (int o : others_) {
            if (ViewsMeet(launch.tensors[t_], launch.tensors[o])) {
                return otherwise_->Execute(launch, workspace, workspace_size);
            }
        }
        return apart_->Execute(launch, workspace, workspace_size);
    }
    /// Short when both are.
    bool ShortRun() const override { return apart_->ShortRun() && otherwise_->ShortRun(); }

private:
    int t_;
    std::vector<int> others_;
    std::shared_ptr<const OpPlan> apart_;
    std::shared_ptr<const OpPlan> otherwise_;
};

/// Runs `inner` unless, at this launch, tensor `t` shares memory (ViewsMeet) with one of the tensors `others`:
/// then returns 161002 ACLNN_ERR_PARAM_INVALID and writes nothing. The first phase's refusal of that overlap,
/// kept when aclSet*TensorAddr re-addresses a repeatable executor's tensors (aclnnPreluBackward's gradWeight,
/// docs/ops/prelu_backward.md §2 row 13).
class RequireApartPlan final : public OpPlan {
public:
    RequireApartPlan(int t, std::vector<int> others, std::shared_ptr<const OpPlan> inner)
        : t_(t), others_(std::move(others)), inner_(std::move(inner)) {}
    int Execute(const LaunchRecord& launch, void* workspace, uint64_t workspace_size) const override {
        for (int o : others_) {
            if (ViewsMeet(launch.tensors[t_], launch.tensors[o])) return ACLNN_ERR_PARAM_INVALID;
        }
        return inner_->Execute(launch, workspace, workspace_size);
    }
    bool ShortRun() const override { return inner_->ShortRun(); }

private:
    int t_;
    std::vector<int> others_;
    std::shared_ptr<const OpPlan> inner_;
};

}  // namespace engine
}  // namespace aclcpu
