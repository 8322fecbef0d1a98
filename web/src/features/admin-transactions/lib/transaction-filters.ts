/** The list's filters; an empty string means "any". */
export interface TransactionFilters {
  type: string;
  status: string;
  search: string;
}

/** The ledger line types of spec §3, and capital back at maturity (design.md §13.6), with their display names. */
export const transactionTypes = [
  { value: "deposit", label: "Deposit" },
  { value: "withdrawal", label: "Withdrawal" },
  { value: "investment", label: "Investment" },
  { value: "reward", label: "Reward" },
  { value: "referral", label: "Referral" },
  { value: "trial", label: "Trial Bonus" },
  { value: "adjustment", label: "Adjustment" },
  { value: "capital", label: "Capital Returned" },
] as const;

export const typeOptions = [{ value: "", label: "All Types" }, ...transactionTypes] as const;

/** The display name of a type; a type added on the server later shows as it is named there. */
export function typeLabel(type: string): string {
  return transactionTypes.find((known) => known.value === type)?.label ?? type;
}

export const statusOptions = [
  { value: "", label: "All Status" },
  { value: "completed", label: "Completed" },
  { value: "pending", label: "Pending" },
  { value: "failed", label: "Failed" },
  { value: "cancelled", label: "Cancelled" },
] as const;

export function hasActiveFilter({ type, status, search }: TransactionFilters): boolean {
  return type !== "" || status !== "" || search !== "";
}
