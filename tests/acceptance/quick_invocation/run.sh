# The run.sh of ops-nn's quick-invocation guide (docs/zh/invocation/quick_op_invocation.md): the toolkit
# from ASCEND_INSTALL_PATH, else ASCEND_HOME_PATH, else /usr/local/Ascend/cann; source its bin/setenv.bash;
# configure without rpath; build; run from build/bin.
if [ -n "$ASCEND_INSTALL_PATH" ]; then
    _ASCEND_INSTALL_PATH=$ASCEND_INSTALL_PATH
elif [ -n "$ASCEND_HOME_PATH" ]; then
    _ASCEND_INSTALL_PATH=$ASCEND_HOME_PATH
else
    _ASCEND_INSTALL_PATH="/usr/local/Ascend/cann"
fi

source ${_ASCEND_INSTALL_PATH}/bin/setenv.bash

rm -rf build
mkdir -p build
cd build
cmake ../ -DCMAKE_CXX_COMPILER=g++ -DCMAKE_SKIP_RPATH=TRUE > /dev/null
make > /dev/null
cd bin
./test_aclnn_seed_sample
