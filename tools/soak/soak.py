#!/usr/bin/env python3
"""The soak test of `omnichess serve` (loopback only, bounded): for DURATION seconds, players
playing games of four variants, a game against the engine, spectators on WebSockets, analyses,
lab studies, and the server restarted every RESTART seconds on the same SQLite database. Every
10 s it samples the server's resident memory and the latency of the requests answered since;
each line goes to stdout and to the CSV file named.

    python3 tools/soak/soak.py [--omnichess target/release/omnichess] [--duration 1800]
                               [--restart 600] [--csv target/soak.csv]

Needs Node.js (its WebSocket, `--experimental-websocket` on Node 20) for the sockets."""
import argparse, json, os, random, signal, socket, subprocess, sys, tempfile, threading, time
import urllib.error, urllib.request

args = argparse.ArgumentParser()
args.add_argument("--omnichess", default="target/release/omnichess")
args.add_argument("--duration", type=float, default=1800)
args.add_argument("--restart", type=float, default=600)
args.add_argument("--csv", default="target/soak.csv")
opts = args.parse_args()

def free_port():
    s = socket.socket(); s.bind(("127.0.0.1", 0)); port = s.getsockname()[1]; s.close(); return port

folder = tempfile.mkdtemp(prefix="omnichess-soak.")
port = free_port()
base = f"http://127.0.0.1:{port}"
lock = threading.Lock()
latencies, errors, requests = [], [0], [0]
server = [None]
stop = threading.Event()

def start_server():
    server[0] = subprocess.Popen(
        [opts.omnichess, "serve", "--listen", f"127.0.0.1:{port}", "--database",
         f"sqlite://{folder}/soak.db", "--games-per-minute", "0"],
        stdout=subprocess.DEVNULL, stderr=open(f"{folder}/serve.log", "a"))
    for _ in range(100):
        try:
            urllib.request.urlopen(base + "/api/variants", timeout=1).read(); return
        except Exception:
            time.sleep(0.1)

def call(method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, method=method, data=data,
                                 headers={"content-type": "application/json"})
    started = time.time()
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            answer = (r.status, json.loads(r.read() or b"null"))
    except urllib.error.HTTPError as e:
        answer = (e.code, None)
    except Exception:
        answer = (0, None)
    with lock:
        requests[0] += 1
        if answer[0] in (200, 201, 204):
            latencies.append(time.time() - started)
        elif answer[0] == 0 or answer[0] >= 500:
            errors[0] += 1
    return answer

watched = []

def player(variant, engine=False):
    rng = random.Random(variant + str(engine))
    while not stop.is_set():
        body = {"variant": variant}
        if engine:
            body["engine"] = {"seat": 1, "level": 1}
        status, made = call("POST", "/api/games", body)
        if status != 201:
            time.sleep(1); continue
        game, tokens, current = made["id"], made["tokens"], made["game"]
        with lock:
            watched.append(game); del watched[:-8]
        for _ in range(150):
            if stop.is_set() or current is None or current.get("outcome"):
                break
            seat = current.get("to_act_index")
            if seat is None or (engine and seat == 1) or not current.get("decisions"):
                time.sleep(0.3)
                current = call("GET", f"/api/games/{game}")[1]
                continue
            move = rng.choice(current["decisions"])
            token = tokens["white" if seat == 0 else "black"]
            status, answer = call("POST", f"/api/games/{game}/decisions",
                                  {"token": token, "decision": move, "version": current["version"]})
            current = answer if status == 200 else call("GET", f"/api/games/{game}")[1]
            time.sleep(0.3)

SPECTATORS = """
const base = process.argv[1]; let ids = [];
function watch(id) {
  const ws = new WebSocket(base.replace('http', 'ws') + '/api/games/' + id + '/ws');
  ws.onopen = () => ws.send(JSON.stringify({v: 1, type: 'hello', patches: true}));
  ws.onerror = () => {};
  setTimeout(() => ws.close(), 20000);
}
process.stdin.on('data', (d) => { for (const id of String(d).split(/\\s+/).filter(Boolean)) watch(id); });
"""

ANALYSIS = """
const ws = new WebSocket(process.argv[1].replace('http', 'ws') + '/api/analysis/ws');
ws.onopen = () => ws.send(JSON.stringify({v: 1, type: 'analyse', variant: 'classic', after: ['e2e4'], seconds: 1}));
ws.onmessage = (m) => { if (JSON.parse(m.data).type === 'done') process.exit(0); };
ws.onerror = () => process.exit(1);
setTimeout(() => process.exit(2), 15000);
"""

def spectators():
    node = subprocess.Popen(["node", "--experimental-websocket", "-e", SPECTATORS, base],
                            stdin=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    while not stop.is_set():
        with lock:
            ids = " ".join(watched[-4:])
        try:
            node.stdin.write(ids + "\n"); node.stdin.flush()
        except BrokenPipeError:
            break
        stop.wait(20)
    node.kill()

def analyses():
    while not stop.is_set():
        started = time.time()
        done = subprocess.run(["node", "--experimental-websocket", "-e", ANALYSIS, base],
                              stderr=subprocess.DEVNULL).returncode == 0
        with lock:
            requests[0] += 1
            if done:
                latencies.append(time.time() - started)
            else:
                errors[0] += 1
        stop.wait(20)

def studies():
    seed = 0
    while not stop.is_set():
        seed += 1
        call("POST", "/api/studies", {"kind": "balance", "variant": "dice", "player": "random",
                                       "games": 20, "seed": seed})
        stop.wait(300)

def rss_kib():
    try:
        with open(f"/proc/{server[0].pid}/status") as f:
            return next(int(l.split()[1]) for l in f if l.startswith("VmRSS"))
    except Exception:
        return 0

start_server()
threads = [threading.Thread(target=player, args=(v,)) for v in ("classic", "dice", "qec", "realms")]
threads += [threading.Thread(target=player, args=("classic", True)),
            threading.Thread(target=spectators), threading.Thread(target=analyses),
            threading.Thread(target=studies)]
for t in threads:
    t.daemon = True; t.start()
began, last_restart, restarts = time.time(), time.time(), 0
os.makedirs(os.path.dirname(opts.csv) or ".", exist_ok=True)
with open(opts.csv, "w") as out:
    out.write("seconds,rss_mib,requests,errors,p50_ms,p99_ms,restarts\n")
    print("seconds rss_MiB requests errors p50_ms p99_ms restarts", flush=True)
    while time.time() - began < opts.duration:
        time.sleep(10)
        if time.time() - last_restart >= opts.restart:
            server[0].send_signal(signal.SIGINT)
            try:
                server[0].wait(20)
            except subprocess.TimeoutExpired:
                server[0].kill()
            start_server(); restarts += 1; last_restart = time.time()
        with lock:
            window, latencies[:] = sorted(latencies), []
            counted, failed = requests[0], errors[0]
            requests[0] = errors[0] = 0
        p = lambda q: round(1000 * window[min(len(window) - 1, int(q * len(window)))]) if window else 0
        line = [round(time.time() - began), round(rss_kib() / 1024, 1), counted, failed, p(0.5), p(0.99), restarts]
        print(*line, flush=True)
        out.write(",".join(map(str, line)) + "\n"); out.flush()
stop.set()
server[0].send_signal(signal.SIGINT)
server[0].wait(20)
print(f"done: the server's log is {folder}/serve.log")
