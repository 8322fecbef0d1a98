/**
 * Behaviours per number on the Daraja simulator (design.md §12.4). The browser tests share one simulator, so a test
 * tells it how its own user's registered number behaves (users get unique numbers: api.ts) rather than paying to or
 * from a special number every test shares. Payouts go only to the account's own numbers (§12.2): this is how a
 * payout whose result fails or never arrives is reached.
 */

/** For each kind of payment, the special number (the README's table) whose behaviour the phone takes. */
export interface SimulatedBehaviours {
  stk?: string;
  b2c?: string;
  c2b?: string;
}

/**
 * Tells the simulator at `simUrl` that `msisdn` acts as the given special numbers; kinds left out pay. Answers a
 * function that restores the number's defaults.
 */
export async function simulatePhone(
  simUrl: string,
  msisdn: string,
  behaviours: SimulatedBehaviours,
): Promise<() => Promise<void>> {
  const url = `${simUrl}/__sim/phones/${encodeURIComponent(msisdn)}`;
  const response = await fetch(url, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(behaviours),
  });
  if (response.status !== 204) throw new Error(`the simulator refused ${msisdn}: ${await response.text()}`);
  return async () => {
    const restored = await fetch(url, { method: "DELETE" });
    if (restored.status !== 204) throw new Error(`the simulator did not restore ${msisdn}: ${restored.status}`);
  };
}
