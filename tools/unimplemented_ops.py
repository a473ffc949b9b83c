#!/usr/bin/env python3
"""Declares every CANN operator aclcpu does not implement, with entry points that refuse the call (build step).

    tools/unimplemented_ops.py --headers cmake/cann_operator_headers.tsv
        --signatures cmake/cann_operator_signatures.tsv --implemented <include dir>[:<include dir>...]
        --public <source include dir> --out <dir>

Run by cmake/missing_op_headers.cmake at configure time, after tools/opgen/gen_ops.py has written the operator
table's headers. What aclcpu implements is read from the headers themselves (every
`aclnn<Name>GetWorkspaceSize(` of <include dir>/aclnnop/*.h: the hand-written ones and the generated ones),
never from a list. For every header of cmake/cann_operator_headers.tsv that the include dirs lack it writes
<out>/include/aclnnop/<file> (and aclnnop/level2/<file>, CANN's older layout, where the include dirs lack
that one) with CANN's declarations (cmake/cann_operator_signatures.tsv) of the operators aclcpu does not
implement, and an #include of aclcpu's header for each operator it declares there; a header all of whose
operators aclcpu declares in another header only forwards to it (aclnn_log_softmax.h -> aclnn_logsoftmax.h).
The entry points, in <out>/src/unimplemented_ops_nn.cpp (hicann/ops-nn: libopapi_nn) and
unimplemented_ops_math.cpp (hicann/ops-math: libopapi_math): each first and second phase returns 161002
(ACLNN_ERR_PARAM_INVALID) through aclcpu::Fail with "aclcpu does not implement aclnnXxx (CANN's
aclnnop/aclnn_xxx.h); ..." for aclGetRecentErrMsg.
A header whose declarations use a type that aclcpu's public headers (include/aclnn/*.h, include/acl/acl_base.h)
do not declare is written as before: an #error naming its operators, no entry points.
<out>/unimplemented_ops.tsv lists each operator so declared (operator, header, library), the #error headers,
and the operators of CANN's headers that aclcpu implements only in part (its header, installed as it is,
lacks them). Files are rewritten only when their text changes (no needless rebuilds). Exit status 1 with a
message on a malformed table.
"""
import argparse
import glob
import os
import re
import sys
import textwrap

BUILTIN = {"void", "bool", "char", "int", "float", "double", "size_t", "int8_t", "int16_t", "int32_t",
           "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t", "unsigned", "long", "short", "signed"}
LIBS = {"hicann/ops-nn": "nn", "hicann/ops-math": "math"}
SUFFIX = "GetWorkspaceSize"


def write(path, text):
    """Writes text to path unless the file already holds it."""
    try:
        if open(path).read() == text:
            return
    except OSError:
        pass
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def public_types(include):
    """Type names aclcpu's public headers declare (typedef names, struct/enum tags)."""
    names = set(BUILTIN)
    for h in glob.glob(os.path.join(include, "aclnn", "*.h")) + [os.path.join(include, "acl", "acl_base.h")]:
        text = re.sub(r"/\*.*?\*/|//[^\n]*", " ", open(h).read(), flags=re.S)
        names.update(re.findall(r"\btypedef\b[^;{]*?\b(\w+)\s*;", text))
        names.update(re.findall(r"\}\s*(\w+)\s*;", text))
        names.update(re.findall(r"\b(?:struct|enum)\s+(\w+)", text))
    return names


def param_types(params):
    """The type names a normalised parameter list uses."""
    out = set()
    for p in filter(None, params.split(", ")):
        words = re.sub(r"\*", " ", p).split()[:-1]  # the last word is the parameter's name
        out.update(w for w in words if w != "const")
    return out


