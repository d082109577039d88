#!/usr/bin/env bash
# Trunk's post_build hook: puts the page's chunks and their loader
# (split/wasm-bindgen, in target/wasm-split/out) beside the page in Trunk's
# staging folder, the loader importing the main JS by the name Trunk gave it.
set -euo pipefail
root=$(cd "$(dirname "$0")/../../.." && pwd)
work=$root/target/wasm-split
staging=${TRUNK_STAGING_DIR:?run by Trunk as a post_build hook}
[ -f "$work/out-name" ] || { echo "stage.sh: the page was not split (no target/wasm-split)" >&2; exit 1; }
out_name=$(cat "$work/out-name")
main=$(cd "$staging" && ls "$out_name"-*.js 2>/dev/null | grep -v '_bg' | head -1)
[ -n "$main" ] || { echo "stage.sh: no $out_name-*.js in $staging" >&2; exit 1; }
for f in "$work/out"/*; do
  case $f in
    *.js) sed "s#\"./$out_name.js\"#\"./$main\"#" "$f" > "$staging/$(basename "$f")" ;;
    *) cp "$f" "$staging/" ;;
  esac
done
