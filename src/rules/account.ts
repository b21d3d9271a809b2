// Rules tying an order to the calling account (sendingDepot must be a depot of the account; docs/decisions.md "Operations").
import { violation, type OrderRule } from './violation.ts';

export const checkAccount: OrderRule = (order, at, context) => {
  const depot = order.generalShipmentData?.sendingDepot;
  if (depot === undefined || context.depots.includes(depot)) return [];
  return [
    violation('error_sending_depot_not_allowed', `${at}.generalShipmentData.sendingDepot`, {
      value: depot,
      values: context.depots.join(', '),
    }),
  ];
};
