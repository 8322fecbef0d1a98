/** Injected into services so the Nairobi day boundary can be tested. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

// The day's maths is shared with the web app; services keep reaching it next to their clock.
export { nairobiDay } from "@jengafund/shared";
