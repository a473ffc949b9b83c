"""Every entry point takes an input exactly or refuses it: the array check (byte order, torch's negative and
conjugate bits, masked/quantized/sparse), the strict case-list fields (TTK CSV, ATK JSON), unique case names,
resources (invalid UTF-8, sizes over the per-case cap), the all-or-nothing publication of a dataset folder;
and ops-nn's own list formats for the forward losses, soc_series, the -t filter and --op's help."""
import json
import os
import signal
import subprocess
import sys
import time
import warnings

import numpy as np
import pytest

import aclcpu
from aclcpu import AclnnError
from conftest import same_bits

BF16 = aclcpu.BFLOAT16
torch = pytest.importorskip("torch")


def cli(*args, env=None):
    r = subprocess.run([sys.executable, "-m", "aclcpu", *map(str, args)], capture_output=True, text=True,
                       env=None if env is None else {**os.environ, **env})
    return r.returncode, r.stdout, r.stderr


def one_line_error(rc, err, *needles):
    """exit 2, exactly one line on stderr, no traceback, every needle in it."""
    assert rc == 2, err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    for n in needles:
        assert n in err, (n, err)


# ------------------------------------------------------------------ arrays

def test_byte_swapped_arrays_read_as_their_values():
    rng = np.random.default_rng(1)
    for dt in ("f4", "f2"):
        go, s, t = (rng.normal(size=(3, 4)).astype(dt) for _ in range(3))
        swapped = [a.astype(">" + dt) for a in (go, s, t)]
        assert not swapped[0].dtype.isnative
        for op in ("aclnnL1LossBackward", "aclnnMseLossBackward", "aclnnSmoothL1LossBackward"):
            assert same_bits(aclcpu.call(op, swapped, "none"), aclcpu.call(op, [go, s, t], "none"))
        assert same_bits(aclcpu.l1_loss(swapped[1], swapped[2], "sum"), aclcpu.l1_loss(s, t, "sum"))
        # a swapped view (strided) too
        assert same_bits(aclcpu.mse_loss(swapped[1][:, ::2], t[:, ::2], "none"), aclcpu.mse_loss(s[:, ::2], t[:, ::2], "none"))


def test_to_bin_writes_native_bytes(tmp_path):
    a = np.arange(5, dtype=np.float32)
    aclcpu.to_bin(a.astype(">f4"), tmp_path / "x.bin")
    assert (tmp_path / "x.bin").read_bytes() == a.tobytes()


def test_torch_negative_and_conjugate_bits_are_resolved():
    x = torch.tensor([[1.5, -2.0, 3.25], [0.5, 4.0, -1.0]])
    t = torch.tensor([0.25, 1.0, -3.0])
    neg = torch._neg_view(x)
    assert neg.is_neg()
    for op in (aclcpu.l1_loss, aclcpu.mse_loss, aclcpu.smooth_l1_loss):
        assert same_bits(op(neg, t, "none"), op(-x.numpy(), t.numpy(), "none"))
    nb = torch._neg_view(x.to(torch.bfloat16))
    assert same_bits(aclcpu.l1_loss(nb, t.to(torch.bfloat16), "none"),
                     aclcpu.l1_loss((-x).to(torch.bfloat16), t.to(torch.bfloat16), "none"))
    c = torch.tensor([1 + 2j, -3 - 0.5j]).conj()
    assert c.is_conj()
    assert np.array_equal(aclcpu._as_array(c), np.array([1 - 2j, -3 + 0.5j]))
    # complex inputs reach the operator's dtype check (161002), not a torch RuntimeError
    with pytest.raises(AclnnError) as e:
        aclcpu.l1_loss(c, c)
    assert e.value.status == 161002
    # the TTK plugin reads through the same check
    import aclcpu.ttk as plugin
    (g,) = plugin.aclnn_l1_loss_golden(neg, t, 0, torch.empty(2, 3))
    assert same_bits(g.numpy(), aclcpu.l1_loss(-x.numpy(), t.numpy(), "none"))


