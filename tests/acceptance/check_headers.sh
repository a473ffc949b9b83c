#!/usr/bin/env bash
# Every public header compiles on its own as C++11 (CANN's sample standard) and as C11 (beyond CANN).
#   check_headers.sh <install prefix> <work dir>
set -euo pipefail
prefix=$1 work=$2
rm -rf "$work" && mkdir -p "$work"
headers=(acl/acl.h acl/acl_base.h acl/acl_base_mdl.h acl/acl_rt.h aclnn/acl_meta.h aclnn/aclnn_base.h aclnnop/aclnn_util.h
         runtime/rt.h aclnnop/aclnn_l1_loss_backward.h aclnnop/level2/aclnn_l1_loss_backward.h
         aclnnop/aclnn_l1_loss.h aclnnop/level2/aclnn_l1_loss.h
         aclnnop/aclnn_smooth_l1_loss.h aclnnop/level2/aclnn_smooth_l1_loss.h
         aclnnop/aclnn_mse_loss_backward.h aclnnop/level2/aclnn_mse_loss_backward.h
         aclnnop/aclnn_mse_loss.h aclnnop/level2/aclnn_mse_loss.h
         aclnnop/aclnn_smooth_l1_loss_backward.h aclnnop/level2/aclnn_smooth_l1_loss_backward.h
         aclnnop/aclnn_relu.h aclnnop/level2/aclnn_relu.h
         aclnnop/aclnn_threshold_backward.h aclnnop/level2/aclnn_threshold_backward.h)
for h in "${headers[@]}"; do
  printf '#include "%s"\n#include "%s"\nint main(void) { return 0; }\n' "$h" "$h" > "$work/t.c"
  cp "$work/t.c" "$work/t.cpp"
  gcc -std=c11 -Wall -Wextra -Werror -pedantic -I"$prefix/include" -c "$work/t.c" -o "$work/t_c.o"
  g++ -std=c++11 -Wall -Wextra -Werror -pedantic -I"$prefix/include" -c "$work/t.cpp" -o "$work/t_cpp.o"
  echo "$h: C11 and C++11 OK"
done
