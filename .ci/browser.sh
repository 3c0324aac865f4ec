#!/usr/bin/env bash
# The browser tests' pieces (crates/server/tests/browser.rs): Debian's chromium at
# /usr/bin/chromium (installed with apt-get, as root or with sudo, only when missing) and the
# tests' node packages (npm ci in crates/server/browser-tests: playwright-core, pinned by the
# lock; it drives that chromium, it downloads no browser). Idempotent: quick when all is there.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  echo "== installing chromium (apt-get)" >&2
  if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium
fi
/usr/bin/chromium --version >&2 || { echo "chromium does not run" >&2; exit 1; }

command -v node >/dev/null || { echo "node is missing: install Node.js 20 or later" >&2; exit 1; }
command -v npm >/dev/null || { echo "npm is missing: install Node.js 20 or later" >&2; exit 1; }

tests=crates/server/browser-tests
# Up to date when every package of the lock is installed at its locked version.
if (cd "$tests" && node -e '
  const fs = require("fs");
  const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8"));
  for (const [path, info] of Object.entries(lock.packages)) {
    if (!path) continue;
    const installed = JSON.parse(fs.readFileSync(path + "/package.json", "utf8"));
    if (installed.version !== info.version) process.exit(1);
  }' 2>/dev/null); then
  echo "== $tests/node_modules is up to date" >&2
else
  echo "== npm ci in $tests" >&2
  (cd "$tests" && npm ci --no-audit --no-fund)
fi
