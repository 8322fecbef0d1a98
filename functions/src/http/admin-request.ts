/**
 * What an admin's route hands its service (design.md §11, §12.1): who acts, from where, under which request, and on a
 * keyed request the answer to keep with the move, built from the route's own presenters.
 */
import type { JsonAnswer } from "@jengafund/shared";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import type { UserRecord } from "../kernel/records.js";
import type { IdempotencyScope } from "./middleware.js";

interface AdminHttpRequest<Kept extends JsonAnswer<unknown, number>> {
  caller: UserRecord;
  sourceIp: string;
  event: APIGatewayProxyEventV2;
  idempotency?: IdempotencyScope<Kept>;
}

/** Who asks and the request's id: what every admin request gives its service. */
function asked({ caller, sourceIp, event }: Pick<AdminHttpRequest<never>, "caller" | "sourceIp" | "event">) {
  return { actor: { user: caller, ip: sourceIp }, requestId: event.requestContext.requestId };
}

/** An admin's request with one answer, 200 and the presented result. */
export function adminRequest<R, Body>(
  request: AdminHttpRequest<NoInfer<JsonAnswer<Body>>>,
  present: (result: R) => Body,
) {
  const { idempotency } = request;
  return { ...asked(request), ...(idempotency ? { keep: idempotency.answer(200, present) } : {}) };
}

/**
 * An admin's request under four eyes: 200 once done, 202 while it waits for a second admin. `input` is what the
 * service takes beside its own fields; `answer` turns its result into the route's answer, the same one kept.
 */
export function doneOrPending<
  Done extends { outcome: string },
  Pending extends { outcome: "pending" },
  DoneBody,
  PendingBody,
>(
  request: AdminHttpRequest<NoInfer<JsonAnswer<DoneBody, 200> | JsonAnswer<PendingBody, 202>>>,
  present: { done: (result: Done) => DoneBody; pending: (result: Pending) => PendingBody },
) {
  const { idempotency } = request;
  const isPending = (result: Done | Pending): result is Pending => result.outcome === "pending";
  return {
    input: {
      ...asked(request),
      ...(idempotency
        ? {
            keep: (result: Done | Pending) =>
              isPending(result)
                ? idempotency.answer(202, present.pending)(result)
                : idempotency.answer(200, present.done)(result),
          }
        : {}),
    },
    answer: (result: Done | Pending) =>
      isPending(result) ? { statusCode: 202 as const, body: present.pending(result) } : { body: present.done(result) },
  };
}
