import type { UserRecord } from "../records.js";
import { keys } from "./keys.js";

export type Item = Record<string, unknown>;

const USER_ATTRIBUTES = [
  "id",
  "firstName",
  "lastName",
  "email",
  "phoneNumber",
  "role",
  "isTrialAccount",
  "trialBalanceCents",
  "walletBalanceCents",
  "totalReferralEarningsCents",
  "referralCode",
  "referrer",
  "referralRewardPending",
  "isActive",
  "tokenVersion",
  "createdAt",
  "passwordChangedAt",
  "twoFactorEnabled",
  "twoFactorChangedAt",
  "sessions",
  "notifications",
  "kyc",
  "depositsCents",
] as const satisfies readonly (keyof UserRecord)[];

export function pick<T>(item: Item, attributes: readonly (keyof T)[]): T {
  const record: Partial<Record<keyof T, unknown>> = {};
  for (const attribute of attributes) {
    if (item[attribute as string] !== undefined) record[attribute] = item[attribute as string];
  }
  return record as T;
}

export function userItem(user: UserRecord): Item {
  return {
    ...keys.user(user.id),
    type: "User",
    ...user,
    ...userIndexKeys(user),
  };
}

/** The user's entries in the admin list (GSI1) and the search by email prefix (GSI2) and by name prefix (GSI3). */
export function userIndexKeys(user: Pick<UserRecord, "id" | "createdAt" | "email" | "firstName" | "lastName">) {
  return {
    GSI1PK: keys.usersList(user.id),
    GSI1SK: keys.usersListSort(user.createdAt, user.id),
    GSI2PK: keys.userEmailSearch(user.id),
    GSI2SK: user.email.toLowerCase(),
    GSI3PK: keys.userNameSearch(user.id),
    GSI3SK: `${user.firstName} ${user.lastName}`.toLowerCase(),
  };
}

export const toUserRecord = (item: Item): UserRecord => pick<UserRecord>(item, USER_ATTRIBUTES);

/** Field names of the two balances, so a move names only which one it touches. */
export const balanceAttribute = { wallet: "walletBalanceCents", trial: "trialBalanceCents" } as const;
