"""aclcpu.ttk against TTK's documented plugin contract (TTK itself is not installed here; issue 11 §3)."""
import importlib.util
import inspect

import numpy as np
import pytest

import aclcpu
import aclcpu.ttk as plugin
from conftest import same_bits

BF16 = aclcpu.BFLOAT16


def test_registration_tables_name_existing_functions():
    want = {
        "aclnn": {"aclnnL1LossBackward": "aclnn_l1_loss_backward_golden",
                  "aclnnMseLossBackward": "aclnn_mse_loss_backward_golden",
                  "aclnnSmoothL1LossBackward": "aclnn_smooth_l1_loss_backward_golden",
                  "aclnnL1Loss": "aclnn_l1_loss_golden", "aclnnSmoothL1Loss": "aclnn_smooth_l1_loss_golden",
                  "aclnnMseLoss": "aclnn_mse_loss_golden"},
        "kernel": {"l1_loss_grad": "l1_loss_grad_golden", "mse_loss_grad": "mse_loss_grad_golden",
                   "mse_loss_grad_v2": "mse_loss_grad_golden",
                   "smooth_l1_loss_grad_v2": "smooth_l1_loss_grad_v2_golden",
                   "lp_loss": "lp_loss_golden", "smooth_l1_loss_v2": "smooth_l1_loss_v2_golden",
                   "mse_loss_v2": "mse_loss_v2_golden", "mse_loss": "mse_loss_v2_golden"}}
    for mode, names in want.items():  # these, and whatever the operator table adds
        assert {k: plugin.__golden__[mode].get(k) for k in names} == names
    # every operator of the package has its aclnn-mode golden, every kernel name its kernel-mode one
    assert set(plugin.__golden__["aclnn"]) == set(aclcpu.OPERATORS)
    assert {k for _, k in aclcpu.OPERATORS.values() if k is not None} <= set(plugin.__golden__["kernel"])
    for mode in plugin.__golden__.values():
        for fn in mode.values():
            assert callable(getattr(plugin, fn))
    # aclnn mode: the GetWorkspaceSize parameters without workspaceSize/executor, then **kwargs
    sig = inspect.signature(plugin.aclnn_l1_loss_backward_golden)
    assert list(sig.parameters)[:5] == ["gradOutput", "self", "target", "reduction", "gradInput"]
    assert sig.parameters["kwargs"].kind is inspect.Parameter.VAR_KEYWORD
    # kernel mode: the op def's inputs (grads, predict, label), the attribute as keyword with its default
    sig = inspect.signature(plugin.l1_loss_grad_golden)
    assert list(sig.parameters)[:3] == ["grads", "predict", "label"]
    assert sig.parameters["reduction"].default == "mean"
    assert sig.parameters["reduction"].kind is inspect.Parameter.KEYWORD_ONLY
    # the new operators: the C API's parameter names and order (include/aclnnop/*.h), the op defs' inputs
    assert list(inspect.signature(plugin.aclnn_mse_loss_backward_golden).parameters)[:5] == [
        "gradOutput", "self", "target", "reduction", "out"]
    assert list(inspect.signature(plugin.aclnn_smooth_l1_loss_backward_golden).parameters)[:6] == [
        "gradOut", "self", "target", "reduction", "beta", "gradInput"]
    assert list(inspect.signature(plugin.mse_loss_grad_golden).parameters)[:3] == ["predict", "label", "dout"]
    assert list(inspect.signature(plugin.aclnn_mse_loss_golden).parameters)[:4] == [
        "self", "target", "reduction", "out"]
    assert list(inspect.signature(plugin.mse_loss_v2_golden).parameters)[:2] == ["input", "target"]
    sig = inspect.signature(plugin.smooth_l1_loss_grad_v2_golden)
    assert list(sig.parameters)[:3] == ["predict", "label", "dout"]
    assert sig.parameters["sigma"].default == 1.0 and sig.parameters["reduction"].default == "mean"
    for spec in (plugin.L1LossBackwardSpec, plugin.L1LossGradSpec, plugin.MseLossBackwardSpec,
                 plugin.MseLossGradSpec, plugin.SmoothL1LossBackwardSpec, plugin.SmoothL1LossGradV2Spec):
        assert spec.tolerance["float16"] == {"standard": "binary_equal"}
        assert set(spec.tolerance) == {"float16", "float32", "bfloat16"}


