// Rules on the parcels of an order: presence by order type, how many, return-parcel placement, the UK
// single-parcel rule, ParcelLetter size (spec "parcel", "Behaviour of storeOrders" 4).
import { findProduct, isWithin } from '../contract/products.ts';
import { violation, type OrderRule, type Violation } from './violation.ts';

export const checkParcels: OrderRule = (order, at, context) => {
  const out: Violation[] = [];
  const orderType = order.productAndServiceData?.orderType;
  const parcels = order.parcels ?? [];
  if (orderType === 'pickup information') {
    // Spec: parcels "must be omitted for a pickup order" — an empty list is not omitted.
    if (order.parcels !== undefined) out.push(violation('error_parcels_not_allowed_for_pickup_order', `${at}.parcels`));
    return out;
  }
  if (orderType !== undefined && parcels.length === 0) {
    out.push(violation('error_parcel_required', `${at}.parcels`, { orderType }));
  }
  const max = context.operatorValues.maxParcelsPerOrder;
  if (parcels.length > max) {
    out.push(violation('error_too_many_parcels', `${at}.parcels`, { count: parcels.length, max }));
  }
  const product = findProduct(order.generalShipmentData?.product);
  // A return parcel is the only parcel or directly follows an outbound one ([out, ret, out, ret]; docs/decisions.md "Where the specification is silent").
  // A shop return (RET) has only return parcels, so the placement rule does not apply to it.
  if (product?.code !== 'RET')
    parcels.forEach((parcel, i) => {
      if (parcel?.returns !== true || parcels.length === 1) return;
      if (i === 0 || parcels[i - 1]?.returns === true) out.push(violation('error_return_parcel_position', `${at}.parcels[${i}]`));
    });
  const recipientCountry = order.generalShipmentData?.recipient?.country;
  if (recipientCountry === 'GB' && parcels.length > 1) {
    out.push(violation('error_multiple_parcels_to_uk', `${at}.parcels`, { count: parcels.length }));
  }
  if (product?.code === 'PL') {
    const limit = context.operatorValues.parcelLetter;
    const size = `${limit.maxWeight} dag, ${limit.maxLength} × ${limit.maxWidth} × ${limit.maxHeight} cm`;
    parcels.forEach((parcel, i) => {
      // Spec "Products and services": ParcelLetter asks for `volume` and `weight` within its maximum;
      // a letter without a volume could be any size.
      if (parcel !== undefined && parcel.volume === undefined) {
        out.push(violation('error_parcel_letter_volume_required', `${at}.parcels[${i}].volume`, { limit: size }));
      } else if (parcel?.weight !== undefined && !isWithin(limit, parcel.weight, parcel.volume)) {
        out.push(violation('error_invalid_parcel_letter', `${at}.parcels[${i}]`, { limit: size }));
      }
    });
  }
  if (product?.code === 'RET') {
    parcels.forEach((parcel, i) => {
      if (parcel?.returns !== true) out.push(violation('error_return_parcel_required', `${at}.parcels[${i}].returns`));
    });
  }
  return out;
};
