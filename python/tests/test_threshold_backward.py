"""aclcpu.threshold_backward and aclcpu.call("aclnnThresholdBackward", ...), the operator table's bindings of
the aclScalar parameter threshold (a Python number, passed as an aclScalar of dtype DOUBLE), against the
operator's contract (docs/ops/threshold_backward.md §2, §5): the ReluGrad path (|threshold| <= FLT_EPSILON:
gradOutput * (self <= 0 ? 0 : 1), zeros signed as gradOutput) and the ThresholdGradV2D path (self <= threshold
? +0 : gradOutput), bit for bit, and the C API's refusals with their status codes and messages."""
import numpy as np
import pytest

import aclcpu
from conftest import same_bits

G = np.array([[1.5, -2.0, 3.0], [-0.25, 7.0, -1.0]], np.float32)
S = np.array([[-1.0, 0.0, 0.5], [-3.0, 2.0, 1e-9]], np.float32)


def _threshold_grad(g, s, t):
    """ThresholdGradV2D on float32 values: self <= t (false for a NaN self) -> +0, else gradOutput."""
    return np.where(s <= np.float32(t), np.float32(0), g).astype(np.float32)


def _relu_grad(g, s):
    """ReluGrad: gradOutput * (self <= 0 ? 0 : 1); the zeros carry gradOutput's sign."""
    return (g * np.where(s <= 0, np.float32(0), np.float32(1))).astype(np.float32)


@pytest.mark.parametrize("soc", ["Ascend950", "Ascend910B", "Ascend910"])
def test_relu_grad_and_threshold_grad_paths(soc):
    for t in (0.0, 1e-8, -0.0):  # within FLT_EPSILON of 0: ReluGrad (compares self with 0)
        got = aclcpu.threshold_backward(G, S, t, soc=soc)
        assert same_bits(got, _relu_grad(G, S)), t
        assert np.signbit(got[0, 0]) == False and np.signbit(got[1, 0])  # 1.5 * 0 = +0, -0.25 * 0 = -0
    for t in (0.5, -1.0, 1e-6, 2.0):  # ThresholdGradV2D with the float32 threshold
        got = aclcpu.threshold_backward(G, S, threshold=t, soc=soc)
        assert same_bits(got, _threshold_grad(G, S, t)), t
        assert not np.signbit(got[got == 0]).any()  # its zeros are +0
    # 1e-8 and 0 take the same kernel; 1e-6 is beyond FLT_EPSILON: self = 1e-9 <= 1e-6 gives +0, not gradOutput
    assert aclcpu.threshold_backward(G, S, 1e-6, soc=soc)[1, 2] == 0
    assert aclcpu.threshold_backward(G, S, 1e-8, soc=soc)[1, 2] == G[1, 2]


def test_table_function_and_call_agree_with_broadcasting_and_half_dtypes():
    g = np.arange(-3, 3, dtype=np.float16).reshape(2, 3)
    s = np.array([-1.0, 0.5, 2.0], np.float16)  # broadcast along gradOutput's rows
    for t in (0, 0.5, 1):
        a = aclcpu.threshold_backward(g, s, t)
        b = aclcpu.call("aclnnThresholdBackward", [g, s], params={"threshold": t})
        assert a.dtype == np.float16 and a.shape == (2, 3) and same_bits(a, b)
        want = _relu_grad(g.astype(np.float32), s.astype(np.float32)) if t == 0 else \
            _threshold_grad(g.astype(np.float32), s.astype(np.float32), t)
        assert same_bits(a, want.astype(np.float16)), t
    ints = np.array([5, -7, 9], np.int32)
    assert same_bits(aclcpu.threshold_backward(ints, np.array([1, 2, 3], np.int32), 2),
                     np.array([0, 0, 9], np.int32))


def _fails(status, needle, *args, **kwargs):
    with pytest.raises(aclcpu.AclnnError) as e:
        aclcpu.threshold_backward(*args, **kwargs)
    assert e.value.status == status, e.value.message
    assert needle in e.value.message, e.value.message


def test_refusals():
    d = G.astype(np.float64)
    _fails(161002, "Tensor gradOutput not implemented for DT_DOUBLE, should be in dtype support list DT_FLOAT, "
                   "DT_INT32, DT_FLOAT16, DT_INT8, DT_UINT8, DT_BF16.", d, d, 0.5, soc="Ascend910B")
    _fails(161002, "Tensor self not implemented for DT_DOUBLE, should be in dtype support list DT_FLOAT, DT_INT32, "
                   "DT_FLOAT16, DT_INT8, DT_UINT8.", G, d, 0.5, soc="Ascend910")
    _fails(161002, "Tensor gradOutput expected dtype is DT_FLOAT but found DT_FLOAT16.", G.astype(np.float16), S, 0)
    _fails(161002, "Tensor out expected dtype is DT_FLOAT but found DT_FLOAT16.", G, S, 0, out_dtype=np.float16)
    _fails(161002, "The size of tensor self", G, S[:, :2], 0.5)
    # INT64: only on Ascend 950 and only with the ReluGrad kernel (the list depends on the threshold)
    i64 = np.array([3, -4, 5], np.int64)
    s64 = np.array([1, 1, -1], np.int64)
    assert same_bits(aclcpu.threshold_backward(i64, s64, 0, soc="Ascend950"), np.array([3, -4, 0], np.int64))
    assert same_bits(aclcpu.threshold_backward(i64, s64, 1e-8, soc="Ascend950"), np.array([3, -4, 0], np.int64))
    _fails(161002, "Tensor gradOutput not implemented for DT_INT64, should be in dtype support list DT_FLOAT, "
                   "DT_INT32, DT_FLOAT16, DT_INT8, DT_UINT8, DT_BF16.", i64, s64, 1.0, soc="Ascend950")
    _fails(161002, "not implemented for DT_INT64", i64, s64, 0, soc="Ascend910B")
    # the Python side: threshold has no default and must be a real number
    _fails(161002, "requires parameter threshold", G, S)
    _fails(161002, "Expected threshold to be a real number", G, S, "0.5")
    with pytest.raises(aclcpu.AclnnError) as e:
        aclcpu.call("aclnnThresholdBackward", [G, S])
    assert e.value.status == 161002 and "requires parameter threshold" in e.value.message
