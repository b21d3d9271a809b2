// Stage requests kept for metrics with personal fields masked before storage (spec "What the
// service does" 6: names, phone numbers, e-mail addresses and other personal references).

/** Fields holding personal data anywhere in a request resource. */
export const PERSONAL_FIELDS: ReadonlySet<string> = new Set([
  'name1', 'name2', 'street', 'street2', 'houseNo', 'contact', 'phone', 'fax', 'email', 'comment',
  'value', 'name', 'iban', 'bic', 'bankAccountNumber', 'bankAccountHolder', 'idDocNumber',
  'password', 'authToken', 'info1', 'info2', 'comment1', 'comment2', 'purpose', 'personId',
  // The caller's own references are free text, and often carry a customer's name or number.
  'customerReferenceNumber1', 'customerReferenceNumber2', 'customerReferenceNumber3', 'customerReferenceNumber4',
  'mpsCustomerReferenceNumber1', 'mpsCustomerReferenceNumber2', 'mpsCustomerReferenceNumber3', 'mpsCustomerReferenceNumber4',
  // Tax numbers of sole traders and private persons identify them.
  'vatNumber', 'eoriNumber', 'destinationCountryRegistration', 'commercialInvoiceConsigneeVatNumber',
  // Where a consumer searched for parcel shops from.
  'latitude', 'longitude',
]);

export const MASK = '***';

/** A copy of a decoded request with every personal field replaced by `***`. */
export function maskPersonalData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskPersonalData);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    out[key] = PERSONAL_FIELDS.has(key) && (typeof field === 'string' || typeof field === 'number') ? MASK : maskPersonalData(field);
  }
  return out;
}
