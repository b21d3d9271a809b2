// Starts one of the server's worker threads from its entry module beside this one: the TypeScript
// source when running from source (loaded through tsx, registered in the worker too), the bundled
// `<name>.mjs` next to dist/parcel-service.mjs (scripts/build.mjs builds each entry there).
import { Worker } from 'node:worker_threads';

export function startWorker(name: string, workerData: unknown): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL(`./${name}.mjs`, import.meta.url), { workerData });
  const entry = new URL(`./${name}.ts`, import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(bootstrap, { eval: true, workerData });
}
