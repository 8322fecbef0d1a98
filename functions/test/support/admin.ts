import type { AuthResponse } from "@jengafund/shared";
import { handler as login } from "../../src/handlers/http/login-user.js";
import { seedDevData } from "../../src/local/seed.js";
import { call, gatewayEvent } from "./events.js";

export const DEV_ADMIN = { email: "admin@jengafund.local", password: "Admin@12345" };

/** Seeds the dev admin (and packages) into this file's table and signs in as that admin. */
export async function signInAsAdmin(): Promise<AuthResponse> {
  await seedDevData(DEV_ADMIN);
  const { statusCode, body } = await call<AuthResponse>(login, gatewayEvent("login-user", { body: DEV_ADMIN }));
  if (statusCode !== 200) throw new Error("admin login failed");
  return body;
}
