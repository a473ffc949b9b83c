"""aclcpu.inplace_<name> and aclcpu.call("aclnnInplace<Name>", ...): every in-place entry of the operator table
(aclcpu.INPLACE_OPERATORS), generically. Each runs its own entry point on a copy of selfRef's values and writes
the result back into the caller's array or torch tensor: bit for bit what its out-of-place operator returns,
in every dtype the variant accepts, on a strided view (only the view's elements change), and nothing written
when the call is refused (a dtype outside the list, a read-only array, a tensor that requires grad). The
scalar parameters take the table's sample values (ops/operators.yaml), as the C++ generic suite does; one with
neither a sample nor a default takes 0.25."""
import os

import numpy as np
import pytest

import aclcpu
from aclcpu import AclnnError
from aclcpu._ops import INPLACE
from conftest import same_bits

yaml = pytest.importorskip("yaml")

_TABLE = os.path.join(os.path.dirname(__file__), "..", "..", "ops", "operators.yaml")
FLOATS = (np.float32, np.float16) + ((aclcpu.BFLOAT16,) if aclcpu.BFLOAT16 is not None else ())


def _samples():
    """api -> {parameter: the table's sample value} for the in-place entries (the entry's own, else its base's:
    the table requires both to agree where both give one)."""
    with open(_TABLE) as f:
        entries = {e["api"]: e for e in yaml.safe_load(f)["operators"]}
    out = {}
    for api, info in INPLACE.items():
        own = {p["name"]: p for p in entries[api]["params"]}
        base = {p["name"]: p for p in entries[info.inplace_of]["params"]}
        out[api] = {}
        for name, _ in info.params:
            p = own[name] if "sample" in own[name] else base[name]
            if "sample" in p:
                out[api][name] = p["sample"]
            elif dict(info.params)[name] is None:
                out[api][name] = 0.25  # no sample and no default (LeakyRelu's negativeSlope): a plain slope
    return out


SAMPLES = _samples()


def _values(dtype, n=257, seed=11):
    rng = np.random.default_rng(seed)
    x = (rng.standard_normal(n) * 4).astype(np.float32)
    x[:10] = [0.0, -0.0, np.inf, -np.inf, np.nan, 3.0, -3.0, 0.5, -2.5, 1e-40]
    return x.astype(dtype)


def _others(api, dtype):
    """The in-place entry's inputs after selfRef (tensor1 and tensor2 of aclnnInplaceAddcdiv), values of dtype."""
    return [_values(dtype, seed=12 + k) for k in range(len(INPLACE[api].tensors) - 1)]


def test_every_in_place_entry_is_a_function():
    assert INPLACE, "the table has in-place entries"
    for api, (function, base) in aclcpu.INPLACE_OPERATORS.items():
        assert callable(getattr(aclcpu, function)) and function in aclcpu.__all__
        # selfRef first (self where CANN says so), then the base's other inputs in its order
        assert base in aclcpu.OPERATORS
        assert INPLACE[api].tensors[1:] == aclcpu._ops.OPS[base].tensors[1:]


@pytest.mark.parametrize("api", sorted(INPLACE))
@pytest.mark.parametrize("dtype", FLOATS, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("soc", ["Ascend950", "Ascend910B"])
def test_in_place_equals_its_out_of_place_operator(api, dtype, soc):
    info = INPLACE[api]
    function, base = aclcpu.INPLACE_OPERATORS[api]
    params = SAMPLES[api]
    x = _values(dtype)
    more = _others(api, dtype)
    try:
        want = aclcpu.call(base, [x] + more, params=params, soc=soc, out_dtype=x.dtype)
    except AclnnError as e:  # a dtype the product lacks: the variant refuses it too, with the same status
        y = x.copy()
        with pytest.raises(AclnnError) as e2:
            aclcpu.call(api, [y] + more, params=params, soc=soc)
        assert e2.value.status == e.status and same_bits(y, x)
        return
    y = x.copy()
    assert getattr(aclcpu, function)(y, *more, *[params[n] for n, _ in info.params if n in params], soc=soc) is y
    assert same_bits(y, want), api
    z = x.copy()
    assert aclcpu.call(api, [z] + more, params=params, soc=soc) is z and same_bits(z, want)
    # a strided view: only its elements change, each to what the operator gives for it (the other inputs the
    # matching elements)
    w = x.copy()
    view = w[1::3]
    aclcpu.call(api, [view] + [m[1::3] for m in more], params=params, soc=soc)
    keep = np.ones(len(w), bool)
    keep[1::3] = False
    assert same_bits(w[keep], x[keep]) and same_bits(view, want[1::3])


@pytest.mark.parametrize("api", sorted(INPLACE))
def test_a_refused_call_writes_nothing(api):
    params = SAMPLES[api]
    more = _others(api, np.float32)
    ro = _values(np.float32)
    ro.flags.writeable = False
    with pytest.raises(AclnnError) as e:
        aclcpu.call(api, [ro] + more, params=params)
    assert e.value.status == 161002 and "read-only" in e.value.message
    with pytest.raises(AclnnError) as e:
        aclcpu.call(api, [np.broadcast_to(np.float32(1.0), (4,))] + more, params=params)
    assert e.value.status == 161002
    c = np.arange(6, dtype=np.uint16)  # outside every list of the operators
    before = c.copy()
    with pytest.raises(AclnnError) as e:
        aclcpu.call(api, [c] + [np.arange(6, dtype=np.uint16) for _ in more], params=params)
    assert e.value.status == 161002 and same_bits(c, before)
    with pytest.raises(AclnnError) as e:
        aclcpu.call(api, [_values(np.float32)] + more, params=params, out_dtype=np.float16)
    assert e.value.status == 161002 and "out_dtype" in e.value.message
    for bad in ([1.0, 2.0], 3.0, "x"):
        with pytest.raises(AclnnError) as e:
            aclcpu.call(api, [bad] + more, params=params)
        assert e.value.status == 161002
    if more:  # too few tensors
        with pytest.raises(AclnnError) as e:
            aclcpu.call(api, [_values(np.float32)], params=params)
        assert e.value.status == 161002


@pytest.mark.parametrize("api", sorted(INPLACE))
def test_torch_tensors_are_written_in_place(api):
    torch = pytest.importorskip("torch")
    function, base = aclcpu.INPLACE_OPERATORS[api]
    params = SAMPLES[api]
    x = _values(np.float32)
    more = [torch.from_numpy(m) for m in _others(api, np.float32)]
    want = aclcpu.call(base, [x] + more, params=params, out_dtype=x.dtype)
    t = torch.from_numpy(x.copy())
    assert aclcpu.call(api, [t] + more, params=params) is t and same_bits(t.numpy(), want)
    b = torch.from_numpy(x.copy()).to(torch.bfloat16)
    more_b = [m.to(torch.bfloat16) for m in more]
    want_b = aclcpu.call(base, [b] + more_b, params=params, out_dtype=aclcpu.BFLOAT16)
    aclcpu.call(api, [b] + more_b, params=params)
    assert same_bits(b.view(torch.int16).numpy().view(aclcpu.BFLOAT16), want_b)
    g = torch.from_numpy(x.copy()).requires_grad_()
    with pytest.raises(AclnnError) as e:
        aclcpu.call(api, [g] + more, params=params)
    assert e.value.status == 161002 and "requires grad" in e.value.message
    assert same_bits(g.detach().numpy(), x)
