"""aclcpu: CANN's aclnn operators, bit-exact on the CPU, for golden data.

Functions (each calls the library's public C API through the compiled module ``aclcpu._core``; there is no
second implementation of the arithmetic):

* ``l1_loss_backward(grad_output, self, target, reduction="mean", *, out_dtype=None, soc=None)``
* ``to_bin(array, path)`` / ``from_bin(path, dtype, shape)``: raw files, byte-compatible with numpy.tofile.

Errors raise ``AclnnError`` (a ValueError) with ``.status`` and the library's message.
"""
import atexit
import os
import tempfile

import numpy as np

from ._errors import AclnnError
from ._dtypes import BFLOAT16, dtype_of, dtype_name, parse_shape, shape_token
from . import _core

__all__ = ["AclnnError", "l1_loss_backward", "to_bin", "from_bin", "SOCS", "soc_index", "OPERATORS", "BFLOAT16",
           "dtype_of", "dtype_name", "parse_shape", "shape_token"]
__version__ = "0.1.0"

# Thread-exit cleanup (each thread's arena block) must not touch the runtime once the process is exiting.
atexit.register(_core._shutdown)

#: Product profiles, in the runtime's order (README "Environment variables"; SPEC 2 and 5.2).
SOCS = ("Ascend950", "Ascend910B", "Ascend910_93", "Ascend910", "Ascend310P")
#: Operators this package implements: aclnn API name -> (Python function name, TTK kernel op name).
OPERATORS = {"aclnnL1LossBackward": ("l1_loss_backward", "l1_loss_grad")}

_REDUCTIONS = {"none": 0, "mean": 1, "sum": 2}
_SOC_CACHE = {}
_UNKNOWN_SOC = 100008  # the code aclInit gives an unknown "soc_version" (README "Differences from CANN")


def soc_index(soc):
    """Profile index (SOCS order) for a SoC name, or -1 for None (the process's profile).

    Accepts the profile keys and full SoC names by prefix, as TTK's short/full_soc_version give them:
    ``Ascend950*`` -> Ascend950, ``Ascend910B*``, ``Ascend910_93*``, ``Ascend910*`` (other), ``Ascend310P*``;
    case-insensitive. Raises AclnnError(100008) for anything else.
    """
    if soc is None:
        return -1
    hit = _SOC_CACHE.get(soc)
    if hit is not None:
        return hit
    key = str(soc).strip().lower()
    for prefix, index in (("ascend950", 0), ("ascend910b", 1), ("ascend910_93", 2), ("ascend910", 3),
                          ("ascend310p", 4)):
        if key.startswith(prefix):
            _SOC_CACHE[soc] = index
            return index
    raise AclnnError(_UNKNOWN_SOC, f"unknown SoC {soc!r}; known profiles: {', '.join(SOCS)}")


def _reduction(reduction):
    if isinstance(reduction, str):
        r = _REDUCTIONS.get(reduction.lower())
        if r is None:
            raise AclnnError(161002, f"Expected reduction to be 'none', 'mean' or 'sum', but got {reduction!r}.")
        return r
    if isinstance(reduction, (bool, float)) or not isinstance(reduction, (int, np.integer)):
        raise AclnnError(161002, f"Expected reduction to be 0, 1, 2 or a name, but got {reduction!r}.")
    return int(reduction)


def _as_array(x):
    """numpy view of x without copying: ndarray as is, torch CPU tensors through DLPack or their numpy view
    (bfloat16 tensors reinterpreted as ml_dtypes.bfloat16), anything else through numpy.asarray."""
    if type(x) is np.ndarray:
        return x
    if isinstance(x, np.ndarray):
        return x
    mod = type(x).__module__
    if mod.startswith("torch"):
        import torch

        if x.device.type != "cpu":
            raise AclnnError(161002, f"torch tensor on {x.device}; only CPU tensors can be read.")
        x = x.detach()
        if x.dtype == torch.bfloat16:
            if BFLOAT16 is None:
                raise AclnnError(161002, "bfloat16 tensors need the ml_dtypes package")
            return x.view(torch.int16).numpy().view(BFLOAT16)
        if hasattr(np, "from_dlpack"):
            try:
                return np.from_dlpack(x)
            except (TypeError, RuntimeError, BufferError):
                pass
        return x.numpy()
    return np.asarray(x)


