"""aclcpu golden: single calls, TTK CSV and ATK JSON lists into TTK manual-data directories (issue 11 §2)."""
import hashlib
import json
import os
import re
import subprocess
import sys

import numpy as np
import pytest

import aclcpu
from aclcpu.cases import case_directory_name
from conftest import same_bits

BF16 = aclcpu.BFLOAT16
DATA_FILE = re.compile(r"^(input|golden)_(\d+)_([A-Za-z0-9_.-]+?)(?:__shape_(scalar|\d+(?:x\d+)*))?\.(bin|npy)$")


def cli(*args, cwd=None):
    r = subprocess.run([sys.executable, "-m", "aclcpu", *map(str, args)], capture_output=True, text=True, cwd=cwd)
    return r.returncode, r.stdout, r.stderr


def test_golden_from_bin_and_npy_then_compare(tmp_path):
    rng = np.random.default_rng(5)
    g = rng.normal(size=(2, 3)).astype(np.float16)
    s = rng.normal(size=(2, 3)).astype(np.float16)
    t = rng.normal(size=(3,)).astype(np.float16)
    for name, a in (("go", g), ("self", s), ("target", t)):
        aclcpu.to_bin(a, tmp_path / f"{name}.bin")
    np.save(tmp_path / "self.npy", s)
    rc, out, err = cli("golden", "--op", "aclnnL1LossBackward",
                       "--inputs", f"{tmp_path}/go.bin,{tmp_path}/self.npy,{tmp_path}/target.bin",
                       "--dtypes", "float16,float16,float16", "--shapes", "2x3,2x3,3", "--reduction", "mean",
                       "--out-dtype", "float32", "--soc", "Ascend910B", "-o", tmp_path / "golden.bin")
    assert rc == 0, err
    expect = aclcpu.l1_loss_backward(g, s, t, "mean", out_dtype=np.float32, soc="Ascend910B")
    got = aclcpu.from_bin(tmp_path / "golden.bin", "float32", (2, 3))
    assert same_bits(got, expect)
    rc, out, _ = cli("compare", tmp_path / "golden.bin", tmp_path / "golden.bin", "--dtype", "float32")
    assert rc == 0 and "binary: PASS" in out
    # the default profile (Ascend950) gives other mean bits for shape [2,3]? compare shows it honestly
    rc, _, _ = cli("golden", "--inputs", f"{tmp_path}/go.bin,{tmp_path}/self.bin,{tmp_path}/target.bin",
                   "--dtypes", "fp16,fp16,fp16", "--shapes", "2x3,2x3,3", "--reduction", "sum", "-o",
                   tmp_path / "g2.npy")
    assert rc == 0
    assert same_bits(np.load(tmp_path / "g2.npy"), aclcpu.l1_loss_backward(g, s, t, "sum"))
    # bf16 and scalar shapes
    aclcpu.to_bin(np.array(2.0, np.float32).astype(BF16), tmp_path / "sc.bin")
    aclcpu.to_bin(s.astype(BF16), tmp_path / "sb.bin")
    rc, _, err = cli("golden", "--inputs", f"{tmp_path}/sc.bin,{tmp_path}/sb.bin,{tmp_path}/sc.bin",
                     "--dtypes", "bf16,bfloat16,bf16", "--shapes", "scalar,2x3,scalar", "--reduction", "none",
                     "-o", tmp_path / "g3.bin")
    assert rc == 0, err
    assert same_bits(aclcpu.from_bin(tmp_path / "g3.bin", "bfloat16", (2, 3)),
                     aclcpu.l1_loss_backward(np.array(2.0, BF16), s.astype(BF16), np.array(2.0, BF16), "none"))


def test_golden_bad_input_exit_2_nothing_written(tmp_path):
    aclcpu.to_bin(np.zeros(6, np.float16), tmp_path / "a.bin")
    aclcpu.to_bin(np.zeros(3, np.float16), tmp_path / "b.bin")
    out = tmp_path / "never.bin"
    base = ["golden", "--inputs", f"{tmp_path}/a.bin,{tmp_path}/a.bin,{tmp_path}/b.bin", "-o", out]
    cases = [
        (["--dtypes", "float16,float16,float16", "--shapes", "2x3,2x3,4"], "b.bin"),         # size mismatch
        (["--dtypes", "float16,half16,float16", "--shapes", "2x3,2x3,3"], "half16"),         # unknown dtype
        (["--dtypes", "float16,float16,float16", "--shapes", "2x3,3x2,3"], "must match"),    # not broadcastable
        (["--dtypes", "float16,float16,float16", "--shapes", "2x3,2x3,3", "--op", "aclnnPowTensorScalar"], "aclnnPowTensorScalar"),
        (["--dtypes", "float16,float16", "--shapes", "2x3,2x3,3"], "--dtypes"),
        (["--dtypes", "float16,float16,float16", "--shapes", "2x3,2x3,3", "--soc", "Ascend123"], "Ascend123"),
    ]
    for extra, needle in cases:
        rc, _, err = cli(*base, *extra)
        assert rc == 2, (extra, err)
        assert needle in err and err.count("\n") == 1, err
    assert sorted(os.listdir(tmp_path)) == ["a.bin", "b.bin"]  # no output, no temporary left


