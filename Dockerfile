# The portal in a container. The runtime stage copies the same paths as
# tests/e2e/deployment-files.ts and installs them the same way, so the
# production-install test (tests/e2e/production-install.spec.ts) checks what this image runs.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# Dependencies first: their layer is reused until the lockfile changes.
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=3000
COPY --from=build /app/package.json /app/package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/build ./build
COPY --from=build /app/drizzle ./drizzle
# Sources for `npm run admin`, `seed` and `db:migrate` (run through tsx), and the example pictures.
COPY --from=build /app/app ./app
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/tsconfig.json ./tsconfig.json
COPY --from=build /app/server.js ./server.js

# The code stays owned by root, so the server can write only to its data directory.
RUN mkdir /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000

# Slim images have no curl; Node 20's own fetch asks the server.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# server.js handles SIGTERM itself (finishes requests in flight, exits 0), so it runs as PID 1.
CMD ["node", "server.js"]
