import { Button, Dialog, HStack, Input, NativeSelect, Stack, Tabs, Text } from "@chakra-ui/react";
import { useState } from "react";
import { ActionTile } from "../../../components/ui/action-tile";
import { DialogFrame } from "../../../components/ui/dialog-frame";
import { FormField } from "../../../components/ui/form-field";
import { DownloadIcon } from "../../../components/ui/icons";
import { errorMessage } from "../../../lib/api-client";
import { downloadFile } from "../../../lib/download-file";
import { nairobiDay } from "../../../lib/format";
import { downloadStatement } from "../api/download-statement";
import {
  MAX_STATEMENT_DAYS,
  monthPeriod,
  rangeProblem,
  recentMonths,
  type StatementPeriod,
  statementFileName,
} from "../lib/statement-period";

type Format = "pdf" | "csv";

/** The Statement tile of Account → Quick Actions and the dialog it opens. */
export function StatementDialog() {
  return (
    <Dialog.Root size="md" placement="center" lazyMount unmountOnExit>
      <Dialog.Trigger asChild>
        <ActionTile
          icon={<DownloadIcon boxSize="6" color="brand.fg" />}
          title="Statement"
          description="Your account statement as PDF or CSV"
        />
      </Dialog.Trigger>
      <DialogFrame title="Statement">
        <StatementForm />
      </DialogFrame>
    </Dialog.Root>
  );
}

/**
 * A month (this one by default) or a range of up to 366 days, then the file. The figures are the server's, from the
 * ledger; the dialog only chooses the period. A refused period says why on its field.
 */
function StatementForm() {
  const today = nairobiDay(new Date());
  return (
    <Dialog.Body pb="6">
      <Tabs.Root defaultValue="month" variant="line" fitted lazyMount unmountOnExit>
        <Tabs.List>
          <Tabs.Trigger value="month">A month</Tabs.Trigger>
          <Tabs.Trigger value="range">Custom range</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="month">
          <MonthChoice today={today} />
        </Tabs.Content>
        <Tabs.Content value="range">
          <RangeChoice today={today} />
        </Tabs.Content>
      </Tabs.Root>
    </Dialog.Body>
  );
}

function MonthChoice({ today }: { today: string }) {
  const months = recentMonths(today);
  const [month, setMonth] = useState(months[0]?.value ?? today.slice(0, 7));
  const download = useStatementDownload();
  return (
    <Stack gap="4">
      <FormField label="Month" error={download.error}>
        <NativeSelect.Root>
          <NativeSelect.Field value={month} onChange={(event) => setMonth(event.currentTarget.value)}>
            {months.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <DownloadButtons download={download} period={() => monthPeriod(month, today)} />
    </Stack>
  );
}

function RangeChoice({ today }: { today: string }) {
  const [from, setFrom] = useState(`${today.slice(0, 7)}-01`);
  const [to, setTo] = useState(today);
  const download = useStatementDownload();
  return (
    <Stack gap="4">
      <FormField label="From">
        <Input type="date" value={from} max={today} onChange={(event) => setFrom(event.currentTarget.value)} />
      </FormField>
      <FormField label="To" error={download.error} helper={`Up to ${MAX_STATEMENT_DAYS} days`}>
        <Input type="date" value={to} max={today} onChange={(event) => setTo(event.currentTarget.value)} />
      </FormField>
      <DownloadButtons
        download={download}
        period={() => ({ from, to })}
        problem={() => rangeProblem({ from, to }, today)}
      />
    </Stack>
  );
}

interface StatementDownload {
  error?: string;
  preparing?: Format;
  start: (period: StatementPeriod, format: Format, problem?: string) => Promise<void>;
}

/** One download at a time; what went wrong (the range's rule, or the server's refusal) is kept for the field. */
function useStatementDownload(): StatementDownload {
  const [error, setError] = useState<string>();
  const [preparing, setPreparing] = useState<Format>();
  async function start(period: StatementPeriod, format: Format, problem?: string) {
    setError(problem);
    if (problem || preparing) return;
    setPreparing(format);
    try {
      const file = await downloadStatement(period, format);
      downloadFile(file, statementFileName(period, format));
    } catch (failure) {
      setError(errorMessage(failure, "Failed to prepare your statement"));
    } finally {
      setPreparing(undefined);
    }
  }
  return { error, preparing, start };
}

function DownloadButtons({
  download,
  period,
  problem = () => undefined,
}: {
  download: StatementDownload;
  period: () => StatementPeriod;
  problem?: () => string | undefined;
}) {
  const button = (format: Format, label: string) => (
    <Button
      variant={format === "pdf" ? "solid" : "outline"}
      onClick={() => void download.start(period(), format, problem())}
      loading={download.preparing === format}
      loadingText={`Preparing ${format.toUpperCase()}`}
      disabled={download.preparing !== undefined}
    >
      {label}
    </Button>
  );
  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        Every movement of your wallet with its running balance, from the opening to the closing balance. Demo money is
        shown apart in the PDF.
      </Text>
      <HStack justify="flex-end" flexWrap="wrap" gap="2">
        {button("csv", "Download CSV")}
        {button("pdf", "Download PDF")}
      </HStack>
    </Stack>
  );
}