ACLNN_CSV = """testcase_name,api_name,tensor_view_shapes,tensor_dtypes,tensor_storage_shapes,tensor_view_offsets,tensor_view_strides,attributes,input_data_ranges,is_enabled
l1_plain,aclnnL1LossBackward,"((2,3),(2,3),(3,),(2,3))","('float16',)",,,,{'reduction': 1},"((-1, 1),)",True
l1 strided/view#1,aclnnL1LossBackward,"((2,3),(2,3),(2,3),(2,3))","('float32','float32','float32','float32')","((2,3),(3,6),(2,3),(2,3))","(0,4,0,0)","((3,1),(1,6),(3,1),(3,1))",{'reduction': 'sum'},"((-5, 5), (-5, 5, 0.0), (0, 0))",True
l1_bf16_scalar,aclnnL1LossBackward,"((),(4,),(),(4,))","('bfloat16',)",,,,{'reduction': 0},,True
l1_disabled,aclnnL1LossBackward,"((2,),(2,),(2,),(2,))","('float16',)",,,,{'reduction': 0},,False
"""

KERNEL_CSV = """testcase_name,op_name,input_shapes,input_dtypes,input_formats,output_shapes,output_dtypes,output_formats,attributes,input_data_ranges,is_enabled,soc_series
k_sum,l1_loss_grad,"[(), (4, 1), (4, 1)]","('bfloat16',)","('ND',)","[(4, 1)]","('bfloat16',)",['ND'],{'reduction': 'sum'},"((None, None),)",TRUE,
k_mean,l1_loss_grad,"[(3, 5), (3, 5), (5,)]","('float16',)","('ND',)","[(3, 5)]","('float16',)",['ND'],{'reduction': 'mean'},"((-3, 3),)",TRUE,"('-Ascend310P',)"
"""


def read_case_dir(path):
    files = {}
    for name in os.listdir(path):
        m = DATA_FILE.match(name)
        assert m, f"unexpected file {name} in {path}"
        files[(m.group(1), int(m.group(2)))] = (name, m.group(3), m.group(4), m.group(5))
    return files


def test_ttk_aclnn_csv_to_manual_data_dirs(tmp_path):
    csv_path = tmp_path / "cases.csv"
    csv_path.write_text(ACLNN_CSV)
    out = tmp_path / "manual"
    rc, stdout, err = cli("golden", "--ttk-csv", csv_path, "--out", out, "--seed", "7", "--soc", "Ascend910B")
    assert rc == 0, err
    assert "3 cases written" in stdout and "1 skipped" in stdout and "is_enabled" in err
    hashed = "l1_strided_view_1-" + hashlib.sha256(b"l1 strided/view#1").hexdigest()[:12]
    assert case_directory_name("l1 strided/view#1") == hashed
    assert case_directory_name("x" * 121) == "x" * 96 + "-" + hashlib.sha256(b"x" * 121).hexdigest()[:12]
    assert case_directory_name("__") == "case-" + hashlib.sha256(b"__").hexdigest()[:12]
    assert sorted(os.listdir(out)) == sorted(["l1_plain", hashed, "l1_bf16_scalar"])  # no hidden temporaries
    # l1_plain: inputs 0..2 (gradInput is a pure output: not saved), golden with its shape token
    f = read_case_dir(out / "l1_plain")
    assert sorted(f) == [("golden", 0), ("input", 0), ("input", 1), ("input", 2)]
    assert f[("golden", 0)][0] == "golden_0_float16__shape_2x3.bin"
    ins = [aclcpu.from_bin(out / "l1_plain" / f[("input", i)][0], "float16", sh)
           for i, sh in enumerate([(2, 3), (2, 3), (3,)])]
    assert all(np.all(np.abs(x.astype(np.float32)) <= 1) for x in ins)
    golden = aclcpu.from_bin(out / "l1_plain" / f[("golden", 0)][0], "float16", (2, 3))
    assert same_bits(golden, aclcpu.l1_loss_backward(*ins, "mean", soc="Ascend910B"))
    # strided case: self's storage is 3x6 with the view at offset 4, strides (1, 6)
    d = out / hashed
    f = read_case_dir(d)
    g0 = aclcpu.from_bin(d / "input_0_float32.bin", "float32", (2, 3))
    st = aclcpu.from_bin(d / "input_1_float32.bin", "float32", (3, 6))
    t0 = aclcpu.from_bin(d / "input_2_float32.bin", "float32", (2, 3))
    assert np.all(t0 == 0)                                         # range (0, 0): that value
    view = np.lib.stride_tricks.as_strided(st.reshape(-1)[4:], (2, 3), (4, 24))
    assert 0.0 in view                                               # the must-appear value
    assert same_bits(aclcpu.from_bin(d / f[("golden", 0)][0], "float32", (2, 3)),
                     aclcpu.l1_loss_backward(g0, view, t0, "sum", soc="Ascend910B"))
    # scalar storages are saved with one element; golden shape token 4
    f = read_case_dir(out / "l1_bf16_scalar")
    assert f[("input", 0)][0] == "input_0_bfloat16.bin" and os.path.getsize(out / "l1_bf16_scalar" / "input_0_bfloat16.bin") == 2
    assert f[("golden", 0)][0] == "golden_0_bfloat16__shape_4.bin"
    # same seed -> same bytes; another seed -> other inputs
    out2 = tmp_path / "manual2"
    cli("golden", "--ttk-csv", csv_path, "--out", out2, "--seed", "7", "--soc", "Ascend910B")
    assert (out2 / "l1_plain" / "input_0_float16.bin").read_bytes() == (out / "l1_plain" / "input_0_float16.bin").read_bytes()
    out3 = tmp_path / "manual3"
    cli("golden", "--ttk-csv", csv_path, "--out", out3, "--seed", "8", "--soc", "Ascend910B")
    assert (out3 / "l1_plain" / "input_0_float16.bin").read_bytes() != (out / "l1_plain" / "input_0_float16.bin").read_bytes()


