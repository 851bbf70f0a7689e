#!/usr/bin/env bash
# A local cluster anyone can start: N replicas of the service on one data
# build behind nginx (Debian's package), on loopback ports, without root.
#
#   deploy/cluster.sh start [--replicas N] [--port P] [--dir DIR]
#   deploy/cluster.sh stop  [--dir DIR]
#   deploy/cluster.sh status [--dir DIR]
#
# nginx listens on 127.0.0.1:P (8080); replica i on 127.0.0.1:P+i. Logs,
# pid files and nginx's rendered configuration go to DIR (.cluster/ in the
# repository). The replicas run dist/src/main.js on native-data/current
# (run `make build data` first; `make cluster` does) with TRUSTED_PROXIES
# set to nginx's address; any other setting (WORKERS, RATE_LIMIT_*, ...)
# is passed on from the environment; NGINX_ACCESS_LOG=off (or a path)
# replaces nginx's access log in DIR/logs.
#
# Rate limits are shared by the replicas in Redis: Debian's redis-server
# runs on 127.0.0.1:P+N+1 (no persistence; its pid and log in DIR) and every
# replica gets REDIS_URL. Give REDIS_URL yourself to use another Redis, or
# CLUSTER_REDIS=off to have none (each replica then counts alone: a
# client's real limit is the limit times the replicas it reaches).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
REPLICAS=2
PORT=8080
DIR="$ROOT/.cluster"

die() { echo "cluster: $*" >&2; exit 1; }

cmd=${1:-}
[ $# -gt 0 ] && shift
while [ $# -gt 0 ]; do
  case "$1" in
    --replicas) REPLICAS=$2; shift 2 ;;
    --port) PORT=$2; shift 2 ;;
    --dir) DIR=$2; shift 2 ;;
    *) die "unknown option $1 (usage: $0 start|stop|status [--replicas N] [--port P] [--dir DIR])" ;;
  esac
done
[[ "$REPLICAS" =~ ^[1-9][0-9]?$ ]] || die "--replicas must be 1-99, got $REPLICAS"
[[ "$PORT" =~ ^[0-9]+$ ]] && [ "$PORT" -ge 1024 ] && [ "$((PORT + REPLICAS))" -le 65535 ] || die "--port must leave room for the replicas above it (1024-65535), got $PORT"

# Waits until http://127.0.0.1:$1/up answers 200, for at most $2 seconds.
wait_up() {
  local deadline=$((SECONDS + $2))
  until [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$1/up" || true)" = 200 ]; do
    [ $SECONDS -lt $deadline ] || return 1
    sleep 0.2
  done
}

stop() {
  if [ -f "$DIR/nginx.pid" ]; then
    nginx -p "$DIR" -c "$DIR/nginx.conf" -e "$DIR/logs/nginx-error.log" -s quit 2>/dev/null || kill "$(cat "$DIR/nginx.pid")" 2>/dev/null || true
  fi
  local pids=()
  for f in "$DIR"/replica-*.pid; do
    [ -f "$f" ] || continue
    pid=$(cat "$f")
    # SIGTERM: each replica answers what it has in flight, then exits 0.
    kill -TERM "$pid" 2>/dev/null && pids+=("$pid")
    rm -f "$f"
  done
  local deadline=$((SECONDS + 15))
  for pid in "${pids[@]}"; do
    while kill -0 "$pid" 2>/dev/null; do
      if [ $SECONDS -ge $deadline ]; then kill -KILL "$pid" 2>/dev/null || true; break; fi
      sleep 0.1
    done
  done
  # nginx removes its pid file when it has quit.
  local n=0
  while [ -f "$DIR/nginx.pid" ] && [ $n -lt 50 ]; do sleep 0.1; n=$((n + 1)); done
  rm -f "$DIR/nginx.pid"
  if [ -f "$DIR/redis.pid" ]; then
    # Last, after the replicas; no persistence: the counters go with it.
    kill -TERM "$(cat "$DIR/redis.pid")" 2>/dev/null || true
    rm -f "$DIR/redis.pid"
  fi
}

