// Every REST route of the service.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../domain/services.ts';
import { registerGetAuth } from './get-auth.ts';
import { registerShipmentOperation } from './shipment-operation.ts';
import { validateOrdersOperation } from './validate-orders.ts';

export function registerRestRoutes(app: FastifyInstance, services: Services): void {
  registerGetAuth(app, services);
  registerShipmentOperation(app, services, validateOrdersOperation);
}
