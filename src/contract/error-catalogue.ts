// The one catalogue of every error the service reports: stable code, English and Dutch message
// templates. `docs/errors.md` is generated from it (npm run docs:errors) and a test keeps the two equal.
// Placeholders in braces ({path}, {max}, ...) are filled from the violation's parameters;
// {name|one|other} is the word `one` when the parameter is 1, else `other` (English and Dutch plurals).

/** A message language of the authentication object (spec: "Authentication object"). */
export type MessageLanguage = 'en_US' | 'nl_NL';

/**
 * What `messageLanguage` takes: any 5-character `ll_CC` (language, underscore, country; letters in any
 * case), as deployed clients send `en_EN` or `de_DE` besides the spec's `nl_NL` and `en_US`.
 */
export const MESSAGE_LANGUAGE_PATTERN = /^[A-Za-z]{2}_[A-Za-z]{2}$/;

/** The language answers are written in for a `messageLanguage` as sent: Dutch for `nl_*`, English for anything else. */
export function messageLanguageOf(value: unknown): MessageLanguage {
  return typeof value === 'string' && MESSAGE_LANGUAGE_PATTERN.test(value) && value.slice(0, 2).toLowerCase() === 'nl' ? 'nl_NL' : 'en_US';
}

/** How a problem is reported: a data error inside a result, a request fault, or an authentication fault. */
export type ErrorKind = 'validation' | 'request' | 'authentication';

export interface ErrorEntry {
  readonly kind: ErrorKind;
  readonly en_US: string;
  readonly nl_NL: string;
  /** HTTP status of REST requests that fail with this code as a whole (not used by validation errors). */
  readonly httpStatus?: number;
}

const v = (en_US: string, nl_NL: string): ErrorEntry => ({ kind: 'validation', en_US, nl_NL });
const req = (httpStatus: number, en_US: string, nl_NL: string): ErrorEntry => ({ kind: 'request', httpStatus, en_US, nl_NL });
const auth = (httpStatus: number, en_US: string, nl_NL: string): ErrorEntry => ({ kind: 'authentication', httpStatus, en_US, nl_NL });
const r = (en_US: string, nl_NL: string) => ({ en_US, nl_NL });

