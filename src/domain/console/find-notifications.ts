// ConsoleService findNotifications: the receiver notifications of the account's parcels (the outbox),
// the newest event first, a page at a time, optionally of one parcel: what each receiver was — or on
// stage would have been — told, and on live how its sending went. A parcel asked for has its messages
// made first, so the answer shows every event its journey has reached by the account's time.
import { DEFAULT_PAGE_SIZE, type FindNotificationsData } from '../../contract/console-service.ts';
import { succeed, type Outcome, type Session } from '../core/outcome.ts';
import type { NotificationStatus, StoredNotification } from '../ports/notification-ports.ts';
import type { Dependencies } from '../dependencies.ts';
import { makeEventsSoFar } from './events-made.ts';

/** One message as findNotifications answers it. */
export interface NotificationView {
  readonly id: number;
  readonly parcelLabelNumber: string;
  readonly kind: StoredNotification['source'];
  readonly entry?: number;
  readonly rule?: number;
  readonly event: string;
  readonly topic: StoredNotification['topic'];
  readonly channel: number;
  readonly value: string;
  readonly language: string;
  readonly textLanguage: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
  readonly at: Date;
  readonly status: NotificationStatus;
  readonly statusReason?: string;
  readonly attempts?: number;
  readonly sentAt?: Date;
}

export function notificationView(message: StoredNotification): NotificationView {
  const proactive = message.source === 'proactiveNotification';
  return {
    id: message.id,
    parcelLabelNumber: message.parcelLabelNumber,
    kind: message.source,
    ...(proactive ? { entry: message.sourceIndex, rule: message.rule } : {}),
    event: message.eventStatus,
    topic: message.topic,
    channel: message.channel,
    value: message.recipient,
    language: message.language,
    textLanguage: message.textLanguage,
    subject: message.subject,
    text: message.text,
    html: message.html,
    at: message.eventAt,
    status: message.status,
    statusReason: message.statusReason,
    // Attempts are live's: a captured message (stage) never has one.
    ...(message.status === 'captured' ? {} : { attempts: message.attempts }),
    sentAt: message.sentAt,
  };
}

export async function findNotifications(
  deps: Dependencies,
  session: Session,
  request: FindNotificationsData,
): Promise<Outcome<{ notification: NotificationView[]; more: boolean }>> {
  const accountId = session.account.id;
  const number = request.parcelLabelNumber;
  const refused = await makeEventsSoFar(deps, session, number);
  if (refused !== undefined) return refused;
  const { notifications, more } = await deps.notifications.outbox.listNotifications(accountId, {
    parcelLabelNumber: number,
    after: request.after,
    limit: request.limit ?? DEFAULT_PAGE_SIZE,
  });
  return succeed({ notification: notifications.map(notificationView), more });
}
