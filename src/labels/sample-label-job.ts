// A fixed demonstration job: the docs/labels samples, the label benchmark and the golden-file tests all
// draw these parcels. Names use Latin, Greek and Cyrillic script on purpose.
import type { LabelAddress, LabelJob, LabelParcel } from './label-input.ts';

const SENDER: LabelAddress = {
  name1: 'Łódź Trading Sp. z o.o.',
  street: 'ul. Piotrkowska',
  houseNo: '104',
  country: 'PL',
  zipCode: '90-926',
  city: 'Łódź',
  phone: '+48 42 000 00 00',
};

const BASE = {
  count: 4,
  sender: SENDER,
  weight: 1250,
  product: 'B2B',
  serviceCode: '101',
  serviceText: 'Business',
  sendingDepot: '0522',
  date: '2025-01-15',
  returns: false,
  mpsId: 'MPS0522000000123420250115',
} as const;

/** Four outbound parcels of one order (one per A4 slot), to Denmark, Greece, Russia and the United Kingdom. */
export const SAMPLE_PARCELS: readonly LabelParcel[] = Object.freeze(
  [
    {
      ...BASE,
      parcelLabelNumber: '05220000001234',
      sequence: 1,
      recipient: {
        name1: 'Ærøskøbing Boghandel ApS',
        name2: 'Att. Søren Kjærgaard',
        street: 'Vestergade',
        houseNo: '34',
        country: 'DK',
        zipCode: '5970',
        city: 'Ærøskøbing',
        phone: '+45 62 52 10 00',
      },
      references: ['PO-2025-0117', 'Invoice 88123'],
      info1: 'Fragile: books',
    },
    {
      ...BASE,
      parcelLabelNumber: '05220000001235',
      sequence: 2,
      product: 'B2C',
      serviceCode: '327',
      serviceText: 'Home',
      recipient: {
        name1: 'Γεώργιος Παπαδόπουλος',
        street: 'Λεωφόρος Νίκης',
        houseNo: '12',
        country: 'GR',
        zipCode: '546 21',
        city: 'Θεσσαλονίκη',
        contact: 'Γ. Παπαδόπουλος',
        phone: '+30 2310 000000',
      },
      references: ['PO-2025-0117'],
    },
    {
      ...BASE,
      parcelLabelNumber: '05220000001236',
      sequence: 3,
      recipient: {
        name1: 'ООО «Северный ветер»',
        name2: 'Отдел логистики',
        street: 'Тверская улица',
        houseNo: '7',
        country: 'RU',
        zipCode: '125009',
        city: 'Москва',
        phone: '+7 495 000-00-00',
      },
      references: ['PO-2025-0117', 'Склад 3'],
    },
    {
      ...BASE,
      parcelLabelNumber: '05220000001237',
      sequence: 4,
      weight: 480,
      serviceCode: '136',
      serviceText: 'Business Small',
      recipient: {
        name1: 'Westminster Supplies Ltd',
        street: 'Parliament Street',
        houseNo: '1',
        street2: 'Unit 4B',
        country: 'GB',
        zipCode: 'SW1A 1AA',
        city: 'London',
      },
      references: [],
    },
  ].map((parcel) => Object.freeze(parcel)),
);

/** A return parcel (A7 sample): the Danish recipient sends back to the Polish sender. */
export const SAMPLE_RETURN_PARCEL: LabelParcel = Object.freeze({
  ...BASE,
  parcelLabelNumber: '05220000001238',
  sequence: 1,
  count: 1,
  returns: true,
  weight: 900,
  product: 'RET',
  serviceCode: '332',
  serviceText: 'Shop Return',
  sender: SAMPLE_PARCELS[0].recipient,
  recipient: SENDER,
  references: ['RMA-55120'],
});

/** A stage-marked A6 PDF job of `parcels`; `overrides` change any option. */
export function sampleLabelJob(parcels: readonly LabelParcel[], overrides: Partial<LabelJob> = {}): LabelJob {
  return { parcels, printerLanguage: 'PDF', paperFormat: 'A6', stage: true, ...overrides };
}
