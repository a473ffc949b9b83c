#!/usr/bin/env python3
"""Builds CANN's own example programs unmodified against an aclcpu install tree, runs them, and tabulates.

    /usr/bin/python3 tools/example_sweep.py --install <prefix> \\
        --repo hicann/ops-nn=<git dir> --repo hicann/ops-math=<git dir> [--jobs N] [--only REGEX] [--out FILE]

Reads each repository's HEAD with git (a bare mirror does: no work tree is needed) and takes every example
program: each `*.cpp` under an `examples/` folder below a top-level folder (`activation/relu/examples/...`),
arch-specific subfolders (`examples/arch35/`, `arch22/`, `arch20/`) counted as programs of their own; files
under any `experimental/` folder and the generator templates (`scripts/opgen/template/`) are left out, as
the repositories' build scripts leave them out. Each program's `examples/` folder is extracted into a
scratch folder and the program is compiled and linked there with the command line its repository's build
script uses for `bash build.sh --run_example <op> eager` (the documented way to run an example:
docs/zh/invocation/quick_op_invocation.md, "快速调用算子", of both repositories), after sourcing
`<prefix>/bin/setenv.bash` as that document's scripts do:

  hicann/ops-nn   build.sh, build_single_example (eager, no pkg_mode, lib64/libascendcl.so present):
                  g++ <file> -I $INCLUDE_PATH -I $INCLUDE_PATH/aclnnop -I $ACLNN_INCLUDE_PATH
                      -L $EAGER_LIBRARY_OPP_PATH -L $EAGER_LIBRARY_PATH
                      -lopapi_nn -lopapi_math -lascendcl -lnnopbase -o test_aclnn_<example>
  hicann/ops-math scripts/build_example.sh, compile_eager_example_default:
                  g++ <file> -I $INCLUDE_PATH -I $ACLNN_INCLUDE_PATH -L $EAGER_LIBRARY_PATH
                      -lopapi_math -lascendcl -lnnopbase -o test_aclnn_<example>

with INCLUDE_PATH=$ASCEND_HOME_PATH/include, ACLNN_INCLUDE_PATH=$INCLUDE_PATH/aclnn,
EAGER_LIBRARY_PATH=$ASCEND_HOME_PATH/lib64, EAGER_LIBRARY_OPP_PATH=$ASCEND_OPP_PATH/lib64 (ops-nn build.sh
lines 138-147; ops-math scripts/build.conf.sh). Another repository gets ops-nn's line. GE graph-mode
programs (`test_geir_*.cpp`) get the scripts' `graph` line (`-I $INCLUDE_PATH/{graph,ge,external}` ...
`-lgraph -lge_runner -lgraph_base -lge_compiler`); aclcpu has no GE, so they are counted in a column of their
own (`graph`) when their compilation stops at a GE header.

Each program runs in its scratch folder with a 30 s limit (--timeout), its aclcpu log in that folder
(ASCEND_PROCESS_LOG_PATH), and ACLCPU_SOC_VERSION set for arch folders the way build.sh's --soc picks them
(arch35 Ascend950, arch22 Ascend910B, arch20 Ascend310P; other programs: the caller's environment, by
default Ascend950). Outcomes:

  ok        built, exited 0, printed no failed status
  missing   built, and stopped at an operator aclcpu does not implement: the first [ERROR] line of its aclcpu
            log (or its output) is the refusal of such an operator's entry points, "aclcpu does not implement
            aclnnXxx (CANN's aclnnop/aclnn_xxx.h); ..." (cmake/missing_op_headers.cmake declares every CANN
            operator aclcpu lacks, with entry points that return 161002 saying so)
  header    compilation stopped at an aclnnop header aclcpu lacks (an #error stand-in names the operators,
            or the header is not in the tree at all), or an installed header lacks an operator CANN's declares
  compile   another compilation error
  link      compiled, the link failed (undefined reference, missing library)
  run-fail  non-zero exit, a signal, or a "... failed. ERROR: <n>" line with n != 0 (the samples' CHECK_RET)
            (a program of a plain examples/ folder, run on the default product, that fails so - not at an
            operator aclcpu lacks - runs once more with ACLCPU_SOC_VERSION=Ascend910B, unless the caller's
            environment sets a product: the operators of some such programs exist on Atlas A2/A3 only, and the
            repositories' documented example line builds for ascend910b; ok then, and the report lists them
            with the default product's first error)
  timeout   still running after the limit (killed)
  graph     a GE graph-mode program (test_geir_*) whose compilation stops at a GE header

The values the programs print are NOT checked: a program is `ok` when its own checks pass. The report (Markdown,
to stdout or --out) has per repository a table by top-level folder, the totals, every failure with its first
error line (the graph programs summarised), and the missing operators that block the most programs (for a
`missing` program the operator its run's refusal message names; for a `header` one the operators it calls of
those named by the stand-in headers it includes). Progress goes to stderr.

Exit status: 0 whatever the programs do; 2 with one line for bad arguments; 1 when the tool itself fails.
For tests: --require N exits 1 unless exactly N programs were selected and all are ok; --skip-missing exits
77 (CTest's SKIP_RETURN_CODE) when a --repo git directory does not exist.
stdlib only; run with /usr/bin/python3.
"""
import argparse
import collections
import concurrent.futures
import io
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tarfile
import tempfile
import threading
import time

