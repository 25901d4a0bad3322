# syntax=docker/dockerfile:1
# One image per service: docker build --build-arg SERVICE=listings -t manzil/listings .
# SERVICE is a folder of services/ (gateway, identity, listings, search, auctions, payments,
# content, notifications, sandbox). The gateway image also carries frontends/*/dist.
ARG NODE_IMAGE=node:20-bookworm-slim

# ---- base: Node 20 with the npm the lockfile was written with (npm 11, see STACK-NOTES) ----
FROM ${NODE_IMAGE} AS base
ENV NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false \
    NX_DAEMON=false \
    NX_NO_CLOUD=true
RUN npm install -g npm@11.19.1 && npm cache clean --force
WORKDIR /app

# ---- manifests: only the package.json files, so `npm ci` stays cached until they change ----
FROM base AS manifests
COPY . /src
RUN cd /src \
 && find . -name package.json -not -path '*/node_modules/*' -not -path '*/dist/*' \
      -exec sh -c 'mkdir -p "/manifests/$(dirname "$1")" && cp "$1" "/manifests/$1"' _ {} \; \
 && cp package-lock.json .npmrc /manifests/

# ---- deps: every dependency, to build ----
FROM base AS deps
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund

# ---- prod-deps: runtime dependencies only ----
FROM base AS prod-deps
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund

# ---- build: swc for every workspace, webpack for the frontends (root `npm run build`) ----
FROM deps AS build
COPY . .
RUN npm run build
# Everything above is shared by all services; from here on the stage depends on SERVICE.
ARG SERVICE
RUN set -eu; \
    if [ -z "${SERVICE:-}" ]; then echo "build with --build-arg SERVICE=<folder of services/>" >&2; exit 1; fi; \
    if [ ! -f "services/${SERVICE}/dist/main.js" ]; then echo "services/${SERVICE}/dist/main.js was not built" >&2; exit 1; fi; \
    mkdir -p /out; \
    for pkg in contracts infra/* "services/${SERVICE}"; do \
      if [ -d "$pkg/dist" ]; then mkdir -p "/out/$pkg" && cp -a "$pkg/dist" "/out/$pkg/"; fi; \
    done; \
    if [ "${SERVICE}" = gateway ]; then \
      for fe in frontends/*; do \
        if [ -d "$fe/dist" ]; then mkdir -p "/out/$fe" && cp -a "$fe/dist" "/out/$fe/"; fi; \
      done; \
    fi

# ---- runtime ----
FROM ${NODE_IMAGE} AS runtime
ARG SERVICE
# tini as PID 1 forwards SIGTERM to node and reaps zombies (Kubernetes has no --init)
# listings prints proposal PDFs with Chromium (services/listings/README.md): only its image has it
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && if [ "${SERVICE}" = listings ]; then apt-get install -y --no-install-recommends chromium fonts-noto-core; fi \
 && rm -rf /var/lib/apt/lists/* \
 && rm -rf /usr/local/lib/node_modules/npm /usr/local/lib/node_modules/corepack \
           /usr/local/bin/npm /usr/local/bin/npx /usr/local/bin/corepack \
 && groupadd --system --gid 10001 manzil \
 && useradd --system --uid 10001 --gid manzil --home-dir /app --shell /usr/sbin/nologin manzil
# NODE_OPTIONS: the services' Node flags, SERVICE_NODE_OPTIONS of scripts/lib/services.mjs
# (k8s/manifests.spec.ts checks they are the same).
ENV NODE_ENV=production \
    NODE_OPTIONS=--max-semi-space-size=32 \
    SERVICE=${SERVICE}
WORKDIR /app
# node_modules (workspace links included) and every workspace's package.json, owned by root:
# the app user can read but not change its own code
COPY --from=prod-deps /app/ ./
COPY --from=build /out/ ./
USER 10001:10001
ENTRYPOINT ["/usr/bin/tini", "--"]
# ${SERVICE} is expanded by sh, then exec makes node the child of tini
CMD ["/bin/sh", "-c", "exec node services/${SERVICE}/dist/main.js"]
