import { SimpleGrid } from "@chakra-ui/react";
import type { AdminStats } from "@jengafund/shared";
import { StatCard } from "../../../components/ui/stat-card";
import { formatKes } from "../../../lib/format";

const countFormat = new Intl.NumberFormat("en-KE");

/** The spec's eight figures; the Paybill figures beside them have cards of their own (deposit-channels). */
type StatKey = Exclude<keyof AdminStats, "depositsByChannel" | "unmatchedPayments">;

const cards: readonly { key: StatKey; label: string }[] = [
  { key: "totalUsers", label: "Total Users" },
  { key: "newUsersToday", label: "New Users Today" },
  { key: "totalPackages", label: "Total Packages" },
  { key: "totalInvestments", label: "Total Investments" },
  { key: "activeInvestments", label: "Active Investments" },
  { key: "totalTransactions", label: "Total Transactions" },
  { key: "pendingWithdrawals", label: "Pending Withdrawals" },
  { key: "totalRevenue", label: "Total Revenue" },
];

/** The eight platform figures. */
export function PlatformStats({ stats }: { stats: AdminStats }) {
  return (
    <SimpleGrid as="section" aria-label="Platform statistics" columns={{ base: 2, md: 4 }} gap="3">
      {cards.map(({ key, label }) => (
        <StatCard key={key} label={label} value={display(key, stats[key])} />
      ))}
    </SimpleGrid>
  );
}

function display(key: StatKey, value: number): string {
  return key === "totalRevenue" ? formatKes(value) : countFormat.format(value);
}
