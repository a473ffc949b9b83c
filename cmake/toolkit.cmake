# Install-tree pieces that CANN tooling reads, each named with its reader (docs/toolkit.md "Using it from CANN
# tooling"), plus find_package(aclcpu CONFIG), aclcpu.pc and the uninstall target.
set(ACLCPU_ARCH_DIR "${CMAKE_SYSTEM_PROCESSOR}-linux")  # CANN's <arch>-linux (x86_64-linux, aarch64-linux)
set(ACLCPU_STAGE "${CMAKE_CURRENT_BINARY_DIR}/toolkit-stage")
file(MAKE_DIRECTORY ${ACLCPU_STAGE})

# set_env.sh (CANN's environment script) and bin/setenv.bash (sourced by ops-nn's quick-invocation run.sh
# and CI scripts: `source ${ASCEND_HOME_PATH:-/usr/local/Ascend/cann}/bin/setenv.bash`): each is its
# template in cmake/ with cmake/locate_sourced.sh, the one rule for finding the prefix from bash, zsh and
# POSIX sh, pasted in at the @ACLCPU_LOCATE_SOURCED@ line.
file(READ ${CMAKE_CURRENT_LIST_DIR}/locate_sourced.sh ACLCPU_LOCATE_SOURCED)
foreach(script IN ITEMS set_env.sh setenv.bash)
  file(READ ${CMAKE_CURRENT_LIST_DIR}/${script} text)
  string(REPLACE "# @ACLCPU_LOCATE_SOURCED@\n" "${ACLCPU_LOCATE_SOURCED}" text "${text}")
  file(CONFIGURE OUTPUT ${ACLCPU_STAGE}/${script} CONTENT "${text}" @ONLY)
endforeach()
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/locate_sourced.sh
  ${CMAKE_CURRENT_LIST_DIR}/set_env.sh ${CMAKE_CURRENT_LIST_DIR}/setenv.bash)
install(FILES ${ACLCPU_STAGE}/set_env.sh DESTINATION .)
install(PROGRAMS ${ACLCPU_STAGE}/setenv.bash DESTINATION bin)

# <arch>-linux/include and <arch>-linux/lib64: links to include/ and lib64/. Read by ops-nn's build.sh
# (LINUX_INCLUDE_PATH), the experimental examples' run.sh, and ops-test-kit (TTK), which finds aclnn
# headers in <opp>/../<arch>-<os>/include/aclnnop and the operator libraries in <opp>/../<arch>-<os>/lib64.
file(MAKE_DIRECTORY ${ACLCPU_STAGE}/${ACLCPU_ARCH_DIR})
file(CREATE_LINK ../include ${ACLCPU_STAGE}/${ACLCPU_ARCH_DIR}/include SYMBOLIC)
file(CREATE_LINK ../lib64 ${ACLCPU_STAGE}/${ACLCPU_ARCH_DIR}/lib64 SYMBOLIC)
# <arch>-linux/ascend_toolkit_install.info: where CANN's install guide (hicann/runtime README, "check the
# CANN version") has users read the toolkit version; ours names this package and its own version.
file(WRITE ${ACLCPU_STAGE}/${ACLCPU_ARCH_DIR}/ascend_toolkit_install.info
  "package_name=aclcpu\nversion=${PROJECT_VERSION}\narch=${CMAKE_SYSTEM_PROCESSOR}\nos=linux\n")
install(FILES ${ACLCPU_STAGE}/${ACLCPU_ARCH_DIR}/include ${ACLCPU_STAGE}/${ACLCPU_ARCH_DIR}/lib64
              ${ACLCPU_STAGE}/${ACLCPU_ARCH_DIR}/ascend_toolkit_install.info
        DESTINATION ${ACLCPU_ARCH_DIR})

# opp/scene.info: TTK's platform.get_ascend_scene_info() reads os= and arch= from $ASCEND_OPP_PATH/scene.info
# to build the <arch>-<os> paths above (same three keys ops-nn's build.sh writes into its opp/scene.info).
file(MAKE_DIRECTORY ${ACLCPU_STAGE}/opp)
file(WRITE ${ACLCPU_STAGE}/opp/scene.info "os=linux\nos_version=\narch=${CMAKE_SYSTEM_PROCESSOR}\n")
install(FILES ${ACLCPU_STAGE}/opp/scene.info DESTINATION opp)

# find_package(aclcpu CONFIG): relocatable imported targets aclcpu::ascendcl, aclcpu::nnopbase,
# aclcpu::opapi_math, aclcpu::opapi_nn, aclcpu::runtime (+ aclcpu::opapi, aclcpu::acl_rt aliases).
include(CMakePackageConfigHelpers)
# share/cmake: found on every distribution (Debian does not search lib64/cmake).
set(ACLCPU_CMAKE_DIR share/cmake/aclcpu)
install(EXPORT aclcpuTargets NAMESPACE aclcpu:: DESTINATION ${ACLCPU_CMAKE_DIR})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/aclcpuConfig.cmake.in
  ${ACLCPU_STAGE}/aclcpuConfig.cmake INSTALL_DESTINATION ${ACLCPU_CMAKE_DIR})
write_basic_package_version_file(${ACLCPU_STAGE}/aclcpuConfigVersion.cmake COMPATIBILITY SameMajorVersion)
install(FILES ${ACLCPU_STAGE}/aclcpuConfig.cmake ${ACLCPU_STAGE}/aclcpuConfigVersion.cmake
        DESTINATION ${ACLCPU_CMAKE_DIR})

# pkg-config: lib64/pkgconfig/aclcpu.pc, relocatable through ${pcfiledir}.
configure_file(${CMAKE_CURRENT_LIST_DIR}/aclcpu.pc.in ${ACLCPU_STAGE}/aclcpu.pc @ONLY)
install(FILES ${ACLCPU_STAGE}/aclcpu.pc DESTINATION lib64/pkgconfig)

# `cmake --build build --target uninstall`: removes every file and link that install_manifest.txt lists.
add_custom_target(uninstall
  COMMAND ${CMAKE_COMMAND} -DMANIFEST=${CMAKE_CURRENT_BINARY_DIR}/install_manifest.txt
          -P ${CMAKE_CURRENT_LIST_DIR}/uninstall.cmake
  COMMENT "Removing the files listed in install_manifest.txt")

# include/aclnnop/aclnn_<op>.h for CANN's operators that aclcpu lacks: CANN's declarations, and entry points
# in libopapi_nn / libopapi_math that refuse the call naming the operator.
include(${CMAKE_CURRENT_LIST_DIR}/missing_op_headers.cmake)