@pytest.mark.parametrize("make, needle", [
    (lambda: np.ma.masked_array([1.0, 2.0], mask=[0, 1]), "masked"),
    (lambda: np.array([1, "a"], dtype=object), "aclDataType"),
    (lambda: np.zeros(2, dtype=[("a", "f4")]), "aclDataType"),
    (lambda: np.array(["ab", "c"]), "aclDataType"),
    (lambda: torch.quantize_per_tensor(torch.tensor([1.0, 2.0]), 0.1, 0, torch.quint8), "quantized"),
    (lambda: torch.tensor([1.0, 2.0]).to_sparse(), "layout"),
    (lambda: [[1.0, 2.0], [3.0]], "not an array"),
])
def test_arrays_that_cannot_be_read_exactly_are_refused(make, needle):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        bad = make()
    with pytest.raises(AclnnError) as e:
        aclcpu.l1_loss(bad, np.zeros(2, np.float32))
    assert e.value.status == 161002 and needle in e.value.message, e.value.message


def test_cli_reads_a_byte_swapped_npy_file(tmp_path):
    rng = np.random.default_rng(2)
    s, t = rng.normal(size=(2, 3)).astype(np.float32), rng.normal(size=(3,)).astype(np.float32)
    np.save(tmp_path / "s.npy", s.astype(">f4"))
    np.save(tmp_path / "t.npy", t)
    rc, _, err = cli("golden", "--op", "aclnnMseLoss", "--inputs", f"{tmp_path}/s.npy,{tmp_path}/t.npy",
                     "--dtypes", "float32,float32", "--shapes", "2x3,3", "--reduction", "none", "-o", tmp_path / "g.npy")
    assert rc == 0, err
    assert same_bits(np.load(tmp_path / "g.npy"), aclcpu.mse_loss(s, t, "none"))


# ------------------------------------------------------------------ case lists

HEAD = "testcase_name,api_name,tensor_view_shapes,tensor_dtypes,attributes,input_data_ranges,is_enabled\n"


def test_repeated_testcase_name_or_id_is_refused(tmp_path):
    p = tmp_path / "dup.csv"
    p.write_text(HEAD + "a,aclnnL1Loss,\"((2,),(2,))\",\"('float32',)\",{'reduction': 0},,True\n"
                 "b,aclnnL1Loss,\"((3,),(3,))\",\"('float32',)\",{'reduction': 0},,True\n"
                 "a,aclnnL1Loss,\"((4,),(4,))\",\"('float32',)\",{'reduction': 0},,True\n")
    rc, _, err = cli("golden", "--ttk-csv", p, "--out", tmp_path / "o")
    one_line_error(rc, err, f"{p}:4", "testcase_name", "'a'", f"{p}:2")
    # two names TTK's naming rule maps to one folder
    p.write_text(HEAD + "a b,aclnnL1Loss,\"((2,),(2,))\",\"('float32',)\",{'reduction': 0},,True\n"
                 "a b,aclnnL1Loss,\"((2,),(2,))\",\"('float32',)\",{'reduction': 0},,True\n")
    rc, _, err = cli("golden", "--ttk-csv", p, "--out", tmp_path / "o")
    one_line_error(rc, err, f"{p}:3")
    j = tmp_path / "dup.json"
    j.write_text(json.dumps([atk_case(7), atk_case(8), atk_case(7)]))
    rc, _, err = cli("golden", "--atk-json", j, "--out", tmp_path / "o")
    one_line_error(rc, err, "case 2 (id 7)", "field id", "case 0 (id 7)")
    assert not (tmp_path / "o").exists() and sorted(os.listdir(tmp_path)) == ["dup.csv", "dup.json"]


def atk_case(ident, **over):
    """An ATK case of aclnnSmoothL1Loss in ops-nn's format; over replaces input fields: {"self.shape": ...}."""
    c = {"id": ident, "name": "torch.nn.SmoothL1Loss", "aclnn_name": "SmoothL1Loss", "inputs": [
        {"name": "self", "type": "tensor", "required": True, "dtype": "fp32", "shape": [2, 3], "range_values": [-5, 5]},
        {"name": "target", "type": "tensor", "required": True, "dtype": "fp32", "shape": [3], "range_values": [-5, 5]},
        {"name": "reduction", "type": "attr", "required": True, "dtype": "int", "shape": None, "range_values": 1},
        {"name": "beta", "type": "attr", "required": True, "dtype": "float32", "shape": None, "range_values": 1.0}]}
    for key, value in over.items():
        name, field = key.split(".")
        next(i for i in c["inputs"] if i["name"] == name)[field] = value
    return c


