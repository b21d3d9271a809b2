// ShipmentService storeOrders: validates like validateOrders, then reserves parcel numbers, renders
// the labels and stores every order in one transaction — all orders or none (docs/decisions.md "Operations").
import type { Decoded } from '../../contract/schema/decode.ts';
import { formatMessage, type ErrorCode } from '../../contract/error-catalogue.ts';
import { chooseService, findProduct } from '../../contract/products.ts';
import type { OrderData, PrintOptionsData, StoreOrders, StoreOrdersData } from '../../contract/shipment-service/shipment-requests.ts';
import type { LabelParcel } from '../../labels/label-input.ts';
import type { DropOffType } from '../../labels/render-labels.ts';
import { dateInZone } from '../../rules/calendar.ts';
import { orderIndexOf, validateRequest } from '../../rules/validate-request.ts';
import { DEFAULT_PRINT_OPTIONS, labelJobOf, labelParcelsOf } from './label-job.ts';
import type { Session } from '../core/outcome.ts';
import { parcelLabelNumber, SHIPMENT_DATA_VALIDITY_MS } from '../core/parcel-number.ts';
import { referenceKeysOf } from './label-references.ts';
import type { NewOrder, NewParcel } from '../ports/shipment-ports.ts';
import { ruleContextFor } from './order-rule-context.ts';
import type { Dependencies } from '../dependencies.ts';
import { MAGIC_FIELD, readMagicValue } from '../../rules/sandbox-magic.ts';
import { waitInjectedDelay, type DelayRefused, type InjectedAnswer } from '../sandbox/fault-injection.ts';

/** One parcel of a shipment response. */
export interface ParcelInformation {
  readonly parcelLabelNumber?: string;
  readonly carrierReference?: string;
}

/** One order's answer: consignments and pickup orders carry `mpsId`, collection requests a `carrierReference`. */
export interface ShipmentResponse {
  readonly identificationNumber: string;
  readonly mpsId?: string;
  readonly parcelInformation: readonly ParcelInformation[];
}

/** The first data error of a refused request, and the order it belongs to. */
export interface StoreOrdersRefusal {
  readonly stored: false;
  /** The failing order (0 when the problem concerns the request as a whole, e.g. printOptions). */
  readonly orderIndex: number;
  readonly orderCount: number;
  readonly identificationNumbers: readonly string[];
  readonly faultCode: ErrorCode;
  readonly message: string;
}

export interface StoreOrdersSuccess {
  readonly stored: true;
  /** PDF or ZPL bytes, per printerLanguage; null for dropOffType QR_CODE or when no label is printed. */
  readonly parcellabelsPDF: Uint8Array | null;
  /** The e-label PNG for dropOffType QR_CODE and BOTH. */
  readonly parcellabelsPNG_qr: Uint8Array | null;
  readonly shipmentResponses: readonly ShipmentResponse[];
}

/**
 * A request a magic value answered instead of storing it (stage): `SANDBOX:status:<status>` (an
 * injected answer), or a `SANDBOX:delay:<ms>` refused because the account has as many calls held as it may.
 */
export interface StoreOrdersInjected {
  readonly stored: false;
  readonly injected: InjectedAnswer | DelayRefused;
}

export type StoreOrdersResult = StoreOrdersSuccess | StoreOrdersRefusal | StoreOrdersInjected;

/**
 * What the request's magic values ask of storeOrders before anything is stored (stage): the first
 * `SANDBOX:delay:<ms>` is waited out, then the first `SANDBOX:status:<status>` is the answer.
 */
async function magicAnswer(
  deps: Dependencies,
  session: Session,
  body: StoreOrdersData,
): Promise<InjectedAnswer | DelayRefused | undefined> {
  let delay: { readonly ms: number; readonly by: string } | undefined;
  let status: InjectedAnswer | undefined;
  body.order.forEach((order, i) =>
    (order.parcels ?? []).forEach((parcel, j) => {
      const text = parcel.customerReferenceNumber2;
      const magic = readMagicValue(text);
      if (typeof magic !== 'object') return;
      const by = `order[${i}].parcels[${j}].${MAGIC_FIELD} ${text}`;
      if ('delayMs' in magic) delay ??= { ms: magic.delayMs, by };
      if ('httpStatus' in magic) status ??= { id: 0, by, httpStatus: magic.httpStatus };
    }),
  );
  if (delay !== undefined) {
    const refused = await waitInjectedDelay(deps, session.account.id, delay.ms, delay.by);
    if (refused !== undefined) return refused;
  }
  return status;
}

/** Counts the serials a request needs: one per parcel, one per pickup order (its mpsId), one per collection request. */
function serialsNeeded(orders: readonly OrderData[]): number {
  return orders.reduce((total, order) => {
    const type = order.productAndServiceData.orderType;
    const parcels = order.parcels?.length ?? 0;
    return total + (type === 'pickup information' ? 1 : type === 'collection request order' ? parcels + 1 : parcels);
  }, 0);
}

