// The console's words in English and Dutch. Every text the console shows itself is here; what the
// service answers (error messages) comes in the same language, asked for with messageLanguage.
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { ParcelStateName } from '../contract/parcel-states.ts';

export type Language = 'en' | 'nl';

const en = {
  skipToContent: 'Skip to content',
  consoleName: 'Parcel service console',
  environmentStage: 'Stage',
  environmentLive: 'Live',
  navParcels: 'Parcels',
  navRequests: 'Requests',
  navSandbox: 'Sandbox',
  navigation: 'Main',
  language: 'Language',
  signedInAs: 'Signed in as {delisId}',
  logOut: 'Log out',
  loading: 'Loading…',
  notFound: 'There is no such page.',
  // Log in
  logInTitle: 'Log in',
  logInIntro: 'Log in with the delisId and password of your account. The console keeps its token in this tab only.',
  delisId: 'delisId',
  password: 'Password',
  logIn: 'Log in',
  loggingIn: 'Logging in…',
  loggedOut: 'You have logged out.',
  sessionEnded: 'Your session has ended: {message}',
  // Parcels
  parcelsTitle: 'Parcels',
  filters: 'Filters',
  state: 'State',
  anyState: 'Any state',
  shipDateFrom: 'Shipped from',
  shipDateTo: 'Shipped until',
  search: 'Parcel number or reference',
  searchHint: 'A parcel label number (14 digits) or a reference printed on the label.',
  apply: 'Apply',
  clearFilters: 'Clear',
  parcelsCaption: 'Your parcels, newest first',
  parcelNumber: 'Parcel number',
  shipDate: 'Ship date',
  recipient: 'Recipient',
  references: 'References',
  product: 'Product',
  noParcels: 'No parcels match.',
  newer: 'Newer',
  older: 'Older',
  pageNavigation: 'Pages',
  // Parcel
  parcelTitle: 'Parcel {number}',
  backToParcels: 'Back to the parcels',
  orderData: 'Order data',
  sender: 'Sender',
  maskingAddress: 'Sender shown on the label',
  mpsId: 'mpsId',
  serviceCode: 'Service code',
  weight: 'Weight',
  weightKg: '{kg} kg',
  inOrder: 'In its order',
  parcelOf: 'Parcel {sequence} of {count}',
  returnParcel: 'Return parcel',
  printOptions: 'Print options',
  expires: 'Data kept until',
  dataRemoved: 'The shipment data of this parcel was removed ({state}); only its history is kept.',
  tracking: 'Tracking',
  trackingCaption: 'Every state the parcel entered, oldest first',
  refresh: 'Refresh',
  label: 'Label',
  labelPdf: 'The label as PDF',
  labelZpl: 'The label as ZPL',
  zplText: 'ZPL text',
  zplPreview: 'Rendered preview of the ZPL label',
  rendering: 'Rendering the preview…',
  previewFailed: 'The preview could not be rendered: {message}',
  eLabel: 'E-label (QR code)',
  eLabelAlt: 'E-label of parcel {number}: a QR code',
  download: 'Download {file}',
  noLabel: 'This parcel has no label to print again.',
  pdfFallback: 'This browser does not show PDF in the page.',
  advanceInSandbox: 'Move it on in the sandbox',
  // Requests
  requestsTitle: 'Requests',
  requestsIntro: 'Your calls to stage, newest first. Personal fields are masked, as the stage log keeps them.',
  operation: 'Operation',
  anyOperation: 'Any operation',
  failedOnly: 'Failed calls only',
  includeConsole: 'Include the console’s own reads',
  requestsCaption: 'Logged calls, newest first',
  time: 'Time',
  binding: 'Binding',
  outcome: 'Outcome',
  errorCode: 'Error code',
  details: 'Details',
  show: 'Show',
  hide: 'Hide',
  ok: 'OK',
  failed: 'Failed',
  noRequests: 'No calls are logged.',
  request: 'Request (masked)',
  answer: 'Answer (masked)',
  messages: 'Messages',
  noAnswer: 'No answer was kept for this call.',
  // Sandbox
  sandboxTitle: 'Sandbox',
  sandboxIntro: 'Controls of the SandboxService for your account on stage.',
  clock: 'Clock',
  clockNow: 'The account’s time: {now}',
  clockFixed: 'It stands still.',
  clockRunning: 'It runs, {offset} ahead of the real time.',
  clockLoginHint:
    'Your login lasts 24 hours of the account’s time: moving the clock further ends it, and the console asks you to log in again.',
  fixAt: 'Fix the clock at (UTC)',
  fix: 'Fix',
  advanceBy: 'Move the clock on by',
  advanceByHint: 'An ISO 8601 duration: P1D is a day, PT2H two hours.',
  move: 'Move on',
  realTime: 'Back to the real time',
  advanceParcel: 'Advance a parcel',
  advanceParcelHint: 'A consolidated parcel moves on as the carrier would. Close its day with startOrdersConsolidation first.',
  to: 'To state',
  advance: 'Advance',
  advanced: 'Parcel {number} moved from {from} to {to}.',
  faults: 'Faults',
  injectFault: 'Inject a fault',
  anyOperationStar: 'Every operation (*)',
  anyBinding: 'Any binding',
  count: 'Number of calls',
  behaviour: 'Behaviour',
  behaviourFault: 'A faults fault',
  behaviourAuthentication: 'An authentication fault',
  behaviourHttp: 'An HTTP status',
  behaviourDelay: 'A delay',
  behaviourDrop: 'A dropped connection',
  faultCode: 'Fault code',
  faultMessage: 'Message (optional)',
  httpStatus: 'HTTP status',
  delayMs: 'Delay in milliseconds',
  inject: 'Inject',
  injected: 'Fault {id} waits for the next {count} matching calls.',
  pendingFaults: 'Pending faults',
  noFaults: 'No faults are pending.',
  remaining: 'Calls left',
  clear: 'Clear',
  clearAll: 'Clear all',
  cleared: '{count} faults cleared.',
  reset: 'Reset the account',
  resetIntro:
    'Removes every parcel, order, consolidation, tracking event, logged call and pending fault of your account. The account, its clock and your login stay.',
  resetButton: 'Reset…',
  resetConfirmTitle: 'Reset the account?',
  resetConfirmText: 'Everything of {delisId} listed above is removed for good. This cannot be undone.',
  resetConfirm: 'Yes, remove everything',
  cancel: 'Cancel',
  resetDone:
    'Removed: {parcels} parcels, {orders} orders, {consolidations} consolidations, {trackingEvents} tracking events, {stageRequests} logged calls, {faults} faults.',
  parcelsPerState: 'Parcels per state',
  none: 'none',
  yes: 'yes',
  no: 'no',
};

