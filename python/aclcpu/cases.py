"""Case lists (TTK CSV, ATK JSON) -> seeded inputs -> goldens -> TTK manual-data directories.

Formats (facts from hicann/ops-test-kit and hicann/ops-nn; no code of theirs is used). The operators, their
tensors (number, names, order) and attributes come from aclcpu._ops.OPS:

* TTK ACLNN CSV (docs/Operator_Test_Guides/ACLNN_Case_Writing.md): testcase_name, api_name,
  tensor_view_shapes, tensor_dtypes (one entry applies to every tensor), tensor_storage_shapes,
  tensor_view_offsets, tensor_view_strides (elements), attributes ({'reduction': 1} or 'mean'),
  input_data_ranges, is_enabled, soc_series. The tensors are the operator's inputs in its parameter order
  (OPS[api].tensors: gradOutput, self, target for aclnnL1LossBackward; self, target for the forward losses),
  then optionally its output (the last tensor, or output_tensor_indexes); the attributes hold reduction and the
  scalar parameters by their aclnn names ({'reduction': 1, 'beta': 0.5}; a missing beta is 1.0).
* TTK kernel CSV (docs/Operator_Test_Guides/Kernel_Case_Writing.md; ops-nn's loss/*/tests/st/arch35/
  ttk_kernel_*.csv): op_name (a kernel name of OPS: l1_loss_grad, mse_loss_grad, mse_loss_grad_v2,
  smooth_l1_loss_grad_v2, lp_loss, smooth_l1_loss_v2, mse_loss_v2, mse_loss), input_shapes and input_dtypes
  in the op def's input order (OPS[api].kernel_tensors), input/output_formats (ND only), output_shapes,
  output_dtypes, attributes {'reduction': 'mean'|'sum'|'none'} and the kernel's others ('sigma' = beta;
  lp_loss's 'p', which must be 1). A declared output shape the operator does not give is a note (TTK infers
  kernel output shapes; ops-nn's forward lists declare the input shape for mean/sum); a 0-d golden takes a
  declared one-element shape such as (1,).
* Common fields (docs/Test_Case_Generation.md): input_data_ranges "((min, max[, must-appear...]), ...)",
  None -> [-2, 2], min == max -> that value; is_enabled; soc_series ('Ascend910B1', '-Ascend310P'): with
  --soc a filter, without it the product the row's golden is for (see _row_soc).
* ATK JSON (ops-nn */tests/st/aclnn*/atk_aclnn*.json): a list of cases {id, name, aclnn_name, inputs:
  [{name, type "tensor"|"attr"|"scalar", dtype fp16|bf16|fp32|int64, shape, range_values [lo, hi], one value,
  or ["inf"] / ["-inf"] / ["nan"]}]}; attrs and scalars ("reduction", "beta", an aclScalar such as lambd; a
  bool such as selfIsResult: true/false) hold their values in range_values (one given as a range [lo, hi]
  skips the case: the drawn value would be recorded nowhere). Inputs are matched to the aclnn parameters by
  name when every one names one (the loss lists), else by position in the GetWorkspaceSize order (the
  activation lists: unnamed inputs, or torch's argument names such as "x").
* Every field is parsed strictly (see "parsing" below); case names (TTK testcase_name, ATK id) and case folders
  must be unique.
* Output (docs/Manual_Data_Prepare_and_Replay.md §3-4): one directory per case named by TTK's rule,
  ``input_<i>_<dtype>.<fmt>`` with each input's backing storage (pure outputs such as gradInput are not
  saved), ``golden_<i>_<dtype>__shape_<d0xd1|scalar>.bin`` (npy: ``golden_<i>_<dtype>.npy``, bfloat16 stored as
  ``V2``); the command line writes a list's folders into a staged dataset folder published whole
  (aclcpu._fs.Staged).
"""
import ast
import csv
import fnmatch
import hashlib
import io
import json
import math
import os
import re
import shutil
import tempfile
import zlib

import numpy as np

from . import AclnnError, call, soc_index
from ._dtypes import dtype_of, shape_token, BFLOAT16
from ._ops import OPS
from ._fs import umask, max_case_bytes
from .compare import DataError, _read_regular, parse_name

_SAFE = re.compile(r"[^A-Za-z0-9_.-]+")
_REDUCTION_NAMES = {0: "none", 1: "mean", 2: "sum"}
#: TTK kernel op names and aclnn API names we implement -> aclnn API name.
KNOWN_OPS = {}
for _api, _info in OPS.items():
    for _name in (_api, _info.kernel) + _info.kernel_aliases:
        if _name is not None:  # kernel None: no TTK kernel computes the aclnn operator's outputs alone
            KNOWN_OPS[_name] = _api


class CaseError(ValueError):
    """A malformed case list entry; the message names the file and row (or case id)."""


class Unrepresentable(CaseError):
    """A well-formed entry aclcpu cannot draw exactly (a range of infinite width): the case is skipped with
    this reason, the rest of the list runs."""


class Tensor:
    """One input tensor of a case: dtype, view shape, element strides and offset, storage shape, value range."""

    def __init__(self, dtype, shape, strides=None, offset=0, storage=None, value_range=None):
        self.dtype = dtype
        self.shape = tuple(int(d) for d in shape)
        self.strides = tuple(int(s) for s in strides) if strides else _contiguous(self.shape)
        self.offset = int(offset or 0)
        self.storage = tuple(int(d) for d in storage) if storage is not None else None
        self.value_range = value_range

    def storage_shape(self):
        """Storage shape: as declared, else just large enough for the view (TTK saves () as (1,))."""
        if self.storage is not None:
            return self.storage if self.storage else (1,)
        if 0 in self.shape:
            return (0,)
        need = self.offset + sum((d - 1) * s for d, s in zip(self.shape, self.strides)) + 1
        if self.offset == 0 and self.strides == _contiguous(self.shape):
            return self.shape if self.shape else (1,)
        return (need,)


