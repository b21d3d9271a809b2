// An older version declared as edits of the current model (contract/schema/variant.ts): what it leaves out,
// renames and qualifies, what it keeps as it is, and the edits it refuses.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { operations, serviceContracts } from '../../src/contract/operation-table.ts';
import { Address, GeneralShipmentData, StoreOrders } from '../../src/contract/shipment-service/shipment-requests.ts';
import { FaultEntry } from '../../src/contract/shipment-service/shipment-results.ts';
import { qualifiedCopyOf, variantOf } from '../../src/contract/schema/variant.ts';
import type { ObjectType } from '../../src/contract/schema/model.ts';

const fieldType = (type: ObjectType, key: string): ObjectType => {
  const field = type.fields[key];
  const item = field.kind === 'array' ? field.item : field;
  assert.ok(item.kind === 'object', key);
  return item.type;
};

describe('variantOf', () => {
  it('leaves out, renames and names in XML as told, and keeps every type it does not touch', () => {
    const variant = variantOf(StoreOrders, {
      generalShipmentData: { omit: ['senderMaskingAddress'], xmlNames: { mpsId: 'shipmentId' } },
      commercialInvoiceLine: { name: 'internationalLine' },
    });
    const order = fieldType(variant, 'order');
    const data = fieldType(order, 'generalShipmentData');
    assert.equal(Object.hasOwn(data.fields, 'senderMaskingAddress'), false);
    assert.equal(data.fields.mpsId.xmlName, 'shipmentId');
    assert.equal(fieldType(data, 'sender'), Address, 'an untouched type is the same object');
    assert.equal(fieldType(StoreOrders, 'printOptions'), fieldType(variant, 'printOptions'));
    const line = fieldType(fieldType(fieldType(order, 'parcels'), 'international'), 'commercialInvoiceLine');
    assert.equal(line.name, 'internationalLine');
    // The current model is untouched.
    assert.ok(Object.hasOwn(GeneralShipmentData.fields, 'senderMaskingAddress'));
  });

  it('qualifies every type of the tree when asked, one copy per type however often it is reached', () => {
    const response = operations.storeOrders.response;
    const variant = variantOf(response, {}, { qualified: true });
    const faults = fieldType(fieldType(fieldType(variant, 'orderResult'), 'shipmentResponses'), 'faults');
    assert.equal(faults.qualified, true);
    assert.equal(faults, qualifiedCopyOf(FaultEntry));
    assert.equal(serviceContracts.ShipmentServiceV33.faults, qualifiedCopyOf(FaultEntry));
  });

  it('refuses to leave out a required field, or to edit a type or field the tree lacks', () => {
    assert.throws(() => variantOf(StoreOrders, { order: { omit: ['generalShipmentData'] } }), /order\.generalShipmentData is required/);
    assert.throws(() => variantOf(StoreOrders, { noSuchType: { omit: ['x'] } }), /no type noSuchType/);
    assert.throws(() => variantOf(StoreOrders, { printOptions: { omit: ['noSuchField'] } }), /printOptions has no field noSuchField/);
    assert.throws(() => variantOf(StoreOrders, { printOptions: { xmlNames: { nope: 'x' } } }), /printOptions has no field nope/);
  });
});
