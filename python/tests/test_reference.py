"""The reference tier through the Python bindings and the command line: refused unless asked
(fidelity="reference" / --fidelity reference), the outputs' shapes and dtypes given by the caller, every
parameter kind converted, the values those of ATen's own functions (torch on the CPU, which the tier runs),
and what is written said to be reference-tier."""
import os
import subprocess
import sys

import numpy as np
import pytest

import aclcpu
from aclcpu import AclnnError

torch = pytest.importorskip("torch")

REF = "reference"


def test_refused_unless_asked():
    a = np.ones((2, 3), np.float32)
    b = np.ones((3, 4), np.float32)
    with pytest.raises(AclnnError) as e:
        aclcpu.mm(a, b, outputs=[((2, 4), "float32")], cubeMathType=1)
    assert e.value.status == 161002 and 'fidelity="reference"' in e.value.message
    with pytest.raises(AclnnError) as e:
        aclcpu.call("aclnnMm", [a, b], params={"cubeMathType": 1}, outputs=[((2, 4), "float32")])
    assert e.value.status == 161002 and "reference-tier" in e.value.message
    with pytest.raises(AclnnError) as e:
        aclcpu.call("aclnnMm", [a, b], params={"cubeMathType": 1}, outputs=[((2, 4), "float32")], fidelity="ref")
    assert e.value.status == 161002 and "fidelity" in e.value.message


def test_tier_is_said():
    assert aclcpu.tier("aclnnMm") == REF
    assert aclcpu.tier("aclnnMm", "Ascend910") == REF
    assert aclcpu.tier("aclnnL1LossBackward", "Ascend950") == "exact"
    assert aclcpu.REFERENCE_OPERATORS["aclnnMm"] == "mm"
    with pytest.raises(AclnnError):
        aclcpu.tier("aclnnNoSuchOp")
    # an exact-tier operator runs whatever fidelity allows
    x = np.array([1.0, -2.0], np.float32)
    y = np.array([0.5, 0.5], np.float32)
    assert np.array_equal(aclcpu.call("aclnnL1Loss", [x, y], "none", fidelity=REF),
                          aclcpu.call("aclnnL1Loss", [x, y], "none"))
    with pytest.raises(AclnnError):
        aclcpu.call("aclnnL1Loss", [x, y], "none", outputs=[((2,), "float32")])


def test_mm_values_views_and_scalars():
    rng = np.random.default_rng(1)
    a = rng.standard_normal((4, 6)).astype(np.float32)
    b = rng.standard_normal((5, 6)).astype(np.float32).T  # a transposed view
    y = aclcpu.mm(a, b, outputs=[((4, 5), np.float32)], fidelity=REF, cubeMathType=1)
    want = torch.mm(torch.from_numpy(a), torch.from_numpy(np.ascontiguousarray(b))).numpy()
    assert y.shape == (4, 5) and y.dtype == np.float32
    np.testing.assert_array_equal(y, want)
    c = rng.standard_normal((4, 5)).astype(np.float32)
    z = aclcpu.addmm(c, a, b, outputs=[c], fidelity=REF, beta=2, alpha=0.5, cubeMathType=1)  # aclScalars
    want = torch.addmm(torch.from_numpy(c), torch.from_numpy(a), torch.from_numpy(np.ascontiguousarray(b)),
                       beta=2, alpha=0.5).numpy()
    np.testing.assert_allclose(z, want, rtol=1e-6, atol=1e-6)
    assert not np.shares_memory(z, c)  # outputs=[array] takes its shape and dtype only