def test_ttk_kernel_csv_npy_and_soc_filter(tmp_path):
    csv_path = tmp_path / "k.csv"
    csv_path.write_text(KERNEL_CSV)
    out = tmp_path / "m"
    rc, stdout, err = cli("golden", "--ttk-csv", csv_path, "--out", out, "--format", "npy", "--soc", "Ascend950")
    assert rc == 0, err and "2 cases written" in stdout
    f = read_case_dir(out / "k_sum")
    assert f[("golden", 0)][0] == "golden_0_bfloat16.npy"
    inputs = [np.load(out / "k_sum" / f"input_{i}_bfloat16.npy") for i in range(3)]
    assert inputs[0].dtype == np.dtype("V2") and inputs[0].shape == (1,)          # scalar storage, raw bf16
    g = np.load(out / "k_sum" / "golden_0_bfloat16.npy").view(BF16)
    expect = aclcpu.l1_loss_backward(inputs[0].view(BF16).reshape(()), inputs[1].view(BF16),
                                     inputs[2].view(BF16), "sum")
    assert same_bits(g, expect)
    rc, stdout, err = cli("golden", "--ttk-csv", csv_path, "--out", tmp_path / "m2", "--soc", "Ascend310P")
    assert rc == 0 and "0 cases written" in stdout and "2 skipped" in stdout
    assert "excludes" in err and "operator rejects" in err              # soc_series; bf16 not on 310P


def test_atk_json(tmp_path):
    cases = []
    for i, (dt, shapes, red) in enumerate([("fp16", ([1], [7], [7]), 2), ("bf16", ([2, 1], [2, 3], [3]), 1),
                                           ("fp32", ([], [4], [4]), 0)]):
        inputs = [{"name": n, "type": "tensor", "required": True, "dtype": dt, "shape": s,
                   "range_values": [-5, 5] if n != "target" else 1.5}
                  for n, s in zip(("gradOutput", "self", "target"), shapes)]
        inputs.append({"name": "reduction", "type": "attr", "dtype": "int", "shape": None, "range_values": red})
        cases.append({"id": i, "name": "aclnn.l1.loss.backward", "aclnn_name": "L1LossBackward", "inputs": inputs})
    (tmp_path / "atk.json").write_text(json.dumps(cases))
    rc, stdout, err = cli("golden", "--atk-json", tmp_path / "atk.json", "--out", tmp_path / "o")
    assert rc == 0, err
    assert sorted(os.listdir(tmp_path / "o")) == ["aclnn_l1_loss_backward_0", "aclnn_l1_loss_backward_1",
                                                  "aclnn_l1_loss_backward_2"]
    d = tmp_path / "o" / "aclnn_l1_loss_backward_1"
    ins = [aclcpu.from_bin(d / f"input_{i}_bfloat16.bin", "bf16", s) for i, s in enumerate([(2, 1), (2, 3), (3,)])]
    assert np.all(ins[2].astype(np.float32) == 1.5)
    assert same_bits(aclcpu.from_bin(d / "golden_0_bfloat16__shape_2x3.bin", "bf16", (2, 3)),
                     aclcpu.l1_loss_backward(*ins, 1))
    assert os.listdir(tmp_path / "o" / "aclnn_l1_loss_backward_2").count("golden_0_float32__shape_4.bin") == 1


