// Rules between printOptions and the orders (spec "printOptions"; docs/decisions.md "Labels on the wire").
import { violation, type RequestRule, type Violation } from './violation.ts';

/** Direct printing (ZPL) needs A6; A7 is for return labels only, so every parcel must be one. */
export const checkPrintOptions: RequestRule = (request) => {
  const options = request.printOptions;
  const out: Violation[] = [];
  if (options?.printerLanguage === 'ZPL' && options.paperFormat !== undefined && options.paperFormat !== 'A6') {
    out.push(violation('error_zpl_requires_a6', 'printOptions.paperFormat'));
  }
  if (options?.paperFormat === 'A7') {
    const parcels = (request.order ?? []).flatMap((order) => order?.parcels ?? []);
    if (parcels.length === 0 || parcels.some((parcel) => parcel?.returns !== true)) {
      out.push(violation('error_a7_only_for_return_labels', 'printOptions.paperFormat'));
    }
  }
  return out;
};
