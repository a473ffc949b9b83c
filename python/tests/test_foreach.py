"""The foreach operators through aclcpu.foreach_* (docs/ops/foreach.md): complete optimizer steps over 100 tensors
of many shapes, as torch_npu issues them, against PyTorch CPU's own steps (torch.optim, foreach=True) where the
arithmetic is the same; and each step of torch_npu's AdamW sequence against the PyTorch operation computing the
same function, bit for bit where the order of the roundings is the same, within the stated difference where it
is not (PyTorch 1.13's AdamW decays exp_avg with mul + add where torch_npu calls ForeachLerpScalar, and computes
addcmul as (value * t1) * t2 where the kernel multiplies t1 * t2 first)."""
import math

import numpy as np
import pytest

import aclcpu
from conftest import same_bits

torch = pytest.importorskip("torch")


def _params(n=100, seed=0):
    """n float32 tensors of various shapes (0-d, empty, 1-3 dims, up to a few thousand elements: the same shapes
    for every seed), values from `seed`."""
    shapes_rng, rng = np.random.default_rng(0), np.random.default_rng(seed)
    out = []
    for i in range(n):
        rank = i % 4
        shape = tuple(int(shapes_rng.integers(1, 17)) for _ in range(rank))
        if i % 23 == 5:
            shape = (0, 3)
        out.append(np.asarray(rng.standard_normal(shape) * 0.5, dtype=np.float32))
    return out


def _t(arrays):
    return [torch.from_numpy(a.copy()) for a in arrays]


def _np(tensors):
    return [t.detach().numpy().copy() for t in tensors]


def _same(a, b):
    return all(x.shape == y.shape and same_bits(x, y) for x, y in zip(a, b)) and len(a) == len(b)


@pytest.mark.parametrize("soc", ["Ascend950", "Ascend910B"])
def test_sgd_momentum_step_equals_torch(soc):
    """torch.optim.SGD(momentum, weight_decay, foreach=True): grads += wd * params (ForeachAddListV2), then
    bufs = bufs * momentum (ForeachMulScalarV2) + grads * (1 - dampening) (ForeachAddListV2), then params += -lr *
    bufs (ForeachAddListV2). PyTorch's CPU add with alpha is one fused multiply-add per element, as the Axpy;
    the steps agree bit for bit (Ascend 950: the SIMT expression read as an FMA, docs/ops/foreach.md)."""
    lr, momentum, wd, dampening = 0.05, 0.9, 1e-3, 0.1
    params = _params()
    grads1, grads2 = _params(seed=1), _params(seed=2)
    tp = [torch.nn.Parameter(torch.from_numpy(p.copy())) for p in params]
    opt = torch.optim.SGD(tp, lr=lr, momentum=momentum, weight_decay=wd, dampening=dampening, foreach=True)
    # step 1 (bufs created as clones of the decayed grads), step 2 (the foreach sequence on every buffer)
    p, bufs = [a.copy() for a in params], None
    for grads in (grads1, grads2):
        for t, g in zip(tp, grads):
            t.grad = torch.from_numpy(g.copy())
        opt.step()
        g = aclcpu.foreach_add_list_v2(grads, p, wd, soc=soc)
        if bufs is None:
            bufs = [x.copy() for x in g]
        else:
            bufs = aclcpu.foreach_mul_scalar_v2(bufs, momentum, soc=soc)
            bufs = aclcpu.foreach_add_list_v2(bufs, g, 1 - dampening, soc=soc)
        p = aclcpu.foreach_add_list_v2(p, bufs, -lr, soc=soc)
    assert _same(p, _np(tp))
    assert _same(bufs, [opt.state[t]["momentum_buffer"].numpy() for t in tp])


