import { Badge, Box, Button, Container, Flex, Group, HStack, Stack, Text } from "@chakra-ui/react";
import { formatKes, type User } from "@jengafund/shared";
import type { ReactNode } from "react";
import { Link as RouterLink, useLocation } from "react-router-dom";
import { paths } from "../../config/paths";
import { homePath } from "../../lib/auth/home-path";
import { useAuth } from "../../lib/auth/use-auth";
import { useBalanceToastsFollow } from "../../lib/toast/balance-toasts";
import { HomeIcon } from "../ui/icons";
import { LastUpdated } from "../ui/last-updated";
import { OfflineBanner } from "./offline-banner";

interface AppFrameProps {
  deposit: ReactNode;
  /** The account's identity status beside the name (design.md §13.5). */
  identity?: ReactNode;
  children: ReactNode;
}

/**
 * The shared page frame of spec §2 for signed-in pages. The Deposit control and the identity status come in through
 * `deposit` and `identity` because they belong to features, and shared layout never imports features.
 */
export function AppFrame({ deposit, identity, children }: AppFrameProps) {
  const { user, userUpdatedAt, logout } = useAuth();
  if (!user) return null;

  return (
    <Box minH="100vh">
      <OfflineBanner />
      <Box as="header" bg="bg" borderBottomWidth="1px" shadow="xs">
        <Container maxW="6xl" py="3">
          {/* One row on wide screens. On a phone: home and name, then the actions, then the admin switch. */}
          <Flex wrap="wrap" align="center" columnGap="3" rowGap="2">
            <Button asChild variant="ghost" px="2" aria-label="Home">
              <RouterLink to={homePath(user)}>
                <HomeIcon boxSize="5" />
                <Box as="span" hideBelow="sm">
                  Home
                </Box>
              </RouterLink>
            </Button>
            <Stack gap="0" flex="1" minW="48">
              <HStack gap="2" minW="0">
                <Text fontWeight="semibold" lineClamp={1}>
                  {user.firstName} {user.lastName}
                </Text>
                {identity}
              </HStack>
              <Balance user={user} updatedAt={userUpdatedAt} />
            </Stack>
            {user.role === "admin" && <AreaSwitch />}
            <HStack gap="2" ms="auto">
              {deposit}
              <Button variant="outline" onClick={logout}>
                Logout
              </Button>
            </HStack>
          </Flex>
        </Container>
      </Box>
      <Container as="main" maxW="6xl" py="6">
        {children}
      </Container>
    </Box>
  );
}

/**
 * The spec's single balance: trial money with a Trial badge for a trial account, real money otherwise. Once an
 * account is active, what is left of its trial money follows as "+ KES … demo" (design.md §12.7), never added in;
 * a trial account's balance already is its trial money, so it is not said twice. A balance restored from this
 * device's last-known data says when it was read ("Updated HH:mm") until the fresh one lands.
 */
function Balance({ user, updatedAt }: { user: User; updatedAt: number }) {
  useBalanceToastsFollow(user.walletBalance);
  const trial = user.isTrialAccount;
  const demo = !trial && user.trialBalance > 0 ? user.trialBalance : 0;
  return (
    <HStack gap="2" rowGap="0" wrap="wrap">
      <Text as="span" color="fg.muted" fontSize="sm">
        Balance:
      </Text>
      <Text as="span" fontWeight="bold" color="brand.fg">
        {formatKes(trial ? user.trialBalance : user.walletBalance)}
      </Text>
      {trial && (
        <Badge colorPalette="orange" variant="subtle">
          Trial
        </Badge>
      )}
      {demo > 0 && (
        <Text as="span" color="fg.muted" fontSize="xs" whiteSpace="nowrap" data-testid="header-demo-balance">
          + {formatKes(demo)} demo
        </Text>
      )}
      <LastUpdated at={updatedAt} />
    </HStack>
  );
}

/** Lets an admin move between their investor view and the admin panel. */
function AreaSwitch() {
  const { pathname } = useLocation();
  const inAdmin = pathname.startsWith(paths.admin.root);
  const sides = [
    { label: "User View", to: paths.dashboard.root, active: !inAdmin },
    { label: "Admin Panel", to: paths.admin.root, active: inAdmin },
  ];
  return (
    <Group attached role="group" aria-label="Switch area" order={{ base: 1, md: 0 }} w={{ base: "full", md: "auto" }}>
      {sides.map((side) => (
        <Button key={side.label} asChild size="sm" flex="1" variant={side.active ? "solid" : "outline"}>
          <RouterLink to={side.to} aria-current={side.active ? "page" : undefined}>
            {side.label}
          </RouterLink>
        </Button>
      ))}
    </Group>
  );
}
