# The Nepali Language Service as a container image (docs/operations.md, "Running several
# replicas", "Container image").
#
#   docker build -t nls .          # or: podman build -t nls .
#   docker run --rm -p 8080:8080 nls
#
# Two stages on the same Debian 12 (bookworm) Node.js 20 base:
#   build    installs make, `npm ci`, compiles, builds the data (`make data`:
#            `apt-get download` of hunspell-ne, mythes-ne, tesseract-ocr-nep
#            and libreoffice-l10n-ne from Debian's mirror, then about a minute
#            of CPU), then `npm prune --omit=dev`;
#   runtime  the compiled service (dist/src, dist/playground), the production node_modules,
#            package.json and the one data build, run by a non-root user.
#
# The data is built INTO the image, not mounted as a volume, because the
# service is read-only over it and the two belong together: the store keeps
# spellcheck verdicts and romanization analyses stamped with a fingerprint of
# the compiled engine code (src/engine/spell/fingerprint.ts), which a thread
# uses only when its own code has the same fingerprint. An image that carries
# the code and the data it was built with always serves them at full speed,
# every replica started from one image tag serves the same bytes, and a
# replica needs nothing but the image to start (about 210 MiB of data: a
# large layer, but one that every replica shares and pulls once).
#
# The other way, the data on a volume (to roll out new data without a new
# image, or to share one copy between images): build it once elsewhere,
# `make data-archive`, and unpack the archive into the volume with the
# image's own tools (it checks the archive's SHA-256 and the store's
# checksum), then point DATA_DIR at it:
#   docker run --rm -v nls-data:/data -v "$PWD/archives:/archives:ro" nls \
#     node dist/src/build/archive-cli.js unpack /archives/nls-data-....tar.gz --data-dir /data
#   docker run --rm -p 8080:8080 -v nls-data:/data:ro -e DATA_DIR=/data nls
# (the same as `make data-from-archive ARCHIVE=... DATA_DIR=...` on a host).
#
# BASE_IMAGE: any Debian bookworm image with Node.js 20 as `node` and npm on
# the PATH; deploy/image-check.sh builds one locally where Docker Hub cannot
# be reached.

ARG BASE_IMAGE=node:20-bookworm-slim

FROM ${BASE_IMAGE} AS build
# make for the build; the data build itself needs only apt-get and dpkg-deb,
# which every Debian image has, and package lists, which slim images lack.
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends make \
 && rm -rf /var/cache/apt/archives/*.deb
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund && touch node_modules/.installed
COPY Makefile tsconfig.json tsconfig.playground.json tsconfig.playground-check.json ./
COPY src ./src
COPY native-data/README.md ./native-data/README.md
# `make data` compiles (tsc) and builds the data into native-data/builds/<time>,
# with native-data/current pointing at it; the runtime stage takes that one
# build (not the package cache, not LMDB's lock file).
RUN make data \
 && mkdir -p /out \
 && cp -rL native-data/current /out/data \
 && rm -f /out/data/store/lock.mdb \
 && rm -rf /var/lib/apt/lists/*
# The service runs on the production packages alone (piscina, lmdb, uWebSockets.js, ...).
# uWebSockets.js ships a binary for every platform and Node.js ABI (184 MB):
# keep the one this Node.js loads (the runtime stage has the same base).
RUN npm prune --omit=dev --no-audit --no-fund && rm -f node_modules/.installed \
 && keep="uws_$(node -p 'process.platform + "_" + process.arch + "_" + process.versions.modules').node" \
 && test -f "node_modules/uWebSockets.js/$keep" \
 && find node_modules/uWebSockets.js -name 'uws_*.node' ! -name "$keep" -delete

FROM ${BASE_IMAGE} AS runtime
# A system user without a shell or home; it owns nothing in the image but
# the empty /data (for the volume way above: a new named volume mounted there
# takes its owner, so the image's own unpack can write into it). The code and
# the built-in data are root's and read-only to it (LMDB opens the store
# read-only and needs no lock file it can write).
RUN groupadd --system nls && useradd --system --gid nls --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin nls \
 && mkdir /data && chown nls:nls /data
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist/src ./dist/src
# The playground page (GET /): its scripts compiled from src/playground, its
# page and style sheet read from src/playground as they are.
COPY --from=build /app/dist/playground ./dist/playground
COPY --from=build /app/src/playground/index.html /app/src/playground/app.css ./src/playground/
COPY --from=build /out/data ./data
ENV HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/app/data
USER nls
EXPOSE 8080
# /up answers 200 while the service is up and 503 once it is shutting down.
# With node, not curl (the slim base has no curl); PORT as the container has it.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/up').then(r=>process.exit(r.status===200?0:1),()=>process.exit(1))"]
# SIGTERM: /up turns 503 at once, requests in flight finish within
# SHUTDOWN_GRACE_MS (10 s), the process exits 0. node is PID 1 and handles
# the signal itself. `docker stop` sends SIGKILL after 10 s, no more than the
# grace: give it more (`docker run --stop-timeout 15`, `docker stop -t 15`,
# Kubernetes' terminationGracePeriodSeconds) so that a full drain is never cut.
STOPSIGNAL SIGTERM
# --max-semi-space-size=4: the main thread's young generation bounded; --v8-pool-size=1: one thread for V8's background work (docs/operations.md, "Memory").
CMD ["node", "--max-semi-space-size=4", "--v8-pool-size=1", "dist/src/main.js"]
