// Starts a worker thread from its entry module beside the module asking for it: the TypeScript
// source when running from source (loaded through tsx, registered in the worker too), the bundled
// `<name>.mjs` next to the bundle when running from it (scripts/build.mjs builds each entry there).
import { Worker } from 'node:worker_threads';

/** Starts the worker `name` (`<name>.ts` beside `from`, the caller's `import.meta.url`, or `<name>.mjs` beside the bundle). */
export function startWorker(from: string, name: string, workerData: unknown): Worker {
  if (!from.endsWith('.ts')) return new Worker(new URL(`./${name}.mjs`, from), { workerData });
  const entry = new URL(`./${name}.ts`, from).href;
  const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(bootstrap, { eval: true, workerData });
}
