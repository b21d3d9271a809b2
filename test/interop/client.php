<?php
// SOAP interop client: PHP's SoapClient reading the served WSDL (test/interop/php.test.ts runs it).
//
// Usage: php client.php PLAN.json
// The plan (written by the test) names the WSDL URLs, the account and the requests as JSON; each step
// prints one JSON line with what the client read. To cover a new operation, add a step function and
// list it in $steps; the test asserts on its line.

function client(string $wsdl): SoapClient {
    return new SoapClient($wsdl, [
        'soap_version' => SOAP_1_1,
        'exceptions' => true,
        'trace' => true,
        'cache_wsdl' => WSDL_CACHE_NONE,
        'features' => SOAP_SINGLE_ELEMENT_ARRAYS,
    ]);
}

function authenticate(array &$state, ?string $token = null): void {
    $auth = $state['authentication'];
    if ($token !== null) $auth['authToken'] = $token;
    $state['shipment']->__setSoapHeaders([new SoapHeader($state['plan']['authNamespace'], 'authentication', $auth)]);
}

/** A SOAP fault as the client sees it: faultcode, faultstring and the detail's children. */
function faultLine(string $step, SoapFault $fault): array {
    $line = ['step' => $step, 'faultcode' => $fault->faultcode, 'faultstring' => $fault->faultstring, 'detail' => null];
    if (isset($fault->detail)) {
        foreach (get_object_vars($fault->detail) as $element => $content) {
            $line['detail'] = $element;
            foreach (get_object_vars($content) as $key => $value) $line[$key] = $value;
        }
    }
    return $line;
}

function login(array &$state): array {
    $plan = $state['plan'];
    $answer = $state['login']->getAuth(['delisId' => $plan['delisId'], 'password' => $plan['password'], 'messageLanguage' => 'en_US'])->return;
    $state['authentication'] = ['delisId' => $answer->delisId, 'authToken' => $answer->authToken, 'messageLanguage' => 'en_US'];
    return ['step' => 'login', 'authToken' => $answer->authToken, 'depot' => $answer->depot, 'authTokenExpires' => $answer->authTokenExpires];
}

function validate(array &$state): array {
    authenticate($state);
    $result = $state['shipment']->validateOrders($state['plan']['badOrder'])->orderResult;
    $messages = array_map(fn ($m) => ['code' => $m->code, 'detail' => $m->detail], $result->messages ?? []);
    return ['step' => 'validate', 'success' => $result->success, 'messages' => $messages];
}

function store(array &$state): array {
    authenticate($state);
    $result = $state['shipment']->storeOrders($state['plan']['multiParcelOrder'])->orderResult;
    file_put_contents($state['plan']['labelPath'], $result->parcellabelsPDF);
    $numbers = [];
    foreach ($result->shipmentResponses as $response) {
        foreach ($response->parcelInformation as $parcel) $numbers[] = $parcel->parcelLabelNumber;
    }
    $state['parcelLabelNumbers'] = $numbers;
    return ['step' => 'store', 'parcelLabelNumbers' => $numbers, 'mpsId' => $result->shipmentResponses[0]->mpsId,
        'labelStart' => base64_encode(substr($result->parcellabelsPDF, 0, 8))];
}

function export(array &$state): array {
    authenticate($state);
    $result = $state['shipment']->exportOrders(['parcelLabelNumber' => array_slice($state['parcelLabelNumbers'], 0, 1)]);
    $results = array_map(fn ($r) => ['success' => $r->success, 'message' => $r->message], $result->orderResult);
    return ['step' => 'export', 'success' => $result->success, 'results' => $results];
}

function delete(array &$state): array {
    authenticate($state);
    $result = $state['shipment']->deleteOrders(['parcelLabelNumber' => array_slice($state['parcelLabelNumbers'], 1, 1)]);
    return ['step' => 'delete', 'success' => $result->success, 'results' => array_map(fn ($r) => ['success' => $r->success], $result->orderResult)];
}

function track(array &$state): array {
    $state['tracking']->__setSoapHeaders([new SoapHeader($state['plan']['authNamespace'], 'authentication', $state['authentication'])]);
    $result = $state['tracking']->getTrackingData(['parcelLabelNumber' => $state['parcelLabelNumbers'][2]])->trackingresult;
    $states = array_map(fn ($s) => [$s->status, $s->statusHasBeenReached, $s->isCurrentStatus, $s->location->content], $result->statusInfo);
    return ['step' => 'track', 'parcelLabelNumber' => $result->shipmentInfo->trackingProperty[0]->value, 'states' => $states];
}

function products(array &$state): array {
    authenticate($state);
    $result = $state['shipment']->getAvailableProductsAndServices([]);
    return ['step' => 'products', 'products' => array_map(fn ($p) => $p->code, $result->products),
        'additionalServices' => array_map(fn ($s) => $s->code, $result->additionalServices)];
}

