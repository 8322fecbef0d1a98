import { Badge, Flex } from "@chakra-ui/react";
import type { ComponentType } from "react";
import {
  ArrowDownIcon,
  ArrowUpIcon,
  DotIcon,
  GiftIcon,
  SlidersIcon,
  SparklesIcon,
  TrendingUpIcon,
  UsersIcon,
  WalletIcon,
} from "../../../components/ui/icons";
import { typeLabel } from "../lib/transaction-filters";

const looks: Record<string, { palette: string; Icon: ComponentType }> = {
  deposit: { palette: "green", Icon: ArrowDownIcon },
  withdrawal: { palette: "purple", Icon: ArrowUpIcon },
  investment: { palette: "blue", Icon: TrendingUpIcon },
  reward: { palette: "teal", Icon: GiftIcon },
  referral: { palette: "pink", Icon: UsersIcon },
  trial: { palette: "orange", Icon: SparklesIcon },
  adjustment: { palette: "yellow", Icon: SlidersIcon },
  // Money in, like a deposit: an investment's capital back in its balance.
  capital: { palette: "green", Icon: WalletIcon },
};
/** Any other type gets the default look. */
const otherLook = { palette: "gray", Icon: DotIcon };

export function TransactionTypeIcon({ type }: { type: string }) {
  const { palette, Icon } = looks[type] ?? otherLook;
  return (
    <Flex
      flexShrink="0"
      boxSize="8"
      borderRadius="full"
      align="center"
      justify="center"
      bg={`${palette}.subtle`}
      color={`${palette}.fg`}
    >
      <Icon />
    </Flex>
  );
}

export function TransactionTypeBadge({ type }: { type: string }) {
  return (
    <Badge colorPalette={(looks[type] ?? otherLook).palette} variant="subtle">
      {typeLabel(type)}
    </Badge>
  );
}
