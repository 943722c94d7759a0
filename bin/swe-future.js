#!/usr/bin/env node
// Runs the compiled CLI (`npm run build`, done by `npm ci` through `prepare`).
// In a checkout, `npm run cli -- <args>` runs the TypeScript sources directly.
import { main } from '../dist/cli/main.js';

process.exitCode = await main(process.argv.slice(2));