start() {
  command -v nginx >/dev/null || die "nginx not found: sudo apt-get install nginx"
  [ -f "$ROOT/dist/src/main.js" ] || die "no build: run \`make build data\` first"
  [ -e "$ROOT/native-data/current" ] || [ -n "${DATA_DIR:-}" ] || die "no data: run \`make data\` first"
  [ ! -f "$DIR/nginx.pid" ] || die "a cluster is already running from $DIR (deploy/cluster.sh stop)"
  mkdir -p "$DIR/logs" "$DIR/tmp"
  trap 'echo "cluster: start failed; stopping what started (logs in $DIR/logs)" >&2; stop' ERR

  local redis_url=${REDIS_URL:-}
  if [ -z "$redis_url" ] && [ "${CLUSTER_REDIS:-on}" != off ]; then
    command -v redis-server >/dev/null || die "redis-server not found: sudo apt-get install redis-server (or CLUSTER_REDIS=off: each replica counts its own rate limits)"
    local rport=$((PORT + REPLICAS + 1))
    redis-server --port "$rport" --bind 127.0.0.1 --save '' --appendonly no --daemonize yes \
      --pidfile "$DIR/redis.pid" --logfile "$DIR/logs/redis.log" --dir "$DIR/tmp"
    local n=0
    until redis-cli -p "$rport" ping >/dev/null 2>&1; do
      n=$((n + 1)); [ $n -lt 100 ] || die "redis-server on port $rport did not start; see $DIR/logs/redis.log"
      sleep 0.1
    done
    redis_url="redis://127.0.0.1:$rport"
  fi

  local upstreams=""
  for i in $(seq 1 "$REPLICAS"); do
    local p=$((PORT + i))
    PORT=$p HOST=127.0.0.1 TRUSTED_PROXIES=127.0.0.1 REDIS_URL=$redis_url node --max-semi-space-size=4 --v8-pool-size=1 "$ROOT/dist/src/main.js" >"$DIR/logs/replica-$i.log" 2>&1 &
    echo $! >"$DIR/replica-$i.pid"
    upstreams+="server 127.0.0.1:$p max_fails=3 fail_timeout=5s; "
  done
  for i in $(seq 1 "$REPLICAS"); do
    wait_up $((PORT + i)) 120 || die "replica $i (port $((PORT + i))) did not come up; see $DIR/logs/replica-$i.log"
  done

  # The site file inside a minimal main configuration whose every path is in $DIR.
  sed -e "s|@LISTEN@|127.0.0.1:$PORT|" -e "s|@UPSTREAMS@|$upstreams|" -e "s|@BODY_MAX@|6m|" "$ROOT/deploy/nginx-site.conf" >"$DIR/nls-site.conf"
  # Started by root, nginx runs its workers as nobody, who cannot write the
  # temporary files of large bodies in $DIR (a private directory): they run
  # as the user who started the cluster. Started by anyone else, nginx runs
  # as that user anyway (and warns about a user directive).
  local user_line=""
  [ "$(id -u)" = 0 ] && user_line="user $(id -un) $(id -gn);"
  cat >"$DIR/nginx.conf" <<EOF
# Rendered by deploy/cluster.sh; the site itself is deploy/nginx-site.conf.
$user_line
worker_processes 1;
pid $DIR/nginx.pid;
error_log $DIR/logs/nginx-error.log warn;
events { worker_connections 1024; }
http {
    access_log ${NGINX_ACCESS_LOG:-$DIR/logs/nginx-access.log};
    client_body_temp_path $DIR/tmp/body;
    proxy_temp_path $DIR/tmp/proxy;
    fastcgi_temp_path $DIR/tmp/fastcgi;
    uwsgi_temp_path $DIR/tmp/uwsgi;
    scgi_temp_path $DIR/tmp/scgi;
    include $DIR/nls-site.conf;
}
EOF
  nginx -t -q -p "$DIR" -c "$DIR/nginx.conf" -e "$DIR/logs/nginx-error.log"
  nginx -p "$DIR" -c "$DIR/nginx.conf" -e "$DIR/logs/nginx-error.log"
  wait_up "$PORT" 20 || die "nginx on port $PORT does not reach the replicas; see $DIR/logs/nginx-error.log"
  trap - ERR
  echo "cluster: nginx on http://127.0.0.1:$PORT, $REPLICAS replicas on ports $((PORT + 1))-$((PORT + REPLICAS)), rate limits ${redis_url:+shared in $redis_url}${redis_url:-per replica}; logs in $DIR/logs; stop with: $0 stop --dir $DIR"
}

status() {
  local up=0
  [ -f "$DIR/nginx.pid" ] && kill -0 "$(cat "$DIR/nginx.pid")" 2>/dev/null && echo "nginx: running (pid $(cat "$DIR/nginx.pid"))" && up=1
  [ -f "$DIR/redis.pid" ] && kill -0 "$(cat "$DIR/redis.pid")" 2>/dev/null && echo "redis-server: running (pid $(cat "$DIR/redis.pid"))" && up=1
  for f in "$DIR"/replica-*.pid; do
    [ -f "$f" ] || continue
    kill -0 "$(cat "$f")" 2>/dev/null && echo "$(basename "$f" .pid): running (pid $(cat "$f"))" && up=1
  done
  [ $up = 1 ] || echo "cluster: not running ($DIR)"
}

case "$cmd" in
  start) start ;;
  stop) stop; echo "cluster: stopped" ;;
  status) status ;;
  *) die "usage: $0 start|stop|status [--replicas N] [--port P] [--dir DIR]" ;;
esac
