# tabula server image: a build stage compiles the server and the web pages; the runtime stage
# ships only the runtime dependencies, the built output, the GraphQL SDL, the migrations and the
# chess opening names the server reads, and runs as `node`.
FROM node:20-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY stubs ./stubs
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-slim
ENV NODE_ENV=production PORT=4000 TABULA_DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/prisma/migrations ./prisma/migrations
COPY --from=build /app/src/schema ./src/schema
COPY --from=build /app/samples/chess/openings ./samples/chess/openings
COPY --from=build /app/bin ./bin
# PGlite's data directory when DATABASE_URL is not set, owned by the unprivileged user.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 4000
CMD ["node", "dist/server/main.js"]
