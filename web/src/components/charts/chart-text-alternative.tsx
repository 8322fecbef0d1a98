import { Box, Button, Stack, Table, Text } from "@chakra-ui/react";
import { useId, useState } from "react";
import { formatDay } from "../../lib/format";
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

/**
 * What a chart says, for those who cannot see it or would rather read: a one-line summary, and every figure in a
 * captioned table behind a "Show as table" disclosure (a day per row, oldest first, as the chart draws them).
 */
export function ChartTextAlternative({ summaryId, summary, caption, days, columns }: ChartTextAlternativeProps) {
  const [open, setOpen] = useState(false);
  const tableId = useId();
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
          <Table.Root size="sm" variant="line">
            <Table.Caption captionSide="top" textAlign="start" mb="2">
              {caption}
            </Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader scope="col">Day</Table.ColumnHeader>
                {columns.map((column) => (
                  <Table.ColumnHeader key={column.label} scope="col" textAlign="end">
                    {column.label}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {days.map((day, index) => (
                <Table.Row key={day}>
                  <Table.Cell whiteSpace="nowrap">{formatDay(day)}</Table.Cell>
                  {columns.map((column) => (
                    <Table.Cell key={column.label} textAlign="end" whiteSpace="nowrap">
                      {formatFigure(column.values[index] ?? 0, column.unit)}
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
