#!/usr/bin/env bash
# The test of .ci/no-variant-names.sh: in a temporary workspace with three registered variants
# (`alpha`, type `Alpha`, decisions `AlphaTurn`; `beta` and `gamma`, whose shared decision type
# `Move` names neither), generic code that names them only in comments, tests, a test file,
# the evaluators and the engines' registry passes; each kind of leak then fails the check,
# printed as `path:line: text`.
set -euo pipefail
check="$(cd "$(dirname "$0")" && pwd)/no-variant-names.sh"
root=$(mktemp -d /tmp/omnichess-names.XXXXXX)
trap 'rm -rf "$root"' EXIT

mkdir -p "$root"/crates/{variants/src/alpha,variants/src/beta,variants/src/gamma,core/src,engine/src/eval,lab/src,server/src/protocol,server/assets,cli/src}
cat >"$root/crates/variants/src/lib.rs" <<'EOF'
pub const REGISTRY: &[VariantEntry] = &[
    VariantEntry::of::<alpha::Alpha>(),
    #[cfg(feature = "beta")]
    VariantEntry::of::<beta::Beta>(),
    VariantEntry::of::<gamma::Gamma>(),
];
EOF
printf '%s\n' "const NAME: &'static str = \"alpha\";" 'type Decision = AlphaTurn;' \
  >"$root/crates/variants/src/alpha/variant.rs"
printf '%s\n' "const NAME: &'static str = \"beta\";" 'type Decision = Move;' \
  >"$root/crates/variants/src/beta/variant.rs"
printf '%s\n' "const NAME: &'static str = \"gamma\";" 'type Decision = Move;' \
  >"$root/crates/variants/src/gamma/variant.rs"
cat >"$root/crates/server/src/lib.rs" <<'EOF'
//! Serves every variant: "alpha" and Alpha named in comments only.
/// Alpha's rules come from its registry entry.
pub fn serve(entry: &VariantEntry) -> Move {
    entry.open() // "alpha" opens as any variant
}

#[cfg(test)]
mod checks;

pub const URL: &str = "https://example.invalid/"; // an address, no comment

#[cfg(test)]
mod tests {
    #[test]
    fn alpha_is_served() {
        assert_eq!(super::serve(find("alpha")).to_string(), Alpha::start().to_string());
    }
}
EOF
echo 'fn sample() -> AlphaTurn { omnichess_variants::alpha::first() }' >"$root/crates/server/src/checks.rs"
echo 'pub fn value(turn: AlphaTurn) -> i32 { omnichess_variants::alpha::value(turn) }' \
  >"$root/crates/engine/src/eval/alpha.rs"
echo 'pub const ENGINES: &[EngineEntry] = &[EngineEntry::of::<Alpha, AlphaEval>()];' \
  >"$root/crates/engine/src/registry.rs"
cat >"$root/crates/server/assets/lobby.js" <<'EOF'
// The lobby offers 'alpha' as any variant.
/** @param {string} name e.g. 'alpha' */
export const offered = (v) => v.has_engine;
EOF

fails() {
  local out status=0
  out=$(bash "$check" "$root" 2>&1) || status=$?
  if [ "$status" -ne 1 ]; then
    echo "FAIL: the check passed (status $status) with $1; it said: $out" >&2
    exit 1
  fi
  if ! grep -qF -- "$2" <<<"$out"; then
    echo "FAIL: with $1 the check did not print \`$2\`; it said: $out" >&2
    exit 1
  fi
}

out=$(bash "$check" "$root" 2>&1) || {
  echo "FAIL: the check failed on names in comments, tests and the evaluator only: $out" >&2
  exit 1
}

echo 'pub fn is_alpha(name: &str) -> bool { name == "alpha" }' >"$root/crates/core/src/lib.rs"
fails 'a string literal of the name' 'crates/core/src/lib.rs:1: pub fn is_alpha(name: &str) -> bool { name == "alpha" }'
rm "$root/crates/core/src/lib.rs"

echo 'use omnichess_variants::alpha;' >"$root/crates/cli/src/main.rs"
fails 'a path to the variant' 'crates/cli/src/main.rs:1: use omnichess_variants::alpha;'
rm "$root/crates/cli/src/main.rs"

printf '%s\n' '//! The clock.' 'pub fn turn() -> AlphaTurn {}' >"$root/crates/engine/src/clock.rs"
fails 'the decision type' 'crates/engine/src/clock.rs:2: pub fn turn() -> AlphaTurn {}'
printf '%s\n' 'pub fn start() -> Alpha {}' >"$root/crates/engine/src/clock.rs"
fails 'the type' 'crates/engine/src/clock.rs:1: pub fn start() -> Alpha {}'
rm "$root/crates/engine/src/clock.rs"

echo "if (variant === 'beta') offer();" >>"$root/crates/server/assets/lobby.js"
fails 'the name of a variant behind a feature, in the UI' "crates/server/assets/lobby.js:4: if (variant === 'beta') offer();"
sed -i '$d' "$root/crates/server/assets/lobby.js"

sed -i '10i pub fn leak() -> Alpha {}' "$root/crates/server/src/lib.rs"
fails 'the type after a test file'"'"'s declaration' 'crates/server/src/lib.rs:10: pub fn leak() -> Alpha {}'
sed -i '10d' "$root/crates/server/src/lib.rs"

printf '%s\n' '#[cfg(test)]' 'fn helper() {}' 'pub fn after() -> Alpha {}' >"$root/crates/server/src/protocol/mod.rs"
fails 'a #[cfg(test)] on no test module' 'crates/server/src/protocol/mod.rs:1: #[cfg(test)] on something other than a test module'
rm "$root/crates/server/src/protocol/mod.rs"

bash "$check" "$root" >/dev/null
echo "no-variant-names: its test passed (a clean tree passes; seven kinds of leak fail)"
