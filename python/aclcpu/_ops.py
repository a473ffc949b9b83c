"""The operators aclcpu exposes, with what the API, the command line, the case-list readers and the TTK
plugin need to know about each (one table; aclcpu.OPERATORS is derived from it).

Facts from CANN's public sources (hicann/ops-nn; no code of theirs is used):

* aclnn parameter names and order: the GetWorkspaceSize declarations (include/aclnnop/*.h here, from ops-nn
  ``loss/l1_loss_grad/op_api/aclnn_l1_loss_backward.h``, ``loss/mse_loss_grad_v2/op_host/op_api/
  aclnn_mse_loss_backward.h``, ``loss/smooth_l1_loss_grad_v2/op_api/aclnn_smooth_l1_loss_backward.h``).
* Kernel op names, input order and attributes: the op defs ``loss/l1_loss_grad/op_host/l1_loss_grad_def.cpp``
  (grads, predict, label; reduction), ``loss/mse_loss_grad/op_host/mse_loss_grad_def.cpp`` and
  ``loss/mse_loss_grad_v2/op_host/mse_loss_grad_v2_def.cpp`` (predict, label, dout; reduction),
  ``loss/smooth_l1_loss_grad_v2/op_host/smooth_l1_loss_grad_v2_def.cpp`` (predict, label, dout; sigma
  default 1.0, reduction). The aclnn layer passes predict = self, label = target, dout = gradOutput
  (docs/ops/mse_loss_backward.md §5.1, smooth_l1_loss_backward.md §5.1).
* ATK names (ops-nn ``tests/st/aclnn*/atk_aclnn*.json``): the aclnn parameter names, attr "beta".
"""
from typing import NamedTuple


class OpInfo(NamedTuple):
    """One operator: "input tensors + reduction + scalar parameters -> one output tensor".

    api: aclnn API name; function: the aclcpu function; tensors: the aclnn input tensor names in parameter
    order; output: the aclnn output tensor's name; params: ((name, default), ...) scalar parameters after
    reduction (floats, passed as float32); kernel: TTK kernel op name (op def, snake case); kernel_aliases:
    other kernel op names computing the same; kernel_tensors: the kernel's inputs in op-def order;
    kernel_order: for each aclnn tensor, its position among kernel_tensors; kernel_attrs: kernel attribute
    name -> parameter name; kernel_fixed: ((attribute, value), ...) kernel attributes whose one value is the
    operator (lp_loss's p = 1 is the L1 loss; another p is refused, never computed as p = 1).

    The command line, the case-list readers (TTK CSV, ATK JSON) and the TTK plugin take the operator list,
    each operator's number of tensors, their names and its attributes from this table.
    """
    api: str
    function: str
    tensors: tuple
    output: str
    params: tuple
    kernel: str
    kernel_aliases: tuple
    kernel_tensors: tuple
    kernel_order: tuple
    kernel_attrs: dict
    kernel_fixed: tuple = ()


OPS = {
    "aclnnL1LossBackward": OpInfo(
        "aclnnL1LossBackward", "l1_loss_backward", ("gradOutput", "self", "target"), "gradInput", (),
        "l1_loss_grad", (), ("grads", "predict", "label"), (0, 1, 2), {}),
    "aclnnMseLossBackward": OpInfo(
        "aclnnMseLossBackward", "mse_loss_backward", ("gradOutput", "self", "target"), "out", (),
        "mse_loss_grad", ("mse_loss_grad_v2",), ("predict", "label", "dout"), (2, 0, 1), {}),
    "aclnnSmoothL1LossBackward": OpInfo(
        "aclnnSmoothL1LossBackward", "smooth_l1_loss_backward", ("gradOut", "self", "target"), "gradInput",
        (("beta", 1.0),), "smooth_l1_loss_grad_v2", (), ("predict", "label", "dout"), (2, 0, 1),
        {"sigma": "beta"}),
    # Forward losses (docs/ops/l1_loss.md, smooth_l1_loss.md): ops-nn loss/lp_loss/op_host/lp_loss_def.cpp
    # (predict, label; attrs p = 1, reduction) and loss/smooth_l1_loss_v2/op_host/smooth_l1_loss_v2_def.cpp
    # (predict, label; attrs sigma = 1.0, reduction); predict = self, label = target.
    "aclnnL1Loss": OpInfo(
        "aclnnL1Loss", "l1_loss", ("self", "target"), "out", (), "lp_loss", (), ("predict", "label"), (0, 1), {},
        (("p", 1),)),
    "aclnnSmoothL1Loss": OpInfo(
        "aclnnSmoothL1Loss", "smooth_l1_loss", ("self", "target"), "result", (("beta", 1.0),),
        "smooth_l1_loss_v2", (), ("predict", "label"), (0, 1), {"sigma": "beta"}),
    # Forward MSE loss (ops-nn loss/mse_loss/op_api/aclnn_mse_loss.h; kernel MSELossV2, op def
    # loss/mse_loss_v2/op_host/mse_loss_v2_def.cpp: input, target; attr reduction default "mean"; and the
    # Ascend950 kernel MseLoss, loss/mse_loss/op_host/mse_loss_def.cpp: predict, label in the same order, attr
    # reduction default "mean", whose TTK list is loss/mse_loss/tests/st/arch35/ttk_kernel_mse_loss_st.csv).
    "aclnnMseLoss": OpInfo(
        "aclnnMseLoss", "mse_loss", ("self", "target"), "out", (), "mse_loss_v2", ("mse_loss",), ("input", "target"),
        (0, 1), {}),
}
