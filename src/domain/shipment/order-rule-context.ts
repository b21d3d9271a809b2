// Builds the facts the validation rules consult for one call of one account.
import type { DeepPartial } from '../../contract/schema/model.ts';
import type { ParcelShopService } from '../../contract/parcel-shop-finder-service.ts';
import type { StoreOrdersData } from '../../contract/shipment-service/shipment-requests.ts';
import { dateInZone } from '../../rules/calendar.ts';
import type { RuleContext } from '../../rules/rule-context.ts';
import type { Session } from '../core/outcome.ts';
import type { Dependencies } from '../dependencies.ts';

function contextOf(
  deps: Dependencies,
  { account, clock }: Session,
  parcelShops: ReadonlyMap<number, ReadonlySet<ParcelShopService>> | undefined,
): RuleContext {
  const { settings } = deps;
  return {
    depots: account.depots,
    today: dateInZone(clock.now(), settings.timeZone),
    holidays: settings.holidays,
    pickupAllowed: settings.environment === 'stage' || account.pickupApproved,
    operatorValues: settings.operatorValues,
    parcelShops,
    sandbox: settings.environment === 'stage',
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
  deps: Dependencies,
  session: Session,
  request: DeepPartial<StoreOrdersData> | undefined,
): RuleContext | Promise<RuleContext> {
  const ids = parcelShopIdsOf(request);
  if (ids.length === 0) return contextOf(deps, session, undefined);
  return deps.parcelShops.knownParcelShops(ids).then((shops) => contextOf(deps, session, shops));
}
