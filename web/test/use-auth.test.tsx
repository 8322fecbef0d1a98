import { renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useAuth } from "../src/lib/auth/use-auth";

describe("useAuth", () => {
  it("raises an error outside its provider (spec §8)", () => {
    // React reports the thrown render error on the console; keep the test output clean.
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => renderHook(() => useAuth())).toThrow("useAuth must be used within an AuthProvider");
  });
});
