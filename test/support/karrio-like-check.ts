// Reads a SOAP getTrackingData answer the way the open-source multi-carrier connector's tracking parser
// reads the carrier's (its DPD connector's tracking.py, written against recorded traffic of
// ParcelLifeCycleService 2.0), and fails where it fails: every `trackingresult` in the body, any
// namespace, else the answer is an error answer; every `statusInfo` descendant, newest first; of each,
// `status`, `location/content` and `date/content` (an absent `location` or `date` element raises in
// the connector) and the description's lines joined; `date/content` parsed with the connector's own
// format `%m/%d/%Y %H:%M:%S %p` and with the stricter `%m/%d/%Y %I:%M:%S %p`, as Python's strptime
// does; `delivered` when any status is exactly `Delivered`; the overall status from the newest entry.
// test/fixtures/karrio_like_check.py is the same check in Python, run beside this one where Python is.
import { parseXmlWithSaxes } from './saxes-tree.ts';
import type { XmlElement } from '../../src/xml/xml-parser.ts';

/** The connector's status mapping (its units.py TrackingStatus): exact, case-sensitive membership. */
const TRACKING_STATUS: Readonly<Record<string, readonly string[]>> = {
  delivered: ['Delivered'],
  in_transit: ['in_transit'],
  ready_for_pickup: ['ParcelShop'],
  delivery_failed: ['DeliveryFailure'],
  out_for_delivery: ['Courier', 'ReturningFromDelivery'],
};

/** One event as the connector reports it. */
export interface ConnectorEvent {
  readonly code: string | undefined;
  readonly location: string | undefined;
  /** The date as the strict format reads it: local `YYYY-MM-DDTHH:MM:SS`. */
  readonly date: string;
  readonly description: string;
  readonly status: string | undefined;
}

/** What the connector makes of an answer. */
export interface ConnectorTracking {
  readonly delivered: boolean;
  readonly status: string;
  /** Newest first, as the connector lists them. */
  readonly events: readonly ConnectorEvent[];
}

const descendants = (node: XmlElement, local: string): XmlElement[] =>
  node.children.flatMap((child) => [...(child.local === local ? [child] : []), ...descendants(child, local)]);

const child = (node: XmlElement, local: string) => node.children.find((c) => c.local === local);

/** Python's days of a month (strptime refuses 2/30). */
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * `text` read as Python's `datetime.strptime(text, '%m/%d/%Y %<hour>:%M:%S %p')` reads it: one or two
 * digits for month, day and hour, a space of the format matching any run of whitespace, `%p` ignored
 * with `%H` (Python's rule). Throws the ValueError Python would.
 */
export function strptime(text: string, hour: 'I' | 'H'): string {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})\s+(\d{1,2}):(\d{1,2}):(\d{1,2})\s+(AM|PM|am|pm)$/.exec(text);
  const fail = () => new Error(`ValueError: time data '${text}' does not match format '%m/%d/%Y %${hour}:%M:%S %p'`);
  if (match === null) throw fail();
  const [month, day, year, h, minute, second] = match.slice(1, 7).map(Number);
  const pm = match[7].toUpperCase() === 'PM';
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month) || minute > 59 || second > 61) throw fail();
  let hour24 = h;
  if (hour === 'I') {
    if (h < 1 || h > 12) throw fail();
    hour24 = (h % 12) + (pm ? 12 : 0);
  } else if (h > 23) throw fail();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${year}-${two(month)}-${two(day)}T${two(hour24)}:${two(minute)}:${two(second)}`;
}

/** Reads `xml` (a whole SOAP answer) as the connector does; throws where it would. */
export function readLikeConnector(xml: string): ConnectorTracking {
  const parsed = parseXmlWithSaxes(xml);
  if (!parsed.ok) throw new Error(`not XML: ${parsed.reason}`);
  if (descendants(parsed.root, 'trackingresult').length === 0) {
    throw new Error('no trackingresult: the connector reads the answer as an error (detail/errorCode)');
  }
  const events = descendants(parsed.root, 'statusInfo')
    .reverse()
    .map((entry): ConnectorEvent => {
      const code = child(entry, 'status')?.text;
      const location = child(entry, 'location');
      if (location === undefined)
        throw new Error(`AttributeError: statusInfo ${code} has no location ('NoneType' object has no attribute 'content')`);
      const date = child(entry, 'date');
      if (date === undefined)
        throw new Error(`AttributeError: statusInfo ${code} has no date ('NoneType' object has no attribute 'content')`);
      const dateText = child(date, 'content')?.text ?? '';
      // The connector's own format: "" passes as no date, anything else must parse.
      if (dateText.split(' ').some((part) => part !== '')) strptime(dateText, 'H');
      const lines = descendants(child(entry, 'description') ?? { uri: '', local: '', attributes: [], children: [], text: '' }, 'content');
      return {
        code,
        location: child(location, 'content')?.text,
        date: strptime(dateText, 'I'),
        description: lines
          .filter((line) => line.children.length === 0 && line.text !== '')
          .map((line) => line.text)
          .join(','),
        status: statusOf(code),
      };
    });
  return {
    delivered: events.some((event) => event.code === 'Delivered'),
    status: statusOf(events[0]?.code) ?? 'in_transit',
    events,
  };
}

function statusOf(code: string | undefined): string | undefined {
  if (code === undefined) return undefined;
  return Object.entries(TRACKING_STATUS).find(([, codes]) => codes.includes(code))?.[0];
}
