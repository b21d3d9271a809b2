// Builds the facts the validation rules consult for one call of one account.
import type { DeepPartial } from '../contract/model.ts';
import type { ParcelShopService } from '../contract/parcel-shops.ts';
import type { StoreOrdersData } from '../contract/resources.ts';
import { dateInZone } from '../rules/calendar.ts';
import type { RuleContext } from '../rules/rule-context.ts';
import type { Session } from './outcome.ts';
import type { Services } from './services.ts';

function contextOf(
  services: Services,
  { account, clock }: Session,
  parcelShops: ReadonlyMap<number, ReadonlySet<ParcelShopService>> | undefined,
): RuleContext {
  const { settings } = services;
  return {
    depots: account.depots,
    today: dateInZone(clock.now(), settings.timeZone),
    holidays: settings.holidays,
    pickupAllowed: settings.environment === 'stage' || account.pickupApproved,
    operatorValues: settings.operatorValues,
    parcelShops,
  };
}

/** The parcelShopIds the request's orders name (those that decoded). */
function parcelShopIdsOf(request: DeepPartial<StoreOrdersData> | undefined): number[] {
  const ids: number[] = [];
  for (const order of request?.order ?? []) {
    const id = order?.productAndServiceData?.parcelShopDelivery?.parcelShopId;
    if (id !== undefined && /^[0-9]{1,9}$/.test(id)) ids.push(Number(id));
  }
  return ids;
}

/**
 * The facts for validating `request`. The parcel-shop directory is asked only when an order names a
 * shop, so most requests are answered without waiting for the store.
 */
export function ruleContextFor(
  services: Services,
  session: Session,
  request: DeepPartial<StoreOrdersData> | undefined,
): RuleContext | Promise<RuleContext> {
  const ids = parcelShopIdsOf(request);
  if (ids.length === 0) return contextOf(services, session, undefined);
  return services.parcelShops.knownParcelShops(ids).then((shops) => contextOf(services, session, shops));
}
