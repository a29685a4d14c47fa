import { execFileSync } from 'node:child_process';
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
});
