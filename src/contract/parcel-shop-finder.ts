// ParcelShopFinderService V5_0's answers as the carrier's schema (ParcelShopFinderServiceV50.xsd)
// declares them: `parcelShop` with opening hours, holidays and services in its vocabulary, and
// findCities. Answers are qualified in the service namespace, requests are not; docs/decisions.md
// ("Parcel-shop finder") maps the directory's entry onto them.
import { array, boolean, double, int, long, object, required, string, type, type Infer } from './model.ts';

const qualified = { qualified: true } as const;

/** One weekday's hours: `weekday` in English (`Monday`), times `HH:MM`. */
export const OpeningHoursType = type(
  'OpeningHoursType',
  {
    weekday: string(),
    openMorning: string(),
    closeMorning: string(),
    // The schema's order: the afternoon's close before its opening.
    closeAfternoon: string(),
    openAfternoon: string(),
  },
  qualified,
);

/** Days the shop is closed, first and last included, `YYYY-MM-DD`. */
export const HolidayType = type('HolidayType', { holidayStart: string(), holidayEnd: string() }, qualified);

/** A description text. */
export const DescriptionType = type('DescriptionType', { DescriptionType: string() }, qualified);

/** One service the shop offers. */
export const ServiceDetailType = type('ServiceDetailType', { code: required(string()), description: object(DescriptionType) }, qualified);

/** The shop's services: `code` `parcelShop`, and a serviceDetail per service it offers. */
export const ServiceType = type(
  'ServiceType',
  {
    code: required(string()),
    available: required(boolean()),
    description: object(DescriptionType),
    serviceDetail: array(object(ServiceDetailType)),
  },
  qualified,
);

/** A parcel shop as the searches answer it. */
export const CarrierParcelShop = type(
  'parcelShop',
  {
    parcelShopId: long(),
    pudoId: string(),
    company: string(),
    street: string(),
    houseNo: string(),
    country: string(),
    /** ISO 3166-1 numeric. */
    countryNum: int(),
    state: string(),
    zipCode: string(),
    city: string(),
    town: string(),
    phone: string(),
    fax: string(),
    email: string(),
    homepage: string(),
    latitude: double(),
    longitude: double(),
    coordinateX: double(),
    coordinateY: double(),
    coordinateZ: double(),
    /** Kilometres from the point searched from, two decimals. */
    distance: double(),
    expressPickupTime: string(),
    extraInfo: string(),
    openingHours: array(object(OpeningHoursType)),
    holiday: array(object(HolidayType)),
    services: object(ServiceType),
  },
  qualified,
);

/** The answer of either search: `parcelShop` elements straight inside the response element. */
export const parcelShopsAnswer = (name: string) => type(name, { parcelShop: array(object(CarrierParcelShop)) }, qualified);

/** A city of findCities. */
export const City = type('city', { country: string(), countryNum: int(), zipCode: string(), name: string(), town: string() }, qualified);

/** findCities answer. */
export const FindCitiesResponse = type('findCitiesResponse', { city: array(object(City)) }, qualified);

export type CarrierParcelShopData = Infer<typeof CarrierParcelShop>;
export type CityData = Infer<typeof City>;
