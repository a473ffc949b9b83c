"""Comparing an actual output (NPU) with a golden: bits, ULPs and the precision standards.

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
"""
import numpy as np

from ._dtypes import BFLOAT16, dtype_of

MERE_THRESHOLD = {"float16": 2.0 ** -10, "bfloat16": 2.0 ** -7, "float32": 2.0 ** -13}
MIXED = {"float16": (2.0 ** -9, 2.0 ** -9, 0.1), "bfloat16": (2.0 ** -6, 2.0 ** -6, 1.0),
         "float32": (2.0 ** -10, 2.0 ** -16, 0.01)}
CLOSE_RTOL = {"float16": 0.001, "bfloat16": 0.001}
STANDARDS = ("binary", "ulp:N", "mere", "mixed", "close")

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


class Report:
    """The result of compare(): counts, the first mismatches and each standard's verdict.

    Attributes: n (elements), identical (bit-identical, NaN == NaN), max_ulp, mismatches (list of
    (flat index, expected, actual, expected hex, actual hex) for the first 10 non-identical elements), mere,
    mare, mere_threshold, verdicts (standard name -> bool), standard (the one asked for), passed.
    """

    def __init__(self, **kw):
        self.__dict__.update(kw)

    def lines(self):
        """The report as text lines (what the CLI prints)."""
        out = [f"elements: {self.n}  identical: {self.identical}  max ULP: {self.max_ulp:g}"]
        if self.mismatches:
            out.append("first mismatches (index: expected -> actual):")
            for i, e, a, eh, ah in self.mismatches:
                out.append(f"  [{i}] {e!r} ({eh}) -> {a!r} ({ah})")
        if self.mere is not None:
            out.append(f"MERE {self.mere:.6g}  MARE {self.mare:.6g}  (threshold {self.mere_threshold:.6g}, "
                       f"MARE limit {10 * self.mere_threshold:.6g})")
        out.append("verdicts: " + "  ".join(f"{k}={'pass' if v else 'fail'}" for k, v in self.verdicts.items()))
        out.append(f"{self.standard}: {'PASS' if self.passed else 'FAIL'}")
        return out


def _special_mismatch(a, g):
    """True where NaN/inf positions disagree (both NaN, or equal infinities, match)."""
    na, ng = np.isnan(a), np.isnan(g)
    ia, ig = np.isinf(a), np.isinf(g)
    return (na ^ ng) | ((ia | ig) & ~(na | ng) & (a != g))


def compare(actual, golden, standard="binary"):
    """Compares two arrays of one dtype and shape element by element (see the module docstring).

    Args:
        actual, golden: numpy arrays (same shape and dtype; complex compares its components).
        standard: "binary", "ulp:N" (N >= 0 integer), "mere", "mixed" or "close".
    Returns:
        Report.
    Raises:
        ValueError: different shapes or dtypes, or an unknown standard.
    """
    actual, golden = np.asarray(actual), np.asarray(golden)
    if actual.shape != golden.shape:
        raise ValueError(f"shapes differ: actual {actual.shape}, golden {golden.shape}")
    if actual.dtype != golden.dtype:
        raise ValueError(f"dtypes differ: actual {actual.dtype}, golden {golden.dtype}")
    ulp_n = None
    if standard.startswith("ulp:"):
        try:
            ulp_n = int(standard[4:])
        except ValueError:
            ulp_n = -1
        if ulp_n < 0:
            raise ValueError(f"bad standard {standard!r}: ulp:N needs an integer N >= 0")
    elif standard not in STANDARDS:
        raise ValueError(f"unknown standard {standard!r}; use one of {', '.join(STANDARDS)}")
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
    bad = np.flatnonzero(~identical)[:10]
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
    return Report(n=n, identical=int(identical.sum()), max_ulp=max_ulp, mismatches=mismatches, mere=mere,
                  mare=mare, mere_threshold=thr, verdicts=verdicts, standard=standard,
                  passed=verdicts[standard])


def compare_files(actual_path, golden_path, dtype, shape=None, standard="binary"):
    """compare() on two raw .bin files (or .npy files) of dtype (name) and shape (tuple or None: flat).

    Raises ValueError naming the file whose size does not match the shape and dtype, or when the two files
    hold different element counts.
    """
    from . import from_bin

    dt = dtype_of(dtype)

    def load(path):
        path = str(path)
        if path.endswith(".npy"):
            arr = np.load(path, allow_pickle=False)
            if arr.dtype.kind == "V" and arr.dtype.itemsize == dt.itemsize:
                arr = arr.view(dt)
            if arr.dtype != dt:
                raise ValueError(f"{path}: holds {arr.dtype}, not {dt.name}")
            if shape is not None and arr.shape != tuple(shape):
                raise ValueError(f"{path}: shape {arr.shape}, expected {tuple(shape)}")
            return arr
        if shape is None:
            import os

            size = os.path.getsize(path)
            if size % dt.itemsize:
                raise ValueError(f"{path}: {size} bytes is not a whole number of {dt.name} elements")
            return np.fromfile(path, dtype=dt)
        return from_bin(path, dt, shape)

    a, g = load(actual_path), load(golden_path)
    if a.size != g.size:
        raise ValueError(f"{actual_path}: {a.size} elements, but {golden_path} has {g.size}")
    return compare(a.reshape(g.shape), g, standard)
