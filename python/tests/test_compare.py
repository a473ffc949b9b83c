"""aclcpu compare: verdicts on crafted files (issue 11 §2, §5)."""
import subprocess
import sys

import numpy as np
import pytest

import aclcpu
from aclcpu.compare import compare

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
