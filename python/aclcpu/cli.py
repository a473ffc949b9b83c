"""The aclcpu command line: ``aclcpu golden`` and ``aclcpu compare`` (also ``python3 -m aclcpu``).

Exit status: 0 success (compare: pass), 1 compare: fail, 2 bad input (one line on stderr naming the file,
row and field; nothing half-written or overwritten: every file is written under a temporary name and
renamed, a case list's folder is published only when all its cases succeeded), 130 interrupted.
"""
import argparse
import math
import os
import re
import sys

import numpy as np


class BadInput(Exception):
    """Bad input: exit status 2 with this one-line message."""


def _split(text, what, n, names):
    items = [x.strip() for x in text.split(",")]
    if len(items) != n or not all(items):
        raise BadInput(f"--{what}: expected {n} comma-separated entries ({names}), got {text!r}")
    return items


def _load_input(path, dtype_name, shape_text, cap):
    """One --inputs file as an array of the given dtype and shape, read by aclcpu.compare.load_array (regular
    files only; a .npy header must describe exactly the bytes after it): a .npy file (its dtype must be that
    dtype, in either byte order, or bfloat16 stored as V2; a same-sized shape is reshaped) or a raw .bin file
    of exactly prod(shape) * itemsize bytes. Files over the per-case cap are refused unread. BadInput names
    the file and what is wrong."""
    from . import compare as K
    from ._dtypes import dtype_of, parse_shape

    try:
        dt = dtype_of(dtype_name)
    except ValueError as e:
        raise BadInput(f"{path}: --dtypes: {e}") from None
    try:
        shape = parse_shape(shape_text)
    except ValueError as e:
        raise BadInput(f"{path}: --shapes: {e}") from None
    try:
        size = os.stat(path).st_size
    except OSError:
        size = 0  # load_array names what is wrong (missing, unreadable)
    if size > cap:
        raise BadInput(f"{path}: {size} bytes, over the per-case cap of {cap} bytes (--max-case-bytes or "
                       "ACLCPU_MAX_CASE_BYTES)")
    npy = path.endswith(".npy")
    try:  # compare's reader: regular files only, .npy headers that describe exactly the bytes that follow
        arr = K.load_array(path, dt, None if npy else shape)
    except K.DataError as e:
        raise BadInput(str(e)) from None
    except ValueError as e:  # a shape numpy cannot hold (more than 32 dims)
        raise BadInput(f"{path}: --shapes {shape_text}: {e}") from None
    if npy and arr.shape != shape and arr.size == math.prod(shape):
        arr = arr.reshape(shape)
    if arr.shape != shape:
        raise BadInput(f"{path}: shape {arr.shape}, but --shapes says {shape}")
    return arr


def _cap(args):
    """The per-case memory cap (bytes) from --max-case-bytes / ACLCPU_MAX_CASE_BYTES / the default."""
    from ._fs import max_case_bytes

    try:
        return max_case_bytes(args.max_case_bytes)
    except ValueError as e:
        raise BadInput(f"--max-case-bytes: {e}" if args.max_case_bytes is not None else str(e)) from None


def _write_array(path, array, name=None):
    """Writes array to path atomically: .npy by name's (default path's) extension, else raw bytes."""
    from . import _atomic_write, BFLOAT16

    if (name or path).endswith(".npy"):
        payload = array.view(np.dtype("V2")) if BFLOAT16 is not None and array.dtype == BFLOAT16 else array
        _atomic_write(path, lambda f: np.save(f, payload, allow_pickle=False))
    else:
        a = np.ascontiguousarray(array)
        _atomic_write(path, lambda f: f.write(a.tobytes()))


def cmd_golden(args):
    """aclcpu golden: one operator call from files, or a whole TTK/ATK case list."""
    from . import AclnnError, soc_index

    if args.soc is not None:
        try:
            soc_index(args.soc)
        except AclnnError as e:
            raise BadInput(f"--soc: {e.message}") from None
    lists = [x for x in (args.ttk_csv, args.atk_json) if x]
    if len(lists) > 1 or (lists and args.inputs):
        raise BadInput("use one of --inputs, --ttk-csv, --atk-json")
    from ._ops import REFERENCE

    no_inputs = args.op in REFERENCE and not REFERENCE[args.op].inputs  # aclnnEye, aclnnArange: parameters only
    if args.inputs or (no_inputs and not lists):
        return _golden_call(args, _cap(args))
    if not lists:
        raise BadInput("give --inputs, --ttk-csv or --atk-json")
    if args.param or args.beta is not None:  # a case list gives each case's parameters itself
        raise BadInput("--param and --beta go with --inputs; a case list gives each case's parameters")
    return _golden_list(args, _cap(args))


