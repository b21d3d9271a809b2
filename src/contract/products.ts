// The product and service table of the specification ("Products and services") and the operator
// values the specification leaves open. One table feeds validation, the label's service code and
// text, and getAvailableProductsAndServices.
import type { MessageLanguage } from './error-catalogue.ts';
import { ALL_PROACTIVE_FLAGS } from './proactive-rules.ts';

type Text = Readonly<Record<MessageLanguage, string>>;

/** One product as sent in `generalShipmentData.product`. */
export interface Product {
  /** The value of `product`; `aliases` are accepted synonyms (the request reference's Express set). */
  readonly code: string;
  readonly aliases: readonly string[];
  /** The service family of the spec's table (Business, Home, Shop, ...). */
  readonly service: string;
  readonly name: Text;
  readonly description: Text;
  /** Service code of a normal parcel, and of a small one where the service has one. */
  readonly normal: string;
  readonly small?: string;
  /** Service codes with Saturday delivery, age check, and both; absent where not available. */
  readonly saturday?: string;
  readonly ageCheck?: string;
  readonly ageCheckSaturday?: string;
}

const t = (en_US: string, nl_NL: string): Text => ({ en_US, nl_NL });

export const products: readonly Product[] = Object.freeze(
  [
    {
      code: 'B2B',
      aliases: [],
      service: 'Business',
      name: t('Business', 'Business'),
      description: t('Delivery to businesses', 'Levering aan bedrijven'),
      normal: '101',
      small: '136',
      saturday: '103',
      ageCheck: '400',
      ageCheckSaturday: '401',
    },
    {
      code: 'B2C',
      aliases: [],
      service: 'Home',
      name: t('Home', 'Home'),
      description: t('Delivery to private recipients', 'Levering aan particulieren'),
      normal: '327',
      small: '328',
      saturday: '358',
      ageCheck: '404',
      ageCheckSaturday: '431',
    },
    {
      code: 'PL',
      aliases: [],
      service: 'ParcelLetter',
      name: t('ParcelLetter', 'ParcelLetter'),
      description: t('Small flat item within the ParcelLetter maximum', 'Klein plat pakket binnen het ParcelLetter-maximum'),
      normal: '154',
    },
    {
      code: 'PSD',
      aliases: [],
      service: 'Shop',
      name: t('Shop', 'Shop'),
      description: t('Delivery to a parcel shop', 'Levering aan een pakketshop'),
      normal: '337',
      small: '338',
    },
    {
      code: 'RET',
      aliases: [],
      service: 'Shop Return',
      name: t('Shop Return', 'Shop Retour'),
      description: t('Return through a parcel shop', 'Retour via een pakketshop'),
      normal: '332',
    },
    {
      code: 'E830',
      aliases: ['AM0'],
      service: 'Business Express',
      name: t('Express 08:30', 'Express 08:30'),
      description: t('Express delivery before 08:30', 'Expreslevering voor 08:30'),
      normal: '350',
    },
    {
      code: 'E10',
      aliases: ['AM1'],
      service: 'Business Express',
      name: t('Express 10:00', 'Express 10:00'),
      description: t('Express delivery before 10:00', 'Expreslevering voor 10:00'),
      normal: '179',
    },
    {
      code: 'E12',
      aliases: ['AM2'],
      service: 'Business Express',
      name: t('Express 12:00', 'Express 12:00'),
      description: t('Express delivery before 12:00', 'Expreslevering voor 12:00'),
      normal: '225',
    },
    {
      code: 'PM2',
      aliases: [],
      service: 'Business Express',
      name: t('Express Guarantee', 'Express Garantie'),
      description: t('Guaranteed express delivery the next business day', 'Gegarandeerde expreslevering de volgende werkdag'),
      normal: '155',
    },
    {
      code: 'B2BTyre',
      aliases: [],
      service: 'Tyre',
      name: t('Tyre Business', 'Banden Business'),
      description: t('Tyres to businesses', 'Banden aan bedrijven'),
      normal: '365',
    },
    {
      code: 'B2CTyre',
      aliases: [],
      service: 'Tyre',
      name: t('Tyre Home', 'Banden Home'),
      description: t('Tyres to private recipients', 'Banden aan particulieren'),
      normal: '366',
    },
  ].map((p) => Object.freeze(p)),
);

