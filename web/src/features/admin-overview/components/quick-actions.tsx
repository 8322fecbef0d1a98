import { Button, Card, Heading, Stack } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { DownloadIcon, PackageIcon, UsersIcon, WalletIcon } from "../../../components/ui/icons";

const actions: readonly { label: string; icon: ReactNode }[] = [
  { label: "Add New Package", icon: <PackageIcon /> },
  { label: "Review Withdrawals", icon: <WalletIcon /> },
  { label: "Manage Users", icon: <UsersIcon /> },
  { label: "Export Report", icon: <DownloadIcon /> },
];

/** Shortcut buttons that spec §2 leaves without behaviour; the tabs above do the real work. */
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
          {actions.map(({ label, icon }) => (
            <Button key={label} variant="outline" justifyContent="start">
              {icon}
              {label}
            </Button>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
