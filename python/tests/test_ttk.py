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
    assert plugin.__golden__ == {"aclnn": {"aclnnL1LossBackward": "aclnn_l1_loss_backward_golden"},
                                 "kernel": {"l1_loss_grad": "l1_loss_grad_golden"}}
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
    for spec in (plugin.L1LossBackwardSpec, plugin.L1LossGradSpec):
        assert spec.tolerance["float16"] == {"standard": "binary_equal"}
        assert set(spec.tolerance) == {"float16", "float32", "bfloat16"}


def test_loaded_by_path_like_ttk_declares_specs():
    spec = importlib.util.spec_from_file_location("ttk_user_plugin", plugin.__file__)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert mod.__spec__ == {"aclnnL1LossBackward": "L1LossBackwardSpec", "l1_loss_grad": "L1LossGradSpec"}
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
