# tabula server image: builds from the repository and serves GraphQL on port 4000.
FROM node:20-slim
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
ENV PORT=4000
EXPOSE 4000
CMD ["node", "dist/server/main.js"]
