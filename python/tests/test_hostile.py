"""Hostile input at every entry point: what once escaped the checks (tracebacks, exit status 1, hangs, silent
choices, misleading messages, lost files). Each test states the contract it holds the package to: an input is
taken exactly or refused (AclnnError 161002 in Python; exit 2 with one line naming the file, row and field on
the command line), nothing written or lost on refusal, exit 1 only for "compare: fail"."""
import os

import numpy as np
import pytest

import aclcpu
from aclcpu import AclnnError, cli

HEADER = "testcase_name,api_name,tensor_view_shapes,tensor_dtypes,attributes,input_data_ranges"


def run(capsys, *args):
    """(exit status, stdout, stderr) of the command line run in this process (an escaping exception fails)."""
    rc = cli.main([str(a) for a in args])
    out, err = capsys.readouterr()
    return rc, out, err


def refused(rc, err, *needles):
    """Exit 2 with exactly one line on stderr holding every needle."""
    assert rc == 2, err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    for n in needles:
        assert n in err, (n, err)


def golden_list(capsys, tmp_path, rows, *extra, header=HEADER, name="c.csv"):
    path = tmp_path / name
    path.write_text("\n".join([header, *rows]) + "\n")
    out = tmp_path / "out"
    rc, so, err = run(capsys, "golden", "--ttk-csv" if name.endswith(".csv") else "--atk-json", path, "--out", out,
                      *extra)
    return rc, so, err, out


# ------------------------------------------------------------------ huge numbers in case lists

BIG = "1" + "0" * 400  # an integer beyond float64 and int64


@pytest.mark.parametrize("row, field", [
    (f'a,aclnnL1Loss,"((0,{BIG}),(1,))",,,', "tensor_view_shapes[0]"),
    ('a,aclnnL1Loss,"((0,99999999999999999999),(1,))",,,', "tensor_view_shapes[0]"),
    (f'a,aclnnL1Loss,"((2,),(2,))",,,"((0, {BIG}),)"', "input_data_ranges[0]"),
    (f'a,aclnnL1Loss,"((2,),(2,))",,,"((0, 1, {BIG}),)"', "input_data_ranges[0]"),
])
def test_numbers_beyond_int64_or_float64_are_refused(capsys, tmp_path, row, field):
    rc, _, err, out = golden_list(capsys, tmp_path, [row])
    refused(rc, err, "c.csv:2", field)
    assert not out.exists()


def test_views_no_array_can_address_are_skipped(capsys, tmp_path):
    rows = ['big,aclnnL1Loss,"((1099511627776,1099511627776),(1,))",,,',
            'empty,aclnnL1Loss,"((0,1099511627776,1099511627776),(1,))",,,',
            'ok,aclnnL1Loss,"((2,),(2,))",,,']
    rc, so, err, out = golden_list(capsys, tmp_path, rows, "--max-case-bytes", "1e30")
    assert rc == 0, err
    assert "skipped big:" in err and "skipped empty:" in err and "2^63" in err
    assert sorted(os.listdir(out)) == ["ok"]


def test_atk_integers_python_cannot_convert_are_refused(capsys, tmp_path):
    text = ('[{"id": 1, "name": "x", "aclnn_name": "L1Loss", "inputs": [{"name": "self", "type": "tensor", '
            '"dtype": "fp32", "shape": [2], "range_values": [0, 1%s]}, {"name": "target", "type": "tensor", '
            '"dtype": "fp32", "shape": [2]}, {"name": "reduction", "type": "attr", "range_values": [1]}]}]')
    for digits, needle in ((5000, "not JSON"), (400, "range_values")):
        path = tmp_path / "a.json"
        path.write_text(text % ("0" * digits))
        rc, _, err = run(capsys, "golden", "--atk-json", path, "--out", tmp_path / "out")
        refused(rc, err, "a.json", needle)
        assert not (tmp_path / "out").exists()


# ------------------------------------------------------------------ one meaning per field

def test_a_key_given_twice_in_a_csv_literal_is_refused(capsys, tmp_path):
    rc, _, err, out = golden_list(capsys, tmp_path, [
        'a,aclnnL1Loss,"((2,),(2,))",,"{\'reduction\': \'none\', \'reduction\': \'sum\'}",'])
    refused(rc, err, "c.csv:2", "attributes", "'reduction' given twice")
    assert not out.exists()


