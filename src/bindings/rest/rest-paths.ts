// The REST operation paths (docs/decisions.md "REST": `POST /rest/services/<Service>/<Version>/<operation>`), and
// the names of each operation's object in a body, and the result keys its fault answers set to null.
import { operationList, ShipmentServiceContract, type OperationContract } from '../../contract/operation-table.ts';
import type { Environment } from '../../domain/core/environment.ts';
import { isOperationServedIn, isServedIn } from '../http/served-in.ts';

/** The one method an operation's path takes. */
export const OPERATION_METHOD = 'POST';

export function restPath(operation: OperationContract): string {
  return `/rest/services/${operation.service.name}/${operation.service.version}/${operation.name}`;
}

/** Shipment-service results (of every version) sit beside `status`; the other services' are wrapped in their response element. */
export function isUnwrapped(operation: OperationContract): boolean {
  return operation.service.name === ShipmentServiceContract.name;
}

/** The keys a fault answer sets to null: every key of a shipment result, else the response element. */
export function resultKeysOf(operation: OperationContract): readonly string[] {
  return isUnwrapped(operation) ? Object.keys(operation.response.fields) : [operation.responseElement];
}

/** validateOrders also takes its body under `storeOrders` (docs/decisions.md "Where the specification is silent": "the same JSON, only the path differs"). */
const payloadAliases: Readonly<Partial<Record<string, readonly string[]>>> = { validateOrders: ['storeOrders'] };

/** The names the operation object may have in a body: the operation's, then its aliases. */
export function payloadKeysOf(operation: OperationContract): readonly string[] {
  return [operation.name, ...(payloadAliases[operation.name] ?? [])];
}

const byEnvironment: { readonly [E in Environment]: ReadonlyMap<string, OperationContract> } = {
  stage: byPath('stage'),
  live: byPath('live'),
};

function byPath(environment: Environment): ReadonlyMap<string, OperationContract> {
  const served = operationList.filter(
    (operation) => isServedIn(operation.service, environment) && isOperationServedIn(operation, environment),
  );
  return new Map(served.map((operation) => [restPath(operation), operation]));
}

/** Every operation `environment` serves, by its REST path (SandboxService's only on stage: served-in.ts). */
export function restOperations(environment: Environment): ReadonlyMap<string, OperationContract> {
  return byEnvironment[environment];
}