def test_case_list_errors_name_file_and_row(tmp_path):
    bad_rows = [
        ("aclnnPowTensorScalar", '"((2,),(2,),(2,))"', "('float16',)", "{}", "aclnnPowTensorScalar"),
        ("aclnnL1LossBackward", '"((2,),(2,)"', "('float16',)", "{}", "tensor_view_shapes"),
        ("aclnnL1LossBackward", '"((2,),(2,),(2,),(2,))"', "('float15',)", "{}", "float15"),
        ("aclnnL1LossBackward", '"((2,),(2,),(2,),(2,))"', "('float16',)", "{'reduction': 7}", "reduction"),
        ("aclnnL1LossBackward", '"((2,),(3,),(2,),(2,))"', "('float16',)", "{}", "rejects"),
    ]
    for api, shapes, dts, attrs, needle in bad_rows:
        p = tmp_path / "bad.csv"
        p.write_text("testcase_name,api_name,tensor_view_shapes,tensor_dtypes,attributes\n"
                     f"ok,aclnnL1LossBackward,\"((2,),(2,),(2,),(2,))\",\"('float16',)\",{{}}\n"
                     f"bad,{api},{shapes},\"{dts}\",\"{attrs}\"\n")
        out = tmp_path / "out"
        rc, stdout, err = cli("golden", "--ttk-csv", p, "--out", out)
        if needle == "rejects":  # a valid row the operator rejects is skipped, not an error
            assert rc == 0 and "1 skipped" in stdout and needle in err
            continue
        assert rc == 2, (needle, err)
        assert f"{p}:3" in err and needle in err and err.count("\n") == 1, err
        assert not out.exists()  # rows are all read before anything is written
    (tmp_path / "bad.json").write_text("[{\"id\": 0, \"aclnn_name\": \"Softmax\", \"inputs\": []}]")
    rc, _, err = cli("golden", "--atk-json", tmp_path / "bad.json", "--out", tmp_path / "o2")
    assert rc == 2 and "bad.json" in err and "Softmax" in err


def test_golden_mse_and_smooth_l1_single_calls(tmp_path):
    rng = np.random.default_rng(9)
    g = rng.normal(size=(3,)).astype(np.float32)
    s = rng.normal(size=(2, 3)).astype(np.float32)
    t = rng.normal(size=(2, 1)).astype(np.float32)
    for name, a in (("go", g), ("self", s), ("target", t)):
        aclcpu.to_bin(a, tmp_path / f"{name}.bin")
    files = f"{tmp_path}/go.bin,{tmp_path}/self.bin,{tmp_path}/target.bin"
    common = ["--inputs", files, "--dtypes", "fp32,fp32,fp32", "--shapes", "3,2x3,2x1"]
    rc, _, err = cli("golden", "--op", "aclnnSmoothL1LossBackward", *common, "--reduction", "sum", "--beta", "0.3",
                     "--soc", "Ascend910B", "--out-dtype", "float16", "-o", tmp_path / "sl1.bin")
    assert rc == 0, err
    assert same_bits(aclcpu.from_bin(tmp_path / "sl1.bin", "float16", (2, 3)),
                     aclcpu.smooth_l1_loss_backward(g, s, t, "sum", 0.3, out_dtype=np.float16, soc="Ascend910B"))
    rc, _, err = cli("golden", "--op", "aclnnSmoothL1LossBackward", *common, "-o", tmp_path / "sl1d.npy")
    assert rc == 0, err  # beta defaults to 1.0, reduction to mean
    assert same_bits(np.load(tmp_path / "sl1d.npy"), aclcpu.smooth_l1_loss_backward(g, s, t, "mean", 1.0))
    rc, _, err = cli("golden", "--op", "aclnnMseLossBackward", *common, "--reduction", "mean", "-o", tmp_path / "m.bin")
    assert rc == 0, err
    assert same_bits(aclcpu.from_bin(tmp_path / "m.bin", "float32", (2, 3)), aclcpu.mse_loss_backward(g, s, t))
    # bad input: beta for an operator without one, a negative beta, an MSE dtype mismatch: exit 2, no file
    for extra, op, dts, needle in ((["--beta", "1"], "aclnnMseLossBackward", "fp32,fp32,fp32", "no beta"),
                                   (["--beta", "-1"], "aclnnSmoothL1LossBackward", "fp32,fp32,fp32", "beta"),
                                   ([], "aclnnMseLossBackward", "fp32,fp32,int32", "same dtype")):
        out = tmp_path / "never.bin"
        rc, _, err = cli("golden", "--op", op, "--inputs", files, "--dtypes", dts, "--shapes", "3,2x3,2x1",
                         *extra, "-o", out)
        assert rc == 2 and needle in err and err.count("\n") == 1, err
        assert not out.exists()


