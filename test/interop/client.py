"""SOAP interop client: Python zeep reading the served WSDL (test/interop/zeep.test.ts runs it).

Usage: /usr/bin/python3 client.py PLAN.json
The plan (written by the test) names the WSDL URLs, the account and the requests as JSON; each step
prints one JSON line with what the client read. To cover a new operation, add a step function and
list it in STEPS; the test asserts on its line.
"""
import base64
import json
import sys

import time

from zeep import Client
from zeep.exceptions import Fault, TransportError


def fault_line(step, fault):
    """A SOAP fault as the client sees it: faultcode, faultstring and the detail's children."""
    detail = fault.detail[0] if fault.detail is not None and len(fault.detail) else None
    children = {} if detail is None else {child.tag.split('}')[-1]: child.text for child in detail}
    element = None if detail is None else detail.tag
    return {'step': step, 'faultcode': str(fault.code), 'faultstring': fault.message, 'detail': element, **children}


def login(state):
    answer = state['login'].service.getAuth(
        delisId=state['plan']['delisId'], password=state['plan']['password'], messageLanguage='en_US')
    state['authentication'] = {'delisId': answer.delisId, 'authToken': answer.authToken, 'messageLanguage': 'en_US'}
    return {'step': 'login', 'authToken': answer.authToken, 'depot': answer.depot,
            'authTokenExpires': answer.authTokenExpires.isoformat()}


def validate(state):
    result = state['shipment'].service.validateOrders(
        **state['plan']['badOrder'], _soapheaders={'authentication': state['authentication']})
    return {'step': 'validate', 'success': result.success,
            'messages': [{'code': m.code, 'detail': m.detail} for m in result.messages]}


def store(state):
    result = state['shipment'].service.storeOrders(
        **state['plan']['multiParcelOrder'], _soapheaders={'authentication': state['authentication']})
    label = result.parcellabelsPDF
    with open(state['plan']['labelPath'], 'wb') as out:
        out.write(label)
    numbers = [p.parcelLabelNumber for r in result.shipmentResponses for p in r.parcelInformation]
    state['parcelLabelNumbers'] = numbers
    return {'step': 'store', 'parcelLabelNumbers': numbers, 'mpsId': result.shipmentResponses[0].mpsId,
            'labelStart': base64.b64encode(label[:8]).decode()}


def export(state):
    result = state['shipment'].service.exportOrders(
        parcelLabelNumber=state['parcelLabelNumbers'][:1], _soapheaders={'authentication': state['authentication']})
    return {'step': 'export', 'success': result.success,
            'results': [{'success': r.success, 'message': r.message} for r in result.orderResult]}


def delete(state):
    result = state['shipment'].service.deleteOrders(
        parcelLabelNumber=state['parcelLabelNumbers'][1:2], _soapheaders={'authentication': state['authentication']})
    return {'step': 'delete', 'success': result.success, 'results': [{'success': r.success} for r in result.orderResult]}


def track(state):
    # zeep answers a response of one element with that element's value: the trackingresult.
    result = state['tracking'].service.getTrackingData(
        parcelLabelNumber=state['parcelLabelNumbers'][2], _soapheaders={'authentication': state['authentication']})
    return {'step': 'track', 'parcelLabelNumber': result.shipmentInfo.trackingProperty[0].value,
            'states': [[s.status, s.statusHasBeenReached, s.isCurrentStatus, s.location.content] for s in result.statusInfo]}


def products(state):
    result = state['shipment'].service.getAvailableProductsAndServices(_soapheaders={'authentication': state['authentication']})
    return {'step': 'products', 'products': [p.code for p in result.products],
            'additionalServices': [s.code for s in result.additionalServices]}


def consolidate(state):
    result = state['shipment'].service.startOrdersConsolidation(
        consolidationDate=state['plan']['consolidationDate'], _soapheaders={'authentication': state['authentication']})
    # zeep answers a response of one element with that element's value.
    return {'step': 'consolidate', 'success': result if isinstance(result, bool) else result.success}