def _params(args, info):
    """{name: value} of --beta and every --param NAME=VALUE of --op: a real number (passed as float32), or for a
    bool parameter true/false. BadInput for a name --op does not have, a value of the wrong kind, a name given
    twice."""
    names = [name for name, _ in info.params]
    given = [("beta", args.beta, "--beta")] if args.beta is not None else []
    for item in args.param or ():
        name, eq, text = item.partition("=")
        if not eq or not name:
            raise BadInput(f"--param {item!r}: expected NAME=VALUE")
        given.append((name, text, f"--param {name}"))
    params = {}
    for name, value, flag in given:
        if name not in names:
            raise BadInput(f"--beta: {info.api} has no beta parameter" if flag == "--beta" else
                           f"{flag}: {info.api} has no parameter {name!r} (its parameters: {', '.join(names) or 'none'})")
        if name in params:
            raise BadInput(f"{flag}: {name} given twice")
        if isinstance(value, float):
            params[name] = value
        elif name in info.bool_params:
            if value.lower() not in ("true", "false"):
                raise BadInput(f"{flag}: expected true or false, got {value!r}")
            params[name] = value.lower() == "true"
        else:
            try:
                params[name] = float(value)
            except ValueError:
                raise BadInput(f"{flag}: expected a real number, got {value!r}") from None
    return params


def _golden_call(args, cap):
    """aclcpu golden --inputs: one call of --op on files."""
    from . import AclnnError, call, INPLACE_OPERATORS, OPERATORS
    from ._dtypes import dtype_of, parse_shape, shape_token
    from ._ops import OPS

    if args.op in INPLACE_OPERATORS:
        raise BadInput(f"--op {args.op}: the command line serves the out-of-place operators; "
                       f"use {INPLACE_OPERATORS[args.op][1]} (the same values), or aclcpu.{INPLACE_OPERATORS[args.op][0]} "
                       "in Python")
    from ._ops import REFERENCE

    if args.op in REFERENCE:
        return _golden_reference(args, cap, REFERENCE[args.op])
    if args.op not in OPERATORS:
        raise BadInput(f"--op {args.op!r} is not implemented by aclcpu (known: {', '.join(OPERATORS)}; "
                       f"reference tier, with --fidelity reference: {', '.join(REFERENCE)})")
    if args.out_shapes or args.out_dtypes:
        raise BadInput(f"--out-shapes and --out-dtypes go with reference-tier operators; {args.op} takes "
                       "--out-dtype")
    if not args.output or not args.dtypes or not args.shapes:
        raise BadInput("--inputs needs --dtypes, --shapes and -o")
    info = OPS[args.op]
    params = _params(args, info)
    outputs = info.outputs or (info.output,)
    out_paths = [args.output] if len(outputs) == 1 else _split(args.output, "output", len(outputs),
                                                                f"{args.op}'s {', '.join(outputs)}")
    if len({os.path.realpath(p) for p in out_paths}) != len(out_paths):
        raise BadInput(f"-o: {args.op}'s {len(outputs)} outputs need {len(outputs)} different files")
    n = len(info.tensors)
    what = f"{args.op}'s {', '.join(info.tensors)}"
    paths, dts, shapes = (_split(args.inputs, "inputs", n, what), _split(args.dtypes, "dtypes", n, what),
                          _split(args.shapes, "shapes", n, what))
    _check_not_inputs(out_paths, paths)
    out_dtype = None
    if args.out_dtype:
        try:
            out_dtype = dtype_of(args.out_dtype)
        except ValueError as e:
            raise BadInput(f"--out-dtype: {e}") from None
    try:  # the output's size, before any file is read (shapes that do not broadcast: the operator says so)
        out_n = math.prod(np.broadcast_shapes(*(parse_shape(x) for x in shapes)))
        item = max([dtype_of(d).itemsize for d in dts] + ([out_dtype.itemsize] if out_dtype else []))
    except ValueError:
        out_n = item = 0
    if out_n * item * 2 > cap:
        raise BadInput(f"--shapes: the output ({out_n} elements) needs about {out_n * item * 2 >> 20} MiB, over "
                       f"the per-case cap of {cap >> 20} MiB (--max-case-bytes or ACLCPU_MAX_CASE_BYTES)")
    arrays = [_load_input(p, d, x, cap) for p, d, x in zip(paths, dts, shapes)]
    try:
        y = call(args.op, arrays, args.reduction, params, out_dtype=out_dtype, soc=args.soc)
    except AclnnError as e:
        raise BadInput(f"{args.op}: {e.message} (status {e.status})") from None
    ys = y if isinstance(y, tuple) else (y,)
    _write_outputs(out_paths, ys)
    for path, a in zip(out_paths, ys):
        _say(f"golden: {a.dtype.name} shape {shape_token(a.shape)} -> {path}")
    return 0