CLASSES = ["ok", "missing", "header", "compile", "link", "run-fail", "timeout", "graph"]
ARCH_SOC = {"arch35": "Ascend950", "arch22": "Ascend910B", "arch20": "Ascend310P"}
RETRY_SOC = "Ascend910B"  # the second product a plain examples/ folder's program runs on when the first fails
EXCLUDED = re.compile(r"(^|/)experimental/|(^|/)scripts/opgen/template/")
EXAMPLE = re.compile(r"^[^/]+/(?:.+/)?examples/(?:.+/)?[^/]+\.cpp$")
# "aclnnMmGetWorkspaceSize failed. ERROR: 161002" and the samples' variants ("failed, ret = 1", "ERROR: %d").
FAILED_STATUS = re.compile(r"fail(?:ed)?\b[^\n]*?\b(?:error|ret|errorCode|status)\s*(?:code)?\s*[:=]\s*(-?\d+)", re.I)
# The refusal of an operator aclcpu does not implement (tools/unimplemented_ops.py's entry points).
NOT_IMPLEMENTED = re.compile(r"aclcpu does not implement (aclnn[A-Za-z0-9_]+) \(CANN's (aclnnop/aclnn_[a-z0-9_]+\.h)\);")
STANDIN = re.compile(r"aclcpu does not implement (.*?) \(CANN's (aclnnop/aclnn_[a-z0-9_]+\.h)\)")
OPNAME = re.compile(r"\baclnn[A-Z][A-Za-z0-9_]*")
DECLARED = re.compile(r"\baclnnStatus\s+(aclnn[A-Za-z0-9_]*?)(?:GetWorkspaceSize)?\s*\(")
CALLED = re.compile(r"\b(aclnn[A-Z][A-Za-z0-9_]*?)GetWorkspaceSize\s*\(")
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]', re.M)
OP_API_DIR = re.compile(r"^(.+/op_api)/[^/]+$")
UNDECLARED_OP = re.compile(r"error: '(aclnn[A-Z][A-Za-z0-9_]*?)(?:GetWorkspaceSize)?' was not declared")
MISSING_FILE = re.compile(r"fatal error: ([^:\s]+): No such file or directory")
COMPILER_ERROR = re.compile(r"^[^\n:]+:\d+(?::\d+)?: (?:fatal )?error:", re.M)
LINK_ERROR = re.compile(r"undefined reference|cannot find -l|ld returned|collect2|relocation .* against")


class Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit 2
        print(f"example_sweep.py: {message}", file=sys.stderr)
        sys.exit(2)


def git(git_dir, *args, binary=False):
    r = subprocess.run(["git", "--git-dir", git_dir, *args], capture_output=True, check=False)
    if r.returncode != 0:
        raise RuntimeError(f"git --git-dir {git_dir} {' '.join(args)}: {r.stderr.decode(errors='replace').strip()}")
    return r.stdout if binary else r.stdout.decode("utf-8", errors="replace")


