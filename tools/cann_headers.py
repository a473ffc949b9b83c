#!/usr/bin/env python3
"""Lists CANN's aclnn operator headers, the operators each declares and their declarations (a development tool).

    tools/cann_headers.py [--signatures cmake/cann_operator_signatures.tsv] \
        hicann/ops-nn=<git dir> hicann/ops-math=<git dir> > cmake/cann_operator_headers.tsv

Reads, at each repository's HEAD (experimental/ left out):
- every operator header `op_api/aclnn_<snake>.h` (also under `op_host/`): removes its comments and
  preprocessor lines and collects the functions it declares as `aclnnStatus aclnn<Name>(...);`;
- the headers CANN's build generates from an operator definition (no op_api header in the repository, e.g.
  aclnnop/aclnn_add_layer_norm.h): the prototype `aclnnStatus aclnn<Name>GetWorkspaceSize(...)` shown by the
  operator's documentation `docs/aclnn<Name>.md` (and its second phase, when shown; else the standard
  `aclnn<Name>(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream)`), for
  each operator no op_api header declares; the header's name is CANN's generated one, `aclnn_` + the name in
  snake case (`AddRmsNormCast` -> `aclnn_add_rms_norm_cast.h`, `BidirectionLSTMV2` -> `aclnn_bidirection_lstmv2.h`).
An operator is a function name without the `GetWorkspaceSize` suffix (its first phase).

stdout: one line per header file name - `aclnn_<snake>.h`, a tab, the operators in sorted order separated by
spaces (the union over every folder of every repository that has a header of that name) - after comment lines
naming each repository and the commit read.
--signatures FILE: one line per declared function - header, repository, the file it was read from, return
type, function name, parameters (`type name` with whitespace normalised, `T* name`, comma-separated) - one
row per (header, function), the first repository given and the first path in sort order winning. Facts about
the public sources (names and types), no text of them.

Both feed cmake/missing_op_headers.cmake (tools/unimplemented_ops.py), which declares every operator
aclcpu does not implement with entry points that refuse the call. Exit status 2 with one line for a path
that is not a git repository.
"""
import re
import subprocess
import sys

HEADER = re.compile(r"(?:^|/)op_api/(aclnn_[a-z0-9_]+\.h)$")
DOC = re.compile(r"(?:^|/)docs/aclnn[A-Za-z0-9_]*\.md$")
DECL = re.compile(r"\b(aclnnStatus)\s+(aclnn[A-Za-z0-9_]+)\s*\(([^;{}()]*)\)\s*;")
DOC_PROTO = re.compile(r"\baclnnStatus\s+(aclnn[A-Za-z0-9_]+)\s*\(([^;{}()]*)\)")
COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
PREPROC = re.compile(r"^[ \t]*#.*$", re.M)
PARAM = re.compile(r"^(?:const )?[A-Za-z_][A-Za-z0-9_]*(?: const)?\**(?: const)? [A-Za-z_][A-Za-z0-9_]*$")
SUFFIX = "GetWorkspaceSize"
SECOND_PHASE = "void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream"


def git(git_dir, *args):
    """Runs git on a bare or normal repository; returns stdout as text."""
    return subprocess.run(["git", "--git-dir", git_dir, *args], check=True, capture_output=True,
                          text=True, errors="replace").stdout


def operator_of(name):
    return name[: -len(SUFFIX)] if name.endswith(SUFFIX) else name


def snake(name):
    """CANN's generated header stem of an operator type: AddRmsNormCast -> add_rms_norm_cast."""
    s = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", name)
    return re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", s).lower()


def params(text):
    """Normalised parameter list ('const aclTensor* self, ...'), or None when a parameter is not `type name`."""
    text = " ".join(text.split())
    if text in ("", "void"):
        return ""
    out = []
    for p in text.split(","):
        p = re.sub(r"\s*(\*+)\s*", r"\1 ", " ".join(p.split())).strip()
        if not PARAM.match(p):
            return None
        out.append(p)
    return ", ".join(out)


