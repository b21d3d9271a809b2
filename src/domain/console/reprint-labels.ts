// ConsoleService reprintLabels: a parcel's label again, as storeOrders drew it — the same parcel
// numbering, date, service and print options (PDF or ZPL, paper, resolution, e-label) — drawn anew
// from the order as stored. A parcel whose data was deleted or has expired has nothing left to print.
import type { ReprintLabelsData } from '../../contract/console-service.ts';
import { findProduct, serviceWithCode } from '../../contract/products.ts';
import type { ErrorCode } from '../../contract/error-catalogue.ts';
import type { OrderData, PrintOptionsData } from '../../contract/shipment-service/shipment-requests.ts';
import type { DropOffType } from '../../labels/render-labels.ts';
import { DEFAULT_PRINT_OPTIONS, labelJobOf, labelParcelsOf } from '../shipment/label-job.ts';
import { succeed, type Outcome, type Session } from '../core/outcome.ts';
import { hasExpired } from '../core/parcel-lookup.ts';
import type { OrderParcel, ParcelRecord } from '../ports/console-ports.ts';
import type { Dependencies } from '../dependencies.ts';
import { refuse } from '../core/invalid-request.ts';

/** One reprinted label. */
export interface ReprintedLabel {
  readonly parcelLabelNumber: string;
  readonly printerLanguage: string;
  readonly paperFormat: string;
  readonly dropOffType?: string;
  readonly parcellabelsPDF: Uint8Array | null;
  readonly parcellabelsPNG_qr: Uint8Array | null;
}

type Printable = { readonly parcel: ParcelRecord & { readonly order: OrderData }; readonly orderParcels: readonly OrderParcel[] };

/** Why a found parcel cannot be printed again, if it cannot. */
function problemOf(parcel: ParcelRecord, now: Date): ErrorCode | undefined {
  if (parcel.state === 'deleted') return 'error_parcel_deleted';
  if (hasExpired(parcel, now) || parcel.order === undefined) return 'error_parcel_expired';
  return undefined;
}

async function reprint(deps: Dependencies, { parcel, orderParcels }: Printable): Promise<ReprintedLabel> {
  const product = findProduct(parcel.product);
  const numbered = orderParcels.map((sibling) => ({
    ...sibling,
    serviceText: (product === undefined ? undefined : serviceWithCode(product, sibling.serviceCode)?.text) ?? parcel.product,
  }));
  const label = labelParcelsOf(parcel.order, numbered, parcel.shipDate, parcel.mpsId ?? '').filter(
    (drawn) => drawn.parcelLabelNumber === parcel.parcelLabelNumber,
  );
  const printOptions: PrintOptionsData = (parcel.printOptions as PrintOptionsData | undefined) ?? DEFAULT_PRINT_OPTIONS;
  const dropOffType = printOptions.dropOffType as DropOffType | undefined;
  const rendered = await deps.labels.render(labelJobOf(label, printOptions, deps.settings.environment === 'stage'), dropOffType);
  return {
    parcelLabelNumber: parcel.parcelLabelNumber,
    printerLanguage: printOptions.printerLanguage,
    paperFormat: printOptions.paperFormat,
    dropOffType,
    parcellabelsPDF: rendered.labels,
    parcellabelsPNG_qr: rendered.eLabel,
  };
}

export async function reprintLabels(
  deps: Dependencies,
  session: Session,
  request: ReprintLabelsData,
): Promise<Outcome<{ label: ReprintedLabel[] }>> {
  const numbers = request.parcelLabelNumber;
  const found = await Promise.all(numbers.map((number) => deps.parcelReader.readParcel(session.account.id, number)));
  const now = session.clock.now();
  const printable: Printable[] = [];
  for (const [index, number] of numbers.entries()) {
    const entry = found[index];
    const path = `parcelLabelNumber[${index}]`;
    if (entry === undefined) return refuse(session, 'error_parcel_not_found', { path, value: number });
    const problem = problemOf(entry.parcel, now);
    if (problem !== undefined) return refuse(session, problem, { path, value: number });
    printable.push(entry as Printable);
  }
  return succeed({ label: await Promise.all(printable.map((entry) => reprint(deps, entry))) });
}
