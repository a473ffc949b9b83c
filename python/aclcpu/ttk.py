"""Golden plugin for CANN's test harness TTK (hicann/ops-test-kit), by its plugin contract.

Load it with ``python3 -m ttk aclnn|kernel ... --plugin "$(python3 -c 'import aclcpu.ttk as m; print(m.__file__)')"``.

Contract (from ops-test-kit's plugin examples and docs/Manual_Data_Prepare_and_Replay.md): a module-level
``__golden__`` maps the mode to {operator name: function name}:

* aclnn mode, ``aclnnL1LossBackward``: the parameters of ``aclnnL1LossBackwardGetWorkspaceSize`` in order
  without workspaceSize and executor, i.e. (gradOutput, self, target, reduction, gradInput); tensors are
  torch.Tensor (or numpy arrays); keyword arguments include short_soc_version and testcase_name. Returns a
  tuple with gradInput's golden, of gradInput's dtype and the broadcast shape, as torch tensors when the
  inputs were torch tensors.
* kernel mode, ``l1_loss_grad`` (op def inputs grads, predict, label; attr reduction "mean"|"sum"|"none",
  ops-nn loss/l1_loss_grad/op_host/l1_loss_grad_def.cpp): numpy inputs, the attribute as a keyword, and
  output_dtypes, full_soc_version, short_soc_version among the keywords. Returns the output array.

The profile comes from full_soc_version, else short_soc_version (``Ascend950*`` -> Ascend950,
``Ascend910B*``, ``Ascend910_93*``, other ``Ascend910*``, ``Ascend310P*``; aclcpu.soc_index), else the
process's profile. The spec classes declare bit-exact comparison (TTK's ``binary_equal`` standard) for the
float dtypes: the goldens are the kernels' bits. When TTK loads this file as a plugin (under its own module
name) it also finds them in ``__spec__``; imported as ``aclcpu.ttk`` the module keeps Python's own
``__spec__``.
"""
import numpy as np

from aclcpu import l1_loss_backward, soc_index, BFLOAT16  # absolute: TTK loads this file by path

__golden__ = {
    "aclnn": {"aclnnL1LossBackward": "aclnn_l1_loss_backward_golden"},
    "kernel": {"l1_loss_grad": "l1_loss_grad_golden"},
}

#: Bit-exact comparison for every float dtype (ops-test-kit docs/Precision_Comparison.md §5, "binary_equal").
TOLERANCE = {name: {"standard": "binary_equal"} for name in ("float16", "float32", "bfloat16")}


def _soc_from(kwargs):
    """The profile name from TTK's full_soc_version / short_soc_version keywords (None: the process's)."""
    for key in ("full_soc_version", "short_soc_version"):
        value = kwargs.get(key)
        if value:
            soc_index(value)  # raises AclnnError(100008) for a SoC no profile models
            return value
    return None


def _to_numpy(x):
    """numpy view of a torch tensor or array (bfloat16 tensors as ml_dtypes.bfloat16); also the dtype."""
    if type(x).__module__.startswith("torch"):
        import torch

        x = x.detach().cpu()
        if x.dtype == torch.bfloat16:
            return x.view(torch.int16).numpy().view(BFLOAT16)
        return x.numpy()
    return np.asarray(x)


def _to_torch(a):
    import torch

    if BFLOAT16 is not None and a.dtype == BFLOAT16:
        return torch.from_numpy(a.view(np.int16)).view(torch.bfloat16)
    return torch.from_numpy(a)


def aclnn_l1_loss_backward_golden(gradOutput, self, target, reduction, gradInput, **kwargs):
    """TTK aclnn-mode golden of aclnnL1LossBackward (see the module docstring).

    Args: gradOutput, self, target (torch tensors or numpy arrays, any view); reduction (0/1/2, a name, or a
    0-d tensor/array holding it); gradInput (its dtype is the golden's dtype; its data is not read).
    Returns: (golden,) with the broadcast shape. Raises aclcpu.AclnnError where the operator rejects the call.
    """
    torch_in = type(gradOutput).__module__.startswith("torch")
    if hasattr(reduction, "item"):
        reduction = reduction.item()
    out_dtype = _to_numpy(gradInput).dtype if gradInput is not None else None
    y = l1_loss_backward(_to_numpy(gradOutput), _to_numpy(self), _to_numpy(target), reduction,
                         out_dtype=out_dtype, soc=_soc_from(kwargs))
    return (_to_torch(y) if torch_in else y,)


def l1_loss_grad_golden(grads, predict, label, *, reduction="mean", **kwargs):
    """TTK kernel-mode golden of l1_loss_grad (see the module docstring).

    Args: grads (gradOutput), predict (self), label (target): numpy arrays; reduction "mean"|"sum"|"none";
    output_dtypes (keyword, optional): the output's dtype name, default the promoted dtype.
    Returns: the output array. Raises aclcpu.AclnnError where the operator rejects the call.
    """
    out = kwargs.get("output_dtypes")
    out_dtype = None
    if out:
        out_dtype = out[0] if isinstance(out, (list, tuple)) else out
    return l1_loss_backward(np.asarray(grads), np.asarray(predict), np.asarray(label), reduction,
                            out_dtype=out_dtype, soc=_soc_from(kwargs))


class L1LossBackwardSpec:
    """TTK spec of aclnnL1LossBackward: the golden and bit-exact tolerance."""
    golden = staticmethod(aclnn_l1_loss_backward_golden)
    tolerance = TOLERANCE


class L1LossGradSpec:
    """TTK spec of the l1_loss_grad kernel: the golden and bit-exact tolerance."""
    golden = staticmethod(l1_loss_grad_golden)
    tolerance = TOLERANCE


SPECS = {"aclnnL1LossBackward": "L1LossBackwardSpec", "l1_loss_grad": "L1LossGradSpec"}
if __name__ != "aclcpu.ttk":  # loaded by TTK from its file: TTK's spec registry
    __spec__ = SPECS  # noqa: F811
