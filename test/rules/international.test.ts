// Rules of shipments crossing the EU customs border (table in international.cases.ts).
import { internationalCases } from './international.cases.ts';
import { runCases } from './run-cases.ts';

runCases('international', internationalCases);
