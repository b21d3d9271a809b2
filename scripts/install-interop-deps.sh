#!/bin/sh
# What the SOAP interop and schema tests need outside npm: PHP with its SoapClient (php-cli,
# php-soap), Python zeep (python3-zeep, run with /usr/bin/python3), xmllint (libxml2-utils), and curl
# for the README's CI recipe (test/interop/readme-recipes.test.ts).
set -eu
exec sh "$(dirname "$0")/ensure-debian-packages.sh" php-cli php-soap python3-zeep libxml2-utils curl
