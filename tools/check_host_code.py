#!/usr/bin/env python3
"""Compile the host code of hicann/ops-nn's aclnn examples against our headers (issue 15's goal).

Usage:
    tools/check_host_code.py OPS_NN_DIR [--include OUR_INCLUDE_DIR] [--jobs N] [--list]

OPS_NN_DIR is a local checkout (or extracted archive) of the public hicann/ops-nn repository; nothing from
it is copied or kept. Every C++ file below a folder named `examples` is compiled with
`g++ -std=c++17 -fsyntax-only` against OUR_INCLUDE_DIR (default: include/ of this repository) and its
aclnnop/ folder (CANN's sample builds put both on the include path), except the
graph-engine examples (files including `ge_api.h`: the graph/model API is deliberately absent, docs/runtime.md
"What is deliberately absent (runtime)").

Operators we do not implement are set aside: for each `aclnnop/aclnn_<op>.h` that OUR_INCLUDE_DIR lacks,
a stand-in header of that name (including only aclnn/aclnn_base.h and aclnnop/aclnn_util.h, as CANN's
operator headers do) is put in a scratch folder on the include path, and an undeclared name of the
form `aclnn<Op>` / `aclnn<Op>GetWorkspaceSize` (an operator entry point) then counts as "operator". Every
other undeclared `acl*`/`ACL_*` name is a gap in the base API and fails the check. Errors that name no acl
identifier (types or enums an operator header would have declared) are counted as "operator header".

Output: per file class the counts, then each undeclared base-API name with the files using it (names that no
--cann-include header declares either are listed apart: the example calls something CANN does not have).
Exit status: 0 when no base-API name of CANN is undeclared, 1 otherwise, 2 on bad arguments.
"""
import argparse
import collections
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile

UNDECLARED = re.compile(r"error: '([A-Za-z_][A-Za-z0-9_]*)' (?:was not declared in this scope|has not been declared|"
                        r"does not name a type|is not a member of|was not declared)")
ACL_NAME = re.compile(r"^(?:acl[A-Za-z0-9_]*|ACL_[A-Z0-9_]+)$")
OPERATOR = re.compile(r"^aclnn(?!Init$|Finalize$)[A-Z][A-Za-z0-9]*$")


def examples(root):
    for dirpath, _, files in os.walk(root):
        parts = dirpath.split(os.sep)
        if "examples" not in parts and "example" not in parts:
            continue
        for f in files:
            if f.endswith((".cpp", ".cc", ".cxx")):
                yield os.path.join(dirpath, f)


def compile_one(path, includes):
    cmd = ["g++", "-std=c++17", "-fsyntax-only", "-w", "-fmax-errors=0"]
    for inc in includes:
        cmd += ["-I", inc]
    cmd += ["-I", os.path.dirname(path), path]
    r = subprocess.run(cmd, capture_output=True, text=True, env=dict(os.environ, LC_ALL="C"))
    return path, r.returncode, r.stderr


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("ops_nn_dir")
    ap.add_argument("--include", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "include"))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--list", action="store_true", help="print every file that does not compile and why")
    ap.add_argument("--cann-include", action="append", default=[], metavar="DIR",
                    help="CANN's own headers (e.g. hicann/opbase include/, hicann/runtime include/): an undeclared "
                         "name that none of them declares either is reported as 'not CANN API', not as our gap")
    args = ap.parse_args()
    if not os.path.isdir(args.ops_nn_dir) or not os.path.isdir(args.include):
        print("no such directory:", args.ops_nn_dir if not os.path.isdir(args.ops_nn_dir) else args.include)
        return 2

    files, graph = [], 0
    op_headers = set()
    for f in sorted(examples(args.ops_nn_dir)):
        text = open(f, errors="replace").read()
        if re.search(r'#include\s*[<"][^>"]*ge_api\.h[>"]', text):
            graph += 1
            continue
        files.append(f)
        op_headers.update(re.findall(r'#include\s*[<"](aclnnop/[A-Za-z0-9_]+\.h)[>"]', text))
        # CANN's sample builds also put include/aclnnop on the path: `#include "aclnn_<op>.h"`
        op_headers.update("aclnnop/" + h for h in re.findall(r'#include\s*[<"](aclnn_[A-Za-z0-9_]+\.h)[>"]', text))

    with tempfile.TemporaryDirectory() as scratch:
        stubbed = 0
        for h in sorted(op_headers):
            if not os.path.exists(os.path.join(args.include, h)):
                os.makedirs(os.path.join(scratch, os.path.dirname(h)), exist_ok=True)
                with open(os.path.join(scratch, h), "w") as out:  # what every CANN operator header includes
                    out.write('#pragma once\n#include "aclnn/aclnn_base.h"\n#include "aclnnop/aclnn_util.h"\n')
                stubbed += 1
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            paths = [args.include, os.path.join(args.include, "aclnnop"), scratch, os.path.join(scratch, "aclnnop")]
            results = list(pool.map(lambda f: compile_one(f, paths), files))

    clean = 0
    operator_only = 0
    base = collections.defaultdict(set)
    other = 0
    for path, rc, err in results:
        if rc == 0:
            clean += 1
            continue
        names = set(UNDECLARED.findall(err))
        gaps = {n for n in names if ACL_NAME.match(n) and not OPERATOR.match(n)}
        for n in gaps:
            base[n].add(os.path.relpath(path, args.ops_nn_dir))
        if gaps:
            pass
        elif names and all(OPERATOR.match(n) or not ACL_NAME.match(n) for n in names):
            operator_only += 1
        else:
            other += 1
        if args.list:
            print(f"--- {os.path.relpath(path, args.ops_nn_dir)}")
            print("\n".join(ln for ln in err.splitlines() if "error:" in ln)[:2000])

    print(f"{len(files)} aclnn example files compiled ({graph} graph-engine examples set aside); "
          f"{len(op_headers)} operator headers included, {stubbed} of them not ours (empty stand-ins)")
    print(f"  compile as they are:                      {clean}")
    print(f"  fail only on operators we do not implement: {operator_only}")
    print(f"  fail on something else (no acl name):     {other}")
    cann_text = ""
    for d in args.cann_include:
        for dirpath, _, fs in os.walk(d):
            cann_text += "".join(open(os.path.join(dirpath, f), errors="replace").read()
                                 for f in fs if f.endswith((".h", ".hpp")))
    not_cann = {n for n in base if args.cann_include and not re.search(r"\b%s\b" % re.escape(n), cann_text)}
    gaps = {n: fs for n, fs in base.items() if n not in not_cann}
    print(f"  fail on an undeclared base-API name:      {len(set().union(*gaps.values())) if gaps else 0}")
    for n in sorted(gaps):
        print(f"    {n}: {len(gaps[n])} files, e.g. {sorted(gaps[n])[0]}")
    for n in sorted(not_cann):
        print(f"  not CANN API (no given CANN header declares it): {n}, {len(base[n])} files, "
              f"e.g. {sorted(base[n])[0]}")
    return 1 if gaps else 0


if __name__ == "__main__":
    sys.exit(main())
