"""aclcpu: CANN's aclnn operators, bit-exact on the CPU, for golden data.

Functions (each calls the library's public C API through the compiled module ``aclcpu._core``; there is no
second implementation of the arithmetic):

* ``l1_loss_backward(grad_output, self, target, reduction="mean", *, out_dtype=None, soc=None)``
* ``mse_loss_backward(grad_output, self, target, reduction="mean", *, out_dtype=None, soc=None)``
* ``smooth_l1_loss_backward(grad_output, self, target, reduction="mean", beta=1.0, *, out_dtype=None, soc=None)``
* ``mse_loss(self, target, reduction="mean", *, out_dtype=None, soc=None)``
* ``call(op, tensors, reduction="mean", params=None, *, out_dtype=None, soc=None)``: any operator of
  ``OPERATORS`` by its aclnn API name (what the command line and the TTK plugin use).
* ``foreach(op, lists, params=None, *, soc=None)``: a foreach operator of ``FOREACH_OPERATORS`` (tensor lists
  in, a list of arrays out), also as ``foreach_<name>(lists..., params..., soc=None)``, e.g.
  ``foreach_add_scalar_v2([a, b], 0.5)``.
* ``to_bin(array, path)`` / ``from_bin(path, dtype, shape)``: raw files, byte-compatible with numpy.tofile.
* The reference-tier operators of ``REFERENCE_OPERATORS`` (PyTorch's ATen on the CPU inside CANN's checks, not
  modelled from the NPU kernel): ``call(op, tensors, params=..., outputs=[(shape, dtype), ...],
  fidelity="reference")`` or ``<function>(tensors..., outputs=..., fidelity="reference", **params)``, e.g.
  ``mm(a, b, outputs=[((2, 4), "float32")], fidelity="reference", cubeMathType=1)``. Without
  ``fidelity="reference"`` they are refused (AclnnError 161002). ``tier(op, soc=None)`` says an operator's tier.

Errors raise ``AclnnError`` (a ValueError) with ``.status`` and the library's message.
"""
import atexit
import builtins
import errno
import math
import os
import stat
import tempfile

import numpy as np

from ._errors import AclnnError
from ._fs import umask
from ._dtypes import BFLOAT16, dtype_of, dtype_name, has_acl_dtype, parse_shape, shape_token
try:
    from . import _core
except ImportError as e:  # the .py files were installed without the compiled module
    raise ImportError("aclcpu: the compiled extension aclcpu._core is missing or cannot be loaded (%s). Build the "
                      "CMake target aclcpu_core (or aclcpu_installables) before `cmake --install`, or install "
                      "with `pip install .`" % e) from e
from ._ops import FOREACH, INPLACE, OPS, REFERENCE, REFERENCE_INPLACE_OF

__all__ = ["AclnnError", "l1_loss", "mse_loss", "smooth_l1_loss", "l1_loss_backward", "mse_loss_backward", "smooth_l1_loss_backward", "call", "foreach", "to_bin", "from_bin", "FOREACH_OPERATORS", "REFERENCE_OPERATORS", "tier", "SOCS", "soc_index", "OPERATORS", "INPLACE_OPERATORS", "BFLOAT16",
           "dtype_of", "dtype_name", "parse_shape", "shape_token"]
__version__ = "0.1.0"

# Thread-exit cleanup (each thread's arena block) must not touch the runtime once the process is exiting.
atexit.register(_core._shutdown)

#: Product profiles, in the runtime's order (README "Environment variables"; SPEC 2 and 5.2).
SOCS = ("Ascend950", "Ascend910B", "Ascend910_93", "Ascend910", "Ascend310P")
#: Operators this package implements: aclnn API name -> (Python function name, TTK kernel op name).
OPERATORS = {api: (info.function, info.kernel) for api, info in OPS.items()}
#: In-place operators (aclnnInplace*): aclnn API name -> (Python function name, its out-of-place operator).
INPLACE_OPERATORS = {api: (info.function, info.inplace_of) for api, info in INPLACE.items()}
_INDEX = {api: k for k, api in enumerate(_core.operators())}  # the compiled module's operator numbers
_TENSOR_NAMES = {k: (OPS.get(api) or INPLACE[api]).tensors for api, k in _INDEX.items()}  # operator number -> names
assert set(_INDEX) == set(OPS) | set(INPLACE), "aclcpu._core and aclcpu._ops disagree on the operators"
#: Foreach operators (aclTensorList arguments): aclnn API name -> Python function name.
FOREACH_OPERATORS = {api: info.function for api, info in FOREACH.items()}
_FOREACH_INDEX = {api: k for k, api in enumerate(_core.foreach_operators())}
assert set(_FOREACH_INDEX) == set(FOREACH), "aclcpu._core and aclcpu._ops disagree on the foreach operators"
#: Reference-tier operators (fidelity="reference"): aclnn API name -> Python function name.
REFERENCE_OPERATORS = {api: info.function for api, info in REFERENCE.items()}
_REF_INDEX = {api: k for k, api in enumerate(_core.reference_operators())}
# An empty index: the libraries were built without the reference-tier entry points (ACLCPU_REFERENCE_ENTRY_POINTS=OFF)
assert not _REF_INDEX or set(_REF_INDEX) == set(REFERENCE), \
    "aclcpu._core and aclcpu._ops disagree on the reference-tier operators"
_FIDELITIES = ("exact", "reference")
_MAX_OUT_DIMS = 32  # numpy's limit; the operators' own checks refuse more than 8 with CANN's message
_L1, _MSE, _SMOOTH_L1 = _INDEX["aclnnL1LossBackward"], _INDEX["aclnnMseLossBackward"], _INDEX["aclnnSmoothL1LossBackward"]
_L1_FWD, _SMOOTH_L1_FWD = _INDEX["aclnnL1Loss"], _INDEX["aclnnSmoothL1Loss"]
_MSE_LOSS = _INDEX["aclnnMseLoss"]

_REDUCTIONS = {"none": 0, "mean": 1, "sum": 2}
_SOC_CACHE = {}
_F32_MAX = float(np.finfo(np.float32).max)
_UNKNOWN_SOC = 100008  # the code aclInit gives an unknown "soc_version" (README "Differences from CANN")


