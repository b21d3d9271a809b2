// Rules for shipments that cross the EU customs border (docs/decisions.md "Where the specification is silent"):
// customs data on every parcel, EORI/VAT numbers, the United Kingdom's rules, invoice sums; customs
// data sent on any other shipment is checked as well. A
// shipment travels from its origin (the sender, or a collection request's collectionRequestAddress)
// to the recipient.
import type { DeepPartial } from '../contract/schema/model.ts';
import type { AddressData, InternationalData } from '../contract/shipment-service/shipment-requests.ts';
import { readDate } from './calendar.ts';
import { crossesCustomsBorder, isCountry, isCurrency } from './reference-data.ts';
import { violation, type OrderInput, type OrderRule, type Violation } from './violation.ts';

type AddressInput = DeepPartial<AddressData> | undefined;

const UK_CUSTOMS_TERMS = ['06', '07'];
const NON_UK_CUSTOMS_TERMS = ['01', '02', '03', '05', '06'];

const isBusiness = (address: AddressInput) => address?.type === 'B';
const hasEoriOrVat = (address: AddressInput) => address?.eoriNumber !== undefined || address?.vatNumber !== undefined;

function checkCustomsData(
  international: DeepPartial<InternationalData>,
  weight: number | undefined,
  to: string,
  path: string,
): Violation[] {
  const out: Violation[] = [];
  if (international.parcelType === true) out.push(violation('error_parcel_type_must_be_false', `${path}.parcelType`));
  for (const key of ['customsCurrency', 'customsCurrencyEx'] as const) {
    const currency = international[key];
    if (currency !== undefined && !isCurrency(currency))
      out.push(violation('error_invalid_currency', `${path}.${key}`, { value: currency }));
  }
  if (international.customsInvoiceDate !== undefined && readDate(international.customsInvoiceDate) === undefined) {
    out.push(violation('error_invalid_date', `${path}.customsInvoiceDate`, { value: international.customsInvoiceDate }));
  }
  const allowedTerms = to === 'GB' ? UK_CUSTOMS_TERMS : NON_UK_CUSTOMS_TERMS;
  if (international.customsTerms !== undefined && !allowedTerms.includes(international.customsTerms)) {
    out.push(
      violation('error_customs_terms_not_allowed', `${path}.customsTerms`, {
        value: international.customsTerms,
        to,
        values: allowedTerms.join(', '),
      }),
    );
  }
  const lines = international.commercialInvoiceLine ?? [];
  lines.forEach((line, i) => {
    if (line?.customsOrigin !== undefined && !isCountry(line.customsOrigin)) {
      out.push(violation('error_invalid_country', `${path}.commercialInvoiceLine[${i}].customsOrigin`, { value: line.customsOrigin }));
    }
  });
  // Sums are only meaningful when every line carries the value (shape errors are reported already).
  if (lines.length > 0 && lines.every((line) => line?.grossWeight !== undefined) && weight !== undefined) {
    const sum = lines.reduce((total, line) => total + (line?.grossWeight ?? 0), 0);
    if (sum !== weight) out.push(violation('error_gross_weight_sum_mismatch', `${path}.commercialInvoiceLine`, { sum, weight }));
  }
  if (lines.length > 0 && lines.every((line) => line?.amountLine !== undefined) && international.customsAmount !== undefined) {
    const sum = lines.reduce((total, line) => total + (line?.amountLine ?? 0), 0);
    if (sum !== international.customsAmount)
      out.push(violation('error_amount_line_sum_mismatch', `${path}.commercialInvoiceLine`, { sum, amount: international.customsAmount }));
  }
  return out;
}

/** A business invoice consignee or consignor gives its EORI or VAT number (across the customs border). */
function checkInvoiceParties(international: DeepPartial<InternationalData>, path: string): Violation[] {
  return (['commercialInvoiceConsignee', 'commercialInvoiceConsignor'] as const)
    .filter((role) => isBusiness(international[role]) && !hasEoriOrVat(international[role]))
    .map((role) => violation('error_eori_or_vat_required', `${path}.${role}`));
}

type GoodsValue =
  | { readonly kind: 'known'; readonly amount: number; readonly currency: string; readonly threshold: number }
  | { readonly kind: 'unknown'; readonly violation: Violation }
  | { readonly kind: 'unchecked' };

/**
 * The goods' value in a currency that has a UK registration threshold: `customsAmount` in
 * `customsCurrency`, else `customsAmountEx` in `customsCurrencyEx` (the spec's "currency for
 * conversion"). When neither currency has one, the value cannot be compared with the threshold
 * without exchange rates the service does not have, so the parcel is refused rather than waved
 * through (docs/decisions.md "Operator values"). Missing or invalid values are reported elsewhere.
 */
