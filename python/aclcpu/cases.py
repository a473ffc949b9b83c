"""Case lists (TTK CSV, ATK JSON) -> seeded inputs -> goldens -> TTK manual-data directories.

Formats (facts from hicann/ops-test-kit and hicann/ops-nn; no code of theirs is used):

* TTK ACLNN CSV (docs/Operator_Test_Guides/ACLNN_Case_Writing.md): testcase_name, api_name,
  tensor_view_shapes, tensor_dtypes (one entry applies to every tensor), tensor_storage_shapes,
  tensor_view_offsets, tensor_view_strides (elements), attributes ({'reduction': 1} or 'mean'),
  input_data_ranges, is_enabled, soc_series. The tensors are the operator's inputs in its parameter order, then
  its output (the last tensor, or output_tensor_indexes): gradOutput, self, target, gradInput for
  aclnnL1LossBackward (MSE: out; Smooth L1: gradOut, self, target, gradInput); the attributes hold reduction and
  the scalar parameters by their aclnn names ({'reduction': 1, 'beta': 0.5}; a missing beta is 1.0).
* TTK kernel CSV (docs/Operator_Test_Guides/Kernel_Case_Writing.md; ops-nn's
  loss/l1_loss_grad/tests/st/arch35/ttk_kernel_l1_loss_grad_st.csv and the mse_loss_grad and
  smooth_l1_loss_grad_v2 ones): op_name (l1_loss_grad, mse_loss_grad or mse_loss_grad_v2,
  smooth_l1_loss_grad_v2), input_shapes and input_dtypes in the op def's input order (grads, predict, label for
  l1_loss_grad; predict, label, dout for the others: aclcpu._ops), output_shapes, output_dtypes, attributes
  {'reduction': 'mean'|'sum'|'none'} and, for smooth_l1_loss_grad_v2, 'sigma' (beta; default 1.0).
* Common fields (docs/Test_Case_Generation.md): input_data_ranges "((min, max[, must-appear...]), ...)",
  None -> [-2, 2], min == max -> that value; is_enabled; soc_series ('Ascend910A', '-Ascend310P').
* ATK JSON (ops-nn loss/l1_loss_grad/tests/st/aclnnL1LossBackward/atk_aclnnL1LossBackward.json, and
  atk_aclnnMseLossBackward.json, atk_aclnnSmoothL1LossBackward.json): a list of cases {id, aclnn_name, inputs:
  [{name, type "tensor"|"attr", dtype fp16|bf16|fp32, shape, range_values [lo, hi], one value, or ["inf"]
  / ["-inf"] / ["nan"]}]}; the attrs "reduction" and "beta" hold their values in range_values (an attr given
  as a range [lo, hi] skips the case: the drawn value would be recorded nowhere).
* Output (docs/Manual_Data_Prepare_and_Replay.md §3-4): one directory per case named by TTK's rule,
  ``input_<i>_<dtype>.<fmt>`` with each input's backing storage (pure outputs such as gradInput are not
  saved), ``golden_<i>_<dtype>__shape_<d0xd1|scalar>.bin`` (npy: ``golden_<i>_<dtype>.npy``, bfloat16 stored as
  ``V2``), written in a hidden temporary directory and renamed into place.
"""
import ast
import csv
import hashlib
import json
import os
import re
import shutil
import tempfile
import zlib

import numpy as np

from . import AclnnError, call, soc_index
from ._dtypes import dtype_of, shape_token, BFLOAT16
from ._ops import OPS
from ._fs import umask

_SAFE = re.compile(r"[^A-Za-z0-9_.-]+")
_REDUCTION_NAMES = {0: "none", 1: "mean", 2: "sum"}
#: TTK kernel op names and aclnn API names we implement -> aclnn API name.
KNOWN_OPS = {}
for _api, _info in OPS.items():
    for _name in (_api, _info.kernel) + _info.kernel_aliases:
        KNOWN_OPS[_name] = _api


