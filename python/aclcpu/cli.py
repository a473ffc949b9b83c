"""The aclcpu command line: ``aclcpu golden`` and ``aclcpu compare`` (also ``python3 -m aclcpu``).

Exit status: 0 success (compare: pass), 1 compare: fail, 2 bad input (one line on stderr naming the file
and row; nothing half-written: every file is written under a temporary name and renamed).
"""
import argparse
import os
import re
import sys

import numpy as np

_GOLDEN_NAME = re.compile(r"^golden_\d+_([A-Za-z0-9_.-]+?)(?:__shape_(scalar|\d+(?:x\d+)*))?\.(bin|npy)$")


class BadInput(Exception):
    """Bad input: exit status 2 with this one-line message."""


def _split(text, what, n=3):
    items = [x.strip() for x in text.split(",")]
    if len(items) != n or not all(items):
        raise BadInput(f"--{what}: expected {n} comma-separated entries, got {text!r}")
    return items


def _load_input(path, dtype_name, shape_text):
    from . import from_bin
    from ._dtypes import dtype_of, parse_shape

    try:
        dt = dtype_of(dtype_name)
    except ValueError as e:
        raise BadInput(f"{path}: {e}") from None
    if not os.path.isfile(path):
        raise BadInput(f"{path}: no such file")
    try:
        shape = parse_shape(shape_text)
    except ValueError as e:
        raise BadInput(f"{path}: {e}") from None
    if path.endswith(".npy"):
        try:
            arr = np.load(path, allow_pickle=False)
        except (ValueError, OSError) as e:
            raise BadInput(f"{path}: not a .npy file ({e})") from None
        if arr.dtype.kind == "V" and arr.dtype.itemsize == dt.itemsize:
            arr = arr.view(dt)
        if arr.dtype != dt:
            raise BadInput(f"{path}: holds {arr.dtype}, but --dtypes says {dt.name}")
        if arr.shape != shape and arr.size == int(np.prod(shape, dtype=np.int64)):
            arr = arr.reshape(shape)
        if arr.shape != shape:
            raise BadInput(f"{path}: shape {arr.shape}, but --shapes says {shape}")
        return arr
    try:
        return from_bin(path, dt, shape)
    except ValueError as e:
        raise BadInput(str(e)) from None


def _write_array(path, array):
    from . import _atomic_write, BFLOAT16

    if path.endswith(".npy"):
        payload = array.view(np.dtype("V2")) if BFLOAT16 is not None and array.dtype == BFLOAT16 else array
        _atomic_write(path, lambda f: np.save(f, payload, allow_pickle=False))
    else:
        a = np.ascontiguousarray(array)
        _atomic_write(path, lambda f: f.write(a.tobytes()))


def cmd_golden(args):
    """aclcpu golden: one operator call from files, or a whole TTK/ATK case list."""
    from . import AclnnError, call, OPERATORS, soc_index
    from . import cases as C
    from ._ops import OPS

    if args.soc is not None:
        try:
            soc_index(args.soc)
        except AclnnError as e:
            raise BadInput(f"--soc: {e.message}") from None
    lists = [x for x in (args.ttk_csv, args.atk_json) if x]
    if len(lists) > 1 or (lists and args.inputs):
        raise BadInput("use one of --inputs, --ttk-csv, --atk-json")
    if args.inputs:
        if args.op not in OPERATORS:
            raise BadInput(f"--op {args.op!r} is not implemented by aclcpu (known: {', '.join(OPERATORS)})")
        if not args.output or not args.dtypes or not args.shapes:
            raise BadInput("--inputs needs --dtypes, --shapes and -o")
        info = OPS[args.op]
        params = {}
        if args.beta is not None:
            if "beta" not in (name for name, _ in info.params):
                raise BadInput(f"--beta: {args.op} has no beta parameter")
            params["beta"] = args.beta
        n = len(info.tensors)
        paths, dts, shapes = (_split(args.inputs, "inputs", n), _split(args.dtypes, "dtypes", n),
                              _split(args.shapes, "shapes", n))
        arrays = [_load_input(p, d, s) for p, d, s in zip(paths, dts, shapes)]
        out_dtype = None
        if args.out_dtype:
            from ._dtypes import dtype_of

            try:
                out_dtype = dtype_of(args.out_dtype)
            except ValueError as e:
                raise BadInput(f"--out-dtype: {e}") from None
        try:
            y = call(args.op, arrays, args.reduction, params, out_dtype=out_dtype, soc=args.soc)
        except AclnnError as e:
            raise BadInput(f"{args.op}: {e.message} (status {e.status})") from None
        _write_array(args.output, y)
        print(f"golden: {y.dtype.name} shape {C.shape_token(y.shape)} -> {args.output}")
        return 0
    if not lists:
        raise BadInput("give --inputs, --ttk-csv or --atk-json")
    if not args.out:
        raise BadInput("--out DIR is required with a case list")
    try:
        cases = C.read_ttk_csv(args.ttk_csv, args.soc) if args.ttk_csv else C.read_atk_json(args.atk_json)
    except C.CaseError as e:
        raise BadInput(str(e)) from None
    try:
        from tqdm import tqdm
    except ImportError:  # progress bar is optional
        def tqdm(it, **_):
            return it
    written, skipped = 0, []
    for case in tqdm(cases, desc="goldens", unit="case", disable=None if len(cases) > 50 else True,
                     file=sys.stderr):
        if case.skip:
            skipped.append((case.name, case.skip))
            continue
        try:
            storages, golden = C.prepare(case, args.seed, args.soc)
        except AclnnError as e:
            skipped.append((case.name, f"operator rejects it: {e.message} (status {e.status})"))
            continue
        except C.CaseError as e:
            raise BadInput(f"{case.where}: {e}" if case.where not in str(e) else str(e)) from None
        C.write_case(args.out, case, storages, golden, args.format)
        written += 1
    for name, why in skipped:
        print(f"skipped {name}: {why}", file=sys.stderr)
    print(f"{written} cases written to {args.out}, {len(skipped)} skipped")
    return 0


