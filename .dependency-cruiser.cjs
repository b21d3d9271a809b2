// The architecture's import directions (`npm run check:imports`): bindings → domain → rules/labels →
// contract; store implements the domain's ports; server wires; cli calls server; xml is the XML
// engine under the SOAP binding; threads starts worker threads for store and server; console is the
// browser's web console. Type-only imports count too. No cycles within src/.

/** What each top-level folder of src/ may import, besides itself and types/. */
const allowed = {
  contract: [],
  rules: ['contract'],
  labels: ['contract'],
  domain: ['contract', 'rules', 'labels'],
  store: ['domain', 'contract', 'threads'],
  xml: ['contract'],
  threads: [],
  bindings: ['domain', 'contract', 'xml'],
  server: ['bindings', 'domain', 'store', 'contract', 'rules', 'labels', 'threads'],
  cli: ['server', 'domain', 'store', 'contract'],
  // The web console runs in the browser: it talks to the service over REST only; of the contract it
  // takes types (erased from the bundle) and nothing at run time but what has no imports of its own.
  console: ['contract'],
  types: [],
};
const layers = Object.keys(allowed);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...Object.entries(allowed).map(([layer, targets]) => ({
      name: `${layer}-imports-inward`,
      comment: `src/${layer}/ may import ${targets.length === 0 ? 'no other layer' : targets.join(', ')} (besides itself and types/)`,
      severity: 'error',
      from: { path: `^src/${layer}/` },
      to: { path: '^src/', pathNot: `^src/(${[layer, 'types', ...targets].join('|')})/` },
    })),
    {
      name: 'new-layer-imports-nothing',
      comment: 'a folder of src/ that is not in the table above may import only itself and types/ until it is added there',
      severity: 'error',
      from: { path: '^src/([^/]+)/', pathNot: `^src/(${layers.join('|')})/` },
      to: { path: '^src/', pathNot: ['^src/$1/', '^src/types/'] },
    },
    {
      name: 'console-takes-only-plain-contract-data',
      comment:
        'src/console/ is bundled for the browser: of the contract it takes types (import type, erased) and at run time only files that import nothing (a model or a resource would bring the whole contract)',
      severity: 'error',
      from: { path: '^src/console/' },
      to: { path: '^src/contract/', pathNot: '^src/contract/(parcel-states|push-codes)[.]ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'domain-core-serves-every-service',
      comment:
        "src/domain/core/ and src/domain/ports/ are what every service's folder shares: they import no service's folder (nor domain/dependencies.ts, which wires them all)",
      severity: 'error',
      from: { path: '^src/domain/(core|ports)/' },
      to: { path: '^src/domain/', pathNot: '^src/domain/(core|ports)/' },
    },
    {
      name: 'pipeline-knows-no-wire',
      comment:
        'src/bindings/pipeline/, handlers/ and the stage-log pieces they use are shared by both bindings: nothing they reach imports rest/, soap/ or http/ (the bindings import them, never the reverse)',
      severity: 'error',
      from: { path: '^src/bindings/(pipeline|handlers)/' },
      to: { path: '^src/bindings/(rest|soap|http)/', reachable: true },
    },
    {
      name: 'stage-log-through-the-bindings',
      comment:
        "src/bindings/stage-log/ (what the pipeline hands the stage log) imports no binding: each binding's own texts (its masking, the answer as REST writes it, its references) reach the log through the server's stage log (server/stage-log/stage-texts.ts), never by the log importing rest/ or soap/",
      severity: 'error',
      from: { path: '^src/bindings/stage-log/' },
      to: { path: '^src/bindings/(rest|soap|http)/' },
    },
    {
      name: 'not-to-dev-dep',
      comment:
        'src/ runs in production, where devDependencies are not installed (npm ci --omit=dev); src/console/ runs in the browser, bundled by the build (dist/console/), which is what the package ships',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/console/' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-circular',
      comment: 'a module of src/ must not reach itself through its imports',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // `import type` is erased at run time but is still a dependency of the design.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