@pytest.mark.parametrize("over, field", [
    ({"self.shape": "12"}, "inputs[0] (self).shape"),            # a string is not the shape [1, 2]
    ({"self.shape": [2.5, 3]}, "inputs[0] (self).shape"),        # 2.5 is not 2
    ({"self.shape": [2.0, 3]}, "inputs[0] (self).shape"),
    ({"self.shape": [True, 3]}, "inputs[0] (self).shape"),       # true is not 1
    ({"self.shape": [-1, 3]}, "inputs[0] (self).shape"),
    ({"reduction.range_values": True}, "reduction"),
    ({"reduction.range_values": 1.0}, "reduction"),
    ({"beta.range_values": True}, "beta"),
    ({"beta.range_values": "0.5"}, "beta"),
    ({"self.range_values": [float("nan"), 1]}, "inputs[0] (self).range_values"),
    ({"self.range_values": [1, "x"]}, "inputs[0] (self).range_values"),
    ({"self.range_values": [3, 1]}, "inputs[0] (self).range_values"),
    ({"self.dtype": 5}, "inputs[0] (self).dtype"),
    ({"self.dtype": "fp8"}, "inputs[0] (self).dtype"),
    ({"self.type": "tensor_list"}, "inputs[0] (self).type"),
    ({"self.name": "input"}, "inputs[0] (input).name"),
])
def test_atk_fields_are_taken_exactly_or_refused(tmp_path, over, field):
    p = tmp_path / "atk.json"
    p.write_text(json.dumps([atk_case(0), atk_case(1, **over)]))
    rc, _, err = cli("golden", "--atk-json", p, "--out", tmp_path / "o")
    one_line_error(rc, err, str(p), "case 1 (id 1)", field)
    assert not (tmp_path / "o").exists()


def test_atk_repeated_key_and_missing_input(tmp_path):
    p = tmp_path / "atk.json"
    text = json.dumps([atk_case(0)])
    p.write_text(text.replace('"id": 0,', '"id": 0, "id": 1,'))
    rc, _, err = cli("golden", "--atk-json", p, "--out", tmp_path / "o")
    one_line_error(rc, err, "'id' appears twice")
    c = atk_case(0)
    del c["inputs"][1]
    p.write_text(json.dumps([c]))
    rc, _, err = cli("golden", "--atk-json", p, "--out", tmp_path / "o")
    one_line_error(rc, err, "missing target")


def test_infinite_range_skips_its_case_without_a_numpy_warning(tmp_path):
    p = tmp_path / "atk.json"
    p.write_text(json.dumps([atk_case(0), atk_case(1, **{"target.range_values": ["-inf", "inf"]}),
                             atk_case(2, **{"self.range_values": ["inf"]}),
                             atk_case(3, **{"self.range_values": [-1e308, 1e308]})]))
    rc, out, err = cli("golden", "--atk-json", p, "--out", tmp_path / "o")
    assert rc == 0 and "2 cases written" in out and "2 skipped" in out, err
    assert "Warning" not in err and "torch_nn_SmoothL1Loss_1: field inputs[1] (target).range_values" in err
    assert sorted(os.listdir(tmp_path / "o")) == ["torch_nn_SmoothL1Loss_0", "torch_nn_SmoothL1Loss_2"]
    x = aclcpu.from_bin(tmp_path / "o" / "torch_nn_SmoothL1Loss_2" / "input_0_float32.bin", "float32", (2, 3))
    assert np.isposinf(x).all()