class CaseError(ValueError):
    """A malformed case list entry; the message names the file and row (or case id)."""


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
    (declared, or None), where (file:row for messages), params (the operator's scalar parameters by aclnn name,
    e.g. {"beta": 0.5}), order (for each aclnn input tensor, its position in inputs)."""

    def __init__(self, name, op, mode, inputs, reduction, out_dtype, out_shape, where, skip=None, params=None,
                 order=None):
        self.name, self.op, self.mode, self.inputs = name, op, mode, inputs
        self.reduction, self.out_dtype, self.out_shape, self.where, self.skip = (
            reduction, out_dtype, out_shape, where, skip)
        self.params = dict(params or {})
        self.order = tuple(order) if order is not None else tuple(range(len(inputs)))


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
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        pass
    try:
        return ast.literal_eval(_InfNan().visit(ast.parse(text, mode="eval")))
    except (ValueError, SyntaxError, TypeError):
        raise CaseError(f"{where}: cannot parse {what} {text!r}") from None


def _per_tensor(values, n, what, where, default=None):
    """TTK's list compression: one entry applies to all n tensors; otherwise exactly n (or empty)."""
    if values is None or values == () or values == []:
        return [default] * n
    if isinstance(values, (str, int, float)):
        values = (values,)
    values = list(values)
    if len(values) == 1:
        return values * n
    if len(values) < n:
        raise CaseError(f"{where}: {what} has {len(values)} entries, {n} expected")
    return values[:n]


def _dtype(name, where):
    try:
        return dtype_of(name)
    except (ValueError, TypeError) as e:
        raise CaseError(f"{where}: {e}") from None


def _shape(value, what, where):
    if value is None:
        return ()
    if isinstance(value, int):
        return (value,)
    try:
        shape = tuple(int(d) for d in value)
    except (TypeError, ValueError):
        raise CaseError(f"{where}: bad {what} {value!r}") from None
    if any(d < 0 for d in shape):
        raise CaseError(f"{where}: negative dimension in {what} {value!r}")
    return shape


def _range(value, where):
    if value is None:
        return None
    if isinstance(value, str):
        value = _special(value, where)
    if isinstance(value, (int, float)):
        return (value, value)
    try:
        vals = tuple(value)
    except TypeError:
        raise CaseError(f"{where}: bad input_data_ranges entry {value!r}") from None
    vals = tuple(_special(v, where) if isinstance(v, str) else v for v in vals)
    if len(vals) == 1 and isinstance(vals[0], (int, float)):  # ATK: ["inf"], ["nan"], [0]: that value
        return (vals[0], vals[0])
    if len(vals) < 2 or (vals[0] is None) != (vals[1] is None):
        if vals == (None, None):
            return None
        raise CaseError(f"{where}: bad input_data_ranges entry {value!r}")
    if vals[0] is None:
        return None
    if vals[0] > vals[1]:
        raise CaseError(f"{where}: input_data_ranges entry {value!r} has min > max")
    return vals


def _special(text, where):
    """ATK's special values written as strings: "inf", "-inf", "nan" (floats)."""
    if text.strip().lower() in ("inf", "+inf", "-inf", "nan"):
        return float(text)
    raise CaseError(f"{where}: bad value {text!r} in a range")


def _params(info, attrs, names, where):
    """The operator's scalar parameters from a case's attributes: names maps attribute name -> parameter name;
    missing parameters take their defaults. Raises CaseError for a value that is not a real number."""
    params = {}
    for attr, param in names.items():
        if attr in attrs:
            v = attrs[attr]
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                raise CaseError(f"{where}: bad {attr} {v!r} (a real number)")
            params[param] = float(v)
    for name, default in info.params:
        params.setdefault(name, default)
    return params


def _reduction(value, where):
    if isinstance(value, str) and value.lower() in ("none", "mean", "sum"):
        return {"none": 0, "mean": 1, "sum": 2}[value.lower()]
    if isinstance(value, int) and not isinstance(value, bool) and value in (0, 1, 2):
        return value
    raise CaseError(f"{where}: bad reduction {value!r} (none|mean|sum or 0|1|2)")