def header_decls(text):
    """(return type, function, parameters) of the aclnnStatus functions a header declares."""
    text = PREPROC.sub(" ", COMMENT.sub(" ", text))
    out = []
    for ret, name, prm in DECL.findall(text):
        p = params(prm)
        if p is None:
            raise ValueError(f"unparsed parameters of {name}: {prm!r}")
        out.append((ret, name, p))
    return out


def main(argv):
    args = argv[1:]
    sig_path = None
    if args[:1] == ["--signatures"] and len(args) >= 2:
        sig_path, args = args[1], args[2:]
    if not args:
        print("usage: tools/cann_headers.py [--signatures FILE] <owner/name>=<git dir> [...] "
              "> cmake/cann_operator_headers.tsv", file=sys.stderr)
        return 2
    table, sources, rows = {}, [], {}
    declared = set()  # operators some op_api header declares (any repository)
    docs = []  # (repo, path, text) of the operator documentation, read after every header
    for arg in args:
        repo, _, git_dir = arg.rpartition("=")
        try:
            commit = git(git_dir, "rev-parse", "HEAD").strip()
        except (subprocess.CalledProcessError, FileNotFoundError):
            print(f"tools/cann_headers.py: {git_dir} is not a git repository", file=sys.stderr)
            return 2
        count = 0
        for path in sorted(git(git_dir, "ls-tree", "-r", "--name-only", "HEAD").splitlines()):
            if path.startswith("experimental/"):
                continue
            if DOC.search(path):
                docs.append((repo, git_dir, path))
                continue
            m = HEADER.search(path)
            if not m:
                continue
            count += 1
            decls = header_decls(git(git_dir, "show", f"HEAD:{path}"))
            table.setdefault(m.group(1), set()).update(operator_of(n) for _, n, _ in decls)
            for ret, name, prm in decls:
                declared.add(operator_of(name))
                rows.setdefault((m.group(1), name), (repo, path, ret, prm))
        sources.append([repo or git_dir, commit, count, 0])
    # The generated headers: documented operators that no op_api header declares.
    unparsed = []
    for repo, git_dir, path in docs:
        text = git(git_dir, "show", f"HEAD:{path}")
        protos = {name: prm for name, prm in DOC_PROTO.findall(text)}
        for name, prm in protos.items():
            if not name.endswith(SUFFIX) or operator_of(name) in declared:
                continue
            op = operator_of(name)
            header = f"aclnn_{snake(op[len('aclnn'):])}.h"
            if header in table and op not in table[header]:
                continue  # CANN's header of that name declares other operators: not this one's
            first = params(prm)
            second = params(protos[op]) if op in protos else SECOND_PHASE
            if first is None or second is None:
                unparsed.append(f"{path}: {name}")
                continue
            if (header, name) in rows:
                continue
            table.setdefault(header, set()).add(op)
            rows[(header, name)] = (repo, path, "aclnnStatus", first)
            rows[(header, op)] = (repo, path, "aclnnStatus", second)
            for s in sources:
                if s[0] == repo:
                    s[3] += 1
    for u in unparsed:
        print(f"tools/cann_headers.py: prototype not parsed, left out: {u}", file=sys.stderr)
    src_lines = [f"# {r} at {c}: {n} operator header files, {d} operators from docs/aclnn*.md" for r, c, n, d in sources]
    out = sys.stdout
    out.write("# CANN's aclnn operator headers (aclnnop/<file>) and the operators each declares, by name.\n")
    out.write("# Generated by tools/cann_headers.py from the public sources below; regenerate, do not edit.\n")
    out.write("\n".join(src_lines) + "\n")
    out.write("# <header file>\\t<operators, space-separated>\n")
    for name in sorted(table):
        out.write(f"{name}\t{' '.join(sorted(table[name]))}\n")
    if sig_path:
        with open(sig_path, "w") as f:
            f.write("# CANN's aclnn operator functions, one declaration a line (names and types: facts of the public\n")
            f.write("# sources below). Generated by tools/cann_headers.py; regenerate, do not edit.\n")
            f.write("\n".join(src_lines) + "\n")
            f.write("# <header file>\\t<repository>\\t<read from>\\t<return type>\\t<function>\\t<parameters>\n")
            for (header, name), (repo, path, ret, prm) in sorted(rows.items()):
                f.write(f"{header}\t{repo}\t{path}\t{ret}\t{name}\t{prm}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