export async function storeOrders(deps: Dependencies, session: Session, request: Decoded<typeof StoreOrders>): Promise<StoreOrdersResult> {
  const { account, language } = session;
  const identificationNumbers = (request.value?.order ?? []).map((order) => order?.generalShipmentData?.identificationNumber ?? '');
  const violations = validateRequest(request.value, request.violations, await ruleContextFor(deps, session, request.value));
  const first = violations[0];
  if (first !== undefined) {
    return {
      stored: false,
      orderIndex: Math.max(0, orderIndexOf(first)),
      orderCount: Math.max(1, identificationNumbers.length),
      identificationNumbers,
      faultCode: first.code,
      message: formatMessage(first.code, language, first.params),
    };
  }
  // No violation: the decoded value is complete and typed as the contract says.
  const body = request.value as StoreOrdersData;
  const stage = deps.settings.environment === 'stage';
  if (stage) {
    const answered = await magicAnswer(deps, session, body);
    if (answered !== undefined) return { stored: false, injected: answered };
  }
  const now = session.clock.now();
  const { settings } = deps;
  const shipDate = dateInZone(now, settings.timeZone);
  const printOptions: PrintOptionsData = body.printOptions ?? DEFAULT_PRINT_OPTIONS;
  const serials = [...(await deps.shipments.reserveSerials(serialsNeeded(body.order)))];
  const nextNumber = (depot: string) => parcelLabelNumber(depot, serials.shift() as number, settings.environment);
  const late = account.lateExport;
  const expiresAt = new Date(now.getTime() + SHIPMENT_DATA_VALIDITY_MS);

  const labels: LabelParcel[] = [];
  const newOrders: NewOrder[] = [];
  const responses: ShipmentResponse[] = [];
  body.order.forEach((order, orderIndex) => {
    const gsd = order.generalShipmentData;
    const psd = order.productAndServiceData;
    const product = findProduct(gsd.product);
    if (product === undefined) throw new Error(`product ${gsd.product} passed validation but is not in the product table`);
    const identificationNumber = identificationNumbers[orderIndex];
    const planned = (order.parcels ?? []).map((parcel, position) => {
      // ShipmentService 3.3 takes parcels without a weight (shipment-service-v33.ts): the 3.5 type has none such.
      const weight = parcel.weight as number | undefined;
      const service = chooseService(
        product,
        { saturdayDelivery: psd.saturdayDelivery, ageCheck: psd.ageCheck, weight, volume: parcel.volume },
        settings.operatorValues,
      );
      // On stage a parcel's magic value may choose its own scenario (rules/sandbox-magic.ts checked it fits).
      const magic = stage ? readMagicValue(parcel.customerReferenceNumber2) : undefined;
      const stored: NewParcel = {
        ...(typeof magic === 'object' && 'scenario' in magic ? { scenario: magic.scenario } : {}),
        parcelLabelNumber: nextNumber(gsd.sendingDepot),
        position,
        returns: parcel.returns === true,
        weight,
        serviceCode: service.code,
        data: parcel,
        // Only a consignment's parcels are ever listed (a collection request's numbers are the driver's).
        references: psd.orderType === 'consignment' ? referenceKeysOf(order, parcel) : undefined,
      };
      return { stored, serviceText: service.text };
    });
    const parcels = planned.map((p) => p.stored);
    // Late export holds back consignments' data until exportOrders names their parcels; a collection
    // request is final once accepted and its parcels' numbers are never the caller's to export.
    const queued = late && psd.orderType === 'consignment';
    const base = {
      sendingDepot: gsd.sendingDepot,
      product: gsd.product,
      shipDate,
      data: order,
      parcels,
      parcelState: queued ? 'queued' : 'transferred',
      expiresAt: queued ? undefined : expiresAt,
    } as const;
    if (psd.orderType === 'pickup information') {
      const mpsId = `MPS${nextNumber(gsd.sendingDepot)}${shipDate}`;
      newOrders.push({ ...base, orderType: psd.orderType, mpsId });
      responses.push({ identificationNumber, mpsId, parcelInformation: [] });
      return;
    }
    if (psd.orderType === 'collection request order') {
      // The driver brings the label: the parcels' numbers stay internal, the caller gets a reference.
      const carrierReference = `CR${nextNumber(gsd.sendingDepot)}`;
      newOrders.push({ ...base, orderType: psd.orderType, carrierReference });
      responses.push({ identificationNumber, parcelInformation: [{ carrierReference }] });
      return;
    }
    const mpsId = `MPS${parcels[0].parcelLabelNumber}${shipDate}`;
    // On stage an account may have chosen the scenario its parcels walk (SandboxService setScenario).
    newOrders.push({ ...base, orderType: psd.orderType as 'consignment', mpsId, printOptions, scenario: account.scenario });
    responses.push({ identificationNumber, mpsId, parcelInformation: parcels.map((p) => ({ parcelLabelNumber: p.parcelLabelNumber })) });
    labels.push(
      ...labelParcelsOf(
        order,
        planned.map((p) => ({ ...p.stored, serviceText: p.serviceText })),
        shipDate,
        mpsId,
      ),
    );
  });

  const job = labelJobOf(labels, printOptions, settings.environment === 'stage');
  const rendered =
    labels.length === 0
      ? { labels: null, eLabel: null }
      : await deps.labels.render(job, printOptions.dropOffType as DropOffType | undefined);
  await deps.shipments.saveOrders(account.id, newOrders, now);
  return { stored: true, parcellabelsPDF: rendered.labels, parcellabelsPNG_qr: rendered.eLabel, shipmentResponses: responses };
}
