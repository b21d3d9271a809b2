// The error catalogue's codes for requests that cannot be processed at all: the body, the envelope, the path, the method, the size.
import { requestError, type ErrorEntry } from './error-entries.ts';

export const requestErrors = {
  // ── Requests that cannot be processed at all (docs/decisions.md "REST") ──
  ERR_MALFORMED_REQUEST: requestError(
    400,
    'The request body is not valid {format}: {reason}.',
    'De inhoud van het verzoek is geen geldige {format}: {reason}.',
  ),
  ERR_INVALID_ENVELOPE: requestError(
    400,
    'The request envelope is not valid: {reason}.',
    'De envelop van het verzoek is niet geldig: {reason}.',
  ),
  ERR_UNSUPPORTED_MEDIA_TYPE: requestError(
    415,
    'The content type {contentType} is not supported; send {expected}.',
    'Het inhoudstype {contentType} wordt niet ondersteund; stuur {expected}.',
  ),
  ERR_BODY_TOO_LARGE: requestError(
    413,
    'The request body is larger than {limit} bytes.',
    'De inhoud van het verzoek is groter dan {limit} bytes.',
  ),
  ERR_BODY_TOO_DEEP: requestError(
    400,
    'The request body nests objects and arrays deeper than {max} levels.',
    'De inhoud van het verzoek nest objecten en lijsten dieper dan {max} niveaus.',
  ),
  ERR_BODY_TOO_MANY_NODES: requestError(
    400,
    'The request body holds more than {max} objects, arrays, names and values.',
    'De inhoud van het verzoek bevat meer dan {max} objecten, lijsten, namen en waarden.',
  ),
  ERR_DUPLICATE_JSON_NAME: requestError(
    400,
    "The request body gives the JSON name '{name}' twice in one object; give each name once.",
    "De inhoud van het verzoek geeft de JSON-naam '{name}' twee keer in één object; geef elke naam één keer.",
  ),
  ERR_SHUTTING_DOWN: requestError(
    503,
    'The service is shutting down and did not process the request; send it again.',
    'De service wordt afgesloten en heeft het verzoek niet verwerkt; stuur het opnieuw.',
  ),
  // {suggestion}: did_you_mean or did_you_mean_either when a served path is close, else nothing.
  ERR_NOT_FOUND: requestError(
    404,
    'There is no operation at {method} {path}.{suggestion}',
    'Er is geen operatie op {method} {path}.{suggestion}',
  ),
  // SOAP (issue 39): a non-empty SOAPAction that names another operation than the body's element;
  // {action} as sent, {operation} the body's, {expected} the WSDL's soapAction for it.
  ERR_SOAP_ACTION_MISMATCH: requestError(
    400,
    'The SOAPAction {action} does not name the operation the body holds, {operation}; send {expected} or an empty SOAPAction.',
    'De SOAPAction {action} noemt niet de operatie in de body, {operation}; stuur {expected} of een lege SOAPAction.',
  ),
  ERR_METHOD_NOT_ALLOWED: requestError(405, 'Use {allow} for {path}.', 'Gebruik {allow} voor {path}.'),
  ERR_INVALID_REQUEST: requestError(400, 'The request is not valid: {reason}', 'Het verzoek is niet geldig: {reason}'),
  ERR_STAGE_ONLY: requestError(
    404,
    '{operation} is served on stage only: live keeps no log of requests.',
    '{operation} is alleen beschikbaar op stage: live bewaart geen verzoeken.',
  ),
  ERR_INTERNAL: requestError(
    500,
    'The service could not process the request because of an internal error (reference {reference}). Nothing was stored.',
    'De service kon het verzoek door een interne fout niet verwerken (referentie {reference}). Er is niets opgeslagen.',
  ),
  // SandboxService injectFault (stage): the answer of a call given an HTTP status, whichever of 500,
  // 502, 503 or 504 was asked for; every injected answer is recorded under this code.
  ERR_INJECTED_FAULT: requestError(
    503,
    'The sandbox answered this call with HTTP {status}, as {by} asked. Nothing was stored.',
    'De sandbox beantwoordde deze aanroep met HTTP {status}, zoals {by} vroeg. Er is niets opgeslagen.',
  ),
  // SandboxService injectFault (stage): a call that met a delay while its account had as many calls held
  // in delays as it may (domain/sandbox/delayed-calls.ts); other accounts are not held up by them.
  ERR_TOO_MANY_DELAYED_CALLS: requestError(
    429,
    'This account already has {limit} calls held in an injected delay: this call met {by} and was refused at once. Nothing was stored.',
    'Dit account heeft al {limit} aanroepen die een geïnjecteerde vertraging wachten: deze aanroep trof {by} en is meteen geweigerd. Er is niets opgeslagen.',
  ),
} as const satisfies Record<string, ErrorEntry>;