def test_optional_scalar_none_passes_null():
    """aclnnAddr's betaOptional / alphaOptional: None (or leaving the parameter out) passes NULL, which CANN takes
    as 1; a number passes an aclScalar as for any other aclScalar parameter."""
    rng = np.random.default_rng(2)
    c = rng.standard_normal((3, 4)).astype(np.float32)
    v1 = rng.standard_normal(3).astype(np.float32)
    v2 = rng.standard_normal(4).astype(np.float32)
    want = torch.addr(torch.from_numpy(c), torch.from_numpy(v1), torch.from_numpy(v2)).numpy()
    y = aclcpu.call("aclnnAddr", [c, v1, v2], params={"betaOptional": None, "alphaOptional": None},
                    outputs=[((3, 4), np.float32)], fidelity=REF)
    np.testing.assert_array_equal(y, want)
    y = aclcpu.call("aclnnAddr", [c, v1, v2], params={}, outputs=[((3, 4), np.float32)], fidelity=REF)
    np.testing.assert_array_equal(y, want)
    y = aclcpu.call("aclnnAddr", [c, v1, v2], params={"betaOptional": 2, "alphaOptional": None},
                    outputs=[((3, 4), np.float32)], fidelity=REF)
    np.testing.assert_array_equal(y, torch.addr(torch.from_numpy(c), torch.from_numpy(v1), torch.from_numpy(v2),
                                                beta=2).numpy())
    with pytest.raises(AclnnError):
        aclcpu.call("aclnnAddr", [c, v1, v2], params={"betaOptional": "x"}, outputs=[((3, 4), np.float32)],
                    fidelity=REF)


def test_output_dtype_is_callers():
    x = np.array([0.0, 1.0, 2.0], np.float32)
    y = aclcpu.cos(x, outputs=[((3,), "float16")], fidelity=REF)
    assert y.dtype == np.float16
    np.testing.assert_array_equal(y, np.cos(x).astype(np.float16))


