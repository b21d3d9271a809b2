// Address rules (table in addresses.cases.ts).
import { addressCases } from './addresses.cases.ts';
import { runCases } from './run-cases.ts';

runCases('addresses', addressCases);
