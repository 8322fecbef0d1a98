import { Grid, Stack } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { PanelHeader } from "../../../components/ui/panel-header";
import { useAuth } from "../../../lib/auth/use-auth";
import { AccountStatusCard } from "./account-status-card";
import { ProfileCard } from "./profile-card";
import { QuickActions } from "./quick-actions";
import { WalletCard } from "./wallet-card";

interface AccountPanelProps {
  /** The Deposit button with its Deposit Funds modal. */
  deposit: ReactNode;
  /** The Withdraw button with its withdrawal modal. */
  withdraw: ReactNode;
  /** The Transaction History tile with the dialog it opens. */
  history: ReactNode;
  /** The Statement tile with the dialog it opens. */
  statement: ReactNode;
  /** The Account Settings tile with the Notifications dialog it opens. */
  settings: ReactNode;
  /** The Identity card: the verification's status, Verify identity and "Download my data". */
  identity: ReactNode;
}

/** The controls that belong to other features arrive as slots, composed by the app, since features never import each other. */
export function AccountPanel({ deposit, withdraw, history, statement, settings, identity }: AccountPanelProps) {
  const { user } = useAuth();
  if (!user) return null;

  return (
    <Stack gap="6">
      <PanelHeader title="My Account" description="Your profile, wallet and account details." />
      <Grid templateColumns={{ base: "minmax(0, 1fr)", lg: "minmax(0, 3fr) minmax(0, 2fr)" }} gap="4">
        <ProfileCard user={user} />
        <Stack gap="4">
          <WalletCard user={user} deposit={deposit} withdraw={withdraw} />
          <AccountStatusCard user={user} />
          {identity}
        </Stack>
      </Grid>
      <QuickActions settings={settings} history={history} statement={statement} />
    </Stack>
  );
}