/** An additional service of the spec's table, selected by a field of the request. */
export interface AdditionalService {
  readonly code: string;
  readonly name: Text;
  readonly description: Text;
}

export const additionalServices: readonly AdditionalService[] = Object.freeze(
  [
    {
      code: 'saturdayDelivery',
      name: t('Saturday', 'Zaterdag'),
      description: t('Delivery on Saturday (Business 103, Home 358)', 'Levering op zaterdag (Business 103, Home 358)'),
    },
    {
      code: 'ageCheck',
      name: t('Age Check', 'Leeftijdscontrole'),
      description: t('Age check on delivery (400, 401, 404, 431)', 'Leeftijdscontrole bij aflevering (400, 401, 404, 431)'),
    },
    {
      code: 'parcelShopDelivery',
      name: t('Shop delivery', 'Levering aan pakketshop'),
      description: t(
        'Delivery to the parcel shop given by parcelShopId (product PSD)',
        'Levering aan de pakketshop van parcelShopId (product PSD)',
      ),
    },
    {
      code: 'returns',
      name: t('Return label', 'Retourlabel'),
      description: t('A return parcel following its outbound parcel', 'Een retourpakket na het uitgaande pakket'),
    },
    {
      code: 'predict',
      name: t('Predict', 'Predict'),
      description: t('Message to the receiver before delivery', 'Bericht aan de ontvanger voor de aflevering'),
    },
    {
      code: 'proactiveNotification',
      name: t('Proactive notification', 'Proactieve melding'),
      description: t('Up to five status messages to the receiver', 'Tot vijf statusberichten aan de ontvanger'),
    },
    {
      code: 'cod',
      name: t('Cash on delivery', 'Rembours'),
      description: t('The driver collects the amount on delivery', 'De chauffeur int het bedrag bij aflevering'),
    },
    {
      code: 'higherInsurance',
      name: t('Higher insurance', 'Hogere verzekering'),
      description: t('Insurance above the standard liability', 'Verzekering boven de standaardaansprakelijkheid'),
    },
  ].map((s) => Object.freeze(s)),
);

const byCode = new Map<string, Product>();
for (const product of products) for (const code of [product.code, ...product.aliases]) byCode.set(code, product);

/** The product of a `product` value (either Express value set), or undefined. */
export function findProduct(code: string | undefined): Product | undefined {
  return code === undefined ? undefined : byCode.get(code);
}

/** The length, width and height in cm of a volume LLLWWWHHH (read after zero-padding to 9 digits). */
export function readVolume(volume: number): { length: number; width: number; height: number } {
  const digits = String(volume).padStart(9, '0');
  return { length: Number(digits.slice(0, 3)), width: Number(digits.slice(3, 6)), height: Number(digits.slice(6, 9)) };
}

/** Size limits in decagrams and centimetres (the volume's three dimensions, each at most). */
export interface SizeLimit {
  readonly maxWeight: number;
  readonly maxLength: number;
  readonly maxWidth: number;
  readonly maxHeight: number;
}

/**
 * Operator values the specification does not give (docs/decisions.md "Where the specification is silent").
 * Each has a documented default; an operator overrides them with `OPERATOR_VALUES` (JSON).
 */
export interface OperatorValues {
  /** A parcel within these limits gets the service's small code. Default 3 kg, 50 × 40 × 30 cm. */
  readonly smallParcel: SizeLimit;
  /** The ParcelLetter maximum. Default 1 kg, 35 × 25 × 3 cm. */
  readonly parcelLetter: SizeLimit;
  /** Allowed `cod.inkasso` values. Default 0 (cash), 1 (cheque), 2 (any means of payment). */
  readonly codInkasso: readonly number[];
  /** Allowed `proactiveNotification.rule` values: sums of the event flags of proactive-rules.ts, default 1 to 63 (every sum). */
  readonly proactiveNotificationRules: readonly number[];
  /**
   * Goods value (customsAmount units, i.e. cents) from which a UK shipment needs the sender's
   * registration (`destinationCountryRegistration` and `comment2`), per customs currency.
   * Default GBP 135.00 and EUR 160.00 (the UK low-value consignment limit).
   */
  readonly ukRegistrationThreshold: Readonly<Record<string, number>>;
  /**
   * Most parcels one order may have. The spec sets no limit, but a 5 MiB request could otherwise hold
   * tens of thousands of parcels, each with a number, a label and rows to store. Default 100, at most
   * MAX_PARCELS_PER_ORDER (resources.ts).
   */
  readonly maxParcelsPerOrder: number;
}

