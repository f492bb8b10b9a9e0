# Scentry in a container (docs/operations.md, "Container"): installed and built inside the image
# with Node 24, then run as one process by an image without compilers. .dockerignore keeps the
# checkout's data, secrets and host builds out of the build context.

FROM node:24-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY . .
RUN node scripts/prepare.mjs

FROM node:24-bookworm-slim
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
ENV NODE_ENV=production DATA_DIR=/data HOST=0.0.0.0 PORT=3000
VOLUME /data
EXPOSE 3000
USER node
# SIGTERM drains for SHUTDOWN_GRACE_S (6 s): stop with a longer time-out (docker stop --time 30).
STOPSIGNAL SIGTERM
# exec form: node is PID 1 and gets the signal itself.
CMD ["node", "--max-semi-space-size=4", "--max-old-space-size=512", "sync-server/dist/server.mjs"]
