// The sandbox's magic values (table in magic-values.cases.ts).
import { magicValueCases } from './magic-values.cases.ts';
import { runCases } from './run-cases.ts';

runCases('magic values', magicValueCases);
