// What each ConsoleService operation does with a decoded request (contract/console-service.ts), for both
// bindings: the domain call, whose value is the operation's response resource. operation-handlers.ts
// lists these with every other operation's.
import type { OperationOf } from '../../contract/operation-table.ts';
import { findNotifications } from '../../domain/console/find-notifications.ts';
import { findParcels } from '../../domain/console/find-parcels.ts';
import { findPushes } from '../../domain/console/find-pushes.ts';
import { resendPush } from '../../domain/console/resend-push.ts';
import { findStageRequests } from '../../domain/console/find-stage-requests.ts';
import { getAccount } from '../../domain/console/get-account.ts';
import { getDayEnds } from '../../domain/console/get-day-ends.ts';
import { getParcelData } from '../../domain/console/get-parcel-data.ts';
import { reprintLabels } from '../../domain/console/reprint-labels.ts';
import { handlerOf, type Handlers } from './handler.ts';

/** One handler per ConsoleService operation: one missing, or one the service does not declare, does not compile. */
export const consoleHandlers: Pick<Handlers, OperationOf<'ConsoleServiceV10'>> = Object.freeze({
  findParcels: handlerOf<'findParcels'>(findParcels),
  getParcelData: handlerOf<'getParcelData'>(getParcelData),
  reprintLabels: handlerOf<'reprintLabels'>(reprintLabels),
  findStageRequests: handlerOf<'findStageRequests'>(findStageRequests),
  getAccount: handlerOf<'getAccount'>(getAccount),
  findNotifications: handlerOf<'findNotifications'>(findNotifications),
  findPushes: handlerOf<'findPushes'>(findPushes),
  resendPush: handlerOf<'resendPush'>(resendPush),
  getDayEnds: handlerOf<'getDayEnds'>(getDayEnds),
});
