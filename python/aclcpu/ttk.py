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
* ``aclnnMseLossBackward`` (gradOutput, self, target, reduction, out) and ``aclnnSmoothL1LossBackward``
  (gradOut, self, target, reduction, beta, gradInput) in aclnn mode, the same way; kernel mode
  ``mse_loss_grad`` and ``mse_loss_grad_v2`` (predict, label, dout; attr reduction: ops-nn
  loss/mse_loss_grad/op_host/mse_loss_grad_def.cpp, loss/mse_loss_grad_v2/op_host/mse_loss_grad_v2_def.cpp)
  and ``smooth_l1_loss_grad_v2`` (predict, label, dout; attrs sigma = beta, default 1.0, and reduction:
  loss/smooth_l1_loss_grad_v2/op_host/smooth_l1_loss_grad_v2_def.cpp). The kernels' predict, label, dout are
  the aclnn self, target, gradOutput. Kernel mode ``lp_loss`` (p = 1), ``smooth_l1_loss_v2``, ``mse_loss_v2``
  and ``mse_loss`` (the forward losses; aclcpu._ops).

Every tensor goes through aclcpu's one array check (aclcpu._as_array): byte-swapped arrays read as their
values, torch's negative/conjugate bits resolved, what cannot be read exactly refused (AclnnError 161002).