function consolidate(array &$state): array {
    authenticate($state);
    $result = $state['shipment']->startOrdersConsolidation(['consolidationDate' => $state['plan']['consolidationDate']]);
    return ['step' => 'consolidate', 'success' => $result->success];
}

function shops(array &$state): array {
    $state['finder']->__setSoapHeaders([new SoapHeader($state['plan']['authNamespace'], 'authentication', $state['authentication'])]);
    $found = $state['finder']->findParcelShopsByGeoData($state['plan']['shopSearch'])->parcelShop;
    // SoapClient reads a repeated element that occurs once as the element itself.
    $list = fn ($value) => is_array($value) ? $value : [$value];
    return ['step' => 'shops', 'shops' => array_map(fn ($s) => [$s->parcelShopId, $s->distance, array_map(fn ($d) => $d->code, $list($s->services->serviceDetail))], $list($found))];
}

function dataFault(array &$state): array {
    authenticate($state);
    try {
        $state['shipment']->storeOrders($state['plan']['dataErrorOrder']);
        return ['step' => 'dataFault', 'error' => 'no fault'];
    } catch (SoapFault $fault) {
        return faultLine('dataFault', $fault);
    }
}

function authFault(array &$state): array {
    authenticate($state, 'not-a-token');
    try {
        $state['shipment']->validateOrders($state['plan']['badOrder']);
        return ['step' => 'authFault', 'error' => 'no fault'];
    } catch (SoapFault $fault) {
        return faultLine('authFault', $fault);
    }
}

/** SandboxService injectFault: the client's own next matching call meets `$fault`. */
function inject(array &$state, array $fault): void {
    $state['sandbox']->__setSoapHeaders([new SoapHeader($state['plan']['authNamespace'], 'authentication', $state['authentication'])]);
    $state['sandbox']->injectFault($fault);
}

function injectedFault(array &$state): array {
    inject($state, $state['plan']['injectedFault']);
    authenticate($state);
    try {
        $state['shipment']->getAvailableProductsAndServices([]);
        return ['step' => 'injectedFault', 'error' => 'no fault'];
    } catch (SoapFault $fault) {
        return faultLine('injectedFault', $fault);
    }
}

function injectedAuthFault(array &$state): array {
    inject($state, $state['plan']['injectedAuthenticationFault']);
    authenticate($state);
    try {
        $state['shipment']->validateOrders($state['plan']['badOrder']);
        return ['step' => 'injectedAuthFault', 'error' => 'no fault'];
    } catch (SoapFault $fault) {
        return faultLine('injectedAuthFault', $fault);
    }
}

function injectedDelay(array &$state): array {
    inject($state, $state['plan']['injectedDelay']);
    authenticate($state);
    $started = hrtime(true);
    $result = $state['shipment']->getAvailableProductsAndServices([]);
    $elapsed = intdiv(hrtime(true) - $started, 1000000);
    return ['step' => 'injectedDelay', 'elapsedMs' => $elapsed, 'products' => array_map(fn ($p) => $p->code, $result->products)];
}

function injectedStatus(array &$state): array {
    inject($state, $state['plan']['injectedStatus']);
    authenticate($state);
    try {
        $state['shipment']->getAvailableProductsAndServices([]);
        return ['step' => 'injectedStatus', 'error' => 'no error'];
    } catch (SoapFault $fault) {
        // The status line of the answer SoapClient refused: "HTTP/1.1 503 Service Unavailable".
        preg_match('#^HTTP/\S+ (\d{3})#', (string) $state['shipment']->__getLastResponseHeaders(), $status);
        return ['step' => 'injectedStatus', 'seenAs' => "SoapFault {$fault->faultcode}: {$fault->faultstring}", 'status' => $status[1] ?? null];
    }
}

function sandboxState(array &$state): array {
    $state['sandbox']->__setSoapHeaders([new SoapHeader($state['plan']['authNamespace'], 'authentication', $state['authentication'])]);
    $result = $state['sandbox']->getSandboxState([]);
    return ['step' => 'sandboxState', 'pendingFaults' => count($result->fault ?? [])];
}

$steps = ['login', 'validate', 'store', 'export', 'delete', 'track', 'products', 'consolidate', 'shops', 'dataFault', 'authFault',
    'injectedFault', 'injectedAuthFault', 'injectedDelay', 'injectedStatus', 'sandboxState'];

$plan = json_decode(file_get_contents($argv[1]), true, 512, JSON_THROW_ON_ERROR);
$state = ['plan' => $plan, 'login' => client($plan['loginWsdl']), 'shipment' => client($plan['shipmentWsdl']),
    'tracking' => client($plan['trackingWsdl']), 'finder' => client($plan['finderWsdl']), 'sandbox' => client($plan['sandboxWsdl'])];
foreach ($steps as $step) {
    try {
        $line = $step($state);
    } catch (Throwable $error) { // report and go on, so the test names every failing step
        $line = ['step' => $step, 'error' => get_class($error) . ': ' . $error->getMessage()];
    }
    echo json_encode($line, JSON_UNESCAPED_SLASHES), "\n";
}
