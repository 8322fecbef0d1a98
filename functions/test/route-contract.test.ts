import type { Investment, User } from "@jengafund/shared";
import { describe, expectTypeOf, it } from "vitest";
import { type HttpResult, httpHandler } from "../src/http/middleware.js";

const investment = {} as Investment;
const user = {} as User;

// Checked by `tsc` (functions/test is in the root tsconfig); the handlers below are declared, never invoked.
describe("handlers answer what the route contract says (shared/src/api/contract.ts)", () => {
  it("accepts the route's own status and body", () => {
    expectTypeOf<{ statusCode: 201; body: { investment: Investment; user: User } }>().toExtend<
      HttpResult<"buy-investment">
    >();
    expectTypeOf<{ body: { user: User } }>().toExtend<HttpResult<"get-current-user">>();
    expectTypeOf<{ text: string; headers: Record<string, string> }>().toExtend<
      HttpResult<"export-admin-transactions">
    >();
  });

  it("refuses a handler whose body, status or kind of answer drifts", () => {
    const drifted = () => [
      // @ts-expect-error the buyer must come back as a User, not as its id
      httpHandler("buy-investment", {}, async () => ({ statusCode: 201, body: { investment, user: "01J" } })),
      // @ts-expect-error a purchase answers 201: leaving the status out would answer 200
      httpHandler("buy-investment", {}, async () => ({ body: { investment, user } })),
      // @ts-expect-error the deposit's answer carries checkoutRequestId, amount and the pending transaction too
      httpHandler("start-deposit", {}, async () => ({ statusCode: 202, body: { message: "sent" } })),
      // @ts-expect-error the CSV export answers text, not JSON
      httpHandler("export-admin-transactions", {}, async () => ({ body: { rows: [] } })),
    ];
    expectTypeOf(drifted).toBeFunction();
  });

  it("keeps an idempotent answer under the route's own status and body", () => {
    httpHandler("request-withdrawal", {}, async ({ idempotency }) => {
      // @ts-expect-error a withdrawal request answers 201, so its kept answer is a 201 too
      idempotency?.answer(200, () => ({ withdrawal: {} as never, user }));
      throw new Error("declared only");
    });
  });
});
