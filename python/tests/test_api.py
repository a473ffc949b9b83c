"""aclcpu.l1_loss_backward against the independent reference model, bit for bit (issue 11 §1, §5)."""
import threading

import numpy as np
import pytest

import aclcpu
from conftest import same_bits

BF16 = aclcpu.BFLOAT16
FLOATS = [np.dtype(np.float16), np.dtype(np.float32), BF16]
OTHERS = [np.dtype(t) for t in (np.int8, np.uint8, np.int16, np.int32, np.int64, np.bool_, np.float64)]
OUTS = [np.dtype(t) for t in (np.float16, np.float32, np.float64, np.complex64, np.complex128)] + [BF16]
SPECIAL = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e-40, -1e-8, 65504.0, 7e4, 1.0, -1.0, 0.5, 3.0e38])


def values(rng, n, dt):
    """Random values of dtype dt, floats with specials (NaN, inf, signed zeros, subnormals) mixed in."""
    if dt.kind in "iu":
        info = np.iinfo(dt)
        return rng.integers(max(info.min, -300), min(info.max, 300), size=n, endpoint=True).astype(dt)
    if dt.kind == "b":
        return rng.integers(0, 2, size=n).astype(bool)
    v = rng.normal(0, 4, size=n) * np.exp2(rng.integers(-20, 20, size=n))
    pick = rng.random(n) < 0.15
    v[pick] = rng.choice(SPECIAL, size=int(pick.sum()))
    with np.errstate(over="ignore"):
        return v.astype(dt)


def random_view(rng, shape, dt):
    """(numpy view, storage, element strides, offset): a strided view with an offset inside a 1-d storage."""
    if rng.random() < 0.4:
        storage = values(rng, max(int(np.prod(shape)), 1), dt)
        strides = []
        s = 1
        for d in reversed(shape):
            strides.append(s)
            s *= max(d, 1)
        strides = list(reversed(strides))
        offset = 0
    else:
        perm = rng.permutation(len(shape))
        pad = [int(rng.integers(1, 3)) for _ in shape]
        strides = [0] * len(shape)
        s = 1
        for k in reversed(perm):  # a permuted, padded layout
            strides[k] = s
            s *= max(shape[k], 1) * pad[k]
        for k, d in enumerate(shape):
            if d == 1 and rng.random() < 0.3:
                strides[k] = int(rng.integers(0, 50))  # any stride on a size-1 dim
        offset = int(rng.integers(0, 5))
        span = offset + sum((d - 1) * st for d, st in zip(shape, strides)) + 1 if 0 not in shape else offset + 1
        storage = values(rng, span + int(rng.integers(0, 3)), dt)
    item = storage.itemsize
    view = np.lib.stride_tricks.as_strided(storage[offset:], shape=tuple(shape),
                                           strides=tuple(st * item for st in strides))
    return view, storage, strides, offset


def random_shapes(rng):
    nd = int(rng.integers(0, 5))
    b = [int(rng.integers(1, 6)) for _ in range(nd)]
    if nd and rng.random() < 0.05:
        b[int(rng.integers(0, nd))] = 0
    shapes = []
    for _ in range(3):
        k = int(rng.integers(0, nd + 1))
        shapes.append([1 if rng.random() < 0.3 else d for d in b[nd - k:]])
    return shapes


@pytest.mark.parametrize("soc", aclcpu.SOCS)
def test_random_cases_bit_exact(soc, ref):
    rng = np.random.default_rng(11 + aclcpu.SOCS.index(soc))
    cases = []
    for i in range(160):
        shapes = random_shapes(rng)
        if i % 4 == 3:
            dts = [OTHERS[int(rng.integers(0, len(OTHERS)))] if rng.random() < 0.5 else
                   FLOATS[int(rng.integers(0, 3))] for _ in range(3)]
        else:
            f = FLOATS[i % 3]
            dts = [f, f, f]
        out = None if rng.random() < 0.6 else OUTS[int(rng.integers(0, len(OUTS)))]
        reduction = [0, 1, 2, "none", "mean", "sum"][i % 6]
        views = [random_view(rng, s, d) for s, d in zip(shapes, dts)]
        try:
            got = aclcpu.l1_loss_backward(views[0][0], views[1][0], views[2][0], reduction, out_dtype=out, soc=soc)
            status = 0
        except aclcpu.AclnnError as e:
            got, status = None, e.status
            assert status in (161001, 161002) and e.message
        out_dt = got.dtype if got is not None else (out or np.dtype(np.float32))
        r = {"none": 0, "mean": 1, "sum": 2}.get(reduction, reduction)
        k = ref.add(soc, r, out_dt, [(v[1], v[0].shape, v[2], v[3]) for v in views])
        cases.append((k, got, status, shapes, dts, reduction))
    results = ref.run()
    accepted = 0
    for k, got, status, shapes, dts, reduction in cases:
        ref_status, expect = results[k]
        assert status == ref_status, (shapes, dts, reduction)
        if status == 0:
            accepted += 1
            assert got.shape == tuple(np.broadcast_shapes(*[tuple(s) for s in shapes]))
            assert same_bits(got, expect.reshape(got.shape)), (shapes, dts, reduction, got, expect)
    assert accepted >= 90  # most random cases are valid calls


