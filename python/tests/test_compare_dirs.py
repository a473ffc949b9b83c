"""aclcpu compare on folders of TTK manual data, report files, and hostile input (docs/compare.md).

Exit status 0 pass, 1 compare fail, 2 bad input (one line on stderr, no traceback, nothing written).
"""
import json
import os
import shutil
import subprocess
import sys

import numpy as np
import pytest

import aclcpu

CSV_TEXT = """testcase_name,api_name,tensor_view_shapes,tensor_dtypes,tensor_storage_shapes,tensor_view_offsets,tensor_view_strides,attributes,input_data_ranges
l1_fp16_mean,aclnnL1LossBackward,"((2,3),(2,3),(3,),(2,3))","('float16',)",,,,{'reduction': 1},"((-1, 1),)"
l1 bf16 transposed,aclnnL1LossBackward,"((),(4,3),(4,3),(4,3))","('bfloat16',)","((),(3,4),(4,3),(4,3))",,"((),(1,4),(3,1),(3,1))",{'reduction': 'sum'},
"""
FP16 = "l1_fp16_mean/golden_0_float16__shape_2x3.bin"


def cli(*args, timeout=120):
    r = subprocess.run([sys.executable, "-m", "aclcpu", *map(os.fsencode, map(str, args))], capture_output=True,
                       timeout=timeout)
    return r.returncode, r.stdout.decode("utf-8", "replace"), r.stderr.decode("utf-8", "replace")


def bad(rc, err, *names):
    """Exit 2 with one line naming each of names, and no traceback."""
    assert rc == 2, err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    for n in names:
        assert n in err, (n, err)


@pytest.fixture
def manual(tmp_path):
    """A golden folder written by `aclcpu golden --ttk-csv` and an output folder copied from it."""
    (tmp_path / "cases.csv").write_text(CSV_TEXT)
    rc, out, err = cli("golden", "--ttk-csv", tmp_path / "cases.csv", "--out", tmp_path / "golden",
                       "--soc", "Ascend910B", "--seed", "1")
    assert rc == 0, err
    shutil.copytree(tmp_path / "golden", tmp_path / "out")
    return tmp_path


def test_folders_pass_then_fail_one_bit(manual):
    rc, out, err = cli("compare", manual / "out", manual / "golden")
    assert rc == 0, out + err
    lines = out.splitlines()
    assert lines[-1].startswith("total: 2 goldens, 2 passed, 0 failures") and lines[-1].endswith(": PASS")
    assert "6 input files not compared" in lines[-1]
    assert any(l.startswith("PASS") and FP16 in l and "identical 6/6" in l and "CosineSimilarity" in l for l in lines)
    p = manual / "out" / FP16
    g = np.fromfile(p, np.float16)
    g.view(np.uint16)[4] ^= 1
    g.tofile(p)
    rc, out, _ = cli("compare", manual / "out", manual / "golden", "--standard", "binary")
    assert rc == 1
    fail = [l for l in out.splitlines() if l.startswith("FAIL")]
    assert len(fail) == 1 and FP16 in fail[0] and "identical 5/6" in fail[0] and "max ULP 1" in fail[0]
    assert out.splitlines()[-1].endswith(": FAIL") and "1 failures (1 binary" in out
    rc, out, _ = cli("compare", manual / "out", manual / "golden", "--standard", "ulp:1")
    assert rc == 0