def test_loaded_by_path_like_ttk_declares_specs():
    spec = importlib.util.spec_from_file_location("ttk_user_plugin", plugin.__file__)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    want = {"aclnnL1LossBackward": "L1LossBackwardSpec", "l1_loss_grad": "L1LossGradSpec",
                            "aclnnMseLossBackward": "MseLossBackwardSpec", "mse_loss_grad": "MseLossGradSpec",
                            "mse_loss_grad_v2": "MseLossGradSpec",
                            "aclnnSmoothL1LossBackward": "SmoothL1LossBackwardSpec",
                            "smooth_l1_loss_grad_v2": "SmoothL1LossGradV2Spec", "aclnnL1Loss": "L1LossSpec",
                            "lp_loss": "LpLossSpec", "aclnnSmoothL1Loss": "SmoothL1LossSpec",
                            "smooth_l1_loss_v2": "SmoothL1LossV2Spec", "aclnnMseLoss": "MseLossSpec",
                            "mse_loss_v2": "MseLossV2Spec", "mse_loss": "MseLossV2Spec"}
    assert {k: mod.__spec__.get(k) for k in want} == want  # these, and whatever the operator table adds
    for name in mod.__spec__.values():
        assert callable(getattr(mod, name).golden)
    assert mod.__golden__ == plugin.__golden__
    assert not isinstance(plugin.__spec__, dict)  # imported as aclcpu.ttk: Python's ModuleSpec is kept


def test_aclnn_golden_with_torch_tensors_and_soc_keywords():
    torch = pytest.importorskip("torch")
    g = torch.tensor([[1.0, 2.0, 3.0]], dtype=torch.bfloat16)
    s = torch.tensor([[float("nan"), 1.0, -1.0], [0.0, 5.0, 2.0]], dtype=torch.bfloat16)
    t = torch.tensor([0.0, 1.0, 1.0], dtype=torch.bfloat16)
    out = torch.empty(2, 3, dtype=torch.float32)
    for soc, nan_sign in (("Ascend950", 0.0), ("Ascend910B", -1.0), ("Ascend910_93", -1.0)):
        (y,) = plugin.aclnn_l1_loss_backward_golden(g, s, t, 0, out, short_soc_version=soc,
                                                    testcase_name="t", tensor_dtypes=("bfloat16",) * 4)
        assert isinstance(y, torch.Tensor) and y.dtype == torch.float32 and tuple(y.shape) == (2, 3)
        assert y[0, 0].item() == nan_sign and y[0, 1].item() == 0.0 and y[0, 2].item() == -3.0
        assert y[1].tolist() == [0.0, 2.0, 3.0]
    (y,) = plugin.aclnn_l1_loss_backward_golden(g, s, t, torch.tensor(2), out.to(torch.bfloat16),
                                                full_soc_version="Ascend910B1", short_soc_version="Ascend950")
    assert y.dtype == torch.bfloat16 and y[0, 0].item() == -1.0  # full_soc_version wins
    with pytest.raises(aclcpu.AclnnError) as e:
        plugin.aclnn_l1_loss_backward_golden(g, s, t, 1, out, short_soc_version="Ascend310P")
    assert e.value.status == 161002  # bfloat16 is outside Ascend310P's support list


def test_kernel_golden_with_numpy_and_output_dtypes():
    rng = np.random.default_rng(1)
    grads = np.array(1.5, np.float16)
    predict = rng.normal(size=(4, 1)).astype(np.float16)
    label = rng.normal(size=(4, 1)).astype(np.float16)
    y = plugin.l1_loss_grad_golden(grads, predict, label, reduction="mean", output_dtypes=("float16",),
                                   full_soc_version="Ascend910_9391", short_soc_version="Ascend910_93",
                                   testcase_name="k", input_dtypes=("float16",) * 3)
    assert isinstance(y, np.ndarray) and y.shape == (4, 1) and y.dtype == np.float16
    assert same_bits(y, aclcpu.l1_loss_backward(grads, predict, label, "mean", soc="Ascend910_93"))
    y950 = plugin.l1_loss_grad_golden(grads, predict, label, reduction="sum", short_soc_version="Ascend950")
    assert same_bits(y950, (np.sign(predict.astype(np.float32) - label.astype(np.float32)) * 1.5).astype(np.float16))
    with pytest.raises(aclcpu.AclnnError) as e:
        plugin.l1_loss_grad_golden(grads, predict, label, short_soc_version="Ascend310B")
    assert e.value.status == 100008


