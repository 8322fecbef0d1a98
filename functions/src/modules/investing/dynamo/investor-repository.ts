import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { type DynamoContext, defaultDynamoContext } from "../../../kernel/dynamo/client.js";
import { counterNames, countersUpdate, ledgerCounters, mergeCounters } from "../../../kernel/dynamo/counter-items.js";
import { dayCountersUpdate, dayOf, rewardDay } from "../../../kernel/dynamo/day-counters.js";
import { queryAllItems, type TableQuery } from "../../../kernel/dynamo/index-pages.js";
import {
  investmentItem,
  toInvestmentRecord,
  toPackageRecord,
  toReferralRecord,
} from "../../../kernel/dynamo/investment-items.js";
import { keys } from "../../../kernel/dynamo/keys.js";
import { ledgerItem, toLedgerLine } from "../../../kernel/dynamo/ledger-items.js";
import { outboxPut } from "../../../kernel/dynamo/outbox.js";
import { type MoveEntry, markerPut, refusing, runTransaction } from "../../../kernel/dynamo/transactions.js";
import { balanceAttribute } from "../../../kernel/dynamo/user-items.js";
import { toWithdrawalRecord, withdrawalItem, withdrawnOfDayUpdate } from "../../../kernel/dynamo/withdrawal-items.js";
import type { WithdrawalPlan } from "../../../kernel/records.js";
import { summaryOf } from "../../../kernel/records.js";
import type { ClaimPlan, InvestorRepository, PurchasePlan } from "../port.js";

