// Pickup order and collection request rules (table in pickup.cases.ts).
import { pickupCases } from './pickup.cases.ts';
import { runCases } from './run-cases.ts';

runCases('pickup', pickupCases);