def test_a_column_given_twice_in_the_csv_header_is_refused(capsys, tmp_path):
    rc, _, err, out = golden_list(capsys, tmp_path, ['a,aclnnL1Loss,"((2,),(2,))","((4,),(4,))"'],
                                  header="testcase_name,api_name,tensor_view_shapes,tensor_view_shapes")
    refused(rc, err, "c.csv:1", "'tensor_view_shapes' given twice")
    assert not out.exists()


@pytest.mark.parametrize("name", ["golden_0_float16.bin", "input_1_float32.npy", "output_0.bin"])
def test_a_case_folder_compare_would_take_for_a_data_file_is_refused(capsys, tmp_path, name):
    rc, _, err, out = golden_list(capsys, tmp_path, [f'{name},aclnnL1Loss,"((2,),(2,))",,,'])
    refused(rc, err, "c.csv:2", "testcase_name", "manual-data file name")
    assert not out.exists()


# ------------------------------------------------------------------ outputs: named, kept, reported truly

def _l1_inputs(tmp_path):
    x = tmp_path / "x.bin"
    np.arange(6, dtype=np.float16).tofile(x)
    return ["golden", "--op", "aclnnL1Loss", "--inputs", f"{x},{x}", "--dtypes", "float16,float16", "--shapes",
            "6,6", "--reduction", "none"]


def test_golden_output_errors_name_the_output_not_a_temporary_file(capsys, tmp_path):
    args = _l1_inputs(tmp_path)
    (tmp_path / "odir").mkdir()
    for target, needle in ((tmp_path / "odir", "is a folder"), (f"{tmp_path / 'odir'}{os.sep}", "is a folder"),
                           (tmp_path / "nodir" / "g.bin", "No such file")):
        rc, _, err = run(capsys, *args, "-o", target)
        refused(rc, err, f"error: {target}: {needle}")
    assert sorted(os.listdir(tmp_path)) == ["odir", "x.bin"]  # no temporary file left beside them


def test_report_never_replaces_a_compared_file(capsys, tmp_path):
    g = tmp_path / "g.json"  # a raw file may have any name
    np.arange(6, dtype=np.float16).tofile(g)
    before = g.read_bytes()
    rc, _, err = run(capsys, "compare", g, g, "--dtype", "float16", "--report", g, "--force")
    refused(rc, err, "is one of the compared files")
    assert g.read_bytes() == before


def test_overwrite_never_deletes_the_case_list_it_reads(capsys, tmp_path):
    d = tmp_path / "d"
    (d / "sub").mkdir(parents=True)
    (d / "sub" / "c.csv").write_text(HEADER + '\na,aclnnL1Loss,"((2,),(2,))",,,\n')
    rc, _, err = run(capsys, "golden", "--ttk-csv", d / "sub" / "c.csv", "--out", d, "--overwrite")
    refused(rc, err, "holds the case list")
    assert (d / "sub" / "c.csv").exists()


@pytest.mark.parametrize("pattern", ["", "a,", " "])
def test_an_empty_testcase_pattern_is_refused_not_dropped(capsys, tmp_path, pattern):
    rc, _, err, out = golden_list(capsys, tmp_path, ['a,aclnnL1Loss,"((2,),(2,))",,,'], "-t", pattern)
    refused(rc, err, "--testcase: empty pattern")
    assert not out.exists()


def test_a_reader_that_went_away_does_not_turn_success_into_exit_2(tmp_path):
    import subprocess
    import sys
    csv = tmp_path / "c.csv"
    csv.write_text(HEADER + '\na,aclnnL1Loss,"((2,),(2,))",,,\n')
    for args, want in ((["golden", "--ttk-csv", csv, "--out", tmp_path / "out"], 0),
                       (["compare", csv, csv, "--dtype", "uint8"], 0)):
        r, w = os.pipe()
        os.close(r)  # the reader is gone before anything is written: every write is EPIPE
        p = subprocess.run([sys.executable, "-m", "aclcpu", *map(str, args)], stdout=w, stderr=subprocess.PIPE,
                           text=True)
        os.close(w)
        assert p.returncode == want and p.stderr == "", (args, p.returncode, p.stderr)
    assert sorted(os.listdir(tmp_path / "out")) == ["a"]


# ------------------------------------------------------------------ Python arguments: AclnnError, never another exception

A = np.ones((2, 3), np.float32)


