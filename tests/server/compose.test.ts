import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

const hasDockerCompose = (): boolean => {
  try {
    execFileSync('docker-compose', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

describe('docker-compose.yml', () => {
  const run = hasDockerCompose() ? it : it.skip;
  run('validates and wires the server to PostgreSQL 16 by DATABASE_URL', () => {
    const config = execFileSync('docker-compose', ['-f', path.join(root, 'docker-compose.yml'), 'config'], { encoding: 'utf8' });
    expect(config).toContain('image: postgres:16');
    expect(config).toMatch(/DATABASE_URL: postgresql:\/\/tabula:tabula@postgres:5432\/tabula/);
  });

  run("passes TABULA_API_TOKEN from the caller's environment to the server", () => {
    const config = execFileSync('docker-compose', ['-f', path.join(root, 'docker-compose.yml'), 'config'], {
      encoding: 'utf8',
      env: { ...process.env, TABULA_API_TOKEN: 'token-from-the-environment' },
    });
    expect(config).toContain('TABULA_API_TOKEN: token-from-the-environment');
  });
});

describe('Dockerfile', () => {
  const text = fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8');
  const stages = text.split(/^FROM /m).slice(1);

  it('builds in one stage and runs from a second that copies only the runtime pieces', () => {
    expect(stages).toHaveLength(2);
    expect(stages[0]).toMatch(/^node:20-slim AS build/);
    expect(stages[0]).toContain('npm prune --omit=dev');
    expect(stages[1].match(/^COPY --from=build \S+/gm)).toEqual([
      'COPY --from=build /app/package.json',
      'COPY --from=build /app/node_modules',
      'COPY --from=build /app/dist',
      'COPY --from=build /app/prisma/migrations',
      'COPY --from=build /app/src/schema',
      'COPY --from=build /app/samples/chess/openings',
      'COPY --from=build /app/bin',
    ]);
  });

  it('runs the server as the unprivileged node user', () => {
    expect(stages[1]).toMatch(/^USER node$/m);
    expect(stages[1]).not.toMatch(/^USER root$/m);
  });
});
