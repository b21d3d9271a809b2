#!/usr/bin/env node
// The command line entry (package bin): loads the TypeScript sources through tsx, no build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
