/**
 * Charts' text alternative (issue 23): the one-line summary every chart carries, and the figures as a captioned table
 * behind "Show as table", formatted as the app formats money and days.
 */
import { ChakraProvider } from "@chakra-ui/react";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { describeDaily, describeTrend } from "../src/components/charts/chart-summary";
import { tableNote } from "../src/components/charts/chart-text-alternative";
import { TimeSeriesChart } from "../src/components/charts/time-series-chart";
import { system } from "../src/components/ui/system";

const days = ["2026-11-01", "2026-11-02", "2026-11-03"];

describe("chart summaries", () => {
  it("says which way a level went, from the first day to the last, in KES", () => {
    expect(describeTrend("Value", [1000, 1100, 1250], "kes")).toBe(
      "Value rose from KES 1,000.00 to KES 1,250.00 over 3 days",
    );
    expect(describeTrend("Value", [1250, 900.5], "kes")).toBe("Value fell from KES 1,250.00 to KES 900.50 over 2 days");
    expect(describeTrend("Value", [300, 300], "kes")).toBe("Value stayed at KES 300.00 over 2 days");
  });

  it("totals amounts per day and names the day with the most, or says there were none", () => {
    expect(describeDaily("Deposits", days, [0.1, 0.2, 1500], "kes")).toBe(
      "Deposits: KES 1,500.30 in total over 3 days, most on Nov 03, 2026 (KES 1,500.00)",
    );
    expect(describeDaily("New users", days, [2, 5, 1], "count")).toBe(
      "New users: 8 in total over 3 days, most on Nov 02, 2026 (5)",
    );
    expect(describeDaily("Payouts", days, [0, 0, 0], "kes")).toBe("Payouts: none over 3 days");
  });
});

describe("time series chart", () => {
  it("shows its summary, and its figures as a captioned table behind 'Show as table'", () => {
    render(
      <ChakraProvider value={system}>
        <TimeSeriesChart
          title="Portfolio value per day, last 3 days"
          days={days}
          unit="kes"
          summary={describeTrend("Value", [1000, 1100, 1250], "kes")}
          series={[
            { label: "Value", values: [1000, 1100, 1250], kind: "area", color: "brand.solid", fill: "brand.subtle" },
            { label: "Demo money", values: [1000, 700, 0], kind: "line", color: "gray.500", muted: true },
          ]}
        />
      </ChakraProvider>,
    );
    expect(screen.getByText("Value rose from KES 1,000.00 to KES 1,250.00 over 3 days")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();

    const disclosure = screen.getByRole("button", { name: "Show as table" });
    expect(disclosure.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(disclosure);
    expect(disclosure.getAttribute("aria-expanded")).toBe("true");
    expect(disclosure.textContent).toBe("Hide table");

    // Short enough for a 360 px phone: the year and the currency are said once, in the note that describes it.
    const table = screen.getByRole("table", { name: "Portfolio value per day, last 3 days" });
    const note = document.getElementById(table.getAttribute("aria-describedby") ?? "");
    expect(note?.textContent).toBe("Nov 01, 2026 to Nov 03, 2026, amounts in KES");
    expect(table.querySelector("caption")?.contains(note)).toBe(true);
    const rows = within(table).getAllByRole("row");
    expect(rows.map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent))).toEqual([
      ["Day", "Value", "Demo money"],
      ["Nov 01", "1,000.00", "1,000.00"],
      ["Nov 02", "1,100.00", "700.00"],
      ["Nov 03", "1,250.00", "0.00"],
    ]);

    fireEvent.click(disclosure);
    expect(screen.queryByRole("table")).toBeNull();
  });
});

describe("chart table note", () => {
  it("gives the days' span with their years, and says amounts are in KES only when some column is money", () => {
    expect(tableNote(["2026-12-30", "2026-12-31", "2027-01-01"], ["kes", "count"])).toBe(
      "Dec 30, 2026 to Jan 01, 2027, amounts in KES",
    );
    expect(tableNote(["2026-11-01", "2026-11-02"], ["count"])).toBe("Nov 01, 2026 to Nov 02, 2026");
  });
});
