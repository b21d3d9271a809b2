// The real time, for everything that does not inject a clock of its own.
import type { Clock } from '../ports/clock-ports.ts';

export const systemClock: Clock = Object.freeze({ now: () => new Date() });
