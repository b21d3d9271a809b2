// The error catalogue's codes for the SandboxService (stage). A sandbox refusal answers with its code
// itself (domain/sandbox/sandbox-refusal.ts): REST HTTP 400 with `status.code` the code, SOAP a `faults`
// fault with it as `faultCode`.
import { validationError, type ErrorEntry } from './error-entries.ts';

export const sandboxErrors = {
  // ── SandboxService (stage; README "Testing your integration") ──
  error_invalid_date_time: validationError(
    '{path} {value} is not a date and time that exists (YYYY-MM-DDThh:mm:ssZ).',
    '{path} {value} is geen bestaande datum en tijd (JJJJ-MM-DDTuu:mm:ssZ).',
  ),
  error_clock_choice: validationError(
    '{path}: give exactly one of fixedTime, advanceBy, reset (true) or advanceTo.',
    '{path}: geef precies één van fixedTime, advanceBy, reset (true) of advanceTo op.',
  ),
  error_clock_out_of_range: validationError(
    "{path}: the account's clock would read {value}; it must stay from {from} to {to}.",
    '{path}: de klok van het account zou {value} aangeven; die moet tussen {from} en {to} blijven.',
  ),
  error_fault_behaviour_choice: validationError(
    '{path}: give exactly one of fault, authenticationFault, httpStatus, delayMs or dropConnection (true).',
    '{path}: geef precies één van fault, authenticationFault, httpStatus, delayMs of dropConnection (true) op.',
  ),
  error_unknown_operation: validationError(
    '{path} {value} is not an operation a fault can be injected into; use * or one of {values}.',
    '{path} {value} is geen operatie waarin een fout kan worden geïnjecteerd; gebruik * of een van {values}.',
  ),
  error_too_many_pending_faults: validationError(
    '{path}: this account has {max} injected faults pending already; clear some with clearFaults.',
    '{path}: dit account heeft al {max} geïnjecteerde fouten klaarstaan; verwijder er een aantal met clearFaults.',
  ),
  error_injected_fault_not_found: validationError(
    '{path} {value} is not a pending injected fault of this account.',
    '{path} {value} is geen klaarstaande geïnjecteerde fout van dit account.',
  ),
  error_parcel_not_transferred: validationError(
    '{path} {value} is {state}: its shipment data has not reached the carrier yet; export it with exportOrders first.',
    '{path} {value} is {state}: de zendingsgegevens zijn nog niet bij de vervoerder; exporteer ze eerst met exportOrders.',
  ),
  error_parcel_already_there: validationError(
    '{path} {value} has passed {to} already: its current status is {status}.',
    '{path} {value} is al voorbij {to}: de huidige status is {status}.',
  ),
  error_status_not_in_scenario: validationError(
    "{path} {value} is not a status of this parcel's scenario {scenario}: {values}.",
    '{path} {value} is geen status van het scenario {scenario} van dit pakket: {values}.',
  ),
  error_scenario_not_applicable: validationError(
    '{path} {value} does not fit parcel {parcel}: {reason}.',
    '{path} {value} past niet bij pakket {parcel}: {reason}.',
  ),
  error_journey_diverged: validationError(
    '{path} {value}: parcel {parcel} has shown events its scenario {scenario} does not have (up to {status}); choose a scenario that goes on from where the parcel is, or reset the account.',
    '{path} {value}: pakket {parcel} heeft gebeurtenissen laten zien die scenario {scenario} niet heeft (tot en met {status}); kies een scenario dat verdergaat waar het pakket is, of zet het account terug.',
  ),
  // ── The magic values of customerReferenceNumber2 (stage; src/rules/sandbox-magic.ts) ──
  error_magic_value_unknown: validationError(
    '{path} {value} is not a sandbox value; on stage a value starting with SANDBOX: is one of {values}.',
    '{path} {value} is geen sandboxwaarde; op stage is een waarde die met SANDBOX: begint een van {values}.',
  ),
} as const satisfies Record<string, ErrorEntry>;
