#!/usr/bin/env bash
# Every public header compiles on its own as C++11 (CANN's sample standard) and as C11 (beyond CANN).
#   check_headers.sh <install prefix> <work dir> <operator header list>
# The operator headers (and their level2/ forwarding headers) are the ones the operator table generates:
# <build>/generated/lists/operator_headers.txt, one path under include/ a line (tools/opgen/gen_ops.py).
set -euo pipefail
prefix=$1 work=$2 op_list=$3
rm -rf "$work" && mkdir -p "$work"
headers=(acl/acl.h acl/acl_base.h acl/acl_base_mdl.h acl/acl_rt.h aclnn/acl_meta.h aclnn/aclnn_base.h aclnnop/aclnn_util.h
         runtime/rt.h)
mapfile -t op_headers < "$op_list"
[ ${#op_headers[@]} -gt 0 ] || { echo "no operator headers listed in $op_list" >&2; exit 1; }
for h in "${headers[@]}" "${op_headers[@]}"; do
  printf '#include "%s"\n#include "%s"\nint main(void) { return 0; }\n' "$h" "$h" > "$work/t.c"
  cp "$work/t.c" "$work/t.cpp"
  # -fsyntax-only: what is checked is the header as the languages read it (no code is generated from declarations)
  gcc -std=c11 -Wall -Wextra -Werror -pedantic -I"$prefix/include" -fsyntax-only "$work/t.c"
  g++ -std=c++11 -Wall -Wextra -Werror -pedantic -I"$prefix/include" -fsyntax-only "$work/t.cpp"
  echo "$h: C11 and C++11 OK"
done
