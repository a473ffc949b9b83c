"""aclcpu compare: verdicts, CANN's metrics and the NaN/inf census on crafted arrays and files (docs/compare.md).

Folder mode, report files and hostile input: test_compare_dirs.py.
"""
import math
import subprocess
import sys

import numpy as np
import pytest

import aclcpu
from aclcpu.compare import compare, metrics, FLOAT_EPSILON, POSITIONS

BF16 = aclcpu.BFLOAT16


def cli(*args):
    r = subprocess.run([sys.executable, "-m", "aclcpu", *map(str, args)], capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


def test_one_ulp_off(tmp_path):
    g = np.linspace(-3, 3, 12).astype(np.float16).reshape(3, 4)
    a = g.copy()
    a[1, 2] = np.nextafter(a[1, 2], np.float16(np.inf))
    aclcpu.to_bin(g, tmp_path / "g.bin")
    aclcpu.to_bin(a, tmp_path / "a.bin")
    rc, out, _ = cli("compare", tmp_path / "a.bin", tmp_path / "g.bin", "--dtype", "float16", "--shape", "3x4")
    assert rc == 1
    assert "identical: 11" in out and "max ULP: 1" in out
    assert "[6]" in out and f"0x{int(g.view(np.uint16)[1, 2]):04x}" in out and f"0x{int(a.view(np.uint16)[1, 2]):04x}" in out
    assert "binary: FAIL" in out
    for std, rc_want in (("ulp:1", 0), ("ulp:0", 1), ("mixed", 0), ("close", 0), ("mere", 0)):
        rc, out, _ = cli("compare", tmp_path / "a.bin", tmp_path / "g.bin", "--dtype", "fp16", "--standard", std)
        assert rc == rc_want, (std, out)


def test_nan_positions_and_signed_zeros():
    g = np.array([np.nan, 1.0, 0.0, -0.0, np.inf], np.float32)
    same = g.copy()
    same[0] = np.float32("nan") * -1  # another NaN payload/sign
    r = compare(same, g, "binary")
    assert r.passed and r.identical == 5
    z = g.copy()
    z[2] = -0.0
    assert not compare(z, g, "binary").passed          # +-0 differ for binary only
    assert compare(z, g, "ulp:0").passed
    assert compare(z, g, "mixed").passed and compare(z, g, "close").passed and compare(z, g, "mere").passed
    moved = g.copy()
    moved[0], moved[1] = 1.0, np.nan                   # NaN at another position
    for std in ("binary", "ulp:1000", "mixed", "close", "mere"):
        assert not compare(moved, g, std).passed, std
    inf = g.copy()
    inf[4] = -np.inf
    assert not compare(inf, g, "mixed").passed and not compare(inf, g, "mere").passed


def test_thresholds_per_dtype():
    g = np.full(1000, 1.0, np.float32)
    a = g * np.float32(1 + 2.0 ** -12)                  # rel 2^-12 > float32 MERE threshold 2^-13
    r = compare(a, g, "mere")
    assert not r.passed and r.mere_threshold == 2.0 ** -13
    assert compare(a, g, "mixed").passed               # within rtol 2^-10
    gb = np.full(1000, 1.0, np.float32).astype(BF16)
    ab = (np.full(1000, 1.0 + 2.0 ** -7, np.float32)).astype(BF16)   # 1 bf16 ULP: rel just under 2^-7
    rb = compare(ab, gb, "mere")
    assert rb.mere_threshold == 2.0 ** -7 and rb.passed and rb.max_ulp == 1
    ab2 = (np.full(1000, 1.0 + 2.0 ** -6, np.float32)).astype(BF16)  # 2 ULP: rel 2^-6 > threshold
    assert not compare(ab2, gb, "mere").passed and compare(ab2, gb, "ulp:2").passed
    assert not compare(ab2, gb, "ulp:1").passed
    h = np.full(100, 1.0, np.float16)
    assert compare(h, h, "mere").mere_threshold == 2.0 ** -10
    bad = h.copy()
    bad[:2] = 2.0                                        # 2% of elements far off: mixed needs 99%
    assert not compare(bad, h, "mixed").passed
    bad1 = h.copy()
    bad1[0] = 1.0625                                     # 1% off, 64 ULP and abs 0.0625 < 0.1: mixed passes
    assert compare(bad1, h, "mixed").passed
    assert not compare(bad1, h, "close").passed         # 1% > ptol 0.1%


def test_size_mismatch_and_bad_input(tmp_path):
    np.zeros(6, np.float16).tofile(tmp_path / "g.bin")
    np.zeros(5, np.float16).tofile(tmp_path / "a.bin")
    rc, _, err = cli("compare", tmp_path / "a.bin", tmp_path / "g.bin", "--dtype", "float16")
    assert rc == 2 and "a.bin" in err and err.count("\n") == 1
    rc, _, err = cli("compare", tmp_path / "g.bin", tmp_path / "g.bin", "--dtype", "float16", "--shape", "2x4")
    assert rc == 2 and "g.bin" in err and "12 bytes" in err
    rc, _, err = cli("compare", tmp_path / "g.bin", tmp_path / "g.bin", "--dtype", "float17")
    assert rc == 2 and "float17" in err
    rc, _, err = cli("compare", tmp_path / "g.bin", tmp_path / "g.bin", "--dtype", "float16", "--standard", "ulp:x")
    assert rc == 2 and "ulp" in err
    rc, _, err = cli("compare", tmp_path / "nope.bin", tmp_path / "g.bin", "--dtype", "float16")
    assert rc == 2 and "nope.bin" in err
    # a missing file is named as such, before any complaint about the dtype
    rc, _, err = cli("compare", tmp_path / "g.bin", tmp_path / "missing.bin")
    assert rc == 2 and "missing.bin: no such file" in err and "dtype" not in err
    rc, _, err = cli("compare", tmp_path / "g.bin", tmp_path / "g.bin")
    assert rc == 2 and "g.bin" in err and "--dtype" in err and err.count("\n") == 1


def test_dtype_and_shape_from_a_ttk_golden_name(tmp_path):
    g = np.arange(6, dtype=np.float32).reshape(2, 3).astype(BF16)
    name = tmp_path / "golden_0_bfloat16__shape_2x3.bin"
    aclcpu.to_bin(g, name)
    aclcpu.to_bin(g, tmp_path / "actual.bin")
    rc, out, _ = cli("compare", tmp_path / "actual.bin", name)
    assert rc == 0 and "elements: 6" in out and "binary: PASS" in out


def test_compare_rejects_mismatched_arrays():
    with pytest.raises(ValueError):
        compare(np.zeros(3, np.float32), np.zeros(4, np.float32))
    with pytest.raises(ValueError):
        compare(np.zeros(3, np.float32), np.zeros(3, np.float16))
    with pytest.raises(ValueError):
        compare(np.zeros(3, np.float32), np.zeros(3, np.float32), "cosine")


def _metrics(a, g):
    r = compare(np.asarray(a), np.asarray(g), "binary")
    return r.metrics, r


def test_metrics_hand_computed():
    g = np.array([1.0, 2.0, -4.0, 0.0], np.float32)
    a = np.array([1.5, 2.0, -3.0, 0.25], np.float32)
    m, r = _metrics(a, g)
    # d = |a - g| = 0.5, 0, 1, 0.25; relative errors where |g| > 2^-52: 0.5, 0, 0.25 (g = 0 left out)
    assert m["MaxAbsoluteError"] == 1.0
    assert m["MeanAbsoluteError"] == 1.75 / 4
    assert m["RootMeanSquareError"] == pytest.approx(math.sqrt((0.25 + 0 + 1 + 0.0625) / 4), rel=1e-15)
    assert m["MaxRelativeError"] == 0.5
    assert m["AccumulatedRelativeError"] == 0.75
    cos = 17.5 / (math.sqrt(2.25 + 4 + 9 + 0.0625) * math.sqrt(1 + 4 + 16))
    assert m["CosineSimilarity"] == pytest.approx(cos, rel=1e-15)
    assert r.finite == 4 and r.rel_excluded == 1
    # identical arrays: cosine 1, every error 0
    m, _ = _metrics(g, g)
    assert m["CosineSimilarity"] == pytest.approx(1.0, abs=1e-15) and m["MaxAbsoluteError"] == 0
    assert m["RootMeanSquareError"] == 0 and m["AccumulatedRelativeError"] == 0


def test_metrics_from_exact_decoded_values_bfloat16_and_ints():
    g = np.full(3, 1.0 + 2.0 ** -7, np.float32).astype(BF16)     # 1.0078125, exact in bfloat16
    a = np.full(3, 1.0, np.float32).astype(BF16)
    m, _ = _metrics(a, g)
    assert m["MaxAbsoluteError"] == 2.0 ** -7                  # float64 of the exact bfloat16 values
    assert m["MaxRelativeError"] == 2.0 ** -7 / (1 + 2.0 ** -7)
    assert m["AccumulatedRelativeError"] == pytest.approx(3 * 2.0 ** -7 / (1 + 2.0 ** -7), rel=1e-15)
    m, _ = _metrics(np.array([1, 4], np.int32), np.array([1, 2], np.int32))
    assert m["MaxAbsoluteError"] == 2 and m["MaxRelativeError"] == 1.0 and m["MeanAbsoluteError"] == 1.0


def test_metrics_zero_denominators_and_cosine_edges():
    z = np.zeros(4, np.float32)
    m, r = _metrics(z, z)
    assert m["CosineSimilarity"] == 1.0                         # both norms zero
    assert m["MaxRelativeError"] == 0.0 and m["AccumulatedRelativeError"] == 0.0 and r.rel_excluded == 4
    m, _ = _metrics(np.ones(4, np.float32), z)
    assert m["CosineSimilarity"] is None                        # one norm zero: undefined
    assert m["MaxAbsoluteError"] == 1.0 and m["MaxRelativeError"] == 0.0
    tiny = np.array([FLOAT_EPSILON / 2, 1.0], np.float64)       # |g| <= 2^-52 is left out of relative errors
    m, r = _metrics(np.array([1.0, 1.0]), tiny)
    assert r.rel_excluded == 1 and m["MaxRelativeError"] == 0.0
    m, _ = _metrics(-np.arange(1, 5, dtype=np.float16), np.arange(1, 5, dtype=np.float16))
    assert m["CosineSimilarity"] == -1.0
    big = np.array([1e300, -1e300])                             # no overflow in the norms or the RMSE
    m, _ = _metrics(-big, big)
    assert m["CosineSimilarity"] == pytest.approx(-1.0, abs=1e-15)
    assert m["RootMeanSquareError"] == 2e300 and m["MaxAbsoluteError"] == 2e300
    m, r = _metrics(np.array([np.nan, np.inf], np.float32), np.array([np.nan, 1.0], np.float32))
    assert r.finite == 0 and all(v is None for v in m.values())
    # metrics() directly, on float64 arrays
    got, f, excl = metrics(np.array([3.0]), np.array([2.0]))
    assert got["MaxRelativeError"] == 0.5 and f == 1 and excl == 0


def test_nan_inf_counts_and_positions():
    g = np.array([np.nan, np.inf, 1.0, -np.inf, 2.0], np.float32)
    a = np.array([np.nan, np.inf, np.nan, 1.0, 2.0], np.float32)
    r = compare(a, g, "binary")
    sg, sa = r.specials["golden"], r.specials["actual"]
    assert (sg["nan"], sg["+inf"], sg["-inf"]) == (1, 1, 1)
    assert sg["nan_positions"] == [0] and sg["inf_positions"] == [1, 3]
    assert (sa["nan"], sa["+inf"], sa["-inf"]) == (2, 1, 0)
    assert sa["nan_positions"] == [0, 2] and sa["inf_positions"] == [1]
    assert r.specials["disagree"] == 2 and r.specials["disagree_positions"] == [2, 3]
    assert r.finite == 1 and r.metrics["MaxAbsoluteError"] == 0.0   # only position 4 is finite in both
    text = "\n".join(r.lines())
    assert "golden NaN 1 +inf 1 -inf 1 (NaN at 0) (inf at 1, 3)" in text
    assert "actual NaN 2 +inf 1 -inf 0 (NaN at 0, 2) (inf at 1)" in text and "disagree at 2 (2, 3)" in text
    many = np.full(25, np.nan, np.float16)
    r = compare(many, many)
    assert r.passed and r.specials["golden"]["nan"] == 25 and len(r.specials["golden"]["nan_positions"]) == POSITIONS
    assert "... (25 in all)" in "\n".join(r.lines())
    # complex: positions index the interleaved real/imaginary components
    c = np.array([1 + 1j, complex(1, np.nan)], np.complex64)
    assert compare(c, c).specials["golden"]["nan_positions"] == [3]


def test_cli_prints_metrics_and_census(tmp_path):
    g = np.array([1.0, 2.0, -4.0, 0.0], np.float32)
    a = np.array([1.5, 2.0, -3.0, np.inf], np.float32)
    aclcpu.to_bin(g, tmp_path / "golden_0_float32__shape_2x2.bin")
    aclcpu.to_bin(a, tmp_path / "a.bin")
    rc, out, err = cli("compare", tmp_path / "a.bin", tmp_path / "golden_0_float32__shape_2x2.bin",
                       "--standard", "mixed")
    assert rc == 1, err
    assert "MaxAbsoluteError 1  MaxRelativeError 0.5" in out and "AccumulatedRelativeError 0.75" in out
    assert "over 3 finite pairs" in out and "actual NaN 0 +inf 1 -inf 0 (inf at 3)" in out
    assert "disagree at 1 (3)" in out and "mixed: FAIL" in out
