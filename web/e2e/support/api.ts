/**
 * Direct API calls for browser tests: setting up a user or money faster than clicking through the screens, and
 * reaching admin-only routes. The web app itself never goes this way.
 */
export interface RegisteredInvestor {
  token: string;
  user: { _id: string; referralCode: string; phoneNumber: string };
  email: string;
  password: string;
}

/** A JSON call straight to the API; a refusal throws with the server's answer, so a broken setup says why. */
export async function apiCall<T>(
  apiUrl: string,
  method: string,
  path: string,
  body?: object,
  token?: string,
): Promise<T> {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Every investor a test creates signs up with this password. */
export const investorPassword = "Mvua-Nyingi-42";

/** A unique email and Kenyan phone per call: both are unique keys on the server. */
export function uniqueContact(label: string): { email: string; phone: string } {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, "0");
  return { email: `e2e-${label}-${stamp}@example.com`, phone: `07${digits}` };
}

export async function registerInvestor(
  apiUrl: string,
  label: string,
  { firstName = "Test", lastName = label }: { firstName?: string; lastName?: string } = {},
): Promise<RegisteredInvestor> {
  const { email, phone } = uniqueContact(label);
  const { token, user } = await apiCall<Omit<RegisteredInvestor, "email" | "password">>(
    apiUrl,
    "POST",
    "/auth/register",
    {
      firstName,
      lastName,
      email,
      phoneNumber: phone,
      password: investorPassword,
    },
  );
  return { token, user, email, password: investorPassword };
}

/** Buys with the balance the account spends (trial money for a trial account); resolves with the investment's id. */
export async function buyPackage(apiUrl: string, token: string, packageId: string, amount: number): Promise<string> {
  const { investment } = await apiCall<{ investment: { _id: string } }>(
    apiUrl,
    "POST",
    "/investments/buy",
    { packageId, amount },
    token,
  );
  return investment._id;
}

/** Today's reward of an investment, into the balance it was bought with. */
export async function claimReward(apiUrl: string, token: string, investmentId: string): Promise<void> {
  await apiCall(apiUrl, "POST", `/investments/claim/${investmentId}`, undefined, token);
}

export async function listPackages(apiUrl: string, token: string): Promise<{ _id: string; price: number }[]> {
  const { packages } = await apiCall<{ packages: { _id: string; price: number }[] }>(
    apiUrl,
    "GET",
    "/packages",
    undefined,
    token,
  );
  return packages;
}

/**
 * Real money paid by M-Pesa: an STK deposit from `phoneNumber` (the investor's own, unless told), which the simulator
 * pays; resolves once it is credited. Unlike an admin credit, it ends a trial account and proves the number for
 * payouts. Polls with plain waits, so it also serves in beforeAll, where expect.poll cannot run.
 */
export async function depositByMpesa(
  apiUrl: string,
  investor: Pick<RegisteredInvestor, "token"> & { user: { phoneNumber: string } },
  amount: number,
): Promise<void> {
  const { checkoutRequestId } = await apiCall<{ checkoutRequestId: string }>(
    apiUrl,
    "POST",
    "/mpesa/deposit",
    { amount, phoneNumber: investor.user.phoneNumber },
    investor.token,
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { deposit } = await apiCall<{ deposit: { status: string } }>(
      apiUrl,
      "GET",
      `/mpesa/deposit/${checkoutRequestId}`,
      undefined,
      investor.token,
    );
    if (deposit.status === "completed") return;
    if (deposit.status !== "pending" || Date.now() > deadline) {
      throw new Error(`the deposit of KES ${amount} is ${deposit.status}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Real (wallet) money for a user, credited by the admin as support would. */
export async function creditWallet(
  apiUrl: string,
  admin: { email: string; password: string },
  userId: string,
  amount: number,
): Promise<void> {
  const { token } = await apiCall<{ token: string }>(apiUrl, "POST", "/auth/login", admin);
  await apiCall(
    apiUrl,
    "PUT",
    `/admin/users/${userId}/balance`,
    { amount, type: "credit", reason: "e2e funding" },
    token,
  );
}
