// The fault answers of the OpenAPI document, from the error catalogue: for each HTTP status an
// operation may answer with, the body (every result key null beside the fault's status) and the codes
// and status types of that HTTP status, as errors.ts `faultResponse` writes them.
import { errorCatalogue, errorCodes, type ErrorCode } from '../../contract/error-catalogue.ts';
import type { OperationContract } from '../../contract/operation-table.ts';
import type { JsonSchema } from './json-schema.ts';
import { resultKeysOf } from './rest-paths.ts';

/** The `X-Request-Id` header every answer carries (bindings/http/request-id.ts), as a response's `headers` entry. */
export const REQUEST_ID_HEADERS = Object.freeze({ 'X-Request-Id': { $ref: '#/components/headers/XRequestId' } });

const JSON_CONTENT_TYPE = 'application/json';

/** Codes answered only where no operation is (an unknown path, another method): never at an operation's POST. */
const UNROUTED_CODES: ReadonlySet<ErrorCode> = new Set(['ERR_NOT_FOUND', 'ERR_METHOD_NOT_ALLOWED']);
/** Codes only the login answers: its throttle (domain/login/get-auth.ts). */
const LOGIN_CODES: ReadonlySet<ErrorCode> = new Set(['ERR_TOO_MANY_LOGIN_ATTEMPTS']);

/** The HTTP status of each fault code (errors.ts `faultResponse`: 400 unless the catalogue says otherwise). */
const httpStatusOf = (code: ErrorCode) => errorCatalogue[code].httpStatus ?? 400;
const statusTypeOf = (code: ErrorCode) => (errorCatalogue[code].kind === 'authentication' ? 'AuthenticationFault' : 'FaultCodeType');

/** What a fault of each HTTP status means, for the response descriptions. */
const FAULT_MEANINGS: Readonly<Record<number, string>> = {
  400: 'The request cannot be processed: its JSON, its envelope or its fields (the code names the first problem).',
  401: 'Authentication failed: a wrong login, or a token that is not valid or has expired.',
  413: 'The body is larger than the configured limit.',
  415: 'The body is not `application/json` (or is sent with a content encoding).',
  429: 'Too many failed logins, or calls with a wrong token from the address: wait for the seconds in `Retry-After`.',
  500: 'An unexpected error; the message carries a reference for the operator. Nothing was stored.',
  503: 'The service is shutting down and did not process the request: send it again.',
};

/** Every code an operation's POST may answer, by HTTP status, in the catalogue's order. */
const routedCodes = errorCodes.filter((code) => !UNROUTED_CODES.has(code));
const statuses = [...new Set(routedCodes.map(httpStatusOf))].sort((a, b) => a - b);
const codesOf = (status: number) => routedCodes.filter((code) => httpStatusOf(code) === status);

const componentName = (status: number) => `RestFaultStatus${status}`;

/** The status object of each HTTP status's faults: its types and codes, and the message in the caller's language. */
export function faultStatusComponents(): Record<string, JsonSchema> {
  return Object.fromEntries(
    statuses.map((status) => {
      const codes = codesOf(status);
      return [
        componentName(status),
        {
          description: `The status of an HTTP ${status} fault answer: its code, and the message in the caller's language (docs/errors.md).`,
          type: 'object',
          properties: { type: { enum: [...new Set(codes.map(statusTypeOf))] }, code: { enum: codes }, message: { type: 'string' } },
          required: ['type', 'code', 'message'],
          additionalProperties: false,
        },
      ];
    }),
  );
}

/** What a 429 also means on stage (live's document names no stage-only operation: issue 39). */
const STAGE_429 = ' Or the account has as many calls held in injected delays as it may (SandboxService injectFault `delayMs`).';

function faultResponse(resultKeys: readonly string[], status: number, stage: boolean) {
  const codes = codesOf(status);
  // The 400 codes are every field code of the catalogue; the description names the envelope's own.
  const listed = status === 400 ? 'ERR_MALFORMED_REQUEST, ERR_INVALID_ENVELOPE, ERR_INVALID_REQUEST or a field code' : codes.join(', ');
  return {
    description: `${FAULT_MEANINGS[status] ?? 'A fault.'}${stage && status === 429 ? STAGE_429 : ''} Codes: ${listed} (docs/errors.md).`,
    headers: {
      ...REQUEST_ID_HEADERS,
      ...(status === 429 ? { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'string' } } } : {}),
    },
    content: {
      [JSON_CONTENT_TYPE]: {
        schema: {
          type: 'object',
          properties: {
            ...Object.fromEntries(resultKeys.map((key) => [key, { type: 'null' }])),
            status: { $ref: `#/components/schemas/${componentName(status)}` },
          },
          required: [...resultKeys, 'status'],
          additionalProperties: false,
        },
      },
    },
  };
}

/** The fault answers of `operation`, by HTTP status: the login's throttle only on the login (429 elsewhere: held delays). */
export function faultResponsesOf(operation: OperationContract, stage: boolean): Record<string, unknown> {
  const resultKeys = resultKeysOf(operation);
  const own = statuses.filter((status) => codesOf(status).some((code) => !LOGIN_CODES.has(code) || !operation.service.authenticated));
  return Object.fromEntries(own.map((status) => [status, faultResponse(resultKeys, status, stage)]));
}
