// The service code and label text chosen for a parcel (spec "Products and services"): normal or small
// code by weight and volume, Saturday, age check and both, and the Express and Tyre products by name.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chooseService, defaultOperatorValues, findProduct } from '../../src/contract/products.ts';

/** 20 × 20 × 10 cm: within the default small-parcel limit (50 × 40 × 30 cm). */
const SMALL_VOLUME = 20020010;
/** 60 × 40 × 30 cm: longer than the small-parcel limit allows. */
const LONG_VOLUME = 60040030;

const cases: ReadonlyArray<{
  name: string;
  product: string;
  weight: number;
  volume?: number;
  saturdayDelivery?: boolean;
  ageCheck?: boolean;
  code: string;
  text: string;
}> = [
  { name: 'a heavy Business parcel', product: 'B2B', weight: 1200, volume: SMALL_VOLUME, code: '101', text: 'Business' },
  { name: 'a light, small Business parcel', product: 'B2B', weight: 300, volume: SMALL_VOLUME, code: '136', text: 'Business Small' },
  { name: 'a light Business parcel too long to be small', product: 'B2B', weight: 300, volume: LONG_VOLUME, code: '101', text: 'Business' },
  { name: 'a light Business parcel of unknown size', product: 'B2B', weight: 100, code: '101', text: 'Business' },
  { name: 'a light, small Home parcel', product: 'B2C', weight: 200, volume: SMALL_VOLUME, code: '328', text: 'Home Small' },
  { name: 'a light Home parcel of unknown size', product: 'B2C', weight: 200, code: '327', text: 'Home' },
  { name: 'a light, small Shop parcel', product: 'PSD', weight: 200, volume: SMALL_VOLUME, code: '338', text: 'Shop Small' },
  {
    name: 'Home on Saturday, however small',
    product: 'B2C',
    weight: 200,
    volume: SMALL_VOLUME,
    saturdayDelivery: true,
    code: '358',
    text: 'Home Saturday',
  },
  { name: 'Business on Saturday', product: 'B2B', weight: 1200, saturdayDelivery: true, code: '103', text: 'Business Saturday' },
  { name: 'Home with an age check', product: 'B2C', weight: 1200, ageCheck: true, code: '404', text: 'Home Age Check' },
  {
    name: 'Home with an age check on Saturday',
    product: 'B2C',
    weight: 1200,
    ageCheck: true,
    saturdayDelivery: true,
    code: '431',
    text: 'Home Age Check Saturday',
  },
  {
    name: 'Business with an age check on Saturday',
    product: 'B2B',
    weight: 1200,
    ageCheck: true,
    saturdayDelivery: true,
    code: '401',
    text: 'Business Age Check Saturday',
  },
  { name: 'a ParcelLetter', product: 'PL', weight: 50, volume: 30020002, code: '154', text: 'ParcelLetter' },
  {
    name: 'Express 10:00 by its request-reference name',
    product: 'AM1',
    weight: 300,
    volume: SMALL_VOLUME,
    code: '179',
    text: 'Express 10:00',
  },
  { name: 'Express Guarantee', product: 'PM2', weight: 300, code: '155', text: 'Express Guarantee' },
  { name: 'Tyre Home', product: 'B2CTyre', weight: 900, code: '366', text: 'Tyre Home' },
];

for (const { name, product, code, text, ...options } of cases) {
  test(`chooseService: ${name} → ${code} ${text}`, () => {
    const found = findProduct(product);
    assert.ok(found, `${product} is in the product table`);
    assert.deepEqual(chooseService(found, options, defaultOperatorValues), { code, text });
  });
}

test("chooseService: the small-parcel limit is the operator's", () => {
  const b2b = findProduct('B2B')!;
  const roomy = { ...defaultOperatorValues, smallParcel: { maxWeight: 500, maxLength: 80, maxWidth: 60, maxHeight: 40 } };
  assert.equal(chooseService(b2b, { weight: 450, volume: LONG_VOLUME }, roomy).code, '136');
  assert.equal(chooseService(b2b, { weight: 450, volume: LONG_VOLUME }).code, '101');
});
