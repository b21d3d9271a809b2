// A directory entry as the carrier's `parcelShop` answers it (ParcelShopFinderServiceV50.xsd): opening
// windows as openMorning/closeMorning/openAfternoon/closeAfternoon, holidays as dates, services as
// one ServiceType listing each offered service (docs/decisions.md "Parcel-shop finder").
import countries from 'i18n-iso-countries';
import type { CarrierParcelShopData } from '../../contract/parcel-shop-finder-service.ts';
import type { FoundParcelShop } from './find-parcel-shops.ts';

/** `day` 0 = Sunday, as the directory records it. */
export const WEEKDAYS = Object.freeze(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);

/** hhmm (`930`, `2400`) as `HH:MM`. */
const clock = (hhmm: number | undefined) =>
  hhmm === undefined ? undefined : `${String(Math.floor(hhmm / 100)).padStart(2, '0')}:${String(hhmm % 100).padStart(2, '0')}`;

/** YYYYMMDD as `YYYY-MM-DD`. */
const isoDate = (yyyymmdd: number) => {
  const text = String(yyyymmdd);
  return `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
};

/** ISO 3166-1 numeric of an alpha-2 code; undefined for one the standard lacks. */
export function countryNumOf(country: string): number | undefined {
  const numeric = countries.alpha2ToNumeric(country);
  return numeric === undefined ? undefined : Number(numeric);
}

/** The carrier's answer for a shop found. */
export function parcelShopAnswer(shop: FoundParcelShop): CarrierParcelShopData {
  return {
    parcelShopId: shop.parcelShopId,
    pudoId: shop.pudoId,
    company: shop.company,
    street: shop.street,
    houseNo: shop.houseNo,
    country: shop.country,
    countryNum: countryNumOf(shop.country),
    state: shop.state,
    zipCode: shop.zipCode,
    city: shop.city,
    town: shop.town,
    phone: shop.phone,
    fax: shop.fax,
    email: shop.email,
    homepage: shop.homepage,
    latitude: shop.latitude,
    longitude: shop.longitude,
    coordinateX: shop.coordinateX,
    coordinateY: shop.coordinateY,
    coordinateZ: shop.coordinateZ,
    distance: shop.distance,
    expressPickupTime: shop.expressPickupTime,
    extraInfo: shop.extraInfo,
    openingHours: (shop.openingHours ?? []).map((hours) => ({
      weekday: WEEKDAYS[hours.day],
      openMorning: clock(hours.fromTime1),
      closeMorning: clock(hours.toTime1),
      closeAfternoon: clock(hours.toTime2),
      openAfternoon: clock(hours.fromTime2),
    })),
    holiday: (shop.holiday ?? []).map((holiday) => ({ holidayStart: isoDate(holiday.dateFrom), holidayEnd: isoDate(holiday.dateTo) })),
    services: {
      code: 'parcelShop',
      available: true,
      serviceDetail: (shop.availableService ?? []).map((code) => ({ code })),
    },
  };
}
