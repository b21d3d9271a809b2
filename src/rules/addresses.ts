// Rules on every address of an order: reference data, e-mail, phone-or-email, sender-only fields.
import { joinPath } from '../contract/schema/decode.ts';
import type { AddressData } from '../contract/shipment-service/shipment-requests.ts';
import type { DeepPartial } from '../contract/schema/model.ts';
import { isCountry, isEmail, isPostcodeOf, isUsState } from './reference-data.ts';
import { violation, type OrderInput, type OrderRule, type Violation } from './violation.ts';

type AddressInput = DeepPartial<AddressData>;

interface AddressSlot {
  readonly address: AddressInput | undefined;
  readonly path: string;
  /** Phone or e-mail is required (spec "Email rules"). */
  readonly needsContact: boolean;
  readonly isSender: boolean;
  readonly isDestination: boolean;
}

/** Every address of an order with its path and the role rules care about. */
export function addressesOf(order: OrderInput, at: string): AddressSlot[] {
  const gsd = order.generalShipmentData;
  const psd = order.productAndServiceData;
  const slot = (address: AddressInput | undefined, path: string, needsContact = false, isSender = false, isDestination = false) => ({
    address,
    path: joinPath(at, path),
    needsContact,
    isSender,
    isDestination,
  });
  const slots: AddressSlot[] = [
    slot(gsd?.sender, 'generalShipmentData.sender', false, true),
    slot(gsd?.senderMaskingAddress, 'generalShipmentData.senderMaskingAddress', true),
    slot(gsd?.recipient, 'generalShipmentData.recipient', false, false, true),
    slot(psd?.pickup?.collectionRequestAddress, 'productAndServiceData.pickup.collectionRequestAddress', true),
    slot(psd?.invoiceAddress, 'productAndServiceData.invoiceAddress'),
    slot(psd?.returnAddress, 'productAndServiceData.returnAddress'),
  ];
  (order.parcels ?? []).forEach((parcel, i) => {
    const international = parcel?.international;
    if (international === undefined) return;
    const base = `parcels[${i}].international`;
    slots.push(slot(international.commercialInvoiceConsignee, `${base}.commercialInvoiceConsignee`, true));
    slots.push(slot(international.commercialInvoiceConsignor, `${base}.commercialInvoiceConsignor`, true));
  });
  return slots.filter((s) => s.address !== undefined);
}

function checkAddress(slot: AddressSlot): Violation[] {
  const { address, path } = slot;
  if (address === undefined) return [];
  const out: Violation[] = [];
  const at = (field: string) => joinPath(path, field);
  if (address.country !== undefined && !isCountry(address.country)) {
    out.push(violation('error_invalid_country', at('country'), { value: address.country }));
  }
  if (address.state !== undefined) {
    if (address.country !== undefined && address.country !== 'US') out.push(violation('error_state_only_for_us', at('state')));
    else if (!isUsState(address.state)) out.push(violation('error_invalid_state', at('state'), { value: address.state }));
  }
  if (
    slot.isDestination &&
    address.zipCode !== undefined &&
    address.country !== undefined &&
    isCountry(address.country) &&
    !isPostcodeOf(address.zipCode, address.country)
  ) {
    out.push(violation('error_invalid_dest_zip', at('zipCode'), { zipCode: address.zipCode, country: address.country }));
  }
  if (address.email !== undefined && !isEmail(address.email)) out.push(violation('error_incorrect_email_address', at('email')));
  if (slot.needsContact && address.phone === undefined && address.email === undefined) {
    out.push(violation('error_email_or_phone_required', path));
  }
  if (!slot.isSender && address.destinationCountryRegistration !== undefined) {
    out.push(violation('error_destination_country_registration_sender_only', at('destinationCountryRegistration')));
  }
  return out;
}

/** Country, state, destination postcode, e-mail and contact rules for each address of the order. */
export const checkAddresses: OrderRule = (order, at) => addressesOf(order, at).flatMap(checkAddress);
