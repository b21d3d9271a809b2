// What the cross-field rules know beyond the request itself: the calling account and the day.
import type { ParcelShopService } from '../contract/parcel-shop-finder-service.ts';
import type { OperatorValues } from '../contract/products.ts';

/** The facts a rule may consult. Built by the domain for each call; rules never do I/O. */
export interface RuleContext {
  /** The calling account's depots; `sendingDepot` must be one of them. */
  readonly depots: readonly string[];
  /** Today in the service's time zone, YYYYMMDD (pickup dates are today or later). */
  readonly today: number;
  /** Days (YYYYMMDD) that are not business days besides Saturdays and Sundays. */
  readonly holidays: ReadonlySet<number>;
  /** Whether pickup orders and collection requests are allowed (live needs operator approval). */
  readonly pickupAllowed: boolean;
  readonly operatorValues: OperatorValues;
  /**
   * The shops of the parcel-shop directory among the ids the request names, each with the services
   * it offers (docs/decisions.md "Where the specification is silent": once the directory exists, `parcelShopId` must name a shop in it; a PSD order's
   * shop must offer `parcelShopDelivery`); undefined while the directory is empty or the request
   * names none.
   */
  readonly parcelShops?: ReadonlyMap<number, ReadonlySet<ParcelShopService>>;
  /** Stage: a parcel's `customerReferenceNumber2` starting with `SANDBOX:` is a magic value (sandbox-magic.ts); live: plain text. */
  readonly sandbox?: boolean;
}
