#!/usr/bin/env node
// The command line entry (package bin). In a clone (src/ beside bin/) it loads the TypeScript sources
// through tsx, so no build step stands between an edit and a run; an installed package has no sources
// and runs the prebuilt bundle (dist/, built by `npm pack`'s prepack), without TypeScript or tsx.
import { existsSync } from 'node:fs';

if (existsSync(new URL('../src/cli/main.ts', import.meta.url))) {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
} else {
  await import('../dist/parcel-service.mjs');
}
