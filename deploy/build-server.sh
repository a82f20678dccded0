#!/usr/bin/env bash
# The server's runtime folder, built from a checkout: only the server's own packages (installed
# against the root lock's versions), its sources and the contracts it shares with the client. The
# Dockerfile's server stage runs this, and so does scripts/dockerfile-check.sh, so the two cannot
# drift apart.
#   bash deploy/build-server.sh <checkout> <dest>
set -euo pipefail
SRC=$(cd "$1" && pwd)
DEST=$2
mkdir -p "$DEST"
DEST=$(cd "$DEST" && pwd)

node "$SRC/deploy/server-package.js" "$SRC" >"$DEST/package.json"
# the root lock pins every version; npm keeps the locked versions of what this package.json still
# needs and drops the rest (the Taro toolchain, React, the test tools)
cp "$SRC/package-lock.json" "$DEST/package-lock.json"
# --prefer-offline: a machine that installed the root already has every tarball in its npm cache
(cd "$DEST" && npm install --omit=dev --no-audit --no-fund --prefer-offline --loglevel=error)

mkdir -p "$DEST/server"
cp -R "$SRC/server/src" "$DEST/server/src"
cp -R "$SRC/server/public" "$DEST/server/public"
cp "$SRC/server/tsconfig.json" "$DEST/server/tsconfig.json"
cp -R "$SRC/contracts" "$DEST/contracts"
# tsx resolves @contracts/* through the tsconfig of the folder it runs in
cat >"$DEST/tsconfig.json" <<'JSON'
{
  "compilerOptions": {
    "target": "es2022",
    "module": "commonjs",
    "moduleResolution": "node",
    "esModuleInterop": true,
    "resolveJsonModule": true,
    "baseUrl": ".",
    "paths": { "@contracts/*": ["./contracts/*"] }
  }
}
JSON
