// The reference formulas' helpers of ops-math's element-wise binary / comparison operators
// (ops/families/math_binary.yaml; docs/ops/math_binary.md). Included at the end of reference/aten_formulas.h
// (through the generated reference/family_formulas.inc).
#pragma once

#include <ATen/ATen.h>

#include <cstdint>

namespace aclcpu {
namespace ref {

/// The comparison a Compare* helper applies: 0 eq, 1 ne, 2 gt, 3 ge, 4 lt, 5 le.
inline at::Tensor CompareOp(const at::Tensor& a, const at::Tensor& b, int64_t op) {
    switch (op) {
        case 0:
            return at::eq(a, b);
        case 1:
            return at::ne(a, b);
        case 2:
            return at::gt(a, b);
        case 3:
            return at::ge(a, b);
        case 4:
            return at::lt(a, b);
        default:
            return at::le(a, b);
    }
}

/// The tensor-tensor comparisons (aclnn_eq_tensor.cpp and kin): both operands cast to the promote type - opbase's
/// PromoteType of the two dtypes (at::promote_types, the same table), which every product but the Ascend 950
/// uses; the 950's BinaryOpTypePromote differs only for a 0-d operand beside a dimensioned one
/// (docs/ops/math_binary.md) -, then compared; the BOOL result is cast to out's dtype by the writer. FLOAT16 /
/// BF16 are compared in FLOAT (exact: widening keeps every value and the order).
inline at::Tensor CompareTensor(const at::Tensor& self, const at::Tensor& other, int64_t op) {
    at::ScalarType p = at::promote_types(self.scalar_type(), other.scalar_type());
    // the ordering comparisons run a BOOL promote type as INT8 (aclnn_gt_tensor.cpp), UINT8 (aclnn_lt_tensor.cpp) or
    // FLOAT (aclnn_le_tensor.cpp): 0 and 1 order the same in each
    if (p == at::kBool && op >= 2) p = at::kChar;
    auto cast = [&](const at::Tensor& x) {
        const at::Tensor y = x.to(p);
        return p == at::kHalf || p == at::kBFloat16 ? y.to(at::kFloat) : y;
    };
    return CompareOp(cast(self), cast(other), op);
}

/// The tensor-scalar comparisons (aclnn_eq_scalar.cpp and kin): self cast to the promote type and the scalar
/// converted to it (ConvertToTensor), then compared. The promote type is ATen's result_type of the tensor and
/// the scalar - the Ascend 950's PromoteTypeScalar (CombineCategoriesWithComplex with the scalar's default dtype:
/// FLOAT for a floating scalar). The scalar reaches the formula as a double, int64 or bool (its aclScalar dtype
/// is not carried): the other products' rule, which promotes an integral self with a DOUBLE or FLOAT16 scalar
/// to that dtype, is not reproduced (docs/ops/math_binary.md). The scalar is converted through a double or int64
/// tensor (a C cast into an integral promote type, no overflow error).
inline at::Tensor CompareScalar(const at::Tensor& self, const at::Scalar& other, int64_t op) {
    const at::ScalarType p = at::result_type(self, other);
    const at::ScalarType held = other.isComplex()         ? at::kComplexDouble
                                : other.isFloatingPoint() ? at::kDouble
                                : other.isBoolean()       ? at::kBool
                                                          : at::kLong;
    const at::Tensor s = at::scalar_tensor(other, at::TensorOptions().dtype(held)).to(p);
    auto widen = [&](const at::Tensor& x) { return p == at::kHalf || p == at::kBFloat16 ? x.to(at::kFloat) : x; };
    return CompareOp(widen(self.to(p)), widen(s), op);
}

/// The logical operators (aclnn_logical_and.cpp, aclnn_logical_or.cpp, aclnn_logical_not.cpp): each operand cast
/// to BOOL first (non-zero, NaN included, is true), as the op_apis cast for the kernel; the Ascend 950's direct
/// kernel on two operands of one dtype tests the same non-zero condition. The BOOL result is cast to out's dtype by
/// the writer. op: 0 and, 1 or, 2 xor.
inline at::Tensor LogicalBinary(const at::Tensor& self, const at::Tensor& other, int64_t op) {
    const at::Tensor a = self.to(at::kBool), b = other.to(at::kBool);
    if (op == 0) return at::logical_and(a, b);
    if (op == 1) return at::logical_or(a, b);
    return at::logical_xor(a, b);
}

inline at::Tensor LogicalNotBool(const at::Tensor& self) { return at::logical_not(self.to(at::kBool)); }

/// aclnnBitwiseAndTensor (aclnn_bitwise_and_tensor.cpp): both operands cast to PromoteType(self, other), then
/// BitwiseAnd (LogicalAnd for a BOOL promote type, the same truth table); the writer casts to out's dtype.
inline at::Tensor BitwiseAndPromoted(const at::Tensor& self, const at::Tensor& other) {
    const at::ScalarType p = at::promote_types(self.scalar_type(), other.scalar_type());
    return at::bitwise_and(self.to(p), other.to(p));
}

/// aclnnBitwiseAndScalar (aclnn_bitwise_and_scalar.cpp): self cast to the promote type, the scalar converted to it,
/// and-ed (LogicalAnd for BOOL); the writer casts to out's dtype. The promote type is the product's (`regbase`:
/// the call's first phase ran on the Ascend 950, a.RegBase()): there CombineCategoriesWithComplex(self, the
/// scalar's default dtype) - self's own dtype for an integral self, so the scalar is wrapped to self's width first
/// (an INT8 self & 496 ands with -16); elsewhere PromoteType(self, the scalar's dtype), computed here in INT64 -
/// the same bits, since and-ing commutes with the sign or zero extension of both operands to a wider type. Both
/// BOOL: BOOL. (The dtype lists admit integral and BOOL operands only.)
inline at::Tensor BitwiseAndScalarPromoted(const at::Tensor& self, const at::Scalar& other, bool regbase) {
    const bool self_bool = self.scalar_type() == at::kBool;
    at::ScalarType p = at::kLong;
    if (self_bool && other.isBoolean()) {
        p = at::kBool;
    } else if (regbase && !self_bool) {
        p = self.scalar_type();
    }
    // the scalar's integer value wrapped to p (two's complement), as a conversion of the host value
    const at::Tensor o = at::scalar_tensor(other, at::TensorOptions().dtype(at::kLong)).to(p);
    if (p == at::kBool) return at::logical_and(self, o);
    return at::bitwise_and(self.to(p), o);
}

/// The ordering comparisons with an aclScalar (aclnn_gt_scalar.cpp): self and the scalar compared in the promote
/// type of every product but the Ascend 950 - PromoteType(self, the scalar's dtype), taken here with a floating
/// scalar as FLOAT (the dtype the examples and most callers create), an integral one as INT64, a BOOL one as BOOL
/// -, BOOL compared as INT8. The 950 (CombineCategoriesWithComplex: a FLOAT16 / BF16 self keeps its dtype) and a
/// DOUBLE scalar's exceptions are not reproduced (docs/ops/math_binary.md).
inline at::Tensor OrderScalar(const at::Tensor& self, const at::Scalar& other, int64_t op) {
    const at::ScalarType held = other.isFloatingPoint() ? at::kFloat : other.isBoolean() ? at::kBool : at::kLong;
    at::ScalarType p = at::promote_types(self.scalar_type(), held);
    if (p == at::kBool) p = at::kChar;
    const at::ScalarType wide = other.isFloatingPoint() ? at::kDouble : held;
    const at::Tensor s = at::scalar_tensor(other, at::TensorOptions().dtype(wide)).to(p);
    auto widen = [&](const at::Tensor& x) { return p == at::kHalf || p == at::kBFloat16 ? x.to(at::kFloat) : x; };
    return CompareOp(widen(self.to(p)), widen(s), op);
}

}  // namespace ref
}  // namespace aclcpu