class Program:
    def __init__(self, repo, path):
        self.repo, self.path = repo, path
        self.folder = path.split("/", 1)[0]
        self.name = os.path.splitext(os.path.basename(path))[0]
        self.graph = self.name.startswith("test_geir_")
        parts = path.split("/")
        self.arch = parts[-2] if parts[-2] in ARCH_SOC else None
        # The operator's folder (the one holding examples/): a few programs include its op_api headers
        # by a relative path (../op_api/aclnn_<op>.h), as they compile inside a checkout.
        self.op_dir = path[: path.rindex("/examples/")]
        self.result, self.reason, self.missing, self.log_error = None, "", [], ""
        self.product = ""  # set when the program ran ok only on RETRY_SOC (why it failed on the default)
        self.seconds = 0.0

    @property
    def ident(self):
        return f"{self.repo}:{self.path}"


def list_programs(repo, git_dir):
    """The example programs at HEAD, and the folders to extract for them."""
    names = git(git_dir, "ls-tree", "-r", "--name-only", "HEAD").splitlines()
    progs = [Program(repo, n) for n in names if EXAMPLE.match(n) and not EXCLUDED.search(n)]
    return progs, {d for n in names for d in OP_API_DIR.findall(n)}


def extract_dirs(progs, op_api_dirs):
    """Each program's examples/ folder, and its operator's op_api headers where the repository has them."""
    dirs = set()
    for p in progs:
        dirs.add(p.op_dir + "/examples")
        dirs.update(d for d in (p.op_dir + "/op_api", p.op_dir + "/op_host/op_api") if d in op_api_dirs)
    return dirs


def extract(git_dir, dirs, dest):
    """Writes every file of the given folders at HEAD under dest (git archive, read with tarfile)."""
    dirs = sorted(set(dirs))
    for i in range(0, len(dirs), 200):
        data = git(git_dir, "archive", "--format=tar", "HEAD", "--", *dirs[i:i + 200], binary=True)
        with tarfile.open(fileobj=io.BytesIO(data)) as tar:
            members = [m for m in tar.getmembers() if m.isfile() or m.isdir()]
            try:
                tar.extractall(dest, members=members, filter="data")
            except TypeError:  # Python before 3.11.4: no extraction filters
                tar.extractall(dest, members=members)


def toolkit_env(prefix):
    """The environment after `source <prefix>/bin/setenv.bash` (else set_env.sh), as the scripts run."""
    script = os.path.join(prefix, "bin", "setenv.bash")
    if not os.path.isfile(script):
        script = os.path.join(prefix, "set_env.sh")
    out = subprocess.run(["bash", "-c", 'source "$1" >/dev/null && env -0', "_", script],
                         capture_output=True, check=True).stdout.decode()
    env = dict(item.split("=", 1) for item in out.split("\0") if "=" in item)
    env.setdefault("ASCEND_OPP_PATH", os.path.join(prefix, "opp"))
    env["LC_ALL"] = "C"  # compiler messages in English, for the classification
    return env


def compile_line(repo, prog, env, out_name, extra):
    return documented_line(repo, prog, env, out_name) + extra


def documented_line(repo, prog, env, out_name):
    home = env["ASCEND_HOME_PATH"]
    inc = f"{home}/include"
    src = os.path.basename(prog.path)
    if prog.graph:
        return ["g++", src, "-I", f"{inc}/graph", "-I", f"{inc}/ge", "-I", inc, "-I", f"{inc}/external",
                "-I", f"{home}/{os.uname().machine}-linux/include",
                "-I", f"{env['ASCEND_OPP_PATH']}/built-in/op_proto/inc",
                "-L", f"{home}/lib64", "-lgraph", "-lge_runner", "-lgraph_base", "-lge_compiler", "-o", out_name]
    if repo.endswith("/ops-math"):
        return ["g++", src, "-I", inc, "-I", f"{inc}/aclnn", "-L", f"{home}/lib64",
                "-lopapi_math", "-lascendcl", "-lnnopbase", "-o", out_name]
    return ["g++", src, "-I", inc, "-I", f"{inc}/aclnnop", "-I", f"{inc}/aclnn",
            "-L", f"{env['ASCEND_OPP_PATH']}/lib64", "-L", f"{home}/lib64",
            "-lopapi_nn", "-lopapi_math", "-lascendcl", "-lnnopbase", "-o", out_name]


