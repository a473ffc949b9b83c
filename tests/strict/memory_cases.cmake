# Strict-mode catalogue cases for host-access, uninitialized-read and leak (see CMakeLists.txt for the function).
