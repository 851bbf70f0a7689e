#!/usr/bin/env bash
# Builds the container image (Dockerfile) and smoke-tests it: starts it,
# waits for /up, asks for health, a look-up, a spellcheck and a
# romanization, runs the image's HEALTHCHECK command, stops it (SIGTERM) and
# checks that it exited 0; prints the build time, the image size and the
# start time. Not part of `make test` (a build takes minutes).
#
#   deploy/image-check.sh [--local-base] [--nested] [--port P] [--tag T] [--no-build]
#
# Uses podman, else docker; without either it says so and exits 0 (skipped).
#
# --local-base  builds the base image from Debian's mirror instead of pulling
#               node:20-bookworm-slim (for machines without access to Docker
#               Hub; root, debootstrap and podman): a minbase bookworm root
#               (debootstrap, mirror from MIRROR, default deb.debian.org) with
#               this machine's Node.js 20 and npm laid out as in the official
#               image (/usr/local/bin/node, /usr/local/lib/node_modules/npm),
#               imported as localhost/node20-bookworm. This machine's CA
#               bundle goes in as NODE_EXTRA_CA_CERTS, for networks whose npm
#               registry is reached through a TLS-inspecting proxy.
# --nested      the flags podman 4.3 needed inside a nested container here
#               (a Firecracker VM with cgroups v1 + v2 "hybrid" and no
#               CAP_SYS_RESOURCE): build with --isolation chroot, run with
#               runc (crun refuses hybrid cgroups) and ulimits no higher than
#               the caller's (podman's defaults cannot be set there).
# BUILD_FLAGS / RUN_FLAGS add flags of your own to `build` / `run`.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
PORT=18095
TAG=localhost/nls:check
LOCAL_BASE=0
NESTED=0
BUILD=1
MIRROR=${MIRROR:-http://deb.debian.org/debian}

die() { echo "image-check: $*" >&2; exit 1; }
while [ $# -gt 0 ]; do
  case "$1" in
    --local-base) LOCAL_BASE=1; shift ;;
    --nested) NESTED=1; shift ;;
    --port) PORT=$2; shift 2 ;;
    --tag) TAG=$2; shift 2 ;;
    --no-build) BUILD=0; shift ;;
    *) die "unknown option $1 (usage: $0 [--local-base] [--nested] [--port P] [--tag T] [--no-build])" ;;
  esac
done

if command -v podman >/dev/null; then ENGINE=podman
elif command -v docker >/dev/null && docker info >/dev/null 2>&1; then ENGINE=docker
else
  echo "image-check: skipped: neither podman nor a running docker daemon here (apt-get install podman)"
  exit 0
fi

build_flags=(--network host)
run_flags=(--network host)
if [ $ENGINE = podman ]; then
  # Docker's image format keeps HEALTHCHECK (OCI's has no place for it).
  build_flags+=(--format docker)
  if [ $NESTED = 1 ]; then
    build_flags+=(--isolation chroot)
    run_flags+=(--runtime runc --ulimit "nofile=$(ulimit -Hn):$(ulimit -Hn)" --ulimit nproc=10000:10000)
  fi
fi
# shellcheck disable=SC2206
build_flags+=(${BUILD_FLAGS:-})
# shellcheck disable=SC2206
run_flags+=(${RUN_FLAGS:-})