class Case:
    """One test case: name, operator (aclnn API name), mode ("aclnn", "kernel" or "atk"), inputs (Tensor, in
    the list's order: the kernel's input order in kernel mode), reduction (0/1/2), out_dtype, out_shape
    (declared, or None), where (file:row for messages), skip (why it is not computed, or None), params (the
    operator's scalar parameters by aclnn name, e.g. {"beta": 0.5}), order (for each aclnn input tensor, its
    position in inputs), soc (the profile its golden is for; None: the caller's, else the process's), ident
    (TTK testcase_name or ATK id, for --testcase)."""

    def __init__(self, name, op, mode, inputs, reduction, out_dtype, out_shape, where, skip=None, params=None,
                 order=None, soc=None, ident=None):
        self.name, self.op, self.mode, self.inputs = name, op, mode, inputs
        self.reduction, self.out_dtype, self.out_shape, self.where, self.skip = (
            reduction, out_dtype, out_shape, where, skip)
        self.params = dict(params or {})
        self.order = tuple(order) if order is not None else tuple(range(len(inputs)))
        self.soc, self.ident = soc, name if ident is None else ident
        self.note = None  # set by prepare: a remark the command line prints


def _contiguous(shape):
    strides, s = [], 1
    for d in reversed(shape):
        strides.append(s)
        s *= max(d, 1)
    return tuple(reversed(strides))


def case_directory_name(name):
    """TTK's case directory name (docs/Manual_Data_Prepare_and_Replay.md §3.3): a name of only
    [A-Za-z0-9_.-] and at most 120 characters is used as is; otherwise runs of other characters become "_",
    leading/trailing "." and "_" are stripped ("case" if nothing is left), and the result (cut to 96
    characters) gets "-" and the first 12 hex digits of the full name's SHA-256."""
    safe = _SAFE.sub("_", name).strip("._") or "case"
    if safe == name and len(safe) <= 120:
        return safe
    return f"{safe[:96]}-{hashlib.sha256(name.encode('utf-8')).hexdigest()[:12]}"


# ------------------------------------------------------------------ parsing
#
# One strict rule for every field of both formats: a value is taken only when it means exactly one thing.
# Booleans are not numbers, floats are not integers (2.5 and 2.0 are not a dimension), strings are not lists
# ("12" is not the shape [1, 2]), NaN is not a bound, an infinite range has no uniform distribution. Every
# refusal is a CaseError whose message names the file, the row (or case id) and the field.

class _InfNan(ast.NodeTransformer):
    """Turns the bare names inf and nan (TTK's ranges, e.g. ops-nn's ttk_kernel_smooth_l1_loss_grad_v2_st.csv:
    "((-inf, -inf), ...)") into float constants, so that ast.literal_eval accepts them."""

    def visit_Name(self, node):
        if node.id in ("inf", "nan"):
            return ast.copy_location(ast.Constant(float(node.id)), node)
        return node


def _literal(text, what, where):
    """A Python literal from a CSV cell (None when empty); the bare names inf and nan are floats."""
    text = (text or "").strip()
    if text == "":
        return None
    try:
        tree = _InfNan().visit(ast.parse(text, mode="eval"))
        value = ast.literal_eval(tree)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        raise CaseError(f"{where}: field {what}: cannot parse {_short(text)}") from None
    for node in ast.walk(tree):  # a dict literal keeps the last of repeated keys silently
        if isinstance(node, ast.Dict):
            keys = [ast.literal_eval(k) for k in node.keys if k is not None]
            repeated = sorted({repr(k) for k in keys if keys.count(k) > 1})
            if repeated:
                raise CaseError(f"{where}: field {what}: key {', '.join(repeated)} given twice")
    return value