def _soc_excluded(soc_series, soc):
    """Whether TTK's soc_series filter excludes profile soc (None: no filter applies)."""
    if not soc_series or soc is None:
        return None
    if isinstance(soc_series, str):
        soc_series = (soc_series,)
    want = soc_index(soc)
    pos = [s for s in soc_series if not str(s).startswith("-")]
    neg = [str(s)[1:] for s in soc_series if str(s).startswith("-")]

    def same(s):
        try:
            return soc_index(s) == want
        except AclnnError:
            return False

    if any(same(s) for s in neg):
        return f"soc_series {tuple(soc_series)} excludes {soc}"
    if pos and not any(same(s) for s in pos):
        return f"soc_series {tuple(soc_series)} does not include {soc}"
    return None


def read_ttk_csv(path, soc=None):
    """Reads a TTK ACLNN or kernel case list. Returns [Case]; raises CaseError naming the file and row
    (1-based line of the row in the file, the header being line 1) for a malformed row or an operator
    aclcpu does not implement."""
    cases = []
    try:
        f = open(path, newline="", encoding="utf-8-sig")
    except OSError as e:
        raise CaseError(f"{path}: {e.strerror}") from None
    with f:
        reader = csv.DictReader(f)
        if not reader.fieldnames:
            raise CaseError(f"{path}: empty file (no header)")
        fields = set(reader.fieldnames)
        aclnn = "api_name" in fields
        if not aclnn and "op_name" not in fields:
            raise CaseError(f"{path}:1: header has neither api_name (ACLNN) nor op_name (kernel)")
        for row in reader:
            where = f"{path}:{reader.line_num}"
            if not any((v or "").strip() for v in row.values() if isinstance(v, str)):
                continue
            name = (row.get("testcase_name") or "").strip() or f"auto_testcase_name_{len(cases)}"
            op_name = (row.get("api_name" if aclnn else "op_name") or "").strip()
            op = KNOWN_OPS.get(op_name)
            if op is None:
                raise CaseError(f"{where}: operator {op_name!r} is not implemented by aclcpu "
                                f"(known: {', '.join(sorted(KNOWN_OPS))})")
            info = OPS[op]
            attrs = _literal(row.get("attributes"), "attributes", where) or {}
            if not isinstance(attrs, dict):
                raise CaseError(f"{where}: attributes must be a dict, got {row.get('attributes')!r}")
            reduction = _reduction(attrs.get("reduction", "mean"), where)
            order = None
            ranges = _literal(row.get("input_data_ranges"), "input_data_ranges", where)
            if aclnn:
                shapes = _literal(row.get("tensor_view_shapes"), "tensor_view_shapes", where)
                if not isinstance(shapes, (tuple, list)) or len(shapes) not in (3, 4):
                    raise CaseError(f"{where}: tensor_view_shapes must list {', '.join(info.tensors)}"
                                    f" [, {info.output}], got {row.get('tensor_view_shapes')!r}")
                n = len(shapes)
                shapes = [_shape(s, "tensor_view_shapes", where) for s in shapes]
                dts = [_dtype(d, where) for d in _per_tensor(
                    _literal(row.get("tensor_dtypes"), "tensor_dtypes", where), n, "tensor_dtypes", where,
                    "float32")]
                storages = _per_tensor(_literal(row.get("tensor_storage_shapes"), "tensor_storage_shapes", where),
                                       n, "tensor_storage_shapes", where) \
                    if (row.get("tensor_storage_shapes") or "").strip() else [None] * n
                offsets = _per_tensor(_literal(row.get("tensor_view_offsets"), "tensor_view_offsets", where), n,
                                      "tensor_view_offsets", where, 0) \
                    if (row.get("tensor_view_offsets") or "").strip() else [0] * n
                strides = _per_tensor(_literal(row.get("tensor_view_strides"), "tensor_view_strides", where), n,
                                      "tensor_view_strides", where) \
                    if (row.get("tensor_view_strides") or "").strip() else [None] * n
                out_idx = _literal(row.get("output_tensor_indexes"), "output_tensor_indexes", where)
                if out_idx not in (None, (), [], (n - 1,), [n - 1], n - 1) or (out_idx and n == 3):
                    raise CaseError(f"{where}: output_tensor_indexes {out_idx!r}: {info.output} must be the 4th tensor")
                ranges = _per_tensor(ranges, 3, "input_data_ranges", where)
                inputs = []
                for i in range(3):
                    st = strides[i]
                    if st is not None:
                        st = _shape(st, "tensor_view_strides", where)
                        if len(st) != len(shapes[i]):
                            raise CaseError(f"{where}: tensor {i}: {len(st)} strides for {len(shapes[i])} dims")
                    sto = None if storages[i] is None else _shape(storages[i], "tensor_storage_shapes", where)
                    try:
                        off = int(offsets[i] or 0)
                    except (TypeError, ValueError):
                        raise CaseError(f"{where}: bad tensor_view_offsets entry {offsets[i]!r}") from None
                    inputs.append(Tensor(dts[i], shapes[i], st, off, sto, _range(ranges[i], where)))
                out_dtype = dts[3] if n == 4 else None
                out_shape = shapes[3] if n == 4 else None
                params = _params(info, attrs, {name: name for name, _ in info.params}, where)
                mode = "aclnn"
            else:
                shapes = _literal(row.get("input_shapes"), "input_shapes", where)
                if not isinstance(shapes, (tuple, list)) or len(shapes) != 3:
                    raise CaseError(f"{where}: input_shapes must list {', '.join(info.kernel_tensors)}, got "
                                    f"{row.get('input_shapes')!r}")
                shapes = [_shape(s, "input_shapes", where) for s in shapes]
                dts = [_dtype(d, where) for d in _per_tensor(
                    _literal(row.get("input_dtypes"), "input_dtypes", where), 3, "input_dtypes", where, "float32")]
                ranges = _per_tensor(ranges, 3, "input_data_ranges", where)
                inputs = [Tensor(dts[i], shapes[i], value_range=_range(ranges[i], where)) for i in range(3)]
                odt = _literal(row.get("output_dtypes"), "output_dtypes", where)
                out_dtype = _dtype(_per_tensor(odt, 1, "output_dtypes", where)[0], where) if odt else None
                osh = _literal(row.get("output_shapes"), "output_shapes", where)
                out_shape = _shape(osh[0], "output_shapes", where) if osh else None
                params = _params(info, attrs, info.kernel_attrs, where)
                order = info.kernel_order
                mode = "kernel"
            skip = None
            enabled = (row.get("is_enabled") or "").strip().lower()
            if enabled in ("false", "0", "no"):
                skip = "is_enabled is False"
            elif soc is not None:
                skip = _soc_excluded(_literal(row.get("soc_series"), "soc_series", where), soc)
            cases.append(Case(name, op, mode, inputs, reduction, out_dtype, out_shape, where, skip, params, order))
    return cases


