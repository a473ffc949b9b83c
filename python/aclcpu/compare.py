"""Comparing an actual output (NPU) with a golden: bits, ULPs, the precision standards and CANN's metrics.

Standards (``standard`` argument / ``--standard``):

* ``binary``: every element bit-identical; any NaN equals any NaN; +0 and -0 differ.
* ``ulp:N``: every element within N units in the last place (+0 and -0 are 0 ULP apart; NaN only equals NaN).
* ``mere``: the community precision standard (TTK's ``stat_rel_err``, ops-test-kit docs/Precision_Comparison.md
  §2): rel = |a-g| / (|g| + 1e-7); pass when MERE = mean(rel) < T and MARE = max(rel) < 10 T, with T = 2^-10
  (float16), 2^-7 (bfloat16), 2^-13 (float32 and others).
* ``mixed``: TTK's default (§1): an element passes when |a-g| <= atol + rtol |g|; pass when at least 99% pass
  and the largest absolute error is within its hard limit or within 32 ULP. float16: rtol = atol = 2^-9, limit
  0.1; bfloat16: 2^-6, 2^-6, 1.0; float32 and other floats: rtol 2^-10, atol 2^-16, limit 0.01.
* ``close``: TTK's ``close`` (§3): numpy.isclose with rtol = 0.001 (float16, bfloat16) or 0.0001 (others),
  atol 1e-8, NaN equal to NaN; pass when the mismatch ratio <= ptol (= rtol).

For mixed, mere and close, a NaN in both at one position is a match, as are infinities of one sign; a NaN or
infinity in one only fails the standard. Integer and bool outputs are compared as values (ULP = difference).

Metrics (reported beside the verdicts, never deciding them), by the names of CANN's accuracy-comparison tool
msaccucmp (its FILE_CMP_SUPPORTED_ALGORITHM; Ascend mstt msprobe/msaccucmp/algorithm_manager/builtin_algorithm):
CosineSimilarity, MaxAbsoluteError, MaxRelativeError, MeanAbsoluteError, RootMeanSquareError,
AccumulatedRelativeError; see metrics() and docs/compare.md for the exact definitions. They are computed in
float64 from the exactly decoded elements over the positions where both values are finite; NaN and infinities
are counted and located separately (specials()).

Files: load_array() reads one raw or .npy file exactly (or raises DataError naming it); compare_dirs() matches
a folder of outputs with a folder of goldens by TTK's manual-data file names; write_report() writes the JSON
or CSV report.
"""
import csv
import io
import json
import math
import os
import re
import stat
import tempfile

import numpy as np

from ._dtypes import BFLOAT16, dtype_of, has_acl_dtype, parse_shape, shape_token

MERE_THRESHOLD = {"float16": 2.0 ** -10, "bfloat16": 2.0 ** -7, "float32": 2.0 ** -13}
MIXED = {"float16": (2.0 ** -9, 2.0 ** -9, 0.1), "bfloat16": (2.0 ** -6, 2.0 ** -6, 1.0),
         "float32": (2.0 ** -10, 2.0 ** -16, 0.01)}
CLOSE_RTOL = {"float16": 0.001, "bfloat16": 0.001}
STANDARDS = ("binary", "ulp:N", "mere", "mixed", "close")
#: CANN msaccucmp's names of the metrics, in the order they are printed and written.
METRICS = ("CosineSimilarity", "MaxAbsoluteError", "MaxRelativeError", "MeanAbsoluteError", "RootMeanSquareError",
           "AccumulatedRelativeError")
#: msaccucmp's ConstManager.FLOAT_EPSILON (float64 machine epsilon, 2^-52): a golden element of at most this
#: magnitude is left out of the relative errors; a vector of at most this norm counts as zero for the cosine.
FLOAT_EPSILON = float(np.finfo(np.float64).eps)
#: How many positions of each kind (mismatches, NaN, infinities) are listed.
POSITIONS = 10

_UINT = {2: np.uint16, 4: np.uint32, 8: np.uint64}
_INT = {2: np.int16, 4: np.int32, 8: np.int64}


def _is_float(dt):
    return dt.kind == "f" or (BFLOAT16 is not None and dt == BFLOAT16)


def _components(a):
    """Flat real arrays of an array (complex -> real and imaginary parts interleaved)."""
    a = np.ascontiguousarray(a).reshape(-1)
    if a.dtype.kind == "c":
        return a.view(np.float32 if a.dtype.itemsize == 8 else np.float64)
    return a


def _ordered(bits, size):
    """Maps float bit patterns to integers ordered like the values, +0 and -0 both to 0."""
    signed = bits.view(_INT[size]).astype(np.int64)
    mag = (bits & np.array((1 << (8 * size - 1)) - 1, dtype=_UINT[size])).astype(np.int64)
    return np.where(signed < 0, -mag, mag)


def ulp_distance(actual, golden):
    """Per-element distance in units in the last place (int64; float64 inf where exactly one is NaN).

    Both arrays flat, same float dtype (float16, bfloat16, float32, float64) or integer/bool (difference).
    """
    dt = golden.dtype
    if not _is_float(dt):
        return np.abs(actual.astype(np.float64) - golden.astype(np.float64))
    size = dt.itemsize
    ua, ug = actual.view(_UINT[size]), golden.view(_UINT[size])
    if size == 8:  # float64 bits do not fit the int64 subtraction safely; float128 keeps them exact enough
        d = np.abs(_ordered(ua, 8).astype(np.float64) - _ordered(ug, 8).astype(np.float64))
    else:
        d = np.abs(_ordered(ua, size) - _ordered(ug, size)).astype(np.float64)
    na, ng = np.isnan(actual.astype(np.float64)), np.isnan(golden.astype(np.float64))
    d = np.where(na & ng, 0.0, d)
    return np.where(na ^ ng, np.inf, d)


