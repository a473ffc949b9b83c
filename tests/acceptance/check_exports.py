#!/usr/bin/env python3
"""Every dynamic symbol a shared library defines is public C API or a declared cross-library function.

    check_exports.py <exported_symbols.txt> <exports.h>[:<exports.h>...] <include dir>[:<include dir>...] <lib.so>...

Public: the glob patterns of exported_symbols.txt. Internal: the functions declared ACLCPU_LIB_API in
src/common/exports.h and the generated common/op_row_exports.h it includes (matched by qualified name,
demangled). Fails (exit 1)
listing every other symbol the libraries define (nm -D --defined-only), and every function the public
headers declare (ACL_FUNC_VISIBILITY / ACLNN_API / RTS_API) that no library exports. The include dirs: the
source tree's include/ and the generated operator headers (<build>/generated/include, tools/opgen/gen_ops.py).
"""
import glob
import os
import fnmatch
import re
import subprocess
import sys


def main():
    patterns_file, exports_h, include_dir, libs = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    declared = set()
    headers = [h for d in include_dir.split(os.pathsep) for h in glob.glob(os.path.join(d, "**", "*.h"), recursive=True)]
    for h in headers:
        text = re.sub(r"\s+", " ", open(h).read())
        declared.update(re.findall(r"\b(?:ACL_FUNC_VISIBILITY|ACLNN_API|RTS_API) [^;(]*?\b(\w+)\(", text))
    declared = {d for d in declared if not d.startswith("__")}  # the macros' own definitions
    patterns = [ln.strip() for ln in open(patterns_file) if ln.strip() and not ln.startswith("#")]
    # Internal functions: "ACLCPU_LIB_API <type> Name(" in exports.h, qualified with its namespaces.
    internal = set()
    ns = []
    lines = [line for path in exports_h.split(os.pathsep) for line in open(path)]
    for line in lines:
        m = re.match(r"\s*namespace (\w+) \{", line)
        if m:
            ns.append(m.group(1))
            continue
        if re.match(r"\s*\}\s*//\s*namespace", line):
            ns.pop()
            continue
        m = re.match(r"\s*ACLCPU_LIB_API\b.*?\b(\w+)\(", line)
        if m:
            internal.add("::".join(ns + [m.group(1)]))
    if not internal:
        print("no ACLCPU_LIB_API declarations found in", exports_h)
        return 1
    bad = []
    seen_public = 0
    exported = set()
    for lib in libs:
        out = subprocess.run(["nm", "-D", "--defined-only", lib], capture_output=True, text=True, check=True).stdout
        raw = [ln.split()[-1] for ln in out.splitlines() if ln.strip()]
        dem = subprocess.run(["c++filt"], input="\n".join(raw), capture_output=True, text=True, check=True).stdout
        for r, d in zip(raw, dem.splitlines()):
            r = r.split("@")[0]
            if any(fnmatch.fnmatchcase(r, p) for p in patterns):
                seen_public += 1
                exported.add(r)
                continue
            qual = re.sub(r"\[abi:\w+\]", "", d.split("(")[0])
            if qual in internal:
                continue
            bad.append(f"{lib}: {d}")
    if bad:
        print("symbols exported that are neither public API (%s) nor declared in %s:" % (patterns_file, exports_h))
        print("\n".join("  " + b for b in bad))
        return 1
    missing = sorted(declared - exported)
    if missing:
        print("public functions declared in %s but exported by no library:" % include_dir)
        print("\n".join("  " + m for m in missing))
        return 1
    if len(declared) < 40:
        print(f"only {len(declared)} public declarations found in {include_dir}: header parsing broken?")
        return 1
    print(f"{len(libs)} libraries: {seen_public} public symbols ({len(declared)} declared, all exported), "
          f"internal ones only from the {len(internal)} declared in {exports_h}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