def first_line(text, pattern=None):
    for line in text.splitlines():
        if pattern is None or re.search(pattern, line):
            return line.strip()
    return ""


INSTALL_PREFIX = [""]


def shorten(line, limit=240):
    line = re.sub(r"\s+", " ", line)
    if INSTALL_PREFIX[0]:
        line = line.replace(INSTALL_PREFIX[0] + "/", "<install>/")
    # The stand-ins' #error lists every operator aclcpu implements: keep the part naming the missing ones.
    line = re.sub(r"\): aclcpu implements .*", ")", line)
    return line if len(line) <= limit else line[: limit - 3] + "..."


def standin_ops(path):
    """The operators a stand-in header names, or None for a real header."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            m = STANDIN.search(f.read(4096))
    except OSError:
        return None
    return OPNAME.findall(m.group(1)) if m else None


def missing_operators(prog, src_text, include_dirs, compiler_out):
    """The operators that keep the program from compiling: of those the stand-in headers it includes name,
    the ones it calls (all of them when it calls none); for an aclnnop header the tree lacks altogether, the
    operators it calls that no header it includes declares, marked with a dagger."""
    named, absent, declared = [], [], set()
    for inc in INCLUDE.findall(src_text):
        for d in include_dirs:
            p = os.path.join(d, inc)
            if os.path.isfile(p):
                ops = standin_ops(p)
                if ops:
                    named.append(ops)
                else:
                    with open(p, encoding="utf-8", errors="replace") as f:
                        declared.update(n for n in DECLARED.findall(f.read()))
                break
        else:
            if re.match(r"(aclnnop/(level2/)?)?aclnn_[a-z0-9_]+\.h$", inc):
                absent.append(os.path.basename(inc))
    if not named and not absent:  # an include the scan cannot see (in a local header): what the compiler said
        m = STANDIN.search(compiler_out)
        if m:
            named.append(OPNAME.findall(m.group(1)))
    called = set(CALLED.findall(src_text))
    result = set()
    for ops in named:
        result.update([o for o in ops if o in called] or ops)
    if absent:
        rest = called - declared - {o for ops in named for o in ops}
        if rest:
            result.update(f"{o}\N{DAGGER}" for o in rest)
        else:
            result.update(f"({h})\N{DAGGER}" for h in absent)
    return sorted(result)


def implemented_header(inc, env):
    """True when the install has a real (not stand-in) header of that name: the include path is at fault."""
    p = os.path.join(env["ASCEND_HOME_PATH"], "include", "aclnnop", os.path.basename(inc))
    return os.path.isfile(p) and standin_ops(p) is None


def kill_group(proc):
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def run_limited(cmd, cwd, env, timeout):
    """Runs cmd in its own process group; returns (rc or None on timeout, combined output)."""
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        out, _ = proc.communicate(timeout=timeout)
        return proc.returncode, out.decode("utf-8", errors="replace")
    except subprocess.TimeoutExpired:
        kill_group(proc)
        out, _ = proc.communicate()
        return None, out.decode("utf-8", errors="replace")


def plog_error(log_dir):
    """The first [ERROR] line of the program's aclcpu log, without its prefix."""
    for root, _, files in os.walk(log_dir):
        for name in sorted(files):
            try:
                with open(os.path.join(root, name), encoding="utf-8", errors="replace") as f:
                    for line in f:
                        if line.startswith("[ERROR]"):
                            return re.sub(r"^\[ERROR\] \S+\(\d+,[^)]*\):\S+ ", "", line.strip())
            except OSError:
                pass
    return ""


def plog_errors(log_dir):
    """Every [ERROR] line of the program's aclcpu log, in file order."""
    lines = []
    for root, _, files in os.walk(log_dir):
        for name in sorted(files):
            try:
                with open(os.path.join(root, name), encoding="utf-8", errors="replace") as f:
                    lines += [line for line in f if line.startswith("[ERROR]")]
            except OSError:
                pass
    return lines