def _fmt(name, x):
    """A metric for the text output: 'n/a' for None (undefined), else 6 significant digits (the cosine 9, so
    that a value just below 1 does not print as 1)."""
    return "n/a" if x is None else (f"{x:.9g}" if name == "CosineSimilarity" else f"{x:.6g}")


def metrics(a64, g64):
    """CANN msaccucmp's metrics of actual a64 against golden g64 (flat float64 arrays of one length).

    Taken over the F positions where both values are finite (NaN and infinities: specials()); d = |a - g|:
    MaxAbsoluteError max d; MeanAbsoluteError mean d; RootMeanSquareError sqrt(mean d^2); relative error
    r = d / |g| where |g| > FLOAT_EPSILON (other positions are left out: msaccucmp counts them as 0), so
    MaxRelativeError max r (0 when no position qualifies) and AccumulatedRelativeError sum r;
    CosineSimilarity sum(a g) / (|a| |g|), clamped to [-1, 1], 1.0 when both norms are <= FLOAT_EPSILON and
    undefined (None) when exactly one is. With F = 0 every metric is None.

    Returns (dict METRICS name -> float or None, F, number of finite positions left out of the relative errors).
    """
    keep = np.isfinite(a64) & np.isfinite(g64)
    f = int(np.count_nonzero(keep))
    if f == 0:
        return dict.fromkeys(METRICS), 0, 0
    a, g = (a64, g64) if f == keep.size else (a64[keep], g64[keep])  # no copy when all are finite
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        d = np.subtract(a, g)
        np.abs(d, out=d)
        top = float(d.max())
        if top == 0.0 or not np.isfinite(top):
            rmse = top
        else:  # scaled so that squares of large float64 errors do not overflow
            u = d / top
            rmse = top * float(np.sqrt(np.dot(u, u) / f))
        den = np.abs(g)
        rel_ok = den > FLOAT_EPSILON
        rel = np.divide(d, den, out=den, where=rel_ok)  # in place of den; 0 where left out
        rel[~rel_ok] = 0.0
        out = {"MaxAbsoluteError": top, "MeanAbsoluteError": float(np.mean(d)), "RootMeanSquareError": rmse,
               "MaxRelativeError": float(rel.max()), "AccumulatedRelativeError": float(rel.sum())}
        out["CosineSimilarity"] = _cosine(a, g)
    return {k: out[k] for k in METRICS}, f, f - int(np.count_nonzero(rel_ok))


def _cosine(a, g):
    """Cosine similarity of two finite float64 vectors (metrics()); each is scaled by its largest magnitude
    first, so that the norms neither overflow nor underflow."""
    ma, mg = float(np.abs(a).max()), float(np.abs(g).max())
    if ma == 0.0 and mg == 0.0:
        return 1.0
    ua = a / ma if ma > 0 else a
    ug = g / mg if mg > 0 else g
    nua, nug = float(np.sqrt(np.dot(ua, ua))), float(np.sqrt(np.dot(ug, ug)))
    za, zg = ma * nua <= FLOAT_EPSILON, mg * nug <= FLOAT_EPSILON
    if za and zg:
        return 1.0
    if za or zg:
        return None
    return min(1.0, max(-1.0, float(np.dot(ua, ug)) / (nua * nug)))


def _side(x):
    """NaN and infinity counts and first positions of one flat float64 array (specials())."""
    nan, pinf, ninf = np.isnan(x), x == np.inf, x == -np.inf
    return {"nan": int(nan.sum()), "+inf": int(pinf.sum()), "-inf": int(ninf.sum()),
            "nan_positions": [int(i) for i in np.flatnonzero(nan)[:POSITIONS]],
            "inf_positions": [int(i) for i in np.flatnonzero(pinf | ninf)[:POSITIONS]]}


def specials(a64, g64):
    """NaN/infinity census of actual a64 and golden g64 (flat float64 arrays; complex: component indices).

    Returns {"golden": side, "actual": side, "disagree": count, "disagree_positions": [...]}, where a side is
    {"nan", "+inf", "-inf": counts, "nan_positions", "inf_positions": the first POSITIONS flat indices} and
    "disagree" counts positions where one is NaN and the other not, or an infinity meets another value.
    """
    bad = _special_mismatch(a64, g64)
    return {"golden": _side(g64), "actual": _side(a64), "disagree": int(bad.sum()),
            "disagree_positions": [int(i) for i in np.flatnonzero(bad)[:POSITIONS]]}