def test_missing_extra_ambiguous_invalid_suppressed_skipped(manual):
    out_dir, gold = manual / "out", manual / "golden"
    os.unlink(out_dir / FP16)                                          # missing
    (out_dir / "other_case").mkdir()
    aclcpu.to_bin(np.zeros(3, np.float16), out_dir / "other_case" / "output_0_float16.bin")   # extra
    (gold / "notes.txt").write_text("not data")                        # skipped, not a failure
    bf = next(p for p in os.listdir(gold) if p.startswith("l1_bf16"))
    (gold / bf / "golden_1_none.bin").write_bytes(b"")                 # None marker: suppressed
    rc, out, err = cli("compare", out_dir, gold)
    assert rc == 1, err
    lines = out.splitlines()
    assert any(l.startswith("MISSING") and FP16 in l for l in lines)
    assert any(l.startswith("EXTRA") and "other_case/output_0_float16.bin" in l for l in lines)
    assert any(l.startswith("SKIPPED") and "notes.txt" in l and "not a manual-data file" in l for l in lines)
    assert any(l.startswith("SUPPRESSED") and "golden_1_none.bin" in l for l in lines)
    assert any(l.startswith("PASS") and bf in l for l in lines)
    assert "1 missing" in lines[-1] and "1 extra" in lines[-1] and "1 suppressed" in lines[-1]
    # output_<i> names, and two candidates for one slot
    g16 = np.fromfile(gold / FP16, np.float16)
    aclcpu.to_bin(g16, out_dir / "l1_fp16_mean" / "output_0_float16.bin")
    shutil.rmtree(out_dir / "other_case")
    rc, out, _ = cli("compare", out_dir, gold)
    assert rc == 0
    assert "PASS       l1_fp16_mean/golden_0_float16__shape_2x3.bin <- l1_fp16_mean/output_0_float16.bin" in out
    aclcpu.to_bin(g16, out_dir / FP16)
    rc, out, _ = cli("compare", out_dir, gold)
    assert rc == 1 and "AMBIGUOUS" in out and "output_0_float16.bin" in out
    os.unlink(out_dir / "l1_fp16_mean" / "output_0_float16.bin")
    # invalid outputs: truncated, wrong dtype in the name, wrong shape in the name, a folder, a FIFO
    for name, make, why in (
            (FP16, lambda p: p.write_bytes(g16.tobytes()[:-1]), "11 bytes"),
            ("l1_fp16_mean/output_0_float32.bin", lambda p: p.write_bytes(g16.astype(np.float32).tobytes()),
             "dtype float32 in its name"),
            ("l1_fp16_mean/output_0_float16__shape_3x2.bin", lambda p: p.write_bytes(g16.tobytes()),
             "shape 3x2 in its name"),
            ("l1_fp16_mean/output_0_float16.bin", lambda p: p.mkdir(), "is a directory"),
            ("l1_fp16_mean/output_0_float16.bin", lambda p: os.mkfifo(p), "not a regular file")):
        os.unlink(out_dir / FP16) if os.path.exists(out_dir / FP16) else None
        make(out_dir / name)
        rc, out, err = cli("compare", out_dir, gold, timeout=60)
        assert rc == 1, (name, err)
        inv = [l for l in out.splitlines() if l.startswith("INVALID")]
        assert len(inv) == 1 and why in inv[0] and "golden_0_float16__shape_2x3.bin" in inv[0], (name, out)
        p = out_dir / name
        p.rmdir() if p.is_dir() else p.unlink()
    # an output folder inside the golden folder is not read as goldens
    nested = gold / "npu"
    shutil.copytree(gold, nested)
    rc, out, _ = cli("compare", nested, gold)
    assert rc == 0 and "SKIPPED    npu/  golden side: the output folder, not read as goldens" in out, out
    assert "total: 2 goldens, 2 passed" in out
    shutil.rmtree(nested)
    # the same folder for both: output_ files beside the goldens
    aclcpu.to_bin(g16, gold / "l1_fp16_mean" / "output_0_float16.bin")
    rc, out, _ = cli("compare", gold, gold)
    assert rc == 1 and "PASS       l1_fp16_mean/golden_0" in out and f"MISSING    {bf}/golden_0" in out


def test_npy_folders_and_shape_from_the_header(tmp_path):
    (tmp_path / "cases.csv").write_text(CSV_TEXT)
    rc, _, err = cli("golden", "--ttk-csv", tmp_path / "cases.csv", "--out", tmp_path / "g", "--format", "npy")
    assert rc == 0, err
    shutil.copytree(tmp_path / "g", tmp_path / "o")
    rc, out, _ = cli("compare", tmp_path / "o", tmp_path / "g")
    assert rc == 0 and "bfloat16 4x3" in out and "float16 2x3" in out
    # an .npy output of the right size but another shape fails (TTK rejects it too)
    p = tmp_path / "o" / "l1_fp16_mean" / "golden_0_float16.npy"
    np.save(p, np.load(p).reshape(3, 2))
    rc, out, _ = cli("compare", tmp_path / "o", tmp_path / "g")
    assert rc == 1 and "INVALID" in out and "shape 3x2, expected 2x3" in out