@pytest.mark.parametrize("row, field", [
    ("x,aclnnL1Loss,\"((2,),(2,))\",\"('float32',)\",{'reduction': True},,True", "reduction"),
    ("x,aclnnL1Loss,\"((2,),(2.5,))\",\"('float32',)\",{'reduction': 0},,True", "tensor_view_shapes[1] (target)"),
    ("x,aclnnL1Loss,\"('12',(2,))\",\"('float32',)\",{'reduction': 0},,True", "tensor_view_shapes[0] (self)"),
    ("x,aclnnL1Loss,\"((2,),(2,))\",\"('float32',)\",{'reduction': 0},\"((nan, 1),)\",True", "input_data_ranges[0]"),
    ("x,aclnnL1Loss,\"((2,),(2,))\",\"('float32',)\",{'reduction': 0},,maybe", "is_enabled"),
    ("x,aclnnL1Loss,\"((2,),(2,))\",\"('float32',)\",\"{'reduction': 0, 'beta': 1.0}\",,True", "has no attribute beta"),
    ("x,aclnnL1Loss,\"((2,),(2,),(2,),(2,))\",\"('float32',)\",{'reduction': 0},,True", "tensor_view_shapes"),
    ("x,l1_loss_grad,\"((2,),(2,))\",\"('float32',)\",{'reduction': 0},,True", "field api_name: 'l1_loss_grad'"),
])
def test_ttk_fields_are_taken_exactly_or_refused(tmp_path, row, field):
    p = tmp_path / "c.csv"
    p.write_text(HEAD + "ok,aclnnL1Loss,\"((2,),(2,))\",\"('float32',)\",{'reduction': 0},,True\n" + row + "\n")
    rc, _, err = cli("golden", "--ttk-csv", p, "--out", tmp_path / "o")
    one_line_error(rc, err, f"{p}:3", field)
    assert not (tmp_path / "o").exists()


def test_invalid_utf8_names_file_and_line(tmp_path):
    p = tmp_path / "c.csv"
    p.write_bytes((HEAD + "ok,aclnnL1Loss,\"((2,),(2,))\",\"('float32',)\",{'reduction': 0},,True\n").encode()
                  + b"b\xff,aclnnL1Loss,\"((2,),(2,))\",\"('float32',)\",{'reduction': 0},,True\n")
    rc, _, err = cli("golden", "--ttk-csv", p, "--out", tmp_path / "o")
    one_line_error(rc, err, f"{p}:3", "invalid UTF-8 byte 0xff")
    j = tmp_path / "a.json"
    j.write_bytes(b'[\n{"id": 0, "name": "\xc3("}]')
    rc, _, err = cli("golden", "--atk-json", j, "--out", tmp_path / "o")
    one_line_error(rc, err, f"{j}:2", "invalid UTF-8")
    assert not (tmp_path / "o").exists()


# ------------------------------------------------------------------ resources

def test_huge_cases_are_skipped_under_the_cap_and_single_calls_refused(tmp_path):
    p = tmp_path / "atk.json"
    p.write_text(json.dumps([atk_case(0), atk_case(1, **{"self.shape": [1 << 20, 1 << 20],
                                                         "target.shape": [1 << 20]})]))
    rc, out, err = cli("golden", "--atk-json", p, "--out", tmp_path / "o")
    assert rc == 0 and "1 cases written" in out and "1 skipped" in out, err
    assert "over the per-case cap of 4096 MiB" in err and "MemoryError" not in err
    # the cap from the option and the environment; a bad value is exit 2
    rc, out, err = cli("golden", "--atk-json", p, "--out", tmp_path / "o2", "--max-case-bytes", "100")
    assert rc == 0 and "0 cases written" in out and "2 skipped" in out, err
    rc, out, err = cli("golden", "--atk-json", p, "--out", tmp_path / "o3", env={"ACLCPU_MAX_CASE_BYTES": "1K"})
    assert rc == 0 and "over the per-case cap of 0 MiB" in err, err
    rc, _, err = cli("golden", "--atk-json", p, "--out", tmp_path / "o4", "--max-case-bytes", "lots")
    one_line_error(rc, err, "--max-case-bytes")
    rc, _, err = cli("golden", "--atk-json", p, "--out", tmp_path / "o4", env={"ACLCPU_MAX_CASE_BYTES": "-5"})
    one_line_error(rc, err, "ACLCPU_MAX_CASE_BYTES")
    # one call: an output that large is refused before any file is read; a shape whose byte count overflows
    # int64 does not wrap around to a small size
    aclcpu.to_bin(np.zeros(1, np.float32), tmp_path / "z.bin")
    rc, _, err = cli("golden", "--op", "aclnnL1Loss", "--inputs", f"{tmp_path}/z.bin,{tmp_path}/z.bin",
                     "--dtypes", "float32,float32", "--shapes", "1048576x1,1x1048576", "--reduction", "none",
                     "-o", tmp_path / "g.bin")
    one_line_error(rc, err, "--shapes", "per-case cap")
    rc, _, err = cli("golden", "--op", "aclnnL1Loss", "--inputs", f"{tmp_path}/z.bin,{tmp_path}/z.bin",
                     "--dtypes", "float32,float32", "--shapes", "4294967296x4294967296,1", "--reduction", "sum",
                     "-o", tmp_path / "g.bin")
    one_line_error(rc, err, "z.bin")
    assert not (tmp_path / "g.bin").exists()