class Report:
    """The result of compare(): counts, the first mismatches, each standard's verdict and the metrics.

    Attributes: n (elements; complex: components), identical (bit-identical, NaN == NaN), max_ulp, mismatches
    (list of (flat index, expected, actual, expected hex, actual hex) for the first POSITIONS non-identical
    elements), mere, mare, mere_threshold, verdicts (standard name -> bool), standard (the one asked for),
    passed, metrics (METRICS name -> float or None), finite (positions where both are finite, the metrics'
    domain), rel_excluded (finite positions with |golden| <= FLOAT_EPSILON, left out of the relative errors),
    specials (see specials()), dtype (name), shape (tuple).
    """

    def __init__(self, **kw):
        self.__dict__.update(kw)

    def lines(self):
        """The report as text lines (what the CLI prints for one file)."""
        out = [f"elements: {self.n}  identical: {self.identical}  max ULP: {self.max_ulp:g}"]
        if self.mismatches:
            out.append("first mismatches (index: expected -> actual):")
            for i, e, a, eh, ah in self.mismatches:
                out.append(f"  [{i}] {e!r} ({eh}) -> {a!r} ({ah})")
        if self.mere is not None:
            out.append(f"MERE {self.mere:.6g}  MARE {self.mare:.6g}  (threshold {self.mere_threshold:.6g}, "
                       f"MARE limit {10 * self.mere_threshold:.6g})")
        out.append("  ".join(f"{k} {_fmt(k, self.metrics[k])}" for k in METRICS)
                   + f"  (over {self.finite} finite pairs; {self.rel_excluded} with |golden| <= 2^-52 not in"
                   " the relative errors)")
        out.append(self.special_text())
        out.append("verdicts: " + "  ".join(f"{k}={'pass' if v else 'fail'}" for k, v in self.verdicts.items()))
        out.append(f"{self.standard}: {'PASS' if self.passed else 'FAIL'}")
        return out

    def special_text(self):
        """One line: NaN and infinity counts of both sides, with positions where there are any."""
        parts = []
        for side in ("golden", "actual"):
            c = self.specials[side]
            text = f"{side} NaN {c['nan']} +inf {c['+inf']} -inf {c['-inf']}"
            if c["nan"]:
                text += f" (NaN at {_positions(c['nan_positions'], c['nan'])})"
            if c["+inf"] or c["-inf"]:
                text += f" (inf at {_positions(c['inf_positions'], c['+inf'] + c['-inf'])})"
            parts.append(text)
        d = self.specials["disagree"]
        parts.append(f"disagree at {d}" + (f" ({_positions(self.specials['disagree_positions'], d)})" if d else ""))
        return "NaN/inf: " + "; ".join(parts)

    def summary(self):
        """The one-line digest used per file in folder mode (after the status and the name)."""
        return (f"{self.dtype} {shape_token(self.shape)}  identical {self.identical}/{self.n}  max ULP "
                f"{self.max_ulp:g}  " + "  ".join(f"{k} {_fmt(k, self.metrics[k])}" for k in METRICS)
                + f"  NaN {self.specials['golden']['nan']}/{self.specials['actual']['nan']}"
                f"  inf {self.specials['golden']['+inf'] + self.specials['golden']['-inf']}"
                f"/{self.specials['actual']['+inf'] + self.specials['actual']['-inf']}"
                + (f"  NaN/inf disagree {self.specials['disagree']}" if self.specials["disagree"] else ""))

    def record(self):
        """The report as a dict of JSON types (the report file's per-file fields)."""
        return {"dtype": self.dtype, "shape": list(self.shape), "elements": self.n, "identical": self.identical,
                "max_ulp": self.max_ulp, "mere": self.mere, "mare": self.mare, "metrics": dict(self.metrics),
                "finite_pairs": self.finite, "rel_excluded": self.rel_excluded, "specials": self.specials,
                "verdicts": dict(self.verdicts),
                "first_mismatches": [{"index": i, "expected": e, "actual": a, "expected_hex": eh,
                                      "actual_hex": ah} for i, e, a, eh, ah in self.mismatches]}


def _positions(first, count):
    """'3, 7' or '3, 7, ... (12 in all)' for the first listed positions of count."""
    text = ", ".join(str(i) for i in first)
    return text if count <= len(first) else f"{text}, ... ({count} in all)"


def _special_mismatch(a, g):
    """True where NaN/inf positions disagree (both NaN, or equal infinities, match)."""
    na, ng = np.isnan(a), np.isnan(g)
    ia, ig = np.isinf(a), np.isinf(g)
    return (na ^ ng) | ((ia | ig) & ~(na | ng) & (a != g))


def check_standard(standard):
    """Validates a standard name; returns N for "ulp:N", else None. Raises ValueError for an unknown one."""
    if not isinstance(standard, str):
        raise ValueError(f"unknown standard {standard!r}; use one of {', '.join(STANDARDS)}")
    if standard.startswith("ulp:"):
        digits = standard[4:]
        ulp_n = int(digits) if digits.isascii() and digits.isdigit() else -1  # int() takes "+5", " 5", "٣"
        if ulp_n < 0:
            raise ValueError(f"bad standard {standard!r}: ulp:N needs an integer N >= 0")
        return ulp_n
    if standard not in STANDARDS:
        raise ValueError(f"unknown standard {standard!r}; use one of {', '.join(STANDARDS)}")
    return None