KERNEL_LOSS_CSV = """testcase_name,op_name,input_shapes,input_dtypes,output_shapes,output_dtypes,attributes,input_data_ranges
mse_k,mse_loss_grad,"((4, 3), (3,), ())","('float16',)","((4, 3),)","('float16',)",{'reduction': 'mean'},"((-3, 3), (-3, 3), (0.5, 0.5))"
mse_v2,mse_loss_grad_v2,"((2, 2), (2, 2), (2, 2))","('float32',)","((2, 2),)","('float32',)",{'reduction': 'sum'},
sl1_k,smooth_l1_loss_grad_v2,"((5,), (5,), (5,))","('bfloat16', 'bfloat16', 'bfloat16')","((5,),)","('bfloat16',)","{'sigma': 0.8, 'reduction': 'none'}","((-1, 1), (-1, 1), (-1, 1))"
sl1_inf,smooth_l1_loss_grad_v2,"((2,), (2,), (2,))","('float32',)","((2,),)","('float32',)",{},"((-inf, -inf), (1, 1), (2, 2))"
"""

ACLNN_LOSS_CSV = """testcase_name,api_name,tensor_view_shapes,tensor_dtypes,attributes,input_data_ranges
sl1_beta0,aclnnSmoothL1LossBackward,"((3,),(3,),(3,),(3,))","('float32',)","{'reduction': 'none', 'beta': 0.0}","((1, 1), (0, 0), (0, 0))"
mse_a,aclnnMseLossBackward,"((),(2,3),(3,),(2,3))","('float16', 'float16', 'float16', 'float32')",{'reduction': 2},
"""


def test_ttk_csvs_for_mse_and_smooth_l1(tmp_path):
    (tmp_path / "k.csv").write_text(KERNEL_LOSS_CSV)
    rc, stdout, err = cli("golden", "--ttk-csv", tmp_path / "k.csv", "--out", tmp_path / "k", "--soc", "Ascend950")
    assert rc == 0 and "4 cases written" in stdout, err
    # bare inf in input_data_ranges (as in ops-nn's smooth_l1_loss_grad_v2 list); sigma 1, mean by default
    d = tmp_path / "k" / "sl1_inf"
    assert np.isneginf(aclcpu.from_bin(d / "input_0_float32.bin", "float32", (2,))).all()
    assert same_bits(aclcpu.from_bin(d / "golden_0_float32__shape_2.bin", "float32", (2,)),
                     np.array([-1.0, -1.0], np.float32))
    # kernel input order predict, label, dout: input_2 is the 0-d dout (gradOutput), 0.5 everywhere
    d = tmp_path / "k" / "mse_k"
    p, lab, dout = (aclcpu.from_bin(d / f"input_{i}_float16.bin", "float16", s) for i, s in
                    enumerate([(4, 3), (3,), (1,)]))
    assert float(dout[0]) == 0.5
    assert same_bits(aclcpu.from_bin(d / "golden_0_float16__shape_4x3.bin", "float16", (4, 3)),
                     aclcpu.mse_loss_backward(dout.reshape(()), p, lab, "mean", soc="Ascend950"))
    d = tmp_path / "k" / "sl1_k"
    p, lab, dout = (aclcpu.from_bin(d / f"input_{i}_bfloat16.bin", "bf16", (5,)) for i in range(3))
    assert same_bits(aclcpu.from_bin(d / "golden_0_bfloat16__shape_5.bin", "bf16", (5,)),
                     aclcpu.smooth_l1_loss_backward(dout, p, lab, "none", 0.8, soc="Ascend950"))
    assert (tmp_path / "k" / "mse_v2" / "golden_0_float32__shape_2x2.bin").exists()
    # ACLNN mode: beta from the attributes; beta = 0 at x = 0 is NaN on Ascend950, 0 on Ascend910B
    (tmp_path / "a.csv").write_text(ACLNN_LOSS_CSV)
    for soc, nan in (("Ascend950", True), ("Ascend910B", False)):
        out = tmp_path / f"a_{soc}"
        rc, stdout, err = cli("golden", "--ttk-csv", tmp_path / "a.csv", "--out", out, "--soc", soc)
        assert rc == 0 and "2 cases written" in stdout, err
        y = aclcpu.from_bin(out / "sl1_beta0" / "golden_0_float32__shape_3.bin", "float32", (3,))
        assert bool(np.all(np.isnan(y))) == nan and (nan or np.all(y == 0))
        m = out / "mse_a"
        ins = [aclcpu.from_bin(m / f"input_{i}_float16.bin", "float16", s) for i, s in enumerate([(1,), (2, 3), (3,)])]
        assert same_bits(aclcpu.from_bin(m / "golden_0_float32__shape_2x3.bin", "float32", (2, 3)),
                         aclcpu.mse_loss_backward(ins[0].reshape(()), ins[1], ins[2], "sum", out_dtype=np.float32,
                                                  soc=soc))
    # a non-numeric beta is a malformed row (exit 2, file and row named)
    (tmp_path / "b.csv").write_text(ACLNN_LOSS_CSV.replace("'beta': 0.0", "'beta': 'x'"))
    rc, _, err = cli("golden", "--ttk-csv", tmp_path / "b.csv", "--out", tmp_path / "b")
    assert rc == 2 and f"{tmp_path / 'b.csv'}:2" in err and "beta" in err and not (tmp_path / "b").exists()