def test_default_soc_is_the_process_profile():
    g = np.array([1.0, 2.0], np.float32)
    s = np.array([np.nan, 1.0], np.float32)
    t = np.array([0.0, 1.0], np.float32)
    # Ascend950 (the default, ACLCPU_SOC_VERSION unset in ctest): sign(NaN) = 0; TBE profiles: -1.
    assert same_bits(aclcpu.l1_loss_backward(g, s, t, "none"), np.array([0.0, 0.0], np.float32))
    assert same_bits(aclcpu.l1_loss_backward(g, s, t, "none", soc="Ascend910B"), np.array([-1.0, 0.0], np.float32))
    assert same_bits(aclcpu.l1_loss_backward(g, s, t, "none", soc="Ascend910B1"), np.array([-1.0, 0.0], np.float32))


def test_mean_factor_per_profile():
    shape = (10, 10, 10)
    one = np.ones(shape, np.float32)
    a = aclcpu.l1_loss_backward(one, one * 2, one, "mean", soc="Ascend950")
    b = aclcpu.l1_loss_backward(one, one * 2, one, "mean", soc="Ascend910")
    assert a.reshape(-1)[0] == np.float32(1) / np.float32(10) / np.float32(10) / np.float32(10)
    assert b.reshape(-1)[0] == np.float32(1.0 / 1000)
    assert a.reshape(-1)[0] != b.reshape(-1)[0]


def test_zero_d_and_broadcast():
    y = aclcpu.l1_loss_backward(np.float32(3.0), np.array([[1.0], [5.0]], np.float16), np.float16(2.0), "sum")
    assert y.dtype == np.float32 and y.shape == (2, 1)
    assert same_bits(y, np.array([[-3.0], [3.0]], np.float32))
    z = aclcpu.l1_loss_backward(np.array(2.0, np.float16), np.array(1.0, np.float16), np.array(0.0, np.float16))
    assert z.shape == () and z.dtype == np.float16 and float(z) == 2.0


def test_views_are_not_copied_first(ref):
    """A transposed, sliced, offset view reaches the C API with its strides (same bits as the model)."""
    base = np.arange(60, dtype=np.float32).reshape(6, 10) - 30
    view = base[1:, 2:9:3].T  # shape (3, 5), strides (3, 10) elements, offset 12
    g = np.full((3, 5), 0.5, np.float32)
    t = np.zeros(5, np.float32)
    y = aclcpu.l1_loss_backward(g, view, t, "none")
    k = ref.add("Ascend950", 0, np.float32,
                [(g.reshape(-1), (3, 5), (5, 1), 0), (base.reshape(-1), (3, 5), (3, 10), 12), (t, (5,), (1,), 0)])
    status, expect = ref.run()[k]
    assert status == 0 and same_bits(y, expect.reshape(3, 5))
    assert same_bits(y, np.sign(view) * np.float32(0.5))


def test_views_the_c_api_cannot_describe():
    """Negative strides and byte strides that are not multiples of the item size are made contiguous first
    (documented); the results equal those of the contiguous copies."""
    x = np.arange(8, dtype=np.float32) - 4
    rev = x[::-1]
    y = aclcpu.l1_loss_backward(np.ones(8, np.float32), rev, np.zeros(8, np.float32), "none")
    assert same_bits(y, np.sign(rev).astype(np.float32))
    raw = np.zeros(4 * 6 + 1, np.uint8)
    odd = np.ndarray((6,), np.float32, raw.data, offset=1)  # misaligned, byte strides 4
    odd[:] = [1, -2, 3, -4, 0, 5]
    packed = np.zeros(3, dtype=[("a", np.float32), ("b", np.uint8)])  # byte stride 5
    packed["a"] = [2, -2, 0]
    y2 = aclcpu.l1_loss_backward(np.ones(6, np.float32), odd, np.zeros(6, np.float32), "sum")
    assert same_bits(y2, np.array([1, -1, 1, -1, 0, 1], np.float32))
    y3 = aclcpu.l1_loss_backward(np.ones(3, np.float32), packed["a"], np.zeros(3, np.float32), "sum")
    assert same_bits(y3, np.array([1, -1, 0], np.float32))


