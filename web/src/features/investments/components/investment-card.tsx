import { Badge, Button, Card, Flex, HStack, Image, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import type { Investment } from "@jengafund/shared";
import { formatKes, formatNairobiDate, formatSignedKes, formatSignedPercent } from "../../../lib/format";
import { toast } from "../../../lib/toast/toast";
import { useOneAtATime } from "../../../lib/use-one-at-a-time";
import { useClaimReward } from "../hooks/use-claim-reward";
import { daysHeld, isClaimableToday, maturityProgress, nextClaimNote, profitOf } from "../lib/investment-status";
import { MaturityProgress } from "./maturity-progress";

interface InvestmentCardProps {
  investment: Investment;
  now: Date;
}

export function InvestmentCard({ investment, now }: InvestmentCardProps) {
  const claim = useClaimReward();
  // A double tap claims once and says so once: the second tap finds the claim on its way and does nothing.
  const claiming = useOneAtATime((investmentId: string) => claim.mutateAsync(investmentId));
  const matured = investment.maturedAt !== undefined;
  const claimable = !matured && isClaimableToday(investment.lastClaimDate, now);
  const held = daysHeld(investment.purchaseDate, now);
  const profit = profitOf(investment);
  const profitColor = profit.amount > 0 ? "green.fg" : profit.amount < 0 ? "red.fg" : "fg";

  return (
    <Card.Root as="article" h="full" bg="bg" aria-label={investment.package.name}>
      <Card.Body gap="4">
        <Flex gap="3" align="start">
          <Image
            src={investment.package.image}
            alt=""
            width="64"
            height="32"
            w="16"
            h="8"
            borderRadius="sm"
            flexShrink="0"
          />
          <Stack gap="0" flex="1" minW="0">
            <Text fontWeight="semibold">{investment.package.name}</Text>
            <Text fontSize="sm" color="fg.muted">
              {investment.package.company} · held {held} {held === 1 ? "day" : "days"}
            </Text>
          </Stack>
        </Flex>
        <HStack gap="2" wrap="wrap">
          {investment.isTrialInvestment && (
            <Badge colorPalette="orange" variant="subtle">
              Trial
            </Badge>
          )}
          {matured ? (
            <Badge colorPalette="blue" variant="solid">
              Matured
            </Badge>
          ) : claimable ? (
            <Badge colorPalette="green" variant="solid">
              Claimable Today
            </Badge>
          ) : (
            <Badge colorPalette="gray" variant="subtle">
              Already Claimed
            </Badge>
          )}
          <Text fontSize="sm" color="fg.muted">
            {formatKes(investment.dailyReward)} per day
          </Text>
        </HStack>
        {!matured && !claimable && (
          <Text fontSize="sm" color="fg.muted" data-testid="next-claim">
            {nextClaimNote(now, investment.maturityDate)}
          </Text>
        )}
        <SimpleGrid columns={2} gap="3">
          <Figure label="Invested" value={formatKes(investment.amount)} />
          <Figure label="Current Value" value={formatKes(investment.currentValue)} />
          <Figure label="Total Rewards" value={formatKes(investment.totalRewardsClaimed)} />
          <Figure
            label="Profit/Loss"
            value={`${formatSignedKes(profit.amount)} (${formatSignedPercent(profit.percent)})`}
            color={profitColor}
          />
        </SimpleGrid>
        <RewardsNote investment={investment} />
        <MaturityProgress
          percent={maturityProgress(investment.purchaseDate, investment.maturityDate, now)}
          start={investment.purchaseDate}
          maturity={investment.maturityDate}
        />
        <CapitalNote investment={investment} />
      </Card.Body>
      <Card.Footer gap="3">
        <Button
          flex="1"
          onClick={() => claiming.run(investment._id)}
          loading={claiming.busy}
          loadingText="Claiming"
          disabled={!claimable || claiming.offline}
        >
          Claim Reward
        </Button>
        <Button
          flex="1"
          variant="outline"
          onClick={() =>
            toast.info(
              matured
                ? `This investment has matured: its capital is back in your ${balanceName(investment)}.`
                : "Investment withdrawals are handled by our admins while final payments of proposals are awaited.",
            )
          }
        >
          Withdraw
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}

function Figure({ label, value, color = "fg" }: { label: string; value: string; color?: string }) {
  return (
    <Stack gap="0" minW="0">
      <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {label}
      </Text>
      <Text fontWeight="semibold" color={color} overflowWrap="anywhere">
        {value}
      </Text>
    </Stack>
  );
}

/**
 * A claim pays the reward into the balance at once, and Current Value counts it too (amount + claimed rewards), so
 * the card says where that money already is: without this it reads as if the reward were counted twice.
 */
function RewardsNote({ investment }: { investment: Investment }) {
  const balance = balanceName(investment);
  return (
    <Text fontSize="sm" color="fg.muted" bg="bg.muted" borderRadius="md" px="3" py="2">
      {investment.totalRewardsClaimed > 0
        ? `Current Value includes the ${formatKes(investment.totalRewardsClaimed)} of rewards you claimed. That money is already in your ${balance}, not extra on top of it.`
        : `Each reward you claim is paid straight into your ${balance}.`}
    </Text>
  );
}

/** The balance an investment was bought with: its rewards and, at maturity, its capital go back there. */
const balanceName = (investment: Investment) => (investment.isTrialInvestment ? "trial balance" : "wallet balance");

/**
 * Where the capital goes (design.md §13.6): back to the balance it came from on the maturity day (Nairobi), by itself;
 * once there, when it came back.
 */
function CapitalNote({ investment }: { investment: Investment }) {
  return (
    <Text fontSize="sm" data-testid="capital-back">
      {investment.maturedAt ? (
        <>
          <Text as="span" fontWeight="semibold">
            Capital returned on {formatNairobiDate(investment.maturedAt)}
          </Text>
          : {formatKes(investment.amount)} is back in your {balanceName(investment)}.
        </>
      ) : (
        <>
          <Text as="span" fontWeight="semibold">
            Capital back on {formatNairobiDate(investment.maturityDate)}
          </Text>
          : {formatKes(investment.amount)} returns to your {balanceName(investment)} that day.
        </>
      )}
    </Text>
  );
}