export type TextKey = keyof typeof en;
type Dictionary = Readonly<Record<TextKey, string>>;

const nl: Dictionary = {
  skipToContent: 'Naar de inhoud',
  consoleName: 'Console van de pakketservice',
  environmentStage: 'Stage',
  environmentLive: 'Live',
  navParcels: 'Pakketten',
  navRequests: 'Verzoeken',
  navSandbox: 'Sandbox',
  navigation: 'Hoofdmenu',
  language: 'Taal',
  signedInAs: 'Aangemeld als {delisId}',
  logOut: 'Afmelden',
  loading: 'Laden…',
  notFound: 'Deze pagina bestaat niet.',
  logInTitle: 'Aanmelden',
  logInIntro: 'Meld u aan met de delisId en het wachtwoord van uw account. De console bewaart het token alleen in dit tabblad.',
  delisId: 'delisId',
  password: 'Wachtwoord',
  logIn: 'Aanmelden',
  loggingIn: 'Bezig met aanmelden…',
  loggedOut: 'U bent afgemeld.',
  sessionEnded: 'Uw sessie is beëindigd: {message}',
  parcelsTitle: 'Pakketten',
  filters: 'Filters',
  state: 'Status',
  anyState: 'Elke status',
  shipDateFrom: 'Verzonden vanaf',
  shipDateTo: 'Verzonden tot en met',
  search: 'Pakketnummer of referentie',
  searchHint: 'Een pakketlabelnummer (14 cijfers) of een referentie die op het label staat.',
  apply: 'Toepassen',
  clearFilters: 'Wissen',
  parcelsCaption: 'Uw pakketten, nieuwste eerst',
  parcelNumber: 'Pakketnummer',
  shipDate: 'Verzenddatum',
  recipient: 'Ontvanger',
  references: 'Referenties',
  product: 'Product',
  noParcels: 'Geen pakketten gevonden.',
  newer: 'Nieuwer',
  older: 'Ouder',
  pageNavigation: 'Pagina’s',
  parcelTitle: 'Pakket {number}',
  backToParcels: 'Terug naar de pakketten',
  orderData: 'Ordergegevens',
  sender: 'Afzender',
  maskingAddress: 'Afzender op het label',
  mpsId: 'mpsId',
  serviceCode: 'Servicecode',
  weight: 'Gewicht',
  weightKg: '{kg} kg',
  inOrder: 'In de order',
  parcelOf: 'Pakket {sequence} van {count}',
  returnParcel: 'Retourpakket',
  printOptions: 'Afdrukopties',
  expires: 'Gegevens bewaard tot',
  dataRemoved: 'De zendinggegevens van dit pakket zijn verwijderd ({state}); alleen de historie is bewaard.',
  tracking: 'Track & trace',
  trackingCaption: 'Elke status van het pakket, oudste eerst',
  refresh: 'Vernieuwen',
  label: 'Label',
  labelPdf: 'Het label als PDF',
  labelZpl: 'Het label als ZPL',
  zplText: 'ZPL-tekst',
  zplPreview: 'Weergave van het ZPL-label',
  rendering: 'De weergave wordt gemaakt…',
  previewFailed: 'De weergave kon niet worden gemaakt: {message}',
  eLabel: 'E-label (QR-code)',
  eLabelAlt: 'E-label van pakket {number}: een QR-code',
  download: '{file} downloaden',
  noLabel: 'Dit pakket heeft geen label om opnieuw af te drukken.',
  pdfFallback: 'Deze browser toont geen PDF in de pagina.',
  advanceInSandbox: 'Verder zetten in de sandbox',
  requestsTitle: 'Verzoeken',
  requestsIntro: 'Uw verzoeken aan stage, nieuwste eerst. Persoonlijke velden zijn gemaskeerd, zoals het stagelog ze bewaart.',
  operation: 'Operatie',
  anyOperation: 'Elke operatie',
  failedOnly: 'Alleen mislukte verzoeken',
  includeConsole: 'Ook de eigen verzoeken van de console',
  requestsCaption: 'Gelogde verzoeken, nieuwste eerst',
  time: 'Tijd',
  binding: 'Binding',
  outcome: 'Resultaat',
  errorCode: 'Foutcode',
  details: 'Details',
  show: 'Tonen',
  hide: 'Verbergen',
  ok: 'OK',
  failed: 'Mislukt',
  noRequests: 'Er zijn geen verzoeken gelogd.',
  request: 'Verzoek (gemaskeerd)',
  answer: 'Antwoord (gemaskeerd)',
  messages: 'Meldingen',
  noAnswer: 'Van dit verzoek is geen antwoord bewaard.',
  sandboxTitle: 'Sandbox',
  sandboxIntro: 'De bediening van de SandboxService voor uw account op stage.',
  clock: 'Klok',
  clockNow: 'De tijd van het account: {now}',
  clockFixed: 'Hij staat stil.',
  clockRunning: 'Hij loopt, {offset} voor op de echte tijd.',
  clockLoginHint:
    'Uw aanmelding duurt 24 uur in de tijd van het account: zet u de klok verder, dan vervalt ze en vraagt de console u opnieuw aan te melden.',
  fixAt: 'Klok vastzetten op (UTC)',
  fix: 'Vastzetten',
  advanceBy: 'Klok vooruitzetten met',
  advanceByHint: 'Een ISO 8601-duur: P1D is een dag, PT2H twee uur.',
  move: 'Vooruitzetten',
  realTime: 'Terug naar de echte tijd',
  advanceParcel: 'Een pakket verder zetten',
  advanceParcelHint:
    'Een geconsolideerd pakket gaat verder zoals de vervoerder het zou doen. Sluit eerst de dag af met startOrdersConsolidation.',
  to: 'Naar status',
  advance: 'Verder zetten',
  advanced: 'Pakket {number} is van {from} naar {to} gezet.',
  faults: 'Storingen',
  injectFault: 'Een storing injecteren',
  anyOperationStar: 'Elke operatie (*)',
  anyBinding: 'Elke binding',
  count: 'Aantal verzoeken',
  behaviour: 'Gedrag',
  behaviourFault: 'Een faults-fout',
  behaviourAuthentication: 'Een authenticatiefout',
  behaviourHttp: 'Een HTTP-status',
  behaviourDelay: 'Een vertraging',
  behaviourDrop: 'Een verbroken verbinding',
  faultCode: 'Foutcode',
  faultMessage: 'Melding (optioneel)',
  httpStatus: 'HTTP-status',
  delayMs: 'Vertraging in milliseconden',
  inject: 'Injecteren',
  injected: 'Storing {id} wacht op de volgende {count} passende verzoeken.',
  pendingFaults: 'Wachtende storingen',
  noFaults: 'Er wachten geen storingen.',
  remaining: 'Nog te gaan',
  clear: 'Wissen',
  clearAll: 'Alles wissen',
  cleared: '{count} storingen gewist.',
  reset: 'Het account leegmaken',
  resetIntro:
    'Verwijdert alle pakketten, orders, consolidaties, track-and-trace-gebeurtenissen, gelogde verzoeken en wachtende storingen van uw account. Het account, de klok en uw aanmelding blijven.',
  resetButton: 'Leegmaken…',
  resetConfirmTitle: 'Het account leegmaken?',
  resetConfirmText: 'Alles van {delisId} dat hierboven staat wordt definitief verwijderd. Dit kan niet ongedaan worden gemaakt.',
  resetConfirm: 'Ja, alles verwijderen',
  cancel: 'Annuleren',
  resetDone:
    'Verwijderd: {parcels} pakketten, {orders} orders, {consolidations} consolidaties, {trackingEvents} track-and-trace-gebeurtenissen, {stageRequests} gelogde verzoeken, {faults} storingen.',
  parcelsPerState: 'Pakketten per status',
  none: 'geen',
  yes: 'ja',
  no: 'nee',
};

