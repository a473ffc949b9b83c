# Strict-mode catalogue cases for unsynchronized-access and race (see CMakeLists.txt for the function).

# unsynchronized-access: the host uses what a task not yet synchronised with it reads or writes.
aclcpu_strict_case(unsync_readback_before_sync unsynchronized-access)
aclcpu_strict_case(unsync_memset_pending_input unsynchronized-access)
aclcpu_strict_case(unsync_free_pending_output unsynchronized-access)
aclcpu_strict_case(unsync_free_pending_list_element unsynchronized-access)
aclcpu_strict_case(unsync_destroy_stream_pending unsynchronized-access)
aclcpu_strict_case(unsync_host_buffer_read unsynchronized-access)
aclcpu_strict_case(unsync_host_buffer_reuse unsynchronized-access)

# race: two streams touch the same device bytes, one writing, with no event or synchronisation between them.
aclcpu_strict_case(race_two_streams_write race)
aclcpu_strict_case(race_upload_vs_kernel race)
aclcpu_strict_case(race_event_recorded_too_early race)

# Correct cross-stream ordering through an event, a host synchronisation and an event query: nothing reported.
aclcpu_strict_case(sync_clean_event_ordering none)

# Two bugs in one program: each reported once, with its own kind.
aclcpu_strict_case(combo_race_and_unsync_readback race EXPECT unsynchronized-access=1)
aclcpu_strict_case(combo_race_and_uninit race EXPECT uninitialized-read=1)
aclcpu_strict_case(combo_free_pending_and_leak unsynchronized-access EXPECT leak=1)
