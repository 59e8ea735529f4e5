#!/usr/bin/env bash
# Prints what decided a CI run, read back from the logs of its lanes: each step's result line and
# the test runners' own summary and failure lines (vitest's FAIL lines and counts, Playwright's
# counts and the tests listed under "failed" or "flaky"). CI ends with it, so the last screen of a
# long log says which step and which test failed without scrolling back through it.
#
# Usage: bash scripts/ci/recap.sh LOG [LOG ...]
set -uo pipefail

for log in "$@"; do
  [ -f "$log" ] || continue
  echo "=== recap: $(basename "$log")"
  # Colour codes stripped; at most 120 lines a log (a failing run lists each failure once).
  sed -E 's/\x1b\[[0-9;]*[A-Za-z]//g' "$log" |
    awk '
      # Playwright lists the failed and flaky tests under their count, indented, until a blank line.
      /^ +[0-9]+ (failed|flaky)$/ { listing = 1; print; next }
      listing && /^ +\[/ { print; next }
      { listing = 0 }
      /^── .*──$/ ||
      /: (all passed|[0-9]+ failed) in / ||
      /^--- .*failed \(exit/ ||
      /^ *(Test Files|Tests) / ||
      /^ *(FAIL|×|✗|✘) / ||
      /^ *❯ .*[0-9]+ failed/ ||
      /^ +fail +[a-z]/ ||
      /^ +[0-9]+ (passed|skipped|did not run|interrupted)( |$)/ ||
      /^[0-9]+ passed, [0-9]+ failed/ ||
      /^smoke: (passed|FAILED|failed)/ { print }
    ' | head -n 120
done
