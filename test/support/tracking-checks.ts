// Checks of SOAP getTrackingData answers in batches: each answer kept as a file, then validated with
// xmllint against the carrier's ParcelLifecycleServiceV20.xsd (or, where the carrier's schemas are not
// to be found, the schema our WSDL serves: `against` says which), and read by the Python stand-in of
// the connector's tracking parser (test/fixtures/karrio_like_check.py) where /usr/bin/python3 is.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createNamespaces } from '../../src/bindings/soap/namespaces.ts';
import { serviceContracts } from '../../src/contract/operation-table.ts';
import type { TestApp } from './app.ts';
import { CARRIER_NAMESPACE_BASE, carrierSchemasProblem, locateCarrierSchemas } from './carrier-schemas.ts';
import type { ConnectorTracking } from './karrio-like-check.ts';
import { wsdlSchemas } from './wsdl-schemas.ts';

const PYTHON = '/usr/bin/python3';
const STAND_IN = fileURLToPath(new URL('../fixtures/karrio_like_check.py', import.meta.url));
const XSD = 'ParcelLifecycleServiceV20.xsd';

/** Whether the Python stand-in runs here (it needs only Python's standard library). */
export const PYTHON_PRESENT = existsSync(PYTHON);

const schemas = locateCarrierSchemas();

/** Which schema the answers are held to, for the suite's name. */
export const TRACKING_SCHEMA = schemas.found
  ? `the carrier's ${XSD} (${schemas.dir})`
  : `the schema our WSDL serves, as ${carrierSchemasProblem(schemas)}`;

/** Answers kept for one batch of checks. */
export class TrackingAnswers {
  private readonly dir = mkdtempSync(join(tmpdir(), 'tracking-answers-'));
  private readonly files: string[] = [];
  private readonly bodies: string[] = [];
  /** What the TypeScript reading made of each; undefined where the connector cannot read it (Dutch dates). */
  private readonly readings: Array<ConnectorTracking | undefined> = [];
  private xsd: string | undefined;

  /** Keeps a whole SOAP answer and what the TypeScript reading made of it (undefined: nothing, as for Dutch dates). */
  keep(answer: string, reading: ConnectorTracking | undefined): void {
    const body = /<soap:Body>([\s\S]*)<\/soap:Body>/.exec(answer);
    assert.ok(body !== null, `no SOAP body in ${answer.slice(0, 300)}`);
    const file = join(this.dir, `answer-${this.files.length}`);
    writeFileSync(`${file}.xml`, answer);
    writeFileSync(`${file}.body.xml`, body[1]);
    this.files.push(file);
    this.bodies.push(body[1]);
    this.readings.push(reading);
  }

  /** Validates every answer kept, against the carrier's schema or ours, with one xmllint run. */
  async validate(t: TestApp): Promise<void> {
    if (this.files.length === 0) return;
    if (this.xsd === undefined) this.xsd = await schemaFile(t, this.dir);
    const result = spawnSync('xmllint', ['--noout', '--schema', this.xsd, ...this.files.map((file) => `${file}.body.xml`)], {
      encoding: 'utf8',
    });
    assert.equal(result.status, 0, `${result.stderr}\n${this.bodies[0]}`);
  }

  /**
   * Reads every answer kept with the Python stand-in, which must make of each what the TypeScript
   * reading did — and fail where it failed.
   */
  readWithPython(): void {
    if (this.files.length === 0) return;
    const result = spawnSync(PYTHON, [STAND_IN, ...this.files.map((file) => `${file}.xml`)], { encoding: 'utf8' });
    assert.equal(result.status, 0, result.stderr);
    const lines = result.stdout.trim().split('\n');
    assert.equal(lines.length, this.files.length, result.stdout);
    lines.forEach((line, i) => {
      const read = JSON.parse(line) as { ok?: unknown; error?: string };
      const reading = this.readings[i];
      if (reading === undefined) {
        assert.match(read.error ?? '', /^ValueError/, `${line}\n${this.bodies[i]}`);
        return;
      }
      assert.equal(read.error, undefined, `${read.error}\n${this.bodies[i]}`);
      // Python writes None as null where the TypeScript reading leaves a field undefined.
      assert.deepEqual(read.ok, JSON.parse(JSON.stringify(reading, (_, value: unknown) => value ?? null)));
    });
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The namespaces of a server whose SOAP_NAMESPACE_BASE is the carrier's. */
export const CARRIER_NAMESPACES = createNamespaces(CARRIER_NAMESPACE_BASE);

async function schemaFile(t: TestApp, dir: string): Promise<string> {
  // CARRIER_SCHEMAS asked for: its files must be there.
  assert.ok(schemas.found || !schemas.given, carrierSchemasProblem(schemas));
  if (schemas.found) return join(schemas.dir, XSD);
  const service = serviceContracts.ParcelLifeCycleServiceV20;
  const schema = (await wsdlSchemas(t, service)).get(CARRIER_NAMESPACES.service(service));
  assert.ok(schema !== undefined, `no schema for ${XSD} in the served WSDL`);
  const file = join(dir, XSD);
  writeFileSync(file, schema);
  return file;
}