def sweep_one(prog, root, env, timeout, include_dirs, extra):
    start = time.monotonic()
    wd = os.path.join(root, prog.repo.replace("/", "+"), os.path.dirname(prog.path))
    src = os.path.join(wd, os.path.basename(prog.path))
    out_name = ("test_geir_" if prog.graph else "test_aclnn_") + re.sub(r"^test_(aclnn|geir)_", "", prog.name)
    with open(src, encoding="utf-8", errors="replace") as f:
        src_text = f.read()
    rc, cout = run_limited(compile_line(prog.repo, prog, env, out_name, extra), wd, env, 600)
    if rc is None:
        prog.result, prog.reason = "compile", "the compiler ran past 600 s"
    elif rc != 0:
        missing = MISSING_FILE.search(cout)
        standin = STANDIN.search(cout)
        ge_lib = re.search(r"cannot find -l(graph|ge_runner|graph_base|ge_compiler)\b", cout)
        if prog.graph and ((missing and not re.match(r"aclnn", os.path.basename(missing.group(1)))) or ge_lib):
            prog.result, prog.reason = "graph", shorten(first_line(cout, r"fatal error|cannot find -l"))
        elif standin or (missing and re.match(r"(aclnnop/(level2/)?)?aclnn_[a-z0-9_]+\.h$", missing.group(1))
                         and not implemented_header(missing.group(1), env)):
            prog.result = "header"
            prog.reason = shorten(first_line(cout, r"#error|fatal error"))
            prog.missing = missing_operators(prog, src_text, include_dirs, cout)
        elif UNDECLARED_OP.search(cout):  # an installed header that declares some of CANN's operators, not this one
            prog.result = "header"
            prog.reason = shorten(first_line(cout, UNDECLARED_OP.pattern)) + " (the installed header lacks it)"
            prog.missing = sorted({m.group(1) for m in UNDECLARED_OP.finditer(cout)})
        elif COMPILER_ERROR.search(cout):
            prog.result, prog.reason = "compile", shorten(first_line(cout, COMPILER_ERROR.pattern))
        elif LINK_ERROR.search(cout):
            prog.result = "link"
            prog.reason = shorten(first_line(cout, r"undefined reference|cannot find -l")
                                  or first_line(cout, LINK_ERROR.pattern))
        else:
            prog.result, prog.reason = "compile", shorten(first_line(cout) or f"g++ exit status {rc}")
    else:
        run_env = dict(env)
        log_dir = os.path.join(wd, f"log.{prog.name}")
        shutil.rmtree(log_dir, ignore_errors=True)
        run_env["ASCEND_PROCESS_LOG_PATH"] = log_dir
        if prog.arch:
            run_env["ACLCPU_SOC_VERSION"] = ARCH_SOC[prog.arch]
        rc, rout = run_limited([f"./{out_name}"], wd, run_env, timeout)
        failed = [m for m in FAILED_STATUS.finditer(rout) if int(m.group(1)) != 0]
        if (rc is not None and (rc != 0 or failed) and not prog.arch and "ACLCPU_SOC_VERSION" not in env
                and not NOT_IMPLEMENTED.search(rout + "".join(plog_errors(log_dir)))):
            # A program of a plain examples/ folder that failed on the default product runs once more on Atlas A2
            # (RETRY_SOC): its operator may exist only there (an A2/A3-only kernel, an A2-only dtype), and the
            # repositories' documented example line builds for ascend910b. The report names such programs.
            first = shorten(first_line(rout, r"(?i)fail|error") or plog_error(log_dir) or f"exit status {rc}", 160)
            shutil.rmtree(log_dir, ignore_errors=True)
            retry_env = dict(run_env, ACLCPU_SOC_VERSION=RETRY_SOC)
            rc2, rout2 = run_limited([f"./{out_name}"], wd, retry_env, timeout)
            failed2 = [m for m in FAILED_STATUS.finditer(rout2) if int(m.group(1)) != 0]
            if rc2 == 0 and not failed2:
                rc, rout = rc2, rout2
                prog.product = f"{RETRY_SOC} (on the default Ascend950: {first})"
            else:
                shutil.rmtree(log_dir, ignore_errors=True)
                rc, rout = run_limited([f"./{out_name}"], wd, run_env, timeout)  # the default product's log back
        with open(os.path.join(wd, f"{out_name}.out"), "w", encoding="utf-8") as f:  # for --keep / --work
            f.write(rout)
        failed = [m for m in FAILED_STATUS.finditer(rout) if int(m.group(1)) != 0]
        log = plog_error(log_dir)
        refusal = None
        if rc is not None and (rc != 0 or failed):
            errors = plog_errors(log_dir)
            refusal = NOT_IMPLEMENTED.search(errors[0]) if errors else NOT_IMPLEMENTED.search(rout)
        if refusal:
            # Stopped at an operator aclcpu does not implement: its entry point refused the call, saying so.
            prog.result = "missing"
            prog.missing = [refusal.group(1)]
            prog.reason = shorten(f"{refusal.group(1)} ({refusal.group(2)}) refused: aclcpu does not implement it"
                                  + (f"; exit status {rc}" if rc else ""))
        elif rc is None:
            prog.result, prog.reason = "timeout", f"still running after {timeout:g} s"
        elif rc != 0 or failed:
            prog.result = "run-fail"
            line_start = rout.rfind("\n", 0, failed[0].start()) + 1 if failed else 0
            what = (first_line(rout[line_start:]) if failed else "") or first_line(rout, r"(?i)fail|error")
            if rc < 0:
                try:
                    status = f"killed by {signal.Signals(-rc).name}"
                except ValueError:
                    status = f"killed by signal {-rc}"
            else:
                status = f"exit status {rc}"
            parts = [status] + ([what] if what else []) + ([f"log: {log}"] if log else [])
            prog.reason = shorten("; ".join(parts), 320)
        else:
            prog.result = "ok"
            prog.log_error = log  # an ok program whose log has an [ERROR] line (a call it ignored)
            if not CALLED.search(src_text):
                prog.reason = "calls no aclnn operator"
        try:
            os.remove(os.path.join(wd, out_name))
        except OSError:
            pass
    prog.seconds = time.monotonic() - start
    return prog


