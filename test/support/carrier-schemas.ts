// Where the carrier's published XML schemas are: reference data the tests validate against and build a
// client from, never copied into this repository. CARRIER_SCHEMAS names their directory; without it the
// tests look in the workspace's reference folder beside this checkout. Where neither holds them, the
// tests that use them fall back to the schemas our own WSDLs serve, and their names say so.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serviceContracts, type ServiceContract } from '../../src/contract/operation-table.ts';

/** The base of the carrier's namespaces: SOAP_NAMESPACE_BASE set to it makes ours match theirs. */
export const CARRIER_NAMESPACE_BASE = 'http://dpd.com/common/service/types';

/** Each schema file the tests use, and the service whose answers it declares (none: the authentication types). */
export const CARRIER_SCHEMA_FILES: Readonly<Record<string, ServiceContract | undefined>> = Object.freeze({
  'Authentication20.xsd': undefined,
  'LoginServiceV21.xsd': serviceContracts.LoginServiceV21,
  'ParcelLifecycleServiceV20.xsd': serviceContracts.ParcelLifeCycleServiceV20,
  'ParcelShopFinderServiceV50.xsd': serviceContracts.ParcelShopFinderServiceV50,
  'ShipmentServiceV33.xsd': serviceContracts.ShipmentServiceV33,
  'EndOfDayServiceV10.xsd': serviceContracts.EndOfDayServiceV10,
});

/** Where the carrier's schemas were looked for, and whether every file is there. */
export interface CarrierSchemas {
  readonly dir: string;
  /** Whether CARRIER_SCHEMAS named the directory (then a missing file is an error, not a fallback). */
  readonly given: boolean;
  readonly found: boolean;
  /** The files missing from `dir`. */
  readonly missing: readonly string[];
}

const WORKSPACE_REFERENCE = join(fileURLToPath(new URL('../..', import.meta.url)), '..', 'shared', 'reference', 'carrier-schemas');

/** Looks for the carrier's schemas: CARRIER_SCHEMAS, else the workspace's reference folder. */
export function locateCarrierSchemas(env: NodeJS.ProcessEnv = process.env): CarrierSchemas {
  const given = env.CARRIER_SCHEMAS !== undefined && env.CARRIER_SCHEMAS !== '';
  const dir = given ? (env.CARRIER_SCHEMAS as string) : WORKSPACE_REFERENCE;
  const missing = Object.keys(CARRIER_SCHEMA_FILES).filter((file) => !existsSync(join(dir, file)));
  return { dir, given, found: missing.length === 0, missing };
}

/** Why a test could not use the carrier's schemas, for its name and its failure messages. */
export function carrierSchemasProblem(schemas: CarrierSchemas): string {
  return `the carrier's schemas are not in ${schemas.dir} (missing ${schemas.missing.join(', ')}): set CARRIER_SCHEMAS to their directory`;
}