def _write_outputs(out_paths, ys):
    """Writes ys[k] to out_paths[k]: one file atomically, several all published or none."""
    if len(ys) == 1:
        _write_array(out_paths[0], ys[0])
    else:  # every file written beside its target first, then all renamed: all published or none
        for path in out_paths:
            if path.endswith(os.sep) or os.path.isdir(path):
                raise BadInput(f"-o {path}: is a folder, not a file name")
        staged = []
        try:
            for k, (path, a) in enumerate(zip(out_paths, ys)):
                part = os.path.join(os.path.dirname(os.path.abspath(path)),
                                    f".{os.path.basename(path)}.{os.getpid()}.{k}.part")
                _write_array(part, a, path)
                staged.append((part, path))
            for part, path in staged:
                os.replace(part, path)
        finally:
            for part, _ in staged:
                if os.path.lexists(part):
                    os.unlink(part)


_ABSENT = "none"  # an absent optional tensor in --inputs/--dtypes/--shapes and --out-shapes/--out-dtypes
_MAX_DIMS = 32  # numpy's limit on a shape's dims (the operators' own checks refuse more than 8)


def _check_not_inputs(out_paths, in_paths):
    """BadInput when an output file is one of the input files (it would be overwritten by its own golden)."""
    ins = {os.path.realpath(p) for p in in_paths if p != _ABSENT}
    for path in out_paths:
        if os.path.realpath(path) in ins:
            raise BadInput(f"-o {path}: is one of the --inputs files; write the golden to another file")


def _reference_param(info, name, text):
    """A --param value for reference-tier operator info's parameter name, by its C kind; BadInput when it does
    not parse."""
    from ._dtypes import dtype_of

    kind = dict(info.params)[name]
    try:
        if kind in ("int64_t", "int8_t", "int32_t"):
            if not re.fullmatch(r"[+-]?[0-9]+", text.strip()):
                raise ValueError("expected an integer")
            return int(text)
        if kind in ("float", "double"):
            return float(text)
        if kind == "bool":
            if text.lower() not in ("true", "false"):
                raise ValueError("expected true or false")
            return text.lower() == "true"
        if kind == "aclScalar?" and text.strip().lower() == "none":  # an optional aclScalar: NULL
            return None
        if kind in ("aclScalar", "aclScalar?"):
            return int(text) if re.fullmatch(r"[+-]?[0-9]+", text.strip()) else float(text)
        if kind == "aclIntArray":
            items = [x.strip() for x in text.split(",")] if text.strip() else []
            if not all(re.fullmatch(r"[+-]?[0-9]+", x) for x in items):
                raise ValueError("expected comma-separated integers")
            return [int(x) for x in items]
        if kind == "aclDataType":
            return dtype_of(text)
        return text  # char*
    except ValueError as e:
        raise BadInput(f"--param {name}: {info.api}'s {name} is {kind}; {text!r} does not parse ({e})") from None


