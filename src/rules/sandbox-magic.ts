// The sandbox's magic values (README "Testing your integration", "Magic values"): on stage, a parcel's
// `customerReferenceNumber2` that starts with `SANDBOX:` chooses what happens to its order, so a shop's
// test needs no SandboxService call — one form, no other magic:
//
//   SANDBOX:<scenario>       the parcel walks that scenario (SandboxService setScenario's names)
//   SANDBOX:fault:<code>     storeOrders and validateOrders answer that validation code of the catalogue
//                            (its `error_` may be left off, to fit the field's 35 characters)
//   SANDBOX:status:<status>  storeOrders answers that HTTP status (500, 502, 503, 504), nothing stored
//   SANDBOX:delay:<ms>       storeOrders waits that long (1 to 30000 ms) first, then stores
//
// On live the field is the shop's text like any other (RuleContext.sandbox is false there). A value
// that starts with `SANDBOX:` and is none of these is refused on stage (error_magic_value_unknown),
// so a typing error never silently walks the default journey. This file also holds which scenario fits
// which parcel, shared with the journeys (domain/parcel-life-cycle/plan-journey.ts).
import { errorCatalogue, fill, type ErrorCode, type ReasonCode } from '../contract/error-catalogue.ts';
import { SCENARIOS, type ScenarioName } from '../contract/parcel-states.ts';
import { INJECTED_HTTP_STATUSES, MAX_DELAY_MS } from '../contract/sandbox-service.ts';
import { crossesCustomsBorder } from './reference-data.ts';
import { violation, type OrderRule, type Violation } from './violation.ts';

/** What every magic value starts with. */
export const MAGIC_PREFIX = 'SANDBOX:';

/** The field a magic value is read from. */
export const MAGIC_FIELD = 'customerReferenceNumber2';

export type InjectedHttpStatus = (typeof INJECTED_HTTP_STATUSES)[number];

/** What a magic value asks for. */
export type MagicValue =
  | { readonly scenario: ScenarioName }
  | { readonly fault: ErrorCode }
  | { readonly httpStatus: InjectedHttpStatus }
  | { readonly delayMs: number };

const isScenario = (text: string): text is ScenarioName => (SCENARIOS as readonly string[]).includes(text);
const isValidationCode = (text: string): text is ErrorCode =>
  Object.hasOwn(errorCatalogue, text) && errorCatalogue[text as ErrorCode].kind === 'validation';

/**
 * The magic value `text` is: undefined when it is none (it does not start with SANDBOX:), `unknown`
 * when it starts so but is not one of the forms.
 */
export function readMagicValue(text: unknown): MagicValue | 'unknown' | undefined {
  if (typeof text !== 'string' || !text.startsWith(MAGIC_PREFIX)) return undefined;
  const rest = text.slice(MAGIC_PREFIX.length);
  if (isScenario(rest)) return { scenario: rest };
  const [kind, argument, ...more] = rest.split(':');
  if (argument === undefined || more.length > 0) return 'unknown';
  switch (kind) {
    case 'fault': {
      // The field's 35 characters leave a code 21: its `error_` may be left off.
      const code = argument.startsWith('error_') ? argument : `error_${argument}`;
      return isValidationCode(code) ? { fault: code } : 'unknown';
    }
    case 'status': {
      const status = Number(argument);
      return /^[0-9]{3}$/.test(argument) && (INJECTED_HTTP_STATUSES as readonly number[]).includes(status)
        ? { httpStatus: status as InjectedHttpStatus }
        : 'unknown';
    }
    case 'delay': {
      const ms = Number(argument);
      return /^[1-9][0-9]{0,4}$/.test(argument) && ms <= MAX_DELAY_MS ? { delayMs: ms } : 'unknown';
    }
    default:
      return 'unknown';
  }
}

/** What decides whether a scenario fits a parcel. */
export interface ScenarioFacts {
  readonly product: string;
  /** A return label (`returns`). */
  readonly returns: boolean;
  /** Whether its way crosses the EU customs border (sender and recipient countries). */
  readonly crossesCustoms: boolean;
}

/** Why a scenario does not fit a parcel; undefined when it does. */
export type ScenarioMisfit = 'needs_psd' | 'not_for_psd' | 'needs_customs_border' | 'not_for_return';

