import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { auditCounters, auditPut } from "../../../kernel/dynamo/audit-items.js";
import { batchGet } from "../../../kernel/dynamo/batch-get.js";
import { type DynamoContext, defaultDynamoContext } from "../../../kernel/dynamo/client.js";
import { isConditionFailure } from "../../../kernel/dynamo/condition-failure.js";
import { countersUpdate, ledgerCounters, mergeCounters } from "../../../kernel/dynamo/counter-items.js";
import { credentialItem, readCredential } from "../../../kernel/dynamo/credential-items.js";
import { dayCountersUpdate, newUserDay } from "../../../kernel/dynamo/day-counters.js";
import { phoneMarkerIndexKeys } from "../../../kernel/dynamo/deposit-items.js";
import { toInvestmentRecord, toPackageRecord } from "../../../kernel/dynamo/investment-items.js";
import { type Key, keys } from "../../../kernel/dynamo/keys.js";
import { ledgerItem } from "../../../kernel/dynamo/ledger-items.js";
import { toPayoutNumberRecord } from "../../../kernel/dynamo/payout-number-items.js";
import {
  type MoveEntry,
  type MoveItem,
  runTransaction,
  type TransactItem,
} from "../../../kernel/dynamo/transactions.js";
import { toUserRecord, userItem } from "../../../kernel/dynamo/user-items.js";
import { createDynamoUserReader } from "../../../kernel/dynamo/user-reader.js";
import { toWithdrawalRecord } from "../../../kernel/dynamo/withdrawal-items.js";
import { type CallerContext, type RefusalReason, summaryOf } from "../../../kernel/records.js";
import type { AccountRepository, NewAccount, UniqueField } from "../port.js";

/** What a taken uniqueness marker means. */
const TAKEN: Record<UniqueField, RefusalReason> = {
  email: "email-taken",
  phoneNumber: "phone-taken",
  referralCode: "referral-code-taken",
};

const findByKey = (items: Record<string, unknown>[], key: Key) =>
  items.find((item) => item.PK === key.PK && item.SK === key.SK);

