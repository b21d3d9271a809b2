// A clock tests move by hand.
import type { Clock } from '../../src/domain/ports/clock-ports.ts';

export class TestClock implements Clock {
  private current: number;
  constructor(start: string | Date = '2026-11-23T09:00:00.000Z') {
    this.current = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current += ms;
  }
  set(instant: string | Date): void {
    this.current = new Date(instant).getTime();
  }
}
