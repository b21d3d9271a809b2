// Product and service rules (table in services.cases.ts).
import { serviceCases } from './services.cases.ts';
import { runCases } from './run-cases.ts';

runCases('services', serviceCases);
