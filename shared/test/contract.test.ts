import { describe, expectTypeOf, it } from "vitest";
import type {
  Investment,
  JsonAnswer,
  PathParams,
  RouteHandlerName,
  RouteRequests,
  RouteResponse,
  RouteResponses,
  TextAnswer,
  Transaction,
  User,
} from "../src/index.js";

// These are checked by `tsc` (shared/test is in the root tsconfig): a failing expectation is a compile error.
describe("the route contract (shared/src/api/contract.ts)", () => {
  it("names an answer for every route of the route list, and no route that is not in it", () => {
    expectTypeOf<Exclude<RouteHandlerName, keyof RouteResponses>>().toBeNever();
    expectTypeOf<Exclude<keyof RouteResponses | keyof RouteRequests, RouteHandlerName>>().toBeNever();
  });

  it("says the status of a route that does not answer 200", () => {
    expectTypeOf<RouteResponses["buy-investment"]["status"]>().toEqualTypeOf<201>();
    expectTypeOf<RouteResponses["start-deposit"]["status"]>().toEqualTypeOf<202>();
    expectTypeOf<RouteResponses["export-admin-transactions"]>().toEqualTypeOf<TextAnswer>();
  });

  it("refuses a body that drifts from the route's answer", () => {
    type Bought = RouteResponse<"buy-investment">;
    expectTypeOf<JsonAnswer<{ investment: { _id: string }; user: User }, 201>>().not.toExtend<Bought>();
    expectTypeOf<JsonAnswer<Bought["body"], 200>>().not.toExtend<Bought>();

    const started: RouteResponse<"start-deposit">["body"] = {
      message: "STK push sent",
      checkoutRequestId: "ws_CO_1",
      amount: 500,
      transaction: {} as Transaction,
    };
    // @ts-expect-error the deposit answer has no newBalance: the server never sends one
    expectTypeOf(started.newBalance).toBeNumber();
    const bought: RouteResponse<"buy-investment">["body"] = {
      investment: {} as Investment,
      // @ts-expect-error the buyer comes back as the whole User, not as its id
      user: "01JTESTUSER000000000000001",
    };
    expectTypeOf(bought.user).toEqualTypeOf<User>();
  });

  it("reads path parameters from the route's path", () => {
    expectTypeOf<PathParams<"/investments/claim/{id}">>().toEqualTypeOf<{ id: string }>();
    expectTypeOf<PathParams<"/hooks/daraja/{kind}/{token}">>().toEqualTypeOf<{ kind: string; token: string }>();
  });
});
