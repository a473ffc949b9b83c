"""Dtype names shared by the API, the CLI and the TTK/ATK readers.

Names follow TTK's dtype strings (ops-test-kit docs/Test_Case_Generation.md, "数据类型字符串"): numpy names
plus the short forms fp16/fp32/fp64/bf16/c64/c128; ATK's JSON uses fp16/bf16/fp32. bfloat16 is
ml_dtypes.bfloat16 (a numpy extension dtype); without ml_dtypes the name is unknown.
"""
import numpy as np

try:
    import ml_dtypes as _ml_dtypes

    BFLOAT16 = np.dtype(_ml_dtypes.bfloat16)
except ImportError:  # pragma: no cover - ml_dtypes is a dependency; kept usable without it
    BFLOAT16 = None

_ALIASES = {
    "fp16": "float16", "half": "float16", "fp32": "float32", "float": "float32", "fp64": "float64",
    "double": "float64", "bf16": "bfloat16", "c64": "complex64", "c128": "complex128",
}
_NUMPY_NAMES = ("float16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                "uint64", "bool", "complex64", "complex128")


def dtype_of(name):
    """numpy dtype of a TTK/ATK/numpy dtype name (case-insensitive); a numpy dtype passes through.

    Raises ValueError naming the unknown dtype.
    """
    if isinstance(name, np.dtype):
        return name
    if not isinstance(name, str):
        return np.dtype(name)
    key = _ALIASES.get(name.strip().lower(), name.strip().lower())
    if key == "bfloat16":
        if BFLOAT16 is None:
            raise ValueError("dtype bfloat16 needs the ml_dtypes package")
        return BFLOAT16
    if key in _NUMPY_NAMES:
        return np.dtype(key)
    raise ValueError(f"unknown dtype name {name!r}")


#: numpy kinds and item sizes that have an aclDataType (python/aclcpu/_core.cpp AclDtypeOf, which the
#: operators apply; to_bin and compare apply this table): FLOAT16/FLOAT/DOUBLE, INT8..INT64, UINT8..UINT64,
#: BOOL, COMPLEX64/128; plus BFLOAT16 (ml_dtypes).
_ACL_KINDS = {"f": (2, 4, 8), "i": (1, 2, 4, 8), "u": (1, 2, 4, 8), "b": (1,), "c": (8, 16)}


def has_acl_dtype(dtype):
    """True when a numpy dtype has an aclDataType (a tensor of it can be written or compared element by
    element); False for object, strings, structured, datetimes, float128, float8 and the like."""
    dtype = np.dtype(dtype)
    if BFLOAT16 is not None and dtype == BFLOAT16:
        return True
    return dtype.fields is None and dtype.itemsize in _ACL_KINDS.get(dtype.kind, ())


def dtype_name(dtype):
    """The canonical (numpy) name of a dtype: 'float16', 'bfloat16', ..."""
    return np.dtype(dtype).name


def parse_shape(text):
    """Shape from the CLI/TTK token: '2x3' -> (2, 3), 'scalar' -> (); raises ValueError."""
    text = text.strip()
    if text == "scalar":
        return ()
    parts = text.split("x")
    if not all(p.isascii() and p.isdigit() for p in parts):  # int() also takes "+3", "2_0", " 3", "３"
        raise ValueError(f"bad shape {text!r} (use dims of the digits 0-9 joined by 'x', or 'scalar')")
    return tuple(int(p) for p in parts)


def shape_token(shape):
    """TTK's shape token: (2, 0, 3) -> '2x0x3', () -> 'scalar' (docs/Manual_Data_Prepare_and_Replay.md §4)."""
    shape = tuple(int(d) for d in shape)
    return "scalar" if not shape else "x".join(str(d) for d in shape)
