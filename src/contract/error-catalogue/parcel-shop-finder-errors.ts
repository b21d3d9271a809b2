// The error catalogue's codes for the parcel-shop finder and its directory.
import { validationError, type ErrorEntry } from './error-entries.ts';

export const parcelShopErrors = {
  // ── Parcel-shop finder and its directory (docs/decisions.md "Parcel-shop finder") ──
  error_parcel_shop_search_needs_place: validationError(
    '{path}: give a zipCode or a city to search near an address.',
    '{path}: geef een zipCode of een city op om bij een adres te zoeken.',
  ),
  error_duplicate_parcel_shop: validationError('{path} {value} is already the id of {first}.', '{path} {value} is al de id van {first}.'),
  error_duplicate_opening_day: validationError(
    '{path} {value} already has its opening hours; give each day once.',
    '{path} {value} heeft al openingstijden; geef elke dag één keer op.',
  ),
  error_duplicate_available_service: validationError(
    '{path} {value} is already listed; give each service once.',
    '{path} {value} staat er al; geef elke dienst één keer op.',
  ),
  error_invalid_character: validationError(
    '{path} holds the character {character}, which is not text; give printable text only.',
    '{path} bevat het teken {character}, dat geen tekst is; geef alleen afdrukbare tekst op.',
  ),
  error_date_range: validationError('{path} {from} must not be later than {to}.', '{path} {from} mag niet later zijn dan {to}.'),
  error_holiday_overlap: validationError(
    '{path} ({from} to {to}) overlaps {other} ({otherFrom} to {otherTo}) of parcel shop {shop}; a period includes its first and last day, so give each closed day once.',
    '{path} ({from} t/m {to}) overlapt met {other} ({otherFrom} t/m {otherTo}) van pakketshop {shop}; een periode omvat haar eerste en laatste dag, dus geef elke gesloten dag één keer op.',
  ),
  error_return_parcel_required: validationError(
    '{path} must be a return parcel (returns true) for product RET (shop return).',
    '{path} moet een retourpakket zijn (returns true) voor product RET (retour via pakketshop).',
  ),
  error_saturday_delivery_not_available: validationError(
    '{path} Saturday delivery is not available for product {product}.',
    '{path} zaterdaglevering is niet beschikbaar voor product {product}.',
  ),
  error_age_check_not_available: validationError(
    '{path} age check is not available for product {product}.',
    '{path} leeftijdscontrole is niet beschikbaar voor product {product}.',
  ),
  error_invalid_cod_inkasso: validationError('{path} must be one of {values}.', '{path} moet een van {values} zijn.'),
  error_invalid_proactive_notification_rule: validationError(
    '{path} {value} is not a notification rule this service takes ({values}): a rule is the sum of the events to be told of — {flags}.',
    '{path} {value} is geen meldingsregel die deze service aanneemt ({values}): een regel is de som van de gebeurtenissen waarvan de ontvanger hoort — {flags}.',
  ),
} as const satisfies Record<string, ErrorEntry>;