export const errorCatalogue = {
  // ── Authentication (spec "Authentication"; codes fixed by DESIGN.md) ──
  DELICOM_ERR_AUTHENTICATION: auth(401, 'Authentication failed: {reason}.', 'Authenticatie mislukt: {reason}.'),
  ERR_DELICOM_TOKEN_INCORRECT: auth(
    401,
    'The authentication token is not valid for this user. Request a new token with getAuth.',
    'Het authenticatietoken is niet geldig voor deze gebruiker. Vraag een nieuw token aan met getAuth.',
  ),
  ERR_DELICOM_TOKEN_EXPIRED: auth(
    401,
    'The authentication token has expired. Request a new token with getAuth.',
    'Het authenticatietoken is verlopen. Vraag een nieuw token aan met getAuth.',
  ),
  ERR_TOO_MANY_LOGIN_ATTEMPTS: auth(
    429,
    'Too many failed logins. Try again in {seconds} {seconds|second|seconds}.',
    'Te veel mislukte aanmeldingen. Probeer het over {seconds} {seconds|seconde|seconden} opnieuw.',
  ),

  // ── Requests that cannot be processed at all (DESIGN "REST") ──
  ERR_MALFORMED_REQUEST: req(
    400,
    'The request body is not valid {format}: {reason}.',
    'De inhoud van het verzoek is geen geldige {format}: {reason}.',
  ),
  ERR_INVALID_ENVELOPE: req(400, 'The request envelope is not valid: {reason}.', 'De envelop van het verzoek is niet geldig: {reason}.'),
  ERR_UNSUPPORTED_MEDIA_TYPE: req(
    415,
    'The content type {contentType} is not supported; send {expected}.',
    'Het inhoudstype {contentType} wordt niet ondersteund; stuur {expected}.',
  ),
  ERR_BODY_TOO_LARGE: req(413, 'The request body is larger than {limit} bytes.', 'De inhoud van het verzoek is groter dan {limit} bytes.'),
  ERR_BODY_TOO_DEEP: req(
    400,
    'The request body nests objects and arrays deeper than {max} levels.',
    'De inhoud van het verzoek nest objecten en lijsten dieper dan {max} niveaus.',
  ),
  ERR_BODY_TOO_MANY_NODES: req(
    400,
    'The request body holds more than {max} objects, arrays, names and values.',
    'De inhoud van het verzoek bevat meer dan {max} objecten, lijsten, namen en waarden.',
  ),
  ERR_DUPLICATE_JSON_NAME: req(
    400,
    "The request body gives the JSON name '{name}' twice in one object; give each name once.",
    "De inhoud van het verzoek geeft de JSON-naam '{name}' twee keer in één object; geef elke naam één keer.",
  ),
  ERR_SHUTTING_DOWN: req(
    503,
    'The service is shutting down and did not process the request; send it again.',
    'De service wordt afgesloten en heeft het verzoek niet verwerkt; stuur het opnieuw.',
  ),
  // {suggestion}: did_you_mean or did_you_mean_either when a served path is close, else nothing.
  ERR_NOT_FOUND: req(404, 'There is no operation at {method} {path}.{suggestion}', 'Er is geen operatie op {method} {path}.{suggestion}'),
  ERR_METHOD_NOT_ALLOWED: req(405, 'Use {allow} for {path}.', 'Gebruik {allow} voor {path}.'),
  ERR_INVALID_REQUEST: req(400, 'The request is not valid: {reason}', 'Het verzoek is niet geldig: {reason}'),
  ERR_STAGE_ONLY: req(
    404,
    '{operation} is served on stage only: live keeps no log of requests.',
    '{operation} is alleen beschikbaar op stage: live bewaart geen verzoeken.',
  ),
  ERR_INTERNAL: req(
    500,
    'The service could not process the request because of an internal error (reference {reference}). Nothing was stored.',
    'De service kon het verzoek door een interne fout niet verwerken (referentie {reference}). Er is niets opgeslagen.',
  ),
  // SandboxService injectFault (stage): the answer of a call given an HTTP status, whichever of 500,
  // 502, 503 or 504 was asked for; every injected answer is recorded under this code.
  ERR_INJECTED_FAULT: req(
    503,
    'The sandbox answered this call with HTTP {status}, as injectFault {id} asked. Nothing was stored.',
    'De sandbox beantwoordde deze aanroep met HTTP {status}, zoals injectFault {id} vroeg. Er is niets opgeslagen.',
  ),
  // SandboxService injectFault (stage): a call that met a delay while its account had as many calls held
  // in delays as it may (domain/sandbox/delayed-calls.ts); other accounts are not held up by them.
  ERR_TOO_MANY_DELAYED_CALLS: req(
    429,
    'This account already has {limit} calls held in an injected delay: this call met injectFault {id} and was refused at once. Nothing was stored.',
    'Dit account heeft al {limit} aanroepen die een geïnjecteerde vertraging wachten: deze aanroep trof injectFault {id} en is meteen geweigerd. Er is niets opgeslagen.',
  ),

  // ── Field shape, from the contract model ──
  // {suggestion}: did_you_mean when a field's name is close, else nothing.
  error_unknown_field: v('{path} is not a field of this request.{suggestion}', '{path} is geen veld van dit verzoek.{suggestion}'),
  error_missing_field: v('{path} is required.', '{path} is verplicht.'),
  error_invalid_type: v('{path} must be {expected}.', '{path} moet {expected} zijn.'),
  error_field_too_long: v('{path} is longer than {max} {max|character|characters}.', '{path} is langer dan {max} {max|teken|tekens}.'),
  error_field_too_short: v('{path} is shorter than {min} {min|character|characters}.', '{path} is korter dan {min} {min|teken|tekens}.'),
  error_invalid_field_length: v(
    '{path} must be exactly {length} {length|character|characters} long.',
    '{path} moet precies {length} {length|teken|tekens} lang zijn.',
  ),
  error_invalid_field_value: v('{path} must be one of {values}.', '{path} moet een van {values} zijn.'),
  error_invalid_field_format: v('{path} must contain {format}.', '{path} mag alleen {format} bevatten.'),
  error_control_character: v(
    '{path} holds the control character {character}; give printable text only (tab, line feed and carriage return are allowed).',
    '{path} bevat het stuurteken {character}; geef alleen afdrukbare tekst op (tab, regelovergang en regelterugloop zijn toegestaan).',
  ),
  error_value_too_large: v('{path} must be at most {max}.', '{path} mag hoogstens {max} zijn.'),
  error_value_too_small: v('{path} must be at least {min}.', '{path} moet minstens {min} zijn.'),
  error_too_many_entries: v('{path} has more than {max} {max|entry|entries}.', '{path} heeft meer dan {max} {max|element|elementen}.'),
  error_too_few_entries: v(
    '{path} needs at least {min} {min|entry|entries}.',
    '{path} heeft minstens {min} {min|element|elementen} nodig.',
  ),
  error_too_many_orders: v(
    '{path} has more than {max} orders; send at most 30 orders per request.',
    '{path} bevat meer dan {max} orders; stuur hoogstens 30 orders per verzoek.',
  ),
  error_no_orders: v('{path} must contain at least one order.', '{path} moet minstens één order bevatten.'),

  // ── Codes named by the specification ("Errors") ──
  error_parcel_exceeds_maximum_allowed_weight: v(
    '{path} exceeds the maximum allowed weight of {max} decagrams (31.5 kg).',
    '{path} overschrijdt het maximaal toegestane gewicht van {max} decagram (31,5 kg).',
  ),
  error_invalid_dest_zip: v(
    '{path} {zipCode} is not a valid postcode for {country}.',
    '{path} {zipCode} is geen geldige postcode voor {country}.',
  ),
  error_incorrect_email_address: v('{path} is not a valid e-mail address.', '{path} is geen geldig e-mailadres.'),
  error_incorrect_email_address_for_notification: v(
    '{path} is not a valid e-mail address for a notification by e-mail (channel 1).',
    '{path} is geen geldig e-mailadres voor een melding per e-mail (kanaal 1).',
  ),

  // ── Reference data ──
  error_invalid_country: v(
    '{path} {value} is not an ISO 3166-1 alpha-2 country code.',
    '{path} {value} is geen ISO 3166-1 alpha-2 landcode.',
  ),
  error_invalid_currency: v('{path} {value} is not an ISO 4217 currency code.', '{path} {value} is geen ISO 4217 valutacode.'),
  error_invalid_zip_format: v(
    '{path} must contain only letters and digits, without spaces or dashes.',
    '{path} mag alleen letters en cijfers bevatten, zonder spaties of streepjes.',
  ),
  error_state_only_for_us: v(
    '{path} may only be given for addresses in the United States.',
    '{path} mag alleen worden opgegeven voor adressen in de Verenigde Staten.',
  ),
  error_invalid_state: v(
    '{path} {value} is not a US state or territory (ISO 3166-2 code without the US- prefix).',
    '{path} {value} is geen staat of territorium van de VS (ISO 3166-2-code zonder het voorvoegsel US-).',
  ),
  error_invalid_date: v(
    '{path} {value} is not a real date in the form YYYYMMDD.',
    '{path} {value} is geen bestaande datum in de vorm JJJJMMDD.',
  ),
  error_invalid_volume: v(
    '{path} must be at most 9 digits giving length, width and height in cm as LLLWWWHHH.',
    '{path} moet hoogstens 9 cijfers bevatten: lengte, breedte en hoogte in cm als LLLBBBHHH.',
  ),
  error_invalid_notification_language: v(
    '{path} {value} is not an ISO 639-1 language or ISO 3166-1 country code.',
    '{path} {value} is geen ISO 639-1 taalcode of ISO 3166-1 landcode.',
  ),
  error_invalid_notification_channel: v(
    '{path} must be 1 (e-mail), 2 (telephone) or 3 (SMS).',
    '{path} moet 1 (e-mail), 2 (telefoon) of 3 (sms) zijn.',
  ),
  error_invalid_product: v(
    '{path} {value} is not a product; use one of {values}.',
    '{path} {value} is geen product; gebruik een van {values}.',
  ),
  error_invalid_order_type: v('{path} must be one of {values}.', '{path} moet een van {values} zijn.'),
  error_invalid_printer_resolution: v('{path} must be 203, 300 or 600 dpi.', '{path} moet 203, 300 of 600 dpi zijn.'),
  error_invalid_parcel_label_number: v(
    '{path} must be a parcel label number of 14 digits.',
    '{path} moet een pakketnummer van 14 cijfers zijn.',
  ),

  // ── Account ──
  error_sending_depot_not_allowed: v(
    '{path} {value} is not a depot of this account; use one of {values}.',
    '{path} {value} is geen depot van dit account; gebruik een van {values}.',
  ),

  // ── Print options ──
  error_zpl_requires_a6: v(
    '{path} must be A6 for direct printing (printerLanguage ZPL).',
    '{path} moet A6 zijn voor direct printen (printerLanguage ZPL).',
  ),
  error_a7_only_for_return_labels: v(
    '{path} A7 is only available when every parcel is a return parcel (returns true).',
    '{path} A7 is alleen beschikbaar als elk pakket een retourpakket is (returns true).',
  ),

  // ── Orders and parcels ──
  error_parcels_not_allowed_for_pickup_order: v(
    '{path} must be omitted for a pickup order (orderType pickup information).',
    '{path} moet worden weggelaten bij een ophaalopdracht (orderType pickup information).',
  ),
  error_parcel_required: v(
    '{path} needs at least one parcel for orderType {orderType}.',
    '{path} heeft minstens één pakket nodig voor orderType {orderType}.',
  ),
  error_too_many_parcels: v(
    '{path} has {count} parcels; an order takes at most {max}.',
    '{path} heeft {count} pakketten; een order heeft er hoogstens {max}.',
  ),
  error_multiple_parcels_to_uk: v(
    '{path} has {count} parcels; shipments to the United Kingdom take one parcel per order.',
    '{path} heeft {count} pakketten; zendingen naar het Verenigd Koninkrijk hebben één pakket per order.',
  ),
  error_return_parcel_position: v(
    '{path} is a return parcel; it must be the only parcel or directly follow an outbound parcel.',
    '{path} is een retourpakket; het moet het enige pakket zijn of direct na een uitgaand pakket komen.',
  ),
  error_invalid_parcel_letter: v(
    '{path} exceeds the ParcelLetter maximum ({limit}).',
    '{path} overschrijdt het maximum voor ParcelLetter ({limit}).',
  ),
  error_parcel_letter_volume_required: v(
    '{path} is required for product PL (ParcelLetter): the parcel must be within the ParcelLetter maximum ({limit}).',
    '{path} is verplicht voor product PL (ParcelLetter): het pakket moet binnen het maximum voor ParcelLetter blijven ({limit}).',
  ),
  error_email_or_phone_required: v(
    '{path} needs a phone number or an e-mail address.',
    '{path} heeft een telefoonnummer of een e-mailadres nodig.',
  ),

  // ── Products and services ("Products and services") ──
  error_parcel_shop_delivery_required: v(
    '{path} is required for product PSD (shop delivery).',
    '{path} is verplicht voor product PSD (levering aan een pakketshop).',
  ),
  error_parcel_shop_delivery_not_allowed: v('{path} is only allowed with product PSD.', '{path} is alleen toegestaan bij product PSD.'),
  error_parcel_shop_unknown: v(
    '{path} {value} is not a parcel shop of the directory; find one with findParcelShops or findParcelShopsByGeoData.',
    '{path} {value} is geen pakketshop uit het overzicht; zoek er een met findParcelShops of findParcelShopsByGeoData.',
  ),

  error_parcel_shop_no_delivery: v(
    '{path} {value} does not take parcel deliveries (its services do not include parcelShopDelivery); find one that does with availableService parcelShopDelivery.',
    '{path} {value} neemt geen pakketten voor aflevering aan (zijn diensten omvatten geen parcelShopDelivery); zoek er een met availableService parcelShopDelivery.',
  ),

  // ── Parcel-shop finder and its directory (docs/decisions.md "Parcel-shop finder") ──
  error_parcel_shop_search_needs_place: v(
    '{path}: give a zipCode or a city to search near an address.',
    '{path}: geef een zipCode of een city op om bij een adres te zoeken.',
  ),
  error_duplicate_parcel_shop: v('{path} {value} is already the id of {first}.', '{path} {value} is al de id van {first}.'),
  error_duplicate_opening_day: v(
    '{path} {value} already has its opening hours; give each day once.',
    '{path} {value} heeft al openingstijden; geef elke dag één keer op.',
  ),
  error_duplicate_available_service: v(
    '{path} {value} is already listed; give each service once.',
    '{path} {value} staat er al; geef elke dienst één keer op.',
  ),
  error_invalid_character: v(
    '{path} holds the character {character}, which is not text; give printable text only.',
    '{path} bevat het teken {character}, dat geen tekst is; geef alleen afdrukbare tekst op.',
  ),
  error_date_range: v('{path} {from} must not be later than {to}.', '{path} {from} mag niet later zijn dan {to}.'),
  error_holiday_overlap: v(
    '{path} ({from} to {to}) overlaps {other} ({otherFrom} to {otherTo}) of parcel shop {shop}; a period includes its first and last day, so give each closed day once.',
    '{path} ({from} t/m {to}) overlapt met {other} ({otherFrom} t/m {otherTo}) van pakketshop {shop}; een periode omvat haar eerste en laatste dag, dus geef elke gesloten dag één keer op.',
  ),
  error_return_parcel_required: v(
    '{path} must be a return parcel (returns true) for product RET (shop return).',
    '{path} moet een retourpakket zijn (returns true) voor product RET (retour via pakketshop).',
  ),
  error_saturday_delivery_not_available: v(
    '{path} Saturday delivery is not available for product {product}.',
    '{path} zaterdaglevering is niet beschikbaar voor product {product}.',
  ),
  error_age_check_not_available: v(
    '{path} age check is not available for product {product}.',
    '{path} leeftijdscontrole is niet beschikbaar voor product {product}.',
  ),
  error_invalid_cod_inkasso: v('{path} must be one of {values}.', '{path} moet een van {values} zijn.'),
  error_invalid_proactive_notification_rule: v(
    '{path} {value} is not a notification rule this service takes ({values}): a rule is the sum of the events to be told of — {flags}.',
    '{path} {value} is geen meldingsregel die deze service aanneemt ({values}): een regel is de som van de gebeurtenissen waarvan de ontvanger hoort — {flags}.',
  ),

  // ── International shipments (crossing the EU customs border) ──
  error_international_required: v(
    '{path} is required: the shipment from {from} to {to} crosses the EU customs border.',
    '{path} is verplicht: de zending van {from} naar {to} gaat over de douanegrens van de EU.',
  ),
  error_house_no_required: v(
    '{path} must be given separately from the street for a shipment from {from} to {to}.',
    '{path} moet apart van de straat worden opgegeven voor een zending van {from} naar {to}.',
  ),
  error_eori_or_vat_required: v(
    '{path} is a business address of an international shipment; give its eoriNumber or vatNumber.',
    '{path} is een zakelijk adres van een internationale zending; geef het eoriNumber of vatNumber op.',
  ),
  error_uk_eori_required: v(
    '{path} is required for a shipment to the United Kingdom.',
    '{path} is verplicht voor een zending naar het Verenigd Koninkrijk.',
  ),
  error_uk_vat_required: v(
    '{path} is required for a shipment to the United Kingdom.',
    '{path} is verplicht voor een zending naar het Verenigd Koninkrijk.',
  ),
  error_destination_country_registration_sender_only: v(
    '{path} may only be given for the sender.',
    '{path} mag alleen voor de afzender worden opgegeven.',
  ),
  error_destination_country_registration_uk_only: v(
    '{path} may only be given for a shipment to the United Kingdom.',
    '{path} mag alleen worden opgegeven voor een zending naar het Verenigd Koninkrijk.',
  ),
  error_destination_country_registration_required: v(
    '{path} is required: goods of {amount} {currency} meet the United Kingdom tax threshold of {threshold}.',
    '{path} is verplicht: goederen van {amount} {currency} bereiken de belastinggrens van het Verenigd Koninkrijk van {threshold}.',
  ),
  error_comment2_required: v(
    "{path} is required: goods of {amount} {currency} meet the United Kingdom tax threshold of {threshold}; give the sender's registration number.",
    '{path} is verplicht: goederen van {amount} {currency} bereiken de belastinggrens van het Verenigd Koninkrijk van {threshold}; geef het registratienummer van de afzender.',
  ),
  error_uk_currency_without_threshold: v(
    "{path} {value}: neither it nor customsCurrency {currency} has a United Kingdom registration threshold, so whether the sender's registration is required cannot be decided; give customsAmountEx in one of {values}.",
    '{path} {value}: noch deze noch customsCurrency {currency} heeft een registratiegrens van het Verenigd Koninkrijk, dus of de registratie van de afzender nodig is valt niet te bepalen; geef customsAmountEx in een van {values}.',
  ),
  error_consignee_vat_number_required: v(
    '{path} is required for a shipment to the United Kingdom.',
    '{path} is verplicht voor een zending naar het Verenigd Koninkrijk.',
  ),
  error_customs_terms_not_allowed: v(
    '{path} {value} is not allowed for a shipment to {to}; use one of {values}.',
    '{path} {value} is niet toegestaan voor een zending naar {to}; gebruik een van {values}.',
  ),
  error_parcel_type_must_be_false: v('{path} must be false.', '{path} moet false zijn.'),
  error_gross_weight_sum_mismatch: v(
    '{path} the gross weights of the invoice lines add up to {sum}, but the parcel weight is {weight}.',
    '{path} de brutogewichten van de factuurregels tellen op tot {sum}, maar het pakketgewicht is {weight}.',
  ),
  error_amount_line_sum_mismatch: v(
    '{path} the invoice line amounts add up to {sum}, but customsAmount is {amount}.',
    '{path} de bedragen van de factuurregels tellen op tot {sum}, maar customsAmount is {amount}.',
  ),

  // ── Pickup orders and collection requests ──
  error_pickup_required: v('{path} is required for orderType {orderType}.', '{path} is verplicht voor orderType {orderType}.'),
  error_pickup_order_not_alone: v(
    '{path} is a pickup order: send it in a request of its own, without other orders (this request has {count}).',
    '{path} is een ophaalopdracht: stuur die in een eigen verzoek, zonder andere orders (dit verzoek heeft er {count}).',
  ),
  error_pickup_not_allowed: v(
    '{path} is only allowed for pickup orders and collection requests.',
    '{path} is alleen toegestaan bij ophaalopdrachten en ophaalverzoeken.',
  ),
  error_collection_request_address_required: v(
    '{path} is required for a collection request.',
    '{path} is verplicht voor een ophaalverzoek.',
  ),
  error_collection_request_address_not_allowed: v(
    '{path} is only allowed for a collection request.',
    '{path} is alleen toegestaan bij een ophaalverzoek.',
  ),
  error_pickup_day_mismatch: v(
    '{path} is {value}, but {date} is a {weekday} ({expected}).',
    '{path} is {value}, maar {date} is een {weekday} ({expected}).',
  ),
  error_pickup_date_in_past: v(
    '{path} {value} is in the past; the earliest pickup date is {earliest}.',
    '{path} {value} ligt in het verleden; de vroegste ophaaldatum is {earliest}.',
  ),
  error_pickup_date_not_business_day: v('{path} {value} is not a business day.', '{path} {value} is geen werkdag.'),
  error_invalid_time: v('{path} {value} is not a time of day in the form hhmm.', '{path} {value} is geen tijdstip in de vorm uumm.'),
  error_time_range: v('{path} {from} must be earlier than {to}.', '{path} {from} moet eerder zijn dan {to}.'),
  error_time_windows_overlap: v(
    '{path} {from} starts before the first window ends ({to}): the second window must follow the first.',
    '{path} {from} begint voordat het eerste venster eindigt ({to}): het tweede venster moet op het eerste volgen.',
  ),
  error_pickup_time_incomplete: v('{path} needs both a from-time and a to-time.', '{path} heeft zowel een begin- als een eindtijd nodig.'),
  error_pickup_not_approved: v(
    '{path} pickup orders and collection requests are not yet enabled for this account on live; the operator approves them after a stage test.',
    '{path} ophaalopdrachten en ophaalverzoeken zijn voor dit account nog niet actief op live; de beheerder keurt ze goed na een test op stage.',
  ),

  // ── exportOrders and deleteOrders, per parcel label number ──
  error_wrong_check_character: v(
    '{path} {value} ends in the check character {given}, but the check character of {number} is {expected}: copy it from the label, or leave it out.',
    '{path} {value} eindigt op het controleteken {given}, maar het controleteken van {number} is {expected}: neem het over van het label, of laat het weg.',
  ),
  error_parcel_not_found: v('{path} {value} is not a parcel of this account.', '{path} {value} is geen pakket van dit account.'),
  error_parcel_already_transferred: v('{path} {value} was transferred already.', '{path} {value} is al overgedragen.'),
  error_parcel_deleted: v('{path} {value} was deleted.', '{path} {value} is verwijderd.'),
  error_parcel_expired: v(
    '{path} {value}: its shipment data expired 28 days after the transfer and can no longer be matched.',
    '{path} {value}: de zendingsgegevens zijn 28 dagen na de overdracht verlopen en kunnen niet meer worden gekoppeld.',
  ),
  error_late_export_not_active: v(
    '{path} {value}: late export is not active for this account; shipment data is transferred when the label is created.',
    '{path} {value}: late export is niet actief voor dit account; de zendingsgegevens worden overgedragen bij het maken van het label.',
  ),
  error_consolidation_date_in_future: v(
    '{path} {value} has not begun yet; a shipping day can be closed from that day on (today is {today}).',
    '{path} {value} is nog niet begonnen; een verzenddag kan vanaf die dag worden afgesloten (vandaag is {today}).',
  ),

  // ── SandboxService (stage; README "Testing your integration") ──
  error_invalid_date_time: v(
    '{path} {value} is not a date and time that exists (YYYY-MM-DDThh:mm:ssZ).',
    '{path} {value} is geen bestaande datum en tijd (JJJJ-MM-DDTuu:mm:ssZ).',
  ),
  error_clock_choice: v(
    '{path}: give exactly one of fixedTime, advanceBy or reset (true).',
    '{path}: geef precies één van fixedTime, advanceBy of reset (true) op.',
  ),
  error_clock_out_of_range: v(
    "{path}: the account's clock would read {value}; it must stay from {from} to {to}.",
    '{path}: de klok van het account zou {value} aangeven; die moet tussen {from} en {to} blijven.',
  ),
  error_fault_behaviour_choice: v(
    '{path}: give exactly one of fault, authenticationFault, httpStatus, delayMs or dropConnection (true).',
    '{path}: geef precies één van fault, authenticationFault, httpStatus, delayMs of dropConnection (true) op.',
  ),
  error_unknown_operation: v(
    '{path} {value} is not an operation a fault can be injected into; use * or one of {values}.',
    '{path} {value} is geen operatie waarin een fout kan worden geïnjecteerd; gebruik * of een van {values}.',
  ),
  error_too_many_pending_faults: v(
    '{path}: this account has {max} injected faults pending already; clear some with clearFaults.',
    '{path}: dit account heeft al {max} geïnjecteerde fouten klaarstaan; verwijder er een aantal met clearFaults.',
  ),
  error_injected_fault_not_found: v(
    '{path} {value} is not a pending injected fault of this account.',
    '{path} {value} is geen klaarstaande geïnjecteerde fout van dit account.',
  ),
  error_parcel_not_transferred: v(
    '{path} {value} is {state}: its shipment data has not reached the carrier yet; export it with exportOrders first.',
    '{path} {value} is {state}: de zendingsgegevens zijn nog niet bij de vervoerder; exporteer ze eerst met exportOrders.',
  ),
  error_parcel_already_there: v(
    '{path} {value} has passed {to} already: its current status is {status}.',
    '{path} {value} is al voorbij {to}: de huidige status is {status}.',
  ),
  error_status_not_in_scenario: v(
    "{path} {value} is not a status of this parcel's scenario {scenario}: {values}.",
    '{path} {value} is geen status van het scenario {scenario} van dit pakket: {values}.',
  ),
  error_scenario_not_applicable: v(
    '{path} {value} does not fit parcel {parcel}: {reason}.',
    '{path} {value} past niet bij pakket {parcel}: {reason}.',
  ),
  error_journey_diverged: v(
    '{path} {value}: parcel {parcel} has shown events its scenario {scenario} does not have (up to {status}); choose a scenario that goes on from where the parcel is, or reset the account.',
    '{path} {value}: pakket {parcel} heeft gebeurtenissen laten zien die scenario {scenario} niet heeft (tot en met {status}); kies een scenario dat verdergaat waar het pakket is, of zet het account terug.',
  ),
} as const satisfies Record<string, ErrorEntry>;

