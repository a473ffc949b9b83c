# Strict-mode catalogue cases for host-access, uninitialized-read and leak (see CMakeLists.txt for the function).

# leak: objects the application never released, at aclFinalize (memory, streams, events) or at exit.
aclcpu_strict_case(leak_device_block leak)
aclcpu_strict_case(leak_host_block leak)
aclcpu_strict_case(leak_stream leak)
aclcpu_strict_case(leak_event leak)
aclcpu_strict_case(leak_tensor leak)
aclcpu_strict_case(leak_executor leak)
aclcpu_strict_case(leak_repeatable_executor leak)
aclcpu_strict_case(leak_without_finalize leak)

# host-access: host code touches the address aclrtMalloc returned; the process dies of SIGSEGV after the report.
aclcpu_strict_case(host_access_write_device host-access SEGV)
aclcpu_strict_case(host_access_read_result host-access SEGV)
aclcpu_strict_case(host_access_libc_memcpy host-access SEGV)
aclcpu_strict_case(host_access_after_free host-access SEGV)
aclcpu_strict_case(host_access_in_callback host-access SEGV)

# uninitialized-read: a kernel or a device-to-host copy reads device bytes nothing wrote.
aclcpu_strict_case(uninit_kernel_input uninitialized-read)
aclcpu_strict_case(uninit_short_upload uninitialized-read)
aclcpu_strict_case(uninit_partial_readback uninitialized-read)
aclcpu_strict_case(uninit_output_never_computed uninitialized-read)
aclcpu_strict_case(uninit_through_device_copy uninitialized-read)

# Two bugs in one program: each reported once, with its own kind.
aclcpu_strict_case(combo_uninit_and_leak uninitialized-read EXPECT leak=1)
aclcpu_strict_case(combo_readback_and_leaked_event uninitialized-read EXPECT leak=1)
