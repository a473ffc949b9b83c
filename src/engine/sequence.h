// A plan of several plans run one after another on one launch (docs/engine.md "Several outputs"): an
// operator whose outputs come from different plans (aclnnPreluBackward: an element-wise gradInput and a
// reduction over dims for gradWeight) publishes one executor whose plan is a SequencePlan. Every part sees the
// launch's tensors and the one workspace (the first phase reports the largest part's workspace).
#pragma once

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

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

}  // namespace engine
}  // namespace aclcpu
