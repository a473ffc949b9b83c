# Sourced by tools/test.sh and tools/ci_stages.sh (bash): the time of every CI stage and the ten slowest tests
# of every ctest run, collected in one report that is printed at the end of the run.
#   ACLCPU_CI_REPORT  the report file. The first script that calls ci_report_init without it set owns the
#                     report: it creates it, exports the name to the scripts it starts (tools/test.sh ->
#                     tools/ci_stages.sh) and prints it in ci_report_print.

ci_report_init() {
    if [ -z "${ACLCPU_CI_REPORT:-}" ]; then
        ACLCPU_CI_REPORT=$(mktemp)
        export ACLCPU_CI_REPORT
        ci_report_owner=1
    else
        ci_report_owner=0
    fi
    ci_report_t0=$(date +%s)
}

# ci_record NAME SECONDS: one stage's time, in the report and on the console.
ci_record() {
    printf '  %-16s %5d s\n' "$1" "$2" >> "$ACLCPU_CI_REPORT"
    echo "=== $1: $2 s"
}

# ci_time NAME COMMAND...: runs COMMAND and records its time as stage NAME (fails when COMMAND fails).
ci_time() {
    local name=$1 t0
    shift
    t0=$(date +%s)
    "$@"
    ci_record "$name" $(( $(date +%s) - t0 ))
}

# ci_ctest NAME DIR COMMAND...: runs COMMAND (a ctest command line, possibly behind `env VAR=value`) in DIR,
# its output also in DIR/ctest-ci.log; records its time as stage "NAME tests" and its ten slowest tests
# (from ctest's "Test #n: name ... sec" lines). Returns COMMAND's status. Every filter in the pipeline reads
# its whole input (sed -n, not head): under `set -o pipefail` a reader that exits early kills the writer with
# SIGPIPE and fails the run (status 141).
ci_ctest() {
    local name=$1 dir=$2 t0 status=0
    shift 2
    t0=$(date +%s)
    (cd "$dir" && "$@") 2>&1 | tee "$dir/ctest-ci.log" || status=$?
    ci_record "$name tests" $(( $(date +%s) - t0 ))
    {
        echo "    ten slowest tests of '$name':"
        grep -E '^ *[0-9]+/[0-9]+ +Test +#[0-9]+: ' "$dir/ctest-ci.log" |
            sed -E 's/^.*Test +#[0-9]+: ([^ ]+) .* ([0-9.]+) sec.*$/\2 \1/' | sort -rn | sed -n '1,10p' |
            awk '{ printf "      %8.2f s  %s\n", $1, $2 }'
    } >> "$ACLCPU_CI_REPORT"
    return "$status"
}

# ci_report_print: the owner prints the report (and the run's total time) and removes it.
ci_report_print() {
    [ "${ci_report_owner:-0}" = "1" ] || return 0
    echo "=== CI stage times (seconds, wall clock) and the slowest tests"
    cat "$ACLCPU_CI_REPORT"
    printf '  %-16s %5d s\n' "total" $(( $(date +%s) - ci_report_t0 ))
    rm -f "$ACLCPU_CI_REPORT"
}
