/** Every error body of the API is `{ message }` with a clear, human message (design.md §6). */
export interface ErrorBody {
  message: string;
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === "object" && value !== null && typeof (value as { message?: unknown }).message === "string";
}