def soc_index(soc):
    """Profile index (SOCS order) for a SoC name, or -1 for None (the process's profile).

    Accepts the profile keys and full SoC names by prefix, as TTK's short/full_soc_version give them:
    ``Ascend950*`` -> Ascend950, ``Ascend910B*``, ``Ascend910_93*``, ``Ascend910*`` (other), ``Ascend310P*``;
    case-insensitive. Raises AclnnError(100008) for anything else.
    """
    if soc is None:
        return -1
    if not isinstance(soc, str):  # a list or dict is no name (and cannot be a cache key)
        raise AclnnError(_UNKNOWN_SOC, f"SoC must be a name such as 'Ascend910B', got {_short_repr(soc)}")
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
    if not -2 ** 63 <= int(reduction) < 2 ** 63:  # the C API's int64_t cannot hold it: the library's message
        raise AclnnError(161002, f"Expected reduction to be 0 or 1 or 2, but got {int(reduction)}.")
    return int(reduction)


def _short_repr(value, limit=60):
    """repr of a value for a one-line message, cut to about limit characters."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


_INVALID = 161002  # ACLNN_ERR_PARAM_INVALID


def _native(a, name):
    """a itself when numpy reads its bytes as the values they mean on this machine; a native-byte-order copy
    (the same values, exactly) when its dtype is byte-swapped ('>f4', '>f2' on a little-endian machine).
    Masked arrays are refused (their mask changes what the data means; the C API has none): AclnnError 161002."""
    if isinstance(a, np.ma.MaskedArray):
        raise AclnnError(_INVALID, f"{name} is a numpy masked array; pass its data (.filled(...)) explicitly.")
    if not a.dtype.isnative:
        a = a.astype(a.dtype.newbyteorder("="))
    return a


def _as_array(x, name="tensor"):
    """numpy view of x that holds exactly the values x means, without copying where none is needed.

    The one check of every array entry point (the functions, ``call``, ``to_bin``, the command line's files, the
    TTK plugin):

    * numpy arrays: a byte-swapped dtype is converted to native order (same values); masked arrays are refused;
      dtypes without an aclDataType (object, structured, strings, datetimes, float128) are refused by the
      compiled module with 161002.
    * torch tensors: CPU and strided (dense) only; quantized tensors are refused; the negative and conjugate
      bits are resolved (torch's lazy ``_neg_view`` / ``.conj()`` views hold the bytes of the values before
      negation/conjugation; a DLPack export would read them without the bit); bfloat16 tensors are read as
      ml_dtypes.bfloat16; dtypes numpy cannot hold (complex32, quantized) are refused.
    * anything else: numpy.asarray, then the numpy rules.

    Raises AclnnError(161002) naming ``name`` for what cannot be read exactly.
    """
    if type(x) is np.ndarray:
        return x if x.dtype.isnative else _native(x, name)
    if isinstance(x, np.ndarray):
        return _native(x, name)
    if type(x).__module__.startswith("torch"):
        return _from_torch(x, name)
    if x is None:  # numpy would make an object array of it; the C API's NULL has no Python spelling here
        raise AclnnError(_INVALID, f"Expected {name} to be an array or tensor, but got None.")
    try:
        a = np.asarray(x)
    except (ValueError, TypeError) as e:  # ragged sequences, objects numpy cannot convert
        raise AclnnError(_INVALID, f"{name} is not an array: {e}") from None
    return _native(a, name)


def _from_torch(x, name):
    """_as_array for a torch tensor (see there)."""
    import torch

    if not isinstance(x, torch.Tensor):
        raise AclnnError(_INVALID, f"{name} is a {type(x).__name__}, not a tensor or array.")
    if x.device.type != "cpu":
        raise AclnnError(_INVALID, f"{name}: torch tensor on {x.device}; only CPU tensors can be read.")
    if x.layout != torch.strided:
        raise AclnnError(_INVALID, f"{name}: torch tensor of layout {x.layout}; only dense (strided) tensors "
                                   "can be read.")
    if x.is_quantized:
        raise AclnnError(_INVALID, f"{name}: quantized torch tensor ({x.dtype}); pass its dequantize() "
                                   "explicitly.")
    x = x.detach()
    if x.is_conj():
        x = x.resolve_conj()
    if x.is_neg():
        x = x.resolve_neg()
    if x.dtype == torch.bfloat16:
        if BFLOAT16 is None:
            raise AclnnError(_INVALID, f"{name}: bfloat16 tensors need the ml_dtypes package")
        return x.view(torch.int16).numpy().view(BFLOAT16)
    if hasattr(np, "from_dlpack"):
        try:
            return np.from_dlpack(x)
        except (TypeError, RuntimeError, BufferError):
            pass
    try:
        return x.numpy()
    except (TypeError, RuntimeError) as e:  # a dtype numpy has no type for (complex32, ...)
        raise AclnnError(_INVALID, f"{name}: torch dtype {x.dtype} has no numpy/aclDataType equivalent ({e})") \
            from None


def _float32_param(name, value):
    """A scalar parameter as the float32 value the C API receives (round to nearest even; beyond float32's
    range, integers beyond float64's included: +-inf), returned as a Python float. Raises AclnnError(161002)
    for a non-number (bool, str, None, an array or tensor that is not 0-d)."""
    if isinstance(value, (bool, str, bytes)) or value is None or getattr(value, "ndim", 0) != 0:
        raise AclnnError(161002, f"Expected {name} to be a real number, but got {_short_repr(value)}.")
    try:
        v = float(value)
    except OverflowError:  # an int beyond float64: beyond float32 too
        v = math.inf if value > 0 else -math.inf
    except (TypeError, ValueError):
        raise AclnnError(161002, f"Expected {name} to be a real number, but got {_short_repr(value)}.") from None
    if -_F32_MAX <= v <= _F32_MAX:  # the common case, without errstate's cost (NaN and overflow: below)
        return float(np.float32(v))
    with np.errstate(over="ignore"):
        return float(np.float32(v))


def _scalar_param(name, value):
    """An aclScalar parameter: a Python or numpy integer (not a bool) stays an int (the bindings make an INT64
    scalar of it, as op-plugin does of an integral at::Scalar, so that integer tensors can take it; one outside
    int64 is refused, as PyTorch refuses it); any other real number is its exact double value, made a DOUBLE
    scalar (op-plugin's at::Scalar of a Python float): the operator converts it as CANN does - ToFloat for a
    float32 compute, the double itself for DOUBLE. Raises AclnnError(161002) for a non-number."""
    if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)):
        if -2**63 <= int(value) < 2**63:
            return int(value)
        raise AclnnError(161002, f"Expected {name} to be a number within int64 or a float, but got {int(value)}.")
    if isinstance(value, (bool, str, bytes)) or value is None or getattr(value, "ndim", 0) != 0:
        raise AclnnError(161002, f"Expected {name} to be a real number, but got {_short_repr(value)}.")
    try:
        return float(value)
    except (TypeError, ValueError, OverflowError):
        raise AclnnError(161002, f"Expected {name} to be a real number, but got {_short_repr(value)}.") from None


def _bool_param(name, value):
    """A bool parameter as the number the bindings pass (1.0 true, 0.0 false). Only a Python or numpy bool, or a
    0-d bool array or tensor, is one: AclnnError(161002) for anything else, 0 and 1 included (torch's bool
    arguments refuse them too)."""
    if isinstance(value, (bool, np.bool_)):
        return 1.0 if value else 0.0
    if getattr(value, "ndim", None) == 0 and str(getattr(value, "dtype", "")) in ("bool", "torch.bool"):
        return 1.0 if value.item() else 0.0
    raise AclnnError(161002, f"Expected {name} to be a bool, but got {_short_repr(value)}.")


def _out_dtype(out_dtype):
    if out_dtype is not None and not isinstance(out_dtype, np.dtype):
        try:
            out_dtype = dtype_of(out_dtype)
        except (ValueError, TypeError) as e:
            raise AclnnError(161002, f"out_dtype: {e}") from None
    return out_dtype


def _run(index, tensors, reduction, params, out_dtype, soc):
    """The one path of every operator: numpy views of the tensors, the reduction code, the compiled call."""
    arrays = [x if type(x) is np.ndarray and x.dtype.isnative else _as_array(x, _TENSOR_NAMES[index][k])
              for k, x in enumerate(tensors)]
    r = _REDUCTIONS.get(reduction) if type(reduction) is str else None
    if r is None:
        r = _reduction(reduction)
    return _core.call(index, arrays, r, params, _out_dtype(out_dtype), -1 if soc is None else soc_index(soc))


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
    return _run(_L1, (grad_output, self, target), reduction, (), out_dtype, soc)


def mse_loss_backward(grad_output, self, target, reduction="mean", *, out_dtype=None, soc=None):
    """out of aclnnMseLossBackward: ((self - target) * cof) * grad_output, cof = 2 (none, sum) or the
    profile's mean factor, bit-exact to the chosen product's kernel (docs/ops/mse_loss_backward.md §5;
    README "The MSE and Smooth L1 loss gradients").

    Args:
        grad_output, self, target: as for l1_loss_backward (any view, 0-d, broadcastable, torch CPU tensors),
            but with no promotion: grad_output and target must have self's dtype, which must be FLOAT, FLOAT16
            or, on Ascend950/910B/910_93, BFLOAT16 (docs/ops/mse_loss_backward.md §2); else AclnnError
            161002 with the library's message.
        reduction: "none" | "mean" | "sum" or 0 | 1 | 2. The mean factor counts self's elements, not the
            broadcast shape's.
        out_dtype: out's dtype (FLOAT, FLOAT16, BFLOAT16 per profile); default self's dtype, the dtype the
            kernel computes in (the result is rounded to self's dtype first, then converted).
        soc: product profile for this call, as for l1_loss_backward.

    Returns:
        A new C-contiguous numpy array of the broadcast shape and out_dtype.

    Raises:
        AclnnError: the library's status and message (161002: dtypes, reduction, shapes; 100008: soc).
    """
    return _run(_MSE, (grad_output, self, target), reduction, (), out_dtype, soc)


def smooth_l1_loss_backward(grad_output, self, target, reduction="mean", beta=1.0, *, out_dtype=None, soc=None):
    """gradInput of aclnnSmoothL1LossBackward(gradOut, self, target, reduction, beta, gradInput), bit-exact to
    the chosen product's kernel (docs/ops/smooth_l1_loss_backward.md §5; README "The MSE and Smooth L1 loss
    gradients"): x = self - target, (x / beta where |x| < beta, else sign(x)) * grad_output * norm, with each
    profile's exact operations, ties and beta == 0 behaviour (Ascend950 with a grad_output of more than one
    element gives NaN at x == 0 when beta == 0; the other profiles and a one-element grad_output give 0).

    Args:
        grad_output (the C API's gradOut), self, target: as for l1_loss_backward; each FLOAT, FLOAT16 or, on
            Ascend950/910B/910_93, BFLOAT16; computed in their promoted dtype P.
        reduction: "none" | "mean" | "sum" or 0 | 1 | 2 (norm = 1 / numel(self) for mean).
        beta: a real number, passed to the C API as float32 (rounded to nearest even; beyond float32's range it
            becomes +-inf). Negative or NaN: AclnnError 161002 from the library; 0 and +inf are accepted.
        out_dtype: gradInput's dtype; default P, the promoted dtype of the three inputs.
        soc: product profile for this call, as for l1_loss_backward.

    Returns:
        A new C-contiguous numpy array of the broadcast shape and out_dtype.

    Raises:
        AclnnError: the library's status and message (161002: dtypes, reduction, beta, shapes; 100008: soc).
    """
    return _run(_SMOOTH_L1, (grad_output, self, target), reduction, (_float32_param("beta", beta),), out_dtype,
                soc)



def l1_loss(self, target, reduction="mean", *, out_dtype=None, soc=None):
    """out of aclnnL1Loss: |self - target| (none), its sum (sum) or mean (mean), bit-exact to the modelled
    order of the chosen product's kernel (docs/ops/l1_loss.md §5, §6; README "The forward losses").

    Args:
        self, target: numpy arrays or torch CPU tensors, any view, broadcastable; their promoted dtype P must be
            FLOAT, FLOAT16, INT64 or, on Ascend950/910B/910_93, BFLOAT16 (integer inputs: none and sum only).
        reduction: "none" | "mean" | "sum" or 0 | 1 | 2.
        out_dtype: out's dtype (any dtype P casts to); default P.
        soc: product profile for this call, as for l1_loss_backward.

    Returns:
        A new C-contiguous numpy array: the broadcast shape (none) or 0-d (mean, sum).

    Raises:
        AclnnError: the library's status and message (161002: dtypes, reduction, shapes; 100008: soc).
    """
    return _run(_L1_FWD, (self, target), reduction, (), out_dtype, soc)


def smooth_l1_loss(self, target, reduction="mean", beta=1.0, *, out_dtype=None, soc=None):
    """result of aclnnSmoothL1Loss: |d| < beta ? 0.5 d^2 / beta : |d| - 0.5 beta with the kernel's operations
    (d = self - target; Ascend950 uses 0 for 1/beta when beta < 1e-6), element-wise (none), summed (sum) or
    averaged (mean), bit-exact to the modelled order of the chosen product's kernel
    (docs/ops/smooth_l1_loss.md §5, §6).

    Args:
        self, target: as for l1_loss; each FLOAT, FLOAT16 or, on Ascend950/910B/910_93, BFLOAT16.
        reduction: "none" | "mean" | "sum" or 0 | 1 | 2.
        beta: a real number, passed as float32; negative or NaN: AclnnError 161002; 0 and +inf accepted.
        out_dtype: result's dtype; default the promoted dtype.
        soc: product profile for this call.

    Returns:
        A new C-contiguous numpy array: the broadcast shape (none) or 0-d (mean, sum).

    Raises:
        AclnnError: the library's status and message.
    """
    return _run(_SMOOTH_L1_FWD, (self, target), reduction, (_float32_param("beta", beta),), out_dtype, soc)


def mse_loss(self, target, reduction="mean", *, out_dtype=None, soc=None):
    """out of aclnnMseLoss: q = (self - target)^2 in float32 on values of P = promote(self, target); "none":
    q rounded to P (the broadcast shape); "sum"/"mean": q summed in the order of the kernel the chosen product
    runs (MSELossV2 on Ascend950/910B/910_93/310P for these ND inputs; the reduce template on Ascend910),
    mean divided (950) or scaled per tile (A2/A3, 310P) as that kernel does, rounded to P, a 0-d array
    (docs/ops/mse_loss.md §5, §8). Empty inputs: mean NaN, sum 0.

    Args:
        self, target: as for l1_loss_backward (any view, 0-d, broadcastable, torch CPU tensors); P and each of
            self, target must be FLOAT, FLOAT16 or, on Ascend950/910B/910_93, BFLOAT16 (no integers:
            docs/ops/mse_loss.md §2); else AclnnError 161002 with the library's message.
        reduction: "none" | "mean" | "sum" or 0 | 1 | 2.
        out_dtype: out's dtype (FLOAT, FLOAT16, BFLOAT16 per profile); default P.
        soc: product profile for this call, as for l1_loss_backward.

    Returns:
        A new numpy array: the broadcast shape for "none", 0-d for "mean" and "sum"; dtype out_dtype.

    Raises:
        AclnnError: the library's status and message (161002: dtypes, reduction, shapes; 100008: soc).
    """
    return _run(_MSE_LOSS, (self, target), reduction, (), out_dtype, soc)


def _writable_target(x, name):
    """The array an in-place call writes its result into: x itself (a writeable numpy array, any view) or, for a
    torch CPU tensor, None (the result is copied in with torch). AclnnError(161002) for what cannot be written:
    a read-only array (a broadcast view, a file mapping), a torch tensor that requires grad (torch refuses an
    in-place change of a leaf there too) and anything that is not an array or tensor."""
    if isinstance(x, np.ndarray):
        if isinstance(x, np.ma.MaskedArray):
            raise AclnnError(_INVALID, f"{name} is a numpy masked array; an in-place call needs a plain array.")
        if not x.flags.writeable:
            raise AclnnError(_INVALID, f"{name} is a read-only array (a broadcast view or a read-only buffer); "
                                       "an in-place call writes it.")
        return x
    if type(x).__module__.startswith("torch"):
        import torch

        if isinstance(x, torch.Tensor) and x.requires_grad:
            raise AclnnError(_INVALID, f"{name} is a torch tensor that requires grad; an in-place call writes it "
                                       "(use .detach() or torch.no_grad()).")
        return None
    raise AclnnError(_INVALID, f"{name} must be a numpy array or a torch CPU tensor to be written in place, got "
                               f"{type(x).__name__}.")


def _run_inplace(index, tensors, params, soc):
    """An aclnnInplace* call on x = tensors[0] (numpy array or torch CPU tensor) with the operator's other input
    tensors after it: the operator runs on a copy of x's values in device memory through its own entry point; on
    success x receives the result (all of it, or nothing on failure) and is returned."""
    names = _TENSOR_NAMES[index]
    x = tensors[0]
    target = _writable_target(x, names[0])
    arrays = [_as_array(t, name) for t, name in zip(tensors, names)]
    result = _core.call(index, arrays, 0, params, None, -1 if soc is None else soc_index(soc))
    if target is not None:
        np.copyto(target, result, casting="equiv")  # the same dtype (a byte-swapped array: the same values)
    else:
        import torch

        with torch.no_grad():
            if x.dtype == torch.bfloat16:
                x.copy_(torch.from_numpy(result.view(np.int16)).view(torch.bfloat16))
            else:
                x.copy_(torch.from_numpy(result))
    return x


def tier(op, soc=None):
    """The fidelity tier of operator ``op`` (an aclnn API name of OPERATORS, INPLACE_OPERATORS,
    FOREACH_OPERATORS or REFERENCE_OPERATORS) on product ``soc`` (a name as soc_index takes; None: the process's
    profile): "exact", "bounded", "modelled", "model950", "refused" or "reference" (README, operator tiers).
    Raises AclnnError 161002 for an unknown operator, 100008 for an unknown product."""
    if isinstance(op, str) and op in REFERENCE_INPLACE_OF:
        op = REFERENCE_INPLACE_OF[op]  # an in-place variant has its base's tier
    info = (OPS.get(op) or INPLACE.get(op) or FOREACH.get(op) or REFERENCE.get(op)) if isinstance(op, str) else None
    if info is None:
        raise AclnnError(161002, f"operator {_short_repr(op)} is not implemented by aclcpu")
    index = soc_index(soc) if soc is not None else soc_index(_core.soc_name())
    return info.tier[SOCS[index]]


def _reference_outputs(info, outputs):
    """The (shape, dtype) of each output of reference-tier operator ``info`` (None for an absent optional one)
    from ``outputs``: per output None, a (shape, dtype) pair (shape a sequence of ints, dtype anything numpy.dtype
    takes, or a dtype name as dtype_of reads it) or an array whose shape and dtype are taken (its values are not
    read). AclnnError 161002 naming what is wrong."""
    names = [n for n, _ in info.outputs]
    if outputs is None:
        raise AclnnError(_INVALID, f"{info.api} needs outputs=[(shape, dtype), ...] for its outputs "
                                   f"({', '.join(names)}): a reference-tier call is given its outputs' shapes and "
                                   f"dtypes, as a CANN program allocates its out tensors")
    if not isinstance(outputs, (list, tuple)) or len(outputs) != len(names):
        raise AclnnError(_INVALID, f"{info.api}: outputs must be a list of {len(names)} entries ({', '.join(names)}), "
                                   f"got {_short_repr(outputs)}")
    specs = []
    for (name, optional), o in zip(info.outputs, outputs):
        if o is None:
            if not optional:
                raise AclnnError(_INVALID, f"{info.api}: output {name} is not optional")
            specs.append(None)
            continue
        if isinstance(o, np.ndarray) or type(o).__module__.startswith("torch"):
            a = _as_array(o, name)
            specs.append((tuple(int(d) for d in a.shape), a.dtype))
            continue
        if not isinstance(o, (list, tuple)) or len(o) != 2:
            raise AclnnError(_INVALID, f"{info.api}: output {name} must be (shape, dtype) or an array, got "
                                       f"{_short_repr(o)}")
        shape, dt = o
        if isinstance(shape, int) or not isinstance(shape, (list, tuple)) or len(shape) > _MAX_OUT_DIMS or \
                not all(isinstance(d, (int, np.integer)) and not isinstance(d, bool) and 0 <= d < 2**62
                        for d in shape):
            raise AclnnError(_INVALID, f"{info.api}: output {name}'s shape must be a sequence of at most "
                                       f"{_MAX_OUT_DIMS} non-negative integers below 2**62, got {_short_repr(shape)}")
        if dt is None:
            raise AclnnError(_INVALID, f"{info.api}: output {name}'s dtype is None")
        try:
            dt = dtype_of(dt) if isinstance(dt, str) and not dt.startswith(("<", ">", "=", "|")) else np.dtype(dt)
        except (TypeError, ValueError) as e:
            raise AclnnError(_INVALID, f"{info.api}: output {name}'s dtype: {e}") from None
        n = math.prod(int(d) for d in shape)
        if n * dt.itemsize >= 2**62 or any(int(d) >= 2**62 // max(1, dt.itemsize) for d in shape):
            raise AclnnError(_INVALID, f"{info.api}: output {name} of shape {tuple(shape)} is too large")
        specs.append((tuple(int(d) for d in shape), dt))
    return specs


_REF_INT_RANGE = {"int64_t": (-2**63, 2**63 - 1), "int8_t": (-128, 127), "int32_t": (-2**31, 2**31 - 1)}


def _reference_value(info, name, kind, v):
    """Parameter ``name`` of kind ``kind`` as the compiled module converts it (numpy scalars as Python numbers);
    AclnnError 161002 naming it when it is not one."""
    def bad(want):
        return AclnnError(_INVALID, f"{info.api}: parameter {name} must be {want}, got {_short_repr(v)}")
    if isinstance(v, np.generic) and not isinstance(v, (np.bool_, np.str_, np.bytes_)):
        v = v.item()  # numpy integers and floats as the Python numbers they hold
    if kind == "aclScalar?":  # an optional aclScalar (CANN's alphaOptional): None passes NULL
        if v is None:
            return None
        kind = "aclScalar"
    if kind in _REF_INT_RANGE:
        lo, hi = _REF_INT_RANGE[kind]
        if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
            raise bad(f"an integer in [{lo}, {hi}]")
        return v
    if kind in ("float", "double", "aclScalar"):
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            raise bad("a real number")
        if kind == "aclScalar" and isinstance(v, int) and -2**63 <= v < 2**63:
            return v  # an INT64 scalar
        try:
            return float(v)
        except OverflowError:
            raise bad("a real number within a double's range") from None
    if kind == "bool":
        if not isinstance(v, (bool, np.bool_)):
            raise bad("a bool")
        return bool(v)
    if kind == "aclIntArray":
        if isinstance(v, np.ndarray):
            v = v.tolist()
        if isinstance(v, (str, bytes)) or not isinstance(v, (list, tuple)):
            raise bad("a list of integers")
        out = []
        for x in v:
            x = x.item() if isinstance(x, np.integer) else x
            if isinstance(x, bool) or not isinstance(x, int) or not -2**63 <= x < 2**63:
                raise bad("a list of integers within int64")
            out.append(x)
        return out
    if kind == "aclDataType":
        try:
            return dtype_of(v) if isinstance(v, str) else np.dtype(v)
        except (TypeError, ValueError) as e:
            raise bad(f"a dtype ({e})") from None
    if kind == "char*":
        if not isinstance(v, str):
            raise bad("a str")
        try:
            v.encode("utf-8")
        except UnicodeEncodeError:
            raise bad("a str of valid Unicode") from None
        if "\0" in v:
            raise bad("a str without NUL")
        return v
    raise bad(f"a value the bindings convert (kind {kind})")


def _call_reference(info, tensors, params, outputs, soc):
    """A reference-tier call (call(..., fidelity="reference")); returns the output array(s)."""
    if info.api not in _REF_INDEX:
        raise AclnnError(_INVALID, f"{info.api}: this build of aclcpu has no reference-tier entry points (its "
                                   "libraries were built with ACLCPU_REFERENCE_ENTRY_POINTS=OFF)")
    names = [n for n, _ in info.inputs]
    if not isinstance(tensors, (list, tuple)) or len(tensors) != len(names):
        raise AclnnError(_INVALID, f"{info.api} takes {len(names)} tensors ({', '.join(names)}), got "
                                   f"{len(tensors) if isinstance(tensors, (list, tuple)) else _short_repr(tensors)}")
    arrays = []
    for (name, optional), t in zip(info.inputs, tensors):
        if t is None and optional:
            arrays.append(None)
        else:
            arrays.append(_as_array(t, name))
    if params is not None and not isinstance(params, dict):
        raise AclnnError(_INVALID, f"{info.api}: params must be a dict of parameter values by name, got "
                                   f"{type(params).__name__}")
    params = dict(params or {})
    known = [n for n, _ in info.params]
    unknown = set(params) - set(known)
    if unknown:
        raise AclnnError(161002, f"{info.api} has no parameter {', '.join(sorted(map(str, unknown)))} "
                                 f"(its parameters: {', '.join(known) or 'none'})")
    missing = [n for n, kind in info.params if n not in params and kind != "aclScalar?"]  # an optional one: None
    if missing:
        raise AclnnError(161002, f"{info.api} requires parameter {', '.join(missing)}")
    values = [_reference_value(info, name, kind, params.get(name)) for name, kind in info.params]
    specs = _reference_outputs(info, outputs)
    try:
        return _core.call_reference(_REF_INDEX[info.api], arrays, specs, values, soc_index(soc))
    except MemoryError:
        raise AclnnError(_INVALID, f"{info.api}: not enough memory for its outputs "
                                   f"({', '.join(str(x[0]) for x in specs if x is not None)})") from None
    except AclnnError as e:  # the compiled module numbers the parameters; name them
        message = e.message
        for k, (name, _) in enumerate(info.params):
            message = message.replace(f"{info.api}: parameter {k} ", f"{info.api}: parameter {name} ")
        if message == e.message:
            raise
        raise AclnnError(e.status, message) from None


def call(op, tensors, reduction="mean", params=None, *, out_dtype=None, soc=None, outputs=None,
         fidelity="exact"):
    """Any operator of OPERATORS or INPLACE_OPERATORS by its aclnn API name, with the conventions of
    l1_loss_backward. An in-place operator (aclnnInplace*) takes the tensor it writes first (selfRef; self where CANN
    names it so), then its other inputs: a writeable numpy array (any view) or a torch CPU tensor that does not
    require grad; it returns that tensor,
    and leaves it unchanged when it raises (out_dtype must then be None: the result keeps its dtype).

    Args:
        op: aclnn API name, e.g. "aclnnSmoothL1LossBackward".
        tensors: a list or tuple of its input tensors in the C API's parameter order
            (aclcpu._ops.OPS[op].tensors).
        reduction: as for l1_loss_backward.
        params: a dict of its number parameters by name (e.g. {"beta": 0.5}); missing ones take their
            defaults (OPS[op].params; one whose default is None must be given); unknown or missing names raise
            AclnnError 161002. An aclScalar parameter is passed as an aclScalar of dtype INT64 holding an integer,
            or of dtype DOUBLE holding a float's exact value (the operator converts it as CANN does); a bool
            parameter (OPS[op].bool_params, e.g. selfIsResult) takes a bool only.
        out_dtype, soc: as for l1_loss_backward.

        outputs, fidelity: for a reference-tier operator (REFERENCE_OPERATORS: PyTorch's ATen on the CPU inside
            CANN's checks, not modelled from the NPU kernel) fidelity must be "reference" (else AclnnError 161002:
            refused unless asked) and outputs gives each output's (shape, dtype) - or an array to take them from,
            or None for an absent optional output; params then holds every non-tensor parameter by name, tensors
            may hold None for an optional input, and the result is a tuple when the operator has several outputs.
            For the other operators fidelity may be "exact" or "reference" (both run them) and outputs is None.

    Returns the output array. Raises AclnnError (161002 for an unknown operator or parameter).
    """
    if fidelity not in _FIDELITIES:
        raise AclnnError(_INVALID, f"fidelity must be 'exact' or 'reference', got {_short_repr(fidelity)}")
    if isinstance(op, str) and op in REFERENCE_INPLACE_OF:
        raise AclnnError(_INVALID, f"{op} is a reference-tier in-place operator, which the bindings do not call: "
                                   f"call {REFERENCE_INPLACE_OF[op]} (the same values) with fidelity=\"reference\"")
    ref = REFERENCE.get(op) if isinstance(op, str) else None
    if ref is not None:
        if fidelity != "reference":
            raise AclnnError(_INVALID, f"{op} is a reference-tier operator (PyTorch's ATen on the CPU, not modelled "
                                       f"from the NPU kernel): pass fidelity=\"reference\" to run it")
        if out_dtype is not None or reduction != "mean":
            raise AclnnError(_INVALID, f"{op}: a reference-tier call takes its outputs' dtypes in outputs and every "
                                       f"parameter (reduction too) in params")
        return _call_reference(ref, tensors, params, outputs, soc)
    if outputs is not None:
        raise AclnnError(_INVALID, f"{op}: outputs= is for reference-tier operators; use out_dtype")
    info = (OPS.get(op) or INPLACE.get(op)) if isinstance(op, str) else None
    if info is None:
        raise AclnnError(161002, f"operator {op!r} is not implemented by aclcpu (known: "
                                 f"{', '.join(list(OPS) + list(INPLACE) + list(REFERENCE))})")
    if params is not None and not isinstance(params, dict):
        raise AclnnError(_INVALID, f"{op}: params must be a dict of parameter values by name, got "
                                   f"{type(params).__name__}")
    if not isinstance(tensors, (list, tuple)):  # an array would be split along its first axis
        raise AclnnError(_INVALID, f"{op}: tensors must be a list or tuple of {len(info.tensors)} tensors "
                                   f"({', '.join(info.tensors)}), got {type(tensors).__name__}")
    params = dict(params or {})
    unknown = set(params) - {name for name, _ in info.params}
    if unknown:
        raise AclnnError(161002, f"{op} has no parameter {', '.join(sorted(map(str, unknown)))}")
    missing = [name for name, default in info.params if default is None and name not in params]
    if missing:
        raise AclnnError(161002, f"{op} requires parameter {', '.join(missing)} (no default)")
    values = tuple(_bool_param(name, params.get(name, default)) if name in info.bool_params
                   else _scalar_param(name, params.get(name, default)) if name in info.scalar_params
                   else _float32_param(name, params.get(name, default))
                   for name, default in info.params)
    if len(tensors) != len(info.tensors):
        raise AclnnError(161002, f"{op} takes {len(info.tensors)} tensors ({', '.join(info.tensors)}), "
                                 f"got {len(tensors)}")
    if info.inplace_of:
        if out_dtype is not None:
            raise AclnnError(_INVALID, f"{op} writes selfRef in its own dtype: out_dtype must be None")
        return _run_inplace(_INDEX[op], tuple(tensors), values, soc)
    return _run(_INDEX[op], tuple(tensors), reduction, values, out_dtype, soc)


def _bind_positional(function, what, leading, extra, args, kwargs):
    """Splits a generated function's arguments: the first len(leading) positional ones (`what`: "tensors" or
    "tensor lists", named `leading`), then up to len(extra) more bound by position to the names `extra` in kwargs
    (a name given twice, or too few or many arguments: AclnnError 161002). Returns the leading arguments."""
    n = len(leading)
    if len(args) < n or len(args) > n + len(extra):
        raise AclnnError(161002, f"{function} takes {n} {what} ({', '.join(leading)}) and at most {len(extra)} more "
                                 f"arguments ({', '.join(extra)}), got {len(args)}")
    for name, value in zip(extra, args[n:]):
        if name in kwargs:
            raise AclnnError(161002, f"{function}: {name} given twice")
        kwargs[name] = value
    return args[:n]


def _table_function(info):
    """aclcpu.<function> of an operator the table lists without a hand-written function here: its input
    tensors by position, then (by position or name) reduction and its scalar parameters, as aclcpu.call."""
    extra = ("reduction",) * info.has_reduction + tuple(name for name, _ in info.params)

    def function(*args, out_dtype=None, soc=None, **kwargs):
        tensors = _bind_positional(info.function, "tensors", info.tensors, extra, args, kwargs)
        if "reduction" in kwargs and not info.has_reduction:
            raise AclnnError(161002, f"{info.function} has no parameter reduction")
        reduction = kwargs.pop("reduction", "mean")
        return call(info.api, tensors, reduction, kwargs, out_dtype=out_dtype, soc=soc)

    function.__name__ = function.__qualname__ = info.function
    if info.inplace_of:
        function.__doc__ = (f"{info.api}({', '.join(info.tensors + extra)}): selfRef (a writeable numpy array or a "
                            f"torch CPU tensor) becomes {info.inplace_of[len('aclnn'):]} of itself, through "
                            f"{info.api}'s own checks; returns selfRef (unchanged when it raises AclnnError). "
                            f"aclcpu.call({info.api!r}, ...) with the tensor by position (ops/operators.yaml, "
                            f"{info.source}).")
    else:
        function.__doc__ = (f"{info.output} of {info.api}({', '.join(info.tensors + extra)}): aclcpu.call("
                            f"{info.api!r}, ...) with the tensors by position (ops/operators.yaml, {info.source}).")
    return function


def _reference_function(info):
    """aclcpu.<function> of a reference-tier operator: its input tensors by position, then outputs, fidelity
    and soc by keyword and its parameters by name (aclcpu.call with fidelity="reference")."""
    def function(*tensors, outputs=None, fidelity="exact", soc=None, **params):
        return call(info.api, tensors, params=params, outputs=outputs, fidelity=fidelity, soc=soc)

    function.__name__ = function.__qualname__ = info.function
    inputs = ", ".join(n + ("=None" if opt else "") for n, opt in info.inputs)
    function.__doc__ = (f"({', '.join(n for n, _ in info.outputs)}) of {info.api}({inputs}, "
                        f"{', '.join(n for n, _ in info.params)}), reference tier (PyTorch's ATen on the CPU inside "
                        f"CANN's checks; ops/operators.yaml, {info.source}): call with fidelity=\"reference\" and "
                        f"outputs=[(shape, dtype), ...]; parameters by name ({', '.join(f'{n}: {k}' for n, k in info.params) or 'none'}).")
    return function


# Every operator of the table is aclcpu.<snake_case name>: the hand-written functions above where they exist
# (their docstrings say more), else one built from the table (the in-place ones too: aclcpu.inplace_relu).
# They are served by the module's __getattr__ (PEP 562), not bound as globals: a table function named like a
# builtin (abs, all, any, max, min, round, slice) is aclcpu.<name> without shadowing the builtin in this
# module's own code.
_TABLE_FUNCTIONS = {}
for _info in list(OPS.values()) + list(INPLACE.values()):
    if _info.function not in globals() and _info.function not in _TABLE_FUNCTIONS:
        _TABLE_FUNCTIONS[_info.function] = _table_function(_info)
        __all__.append(_info.function)
for _info in REFERENCE.values():
    if _info.function not in globals() and _info.function not in _TABLE_FUNCTIONS:
        _TABLE_FUNCTIONS[_info.function] = _reference_function(_info)
        __all__.append(_info.function)


# `from aclcpu import *` does not bind the functions named like builtins (aclcpu.max stays aclcpu.max).
__all__ = [n for n in __all__ if not hasattr(builtins, n)]


def __getattr__(name):
    """aclcpu.<function> of a table operator (see _TABLE_FUNCTIONS)."""
    try:
        return _TABLE_FUNCTIONS[name]
    except KeyError:
        raise AttributeError(f"module 'aclcpu' has no attribute {name!r}") from None


def __dir__():
    return sorted(set(globals()) | set(_TABLE_FUNCTIONS))


def _atomic_write(path, write):
    """Calls write(file_object) on a temporary file beside path, then renames it over path (never a
    half-written path). A file-system failure raises OSError naming path (not the temporary file): a folder
    at path or a name ending in a separator (IsADirectoryError), a missing or read-only folder, a full disk."""
    path = os.fspath(path)
    if path.endswith(os.sep) or os.path.isdir(path):
        raise IsADirectoryError(errno.EISDIR, "is a folder, not a file name", path)
    if os.path.lexists(path) and not stat.S_ISREG(os.lstat(path).st_mode):  # a link, FIFO or device: kept
        raise OSError(errno.EEXIST, "exists and is not a regular file (a link, FIFO or device is never replaced)",
                      path)
    folder = os.path.dirname(os.path.abspath(path))
    try:
        fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(path) + ".", dir=folder)
    except OSError as e:
        raise OSError(e.errno, e.strerror, path) from None
    try:
        with os.fdopen(fd, "wb") as f:
            write(f)
        os.chmod(tmp, 0o666 & ~umask())  # mkstemp makes it 0600; a written file gets the usual mode
        os.replace(tmp, path)
    except BaseException as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(e, OSError):
            raise OSError(e.errno, e.strerror, path) from None
        raise


def to_bin(array, path):
    """Writes array's elements in C order as raw bytes (exactly what numpy.tofile writes for a contiguous
    array), atomically (temporary file, then rename). Torch tensors are accepted. Returns path. Raises
    AclnnError(161002) for what the package's array check refuses and for a dtype without an aclDataType."""
    a = np.ascontiguousarray(_as_array(array, "array"))
    if not has_acl_dtype(a.dtype):  # the bytes of objects, strings or datetimes are no tensor data
        raise AclnnError(_INVALID, f"array has numpy dtype {a.dtype}, which has no aclDataType.")
    _atomic_write(path, lambda f: f.write(a.tobytes()))
    return path


def from_bin(path, dtype, shape):
    """Reads a raw file written by to_bin/numpy.tofile as an array of dtype (name or numpy dtype) and shape
    (tuple, or a token such as "2x3" / "scalar").

    Raises ValueError naming the file when it is missing, unreadable or not a regular file (a FIFO or a device
    is never read, so it cannot hang), when its size is not prod(shape) * itemsize bytes, or when a dimension
    is not an integer >= 0 (2.5, True and "6" are refused).
    """
    from .compare import load_array

    dt = dtype_of(dtype)
    if isinstance(shape, str):
        shape = parse_shape(shape)
    if not isinstance(shape, (tuple, list)) or not all(
            isinstance(d, (int, np.integer)) and not isinstance(d, (bool, np.bool_)) and d >= 0 for d in shape):
        raise ValueError(f"{path}: shape {shape!r} is not a tuple of integers >= 0")
    a = load_array(path, dt, tuple(int(d) for d in shape))  # the exact size check; a read-only view
    return a.copy()


def foreach(op, lists, params=None, *, soc=None):
    """A foreach operator of FOREACH_OPERATORS by its aclnn API name: every position i of its input lists computed
    through the library's C API in one call, as on an NPU (docs/ops/foreach.md).

    Args:
        op: aclnn API name, e.g. "aclnnForeachMulScalarV2".
        lists: a list or tuple of its input tensor lists in the C API's parameter order (FOREACH[op].lists), each
            a list or tuple of numpy arrays or torch CPU tensors (any views; the lists of one call of one length).
        params: a dict of its number parameters by name (FOREACH[op].params): an aclScalar parameter a number (an
            int becomes an INT64 scalar, a float a DOUBLE one holding its exact value, as op-plugin passes them);
            an aclScalarList parameter a sequence of numbers, one per list position (INT64 scalars of ints
            for an integer list, else DOUBLE scalars holding each number exactly).
        soc: product profile for this call, as for l1_loss_backward.

    Returns a list of new numpy arrays: out[i] has lists[0][i]'s shape and lists[0][0]'s dtype. Raises
    AclnnError with the library's status and message (161002 for an unknown operator or parameter).
    """
    info = FOREACH.get(op) if isinstance(op, str) else None
    if info is None:
        raise AclnnError(_INVALID, f"unknown foreach operator {_short_repr(op)} (known: {', '.join(FOREACH)})")
    if not isinstance(lists, (list, tuple)) or len(lists) != len(info.lists):
        raise AclnnError(_INVALID, f"{op} takes {len(info.lists)} tensor lists ({', '.join(info.lists)})")
    arrays = []
    for lst, name in zip(lists, info.lists):
        if not isinstance(lst, (list, tuple)):
            raise AclnnError(_INVALID, f"{op}: {name} must be a list or tuple of tensors, got {type(lst).__name__}")
        arrays.append([_as_array(t, f"{name}[{i}]") for i, t in enumerate(lst)])
    if params is not None and not isinstance(params, dict):
        raise AclnnError(_INVALID, f"{op}: params must be a dict of parameter name -> value, got "
                                   f"{type(params).__name__}")
    params = dict(params or {})
    values = []
    for name, kind, default in info.params:
        if name not in params and default is None:
            raise AclnnError(_INVALID, f"{op}: parameter {name} is required")
        value = params.pop(name, default)
        if kind == "scalar_list":
            if hasattr(value, "tolist") and getattr(value, "ndim", 1) == 1:  # a 1-d numpy array or torch tensor
                value = value.tolist()
            if not isinstance(value, (list, tuple)):
                raise AclnnError(_INVALID, f"{op}: {name} must be a 1-d sequence of numbers, one per list position, "
                                           f"got {_short_repr(value)}")
            values.append([_scalar_param(f"{name}[{i}]", v) for i, v in enumerate(value)])
        else:
            values.append(_scalar_param(name, value))
    if params:
        raise AclnnError(_INVALID, f"{op} has no parameter {', '.join(sorted(params))}")
    return _core.call_foreach(_FOREACH_INDEX[op], arrays, values, -1 if soc is None else soc_index(soc))


def _foreach_function(info):
    """aclcpu.<function> of a foreach operator: its input lists by position, then its number parameters (by
    position or name), as aclcpu.foreach."""
    names = tuple(name for name, _, _ in info.params)

    def function(*args, soc=None, **kwargs):
        lists = _bind_positional(info.function, "tensor lists", info.lists, names, args, kwargs)
        return foreach(info.api, lists, kwargs, soc=soc)

    function.__name__ = function.__qualname__ = info.function
    function.__doc__ = (f"{info.output} of {info.api}({', '.join(info.lists + names)}): aclcpu.foreach("
                        f"{info.api!r}, ...) with the lists and numbers by position; returns a list of arrays "
                        f"(ops/operators.yaml, {info.source}; docs/ops/foreach.md).")
    return function


for _info in FOREACH.values():
    _TABLE_FUNCTIONS[_info.function] = _foreach_function(_info)
    __all__.append(_info.function)