/** The reason text of each misfit ({reason} of error_scenario_not_applicable). */
export const MISFIT_REASONS: Readonly<Record<ScenarioMisfit, ReasonCode>> = Object.freeze({
  needs_psd: 'scenario_needs_psd',
  not_for_psd: 'scenario_not_for_psd',
  needs_customs_border: 'scenario_needs_customs_border',
  not_for_return: 'scenario_not_for_return',
});

/** Whether `scenario` can be a parcel's own (a magic value, or SandboxService setScenario with a parcel number). */
export function scenarioMisfitOf(facts: ScenarioFacts, scenario: ScenarioName): ScenarioMisfit | undefined {
  if (facts.returns || facts.product === 'RET') return scenario === 'delivered' || scenario === 'lost' ? undefined : 'not_for_return';
  const psd = facts.product === 'PSD';
  if (scenario === 'parcel_shop_delivery') return psd ? undefined : 'needs_psd';
  if (scenario === 'no_pickup_by_consignee') return undefined;
  if (psd && scenario !== 'delivered' && scenario !== 'lost') return 'not_for_psd';
  if (scenario === 'customs_hold' && !facts.crossesCustoms) return 'needs_customs_border';
  return undefined;
}

/** The forms a magic value takes, as error_magic_value_unknown lists them. */
const FORMS = `SANDBOX:<scenario> (${SCENARIOS.join(', ')}), SANDBOX:fault:<code>, SANDBOX:status:<${INJECTED_HTTP_STATUSES.join('|')}>, SANDBOX:delay:<1-${MAX_DELAY_MS}>`;

const PLACEHOLDER = /\{(\w+)(?:\|[^|{}]*\|[^|{}]*)?\}/g;

/**
 * The violation a `SANDBOX:fault:<code>` value answers: `code` at the field's path, its message's other
 * placeholders (the limits and values a real violation would name) filled with `…`.
 */
function injectedViolation(code: ErrorCode, path: string, value: string): Violation {
  const entry = errorCatalogue[code];
  const names = new Set([...`${entry.en_US} ${entry.nl_NL}`.matchAll(PLACEHOLDER)].map((match) => match[1]));
  const params: Record<string, string> = {};
  for (const name of names) params[name] = '…';
  return violation(code, path, { ...params, path, value });
}

/**
 * The magic values of an order's parcels (stage only): refused when unknown or when the scenario does
 * not fit the parcel or its order (a consignment's parcels walk journeys; a collection request's are
 * the driver's); a fault value answers its fault.
 */
export const checkMagicValues: OrderRule = (order, at, context) => {
  if (context.sandbox !== true) return [];
  const found: Violation[] = [];
  const gsd = order.generalShipmentData;
  const orderType = order.productAndServiceData?.orderType;
  (order.parcels ?? []).forEach((parcel, i) => {
    const text = parcel?.customerReferenceNumber2;
    const magic = readMagicValue(text);
    if (magic === undefined) return;
    const path = `${at}.parcels[${i}].${MAGIC_FIELD}`;
    const value = text as string;
    if (magic === 'unknown') {
      found.push(violation('error_magic_value_unknown', path, { value, values: FORMS }));
      return;
    }
    if ('fault' in magic) {
      found.push(injectedViolation(magic.fault, path, value));
      return;
    }
    if (!('scenario' in magic)) return;
    if (orderType !== undefined && orderType !== 'consignment') {
      found.push(
        violation('error_scenario_not_applicable', path, {
          value,
          parcel: `${at}.parcels[${i}]`,
          reason: fill('scenario_needs_consignment'),
        }),
      );
      return;
    }
    const from = gsd?.sender?.country;
    const to = gsd?.recipient?.country;
    const misfit = scenarioMisfitOf(
      {
        product: gsd?.product ?? '',
        returns: parcel?.returns === true,
        crossesCustoms: from !== undefined && to !== undefined && crossesCustomsBorder(from, to),
      },
      magic.scenario,
    );
    if (misfit !== undefined)
      found.push(
        violation('error_scenario_not_applicable', path, { value, parcel: `${at}.parcels[${i}]`, reason: fill(MISFIT_REASONS[misfit]) }),
      );
  });
  return found;
};
