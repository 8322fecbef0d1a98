import type { AuthResponse, Package, PackageChange, PackageInput } from "@jengafund/shared";
import { handler as createPackage } from "../../src/handlers/http/create-package.js";
import { handler as decidePackageChange } from "../../src/handlers/http/decide-package-change.js";
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

export const SECOND_DEV_ADMIN = { email: "admin2@jengafund.local", password: "Admin2@12345" };

/** Seeds the second dev admin (design.md §13.1) into this file's table and signs in as them. */
export async function signInAsSecondAdmin(): Promise<AuthResponse> {
  await seedDevData(DEV_ADMIN, SECOND_DEV_ADMIN);
  const { statusCode, body } = await call<AuthResponse>(login, gatewayEvent("login-user", { body: SECOND_DEV_ADMIN }));
  if (statusCode !== 200) throw new Error("second admin login failed");
  return body;
}

/** A package one admin asks for and the second dev admin approves (design.md §13.1): what investors then see. */
export async function approvedPackage(makerToken: string, body: PackageInput): Promise<Package> {
  const asked = await call<{ change: PackageChange }>(
    createPackage,
    gatewayEvent("create-package", { token: makerToken, body }),
  );
  if (asked.statusCode !== 202) throw new Error(`package change not asked for: ${JSON.stringify(asked.body)}`);
  const checker = await signInAsSecondAdmin();
  const decided = await call<{ package: Package }>(
    decidePackageChange,
    gatewayEvent("decide-package-change", {
      token: checker.token,
      pathParameters: { id: asked.body.change._id },
      body: { decision: "approve" },
    }),
  );
  if (decided.statusCode !== 200) throw new Error(`package change not approved: ${JSON.stringify(decided.body)}`);
  return decided.body.package;
}
