// A demonstration manifest of any size: the manifest benchmark and the manifest tests draw it. Names in
// Latin, Greek and Cyrillic script, two products, orders of one to three parcels, a few with cash on
// delivery and a few without a weight (ShipmentService 3.3).
import type { ManifestJob, ManifestParcel } from './manifest-input.ts';

const RECEIVERS = [
  { receiverName: 'Ærøskøbing Boghandel ApS', zipCode: '5970', city: 'Ærøskøbing', country: 'DK' },
  { receiverName: 'Γεώργιος Παπαδόπουλος', zipCode: '546 21', city: 'Θεσσαλονίκη', country: 'GR' },
  { receiverName: 'Ирина Смирнова', zipCode: '190000', city: 'Санкт-Петербург', country: 'RU' },
  { receiverName: 'Ontvanger BV', zipCode: '3011AD', city: 'Rotterdam', country: 'NL' },
] as const;

/** `count` parcels of the depot 0522, numbered from 05229000000000 on. */
export function sampleManifestParcels(count: number): ManifestParcel[] {
  return Array.from({ length: count }, (_, i) => {
    const order = Math.floor(i / 2);
    return {
      parcelLabelNumber: `0522${String(9000000000 + i)}`,
      order: `MPS0522${String(9000000000 + order * 2)}20261123`,
      reference: `REF-${String(i + 1).padStart(5, '0')}`,
      ...RECEIVERS[order % RECEIVERS.length],
      product: i % 5 === 4 ? 'B2C' : 'B2B',
      serviceCode: i % 5 === 4 ? '327' : '101',
      weight: i % 97 === 13 ? undefined : 250 + ((i * 37) % 2000),
      cod: i % 11 === 3 ? { amount: 12_50 + i, currency: 'EUR' } : undefined,
      returns: false,
    };
  });
}

/** A manifest of `count` parcels (none: the empty period's). */
export function sampleManifestJob(count: number, stage = false): ManifestJob {
  return {
    shipper: { name: 'Pakketverzender BV', address: ['Keizersgracht 1', 'NL-1015CJ Amsterdam'] },
    delisId: 'demo0001',
    depots: ['0522'],
    period: { dateFrom: 20261123, timeFrom: 0, dateTo: 20261124, timeTo: 0, timeZone: 'Europe/Amsterdam' },
    madeAt: '2026-11-23 18:05',
    parcels: sampleManifestParcels(count),
    stage,
  };
}
