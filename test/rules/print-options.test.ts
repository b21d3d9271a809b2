// printOptions rules (table in print-options.cases.ts).
import { printOptionCases } from './print-options.cases.ts';
import { runCases } from './run-cases.ts';

runCases('print options', printOptionCases);
