import { describe, expect, it } from "vitest";
import { decideCaller, networkOf, viewerIp } from "../src/kernel/caller.js";
import { gatewayEvent } from "./support/events.js";

const ORIGIN_SECRET = "b7Qx2m9LcR4tW8zK1nV6yP3sD5fG0hJa";
const EDGE = "130.176.212.13";
const VIEWER = "196.201.214.200";

/** What API Gateway hands the function for a request CloudFront forwarded (design.md §9). */
function throughCloudFront(headers: Record<string, string>) {
  return gatewayEvent("login-user", {
    sourceIp: EDGE,
    headers: {
      via: "2.0 4f1c2a.cloudfront.net (CloudFront)",
      "x-amz-cf-id": "Zk3P0r4nd0mCl0udFr0nt1d==",
      "x-forwarded-for": `${VIEWER}, ${EDGE}`,
      ...headers,
    },
  });
}

describe("the caller's address when deployed behind CloudFront", () => {
  it("takes the viewer's address from CloudFront-Viewer-Address on a request carrying the origin secret", () => {
    const event = throughCloudFront({
      "x-origin-verify": ORIGIN_SECRET,
      "cloudfront-viewer-address": `${VIEWER}:46532`,
    });
    expect(decideCaller(event, ORIGIN_SECRET)).toEqual({ allowed: true, ip: VIEWER });
  });

  it("reads an IPv6 viewer address, whose port follows the last colon", () => {
    const event = throughCloudFront({
      "x-origin-verify": ORIGIN_SECRET,
      "cloudfront-viewer-address": "2001:db8:85a3::8a2e:370:7334:443",
    });
    expect(decideCaller(event, ORIGIN_SECRET)).toEqual({ allowed: true, ip: "2001:db8:85a3::8a2e:370:7334" });
  });

  it("falls back to the socket address when CloudFront-Viewer-Address is missing or not an address", () => {
    for (const value of [undefined, "not-an-address", "196.201.214.200", "300.1.1.1:443"]) {
      const event = throughCloudFront({
        "x-origin-verify": ORIGIN_SECRET,
        ...(value ? { "cloudfront-viewer-address": value } : {}),
      });
      expect(decideCaller(event, ORIGIN_SECRET)).toEqual({ allowed: true, ip: EDGE });
    }
  });

  it("refuses a request straight to the execute-api endpoint, whatever viewer headers it forges", () => {
    const forged = gatewayEvent("login-user", {
      sourceIp: "203.0.113.50",
      headers: { "cloudfront-viewer-address": `${VIEWER}:443`, "x-forwarded-for": VIEWER },
    });
    expect(decideCaller(forged, ORIGIN_SECRET)).toEqual({ allowed: false });
  });

  it("refuses a wrong or truncated origin secret", () => {
    for (const guess of ["wrong", ORIGIN_SECRET.slice(0, -1), `${ORIGIN_SECRET}x`, ORIGIN_SECRET.toLowerCase()]) {
      const event = throughCloudFront({ "x-origin-verify": guess, "cloudfront-viewer-address": `${VIEWER}:443` });
      expect(decideCaller(event, ORIGIN_SECRET)).toEqual({ allowed: false });
    }
  });

  it("finds the origin header whatever its case", () => {
    const event = throughCloudFront({ "X-Origin-Verify": ORIGIN_SECRET, "CloudFront-Viewer-Address": `${VIEWER}:1` });
    expect(decideCaller(event, ORIGIN_SECRET)).toEqual({ allowed: true, ip: VIEWER });
  });
});

describe("the caller's address locally (no origin secret)", () => {
  it("is the socket address", () => {
    expect(decideCaller(gatewayEvent("login-user", { sourceIp: "127.0.0.1" }), undefined)).toEqual({
      allowed: true,
      ip: "127.0.0.1",
    });
  });

  it("ignores forged X-Forwarded-For and CloudFront-Viewer-Address headers", () => {
    const event = gatewayEvent("login-user", {
      sourceIp: "127.0.0.1",
      headers: { "x-forwarded-for": VIEWER, "cloudfront-viewer-address": `${VIEWER}:443` },
    });
    expect(decideCaller(event, undefined)).toEqual({ allowed: true, ip: "127.0.0.1" });
  });
});

describe("viewerIp", () => {
  it.each([
    ["198.51.100.7:46532", "198.51.100.7"],
    ["[2001:db8::1]:443", "2001:db8::1"],
    ["::ffff:198.51.100.7:80", "198.51.100.7"],
    ["198.51.100.7", null],
    [":443", null],
    ["198.51.100.7:port", null],
  ])("reads %s as %s", (value, ip) => {
    expect(viewerIp(value)).toBe(ip);
  });
});

describe("networkOf: the key an address-keyed limit counts a caller by (design.md §13.4)", () => {
  it("keeps an IPv4 address (also one written as IPv4-mapped IPv6) as it is", () => {
    expect(networkOf("196.201.214.200")).toBe("196.201.214.200");
    expect(networkOf("::ffff:196.201.214.200")).toBe("196.201.214.200");
  });

  it("counts an IPv6 address by its /64, however it is written", () => {
    const network = "2001:0db8:0000:00a1::/64";
    for (const address of [
      "2001:db8:0:a1::1",
      "2001:DB8::A1:ffff:ffff:ffff:ffff",
      "2001:db8:0:a1:1:2:3:4",
      "2001:db8:0:a1::",
    ]) {
      expect(networkOf(address)).toBe(network);
    }
    expect(networkOf("2001:db8:0:a2::1")).not.toBe(network);
    expect(networkOf("::1")).toBe("0000:0000:0000:0000::/64");
    expect(networkOf("2001:db8::")).toBe("2001:0db8:0000:0000::/64");
    expect(networkOf("64:ff9b::196.201.214.200")).toBe("0064:ff9b:0000:0000::/64");
  });

  it("leaves what is not an address as it is", () => {
    expect(networkOf("unknown")).toBe("unknown");
  });
});
