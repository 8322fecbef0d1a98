import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { expect } from "vitest";
import { dynamoDocumentClient, tableName } from "../../src/kernel/dynamo/client.js";
import { countersUpdate, ledgerCounters } from "../../src/kernel/dynamo/counter-items.js";
import { dayCountersUpdate, dayOf, depositDay } from "../../src/kernel/dynamo/day-counters.js";
import { keys } from "../../src/kernel/dynamo/keys.js";
import { ledgerItem } from "../../src/kernel/dynamo/ledger-items.js";
import { ulid } from "../../src/kernel/ids.js";
import { itemsOfUser, readItem } from "./db.js";

/**
 * A completed M-Pesa deposit as settlement records it: the wallet credit, its completed `deposit` ledger line, the
 * switch from trial to active and the day's deposit counters, in one transaction. Fixture for tests that need real money.
 */
export async function depositToWallet(
  user: { _id: string; firstName: string; lastName: string; email: string },
  cents: number,
) {
  const id = ulid();
  const line = {
    id,
    userId: user._id,
    type: "deposit" as const,
    balance: "wallet" as const,
    amountCents: cents,
    status: "completed" as const,
    description: "M-Pesa deposit",
    reference: `TEST-${id}`,
    createdAt: new Date().toISOString(),
  };
  await dynamoDocumentClient().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: tableName(),
            Key: keys.user(user._id),
            UpdateExpression: "ADD walletBalanceCents :amount SET isTrialAccount = :false",
            ExpressionAttributeValues: { ":amount": cents, ":false": false },
          },
        },
        {
          Put: {
            TableName: tableName(),
            Item: ledgerItem(line, { firstName: user.firstName, lastName: user.lastName, email: user.email }),
          },
        },
        countersUpdate(tableName(), ledgerCounters(line), user._id),
        dayCountersUpdate(tableName(), user._id, dayOf(line.createdAt), depositDay(cents)),
      ],
    }),
  );
}

/** A ledger line moves its balance when completed, or when it is a pending hold (a debit awaiting a decision). */
export const countsTowardBalance = (line: { status: string; amountCents: number }) =>
  line.status === "completed" || (line.status === "pending" && line.amountCents < 0);

/** The invariant: each balance equals the sum of its ledger lines, and none is negative. */
export async function expectLedgerToMatchBalances(userId: string) {
  const user = await readItem(keys.user(userId));
  const lines = await itemsOfUser(userId, "TX#");
  const sum = (balance: string) =>
    lines
      .filter((l) => l.balance === balance && countsTowardBalance(l as { status: string; amountCents: number }))
      .reduce((total, l) => total + Number(l.amountCents), 0);
  expect({ wallet: user?.walletBalanceCents, trial: user?.trialBalanceCents }).toEqual({
    wallet: sum("wallet"),
    trial: sum("trial"),
  });
  expect(user?.walletBalanceCents).toBeGreaterThanOrEqual(0);
  expect(user?.trialBalanceCents).toBeGreaterThanOrEqual(0);
}
