// Builds the facts the validation rules consult for one call of one account.
import { dateInZone } from '../rules/calendar.ts';
import type { RuleContext } from '../rules/rule-context.ts';
import type { Account } from './ports.ts';
import type { Services } from './services.ts';

export function ruleContextFor(services: Services, account: Account): RuleContext {
  const { settings } = services;
  return {
    depots: account.depots,
    today: dateInZone(services.clock.now(), settings.timeZone),
    holidays: settings.holidays,
    pickupAllowed: settings.environment === 'stage' || account.pickupApproved,
    operatorValues: settings.operatorValues,
  };
}
