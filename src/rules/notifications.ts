// Rules on notifications (predict, parcelShopNotification, personalDeliveryNotification,
// proactiveNotification): an e-mail channel needs an e-mail value, telephone and SMS a phone number; languages are ISO codes; a proactive
// rule is a sum of the event flags of contract/proactive-rules.ts that the operator's table allows.
import type { DeepPartial } from '../contract/schema/model.ts';
import { describeProactiveFlags } from '../contract/proactive-rules.ts';
import { isEmail, isNotificationLanguage, isPhoneNumber } from './reference-data.ts';
import { violation, type OrderRule, type Violation } from './violation.ts';

interface NotificationInput {
  readonly channel?: number;
  readonly value?: string;
  readonly language?: string;
  readonly rule?: number;
}

function checkNotification(notification: DeepPartial<NotificationInput> | undefined, path: string): Violation[] {
  if (notification === undefined) return [];
  const out: Violation[] = [];
  if (notification.channel === 1 && notification.value !== undefined && !isEmail(notification.value)) {
    out.push(violation('error_incorrect_email_address_for_notification', `${path}.value`));
  }
  if (
    (notification.channel === 2 || notification.channel === 3) &&
    notification.value !== undefined &&
    !isPhoneNumber(notification.value)
  ) {
    out.push(violation('error_incorrect_phone_number_for_notification', `${path}.value`, { channel: notification.channel }));
  }
  if (notification.language !== undefined && !isNotificationLanguage(notification.language)) {
    out.push(violation('error_invalid_notification_language', `${path}.language`, { value: notification.language }));
  }
  return out;
}

export const checkNotifications: OrderRule = (order, at, context) => {
  const psd = order.productAndServiceData;
  if (psd === undefined) return [];
  const base = `${at}.productAndServiceData`;
  const out = [
    ...checkNotification(psd.predict, `${base}.predict`),
    ...checkNotification(psd.personalDeliveryNotification, `${base}.personalDeliveryNotification`),
    ...checkNotification(psd.parcelShopDelivery?.parcelShopNotification, `${base}.parcelShopDelivery.parcelShopNotification`),
  ];
  const rules = context.operatorValues.proactiveNotificationRules;
  (psd.proactiveNotification ?? []).forEach((notification, i) => {
    const path = `${base}.proactiveNotification[${i}]`;
    out.push(...checkNotification(notification, path));
    if (notification?.rule !== undefined && !rules.includes(notification.rule)) {
      const [first, last] = [rules[0], rules[rules.length - 1]];
      out.push(
        violation('error_invalid_proactive_notification_rule', `${path}.rule`, {
          value: notification.rule,
          values: { en_US: `${first} to ${last}`, nl_NL: `${first} tot en met ${last}` },
          flags: { en_US: describeProactiveFlags('en'), nl_NL: describeProactiveFlags('nl') },
        }),
      );
    }
  });
  return out;
};
