// The cap on pipelined requests answered at once per connection (server/requests-in-flight.ts): past
// it a request waits for an answer of its connection to go out; past the waiting bound the connection
// is closed; requests of other connections never wait for it.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, it } from 'node:test';
import {
  admitRequest,
  MAX_REQUESTS_IN_FLIGHT,
  MAX_REQUESTS_WAITING,
  waitingRequests,
} from '../../src/server/connections/requests-in-flight.ts';

/** A socket that knows whether it was destroyed, and a request and response on it. */
function connection() {
  const socket = Object.assign(new EventEmitter(), {
    destroyed: false,
    destroy() {
      socket.destroyed = true;
      socket.emit('close');
    },
  });
  const request = () => {
    const response = new EventEmitter();
    return { request: { socket } as unknown as IncomingMessage, response, send: () => response.emit('close') };
  };
  return { socket, request };
}

describe('requests in flight per connection', () => {
  it(`answers ${MAX_REQUESTS_IN_FLIGHT} at once; the next waits until one has gone out, in order`, () => {
    const { socket, request } = connection();
    const handled: number[] = [];
    const requests = Array.from({ length: MAX_REQUESTS_IN_FLIGHT + 3 }, (_, index) => {
      const made = request();
      admitRequest(made.request, made.response as unknown as ServerResponse, () => handled.push(index));
      return made;
    });
    assert.equal(handled.length, MAX_REQUESTS_IN_FLIGHT);
    assert.equal(waitingRequests(socket as never), 3);
    requests[0].send();
    assert.deepEqual(handled.slice(MAX_REQUESTS_IN_FLIGHT), [MAX_REQUESTS_IN_FLIGHT]);
    requests[1].send();
    requests[2].send();
    assert.equal(handled.length, MAX_REQUESTS_IN_FLIGHT + 3);
    assert.deepEqual(
      handled,
      [...handled].sort((a, b) => a - b),
    );
    assert.equal(waitingRequests(socket as never), 0);
  });

  it(`closes a connection with ${MAX_REQUESTS_WAITING} requests waiting besides, and starts none of them`, () => {
    const { socket, request } = connection();
    let handled = 0;
    const admit = () => {
      const made = request();
      admitRequest(made.request, made.response as unknown as ServerResponse, () => (handled += 1));
      return made;
    };
    const first = admit();
    for (let count = 1; count < MAX_REQUESTS_IN_FLIGHT + MAX_REQUESTS_WAITING; count++) admit();
    assert.equal(socket.destroyed, false);
    admit();
    assert.equal(socket.destroyed, true);
    first.send();
    assert.equal(handled, MAX_REQUESTS_IN_FLIGHT, 'nothing more of a closed connection is answered');
  });

  it("never holds one connection's request for another's", () => {
    const busy = connection();
    for (let count = 0; count < MAX_REQUESTS_IN_FLIGHT + 5; count++) {
      const made = busy.request();
      admitRequest(made.request, made.response as unknown as ServerResponse, () => {});
    }
    const other = connection().request();
    let answered = false;
    admitRequest(other.request, other.response as unknown as ServerResponse, () => (answered = true));
    assert.equal(answered, true);
  });
});