def test_atk_json_mse_and_smooth_l1(tmp_path):
    def tensor(name, dt, shape, rv):
        return {"name": name, "type": "tensor", "required": True, "dtype": dt, "shape": shape, "range_values": rv}

    def attr(name, rv):
        return {"name": name, "type": "attr", "required": True, "dtype": "int", "shape": None, "range_values": rv}

    cases = [
        {"id": 0, "name": "test_mse_loss_backward", "aclnn_name": "MseLossBackward",
         "inputs": [tensor("gradOutput", "fp16", [1], ["-inf"]), tensor("self", "fp16", [1], [-100, 100]),
                    tensor("target", "fp16", [1], [-100, 100]), attr("reduction", 0)]},
        {"id": 1, "name": "test_mse_loss_backward", "aclnn_name": "MseLossBackward",
         "inputs": [tensor("gradOutput", "fp32", [], [-1, 1]), tensor("self", "fp32", [], [-1, 1]),
                    tensor("target", "fp32", [], [-1, 1]), attr("reduction", [0, 2])]},
        {"id": 2, "name": "torch.nn.SmoothL1Loss", "aclnn_name": "SmoothL1LossBackward",
         "inputs": [tensor("gradOut", "bf16", [1, 1], [-5, 5]), tensor("self", "bf16", [2, 3], [-5, 5]),
                    tensor("target", "bf16", [3], [-5, 5]), attr("reduction", 1), attr("beta", 0.5)]},
    ]
    (tmp_path / "atk.json").write_text(json.dumps(cases))
    rc, stdout, err = cli("golden", "--atk-json", tmp_path / "atk.json", "--out", tmp_path / "o", "--soc", "Ascend910B")
    assert rc == 0 and "2 cases written" in stdout and "1 skipped" in stdout, err
    assert "reduction given as a range" in err
    d = tmp_path / "o" / "test_mse_loss_backward_0"
    assert np.isneginf(aclcpu.from_bin(d / "input_0_float16.bin", "float16", (1,))).all()
    d = tmp_path / "o" / "torch_nn_SmoothL1Loss_2"
    ins = [aclcpu.from_bin(d / f"input_{i}_bfloat16.bin", "bf16", s) for i, s in enumerate([(1, 1), (2, 3), (3,)])]
    assert same_bits(aclcpu.from_bin(d / "golden_0_bfloat16__shape_2x3.bin", "bf16", (2, 3)),
                     aclcpu.smooth_l1_loss_backward(*ins, "mean", 0.5, soc="Ascend910B"))


def test_written_files_and_case_folders_get_the_umask_mode(tmp_path):
    """Goldens and TTK case folders are written through a private temporary (mkstemp/mkdtemp: 0600/0700) and
    renamed; the result must carry the usual mode for the process's umask, so it can be shared or copied."""
    import stat
    old = os.umask(0o022)
    try:
        a = np.arange(6, dtype=np.float32)
        p = tmp_path / "g.bin"
        aclcpu.to_bin(a, p)
        assert stat.S_IMODE(os.stat(p).st_mode) == 0o644
        os.umask(0o027)
        aclcpu.to_bin(a, p)
        assert stat.S_IMODE(os.stat(p).st_mode) == 0o640
        from aclcpu import cases
        os.umask(0o022)
        case = cases.Case("umask_case", "aclnnL1LossBackward", "aclnn", [], 0, None, None, "test")
        d = cases.write_case(str(tmp_path / "out"), case, [a], a)
        assert stat.S_IMODE(os.stat(d).st_mode) == 0o755
        assert sorted(stat.S_IMODE(os.stat(os.path.join(d, f)).st_mode) for f in os.listdir(d)) == [0o644, 0o644]
    finally:
        os.umask(old)


def _atk_activation_cases():
    """Cases in the shape of ops-nn's activation ATK lists (values of ours): torch's argument names ("x") or
    unnamed inputs, a "scalar" input holding an aclScalar parameter's value, no reduction."""
    hs = [{"id": 3, "name": "torch.nn.Hardsigmoid", "aclnn_name": "Hardsigmoid", "api_type": "aclnn_hard_sigmoid",
           "inputs": [{"name": "x", "type": "tensor", "required": True, "dtype": "fp16", "shape": [2, 3],
                       "range_values": [-7, 7], "backward": False, "align_32B": None}]},
          {"id": 4, "name": "torch.nn.Hardsigmoid", "aclnn_name": "Hardsigmoid",
           "inputs": [{"name": "x", "type": "tensor", "dtype": "fp32", "shape": [3], "range_values": ["-inf"]}]}]
    ssb = [{"id": 7, "name": "torch.ops.aten.softshrink_backward", "aclnn_name": "SoftshrinkBackward",
            "inputs": [{"name": None, "type": "tensor", "dtype": "bf16", "shape": [4, 1], "range_values": [-5, 5]},
                       {"name": None, "type": "tensor", "dtype": "bf16", "shape": [4, 1], "range_values": [-5, 5]},
                       {"name": None, "type": "scalar", "dtype": "fp32", "shape": None, "range_values": 2}]}]
    return hs, ssb