def md_escape(text):
    return text.replace("|", "\\|").replace("`", "'")


def report(repos, programs, args, prefix, wall, heads):
    out = []
    out.append("# CANN example programs against aclcpu")
    out.append("")
    out.append(f"Install tree `{prefix}`; {len(programs)} programs; wall time {wall:.0f} s with --jobs {args.jobs}"
               + (f"; --only `{args.only}`" if args.only else "") + ".")
    if args.extra_flags:
        out.append(f"**Not CANN's documented line**: `{args.extra_flags}` appended to every g++ line (--extra-flags).")
    out.append("Each program is built unmodified with its repository's documented g++ line (`build.sh --run_example "
               "<op> eager`) and run once; **the values it prints are not checked** beyond the program's own "
               "status checks. `graph`: GE graph-mode programs (`test_geir_*`), which need GE (not part of aclcpu).")
    out.append("")
    for repo in repos:
        progs = [p for p in programs if p.repo == repo]
        out.append(f"## {repo} (HEAD {heads[repo][:12]})")
        out.append("")
        if not progs:
            out.append("No programs selected.")
            out.append("")
            continue
        out.append("| folder | examples | " + " | ".join(CLASSES) + " |")
        out.append("|---|" + "---:|" * (len(CLASSES) + 1))
        by_folder = collections.OrderedDict()
        for p in sorted(progs, key=lambda p: p.path):
            by_folder.setdefault(p.folder, []).append(p)
        total = collections.Counter()
        for folder, ps in by_folder.items():
            c = collections.Counter(p.result for p in ps)
            total.update(c)
            out.append(f"| {folder} | {len(ps)} | " + " | ".join(str(c[k]) for k in CLASSES) + " |")
        out.append(f"| **total** | **{len(progs)}** | " + " | ".join(f"**{total[k]}**" for k in CLASSES) + " |")
        out.append("")
        fails = [p for p in progs if p.result not in ("ok", "graph")]
        graphs = [p for p in progs if p.result == "graph"]
        if fails or graphs:
            out.append(f"### Failures ({len(fails)})")
            out.append("")
        for cls in CLASSES[1:-1]:
            for p in sorted((p for p in fails if p.result == cls), key=lambda p: p.path):
                out.append(f"- `{p.path}` **{cls}**: {md_escape(p.reason)}")
        if graphs:
            reasons = collections.Counter(re.sub(r"^\S+:\d+:\d+: ", "", p.reason) for p in graphs)
            common = "; ".join(f"{md_escape(r)} ({n})" for r, n in reasons.most_common(3))
            out.append(f"- {len(graphs)} GE graph-mode programs (`test_geir_*`, not listed): {common}")
        if fails or graphs:
            out.append("")
        retried = sorted((p for p in progs if p.result == "ok" and p.product), key=lambda p: p.path)
        if retried:
            out.append(f"ok on {RETRY_SOC} only ({len(retried)}; a plain examples/ folder's program that failed on the "
                       "default product Ascend950 and was run again on Atlas A2):")
            for p in retried:
                out.append(f"- `{p.path}`: {md_escape(p.product)}")
            out.append("")
        idle = sorted(p.path for p in progs if p.result == "ok" and p.reason)
        if idle:
            out.append(f"ok, but calling no aclnn operator ({len(idle)}): " + ", ".join(f"`{p}`" for p in idle))
            out.append("")
        logged = collections.defaultdict(list)
        for p in sorted(progs, key=lambda p: p.path):
            if p.result == "ok" and p.log_error:
                logged[p.log_error].append(p.path)
        if logged:
            out.append(f"ok, with an [ERROR] line in the aclcpu log (a failed call the program ignored; "
                       f"{sum(map(len, logged.values()))}):")
            for msg, paths in sorted(logged.items(), key=lambda kv: -len(kv[1])):
                out.append(f"- {md_escape(shorten(msg, 160))} ({len(paths)}): " + ", ".join(f"`{p}`" for p in paths))
            out.append("")
        demand = collections.Counter()
        for p in progs:
            if p.result in ("header", "missing"):
                demand.update(p.missing or ["(unknown)"])
        if demand:
            out.append("### Most-demanded missing operators")
            out.append("")
            out.append("Operators aclcpu does not implement that stop an example: at run time (`missing`: the "
                       "operator whose refusal stopped it) or at compile time (`header`).")
            out.append("")
            out.append("| operator | examples blocked |")
            out.append("|---|---:|")
            for op, n in sorted(demand.items(), key=lambda kv: (-kv[1], kv[0]))[: args.top]:
                out.append(f"| {op} | {n} |")
            out.append("")
            if any("\N{DAGGER}" in op for op in demand):
                out.append("\N{DAGGER} the install tree has no header of that name at all: neither CANN's op_api "
                           "headers nor the operators' documentation (cmake/cann_operator_headers.tsv) declare it.")
                out.append("")
    return "\n".join(out) + "\n"


