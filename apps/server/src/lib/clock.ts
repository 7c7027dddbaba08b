/** Every expiry and lockout reads the time from here, so tests can move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class ManualClock implements Clock {
  #time: number;
  constructor(start: Date | string = '2024-01-15T08:00:00Z') {
    this.#time = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.#time);
  }
  advance(ms: number): void {
    this.#time += ms;
  }
  advanceSeconds(s: number): void {
    this.advance(s * 1000);
  }
}
