// Every REST route: `POST /rest/services/<Service>/<Version>/<operation>` for each declared operation
// (DESIGN "REST"). Shipment-service bodies are `{ authentication, <operation>: {...} }`; the login
// service's body is the request itself.
import type { FastifyInstance } from 'fastify';
import { decode } from '../../contract/decode.ts';
import { operations, ShipmentServiceContract, type OperationContract } from '../../contract/operations.ts';
import { Authentication } from '../../contract/resources.ts';
import { authenticate } from '../../domain/authenticate.ts';
import type { Fault, Session } from '../../domain/outcome.ts';
import type { Services } from '../../domain/services.ts';
import { handlers, recordCall, type HandlerResult } from '../operation-handlers.ts';
import { readEnvelope } from './envelope.ts';
import { OK_STATUS, fault, faultResponse, languageOf } from './errors.ts';
import { toJson } from './json-writer.ts';
import { maskJsonText } from './mask-json-text.ts';

const JSON_OPTIONS = { binding: 'rest', source: 'json' } as const;

/** DESIGN: validateOrders also takes its body under `storeOrders` ("the same JSON, only the path differs"). */
const payloadAliases: Readonly<Record<string, readonly string[]>> = { validateOrders: ['storeOrders'] };

export function restPath(operation: OperationContract): string {
  return `/rest/services/${operation.service.name}/${operation.service.version}/${operation.name}`;
}

/** The key a fault answer sets to null: the shipment result's first key, else the response element. */
function resultKeyOf(operation: OperationContract): string {
  return operation.service === ShipmentServiceContract ? Object.keys(operation.response.fields)[0] : operation.responseElement;
}

function registerOperation(app: FastifyInstance, services: Services, operation: OperationContract): void {
  const handler = handlers[operation.name];
  const resultKey = resultKeyOf(operation);
  const unwrapped = operation.service === ShipmentServiceContract;
  app.post(restPath(operation), { config: { resultKey } }, async (request, reply) => {
    let language = languageOf(request.body);
    let session: Session | undefined;
    let payload: unknown = request.body;
    const finish = (result: HandlerResult) => {
      recordCall(services, { binding: 'rest', operation: operation.name, delisId: session?.account.delisId, maskedBody: () => maskJsonText(request.rawBody, request.body), result });
      if (!result.ok) {
        const { statusCode, body } = faultResponse(result.fault, language, resultKey);
        return reply.code(statusCode).send(body);
      }
      const response = toJson(result.response) as Record<string, unknown>;
      return reply.send(unwrapped ? { ...response, status: OK_STATUS } : { [operation.responseElement]: response, status: OK_STATUS });
    };
    const refuse = (problem: Fault) => finish({ ok: false, fault: problem });
    if (operation.service.authenticated) {
      const read = readEnvelope(request.body, [operation.name, ...(payloadAliases[operation.name] ?? [])]);
      if ('fault' in read) return refuse(read.fault);
      payload = read.envelope.payload;
      const authenticated = await authenticate(services, decode(Authentication, read.envelope.authentication, JSON_OPTIONS, 'authentication'));
      if (!authenticated.ok) return refuse(authenticated.fault);
      session = authenticated.value;
      language = session.language;
    } else if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
      return refuse(fault('ERR_INVALID_ENVELOPE', { reason: 'the body must be a JSON object' }));
    }
    return finish(await handler({ services, session, clientAddress: request.ip }, decode(operation.request, payload, JSON_OPTIONS)));
  });
}

export function registerRestRoutes(app: FastifyInstance, services: Services): void {
  for (const operation of operations) {
    if (handlers[operation.name] !== undefined) registerOperation(app, services, operation);
  }
}
