import { Link, SimpleGrid, Stat } from "@chakra-ui/react";
import type { AdminStats } from "@jengafund/shared";
import { Link as RouterLink } from "react-router-dom";
import { paths } from "../../../config/paths";
import { formatKes } from "../../../lib/format";

const countFormat = new Intl.NumberFormat("en-KE");

function deposits(count: number): string {
  return `${countFormat.format(count)} ${count === 1 ? "deposit" : "deposits"}`;
}

/**
 * A card's help line is a second `dd` of its figure (Chakra's help text is a span, which a `dl` may not hold).
 *
 * How the money came in (issue 21): completed deposits by STK prompt and by Paybill, and the Paybill payments still
 * waiting for an admin, which open their tab. Beside the eight figures, which stay as the spec has them.
 */
export function DepositChannels({ stats }: { stats: AdminStats }) {
  // An API from before the Paybill figures answers without them: the spec's figures still show.
  if (!stats.depositsByChannel) return null;
  const { stk, paybill } = stats.depositsByChannel;
  return (
    <SimpleGrid as="section" aria-label="Deposits by channel" columns={{ base: 1, sm: 3 }} gap="3">
      <ChannelCard label="STK Push Deposits" value={formatKes(stk.amount)} help={deposits(stk.count)} />
      <ChannelCard label="Paybill Deposits" value={formatKes(paybill.amount)} help={deposits(paybill.count)} />
      <Stat.Root borderWidth="1px" borderRadius="lg" bg="bg" p="4" minW="0">
        <Stat.Label>Unmatched Payments</Stat.Label>
        <Stat.ValueText fontSize={{ base: "lg", md: "xl" }}>
          {countFormat.format(stats.unmatchedPayments)}
        </Stat.ValueText>
        <Stat.HelpText as="dd">
          <Link asChild color="brand.fg" textDecoration="underline">
            <RouterLink to={paths.admin.unmatchedPayments}>Review unmatched payments</RouterLink>
          </Link>
        </Stat.HelpText>
      </Stat.Root>
    </SimpleGrid>
  );
}

function ChannelCard({ label, value, help }: { label: string; value: string; help: string }) {
  return (
    <Stat.Root borderWidth="1px" borderRadius="lg" bg="bg" p="4" minW="0">
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText fontSize={{ base: "lg", md: "xl" }} overflowWrap="anywhere">
        {value}
      </Stat.ValueText>
      <Stat.HelpText as="dd">{help}</Stat.HelpText>
    </Stat.Root>
  );
}
