// The one error the label renderers throw: a request the validation rules should have refused
// (docs/decisions.md "Labels on the wire"; rules/print-options.ts). Reaching it is a bug in the caller, not bad input.

/** Stable codes of label rendering errors. */
export type LabelErrorCode = 'LABEL_NO_PARCELS' | 'LABEL_A7_NOT_RETURN' | 'LABEL_ZPL_NOT_A6';

/** A label job the renderers cannot draw; `code` says why. */
export class LabelError extends Error {
  readonly code: LabelErrorCode;

  constructor(code: LabelErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'LabelError';
    this.code = code;
  }
}
