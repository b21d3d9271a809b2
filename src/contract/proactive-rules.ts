// What a `proactiveNotification.rule` means. The specification gives the field (xs:int, required) and
// not its values ("not shown"); ours: a sum of event flags, each flag naming the tracking events that
// send the receiver a message. The README's rule table and the validation message are written from this.

/** One flag of a rule: its value and the tracking status words it stands for. */
export interface ProactiveRuleFlag {
  readonly flag: number;
  /** The status words (tracking's `statusInfo/status`) whose event sends a message. */
  readonly statuses: readonly string[];
  readonly en: string;
  readonly nl: string;
}

export const PROACTIVE_RULE_FLAGS: readonly ProactiveRuleFlag[] = Object.freeze(
  [
    { flag: 1, statuses: ['PickedUp'], en: 'handed to the carrier', nl: 'aan de vervoerder overgedragen' },
    { flag: 2, statuses: ['Courier'], en: 'out for delivery', nl: 'onderweg naar de ontvanger' },
    { flag: 4, statuses: ['DeliveryFailure'], en: 'delivery attempt failed', nl: 'bezorgpoging mislukt' },
    { flag: 8, statuses: ['ParcelShop'], en: 'waiting at a parcel shop', nl: 'ligt klaar bij een pakketpunt' },
    { flag: 16, statuses: ['Delivered'], en: 'delivered or collected', nl: 'bezorgd of opgehaald' },
    {
      flag: 32,
      statuses: ['CustomsHold', 'Damaged', 'Investigation', 'Lost', 'ReturningToSender', 'ReturnedToSender'],
      en: 'held, damaged, lost or returning to the sender',
      nl: 'vastgehouden, beschadigd, zoek of terug naar de afzender',
    },
  ].map((entry) => Object.freeze(entry)),
);

/** Every flag together: the largest meaningful rule. */
export const ALL_PROACTIVE_FLAGS = PROACTIVE_RULE_FLAGS.reduce((sum, entry) => sum | entry.flag, 0);

/** Whether `rule` asks for a message on an event of `status`. */
export function ruleCovers(rule: number, status: string): boolean {
  return PROACTIVE_RULE_FLAGS.some((entry) => (rule & entry.flag) !== 0 && entry.statuses.includes(status));
}

/** The flags as a validation message lists them: `1 handed to the carrier, 2 out for delivery, …`. */
export function describeProactiveFlags(language: 'en' | 'nl'): string {
  return PROACTIVE_RULE_FLAGS.map((entry) => `${entry.flag} ${entry[language]}`).join(', ');
}
