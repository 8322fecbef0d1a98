import { randomInt } from "node:crypto";
import type { AuthResponse, RegisterInput } from "@jengafund/shared";
import { handler as register } from "../../src/handlers/http/register-user.js";
import { call, gatewayEvent } from "./events.js";

let sequence = 0;

/** A valid registration body with a unique email and phone. */
export function newRegistration(overrides: Partial<RegisterInput> = {}): RegisterInput {
  sequence += 1;
  const phone = `07${String(randomInt(10_000_000, 99_999_999))}`;
  return {
    firstName: "Wanjiru",
    lastName: "Kamau",
    email: `wanjiru.${Date.now()}.${sequence}.${randomInt(1e6)}@example.co.ke`,
    phoneNumber: phone,
    password: "Mvua-Nyingi-42",
    ...overrides,
  };
}

export async function registerUser(overrides: Partial<RegisterInput> = {}) {
  const input = newRegistration(overrides);
  const response = await call<AuthResponse>(register, gatewayEvent("register-user", { body: input }));
  if (response.statusCode !== 201) throw new Error(`registration failed: ${JSON.stringify(response.body)}`);
  return { input, ...response.body };
}
