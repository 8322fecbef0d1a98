import { ChakraProvider } from "@chakra-ui/react";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LastUpdated, lastUpdatedText } from "../src/components/ui/last-updated";
import { system } from "../src/components/ui/system";
import { isRestored } from "../src/lib/last-known";

const renderMark = (at: number) =>
  render(
    <ChakraProvider value={system}>
      <LastUpdated at={at} />
    </ChakraProvider>,
  );

describe('"Updated HH:mm" on a last-known figure (issue 24)', () => {
  it("says the time of day, 24-hour, in the device's own time, for an answer read today", () => {
    const now = new Date(2026, 10, 26, 18, 0);
    expect(lastUpdatedText(new Date(2026, 10, 26, 14, 5).getTime(), now)).toBe("Updated 14:05");
    expect(lastUpdatedText(new Date(2026, 10, 26, 9, 7).getTime(), now)).toBe("Updated 09:07");
  });

  it("adds the day for an answer read on another day", () => {
    const now = new Date(2026, 10, 26, 8, 0);
    expect(lastUpdatedText(new Date(2026, 10, 25, 23, 59).getTime(), now)).toBe("Updated Nov 25, 23:59");
    expect(lastUpdatedText(new Date(2026, 0, 5, 7, 30).getTime(), now)).toBe("Updated Jan 05, 07:30");
  });

  it("shows only for an answer older than this page load: kept on the device, not read by this page", () => {
    const before = performance.timeOrigin - 60_000;
    expect(isRestored(before)).toBe(true);
    expect(isRestored(Date.now())).toBe(false);
    expect(isRestored(0)).toBe(false);

    const { unmount } = renderMark(before);
    expect(screen.getByText(/^Updated \d\d:\d\d$/)).toBeTruthy();
    unmount();
    renderMark(Date.now());
    expect(screen.queryByText(/^Updated/)).toBeNull();
  });
});
