import * as z from "zod/mini";
import { httpHandler } from "../../http/middleware.js";
import { paybillValidation } from "../../modules/money-in/index.js";

const ValidationPathSchema = z.object({ token: z.string() });
// Daraja's payload is read leniently by the service: an unreadable amount or account number is a rejection to answer.
const AnyJsonObject = z.record(z.string(), z.unknown());

/** POST /hooks/daraja/c2b-validation/{token}: Daraja asks whether to take a Paybill payment (design.md §12.3). */
export const handler = httpHandler(
  "validate-paybill-payment",
  { path: ValidationPathSchema, body: AnyJsonObject },
  async ({ path, body, sourceIp }) => ({
    body: await paybillValidation().validate({ token: path.token, body, sourceIp }),
  }),
);
