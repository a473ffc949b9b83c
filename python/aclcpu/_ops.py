"""The operators aclcpu exposes, with what the API, the command line, the case-list readers and the TTK
plugin need to know about each (one table; aclcpu.OPERATORS is derived from it).

The rows come from the operator table ops/operators.yaml (its ``python`` fields and parameters), which
tools/opgen/gen_ops.py writes into the generated module aclcpu._optable at build time; this module only
gives them their type. Facts from CANN's public sources (hicann/ops-nn; no code of theirs is used) are cited
at each table entry: the aclnn parameter names and order (the GetWorkspaceSize declarations), the kernel op
names, input order and attributes (the op defs, e.g. ``loss/l1_loss_grad/op_host/l1_loss_grad_def.cpp``:
grads, predict, label; ``loss/smooth_l1_loss_grad_v2/op_host/smooth_l1_loss_grad_v2_def.cpp``: predict,
label, dout, sigma default 1.0), the ATK names (ops-nn ``tests/st/aclnn*/atk_aclnn*.json``: the aclnn
parameter names, attr "beta").
"""
from typing import NamedTuple

from ._optable import FOREACH_DATA, OPS_DATA, REFERENCE_DATA, REFERENCE_INPLACE


class OpInfo(NamedTuple):
    """One operator: "input tensors + reduction + scalar parameters -> one output tensor" (or two: outputs).

    api: aclnn API name; function: the aclcpu function; tensors: the aclnn input tensor names in parameter
    order; output: the aclnn output tensor's name; params: ((name, default), ...) number parameters after
    reduction (a float parameter is passed rounded to float32; an aclScalar one as an aclScalar of dtype INT64
    holding an integer or of dtype DOUBLE holding a float's exact value, as op-plugin passes a Python number's
    at::Scalar); default None: the caller must give it; kernel: TTK kernel op name (op def, snake case; None where no one kernel computes the
    operator's outputs: aclnnPreluBackward runs PReluGradUpdate then PReluGradReduce); kernel_aliases:
    other kernel op names computing the same; kernel_tensors: the kernel's inputs in op-def order;
    kernel_order: for each aclnn tensor, its position among kernel_tensors; kernel_attrs: kernel attribute
    name -> parameter name; out_default: the default output dtype ("promoted", "self", or "float_for_integral": promoted, FLOAT where that is integral or BOOL); reduces: a loss
    whose mean/sum output is 0-d; has_reduction: the API takes a reduction; channel: the table's shape
    `channel` (aclnnPrelu: the tensor `weight` holds 1 or self.shape[1] elements, the output has self's shape);
    bool_params: the names among params that are bools (a C bool; default a bool, the value must be one);
    scalar_params: the names among params that are aclScalars, in parameter order (TTK's scalar_data_ranges
    and scalar_dtypes give them in that order);
    tier: product -> fidelity tier;
    source: the ops-nn folder; inplace_of: for an aclnnInplace* entry, its out-of-place operator ("" otherwise).
    kernel_fixed: ((attribute, value), ...) kernel attributes whose one value is the
    operator (lp_loss's p = 1 is the L1 loss; another p is refused, never computed as p = 1).

    The command line, the case-list readers (TTK CSV, ATK JSON) and the TTK plugin take the operator list,
    each operator's number of tensors, their names and its attributes from this table.
    """
    api: str
    function: str
    tensors: tuple
    output: str  # the first output's name (outputs: all of them; aclnnPreluBackward has two)
    params: tuple
    kernel: str
    kernel_aliases: tuple
    kernel_tensors: tuple
    kernel_order: tuple
    kernel_attrs: dict
    out_default: str = "promoted"
    reduces: bool = False
    has_reduction: bool = True
    channel: bool = False
    bool_params: tuple = ()
    scalar_params: tuple = ()
    tier: dict = {}
    source: str = ""
    kernel_fixed: tuple = ()
    outputs: tuple = ()
    inplace_of: str = ""


#: The out-of-place operators (what the command line, the case-list readers and the TTK plugin serve).
OPS = {row["api"]: OpInfo(**row) for row in OPS_DATA if not row["inplace_of"]}
#: The aclnnInplace* entries: tensors is ("selfRef", its other inputs...), the tensor they write first; inplace_of names the out-of-place
#: operator whose kernel, tiers and source they share (aclcpu.inplace_<name> and aclcpu.call serve them).
INPLACE = {row["api"]: OpInfo(**row) for row in OPS_DATA if row["inplace_of"]}


class ForeachInfo(NamedTuple):
    """One foreach operator: "input tensor lists + number parameters -> one output tensor list".

    api: aclnn API name; function: the aclcpu function; lists: the aclnn input list names in parameter order;
    output: the output list's name; params: ((name, kind, default), ...) in parameter order, kind "scalar" (an
    aclScalar made of a Python number: INT64 for an int, DOUBLE holding a float's exact value) or "scalar_list"
    (an aclScalarList, one number per list position: INT64 scalars of ints for an integer list, else DOUBLE);
    tier: product -> fidelity tier; source: the ops-nn folder.
    """
    api: str
    function: str
    lists: tuple
    output: str
    params: tuple
    tier: dict = {}
    source: str = ""


#: The foreach operators (aclTensorList arguments): aclcpu.foreach and aclcpu.foreach_<name> serve them.
FOREACH = {row["api"]: ForeachInfo(**row) for row in FOREACH_DATA}


class RefOpInfo(NamedTuple):
    """One reference-tier operator (PyTorch's ATen on the CPU inside CANN's checks; docs/reference-tier.md):
    "input tensors + parameters -> output tensors", called with fidelity="reference" and the outputs' shapes and
    dtypes given by the caller (as a CANN program allocates its out tensors).

    api: aclnn API name; function: the aclcpu function; inputs: ((name, optional), ...) the input tensors in
    parameter order (an optional one may be None, CANN's NULL); outputs: ((name, optional), ...) likewise (an
    optional output may be None: not computed); params: ((name, kind), ...) the non-tensor parameters in
    parameter order, kind the C kind ("int64_t", "int8_t", "int32_t", "aclDataType", "float", "double", "bool",
    "aclScalar", "aclIntArray", "char*"); tier: product -> fidelity tier; source: the ops-nn / ops-math folder.
    """
    api: str
    function: str
    inputs: tuple
    outputs: tuple
    params: tuple
    tier: dict = {}
    source: str = ""


#: The reference-tier operators the bindings call (aclcpu.call(..., fidelity="reference") and aclcpu.<function>).
REFERENCE = {row["api"]: RefOpInfo(**row) for row in REFERENCE_DATA}
#: The reference-tier Inplace variants (aclnnInplace*), which the bindings do not call: API name -> the base operator
#: (its tier is theirs).
REFERENCE_INPLACE_OF = dict(REFERENCE_INPLACE)