@pytest.mark.parametrize("soc", ["Ascend950", "Ascend910B"])
def test_adamw_step_as_torch_npu_issues_it(soc):
    """One AdamW step as torch_npu issues it (aclnnForeachMulScalarV2, aclnnForeachLerpScalar,
    aclnnForeachAddcmulScalarV2, aclnnForeachSqrt, aclnnForeachDivScalarList, aclnnForeachAddScalarV2,
    aclnnInplaceAddcdiv per tensor), step by step against PyTorch CPU on the same inputs: bit for bit where the
    arithmetic is the same (mul, lerp, sqrt, div, add; addcmul and addcdiv against PyTorch's add with alpha of the
    rounded product t1 * t2 or quotient t1 / t2, the kernels' order - torch.addcmul's (value * t1) * t2 and
    torch.addcdiv's (value * t1) / t2 are a few ulps apart). The whole step against torch.optim.AdamW, whose
    1.13 sequence decays exp_avg with mul + add instead of lerp, within a few roundings of the update."""
    lr, beta1, beta2, eps, wd, step = 1e-3, 0.9, 0.999, 1e-8, 1e-2, 1
    params, grads = _params(seed=3), _params(seed=4)
    exp_avg = [np.zeros_like(p) for p in params]
    exp_avg_sq = [np.zeros_like(p) for p in params]
    # 1. params *= 1 - lr * wd
    p = aclcpu.foreach_mul_scalar_v2(params, 1 - lr * wd, soc=soc)
    assert _same(p, [np.asarray(t * (1 - lr * wd)) for t in _t(params)])
    # 2. exp_avg = lerp(exp_avg, grads, 1 - beta1)
    m = aclcpu.foreach_lerp_scalar(exp_avg, grads, 1 - beta1, soc=soc)
    assert _same(m, [torch.lerp(a, b, 1 - beta1).numpy() for a, b in zip(_t(exp_avg), _t(grads))])
    # 3. exp_avg_sq = exp_avg_sq * beta2 + (1 - beta2) * grads * grads
    v = aclcpu.foreach_mul_scalar_v2(exp_avg_sq, beta2, soc=soc)
    v = aclcpu.foreach_addcmul_scalar_v2(v, grads, grads, 1 - beta2, soc=soc)
    # the kernel's order is PyTorch's add with alpha of the rounded product (one FMA: the SGD test shows PyTorch's
    # CPU add with alpha fused); torch.addcmul's (value * t1) * t2 + self differs by up to 2 ulps here
    tv = [torch.add(a * beta2, g * g, alpha=1 - beta2).numpy() for a, g in zip(_t(exp_avg_sq), _t(grads))]
    assert _same(v, tv)
    tc = [torch.addcmul(a * beta2, g, g, value=1 - beta2).numpy() for a, g in zip(_t(exp_avg_sq), _t(grads))]
    for ours, theirs in zip(v, tc):
        ulps = np.abs(ours.view(np.int32).astype(np.int64) - theirs.view(np.int32).astype(np.int64))
        assert ulps.size == 0 or ulps.max() <= 2
    # 4. denom = sqrt(exp_avg_sq) / sqrt(bias_correction2) + eps
    bc1, bc2 = 1 - beta1 ** step, 1 - beta2 ** step
    s = aclcpu.foreach_sqrt(v, soc=soc)
    assert _same(s, [torch.sqrt(torch.from_numpy(x)).numpy() for x in v])
    d = aclcpu.foreach_div_scalar_list(s, [math.sqrt(bc2)] * len(s), soc=soc)
    assert _same(d, [(torch.from_numpy(x) / float(np.float32(math.sqrt(bc2)))).numpy() for x in s])
    d = aclcpu.foreach_add_scalar_v2(d, eps, soc=soc)
    assert _same(d, [(torch.from_numpy(x) + eps).numpy() for x in aclcpu.foreach_div_scalar_list(
        s, [math.sqrt(bc2)] * len(s), soc=soc)])
    # 5. params += -(lr / bc1) * exp_avg / denom, aclnnInplaceAddcdiv per tensor
    step_size = -lr / bc1
    before = [x.copy() for x in p]
    for x, a, b in zip(p, m, d):
        if x.size:
            aclcpu.inplace_addcdiv(x, a, b, step_size, soc=soc)
    # the kernel's order: the quotient first, then one FMA - PyTorch's add with alpha of the rounded quotient
    # (torch.addcdiv computes (value * t1) / t2 + self: a few roundings of the update apart)
    expect = [torch.add(torch.from_numpy(x), torch.from_numpy(a) / torch.from_numpy(b), alpha=step_size).numpy()
              for x, a, b in zip(before, m, d)]
    assert _same(p, expect)
    theirs = [torch.addcdiv(torch.from_numpy(x), torch.from_numpy(a), torch.from_numpy(b), value=step_size).numpy()
              for x, a, b in zip(before, m, d)]
    for x, y, a, b in zip(p, theirs, m, d):  # apart by a few roundings of the update (cancellation: not in ulps)
        update = np.abs(a.astype(np.float64) / b * step_size)
        assert np.all(np.abs(x.astype(np.float64) - y) <= 4 * 2.0 ** -23 * update + np.spacing(np.abs(y)))
    # the whole step against torch.optim.AdamW (mul + add for exp_avg): a few ulps at most
    tp = [torch.nn.Parameter(torch.from_numpy(a.copy())) for a in params]
    for t, g in zip(tp, grads):
        t.grad = torch.from_numpy(g.copy())
    opt = torch.optim.AdamW(tp, lr=lr, betas=(beta1, beta2), eps=eps, weight_decay=wd, foreach=True)
    opt.step()
    for ours, t, a, b in zip(p, tp, m, d):
        theirs = t.detach().numpy()
        update = np.abs(a.astype(np.float64) / b * step_size)
        assert np.all(np.abs(ours.astype(np.float64) - theirs) <= 8 * 2.0 ** -23 * update + 2 * np.spacing(np.abs(theirs)))