def wrap(head, params, width=110):
    """head + params + ')', the parameters wrapped under the first one at width columns."""
    lines, cur = [], head
    for i, p in enumerate(filter(None, params.split(", "))):
        piece = p + ("," if i < len(list(filter(None, params.split(", ")))) - 1 else "")
        if cur != head and not cur.endswith("(") and len(cur) + 1 + len(piece) > width:
            lines.append(cur)
            cur = " " * len(head) + piece
        else:
            cur += ("" if cur.endswith("(") else " ") + piece
    return "\n".join(lines + [cur]) + ")"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--headers", required=True)
    ap.add_argument("--signatures", required=True)
    ap.add_argument("--implemented", required=True)
    ap.add_argument("--public", required=True)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()

    # What aclcpu implements: the operators its headers declare, and which header declares each.
    have, have_l2, impl = set(), set(), {}
    for inc in a.implemented.split(os.pathsep):
        for h in sorted(glob.glob(os.path.join(inc, "aclnnop", "*.h"))):
            have.add(os.path.basename(h))
            for op in re.findall(r"\b(aclnn\w+?)GetWorkspaceSize\s*\(", open(h).read()):
                impl.setdefault(op, os.path.basename(h))
        have_l2.update(os.path.basename(h) for h in glob.glob(os.path.join(inc, "aclnnop", "level2", "*.h")))

    sources, headers = [], {}
    for line in open(a.headers):
        m = re.match(r"# (\S+) at ([0-9a-f]{40}):", line)
        if m:
            sources.append(f"{m.group(1)} at {m.group(2)[:12]}")
        elif not line.startswith("#") and "\t" in line:
            f, ops = line.rstrip("\n").split("\t")
            if ops:
                headers[f] = ops.split()
    sigs = {}  # header -> [(repo, path, ret, name, params)]
    for line in open(a.signatures):
        if line.startswith("#") or not line.strip():
            continue
        cols = line.rstrip("\n").split("\t")
        if len(cols) != 6 or cols[1] not in LIBS:
            print(f"tools/unimplemented_ops.py: {a.signatures}: malformed line: {line.strip()}", file=sys.stderr)
            return 1
        sigs.setdefault(cols[0], []).append(tuple(cols[1:]))
    if not headers or not sigs or not impl:
        print("tools/unimplemented_ops.py: no headers, signatures or implemented operators read", file=sys.stderr)
        return 1
    known = public_types(a.public)
    source_text = ", ".join(sources)

    listing = ["# Generated by tools/unimplemented_ops.py (cmake/missing_op_headers.cmake): the CANN operators aclcpu",
               "# declares with refusing entry points (operator, header, library), the headers left as an #error",
               "# (a type aclcpu's public headers lack), and operators of partly implemented headers.",
               "# declared\\t<operator>\\t<header>\\t<library> | error\\t<operators>\\t<header>\\t<missing types>"
               " | partial\\t<operator>\\t<header>\\t-"]
    defs = {"nn": [], "math": []}
    lib_headers = {"nn": [], "math": []}
    written = set()
    for f in sorted(headers):
        ops = headers[f]
        if f in have:
            for op in ops:
                if op not in impl:
                    listing.append(f"partial\t{op}\t{f}\t-")
            continue
        rows = [r for r in sigs.get(f, []) if (r[3][:-len(SUFFIX)] if r[3].endswith(SUFFIX) else r[3]) not in impl]
        missing_ops = sorted(op for op in ops if op not in impl)
        forwards = sorted({impl[op] for op in ops if op in impl})
        guard = "ACLCPU_UNIMPLEMENTED_" + re.sub(r"\W", "_", f).upper() + "_"
        if not missing_ops:
            text = (f"/*\n * aclnnop/{f}: generated by tools/unimplemented_ops.py from\n"
                    f" * cmake/cann_operator_headers.tsv ({source_text}). CANN declares\n"
                    f" * {', '.join(ops)} here; aclcpu declares them in aclnnop/{', aclnnop/'.join(forwards)},"
                    f" which this header includes.\n */\n#ifndef {guard}\n#define {guard}\n\n"
                    + "".join(f'#include "aclnnop/{t}"\n' for t in forwards) + f"\n#endif /* {guard} */\n")
            write(os.path.join(a.out, "include", "aclnnop", f), text)
            written.add(f)
            continue
        declared = {r[3][:-len(SUFFIX)] if r[3].endswith(SUFFIX) else r[3] for r in rows}
        lacking = sorted(set().union(*(param_types(r[4]) for r in rows)) - known) if rows else []
        if set(missing_ops) - declared or lacking:
            why = (f"its declarations use {', '.join(lacking)}, which aclcpu's public headers do not declare" if lacking
                   else "cmake/cann_operator_signatures.tsv has no declaration of "
                   + ", ".join(sorted(set(missing_ops) - declared)))
            listing.append(f"error\t{' '.join(missing_ops)}\t{f}\t{' '.join(lacking) or '-'}")
            text = (f"/*\n * aclnnop/{f}: generated by tools/unimplemented_ops.py from\n"
                    f" * cmake/cann_operator_headers.tsv ({source_text}).\n"
                    f" * aclcpu does not implement the operators CANN declares here and cannot declare them ({why});\n"
                    f" * this header only stops the compilation with a message that says so.\n */\n"
                    f"#error \"aclcpu does not implement {', '.join(missing_ops)} (CANN's aclnnop/{f}): see the operator "
                    f"list in aclcpu's README.md\"\n"
                    "/* A missing include is fatal in GCC and Clang: the compilation stops here, after the message. */\n"
                    f"#include \"aclcpu_stops_here_{f[:-2]}_is_not_implemented.h\"\n")
            write(os.path.join(a.out, "include", "aclnnop", f), text)
            written.add(f)
            continue
        origin = sorted({f"{r[0]} {r[1]}" for r in rows})
        libs = sorted({LIBS[r[0]] for r in rows})
        text = [f"/*\n * aclnnop/{f}: generated by tools/unimplemented_ops.py from\n"
                + "".join(f" * {l}\n" for l in textwrap.wrap(
                    f"cmake/cann_operator_signatures.tsv: CANN's declarations ({'; '.join(origin)}; {source_text}).",
                    108))
                + "".join(f" * {l}\n" for l in textwrap.wrap(
                    f"aclcpu does not implement {', '.join(missing_ops)}. A program calling "
                    f"{'them' if len(missing_ops) > 1 else 'it'} compiles and links "
                    f"(lib{' and lib'.join('opapi_' + x for x in libs)}), but every entry point refuses the call: "
                    f"the first phase and the second phase return 161002 (ACLNN_ERR_PARAM_INVALID), writing nothing "
                    f"else, with a message in aclGetRecentErrMsg that names the operator and this header and says "
                    f"that aclcpu does not implement it.", 108))]
        if forwards:
            text.append(f" * The others CANN declares here aclcpu implements: see aclnnop/{', aclnnop/'.join(forwards)}, included.\n")
        text.append(f" * Compiles as C++11 and C11.\n */\n#ifndef {guard}\n#define {guard}\n\n"
                    "#include \"aclnn/aclnn_base.h\"\n#include \"aclnnop/aclnn_util.h\"\n")
        text.extend(f'#include "aclnnop/{t}"\n' for t in forwards)
        text.append("\n#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n")
        rows.sort(key=lambda r: (r[3][:-len(SUFFIX)] if r[3].endswith(SUFFIX) else r[3], not r[3].endswith(SUFFIX)))
        for repo, path, ret, name, params in rows:
            text.append(wrap(f"ACLNN_API {ret} {name}(", params) + ";\n")
            second = not name.endswith(SUFFIX) and any(r[3] == name + SUFFIX for r in rows)
            if not name.endswith(SUFFIX):
                listing.append(f"declared\t{name}\t{f}\topapi_{LIBS[repo]}")
            defs[LIBS[repo]].append((ret, name, params, f, second))
        text.append(f"\n#ifdef __cplusplus\n}}\n#endif\n\n#endif /* {guard} */\n")
        write(os.path.join(a.out, "include", "aclnnop", f), "".join(text))
        written.add(f)
        for lib in libs:
            lib_headers[lib].append(f)
    for f in sorted(written - have_l2):
        g = "ACLCPU_UNIMPLEMENTED_LEVEL2_" + re.sub(r"\W", "_", f).upper() + "_"
        write(os.path.join(a.out, "include", "aclnnop", "level2", f),
              f"/*\n * aclnnop/level2/{f}: generated by tools/unimplemented_ops.py - CANN's older layout of the\n"
              f" * operator headers; declares nothing itself: see ../{f}.\n */\n"
              f"#ifndef {g}\n#define {g}\n\n#include \"../{f}\"\n\n#endif /* {g} */\n")
    # Remove the headers of an earlier run that are no longer written (an operator implemented since).
    for d in ("aclnnop", os.path.join("aclnnop", "level2")):
        for h in glob.glob(os.path.join(a.out, "include", d, "*.h")):
            if os.path.basename(h) not in written:
                os.remove(h)
    for lib, name in (("nn", "libopapi_nn"), ("math", "libopapi_math")):
        ids = sorted({d[3] for d in defs[lib]})
        body = [f"// Generated by tools/unimplemented_ops.py (cmake/missing_op_headers.cmake); do not edit.\n"
                f"// The entry points of the CANN operators of {'hicann/ops-nn' if lib == 'nn' else 'hicann/ops-math'}"
                f" that aclcpu does not implement ({name}):\n"
                "// each phase refuses the call with 161002 (ACLNN_ERR_PARAM_INVALID) and a message for aclGetRecentErrMsg.\n"
                "#include <cstdint>\n\n"]
        body.extend(f'#include "aclnnop/{h}"\n' for h in sorted(lib_headers[lib]))
        body.append('\n#include "common/status.h"\n\n#pragma GCC diagnostic ignored "-Wunused-parameter"\n\nnamespace {\n\n')
        for i, h in enumerate(ids):
            body.append(f"constexpr const char* kHeader_{i} = \"{h}\";\n")
        body.append("""
aclnnStatus Refuse(const char* op, const char* header, bool second_phase)
{
    if (second_phase) {
        return aclcpu::Fail(ACLNN_ERR_PARAM_INVALID,
                            "aclcpu does not implement %s (CANN's aclnnop/%s); its first phase %sGetWorkspaceSize "
                            "refuses every call, so no executor of it exists to run",
                            op, header, op);
    }
    return aclcpu::Fail(ACLNN_ERR_PARAM_INVALID,
                        "aclcpu does not implement %s (CANN's aclnnop/%s); aclcpu declares it so that programs "
                        "build, but has no CPU implementation of it: the call is refused (aclcpu's README.md "
                        "lists the operators it implements)",
                        op, header);
}

}  // namespace

extern "C" {

""")
        index = {h: i for i, h in enumerate(ids)}
        for ret, name, params, h, second in defs[lib]:
            op = name[:-len(SUFFIX)] if name.endswith(SUFFIX) else name
            body.append(wrap(f"{ret} {name}(", params) + f"\n{{\n    return Refuse(\"{op}\", kHeader_{index[h]}, "
                        f"{'true' if second else 'false'});\n}}\n\n")
        body.append("}  // extern \"C\"\n")
        write(os.path.join(a.out, "src", f"unimplemented_ops_{lib}.cpp"), "".join(body))
    write(os.path.join(a.out, "unimplemented_ops.tsv"), "\n".join(listing) + "\n")
    n = {k: sum(1 for d in v if not d[1].endswith(SUFFIX)) for k, v in defs.items()}
    print(f"unimplemented CANN operators: {n['nn']} (ops-nn) + {n['math']} (ops-math) declared with refusing "
          f"entry points, {sum(1 for l in listing if l.startswith('error'))} headers left as #error, "
          f"{sum(1 for l in listing if l.startswith('partial'))} operators of partly implemented headers undeclared")
    return 0


if __name__ == "__main__":
    sys.exit(main())