def test_torch_tensors():
    torch = pytest.importorskip("torch")
    gen = torch.Generator().manual_seed(3)
    for tdt, ndt in ((torch.float32, np.float32), (torch.float16, np.float16), (torch.bfloat16, BF16)):
        g = torch.randn(4, 3, generator=gen).to(tdt)
        s = torch.randn(3, 4, generator=gen).to(tdt).t()  # non-contiguous
        t = torch.randn(3, generator=gen).to(tdt)
        y = aclcpu.l1_loss_backward(g, s, t, "mean", soc="Ascend910B")
        if tdt == torch.bfloat16:
            gn, sn, tn = (x.view(torch.int16).numpy().view(BF16) for x in (g, s.contiguous(), t))
        else:
            gn, sn, tn = g.numpy(), s.contiguous().numpy(), t.numpy()
        expect = aclcpu.l1_loss_backward(np.ascontiguousarray(gn), sn, tn, "mean", soc="Ascend910B")
        assert isinstance(y, np.ndarray) and y.dtype == np.dtype(ndt) and same_bits(y, expect)
    req = torch.ones(2, requires_grad=True)
    assert aclcpu.l1_loss_backward(req, torch.zeros(2), torch.ones(2), "sum").tolist() == [-1.0, -1.0]


def test_errors_carry_status_and_message():
    f = np.ones(3, np.float32)
    with pytest.raises(aclcpu.AclnnError) as e:
        aclcpu.l1_loss_backward(f, f, np.ones(4, np.float32))
    assert e.value.status == 161002 and "broadcast" in e.value.message
    assert isinstance(e.value, ValueError)
    with pytest.raises(aclcpu.AclnnError) as e:
        aclcpu.l1_loss_backward(f, f, f, 5)
    assert e.value.status == 161002 and "reduction" in e.value.message
    with pytest.raises(aclcpu.AclnnError) as e:
        aclcpu.l1_loss_backward(f, f, f, "avg")
    assert e.value.status == 161002
    with pytest.raises(aclcpu.AclnnError) as e:
        aclcpu.l1_loss_backward(f.astype(BF16), f.astype(BF16), f.astype(BF16), soc="Ascend310P")
    assert e.value.status == 161002 and "Ascend310P3" in e.value.message
    with pytest.raises(aclcpu.AclnnError) as e:
        aclcpu.l1_loss_backward(f, f, f, soc="Ascend999")
    assert e.value.status == 100008
    with pytest.raises(aclcpu.AclnnError) as e:
        aclcpu.l1_loss_backward(np.array(["a"]), f, f)
    assert e.value.status == 161002 and "gradOutput" in e.value.message
    with pytest.raises(aclcpu.AclnnError) as e:
        aclcpu.l1_loss_backward(np.ones((1,) * 9, np.float32), f, f)
    assert e.value.status == 161002


def test_per_call_profile_is_thread_safe():
    """Threads calling with different profiles at once each get their own profile's bits."""
    g = np.ones(64, np.float32)
    s = np.full(64, np.nan, np.float32)
    t = np.zeros(64, np.float32)
    expect = {"Ascend950": 0.0, "Ascend910B": -1.0, "Ascend310P": -1.0, "Ascend910_93": -1.0}
    errors = []

    def work(soc):
        try:
            for _ in range(300):
                y = aclcpu.l1_loss_backward(g, s, t, "sum", soc=soc)
                if not np.all(y == expect[soc]) or y[0].tobytes() != np.float32(expect[soc]).tobytes():
                    errors.append((soc, y[:4]))
                    return
        except Exception as e:  # pragma: no cover - reported below
            errors.append((soc, e))

    threads = [threading.Thread(target=work, args=(soc,)) for soc in list(expect) * 2]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors
    assert aclcpu._core.soc_name() == "Ascend950PR_9599"  # no override leaks to this thread


