# The CANN operators aclcpu does not implement: declared, with entry points that refuse the call (included by
# cmake/toolkit.cmake, after the libraries are defined).
#
# cmake/cann_operator_headers.tsv lists CANN's operator headers aclnnop/aclnn_<snake>.h and the operators each
# declares; cmake/cann_operator_signatures.tsv each function's declaration (both written by tools/cann_headers.py
# from hicann/ops-nn and hicann/ops-math). tools/unimplemented_ops.py writes, at configure time, for every header
# there that include/aclnnop and the operator table's generated headers lack, one of the same name (and under
# aclnnop/level2/, CANN's older layout) declaring CANN's functions of the operators aclcpu does not implement,
# and their extern "C" entry points: every first and second phase returns 161002 (ACLNN_ERR_PARAM_INVALID)
# with "aclcpu does not implement aclnnXxx (CANN's aclnnop/aclnn_xxx.h); ..." for aclGetRecentErrMsg. So a
# program calling one of them compiles and links unmodified and fails at run time, saying why. The operators
# of hicann/ops-nn go into libopapi_nn, those of hicann/ops-math into libopapi_math (CANN's split). A header
# of CANN's that declares operators aclcpu implements in another header includes that one. What is implemented
# is read from the headers themselves (the operators they declare): no list of operators is kept here.
# The files are written into ${ACLCPU_MISSING_OP_DIR} (not in the source tree); the headers are installed
# under include/. The configure step reruns whenever the operator table changes (its files are configure
# dependencies), so an operator implemented since loses its refusing entry points.
set(ACLCPU_CANN_HEADER_TABLE ${CMAKE_CURRENT_LIST_DIR}/cann_operator_headers.tsv)
set(ACLCPU_CANN_SIGNATURE_TABLE ${CMAKE_CURRENT_LIST_DIR}/cann_operator_signatures.tsv)
set(ACLCPU_UNIMPLEMENTED_GEN ${PROJECT_SOURCE_DIR}/tools/unimplemented_ops.py)
set(ACLCPU_MISSING_OP_DIR ${CMAKE_CURRENT_BINARY_DIR}/missing-op-headers)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${ACLCPU_CANN_HEADER_TABLE}
             ${ACLCPU_CANN_SIGNATURE_TABLE} ${ACLCPU_UNIMPLEMENTED_GEN})
file(REMOVE_RECURSE ${ACLCPU_MISSING_OP_DIR}/aclnnop)  # an earlier build's layout (#error stand-ins only)
execute_process(
  COMMAND ${ACLCPU_OPGEN_PYTHON} ${ACLCPU_UNIMPLEMENTED_GEN} --headers ${ACLCPU_CANN_HEADER_TABLE}
          --signatures ${ACLCPU_CANN_SIGNATURE_TABLE}
          --implemented ${PROJECT_SOURCE_DIR}/include:${ACLCPU_GEN_DIR}/include
          --public ${PROJECT_SOURCE_DIR}/include --out ${ACLCPU_MISSING_OP_DIR}
  RESULT_VARIABLE _unimpl_rc OUTPUT_VARIABLE _unimpl_out OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT _unimpl_rc EQUAL 0)
  message(FATAL_ERROR "tools/unimplemented_ops.py failed on ${ACLCPU_CANN_HEADER_TABLE}")
endif()
message(STATUS "${_unimpl_out}")
# The entry points: ops-nn's in libopapi_nn, ops-math's in libopapi_math (not with
# -DACLCPU_REFERENCE_ENTRY_POINTS=OFF, the exact tier alone: CMakeLists.txt).
if(ACLCPU_REFERENCE_ENTRY_POINTS)
  target_sources(opapi_nn PRIVATE ${ACLCPU_MISSING_OP_DIR}/src/unimplemented_ops_nn.cpp)
  target_sources(opapi_math PRIVATE ${ACLCPU_MISSING_OP_DIR}/src/unimplemented_ops_math.cpp)
endif()
foreach(_lib IN ITEMS opapi_nn opapi_math)
  target_include_directories(${_lib} PRIVATE ${ACLCPU_MISSING_OP_DIR}/include ${ACLCPU_INTERNAL_INCLUDES})
  add_dependencies(${_lib} aclcpu_generated)
endforeach()
install(DIRECTORY ${ACLCPU_MISSING_OP_DIR}/include/ DESTINATION include)
