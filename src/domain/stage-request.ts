// Stage requests kept for metrics with personal fields masked before storage (spec "What the
// service does" 6: names, phone numbers, e-mail addresses and other personal references).

/** Fields holding personal data anywhere in a request resource. */
export const PERSONAL_FIELDS: ReadonlySet<string> = new Set([
  'name1',
  'name2',
  'street',
  'street2',
  'houseNo',
  'contact',
  'phone',
  'fax',
  'email',
  'comment',
  'value',
  'name',
  'iban',
  'bic',
  'bankAccountNumber',
  'bankAccountHolder',
  'idDocNumber',
  'password',
  'authToken',
  'info1',
  'info2',
  'comment1',
  'comment2',
  'purpose',
  'personId',
  // The caller's own references are free text, and often carry a customer's name or number.
  'customerReferenceNumber1',
  'customerReferenceNumber2',
  'customerReferenceNumber3',
  'customerReferenceNumber4',
  'mpsCustomerReferenceNumber1',
  'mpsCustomerReferenceNumber2',
  'mpsCustomerReferenceNumber3',
  'mpsCustomerReferenceNumber4',
  // Tax numbers of sole traders and private persons identify them.
  'vatNumber',
  'eoriNumber',
  'destinationCountryRegistration',
  'commercialInvoiceConsigneeVatNumber',
  // Where a consumer searched for parcel shops from.
  'latitude',
  'longitude',
]);

export const MASK = '***';

/** `value` with every string and number in it, at any depth, replaced by `***`. */
function maskAll(value: unknown): unknown {
  if (typeof value === 'string' || typeof value === 'number') return MASK;
  if (Array.isArray(value)) return value.map(maskAll);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, maskAll(field)]));
}

/**
 * A copy of a request with every personal field's value replaced by `***`: a string or number itself,
 * and every string and number inside a list or object sent under a personal key (such a request is
 * refused, but its text is kept all the same).
 */
export function maskPersonalData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskPersonalData);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    out[key] = PERSONAL_FIELDS.has(key) ? maskAll(field) : maskPersonalData(field);
  }
  return out;
}