def _golden_reference(args, cap, info):
    """aclcpu golden --inputs of a reference-tier operator (PyTorch's ATen on the CPU inside CANN's checks):
    refused without --fidelity reference; the outputs' shapes and dtypes are given (--out-shapes, --out-dtypes);
    what is written is said to be reference-tier."""
    from . import AclnnError, call
    from ._dtypes import dtype_of, parse_shape, shape_token

    if args.fidelity != "reference":
        raise BadInput(f"--op {info.api} is a reference-tier operator (PyTorch's ATen on the CPU, not modelled from "
                       "the NPU kernel): add --fidelity reference to compute it")
    if args.reduction != "mean" or args.beta is not None or args.out_dtype:
        raise BadInput(f"{info.api}: a reference-tier operator takes its parameters as --param NAME=VALUE and its "
                       "output dtypes as --out-dtypes")
    if not args.output or not args.out_shapes or not args.out_dtypes or (info.inputs and (not args.dtypes or not args.shapes)):
        raise BadInput(f"{info.api}: needs --inputs, --dtypes, --shapes (for its input tensors), --out-shapes, "
                       "--out-dtypes and -o")
    names = [n for n, _ in info.inputs]
    what = f"{info.api}'s {', '.join(names)} ('{_ABSENT}' for an absent optional one)"
    if names:
        paths, dts, shapes = (_split(args.inputs, "inputs", len(names), what),
                              _split(args.dtypes, "dtypes", len(names), what),
                              _split(args.shapes, "shapes", len(names), what))
    elif args.inputs or args.dtypes or args.shapes:
        raise BadInput(f"{info.api} takes no input tensors: leave out --inputs, --dtypes and --shapes")
    else:
        paths, dts, shapes = [], [], []
    onames = [n for n, _ in info.outputs]
    owhat = f"{info.api}'s {', '.join(onames)} ('{_ABSENT}' for an absent optional one)"
    oshapes = _split(args.out_shapes, "out-shapes", len(onames), owhat)
    odts = _split(args.out_dtypes, "out-dtypes", len(onames), owhat)
    outputs, out_bytes = [], 0
    for (name, optional), sh, dt in zip(info.outputs, oshapes, odts):
        if (sh == _ABSENT) != (dt == _ABSENT):
            raise BadInput(f"--out-shapes/--out-dtypes: {name} is '{_ABSENT}' in one and not the other")
        if sh == _ABSENT:
            if not optional:
                raise BadInput(f"--out-shapes: {info.api}'s output {name} is not optional")
            outputs.append(None)
            continue
        try:
            shape, dtype = parse_shape(sh), dtype_of(dt)
        except ValueError as e:
            raise BadInput(f"--out-shapes/--out-dtypes: {name}: {e}") from None
        if len(shape) > _MAX_DIMS or any(d >= 2**62 // dtype.itemsize for d in shape):
            raise BadInput(f"--out-shapes: {name}'s shape {sh} has more than {_MAX_DIMS} dims or a dim of 2**62 "
                           "bytes or more")
        outputs.append((shape, dtype))
        out_bytes += math.prod(shape) * dtype.itemsize
    present = [n for n, o in zip(onames, outputs) if o is not None]
    out_paths = _split(args.output, "output", len(present), f"{info.api}'s {', '.join(present)}")
    if len({os.path.realpath(p) for p in out_paths}) != len(out_paths):
        raise BadInput(f"-o: {info.api}'s {len(present)} outputs need {len(present)} different files")
    _check_not_inputs(out_paths, paths)
    if out_bytes * 2 > cap:
        raise BadInput(f"--out-shapes: the outputs need about {out_bytes * 2} bytes, over the per-case cap of "
                       f"{cap} bytes (--max-case-bytes or ACLCPU_MAX_CASE_BYTES)")
    params = {}
    for item in args.param or ():
        name, eq, text = item.partition("=")
        if not eq or not name:
            raise BadInput(f"--param {item!r}: expected NAME=VALUE")
        if name not in dict(info.params):
            raise BadInput(f"--param {name}: {info.api} has no parameter {name!r} (its parameters: "
                           f"{', '.join(n for n, _ in info.params) or 'none'})")
        if name in params:
            raise BadInput(f"--param {name}: given twice")
        params[name] = _reference_param(info, name, text)
    arrays = []
    for (name, optional), p, d, x in zip(info.inputs, paths, dts, shapes):
        if p == _ABSENT:
            if not optional:
                raise BadInput(f"--inputs: {info.api}'s {name} is not optional")
            arrays.append(None)
        else:
            arrays.append(_load_input(p, d, x, cap))
    try:
        y = call(info.api, arrays, params=params, outputs=outputs, fidelity="reference", soc=args.soc)
    except AclnnError as e:
        message = e.message if e.message.startswith(info.api) else f"{info.api}: {e.message}"
        raise BadInput(f"{message} (status {e.status})") from None
    ys = [a for a in (y if isinstance(y, tuple) else (y,)) if a is not None]
    _write_outputs(out_paths, ys)
    for path, a in zip(out_paths, ys):
        _say(f"golden (reference tier: PyTorch's ATen on the CPU, not modelled from the NPU kernel): "
             f"{a.dtype.name} shape {shape_token(a.shape)} -> {path}")
    return 0


def _golden_list(args, cap):
    """aclcpu golden --ttk-csv/--atk-json: every selected case into one dataset folder, published only when
    all cases were read and computed (skips are reported, not failures)."""
    from . import AclnnError
    from . import cases as C
    from ._fs import PublishError, Staged, check_publishable

    if not args.out:
        raise BadInput("--out DIR is required with a case list")
    source = args.ttk_csv or args.atk_json
    if args.overwrite and os.path.isdir(args.out) and _inside(source, args.out):
        raise BadInput(f"{args.out}: holds the case list {source}, which --overwrite would delete (write the "
                       "dataset to another folder)")
    patterns = [p.strip() for t in args.testcase or () for p in t.split(",")]
    if "" in patterns:
        raise BadInput(f"--testcase: empty pattern in {','.join(args.testcase)!r} (it would match no case)")
    try:
        check_publishable(args.out, args.overwrite)
        cases = C.read_ttk_csv(args.ttk_csv, args.soc) if args.ttk_csv else C.read_atk_json(args.atk_json)
        cases = C.select_cases(cases, patterns)
    except (C.CaseError, PublishError) as e:
        raise BadInput(str(e)) from None
    try:
        from tqdm import tqdm
    except ImportError:  # progress bar is optional
        def tqdm(it, **_):
            return it
    written, skipped, notes, profiles = 0, [], [], {}
    try:
        with Staged(args.out, args.overwrite) as folder:
            for case in tqdm(cases, desc="goldens", unit="case", disable=None if len(cases) > 50 else True,
                             file=sys.stderr):
                why = case.skip or C.over_cap(case, cap)
                if why:
                    skipped.append((case.name, why))
                    continue
                try:
                    storages, golden = C.prepare(case, args.seed, args.soc)
                except AclnnError as e:
                    skipped.append((case.name, f"operator rejects it: {e.message} (status {e.status})"))
                    continue
                except MemoryError:
                    skipped.append((case.name, f"out of memory (needs about {C.case_bytes(case) >> 20} MiB; "
                                               "lower --max-case-bytes to skip such cases)"))
                    continue
                C.write_case(folder, case, storages, golden, args.format)
                written += 1
                if case.note:
                    notes.append((case.name, case.note))
                soc = case.soc or args.soc or C._default_soc()
                profiles[soc] = profiles.get(soc, 0) + 1
    except (C.CaseError, PublishError) as e:
        raise BadInput(str(e)) from None
    for name, why in notes:
        _say(f"note {name}: {why}", sys.stderr)
    for name, why in skipped:
        _say(f"skipped {name}: {why}", sys.stderr)
    used = ", ".join(f"{k} {v}" for k, v in sorted(profiles.items()))
    _say(f"{written} cases written to {args.out}, {len(skipped)} skipped" + (f" (profiles: {used})" if used else ""))
    return 0


def _inside(path, folder):
    """True when path (a file) lies in folder or below it (links resolved)."""
    real, top = os.path.realpath(path), os.path.realpath(folder)
    return os.path.commonpath([real, top]) == top


def cmd_compare(args):
    """aclcpu compare ACTUAL GOLDEN: two files (bits, ULPs, MERE/MARE, the standards' verdicts, CANN's metrics,
    NaN/inf census) or two folders of TTK manual data (one line per file and a total); docs/compare.md."""
    from . import compare as K
    from ._dtypes import dtype_of, parse_shape

    shape = None
    if args.shape is not None:
        try:
            shape = parse_shape(args.shape)
        except ValueError as e:
            raise BadInput(f"--shape: {e}") from None
    if args.dtype is not None:
        try:
            dtype_of(args.dtype)
        except ValueError as e:
            raise BadInput(f"--dtype: {e}") from None
    try:
        K.check_standard(args.standard)
    except ValueError as e:
        raise BadInput(f"--standard: {e}") from None
    try:
        if args.report is not None:
            K.check_report_path(args.report, args.force, (args.actual, args.golden))
        K.check_exist(args.actual, args.golden)
        is_dir = [os.path.isdir(p) for p in (args.actual, args.golden)]
        if all(is_dir):
            rows, counts = K.compare_dirs(args.actual, args.golden, args.standard, args.dtype, shape)
            passed = not any(r.status in K.FAILING for r in rows)
            text = [r.line() for r in rows] + [K.total_line(counts, args.standard)]
        else:
            for p, d in zip((args.actual, args.golden), is_dir):
                if d:
                    raise K.DataError(f"{K.shown(p)}: is a folder, but the other argument is not (give two "
                                      "files or two folders)")
            report = K.compare_files(args.actual, args.golden, args.dtype, shape, args.standard)
            passed = report.passed
            rows = [K.Row("pass" if passed else "fail", args.golden, args.actual, None, report)]
            counts = K.count_rows(rows)
            text = report.lines()
        if args.report is not None:
            K.write_report(args.report, rows, counts, args.standard, passed, args.force)
    except K.DataError as e:
        raise BadInput(str(e)) from None
    _say("\n".join(text))
    return 0 if passed else 1


def build_parser():
    """The argparse parser of the command line."""
    p = argparse.ArgumentParser(prog="aclcpu", description="Bit-exact CPU goldens of CANN aclnn operators.")
    sub = p.add_subparsers(dest="command", required=True)
    from ._ops import OPS
    from ._fs import DEFAULT_MAX_CASE_BYTES

    def signature(i):  # tensors, then --param names; "!" marks one without a default (it must be given)
        params = [f"{p}{'!' if d is None else ''}" for p, d in i.params]
        return ", ".join(list(i.tensors) + ([f"--param {' '.join(params)}"] if params else []))

    ops = "; ".join(f"{api}({signature(i)})" for api, i in OPS.items())
    beta = ", ".join(api for api, i in OPS.items() if any(p == "beta" for p, _ in i.params))
    g = sub.add_parser("golden", help="compute goldens: one call from files, or a TTK/ATK case list")
    g.add_argument("--op", default="aclnnL1LossBackward",
                   help=f"operator (aclnn API name), its input tensors in the C API's order and its parameters "
                        f"(! = no default: --param is required): {ops}")
    g.add_argument("--inputs", help="the operator's input tensor files in the C API's order, comma-separated "
                                    "(.bin raw or .npy)")
    g.add_argument("--dtypes", help="their dtypes, e.g. float16,float16,float16 (bf16/fp16/fp32 accepted)")
    g.add_argument("--shapes", help="their shapes, e.g. 2x3,2x3,3 ('scalar' for 0-d)")
    g.add_argument("--reduction", default="mean", choices=["none", "mean", "sum", "0", "1", "2"])
    g.add_argument("--beta", type=float, help=f"beta of {beta} (default 1.0; passed as float32)")
    g.add_argument("--param", action="append", metavar="NAME=VALUE",
                   help="a number parameter of --op by its aclnn name, e.g. negativeSlope=0.2, lambd=0.5, "
                        "selfIsResult=true (a real number passed as float32, or true/false; repeatable; "
                        "default: the operator's)")
    g.add_argument("--out-dtype", help="output dtype (default: the operator's: the promoted dtype; MSE: self's)")
    g.add_argument("--fidelity", default="exact", choices=["exact", "reference"],
                   help="reference: also compute reference-tier operators (PyTorch's ATen on the CPU inside CANN's "
                        "checks, not modelled from the NPU kernel; refused otherwise)")
    g.add_argument("--out-shapes", help="a reference-tier operator's output shapes, comma-separated ('none' for an "
                                        "absent optional output)")
    g.add_argument("--out-dtypes", help="a reference-tier operator's output dtypes, comma-separated")
    g.add_argument("--soc", help="product profile: Ascend950, Ascend910B, Ascend910_93, Ascend910, Ascend310P "
                                 "(default: a case row's soc_series, else ACLCPU_SOC_VERSION's)")
    g.add_argument("-o", "--output", help="golden file (.bin raw, .npy); an operator of two outputs "
                                          "(aclnnPreluBackward) takes two, comma-separated")
    g.add_argument("--ttk-csv", help="TTK ACLNN or kernel case list (CSV)")
    g.add_argument("--atk-json", help="ATK case list (JSON)")
    g.add_argument("--out", help="output folder of the TTK manual-data case folders: new or empty (written "
                                 "beside it first, published when every case succeeded)")
    g.add_argument("--overwrite", action="store_true", help="replace an existing non-empty --out folder whole")
    g.add_argument("-t", "--testcase", action="append", metavar="PATTERN",
                   help="only the cases whose testcase_name (ATK: id or case folder name) matches a pattern "
                        "(shell-style *, ?, [..]; repeat or comma-separate)")
    g.add_argument("--max-case-bytes", metavar="N",
                   help="per-case memory cap, e.g. 512M, 4G (default $ACLCPU_MAX_CASE_BYTES, else "
                        f"{DEFAULT_MAX_CASE_BYTES >> 30}G); larger cases are skipped with a message")
    g.add_argument("--format", default="bin", choices=["bin", "npy"])
    g.add_argument("--seed", type=int, default=0, help="seed of the generated inputs (default 0)")
    g.set_defaults(func=cmd_golden)
    c = sub.add_parser("compare", help="compare an actual output with a golden (two files or two folders)")
    c.add_argument("actual", help="the device's output: a file, or a folder of outputs")
    c.add_argument("golden", help="the golden: a file, or a folder of TTK manual data")
    c.add_argument("--dtype", help="element dtype (default: from a TTK golden file name or a .npy header)")
    c.add_argument("--shape", help="shape, e.g. 2x3 (default: from a TTK golden file name or a .npy header, "
                                   "else flat)")
    c.add_argument("--standard", default="binary", help="binary | ulp:N | mere | mixed | close")
    c.add_argument("--report", help="also write a report file, .json or .csv (never overwritten without --force)")
    c.add_argument("--force", action="store_true", help="replace an existing --report file")
    c.set_defaults(func=cmd_compare)
    return p


def main(argv=None):
    """Runs the command line; returns the exit status."""
    os.environ.setdefault("ASCEND_GLOBAL_LOG_LEVEL", "4")  # errors are reported here, one line each
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:
        return 2 if e.code not in (0, None) else 0
    if getattr(args, "reduction", None) in ("0", "1", "2"):
        args.reduction = int(args.reduction)
    try:
        return args.func(args)
    except BadInput as e:
        return _fail(args, str(e))
    # The last line of defence: the causes are checked where they arise (file names, sizes, encodings); what
    # still escapes is reported as bad input in one line, never as exit 1 (compare: fail) with a traceback.
    except OSError as e:
        return _fail(args, f"{e.filename}: {e.strerror}" if e.filename else str(e))
    except MemoryError:
        return _fail(args, "out of memory (lower --max-case-bytes to skip large cases)")
    except UnicodeError as e:
        return _fail(args, f"invalid text encoding ({e})")
    except RecursionError:
        return _fail(args, "input nested too deeply")
    except KeyboardInterrupt:
        _say(f"aclcpu {args.command}: interrupted; nothing published", sys.stderr)
        return 130


def _fail(args, message):
    """Prints the one-line error of a bad input; returns exit status 2."""
    _say(f"aclcpu {args.command}: error: {' '.join(message.split())}", sys.stderr)
    return 2


def _say(text, stream=None):
    """Writes text and a newline to stream (default stdout); names that are not valid UTF-8 are escaped
    (never a UnicodeEncodeError). A reader that went away (EPIPE: ``aclcpu compare ... | head -1``) is no error
    of the input: the rest of the output is dropped and the exit status stays the command's (0 after a dataset
    was published, 1 for a failed comparison), not 2."""
    stream = sys.stdout if stream is None else stream
    data = text + "\n"
    try:
        stream.flush()
        if hasattr(stream, "buffer"):
            stream.buffer.write(data.encode("utf-8", "backslashreplace"))
        else:
            stream.write(data)
        stream.flush()
    except BrokenPipeError:
        try:  # later writes (and the interpreter's last flush) go nowhere instead of failing again
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, stream.fileno())
            os.close(devnull)
        except (OSError, ValueError, AttributeError):
            pass