def test_layer_norm_optional_tensors_and_arrays():
    rng = np.random.default_rng(2)
    x = rng.standard_normal((3, 8)).astype(np.float32)
    w = rng.standard_normal(8).astype(np.float32)
    out, mean, rstd = aclcpu.layer_norm(x, w, None, outputs=[((3, 8), "float32"), ((3, 1), "float32"),
                                                           ((3, 1), "float32")],
                                        fidelity=REF, normalizedShape=[8], eps=1e-5)
    want = torch.nn.functional.layer_norm(torch.from_numpy(x), [8], torch.from_numpy(w), None, 1e-5).numpy()
    np.testing.assert_allclose(out, want, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(mean[:, 0], x.mean(axis=1), rtol=1e-5, atol=1e-6)
    only = aclcpu.layer_norm(x, None, None, outputs=[((3, 8), "float32"), None, None], fidelity=REF,
                             normalizedShape=[8], eps=1e-5)
    assert only[1] is None and only[2] is None


@pytest.mark.parametrize("bad, words", [
    (dict(outputs=None), "outputs="),
    (dict(outputs=[((4, 6), "float32")]), "out_n"),  # CANN's own message about out's shape
    (dict(outputs=[((4, 5), "float32"), None]), "list of 1"),
    (dict(outputs=[((4, -5), "float32")]), "non-negative"),
    (dict(outputs=[((4, 5), "no-such-dtype")]), "dtype"),
    (dict(cubeMathType=300), "cubeMathType must be an integer in [-128, 127]"),
    (dict(cubeMathType=1.5), "cubeMathType must be an integer"),
    (dict(cubeMathType=True), "cubeMathType must be an integer"),
    (dict(nope=1), "no parameter nope"),
])
def test_bad_input_is_a_clear_error(bad, words):
    a = np.ones((4, 6), np.float32)
    b = np.ones((6, 5), np.float32)
    kw = dict(outputs=[((4, 5), "float32")], fidelity=REF, cubeMathType=1)
    kw.update(bad)
    with pytest.raises(AclnnError) as e:
        aclcpu.mm(a, b, **kw)
    assert e.value.status == 161002 and words in e.value.message, e.value.message


def test_missing_parameter_and_tensor_count():
    a = np.ones((2, 2), np.float32)
    with pytest.raises(AclnnError) as e:
        aclcpu.mm(a, a, outputs=[((2, 2), "float32")], fidelity=REF)
    assert "requires parameter cubeMathType" in e.value.message
    with pytest.raises(AclnnError) as e:
        aclcpu.mm(a, outputs=[((2, 2), "float32")], fidelity=REF, cubeMathType=1)
    assert "takes 2 tensors" in e.value.message
    with pytest.raises(AclnnError) as e:  # None only for an optional input
        aclcpu.mm(a, None, outputs=[((2, 2), "float32")], fidelity=REF, cubeMathType=1)
    assert e.value.status == 161002


def _cli(*args, cwd):
    env = dict(os.environ)
    return subprocess.run([sys.executable, "-m", "aclcpu", *args], cwd=cwd, env=env, capture_output=True, text=True)


def test_cli_refuses_unless_asked_and_says_the_tier(tmp_path):
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    b = np.ones((3, 4), np.float32)
    a.tofile(tmp_path / "a.bin")
    b.tofile(tmp_path / "b.bin")
    base = ["golden", "--op", "aclnnMm", "--inputs", "a.bin,b.bin", "--dtypes", "float32,float32", "--shapes",
            "2x3,3x4", "--out-shapes", "2x4", "--out-dtypes", "float32", "--param", "cubeMathType=1", "-o", "y.bin"]
    r = _cli(*base, cwd=tmp_path)
    assert r.returncode == 2 and "--fidelity reference" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "y.bin").exists()
    r = _cli(*base, "--fidelity", "reference", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "reference tier" in r.stdout
    np.testing.assert_array_equal(np.fromfile(tmp_path / "y.bin", np.float32).reshape(2, 4), a @ b)
    bad = list(base)
    bad[bad.index("2x4")] = "2x5"
    r = _cli(*bad, "--fidelity", "reference", "-o", "z.bin", cwd=tmp_path)
    assert r.returncode == 2 and "161002" in r.stderr and not (tmp_path / "z.bin").exists()


def test_cli_optional_tensors(tmp_path):
    x = np.random.default_rng(3).standard_normal((2, 4)).astype(np.float32)
    x.tofile(tmp_path / "x.bin")
    r = _cli("golden", "--op", "aclnnLayerNorm", "--fidelity", "reference", "--inputs", "x.bin,none,none",
             "--dtypes", "float32,none,none", "--shapes", "2x4,none,none", "--out-shapes", "2x4,2x1,none",
             "--out-dtypes", "float32,float32,none", "--param", "normalizedShape=4", "--param", "eps=1e-5",
             "-o", "y.bin,m.bin", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    np.testing.assert_allclose(np.fromfile(tmp_path / "m.bin", np.float32), x.mean(axis=1), rtol=1e-5, atol=1e-6)
    r = _cli("golden", "--op", "aclnnLayerNorm", "--fidelity", "reference", "--inputs", "x.bin,none,none",
             "--dtypes", "float32,none,none", "--shapes", "2x4,none,none", "--out-shapes", "none,2x1,none",
             "--out-dtypes", "none,float32,none", "--param", "normalizedShape=4", "--param", "eps=1e-5",
             "-o", "q.bin", cwd=tmp_path)
    assert r.returncode == 2 and "not optional" in r.stderr


@pytest.mark.parametrize("kw, words", [
    (dict(params="abc"), "params must be a dict"),
    (dict(params=[("cubeMathType", 1)]), "params must be a dict"),
    (dict(outputs=[((2**63, 4), "float32")]), "below 2**62"),
    (dict(outputs=[((1,) * 33, "float32")]), "at most 32"),
    (dict(outputs=[((2**40, 2**40), "float32")]), "too large"),
    (dict(outputs=[((4, 5), None)]), "dtype is None"),
])
def test_hostile_arguments_are_aclnn_errors(kw, words):
    a = np.ones((4, 6), np.float32)
    b = np.ones((6, 5), np.float32)
    args = dict(params={"cubeMathType": 1}, outputs=[((4, 5), "float32")], fidelity=REF)
    args.update(kw)
    with pytest.raises(AclnnError) as e:
        aclcpu.call("aclnnMm", [a, b], **args)
    assert e.value.status == 161002 and words in e.value.message, e.value.message


def test_parameter_values_numpy_scalars_and_ranges():
    x = np.random.default_rng(4).standard_normal((2, 3)).astype(np.float32)
    spec = [((2, 3), "float32"), None, None]
    a = aclcpu.layer_norm(x, None, None, outputs=spec, fidelity=REF, normalizedShape=np.array([3]), eps=np.float32(1e-5))
    b = aclcpu.layer_norm(x, None, None, outputs=spec, fidelity=REF, normalizedShape=[3], eps=float(np.float32(1e-5)))
    np.testing.assert_array_equal(a[0], b[0])
    for bad in (10**400, "1e-5", True):
        with pytest.raises(AclnnError) as e:
            aclcpu.layer_norm(x, None, None, outputs=spec, fidelity=REF, normalizedShape=[3], eps=bad)
        assert "eps must be a real number" in e.value.message
    with pytest.raises(AclnnError):
        aclcpu.layer_norm(x, None, None, outputs=spec, fidelity=REF, normalizedShape=b"\x03", eps=1e-5)
    y = aclcpu.mm(x, x.T, outputs=[((2, 2), "float32")], fidelity=REF, cubeMathType=np.int8(1))
    np.testing.assert_allclose(y, x @ x.T, rtol=1e-6)


def test_in_place_reference_variants_are_named_not_unknown():
    assert aclcpu.tier("aclnnInplaceCos") == REF
    with pytest.raises(AclnnError) as e:
        aclcpu.call("aclnnInplaceCos", [np.ones(2, np.float32)], fidelity=REF)
    assert "aclnnCos" in e.value.message and "not call" in e.value.message


def test_star_import_keeps_the_builtins():
    ns = {}
    exec("from aclcpu import *\nresult = (max(1, 2), min(1, 2), abs(-1), round(1.5), all([1]), any([0]))", ns)
    assert ns["result"] == (2, 1, 1, 2, True, False)
    assert callable(aclcpu.max) or "aclnnMax" not in aclcpu.REFERENCE_OPERATORS


def test_cli_never_overwrites_its_input_or_a_link(tmp_path):
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    b = np.ones((3, 4), np.float32)
    a.tofile(tmp_path / "a.bin")
    b.tofile(tmp_path / "b.bin")
    before = (tmp_path / "a.bin").read_bytes()
    base = ["golden", "--op", "aclnnMm", "--fidelity", "reference", "--inputs", "a.bin,b.bin", "--dtypes",
            "float32,float32", "--shapes", "2x3,3x4", "--out-shapes", "2x4", "--out-dtypes", "float32", "--param",
            "cubeMathType=1"]
    r = _cli(*base, "-o", "a.bin", cwd=tmp_path)
    assert r.returncode == 2 and "is one of the --inputs" in r.stderr
    assert (tmp_path / "a.bin").read_bytes() == before
    (tmp_path / "target.bin").write_bytes(b"keep")
    os.symlink("target.bin", tmp_path / "link.bin")
    r = _cli(*base, "-o", "link.bin", cwd=tmp_path)
    assert r.returncode == 2 and "not a regular file" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert os.path.islink(tmp_path / "link.bin") and (tmp_path / "target.bin").read_bytes() == b"keep"
    for shapes in ("9223372036854775808x0", "0x99999999999999999999", "1x" * 32 + "1"):
        r = _cli(*[x if x != "2x4" else shapes for x in base], "-o", "y.bin", cwd=tmp_path)
        assert r.returncode == 2 and "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
    r = _cli(*[x if x != "cubeMathType=1" else "cubeMathType=0_1" for x in base], "-o", "y.bin", cwd=tmp_path)
    assert r.returncode == 2 and "integer" in r.stderr