export function createDynamoAccountRepository(ctx: DynamoContext = defaultDynamoContext()): AccountRepository {
  const { db, TableName } = ctx;

  const { getUser } = createDynamoUserReader(ctx);

  return {
    async findReferrer(code) {
      const { Item } = await db.send(new GetCommand({ TableName, Key: keys.referralCodeMarker(code) }));
      if (typeof Item?.userId !== "string" || typeof Item.owner !== "object" || !Item.owner) return null;
      return { id: Item.userId, ...(Item.owner as { firstName: string; lastName: string; email: string }) };
    },

    async createAccount({ user, passwordHash, openingLine, referral, day, audit }: NewAccount) {
      const marker = (key: Key, field: UniqueField): MoveItem => ({
        item: {
          Put: {
            TableName,
            // The referral code's marker also names its owner, so a registration with that code needs one read.
            // requestId lets a retry recognise its own earlier, unacknowledged commit (see runTransaction).
            Item: {
              ...key,
              type: "UniqueMarker",
              field,
              userId: user.id,
              requestId: user.id,
              owner: summaryOf(user),
              // The phone marker doubles as the admin search entry by phone prefix and by last name.
              ...(field === "phoneNumber" ? phoneMarkerIndexKeys(user.id, user.phoneNumber, user) : {}),
            },
            ConditionExpression: "attribute_not_exists(PK)",
          },
        },
        refusal: TAKEN[field],
        // The email marker is the registration's idempotency marker.
        ...(field === "email" ? { marker: { requestId: user.id } } : {}),
      });
      const items: MoveEntry[] = [
        marker(keys.emailMarker(user.email), "email"),
        marker(keys.phoneMarker(user.phoneNumber), "phoneNumber"),
        marker(keys.referralCodeMarker(user.referralCode), "referralCode"),
        { Put: { TableName, Item: userItem(user), ConditionExpression: "attribute_not_exists(PK)" } },
        {
          Put: {
            TableName,
            Item: credentialItem({ userId: user.id, passwordHash }),
            ConditionExpression: "attribute_not_exists(PK)",
          },
        },
        countersUpdate(
          TableName,
          mergeCounters(
            { totalUsers: 1 },
            openingLine ? ledgerCounters(openingLine) : {},
            audit ? auditCounters(audit) : {},
          ),
          user.id,
        ),
        dayCountersUpdate(TableName, user.id, day, newUserDay()),
      ];
      if (openingLine) {
        items.push({
          Put: {
            TableName,
            Item: ledgerItem(openingLine, summaryOf(user)),
            ConditionExpression: "attribute_not_exists(PK)",
          },
        });
      }
      if (audit) items.push(auditPut(TableName, audit));
      if (referral) {
        items.push({
          Put: {
            TableName,
            Item: {
              ...keys.referral(referral.referrer.id, user.id),
              type: "Referral",
              referrerId: referral.referrer.id,
              referredId: user.id,
              referred: summaryOf(user),
              rewardCents: referral.rewardCents,
              rewardPaid: false,
              createdAt: user.createdAt,
            },
            ConditionExpression: "attribute_not_exists(PK)",
          },
        });
      }
      await runTransaction(ctx, items);
    },

    getUser,

    async getUserWith(userId, refs): Promise<CallerContext | null> {
      const userKey = keys.user(userId);
      const packageKey = refs.packageId ? keys.package(refs.packageId) : undefined;
      const investmentKey = refs.investmentId ? keys.investment(userId, refs.investmentId) : undefined;
      const subjectKey = refs.subjectUserId ? keys.user(refs.subjectUserId) : undefined;
      const withdrawalKey = refs.withdrawalId ? keys.withdrawal(refs.withdrawalId) : undefined;
      const payoutNumberKey = refs.payoutNumber ? keys.payoutNumber(userId, refs.payoutNumber) : undefined;
      // The same key twice (an admin acting on themself) would make BatchGetItem fail.
      const wanted = [userKey, packageKey, investmentKey, subjectKey, withdrawalKey, payoutNumberKey].filter(
        (k, i, all): k is Key => !!k && all.findIndex((o) => o?.PK === k.PK && o?.SK === k.SK) === i,
      );
      const items = await batchGet(ctx, wanted);
      const user = findByKey(items, userKey);
      if (!user) return null;
      const pkg = packageKey ? findByKey(items, packageKey) : undefined;
      const investment = investmentKey ? findByKey(items, investmentKey) : undefined;
      const subject = subjectKey ? findByKey(items, subjectKey) : undefined;
      const withdrawal = withdrawalKey ? findByKey(items, withdrawalKey) : undefined;
      const payoutNumber = payoutNumberKey ? findByKey(items, payoutNumberKey) : undefined;
      return {
        user: toUserRecord(user),
        ...(packageKey ? { package: pkg ? toPackageRecord(pkg) : null } : {}),
        ...(investmentKey ? { investment: investment ? toInvestmentRecord(investment) : null } : {}),
        ...(subjectKey ? { subject: subject ? toUserRecord(subject) : null } : {}),
        ...(withdrawalKey ? { withdrawal: withdrawal ? toWithdrawalRecord(withdrawal) : null } : {}),
        ...(payoutNumberKey ? { payoutNumber: payoutNumber ? toPayoutNumberRecord(payoutNumber) : null } : {}),
      };
    },

    getCredential: (userId) => readCredential(ctx, userId),

    async findLoginCredential(email) {
      const { Item } = await db.send(new GetCommand({ TableName, Key: keys.emailMarker(email), ConsistentRead: true }));
      if (typeof Item?.userId !== "string") return null;
      return readCredential(ctx, Item.userId);
    },

    async reserveReferralCodeCheck(attempt, limitPerHour) {
      try {
        await db.send(
          new UpdateCommand({
            TableName,
            Key: keys.referralCodeChecks(attempt.sourceIp, attempt.hour),
            UpdateExpression: "ADD checks :one SET expiresAt = :expiresAt, #type = :type",
            ConditionExpression: "attribute_not_exists(checks) OR checks < :limit",
            ExpressionAttributeNames: { "#type": "type" },
            ExpressionAttributeValues: {
              ":one": 1,
              ":limit": limitPerHour,
              ":expiresAt": attempt.expiresAtEpochSeconds,
              ":type": "ReferralCodeCheckThrottle",
            },
          }),
        );
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    async releaseLoginAttempt(attempt) {
      // The four items were just counted in this hour's (and day's) window by the attempt guard's
      // `admitLoginAttempt`, so they exist and stay at or above zero.
      const giveBack = (key: Key): TransactItem => ({
        Update: {
          TableName,
          Key: key,
          UpdateExpression: "ADD attempts :minusOne",
          ExpressionAttributeValues: { ":minusOne": -1 },
        },
      });
      await runTransaction(ctx, [
        giveBack(keys.loginAttempts("EMAIL", attempt.email, attempt.hour)),
        giveBack(keys.loginAttempts("IP", attempt.sourceIp, attempt.hour)),
        giveBack(keys.loginAttemptsFromIp(attempt.email, attempt.sourceIp, attempt.hour)),
        giveBack(keys.loginFailuresOfDay(attempt.email, attempt.day)),
      ]);
    },
  };
}
