#!/usr/bin/env bash
# Every public header compiles on its own as C++11 (CANN's sample standard) and as C11 (beyond CANN).
#   check_headers.sh <install prefix> <work dir> <operator header list>
# The operator headers (and their level2/ forwarding headers) are the ones the operator table generates:
# <build>/generated/lists/operator_headers.txt, one path under include/ a line (tools/opgen/gen_ops.py).
set -euo pipefail
prefix=$1 work=$2 op_list=$3
rm -rf "$work" && mkdir -p "$work"
headers=(acl/acl.h acl/acl_base.h acl/acl_base_mdl.h acl/acl_op.h acl/acl_rt.h aclnn/acl_meta.h aclnn/aclnn_base.h aclnnop/aclnn_util.h
         runtime/rt.h)
mapfile -t listed < "$op_list"
[ ${#listed[@]} -gt 0 ] || { echo "no operator headers listed in $op_list" >&2; exit 1; }
# The level2/ forwarding headers (CANN's older layout) include their operator header and declare nothing: they
# are checked together in one translation unit per language (each one's path and guard; the operator header
# itself is checked on its own below), which halves the compilations of this test.
op_headers=() level2=()
for h in "${listed[@]}"; do
  if [[ $h == */level2/* ]]; then level2+=("$h"); else op_headers+=("$h"); fi
done
if [ ${#level2[@]} -gt 0 ]; then
  { for h in "${level2[@]}"; do printf '#include "%s"\n#include "%s"\n' "$h" "$h"; done
    printf 'int main(void) { return 0; }\n'; } > "$work/level2.c"
  cp "$work/level2.c" "$work/level2.cpp"
  gcc -std=c11 -Wall -Wextra -Werror -pedantic -I"$prefix/include" -fsyntax-only "$work/level2.c"
  g++ -std=c++11 -Wall -Wextra -Werror -pedantic -I"$prefix/include" -fsyntax-only "$work/level2.cpp"
  echo "${#level2[@]} level2/ forwarding headers: C11 and C++11 OK"
fi
for h in "${headers[@]}" "${op_headers[@]}"; do
  printf '#include "%s"\n#include "%s"\nint main(void) { return 0; }\n' "$h" "$h" > "$work/t.c"
  cp "$work/t.c" "$work/t.cpp"
  # -fsyntax-only: what is checked is the header as the languages read it (no code is generated from declarations)
  gcc -std=c11 -Wall -Wextra -Werror -pedantic -I"$prefix/include" -fsyntax-only "$work/t.c"
  g++ -std=c++11 -Wall -Wextra -Werror -pedantic -I"$prefix/include" -fsyntax-only "$work/t.cpp"
  echo "$h: C11 and C++11 OK"
done
# The C++ value types of aclnn/opdev/ (CANN's are C++ only too): C++11.
for h in aclnn/opdev/fp16_t.h aclnn/opdev/float4_e2m1.h; do
  printf '#include "%s"\n#include "%s"\nint main() { return 0; }\n' "$h" "$h" > "$work/t.cpp"
  g++ -std=c++11 -Wall -Wextra -Werror -pedantic -I"$prefix/include" -fsyntax-only "$work/t.cpp"
  echo "$h: C++11 OK"
done