def main(argv):
    ap = Parser(description="Build and run hicann/ops-nn and ops-math example programs against an aclcpu install.")
    ap.add_argument("--install", default=os.environ.get("ASCEND_HOME_PATH", ""),
                    help="the aclcpu install tree (default $ASCEND_HOME_PATH)")
    ap.add_argument("--repo", action="append", default=[], metavar="OWNER/NAME=GITDIR",
                    help="a repository and its git directory (bare mirrors do); repeatable")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--only", default="", metavar="REGEX",
                    help="programs whose '<owner/name>:<path>' matches (re.search)")
    ap.add_argument("--out", default="", metavar="FILE", help="write the report here (default stdout)")
    ap.add_argument("--timeout", type=float, default=30.0, help="seconds each program may run (default 30)")
    ap.add_argument("--top", type=int, default=25, help="rows of the missing-operator list (default 25)")
    ap.add_argument("--work", default="", help="scratch folder (default a temporary one, removed afterwards)")
    ap.add_argument("--keep", action="store_true", help="keep the scratch folder")
    ap.add_argument("--extra-flags", default="", metavar="FLAGS",
                    help="appended to every g++ line, written --extra-flags=... "
                         "(an experiment, not CANN's line; the report says so)")
    ap.add_argument("--skip-missing", action="store_true",
                    help="exit 77 (a skipped test) with one line when a --repo git directory does not exist")
    ap.add_argument("--require", type=int, default=-1, metavar="N",
                    help="exit 1 unless exactly N programs were selected and every one is ok (for tests)")
    args = ap.parse_args(argv)
    if args.jobs < 1:
        ap.error("--jobs must be at least 1")
    if args.timeout <= 0:
        ap.error("--timeout must be positive")
    if not args.repo:
        ap.error("no --repo OWNER/NAME=GITDIR given")
    try:
        only = re.compile(args.only) if args.only else None
    except re.error as e:
        ap.error(f"--only: bad regular expression: {e}")
    prefix = os.path.abspath(args.install) if args.install else ""
    if not prefix or not os.path.isfile(os.path.join(prefix, "lib64", "libascendcl.so")):
        ap.error(f"--install {args.install or '(unset)'}: not an aclcpu install tree (no lib64/libascendcl.so)")
    repos, dirs = [], {}
    for spec in args.repo:
        name, sep, gdir = spec.partition("=")
        if not sep or not re.match(r"^[\w.-]+/[\w.-]+$", name) or not gdir:
            ap.error(f"--repo {spec}: expected OWNER/NAME=GITDIR")
        if args.skip_missing and not os.path.exists(gdir):
            print(f"example_sweep.py: skipped: no git directory {gdir} for {name}")
            return 77
        r = subprocess.run(["git", "--git-dir", gdir, "rev-parse", "--verify", "HEAD"], capture_output=True, text=True)
        if r.returncode != 0:
            ap.error(f"--repo {spec}: {gdir} is not a git repository with a HEAD")
        repos.append(name)
        dirs[name] = gdir
    heads = {n: git(dirs[n], "rev-parse", "HEAD").strip() for n in repos}
    INSTALL_PREFIX[0] = prefix

    extra = shlex.split(args.extra_flags)
    start = time.monotonic()
    env = toolkit_env(prefix)
    include_dirs = [f"{env['ASCEND_HOME_PATH']}/include", f"{env['ASCEND_HOME_PATH']}/include/aclnnop",
                    f"{env['ASCEND_HOME_PATH']}/include/aclnn"]
    programs, extract_for = [], {}
    for name in repos:
        progs, op_api_dirs = list_programs(name, dirs[name])
        progs = [p for p in progs if not only or only.search(p.ident)]
        programs += progs
        extract_for[name] = extract_dirs(progs, op_api_dirs)
    root = os.path.abspath(args.work) if args.work else tempfile.mkdtemp(prefix="aclcpu-example-sweep-")
    os.makedirs(root, exist_ok=True)
    for name in repos:  # a kept --work folder: this run's extraction replaces the last one's
        shutil.rmtree(os.path.join(root, name.replace("/", "+")), ignore_errors=True)
    try:
        for name in repos:
            if extract_for[name]:
                extract(dirs[name], extract_for[name], os.path.join(root, name.replace("/", "+")))
        lock, done = threading.Lock(), [0]

        def task(p):
            try:
                sweep_one(p, root, env, args.timeout, include_dirs, extra)
            except Exception as e:  # noqa: BLE001 - one program's trouble is its result, not the tool's
                p.result, p.reason = "compile", f"sweep error: {type(e).__name__}: {e}"
            with lock:
                done[0] += 1
                print(f"[{done[0]}/{len(programs)}] {p.result:8} {p.ident} ({p.seconds:.1f} s)",
                      file=sys.stderr, flush=True)
            return p

        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            list(pool.map(task, programs))
    finally:
        if not args.keep and not args.work:
            shutil.rmtree(root, ignore_errors=True)
    wall = time.monotonic() - start
    text = report(repos, programs, args, prefix, wall, heads)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    if args.require >= 0:
        bad = [p for p in programs if p.result != "ok"]
        if len(programs) != args.require or bad:
            print(f"example_sweep.py: --require {args.require}: {len(programs)} selected, "
                  f"{len(bad)} not ok: " + ", ".join(f"{p.ident} ({p.result})" for p in bad), file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except KeyboardInterrupt:
        sys.exit(130)
