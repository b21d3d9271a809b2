// ShipmentService calls for the tests of its operations, over REST and SOAP: a call by operation name,
// parcels stored for an account (their label numbers), and over SOAP the answer's value or its fault.
import assert from 'node:assert/strict';
import { minimumOrder, minimumRequest, type JsonObject } from '../fixtures/requests.ts';
import type { TestApp } from './app.ts';
import { firstParcelNumbers, SHIPMENT_SERVICE, type Auth } from './rest.ts';
import { endpointOf, injectSoap } from './soap-client.ts';
import { bodyFault, list, readSoapAnswer, type Plain } from './soap-response.ts';
import { soapRequest } from './soap-request.ts';

/** ShipmentService over REST on the app `t()` answers (read at each call: tests start it in `before`). */
export function restShipmentCalls(t: () => TestApp) {
  const call = (operation: string, auth: Auth, body: unknown) =>
    t().post(`${SHIPMENT_SERVICE}/${operation}`, { authentication: auth, [operation]: body });
  /** Stores `count` one-parcel orders for `auth`; their parcel label numbers. */
  const storeParcels = async (auth: Auth, count = 1): Promise<string[]> => {
    const body = (
      await call('storeOrders', auth, { ...minimumRequest(), order: Array.from({ length: count }, () => minimumOrder()) })
    ).json();
    return firstParcelNumbers(body);
  };
  return { call, storeParcels };
}

/** ShipmentService over SOAP on the app `t()` answers, as `defaultAuth()` unless told. */
export function soapShipmentCalls(t: () => TestApp, defaultAuth: () => Auth) {
  const call = async (operation: string, body: JsonObject, auth: Auth) => {
    const response = await injectSoap(t(), endpointOf(operation), soapRequest(operation, body, { authentication: auth }));
    return { status: response.statusCode, answer: readSoapAnswer(response.body) };
  };
  /** The answer's value; fails unless it is a 200 response. */
  const value = async (operation: string, body: JsonObject, auth: Auth = defaultAuth()) => {
    const { status, answer } = await call(operation, body, auth);
    assert.equal(answer.kind, 'response', JSON.stringify(answer));
    assert.equal(status, 200);
    return (answer as { value: Record<string, Plain | Plain[]> }).value;
  };
  /** The answer's fault; fails unless it is a 500 fault. */
  const fault = async (operation: string, body: JsonObject, auth: Auth = defaultAuth()) => {
    const { status, answer } = await call(operation, body, auth);
    assert.equal(answer.kind, 'fault');
    assert.equal(status, 500);
    return bodyFault((answer as { fault: Parameters<typeof bodyFault>[0] }).fault);
  };
  /** Stores `count` one-parcel orders for `auth`; their parcel label numbers. */
  const store = async (auth: Auth, count: number): Promise<string[]> => {
    const result = (await value('storeOrders', { ...minimumRequest(), order: Array.from({ length: count }, () => minimumOrder()) }, auth))
      .orderResult as Record<string, Plain>;
    return list(result.shipmentResponses as Plain | Plain[]).map(
      (r) => (r as Record<string, Record<string, string>>).parcelInformation.parcelLabelNumber,
    );
  };
  return { value, fault, store };
}
