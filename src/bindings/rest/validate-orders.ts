// REST validateOrders: `orderResult` = { success, messages } (spec "validateOrders rules").
import { StoreOrders } from '../../contract/resources.ts';
import { succeed } from '../../domain/outcome.ts';
import { validateOrders, type ValidationResult } from '../../domain/validate-orders.ts';
import type { RestShipmentOperation } from './shipment-operation.ts';

export const validateOrdersOperation: RestShipmentOperation<typeof StoreOrders, ValidationResult> = {
  name: 'validateOrders',
  // DESIGN: "the same JSON, only the path differs" — the storeOrders object is accepted too.
  aliases: ['storeOrders'],
  request: StoreOrders,
  resultKey: 'orderResult',
  run: (services, session, request) => succeed(validateOrders(services, session, request)),
  write: (result) => ({ orderResult: result }),
};
