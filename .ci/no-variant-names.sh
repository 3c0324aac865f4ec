#!/usr/bin/env bash
# Fails when generic code names a variant outside its tests: the generic code reaches a variant
# only through its registry entry and capabilities (docs/ARCHITECTURE.md), so a line of it that
# tests a variant's name or uses a variant's module or type is a leak.
#
# The variants are read from `REGISTRY` (crates/variants/src/lib.rs), one
# `VariantEntry::of::<module::Type>()` each, so a new variant is covered by its registry line:
# its name (`const NAME` in its folder), its module path (`variants::module`), its type and its
# decision type (`type Decision = …`; a name several variants share, such as `Move`, names
# none of them).
#
# Generic: crates/core/src, crates/lab/src, crates/engine/src (but eval/, one evaluator per variant, and
# registry.rs, the `ENGINES` lines), crates/server/src, crates/cli/src, crates/server/assets.
# Flagged: a string literal that is a variant's name ("classic", 'toy'), a path
# `variants::classic`, a variant's type or decision type as a word (Classic, Decision5).
# Ignored: comment lines (and a trailing `// …`), a `#[cfg(test)]` module (the convention:
# `#[cfg(test)] mod tests { … }` runs to the end of its file; `#[cfg(test)] mod name;` makes
# that file a test), and tests/ folders, which are no generic folder. A `#[cfg(test)]` on
# anything else is reported: this check would not know where it ends.
#
# Usage: .ci/no-variant-names.sh [ROOT] (ROOT: the workspace, by default this checkout's).
# Prints each offending line as `path:line: text` and exits 1; exits 0 when there is none.
set -euo pipefail
root=${1:-"$(dirname "$0")/.."}
cd "$root"

registry=crates/variants/src/lib.rs
entries=$(grep -oE 'VariantEntry::of::<[a-z0-9_]+::[A-Za-z0-9_]+>' "$registry" |
  sed -E 's/.*<([a-z0-9_]+)::([A-Za-z0-9_]+)>/\1 \2/') || true
if [ -z "$entries" ]; then
  echo "no-variant-names: no \`VariantEntry::of::<module::Type>()\` in $registry" >&2
  exit 1
fi

names=() modules=() types=() decisions=()
while read -r module type; do
  folder=crates/variants/src/$module
  name=$(grep -rhoE "const NAME: &'static str = \"[^\"]+\"" "$folder" | head -n 1 |
    sed -E 's/.*"([^"]+)"/\1/') || true
  if [ -z "$name" ]; then
    echo "no-variant-names: no \`const NAME\` in $folder" >&2
    exit 1
  fi
  names+=("$name") modules+=("$module") types+=("$type")
  decisions+=("$(grep -rhoE 'type Decision = [A-Za-z0-9_]+;' "$folder" | head -n 1 |
    sed -E 's/type Decision = ([A-Za-z0-9_]+);/\1/')")
done <<<"$entries"
# A decision type of one variant alone names it.
for decision in $(printf '%s\n' "${decisions[@]}" | sed '/^$/d' | sort | uniq -u); do
  types+=("$decision")
done

join() { local IFS='|'; echo "$*"; }
pattern="(?<quote>[\"'\`])($(join "${names[@]}"))\\k<quote>|variants::($(join "${modules[@]}"))\\b|\\b($(join "${types[@]}"))\\b"

generic=(crates/core/src crates/engine/src crates/lab/src crates/server/src crates/cli/src crates/server/assets)
files=$(find "${generic[@]}" -type f \( -name '*.rs' -o -name '*.js' -o -name '*.mjs' -o -name '*.html' -o -name '*.css' \) \
  ! -path 'crates/engine/src/eval/*' ! -path crates/engine/src/registry.rs | sort)

# The files that `#[cfg(test)] mod name;` makes tests (`name.rs` or `name/…` beside the
# declaring file, or in its folder for a mod.rs, lib.rs or main.rs).
test_files=$(for file in $files; do
  case $file in *.rs) ;; *) continue ;; esac
  awk -v file="$file" '
    prev == "#[cfg(test)]" && match($0, /^[[:space:]]*(pub(\([a-z]+\))? )?mod [a-z0-9_]+;/) {
      name = $0; sub(/;.*/, "", name); sub(/.* /, "", name)
      dir = file; sub(/\/[^\/]*$/, "", dir)
      base = file; sub(/.*\//, "", base); sub(/\.rs$/, "", base)
      if (base != "mod" && base != "lib" && base != "main") dir = dir "/" base
      print dir "/" name ".rs"; print dir "/" name "/"
    }
    { prev = $0; sub(/^[[:space:]]+/, "", prev); sub(/[[:space:]]+$/, "", prev) }' "$file"
done)

is_test_file() {
  local file=$1 t
  for t in $test_files; do
    case $t in
      */) [[ $file == "$t"* ]] && return 0 ;;
      *) [[ $file == "$t" ]] && return 0 ;;
    esac
  done
  return 1
}

status=0
for file in $files; do
  if is_test_file "$file"; then continue; fi
  # The file's lines outside tests, as `line<TAB>text`; a `#[cfg(test)]` that is no test
  # module is printed as `!line`.
  scanned=$(awk '
    { text = $0; sub(/^[[:space:]]+/, "", text) }
    cfg_test {
      cfg_test = 0
      if (text ~ /^(pub(\([a-z]+\))? )?mod [a-z0-9_]+;/) { next }
      if (text ~ /^(pub(\([a-z]+\))? )?mod [a-z0-9_]+ \{/) { exit }
      print "!" (NR - 1); exit
    }
    text == "#[cfg(test)]" { cfg_test = 1; next }
    text ~ /^(\/\/|\/\*|\*|<!--)/ { next }
    { sub(/[[:space:]]\/\/([[:space:]].*)?$/, ""); print NR "\t" $0 }' "$file")
  if grep -q '^!' <<<"$scanned"; then
    line=$(grep -oE '^![0-9]+' <<<"$scanned" | tr -d '!')
    echo "$file:$line: #[cfg(test)] on something other than a test module (\`mod tests { … }\` to the end of the file, or \`mod name;\`): this check cannot tell where it ends"
    status=1
    scanned=$(grep -v '^!' <<<"$scanned" || true)
  fi
  hits=$(grep -P "^[0-9]+\t.*($pattern)" <<<"$scanned" || true)
  if [ -n "$hits" ]; then
    while IFS=$'\t' read -r line text; do
      echo "$file:$line: $(sed -E 's/^[[:space:]]+//' <<<"$text")"
    done <<<"$hits"
    status=1
  fi
done
if [ "$status" -ne 0 ]; then
  echo "no-variant-names: generic code names a variant (above): reach it through its registry entry or a capability instead" >&2
fi
exit "$status"