def test_bad_goldens_exit_2_and_write_nothing(manual):
    out_dir, gold = manual / "out", manual / "golden"
    report = manual / "r.json"

    def refuse(*names):
        rc, out, err = cli("compare", out_dir, gold, "--report", report)
        bad(rc, err, *names)
        assert not report.exists() and out == ""

    p = gold / FP16
    data = p.read_bytes()
    p.write_bytes(data[:5])                                            # truncated golden
    refuse("golden_0_float16__shape_2x3.bin", "5 bytes")
    p.write_bytes(data)
    q = gold / "l1_fp16_mean" / "golden_1_float17.bin"
    q.write_bytes(b"\0\0")
    refuse("golden_1_float17.bin", "float17")
    q.unlink()
    q = gold / "l1_fp16_mean" / "golden_1_float16.pt"
    q.write_bytes(b"x")
    refuse("golden_1_float16.pt", ".pt")
    q.unlink()
    q = gold / "l1_fp16_mean" / "golden_1_none.bin"
    q.write_bytes(b"x")
    refuse("golden_1_none.bin", "None marker")
    q.unlink()
    os.mkfifo(gold / "l1_fp16_mean" / "golden_1_float16.bin")
    refuse("golden_1_float16.bin", "not a regular file")
    os.unlink(gold / "l1_fp16_mean" / "golden_1_float16.bin")
    empty = manual / "empty"
    empty.mkdir()
    rc, _, err = cli("compare", out_dir, empty)
    bad(rc, err, "no golden_")
    rc, _, err = cli("compare", out_dir, gold / FP16)                  # a folder and a file
    bad(rc, err, "is a folder")
    rc, _, err = cli("compare", out_dir / FP16, gold)
    bad(rc, err, "is a folder")


def test_report_files(manual, tmp_path):
    out_dir, gold = manual / "out", manual / "golden"
    rj, rc_ = tmp_path / "r.json", tmp_path / "r.csv"
    rc, _, err = cli("compare", out_dir, gold, "--report", rj)
    assert rc == 0, err

    def strict(x):
        raise ValueError(x)

    doc = json.loads(rj.read_text(), parse_constant=strict)
    assert doc["passed"] is True and doc["standard"] == "binary" and doc["counts"]["pass"] == 2
    f = next(r for r in doc["files"] if r["golden"] == FP16)
    assert f["status"] == "pass" and f["shape"] == [2, 3] and f["dtype"] == "float16"
    assert set(f["metrics"]) == {"CosineSimilarity", "MaxAbsoluteError", "MaxRelativeError", "MeanAbsoluteError",
                                 "RootMeanSquareError", "AccumulatedRelativeError"}
    assert f["specials"]["golden"]["nan"] == 0 and f["verdicts"]["binary"] is True
    before = rj.read_bytes()
    rc, out, err = cli("compare", out_dir, gold, "--report", rj)       # never overwritten without --force
    bad(rc, err, "r.json", "--force")
    assert rj.read_bytes() == before and out == ""
    # a failing comparison still writes its report (exit 1); --force replaces the file
    p = out_dir / FP16
    g = np.fromfile(p, np.float16)
    g[0] = np.nan
    g.tofile(p)
    rc, _, err = cli("compare", out_dir, gold, "--report", rj, "--force")
    assert rc == 1, err
    doc = json.loads(rj.read_text(), parse_constant=strict)
    f = next(r for r in doc["files"] if r["golden"] == FP16)
    assert doc["passed"] is False and f["status"] == "fail" and f["specials"]["actual"]["nan_positions"] == [0]
    assert f["first_mismatches"][0]["actual"] == "nan"                  # strict JSON: no NaN literal
    rc, _, err = cli("compare", out_dir, gold, "--report", rc_)
    assert rc == 1, err
    import csv
    rows = list(csv.DictReader(rc_.open()))
    r = next(r for r in rows if r["golden"] == FP16)
    assert r["status"] == "fail" and r["actual_nan"] == "1" and r["actual_nan_positions"] == "0"
    assert r["shape"] == "2x3" and r["MaxAbsoluteError"] != "" and "binary=fail" in r["verdicts"]
    # one-file mode writes a one-row report
    rc, _, err = cli("compare", p, gold / FP16, "--report", tmp_path / "one.csv")
    assert rc == 1 and len(list(csv.DictReader((tmp_path / "one.csv").open()))) == 1
    # bad report paths: suffix, missing folder, a folder in the way
    for path, what in ((tmp_path / "r.txt", ".json or .csv"), (tmp_path / "no" / "r.json", "does not exist"),
                       (tmp_path, "")):
        if path == tmp_path:
            path = tmp_path / "d.json"
            path.mkdir()
            what = "not a regular file"
            extra = ["--force"]
        else:
            extra = []
        rc, out, err = cli("compare", out_dir, gold, "--report", path, *extra)
        bad(rc, err, what)
        assert out == ""
    assert sorted(os.listdir(tmp_path)) == sorted(["d.json", "golden", "out", "cases.csv", "r.json", "r.csv",
                                                   "one.csv"])  # no temporary files left


