// REST LoginService getAuth: body { delisId, password, messageLanguage }; answer getAuthResponse.return.
import type { FastifyInstance } from 'fastify';
import { decode } from '../../contract/decode.ts';
import { GetAuth } from '../../contract/resources.ts';
import { getAuth, loginLanguage } from '../../domain/get-auth.ts';
import type { Services } from '../../domain/services.ts';
import { OK_STATUS, fault, faultResponse } from './errors.ts';
import { restInstant } from './timestamps.ts';

export const GET_AUTH_PATH = '/rest/services/LoginService/V2_1/getAuth';

export function registerGetAuth(app: FastifyInstance, services: Services): void {
  app.post(GET_AUTH_PATH, { config: { resultKey: 'getAuthResponse' } }, async (request, reply) => {
    const language = loginLanguage(request.body);
    if (typeof request.body !== 'object' || request.body === null || Array.isArray(request.body)) {
      const { statusCode, body } = faultResponse(fault('ERR_INVALID_ENVELOPE', { reason: 'the body must be a JSON object with delisId, password and messageLanguage' }), language, 'getAuthResponse');
      return reply.code(statusCode).send(body);
    }
    const outcome = await getAuth(services, decode(GetAuth, request.body, { binding: 'rest', source: 'json' }), request.ip);
    if (!outcome.ok) {
      const { statusCode, body } = faultResponse(outcome.fault, language, 'getAuthResponse');
      return reply.code(statusCode).send(body);
    }
    const result = outcome.value;
    return reply.send({
      getAuthResponse: { return: { ...result, authTokenExpires: restInstant(result.authTokenExpires) } },
      status: OK_STATUS,
    });
  });
}