def compare(actual, golden, standard="binary"):
    """Compares two arrays of one dtype and shape element by element (see the module docstring).

    Args:
        actual, golden: numpy arrays or torch CPU tensors (same shape and dtype; complex compares its
            components), read through the package's one array check (aclcpu._as_array: byte-swapped arrays as
            their values, torch's negative/conjugate bits resolved, bfloat16 tensors as ml_dtypes.bfloat16;
            masked arrays refused).
        standard: "binary", "ulp:N" (N >= 0 integer), "mere", "mixed" or "close".
    Returns:
        Report.
    Raises:
        ValueError: different shapes or dtypes, a dtype without an aclDataType (objects, strings, float128...),
            an array the check refuses (aclcpu.AclnnError), or an unknown standard.
    """
    from . import _as_array

    actual, golden = _as_array(actual, "actual"), _as_array(golden, "golden")
    for side, x in (("actual", actual), ("golden", golden)):
        if not has_acl_dtype(x.dtype):
            raise ValueError(f"{side}: dtype {x.dtype} has no aclDataType; it cannot be compared element by element")
    if actual.shape != golden.shape:
        raise ValueError(f"shapes differ: actual {actual.shape}, golden {golden.shape}")
    if actual.dtype != golden.dtype:
        raise ValueError(f"dtypes differ: actual {actual.dtype}, golden {golden.dtype}")
    ulp_n = check_standard(standard)
    name = golden.dtype.name
    a, g = _components(actual), _components(golden)
    flt = _is_float(g.dtype)
    if flt:
        size = g.dtype.itemsize
        same_bits = a.view(_UINT[size]) == g.view(_UINT[size])
        a64, g64 = a.astype(np.float64), g.astype(np.float64)
        identical = same_bits | (np.isnan(a64) & np.isnan(g64))
    else:
        a64, g64 = a.astype(np.float64), g.astype(np.float64)
        identical = a == g
    n = int(g.size)
    ulp = ulp_distance(a, g) if n else np.zeros(0)
    max_ulp = float(ulp.max()) if n else 0.0
    bad = np.flatnonzero(~identical)[:POSITIONS]
    width = g.dtype.itemsize * 2

    def hexof(x):
        return "0x" + format(int(np.asarray(x).view(_UINT.get(g.dtype.itemsize, np.uint8))), f"0{width}x") \
            if g.dtype.itemsize in _UINT else repr(x)

    mismatches = [(int(i), g64[i].item(), a64[i].item(), hexof(g[i]), hexof(a[i])) for i in bad]
    verdicts = {"binary": bool(identical.all())}
    special = _special_mismatch(a64, g64) if flt else np.zeros(n, bool)
    both_special = (np.isnan(a64) & np.isnan(g64)) | (np.isinf(a64) & (a64 == g64))
    with np.errstate(invalid="ignore", over="ignore"):
        err = np.where(both_special, 0.0, np.abs(a64 - g64))
        rel = err / (np.abs(np.where(both_special, 0.0, g64)) + 1e-7)
    mere = mare = None
    thr = MERE_THRESHOLD.get(name, 2.0 ** -13)
    if n:
        if special.any():
            mere = mare = float("inf")
        else:
            mere, mare = float(rel.mean()), float(rel.max())
        verdicts["mere"] = bool(mere < thr and mare < 10 * thr)
        rtol, atol, limit = MIXED.get(name, MIXED["float32"])
        ok = (err <= atol + rtol * np.abs(np.where(both_special, 0.0, g64))) & ~special
        max_abs = float(np.where(special, np.inf, err).max())
        verdicts["mixed"] = bool(ok.mean() >= 0.99 and (max_abs <= limit or max_ulp <= 32) and not special.any())
        crtol = CLOSE_RTOL.get(name, 0.0001)
        close = np.isclose(a64, g64, rtol=crtol, atol=1e-8, equal_nan=True)
        verdicts["close"] = bool((1.0 - close.mean()) <= crtol)
    else:
        verdicts.update(mere=True, mixed=True, close=True)
    if ulp_n is not None:
        verdicts[standard] = bool(max_ulp <= ulp_n)
    met, finite, rel_excluded = metrics(a64, g64)
    return Report(n=n, identical=int(identical.sum()), max_ulp=max_ulp, mismatches=mismatches, mere=mere,
                  mare=mare, mere_threshold=thr, verdicts=verdicts, standard=standard,
                  passed=verdicts[standard], metrics=met, finite=finite, rel_excluded=rel_excluded,
                  specials=specials(a64, g64), dtype=name, shape=tuple(golden.shape))


# ---------------------------------------------------------------------------------------------------------
# Files


class DataError(ValueError):
    """A file that cannot be taken exactly as asked (missing, unreadable, not a regular file, wrong size, dtype
    or shape, not a .npy file). The message names the file and the field, on one line."""


#: TTK's manual-data file names (ops-test-kit docs/Manual_Data_Prepare_and_Replay.md §4):
#: <input|scalar|golden>_<index>_<numpy dtype|none>.<bin|npy|pt>, raw goldens with __shape_<d0xd1|scalar>;
#: output_<index>_... names the device output of golden slot <index> (the dtype and shape parts optional).
_DATA_NAME = re.compile(r"^(golden|output|input|scalar)_(\d+)(?:_([A-Za-z0-9]+))?"
                        r"(?:__shape_(scalar|\d+(?:x\d+)*))?\.(bin|npy|pt)$", re.ASCII)  # \d: 0-9 only


class DataName:
    """A parsed manual-data file name: role ('golden', 'output', 'input', 'scalar'), index (int), dtype (name
    as written, 'none' for TTK's None marker, or None when absent), shape (tuple or None), ext ('bin', 'npy',
    'pt')."""

    def __init__(self, role, index, dtype, shape, ext):
        self.role, self.index, self.dtype, self.shape, self.ext = role, index, dtype, shape, ext


def parse_name(name):
    """DataName of a file name (no folder part), or None when it is not a manual-data name."""
    m = _DATA_NAME.match(name)
    if not m:
        return None
    role, index, dtype, shape, ext = m.groups()
    return DataName(role, int(index), dtype.lower() if dtype else None,
                    parse_shape(shape) if shape is not None else None, ext)


def shown(path):
    """A path as printable text: bytes that are not UTF-8 (surrogate-escaped by the OS layer) as \\xNN."""
    return os.fsencode(path).decode("utf-8", "backslashreplace") if isinstance(path, str) else str(path)