def read_atk_json(path):
    """Reads an ATK case list (JSON array, see the module docstring). Returns [Case]; raises CaseError
    naming the file and case index."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except OSError as e:
        raise CaseError(f"{path}: {e.strerror}") from None
    except json.JSONDecodeError as e:
        raise CaseError(f"{path}: not JSON ({e})") from None
    if not isinstance(data, list):
        raise CaseError(f"{path}: expected a JSON array of cases")
    cases = []
    for k, c in enumerate(data):
        where = f"{path}: case {k}"
        if not isinstance(c, dict) or not isinstance(c.get("inputs"), list):
            raise CaseError(f"{where}: expected an object with an 'inputs' list")
        api = "aclnn" + str(c.get("aclnn_name", ""))
        if api not in OPS:
            raise CaseError(f"{where}: operator {api!r} is not implemented by aclcpu")
        ident = c.get("id", k)
        where = f"{path}: case id {ident}"
        info = OPS[api]
        tensors, reduction, attrs, skip = {}, None, {}, None
        for inp in c["inputs"]:
            if not isinstance(inp, dict):
                raise CaseError(f"{where}: bad input entry {inp!r}")
            if inp.get("type") == "attr":
                value = inp.get("range_values")
                if isinstance(value, list) and len(value) == 2 and value[0] != value[1]:
                    skip = f"attr {inp.get('name')} given as a range {value!r}"
                    value = value[0]
                elif isinstance(value, list) and len(value) in (1, 2):
                    value = value[0]
                if inp.get("name") == "reduction":
                    reduction = _reduction(value, where)
                else:
                    attrs[inp.get("name")] = value
            elif inp.get("type") == "tensor":
                shape = _shape(inp.get("shape"), "shape", where)
                tensors[inp.get("name")] = Tensor(_dtype(inp.get("dtype"), where), shape,
                                                  value_range=_range(inp.get("range_values"), where))
        missing = [n for n in info.tensors if n not in tensors]
        if missing or reduction is None:
            raise CaseError(f"{where}: missing {', '.join(missing + ([] if reduction is not None else ['reduction']))}")
        params = _params(info, attrs, {name: name for name, _ in info.params}, where)
        name = f"{c.get('name', 'case')}_{ident}".replace(".", "_")
        cases.append(Case(name, api, "atk", [tensors[n] for n in info.tensors], reduction, None, None, where,
                          skip, params))
    return cases


# ------------------------------------------------------------------ data

def _rng(seed, name):
    """A generator per (seed, case name): a case's data does not depend on its position in the list."""
    return np.random.default_rng([int(seed) & 0xFFFFFFFF, zlib.crc32(name.encode("utf-8"))])