def _npy_with_shape(npy, shape_text):
    """The bytes of a version 1.0 .npy file with its header's shape replaced (the data unchanged)."""
    hlen = int.from_bytes(npy[8:10], "little")
    header = npy[10:10 + hlen].decode("latin1")
    start = header.index("'shape': ") + len("'shape': ")
    header = header[:start] + shape_text + header[header.index(")", start) + 1:]
    header = header.rstrip() + " " * (63 - (10 + len(header.rstrip()) + 1) % 64) + "\n"
    return npy[:8] + len(header).to_bytes(2, "little") + header.encode("latin1") + npy[10 + hlen:]


def test_hostile_files_no_traceback(tmp_path):
    g = np.arange(6, dtype=np.float16)
    aclcpu.to_bin(g, tmp_path / "g.bin")
    np.save(tmp_path / "g.npy", g)
    cases = []
    (tmp_path / "trunc.npy").write_bytes((tmp_path / "g.npy").read_bytes()[:70])
    cases.append(("trunc.npy", "g.npy", "not a valid .npy"))
    (tmp_path / "junk.npy").write_bytes(b"\x93NUMPY\x01\x00\xff\xff{'descr'")
    cases.append(("junk.npy", "g.npy", "not a valid .npy"))
    np.save(tmp_path / "obj.npy", np.array([{"a": 1}], dtype=object), allow_pickle=True)
    cases.append(("obj.npy", "g.npy", "obj.npy"))
    with open(tmp_path / "long.npy", "wb") as f:                 # trailing bytes after the array data
        f.write((tmp_path / "g.npy").read_bytes() + b"\0\0")
    cases.append(("long.npy", "g.npy", "14 bytes of data"))
    head = (tmp_path / "g.npy").read_bytes()
    (tmp_path / "huge.npy").write_bytes(_npy_with_shape(head, "(99999999999999,)"))   # a huge claimed shape
    cases.append(("huge.npy", "g.npy", "99999999999999"))
    np.save(tmp_path / "f32.npy", g.astype(np.float32))
    cases.append(("f32.npy", "g.npy", "holds float32, not float16"))
    (tmp_path / "d").mkdir()
    cases.append(("d", "g.npy", "is a folder"))
    os.mkfifo(tmp_path / "fifo")
    cases.append(("fifo", "g.npy", "not a regular file"))
    cases.append(("g.npy", "fifo", "not a regular file"))
    aclcpu.to_bin(g[:5], tmp_path / "short.bin")
    cases.append(("short.bin", "g.npy", "5 elements"))
    for actual, golden, why in cases:
        rc, out, err = cli("compare", tmp_path / actual, tmp_path / golden, timeout=60)
        bad(rc, err, why)
        assert out == ""
    rc, _, err = cli("compare", tmp_path / "g.bin", tmp_path / "g.npy")   # dtype and shape from the header
    assert rc == 0, err
    # invalid UTF-8 file names: shown with \xNN escapes, in the output and in the report
    gold, out_dir = os.fsencode(tmp_path / "gold"), os.fsencode(tmp_path / "out")
    case = b"case_\xff"
    for root in (gold, out_dir):
        os.makedirs(os.path.join(root, case))
        aclcpu.to_bin(g, os.fsdecode(os.path.join(root, case, b"golden_0_float16__shape_2x3.bin")))
    open(os.path.join(gold, b"\xfe.dat"), "wb").close()
    rc, out, err = cli("compare", os.fsdecode(out_dir), os.fsdecode(gold), "--report", tmp_path / "u.json")
    assert rc == 0, err
    assert "PASS       case_\\xff/golden_0_float16__shape_2x3.bin" in out and "\\xfe.dat" in out
    doc = json.loads((tmp_path / "u.json").read_text(encoding="utf-8"))
    assert doc["files"][0]["golden"] == "case_\\xff/golden_0_float16__shape_2x3.bin"
    name = os.fsdecode(os.path.join(os.fsencode(tmp_path), b"\xfd.bin"))
    rc, _, err = cli("compare", name, tmp_path / "g.npy")
    bad(rc, err, "\\xfd.bin: no such file")


