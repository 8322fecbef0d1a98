import { Button, Card, Heading, Stack } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import { DownloadIcon, PackageIcon, UsersIcon, WalletIcon } from "../../../components/ui/icons";
import { paths } from "../../../config/paths";

/** `addPackage`: the packages tab opens its Add Package form on arrival (admin-packages-panel.tsx). */
const actions: readonly { label: string; icon: ReactNode; to: string; state?: { addPackage: true } }[] = [
  { label: "Add New Package", icon: <PackageIcon />, to: paths.admin.packages, state: { addPackage: true } },
  { label: "Review Withdrawals", icon: <WalletIcon />, to: paths.admin.withdrawals },
  { label: "Manage Users", icon: <UsersIcon />, to: paths.admin.users },
  { label: "Export Report", icon: <DownloadIcon />, to: paths.admin.transactions },
];

/**
 * Shortcuts to the tabs that do the work (spec §2 names the buttons, not what they do): a new package's form, the
 * withdrawals to review, the users, and the transactions table whose Export CSV is the report.
 */
export function QuickActions() {
  return (
    <Card.Root as="section" aria-labelledby="quick-actions-title" bg="bg">
      <Card.Header>
        <Heading as="h2" size="md" id="quick-actions-title">
          Quick Actions
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="2">
          {actions.map(({ label, icon, to, state }) => (
            <Button key={label} variant="outline" justifyContent="start" asChild>
              <RouterLink to={to} state={state}>
                {icon}
                {label}
              </RouterLink>
            </Button>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