@pytest.mark.parametrize("what, call_it, status", [
    ("reduction beyond int64", lambda: aclcpu.l1_loss(A, A, 2 ** 64), 161002),
    ("reduction numpy uint64", lambda: aclcpu.l1_loss(A, A, np.uint64(2 ** 64 - 1)), 161002),
    ("soc a list", lambda: aclcpu.l1_loss(A, A, soc=["Ascend910B"]), 100008),
    ("soc a dict", lambda: aclcpu.mse_loss(A, A, soc={}), 100008),
    ("beta a 1-element array", lambda: aclcpu.smooth_l1_loss(A, A, beta=np.array([0.5])), 161002),
    ("op a list", lambda: aclcpu.call(["aclnnL1Loss"], [A, A]), 161002),
    ("params keys of mixed types", lambda: aclcpu.call("aclnnL1Loss", [A, A], params={1: 2, "x": 3}), 161002),
    ("params an int key", lambda: aclcpu.call("aclnnSmoothL1Loss", [A, A], params={1: 2}), 161002),
])
def test_odd_python_arguments_raise_aclnn_error(what, call_it, status):
    with pytest.raises(AclnnError) as e:
        call_it()
    assert e.value.status == status, what


def test_a_beta_beyond_float64_is_infinite_as_documented():
    g = np.full(4, 2, np.float32)
    x = np.array([0.5, -3, 10, 0], np.float32)
    t = np.zeros(4, np.float32)
    for big, inf in ((10 ** 400, np.inf), (-10 ** 400, -np.inf)):
        try:
            want = aclcpu.smooth_l1_loss_backward(g, x, t, "none", beta=inf).tobytes()
        except AclnnError as e:  # a negative beta: the library's refusal, the same for both
            with pytest.raises(AclnnError) as got:
                aclcpu.smooth_l1_loss_backward(g, x, t, "none", beta=big)
            assert got.value.status == e.status
            continue
        assert aclcpu.smooth_l1_loss_backward(g, x, t, "none", beta=big).tobytes() == want


def test_plugin_keywords_that_are_not_scalars_raise_aclnn_error():
    import aclcpu.ttk as T
    torch = pytest.importorskip("torch")
    t = torch.ones(2, 3)
    for call_it in (lambda: T.aclnn_l1_loss_backward_golden(t, t, t, np.array([1, 2]), t),
                    lambda: T.aclnn_l1_loss_backward_golden(t, t, t, np.array([1]), t),
                    lambda: T.aclnn_smooth_l1_loss_backward_golden(t, t, t, 1, torch.tensor([0.5, 1.0]), t),
                    lambda: T.lp_loss_golden(A, A, p=torch.tensor([1, 1])),
                    lambda: T.aclnn_l1_loss_backward_golden(t, t, t, 1, t, full_soc_version=["Ascend910B"]),
                    lambda: T.l1_loss_grad_golden(A, A, A, output_dtypes=np.array(["float16", "float32"])),
                    lambda: T.l1_loss_grad_golden(A, A, A, output_dtypes=["float16", "float32"])):
        with pytest.raises(AclnnError):
            call_it()
    # a 0-d reduction is taken in kernel mode as in aclnn mode
    assert T.l1_loss_grad_golden(A, A, A, reduction=np.array(2)).tobytes() == \
        aclcpu.l1_loss_backward(A, A, A, "sum").tobytes()
    assert T.l1_loss_grad_golden(A, A, A, output_dtypes=["float16"]).dtype == np.float16


# ------------------------------------------------------------------ compare and to_bin read arrays through the one check

def test_compare_reads_byte_swapped_arrays_and_torch_views_as_their_values():
    from aclcpu.compare import compare
    torch = pytest.importorskip("torch")
    g = np.array([1.0, 2.0], ">f4")
    a = np.array([1.0, np.nextafter(np.float32(2), np.float32(3))], ">f4")
    r = compare(a, g, "ulp:1")
    assert r.max_ulp == 1 and r.passed and r.mismatches[0][3] == "0x40000000"
    assert compare(torch._neg_view(torch.ones(3)), -torch.ones(3)).passed
    assert compare(torch.ones(3, dtype=torch.bfloat16), np.ones(3, aclcpu.BFLOAT16)).passed
    with pytest.raises(AclnnError):
        compare(np.ma.masked_array([1.0, 5.0], [0, 1]), np.array([1.0, 2.0]))


