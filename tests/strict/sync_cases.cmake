# Strict-mode catalogue cases for unsynchronized-access and race (see CMakeLists.txt for the function).
