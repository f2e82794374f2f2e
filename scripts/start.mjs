// `npm start`: builds the web app when its build is missing or older than its sources, then runs the one
// server process that serves the SPA and the API (ARCHITECTURE.md §5), and starts it again should it crash.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { supervise } from './supervise.mjs';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/scripts',
  'packages/domain/src',
];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
if (builtAt < Math.max(...sources.map((s) => newestMtime(path.join(root, s))))) {
  console.log('Baue die Web-Oberfläche …');
  const build = spawnSync('npm', ['run', 'build', '-w', '@korrigo/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

process.exitCode = await supervise({
  start: () =>
    spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: root,
      stdio: 'inherit',
      env: { NODE_ENV: 'production', ...process.env },
    }),
});