def test_foreach_bindings_refuse_what_the_operator_refuses():
    a = [np.ones(3, np.float32), np.ones((2, 2), np.float32)]
    with pytest.raises(aclcpu.AclnnError) as e:
        aclcpu.foreach_sqrt(a, soc="Ascend910")
    assert e.value.status == 161002
    with pytest.raises(aclcpu.AclnnError) as e:
        aclcpu.foreach_mul_list(a, a[:1])
    assert e.value.status == 161002
    with pytest.raises(aclcpu.AclnnError) as e:
        aclcpu.foreach_div_scalar_list(a, [1.0])
    assert e.value.status == 561002
    with pytest.raises(aclcpu.AclnnError):
        aclcpu.foreach("aclnnForeachNope", [a])
    with pytest.raises(aclcpu.AclnnError):
        aclcpu.foreach_add_scalar_v2(a)  # scalar is required
    with pytest.raises(aclcpu.AclnnError):
        aclcpu.foreach_add_scalar_v2(a, 1.0, beta=2)
    assert aclcpu.foreach_add_scalar_v2([], 1.0) == []
    # a FLOAT16 list with a float scalar: the Ascend 950 keeps it float32, Atlas A2 rounds it to half first
    h = [np.array([1.0], np.float16)]
    s = 1.0 + 2.0 ** -12
    assert aclcpu.foreach_mul_scalar_v2(h, s, soc="Ascend950")[0][0] == np.float16(1.0 + 2.0 ** -12)
    assert aclcpu.foreach_mul_scalar_v2(h, s, soc="Ascend910B")[0][0] == np.float16(1.0)


@pytest.mark.parametrize("soc", ["Ascend950", "Ascend910B"])
def test_scalar_list_max_min_list_sign_and_copy_against_torch(soc):
    """The aclScalarList forms on float32 against torch._foreach_add / _foreach_mul with a scalar list (each
    position's Python float rounded to float32, one rounding of the result, as PyTorch's CPU kernels compute it);
    MaximumList / MinimumList against torch.maximum / torch.minimum away from signed-zero ties (a NaN propagates
    in both); Sign against numpy's sign with sign(NaN) = +0 (CANN's kernels; PyTorch gives NaN); Copy (the Python
    binding's out has x's dtype: the casts are the C tests'); INT32 lists with an int64 scalar beyond int32."""
    x = _params(40, seed=3)
    y = _params(40, seed=4)
    scalars = [0.1 * (i + 1) - 1.7 for i in range(len(x))]
    for ours, theirs in ((aclcpu.foreach_add_scalar_list, torch._foreach_add),
                         (aclcpu.foreach_mul_scalar_list, torch._foreach_mul)):
        assert _same(ours(x, scalars, soc=soc), _np(theirs(_t(x), scalars)))
    x[1] = np.array([np.nan, 1.0, -2.0], np.float32)
    y[1] = np.array([0.5, np.nan, -3.0], np.float32)
    assert _same(aclcpu.foreach_maximum_list(x, y, soc=soc), [torch.maximum(a, b).numpy() for a, b in zip(_t(x), _t(y))])
    assert _same(aclcpu.foreach_minimum_list(x, y, soc=soc), [torch.minimum(a, b).numpy() for a, b in zip(_t(x), _t(y))])
    signs = aclcpu.foreach_sign(x, soc=soc)
    assert _same(signs, [np.where(np.isnan(a), np.float32(0), np.sign(a)).astype(np.float32) + np.float32(0) for a in x])
    assert _same(aclcpu.foreach_copy(x, soc=soc), x)
    # integer lists take INT64 scalars: the Ascend 950's Maximum compares the whole int64, Atlas A2 its low 32 bits
    xi = [np.array([5, -7], np.int32)]
    got = aclcpu.foreach_maximum_scalar_list(xi, [2 ** 32 + 1], soc=soc)[0]
    assert list(got) == ([1, 1] if soc == "Ascend950" else [5, 1])
