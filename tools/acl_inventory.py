#!/usr/bin/env python3
"""Recount the ACL names used by the host code of hicann/ops-nn's examples.

Usage:
    tools/acl_inventory.py OPS_NN_DIR [--include OUR_INCLUDE_DIR]
                           [--cann-include DIR ...] [--format md|tsv]

OPS_NN_DIR is a local checkout (or extracted archive) of the public
hicann/ops-nn repository; nothing from it is copied, only names are counted.

What is counted: every file with extension .cpp/.cc/.c/.cxx/.h/.hpp/.asc below
a directory named `examples` or `example`. Comments, string literals and
character literals are removed first, then every identifier that starts with
`acl` (functions and types: aclrtMalloc, aclTensor, aclnnInit ...) or `ACL_`
(constants and enumerators: ACL_SUCCESS, ACL_FLOAT16 ...) is counted.
Operator entry points (`aclnn<Op>`, `aclnn<Op>GetWorkspaceSize`) are reported
separately: they are operators, not runtime/nnopbase API. An `aclnn*` name is
treated as base API when it is declared in one of --cann-include directories
(e.g. opbase's include/ and runtime's include/) or our own include/.

Per name the output gives: occurrences, number of files using it, and whether
OUR_INCLUDE_DIR (default: ./include next to this script's repository) declares
it (the name appears as an identifier outside comments in a header there).
With --cann-include [LABEL=]DIR (repeatable), two further columns give the kind
(function, type, constant; `not CANN` when no given header declares the name:
the example's own helpers) and the first header that declares it, as
`LABEL: path relative to DIR` (the include path a program writes).

Exit status: 0 on success, 2 on bad arguments or a missing directory.
"""
import argparse
import collections
import os
import re
import sys

SRC_EXT = {".cpp", ".cc", ".c", ".cxx", ".h", ".hpp", ".asc"}
HDR_EXT = {".h", ".hpp", ".hh", ".inc"}
NAME_RE = re.compile(r"\b(?:acl[A-Za-z0-9_]*|ACL_[A-Z0-9_]+)\b")


def strip_code(text):
    """Return text with // and /* */ comments and "..." / '...' literals blanked."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        nxt = text[i + 1] if i + 1 < n else ""
        if c == "/" and nxt == "/":
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif c == "/" and nxt == "*":
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
            out.append(" ")
        elif c == '"' or (c == "'" and not (i > 0 and text[i - 1].isalnum())):
            # a quote after a digit or letter is a C++14 digit separator (0b0010'0010), not a literal
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            out.append(" ")
        else:
            out.append(c)
            i += 1
    return "".join(out)


INCLUDE_RE = re.compile(r"^[ \t]*#[ \t]*include[^\n]*", re.M)


def example_files(root):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d != ".git"]
        parts = os.path.relpath(dirpath, root).split(os.sep)
        if "examples" not in parts and "example" not in parts:
            continue
        for f in filenames:
            if os.path.splitext(f)[1] in SRC_EXT:
                yield os.path.join(dirpath, f)


def header_names(root, kinds=None):
    """Map each acl*/ACL_* identifier declared in headers under root -> first header path.

    With a dict `kinds`, also records per name `function` (followed by an opening parenthesis),
    `type` (named by typedef/struct/enum) or `constant` (anything else: macros, enumerators)."""
    found = {}
    if not root or not os.path.isdir(root):
        return found
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        for f in sorted(filenames):
            if os.path.splitext(f)[1] not in HDR_EXT:
                continue
            p = os.path.join(dirpath, f)
            with open(p, encoding="utf-8", errors="replace") as fh:
                text = INCLUDE_RE.sub("", strip_code(fh.read()))
                for name in NAME_RE.findall(text):
                    found.setdefault(name, os.path.relpath(p, root))
                if kinds is not None:
                    for m in re.finditer(r"\b(acl[A-Za-z0-9_]*)\s*\(", text):
                        kinds.setdefault(m.group(1), "function")
                    for m in re.finditer(r"\b(acl[A-Za-z0-9_]*)\s*;", text):
                        kinds.setdefault(m.group(1), "type")
                    for m in re.finditer(r"\b(?:struct|enum)\s+(acl[A-Za-z0-9_]*)", text):
                        kinds.setdefault(m.group(1), "type")
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("ops_nn")
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--include", default=os.path.join(here, "..", "include"))
    ap.add_argument("--cann-include", action="append", default=[],
                    help="[LABEL=]DIR of CANN headers as installed (DIR/acl/acl_rt.h ...); repeatable")
    ap.add_argument("--format", choices=["md", "tsv"], default="md")
    a = ap.parse_args()
    if not os.path.isdir(a.ops_nn):
        print(f"not a directory: {a.ops_nn}", file=sys.stderr)
        return 2

    occ = collections.Counter()
    files = collections.Counter()
    nfiles = 0
    for p in example_files(a.ops_nn):
        nfiles += 1
        with open(p, encoding="utf-8", errors="replace") as fh:
            names = NAME_RE.findall(INCLUDE_RE.sub("", strip_code(fh.read())))
        occ.update(names)
        files.update(set(names))

    ours = header_names(a.include)
    cann = {}
    kinds = {}
    for spec in a.cann_include:
        label, _, d = spec.rpartition("=")
        if not os.path.isdir(d):
            print(f"not a directory: {d}", file=sys.stderr)
            return 2
        for k, v in header_names(d, kinds).items():
            cann.setdefault(k, f"{label}: {v}" if label else v)

    def is_operator(name):
        """aclnn<Xxx> names that are not base API: operator entry points (aclnn<Op>,
        aclnn<Op>GetWorkspaceSize), helpers of operator packages, and the examples' own aclnn<Xxx>Test
        functions. With --cann-include, base API = declared there; without, the two-phase rule."""
        if not (name.startswith("aclnn") and len(name) > 5 and name[5].isupper()):
            return False
        if a.cann_include:
            return name not in cann
        if name.endswith("GetWorkspaceSize"):
            return True
        return (name + "GetWorkspaceSize") in occ or (name + "GetWorkspaceSize") in ours

    api = [k for k in occ if not is_operator(k)]
    ops = [k for k in occ if is_operator(k)]
    api.sort(key=lambda k: (-occ[k], k))
    sep = "\t" if a.format == "tsv" else " | "
    pre, post = ("", "") if a.format == "tsv" else ("| ", " |")
    print(f"# example files scanned: {nfiles}; API names: {len(api)}; "
          f"operator entry names: {len(ops)} ({sum(occ[k] for k in ops)} uses)")
    hdr = ["rank", "name", "uses", "files", "declared by ours"]
    if a.cann_include:
        hdr += ["kind", "CANN header"]
    print(pre + sep.join(hdr) + post)
    if a.format == "md":
        print("|" + "---|" * len(hdr))
    for i, k in enumerate(api, 1):
        row = [str(i), k, str(occ[k]), str(files[k]), "yes" if k in ours else "no"]
        if a.cann_include:
            if k in cann:
                kind = kinds.get(k, "constant" if k.startswith("ACL_") else "type")
            else:
                kind = "not CANN"
            row += [kind, cann.get(k, "-")]
        print(pre + sep.join(row) + post)
    return 0


if __name__ == "__main__":
    sys.exit(main())
