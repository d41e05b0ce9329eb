#!/usr/bin/env node
// `npm start`: build the web app if needed, migrate and seed the database, serve the site.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const step = (args) => {
  const result = spawnSync(args[0], args.slice(1), { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
step(['node', 'scripts/ensure-build.mjs']);
step(['npm', 'run', '--silent', 'db:seed']);
const server = spawnSync('node', ['--import', 'tsx', 'apps/server/src/main.ts', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(server.status ?? 0);
