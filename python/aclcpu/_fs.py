"""File-system helpers shared by the package's writers."""
import os


def umask():
    """The process's file mode creation mask. Read from /proc/self/status (Linux), so that no other thread
    sees a changed mask; elsewhere set and restored at once."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except OSError:
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