def _read_regular(path):
    """The bytes of a regular file; DataError for a missing, unreadable or non-regular one. Opened without
    blocking and checked with fstat, so a FIFO or a device can neither hang nor be read."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise DataError(f"{shown(path)}: no such file") from None
    except OSError as e:
        if os.path.isdir(path):
            raise DataError(f"{shown(path)}: is a directory, not a file") from None
        raise DataError(f"{shown(path)}: cannot read ({e.strerror})") from None
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        raise DataError(f"{shown(path)}: " + ("is a directory, not a file" if stat.S_ISDIR(st.st_mode)
                                              else "not a regular file"))
    with os.fdopen(fd, "rb") as f:
        try:
            return f.read()
        except OSError as e:
            raise DataError(f"{shown(path)}: cannot read ({e.strerror})") from None


def load_array(path, dtype=None, shape=None):
    """Reads one raw (.bin or any other name) or .npy file exactly.

    Args:
        path: the file. ``.npy`` files are parsed (no pickles); bfloat16 arrays stored as ``V2`` take dtype.
        dtype: numpy dtype (or name) the elements must have; None: a .npy file's own (raw files need one).
        shape: tuple the array must have, or None: a .npy file's own, a raw file flat.
    Returns:
        numpy array (read-only for raw files).
    Raises:
        DataError naming the file and what is wrong (size, dtype, shape, format, unreadable).
    """
    dt = dtype_of(dtype) if dtype is not None else None
    data = _read_regular(path)
    if os.fspath(path).endswith(".npy"):
        _check_npy_size(path, data)
        try:
            arr = np.load(io.BytesIO(data), allow_pickle=False)
        except Exception as e:  # numpy raises ValueError, EOFError, OSError or others for damaged headers
            why = str(e).splitlines()[0] if str(e) else type(e).__name__
            raise DataError(f"{shown(path)}: not a valid .npy file ({why})") from None
        if not isinstance(arr, np.ndarray):
            raise DataError(f"{shown(path)}: not a .npy array file")
        if not arr.dtype.isnative:  # a byte-swapped file ('>f2'): its values in native order, as raw files hold
            arr = arr.astype(arr.dtype.newbyteorder("="))
        if dt is not None and arr.dtype.kind == "V" and arr.dtype.itemsize == dt.itemsize and arr.dtype.names is None:
            arr = arr.view(dt)
        if dt is None and (arr.dtype.kind not in "biufc" and not (BFLOAT16 is not None and arr.dtype == BFLOAT16)):
            raise DataError(f"{shown(path)}: holds {arr.dtype} elements; the dtype must be given")
        if dt is not None and arr.dtype != dt:
            raise DataError(f"{shown(path)}: holds {arr.dtype.name}, not {dt.name}")
        if shape is not None and arr.shape != tuple(shape):
            raise DataError(f"{shown(path)}: shape {shape_token(arr.shape)}, expected {shape_token(shape)}")
        return arr
    if dt is None:
        raise DataError(f"{shown(path)}: dtype unknown (a raw file whose name does not say it): give --dtype")
    if shape is None:
        if len(data) % dt.itemsize:
            raise DataError(f"{shown(path)}: {len(data)} bytes is not a whole number of {dt.name} elements")
        return np.frombuffer(data, dtype=dt)
    shape = tuple(int(d) for d in shape)
    want = math.prod(shape) * dt.itemsize  # Python integers: a huge shape cannot wrap around
    if len(data) != want:
        raise DataError(f"{shown(path)}: {len(data)} bytes, but shape {shape_token(shape)} of {dt.name} needs {want}")
    return np.frombuffer(data, dtype=dt).reshape(shape)


def _check_npy_size(path, data):
    """DataError unless a .npy file's header describes exactly the data bytes that follow it (no short file,
    no trailing bytes; checked before numpy allocates what the header claims), for formats 1.0, 2.0 and 3.0;
    numpy.load refuses other versions."""
    f = io.BytesIO(data)
    try:
        version = np.lib.format.read_magic(f)
        if version == (1, 0):
            shape, _, dt = np.lib.format.read_array_header_1_0(f)
        elif version in ((2, 0), (3, 0)):  # 3.0 is 2.0's layout with a UTF-8 header (ASCII for our dtypes)
            shape, _, dt = np.lib.format.read_array_header_2_0(f)
        else:
            return
    except Exception as e:  # ValueError for a bad magic or header, others for truncated ones
        why = str(e).splitlines()[0] if str(e) else type(e).__name__
        raise DataError(f"{shown(path)}: not a valid .npy file ({why})") from None
    if dt.hasobject:
        raise DataError(f"{shown(path)}: holds Python objects (a pickle); not read")
    need, have = math.prod(shape) * dt.itemsize, len(data) - f.tell()
    if need != have:
        raise DataError(f"{shown(path)}: its header says shape {shape_token(shape)} of {dt} ({need} bytes), but "
                        f"{have} bytes of data follow it")


def check_exist(*paths):
    """DataError "no such file" for the first of paths that does not exist (checked before anything else, so
    that a missing file is named as such rather than as, say, a file of unknown dtype)."""
    for p in paths:
        if not os.path.lexists(p):
            raise DataError(f"{shown(p)}: no such file or folder")


def _dtype_from(text, path):
    """dtype_of(text) with DataError naming path."""
    try:
        return dtype_of(text)
    except ValueError as e:
        raise DataError(f"{shown(path)}: {e}") from None


def compare_files(actual_path, golden_path, dtype=None, shape=None, standard="binary"):
    """compare() on two files (raw or .npy). The golden is read first, its dtype from dtype (name), else its
    manual-data file name, else its .npy header; its shape from shape (tuple), else its name or header, else
    flat. The actual must then have the golden's dtype and element count (a .npy actual also its shape when the
    golden's shape is known).

    Raises DataError naming the file that is missing, unreadable, of the wrong size, dtype or shape; ValueError
    for an unknown standard.
    """
    check_exist(actual_path, golden_path)
    info = parse_name(os.path.basename(os.fspath(golden_path)))
    dt = _dtype_from(dtype, golden_path) if dtype is not None else None
    if dt is None and info is not None and info.dtype not in (None, "none"):
        dt = _dtype_from(info.dtype, golden_path)
    if shape is None and info is not None:
        shape = info.shape
    g = load_array(golden_path, dt, shape)
    known = shape is not None or os.fspath(golden_path).endswith(".npy")
    a = load_array(actual_path, g.dtype, g.shape if known and os.fspath(actual_path).endswith(".npy") else None)
    if a.size != g.size:
        raise DataError(f"{shown(actual_path)}: {a.size} elements, but {shown(golden_path)} has {g.size}")
    return compare(a.reshape(g.shape), g, standard)


# ---------------------------------------------------------------------------------------------------------
# Folders

#: Row statuses of compare_dirs(); the ones in FAILING make the comparison fail.
FAILING = ("fail", "missing", "extra", "ambiguous", "invalid")


class Row:
    """One line of a folder comparison: status ('pass', 'fail', 'missing', 'extra', 'ambiguous', 'invalid',
    'suppressed', 'skipped'), golden and actual (paths relative to their roots, or None), reason (text or
    None), report (Report or None)."""

    def __init__(self, status, golden=None, actual=None, reason=None, report=None):
        self.status, self.golden, self.actual, self.reason, self.report = status, golden, actual, reason, report

    def line(self):
        """'STATUS  name  details' (names printable: see shown())."""
        name = shown(self.golden if self.golden is not None else self.actual)
        if self.actual is not None and self.golden is not None and self.actual != self.golden:
            name += f" <- {shown(self.actual)}"
        detail = self.report.summary() if self.report is not None else (self.reason or "")
        if self.report is not None and self.reason:
            detail = f"{self.reason}; {detail}"
        return f"{self.status.upper():<10} {name}  {detail}".rstrip()

    def record(self):
        """The row as a dict of JSON types."""
        out = {"status": self.status, "golden": None if self.golden is None else shown(self.golden),
               "actual": None if self.actual is None else shown(self.actual), "reason": self.reason}
        if self.report is not None:
            out.update(self.report.record())
        return out


def _scan(root, other=None, other_what=""):
    """Walks root (symbolic links to folders are not followed; hidden entries are skipped; a folder with a
    manual-data name is listed as data, so that reading it reports it; the folder other, when it lies below
    root, is skipped with the reason other_what).

    Returns (data, skipped): data maps a relative path to its DataName, skipped lists (relative path, why)
    of entries that are not manual-data files. Raises DataError for a folder that cannot be listed.
    """
    data, skipped = {}, []

    def fail(e):
        raise DataError(f"{shown(e.filename)}: cannot list the folder ({e.strerror})")

    for top, dirs, files in os.walk(root, onerror=fail):
        rel_top = os.path.relpath(top, root)
        rel = (lambda n: n) if rel_top == "." else (lambda n: os.path.join(rel_top, n))
        walk = []
        for d in sorted(dirs):
            if d.startswith("."):
                skipped.append((rel(d) + os.sep, "hidden folder, not read"))
            elif parse_name(d) is not None:  # a folder where a data file is expected: reading it says so
                data[rel(d)] = parse_name(d)
            elif other is not None and _same_folder(os.path.join(top, d), other):
                skipped.append((rel(d) + os.sep, other_what))
            elif os.path.islink(os.path.join(top, d)):
                skipped.append((rel(d) + os.sep, "symbolic link to a folder, not followed"))
            else:
                walk.append(d)
        dirs[:] = walk
        for f in sorted(files):
            info = parse_name(f)
            if f.startswith("."):
                skipped.append((rel(f), "hidden file, not read"))
            elif info is None:
                skipped.append((rel(f), "not a manual-data file name"))
            else:
                data[rel(f)] = info
    return data, skipped


def _same_folder(a, b):
    """True when a and b are one folder or one file (False when either cannot be examined)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def compare_dirs(actual_root, golden_root, standard="binary", dtype=None, shape=None):
    """Compares a folder of device outputs with a folder of goldens laid out by TTK's manual-data protocol.

    Each golden_<i>_<dtype>[__shape_<s>].<bin|npy> at relative folder D is matched with the file in folder D
    of actual_root named golden_<i>_... (normally the golden's own name) or output_<i>[_<dtype>][__shape_<s>]
    .<bin|npy>: exactly one such file (when both roots are one folder only output_ files are candidates).
    input_/scalar_ files are not compared; golden_<i>_none markers (zero bytes) suppress their slot; other
    names are skipped and listed.

    Args:
        actual_root, golden_root: folders.
        standard: as compare().
        dtype, shape: for goldens whose names do not say them (a raw golden without __shape_ is flat).
    Returns:
        (rows, counts): rows (list of Row, goldens in name order, then extra outputs, then skipped entries),
        counts (dict: files, pass, fail, missing, extra, ambiguous, invalid, suppressed, skipped, inputs).
    Raises:
        DataError for a golden that cannot be read exactly (the goldens are the reference: exit status 2),
        a golden in .pt format, a folder that cannot be listed, or a golden folder without goldens.
        ValueError for an unknown standard.
    """
    check_standard(standard)
    same = _same_folder(actual_root, golden_root)
    goldens, g_skipped = _scan(golden_root, None if same else actual_root, "the output folder, not read as goldens")
    if same:
        outputs, a_skipped = {p: i for p, i in goldens.items() if i.role == "output"}, []
    else:
        outputs, a_skipped = _scan(actual_root, golden_root, "the golden folder, not read as outputs")
        outputs = {p: i for p, i in outputs.items() if i.role in ("golden", "output")}  # inputs: not compared
    by_slot = {}
    for rel, info in outputs.items():
        by_slot.setdefault((os.path.dirname(rel), info.index), []).append(rel)
    rows, used = [], set()
    inputs = sum(1 for i in goldens.values() if i.role in ("input", "scalar"))
    golden_items = sorted((p, i) for p, i in goldens.items() if i.role == "golden")
    if not golden_items:
        raise DataError(f"{shown(golden_root)}: no golden_<index>_<dtype> files in this folder or below")
    for rel, info in golden_items:
        gpath = os.path.join(golden_root, rel)
        cands = sorted(by_slot.get((os.path.dirname(rel), info.index), []))
        used.update(cands)
        if info.ext == "pt":
            raise DataError(f"{shown(gpath)}: .pt goldens are not read (torch pickles); prepare them as bin or npy")
        if info.dtype == "none":
            size = len(_read_regular(gpath))
            if size:
                raise DataError(f"{shown(gpath)}: a None marker must be empty, it has {size} bytes")
            rows.append(Row("suppressed", rel, None, "golden is TTK's None marker: slot not compared"))
            continue
        dname = info.dtype or dtype
        if dname is None:
            raise DataError(f"{shown(gpath)}: dtype unknown (its name has none): give --dtype")
        g = load_array(gpath, _dtype_from(dname, gpath), info.shape if info.shape is not None else shape)
        if not cands:
            other = os.path.join(os.path.dirname(rel), f"output_{info.index}_*")
            rows.append(Row("missing", rel, None,
                            f"no output file {shown(rel)} or {shown(other)} in {shown(actual_root)}"))
            continue
        if len(cands) > 1:
            rows.append(Row("ambiguous", rel, None,
                            "several outputs for this slot: " + ", ".join(shown(c) for c in cands)))
            continue
        arel = cands[0]
        rows.append(_compare_one(os.path.join(actual_root, arel), arel, outputs[arel], g, rel,
                                 info.shape is not None or info.ext == "npy" or shape is not None, standard))
    for rel in sorted(set(outputs) - used):
        rows.append(Row("extra", None, rel, "no golden for this output"))
    for rel, why in g_skipped:
        rows.append(Row("skipped", rel, None, f"golden side: {why}"))
    for rel, why in a_skipped:
        rows.append(Row("skipped", None, rel, f"output side: {why}"))
    return rows, count_rows(rows, inputs)


