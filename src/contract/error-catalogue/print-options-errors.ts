// The error catalogue's codes for print options: label formats and paper.
import { validationError, type ErrorEntry } from './error-entries.ts';

export const printOptionErrors = {
  // ── Print options ──
  error_zpl_requires_a6: validationError(
    '{path} must be A6 for direct printing (printerLanguage ZPL).',
    '{path} moet A6 zijn voor direct printen (printerLanguage ZPL).',
  ),
  error_a7_only_for_return_labels: validationError(
    '{path} A7 is only available when every parcel is a return parcel (returns true).',
    '{path} A7 is alleen beschikbaar als elk pakket een retourpakket is (returns true).',
  ),
} as const satisfies Record<string, ErrorEntry>;