def test_mse_and_smooth_l1_goldens_both_modes():
    """aclnn mode: torch tensors, the output's dtype, beta (also as a 0-d tensor), the profile keywords;
    kernel mode: predict, label, dout (the aclnn self, target, gradOutput), sigma as beta."""
    torch = pytest.importorskip("torch")
    g = torch.tensor([2.0, 2.0, 2.0])
    s = torch.tensor([0.0, 0.25, -3.0])
    t = torch.zeros(3)
    (y,) = plugin.aclnn_mse_loss_backward_golden(g, s, t, 0, torch.empty(3, dtype=torch.float16),
                                                 short_soc_version="Ascend910B")
    assert isinstance(y, torch.Tensor) and y.dtype == torch.float16 and y.tolist() == [0.0, 1.0, -12.0]
    for soc, first in (("Ascend950", None), ("Ascend910B", 0.0)):  # beta 0 at x = 0: NaN on 950 (tensor gradOut)
        (y,) = plugin.aclnn_smooth_l1_loss_backward_golden(g, s, t, "none", torch.tensor(0.0), torch.empty(3),
                                                           short_soc_version=soc)
        assert (np.isnan(y[0].item()) if first is None else y[0].item() == first) and y[1:].tolist() == [2.0, -2.0]
    (y,) = plugin.aclnn_smooth_l1_loss_backward_golden(g, s, t, 2, 0.5, torch.empty(3), short_soc_version="Ascend950")
    assert y.tolist() == [0.0, 1.0, -2.0]
    with pytest.raises(aclcpu.AclnnError) as e:
        plugin.aclnn_smooth_l1_loss_backward_golden(g, s, t, 1, -0.5, torch.empty(3))
    assert e.value.status == 161002
    gn, sn, tn = g.numpy(), s.numpy(), t.numpy()
    k = plugin.mse_loss_grad_golden(sn, tn, gn, reduction="sum", short_soc_version="Ascend950")
    assert same_bits(k, aclcpu.mse_loss_backward(gn, sn, tn, "sum", soc="Ascend950"))
    k = plugin.smooth_l1_loss_grad_v2_golden(sn, tn, np.float32(1.0), sigma=0.5, reduction="mean",
                                             output_dtypes=("float16",), short_soc_version="Ascend950")
    assert k.dtype == np.float16
    assert same_bits(k, aclcpu.smooth_l1_loss_backward(np.float32(1.0), sn, tn, "mean", 0.5, out_dtype=np.float16))


def test_table_goldens_match_the_hand_written_ones():
    """The goldens the plugin builds from the operator table for an operator without hand-written ones take
    the same parameters (names, order, defaults) and give the same bits as the hand-written ones."""
    from aclcpu._ops import OPS
    rng = np.random.default_rng(11)
    for info in OPS.values():
        hand = getattr(plugin, f"aclnn_{info.function}_golden")
        made = plugin._table_aclnn_golden(info)
        assert list(inspect.signature(made).parameters) == list(inspect.signature(hand).parameters)
        # a `channel` entry's weight: one element per channel of self (dim 1)
        tensors = [rng.standard_normal((2,) if info.channel and name == "weight" else (3, 2)).astype(np.float32)
                   for name in info.tensors]
        outs = [np.empty((3, 2), np.float32) for _ in info.outputs or (info.output,)]
        params = [True if name in info.bool_params else 0.75 for name, _ in info.params]
        for reduction in (0, 1, 2) if info.has_reduction else (None,):
            extra = (reduction,) if info.has_reduction else ()
            want = hand(*tensors, *extra, *params, *outs, short_soc_version="Ascend910B")
            got = made(*tensors, *extra, *params, *outs, short_soc_version="Ascend910B")
            assert len(got) == len(want) == len(outs) and all(same_bits(a, b) for a, b in zip(got, want))
        if info.kernel is None:  # no TTK kernel computes the operator's outputs alone (aclnnPreluBackward)
            continue
        hand_k = getattr(plugin, f"{info.kernel}_golden")
        made_k = plugin._table_kernel_golden(info)
        hs, ms = inspect.signature(hand_k).parameters, inspect.signature(made_k).parameters
        assert set(ms) <= set(hs)
        for name in ms:
            assert (ms[name].kind, ms[name].default) == (hs[name].kind, hs[name].default), name
        ktensors = [tensors[info.kernel_order.index(k)] for k in range(len(info.kernel_tensors))]
        attrs = {a: 0.75 for a in info.kernel_attrs}
        if info.has_reduction:
            attrs["reduction"] = "sum"
        assert same_bits(made_k(*ktensors, **attrs), hand_k(*ktensors, **attrs))