def count_rows(rows, inputs=0):
    """Counts of a folder (or one-file) comparison: files (goldens compared or found failing, extra outputs
    not included), one count per status, inputs (input_/scalar_ files, not compared)."""
    counts = dict.fromkeys(("pass",) + FAILING + ("suppressed", "skipped"), 0)
    for r in rows:
        counts[r.status] += 1
    counts["files"] = sum(1 for r in rows if r.status in ("pass", "fail", "missing", "ambiguous", "invalid"))
    counts["inputs"] = inputs
    return counts


def _compare_one(apath, arel, ainfo, g, grel, shape_known, standard):
    """Row for one golden array g and its output file (folder mode): 'invalid' when the output cannot be read
    as g's dtype and shape, else 'pass' or 'fail' with the Report."""
    try:
        if ainfo.ext == "pt":
            raise DataError(f"{shown(arel)}: .pt outputs are not read (torch pickles)")
        if ainfo.dtype == "none":
            raise DataError(f"{shown(arel)}: a None marker, but the golden has data")
        if ainfo.dtype is not None:
            try:
                named = dtype_of(ainfo.dtype)
            except ValueError:
                named = None
            if named != g.dtype:
                raise DataError(f"{shown(arel)}: dtype {ainfo.dtype} in its name, but the golden is {g.dtype.name}")
        if ainfo.shape is not None and shape_known and ainfo.shape != g.shape:
            raise DataError(f"{shown(arel)}: shape {shape_token(ainfo.shape)} in its name, but the golden is "
                            f"{shape_token(g.shape)}")
        a = load_array(apath, g.dtype, g.shape if shape_known and ainfo.ext == "npy" else None)
        if a.size != g.size:
            raise DataError(f"{shown(arel)}: {a.size} elements, but the golden has {g.size}")
    except DataError as e:
        return Row("invalid", grel, arel, str(e))
    report = compare(a.reshape(g.shape), g, standard)
    return Row("pass" if report.passed else "fail", grel, arel, None, report)


