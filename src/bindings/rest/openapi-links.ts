// The `links` of the OpenAPI document's 200 answers (OpenAPI 3.1 "Link Object"), so that a client
// generator or a stateful tester can chain the calls a client makes: getAuth's token into the
// `authentication` of every call that takes one, and the numbers storeOrders answers — each order's
// first parcel label number and its mpsId — into the operations whose request takes them (a top-level
// `parcelLabelNumber`, one or a list; `webNumber`). The request bodies are templates whose leaves are
// runtime expressions (`$response.body#/…`, `$request.body#/…`), read from the contract's request types.
import type { OperationContract } from '../../contract/operation-table.ts';
import type { Field } from '../../contract/schema/model.ts';
import { payloadKeysOf } from './rest-paths.ts';

type Link = { readonly operationId: string; readonly description: string; readonly requestBody: unknown };

const TOKEN = {
  delisId: '$response.body#/getAuthResponse/return/delisId',
  authToken: '$response.body#/getAuthResponse/return/authToken',
  messageLanguage: '$request.body#/messageLanguage',
};
const FIRST_PARCEL = '$response.body#/orderResult/shipmentResponses/0/parcelInformation/0/parcelLabelNumber';
const MPS_ID = '$response.body#/orderResult/shipmentResponses/0/mpsId';

/** What a link writes into the target's operation object, by the request field it fills. */
function linkedFields(target: OperationContract): Record<string, unknown> | undefined {
  const fields: Readonly<Record<string, Field>> = target.request.fields;
  const number = fields.parcelLabelNumber;
  if (number !== undefined) return { parcelLabelNumber: number.kind === 'array' ? [FIRST_PARCEL] : FIRST_PARCEL };
  if (fields.webNumber !== undefined) return { webNumber: MPS_ID };
  return undefined;
}

/** The links of `source`'s 200 answer to the operations among `operations` (by their operationIds). */
export function linksOf(
  source: OperationContract,
  operations: readonly OperationContract[],
  ids: ReadonlyMap<OperationContract, string>,
): Record<string, Link> | undefined {
  const links: Record<string, Link> = {};
  const id = (operation: OperationContract) => ids.get(operation) ?? operation.name;
  if (source.name === 'getAuth') {
    for (const target of operations.filter((operation) => operation.service.authenticated)) {
      links[id(target)] = {
        operationId: id(target),
        description: `The token getAuth answers, as the authentication of ${target.name}.`,
        requestBody: { authentication: TOKEN },
      };
    }
  }
  if (source.name === 'storeOrders') {
    for (const target of operations.filter((operation) => operation.service.authenticated)) {
      const fields = linkedFields(target);
      if (fields === undefined) continue;
      links[id(target)] = {
        operationId: id(target),
        description: `The first order's ${'webNumber' in fields ? 'mpsId' : 'first parcel label number'}, into ${target.name}.`,
        requestBody: { [payloadKeysOf(target)[0]]: fields },
      };
    }
  }
  return Object.keys(links).length === 0 ? undefined : links;
}
