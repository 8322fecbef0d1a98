import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { renderApp } from "./render-app";

describe("Terms of Service (design.md §12.7)", () => {
  beforeEach(() => localStorage.clear());

  it("is linked from the register form's terms checkbox, opening in a new tab, with the checkbox text kept", async () => {
    renderApp("/register");
    const checkbox = await screen.findByRole("checkbox", {
      name: "I agree to the Terms of Service and understand that investing carries risk",
    });
    expect(checkbox).toBeTruthy();
    const link = screen.getByRole("link", { name: "Terms of Service" });
    expect(link.getAttribute("href")).toBe("/terms");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
  });

  it("is a page of its own that says what the platform is not and what happens to the money", async () => {
    renderApp("/terms");
    expect(await screen.findByRole("heading", { level: 1, name: "Terms of Service" })).toBeTruthy();
    const section = (title: string) => within(screen.getByRole("region", { name: title }));

    expect(section("What JengaFund is, and what it is not").getByText(/JengaFund is not a bank/)).toBeTruthy();
    expect(section("What JengaFund is, and what it is not").getByText(/it is not\s+insured/)).toBeTruthy();
    expect(section("Trial money").getByText(/KES 1,000\.00 of trial money/)).toBeTruthy();
    expect(section("Trial money").getByText(/can never be\s+withdrawn/)).toBeTruthy();
    // The server's rule, by its own example: KES 1,000 at 1.3% a day is KES 13.00.
    expect(section("Packages and daily rewards").getByText(/pays\s+KES 13\.00 a day/)).toBeTruthy();
    // Both ways to pay in: the prompt and Paybill, with Paybill's limits and the check above KES 10,000.
    const deposits = section("Deposits");
    expect(deposits.getByText(/Lipa na M-PESA, Pay Bill/)).toBeTruthy();
    expect(deposits.getByText(/Pay with Paybill: from KES 1\.00 to\s+KES 250,000\.00 at a time/)).toBeTruthy();
    expect(deposits.getByText(/above KES 10,000\.00 is credited once M-Pesa's own\s+record/)).toBeTruthy();
    const maturity = section("What happens at maturity");
    expect(
      maturity.getByText(/the amount you invested is paid back automatically into the balance you bought it\s+with/),
    ).toBeTruthy();
    expect(maturity.getByText(/trial money that\s+comes back stays trial money/i)).toBeTruthy();
    expect(maturity.queryByText(/not paid back/)).toBeNull();
    expect(section("Withdrawals").getByText(/registered phone number or to a number you have completed/)).toBeTruthy();
    expect(section("Fees").getByText(/charges no fee/)).toBeTruthy();
    const contact = section("Contact us");
    expect(contact.getByRole("link", { name: "support@jengafund.example" }).getAttribute("href")).toBe(
      "mailto:support@jengafund.example",
    );
    expect(contact.getByRole("link", { name: "+254 700 000 000" })).toBeTruthy();
  });
});