def generate_storage(t, rng):
    """The backing storage of input t: values uniform in its range ([-2, 2] by default; integers inclusive),
    rounded to the dtype by numpy/ml_dtypes casts (nearest even); must-appear values (3rd and later range
    entries) are written over random elements of the view."""
    shape = t.storage_shape()
    lo, hi = (-2, 2) if t.value_range is None else t.value_range[:2]
    dt = t.dtype
    n = int(np.prod(shape, dtype=np.int64))
    if dt.kind in "iu":
        info = np.iinfo(dt)
        lo_i, hi_i = max(int(np.ceil(lo)), info.min), min(int(np.floor(hi)), info.max)
        vals = rng.integers(lo_i, hi_i, size=n, endpoint=True, dtype=np.int64).astype(dt)
    elif dt.kind == "b":
        vals = rng.integers(max(int(lo), 0), min(int(hi), 1), size=n, endpoint=True).astype(bool)
    else:
        vals = (lo + (hi - lo) * rng.random(n)) if hi != lo else np.full(n, float(lo))
        if dt.kind == "c":
            vals = vals + 1j * ((lo + (hi - lo) * rng.random(n)) if hi != lo else np.full(n, float(lo)))
        vals = vals.astype(dt)
    storage = vals.reshape(shape)
    must = [] if t.value_range is None else list(t.value_range[2:])
    view = view_of(storage, t)
    if must and view.size:
        flat = rng.choice(view.size, size=min(len(must), view.size), replace=False)
        for v, pos in zip(must, flat):
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


def prepare(case, seed, soc):
    """(storages, golden) of a case: seeded input storages and the operator's result on their views.
    Raises AclnnError where the operator rejects the case, CaseError where the views do not fit."""
    rng = _rng(seed, case.name)
    storages = [generate_storage(t, rng) for t in case.inputs]
    views = [view_of(s, t) for s, t in zip(storages, case.inputs)]
    golden = call(case.op, [views[k] for k in case.order], case.reduction, case.params, out_dtype=case.out_dtype,
                  soc=soc)
    if case.out_shape is not None and tuple(golden.shape) != tuple(case.out_shape):
        raise CaseError(f"{case.where}: output shape {case.out_shape} is not the broadcast shape "
                        f"{tuple(golden.shape)}")
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
    """Writes one case directory under root by TTK's protocol, atomically (a hidden temporary directory
    renamed into place; an older directory of the same name is replaced). Returns the directory path."""
    os.makedirs(root, exist_ok=True)
    target = os.path.join(root, case_directory_name(case.name))
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
        if os.path.lexists(target):
            if os.path.isdir(target) and not os.path.islink(target):
                shutil.rmtree(target)
            else:
                os.unlink(target)
        os.chmod(tmp, 0o777 & ~umask())  # mkdtemp makes the folder 0700; a case folder gets the usual mode
        os.replace(tmp, target)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return target