function ukGoodsValue(
  international: DeepPartial<InternationalData>,
  thresholds: Readonly<Record<string, number>>,
  path: string,
): GoodsValue {
  const pairs = [
    [international.customsAmount, international.customsCurrency],
    [international.customsAmountEx, international.customsCurrencyEx],
  ] as const;
  for (const [amount, currency] of pairs) {
    if (currency === undefined || !Object.hasOwn(thresholds, currency)) continue;
    const threshold = thresholds[currency];
    if (threshold !== undefined) return amount === undefined ? { kind: 'unchecked' } : { kind: 'known', amount, currency, threshold };
  }
  const [[, currency], [, currencyEx]] = pairs;
  if (currency === undefined || currencyEx === undefined || !isCurrency(currency) || !isCurrency(currencyEx)) return { kind: 'unchecked' };
  return {
    kind: 'unknown',
    violation: violation('error_uk_currency_without_threshold', `${path}.customsCurrencyEx`, {
      currency,
      value: currencyEx,
      values: Object.keys(thresholds).join(', '),
    }),
  };
}

/** An address that travels with the parcel, with its path for violations. */
interface Place {
  readonly address: AddressInput;
  readonly path: string;
}

/**
 * Where the parcel leaves from. A collection request's parcel travels from `collectionRequestAddress`
 * ("where the driver collects", spec "Collection request" 1) to the recipient, while `sender` is the
 * customer's own address; every other order leaves from the sender.
 */
function originOf(order: OrderInput, at: string): Place {
  const collectionAddress = order.productAndServiceData?.pickup?.collectionRequestAddress;
  if (order.productAndServiceData?.orderType === 'collection request order' && collectionAddress !== undefined) {
    return { address: collectionAddress, path: `${at}.productAndServiceData.pickup.collectionRequestAddress` };
  }
  return { address: order.generalShipmentData?.sender, path: `${at}.generalShipmentData.sender` };
}

export const checkInternational: OrderRule = (order, at, context) => {
  const gsd = order.generalShipmentData;
  const gsdPath = `${at}.generalShipmentData`;
  const origin = originOf(order, at);
  const destination: Place = { address: gsd?.recipient, path: `${gsdPath}.recipient` };
  const from = origin.address?.country;
  const to = destination.address?.country;
  // An unknown country is reported by the address rules; whether it crosses a border cannot be said.
  if (from === undefined || to === undefined || !isCountry(from) || !isCountry(to)) return [];
  const out: Violation[] = [];
  // Spec: destinationCountryRegistration is "UK only", the sender's registration for shipments to the UK.
  // It stays the sender's (the customer's) on a collection request too: the field is "Sender only".
  const sender = gsd?.sender;
  if (to !== 'GB' && sender?.destinationCountryRegistration !== undefined) {
    out.push(violation('error_destination_country_registration_uk_only', `${gsdPath}.sender.destinationCountryRegistration`));
  }
  // For every cross-border shipment houseNo is given separately, on the addresses that travel.
  if (from !== to) {
    for (const place of [origin, destination]) {
      if (place.address !== undefined && place.address.houseNo === undefined)
        out.push(violation('error_house_no_required', `${place.path}.houseNo`, { from, to }));
    }
  }
  const crosses = crossesCustomsBorder(from, to);
  if (crosses) {
    if (to === 'GB') {
      // UK: business receiver → the receiver's EORI and VAT; private receiver (B2C) → the consignor's,
      // i.e. of the address the parcel leaves from.
      const holder = isBusiness(destination.address) ? destination : origin;
      if (holder.address?.eoriNumber === undefined) out.push(violation('error_uk_eori_required', `${holder.path}.eoriNumber`));
      if (holder.address?.vatNumber === undefined) out.push(violation('error_uk_vat_required', `${holder.path}.vatNumber`));
    }
    for (const place of [origin, destination]) {
      if (isBusiness(place.address) && !hasEoriOrVat(place.address)) out.push(violation('error_eori_or_vat_required', place.path));
    }
  }
  (order.parcels ?? []).forEach((parcel, i) => {
    const path = `${at}.parcels[${i}].international`;
    const international = parcel?.international;
    if (international === undefined) {
      if (crosses && parcel !== undefined) out.push(violation('error_international_required', path, { from, to }));
      return;
    }
    // Customs data is required only across the customs border, but data that is sent is stored with
    // the parcel and must hold what the spec says of each field wherever the parcel goes.
    out.push(...checkCustomsData(international, parcel?.weight, to, path));
    if (!crosses) return;
    out.push(...checkInvoiceParties(international, path));
    if (to !== 'GB') return;
    if (international.commercialInvoiceConsigneeVatNumber === undefined) {
      out.push(violation('error_consignee_vat_number_required', `${path}.commercialInvoiceConsigneeVatNumber`));
    }
    const goods = ukGoodsValue(international, context.operatorValues.ukRegistrationThreshold, path);
    if (goods.kind === 'unknown') {
      out.push(goods.violation);
    } else if (goods.kind === 'known' && goods.amount >= goods.threshold) {
      const { amount, currency, threshold } = goods;
      const params = { amount: (amount / 100).toFixed(2), currency, threshold: (threshold / 100).toFixed(2) };
      if (sender?.destinationCountryRegistration === undefined) {
        out.push(violation('error_destination_country_registration_required', `${gsdPath}.sender.destinationCountryRegistration`, params));
      }
      if (international.comment2 === undefined) out.push(violation('error_comment2_required', `${path}.comment2`, params));
    }
  });
  return out;
};