const dictionaries: Readonly<Record<Language, Dictionary>> = { en, nl };

/** The name of each parcel state, per language. */
const STATE_NAMES: Readonly<Record<Language, Readonly<Record<ParcelStateName, string>>>> = {
  en: {
    created: 'Created',
    queued: 'Waiting for export',
    transferred: 'Transferred',
    consolidated: 'Consolidated',
    collected: 'Collected',
    in_transit: 'In transit',
    out_for_delivery: 'Out for delivery',
    delivered: 'Delivered',
    returned: 'Returned to sender',
    lost: 'Lost',
    deleted: 'Deleted',
    expired: 'Expired',
  },
  nl: {
    created: 'Aangemaakt',
    queued: 'Wacht op export',
    transferred: 'Overgedragen',
    consolidated: 'Geconsolideerd',
    collected: 'Opgehaald',
    in_transit: 'Onderweg',
    out_for_delivery: 'Onderweg voor bezorging',
    delivered: 'Bezorgd',
    returned: 'Terug bij afzender',
    lost: 'Verloren',
    deleted: 'Verwijderd',
    expired: 'Verlopen',
  },
};

/** Fills `{name}` placeholders; a missing one stays visible. */
function fill(template: string, params: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** What a page needs of the language: the words, the state names, dates and the service's messageLanguage. */
export interface Texts {
  readonly language: Language;
  /** The messageLanguage the service answers in. */
  readonly messageLanguage: 'en_US' | 'nl_NL';
  readonly t: (key: TextKey, params?: Readonly<Record<string, string | number>>) => string;
  readonly stateName: (state: string) => string;
  /** An instant in the reader's time zone, with the zone named. */
  readonly dateTime: (iso: string) => string;
  /** A YYYYMMDD day. */
  readonly day: (yyyymmdd: number) => string;
}

export function textsFor(language: Language): Texts {
  const words = dictionaries[language];
  const locale = language === 'nl' ? 'nl-NL' : 'en-GB';
  const instant = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
  });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  return {
    language,
    messageLanguage: language === 'nl' ? 'nl_NL' : 'en_US',
    t: (key, params = {}) => fill(words[key], params),
    stateName: (state) => (state in STATE_NAMES[language] ? STATE_NAMES[language][state as ParcelStateName] : state),
    dateTime: (iso) => {
      const at = new Date(iso);
      return Number.isNaN(at.getTime()) ? iso : instant.format(at);
    },
    day: (yyyymmdd) => {
      const text = String(yyyymmdd);
      const at = new Date(`${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}T00:00:00Z`);
      return Number.isNaN(at.getTime()) ? text : date.format(at);
    },
  };
}

/** The first of the two languages the reader's browser asks for; English when it asks for neither. */
export function preferredLanguage(): Language {
  const first = navigator.languages.find((tag) => /^(en|nl)\b/i.test(tag));
  return first?.toLowerCase().startsWith('nl') === true ? 'nl' : 'en';
}

export const TextsContext = createContext<Texts>(textsFor('en'));

export function useTexts(): Texts {
  return useContext(TextsContext);
}