def total_line(counts, standard):
    """The closing line of a folder comparison."""
    failed = sum(counts[k] for k in FAILING)
    text = (f"total: {counts['files']} goldens, {counts['pass']} passed, {failed} failures "
            f"({counts['fail']} {standard}, {counts['missing']} missing, {counts['invalid']} invalid, "
            f"{counts['ambiguous']} ambiguous, {counts['extra']} extra outputs)")
    if counts["suppressed"]:
        text += f", {counts['suppressed']} suppressed"
    text += f", {counts['skipped']} skipped, {counts['inputs']} input files not compared"
    return text + (": FAIL" if failed else ": PASS")


# ---------------------------------------------------------------------------------------------------------
# Report files

REPORT_FORMATS = (".json", ".csv")
#: The CSV report's columns, one row per file.
CSV_COLUMNS = (("status", "golden", "actual", "reason", "dtype", "shape", "elements", "identical", "max_ulp")
               + METRICS + ("finite_pairs", "rel_excluded", "mere", "mare", "golden_nan", "golden_posinf",
                            "golden_neginf", "actual_nan", "actual_posinf", "actual_neginf", "nan_inf_disagree",
                            "golden_nan_positions", "actual_nan_positions", "golden_inf_positions",
                            "actual_inf_positions", "disagree_positions", "verdicts"))


