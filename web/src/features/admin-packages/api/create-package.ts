import type { PackageInput } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";
import { keyedAction } from "../../../lib/keyed-action";

/** Asks for a new package; it waits for a second admin's approval (design.md §13.1), so the answer is a message. */
export const createPackage = keyedAction(async (idempotencyKey, input: PackageInput): Promise<{ message: string }> => {
  const { message } = await apiCall("create-package", { body: input, idempotencyKey });
  return { message };
});