export const defaultOperatorValues: OperatorValues = Object.freeze({
  smallParcel: Object.freeze({ maxWeight: 300, maxLength: 50, maxWidth: 40, maxHeight: 30 }),
  parcelLetter: Object.freeze({ maxWeight: 100, maxLength: 35, maxWidth: 25, maxHeight: 3 }),
  codInkasso: Object.freeze([0, 1, 2]),
  proactiveNotificationRules: Object.freeze(Array.from({ length: ALL_PROACTIVE_FLAGS }, (_, i) => i + 1)),
  ukRegistrationThreshold: Object.freeze({ GBP: 13500, EUR: 16000 }),
  maxParcelsPerOrder: 100,
});

/**
 * Whether a parcel of this weight and volume is within a size limit. Without a volume its size is not
 * known, so it is not within: such a parcel gets its service's normal code, never the small one.
 */
export function isWithin(limit: SizeLimit, weight: number, volume: number | undefined): boolean {
  if (weight > limit.maxWeight || volume === undefined) return false;
  const { length, width, height } = readVolume(volume);
  return length <= limit.maxLength && width <= limit.maxWidth && height <= limit.maxHeight;
}

/** The service chosen for one parcel: its three-digit code and the text printed on the label (e.g. `Express 10:00`, `Home Saturday`). */
export interface ServiceChoice {
  readonly code: string;
  readonly text: string;
}

/** The codes of one product, each printed as the product's name and a suffix. */
type ServiceSlot = 'ageCheckSaturday' | 'ageCheck' | 'saturday' | 'small' | 'normal';
const SLOT_SUFFIX: Readonly<Record<ServiceSlot, string>> = {
  ageCheckSaturday: ' Age Check Saturday',
  ageCheck: ' Age Check',
  saturday: ' Saturday',
  small: ' Small',
  normal: '',
};

// The product's name, not its service family: the family is shared (four Express codes, two Tyre codes)
// and a label must tell them apart.
const serviceIn = (product: Product, slot: ServiceSlot): ServiceChoice => ({
  code: product[slot] ?? product.normal,
  text: `${product.name.en_US}${SLOT_SUFFIX[slot]}`,
});

/** Chooses the service code of a parcel from the product table (spec "Products and services"). */
export function chooseService(
  product: Product,
  options: { readonly saturdayDelivery?: boolean; readonly ageCheck?: boolean; readonly weight: number; readonly volume?: number },
  values: OperatorValues = defaultOperatorValues,
): ServiceChoice {
  const { saturdayDelivery = false, ageCheck = false } = options;
  if (ageCheck && saturdayDelivery && product.ageCheckSaturday) return serviceIn(product, 'ageCheckSaturday');
  if (ageCheck && product.ageCheck) return serviceIn(product, 'ageCheck');
  if (saturdayDelivery && product.saturday) return serviceIn(product, 'saturday');
  if (product.small && isWithin(values.smallParcel, options.weight, options.volume)) return serviceIn(product, 'small');
  return serviceIn(product, 'normal');
}

/** The service of `product` with the service code `code` (a stored parcel's), as chooseService named it; undefined for a code not the product's. */
export function serviceWithCode(product: Product, code: string): ServiceChoice | undefined {
  const slot = (Object.keys(SLOT_SUFFIX) as ServiceSlot[]).find((candidate) => product[candidate] === code);
  return slot === undefined ? undefined : serviceIn(product, slot);
}
