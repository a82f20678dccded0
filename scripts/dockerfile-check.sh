#!/usr/bin/env bash
# Docker does not run in CI, so this performs deploy/Dockerfile's steps in a clean temp folder and
# starts the result. The server stage (`FROM … AS server`) is read from the Dockerfile itself: its
# WORKDIR, COPY and RUN lines are carried out with the image's absolute paths moved under the temp
# folder, so a step added there is a step run here. The H5 stage is not rebuilt (the h5-build and
# console-build suites build it): dist/h5 and dist/console are copied when present. The runtime stage's ENV and CMD are read as well, and
# the server is started as the image would start it, in production mode (with the sandboxes
# chosen by name and a sender configured), on PGlite; it must answer /healthz and /readyz.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
DOCKERFILE=deploy/Dockerfile
TMP=$(mktemp -d -t dockerfile-check.XXXXXX)
SERVER_PID=""
cleanup() {
  [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null || true
  rm -rf "$TMP"
}
trap cleanup EXIT

# the image's absolute paths, moved under the temp folder
map() { sed -E -e "s#(^|[[:space:]=:])/(build|app|data)([/[:space:]]|\$)#\1$TMP/\2\3#g" -e "s#(^|[[:space:]=:])/(build|app|data)([/[:space:]]|\$)#\1$TMP/\2\3#g" <<<"$1"; }

stage_lines() { # the lines of the stage named $1 (FROM … AS $1 up to the next FROM), continuations joined
  awk -v stage="$1" '
    /^FROM / { inside = ($0 ~ (" AS " stage "$")); next }
    inside' "$DOCKERFILE" | sed -e ':a' -e '/\\$/N; s/\\\n\s*/ /; ta' | grep -v '^\s*#' | grep -v '^\s*$'
}

echo "dockerfile-check: the server stage of $DOCKERFILE in $TMP"
mkdir -p "$TMP/build"
WORKDIR=$TMP/build
while IFS= read -r line; do
  instr=${line%% *}
  args=${line#* }
  case "$instr" in
    WORKDIR) WORKDIR=$(map "$args"); mkdir -p "$WORKDIR" ;;
    COPY)
      # COPY <src>... <dest>: sources from the checkout, the destination under WORKDIR
      read -ra parts <<<"$args"
      dest=${parts[-1]}
      unset 'parts[-1]'
      case "$dest" in /*) dest=$(map "$dest") ;; *) dest="$WORKDIR/$dest" ;; esac
      mkdir -p "$dest"
      # as Docker does: a folder's contents go into the destination, a file into it
      for src in "${parts[@]}"; do
        if [ -d "$ROOT/$src" ]; then cp -R "$ROOT/${src%/}/." "$dest/"; else cp "$ROOT/$src" "$dest/"; fi
      done
      ;;
    RUN) echo "  RUN $args"; (cd "$WORKDIR" && bash -c "$(map "$args")") ;;
    *) echo "dockerfile-check: the server stage has a $instr line this check does not know: teach it" >&2; exit 1 ;;
  esac
done < <(stage_lines server)

# the runtime stage: the H5 and console builds, the ENV lines, the CMD
mkdir -p "$TMP/app/dist/h5" "$TMP/app/dist/console" "$TMP/data"
[ -d dist/h5 ] && cp -R dist/h5/. "$TMP/app/dist/h5/"
[ -d dist/console ] && cp -R dist/console/. "$TMP/app/dist/console/"
ENV_ARGS=()
while IFS= read -r line; do
  case "$line" in
    ENV\ *)
      for kv in ${line#ENV }; do ENV_ARGS+=("$(map "$kv")"); done
      ;;
  esac
done < <(awk '/^FROM /{last=NR} {lines[NR]=$0} END{for(i=last+1;i<=NR;i++) print lines[i]}' "$DOCKERFILE" | sed -e ':a' -e '/\\$/N; s/\\\n\s*/ /; ta')
CMD=$(grep '^CMD ' "$DOCKERFILE" | tail -1 | sed 's/^CMD //' | node -e 'process.stdout.write(JSON.parse(require("fs").readFileSync(0,"utf8")).join(" "))')
PORT=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")

echo "  start: $CMD (production, PORT=$PORT)"
cd "$TMP/app"
env -i PATH="$PATH" HOME="$TMP" "${ENV_ARGS[@]}" PORT="$PORT" HOST=127.0.0.1 LOG_LEVEL=warn \
  CODE_HASH_SECRET=dockerfile-check-secret-0123456789 H5_ORIGINS=https://m.example.com \
  SMS_PROVIDER=off SMTP_URL=smtp://127.0.0.1:2525 SMTP_FROM=noreply@example.com \
  RAILWAY_PROVIDER=sandbox AIRLINE_PROVIDER=sandbox WECHAT_API=off \
  $CMD >"$TMP/server.log" 2>&1 &
SERVER_PID=$!
cd "$ROOT"
for _ in $(seq 1 240); do
  if curl -fsS "http://127.0.0.1:$PORT/readyz" >"$TMP/readyz.json" 2>/dev/null; then
    curl -fsS "http://127.0.0.1:$PORT/healthz" >/dev/null
    echo "  /healthz 200, /readyz $(cat "$TMP/readyz.json")"
    if ! grep -q 'sandboxes in use' "$TMP/server.log"; then echo "dockerfile-check: the start log does not name the sandboxes" >&2; exit 1; fi
    kill -TERM "$SERVER_PID"
    wait "$SERVER_PID" && echo "  SIGTERM: exited 0" || { echo "dockerfile-check: the server did not exit 0 on SIGTERM" >&2; exit 1; }
    SERVER_PID=""
    echo "dockerfile-check: ok"
    exit 0
  fi
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then break; fi
  sleep 0.5
done
echo "dockerfile-check: the server did not become ready" >&2
cat "$TMP/server.log" >&2
exit 1
