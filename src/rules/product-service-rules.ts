// Rules between the product and its services (spec "Products and services"): shop delivery (to a
// shop of the directory that offers it, once the operator has imported one), Saturday delivery, age check, cash on
// delivery and insurance values.
import { findProduct } from '../contract/products.ts';
import { isCurrency } from './reference-data.ts';
import { violation, type OrderRule, type Violation } from './violation.ts';

export const checkServices: OrderRule = (order, at, context) => {
  const out: Violation[] = [];
  const psd = order.productAndServiceData;
  const code = order.generalShipmentData?.product;
  const product = findProduct(code);
  if (product !== undefined && psd !== undefined) {
    const path = `${at}.productAndServiceData`;
    if (product.code === 'PSD' && psd.parcelShopDelivery === undefined)
      out.push(violation('error_parcel_shop_delivery_required', `${path}.parcelShopDelivery`));
    const shopId = psd.parcelShopDelivery?.parcelShopId;
    const shopServices = shopId === undefined ? undefined : context.parcelShops?.get(Number(shopId));
    if (product.code === 'PSD' && shopId !== undefined && context.parcelShops !== undefined) {
      if (shopServices === undefined)
        out.push(violation('error_parcel_shop_unknown', `${path}.parcelShopDelivery.parcelShopId`, { value: shopId }));
      // The directory says which shops take deliveries; one that only takes drop-offs or returns cannot hold the parcel.
      else if (!shopServices.has('parcelShopDelivery'))
        out.push(violation('error_parcel_shop_no_delivery', `${path}.parcelShopDelivery.parcelShopId`, { value: shopId }));
    }
    if (product.code !== 'PSD' && psd.parcelShopDelivery !== undefined)
      out.push(violation('error_parcel_shop_delivery_not_allowed', `${path}.parcelShopDelivery`));
    if (psd.saturdayDelivery === true && product.saturday === undefined)
      out.push(violation('error_saturday_delivery_not_available', `${path}.saturdayDelivery`, { product: code ?? '' }));
    if (psd.ageCheck === true && product.ageCheck === undefined)
      out.push(violation('error_age_check_not_available', `${path}.ageCheck`, { product: code ?? '' }));
  }
  (order.parcels ?? []).forEach((parcel, i) => {
    const base = `${at}.parcels[${i}]`;
    if (parcel?.cod !== undefined) {
      if (parcel.cod.currency !== undefined && !isCurrency(parcel.cod.currency))
        out.push(violation('error_invalid_currency', `${base}.cod.currency`, { value: parcel.cod.currency }));
      const allowed = context.operatorValues.codInkasso;
      if (parcel.cod.inkasso !== undefined && !allowed.includes(parcel.cod.inkasso))
        out.push(violation('error_invalid_cod_inkasso', `${base}.cod.inkasso`, { values: allowed.join(', ') }));
    }
    const insurance = parcel?.higherInsurance;
    if (insurance?.currency !== undefined && !isCurrency(insurance.currency))
      out.push(violation('error_invalid_currency', `${base}.higherInsurance.currency`, { value: insurance.currency }));
  });
  return out;
};