def test_atk_json_activation_lists_by_position(tmp_path):
    hs, ssb = _atk_activation_cases()
    for name, cases in (("hs", hs), ("ssb", ssb)):
        (tmp_path / f"{name}.json").write_text(json.dumps(cases))
        rc, _, err = cli("golden", "--atk-json", tmp_path / f"{name}.json", "--out", tmp_path / name,
                         "--soc", "Ascend950")
        assert rc == 0, err
    d = tmp_path / "hs" / "torch_nn_Hardsigmoid_3"
    x = aclcpu.from_bin(d / "input_0_float16.bin", "fp16", (2, 3))
    assert same_bits(aclcpu.from_bin(d / "golden_0_float16__shape_2x3.bin", "fp16", (2, 3)),
                     aclcpu.hardsigmoid(x, soc="Ascend950"))
    d = tmp_path / "hs" / "torch_nn_Hardsigmoid_4"
    assert (aclcpu.from_bin(d / "golden_0_float32__shape_3.bin", "fp32", (3,)) == 0).all()  # hardsigmoid(-inf)
    d = tmp_path / "ssb" / "torch_ops_aten_softshrink_backward_7"
    g, x = (aclcpu.from_bin(d / f"input_{i}_bfloat16.bin", "bf16", (4, 1)) for i in range(2))
    assert same_bits(aclcpu.from_bin(d / "golden_0_bfloat16__shape_4x1.bin", "bf16", (4, 1)),
                     aclcpu.softshrink_backward(g, x, 2.0, soc="Ascend950"))
    # a list that names some inputs after the aclnn parameters and others not is refused, as are extra inputs
    bad = [dict(ssb[0], inputs=[dict(ssb[0]["inputs"][0], name="gradOutput")] + ssb[0]["inputs"][1:])]
    extra = [dict(ssb[0], inputs=ssb[0]["inputs"] + [ssb[0]["inputs"][2]])]
    for cases, needle in ((bad, "name every input or none"), (extra, "takes 1 attributes (lambd)")):
        (tmp_path / "bad.json").write_text(json.dumps(cases))
        rc, _, err = cli("golden", "--atk-json", tmp_path / "bad.json", "--out", tmp_path / "bad")
        assert rc == 2 and needle in err and len(err.strip().splitlines()) == 1, err
        assert not (tmp_path / "bad").exists()


def test_golden_param_and_bool_parameters(tmp_path):
    g = np.array([1.0, 2.0, -3.0, 4.0], np.float32)
    x = np.array([-1.0, 2.0, -0.5, 0.0], np.float32)
    g.tofile(tmp_path / "g.bin")
    x.tofile(tmp_path / "x.bin")
    base = ("golden", "--op", "aclnnLeakyReluBackward", "--inputs", f"{tmp_path}/g.bin,{tmp_path}/x.bin",
            "--dtypes", "fp32,fp32", "--shapes", "4,4")
    rc, _, err = cli(*base, "--param", "negativeSlope=0.25", "--param", "selfIsResult=true", "-o", tmp_path / "o.bin")
    assert rc == 0, err
    want = aclcpu.leaky_relu_backward(g, x, 0.25, True)
    assert same_bits(np.fromfile(tmp_path / "o.bin", np.float32), want)
    assert same_bits(want, np.where(x > 0, g, g * np.float32(0.25)).astype(np.float32))
    # CANN's check: selfIsResult with a negative slope
    for params, needle in ((("negativeSlope=-0.5", "selfIsResult=true"), "negativeSlope"),
                           (("negativeSlope=0.1", "selfIsResult=1"), "expected true or false"),
                           (("negativeSlope=abc",), "expected a real number"),
                           (("lambd=0.5",), "has no parameter 'lambd'"),
                           (("negativeSlope=0.1", "negativeSlope=0.2"), "given twice"),
                           (("negativeSlope",), "expected NAME=VALUE")):
        args = [a for p in params for a in ("--param", p)]
        rc, _, err = cli(*base, *args, "-o", tmp_path / "bad.bin")
        assert rc == 2 and needle in err and len(err.strip().splitlines()) == 1, (params, err)
        assert not (tmp_path / "bad.bin").exists()
    # the Python bool: a bool only (0 and 1 are refused, as torch's bool arguments refuse them)
    with pytest.raises(aclcpu.AclnnError, match="selfIsResult to be a bool"):
        aclcpu.leaky_relu_backward(g, x, 0.25, 1)
    assert same_bits(aclcpu.leaky_relu_backward(g, x, 0.25, np.bool_(True)), want)
    # a case list brings its own parameters
    rc, _, err = cli("golden", "--atk-json", tmp_path / "none.json", "--out", tmp_path / "d", "--param", "a=1")
    assert rc == 2 and "--param and --beta go with --inputs" in err


