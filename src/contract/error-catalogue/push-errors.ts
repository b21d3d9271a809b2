// The Tracking Push Service's refusals (README "Tracking push"): a push URL that is not one, or whose
// address the operator did not allow; a push the console asked to send again that cannot be.
import { validationError, type ErrorEntry } from './error-entries.ts';

export const pushErrors = {
  error_invalid_push_url: validationError(
    '{path} {value} is not a push URL: it must be http or https with a host ({detail}).',
    '{path} {value} is geen push-URL: die moet http of https zijn, met een host ({detail}).',
  ),
  error_push_address_not_allowed: validationError(
    '{path} {value} is refused: pushes do not go to private, loopback or link-local addresses ({detail}) unless the operator allows the network (PUSH_ALLOWED_NETWORKS).',
    '{path} {value} is geweigerd: pushes gaan niet naar privé-, loopback- of link-local-adressen ({detail}), tenzij de beheerder dat netwerk toestaat (PUSH_ALLOWED_NETWORKS).',
  ),
  error_push_not_found: validationError('{path} {value} is not a push of this account.', '{path} {value} is geen push van dit account.'),
} as const satisfies Record<string, ErrorEntry>;