BASE_IMAGE=${BASE_IMAGE:-node:20-bookworm-slim}
if [ $LOCAL_BASE = 1 ]; then
  [ $ENGINE = podman ] || die "--local-base needs podman"
  [ "$(id -u)" = 0 ] || die "--local-base needs root (debootstrap)"
  command -v debootstrap >/dev/null || die "--local-base needs debootstrap (apt-get install debootstrap)"
  node -e 'process.exit(+process.versions.node.split(".")[0] === 20 ? 0 : 1)' || die "--local-base copies this machine's node, which must be 20 (found $(node --version))"
  BASE_IMAGE=localhost/node20-bookworm
  if ! podman image exists "$BASE_IMAGE"; then
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    echo "image-check: debootstrap --variant=minbase bookworm from $MIRROR"
    debootstrap --variant=minbase bookworm "$work/root" "$MIRROR" >"$work/debootstrap.log" 2>&1 || { tail -20 "$work/debootstrap.log"; die "debootstrap failed"; }
    r=$work/root
    mkdir -p "$r/usr/local/bin" "$r/usr/local/lib/node_modules" "$r/usr/local/share/ca-certificates"
    cp "$(command -v node)" "$r/usr/local/bin/node"
    npm_dir=$(npm root -g)/npm
    cp -a "$npm_dir" "$r/usr/local/lib/node_modules/npm"
    ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$r/usr/local/bin/npm"
    ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$r/usr/local/bin/npx"
    cp /etc/ssl/certs/ca-certificates.crt "$r/usr/local/share/ca-certificates/host-ca-bundle.pem"
    # As in Debian's official images: no package lists (the Dockerfile runs apt-get update).
    rm -rf "$r"/var/lib/apt/lists/* "$r"/var/cache/apt/*.bin
    tar -C "$r" -c . | podman import \
      --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
      --change 'ENV NODE_EXTRA_CA_CERTS=/usr/local/share/ca-certificates/host-ca-bundle.pem' \
      --change 'CMD ["node"]' - "$BASE_IMAGE" >/dev/null
    rm -rf "$work"
    trap - EXIT
    echo "image-check: base image $BASE_IMAGE ($(podman run --rm "${run_flags[@]}" "$BASE_IMAGE" node --version 2>/dev/null || echo '?'))"
  fi
fi

if [ $BUILD = 1 ]; then
  echo "image-check: $ENGINE build ${build_flags[*]} --build-arg BASE_IMAGE=$BASE_IMAGE -t $TAG $ROOT"
  start=$SECONDS
  $ENGINE build "${build_flags[@]}" --build-arg "BASE_IMAGE=$BASE_IMAGE" -t "$TAG" "$ROOT"
  echo "image-check: built in $((SECONDS - start)) s"
fi
size=$($ENGINE image inspect "$TAG" --format '{{.Size}}')
echo "image-check: $TAG is $((size / 1000000)) MB"

name=nls-image-check-$$
cleanup() { $ENGINE rm -f "$name" >/dev/null 2>&1 || true; }
trap cleanup EXIT
B=http://127.0.0.1:$PORT
fail() { echo "image-check: FAILED: $*" >&2; $ENGINE logs "$name" 2>&1 | tail -20 >&2; exit 1; }

t0=$(date +%s%N)
$ENGINE run -d --name "$name" "${run_flags[@]}" -e "PORT=$PORT" "$TAG" >/dev/null
until [ "$(curl -s -o /dev/null -w '%{http_code}' "$B/up" || true)" = 200 ]; do
  [ "$($ENGINE inspect "$name" --format '{{.State.Running}}')" = true ] || fail "the container exited before /up answered"
  [ $((($(date +%s%N) - t0) / 1000000000)) -lt 120 ] || fail "/up did not answer 200 within 120 s"
  sleep 0.1
done
echo "image-check: /up 200 after $((($(date +%s%N) - t0) / 1000000)) ms (from \`$ENGINE run\`)"

check() { # name, expected substring, curl arguments...
  local what=$1 want=$2; shift 2
  local got
  got=$(curl -s "$@") || fail "$what: curl failed"
  [[ "$got" == *"$want"* ]] || fail "$what: expected $want in: ${got:0:300}"
  echo "image-check: $what ok"
}
check "health" '"status":"healthy"' "$B/api/v1/health"
# No start-up issues: in particular the stored spellcheck verdicts and
# romanization analyses were made by this image's own engine code.
$ENGINE logs "$name" 2>&1 | grep '"msg":"listening"' | grep -q '"issues":\[\]' || fail "start-up issues in the log"
echo "image-check: no start-up issues"
check "look-up" '"word":"अर्थ"' -G "$B/api/v1/dictionary/word" --data-urlencode 'q=अर्थ'
check "spellcheck" '"corrections":["पानी"]' -X POST "$B/api/v1/spellcheck/text" -H 'Content-Type: application/json' -d '{"text":"हामी पानि खान्छौँ।"}'
check "romanization" '"converted_text":"मेरो घर"' -X POST "$B/api/v1/romanization/resolve" -H 'Content-Type: application/json' -d '{"text":"mero ghar"}'
check "playground page" '/playground/app.js' "$B/"
check "playground script" 'WebSocket' "$B/playground/live.js"
# The image's own HEALTHCHECK command, run inside the container.
hc=$($ENGINE image inspect "$TAG" --format '{{json .Config.Healthcheck.Test}}' 2>/dev/null || true)
[[ "$hc" == *'/up'* ]] || fail "the image has no HEALTHCHECK on /up (podman: build with --format docker)"
$ENGINE exec "$name" node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/up').then(r=>process.exit(r.status===200?0:1),()=>process.exit(1))" \
  || fail "the HEALTHCHECK command failed"
echo "image-check: HEALTHCHECK command ok"
user=$($ENGINE exec "$name" id -un)
[ "$user" != root ] || fail "the service runs as root"
echo "image-check: runs as $user"

t1=$(date +%s%N)
$ENGINE stop -t 20 "$name" >/dev/null
code=$($ENGINE inspect "$name" --format '{{.State.ExitCode}}')
[ "$code" = 0 ] || fail "exit code $code after SIGTERM (expected 0)"
$ENGINE logs "$name" 2>&1 | grep -q '"msg":"shutting down","signal":"SIGTERM"' || fail "no shutdown line for SIGTERM in the log"
echo "image-check: stopped by SIGTERM in $((($(date +%s%N) - t1) / 1000000)) ms, exit 0"
echo "image-check: passed"
