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
FROM node:24-bookworm-slim
ARG DIST=dist
WORKDIR /srv/gateway
COPY ${DIST}/ ./
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080
USER node
EXPOSE 8080
STOPSIGNAL SIGTERM
# The health endpoint answers 503 while the gateway stops (operations.md HL1). The check asks the path the
# gateway serves it on: SVC_HEALTH_PATH, `/_svc/health` when unset, on SVC_ADMIN_PORT when set (HL6),
# else PORT; with SVC_HEALTH_PATH="" (endpoint off) it only checks that the port accepts connections.
# HOST 0.0.0.0 or :: is reached on 127.0.0.1.
HEALTHCHECK --interval=10s --timeout=3s CMD ["node", "-e", "const e = process.env, path = e.SVC_HEALTH_PATH ?? '/_svc/health', port = Number(e.SVC_ADMIN_PORT || e.PORT || 8080), host = !e.HOST || e.HOST === '0.0.0.0' || e.HOST === '::' ? '127.0.0.1' : e.HOST; if (path === '') require('node:net').connect(port, host).on('connect', () => process.exit(0)).on('error', () => process.exit(1)); else fetch(`http://${host.includes(':') ? `[${host}]` : host}:${port}${path}`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# A 32 MiB young generation lets the short-lived objects of flows over large JSON answers die young
# (docs/configuration.md, Throughput); workers (SVC_WORKERS) inherit it.
CMD ["node", "--max-semi-space-size=32", "server.mjs"]