def test_ttk_scalar_ranges_output_index_and_fixed_kernel_attributes(tmp_path):
    """ops-nn's activation CSVs: aclScalar parameters in scalar_data_ranges (one value: used, rounded to
    scalar_dtypes; a range: the case skipped), output_tensor_indexes (-1,), and a kernel row whose attributes
    are another configuration than the aclnn operator's (skipped, never computed with the wrong one)."""
    (tmp_path / "htb.csv").write_text(
        "testcase_name,api_name,tensor_view_shapes,tensor_dtypes,scalar_dtypes,scalar_data_ranges\n"
        "htb_1,aclnnHardtanhBackward,\"((2,3),(2,3),(2,3))\",\"('float32','float32','float32')\","
        "\"('float16','float16')\",\"((-0.3, -0.3),(0.7, 0.7))\"\n"
        "htb_2,aclnnHardtanhBackward,\"((2,3),(2,3),(2,3))\",\"('float32','float32','float32')\","
        "\"('float16','float16')\",\"((-1, 0),(2, 2))\"\n")
    rc, out, err = cli("golden", "--ttk-csv", tmp_path / "htb.csv", "--out", tmp_path / "o", "--soc", "Ascend950")
    assert rc == 0, err
    assert "skipped htb_2: scalar min drawn from" in out + err
    d = tmp_path / "o" / "htb_1"
    g, x = (aclcpu.from_bin(d / f"input_{i}_float32.bin", "fp32", (2, 3)) for i in range(2))
    lo, hi = float(np.float16(-0.3)), float(np.float16(0.7))  # the scalars in their dtype
    want = aclcpu.hardtanh_backward(g, x, lo, hi, soc="Ascend950")
    assert same_bits(aclcpu.from_bin(d / "golden_0_float32__shape_2x3.bin", "fp32", (2, 3)), want)
    assert not same_bits(want, aclcpu.hardtanh_backward(g, x, soc="Ascend950"))  # not the defaults
    (tmp_path / "lr.csv").write_text(
        "testcase_name,api_name,tensor_dtypes,tensor_view_shapes,output_tensor_indexes,scalar_dtypes,"
        "scalar_data_ranges\n"
        "lr_1,aclnnLeakyRelu,\"('float16', 'float16')\",\"((4, 5), (4, 5))\",\"(-1,)\",('float32'),\"(0.25, 0.25)\"\n")
    rc, _, err = cli("golden", "--ttk-csv", tmp_path / "lr.csv", "--out", tmp_path / "lr", "--soc", "Ascend950")
    assert rc == 0, err
    d = tmp_path / "lr" / "lr_1"
    x = aclcpu.from_bin(d / "input_0_float16.bin", "fp16", (4, 5))
    assert same_bits(aclcpu.from_bin(d / "golden_0_float16__shape_4x5.bin", "fp16", (4, 5)),
                     aclcpu.leaky_relu(x, 0.25, soc="Ascend950"))
    head = ("testcase_name,op_name,input_shapes,input_dtypes,output_dtypes,attributes,soc_series\n")
    (tmp_path / "hs.csv").write_text(
        head + "hs_1,hard_sigmoid,\"((3,5),)\",\"('float32',)\",\"('float32',)\","
        "\"{'alpha':0.16666666666666666,'beta':0.5}\",\"('Ascend950',)\"\n"
        "hs_2,hard_sigmoid,\"((3,5),)\",\"('float32',)\",\"('float32',)\",\"{'alpha':0.2,'beta':0.4}\",\"('Ascend950',)\"\n")
    rc, out, err = cli("golden", "--ttk-csv", tmp_path / "hs.csv", "--out", tmp_path / "hs")
    assert rc == 0, err
    assert "skipped hs_2: alpha = 0.2: only alpha = 0.16666666666666666 is implemented" in out + err
    assert sorted(os.listdir(tmp_path / "hs")) == ["hs_1"]
    # a wrong count of scalars is exit 2, nothing written
    (tmp_path / "bad.csv").write_text(
        "testcase_name,api_name,tensor_view_shapes,tensor_dtypes,scalar_data_ranges\n"
        "b,aclnnHardtanhBackward,\"((2,),(2,),(2,))\",\"('float32','float32','float32')\",\"((1, 1),)\"\n")
    rc, _, err = cli("golden", "--ttk-csv", tmp_path / "bad.csv", "--out", tmp_path / "bad")
    assert rc == 2 and "takes 2 aclScalar parameter(s) (min, max)" in err and not (tmp_path / "bad").exists()