def l1_loss_backward(grad_output, self, target, reduction="mean", *, out_dtype=None, soc=None):
    """gradInput of aclnnL1LossBackward, bit-exact to the chosen product's kernel (README "What it computes").

    Args:
        grad_output, self, target: numpy arrays (any view: 0-d, broadcastable, strided, offset) or torch
            CPU tensors, of any dtype the operator accepts (FLOAT16, FLOAT, BFLOAT16 as ml_dtypes.bfloat16,
            integers, bool, DOUBLE...; the promoted dtype must be FLOAT, FLOAT16 or, on Ascend950/910B/910_93,
            BFLOAT16: SPEC 4 step 4). Views go to the C API with their element strides and offset; a view with
            a negative stride or a byte stride that is not a multiple of its item size is made contiguous first
            (the C API cannot describe it). Shapes broadcast by numpy's rule.
        reduction: "none" | "mean" | "sum" or 0 | 1 | 2 (anything else: AclnnError 161002).
        out_dtype: gradInput's dtype (numpy dtype or name); default the promoted dtype of the three inputs.
        soc: product profile for this call ("Ascend950", "Ascend910B", "Ascend910_93", "Ascend910",
            "Ascend310P", or a full SoC name such as "Ascend910B1"); default the process's profile
            (ACLCPU_SOC_VERSION). Thread-safe: it applies to this call only.

    Returns:
        A new C-contiguous numpy array of the broadcast shape and out_dtype.

    Raises:
        AclnnError: the library's status (161001, 161002, ...) and message, e.g. for shapes that do not
            broadcast, dtypes outside the support list, an unknown soc (100008).
    """
    go = grad_output if type(grad_output) is np.ndarray else _as_array(grad_output)
    s = self if type(self) is np.ndarray else _as_array(self)
    t = target if type(target) is np.ndarray else _as_array(target)
    r = _REDUCTIONS.get(reduction) if type(reduction) is str else None
    if r is None:
        r = _reduction(reduction)
    if out_dtype is not None and not isinstance(out_dtype, np.dtype):
        try:
            out_dtype = dtype_of(out_dtype)
        except (ValueError, TypeError) as e:
            raise AclnnError(161002, f"out_dtype: {e}") from None
    return _core.l1_loss_backward(go, s, t, r, out_dtype, -1 if soc is None else soc_index(soc))


def _atomic_write(path, write):
    """Calls write(file_object) on a temporary file beside path, then renames it over path (never a
    half-written path)."""
    path = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(path) + ".", dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            write(f)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def to_bin(array, path):
    """Writes array's elements in C order as raw bytes (exactly what numpy.tofile writes for a contiguous
    array), atomically (temporary file, then rename). Torch tensors are accepted. Returns path."""
    a = np.ascontiguousarray(_as_array(array))
    _atomic_write(path, lambda f: f.write(a.tobytes()))
    return path


def from_bin(path, dtype, shape):
    """Reads a raw file written by to_bin/numpy.tofile as an array of dtype (name or numpy dtype) and shape
    (tuple, or a token such as "2x3" / "scalar").

    Raises ValueError naming the file when its size is not prod(shape) * itemsize bytes.
    """
    dt = dtype_of(dtype)
    if isinstance(shape, str):
        shape = parse_shape(shape)
    shape = tuple(int(d) for d in shape)
    want = int(np.prod(shape, dtype=np.int64)) * dt.itemsize
    size = os.path.getsize(path)
    if size != want:
        raise ValueError(f"{path}: {size} bytes, but shape {shape_token(shape)} of {dt.name} needs {want}")
    return np.fromfile(path, dtype=dt).reshape(shape)
