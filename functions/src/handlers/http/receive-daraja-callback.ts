import * as z from "zod/mini";
import { httpHandler } from "../../http/middleware.js";
import { callbackIngest } from "../../modules/money-in/index.js";

const CallbackPathSchema = z.object({ kind: z.string(), token: z.string() });
const AnyJsonObject = z.record(z.string(), z.unknown());

export const handler = httpHandler(
  "receive-daraja-callback",
  { path: CallbackPathSchema, body: AnyJsonObject },
  async ({ path, body, sourceIp }) => {
    // Daraja documents no required answer but for a C2B confirmation's; the others get the conventional one.
    return { body: await callbackIngest().receive({ kind: path.kind, token: path.token, body, sourceIp }) };
  },
);