def test_missing_named_first_and_odd_shapes(tmp_path):
    g = np.arange(6, dtype=np.float16)
    aclcpu.to_bin(g, tmp_path / "g.bin")                             # a raw file whose name gives no dtype
    rc, _, err = cli("compare", tmp_path / "nope.bin", tmp_path / "g.bin")
    bad(rc, err, "nope.bin: no such file")
    (tmp_path / "gold").mkdir()
    rc, _, err = cli("compare", tmp_path / "no_out", tmp_path / "gold")
    bad(rc, err, "no_out: no such file")
    # zero-element and 0-d goldens compare; a shape too large for any file is refused, not overflowed
    for root in ("gold", "out"):
        (tmp_path / root / "c").mkdir(parents=True)
        aclcpu.to_bin(np.zeros((2, 0, 3), np.float32), tmp_path / root / "c" / "golden_0_float32__shape_2x0x3.bin")
        aclcpu.to_bin(np.array([1.5], np.float16), tmp_path / root / "c" / "golden_1_float16__shape_scalar.bin")
    rc, out, err = cli("compare", tmp_path / "out", tmp_path / "gold")
    assert rc == 0, err
    assert "float32 2x0x3  identical 0/0" in out and "MaxAbsoluteError n/a" in out and "float16 scalar" in out
    huge = tmp_path / "gold" / "c" / f"golden_2_float16__shape_{2 ** 32}x{2 ** 32}x{2 ** 32}.bin"
    huge.write_bytes(b"")
    rc, _, err = cli("compare", tmp_path / "out", tmp_path / "gold")
    bad(rc, err, "golden_2_float16", "0 bytes")


def test_random_hostile_folders(tmp_path):
    """Valid goldens, outputs damaged at random, and random manual-data names, sizes and bytes: always exit 0,
    1 or 2, never a traceback; 2 is one line and writes no report."""
    rng = np.random.default_rng(11)
    dtypes = ["float16", "bfloat16", "float32", "int8", "bool", "complex64", "float99", "none"]
    shapes = ["", "__shape_3", "__shape_2x2", "__shape_scalar", "__shape_0", "__shape_9x9x9x9"]
    good = [("float16", (3,)), ("bfloat16", (2, 2)), ("float32", ()), ("int8", (0,)), ("complex64", (2,))]

    def junk(d, roles):
        role, ext = rng.choice(roles), rng.choice(["bin", "bin", "npy", "pt"])
        name = f"{role}_{int(rng.integers(0, 3))}_{rng.choice(dtypes)}{rng.choice(shapes)}.{ext}"
        if ext == "npy" and rng.random() < 0.5:
            np.save(d / name, rng.normal(size=int(rng.integers(0, 5))).astype(rng.choice([np.float16, np.int8])))
        else:
            (d / name).write_bytes(rng.integers(0, 256, int(rng.choice([0, 1, 2, 4, 8, 100])), np.uint8).tobytes())

    seen = set()
    for it in range(24):
        root = tmp_path / f"r{it}"
        for c in range(int(rng.integers(1, 3))):
            gd, od = root / "gold" / f"c{c}", root / "out" / f"c{c}"
            gd.mkdir(parents=True)
            od.mkdir(parents=True)
            dt, shape = good[int(rng.integers(0, len(good)))]
            x = rng.normal(size=shape).astype(np.float32)
            arr = (x + 1j * x).astype(np.complex64) if dt == "complex64" else x.astype(aclcpu.dtype_of(dt))
            name = f"golden_0_{dt}__shape_{aclcpu.shape_token(shape)}.bin"
            aclcpu.to_bin(arr, gd / name)
            raw = (gd / name).read_bytes()
            fate = rng.choice(["copy", "copy", "flip", "cut", "gone", "noise", "other"])
            if fate == "copy":
                (od / name).write_bytes(raw)
            elif fate == "flip" and raw:
                b = bytearray(raw)
                b[int(rng.integers(0, len(b)))] ^= 1 << int(rng.integers(0, 8))
                (od / name).write_bytes(bytes(b))
            elif fate == "cut":
                (od / name).write_bytes(raw[:-1])
            elif fate == "noise":
                (od / name).write_bytes(rng.integers(0, 256, len(raw), np.uint8).tobytes())
            elif fate == "other":
                junk(od, ["output", "golden"])
            if rng.random() < 0.3:
                junk(od, ["output", "input", "junk"])
            if rng.random() < 0.15:
                junk(gd, ["golden", "input", "junk"])
        report = root / "r.json"
        rc, out, err = cli("compare", root / "out", root / "gold", "--report", report, "--standard",
                           rng.choice(["binary", "mixed", "ulp:2"]), timeout=60)
        assert rc in (0, 1, 2) and "Traceback" not in err, err
        if rc == 2:
            assert err.count("\n") == 1 and out == "" and not report.exists(), err
        else:
            assert err == "" and out.splitlines()[-1].startswith("total: ")
            json.loads(report.read_text())
        seen.add(rc)
    assert seen == {0, 1, 2}
