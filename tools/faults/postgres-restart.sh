#!/usr/bin/env bash
# The fault test of `omnichess serve` on PostgreSQL: the database is stopped for two seconds and
# started again in the middle of a game while moves keep coming. Checks that every move the server acknowledged (200) is in
# the game afterwards, that the server serves again once the database is back (no restart of
# its own), and that a watching WebSocket stays open and hears the moves made after it.
#   bash tools/faults/postgres-restart.sh [path/to/omnichess]   (default target/release/omnichess)
# Loopback only; makes a throwaway cluster in a temporary folder and removes it.
set -euo pipefail
OMNICHESS=${1:-target/release/omnichess}
BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
[ -x "$BIN/initdb" ] || { echo "postgresql is not installed (see .ci/postgres.sh)" >&2; exit 2; }
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
PG_PORT=$(free_port); HTTP_PORT=$(free_port)
DATA=$(mktemp -d /tmp/omnichess-fault.XXXXXX)
run() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$DATA"
PG_CTL="$BIN/pg_ctl -D $DATA/db -o '-p $PG_PORT -k /tmp -c listen_addresses=127.0.0.1' -l $DATA/log -w"
cleanup() {
  [ -n "${SERVER:-}" ] && kill "$SERVER" 2>/dev/null || true
  run "$PG_CTL stop -m immediate" >/dev/null 2>&1 || true
  rm -rf "$DATA"
}
trap cleanup EXIT
run "$BIN/initdb -D $DATA/db -U omnichess --auth=trust >/dev/null"
run "$PG_CTL start >/dev/null"
run "$BIN/createdb -h 127.0.0.1 -p $PG_PORT -U omnichess omnichess"
URL="postgres://omnichess@127.0.0.1:$PG_PORT/omnichess"
"$OMNICHESS" serve --listen "127.0.0.1:$HTTP_PORT" --database "$URL" 2>"$DATA/serve.log" &
SERVER=$!
for _ in $(seq 50); do curl -sf "http://127.0.0.1:$HTTP_PORT/api/variants" >/dev/null && break; sleep 0.2; done
export HTTP_PORT DATA
python3 - "$PG_CTL" <<'PY'
import json, os, subprocess, sys, threading, time, urllib.request, urllib.error
base = f"http://127.0.0.1:{os.environ['HTTP_PORT']}"
pg_ctl = sys.argv[1]
def call(method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, method=method, data=data, headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, json.loads(r.read() or b"null")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode(errors="replace")
    except Exception as e:  # refused, reset, timed out
        return 0, str(e)
status, made = call("POST", "/api/games", {"variant": "classic"})
assert status == 201, made
game, tokens = made["id"], made["tokens"]
# A watcher on the game's socket for the whole test (Node's WebSocket).
watcher_js = f"""
const ws = new WebSocket('ws://127.0.0.1:{os.environ['HTTP_PORT']}/api/games/{game}/ws');
ws.onopen = () => ws.send(JSON.stringify({{v: 1, type: 'hello'}}));
ws.onmessage = (m) => {{ const d = JSON.parse(m.data); console.log(d.type, d.game ? d.game.version : d.version); }};
ws.onclose = () => {{ console.log('closed'); process.exit(0); }};
setTimeout(() => process.exit(0), 60000);
"""
watcher = subprocess.Popen(["node", "--experimental-websocket", "-e", watcher_js], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
time.sleep(1)
# Each move is one of the legal decisions of the last snapshot answered, by turns: a game that
# ends is followed by a new one.
games = {game: []}
acknowledged, refused, slowest = 0, [], 0.0
def pg(action):
    command = f"{pg_ctl} {action} >/dev/null"
    if os.getuid() == 0:
        command = f"su postgres -s /bin/bash -c {command!r}"
    subprocess.run(["bash", "-c", command], check=True)
def restart():
    # Down for two seconds (its connections cut), then up again.
    time.sleep(1.5)
    pg("stop -m fast")
    time.sleep(2)
    pg("start")
threading.Thread(target=restart).start()
current = call("GET", f"/api/games/{game}")[1]
deadline = time.time() + 12
while time.time() < deadline:
    if current.get("outcome"):
        status, made = call("POST", "/api/games", {"variant": "classic"})
        if status != 201:
            refused.append((None, status)); time.sleep(0.1); continue
        game, tokens, current = made["id"], made["tokens"], made["game"]
        games[game] = []
    seat = "white" if current["to_act_index"] == 0 else "black"
    decisions = current["decisions"]
    move = decisions[(len(games[game]) * 7) % len(decisions)]
    started = time.time()
    status, answer = call("POST", f"/api/games/{game}/decisions", {"token": tokens[seat], "decision": move, "version": current["version"]})
    slowest = max(slowest, time.time() - started)
    if status == 200:
        acknowledged += 1
        games[game].append(move)
        current = answer
    else:
        refused.append((move, status))
        time.sleep(0.1)
    time.sleep(0.05)
lost = []
for g, moves in games.items():
    status, shown = call("GET", f"/api/games/{g}")
    assert status == 200, shown
    # Each move acknowledged is in the game's record, in order (the server's SAN or the UCI sent).
    if shown["history"][: len(moves)] != moves:
        lost.append(g)
print(f"games: {len(games)}, moves acknowledged: {acknowledged}, refused while the database restarted: {len(refused)} (statuses {sorted(set(s for _, s in refused))})")
print(f"acknowledged and lost: {lost}; the slowest answer: {slowest:.2f} s")
# After the restart the server serves again: one more move, heard by the watcher.
# The watcher watches the first game: one more move in it if it still runs.
first_game = next(iter(games))
status, shown = call("GET", f"/api/games/{first_game}")
expected = shown["version"]
if first_game == game and not shown.get("outcome"):
    seat = "white" if shown["to_act_index"] == 0 else "black"
    status, _ = call("POST", f"/api/games/{game}/decisions", {"token": tokens[seat], "decision": shown["decisions"][0], "version": shown["version"]})
    assert status == 200, f"a move after the restart: {status}"
    expected += 1
time.sleep(1)
watcher.terminate()
heard = watcher.communicate()[0].split("\n")
versions = [int(l.split()[1]) for l in heard if l.startswith(("update", "patch", "welcome")) and len(l.split()) > 1 and l.split()[1].isdigit()]
print(f"the watcher's socket heard versions up to {max(versions) if versions else None} (the game is at {expected}); closed: {'closed' in heard}")
assert not lost, "an acknowledged move was lost"
assert refused or slowest > 1.0, "the outage was not seen: no request failed or waited"
assert versions and max(versions) == expected, "the watcher did not hear the last move"
assert "closed" not in heard, "the watcher's socket closed"
print("ok: nothing acknowledged lost, the server serves again, the socket stayed open")
PY