def cmd_compare(args):
    """aclcpu compare: bits, ULPs, MERE/MARE and the standards' verdicts of ACTUAL against GOLDEN."""
    from .compare import compare_files
    from ._dtypes import dtype_of, parse_shape

    dtype, shape = args.dtype, None
    m = _GOLDEN_NAME.match(os.path.basename(args.golden))
    if dtype is None and m:
        dtype = m.group(1)
    if args.shape is not None:
        try:
            shape = parse_shape(args.shape)
        except ValueError as e:
            raise BadInput(f"--shape: {e}") from None
    elif m and m.group(2):
        shape = parse_shape(m.group(2))
    if dtype is None:
        raise BadInput("--dtype is required (the golden's file name does not say it)")
    try:
        dtype_of(dtype)
    except ValueError as e:
        raise BadInput(f"--dtype: {e}") from None
    for p in (args.actual, args.golden):
        if not os.path.isfile(p):
            raise BadInput(f"{p}: no such file")
    try:
        report = compare_files(args.actual, args.golden, dtype, shape, args.standard)
    except ValueError as e:
        raise BadInput(str(e)) from None
    print("\n".join(report.lines()))
    return 0 if report.passed else 1


def build_parser():
    """The argparse parser of the command line."""
    p = argparse.ArgumentParser(prog="aclcpu", description="Bit-exact CPU goldens of CANN aclnn operators.")
    sub = p.add_subparsers(dest="command", required=True)
    g = sub.add_parser("golden", help="compute goldens: one call from files, or a TTK/ATK case list")
    from ._ops import OPS
    g.add_argument("--op", default="aclnnL1LossBackward", help="operator (aclnn API name): " + ", ".join(OPS))
    g.add_argument("--inputs", help="the input tensors' files in the C API's order: gradOutput,self,target "
                                    "(.bin raw or .npy)")
    g.add_argument("--dtypes", help="their dtypes, e.g. float16,float16,float16 (bf16/fp16/fp32 accepted)")
    g.add_argument("--shapes", help="their shapes, e.g. 2x3,2x3,3 ('scalar' for 0-d)")
    g.add_argument("--reduction", default="mean", choices=["none", "mean", "sum", "0", "1", "2"])
    g.add_argument("--beta", type=float, help="aclnnSmoothL1LossBackward's beta (default 1.0; passed as float32)")
    g.add_argument("--out-dtype", help="output dtype (default: the operator's: the promoted dtype; MSE: self's)")
    g.add_argument("--soc", help="product profile: Ascend950, Ascend910B, Ascend910_93, Ascend910, Ascend310P")
    g.add_argument("-o", "--output", help="golden file (.bin raw, .npy)")
    g.add_argument("--ttk-csv", help="TTK ACLNN or kernel case list (CSV)")
    g.add_argument("--atk-json", help="ATK case list (JSON)")
    g.add_argument("--out", help="output root of the TTK manual-data directories")
    g.add_argument("--format", default="bin", choices=["bin", "npy"])
    g.add_argument("--seed", type=int, default=0, help="seed of the generated inputs (default 0)")
    g.set_defaults(func=cmd_golden)
    c = sub.add_parser("compare", help="compare an actual output with a golden")
    c.add_argument("actual")
    c.add_argument("golden")
    c.add_argument("--dtype", help="element dtype (default: from a TTK golden file name)")
    c.add_argument("--shape", help="shape, e.g. 2x3 (default: from a TTK golden file name, else flat)")
    c.add_argument("--standard", default="binary", help="binary | ulp:N | mere | mixed | close")
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
        print(f"aclcpu {args.command}: error: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"aclcpu {args.command}: error: {e.filename or ''}: {e.strerror}", file=sys.stderr)
        return 2