def test_to_bin_from_bin_round_trip(tmp_path):
    for dt in (np.float16, np.float32, BF16, np.int32):
        a = (np.arange(12).reshape(3, 4) - 5).astype(dt).T  # non-contiguous
        p = tmp_path / f"a_{np.dtype(dt).name}.bin"
        aclcpu.to_bin(a, p)
        assert p.read_bytes() == np.ascontiguousarray(a).tobytes()
        np.ascontiguousarray(a).tofile(tmp_path / "ref.bin")
        assert p.read_bytes() == (tmp_path / "ref.bin").read_bytes()
        b = aclcpu.from_bin(p, np.dtype(dt).name, a.shape)
        assert b.dtype == np.dtype(dt) and np.array_equal(b.astype(np.float64), a.astype(np.float64))
    assert aclcpu.from_bin(p, "int32", "4x3").shape == (4, 3)
    with pytest.raises(ValueError, match="a_int32.bin"):
        aclcpu.from_bin(p, "int32", (5, 3))
    with pytest.raises(ValueError, match="unknown dtype"):
        aclcpu.from_bin(p, "float7", (4, 3))


def test_torch_autograd_as_second_oracle():
    """reduction none and sum: gradInput = sign(self - target) * gradOutput is exact in every dtype, so
    torch's autograd of l1_loss must give the same bits (finite inputs; NaN differs by design: README)."""
    torch = pytest.importorskip("torch")
    import torch.nn.functional as F

    gen = torch.Generator().manual_seed(11)
    for tdt in (torch.float32, torch.float16, torch.bfloat16):
        for red in ("none", "sum"):
            s = (torch.randn(5, 7, generator=gen) * 3).to(tdt)
            t = (torch.randn(7, generator=gen) * 3).to(tdt)
            s[0, :3] = t[:3]  # ties: sign 0
            g = torch.randn(5, 7, generator=gen).to(tdt) if red == "none" else torch.randn((), generator=gen).to(tdt)
            sr = s.clone().requires_grad_()
            F.l1_loss(sr, t.expand(5, 7), reduction=red).backward(g)
            y = aclcpu.l1_loss_backward(g, s, t, red, soc="Ascend910B")
            want = sr.grad
            if tdt == torch.bfloat16:
                want = want.view(torch.int16).numpy().view(BF16)
            else:
                want = want.numpy()
            assert same_bits(y, want), (tdt, red)


def _outcome(fn, *args, **kwargs):
    """("ok", result) or ("error", status, message) of a call."""
    try:
        return ("ok", fn(*args, **kwargs))
    except aclcpu.AclnnError as e:
        return ("error", e.status, str(e))


def _same_outputs(a, b):
    """same_bits of one output, or of each of an operator's outputs (a tuple: aclnnPreluBackward)."""
    if isinstance(b, tuple):
        return isinstance(a, tuple) and len(a) == len(b) and all(same_bits(x, y) for x, y in zip(a, b))
    return same_bits(a, b)


def test_table_functions_match_the_hand_written_ones():
    """aclcpu builds aclcpu.<name> from the operator table for an operator without a hand-written function;
    built for every operator, it must give the module function's bits, status and message."""
    from aclcpu._ops import OPS
    rng = np.random.default_rng(7)
    assert set(aclcpu.OPERATORS) == set(OPS)
    for api, info in OPS.items():
        hand = getattr(aclcpu, info.function)
        made = aclcpu._table_function(info)
        assert made.__name__ == info.function
        # a `channel` entry's weight: one element per channel of self (dim 1)
        tensors = [rng.standard_normal((3,) if info.channel and name == "weight" else (2, 3)).astype(np.float32)
                   for name in info.tensors]
        params = {name: True if name in info.bool_params else 0.5 for name, _ in info.params}
        for reduction in ("none", "mean", "sum") if info.has_reduction else (None,):
            extra = (reduction,) if info.has_reduction else ()
            want = hand(*tensors, *extra, **params)
            assert _same_outputs(made(*tensors, *extra, **params), want)
            if info.has_reduction:
                assert _same_outputs(made(*tensors, reduction=reduction, **params), want)
        with pytest.raises(aclcpu.AclnnError) as e:
            made(*tensors[:-1])
        assert e.value.status == 161002
        for dtype in (np.int8, np.bool_):
            bad = [t.astype(dtype) for t in tensors]
            got, want = _outcome(made, *bad), _outcome(hand, *bad)
            assert got[0] == want[0] and (got[1:] == want[1:] if got[0] == "error" else same_bits(got[1], want[1]))
