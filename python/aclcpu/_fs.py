"""File-system and resource helpers shared by the package's writers: the umask, the staged (all-or-nothing)
publication of a dataset folder, the per-case memory cap."""
import os
import shutil
import tempfile


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


class PublishError(ValueError):
    """The output folder cannot be published without losing what is there; the message names it."""


def check_publishable(target, overwrite=False):
    """Raises PublishError unless target can take a new dataset: it does not exist, is an empty folder, or
    overwrite is set (then an existing folder is replaced as a whole; a file or link is never replaced)."""
    if not os.path.lexists(target):
        return
    if os.path.islink(target) or not os.path.isdir(target):
        raise PublishError(f"{target}: exists and is not a folder")
    if not overwrite and os.listdir(target):
        raise PublishError(f"{target}: folder exists and is not empty (give a new or empty folder, or "
                           "--overwrite to replace it as a whole)")


class Staged:
    """A dataset folder published only when all of it was written (TTK's manual-data protocol reads a folder
    as one dataset): ``with Staged(target) as tmp:`` writes into tmp, a hidden folder beside target on the
    same file system (``.<name>.partial-XXXXXX``); on a normal exit tmp is renamed to target (replacing an
    empty folder atomically, or, with overwrite, the old folder, which is moved aside first and then
    removed); on an exception or a kill nothing is published (an interrupted run leaves at most the hidden
    folder). check_publishable is applied on entry and again just before the rename.
    """

    def __init__(self, target, overwrite=False):
        self.target = os.path.abspath(os.fspath(target))
        self.overwrite = overwrite
        self.path = None

    def __enter__(self):
        check_publishable(self.target, self.overwrite)
        parent = os.path.dirname(self.target)
        os.makedirs(parent, exist_ok=True)
        self.path = tempfile.mkdtemp(prefix=f".{os.path.basename(self.target)}.partial-", dir=parent)
        return self.path

    def __exit__(self, kind, value, tb):
        if kind is not None:
            shutil.rmtree(self.path, ignore_errors=True)
            return False
        try:
            check_publishable(self.target, self.overwrite)
            os.chmod(self.path, 0o777 & ~umask())  # mkdtemp makes it 0700; a dataset gets the usual mode
            old = None
            if os.path.isdir(self.target) and os.listdir(self.target):  # overwrite: move the old one aside
                old = self.path + ".old"
                os.replace(self.target, old)
            os.replace(self.path, self.target)  # over an empty folder: one atomic rename
            if old is not None:
                shutil.rmtree(old, ignore_errors=True)
        except BaseException:
            shutil.rmtree(self.path, ignore_errors=True)
            raise
        return False


#: Default of the per-case memory cap (bytes): what one case's generated inputs, temporaries and golden may
#: take (see case_bytes in aclcpu.cases). Overridden by ACLCPU_MAX_CASE_BYTES or the CLI's --max-case-bytes.
DEFAULT_MAX_CASE_BYTES = 4 << 30
_UNITS = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}


def parse_bytes(text):
    """A byte count from "123", "512M", "4G", "1.5g" (binary units K, M, G, T; an optional trailing "B" or
    "iB"). Raises ValueError for anything else or a count below 1."""
    t = str(text).strip().lower()
    for suffix in ("ib", "b"):
        if t.endswith(suffix) and len(t) > len(suffix):
            t = t[: -len(suffix)]
            break
    unit = _UNITS.get(t[-1:], None) if t and t[-1].isalpha() else 1
    number = t[:-1] if t and t[-1].isalpha() else t
    try:
        value = float(number) * unit if unit else None
    except ValueError:
        value = None
    if value is None or not value >= 1 or value != value or value == float("inf"):
        raise ValueError(f"bad byte count {text!r} (a positive number, optionally with K, M, G or T)")
    return int(value)


def max_case_bytes(option=None):
    """The per-case memory cap in bytes: option (a byte-count string or int), else $ACLCPU_MAX_CASE_BYTES,
    else DEFAULT_MAX_CASE_BYTES (4 GiB). Raises ValueError naming the source of a bad value."""
    if option is not None:
        return parse_bytes(option)
    env = os.environ.get("ACLCPU_MAX_CASE_BYTES")
    if env:
        try:
            return parse_bytes(env)
        except ValueError as e:
            raise ValueError(f"ACLCPU_MAX_CASE_BYTES: {e}") from None
    return DEFAULT_MAX_CASE_BYTES
