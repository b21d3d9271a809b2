// What `npm run pack` leaves out of the files npm would pack, and what it keeps (scripts/package-contents.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { leftOutBecause } from '../../scripts/package-contents.ts';

const COMPILED = new Set(['node_modules/better-sqlite3']);

describe('the package contents', () => {
  const cases: ReadonlyArray<{ path: string; leftOut: boolean }> = [
    { path: 'dist/parcel-service.mjs', leftOut: false },
    { path: 'dist/parcel-service.mjs.map', leftOut: true },
    { path: 'dist/console/chunks/index.esm-XO5ABLVS.js.map', leftOut: true },
    { path: 'docs/operations.md', leftOut: false },
    { path: 'README.md', leftOut: false },
    { path: 'node_modules/better-sqlite3/build/Release/obj/gen/sqlite3/sqlite3.c', leftOut: true },
    { path: 'node_modules/better-sqlite3/build/Release/better_sqlite3.node', leftOut: true },
    { path: 'node_modules/better-sqlite3/deps/sqlite3/sqlite3.c', leftOut: false },
    { path: 'node_modules/better-sqlite3/lib/index.js', leftOut: false },
    // build/ is a node-gyp output only in a package that has a binding.gyp.
    { path: 'node_modules/fastify/build/build-validation.js', leftOut: false },
    { path: 'node_modules/bintrees/test/perf/100k', leftOut: true },
    { path: 'node_modules/fastify/docs/Reference/Server.md', leftOut: true },
    { path: 'node_modules/ajv/node_modules/fast-uri/test/uri.test.js', leftOut: true },
    { path: 'node_modules/@fastify/error/benchmarks/create.js', leftOut: true },
    { path: 'node_modules/qrcode/node_modules/pngjs/coverage/lcov.info', leftOut: true },
    // A folder named doc/ below a package's top is its code (yaml's Document).
    { path: 'node_modules/yaml/dist/doc/Document.js', leftOut: false },
    { path: 'node_modules/swagger-ui-dist/swagger-ui-bundle.js', leftOut: false },
    { path: 'node_modules/swagger-ui-dist/swagger-ui-bundle.js.map', leftOut: true },
    { path: 'node_modules/kysely/dist/esm/index.d.ts', leftOut: true },
    { path: 'node_modules/pino/README.md', leftOut: true },
    { path: 'node_modules/pino/LICENSE', leftOut: false },
    { path: 'node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf', leftOut: false },
    { path: 'node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf', leftOut: false },
    { path: 'node_modules/dejavu-fonts-ttf/ttf/DejaVuSerif.ttf', leftOut: true },
    { path: 'node_modules/dejavu-fonts-ttf/status.txt', leftOut: true },
    { path: 'node_modules/dejavu-fonts-ttf/package.json', leftOut: false },
    { path: 'node_modules/dejavu-fonts-ttf/LICENSE', leftOut: false },
  ];
  for (const { path, leftOut } of cases) {
    it(`${leftOut ? 'leaves out' : 'keeps'} ${path}`, () => {
      assert.equal(leftOutBecause(path, COMPILED) !== undefined, leftOut, leftOutBecause(path, COMPILED));
    });
  }
});
