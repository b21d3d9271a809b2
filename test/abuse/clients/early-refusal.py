#!/usr/bin/env python3
"""Early refusals as Python `requests` reads them (test/abuse/early-refusals.test.ts).

One Session sends a body the server refuses before reading all of it, then a next request (GET of
NEXT_PATH) on the same session, TRIES times. Prints one JSON line: the tries, the answers lost (the
refusal or the next answer not read as expected), and the errors by kind.

Usage: early-refusal.py BASE_URL PATH CONTENT_TYPE BODY STATUS CODE TRIES NEXT_PATH
BODY is `deep:N` (N bytes of nested JSON arrays) or `flat:N` (N bytes of `x`).
"""
import json
import sys

import requests


def body_of(spec):
    kind, _, size = spec.partition(':')
    n = int(size)
    if kind == 'deep':
        return b'[' * (n // 2) + b']' * (n - n // 2)
    return b'x' * n


def error_kind(error):
    """The error's name, and that of the socket error under it (ConnectionResetError, BrokenPipeError)."""
    name = type(error).__name__
    cause = error
    while cause is not None:
        if isinstance(cause, OSError) and not isinstance(cause, requests.RequestException):
            return f'{name}: {type(cause).__name__}'
        cause = cause.__cause__ or cause.__context__ or (cause.args[-1] if cause.args and isinstance(cause.args[-1], BaseException) else None)
    return name


def main():
    base, path, content_type, spec, status, code, tries, next_path = sys.argv[1:9]
    body = body_of(spec)
    figures = {'tries': int(tries), 'lost': 0, 'errors': {}}

    def failed(kind):
        figures['lost'] += 1
        figures['errors'][kind] = figures['errors'].get(kind, 0) + 1

    with requests.Session() as session:
        for _ in range(int(tries)):
            try:
                answer = session.post(base + path, data=body, headers={'Content-Type': content_type}, timeout=30)
                if answer.status_code != int(status) or code not in answer.text:
                    failed(f'refusal answered {answer.status_code}')
            except requests.RequestException as error:
                failed(error_kind(error))
            try:
                answer = session.get(base + next_path, timeout=30)
                if answer.status_code != 200:
                    failed(f'next answered {answer.status_code}')
            except requests.RequestException as error:
                failed('next: ' + error_kind(error))
    print(json.dumps(figures))


main()