def check_report_path(path, force=False, inputs=()):
    """Refuses a report path before anything is compared: DataError for another suffix than .json/.csv, a
    missing parent folder, an existing entry (unless force, and then only a regular file is replaced), or one
    of the compared files inputs (a raw file may have any name: --force must not put the report over it)."""
    ext = os.path.splitext(os.fspath(path))[1].lower()
    if ext not in REPORT_FORMATS:
        raise DataError(f"{shown(path)}: --report must end in .json or .csv")
    parent = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(parent):
        raise DataError(f"{shown(path)}: its folder {shown(parent)} does not exist")
    if os.path.lexists(path):
        if not force:
            raise DataError(f"{shown(path)}: exists; not overwritten (give --force to replace it)")
        if os.path.islink(path) or not os.path.isfile(path):
            raise DataError(f"{shown(path)}: exists and is not a regular file; not replaced")
        if any(_same_folder(path, p) for p in inputs):
            raise DataError(f"{shown(path)}: is one of the compared files; not replaced by the report")


def _json_safe(x):
    """x with non-finite floats as the strings 'nan', 'inf', '-inf' (strict JSON has no such numbers)."""
    if isinstance(x, float) and not np.isfinite(x):
        return "nan" if np.isnan(x) else ("inf" if x > 0 else "-inf")
    if isinstance(x, dict):
        return {k: _json_safe(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_json_safe(v) for v in x]
    return x


def _csv_row(rec):
    """One CSV row (dict by CSV_COLUMNS) of a Row.record()."""
    out = {k: rec.get(k) for k in ("status", "golden", "actual", "reason", "dtype", "elements", "identical",
                                   "max_ulp", "finite_pairs", "rel_excluded", "mere", "mare")}
    if "shape" in rec:
        out["shape"] = shape_token(rec["shape"])
        out.update(rec["metrics"])
        sp = rec["specials"]
        for side in ("golden", "actual"):
            c = sp[side]
            out.update({f"{side}_nan": c["nan"], f"{side}_posinf": c["+inf"], f"{side}_neginf": c["-inf"],
                        f"{side}_nan_positions": " ".join(map(str, c["nan_positions"])),
                        f"{side}_inf_positions": " ".join(map(str, c["inf_positions"]))})
        out["nan_inf_disagree"] = sp["disagree"]
        out["disagree_positions"] = " ".join(map(str, sp["disagree_positions"]))
        out["verdicts"] = " ".join(f"{k}={'pass' if v else 'fail'}" for k, v in rec["verdicts"].items())
    return {k: ("" if out.get(k) is None else _json_safe(out.get(k))) for k in CSV_COLUMNS}


def write_report(path, rows, counts, standard, passed, force=False):
    """Writes the report file (JSON: {"standard", "passed", "counts", "files": [Row.record()...]}; CSV: one row
    per file, CSV_COLUMNS) under a temporary name beside path, then publishes it: without force by a hard link
    that fails if path appeared meanwhile (nothing is overwritten), with force by rename. Raises DataError
    when it cannot be written, OSError for other file-system failures."""
    path = os.fspath(path)
    records = [r.record() for r in rows]
    if path.lower().endswith(".json"):
        doc = {"standard": standard, "passed": bool(passed), "counts": counts, "files": records}
        payload = (json.dumps(_json_safe(doc), indent=1, allow_nan=False, ensure_ascii=False) + "\n").encode()
    else:
        buf = io.StringIO()
        w = csv.DictWriter(buf, fieldnames=CSV_COLUMNS, lineterminator="\n")
        w.writeheader()
        for rec in records:
            w.writerow(_csv_row(rec))
        payload = buf.getvalue().encode()
    _publish(path, payload, force)


def _publish(path, payload, force):
    """Writes payload (bytes) to path atomically: with force by aclcpu's temporary-file-and-rename writer; without
    it the bytes are staged under a hidden unique name beside path and hard-linked to path, which fails if path
    exists (nothing is overwritten, even when path appears meanwhile). Raises DataError when path exists."""
    from . import _atomic_write

    def write(f):
        f.write(payload)

    if force:
        _atomic_write(path, write)
        return
    exists = DataError(f"{shown(path)}: exists; not overwritten (give --force to replace it)")
    try:
        fd, staged = tempfile.mkstemp(prefix="." + os.path.basename(path) + ".",
                                      dir=os.path.dirname(os.path.abspath(path)))
    except OSError as e:  # named by the report's path, not the temporary file's
        raise DataError(f"{shown(path)}: cannot write ({e.strerror})") from None
    os.close(fd)
    try:
        _atomic_write(staged, write)
        try:
            os.link(staged, path)
        except FileExistsError:
            raise exists from None
        except OSError:  # a file system without hard links: check, then rename
            if os.path.lexists(path):
                raise exists from None
            os.replace(staged, path)
    finally:
        try:
            os.unlink(staged)
        except OSError:
            pass
