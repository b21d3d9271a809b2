// The error catalogue's codes for products and services.
import { validationError, type ErrorEntry } from './error-entries.ts';

export const productErrors = {
  // ── Products and services ("Products and services") ──
  error_parcel_shop_delivery_required: validationError(
    '{path} is required for product PSD (shop delivery).',
    '{path} is verplicht voor product PSD (levering aan een pakketshop).',
  ),
  error_parcel_shop_delivery_not_allowed: validationError(
    '{path} is only allowed with product PSD.',
    '{path} is alleen toegestaan bij product PSD.',
  ),
  error_parcel_shop_unknown: validationError(
    '{path} {value} is not a parcel shop of the directory; find one with findParcelShops or findParcelShopsByGeoData.',
    '{path} {value} is geen pakketshop uit het overzicht; zoek er een met findParcelShops of findParcelShopsByGeoData.',
  ),

  error_parcel_shop_no_delivery: validationError(
    '{path} {value} does not take parcel deliveries (its services do not include parcelShopDelivery); find one that does with availableService parcelShopDelivery.',
    '{path} {value} neemt geen pakketten voor aflevering aan (zijn diensten omvatten geen parcelShopDelivery); zoek er een met availableService parcelShopDelivery.',
  ),
} as const satisfies Record<string, ErrorEntry>;
