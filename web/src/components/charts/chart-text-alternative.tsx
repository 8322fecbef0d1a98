import { Box, Button, Stack, Table, Text } from "@chakra-ui/react";
import { formatAmount } from "@jengafund/shared";
import { useId, useState } from "react";
import { formatDay, formatShortDay } from "../../lib/format";
import { type ChartUnit, formatFigure } from "./chart-summary";

export interface ChartColumn {
  label: string;
  values: readonly number[];
  unit: ChartUnit;
}

interface ChartTextAlternativeProps {
  /** The chart's one-line reading, always shown; the canvas points at it. */
  summaryId: string;
  summary: string;
  caption: string;
  days: readonly string[];
  columns: readonly ChartColumn[];
}

/** A cell's figure: money without its "KES", which the note states once for the whole table. */
const cellFigure = (value: number, unit: ChartUnit) =>
  unit === "kes" ? formatAmount(value) : formatFigure(value, unit);

/** "Nov 04, 2026 to Dec 03, 2026, amounts in KES": what the short cells leave out. */
export function tableNote(days: readonly string[], units: readonly ChartUnit[]): string {
  const first = days[0];
  const last = days[days.length - 1];
  const span = first && last ? `${formatDay(first)} to ${formatDay(last)}` : "";
  const money = units.includes("kes") ? "amounts in KES" : "";
  return [span, money].filter(Boolean).join(", ");
}

/**
 * What a chart says, for those who cannot see it or would rather read: a one-line summary, and every figure in a
 * captioned table behind a "Show as table" disclosure (a day per row, oldest first, as the chart draws them). The
 * table fits a 360 px phone: days without their year and amounts without "KES" (a note under the caption says both
 * once), small cells, headers that wrap. Wider figures than that still scroll inside the table's own box.
 */
export function ChartTextAlternative({ summaryId, summary, caption, days, columns }: ChartTextAlternativeProps) {
  const [open, setOpen] = useState(false);
  const tableId = useId();
  const noteId = useId();
  const cellPadding = { px: { base: "1.5", sm: "2" } } as const;
  return (
    <Stack gap="2">
      <Text id={summaryId} fontSize="sm" color="fg.muted">
        {summary}
      </Text>
      <Box>
        <Button
          size="xs"
          variant="ghost"
          aria-expanded={open}
          aria-controls={tableId}
          onClick={() => setOpen((shown) => !shown)}
        >
          {open ? "Hide table" : "Show as table"}
        </Button>
      </Box>
      <Box
        id={tableId}
        hidden={!open}
        overflowX="auto"
        maxH="80"
        overflowY="auto"
        // A scrolling region is reached by keyboard too, and says what it holds.
        {...(open ? { tabIndex: 0, role: "region", "aria-label": caption } : {})}
      >
        {open && (
          // Named by the caption's title alone; the note under it describes the table.
          <Table.Root
            size="sm"
            variant="line"
            textStyle={{ base: "xs", sm: "sm" }}
            aria-label={caption}
            aria-describedby={noteId}
          >
            <Table.Caption captionSide="top" textAlign="start" mb="2">
              {caption}
              <Text as="span" id={noteId} display="block" color="fg.muted" fontWeight="normal">
                {tableNote(
                  days,
                  columns.map((column) => column.unit),
                )}
              </Text>
            </Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader scope="col" {...cellPadding}>
                  Day
                </Table.ColumnHeader>
                {columns.map((column) => (
                  <Table.ColumnHeader key={column.label} scope="col" textAlign="end" {...cellPadding}>
                    {column.label}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {days.map((day, index) => (
                <Table.Row key={day}>
                  <Table.Cell whiteSpace="nowrap" {...cellPadding}>
                    {formatShortDay(day)}
                  </Table.Cell>
                  {columns.map((column) => (
                    <Table.Cell key={column.label} textAlign="end" whiteSpace="nowrap" {...cellPadding}>
                      {cellFigure(column.values[index] ?? 0, column.unit)}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Box>
    </Stack>
  );
}