/** Every code the service can report. */
export type ErrorCode = keyof typeof errorCatalogue;

export const errorCodes = Object.keys(errorCatalogue) as readonly ErrorCode[];

/** A word or phrase a message is filled with, in each message language ("a whole number"). */
export type LocalizedText = Readonly<Record<MessageLanguage, string>>;

/** Parameters filling a message template; a LocalizedText fills it in the message's language. */
export type MessageParams = Readonly<Record<string, string | number | LocalizedText>>;

/**
 * The texts that fill a message's `{reason}`, `{expected}` or `{format}`, in each message language:
 * why a request was refused, what a value should have been. docs/errors.md lists them beside the
 * codes; `fill` makes one of them a parameter.
 */
export const reasonCatalogue = {
  // ── {reason} of ERR_INVALID_ENVELOPE, REST ──
  envelope_not_an_object: r('the body must be a JSON object', 'de body moet een JSON-object zijn'),
  envelope_unexpected_keys: r(
    'unexpected {extra}; the body holds "authentication" and "{payload}"',
    'onverwacht {extra}; de body bevat "authentication" en "{payload}"',
  ),
  envelope_missing_object: r('the object "{key}" is missing', 'het object "{key}" ontbreekt'),
  envelope_several_objects: r('send only one of {present}', 'stuur slechts één van {present}'),
  envelope_part_not_an_object: r('"{key}" must be a JSON object', '"{key}" moet een JSON-object zijn'),
  // ── {reason} of ERR_INVALID_ENVELOPE, SOAP (once the header is read; earlier problems are told in English) ──
  soap_unknown_operation: r(
    '{name} is not an operation of {service}; the body holds one of {declared}',
    '{name} is geen operatie van {service}; de body bevat een van {declared}',
  ),
  soap_wrong_namespace: r(
    'the body element {name} must be in namespace {expected}, not {found}',
    'het body-element {name} moet in namespace {expected} staan, niet in {found}',
  ),
  soap_no_namespace: r(
    'the body element {name} must be in namespace {expected}, not in no namespace',
    'het body-element {name} moet in namespace {expected} staan, niet zonder namespace',
  ),
  soap_qualified_children: r(
    '{path} is in namespace {uri}, but the elements inside {name} are unqualified (no namespace)',
    '{path} staat in namespace {uri}, maar de elementen binnen {name} hebben geen namespace',
  ),
  // ── {reason} of DELICOM_ERR_AUTHENTICATION ──
  login_refused: r('unknown delisId or wrong password', 'onbekende delisId of onjuist wachtwoord'),
  account_disabled: r(
    'the account is disabled; the operator of this service can enable it again',
    'het account is uitgeschakeld; de beheerder van deze dienst kan het weer inschakelen',
  ),
  token_malformed: r('authToken is not a token issued by getAuth', 'het authToken heeft niet de vorm van een token'),
  // ── {expected} of error_invalid_type ──
  expected_object: r('an object', 'een object'),
  expected_list: r('a list', 'een lijst'),
  expected_text: r('text', 'tekst'),
  expected_text_or_whole_number: r('text or a whole number', 'tekst of een geheel getal'),
  expected_whole_number: r('a whole number', 'een geheel getal'),
  expected_whole_number_in: r('a whole number from {min} to {max}', 'een geheel getal van {min} tot en met {max}'),
  expected_number: r('a number', 'een getal'),
  expected_boolean: r('true or false', 'true of false'),
  expected_no_value: r('no value', 'leeg'),
  expected_in_namespace: r('in namespace {namespace}', 'in namespace {namespace}'),
  expected_unqualified: r('unqualified (without a namespace)', 'ongekwalificeerd (zonder namespace)'),
  expected_no_text_between: r('elements without text between them', 'elementen zonder tekst ertussen'),
  expected_given_once: r('given once', 'één keer opgegeven'),
  // ── {suggestion} of error_unknown_field ──
  did_you_mean: r(' Did you mean {name}?', ' Bedoelde u {name}?'),
  // ── {suggestion} of ERR_NOT_FOUND, besides did_you_mean ──
  did_you_mean_either: r(' Did you mean {first} or {second}?', ' Bedoelde u {first} of {second}?'),
  // ── {format} of error_invalid_field_format ──
  format_any: r('the right format', 'de juiste vorm'),
  format_well_formed_text: r('well-formed Unicode text', 'geldige Unicode-tekst'),
  format_clock_time: r('a time HH:MM', 'een tijd UU:MM'),
  format_iso_date: r('a date YYYY-MM-DD', 'een datum JJJJ-MM-DD'),
  // ── {reason} of error_scenario_not_applicable ──
  scenario_needs_psd: r(
    'it needs product PSD (a parcel shop chosen by the sender)',
    'het vraagt product PSD (een pakketshop die de verzender koos)',
  ),
  scenario_not_for_psd: r(
    'a PSD parcel goes to its parcel shop: delivered, parcel_shop_delivery or lost',
    'een PSD-pakket gaat naar zijn pakketshop: delivered, parcel_shop_delivery of lost',
  ),
  scenario_needs_customs_border: r(
    'it needs a destination beyond the EU customs border',
    'het vraagt een bestemming buiten de douanegrens van de EU',
  ),
  scenario_not_for_return: r(
    'a return parcel goes back to its sender: delivered or lost',
    'een retourpakket gaat terug naar de afzender: delivered of lost',
  ),
} as const satisfies Record<string, LocalizedText>;

/** A text of the reason catalogue. */
export type ReasonCode = keyof typeof reasonCatalogue;

/** The texts of `code` in each message language, its placeholders filled from `params`: a message parameter. */
export function fill(code: ReasonCode, params: Readonly<Record<string, string | number>> = {}): LocalizedText {
  const entry: LocalizedText = reasonCatalogue[code];
  const filled = (template: string) =>
    template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
  return Object.freeze({ en_US: filled(entry.en_US), nl_NL: filled(entry.nl_NL) });
}

/** Fills the template of `code` in `language`; unknown placeholders stay visible so a gap is noticed. */
export function formatMessage(code: ErrorCode, language: MessageLanguage, params: MessageParams = {}): string {
  const template: string = errorCatalogue[code][language];
  return template.replace(/\{(\w+)(?:\|([^|{}]*)\|([^|{}]*))?\}/g, (whole, name: string, one?: string, other?: string) => {
    if (!(name in params)) return whole;
    const value = params[name];
    if (one === undefined || other === undefined) return typeof value === 'object' ? value[language] : String(value);
    return Number(value) === 1 ? one : other;
  });
}
