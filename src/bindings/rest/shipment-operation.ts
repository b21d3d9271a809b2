// How a ShipmentService operation is served over REST: envelope, authentication, decoding of the
// operation object against the contract, the domain call, and the JSON answer.
import type { FastifyInstance } from 'fastify';
import { decode, type Decoded } from '../../contract/decode.ts';
import type { ObjectType } from '../../contract/model.ts';
import { Authentication } from '../../contract/resources.ts';
import { authenticate } from '../../domain/authenticate.ts';
import type { Outcome, Session } from '../../domain/outcome.ts';
import type { Services } from '../../domain/services.ts';
import { readEnvelope } from './envelope.ts';
import { OK_STATUS, faultResponse, languageOf } from './errors.ts';

export const SHIPMENT_SERVICE_PATH = '/rest/services/ShipmentService/V3_5';

/** One REST operation of the shipment service. */
export interface RestShipmentOperation<T extends ObjectType, R> {
  /** Operation name; also the path's last segment and the name of the body's operation object. */
  readonly name: string;
  /** Other accepted names of the operation object. */
  readonly aliases?: readonly string[];
  readonly request: T;
  /** Key of the result in the answer (null in fault answers). */
  readonly resultKey: string;
  run(services: Services, session: Session, request: Decoded<T>): Promise<Outcome<R>> | Outcome<R>;
  /** The answer's fields beside `status`. */
  write(result: R): Record<string, unknown>;
}

export function registerShipmentOperation<T extends ObjectType, R>(app: FastifyInstance, services: Services, operation: RestShipmentOperation<T, R>): void {
  const payloadKeys = [operation.name, ...(operation.aliases ?? [])];
  app.post(`${SHIPMENT_SERVICE_PATH}/${operation.name}`, { config: { resultKey: operation.resultKey } }, async (request, reply) => {
    const language = languageOf(request.body);
    const sendFault = (outcome: { fault: Parameters<typeof faultResponse>[0] }, lang = language) => {
      const { statusCode, body } = faultResponse(outcome.fault, lang, operation.resultKey);
      return reply.code(statusCode).send(body);
    };
    const read = readEnvelope(request.body, payloadKeys);
    if ('fault' in read) return sendFault(read);
    const session = await authenticate(services, decode(Authentication, read.envelope.authentication, { binding: 'rest', source: 'json' }, 'authentication'));
    if (!session.ok) return sendFault(session);
    const decoded = decode(operation.request, read.envelope.payload, { binding: 'rest', source: 'json' });
    const outcome = await operation.run(services, session.value, decoded);
    if (!outcome.ok) return sendFault(outcome, session.value.language);
    return reply.send({ ...operation.write(outcome.value), status: OK_STATUS });
  });
}