def _short(value, limit=60):
    """repr of a value for a one-line message, cut to about limit characters."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "...'"


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


#: The largest dimension, stride or offset the C API takes (aclCreateTensor's int64_t).
_INT64_MAX = (1 << 63) - 1


def _int(v, what, where, minimum=0):
    """v as an int in [minimum, 2^63 - 1] (the C API's int64_t); a bool, float or string is refused."""
    if not _is_int(v) or v < minimum or v > _INT64_MAX:
        raise CaseError(f"{where}: field {what}: expected an integer >= {minimum} (and below 2^63), got "
                        f"{_short(v)}")
    return v


def _dims(value, what, where, bare_int=False):
    """A tuple of dimensions (or strides) from a list/tuple of non-negative ints; bare_int (TTK CSV only) also
    takes a bare int n as (n,) (the literal "(3)" is the int 3). None is ()."""
    if value is None:
        return ()
    if bare_int and _is_int(value):
        value = (value,)
    if not isinstance(value, (list, tuple)):
        raise CaseError(f"{where}: field {what}: expected a list of integers, got {_short(value)}")
    return tuple(_int(d, what, where) for d in value)


def _per_tensor(values, n, what, where, default=None):
    """TTK's list compression: one entry applies to all n tensors; otherwise exactly n (or none)."""
    if values is None or values == () or values == []:
        return [default] * n
    if isinstance(values, (str, int, float)):
        values = (values,)
    if not isinstance(values, (list, tuple)):
        raise CaseError(f"{where}: field {what}: expected a list, got {_short(values)}")
    values = list(values)
    if len(values) == 1:
        return values * n
    if len(values) != n:
        raise CaseError(f"{where}: field {what}: {len(values)} entries, expected 1 or {n}")
    return values


def _dtype(name, what, where):
    if not isinstance(name, str):
        raise CaseError(f"{where}: field {what}: expected a dtype name, got {_short(name)}")
    try:
        return dtype_of(name)
    except (ValueError, TypeError) as e:
        raise CaseError(f"{where}: field {what}: {e}") from None


_FLOAT64_MAX = float(np.finfo(np.float64).max)


def _number(v, what, where):
    """A range entry: an int or float, or ATK's strings "inf", "+inf", "-inf", "nan"."""
    if isinstance(v, str) and v.strip().lower() in ("inf", "+inf", "-inf", "nan"):
        return float(v)
    if not _is_number(v):
        raise CaseError(f"{where}: field {what}: expected a number, got {_short(v)}")
    if _is_int(v) and abs(v) > _FLOAT64_MAX:  # float(v) would raise: no dtype holds it
        raise CaseError(f"{where}: field {what}: {_short(v)} is beyond float64's range")
    return v


def _range(value, what, where):
    """A value range (lo, hi[, must-appear...]) or None (the default [-2, 2]).

    Accepted: None or (None, None) (default); one number or a one-entry list (that value everywhere, inf or nan
    included); (lo, hi, ...) with finite lo <= hi and a finite hi - lo, or lo == hi (that value, +-inf too);
    (nan, nan) (NaN everywhere). Refused: NaN paired with anything else, an infinite bound of a non-degenerate
    range ([-inf, inf] has no uniform distribution), min > max, non-numbers.
    """
    if value is None:
        return None
    if not isinstance(value, (list, tuple)):
        value = (value,)
    vals = tuple(value)
    if vals == (None, None):
        return None
    vals = tuple(_number(v, what, where) for v in vals)
    if len(vals) == 1:
        return (vals[0], vals[0])
    if len(vals) == 0:
        raise CaseError(f"{where}: field {what}: empty range")
    lo, hi = float(vals[0]), float(vals[1])
    nan = (lo != lo, hi != hi)  # must-appear values (3rd and later) may be NaN
    if nan == (True, True):
        return vals
    if any(nan):
        raise CaseError(f"{where}: field {what}: NaN as a bound of {_short(value)} (NaN everywhere is [nan])")
    if lo > hi:
        raise CaseError(f"{where}: field {what}: range {_short(value)} has min > max")
    if lo != hi and not math.isfinite(hi - lo):
        raise Unrepresentable(f"{where}: field {what}: range {_short(value)} is infinite: it has no uniform "
                              "distribution (give finite bounds, or one value such as [inf])")
    return vals


def _ranges(values, whats, where, skips):
    """_range of each entry; an Unrepresentable one gives None and its reason appended to skips (the case is
    then skipped with that reason, its other fields still checked)."""
    out = []
    for value, what in zip(values, whats):
        try:
            out.append(_range(value, what, where))
        except Unrepresentable as e:
            skips.append(str(e)[len(where) + 2:])
            out.append(None)
    return out


def _reduction(value, what, where):
    if isinstance(value, str) and value.lower() in ("none", "mean", "sum"):
        return {"none": 0, "mean": 1, "sum": 2}[value.lower()]
    if _is_int(value) and value in (0, 1, 2):
        return value
    raise CaseError(f"{where}: field {what}: expected none|mean|sum or 0|1|2, got {_short(value)}")


def _scalars(info, row, where, skips):
    """{name: value} of an ACLNN row's aclScalar parameters from scalar_data_ranges, one (lo, hi) per
    aclScalar parameter in parameter order ("(0, 1)" for a single one): lo == hi is that value, rounded to the
    row's scalar_dtypes entry when it gives one (float16, bfloat16, float32; an integer dtype needs an integral
    value); lo != hi skips the case (the drawn value would be recorded nowhere, so the device's run could not
    use the same one). An empty field: {}."""
    ranges = _literal(row.get("scalar_data_ranges"), "scalar_data_ranges", where)
    if ranges in (None, (), []):
        return {}
    if isinstance(ranges, (tuple, list)) and len(ranges) == 2 and all(_is_number(v) for v in ranges):
        ranges = (ranges,)
    names = info.scalar_params
    if not isinstance(ranges, (tuple, list)) or len(ranges) != len(names):
        raise CaseError(f"{where}: field scalar_data_ranges: {info.api} takes {len(names)} aclScalar "
                        f"parameter(s) ({', '.join(names) or 'none'}), got {_short(row.get('scalar_data_ranges'))}")
    dts = _literal(row.get("scalar_dtypes"), "scalar_dtypes", where)
    if isinstance(dts, str):
        dts = (dts,)
    if dts in (None, (), []):
        dts = (None,) * len(names)
    if not isinstance(dts, (tuple, list)) or len(dts) != len(names):
        raise CaseError(f"{where}: field scalar_dtypes: expected {len(names)} dtype(s), got "
                        f"{_short(row.get('scalar_dtypes'))}")
    out = {}
    for k, (name, r, dt) in enumerate(zip(names, ranges, dts)):
        what = f"scalar_data_ranges[{k}] ({name})"
        if not isinstance(r, (tuple, list)) or len(r) != 2:
            raise CaseError(f"{where}: field {what}: expected (lo, hi), got {_short(r)}")
        lo, hi = (_number(v, what, where) for v in r)
        if lo != hi:
            skips.append(f"scalar {name} drawn from ({lo}, {hi}) (the drawn value would be recorded nowhere)")
            continue
        value = float(lo)
        if dt is not None:
            d = _dtype(dt, f"scalar_dtypes[{k}]", where)
            if d.kind == "f":
                with np.errstate(over="ignore"):
                    value = float(np.asarray(value, np.float64).astype(d))
            elif not float(value).is_integer():
                raise CaseError(f"{where}: field {what}: {lo} is not a value of scalar dtype {dt}")
        out[name] = value
    return out


def _attributes(info, attrs, names, fixed, where, skips=None):
    """(reduction, params) from a case's attributes. names maps attribute name -> parameter name (missing
    parameters take their defaults); fixed: ((attribute, the one value the operator is), ...). Refuses an
    unknown attribute, a parameter that is not a real number (a bool parameter: not a bool) and a fixed
    attribute of another value."""
    if not isinstance(attrs, dict):
        raise CaseError(f"{where}: field attributes: expected a dict, got {_short(attrs)}")
    known = {"reduction", *names, *(a for a, _ in fixed)}
    unknown = sorted(str(k) for k in attrs if k not in known)
    if unknown:
        raise CaseError(f"{where}: field attributes: {info.api} has no attribute {', '.join(unknown)} "
                        f"(known: {', '.join(sorted(known))})")
    for attr, value in fixed:
        if attr in attrs and (not _is_number(attrs[attr]) or attrs[attr] != value):
            why = f"{attr} = {_short(attrs[attr])}: only {attr} = {value} is implemented ({info.api})"
            if skips is None or not _is_number(attrs[attr]):
                raise CaseError(f"{where}: field attributes: {why}")
            skips.append(why)  # another kernel's configuration: the case is skipped, never computed wrongly
    params = {}
    for attr, param in names.items():
        if attr in attrs:
            v = attrs[attr]
            if param in info.bool_params:  # a C bool (selfIsResult): JSON true/false only
                if not isinstance(v, bool):
                    raise CaseError(f"{where}: field attributes: {attr}: expected true or false, got {_short(v)}")
                params[param] = v
                continue
            if not _is_number(v):
                raise CaseError(f"{where}: field attributes: {attr}: expected a real number, got {_short(v)}")
            params[param] = float(v)
    for name, default in info.params:
        params.setdefault(name, default)
    return _reduction(attrs.get("reduction", "mean"), "attributes: reduction", where), params


_DEFAULT_SOC = []  # the process's profile name (SOCS entry), looked up once


def _default_soc():
    if not _DEFAULT_SOC:
        from . import _core, SOCS
        _DEFAULT_SOC.append(SOCS[soc_index(_core.soc_name())])
    return _DEFAULT_SOC[0]


def _profile(name):
    """SOCS name of a SoC name, or None for one no profile models."""
    from . import SOCS
    try:
        return SOCS[soc_index(name)]
    except AclnnError:
        return None


def _row_soc(soc_series, soc, where):
    """(profile, skip reason) of a TTK row from its soc_series ('Ascend910B1', ('Ascend910B', '-Ascend310P'))
    and --soc. With --soc: that profile, or a skip naming why the row excludes it. Without: the one product
    the row names; the process's profile when it names none (a skip when it excludes that one); a row naming
    several products is refused (their goldens may differ: choose one with --soc)."""
    if soc_series is None or soc_series == () or soc_series == []:
        return soc, None
    if isinstance(soc_series, str):
        soc_series = (soc_series,)
    if not isinstance(soc_series, (list, tuple)) or not all(isinstance(s, str) for s in soc_series):
        raise CaseError(f"{where}: field soc_series: expected SoC names, got {_short(soc_series)}")
    pos = [s.strip() for s in soc_series if not s.strip().startswith("-")]
    neg = [s.strip()[1:] for s in soc_series if s.strip().startswith("-")]
    named = sorted({p for p in map(_profile, pos) if p})
    excluded = {p for p in map(_profile, neg) if p}
    listing = ", ".join(soc_series)
    if soc is not None:
        want = _profile(soc)
        if want in excluded:
            return want, f"soc_series ({listing}) excludes --soc {soc}"
        if pos and want not in named:
            return want, f"soc_series ({listing}) names {', '.join(named) or 'no product aclcpu models'}, " \
                         f"not --soc {soc}"
        return want, None
    if pos:
        if not named:
            return None, f"soc_series ({listing}) names no product aclcpu models"
        if len(named) > 1:
            raise CaseError(f"{where}: field soc_series: ({listing}) names several products ({', '.join(named)}); "
                            "choose one with --soc")
        return named[0], None
    default = _default_soc()
    if default in excluded:
        return default, f"soc_series ({listing}) excludes the default profile {default}; give --soc"
    return None, None


_ENABLED = {"": True, "true": True, "1": True, "false": False, "0": False}


def _enabled(text, where):
    value = _ENABLED.get((text or "").strip().lower())
    if value is None:
        raise CaseError(f"{where}: field is_enabled: expected True/False/1/0, got {_short(text)}")
    return value


def _only_nd(row, columns, where):
    """Refuses a data format other than ND in the given columns (another format lays the bytes out
    differently: NC1HWC0, FRACTAL_NZ...)."""
    for col in columns:
        formats = _literal(row.get(col), col, where)
        if formats is None:
            continue
        if isinstance(formats, str):
            formats = (formats,)
        if not isinstance(formats, (list, tuple)) or any(f != "ND" for f in formats):
            raise CaseError(f"{where}: field {col}: only ND is implemented, got {_short(formats)}")


def _no_manual_binaries(row, where):
    for col in ("manual_input_binaries", "manual_golden_binaries"):
        value = _literal(row.get(col), col, where)
        if value not in (None, (), []):
            raise CaseError(f"{where}: field {col}: given files are not read by aclcpu (it draws the inputs); "
                            "leave it empty")


def _read_text(path):
    """The whole file as text (UTF-8, a BOM allowed). CaseError naming the file, line and byte of an invalid
    UTF-8 sequence, or why the file cannot be read: missing, unreadable, a folder, or not a regular file (a
    FIFO without a writer would hang, a device such as /dev/zero never ends; read by compare's reader)."""
    try:
        data = _read_regular(path)
    except DataError as e:
        raise CaseError(str(e)) from None
    except MemoryError:
        raise CaseError(f"{path}: too large to read into memory") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise CaseError(f"{path}:{line}: invalid UTF-8 byte 0x{data[e.start]:02x} at byte {e.start}") from None


class _Unique:
    """Refuses a second case with the same name (TTK testcase_name, ATK id) or the same case folder (two names
    TTK's naming rule maps to one folder): the second would overwrite the first; and a case whose folder has a
    manual-data file name (aclcpu.compare.parse_name), which compare would take for a data file."""

    def __init__(self, what):
        self.what, self.keys, self.folders = what, {}, {}

    def add(self, key, folder, where):
        if parse_name(folder) is not None:  # compare would read the case folder as a data file
            raise CaseError(f"{where}: field {self.what}: {_short(key)} has the case folder {folder!r}, a "
                            "manual-data file name (golden_/input_/output_/scalar_<index>_...); rename the case")
        if key in self.keys:
            raise CaseError(f"{where}: field {self.what}: {_short(key)} repeats {self.keys[key]} (each case "
                            "needs its own folder)")
        if folder in self.folders:
            raise CaseError(f"{where}: field {self.what}: {_short(key)} has the case folder {folder!r} of "
                            f"{self.folders[folder]}")
        self.keys[key] = self.folders[folder] = where


def _view_tensors(n, fields, row, where, shapes):
    """TTK ACLNN CSV: the n tensors' (dtype, storage shape, offset, strides) per tensor, by list compression."""
    dts, sto, off, st = (_per_tensor(_literal(row.get(f), f, where), n, f, where, d)
                         for f, d in zip(fields, ("float32", None, 0, None)))
    out = []
    for i in range(n):
        what = lambda f: f"{f}[{i}]"  # noqa: E731
        strides = None if st[i] is None else _dims(st[i], what(fields[3]), where)
        if strides is not None and len(strides) != len(shapes[i]):
            raise CaseError(f"{where}: field {what(fields[3])}: {len(strides)} strides for {len(shapes[i])} dims")
        storage = None if sto[i] is None else _dims(sto[i], what(fields[1]), where, bare_int=True)
        out.append((_dtype(dts[i], what(fields[0]), where), storage,
                    _int(0 if off[i] is None else off[i], what(fields[2]), where), strides))
    return out


def read_ttk_csv(path, soc=None):
    """Reads a TTK ACLNN or kernel case list. Returns [Case]; raises CaseError naming the file, the row (its
    1-based line in the file, the header being line 1) and the field, for a malformed row, an operator aclcpu
    does not implement, a repeated testcase_name, or a row whose soc_series names several products when soc
    is None. Each case's soc is the profile its golden is for (see _row_soc)."""
    text = _read_text(path)
    cases, unique = [], _Unique("testcase_name")
    try:
        reader = csv.DictReader(io.StringIO(text, newline=""))
        fields = set(reader.fieldnames or ())
        if not fields:
            raise CaseError(f"{path}: empty file (no header)")
        repeated = sorted({f for f in reader.fieldnames if reader.fieldnames.count(f) > 1})
        if repeated:  # DictReader would keep the last column of a name silently
            raise CaseError(f"{path}:1: column {', '.join(map(repr, repeated))} given twice in the header")
        aclnn = "api_name" in fields
        if not aclnn and "op_name" not in fields:
            raise CaseError(f"{path}:1: header has neither api_name (ACLNN) nor op_name (kernel)")
        for row in reader:
            where = f"{path}:{reader.line_num}"
            if None in row:
                raise CaseError(f"{where}: more cells than the header has columns")
            if not any((v or "").strip() for v in row.values()):
                continue
            cases.append(_ttk_row(row, aclnn, soc, where, len(cases), unique))
    except csv.Error as e:
        raise CaseError(f"{path}:{reader.line_num}: not CSV ({e})") from None
    return cases


def _ttk_row(row, aclnn, soc, where, k, unique):
    """One TTK row as a Case (see read_ttk_csv)."""
    name = (row.get("testcase_name") or "").strip() or f"auto_testcase_name_{k}"
    unique.add(name, case_directory_name(name), where)
    column = "api_name" if aclnn else "op_name"
    op_name = (row.get(column) or "").strip()
    op = KNOWN_OPS.get(op_name)
    if op is None or (aclnn and op_name != op) or (not aclnn and op_name == op):
        known = sorted(OPS) if aclnn else sorted(n for n in KNOWN_OPS if n not in OPS)
        raise CaseError(f"{where}: field {column}: {op_name!r} is not implemented by aclcpu (known: "
                        f"{', '.join(known)})")
    info = OPS[op]
    attrs = _literal(row.get("attributes"), "attributes", where)
    skips = []
    ranges_field = _literal(row.get("input_data_ranges"), "input_data_ranges", where)
    if aclnn:
        names, n_in = info.tensors + (info.output,), len(info.tensors)
        shapes = _literal(row.get("tensor_view_shapes"), "tensor_view_shapes", where)
        if not isinstance(shapes, (tuple, list)) or len(shapes) not in (n_in, n_in + 1):
            raise CaseError(f"{where}: field tensor_view_shapes: expected the shapes of {', '.join(info.tensors)} "
                            f"[, {info.output}] ({op}), got {_short(row.get('tensor_view_shapes'))}")
        n = len(shapes)
        shapes = [_dims(s, f"tensor_view_shapes[{i}] ({names[i]})", where, bare_int=True)
                  for i, s in enumerate(shapes)]
        _only_nd(row, ("tensor_formats",), where)
        views = _view_tensors(n, ("tensor_dtypes", "tensor_storage_shapes", "tensor_view_offsets",
                                  "tensor_view_strides"), row, where, shapes)
        out_idx = _literal(row.get("output_tensor_indexes"), "output_tensor_indexes", where)
        last = ((n - 1,), [n - 1], n - 1, (-1,), [-1], -1)  # -1: the last tensor, as Python indexes
        if out_idx not in (None, (), []) and (n == n_in or out_idx not in last):
            raise CaseError(f"{where}: field output_tensor_indexes: {_short(out_idx)}: {info.output} must be "
                            f"the last tensor (index {n_in})")
        ranges = _ranges(_per_tensor(ranges_field, n_in, "input_data_ranges", where),
                         [f"input_data_ranges[{i}]" for i in range(n_in)], where, skips)
        inputs = [Tensor(views[i][0], shapes[i], views[i][3], views[i][2], views[i][1], ranges[i])
                  for i in range(n_in)]
        out_dtype, out_shape = (views[n_in][0], shapes[n_in]) if n > n_in else (None, None)
        reduction, params = _attributes(info, attrs or {}, {p: p for p, _ in info.params}, (), where)
        for pname, value in _scalars(info, row, where, skips).items():
            if attrs and pname in attrs:
                raise CaseError(f"{where}: field scalar_data_ranges: {pname} is given in attributes too")
            params[pname] = value
        order, mode = None, "aclnn"
    else:
        names, n_in = info.kernel_tensors, len(info.kernel_tensors)
        shapes = _literal(row.get("input_shapes"), "input_shapes", where)
        if not isinstance(shapes, (tuple, list)) or len(shapes) != n_in:
            raise CaseError(f"{where}: field input_shapes: expected the shapes of {', '.join(names)} ({op_name}), "
                            f"got {_short(row.get('input_shapes'))}")
        shapes = [_dims(s, f"input_shapes[{i}] ({names[i]})", where, bare_int=True) for i, s in enumerate(shapes)]
        _only_nd(row, ("input_formats", "output_formats"), where)
        dts = [_dtype(d, f"input_dtypes[{i}]", where) for i, d in enumerate(_per_tensor(
            _literal(row.get("input_dtypes"), "input_dtypes", where), n_in, "input_dtypes", where, "float32"))]
        ranges = _ranges(_per_tensor(ranges_field, n_in, "input_data_ranges", where),
                         [f"input_data_ranges[{i}]" for i in range(n_in)], where, skips)
        inputs = [Tensor(dts[i], shapes[i], value_range=ranges[i]) for i in range(n_in)]
        odt = _literal(row.get("output_dtypes"), "output_dtypes", where)
        out_dtype = None if odt in (None, (), []) else _dtype(_per_tensor(odt, 1, "output_dtypes", where)[0],
                                                              "output_dtypes[0]", where)
        osh = _literal(row.get("output_shapes"), "output_shapes", where)
        if isinstance(osh, (list, tuple)) and osh and all(_is_int(d) for d in osh):
            osh = (osh,)  # the one output's shape written without the outer list: "(64,300,2)"
        out_shape = None if osh in (None, (), []) else _dims(_per_tensor(osh, 1, "output_shapes", where)[0],
                                                             "output_shapes[0]", where, bare_int=True)
        reduction, params = _attributes(info, attrs or {}, info.kernel_attrs, info.kernel_fixed, where, skips)
        order, mode = info.kernel_order, "kernel"
    _no_manual_binaries(row, where)
    if not _enabled(row.get("is_enabled"), where):
        skips.insert(0, "is_enabled is False")
    row_soc, soc_skip = _row_soc(_literal(row.get("soc_series"), "soc_series", where), soc, where)
    skip = "; ".join(skips + ([soc_skip] if soc_skip else [])) or None
    return Case(name, op, mode, inputs, reduction, out_dtype, out_shape, where, skip, params, order,
                soc=row_soc, ident=name)


def _json_object(pairs):
    """json object hook: refuses a repeated key (json keeps the last silently)."""
    obj = {}
    for key, value in pairs:
        if key in obj:
            raise CaseError(f"key {key!r} appears twice in one object")
        obj[key] = value
    return obj


def read_atk_json(path):
    """Reads an ATK case list (JSON array, see the module docstring). Returns [Case]; raises CaseError naming
    the file, the case (id and index) and the field, for invalid UTF-8, JSON or field types, an operator or
    input aclcpu does not know, a missing input, or a repeated id."""
    text = _read_text(path)
    try:
        data = json.loads(text, object_pairs_hook=_json_object)
    except CaseError as e:
        raise CaseError(f"{path}: {e}") from None
    except json.JSONDecodeError as e:
        raise CaseError(f"{path}:{e.lineno}: not JSON ({e.msg}, column {e.colno})") from None
    except ValueError as e:  # an integer of more digits than Python converts (sys.get_int_max_str_digits)
        raise CaseError(f"{path}: not JSON aclcpu can read ({e})") from None
    except (RecursionError, MemoryError):
        raise CaseError(f"{path}: JSON nested too deeply or too large") from None
    if not isinstance(data, list):
        raise CaseError(f"{path}: expected a JSON array of cases")
    cases, unique = [], _Unique("id")
    for k, c in enumerate(data):
        cases.append(_atk_case(c, f"{path}: case {k}", k, unique))
    return cases


def _atk_case(c, where, k, unique):
    """One ATK case as a Case (see read_atk_json)."""
    if not isinstance(c, dict) or not isinstance(c.get("inputs"), list):
        raise CaseError(f"{where}: expected an object with an 'inputs' list")
    ident = c.get("id", k)
    if not (_is_int(ident) or isinstance(ident, str)):
        raise CaseError(f"{where}: field id: expected an integer or a string, got {_short(ident)}")
    where = f"{where} (id {ident})"
    label = c.get("name", "case")
    if not isinstance(label, str):
        raise CaseError(f"{where}: field name: expected a string, got {_short(label)}")
    name = f"{label}_{ident}".replace(".", "_")
    unique.add(ident, case_directory_name(name), where)
    aclnn_name = c.get("aclnn_name")
    api = "aclnn" + aclnn_name if isinstance(aclnn_name, str) else None
    if api not in OPS:
        raise CaseError(f"{where}: field aclnn_name: {_short(aclnn_name)} is not implemented by aclcpu (known: "
                        f"{', '.join(sorted(o[5:] for o in OPS))})")
    info = OPS[api]
    attr_names = ("reduction",) * info.has_reduction + tuple(p for p, _ in info.params)
    entries = []  # (field, kind "tensor" | "attr", name or None, the input's object)
    for j, inp in enumerate(c["inputs"]):
        field = f"inputs[{j}]"
        if not isinstance(inp, dict):
            raise CaseError(f"{where}: field {field}: expected an object, got {_short(inp)}")
        kind, iname = inp.get("type"), inp.get("name")
        field = f"inputs[{j}] ({iname})" if isinstance(iname, str) else field
        if kind not in ("tensor", "attr", "scalar"):
            raise CaseError(f"{where}: field {field}.type: expected 'tensor', 'attr' or 'scalar', got {_short(kind)}")
        entries.append((field, "tensor" if kind == "tensor" else "attr", iname, inp))
    # Inputs are matched by name when every one names an aclnn parameter; a list whose inputs are unnamed (null)
    # or named after the torch function's arguments (ops-nn's activation lists: "x" for self) is matched by
    # position instead: the n-th tensor to the n-th aclnn tensor, the n-th attr or scalar to the n-th number
    # parameter, in the GetWorkspaceSize order.
    by_name = all(isinstance(n, str) and n in (info.tensors if k == "tensor" else attr_names)
                  for _, k, n, _ in entries)
    if not by_name:
        if any(isinstance(n, str) and n in info.tensors + attr_names for _, _, n, _ in entries):
            bad = next(f for f, k, n, _ in entries if n not in (info.tensors if k == "tensor" else attr_names))
            raise CaseError(f"{where}: field {bad}.name: {api} has no such parameter (known: "
                            f"{', '.join(info.tensors + attr_names)}); name every input or none")
        counts = {"tensor": 0, "attr": 0}
        named = []
        for field, kind, _, inp in entries:
            names = info.tensors if kind == "tensor" else attr_names
            if counts[kind] >= len(names):
                raise CaseError(f"{where}: field {field}: {api} takes {len(names)} "
                                f"{'tensors' if kind == 'tensor' else 'attributes'} ({', '.join(names) or 'none'})")
            named.append((field, kind, names[counts[kind]], inp))
            counts[kind] += 1
        entries = named
    tensors, attrs, skips = {}, {}, []
    for field, kind, iname, inp in entries:
        if iname in tensors or iname in attrs:
            raise CaseError(f"{where}: field {field}.name: {iname!r} given twice")
        if kind == "tensor":
            shape = inp.get("shape")
            if not isinstance(shape, list):
                raise CaseError(f"{where}: field {field}.shape: expected a list of integers, got {_short(shape)}")
            tensors[iname] = Tensor(_dtype(inp.get("dtype"), f"{field}.dtype", where),
                                    _dims(shape, f"{field}.shape", where),
                                    value_range=_ranges([inp.get("range_values")], [f"{field}.range_values"],
                                                        where, skips)[0])
            continue
        value = inp.get("range_values")
        if isinstance(value, list):
            if len(value) not in (1, 2):
                raise CaseError(f"{where}: field {field}.range_values: expected a value or [value] or [lo, hi], "
                                f"got {_short(value)}")
            if len(value) == 2 and value[0] != value[1]:
                for v in value:
                    (_reduction if iname == "reduction" else _number)(v, f"{field}.range_values", where)
                skips.append(f"attr {iname} given as a range {value!r} (the drawn value would be recorded nowhere)")
            value = value[0]
        attrs[iname] = value
    missing = [n for n in info.tensors + ("reduction",) * info.has_reduction if n not in tensors and n not in attrs]
    if missing:
        raise CaseError(f"{where}: field inputs: missing {', '.join(missing)}")
    reduction, params = _attributes(info, attrs, {p: p for p, _ in info.params}, (), where)
    return Case(name, api, "atk", [tensors[n] for n in info.tensors], reduction, None, None, where,
                "; ".join(skips) or None, params, ident=str(ident))


def select_cases(cases, patterns):
    """The cases whose name (TTK testcase_name, or the ATK case's folder name) or ATK id matches one of the
    shell-style patterns (fnmatch: *, ?, [..]; a plain name matches itself). Raises CaseError naming the
    patterns that match no case."""
    if not patterns:
        return cases
    hits = [c for c in cases if any(fnmatch.fnmatchcase(c.name, p) or fnmatch.fnmatchcase(c.ident, p)
                                    for p in patterns)]
    unmatched = [p for p in patterns if not any(fnmatch.fnmatchcase(c.name, p) or fnmatch.fnmatchcase(c.ident, p)
                                                for c in cases)]
    if unmatched:
        raise CaseError(f"--testcase: no case matches {', '.join(map(repr, unmatched))}")
    return hits


# ------------------------------------------------------------------ data

def _rng(seed, name):
    """A generator per (seed, case name): a case's data does not depend on its position in the list."""
    return np.random.default_rng([int(seed) & 0xFFFFFFFF, zlib.crc32(name.encode("utf-8"))])


def _numel(shape):
    """Element count of a shape, as a Python int (no int64 wrap-around for huge shapes)."""
    return math.prod(int(d) for d in shape)


_BLOCK = 1 << 20  # elements of float inputs drawn at a time


def case_bytes(case):
    """Estimated peak memory (bytes) of preparing and writing a case: each input's storage twice (the array and
    the C API's copy), the temporaries of drawing one (integer and complex inputs: 24 bytes an element; real
    floats: one block), and the golden twice (result and file buffer). Shapes that do not broadcast count
    their largest input (the operator then rejects the case)."""
    sizes = [_numel(t.storage_shape()) for t in case.inputs]
    draw = max([n if t.dtype.kind in "iubc" else min(n, _BLOCK) for n, t in zip(sizes, case.inputs)], default=0)
    try:
        out_n = _numel(np.broadcast_shapes(*(t.shape for t in case.inputs)))
    except ValueError:
        out_n = max(sizes, default=0)
    item = case.out_dtype.itemsize if case.out_dtype is not None else max(
        (t.dtype.itemsize for t in case.inputs), default=8)
    return sum(n * t.dtype.itemsize * 2 for n, t in zip(sizes, case.inputs)) + draw * 24 + out_n * item * 2


def over_cap(case, cap=None):
    """Why a case is not computed under the per-case memory cap (aclcpu._fs.max_case_bytes: --max-case-bytes,
    $ACLCPU_MAX_CASE_BYTES, default 4 GiB), or None when it fits."""
    cap = max_case_bytes() if cap is None else cap
    for t in case.inputs:
        if not _addressable(t):
            return (f"a {t.dtype.name} view of shape {_short(t.shape)} (strides {_short(t.strides)}, offset "
                    f"{t.offset}) spans more than 2^63 bytes, which no array can address")
    need = case_bytes(case)
    if need <= cap:
        return None
    return (f"needs about {need >> 20} MiB, over the per-case cap of {cap >> 20} MiB "
            "(--max-case-bytes or ACLCPU_MAX_CASE_BYTES)")


def _addressable(t):
    """True when numpy can hold input t: its storage, its view's extent (the product of its non-zero
    dimensions: numpy counts them even in an empty view), and each stride and the offset, in bytes, below 2^63."""
    item = t.dtype.itemsize
    extent = _numel(d for d in t.shape if d)
    return all(x * item <= _INT64_MAX for x in (_numel(t.storage_shape()), extent, t.offset, *t.strides))


def _int_values(t, lo, hi, where):
    """The inclusive integer range [lo, hi] of integer/bool input t, clipped to its dtype; CaseError when no
    value of the dtype lies in it."""
    info = (0, 1) if t.dtype.kind == "b" else (int(np.iinfo(t.dtype).min), int(np.iinfo(t.dtype).max))
    if not (math.isfinite(lo) and math.isfinite(hi)):
        raise CaseError(f"{where}: field input_data_ranges: {lo}..{hi} has no {t.dtype.name} value")
    lo_i, hi_i = max(math.ceil(lo), info[0]), min(math.floor(hi), info[1])
    if lo_i > hi_i:
        raise CaseError(f"{where}: field input_data_ranges: {lo}..{hi} holds no {t.dtype.name} value")
    return lo_i, hi_i


def generate_storage(t, rng, where="case"):
    """The backing storage of input t: values uniform in its range ([-2, 2] by default; integers and bool
    inclusive, clipped to the dtype), rounded to the dtype by numpy/ml_dtypes casts (nearest even; beyond the
    dtype's range: +-inf, as IEEE rounding gives); must-appear values (3rd and later range entries) are written
    over random elements of the view. Raises CaseError (naming where) for a range or must-appear value the
    dtype cannot hold."""
    shape = t.storage_shape()
    lo, hi = (-2, 2) if t.value_range is None else t.value_range[:2]
    dt = t.dtype
    n = _numel(shape)
    if dt.kind in "iub":
        lo_i, hi_i = _int_values(t, lo, hi, where)
        vals = rng.integers(lo_i, hi_i, size=n, endpoint=True,
                            dtype=np.uint64 if dt == np.uint64 else np.int64).astype(dt)
    elif dt.kind == "c":
        same = hi == lo or lo != lo  # one value (NaN included)
        part = (lambda: np.full(n, float(lo))) if same else (lambda: lo + (hi - lo) * rng.random(n))
        vals = part()
        with np.errstate(over="ignore"):
            vals = (vals + 1j * part()).astype(dt)
    else:
        vals = np.empty(n, dt)
        with np.errstate(over="ignore"):  # beyond the dtype's range: +-inf, IEEE rounding
            if hi == lo or lo != lo:  # one value (NaN included)
                vals[...] = np.asarray(float(lo)).astype(dt)
            else:  # drawn in blocks (the same stream as one draw): float64 temporaries stay small
                for at in range(0, n, _BLOCK):
                    k = min(_BLOCK, n - at)
                    vals[at:at + k] = (lo + (hi - lo) * rng.random(k)).astype(dt)
    storage = vals.reshape(shape)
    must = [] if t.value_range is None else list(t.value_range[2:])
    view = view_of(storage, t)
    if must and view.size:
        flat = rng.choice(view.size, size=min(len(must), view.size), replace=False)
        for v, pos in zip(must, flat):
            if dt.kind in "iub":
                if not math.isfinite(v) or v != int(v):
                    raise CaseError(f"{where}: field input_data_ranges: must-appear value {v} is not a {dt.name}")
                _int_values(t, v, v, where)
            with np.errstate(over="ignore"):
                view[np.unravel_index(pos, view.shape)] = np.asarray(v).astype(dt)
    return storage


def view_of(storage, t):
    """t's view over storage (numpy as_strided, no copy); raises CaseError when it does not fit."""
    flat = storage.reshape(-1)
    if 0 not in t.shape:
        last = t.offset + sum((d - 1) * s for d, s in zip(t.shape, t.strides))
        if t.offset < 0 or any(s < 0 for s in t.strides) or last >= flat.size:
            raise CaseError(f"view shape {t.shape} strides {t.strides} offset {t.offset} does not fit storage "
                            f"{tuple(storage.shape)}")
    item = flat.itemsize
    return np.lib.stride_tricks.as_strided(flat[t.offset:] if flat.size else flat, shape=t.shape,
                                           strides=tuple(s * item for s in t.strides))


def prepare(case, seed, soc=None):
    """(storages, golden) of a case: seeded input storages and the operator's result on their views, for the
    profile case.soc (else soc, else the process's). A declared output shape must be the result's, or for a
    0-d result (mean, sum) a one-element shape such as the kernels' (1,), which the golden then takes; in
    kernel mode another declared shape only sets case.note (TTK infers kernel output shapes), in aclnn mode it
    is a CaseError. Raises AclnnError where the operator rejects the case, CaseError where the views do not
    fit."""
    rng = _rng(seed, case.name)
    storages = [generate_storage(t, rng, case.where) for t in case.inputs]
    views = [view_of(s, t) for s, t in zip(storages, case.inputs)]
    golden = call(case.op, [views[k] for k in case.order], case.reduction, case.params, out_dtype=case.out_dtype,
                  soc=case.soc if case.soc is not None else soc)
    if case.out_shape is not None and tuple(golden.shape) != tuple(case.out_shape):
        if golden.ndim == 0 and _numel(case.out_shape) == 1:
            golden = golden.reshape(case.out_shape)
        elif case.mode == "kernel":  # TTK's kernel mode infers output shapes; ops-nn's lists declare others
            case.note = (f"output_shapes {case.out_shape} is not the operator's output shape "
                         f"{tuple(golden.shape)}; the golden has the operator's")
        else:
            raise CaseError(f"{case.where}: field tensor_view_shapes[{len(case.inputs)}]: {case.out_shape} is "
                            f"not the operator's output shape {tuple(golden.shape)}")
    return storages, golden


# ------------------------------------------------------------------ writing

def _save(path, array, fmt):
    if fmt == "npy":
        payload = array
        if BFLOAT16 is not None and array.dtype == BFLOAT16:
            payload = array.view(np.dtype("V2"))
        with open(path, "wb") as f:
            np.save(f, payload, allow_pickle=False)
    else:
        with open(path, "wb") as f:
            f.write(np.ascontiguousarray(array).tobytes())


def write_case(root, case, storages, golden, fmt="bin"):
    """Writes one case folder under root by TTK's protocol (a hidden temporary folder renamed into place, so
    the folder is complete or absent). An existing folder of that name is never replaced: CaseError. The
    command line writes every case of a list into a staged dataset folder (aclcpu._fs.Staged), published
    only when all succeeded. Returns the folder's path."""
    os.makedirs(root, exist_ok=True)
    target = os.path.join(root, case_directory_name(case.name))
    if os.path.lexists(target):
        raise CaseError(f"{case.where}: case folder {target} exists already")
    tmp = tempfile.mkdtemp(prefix=f".{os.path.basename(target)}.", dir=root)
    try:
        for i, s in enumerate(storages):
            _save(os.path.join(tmp, f"input_{i}_{s.dtype.name}.{fmt}"), np.ascontiguousarray(s), fmt)
        g = np.ascontiguousarray(golden)
        if fmt == "bin":
            name = f"golden_0_{g.dtype.name}__shape_{shape_token(golden.shape)}.bin"
        else:
            name = f"golden_0_{g.dtype.name}.npy"
        _save(os.path.join(tmp, name), g if g.ndim else g.reshape(1), fmt)
        os.chmod(tmp, 0o777 & ~umask())  # mkdtemp makes the folder 0700; a case folder gets the usual mode
        os.rename(tmp, target)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return target