export function createDynamoInvestorRepository(ctx: DynamoContext = defaultDynamoContext()): InvestorRepository {
  const { db, TableName } = ctx;

  /** At most `limit` items (a thousand unless said): each page asks only for what is still wanted. */
  const queryAll = (input: TableQuery, limit = 1000) => queryAllItems(ctx, input, limit);

  const ownItems = (userId: string, prefix: string, limit?: number) =>
    queryAll(
      {
        KeyConditionExpression: "PK = :pk AND begins_with(SK, :prefix)",
        ExpressionAttributeValues: { ":pk": keys.user(userId).PK, ":prefix": prefix },
        ScanIndexForward: false,
      },
      limit,
    );

  return {
    async getPackage(packageId) {
      const { Item } = await db.send(new GetCommand({ TableName, Key: keys.package(packageId), ConsistentRead: true }));
      return Item ? toPackageRecord(Item) : null;
    },

    async listPackages() {
      const items = await queryAll({
        IndexName: "GSI1",
        KeyConditionExpression: "GSI1PK = :pk",
        ExpressionAttributeValues: { ":pk": keys.packagesListPartition },
      });
      return items.map(toPackageRecord);
    },

    async purchase({ buyer, investment, line, package: pkg, now, referralBonus, answer }: PurchasePlan) {
      const balance = balanceAttribute[investment.balance];
      const buyerConditions = ["isActive = :true", "isTrialAccount = :wasTrial", `${balance} >= :amount`];
      const buyerSets: string[] = [];
      if (referralBonus) {
        buyerConditions.push("referralRewardPending = :true");
        buyerSets.push("referralRewardPending = :false");
      }
      const items: MoveEntry[] = [
        // The investment item is the purchase's idempotency marker: a retry after a lost answer finds it.
        markerPut(TableName, investmentItem(investment), investment.requestId),
        refusing("account-changed", {
          Update: {
            TableName,
            Key: keys.user(buyer.id),
            UpdateExpression: `ADD ${balance} :debit${buyerSets.length ? ` SET ${buyerSets.join(", ")}` : ""}`,
            ConditionExpression: buyerConditions.join(" AND "),
            ExpressionAttributeValues: {
              ":debit": -investment.amountCents,
              ":amount": investment.amountCents,
              ":true": true,
              ":wasTrial": buyer.isTrialAccount,
              ...(referralBonus ? { ":false": false } : {}),
            },
          },
        }),
        {
          Put: { TableName, Item: ledgerItem(line, summaryOf(buyer)), ConditionExpression: "attribute_not_exists(PK)" },
        },
        // The package as priced and dated when this request read it; an edit or delete in between refuses.
        refusing("package-changed", {
          ConditionCheck: {
            TableName,
            Key: keys.package(pkg.id),
            ConditionExpression:
              "attribute_exists(PK) AND priceCents = :price AND dailyReturnRate = :rate AND maturityDate = :maturity AND maturityDate > :now",
            ExpressionAttributeValues: {
              ":price": pkg.priceCents,
              ":rate": pkg.dailyReturnRate,
              ":maturity": pkg.maturityDate,
              ":now": now,
            },
          },
        }),
        countersUpdate(
          TableName,
          mergeCounters(
            {
              totalInvestments: 1,
              activeInvestments: 1,
              totalRevenueCents: investment.balance === "wallet" ? investment.amountCents : 0,
            },
            referralBonus ? ledgerCounters(line, referralBonus.line) : ledgerCounters(line),
          ),
          buyer.id,
        ),
      ];
      if (referralBonus) {
        items.push(
          refusing("referral-already-paid", {
            Update: {
              TableName,
              Key: keys.referral(referralBonus.referrerId, buyer.id),
              UpdateExpression: "SET rewardPaid = :true, paidAt = :now",
              ConditionExpression: "rewardPaid = :false",
              ExpressionAttributeValues: { ":true": true, ":false": false, ":now": now },
            },
          }),
          {
            Update: {
              TableName,
              Key: keys.user(referralBonus.referrerId),
              UpdateExpression: "ADD walletBalanceCents :reward, totalReferralEarningsCents :reward",
              ConditionExpression: "attribute_exists(PK)",
              ExpressionAttributeValues: { ":reward": referralBonus.rewardCents },
            },
          },
          {
            Put: {
              TableName,
              Item: ledgerItem(referralBonus.line, referralBonus.referrer),
              ConditionExpression: "attribute_not_exists(PK)",
            },
          },
        );
      }
      await runTransaction(ctx, items, { answer });
    },

    async claim({ claimant, investment, rewardCents, day, now, line, requestId, answer }: ClaimPlan) {
      const items: MoveEntry[] = [
        // One claim per investment per Nairobi day, whatever races or retries happen.
        {
          item: {
            Put: {
              TableName,
              Item: {
                ...keys.claimMarker(claimant.id, investment.id, day),
                type: "ClaimMarker",
                investmentId: investment.id,
                day,
                requestId,
                createdAt: now,
              },
              ConditionExpression: "attribute_not_exists(PK)",
            },
          },
          refusal: "already-claimed",
          marker: { requestId },
        },
        // Not matured: neither by the hour (the package's maturity) nor by the maturities job, which may have returned
        // the capital between this claim's read and its write.
        refusing("investment-changed", {
          Update: {
            TableName,
            Key: keys.investment(claimant.id, investment.id),
            UpdateExpression: "ADD totalRewardsClaimedCents :reward SET lastClaimDate = :now",
            ConditionExpression: "attribute_exists(PK) AND maturityDate > :now AND attribute_not_exists(maturedAt)",
            ExpressionAttributeValues: { ":reward": rewardCents, ":now": now },
          },
        }),
        refusing("account-changed", {
          Update: {
            TableName,
            Key: keys.user(claimant.id),
            UpdateExpression: `ADD ${balanceAttribute[investment.balance]} :reward`,
            ConditionExpression: "isActive = :true",
            ExpressionAttributeValues: { ":reward": rewardCents, ":true": true },
          },
        }),
        {
          Put: {
            TableName,
            Item: ledgerItem(line, summaryOf(claimant)),
            ConditionExpression: "attribute_not_exists(PK)",
          },
        },
        countersUpdate(TableName, ledgerCounters(line), claimant.id),
        // Trial rewards are demo money: the platform's rewards per day count real money only.
        ...(investment.balance === "wallet"
          ? [dayCountersUpdate(TableName, claimant.id, day, rewardDay(rewardCents))]
          : []),
      ];
      await runTransaction(ctx, items, { answer });
    },

    async requestWithdrawal({ user, withdrawal, line, answer, sourceIp, unverifiedRoomCents }: WithdrawalPlan) {
      const items: MoveEntry[] = [
        withdrawnOfDayUpdate(
          TableName,
          user.id,
          dayOf(withdrawal.requestDate),
          withdrawal.amountCents,
          unverifiedRoomCents,
        ),
        markerPut(TableName, withdrawalItem(withdrawal), withdrawal.requestId),
        // The hold: the amount leaves the wallet now and comes back only if the withdrawal is rejected or fails.
        refusing("account-changed", {
          Update: {
            TableName,
            Key: keys.user(user.id),
            UpdateExpression: "ADD walletBalanceCents :debit",
            ConditionExpression: "isActive = :true AND walletBalanceCents >= :amount",
            ExpressionAttributeValues: {
              ":debit": -withdrawal.amountCents,
              ":amount": withdrawal.amountCents,
              ":true": true,
            },
          },
        }),
        {
          Put: { TableName, Item: ledgerItem(line, summaryOf(user)), ConditionExpression: "attribute_not_exists(PK)" },
        },
        countersUpdate(
          TableName,
          mergeCounters(
            { [counterNames.withdrawals()]: 1, [counterNames.withdrawals("pending")]: 1 },
            ledgerCounters(line),
          ),
          user.id,
        ),
        outboxPut(TableName, {
          kind: "withdrawal-requested",
          moveId: withdrawal.id,
          userId: user.id,
          data: {
            amountCents: withdrawal.amountCents,
            phoneNumber: withdrawal.phoneNumber,
            ...(sourceIp ? { sourceIp } : {}),
          },
          createdAt: withdrawal.requestDate,
        }),
      ];
      await runTransaction(ctx, items, { answer });
    },

    async listInvestments(userId) {
      return (await ownItems(userId, keys.investmentPrefix)).map(toInvestmentRecord);
    },

    async listReferrals(userId) {
      return (await ownItems(userId, keys.referralPrefix)).map(toReferralRecord);
    },

    async listLedger(userId, limit) {
      return (await ownItems(userId, keys.ledgerPrefix, limit)).map(toLedgerLine);
    },

    async listWithdrawals(userId, limit) {
      const items = await queryAll(
        {
          IndexName: "GSI3",
          KeyConditionExpression: "GSI3PK = :pk AND begins_with(GSI3SK, :prefix)",
          ExpressionAttributeValues: { ":pk": keys.user(userId).PK, ":prefix": keys.userWithdrawalsPrefix },
          ScanIndexForward: false,
        },
        limit,
      );
      return items.map(toWithdrawalRecord);
    },
  };
}
