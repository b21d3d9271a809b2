// Notification rules (table in notifications.cases.ts).
import { notificationCases } from './notifications.cases.ts';
import { runCases } from './run-cases.ts';

runCases('notifications', notificationCases);
