// The keys the parcel-shop directory is searched by: a postcode or city as written by a shop's entry
// and by a caller compare equal when they name the same place.

/** Upper-case letters and digits only: `1012 ab`, `1012AB` and `1012-AB` are all `1012AB`. */
export function postcodeKey(zipCode: string): string {
  return zipCode.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

/** Upper case without accents, punctuation or repeated spaces: `Den  Haag`, `den-haag` → `DEN HAAG`; `Łódź` → `LODZ`. */
export function cityKey(city: string): string {
  return city
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .replace(/ø/g, 'o')
    .replace(/Ø/g, 'O')
    .replace(/ß/g, 'ss')
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
