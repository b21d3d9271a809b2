"""A client generated from the carrier's own schemas: Python zeep, strict (its default), reading the
fixture WSDLs that import the carrier's XSDs (test/interop/carrier-zeep.test.ts runs it).

Usage: /usr/bin/python3 carrier_client.py PLAN.json PHASE
PHASE `before` logs in, stores over ShipmentService 3.3 (one parcel, then three), finds the web
number's parcel and tracks it, and searches shops and cities; PHASE `after` logs in again and tracks
the parcel once more (the test has moved it on meanwhile). Each step prints one JSON line: the whole
answer as zeep read it (every field, absent ones as null), or the fault, or the error.
"""
import base64
import datetime
import decimal
import json
import sys

from zeep import Client
from zeep.exceptions import Fault
from zeep.helpers import serialize_object


def plain(value):
    """A zeep answer as JSON values: every element zeep read, dates as ISO text, bytes as base64."""
    value = serialize_object(value, target_cls=dict)
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [plain(item) for item in value]
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    if isinstance(value, bytes):
        return base64.b64encode(value).decode()
    if isinstance(value, decimal.Decimal):
        return float(value)
    return value


def service(plan, name):
    """The WSDL's one binding, pointed at the server's endpoint for it (the carrier's /PublicApi/soap path)."""
    client = Client(plan['wsdl'][name])
    binding = next(iter(client.wsdl.bindings))
    return client.create_service(binding, plan['endpoint'][name])


def fault_line(fault):
    detail = fault.detail[0] if fault.detail is not None and len(fault.detail) else None
    children = {} if detail is None else {child.tag.split('}')[-1]: child.text for child in detail}
    return {'fault': {'faultcode': str(fault.code), 'detail': None if detail is None else detail.tag.split('}')[-1], **children}}


def login(state):
    plan = state['plan']
    answer = state['login'].getAuth(delisId=plan['delisId'], password=plan['password'], messageLanguage=plan['messageLanguage'])
    state['authentication'] = {'delisId': answer.delisId, 'authToken': answer.authToken, 'messageLanguage': plan['messageLanguage']}
    return plain(answer)


def header(state):
    return {'authentication': state['authentication']}


def store(state, request, label):
    answer = state['shipment'].storeOrders(**state['plan'][request], _soapheaders=header(state))
    with open(state['plan']['labels'][label], 'wb') as out:
        out.write(answer.parcellabelsPDF)
    state[label] = answer
    return plain(answer)


def store_one(state):
    return store(state, 'storeOne', 'one')


def store_three(state):
    return store(state, 'storeThree', 'three')


def web_number(state):
    mps_id = state['one'].shipmentResponses[0].mpsId
    answer = state['tracking'].getParcelLabelNumberForWebNumber(webNumber=mps_id, _soapheaders=header(state))
    # zeep answers a response of one element with that element's value.
    state['tracked'] = answer if isinstance(answer, str) else answer.parcelLabelNumber
    return {'webNumber': mps_id, 'parcelLabelNumber': state['tracked']}


def track(state):
    number = state.get('tracked') or state['plan']['tracked']
    return plain(state['tracking'].getTrackingData(parcelLabelNumber=number, _soapheaders=header(state)))


def track_unknown(state):
    try:
        state['tracking'].getTrackingData(parcelLabelNumber='05229999999999', _soapheaders=header(state))
        return {'error': 'no fault'}
    except Fault as fault:
        return fault_line(fault)


def shops_by_geo(state):
    return plain(state['finder'].findParcelShopsByGeoData(**state['plan']['geoSearch'], _soapheaders=header(state)))


def shops_by_address(state):
    return plain(state['finder'].findParcelShops(**state['plan']['addressSearch'], _soapheaders=header(state)))


def cities(state):
    return plain(state['finder'].findCities(**state['plan']['citySearch'], _soapheaders=header(state)))


PHASES = {
    'before': [login, store_one, store_three, web_number, track, track_unknown, shops_by_geo, shops_by_address, cities],
    'after': [login, track],
}


def main():
    with open(sys.argv[1], encoding='utf-8') as source:
        plan = json.load(source)
    state = {'plan': plan}
    for name in ('login', 'shipment', 'tracking', 'finder'):
        state[name] = service(plan, name)
    for step in PHASES[sys.argv[2]]:
        try:
            line = {'step': step.__name__, 'answer': step(state)}
        except Exception as error:  # report and go on, so the test names every failing step
            line = {'step': step.__name__, 'error': f'{type(error).__name__}: {error}'}
        print(json.dumps(line), flush=True)


if __name__ == '__main__':
    main()
