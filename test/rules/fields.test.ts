// Field shape rules of a storeOrders/validateOrders request (table in fields.cases.ts).
import { fieldCases } from './fields.cases.ts';
import { runCases } from './run-cases.ts';

runCases('fields', fieldCases);