The profile comes from full_soc_version, else short_soc_version (``Ascend950*`` -> Ascend950,
``Ascend910B*``, ``Ascend910_93*``, other ``Ascend910*``, ``Ascend310P*``; aclcpu.soc_index), else the
process's profile. The spec classes declare bit-exact comparison (TTK's ``binary_equal`` standard) for the
float dtypes: the goldens are the kernels' bits. When TTK loads this file as a plugin (under its own module
name) it also finds them in ``__spec__``; imported as ``aclcpu.ttk`` the module keeps Python's own
``__spec__``.
"""
import inspect

import numpy as np

from aclcpu import call, soc_index, BFLOAT16, _as_array  # absolute: TTK loads this file by path
from aclcpu._ops import OPS


def _camel(name):
    """l1_loss_grad -> L1LossGrad (the spec classes' names)."""
    return "".join(part[:1].upper() + part[1:] for part in name.split("_"))


def _kernel_names(info):
    """The TTK kernel op names of an operator's kernel (none for kernel None: no single kernel computes the
    aclnn operator's outputs, e.g. aclnnPreluBackward's two kernels)."""
    return () if info.kernel is None else (info.kernel,) + tuple(info.kernel_aliases)


# The registrations, from the operator table (aclcpu._ops.OPS): aclnn mode aclnn_<function>_golden, kernel
# mode <kernel>_golden for the kernel op name and its aliases.
__golden__ = {
    "aclnn": {api: f"aclnn_{info.function}_golden" for api, info in OPS.items()},
    "kernel": {k: f"{info.kernel}_golden" for info in OPS.values() for k in _kernel_names(info)},
}

#: Bit-exact comparison for every float dtype (ops-test-kit docs/Precision_Comparison.md §5, "binary_equal").
TOLERANCE = {name: {"standard": "binary_equal"} for name in ("float16", "float32", "bfloat16")}


def _soc_from(kwargs):
    """The profile name from TTK's full_soc_version / short_soc_version keywords (None: the process's)."""
    for key in ("full_soc_version", "short_soc_version"):
        value = kwargs.get(key)
        if value is not None and not (isinstance(value, str) and value == ""):
            soc_index(value)  # raises AclnnError(100008) for a SoC no profile models
            return value
    return None


def _to_torch(a):
    import torch

    if BFLOAT16 is not None and a.dtype == BFLOAT16:
        return torch.from_numpy(a.view(np.int16)).view(torch.bfloat16)
    return torch.from_numpy(a)


def _scalar(x):
    """A Python scalar from a 0-d tensor/array (TTK may pass attributes that way) or the value itself. An array or
    tensor of another shape is no scalar: AclnnError 161002."""
    if not hasattr(x, "item"):
        return x
    if getattr(x, "ndim", 0) != 0:
        from aclcpu import AclnnError
        raise AclnnError(161002, f"expected a scalar or a 0-d tensor/array, got one of shape {tuple(x.shape)}")
    return x.item()


def _aclnn_golden(op, tensors, reduction, params, output, kwargs):
    """The aclnn-mode golden of op: (output,) of the output tensor's dtype, as torch tensors when the first
    input is one."""
    torch_in = type(tensors[0]).__module__.startswith("torch")
    out_dtype = _as_array(output, "output").dtype if output is not None else None
    y = call(op, list(tensors), _scalar(reduction), params, out_dtype=out_dtype, soc=_soc_from(kwargs))
    ys = y if isinstance(y, tuple) else (y,)  # one entry per output (aclnnPreluBackward: gradInput, gradWeight)
    return tuple(_to_torch(a) if torch_in else a for a in ys)


def _kernel_golden(op, tensors, reduction, params, kwargs):
    """The kernel-mode golden of op: the output array, dtype from output_dtypes (default the operator's)."""
    out = kwargs.get("output_dtypes")
    if isinstance(out, (list, tuple)):  # one entry per output: these kernels have one
        if len(out) > 1:
            from aclcpu import AclnnError
            raise AclnnError(161002, f"output_dtypes: {len(out)} entries, but {op}'s kernel has one output")
        out = out[0] if out else None
    return call(op, list(tensors), _scalar(reduction), params, out_dtype=out, soc=_soc_from(kwargs))


def aclnn_l1_loss_backward_golden(gradOutput, self, target, reduction, gradInput, **kwargs):
    """TTK aclnn-mode golden of aclnnL1LossBackward (see the module docstring).

    Args: gradOutput, self, target (torch tensors or numpy arrays, any view); reduction (0/1/2, a name, or a
    0-d tensor/array holding it); gradInput (its dtype is the golden's dtype; its data is not read).
    Returns: (golden,) with the broadcast shape. Raises aclcpu.AclnnError where the operator rejects the call.
    """
    return _aclnn_golden("aclnnL1LossBackward", (gradOutput, self, target), reduction, None, gradInput, kwargs)


def aclnn_mse_loss_backward_golden(gradOutput, self, target, reduction, out, **kwargs):
    """TTK aclnn-mode golden of aclnnMseLossBackward: as aclnn_l1_loss_backward_golden, the output named out
    (its dtype is the golden's). Returns (golden,). Raises aclcpu.AclnnError where the operator rejects."""
    return _aclnn_golden("aclnnMseLossBackward", (gradOutput, self, target), reduction, None, out, kwargs)


def aclnn_smooth_l1_loss_backward_golden(gradOut, self, target, reduction, beta, gradInput, **kwargs):
    """TTK aclnn-mode golden of aclnnSmoothL1LossBackward: as aclnn_l1_loss_backward_golden, plus beta (a real
    number or a 0-d tensor, passed as float32). Returns (golden,). Raises aclcpu.AclnnError (161002 for a
    negative or NaN beta)."""
    return _aclnn_golden("aclnnSmoothL1LossBackward", (gradOut, self, target), reduction,
                         {"beta": _scalar(beta)}, gradInput, kwargs)


def l1_loss_grad_golden(grads, predict, label, *, reduction="mean", **kwargs):
    """TTK kernel-mode golden of l1_loss_grad (see the module docstring).

    Args: grads (gradOutput), predict (self), label (target): numpy arrays; reduction "mean"|"sum"|"none";
    output_dtypes (keyword, optional): the output's dtype name, default the promoted dtype.
    Returns: the output array. Raises aclcpu.AclnnError where the operator rejects the call.
    """
    return _kernel_golden("aclnnL1LossBackward", (grads, predict, label), reduction, None, kwargs)


def mse_loss_grad_golden(predict, label, dout, *, reduction="mean", **kwargs):
    """TTK kernel-mode golden of mse_loss_grad and mse_loss_grad_v2: predict (self), label (target), dout
    (gradOutput), numpy arrays of one dtype; reduction "mean"|"sum"|"none"; output_dtypes optional (default
    the inputs' dtype). Returns the output array. Raises aclcpu.AclnnError where the operator rejects."""
    return _kernel_golden("aclnnMseLossBackward", (dout, predict, label), reduction, None, kwargs)


def smooth_l1_loss_grad_v2_golden(predict, label, dout, *, sigma=1.0, reduction="mean", **kwargs):
    """TTK kernel-mode golden of smooth_l1_loss_grad_v2: predict (self), label (target), dout (gradOut), numpy
    arrays; sigma (the aclnn beta, default 1.0); reduction "mean"|"sum"|"none"; output_dtypes optional
    (default the promoted dtype). Returns the output array. Raises aclcpu.AclnnError where the operator
    rejects."""
    return _kernel_golden("aclnnSmoothL1LossBackward", (dout, predict, label), reduction, {"beta": sigma}, kwargs)


def aclnn_l1_loss_golden(self, target, reduction, out, **kwargs):
    """TTK aclnn-mode golden of aclnnL1Loss: out's dtype is the golden's; shape the broadcast shape (none) or
    0-d. Returns (golden,). Raises aclcpu.AclnnError where the operator rejects the call."""
    return _aclnn_golden("aclnnL1Loss", (self, target), reduction, None, out, kwargs)


def aclnn_smooth_l1_loss_golden(self, target, reduction, beta, result, **kwargs):
    """TTK aclnn-mode golden of aclnnSmoothL1Loss: as aclnn_l1_loss_golden, plus beta (passed as float32).
    Returns (golden,). Raises aclcpu.AclnnError (161002 for a negative or NaN beta)."""
    return _aclnn_golden("aclnnSmoothL1Loss", (self, target), reduction, {"beta": _scalar(beta)}, result, kwargs)


def lp_loss_golden(predict, label, *, p=1, reduction="mean", **kwargs):
    """TTK kernel-mode golden of LpLoss (p = 1 only: the L1 loss aclnnL1Loss runs). Raises aclcpu.AclnnError
    (161002) for another p."""
    p = _scalar(p)
    if isinstance(p, bool) or p != 1:
        from aclcpu import AclnnError
        raise AclnnError(161002, f"lp_loss: only p = 1 is implemented, got {p}")
    return _kernel_golden("aclnnL1Loss", (predict, label), _scalar(reduction), None, kwargs)


def smooth_l1_loss_v2_golden(predict, label, *, sigma=1.0, reduction="mean", **kwargs):
    """TTK kernel-mode golden of SmoothL1LossV2 (predict = self, label = target, sigma = beta)."""
    return _kernel_golden("aclnnSmoothL1Loss", (predict, label), _scalar(reduction), {"beta": _scalar(sigma)},
                          kwargs)
def aclnn_mse_loss_golden(self, target, reduction, out, **kwargs):
    """TTK aclnn-mode golden of aclnnMseLoss(self, target, reduction, out): as aclnn_l1_loss_backward_golden;
    out's dtype is the golden's; the golden is 0-d for mean/sum. Returns (golden,). Raises aclcpu.AclnnError
    where the operator rejects the call."""
    return _aclnn_golden("aclnnMseLoss", (self, target), reduction, None, out, kwargs)


def mse_loss_v2_golden(input, target, *, reduction="mean", **kwargs):
    """TTK kernel-mode golden of MSELossV2 (op def loss/mse_loss_v2/op_host/mse_loss_v2_def.cpp: input, target;
    attr reduction "mean"|"sum"|"none") and of the Ascend950 kernel MseLoss (loss/mse_loss/op_host/
    mse_loss_def.cpp: predict, label, the same order and attribute): numpy arrays of one dtype and shape; output_dtypes optional (default
    the inputs' dtype). Returns the output array (0-d for mean/sum). Raises aclcpu.AclnnError where the
    operator rejects the call."""
    return _kernel_golden("aclnnMseLoss", (input, target), reduction, None, kwargs)


def _table_aclnn_golden(info):
    """The aclnn-mode golden of a table operator without a hand-written one above: the GetWorkspaceSize
    parameters (tensors, reduction, the scalar parameters, the output) by position or name, then **kwargs."""
    P = inspect.Parameter
    outs = info.outputs or (info.output,)
    names = info.tensors + ("reduction",) * info.has_reduction + tuple(n for n, _ in info.params) + outs
    sig = inspect.Signature([P(n, P.POSITIONAL_OR_KEYWORD) for n in names] + [P("kwargs", P.VAR_KEYWORD)])

    def golden(*args, **kwargs):
        bound = sig.bind(*args, **kwargs).arguments
        params = {n: _scalar(bound[n]) for n, _ in info.params}
        return _aclnn_golden(info.api, [bound[n] for n in info.tensors], bound.get("reduction", 0), params or None,
                             bound[info.output], bound.get("kwargs", {}))

    golden.__signature__ = sig
    golden.__name__ = golden.__qualname__ = f"aclnn_{info.function}_golden"
    golden.__doc__ = f"TTK aclnn-mode golden of {info.api} (from the operator table). Returns (golden,)."
    return golden


def _table_kernel_golden(info):
    """The kernel-mode golden of a table operator's kernel without a hand-written one above: the op def's
    inputs by position or name, its attributes (and reduction) as keywords with their defaults."""
    P = inspect.Parameter
    defaults = dict(info.params)
    attrs = [P(a, P.KEYWORD_ONLY, default=defaults[p]) for a, p in info.kernel_attrs.items()]
    reduction = [P("reduction", P.KEYWORD_ONLY, default="mean")] * info.has_reduction
    sig = inspect.Signature([P(n, P.POSITIONAL_OR_KEYWORD) for n in info.kernel_tensors] + attrs + reduction +
                            [P("kwargs", P.VAR_KEYWORD)])

    def golden(*args, **kwargs):
        b = sig.bind(*args, **kwargs)
        b.apply_defaults()
        bound = b.arguments
        tensors = [bound[info.kernel_tensors[k]] for k in info.kernel_order]
        params = {p: bound[a] for a, p in info.kernel_attrs.items()}
        return _kernel_golden(info.api, tensors, bound.get("reduction", 0), params or None, bound.get("kwargs", {}))

    golden.__signature__ = sig
    golden.__name__ = golden.__qualname__ = f"{info.kernel}_golden"
    golden.__doc__ = f"TTK kernel-mode golden of {info.kernel} ({info.api}, from the operator table)."
    return golden


# Every registered name is a function: the hand-written goldens above, else one built from the table.
for _info in OPS.values():
    for _name, _make in ((f"aclnn_{_info.function}_golden", _table_aclnn_golden),
                         (f"{_info.kernel}_golden", _table_kernel_golden)) if _info.kernel else (
            (f"aclnn_{_info.function}_golden", _table_aclnn_golden),):
        if _name not in globals():
            globals()[_name] = _make(_info)

# TTK's spec classes (golden + bit-exact tolerance), one per aclnn operator (<Api>Spec) and per kernel op
# name (<Kernel>Spec; aliases share their kernel's), and the registry SPECS: name -> class name.
SPECS = {}
for _info in OPS.values():
    for _key, _cls, _fn in [(_info.api, _info.api[len("aclnn"):] + "Spec", f"aclnn_{_info.function}_golden")] + [
            (k, _camel(_info.kernel) + "Spec", f"{_info.kernel}_golden") for k in _kernel_names(_info)]:
        if _cls not in globals():
            globals()[_cls] = type(_cls, (), {"__doc__": f"TTK spec of {_key}: the golden and bit-exact tolerance.",
                                              "golden": staticmethod(globals()[_fn]), "tolerance": TOLERANCE})
        SPECS[_key] = _cls
if __name__ != "aclcpu.ttk":  # loaded by TTK from its file: TTK's spec registry
    __spec__ = SPECS  # noqa: F811

