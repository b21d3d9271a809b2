// Parcel rules (table in parcels.cases.ts).
import { parcelCases } from './parcels.cases.ts';
import { runCases } from './run-cases.ts';

runCases('parcels', parcelCases);
