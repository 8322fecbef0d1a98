/**
 * The Africa's Talking SMS adapter (functions/src/notifications/africas-talking-sms.ts) over real HTTP, against a
 * server answering as the vendor's messaging API does: what it sends, and how each answer is classified — above all
 * that an answer lost after the request was written is "uncertain" (never retried) and a refused connection is
 * "transient" (nothing went).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmsSettings, sendSms } from "../src/adapters/africas-talking/sms.js";

type Reply = (req: IncomingMessage, res: ServerResponse, body: URLSearchParams) => void;
let reply: Reply;
const received: { headers: IncomingMessage["headers"]; path: string; body: URLSearchParams }[] = [];
let server: Server;
let settings: SmsSettings;

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const body = new URLSearchParams(raw);
      received.push({ headers: req.headers, path: req.url ?? "", body });
      reply(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  settings = { baseUrl: `http://127.0.0.1:${port}`, username: "sandbox", apiKey: "key-1", timeoutMs: 500 };
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const answer =
  (status: number, recipient: Record<string, unknown>): Reply =>
  (_req, res) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ SMSMessageData: { Message: "Sent to 1/1", Recipients: [recipient] } }));
  };

describe("Africa's Talking SMS adapter", () => {
  it("posts the form the API takes and reads a 101 as sent", async () => {
    reply = answer(201, { statusCode: 101, status: "Success", number: "+254712345678", messageId: "ATXid_1" });
    const outcome = await sendSms({ ...settings, senderId: "JENGAFUND" }, "254712345678", "JengaFund: hello");
    expect(outcome).toEqual({ kind: "sent", messageId: "ATXid_1" });
    const request = received.at(-1);
    expect(request?.path).toBe("/version1/messaging");
    expect(request?.headers.apikey).toBe("key-1");
    expect(request?.headers.accept).toBe("application/json");
    expect(Object.fromEntries(request?.body ?? [])).toEqual({
      username: "sandbox",
      to: "+254712345678",
      message: "JengaFund: hello",
      from: "JENGAFUND",
    });
  });

  it("reads a refused recipient or key as permanent and the vendor's own failure as transient", async () => {
    reply = answer(201, { statusCode: 406, status: "UserInBlacklist", number: "+254712345678" });
    expect(await sendSms(settings, "254712345678", "x")).toMatchObject({ kind: "permanent" });
    reply = (_req, res) => res.writeHead(401).end("The supplied authentication is invalid");
    expect(await sendSms(settings, "254712345678", "x")).toMatchObject({ kind: "permanent" });
    reply = answer(201, { statusCode: 500, status: "InternalServerError" });
    expect(await sendSms(settings, "254712345678", "x")).toMatchObject({ kind: "transient" });
    reply = (_req, res) => res.writeHead(503).end();
    expect(await sendSms(settings, "254712345678", "x")).toMatchObject({ kind: "transient" });
  });

  it("calls an answer lost after the request was written uncertain, and a refused connection transient", async () => {
    reply = () => {}; // Never answers: the request went, the answer did not come.
    expect(await sendSms(settings, "254712345678", "x")).toMatchObject({ kind: "uncertain" });
    reply = (req) => req.socket.destroy(); // The connection drops after the request was read.
    expect(await sendSms(settings, "254712345678", "x")).toMatchObject({ kind: "uncertain" });
    reply = answer(201, {}); // An answer that says nothing about the recipient.
    expect(await sendSms(settings, "254712345678", "x")).toMatchObject({ kind: "uncertain" });

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    expect(await sendSms({ ...settings, baseUrl: `http://127.0.0.1:${port}` }, "254712345678", "x")).toEqual({
      kind: "transient",
      reason: "ECONNREFUSED",
    });
  });
});
