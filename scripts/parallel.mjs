#!/usr/bin/env node
// Runs npm scripts side by side and fails when any of them fails: `npm test` checks types and lint at the
// same time, since both only read files and one alone leaves a core idle.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
const codes = await Promise.all(
  scripts.map(
    (script) =>
      new Promise((resolve) => {
        const child = spawn('npm', ['run', '--silent', script], { stdio: 'inherit' });
        child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
      }),
  ),
);
const failed = scripts.filter((_, index) => codes[index] !== 0);
if (failed.length > 0) {
  console.error(`failed: ${failed.join(', ')}`);
  process.exit(1);
}
