# Runs a compiled svc-gateway bundle as a non-root user. The image holds only Node.js and the output
# folder of `svc-compile` (server.mjs, site/, and saxon.cjs when a flow uses xslt): no compiler, no
# node_modules. Build the bundle first (in CI), then the image from the folder that contains it:
#
#   npx svc-compile definition.yaml -o dist/
#   docker build --build-arg DIST=dist -t my-gateway .
#   docker run -p 8080:8080 -e SVC_WORKERS=auto my-gateway
#
# Configuration is by environment variables (docs/configuration.md). The files belong to root and are
# read-only for the `node` user that runs the server, so a compromised process cannot change its code.
FROM node:20-bookworm-slim
ARG DIST=dist
WORKDIR /srv/gateway
COPY ${DIST}/ ./
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080
USER node
EXPOSE 8080
STOPSIGNAL SIGTERM
# /_svc/health answers 503 while the gateway stops (operations.md HL1).
HEALTHCHECK --interval=10s --timeout=3s CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/_svc/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server.mjs"]
