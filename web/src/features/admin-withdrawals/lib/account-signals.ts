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

/** What the admin deciding a payout should weigh about the account (design.md §12.2, §13.2), as sentences. */
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
  // Recent changes a thief with the password would make (design.md §13.2): the server sends them only while recent.
  if (account.newBrowserSignInAt) {
    signals.push({ key: "new-browser", text: "New-browser sign-in in the last 24 h", notable: true });
  }
  if (account.alertsChangedAt) {
    signals.push({ key: "alerts", text: "Alerts changed in the last 7 days", notable: true });
  }
  // A package's rate is money (design.md §13.1): what the account earned in rewards is weighed beside its payout.
  signals.push({
    key: "rewards",
    text: `Rewards in the last 30 days: ${formatKes(account.rewards30d)}`,
    notable: false,
  });
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

/** "First proven 3 hours ago": when the payout number became one (design.md §13.2); none for the registered number. */
export function firstProvenText(withdrawal: Withdrawal, now: Date): string | undefined {
  const at = withdrawal.account?.payoutNumberFirstProvenAt;
  return at ? `First proven ${formatDistanceStrict(new Date(at), now, { addSuffix: true })}` : undefined;
}
