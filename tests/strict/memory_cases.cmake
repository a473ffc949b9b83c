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