@pytest.mark.parametrize("make", [lambda: np.zeros(2, np.longdouble), lambda: np.array(["a", "b"]),
                                  lambda: np.zeros(2, "M8[s]"), lambda: np.array([1, None])])
def test_compare_and_to_bin_refuse_dtypes_without_an_acl_data_type(tmp_path, make):
    from aclcpu.compare import compare
    with pytest.raises(ValueError, match="aclDataType"):
        compare(make(), make())
    with pytest.raises(AclnnError, match="aclDataType"):
        aclcpu.to_bin(make(), tmp_path / "x.bin")
    assert not os.listdir(tmp_path)
    with pytest.raises(ValueError, match="unknown standard"):
        compare(np.ones(2), np.ones(2), None)


def test_compare_cli_reads_byte_swapped_npy_files_as_their_values(capsys, tmp_path):
    x = np.arange(6, dtype=np.float16)
    x.tofile(tmp_path / "raw.bin")
    np.save(tmp_path / "le.npy", x)
    np.save(tmp_path / "be.npy", x.astype(">f2"))
    for actual, golden in (("raw.bin", "be.npy"), ("le.npy", "be.npy"), ("be.npy", "le.npy"), ("be.npy", "be.npy")):
        rc, out, err = run(capsys, "compare", tmp_path / actual, tmp_path / golden)
        assert rc == 0 and out.endswith("binary: PASS\n"), (actual, golden, out, err)


# ------------------------------------------------------------------ files: regular ones, read exactly

def _npy(path, header, data):
    h = header.encode("latin1")
    h += b" " * (63 - (10 + len(h)) % 64) + b"\n"
    path.write_bytes(b"\x93NUMPY\x01\x00" + len(h).to_bytes(2, "little") + h + data)


@pytest.mark.parametrize("shape", ["(-1,)", "(18446744073709551617,)", "(True, 6)", "(0,)"])
def test_golden_inputs_npy_headers_are_read_exactly(capsys, tmp_path, shape):
    x = np.arange(6, dtype=np.float16)
    _npy(tmp_path / "x.npy", "{'descr': '<f2', 'fortran_order': False, 'shape': %s, }" % shape, x.tobytes())
    x.tofile(tmp_path / "y.bin")
    rc, _, err = run(capsys, "golden", "--op", "aclnnL1Loss", "--inputs",
                     f"{tmp_path / 'x.npy'},{tmp_path / 'y.bin'}", "--dtypes", "float16,float16", "--shapes", "6,6",
                     "-o", tmp_path / "g.bin")
    refused(rc, err, "x.npy")
    assert not (tmp_path / "g.bin").exists()


def test_from_bin_takes_exact_shapes_and_regular_files_only(tmp_path):
    p = tmp_path / "x.bin"
    np.arange(6, dtype=np.float32).tofile(p)
    assert aclcpu.from_bin(p, "float32", (2, 3)).flags.writeable
    for shape in ((2.5, 3), (True, 6), 6, "2_0x3", "+2x3", "\uff12x\uff13"):
        with pytest.raises(ValueError):
            aclcpu.from_bin(p, "float32", shape)
    os.mkfifo(tmp_path / "fifo")
    for special in (tmp_path / "fifo", "/dev/zero"):  # once a hang or an endless read for shape (0,)
        with pytest.raises(ValueError, match="not a regular file"):
            aclcpu.from_bin(special, "float32", (0,))


@pytest.mark.parametrize("standard", ["ulp: 5", "ulp:+5", "ulp:\u0663"])
def test_compare_standard_and_shape_take_ascii_digits_only(capsys, tmp_path, standard):
    p = tmp_path / "x.bin"
    np.arange(6, dtype=np.float16).tofile(p)
    refused(*run(capsys, "compare", p, p, "--dtype", "float16", "--standard", standard)[::2], "--standard")
    refused(*run(capsys, "compare", p, p, "--dtype", "float16", "--shape", "\uff12x\uff13")[::2], "--shape")


def test_case_lists_that_are_not_regular_files_are_refused_unread(capsys, tmp_path):
    os.mkfifo(tmp_path / "fifo.csv")  # no writer: reading it would block for ever
    for opt, path in (("--ttk-csv", tmp_path / "fifo.csv"), ("--atk-json", "/dev/zero"), ("--ttk-csv", tmp_path)):
        rc, _, err = run(capsys, "golden", opt, path, "--out", tmp_path / "out")
        refused(rc, err, str(path))
        assert not (tmp_path / "out").exists()
