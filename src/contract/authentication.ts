// The authentication object every call but getAuth carries (REST `authentication`, the SOAP header of
// Authentication20.xsd), and the SOAP authenticationFault detail.
import { MESSAGE_LANGUAGE_PATTERN } from './error-catalogue.ts';
import { personal, required, string, type, type Infer } from './schema/model.ts';

/** messageLanguage: any `ll_CC`; `nl_*` answers in Dutch, everything else in English (messageLanguageOf). */
export const messageLanguage = () =>
  string({
    length: 5,
    pattern: MESSAGE_LANGUAGE_PATTERN,
    patternText: { en_US: 'a language and a country as ll_CC (nl_NL, en_US)', nl_NL: 'een taal en een land als ll_CC (nl_NL, en_US)' },
  });

/** Authentication object: sent as REST `authentication` and as the SOAP header element. */
export const Authentication = type(
  'authentication',
  {
    delisId: required(string({ minLength: 8, maxLength: 10 })),
    authToken: required(personal(string({ maxLength: 64 }))),
    messageLanguage: required(messageLanguage()),
  },
  { anyAttribute: true },
);

export type AuthenticationData = Infer<typeof Authentication>;

/** SOAP authenticationFault detail. */
export const AuthenticationFault = type('authenticationFault', {
  errorCode: required(string()),
  errorMessage: required(string()),
});
