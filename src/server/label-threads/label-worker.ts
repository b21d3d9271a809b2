// A label thread of the label pool (label-pool.ts): renders the jobs it is sent and hands the bytes
// back without copying them.
import { parentPort } from 'node:worker_threads';
import { renderLabels } from '../../labels/render-labels.ts';
import { renderManifest } from '../../labels/render-manifest.ts';
import type { LabelPoolReply, LabelPoolRequest } from './label-pool.ts';

const port = parentPort;
if (port === null) throw new Error('label-worker.ts runs as a worker thread');

/** The bytes as an ArrayBuffer of their own, which the reply can hand over instead of copying. */
function own(bytes: Uint8Array | null): Uint8Array | null {
  if (bytes === null) return null;
  // A Buffer may be a view into a pool shared with other Buffers: such bytes are copied out first.
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
}

/** Renders one job and posts the bytes, or the error, back. */
const render = async (request: LabelPoolRequest): Promise<void> => {
  const { id } = request;
  let reply: LabelPoolReply;
  try {
    const rendered =
      'manifest' in request
        ? { labels: renderManifest(request.manifest), eLabel: null }
        : await renderLabels(request.job, request.dropOffType);
    reply = { id, labels: own(rendered.labels), eLabel: own(rendered.eLabel) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
  const transfer =
    'error' in reply ? [] : [reply.labels?.buffer, reply.eLabel?.buffer].filter((b): b is ArrayBuffer => b instanceof ArrayBuffer);
  port.postMessage(reply, transfer);
};

port.on('message', (request: LabelPoolRequest) => void render(request));
