/** Every expiry and lockout reads the time from here, so tests can move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that can be moved forward: the tests' ManualClock, the development clock (DEV_CLOCK). */
export interface MovableClock extends Clock {
  advance(ms: number): void;
}

export class ManualClock implements MovableClock {
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

/** The system's time moved forward by an offset (DEV_CLOCK: the end-to-end journeys' week passes in a call). */
export class OffsetClock implements MovableClock {
  #offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.#offsetMs);
  }
  advance(ms: number): void {
    this.#offsetMs += ms;
  }
}