CSV3 = HEAD + "".join(f"c{k},aclnnL1Loss,\"((2,),(2,))\",\"('float32',)\",{{'reduction': 0}},,True\n" for k in range(3))


def test_dataset_is_published_whole_or_not_at_all(tmp_path):
    p = tmp_path / "c.csv"
    # a row whose declared output shape is not the operator's: found while computing, after two cases
    p.write_text(CSV3 + "bad,aclnnL1Loss,\"((2,),(2,),(3,))\",\"('float32',)\",{'reduction': 0},,True\n")
    rc, _, err = cli("golden", "--ttk-csv", p, "--out", tmp_path / "o")
    one_line_error(rc, err, f"{p}:5")
    assert sorted(os.listdir(tmp_path)) == ["c.csv"]  # nothing published, no hidden staging folder left
    # an existing non-empty folder is never overwritten silently
    p.write_text(CSV3)
    (tmp_path / "o").mkdir()
    (tmp_path / "o" / "mine.txt").write_text("keep")
    rc, _, err = cli("golden", "--ttk-csv", p, "--out", tmp_path / "o")
    one_line_error(rc, err, "not empty", "--overwrite")
    assert os.listdir(tmp_path / "o") == ["mine.txt"]
    rc, out, err = cli("golden", "--ttk-csv", p, "--out", tmp_path / "o", "--overwrite")
    assert rc == 0 and "3 cases written" in out, err
    assert sorted(os.listdir(tmp_path / "o")) == ["c0", "c1", "c2"]
    assert sorted(os.listdir(tmp_path)) == ["c.csv", "o"]
    # an empty folder takes the dataset
    (tmp_path / "e").mkdir()
    rc, out, err = cli("golden", "--ttk-csv", p, "--out", tmp_path / "e")
    assert rc == 0 and sorted(os.listdir(tmp_path / "e")) == ["c0", "c1", "c2"], err
    rc, _, err = cli("golden", "--ttk-csv", p, "--out", p)
    one_line_error(rc, err, "not a folder")


