import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLabelLayout, formatParcelNumber, toPrintable } from '../../src/labels/label-layout.ts';
import { SAMPLE_PARCELS, SAMPLE_RETURN_PARCEL } from '../../src/labels/sample-label-job.ts';

const [denmark, greece, , britain] = SAMPLE_PARCELS;

describe('label layout', () => {
  const CASES = [
    {
      name: 'Danish parcel on stage',
      layout: createLabelLayout(denmark, true),
      expected: {
        sender: ['Łódź Trading Sp. z o.o.', 'ul. Piotrkowska 104', 'PL-90-926 Łódź', '+48 42 000 00 00'],
        recipient: ['Ærøskøbing Boghandel ApS', 'Att. Søren Kjærgaard', 'Vestergade 34', '5970 Ærøskøbing', 'DENMARK'],
        recipientContact: '+45 62 52 10 00',
        references: ['PO-2025-0117', 'Invoice 88123'],
        weight: '12.50 kg',
        serviceCode: '101',
        serviceText: 'Business',
        product: 'B2B',
        depot: '0522',
        routing: 'DK-5970',
        date: '2025-01-15',
        sequence: '1/4',
        stageMark: 'NOT VALID FOR SHIPPING',
        info1: 'Fragile: books',
        returnMark: undefined,
        parcelNumber: '0522 0000 0012 34 W',
        sortBarcode: { payload: '%000597005220000001234101208', humanReadable: '0005 970 0522 0000 0012 34 101 208 W' },
        twoDimensionalPayload: '%000597005220000001234101208|MPS0522000000123420250115',
      },
    },
    {
      name: 'Greek parcel on live',
      layout: createLabelLayout(greece, false),
      expected: {
        recipient: ['Γεώργιος Παπαδόπουλος', 'Λεωφόρος Νίκης 12', '546 21 Θεσσαλονίκη', 'GREECE'],
        recipientContact: 'Γ. Παπαδόπουλος · +30 2310 000000',
        stageMark: undefined,
        routing: 'GR-546 21',
        serviceCode: '327',
      },
    },
    {
      name: 'British parcel with a second street line',
      layout: createLabelLayout(britain, false),
      expected: {
        recipient: ['Westminster Supplies Ltd', 'Parliament Street 1', 'Unit 4B', 'SW1A 1AA London', 'UNITED KINGDOM'],
        references: [],
        weight: '4.80 kg',
        recipientContact: '',
      },
    },
    {
      name: 'US parcel with a ZIP+4 code: sorted and routed by its ZIP, addressed with all nine digits',
      layout: createLabelLayout(
        {
          ...britain,
          recipient: {
            name1: 'Empire Supplies Inc',
            street: 'Fifth Avenue',
            houseNo: '350',
            country: 'US',
            state: 'NY',
            zipCode: '100011234',
            city: 'New York',
          },
        },
        false,
      ),
      expected: {
        routing: 'US-10001',
        sortBarcode: { payload: '%001000105220000001237136840', humanReadable: '0010 001 0522 0000 0012 37 136 840 F' },
        recipient: ['Empire Supplies Inc', 'Fifth Avenue 350', '100011234 New York', 'NY', 'UNITED STATES OF AMERICA'],
      },
    },
    {
      name: 'a US sender (or the US recipient of a return): the state is printed after the city, as the recipient block prints it',
      layout: createLabelLayout(
        {
          ...britain,
          sender: {
            name1: 'Empire Supplies Inc',
            street: 'Fifth Avenue',
            houseNo: '350',
            country: 'US',
            state: 'NY',
            zipCode: '10001',
            city: 'New York',
          },
        },
        false,
      ),
      expected: { sender: ['Empire Supplies Inc', 'Fifth Avenue 350', 'US-10001 New York NY'] },
    },
    {
      name: 'shop delivery: the parcel shop beside the recipient, who stays the addressee',
      layout: createLabelLayout({ ...denmark, product: 'PSD', serviceCode: '337', serviceText: 'Shop', parcelShopId: '100000004' }, false),
      expected: {
        parcelShop: 'Parcel shop 100000004',
        recipient: ['Ærøskøbing Boghandel ApS', 'Att. Søren Kjærgaard', 'Vestergade 34', '5970 Ærøskøbing', 'DENMARK'],
      },
    },
    {
      name: 'return parcel',
      layout: createLabelLayout(SAMPLE_RETURN_PARCEL, true),
      expected: { returnMark: 'RETURN', sequence: '1/1', serviceText: 'Shop Return', routing: 'PL-90-926' },
    },
  ];
  for (const { name, layout, expected } of CASES) {
    it(name, () => {
      for (const [field, value] of Object.entries(expected)) {
        assert.deepEqual(layout[field as keyof typeof layout], value, field);
      }
    });
  }

  it('groups the parcel number 4 4 4 2 and appends its check character', () => {
    assert.equal(formatParcelNumber('05221234567890'), '0522 1234 5678 90 V');
    assert.equal(formatParcelNumber('09445440380891'), '0944 5440 3808 91 A');
  });

  const PRINTABLE = [
    ['  two  spaces ', 'two spaces'],
    ['line\nbreak\ttab', 'line break tab'],
    ['soft\u00adhyphen zero\u200bwidth', 'softhyphen zerowidth'],
    ['Ła\u0301', 'Łá'],
    [undefined, ''],
  ] as const;
  for (const [input, output] of PRINTABLE) {
    it(`prints ${JSON.stringify(input)} as ${JSON.stringify(output)}`, () => assert.equal(toPrintable(input), output));
  }
});
