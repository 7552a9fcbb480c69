# 慧考云 in one image (docs/deployment.md): the compiled server, the built web app, LibreOffice for
# Word and workbooks → PDF, the CJK fonts papers are drawn with, poppler-utils. Runs as an unprivileged user.
#   buildah bud -t huikao:latest .        (or: docker build -t huikao:latest .)
ARG NODE_IMAGE=docker.io/library/node:20.20.2-bookworm-slim

# ---- build: install everything, build the web app and compile the server ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV CI=true
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/package.json
COPY apps/web/package.json apps/web/package.json
COPY packages packages
ARG npm_config_registry
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 # The workspace packages are compiled into apps/server/dist/node_modules/@huikao; the links to
 # their TypeScript sources are not needed at run time.
 && rm -rf node_modules/@huikao \
 # A dependency whose version differs from one hoisted for another package (file-type) is installed
 # under its workspace; the folder is made so the COPY below holds whether or not there is one.
 && mkdir -p apps/server/node_modules

# ---- runtime ----
FROM ${NODE_IMAGE} AS runtime
RUN apt-get update \
 && apt-get install -y --no-install-recommends \
      libreoffice-writer-nogui libreoffice-calc-nogui fonts-noto-cjk fonts-wqy-zenhei fontconfig poppler-utils ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --gid 0 --home-dir /data --shell /usr/sbin/nologin huikao \
 && mkdir -p /data && chown huikao:0 /data && chmod 0770 /data
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/apps/server/node_modules ./apps/server/node_modules
COPY --from=build /app/scripts/start.mjs /app/scripts/command.mjs ./scripts/
COPY --from=build /app/apps/server/package.json /app/apps/server/fonts.conf ./apps/server/
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
ENV NODE_ENV=production \
    DATA_DIR=/data \
    HOST=0.0.0.0 \
    PORT=8080 \
    HOME=/data
USER huikao
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "scripts/start.mjs"]