def test_a_killed_run_publishes_nothing(tmp_path):
    p = tmp_path / "many.csv"
    p.write_text(HEAD + "".join(f"c{k},aclnnL1Loss,\"((256,256),(256,256))\",\"('float32',)\",{{'reduction': 0}},,True\n"
                                for k in range(3000)))
    proc = subprocess.Popen([sys.executable, "-m", "aclcpu", "golden", "--ttk-csv", str(p), "--out",
                             str(tmp_path / "o")], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        staged = []
        while time.monotonic() < deadline and proc.poll() is None:
            staged = [d for d in os.listdir(tmp_path) if d.startswith(".o.partial-")]
            if staged and len(os.listdir(tmp_path / staged[0])) >= 5:
                break
            time.sleep(0.05)
        assert staged and proc.poll() is None, "the run ended before it could be killed"
        proc.send_signal(signal.SIGKILL)
        proc.wait(30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert not (tmp_path / "o").exists()  # only the hidden staging folder remains


# ------------------------------------------------------------------ ops-nn's lists: forward losses, soc_series, -t

KERNEL = ("testcase_name,network_name,op_name,input_shapes,input_dtypes,input_formats,output_shapes,output_dtypes,"
          "output_formats,attributes,input_data_ranges,is_enabled,soc_series,manual_input_binaries\n")
KERNEL_FORWARD = KERNEL + """lp_sum,UNKNOWN,lp_loss,"((4, 3), (4, 3))","('float16', 'float16')","('ND', 'ND')","((1,),)",\"('float16',)\","('ND',)","{'p': 1, 'reduction': 'sum'}","((0, 1), (0, 1))",1,,()
lp_none,UNKNOWN,lp_loss,"((5,), (5,))","('bfloat16', 'bfloat16')","('ND', 'ND')","((5,),)",\"('bfloat16',)\","('ND',)","{'p': 1, 'reduction': 'none'}",,1,,()
sl1_mean,UNKNOWN,smooth_l1_loss_v2,"((2, 8), (2, 8))","('float32', 'float32')","('ND', 'ND')","((2, 8),)",\"('float32',)\","('ND',)","{'sigma': 0.7, 'reduction': 'mean'}","((-1, 1), (-1, 1))",1,,()
mse_none,UNKNOWN,mse_loss,"((6,4), (6,4))","('float32', 'float32')","('ND', 'ND')","(6,4)",\"('float32',)\","('ND',)",{'reduction': 'none'},"((-100, 100, 0, -0, inf, -inf, nan), (-1, 1))",1,,()
"""


def load_case(folder, dtypes, shapes):
    files = sorted(os.listdir(folder))
    ins = [aclcpu.from_bin(folder / f"input_{i}_{d}.bin", d, s) for i, (d, s) in enumerate(zip(dtypes, shapes))]
    golden = [f for f in files if f.startswith("golden_0_")]
    assert len(golden) == 1
    return ins, golden[0]


def test_forward_kernel_lists_of_ops_nn(tmp_path):
    p = tmp_path / "k.csv"
    p.write_text(KERNEL_FORWARD)
    rc, out, err = cli("golden", "--ttk-csv", p, "--out", tmp_path / "o")
    assert rc == 0 and "4 cases written" in out and "0 skipped" in out, err
    assert "note sl1_mean: output_shapes (2, 8) is not the operator's output shape ()" in err
    o = tmp_path / "o"
    ins, g = load_case(o / "lp_sum", ["float16"] * 2, [(4, 3)] * 2)
    assert g == "golden_0_float16__shape_1.bin"  # the kernel's one-element output
    assert same_bits(aclcpu.from_bin(o / "lp_sum" / g, "float16", (1,)), aclcpu.l1_loss(*ins, "sum"))
    ins, g = load_case(o / "lp_none", ["bfloat16"] * 2, [(5,)] * 2)
    assert same_bits(aclcpu.from_bin(o / "lp_none" / g, "bfloat16", (5,)), aclcpu.l1_loss(*ins, "none"))
    ins, g = load_case(o / "sl1_mean", ["float32"] * 2, [(2, 8)] * 2)
    assert g == "golden_0_float32__shape_scalar.bin"
    assert same_bits(aclcpu.from_bin(o / "sl1_mean" / g, "float32", ()), aclcpu.smooth_l1_loss(*ins, "mean", 0.7))
    ins, g = load_case(o / "mse_none", ["float32"] * 2, [(6, 4)] * 2)
    assert np.isnan(ins[0]).any() and np.isposinf(ins[0]).any() and np.isneginf(ins[0]).any()
    assert same_bits(aclcpu.from_bin(o / "mse_none" / g, "float32", (6, 4)), aclcpu.mse_loss(*ins, "none"))
    # p other than 1 is not the L1 loss: that case is skipped with the reason, never computed as p = 1
    q = tmp_path / "p2.csv"
    q.write_text(KERNEL_FORWARD.replace("{'p': 1, 'reduction': 'sum'}", "{'p': 2, 'reduction': 'sum'}", 1))
    rc, out, err = cli("golden", "--ttk-csv", q, "--out", tmp_path / "p2")
    assert rc == 0 and "3 cases written" in out and "1 skipped" in out, (out, err)
    assert "skipped lp_sum: p = 2: only p = 1 is implemented (aclnnL1Loss)" in out + err
    assert not (tmp_path / "p2" / "lp_sum").exists()
    # a p that is no number is refused; a wrong tensor count names the kernel's inputs
    for old, new, needle in (("{'p': 1, 'reduction': 'sum'}", "{'p': 'two', 'reduction': 'sum'}", "only p = 1"),
                             ('"((4, 3), (4, 3))"', '"((4, 3), (4, 3), (4, 3))"', "predict, label (lp_loss)"),
                             ("\"('ND', 'ND')\",\"((1,),)\"", "\"('NC1HWC0', 'ND')\",\"((1,),)\"", "only ND"),
                             (",1,,()\nlp_none", ",1,,\"('x.bin',)\"\nlp_none", "manual_input_binaries")):
        q = tmp_path / "bad.csv"
        q.write_text(KERNEL_FORWARD.replace(old, new, 1))
        rc, _, err = cli("golden", "--ttk-csv", q, "--out", tmp_path / "bad")
        one_line_error(rc, err, f"{q}:2", needle)


def test_forward_aclnn_lists(tmp_path):
    p = tmp_path / "a.csv"
    p.write_text(HEAD + "l1,aclnnL1Loss,\"((2,3),(3,),())\",\"('float16',)\",{'reduction': 1},,True\n"
                 "mse,aclnnMseLoss,\"((2,3),(2,3))\",\"('float32',)\",{'reduction': 'sum'},,True\n"
                 "sl1,aclnnSmoothL1Loss,\"((4,),(4,),(4,))\",\"('bfloat16',)\",\"{'reduction': 0, 'beta': 0.5}\",,True\n")
    rc, out, err = cli("golden", "--ttk-csv", p, "--out", tmp_path / "o", "--soc", "Ascend910B")
    assert rc == 0 and "3 cases written" in out, err
    o = tmp_path / "o"
    ins, g = load_case(o / "sl1", ["bfloat16"] * 2, [(4,)] * 2)
    assert same_bits(aclcpu.from_bin(o / "sl1" / g, "bfloat16", (4,)),
                     aclcpu.smooth_l1_loss(*ins, "none", 0.5, soc="Ascend910B"))
    ins, g = load_case(o / "l1", ["float16"] * 2, [(2, 3), (3,)])
    assert same_bits(aclcpu.from_bin(o / "l1" / g, "float16", ()), aclcpu.l1_loss(*ins, "mean", soc="Ascend910B"))


SOC_CSV = HEAD.replace("\n", ",soc_series\n") + (
    "b910,aclnnSmoothL1LossBackward,\"((64,),(64,),(64,))\",\"('bfloat16',)\",{'reduction': 1},,True,\"('Ascend910B2',)\"\n"
    "default,aclnnMseLossBackward,\"((64,),(64,),(64,))\",\"('bfloat16',)\",{'reduction': 1},,True,\n"
    "not310,aclnnL1Loss,\"((2,),(2,))\",\"('float32',)\",{'reduction': 0},,True,\"('-Ascend310P',)\"\n")


def test_soc_series_selects_the_product(tmp_path):
    p = tmp_path / "s.csv"
    p.write_text(SOC_CSV)
    rc, out, err = cli("golden", "--ttk-csv", p, "--out", tmp_path / "o")
    assert rc == 0 and "3 cases written" in out and "Ascend910B 1" in out, (out, err)
    o = tmp_path / "o"
    ins, g = load_case(o / "b910", ["bfloat16"] * 3, [(64,)] * 3)
    got = aclcpu.from_bin(o / "b910" / g, "bfloat16", (64,))
    assert same_bits(got, aclcpu.smooth_l1_loss_backward(*ins, "mean", soc="Ascend910B"))
    # these inputs' Ascend910B golden differs from the default profile's (Ascend950) in some BF16 elements
    assert not same_bits(got, aclcpu.smooth_l1_loss_backward(*ins, "mean", soc="Ascend950"))
    # --soc naming another product says so and skips the row; one it excludes too
    rc, out, err = cli("golden", "--ttk-csv", p, "--out", tmp_path / "o2", "--soc", "Ascend950")
    assert rc == 0 and "2 cases written" in out and "1 skipped" in out, err
    assert "skipped b910: soc_series (Ascend910B2) names Ascend910B, not --soc Ascend950" in err
    rc, out, err = cli("golden", "--ttk-csv", p, "--out", tmp_path / "o3", "--soc", "Ascend310P")
    assert "skipped not310: soc_series (-Ascend310P) excludes --soc Ascend310P" in err
    # the default profile excluded, several products, or only unknown ones
    q = tmp_path / "q.csv"
    q.write_text(SOC_CSV.replace("-Ascend310P", "-Ascend950"))
    rc, out, err = cli("golden", "--ttk-csv", q, "--out", tmp_path / "o4", env={"ACLCPU_SOC_VERSION": "Ascend950"})
    assert rc == 0 and "excludes the default profile Ascend950" in err, err
    q.write_text(SOC_CSV.replace("('Ascend910B2',)", "('Ascend910B2', 'Ascend310P3')"))
    rc, _, err = cli("golden", "--ttk-csv", q, "--out", tmp_path / "o5")
    one_line_error(rc, err, f"{q}:2", "soc_series", "several products", "--soc")
    q.write_text(SOC_CSV.replace("('Ascend910B2',)", "('Ascend310B1',)"))
    rc, out, err = cli("golden", "--ttk-csv", q, "--out", tmp_path / "o6")
    assert rc == 0 and "names no product aclcpu models" in err, err


def test_testcase_filter(tmp_path):
    p = tmp_path / "c.csv"
    p.write_text(CSV3)
    rc, out, err = cli("golden", "--ttk-csv", p, "--out", tmp_path / "o", "-t", "c1", "-t", "c0,zz*", )
    one_line_error(rc, err, "no case matches 'zz*'")
    rc, out, err = cli("golden", "--ttk-csv", p, "--out", tmp_path / "o", "-t", "c[12]")
    assert rc == 0 and "2 cases written" in out and sorted(os.listdir(tmp_path / "o")) == ["c1", "c2"], err
    j = tmp_path / "a.json"
    j.write_text(json.dumps([atk_case(k) for k in range(4)]))
    rc, out, err = cli("golden", "--atk-json", j, "--out", tmp_path / "a", "--testcase", "3")
    assert rc == 0 and os.listdir(tmp_path / "a") == ["torch_nn_SmoothL1Loss_3"], err


def test_op_help_lists_every_operator_and_its_tensors():
    rc, out, _ = cli("golden", "--help")
    assert rc == 0
    text = " ".join(out.split())
    for api, info in aclcpu._ops.OPS.items():
        params = [f"{p}{'!' if d is None else ''}" for p, d in info.params]
        listed = ", ".join(list(info.tensors) + ([f"--param {' '.join(params)}"] if params else []))
        assert f"{api}({listed})" in text, api
    assert "aclnnClamp(self, --param clipValueMin! clipValueMax!)" in text  # ! = no default: required
    rc, _, err = cli("golden", "--op", "aclnnMseLoss", "--inputs", "a.bin", "--dtypes", "fp32", "--shapes", "2",
                     "-o", "x.bin")
    one_line_error(rc, err, "--inputs: expected 2 comma-separated entries (aclnnMseLoss's self, target)")


def test_call_and_plugin_arguments_are_taken_exactly_or_refused():
    a = np.zeros((2, 3), np.float32)
    for tensors, params, needle in ((a, None, "list or tuple"), ([a, a], [("beta", 1.0)], "dict"),
                                    ([a, a], {"beta": True}, "real number")):
        with pytest.raises(AclnnError) as e:
            aclcpu.call("aclnnSmoothL1Loss", tensors, "none", params)
        assert e.value.status == 161002 and needle in e.value.message
    import aclcpu.ttk as plugin
    for p in (2, True, 1.5):
        with pytest.raises(AclnnError):
            plugin.lp_loss_golden(a, a, p=p, reduction="sum")
    assert same_bits(plugin.lp_loss_golden(a, a, p=1, reduction="sum"), aclcpu.l1_loss(a, a, "sum"))
    assert same_bits(plugin.mse_loss_v2_golden(a + 1, a, reduction="none"), aclcpu.mse_loss(a + 1, a, "none"))