def shops(state):
    result = state['finder'].service.findParcelShopsByGeoData(
        **state['plan']['shopSearch'], _soapheaders={'authentication': state['authentication']})
    # zeep answers a response of one element with that element's value: the list of parcelShop.
    found = result if isinstance(result, list) else result.parcelShop
    return {'step': 'shops', 'shops': [[s.parcelShopId, s.distance, [d.code for d in s.services.serviceDetail]] for s in found]}


def data_fault(state):
    try:
        state['shipment'].service.storeOrders(
            **state['plan']['dataErrorOrder'], _soapheaders={'authentication': state['authentication']})
        return {'step': 'dataFault', 'error': 'no fault'}
    except Fault as fault:
        return fault_line('dataFault', fault)


def auth_fault(state):
    wrong = dict(state['authentication'], authToken='not-a-token')
    try:
        state['shipment'].service.validateOrders(**state['plan']['badOrder'], _soapheaders={'authentication': wrong})
        return {'step': 'authFault', 'error': 'no fault'}
    except Fault as fault:
        return fault_line('authFault', fault)


def inject(state, fault):
    """SandboxService injectFault: the client's own next matching call meets `fault`."""
    return state['sandbox'].service.injectFault(**fault, _soapheaders={'authentication': state['authentication']})


def injected_fault(state):
    inject(state, state['plan']['injectedFault'])
    try:
        state['shipment'].service.getAvailableProductsAndServices(_soapheaders={'authentication': state['authentication']})
        return {'step': 'injectedFault', 'error': 'no fault'}
    except Fault as fault:
        return fault_line('injectedFault', fault)


def injected_auth_fault(state):
    inject(state, state['plan']['injectedAuthenticationFault'])
    try:
        state['shipment'].service.validateOrders(**state['plan']['badOrder'], _soapheaders={'authentication': state['authentication']})
        return {'step': 'injectedAuthFault', 'error': 'no fault'}
    except Fault as fault:
        return fault_line('injectedAuthFault', fault)


def injected_delay(state):
    inject(state, state['plan']['injectedDelay'])
    started = time.monotonic()
    result = state['shipment'].service.getAvailableProductsAndServices(_soapheaders={'authentication': state['authentication']})
    elapsed = round((time.monotonic() - started) * 1000)
    return {'step': 'injectedDelay', 'elapsedMs': elapsed, 'products': [p.code for p in result.products]}


def injected_status(state):
    inject(state, state['plan']['injectedStatus'])
    try:
        state['shipment'].service.getAvailableProductsAndServices(_soapheaders={'authentication': state['authentication']})
        return {'step': 'injectedStatus', 'error': 'no error'}
    except TransportError as error:
        return {'step': 'injectedStatus', 'seenAs': type(error).__name__, 'status': error.status_code}


def sandbox_state(state):
    result = state['sandbox'].service.getSandboxState(_soapheaders={'authentication': state['authentication']})
    return {'step': 'sandboxState', 'pendingFaults': len(result.fault or [])}


STEPS = [login, validate, store, export, delete, track, products, consolidate, shops, data_fault, auth_fault,
         injected_fault, injected_auth_fault, injected_delay, injected_status, sandbox_state]


def main():
    with open(sys.argv[1], encoding='utf-8') as source:
        plan = json.load(source)
    state = {'plan': plan, 'login': Client(plan['loginWsdl']), 'shipment': Client(plan['shipmentWsdl']),
             'tracking': Client(plan['trackingWsdl']), 'finder': Client(plan['finderWsdl']),
             'sandbox': Client(plan['sandboxWsdl'])}
    for step in STEPS:
        try:
            line = step(state)
        except Exception as error:  # report and go on, so the test names every failing step
            line = {'step': step.__name__, 'error': f'{type(error).__name__}: {error}'}
        print(json.dumps(line), flush=True)


if __name__ == '__main__':
    main()
