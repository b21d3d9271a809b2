// Pickup order and collection request rules (table in pickup.cases.ts), and the words of the
// past-date message, which the table's codes and paths do not show.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatMessage } from '../../src/contract/error-catalogue.ts';
import { pickupRequest, TODAY } from '../fixtures/requests.ts';
import { pickupCases } from './pickup.cases.ts';
import { runCases, validateCase } from './run-cases.ts';

runCases('pickup', pickupCases);

describe('a pickup date in the past names the earliest pickup date', () => {
  const cases: ReadonlyArray<{ name: string; today: number; date: number; earliest: number }> = [
    { name: 'today, a business day (Monday)', today: TODAY, date: 20261120, earliest: TODAY },
    { name: 'Monday when today is a Saturday', today: 20261128, date: 20261127, earliest: 20261130 },
    { name: 'Monday when today is a Sunday', today: 20261129, date: 20261127, earliest: 20261130 },
    { name: 'past Christmas (Friday), Boxing Day (Saturday) and the Sunday', today: 20261225, date: 20261224, earliest: 20261228 },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const [violation, ...rest] = validateCase(pickupRequest(c.date), { context: { today: c.today } });
      assert.deepEqual(rest, []);
      assert.equal(violation.code, 'error_pickup_date_in_past');
      assert.equal(
        formatMessage(violation.code, 'en_US', violation.params),
        `order[0].productAndServiceData.pickup.date ${c.date} is in the past; the earliest pickup date is ${c.earliest}.`,
      );
      assert.match(formatMessage(violation.code, 'nl_NL', violation.params), new RegExp(`de vroegste ophaaldatum is ${c.earliest}\\.$`));
    });
  }
});
