import { HStack } from "@chakra-ui/react";
import type { ComponentType } from "react";
import { BanIcon, CheckCircleIcon, ClockIcon, DotIcon, XCircleIcon } from "../../../components/ui/icons";
import { StatusBadge } from "../../../components/ui/status-badge";

const looks: Record<string, { color: string; Icon: ComponentType }> = {
  completed: { color: "green.fg", Icon: CheckCircleIcon },
  pending: { color: "orange.fg", Icon: ClockIcon },
  failed: { color: "red.fg", Icon: XCircleIcon },
  cancelled: { color: "fg.muted", Icon: BanIcon },
};

export function TransactionStatus({ status }: { status: string }) {
  const { color, Icon } = looks[status] ?? { color: "fg.muted", Icon: DotIcon };
  return (
    <HStack gap="1.5" color={color}>
      <Icon />
      <StatusBadge status={status} />
    </HStack>
  );
}
