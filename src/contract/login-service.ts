// LoginService V2_1 as the carrier's schema (LoginServiceV21.xsd) declares it: getAuth's request and
// the login it answers.
import { messageLanguage } from './authentication.ts';
import { dateTime, personal, required, string, type, type Infer } from './schema/model.ts';

/** getAuth request (LoginService V2_1). */
export const GetAuth = type('getAuth', {
  delisId: required(string({ minLength: 8, maxLength: 10 })),
  password: required(personal(string({ maxLength: 128 }))),
  messageLanguage: required(messageLanguage()),
});

/** getAuth answer's `return`: qualified in the service namespace, as LoginServiceV21.xsd declares it. */
export const Login = type(
  'login',
  {
    delisId: required(string()),
    customerUid: required(string()),
    authToken: required(string()),
    depot: required(string()),
    authTokenExpires: required(dateTime()),
  },
  { qualified: true },
);

export type GetAuthData = Infer<typeof GetAuth>;
