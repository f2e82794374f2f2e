#!/usr/bin/env node
// The engine is TypeScript and is not built ahead of time; tsx compiles it on import.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../src/cli.ts');
process.exitCode = await runCli(process.argv.slice(2), process.env);
