#!/usr/bin/env node
// The `tabula` command: builds the project on first use, then runs the CLI.
const { existsSync } = require('node:fs');
const { execSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const entry = path.join(root, 'dist', 'cli', 'main.js');
if (!existsSync(entry)) execSync('npm run build', { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
require(entry)
  .main(process.argv.slice(2))
  .then((code) => process.exit(code));
