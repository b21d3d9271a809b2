// What every call uses besides the store: the label renderer (on the event loop or worker threads)
// and the operator's metrics.
import type { LabelJob } from '../../labels/label-input.ts';
import type { ManifestJob } from '../../labels/manifest-input.ts';
import type { DropOffType, RenderedLabels } from '../../labels/render-labels.ts';

/** Renders a label job (labels/render-labels.ts) or a manifest: on the event loop, or on worker threads. */
export interface LabelRenderer {
  render(job: LabelJob, dropOffType?: DropOffType): Promise<RenderedLabels>;
  /** The end-of-day manifest (labels/render-manifest.ts) as a PDF file. */
  renderManifest(job: ManifestJob): Promise<Uint8Array>;
}

/** One answered call, as the operator's metrics count it. */
export interface MeasuredCall {
  readonly binding: 'rest' | 'soap';
  readonly operation: string;
  /** `ok`, or the call's first error code. */
  readonly outcome: string;
  /** From the call's arrival to its answer. */
  readonly seconds: number;
}

/** Counts and times every call for the operator (server/health/metrics.ts); a no-op without METRICS_PORT. */
export interface CallMetrics {
  observe(call: MeasuredCall): void;
}
