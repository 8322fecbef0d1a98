/**
 * Behaviours per number on the Daraja simulator (design.md §12.4): a test registers its user with a number of its own
 * (users.ts makes a unique one) and tells the simulator which special number that phone acts as, per kind of
 * payment, instead of paying to or from a special number shared by every test. Payouts go only to the account's own
 * numbers (§12.2), so this is how a payout test reaches a result that fails or never arrives.
 */

/** For each kind of payment, the special number (README's table) whose behaviour the phone takes. */
export interface SimulatedBehaviours {
  stk?: string;
  b2c?: string;
  c2b?: string;
}

/**
 * Tells the simulator at `simulatorUrl` (default: the payments stack's, `MPESA_BASE_URL`) that `msisdn` acts as the
 * given special numbers; kinds left out pay. Answers a function that restores the number's defaults.
 */
export async function simulatePhone(
  msisdn: string,
  behaviours: SimulatedBehaviours,
  simulatorUrl = process.env.MPESA_BASE_URL,
): Promise<() => Promise<void>> {
  if (!simulatorUrl) throw new Error("no simulator: import ./payments-stack.js first, or pass its URL");
  const url = `${simulatorUrl}/__sim/phones/${encodeURIComponent(msisdn)}`;
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
