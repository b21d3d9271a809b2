// Runs every rule of a storeOrders/validateOrders request: the contract's field checks (already
// done by decoding) followed by the cross-field rules, in request order.
import { MAX_VIOLATIONS, type Violation } from '../contract/schema/decode.ts';
import { checkAccount } from './account.ts';
import { checkAddresses } from './addresses.ts';
import { checkInternational } from './international.ts';
import { checkNotifications } from './notifications.ts';
import { checkParcels } from './parcel-rules.ts';
import { checkPickup, checkPickupOrderAlone } from './pickup.ts';
import { checkPrintOptions } from './print-options.ts';
import type { RuleContext } from './rule-context.ts';
import { checkMagicValues } from './sandbox-magic.ts';
import { checkServices } from './product-service-rules.ts';
import type { OrderRule, RequestInput, RequestRule } from './violation.ts';

const requestRules: readonly RequestRule[] = [checkPrintOptions, checkPickupOrderAlone];
const orderRules: readonly OrderRule[] = [
  checkAccount,
  checkAddresses,
  checkParcels,
  checkServices,
  checkNotifications,
  checkInternational,
  checkPickup,
  // Last: a request's real problems are reported before what its magic values ask for.
  checkMagicValues,
];

const ORDER_INDEX = /^order\[(\d+)\]/;

/** The order a violation belongs to, or -1 for the request as a whole. */
export function orderIndexOf(violation: Violation): number {
  const match = ORDER_INDEX.exec(violation.path);
  return match === null ? -1 : Number(match[1]);
}

/**
 * Every violation of the request, up to MAX_VIOLATIONS: the decoding's and the rules', sorted by the
 * order they belong to (request-wide ones first), keeping the order in which they were found within
 * one order.
 */
export function validateRequest(
  request: RequestInput | undefined,
  decodeViolations: readonly Violation[],
  context: RuleContext,
): Violation[] {
  const found: Violation[] = [...decodeViolations];
  if (request !== undefined) {
    const ruleViolations: Violation[] = [];
    for (const rule of requestRules) ruleViolations.push(...rule(request, context));
    (request.order ?? []).forEach((order, i) => {
      if (order === undefined) return;
      for (const rule of orderRules) ruleViolations.push(...rule(order, `order[${i}]`, context));
    });
    // A field the decoding already refused is not reported again by a rule that missed its value.
    const refused = new Set(decodeViolations.map((v) => v.path));
    found.push(...ruleViolations.filter((v) => !refused.has(v.path)));
  }
  return found
    .map((violation, position) => ({ violation, position, order: orderIndexOf(violation) }))
    .sort((a, b) => a.order - b.order || a.position - b.position)
    .slice(0, MAX_VIOLATIONS)
    .map((entry) => entry.violation);
}
