// ParcelShopFinderService V5_0 (docs/decisions.md "The services"): the shop directory's entry, which is
// what `parcel-service shops import` reads, the search requests, and the answers as the carrier's schema
// (ParcelShopFinderServiceV50.xsd) declares them: `parcelShop` with opening hours, holidays and services
// in its vocabulary, and findCities. Answers are qualified in the service namespace, requests are not. The specification shows no payload; docs/decisions.md ("Parcel-shop finder") says why the
// fields are these. Opening hours and closed periods reuse the pickup's vocabulary: `day` 0 = Sunday,
// windows fromTime1–toTime1 and fromTime2–toTime2 in hhmm, dates YYYYMMDD.
import { array, boolean, double, int, long, object, personal, required, string, type, type Infer } from './schema/model.ts';
import { hhmm } from './shipment-service/shipment-requests.ts';

/** What a shop offers, as the directory records it and searches filter by it. */
export const PARCEL_SHOP_SERVICES = Object.freeze(['parcelShopDelivery', 'dropOff', 'returns'] as const);
export type ParcelShopService = (typeof PARCEL_SHOP_SERVICES)[number];

/** Most shops one search returns; DEFAULT_SEARCH_LIMIT when the request has no `limit`. */
export const MAX_SEARCH_LIMIT = 100;
export const DEFAULT_SEARCH_LIMIT = 10;

const yyyymmdd = () => int({ acceptDigitString: true });
const service = () => string({ enum: PARCEL_SHOP_SERVICES });

/** openingHours entry: one weekday's opening windows. */
export const OpeningHours = type('openingHours', {
  day: required(int({ min: 0, max: 6 })),
  fromTime1: required(hhmm()),
  toTime1: required(hhmm()),
  fromTime2: hhmm(),
  toTime2: hhmm(),
});

/** holiday entry: days the shop is closed, first and last included. */
export const Holiday = type('holiday', {
  dateFrom: required(yyyymmdd()),
  dateTo: required(yyyymmdd()),
});

/**
 * The fields of a directory entry, in the order the import file writes them. The carrier's facts the
 * directory keeps as given and answers back (`pudoId`, `state`, `town`, `fax`, `coordinateX`–`Z`,
 * `expressPickupTime`, `extraInfo`) come from an import in the carrier's form.
 */
const parcelShopFields = {
  parcelShopId: required(long({ min: 1, max: 999_999_999, acceptDigitString: true, maxDigits: 9 })),
  pudoId: string({ maxLength: 50 }),
  company: required(string({ maxLength: 50 })),
  street: required(string({ maxLength: 50 })),
  houseNo: string({ maxLength: 8, acceptNumber: true }),
  country: required(string({ length: 2, upperCase: true })),
  state: string({ maxLength: 50 }),
  zipCode: required(string({ maxLength: 9, acceptNumber: true })),
  city: required(string({ maxLength: 50 })),
  town: string({ maxLength: 50 }),
  phone: string({ maxLength: 30 }),
  fax: string({ maxLength: 30 }),
  email: string({ maxLength: 100 }),
  homepage: string({ maxLength: 100 }),
  latitude: required(double({ min: -90, max: 90 })),
  longitude: required(double({ min: -180, max: 180 })),
  coordinateX: double(),
  coordinateY: double(),
  coordinateZ: double(),
  /** The latest time an express parcel handed in is still picked up that day, `HH:MM`. */
  expressPickupTime: string({ pattern: /^[0-9]{2}:[0-9]{2}$/, patternText: { en_US: 'a time HH:MM', nl_NL: 'een tijd UU:MM' } }),
  extraInfo: string({ maxLength: 255 }),
  availableService: array(service(), { maxItems: PARCEL_SHOP_SERVICES.length }),
  openingHours: array(object(OpeningHours), { maxItems: 7 }),
  holiday: array(object(Holiday), { maxItems: 100 }),
};

/** A shop as `parcel-service shops import` reads it (a JSON array of these, or `{ "parcelShop": [...] }`; or in the carrier's form). */
export const ParcelShopEntry = type('parcelShopEntry', parcelShopFields);

/** A service asked for (ParcelShopFinderServiceV50.xsd `service`): shops offering `code` when `available`. */
export const ServiceFilter = type('service', {
  code: required(service()),
  available: required(boolean()),
  serviceDetail: array(object(type('serviceDetail', { code: required(string()) }))),
});

/** Filters both searches share, in the carrier's schema's order. */
const searchFilters = {
  /** How many shops, nearest first. Default 10 (the carrier's schema requires it). */
  limit: int({ min: 1, max: MAX_SEARCH_LIMIT }),
  /** Leave out shops closed that day, `YYYY-MM-DD` (or `YYYYMMDD`). */
  availabilityDate: string({
    pattern: /^[0-9]{4}-?[0-9]{2}-?[0-9]{2}$/,
    patternText: { en_US: 'a date YYYY-MM-DD', nl_NL: 'een datum JJJJ-MM-DD' },
  }),
  /** Leave out shops closed today: on holiday, or their opening hours leave out today's weekday. */
  hideClosed: boolean(),
  /** Only shops of these countries (ISO 3166-1 alpha-2). */
  searchCountry: array(string({ length: 2, upperCase: true }), { maxItems: 50 }),
  /** Only shops offering every service asked for with `available` true. */
  services: object(type('services', { service: array(object(ServiceFilter), { maxItems: PARCEL_SHOP_SERVICES.length }) })),
  /** Only shops offering this service (this service's own filter, before the carrier's `services`). */
  availableService: service(),
};

/** findParcelShopsByGeoData body: the shops nearest to a point (WGS 84 degrees). */
export const FindParcelShopsByGeoData = type('findParcelShopsByGeoData', {
  longitude: required(personal(double({ min: -180, max: 180 }))),
  latitude: required(personal(double({ min: -90, max: 90 }))),
  ...searchFilters,
});

/** findParcelShops body: the shops nearest to an address; `zipCode` or `city` places it. */
export const FindParcelShops = type('findParcelShops', {
  country: required(string({ length: 2, upperCase: true })),
  zipCode: string({ maxLength: 9, acceptNumber: true }),
  city: string({ maxLength: 50 }),
  street: personal(string({ maxLength: 50 })),
  houseNo: personal(string({ maxLength: 8, acceptNumber: true })),
  ...searchFilters,
});

export type ParcelShopEntryData = Infer<typeof ParcelShopEntry>;
export type FindParcelShopsByGeoDataData = Infer<typeof FindParcelShopsByGeoData>;
export type FindParcelShopsData = Infer<typeof FindParcelShops>;
export type OpeningHoursData = Infer<typeof OpeningHours>;

/** findCities body: the directory's places whose postcode or name starts as given, in `country`. */
export const FindCities = type('findCities', {
  country: required(string({ length: 2, upperCase: true })),
  zipCode: string({ maxLength: 9, acceptNumber: true }),
  city: string({ maxLength: 50 }),
  /** Most cities answered. Default 10. */
  limit: int({ min: 1, max: MAX_SEARCH_LIMIT }),
  /** `zipCode` orders by postcode; anything else (`name`) by name. */
  order: string({ maxLength: 20 }),
});
export type FindCitiesData = Infer<typeof FindCities>;

// The answers, in the carrier's vocabulary (docs/decisions.md, "Parcel-shop finder", maps the entry onto them).
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
