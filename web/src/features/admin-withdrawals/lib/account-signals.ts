import type { Withdrawal, WithdrawalAccount } from "@jengafund/shared";
import { formatDistanceStrict } from "date-fns";
import { formatKes } from "../../../lib/format";

/** An account younger than this is called new beside its payout. */
export const NEW_ACCOUNT_DAYS = 30;
const DAY_MS = 24 * 3_600_000;

/** One signal: its words (the meaning never rests on colour) and whether it asks for a closer look. */
export interface AccountSignal {
  key: string;
  text: string;
  notable: boolean;
}

/** What the admin deciding a payout should weigh about the account (design.md §12.2), as sentences. */
export function accountSignals(account: WithdrawalAccount, now: Date): AccountSignal[] {
  const age = formatDistanceStrict(new Date(account.createdAt), now);
  const young = now.getTime() - Date.parse(account.createdAt) < NEW_ACCOUNT_DAYS * DAY_MS;
  const signals: AccountSignal[] = [
    { key: "age", text: young ? `New account: ${age} old` : `Account ${age} old`, notable: young },
  ];
  const change = account.recentSecurityChange;
  if (change) {
    const what = change.kind === "password" ? "Password reset" : "2FA changed";
    signals.push({
      key: "security",
      text: `${what} ${formatDistanceStrict(new Date(change.at), now, { addSuffix: true })}`,
      notable: true,
    });
  }
  const { count, amount } = account.adminCredits30d;
  signals.push(
    count > 0
      ? {
          key: "credits",
          text: `Admin credits in 30 days: ${count} (${formatKes(amount)})`,
          notable: true,
        }
      : { key: "credits", text: "No admin credits in 30 days", notable: false },
  );
  return signals;
}

/** Whether the payout goes to the account's registered number; unknown without the account. */
export function paysRegisteredNumber(withdrawal: Withdrawal): boolean | undefined {
  const registered = withdrawal.account?.registeredPhoneNumber;
  return registered === undefined ? undefined : registered === withdrawal.phoneNumber;
}
